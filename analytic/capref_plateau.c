#include "capref_plateau.h"

#include <float.h>
#include <gsl/gsl_math.h>
#include <gsl/gsl_min.h>
#include <gsl/gsl_roots.h>
#include <gsl/gsl_sf_bessel.h>

#include "ref_internal.h"

/* ---- input checks ------------------------------------------------------------------------------ */

static int check_x(const char *name, double x)
{
  if (isfinite(x) && x > 0 && x <= CAPREF_PLATEAU_X_MAX) return CAP_SUCCESS;
  return CAP_ERROR(CAP_EDOM, "%s = %.9g is out of range: allowed 0 < %s <= %g", name, x, name, CAPREF_PLATEAU_X_MAX);
}

static int check_fluid(const capref_fluid *f, double radius)
{
  int s = ref_check_fluid(f);
  if (!s) s = cap_check_positive("sigma", f->sigma, "N/m");
  if (!s) s = cap_check_positive("rho", f->rho, "kg/m^3");
  if (!s) s = cap_check_positive("radius", radius, "m");
  return s;
}

/* sigma / (rho R^3) in 1/s^2: the square of the inverse capillary time. */
static int rate_scale2(const capref_fluid *f, double radius, double *sc2)
{
  double sigma = f->sigma, rho = f->rho;
  *sc2 = sigma / rho / radius / radius / radius;
  if (isfinite(*sc2) && *sc2 > 0) return CAP_SUCCESS;
  return CAP_ERROR(CAP_ENONFINITE,
                   "sigma/(rho radius^3) = %g 1/s^2 (sigma = %g N/m, rho = %g kg/m^3, radius = %g m) is "
                   "not representable as a positive finite double",
                   *sc2, sigma, rho, radius);
}

/* Oh = nu sqrt(rho / (sigma R)) from SI inputs (nu >= 0). */
static int ohnesorge(const capref_fluid *f, double radius, double *oh)
{
  double sigma = f->sigma, rho = f->rho, nu = f->nu;
  int s = cap_check_nonneg("nu", nu, "m^2/s");
  if (s) return s;
  *oh = nu * sqrt(rho / sigma / radius);
  if (isfinite(*oh)) return CAP_SUCCESS;
  return CAP_ERROR(CAP_ENONFINITE, "Oh = nu sqrt(rho/(sigma radius)) = %g is not finite (nu = %g m^2/s)", *oh, nu);
}

/* Scales a dimensionless result by `f` (> 0) and checks it stays finite. */
static int scale_result(const char *what, capref_result *r, double f)
{
  r->val *= f;
  r->err = r->err * f + fabs(r->val) * CAPREF_CLOSED_FORM_RELERR;
  if (isfinite(r->val) && isfinite(r->err)) return CAP_SUCCESS;
  return CAP_ERROR(CAP_ENONFINITE, "%s overflows in SI units (scale factor %g)", what, f);
}

/* ---- Rayleigh's inviscid relation -------------------------------------------------------------- */

/* r = I1(x)/I0(x) with its absolute error, from GSL's exponentially scaled Bessel functions (the
 * scale factors cancel, so there is no overflow for large x). For x < 1e-3 the Taylor series
 * r = x/2 - x^3/16 + x^5/96 - 11 x^7/6144 + ..., truncated after x^5 (relative truncation error
 * < 4e-21), since GSL's scaled I1 and its error estimate are not accurate enough for small x
 * (docs/design/analytic-plateau.md). Caller has switched the GSL error handler off. */
static int bessel_ratio(double x, double *r, double *rerr)
{
  if (x < 1e-3) {
    double x2 = x * x;
    *r = 0.5 * x * (1.0 - x2 / 8.0 * (1.0 - x2 / 6.0));
    *rerr = 2.0 * DBL_EPSILON * fabs(*r);
    return CAP_SUCCESS;
  }
  gsl_sf_result i1, i0;
  int st1 = gsl_sf_bessel_I1_scaled_e(x, &i1);
  int st0 = gsl_sf_bessel_I0_scaled_e(x, &i0);
  if (st1 != GSL_SUCCESS || st0 != GSL_SUCCESS || !(i0.val > 0) || !(i1.val > 0))
    return CAP_ERROR(CAP_ENUMERIC, "GSL Bessel I0/I1 failed at x = %.17g (%s / %s)", x, gsl_strerror(st0),
                     gsl_strerror(st1));
  *r = i1.val / i0.val;
  *rerr = *r * (i1.err / i1.val + i0.err / i0.val + DBL_EPSILON);
  return CAP_SUCCESS;
}

