/* Cheerios effect: capillary attraction between two identical bodies floating at a liquid-gas
 * interface (liquid density rho, surface tension sigma, gravity g, l_c = sqrt(sigma/(rho g))).
 *
 * Dimensionless inputs: Bond number Bo = R^2/l_c^2 (R the body radius), density ratio
 * D = rho_s/rho >= 0, contact angle theta (rad, through the liquid), centre separation L = l/l_c.
 * Lengths are returned in units of l_c, energies in sigma l_c^2 (3D), forces in sigma l_c (3D) or
 * sigma (2D, per unit length). The *_si functions take and return SI units.
 *
 * 1. 3D, two small spheres, linearised menisci: Vella & Mahadevan (2005), Am. J. Phys. 73, 817
 *    (force law of two identical floating spheres), in the superposition approximation of Chan,
 *    Henry & White (1981), J. Colloid Interface Sci. 79, 410. Re-derived here: a sphere whose
 *    contact line sits where the flat interface would cut it (polar angle pi - theta from the
 *    bottom) needs a vertical capillary force equal to its weight minus the buoyancy of the
 *    immersed spherical cap, 2 pi rho g R^3 Sigma, with
 *        Sigma = (2D - 1)/3 - cos(theta)/2 + cos^3(theta)/6
 *    (cap volume pi R^3 (2 + 3 cos theta - cos^3 theta)/3; checks: theta = pi gives 2D/3, no
 *    buoyancy; theta = 0 gives 2(D - 1)/3, fully immersed). The meniscus is h(r) = -Q K0(r/l_c)
 *    with the capillary charge Q = R Bo Sigma (2 pi sigma Q carries the net weight), and
 *        E(l) = -2 pi sigma Q^2 K0(l/l_c) = -2 pi sigma R^2 Bo^2 Sigma^2 K0(l/l_c),
 *        F(l) = -dE/dl = -2 pi sigma R Bo^(5/2) Sigma^2 K1(l/l_c)     (F < 0: attraction).
 *    Dimensionless: E/(sigma l_c^2) = -2 pi Bo^3 Sigma^2 K0(L), F/(sigma l_c) = -2 pi Bo^3 Sigma^2 K1(L).
 *    NOTE: E is written as derived (R^2 Bo^2 = R l_c Bo^(5/2)); the force prefactor
 *    2 pi sigma R Bo^(5/2) Sigma^2 K1 is the form in which V&M state the force. An energy written
 *    as "R^2 Bo^(5/2)" would not be consistent with F = -dE/dl.
 *    Validity: Bo << 1 and Bo |Sigma| << 1 (small slopes), l >> R (point-like spheres), fixed
 *    contact angle; relative model error O(Bo). err: a few ulps plus GSL's Bessel-function error;
 *    the asymptotic model error is NOT included.
 *
 * 2. 2D, two identical horizontal circular cylinders per unit length, exact nonlinear statics
 *    (derived here; the 2D meniscus and its first integral are standard, e.g. de Gennes,
 *    Brochard-Wyart & Quere 2004, Ch. 2). Bodies at x = -l/2 and +l/2, each held horizontally
 *    and free vertically. Every 2D meniscus obeys sigma dpsi/ds = rho g z (z above the far flat
 *    bath, psi the inclination), so z^2 = C + 2 l_c^2 (1 - cos psi): sigma cos psi + rho g z^2/2
 *    is constant along a meniscus. A contact at angle phi from the body's downward vertical
 *    leaves at inclination alpha = phi + theta - pi (> 0: rising away from the body).
 *      outer meniscus (to the flat bath):  h_o = z_c - R cos(phi_o) = -2 l_c sin(alpha_o/2);
 *      inner meniscus (symmetric, height z_m and zero slope at the midpoint):
 *          h_i^2 = z_m^2 + 2 l_c^2 (1 - cos alpha_i),
 *          l/2 - R sin(phi_i) = int_0^|alpha_i| l_c^2 cos p / sqrt(z_m^2 + 2 l_c^2 (1 - cos p)) dp,
 *          evaluated with sin(p/2) = |z_m|/(2 l_c) sinh(w), which removes the near-singularity;
 *      vertical balance: rho_s g pi R^2 = sigma (sin alpha_o + sin alpha_i) + rho g A, A the area
 *          between the wetted arc (angles -phi_o .. phi_i) and z = 0, below z = 0 counted positive.
 *    The unknowns (alpha_o, log|alpha_i|, log|z_m|) are found by GSL's hybrid root finder on
 *    equations scaled by the size of their terms, so slopes and z_m keep full relative precision.
 *    Horizontal force on one body (momentum balance between the far bath and the midplane, or the
 *    difference of the first integrals of the outer and inner menisci):
 *        F = rho g z_m^2 / 2    (towards the other body: identical bodies always attract).
 *    Isolated body (l -> infinity, phi_o = phi_i = phi, h = -2 l_c sin(alpha/2)):
 *        pi D = (2/Bo) sin(alpha) - 2 (h/R) sin(phi) + phi - sin(phi) cos(phi);
 *    the equilibrium returned is the first met as phi grows from 0 (the stable branch); no root:
 *    CAP_ENOSOL (the cylinder sinks).
 *    Validity: any Bo (exact statics of a 2D circle). The inner contact slope is constrained to
 *    point towards z_m (otherwise the meniscus cannot level off); contact lines that would pass the
 *    top or bottom of the cylinders give CAP_ENOSOL. NOT checked: that a meniscus does not cut
 *    through a body elsewhere. Very close to contact at large Bo the solver may fail
 *    (CAP_ENUMERIC). The solve starts from the small-slope solution and falls back on continuation
 *    in l from l - 2 x_c = 24 l_c. err: |difference| between a working (scaled residual 1e-10) and
 *    a 100x tighter solve, plus the working tolerance (relative for slopes, heights, z_m and F).
 *
 * 3. 2D linearised laws (small slopes, derived here), with h_inf the isolated contact height,
 *    x_c = R sin(phi_inf) and d = l/2 - x_c:
 *      fixed contact slope (inner meniscus z = z_m cosh(x/l_c) with the isolated contact slope):
 *          z_m = h_inf / sinh(d/l_c),  F = rho g z_m^2 / 2;
 *      fixed capillary charge (superposition of two isolated menisci, the 2D analogue of Chan et
 *      al. 1981; also what the linearised vertical balance gives when the buoyancy change is
 *      negligible, Bo -> 0): z_m = 2 h_inf exp(-d/l_c),
 *          F_far = 2 rho g h_inf^2 exp(-(l - 2 x_c)/l_c),
 *      which is also the large-l limit of the fixed-slope law (ratio (1 - exp(-2d/l_c))^-2).
 *    The exact F approaches F_far at small Bo for all d, and both laws as l grows, up to a
 *    relative floor (A/h_inf)^2 - 1 = O(h_inf^2) from the nonlinear meniscus tail:
 *      exact large-l asymptote at any Bo: the isolated 2D meniscus is
 *          u/l_c = arccosh(2 l_c/|z|) - sqrt(4 - z^2/l_c^2) - [the same at z = h_inf]
 *      (u the distance from the contact), so its tail is z ~ A exp(-u/l_c) with
 *          A = sgn(h_inf) 4 l_c exp(sqrt(4 - h_inf^2/l_c^2) - 2 - arccosh(2 l_c/|h_inf|))
 *            = h_inf (1 - 3 h_inf^2/(16 l_c^2) + ...),
 *      and matching two tails to z_m cosh(x/l_c) gives F_asym = 2 rho g A^2 exp(-(l - 2 x_c)/l_c);
 *      the exact F converges to it with a relative difference ~ exp(-2d/l_c).
 *
 * 4. 2D, two DIFFERENT horizontal cylinders a and b (each its own Bo, D, theta), centres sep apart
 *    (a on the left), each held horizontally and free vertically (derived here, from the same
 *    meniscus statics as 2.). Each body has an outer meniscus to the far bath,
 *        h_o = z_c - R cos(phi_o) = -2 l_c sin(alpha_o/2),
 *    and its vertical balance as in 2. The inner meniscus joins the two inner contacts; along it
 *        C = sigma cos(psi) + rho g z^2/2
 *    is constant (the first integral; psi the inclination to the horizontal). The horizontal force of
 *    the liquid on a body is the difference of the constants of its two menisci (the momentum
 *    balance of the liquid between the far bath and any column of the inner meniscus: pressure
 *    rho g (H^2 - z^2)/2 on the column, tensions sigma at the far end and sigma cos(psi) at the
 *    column), the outer one's being sigma (z = 0, psi = 0 far away):
 *        F = C - sigma    on a towards b, and on b towards a (> 0: attraction, < 0: repulsion).
 *    Identical bodies: psi = 0 at the midpoint, F = rho g z_m^2/2 >= 0 (2.). When the contacts
 *    lie on opposite sides of the far level (a depressed, b raised: heavy hydrophobic next to light
 *    hydrophilic) the inner meniscus crosses z = 0 with inclination psi0 != 0 and
 *    F = -sigma (1 - cos psi0) < 0: they repel. With both from the inner contacts,
 *        F / sigma = h_i^2 / (2 l_c^2) - 2 sin^2(alpha_i/2)    (either body's h_i, alpha_i).
 *    Unknowns (alpha_o, alpha_i) of each body; equations: the two vertical balances and the inner
 *    meniscus z' = tan psi, psi' = z / (l_c^2 cos psi), integrated (GSL rk8pd) from both inner
 *    contacts to the middle of the gap, where height and slope must agree; GSL's hybrid root finder
 *    from the isolated bodies, falling back on continuation in sep from a gap of 12 l_c. The first
 *    integral is not imposed, so the force from a's contact and from b's agree only to the
 *    shooting's accuracy; the reported force is their mean, their half-difference is in its err.
 *    Validity: exact statics, |psi| < 1.4 rad on the inner meniscus (no overhang), a gap of at most
 *    16 l_c between the inner contacts (the shooting amplifies errors by exp(gap/2 l_c)).
 *    err: as in 2. (working and 100x tighter solve), plus the half-difference of the two forces.
 *
 * Citations: [vella2005cheerios], [chan1981interaction], [degennes2004].
 */
