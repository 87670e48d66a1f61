/* capref_plateau: Rayleigh-Plateau, the linear capillary instability of a liquid cylinder (jet at rest)
 * in a void. Sources' status, derivations and figures: docs/design/analytic-plateau.md.
 *
 * A cylinder of radius R, density rho, surface tension sigma, kinematic viscosity nu, no outer fluid,
 * no gravity, perturbed axisymmetrically: r = R + eps exp(s t) cos(k z), x = kR. Dimensionless times
 * in t_c = sqrt(rho R^3 / sigma), S = s t_c; Oh = nu sqrt(rho / (sigma R)) = mu / sqrt(rho sigma R)
 * (R = the RADIUS, cf. capref_groups.h). The SI functions take sigma, rho, nu in a capref_fluid f.
 *
 * 1. Inviscid, Rayleigh (1879), Proc. London Math. Soc. 10, 4-13 [rayleigh1879]:
 *        S^2 = x (1 - x^2) I1(x) / I0(x);
 *    0 < x < 1 grows at rate S, x > 1 is a standing wave of angular frequency sqrt(-S^2), x = 1 is
 *    marginal. Fastest mode x_max = 0.69701889830633, S_max = 0.34333870186130 (computed; the classical
 *    0.697 and 0.3433 of Eggers & Villermaux (2008), Rep. Prog. Phys. 71, 036601 [eggers2008]).
 * 2. Viscous, Weber's (1931) long-wave approximation, Z. Angew. Math. Mech. 11, 136-154 [weber1931]:
 *        S^2 + 3 Oh x^2 S = x^2 (1 - x^2) / 2,
 *    valid for x << 1 (at Oh = 0 it differs from Rayleigh by a relative x^2/16 in S). Fastest mode
 *    x_W = 1 / sqrt(2 + sqrt(18) Oh), S_W = 1 / (2 sqrt(2) + 6 Oh). The full viscous relation of
 *    Chandrasekhar (1961, Ch. XII, Sec. 112) is not implemented.
 * 3. Breakup-time estimate t_b = ln(R / eps) / s_max (0 < eps < R; ignores the nonlinear final stage).
 *
 * Growth rates are the least stable root s = re + i im: re = Re s (1/s, > 0 growth, < 0 decay),
 * im = |Im s| (rad/s). Inviscid: re = sqrt(S^2), im = 0 for x <= 1; re = 0, im = sqrt(-S^2) for x >= 1.
 * Validity: linear theory (eps << R), Newtonian liquid, no ambient fluid, no gravity, axisymmetric
 * modes (non-axisymmetric modes of a cylinder are stable). Inputs: 0 < x <= 1e6; 0 <= Oh < inf.
 * `err` is the numerical error of evaluating the stated formula, not the modelling error of the
 * long-wave approximation. Errors: CAP_EDOM (an input out of range, message names it),
 * CAP_ENONFINITE (a result overflows), CAP_ENUMERIC / CAP_EMAXITER (a GSL Bessel call, or the
 * minimiser or root finder of the fastest inviscid mode, failed), CAP_ENOMEM (GSL workspace).
 */
#ifndef CAPREF_PLATEAU_H
#define CAPREF_PLATEAU_H

#include "capref_result.h"

/* Largest accepted dimensionless wavenumber x = kR. */
#define CAPREF_PLATEAU_X_MAX 1e6

/* Rayleigh's inviscid relation, dimensionless: x = kR in (0, 1e6]. *s2 = S^2 (units sigma/(rho R^3));
 * *re, *im = Re S, |Im S| of the least stable root (units sqrt(sigma/(rho R^3))). Any output may be
 * NULL. */
int capref_plateau_rayleigh(double x, capref_result *s2, capref_result *re, capref_result *im);

/* The same in SI: the fluid's f->sigma (N/m) and f->rho (kg/m^3) > 0, radius (m), k (1/m) with
 * 0 < k radius <= 1e6. *s2 in 1/s^2, *re in 1/s, *im in rad/s. A NULL f is CAP_EINVAL. */
int capref_plateau_rayleigh_si(const capref_fluid *f, double radius, double k, capref_result *s2, capref_result *re,
                               capref_result *im);

/* Fastest inviscid mode: *x_max (= k_max R) and *s_max (units sqrt(sigma/(rho R^3))). */
int capref_plateau_rayleigh_fastest(capref_result *x_max, capref_result *s_max);

/* The same in SI: *k_max in 1/m, *s_max in 1/s. */
int capref_plateau_rayleigh_fastest_si(const capref_fluid *f, double radius, capref_result *k_max,
                                       capref_result *s_max);

/* Weber's long-wave viscous relation, dimensionless: x in (0, 1e6], oh >= 0. *re, *im = Re S, |Im S|
 * of the least stable root (units sqrt(sigma/(rho R^3))). Valid for x << 1 (see the opening). */
int capref_plateau_weber(double x, double oh, capref_result *re, capref_result *im);

/* The same in SI: also reads f->nu (m^2/s) >= 0; k (1/m); *re in 1/s, *im in rad/s. */
int capref_plateau_weber_si(const capref_fluid *f, double radius, double k, capref_result *re, capref_result *im);

/* Fastest mode of Weber's relation: *x_max = 1/sqrt(2 + sqrt(18) oh), *s_max = 1/(2 sqrt(2) + 6 oh)
 * (units sqrt(sigma/(rho R^3))). oh >= 0. */
int capref_plateau_weber_fastest(double oh, capref_result *x_max, capref_result *s_max);

/* The same in SI: *k_max in 1/m, *s_max in 1/s. f->nu >= 0. */
int capref_plateau_weber_fastest_si(const capref_fluid *f, double radius, capref_result *k_max, capref_result *s_max);

/* Breakup time t_b = ln(radius / eps) / rate (s), for a growth rate `rate` (1/s, rate.val > 0, with its
 * error rate.err >= 0) and an initial amplitude 0 < eps < radius (m). */
int capref_plateau_breakup_time(double radius, double eps, capref_result rate, capref_result *tb);

/* t_b (s) with the fastest growth rate of the model: Rayleigh's inviscid s_max if f->nu = 0, Weber's
 * s_W(Oh) if f->nu > 0. f->sigma (N/m), f->rho (kg/m^3) > 0, f->nu (m^2/s) >= 0, radius (m),
 * 0 < eps < radius (m). */
int capref_plateau_breakup_time_si(const capref_fluid *f, double radius, double eps, capref_result *tb);

#endif
