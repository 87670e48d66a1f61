/* cap_poisson: the pressure Poisson equation on the liquid cells, with a ghost-fluid free surface,
 * solved by preconditioned conjugate gradients (MIC(0) or a geometric multigrid V-cycle).
 *
 * EQUATION. On the liquid cells (phi < 0 at the cell centre; phi is a cell-centred level set on the
 * cap_grid) the solver finds p with
 *
 *     lap p = rhs                                  (rhs cell-centred, e.g. div u* / dt)
 *
 * where lap p = p_xx + p_yy on a CAP_GEOM_PLANAR grid and, on a CAP_GEOM_AXI grid (x = r >= 0, y = z),
 *
 *     lap p = (1/r) d/dr (r dp/dr) + d^2p/dz^2.
 *
 * It is discretised by finite volumes (the 5-point stencil in planar), written as the symmetric
 * positive definite system A p = b with A = W L, where L ~ -lap is the discrete operator and W =
 * diag(w_c) the row weights (W = I on planar grids; A is scaled internally by h^2, which changes
 * neither the solution nor relative residuals):
 *
 *   row of liquid cell c:  sum over its 4 faces f of  w_f (p_c - p_nb)         (liquid neighbour nb)
 *                                                     w_f (p_c - p_G) / theta  (air neighbour: ghost fluid)
 *                                                     w_f (p_c - 0) / (1/2)    (face on a CAP_BC_OPEN side)
 *                                                     nothing                  (face on a WALL or AXIS side)
 *                          = -h^2 w_c rhs_c,        periodic sides wrap to the opposite cell,
 *
 * with the face conductance w_f and row weight w_c equal to 1 on a planar grid (the 5-point stencil).
 *
 * AXISYMMETRIC DISCRETISATION. Each cell's row is its flux balance over the cell's volume per radian
 * of azimuth, h^2 r_c, so the row weight is w_c = r_c = x0 + (i + 1/2) h (the cell-centre radius,
 * cap_grid_metric_cell) and a face's conductance is its area per radian over h: w_f = r_f = x0 + i h
 * for the r-face between cells i-1 and i (cap_grid_metric_xface), w_f = r_c for the z-faces of cell i.
 * Each link is shared by its two rows with the same w_f, so A = W L is symmetric (on AXI L alone is not),
 * and it is an M-matrix. The axis face (r = 0, side XLO of kind CAP_BC_AXIS) has zero area: no flux and no
 * condition (the scheme needs none: p is regular at r = 0, and its even extension is implied).
 * Ghost-fluid faces keep Gibou's rule with w_f multiplying 1/theta (the face area is kept at the full
 * face, and only the distance to the Dirichlet point shrinks), and OPEN sides give 2 w_f (theta =
 * 1/2); an annulus (x0 > 0) has a WALL or OPEN XLO side of conductance x0. This is the control-volume
 * (finite-volume) formulation of Patankar, "Numerical Heat Transfer and Fluid Flow" (Hemisphere,
 * 1980), with the face areas and volumes of cylindrical coordinates, and the metric of Basilisk's
 * src/axi.h (S. Popinet, http://basilisk.fr/src/axi.h): cell metric cm = r_c, face metric fm = the
 * face's radius (zero on the axis), which its Poisson solver applies as w_c and w_f are applied here.
 * Away from the interface the truncation error is O(h^2) in every row, the rows next to the axis
 * included when p is smooth and even in r (for p = r^2 they give lap p = 4 exactly). Observed: second
 * order in max norm for ghost-fluid spheres and cylinders on the axis and for an annulus with OPEN
 * sides (tests/test_poisson.c).
 *
 * FREE SURFACE (Dirichlet p = p_G on the interface): Gibou, Fedkiw, Cheng & Kang (2002), J. Comput.
 * Phys. 176, 205 (their symmetric discretisation: ghost value by linear extrapolation, interface
 * located by linear interpolation of phi). For a liquid cell c whose neighbour nb is air,
 *
 *     theta = phi_c / (phi_c - phi_nb)  in (0, 1]
 *
 * is the fraction of the cell spacing at which the linear interpolant of phi vanishes. The ghost value
 * is chosen so that the linear interpolant between p_c and p_ghost equals p_G at the interface,
 *
 *     p_ghost = p_c + (p_G - p_c) / theta,   so   p_c - p_ghost = (p_c - p_G) / theta:
 *
 * the diagonal gains w_f/theta and the right-hand side w_f p_G/theta (both times 1/h^2 unscaled). The matrix
 * stays symmetric (the air neighbour is not an unknown) and strictly diagonally dominant on interface
 * rows. theta is clamped below at CAP_POISSON_THETA_MIN (see there). p_G comes from a caller's
 * callback (the Laplace jump sigma*kappa at that crossing, from cap_tension) or is 0 when the callback
 * is NULL. An OPEN side is a Dirichlet face p = 0 at distance h/2 from the cell centre: the same rule
 * with theta = 1/2 (second order). A WALL face is the homogeneous Neumann condition dp/dn = 0 (the
 * link is dropped).
 *
 * SOLVERS (both are preconditioned conjugate gradients on A = W L, stopping when ||b - A p||_2 <=
 * tol ||b||_2 over the liquid cells, the residual recomputed from p at exit):
 *   CAP_POISSON_MIC_PCG  modified incomplete Cholesky MIC(0), tau = 0.97 with the safety fallback
 *       (pivot < 0.25 * A_cc -> A_cc), as in Bridson, "Fluid Simulation for Computer Graphics" (2nd
 *       ed. 2015), ch. 5, and Bridson & Mueller-Fischer, SIGGRAPH 2007 course notes, ch. 4 (the
 *       MIC(0) construction and the preconditioner application):
 *           e_c = A_cc - sum_k [ (A_ck p_k)^2 + tau A_ck p_k^2 sum_{m upper of k, m != c} A_km ],
 *           p_c = 1/sqrt(e_c),   k over the lower neighbours of c;
 *       generalised here to the periodic wrap links (a link is "lower" or "upper" by the cell order,
 *       and the dropped fill of every lower neighbour is compensated on the diagonal).
 *   CAP_POISSON_MG_PCG   one geometric multigrid V-cycle as the preconditioner: McAdams, Sifakis &
 *       Teran (2010), "A parallel multigrid Poisson solver for fluids simulation on large grids",
 *       SCA 2010. Coarse levels by 2x coarsening; phi restricted by averaging the 4 children,
 *       the operator re-discretised on every level with the same ghost-fluid rule (so the coarse
 *       free surface is at the restricted phi's zero) and, on AXI grids, with the coarse level's own
 *       radii r_c, r_f (spacing 2^l h, same x0, so the axis stays a zero-area face); bilinear
 *       (cell-centred) prolongation P, even across the axis, and restriction R = P^T (the transpose:
 *       in the h^2-scaled form the factor 1/4 of R = P^T/4 cancels against h_coarse^2 = 4 h^2, and on
 *       AXI the children's mean radius is the parent's, so R A_fine P ~ A_coarse); red-black
 *       Gauss-Seidel smoothing, red then black before the coarse correction and black then red after
 *       it, plus McAdams' extra Gauss-Seidel sweeps on a band of cells near the boundary of the liquid
 *       (rows touching air, a wall, an OPEN side or the axis, and
 *       their neighbours within 2 cells; forward before, backward after), and a
 *       symmetric sweep solve on the coarsest level. Every step after the coarse correction is the
 *       adjoint of the one before it, so the V-cycle is a symmetric positive definite operator and
 *       PCG converges (McAdams et al.; Tatebe 1993 for multigrid-preconditioned CG). Levels are
 *       halved (rounding up) while both directions keep >= 4 cells and periodic directions stay
 *       even; the coarsest level gets up to 32 symmetric Gauss-Seidel sweep pairs. Very anisotropic
 *       grids (e.g. 1000 x 6) therefore get few levels and a weaker, still SPD, preconditioner.
 *
 * MEMORY. A cap_poisson handle is allocated once per grid and holds every work array (matrix, MIC
 * factor, CG vectors, multigrid hierarchy). assemble and solve never allocate.
 *
 * GEOMETRY. 2D planar and AXI (see above); 3D grids are refused with CAP_EGEOM by cap_poisson_alloc
 * (the design carries over: the matrix is a diagonal plus one symmetric conductance per cell face,
 * and 3D would add one face array). An AXI grid must not be periodic in r; its XLO side is AXIS when
 * x0 = 0 (as cap_grid_set_bc enforces), WALL or OPEN for an annulus x0 > 0.
 *
 * UNITS ON AXI GRIDS. The system solved is the r-weighted one, A p = W L p = b with W = diag(r_c)
 * and b = W (-rhs) + interface terms: that is what is symmetric. So on AXI grids the relative
 * residual and b_norm of cap_poisson_status, and cap_poisson_apply / cap_poisson_precondition, refer
 * to the r-weighted rows (units of the planar quantities times metres); the solution p is the same
 * as for the unweighted rows. On planar grids W = I.
 *
 * SINGULAR SYSTEMS. A connected liquid region that touches no air and no OPEN side (e.g. a box full of
 * liquid with walls all round) has a pure-Neumann, singular matrix; CG then converges only if the
 * right-hand side is compatible (sums to zero over that region; on AXI grids sum r_c rhs_c = 0), which
 * the caller must ensure.
 */
