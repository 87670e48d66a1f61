/* cap_levelset: the level-set kernels on a cap_grid.
 *
 * phi is a cell-centred signed distance with the LIQUID where phi < 0. Fields are cap_grid arrays;
 * the functions fill phi's ghost cells themselves (linear extrapolation at walls and open sides,
 * wrap at periodic sides, mirror at the axis; at a wall with a contact angle theta the mirror image
 * shifted by the wall-normal slope, see below and cap_grid_set_contact_angle), so callers keep
 * interior values only.
 *
 * WALLS WITH A CONTACT ANGLE. Ghost k (k = 1..ng outwards) of wall position t is the mirror image of
 * interior cell k - 1 shifted by the wall-normal slope s(t): phi(ghost k) = phi(interior k - 1) -
 * (2k - 1) h s(t), so that grad(phi) . n_s = s(t) at the wall (n_s into the domain). A straight liquid
 * surface meeting the wall at theta needs s = cos(theta) everywhere (Wang, Mucha & Turk 2005, Fig. 4a;
 * the rule is then exact for phi quadratic in the wall distance). A CURVED surface does not: its
 * distance function has the slope cos(theta) at the contact point only, g(t) = cos(theta) + g' (t -
 * t_c) h + ..., and the constant slope puts a kink of 2 (cos(theta) - g(t)) into phi at the wall,
 * about 2 |g'| h per cell from the contact point, which the contact cells' second differences read as
 * an O(1) relative error of the curvature (measured in tests/test_levelset.c on a circle meeting the
 * wall: 40-50 % at 40, 80 and 160 cells, not converging), just where the Laplace pressure must carry
 * Young's relation; the drops of experiments/young_angles sat 1-1.5 degrees off theta at 135-150
 * degrees at R0 = 16 cells (3 at 8 cells), with spurious currents of 0.02-0.03. So near a contact line
 * the slope follows phi's own: s(t) = cos(theta_c) + b (t - t_c), t_c the nearest contact point along
 * the wall (a sign change of phi extrapolated to the wall, (15 phi_0 - 10 phi_1 + 3 phi_2)/8), theta_c
 * the angle there, and b the least-squares rate of change along the wall of g(t), phi's one-sided
 * second-order wall-normal derivative in the first three interior layers, over the positions within
 * CAP_VSURF_CONTACT_FIT cells of t_c (the rule of the solids inside the domain, cap_vsurf.h, SLOPE
 * NEAR A CONTACT LINE); s is kept within [-1, 1] (a distance function's slopes) and blended into
 * cos(theta(t)) from CAP_LEVELSET_CONTACT_REACH to twice that many cells away from t_c (far from a
 * contact line the correction means nothing, and applied along the whole wall it let a thin spreading
 * film run away: a drop spreading to 30 degrees at R0 = 8 cells reached the far wall). The
 * continuation is then smooth across the wall near the contact line, with the kink 2 (cos(theta_c) -
 * g(t_c)) that vanishes when the surface meets the wall at theta_c, which drives the contact line: the
 * circle's ghosts converge at third order and the contact cells' curvature at first order (3 % at 160
 * cells; the reach of 3 keeps the blend out of the stencils of the cells within 2 cells of the contact
 * point: with 2, 7-15 % at 30, 120 and 150 degrees, not converging). A thin wedge needs more: at 15
 * or 165 degrees the surface stays within the curvature stencils of the wall's cells (two cells) for
 * 2 / |tan(theta_c)| = 7.5 cells from the contact point, and there the blend replaced phi's slope
 * cos(psi) (psi the surface's local angle with the wall) by cos(theta): the circular cap of
 * young_angles at rest had curvature errors at its crossings 3-6 cells from the contact point of
 * 3.2, 3.5, 3.5 % at 15 degrees and 2.4, 2.9, 3.0 % at 165 for R0/h = 16, 32, 64 (not converging;
 * the drop at 15 degrees settled 0.037 degrees low, with its radius 1.54 % high, 16 cells). So where
 * 2 / |tan(theta_c)| exceeds twice the reach (where the blend would end, below 18.4 or above 161.6
 * degrees) the reach on the wedge's side of the contact point (the liquid's below 90 degrees, the
 * air's above) is 2 / |tan(theta_c)|, at most 4 CAP_LEVELSET_CONTACT_REACH: 0.16, 0.083, 0.036 % at
 * 15 degrees and 2.4, 1.2, 0.57 % at 165 (tests/test_levelset.c), and young_angles' drop at 15
 * degrees settles 0.025 degrees high (16 cells), at rest to t = 80 (the reinitialisation repeated
 * alone on that cap, 3 pseudo-time steps a call and no flow, still moved its contact point along the
 * wall, 0.62 h within 300 calls, until its contact point was put back after each pass: see Reinitialisation).
 * Between, the surface leaves the
 * stencils inside the blend and the errors are small either way (30 degrees: 0.34 % or less with the
 * reach 3 or 6), and the longer reach 2 / tan(theta) at 30 and 150 degrees (3.46) moved the drops of
 * young_angles by up to 0.09 degrees (axisymmetric, 150 degrees, 16 cells: 149.96 -> 149.88), so
 * they keep CAP_LEVELSET_CONTACT_REACH. Two contact points closer than
 * twice the fit (a contact patch or a dry gap narrower than the fit) keep cos(theta). History, at
 * R0 = 16 cells: the first form of the rule took s(t) = g(t) + cos(theta_c) - g(t_c) position by
 * position, within 3 cells, and two contact points within 6 cells kept cos(theta); the drop at 165
 * degrees, its patch 5.8 cells wide, then kept the constant slope and sat 2.6 degrees off (with the
 * pointwise slope there it left the wall); with the fitted rate it follows, 0.5 degrees off. A wall
 * at 90 degrees everywhere (no per-position angles) keeps the even mirror: a symmetry plane, exactly.
 * Per-position angles (cap_grid_set_wall_angles) enter through cos(theta(t)) and theta_c.
 *
 * Advection: phi_t + u . grad(phi) = 0 with the face velocities (u on x-faces, v on y-faces) averaged
 * to cell centres; fifth-order Hamilton-Jacobi WENO (Jiang & Peng 2000, SIAM J. Sci. Comput. 21,
 * 2126, Sec. 3; the smoothness epsilon of Fedkiw, Aslam, Merriman & Osher 1999, 1e-6 max v^2 + 1e-99)
 * upwinded by the sign of the centre velocity, and the third-order TVD Runge-Kutta scheme of Shu &
 * Osher (1988, J. Comput. Phys. 77, 439). Needs nghost >= 3.
 *
 * Curvature: kappa = div(grad phi / |grad phi|) =
 *   (phi_xx phi_y^2 - 2 phi_x phi_y phi_xy + phi_yy phi_x^2) / |grad phi|^3
 * by second-order central differences; in AXI geometry (x = r) the azimuthal term phi_r / (r |grad phi|)
 * is added (the sum of the two principal curvatures). kappa > 0 for a convex liquid region (a drop).
 * At an interface crossing between two cell centres, kappa is interpolated linearly in the crossing
 * fraction theta = phi_a / (phi_a - phi_b) (second order when phi is a distance function).
 *
 * Area (2D) / volume (AXI, 2 pi r dA) of the liquid: every cell is split into four triangles by its
 * centre and corners (corner phi = average of the four surrounding centres), phi is linear on each
 * triangle and the liquid part of each triangle is integrated exactly: second-order accurate.
 *
 * Reinitialisation: phi_tau + S(phi0) (|grad phi| - 1) = 0 (Sussman, Smereka & Osher 1994), Godunov
 * upwind |grad phi| (Rouy & Tourin 1992) on WENO5 one-sided differences, with a subcell treatment in
 * the spirit of Russo & Smereka (2000, J. Comput. Phys. 163, 51) and du Chene, Min & Gibou (2008,
 * J. Sci. Comput. 35, 114): along every grid line that crosses the interface, both cells of the
 * crossing take their one-sided difference towards it from the cubic through the cell behind, the
 * cell itself, the interface (phi = 0) and the cell beyond it; the crossing is located on the
 * initial phi0 by the root of the cubic through four cells (fourth order), and those cells advance
 * with a local pseudo-time step t h / 2 (t the crossing's fraction of the spacing). A sign change
 * towards a ghost cell across a wall is not a crossing (it is the continuation into the solid). A
 * contact point on a wall whose ghosts follow phi's slope (a contact angle other than 90 degrees, or
 * per-position angles) is put back where phi0 had it: after the pass the two cells of its crossing
 * along the wall's layer keep the difference the pass gave them, shifted so that their linear
 * crossing is phi0's. Anchored by that crossing alone, with the wall-normal slope read through ghosts
 * that the pass itself moves, repeated passes walked the contact point along the wall (young_angles'
 * cap at rest, R0 = 16 cells, 300 calls of 3 steps: 0.62 cells at 15 degrees, 0.10 at 165, 1e-3 to
 * 3e-2 from 30 to 150; tests/test_levelset.c), so a drop at rest crept at a pace set by the
 * reinitialisation interval; put back, it stays to the bit and the contact line moves with the flow
 * alone. Holding the two cells' values through the pass instead never reinitialised them, and the
 * wall-normal slope that the dynamic angle model reads drifted: hysteresis' critical tilt went 41 %
 * high (8 cells). A wall at 90 degrees keeps the even mirror, a symmetry plane, and is left alone. On
 * the AXI axis the ghosts mirror phi evenly, which is not phi's continuation for a surface along the
 * axis (a thread, phi = r - r_s(z), has a kink there): a radial crossing whose stencil would reach
 * across the axis takes the quadratic through the cells on its side instead. The cubic's
 * weight on the cell is -1/t for every t, which keeps the iteration stable, and its weights vary
 * smoothly as the interface moves. The zero contour stays where phi0 put it and a distance function
 * keeps its curvature to second order (tests/test_levelset.c). Pseudo-time step h/2 elsewhere, with
 * the TVD-RK3 scheme (forward Euler is unstable with WENO5 differences when reinitialisation is
 * repeated through a flow); `iterations` steps correct a band of about iterations/2 cells. (Curvature computed after
 * reinitialising a strongly distorted phi0, |grad phi0| between 0.1 and 3, does not converge in the
 * max norm.)
 */
