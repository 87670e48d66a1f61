/* Shared by the benchmarks that time a case over a list of grid sizes (bench_step, bench_vsurf): the
 * wall clock, the heap in use, the command line "--sizes LIST --<count> N [--dim 2|3] --out FILE.tsv" and
 * the start of a run. */
#ifndef CAP_BENCH_H
#define CAP_BENCH_H

#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../solver/cap_errno.h"
#include "../solver/cap_io.h"
#include "../solver/cap_par.h"

/* Seconds on CLOCK_MONOTONIC. */
static inline double bench_now(void)
{
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* Bytes of heap in use (glibc: small blocks plus mmap'd ones); 0 without glibc. */
static inline double bench_heap_bytes(void)
{
#ifdef __GLIBC__
  struct mallinfo2 m = mallinfo2();
  return (double)m.uordblks + (double)m.hblkhd;
#else
  return 0;
#endif
}

/* A comma-separated list of 1 to 8 sizes, each 16 <= n <= 2048, into sizes; their number, or -1. */
static inline int bench_parse_sizes(const char *s, int *sizes)
{
  int n = 0;
  while (*s && n < 8) {
    char *end;
    long v = strtol(s, &end, 10);
    if (end == s || v < 16 || v > 2048) return -1;
    sizes[n++] = (int)v;
    s = end;
    if (*s == ',')
      s++;
    else if (*s)
      return -1;
  }
  return n;
}

/* Parses "--sizes LIST", "--<count_flag> N" (1..10000), "--threads N" (cap_par_set_threads; default
 * OMP_NUM_THREADS, else every core), "--dim 2|3" (only when dim is not NULL) and "--out FILE" into
 * *nsizes/sizes, *count, *dim and *out (left as they are when absent). Returns -1 to go on, or the exit
 * status: 0 after --help, 2 with a message naming the flag and its allowed range. */
static inline int bench_args(int argc, char **argv, const char *name, const char *count_flag, int *sizes, int *nsizes,
                             int *count, int *dim, const char **out)
{
  char flag[32];
  snprintf(flag, sizeof flag, "--%s", count_flag);
  for (int a = 1; a < argc; a++) {
    if (!strcmp(argv[a], "--help")) {
      printf("usage: %s [--sizes LIST (16..2048 each)] [%s N (1..10000)] [--threads N (1..%d)]%s [--out FILE.tsv]\n",
             name, flag, CAP_PAR_MAX_THREADS, dim ? " [--dim 2|3]" : "");
      return 0;
    } else if (dim && !strcmp(argv[a], "--dim") && a + 1 < argc) {
      const char *v = argv[++a];
      if (strcmp(v, "2") && strcmp(v, "3")) {
        fprintf(stderr, "%s: --dim: allowed 2 or 3\n", name);
        return 2;
      }
      *dim = v[0] - '0';
    } else if (!strcmp(argv[a], "--sizes") && a + 1 < argc) {
      if ((*nsizes = bench_parse_sizes(argv[++a], sizes)) < 1) {
        fprintf(stderr, "%s: --sizes: allowed a comma-separated list of 1 to 8 sizes, each 16 <= n <= 2048\n", name);
        return 2;
      }
    } else if (!strcmp(argv[a], flag) && a + 1 < argc) {
      char *end;
      long v = strtol(argv[++a], &end, 10);
      if (*end || v < 1 || v > 10000) {
        fprintf(stderr, "%s: %s: allowed 1 <= %s <= 10000\n", name, flag, count_flag);
        return 2;
      }
      *count = (int)v;
    } else if (!strcmp(argv[a], "--threads") && a + 1 < argc) {
      char *end;
      long v = strtol(argv[++a], &end, 10);
      if (*end || v < 1 || v > CAP_PAR_MAX_THREADS || cap_par_set_threads((int)v)) {
        fprintf(stderr, "%s: --threads: allowed 1 <= threads <= %d\n", name, CAP_PAR_MAX_THREADS);
        return 2;
      }
    } else if (!strcmp(argv[a], "--out") && a + 1 < argc) {
      *out = argv[++a];
    } else {
      fprintf(stderr, "%s: unknown argument '%s' (--help lists the flags)\n", name, argv[a]);
      return 2;
    }
  }
  return -1;
}

/* The start of a benchmark `name` of the case `what`: its command line (bench_args), errors reported on
 * stderr, and the table *tsv with that provenance and the column line `columns` (NULL without --out).
 * Returns -1 to go on, or the exit status: bench_args's, or 3 when the table could not be opened. */
static inline int bench_start(int argc, char **argv, const char *name, const char *what, const char *count_flag,
                              int *sizes, int *nsizes, int *count, int *dim, const char *columns, cap_tsv **tsv)
{
  const char *out = NULL;
  int done = bench_args(argc, argv, name, count_flag, sizes, nsizes, count, dim, &out);
  if (done >= 0) return done;
  cap_set_error_handler(cap_error_handler_stderr, NULL);
  cap_provenance prov = {name, what};
  *tsv = out ? cap_io_tsv_open(out, &prov, columns) : NULL;
  return out && !*tsv ? 3 : -1;
}

#endif
