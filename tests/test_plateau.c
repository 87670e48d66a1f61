/* Tests of analytic/capref_plateau (Rayleigh-Plateau instability of a liquid cylinder).
 *
 * Independent reference values ("mpmath" below) were computed with python3 + mpmath 1.3 at 40 digits
 * WITHOUT the formulas or the code under test's method:
 *   - Rayleigh: mpmath.besseli for S^2 = x (1 - x^2) I1/I0; the fastest mode by mpmath.findroot on
 *     the NUMERICAL derivative mpmath.diff(S^2) (the library uses GSL Brent + an analytic derivative);
 *   - Weber: the least stable root of S^2 + 3 Oh x^2 S - x^2 (1 - x^2)/2 = 0 from mpmath.polyroots
 *     (the library uses a closed form), its fastest mode by findroot on the numerical derivative of
 *     that root (the library uses the closed form x_W = (2 + sqrt(18) Oh)^(-1/2));
 *   - SI values: the dimensionless mpmath values times sqrt(sigma/(rho R^3)) computed in mpmath.
 * Tolerances: closed forms and GSL's Bessel functions are accurate to a few ulps, so 1e-13 relative
 * (about 500 ulps) covers the ~10 operations of each formula with a wide margin, and 1e-12 for SI
 * values (a few more operations, cube of R). Limit checks use the first neglected series term.
 */
#include <math.h>
#include <string.h>

#include "../analytic/capref_plateau.h"
#include "../solver/cap_errno.h"
#include "tharness.h"

/* .err is a sensible bound: |val - ref| <= 3 err + a 1e-16 relative allowance for the 17-digit
 * reference, and err is not absurdly large (< maxrel |ref|, or < maxrel if ref == 0). */
static void err_ok(capref_result r, double ref, double maxrel, const char *what)
{
  double scale = ref != 0 ? fabs(ref) : 1.0;
  th_true(fabs(r.val - ref) <= 3.0 * r.err + 1e-16 * scale && r.err <= maxrel * scale,
          "%s: |val - ref| = %.3g within 3 err = %.3g, err < %g relative", what, fabs(r.val - ref), 3.0 * r.err,
          maxrel);
}

static void names(const char *param, const char *what)
{
  th_true(strstr(cap_error_message(), param) != NULL, "%s: message names '%s' (\"%s\")", what, param,
          cap_error_message());
}

/* The inviscid Rayleigh dispersion relation S^2(x) against mpmath: unstable, stable and marginal
 * modes, the long-wave series, and the SI wrapper. */
