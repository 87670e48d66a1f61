/* Tests of analytic/capref_rise: capillary rise in 2D between plates and at a single wall.
 *
 * Independent references used here:
 *  - mpmath (python3, 30 digits) values of h0 and hw from the psi-integral
 *      x(psi) = int_0^psi l_c^2 cos p / sqrt(h0^2 + 2 l_c^2 (1 - cos p)) dp
 *    solved for h0 by 300 bisections in log h0 (a different parametrization and method from the
 *    library's u-substitution + Brent);
 *  - gsl_odeiv2 integration (rk8pd) of the Young-Laplace ODE dz/dx = tan psi,
 *    dpsi/dx = z / (l_c^2 cos psi), independent of the first integral and of the closed forms;
 *  - exact identities: area under the plates meniscus = 2 l_c^2 cos theta, area under the single-wall
 *    meniscus = l_c^2 cos theta (vertical force balance on the walls);
 *  - the wide-gap asymptotics h0 ~ 2 A exp(-d / (2 l_c)) with A = 4 l_c tan(psi_w/4)
 *    exp(-2 (1 - cos(psi_w/2))) the far-field amplitude of the single-wall meniscus (derived by hand
 *    from the closed form: z ~ A exp(-x / l_c) far from the wall, and two such tails superposed).
 */
#include <gsl/gsl_errno.h>
#include <gsl/gsl_integration.h>
#include <gsl/gsl_odeiv2.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "../analytic/capref_rise.h"
#include "../solver/cap_errno.h"
#include "tharness.h"

#define SIG 0.0728
#define RHO 998.2
#define G   9.81
/* water at 20 C under standard gravity */
static const capref_fluid WATER = {.sigma = SIG, .rho = RHO, .g = G};
#define DEG (M_PI / 180.0)

static double lc_(void) { return sqrt(SIG / (RHO * G)); }

/* |got - want| <= k err + extra: the error estimate bounds the actual error. */
static void check_err(capref_result r, double want, double k, double extra, const char *what)
{
  th_true(fabs(r.val - want) <= k * r.err + extra, "%s: |val - ref| = %.3g <= %g err (%.3g) + %.3g", what,
          fabs(r.val - want), k, r.err, extra);
}

/* ODE in x: y = (z, psi, area). */
static int rhs_x(double x, const double y[], double f[], void *p)
{
  (void)x;
  double lc = *(double *)p;
  f[0] = tan(y[1]);
  f[1] = y[0] / (lc * lc * cos(y[1]));
  f[2] = y[0];
  return GSL_SUCCESS;
}

/* Integrates from x0 (state y) to x1 with rk8pd at relative tolerance 1e-12. */
static int ode_x(double lc, double x0, double x1, double y[3])
{
  gsl_odeiv2_system sys = {rhs_x, NULL, 3, &lc};
  gsl_odeiv2_driver *d = gsl_odeiv2_driver_alloc_y_new(&sys, gsl_odeiv2_step_rk8pd, 1e-6 * lc, 1e-14, 1e-12);
  double x = x0;
  int s = gsl_odeiv2_driver_apply(d, &x, x1, y);
  gsl_odeiv2_driver_free(d);
  return s;
}

/* Jurin's law between plates against mpmath, wetting and non-wetting. */
static void jurin(void)
{
  capref_result H;
  /* 2 * 0.0728 * cos(63.7 deg) / (998.2 * 9.81 * 1.7321e-3) = 3.80342934406074704e-3 (mpmath) */
  th_int(capref_rise_jurin_plates(&WATER, 63.7 * DEG, 1.7321e-3, &H), CAP_SUCCESS, "Jurin plates status");
  th_rel(H.val, 3.80342934406074704e-3, 1e-13, "Jurin plates H, theta = 63.7 deg, d = 1.7321 mm");
  th_true(H.err > 0 && H.err < 1e-14, "Jurin closed form: err is a few ulps");
  th_int(capref_rise_jurin_plates(&WATER, 137.0 * DEG, 0.9e-3, &H), CAP_SUCCESS, "Jurin status 137 deg");
  th_rel(H.val, -1.20825821460791869e-2, 1e-13, "Jurin plates H < 0 for theta = 137 deg");
}

