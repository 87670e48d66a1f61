/* Drop oscillation: small-amplitude shape modes of a free drop (the "bouncing drop" period).
 *
 * Mode n >= 2 of a drop of radius R, inner density rho_in, outer density rho_out (0 for a void),
 * surface tension sigma, in zero gravity.
 *
 *   3D (sphere, Legendre mode P_n):
 *     omega^2 = n (n-1) (n+1) (n+2) sigma / ( R^3 [ (n+1) rho_in + n rho_out ] )
 *     which for rho_out = 0 is Rayleigh's n (n-1) (n+2) sigma / (rho_in R^3).
 *     Rayleigh (1879) Proc. R. Soc. Lond. 29, 71; Lamb, Hydrodynamics (6th ed., 1932) Sec. 275.
 *   2D (circular cylinder, mode cos(n theta), per unit length):
 *     omega^2 = n (n^2 - 1) sigma / ( R^3 (rho_in + rho_out) )
 *     Rayleigh (1879) Proc. R. Soc. Lond. 29, 71 (the columnar case); Lamb (1932) Sec. 274.
 *
 * Viscous damping of the amplitude, exp(-beta t), for a drop of kinematic viscosity nu in a void, to
 * leading order in the Ohnesorge number (the potential-flow dissipation estimate, valid for
 * Oh = nu sqrt(rho/(sigma R)) << 1 where the vortical boundary layer is thin):
 *   3D: beta = (n-1)(2n+1) nu / R^2            Lamb (1932) Sec. 355.
 *   2D: beta = 2 n (n-1) nu / R^2              the same dissipation integral for the potential
 *                                             r^n cos(n theta) in a disc (derived as Lamb Sec. 355).
 * The damped frequency of the linear oscillator with that rate, omega_d = sqrt(omega^2 - beta^2), is
 * given as the small-Oh correction to the period (it is O(Oh^2) relative: the estimate a weakly damped
 * normal mode obeys; Prosperetti (1980) J. Fluid Mech. 100, 333 treats the full initial-value
 * problem). All closed forms: err is a few ulps.
 *
 * ---- Viscous 2D drop in a void: the exact linear theory (cap_oscillation_viscous_mode_2d,
 *      cap_oscillation_release_2d, cap_oscillation_release_fit_2d) ---------------------------------
 *
 * A cylinder of radius R, density rho, kinematic viscosity nu (mu = rho nu), surface tension sigma, in
 * a void, zero gravity; the boundary r = R + eta(t) cos(n theta), |eta| << R. Linearised Navier-Stokes
 * with time dependence e^{st}: u = grad Phi + curl(psi e_z), u_r = Phi_r + psi_theta/r,
 * u_theta = Phi_theta/r - psi_r, with
 *   Phi = A r^n cos(n theta),   p = -rho s Phi,   psi = B I_n(q r) sin(n theta),   q^2 = s/nu
 * (rho s curl(psi e_z) = mu lap curl(psi e_z) needs lap psi = q^2 psi; I_n the modified Bessel
 * function). With x = qR, at r = R:
 *   kinematic   s eta = A n R^{n-1} + B n I_n(x)/R
 *   tangential  0 = sigma_rtheta/mu: 2n(n-1) A R^n + B [(x^2 + 2n^2) I_n(x) - 2x I_n'(x)] = 0
 *               (r d/dr(u_theta/r) + u_r,theta/r, with I_n'' eliminated by Bessel's equation)
 *   normal      p - 2 mu du_r/dr = sigma kappa', kappa' = (n^2-1) eta/R^2 the curvature perturbation:
 *               rho s A R^n + 2 mu [A n(n-1) R^{n-2} + B n (x I_n'(x) - I_n(x))/R^2] = -sigma (n^2-1) eta/R^2
 * (these were re-derived: no sign or factor differs from the proposal they were checked against; the
 * limits below confirm the normal-stress signs and the tangential condition.) Units R = rho = sigma = 1
 * from here on: time unit t_c = sqrt(rho R^3/sigma), nu -> Oh = nu sqrt(rho/(sigma R)) (Ohnesorge on
 * the radius), s -> s t_c, x^2 = s/Oh. With b = B I_n(x), G = x I_n'(x)/I_n(x) = n + x I_{n+1}(x)/I_n(x)
 * (finite for all Re x > 0, ~ x - 1/2 for large |x|), T = 2n(n-1), w0^2 = n(n^2-1),
 *   P = s^2 + Oh T s + w0^2,   Q = 2 Oh n s (G - 1) + w0^2,   E = x^2 + 2n^2 - 2G,
 * the tangential and the normal condition (eta eliminated with the kinematic one, times s) read
 *   T A + E b = 0,   P A + Q b = 0,
 * so the normal modes are the zeros of D(s) = T Q - E P. D depends on x^2 = s/Oh only (G is even in
 * x): it is meromorphic in s, without a branch cut, and the choice Re q >= 0 is immaterial. Evaluated
 * as D/s = 2 T Oh n g - P/Oh - T s + 2 (g/s) P with g = G - n = x I_{n+1}/I_n and g/s = I_{n+1}/(Oh x I_n)
 * (the O(1) terms that cancel identically removed). Limits, with s0 = i w0:
 *   Oh -> 0:  s^2 = -w0^2, Rayleigh's omega^2 = n(n^2-1) sigma/(rho R^3);
 *   next:     s = s0 - T Oh + T (n-1) Oh^{3/2}/sqrt(s0) + O(Oh^2), i.e. (dimensional)
 *             beta  = 2n(n-1) nu/R^2 [1 - (n-1) sqrt(Oh/(2 w0)) + O(Oh^{3/2})]   (Lamb, then the
 *                     boundary-layer correction; the O(Oh) term vanishes, checked numerically),
 *             omega = omega_R [1 - 2n(n-1)^2 Oh^{3/2}/sqrt(2 w0^3) + O(Oh^2)];
 *   n -> inf: the planar capillary wave (s + 2 nu k^2)^2 + sigma k^3/rho = 4 nu^2 k^3 sqrt(k^2 + s/nu),
 *             k = n/R (Lamb 1932 Sec. 349), with O(1/n) curvature corrections (checked in the tests).
 * The spectrum: one oscillatory pair s1, conj(s1) and infinitely many real negative rates (the
 * vortical modes, s ~ -Oh j_{n,k}^2); the argument principle (mpmath, boxes to |s| ~ 40) finds no other
 * complex zero at Oh = 0.0045, 0.03, 0.3, 0.5, and none at all at Oh = 1, 3. The pair merges on the
 * real axis at a critical Oh (0.845092539518 for n = 2: D = dD/ds = 0 at s = -2.35561): beyond it the
 * mode is overdamped. (Lamb's first-order rate would reach omega_R already at Oh = 0.61.)
 *
 * The mode: complex Newton on D/s (analytic derivative; that of the Bessel ratio from the
 * recurrences) from the small-Oh expansion above while Lamb's beta is below 5 % of omega_R; beyond
 * that, continuation in Oh from there in steps of at most 25 %, halved when Newton fails. Overdamped:
 * Newton lands on a real root. err = last Newton step + the rounding floor of D/|D'|: ~1e-14 relative (1e-10 within 1e-3 of
 * the critical Oh, where the root is double).
 *
 * I_{n+1}(x)/I_n(x), complex x, Re x > 0: the continued fraction 1/(2(n+1)/x + 1/(2(n+2)/x + ...))
 * (DLMF 10.33.1; the minimal solution of the recurrence, Gautschi 1967, SIAM Rev. 9, 24) by the
 * modified Lentz method (Thompson & Barnett 1986, J. Comput. Phys. 64, 490), ~|x| terms; for
 * Re x >= 25 and |x| >= 4(n+1)^2 + 50 the Hankel expansion (DLMF 10.40.1) of both functions, whose
 * neglected e^{-2x} companion is < 2e-22. Accuracy ~1e-15 relative (tests: mpmath, GSL's real I_n,
 * the power series).
 *
 * Release from rest (the initial-value problem the simulations run): at t = 0 the boundary is
 * r = R + eta0 cos(n theta), u = 0. Laplace transform in t (s the transform variable): u(0) = 0 keeps
 * the momentum equations, so the same fields apply, and only the kinematic condition changes, to
 * s eta_hat - eta0 = A n R^{n-1} + B n I_n(x)/R. Solving the 2x2 system,
 *   eta_hat/eta0 = num/D,   num = 2 Oh n T (G - 1) - E (s + Oh T)
 * (after the factor 1/s cancels: no pole at s = 0; evaluated as num/s = 2 (g/s)(Oh T (n+1) + s)
 * - (s/Oh + 2T)). Checks: Oh -> 0 gives s/(s^2 + w0^2), i.e. cos(w0 t); eta_hat ~ 1/s at large s
 * (eta(0) = 1); eta_hat(0) = 2 Oh/n, i.e. the sum rule integral_0^inf eta dt / eta0 = 2 mu R/(n sigma).
 * The poles of eta_hat are the zeros of D: the pair s1, conj(s1) and the real negative vortical rates.
 * Inversion: the pair is subtracted with its residues c = num/D'(s1) (and conj c):
 *   eta(t)/eta0 = 2 Re(c e^{s1 t}) + L^{-1}[eta_hat - c/(s - s1) - conj(c)/(s - conj(s1))](t),
 * and the remainder, whose singularities all lie on the negative real axis, is inverted on the
 * optimised cotangent Talbot contour of Trefethen, Weideman & Schmelzer (2006), BIT 46, 653:
 * s = (N/t)(0.5017 th cot(0.6407 th) - 0.6122 + 0.2645 i th), N-point trapezoidal rule, error
 * ~3.89^{-N}, amplification of rounding only e^{0.17 N}. (A Talbot or Bromwich contour around the
 * complex pair converges slowly or not at all at late times: mpmath's fixed Talbot returns -7.5e-5
 * instead of 0.0039 at t = 20 t_c, Oh = 0.03; the subtraction makes every t alike.) When the mode is
 * overdamped, all poles are real and eta_hat is inverted directly. err = |N=24 - N=32| + the
 * propagated evaluation errors + the effect of the errors of s1 and c: ~3e-13 absolute (the actual
 * error against mpmath is ~1e-15). Small Oh: eta = e^{-beta t}(cos(omega t) + (beta/omega) sin(omega t))
 * + O(Oh^{3/2}) on [0, 3T] (the damped oscillator released from rest, with the exact beta, omega);
 * at early times eta = 1 - w0^2 t^2/2 + beta_Lamb w0^2 t^3/3 + ... (Lamb's rate: the boundary layer is
 * not yet there). Prosperetti (1980) J. Fluid Mech. 100, 333 treats the 3D analogue.
 *
 * The release fit: eta(t_i)/eta0 at the CAP_OSCILLATION_FIT_SAMPLES points t_i = i t_end/(M-1),
 * least squares with A e^{-beta t} cos(omega t + psi) + c (GSL multifit_nlinear trust region, then
 * Gauss-Newton to convergence), started from the normal mode. Its beta, omega differ from the mode's
 * by the non-modal part of the release. err: the release errors propagated through the fit.
 *
 * Figures, n = 2, R = rho = sigma = 1 (Oh = nu), T = 2 pi/omega_R (beta_L = 4 nu, omega_R = sqrt 6):
 *                          normal mode                 fit over [0, 3T]
 *                          beta/beta_L  omega/omega_R  beta/beta_L  omega/omega_R
 *   nu = 0.03              0.915972     0.995565       0.914014     0.995434
 *   nu = 0.0044721 (La 1e5) 0.969449    0.999762       0.969038     0.999758
 * (the planar capillary wave with k = n/R = 2 gives 0.851 and 0.98791 at nu = 0.03, 0.944 and 0.99929
 * at La = 1e5: the drop's corrections are about half as large.)
 *
 * [refs.bib: rayleigh1879capillary, lamb1932, prosperetti1980]
 * (not yet in refs.bib: Trefethen, Weideman & Schmelzer 2006, BIT Numer. Math. 46, 653-670;
 *  Thompson & Barnett 1986, J. Comput. Phys. 64, 490-509; Gautschi 1967, SIAM Rev. 9, 24-82;
 *  NIST DLMF Secs. 10.33, 10.40.)
 */
