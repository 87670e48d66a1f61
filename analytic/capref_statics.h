/* capref_statics: capillary statics of a drop resting on a solid. Derivations, the numerical method of
 * the sessile drop and its checks: docs/design/analytic-statics.md.
 *
 * 1. Young's relation (Young 1805, Phil. Trans. R. Soc. Lond. 95, p. 65; de Gennes, Brochard-Wyart &
 *    Quere 2004, Ch. 1 [young1805, degennes2004]): cos(theta) = (sigma_sa - sigma_sl) / sigma_la;
 *    |cos| > 1 is complete wetting (S = sigma_sa - sigma_sl - sigma_la > 0) or complete drying.
 *
 * 2. Zero-gravity caps on a plane, 0 < theta < pi, radius R: 2D circular segment (per unit length)
 *    A = R^2 (theta - sin(theta) cos(theta)); 3D spherical cap V = pi R^3 (1 - cos(theta))^2
 *    (2 + cos(theta)) / 3; a = R sin(theta), h = R (1 - cos(theta)); curvature sum kappa = 1/R (2D),
 *    2/R (3D), dp = sigma kappa; R0 = sqrt(2A/pi) (2D) or (3V/(2 pi))^(1/3) (3D), the half-disc or
 *    hemisphere of the same size. Closed forms.
 *
 * 3. Sessile drop under gravity on a horizontal plane (Bashforth & Adams 1883; Hartland & Hartley
 *    1976; de Gennes et al. 2004 Ch. 2 [bashforth1883, hartland1976, degennes2004]). Lengths in
 *    l_c = sqrt(sigma/(rho g)), z DOWNWARD from the apex, psi the inclination (0 at the apex, theta at
 *    the contact line), s the arc length, b the apex curvature:
 *        2D:  dx/ds = cos psi, dz/ds = sin psi, dpsi/ds = b + z,
 *        axi: dx/ds = cos psi, dz/ds = sin psi, dpsi/ds = 2b + z - sin(psi)/x,
 *    integrated in psi up to theta (GSL rk8pd) with b found by Brent's method so that the area or
 *    volume matches. Satisfies 1 - cos(theta) = b h + h^2/2 (2D) and the force balances
 *    A = 2 a (b + h) - 2 sin(theta) (2D), V = pi a^2 (2b + h) - 2 pi a sin(theta) (axi); puddle limit
 *    h -> 2 l_c sin(theta/2). Bo = rho g R0^2 / sigma; apex pressure sigma b (2D), 2 sigma b (3D).
 *    g = 0, rho = 0 or Bo < 1e-24: the exact cap of item 2. Valid for apex curvatures above
 *    1e-200/l_c (base half-width up to about 460 l_c); larger drops are CAP_EDOM. err = |difference|
 *    of solves at relative tolerances 1e-10 and 1e-12 + 1e-12 |value|.
 *
 * 4. Zero-gravity 2D drop on a circular solid of radius Rs (derived here): a disc of radius R whose
 *    centre lies at distance D from the solid's, the liquid outside the solid; the contact angle
 *    gives D^2 = Rs^2 + R^2 - 2 Rs R cos(theta) and the liquid area A = pi R^2 - (the lens of the
 *    two discs), solved for R by Brent's method. The flat cap of item 2 is the limit Rs -> infinity.
 *    Errors as item 3.
 *
 * Conventions: SI inputs and outputs; angles in radians; contact angles through the liquid.
 * Errors: CAP_EDOM (an input out of range, named in the message), CAP_EINVAL (a NULL output),
 * CAP_ENOSOL (Young: no equilibrium angle), CAP_ENUMERIC / CAP_EMAXITER (an ODE, bracket or root
 * find failed), CAP_ENOMEM.
 */
#ifndef CAPREF_STATICS_H
#define CAPREF_STATICS_H

#include <stddef.h>

#include "capref_result.h"

/* Young's relation. sigma_sa >= 0, sigma_sl >= 0, sigma_la > 0 (N/m). Outputs (either may be NULL):
 * cos(theta) and theta in [0, pi] (rad). CAP_ENOSOL when |cos| > 1 (complete wetting / drying). */
