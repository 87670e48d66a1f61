/* Tests of analytic/capref_cheerios (Cheerios effect: floating spheres in 3D, floating cylinders in 2D).
 *
 * Independent checks used:
 *  - 3D: Sigma against the immersed-cap volume integrated by Simpson's rule; E and F against mpmath
 *    (python3, besselk, Sigma from an mpmath quadrature of the cap volume); F against a
 *    finite-difference derivative of E; the SI wrapper against mpmath with E written as
 *    -2 pi sigma Q^2 K0 (Q = R Bo Sigma) and F as -2 pi sigma R Bo^(5/2) Sigma^2 K1.
 *  - 2D: the returned contact data are fed to (i) a Runge-Kutta integration of the meniscus ODE
 *    dpsi/ds = z (in l_c units), by shooting for the outer meniscus and in the variable psi for the
 *    inner one, and (ii) Simpson quadratures of the hydrostatic pressure over the wetted arc for the
 *    vertical force balance and for the direct horizontal force, which must equal rho g z_m^2/2.
 *    Exact special case: alpha = 0 (flat interface) when pi D = phi - sin phi cos phi, phi = pi - theta.
 *    Limits: l -> infinity gives the isolated body; small Bo and large l give the linear laws.
 */
#include <math.h>
#include <string.h>

#include "../analytic/capref_cheerios.h"
#include "../solver/cap_errno.h"
#include "tharness.h"

#define PI  3.14159265358979323846
#define DEG (PI / 180.0)

/* ---- independent helpers ---------------------------------------------------------------------- */

/* Simpson's rule with n (even) intervals */
static double simpson(double (*f)(double, const double *), const double *p, double a, double b, int n)
{
  double h = (b - a) / n, s = f(a, p) + f(b, p);
  for (int i = 1; i < n; i++) s += f(a + i * h, p) * (i % 2 ? 4.0 : 2.0);
  return s * h / 3.0;
}

/* pi (1 - z^2): cross-section of the unit sphere at height z */
static double disk(double z, const double *p)
{
  (void)p;
  return PI * (1.0 - z * z);
}

/* Wetted arc of a cylinder of radius b centred at (0, zc), angle t from the downward vertical.
 * Point (b sin t, zc - b cos t); outward normal (sin t, -cos t); gauge pressure p = -z (units of
 * rho g l_c, lengths in l_c). Force of the liquid on the body = -p n ds, ds = b dt.
 * p[0] = b, p[1] = zc. */
static double press_fz(double t, const double *p)
{
  double z = p[1] - p[0] * cos(t);
  return -(-z) * (-cos(t)) * p[0]; /* -p n_z b */
}
static double press_fx(double t, const double *p)
{
  double z = p[1] - p[0] * cos(t);
  return -(-z) * sin(t) * p[0]; /* -p n_x b */
}

/* meniscus ODE in arclength, lengths in l_c: y = (x, z, psi); x' = cos psi, z' = sin psi, psi' = z */
static void rk4_s(double y[3], double h)
{
  double k[4][3], t[3];
  for (int st = 0; st < 4; st++) {
    const double c = st == 0 ? 0.0 : (st == 3 ? 1.0 : 0.5);
    for (int i = 0; i < 3; i++) t[i] = y[i] + (st ? c * h * k[st - 1][i] : 0.0);
    k[st][0] = cos(t[2]);
    k[st][1] = sin(t[2]);
    k[st][2] = t[1];
  }
  for (int i = 0; i < 3; i++) y[i] += h / 6.0 * (k[0][i] + 2.0 * k[1][i] + 2.0 * k[2][i] + k[3][i]);
}

/* height after arclength S of a meniscus leaving height h with inclination alpha (rising away) */
static double shoot(double h, double alpha, double S)
{
  double y[3] = {0.0, h, alpha};
  int n = 8000;
  for (int i = 0; i < n; i++) rk4_s(y, S / n);
  return y[1];
}

/* inner meniscus integrated in psi from alpha to 0: dx/dpsi = cos psi / z, dz/dpsi = sin psi / z
 * (from dpsi/ds = z, x measured away from the body). Returns horizontal distance and final height. */
static void inner_by_psi(double h, double alpha, double *dx, double *zend)
{
  int n = 20000;
  double step = -alpha / n, x = 0.0, z = h, psi = alpha;
  for (int i = 0; i < n; i++) {
    double kx[4], kz[4], zz = z, pp = psi;
    for (int st = 0; st < 4; st++) {
      if (st) {
        double c = st == 3 ? 1.0 : 0.5;
        zz = z + c * step * kz[st - 1];
        pp = psi + c * step;
      }
      kx[st] = cos(pp) / zz;
      kz[st] = sin(pp) / zz;
    }
    x += step / 6.0 * (kx[0] + 2 * kx[1] + 2 * kx[2] + kx[3]);
    z += step / 6.0 * (kz[0] + 2 * kz[1] + 2 * kz[2] + kz[3]);
    psi += step;
  }
  *dx = fabs(x);
  *zend = z;
}

/* ---- 3D ------------------------------------------------------------------------------------- */

/* 3D: Sigma against the cap-volume quadrature and mpmath, E and F against mpmath, F = -dE/dl by
 * finite differences, the SI wrapper, the error paths. */
