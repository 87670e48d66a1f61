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
 * [refs.bib: rayleigh1879capillary, lamb1932, prosperetti1980]
 */
#ifndef CAP_OSCILLATION_H
#define CAP_OSCILLATION_H

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

#endif