/* Plates against the mpmath values (tolerance 1e-9: the library's working tolerance is 1e-10 relative
 * on U, amplified by coth(U) max(1, U) < 2 for these gaps (d < 0.7 l_c); the reference has 30 digits). */
static void plates_mpmath(void)
{
  static const struct {
    double theta_deg, gap, h0, hw, jurin;
  } c[] = {
      {63.7, 1.7321e-3, 3.738275527716784871e-3, 3.938759008091659982e-3, 3.803429344060747042e-3},
      {137.0, 0.9e-3, -1.202241184501509762e-2, -1.221747425558559800e-2, -1.208258214607918691e-2},
      {21.3, 0.3817e-3, 3.625735607967327473e-2, 3.638768384530273281e-2, 3.629314873230364810e-2},
  };
  for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
    capref_rise_plates_sol s;
    th_int(capref_rise_plates(&WATER, c[i].theta_deg * DEG, c[i].gap, &s), CAP_SUCCESS, "plates status, theta = %g deg",
           c[i].theta_deg);
    th_rel(s.h0.val, c[i].h0, 1e-9, "plates h0 vs mpmath, theta = %g deg, d = %g m", c[i].theta_deg, c[i].gap);
    th_rel(s.hw.val, c[i].hw, 1e-9, "plates hw vs mpmath, theta = %g deg", c[i].theta_deg);
    check_err(s.h0, c[i].h0, 3.0, 0.0, "plates h0 err bound");
    check_err(s.hw, c[i].hw, 3.0, 0.0, "plates hw err bound");
    /* mean = area / d must equal Jurin's H exactly (force balance), independent of the root find */
    th_rel(s.mean.val, c[i].jurin, 1e-9, "plates mean height = Jurin H, theta = %g deg", c[i].theta_deg);
    check_err(s.mean, c[i].jurin, 3.0, 0.0, "plates mean err bound");
    th_true(fabs(s.h0.val) < fabs(s.mean.val) && fabs(s.mean.val) < fabs(s.hw.val),
            "|h0| < |mean| < |hw| (meniscus curved towards the walls), theta = %g deg", c[i].theta_deg);
  }
}

/* The area identity 2 l_c^2 cos(theta) over a range of gaps (narrow to very wide). */
static void area(void)
{
  double lc = lc_(), gaps[] = {0.0173, 0.3817, 2.9, 17.3, 61.7};
  for (size_t i = 0; i < sizeof gaps / sizeof gaps[0]; i++) {
    capref_rise_plates_sol s;
    double th = 71.9 * DEG, want = 2.0 * lc * lc * cos(th);
    int st = capref_rise_plates(&WATER, th, gaps[i] * lc, &s);
    th_int(st, CAP_SUCCESS, "plates status, d = %g l_c", gaps[i]);
    /* quadrature at relative tolerance 1e-12, root at 1e-12: 1e-9 leaves a wide margin */
    th_rel(s.area.val, want, 1e-9, "area = 2 l_c^2 cos theta, d = %g l_c", gaps[i]);
    check_err(s.area, want, 3.0, 0.0, "area err bound");
  }
}

/* The solved profile satisfies the Young-Laplace ODE: integrate from the centre (h0, psi = 0) to the
 * wall and compare the wall angle, wall height, half area and intermediate heights. */
