/* cap_solid: signed distance fields of solids (see cap_solid.h for the convention and references). */
#include "cap_solid.h"

#include <math.h>
#include <stdlib.h>

#include "cap_errno.h"
#include "cap_subcell.h"

typedef enum { K_HALFPLANE = 0, K_BOX = 1, K_DISC = 2, K_CONTAINER = 3, K_UNION = 4, K_SAMPLED = 5 } kind;

/* One primitive. Half-plane: point (cx, cy), unit normal (a, b). Box: centre, half sizes (a, b),
 * rotation cos / sin (c, s). Disc, container: centre, radius a. */
typedef struct {
  kind k;
  double cx, cy, a, b, c, s;
} prim;

struct cap_solid {
  kind k;
  int n; /* primitives in p: 1, or the parts of a union */
  prim p[CAP_SOLID_MAX_PARTS];
  cap_grid g;  /* sampled field: its grid ... */
  double *psi; /* ... and its values (g.size entries, the cell centres used) */
};

/* Relative slack (in cells) of the hull test of a sampled field, for points computed with rounding
 * on its edge. */
#define HULL_SLACK 1e-9

static int new_solid(cap_solid **out, const char *fn, kind k)
{
  *out = calloc(1, sizeof **out);
  if (!*out) return CAP_ERROR(CAP_ENOMEM, "%s: cannot allocate a solid", fn);
  (*out)->k = k;
  (*out)->n = 1;
  (*out)->p[0].k = k;
  return CAP_SUCCESS;
}

int cap_solid_visit(cap_solid *s, cap_state_fn f, void *user)
{
  if (!s || !f) return CAP_ERROR(CAP_EINVAL, "cap_solid_visit: %s is NULL", !s ? "s" : "f");
  int n = s->n, st = f(user, "solid.parts", &n, sizeof n);
  if (!st && n != s->n) return CAP_ERROR(CAP_ESIZE, "cap_solid_visit: %d parts restored into a solid of %d", n, s->n);
  if (!st) st = f(user, "solid.prims", s->p, (size_t)s->n * sizeof *s->p);
  return st;
}

static int check_point(const char *xname, double x, const char *yname, double y)
{
  int st = cap_check_finite(xname, x, "m");
  if (!st) st = cap_check_finite(yname, y, "m");
  return st;
}

int cap_solid_halfplane_alloc(cap_solid **out, double px, double py, double nx, double ny)
{
  if (!out) return CAP_ERROR(CAP_EINVAL, "cap_solid_halfplane_alloc: out is NULL");
  *out = NULL;
  int st = check_point("half-plane point px", px, "half-plane point py", py);
  if (st) return st;
  double len = hypot(nx, ny);
  if (!isfinite(nx) || !isfinite(ny) || !(len > 0) || !isfinite(len))
    return CAP_ERROR(CAP_EDOM,
                     "half-plane normal (nx, ny) = (%g, %g) is out of range: allowed any finite, "
                     "non-zero vector (pointing from the solid into the fluid)",
                     nx, ny);
  if ((st = new_solid(out, "cap_solid_halfplane_alloc", K_HALFPLANE))) return st;
  prim *p = &(*out)->p[0];
  p->cx = px;
  p->cy = py;
  p->a = nx / len;
  p->b = ny / len;
  return CAP_SUCCESS;
}

int cap_solid_box_alloc(cap_solid **out, double cx, double cy, double ax, double ay, double angle)
{
  if (!out) return CAP_ERROR(CAP_EINVAL, "cap_solid_box_alloc: out is NULL");
  *out = NULL;
  int st = check_point("box centre cx", cx, "box centre cy", cy);
  if (!st) st = cap_check_positive("box half size ax", ax, "m");
  if (!st) st = cap_check_positive("box half size ay", ay, "m");
  if (!st) st = cap_check_finite("box angle", angle, "rad");
  if (st) return st;
  if ((st = new_solid(out, "cap_solid_box_alloc", K_BOX))) return st;
  prim *p = &(*out)->p[0];
  p->cx = cx;
  p->cy = cy;
  p->a = ax;
  p->b = ay;
  p->c = cos(angle);
  p->s = sin(angle);
  return CAP_SUCCESS;
}