static void rayleigh(void)
{
  capref_result s2, re, im;

  /* unstable mode x = 0.3817: mpmath S^2 = 0.0611273979569319894540, S = 0.247239555809607434778 */
  th_int(capref_plateau_rayleigh(0.3817, &s2, &re, &im), CAP_SUCCESS, "Rayleigh x=0.3817 status");
  th_rel(s2.val, 0.06112739795693198945, 1e-13, "Rayleigh S^2(0.3817) vs mpmath");
  th_rel(re.val, 0.24723955580960743478, 1e-13, "Rayleigh Re S(0.3817) vs mpmath");
  th_true(im.val == 0, "Rayleigh Im S(0.3817) = 0 for x < 1");
  err_ok(s2, 0.06112739795693198945, 1e-13, "Rayleigh S^2(0.3817) err");
  err_ok(re, 0.24723955580960743478, 1e-13, "Rayleigh Re S(0.3817) err");

  /* stable mode x = 1.7321: mpmath S^2 = -2.24671919723306805696, capillary wave frequency
   * sqrt(-S^2) = 1.49890600013245262109 */
  th_int(capref_plateau_rayleigh(1.7321, &s2, &re, &im), CAP_SUCCESS, "Rayleigh x=1.7321 status");
  th_rel(s2.val, -2.24671919723306805696, 1e-13, "Rayleigh S^2(1.7321) < 0 vs mpmath");
  th_rel(im.val, 1.49890600013245262109, 1e-13, "Rayleigh oscillation frequency |Im S|(1.7321) vs mpmath");
  th_true(re.val == 0, "Rayleigh Re S(1.7321) = 0 for x > 1 (inviscid: no damping)");
  err_ok(im, 1.49890600013245262109, 1e-13, "Rayleigh |Im S|(1.7321) err");

  /* marginal mode x = 1: S^2 = 0 exactly (the factor 1 - x^2 vanishes) */
  th_int(capref_plateau_rayleigh(1.0, &s2, &re, &im), CAP_SUCCESS, "Rayleigh x=1 status");
  th_true(s2.val == 0 && re.val == 0 && im.val == 0, "Rayleigh S = 0 at x = 1 (marginal)");

  /* long-wave limit: I1/I0 = x/2 - x^3/16 + x^5/96 - ..., so S^2 = L (1 - x^2/8 + x^4/48 - ...) with
   * L = x^2 (1 - x^2)/2. The truncation error of L (1 - x^2/8) is below 1.1 L x^4/48. */
  {
    double x = 0.0123, L = x * x * (1 - x * x) / 2;
    th_int(capref_plateau_rayleigh(x, &s2, NULL, NULL), CAP_SUCCESS, "Rayleigh x=0.0123 status");
    th_rel(s2.val, L * (1 - x * x / 8), 1.1 * pow(x, 4) / 48, "Rayleigh long-wave limit at x=0.0123");
    th_rel(s2.val, L, 1.01 * x * x / 8, "Rayleigh -> x^2(1-x^2)/2 within x^2/8 at x=0.0123");
    /* small x, where S^2 = x^2/2 (1 - 9 x^2/8 + O(x^4)) (the series above, multiplied out; the
     * O(x^4) term is < 1e-16 relative for x < 1e-4): below 4.2e-8, where GSL's scaled I1 alone would be
     * off by a relative x (docs/design/analytic-plateau.md), and on both sides of the
     * library's switch from its Taylor series to GSL at x = 1e-3 (there via the x^4 series above) */
    const double tiny[3] = {6.37e-5, 1.7321e-7, 1.7321e-8};
    for (int i = 0; i < 3; i++) {
      x = tiny[i];
      double want = x * x / 2 * (1 - 9 * x * x / 8);
      th_int(capref_plateau_rayleigh(x, &s2, NULL, NULL), CAP_SUCCESS, "Rayleigh x=%g status", x);
      th_rel(s2.val, want, 1e-14, "Rayleigh S^2 = x^2/2 (1 - 9x^2/8) at x=%g", x);
      err_ok(s2, want, 1e-14, "Rayleigh S^2 err at small x");
    }
    const double around[2] = {0.99e-3, 1.01e-3};
    for (int i = 0; i < 2; i++) {
      x = around[i];
      L = x * x * (1 - x * x) / 2;
      th_int(capref_plateau_rayleigh(x, &s2, NULL, NULL), CAP_SUCCESS, "Rayleigh x=%g status", x);
      th_rel(s2.val, L * (1 - x * x / 8 + pow(x, 4) / 48), 1e-14, "Rayleigh series to x^4 at x=%g", x);
      /* above the switch err comes from GSL's absolute estimate ~2.2e-16 for I1_scaled ~ x/2, i.e.
       * ~4.4e-13 relative at x = 1e-3: bounded here by 1e-12 */
      err_ok(s2, L * (1 - x * x / 8 + pow(x, 4) / 48), 1e-12, "Rayleigh S^2 err near the series switch");
    }
  }

  /* NULL outputs are allowed */
  th_int(capref_plateau_rayleigh(0.5217, NULL, NULL, NULL), CAP_SUCCESS, "Rayleigh with NULL outputs");

  /* SI: water sigma = 0.0728 N/m, rho = 998.2 kg/m^3, R = 0.3817 mm, k = 1000 1/m (kR = 0.3817):
   * mpmath s^2 = 80164.7132201651247935 1/s^2, s = 283.133737340086557184 1/s */
  th_int(capref_plateau_rayleigh_si(&(capref_fluid){.sigma = 0.0728, .rho = 998.2}, 0.3817e-3, 1000.0, &s2, &re, &im),
         CAP_SUCCESS, "Rayleigh SI status");
  th_rel(s2.val, 80164.7132201651247935, 1e-12, "Rayleigh SI s^2 (water, R=0.3817 mm, k=1000/m) vs mpmath");
  th_rel(re.val, 283.133737340086557184, 1e-12, "Rayleigh SI s (water) vs mpmath");
  err_ok(re, 283.133737340086557184, 1e-12, "Rayleigh SI s err");
}

