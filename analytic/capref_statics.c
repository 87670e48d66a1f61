#include "capref_statics.h"

#include <stdlib.h>
#include <gsl/gsl_odeiv2.h>
#include <gsl/gsl_roots.h>

#include "capref_laplace.h"
#include "ref_internal.h"

#define PI 3.14159265358979323846

/* Shooting / integration settings (see the header). */
#define TOL_WORK      1e-10               /* working relative tolerance */
#define TOL_TIGHT     1e-12               /* 100x tighter, for the error estimate */
#define BO_CAP        1e-24               /* below this drop Bond number the cap is exact to rounding */
#define S0_AXI        1e-4                /* start of the axisymmetric integration (unit ell), from the apex series */
#define U_MIN         (-460.517018598809) /* log(1e-200): smallest apex curvature b (1/l_c) */
#define U_MAX         (460.517018598809)  /* log(1e+200) */
#define ODE_NMAX      200000
#define BRENT_MAXITER 200

/* ------------------------------------------------------------------------------------------------ */
/* Young */

int capref_statics_young(double sigma_sa, double sigma_sl, double sigma_la, capref_result *cos_theta,
                         capref_result *theta)
{
  int s = cap_check_nonneg("sigma_sa", sigma_sa, "N/m");
  if (!s) s = cap_check_nonneg("sigma_sl", sigma_sl, "N/m");
  if (!s) s = cap_check_positive("sigma_la", sigma_la, "N/m");
  if (s) return s;
  double c = (sigma_sa - sigma_sl) / sigma_la;
  if (c > 1.0)
    return CAP_ERROR(CAP_ENOSOL,
                     "no equilibrium contact angle: (sigma_sa - sigma_sl)/sigma_la = %.9g > 1, complete "
                     "wetting (spreading coefficient S = sigma_sa - sigma_sl - sigma_la = %.6g N/m > 0)",
                     c, sigma_sa - sigma_sl - sigma_la);
  if (c < -1.0)
    return CAP_ERROR(CAP_ENOSOL,
                     "no equilibrium contact angle: (sigma_sa - sigma_sl)/sigma_la = %.9g < -1, complete "
                     "drying (sigma_sl - sigma_sa = %.6g N/m exceeds sigma_la = %.6g N/m)",
                     c, sigma_sl - sigma_sa, sigma_la);
  /* the subtraction may cancel: the error is relative to the operands, not to the difference */
  double ec = CAPREF_CLOSED_FORM_RELERR * (sigma_sa + sigma_sl) / sigma_la;
  double th = acos(c);
  double sn = sqrt((1.0 - c) * (1.0 + c));
  double eth = sqrt(2.0 * ec); /* bound near c = +-1, where acos has infinite slope */
  if (sn > 0 && ec / sn < eth) eth = ec / sn;
  eth += th * CAPREF_CLOSED_FORM_RELERR;
  capref_result rc = {c, ec}, rt = {th, eth};
  ref_put(cos_theta, rc);
  ref_put(theta, rt);
  return CAP_SUCCESS;
}

/* ------------------------------------------------------------------------------------------------ */
/* Zero-gravity caps */

/* x - sin(x) without cancellation for small x */
static double x_minus_sin(double x)
{
  if (fabs(x) >= 1.0) return x - sin(x);
  double x2 = x * x, term = x * x2 / 6.0, sum = 0.0;
  for (int k = 1; k < 12; k++) { /* x^3/3! - x^5/5! + ... */
    sum += term;
    term *= -x2 / ((2.0 * k + 2.0) * (2.0 * k + 3.0));
  }
  return sum;
}

static int check_size(capref_dim dim, double size)
{
  return dim == CAPREF_2D ? cap_check_positive("area", size, "m^2") : cap_check_positive("volume", size, "m^3");
}

static int check_theta(double theta) { return cap_check_open("theta", theta, 0.0, PI, "rad"); }

/* R0: radius of the half-disc / hemisphere of the same area / volume */
static double equal_radius(capref_dim dim, double size)
{
  return dim == CAPREF_2D ? sqrt(2.0 * size / PI) : cbrt(3.0 * size / (2.0 * PI));
}

