/* Tests of analytic/capref_statics against independent values:
 *  - Young: hand/mpmath values; cancellation and boundary cases; the error paths.
 *  - caps: geometric identities the code does not use (spherical-cap volume from h, circular-segment
 *    area from h), exact limits (hemisphere / half-disc at 90 deg), 30-digit mpmath values at tiny
 *    angles (where theta - sin theta cos theta cancels).
 *  - sessile drops: reference values computed with mpmath by DIFFERENT methods (2D: quadrature of the
 *    exact first integral; axisymmetric: Taylor-series ODE in arc length, 25 digits), exact integral
 *    identities (2D first integral, vertical force balance), the zero-Bond and puddle limits, g = 0.
 * Water-like inputs: rho = 998.2 kg/m^3, g = 9.81 m/s^2, sigma = 0.0728 N/m, l_c = 2.7266061076 mm. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "../analytic/capref_statics.h"
#include "../solver/cap_errno.h"
#include "tharness.h"

#define PI  3.14159265358979323846
#define DEG (PI / 180.0)
#define EPS 2.220446049250313e-16

static const double RHO = 998.2, G = 9.81, SIG = 0.0728;
/* water at 20 C under standard gravity, as a capref_fluid (a compound literal in the caller's block) */
#define WATER (&(capref_fluid){.sigma = SIG, .rho = RHO, .g = G})
/* the capillary length sqrt(sigma/(rho g)) of the test liquid */
static double lc_(void) { return sqrt(SIG / (RHO * G)); }

/* |got - want| <= k err + want_err: the error estimate is a sensible bound */
static void err_bound(capref_result got, double want, double want_err, double k, const char *what)
{
  th_true(fabs(got.val - want) <= k * got.err + want_err, "%s: |val - ref| = %.3g <= %g err (%.3g) + %.3g", what,
          fabs(got.val - want), k, got.err, want_err);
}

/* Young's law: hand and mpmath values, equal tensions, the boundary cos = 1, the drying side;
 * complete wetting and drying (ENOSOL) and the error paths. */
static void young(void)
{
  capref_result c, t;
  /* 0.0473 - 0.0213 = 0.026, 0.026/0.0728 = 5/14 (hand); acos(5/14) = 1.2055891055045298787 (mpmath) */
  th_int(capref_statics_young(0.0473, 0.0213, 0.0728, &c, &t), CAP_SUCCESS, "young status");
  th_rel(c.val, 5.0 / 14.0, 1e-14, "young cos(theta) = 5/14");
  th_rel(t.val, 1.2055891055045298787, 1e-14, "young theta = acos(5/14)");
  err_bound(t, 1.2055891055045298787, 1e-19, 3, "young theta err");
  /* equal solid tensions: theta = 90 deg exactly */
  th_int(capref_statics_young(0.0381, 0.0381, 0.0728, &c, &t), CAP_SUCCESS, "young equal tensions status");
  th_abs(t.val, PI / 2, 4 * EPS, "young sigma_sa = sigma_sl gives 90 deg");
  /* boundary cos = 1 in exact binary arithmetic: theta = 0, err bounded by sqrt(2 err_cos) */
  th_int(capref_statics_young(0.75, 0.25, 0.5, &c, &t), CAP_SUCCESS, "young cos = 1 exactly is allowed");
  th_abs(t.val, 0.0, 0.0, "young cos = 1 gives theta = 0");
  th_true(t.err > 0 && t.err < 1e-6, "young theta err at cos = 1 is sqrt-limited (%.3g)", t.err);
  /* drying side: (0.0213 - 0.0473)/0.0728 = -5/14 -> pi - acos(5/14) */
  th_int(capref_statics_young(0.0213, 0.0473, 0.0728, NULL, &t), CAP_SUCCESS, "young NULL cos output");
  th_rel(t.val, PI - 1.2055891055045298787, 1e-14, "young theta = pi - acos(5/14)");
  /* error paths */
  th_int(capref_statics_young(0.1, 0.01, 0.0728, &c, &t), CAP_ENOSOL, "young complete wetting -> ENOSOL");
  th_true(strstr(cap_error_message(), "complete wetting") != NULL, "young wetting message: %s", cap_error_message());
  th_int(capref_statics_young(0.01, 0.1, 0.0728, &c, &t), CAP_ENOSOL, "young complete drying -> ENOSOL");
  th_true(strstr(cap_error_message(), "complete drying") != NULL, "young drying message");
  th_int(capref_statics_young(0.04, 0.02, 0.0, &c, &t), CAP_EDOM, "young sigma_la = 0 -> EDOM");
  th_true(strstr(cap_error_message(), "sigma_la") != NULL, "young message names sigma_la");
  th_int(capref_statics_young(NAN, 0.02, 0.07, &c, &t), CAP_EDOM, "young NaN sigma_sa -> EDOM");
  th_int(capref_statics_young(0.04, -0.02, 0.07, &c, &t), CAP_EDOM, "young negative sigma_sl -> EDOM");
}

/* Spherical caps (3D) and circular segments (2D): identities the code does not use, 90 deg, tiny
 * angles against mpmath; the error paths. */
