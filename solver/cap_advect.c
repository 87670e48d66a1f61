#include "cap_advect.h"

#include <limits.h>
#include <math.h>

#include "cap_errno.h"
#include "cap_par.h"
#include "cap_interp.h"

int cap_advect_semilagrangian(const cap_grid *g, const double *q_old, double *q_new, cap_location loc, const double *u,
                              const double *v, double dt, const double *near, double reach)
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
  cap_grid_offsets(loc, &ox, &oy);
  int px = g->bc[CAP_XLO] == CAP_BC_PERIODIC, py = g->bc[CAP_YLO] == CAP_BC_PERIODIC;
  /* face samples on the domain boundary move only if the direction is periodic (the low one; the
   * high one is its copy) */
  int i0 = loc == CAP_AT_XFACE && !px ? 1 : 0, i1 = g->nx;
  int j0 = loc == CAP_AT_YFACE && !py ? 1 : 0, j1 = g->ny;
  /* every sample from its own trace; the first failure in row-major order (sample index times 3 plus
   * its kind: 0 the velocity at the sample, 1 at the midpoint, 2 the value at the foot) is reported,
   * as a sequential sweep would */
  const long none = LONG_MAX;
  long first = none;
  CAP_PAR_SPREAD_FOR_MIN((long)g->nx * g->ny, first, for (int j = j0; j < j1; j++)
    for (int i = i0; i < i1; i++) {
      if (near && !(near[cap_grid_idx(g, i, j)] < reach)) continue;
      double x = g->x0 + (i + ox) * h, y = g->y0 + (j + oy) * h, ux, vy;
      const long at = 3 * ((long)j * (g->nx + 1) + i);
      cap_interp_velocity(g, u, v, x, y, &ux, &vy);
      if (!isfinite(ux) || !isfinite(vy)) {
        first = first < at ? first : at;
        break;
      }
      cap_interp_velocity(g, u, v, x - 0.5 * dt * ux, y - 0.5 * dt * vy, &ux, &vy);
      if (!isfinite(ux) || !isfinite(vy)) {
        first = first < at + 1 ? first : at + 1;
        break;
      }
      double val = cap_interp_linear(g, q_old, loc, x - dt * ux, y - dt * vy);
      if (!isfinite(val)) {
        first = first < at + 2 ? first : at + 2;
        break;
      }
      q_new[cap_grid_idx(g, i, j)] = val;
    });
  if (first != none) {
    static const char *what[3] = {"velocity at", "velocity near", "value at"};
    const int kind = (int)(first % 3), i = (int)(first / 3 % (g->nx + 1)), j = (int)(first / 3 / (g->nx + 1));
    return CAP_ERROR(CAP_ENONFINITE, "cap_advect_semilagrangian: non-finite %s sample (%d, %d), (%.6g, %.6g)",
                     what[kind], i, j, g->x0 + (i + ox) * h, g->y0 + (j + oy) * h);
  }
  /* the high periodic face is the low one */
  if (loc == CAP_AT_XFACE && px)
    for (int j = j0; j < j1; j++) q_new[cap_grid_idx(g, g->nx, j)] = q_new[cap_grid_idx(g, 0, j)];
  if (loc == CAP_AT_YFACE && py)
    for (int i = i0; i < i1; i++) q_new[cap_grid_idx(g, i, g->ny)] = q_new[cap_grid_idx(g, i, 0)];
  return CAP_SUCCESS;
}