/* cap radius from area/volume (inputs already validated) */
static double cap_radius(capref_dim dim, double theta, double size)
{
  if (dim == CAPREF_2D) return sqrt(size / (0.5 * x_minus_sin(2.0 * theta)));
  double sh = sin(0.5 * theta);
  double f = 4.0 * sh * sh * sh * sh * (2.0 + cos(theta)) / 3.0; /* (1-cos)^2 (2+cos)/3 */
  return cbrt(size / (PI * f));
}

int capref_statics_cap(capref_dim dim, double theta, double size, capref_statics_cap_shape *out)
{
  int s = capref_check_dim(dim);
  if (!s) s = check_theta(theta);
  if (!s) s = check_size(dim, size);
  if (!s && !out) s = CAP_ERROR(CAP_EINVAL, "capref_statics_cap: out is NULL");
  if (s) return s;
  double R = cap_radius(dim, theta, size), sh = sin(0.5 * theta);
  out->radius = ref_closed(R);
  out->half_width = ref_closed(R * sin(theta));
  out->height = ref_closed(2.0 * R * sh * sh);
  out->kappa = ref_closed((dim == CAPREF_2D ? 1.0 : 2.0) / R);
  out->r0 = ref_closed(equal_radius(dim, size));
  return CAP_SUCCESS;
}

/* ------------------------------------------------------------------------------------------------ */
/* Sessile drop: integration of the Young-Laplace equations */

typedef struct {
  int axi;     /* 0: planar, 1: axisymmetric */
  double B, G; /* apex curvature and gravity factor in units of ell */
} shape_par;

/* inclination rate dpsi/ds; returns 0 outside the domain (x <= 0 in axi, or non-increasing psi) */
static double psi_rate(const shape_par *p, double psi, double x, double z)
{
  if (p->axi) {
    if (!(x > 0)) return 0.0;
    return 2.0 * p->B + p->G * z - sin(psi) / x;
  }
  return p->B + p->G * z;
}

/* psi as the independent variable: y = {x, z, area or volume, s} */
static int rhs_psi(double psi, const double y[], double f[], void *params)
{
  const shape_par *p = params;
  double w = psi_rate(p, psi, y[0], y[1]);
  /* GSL_FAILURE (not GSL_EBADFUNC) makes the driver retry with a smaller step: a trial stage of a
   * too-large step may leave the domain. A genuine failure ends as a step-size underflow. */
  if (!(w > 0) || !isfinite(w)) return GSL_FAILURE;
  double dx = cos(psi) / w, dz = sin(psi) / w;
  f[0] = dx;
  f[1] = dz;
  f[2] = (p->axi ? PI * y[0] * y[0] : 2.0 * y[0]) * dz;
  f[3] = 1.0 / w;
  return GSL_SUCCESS;
}

/* arc length as the independent variable: y = {x, z, psi} */
static int rhs_s(double s, const double y[], double f[], void *params)
{
  (void)s;
  const shape_par *p = params;
  double w = psi_rate(p, y[2], y[0], y[1]);
  if (!(w > 0) || !isfinite(w)) return GSL_FAILURE;
  f[0] = cos(y[2]);
  f[1] = sin(y[2]);
  f[2] = w;
  return GSL_SUCCESS;
}

/* apex series of the axisymmetric profile at arc length s (unit ell): {x, z, psi, volume} */
static void apex_series(const shape_par *p, double s, double out[4])
{
  double B = p->B, G = p->G, s2 = s * s;
  out[0] = s * (1.0 - B * B * s2 / 6.0 + (B * B * B * B / 24.0 - G * B * B / 8.0) * s2 * s2 / 5.0);
  out[1] = B * s2 / 2.0 + (G * B / 8.0 - B * B * B / 6.0) * s2 * s2 / 4.0;
  out[2] = B * s + G * B * s * s2 / 8.0;
  out[3] = PI * (B * s2 * s2 / 4.0 + (G * B / 8.0 - B * B * B / 2.0) * s2 * s2 * s2 / 6.0);
}

