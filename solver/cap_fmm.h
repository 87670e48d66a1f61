/* cap_fmm: fast marching on the MAC grid: redistancing of a level set and extrapolation of a field
 * along the interface normals.
 *
 * OWNS. cap_fmm_redistance: phi replaced by the signed distance to its zero contour within a band,
 * the sign of every cell kept exactly and the interface cells frozen (Sethian 1996, PNAS 93, 1591;
 * Sethian 1999, book, ch. 8). cap_fmm_extrapolate: a field q given on known points extended into the
 * unknown points by solving grad q . grad phi = 0 upwind, point by point in increasing phi
 * (Adalsteinsson & Sethian 1999, J. Comput. Phys. 148, 2), or with CAP_FMM_LINEAR q linear along the
 * normals (Aslam 2004, J. Comput. Phys. 193, 349). The same call serves cell- and face-centred fields:
 * the points of every location form a lattice of spacing h, so the stencils are the same; and the
 * same code serves 2D and 3D: every stencil is a sum over the grid's axes.
 *
 * CONVENTIONS. Liquid where phi < 0, air where phi > 0; a cell with phi == 0 lies on the interface and
 * counts as air when sign changes are detected. `band` is a half-width in cells (>= 1). Periodic sides
 * wrap; every other side is an edge of the domain, where the stencils become one-sided (ghost values
 * are neither read nor written: fill them afterwards).
 *
 * GEOMETRY. CAP_GEOM_PLANAR and CAP_GEOM_AXI (the metric r does not enter a distance: the closest point
 * of a surface of revolution lies in the point's own meridian half-plane), and CAP_GEOM_3D on the
 * uniform grid (the same stencils over three axes; z-faces a fourth lattice; WALL, SLIP, OPEN and
 * PERIODIC sides, the non-periodic ones edges as above). Every work array lives in the workspace; the
 * calls never allocate.
 *
 * THREADS. One march is sequential (a heap); cap_fmm_extrapolate_fields marches several fields side by
 * side, one workspace per thread (fields sharing a workspace one after the other).
 *
 * USE in a time step (velocity extrapolation into the air, u on x-faces; v likewise on YFACE):
 *   cap_fmm_redistance(ws, g, phi, band, CAP_FMM_ORDER2, NULL);
 *   cap_fmm_sample_phi(g, phi, CAP_AT_XFACE, phi_u);
 *   known[k] = phi_u[k] < 0 (or the solver's own mask of valid faces) for every x-face k;
 *   cap_fmm_extrapolate(ws, g, CAP_AT_XFACE, phi_u, known, u, band, CAP_FMM_ORDER2, NULL);
 * or both components at once, in two workspaces (or one after the other in one: {ws, ws}):
 *   cap_fmm_field f[2] = {{CAP_AT_XFACE, phi_u, known_u, u}, {CAP_AT_YFACE, phi_v, known_v, v}};
 *   cap_fmm_extrapolate_fields((cap_fmm_ws *[]){ws_u, ws_v}, g, 2, f, band, CAP_FMM_ORDER2, NULL);
 * Rationale and measurements: docs/design/fast-marching.md.
 */
#ifndef CAP_FMM_H
#define CAP_FMM_H

#include <stddef.h>

#include "cap_grid.h"

/* ORDER1, ORDER2: the order of the discretisation (both redistance, both extend a field constant along
 * the normals); LINEAR (cap_fmm_extrapolate only): a field linear along the normals. */
typedef enum { CAP_FMM_ORDER1 = 1, CAP_FMM_ORDER2 = 2, CAP_FMM_LINEAR = 3 } cap_fmm_order;

/* Fields are located by cap_location (cap_grid.h); the points of a location are
 *   CAP_AT_CELL  (i, j), 0 <= i < nx,  0 <= j < ny
 *   CAP_AT_XFACE (i, j), 0 <= i <= nx, 0 <= j < ny    (i < nx in an x-periodic grid: face nx duplicates 0)
 *   CAP_AT_YFACE (i, j), 0 <= i < nx,  0 <= j <= ny   (likewise in y)
 * addressed with cap_grid_idx like every field; in 3D each also over 0 <= k < nz (CAP_AT_ZFACE:
 * 0 <= k <= nz, likewise in z), addressed with cap_grid_idx3. */

