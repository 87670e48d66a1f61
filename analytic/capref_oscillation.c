#include "capref_oscillation.h"

#include <complex.h>
#include <float.h>
#include <gsl/gsl_matrix.h>
#include <gsl/gsl_multifit.h>
#include <gsl/gsl_multifit_nlinear.h>
#include <gsl/gsl_vector.h>
#include <stdlib.h>

#include "capref_laplace.h"
#include "ref_internal.h"

/* C11's CMPLX: glibc's <complex.h> defines it for gcc only; clang (the fuzzers' build) has the same
 * builtin */
#ifndef CMPLX
#define CMPLX(x, y) __builtin_complex((double)(x), (double)(y))
#endif

static int check_mode(capref_dim dim, int n)
{
  int s = capref_check_dim(dim);
  if (!s) s = cap_check_int_range("n", n, 2, CAPREF_OSCILLATION_MAX_MODE);
  return s;
}

int capref_oscillation_frequency(capref_dim dim, int n, const capref_fluid *f, double radius, double rho_out,
                                 capref_result *omega)
{
  int s = check_mode(dim, n);
  if (!s) s = ref_check_fluid(f);
  if (s) return s;
  double sigma = f->sigma, rho_in = f->rho;
  s = cap_check_positive("sigma", sigma, "N/m");
  if (!s) s = cap_check_positive("radius", radius, "m");
  if (!s) s = cap_check_positive("rho_in", rho_in, "kg/m^3");
  if (!s) s = cap_check_nonneg("rho_out", rho_out, "kg/m^3");
  if (s) return s;
  double m = n, r3 = radius * radius * radius, w2;
  if (dim == CAPREF_3D)
    w2 = m * (m - 1) * (m + 1) * (m + 2) * sigma / (r3 * ((m + 1) * rho_in + m * rho_out));
  else
    w2 = m * (m * m - 1) * sigma / (r3 * (rho_in + rho_out));
  ref_put(omega, ref_closed(sqrt(w2)));
  return CAP_SUCCESS;
}

int capref_oscillation_period(capref_dim dim, int n, const capref_fluid *f, double radius, double rho_out,
                              capref_result *period)
{
  capref_result w;
  int s = capref_oscillation_frequency(dim, n, f, radius, rho_out, &w);
  if (s) return s;
  ref_put(period, ref_closed(2 * M_PI / w.val));
  return CAP_SUCCESS;
}

int capref_oscillation_damping(capref_dim dim, int n, double nu, double radius, capref_result *beta)
{
  int s = check_mode(dim, n);
  if (!s) s = cap_check_positive("nu", nu, "m^2/s");
  if (!s) s = cap_check_positive("radius", radius, "m");
  if (s) return s;
  double m = n;
  double c = dim == CAPREF_3D ? (m - 1) * (2 * m + 1) : 2 * m * (m - 1);
  ref_put(beta, ref_closed(c * nu / (radius * radius)));
  return CAP_SUCCESS;
}

int capref_oscillation_damped_frequency(capref_dim dim, int n, const capref_fluid *f, double radius,
                                        capref_result *omega_d)
{
  capref_result w, b;
  int s = capref_oscillation_frequency(dim, n, f, radius, 0.0, &w);
  if (!s) s = capref_oscillation_damping(dim, n, f->nu, radius, &b);
  if (s) return s;
  if (b.val >= w.val)
    return CAP_ERROR(CAP_ENOSOL,
                     "mode n = %d is overdamped (decay rate %.6g 1/s >= frequency %.6g rad/s): "
                     "no oscillation; lower nu or raise sigma/radius",
                     n, b.val, w.val);
  ref_put(omega_d, ref_closed(sqrt(w.val * w.val - b.val * b.val)));
  return CAP_SUCCESS;
}

/* ================================================================================================
 * Viscous 2D drop in a void: the exact linear theory (derivation: docs/design/analytic-oscillation.md).
 * Everything below works in the units R = rho = sigma = 1 (time unit t_c = sqrt(rho R^3 / sigma));
 * the one parameter is the Ohnesorge number oh = nu t_c / R^2 = nu sqrt(rho / (sigma R)).
 * ================================================================================================ */

typedef double complex cplx;

#define EPS DBL_EPSILON

/* Internal outcomes (not reported: the public entry points report them with context). */
enum { V_OK = 0, V_CF_ITER, V_NONFINITE, V_NEWTON, V_OVERDAMPED };

/* ---- I_{n+1}(x) / I_n(x) for complex x ---------------------------------------------------------- */

/* The Hankel expansion is used where the exponentially small companion e^{-2x} is below 2e-22
 * (Re x >= 25) and the series converges from its first term (|x| >= 4 (n+1)^2 + 50); the continued
 * fraction everywhere else. */
#define HANKEL_MIN_RE     25.0
#define HANKEL_MIN_ABS(n) (4.0 * ((n) + 1.0) * ((n) + 1.0) + 50.0)
/* Largest |x| the public ratio accepts (the continued fraction takes about |x| terms). */
#define RATIO_MAX_ABS 1e6

