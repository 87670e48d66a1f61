/* Capillary rise in 2D (per unit length): between two vertical plates, and at a single vertical wall.
 *
 * Notation: l_c = sqrt(sigma / (rho g)) the capillary length; theta in (0, pi) the contact angle
 * (through the liquid); z the height above the flat far-field bath; psi the inclination of the
 * interface to the horizontal. theta < pi/2 gives a rise (z > 0), theta > pi/2 the mirror-image
 * depression (z < 0, same shape with theta -> pi - theta), theta = pi/2 a flat interface.
 *
 * 1. Jurin's mean height between plates with gap d (2D Jurin law):
 *        H = 2 sigma cos(theta) / (rho g d),
 *    exact for the mean height of the meniscus, because the lifted area per unit length equals
 *    A = 2 l_c^2 cos(theta) (vertical force balance: 2 sigma cos(theta) = rho g A). The planar
 *    analogue of Jurin's law for a tube, de Gennes, Brochard-Wyart & Quere (2004) Sec. 2.1.2
 *    [degennes2004]; the force balance is derived here for the plates.
 *
 * 2. The exact meniscus between the plates. Young-Laplace with the hydrostatic pressure -rho g z
 *    gives sigma dpsi/ds = rho g z (s the arclength from the centre), whose first integral is
 *        z^2 - h0^2 = 2 l_c^2 (1 - cos psi)          (h0 = centre height, where psi = 0),
 *    and dx/dpsi = l_c^2 cos(psi) / z, i.e.
 *        x(psi) = int_0^psi l_c^2 cos p / sqrt(h0^2 + 2 l_c^2 (1 - cos p)) dp.
 *    The wall condition is psi_w = pi/2 - theta at x = d/2. The integrand is sharply peaked when
 *    h0 << l_c (wide gaps); the code therefore substitutes s = sin(p/2) = (h0 / 2 l_c) sinh(u), which
 *    gives z = h0 cosh(u) and the smooth integral
 *        x(u) = l_c int_0^u (1 - 2 s^2) / sqrt(1 - s^2) du',   s = (h0 / 2 l_c) sinh(u'),
 *    and solves x(U) = d/2 for the wall parameter U (then h0 = 2 l_c sin(psi_w/2) / sinh U,
 *    h_w = h0 cosh U) with GSL's Brent root finder and gsl_integration_qags. The mean height is the
 *    area int z dx / d, computed by quadrature of the solved profile (it must equal Jurin's H: the
 *    identity int z dx = l_c^2 sin(psi_w) holds for any h0; tests/test_rise.c checks it).
 *    Derived here from the Laplace equation as in Landau & Lifshitz (1987) Sec. 61 [landau1987].
 *
 * 3. The single-wall meniscus (a vertical wall in an infinite bath, x >= 0 the distance from the
 *    wall): the wall height
 *        h = sqrt(2) l_c sqrt(1 - sin theta)           (signed: negative for theta > pi/2),
 *    and the closed-form profile, for 0 < |z| <= |h|,
 *        x / l_c = acosh(2 l_c / |z|) - sqrt(4 - z^2 / l_c^2) - [same at |z| = |h|].
 *    Landau & Lifshitz (1987), Fluid Mechanics, Sec. 61, problem 1 [landau1987]; de Gennes,
 *    Brochard-Wyart & Quere (2004) Sec. 2.1.3 [degennes2004]. z(x) is obtained by inverting the
 *    closed form in the variable y = ln tan(psi/4) (z = 2 l_c sech y,
 *    x / l_c = y_w - y + 2 (tanh y - tanh y_w)) with Brent's method.
 *
 * Validity: static, 2D (plates long compared with the gap and with l_c), rigid vertical walls with a
 * fixed contact angle, no contact-angle hysteresis; the far bath is infinite and flat (z = 0).
 * Units: SI (m, kg/m^3, N/m, m/s^2), angles in radians.
 *
 * Errors: closed forms carry a few ulps; numerical values (root find + quadrature) are computed with a
 * working tolerance and a 100x tighter one, and err = |difference| + working tolerance * |value|.
 *
 * Status codes: CAP_EDOM (an input out of range, NaN or infinite; the message names it), CAP_EINVAL
 * (NULL arrays with n > 0), CAP_ENUMERIC / CAP_EMAXITER (a GSL quadrature or root find failed; not
 * expected for valid inputs), CAP_ENOMEM (GSL allocation failed).
 */
#ifndef CAP_RISE_H
#define CAP_RISE_H

#include <stddef.h>

#include "cap_result.h"

/* Jurin's mean rise between two vertical plates (2D): H = 2 sigma cos(theta) / (rho g gap), in m
 * (negative for theta > pi/2). sigma, rho, g, gap > 0; 0 < theta < pi. */
int cap_rise_jurin_plates(double sigma, double rho, double g, double theta, double gap, cap_result *H);

/* The exact meniscus between two vertical plates (2D). All heights in m above the far-field level,
 * negative for theta > pi/2. */
typedef struct {
  cap_result h0;   /* height at the centre x = 0 */
  cap_result hw;   /* height at the walls x = +-gap/2 (contact line) */
  cap_result mean; /* mean height = area / gap (equals Jurin's H) */
  cap_result area; /* area between the meniscus and z = 0 per unit length, m^2 (= 2 l_c^2 cos theta) */
} cap_rise_plates_sol;

/* sigma, rho, g, gap > 0; 0 < theta < pi. *sol may be NULL (the inputs are still validated). */
int cap_rise_plates(double sigma, double rho, double g, double theta, double gap, cap_rise_plates_sol *sol);

/* The plates meniscus z(x) at the n positions x[i] (m, -gap/2 <= x[i] <= gap/2, x = 0 the centre);
 * writes z[i] (m). x and z must be non-NULL when n > 0 (CAP_EINVAL otherwise). */
int cap_rise_plates_profile(double sigma, double rho, double g, double theta, double gap, size_t n,
                            const double *x, cap_result *z);

/* Single vertical wall: contact-line height h = sqrt(2) l_c sqrt(1 - sin theta), signed (m). */
int cap_rise_wall_height(double sigma, double rho, double g, double theta, cap_result *h);

/* Single vertical wall, closed form x(z): the distance from the wall (m) at which the meniscus has
 * height z (m). z must have the sign of h and 0 < |z| <= |h|; theta = pi/2 (flat interface) has no
 * such point: CAP_EDOM in both cases. */
int cap_rise_wall_distance(double sigma, double rho, double g, double theta, double z, cap_result *x);

/* Single vertical wall, z(x): meniscus heights z[i] (m) at distances x[i] >= 0 (m) from the wall.
 * x and z must be non-NULL when n > 0 (CAP_EINVAL otherwise). */
int cap_rise_wall_profile(double sigma, double rho, double g, double theta, size_t n, const double *x,
                          cap_result *z);

#endif