/* What a call did (optional output; pass NULL to ignore). */
typedef struct {
  size_t n_init;      /* redistance: interface cells initialised; extrapolate: known points */
  size_t n_marched;   /* points given a value by the march (redistance: |phi| <= band h) */
  size_t n_clamped;   /* redistance: cells set to sign * band * h */
  size_t n_fallback;  /* redistance, order 2: interface cells that used the first-order estimate */
  size_t n_unreached; /* extrapolate: points with phi < band h left unchanged (no known neighbour) */
} cap_fmm_stats;

typedef struct cap_fmm_ws cap_fmm_ws;

/* A workspace for fields of grid g (any geometry): 17 bytes per entry of g (g->size entries, at most
 * 2^32 - 1: CAP_ESIZE). *ws is NULL on failure. */
int cap_fmm_ws_alloc(cap_fmm_ws **ws, const cap_grid *g);
void cap_fmm_ws_free(cap_fmm_ws *ws);

/* Replaces the cell-centred phi (interior cells) by the signed distance to its zero contour within
 * `band` cells, sign * band * h beyond; the sign of every cell is kept (0 stays 0).
 * a) Interface cells (an axis neighbour of the other sign: 4 in 2D, 6 in 3D) are initialised and
 *    frozen:
 *    order 1: d = 1 / sqrt(sum_d 1 / (theta_d h)^2), theta_d = phi_P / (phi_P - phi_N) the nearer linear
 *      crossing along axis d (the line, in 3D the plane, through the crossings; exact for a straight
 *      interface crossing every axis within the cell, else up to (1 - 1/sqrt(2)) h too large in 2D);
 *    order 2: t = 2 phi_P / (|g| + sqrt(|g|^2 - 2 a phi_P)), the zero along g^ = g / |g| of the quadratic
 *      model phi(P - t g^) ~ phi_P - t |g| + t^2 a / 2, a = g^.H.g^, g and H by central differences
 *      (one-sided at an edge): O(h^3); the order-1 value where |g| = 0, there is no real root, or the
 *      root lies beyond the order-1 value plus h/2 (counted in n_fallback). 3D: H with its three mixed
 *      terms.
 * b) Marching outward on both sides with a min-heap on |phi|, a cell updated only from accepted cells
 *    of its side, solving sum_d c_d max(u - beta_d, 0)^2 = 1 with, per axis, the smaller accepted
 *    neighbour a1 (a2 the next one beyond): order 1 c = 1/h^2, beta = a1 (Sethian 1996); order 2
 *    c = 9/(4 h^2), beta = (4 a1 - a2)/3 where a2 is accepted, of the same side and a2 <= a1 (Sethian
 *    1999, sec. 8.2), else the order-1 term. Terms enter in increasing beta while the root exceeds the
 *    next beta. The march stops at band h; cells not accepted get sign * band * h. A grid without an
 *    interface is valid: every cell gets sign * band * h and stats.n_init = 0.
 * Errors: CAP_EINVAL (NULL pointer), CAP_EGEOM (a grid not initialised), CAP_ESIZE (ws made for another
 * grid), CAP_EDOM (band < 1 or not finite, order not 1 or 2), CAP_ENONFINITE (a NaN/inf in phi; phi is
 * then unchanged), and cap_grid_check_bc's codes. */
int cap_fmm_redistance(cap_fmm_ws *ws, const cap_grid *g, double *phi, double band, cap_fmm_order order,
                       cap_fmm_stats *stats);

/* phi sampled at the points of `loc` from the cell-centred phi: the mean of the two cells beside a
 * face; at a face on a non-periodic edge of the domain, the linear extrapolation 1.5 phi_0 - 0.5 phi_1
 * from the interior (phi_0 if there is one cell); periodic directions wrap. Ghost cells of phi are
 * not read. Writes the points of loc only (with, in a periodic direction, the duplicate face).
 * Errors: CAP_EINVAL, CAP_EGEOM, cap_grid_check_bc's codes as above, CAP_EDOM (loc: up to YFACE in 2D,
 * ZFACE in 3D). */
