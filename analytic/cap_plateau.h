/* Rayleigh-Plateau: linear capillary instability of a liquid cylinder (jet at rest) in a void.
 *
 * A cylinder of radius R, density rho, surface tension sigma, kinematic viscosity nu, with no outer
 * fluid and no gravity, perturbed axisymmetrically: r = R + eps exp(s t) cos(k z), x = kR. Times are
 * made dimensionless with the capillary time t_c = sqrt(rho R^3 / sigma); S = s t_c. Oh is
 *   Oh = nu sqrt(rho / (sigma R)) = mu / sqrt(rho sigma R)      (R = the RADIUS, cf. cap_groups.h).
 *
 * 1. Inviscid dispersion relation, Rayleigh (1879), Proc. London Math. Soc. 10, 4-13 [rayleigh1879]:
 *        S^2 = x (1 - x^2) I1(x) / I0(x).
 *    0 < x < 1: S^2 > 0, growth at rate S. x > 1: S^2 < 0, the mode is a standing capillary wave with
 *    angular frequency sqrt(-S^2). x = 1: marginal. Long-wave limit: I1/I0 = x/2 - x^3/16 + ..., so
 *    S^2 = x^2 (1 - x^2)/2 (1 - x^2/8 + O(x^4)).
 *    Fastest mode (computed here: GSL Brent minimiser, polished by a Brent root of dS^2/dx):
 *        x_max = 0.69701889830633, S_max = 0.34333870186130,
 *    the classical values x_max = 0.697, S_max = 0.3433 (lambda_max = 2 pi R / x_max = 9.01 R) quoted
 *    in the review of Eggers & Villermaux (2008), Rep. Prog. Phys. 71, 036601 [eggers2008]. The text
 *    of the review was not accessible while implementing; the values were confirmed by an independent
 *    40-digit mpmath computation (tests/test_plateau.c).
 *
 * 2. Viscous: Weber's (1931) long-wave approximation, Z. Angew. Math. Mech. 11, 136-154 [weber1931]:
 *        s^2 + 3 nu k^2 s = sigma / (2 rho R^3) x^2 (1 - x^2),   i.e.  S^2 + 3 Oh x^2 S = x^2 (1 - x^2)/2.
 *    It is the linearisation about h = R of the slender-jet equations with the Trouton viscosity 3 mu
 *    (checked by that derivation; Weber's paper itself was not accessible), valid for x << 1; at
 *    Oh = 0 it differs from Rayleigh's relation by a relative x^2/16 in S at leading order (3 % at
 *    x = 0.697). Its fastest mode (dS/dx = 0, derived and checked by hand):
 *        x_W = 1 / sqrt(2 + sqrt(18) Oh),   S_W = x_W^2 / sqrt(2) = 1 / (2 sqrt(2) + 6 Oh),
 *    so x_W -> 1/sqrt(2) as Oh -> 0 and x_W -> 0 (long waves) as Oh -> infinity, where the long-wave
 *    hypothesis holds best. For x > 1 both roots have Re S < 0: a damped wave (b^2 + 4c < 0) or two
 *    decaying modes; the least stable root is returned.
 *    NOT IMPLEMENTED: the full viscous dispersion relation of Chandrasekhar (1961), Hydrodynamic and
 *    Hydromagnetic Stability, Ch. XII, Sec. 112. Its text could not be checked against the book or a
 *    restatement during implementation, so following the project's rule no unverified formula is
 *    shipped; the Weber approximation above is the library's viscous model.
 *
 * 3. Breakup-time estimate: the fastest mode grows as eps exp(s_max t) and reaches the radius at
 *        t_b = ln(R / eps) / s_max       (0 < eps < R; an order-of-magnitude estimate: it ignores the
 *                                          nonlinear final stage).
 *
 * Growth rates are returned as the least stable root s = re + i im: `re` = Re s (1/s, > 0 growth,
 * < 0 decay), `im` = |Im s| (angular frequency, rad/s). Inviscid: re = sqrt(S^2), im = 0 for x <= 1;
 * re = 0, im = sqrt(-S^2) for x >= 1.
 *
 * Validity: linear theory (eps << R), Newtonian liquid, no ambient fluid, no gravity, axisymmetric
 * modes (non-axisymmetric modes of a cylinder are stable). Inputs: 0 < x <= 1e6; 0 <= Oh < inf.
 * `err` is the numerical error of evaluating the stated formula; it does not include the modelling
 * error of the long-wave approximation (see above). Errors: CAP_EDOM (an input out of range, message
 * names it), CAP_ENONFINITE (a result overflows), CAP_ENUMERIC / CAP_EMAXITER (a GSL Bessel call, or
 * the minimiser or root finder of the fastest inviscid mode, failed), CAP_ENOMEM (GSL workspace).
 */
