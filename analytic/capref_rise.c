#include "capref_rise.h"

#include <float.h>
#include <gsl/gsl_integration.h>
#include <gsl/gsl_roots.h>
#include <stdio.h>

#include "capref_groups.h"
#include "ref_internal.h"

/* Working and tight tolerances (relative) of the root finds and quadratures; see the header. */
#define RISE_TOL_WORK  1e-10
#define RISE_TOL_TIGHT 1e-12
#define RISE_WS_LIMIT  200
#define RISE_MAX_ITER  200

/* ------------------------------------------------------------------------------------------------
 * Common input checks */

static int check_common(const capref_fluid *f, double theta, double *lc)
{
  capref_result r;
  int s = capref_capillary_length(f, &r);
  if (!s) s = cap_check_open("theta", theta, 0.0, M_PI, "rad");
  if (s) return s;
  *lc = r.val;
  return CAP_SUCCESS;
}

/* Maps a GSL status of a quadrature or root find to a cap_errno code with a message. */
static int gsl_fail(int gs, const char *what)
{
  if (gs == GSL_EMAXITER) return CAP_ERROR(CAP_EMAXITER, "%s: iteration limit reached (%s)", what, gsl_strerror(gs));
  return CAP_ERROR(CAP_ENUMERIC, "%s failed: %s", what, gsl_strerror(gs));
}

/* ------------------------------------------------------------------------------------------------
 * Plates: parametrization s(u) = s_w sinh(u) / sinh(U), z = h0 cosh(u), h0 = 2 l_c s_w / sinh(U). */

typedef struct {
  double sw; /* sin(psi_w / 2), psi_w = pi/2 - theta' in (0, pi/2] */
  double U;  /* wall value of u */
} plates_par;

/* sinh(u) / sinh(U) for 0 <= u <= U, without overflow for large U. */
static double sinh_ratio(double u, double U)
{
  if (U <= 0) return 0.0;
  return exp(u - U) * (-expm1(-2.0 * u)) / (-expm1(-2.0 * U));
}

/* cosh(u) / sinh(U), without overflow. */
static double cosh_over_sinh(double u, double U) { return exp(u - U) * (1.0 + exp(-2.0 * u)) / (-expm1(-2.0 * U)); }

/* 1 - f(u) with f = (1 - 2 s^2) / sqrt(1 - s^2) = cos p / cos(p/2): the deficit of dx/du (units l_c),
 * written without cancellation: 1 - f = s^2 (2 - 1 / (1 + c)) / c, c = sqrt(1 - s^2). */
static double deficit(double u, void *p)
{
  const plates_par *q = p;
  double s = q->sw * sinh_ratio(u, q->U);
  double s2 = s * s, c = sqrt(1.0 - s2);
  return s2 * (2.0 - 1.0 / (1.0 + c)) / c;
}

/* (z / l_c) (dx/du) / l_c = (h0 / l_c) cosh(u) f(u): integrand of the area in units of l_c^2. */
static double area_integrand(double u, void *p)
{
  const plates_par *q = p;
  double s = q->sw * sinh_ratio(u, q->U);
  double s2 = s * s;
  return 2.0 * q->sw * cosh_over_sinh(u, q->U) * (1.0 - 2.0 * s2) / sqrt(1.0 - s2);
}

/* Integral of fn over [0, b] to relative tolerance tol. */
static int quad(double (*fn)(double, void *), plates_par *q, double b, double tol, gsl_integration_workspace *ws,
                double *res)
{
  double err;
  gsl_function F = {fn, q};
  *res = 0.0;
  if (b <= 0) return CAP_SUCCESS;
  int gs = gsl_integration_qags(&F, 0.0, b, 0.0, tol, RISE_WS_LIMIT, ws, res, &err);
  if (gs == GSL_EROUND && err <= 100.0 * tol * fabs(*res) + 1e-15 * b) gs = GSL_SUCCESS;
  if (gs) return gsl_fail(gs, "quadrature of the plates meniscus (gsl_integration_qags)");
  return CAP_SUCCESS;
}

