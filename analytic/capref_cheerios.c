#include "capref_cheerios.h"

#include <float.h>
#include <string.h>
#include <gsl/gsl_integration.h>
#include <gsl/gsl_multiroots.h>
#include <gsl/gsl_odeiv2.h>
#include <gsl/gsl_roots.h>
#include <gsl/gsl_sf_bessel.h>
#include <gsl/gsl_vector.h>

#include "capref_groups.h"
#include "ref_internal.h"

#define PI 3.14159265358979323846

/* Working and 100x tighter tolerances of the 2D solvers (err = |difference| + working tolerance). */
#define TOL_WORK        1e-10
#define TOL_TIGHT       1e-12
#define ISO_SCAN        2048 /* grid cells for bracketing the first isolated equilibrium */
#define PAIR_MAXITER    400  /* hybrid iterations per solve */
#define PAIR_CONT_STEPS 48   /* continuation steps in separation when the direct solve fails */
#define QUAD_LIMIT      512
#define MAX_SEP_2D      500.0
#define MAX_SEP_3D      700.0
#define MAX_GAP_UNLIKE  16.0 /* the inner meniscus of an unlike pair, l_c (shooting amplifies by e^(gap/2)) */
#define UNLIKE_ODE_NMAX 100000
#define UNLIKE_MAX_INCL 1.4 /* |inclination| of the inner meniscus, rad: beyond it the shooting stops */

/* ---------------------------------------------------------------------------------------------- */
/* input checks                                                                                   */

/* 0 < x <= hi */
static int check_half_open(const char *name, double x, double hi)
{
  if (x > 0 && x <= hi) return CAP_SUCCESS;
  return CAP_ERROR(CAP_EDOM, "%s = %.9g is out of range: allowed 0 < %s <= %g", name, x, name, hi);
}

/* Two bodies of radius sqrt(bond) (in l_c) at centre distance sep must not overlap. */
static int check_sep(double bond, double sep, double max_sep, const char *bodies)
{
  if (!(sep > 2.0 * sqrt(bond)) || !(sep <= max_sep))
    return CAP_ERROR(CAP_EDOM,
                     "sep = %.9g (centre distance / l_c) is out of range: allowed 2 sqrt(bond) = %.9g < sep <= %g "
                     "(%s must not overlap)",
                     sep, 2.0 * sqrt(bond), max_sep, bodies);
  return CAP_SUCCESS;
}

static int check_3d(double bond, double density_ratio, double theta, double sep)
{
  int s = cap_check_closed("theta", theta, 0.0, PI, "rad");
  if (!s) s = cap_check_nonneg("density_ratio", density_ratio, "");
  if (!s) s = check_half_open("bond", bond, 1.0);
  if (!s) s = check_sep(bond, sep, MAX_SEP_3D, "spheres");
  return s;
}

static int check_2d(double bond, double density_ratio, double theta)
{
  int s = check_half_open("bond", bond, 1e4);
  if (!s) s = cap_check_closed("density_ratio", density_ratio, 0.0, 1e6, "");
  if (!s) s = cap_check_open("theta", theta, 0.0, PI, "rad");
  return s;
}

static int check_sep_2d(double bond, double sep) { return check_sep(bond, sep, MAX_SEP_2D, "cylinders"); }

/* ---------------------------------------------------------------------------------------------- */
/* 3D                                                                                             */

static double sigma_factor(double D, double theta)
{
  double c = cos(theta);
  return (2.0 * D - 1.0) / 3.0 - 0.5 * c + c * c * c / 6.0;
}

int capref_cheerios_sigma(double density_ratio, double theta, capref_result *out)
{
  int s = cap_check_nonneg("density_ratio", density_ratio, "");
  if (!s) s = cap_check_closed("theta", theta, 0.0, PI, "rad");
  if (s) return s;
  double v = sigma_factor(density_ratio, theta);
  /* cancellation between the terms: bound the error by ulps of the largest term */
  capref_result r = {v, CAPREF_CLOSED_FORM_RELERR * (fabs(v) + (2.0 * density_ratio + 1.0) / 3.0 + 0.5)};
  ref_put(out, r);
  return CAP_SUCCESS;
}

/* order 0 or 1 of -2 pi Bo^3 Sigma^2 K_n(L), with GSL's error estimate */
static int bessel_law(int order, double bond, double D, double theta, double sep, capref_result *out)
{
  int s = check_3d(bond, D, theta, sep);
  if (s) return s;
  gsl_sf_result k;
  gsl_error_handler_t *old = ref_gsl_quiet();
  int gs = order == 0 ? gsl_sf_bessel_K0_e(sep, &k) : gsl_sf_bessel_K1_e(sep, &k);
  ref_gsl_restore(old);
  if (gs == GSL_EUNDRFLW) {
    k.val = 0.0;
    k.err = DBL_MIN;
    gs = GSL_SUCCESS;
  }
  if (gs) return CAP_ERROR(CAP_ENUMERIC, "gsl_sf_bessel_K%d_e(%.9g) failed: %s", order, sep, gsl_strerror(gs));
  double sg = sigma_factor(D, theta);
  double sg_err = CAPREF_CLOSED_FORM_RELERR * (fabs(sg) + (2.0 * D + 1.0) / 3.0 + 0.5);
  double pre = -2.0 * PI * bond * bond * bond * sg * sg;
  capref_result r;
  r.val = pre * k.val;
  r.err = fabs(pre) * k.err + fabs(r.val) * CAPREF_CLOSED_FORM_RELERR +
          (sg != 0.0 ? 2.0 * fabs(r.val) * sg_err / fabs(sg) : 2.0 * PI * bond * bond * bond * sg_err * sg_err * k.val);
  ref_put(out, r);
  return CAP_SUCCESS;
}

int capref_cheerios_3d_energy(double bond, double density_ratio, double theta, double sep, capref_result *energy)
{
  return bessel_law(0, bond, density_ratio, theta, sep, energy);
}

int capref_cheerios_3d_force(double bond, double density_ratio, double theta, double sep, capref_result *force)
{
  return bessel_law(1, bond, density_ratio, theta, sep, force);
}

