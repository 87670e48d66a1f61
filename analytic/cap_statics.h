/* cap_statics: capillary statics of a drop resting on a horizontal plane.
 *
 * 1. Young's relation (Young 1805, Phil. Trans. R. Soc. Lond. 95, p. 65; de Gennes, Brochard-Wyart &
 *    Quere 2004, Ch. 1 [young1805, degennes2004]):
 *        cos(theta) = (sigma_sa - sigma_sl) / sigma_la.
 *    |cos| > 1 has no equilibrium angle: complete wetting (spreading coefficient
 *    S = sigma_sa - sigma_sl - sigma_la > 0) or complete drying (sigma_sl - sigma_sa > sigma_la).
 *
 * 2. Zero-gravity caps, contact angle 0 < theta < pi (through the liquid), radius R:
 *        2D (circular segment, per unit length): A = R^2 (theta - sin(theta) cos(theta)),
 *        3D (spherical cap):                       V = pi R^3 (1 - cos(theta))^2 (2 + cos(theta)) / 3,
 *    base half-width a = R sin(theta), height h = R (1 - cos(theta)); curvature sum (Laplace pressure
 *    over sigma) kappa = 1/R (2D) or 2/R (3D); R0 = radius of the half-disc sqrt(2A/pi) (2D) or of the
 *    hemisphere (3V/(2 pi))^(1/3) (3D) of the same area/volume (experiments report R/R0). Pressure:
 *    left to the caller, dp = sigma * kappa (or cap_laplace_jump(dim, sigma, R)).
 *
 * 3. Sessile drop with gravity (Bashforth & Adams 1883; Hartland & Hartley 1976; de Gennes et al. 2004
 *    Ch. 2 [bashforth1883, hartland1976, degennes2004]). Lengths in l_c = sqrt(sigma/(rho g)), z
 *    DOWNWARD from the apex, psi the inclination of the interface (0 at the apex, theta at the contact
 *    line), s the arc length from the apex, b the apex curvature (1/R_apex, in 1/l_c). Young-Laplace
 *    with hydrostatic pressure rho g z:
 *        2D:  dx/ds = cos psi, dz/ds = sin psi, dpsi/ds = b + z,
 *        axi: dx/ds = cos psi, dz/ds = sin psi, dpsi/ds = 2b + z - sin(psi)/x  (-> b at the apex).
 *    psi increases along a sessile profile, so psi is the independent variable and the integration
 *    (GSL odeiv2, rk8pd) ends exactly at psi = theta; area dA = 2 x dz (2D), volume dV = pi x^2 dz (axi).
 *    The axisymmetric integration starts at s0 = min(1e-4, theta/(100 B)) (in the unit ell below) from
 *    the apex series
 *        psi = B s + G B s^3/8, x = s - B^2 s^3/6, z = B s^2/2 + (G B/8 - B^3/6) s^4/4
 *    (derived here by substitution; truncation error O(s0^4) relative). Internally lengths are scaled
 *    by ell = l_c min(1, 1/b) (so B = b ell <= 1, G = (ell/l_c)^2 <= 1): small drops are integrated in
 *    units of their apex radius, large ones in units of l_c. b is found by Brent's method on log b so
 *    that the area/volume matches. Exact identities the solution satisfies (lengths in l_c):
 *        2D first integral   1 - cos(theta) = b h + h^2/2,
 *        force balance 2D    A = 2 a (b + h) - 2 sin(theta),
 *        force balance axi   V = pi a^2 (2b + h) - 2 pi a sin(theta),
 *        puddle limit        h -> 2 l_c sin(theta/2) (de Gennes et al. 2004 Ch. 2), h = 2 sin(theta/2)
 *                            exactly as b -> 0 in 2D; in 3D (derived here from d(cos psi)/ds across the
 *                            rim, not from the literature) h = 2 sin(theta/2) + c1/a + O(1/a^2),
 *                            c1 = 2 (1 - cos^3(theta/2)) / (3 sin(theta/2)).
 *    Drop Bond number: Bo = rho g R0^2 / sigma with R0 as in item 2 (size of the drop only, not of its
 *    shape). Apparent angle 2 atan(h/a) (equals theta for a cap). Pressure at the apex: sigma b (2D),
 *    2 sigma b (3D).
 *    g = 0 or rho = 0 (or Bo < 1e-24, below double resolution of the gravity correction): the exact cap
 *    of item 2, closed form. Validity of the shooting: apex curvature above 1e-200/l_c, i.e. drops up to
 *    a base half-width of about 460 l_c (a puddle); larger drops are reported as CAP_EDOM with the
 *    largest supported size in the message.
 *    Errors: the solution is computed with relative ODE/shooting tolerance 1e-10 and 1e-12; err is
 *    |difference| + 1e-12 |value| (+ the profile's arc length times 1e-12 for profile points).
 *    If the inclination ever stopped increasing (not expected for sessile drops; checked) the result
 *    is CAP_ENUMERIC.
 *
 * 4. Zero-gravity 2D drop on a circular solid (a cylinder of radius Rs, curved wall). The drop is a
 *    disc of radius R whose centre lies at distance D from the solid's centre, the liquid the part of
 *    it outside the solid. At a contact point X the contact angle through the liquid satisfies
 *    cos(theta) = n_s . n_d with the outward normals n_s = X/Rs of the solid and n_d = (X - C)/R of
 *    the drop (the flat-wall rule cos(theta) = -y_c/R in the limit), and |X - C| = R gives
 *        D^2 = Rs^2 + R^2 - 2 Rs R cos(theta)                          (law of cosines at X),
 *    liquid area A = pi R^2 - L, L the lens of the two discs (the standard intersection area)
 *        L = R^2 acos((D^2 + R^2 - Rs^2)/(2 D R)) + Rs^2 acos((D^2 + Rs^2 - R^2)/(2 D Rs))
 *            - sqrt((-D + R + Rs)(D + R - Rs)(D - R + Rs)(D + R + Rs)) / 2.
 *    R is found by Brent's method for the given A (derived here; the flat cap of item 2 is the limit
 *    Rs -> infinity). Outputs: R, D, the apex height D + R - Rs above the solid and the polar angle
 *    beta of the contact points seen from the solid's centre, cos(beta) = (D^2 + Rs^2 - R^2)/(2 D Rs).
 *    Errors as item 3 (two tolerances).
 *
 * All inputs and outputs SI; angles in radians; contact angles through the liquid.
 */