#ifndef CAP_CHEERIOS_H
#define CAP_CHEERIOS_H

#include "cap_result.h"

/* ---- 3D: small spheres (dimensionless) ------------------------------------------------------ */

/* Sigma = (2D-1)/3 - cos(theta)/2 + cos^3(theta)/6; D >= 0, 0 <= theta <= pi. */
int cap_cheerios_sigma(double density_ratio, double theta, cap_result *sigma_factor);

/* E/(sigma l_c^2) = -2 pi Bo^3 Sigma^2 K0(L); 0 < Bo <= 1, D >= 0, 0 <= theta <= pi,
 * 2 sqrt(Bo) < L <= 700 (no overlap; K0 underflows beyond). */
int cap_cheerios_3d_energy(double bond, double density_ratio, double theta, double sep, cap_result *energy);

/* F/(sigma l_c) = -dE/dL = -2 pi Bo^3 Sigma^2 K1(L) (negative: attraction); same ranges. */
int cap_cheerios_3d_force(double bond, double density_ratio, double theta, double sep, cap_result *force);

/* SI: sigma (N/m), rho, rho_s (kg/m^3), g (m/s^2), radius (m), theta (rad), sep (m, centre
 * distance). Outputs E (J) and F = -dE/dl (N); either pointer may be NULL. */