#ifndef CAP_POISSON_H
#define CAP_POISSON_H

#include "cap_grid.h"

/* Lower clamp of the interface fraction theta. Why: theta -> 0 (the interface passes through the cell
 * centre) puts 1/theta on the diagonal, which overflows when phi_c underflows and makes the matrix
 * needlessly ill-conditioned. Clamping moves the Dirichlet point by at most THETA_MIN * h, which
 * changes p at that cell by at most |grad p| * THETA_MIN * h: with 1e-6 that stays below the scheme's
 * O(h^2) error (0.4 h^2 to 10 h^2 on the smooth test solutions, where |grad p| ~ 3) on every grid up
 * to CAP_GRID_MAX_N = 65536 cells per unit length, while the diagonal stays at most 4e6 (units 1/h^2).
 * The interface-face flux (p_G - p_c)/theta is what that row's residual controls, so the clamp does
 * not amplify solver error there. (On the test problems the errors agree to 4 digits for clamps of
 * 1e-3, 1e-6 and 1e-9.) */
#define CAP_POISSON_THETA_MIN 1e-6

/* Pressure at the interface crossing between liquid cell (i, j) and its air neighbour in direction
 * `dir` (a cap_side: CAP_XLO = -x, CAP_XHI = +x, CAP_YLO = -y, CAP_YHI = +y; on AXI grids x is r and
 * y is z, so CAP_XLO points toward the axis); the crossing lies at
 * distance theta * h from the cell centre (theta is the unclamped fraction, in (0, 1]). Called only by
 * cap_poisson_assemble. Must return a finite value. */
