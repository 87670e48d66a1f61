/* capref_oscillation: small-amplitude shape modes of a free drop in zero gravity (the "bouncing drop" period):
 * mode n >= 2 of a drop of radius R, inner density rho_in, outer density rho_out (0: a void), surface tension
 * sigma, kinematic viscosity nu (the drop's sigma, rho = rho_in and nu come in a capref_fluid f); Oh =
 * nu sqrt(rho/(sigma R)) (on the radius). Derivations, checks, figures: docs/design/analytic-oscillation.md.
 *
 * Inviscid frequency (closed forms; err a few ulps):
 *   3D, Legendre mode P_n: omega^2 = n (n-1) (n+1) (n+2) sigma / (R^3 [(n+1) rho_in + n rho_out]),
 *     Rayleigh's n (n-1) (n+2) sigma / (rho_in R^3) for rho_out = 0. Rayleigh (1879) Proc. R. Soc.
 *     Lond. 29, 71; Lamb, Hydrodynamics (6th ed., 1932) Sec. 275.
 *   2D, mode cos(n theta), per unit length: omega^2 = n (n^2 - 1) sigma / (R^3 (rho_in + rho_out)).
 *     Rayleigh (1879) (the columnar case); Lamb (1932) Sec. 274.
 * Viscous amplitude decay exp(-beta t) in a void, leading order in Oh << 1 (potential-flow
 * dissipation): 3D beta = (n-1)(2n+1) nu / R^2 (Lamb 1932 Sec. 355); 2D beta = 2 n (n-1) nu / R^2 (the
 * same integral for r^n cos(n theta) in a disc). Damped frequency sqrt(omega^2 - beta^2): an O(Oh^2)
 * relative correction; Prosperetti (1980) J. Fluid Mech. 100, 333 treats the initial-value problem.
 *
 * Viscous 2D drop in a void, exact linear theory (units R = rho = sigma = 1, t_c = sqrt(rho R^3/sigma)).
 * Linearised Navier-Stokes with e^{st}: Phi = A r^n cos(n theta), psi = B I_n(q r) sin(n theta),
 * q^2 = s/nu, x = qR. With G = x I_n'(x)/I_n(x), T = 2n(n-1), w0^2 = n(n^2-1),
 *   P = s^2 + Oh T s + w0^2,   Q = 2 Oh n s (G - 1) + w0^2,   E = x^2 + 2n^2 - 2G,
 * the normal modes are the zeros of D(s) = T Q - E P (meromorphic in s: no branch cut): one
 * oscillatory pair s1 = -beta + i omega, conj(s1), and real negative vortical rates. The pair merges
 * on the real axis at a critical Oh (0.845092539518 for n = 2); beyond it the mode is overdamped.
 * Small Oh: beta = 2n(n-1) nu/R^2 [1 - (n-1) sqrt(Oh/(2 w0)) + O(Oh^{3/2})]. Release from rest with
 * r = R + eta0 cos(n theta): eta_hat/eta0 = num/D, num = 2 Oh n T (G - 1) - E (s + Oh T), inverted
 * with the pair subtracted by its residues and the rest on the optimised cotangent Talbot contour of
 * Trefethen, Weideman & Schmelzer (2006) BIT 46, 653. I_{n+1}/I_n: continued fraction (DLMF 10.33.1;
 * Gautschi 1967, SIAM Rev. 9, 24) by modified Lentz (Thompson & Barnett 1986, J. Comput. Phys. 64,
 * 490), or Hankel's expansion (DLMF 10.40.1) for large |x|.
 *
 * Conventions: SI (omega in rad/s, beta in 1/s); n >= 2; linear theory (amplitude << R), no gravity.
 * Errors (each function lists its own): CAP_EDOM (an input out of range; the message names it),
 * CAP_ENOSOL (no oscillatory mode), CAP_ENUMERIC (a numerical step failed), CAP_ENOMEM.
 * [refs.bib: rayleigh1879capillary, lamb1932, prosperetti1980; not yet there: Trefethen et al. 2006,
 * Thompson & Barnett 1986, Gautschi 1967, NIST DLMF Secs. 10.33, 10.40.]
 */
#ifndef CAPREF_OSCILLATION_H
#define CAPREF_OSCILLATION_H

#include <stddef.h>

#include "capref_result.h"

/* Largest mode number accepted (far beyond any resolvable mode; guards the integer arithmetic). */
#define CAPREF_OSCILLATION_MAX_MODE 1000

/* Angular frequency omega (rad/s) of mode 2 <= n <= CAPREF_OSCILLATION_MAX_MODE, dim CAPREF_2D or CAPREF_3D:
 * f->sigma (N/m), f->rho = rho_in (kg/m^3) and radius (m) > 0, rho_out (kg/m^3) >= 0. Closed form. CAP_EDOM for an
 * input out of range (f->rho named rho_in), CAP_EINVAL for a NULL f. omega may be NULL (inputs still checked). */
int capref_oscillation_frequency(capref_dim dim, int n, const capref_fluid *f, double radius, double rho_out,
                                 capref_result *omega);

/* Period 2 pi / omega (s) of mode n, same inputs and errors. */
int capref_oscillation_period(capref_dim dim, int n, const capref_fluid *f, double radius, double rho_out,
                              capref_result *period);

