/* A long horizontal circular cylinder floating on a liquid bath, per unit length (2D): the load it
 * supports, the maximum density ratio before it sinks, and its equilibrium position.
 *
 * Inputs: Bond number Bo = R^2 / l_c^2 (R the cylinder radius, l_c = sqrt(sigma / (rho g))), contact
 * angle theta in (0, pi) (through the liquid), density ratio D = rho_s / rho (solid over liquid).
 *
 * Geometry: centre at height z_c above the far-field level z = 0; the contact points are at angle phi
 * from the downward vertical, (+-R sin phi, z_c - R cos phi); 0 <= phi <= pi (phi = pi: the contact
 * points meet at the top). The interface leaves the contact point at inclination
 *     alpha = phi + theta - pi      (alpha > 0: rising away from the body, a depressed meniscus),
 * and, being a single-wall meniscus that decays to z = 0 (first integral z^2 = 2 l_c^2 (1 - cos psi)),
 * its contact height is h = -2 l_c sin(alpha / 2), so z_c = h + R cos phi.
 *
 * Vertical force balance, divided by rho g R^2: weight pi D = two tension forces (2 sigma sin alpha)
 * + hydrostatic pressure -rho g z integrated over the wetted arc (the arc below the contact points);
 * the latter equals rho g times the area between the wetted arc and the level z = 0:
 *     pi D(phi) = (2 / Bo) sin(alpha) - 2 (h / R) sin(phi) + phi - sin(phi) cos(phi)
 *               = (2 / Bo) sin(alpha) + (4 / sqrt(Bo)) sin(alpha / 2) sin(phi) + phi - sin(phi) cos(phi).
 * (Derived here; the tests check it against a direct quadrature of the pressure over the wetted arc
 * and the contact height against an ODE integration of the meniscus.) This is the formulation of
 * Vella, Lee & Kim (2006), Langmuir 22, 5979, "The load supported by small floating objects"
 * [vella2006load], for the horizontal cylinder; the paper's full text was not accessible to this
 * module's author, so its equation numbers are not quoted. The vertical tension 2 sigma sin(alpha)
 * equals rho g times the area of liquid displaced by the two menisci (Keller 1998, Phys. Fluids 10,
 * 3009 [keller1998]).
 *
 * Maximum load: D_max(Bo, theta) = max over 0 <= phi <= pi of D(phi) (grid bracket, GSL Brent
 * minimiser, then a Brent root of dD/dphi to polish phi_max). For theta >= pi/2 the maximum is interior;
 * for small enough theta (cos theta >= 2 sqrt(Bo) sin(theta/2), i.e. dD/dphi >= 0 at phi = pi) it is
 * the end point phi = pi (D_max = 1 + 2 sin(theta) / (pi Bo), the cylinder is about to be engulfed).
 * Small-Bond limit: D_max Bo -> 2/pi for theta >= pi/2 (tension-dominated, alpha -> pi/2).
 *
 * Equilibrium for a given D (0 < D <= D_max): the root of D(phi) = D on the stable branch, the first
 * crossing from phi = 0, where dD/dphi > 0 (D(0) = -(2 / (pi Bo)) sin(theta) < 0). Of the at most two
 * equilibria, the one with the smaller phi is the stable one (Chen & Siegel 2017, "A floating
 * cylinder on an unbounded bath", arXiv:1708.09339, abstract [chen2017floating]). D > D_max: no
 * equilibrium, the cylinder sinks (CAP_ENOSOL).
 *
 * Validity: 2D (a cylinder long compared with l_c and R), rigid, smooth, no contact-angle hysteresis
 * (the contact line slides freely at angle theta), static, infinite bath. Not checked: that the two
 * menisci stay clear of each other and of the body when alpha > pi/2 (overhanging menisci, large
 * theta and Bo); the model assumes they do.
 *
 * Errors: D(phi) is a closed form (a few ulps of the sum of the absolute terms); D_max, phi_max and the
 * equilibrium are computed with a working tolerance and a tighter one, err = |difference| + working
 * tolerance (propagated to derived lengths) + ulps.
 *
 * Status codes: CAP_EDOM (an input out of range, NaN or infinite; the message names it), CAP_ENOSOL
 * (D > D_max), CAP_ENUMERIC / CAP_EMAXITER (a GSL minimiser or root find failed; not expected for
 * valid inputs), CAP_ENOMEM (GSL allocation failed).
 */
