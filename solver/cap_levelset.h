/* cap_levelset: the level-set kernels on a cap_grid.
 *
 * OWNS. phi's ghost cells (walls, open sides, periodic sides, the axis; walls with a contact angle
 * through the contact module, cap_contact_fill_walls), its advection, curvature, normals, interface
 * crossings, the liquid's area or volume, and its reinitialisation, in 2D and 3D; with solids inside the domain
 * (cap_levelset_ws_set_vsurf) the continuation into the solid cells is rewritten at every stage
 * (cap_vsurf_fill), never evolved.
 *
 * CONVENTIONS. phi is a cell-centred signed distance (cap_grid array) with the LIQUID where phi < 0.
 * The functions fill phi's ghost cells themselves (cap_levelset_fill_ghosts), so callers keep interior
 * values only; those functions take every contact angle explicitly (const cap_contact *ct: the
 * walls' and, with solids, the solids'; NULL: no angle anywhere, linear extrapolation at every wall).
 * kappa > 0 for a convex liquid region (a drop); in AXI and 3D the sum of the two principal
 * curvatures (2/R on a sphere). SI units; AXI: x = r, y = z.
 *
 * EQUATIONS AND SOURCES (details at each declaration):
 *   advection          phi_t + u . grad(phi) = 0, HJ-WENO5 (Jiang & Peng 2000, SIAM J. Sci. Comput. 21,
 *                      2126, Sec. 3; epsilon of Fedkiw, Aslam, Merriman & Osher 1999) with TVD-RK3
 *                      (Shu & Osher 1988, J. Comput. Phys. 77, 439);
 *   curvature          kappa = div(grad phi / |grad phi|), AXI plus phi_r / (r |grad phi|), 3D with the
 *                      mixed derivatives (Osher & Fedkiw 2003, Level Set Methods..., Sec. 1.4);
 *   reinitialisation   phi_tau + S(phi0) (|grad phi| - 1) = 0 (Sussman, Smereka & Osher 1994), Godunov
 *                      upwinding (Rouy & Tourin 1992), subcell interface (Russo & Smereka 2000,
 *                      J. Comput. Phys. 163, 51; du Chene, Min & Gibou 2008, J. Sci. Comput. 35, 114);
 *   contact angle      ghost cells continue phi with grad(phi) . n_s = cos(theta) at the wall (Wang,
 *                      Mucha & Turk 2005, Fig. 4a), the slope following phi's near a contact point
 *                      (the rule and its constants: cap_contact.h).
 *
 * VALIDITY. 2D planar and AXI; 3D (uniform grid, WALL, SLIP, OPEN, PERIODIC sides) without solids
 * (CAP_EGEOM); 3D walls take one contact angle per side (no per-position angles). Advection needs
 * nghost >= 3. Rationale and measurements: docs/design/levelset.md (3D: its "3D" section),
 * docs/design/contact-angle.md.
 */
#ifndef CAP_LEVELSET_H
#define CAP_LEVELSET_H

#include "cap_contact.h"
#include "cap_grid.h"
#include "cap_vsurf.h"

typedef struct cap_levelset_ws cap_levelset_ws;

/* Workspace for advection and reinitialisation on grid g (copied) into *out (NULL on failure);
 * CAP_EINVAL for a NULL argument, CAP_ENOMEM.
 * ERRORS common to the functions below: CAP_EINVAL (a NULL argument), CAP_EGEOM (a solid's contact angle
 * in ct, or solids, on a 3D grid), CAP_EDOM (too few ghost layers: advection and reinitialisation need 3), CAP_ESIZE
 * (a workspace of another grid). */
int cap_levelset_ws_alloc(cap_levelset_ws **out, const cap_grid *g);
void cap_levelset_ws_free(cap_levelset_ws *w);

/* Solids inside the domain (NULL: none): advection and reinitialisation then keep the solid cells as
 * the continuation of cap_vsurf_fill at the solid angles of ct (written at every stage, never evolved),
 * and a sign change towards a solid cell anchors nothing in the reinitialisation, as at a wall of the
 * box. The ws keeps the pointer; vs must outlive its use. CAP_EINVAL for a NULL w. */
int cap_levelset_ws_set_vsurf(cap_levelset_ws *w, const cap_vsurf *vs);

