#include "cap_force.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cap_interp.h"
#include "cap_errno.h"
#include "cap_ws.h"

#define PROBE         1.5 /* the nearer pressure probe, in cells along n_s */
#define TANGENT_PROBE 2.0 /* the nearer probe of grad phi at a contact point, in cells along n_s */
#define HEIGHT_NEAR   1.5 /* the height-function tangent: its nearest line of cells, cells beyond the contact */
#define HEIGHT_LINES  4   /* the lines of cells it fits a cubic through (cubic(): four) */
#define HEIGHT_SEARCH 3   /* cells either side of the predicted height searched for the surface */
#define HEIGHT_TURN   0.2 /* rad: the most it may turn the probes' tangent */
#define HEIGHT_RESOLVED                                                                                                \
  0.1                   /* rad: the most the surface may turn across the lines (a radius of curvature
                             * of 30 cells): a surface curved more is extrapolated no better than by the
                             * probes (docs/design/force.md) */
#define EDGE_TOL  1e-12 /* the crossing of a lattice edge, in cells */
#define EDGE_ITER 60
#define MARGIN    4 /* cells between the solid and the box */

struct cap_force_ws {
  cap_grid g;
  double *psi; /* psi at the corners, (nx + 1) (ny + 1) */
  double *pe;  /* the pressure, extended */
  unsigned char *known, *next;
};

void cap_force_ws_free(cap_force_ws *w)
{
  if (!w) return;
  CAP_FREE_ALL(w->psi, w->pe, w->known, w->next, w);
}

int cap_force_ws_alloc(cap_force_ws **out, const cap_grid *g)
{
  if (!out) return CAP_ERROR(CAP_EINVAL, "cap_force_ws_alloc: out is NULL");
  *out = NULL;
  if (!g) return CAP_ERROR(CAP_EINVAL, "cap_force_ws_alloc: grid is NULL");
  if (g->geom != CAP_GEOM_PLANAR) return CAP_ERROR(CAP_EGEOM, "cap_force: planar grids only");
  cap_force_ws *w = calloc(1, sizeof *w);
  if (!w) return CAP_ERROR(CAP_ENOMEM, "cannot allocate a force workspace");
  w->g = *g;
  w->psi = malloc((size_t)(g->nx + 1) * (size_t)(g->ny + 1) * sizeof *w->psi);
  w->pe = malloc(g->size * sizeof *w->pe);
  w->known = malloc(g->size);
  w->next = malloc(g->size);
  if (!w->psi || !w->pe || !w->known || !w->next) {
    cap_force_ws_free(w);
    return CAP_ERROR(CAP_ENOMEM, "cannot allocate a force workspace for a %dx%d grid", g->nx, g->ny);
  }
  *out = w;
  return CAP_SUCCESS;
}

/* The low x side is a symmetry plane that a solid may cross (the half of a symmetric body): a free-slip
 * side (its contact angle, the contact module's, is 90 degrees or none on a symmetry plane). */
static int sym_xlo(const cap_grid *g) { return g->bc[CAP_XLO] == CAP_BC_SLIP; }

/* The pressure of the liquid cells, extended by CAP_FORCE_LAYERS layers: each layer gives the cells
 * next to known ones the mean of their known 4-neighbours. Interior cells only. */
typedef struct {
  int i0, i1, j0, j1;
} range;

