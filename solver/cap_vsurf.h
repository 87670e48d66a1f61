/* cap_vsurf: the liquid's level set continued into solids inside the domain, at a contact angle.
 *
 * OWNS. The solid cells of a cap_solid on a grid (a cell is solid when psi < 0 at its centre: a
 * staircase; a face is solid when it touches a solid cell), their masks, parts, depths and normals,
 * the contact points of the last fill, and the continuation of phi into them at the contact angles
 * the contact module holds (cap_contact.h: whole solid, per part, per cell): the virtual surface of
 * Wang, Mucha & Turk (2005, "Water drops on surfaces", ACM Trans. Graph. 24(3), 921-929, Sec. 5). Before anything
 * differentiates phi across a solid surface (curvature, WENO stencils, reinitialisation), the solid
 * cells get the values of a surface that leaves the solid at the prescribed angle, so that the
 * curvature at the contact line, and with it the Laplace pressure, carries Young's relation.
 *
 * CONVENTION. theta is measured through the liquid (phi < 0 in the liquid), 0 < theta < pi, radians;
 * the solid's psi < 0 inside it, n_s = grad psi / |grad psi| out of the solid (cap_solid.h). The
 * continuation satisfies grad(phi) . n_s = cos(theta). The flow (cap_ns) closes the solid faces,
 * takes no pressure unknown in a solid cell, and treats the solid cells' phi as continuation only: the
 * liquid is phi < 0 outside the solid cells.
 *
 * RULE. A solid cell at centre x and depth d = -psi(x) gets
 *     phi(x) = phi(x + s n_s) - s S + (phi_nn / 2) (d^2 - (s - d)^2),   s = max(2 d, d + h/2),
 * the probe x + s n_s interpolated by bicubics (cap_interp_cubic), phi_nn phi's second normal
 * derivative at the foot x + d n_s, S the slope: cos(theta) away from a contact point, following phi's
 * own slope near one (cap_vsurf_fill). The Taylor continuation along the normal to second order: exact
 * for a phi linear in space on a flat solid at any orientation, and on a wall of the grid exactly the
 * box's ghost fill (cap_levelset.h) away from contact lines.
 *
 * ANGLES (cap_contact_set_solid, _set_part_angles, _cell_angles): one for the whole solid, one per
 * part (cap_solid.h, PARTS), or one per solid cell. A solid cell belongs to the part whose psi is least
 * at its centre; the continuation probes the union's
 * normal, so parts must lie apart (no probe of one part's cell in another's cells) or overlap where
 * no liquid reaches. VALIDITY: PLANAR; AXI with the same formulas in the meridian plane (psi the
 * distance to the solid of revolution); 3D is CAP_EGEOM. Solids at least about 4 cells thick.
 * Rationale and measurements: docs/design/virtual-surface.md.
 */
#ifndef CAP_VSURF_H
#define CAP_VSURF_H

#include <math.h>
#include <stddef.h>

#include "cap_contact.h"
#include "cap_grid.h"
#include "cap_solid.h"

#define CAP_VSURF_SWEEPS 64 /* most Gauss-Seidel passes of the fill over the band */
/* Depth in cells of the solid cells the stencils read (WENO5 and the reinitialisation 3, the probes 2):
 * the fill iterates to convergence there and gives deeper cells one pass (finite values). */
#define CAP_VSURF_BAND        4.0
#define CAP_VSURF_COLD_PASSES 4 /* rounds of samples and fill in the first fill after cap_vsurf_alloc */

typedef struct cap_vsurf cap_vsurf;

/* The solid cells of solid s on grid g (copied). CAP_EDOM for a grid with fewer than 2 ghost layers,
 * CAP_EGEOM for 3D, CAP_ENOMEM. A solid that covers no cell centre is allowed (the fill does nothing). */
int cap_vsurf_alloc(cap_vsurf **out, const cap_grid *g, const cap_solid *s);
void cap_vsurf_free(cap_vsurf *v);

/* The solid cells of s (the solid moved, e.g. by cap_solid_translate or cap_solid_part_translate)
 * on the same grid, without allocating: masks, parts, depths and normals are rebuilt (the angles stay
 * the contact module's, per part and per grid cell). CAP_ESIZE if s has another number of parts than
 * the solid v was made from. On failure the surface is left empty. */
int cap_vsurf_move(cap_vsurf *v, const cap_solid *s);
/* Visits what v carries from one fill to the next (cap_state.h): "vsurf.n" (the solid cells; a restore
 * needs v built from the same placement, cap_vsurf_move), "vsurf.fills", "vsurf.ncontacts",
 * "vsurf.contacts", and per solid cell "vsurf.cos", "vsurf.fw", "vsurf.gw", "vsurf.nn", "vsurf.slope".
 * CAP_EINVAL for a NULL v or f. */
int cap_vsurf_visit(cap_vsurf *v, cap_state_fn f, void *user);

