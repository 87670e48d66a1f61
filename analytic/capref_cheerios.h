/* capref_cheerios: the Cheerios effect, the capillary force between bodies floating at a liquid-gas
 * interface (liquid density rho, surface tension sigma, gravity g, l_c = sqrt(sigma/(rho g))).
 * Derivations, numerical choices and checks: docs/design/analytic-cheerios.md.
 *
 * Conventions: Bond number Bo = R^2/l_c^2 (R the body radius), density ratio D = rho_s/rho >= 0,
 * contact angle theta (rad, through the liquid), centre distance L = l/l_c. Dimensionless functions
 * return lengths in l_c, energies in sigma l_c^2 (3D), forces in sigma l_c (3D) or sigma (2D, per
 * unit length); the *_si functions take and return SI. Heights are upwards from the far flat bath;
 * a contact at angle phi from the body's downward vertical leaves at inclination
 * alpha = phi + theta - pi (> 0: rising away from the body).
 *
 * 1. 3D, two identical small spheres, linearised menisci: Vella & Mahadevan (2005), Am. J. Phys. 73,
 *    817, in the superposition approximation of Chan, Henry & White (1981), J. Colloid Interface Sci.
 *    79, 410. Net weight 2 pi rho g R^3 Sigma, Sigma = (2D - 1)/3 - cos(theta)/2 + cos^3(theta)/6:
 *        E/(sigma l_c^2) = -2 pi Bo^3 Sigma^2 K0(L),   F/(sigma l_c) = -2 pi Bo^3 Sigma^2 K1(L) (< 0).
 *    Valid for Bo << 1, Bo |Sigma| << 1, l >> R; model error O(Bo) relative, not in err.
 * 2. 2D, two identical horizontal cylinders (held horizontally, free vertically), exact statics
 *    (derived here from the standard 2D meniscus, de Gennes, Brochard-Wyart & Quere 2004, Ch. 2):
 *    along a meniscus sigma cos(psi) + rho g z^2/2 is constant; outer contact height
 *    h_o = -2 l_c sin(alpha_o/2); vertical balance rho_s g pi R^2 = sigma (sin alpha_o + sin alpha_i)
 *    + rho g A (A the area between the wetted arc and z = 0). Attraction F = rho g z_m^2/2, z_m the
 *    inner meniscus's height at the midpoint; between walls at 90 degrees, rho g (z_m^2 - z_w^2)/2.
 *    Valid at any Bo; not checked: that a meniscus cuts through a body elsewhere.
 * 3. 2D linearised laws (small slopes, derived here), d = l/2 - x_c, x_c = R sin(phi_inf): fixed
 *    contact slope z_m = h_inf/sinh(d/l_c), F = rho g z_m^2/2; fixed capillary charge (the 2D analogue
 *    of Chan et al. 1981) F_far = 2 rho g h_inf^2 exp(-2d/l_c); exact large-l asymptote
 *    F_asym = 2 rho g A^2 exp(-2d/l_c), A the far-field amplitude of the isolated meniscus.
 * 4. 2D, two different cylinders a and b (derived here, statics of 2.): C = sigma cos(psi) +
 *    rho g z^2/2 is constant on the inner meniscus and F = C - sigma on each towards the other
 *    (> 0 attraction, < 0 repulsion). Valid for |psi| < 1.4 rad there and gaps <= 16 l_c.
 * Numerical values (2., 4.) carry err = |working - 100x tighter solve| + the working tolerance.
 * Citations: [vella2005cheerios], [chan1981interaction], [degennes2004].
 */
#ifndef CAPREF_CHEERIOS_H
#define CAPREF_CHEERIOS_H

#include "capref_result.h"

/* ---- 3D: small spheres (dimensionless) ------------------------------------------------------ */

/* Sigma = (2D-1)/3 - cos(theta)/2 + cos^3(theta)/6; D >= 0, 0 <= theta <= pi. CAP_EDOM. */
int capref_cheerios_sigma(double density_ratio, double theta, capref_result *sigma_factor);

/* E/(sigma l_c^2) = -2 pi Bo^3 Sigma^2 K0(L); 0 < Bo <= 1, D >= 0, 0 <= theta <= pi,
 * 2 sqrt(Bo) < L <= 700 (no overlap; K0 underflows beyond). err: ulps + GSL's Bessel error.
 * CAP_EDOM (input out of range), CAP_ENUMERIC (GSL failed). */