static void spheres_3d(void)
{
  capref_result r, r2;
  const double th = 63.7 * DEG, D = 1.7321;

  /* Sigma vs (4/3 D - V_cap/(pi))/2 with V_cap = int_{-1}^{cos th} pi (1 - z^2) dz by Simpson
   * (error ~ (2/n)^4 f''''/180 = 0 for a quadratic: exact to roundoff). */
  double zc = cos(th);
  double V = simpson(disk, NULL, -1.0, zc, 2000);
  double sig_q = (4.0 / 3.0 * PI * D - V) / (2.0 * PI);
  th_int(capref_cheerios_sigma(D, th, &r), CAP_SUCCESS, "3D Sigma status");
  th_rel(r.val, sig_q, 1e-13, "3D Sigma vs cap-volume quadrature (D=1.7321, theta=63.7 deg)");
  /* mpmath: 0.614361109107922399610124388968 */
  th_rel(r.val, 0.614361109107922399610124388968, 1e-14, "3D Sigma vs mpmath");
  th_true(r.err > 0 && r.err < 1e-14, "3D Sigma err is a few ulps (%.2e)", r.err);
  th_int(capref_cheerios_sigma(0.6283, PI, &r), CAP_SUCCESS, "3D Sigma theta=pi status");
  th_rel(r.val, 2.0 * 0.6283 / 3.0, 1e-14, "3D Sigma(theta=pi) = 2D/3 (no buoyancy)");
  th_int(capref_cheerios_sigma(0.6283, 0.0, &r), CAP_SUCCESS, "3D Sigma theta=0 status");
  th_rel(r.val, 2.0 * (0.6283 - 1.0) / 3.0, 1e-14, "3D Sigma(theta=0) = 2(D-1)/3 (fully immersed)");

  /* E, F at Bo=0.0372, D=1.7321, theta=63.7 deg, L=0.9137: mpmath besselk (30 digits) */
  const double bo = 0.0372, L = 0.9137;
  th_int(capref_cheerios_3d_energy(bo, D, th, L, &r), CAP_SUCCESS, "3D energy status");
  th_rel(r.val, -0.0000582377326498407751122509940242, 1e-13, "3D energy -2 pi Bo^3 Sigma^2 K0 vs mpmath");
  th_true(fabs(r.val - -0.0000582377326498407751122509940242) <= 3.0 * r.err + 1e-20,
          "3D energy err bounds the mpmath difference (err %.2e)", r.err);
  th_int(capref_cheerios_3d_force(bo, D, th, L, &r), CAP_SUCCESS, "3D force status");
  th_rel(r.val, -0.0000853652595602549074744733124724, 1e-13, "3D force -2 pi Bo^3 Sigma^2 K1 vs mpmath");
  th_true(r.val < 0, "3D force is attractive (F = -dE/dl < 0)");
  /* F = -dE/dL by central differences, h = 1e-4: truncation h^2 |E'''|/6 ~ 2e-9 |F|, roundoff
   * eps |E|/h ~ 1e-12 |F| -> tolerance 1e-7 */
  double h = 1e-4, ep, em;
  capref_cheerios_3d_energy(bo, D, th, L + h, &r2);
  ep = r2.val;
  capref_cheerios_3d_energy(bo, D, th, L - h, &r2);
  em = r2.val;
  th_rel(r.val, -(ep - em) / (2.0 * h), 1e-7, "3D force = -dE/dl by finite differences");
  /* far field: at L = 7.3817 the force must still be -dE/dL */
  capref_cheerios_3d_force(0.2113, 0.6283, 121.3 * DEG, 7.3817, &r);
  capref_cheerios_3d_energy(0.2113, 0.6283, 121.3 * DEG, 7.3817 + h, &r2);
  ep = r2.val;
  capref_cheerios_3d_energy(0.2113, 0.6283, 121.3 * DEG, 7.3817 - h, &r2);
  em = r2.val;
  th_rel(r.val, -(ep - em) / (2.0 * h), 1e-7, "3D force = -dE/dl at L = 7.3817, theta = 121.3 deg");

  /* SI: sigma=0.0728, rho=998.2, g=9.81, R=0.4 mm, rho_s=1200, theta=63.7 deg, l=1.3 mm (mpmath) */
  capref_result E, F;
  th_int(capref_cheerios_3d_si(&(capref_fluid){.sigma = 0.0728, .rho = 998.2, .g = 9.81}, 1200.0, 0.4e-3, th, 1.3e-3,
                               &E, &F),
         CAP_SUCCESS, "3D SI status");
  th_rel(E.val, -2.22740067756674011316407011361e-12, 1e-12, "3D SI energy -2 pi sigma (R Bo Sigma)^2 K0 (J)");
  th_rel(F.val, -1.49099287386656039482592416078e-9, 1e-12, "3D SI force -2 pi sigma R Bo^2.5 Sigma^2 K1 (N)");

  /* error paths */
  th_int(capref_cheerios_3d_energy(0.0, D, th, L, &r), CAP_EDOM, "3D bond = 0 rejected");
  th_true(strstr(cap_error_message(), "bond") != NULL, "3D bond message names the parameter");
  th_int(capref_cheerios_3d_force(1.5, D, th, 3.0, &r), CAP_EDOM, "3D bond = 1.5 rejected (small-Bo theory)");
  th_int(capref_cheerios_3d_force(bo, NAN, th, L, &r), CAP_EDOM, "3D NaN density ratio rejected");
  th_int(capref_cheerios_3d_force(bo, -0.1, th, L, &r), CAP_EDOM, "3D negative density ratio rejected");
  th_int(capref_cheerios_3d_force(bo, D, -0.1, L, &r), CAP_EDOM, "3D theta < 0 rejected");
  th_int(capref_cheerios_3d_force(bo, D, th, 2.0 * sqrt(bo), &r), CAP_EDOM, "3D overlapping spheres rejected");
  th_true(strstr(cap_error_message(), "sep") != NULL, "3D sep message names the parameter");
  th_int(capref_cheerios_sigma(D, 3.5, &r), CAP_EDOM, "3D Sigma theta = 3.5 rad rejected");
  th_int(capref_cheerios_3d_si(&(capref_fluid){.sigma = -0.0728, .rho = 998.2, .g = 9.81}, 1200.0, 0.4e-3, th, 1.3e-3,
                               &E, &F),
         CAP_EDOM, "3D SI negative sigma rejected");
  th_int(capref_cheerios_3d_si(&(capref_fluid){.sigma = 0.0728, .rho = 998.2, .g = 9.81}, 1200.0, 0.4e-3, th, 0.5e-3,
                               &E, &F),
         CAP_EDOM, "3D SI sep < 2R rejected");
}

/* ---- 2D --------------------------------------------------------------------------------------- */

/* vertical and horizontal force of pressure on the wetted arc [-phi_o, phi_i] (Simpson, 4000
 * intervals: error ~ (dt)^4 ~ 1e-14 relative for these smooth integrands) */
static void arc_forces(double b, double zc, double phi_o, double phi_i, double *fz, double *fx)
{
  double p[2] = {b, zc};
  *fz = simpson(press_fz, p, -phi_o, phi_i, 4000);
  *fx = simpson(press_fx, p, -phi_o, phi_i, 4000);
}

/* 2D isolated cylinder: the exact flat case, the vertical force balance by quadrature, the outer
 * meniscus by RK4 shooting (heavy hydrophilic and light hydrophobic), the error paths. */
