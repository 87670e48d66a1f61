/* cap_vsurf: the liquid's level set continued into solids inside the domain, at a contact angle.
 *
 * OWNS. The solid cells of a cap_solid on a grid (a cell is solid when psi < 0 at its centre: a
 * staircase; a face is solid when it touches a solid cell), their masks, parts, depths and normals,
 * their contact angles, and the continuation of phi into them: the virtual surface of Wang, Mucha &
 * Turk (2005, "Water drops on surfaces", ACM Trans. Graph. 24(3), 921-929, Sec. 5). Before anything
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
 * ANGLES: one for the whole solid, one per part (cap_solid.h, PARTS), or one per solid cell. A solid
 * cell belongs to the part whose psi is least at its centre; the continuation probes the union's
 * normal, so parts must lie apart (no probe of one part's cell in another's cells) or overlap where
 * no liquid reaches. VALIDITY: PLANAR; AXI with the same formulas in the meridian plane (psi the
 * distance to the solid of revolution); 3D is CAP_EGEOM. Solids at least about 4 cells thick.
 * Rationale and measurements: docs/design/virtual-surface.md.
 */
#ifndef CAP_VSURF_H
#define CAP_VSURF_H

#include <math.h>
#include <stddef.h>

#include "cap_grid.h"
#include "cap_solid.h"

#define CAP_VSURF_SWEEPS 64 /* most Gauss-Seidel passes of the fill over the band */
/* Depth in cells of the solid cells the stencils read (WENO5 and the reinitialisation 3, the probes 2):
 * the fill iterates to convergence there and gives deeper cells one pass (finite values). */
#define CAP_VSURF_BAND        4.0
#define CAP_VSURF_COLD_PASSES 4 /* rounds of samples and fill in the first fill after cap_vsurf_alloc */

/* Cells along the surface from a contact point within which the continuation's slope follows phi's,
 * blended out over as many again: on the wedge's side of the contact point (the liquid's below 90
 * degrees, the air's above) and on the open side. The walls of the box take the first on both sides. */
#define CAP_VSURF_CONTACT_REACH 3.0
#define CAP_VSURF_OPEN_REACH    2.0
/* Cells along the surface over which the rate of change of phi's slope is fitted (solids and walls of
 * the box); two contact points closer than twice this keep the constant slope. */
#define CAP_VSURF_CONTACT_FIT 2.0

/* The least-squares slope b of the line through n0 points (x, y) from s1 = sum x, s2 = sum x^2, g1 =
 * sum y, sg = sum x y; 0 for fewer than 3 points or x all alike. */
static inline double cap_lsq_slope(double n0, double s1, double s2, double g1, double sg)
{
  double det = n0 * s2 - s1 * s1;
  return n0 >= 3 && det > 1e-9 * n0 * n0 ? (n0 * sg - s1 * g1) / det : 0;
}

/* From phi at h/2, 3h/2 and 5h/2 out of a surface along its normal (f0, f1, f2): phi extrapolated to the
 * surface, (15 f0 - 10 f1 + 3 f2)/8 (*fw), and phi's one-sided second-order slope along the normal,
 * (-2 f0 + 3 f1 - f2)/h (returned). The samples of the contact rule on solids and on the walls of the
 * box. */
static inline double cap_surface_slope(double f0, double f1, double f2, double h, double *fw)
{
  *fw = (15 * f0 - 10 * f1 + 3 * f2) / 8;
  return (-2 * f0 + 3 * f1 - f2) / h;
}

/* The slope of the continuation at distance d (cells) from the nearest contact point: `follow` (the
 * contact point's linear model, kept within [-1, 1], a distance function's slopes) within `reach`
 * cells, blended into `base` (cos(theta)) by twice the reach, `base` beyond. */
static inline double cap_contact_blend(double base, double follow, double d, double reach)
{
  double w = d <= reach ? 1 : d >= 2 * reach ? 0 : 2 - d / reach;
  return base + w * (fmax(-1, fmin(1, follow)) - base);
}

/* The reach (cells) of that blend at a contact point whose angle has cosine cos_c, for a sample whose
 * phi extrapolated to the surface is fw: `open` on the open side of the contact point (and on both
 * sides at 90 degrees); on the wedge's side (the liquid's for theta_c < 90 degrees, the air's above)
 * `wedge`, unless the surface stays within two cells of the wall (the curvature stencils of the
 * wall's cells) beyond the blend's end, 2 / |tan(theta_c)| > 2 wedge: then 2 / |tan(theta_c)|, at
 * most 4 wedge (cap_levelset.h, WALLS WITH A CONTACT ANGLE). */