static void caps(void)
{
  capref_statics_cap_shape c;
  /* 3D, 131.3 deg, 17.321 uL: spherical-cap volume in terms of h, V = pi h^2 (3R - h)/3, and
   * a^2 + (R - h)^2 = R^2 (neither used by the code). Closed forms: a few ulps. */
  double th = 131.3 * DEG, V = 1.7321e-8;
  th_int(capref_statics_cap(CAPREF_3D, th, V, &c), CAP_SUCCESS, "cap-3d status");
  double R = c.radius.val, h = c.height.val, a = c.half_width.val;
  th_rel(PI * h * h * (3 * R - h) / 3, V, 1e-13, "cap-3d V = pi h^2 (3R - h)/3");
  th_rel(PI * h * (3 * a * a + h * h) / 6, V, 1e-13, "cap-3d V = pi h (3a^2 + h^2)/6");
  th_rel(a * a + (R - h) * (R - h), R * R, 1e-13, "cap-3d a^2 + (R-h)^2 = R^2");
  th_rel(c.kappa.val, 2 / R, 1e-15, "cap-3d kappa = 2/R");
  th_rel(c.r0.val, cbrt(3 * V / (2 * PI)), 1e-15, "cap-3d R0 = (3V/2pi)^(1/3)");
  th_true(c.radius.err > 0 && c.radius.err < 1e-13 * R, "cap-3d err is a few ulps");
  /* 2D, 63.7 deg: circular-segment area from h, A = R^2 acos(1 - h/R) - (R - h) sqrt(2Rh - h^2) */
  double A = 2.8375e-6;
  th = 63.7 * DEG;
  th_int(capref_statics_cap(CAPREF_2D, th, A, &c), CAP_SUCCESS, "cap-2d status");
  R = c.radius.val;
  h = c.height.val;
  a = c.half_width.val;
  th_rel(R * R * acos(1 - h / R) - (R - h) * sqrt(2 * R * h - h * h), A, 1e-12, "cap-2d segment area from h");
  th_rel(a * a + (R - h) * (R - h), R * R, 1e-13, "cap-2d a^2 + (R-h)^2 = R^2");
  th_rel(c.kappa.val, 1 / R, 1e-15, "cap-2d kappa = 1/R");
  /* 90 deg: the hemisphere / half-disc itself, R = R0 */
  th_int(capref_statics_cap(CAPREF_3D, PI / 2, 4.2817e-9, &c), CAP_SUCCESS, "cap-3d 90 deg status");
  th_rel(c.radius.val, c.r0.val, 1e-14, "cap-3d at 90 deg: R = R0 (hemisphere)");
  th_rel(c.height.val, c.radius.val, 1e-14, "cap-3d at 90 deg: h = R");
  th_int(capref_statics_cap(CAPREF_2D, PI / 2, 4.2817e-6, &c), CAP_SUCCESS, "cap-2d 90 deg status");
  th_rel(c.radius.val, c.r0.val, 1e-14, "cap-2d at 90 deg: R = R0 (half-disc)");
  /* tiny angles, 30-digit mpmath: 2D theta = 1e-3, A = 1e-9: R = 1.2247449938660828952,
   * h = 6.1237244590200173754e-7; 3D theta = 2e-4, V = 3.1e-12: R = 13.511926635961157248 */
  th_int(capref_statics_cap(CAPREF_2D, 1e-3, 1e-9, &c), CAP_SUCCESS, "cap-2d tiny angle status");
  th_rel(c.radius.val, 1.2247449938660828952, 1e-14, "cap-2d theta = 1e-3 R (no cancellation)");
  th_rel(c.height.val, 6.1237244590200173754e-7, 1e-14, "cap-2d theta = 1e-3 h");
  err_bound(c.radius, 1.2247449938660828952, 0, 3, "cap-2d tiny-angle err");
  th_int(capref_statics_cap(CAPREF_3D, 2e-4, 3.1e-12, &c), CAP_SUCCESS, "cap-3d tiny angle status");
  th_rel(c.radius.val, 13.511926635961157248, 1e-14, "cap-3d theta = 2e-4 R (no cancellation)");
  /* error paths */
  th_int(capref_statics_cap(CAPREF_3D, 0.0, 1e-9, &c), CAP_EDOM, "cap theta = 0 -> EDOM");
  th_true(strstr(cap_error_message(), "theta") != NULL, "cap message names theta");
  th_int(capref_statics_cap(CAPREF_3D, PI, 1e-9, &c), CAP_EDOM, "cap theta = pi -> EDOM");
  th_int(capref_statics_cap(CAPREF_3D, NAN, 1e-9, &c), CAP_EDOM, "cap theta NaN -> EDOM");
  th_int(capref_statics_cap(CAPREF_2D, 1.0, -1e-6, &c), CAP_EDOM, "cap negative area -> EDOM");
  th_true(strstr(cap_error_message(), "area") != NULL, "cap message names area");
  th_int(capref_statics_cap(CAPREF_3D, 1.0, NAN, &c), CAP_EDOM, "cap NaN volume -> EDOM");
  th_true(strstr(cap_error_message(), "volume") != NULL, "cap message names volume");
  th_int(capref_statics_cap((capref_dim)4, 1.0, 1e-9, &c), CAP_EDOM, "cap dim 4 -> EDOM");
  th_int(capref_statics_cap(CAPREF_3D, 1.0, 1e-9, NULL), CAP_EINVAL, "cap NULL out -> EINVAL");
}

/* 2D identities in l_c units with error-propagated bounds: the residual of an exact identity must be
 * within the propagated error of its inputs plus rounding of its terms. */