static void isolated_2d(void)
{
  capref_cheerios_float2d f;
  const double th = 63.7 * DEG;

  /* exact flat case: alpha = 0, h = 0 at phi = pi - theta when pi D = phi - sin phi cos phi */
  double p0 = PI - th, Dflat = (p0 - sin(p0) * cos(p0)) / PI;
  th_int(capref_cheerios_2d_isolated(0.3817, Dflat, th, &f), CAP_SUCCESS, "2D isolated flat-case status");
  th_abs(f.phi.val, p0, 1e-11, "2D isolated flat case phi = pi - theta (Archimedes, no meniscus)");
  th_abs(f.h.val, 0.0, 1e-11, "2D isolated flat case h = 0");

  /* heavy hydrophilic cylinder: Bo=0.3817, D=1.7321, theta=63.7 deg */
  const double bo = 0.3817, D = 1.7321, b = sqrt(bo);
  th_int(capref_cheerios_2d_isolated(bo, D, th, &f), CAP_SUCCESS, "2D isolated status");
  th_rel(f.alpha.val, f.phi.val + th - PI, 1e-14, "2D isolated alpha = phi + theta - pi");
  double fz, fx;
  arc_forces(b, f.zc.val, f.phi.val, f.phi.val, &fz, &fx);
  /* weight pi R^2 rho_s g = tension 2 sin(alpha) + pressure (quadrature), in sigma units */
  th_abs(2.0 * sin(f.alpha.val) + fz, PI * D * bo, 1e-10, "2D isolated vertical balance by quadrature");
  th_abs(fx, 0.0, 1e-12, "2D isolated: no net horizontal pressure force (symmetry)");
  /* outer meniscus by shooting: the true contact height lies between h(1 -+ 1e-6) */
  double up = shoot(f.h.val * (1 + 1e-6), f.alpha.val, 10.0), dn = shoot(f.h.val * (1 - 1e-6), f.alpha.val, 10.0);
  th_true(up * dn < 0, "2D isolated h brackets the decaying meniscus by RK4 shooting (%.3g, %.3g)", up, dn);
  th_true(f.phi.err > 0 && f.phi.err < 1e-9, "2D isolated phi err in (0, 1e-9): %.2e", f.phi.err);

  /* light hydrophobic cylinder: elevated meniscus */
  th_int(capref_cheerios_2d_isolated(2.6173, 0.137, 121.3 * DEG, &f), CAP_SUCCESS, "2D isolated light status");
  th_true(f.h.val > 0 && f.alpha.val < 0, "2D light hydrophobic cylinder raises the meniscus (h = %.4g)", f.h.val);
  arc_forces(sqrt(2.6173), f.zc.val, f.phi.val, f.phi.val, &fz, &fx);
  th_abs(2.0 * sin(f.alpha.val) + fz, PI * 0.137 * 2.6173, 1e-10, "2D isolated light: vertical balance");
  up = shoot(f.h.val * (1 + 1e-6), f.alpha.val, 10.0);
  dn = shoot(f.h.val * (1 - 1e-6), f.alpha.val, 10.0);
  th_true(up * dn < 0, "2D isolated light h brackets the shooting solution");

  /* errors */
  th_int(capref_cheerios_2d_isolated(0.3817, 40.0, th, &f), CAP_ENOSOL, "2D cylinder too heavy to float: ENOSOL");
  th_int(capref_cheerios_2d_isolated(0.0, D, th, &f), CAP_EDOM, "2D bond = 0 rejected");
  th_int(capref_cheerios_2d_isolated(2e4, D, th, &f), CAP_EDOM, "2D bond = 2e4 rejected");
  th_int(capref_cheerios_2d_isolated(bo, D, 0.0, &f), CAP_EDOM, "2D theta = 0 rejected");
  th_true(strstr(cap_error_message(), "theta") != NULL, "2D theta message names the parameter");
  th_int(capref_cheerios_2d_isolated(bo, D, PI, &f), CAP_EDOM, "2D theta = pi rejected");
  th_int(capref_cheerios_2d_isolated(bo, -1.0, th, &f), CAP_EDOM, "2D negative density ratio rejected");
}

/* checks of one pair solution against the independent computations */
static void check_pair(const char *tag, double bo, double D, double th, double L)
{
  capref_cheerios_pair2d r;
  double b = sqrt(bo);
  if (!th_int(capref_cheerios_2d_pair(bo, D, th, L, &r), CAP_SUCCESS, "%s status", tag)) return;
  th_rel(r.force.val, 0.5 * r.zm.val * r.zm.val, 1e-14, "%s F = z_m^2/2", tag);
  double fz, fx;
  arc_forces(b, r.zc.val, r.phi_o.val, r.phi_i.val, &fz, &fx);
  /* vertical balance: pi D Bo = sin(alpha_o) + sin(alpha_i) + pressure force (quadrature, ~1e-13) */
  th_abs(sin(r.alpha_o.val) + sin(r.alpha_i.val) + fz, PI * D * bo, 1e-10 * (1 + PI * D * bo),
         "%s vertical force balance by quadrature", tag);
  /* direct horizontal force on the left body towards the other one: tensions pull along the
   * menisci (+cos alpha_i inwards, -cos alpha_o outwards) plus the pressure on the arc; the
   * quadrature's error (~1e-13) dominates the error of this independent value */
  double fdirect = cos(r.alpha_i.val) - cos(r.alpha_o.val) + fx;
  double ind_err = 1e-12;
  th_abs(r.force.val, fdirect, 1e-11 + 1e-9 * r.force.val, "%s F = rho g z_m^2/2 equals the direct force", tag);
  th_true(fabs(r.force.val - fdirect) <= 3.0 * r.force.err + ind_err,
          "%s F err (%.2e) bounds the difference to the direct force (%.2e) within its own error", tag, r.force.err,
          fabs(r.force.val - fdirect));
  /* contact heights consistent with the body */
  th_abs(r.h_o.val, r.zc.val - b * cos(r.phi_o.val), 1e-13 * (1 + b), "%s h_o = zc - R cos phi_o", tag);
  /* outer meniscus decays to the bath: shooting bracket */
  double up = shoot(r.h_o.val * (1 + 1e-6), r.alpha_o.val, 10.0);
  double dn = shoot(r.h_o.val * (1 - 1e-6), r.alpha_o.val, 10.0);
  th_true(up * dn < 0, "%s outer meniscus: h_o brackets the decaying RK4 solution", tag);
  /* inner meniscus integrated in psi: levels off at z_m exactly at the midpoint (RK4 with 2e4 steps,
   * error ~ 1e-15 relative for these smooth profiles; tolerance set by the solver, 1e-9) */
  double dx, zend;
  inner_by_psi(r.h_i.val, r.alpha_i.val, &dx, &zend);
  th_abs(dx, 0.5 * L - b * sin(r.phi_i.val), 1e-9, "%s inner meniscus reaches the midpoint (RK4 in psi)", tag);
  th_rel(zend, r.zm.val, 1e-9, "%s inner meniscus height at the midpoint = z_m (RK4 in psi)", tag);
}