int capref_statics_young(double sigma_sa, double sigma_sl, double sigma_la, capref_result *cos_theta,
                         capref_result *theta);

/* Zero-gravity cap (item 2). */
typedef struct {
  capref_result radius;     /* R (m) */
  capref_result half_width; /* a = R sin(theta) (m) */
  capref_result height;     /* h = R (1 - cos(theta)) (m) */
  capref_result kappa;      /* curvature sum dp/sigma: 1/R (2D), 2/R (3D) (1/m) */
  capref_result r0;         /* radius of the half-disc (2D) / hemisphere (3D) of equal area/volume (m) */
} capref_statics_cap_shape;

/* dim: CAPREF_2D (size = area per unit length A > 0, m^2) or CAPREF_3D (size = volume V > 0, m^3);
 * 0 < theta < pi (rad). Closed form. CAP_EDOM; CAP_EINVAL if out is NULL. */
int capref_statics_cap(capref_dim dim, double theta, double size, capref_statics_cap_shape *out);

/* Sessile drop under gravity (item 3). */
typedef struct {
  capref_result apex_curvature; /* b = 1/R_apex (1/m); apex pressure sigma b (2D), 2 sigma b (3D) */
  capref_result height;         /* h, apex above the plane (m) */
  capref_result half_width;     /* a, contact-line half-width / radius (m) */
  capref_result max_half_width; /* widest half-width (m): a if theta <= pi/2, else x at psi = pi/2 */
  capref_result apparent_angle; /* 2 atan(h/a) (rad) */
  capref_result bond;           /* Bo = rho g R0^2 / sigma (R0 as in capref_statics_cap_shape) */
  capref_result arc_length;     /* length of the profile from the apex to the contact line (m) */
} capref_statics_drop_shape;

/* dim, theta, size as for capref_statics_cap; the fluid f: f->rho >= 0 the density difference liquid -
 * surrounding (kg/m^3), f->g >= 0 (m/s^2), f->sigma > 0 (N/m). CAP_EDOM (also a drop too large for the
 * shooting); CAP_EINVAL if f or out is NULL; CAP_ENUMERIC / CAP_EMAXITER; CAP_ENOMEM. */
int capref_statics_sessile(capref_dim dim, const capref_fluid *f, double theta, double size,
                           capref_statics_drop_shape *out);

/* The profile of the same drop at n >= 2 points equally spaced in arc length from the apex (index 0,
 * x = z = psi = 0) to the contact line (index n-1, x = a, z = h, psi = theta): x (m) from the axis, z (m)
 * downward from the apex, psi (rad) the inclination. x and z must not be NULL (CAP_EINVAL); psi may be
 * NULL. Each array holds n entries; n <= CAPREF_STATICS_PROFILE_NMAX (CAP_EDOM). Errors as
 * capref_statics_sessile; err includes the arc length times 1e-12. */
#define CAPREF_STATICS_PROFILE_NMAX 1000000
int capref_statics_sessile_profile(capref_dim dim, const capref_fluid *f, double theta, double size, size_t n,
                                   capref_result *x, capref_result *z, capref_result *psi);

/* Zero-gravity 2D drop on a circular solid (item 4). */
typedef struct {
  capref_result radius;      /* R, the drop's radius (m) */
  capref_result distance;    /* D, from the solid's centre to the drop's centre (m) */
  capref_result apex_height; /* D + R - Rs, the apex above the solid (m) */
  capref_result beta;        /* polar angle of the contact points from the solid's centre (rad) */
} capref_statics_disc_cap_shape;

/* theta in (0, pi) (rad), solid radius rs > 0 (m), liquid area per unit length area > 0 (m^2).
 * CAP_EDOM; CAP_EINVAL if out is NULL; CAP_ENUMERIC / CAP_EMAXITER if the radius cannot be found. */
int capref_statics_cap_on_disc(double theta, double rs, double area, capref_statics_disc_cap_shape *out);

#endif