/* The fastest-growing Rayleigh mode against the published values and mpmath; it maximises the
 * dispersion relation; the SI wrapper. */
static void rayleigh_fastest(void)
{
  capref_result x, s;
  th_int(capref_plateau_rayleigh_fastest(&x, &s), CAP_SUCCESS, "Rayleigh fastest mode status");
  /* published: x_max = 0.697, s_max = 0.3433 sqrt(sigma/(rho R^3)) (Eggers & Villermaux 2008, Rep.
   * Prog. Phys. 71, 036601); tolerance = half a unit of the last published digit */
  th_abs(x.val, 0.697, 5e-4, "Rayleigh x_max vs published 0.697");
  th_abs(s.val, 0.3433, 5e-5, "Rayleigh s_max vs published 0.3433");
  /* mpmath (findroot of the numerical derivative): x_max = 0.697018898306328557917,
   * s_max = 0.343338701861299315962 */
  th_abs(x.val, 0.697018898306328557917, 1e-12, "Rayleigh x_max vs mpmath");
  th_rel(s.val, 0.343338701861299315962, 1e-13, "Rayleigh s_max vs mpmath");
  err_ok(x, 0.697018898306328557917, 1e-10, "Rayleigh x_max err");
  err_ok(s, 0.343338701861299315962, 1e-13, "Rayleigh s_max err");

  /* it is a maximum of the dispersion relation itself */
  capref_result a, b;
  capref_plateau_rayleigh(x.val - 1e-3, NULL, &a, NULL);
  capref_plateau_rayleigh(x.val + 1e-3, NULL, &b, NULL);
  th_true(a.val < s.val && b.val < s.val, "Rayleigh s(x_max -+ 1e-3) < s_max");

  /* SI, water R = 0.3817 mm: mpmath k_max = 1826.09090465372952035 1/m, s_max = 393.184535189598950453 */
  th_int(capref_plateau_rayleigh_fastest_si(&(capref_fluid){.sigma = 0.0728, .rho = 998.2}, 0.3817e-3, &x, &s),
         CAP_SUCCESS, "Rayleigh fastest SI status");
  th_rel(x.val, 1826.09090465372952035, 1e-12, "Rayleigh k_max SI (water) vs mpmath");
  th_rel(s.val, 393.184535189598950453, 1e-12, "Rayleigh s_max SI (water) vs mpmath");
}

/* Weber's viscous dispersion relation against mpmath roots: unstable, damped and overdamped modes,
 * the marginal x = 1, the inviscid limits, and the SI wrapper. */