/* 2D symmetric pair (check_pair on several bodies and gaps); l -> infinity gives the isolated
 * cylinder; neutral bodies do not interact; the SI wrapper; the error paths. */
static void pair_2d(void)
{
  const double th = 63.7 * DEG, bo = 0.3817, D = 1.7321, b = sqrt(bo);
  check_pair("2D pair heavy (Bo=0.3817, D=1.7321, 63.7 deg, gap 0.7)", bo, D, th, 2 * b + 0.7);
  check_pair("2D pair heavy near contact (gap 0.0383)", bo, D, th, 2 * b + 0.0383);
  check_pair("2D pair light hydrophobic (Bo=2.6173, D=0.137, 121.3 deg)", 2.6173, 0.137, 121.3 * DEG,
             2 * sqrt(2.6173) + 0.9137);
  check_pair("2D pair large Bo (Bo=37.21, D=0.8, 63.7 deg)", 37.21, 0.8, th, 2 * sqrt(37.21) + 1.3);
  check_pair("2D pair small Bo (Bo=0.00731, D=5.3, 97.3 deg)", 0.00731, 5.3, 97.3 * DEG, 0.6173);

  /* l -> infinity: both contacts tend to the isolated one, the difference decaying like z_m */
  capref_cheerios_float2d iso;
  capref_cheerios_2d_isolated(bo, D, th, &iso);
  capref_cheerios_pair2d r;
  double prev = INFINITY;
  int mono = 1;
  for (int k = 0; k < 4; k++) {
    double L = 2 * b + 1.0 + 4.0 * k;
    capref_cheerios_2d_pair(bo, D, th, L, &r);
    double dev = fabs(r.phi_o.val - iso.phi.val) + fabs(r.phi_i.val - iso.phi.val);
    if (!(dev < prev)) mono = 0;
    prev = dev;
  }
  th_true(mono, "2D pair contacts approach the isolated cylinder monotonically as l grows");
  th_int(capref_cheerios_2d_pair(bo, D, th, 2 * b + 40.0, &r), CAP_SUCCESS, "2D pair at l - 2R = 40 l_c status");
  th_abs(r.phi_o.val, iso.phi.val, 1e-10, "2D pair at l - 2R = 40 l_c: phi_o = isolated phi");
  th_abs(r.phi_i.val, iso.phi.val, 1e-10, "2D pair at l - 2R = 40 l_c: phi_i = isolated phi");
  th_abs(r.h_i.val, iso.h.val, 1e-10, "2D pair at l - 2R = 40 l_c: h_i = isolated h");

  /* neutral body (flat interface): no force */
  double p0 = PI - th, Dflat = (p0 - sin(p0) * cos(p0)) / PI;
  th_int(capref_cheerios_2d_pair(0.3817, Dflat, th, 2 * b + 0.5, &r), CAP_SUCCESS, "2D neutral pair status");
  th_abs(r.force.val, 0.0, 1e-20, "2D neutral cylinders (flat interface) do not interact");

  /* SI wrapper: water, R = 1 mm, rho_s = 1500, l = 3 mm, against the dimensionless call */
  const double sg = 0.0728, rho = 998.2, g = 9.81, R = 1e-3, l = 3e-3;
  double lc = sqrt(sg / (rho * g));
  capref_cheerios_pair2d si, dl;
  th_int(capref_cheerios_2d_pair_si(&(capref_fluid){.sigma = sg, .rho = rho, .g = g}, 1500.0, R, th, l, &si),
         CAP_SUCCESS, "2D pair SI status");
  capref_cheerios_2d_pair(R * R / (lc * lc), 1500.0 / rho, th, l / lc, &dl);
  th_rel(si.force.val, dl.force.val * sg, 1e-12, "2D pair SI force = sigma * dimensionless force (N/m)");
  th_rel(si.zm.val, dl.zm.val * lc, 1e-12, "2D pair SI z_m = l_c * dimensionless z_m (m)");

  /* errors */
  th_int(capref_cheerios_2d_pair(bo, D, th, 2 * b, &r), CAP_EDOM, "2D pair touching cylinders rejected");
  th_true(strstr(cap_error_message(), "sep") != NULL, "2D pair sep message names the parameter");
  th_int(capref_cheerios_2d_pair(bo, D, th, NAN, &r), CAP_EDOM, "2D pair NaN sep rejected");
  th_int(capref_cheerios_2d_pair(bo, D, th, 600.0, &r), CAP_EDOM, "2D pair sep > 500 rejected");
  th_int(capref_cheerios_2d_pair(bo, 40.0, th, 3.0, &r), CAP_ENOSOL, "2D pair of sinking cylinders: ENOSOL");
  /* heavy wetting cylinders already floating with the contact near the top (phi = 3.01): close
   * together the contact lines would pass over the top */
  th_int(capref_cheerios_2d_pair(0.2917, 1.9, 30.0 * DEG, 2 * sqrt(0.2917) + 0.0011, &r), CAP_ENOSOL,
         "2D pair whose contact lines pass over the top: ENOSOL");
  th_int(capref_cheerios_2d_pair_si(&(capref_fluid){.sigma = 0.0728, .rho = 998.2, .g = 9.81}, 1500.0, 0.0, th, l, &si),
         CAP_EDOM, "2D pair SI zero radius rejected");
}

/* ---- 2D unlike pair ---------------------------------------------------------------------------- */

/* Independent checks of one unlike pair: each body's vertical balance and its horizontal force by
 * Simpson quadrature of the pressure over its wetted arc plus the two line forces, and the inner
 * meniscus integrated in arclength (RK4) from a's inner contact to b's. */
