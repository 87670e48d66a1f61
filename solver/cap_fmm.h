/* cap_fmm: fast marching on the MAC grid: redistancing of a level set and extrapolation of a field
 * along the interface normals.
 *
 * Geometry: CAP_GEOM_PLANAR and CAP_GEOM_AXI (the metric r does not enter a distance: for a surface of
 * revolution the closest point of a point (r, z) lies in its own meridian half-plane, since a point of
 * the opposite half-plane is at sqrt((r + r')^2 + dz^2) >= sqrt((r - r')^2 + dz^2); the axis r = 0 is
 * then an ordinary edge of the half-plane). CAP_GEOM_3D returns CAP_EGEOM for now; the code keeps the
 * direction loops generic. Periodic sides wrap; every other side is an edge of the domain, where the
 * stencils become one-sided (ghost values are neither read nor written: fill them afterwards).
 *
 * Conventions: liquid where phi < 0, air where phi > 0; a cell with phi == 0 lies on the interface
 * and counts as air when sign changes are detected. `band` is a half-width in cells (>= 1).
 *
 * 1. Redistancing (cap_fmm_redistance), Sethian (1996, PNAS 93, 1591), Sethian (1999, book, ch. 8).
 *    The sign of every cell is kept exactly (phi < 0 stays < 0, phi > 0 stays > 0, 0 stays 0).
 *    a) Initialisation of the cells with a 4-neighbour of the other sign ("interface cells"), whose
 *       values are then frozen, so that the zero contour does not move:
 *       order 1: linear crossings along the grid axes, theta_d = phi_P / (phi_P - phi_N) for the
 *         nearer crossing along axis d; the interface is taken as the straight line (plane) through
 *         the crossings, d = 1 / sqrt(sum_d 1 / (theta_d h)^2) (the standard initialisation that
 *         Chopp 2001 improves on). Exact for a straight interface crossing both axes within one cell;
 *         where only one axis is crossed it overestimates the distance by a factor up to sqrt(2), by
 *         at most (1 - 1/sqrt(2)) h: first order.
 *       order 2: the distance, along the gradient direction g^ = grad phi / |grad phi|, to the zero of
 *         the local quadratic Taylor model  phi(P - t g^) ~ phi_P - t |g| + t^2 a / 2,  a = g^.H.g^,
 *           t = 2 phi_P / (|g| + sqrt(|g|^2 - 2 a phi_P)),
 *         with g and the Hessian H by central differences (one-sided at an edge of the domain). For an
 *         interface cell (at distance d <= h) the model's remainder is O(d^3) and the gradient direction
 *         deviates from the normal of the foot point by O(d), which changes the distance by O(d^3):
 *         the initial values are O(h^3) accurate, i.e. better than second order. This replaces
 *         Chopp's (2001) bicubic interpolation + Newton projection by a one-step projection onto a
 *         quadratic model of the same 3x3 stencil (both are exact for a straight interface). The
 *         first-order value replaces it where the model is unusable (|g| = 0, no real root, or a
 *         root farther than the first-order estimate plus h / 2, which only an under-resolved,
 *         O(h)-scale feature produces); such cells are counted in cap_fmm_stats.n_fallback.
 *    b) Marching outward on both sides at once with a binary min-heap on |phi|; a cell is updated
 *       only from accepted cells of its own side. The update solves
 *         sum_d c_d max(u - beta_d, 0)^2 = 1
 *       with, per axis, the smaller accepted neighbour value a1 (and a2 the next one beyond it):
 *         order 1 (Sethian 1996: sum_d max(D-d u, -D+d u, 0)^2 = 1 / F^2 with F = 1):
 *           c = 1 / h^2, beta = a1;
 *         order 2 (Sethian 1999, sec. 8.2: the one-sided difference (3u - 4 a1 + a2) / 2h where a2 is
 *           accepted; we also require a2 of the same side and a2 <= a1, so that the stencil stays
 *           upwind; otherwise the first-order term):
 *           c = 9 / (4 h^2), beta = (4 a1 - a2) / 3.
 *       Terms enter in increasing beta while the root exceeds the next beta (causality), so the root
 *       always exists and u >= every beta used. After accepting a cell, the tentative values of the
 *       cells up to two steps away along the axes are recomputed (it may be their a2). The march
 *       stops at band*h; cells not accepted get |phi| = band*h.
 *       A grid without an interface (phi of one sign) is valid: every cell gets sign * band * h (the
 *       distance to an empty interface is infinite, clamped like everything beyond the band), and
 *       stats.n_init = 0 tells the caller.
 *
 * 2. Extrapolation along the normal (cap_fmm_extrapolate), Adalsteinsson & Sethian (1999, J. Comput.
 *    Phys. 148, 2): grad q . grad phi = 0 is solved with upwind differences, point by point in
 *    increasing phi (a heap on phi), from the known points into the unknown points with phi < band h
 *    (strictly: the cells that cap_fmm_redistance clamped to band h with the same band are left out).
 *      order 1 (A&S 1999): per axis the accepted neighbour of smaller phi (phi_1 < phi_P), and
 *        Dphi = (phi_P - phi_1) / h, Dq = (q_P - q_1) / h; q_P is a convex combination of upwind values
 *        (a discrete maximum principle).
 *      order 2: Dphi_d = centred difference of phi (phi is given everywhere; one-sided second order at
 *        an edge of the domain), and Dq_d one-sided towards smaller phi, (3 q_P - 4 q_1 + q_2) / 2h
 *        when q_1 and q_2 are accepted (Sethian 1999, sec. 8.2), (q_P - q_1) / h when only q_1 is.
 *        Where q_1 is not accepted yet (P is the minimum of phi along that axis, so |Dphi_d| = O(h)),
 *        Dphi_d Dq_d enters explicitly with Dq_d a centred difference on the accepted row upwind
 *        along the dominant other axis (O(h) accurate, enough for an O(h) coefficient). Without that
 *        term, or with upwind first-order differences of phi there, the column of cells aligned with
 *        the normal makes an O(h^2) error per step that piles up into O(h) along the column.
 *    sum_d Dphi_d Dq_d = 0 then gives q_P. Every difference used is exact for linear functions, so if
 *    phi and q are linear with grad q . grad phi = 0 (a straight interface, q linear along it) the
 *    discrete equation holds for the exact values and the extrapolation is exact up to rounding, for
 *    either order (where the upwind data lie inside the domain). Accuracy needs smooth normals: with
 *    phi the exact distance the error in a band of fixed width is O(h) / O(h^2); with phi from the
 *    fast march itself (O(h^2) but not smooth errors, hence O(h) normals) both orders are O(h).
 *    A point with no upwind information but some accepted neighbour takes their mean; a point with
 *    no accepted neighbour at all is left unchanged and counted in stats.n_unreached.
 *    linear (CAP_FMM_LINEAR): q linear along the normals, the second-order extrapolation of Aslam
 *      (2004, J. Comput. Phys. 193, 349) done by two marches: the normal derivative dn = n . grad q
 *      (n = grad phi / |grad phi| centred; q differences centred on the known points, one-sided into
 *      them at the edge of the known set) is extended constant by the order-2 march, then q is marched
 *      with the order-2 stencil from grad q . grad phi = |grad phi| dn. A linear q is reproduced to
 *      the accuracy of the normals (measured on a perturbed circle with phi from reinitialisation:
 *      4e-5, 2.5e-6, 1.6e-7 at 25.6, 51.2, 102.4 cells across, where the constant extensions err by
 *      about the distance times the normal derivative, ~1.2 h).
 *    The same function serves cell-centred and face-centred fields: the caller passes the location,
 *    the field's own known mask and phi sampled at the field's points (cap_fmm_sample_phi). Points of
 *    every location form a lattice of spacing h, so the stencils are the same.
 *
 * Memory: every work array lives in the workspace (cap_fmm_alloc); the calls never allocate.
 *
 * Use in a time step (velocity extrapolation into the air, u on x-faces; v likewise on YFACE):
 *   cap_fmm_redistance(ws, g, phi, band, CAP_FMM_ORDER2, NULL);
 *   cap_fmm_sample_phi(g, phi, CAP_AT_XFACE, phi_u);
 *   known[k] = phi_u[k] < 0 (or the solver's own mask of valid faces) for every x-face k;
 *   cap_fmm_extrapolate(ws, g, CAP_AT_XFACE, phi_u, known, u, band, CAP_FMM_ORDER2, NULL);
 */