/* S^2 = x (1 - x^2) I1/I0 (x already checked). (1 - x^2) is formed as (1 - x)(1 + x): exact near
 * x = 1, so S^2 vanishes exactly at x = 1. */
static int rayleigh_s2(double x, capref_result *s2)
{
  double r, rerr;
  int s = bessel_ratio(x, &r, &rerr);
  if (s) return s;
  double f = x * (1.0 - x) * (1.0 + x);
  s2->val = f * r;
  s2->err = fabs(f) * rerr + fabs(s2->val) * CAPREF_CLOSED_FORM_RELERR;
  return CAP_SUCCESS;
}

/* The least stable root of s^2 = s2: re + i im. Errors: |sqrt(a) - sqrt(b)| <= sqrt(|a - b|), and the
 * branch not taken is given an error if s2 could have the other sign within its error. */
static void split_s2(capref_result s2, capref_result *re, capref_result *im)
{
  double a = sqrt(fabs(s2.val));
  double e = a > 0 ? fmin(s2.err / (2.0 * a), sqrt(s2.err)) : sqrt(s2.err);
  e += a * CAPREF_CLOSED_FORM_RELERR;
  double other = fabs(s2.val) < s2.err ? sqrt(s2.err - fabs(s2.val)) : 0.0;
  capref_result on = {a, e}, off = {0.0, other};
  if (s2.val >= 0) {
    ref_put(re, on);
    ref_put(im, off);
  } else {
    ref_put(re, off);
    ref_put(im, on);
  }
}

int capref_plateau_rayleigh(double x, capref_result *s2, capref_result *re, capref_result *im)
{
  int s = check_x("x", x);
  if (s) return s;
  gsl_error_handler_t *old = ref_gsl_quiet();
  capref_result q;
  s = rayleigh_s2(x, &q);
  ref_gsl_restore(old);
  if (s) return s;
  ref_put(s2, q);
  split_s2(q, re, im);
  return CAP_SUCCESS;
}

int capref_plateau_rayleigh_si(const capref_fluid *f, double radius, double k, capref_result *s2, capref_result *re,
                               capref_result *im)
{
  double sc2;
  int s = check_fluid(f, radius);
  if (!s) s = cap_check_positive("k", k, "1/m");
  if (!s) s = check_x("k*radius", k * radius);
  if (!s) s = rate_scale2(f, radius, &sc2);
  if (s) return s;
  capref_result q, a, b;
  s = capref_plateau_rayleigh(k * radius, &q, &a, &b);
  if (!s) s = scale_result("s^2", &q, sc2);
  if (!s) s = scale_result("Re s", &a, sqrt(sc2));
  if (!s) s = scale_result("Im s", &b, sqrt(sc2));
  if (s) return s;
  ref_put(s2, q);
  ref_put(re, a);
  ref_put(im, b);
  return CAP_SUCCESS;
}

/* ---- fastest inviscid mode --------------------------------------------------------------------- */

/* -S^2(x), minimised by GSL (errors are impossible inside the bracket [0.2, 0.95]; NaN if not). */
static double neg_s2(double x, void *params)
{
  (void)params;
  capref_result q;
  if (rayleigh_s2(x, &q)) return GSL_NAN;
  return -q.val;
}

/* dS^2/dx = (1 - 3x^2) r + x (1 - x^2) r', with r = I1/I0 and r' = 1 - r/x - r^2 (from
 * I1' = I0 - I1/x and I0' = I1). */
static double ds2_dx(double x, void *params)
{
  (void)params;
  double r, rerr;
  if (bessel_ratio(x, &r, &rerr)) return GSL_NAN;
  return (1.0 - 3.0 * x * x) * r + (1.0 - x) * (1.0 + x) * (x - r - x * r * r);
}