static int extend_pressure(cap_force_ws *w, const cap_grid *g, const unsigned char *solid, const double *phi,
                           const double *p, range r)
{
  memset(w->known, 0, g->size);
  for (int j = r.j0; j < r.j1; j++)
    for (int i = r.i0; i < r.i1; i++) {
      size_t c = cap_grid_idx(g, i, j);
      if (solid[c] || !(phi[c] < 0)) continue;
      if (!isfinite(p[c])) return CAP_ERROR(CAP_ENONFINITE, "cap_force: non-finite pressure at cell (%d, %d)", i, j);
      w->pe[c] = p[c];
      w->known[c] = 1;
    }
  const ptrdiff_t nb[4] = {-1, 1, -g->sy, g->sy};
  for (int layer = 0; layer < CAP_FORCE_LAYERS; layer++) {
    /* a symmetry plane: the column outside it mirrors the first one */
    if (sym_xlo(g) && r.i0 == 0)
      for (int j = r.j0; j < r.j1; j++) {
        size_t c = cap_grid_idx(g, 0, j);
        w->pe[c - 1] = w->pe[c];
        w->known[c - 1] = w->known[c];
      }
    memset(w->next, 0, g->size);
    for (int j = r.j0; j < r.j1; j++)
      for (int i = r.i0; i < r.i1; i++) {
        size_t c = cap_grid_idx(g, i, j);
        if (w->known[c]) continue;
        double sum = 0;
        int n = 0;
        for (int k = 0; k < 4; k++) {
          int ii = i + (k == 1) - (k == 0), jj = j + (k == 3) - (k == 2);
          if (ii < r.i0 || jj < r.j0 || ii >= r.i1 || jj >= r.j1) continue;
          if (w->known[(size_t)((ptrdiff_t)c + nb[k])] == 1) {
            sum += w->pe[(size_t)((ptrdiff_t)c + nb[k])];
            n++;
          }
        }
        if (n) {
          w->pe[c] = sum / n;
          w->next[c] = 1;
        }
      }
    for (int j = r.j0; j < r.j1; j++)
      for (int i = r.i0; i < r.i1; i++)
        if (w->next[cap_grid_idx(g, i, j)]) w->known[cap_grid_idx(g, i, j)] = 1;
  }
  return CAP_SUCCESS;
}

/* P at (x, y): the bilinear interpolant of the extended pressure; every cell of its stencil must be
 * known. */
static int probe(const cap_force_ws *w, const cap_grid *g, double x, double y, double *val)
{
  double fx = (x - g->x0) / g->h - 0.5, fy = (y - g->y0) / g->h - 0.5;
  int i = (int)floor(fx), j = (int)floor(fy);
  if (i < -sym_xlo(g) || j < 0 || i + 1 >= g->nx || j + 1 >= g->ny)
    return CAP_ERROR(CAP_EDOM, "cap_force: pressure probe at (%.6g, %.6g) outside the interior", x, y);
  size_t c = cap_grid_idx(g, i, j);
  size_t s[4] = {c, c + 1, c + g->sy, c + 1 + g->sy};
  for (int k = 0; k < 4; k++)
    if (!w->known[s[k]])
      return CAP_ERROR(CAP_EDOM,
                       "cap_force: no pressure near (%.6g, %.6g): the probe is farther than %d cells from the liquid",
                       x, y, CAP_FORCE_LAYERS);
  double a = fx - i, b = fy - j;
  *val = (1 - a) * (1 - b) * w->pe[s[0]] + a * (1 - b) * w->pe[s[1]] + (1 - a) * b * w->pe[s[2]] + a * b * w->pe[s[3]];
  return CAP_SUCCESS;
}

/* The crossing psi = 0 on the lattice edge from corner (i0, j0) to its neighbour (i0 + di, j0 + dj),
 * di + dj = 1 (always walked from the lower corner, so the two squares sharing the edge get the same
 * point): regula falsi (Illinois) on the exact psi. */
static int edge_point(const cap_force_ws *w, const cap_grid *g, const cap_solid *s, int part, int i0, int j0, int di,
                      int dj, double *x, double *y)
{
  int n1 = g->nx + 1;
  double xa = g->x0 + i0 * g->h, ya = g->y0 + j0 * g->h;
  double fa = w->psi[(size_t)j0 * n1 + i0], fb = w->psi[(size_t)(j0 + dj) * n1 + i0 + di];
  double ta = 0, tb = 1, t = fa / (fa - fb);
  int side = 0;
  for (int it = 0; it < EDGE_ITER && tb - ta > EDGE_TOL; it++) {
    t = (ta * fb - tb * fa) / (fb - fa);
    double f;
    int st = cap_solid_part_eval(s, part, xa + t * di * g->h, ya + t * dj * g->h, &f, NULL, NULL);
    if (st) return st;
    if (f == 0) break;
    if ((f < 0) == (fa < 0)) {
      ta = t;
      fa = f;
      if (side == -1) fb /= 2;
      side = -1;
    } else {
      tb = t;
      fb = f;
      if (side == 1) fa /= 2;
      side = 1;
    }
  }
  *x = xa + t * di * g->h;
  *y = ya + t * dj * g->h;
  return CAP_SUCCESS;
}

