#include "cap_tension.h"

double cap_tension_at(const cap_tension *t, int i, int j, int k, int dir, double theta)
{
  const cap_grid *g = t->g;
  const int di[6] = {-1, 1, 0, 0, 0, 0}, dj[6] = {0, 0, -1, 1, 0, 0}, dk[6] = {0, 0, 0, 0, -1, 1};
  int ib = i + di[dir], jb = j + dj[dir], kb = k + dk[dir];
  size_t a, b;
  if (g->dim == 3) {
    cap_grid_wrap3(g, &ib, &jb, &kb);
    a = cap_grid_idx3(g, i, j, k), b = cap_grid_idx3(g, ib, jb, kb);
  } else {
    cap_grid_wrap(g, &ib, &jb);
    a = cap_grid_idx(g, i, j), b = cap_grid_idx(g, ib, jb);
  }
  return t->sigma * ((1 - theta) * t->kappa[a] + theta * t->kappa[b]);
}

double cap_tension_value(void *ctx, int i, int j, int k, int dir, double theta)
{
  return cap_tension_at(ctx, i, j, k, dir, theta);
}
