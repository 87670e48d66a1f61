/* Checkpoint files: named records in memory (exp_blob), read back by a cursor (exp_cursor), and the
 * file that holds them, written atomically and checked whole before anything in it is used.
 *
 * FILE. "CAPCKPT1" (8 bytes), the payload's length (8 bytes), the payload, then the FNV-1a 64-bit
 * hash of the payload (8 bytes; Fowler, Noll & Vo, IETF draft-eastlake-fnv). Lengths and the hash
 * are little-endian. The payload is a sequence of records: the name's length (1 byte, 1 to
 * EXP_REC_NAME - 1), the name (printable ASCII), the data's length (8 bytes), the data. A record's
 * data may be a record sequence itself (a scene's image, scene.h).
 *
 * WHAT THE HARNESS STORES (exp_ckpt_decode): "commit" and "params" (the run it belongs to),
 * "elapsed" (wall seconds before the checkpoint), "levels" (resolutions finished) and one "run"
 * (exp_run) per finished one, "snaps" (the harness's list of snapshots to draw), "phase" (the level
 * running, or the number of levels for the sweep's finish), one "done" image per scene run the phase
 * finished and at most one "running" image, the scene run the checkpoint interrupted.
 *
 * MEMORY. exp_blob owns its buffer (exp_blob_free); a cursor reads a buffer it does not own. Errors
 * use cap_errno: CAP_ENOMEM, CAP_EIO, CAP_EFORMAT (a malformed or unexpected record; the message says
 * which and why).
 */
#ifndef EXP_CHECKPOINT_H
#define EXP_CHECKPOINT_H

#include <stddef.h>

#include "harness.h"

#define EXP_REC_NAME 64 /* room for a record's name with its terminating 0 */

/* A record sequence being written. Zero-initialise. */
typedef struct {
  unsigned char *data;
  size_t len, cap;
} exp_blob;

/* Appends the record (name, size bytes at data) to b. Errors: CAP_EINVAL (a name empty, too long or
 * not printable), CAP_ENOMEM (b keeps the records it had). */
int exp_blob_put(exp_blob *b, const char *name, const void *data, size_t size);
/* b becomes a copy of the n bytes at data (a record sequence read elsewhere). CAP_ENOMEM (b empty). */
int exp_blob_copy(exp_blob *b, const void *data, size_t n);
void exp_blob_free(exp_blob *b);

/* A record sequence being read: `at` is the offset of the next record in data[0 .. len-1]. */
typedef struct {
  const unsigned char *data;
  size_t len, at;
} exp_cursor;

/* The cursor over the whole of b. */
exp_cursor exp_cursor_of(const exp_blob *b);
/* 1 if every record has been read. */
int exp_cursor_end(const exp_cursor *c);
/* The next record: its name into name[EXP_REC_NAME], its data and size. CAP_EFORMAT if the sequence
 * ends or the record is malformed (the cursor does not move). */
int exp_cursor_next(exp_cursor *c, char *name, const unsigned char **data, size_t *size);
/* The next record, which must be called `name` (CAP_EFORMAT otherwise; the cursor does not move). */
int exp_cursor_take(exp_cursor *c, const char *name, const unsigned char **data, size_t *size);
/* exp_cursor_take of a record of exactly `size` bytes, copied to dst (dst untouched on error). */
int exp_cursor_copy(exp_cursor *c, const char *name, void *dst, size_t size);
/* 1 if the next record is called `name` (the cursor does not move). */
int exp_cursor_at(const exp_cursor *c, const char *name);

/* Writes the checkpoint file of payload b at path, atomically (cap_io_file: a crash leaves the
 * previous file). Errors: CAP_EIO (the message names the file), CAP_ENOMEM. */
int exp_ckpt_write(const char *path, const exp_blob *b);
/* Reads the whole file at path into *file (malloc'ed, *n bytes; free it). CAP_ENOSOL if there is no
 * such file; CAP_EIO (unreadable), CAP_ENOMEM. */
int exp_ckpt_read(const char *path, unsigned char **file, size_t *n);
/* Checks the n bytes of a checkpoint file (magic, length, hash) and sets *payload over its payload.
 * CAP_EFORMAT with the reason: not a checkpoint, truncated (or longer than written), a wrong hash. */
int exp_ckpt_open(const unsigned char *file, size_t n, exp_cursor *payload);

/* The harness's checkpoint (above), decoded from a payload; the images stay in the payload. */
typedef struct {
  char commit[EXP_REC_NAME];
  char params[1024];
  double elapsed;
  int levels;                   /* finished levels, 0 .. EXP_MAX_LEVELS */
  exp_run runs[EXP_MAX_LEVELS]; /* their results */
  const unsigned char *snaps;   /* the snapshot list's bytes (the harness checks them) */
  size_t snaps_size;
  int phase;          /* levels <= phase <= EXP_MAX_LEVELS */
  int ndone;          /* "done" images ... */
  exp_cursor done;    /* ... starting at done's first record */
  int has_running;    /* 1: a "running" image */
  exp_cursor running; /* its records */
} exp_ckpt_state;

/* Decodes a payload (exp_ckpt_open's) into *s: every record in the order above, each of its size,
 * strings terminated, counts in range, each image a well-formed record sequence, nothing after.
 * CAP_EFORMAT naming the first record that is not. */
int exp_ckpt_decode(exp_cursor payload, exp_ckpt_state *s);

/* ---- the harness's side, for the scene loop (scene.c); ctx NULL: checkpoints off ---- */

/* 1 if the run takes checkpoints (--checkpoint-every > 0): scene runs keep their images. */
int exp_ckpt_on(const exp_ctx *ctx);
/* 1 if a checkpoint is due: --checkpoint-every seconds since the last one. */
int exp_ckpt_due(const exp_ctx *ctx);
/* Counts the scene run that starts. Returns 0: nothing to restore, run it; 1: it finished before the
 * checkpoint resumed from, its image in *img (restore it instead of running); 2: the checkpoint
 * interrupted it, its image in *img (restore it and go on); -1: out of memory (the error set). */
int exp_ckpt_begin(exp_ctx *ctx, exp_cursor *img);
/* A scene run finished: its image joins those of the phase (taken over: *img is emptied). */
int exp_ckpt_finished(exp_ctx *ctx, exp_blob *img);
/* Writes the checkpoint (the file above) with the image of the scene run under way (NULL: none).
 * Errors: those of exp_blob_put and exp_ckpt_write. */
int exp_ckpt_save(exp_ctx *ctx, const exp_blob *running);
/* An image did not fit the scene run it was restored into: the run does not match its checkpoint. */
void exp_ckpt_mismatch(exp_ctx *ctx);
/* What each series open (exp_tsv) holds, as "series" records (its path, a 0, its bytes), in the
 * order they were opened. Errors: cap_io_tsv_contents', exp_blob_put's. */
int exp_series_save(exp_ctx *ctx, exp_blob *b);
/* Restores every open series from the records exp_series_save wrote; CAP_EFORMAT if they do not name
 * the series open, in order; cap_io_tsv_replace's errors. */
int exp_series_restore(exp_ctx *ctx, exp_cursor *c);

#endif