int cap_fmm_sample_phi(const cap_grid *g, const double *phi, cap_location loc, double *phi_s);

/* Extrapolates q, given at the points of `loc` where known[idx] != 0, to the points with
 * known[idx] == 0 and phi_s[idx] < band * h (strictly: not those cap_fmm_redistance with the same band
 * would clamp); other points are not touched. sum_d Dphi_d Dq_d = 0 gives q_P, in increasing phi:
 *   order 1: per axis the accepted neighbour of smaller phi, Dphi = (phi_P - phi_1)/h, Dq = (q_P -
 *     q_1)/h: q_P is a convex combination of upwind values (a discrete maximum principle);
 *   order 2: Dphi_d centred (one-sided second order at an edge), Dq_d one-sided towards smaller phi,
 *     (3 q_P - 4 q_1 + q_2)/2h when q_1, q_2 are accepted, (q_P - q_1)/h when only q_1 is; where q_1 is
 *     not accepted yet, Dphi_d Dq_d enters explicitly with Dq_d centred on the accepted row upwind along
 *     the dominant other axis;
 *   LINEAR: dn = n . grad q at the known points (n = grad phi / |grad phi| centred) extended by the
 *     order-2 march, then q marched with grad q . grad phi = |grad phi| dn.
 * Exact up to rounding for phi and q linear with grad q . grad phi = 0 (LINEAR: q linear along the
 * normals) where the upwind data lie in the domain. A point with no upwind information but some
 * accepted neighbour takes their mean; one with none is left unchanged (stats.n_unreached). phi_s is
 * phi at the points of loc (e.g. from cap_fmm_sample_phi; a signed distance gives the normals); to
 * extrapolate the other way (e.g. from the air into the liquid), pass -phi_s. In an x-periodic grid
 * the XFACE at i = nx is set equal to i = 0 (likewise YFACE in y, ZFACE in z). Errors as for cap_fmm_redistance
 * (order 1, 2 or LINEAR), plus CAP_EDOM for loc, and CAP_ENONFINITE for a NaN/inf in phi_s or in a
 * known q (q is then unchanged). */
int cap_fmm_extrapolate(cap_fmm_ws *ws, const cap_grid *g, cap_location loc, const double *phi_s,
                        const unsigned char *known, double *q, double band, cap_fmm_order order, cap_fmm_stats *stats);

/* One field of cap_fmm_extrapolate_fields: q at the points of loc, given where known != 0; phi_s is
 * phi at those points. */
typedef struct {
  cap_location loc;
  const double *phi_s;
  const unsigned char *known;
  double *q;
} cap_fmm_field;

/* Most fields of one call: the velocity components of a 3D grid. */
#define CAP_FMM_MAX_FIELDS 3

/* cap_fmm_extrapolate of n fields (1 <= n <= CAP_FMM_MAX_FIELDS) with one band and order, field k in
 * workspace ws[k]. Every field is checked first, in order, and on an error no q is changed. The fields
 * of one workspace form a lane, marched one after the other in their order; the lanes run side by side,
 * one per thread (cap_par: when cap_par_go(n g->size)); each march is that of cap_fmm_extrapolate, so
 * the results are bitwise the same for any number of threads or workspaces. stats: NULL, or n
 * entries, one per field. The q arrays must be distinct (else CAP_EINVAL), and no q may be another
 * field's phi_s or known. Errors: those of cap_fmm_extrapolate, CAP_EINVAL (ws or f NULL, a shared q),
 * CAP_EDOM (n). */
int cap_fmm_extrapolate_fields(cap_fmm_ws *const *ws, const cap_grid *g, int n, const cap_fmm_field *f, double band,
                               cap_fmm_order order, cap_fmm_stats *stats);

#endif