static void weber(void)
{
  capref_result re, im;

  /* mpmath polyroots: x = 0.3817, Oh = 0.1732 -> S = 0.214471044888548386024 */
  th_int(capref_plateau_weber(0.3817, 0.1732, &re, &im), CAP_SUCCESS, "Weber x=0.3817 Oh=0.1732 status");
  th_rel(re.val, 0.214471044888548386024, 1e-13, "Weber S(0.3817, Oh=0.1732) vs mpmath");
  th_true(im.val == 0, "Weber Im S = 0 for x < 1");
  err_ok(re, 0.214471044888548386024, 1e-13, "Weber S(0.3817, 0.1732) err");

  /* very viscous long wave: x = 0.2, Oh = 63.7 -> S = 0.00251094912800583029310 */
  th_int(capref_plateau_weber(0.2, 63.7, &re, &im), CAP_SUCCESS, "Weber x=0.2 Oh=63.7 status");
  th_rel(re.val, 0.00251094912800583029310, 1e-13, "Weber S(0.2, Oh=63.7) vs mpmath");

  /* x > 1, weak viscosity: a damped wave, S = -0.22501278075 +- 1.71749680873617243512 i */
  th_int(capref_plateau_weber(1.7321, 0.05, &re, &im), CAP_SUCCESS, "Weber x=1.7321 Oh=0.05 status");
  th_rel(re.val, -0.22501278075, 1e-13, "Weber damping Re S(1.7321, Oh=0.05) vs mpmath");
  th_rel(im.val, 1.71749680873617243512, 1e-13, "Weber frequency |Im S|(1.7321, Oh=0.05) vs mpmath");
  err_ok(im, 1.71749680873617243512, 1e-13, "Weber |Im S|(1.7321, 0.05) err");

  /* x > 1, strong viscosity: overdamped, least stable root S = -0.145969149633099042077 */
  th_int(capref_plateau_weber(1.7321, 2.3, &re, &im), CAP_SUCCESS, "Weber x=1.7321 Oh=2.3 status");
  th_rel(re.val, -0.145969149633099042077, 1e-13, "Weber overdamped Re S(1.7321, Oh=2.3) vs mpmath");
  th_true(im.val == 0, "Weber overdamped Im S = 0");

  /* x = 1 is marginal for every Oh */
  const double ohs[3] = {0.0, 0.3817, 17.32};
  for (int i = 0; i < 3; i++) {
    th_int(capref_plateau_weber(1.0, ohs[i], &re, &im), CAP_SUCCESS, "Weber x=1 Oh=%g status", ohs[i]);
    th_true(re.val == 0 && im.val == 0, "Weber S = 0 at x = 1 for Oh = %g", ohs[i]);
  }

  /* Oh = 0 and x -> 0: Weber (S_W = sqrt(L)) and Rayleigh (S_R = sqrt(L (1 - x^2/8 + x^4/48 ...)))
   * agree to S_W / S_R = 1 + x^2/16 - 0.0046 x^4 + ...; checked to x^4/100 */
  {
    double x = 0.0123;
    capref_result sr;
    th_int(capref_plateau_weber(x, 0.0, &re, NULL), CAP_SUCCESS, "Weber x=0.0123 Oh=0 status");
    th_int(capref_plateau_rayleigh(x, NULL, &sr, NULL), CAP_SUCCESS, "Rayleigh x=0.0123 status");
    th_abs(re.val / sr.val, 1 + x * x / 16, pow(x, 4) / 100, "Weber(Oh=0) / Rayleigh = 1 + x^2/16 at x=0.0123");
    /* and at Oh = 0 Weber is exactly the long-wave inviscid S^2 = x^2 (1 - x^2)/2 */
    th_rel(re.val * re.val, x * x * (1 - x * x) / 2, 1e-14, "Weber(Oh=0) S^2 = x^2(1-x^2)/2");
  }

  /* SI, water (nu = 1.004e-6 m^2/s, Oh = 0.00601749483173008), R = 0.3817 mm, kR = 0.3817:
   * mpmath s = 284.182899021745215353 1/s */
  th_int(capref_plateau_weber_si(&(capref_fluid){.sigma = 0.0728, .rho = 998.2, .nu = 1.004e-6}, 0.3817e-3, 1000.0, &re,
                                 &im),
         CAP_SUCCESS, "Weber SI status");
  th_rel(re.val, 284.182899021745215353, 1e-12, "Weber SI s (water, kR=0.3817) vs mpmath");
}

/* The fastest-growing Weber mode: the inviscid closed form, mpmath maximisation, the large-Oh
 * limit, and the SI wrapper. */