int cap_cheerios_3d_si(double sigma, double rho, double rho_s, double g, double radius, double theta,
                       double sep, cap_result *energy, cap_result *force);

/* ---- 2D: horizontal cylinders (dimensionless, lengths in l_c, forces in sigma) --------------- */

typedef struct {
  cap_result phi;   /* contact position from the downward vertical, rad */
  cap_result alpha; /* meniscus inclination at the contact, rad (> 0 rising away from the body) */
  cap_result h;     /* contact height above the far bath, h = -2 sin(alpha/2) */
  cap_result zc;    /* centre height, zc = h + sqrt(Bo) cos(phi) */
} cap_cheerios_float2d;

typedef struct {
  cap_result phi_o, phi_i;     /* outer / inner contact positions, rad */
  cap_result alpha_o, alpha_i; /* inclinations at the contacts, rad */
  cap_result h_o, h_i;         /* contact heights */
  cap_result zc;               /* centre height */
  cap_result zm;               /* meniscus height at the midpoint */
  cap_result zw;               /* in a box (cap_cheerios_2d_pair_box): the surface at the far walls; 0 in the open bath */
  cap_result force;            /* horizontal attraction per unit length / sigma = (zm^2 - zw^2)/2 */
} cap_cheerios_pair2d;

typedef struct {
  cap_result h_inf; /* isolated contact height */
  cap_result x_c;   /* isolated contact abscissa from the centre, sqrt(Bo) sin(phi_inf) */
  cap_result d;     /* L/2 - x_c */
  cap_result zm;    /* fixed-slope law: h_inf / sinh(d) */
  cap_result force; /* fixed-slope law: zm^2 / 2 */
  cap_result force_far; /* fixed-charge / far-field law: 2 h_inf^2 exp(-2 d) */
  cap_result amp;       /* far-field amplitude A of the isolated nonlinear meniscus (z ~ A e^-u) */
  cap_result force_asym; /* exact large-l asymptote 2 A^2 exp(-2 d) */
} cap_cheerios_linear2d;