static inline double cap_contact_reach(double open, double wedge, double cos_c, double fw)
{
  if (cos_c == 0 || (fw < 0) != (cos_c > 0)) return open;
  const double s = sqrt(fmax(0, 1 - cos_c * cos_c)), c = 2 * fabs(cos_c);
  if (c <= 2 * wedge * s) return wedge;
  return c >= 4 * wedge * s ? 4 * wedge : c / s;
}

typedef struct cap_vsurf cap_vsurf;

/* The solid cells of solid s on grid g (copied), with contact angle theta (radians, 0 < theta < pi).
 * CAP_EDOM for theta out of range or a grid with fewer than 2 ghost layers, CAP_EGEOM for 3D, CAP_ENOMEM.
 * A solid that covers no cell centre is allowed (the fill does nothing). */
int cap_vsurf_alloc(cap_vsurf **out, const cap_grid *g, const cap_solid *s, double theta);
void cap_vsurf_free(cap_vsurf *v);

/* The solid cells of s (the solid moved, e.g. by cap_solid_translate or cap_solid_part_translate)
 * on the same grid, without allocating: masks, parts, depths and normals are rebuilt and every cell
 * gets its part's angle (the last of cap_vsurf_alloc, cap_vsurf_set_angle or
 * cap_vsurf_set_part_angles: kept across moves; per-cell angles are reset). CAP_ESIZE if s has
 * another number of parts than the solid v was made from. On failure the surface is left empty. */
int cap_vsurf_move(cap_vsurf *v, const cap_solid *s);

/* One angle for every solid cell and every part (CAP_EDOM outside (0, pi)). */
int cap_vsurf_set_angle(cap_vsurf *v, double theta);

/* One angle per part of the solid, theta[k] for part k (n = cap_solid_parts of the solid;
 * CAP_ESIZE for another n, CAP_EDOM naming the first theta[k] outside (0, pi)). */
int cap_vsurf_set_part_angles(cap_vsurf *v, const double *theta, int n);

/* The number of solid cells, and the k-th one (in order of depth): its cell index, depth d >= 0 and
 * normal. k out of range returns CAP_EDOM. */
size_t cap_vsurf_count(const cap_vsurf *v);
int cap_vsurf_cell(const cap_vsurf *v, size_t k, size_t *cell, double *depth, double *nx, double *ny);

/* An angle per solid cell, in the order of cap_vsurf_cell (n = cap_vsurf_count entries; CAP_EDOM
 * naming the first entry outside (0, pi), CAP_ESIZE for a wrong n). */
int cap_vsurf_set_cell_angles(cap_vsurf *v, const double *theta, size_t n);

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

/* Writes the continuation (RULE) into the solid cells of phi. The cells within CAP_VSURF_BAND cells of
 * the surface are filled in order of depth, repeated (Gauss-Seidel) until no cell changes by more than
 * 1e-12 h, at most CAP_VSURF_SWEEPS times; deeper cells get one pass (probes clamped to the box).
 * SLOPE NEAR A CONTACT LINE. The contact points are the sign changes, between neighbouring first-layer
 * cells (solid cells with a fluid face-neighbour; across a face or a corner), of phi extrapolated to
 * their feet (cap_surface_slope from phi at h/2, 3h/2, 5h/2 out along n_s; on a wall of the grid the
 * first three fluid cells). Points within 1.5 h on the same side of the solid with the liquid on the
 * same side are merged; two with the liquid on opposite sides (a dip narrower than a cell) are dropped.
 * A cell takes the nearest contact point c on its side (n_s . n_c > 0) and S = cos(theta_c) + b t, t the
 * coordinate along the surface from c in cells, b the least-squares rate (cap_lsq_slope) of g =
 * grad(phi) . n_s at the feet of the first-layer cells within CAP_VSURF_CONTACT_FIT cells of c; S is kept
 * within [-1, 1] and blended into cos(theta) (cap_contact_blend, cap_contact_reach with
 * CAP_VSURF_OPEN_REACH and CAP_VSURF_CONTACT_REACH). A contact point with another on its side within
 * twice the fit keeps cos(theta).
 * Reads phi's interior fluid cells, its ghost cells where a probe's stencil reaches them (fill them
 * first; cap_levelset does) and, near a staircase, its solid cells: the samples of g and phi_nn read the
 * last fill there (the first fill after cap_vsurf_alloc starts from the constant slope and takes
 * CAP_VSURF_COLD_PASSES rounds of samples and fill). Errors: CAP_EINVAL (NULL phi), CAP_ESIZE (g is not
 * the grid of v). */
int cap_vsurf_fill(const cap_vsurf *v, const cap_grid *g, double *phi);

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