typedef double cap_poisson_value_fn(void *ctx, int i, int j, int dir, double theta);

typedef enum {
  CAP_POISSON_MIC_PCG = 0, /* conjugate gradients preconditioned by MIC(0) */
  CAP_POISSON_MG_PCG = 1   /* conjugate gradients preconditioned by one multigrid V-cycle */
} cap_poisson_method;

/* What a solve did (filled by cap_poisson_solve on success and on CAP_EMAXITER). */
typedef struct {
  cap_poisson_method method;
  int iterations;      /* PCG iterations (preconditioner applications after the first) */
  double rel_residual; /* ||b - A p||_2 / ||b||_2 over the liquid cells, recomputed from p at exit (AXI: of
                          the r-weighted rows, see UNITS ON AXI GRIDS) */
  double b_norm;       /* ||b||_2 of the system -lap p = b, in the units of rhs (1/h^2 terms included); AXI:
                          of the r-weighted rows r_c (-lap p) = r_c b, in the units of rhs times m */
  double seconds;      /* wall time of the solve (CLOCK_MONOTONIC) */
  long unknowns;       /* liquid cells */
  int levels;          /* multigrid levels (1 for MIC-PCG) */
} cap_poisson_status;

typedef struct cap_poisson cap_poisson;

/* Allocates the handle for grid g, planar or AXI (sizes, geometry, boundary kinds and h are copied;
 * every later call must pass a grid with the same nx, ny, ng (CAP_ESIZE otherwise), the same geometry
 * (CAP_EGEOM otherwise) and the same h, origin and boundary kinds (CAP_EINVAL otherwise)).
 * Errors: CAP_EINVAL (NULL), CAP_EGEOM (3D grid; an AXIS side other than XLO of an AXI grid at x0 = 0,
 * or such an XLO side of another kind; an AXI grid periodic in r), the code of cap_grid_check_bc,
 * CAP_ESIZE (a periodic direction with fewer than 3 cells), CAP_ENOMEM.
 * On failure *out is NULL and nothing is leaked. */
