/* Tests of analytic/capref_floating: a horizontal cylinder floating on a bath (2D, per unit length).
 *
 * Independent references used here:
 *  - the vertical force balance rebuilt from scratch: the contact height h from a gsl_odeiv2
 *    integration of the Young-Laplace meniscus from the far field (z -> 0) to the contact inclination
 *    alpha, then the hydrostatic pressure -rho g z integrated over the wetted arc by gsl_integration_qag,
 *    plus the two tension forces 2 sigma sin(alpha);
 *  - mpmath (python3, 30 digits) values of D(phi), D_max, phi_max and the equilibrium, computed from
 *    the force balance with a 400-point grid, mpmath.findroot on a numerical derivative (mpmath.diff)
 *    and bracketed root finding (a different method from the library's GSL minimiser);
 *  - the small-Bond expansion, derived by hand (perturbation of the maximum of 2 sin(alpha)):
 *      pi Bo D_max = 2 + e a0 + e^2 (b0 + a1^2 / 4) + O(e^3),   e = sqrt(Bo), phi0 = 3 pi/2 - theta,
 *      a0 = -2 sqrt(2) cos(theta), a1 = sqrt(2) sin(phi0) + 2 sqrt(2) cos(phi0),
 *      b0 = phi0 - sin(phi0) cos(phi0);
 *    so D_max Bo -> 2/pi for theta >= pi/2;
 *  - the paperclip example (steel wire R = 0.5 mm on water, sigma = 0.072 N/m, rho = 1000 kg/m^3,
 *    g = 9.81 m/s^2, theta = 100 deg) of the floating-paperclip scene of Ruan et al. (2021),
 *    "Solid-fluid interaction with surface-tension-dominant contact" (density ratios up to 7.9 stay
 *    afloat), with the wire radius chosen by capillab's floating issue: D = 7.9 floats, D = 25 sinks.
 * No numerical value of Vella, Lee & Kim (2006) is used (docs/design/tests-notes.md).
 */
#include <gsl/gsl_errno.h>
#include <gsl/gsl_integration.h>
#include <gsl/gsl_odeiv2.h>
#include <math.h>
#include <string.h>

#include "../analytic/capref_floating.h"
#include "../solver/cap_errno.h"
#include "tharness.h"

#define DEG (M_PI / 180.0)

/* Meniscus ODE with the inclination psi as the independent variable (lengths in units of R,
 * l_c = 1/sqrt(Bo)): dz/dpsi = l_c^2 sin(psi) / z, dx/dpsi = l_c^2 cos(psi) / z, i.e. the
 * Young-Laplace equation sigma dpsi/ds = rho g z. */
static int rhs_psi(double psi, const double y[], double f[], void *p)
{
  double lc2 = *(double *)p;
  f[0] = lc2 * sin(psi) / y[0];
  f[1] = lc2 * cos(psi) / y[0];
  return GSL_SUCCESS;
}

/* Contact height (units of R) of a meniscus decaying to z = 0 that has inclination alpha at the body:
 * start in the far field on the linear tail z = -eps l_c, psi = eps (sign of alpha) and integrate to
 * psi = alpha (towards the body: the growing direction, so start errors do not grow). */
static int contact_height_ode(double bo, double alpha, double *h)
{
  double lc2 = 1.0 / bo, lc = sqrt(lc2), eps = 1e-6, sg = alpha > 0 ? 1.0 : -1.0;
  double y[2] = {-sg * eps * lc, 0.0}, psi = sg * eps;
  gsl_odeiv2_system sys = {rhs_psi, NULL, 2, &lc2};
  gsl_odeiv2_driver *d = gsl_odeiv2_driver_alloc_y_new(&sys, gsl_odeiv2_step_rk8pd, sg * 1e-8, 1e-15, 1e-12);
  int s = gsl_odeiv2_driver_apply(d, &psi, alpha, y);
  gsl_odeiv2_driver_free(d);
  *h = y[0];
  return s;
}

/* Vertical pressure force on the wetted arc, in units of rho g R^2: int -p n_z ds with p = -rho g z,
 * z = zc - cos t, outward normal n_z = -cos t, t in [-phi, phi] from the downward vertical. */