/* The inputs of the SI functions: the liquid (its capillary length into *lc), rho_s, radius, sep. */
static int check_si(const capref_fluid *fluid, double rho_s, double radius, double sep, capref_result *lc)
{
  int s = capref_capillary_length(fluid, lc);
  if (!s) s = cap_check_nonneg("rho_s", rho_s, "kg/m^3");
  if (!s) s = cap_check_positive("radius", radius, "m");
  if (!s) s = cap_check_positive("sep", sep, "m");
  return s;
}

int capref_cheerios_3d_si(const capref_fluid *fluid, double rho_s, double radius, double theta, double sep,
                          capref_result *energy, capref_result *force)
{
  capref_result lc;
  int s = check_si(fluid, rho_s, radius, sep, &lc);
  if (s) return s;
  double sigma = fluid->sigma, bond = radius * radius / (lc.val * lc.val), D = rho_s / fluid->rho, L = sep / lc.val;
  capref_result e, f;
  s = capref_cheerios_3d_energy(bond, D, theta, L, &e);
  if (!s) s = capref_cheerios_3d_force(bond, D, theta, L, &f);
  if (s) return s;
  double es = sigma * lc.val * lc.val, fs = sigma * lc.val;
  /* l_c carries a few ulps; Bo^3 K(L) depends on it through Bo (6 ulps) and L */
  capref_result E = {e.val * es, e.err * es + fabs(e.val * es) * (10.0 + L) * CAPREF_CLOSED_FORM_RELERR};
  capref_result F = {f.val * fs, f.err * fs + fabs(f.val * fs) * (10.0 + L) * CAPREF_CLOSED_FORM_RELERR};
  ref_put(energy, E);
  ref_put(force, F);
  return CAP_SUCCESS;
}

/* ---------------------------------------------------------------------------------------------- */
/* 2D isolated cylinder                                                                           */

typedef struct {
  double bond, b, D, theta;
} iso_par;

/* (2/Bo) sin(alpha) - 2 (h/R) sin(phi) + phi - sin(phi) cos(phi) - pi D, h = -2 sin(alpha/2) */
static double iso_residual(double phi, void *vp)
{
  const iso_par *p = vp;
  double a = phi + p->theta - PI;
  return (2.0 / p->bond) * sin(a) + (4.0 / p->b) * sin(0.5 * a) * sin(phi) + phi - sin(phi) * cos(phi) - PI * p->D;
}

/* First root of iso_residual in (0, pi) (residual < 0 at phi = 0). Brent to |bracket| < tol. */
static int iso_solve(const iso_par *p, double tol, double *phi)
{
  double lo = 0.0, hi = -1.0;
  for (int k = 1; k < ISO_SCAN; k++) {
    double x = PI * k / ISO_SCAN;
    if (iso_residual(x, (void *)p) >= 0.0) {
      hi = x;
      break;
    }
    lo = x;
  }
  if (hi < 0.0)
    return CAP_ERROR(CAP_ENOSOL,
                     "a cylinder with density_ratio = %.9g, bond = %.9g, theta = %.9g rad cannot float: surface "
                     "tension and buoyancy cannot carry its weight at any contact position (it sinks)",
                     p->D, p->bond, p->theta);
  if (iso_residual(hi, (void *)p) == 0.0) {
    *phi = hi;
    return CAP_SUCCESS;
  }
  return ref_brent(iso_residual, (void *)p, lo, hi, tol, 0.0, phi, "isolated cylinder");
}

static capref_cheerios_float2d iso_fill(const iso_par *p, double phi)
{
  capref_cheerios_float2d o;
  double a = phi + p->theta - PI, h = -2.0 * sin(0.5 * a);
  o.phi.val = phi;
  o.alpha.val = a;
  o.h.val = h;
  o.zc.val = h + p->b * cos(phi);
  o.phi.err = o.alpha.err = o.h.err = o.zc.err = 0.0;
  return o;
}

static double errof(double vt, double vw, double scale)
{
  return fabs(vt - vw) + TOL_WORK * scale + 16.0 * DBL_EPSILON * (fabs(vt) + scale);
}

/* Solves at both tolerances; *out gets the tight values with error estimates. */
static int iso_both(const iso_par *p, capref_cheerios_float2d *out)
{
  double pw, pt;
  gsl_error_handler_t *old = ref_gsl_quiet();
  int s = iso_solve(p, TOL_WORK, &pw);
  if (!s) s = iso_solve(p, TOL_TIGHT, &pt);
  ref_gsl_restore(old);
  if (s) return s;
  capref_cheerios_float2d w = iso_fill(p, pw), t = iso_fill(p, pt);
  t.phi.err = errof(t.phi.val, w.phi.val, 1.0);
  t.alpha.err = errof(t.alpha.val, w.alpha.val, 1.0);
  t.h.err = errof(t.h.val, w.h.val, 1.0);
  t.zc.err = errof(t.zc.val, w.zc.val, 1.0 + p->b);
  *out = t;
  return CAP_SUCCESS;
}

int capref_cheerios_2d_isolated(double bond, double density_ratio, double theta, capref_cheerios_float2d *out)
{
  int s = check_2d(bond, density_ratio, theta);
  if (s) return s;
  iso_par p = {bond, sqrt(bond), density_ratio, theta};
  capref_cheerios_float2d r;
  s = iso_both(&p, &r);
  if (s) return s;
  if (out) *out = r;
  return CAP_SUCCESS;
}

/* ---------------------------------------------------------------------------------------------- */
/* 2D pair                                                                                        */

typedef struct {
  iso_par iso;
  double sep;
  double wall;       /* the far walls' distance from each body's centre, l_c (0: the open bath) */
  double sgn;        /* sign of the meniscus heights (sign of h_inf) */
  double m1, m2, m3; /* magnitudes of the terms of the three equations (residuals are relative) */
  double quad_tol;
  gsl_integration_workspace *ws;
  int quad_status; /* first hard quadrature failure, 0 if none */
} pair_par;

typedef struct {
  double q; /* log|z_m| */
} jint_par;