/* The crossing on edge e of square (i, j): 0 bottom, 1 right, 2 top, 3 left. */
static int square_edge(const cap_force_ws *w, const cap_grid *g, const cap_solid *s, int part, int i, int j, int e,
                       double *x, double *y)
{
  switch (e) {
  case 0: return edge_point(w, g, s, part, i, j, 1, 0, x, y);
  case 1: return edge_point(w, g, s, part, i + 1, j, 0, 1, x, y);
  case 2: return edge_point(w, g, s, part, i, j + 1, 1, 0, x, y);
  default: return edge_point(w, g, s, part, i, j, 0, 1, x, y);
  }
}

/* grad phi at (x, y): central differences at the four surrounding centres, bilinearly interpolated. */
static void phi_gradient(const cap_grid *g, const double *phi, double x, double y, double *gx, double *gy)
{
  double fx = (x - g->x0) / g->h - 0.5, fy = (y - g->y0) / g->h - 0.5;
  int i = (int)floor(fx), j = (int)floor(fy);
  double a = fx - i, b = fy - j, w4[4] = {(1 - a) * (1 - b), a * (1 - b), (1 - a) * b, a * b};
  size_t c0 = cap_grid_idx(g, i, j), c4[4] = {c0, c0 + 1, c0 + g->sy, c0 + 1 + g->sy};
  *gx = *gy = 0;
  for (int k = 0; k < 4; k++) {
    size_t c = c4[k];
    *gx += w4[k] * (phi[c + 1] - phi[c - 1]) / (2 * g->h);
    *gy += w4[k] * (phi[c + g->sy] - phi[c - g->sy]) / (2 * g->h);
  }
}

typedef struct {
  cap_force_ws *w;
  const cap_grid *g;
  const cap_solid *s;
  int part;
  const unsigned char *solid; /* the cells of the whole solid */
  const double *phi;
  double sigma, cx, cy;
  cap_force *out;
} chord_ctx;

/* Adds -p n L over the chord from a to b (wholly wetted), at its midpoint. */
static int wetted_chord(chord_ctx *k, double ax, double ay, double bx, double by)
{
  double L = hypot(bx - ax, by - ay);
  if (L == 0) return CAP_SUCCESS;
  double mx = 0.5 * (ax + bx), my = 0.5 * (ay + by), nx, ny, p1, p2;
  int st = cap_solid_part_eval(k->s, k->part, mx, my, NULL, &nx, &ny);
  if (st) return st;
  double a = PROBE * k->g->h;
  if ((st = probe(k->w, k->g, mx + a * nx, my + a * ny, &p1)) ||
      (st = probe(k->w, k->g, mx + 2 * a * nx, my + 2 * a * ny, &p2)))
    return st;
  double pm = 2 * p1 - p2, fx = -pm * nx * L, fy = -pm * ny * L;
  k->out->fpx += fx;
  k->out->fpy += fy;
  k->out->torque += (mx - k->cx) * fy - (my - k->cy) * fx;
  k->out->wetted += L;
  return CAP_SUCCESS;
}

/* The cubic through (a[l], b[l]), l < 4 (Lagrange): its value *v and slope *d at x. */
static void cubic(const double *a, const double *b, double x, double *v, double *d)
{
  *v = *d = 0;
  for (int l = 0; l < 4; l++) {
    double prod = 1, dprod = 0;
    for (int q = 0; q < 4; q++) {
      if (q == l) continue;
      dprod = (dprod * (x - a[q]) + prod) / (a[l] - a[q]);
      prod *= (x - a[q]) / (a[l] - a[q]);
    }
    *v += b[l] * prod;
    *d += b[l] * dprod;
  }
}

/* The surface's height on line m of cells (a column, cells (m, j), if along_x; else a row, cells (j, m))
 * nearest to b_pred: the root of the cubic through phi at the four cells round the crossing (Newton
 * from the linear root; a signed distance's linear root is off by up to h^2 kappa / 8, which the
 * extrapolation to the contact amplifies), none of them solid. 0 if there is no crossing within
 * HEIGHT_SEARCH cells, or the nearest one touches the solid or the box. */