#ifndef CAP_STATICS_H
#define CAP_STATICS_H

#include <stddef.h>

#include "cap_result.h"

/* Young's relation. sigma_sa >= 0, sigma_sl >= 0, sigma_la > 0 (N/m). Outputs (either may be NULL):
 * cos(theta) and theta in [0, pi] (rad). CAP_ENOSOL when |cos| > 1 (complete wetting / drying). */
int cap_statics_young(double sigma_sa, double sigma_sl, double sigma_la, cap_result *cos_theta,
                      cap_result *theta);

/* Zero-gravity cap (item 2). */
typedef struct {
  cap_result radius;     /* R (m) */
  cap_result half_width; /* a = R sin(theta) (m) */
  cap_result height;     /* h = R (1 - cos(theta)) (m) */
  cap_result kappa;      /* curvature sum dp/sigma: 1/R (2D), 2/R (3D) (1/m) */
  cap_result r0;         /* radius of the half-disc (2D) / hemisphere (3D) of equal area/volume (m) */
} cap_statics_cap_shape;

/* dim: CAP_REF_2D (size = area per unit length A > 0, m^2) or CAP_REF_3D (size = volume V > 0, m^3);
 * 0 < theta < pi (rad). out must not be NULL. */
int cap_statics_cap(cap_ref_dim dim, double theta, double size, cap_statics_cap_shape *out);

/* Sessile drop under gravity (item 3). */
typedef struct {
  cap_result apex_curvature; /* b = 1/R_apex (1/m); apex pressure sigma b (2D), 2 sigma b (3D) */
  cap_result height;         /* h, apex above the plane (m) */
  cap_result half_width;     /* a, contact-line half-width / radius (m) */
  cap_result max_half_width; /* widest half-width (m): a if theta <= pi/2, else x at psi = pi/2 */
  cap_result apparent_angle; /* 2 atan(h/a) (rad) */
  cap_result bond;           /* Bo = rho g R0^2 / sigma (R0 as in cap_statics_cap_shape) */
  cap_result arc_length;     /* length of the profile from the apex to the contact line (m) */
} cap_statics_drop_shape;

/* dim, theta, size as for cap_statics_cap; rho >= 0 the density difference liquid - surrounding
 * (kg/m^3), g >= 0 (m/s^2), sigma > 0 (N/m). out must not be NULL. */
int cap_statics_sessile(cap_ref_dim dim, double rho, double g, double sigma, double theta, double size,
                        cap_statics_drop_shape *out);

/* The profile of the same drop at n >= 2 points equally spaced in arc length from the apex (index 0,
 * x = z = psi = 0) to the contact line (index n-1, x = a, z = h, psi = theta): x (m) from the axis, z (m)
 * downward from the apex, psi (rad) the inclination. x and z must not be NULL; psi may be NULL. Each
 * array holds n entries; n <= CAP_STATICS_PROFILE_NMAX. */
#define CAP_STATICS_PROFILE_NMAX 1000000
int cap_statics_sessile_profile(cap_ref_dim dim, double rho, double g, double sigma, double theta,
                                double size, size_t n, cap_result *x, cap_result *z, cap_result *psi);

/* Zero-gravity 2D drop on a circular solid (item 4). */
typedef struct {
  cap_result radius;      /* R, the drop's radius (m) */
  cap_result distance;    /* D, from the solid's centre to the drop's centre (m) */
  cap_result apex_height; /* D + R - Rs, the apex above the solid (m) */
  cap_result beta;        /* polar angle of the contact points from the solid's centre (rad) */
} cap_statics_disc_cap_shape;

/* theta in (0, pi) (rad), solid radius rs > 0 (m), liquid area per unit length area > 0 (m^2).
 * out must not be NULL. */
int cap_statics_cap_on_disc(double theta, double rs, double area, cap_statics_disc_cap_shape *out);

#endif