#ifndef CAP_OSCILLATION_H
#define CAP_OSCILLATION_H

#include <stddef.h>

#include "cap_result.h"

/* Largest mode number accepted (far beyond any resolvable mode; guards the integer arithmetic). */
#define CAP_OSCILLATION_MAX_MODE 1000

/* Angular frequency omega (rad/s) of mode n. sigma > 0, radius > 0, rho_in > 0, rho_out >= 0. */
int cap_oscillation_frequency(cap_ref_dim dim, int n, double sigma, double radius, double rho_in,
                              double rho_out, cap_result *omega);

/* Period 2 pi / omega (s) of mode n, same inputs. */
int cap_oscillation_period(cap_ref_dim dim, int n, double sigma, double radius, double rho_in,
                           double rho_out, cap_result *period);

/* Amplitude decay rate beta (1/s) of mode n for a drop of kinematic viscosity nu > 0 (m^2/s) in a void. */
int cap_oscillation_damping(cap_ref_dim dim, int n, double nu, double radius, cap_result *beta);

/* Damped angular frequency sqrt(omega^2 - beta^2) (rad/s) of mode n of a drop in a void (rho_out = 0).
 * CAP_ENOSOL when beta >= omega (the mode is overdamped: no oscillation). */
int cap_oscillation_damped_frequency(cap_ref_dim dim, int n, double sigma, double radius, double rho,
                                     double nu, cap_result *omega_d);

