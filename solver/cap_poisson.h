/* cap_poisson: the pressure Poisson equation on the liquid cells, with a ghost-fluid free surface,
 * solved by preconditioned conjugate gradients (MIC(0) or a geometric multigrid V-cycle).
 *
 * EQUATION. On the liquid cells (phi < 0 at the centre; phi cell-centred on the cap_grid) find p with
 *     lap p = rhs,   lap p = p_xx + p_yy (PLANAR; 3D: + p_zz),   (1/r) d/dr (r dp/dr) + p_zz (AXI: x = r, y = z),
 * by finite volumes as the SPD system A p = b, A = W L, L ~ -lap, W = diag(w_c) (A scaled internally by
 * h^2, which changes neither p nor relative residuals). The row of liquid cell c sums over its faces f
 *     w_f (p_c - p_nb)           liquid neighbour nb (periodic sides wrap)
 *     w_f (p_c - p_G) / theta    air neighbour: ghost fluid (FREE SURFACE below)
 *     w_f (p_c - 0) / (1/2)      face on a CAP_BC_OPEN side (Dirichlet p = 0 at h/2)
 *     nothing                    face on a WALL or AXIS side, or closed (dp/dn = 0)
 * and equals -h^2 w_c rhs_c. PLANAR, 3D: w_f = w_c = 1 (the 5-, 7-point stencil). AXI: each row is the flux
 * balance per radian over the cell's volume h^2 r_c: w_c = r_c = x0 + (i + 1/2) h, w_f = x0 + i h on
 * the r-face between cells i-1 and i (0 on the axis: no flux, no condition), w_f = r_c on z-faces; A is
 * symmetric and an M-matrix (Patankar, "Numerical Heat Transfer and Fluid Flow", Hemisphere 1980, with
 * cylindrical face areas and volumes; the metric of Basilisk's src/axi.h, S. Popinet). O(h^2)
 * truncation error away from the interface, rows next to the axis included for a p smooth and even in r.
 *
 * FREE SURFACE: Gibou, Fedkiw, Cheng & Kang (2002), J. Comput. Phys. 176, 205, symmetric form. For a
 * liquid cell c with air neighbour nb, theta = phi_c / (phi_c - phi_nb) in (0, 1] and the ghost value
 * p_ghost = p_c + (p_G - p_c) / theta: the diagonal gains w_f/theta, the right-hand side w_f p_G/theta.
 * theta is clamped below at CAP_POISSON_THETA_MIN. p_G comes from the caller's callback (the Laplace
 * value sigma kappa at that crossing), 0 without one.
 *
 * CONVENTIONS. On AXI grids the system solved is the r-weighted one, b = W (-rhs) + interface terms:
 * the relative residual and b_norm of cap_poisson_status, cap_poisson_apply and
 * cap_poisson_precondition refer to those rows (planar units times m); p is the same. A connected
 * liquid region touching no air and no OPEN side is pure Neumann (singular): the caller must make rhs
 * compatible (sum over the region of rhs_c, AXI r_c rhs_c, = 0). The handle holds every work array;
 * assemble and solve never allocate but the MIC(0) factor's arrays, at the first MIC_PCG use (ENOMEM).
 * VALIDITY: 2D PLANAR and AXI, and 3D (uniform cubic cells; WALL, SLIP, OPEN, PERIODIC sides; z-faces
 * closable); an AXI grid is not periodic in r, its XLO side is AXIS at x0 = 0, WALL or OPEN for x0 > 0.
 * Rationale and measurements: docs/design/pressure.md.
 */
#ifndef CAP_POISSON_H
#define CAP_POISSON_H

#include "cap_grid.h"

/* Lower clamp of the interface fraction theta: moves the Dirichlet point by at most THETA_MIN h (below
 * the scheme's O(h^2) error up to CAP_GRID_MAX_N) and bounds a face's term by 1/THETA_MIN (units 1/h^2). */
#define CAP_POISSON_THETA_MIN 1e-6

/* p_G at the crossing between liquid cell (i, j, k) (k = 0 in 2D) and its air neighbour in direction dir
 * (a cap_side, CAP_ZLO/CAP_ZHI in 3D; on AXI grids CAP_XLO points toward the axis), at distance theta h
 * from the cell centre (theta the unclamped fraction, in (0, 1]). Called only by cap_poisson_assemble,
 * on one thread; must return a finite value. */
typedef double cap_poisson_value_fn(void *ctx, int i, int j, int k, int dir, double theta);

/* SOLVERS: preconditioned conjugate gradients on A = W L, stopping when ||b - A p||_2 <= tol ||b||_2
 * over the liquid cells, the residual recomputed from p at exit.
 *   MIC_PCG  modified incomplete Cholesky MIC(0), tau = 0.97, a pivot below 0.25 A_cc replaced by A_cc
 *            (Bridson, "Fluid Simulation for Computer Graphics", 2nd ed. 2015, ch. 5; Bridson &
 *            Mueller-Fischer, SIGGRAPH 2007 course notes, ch. 4):
 *              e_c = A_cc - sum_k [ (A_ck p_k)^2 + tau A_ck p_k^2 sum_{m upper of k, m != c} A_km ],
 *              p_c = 1/sqrt(e_c),   k over the lower neighbours of c
 *            ("lower" and "upper" by the cell order, i fastest, then j, then k; periodic wrap links
 *            included); factor and substitutions sequential (no dependence on the thread count).
 *   MG_PCG   one geometric multigrid V-cycle as preconditioner (McAdams, Sifakis & Teran 2010, "A
 *            parallel multigrid Poisson solver for fluids simulation on large grids", SCA 2010;
 *            Tatebe 1993 for multigrid-preconditioned CG): levels by 2x coarsening (rounding up) while
 *            every direction keeps >= 4 cells and periodic ones stay even; phi restricted by the mean of
 *            the 4 (3D: 8) children and the operator re-discretised on every level with the same
 *            ghost-fluid rule (AXI: the level's own radii, same x0); bi(tri)linear cell-centred
 *            prolongation P (even across the axis), restriction R = P^T; red-black Gauss-Seidel
 *            (colour (i + j + k) mod 2; red, black before the coarse correction, black, red after),
 *            extra forward/backward sweeps on the band of cells within 2 of a row touching air, a
 *            wall, an OPEN side or the axis; up to 32 symmetric sweep pairs on the coarsest level.
 *            Each step after the coarse correction is the adjoint of the one before, so the V-cycle
 *            is SPD. Very anisotropic grids get few levels (a weaker, still SPD, preconditioner). */
