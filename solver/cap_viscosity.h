/* cap_viscosity: the implicit viscous step of the free-surface solver.
 *
 * For a liquid of constant kinematic viscosity nu, each velocity component is advanced by one
 * backward-Euler step of u_t = nu lap(u):   (I - nu dt lap_h) u_new = u_old
 * on the liquid faces (faces whose phi, averaged from the two adjacent cells, is negative). Faces in
 * the air keep their (extrapolated) values and enter as Dirichlet data, the usual decoupled
 * treatment of a free surface whose tangential stress is neglected (Enright, Marschner & Fedkiw 2002,
 * SIGGRAPH; Bridson 2015, Ch. 10). At walls the velocity is zero (no slip): a wall-normal face is held
 * at 0, a tangential component sees the mirror ghost -u. Periodic sides wrap. The matrix is symmetric
 * positive definite with diagonal 1 + 4 nu dt / h^2; it is solved by conjugate gradients with the
 * diagonal preconditioner, which converges in a few iterations when nu dt / h^2 is moderate.
 * Backward Euler is unconditionally stable and first order in dt.
 *
 * Planar 2D and axisymmetric (CAP_GEOM_AXI, see AXISYMMETRIC GRIDS below); 3D returns CAP_EGEOM.
 *
 * cap_viscosity_stress_step is the second, stress-form step: the variational free-surface viscosity
 * of Batty & Bridson (2008), "Accurate viscous free surfaces for buckling, coiling, and rotating
 * liquids", Proc. SCA 2008, 219-228. The componentwise Laplacian above leaves a potential flow alone
 * (lap u = 0), so an oscillating drop is barely damped (0.2-0.27 of Lamb's rate); the stress form
 * dissipates 2 mu E:E, with a traction-free surface as its natural boundary condition. u_new
 * minimises, over the unknown faces (below),
 *
 *   J(u) = sum_faces (1/2) w_f (u - u_old)^2 h^2
 *        + nu_dt [ sum_cells w_c (u_x^2 + v_y^2) h^2 + sum_nodes w_n (1/2) (u_y + v_x)^2 h^2 ]
 *
 * with u_x = (u(i+1,j) - u(i,j))/h and v_y = (v(i,j+1) - v(i,j))/h at cell (i, j), and
 * u_y + v_x = (u(i,j) - u(i,j-1))/h + (v(i,j) - v(i-1,j))/h at node (i, j), the corner x = x0 + i h,
 * y = y0 + j h. The bracket is the discrete integral of E:E = u_x^2 + v_y^2 + (u_y + v_x)^2/2 over the
 * liquid (E the strain rate), half the dissipation rate 2 nu E:E per unit mass; its Euler-Lagrange
 * equation is u - u_old = nu_dt div(2E) = nu_dt (lap u + grad div u) in the bulk, which for a
 * divergence-free field with all weights 1 is the Laplacian step exactly (same discrete factors), and
 * 2E.n = 0 (no traction) at the free surface. w_f, w_c, w_n in [0, 1] are the liquid volume fractions
 * of the square control volume (CV) of side h centred on the face, cell or node: phi at the CV centre
 * (face: mean of its 2 cells, node: mean of its 4 cells), the normal n = grad phi / |grad phi| from
 * central differences there, the signed distance d = phi / |grad phi| (= phi for a distance function),
 * and the exact area of the square cut by the line n.x + d = 0 (cap_viscosity_square_fraction).
 * Dividing by h^2, the minimiser solves the symmetric positive definite system
 *
 *   (M + k D^T W D) x = M x_old,   k = nu_dt / h^2,
 *
 * for u and v together (coupled through the node term), D the differences above and W the CV
 * weights (2 w_c for the cell rows, w_n for the node rows).
 *
 * Walls are no slip exactly as in cap_viscosity_step: wall-normal faces are held at 0, a tangential
 * component mirrors to -u beyond a wall; periodic sides wrap. The CV of a node on a wall is half in
 * the solid (a quarter at a corner) and only its part inside the domain counts (the same line, cut
 * with the rectangle): with liquid all round, w_n = 1/2 there, which reproduces the mirror ghost of
 * the Laplacian step, so the two steps give the same discrete decay factors next to walls too.
 *
 * Unknowns: the faces whose CV holds liquid (w_f > 0) or that enter a cell or node term of positive
 * weight (with a non-zero coefficient: s_f > 0 below); the other faces keep their values and do not
 * enter, since no positive-weight term touches them. The mass weight of an unknown is
 *
 *   M = max(w_f, CAP_VISCOSITY_MASS_FLOOR * min(1, s_f)),   s_f = k sum (2 w_c or w_n) over its terms,
 *
 * s_f being the stress part of its diagonal. A face whose CV is empty (w_f = 0) but which enters the
 * stress terms carries no kinetic energy: with M = 0 it is slaved to the stress balance, but a group
 * of such faces that moves rigidly under every term it enters (possible because each CV has its own
 * straight-line fraction) would make the matrix singular. The floor keeps M > 0, so the matrix is
 * SPD; relative to s_f it changes such a face's row by at most 1e-6, so the face still relaxes to the
 * stress balance within the step at any k, and capped at 1e-6 in absolute terms it never adds
 * noticeable mass (which would bias the momentum of near-rigid motion at large k). An absolute floor
 * does not have the first property: the dissipation rate of the n = 2 flow (tests/test_viscosity.c)
 * at nu dt = 0.05 h^2 and R = 32 h is 0.961 of the continuum value with M >= 1e-2 and does not
 * converge (0.921, 0.949, 0.961 at R = 8, 16, 32 h), and an absolute 1e-6 already costs 0.2 % at
 * nu dt = 1e-4 h^2; with the relative floor the result agrees with a 1e-12 floor to 5 digits.
 *
 * Solved by conjugate gradients with the diagonal preconditioner over the combined (u, v) vector:
 * 12-18 iterations at nu dt / h^2 = 1e-3 to 0.05 for a drop of 8-32 cells radius, 235 at 41 (a drop
 * of 24 cells radius). Measured (tests/test_viscosity.c): a rigidly rotating free drop is unchanged,
 * the dissipation rate of the n = 2 potential flow in a disc tends to 16 nu / R^2 at first order
 * (0.986, 0.994, 0.997 of it at R = 8, 16, 32 cells), where the Laplacian step, with the velocity
 * extended along the normals into the void as cap_ns does, gives 0.18-0.19 of it. The status holds
 * the one coupled solve in both entries of iterations and residual, and the u and v unknowns
 * separately.
 *
 * AXISYMMETRIC GRIDS (x = r >= 0, y = z; u = u_r on the x-faces, v = u_z on the y-faces; no swirl).
 * Both steps keep their planar form with every row and every term weighted by a radius, as the
 * Poisson operator does (cap_poisson.h): the equations are flux balances over control volumes per
 * radian of azimuth, so the matrices stay symmetric positive definite. On planar grids every radius
 * below is replaced by exactly 1.0, and the planar results are bit-for-bit those of the planar code.
 * Radii: r_i = x0 + i h of x-face i (cap_grid_metric_xface; 0 on the axis) and of node i, r_c = x0 +
 * (i + 1/2) h of cell i (cap_grid_metric_cell).
 *
 * Laplacian step, the vector Laplacian: for u_r, d/dr((1/r) d(r u_r)/dr) + u_r,zz = (1/r)(r u_r,r)_r
 * - u_r/r^2 + u_r,zz; for u_z, (1/r)(r u_z,r)_r + u_z,zz. Rows multiplied by h^2 and by the radius of
 * their sample, k = nu dt / h^2:
 *
 *   u_r at face i:  r_i u_i + k r_i [ G_{i-1} / r_c(i-1) - G_i / r_c(i) + 2 u_i - u_{j+1} - u_{j-1} ]
 *                   = r_i u_old,   G_i = r_{i+1} u_{i+1} - r_i u_i,
 *   u_z at cell i:  r_c v_i + k [ r_{i+1} (v_i - v_{i+1}) + r_i (v_i - v_{i-1}) + r_c (2 v_i - v_{j+1} -
 *                   v_{j-1}) ] = r_c v_old.
 *
 * The radial flux of u_r is (1/r)(r u_r)_r = G_i / (h r_c), the discrete divergence of the radial
 * velocity in cell i (the conservative form of the first expression above). Its diagonal exceeds the
 * sum of its radial couplings r_i r_{i+-1} / r_c by r_i h^2 / (r_c(i-1) r_c(i)) ~ h^2 / r_i: that is the
 * hoop term u_r / r^2. u_r = 0 on the axis face (i = 0, held like a wall-normal face, and r_0 u_0 = 0
 * anyway); u_z has no flux through the axis (face area r_0 = 0; it is even across it). The truncation
 * error is O(h^2) in every row, those next to the axis included: for an odd u_r = a r + b r^3 the
 * discrete flux is exact up to the same b h^2 in every cell, which cancels in the difference; u_r = r
 * is reproduced exactly. Walls as on planar grids (a wall-normal face held at 0, the tangential mirror
 * with the conductance of the wall face, i.e. its radius); an annulus (x0 > 0) has a WALL, SLIP or
 * OPEN (treated as WALL) XLO side; an AXI grid periodic in r is refused (CAP_EGEOM).
 *
 * Stress step: the functional is the r-weighted one,
 *
 *   J(u) = sum_faces (1/2) w_f r_f (u - u_old)^2 h^2 + nu_dt [ sum_cells w_c r_c (u_r,r^2 + (u_r/r)^2
 *          + u_z,z^2) h^2 + sum_nodes w_n r_n (1/2) (u_r,z + u_z,r)^2 h^2 ],
 *
 * r_f = r_i for a u_r face, r_c for a u_z face, r_n = r_i for node i; E:E = u_r,r^2 + (u_r/r)^2 +
 * u_z,z^2 + (1/2)(u_r,z + u_z,r)^2 in cylindrical coordinates. The hoop strain u_r/r is taken at the cell
 * centre from the mean of the cell's two u_r faces, (u_i + u_{i+1}) / (2 r_c): next to the axis (r_c =
 * h/2, u_0 = 0) it is u_1 / h, finite. This choice is the one that makes the cell terms exact:
 * r_c (u_{i+1} - u_i)^2 + h^2 ((u_i + u_{i+1})/2)^2 / r_c = G_i^2 / r_c - h (u_{i+1}^2 - u_i^2), whose last
 * part telescopes over a row of cells (the discrete form of r u'^2 + u^2/r = (r u)'^2 / r - (u^2)'). So
 * with full cells the cell terms are sum G_i^2 / r_c, the functional of the radial Laplacian above, up to
 * h (u_N^2 - u_0^2), which is 0 between the axis (or a wall) and a wall. The Euler-Lagrange equation is
 * u - u_old = nu_dt div(2E) with the hoop stress: (2/r)(r u_r,r)_r - 2 u_r/r^2 + (u_r,z + u_z,r)_z and
 * (1/r)(r (u_r,z + u_z,r))_r + 2 u_z,zz, in the bulk
 *
 *   u_r row:  2 k r_i [G_{i-1}/r_c(i-1) - G_i/r_c(i)] + k r_i (2u - u_{j+-1}) + k r_i h [v_z(i-1) - v_z(i)],
 *   u_z row:  2 k r_c (2v - v_{j+-1}) + k [r_{i+1} (v_i - v_{i+1}) + r_i (v_i - v_{i-1})]
 *             - k r_c h [D_r(j) - D_r(j-1)],
 *
 * (h v_z(i) the difference of v across cell i, D_r(j) = G_i / (h r_c) in cell (i, j)); for a discretely
 * divergence-free field, D_r + v_z = 0 in every cell, the cross terms are -k r_i [G_{i-1}/r_c(i-1) -
 * G_i/r_c(i)] and -k r_c (2v - v_{j+-1}), and both rows become exactly the Laplacian step's, as on
 * planar grids (with no-slip walls and the axis included: the wall node's half CV reproduces the
 * mirror with the wall's radius, and the axis node has r_n = 0). A rigid translation along the axis
 * (u_r = 0, u_z = const) makes every term 0 and is not dissipated. The mass floor is relative to the
 * full CV's mass: M = max(w_f r_f, CAP_VISCOSITY_MASS_FLOOR * min(r_f, s_f)). On AXI grids the
 * residuals of the status refer to the r-weighted rows (units of the planar ones times metres).
 *
 * Measured (tests/test_viscosity.c, AXI): both steps return u* exactly (1e-15) from u_old = (I - nu_dt
 * L_h) u* for a discretely divergence-free u* with the axis or an annulus wall and a no-slip outer wall;
 * a manufactured solution (u_r = (r - r^3) sin, u_z = (1 - r^2)^2 cos in z, nu_dt = 0.03817) converges
 * at second order in max norm, the faces next to the axis included (Laplacian step 7.2e-3, 1.8e-3,
 * 4.5e-4, stress step 9.0e-3, 2.2e-3, 5.6e-4 at n = 16, 32, 64; order 2.00); a uniform u_z between slip
 * walls is unchanged, a translating free sphere is unchanged at nu dt / h^2 = 41; the dissipation rate
 * of the n = 2 axisymmetric potential flow (r, -2z) in a sphere tends to 20 nu / R^2 at first order
 * (0.9861, 0.9943, 0.9979 of it at R = 8, 16, 32 cells, nu dt = 1e-3 h^2).
 */