static int line_height(const chord_ctx *k, int along_x, int m, double b_pred, double *b)
{
  const cap_grid *g = k->g;
  const int n = along_x ? g->ny : g->nx, mmax = along_x ? g->nx : g->ny;
  const double o = along_x ? g->y0 : g->x0;
  if (m < 0 || m >= mmax) return 0;
  int jc = (int)floor((b_pred - o) / g->h - 0.5), jb = -1;
  double best = INFINITY, tb = 0;
  for (int j = jc - HEIGHT_SEARCH; j <= jc + HEIGHT_SEARCH; j++) {
    if (j < 0 || j + 1 >= n) continue;
    size_t ca = along_x ? cap_grid_idx(g, m, j) : cap_grid_idx(g, j, m);
    size_t cb = along_x ? cap_grid_idx(g, m, j + 1) : cap_grid_idx(g, j + 1, m);
    if ((k->phi[ca] < 0) == (k->phi[cb] < 0)) continue;
    double t = k->phi[ca] / (k->phi[ca] - k->phi[cb]), bb = o + (j + 0.5 + t) * g->h;
    if (fabs(bb - b_pred) < fabs(best - b_pred)) {
      best = bb;
      jb = j;
      tb = t;
    }
  }
  if (jb < 1 || jb + 2 >= n) return 0;
  double f[4];
  for (int l = 0; l < 4; l++) {
    size_t c = along_x ? cap_grid_idx(g, m, jb - 1 + l) : cap_grid_idx(g, jb - 1 + l, m);
    if (k->solid[c]) return 0;
    f[l] = k->phi[c];
  }
  /* the cubic through (-1, f0), (0, f1), (1, f2), (2, f3), its root in [0, 1] by Newton from tb */
  static const double node[4] = {-1, 0, 1, 2};
  for (int it = 0; it < 8; it++) {
    double t = tb, p, dp;
    cubic(node, f, t, &p, &dp);
    if (!(dp != 0) || !isfinite(p / dp)) return 0;
    tb = t - p / dp;
    if (fabs(tb - t) < 1e-13) break;
  }
  if (!(tb >= 0 && tb <= 1)) return 0;
  *b = o + (jb + 0.5 + tb) * g->h;
  return 1;
}

/* The tangent of the surface at the contact point (x, y) from its heights: the surface as a graph over
 * the axis closer to the probes' tangent (t0x, t0y), its heights on HEIGHT_LINES lines of cells from
 * HEIGHT_NEAR cells beyond the contact on, away from the solid, the slope at the contact that of the
 * cubic through them. 0 (and nothing set) where the surface is not such a graph there. */
static int height_tangent(const chord_ctx *k, double x, double y, double t0x, double t0y, double *tx, double *ty)
{
  const cap_grid *g = k->g;
  const int along_x = fabs(t0x) >= fabs(t0y);
  const double ac = along_x ? x : y, bc = along_x ? y : x, ta = along_x ? t0x : t0y, tb = along_x ? t0y : t0x;
  const double o = along_x ? g->x0 : g->y0, dir = ta > 0 ? 1 : -1;
  /* the first line whose centre lies HEIGHT_NEAR cells beyond the contact */
  double q = (ac + dir * HEIGHT_NEAR * g->h - o) / g->h - 0.5;
  int m0 = dir > 0 ? (int)ceil(q) : (int)floor(q);
  double a[HEIGHT_LINES], b[HEIGHT_LINES];
  for (int l = 0; l < HEIGHT_LINES; l++) {
    int m = m0 + (int)dir * l;
    a[l] = o + (m + 0.5) * g->h;
    if (!line_height(k, along_x, m, bc + (a[l] - ac) * tb / ta, &b[l])) return 0;
  }
  /* the surface must be resolved there: it turns by less than HEIGHT_RESOLVED across the lines */
  double v, slope, s0, s1;
  cubic(a, b, ac, &v, &slope);
  cubic(a, b, a[0], &v, &s0);
  cubic(a, b, a[HEIGHT_LINES - 1], &v, &s1);
  if (!(fabs(atan(s1) - atan(s0)) < HEIGHT_RESOLVED)) return 0;
  double na = dir / sqrt(1 + slope * slope), nb = slope * na;
  double ux = along_x ? na : nb, uy = along_x ? nb : na;
  if (!(isfinite(ux) && isfinite(uy)) || ux * t0x + uy * t0y < cos(HEIGHT_TURN)) return 0;
  *tx = ux;
  *ty = uy;
  return 1;
}