/* x(u) / l_c = u - int_0^u (1 - f) du' for the current q->U. */
static int x_of_u(plates_par *q, double u, double tol, gsl_integration_workspace *ws, double *x)
{
  double I;
  int s = quad(deficit, q, u, tol, ws, &I);
  *x = u - I;
  return s;
}

typedef struct {
  plates_par *q;
  double target; /* x / l_c */
  double tol;
  gsl_integration_workspace *ws;
  int status;
  int wall; /* 1: the unknown is U (wall condition); 0: the unknown is u at fixed U */
} root_par;

static double root_fn(double v, void *p)
{
  root_par *r = p;
  double x;
  if (r->wall) r->q->U = v;
  int s = x_of_u(r->q, v, r->tol, r->ws, &x);
  if (s && !r->status) r->status = s;
  return x - r->target;
}

/* Brent root of root_fn on [lo, hi] (a sign change is guaranteed by the caller). */
static int brent(root_par *rp, double lo, double hi, double *root)
{
  gsl_function F = {root_fn, rp};
  double flo = root_fn(lo, rp), fhi = root_fn(hi, rp);
  if (rp->status) return rp->status;
  if (flo == 0.0) {
    *root = lo;
    return CAP_SUCCESS;
  }
  if (fhi == 0.0) {
    *root = hi;
    return CAP_SUCCESS;
  }
  if ((flo > 0) == (fhi > 0)) return CAP_ERROR(CAP_ENUMERIC, "plates meniscus: root not bracketed in [%g, %g]", lo, hi);
  gsl_root_fsolver *sv = gsl_root_fsolver_alloc(gsl_root_fsolver_brent);
  if (!sv) return CAP_ERROR(CAP_ENOMEM, "plates meniscus: cannot allocate the root solver");
  int gs = gsl_root_fsolver_set(sv, &F, lo, hi), it = 0;
  while (!gs && !rp->status) {
    gs = gsl_root_fsolver_iterate(sv);
    if (gs || rp->status) break;
    double a = gsl_root_fsolver_x_lower(sv), b = gsl_root_fsolver_x_upper(sv);
    if (gsl_root_test_interval(a, b, 1e-300, rp->tol) == GSL_SUCCESS) break;
    if (++it >= RISE_MAX_ITER) {
      gs = GSL_EMAXITER;
      break;
    }
  }
  *root = gsl_root_fsolver_root(sv);
  gsl_root_fsolver_free(sv);
  if (rp->status) return rp->status;
  if (gs) return gsl_fail(gs, "root find of the plates meniscus (gsl_root_fsolver_brent)");
  return CAP_SUCCESS;
}

/* Solves the wall condition x(U) = d / (2 l_c) for U, at tolerance tol. */
static int solve_wall(double sw, double half, double tol, gsl_integration_workspace *ws, double *U)
{
  plates_par q = {sw, half};
  root_par rp = {&q, half, tol, ws, 0, 1};
  /* x(U) <= U, so U = half is a lower bound; expand the upper bound until x(U) >= half. */
  double lo = half, hi = 2.0 * half + 1.0;
  for (int k = 0;; k++) {
    double f = root_fn(hi, &rp);
    if (rp.status) return rp.status;
    if (f >= 0) break;
    if (k >= 60) return CAP_ERROR(CAP_ENUMERIC, "plates meniscus: cannot bracket the wall condition");
    lo = hi;
    hi *= 2.0;
  }
  return brent(&rp, lo, hi, U);
}

typedef struct {
  double h0, hw, area; /* in units of l_c, l_c, l_c^2; for theta' <= pi/2 (rise) */
  double U;
} plates_raw;

