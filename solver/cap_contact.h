/* cap_contact: every contact angle, and the contact rule that imposes them.
 *
 * OWNS. The static contact angle of each WALL or SLIP side of the box and the per-position angles along
 * a 2D side; the angles of the solid inside the domain (whole solid, per part, per solid cell); the
 * storage of all of them (no caller-owned arrays). The dynamic model (cap_wetting) writes its angles
 * here. Also the contact rule that the walls' ghost cells and the virtual surface (cap_vsurf) share:
 * phi continued beyond the liquid's domain with grad(phi) . n_s = S, S = cos(theta) away from a contact
 * point and following phi's own slope near one (Wang, Mucha & Turk 2005, "Water drops on surfaces",
 * ACM Trans. Graph. 24(3), 921, Sec. 5 and Fig. 4a); and the walls' ghost fill with it.
 *
 * CONVENTIONS. The handle is cap_contact.
 * Angles in radians, measured through the liquid (phi < 0), 0 < theta < pi; 0 means "no angle" (a
 * wall: linear extrapolation of phi; a solid cell: its part's angle). n_s points out of the solid (into
 * the domain at a wall). A NULL handle means no wall has an angle, wherever a const cap_contact * is
 * read. Positions along a side are t = j on the x sides, i on the y sides
 * (cap_grid_wall_idx); a per-position array holds n + 2 ng entries, angles[t + ng], t = -ng .. n + ng
 * - 1 (n = ny on the x sides, nx on the y sides). Per-cell solid angles are indexed like every field
 * (cap_grid_idx, g->size entries) and read at the solid cells only, so they keep their meaning when
 * the solid moves. The boundary kinds are those of the grid handed to cap_contact_alloc.
 *
 * VALIDITY. Walls: 2D planar and AXI; 3D with one angle per side (per-position angles: CAP_EGEOM; the
 * slope follows phi's near the contact line from local differences, no fit: docs/design/contact-angle.md).
 * Rationale: docs/design/contact.md; the rule's measurements: docs/design/contact-angle.md,
 * docs/design/virtual-surface.md.
 */
#ifndef CAP_CONTACT_H
#define CAP_CONTACT_H

#include <math.h>
#include <stddef.h>

#include "cap_grid.h"
#include "cap_state.h"
#include "cap_solid.h"

/* Cells along the surface from a contact point within which the continuation's slope follows phi's,
 * blended out over as many again: on the wedge's side of the contact point (the liquid's below 90
 * degrees, the air's above) and on the open side. The walls of the box take the first on both sides. */
#define CAP_CONTACT_REACH      3.0
#define CAP_CONTACT_OPEN_REACH 2.0
/* Cells along the surface over which the rate of change of phi's slope is fitted (solids and walls of
 * the box); two contact points closer than twice this keep the constant slope. */
#define CAP_CONTACT_FIT 2.0

/* The least-squares slope b of the line through n0 points (x, y) from s1 = sum x, s2 = sum x^2, g1 =
 * sum y, sg = sum x y; 0 for fewer than 3 points or x all alike. */
static inline double cap_lsq_slope(double n0, double s1, double s2, double g1, double sg)
{
  double det = n0 * s2 - s1 * s1;
  return n0 >= 3 && det > 1e-9 * n0 * n0 ? (n0 * sg - s1 * g1) / det : 0;
}