/* integrand cos p / cos(p/2) in the variable w, sin(p/2) = u = (|z_m|/2) sinh(w) */
static double jint_f(double w, void *vp)
{
  const jint_par *p = vp;
  double u = 0.25 * (exp(p->q + w) - exp(p->q - w));
  double u2 = u * u;
  if (u2 >= 1.0) return 0.0; /* only at the end point when |alpha_i| = pi */
  return (1.0 - 2.0 * u2) / sqrt(1.0 - u2);
}

/* horizontal distance (in l_c) from a contact of inclination alpha to the midpoint of height
 * |z_m| = exp(q): int_0^|alpha| cos p / sqrt(z_m^2 + 2(1 - cos p)) dp = int_0^W cos p/cos(p/2) dw */
static double jint(pair_par *pp, double q, double alpha)
{
  double s2 = fabs(sin(0.5 * alpha));
  if (s2 == 0.0) return 0.0;
  double ratio_log = log(2.0 * s2) - q; /* log(2 sin(|alpha|/2) / |z_m|) */
  double W = ratio_log > 18.0 ? ratio_log + log(2.0) + 0.25 * exp(-2.0 * ratio_log) : asinh(exp(ratio_log));
  jint_par jp = {q};
  gsl_function F = {jint_f, &jp};
  double r, e;
  int st = gsl_integration_qags(&F, 0.0, W, pp->quad_tol, 0.0, QUAD_LIMIT, pp->ws, &r, &e);
  if (st && st != GSL_EROUND && !pp->quad_status) pp->quad_status = st;
  return r;
}

/* State of a pair from the unknowns x = (alpha_o, r, q) and, in a box, q_w: alpha_i = -sgn exp(r) (an
 * inner meniscus can only level off at the midpoint if its contact slope points towards z_m), z_m =
 * sgn exp(q), z_w = sgn exp(q_w) (the outer meniscus levels off at the wall, |z| falling towards it). */
typedef struct {
  double phi_o, phi_i, alpha_o, alpha_i, zm, zw, h_i, h_o, zc, area_rel;
} pair_state;

static pair_state pair_geom(const pair_par *pp, const double *x)
{
  pair_state g;
  double b = pp->iso.b, th = pp->iso.theta;
  g.alpha_o = x[0];
  g.alpha_i = -pp->sgn * exp(x[1]);
  g.zm = pp->sgn * exp(x[2]);
  g.zw = pp->wall > 0 ? pp->sgn * exp(x[3]) : 0.0;
  g.phi_o = g.alpha_o + PI - th;
  g.phi_i = g.alpha_i + PI - th;
  double si = sin(0.5 * g.alpha_i);
  g.h_i = pp->sgn * sqrt(g.zm * g.zm + 4.0 * si * si);
  /* h_o = z_c - b cos(phi_o) = h_i + b (cos phi_i - cos phi_o), without cancellation */
  g.h_o = g.h_i - 2.0 * b * sin(0.5 * (g.phi_i + g.phi_o)) * sin(0.5 * (g.alpha_i - g.alpha_o));
  g.zc = g.h_i + b * cos(g.phi_i);
  /* (area between the wetted arc and z = 0) - pi D Bo: the buoyancy-minus-weight term */
  g.area_rel = -g.zc * b * (sin(g.phi_i) + sin(g.phi_o)) +
               0.5 * pp->iso.bond * (g.phi_i + g.phi_o + 0.5 * (sin(2.0 * g.phi_i) + sin(2.0 * g.phi_o))) -
               PI * pp->iso.D * pp->iso.bond;
  return g;
}

static int pair_f(const gsl_vector *xv, void *vp, gsl_vector *f)
{
  pair_par *pp = vp;
  double x[4] = {0, 0, 0, 0};
  for (size_t i = 0; i < xv->size; i++) {
    x[i] = gsl_vector_get(xv, i);
    if (!isfinite(x[i])) return GSL_EBADFUNC;
  }
  /* keep exp() finite while the solver explores */
  if (x[1] > 1.2) x[1] = 1.2;
  if (x[1] < -700.0) x[1] = -700.0;
  if (x[2] > 5.0) x[2] = 5.0;
  if (x[2] < -700.0) x[2] = -700.0;
  if (x[3] > 5.0) x[3] = 5.0;
  if (x[3] < -700.0) x[3] = -700.0;
  pair_state g = pair_geom(pp, x);
  if (pp->wall > 0) {
    /* in a box the outer meniscus is an inner one whose midplane is the wall: its first integral
     * cos(alpha) + z^2/2 = 1 + z_w^2/2, and it levels off at the wall */
    double so = sin(0.5 * g.alpha_o);
    gsl_vector_set(f, 0, (g.h_o - pp->sgn * sqrt(g.zw * g.zw + 4.0 * so * so)) / pp->m1);
    gsl_vector_set(f, 3, (pp->wall - pp->iso.b * sin(g.phi_o) - jint(pp, x[3], g.alpha_o)) / pp->m2);
  } else
    gsl_vector_set(f, 0, (g.h_o + 2.0 * sin(0.5 * g.alpha_o)) / pp->m1);
  gsl_vector_set(f, 1, (0.5 * pp->sep - pp->iso.b * sin(g.phi_i) - jint(pp, x[2], g.alpha_i)) / pp->m2);
  gsl_vector_set(f, 2, (sin(g.alpha_o) + sin(g.alpha_i) + g.area_rel) / pp->m3);
  if (pp->quad_status) return GSL_EBADFUNC;
  return GSL_SUCCESS;
}

/* one hybrid solve of F from x (F->n unknowns, updated in place on success) to the scaled residual
 * tol; returns a GSL status */