static int round_alloc(cap_solid **out, const char *fn, kind k, double cx, double cy, double radius)
{
  if (!out) return CAP_ERROR(CAP_EINVAL, "%s: out is NULL", fn);
  *out = NULL;
  int st = k == K_DISC ? check_point("disc centre cx", cx, "disc centre cy", cy)
                       : check_point("container centre cx", cx, "container centre cy", cy);
  if (!st) st = cap_check_positive(k == K_DISC ? "disc radius" : "container radius", radius, "m");
  if (st) return st;
  if ((st = new_solid(out, fn, k))) return st;
  prim *p = &(*out)->p[0];
  p->cx = cx;
  p->cy = cy;
  p->a = radius;
  return CAP_SUCCESS;
}

int cap_solid_disc_alloc(cap_solid **out, double cx, double cy, double radius)
{
  return round_alloc(out, "cap_solid_disc_alloc", K_DISC, cx, cy, radius);
}

int cap_solid_container_alloc(cap_solid **out, double cx, double cy, double radius)
{
  return round_alloc(out, "cap_solid_container_alloc", K_CONTAINER, cx, cy, radius);
}

int cap_solid_union_alloc(cap_solid **out, int n, const cap_solid *const *parts)
{
  if (!out) return CAP_ERROR(CAP_EINVAL, "cap_solid_union_alloc: out is NULL");
  *out = NULL;
  int st = cap_check_int_range("n (parts of a union)", n, 1, CAP_SOLID_MAX_PARTS);
  if (st) return st;
  if (!parts) return CAP_ERROR(CAP_EINVAL, "cap_solid_union_alloc: parts is NULL");
  int total = 0;
  for (int k = 0; k < n; k++) {
    if (!parts[k]) return CAP_ERROR(CAP_EINVAL, "cap_solid_union_alloc: part %d is NULL", k);
    if (parts[k]->k == K_SAMPLED)
      return CAP_ERROR(CAP_EINVAL,
                       "cap_solid_union_alloc: part %d is a sampled field: allowed half-plane, box, "
                       "disc, container or union parts",
                       k);
    total += parts[k]->n;
  }
  if (total > CAP_SOLID_MAX_PARTS)
    return CAP_ERROR(CAP_EDOM,
                     "the union has %d primitives (its parts flattened): allowed 1 <= primitives <= %d "
                     "(CAP_SOLID_MAX_PARTS)",
                     total, CAP_SOLID_MAX_PARTS);
  if ((st = new_solid(out, "cap_solid_union_alloc", K_UNION))) return st;
  cap_solid *u = *out;
  u->n = 0;
  for (int k = 0; k < n; k++)
    for (int m = 0; m < parts[k]->n; m++) u->p[u->n++] = parts[k]->p[m];
  return CAP_SUCCESS;
}

int cap_solid_sampled_alloc(cap_solid **out, const cap_grid *g, const double *psi)
{
  if (!out) return CAP_ERROR(CAP_EINVAL, "cap_solid_sampled_alloc: out is NULL");
  *out = NULL;
  if (!g || !psi) return CAP_ERROR(CAP_EINVAL, "cap_solid_sampled_alloc: %s is NULL", g ? "psi" : "grid");
  if (g->dim != 2 || g->geom == CAP_GEOM_3D)
    return CAP_ERROR(CAP_EGEOM, "cap_solid_sampled_alloc: only 2D (planar or AXI) grids are supported so far");
  for (int j = -g->ng; j < g->ny + g->ng; j++)
    for (int i = -g->ng; i < g->nx + g->ng; i++)
      if (!isfinite(psi[cap_grid_idx(g, i, j)]))
        return CAP_ERROR(CAP_ENONFINITE, "cap_solid_sampled_alloc: psi = %g at cell (%d, %d) (ghost cells included)",
                         psi[cap_grid_idx(g, i, j)], i, j);
  int st = new_solid(out, "cap_solid_sampled_alloc", K_SAMPLED);
  if (st) return st;
  cap_solid *s = *out;
  s->g = *g;
  s->psi = malloc(g->size * sizeof *s->psi);
  if (!s->psi) {
    free(s);
    *out = NULL;
    return CAP_ERROR(CAP_ENOMEM, "cap_solid_sampled_alloc: cannot copy a field of %zu doubles", g->size);
  }
  for (size_t k = 0; k < g->size; k++) s->psi[k] = psi[k];
  return CAP_SUCCESS;
}