static double pressure_integrand(double t, void *p)
{
  double zc = *(double *)p;
  return (zc - cos(t)) * (-cos(t));
}

static int pressure_force(double zc, double phi, double *f)
{
  gsl_integration_workspace *ws = gsl_integration_workspace_alloc(100);
  gsl_function F = {pressure_integrand, &zc};
  double err;
  int s = gsl_integration_qag(&F, -phi, phi, 1e-14, 1e-12, 100, GSL_INTEG_GAUSS41, ws, f, &err);
  gsl_integration_workspace_free(ws);
  return s;
}

/* D from the independent force balance; also returns |terms| for a tolerance scale. */
static int independent_load(double bo, double theta, double phi, double *d, double *scale)
{
  double alpha = phi + theta - M_PI, h, fp;
  int s = contact_height_ode(bo, alpha, &h);
  if (s) return s;
  double zc = h + cos(phi);
  s = pressure_force(zc, phi, &fp);
  double tension = 2.0 * sin(alpha) / bo;
  *d = (tension + fp) / M_PI;
  *scale = (fabs(tension) + fabs(fp)) / M_PI;
  return s;
}

/* (i) the closed form D(phi) against the independent force balance. */
static void force_balance(void)
{
  static const double cases[][2] = {{0.3817, 63.7}, {1.7321, 137.0}, {0.0523, 21.3}, {12.9, 163.2}};
  static const double phis[] = {0.4137, 1.2345, 2.0177, 2.8311};
  gsl_error_handler_t *old = gsl_set_error_handler_off();
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
    for (size_t j = 0; j < sizeof phis / sizeof phis[0]; j++) {
      double bo = cases[i][0], th = cases[i][1] * DEG, phi = phis[j], di, scale;
      capref_result d;
      th_int(capref_floating_load(bo, th, phi, &d), CAP_SUCCESS, "load status");
      int s = independent_load(bo, th, phi, &di, &scale);
      th_int(s, GSL_SUCCESS, "independent force balance (ODE + quadrature) status");
      /* ODE at rtol 1e-12 (start error eps^2/24 ~ 4e-14), quadrature 1e-12: 1e-9 of the force scale */
      th_abs(d.val, di, 1e-9 * scale,
             "force balance: D(phi = %.4f) vs pressure quadrature + tension, Bo = %g, "
             "theta = %g deg",
             phi, bo, cases[i][1]);
      th_true(d.err > 0 && d.err <= 1e-13 * (scale + 1.0), "D(phi) closed-form err is a few ulps");
    }
  gsl_set_error_handler(old);
  /* mpmath: D(1.2345; Bo = 0.3817, theta = 63.7 deg) = -1.65057921737092997 */
  capref_result d;
  th_int(capref_floating_load(0.3817, 63.7 * DEG, 1.2345, &d), CAP_SUCCESS, "load status");
  th_rel(d.val, -1.65057921737092997, 1e-13, "D(phi) vs mpmath");
  /* D(0) = -(2 / (pi Bo)) sin(theta) (hand: all other terms vanish at phi = 0) */
  th_int(capref_floating_load(0.3817, 63.7 * DEG, 0.0, &d), CAP_SUCCESS, "load at phi = 0 status");
  th_rel(d.val, -2.0 / (M_PI * 0.3817) * sin(63.7 * DEG), 1e-13, "D(0) = -(2 / pi Bo) sin theta");
}

/* D_max against mpmath. The minimiser finds phi_max to ~1e-9 (tolerance 1e-6 then a polish to 1e-13)
 * and D is flat there, so D_max is accurate to rounding: tolerance 1e-12. */
