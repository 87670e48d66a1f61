#include "cap_advect.h"

#include <math.h>

#include "cap_errno.h"

/* Lattice offsets of a location, in cells: sample (i, j) sits at (x0 + (i + ox) h, y0 + (j + oy) h). */
static void offsets(cap_location loc, double *ox, double *oy)
{
  *ox = loc == CAP_AT_XFACE ? 0.0 : 0.5;
  *oy = loc == CAP_AT_YFACE ? 0.0 : 0.5;
}

/* Maps a coordinate into the domain [lo, lo + n h]: wrap if periodic, clamp otherwise. */
static double fold(double x, double lo, int n, double h, int periodic)
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
static void locate(const cap_grid *g, cap_location loc, double x, double y, int *i, int *j, double *a, double *b)
{
  double ox, oy, h = g->h;
  offsets(loc, &ox, &oy);
  x = fold(x, g->x0, g->nx, h, g->bc[CAP_XLO] == CAP_BC_PERIODIC);
  y = fold(y, g->y0, g->ny, h, g->bc[CAP_YLO] == CAP_BC_PERIODIC);
  double fx = (x - g->x0) / h - ox, fy = (y - g->y0) / h - oy;
  *i = (int)floor(fx);
  *j = (int)floor(fy);
  /* the last sample of a face lattice: step back one so that only real samples carry weight */
  if (loc == CAP_AT_XFACE && *i >= g->nx) *i = g->nx - 1;
  if (loc == CAP_AT_YFACE && *j >= g->ny) *j = g->ny - 1;
  *a = fx - *i;
  *b = fy - *j;
}

double cap_advect_interp(const cap_grid *g, const double *f, cap_location loc, double x, double y)
{
  int i, j;
  double a, b;
  locate(g, loc, x, y, &i, &j, &a, &b);
  /* inside the folded domain, i in [-1, n] and j in [-1, n]: one ghost layer is read at most */
  size_t c = cap_grid_idx(g, i, j);
  return (1 - a) * (1 - b) * f[c] + a * (1 - b) * f[c + 1] + (1 - a) * b * f[c + g->sy] + a * b * f[c + 1 + g->sy];
}

/* The cubic Lagrange weights of the nodes -1, 0, 1, 2 at a in [0, 1]. */
static void cubic_weights(double a, double *w)
{
  w[0] = -a * (a - 1) * (a - 2) / 6;
  w[1] = (a + 1) * (a - 1) * (a - 2) / 2;
  w[2] = -(a + 1) * a * (a - 2) / 2;
  w[3] = (a + 1) * a * (a - 1) / 6;
}

double cap_advect_interp_cubic(const cap_grid *g, const double *f, cap_location loc, double x, double y)
{
  int i, j;
  double a, b, wx[4], wy[4], sum = 0;
  locate(g, loc, x, y, &i, &j, &a, &b);
  cubic_weights(a, wx);
  cubic_weights(b, wy);
  /* the samples i - 1 .. i + 2 (j alike): two ghost layers at most */
  for (int q = 0; q < 4; q++) {
    const double *row = f + cap_grid_idx(g, i - 1, j - 1 + q);
    sum += wy[q] * (wx[0] * row[0] + wx[1] * row[1] + wx[2] * row[2] + wx[3] * row[3]);
  }
  return sum;
}

void cap_advect_velocity(const cap_grid *g, const double *u, const double *v, double x, double y, double *ux,
                         double *vy)
{
  *ux = cap_advect_interp(g, u, CAP_AT_XFACE, x, y);
  *vy = cap_advect_interp(g, v, CAP_AT_YFACE, x, y);
}

int cap_advect_semilagrangian(const cap_grid *g, const double *q_old, double *q_new, cap_location loc,
                              const double *u, const double *v, double dt)
{
  if (!g || !q_old || !q_new || !u || !v)
    return CAP_ERROR(CAP_EINVAL, "cap_advect_semilagrangian: a field or the grid is NULL");
  if (q_old == q_new) return CAP_ERROR(CAP_EINVAL, "cap_advect_semilagrangian: q_new must not alias q_old");
  if (g->dim != 2) return CAP_ERROR(CAP_EGEOM, "cap_advect_semilagrangian: 3D grids are not supported yet");
  if ((int)loc < 0 || (int)loc > CAP_AT_YFACE)
    return CAP_ERROR(CAP_EDOM, "loc = %d is out of range: allowed CELL (0), XFACE (1), YFACE (2)", (int)loc);
  int s = cap_check_nonneg("dt", dt, "s");
  if (s) return s;
  double ox, oy, h = g->h;
  offsets(loc, &ox, &oy);
  int px = g->bc[CAP_XLO] == CAP_BC_PERIODIC, py = g->bc[CAP_YLO] == CAP_BC_PERIODIC;
  /* face samples on the domain boundary move only if the direction is periodic (the low one; the
   * high one is its copy) */
  int i0 = loc == CAP_AT_XFACE && !px ? 1 : 0, i1 = g->nx;
  int j0 = loc == CAP_AT_YFACE && !py ? 1 : 0, j1 = g->ny;
  for (int j = j0; j < j1; j++)
    for (int i = i0; i < i1; i++) {
      double x = g->x0 + (i + ox) * h, y = g->y0 + (j + oy) * h, ux, vy;
      cap_advect_velocity(g, u, v, x, y, &ux, &vy);
      if (!isfinite(ux) || !isfinite(vy))
        return CAP_ERROR(CAP_ENONFINITE, "cap_advect_semilagrangian: non-finite velocity at sample (%d, %d), (%.6g, %.6g)",
                         i, j, x, y);
      double xm = x - 0.5 * dt * ux, ym = y - 0.5 * dt * vy;
      cap_advect_velocity(g, u, v, xm, ym, &ux, &vy);
      if (!isfinite(ux) || !isfinite(vy))
        return CAP_ERROR(CAP_ENONFINITE, "cap_advect_semilagrangian: non-finite velocity near sample (%d, %d), (%.6g, %.6g)",
                         i, j, x, y);
      double val = cap_advect_interp(g, q_old, loc, x - dt * ux, y - dt * vy);
      if (!isfinite(val))
        return CAP_ERROR(CAP_ENONFINITE, "cap_advect_semilagrangian: non-finite value at sample (%d, %d), (%.6g, %.6g)",
                         i, j, x, y);
      q_new[cap_grid_idx(g, i, j)] = val;
    }
  /* the high periodic face is the low one */
  if (loc == CAP_AT_XFACE && px)
    for (int j = j0; j < j1; j++) q_new[cap_grid_idx(g, g->nx, j)] = q_new[cap_grid_idx(g, 0, j)];
  if (loc == CAP_AT_YFACE && py)
    for (int i = i0; i < i1; i++) q_new[cap_grid_idx(g, i, g->ny)] = q_new[cap_grid_idx(g, i, 0)];
  return CAP_SUCCESS;
}