/* A NARROW BAND: with band = B > 0 cells, advection and reinitialisation update only the interior cells
 * with |phi| < B h at the start of the call and their four (3D: six) neighbours (the interface moves less than a
 * cell in a step, so the band follows it); every other interior cell is set to the clamped distance
 * sign(phi) B h and kept there. B = 0 (a new workspace's) updates every interior cell. The least band,
 * CAP_LEVELSET_MIN_BAND, keeps an interface cell's WENO5 stencil (3 cells each way) and the stencils of
 * its neighbours clear of the clamped cells; CAP_LEVELSET_BAND is the band the solver uses by default
 * (cap_ns_params.levelset_band), the narrowest whose experiments' figures agree with every cell's
 * (measurements: docs/design/levelset.md). Sets B for the calls that follow; CAP_EINVAL for a NULL w,
 * CAP_EDOM for B outside 0 and [CAP_LEVELSET_MIN_BAND, CAP_LEVELSET_MAX_BAND]. */
#define CAP_LEVELSET_MIN_BAND 6
#define CAP_LEVELSET_BAND     10
#define CAP_LEVELSET_MAX_BAND (1 << 20)
int cap_levelset_ws_set_band(cap_levelset_ws *w, int cells);

/* Fills the ghost cells of phi: linear extrapolation at walls and open sides, wrap at periodic sides,
 * even mirror at the axis (cap_grid_fill_ghosts, CAP_GHOST_LINEAR); then the walls with a contact angle
 * in ct (cap_contact_fill_walls: grad(phi) . n_s = cos(theta) at the wall, the slope following phi's
 * near a contact point or line; 3D: a wall at 90 degrees (to 1e-12 rad) a symmetry plane, phi's even
 * mirror phi(-1 - m) = phi(m) over its ghost layers). Errors: CAP_EINVAL (NULL phi), CAP_EGEOM
 * (3D with a solid's angle in ct), those of cap_grid_fill_ghosts and cap_contact_fill_walls (CAP_EDOM for
 * a per-position angle outside (0, pi), CAP_ESIZE for a ct of another grid). */
int cap_levelset_fill_ghosts(const cap_grid *g, const cap_contact *ct, double *phi);

/* One time step dt >= 0 of phi_t + u . grad(phi) = 0 on the band's cells (every interior cell without
 * a band; see cap_levelset_ws_set_band): the face velocities (u on x-faces, v on y-faces, w on z-faces:
 * NULL in 2D, required in 3D, CAP_EINVAL; interior and boundary faces must be set) averaged to cell
 * centres, HJ-WENO5 derivatives upwinded by the sign of the centre velocity along each axis (smoothness
 * epsilon 1e-6 max v^2 + 1e-99), TVD-RK3 in time. Planar, AXI (the same transport equation) and 3D.
 * Errors: the common ones, CAP_EDOM (dt), CAP_ENONFINITE naming the cell if a non-finite value is met (in
 * phi on entry, or in an updated cell). */
int cap_levelset_advect(const cap_grid *g, const cap_contact *ct, double *phi, const double *u, const double *v,
                        const double *w, double dt, cap_levelset_ws *ws);

/* Curvature at every interior cell centre (ghost cells of phi are filled), by second-order central
 * differences: kappa = (phi_xx phi_y^2 - 2 phi_x phi_y phi_xy + phi_yy phi_x^2) / |grad phi|^3, plus
 * phi_r / (r |grad phi|) on AXI grids (the sum of the two principal curvatures); in 3D
 * (phi_xx (phi_y^2 + phi_z^2) + phi_yy (phi_x^2 + phi_z^2) + phi_zz (phi_x^2 + phi_y^2)
 *  - 2 (phi_x phi_y phi_xy + phi_x phi_z phi_xz + phi_y phi_z phi_yz)) / |grad phi|^3 (the sum of the two
 * principal curvatures); 0 where |grad phi| vanishes. kappa may not alias phi (CAP_EINVAL). */
int cap_levelset_curvature(const cap_grid *g, const cap_contact *ct, double *phi, double *kappa);

