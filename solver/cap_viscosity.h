/* cap_viscosity: the implicit (backward Euler) viscous step of the free-surface solver.
 *
 * OWNS. Two steps that advance the face velocities (u on x-faces, v on y-faces, w on z-faces in 3D) of
 * a liquid of kinematic viscosity nu over dt, in place, on a cap_grid with a cell-centred level set phi
 * (liquid where phi < 0):
 *   cap_viscosity_step          u_t = nu lap u per component (the decoupled free-surface treatment of
 *                               Enright, Marschner & Fedkiw 2002, SIGGRAPH; Bridson 2015, Ch. 10):
 *                               (I - nu dt lap_h) u_new = u_old on the liquid faces (phi averaged from
 *                               the two adjacent cells < 0); air faces keep their (extrapolated)
 *                               values and enter as Dirichlet data; tangential surface stress neglected.
 *   cap_viscosity_stress_step   u_t = nu div(2E), E the strain rate, by the variational free-surface
 *                               viscosity of Batty & Bridson (2008), "Accurate viscous free surfaces
 *                               for buckling, coiling, and rotating liquids", Proc. SCA 2008, 219-228:
 *                               a traction-free surface (2E.n = 0) as the natural boundary condition,
 *                               liquid volume fractions as weights (below, at its declaration).
 * Both matrices are symmetric positive definite and are solved by conjugate gradients with the
 * diagonal preconditioner. Backward Euler: unconditionally stable, first order in dt.
 *
 * CONVENTIONS. SI units; nu_dt = nu dt in m^2; k = nu_dt / h^2. Walls of the box are no slip: a
 * wall-normal face is held at 0, a tangential component sees the mirror ghost -u (SLIP sides: +u).
 * Periodic sides wrap. Faces marked fixed (cap_viscosity_set_fixed_faces: solids inside the domain)
 * are Dirichlet data.
 *
 * AXISYMMETRIC GRIDS (CAP_GEOM_AXI: x = r >= 0, y = z; u = u_r on the x-faces, v = u_z on the y-faces;
 * no swirl). Every row is a flux balance over its control volume per radian of azimuth, i.e. the
 * planar row weighted by the radius of its sample, as in cap_poisson.h, so the matrices stay SPD. Radii:
 * r_i = x0 + i h of x-face i and of node i (0 on the axis), r_c = x0 + (i + 1/2) h of cell i
 * (cap_grid_metric_xface, cap_grid_metric_cell). On planar grids every radius is exactly 1.0 and the
 * results are bit-for-bit those of the planar formulas. u_r = 0 on the axis face; u_z is even across
 * the axis (no flux through its zero area). The truncation error is O(h^2) in every row, the rows
 * next to the axis included. An annulus (x0 > 0) has a WALL, SLIP or OPEN (treated as WALL) XLO side.
 *
 * 3D GRIDS (CAP_GEOM_3D; w required, NULL in 2D): the same two steps with the 7-point Laplacian and the
 * full symmetric strain (three cell terms, three edge terms), each at its declaration below. WALL,
 * SLIP, OPEN (as WALL) and PERIODIC sides; fixed faces (solids) return CAP_EGEOM.
 * VALIDITY. Planar 2D, AXI and 3D (uniform grid); an AXI grid periodic in r returns CAP_EGEOM.
 * Rationale and measurements (the dissipation of potential flows, the mass floor, iteration counts,
 * 3D): docs/design/viscosity.md.
 */
#ifndef CAP_VISCOSITY_H
#define CAP_VISCOSITY_H

#include "cap_grid.h"

typedef struct cap_viscosity_ws cap_viscosity_ws;

typedef struct {
  int iterations[3];  /* CG iterations for u, v (and w in 3D; the stress step: its coupled solve in each) */
  double residual[3]; /* final relative residuals (likewise) */
  long unknowns[3];   /* faces solved for, per component (w: 3D only; 0 in 2D) */
} cap_viscosity_status;