/* start of the axisymmetric integration: S0_AXI, or less so that psi(s0) ~ B s0 stays below theta/100 */
static double axi_s0(const shape_par *p, double theta)
{
  double s0 = S0_AXI;
  if (p->B * s0 > 0.01 * theta) s0 = 0.01 * theta / p->B;
  return s0;
}

static int map_gsl(int gs, const char *what)
{
  if (gs == GSL_SUCCESS) return CAP_SUCCESS;
  if (gs == GSL_EMAXITER) return CAP_ERROR(CAP_EMAXITER, "sessile drop: %s exceeded %d ODE steps", what, ODE_NMAX);
  return CAP_ERROR(CAP_ENUMERIC, "sessile drop: %s failed (GSL: %s)", what, gsl_strerror(gs));
}

/* the scaling for trial apex curvature b = exp(u) (1/l_c) */
static void scaling(int axi, double u, shape_par *p, double *lam)
{
  double l = u > 0 ? exp(-u) : 1.0; /* ell / l_c */
  p->axi = axi;
  p->B = u > 0 ? 1.0 : exp(u);
  p->G = l * l;
  *lam = l;
}

/* One profile in units of ell, integrated in psi up to theta. */
typedef struct {
  double lam;             /* ell / l_c */
  double x, z, q, s, xeq; /* at the contact line (xeq: widest half-width) */
} shape_end;

static int integrate_shape(int axi, double u, double theta, double tol, shape_end *o)
{
  shape_par p;
  scaling(axi, u, &p, &o->lam);
  double y[4], psi, h0;
  if (axi) {
    double ser[4], s0 = axi_s0(&p, theta);
    apex_series(&p, s0, ser);
    y[0] = ser[0];
    y[1] = ser[1];
    y[2] = ser[3];
    y[3] = s0;
    psi = ser[2];
    h0 = psi;
  } else {
    y[0] = y[1] = y[2] = y[3] = 0.0;
    psi = 0.0;
    h0 = 1e-3 * fmin(theta, p.B);
  }
  gsl_odeiv2_system sys = {rhs_psi, NULL, 4, &p};
  gsl_odeiv2_driver *d = gsl_odeiv2_driver_alloc_standard_new(&sys, gsl_odeiv2_step_rk8pd, h0, 1e-300, tol, 1.0, 1.0);
  if (!d) return CAP_ERROR(CAP_ENOMEM, "sessile drop: cannot allocate the ODE driver");
  gsl_odeiv2_driver_set_nmax(d, ODE_NMAX);
  int gs = GSL_SUCCESS;
  o->xeq = -1.0;
  if (theta > 0.5 * PI) {
    gs = gsl_odeiv2_driver_apply(d, &psi, 0.5 * PI, y);
    o->xeq = y[0];
  }
  if (gs == GSL_SUCCESS) gs = gsl_odeiv2_driver_apply(d, &psi, theta, y);
  gsl_odeiv2_driver_free(d);
  if (gs != GSL_SUCCESS) return map_gsl(gs, "the profile integration");
  o->x = y[0];
  o->z = y[1];
  o->q = y[2];
  o->s = y[3];
  if (o->xeq < 0) o->xeq = o->x;
  if (!(isfinite(o->x) && isfinite(o->z) && isfinite(o->q) && o->q > 0 && o->x > 0))
    return CAP_ERROR(CAP_ENUMERIC, "sessile drop: non-finite or degenerate profile at b = %g / l_c", exp(u));
  return CAP_SUCCESS;
}

/* log of the area/volume (in l_c units) of the drop with apex curvature exp(u) */
typedef struct {
  int axi;
  double theta, tol, log_target;
  int status;
} shoot_ctx;

static double log_size(const shape_end *o, int axi) { return log(o->q) + (axi ? 3.0 : 2.0) * log(o->lam); }

static double shoot_f(double u, void *params)
{
  shoot_ctx *c = params;
  shape_end o;
  int s = integrate_shape(c->axi, u, c->theta, c->tol, &o);
  if (s) {
    if (!c->status) c->status = s;
    return NAN;
  }
  return log_size(&o, c->axi) - c->log_target;
}