/* Continued fraction (the backward recurrence I_{k-1} = (2k/x) I_k + I_{k+1} read as a ratio):
 *   I_{n+1}/I_n = 1 / (b_1 + 1 / (b_2 + 1 / (b_3 + ...))),   b_k = 2 (n + k) / x,
 * which converges for every x != 0 (I_k is the minimal solution of the recurrence; Gautschi 1967,
 * SIAM Rev. 9, 24; DLMF 10.33.1), evaluated by the modified Lentz method (Thompson & Barnett 1986,
 * J. Comput. Phys. 64, 490). It needs about |x| terms once |x| > n. Relative error ~ sqrt(terms) ulps
 * (random-walk accumulation of the per-term rounding; the estimate below is checked against mpmath in
 * tests/test_oscillation.c). */
static int ratio_cf(int n, cplx x, cplx *r, double *rel)
{
  const double tiny = 1e-300;
  const cplx xinv = 1.0 / x;
  const long kmax = 1000 + (long)(4.0 * cabs(x));
  cplx f = tiny, c = tiny, d = 0;
  for (long k = 1; k <= kmax; k++) {
    cplx b = (2.0 * ((double)n + (double)k)) * xinv;
    d = b + d;
    if (d == 0) d = tiny;
    c = b + 1.0 / c;
    if (c == 0) c = tiny;
    d = 1.0 / d;
    cplx delta = c * d;
    f *= delta;
    if (cabs(delta - 1.0) <= 2.0 * EPS) {
      *r = f;
      *rel = (8.0 + 2.0 * sqrt((double)k)) * EPS;
      return isfinite(creal(f)) && isfinite(cimag(f)) ? V_OK : V_NONFINITE;
    }
  }
  return V_CF_ITER;
}

/* sum_k (-1)^k a_k(nu) / x^k, a_k = prod_{j<=k} (4 nu^2 - (2j-1)^2) / (k! 8^k): Hankel's expansion
 * I_nu(x) ~ e^x / sqrt(2 pi x) * sum (Abramowitz & Stegun 9.7.1; DLMF 10.40.1), |arg x| < pi/2. With
 * |x| >= 4 nu^2 + 50 the terms fall by >= 8x at first, and they keep falling until k ~ 2|x| where they
 * are ~e^{-2|x|}: summed until a term is below half an ulp of the sum. */
static cplx hankel_sum(int nu, cplx x, double *rel)
{
  const double mu = 4.0 * nu * nu;
  const cplx xinv = 1.0 / x;
  cplx term = 1.0, sum = 1.0;
  double tmax = 1.0;
  int k;
  for (k = 1; k < 400; k++) {
    double odd = 2.0 * k - 1.0;
    term *= (-(mu - odd * odd) / (8.0 * k)) * xinv;
    sum += term;
    tmax = fmax(tmax, cabs(term));
    if (cabs(term) <= 0.5 * EPS * cabs(sum)) break;
  }
  *rel = (4.0 + k) * EPS * tmax / cabs(sum);
  return sum;
}

static void ratio_hankel(int n, cplx x, cplx *r, double *rel)
{
  double e0, e1;
  cplx s0 = hankel_sum(n, x, &e0), s1 = hankel_sum(n + 1, x, &e1);
  *r = s1 / s0;
  /* + the neglected e^{-2x} companion of each sum (|e^{-2x}| <= e^{-50} ~ 2e-22) */
  *rel = e0 + e1 + 2.0 * EPS + 2.0 * exp(-2.0 * creal(x));
}

static int bessel_ratio(int n, cplx x, cplx *r, double *rel)
{
  if (creal(x) >= HANKEL_MIN_RE && cabs(x) >= HANKEL_MIN_ABS(n)) {
    ratio_hankel(n, x, r, rel);
    return V_OK;
  }
  return ratio_cf(n, x, r, rel);
}

int capref_oscillation_bessel_ratio(int n, double x_re, double x_im, capref_result *r_re, capref_result *r_im)
{
  int s = cap_check_int_range("n", n, 0, CAPREF_OSCILLATION_VISCOUS_MAX_MODE);
  if (!s) s = cap_check_positive("x_re", x_re, "");
  if (!s) s = cap_check_finite("x_im", x_im, "");
  if (!s) s = cap_check_closed("|x|", hypot(x_re, x_im), 0, RATIO_MAX_ABS, "");
  if (s) return s;
  cplx r;
  double rel;
  int st = bessel_ratio(n, CMPLX(x_re, x_im), &r, &rel);
  if (st == V_CF_ITER)
    return CAP_ERROR(CAP_EMAXITER, "continued fraction for I_%d/I_%d at x = %g%+gi did not converge", n + 1, n, x_re,
                     x_im);
  if (st) return CAP_ERROR(CAP_ENONFINITE, "I_%d/I_%d at x = %g%+gi is not finite", n + 1, n, x_re, x_im);
  double e = rel * cabs(r);
  ref_put(r_re, (capref_result){creal(r), e});
  ref_put(r_im, (capref_result){cimag(r), e});
  return CAP_SUCCESS;
}

/* ---- the dispersion function -------------------------------------------------------------------- */