static void weber_fastest(void)
{
  capref_result x, s, a, b;
  /* Oh = 0: x_W = 1/sqrt(2), S_W = 1/(2 sqrt(2)) (maximum of x^2 (1 - x^2)/2 at x^2 = 1/2, by hand) */
  th_int(capref_plateau_weber_fastest(0.0, &x, &s), CAP_SUCCESS, "Weber fastest Oh=0 status");
  th_rel(x.val, 0.70710678118654752440, 1e-15, "Weber x_W(Oh=0) = 1/sqrt(2)");
  th_rel(s.val, 0.35355339059327376220, 1e-15, "Weber S_W(Oh=0) = 1/(2 sqrt 2)");

  /* mpmath numerical maximisation of the polyroots root */
  const struct {
    double oh, x, s;
  } ref[2] = {{0.3817, 0.525630735491578528994, 0.195364885081287405246},
              {17.32, 0.115100379772086856584, 0.00936781952610318280940}};
  for (int i = 0; i < 2; i++) {
    th_int(capref_plateau_weber_fastest(ref[i].oh, &x, &s), CAP_SUCCESS, "Weber fastest Oh=%g status", ref[i].oh);
    th_rel(x.val, ref[i].x, 1e-13, "Weber x_W(Oh=%g) vs mpmath maximisation", ref[i].oh);
    th_rel(s.val, ref[i].s, 1e-13, "Weber S_W(Oh=%g) vs mpmath maximisation", ref[i].oh);
    err_ok(s, ref[i].s, 1e-13, "Weber S_W err");
    /* consistent with capref_plateau_weber: S(x_W) = S_W and S(x_W -+ 1e-3) < S_W */
    capref_plateau_weber(x.val, ref[i].oh, &a, NULL);
    th_rel(a.val, s.val, 1e-13, "Weber S(x_W) = S_W at Oh=%g", ref[i].oh);
    capref_plateau_weber(x.val - 1e-3, ref[i].oh, &a, NULL);
    capref_plateau_weber(x.val + 1e-3, ref[i].oh, &b, NULL);
    th_true(a.val < s.val && b.val < s.val, "Weber S(x_W -+ 1e-3) < S_W at Oh=%g", ref[i].oh);
  }
  /* large Oh: x_W -> (sqrt(18) Oh)^(-1/2), S_W -> 1/(6 Oh) (the Stokes long-wave rate, by hand) */
  th_int(capref_plateau_weber_fastest(1.7321e4, &x, &s), CAP_SUCCESS, "Weber fastest Oh=1.7321e4 status");
  th_rel(x.val, 1 / sqrt(sqrt(18.0) * 1.7321e4), 1.0 / (sqrt(18.0) * 1.7321e4),
         "Weber x_W -> (sqrt(18) Oh)^(-1/2) within 1/(sqrt(18) Oh) at Oh=1.7321e4");
  th_rel(s.val, 1 / (6 * 1.7321e4), 2 * sqrt(2.0) / (6 * 1.7321e4), "Weber S_W -> 1/(6 Oh) at Oh=1.7321e4");

  /* SI: water R = 0.3817 mm, nu = 1.004e-6: mpmath k_max = 1840.80799875587935781 1/m,
   * s_max = 399.778997492256768421 1/s; glycerol-like sigma = 0.0634, rho = 1261, nu = 1.185e-3,
   * R = 1.7321 mm (Oh = 4.0155): k_max = 132.322345955573336915, s_max = 3.65363326341177358808 */
  th_int(capref_plateau_weber_fastest_si(&(capref_fluid){.sigma = 0.0728, .rho = 998.2, .nu = 1.004e-6}, 0.3817e-3, &x,
                                         &s),
         CAP_SUCCESS, "Weber fastest SI water status");
  th_rel(x.val, 1840.80799875587935781, 1e-12, "Weber k_max SI (water) vs mpmath");
  th_rel(s.val, 399.778997492256768421, 1e-12, "Weber s_max SI (water) vs mpmath");
  th_int(
      capref_plateau_weber_fastest_si(&(capref_fluid){.sigma = 0.0634, .rho = 1261, .nu = 1.185e-3}, 1.7321e-3, &x, &s),
      CAP_SUCCESS, "Weber fastest SI glycerol status");
  th_rel(x.val, 132.322345955573336915, 1e-12, "Weber k_max SI (glycerol, Oh=4.02) vs mpmath");
  th_rel(s.val, 3.65363326341177358808, 1e-12, "Weber s_max SI (glycerol) vs mpmath");
}