/* A solved drop, lengths in l_c. */
typedef struct {
  double u, b, h, a, xeq, s;
} drop_lc;

static int solve_drop(int axi, double theta, double target_lc, double lc, double u_guess, double tol, drop_lc *r)
{
  shoot_ctx c = {axi, theta, tol, log(target_lc), CAP_SUCCESS};
  double u0 = u_guess, f0 = shoot_f(u0, &c);
  if (c.status) return c.status;
  double u1 = u0, f1 = f0, du = 0.25;
  /* expand a bracket: F decreases with u (a more curved apex holds less liquid) */
  while (f0 != 0.0 && (f0 > 0) == (f1 > 0)) {
    u0 = u1;
    f0 = f1;
    u1 = f0 < 0 ? u0 - du : u0 + du;
    if (u1 < U_MIN) u1 = U_MIN;
    if (u1 > U_MAX) u1 = U_MAX;
    f1 = shoot_f(u1, &c);
    if (c.status) return c.status;
    if ((u1 == U_MIN || u1 == U_MAX) && (f0 > 0) == (f1 > 0)) {
      if (u1 == U_MIN) {
        int k = axi ? 3 : 2;
        double qmax = exp(f1 + c.log_target), unit = pow(lc, k);
        return CAP_ERROR(CAP_EDOM,
                         "%s = %.6g m^%d (%.6g l_c^%d) is out of range: the sessile-drop shooting "
                         "allows %s <= %.6g m^%d (%.6g l_c^%d, apex curvature 1e-200/l_c); a larger "
                         "puddle has height 2 l_c sin(theta/2) = %.6g m",
                         axi ? "volume" : "area", target_lc * unit, k, target_lc, k, axi ? "volume" : "area",
                         qmax * unit, k, qmax, k, 2.0 * lc * sin(0.5 * theta));
      }
      return CAP_ERROR(CAP_ENUMERIC, "sessile drop: no apex curvature up to 1e200/l_c fits the size");
    }
    du *= 2.0;
  }
  double ur = u0;
  if (f0 != 0.0) {
    double lo = fmin(u0, u1), hi = fmax(u0, u1);
    gsl_function F = {shoot_f, &c};
    gsl_root_fsolver *sv = gsl_root_fsolver_alloc(gsl_root_fsolver_brent);
    if (!sv) return CAP_ERROR(CAP_ENOMEM, "sessile drop: cannot allocate the root solver");
    int gs = gsl_root_fsolver_set(sv, &F, lo, hi), it = 0, done = 0;
    while (gs == GSL_SUCCESS && !done && it < BRENT_MAXITER) {
      it++;
      gs = gsl_root_fsolver_iterate(sv);
      if (c.status || gs != GSL_SUCCESS) break;
      ur = gsl_root_fsolver_root(sv);
      lo = gsl_root_fsolver_x_lower(sv);
      hi = gsl_root_fsolver_x_upper(sv);
      double fr = shoot_f(ur, &c);
      if (c.status) break;
      done = fabs(fr) <= 1e-3 * tol || gsl_root_test_interval(lo, hi, 1e-14, 1e-14) == GSL_SUCCESS;
    }
    gsl_root_fsolver_free(sv);
    if (c.status) return c.status;
    if (gs != GSL_SUCCESS)
      return CAP_ERROR(CAP_ENUMERIC, "sessile drop: root finding on the apex curvature failed (GSL: %s)",
                       gsl_strerror(gs));
    if (!done)
      return CAP_ERROR(CAP_EMAXITER, "sessile drop: apex curvature not converged in %d Brent iterations",
                       BRENT_MAXITER);
  }
  shape_end o;
  int s = integrate_shape(axi, ur, theta, tol, &o);
  if (s) return s;
  r->u = ur;
  r->b = exp(ur);
  r->h = o.z * o.lam;
  r->a = o.x * o.lam;
  r->xeq = o.xeq * o.lam;
  r->s = o.s * o.lam;
  return CAP_SUCCESS;
}

/* Profile at n points equally spaced in arc length, lengths in l_c. The last point is the contact
 * line of the psi-integration (a, h, theta). */