static void check_identities(capref_dim dim, double th, double size, const capref_statics_drop_shape *d,
                             const char *name)
{
  const double lc = lc_();
  double b = d->apex_curvature.val * lc, h = d->height.val / lc, a = d->half_width.val / lc;
  double eb = d->apex_curvature.err * lc, eh = d->height.err / lc, ea = d->half_width.err / lc;
  double s = sin(th);
  if (dim == CAPREF_2D) {
    double q = size / (lc * lc);
    /* first integral 1 - cos(theta) = b h + h^2/2 */
    double r1 = 1 - cos(th) - b * h - h * h / 2;
    double e1 = h * eb + (b + h) * eh + 8 * EPS * (2 + b * h + h * h);
    th_true(fabs(r1) <= e1, "%s: 2D first integral residual %.3g <= %.3g", name, fabs(r1), e1);
    /* force balance A = 2a(b + h) - 2 sin(theta) */
    double r2 = 2 * a * (b + h) - 2 * s - q;
    double e2 = 2 * (b + h) * ea + 2 * a * (eb + eh) + 8 * EPS * (2 * a * (b + h) + 2 + q);
    th_true(fabs(r2) <= e2, "%s: 2D force balance residual %.3g <= %.3g", name, fabs(r2), e2);
  } else {
    double q = size / (lc * lc * lc);
    /* force balance V = pi a^2 (2b + h) - 2 pi a sin(theta) */
    double r2 = PI * a * a * (2 * b + h) - 2 * PI * a * s - q;
    double e2 = (2 * PI * a * (2 * b + h) + 2 * PI * s) * ea + PI * a * a * (2 * eb + eh) +
                8 * EPS * (PI * a * a * (2 * b + h) + 2 * PI * a + q);
    th_true(fabs(r2) <= e2, "%s: axisymmetric force balance residual %.3g <= %.3g", name, fabs(r2), e2);
  }
}

/* A sessile drop with reference values: dim, theta in degrees, size (area in m^2 in 2D, volume in m^3
 * in 3D), and the apex curvature b, height h, half-width a and (3D) arc length S from mpmath. */
typedef struct {
  capref_dim dim;
  double th_deg, size, b, h, a, S;
} sessile_ref;

/* The drop of r into *d: its status, b, h, a and (3D) S against the reference to 1e-11 (2D against the
 * quadrature, 3D the ODE), and the error bound of h, with all_bounds those of b and a too. */
static void sessile_vs_ref(const sessile_ref *r, int all_bounds, capref_statics_drop_shape *d)
{
  char name[48], what[64];
  snprintf(name, sizeof name, "sessile %dD %.1f deg", (int)r->dim, r->th_deg);
  const char *method = r->dim == CAPREF_2D ? "mpmath quadrature" : "mpmath ODE";
  th_int(capref_statics_sessile(r->dim, WATER, r->th_deg * DEG, r->size, d), CAP_SUCCESS, "%s status", name);
  th_rel(d->apex_curvature.val, r->b, 1e-11, "%s b vs %s", name, method);
  th_rel(d->height.val, r->h, 1e-11, "%s h vs %s", name, method);
  th_rel(d->half_width.val, r->a, 1e-11, "%s a vs %s", name, method);
  if (r->dim == CAPREF_3D) th_rel(d->arc_length.val, r->S, 1e-11, "%s arc length vs %s", name, method);
  const struct {
    capref_result got;
    double want, want_err;
    const char *q;
    int always;
  } bound[3] = {
      {d->apex_curvature, r->b, 1e-12, "b", 0}, {d->height, r->h, 1e-18, "h", 1}, {d->half_width, r->a, 1e-18, "a", 0}};
  for (int k = 0; k < 3; k++) {
    if (!all_bounds && !bound[k].always) continue;
    snprintf(what, sizeof what, "%s %s err", name, bound[k].q);
    err_bound(bound[k].got, bound[k].want, bound[k].want_err, 3, what);
  }
}

/* Sessile drops against mpmath (2D quadrature, 3D ODE) at 63.7 and 131.3 deg, and the exact
 * identities across shapes and sizes. */
