#include "cap_par.h"

#include <stdlib.h>

#include "cap_errno.h"

#ifdef _OPENMP
#include <omp.h>
#endif

int cap_par_check_threads(int n)
{
#ifdef _OPENMP
  if (n < 1 || n > CAP_PAR_MAX_THREADS)
    return CAP_ERROR(CAP_EDOM, "threads = %d is out of range: allowed 1 <= n <= %d", n, CAP_PAR_MAX_THREADS);
#else
  if (n != 1) return CAP_ERROR(CAP_EDOM, "threads = %d is out of range: this build has no OpenMP, allowed n = 1", n);
#endif
  return CAP_SUCCESS;
}

int cap_par_set_threads(int n)
{
  int st = cap_par_check_threads(n);
#ifdef _OPENMP
  if (!st) omp_set_num_threads(n);
#endif
  return st;
}

int cap_par_threads(void)
{
#ifdef _OPENMP
  return omp_get_max_threads();
#else
  return 1;
#endif
}

int cap_par_cores(void)
{
#ifdef _OPENMP
  return omp_get_num_procs();
#else
  return 1;
#endif
}

long cap_par_min_work(void)
{
  static long work = 0;
  if (work == 0) {
    const char *e = getenv("CAP_PAR_MIN_WORK");
    char *end;
    long v = e ? strtol(e, &end, 10) : 0;
    work = e && *e && !*end && v >= 1 ? v : CAP_PAR_MIN_WORK;
  }
  return work;
}

int cap_par_blocks(size_t n)
{
  size_t nb = n / CAP_PAR_MIN_BLOCK;
  if (nb < 1) nb = 1;
  if (nb > CAP_PAR_MAX_BLOCKS) nb = CAP_PAR_MAX_BLOCKS;
  return (int)nb;
}

int cap_par_bands(long work, int rows)
{
  int nb = cap_par_go(work) ? 4 * cap_par_threads() : 1;
  if (nb > rows / 4) nb = rows >= 8 ? rows / 4 : 1;
  return nb;
}

void cap_par_block(size_t n, int nb, int k, size_t *lo, size_t *hi)
{
  *lo = n * (size_t)k / (size_t)nb;
  *hi = n * (size_t)(k + 1) / (size_t)nb;
}

double cap_par_dot(const double *a, const double *b, size_t n)
{
  double part[CAP_PAR_MAX_BLOCKS];
  const int nb = cap_par_blocks(n);
  CAP_PAR_FOR(nb > 1 ? (long)n : 0, for (int k = 0; k < nb; k++) {
    size_t lo, hi;
    cap_par_block(n, nb, k, &lo, &hi);
    double s = 0;
    for (size_t i = lo; i < hi; i++) s += a[i] * b[i];
    part[k] = s;
  });
  double s = 0;
  for (int k = 0; k < nb; k++) s += part[k];
  return s;
}

double cap_par_dot_rows(const double *a, const double *b, size_t first, ptrdiff_t stride, int nrows, int ncols)
{
  double part[CAP_PAR_MAX_BLOCKS];
  if (nrows < 1 || ncols < 1) return 0;
  int nb = cap_par_blocks((size_t)nrows * (size_t)ncols);
  if (nb > nrows) nb = nrows;
  CAP_PAR_FOR(nb > 1 ? (long)nrows * ncols : 0, for (int k = 0; k < nb; k++) {
    size_t lo, hi;
    cap_par_block((size_t)nrows, nb, k, &lo, &hi);
    double s = 0;
    for (size_t j = lo; j < hi; j++) {
      const size_t c0 = first + j * (size_t)stride;
      for (size_t i = 0; i < (size_t)ncols; i++) s += a[c0 + i] * b[c0 + i];
    }
    part[k] = s;
  });
  double s = 0;
  for (int k = 0; k < nb; k++) s += part[k];
  return s;
}