static int drop_profile(int axi, const drop_lc *r, double theta, double tol, size_t n, double *xs, double *zs,
                        double *ps)
{
  shape_par p;
  double lam;
  scaling(axi, r->u, &p, &lam);
  double S = r->s / lam; /* total arc length in ell */
  double y[3] = {0.0, 0.0, 0.0}, s = 0.0, s0 = axi ? axi_s0(&p, theta) : 0.0;
  if (axi) {
    double ser[4];
    apex_series(&p, s0, ser);
    y[0] = ser[0];
    y[1] = ser[1];
    y[2] = ser[2];
    s = s0;
  }
  gsl_odeiv2_system sys = {rhs_s, NULL, 3, &p};
  gsl_odeiv2_driver *d =
      gsl_odeiv2_driver_alloc_standard_new(&sys, gsl_odeiv2_step_rk8pd, 1e-3 * fmin(S, 1.0), 1e-300, tol, 1.0, 1.0);
  if (!d) return CAP_ERROR(CAP_ENOMEM, "sessile drop: cannot allocate the ODE driver");
  gsl_odeiv2_driver_set_nmax(d, ODE_NMAX);
  int gs = GSL_SUCCESS;
  for (size_t i = 0; i + 1 < n && gs == GSL_SUCCESS; i++) {
    double si = S * (double)i / (double)(n - 1);
    if (axi && si <= s0) {
      double ser[4];
      apex_series(&p, si, ser);
      xs[i] = ser[0];
      zs[i] = ser[1];
      ps[i] = ser[2];
    } else {
      if (si > s) gs = gsl_odeiv2_driver_apply(d, &s, si, y);
      xs[i] = y[0];
      zs[i] = y[1];
      ps[i] = y[2];
    }
  }
  gsl_odeiv2_driver_free(d);
  if (gs != GSL_SUCCESS) return map_gsl(gs, "the profile sampling");
  for (size_t i = 0; i + 1 < n; i++) {
    xs[i] *= lam;
    zs[i] *= lam;
  }
  xs[n - 1] = r->a;
  zs[n - 1] = r->h;
  ps[n - 1] = theta;
  return CAP_SUCCESS;
}

/* ------------------------------------------------------------------------------------------------ */
/* Public entry points */

static int check_sessile(capref_dim dim, const capref_fluid *f, double theta, double size)
{
  int s = capref_check_dim(dim);
  if (!s) s = ref_check_fluid(f);
  if (!s) s = cap_check_nonneg("rho", f->rho, "kg/m^3");
  if (!s) s = cap_check_nonneg("g", f->g, "m/s^2");
  if (!s) s = cap_check_positive("sigma", f->sigma, "N/m");
  if (!s) s = check_theta(theta);
  if (!s) s = check_size(dim, size);
  return s;
}

static double bond_of(capref_dim dim, const capref_fluid *f, double size)
{
  double r0 = equal_radius(dim, size);
  return f->rho * f->g * r0 * r0 / f->sigma;
}

/* |a - b| + TOL_TIGHT |b|: the reported value is b (tight tolerance) */
static capref_result num_result(double loose, double tight)
{
  capref_result r = {tight, fabs(loose - tight) + TOL_TIGHT * fabs(tight)};
  return r;
}

/* Solves the drop with both tolerances; lengths in l_c. */
static int solve_both(capref_dim dim, double theta, double size, double lc, drop_lc *w, drop_lc *t)
{
  int axi = dim == CAPREF_3D;
  double target = size / (axi ? lc * lc * lc : lc * lc);
  double u_cap = log(lc / cap_radius(dim, theta, size)); /* b of the zero-gravity cap */
  if (!(lc > 0 && isfinite(target) && target > 0 && isfinite(u_cap)))
    return CAP_ERROR(CAP_EDOM,
                     "rho g is out of range: the capillary length sqrt(sigma/(rho g)) = %.6g m is not "
                     "representable against %s = %.6g (size/l_c^%d must be a finite positive double)",
                     lc, axi ? "volume" : "area", size, axi ? 3 : 2);
  int s = solve_drop(axi, theta, target, lc, u_cap, TOL_WORK, w);
  if (!s) s = solve_drop(axi, theta, target, lc, w->u, TOL_TIGHT, t);
  return s;
}

