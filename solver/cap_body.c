#include "cap_body.h"

#include <math.h>
#include <stddef.h>

#include "cap_errno.h"

int cap_body_init(cap_body *b, double mass, double added_mass, int free_x, int free_y, double x, double y)
{
  if (!b) return CAP_ERROR(CAP_EINVAL, "cap_body_init: body is NULL");
  int st = cap_check_positive("mass", mass, "kg/m");
  if (!st) st = cap_check_nonneg("added_mass", added_mass, "kg/m");
  if (!st) st = cap_check_finite("x", x, "m");
  if (!st) st = cap_check_finite("y", y, "m");
  if (st) return st;
  *b = (cap_body){mass, added_mass, free_x != 0, free_y != 0, x, y, 0, 0, 0, 0};
  return CAP_SUCCESS;
}

int cap_body_step(cap_body *b, double fx, double fy, double gx, double gy, double dt, double *dx, double *dy)
{
  if (!b) return CAP_ERROR(CAP_EINVAL, "cap_body_step: body is NULL");
  int st = cap_check_positive("dt", dt, "s");
  if (st) return st;
  if (!isfinite(fx) || !isfinite(fy) || !isfinite(gx) || !isfinite(gy))
    return CAP_ERROR(CAP_ENONFINITE, "cap_body_step: force (%g, %g) N/m or gravity (%g, %g) m/s^2 is not finite", fx,
                     fy, gx, gy);
  double M = b->mass + b->added_mass;
  double ax = b->free_x ? (fx + b->mass * gx + b->added_mass * b->ax) / M : 0;
  double ay = b->free_y ? (fy + b->mass * gy + b->added_mass * b->ay) / M : 0;
  b->ax = ax;
  b->ay = ay;
  b->u += dt * ax;
  b->v += dt * ay;
  double sx = dt * b->u, sy = dt * b->v;
  b->x += sx;
  b->y += sy;
  if (dx) *dx = sx;
  if (dy) *dy = sy;
  return CAP_SUCCESS;
}