void cap_solid_free(cap_solid *s)
{
  if (!s) return;
  free(s->psi);
  free(s);
}

/* ---------------------------------------------------------------------------------------------- */
/* Evaluation. Every branch returns psi and grad psi (a unit vector for the primitives, (0, 0) where
 * every direction is a gradient). */

/* The box in its own frame, q = R(-angle)(x - c), half sizes (a, b), d = |q| - (a, b).
 * Outside (dx > 0 or dy > 0): the box is convex and its nearest point to q is the clamp of q to
 * [-a, a] x [-b, b], so psi = |q - clamp(q)| = |(max(dx, 0), max(dy, 0))|, with the gradient
 * (q - clamp(q)) / psi: the distance to a corner point where both dx, dy > 0, to a side otherwise.
 * Inside (dx, dy <= 0): every side is reached perpendicularly from any interior point, so the depth is
 * min(-dx, -dy) and psi = max(dx, dy), with the gradient sign(q_k) e_k of the larger one (x on ties).
 * The gradient is rotated back by R(angle). */
static double box_eval(const prim *p, double x, double y, double *gx, double *gy)
{
  double rx = x - p->cx, ry = y - p->cy;
  double qx = p->c * rx + p->s * ry, qy = -p->s * rx + p->c * ry;
  double sx = qx < 0 ? -1 : 1, sy = qy < 0 ? -1 : 1;
  double dx = fabs(qx) - p->a, dy = fabs(qy) - p->b, psi, lx, ly;
  if (dx > 0 || dy > 0) {
    double ox = fmax(dx, 0), oy = fmax(dy, 0);
    psi = hypot(ox, oy);
    lx = sx * ox / psi;
    ly = sy * oy / psi;
  } else if (dx >= dy) {
    psi = dx;
    lx = sx;
    ly = 0;
  } else {
    psi = dy;
    lx = 0;
    ly = sy;
  }
  *gx = p->c * lx - p->s * ly;
  *gy = p->s * lx + p->c * ly;
  return psi;
}

static double prim_eval(const prim *p, double x, double y, double *gx, double *gy)
{
  switch (p->k) {
  case K_HALFPLANE:
    *gx = p->a;
    *gy = p->b;
    return p->a * (x - p->cx) + p->b * (y - p->cy);
  case K_BOX: return box_eval(p, x, y, gx, gy);
  case K_DISC:
  case K_CONTAINER: {
    double rx = x - p->cx, ry = y - p->cy, r = hypot(rx, ry), sg = p->k == K_DISC ? 1 : -1;
    if (r > 0) {
      *gx = sg * rx / r;
      *gy = sg * ry / r;
    } else {
      *gx = 0;
      *gy = 0;
    }
    return sg * (r - p->a);
  }
  default:
    *gx = 0;
    *gy = 0;
    return 0;
  }
}

/* Lattice coordinate of the cell centres along one direction: f = (x - x0) / h - 1/2, stored centres
 * at -ng <= f <= n + ng - 1. */