int capref_cheerios_3d_energy(double bond, double density_ratio, double theta, double sep, capref_result *energy);

/* F/(sigma l_c) = -dE/dL = -2 pi Bo^3 Sigma^2 K1(L) (negative: attraction); same ranges and errors. */
int capref_cheerios_3d_force(double bond, double density_ratio, double theta, double sep, capref_result *force);

/* SI: the liquid fluid (->sigma N/m, ->rho kg/m^3, ->g m/s^2, each > 0), rho_s (kg/m^3), radius (m),
 * theta (rad), sep (m, centre distance). Outputs E (J) and F = -dE/dl (N); either pointer may be NULL.
 * Errors as above; CAP_EINVAL for a NULL fluid. */
int capref_cheerios_3d_si(const capref_fluid *fluid, double rho_s, double radius, double theta, double sep,
                          capref_result *energy, capref_result *force);

/* ---- 2D: horizontal cylinders (dimensionless, lengths in l_c, forces in sigma) --------------- */

typedef struct {
  capref_result phi;   /* contact position from the downward vertical, rad */
  capref_result alpha; /* meniscus inclination at the contact, rad (> 0 rising away from the body) */
  capref_result h;     /* contact height above the far bath, h = -2 sin(alpha/2) */
  capref_result zc;    /* centre height, zc = h + sqrt(Bo) cos(phi) */
} capref_cheerios_float2d;

typedef struct {
  capref_result phi_o, phi_i;     /* outer / inner contact positions, rad */
  capref_result alpha_o, alpha_i; /* inclinations at the contacts, rad */
  capref_result h_o, h_i;         /* contact heights */
  capref_result zc;               /* centre height */
  capref_result zm;               /* meniscus height at the midpoint */
  capref_result zw;    /* in a box (capref_cheerios_2d_pair_box): the surface at the far walls; 0 in the open bath */
  capref_result force; /* horizontal attraction per unit length / sigma = (zm^2 - zw^2)/2 */
} capref_cheerios_pair2d;

typedef struct {
  capref_result h_inf;      /* isolated contact height */
  capref_result x_c;        /* isolated contact abscissa from the centre, sqrt(Bo) sin(phi_inf) */
  capref_result d;          /* L/2 - x_c */
  capref_result zm;         /* fixed-slope law: h_inf / sinh(d) */
  capref_result force;      /* fixed-slope law: zm^2 / 2 */
  capref_result force_far;  /* fixed-charge / far-field law: 2 h_inf^2 exp(-2 d) */
  capref_result amp;        /* far-field amplitude A of the isolated nonlinear meniscus (z ~ A e^-u) */
  capref_result force_asym; /* exact large-l asymptote 2 A^2 exp(-2 d) */
} capref_cheerios_linear2d;

/* Isolated floating cylinder: the first equilibrium as phi grows from 0 (the stable branch) of
 * pi D = (2/Bo) sin(alpha) - 2 (h/R) sin(phi) + phi - sin(phi) cos(phi), h = -2 l_c sin(alpha/2).
 * 0 < Bo <= 1e4, 0 <= D <= 1e6, 0 < theta < pi. CAP_EDOM; CAP_ENOSOL if it sinks. out may be NULL. */
int capref_cheerios_2d_isolated(double bond, double density_ratio, double theta, capref_cheerios_float2d *out);

/* Pair of identical cylinders at centre distance L (item 2): ranges as above and 2 sqrt(Bo) < L <= 500.
 * CAP_EDOM; CAP_ENOSOL if a single cylinder sinks or the contact lines would pass the top or bottom
 * of the cylinders; CAP_ENUMERIC / CAP_EMAXITER if the root finder fails (possible very close to
 * contact at large Bo); CAP_ENOMEM. out may be NULL. */
int capref_cheerios_2d_pair(double bond, double density_ratio, double theta, double sep, capref_cheerios_pair2d *out);

/* The same pair in a box: walls at 90 degrees `wall` (l_c) beyond each centre on the far sides (mirror
 * planes, as the walls of a computation's box). Exact: the outer meniscus levels off at the wall at
 * height z_w (out->zw) and the attraction is rho g (z_m^2 - z_w^2)/2; as wall -> infinity, the open
 * bath's pair. sqrt(bond) < wall <= 500, the rest and the errors as capref_cheerios_2d_pair; also
 * CAP_ENOSOL if the outer meniscus cannot level off at the wall (the outer contact beyond it). */
