#include "cap_interp.h"

#include <math.h>

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
  cap_grid_offsets(loc, &ox, &oy);
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

double cap_interp_linear(const cap_grid *g, const double *f, cap_location loc, double x, double y)
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

double cap_interp_cubic(const cap_grid *g, const double *f, cap_location loc, double x, double y)
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

void cap_interp_velocity(const cap_grid *g, const double *u, const double *v, double x, double y, double *ux,
                         double *vy)
{
  *ux = cap_interp_linear(g, u, CAP_AT_XFACE, x, y);
  *vy = cap_interp_linear(g, v, CAP_AT_YFACE, x, y);
}
