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

#include <math.h>

#include "cap_grid.h"

/* A field stored at `loc` interpolated at (x, y) by the tensor product of cubic Lagrange
 * interpolations through the 4 x 4 samples around it: an error O(h^4) for a smooth field, where the
 * bilinear cap_interp_linear (below) leaves (h^2/8) |f_xx + f_yy| at most. Reads two ghost layers (g->ng >= 2, filled). At a sample it returns the sample's value. */
double cap_interp_cubic(const cap_grid *g, const double *f, cap_location loc, double x, double y);

/* cap_interp_cubic in two halves, for a point sampled many times: the stencil of (x, y), the index of
 * its lower-left sample (base) and the weights along x (w[0..3]) and along y (w[4..7]); then the value
 * of f from it (the sum cap_interp_cubic forms, in the same order: the same bits). */
void cap_interp_cubic_stencil(const cap_grid *g, cap_location loc, double x, double y, size_t *base, double w[8]);
static inline double cap_interp_cubic_apply(const cap_grid *g, const double *f, size_t base, const double w[8])
{
  double sum = 0;
  for (int q = 0; q < 4; q++) {
    const double *row = f + base + (size_t)q * (size_t)g->sy;
    sum += w[4 + q] * (w[0] * row[0] + w[1] * row[1] + w[2] * row[2] + w[3] * row[3]);
  }
  return sum;
}

/* ---- bilinear sampling, inline: it runs per sample inside the advection sweeps ---- */

/* Maps a coordinate into the domain [lo, lo + n h]: wrap if periodic, clamp otherwise. */
static inline double cap_interp_fold(double x, double lo, int n, double h, int periodic)
{
  double len = n * h;
  if (periodic) {
    double t = fmod(x - lo, len);
    if (t < 0) t += len;
    return lo + t;
  }
  return x < lo ? lo : (x > lo + len ? lo + len : x);
}

/* The sample (i, j) at or below-left of (x, y) on the lattice of `loc` (x, y clamped to the domain's
 * closure, wrapped on periodic sides), and the point's fractions (a, b) in [0, 1] of a spacing from it. */
static inline void cap_interp_locate(const cap_grid *g, cap_location loc, double x, double y, int *i, int *j, double *a,
                                     double *b)
{
  double ox, oy, h = g->h;
  cap_grid_offsets(loc, &ox, &oy);
  x = cap_interp_fold(x, g->x0, g->nx, h, g->bc[CAP_XLO] == CAP_BC_PERIODIC);
  y = cap_interp_fold(y, g->y0, g->ny, h, g->bc[CAP_YLO] == CAP_BC_PERIODIC);
  double fx = (x - g->x0) / h - ox, fy = (y - g->y0) / h - oy;
  *i = (int)floor(fx);
  *j = (int)floor(fy);
  /* the last sample of a face lattice: step back one so that only real samples carry weight */
  if (loc == CAP_AT_XFACE && *i >= g->nx) *i = g->nx - 1;
  if (loc == CAP_AT_YFACE && *j >= g->ny) *j = g->ny - 1;
  *a = fx - *i;
  *b = fy - *j;
}

/* Bilinear interpolation of a field stored at `loc` at the point (x, y) (clamped to the domain's
 * closure, wrapped on periodic sides). */
static inline double cap_interp_linear(const cap_grid *g, const double *f, cap_location loc, double x, double y)
{
  int i, j;
  double a, b;
  cap_interp_locate(g, loc, x, y, &i, &j, &a, &b);
  /* inside the folded domain, i in [-1, n] and j in [-1, n]: one ghost layer is read at most */
  size_t c = cap_grid_idx(g, i, j);
  return (1 - a) * (1 - b) * f[c] + a * (1 - b) * f[c + 1] + (1 - a) * b * f[c + g->sy] + a * b * f[c + 1 + g->sy];
}

/* The velocity (u, v) of the MAC grid at (x, y): u bilinear on the x-face lattice, v on the y-face
 * lattice. */
static inline void cap_interp_velocity(const cap_grid *g, const double *u, const double *v, double x, double y,
                                       double *ux, double *vy)
{
  *ux = cap_interp_linear(g, u, CAP_AT_XFACE, x, y);
  *vy = cap_interp_linear(g, v, CAP_AT_YFACE, x, y);
}

#endif
