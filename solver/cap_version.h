/* cap_version: which code made an output. The commit is generated into the build directory by the
 * Makefile (build/gen/cap_commit.h) and compiled into cap_version.c alone, so a new commit rebuilds
 * one file. */
#ifndef CAP_VERSION_H
#define CAP_VERSION_H

/* The commit the library was built from ("<hash>", "<hash>-dirty", or "unknown" outside git). */
const char *cap_version_commit(void);

#endif