/* At the transform variable (or growth rate) s, with x = sqrt(s/oh), r = I_{n+1}(x)/I_n(x),
 * g = x r = G - n (G = x I_n'/I_n), T = 2n(n-1), w02 = n(n^2-1), P = s^2 + oh T s + w02:
 *   D/s   = 2 T oh n g - P/oh - T s + 2 (g/s) P                 (its zeros are the normal modes)
 *   num/s = 2 (g/s) (oh T (n+1) + s) - (s/oh + 2T)              (eta_hat = num / D)
 * the determinant D and the numerator of the header divided by s, with the O(1) terms that cancel
 * identically removed (D and num both vanish at s = 0), and g/s = r/(oh x) finite at s = 0. Both are
 * functions of x^2 = s/oh only (g is even in x): meromorphic in s, no branch cut. D_err, num_err:
 * rounding of the terms plus the propagated error of r; dD = d(D/s)/ds if want_deriv, with its error.
 * (Here D and num denote the reduced D/s and num/s.) */
typedef struct {
  cplx D, dD, num;
  double D_err, dD_err, num_err;
} disp_t;

static int dispersion(int n, double oh, cplx s, int want_deriv, disp_t *d)
{
  const double m = n, T = 2.0 * m * (m - 1.0), w02 = m * (m * m - 1.0);
  cplx x = csqrt(s / oh), r;
  double rel;
  int st = bessel_ratio(n, x, &r, &rel);
  if (st) return st;
  cplx g = x * r, gs = r / (oh * x);
  double as = cabs(s), ag = cabs(g), ags = cabs(gs);
  cplx P = s * s + oh * T * s + w02;
  double aP = as * as + oh * T * as + w02, aPc = cabs(P);
  cplx k = oh * T * (m + 1.0) + s;
  d->D = 2.0 * T * oh * m * g - P / oh - T * s + 2.0 * gs * P;
  d->num = 2.0 * gs * k - (s / oh + 2.0 * T);
  d->D_err = 8.0 * EPS * (2.0 * T * oh * m * ag + aP / oh + T * as + 2.0 * ags * aP) +
             rel * (2.0 * T * oh * m * ag + 2.0 * ags * aPc);
  d->num_err = 8.0 * EPS * (2.0 * ags * (oh * T * (m + 1.0) + as) + as / oh + 2.0 * T) + rel * 2.0 * ags * cabs(k);
  if (want_deriv) {
    /* r' = dr/dx = 1 - (2n+1) r/x - r^2 (from I_n' = I_{n+1} + (n/x) I_n, I_{n+1}' = I_n - ((n+1)/x)
     * I_{n+1}); dx/ds = x/(2s); g' = (r + x r') x/(2s); (g/s)' = (r' - r/x)/(2 oh s) */
    cplx rp = 1.0 - (2.0 * m + 1.0) * r / x - r * r;
    double rp_err = EPS * (4.0 + 3.0 * cabs(r * r) + (2.0 * m + 1.0) * cabs(r / x)) +
                    rel * cabs(r) * (2.0 * cabs(r) + (2.0 * m + 1.0) / cabs(x));
    cplx dg = (r + x * rp) * x / (2.0 * s), dgs = (rp - r / x) / (2.0 * oh * s);
    double dg_err = (rel * cabs(r) + cabs(x) * rp_err) * cabs(x) / (2.0 * as);
    double dgs_err = (rp_err + rel * cabs(r / x)) / (2.0 * oh * as);
    cplx dP = 2.0 * s + oh * T;
    d->dD = 2.0 * T * oh * m * dg - dP / oh - T + 2.0 * dgs * P + 2.0 * gs * dP;
    d->dD_err =
        8.0 * EPS * (2.0 * T * oh * m * cabs(dg) + cabs(dP) / oh + T + 2.0 * cabs(dgs) * aP + 2.0 * ags * cabs(dP)) +
        2.0 * T * oh * m * dg_err + 2.0 * dgs_err * aPc + 2.0 * rel * ags * cabs(dP);
  } else {
    d->dD = 0;
    d->dD_err = 0;
  }
  if (!isfinite(creal(d->D)) || !isfinite(cimag(d->D)) || !isfinite(creal(d->num)) || !isfinite(cimag(d->num)) ||
      !isfinite(creal(d->dD)) || !isfinite(cimag(d->dD)))
    return V_NONFINITE;
  return V_OK;
}

/* ---- the oscillatory normal mode ---------------------------------------------------------------- */

typedef struct {
  cplx s;     /* -beta + i omega (units of 1/t_c) */
  double err; /* estimated |error| of s */
} vroot;

enum { NEWTON_MAX = 60 };
/* A root counts as real (the pair has merged: overdamped) when |Im s| <= this * |s|. */
#define REAL_ROOT_TOL 1e-9

/* Complex Newton on D from `s`. Converged when the step is below 4 ulps of |s| or below twice the
 * rounding floor D_err/|D'| (smaller steps are noise); err = the last step + that floor. */