static void check_unlike(const char *name, const capref_cheerios_body2d *a, const capref_cheerios_body2d *b, double sep)
{
  capref_cheerios_unlike2d r;
  th_int(capref_cheerios_2d_unlike(a, b, sep, &r), CAP_SUCCESS, "%s: status", name);
  const capref_cheerios_body2d *bd[2] = {a, b};
  const capref_cheerios_side2d *sd[2] = {&r.a, &r.b};
  for (int k = 0; k < 2; k++) {
    const capref_cheerios_side2d *q = sd[k];
    double bb = sqrt(bd[k]->bond), par[2] = {bb, q->zc.val};
    /* the arc from the contact on the left to the one on the right: a's outer is on its left, b's
     * inner is on its left */
    double tl = k ? q->phi_i.val : q->phi_o.val, tr = k ? q->phi_o.val : q->phi_i.val;
    double al = k ? q->alpha_i.val : q->alpha_o.val, ar = k ? q->alpha_o.val : q->alpha_i.val;
    double fz = simpson(press_fz, par, -tl, tr, 4000) + sin(al) + sin(ar);
    double fx = simpson(press_fx, par, -tl, tr, 4000) - cos(al) + cos(ar);
    th_rel(fz, PI * bd[k]->density_ratio * bd[k]->bond, 1e-9, "%s: body %c carries its weight (quadrature)", name,
           k ? 'b' : 'a');
    th_abs(k ? -fx : fx, r.force.val, 1e-9 * (1 + fabs(r.force.val)) + 1e-12,
           "%s: body %c, F = C - sigma = the "
           "pressure and line forces (quadrature), towards the other",
           name, k ? 'b' : 'a');
    th_abs(q->zc.val - bb * cos(q->phi_o.val), -2.0 * sin(0.5 * q->alpha_o.val), 1e-12,
           "%s: body %c's outer contact on the single-wall meniscus", name, k ? 'b' : 'a');
  }
  /* the inner meniscus from a's contact, in arclength, until it reaches b's contact abscissa */
  double x0 = sqrt(a->bond) * sin(r.a.phi_i.val), x1 = sep - sqrt(b->bond) * sin(r.b.phi_i.val);
  double y[3] = {x0, r.a.h_i.val, r.a.alpha_i.val}, ds = (x1 - x0) / 20000;
  while (y[0] + ds * cos(y[2]) < x1) rk4_s(y, ds);
  rk4_s(y, (x1 - y[0]) / cos(y[2])); /* the last part step, to first order in its length */
  th_abs(y[1], r.b.h_i.val, 1e-8, "%s: the inner meniscus (RK4 in arclength) reaches b's contact height", name);
  th_abs(y[2], -r.b.alpha_i.val, 1e-7, "%s: ... with b's contact inclination", name);
  th_true(r.force.err < 1e-9, "%s: the force from either contact agrees (err %.2g)", name, r.force.err);
}

/* 2D pair of unlike bodies (check_unlike); identical bodies give the symmetric pair; swapping
 * mirrors the state; the signs of the force; far apart, two superposed tails; the error paths. */
static void unlike_2d(void)
{
  const capref_cheerios_body2d heavy = {0.04, 3.0, 120 * DEG}, light = {0.04, 0.25, 60 * DEG};
  const capref_cheerios_body2d odd = {0.3817, 1.7321, 63.7 * DEG}, other = {0.1171, 0.4131, 107.3 * DEG};
  check_unlike("unlike: heavy hydrophobic, light hydrophilic, l = 2", &heavy, &light, 2.0);
  check_unlike("unlike: heavy hydrophobic, light hydrophilic, l = 0.45", &heavy, &light, 0.45);
  check_unlike("unlike: Bo 0.3817 and 0.1171, l = 1.9", &odd, &other, 1.9);

  /* identical bodies: the symmetric pair of capref_cheerios_2d_pair (a quadrature in psi, another
   * formulation) */
  const double seps[3] = {0.4137, 2.0, 3.7};
  for (int k = 0; k < 3; k++) {
    capref_cheerios_unlike2d u;
    capref_cheerios_pair2d p;
    int st = capref_cheerios_2d_unlike(&heavy, &heavy, seps[k], &u);
    if (!st) st = capref_cheerios_2d_pair(heavy.bond, heavy.density_ratio, heavy.theta, seps[k], &p);
    th_int(st, CAP_SUCCESS, "unlike = identical pair at l = %g: status", seps[k]);
    th_rel(u.force.val, p.force.val, 1e-9, "unlike = identical pair at l = %g: F = rho g z_m^2/2", seps[k]);
    th_abs(u.a.phi_i.val, p.phi_i.val, 1e-10, "unlike = identical pair at l = %g: phi_i of a", seps[k]);
    th_abs(u.b.phi_o.val, p.phi_o.val, 1e-10, "unlike = identical pair at l = %g: phi_o of b", seps[k]);
    th_abs(u.b.zc.val, p.zc.val, 1e-10, "unlike = identical pair at l = %g: zc of b", seps[k]);
  }
  /* swapping a and b mirrors the state and keeps the force */
  capref_cheerios_unlike2d ab, ba;
  capref_cheerios_2d_unlike(&heavy, &light, 2.0, &ab);
  capref_cheerios_2d_unlike(&light, &heavy, 2.0, &ba);
  th_rel(ba.force.val, ab.force.val, 1e-9, "unlike: swapping the bodies keeps the force");
  th_abs(ba.a.phi_i.val, ab.b.phi_i.val, 1e-10, "unlike: swapping the bodies swaps their states");

  /* signs: a depressed and a raised meniscus repel, two depressed ones attract */
  th_true(ab.force.val < 0 && ab.a.h_i.val < 0 && ab.b.h_i.val > 0,
          "unlike: heavy hydrophobic and light hydrophilic repel at l = 2 (F = %.4g sigma)", ab.force.val);
  capref_cheerios_unlike2d at;
  capref_cheerios_2d_unlike(&heavy, &other, 1.9, &at);
  th_true(at.force.val > 0 && at.a.h_i.val < 0 && at.b.h_i.val < 0,
          "unlike: two depressed menisci attract (F = %.4g sigma)", at.force.val);

  /* far apart: the isolated bodies, and the force of two superposed tails, 2 A_a A_b exp(-gap) */
  capref_cheerios_float2d ia, ib;
  capref_cheerios_linear2d la, lb;
  capref_cheerios_2d_isolated(heavy.bond, heavy.density_ratio, heavy.theta, &ia);
  capref_cheerios_2d_isolated(light.bond, light.density_ratio, light.theta, &ib);
  capref_cheerios_2d_linear(heavy.bond, heavy.density_ratio, heavy.theta, 5.0, &la);
  capref_cheerios_2d_linear(light.bond, light.density_ratio, light.theta, 5.0, &lb);
  capref_cheerios_unlike2d far;
  const double L = 14.0;
  th_int(capref_cheerios_2d_unlike(&heavy, &light, L, &far), CAP_SUCCESS, "unlike at l = 14: status");
  th_abs(far.a.phi_i.val, ia.phi.val, 1e-6, "unlike at l = 14: a's inner contact is the isolated one");
  th_abs(far.b.phi_o.val, ib.phi.val, 1e-6, "unlike at l = 14: b's outer contact is the isolated one");
  double gap = L - la.x_c.val - lb.x_c.val, fas = 2 * la.amp.val * lb.amp.val * exp(-gap);
  th_rel(far.force.val, fas, 1e-4, "unlike at l = 14: F = 2 A_a A_b exp(-gap) (%.4g)", fas);

  /* bad input */
  capref_cheerios_unlike2d r;
  capref_cheerios_body2d bad = light;
  bad.theta = PI;
  th_int(capref_cheerios_2d_unlike(&heavy, &bad, 2.0, &r), CAP_EDOM, "unlike: theta_b = pi refused");
  th_true(strstr(cap_error_message(), "theta_b") != NULL, "unlike: the message names theta_b: %s", cap_error_message());
  bad = heavy;
  bad.bond = NAN;
  th_int(capref_cheerios_2d_unlike(&bad, &light, 2.0, &r), CAP_EDOM, "unlike: bond_a = NaN refused");
  th_int(capref_cheerios_2d_unlike(&heavy, &light, 0.4, &r), CAP_EDOM, "unlike: overlapping bodies refused");
  th_true(strstr(cap_error_message(), "sep") != NULL, "unlike: the message names sep: %s", cap_error_message());
  th_int(capref_cheerios_2d_unlike(&heavy, &light, 20.0, &r), CAP_EDOM, "unlike: a gap over 16 l_c refused");
  th_int(capref_cheerios_2d_unlike(NULL, &light, 2.0, &r), CAP_EINVAL, "unlike: NULL body refused");
  bad = heavy;
  bad.density_ratio = 40;
  th_int(capref_cheerios_2d_unlike(&bad, &light, 2.0, &r), CAP_ENOSOL, "unlike: a sinking body a: ENOSOL");
}

