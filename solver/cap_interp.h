/* cap_interp: fields of the MAC grid sampled between their samples.
 *
 * A field stored at `loc` (cell centres, x-, y- or z-faces; cap_grid.h) has its sample (i, j, k) at
 * (x0 + (i + ox) h, y0 + (j + oy) h, z0 + (k + oz) h), (ox, oy, oz) = cap_grid_offsets3(loc). A point is
 * first brought into the domain's closure: wrapped across periodic sides, clamped elsewhere; then the
 * lattice's samples around it are weighted. Bilinear (trilinear) weights read one ghost layer at most;
 * cubic (the tensor product of cubic Lagrange interpolations through the 4 x 4 (x 4) samples around
 * the point) read two. All return a sample's value at the sample. The caller fills the ghosts that
 * are read. No errors (the functions are called inside sweeps and validate nothing).
 *
 * 2D AND 3D. cap_interp_linear, cap_interp_cubic and the cubic stencil take (x, y) and serve 2D grids
 * (PLANAR, AXI); their companions ..._3d take (x, y, z) and serve 3D grids (CAP_GEOM_3D), with the same
 * per-axis location and weights. cap_interp_velocity serves both: w and z are not read in 2D.
 */
#ifndef CAP_INTERP_H
#define CAP_INTERP_H

#include <math.h>

#include "cap_grid.h"

/* A field stored at `loc` interpolated at (x, y) by the tensor product of cubic Lagrange
 * interpolations through the 4 x 4 samples around it: an error O(h^4) for a smooth field, where the
 * bilinear cap_interp_linear (below) leaves (h^2/8) |f_xx + f_yy| at most. Reads two ghost layers
 * (g->ng >= 2, filled). At a sample it returns the sample's value. */
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

/* The 3D companions (3D grids): the tricubic interpolation through the 4 x 4 x 4 samples around
 * (x, y, z), an error O(h^4); its stencil, with the weights along z in w[8..11] and base the sample
 * (i - 1, j - 1, k - 1); its value, the bicubic sums of cap_interp_cubic_apply on the four z-planes
 * weighted along z. */
double cap_interp_cubic_3d(const cap_grid *g, const double *f, cap_location loc, double x, double y, double z);
void cap_interp_cubic_stencil_3d(const cap_grid *g, cap_location loc, double x, double y, double z, size_t *base,
                                 double w[12]);
static inline double cap_interp_cubic_apply_3d(const cap_grid *g, const double *f, size_t base, const double w[12])
{
  double sum = 0;
  for (int r = 0; r < 4; r++) sum += w[8 + r] * cap_interp_cubic_apply(g, f, base + (size_t)r * (size_t)g->sz, w);
  return sum;
}

/* ---- bilinear and trilinear sampling, inline: it runs per sample inside the advection sweeps ---- */

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

/* Along one axis of n cells from lo, periodic or not, of a lattice offset by `off` cells (0 for the
 * face lattice of this axis, whose last sample is n; 1/2 otherwise): the sample *i at or below x
 * (folded) and the fraction *a in [0, 1] of a spacing from it. */
static inline void cap_interp_axis(double x, double lo, int n, double h, int periodic, double off, int face, int *i,
                                   double *a)
{
  x = cap_interp_fold(x, lo, n, h, periodic);
  double fx = (x - lo) / h - off;
  *i = (int)floor(fx);
  /* the last sample of a face lattice: step back one so that only real samples carry weight */
  if (face && *i >= n) *i = n - 1;
  *a = fx - *i;
}

/* The sample (i, j) at or below-left of (x, y) on the lattice of `loc` (x, y clamped to the domain's
 * closure, wrapped on periodic sides), and the point's fractions (a, b) in [0, 1] of a spacing from it. */
