/* cap_vsurf: the liquid's level set continued into solids inside the domain, at a contact angle.
 *
 * The virtual surface idea of Wang, Mucha & Turk (2005, "Water drops on surfaces", ACM Trans. Graph.
 * 24(3), 921-929, Sec. 5): before anything differentiates phi across a solid surface (curvature,
 * the WENO advection stencils, the reinitialisation), the cells inside the solid get the values of a
 * surface that leaves the solid at the prescribed angle, so that the curvature at the contact line,
 * and with it the Laplace pressure there, carries the three interfacial tensions of Young's relation.
 *
 * CONVENTION. theta is measured through the liquid (phi < 0 in the liquid); the solid's signed
 * distance psi < 0 inside it, with the normal n_s = grad psi / |grad psi| out of the solid
 * (cap_solid.h). The continuation satisfies grad(phi) . n_s = cos(theta): a liquid surface meeting a
 * flat solid at theta has, in the solid, phi's straight continuation.
 *
 * RULE (the mirror rule of the walls of the box, cap_levelset.h, for any solid): a solid cell whose
 * centre x lies at depth d = -psi(x) gets
 *
 *     phi(x) = phi(x + s n_s) - s S + (phi_nn / 2) (d^2 - (s - d)^2),   s = max(2 d, d + h/2),
 *
 * the value at a probe point outside the solid, shifted by the slope S along the normal: S =
 * cos(theta) away from a contact line (near one, see SLOPE NEAR A CONTACT LINE). For d >= h/2 the
 * probe is the mirror image of x across the solid surface and the last term vanishes; a shallower
 * cell probes h/2 outside the surface instead, because its mirror image lies almost on the cell
 * itself (the interpolation weight of the cell tends to 1 as d -> 0 and the fill would not converge:
 * measured, 5e2 off after 64 sweeps at d = 0.004 h), and the term with phi_nn, phi's second
 * derivative along the normal at the cell's foot x + d n_s (from the samples at h/2, 3h/2 and 5h/2
 * out, (f0 - 2 f1 + f2)/h^2), puts back what the mirror's symmetry cancels otherwise. The probe is
 * interpolated by cubics through the 4 x 4 cell centres round it (cap_advect_interp_cubic). The rule
 * is then the Taylor continuation of phi along the normal to second order, exact for a phi linear in
 * space on a flat solid at any orientation (a straight liquid surface meets the solid at exactly theta
 * and keeps zero curvature in the contact cell), and on a wall of the grid it is exactly the ghost
 * fill of the box away from contact lines (the mirror of the cell at depth (k - 1/2) h is a cell
 * centre, where the cubic returns the cell's value). Bilinear probes and no phi_nn term (the rule
 * before) left errors of (h^2/8) |phi_xx + phi_yy| and (h^2/8) phi_nn in phi on a staircase: O(1)
 * errors of the contact cells' curvature, which held drops 1-2 degrees off their angle on a tilted
 * plane and a disc (experiments/young_angles). Where the surface runs along grid lines the probes are
 * cell centres and neither error arises. A probe's stencil may reach solid cells, so the cells are
 * filled in order of increasing depth and the fill is repeated (Gauss-Seidel) until it changes no
 * cell by more than 1e-12 h, at most CAP_VSURF_SWEEPS times, over the cells within CAP_VSURF_BAND
 * cells of the surface (what the stencils read); the deeper ones get one pass (finite values; their
 * probes may leave the box and are clamped to it). The sweeps converge in about 40 passes from
 * scratch (measured on a tilted plane and a disc, 40-320 cells; the cubic's weights are not all
 * positive, so this is measured, not proved).
 *
 * SLOPE NEAR A CONTACT LINE. A constant slope S = cos(theta) is right for a straight liquid surface
 * only: a curved one has phi's wall-normal slope g = grad(phi) . n_s equal to cos(theta) at the contact
 * point alone, and the constant slope puts a kink 2 (cos(theta) - g) into phi at the solid's surface,
 * growing along it from the contact point, which the contact cells' curvature reads as an O(1) error
 * (cap_levelset.h, WALLS WITH A CONTACT ANGLE, measured on a circle meeting a wall). So near a
 * contact point c the slope varies along the surface as phi's own does:
 *
 *     S = cos(theta_c) + b t,
 *
 * t the coordinate along the surface from c (in cells, from the feet x + d n_s of the cells), theta_c
 * the angle at c, and b the least-squares rate of change along the surface of g at the feet of the
 * first-layer cells (solid cells with a fluid neighbour across a face) within CAP_VSURF_CONTACT_FIT
 * cells of c, g the one-sided second-order slope from phi at h/2, 3h/2 and 5h/2 out of the surface
 * along n_s (interpolated as the probes; on a wall of the grid: the first three fluid cells, as on the
 * walls of the box). S is
 * kept within [-1, 1] (a distance function's slopes) and blended into cos(theta) from the reach to
 * twice the reach away from c (cap_contact_reach). The reach is CAP_VSURF_CONTACT_REACH = 3 cells on
 * the wedge's side of c (the liquid's below 90 degrees, the air's above), as on the walls of the box,
 * farther under a thin wedge (below 18.4 or above 161.6 degrees, 2 / |tan(theta_c)| cells), and
 * CAP_VSURF_OPEN_REACH = 2 on the open side. Why the two sides differ:
 *   - On the wedge's side the surface stays next to the solid and the crossings' curvature stencils
 *     read the continuation. With 2 cells there the blend sat inside them: young_angles' cap on a
 *     grid-aligned solid floor had curvature errors at its crossings of 5.0, 4.4, 4.8 % at 30 degrees
 *     and 2.5, 2.8, 3.9 % at 150 for R0/h = 16, 32, 64, not converging; with 3, 0.08-0.34 % and
 *     0.14-0.39 %, the wall's figures (15 degrees: 5.4-6.6 % with 2 and 0.16, 0.083, 0.036 % with
 *     the thin wedge's reach; 165 degrees 5.6-7.3 % -> 2.4, 1.2, 0.57 %; tests/test_levelset.c). The
 *     crossings within 6 cells of the contact points of a circle meeting a solid (the cases of
 *     tests/test_vsurf.c, 40-320 cells): grid-aligned plane at 30 and 150 degrees 3.6-5.0 % with 2,
 *     not converging, now 1.5 -> 0.37 % and 1.3 -> 0.07 %; plane tilted 30 degrees at 30 degrees
 *     7.0 % at 320 cells, now 1.0-1.3 % from 80 cells on (not converging: the staircase); disc at
 *     150 degrees 7.2 %, now 0.73 %.
 *   - On the open side the surface leaves the solid and no crossing's stencil reaches the blend,
 *     but the continuation of a meniscus concave towards the air (capillary_rise: at 30 degrees
 *     the circle continued past the contact line runs back under the plate within 0.08 d of its
 *     face and comes out again 0.58 d higher) puts liquid into the plate a cell or two deep along
 *     the dry face, and the WENO and reinitialisation stencils carry it into the fluid: with 3 cells
 *     on both sides capillary_rise --quick at 30 degrees lifted 14.1 % (8 cells) and 9.7 % (16
 *     cells) too little, with 2 on the open side 1.7 % and 0.16 % (with 2 on both sides 1.1 % and
 *     0.41 %).
 * The contact
 * points are the sign changes of
 * phi extrapolated to the feet, (15 f_0 - 10 f_1 + 3 f_2)/8, between neighbouring first-layer cells
 * (across a face or a corner); those within 1.5 h of each other on the same side of the solid with the liquid on the
 * same side along it are merged, and two with the liquid on opposite sides are a dip of phi narrower
 * than a cell, not contact lines, and are dropped. Each cell takes the nearest contact point on its
 * side (n_s . n_c > 0: the two faces of a plate are apart). A contact point with another on its side
 * within twice the fit keeps cos(theta) (as on the walls of the box: a patch narrower than the fit).
 * The continuation is then smooth across the surface to first order in t, with the kink 2
 * (cos(theta_c) - g(c)) at the contact point that drives the contact line. Measured in
 * experiments/capillary_rise (the lifted area at 8 / 16 cells across the gap, d = l_c; the constant
 * slope: -4.9 / -1.8 % at 30 degrees, -3.5 / -2.0 % at 60):
 *   - S = g + cos(theta_c) - g(c) cell by cell (the first rule of the walls of the box): phi's noise next
 *     to the surface entered the continuation directly; at 30 degrees the column rose with bursts of
 *     the currents to 1.6 sqrt(g l_c) and stopped 7.5 % low at 16 cells (60 degrees: -0.08 %);
 *   - the fitted rate over 3 cells: -14.5 / -0.17 % at 30 degrees (at 8 cells, where the meniscus's
 *     radius is 4.6 cells, a film of phi near zero crept up the plates with currents of 0.9), -0.2 /
 *     -0.17 % at 60;
 *   - fitted over 2 cells and applied within 3 (as on the walls of the box, cap_levelset.h): -13.9 %
 *     at 30 degrees at 8 cells;
 *   - fitted over 2 cells and applied within 2: -1.1 / -0.41 % at 30 degrees, -0.18 / -0.30 % at 60;
 *   - this rule (3 on the wedge's side, 2 on the open side): -1.7 / -0.16 % at 30 degrees, -0.14 /
 *     +0.01 % at 60 (the --quick sweep; order of the area error 1.42 -> 3.39).
 * A dip merged into one contact point 2.5 cells above the contact line switched it to the constant
 * slope and back from one step to the next (8 cells, 30 degrees), hence the dips are dropped.
 *   The samples of g and phi_nn next to a staircase (a tilted or curved surface) touch solid cells,
 * which hold the continuation: the first fill after cap_vsurf_alloc builds it from scratch (the
 * constant slope, then samples and fill CAP_VSURF_COLD_PASSES times towards the self-consistent
 * continuation), later fills take one round from what the solid cells hold (the last fill, advected
 * with phi), which a flow keeps close to that fixed point. On a circle meeting a plane tilted 30
 * degrees the continuation is then within 0.11-0.24 h^2 of the circle's distance at 320 cells (4.1-4.3
 * h^2 with bilinear probes and the constant slope) and the contact cells' curvature within 0.03-0.10
 * of the circle's at 160 cells (0.69-1.33); on a disc 0.08-1.89 h^2 and 0.02-0.32 (tests/test_vsurf.c;
 * the cells on the open side of a contact point are among them).
 *   The fitted slope on a staircase with bilinear probes (the rule before) brought the contact
 * cells closer to the circle's curvature too (0.18-0.37 on the tilted plane) but held the drops of
 * experiments/young_angles further off (the tilted plane at 120 degrees 1.40 degrees from the same
 * drop on the wall of the box, the disc 2.45 and 1.83 degrees off at 60 and 120): the O(h^2) errors
 * of the probes, one-signed along the surface, were then the leading ones.
 *
 * CELLS AND FACES. A cell is solid when psi at its centre is < 0 (a staircase of the solid); a face
 * is solid when it touches a solid cell. The flow solver (cap_ns) closes the solid faces (no flow
 * through the staircase; no slip along it), takes no pressure unknown in a solid cell, and keeps
 * the solid cells' phi as the continuation only: the liquid is phi < 0 outside the solid cells.
 * Solids thinner than about 4 cells have the continuation of both sides in too few cells for the
 * 5-point stencils of the advection; the experiments keep plates at least 4 cells thick.
 *
 * The angle is one theta for the whole solid, one per part of the solid (cap_vsurf_set_part_angles:
 * several bodies in one domain, each a part of one union, cap_solid.h), or one per solid cell
 * (cap_vsurf_set_cell_angles, for the dynamic angle model). A solid cell belongs to the part whose
 * psi is least at its centre (cap_solid_part_at), and the continuation probes the union's normal: two
 * parts must lie apart (a probe of one part's cell must not fall into another's cells, and the
 * angles meet nowhere), or overlap where no liquid reaches. Planar grids; AXI grids take the same formulas in the meridian
 * plane (psi then the distance to the solid of revolution); 3D returns CAP_EGEOM.
 */
