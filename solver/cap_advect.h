/* cap_advect: semi-Lagrangian advection on the MAC grid.
 *
 * A quantity stored at cell centres, x-faces or y-faces is carried by the face velocity (u, v): its
 * new value at a sample point X is the old field interpolated (bilinearly, on its own staggered
 * lattice) at the departure point found by tracing the characteristic backwards over dt with the
 * midpoint rule (RK2):  X_mid = X - dt/2 U(X),  X_dep = X - dt U(X_mid)  (Staniforth & Cote 1991,
 * Mon. Wea. Rev. 119, 2206; Stam 1999, SIGGRAPH, with the RK2 trace of Bridson 2015, Sec. 3.1).
 * Unconditionally stable; first order in time at fixed CFL number because of the interpolation
 * (an O(h^2) interpolation error per step over O(1/h) steps), exact for a uniform translation by
 * whole cells. Departure points outside the domain are clamped to its closure (periodic sides wrap).
 *
 * The velocity at an arbitrary point interpolates u on the x-face lattice and v on the y-face
 * lattice, each bilinearly. Ghost values of the advected field and of u, v must be filled where the
 * interpolation reaches them (one ghost layer suffices after clamping).
 */
#ifndef CAP_ADVECT_H
#define CAP_ADVECT_H

#include "cap_grid.h"

/* Bilinear interpolation of a field stored at `loc` at the point (x, y) (clamped to the domain's
 * closure, wrapped on periodic sides). */
double cap_advect_interp(const cap_grid *g, const double *f, cap_location loc, double x, double y);

/* The same by the tensor product of cubic Lagrange interpolations through the 4 x 4 samples around
 * (x, y): an error O(h^4) for a smooth field, where the bilinear one leaves (h^2/8) |f_xx + f_yy| at
 * most. Reads two ghost layers (g->ng >= 2, filled). At a sample it returns the sample's value. */
double cap_advect_interp_cubic(const cap_grid *g, const double *f, cap_location loc, double x, double y);

/* Velocity (u, v) interpolated at (x, y). */
void cap_advect_velocity(const cap_grid *g, const double *u, const double *v, double x, double y, double *ux,
                         double *vy);

/* q_new = q_old carried over dt >= 0 by (u, v), at every interior sample of `loc` (for faces: the faces
 * strictly inside the domain and, on periodic sides, the boundary face; boundary faces of walls are
 * left unchanged). q_new must not alias q_old. 2D grids only (CAP_EGEOM for 3D). */
int cap_advect_semilagrangian(const cap_grid *g, const double *q_old, double *q_new, cap_location loc,
                              const double *u, const double *v, double dt);

#endif
