#include "ref_internal.h"

#include <gsl/gsl_roots.h>

int ref_brent(double (*fn)(double, void *), void *ctx, double lo, double hi, double epsabs, double epsrel, double *x,
              const char *what)
{
  double flo = fn(lo, ctx), fhi = fn(hi, ctx);
  if (flo == 0.0) {
    *x = lo;
    return CAP_SUCCESS;
  }
  if (fhi == 0.0) {
    *x = hi;
    return CAP_SUCCESS;
  }
  if ((flo > 0) == (fhi > 0)) return CAP_ERROR(CAP_ENUMERIC, "%s: root not bracketed in [%g, %g]", what, lo, hi);
  gsl_function F = {fn, ctx};
  gsl_root_fsolver *sv = gsl_root_fsolver_alloc(gsl_root_fsolver_brent);
  if (!sv) return CAP_ERROR(CAP_ENOMEM, "%s: cannot allocate the root solver", what);
  int gs = gsl_root_fsolver_set(sv, &F, lo, hi), it = 0;
  while (!gs) {
    gs = gsl_root_fsolver_iterate(sv);
    if (gs) break;
    if (gsl_root_test_interval(gsl_root_fsolver_x_lower(sv), gsl_root_fsolver_x_upper(sv), epsabs, epsrel) ==
        GSL_SUCCESS)
      break;
    if (++it >= REF_BRENT_MAXIT) {
      gs = GSL_EMAXITER;
      break;
    }
  }
  *x = gsl_root_fsolver_root(sv);
  gsl_root_fsolver_free(sv);
  if (gs == GSL_EMAXITER)
    return CAP_ERROR(CAP_EMAXITER, "%s: Brent did not converge in %d iterations", what, REF_BRENT_MAXIT);
  if (gs) return CAP_ERROR(CAP_ENUMERIC, "%s: Brent root finder failed: %s", what, gsl_strerror(gs));
  return CAP_SUCCESS;
}