static int hybrid_solve(gsl_multiroot_function *F, double tol, double *x)
{
  const size_t n = F->n;
  gsl_vector *v = gsl_vector_alloc(n);
  gsl_multiroot_fsolver *s = gsl_multiroot_fsolver_alloc(gsl_multiroot_fsolver_hybrids, n);
  if (!v || !s) {
    if (v) gsl_vector_free(v);
    if (s) gsl_multiroot_fsolver_free(s);
    return GSL_ENOMEM;
  }
  for (size_t i = 0; i < n; i++) gsl_vector_set(v, i, x[i]);
  int st = gsl_multiroot_fsolver_set(s, F, v), it = 0;
  while (!st) {
    if (gsl_multiroot_test_residual(s->f, tol) == GSL_SUCCESS) break;
    if (++it > PAIR_MAXITER) {
      st = GSL_EMAXITER;
      break;
    }
    st = gsl_multiroot_fsolver_iterate(s);
  }
  if (!st)
    for (size_t i = 0; i < n; i++) x[i] = gsl_vector_get(s->x, i);
  gsl_multiroot_fsolver_free(s);
  gsl_vector_free(v);
  return st;
}

static int pair_solve_once(pair_par *pp, double tol, double *x)
{
  gsl_multiroot_function F = {pair_f, pp->wall > 0 ? 4 : 3, pp};
  pp->quad_status = 0;
  return hybrid_solve(&F, tol, x);
}

/* small-slope initial guess at separation sep: alpha_o = 2 a/(1+T), alpha_i = 2 a T/(1+T),
 * z_m = 2 h exp(-d), T = tanh(d) (linearised pair with fixed total vertical force) */
static void pair_guess(const pair_par *pp, const capref_cheerios_float2d *iso, double sep, double x[3])
{
  double a = iso->alpha.val, h = iso->h.val;
  double d = 0.5 * sep - pp->iso.b * sin(iso->phi.val), T = tanh(d > 1e-12 ? d : 1e-12);
  x[0] = 2.0 * a / (1.0 + T);
  x[1] = log(fabs(2.0 * a * T / (1.0 + T)));
  x[2] = log(2.0 * fabs(h)) - (d > 0 ? d : 0.0);
}

static int pair_solve(pair_par *pp, double tol, double x[3], const capref_cheerios_float2d *iso)
{
  double x0[3] = {x[0], x[1], x[2]};
  int st = pair_solve_once(pp, tol, x0);
  if (!st) {
    x[0] = x0[0];
    x[1] = x0[1];
    x[2] = x0[2];
    return 0;
  }
  /* continuation: start far apart (d = 12 l_c) and walk in */
  double target = pp->sep, start = 2.0 * (pp->iso.b * sin(iso->phi.val) + 12.0);
  if (start <= target) return st;
  double y[3];
  pair_guess(pp, iso, start, y);
  for (int k = 0; k <= PAIR_CONT_STEPS; k++) {
    pp->sep = start + (target - start) * k / PAIR_CONT_STEPS;
    st = pair_solve_once(pp, tol, y);
    if (st) break;
  }
  pp->sep = target;
  if (!st) {
    x[0] = y[0];
    x[1] = y[1];
    x[2] = y[2];
  }
  return st;
}

static void pair_fill(const pair_par *pp, const double *x, capref_cheerios_pair2d *o)
{
  pair_state g = pair_geom(pp, x);
  o->phi_o.val = g.phi_o;
  o->phi_i.val = g.phi_i;
  o->alpha_o.val = g.alpha_o;
  o->alpha_i.val = g.alpha_i;
  o->h_o.val = g.h_o;
  o->h_i.val = g.h_i;
  o->zc.val = g.zc;
  o->zm.val = g.zm;
  o->zw.val = g.zw;
  o->force.val = 0.5 * (g.zm * g.zm - g.zw * g.zw);
}

static int map_gsl(int st, const pair_par *pp)
{
  if (st == GSL_ENOMEM) return CAP_ERROR(CAP_ENOMEM, "cannot allocate the multiroot solver");
  if (st == GSL_EMAXITER)
    return CAP_ERROR(CAP_EMAXITER,
                     "cylinder pair (bond = %.9g, density_ratio = %.9g, theta = %.9g, sep = %.9g): hybrid root "
                     "finder did not converge in %d iterations",
                     pp->iso.bond, pp->iso.D, pp->iso.theta, pp->sep, PAIR_MAXITER);
  return CAP_ERROR(CAP_ENUMERIC,
                   "cylinder pair (bond = %.9g, density_ratio = %.9g, theta = %.9g, sep = %.9g): root finder "
                   "failed (%s); an equilibrium may not exist this close",
                   pp->iso.bond, pp->iso.D, pp->iso.theta, pp->sep, gsl_strerror(st));
}

static double far_amplitude(double h);