#ifndef CAP_FMM_H
#define CAP_FMM_H

#include <stddef.h>

#include "cap_grid.h"

/* ORDER1, ORDER2: the order of the discretisation (both extend a field constant along the normals,
 * and both redistance); LINEAR (cap_fmm_extrapolate only): a field linear along the normals (see 2.). */
typedef enum { CAP_FMM_ORDER1 = 1, CAP_FMM_ORDER2 = 2, CAP_FMM_LINEAR = 3 } cap_fmm_order;

/* Fields are located by cap_location (cap_grid.h); the points of a location are
 *   CAP_AT_CELL  (i, j), 0 <= i < nx,  0 <= j < ny
 *   CAP_AT_XFACE (i, j), 0 <= i <= nx, 0 <= j < ny    (i < nx in an x-periodic grid: face nx duplicates 0)
 *   CAP_AT_YFACE (i, j), 0 <= i < nx,  0 <= j <= ny   (likewise in y)
 * addressed with cap_grid_idx like every field. */

/* What a call did (optional output; pass NULL to ignore). */
typedef struct {
  size_t n_init;      /* redistance: interface cells initialised; extrapolate: known points */
  size_t n_marched;   /* points given a value by the march (redistance: |phi| <= band h) */
  size_t n_clamped;   /* redistance: cells set to sign * band * h */
  size_t n_fallback;  /* redistance, order 2: interface cells that used the first-order estimate */
  size_t n_unreached; /* extrapolate: points with phi < band h left unchanged (no known neighbour) */
} cap_fmm_stats;