static void d_max(void)
{
  static const struct {
    double bo, theta_deg, dmax, phimax;
  } c[] = {
      {0.3817, 63.7, 2.51347527440609402, 3.03790056907471144},
      {1.7321, 137.0, 1.76918238580374402, 2.38056594675527744},
      {0.0523, 21.3, 5.42166186722660256, M_PI},
      {12.9, 163.2, 1.17752033251327443, 2.49307709800701977},
  };
  for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
    capref_result dm, pm;
    th_int(capref_floating_max(c[i].bo, c[i].theta_deg * DEG, &dm, &pm), CAP_SUCCESS, "max status");
    th_rel(dm.val, c[i].dmax, 1e-12, "D_max vs mpmath, Bo = %g, theta = %g deg", c[i].bo, c[i].theta_deg);
    th_abs(pm.val, c[i].phimax, 1e-8, "phi_max vs mpmath, Bo = %g, theta = %g deg", c[i].bo, c[i].theta_deg);
    th_true(fabs(dm.val - c[i].dmax) <= 3.0 * dm.err + 1e-15 * c[i].dmax, "D_max err bound (err %.2g)", dm.err);
    th_true(fabs(pm.val - c[i].phimax) <= 3.0 * pm.err + 1e-15, "phi_max err bound (err %.2g)", pm.err);
    /* the maximum: no grid point exceeds it (a check independent of the minimiser) */
    double worst = -INFINITY;
    for (int k = 0; k <= 2000; k++) {
      capref_result d;
      capref_floating_load(c[i].bo, c[i].theta_deg * DEG, M_PI * k / 2000, &d);
      if (d.val > worst) worst = d.val;
    }
    th_true(worst <= dm.val + dm.err, "no grid point above D_max, theta = %g deg", c[i].theta_deg);
  }
  /* theta = 21.3 deg, Bo = 0.0523: end-point maximum D_max = 1 + 2 sin(theta) / (pi Bo) (hand) */
  capref_result dm, pm;
  capref_floating_max(0.0523, 21.3 * DEG, &dm, &pm);
  th_rel(dm.val, 1.0 + 2.0 * sin(21.3 * DEG) / (M_PI * 0.0523), 1e-13, "end-point maximum 1 + 2 sin theta / (pi Bo)");
}

/* (ii) small-Bond limit D_max Bo -> 2/pi for theta >= 90 deg. */
static void small_bond(void)
{
  static const double ths[] = {90.0, 137.0, 163.2};
  static const double bos[] = {1e-4, 1e-6};
  for (size_t i = 0; i < 3; i++)
    for (size_t j = 0; j < 2; j++) {
      double th = ths[i] * DEG, bo = bos[j], e = sqrt(bo), p0 = 1.5 * M_PI - th;
      double a0 = -2.0 * M_SQRT2 * cos(th), a1 = M_SQRT2 * sin(p0) + 2.0 * M_SQRT2 * cos(p0);
      double b0 = p0 - sin(p0) * cos(p0);
      double first = e * a0 / M_PI, second = e * e * (b0 + 0.25 * a1 * a1) / M_PI;
      capref_result dm;
      th_int(capref_floating_max(bo, th, &dm, NULL), CAP_SUCCESS, "max status, small Bo");
      /* the limit itself: the deviation from 2/pi is the first-order term plus at most twice the
       * second-order one */
      th_abs(dm.val * bo, 2.0 / M_PI, fabs(first) + 2.0 * fabs(second),
             "small Bond: D_max Bo -> 2/pi, theta = %g deg, Bo = %g", ths[i], bo);
      /* two-term expansion; remainder O(e^3) with coefficients of the size of a, b and their
       * derivatives over pi (< 2): tolerance 5 e^3 */
      th_abs(dm.val * bo, 2.0 / M_PI + first + second, 5.0 * e * e * e,
             "small Bond expansion to O(Bo), theta = %g deg, Bo = %g", ths[i], bo);
    }
}