/* The pair in the open bath (wall = 0) or in the box closed by walls `wall` beyond each centre. */
static int pair_compute(double bond, double density_ratio, double theta, double sep, double wall,
                        capref_cheerios_pair2d *out)
{
  int s;
  pair_par pp;
  pp.wall = 0;
  pp.iso.bond = bond;
  pp.iso.b = sqrt(bond);
  pp.iso.D = density_ratio;
  pp.iso.theta = theta;
  pp.sep = sep;
  capref_cheerios_float2d iso;
  s = iso_both(&pp.iso, &iso);
  if (s) return s;
  capref_cheerios_pair2d r;
  if (iso.alpha.val == 0.0) {
    /* neutral body: flat interface, no interaction */
    r.phi_o = r.phi_i = iso.phi;
    r.alpha_o = r.alpha_i = iso.alpha;
    r.h_o = r.h_i = iso.h;
    r.zc = iso.zc;
    r.zm = iso.h;
    r.zw = ref_closed(0.0);
    r.force = ref_closed(0.0);
    if (out) *out = r;
    return CAP_SUCCESS;
  }
  pp.sgn = iso.h.val > 0 ? 1.0 : -1.0;
  double b = pp.iso.b, xw[4] = {0, 0, 0, 0};
  {
    /* E1 (contact heights) has terms of size S (2 + b), S the slope scale; E2 (horizontal
     * distances) terms up to sep/2 but its unknown is log|z_m|, so it is normalised by 1 + b only;
     * E3 (vertical forces / sigma) has slope terms 2S and area terms of size Bo (1 + D) + b (S + b). */
    double S = fabs(iso.alpha.val) > 1e-9 ? fabs(iso.alpha.val) : 1e-9;
    pp.m1 = S * (2.0 + b);
    pp.m2 = 1.0 + b;
    pp.m3 = 2.0 * S + 2.0 * b * (S + b) + bond * (PI + 1.0 + PI * density_ratio);
  }
  pair_guess(&pp, &iso, sep, xw);
  pp.ws = gsl_integration_workspace_alloc(QUAD_LIMIT);
  if (!pp.ws) return CAP_ERROR(CAP_ENOMEM, "cannot allocate the quadrature workspace");
  gsl_error_handler_t *old = ref_gsl_quiet();
  pp.quad_tol = 0.01 * TOL_WORK;
  int st = pair_solve(&pp, TOL_WORK, xw, &iso);
  double xt[4] = {xw[0], xw[1], xw[2], 0};
  if (!st) {
    pp.quad_tol = 1e-15; /* below the roundoff of J: GSL_EROUND is accepted */
    st = pair_solve(&pp, TOL_TIGHT, xt, &iso);
  }
  if (!st && wall > 0) {
    /* the box from the open bath's pair: z_w from the outer meniscus's far field and the wall's image
     * (2 A e^(-d), d from the outer contact to the wall) as the start, then the four equations at both
     * tolerances, as above */
    pair_state g = pair_geom(&pp, xt);
    double d = fmax(wall - b * sin(g.phi_o), 0.0);
    pp.wall = wall;
    xw[0] = xt[0];
    xw[1] = xt[1];
    xw[2] = xt[2];
    xw[3] = log(fmax(2.0 * fabs(far_amplitude(g.h_o)) * exp(-d), 1e-300));
    pp.quad_tol = 0.01 * TOL_WORK;
    st = pair_solve_once(&pp, TOL_WORK, xw);
    for (int i = 0; i < 4 && !st; i++) xt[i] = xw[i];
    if (!st) {
      pp.quad_tol = 1e-15;
      st = pair_solve_once(&pp, TOL_TIGHT, xt);
    }
  }
  ref_gsl_restore(old);
  gsl_integration_workspace_free(pp.ws);
  if (st) return map_gsl(st, &pp);
  capref_cheerios_pair2d w;
  pair_fill(&pp, xw, &w);
  pair_fill(&pp, xt, &r);
  if (wall > 0 && !(r.zw.val * r.h_o.val > 0 && fabs(r.zw.val) <= fabs(r.h_o.val) && wall - b * sin(r.phi_o.val) > 0))
    return CAP_ERROR(
        CAP_ENOSOL,
        "cylinder pair in a box (bond = %.9g, density_ratio = %.9g, theta = %.9g, sep = %.9g, wall = %.9g): "
        "no outer meniscus levelling off at the wall (h_o = %.9g, z_w = %.9g l_c)",
        bond, density_ratio, theta, sep, wall, r.h_o.val, r.zw.val);
  if (!(r.phi_o.val > 0 && r.phi_o.val < PI && r.phi_i.val > 0 && r.phi_i.val < PI))
    return CAP_ERROR(CAP_ENOSOL,
                     "cylinder pair (bond = %.9g, density_ratio = %.9g, theta = %.9g, sep = %.9g): the contact "
                     "lines would pass the top or bottom of the cylinders (phi_o = %.9g, phi_i = %.9g rad): no "
                     "floating equilibrium at this separation",
                     bond, density_ratio, theta, sep, r.phi_o.val, r.phi_i.val);
  r.phi_o.err = errof(r.phi_o.val, w.phi_o.val, 1.0);
  r.phi_i.err = errof(r.phi_i.val, w.phi_i.val, 1.0);
  /* the slopes, heights and z_m are solved for in relative form: relative tolerance terms */
  r.alpha_o.err = errof(r.alpha_o.val, w.alpha_o.val, fabs(r.alpha_o.val));
  r.alpha_i.err = errof(r.alpha_i.val, w.alpha_i.val, fabs(r.alpha_i.val));
  r.h_o.err = errof(r.h_o.val, w.h_o.val, fabs(r.h_o.val));
  r.h_i.err = errof(r.h_i.val, w.h_i.val, fabs(r.h_i.val));
  r.zc.err = errof(r.zc.val, w.zc.val, fabs(r.h_i.val) + b * r.phi_i.err);
  r.zm.err = errof(r.zm.val, w.zm.val, fabs(r.zm.val));
  r.zw.err = errof(r.zw.val, w.zw.val, fabs(r.zw.val));
  r.force.err = errof(r.force.val, w.force.val, 2.0 * fabs(r.force.val));
  if (out) *out = r;
  return CAP_SUCCESS;
}

int capref_cheerios_2d_pair(double bond, double density_ratio, double theta, double sep, capref_cheerios_pair2d *out)
{
  int s = check_2d(bond, density_ratio, theta);
  if (!s) s = check_sep_2d(bond, sep);
  if (s) return s;
  return pair_compute(bond, density_ratio, theta, sep, 0, out);
}

int capref_cheerios_2d_pair_box(double bond, double density_ratio, double theta, double sep, double wall,
                                capref_cheerios_pair2d *out)
{
  int s = check_2d(bond, density_ratio, theta);
  if (!s) s = check_sep_2d(bond, sep);
  if (!s && !(wall > sqrt(bond) && wall <= MAX_SEP_2D))
    s = CAP_ERROR(CAP_EDOM,
                  "cylinder pair in a box: wall = %.9g l_c is out of range: allowed sqrt(bond) = %.9g < wall <= %g",
                  wall, sqrt(bond), (double)MAX_SEP_2D);
  if (s) return s;
  return pair_compute(bond, density_ratio, theta, sep, wall, out);
}

int capref_cheerios_2d_pair_si(const capref_fluid *fluid, double rho_s, double radius, double theta, double sep,
                               capref_cheerios_pair2d *out)
{
  capref_result lc;
  int s = check_si(fluid, rho_s, radius, sep, &lc);
  if (s) return s;
  double l = lc.val, sigma = fluid->sigma;
  capref_cheerios_pair2d r;
  s = capref_cheerios_2d_pair(radius * radius / (l * l), rho_s / fluid->rho, theta, sep / l, &r);
  if (s) return s;
  capref_result *len[] = {&r.h_o, &r.h_i, &r.zc, &r.zm};
  for (int i = 0; i < 4; i++) {
    len[i]->val *= l;
    len[i]->err = len[i]->err * l + fabs(len[i]->val) * CAPREF_CLOSED_FORM_RELERR;
  }
  r.force.val *= sigma;
  r.force.err = r.force.err * sigma + fabs(r.force.val) * CAPREF_CLOSED_FORM_RELERR;
  if (out) *out = r;
  return CAP_SUCCESS;
}