static inline void cap_interp_locate(const cap_grid *g, cap_location loc, double x, double y, int *i, int *j, double *a,
                                     double *b)
{
  double ox, oy;
  cap_grid_offsets(loc, &ox, &oy);
  cap_interp_axis(x, g->x0, g->nx, g->h, g->bc[CAP_XLO] == CAP_BC_PERIODIC, ox, loc == CAP_AT_XFACE, i, a);
  cap_interp_axis(y, g->y0, g->ny, g->h, g->bc[CAP_YLO] == CAP_BC_PERIODIC, oy, loc == CAP_AT_YFACE, j, b);
}

/* The same in 3D: the sample (i, j, k) and the fractions (a, b, c). */
static inline void cap_interp_locate_3d(const cap_grid *g, cap_location loc, double x, double y, double z, int *i,
                                        int *j, int *k, double *a, double *b, double *c)
{
  double oz = loc == CAP_AT_ZFACE ? 0.0 : 0.5;
  cap_interp_locate(g, loc, x, y, i, j, a, b);
  cap_interp_axis(z, g->z0, g->nz, g->h, g->bc[CAP_ZLO] == CAP_BC_PERIODIC, oz, loc == CAP_AT_ZFACE, k, c);
}

/* The bilinear weighting of the samples c, c + 1, c + sy, c + 1 + sy at the fractions (a, b). */
static inline double cap_interp_bilinear_at(const double *f, size_t c, ptrdiff_t sy, double a, double b)
{
  return (1 - a) * (1 - b) * f[c] + a * (1 - b) * f[c + 1] + (1 - a) * b * f[c + sy] + a * b * f[c + 1 + sy];
}

/* Bilinear interpolation of a field stored at `loc` at the point (x, y) (clamped to the domain's
 * closure, wrapped on periodic sides). 2D grids. */
static inline double cap_interp_linear(const cap_grid *g, const double *f, cap_location loc, double x, double y)
{
  int i, j;
  double a, b;
  cap_interp_locate(g, loc, x, y, &i, &j, &a, &b);
  /* inside the folded domain, i in [-1, n] and j in [-1, n]: one ghost layer is read at most */
  return cap_interp_bilinear_at(f, cap_grid_idx(g, i, j), g->sy, a, b);
}

/* Trilinear interpolation at (x, y, z), 3D grids: the bilinear values on the two z-planes around the
 * point, weighted along z. Exact for f = sum of c_pqr x^p y^q z^r, p, q, r in {0, 1}; an error at most
 * (h^2/8) (|f_xx| + |f_yy| + |f_zz|) for a smooth field. One ghost layer is read at most. */
static inline double cap_interp_linear_3d(const cap_grid *g, const double *f, cap_location loc, double x, double y,
                                          double z)
{
  int i, j, k;
  double a, b, c;
  cap_interp_locate_3d(g, loc, x, y, z, &i, &j, &k, &a, &b, &c);
  size_t s = cap_grid_idx3(g, i, j, k);
  return (1 - c) * cap_interp_bilinear_at(f, s, g->sy, a, b) +
         c * cap_interp_bilinear_at(f, s + (size_t)g->sz, g->sy, a, b);
}

/* The velocity of the MAC grid at (x, y) (2D: w and z are not read, *wz is set to 0 when not NULL) or
 * at (x, y, z) (3D: w required): u on the x-face lattice, v on the y-face lattice, w on the z-face
 * lattice, each bilinear (trilinear). */
static inline void cap_interp_velocity(const cap_grid *g, const double *u, const double *v, const double *w, double x,
                                       double y, double z, double *ux, double *vy, double *wz)
{
  if (g->dim == 3) {
    *ux = cap_interp_linear_3d(g, u, CAP_AT_XFACE, x, y, z);
    *vy = cap_interp_linear_3d(g, v, CAP_AT_YFACE, x, y, z);
    *wz = cap_interp_linear_3d(g, w, CAP_AT_ZFACE, x, y, z);
    return;
  }
  *ux = cap_interp_linear(g, u, CAP_AT_XFACE, x, y);
  *vy = cap_interp_linear(g, v, CAP_AT_YFACE, x, y);
  if (wz) *wz = 0;
}

#endif