/* A contact point at (x, y): the line force sigma t. */
static int contact(chord_ctx *k, double x, double y)
{
  double nx, ny, g1x, g1y, g2x, g2y, b = TANGENT_PROBE * k->g->h;
  int st = cap_solid_part_eval(k->s, k->part, x, y, NULL, &nx, &ny);
  if (st) return st;
  phi_gradient(k->g, k->phi, x + b * nx, y + b * ny, &g1x, &g1y);
  phi_gradient(k->g, k->phi, x + 2 * b * nx, y + 2 * b * ny, &g2x, &g2y);
  double gx = 2 * g1x - g2x, gy = 2 * g1y - g2y, gn = hypot(gx, gy);
  if (!(gn > 0) || !isfinite(gn))
    return CAP_ERROR(CAP_ENONFINITE, "cap_force: grad phi is %g at the contact point (%.6g, %.6g)", gn, x, y);
  double tx = -gy / gn, ty = gx / gn;
  if (tx * nx + ty * ny < 0) {
    tx = -tx;
    ty = -ty;
  }
  cap_force *o = k->out;
  double hx, hy;
  if (height_tangent(k, x, y, tx, ty, &hx, &hy) && hx * nx + hy * ny > 0) {
    tx = hx;
    ty = hy;
  } else
    o->probe_tangents++;
  double fx = k->sigma * tx, fy = k->sigma * ty;
  o->ftx += fx;
  o->fty += fy;
  o->torque += (x - k->cx) * fy - (y - k->cy) * fx;
  if (o->ncontact < CAP_FORCE_MAX_CONTACTS) o->contact[o->ncontact] = (cap_force_contact){x, y, tx, ty};
  o->ncontact++;
  return CAP_SUCCESS;
}

/* One chord of the surface from a to b: its wetted part, and a contact point where phi changes sign. */
static int chord(chord_ctx *k, double ax, double ay, double bx, double by)
{
  const cap_grid *g = k->g;
  double fa = cap_interp_linear(g, k->phi, CAP_AT_CELL, ax, ay), fb = cap_interp_linear(g, k->phi, CAP_AT_CELL, bx, by);
  if (!isfinite(fa) || !isfinite(fb))
    return CAP_ERROR(CAP_ENONFINITE, "cap_force: non-finite phi near (%.6g, %.6g)", ax, ay);
  k->out->perimeter += hypot(bx - ax, by - ay);
  if (fa < 0 && fb < 0) return wetted_chord(k, ax, ay, bx, by);
  if (!(fa < 0) && !(fb < 0)) return CAP_SUCCESS;
  double t = fa / (fa - fb), xc = ax + t * (bx - ax), yc = ay + t * (by - ay);
  int st = fa < 0 ? wetted_chord(k, ax, ay, xc, yc) : wetted_chord(k, xc, yc, bx, by);
  return st ? st : contact(k, xc, yc);
}

int cap_force_on_solid(cap_force_ws *w, const cap_grid *g, const cap_solid *s, const cap_vsurf *v, const double *phi,
                       const double *p, double sigma, double cx, double cy, cap_force *out)
{
  return cap_force_on_part(w, g, s, CAP_SOLID_WHOLE, v, phi, p, sigma, cx, cy, out);
}

