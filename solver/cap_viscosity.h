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
 * Planar 2D; AXI (hoop-stress term) and 3D return CAP_EGEOM for now.
 */
#ifndef CAP_VISCOSITY_H
#define CAP_VISCOSITY_H

#include "cap_grid.h"

typedef struct cap_viscosity cap_viscosity;

typedef struct {
  int iterations[2];   /* CG iterations for u and v */
  double residual[2];  /* final relative residuals */
  long unknowns[2];    /* liquid faces solved for */
} cap_viscosity_status;

/* Workspace for grid g (copied); NULL (and CAP_ENOMEM reported) on failure. */
cap_viscosity *cap_viscosity_alloc(const cap_grid *g);
void cap_viscosity_free(cap_viscosity *w);

/* One implicit viscous step of both components in place. nu_dt = nu * dt >= 0 (m^2); tol in (0, 1)
 * the relative residual; maxit >= 1. CAP_EMAXITER if a solve does not converge (status still
 * filled). phi: cell-centred level set (liquid < 0); ghosts of u, v, phi are filled here. */
int cap_viscosity_step(cap_viscosity *w, const cap_grid *g, const double *phi, double *u, double *v,
                       double nu_dt, double tol, int maxit, cap_viscosity_status *st);

#endif