/* (iii) the paperclip, SI wrapper. */
static void paperclip(void)
{
  double R = 0.5e-3, sig = 0.072, rho = 1000.0, g = 9.81, th = 100.0 * DEG;
  capref_floating_eq e;
  th_int(capref_floating_equilibrium_si(&(capref_fluid){.sigma = sig, .rho = rho, .g = g}, R, 7900.0, th, &e),
         CAP_SUCCESS, "paperclip D = 7.9 floats");
  th_true(e.slope.val > 0, "paperclip: on the stable branch (dD/dphi = %g > 0)", e.slope.val);
  /* mpmath: phi = 1.73213687980562221, h/R = -1.81131567874654443, depth/R = 2.97195717231745537 */
  th_abs(e.phi.val, 1.73213687980562221, 1e-9, "paperclip phi vs mpmath");
  th_rel(e.h.val, -1.81131567874654443 * R, 1e-9, "paperclip contact height (m) vs mpmath");
  th_rel(e.depth.val, 2.97195717231745537 * R, 1e-9, "paperclip depth (m) vs mpmath");
  th_rel(e.tension_share.val, 0.779750684365329160, 1e-9, "paperclip tension share vs mpmath");
  th_int(capref_floating_equilibrium_si(&(capref_fluid){.sigma = sig, .rho = rho, .g = g}, R, 25000.0, th, &e),
         CAP_ENOSOL, "paperclip D = 25 sinks");
  th_true(strstr(cap_error_message(), "sinks") != NULL, "ENOSOL message says the cylinder sinks");
  capref_result dm;
  /* Bo = 1000 * 9.81 * (0.5e-3)^2 / 0.072 = 0.0340625; mpmath D_max = 20.9137394163599976 */
  th_int(capref_floating_max(0.0340625, th, &dm, NULL), CAP_SUCCESS, "paperclip max status");
  th_rel(dm.val, 20.9137394163599976, 1e-12, "paperclip D_max vs mpmath");
}

/* (v) the equilibrium solve. */
static void equilibrium(void)
{
  static const struct {
    double bo, theta_deg, d;
  } c[] = {{0.3817, 63.7, 1.4142},
           {1.7321, 137.0, 0.6931},
           {0.0523, 21.3, 3.7},
           {12.9, 163.2, 1.1002},
           {0.0340625, 100.0, 20.9}};
  gsl_error_handler_t *old = gsl_set_error_handler_off();
  for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
    double bo = c[i].bo, th = c[i].theta_deg * DEG, d = c[i].d;
    capref_floating_eq e;
    th_int(capref_floating_equilibrium(bo, th, d, &e), CAP_SUCCESS, "equilibrium status, Bo = %g, D = %g", bo, d);
    capref_result back;
    capref_floating_load(bo, th, e.phi.val, &back);
    th_rel(back.val, d, 1e-11, "D(phi_eq) = D, Bo = %g, theta = %g deg", bo, c[i].theta_deg);
    double di, scale;
    independent_load(bo, th, e.phi.val, &di, &scale);
    th_abs(di, d, 1e-9 * scale, "independent force balance at phi_eq gives D back, Bo = %g", bo);
    /* stable branch: a central difference of D (step 1e-5, error ~1e-10 |D'''|) is positive */
    capref_result dp, dmn;
    capref_floating_load(bo, th, fmin(M_PI, e.phi.val + 1e-5), &dp);
    capref_floating_load(bo, th, e.phi.val - 1e-5, &dmn);
    th_true(dp.val - dmn.val > 0, "dD/dphi > 0 at the equilibrium (finite difference), Bo = %g", bo);
    th_rel(e.slope.val, (dp.val - dmn.val) / 2e-5, 1e-6 * (1.0 + 1.0 / bo) / fabs(e.slope.val) + 1e-8,
           "slope output vs central difference, Bo = %g", bo);
    /* geometry (formulas of the brief, evaluated here) */
    double alpha = e.phi.val + th - M_PI;
    th_abs(e.alpha.val, alpha, 1e-14, "alpha = phi + theta - pi");
    th_rel(e.h.val, -2.0 * sin(0.5 * alpha) / sqrt(bo), 1e-13, "h / R = -2 (l_c / R) sin(alpha / 2)");
    th_abs(e.zc.val, e.h.val + cos(e.phi.val), 1e-13, "z_c = h + R cos phi");
    th_abs(e.depth.val, 1.0 - e.zc.val, 1e-13, "depth = R - z_c");
    th_rel(e.tension_share.val, 2.0 * sin(alpha) / (bo * M_PI * d), 1e-13, "tension share (2/Bo) sin(alpha)/(pi D)");
  }
  gsl_set_error_handler(old);
  /* against mpmath for Bo = 0.3817, theta = 63.7 deg, D = 1.4142 */
  capref_floating_eq e;
  capref_floating_equilibrium(0.3817, 63.7 * DEG, 1.4142, &e);
  th_abs(e.phi.val, 2.25074163216688824, 1e-9, "equilibrium phi vs mpmath");
  th_true(fabs(e.phi.val - 2.25074163216688824) <= 3.0 * e.phi.err, "equilibrium phi err bound (%.2g)", e.phi.err);
  th_rel(e.h.val, -0.356859855361169788, 1e-9, "equilibrium h / R vs mpmath");
  th_rel(e.zc.val, -0.985610349388540059, 1e-9, "equilibrium z_c / R vs mpmath");
  th_true(fabs(e.zc.val + 0.985610349388540059) <= 3.0 * e.zc.err, "equilibrium z_c err bound (%.2g)", e.zc.err);
  th_rel(e.tension_share.val, 0.258434748491217105, 1e-9, "equilibrium tension share vs mpmath");
  th_rel(e.slope.val, 2.66580909448665126, 1e-9, "equilibrium dD/dphi vs mpmath");
  /* the SI wrapper equals the dimensionless solve scaled by R */
  capref_floating_eq es, ed;
  double R = 0.7321e-3, rho = 998.2, sig = 0.0728, g = 9.81, bo = rho * g * R * R / sig;
  th_int(
      capref_floating_equilibrium_si(&(capref_fluid){.sigma = sig, .rho = rho, .g = g}, R, 2.2 * rho, 117.3 * DEG, &es),
      CAP_SUCCESS, "SI status");
  th_int(capref_floating_equilibrium(bo, 117.3 * DEG, 2.2, &ed), CAP_SUCCESS, "dimensionless status");
  th_rel(es.depth.val, ed.depth.val * R, 1e-12, "SI depth = R * dimensionless depth");
  th_rel(es.phi.val, ed.phi.val, 1e-12, "SI phi = dimensionless phi");
}