#ifndef CAP_LEVELSET_H
#define CAP_LEVELSET_H

/* Cells along a wall from the nearest contact point within which the ghosts' slope follows phi's
 * (see WALLS WITH A CONTACT ANGLE), on both sides of it; blended out over as many again. The solids'
 * reach on the wedge's side (cap_vsurf.h), 3. */
#define CAP_LEVELSET_CONTACT_REACH CAP_VSURF_CONTACT_REACH

#include "cap_grid.h"
#include "cap_vsurf.h"

typedef struct cap_levelset_ws cap_levelset_ws;

/* Workspace for advection and reinitialisation on grid g (copied); NULL and CAP_ENOMEM on failure. */
cap_levelset_ws *cap_levelset_ws_alloc(const cap_grid *g);
void cap_levelset_ws_free(cap_levelset_ws *w);

/* Solids inside the domain (NULL: none): advection and reinitialisation then keep the solid cells as
 * the continuation of cap_vsurf_fill (written at every stage, never evolved), and a sign change
 * towards a solid cell anchors nothing in the reinitialisation, as at a wall of the box. The ws
 * keeps the pointer; vs must outlive its use. */
int cap_levelset_ws_set_vsurf(cap_levelset_ws *w, const cap_vsurf *vs);

/* Fills the ghost cells of phi as described above. */
int cap_levelset_fill_ghosts(const cap_grid *g, double *phi);

