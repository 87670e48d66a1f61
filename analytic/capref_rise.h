/* capref_rise: capillary rise in 2D (per unit length), between two vertical plates and at a single
 * vertical wall. Derivations and numerical choices: docs/design/analytic-rise.md.
 *
 * Conventions: l_c = sqrt(sigma / (rho g)); theta in (0, pi) the contact angle through the liquid;
 * z the height above the flat far-field bath; psi the inclination of the interface to the
 * horizontal. theta < pi/2 gives a rise (z > 0), theta > pi/2 the mirror-image depression (z < 0,
 * theta -> pi - theta), theta = pi/2 a flat interface. SI units (m, kg/m^3, N/m, m/s^2), radians.
 * The liquid is a capref_fluid f: every function reads f->sigma, f->rho, f->g (each > 0).
 *
 * 1. Jurin's mean height between plates with gap d (the planar analogue of Jurin's law, de Gennes,
 *    Brochard-Wyart & Quere (2004) Sec. 2.1.2 [degennes2004]; force balance derived here):
 *        H = 2 sigma cos(theta) / (rho g d),   exact: the lifted area is A = 2 l_c^2 cos(theta).
 * 2. The exact meniscus between the plates (derived from the Laplace equation as in Landau &
 *    Lifshitz (1987) Sec. 61 [landau1987]): sigma dpsi/ds = rho g z, first integral
 *        z^2 - h0^2 = 2 l_c^2 (1 - cos psi)      (h0 the centre height, psi = 0 there),
 *        x(psi) = int_0^psi l_c^2 cos p / sqrt(h0^2 + 2 l_c^2 (1 - cos p)) dp,
 *    with the wall condition psi_w = pi/2 - theta at x = d/2, solved by Brent root finding and GSL
 *    quadrature; the mean height is the quadrature of the profile (it equals Jurin's H).
 * 3. The single-wall meniscus (x >= 0 the distance from the wall): wall height
 *        h = sqrt(2) l_c sqrt(1 - sin theta)     (signed: negative for theta > pi/2),
 *    and for 0 < |z| <= |h| the closed form
 *        x / l_c = acosh(2 l_c / |z|) - sqrt(4 - z^2 / l_c^2) - [same at |z| = |h|]
 *    (Landau & Lifshitz (1987), Fluid Mechanics, Sec. 61, problem 1 [landau1987]; de Gennes et al.
 *    (2004) Sec. 2.1.3 [degennes2004]); z(x) by inverting it with Brent's method.
 *
 * Validity: static, 2D (plates long compared with the gap and with l_c), rigid vertical walls with a
 * fixed contact angle, no contact-angle hysteresis; the far bath is infinite and flat (z = 0).
 * Errors: closed forms carry a few ulps; numerical values are computed with a working tolerance and
 * a 100x tighter one, err = |difference| + working tolerance * |value|.
 * Status codes: CAP_EDOM (an input out of range, NaN or infinite; the message names it), CAP_EINVAL
 * (NULL arrays with n > 0, or a NULL f), CAP_ENUMERIC / CAP_EMAXITER (a GSL quadrature or root find failed; not
 * expected for valid inputs), CAP_ENOMEM (GSL allocation failed).
 */
#ifndef CAPREF_RISE_H
#define CAPREF_RISE_H

#include <stddef.h>

#include "capref_result.h"

/* Jurin's mean rise between two vertical plates (2D): H = 2 sigma cos(theta) / (rho g gap), in m
 * (negative for theta > pi/2). f->sigma, f->rho, f->g, gap > 0; 0 < theta < pi. Closed form; CAP_EDOM. */
int capref_rise_jurin_plates(const capref_fluid *f, double theta, double gap, capref_result *H);

/* The exact meniscus between two vertical plates (2D). All heights in m above the far-field level,
 * negative for theta > pi/2. */
typedef struct {
  capref_result h0;   /* height at the centre x = 0 */
  capref_result hw;   /* height at the walls x = +-gap/2 (contact line) */
  capref_result mean; /* mean height = area / gap (equals Jurin's H) */
  capref_result area; /* area between the meniscus and z = 0 per unit length, m^2 (= 2 l_c^2 cos theta) */
} capref_rise_plates_sol;

/* f->sigma, f->rho, f->g, gap > 0; 0 < theta < pi. *sol may be NULL (the inputs are still validated).
 * CAP_EDOM, CAP_ENUMERIC / CAP_EMAXITER, CAP_ENOMEM. */
int capref_rise_plates(const capref_fluid *f, double theta, double gap, capref_rise_plates_sol *sol);

/* The plates meniscus z(x) at the n positions x[i] (m, -gap/2 <= x[i] <= gap/2, x = 0 the centre);
 * writes z[i] (m). x and z must be non-NULL when n > 0 (CAP_EINVAL otherwise). CAP_EDOM (also an x[i]
 * out of range), CAP_ENUMERIC / CAP_EMAXITER, CAP_ENOMEM. */
int capref_rise_plates_profile(const capref_fluid *f, double theta, double gap, size_t n, const double *x,
                               capref_result *z);

/* Single vertical wall: contact-line height h = sqrt(2) l_c sqrt(1 - sin theta), signed (m). Closed
 * form; CAP_EDOM. */
int capref_rise_wall_height(const capref_fluid *f, double theta, capref_result *h);

/* Single vertical wall, closed form x(z): the distance from the wall (m) at which the meniscus has
 * height z (m). z must have the sign of h and 0 < |z| <= |h|; theta = pi/2 (flat interface) has no
 * such point: CAP_EDOM in both cases (and for other inputs out of range). */
int capref_rise_wall_distance(const capref_fluid *f, double theta, double z, capref_result *x);

/* Single vertical wall, z(x): meniscus heights z[i] (m) at distances x[i] >= 0 (m) from the wall.
 * x and z must be non-NULL when n > 0 (CAP_EINVAL otherwise). CAP_EDOM, CAP_ENUMERIC / CAP_EMAXITER,
 * CAP_ENOMEM. */
int capref_rise_wall_profile(const capref_fluid *f, double theta, size_t n, const double *x, capref_result *z);

#endif