static int newton(int n, double oh, cplx s, vroot *out)
{
  for (int it = 0; it < NEWTON_MAX; it++) {
    disp_t d;
    int st = dispersion(n, oh, s, 1, &d);
    if (st) return st;
    double adD = cabs(d.dD);
    if (!(adD > 0)) return V_NEWTON;
    cplx step = d.D / d.dD;
    double floor_ = d.D_err / adD;
    s -= step;
    if (!isfinite(creal(s)) || !isfinite(cimag(s))) return V_NONFINITE;
    if (cabs(step) <= fmax(4.0 * EPS * cabs(s), 2.0 * floor_)) {
      out->s = s;
      out->err = cabs(step) + floor_ + 2.0 * EPS * cabs(s);
      return V_OK;
    }
  }
  return V_NEWTON;
}

/* Small-Oh expansion of the root (docs/design/analytic-oscillation.md): a starting point for Newton. */
static cplx mode_guess(int n, double oh)
{
  const double m = n, T = 2.0 * m * (m - 1.0), w0 = sqrt(m * (m * m - 1.0));
  cplx s0 = CMPLX(0.0, w0);
  return s0 - T * oh + T * (m - 1.0) * oh * sqrt(oh) / csqrt(s0);
}

static int oscillatory(const vroot *v) { return cimag(v->s) > REAL_ROOT_TOL * cabs(v->s); }

/* The oscillatory root (Im s > 0) of mode n at oh. Newton from the small-Oh expansion when that is
 * accurate (Lamb's beta_L <= 5 % of omega_Rayleigh), otherwise continuation in oh from there: steps
 * of at most 25 %, halved when Newton fails or leaves the branch. V_OVERDAMPED when Newton converges
 * to a real root (the pair has merged into two real decay rates), V_NEWTON when the continuation
 * stalls. */
static int mode_find(int n, double oh, vroot *out)
{
  const double m = n, T = 2.0 * m * (m - 1.0), w0 = sqrt(m * (m * m - 1.0));
  const double oh_start = 0.05 * w0 / T;
  vroot cur;
  int st = newton(n, fmin(oh, oh_start), mode_guess(n, fmin(oh, oh_start)), &cur);
  if (st) return st;
  if (!oscillatory(&cur)) return V_NEWTON; /* beta_L <= 5 % of omega here: a real root is a stray one */
  double o = fmin(oh, oh_start), f = 1.25;
  while (o < oh) {
    double o2 = fmin(oh, o * f);
    vroot nx;
    st = newton(n, o2, cur.s, &nx);
    if (st == V_OK && oscillatory(&nx) && cabs(nx.s - cur.s) <= 0.5 * cabs(cur.s)) {
      o = o2;
      cur = nx;
      f = fmin(1.25, 1.0 + 2.0 * (f - 1.0));
      continue;
    }
    if (st == V_OK && fabs(cimag(nx.s)) <= REAL_ROOT_TOL * cabs(nx.s)) return V_OVERDAMPED;
    f = 1.0 + 0.5 * (f - 1.0);
    if (f - 1.0 < 1e-7) return V_NEWTON;
  }
  *out = cur;
  return V_OK;
}

/* ---- inputs of the viscous functions ------------------------------------------------------------ */

/* Smallest Ohnesorge number accepted: below it the viscous shift of the root is beneath the rounding
 * of s^2 + omega^2 (the decay rate would carry a relative error above 1e-6). */
#define OH_MIN 1e-10

static int viscous_inputs(int n, const capref_fluid *f, double radius, double *tc, double *oh)
{
  int s = cap_check_int_range("n", n, 2, CAPREF_OSCILLATION_VISCOUS_MAX_MODE);
  if (!s) s = ref_check_fluid(f);
  if (s) return s;
  double sigma = f->sigma, rho = f->rho, nu = f->nu;
  s = cap_check_positive("sigma", sigma, "N/m");
  if (!s) s = cap_check_positive("radius", radius, "m");
  if (!s) s = cap_check_positive("rho", rho, "kg/m^3");
  if (!s) s = cap_check_positive("nu", nu, "m^2/s");
  if (s) return s;
  *tc = sqrt(rho / sigma * radius) * radius;
  *oh = nu * sqrt(rho / sigma / radius);
  if (!(isfinite(*tc) && *tc > 0))
    return CAP_ERROR(CAP_ENONFINITE,
                     "capillary time sqrt(rho radius^3/sigma) = %g s is not a positive finite "
                     "number (rho = %g kg/m^3, radius = %g m, sigma = %g N/m)",
                     *tc, rho, radius, sigma);
  if (!(isfinite(*oh) && *oh >= OH_MIN))
    return CAP_ERROR(CAP_EDOM,
                     "Oh = nu sqrt(rho/(sigma radius)) = %g is out of range: allowed Oh >= %g (below it the "
                     "viscous correction is beneath rounding; use capref_oscillation_frequency/_damping)",
                     *oh, OH_MIN);
  return CAP_SUCCESS;
}

