#include "cap_advect.h"

#include <limits.h>
#include <math.h>

#include "cap_errno.h"
#include "cap_interp.h"
#include "cap_par.h"

/* The RK2 trace of the sample at (x, y, z) (z unused in 2D): its new value in *val; returns -1, or the
 * first step that met a non-finite value (0 the velocity at the sample, 1 at the midpoint, 2 the value
 * at the foot). */
static inline int trace(const cap_grid *g, const double *q_old, cap_location loc, const double *u, const double *v,
                        const double *w, double dt, double x, double y, double z, double *val)
{
  double ux, vy, wz;
  cap_interp_velocity(g, u, v, w, x, y, z, &ux, &vy, &wz);
  if (!isfinite(ux) || !isfinite(vy) || !isfinite(wz)) return 0;
  cap_interp_velocity(g, u, v, w, x - 0.5 * dt * ux, y - 0.5 * dt * vy, z - 0.5 * dt * wz, &ux, &vy, &wz);
  if (!isfinite(ux) || !isfinite(vy) || !isfinite(wz)) return 1;
  *val = g->dim == 3 ? cap_interp_linear_3d(g, q_old, loc, x - dt * ux, y - dt * vy, z - dt * wz)
                     : cap_interp_linear(g, q_old, loc, x - dt * ux, y - dt * vy);
  return isfinite(*val) ? -1 : 2;
}

static size_t index_of(const cap_grid *g, int i, int j, int k)
{
  return g->dim == 3 ? cap_grid_idx3(g, i, j, k) : cap_grid_idx(g, i, j);
}

int cap_advect_semilagrangian(const cap_grid *g, const double *q_old, double *q_new, cap_location loc, const double *u,
                              const double *v, const double *w, double dt, const double *near, double reach)
{
  if (!g || !q_old || !q_new || !u || !v)
    return CAP_ERROR(CAP_EINVAL, "cap_advect_semilagrangian: a field or the grid is NULL");
  if (g->dim == 3 && !w)
    return CAP_ERROR(CAP_EINVAL, "cap_advect_semilagrangian: w (the z-face velocity) is NULL on a 3D grid");
  if (q_old == q_new) return CAP_ERROR(CAP_EINVAL, "cap_advect_semilagrangian: q_new must not alias q_old");
  const int dim3 = g->dim == 3;
  if ((int)loc < 0 || (int)loc > (dim3 ? CAP_AT_ZFACE : CAP_AT_YFACE))
    return CAP_ERROR(CAP_EDOM, "loc = %d is out of range: allowed CELL (0), XFACE (1), YFACE (2)%s", (int)loc,
                     dim3 ? ", ZFACE (3)" : " (ZFACE on 3D grids only)");
  int s = cap_check_nonneg("dt", dt, "s");
  if (s) return s;
  double ox, oy, oz, h = g->h;
  cap_grid_offsets3(loc, &ox, &oy, &oz);
  int px = g->bc[CAP_XLO] == CAP_BC_PERIODIC, py = g->bc[CAP_YLO] == CAP_BC_PERIODIC;
  int pz = dim3 && g->bc[CAP_ZLO] == CAP_BC_PERIODIC;
  /* face samples on the domain boundary move only if the direction is periodic (the low one; the
   * high one is its copy) */
  int i0 = loc == CAP_AT_XFACE && !px ? 1 : 0, i1 = g->nx;
  int j0 = loc == CAP_AT_YFACE && !py ? 1 : 0, j1 = g->ny;
  int k0 = loc == CAP_AT_ZFACE && !pz ? 1 : 0, k1 = dim3 ? g->nz : 1;
  const int nj = j1 - j0, rows = nj * (k1 - k0);
  /* every sample from its own trace; the first failure in the order i, j, k (sample index times 3 plus
   * its kind, as trace returns it) is reported, as a sequential sweep would */
  const long none = LONG_MAX, sx = g->nx + 1, sxy = sx * (g->ny + 1);
  long first = none;
  CAP_PAR_SPREAD_FOR_MIN((long)g->nx * g->ny * (k1 - k0), first, for (int r = 0; r < rows; r++) {
    const int j = j0 + r % nj, k = k0 + r / nj;
    for (int i = i0; i < i1; i++) {
      const size_t c = index_of(g, i, j, k);
      if (near && !(near[c] < reach)) continue;
      double val;
      int bad = trace(g, q_old, loc, u, v, w, dt, g->x0 + (i + ox) * h, g->y0 + (j + oy) * h, g->z0 + (k + oz) * h,
                      &val);
      if (bad >= 0) {
        const long at = 3 * ((long)k * sxy + (long)j * sx + i) + bad;
        first = first < at ? first : at;
        break;
      }
      q_new[c] = val;
    }
  });
  if (first != none) {
    static const char *what[3] = {"velocity at", "velocity near", "value at"};
    const long smp = first / 3;
    const int kind = (int)(first % 3), i = (int)(smp % sx), j = (int)(smp / sx % (g->ny + 1)), k = (int)(smp / sxy);
    if (dim3)
      return CAP_ERROR(CAP_ENONFINITE,
                       "cap_advect_semilagrangian: non-finite %s sample (%d, %d, %d), (%.6g, %.6g, %.6g)", what[kind],
                       i, j, k, g->x0 + (i + ox) * h, g->y0 + (j + oy) * h, g->z0 + (k + oz) * h);
    return CAP_ERROR(CAP_ENONFINITE, "cap_advect_semilagrangian: non-finite %s sample (%d, %d), (%.6g, %.6g)",
                     what[kind], i, j, g->x0 + (i + ox) * h, g->y0 + (j + oy) * h);
  }
  /* the high periodic face is the low one */
  for (int k = k0; k < k1; k++) {
    if (loc == CAP_AT_XFACE && px)
      for (int j = j0; j < j1; j++) q_new[index_of(g, g->nx, j, k)] = q_new[index_of(g, 0, j, k)];
    if (loc == CAP_AT_YFACE && py)
      for (int i = i0; i < i1; i++) q_new[index_of(g, i, g->ny, k)] = q_new[index_of(g, i, 0, k)];
  }
  if (loc == CAP_AT_ZFACE && pz)
    for (int j = j0; j < j1; j++)
      for (int i = i0; i < i1; i++) q_new[cap_grid_idx3(g, i, j, g->nz)] = q_new[cap_grid_idx3(g, i, j, 0)];
  return CAP_SUCCESS;
}