/* The breakup time ln(R/eps)/s_max against mpmath, and its error propagated from the rate's. */
static void breakup(void)
{
  capref_result t;
  /* water, inviscid (nu = 0), R = 0.3817 mm, eps = 1.7321 um: ln(R/eps)/s_max = 0.0137220565197341730 s */
  th_int(capref_plateau_breakup_time_si(&(capref_fluid){.sigma = 0.0728, .rho = 998.2, .nu = 0.0}, 0.3817e-3, 1.7321e-6,
                                        &t),
         CAP_SUCCESS, "breakup time water inviscid status");
  th_rel(t.val, 0.0137220565197341730, 1e-12, "breakup time water inviscid vs mpmath");
  /* glycerol-like (Weber s_max), eps = 23 um: 1.18282139905075364386 s */
  th_int(capref_plateau_breakup_time_si(&(capref_fluid){.sigma = 0.0634, .rho = 1261, .nu = 1.185e-3}, 1.7321e-3,
                                        2.3e-5, &t),
         CAP_SUCCESS, "breakup time glycerol Weber status");
  th_rel(t.val, 1.18282139905075364386, 1e-12, "breakup time glycerol (Weber) vs mpmath");
  /* generic form with a given rate and its error: ln(0.3817e-3/1.7321e-6)/393.18 = 0.0137226..., and
   * the error propagates as t * rate_err / rate (hand computation) */
  capref_result rate = {393.18, 0.25};
  th_int(capref_plateau_breakup_time(0.3817e-3, 1.7321e-6, rate, &t), CAP_SUCCESS, "breakup time generic status");
  th_rel(t.val, log(0.3817e-3 / 1.7321e-6) / 393.18, 1e-14, "breakup time = ln(R/eps)/rate");
  th_rel(t.err, t.val * 0.25 / 393.18, 1e-6, "breakup time err = t rate_err/rate");
}