static int report_mode_failure(int st, int n, double oh)
{
  switch (st) {
  case V_OVERDAMPED:
    return CAP_ERROR(CAP_ENOSOL,
                     "mode n = %d is overdamped at Oh = nu sqrt(rho/(sigma R)) = %.6g: the exact "
                     "growth rates are real (no oscillation); lower nu or raise sigma/radius",
                     n, oh);
  case V_CF_ITER:
    return CAP_ERROR(CAP_ENOSOL, "mode n = %d, Oh = %.6g: the Bessel continued fraction did not converge", n, oh);
  case V_NONFINITE:
    return CAP_ERROR(CAP_ENOSOL,
                     "mode n = %d, Oh = %.6g: the dispersion function is not finite on the Newton "
                     "path",
                     n, oh);
  default:
    return CAP_ERROR(CAP_ENOSOL,
                     "mode n = %d, Oh = %.6g: Newton/continuation for the oscillatory root did not "
                     "converge (near the overdamping threshold?)",
                     n, oh);
  }
}

int capref_oscillation_viscous_mode_2d(int n, const capref_fluid *f, double radius, capref_result *beta,
                                       capref_result *omega)
{
  double tc, oh;
  int s = viscous_inputs(n, f, radius, &tc, &oh);
  if (s) return s;
  vroot v;
  int st = mode_find(n, oh, &v);
  if (st) return report_mode_failure(st, n, oh);
  double b = -creal(v.s) / tc, w = cimag(v.s) / tc;
  ref_put(beta, (capref_result){b, v.err / tc + fabs(b) * CAPREF_CLOSED_FORM_RELERR});
  ref_put(omega, (capref_result){w, v.err / tc + fabs(w) * CAPREF_CLOSED_FORM_RELERR});
  return CAP_SUCCESS;
}

/* ---- release from rest: eta(t)/eta0 ------------------------------------------------------------- */

/* Optimised cotangent contour of Trefethen, Weideman & Schmelzer (2006), BIT 46, 653, Sec. 4:
 *   s(theta) = (N/t) (A theta cot(ALPHA theta) - B + i C theta),  theta_k = -pi + (k + 1/2) 2 pi/N,
 * trapezoidal rule, error ~ 3.89^{-N} for a transform analytic off the negative real axis. */
#define TW_A     0.5017
#define TW_ALPHA 0.6407
#define TW_B     0.6122
#define TW_C     0.2645
enum { TALBOT_N1 = 24, TALBOT_N2 = 32 };
/* Latest time accepted, in capillary times (eta has long decayed to below 1e-300 there). */
#define RELEASE_TAU_MAX 1e250

typedef struct {
  int n;
  double oh;
  int pole; /* 1: the oscillatory pair s1, conj(s1) is subtracted with residues c, conj(c) */
  cplx s1, c;
  double s1_err, c_err;
} release_ctx;

/* The remainder eta_hat(s) - c/(s - s1) - conj(c)/(s - conj(s1)) and its absolute error. */
static int release_remainder(const release_ctx *ctx, cplx s, cplx *F, double *F_err)
{
  disp_t d;
  int st = dispersion(ctx->n, ctx->oh, s, 0, &d);
  if (st) return st;
  cplx eh = d.num / d.D;
  double aeh = cabs(eh);
  double e = aeh * (d.num_err / cabs(d.num) + d.D_err / cabs(d.D) + 2.0 * EPS);
  if (ctx->pole) {
    cplx p1 = ctx->c / (s - ctx->s1), p2 = conj(ctx->c) / (s - conj(ctx->s1));
    *F = eh - p1 - p2;
    e += 4.0 * EPS * (aeh + cabs(p1) + cabs(p2));
  } else {
    *F = eh;
  }
  *F_err = e;
  return isfinite(e) ? V_OK : V_NONFINITE;
}

/* Inverse transform of the remainder at tau > 0 with N nodes (N even): by conjugate symmetry
 * F(conj s) = conj F(s), f = (2/(N tau)) sum_{theta_k > 0} Im(e^z F(z/tau) z'). *round: the
 * propagated evaluation errors. */
static int talbot(const release_ctx *ctx, double tau, int N, double *val, double *round)
{
  double sum = 0, rsum = 0;
  for (int k = N / 2; k < N; k++) {
    double th = -M_PI + (k + 0.5) * 2.0 * M_PI / N;
    double a = TW_ALPHA * th, sa = sin(a), ct = cos(a) / sa;
    cplx z = N * CMPLX(TW_A * th * ct - TW_B, TW_C * th);
    cplx dz = N * CMPLX(TW_A * (ct - a / (sa * sa)), TW_C);
    cplx F;
    double Ferr;
    int st = release_remainder(ctx, z / tau, &F, &Ferr);
    if (st) return st;
    cplx w = cexp(z) * dz;
    sum += cimag(w * F);
    rsum += cabs(w) * (Ferr + 4.0 * EPS * cabs(F));
  }
  *val = 2.0 * sum / (N * tau);
  *round = 2.0 * rsum / (N * tau);
  return V_OK;
}