/* From phi at h/2, 3h/2 and 5h/2 out of a surface along its normal (f0, f1, f2): phi extrapolated to the
 * surface, (15 f0 - 10 f1 + 3 f2)/8 (*fw), and phi's one-sided second-order slope along the normal,
 * (-2 f0 + 3 f1 - f2)/h (returned). The samples of the contact rule on solids and on the walls. */
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
 * most 4 wedge (longer on a thin wedge's side: below 18.4 or above 161.6 degrees for wedge = 3). */
static inline double cap_contact_reach(double open, double wedge, double cos_c, double fw)
{
  if (cos_c == 0 || (fw < 0) != (cos_c > 0)) return open;
  const double s = sqrt(fmax(0, 1 - cos_c * cos_c)), c = 2 * fabs(cos_c);
  if (c <= 2 * wedge * s) return wedge;
  return c >= 4 * wedge * s ? 4 * wedge : c / s;
}

typedef struct cap_contact cap_contact;

/* No angle anywhere, for grid g (copied: its sizes and boundary kinds). Errors: CAP_EINVAL (NULL),
 * CAP_ENOMEM. *out is NULL on failure. */
int cap_contact_alloc(cap_contact **out, const cap_grid *g);
void cap_contact_free(cap_contact *c);
/* Visits c's angles (cap_state.h): "contact.theta" (the sides'), "contact.part" (the solid parts'),
 * "contact.along" for each side whose per-position angles are in use and "contact.cell" if the
 * per-cell angles are (a restore needs the same ones in use). CAP_EINVAL for a NULL c or f. */
int cap_contact_visit(cap_contact *c, cap_state_fn f, void *user);

/* THE WALLS OF THE BOX. The angle theta of side `side`: its ghost cells continue phi with
 * grad(phi) . n_s = cos(theta) (cap_contact_fill_walls), so that a straight liquid surface meets the
 * wall at exactly theta and the curvature of the cells next to the wall carries the wall's tension
 * (Young). theta = 0 removes the angle (linear extrapolation). Setting an angle sets the whole side
 * (any per-position angles of the side are dropped). Errors: CAP_EINVAL (NULL c); CAP_EDOM for a side
 * out of range, a side other than WALL or SLIP, or theta neither 0 nor in (0, pi). */
int cap_contact_set_wall(cap_contact *c, cap_side side, double theta);

/* The angle of side `side` (0: none, also for a NULL c or a side out of range). */
double cap_contact_wall(const cap_contact *c, cap_side side);

/* The per-position angles of side `side` (2D grids, a side with an angle): *angles points at the
 * module's array of n + 2 ng entries (CONVENTIONS), made on the first call and filled with the side's
 * angle; later calls return the same array as it stands. The caller may write it between fills, each
 * entry in (0, pi) (checked by cap_contact_fill_walls); cap_contact_set_wall on the side drops it (the
 * next call refills it). Errors: CAP_EINVAL (NULL), CAP_EGEOM (a 3D grid), CAP_EDOM (a side out of range,
 * a side without an angle), CAP_ENOMEM; *angles NULL on failure. */
int cap_contact_wall_angles(cap_contact *c, cap_side side, double **angles);

/* The per-position angles of side, read-only (NULL: none, the side's angle everywhere). */
const double *cap_contact_wall_along(const cap_contact *c, cap_side side);

/* Whether the ghosts of side follow phi's slope near contact points: a WALL or SLIP side with an angle,
 * other than 90 degrees everywhere (that one keeps the even mirror, a symmetry plane). 0 for NULL c. */
int cap_contact_wall_follows(const cap_contact *c, int side);

/* Writes the ghost cells of every side with an angle (2D), over phi's linear ghosts: ghost k (k = 1..ng
 * outwards) at position t is phi(ghost k) = phi(interior k - 1) - (2k - 1) h s(t), so that
 * grad(phi) . n_s = s(t) at the wall. s(t) = cos(theta(t)), except near a contact point t_c (a sign
 * change of phi extrapolated to the wall, cap_surface_slope) on a side that follows phi's slope and has
 * three interior layers: s(t) = cos(theta_c) + b (t - t_c), b the least-squares rate (cap_lsq_slope)
 * along the wall of phi's one-sided second-order wall-normal slope from the first three interior
 * layers, over the positions within CAP_CONTACT_FIT of t_c; kept within [-1, 1] and blended into
 * cos(theta(t)) (cap_contact_blend, cap_contact_reach(CAP_CONTACT_REACH, CAP_CONTACT_REACH, ...)). Two
 * contact points closer than twice the fit keep cos(theta). x sides first, then y, over the whole
 * ghost-extended rows, so corners are consistent. 3D: every side with an angle, x sides, then y, then z,
 * each over its whole ghost-extended plane; a side at 90 degrees (to 1e-12 rad) is the even mirror
 * (cap_grid_mirror_even: a symmetry plane, exactly); any other (three interior layers) s = cos(theta)
 * + beta delta near the contact line, blended as in 2D: delta = fw / |grad fw| the signed distance along
 * the wall from the contact line (fw phi extrapolated to the wall), beta = grad g . grad fw / |grad fw|
 * the rate of phi's wall-normal slope g across it, grad by central differences along the wall (so exact,
 * s = cos(theta), for a plane meeting the wall at theta). c NULL: nothing. Errors: CAP_EINVAL (NULL g or
 * phi), CAP_ESIZE (g is not the grid of c), CAP_EDOM (a per-position angle outside (0, pi), named). */
int cap_contact_fill_walls(const cap_contact *c, const cap_grid *g, double *phi);

/* THE SOLID INSIDE THE DOMAIN (cap_vsurf continues phi into its cells at these angles). One angle
 * theta for solid s (its number of parts recorded, cap_solid_parts) and every part; per-cell angles
 * cleared. Errors: CAP_EINVAL (NULL), CAP_EDOM (theta outside (0, pi)). */
int cap_contact_set_solid(cap_contact *c, const cap_solid *s, double theta);

/* One angle for every part of the solid (per-cell angles cleared). Errors: CAP_EINVAL (NULL, or no
 * solid: cap_contact_set_solid first), CAP_EDOM (theta outside (0, pi)). */
int cap_contact_set_solid_angle(cap_contact *c, double theta);

/* One angle per part, theta[k] for part k, n the solid's number of parts (per-cell angles cleared).
 * Errors: CAP_EINVAL (NULL, or no solid), CAP_ESIZE (another n), CAP_EDOM naming the first theta[k]
 * outside (0, pi). */
int cap_contact_set_part_angles(cap_contact *c, const double *theta, int n);

/* The per-cell angles of the solid: *angles points at the module's array of g->size entries (made on
 * the first call, all 0; cleared by the three setters above), read at the solid cells: 0 takes the
 * cell's part's angle, anything else must lie in (0, pi) (checked by cap_contact_solid_cos). The
 * caller (the dynamic model) writes it between fills. Errors: CAP_EINVAL (NULL, or no solid),
 * CAP_ENOMEM; *angles NULL on failure. */
int cap_contact_cell_angles(cap_contact *c, double **angles);

/* The solid's number of parts (0: no solid angle set, or NULL c). */
int cap_contact_solid_parts(const cap_contact *c);

/* The angle of the solid at grid cell `cell` of part `part` (rad): its per-cell angle if set, else
 * its part's. Errors: CAP_EINVAL (NULL, or no solid), CAP_EDOM (part out of range; a per-cell angle
 * outside [0, pi), named with its cell). */
int cap_contact_solid_theta(const cap_contact *c, size_t cell, int part, double *theta);

#endif