/* Error paths: inputs out of range are refused, the messages naming them; an overflow is reported. */
static void errors(void)
{
  capref_result r, r2;
  capref_result ok_rate = {100.0, 0.0};
  cap_error_clear();
  th_int(capref_plateau_rayleigh(0.0, &r, NULL, NULL), CAP_EDOM, "Rayleigh x = 0 rejected");
  names("x = 0", "Rayleigh x = 0");
  th_int(capref_plateau_rayleigh(-0.3817, &r, NULL, NULL), CAP_EDOM, "Rayleigh x < 0 rejected");
  th_int(capref_plateau_rayleigh(NAN, &r, NULL, NULL), CAP_EDOM, "Rayleigh x = NaN rejected");
  th_int(capref_plateau_rayleigh(INFINITY, &r, NULL, NULL), CAP_EDOM, "Rayleigh x = inf rejected");
  th_int(capref_plateau_rayleigh(2.3e6, &r, NULL, NULL), CAP_EDOM, "Rayleigh x > 1e6 rejected");
  names("x <= 1e+06", "Rayleigh x > 1e6");
  th_int(capref_plateau_weber(-0.1, 0.3, &r, NULL), CAP_EDOM, "Weber x < 0 rejected");
  th_int(capref_plateau_weber(0.3817, -0.1732, &r, NULL), CAP_EDOM, "Weber Oh < 0 rejected");
  names("Oh", "Weber Oh < 0");
  th_int(capref_plateau_weber(0.3817, NAN, &r, NULL), CAP_EDOM, "Weber Oh = NaN rejected");
  th_int(capref_plateau_weber_fastest(-1e-3, &r, &r2), CAP_EDOM, "Weber fastest Oh < 0 rejected");
  th_int(capref_plateau_weber_fastest(INFINITY, &r, &r2), CAP_EDOM, "Weber fastest Oh = inf rejected");
  th_int(capref_plateau_rayleigh_si(&(capref_fluid){.sigma = -0.0728, .rho = 998.2}, 1e-3, 300, &r, NULL, NULL),
         CAP_EDOM, "SI sigma < 0 rejected");
  names("sigma", "SI sigma < 0");
  th_int(capref_plateau_rayleigh_si(NULL, 1e-3, 300, &r, NULL, NULL), CAP_EINVAL, "SI NULL fluid rejected");
  th_int(capref_plateau_rayleigh_si(&(capref_fluid){.sigma = 0.0728, .rho = 0.0}, 1e-3, 300, &r, NULL, NULL), CAP_EDOM,
         "SI rho = 0 rejected");
  names("rho", "SI rho = 0");
  th_int(capref_plateau_rayleigh_si(&(capref_fluid){.sigma = 0.0728, .rho = 998.2}, NAN, 300, &r, NULL, NULL), CAP_EDOM,
         "SI radius NaN rejected");
  names("radius", "SI radius NaN");
  th_int(capref_plateau_rayleigh_si(&(capref_fluid){.sigma = 0.0728, .rho = 998.2}, 1e-3, 0.0, &r, NULL, NULL),
         CAP_EDOM, "SI k = 0 rejected");
  th_int(capref_plateau_rayleigh_si(&(capref_fluid){.sigma = 0.0728, .rho = 998.2}, 1.0, 3.7e12, &r, NULL, NULL),
         CAP_EDOM, "SI kR > 1e6 rejected");
  names("k*radius", "SI kR > 1e6");
  th_int(capref_plateau_weber_si(&(capref_fluid){.sigma = 0.0728, .rho = 998.2, .nu = -1e-6}, 1e-3, 300, &r, NULL),
         CAP_EDOM, "Weber SI nu < 0 rejected");
  names("nu", "Weber SI nu < 0");
  th_int(capref_plateau_weber_fastest_si(&(capref_fluid){.sigma = 0.0728, .rho = 998.2, .nu = NAN}, 1e-3, &r, &r2),
         CAP_EDOM, "Weber fastest SI nu NaN rejected");
  th_int(capref_plateau_rayleigh_fastest_si(&(capref_fluid){.sigma = 0.0728, .rho = -998.2}, 1e-3, &r, &r2), CAP_EDOM,
         "Rayleigh fastest SI rho < 0 rejected");
  /* sigma/(rho R^3) overflows a double: CAP_ENONFINITE, never a silent inf */
  th_int(capref_plateau_rayleigh_si(&(capref_fluid){.sigma = 1e300, .rho = 1e-300}, 1e-100, 0.5e100, &r, NULL, NULL),
         CAP_ENONFINITE, "SI overflow of sigma/(rho R^3) reported");
  /* breakup time */
  th_int(capref_plateau_breakup_time(1e-3, 1e-3, ok_rate, &r), CAP_EDOM, "breakup eps = R rejected");
  names("eps", "breakup eps = R");
  th_int(capref_plateau_breakup_time(1e-3, 2.3e-3, ok_rate, &r), CAP_EDOM, "breakup eps > R rejected");
  th_int(capref_plateau_breakup_time(1e-3, 0.0, ok_rate, &r), CAP_EDOM, "breakup eps = 0 rejected");
  th_int(capref_plateau_breakup_time(1e-3, NAN, ok_rate, &r), CAP_EDOM, "breakup eps NaN rejected");
  capref_result bad = {0.0, 0.0};
  th_int(capref_plateau_breakup_time(1e-3, 1e-5, bad, &r), CAP_EDOM, "breakup rate = 0 rejected");
  names("rate", "breakup rate = 0");
  bad.val = 100.0;
  bad.err = -1.0;
  th_int(capref_plateau_breakup_time(1e-3, 1e-5, bad, &r), CAP_EDOM, "breakup negative rate error rejected");
  bad.val = 1e-320;
  bad.err = 0.0;
  th_int(capref_plateau_breakup_time(1.0, 1e-300, bad, &r), CAP_ENONFINITE, "breakup time overflow reported");
  th_int(capref_plateau_breakup_time_si(&(capref_fluid){.sigma = 0.0728, .rho = 998.2, .nu = 1e-6}, 1e-3, 1.7e-3, &r),
         CAP_EDOM, "breakup SI eps > R rejected");
  th_int(capref_plateau_breakup_time_si(&(capref_fluid){.sigma = 0.0728, .rho = 998.2, .nu = -1e-6}, 1e-3, 1e-5, &r),
         CAP_EDOM, "breakup SI nu < 0 rejected");
}

static const th_case cases[] = {
    {"rayleigh", rayleigh}, {"rayleigh_fastest", rayleigh_fastest},
    {"weber", weber},       {"weber_fastest", weber_fastest},
    {"breakup", breakup},   {"errors", errors},
    {NULL, NULL},
};

int main(int argc, char **argv) { return th_main(argc, argv, cases); }
