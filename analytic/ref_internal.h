/* Helpers shared by the analytic library's sources; not part of the public interface. */
#ifndef CAP_REF_INTERNAL_H
#define CAP_REF_INTERNAL_H

#include <gsl/gsl_errno.h>
#include <math.h>

#include "../solver/cap_errno.h"
#include "cap_result.h"

/* GSL's default error handler aborts the process; the library must never exit. Every entry point that
 * calls GSL brackets its work with these two calls, which switch GSL's handler off and restore the
 * caller's handler afterwards, and checks GSL status codes itself. */
static inline gsl_error_handler_t *ref_gsl_quiet(void) { return gsl_set_error_handler_off(); }
static inline void ref_gsl_restore(gsl_error_handler_t *old) { gsl_set_error_handler(old); }

/* A closed-form result: value and an error of a few ulps. */
static inline cap_result ref_closed(double v)
{
  cap_result r = {v, fabs(v) * CAP_CLOSED_FORM_RELERR};
  return r;
}

/* Stores r into *out if out is non-NULL. */
static inline void ref_put(cap_result *out, cap_result r)
{
  if (out) *out = r;
}

#endif