static void sessile_refs(void)
{
  const double lc = lc_();
  capref_statics_drop_shape d;
  /* the four reference drops, in the order of the checks below */
  const sessile_ref ref[4] = {
      {CAPREF_2D, 63.7, 2.8375e-6, 447.2648487145281, 1.072291491033279e-3, 1.838249593432264e-3, 0},
      {CAPREF_2D, 131.3, 1.2345e-5, 348.731557463833, 3.011302627102129e-3, 2.09812299207954e-3, 0},
      {CAPREF_3D, 131.3, 1.7321e-8, 537.7080414789336, 2.443296174340915e-3, 1.437551974255406e-3,
       3.537409916795118e-3},
      {CAPREF_3D, 63.7, 3.9017e-9, 555.3885411248038, 9.232497176817195e-4, 1.539698295940045e-3, 1.890158472070253e-3},
  };
  /* 2D, 63.7 deg, A = 2.8375e-6 m^2 (0.3817 l_c^2). mpmath quadrature of the exact first integral
   * z(psi) = -b + sqrt(b^2 + 4 sin^2(psi/2)), x = int cos psi / sqrt(...) dpsi, b by findroot (30 digits):
   * b = 447.2648487145281 1/m, h = 1.072291491033279e-3 m, a = 1.838249593432264e-3 m.
   * The code's tolerance is 1e-10 (working) / 1e-12 (tight): expect agreement to ~1e-11. */
  sessile_vs_ref(&ref[0], 1, &d);
  /* Bo = rho g R0^2/sigma, R0 = sqrt(2A/pi): 0.24298036872282107021 (mpmath) */
  th_rel(d.bond.val, 0.24298036872282107021, 1e-14, "sessile 2D Bond number");
  th_rel(d.max_half_width.val, d.half_width.val, 0, "sessile 2D theta < 90: widest = base");
  th_abs(d.apparent_angle.val, 2 * atan(1.072291491033279 / 1.838249593432264), 1e-11,
         "sessile 2D apparent angle 2 atan(h/a)");
  th_true(d.apparent_angle.val < 63.7 * DEG, "gravity flattens: apparent angle < theta");
  check_identities(CAPREF_2D, 63.7 * DEG, 2.8375e-6, &d, "2D 63.7 deg");
  /* 2D, 131.3 deg, A = 1.2345e-5 m^2 (1.66 l_c^2), same mpmath method:
   * b = 348.731557463833, h = 3.011302627102129e-3, a = 2.09812299207954e-3 */
  sessile_vs_ref(&ref[1], 0, &d);
  th_true(d.max_half_width.val > d.half_width.val, "sessile 2D theta > 90: equator wider than base");
  check_identities(CAPREF_2D, 131.3 * DEG, 1.2345e-5, &d, "2D 131.3 deg");
  /* 3D, 131.3 deg, V = 17.321 uL (0.8545 l_c^3). mpmath.odefun (Taylor series) in arc length, apex series
   * at s0 = 1e-6 l_c, 25 digits, secant on log b; its force-balance residual is 1e-25:
   * b = 537.7080414789336, h = 2.443296174340915e-3, a = 1.437551974255406e-3, S = 3.537409916795118e-3 */
  sessile_vs_ref(&ref[2], 1, &d);
  /* Bo = rho g (3V/2pi)^(2/3)/sigma = 0.55008705583720978984 (mpmath) */
  th_rel(d.bond.val, 0.55008705583720978984, 1e-14, "sessile 3D Bond number");
  check_identities(CAPREF_3D, 131.3 * DEG, 1.7321e-8, &d, "3D 131.3 deg");
  /* 3D, 63.7 deg, V = 3.9017 uL (0.1925 l_c^3), same mpmath method (force-balance residual 1e-26):
   * b = 555.3885411248038, h = 9.232497176817195e-4, a = 1.539698295940045e-3, S = 1.890158472070253e-3 */
  sessile_vs_ref(&ref[3], 0, &d);
  check_identities(CAPREF_3D, 63.7 * DEG, 3.9017e-9, &d, "3D 63.7 deg");
  /* identities across shapes and sizes (incl. strongly deformed drops, Bo up to ~40) */
  const double ths[] = {17.3 * DEG, 88.1 * DEG, 152.9 * DEG};
  const double qs[] = {0.03817, 2.7183, 31.416};
  char name[64];
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 3; j++)
      for (int k = 2; k <= 3; k++) {
        double size = qs[j] * pow(lc, k);
        snprintf(name, sizeof name, "%dD %.1f deg q %.4g", k, ths[i] / DEG, qs[j]);
        int s = capref_statics_sessile((capref_dim)k, WATER, ths[i], size, &d);
        th_int(s, CAP_SUCCESS, "sessile %s status", name);
        if (!s) check_identities((capref_dim)k, ths[i], size, &d, name);
      }
}

/* Sessile-drop limits: zero Bond number (the cap), g = 0 and rho = 0, the 2D and 3D puddles (with
 * the derived rim correction), a tiny contact angle, and beyond the shooting range (EDOM). */