/* Locates the pole pair and its residue (none when overdamped: all poles are then real). */
static int release_setup(int n, double oh, release_ctx *ctx)
{
  ctx->n = n;
  ctx->oh = oh;
  ctx->pole = 0;
  ctx->s1 = ctx->c = 0;
  ctx->s1_err = ctx->c_err = 0;
  vroot v;
  int st = mode_find(n, oh, &v);
  if (st == V_OVERDAMPED) return V_OK;
  if (st) return st;
  disp_t d, d2;
  st = dispersion(n, oh, v.s, 1, &d);
  if (st) return st;
  cplx c = d.num / d.dD;
  /* sensitivity dc/ds1 by a forward difference, for the error the error of s1 induces */
  double h = 1e-6 * cabs(v.s);
  st = dispersion(n, oh, v.s + h, 1, &d2);
  if (st) return st;
  double dcds = cabs(d2.num / d2.dD - c) / h;
  ctx->pole = 1;
  ctx->s1 = v.s;
  ctx->s1_err = v.err;
  ctx->c = c;
  ctx->c_err = dcds * v.err + cabs(c) * (d.num_err / cabs(d.num) + d.dD_err / cabs(d.dD) + 4.0 * EPS);
  return V_OK;
}

/* eta(tau)/eta0 = 2 Re(c e^{s1 tau}) + L^{-1}[remainder](tau); err = |N1 - N2 inversions| + rounding +
 * the effect of the errors of s1 and c. */
static int release_eval(const release_ctx *ctx, double tau, double *val, double *err)
{
  if (tau == 0) {
    *val = 1.0;
    *err = 0.0;
    return V_OK;
  }
  double f1, r1, f2, r2;
  int st = talbot(ctx, tau, TALBOT_N1, &f1, &r1);
  if (!st) st = talbot(ctx, tau, TALBOT_N2, &f2, &r2);
  if (st) return st;
  double modal = 0, merr = 0;
  if (ctx->pole) {
    cplx e = cexp(ctx->s1 * tau);
    modal = 2.0 * creal(ctx->c * e);
    merr = 2.0 * cabs(e) * (ctx->c_err + cabs(ctx->c) * (tau * ctx->s1_err + 4.0 * EPS));
  }
  *val = modal + f2;
  *err = fabs(f1 - f2) + r2 + merr + 2.0 * EPS * fabs(*val);
  return isfinite(*val) && isfinite(*err) ? V_OK : V_NONFINITE;
}

static int report_release_failure(int st, int n, double oh, double tau)
{
  if (st == V_CF_ITER)
    return CAP_ERROR(CAP_ENUMERIC,
                     "release of mode n = %d at Oh = %.6g, t/t_c = %g: the Bessel continued "
                     "fraction did not converge",
                     n, oh, tau);
  if (st == V_NONFINITE)
    return CAP_ERROR(CAP_ENUMERIC, "release of mode n = %d at Oh = %.6g, t/t_c = %g: non-finite transform", n, oh, tau);
  return CAP_ERROR(CAP_ENUMERIC,
                   "release of mode n = %d at Oh = %.6g: the oscillatory pole pair could not "
                   "be located (Newton/continuation failed; near the overdamping threshold?)",
                   n, oh);
}

int capref_oscillation_release_2d(int n, const capref_fluid *f, double radius, double t, capref_result *eta_ratio)
{
  double tc, oh;
  int s = viscous_inputs(n, f, radius, &tc, &oh);
  if (!s) s = cap_check_nonneg("t", t, "s");
  if (s) return s;
  double tau = t / tc, v, e;
  if (!(tau <= RELEASE_TAU_MAX))
    return CAP_ERROR(CAP_EDOM,
                     "t = %g s is out of range: allowed 0 <= t <= %g s (%g capillary times; the "
                     "transform's nodes s ~ 1/t underflow beyond)",
                     t, RELEASE_TAU_MAX * tc, RELEASE_TAU_MAX);
  release_ctx ctx;
  int st = release_setup(n, oh, &ctx);
  if (!st) st = release_eval(&ctx, tau, &v, &e);
  if (st) return report_release_failure(st, n, oh, tau);
  ref_put(eta_ratio, (capref_result){v, e});
  return CAP_SUCCESS;
}

/* ---- the damped-cosine fit of the release -------------------------------------------------------- */

typedef struct {
  size_t m;
  const double *t, *y;
} fit_data;

/* model A e^{-beta t} cos(omega t + psi) + c, parameters (A, beta, omega, psi, c) */
static int fit_f(const gsl_vector *p, void *data, gsl_vector *f)
{
  const fit_data *d = data;
  double A = gsl_vector_get(p, 0), b = gsl_vector_get(p, 1), w = gsl_vector_get(p, 2);
  double psi = gsl_vector_get(p, 3), c = gsl_vector_get(p, 4);
  for (size_t i = 0; i < d->m; i++) gsl_vector_set(f, i, A * exp(-b * d->t[i]) * cos(w * d->t[i] + psi) + c - d->y[i]);
  return GSL_SUCCESS;
}

static int fit_df(const gsl_vector *p, void *data, gsl_matrix *J)
{
  const fit_data *d = data;
  double A = gsl_vector_get(p, 0), b = gsl_vector_get(p, 1), w = gsl_vector_get(p, 2);
  double psi = gsl_vector_get(p, 3);
  for (size_t i = 0; i < d->m; i++) {
    double t = d->t[i], e = exp(-b * t), co = cos(w * t + psi), si = sin(w * t + psi);
    gsl_matrix_set(J, i, 0, e * co);
    gsl_matrix_set(J, i, 1, -t * A * e * co);
    gsl_matrix_set(J, i, 2, -t * A * e * si);
    gsl_matrix_set(J, i, 3, -A * e * si);
    gsl_matrix_set(J, i, 4, 1.0);
  }
  return GSL_SUCCESS;
}

