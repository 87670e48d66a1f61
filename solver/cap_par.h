/* cap_par: the solver's threads, and reductions whose result does not depend on them.
 *
 * OWNS. The number of threads the solver's grid sweeps use (OpenMP; 1 when built without it) and the
 * sums over arrays that those sweeps need (dot products and norms).
 *
 * DETERMINISM. A sum over n entries is cut into cap_par_blocks(n) blocks of consecutive entries whose
 * bounds depend on n alone; each block is summed in index order, then the block sums are added in
 * block order. The partition into blocks, and so every rounding, is the same for any number of
 * threads and from run to run: a result is bitwise identical with 1 thread or many. Sweeps that write
 * each entry from its own stencil (no sum across entries) are identical by construction.
 *
 * ERRORS. None of these calls fails; the setters clamp nothing: cap_par_set_threads rejects n < 1.
 */
#ifndef CAP_PAR_H
#define CAP_PAR_H

#include <stddef.h>

/* An OpenMP pragma, e.g. CAP_PRAGMA(omp parallel for schedule(static)); empty without OpenMP. */
#ifdef _OPENMP
#define CAP_PRAGMA(x) _Pragma(#x)
#else
#define CAP_PRAGMA(x)
#endif
/* THE FORM USED: a whole for statement as the last argument of a CAP_PAR_FOR macro,
 *   CAP_PAR_FOR(work, for (int j = 0; j < ny; j++) { ... });
 * runs it with its iterations shared among the threads (static schedule) when cap_par_go(work), else
 * on the calling thread without entering OpenMP at all: libgomp gives even a region of one thread an
 * allocation and a futex wake, microseconds that a small grid's step pays hundreds of times
 * (docs/design/threads.md). The iterations must write disjoint entries from data the loop does not
 * write. _MIN and _MAX also keep the least (largest) value of `var` the iterations give (the least or
 * largest of a set does not depend on the order it is taken in); the SPREAD forms deal the rows out one
 * at a time in turn (static, chunk 1), for a sweep whose work per row varies (one that skips the samples
 * far from an interface lying in a few rows, or the air above a pool). */
#define CAP_PAR_FOR(work, ...)          CAP_PAR_IF(work, omp parallel for schedule(static), __VA_ARGS__)
#define CAP_PAR_FOR_MIN(work, var, ...) CAP_PAR_IF(work, omp parallel for schedule(static) reduction(min : var), __VA_ARGS__)
#define CAP_PAR_FOR_MAX(work, var, ...) CAP_PAR_IF(work, omp parallel for schedule(static) reduction(max : var), __VA_ARGS__)
#define CAP_PAR_SPREAD_FOR(work, ...) CAP_PAR_IF(work, omp parallel for schedule(static, 1), __VA_ARGS__)
#define CAP_PAR_SPREAD_FOR_MIN(work, var, ...)                                                                         \
  CAP_PAR_IF(work, omp parallel for schedule(static, 1) reduction(min : var), __VA_ARGS__)
#ifdef _OPENMP
#define CAP_PAR_IF(work, pragma, ...)                                                                                  \
  do {                                                                                                                 \
    if (cap_par_go(work)) {                                                                                            \
      CAP_PRAGMA(pragma)                                                                                               \
      __VA_ARGS__                                                                                                      \
    } else {                                                                                                           \
      __VA_ARGS__                                                                                                      \
    }                                                                                                                  \
  } while (0)
#else
#define CAP_PAR_IF(work, pragma, ...)                                                                                  \
  do {                                                                                                                 \
    (void)(work);                                                                                                      \
    __VA_ARGS__                                                                                                        \
  } while (0)
#endif

/* The least work worth threads: CAP_PAR_MIN_WORK (4096 entries), or the integer >= 1 in the
 * environment variable CAP_PAR_MIN_WORK when it holds one (the determinism test sets 1, so that every
 * sweep of a small grid runs threaded). Read once. */
#define CAP_PAR_MIN_WORK 4096
long cap_par_min_work(void);

/* Whether a sweep of `work` entries runs threaded: at least cap_par_min_work() entries and more than
 * one thread (cap_par_threads). */
static inline int cap_par_go(long work);

/* Largest number of blocks of a sum, and the smallest block (entries). */
#define CAP_PAR_MAX_BLOCKS 256
#define CAP_PAR_MIN_BLOCK  4096

/* Most threads a caller may ask for. */
#define CAP_PAR_MAX_THREADS 1024

/* Threads used by the solver's sweeps from now on: 1 <= n <= CAP_PAR_MAX_THREADS (CAP_EDOM otherwise). Without OpenMP only
 * n = 1 is accepted (CAP_EDOM names the build). */
int cap_par_set_threads(int n);
/* Whether cap_par_set_threads(n) would succeed: CAP_SUCCESS, else its CAP_EDOM (the error set, the same
 * message); the thread count is left alone. */
int cap_par_check_threads(int n);

/* The number the sweeps use: the last cap_par_set_threads, else OpenMP's default (OMP_NUM_THREADS,
 * else the cores); 1 without OpenMP. */
int cap_par_threads(void);

/* The cores the machine offers (omp_get_num_procs; 1 without OpenMP). */
int cap_par_cores(void);

/* Block k of a sum over n entries: entries [lo, hi). nb = cap_par_blocks(n) in 1..CAP_PAR_MAX_BLOCKS. */
int cap_par_blocks(size_t n);
void cap_par_block(size_t n, int nb, int k, size_t *lo, size_t *hi);

/* The bands of whole rows a scatter over `rows` rows is cut into, each band adding only into its own
 * rows (so the bits do not depend on the count): 4 per thread when cap_par_go(work), at most one per
 * 4 rows (1 below 8 rows); 1 on one thread. Band b's rows: cap_par_block(rows, nb, b, ...). */
int cap_par_bands(long work, int rows);

/* sum a[i] b[i] over i < n (DETERMINISM). */
double cap_par_dot(const double *a, const double *b, size_t n);

/* sum a[c] b[c] over the rows j < nrows of a grid, c = first + j stride + i for i < ncols: the blocks
 * are runs of whole rows (DETERMINISM). */
double cap_par_dot_rows(const double *a, const double *b, size_t first, ptrdiff_t stride, int nrows, int ncols);

static inline int cap_par_go(long work) { return work >= cap_par_min_work() && cap_par_threads() > 1; }

#endif