int capref_cheerios_2d_pair_box(double bond, double density_ratio, double theta, double sep, double wall,
                                capref_cheerios_pair2d *out);

/* ---- 2D: two different horizontal cylinders (4.) -------------------------------------------- */

typedef struct {
  double bond;          /* R^2 / l_c^2, 0 < bond <= 1e4 */
  double density_ratio; /* 0 <= D <= 1e6 */
  double theta;         /* contact angle, rad, 0 < theta < pi */
} capref_cheerios_body2d;

typedef struct {
  capref_result phi_o, phi_i;     /* outer / inner contact positions from the downward vertical, rad */
  capref_result alpha_o, alpha_i; /* inclinations at the contacts, rad (> 0 rising away from the body) */
  capref_result h_o, h_i;         /* contact heights above the far level */
  capref_result zc;               /* centre height */
} capref_cheerios_side2d;

typedef struct {
  capref_cheerios_side2d a, b; /* the left body a (centre at x = 0) and the right body b (x = sep) */
  capref_result force;         /* F = C/sigma - 1: the horizontal force on a towards b, and on b towards
                             * a, per unit length / sigma (> 0 attraction, < 0 repulsion) */
} capref_cheerios_unlike2d;

/* Bodies a and b (ranges above; the message names bond_a, theta_b, ...) at centre distance sep:
 * sqrt(bond_a) + sqrt(bond_b) < sep <= that + 16. err of the force includes the half-difference of
 * the forces from a's and b's inner contacts. CAP_EINVAL (a or b NULL), CAP_EDOM; CAP_ENOSOL if one
 * of them sinks or its contact lines would pass its top or bottom; CAP_ENUMERIC / CAP_EMAXITER if the
 * root finder fails; CAP_ENOMEM. out may be NULL. */
int capref_cheerios_2d_unlike(const capref_cheerios_body2d *a, const capref_cheerios_body2d *b, double sep,
                              capref_cheerios_unlike2d *out);

/* The far-field amplitude A of the exact 2D meniscus that leaves a body at height h above the far
 * level (l_c units, |h| < 2) and decays away from it: z ~ A e^(-u) at distance u (l_c) from the
 * contact, A = sign(h) 4 exp(sqrt(4 - h^2) - 2 - acosh(2 / |h|)) (A -> h for small h; 0 for h = 0).
 * Closed form. Errors: CAP_EINVAL (NULL out), CAP_EDOM (|h| >= 2 or not finite). */
int capref_cheerios_2d_far_amplitude(double h, capref_result *out);

/* The pair of capref_cheerios_2d_pair in a bath closed by walls at 90 degrees a distance `reach` (l_c)
 * beyond each body's outer contact, to first order in the wall's image: *z_wall = z_w = 2 A e^(-reach)
 * (A the far-field amplitude from h_o) and *force = (z_m^2 - z_w^2) / 2 (sigma units, l_c = 1), its
 * err z_m's error times |z_m| plus |z_m| z_w^2 for the order left out. Either output may be NULL.
 * Errors: CAP_EINVAL (NULL pair), CAP_EDOM (reach not > 0, or |h_o| >= 2). */
int capref_cheerios_2d_pair_walled(const capref_cheerios_pair2d *pair, double reach, capref_result *z_wall,
                                   capref_result *force);

/* Linearised laws (item 3), same ranges as capref_cheerios_2d_pair. CAP_EDOM; CAP_ENOSOL if the
 * isolated cylinder sinks or its contact lines meet or cross at this L (d <= 0). out may be NULL. */
int capref_cheerios_2d_linear(double bond, double density_ratio, double theta, double sep,
                              capref_cheerios_linear2d *out);

/* SI version of capref_cheerios_2d_pair: the liquid fluid (->sigma N/m, ->rho kg/m^3, ->g m/s^2),
 * rho_s (kg/m^3), radius (m), theta (rad), sep (m). Lengths in out are in m, angles in rad, force in
 * N/m. Errors as the pair; CAP_EINVAL for a NULL fluid. */
int capref_cheerios_2d_pair_si(const capref_fluid *fluid, double rho_s, double radius, double theta, double sep,
                               capref_cheerios_pair2d *out);

#endif