static void plates_ode(void)
{
  double lc = lc_(), th = 52.3 * DEG, gap = 1.3719 * lc;
  capref_rise_plates_sol s;
  th_int(capref_rise_plates(&WATER, th, gap, &s), CAP_SUCCESS, "plates status for ODE check");
  double xs[4] = {0.1731 * lc, 0.4422 * lc, 0.6 * lc, 0.5 * gap};
  capref_result z[4];
  th_int(capref_rise_plates_profile(&WATER, th, gap, 4, xs, z), CAP_SUCCESS, "plates profile status");
  double y[3] = {s.h0.val, 0.0, 0.0}, x = 0.0;
  for (int i = 0; i < 4; i++) {
    th_int(ode_x(lc, x, xs[i], y), GSL_SUCCESS, "ODE step to x = %g l_c", xs[i] / lc);
    x = xs[i];
    /* ODE at rtol 1e-12 over < 1 l_c (error growth < e), library err ~1e-10 relative: 1e-8 */
    th_rel(z[i].val, y[0], 1e-8, "plates profile z(x = %.4f l_c) vs ODE", xs[i] / lc);
  }
  th_abs(y[1], M_PI_2 - th, 1e-8, "ODE: wall inclination = pi/2 - theta (wall condition)");
  th_rel(y[0], s.hw.val, 1e-8, "ODE: wall height = hw");
  th_rel(2.0 * y[2], 2.0 * lc * lc * cos(th), 1e-8, "ODE: area = 2 l_c^2 cos theta");
  /* symmetry: z(-x) = z(x) */
  double xm = -xs[1];
  capref_result zm;
  th_int(capref_rise_plates_profile(&WATER, th, gap, 1, &xm, &zm), CAP_SUCCESS, "profile at -x status");
  th_rel(zm.val, z[1].val, 1e-14, "plates profile symmetric z(-x) = z(x)");
  th_rel(z[3].val, s.hw.val, 1e-12, "profile at the wall = hw");
}

/* Wide gap: hw tends to the single-wall height and h0 to the superposed tails of the two walls. */
static void wide_gap(void)
{
  double lc = lc_();
  double th = 63.7 * DEG, pw = M_PI_2 - th;
  double A = 4.0 * lc * tan(0.25 * pw) * exp(-2.0 * (1.0 - cos(0.5 * pw)));
  capref_result hwall;
  th_int(capref_rise_wall_height(&WATER, th, &hwall), CAP_SUCCESS, "wall height status");
  double ds[2] = {12.3, 17.7};
  for (int i = 0; i < 2; i++) {
    capref_rise_plates_sol s;
    double d = ds[i];
    th_int(capref_rise_plates(&WATER, th, d * lc, &s), CAP_SUCCESS, "plates status d = %g l_c", d);
    /* leading neglected term: O((d/l_c) exp(-d/l_c)) from the overlap of the two tails */
    double tol = (1.0 + d) * exp(-d);
    th_rel(s.h0.val, 2.0 * A * exp(-0.5 * d), tol, "wide gap d = %g l_c: h0 -> 2 A exp(-d/2l_c)", d);
    /* hw^2 - h^2 = h0^2, so |hw - h| <= h0^2 / (2 h): bound with the asymptotic h0 (+10%) */
    double h0a = 1.1 * 2.0 * A * exp(-0.5 * d);
    th_abs(s.hw.val, hwall.val, h0a * h0a / (2.0 * hwall.val) + 1e-15, "wide gap d = %g l_c: hw -> single-wall height",
           d);
  }
}

/* pi - theta mirrors the rise into a depression; theta = 90 deg leaves the interface flat; the
 * signed single-wall height. */
static void mirror_flat(void)
{
  double lc = lc_(), th = 58.31 * DEG, gap = 0.7723 * lc;
  capref_rise_plates_sol a, b;
  th_int(capref_rise_plates(&WATER, th, gap, &a), CAP_SUCCESS, "plates theta status");
  th_int(capref_rise_plates(&WATER, M_PI - th, gap, &b), CAP_SUCCESS, "plates pi - theta status");
  th_rel(b.h0.val, -a.h0.val, 1e-12, "depression is the mirror image: h0(pi - theta) = -h0(theta)");
  th_rel(b.hw.val, -a.hw.val, 1e-12, "mirror: hw(pi - theta) = -hw(theta)");
  th_int(capref_rise_plates(&WATER, M_PI_2, gap, &a), CAP_SUCCESS, "plates theta = 90 deg status");
  th_true(a.h0.val == 0 && a.hw.val == 0 && a.mean.val == 0, "theta = 90 deg: flat interface");
  capref_result h;
  th_int(capref_rise_wall_height(&WATER, M_PI - th, &h), CAP_SUCCESS, "wall height status, depression");
  /* sqrt(2) l_c sqrt(1 - sin theta), signed (formula of the brief evaluated directly) */
  th_rel(h.val, -sqrt(2.0) * lc * sqrt(1.0 - sin(th)), 1e-13, "wall height negative for theta > 90 deg");
}