/* Isolated floating cylinder. 0 < Bo <= 1e4, 0 <= D <= 1e6, 0 < theta < pi. CAP_ENOSOL if it sinks. */
int cap_cheerios_2d_isolated(double bond, double density_ratio, double theta, cap_cheerios_float2d *out);

/* Pair of cylinders at centre distance L: ranges as above and 2 sqrt(Bo) < L <= 500.
 * CAP_ENOSOL if a single cylinder sinks; CAP_ENUMERIC / CAP_EMAXITER if the root finder fails. */
int cap_cheerios_2d_pair(double bond, double density_ratio, double theta, double sep, cap_cheerios_pair2d *out);

/* The same pair in a box: walls at 90 degrees `wall` (l_c) beyond each centre on the far sides (mirror
 * planes, as the walls of a computation's box). Exact: the outer meniscus is then an inner one whose
 * midplane is the wall, its first integral sigma cos(psi) + rho g z^2/2 = sigma + rho g z_w^2/2 with
 * z_w its height at the wall (solved for with the rest: four equations), and the attraction, the
 * difference of the two first integrals, is rho g (z_m^2 - z_w^2)/2. As wall -> infinity, the open
 * bath's pair; a body midway between its twin's midplane and the wall (wall = sep/2) feels no force.
 * sqrt(bond) < wall <= 500, the rest as cap_cheerios_2d_pair; CAP_ENOSOL if the outer meniscus cannot
 * level off at the wall (the outer contact beyond it). */
int cap_cheerios_2d_pair_box(double bond, double density_ratio, double theta, double sep, double wall,
                             cap_cheerios_pair2d *out);

/* ---- 2D: two different horizontal cylinders (4.) -------------------------------------------- */