static int plates_solve(double sw, double half, double tol, gsl_integration_workspace *ws, plates_raw *r)
{
  int s = solve_wall(sw, half, tol, ws, &r->U);
  if (s) return s;
  double U = r->U;
  r->h0 = 2.0 * sw / sinh(U); /* underflows gracefully to 0 for gaps of more than ~1400 l_c */
  r->hw = 2.0 * sw * cosh_over_sinh(U, U);
  plates_par q = {sw, U};
  double a;
  s = quad(area_integrand, &q, U, tol, ws, &a);
  r->area = 2.0 * a;
  return s;
}

static capref_result numeric(double work, double tight, double scale)
{
  capref_result r = {tight, fabs(work - tight) + RISE_TOL_WORK * fabs(tight) + fabs(scale) * CAPREF_CLOSED_FORM_RELERR};
  return r;
}

int capref_rise_jurin_plates(const capref_fluid *f, double theta, double gap, capref_result *H)
{
  double lc;
  int s = check_common(f, theta, &lc);
  if (!s) s = cap_check_positive("gap", gap, "m");
  if (s) return s;
  ref_put(H, ref_closed(2.0 * f->sigma * cos(theta) / (f->rho * f->g * gap)));
  return CAP_SUCCESS;
}

/* Sign and s_w = sin(psi_w / 2) of the mirror-reduced problem (psi_w = |pi/2 - theta|). */
static void reduce(double theta, double *sgn, double *sw)
{
  double psiw = M_PI_2 - theta;
  *sgn = psiw >= 0 ? 1.0 : -1.0;
  *sw = sin(0.5 * fabs(psiw));
}

int capref_rise_plates(const capref_fluid *f, double theta, double gap, capref_rise_plates_sol *sol)
{
  double lc, sgn, sw;
  int s = check_common(f, theta, &lc);
  if (!s) s = cap_check_positive("gap", gap, "m");
  if (s) return s;
  reduce(theta, &sgn, &sw);
  capref_rise_plates_sol out;
  if (sw == 0.0) { /* theta = pi/2 exactly: flat interface */
    capref_result zero = {0.0, 0.0};
    out.h0 = out.hw = out.mean = out.area = zero;
    if (sol) *sol = out;
    return CAP_SUCCESS;
  }
  double half = 0.5 * gap / lc;
  gsl_error_handler_t *old = ref_gsl_quiet();
  gsl_integration_workspace *ws = gsl_integration_workspace_alloc(RISE_WS_LIMIT);
  plates_raw w, t;
  if (!ws) s = CAP_ERROR(CAP_ENOMEM, "plates meniscus: cannot allocate the quadrature workspace");
  if (!s) s = plates_solve(sw, half, RISE_TOL_WORK, ws, &w);
  if (!s) s = plates_solve(sw, half, RISE_TOL_TIGHT, ws, &t);
  gsl_integration_workspace_free(ws);
  ref_gsl_restore(old);
  if (s) return s;
  out.h0 = numeric(sgn * lc * w.h0, sgn * lc * t.h0, lc * t.h0);
  out.hw = numeric(sgn * lc * w.hw, sgn * lc * t.hw, lc * t.hw);
  out.area = numeric(sgn * lc * lc * w.area, sgn * lc * lc * t.area, lc * lc * t.area);
  out.mean.val = out.area.val / gap;
  out.mean.err = out.area.err / gap + fabs(out.mean.val) * CAPREF_CLOSED_FORM_RELERR;
  if (sol) *sol = out;
  return CAP_SUCCESS;
}

/* z / l_c at x / l_c = xi (0 <= xi <= half) for the solved U, at tolerance tol. */
static int plates_z(double sw, double U, double half, double xi, double tol, gsl_integration_workspace *ws, double *z)
{
  plates_par q = {sw, U};
  double u;
  if (xi <= 0)
    u = 0.0;
  else if (xi >= half)
    u = U;
  else {
    root_par rp = {&q, xi, tol, ws, 0, 0};
    int s = brent(&rp, xi, U, &u); /* x(u) <= u, x(U) = half >= xi */
    if (s) return s;
  }
  *z = 2.0 * sw * cosh_over_sinh(u, U);
  return CAP_SUCCESS;
}