/* The same by fourth-order central differences (five points along each axis; a mixed derivative the
 * five-point difference across of the five-point differences along), reading two cells out: needs nghost >= 2
 * (CAP_EDOM). On a signed distance its truncation error is O(h^4) where cap_levelset_curvature's is
 * O(h^2); the crossing value (linear in theta) stays second order. Measurements (the period of an
 * oscillating drop): docs/design/oscillation-period.md. */
int cap_levelset_curvature4(const cap_grid *g, const cap_contact *ct, double *phi, double *kappa);

/* Unit normal grad(phi)/|grad(phi)| at interior cell centres (central differences; 0 where the
 * gradient vanishes); nz: NULL in 2D (unused), required in 3D (CAP_EINVAL). */
int cap_levelset_normal(const cap_grid *g, const cap_contact *ct, double *phi, double *nx, double *ny, double *nz);

/* Interface crossing between cell (i, j, k) and its neighbour (i + di, j + dj, k + dk), |di| + |dj| +
 * |dk| = 1 (CAP_EDOM otherwise, for cells off the grid, ghosts included, or for k or dk other than 0 on a
 * 2D grid), which must have phi of opposite signs (CAP_EINVAL otherwise): theta = phi_a / (phi_a - phi_b)
 * in [0, 1] measured from (i, j, k), and, if kappa is non-NULL, the curvature interpolated linearly in
 * theta (second order when phi is a distance function). */
int cap_levelset_crossing(const cap_grid *g, const double *phi, const double *kappa, int i, int j, int k, int di,
                          int dj, int dk, double *theta, double *kappa_at);

/* Liquid area (planar, m^2 per unit depth) or volume (AXI, m^3, 2 pi r dA; 3D, m^3) inside the interior
 * of the grid: in 2D each cell split into four triangles by its centre and corners (corner phi the mean
 * of the four centres); in 3D into 24 tetrahedra by its centre, a face's centre and an edge of that face
 * (corner phi the mean of the eight centres, a face centre's the mean of its four corners); phi linear on
 * each, the liquid part integrated exactly (exact for linear phi, second order). */
int cap_levelset_liquid_measure(const cap_grid *g, const cap_contact *ct, double *phi, double *measure);

/* The same for the fluid cells of solids vs inside the domain (the continuation inside them is not
 * liquid): the measure of cap_vsurf_fluid_phi's copy of phi, written to work (g->size entries, not
 * phi); 2D only (CAP_EGEOM in 3D). vs NULL: cap_levelset_liquid_measure of phi itself (work unused). */
int cap_levelset_fluid_measure(const cap_grid *g, const cap_contact *ct, double *phi, const cap_vsurf *vs, double *work,
                               double *measure);

/* The same per row of cells: rows[j] (g->ny values) is the liquid measure of row j (3D: of the layer of
 * cells j, summed over i and k); their sum is cap_levelset_liquid_measure's, up to rounding. */
int cap_levelset_liquid_rows(const cap_grid *g, const cap_contact *ct, double *phi, double *rows);

/* `iterations` >= 1 pseudo-time steps (CAP_EDOM otherwise) of phi_tau + S(phi0) (|grad phi| - 1) = 0 on
 * the band's cells (as cap_levelset_advect; CAP_ENONFINITE likewise), TVD-RK3 with step h/2 (a band of
 * about iterations/2 cells is corrected). Godunov upwind |grad phi| on WENO5 one-sided differences (three
 * axes in 3D); along every grid line crossing the interface both cells of the crossing take their
 * difference towards it from the cubic through the cell behind, the cell, the interface (phi = 0, located
 * on phi0 by the root of the cubic through four cells) and the cell beyond, and advance with the local
 * step t h / 2 (t the crossing's fraction; the least over the cell's crossings). A sign change towards a
 * ghost cell across a wall, or towards a solid cell, is not a crossing. On the AXI axis a radial crossing
 * whose stencil would reach across the axis takes the quadratic through the cells on its side. After
 * each pass (2D) a contact point on a wall whose ghosts follow phi's slope is put back where phi0 had it:
 * the two cells of its crossing along the wall's layer keep the difference the pass gave them, shifted so
 * that their linear crossing is phi0's. The zero contour stays where phi0 put it. */
int cap_levelset_reinit(const cap_grid *g, const cap_contact *ct, double *phi, int iterations, cap_levelset_ws *w);

#endif