enum { MAX_ITER = 200 };

/* Brent minimisation of -S^2 on [0.2, 0.95] to |interval| < tol. */
static int minimise(double tol, double *xmin)
{
  gsl_min_fminimizer *m = gsl_min_fminimizer_alloc(gsl_min_fminimizer_brent);
  if (!m) return CAP_ERROR(CAP_ENOMEM, "cannot allocate the GSL minimiser");
  gsl_function F = {neg_s2, NULL};
  int st = gsl_min_fminimizer_set(m, &F, 0.7, 0.2, 0.95);
  int it = 0, conv = GSL_CONTINUE;
  while (st == GSL_SUCCESS && conv == GSL_CONTINUE && it++ < MAX_ITER) {
    st = gsl_min_fminimizer_iterate(m);
    if (st == GSL_SUCCESS)
      conv = gsl_min_test_interval(gsl_min_fminimizer_x_lower(m), gsl_min_fminimizer_x_upper(m), tol, 0.0);
  }
  *xmin = gsl_min_fminimizer_x_minimum(m);
  gsl_min_fminimizer_free(m);
  if (st != GSL_SUCCESS) return CAP_ERROR(CAP_ENUMERIC, "GSL Brent minimiser of -S^2(x) failed: %s", gsl_strerror(st));
  if (conv != GSL_SUCCESS)
    return CAP_ERROR(CAP_EMAXITER, "GSL Brent minimiser of -S^2(x) did not reach tolerance %g in %d steps", tol,
                     MAX_ITER);
  return CAP_SUCCESS;
}

/* Brent root of dS^2/dx in [lo, hi]: *x_coarse at |interval| < 1e-12, *x_fine at < 1e-14 (the same
 * run, continued). */
static int polish(double lo, double hi, double *x_coarse, double *x_fine)
{
  if (!(ds2_dx(lo, NULL) > 0 && ds2_dx(hi, NULL) < 0))
    return CAP_ERROR(CAP_ENUMERIC, "dS^2/dx does not change sign on [%g, %g] around the minimiser's result", lo, hi);
  gsl_root_fsolver *r = gsl_root_fsolver_alloc(gsl_root_fsolver_brent);
  if (!r) return CAP_ERROR(CAP_ENOMEM, "cannot allocate the GSL root finder");
  gsl_function F = {ds2_dx, NULL};
  int st = gsl_root_fsolver_set(r, &F, lo, hi);
  const double tols[2] = {1e-12, 1e-14};
  double *outs[2] = {x_coarse, x_fine};
  int it = 0;
  for (int t = 0; t < 2 && st == GSL_SUCCESS; t++) {
    int conv = gsl_root_test_interval(gsl_root_fsolver_x_lower(r), gsl_root_fsolver_x_upper(r), tols[t], 0);
    while (st == GSL_SUCCESS && conv == GSL_CONTINUE && it++ < MAX_ITER) {
      st = gsl_root_fsolver_iterate(r);
      if (st == GSL_SUCCESS)
        conv = gsl_root_test_interval(gsl_root_fsolver_x_lower(r), gsl_root_fsolver_x_upper(r), tols[t], 0);
    }
    if (st == GSL_SUCCESS && conv != GSL_SUCCESS) {
      gsl_root_fsolver_free(r);
      return CAP_ERROR(CAP_EMAXITER, "GSL Brent root of dS^2/dx did not reach tolerance %g in %d steps", tols[t],
                       MAX_ITER);
    }
    *outs[t] = gsl_root_fsolver_root(r);
  }
  gsl_root_fsolver_free(r);
  if (st != GSL_SUCCESS) return CAP_ERROR(CAP_ENUMERIC, "GSL Brent root of dS^2/dx failed: %s", gsl_strerror(st));
  return CAP_SUCCESS;
}

