#include "capref_floating.h"

#include <float.h>
#include <gsl/gsl_min.h>
#include <gsl/gsl_roots.h>

#include "capref_groups.h"
#include "ref_internal.h"

#define FL_GRID       96 /* grid points bracketing the maximum and the stable root */
#define FL_MAX_ITER   200
#define FL_MIN_TOL    1e-6  /* working tolerance of the minimiser (absolute, rad) */
#define FL_ROOT_WORK  1e-10 /* working tolerance of the root finds (absolute, rad) */
#define FL_ROOT_TIGHT 1e-13 /* tight tolerance (absolute, rad) */

typedef struct {
  double bo, theta;
  double target; /* D for the equilibrium root */
} fl_par;

/* The three terms of pi D(phi); D = (t1 + t2 + t3) / pi. */
static void load_terms(double bo, double theta, double phi, double t[3])
{
  double a = phi + theta - M_PI;
  t[0] = (2.0 / bo) * sin(a);
  t[1] = (4.0 / sqrt(bo)) * sin(0.5 * a) * sin(phi);
  t[2] = phi - sin(phi) * cos(phi);
}

static double load(double bo, double theta, double phi)
{
  double t[3];
  load_terms(bo, theta, phi, t);
  return (t[0] + t[1] + t[2]) / M_PI;
}

/* dD/dphi, and the magnitude of its terms (for the error estimate). */
static double slope(double bo, double theta, double phi, double *mag)
{
  double a = phi + theta - M_PI, sb = sqrt(bo), sp = sin(phi);
  double t0 = (2.0 / bo) * cos(a);
  double t1 = (2.0 / sb) * cos(0.5 * a) * sp;
  double t2 = (4.0 / sb) * sin(0.5 * a) * cos(phi);
  double t3 = 2.0 * sp * sp;
  if (mag) *mag = (fabs(t0) + fabs(t1) + fabs(t2) + t3) / M_PI;
  return (t0 + t1 + t2 + t3) / M_PI;
}

static int check_bo_theta(double bo, double theta)
{
  int s = cap_check_positive("Bo", bo, "");
  if (!s) s = cap_check_open("theta", theta, 0.0, M_PI, "rad");
  return s;
}

static int gsl_fail(int gs, const char *what)
{
  if (gs == GSL_EMAXITER) return CAP_ERROR(CAP_EMAXITER, "%s: iteration limit reached (%s)", what, gsl_strerror(gs));
  return CAP_ERROR(CAP_ENUMERIC, "%s failed: %s", what, gsl_strerror(gs));
}

int capref_floating_load(double bo, double theta, double phi, capref_result *d)
{
  int s = check_bo_theta(bo, theta);
  if (!s) s = cap_check_closed("phi", phi, 0.0, M_PI, "rad");
  if (s) return s;
  double t[3];
  load_terms(bo, theta, phi, t);
  capref_result r = {(t[0] + t[1] + t[2]) / M_PI,
                     (fabs(t[0]) + fabs(t[1]) + fabs(t[2])) / M_PI * CAPREF_CLOSED_FORM_RELERR};
  ref_put(d, r);
  return CAP_SUCCESS;
}

int capref_floating_load_slope(double bo, double theta, double phi, capref_result *sl)
{
  int s = check_bo_theta(bo, theta);
  if (!s) s = cap_check_closed("phi", phi, 0.0, M_PI, "rad");
  if (s) return s;
  double mag;
  capref_result r = {slope(bo, theta, phi, &mag), 0.0};
  r.err = mag * CAPREF_CLOSED_FORM_RELERR;
  ref_put(sl, r);
  return CAP_SUCCESS;
}

/* ------------------------------------------------------------------------------------------------
 * Maximum */

static double neg_load(double phi, void *p)
{
  const fl_par *q = p;
  return -load(q->bo, q->theta, phi);
}

static double slope_fn(double phi, void *p)
{
  const fl_par *q = p;
  return slope(q->bo, q->theta, phi, NULL);
}

static double root_fn(double phi, void *p)
{
  const fl_par *q = p;
  return load(q->bo, q->theta, phi) - q->target;
}

/* Brent root of fn on [lo, hi] to absolute tolerance tol (fn(lo), fn(hi) of opposite signs or zero). */
static int brent_root(double (*fn)(double, void *), fl_par *q, double lo, double hi, double tol, double *x,
                      const char *what)
{
  return ref_brent(fn, q, lo, hi, tol, 0.0, x, what);
}

/* Finds a triple a < m < b with D(m) > D(a), D(b) by grid search and zooming. Returns 1 if the maximum
 * is the end point phi = pi instead (D non-decreasing there), 0 for an interior triple. */