static int hull_coord(const cap_grid *g, double x, double x0, int n, const char *name, double *f)
{
  double lo = -g->ng, hi = n + g->ng - 1, t = (x - x0) / g->h - 0.5;
  if (!(t >= lo - HULL_SLACK && t <= hi + HULL_SLACK))
    return CAP_ERROR(CAP_EDOM,
                     "%s = %.9g m is out of range of the sampled field: allowed %.9g <= %s <= %.9g m "
                     "(the hull of its cell centres, ghosts included)",
                     name, x, x0 + (lo + 0.5) * g->h, name, x0 + (hi + 0.5) * g->h);
  *f = fmin(fmax(t, lo), hi);
  return CAP_SUCCESS;
}

/* Bilinear interpolant at lattice coordinates (fx, fy), inside the hull. */
static double bilinear(const cap_solid *s, double fx, double fy)
{
  const cap_grid *g = &s->g;
  int i = (int)floor(fx), j = (int)floor(fy);
  if (i > g->nx + g->ng - 2) i = g->nx + g->ng - 2;
  if (j > g->ny + g->ng - 2) j = g->ny + g->ng - 2;
  double tx = fx - i, ty = fy - j;
  const double *p = s->psi + cap_grid_idx(g, i, j);
  return (1 - ty) * ((1 - tx) * p[0] + tx * p[1]) + ty * ((1 - tx) * p[g->sy] + tx * p[g->sy + 1]);
}

/* The sampled field: value and, if gx is non-NULL, the central difference of the interpolant with
 * step one cell, cut at the hull's edges. */
static int sampled_eval(const cap_solid *s, double x, double y, double *psi, double *gx, double *gy)
{
  const cap_grid *g = &s->g;
  double fx, fy;
  int st = hull_coord(g, x, g->x0, g->nx, "x", &fx);
  if (!st) st = hull_coord(g, y, g->y0, g->ny, "y", &fy);
  if (st) return st;
  *psi = bilinear(s, fx, fy);
  if (gx) {
    double xlo = -g->ng, xhi = g->nx + g->ng - 1, ylo = -g->ng, yhi = g->ny + g->ng - 1;
    double xp = fmin(fx + 1, xhi), xm = fmax(fx - 1, xlo), yp = fmin(fy + 1, yhi), ym = fmax(fy - 1, ylo);
    *gx = (bilinear(s, xp, fy) - bilinear(s, xm, fy)) / ((xp - xm) * g->h);
    *gy = (bilinear(s, fx, yp) - bilinear(s, fx, ym)) / ((yp - ym) * g->h);
  }
  return CAP_SUCCESS;
}

/* The primitives k0 <= k < k1 that an argument `part` selects: all of them (CAP_SOLID_WHOLE) or one.
 * CAP_EDOM naming the part and the allowed range. */
static int part_range(const cap_solid *s, int part, const char *fn, int *k0, int *k1)
{
  if (part == CAP_SOLID_WHOLE) {
    *k0 = 0;
    *k1 = s->n;
    return CAP_SUCCESS;
  }
  if (part < 0 || part >= s->n)
    return CAP_ERROR(CAP_EDOM,
                     "%s: part = %d is out of range: allowed 0 <= part < %d (the solid's primitives) or "
                     "CAP_SOLID_WHOLE (%d)",
                     fn, part, s->n, CAP_SOLID_WHOLE);
  *k0 = part;
  *k1 = part + 1;
  return CAP_SUCCESS;
}

/* psi and grad psi (unnormalised for a sampled field) of the primitives k0 <= k < k1; gx == NULL: psi
 * only; *which (may be NULL) the minimising primitive, the first on ties. */
static int eval_grad(const cap_solid *s, int k0, int k1, double x, double y, double *psi, double *gx, double *gy,
                     int *which)
{
  if (which) *which = k0;
  if (s->k == K_SAMPLED) return sampled_eval(s, x, y, psi, gx, gy);
  double best = INFINITY, bx = 0, by = 0;
  for (int k = k0; k < k1; k++) {
    double tx, ty, v = prim_eval(&s->p[k], x, y, &tx, &ty);
    if (v < best) {
      best = v;
      bx = tx;
      by = ty;
      if (which) *which = k;
    }
  }
  *psi = best;
  if (gx) {
    *gx = bx;
    *gy = by;
  }
  return CAP_SUCCESS;
}