#ifndef CAP_PLATEAU_H
#define CAP_PLATEAU_H

#include "cap_result.h"

/* Largest accepted dimensionless wavenumber x = kR. */
#define CAP_PLATEAU_X_MAX 1e6

/* Rayleigh's inviscid relation, dimensionless: x = kR in (0, 1e6]. *s2 = S^2 (units sigma/(rho R^3));
 * *re, *im = Re S, |Im S| of the least stable root (units sqrt(sigma/(rho R^3))). Any output may be
 * NULL. */
int cap_plateau_rayleigh(double x, cap_result *s2, cap_result *re, cap_result *im);

/* The same in SI: sigma (N/m), rho (kg/m^3), radius (m), k (1/m) with 0 < k radius <= 1e6.
 * *s2 in 1/s^2, *re in 1/s, *im in rad/s. */
int cap_plateau_rayleigh_si(double sigma, double rho, double radius, double k, cap_result *s2,
                            cap_result *re, cap_result *im);

/* Fastest inviscid mode: *x_max (= k_max R) and *s_max (units sqrt(sigma/(rho R^3))). */
int cap_plateau_rayleigh_fastest(cap_result *x_max, cap_result *s_max);

/* The same in SI: *k_max in 1/m, *s_max in 1/s. */
int cap_plateau_rayleigh_fastest_si(double sigma, double rho, double radius, cap_result *k_max,
                                    cap_result *s_max);

/* Weber's long-wave viscous relation, dimensionless: x in (0, 1e6], oh >= 0. *re, *im = Re S, |Im S|
 * of the least stable root (units sqrt(sigma/(rho R^3))). Valid for x << 1 (see the header). */
int cap_plateau_weber(double x, double oh, cap_result *re, cap_result *im);

/* The same in SI: nu (m^2/s) >= 0, k (1/m); *re in 1/s, *im in rad/s. */
int cap_plateau_weber_si(double sigma, double rho, double nu, double radius, double k, cap_result *re,
                         cap_result *im);

/* Fastest mode of Weber's relation: *x_max = 1/sqrt(2 + sqrt(18) oh), *s_max = 1/(2 sqrt(2) + 6 oh)
 * (units sqrt(sigma/(rho R^3))). oh >= 0. */
int cap_plateau_weber_fastest(double oh, cap_result *x_max, cap_result *s_max);

/* The same in SI: *k_max in 1/m, *s_max in 1/s. nu >= 0. */
int cap_plateau_weber_fastest_si(double sigma, double rho, double nu, double radius, cap_result *k_max,
                                 cap_result *s_max);

/* Breakup time t_b = ln(radius / eps) / rate (s), for a growth rate `rate` (1/s, rate.val > 0, with its
 * error rate.err >= 0) and an initial amplitude 0 < eps < radius (m). */
int cap_plateau_breakup_time(double radius, double eps, cap_result rate, cap_result *tb);

/* t_b (s) with the fastest growth rate of the model: Rayleigh's inviscid s_max if nu = 0, Weber's
 * s_W(Oh) if nu > 0. sigma (N/m), rho (kg/m^3), nu (m^2/s) >= 0, radius (m), 0 < eps < radius (m). */
int cap_plateau_breakup_time_si(double sigma, double rho, double nu, double radius, double eps,
                                cap_result *tb);

#endif