int capref_plateau_rayleigh_fastest(capref_result *x_max, capref_result *s_max)
{
  const double tol_min = 1e-6; /* minimiser: about sqrt(DBL_EPSILON) is the best it can resolve */
  double xm = 0, xc = 0, xf = 0;
  gsl_error_handler_t *old = ref_gsl_quiet();
  int s = minimise(tol_min, &xm);
  if (!s) s = polish(xm - 1e-3, xm + 1e-3, &xc, &xf);
  capref_result q = {0, 0};
  if (!s) s = rayleigh_s2(xf, &q);
  ref_gsl_restore(old);
  if (s) return s;
  if (fabs(xf - xm) > 10.0 * tol_min)
    return CAP_ERROR(CAP_ENUMERIC,
                     "fastest mode: minimiser (x = %.12g) and root of dS^2/dx (x = %.12g) "
                     "disagree by more than %g",
                     xm, xf, 10.0 * tol_min);
  double dx = fabs(xf - xc) + 1e-14 + 4.0 * DBL_EPSILON * xf;
  /* S^2 is stationary at x_max: an error dx in x changes S^2 by at most |S^2''| dx^2 / 2, |S^2''| < 2. */
  q.err += dx * dx;
  capref_result x = {xf, dx};
  capref_result sm;
  split_s2(q, &sm, NULL);
  ref_put(x_max, x);
  ref_put(s_max, sm);
  return CAP_SUCCESS;
}

/* A fastest mode (x = kR, dimensionless rate) in SI: k = x / R, s = rate sqrt(sc2). */
static int fastest_si(capref_result x, capref_result sm, double radius, double sc2, capref_result *k_max,
                      capref_result *s_max)
{
  int s = scale_result("k_max", &x, 1.0 / radius);
  if (!s) s = scale_result("s_max", &sm, sqrt(sc2));
  if (s) return s;
  ref_put(k_max, x);
  ref_put(s_max, sm);
  return CAP_SUCCESS;
}

int capref_plateau_rayleigh_fastest_si(const capref_fluid *f, double radius, capref_result *k_max, capref_result *s_max)
{
  double sc2;
  int s = check_fluid(f, radius);
  if (!s) s = rate_scale2(f, radius, &sc2);
  if (s) return s;
  capref_result x, sm;
  s = capref_plateau_rayleigh_fastest(&x, &sm);
  return s ? s : fastest_si(x, sm, radius, sc2, k_max, s_max);
}

/* ---- Weber's long-wave viscous relation -------------------------------------------------------- */

/* Least stable root of S^2 + b S - c = 0, b = 3 Oh x^2 >= 0, c = x^2 (1 - x^2) / 2. */
static int weber_root(double x, double oh, capref_result *re, capref_result *im)
{
  const double rel = CAPREF_CLOSED_FORM_RELERR;
  double b = 3.0 * oh * x * x;
  double c = 0.5 * x * x * (1.0 - x) * (1.0 + x);
  if (!isfinite(b)) return CAP_ERROR(CAP_ENONFINITE, "Weber relation: 3 Oh x^2 overflows (Oh = %g, x = %g)", oh, x);
  capref_result a = {0, 0}, w = {0, 0};
  if (c > 0) { /* one growing root, written without cancellation */
    a.val = 2.0 * c / (b + hypot(b, 2.0 * sqrt(c)));
    a.err = a.val * rel;
  } else if (c < 0) {
    double m = 2.0 * sqrt(-c);
    double disc = (b - m) * (b + m);                 /* b^2 + 4c */
    double dd = 4.0 * DBL_EPSILON * (b * b + m * m); /* its rounding error */
    if (disc >= 0) {                                 /* two decaying modes (overdamped) */
      double sq = sqrt(disc);
      a.val = 2.0 * c / (b + sq);
      a.err = (sq > 0 ? fmin(dd / (4.0 * sq), sqrt(dd) / 2.0) : sqrt(dd) / 2.0) + fabs(a.val) * rel;
      w.err = disc < dd ? sqrt(dd - disc) / 2.0 : 0.0;
    } else { /* damped capillary wave */
      double sq = sqrt(-disc);
      a.val = b > 0 ? -0.5 * b : 0.0; /* no -0 for Oh = 0 */
      w.val = 0.5 * sq;
      w.err = fmin(dd / (4.0 * sq), sqrt(dd) / 2.0) + w.val * rel;
      a.err = fabs(a.val) * rel + (-disc < dd ? sqrt(dd + disc) / 2.0 : 0.0);
    }
  } /* c == 0 (x = 1): S = 0 exactly */
  ref_put(re, a);
  ref_put(im, w);
  return CAP_SUCCESS;
}