int cap_solid_parts(const cap_solid *s) { return s ? s->n : 0; }

int cap_solid_bounds(const cap_solid *s, double *xlo, double *xhi, double *ylo, double *yhi)
{
  return cap_solid_part_bounds(s, CAP_SOLID_WHOLE, xlo, xhi, ylo, yhi);
}

int cap_solid_part_bounds(const cap_solid *s, int part, double *xlo, double *xhi, double *ylo, double *yhi)
{
  if (!s || !xlo || !xhi || !ylo || !yhi) return CAP_ERROR(CAP_EINVAL, "cap_solid_part_bounds: NULL argument");
  int k0 = 0, k1 = 0, st = part_range(s, part, "cap_solid_part_bounds", &k0, &k1);
  if (st) return st;
  *xlo = *ylo = INFINITY;
  *xhi = *yhi = -INFINITY;
  if (s->k == K_SAMPLED) { /* the hull of its centres */
    const cap_grid *g = &s->g;
    *xlo = g->x0 + (0.5 - g->ng) * g->h;
    *xhi = g->x0 + (g->nx + g->ng - 0.5) * g->h;
    *ylo = g->y0 + (0.5 - g->ng) * g->h;
    *yhi = g->y0 + (g->ny + g->ng - 0.5) * g->h;
    return CAP_SUCCESS;
  }
  for (int k = k0; k < k1; k++) {
    const prim *p = &s->p[k];
    double ex, ey;
    switch (p->k) {
    case K_DISC: ex = ey = p->a; break;
    case K_BOX: /* the rotated box's extents */
      ex = fabs(p->a * p->c) + fabs(p->b * p->s);
      ey = fabs(p->a * p->s) + fabs(p->b * p->c);
      break;
    default: ex = ey = INFINITY; break; /* half-plane, container: unbounded */
    }
    *xlo = fmin(*xlo, p->cx - ex);
    *xhi = fmax(*xhi, p->cx + ex);
    *ylo = fmin(*ylo, p->cy - ey);
    *yhi = fmax(*yhi, p->cy + ey);
  }
  return CAP_SUCCESS;
}

int cap_solid_translate(cap_solid *s, double dx, double dy)
{
  return cap_solid_part_translate(s, CAP_SOLID_WHOLE, dx, dy);
}

int cap_solid_part_translate(cap_solid *s, int part, double dx, double dy)
{
  if (!s) return CAP_ERROR(CAP_EINVAL, "cap_solid_part_translate: solid is NULL");
  int st = check_point("dx", dx, "dy", dy);
  if (st) return st;
  if (s->k == K_SAMPLED) return CAP_ERROR(CAP_EINVAL, "cap_solid_part_translate: a sampled field does not move");
  int k0 = 0, k1 = 0;
  if ((st = part_range(s, part, "cap_solid_part_translate", &k0, &k1))) return st;
  for (int k = k0; k < k1; k++) {
    s->p[k].cx += dx;
    s->p[k].cy += dy;
  }
  return CAP_SUCCESS;
}

int cap_solid_eval(const cap_solid *s, double x, double y, double *psi, double *nx, double *ny)
{
  return cap_solid_part_eval(s, CAP_SOLID_WHOLE, x, y, psi, nx, ny);
}

int cap_solid_part_at(const cap_solid *s, double x, double y, int *part)
{
  if (!s || !part) return CAP_ERROR(CAP_EINVAL, "cap_solid_part_at: NULL argument");
  int st = check_point("x", x, "y", y);
  double v;
  if (!st) st = eval_grad(s, 0, s->n, x, y, &v, NULL, NULL, part);
  return st;
}

