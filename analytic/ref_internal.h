/* Helpers shared by the analytic library's sources; not part of the public interface. */
#ifndef REF_INTERNAL_H
#define REF_INTERNAL_H

#include <gsl/gsl_errno.h>
#include <math.h>

#include "../solver/cap_errno.h"
#include "capref_result.h"

/* GSL's default error handler aborts the process; the library must never exit. Every entry point that
 * calls GSL brackets its work with these two calls, which switch GSL's handler off and restore the
 * caller's handler afterwards, and checks GSL status codes itself. */
static inline gsl_error_handler_t *ref_gsl_quiet(void) { return gsl_set_error_handler_off(); }
static inline void ref_gsl_restore(gsl_error_handler_t *old) { gsl_set_error_handler(old); }

/* A closed-form result: value and an error of a few ulps. */
static inline capref_result ref_closed(double v)
{
  capref_result r = {v, fabs(v) * CAPREF_CLOSED_FORM_RELERR};
  return r;
}

/* CAP_SUCCESS if the fluid f is given, CAP_EINVAL (naming `fluid`) if it is NULL. */
static inline int ref_check_fluid(const capref_fluid *f)
{
  return f ? CAP_SUCCESS : CAP_ERROR(CAP_EINVAL, "fluid is NULL");
}

/* Stores r into *out if out is non-NULL. */
static inline void ref_put(capref_result *out, capref_result r)
{
  if (out) *out = r;
}

/* The root of fn on [lo, hi] by GSL's Brent solver, to |hi - lo| <= epsabs + epsrel |x| (fn(lo) and
 * fn(hi) of opposite signs, or one of them zero, which is returned). CAP_ENUMERIC if not bracketed or
 * GSL fails, CAP_EMAXITER after REF_BRENT_MAXIT iterations, CAP_ENOMEM; `what` names the solve in the
 * message. The caller brackets the call with ref_gsl_quiet / ref_gsl_restore. */
#define REF_BRENT_MAXIT 200
int ref_brent(double (*fn)(double, void *), void *ctx, double lo, double hi, double epsabs, double epsrel, double *x,
              const char *what);

#endif