int capref_statics_sessile(capref_dim dim, const capref_fluid *f, double theta, double size,
                           capref_statics_drop_shape *out)
{
  int s = check_sessile(dim, f, theta, size);
  if (!s && !out) s = CAP_ERROR(CAP_EINVAL, "capref_statics_sessile: out is NULL");
  if (s) return s;
  double bo = bond_of(dim, f, size);
  out->bond = ref_closed(bo);
  if (!(bo >= BO_CAP)) { /* zero gravity: the exact cap */
    capref_statics_cap_shape c;
    s = capref_statics_cap(dim, theta, size, &c);
    if (s) return s;
    double R = c.radius.val;
    out->apex_curvature = ref_closed(1.0 / R);
    out->height = c.height;
    out->half_width = c.half_width;
    out->max_half_width = theta > 0.5 * PI ? c.radius : c.half_width;
    out->apparent_angle = ref_closed(2.0 * atan(c.height.val / c.half_width.val));
    out->arc_length = ref_closed(R * theta);
    return CAP_SUCCESS;
  }
  double lc = sqrt(f->sigma / (f->rho * f->g));
  drop_lc w, t;
  gsl_error_handler_t *old = ref_gsl_quiet();
  s = solve_both(dim, theta, size, lc, &w, &t);
  ref_gsl_restore(old);
  if (s) return s;
  out->apex_curvature = num_result(w.b / lc, t.b / lc);
  out->height = num_result(w.h * lc, t.h * lc);
  out->half_width = num_result(w.a * lc, t.a * lc);
  out->max_half_width = num_result(w.xeq * lc, t.xeq * lc);
  out->apparent_angle = num_result(2.0 * atan(w.h / w.a), 2.0 * atan(t.h / t.a));
  out->arc_length = num_result(w.s * lc, t.s * lc);
  return CAP_SUCCESS;
}

int capref_statics_sessile_profile(capref_dim dim, const capref_fluid *f, double theta, double size, size_t n,
                                   capref_result *x, capref_result *z, capref_result *psi)
{
  int s = check_sessile(dim, f, theta, size);
  if (!s && (n < 2 || n > CAPREF_STATICS_PROFILE_NMAX))
    s = CAP_ERROR(CAP_EDOM, "n = %zu is out of range: allowed 2 <= n <= %d points", n, CAPREF_STATICS_PROFILE_NMAX);
  if (!s && (!x || !z)) s = CAP_ERROR(CAP_EINVAL, "capref_statics_sessile_profile: x or z is NULL");
  if (s) return s;
  double bo = bond_of(dim, f, size);
  if (!(bo >= BO_CAP)) { /* the exact cap: psi equally spaced is arc length equally spaced */
    double R = cap_radius(dim, theta, size);
    for (size_t i = 0; i < n; i++) {
      double ps = theta * (double)i / (double)(n - 1), sh = sin(0.5 * ps);
      x[i] = ref_closed(R * sin(ps));
      z[i] = ref_closed(2.0 * R * sh * sh);
      if (psi) psi[i] = ref_closed(ps);
    }
    return CAP_SUCCESS;
  }
  double *buf = malloc(6 * n * sizeof *buf);
  if (!buf) return CAP_ERROR(CAP_ENOMEM, "sessile drop profile: cannot allocate %zu points", n);
  double *xw = buf, *zw = buf + n, *pw = buf + 2 * n, *xt = buf + 3 * n, *zt = buf + 4 * n, *pt = buf + 5 * n;
  double lc = sqrt(f->sigma / (f->rho * f->g));
  int axi = dim == CAPREF_3D;
  drop_lc w, t;
  gsl_error_handler_t *old = ref_gsl_quiet();
  s = solve_both(dim, theta, size, lc, &w, &t);
  if (!s) s = drop_profile(axi, &w, theta, TOL_WORK, n, xw, zw, pw);
  if (!s) s = drop_profile(axi, &t, theta, TOL_TIGHT, n, xt, zt, pt);
  ref_gsl_restore(old);
  if (!s) {
    for (size_t i = 0; i < n; i++) {
      double si = t.s * (double)i / (double)(n - 1); /* arc length to the point, l_c */
      x[i].val = xt[i] * lc;
      x[i].err = (fabs(xw[i] - xt[i]) + TOL_TIGHT * si) * lc;
      z[i].val = zt[i] * lc;
      z[i].err = (fabs(zw[i] - zt[i]) + TOL_TIGHT * si) * lc;
      if (psi) psi[i] = num_result(pw[i], pt[i]);
    }
  }
  free(buf);
  return s;
}