#ifndef CAP_FLOATING_H
#define CAP_FLOATING_H

#include "cap_result.h"

/* The density ratio D that the cylinder supports with its contact points at phi (rad, 0 <= phi <= pi).
 * bo > 0, 0 < theta < pi. Closed form. */
int cap_floating_load(double bo, double theta, double phi, cap_result *d);

/* dD/dphi at phi (1/rad), closed form; > 0 on the stable branch. */
int cap_floating_load_slope(double bo, double theta, double phi, cap_result *slope);

/* The maximum density ratio D_max(Bo, theta) and the contact position phi_max (rad) where it occurs.
 * Either output may be NULL. */
int cap_floating_max(double bo, double theta, cap_result *dmax, cap_result *phi_max);

/* An equilibrium. Lengths are in units of R (cap_floating_equilibrium) or in m
 * (cap_floating_equilibrium_si); heights are measured upwards from the far-field level. */
typedef struct {
  cap_result phi;           /* contact position from the downward vertical, rad */
  cap_result alpha;         /* meniscus inclination at the contact line, rad (> 0: depressed) */
  cap_result h;             /* contact-line height (negative: below the far-field level) */
  cap_result zc;            /* centre height */
  cap_result depth;         /* depth of the lowest point below the far-field level, R - z_c */
  cap_result tension_share; /* share of the weight carried by surface tension, (2/Bo) sin(alpha) / (pi D) */
  cap_result slope;         /* dD/dphi at the equilibrium (> 0: stable branch), 1/rad */
} cap_floating_eq;

/* Equilibrium for density ratio d > 0 on the stable branch; CAP_ENOSOL if d > D_max (the cylinder
 * sinks). *eq may be NULL. */
int cap_floating_equilibrium(double bo, double theta, double d, cap_floating_eq *eq);

/* The centre height zc (units of R, above the far-field level) at which the contact points sit at phi
 * (rad, 0 <= phi <= pi): zc = -2 sin(alpha/2) / sqrt(Bo) + cos(phi), alpha = phi + theta - pi. Closed
 * form; decreasing in phi (see cap_floating_held). */
int cap_floating_centre_height(double bo, double theta, double phi, cap_result *zc);
/* A cylinder held with its centre at height zc (units of R, above the far-field level), free to be
 * wetted: the contact position phi solves zc = h(alpha) + cos(phi) (h = -2 sin(alpha/2) / sqrt(Bo), R
 * units), unique because zc decreases strictly with phi (dzc/dphi = -cos(alpha/2) / sqrt(Bo) -
 * sin(phi) < 0), and the liquid carries the load *d = D(phi) (in units of rho g pi R^2: the density
 * ratio it would float; negative when the liquid pulls the cylinder down). *eq (may be NULL) gets the
 * state (zc as given, depth 1 - zc, tension_share 0 unless D > 0). CAP_ENOSOL for zc outside
 * [zc(pi), zc(0)] (no contact points on the cylinder). */
int cap_floating_held(double bo, double theta, double zc, cap_result *d, cap_floating_eq *eq);
/* The same from SI inputs: radius R (m), solid density rho_s and liquid density rho (kg/m^3), surface
 * tension sigma (N/m), gravity g (m/s^2), theta (rad). Lengths of *eq in m. */
int cap_floating_equilibrium_si(double radius, double rho_s, double rho, double sigma, double g, double theta,
                                cap_floating_eq *eq);

#endif