static int bracket_max(const fl_par *q, double *a, double *m, double *b)
{
  double lo = 0.0, hi = M_PI;
  for (int level = 0; level < 60; level++) {
    int n = level ? 16 : FL_GRID, kbest = 0;
    double best = -INFINITY;
    for (int k = 0; k <= n; k++) {
      double x = k == n ? hi : lo + (hi - lo) * k / n, v = load(q->bo, q->theta, x);
      if (v > best) {
        best = v;
        kbest = k;
      }
    }
    double step = (hi - lo) / n;
    if (kbest > 0 && kbest < n) {
      *a = lo + step * (kbest - 1);
      *m = lo + step * kbest;
      *b = kbest + 1 == n ? hi : lo + step * (kbest + 1);
      if (load(q->bo, q->theta, *m) > load(q->bo, q->theta, *a) &&
          load(q->bo, q->theta, *m) > load(q->bo, q->theta, *b))
        return 0;
      lo = *a; /* a plateau at rounding level: zoom into it */
      hi = *b;
      continue;
    }
    if (kbest == n && hi == M_PI && slope(q->bo, q->theta, M_PI, NULL) >= 0) return 1;
    if (kbest == n)
      lo = hi - step;
    else
      hi = lo + step;
  }
  return 1; /* the maximum is within rounding of an end point; only phi = pi can be one (D(0) < 0) */
}

/* phi_max with the minimiser only (working tolerance) and polished (root of dD/dphi, tight). */
static int locate_max(const fl_par *qc, double *phi_work, double *phi_tight, int *at_end)
{
  fl_par q = *qc;
  double a = 0.0, m = 0.0, b = 0.0;
  *at_end = bracket_max(&q, &a, &m, &b);
  if (*at_end) {
    *phi_work = *phi_tight = M_PI;
    return CAP_SUCCESS;
  }
  gsl_function F = {neg_load, &q};
  gsl_min_fminimizer *mn = gsl_min_fminimizer_alloc(gsl_min_fminimizer_brent);
  if (!mn) return CAP_ERROR(CAP_ENOMEM, "floating cylinder: cannot allocate the minimiser");
  int gs = gsl_min_fminimizer_set(mn, &F, m, a, b), it = 0;
  while (!gs) {
    gs = gsl_min_fminimizer_iterate(mn);
    if (gs) break;
    a = gsl_min_fminimizer_x_lower(mn);
    b = gsl_min_fminimizer_x_upper(mn);
    if (gsl_min_test_interval(a, b, FL_MIN_TOL, 0.0) == GSL_SUCCESS) break;
    if (++it >= FL_MAX_ITER) {
      gs = GSL_EMAXITER;
      break;
    }
  }
  *phi_work = gsl_min_fminimizer_x_minimum(mn);
  gsl_min_fminimizer_free(mn);
  if (gs) return gsl_fail(gs, "maximum load of the floating cylinder (gsl_min_fminimizer_brent)");
  /* Polish: dD/dphi changes sign on the final interval (D(x) >= D(a), D(b) there); widen by the
   * tolerance in case the interval ends exactly at the root. */
  double lo = fmax(0.0, a - FL_MIN_TOL), hi = fmin(M_PI, b + FL_MIN_TOL);
  if (slope_fn(lo, &q) > 0 && slope_fn(hi, &q) < 0)
    return brent_root(slope_fn, &q, lo, hi, FL_ROOT_TIGHT, phi_tight, "maximum load: root of dD/dphi");
  *phi_tight = *phi_work;
  return CAP_SUCCESS;
}

static int max_impl(double bo, double theta, capref_result *dmax, capref_result *phi_max)
{
  fl_par q = {bo, theta, 0.0};
  double pw = M_PI, pt = M_PI;
  int at_end = 0, s = locate_max(&q, &pw, &pt, &at_end);
  if (s) return s;
  double t[3];
  load_terms(bo, theta, pt, t);
  double dt = (t[0] + t[1] + t[2]) / M_PI, dw = load(bo, theta, pw);
  double ulps = (fabs(t[0]) + fabs(t[1]) + fabs(t[2])) / M_PI * CAPREF_CLOSED_FORM_RELERR;
  dmax->val = dt;
  dmax->err = fabs(dt - dw) + ulps;
  phi_max->val = pt;
  phi_max->err = at_end ? M_PI * DBL_EPSILON : fabs(pt - pw) + FL_ROOT_TIGHT;
  return CAP_SUCCESS;
}

