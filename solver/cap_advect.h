/* cap_advect: semi-Lagrangian advection on the MAC grid.
 *
 * A quantity stored at cell centres or at x-, y- (or, 3D, z-) faces is carried by the face velocity
 * (u, v) (3D: (u, v, w)): its new value at a sample point X is the old field interpolated (bilinearly
 * in 2D, trilinearly in 3D, on its own staggered lattice) at the departure point found by tracing the
 * characteristic backwards over dt with the midpoint rule (RK2):  X_mid = X - dt/2 U(X),
 * X_dep = X - dt U(X_mid)  (Staniforth & Cote 1991, Mon. Wea. Rev. 119, 2206; Stam 1999, SIGGRAPH,
 * with the RK2 trace of Bridson 2015, Sec. 3.1). Unconditionally stable; first order in time at fixed
 * CFL number because of the interpolation (an O(h^2) interpolation error per step over O(1/h) steps),
 * exact for a uniform translation by whole cells. Departure points outside the domain are clamped to
 * its closure (periodic sides wrap).
 *
 * The velocity at a departure point is cap_interp_velocity's (u on the x-face lattice, v on the
 * y-face lattice, w on the z-face lattice, each bilinear / trilinear). Ghost values of the advected
 * field and of u, v (, w) must be filled where the interpolation reaches them (one ghost layer suffices
 * after clamping).
 *
 * GEOMETRY. PLANAR and AXI (2D), and CAP_GEOM_3D on the uniform grid with any side kind (the trace
 * reads ghost values only: the kinds enter through the ghosts the caller fills, and through the
 * periodic wrap). 3D sweeps run over rows (j, k) shared by the threads; each sample is written from its
 * own trace, so the result does not depend on the number of threads.
 */
#ifndef CAP_ADVECT_H
#define CAP_ADVECT_H

#include "cap_grid.h"

/* q_new = q_old carried over dt >= 0 by (u, v, w), at every interior sample of `loc` (for faces: the
 * faces strictly inside the domain and, on periodic sides, the boundary face; boundary faces of walls
 * are left unchanged) where near is NULL or near[idx] < reach; the samples with near[idx] >= reach are
 * left unchanged (a solver that overwrites them afterwards, e.g. the air beyond an extension band,
 * passes phi at the samples and the band's width). q_new must not alias q_old. w: the z-face velocity,
 * required on 3D grids (CAP_EINVAL naming it if NULL), not read in 2D (pass NULL). Errors: CAP_EINVAL
 * (NULL, alias), CAP_EDOM (loc: CELL to YFACE in 2D, to ZFACE in 3D; dt < 0), CAP_ENONFINITE naming the
 * first sample (in the order i, then j, then k) whose trace meets a non-finite value. */
int cap_advect_semilagrangian(const cap_grid *g, const double *q_old, double *q_new, cap_location loc, const double *u,
                              const double *v, const double *w, double dt, const double *near, double reach);

#endif