static void sessile_limits(void)
{
  const double lc = lc_();
  capref_statics_drop_shape d;
  capref_statics_cap_shape c;
  /* zero-Bond limit: a 1e-21 m^3 drop (R0 = 7.8e-8 m, Bo = 8e-10) and a 1e-14 m^2 2D drop (Bo = 9e-10).
   * The gravity correction is first order in Bo with an O(1) coefficient; tolerance 100 Bo. */
  const struct {
    capref_dim dim;
    double th, size;
  } z[] = {{CAPREF_3D, 131.3 * DEG, 1e-21}, {CAPREF_2D, 37.9 * DEG, 1e-14}};
  for (int i = 0; i < 2; i++) {
    th_int(capref_statics_sessile(z[i].dim, WATER, z[i].th, z[i].size, &d), CAP_SUCCESS, "tiny drop %dD status",
           (int)z[i].dim);
    capref_statics_cap(z[i].dim, z[i].th, z[i].size, &c);
    double tol = 100 * d.bond.val;
    th_true(d.bond.val > 1e-24 && d.bond.val < 1e-9, "tiny drop %dD integrates (Bo = %.3g)", (int)z[i].dim, d.bond.val);
    th_rel(d.apex_curvature.val, 1 / c.radius.val, tol, "tiny drop %dD: b -> 1/R_cap", (int)z[i].dim);
    th_rel(d.height.val, c.height.val, tol, "tiny drop %dD: h -> cap height", (int)z[i].dim);
    th_rel(d.half_width.val, c.half_width.val, tol, "tiny drop %dD: a -> cap half-width", (int)z[i].dim);
    th_rel(d.arc_length.val, c.radius.val * z[i].th, tol, "tiny drop %dD: arc -> R theta", (int)z[i].dim);
    th_rel(d.apparent_angle.val, z[i].th, tol, "tiny drop %dD: apparent angle -> theta", (int)z[i].dim);
  }
  th_rel(d.max_half_width.val, d.half_width.val, 0, "tiny drop 2D 37.9 deg: widest = base");
  capref_statics_sessile(CAPREF_3D, WATER, 131.3 * DEG, 1e-21, &d);
  capref_statics_cap(CAPREF_3D, 131.3 * DEG, 1e-21, &c);
  th_rel(d.max_half_width.val, c.radius.val, 100 * d.bond.val, "tiny drop 3D 131.3 deg: widest -> R");

  /* g = 0 (and rho = 0): the exact cap; apparent angle 2 atan(h/a) = 2 atan(tan(theta/2)) = theta */
  th_int(capref_statics_sessile(CAPREF_3D, &(capref_fluid){.sigma = SIG, .rho = RHO, .g = 0.0}, 71.3 * DEG, 2.9e-9, &d),
         CAP_SUCCESS, "g = 0 status");
  capref_statics_cap(CAPREF_3D, 71.3 * DEG, 2.9e-9, &c);
  th_rel(d.height.val, c.height.val, 1e-15, "g = 0: h is the cap height");
  th_rel(d.half_width.val, c.half_width.val, 1e-15, "g = 0: a is the cap half-width");
  th_rel(d.apex_curvature.val, 1 / c.radius.val, 1e-15, "g = 0: b = 1/R");
  th_rel(d.apparent_angle.val, 71.3 * DEG, 1e-14, "g = 0: apparent angle = theta");
  th_abs(d.bond.val, 0, 0, "g = 0: Bond number 0");
  th_int(capref_statics_sessile(CAPREF_2D, &(capref_fluid){.sigma = SIG, .rho = 0.0, .g = G}, 143.7 * DEG, 2.9e-6, &d),
         CAP_SUCCESS, "rho = 0 status");
  capref_statics_cap(CAPREF_2D, 143.7 * DEG, 2.9e-6, &c);
  th_rel(d.apparent_angle.val, 143.7 * DEG, 1e-14, "rho = 0, 2D: apparent angle = theta");
  th_rel(d.max_half_width.val, c.radius.val, 1e-15, "rho = 0, 2D, theta > 90: widest = R");

  /* 2D puddle: 1 - cos(theta) = b h + h^2/2 gives h = 2 sin(theta/2) - b + O(b^2) (l_c units); for
   * A = 135 l_c^2 the apex curvature is ~1e-28/l_c, so h equals the puddle height to the tolerance. */
  th_int(capref_statics_sessile(CAPREF_2D, WATER, 63.7 * DEG, 135 * lc * lc, &d), CAP_SUCCESS, "2D puddle status");
  th_rel(d.height.val, 2 * lc * sin(0.5 * 63.7 * DEG), 1e-11, "2D puddle: h = 2 l_c sin(theta/2)");
  th_true(d.apex_curvature.val * lc < 1e-20, "2D puddle: flat top, b l_c = %.3g", d.apex_curvature.val * lc);

  /* 3D puddle. Integrating d(cos psi)/ds = -(2b + z) dz/ds + sin^2(psi)/x across the rim (x ~ a, b
   * exponentially small, leading-order rim = the 2D meniscus cos psi = 1 - z^2/2) gives (derived here,
   * l_c units) h = h0 + c1/a + O(1/a^2), h0 = 2 sin(theta/2), c1 = 2 (1 - cos^3(theta/2)) / (3 sin(theta/2)).
   * D(a) = a (h - h0) = c1 + c2/a + c3/a^2; two sizes eliminate c2: (a2 D2 - a1 D1)/(a2 - a1) =
   * c1 - c3/(a1 a2). With a1 ~ 88, a2 ~ 176 the remainder is c3 * 6e-5; tolerance 1e-3 allows an O(1)
   * c3 up to ~15. */
  for (int k = 0; k < 2; k++) {
    double th = k ? 131.3 * DEG : 63.7 * DEG;
    double h0 = 2 * sin(th / 2), ch = cos(th / 2), c1 = 2 * (1 - ch * ch * ch) / (3 * sin(th / 2));
    double a1, a2, d1, d2;
    th_int(capref_statics_sessile(CAPREF_3D, WATER, th, 25600 * lc * lc * lc, &d), CAP_SUCCESS,
           "3D puddle %.1f deg, V = 25600 l_c^3 status", th / DEG);
    a1 = d.half_width.val / lc;
    d1 = a1 * (d.height.val / lc - h0);
    th_int(capref_statics_sessile(CAPREF_3D, WATER, th, 102400 * lc * lc * lc, &d), CAP_SUCCESS,
           "3D puddle %.1f deg, V = 102400 l_c^3 status", th / DEG);
    a2 = d.half_width.val / lc;
    d2 = a2 * (d.height.val / lc - h0);
    th_true(a2 > 100, "3D puddle is wide (a = %.1f l_c)", a2);
    th_abs(d.height.val / lc, h0, 2 * c1 / a2, "3D puddle %.1f deg: h -> 2 l_c sin(theta/2) (within 2 c1/a)", th / DEG);
    th_abs((a2 * d2 - a1 * d1) / (a2 - a1), c1, 1e-3, "3D puddle %.1f deg: rim correction c1/a (derived)", th / DEG);
  }
  /* a tiny contact angle (2.3e-5 rad, below the default axisymmetric series start): a flat puddle */
  th_int(capref_statics_sessile(CAPREF_3D, WATER, 2.3e-5, 4.4e-9, &d), CAP_SUCCESS, "3D theta = 2.3e-5 rad status");
  check_identities(CAPREF_3D, 2.3e-5, 4.4e-9, &d, "3D theta = 2.3e-5 rad");
  {
    /* the rim-corrected puddle height derived below, h = h0 + c1/a, remainder O(1/a^2) ~ 3e-4 relative */
    double t = 2.3e-5, ch = cos(t / 2), c1 = 2 * (1 - ch * ch * ch) / (3 * sin(t / 2)), ap = d.half_width.val / lc;
    th_rel(d.height.val / lc, 2 * sin(t / 2) + c1 / ap, 2e-3,
           "3D theta = 2.3e-5 rad: h = puddle height + c1/a (a = %.0f l_c)", ap);
  }
  /* beyond the shooting range (apex curvature < 1e-200/l_c): EDOM naming the area */
  th_int(capref_statics_sessile(CAPREF_2D, WATER, 3 * DEG, 1e-3, &d), CAP_EDOM, "2D puddle beyond the range -> EDOM");
  th_true(strstr(cap_error_message(), "area") != NULL, "range message names area: %s", cap_error_message());
}