int cap_poisson_alloc(cap_poisson **out, const cap_grid *g);

/* Faces closed like a wall (no flux; homogeneous Neumann) on the finest level, read by the next
 * cap_poisson_assemble: xclosed[cap_grid_idx(g, i, j)] != 0 closes the x-face between cells (i-1, j)
 * and (i, j), yclosed the y-face between (i, j-1) and (i, j); either may be NULL (none). The arrays are
 * the caller's (g->size entries). The multigrid levels below the finest do not see them (the
 * preconditioner stays symmetric positive definite; the PCG iteration solves the closed system). */
void cap_poisson_set_closed_faces(cap_poisson *P, const unsigned char *xclosed, const unsigned char *yclosed);
void cap_poisson_free(cap_poisson *P);

/* Builds the matrix, the interface right-hand side terms (p_G / (theta h^2)) and the MIC(0) factor and
 * multigrid hierarchy from the level set phi (interior cells read; liquid where phi < 0). value may be
 * NULL (p_G = 0). Errors: CAP_EINVAL (NULL P, g or phi), CAP_ESIZE / CAP_EINVAL (grid mismatch),
 * CAP_ENONFINITE (phi not finite on an interior cell, or the callback returned a non-finite value). */
int cap_poisson_assemble(cap_poisson *P, const cap_grid *g, const double *phi,
                         cap_poisson_value_fn *value, void *ctx);

/* Solves lap p = rhs on the liquid cells with the assembled boundary conditions.
 * p: on entry the initial guess on the liquid cells (zero them for a cold start); on exit the solution
 * there; all other entries are left unchanged. tol: relative residual, 0 < tol < 1; maxiter >= 1.
 * st may be NULL. Errors: CAP_EINVAL (NULL pointers, or no cap_poisson_assemble before), CAP_ESIZE /
 * CAP_EINVAL (grid mismatch), CAP_EDOM (method, tol or maxiter out of range), CAP_ENONFINITE (rhs or
 * the initial p not finite on a liquid cell), CAP_EMAXITER (maxiter reached; the message gives the
 * reached residual, p holds the last iterate, st is filled), CAP_ENUMERIC (CG breakdown: a
 * non-positive curvature s.As, e.g. an incompatible singular system). */
int cap_poisson_solve(cap_poisson *P, const cap_grid *g, const double *rhs, double *p,
                      cap_poisson_method method, double tol, int maxiter, cap_poisson_status *st);

/* y = A x = -lap x with the assembled homogeneous boundary conditions (p_G = 0), in units of 1/h^2,
 * on the liquid cells; y is 0 on the other interior cells (ghosts untouched). On an AXI grid it is the
 * r-weighted operator y = A x = W L x = r_c (-lap x) (units 1/h^2 times m), which is the symmetric
 * one: x.(A y) = y.(A x). For tests of the matrix (symmetry, definiteness).
 * Errors: CAP_EINVAL (NULL, not assembled), CAP_ESIZE / CAP_EINVAL / CAP_EGEOM (grid mismatch). */
int cap_poisson_apply(cap_poisson *P, const cap_grid *g, const double *x, double *y);

/* z = M^{-1} r: one application of the method's preconditioner (MIC(0) forward and back substitution,
 * or ONE multigrid V-cycle), as an approximation of A^{-1} in the units of cap_poisson_apply (the
 * r-weighted A on AXI grids); z is 0 on non-liquid interior cells. For tests (symmetry of the
 * V-cycle) and for timing one V-cycle. Errors as cap_poisson_apply, and CAP_EDOM for an unknown method. */
int cap_poisson_precondition(cap_poisson *P, const cap_grid *g, cap_poisson_method method,
                             const double *r, double *z);

#endif