/* Workspace for grid g (copied) into *out (NULL on failure); CAP_EINVAL for a NULL argument, CAP_ESIZE
 * for a grid of more than INT_MAX entries, CAP_ENOMEM. MEMORY (3D): eight grid fields in one block, whose
 * fields dead in each phase of a step hold that phase's arrays of the solve (its rows and CG vectors);
 * what does not fit there (many unknowns: a box mostly liquid), and all those of the 2D stress step, go
 * to a block that the workspace keeps from step to step, grown (with room for 1/32 more unknowns) when
 * a step needs more; so a step may return CAP_ENOMEM. Measurements: docs/design/three-d.md, "Memory". */
int cap_viscosity_ws_alloc(cap_viscosity_ws **out, const cap_grid *g);
void cap_viscosity_ws_free(cap_viscosity_ws *w);

/* Fixed faces inside the domain (NULL: none): both steps keep their values (in u, v as given) and
 * use them as Dirichlet data, so that a tangential face next to a solid sees the solid's velocity one
 * cell beyond it (a first-order no-slip staircase; cap_ns writes the solid's rigid velocity there,
 * 0 for a solid at rest). The faces of solids: cap_vsurf_xfaces / yfaces. The workspace keeps the
 * pointers (g->size entries each); they must outlive its use. */
void cap_viscosity_set_fixed_faces(cap_viscosity_ws *w, const unsigned char *xfixed, const unsigned char *yfixed);

/* One componentwise implicit viscous step of u and v (and w) in place: (I - nu_dt L_h) u_new = u_old on
 * the liquid faces, L_h the 5-point Laplacian (diagonal 1 + 4 k in the h^2-scaled rows; 3D: 7-point,
 * 1 + 6 k, a wall's mirror image moved into the diagonal). On AXI grids the
 * vector Laplacian, rows multiplied by h^2 and by the radius of their sample:
 *   u_r at face i:  r_i u_i + k r_i [ G_{i-1} / r_c(i-1) - G_i / r_c(i) + 2 u_i - u_{j+1} - u_{j-1} ]
 *                   = r_i u_old,   G_i = r_{i+1} u_{i+1} - r_i u_i  (the hoop term u_r/r^2 is the
 *                   diagonal's excess r_i h^2 / (r_c(i-1) r_c(i)) over the radial couplings),
 *   u_z at cell i:  r_c v_i + k [ r_{i+1} (v_i - v_{i+1}) + r_i (v_i - v_{i-1}) + r_c (2 v_i - v_{j+1} -
 *                   v_{j-1}) ] = r_c v_old.
 * Inputs: phi cell-centred (liquid < 0); nu_dt = nu * dt >= 0 (m^2); tol in (0, 1) the relative
 * residual; maxit >= 1. phi is copied, its ghosts filled on the copy (the caller's phi is not
 * written): linear extrapolation, and on 3D grids the even mirror across a SLIP side, which the step
 * treats as a symmetry plane (the tangential velocity mirrored evenly, phi as a 90-degree wall). w:
 * the z-face velocity on 3D grids (ignored in 2D). st (may be NULL) receives iterations, residuals
 * (AXI: of the r-weighted rows) and unknowns per component. Errors: CAP_EINVAL (NULL; w NULL on a 3D
 * grid), CAP_ESIZE (a workspace of another grid), CAP_EGEOM (AXI periodic in r; fixed faces on a 3D
 * grid), CAP_EDOM (nu_dt, tol or maxit out of range), cap_grid_check_bc's codes, CAP_EMAXITER (a solve
 * did not converge; status filled), CAP_ENOMEM (cap_viscosity_ws_alloc, MEMORY). */
int cap_viscosity_step(cap_viscosity_ws *ws, const cap_grid *g, const double *phi, double *u, double *v, double *w,
                       double nu_dt, double tol, int maxit, cap_viscosity_status *st);

/* Relative floor of the mass weight of an unknown face of the stress step:
 * M = max(w_f, CAP_VISCOSITY_MASS_FLOOR * min(1, s_f)) (see cap_viscosity_stress_step). */
