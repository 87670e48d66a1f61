#include "cap_tension.h"

double cap_tension_at(const cap_tension *t, int i, int j, int dir, double theta)
{
  const cap_grid *g = t->g;
  const int di[4] = {-1, 1, 0, 0}, dj[4] = {0, 0, -1, 1};
  int ib = i + di[dir], jb = j + dj[dir];
  cap_grid_wrap(g, &ib, &jb);
  size_t a = cap_grid_idx(g, i, j), b = cap_grid_idx(g, ib, jb);
  return t->sigma * ((1 - theta) * t->kappa[a] + theta * t->kappa[b]);
}

double cap_tension_value(void *ctx, int i, int j, int k, int dir, double theta)
{
  (void)k;
  return cap_tension_at(ctx, i, j, dir, theta);
}