/* Lamb's amplitude decay rate beta (1/s) of mode n for a drop of kinematic viscosity nu > 0 (m^2/s)
 * and radius > 0 (m) in a void; valid for Oh << 1. Closed form; CAP_EDOM for an input out of range. */
int capref_oscillation_damping(capref_dim dim, int n, double nu, double radius, capref_result *beta);

/* Damped angular frequency sqrt(omega^2 - beta^2) (rad/s) of mode n of a drop in a void (rho_out = 0);
 * reads f->sigma, f->rho, f->nu, ranges as above. CAP_EDOM for an input out of range; CAP_EINVAL for a
 * NULL f; CAP_ENOSOL when beta >= omega (overdamped: no oscillation). */
int capref_oscillation_damped_frequency(capref_dim dim, int n, const capref_fluid *f, double radius,
                                        capref_result *omega_d);

/* ---- viscous 2D drop in a void: exact linear theory (see the opening) ------------------------ */

/* Largest mode number of the viscous functions below. */
#define CAPREF_OSCILLATION_VISCOUS_MAX_MODE 100

/* The fit window of capref_oscillation_release_fit_2d, in inviscid periods 2 pi/omega_Rayleigh, and its
 * number of uniformly spaced samples (t_i = i t_end/(M-1), i = 0..M-1, t_0 = 0 included). */
#define CAPREF_OSCILLATION_FIT_MIN_PERIODS 0.5
#define CAPREF_OSCILLATION_FIT_MAX_PERIODS 100.0
#define CAPREF_OSCILLATION_FIT_SAMPLES     2000

/* I_{n+1}(x)/I_n(x) for complex x = x_re + i x_im, x_re > 0, |x| <= 1e6, 0 <= n <= 100 (dimensionless):
 * real and imaginary parts, each with the error bound of the complex value (~1e-15 relative). Exposed
 * for the tests. CAP_EDOM (input out of range), CAP_EMAXITER (continued fraction did not converge),
 * CAP_ENONFINITE. */
int capref_oscillation_bessel_ratio(int n, double x_re, double x_im, capref_result *r_re, capref_result *r_im);

/* The oscillatory normal mode s = -beta + i omega of a drop in a void: beta (1/s) and omega (rad/s)
 * > 0, mode 2 <= n <= 100. The fluid f: f->sigma (N/m), f->rho (kg/m^3), f->nu (m^2/s) > 0; radius
 * (m) > 0; Oh = nu sqrt(rho/(sigma radius)) >= 1e-10. err ~1e-14 relative (1e-10 near the critical
 * Oh). CAP_EDOM (input out of range, Oh < 1e-10), CAP_EINVAL (NULL f), CAP_ENONFINITE (capillary time
 * not finite), CAP_ENOSOL when the mode is overdamped (the exact growth rates are real) or the root
 * cannot be followed. */
int capref_oscillation_viscous_mode_2d(int n, const capref_fluid *f, double radius, capref_result *beta,
                                       capref_result *omega);

/* eta(t)/eta0 of the drop released from rest at t = 0 with the boundary r = R + eta0 cos(n theta):
 * same inputs, 0 <= t <= 1e250 capillary times sqrt(rho R^3/sigma) (s). Also valid when the mode is
 * overdamped. err ~3e-13 (absolute). CAP_EDOM (input or t out of range, Oh < 1e-10), CAP_ENONFINITE,
 * CAP_ENUMERIC (the pole pair or the transform could not be evaluated). */
int capref_oscillation_release_2d(int n, const capref_fluid *f, double radius, double t, capref_result *eta_ratio);

/* The decay rate beta (1/s) and frequency omega (rad/s) of the least-squares fit of
 * A e^{-beta t} cos(omega t + psi) + c to eta(t)/eta0 of the release, sampled at
 * CAPREF_OSCILLATION_FIT_SAMPLES uniform points over [0, t_end] (t_end in s, between 0.5 and 100 inviscid
 * periods): what an experiment that fits the same model over the same window should measure. err:
 * the release's errors propagated through the fit plus twice the last polishing step. CAP_EDOM
 * (input or t_end out of range), CAP_ENOSOL when the mode is overdamped, CAP_ENUMERIC (the release
 * or the fit failed), CAP_ENOMEM. */
int capref_oscillation_release_fit_2d(int n, const capref_fluid *f, double radius, double t_end, capref_result *beta,
                                      capref_result *omega);

/* The least-squares fit of A e^{-beta t} cos(omega t + psi) + c to m >= 10 samples (t_i, y_i), from
 * the start p0 = {A, beta, omega, psi, c} (GSL trust region, then a Gauss-Newton polish): the fit
 * behind capref_oscillation_release_fit_2d, for experiments that fit their own records the same way.
 * err: twice the last polishing step (the samples carry no error estimate here). omega >= 0.
 * CAP_EINVAL (a NULL pointer), CAP_EDOM (m < 10), CAP_ENONFINITE (a sample or p0 not finite),
 * CAP_ENUMERIC (the fit failed), CAP_ENOMEM. */
int capref_oscillation_fit_damped_cosine(const double *t, const double *y, size_t m, const double p0[5],
                                         capref_result *beta, capref_result *omega);

#endif
