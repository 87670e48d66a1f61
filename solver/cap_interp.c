#include "cap_interp.h"

#include <math.h>

/* The cubic Lagrange weights of the nodes -1, 0, 1, 2 at a in [0, 1]. */
static void cubic_weights(double a, double *w)
{
  w[0] = -a * (a - 1) * (a - 2) / 6;
  w[1] = (a + 1) * (a - 1) * (a - 2) / 2;
  w[2] = -(a + 1) * a * (a - 2) / 2;
  w[3] = (a + 1) * a * (a - 1) / 6;
}

void cap_interp_cubic_stencil(const cap_grid *g, cap_location loc, double x, double y, size_t *base, double w[8])
{
  int i, j;
  double a, b;
  cap_interp_locate(g, loc, x, y, &i, &j, &a, &b);
  cubic_weights(a, w);
  cubic_weights(b, w + 4);
  *base = cap_grid_idx(g, i - 1, j - 1); /* the samples i - 1 .. i + 2 (j alike): two ghost layers at most */
}

double cap_interp_cubic(const cap_grid *g, const double *f, cap_location loc, double x, double y)
{
  size_t base;
  double w[8];
  cap_interp_cubic_stencil(g, loc, x, y, &base, w);
  return cap_interp_cubic_apply(g, f, base, w);
}

void cap_interp_cubic_stencil_3d(const cap_grid *g, cap_location loc, double x, double y, double z, size_t *base,
                                 double w[12])
{
  int i, j, k;
  double a, b, c;
  cap_interp_locate_3d(g, loc, x, y, z, &i, &j, &k, &a, &b, &c);
  cubic_weights(a, w);
  cubic_weights(b, w + 4);
  cubic_weights(c, w + 8);
  *base = cap_grid_idx3(g, i - 1, j - 1, k - 1);
}

double cap_interp_cubic_3d(const cap_grid *g, const double *f, cap_location loc, double x, double y, double z)
{
  size_t base;
  double w[12];
  cap_interp_cubic_stencil_3d(g, loc, x, y, z, &base, w);
  return cap_interp_cubic_apply_3d(g, f, base, w);
}