/* ---------------------------------------------------------------------------------------------- */
/* 2D unlike pair                                                                                 */

typedef struct {
  iso_par a, b;
  double sep;
  double S;        /* slope scale: residuals of the matching are relative to it */
  double m3a, m3b; /* sizes of the terms of the two vertical balances */
  double ode_tol;
  gsl_odeiv2_driver *d;
  int ode_status; /* first failure of the shooting, 0 if none */
} unlike_par;

/* One body from its contact inclinations: positions, heights and its vertical balance residual. */
typedef struct {
  double phi_o, phi_i, alpha_o, alpha_i, h_o, h_i, zc, vertical;
} unlike_body;

static unlike_body unlike_geom(const iso_par *p, double alpha_o, double alpha_i)
{
  unlike_body g;
  double b = p->b;
  g.alpha_o = alpha_o;
  g.alpha_i = alpha_i;
  g.phi_o = alpha_o + PI - p->theta;
  g.phi_i = alpha_i + PI - p->theta;
  g.h_o = -2.0 * sin(0.5 * alpha_o); /* the outer meniscus reaches the far level */
  g.zc = g.h_o + b * cos(g.phi_o);
  g.h_i = g.zc - b * cos(g.phi_i);
  /* sigma (sin alpha_o + sin alpha_i) + rho g (area between the wetted arc and z = 0) - weight */
  g.vertical = sin(alpha_o) + sin(alpha_i) - g.zc * b * (sin(g.phi_i) + sin(g.phi_o)) +
               0.5 * p->bond * (g.phi_i + g.phi_o + 0.5 * (sin(2.0 * g.phi_i) + sin(2.0 * g.phi_o))) -
               PI * p->D * p->bond;
  return g;
}

/* the meniscus in the distance x from a contact: z' = tan psi, psi' = z / cos psi (psi' = z per arc
 * length), psi the inclination rising away from the contact */
static int unlike_rhs(double x, const double y[], double dy[], void *vp)
{
  (void)x;
  (void)vp;
  if (!(fabs(y[1]) < UNLIKE_MAX_INCL)) return GSL_EBADFUNC;
  double c = cos(y[1]);
  dy[0] = tan(y[1]);
  dy[1] = y[0] / c;
  return GSL_SUCCESS;
}

/* (z, psi) at distance L from a contact of height h and inclination alpha */
static void unlike_shoot(unlike_par *up, double h, double alpha, double L, double y[2])
{
  y[0] = h;
  y[1] = alpha;
  double x = 0.0;
  gsl_odeiv2_driver_reset(up->d);
  int st = gsl_odeiv2_driver_apply(up->d, &x, L, y);
  if (st && !up->ode_status) up->ode_status = st;
}

/* x = (alpha_oa, alpha_ia, alpha_ob, alpha_ib): the two vertical balances, and the inner meniscus
 * shot from both contacts to the middle of the gap, where height and slope must agree (the slope
 * measured from b is mirrored). */
static int unlike_f(const gsl_vector *xv, void *vp, gsl_vector *f)
{
  unlike_par *up = vp;
  double x[4];
  for (int i = 0; i < 4; i++) {
    x[i] = gsl_vector_get(xv, i);
    if (!isfinite(x[i])) return GSL_EBADFUNC;
  }
  unlike_body A = unlike_geom(&up->a, x[0], x[1]), B = unlike_geom(&up->b, x[2], x[3]);
  double gap = up->sep - up->a.b * sin(A.phi_i) - up->b.b * sin(B.phi_i);
  if (!(gap > 0)) return GSL_EBADFUNC;
  double ya[2], yb[2];
  up->ode_status = 0;
  unlike_shoot(up, A.h_i, A.alpha_i, 0.5 * gap, ya);
  unlike_shoot(up, B.h_i, B.alpha_i, 0.5 * gap, yb);
  if (up->ode_status) return GSL_EBADFUNC;
  gsl_vector_set(f, 0, A.vertical / up->m3a);
  gsl_vector_set(f, 1, B.vertical / up->m3b);
  gsl_vector_set(f, 2, (ya[0] - yb[0]) / up->S);
  gsl_vector_set(f, 3, (ya[1] + yb[1]) / up->S);
  return GSL_SUCCESS;
}

/* The solve at one tolerance from x (updated on success): directly, else by continuation in the
 * separation from a gap of 12 l_c (the isolated bodies) inwards. */
static int unlike_solve(unlike_par *up, double tol, double x[4], const capref_cheerios_float2d *ia,
                        const capref_cheerios_float2d *ib)
{
  gsl_multiroot_function F = {unlike_f, 4, up};
  double y[4] = {x[0], x[1], x[2], x[3]};
  int st = hybrid_solve(&F, tol, y);
  if (!st) {
    memcpy(x, y, sizeof y);
    return 0;
  }
  double target = up->sep, start = up->a.b * sin(ia->phi.val) + up->b.b * sin(ib->phi.val) + 12.0;
  if (start <= target) return st;
  double z[4] = {ia->alpha.val, ia->alpha.val, ib->alpha.val, ib->alpha.val};
  for (int k = 0; k <= PAIR_CONT_STEPS; k++) {
    up->sep = start + (target - start) * k / PAIR_CONT_STEPS;
    if ((st = hybrid_solve(&F, tol, z))) break;
  }
  up->sep = target;
  if (!st) memcpy(x, z, sizeof z);
  return st;
}

static void unlike_side(const unlike_body *g, capref_cheerios_side2d *o)
{
  o->phi_o.val = g->phi_o;
  o->phi_i.val = g->phi_i;
  o->alpha_o.val = g->alpha_o;
  o->alpha_i.val = g->alpha_i;
  o->h_o.val = g->h_o;
  o->h_i.val = g->h_i;
  o->zc.val = g->zc;
}