#ifndef CAP_VISCOSITY_H
#define CAP_VISCOSITY_H

#include "cap_grid.h"

typedef struct cap_viscosity cap_viscosity;

typedef struct {
  int iterations[2];   /* CG iterations for u and v (the stress step: its coupled solve in both) */
  double residual[2];  /* final relative residuals (likewise) */
  long unknowns[2];    /* liquid faces solved for */
} cap_viscosity_status;

/* Workspace for grid g (copied); NULL (and CAP_ENOMEM reported) on failure. */
cap_viscosity *cap_viscosity_alloc(const cap_grid *g);
void cap_viscosity_free(cap_viscosity *w);

/* Fixed faces inside the domain (NULL: none): both steps keep their values (in u, v as given) and
 * use them as Dirichlet data, so that a tangential face next to a solid sees the solid's velocity one
 * cell beyond it (a first-order no-slip staircase; cap_ns writes the solid's rigid velocity there,
 * 0 for a solid at rest). The faces of solids: cap_vsurf_xfaces / yfaces. The workspace keeps the
 * pointers (g->size entries each); they must outlive its use. */
void cap_viscosity_set_fixed_faces(cap_viscosity *w, const unsigned char *xfixed, const unsigned char *yfixed);

/* One implicit viscous step of both components in place. nu_dt = nu * dt >= 0 (m^2); tol in (0, 1)
 * the relative residual; maxit >= 1. CAP_EMAXITER if a solve does not converge (status still
 * filled). phi: cell-centred level set (liquid < 0); ghosts of u, v, phi are filled here.
 * Planar or AXI grids; CAP_EGEOM for 3D or an AXI grid periodic in r, CAP_EINVAL for NULL, CAP_ESIZE
 * for a workspace of another size, CAP_EDOM for nu_dt, tol or maxit out of range. */