static int names(const char *p) { return strstr(cap_error_message(), p) != NULL; }

/* Error paths: inputs out of range are refused, the messages naming them; D just above D_max sinks
 * (ENOSOL), just below it floats. */
static void errors(void)
{
  capref_result r;
  capref_floating_eq e;
  th_int(capref_floating_load(0.0, 1.0, 1.0, &r), CAP_EDOM, "Bo = 0 rejected");
  th_true(names("Bo"), "message names Bo");
  th_int(capref_floating_load(NAN, 1.0, 1.0, &r), CAP_EDOM, "NaN Bo rejected");
  th_int(capref_floating_max(0.5, 0.0, &r, NULL), CAP_EDOM, "theta = 0 rejected");
  th_true(names("theta"), "message names theta");
  th_int(capref_floating_max(0.5, M_PI, &r, NULL), CAP_EDOM, "theta = pi rejected");
  th_int(capref_floating_load(0.5, 1.0, -0.1, &r), CAP_EDOM, "phi < 0 rejected");
  th_true(names("phi"), "message names phi");
  th_int(capref_floating_load_slope(0.5, 1.0, 3.2, &r), CAP_EDOM, "phi > pi rejected");
  th_int(capref_floating_equilibrium(0.5, 1.0, 0.0, &e), CAP_EDOM, "D = 0 rejected");
  th_true(names("D"), "message names D");
  th_int(capref_floating_equilibrium(0.5, 1.0, -2.0, &e), CAP_EDOM, "negative D rejected");
  th_int(capref_floating_equilibrium(0.3817, 63.7 * DEG, 2.52, &e), CAP_ENOSOL, "D just above D_max sinks");
  th_int(capref_floating_equilibrium(0.3817, 63.7 * DEG, 2.513, &e), CAP_SUCCESS, "D just below D_max floats");
  th_int(capref_floating_equilibrium_si(&(capref_fluid){.sigma = 0.072, .rho = 1000, .g = 9.81}, -1e-3, 7900, 1.7, &e),
         CAP_EDOM, "negative radius rejected");
  th_true(names("radius"), "message names radius");
  th_int(capref_floating_equilibrium_si(&(capref_fluid){.sigma = 0.072, .rho = 1000, .g = 9.81}, 1e-3, 0.0, 1.7, &e),
         CAP_EDOM, "rho_s = 0 rejected");
  th_true(names("rho_s"), "message names rho_s");
  th_int(
      capref_floating_equilibrium_si(&(capref_fluid){.sigma = INFINITY, .rho = 1000, .g = 9.81}, 1e-3, 7900, 1.7, &e),
      CAP_EDOM, "infinite sigma rejected");
  th_true(names("sigma"), "message names sigma");
  th_int(capref_floating_equilibrium(0.3817, 63.7 * DEG, 1.4142, NULL), CAP_SUCCESS, "NULL output allowed");
}