typedef enum {
  CAP_POISSON_MIC_PCG = 0, /* conjugate gradients preconditioned by MIC(0) */
  CAP_POISSON_MG_PCG = 1   /* conjugate gradients preconditioned by one multigrid V-cycle */
} cap_poisson_method;

/* What a solve did (filled by cap_poisson_solve on success and on CAP_EMAXITER). */
typedef struct {
  cap_poisson_method method;
  int iterations;      /* PCG iterations (preconditioner applications after the first) */
  double rel_residual; /* ||b - A p||_2 / ||b||_2 over the liquid cells, recomputed from p at exit (AXI: of
                          the r-weighted rows, see CONVENTIONS) */
  double b_norm;       /* ||b||_2 of the system -lap p = b, in the units of rhs (1/h^2 terms included); AXI:
                          of the r-weighted rows r_c (-lap p) = r_c b, in the units of rhs times m */
  double seconds;      /* wall time of the solve (CLOCK_MONOTONIC) */
  long unknowns;       /* liquid cells */
  int levels;          /* multigrid levels (1 for MIC-PCG) */
} cap_poisson_status;

typedef struct cap_poisson cap_poisson;

/* Allocates the handle for grid g, planar, AXI or 3D (sizes, geometry, boundary kinds and h are copied;
 * every later call must pass a grid with the same nx, ny, nz, ng (CAP_ESIZE otherwise), the same geometry
 * (CAP_EGEOM otherwise) and the same h, origin and boundary kinds (CAP_EINVAL otherwise)).
 * Errors: CAP_EINVAL (NULL), CAP_EGEOM (an AXIS side other than XLO of an AXI grid at x0 = 0,
 * or such an XLO side of another kind; an AXI grid periodic in r), the code of cap_grid_check_bc,
 * CAP_ESIZE (a periodic direction with fewer than 3 cells), CAP_ENOMEM.
 * On failure *out is NULL and nothing is leaked. */
int cap_poisson_alloc(cap_poisson **out, const cap_grid *g);

/* Faces closed like a wall (no flux; homogeneous Neumann) on the finest level, read by the next
 * cap_poisson_assemble: xclosed[cap_grid_idx(g, i, j)] != 0 closes the x-face between cells (i-1, j)
 * and (i, j), yclosed the y-face between (i, j-1) and (i, j), zclosed (3D) the z-face between
 * (i, j, k-1) and (i, j, k); in 3D all three are indexed by cap_grid_idx3(g, i, j, k). Any may be NULL
 * (none; zclosed is not read in 2D). The arrays are the caller's (g->size entries). The multigrid
 * levels below the finest do not see them (the preconditioner stays symmetric positive definite; the
 * PCG iteration solves the closed system). */
void cap_poisson_set_closed_faces(cap_poisson *P, const unsigned char *xclosed, const unsigned char *yclosed,
                                  const unsigned char *zclosed);
void cap_poisson_free(cap_poisson *P);

/* Builds the matrix, the interface right-hand side terms (p_G / (theta h^2)) and the multigrid hierarchy
 * from the level set phi (interior cells read; liquid where phi < 0); the MIC(0) factor is built by the
 * first MIC_PCG solve or preconditioning after it (a multigrid solve does not need it). value may be
 * NULL (p_G = 0). Errors: CAP_EINVAL (NULL P, g or phi), CAP_ESIZE / CAP_EINVAL (grid mismatch),
 * CAP_ENONFINITE (phi not finite on an interior cell, or the callback returned a non-finite value). */
int cap_poisson_assemble(cap_poisson *P, const cap_grid *g, const double *phi, cap_poisson_value_fn *value, void *ctx);

/* Solves lap p = rhs on the liquid cells with the assembled boundary conditions.
 * p: on entry the initial guess on the liquid cells (zero them for a cold start); on exit the solution
 * there; all other entries are left unchanged. tol: relative residual, 0 < tol < 1; maxiter >= 1.
 * st may be NULL. Errors: CAP_EINVAL (NULL pointers, or no cap_poisson_assemble before), CAP_ESIZE /
 * CAP_EINVAL (grid mismatch), CAP_EDOM (method, tol or maxiter out of range), CAP_ENONFINITE (rhs or
 * the initial p not finite on a liquid cell), CAP_EMAXITER (maxiter reached; the message gives the
 * reached residual, p holds the last iterate, st is filled), CAP_ENUMERIC (CG breakdown: a
 * non-positive curvature s.As, e.g. an incompatible singular system). */
int cap_poisson_solve(cap_poisson *P, const cap_grid *g, const double *rhs, double *p, cap_poisson_method method,
                      double tol, int maxiter, cap_poisson_status *st);

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
int cap_poisson_precondition(cap_poisson *P, const cap_grid *g, cap_poisson_method method, const double *r, double *z);

#endif