/* 2D small-slope laws (fixed slope, fixed charge) against the exact pair as l grows and Bo falls;
 * the nonlinear large-l asymptote; the error paths. */
static void linear_2d(void)
{
  /* small Bo, heavy cylinder */
  const double bo = 0.0123, D = 1.2345, th = 63.7 * DEG, b = sqrt(bo);
  capref_cheerios_float2d iso;
  capref_cheerios_2d_isolated(bo, D, th, &iso);
  double xc = b * sin(iso.phi.val);
  double prev_slope = INFINITY, prev_far = INFINITY;
  int mono_slope = 1;
  for (int k = 0; k < 4; k++) {
    double d = 0.5 + 1.5 * k, L = 2 * (xc + d);
    capref_cheerios_linear2d li;
    capref_cheerios_pair2d r;
    th_int(capref_cheerios_2d_linear(bo, D, th, L, &li), CAP_SUCCESS, "2D linear status d = %.1f", d);
    th_int(capref_cheerios_2d_pair(bo, D, th, L, &r), CAP_SUCCESS, "2D pair status d = %.1f", d);
    th_rel(li.d.val, d, 1e-12, "2D linear d = l/2 - R sin(phi_inf)");
    th_rel(li.zm.val, iso.h.val / sinh(d), 1e-12, "2D linear z_m = h_inf / sinh(d)");
    /* closed-form identity of the two laws: F_slope / F_far = (1 - exp(-2d))^-2 */
    th_rel(li.force.val / li.force_far.val, pow(1.0 - exp(-2.0 * d), -2.0), 1e-12,
           "2D linear F_slope/F_far = (1 - e^-2d)^-2 at d = %.1f", d);
    double e_slope = fabs(li.force.val / r.force.val - 1.0), e_far = fabs(li.force_far.val / r.force.val - 1.0);
    th_note("d = %.1f: exact F = %.6e, |F_slope/F - 1| = %.3e, |F_far/F - 1| = %.3e", d, r.force.val, e_slope, e_far);
    if (!(e_slope < prev_slope)) mono_slope = 0;
    prev_slope = e_slope;
    prev_far = e_far;
    /* the fixed-charge law is the consistent small-slope limit: O(Bo) at all d (here Bo = 0.0123;
     * tolerance 10 Bo) */
    th_true(e_far < 10 * bo, "2D exact F within 10 Bo of the fixed-charge law at d = %.1f (%.2e)", d, e_far);
  }
  th_true(mono_slope, "2D exact F approaches the fixed-slope law as l grows (relative difference shrinks)");
  /* F_far's remaining gap at large d is the nonlinearity of the isolated meniscus tail: it must tend to
   * (A/h_inf)^2 - 1 with A the closed-form tail amplitude (the far-field law is linear in h_inf) */
  {
    capref_cheerios_linear2d li;
    capref_cheerios_pair2d r;
    double L = 2 * (xc + 9.0);
    capref_cheerios_2d_linear(bo, D, th, L, &li);
    capref_cheerios_2d_pair(bo, D, th, L, &r);
    double floor_nl = pow(li.amp.val / li.h_inf.val, 2) - 1.0;
    th_abs(li.force_far.val / r.force.val - 1.0, -floor_nl, 1e-8 + 1e-3 * fabs(floor_nl),
           "2D exact/far-field gap at d = 9 is the tail nonlinearity (A/h)^2 - 1 = %.3e", floor_nl);
  }
  th_true(prev_slope < 1e-3 && prev_far < 1e-4, "2D linear laws within 1e-3 / 1e-4 at d = 5 (%.2e, %.2e)", prev_slope,
          prev_far);

  /* exact large-l asymptote 2 A^2 e^-2d with the nonlinear tail amplitude, at a large Bond number
   * (Bo = 2.6173, light hydrophobic): relative difference shrinks ~ e^-2d, to < 1e-9 at d = 12 */
  {
    const double bo2 = 2.6173, D2 = 0.3183, th2 = 101.7 * DEG;
    capref_cheerios_float2d i2;
    capref_cheerios_2d_isolated(bo2, D2, th2, &i2);
    double xc2 = sqrt(bo2) * sin(i2.phi.val), prev = INFINITY, last = 0;
    int mono = 1;
    for (int k = 0; k < 4; k++) {
      double d = 3.0 * (k + 1);
      capref_cheerios_linear2d li;
      capref_cheerios_pair2d r;
      capref_cheerios_2d_linear(bo2, D2, th2, 2 * (xc2 + d), &li);
      capref_cheerios_2d_pair(bo2, D2, th2, 2 * (xc2 + d), &r);
      last = fabs(li.force_asym.val / r.force.val - 1.0);
      if (!(last < prev)) mono = 0;
      prev = last;
    }
    th_true(mono, "2D exact F -> 2 rho g A^2 e^-(l-2x_c) monotonically in l at Bo = 2.6173");
    th_true(last < 1e-9, "2D exact F matches the nonlinear asymptote to < 1e-9 at d = 12 (%.2e)", last);
    /* A from its closed form vs the series (by hand: sqrt(4-h^2) - 2 = -h^2/4 + O(h^4),
     * arccosh(2/h) = ln(4/h) - h^2/16 + O(h^4)) A = h (1 - 3 h^2/16 + O(h^4)) */
    capref_cheerios_linear2d li;
    capref_cheerios_2d_linear(bo2, D2, th2, 2 * (xc2 + 1), &li);
    double hh = li.h_inf.val;
    th_abs(li.amp.val / hh, 1.0 - 3.0 * hh * hh / 16.0, hh * hh * hh * hh,
           "2D tail amplitude A = h_inf (1 - 3 h^2/16 + O(h^4)) (h = %.6g)", hh);
  }

  /* smaller Bo at fixed d: the exact solution tends to the fixed-charge law (relative gap ~ Bo) */
  double e1, e2;
  {
    capref_cheerios_linear2d li;
    capref_cheerios_pair2d r;
    capref_cheerios_float2d i2;
    capref_cheerios_2d_isolated(0.0123, D, th, &i2);
    double L = 2 * (sqrt(0.0123) * sin(i2.phi.val) + 1.0);
    capref_cheerios_2d_linear(0.0123, D, th, L, &li);
    capref_cheerios_2d_pair(0.0123, D, th, L, &r);
    e1 = fabs(li.force_far.val / r.force.val - 1);
    capref_cheerios_2d_isolated(0.00123, D, th, &i2);
    L = 2 * (sqrt(0.00123) * sin(i2.phi.val) + 1.0);
    capref_cheerios_2d_linear(0.00123, D, th, L, &li);
    capref_cheerios_2d_pair(0.00123, D, th, L, &r);
    e2 = fabs(li.force_far.val / r.force.val - 1);
  }
  th_true(e2 < 0.5 * e1, "2D exact -> fixed-charge law as Bo decreases at d = 1 (%.2e -> %.2e)", e1, e2);

  capref_cheerios_linear2d li;
  th_int(capref_cheerios_2d_linear(bo, D, th, 2 * b, &li), CAP_EDOM, "2D linear touching cylinders rejected");
  th_int(capref_cheerios_2d_linear(bo, 1e5, th, 3.0, &li), CAP_ENOSOL, "2D linear sinking cylinder: ENOSOL");
}