enum { FIT_P = 5, FIT_MAXITER = 200, POLISH_MAXITER = 20 };
#define FIT_XTOL 1e-12

/* Gauss-Newton polish of the trust-region result: p -= argmin |J dp - f| (SVD least squares) until
 * the step stops shrinking. It needs no cost comparisons, which the trust-region driver's
 * reduction-ratio test makes at the cost's rounding floor near the optimum (why:
 * docs/design/analytic-oscillation.md). On return J holds the Jacobian at p and *step the size of
 * the last step relative to each |p_k| (max over k). */
static int polish(const fit_data *d, gsl_vector *p, gsl_matrix *J, double *step)
{
  gsl_vector *f = gsl_vector_alloc(d->m), *dp = gsl_vector_alloc(FIT_P);
  gsl_matrix *cov = gsl_matrix_alloc(FIT_P, FIT_P);
  gsl_multifit_linear_workspace *lw = gsl_multifit_linear_alloc(d->m, FIT_P);
  int st = CAP_SUCCESS;
  if (!f || !dp || !cov || !lw) {
    st = CAP_ERROR(CAP_ENOMEM, "cannot allocate the Gauss-Newton polish of the fit");
  } else {
    double prev = INFINITY;
    *step = INFINITY;
    for (int it = 0; it < POLISH_MAXITER; it++) {
      double chisq;
      fit_f(p, (void *)d, f);
      fit_df(p, (void *)d, J);
      int gs = gsl_multifit_linear(J, f, dp, cov, &chisq, lw);
      if (gs) {
        st = CAP_ERROR(CAP_ENUMERIC, "Gauss-Newton polish of the fit: %s", gsl_strerror(gs));
        break;
      }
      double rel = 0;
      for (int k = 0; k < FIT_P; k++) {
        double pk = gsl_vector_get(p, k), dk = gsl_vector_get(dp, k);
        rel = fmax(rel, fabs(dk) / fmax(fabs(pk), 1e-3));
      }
      if (!(rel < prev)) break; /* stagnated at the rounding floor: keep p */
      gsl_vector_sub(p, dp);
      *step = rel;
      prev = rel;
      if (rel <= 4.0 * EPS) break;
    }
    if (!st) fit_df(p, (void *)d, J);
  }
  if (lw) gsl_multifit_linear_free(lw);
  if (cov) gsl_matrix_free(cov);
  if (dp) gsl_vector_free(dp);
  if (f) gsl_vector_free(f);
  return st;
}

/* Least squares of the model on the samples (tau_i, y_i) from the start p0 (GSL trust region, then
 * the Gauss-Newton polish); the fitted beta and omega (units of 1/t_c) with errors: the data errors
 * propagated through the pseudo-inverse (|dp_k| <= sqrt(((J^T J)^{-1})_kk) ||dy||_2; yerr NULL: none)
 * plus twice the last polishing step. Caller has switched the GSL error handler off. */
static int fit_damped_cosine(const fit_data *d, const double *yerr, const double *p0, capref_result *b,
                             capref_result *w)
{
  gsl_multifit_nlinear_fdf fdf;
  fdf.f = fit_f;
  fdf.df = fit_df;
  fdf.fvv = NULL;
  fdf.n = d->m;
  fdf.p = FIT_P;
  fdf.params = (void *)d;
  gsl_multifit_nlinear_parameters fp = gsl_multifit_nlinear_default_parameters();
  gsl_multifit_nlinear_workspace *ws = gsl_multifit_nlinear_alloc(gsl_multifit_nlinear_trust, &fp, d->m, FIT_P);
  gsl_matrix *cov = gsl_matrix_alloc(FIT_P, FIT_P), *J = gsl_matrix_alloc(d->m, FIT_P);
  gsl_vector *p = gsl_vector_alloc(FIT_P);
  int st = CAP_SUCCESS;
  if (!ws || !cov || !J || !p) {
    st = CAP_ERROR(CAP_ENOMEM, "cannot allocate the damped-cosine fit (%zu samples)", d->m);
  } else {
    gsl_vector_const_view x0 = gsl_vector_const_view_array(p0, FIT_P);
    int info = 0;
    int gs = gsl_multifit_nlinear_init(&x0.vector, &fdf, ws);
    if (!gs) gs = gsl_multifit_nlinear_driver(FIT_MAXITER, FIT_XTOL, FIT_XTOL, 0.0, NULL, NULL, &info, ws);
    if (gs)
      st = CAP_ERROR(CAP_ENUMERIC, "damped-cosine fit of the release (GSL multifit_nlinear): %s", gsl_strerror(gs));
    double step = 0;
    if (!st) {
      gsl_vector_memcpy(p, gsl_multifit_nlinear_position(ws));
      st = polish(d, p, J, &step);
    }
    if (!st && (gs = gsl_multifit_nlinear_covar(J, 0.0, cov)))
      st = CAP_ERROR(CAP_ENUMERIC, "covariance of the release fit: %s", gsl_strerror(gs));
    if (!st) {
      double dy2 = 0;
      for (size_t i = 0; yerr && i < d->m; i++) dy2 += yerr[i] * yerr[i];
      double pb = gsl_vector_get(p, 1), pw = gsl_vector_get(p, 2);
      double eb = sqrt(gsl_matrix_get(cov, 1, 1) * dy2) + 2.0 * step * fmax(fabs(pb), 1e-3);
      double ew = sqrt(gsl_matrix_get(cov, 2, 2) * dy2) + 2.0 * step * fmax(fabs(pw), 1e-3);
      if (pw < 0) pw = -pw; /* cos is even: (omega, psi) and (-omega, -psi) are the same model */
      *b = (capref_result){pb, eb};
      *w = (capref_result){pw, ew};
      if (!(isfinite(pb) && isfinite(pw) && isfinite(eb) && isfinite(ew)))
        st = CAP_ERROR(CAP_ENUMERIC, "damped-cosine fit of the release: non-finite parameters");
    }
  }
  if (p) gsl_vector_free(p);
  if (J) gsl_matrix_free(J);
  if (cov) gsl_matrix_free(cov);
  if (ws) gsl_multifit_nlinear_free(ws);
  return st;
}