/* ------------------------------------------------------------------------------------------------ */
/* Zero-gravity drop on a circular solid (item 4) */

typedef struct {
  double theta, rs, area;
} disc_par;

static double disc_distance(const disc_par *p, double R)
{
  return sqrt(fmax(p->rs * p->rs + R * R - 2.0 * p->rs * R * cos(p->theta), 0.0));
}

static double clamp1(double c) { return c > 1.0 ? 1.0 : (c < -1.0 ? -1.0 : c); }

/* the liquid area of the drop of radius R minus the target, relative to the target */
static double disc_residual(double R, void *params)
{
  const disc_par *p = params;
  double rs = p->rs, D = disc_distance(p, R), lens;
  if (D <= fabs(R - rs))
    lens = PI * fmin(R, rs) * fmin(R, rs); /* one disc inside the other */
  else {
    double a = acos(clamp1((D * D + R * R - rs * rs) / (2.0 * D * R)));
    double b = acos(clamp1((D * D + rs * rs - R * R) / (2.0 * D * rs)));
    double k = (-D + R + rs) * (D + R - rs) * (D - R + rs) * (D + R + rs);
    lens = R * R * a + rs * rs * b - 0.5 * sqrt(fmax(k, 0.0));
  }
  return (PI * R * R - lens) / p->area - 1.0;
}

static int disc_solve(const disc_par *p, double tol, double *R)
{
  /* bracket: the flat cap of the same area is a lower bound's scale; double until the area exceeds */
  double lo = 1e-3 * cap_radius(CAPREF_2D, p->theta, p->area), hi = lo;
  int k = 0;
  while (disc_residual(hi, (void *)p) < 0.0 && k++ < 200) {
    lo = hi;
    hi *= 2.0;
  }
  if (k > 200 || disc_residual(lo, (void *)p) > 0.0)
    return CAP_ERROR(CAP_ENUMERIC,
                     "drop on a disc: cannot bracket the radius (theta = %.9g rad, rs = %.9g m, "
                     "area = %.9g m^2)",
                     p->theta, p->rs, p->area);
  return ref_brent(disc_residual, (void *)p, lo, hi, 0.0, tol, R, "drop on a disc: the radius");
}

int capref_statics_cap_on_disc(double theta, double rs, double area, capref_statics_disc_cap_shape *out)
{
  int s = check_theta(theta);
  if (!s) s = cap_check_positive("rs", rs, "m");
  if (!s) s = cap_check_positive("area", area, "m^2");
  if (!s && !out) s = CAP_ERROR(CAP_EINVAL, "capref_statics_cap_on_disc: out is NULL");
  if (s) return s;
  disc_par p = {theta, rs, area};
  double Rw = 0, Rt = 0;
  gsl_error_handler_t *old = ref_gsl_quiet();
  s = disc_solve(&p, TOL_WORK, &Rw);
  if (!s) s = disc_solve(&p, TOL_TIGHT, &Rt);
  ref_gsl_restore(old);
  if (s) return s;
  double Dw = disc_distance(&p, Rw), Dt = disc_distance(&p, Rt);
  out->radius = num_result(Rw, Rt);
  out->distance = num_result(Dw, Dt);
  out->apex_height = num_result(Dw + Rw - rs, Dt + Rt - rs);
  out->beta = num_result(acos(clamp1((Dw * Dw + rs * rs - Rw * Rw) / (2.0 * Dw * rs))),
                         acos(clamp1((Dt * Dt + rs * rs - Rt * Rt) / (2.0 * Dt * rs))));
  return CAP_SUCCESS;
}