/* The number of solid cells, and the k-th one (in order of depth): its cell index, depth d >= 0 and
 * normal. k out of range returns CAP_EDOM. */
size_t cap_vsurf_count(const cap_vsurf *v);
int cap_vsurf_cell(const cap_vsurf *v, size_t k, size_t *cell, double *depth, double *nx, double *ny);

/* Masks on g->size entries: solid cells; x- and y-faces touching a solid cell. */
const unsigned char *cap_vsurf_cells(const cap_vsurf *v);
const unsigned char *cap_vsurf_xfaces(const cap_vsurf *v);
const unsigned char *cap_vsurf_yfaces(const cap_vsurf *v);
/* The part of every solid cell (g->size entries; 0 outside the solid cells). */
const unsigned char *cap_vsurf_parts(const cap_vsurf *v);

/* The interior cells i0 <= i < i1, j0 <= j < j1 that can hold the solid (cap_solid_bounds) widened by
 * `margin` cells, clipped to the grid: the range a scan near a small solid needs. */
int cap_vsurf_cell_range(const cap_grid *g, const cap_solid *s, int margin, int *i0, int *i1, int *j0, int *j1);
/* The same for part `part` of s (cap_solid_part_bounds; CAP_SOLID_WHOLE: cap_vsurf_cell_range). */
int cap_vsurf_part_range(const cap_grid *g, const cap_solid *s, int part, int margin, int *i0, int *i1, int *j0,
                         int *j1);

/* Writes the continuation (RULE) into the solid cells of phi, at the solid angles of ct (each cell its
 * per-cell angle, else its part's: cap_contact_solid_theta). The cells within CAP_VSURF_BAND cells of
 * the surface are filled in order of depth, repeated (Gauss-Seidel) until no cell changes by more than
 * 1e-12 h, at most CAP_VSURF_SWEEPS times; deeper cells get one pass (probes clamped to the box).
 * SLOPE NEAR A CONTACT LINE. The contact points are the sign changes, between neighbouring first-layer
 * cells (solid cells with a fluid face-neighbour; across a face or a corner), of phi extrapolated to
 * their feet (cap_surface_slope from phi at h/2, 3h/2, 5h/2 out along n_s; on a wall of the grid the
 * first three fluid cells). Points within 1.5 h on the same side of the solid with the liquid on the
 * same side are merged; two with the liquid on opposite sides (a dip narrower than a cell) are dropped.
 * A cell takes the nearest contact point c on its side (n_s . n_c > 0) and S = cos(theta_c) + b t, t the
 * coordinate along the surface from c in cells, b the least-squares rate (cap_lsq_slope) of g =
 * grad(phi) . n_s at the feet of the first-layer cells within CAP_CONTACT_FIT cells of c; S is kept
 * within [-1, 1] and blended into cos(theta) (cap_contact_blend, cap_contact_reach with
 * CAP_CONTACT_OPEN_REACH and CAP_CONTACT_REACH). A contact point with another on its side within
 * twice the fit keeps cos(theta).
 * Reads phi's interior fluid cells, its ghost cells where a probe's stencil reaches them (fill them
 * first; cap_levelset does) and, near a staircase, its solid cells: the samples of g and phi_nn read the
 * last fill there (the first fill after cap_vsurf_alloc starts from the constant slope and takes
 * CAP_VSURF_COLD_PASSES rounds of samples and fill). Errors: CAP_EINVAL (NULL phi; ct NULL or without
 * a solid angle), CAP_ESIZE (g is not the grid of v; ct's solid has another number of parts), CAP_EDOM
 * (a per-cell angle out of range). */
int cap_vsurf_fill(const cap_vsurf *v, const cap_contact *ct, const cap_grid *g, double *phi);

/* The contact points the last cap_vsurf_fill found (SLOPE NEAR A CONTACT LINE: sign changes of phi
 * at the feet of neighbouring first-layer cells, merged and without dips), for the dynamic angle model
 * (cap_wetting_vsurf_update, which measures the actual angle there from the fluid cells). */
typedef struct {
  double x, y;   /* the point on the solid's surface, m */
  double nx, ny; /* the solid's outward unit normal there */
  double tx, ty; /* the unit tangent along the surface towards the dry side (the air) */
  double theta;  /* the angle the continuation imposed there (the cells' angles), rad */
} cap_vsurf_contact;

/* Their number (0 before the first fill), and the r-th one (CAP_EDOM for r out of range). */
size_t cap_vsurf_ncontacts(const cap_vsurf *v);
int cap_vsurf_contact_get(const cap_vsurf *v, size_t r, cap_vsurf_contact *out);

/* A copy of phi for the flow: the solid cells set to +h (never liquid), the rest unchanged. */
int cap_vsurf_fluid_phi(const cap_vsurf *v, const cap_grid *g, const double *phi, double *out);

#endif
