/* cap_interp: fields of the MAC grid sampled between their samples.
 *
 * A field stored at `loc` (cell centres, x-faces or y-faces; cap_grid.h) has its sample (i, j) at
 * (x0 + (i + ox) h, y0 + (j + oy) h), (ox, oy) = cap_grid_offsets(loc). A point is first brought into
 * the domain's closure: wrapped across periodic sides, clamped elsewhere; then the lattice's samples
 * around it are weighted. Bilinear weights read one ghost layer at most; cubic (the tensor product of
 * cubic Lagrange interpolations through the 4 x 4 samples around the point) read two. Both return a
 * sample's value at the sample. The caller fills the ghosts that are read. 2D grids; no errors (the
 * functions are called inside sweeps and validate nothing).
 */
#ifndef CAP_INTERP_H
#define CAP_INTERP_H

#include "cap_grid.h"

/* Bilinear interpolation of a field stored at `loc` at the point (x, y) (clamped to the domain's
 * closure, wrapped on periodic sides). */
double cap_interp_linear(const cap_grid *g, const double *f, cap_location loc, double x, double y);

/* The same by the tensor product of cubic Lagrange interpolations through the 4 x 4 samples around
 * (x, y): an error O(h^4) for a smooth field, where the bilinear one leaves (h^2/8) |f_xx + f_yy| at
 * most. Reads two ghost layers (g->ng >= 2, filled). At a sample it returns the sample's value. */
double cap_interp_cubic(const cap_grid *g, const double *f, cap_location loc, double x, double y);

/* The velocity (u, v) of the MAC grid at (x, y): u bilinear on the x-face lattice, v on the y-face
 * lattice. */
void cap_interp_velocity(const cap_grid *g, const double *u, const double *v, double x, double y, double *ux,
                         double *vy);

#endif