int cap_viscosity_step(cap_viscosity *w, const cap_grid *g, const double *phi, double *u, double *v,
                       double nu_dt, double tol, int maxit, cap_viscosity_status *st);

/* Relative floor of the mass weight of an unknown face of the stress step:
 * M = max(w_f, CAP_VISCOSITY_MASS_FLOOR * min(1, s_f)) (see above). */
#define CAP_VISCOSITY_MASS_FLOOR 1e-6

/* The stress-form implicit viscous step (Batty & Bridson 2008; see above), arguments, checks and
 * errors as cap_viscosity_step. */
int cap_viscosity_stress_step(cap_viscosity *w, const cap_grid *g, const double *phi, double *u, double *v,
                              double nu_dt, double tol, int maxit, cap_viscosity_status *st);

/* Liquid fraction of the unit square |x|, |y| <= 1/2 on the side n.x + d < 0 of the straight line
 * n.x + d = 0, n = (nx, ny) / |(nx, ny)|: d is the signed distance from the square's centre to the line
 * in units of the side, positive when the centre is on the void side. In [0, 1]; 0 for d >= (|n_x| +
 * |n_y|)/2, 1 for d <= -(|n_x| + |n_y|)/2, 1/2 at d = 0, and f(d) + f(-d) = 1 exactly. (nx, ny) = 0
 * gives 1, 1/2 or 0 by the sign of d. The piecewise form of the area below a line in a rectangle
 * (Scardovelli & Zaleski 2000, J. Comput. Phys. 164, 228), derived in cap_viscosity.c. */
double cap_viscosity_square_fraction(double nx, double ny, double d);

#endif
