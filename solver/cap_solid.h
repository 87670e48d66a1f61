/* cap_solid: solid bodies given as signed distance fields, for the contact-angle work.
 *
 * OWNS. The solid's signed distance psi and outward normal, which the virtual surface method (Wang,
 * Mucha & Turk 2005, "Water drops on surfaces", ACM Trans. Graph. 24(3), 921-929, Sec. 4) needs near
 * the contact line, for a few exact primitives, their union and a sampled field; fluid fractions of
 * cells; the parts of a union (several bodies in one domain) and their motion.
 *
 * CONVENTION (every function of this module): psi < 0 inside the solid, psi > 0 in the fluid, psi = 0
 * on the solid surface; n_s = grad psi / |grad psi| points OUT of the solid, INTO the fluid. (The
 * liquid level set phi of cap_levelset.h is a different field, negative in the liquid.) Lengths in m,
 * angles in radians.
 *
 * PRIMITIVES (exact signed distances, |grad psi| = 1 wherever psi is differentiable):
 *   half-plane   through (px, py) with outward normal (nx, ny) (normalised): psi = n^.(x - p);
 *   box          centre (cx, cy), half sizes (ax, ay) along its own axes, rotated counter-clockwise by
 *                `angle` about the centre; q = R(-angle)(x - c), d = |q| - a (componentwise):
 *                psi = |max(d, 0)| + min(max(dx, dy), 0) (derivation in cap_solid.c);
 *   disc         centre (cx, cy), radius R, solid inside: psi = |x - c| - R;
 *   container    the complement of a disc (solid outside the circle): psi = R - |x - c|;
 *   union        of up to CAP_SOLID_MAX_PARTS primitives: psi = min_k psi_k, the normal that of the
 *                minimising part (the first on ties); exact in the fluid and on the zero contour, a
 *                bound of the depth inside (the CSG rule of Hart 1996, "Sphere tracing", The Visual
 *                Computer 12, 527).
 * Where psi is not differentiable (the medial axis: diagonals inside a box, creases of a union) the
 * normal is the gradient of the branch that wins the min/max, still a unit vector; at the centre of a
 * disc or container (nx, ny) = (0, 0).
 *
 * GEOMETRY. CAP_GEOM_PLANAR; CAP_GEOM_AXI in cap_solid_sample and the sampled field, the same formulas
 * in the meridian plane (x = r, y = z): psi is then the 3D distance to the solid of revolution when the
 * shape lies in r >= 0 or is symmetric about r = 0 (cap_fmm.h). CAP_GEOM_3D is CAP_EGEOM.
 * MEMORY. The constructors allocate; cap_solid_eval, cap_solid_sample and cap_solid_fluid_fraction
 * never allocate and only read the solid, so one solid can serve several threads.
 */
#ifndef CAP_SOLID_H
#define CAP_SOLID_H

#include "cap_grid.h"
#include "cap_state.h"

typedef struct cap_solid cap_solid;

/* Largest number of primitives in a union. */
#define CAP_SOLID_MAX_PARTS 8

/* Constructors: *out receives a new solid (NULL on failure). Lengths in m, angles in radians.
 * CAP_EINVAL for out == NULL, CAP_EDOM (the message names the parameter and its allowed range) for a
 * non-finite point, centre or angle, a zero or non-finite normal, a half size or radius <= 0,
 * CAP_ENOMEM if the allocation fails. */
int cap_solid_halfplane_alloc(cap_solid **out, double px, double py, double nx, double ny);
int cap_solid_box_alloc(cap_solid **out, double cx, double cy, double ax, double ay, double angle);
int cap_solid_disc_alloc(cap_solid **out, double cx, double cy, double radius);
int cap_solid_container_alloc(cap_solid **out, double cx, double cy, double radius);

/* The union of parts[0..n-1] (primitives or unions of primitives, copied: the parts may be freed
 * afterwards). CAP_EDOM unless 1 <= n and the total number of primitives is <= CAP_SOLID_MAX_PARTS;
 * CAP_EINVAL for a NULL part or a sampled part. */
int cap_solid_union_alloc(cap_solid **out, int n, const cap_solid *const *parts);

/* A sampled field: psi at the cell centres of grid g, -ng <= i < nx + ng, -ng <= j < ny + ng, ghosts
 * filled (e.g. by cap_solid_sample from an exact solid, or cap_grid_fill_ghosts, CAP_GHOST_LINEAR); g and
 * the field are copied. psi(x, y) is the bilinear interpolant of the centre values on the hull of the
 * stored centres, x0 + (1/2 - ng) h <= x <= x0 + (nx + ng - 1/2) h (likewise y): exact for linear
 * fields, O(h^2) for smooth ones. Its gradient is the central difference of the interpolant with step h
 * (O(h^2); the standard central difference at a centre), cut at the hull's edge within h of it
 * (one-sided, O(h)). psi need not be a distance (the normal is normalised; (0, 0) where the gradient
 * vanishes). CAP_EGEOM for a 3D grid, CAP_ENONFINITE (naming the cell) for a non-finite value. */