typedef struct cap_fmm_workspace cap_fmm_workspace;

/* A workspace for fields of grid g (any geometry; 3D is accepted here so that memory can be sized,
 * the operators return CAP_EGEOM). *ws is NULL on failure. */
int cap_fmm_alloc(const cap_grid *g, cap_fmm_workspace **ws);
void cap_fmm_free(cap_fmm_workspace *ws);

/* Replaces the cell-centred phi (interior cells) by the signed distance to its zero contour within
 * `band` cells, sign * band * h beyond (see 1. above). Errors: CAP_EINVAL (NULL pointer),
 * CAP_EGEOM (3D), CAP_ESIZE (ws made for another grid), CAP_EDOM (band < 1 or not finite, order not
 * 1 or 2), CAP_ENONFINITE (a NaN/inf in phi; phi is then unchanged), and cap_grid_check_bc's codes. */
int cap_fmm_redistance(cap_fmm_workspace *ws, const cap_grid *g, double *phi, double band,
                       cap_fmm_order order, cap_fmm_stats *stats);

/* phi sampled at the points of `loc` from the cell-centred phi: the mean of the two cells beside a
 * face; at a face on a non-periodic edge of the domain, the linear extrapolation 1.5 phi_0 - 0.5 phi_1
 * from the interior (phi_0 if there is one cell); periodic directions wrap. Ghost cells of phi are
 * not read. Writes the points of loc only (with, in a periodic direction, the duplicate face).
 * Errors: CAP_EINVAL, CAP_EGEOM, cap_grid_check_bc's codes as above, CAP_EDOM (loc). */
int cap_fmm_sample_phi(const cap_grid *g, const double *phi, cap_location loc, double *phi_s);

/* Extrapolates q, given at the points of `loc` where known[idx] != 0, to the points with
 * known[idx] == 0 and phi_s[idx] < band * h (see 2. above); other points are not touched. phi_s is
 * phi at the points of loc (e.g. from cap_fmm_sample_phi; a signed distance gives the normals); to
 * extrapolate the other way (e.g. from the air into the liquid), pass -phi_s. In
 * an x-periodic grid the XFACE at i = nx is set equal to i = 0 (likewise YFACE in y). Errors as for
 * cap_fmm_redistance, plus CAP_EDOM for loc, and CAP_ENONFINITE for a NaN/inf in phi_s or in a known
 * q (q is then unchanged). */
int cap_fmm_extrapolate(cap_fmm_workspace *ws, const cap_grid *g, cap_location loc, const double *phi_s,
                        const unsigned char *known, double *q, double band, cap_fmm_order order,
                        cap_fmm_stats *stats);

#endif