int cap_solid_part_eval(const cap_solid *s, int part, double x, double y, double *psi, double *nx, double *ny)
{
  if (!s) return CAP_ERROR(CAP_EINVAL, "cap_solid_part_eval: solid is NULL");
  int st = check_point("x", x, "y", y), k0 = 0, k1 = 0;
  if (!st) st = part_range(s, part, "cap_solid_part_eval", &k0, &k1);
  if (st) return st;
  double v, gx, gy;
  int want = nx || ny;
  if ((st = eval_grad(s, k0, k1, x, y, &v, want ? &gx : NULL, &gy, NULL))) return st;
  if (psi) *psi = v;
  if (want) {
    double gn = hypot(gx, gy);
    if (gn > 0) {
      gx /= gn;
      gy /= gn;
    } else
      gx = gy = 0;
    if (nx) *nx = gx;
    if (ny) *ny = gy;
  }
  return CAP_SUCCESS;
}

static int check_grid(const cap_grid *g, const char *fn, int axi_ok)
{
  if (g->dim != 2 || g->geom == CAP_GEOM_3D)
    return CAP_ERROR(CAP_EGEOM, "%s: only 2D grids are supported so far (3D grid given)", fn);
  if (!axi_ok && g->geom == CAP_GEOM_AXI)
    return CAP_ERROR(CAP_EGEOM,
                     "%s: the fluid volume fraction of an AXI cell needs the weight r: only planar "
                     "grids are supported so far",
                     fn);
  return CAP_SUCCESS;
}

int cap_solid_sample(const cap_solid *s, const cap_grid *g, cap_location loc, double *field)
{
  if (!s || !g || !field)
    return CAP_ERROR(CAP_EINVAL, "cap_solid_sample: %s is NULL", !s ? "solid" : !g ? "grid" : "field");
  int st = check_grid(g, "cap_solid_sample", 1);
  if (st) return st;
  if (loc != CAP_AT_CELL && loc != CAP_AT_XFACE && loc != CAP_AT_YFACE)
    return CAP_ERROR(CAP_EDOM, "loc = %d is out of range: allowed CELL (0), XFACE (1), YFACE (2) on a 2D grid",
                     (int)loc);
  int ihi = g->nx + g->ng + (loc == CAP_AT_XFACE), jhi = g->ny + g->ng + (loc == CAP_AT_YFACE);
  for (int j = -g->ng; j < jhi; j++) {
    double y = loc == CAP_AT_YFACE ? cap_grid_yf(g, j) : cap_grid_yc(g, j);
    for (int i = -g->ng; i < ihi; i++) {
      double x = loc == CAP_AT_XFACE ? cap_grid_xf(g, i) : cap_grid_xc(g, i);
      if ((st = eval_grad(s, 0, s->n, x, y, &field[cap_grid_idx(g, i, j)], NULL, NULL, NULL))) return st;
    }
  }
  return CAP_SUCCESS;
}

int cap_solid_fluid_fraction(const cap_solid *s, const cap_grid *g, int i, int j, double *frac)
{
  if (!s || !g || !frac)
    return CAP_ERROR(CAP_EINVAL, "cap_solid_fluid_fraction: %s is NULL", !s ? "solid" : !g ? "grid" : "frac");
  int st = check_grid(g, "cap_solid_fluid_fraction", 0);
  if (!st) st = cap_check_int_range("cell index i", i, -g->ng, g->nx + g->ng - 1);
  if (!st) st = cap_check_int_range("cell index j", j, -g->ng, g->ny + g->ng - 1);
  if (st) return st;
  double pc, gx, gy;
  if ((st = eval_grad(s, 0, s->n, cap_grid_xc(g, i), cap_grid_yc(g, j), &pc, &gx, &gy, NULL))) return st;
  /* psi > 0 <=> -grad.(x - c) - psi_c < 0: the "liquid" side n.x + d < 0 of the square-fraction
   * function with n = -grad psi and d = -psi_c / (|grad psi| h) (in units of the side). */
  double gn = hypot(gx, gy);
  *frac = gn > 0 ? cap_subcell_square_fraction(-gx, -gy, -pc / (gn * g->h)) : cap_subcell_square_fraction(0, 0, -pc);
  return CAP_SUCCESS;
}