/* One time step dt >= 0 of advection with TVD-RK3 + WENO5. u, v: face velocities (interior faces and
 * boundary faces must be set). Planar and AXI (the same transport equation); 3D: CAP_EGEOM.
 * Returns CAP_ENONFINITE naming the cell if a non-finite value appears. */
int cap_levelset_advect(const cap_grid *g, double *phi, const double *u, const double *v, double dt,
                        cap_levelset_ws *w);

/* Curvature at every interior cell centre (ghost cells of phi are filled). kappa may not alias phi.
 * Where |grad phi| vanishes kappa is 0. */
int cap_levelset_curvature(const cap_grid *g, double *phi, double *kappa);

/* Unit normal grad(phi)/|grad(phi)| at interior cell centres (central differences; 0 where the
 * gradient vanishes). */
int cap_levelset_normal(const cap_grid *g, double *phi, double *nx, double *ny);

/* Interface crossing between cell (i, j) and its neighbour (i + di, j + dj), |di| + |dj| = 1, which
 * must have phi of opposite signs (CAP_EINVAL otherwise): theta in [0, 1] measured from (i, j), and,
 * if kappa is non-NULL, the curvature interpolated there. */
int cap_levelset_crossing(const cap_grid *g, const double *phi, const double *kappa, int i, int j, int di,
                          int dj, double *theta, double *kappa_at);

/* Liquid area (planar, m^2 per unit depth) or volume (AXI, m^3) inside the interior of the grid. */
int cap_levelset_liquid_measure(const cap_grid *g, double *phi, double *measure);

/* The same for the fluid cells of solids vs inside the domain (the continuation inside them is not
 * liquid): the measure of cap_vsurf_fluid_phi's copy of phi, written to work (g->size entries, not
 * phi). vs NULL: cap_levelset_liquid_measure of phi itself (work unused). */
int cap_levelset_fluid_measure(const cap_grid *g, double *phi, const cap_vsurf *vs, double *work, double *measure);

/* The same per row of cells: rows[j] (g->ny values) is the liquid measure of row j (their sum is
 * cap_levelset_liquid_measure's, up to rounding). */
int cap_levelset_liquid_rows(const cap_grid *g, double *phi, double *rows);

/* `iterations` >= 1 pseudo-time steps of reinitialisation (see above). */
int cap_levelset_reinit(const cap_grid *g, double *phi, int iterations, cap_levelset_ws *w);

#endif