/* The sessile drop's error paths: inputs out of range refused, the messages naming them. */
static void sessile_errors(void)
{
  capref_statics_drop_shape d;
  th_int(capref_statics_sessile(CAPREF_3D, WATER, 0.0, 1e-9, &d), CAP_EDOM, "sessile theta = 0 -> EDOM");
  th_int(capref_statics_sessile(CAPREF_3D, WATER, PI, 1e-9, &d), CAP_EDOM, "sessile theta = pi -> EDOM");
  th_int(capref_statics_sessile(CAPREF_3D, WATER, -0.3, 1e-9, &d), CAP_EDOM, "sessile theta < 0 -> EDOM");
  th_int(capref_statics_sessile(CAPREF_2D, WATER, 1.0, -1e-6, &d), CAP_EDOM, "sessile negative area -> EDOM");
  th_true(strstr(cap_error_message(), "area") != NULL, "sessile message names area");
  th_int(capref_statics_sessile(CAPREF_3D, WATER, 1.0, NAN, &d), CAP_EDOM, "sessile NaN volume -> EDOM");
  th_int(capref_statics_sessile(CAPREF_3D, &(capref_fluid){.sigma = SIG, .rho = RHO, .g = -9.81}, 1.0, 1e-9, &d),
         CAP_EDOM, "sessile negative g -> EDOM");
  th_true(strstr(cap_error_message(), "g = ") != NULL, "sessile message names g: %s", cap_error_message());
  th_int(capref_statics_sessile(CAPREF_3D, &(capref_fluid){.sigma = SIG, .rho = -1.0, .g = G}, 1.0, 1e-9, &d), CAP_EDOM,
         "sessile negative rho -> EDOM");
  th_int(capref_statics_sessile(CAPREF_3D, &(capref_fluid){.sigma = 0.0, .rho = RHO, .g = G}, 1.0, 1e-9, &d), CAP_EDOM,
         "sessile sigma = 0 -> EDOM");
  th_int(capref_statics_sessile((capref_dim)1, WATER, 1.0, 1e-9, &d), CAP_EDOM, "sessile dim 1 -> EDOM");
  th_int(capref_statics_sessile(CAPREF_3D, WATER, 1.0, 1e-9, NULL), CAP_EINVAL, "sessile NULL out -> EINVAL");
  th_int(capref_statics_sessile(CAPREF_3D, NULL, 1.0, 1e-9, &d), CAP_EINVAL, "sessile NULL fluid -> EINVAL");
  th_int(capref_statics_sessile(CAPREF_3D, &(capref_fluid){.sigma = SIG, .rho = 1e300, .g = 1e300}, 1.0, 1e-9, &d),
         CAP_EDOM, "sessile overflowing rho g -> EDOM");
}

/* The drop profile: against the mpmath ODE at interior points, spacing in arc length, the 2D first
 * integral at every point, the puddle's flat top, the circle at g = 0; the error paths. */