int capref_oscillation_fit_damped_cosine(const double *t, const double *y, size_t m, const double p0[5],
                                         capref_result *beta, capref_result *omega)
{
  if (!t || !y || !p0 || !beta || !omega)
    return CAP_ERROR(CAP_EINVAL, "capref_oscillation_fit_damped_cosine: NULL argument");
  if (m < 2 * FIT_P) return CAP_ERROR(CAP_EDOM, "m = %zu samples is out of range: allowed m >= %d", m, 2 * FIT_P);
  for (size_t i = 0; i < m; i++)
    if (!isfinite(t[i]) || !isfinite(y[i]))
      return CAP_ERROR(CAP_ENONFINITE,
                       "capref_oscillation_fit_damped_cosine: sample %zu (t = %g, y = %g) is not finite", i, t[i],
                       y[i]);
  for (int k = 0; k < FIT_P; k++)
    if (!isfinite(p0[k]))
      return CAP_ERROR(CAP_ENONFINITE, "capref_oscillation_fit_damped_cosine: p0[%d] is not finite", k);
  fit_data d = {m, t, y};
  gsl_error_handler_t *old = ref_gsl_quiet();
  int s = fit_damped_cosine(&d, NULL, p0, beta, omega);
  ref_gsl_restore(old);
  return s;
}

int capref_oscillation_release_fit_2d(int n, const capref_fluid *f, double radius, double t_end, capref_result *beta,
                                      capref_result *omega)
{
  double tc, oh;
  int s = viscous_inputs(n, f, radius, &tc, &oh);
  if (s) return s;
  const double m = n, w0 = sqrt(m * (m * m - 1.0)), period = 2.0 * M_PI / w0 * tc;
  /* (a few ulps of slack: a caller's own period may round differently) */
  s = cap_check_closed("t_end", t_end, CAPREF_OSCILLATION_FIT_MIN_PERIODS * period * (1 - 1e-14),
                       CAPREF_OSCILLATION_FIT_MAX_PERIODS * period * (1 + 1e-14), "s");
  if (s) return s;
  release_ctx ctx;
  int st = release_setup(n, oh, &ctx);
  if (st) return report_release_failure(st, n, oh, 0.0);
  if (!ctx.pole) return report_mode_failure(V_OVERDAMPED, n, oh);
  const size_t M = CAPREF_OSCILLATION_FIT_SAMPLES;
  double *buf = malloc(3 * M * sizeof *buf);
  if (!buf) return CAP_ERROR(CAP_ENOMEM, "cannot allocate %zu fit samples", M);
  double *t = buf, *y = buf + M, *ye = buf + 2 * M;
  const double tau_end = t_end / tc;
  for (size_t i = 0; i < M && !st; i++) {
    t[i] = i == M - 1 ? tau_end : tau_end * (double)i / (double)(M - 1);
    st = release_eval(&ctx, t[i], &y[i], &ye[i]);
  }
  if (st) {
    free(buf);
    return report_release_failure(st, n, oh, tau_end);
  }
  const double p0[FIT_P] = {2.0 * cabs(ctx.c), -creal(ctx.s1), cimag(ctx.s1), carg(ctx.c), 0.0};
  fit_data d = {M, t, y};
  capref_result b = {0, 0}, w = {0, 0};
  gsl_error_handler_t *old = ref_gsl_quiet();
  s = fit_damped_cosine(&d, ye, p0, &b, &w);
  ref_gsl_restore(old);
  free(buf);
  if (s) return s;
  ref_put(beta, (capref_result){b.val / tc, b.err / tc + fabs(b.val / tc) * CAPREF_CLOSED_FORM_RELERR});
  ref_put(omega, (capref_result){w.val / tc, w.err / tc + fabs(w.val / tc) * CAPREF_CLOSED_FORM_RELERR});
  return CAP_SUCCESS;
}