int cap_force_on_part(cap_force_ws *w, const cap_grid *g, const cap_solid *s, int part, const cap_vsurf *v,
                      const double *phi, const double *p, double sigma, double cx, double cy, cap_force *out)
{
  if (!w || !g || !s || !v || !phi || !p || !out) return CAP_ERROR(CAP_EINVAL, "cap_force_on_part: NULL argument");
  memset(out, 0, sizeof *out);
  if (g->geom != CAP_GEOM_PLANAR) return CAP_ERROR(CAP_EGEOM, "cap_force: planar grids only");
  if (w->g.nx != g->nx || w->g.ny != g->ny || w->g.ng != g->ng || w->g.h != g->h)
    return CAP_ERROR(CAP_ESIZE, "cap_force: workspace made for a %dx%d grid, used on %dx%d", w->g.nx, w->g.ny, g->nx,
                     g->ny);
  int st = cap_check_nonneg("sigma", sigma, "N/m");
  if (!st) st = cap_check_finite("cx", cx, "m");
  if (!st) st = cap_check_finite("cy", cy, "m");
  if (st) return st;
  const unsigned char *solid = cap_vsurf_cells(v);
  /* the cells near the solid: its cells, the corners round them, the pressure's layers and probes */
  range rc, rp;
  if ((st = cap_vsurf_part_range(g, s, part, 1, &rc.i0, &rc.i1, &rc.j0, &rc.j1)) ||
      (st = cap_vsurf_part_range(g, s, part, CAP_FORCE_LAYERS + 6, &rp.i0, &rp.i1, &rp.j0, &rp.j1)))
    return st;
  /* the solid keeps MARGIN cells from the box */
  for (int j = rc.j0; j < rc.j1; j++)
    for (int i = rc.i0; i < rc.i1; i++)
      if (solid[cap_grid_idx(g, i, j)] &&
          ((i < MARGIN && !sym_xlo(g)) || j < MARGIN || i >= g->nx - MARGIN || j >= g->ny - MARGIN))
        return CAP_ERROR(CAP_EDOM, "cap_force: the solid reaches cell (%d, %d), closer than %d cells to the box", i, j,
                         MARGIN);
  if ((st = extend_pressure(w, g, solid, phi, p, rp))) return st;
  int n1 = g->nx + 1;
  for (int j = rc.j0; j <= rc.j1 && !st; j++)
    for (int i = rc.i0; i <= rc.i1 && !st; i++)
      st = cap_solid_part_eval(s, part, g->x0 + i * g->h, g->y0 + j * g->h, &w->psi[(size_t)j * n1 + i], NULL, NULL);
  if (st) return st;
  chord_ctx k = {w, g, s, part, solid, phi, sigma, cx, cy, out};
  /* marching squares: the segments of each case, as pairs of edges (bottom 0, right 1, top 2, left 3) */
  static const signed char seg[16][4] = {{-1, -1, -1, -1}, {3, 0, -1, -1},   {0, 1, -1, -1},   {3, 1, -1, -1},
                                         {1, 2, -1, -1},   {-1, -1, -1, -1}, {0, 2, -1, -1},   {3, 2, -1, -1},
                                         {2, 3, -1, -1},   {0, 2, -1, -1},   {-1, -1, -1, -1}, {1, 2, -1, -1},
                                         {1, 3, -1, -1},   {0, 1, -1, -1},   {3, 0, -1, -1},   {-1, -1, -1, -1}};
  for (int j = rc.j0; j < rc.j1 && !st; j++)
    for (int i = rc.i0; i < rc.i1 && !st; i++) {
      const double *q = w->psi + (size_t)j * n1 + i;
      int code = (q[0] < 0) | (q[1] < 0) << 1 | (q[n1 + 1] < 0) << 2 | (q[n1] < 0) << 3;
      signed char e[4];
      memcpy(e, seg[code], sizeof e);
      if (code == 5 || code == 10) { /* a saddle: the centre decides which corners are cut off */
        double pc;
        if ((st = cap_solid_part_eval(s, part, g->x0 + (i + 0.5) * g->h, g->y0 + (j + 0.5) * g->h, &pc, NULL, NULL)))
          break;
        int cut_bd = (code == 5) == (pc < 0); /* corners b (1) and d (3) cut off, else a (0) and c (2) */
        const signed char bd[4] = {0, 1, 2, 3}, ac[4] = {3, 0, 1, 2};
        memcpy(e, cut_bd ? bd : ac, sizeof e);
      }
      for (int m = 0; m < 4 && e[m] >= 0 && !st; m += 2) {
        double ax, ay, bx, by;
        if ((st = square_edge(w, g, s, part, i, j, e[m], &ax, &ay)) ||
            (st = square_edge(w, g, s, part, i, j, e[m + 1], &bx, &by)))
          break;
        st = chord(&k, ax, ay, bx, by);
      }
    }
  if (st) return st;
  out->fx = out->fpx + out->ftx;
  out->fy = out->fpy + out->fty;
  return CAP_SUCCESS;
}