static void profile(void)
{
  const double lc = lc_();
  enum { N = 37 };
  capref_result x[N], z[N], p[N];
  capref_statics_drop_shape d;
  /* 3D 131.3 deg reference drop: end point = (a, h), start = apex; interior points vs the mpmath ODE
   * at arc length S k/4 (points 9, 18, 27 of 37), mpmath.odefun at b = 537.7080414789336 1/m:
   *   k=1 x = 8.508856378643838e-4 z = 2.076088144895763e-4 psi = 0.4817565200517313
   *   k=2 x = 1.49872985982047e-3  z = 7.950065818650975e-4 psi = 1.000427216370852
   *   k=3 x = 1.741756564431409e-3 z = 1.632022325319948e-3 psi = 1.590840540037092 */
  double th = 131.3 * DEG, V = 1.7321e-8;
  capref_statics_sessile(CAPREF_3D, WATER, th, V, &d);
  th_int(capref_statics_sessile_profile(CAPREF_3D, WATER, th, V, N, x, z, p), CAP_SUCCESS, "profile 3D status");
  th_abs(x[0].val, 0, 0, "profile starts at the apex (x)");
  th_abs(z[0].val, 0, 0, "profile starts at the apex (z)");
  th_abs(x[N - 1].val, d.half_width.val, x[N - 1].err + d.half_width.err, "profile end x = a");
  th_abs(z[N - 1].val, d.height.val, z[N - 1].err + d.height.err, "profile end z = h");
  th_abs(p[N - 1].val, th, 1e-15, "profile end psi = theta");
  th_abs(x[N - 1].val, 1.437551974255406e-3, 1e-14, "profile end x vs mpmath ODE");
  const double rx[3] = {8.508856378643838e-4, 1.49872985982047e-3, 1.741756564431409e-3};
  const double rz[3] = {2.076088144895763e-4, 7.950065818650975e-4, 1.632022325319948e-3};
  const double rp[3] = {0.4817565200517313, 1.000427216370852, 1.590840540037092};
  for (int k = 0; k < 3; k++) {
    int i = 9 * (k + 1);
    th_rel(x[i].val, rx[k], 1e-11, "profile 3D x at S %d/4 vs mpmath ODE", k + 1);
    th_rel(z[i].val, rz[k], 1e-11, "profile 3D z at S %d/4 vs mpmath ODE", k + 1);
    th_rel(p[i].val, rp[k], 1e-11, "profile 3D psi at S %d/4 vs mpmath ODE", k + 1);
    err_bound(x[i], rx[k], 1e-18, 3, "profile 3D x err");
  }
  /* consecutive points: chord <= arc spacing, and >= spacing cos(turning angle) */
  double ds = d.arc_length.val / (N - 1);
  int ok = 1, mono = 1;
  for (int i = 1; i < N; i++) {
    double chord = hypot(x[i].val - x[i - 1].val, z[i].val - z[i - 1].val);
    double turn = p[i].val - p[i - 1].val;
    if (chord > ds * (1 + 1e-10) || chord < ds * cos(turn) * (1 - 1e-10)) ok = 0;
    if (!(turn > 0) || !(z[i].val > z[i - 1].val)) mono = 0;
  }
  th_true(ok, "profile 3D points equally spaced in arc length (chord vs arc)");
  th_true(mono, "profile 3D: psi and z increase along the profile");
  /* 2D: every point satisfies the first integral cos(psi) = 1 - b z - z^2/2 (l_c units) */
  th = 63.7 * DEG;
  double A = 2.8375e-6;
  capref_statics_sessile(CAPREF_2D, WATER, th, A, &d);
  th_int(capref_statics_sessile_profile(CAPREF_2D, WATER, th, A, N, x, z, p), CAP_SUCCESS, "profile 2D status");
  double b = d.apex_curvature.val * lc, worst = 0, bound = 1;
  for (int i = 0; i < N; i++) {
    double zz = z[i].val / lc;
    double r = fabs(cos(p[i].val) - (1 - b * zz - zz * zz / 2));
    double e = sin(p[i].val) * p[i].err + (b + zz) * z[i].err / lc + zz * d.apex_curvature.err * lc + 8 * EPS;
    if (r - e > worst - bound || i == 0) {
      worst = r;
      bound = e;
    }
  }
  th_true(worst <= bound, "profile 2D: first integral at every point (worst %.3g <= %.3g)", worst, bound);
  th_abs(x[N - 1].val, 1.838249593432264e-3, 1e-14, "profile 2D end x vs mpmath quadrature");
  /* puddle profile (3D, 300 l_c^3): still ends at (a, h); psi stays tiny over the flat top */
  th_int(capref_statics_sessile_profile(CAPREF_3D, WATER, 63.7 * DEG, 300 * lc * lc * lc, N, x, z, NULL), CAP_SUCCESS,
         "profile 3D puddle status (psi NULL)");
  capref_statics_sessile(CAPREF_3D, WATER, 63.7 * DEG, 300 * lc * lc * lc, &d);
  th_abs(z[N - 1].val, d.height.val, z[N - 1].err + d.height.err, "profile puddle end z = h");
  /* linearized flat top: psi = 2b I1(s), z = 2b (I0(s) - 1) ~ e^s, so z/h ~ e^(-a/2) half-way along;
   * allow a factor 10 */
  double ap = d.half_width.val / lc;
  th_true(z[N / 2].val < 10 * exp(-ap / 2) * d.height.val,
          "profile puddle: flat top at mid arc (z/h = %.3g, a = %.2f l_c)", z[N / 2].val / d.height.val, ap);
  /* g = 0: the points lie on the circle x^2 + (R - z)^2 = R^2 */
  capref_statics_cap_shape c;
  capref_statics_cap(CAPREF_3D, 103.1 * DEG, 5.3e-9, &c);
  th_int(capref_statics_sessile_profile(CAPREF_3D, &(capref_fluid){.sigma = SIG, .rho = RHO, .g = 0.0}, 103.1 * DEG,
                                        5.3e-9, N, x, z, p),
         CAP_SUCCESS, "profile g = 0 status");
  double R = c.radius.val, wc = 0;
  for (int i = 0; i < N; i++) wc = fmax(wc, fabs(hypot(x[i].val, R - z[i].val) - R) / R);
  th_true(wc < 1e-14, "profile g = 0: points on the circle of radius R (worst %.3g)", wc);
  th_abs(p[N - 1].val, 103.1 * DEG, 1e-15, "profile g = 0 ends at psi = theta");
  /* error paths */
  th_int(capref_statics_sessile_profile(CAPREF_3D, WATER, 1.0, 1e-9, 1, x, z, p), CAP_EDOM, "profile n = 1 -> EDOM");
  th_true(strstr(cap_error_message(), "n = ") != NULL, "profile message names n");
  th_int(capref_statics_sessile_profile(CAPREF_3D, WATER, 1.0, 1e-9, N, NULL, z, p), CAP_EINVAL,
         "profile NULL x -> EINVAL");
  th_int(capref_statics_sessile_profile(CAPREF_3D, &(capref_fluid){.sigma = SIG, .rho = RHO, .g = -1.0}, 1.0, 1e-9, N,
                                        x, z, p),
         CAP_EDOM, "profile negative g -> EDOM");
  th_int(capref_statics_sessile_profile(CAPREF_3D, WATER, PI, 1e-9, N, x, z, p), CAP_EDOM,
         "profile theta = pi -> EDOM");
}