#ifndef CAP_VSURF_H
#define CAP_VSURF_H

#include <math.h>
#include <stddef.h>

#include "cap_grid.h"
#include "cap_solid.h"

#define CAP_VSURF_SWEEPS 64
/* Depth in cells of the solid cells the stencils read (WENO5 and the reinitialisation 3 cells, the
 * continuation's own probes 2): the fill iterates to convergence there, and gives deeper cells one
 * pass (finite values). */
#define CAP_VSURF_BAND 4.0
/* Rounds of samples and fill in the first fill after cap_vsurf_alloc (see RULE). */
#define CAP_VSURF_COLD_PASSES 4

/* Cells along the surface from a contact point within which the slope of the continuation follows
 * phi's (SLOPE NEAR A CONTACT LINE), blended out over as many again: CAP_VSURF_CONTACT_REACH on the
 * wedge's side of the contact point (the liquid's below 90 degrees, the air's above), where the
 * surface stays next to the solid and the crossings' curvature reads the continuation, and
 * CAP_VSURF_OPEN_REACH on the open side. The walls of the box take CAP_VSURF_CONTACT_REACH on both
 * sides (CAP_LEVELSET_CONTACT_REACH). */
#define CAP_VSURF_CONTACT_REACH 3.0
#define CAP_VSURF_OPEN_REACH 2.0
/* Cells along the surface from a contact point over which the rate of change of phi's slope is
 * fitted, on solids and on the walls of the box; two contact points closer than twice this keep the
 * constant slope. */