/* the force from one body's inner contact: c - 1 = h_i^2/2 - 2 sin^2(alpha_i/2) */
static double unlike_force(const unlike_body *g)
{
  double s2 = sin(0.5 * g->alpha_i);
  return 0.5 * g->h_i * g->h_i - 2.0 * s2 * s2;
}

static void unlike_fill(const unlike_par *up, const double x[4], capref_cheerios_unlike2d *o, double *fa, double *fb)
{
  unlike_body A = unlike_geom(&up->a, x[0], x[1]), B = unlike_geom(&up->b, x[2], x[3]);
  unlike_side(&A, &o->a);
  unlike_side(&B, &o->b);
  *fa = unlike_force(&A);
  *fb = unlike_force(&B);
  o->force.val = 0.5 * (*fa + *fb);
}

static void unlike_errors(capref_cheerios_side2d *t, const capref_cheerios_side2d *w, double b)
{
  t->phi_o.err = errof(t->phi_o.val, w->phi_o.val, 1.0);
  t->phi_i.err = errof(t->phi_i.val, w->phi_i.val, 1.0);
  t->alpha_o.err = errof(t->alpha_o.val, w->alpha_o.val, 1.0);
  t->alpha_i.err = errof(t->alpha_i.val, w->alpha_i.val, 1.0);
  t->h_o.err = errof(t->h_o.val, w->h_o.val, 1.0);
  t->h_i.err = errof(t->h_i.val, w->h_i.val, 1.0 + b);
  t->zc.err = errof(t->zc.val, w->zc.val, 1.0 + b);
}

int capref_cheerios_2d_unlike(const capref_cheerios_body2d *a, const capref_cheerios_body2d *b, double sep,
                              capref_cheerios_unlike2d *out)
{
  if (!a || !b) return CAP_ERROR(CAP_EINVAL, "capref_cheerios_2d_unlike: body %s is NULL", a ? "b" : "a");
  int s = check_half_open("bond_a", a->bond, 1e4);
  if (!s) s = cap_check_closed("density_ratio_a", a->density_ratio, 0.0, 1e6, "");
  if (!s) s = cap_check_open("theta_a", a->theta, 0.0, PI, "rad");
  if (!s) s = check_half_open("bond_b", b->bond, 1e4);
  if (!s) s = cap_check_closed("density_ratio_b", b->density_ratio, 0.0, 1e6, "");
  if (!s) s = cap_check_open("theta_b", b->theta, 0.0, PI, "rad");
  if (s) return s;
  double ra = sqrt(a->bond), rb = sqrt(b->bond);
  if (!(sep > ra + rb) || !(sep <= ra + rb + MAX_GAP_UNLIKE))
    return CAP_ERROR(CAP_EDOM,
                     "sep = %.9g (centre distance / l_c) is out of range: allowed sqrt(bond_a) + sqrt(bond_b) = %.9g "
                     "< sep <= %.9g (the cylinders must not overlap; the gap is at most %g l_c)",
                     sep, ra + rb, ra + rb + MAX_GAP_UNLIKE, MAX_GAP_UNLIKE);
  unlike_par up = {
      {a->bond, ra, a->density_ratio, a->theta}, {b->bond, rb, b->density_ratio, b->theta}, sep, 0, 0, 0, 0, NULL, 0};
  capref_cheerios_float2d ia, ib;
  if ((s = iso_both(&up.a, &ia)) || (s = iso_both(&up.b, &ib))) return s;
  /* scales as in the identical pair: slopes S, vertical balances 2S + 2b(S + b) + Bo (pi + 1 + pi D) */
  up.S = fmax(fmax(fabs(ia.alpha.val), fabs(ib.alpha.val)), 1e-9);
  up.m3a = 2.0 * up.S + 2.0 * ra * (up.S + ra) + a->bond * (PI + 1.0 + PI * a->density_ratio);
  up.m3b = 2.0 * up.S + 2.0 * rb * (up.S + rb) + b->bond * (PI + 1.0 + PI * b->density_ratio);
  gsl_odeiv2_system sys = {unlike_rhs, NULL, 2, NULL};
  double xw[4] = {ia.alpha.val, ia.alpha.val, ib.alpha.val, ib.alpha.val}, xt[4];
  gsl_error_handler_t *old = ref_gsl_quiet();
  int st = GSL_ENOMEM;
  for (int pass = 0; pass < 2; pass++) {
    up.ode_tol = pass ? 1e-2 * TOL_TIGHT : 1e-2 * TOL_WORK;
    up.d = gsl_odeiv2_driver_alloc_y_new(&sys, gsl_odeiv2_step_rk8pd, 1e-3, up.ode_tol, up.ode_tol);
    if (!up.d) {
      st = GSL_ENOMEM;
      break;
    }
    gsl_odeiv2_driver_set_nmax(up.d, UNLIKE_ODE_NMAX);
    if (pass) memcpy(xt, xw, sizeof xt);
    st = unlike_solve(&up, pass ? TOL_TIGHT : TOL_WORK, pass ? xt : xw, &ia, &ib);
    gsl_odeiv2_driver_free(up.d);
    if (st) break;
  }
  ref_gsl_restore(old);
  if (st == GSL_ENOMEM) return CAP_ERROR(CAP_ENOMEM, "capref_cheerios_2d_unlike: cannot allocate the solvers");
  if (st)
    return CAP_ERROR(st == GSL_EMAXITER ? CAP_EMAXITER : CAP_ENUMERIC,
                     "unlike cylinder pair (bond %.9g, %.9g; density_ratio %.9g, %.9g; theta %.9g, %.9g rad; sep = "
                     "%.9g): the shooting root finder failed (%s); an equilibrium may not exist this close",
                     a->bond, b->bond, a->density_ratio, b->density_ratio, a->theta, b->theta, sep, gsl_strerror(st));
  capref_cheerios_unlike2d w, r;
  double fwa, fwb, fta, ftb;
  unlike_fill(&up, xw, &w, &fwa, &fwb);
  unlike_fill(&up, xt, &r, &fta, &ftb);
  const capref_cheerios_side2d *sd[2] = {&r.a, &r.b};
  for (int k = 0; k < 2; k++)
    if (!(sd[k]->phi_o.val > 0 && sd[k]->phi_o.val < PI && sd[k]->phi_i.val > 0 && sd[k]->phi_i.val < PI))
      return CAP_ERROR(CAP_ENOSOL,
                       "unlike cylinder pair, sep = %.9g: the contact lines of body %c would pass its top or bottom "
                       "(phi_o = %.9g, phi_i = %.9g rad): no floating equilibrium at this separation",
                       sep, k ? 'b' : 'a', sd[k]->phi_o.val, sd[k]->phi_i.val);
  unlike_errors(&r.a, &w.a, ra);
  unlike_errors(&r.b, &w.b, rb);
  /* the force from either contact (they agree to the shooting's accuracy: the first integral is not
   * imposed) */
  r.force.err = errof(r.force.val, w.force.val, up.S * up.S) + 0.5 * fabs(fta - ftb);
  if (out) *out = r;
  return CAP_SUCCESS;
}