typedef struct {
  double bond;          /* R^2 / l_c^2, 0 < bond <= 1e4 */
  double density_ratio; /* 0 <= D <= 1e6 */
  double theta;         /* contact angle, rad, 0 < theta < pi */
} cap_cheerios_body2d;

typedef struct {
  cap_result phi_o, phi_i;     /* outer / inner contact positions from the downward vertical, rad */
  cap_result alpha_o, alpha_i; /* inclinations at the contacts, rad (> 0 rising away from the body) */
  cap_result h_o, h_i;         /* contact heights above the far level */
  cap_result zc;               /* centre height */
} cap_cheerios_side2d;

typedef struct {
  cap_cheerios_side2d a, b; /* the left body a (centre at x = 0) and the right body b (x = sep) */
  cap_result force;         /* F = C/sigma - 1: the horizontal force on a towards b, and on b towards
                             * a, per unit length / sigma (> 0 attraction, < 0 repulsion) */
} cap_cheerios_unlike2d;

/* Bodies a and b (ranges above; the message names bond_a, theta_b, ...) at centre distance sep:
 * sqrt(bond_a) + sqrt(bond_b) < sep <= that + 16. CAP_ENOSOL if one of them sinks or its contact
 * lines would pass its top or bottom; CAP_ENUMERIC / CAP_EMAXITER if the root finder fails. */
int cap_cheerios_2d_unlike(const cap_cheerios_body2d *a, const cap_cheerios_body2d *b, double sep,
                           cap_cheerios_unlike2d *out);

/* The far-field amplitude A of the exact 2D meniscus that leaves a body at height h above the far
 * level (l_c units, |h| < 2) and decays away from it: z ~ A e^(-u) at distance u (l_c) from the
 * contact, A = sign(h) 4 exp(sqrt(4 - h^2) - 2 - acosh(2 / |h|)) (the first integral 1 - cos(psi) =
 * z^2 / 2 integrated along the surface; A -> h for small h; 0 for h = 0). Errors: CAP_EINVAL (NULL
 * out), CAP_EDOM (|h| >= 2 or not finite). */
int cap_cheerios_2d_far_amplitude(double h, cap_result *out);

/* The pair of cap_cheerios_2d_pair in a bath closed by walls at 90 degrees a distance `reach` (l_c)
 * beyond each body's outer contact (mirror planes, as the walls of a computation's box): to first
 * order in the outer meniscus there, the wall's image raises the surface at the wall to z_w = 2 A
 * e^(-reach) (A the far-field amplitude of the outer meniscus, from h_o), and the first integral of
 * the outer meniscus, sigma cos(psi) + rho g z^2 / 2, is sigma + rho g z_w^2 / 2 at the wall instead of
 * sigma: the attraction is (z_m^2 - z_w^2) / 2 (sigma units, l_c = 1). The heights and z_m change at
 * second order in z_w (the outer contact's inclination by z_w^2 / 2 in cos(psi)): the force's error
 * estimate is z_m's error times |z_m| plus |z_m| z_w^2 for that order. *z_wall and *force (either may
 * be NULL). Errors: CAP_EINVAL (NULL pair), CAP_EDOM (reach not > 0, or |h_o| >= 2). */
int cap_cheerios_2d_pair_walled(const cap_cheerios_pair2d *pair, double reach, cap_result *z_wall, cap_result *force);

/* Linearised laws, same ranges as cap_cheerios_2d_pair. */
int cap_cheerios_2d_linear(double bond, double density_ratio, double theta, double sep,
                           cap_cheerios_linear2d *out);

/* SI version of cap_cheerios_2d_pair: sigma (N/m), rho, rho_s (kg/m^3), g (m/s^2), radius (m),
 * theta (rad), sep (m). Lengths in out are in m, angles in rad, force in N/m. */
int cap_cheerios_2d_pair_si(double sigma, double rho, double rho_s, double g, double radius, double theta,
                            double sep, cap_cheerios_pair2d *out);

#endif
