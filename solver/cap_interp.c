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

double cap_interp_cubic(const cap_grid *g, const double *f, cap_location loc, double x, double y)
{
  int i, j;
  double a, b, wx[4], wy[4], sum = 0;
  cap_interp_locate(g, loc, x, y, &i, &j, &a, &b);
  cubic_weights(a, wx);
  cubic_weights(b, wy);
  /* the samples i - 1 .. i + 2 (j alike): two ghost layers at most */
  for (int q = 0; q < 4; q++) {
    const double *row = f + cap_grid_idx(g, i - 1, j - 1 + q);
    sum += wy[q] * (wx[0] * row[0] + wx[1] * row[1] + wx[2] * row[2] + wx[3] * row[3]);
  }
  return sum;
}