/* Area of the part of the disc (0, D), R outside the disc (0, 0), rs: midpoint rule over x of the
 * chord lengths (an independent check of the lens formula). */
static double area_outside(double R, double D, double rs, int n)
{
  double A = 0, dx = 2 * R / n;
  for (int k = 0; k < n; k++) {
    double x = -R + (k + 0.5) * dx, hy = sqrt(fmax(R * R - x * x, 0));
    double y0 = D - hy, y1 = D + hy, len = y1 - y0;
    if (fabs(x) < rs) {
      double sy = sqrt(rs * rs - x * x); /* the solid covers [-sy, sy] */
      len -= fmax(0, fmin(y1, sy) - fmax(y0, -sy));
    }
    A += len * dx;
  }
  return A;
}

/* A 2D drop on a disc: the liquid area by chord quadrature, the angle at and position of the contact
 * point, the apex height; a huge disc gives the flat cap; the error paths. */
static void disc_caps(void)
{
  const double angles[4] = {30, 75, 120, 160};
  for (int k = 0; k < 4; k++) {
    double th = angles[k] * PI / 180, rs = 0.7, A = PI / 2;
    capref_statics_disc_cap_shape d;
    th_int(capref_statics_cap_on_disc(th, rs, A, &d), CAP_SUCCESS, "drop on a disc, theta = %g deg", angles[k]);
    double R = d.radius.val, D = d.distance.val, b = d.beta.val;
    th_rel(area_outside(R, D, rs, 400000), A, 1e-8, "drop on a disc, theta = %g: liquid area (chord quadrature)",
           angles[k]);
    /* the angle at the contact point X = rs (sin b, cos b): n_s . n_d = cos(theta) */
    double X = rs * sin(b), Y = rs * cos(b);
    th_abs((X * X + Y * (Y - D)) / (rs * R), cos(th), 1e-10, "drop on a disc, theta = %g: angle at the contact point",
           angles[k]);
    th_abs(hypot(X, Y - D), R, 1e-10, "drop on a disc, theta = %g: contact point on the drop", angles[k]);
    th_rel(d.apex_height.val, D + R - rs, 1e-14, "drop on a disc, theta = %g: apex height", angles[k]);
    th_true(d.radius.err < 1e-9 * R, "drop on a disc, theta = %g: error estimate %.2g", angles[k], d.radius.err);
  }
  /* a huge solid: the flat cap */
  capref_statics_cap_shape c;
  capref_statics_disc_cap_shape d;
  capref_statics_cap(CAPREF_2D, 1.0, 0.3, &c);
  capref_statics_cap_on_disc(1.0, 1e4, 0.3, &d); /* the curvature changes R by O(R / rs) */
  th_rel(d.radius.val, c.radius.val, 3e-4, "drop on a disc of radius 1e4: the flat cap's radius");
  th_rel(d.apex_height.val, c.height.val, 3e-4, "drop on a disc of radius 1e4: the flat cap's height");
  th_int(capref_statics_cap_on_disc(0, 1, 1, &d), CAP_EDOM, "drop on a disc: theta = 0 refused");
  th_int(capref_statics_cap_on_disc(1, 0, 1, &d), CAP_EDOM, "drop on a disc: rs = 0 refused");
  th_int(capref_statics_cap_on_disc(1, 1, -1, &d), CAP_EDOM, "drop on a disc: area < 0 refused");
  th_int(capref_statics_cap_on_disc(1, 1, 1, NULL), CAP_EINVAL, "drop on a disc: NULL out refused");
}

/* The capillary length of the test liquid against mpmath. */
static void capillary_length(void)
{
  th_rel(lc_(), 2.7266061076347556e-3, 1e-15, "capillary length of the test liquid (mpmath)");
}

static const th_case cases[] = {
    {"capillary_length", capillary_length},
    {"young", young},
    {"caps", caps},
    {"sessile_refs", sessile_refs},
    {"sessile_limits", sessile_limits},
    {"sessile_errors", sessile_errors},
    {"profile", profile},
    {"disc_caps", disc_caps},
    {NULL, NULL},
};

int main(int argc, char **argv) { return th_main(argc, argv, cases); }