int capref_floating_max(double bo, double theta, capref_result *dmax, capref_result *phi_max)
{
  int s = check_bo_theta(bo, theta);
  if (s) return s;
  capref_result dm, pm;
  gsl_error_handler_t *old = ref_gsl_quiet();
  s = max_impl(bo, theta, &dm, &pm);
  ref_gsl_restore(old);
  if (s) return s;
  ref_put(dmax, dm);
  ref_put(phi_max, pm);
  return CAP_SUCCESS;
}

/* ------------------------------------------------------------------------------------------------
 * Equilibrium */

typedef struct {
  double phi, alpha, h, zc, depth, share, slope;
} eq_raw;

static double zc_of(double bo, double theta, double phi)
{
  return -2.0 * sin(0.5 * (phi + theta - M_PI)) / sqrt(bo) + cos(phi);
}

int capref_floating_centre_height(double bo, double theta, double phi, capref_result *zc)
{
  int s = check_bo_theta(bo, theta);
  if (!s) s = cap_check_closed("phi", phi, 0, M_PI, "rad");
  if (s) return s;
  capref_result r = {zc_of(bo, theta, phi), 0.0};
  r.err = (2.0 / sqrt(bo) + 1.0) * CAPREF_CLOSED_FORM_RELERR;
  ref_put(zc, r);
  return CAP_SUCCESS;
}

static eq_raw eq_at(double bo, double theta, double d, double phi)
{
  eq_raw e;
  e.phi = phi;
  e.alpha = phi + theta - M_PI;
  e.h = -2.0 * sin(0.5 * e.alpha) / sqrt(bo);
  e.zc = zc_of(bo, theta, phi);
  e.depth = 1.0 - e.zc;
  e.share = (2.0 / bo) * sin(e.alpha) / (M_PI * d);
  e.slope = slope(bo, theta, phi, NULL);
  return e;
}

static capref_result pair(double work, double tight, double deriv, double scale)
{
  capref_result r = {tight, fabs(work - tight) + fabs(deriv) * FL_ROOT_WORK + fabs(scale) * CAPREF_CLOSED_FORM_RELERR};
  return r;
}

static int equilibrium_impl(double bo, double theta, double d, capref_floating_eq *out)
{
  capref_result dm, pm;
  int s = max_impl(bo, theta, &dm, &pm);
  if (s) return s;
  if (d > dm.val)
    return CAP_ERROR(CAP_ENOSOL,
                     "D = %.9g exceeds the maximum density ratio D_max = %.9g (at phi = %.6g rad) for Bo = %.9g, "
                     "theta = %.9g rad: the cylinder sinks",
                     d, dm.val, pm.val, bo, theta);
  /* Stable branch: the first crossing of D from below on [0, phi_max] (D(0) < 0 < d <= D(phi_max)). */
  fl_par q = {bo, theta, d};
  double lo = 0.0, hi = pm.val;
  for (int k = 1; k <= FL_GRID; k++) {
    double x = k == FL_GRID ? pm.val : pm.val * k / FL_GRID;
    if (root_fn(x, &q) >= 0) {
      hi = x;
      break;
    }
    lo = x;
  }
  double pw = 0.0, pt = 0.0;
  s = brent_root(root_fn, &q, lo, hi, FL_ROOT_WORK, &pw, "floating equilibrium (gsl_root_fsolver_brent)");
  if (!s) s = brent_root(root_fn, &q, lo, hi, FL_ROOT_TIGHT, &pt, "floating equilibrium (gsl_root_fsolver_brent)");
  if (s) return s;
  eq_raw w = eq_at(bo, theta, d, pw), t = eq_at(bo, theta, d, pt);
  double sb = sqrt(bo), ca = cos(0.5 * t.alpha);
  double dh = -ca / sb;         /* dh/dphi (units of R) */
  double dzc = dh - sin(t.phi); /* dz_c/dphi */
  double dshare = (2.0 / bo) * cos(t.alpha) / (M_PI * d);
  double sa = sin(0.5 * t.alpha), sp = sin(t.phi), cp = cos(t.phi);
  double dslope = (-(2.0 / bo) * sin(t.alpha) + (4.0 * ca * cp - 5.0 * sa * sp) / sb + 4.0 * sp * cp) / M_PI;
  out->phi = pair(w.phi, t.phi, 1.0, t.phi);
  out->alpha = pair(w.alpha, t.alpha, 1.0, fabs(t.phi) + fabs(theta) + M_PI);
  out->h = pair(w.h, t.h, dh, t.h);
  out->zc = pair(w.zc, t.zc, dzc, fabs(t.h) + 1.0);
  out->depth = pair(w.depth, t.depth, dzc, fabs(t.zc) + 1.0);
  out->tension_share = pair(w.share, t.share, dshare, t.share);
  out->slope = pair(w.slope, t.slope, dslope, (2.0 / bo + 6.0 / sb + 2.0) / M_PI);
  return CAP_SUCCESS;
}