/* ---------------------------------------------------------------------------------------------- */
/* 2D linearised laws                                                                             */

/* The far-field amplitude for |h| < 2 (capref_cheerios_2d_far_amplitude, unchecked). */
static double far_amplitude(double h)
{
  double ah = fabs(h);
  return ah > 0 ? copysign(4.0 * exp(sqrt(4.0 - ah * ah) - 2.0 - acosh(2.0 / ah)), h) : 0.0;
}

static capref_cheerios_linear2d linear_fill(double b, double sep, const capref_cheerios_float2d *iso)
{
  capref_cheerios_linear2d o;
  double h = iso->h.val, xc = b * sin(iso->phi.val), d = 0.5 * sep - xc;
  o.h_inf.val = h;
  o.x_c.val = xc;
  o.d.val = d;
  o.zm.val = h / sinh(d);
  o.force.val = 0.5 * o.zm.val * o.zm.val;
  o.force_far.val = 2.0 * h * h * exp(-2.0 * d);
  o.amp.val = far_amplitude(h);
  o.force_asym.val = 2.0 * o.amp.val * o.amp.val * exp(-2.0 * d);
  return o;
}

int capref_cheerios_2d_far_amplitude(double h, capref_result *out)
{
  if (!out) return CAP_ERROR(CAP_EINVAL, "capref_cheerios_2d_far_amplitude: out is NULL");
  if (!(fabs(h) < 2))
    return CAP_ERROR(CAP_EDOM, "far-field amplitude: h = %g l_c is out of range: allowed -2 < h < 2", h);
  out->val = far_amplitude(h);
  out->err = CAPREF_CLOSED_FORM_RELERR * fabs(out->val);
  return CAP_SUCCESS;
}

int capref_cheerios_2d_pair_walled(const capref_cheerios_pair2d *pair, double reach, capref_result *z_wall,
                                   capref_result *force)
{
  if (!pair) return CAP_ERROR(CAP_EINVAL, "capref_cheerios_2d_pair_walled: pair is NULL");
  if (!(reach > 0 && isfinite(reach)))
    return CAP_ERROR(CAP_EDOM, "walled pair: reach = %g l_c is out of range: allowed 0 < reach < inf", reach);
  capref_result A = {0, 0};
  int s = capref_cheerios_2d_far_amplitude(pair->h_o.val, &A);
  if (s) return s;
  const double e = exp(-reach), zw = 2.0 * A.val * e, zm = pair->zm.val;
  if (z_wall) *z_wall = (capref_result){zw, 2.0 * A.err * e + CAPREF_CLOSED_FORM_RELERR * fabs(zw)};
  /* the error: z_m's, and the order left out (z_m moves by O(z_w^2), the force by |z_m| z_w^2) */
  if (force) *force = (capref_result){0.5 * (zm * zm - zw * zw), fabs(zm) * pair->zm.err + fabs(zm) * zw * zw};
  return CAP_SUCCESS;
}

int capref_cheerios_2d_linear(double bond, double density_ratio, double theta, double sep,
                              capref_cheerios_linear2d *out)
{
  int s = check_2d(bond, density_ratio, theta);
  if (!s) s = check_sep_2d(bond, sep);
  if (s) return s;
  iso_par p = {bond, sqrt(bond), density_ratio, theta};
  double pw, pt;
  gsl_error_handler_t *old = ref_gsl_quiet();
  s = iso_solve(&p, TOL_WORK, &pw);
  if (!s) s = iso_solve(&p, TOL_TIGHT, &pt);
  ref_gsl_restore(old);
  if (s) return s;
  capref_cheerios_float2d iw = iso_fill(&p, pw), it = iso_fill(&p, pt);
  double d = 0.5 * sep - p.b * sin(pt);
  if (!(d > 0))
    return CAP_ERROR(CAP_ENOSOL,
                     "linearised law: the isolated contact lines (x_c = %.9g l_c) meet or cross at sep = %.9g",
                     p.b * sin(pt), sep);
  capref_cheerios_linear2d w = linear_fill(p.b, sep, &iw), r = linear_fill(p.b, sep, &it);
  r.h_inf.err = errof(r.h_inf.val, w.h_inf.val, 1.0);
  r.x_c.err = errof(r.x_c.val, w.x_c.val, p.b);
  r.d.err = errof(r.d.val, w.d.val, 1.0 + p.b + sep);
  r.zm.err = errof(r.zm.val, w.zm.val, fabs(r.zm.val) * (1.0 + d / tanh(d)));
  r.force.err = errof(r.force.val, w.force.val, 2.0 * r.force.val * (1.0 + d / tanh(d)));
  r.force_far.err = errof(r.force_far.val, w.force_far.val, 2.0 * r.force_far.val * (1.0 + 2.0 * d));
  r.amp.err = errof(r.amp.val, w.amp.val, fabs(r.amp.val));
  r.force_asym.err = errof(r.force_asym.val, w.force_asym.val, 2.0 * r.force_asym.val * (1.0 + 2.0 * d));
  if (out) *out = r;
  return CAP_SUCCESS;
}