int capref_plateau_weber(double x, double oh, capref_result *re, capref_result *im)
{
  int s = check_x("x", x);
  if (!s) s = cap_check_nonneg("Oh", oh, "");
  if (s) return s;
  return weber_root(x, oh, re, im);
}

int capref_plateau_weber_si(const capref_fluid *f, double radius, double k, capref_result *re, capref_result *im)
{
  double sc2, oh;
  int s = check_fluid(f, radius);
  if (!s) s = cap_check_positive("k", k, "1/m");
  if (!s) s = check_x("k*radius", k * radius);
  if (!s) s = ohnesorge(f, radius, &oh);
  if (!s) s = rate_scale2(f, radius, &sc2);
  if (s) return s;
  capref_result a, b;
  s = weber_root(k * radius, oh, &a, &b);
  if (!s) s = scale_result("Re s", &a, sqrt(sc2));
  if (!s) s = scale_result("Im s", &b, sqrt(sc2));
  if (s) return s;
  ref_put(re, a);
  ref_put(im, b);
  return CAP_SUCCESS;
}

int capref_plateau_weber_fastest(double oh, capref_result *x_max, capref_result *s_max)
{
  int s = cap_check_nonneg("Oh", oh, "");
  if (s) return s;
  ref_put(x_max, ref_closed(1.0 / sqrt(2.0 + sqrt(18.0) * oh)));
  ref_put(s_max, ref_closed(1.0 / (2.0 * M_SQRT2 + 6.0 * oh)));
  return CAP_SUCCESS;
}

int capref_plateau_weber_fastest_si(const capref_fluid *f, double radius, capref_result *k_max, capref_result *s_max)
{
  double sc2, oh;
  int s = check_fluid(f, radius);
  if (!s) s = ohnesorge(f, radius, &oh);
  if (!s) s = rate_scale2(f, radius, &sc2);
  if (s) return s;
  capref_result x, sm;
  s = capref_plateau_weber_fastest(oh, &x, &sm);
  return s ? s : fastest_si(x, sm, radius, sc2, k_max, s_max);
}

/* ---- breakup time ------------------------------------------------------------------------------ */

int capref_plateau_breakup_time(double radius, double eps, capref_result rate, capref_result *tb)
{
  int s = cap_check_positive("radius", radius, "m");
  if (!s) s = cap_check_open("eps", eps, 0.0, radius, "m");
  if (!s) s = cap_check_positive("rate", rate.val, "1/s");
  if (!s) s = cap_check_nonneg("rate error", rate.err, "1/s");
  if (s) return s;
  double t = log(radius / eps) / rate.val;
  capref_result r = {t, t * (rate.err / rate.val + CAPREF_CLOSED_FORM_RELERR)};
  if (!isfinite(r.val) || !isfinite(r.err))
    return CAP_ERROR(CAP_ENONFINITE, "breakup time ln(radius/eps)/rate = %g s is not finite (rate = %g 1/s)", r.val,
                     rate.val);
  ref_put(tb, r);
  return CAP_SUCCESS;
}

int capref_plateau_breakup_time_si(const capref_fluid *f, double radius, double eps, capref_result *tb)
{
  int s = check_fluid(f, radius);
  if (!s) s = cap_check_nonneg("nu", f->nu, "m^2/s");
  if (!s) s = cap_check_open("eps", eps, 0.0, radius, "m");
  if (s) return s;
  capref_result sm;
  if (f->nu == 0)
    s = capref_plateau_rayleigh_fastest_si(f, radius, NULL, &sm);
  else
    s = capref_plateau_weber_fastest_si(f, radius, NULL, &sm);
  if (s) return s;
  return capref_plateau_breakup_time(radius, eps, sm, tb);
}