#define CAP_VISCOSITY_MASS_FLOOR 1e-6

/* The stress-form implicit viscous step (Batty & Bridson 2008). u_new minimises, over the unknown faces,
 *   J(u) = sum_faces (1/2) w_f (u - u_old)^2 h^2
 *        + nu_dt [ sum_cells w_c (u_x^2 + v_y^2) h^2 + sum_nodes w_n (1/2) (u_y + v_x)^2 h^2 ],
 * u_x = (u(i+1,j) - u(i,j))/h, v_y = (v(i,j+1) - v(i,j))/h at cell (i, j); u_y + v_x = (u(i,j) -
 * u(i,j-1))/h + (v(i,j) - v(i-1,j))/h at node (i, j) (the corner x0 + i h, y0 + j h). The bracket is the
 * discrete integral of E:E = u_x^2 + v_y^2 + (u_y + v_x)^2/2; the Euler-Lagrange equation is
 * u - u_old = nu_dt (lap u + grad div u) in the bulk and 2E.n = 0 at the free surface. w_f, w_c, w_n in
 * [0, 1] are the liquid fractions of the square control volume (CV) of side h centred on the face, cell
 * or node: phi at the CV centre (mean of 2 or 4 cells), n = grad phi / |grad phi| and d = phi /
 * |grad phi| there by central differences, the square cut by n.x + d = 0
 * (cap_subcell_square_fraction). A node CV on a wall counts only its part inside the domain (w_n =
 * 1/2 with liquid all round). The minimiser solves, for u and v together,
 *   (M + k D^T W D) x = M x_old,   W = 2 w_c (cell rows), w_n (node rows).
 * Unknowns: faces with w_f > 0 or entering a positive-weight term with a non-zero coefficient; the
 * others keep their values. Mass weight M = max(w_f, CAP_VISCOSITY_MASS_FLOOR min(1, s_f)), s_f = k sum
 * (2 w_c or w_n) over the face's terms (its stress diagonal): M > 0 keeps the matrix SPD.
 * AXI: the r-weighted functional
 *   J(u) = sum_faces (1/2) w_f r_f (u - u_old)^2 h^2 + nu_dt [ sum_cells w_c r_c (u_r,r^2 + (u_r/r)^2
 *          + u_z,z^2) h^2 + sum_nodes w_n r_n (1/2) (u_r,z + u_z,r)^2 h^2 ],
 * r_f = r_i (u_r face) or r_c (u_z face), r_n = r_i; the hoop strain u_r/r at the cell centre is
 * (u_i + u_{i+1}) / (2 r_c); M = max(w_f r_f, CAP_VISCOSITY_MASS_FLOOR min(r_f, s_f)). A rigid
 * translation along the axis is not dissipated.
 * 3D: J sums w_c (u_x^2 + v_y^2 + w_z^2) h^3 over cells and w_e (1/2) (u_y + v_x)^2 h^3 over the z-edges
 * (x0 + i h, y0 + j h, z at the cell centre), likewise (u_z + w_x) on the y-edges and (v_z + w_y) on the
 * x-edges: the discrete E:E. w_c, w_e, w_f are the liquid fractions of the cubes of side h centred on
 * the cell, edge or face (cap_subcell_cube_fraction; phi the mean of 1, 2 or 4 cells, the gradient by
 * central differences across them); an edge on a wall keeps its CV's part inside the domain (1/2, or
 * 1/4 along a corner). A rigid motion (translation and rotation) has every term exactly 0 and is
 * returned unchanged. One coupled CG solve in u, v and w (rows of at most 15 entries).
 * Arguments, checks and errors as cap_viscosity_step; the status holds the one coupled solve in every
 * entry of iterations and residual, and the unknowns per component. */
int cap_viscosity_stress_step(cap_viscosity_ws *ws, const cap_grid *g, const double *phi, double *u, double *v,
                              double *w, double nu_dt, double tol, int maxit, cap_viscosity_status *st);

#endif