/* Single wall: the closed-form profile against the ODE integrated from the wall. */
static void wall_ode(void)
{
  double lc = lc_(), th = 63.7 * DEG;
  capref_result h;
  th_int(capref_rise_wall_height(&WATER, th, &h), CAP_SUCCESS, "wall height status");
  /* sqrt(2) l_c sqrt(1 - sin 63.7 deg), mpmath: 1.24061218867823e-3 m */
  th_rel(h.val, 1.240612188678231e-3, 1e-13, "wall height sqrt(2) l_c sqrt(1 - sin theta)");
  double xs[3] = {0.2917 * lc, 1.1 * lc, 2.4731 * lc};
  capref_result z[3];
  th_int(capref_rise_wall_profile(&WATER, th, 3, xs, z), CAP_SUCCESS, "wall profile status");
  double y[3] = {h.val, -(M_PI_2 - th), 0.0}, x = 0.0;
  for (int i = 0; i < 3; i++) {
    th_int(ode_x(lc, x, xs[i], y), GSL_SUCCESS, "wall ODE step to x = %g l_c", xs[i] / lc);
    x = xs[i];
    /* forward integration amplifies the ODE's 1e-12 error by at most exp(2 x / l_c) < 150 */
    th_rel(z[i].val, y[0], 1e-8, "wall profile z(x = %.4f l_c) vs ODE", xs[i] / lc);
    check_err(z[i], y[0], 3.0, 1e-9 * fabs(y[0]), "wall profile err bound");
    capref_result xb;
    th_int(capref_rise_wall_distance(&WATER, th, y[0], &xb), CAP_SUCCESS, "wall distance status");
    th_rel(xb.val, xs[i], 1e-8, "closed form x(z) at the ODE height z(x = %.4f l_c)", xs[i] / lc);
  }
  capref_result xw;
  th_int(capref_rise_wall_distance(&WATER, th, h.val, &xw), CAP_SUCCESS, "wall distance at z = h status");
  th_abs(xw.val, 0.0, 1e-15, "closed form x(h) = 0 at the wall");
}

/* Single wall, depression: area above the meniscus = l_c^2 |cos theta| (force balance on the wall),
 * by quadrature of the library's z(x) to infinity. */
static double wall_z(double x, void *p)
{
  double th = *(double *)p;
  capref_result z;
  if (capref_rise_wall_profile(&WATER, th, 1, &x, &z)) return NAN;
  return z.val;
}

/* Single wall: the area under the meniscus is l_c^2 cos(theta) (the vertical force balance), by
 * quadrature of the closed-form profile. */
static void wall_area(void)
{
  double lc = lc_(), ths[2] = {37.9 * DEG, 117.4 * DEG};
  gsl_integration_workspace *ws = gsl_integration_workspace_alloc(200);
  gsl_error_handler_t *old = gsl_set_error_handler_off();
  for (int i = 0; i < 2; i++) {
    double th = ths[i], res, err;
    gsl_function F = {wall_z, &th};
    int s = gsl_integration_qagiu(&F, 0.0, 0.0, 1e-11, 200, ws, &res, &err);
    th_int(s, GSL_SUCCESS, "qagiu of the wall profile, theta = %g deg", th / DEG);
    /* quadrature 1e-11, profile 1e-10 relative: 1e-8 */
    th_rel(res, lc * lc * cos(th), 1e-8, "single wall: int z dx = l_c^2 cos theta, theta = %.1f deg", th / DEG);
  }
  gsl_set_error_handler(old);
  gsl_integration_workspace_free(ws);
}