int capref_floating_equilibrium(double bo, double theta, double d, capref_floating_eq *eq)
{
  int s = check_bo_theta(bo, theta);
  if (!s) s = cap_check_positive("D", d, "");
  if (s) return s;
  capref_floating_eq out;
  gsl_error_handler_t *old = ref_gsl_quiet();
  s = equilibrium_impl(bo, theta, d, &out);
  ref_gsl_restore(old);
  if (s) return s;
  if (eq) *eq = out;
  return CAP_SUCCESS;
}

/* ------------------------------------------------------------------------------------------------
 * A cylinder held at a given height */

static double held_fn(double phi, void *p)
{
  const fl_par *q = p;
  return zc_of(q->bo, q->theta, phi) - q->target;
}

int capref_floating_held(double bo, double theta, double zc, capref_result *d, capref_floating_eq *eq)
{
  int s = check_bo_theta(bo, theta);
  if (!s) s = cap_check_finite("zc", zc, "R");
  if (s) return s;
  double top = zc_of(bo, theta, 0.0), bottom = zc_of(bo, theta, M_PI);
  if (!(zc <= top && zc >= bottom))
    return CAP_ERROR(CAP_ENOSOL,
                     "zc = %.9g R: a cylinder held there is not wetted by a meniscus that meets it at theta = %.9g rad "
                     "(Bo = %.9g: the contact points exist for %.9g <= zc <= %.9g)",
                     zc, theta, bo, bottom, top);
  fl_par q = {bo, theta, zc};
  double pw = 0.0, pt = 0.0;
  gsl_error_handler_t *old = ref_gsl_quiet();
  s = brent_root(held_fn, &q, 0.0, M_PI, FL_ROOT_WORK, &pw, "held cylinder (gsl_root_fsolver_brent)");
  if (!s) s = brent_root(held_fn, &q, 0.0, M_PI, FL_ROOT_TIGHT, &pt, "held cylinder (gsl_root_fsolver_brent)");
  ref_gsl_restore(old);
  if (s) return s;
  double lw = load(bo, theta, pw), lt = load(bo, theta, pt), mag;
  double dl = slope(bo, theta, pt, &mag);
  capref_result dr = {lt, fabs(lw - lt) + fabs(dl) * FL_ROOT_WORK + mag * CAPREF_CLOSED_FORM_RELERR};
  ref_put(d, dr);
  if (eq) {
    eq_raw w = eq_at(bo, theta, lw, pw), t = eq_at(bo, theta, lt, pt);
    double sb = sqrt(bo), dh = -cos(0.5 * t.alpha) / sb;
    eq->phi = pair(w.phi, t.phi, 1.0, t.phi);
    eq->alpha = pair(w.alpha, t.alpha, 1.0, fabs(t.phi) + fabs(theta) + M_PI);
    eq->h = pair(w.h, t.h, dh, t.h);
    eq->zc = (capref_result){zc, 0.0};
    eq->depth = (capref_result){1.0 - zc, 0.0};
    if (lt > 0)
      eq->tension_share = pair(w.share, t.share, 0.0, t.share);
    else
      eq->tension_share = (capref_result){0.0, 0.0};
    eq->slope = pair(w.slope, t.slope, 0.0, (2.0 / bo + 6.0 / sb + 2.0) / M_PI);
  }
  return CAP_SUCCESS;
}

static void scale_len(capref_result *r, double radius)
{
  r->val *= radius;
  r->err *= radius;
}

int capref_floating_equilibrium_si(const capref_fluid *f, double radius, double rho_s, double theta,
                                   capref_floating_eq *eq)
{
  capref_result bo;
  int s = cap_check_positive("radius", radius, "m");
  if (!s) s = cap_check_positive("rho_s", rho_s, "kg/m^3");
  if (!s) s = capref_bond_number(f, radius, &bo);
  if (!s) s = cap_check_open("theta", theta, 0.0, M_PI, "rad");
  if (s) return s;
  capref_floating_eq out;
  s = capref_floating_equilibrium(bo.val, theta, rho_s / f->rho, &out);
  if (s) return s;
  scale_len(&out.h, radius);
  scale_len(&out.zc, radius);
  scale_len(&out.depth, radius);
  if (eq) *eq = out;
  return CAP_SUCCESS;
}