int cap_solid_sampled_alloc(cap_solid **out, const cap_grid *g, const double *psi);

/* A box holding the solid (psi < 0 only inside it): exact for discs and boxes and their unions,
 * infinite for half-planes and containers, the hull of the centres for a sampled field. It lets a
 * caller scan only the cells near a small solid. */
int cap_solid_bounds(const cap_solid *s, double *xlo, double *xhi, double *ylo, double *yhi);

/* Moves a solid by (dx, dy) in place (a rigid body's new position): every primitive's point or centre.
 * CAP_EDOM for a non-finite shift, CAP_EINVAL for a sampled field (its grid does not move). */
int cap_solid_translate(cap_solid *s, double dx, double dy);

/* PARTS. The primitives of a solid are its parts, numbered in the order of construction (a union's
 * parts flattened: cap_solid_union_alloc(2, {A, B}) with A a union of two has parts A0, A1, B); a
 * primitive or a sampled field is one part, 0. Several bodies in one domain are one union, each body
 * a part: the virtual surface gives each part its own contact angle (cap_contact_set_part_angles), the
 * flow its own rigid motion (cap_ns_bounds.motion[part]), cap_force the force on each
 * (cap_force_on_part). The functions below take part = 0 .. cap_solid_parts(s) - 1, or
 * CAP_SOLID_WHOLE for the whole solid (what cap_solid_eval, _bounds and _translate do); another part
 * is CAP_EDOM, naming it and the range. */
#define CAP_SOLID_WHOLE (-1)

/* The number of parts (primitives) of s; 0 for NULL. */
int cap_solid_parts(const cap_solid *s);

/* psi and the normal of part `part` alone (a primitive's exact signed distance), as cap_solid_eval. */
int cap_solid_part_eval(const cap_solid *s, int part, double x, double y, double *psi, double *nx, double *ny);

/* The part whose psi is least at (x, y): the one that gives the union its psi and normal there (the
 * first on ties). Inside the solid, the part that holds the point (the deepest, if parts overlap). */
int cap_solid_part_at(const cap_solid *s, double x, double y, int *part);

/* cap_solid_bounds and cap_solid_translate of one part (a body of a union moves alone). */
int cap_solid_part_bounds(const cap_solid *s, int part, double *xlo, double *xhi, double *ylo, double *yhi);
int cap_solid_part_translate(cap_solid *s, int part, double dx, double dy);

/* Releases a solid; NULL is accepted. */
void cap_solid_free(cap_solid *s);
/* Visits s's placement (cap_state.h): "solid.parts", its primitives with their positions (what
 * cap_solid_translate moves); a sampled solid's field is fixed and not visited. CAP_EINVAL for a
 * NULL s or f. */
int cap_solid_visit(cap_solid *s, cap_state_fn f, void *user);

/* psi and the unit normal n_s at (x, y); any of psi, nx, ny may be NULL. CAP_EDOM for a non-finite
 * point, or for a sampled field a point outside the hull of its centres (the message gives the range). */
int cap_solid_eval(const cap_solid *s, double x, double y, double *psi, double *nx, double *ny);

/* psi at every point of the lattice `loc` of grid g, interior and ghosts: cell centres
 * -ng <= i < nx + ng; x-faces -ng <= i <= nx + ng; y-faces -ng <= j <= ny + ng (the other index as for
 * cells). Other entries of `field` are left untouched. PLANAR and AXI; CAP_EGEOM for 3D, CAP_EDOM for
 * loc = CAP_AT_ZFACE or a point outside a sampled field's hull (then the field is partly filled). */
int cap_solid_sample(const cap_solid *s, const cap_grid *g, cap_location loc, double *field);

/* The fluid (psi > 0) area fraction of cell (i, j) of g, -ng <= i < nx + ng, -ng <= j < ny + ng, in
 * [0, 1]: psi is replaced by its linear model at the cell centre c, psi(c) + grad psi(c).(x - c), and
 * the square is cut exactly by that line (cap_subcell_square_fraction, Scardovelli & Zaleski 2000).
 * Exact for a straight surface; for a surface of curvature radius R the error is O(h / R) per cut cell
 * and the summed area is O(h^2) (tests/test_solid.c). A cell whose centre is at least h / sqrt(2) from
 * the surface of a distance field is 0 or 1 exactly. PLANAR only (CAP_EGEOM for AXI and 3D); CAP_EDOM
 * for (i, j) outside the range. */
int cap_solid_fluid_fraction(const cap_solid *s, const cap_grid *g, int i, int j, double *frac);

#endif