#define CAP_VSURF_CONTACT_FIT 2.0

/* The least-squares slope b of the line through n0 points (x, y) from their sums s1 = sum x, s2 = sum
 * x^2, g1 = sum y and sg = sum x y (0 for fewer than 3 points or x all alike): the rate of change of
 * phi's slope along a surface near a contact point (SLOPE NEAR A CONTACT LINE). */
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

/* Writes the continuation into the solid cells of phi (see RULE). phi's interior fluid cells are
 * read, its solid cells near a staircase after the first fill (they hold the last fill: SLOPE NEAR A
 * CONTACT LINE), and its ghost cells where a probe's stencil reaches them (fill them first;
 * cap_levelset does). CAP_ESIZE if g is not the grid of v. */
int cap_vsurf_fill(const cap_vsurf *v, const cap_grid *g, double *phi);

/* The contact points the last cap_vsurf_fill found (SLOPE NEAR A CONTACT LINE: sign changes of phi
 * at the feet of neighbouring first-layer cells, merged and without dips), for the dynamic angle model
 * (cap_wetting_vsurf_update, which measures the actual angle there from the fluid cells). */
typedef struct {
  double x, y;     /* the point on the solid's surface, m */
  double nx, ny;   /* the solid's outward unit normal there */
  double tx, ty;   /* the unit tangent along the surface towards the dry side (the air) */
  double theta;    /* the angle the continuation imposed there (the cells' angles), rad */
} cap_vsurf_contact;

/* Their number (0 before the first fill), and the r-th one (CAP_EDOM for r out of range). */
size_t cap_vsurf_ncontacts(const cap_vsurf *v);
int cap_vsurf_contact_get(const cap_vsurf *v, size_t r, cap_vsurf_contact *out);

/* A copy of phi for the flow: the solid cells set to +h (never liquid), the rest unchanged. */
int cap_vsurf_fluid_phi(const cap_vsurf *v, const cap_grid *g, const double *phi, double *out);

#endif