/* ---- viscous 2D drop in a void: exact linear theory (see the derivation above) ---------------- */

/* Largest mode number of the viscous functions below. */
#define CAP_OSCILLATION_VISCOUS_MAX_MODE 100

/* The fit window of cap_oscillation_release_fit_2d, in inviscid periods 2 pi/omega_Rayleigh, and its
 * number of uniformly spaced samples (t_i = i t_end/(M-1), i = 0..M-1, t_0 = 0 included). */
#define CAP_OSCILLATION_FIT_MIN_PERIODS 0.5
#define CAP_OSCILLATION_FIT_MAX_PERIODS 100.0
#define CAP_OSCILLATION_FIT_SAMPLES 2000

/* I_{n+1}(x)/I_n(x) for complex x = x_re + i x_im, x_re > 0, |x| <= 1e6, 0 <= n <= 100 (dimensionless;
 * real and imaginary parts, each with the error bound of the complex value). Exposed for the tests. */
int cap_oscillation_bessel_ratio(int n, double x_re, double x_im, cap_result *r_re, cap_result *r_im);

/* The oscillatory normal mode of a drop in a void: s = -beta + i omega, beta (1/s) and omega (rad/s)
 * > 0, of mode 2 <= n <= 100. sigma (N/m), radius (m), rho (kg/m^3), nu (m^2/s) > 0, with
 * Oh = nu sqrt(rho/(sigma radius)) >= 1e-10. CAP_ENOSOL when the mode is overdamped (the exact growth
 * rates are real) or the root cannot be followed. */