/* A cylinder held at a height: the inverse of the equilibrium. */
static void held(void)
{
  const double bos[2] = {0.1183, 0.3817}, ths[2] = {93.1 * DEG, 121.7 * DEG};
  for (int a = 0; a < 2; a++)
    for (int b = 0; b < 2; b++) {
      capref_result dm;
      capref_floating_max(bos[a], ths[b], &dm, NULL);
      double d = 0.4137 * dm.val;
      capref_floating_eq e, eh;
      capref_result dh;
      capref_floating_equilibrium(bos[a], ths[b], d, &e);
      int st = capref_floating_held(bos[a], ths[b], e.zc.val, &dh, &eh);
      th_int(st, CAP_SUCCESS, "held at the equilibrium height, Bo = %g, theta = %.1f deg: status", bos[a],
             ths[b] / DEG);
      th_rel(dh.val, d, 1e-8, "held at the equilibrium height, Bo = %g, theta = %.1f deg: the load is D", bos[a],
             ths[b] / DEG);
      th_abs(eh.phi.val, e.phi.val, 1e-8,
             "held at the equilibrium height, Bo = %g, theta = %.1f deg: the same contact position", bos[a],
             ths[b] / DEG);
      th_abs(eh.h.val, e.h.val, 1e-8,
             "held at the equilibrium height, Bo = %g, theta = %.1f deg: the same contact height", bos[a],
             ths[b] / DEG);
      th_true(dh.err < 1e-8 * fabs(dh.val) && dh.err > 0, "held: an error estimate, small and not zero (%.3g)", dh.err);
      capref_result zc;
      capref_floating_centre_height(bos[a], ths[b], e.phi.val, &zc);
      th_abs(zc.val, e.zc.val, 1e-12, "centre height at the equilibrium's phi, Bo = %g, theta = %.1f deg: its zc",
             bos[a], ths[b] / DEG);
    }
  capref_result dh;
  /* zc(0) = 2 cos(theta/2)/sqrt(Bo) + 1: just above it, no contact point */
  double top = 2 * cos(0.5 * 121.7 * DEG) / sqrt(0.3817) + 1;
  th_int(capref_floating_held(0.3817, 121.7 * DEG, top * 1.001, &dh, NULL), CAP_ENOSOL,
         "held above the range: no solution");
  th_int(capref_floating_held(0.3817, 121.7 * DEG, top * 0.999, &dh, NULL), CAP_SUCCESS, "held just inside the range");
  th_int(capref_floating_held(0.3817, 121.7 * DEG, NAN, &dh, NULL), CAP_EDOM, "held: NaN zc refused");
  th_int(capref_floating_held(-1, 121.7 * DEG, 0, &dh, NULL), CAP_EDOM, "held: Bo < 0 refused");
  th_int(capref_floating_centre_height(0.3817, 121.7 * DEG, 3.5, &dh), CAP_EDOM, "centre height: phi > pi refused");
}

static const th_case cases[] = {
    {"force_balance", force_balance},
    {"d_max", d_max},
    {"small_bond", small_bond},
    {"paperclip", paperclip},
    {"equilibrium", equilibrium},
    {"errors", errors},
    {"held", held},
    {NULL, NULL},
};

int main(int argc, char **argv) { return th_main(argc, argv, cases); }