int capref_rise_plates_profile(const capref_fluid *f, double theta, double gap, size_t n, const double *x,
                               capref_result *z)
{
  double lc, sgn, sw;
  int s = check_common(f, theta, &lc);
  if (!s) s = cap_check_positive("gap", gap, "m");
  if (s) return s;
  if (n > 0 && (!x || !z))
    return CAP_ERROR(CAP_EINVAL, "capref_rise_plates_profile: x and z must not be NULL (n = %zu)", n);
  for (size_t i = 0; i < n; i++) {
    char name[40];
    snprintf(name, sizeof name, "x[%zu]", i);
    s = cap_check_closed(name, x[i], -0.5 * gap, 0.5 * gap, "m");
    if (s) return s;
  }
  reduce(theta, &sgn, &sw);
  if (sw == 0.0) {
    for (size_t i = 0; i < n; i++) z[i].val = z[i].err = 0.0;
    return CAP_SUCCESS;
  }
  double half = 0.5 * gap / lc;
  gsl_error_handler_t *old = ref_gsl_quiet();
  gsl_integration_workspace *ws = gsl_integration_workspace_alloc(RISE_WS_LIMIT);
  double Uw = 0, Ut = 0;
  if (!ws) s = CAP_ERROR(CAP_ENOMEM, "plates meniscus: cannot allocate the quadrature workspace");
  if (!s) s = solve_wall(sw, half, RISE_TOL_WORK, ws, &Uw);
  if (!s) s = solve_wall(sw, half, RISE_TOL_TIGHT, ws, &Ut);
  for (size_t i = 0; i < n && !s; i++) {
    double xi = fabs(x[i]) / lc, zw, zt;
    s = plates_z(sw, Uw, half, xi, RISE_TOL_WORK, ws, &zw);
    if (!s) s = plates_z(sw, Ut, half, xi, RISE_TOL_TIGHT, ws, &zt);
    if (!s) z[i] = numeric(sgn * lc * zw, sgn * lc * zt, lc * zt);
  }
  gsl_integration_workspace_free(ws);
  ref_gsl_restore(old);
  return s;
}

/* ------------------------------------------------------------------------------------------------
 * Single wall: y = ln tan(psi/4), z = 2 l_c sech(y), x / l_c = (y_w - y) + 2 (tanh y - tanh y_w). */

static double sech_(double y)
{
  double e = exp(-fabs(y));
  return 2.0 * e / (1.0 + e * e);
}

int capref_rise_wall_height(const capref_fluid *f, double theta, capref_result *h)
{
  double lc;
  int s = check_common(f, theta, &lc);
  if (s) return s;
  /* sqrt(2) sqrt(1 - sin theta) = 2 sin((pi/2 - theta) / 2), signed, without cancellation at 90 deg */
  ref_put(h, ref_closed(2.0 * lc * sin(0.5 * (M_PI_2 - theta))));
  return CAP_SUCCESS;
}

/* y at the wall: ln tan(psi_w / 4), psi_w = |pi/2 - theta| > 0. */
static double wall_y(double theta) { return log(tan(0.25 * fabs(M_PI_2 - theta))); }

