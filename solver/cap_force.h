/* cap_force: the force and torque the liquid exerts on a solid inside the domain.
 *
 * For a solid touched by the liquid (phi < 0) and by the void (zero pressure), per unit length (2D):
 *
 *     F = - int_wetted p n_s ds  +  sum over contact points  sigma t,
 *
 * n_s the solid's outward normal (cap_solid.h), p the liquid pressure on the wetted part of the solid
 * surface, t the unit tangent of the liquid-air interface at a contact point, pointing away from the
 * solid (the interface pulls the solid along itself). This is the force of the capillary-floating
 * literature, e.g. Vella, Lee & Kim (2006, Langmuir 22, 5979) for a floating cylinder: hydrostatic
 * pressure on the wetted arc plus the two line forces. The torque about a point c is the same sum of
 * (x - c) x dF. Gravity and inertia of the solid are the caller's (cap_body).
 *
 * DISCRETISATION (second order for smooth fields; tests/test_force.c measures it):
 *   - the solid surface psi = 0 is traced by marching squares on the lattice of cell corners, psi
 *     evaluated exactly (cap_solid_eval), each crossing of a lattice edge found by regula falsi on the
 *     exact psi to 1e-12 h; a square cut twice (a saddle) is resolved by psi at its centre. The
 *     surface becomes a polygon of chords of length O(h).
 *   - wetted: phi (interpolated bilinearly from the cell centres, the solid cells holding the virtual
 *     surface, cap_vsurf_fill) < 0 at a chord's ends; a chord whose ends differ is cut at the linear
 *     root of phi along it, which is a contact point.
 *   - pressure: each wetted (part of a) chord contributes -p n L at its midpoint, p extrapolated
 *     linearly along n_s from two probes in the fluid, p(x) = 2 P(x + a n_s) - P(x + 2 a n_s),
 *     a = 1.5 h (the bilinear stencil of the nearer probe holds no solid cell next to a flat surface),
 *     P the bilinear interpolant of the pressure of the liquid cells, extended into the solid and the
 *     air by CAP_FORCE_LAYERS layers of neighbour averages (the probes of the cells next to the contact
 *     line reach the air band). Exact for a pressure linear in space (hydrostatics).
 *   - tangent: from the surface's heights. The surface is taken as a graph over the axis closer to
 *     a first tangent (below); its heights on the 4 lines of cells (columns or rows) from 1.5 cells
 *     beyond the contact point on, away from the solid, each the root of the cubic through phi at
 *     the four cells round its crossing, give the cubic whose slope at the contact point is t's
 *     (oriented so that t . n_s > 0). A line force's horizontal part on a body that floats low,
 *     sigma cos(psi) with psi the meniscus' inclination, moves by sigma sin(psi) d(psi): at psi = 9
 *     degrees a tangent 0.03 degrees off moves it by 1 % of the Cheerios attraction at l = 2 l_c
 *     (experiments/cheerios.c, R = 4 cells: the probes' tangents were 0.033 and 0.024 degrees off the
 *     inclinations the liquid's own statics give at its contact points, and the attraction 1.5 %
 *     below the liquid's momentum balance; from the heights 0.4 %).
 *     The first tangent, and t itself where the heights are not to be had (a line of the four
 *     outside the box, a crossing that touches a solid cell or none within 3 cells of where the
 *     first tangent puts it, a surface that turns by more than 0.1 rad across the four lines (a
 *     radius of curvature under 30 cells: extrapolated from there the heights did worse than the
 *     probes, cap_force.c), or a turn of more than 0.2 rad from the first; counted in probe_tangents):
 *     perpendicular to grad phi extrapolated linearly along n_s from probes 2 h and 4 h out (central
 *     differences at the four centres round a probe, interpolated bilinearly), so that it is the
 *     liquid surface's own direction: on a curved solid the virtual surface inside is not the
 *     straight continuation of the liquid surface, and a gradient taken across the solid's surface
 *     tilted the tangent of a flat surface by 0.045 rad at R = 9 cells (0.021 at 18: first order).
 *     Measured on an arc of radius 7.2 R across a disc of radius R (tests/test_force.c): the heights'
 *     tangent is off by 3.8e-4, 4.1e-5, 4.3e-6 rad at R = 6.4, 12.8, 25.6 cells (order 3.2), the
 *     probes' by 7.0e-4, 2.1e-4, 5.5e-5 (order 1.8).
 * The solid must lie at least 4 cells inside the box (the probes and the layers stay in the interior),
 * except across a low x side that is a symmetry plane (CAP_BC_SLIP at 90 degrees or without an angle):
 * a body symmetric about it may cross it, and the force is that of the half inside the box (the
 * caller doubles the y component; the x component and the torque of the whole body vanish).
 *
 * INPUTS: phi with its ghosts filled and the solid cells holding the continuation (cap_ns_step does
 * both at every step; call cap_levelset_fill_ghosts and cap_vsurf_fill on a phi of your own); p the
 * pressure of the liquid cells (cap_ns_state.p; other cells are ignored); the cells of the solid from
 * its virtual surface v (made from the same solid on the same grid).
 *
 * PLANAR only (CAP_EGEOM otherwise). The workspace holds the corner values and the extended pressure:
 * no allocation per call.
 */