/* The far-field amplitude of the exact 2D meniscus against its form in the inclination alpha at the
 * contact (h = 2 sin(alpha/2)): z ~ 4 tan(alpha/4) exp(2 cos(alpha/2) - 2) e^-u, from x(psi) = 2
 * cos(psi/2) + ln tan(psi/4) + const; and the walled pair's correction. */
static void walled_2d(void)
{
  const double alphas[4] = {0.05, 0.4, 1.2, 2.5};
  for (int k = 0; k < 4; k++) {
    double a = alphas[k], h = 2 * sin(0.5 * a), want = 4 * tan(0.25 * a) * exp(2 * cos(0.5 * a) - 2);
    capref_result A = {NAN, NAN}, Am = {NAN, NAN};
    int sa = capref_cheerios_2d_far_amplitude(h, &A), sm = capref_cheerios_2d_far_amplitude(-h, &Am);
    th_rel(sa ? NAN : A.val, want, 1e-12, "far-field amplitude at alpha = %g (h = %.4f)", a, h);
    th_rel(sm ? NAN : Am.val, -want, 1e-12, "far-field amplitude odd in h, alpha = %g", a);
    th_true(!sa && fabs(A.val - want) <= A.err + 1e-12 * fabs(want) && A.err < 1e-13 * fabs(want),
            "far-field amplitude at alpha = %g: error estimate %.2g (a closed form)", a, A.err);
  }
  capref_result A0 = {NAN, NAN}, As = {NAN, NAN};
  int s0 = capref_cheerios_2d_far_amplitude(1e-4, &As);
  th_rel(s0 ? NAN : As.val, 1e-4, 1e-6, "far-field amplitude tends to h for a small meniscus");
  s0 = capref_cheerios_2d_far_amplitude(0, &A0);
  th_true(!s0 && A0.val == 0, "far-field amplitude: 0 for h = 0");
  th_int(capref_cheerios_2d_far_amplitude(2.0, &A0), CAP_EDOM, "far-field amplitude: h = 2 is CAP_EDOM");
  th_int(capref_cheerios_2d_far_amplitude(NAN, &A0), CAP_EDOM, "far-field amplitude: h = NaN is CAP_EDOM");
  th_int(capref_cheerios_2d_far_amplitude(0.1, NULL), CAP_EINVAL, "far-field amplitude: NULL out is CAP_EINVAL");
  capref_cheerios_pair2d p;
  int st = capref_cheerios_2d_pair(0.04, 3.0, 120 * M_PI / 180, 3.0, &p);
  capref_result Ar = {NAN, NAN}, zwr = {NAN, NAN}, fr = {NAN, NAN};
  if (!st) st = capref_cheerios_2d_far_amplitude(p.h_o.val, &Ar);
  st = st ? st : capref_cheerios_2d_pair_walled(&p, 3.0, &zwr, &fr);
  double A = Ar.val, zw = zwr.val, f = fr.val;
  th_true(!st && fr.err > fabs(p.zm.val) * zw * zw * 0.999 && fr.err < 0.01 * f,
          "walled pair: force error estimate %.2g covers the order left out, |z_m| z_w^2 (< 1 %% of %.4g)", fr.err, f);
  th_true(!st && fabs(zw - 2 * A * exp(-3.0)) < 1e-15 && fabs(f - 0.5 * (p.zm.val * p.zm.val - zw * zw)) < 1e-15,
          "walled pair at 3 l_c: z_w = 2 A e^-3 = %.5f, force %.6g against %.6g in the open bath", zw, f, p.force.val);
  th_true(!st && f < p.force.val && zw * p.h_o.val > 0,
          "walled pair: the wall's image lowers the attraction, z_w on the "
          "outer contact's side of the far level");
  th_int(capref_cheerios_2d_pair_walled(&p, 0, &zwr, &fr), CAP_EDOM, "walled pair: reach 0 rejected");
  th_int(capref_cheerios_2d_pair_walled(NULL, 3, &zwr, &fr), CAP_EINVAL, "walled pair: NULL pair rejected");
}

