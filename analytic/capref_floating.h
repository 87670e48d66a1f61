/* capref_floating: a long horizontal circular cylinder floating on a liquid bath, per unit length (2D):
 * the load it supports, the maximum density ratio before it sinks, its equilibrium position, and the
 * load on a cylinder held at a given height. Derivation, method and checks:
 * docs/design/analytic-floating.md.
 *
 * Conventions: Bo = R^2 / l_c^2 (R the radius, l_c = sqrt(sigma / (rho g))); 0 < theta < pi the contact
 * angle through the liquid; D = rho_s / rho. Heights upwards from the far-field level z = 0; lengths
 * in units of R unless a name says SI. Contact points at angle phi (0 <= phi <= pi) from the downward
 * vertical, (+-R sin phi, z_c - R cos phi); the meniscus leaves them at inclination
 *     alpha = phi + theta - pi      (> 0: rising away from the body, a depressed meniscus),
 * with contact height h = -2 l_c sin(alpha / 2) (single-wall meniscus) and z_c = h + R cos phi.
 *
 * Vertical balance, over rho g R^2 (weight = tension 2 sigma sin(alpha) + pressure on the wetted arc):
 *     pi D(phi) = (2 / Bo) sin(alpha) - 2 (h / R) sin(phi) + phi - sin(phi) cos(phi).
 * Derived here; the formulation of Vella, Lee & Kim (2006), Langmuir 22, 5979 [vella2006load] for the
 * horizontal cylinder; the vertical tension equals rho g times the area displaced by the menisci
 * (Keller 1998, Phys. Fluids 10, 3009 [keller1998]).
 * Maximum load D_max = max over phi of D(phi): interior for theta >= pi/2; the end point phi = pi,
 * D_max = 1 + 2 sin(theta) / (pi Bo), when cos theta >= 2 sqrt(Bo) sin(theta/2).
 * Equilibrium for 0 < D <= D_max: the first root of D(phi) = D from phi = 0, where dD/dphi > 0, the
 * stable one of the at most two (Chen & Siegel 2017, arXiv:1708.09339 [chen2017floating]).
 *
 * Validity: 2D, rigid, smooth, no contact-angle hysteresis, static, infinite bath. Not checked: that
 * the menisci stay clear of each other and of the body when alpha > pi/2 (overhanging menisci).
 * Errors: D(phi) is a closed form (a few ulps of its absolute terms); solved values carry
 * |working - tight solve| + the working tolerance (propagated to derived lengths) + ulps.
 * Status codes: CAP_EDOM (an input out of range, NaN or infinite; the message names it), CAP_ENOSOL
 * (D > D_max; no contact points), CAP_ENUMERIC / CAP_EMAXITER (a GSL minimiser or root find failed;
 * not expected for valid inputs), CAP_ENOMEM (GSL allocation failed).
 */
#ifndef CAPREF_FLOATING_H
#define CAPREF_FLOATING_H

#include "capref_result.h"

/* The density ratio D that the cylinder supports with its contact points at phi (rad, 0 <= phi <= pi).
 * bo > 0, 0 < theta < pi. Closed form; CAP_EDOM. */
int capref_floating_load(double bo, double theta, double phi, capref_result *d);

/* dD/dphi at phi (1/rad), same inputs; > 0 on the stable branch. Closed form; CAP_EDOM. */
int capref_floating_load_slope(double bo, double theta, double phi, capref_result *slope);

/* The maximum density ratio D_max(Bo, theta) and the contact position phi_max (rad) where it occurs.
 * Either output may be NULL. CAP_EDOM, CAP_ENUMERIC / CAP_EMAXITER, CAP_ENOMEM. */
int capref_floating_max(double bo, double theta, capref_result *dmax, capref_result *phi_max);

/* An equilibrium. Lengths are in units of R (capref_floating_equilibrium) or in m
 * (capref_floating_equilibrium_si); heights are measured upwards from the far-field level. */
typedef struct {
  capref_result phi;           /* contact position from the downward vertical, rad */
  capref_result alpha;         /* meniscus inclination at the contact line, rad (> 0: depressed) */
  capref_result h;             /* contact-line height (negative: below the far-field level) */
  capref_result zc;            /* centre height */
  capref_result depth;         /* depth of the lowest point below the far-field level, R - z_c */
  capref_result tension_share; /* share of the weight carried by surface tension, (2/Bo) sin(alpha) / (pi D) */
  capref_result slope;         /* dD/dphi at the equilibrium (> 0: stable branch), 1/rad */
} capref_floating_eq;

/* Equilibrium for density ratio d > 0 on the stable branch; CAP_ENOSOL if d > D_max (the cylinder
 * sinks); CAP_EDOM, CAP_ENUMERIC / CAP_EMAXITER, CAP_ENOMEM. *eq may be NULL. */
int capref_floating_equilibrium(double bo, double theta, double d, capref_floating_eq *eq);

/* The centre height zc (units of R, above the far-field level) at which the contact points sit at phi
 * (rad, 0 <= phi <= pi): zc = -2 sin(alpha/2) / sqrt(Bo) + cos(phi), alpha = phi + theta - pi. Closed
 * form; decreasing in phi (see capref_floating_held). CAP_EDOM. */
int capref_floating_centre_height(double bo, double theta, double phi, capref_result *zc);
/* A cylinder held with its centre at height zc (units of R, above the far-field level, finite), free
 * to be wetted: the contact position phi solves zc = h(alpha) + cos(phi) (unique: zc decreases
 * strictly with phi), and the liquid carries the load *d = D(phi) (in units of rho g pi R^2: the
 * density ratio it would float; negative when the liquid pulls the cylinder down). *d and *eq may be
 * NULL; *eq gets the state (zc as given, depth 1 - zc, tension_share 0 unless D > 0). CAP_ENOSOL for zc
 * outside [zc(pi), zc(0)] (no contact points on the cylinder); CAP_EDOM, CAP_ENUMERIC / CAP_EMAXITER. */
int capref_floating_held(double bo, double theta, double zc, capref_result *d, capref_floating_eq *eq);
/* The same from SI inputs: the liquid f (f->rho density in kg/m^3, f->sigma in N/m, f->g in m/s^2),
 * radius R (m), solid density rho_s (kg/m^3), theta (rad), all > 0 (0 < theta < pi). Lengths of *eq
 * in m. Errors as capref_floating_equilibrium; CAP_EINVAL for a NULL f. */
int capref_floating_equilibrium_si(const capref_fluid *f, double radius, double rho_s, double theta,
                                   capref_floating_eq *eq);

#endif