int capref_rise_wall_distance(const capref_fluid *f, double theta, double z, capref_result *x)
{
  double lc;
  int s = check_common(f, theta, &lc);
  if (s) return s;
  if (theta == M_PI_2) return CAP_ERROR(CAP_EDOM, "theta = pi/2: the interface is flat and has no height z = %g m", z);
  double h = 2.0 * lc * sin(0.5 * (M_PI_2 - theta));
  s = (h > 0) ? cap_check_open("z", z, 0.0, INFINITY, "m") : cap_check_open("z", z, -INFINITY, 0.0, "m");
  if (!s) s = (h > 0) ? cap_check_closed("z", z, 0.0, h, "m") : cap_check_closed("z", z, h, 0.0, "m");
  if (s) return s;
  double zeta = fabs(z) / lc, yw = wall_y(theta);
  double c = sqrt(1.0 - 0.25 * zeta * zeta); /* -tanh y */
  double y = log(0.5 * zeta) - log1p(c);     /* -acosh(2 / zeta) */
  double xi = (yw - y) + 2.0 * (-c - tanh(yw));
  if (xi < 0) xi = 0.0; /* |z| = |h| up to rounding */
  capref_result r = {lc * xi, lc * (fabs(yw) + fabs(y) + 4.0) * 8.0 * DBL_EPSILON};
  ref_put(x, r);
  return CAP_SUCCESS;
}

typedef struct {
  double yw, xi;
} wall_par;

static double wall_fn(double y, void *p)
{
  const wall_par *w = p;
  return (w->yw - y) + 2.0 * (tanh(y) - tanh(w->yw)) - w->xi;
}

/* y(xi) by Brent on [yw - xi - 1, yw - xi], where wall_fn changes sign (docs/design/analytic-rise.md). */
static int wall_y_of_x(double yw, double xi, double tol, double *y)
{
  wall_par w = {yw, xi};
  if (xi == 0.0) {
    *y = yw;
    return CAP_SUCCESS;
  }
  gsl_function F = {wall_fn, &w};
  gsl_root_fsolver *sv = gsl_root_fsolver_alloc(gsl_root_fsolver_brent);
  if (!sv) return CAP_ERROR(CAP_ENOMEM, "wall meniscus: cannot allocate the root solver");
  int gs = gsl_root_fsolver_set(sv, &F, yw - xi - 1.0, yw - xi), it = 0;
  while (!gs) {
    gs = gsl_root_fsolver_iterate(sv);
    if (gs) break;
    double a = gsl_root_fsolver_x_lower(sv), b = gsl_root_fsolver_x_upper(sv);
    if (gsl_root_test_interval(a, b, tol, 0.0) == GSL_SUCCESS) break; /* z ~ e^y: abs. in y */
    if (++it >= RISE_MAX_ITER) {
      gs = GSL_EMAXITER;
      break;
    }
  }
  *y = gsl_root_fsolver_root(sv);
  gsl_root_fsolver_free(sv);
  if (gs) return gsl_fail(gs, "root find of the wall meniscus (gsl_root_fsolver_brent)");
  return CAP_SUCCESS;
}

int capref_rise_wall_profile(const capref_fluid *f, double theta, size_t n, const double *x, capref_result *z)
{
  double lc;
  int s = check_common(f, theta, &lc);
  if (s) return s;
  if (n > 0 && (!x || !z))
    return CAP_ERROR(CAP_EINVAL, "capref_rise_wall_profile: x and z must not be NULL (n = %zu)", n);
  for (size_t i = 0; i < n; i++) {
    char name[40];
    snprintf(name, sizeof name, "x[%zu]", i);
    s = cap_check_nonneg(name, x[i], "m");
    if (s) return s;
  }
  if (theta == M_PI_2) {
    for (size_t i = 0; i < n; i++) z[i].val = z[i].err = 0.0;
    return CAP_SUCCESS;
  }
  double sgn = theta < M_PI_2 ? 1.0 : -1.0, yw = wall_y(theta);
  gsl_error_handler_t *old = ref_gsl_quiet();
  for (size_t i = 0; i < n && !s; i++) {
    double xi = x[i] / lc, y1, y2;
    s = wall_y_of_x(yw, xi, RISE_TOL_WORK, &y1);
    if (!s) s = wall_y_of_x(yw, xi, RISE_TOL_TIGHT, &y2);
    if (!s) z[i] = numeric(sgn * 2.0 * lc * sech_(y1), sgn * 2.0 * lc * sech_(y2), 2.0 * lc * sech_(y2));
  }
  ref_gsl_restore(old);
  return s;
}