int cap_oscillation_viscous_mode_2d(int n, double sigma, double radius, double rho, double nu,
                                    cap_result *beta, cap_result *omega);

/* eta(t)/eta0 of the drop released from rest at t = 0 with the boundary r = R + eta0 cos(n theta):
 * same inputs, 0 <= t <= 1e250 capillary times sqrt(rho R^3/sigma) (s). Also valid when the mode is
 * overdamped. err ~3e-13 (absolute). */
int cap_oscillation_release_2d(int n, double sigma, double radius, double rho, double nu, double t,
                               cap_result *eta_ratio);

/* The decay rate beta (1/s) and frequency omega (rad/s) of the least-squares fit of
 * A e^{-beta t} cos(omega t + psi) + c to eta(t)/eta0 of the release, sampled at
 * CAP_OSCILLATION_FIT_SAMPLES uniform points over [0, t_end] (t_end in s, between 0.5 and 100 inviscid
 * periods): what an experiment that fits the same model over the same window should measure.
 * CAP_ENOSOL when the mode is overdamped. */
int cap_oscillation_release_fit_2d(int n, double sigma, double radius, double rho, double nu, double t_end,
                                   cap_result *beta, cap_result *omega);

/* The least-squares fit of A e^{-beta t} cos(omega t + psi) + c to m >= 10 samples (t_i, y_i), from
 * the start p0 = {A, beta, omega, psi, c} (GSL trust region, then a Gauss-Newton polish): the fit
 * behind cap_oscillation_release_fit_2d, for experiments that fit their own records the same way.
 * err: twice the last polishing step (the samples carry no error estimate here). omega >= 0. */
int cap_oscillation_fit_damped_cosine(const double *t, const double *y, size_t m, const double p0[5],
                                      cap_result *beta, cap_result *omega);

#endif
