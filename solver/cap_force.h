/* cap_force: the force and torque the liquid exerts on a solid inside the domain.
 *
 * EQUATION. For a solid touched by the liquid (phi < 0) and by the void (zero pressure), per unit
 * length (2D):
 *     F = - int_wetted p n_s ds  +  sum over contact points  sigma t,
 * n_s the solid's outward normal (cap_solid.h), p the liquid pressure on the wetted part of the solid
 * surface, t the unit tangent of the liquid-air interface at a contact point, pointing away from the
 * solid. This is the force of the capillary-floating literature, e.g. Vella, Lee & Kim (2006, Langmuir
 * 22, 5979) for a floating cylinder: hydrostatic pressure on the wetted arc plus the two line forces.
 * The torque about a point c is the same sum of (x - c) x dF. Gravity and inertia of the solid are the
 * caller's (cap_body). Units: N/m, torque N.
 *
 * DISCRETISATION (second order for smooth fields):
 *   - surface: marching squares on the lattice of cell corners with the exact psi (cap_solid_eval),
 *     each edge crossing by regula falsi to 1e-12 h, a saddle resolved by psi at the square's centre:
 *     a polygon of chords of length O(h);
 *   - wetted: phi (bilinear from the cell centres, the solid cells holding the virtual surface) < 0 at
 *     a chord's ends; a chord whose ends differ is cut at the linear root of phi, a contact point;
 *   - pressure: -p n L at each wetted chord's midpoint, p(x) = 2 P(x + a n_s) - P(x + 2 a n_s), a =
 *     1.5 h, P the bilinear interpolant of the liquid cells' pressure extended into the solid and the
 *     air by CAP_FORCE_LAYERS layers of neighbour averages (exact for a pressure linear in space);
 *   - tangent: from the surface's heights: the surface as a graph over the axis closer to a first
 *     tangent, its heights on 4 lines of cells from 1.5 cells beyond the contact point on (each the
 *     root of the cubic through phi at the four cells round its crossing), the slope at the contact
 *     point of the cubic through them (oriented so that t . n_s > 0). The first tangent, and t itself
 *     where the heights are not to be had (a line outside the box, a crossing touching a solid cell or
 *     none within 3 cells, a surface turning by more than 0.1 rad across the lines, or a turn of more
 *     than 0.2 rad from the first; counted in probe_tangents): perpendicular to grad phi extrapolated
 *     linearly along n_s from probes 2 h and 4 h out.
 *
 * INPUTS. phi with its ghosts filled and the solid cells holding the continuation (cap_ns_step does
 * both; otherwise cap_levelset_fill_ghosts and cap_vsurf_fill); p the pressure of the liquid cells
 * (cap_ns_state.p; other cells ignored); the solid's cells from its virtual surface v.
 * VALIDITY. PLANAR only. The solid lies at least 4 cells inside the box, except across a low x side
 * that is a symmetry plane (CAP_BC_SLIP, whose contact angle the caller leaves at 90 degrees or unset): a body symmetric about it
 * may cross it, and the force is that of the half inside (the caller doubles the y component; the x
 * component and the torque of the whole body vanish). The workspace holds every array; no allocation
 * per call. Rationale and measurements: docs/design/force.md.
 */
#ifndef CAP_FORCE_H
#define CAP_FORCE_H

#include "cap_grid.h"
#include "cap_solid.h"
#include "cap_vsurf.h"

#define CAP_FORCE_LAYERS       6  /* layers of the pressure extension */
#define CAP_FORCE_MAX_CONTACTS 16 /* contact points stored (more are counted and summed) */

typedef struct {
  double x, y;   /* the contact point, m */
  double tx, ty; /* the interface's unit tangent there, away from the solid */
} cap_force_contact;

typedef struct {
  double fx, fy;      /* total force per unit length, N/m */
  double fpx, fpy;    /* pressure part */
  double ftx, fty;    /* capillary part, sigma times the sum of the tangents */
  double torque;      /* about the given centre, counter-clockwise positive, N */
  double wetted;      /* wetted length of the (polygonal) surface, m */
  double perimeter;   /* the polygon's length, m */
  int ncontact;       /* contact points found */
  int probe_tangents; /* of them, those whose tangent is the probes' (no height-function tangent) */
  cap_force_contact contact[CAP_FORCE_MAX_CONTACTS]; /* the first CAP_FORCE_MAX_CONTACTS, in lattice order */
} cap_force;

typedef struct cap_force_ws cap_force_ws;

/* The workspace for grid g (copied); *out NULL on failure. CAP_EINVAL (NULL), CAP_EGEOM (not planar),
 * CAP_ENOMEM. */
int cap_force_ws_alloc(cap_force_ws **out, const cap_grid *g);
void cap_force_ws_free(cap_force_ws *w);

/* The force on solid s (the one v was made from) and its torque about (cx, cy). sigma >= 0.
 * CAP_EINVAL for NULL arguments, CAP_ESIZE for a workspace or v of another grid, CAP_EGEOM for a
 * non-planar grid, CAP_EDOM for a solid closer than 4 cells to the box or a probe that finds no
 * pressure (the message names the point), CAP_ENONFINITE for a non-finite phi or p on the way. */
int cap_force_on_solid(cap_force_ws *w, const cap_grid *g, const cap_solid *s, const cap_vsurf *v, const double *phi,
                       const double *p, double sigma, double cx, double cy, cap_force *out);

/* The force on part `part` of s (cap_solid.h, PARTS: one body of several in one domain, v made from
 * the whole s) and its torque about (cx, cy): the surface traced is that part's own (its primitive's
 * psi), the pressure extended over v's cells. The other parts must keep clear of the probes (about
 * 3 cells from its surface) and of the pressure's layers (CAP_FORCE_LAYERS cells), as the box does.
 * part = CAP_SOLID_WHOLE is cap_force_on_solid; another part out of range is CAP_EDOM. */
int cap_force_on_part(cap_force_ws *w, const cap_grid *g, const cap_solid *s, int part, const cap_vsurf *v,
                      const double *phi, const double *p, double sigma, double cx, double cy, cap_force *out);

#endif