static int names(const char *param) { return strstr(cap_error_message(), param) != NULL; }

/* Error paths: inputs out of range are refused, the messages naming them. */
static void errors(void)
{
  capref_result r;
  capref_rise_plates_sol s;
  double lc = lc_();
  th_int(capref_rise_jurin_plates(&(capref_fluid){.sigma = -SIG, .rho = RHO, .g = G}, 1.0, 1e-3, &r), CAP_EDOM,
         "negative sigma rejected");
  th_true(names("sigma"), "message names sigma");
  th_int(capref_rise_plates(&(capref_fluid){.sigma = SIG, .rho = 0.0, .g = G}, 1.0, 1e-3, &s), CAP_EDOM,
         "zero rho rejected");
  th_true(names("rho"), "message names rho");
  th_int(capref_rise_plates(&(capref_fluid){.sigma = SIG, .rho = RHO, .g = NAN}, 1.0, 1e-3, &s), CAP_EDOM,
         "NaN g rejected");
  th_int(capref_rise_plates(NULL, 1.0, 1e-3, &s), CAP_EINVAL, "NULL fluid rejected");
  th_true(names("fluid"), "message names fluid");
  th_int(capref_rise_plates(&WATER, 0.0, 1e-3, &s), CAP_EDOM, "theta = 0 rejected");
  th_true(names("theta"), "message names theta");
  th_int(capref_rise_plates(&WATER, M_PI, 1e-3, &s), CAP_EDOM, "theta = pi rejected");
  th_int(capref_rise_wall_height(&WATER, NAN, &r), CAP_EDOM, "NaN theta rejected");
  th_int(capref_rise_plates(&WATER, 1.0, -1e-3, &s), CAP_EDOM, "negative gap rejected");
  th_true(names("gap"), "message names gap");
  th_int(capref_rise_jurin_plates(&WATER, 1.0, INFINITY, &r), CAP_EDOM, "infinite gap rejected");
  double xbad[2] = {0.0, 0.6e-3};
  capref_result z[2];
  th_int(capref_rise_plates_profile(&WATER, 1.0, 1e-3, 2, xbad, z), CAP_EDOM, "x outside the gap rejected");
  th_true(names("x[1]"), "message names x[1]");
  th_int(capref_rise_plates_profile(&WATER, 1.0, 1e-3, 2, NULL, z), CAP_EINVAL, "NULL x rejected");
  th_int(capref_rise_wall_profile(&WATER, 1.0, 1, xbad, NULL), CAP_EINVAL, "NULL z rejected");
  double xneg = -1e-3;
  th_int(capref_rise_wall_profile(&WATER, 1.0, 1, &xneg, z), CAP_EDOM, "negative wall distance rejected");
  th_int(capref_rise_wall_distance(&WATER, 1.0, -1e-4, &r), CAP_EDOM, "z of the wrong sign rejected");
  th_true(names("z"), "message names z");
  th_int(capref_rise_wall_distance(&WATER, 1.0, 2.0 * lc, &r), CAP_EDOM, "z above the wall height rejected");
  th_int(capref_rise_wall_distance(&WATER, M_PI_2, 1e-4, &r), CAP_EDOM, "theta = 90 deg: no meniscus height");
  th_int(capref_rise_plates_profile(&WATER, 1.0, 1e-3, 0, NULL, NULL), CAP_SUCCESS, "n = 0 is a no-op");
}

static const th_case cases[] = {
    {"jurin", jurin},       {"plates_mpmath", plates_mpmath},
    {"area", area},         {"plates_ode", plates_ode},
    {"wide_gap", wide_gap}, {"mirror_flat", mirror_flat},
    {"wall_ode", wall_ode}, {"wall_area", wall_area},
    {"errors", errors},     {NULL, NULL},
};

int main(int argc, char **argv) { return th_main(argc, argv, cases); }