/* The pair in a box (capref_cheerios_2d_pair_box) against independent computations: the forces on the
 * body by quadrature, and both menisci integrated in psi (RK4): the inner one levels off at z_m on the
 * midplane, the outer one at z_w on the wall. */
static void box_2d(void)
{
  const double bo = 0.04, D = 3.0, th = 120 * DEG, b = sqrt(bo), L = 2.0, wall = 3.2;
  capref_cheerios_pair2d r, open;
  if (!th_int(capref_cheerios_2d_pair_box(bo, D, th, L, wall, &r), CAP_SUCCESS, "box pair status")) return;
  capref_cheerios_2d_pair(bo, D, th, L, &open);
  th_rel(r.force.val, 0.5 * (r.zm.val * r.zm.val - r.zw.val * r.zw.val), 1e-14, "box pair: F = (z_m^2 - z_w^2)/2");
  double fz, fx;
  arc_forces(b, r.zc.val, r.phi_o.val, r.phi_i.val, &fz, &fx);
  th_abs(sin(r.alpha_o.val) + sin(r.alpha_i.val) + fz, PI * D * bo, 1e-10 * (1 + PI * D * bo),
         "box pair: vertical force balance by quadrature");
  double fdirect = cos(r.alpha_i.val) - cos(r.alpha_o.val) + fx;
  th_abs(r.force.val, fdirect, 1e-11 + 1e-9 * r.force.val, "box pair: F equals the direct force on the body (%.8g)",
         fdirect);
  double dx, zend;
  inner_by_psi(r.h_i.val, r.alpha_i.val, &dx, &zend);
  th_abs(dx, 0.5 * L - b * sin(r.phi_i.val), 1e-9, "box pair: the inner meniscus reaches the midplane (RK4 in psi)");
  th_rel(zend, r.zm.val, 1e-9, "box pair: the inner meniscus levels off at z_m there");
  inner_by_psi(r.h_o.val, r.alpha_o.val, &dx, &zend);
  th_abs(dx, wall - b * sin(r.phi_o.val), 1e-9, "box pair: the outer meniscus reaches the wall (RK4 in psi)");
  th_rel(zend, r.zw.val, 1e-9, "box pair: the outer meniscus levels off at z_w = %.6f there", r.zw.val);
  th_true(r.force.err < 1e-9 * r.force.val && r.zw.err < 1e-9 * fabs(r.zw.val), "box pair: error estimates %.2g, %.2g",
          r.force.err, r.zw.err);
  /* the first-order correction (capref_cheerios_2d_pair_walled) within its own error estimate */
  capref_result zw1, f1;
  capref_cheerios_2d_pair_walled(&open, wall - b * sin(open.phi_o.val), &zw1, &f1);
  th_true(fabs(r.force.val - f1.val) <= f1.err && fabs(r.force.val - f1.val) > 1e-3 * r.force.val,
          "box pair: the first-order wall correction is off by %.3g %% (within its estimate %.3g %%)",
          100 * (f1.val / r.force.val - 1), 100 * f1.err / r.force.val);
  /* midway between the midplane and the wall the body feels no force, both menisci alike */
  capref_cheerios_pair2d m;
  th_int(capref_cheerios_2d_pair_box(bo, D, th, 3.0, 1.5, &m), CAP_SUCCESS, "box pair midway status");
  th_abs(m.force.val, 0, 1e-12, "box pair midway between midplane and wall: no force");
  th_rel(m.alpha_o.val, m.alpha_i.val, 1e-9, "box pair midway: both menisci leave at one inclination");
  th_rel(m.zw.val, m.zm.val, 1e-9, "box pair midway: z_w = z_m");
  /* a far wall: the open bath's pair */
  capref_cheerios_pair2d far;
  th_int(capref_cheerios_2d_pair_box(bo, D, th, L, 40.0, &far), CAP_SUCCESS, "box pair, wall 40 l_c away: status");
  th_rel(far.force.val, open.force.val, 1e-10, "box pair, wall 40 l_c away: the open bath's force");
  th_abs(far.zc.val, open.zc.val, 1e-10, "box pair, wall 40 l_c away: the open bath's height");
  th_true(open.zw.val == 0, "open pair: z_w = 0");
  th_int(capref_cheerios_2d_pair_box(bo, D, th, L, 0.1, &m), CAP_EDOM,
         "box pair: wall inside the body (0.1 l_c) rejected");
  th_true(strstr(cap_error_message(), "wall") != NULL, "box pair: the message names the wall");
  th_int(capref_cheerios_2d_pair_box(bo, D, th, L, NAN, &m), CAP_EDOM, "box pair: wall = NaN rejected");
}

static const th_case cases[] = {
    {"spheres_3d", spheres_3d}, {"walled_2d", walled_2d}, {"box_2d", box_2d},       {"isolated_2d", isolated_2d},
    {"pair_2d", pair_2d},       {"linear_2d", linear_2d}, {"unlike_2d", unlike_2d}, {NULL, NULL},
};

int main(int argc, char **argv) { return th_main(argc, argv, cases); }