#ifndef CAP_FORCE_H
#define CAP_FORCE_H

#include "cap_grid.h"
#include "cap_solid.h"
#include "cap_vsurf.h"

#define CAP_FORCE_LAYERS 6       /* layers of the pressure extension */
#define CAP_FORCE_MAX_CONTACTS 16 /* contact points stored (more are counted and summed) */

typedef struct {
  double x, y;   /* the contact point, m */
  double tx, ty; /* the interface's unit tangent there, away from the solid */
} cap_contact;

typedef struct {
  double fx, fy;        /* total force per unit length, N/m */
  double fpx, fpy;      /* pressure part */
  double ftx, fty;      /* capillary part, sigma times the sum of the tangents */
  double torque;        /* about the given centre, counter-clockwise positive, N */
  double wetted;        /* wetted length of the (polygonal) surface, m */
  double perimeter;     /* the polygon's length, m */
  int ncontact;         /* contact points found */
  int probe_tangents;   /* of them, those whose tangent is the probes' (no height-function tangent) */
  cap_contact contact[CAP_FORCE_MAX_CONTACTS]; /* the first CAP_FORCE_MAX_CONTACTS, in lattice order */
} cap_force;

typedef struct cap_force_ws cap_force_ws;

int cap_force_ws_alloc(cap_force_ws **out, const cap_grid *g);
void cap_force_ws_free(cap_force_ws *w);

/* The force on solid s (the one v was made from) and its torque about (cx, cy). sigma >= 0.
 * CAP_EINVAL for NULL arguments, CAP_ESIZE for a workspace or v of another grid, CAP_EGEOM for a
 * non-planar grid, CAP_EDOM for a solid closer than 4 cells to the box or a probe that finds no
 * pressure (the message names the point), CAP_ENONFINITE for a non-finite phi or p on the way. */
int cap_force_on_solid(cap_force_ws *w, const cap_grid *g, const cap_solid *s, const cap_vsurf *v,
                       const double *phi, const double *p, double sigma, double cx, double cy, cap_force *out);

/* The force on part `part` of s (cap_solid.h, PARTS: one body of several in one domain, v made from
 * the whole s) and its torque about (cx, cy): the surface traced is that part's own (its primitive's
 * psi), the pressure extended over v's cells. The other parts must keep clear of the probes (about
 * 3 cells from its surface) and of the pressure's layers (CAP_FORCE_LAYERS cells), as the box does.
 * part = CAP_SOLID_WHOLE is cap_force_on_solid; another part out of range is CAP_EDOM. */
int cap_force_on_part(cap_force_ws *w, const cap_grid *g, const cap_solid *s, int part, const cap_vsurf *v,
                      const double *phi, const double *p, double sigma, double cx, double cy, cap_force *out);

#endif
