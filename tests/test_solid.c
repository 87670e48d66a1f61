/* Tests of solver/cap_solid: exact distances of the primitives against hand values, |grad psi| = 1 and
 * the analytic normals by finite differences, box corners, the container, the union (exact outside,
 * a bound inside, against a brute-force distance to its boundary), the sampled field (exact for a
 * linear field, O(h^2) for a disc), sampling on the MAC lattices, cut-cell fluid fractions against
 * exact polygon clipping and a quadrature, and the error paths. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../solver/cap_errno.h"
#include "../solver/cap_grid.h"
#include "../solver/cap_solid.h"
#include "tharness.h"

/* high-entropy inputs */
#define XC  0.5123
#define YC  0.4871
#define RAD 0.3817

/* Deterministic uniform numbers in [0, 1) (a 64-bit LCG, Knuth's MMIX constants). */
static double urand(unsigned long long *st)
{
  *st = *st * 6364136223846793005ULL + 1442695040888963407ULL;
  return (double)(*st >> 11) / 9007199254740992.0;
}

static double psi_at(const cap_solid *s, double x, double y)
{
  double v = NAN;
  cap_solid_eval(s, x, y, &v, NULL, NULL);
  return v;
}

/* ---- the singular sets (medial axes) of the primitives, for skipping points near them ---- */
typedef struct {
  int kind; /* 0 half-plane, 1 box, 2 disc / container */
  double cx, cy, a, b, angle;
} shape;

/* 1 if (x, y) is within m of a point where the primitive's psi is not smooth. */
static int near_singular(const shape *p, double x, double y, double m)
{
  if (p->kind == 0) return 0;
  if (p->kind == 2) return hypot(x - p->cx, y - p->cy) < m;
  double c = cos(p->angle), s = sin(p->angle), rx = x - p->cx, ry = y - p->cy;
  double qx = c * rx + s * ry, qy = -s * rx + c * ry, dx = fabs(qx) - p->a, dy = fabs(qy) - p->b;
  if (hypot(fabs(qx) - p->a, fabs(qy) - p->b) < m) return 1; /* a corner */
  if (dx > 0 || dy > 0) return 0;                            /* C^1 outside */
  if (fabs(dx - dy) < m) return 1;                           /* the diagonals of the medial axis */
  return dx > dy ? fabs(qx) < m : fabs(qy) < m;              /* the centre segment */
}

/* Max | |grad psi| - 1 | and max |FD gradient - normal| over `npts` pseudo-random points of
 * [-0.2, 1.2]^2 not within 1e-3 of a singular set (skip() says which), central differences with
 * step 1e-6; *used = points checked. */
static void grad_check(const cap_solid *s, int (*skip)(double, double, const void *), const void *ctx, int npts,
                       double *gerr, double *nerr, int *used)
{
  const double del = 1e-6;
  unsigned long long st = 12345;
  *gerr = *nerr = 0;
  *used = 0;
  for (int k = 0; k < npts; k++) {
    double x = -0.2 + 1.4 * urand(&st), y = -0.2 + 1.4 * urand(&st);
    if (skip && skip(x, y, ctx)) continue;
    double gx = (psi_at(s, x + del, y) - psi_at(s, x - del, y)) / (2 * del);
    double gy = (psi_at(s, x, y + del) - psi_at(s, x, y - del)) / (2 * del);
    double nx, ny;
    cap_solid_eval(s, x, y, NULL, &nx, &ny);
    *gerr = fmax(*gerr, fabs(hypot(gx, gy) - 1));
    *nerr = fmax(*nerr, hypot(gx - nx, gy - ny));
    (*used)++;
  }
}

static int skip_shape(double x, double y, const void *ctx) { return near_singular(ctx, x, y, 1e-3); }

/* ---- exact areas by polygon clipping (Sutherland & Hodgman 1974) ---- */
#define MAXV 32
typedef struct {
  int n;
  double x[MAXV], y[MAXV];
} poly;

/* Keeps the part of P where a x + b y + c >= 0. */
static void clip(poly *P, double a, double b, double c)
{
  poly Q = {0, {0}, {0}};
  for (int k = 0; k < P->n; k++) {
    int l = (k + 1) % P->n;
    double fk = a * P->x[k] + b * P->y[k] + c, fl = a * P->x[l] + b * P->y[l] + c;
    if (fk >= 0) {
      Q.x[Q.n] = P->x[k];
      Q.y[Q.n] = P->y[k];
      Q.n++;
    }
    if ((fk >= 0) != (fl >= 0)) {
      double t = fk / (fk - fl);
      Q.x[Q.n] = P->x[k] + t * (P->x[l] - P->x[k]);
      Q.y[Q.n] = P->y[k] + t * (P->y[l] - P->y[k]);
      Q.n++;
    }
  }
  *P = Q;
}

static double area(const poly *P)
{
  double a = 0;
  for (int k = 0; k < P->n; k++) {
    int l = (k + 1) % P->n;
    a += P->x[k] * P->y[l] - P->x[l] * P->y[k];
  }
  return 0.5 * fabs(a);
}

static poly cell_square(const cap_grid *g, int i, int j)
{
  double x0 = cap_grid_xf(g, i), x1 = x0 + g->h, y0 = cap_grid_yf(g, j), y1 = y0 + g->h;
  poly P = {4, {x0, x1, x1, x0}, {y0, y0, y1, y1}};
  return P;
}

/* Fluid fraction of a cell cut by the solid disc (XC, YC, RAD) by a midpoint quadrature in x of the
 * exact fluid length of each vertical line of the cell (the chord is known in closed form). */
static double disc_quadrature(const cap_grid *g, int i, int j, int m)
{
  double x0 = cap_grid_xf(g, i), y0 = cap_grid_yf(g, j), y1 = y0 + g->h, solid = 0;
  for (int k = 0; k < m; k++) {
    double x = x0 + (k + 0.5) * g->h / m, w2 = RAD * RAD - (x - XC) * (x - XC);
    if (w2 <= 0) continue;
    double w = sqrt(w2), lo = fmax(y0, YC - w), hi = fmin(y1, YC + w);
    if (hi > lo) solid += hi - lo;
  }
  return 1 - solid / (m * g->h);
}

/* ---- the union: floor, bump and tilted block ---- */
typedef struct {
  shape part[3];
  const cap_solid *solid[3];
} union_ctx;

/* Near a part's medial axis, or near a crease of the min (the two smallest parts' psi within 1e-3). */
static int skip_union(double x, double y, const void *ctx)
{
  const union_ctx *u = ctx;
  double v[3];
  for (int k = 0; k < 3; k++) {
    if (near_singular(&u->part[k], x, y, 1e-3)) return 1;
    v[k] = psi_at(u->solid[k], x, y);
  }
  for (int a = 0; a < 3; a++)
    for (int b = a + 1; b < 3; b++) {
      double other = v[3 - a - b];
      if (fabs(v[a] - v[b]) < 1e-3 && fmin(v[a], v[b]) < other) return 1;
    }
  return 0;
}

/* Brute-force distance to the boundary of the union: each part's boundary sampled densely, keeping
 * the points not strictly inside another part, plus the creases (where a part's boundary enters another
 * part), located by bisection along the boundary's parameter. */
typedef struct {
  int n;
  double *x, *y;
} cloud;

/* Boundary point t in [0, 1) of part k of the union of floor (y = 0.1234), bump and block. */
static void union_boundary(int k, double t, double *x, double *y)
{
  if (k == 0) {
    *x = -0.5 + 2 * t;
    *y = 0.1234;
    return;
  }
  if (k == 1) {
    *x = 0.3 + 0.1 * cos(2 * M_PI * t);
    *y = 0.15 + 0.1 * sin(2 * M_PI * t);
    return;
  }
  /* the perimeter of the block (half sizes 0.15, 0.05, angle 0.4), by arc length 0..0.8 */
  double sarc = 0.8 * t, lx, ly;
  if (sarc < 0.3) {
    lx = -0.15 + sarc;
    ly = -0.05;
  } else if (sarc < 0.4) {
    lx = 0.15;
    ly = -0.05 + (sarc - 0.3);
  } else if (sarc < 0.7) {
    lx = 0.15 - (sarc - 0.4);
    ly = 0.05;
  } else {
    lx = -0.15;
    ly = 0.05 - (sarc - 0.7);
  }
  *x = 0.7 + cos(0.4) * lx - sin(0.4) * ly;
  *y = 0.2 + sin(0.4) * lx + cos(0.4) * ly;
}

static int covered(const cap_solid *const *parts, int self, double x, double y)
{
  for (int k = 0; k < 3; k++)
    if (k != self && psi_at(parts[k], x, y) < 0) return 1;
  return 0;
}

static void union_cloud(cloud *c, const cap_solid *const *parts, int m)
{
  c->n = 0;
  for (int k = 0; k < 3; k++) {
    double px, py;
    union_boundary(k, 0, &px, &py);
    int prev = covered(parts, k, px, py);
    for (int q = 0; q < m; q++) {
      double t = (double)q / m, x, y;
      union_boundary(k, t, &x, &y);
      int cur = covered(parts, k, x, y);
      if (cur != prev) { /* a crease between t - 1/m and t */
        double lo = t - 1.0 / m, hi = t;
        for (int it = 0; it < 60; it++) {
          double mid = 0.5 * (lo + hi), mx, my;
          union_boundary(k, mid, &mx, &my);
          if (covered(parts, k, mx, my) == prev)
            lo = mid;
          else
            hi = mid;
        }
        union_boundary(k, prev ? hi : lo, &c->x[c->n], &c->y[c->n]);
        c->n++;
      }
      if (!cur) {
        c->x[c->n] = x;
        c->y[c->n] = y;
        c->n++;
      }
      prev = cur;
    }
  }
}

static double cloud_dist(const cloud *c, double x, double y)
{
  double d = INFINITY;
  for (int k = 0; k < c->n; k++) d = fmin(d, hypot(x - c->x[k], y - c->y[k]));
  return d;
}

/* ---- the sampled disc ---- */
static void sampled_disc_error(int n, double *eval, double *enorm)
{
  cap_grid g;
  cap_grid_init(&g, CAP_GEOM_PLANAR, n, n, 1, 1.0 / n, 0, 0, 0, 2);
  double *f = cap_grid_field_alloc(&g);
  cap_solid *d, *s;
  cap_solid_disc_alloc(&d, XC, YC, RAD);
  cap_solid_sample(d, &g, CAP_AT_CELL, f);
  cap_solid_sampled_alloc(&s, &g, f);
  unsigned long long st = 777;
  double ev = 0, en = 0;
  for (int k = 0; k < 4000; k++) {
    double x = 0.05 + 0.9 * urand(&st), y = 0.05 + 0.9 * urand(&st);
    if (hypot(x - XC, y - YC) < 0.15) continue; /* keep away from the centre (curvature 1/r) */
    double p0, nx0, ny0, p1, nx1, ny1;
    cap_solid_eval(d, x, y, &p0, &nx0, &ny0);
    cap_solid_eval(s, x, y, &p1, &nx1, &ny1);
    ev = fmax(ev, fabs(p1 - p0));
    en = fmax(en, hypot(nx1 - nx0, ny1 - ny0));
  }
  *eval = ev;
  *enorm = en;
  cap_solid_free(d);
  cap_solid_free(s);
  free(f);
}

/* Max fluid-fraction error over the cut cells of the solid disc against the quadrature, and the
 * relative error of the fluid area inside the circular container (XC, YC, RAD), for an exact solid
 * (sampled = 0) or its samples at the cell centres (sampled = 1). */
static void fraction_errors(int n, int sampled, double *ecell, double *earea, int *ncut)
{
  cap_grid g;
  cap_grid_init(&g, CAP_GEOM_PLANAR, n, n, 1, 1.0 / n, 0, 0, 0, 2);
  cap_solid *disc, *cont, *sd = NULL, *sc = NULL;
  cap_solid_disc_alloc(&disc, XC, YC, RAD);
  cap_solid_container_alloc(&cont, XC, YC, RAD);
  if (sampled) {
    double *f = cap_grid_field_alloc(&g);
    cap_solid_sample(disc, &g, CAP_AT_CELL, f);
    cap_solid_sampled_alloc(&sd, &g, f);
    cap_solid_sample(cont, &g, CAP_AT_CELL, f);
    cap_solid_sampled_alloc(&sc, &g, f);
    free(f);
  }
  const cap_solid *D = sampled ? sd : disc, *C = sampled ? sc : cont;
  double emax = 0, fluid = 0;
  *ncut = 0;
  for (int j = 0; j < n; j++)
    for (int i = 0; i < n; i++) {
      double f, fc;
      cap_solid_fluid_fraction(D, &g, i, j, &f);
      cap_solid_fluid_fraction(C, &g, i, j, &fc);
      fluid += fc * g.h * g.h;
      double q = disc_quadrature(&g, i, j, 4000);
      if (q > 0 && q < 1) {
        emax = fmax(emax, fabs(f - q));
        (*ncut)++;
      }
    }
  *ecell = emax;
  *earea = fabs(fluid - M_PI * RAD * RAD) / (M_PI * RAD * RAD);
  cap_solid_free(disc);
  cap_solid_free(cont);
  cap_solid_free(sd);
  cap_solid_free(sc);
}

/* half-planes: hand values */
static void half_planes(void)
{
  cap_solid *h30, *h2;
  th_int(cap_solid_halfplane_alloc(&h30, 0.3817, 0.1234, cos(M_PI / 6), sin(M_PI / 6)), CAP_SUCCESS,
         "half-plane through (0.3817, 0.1234) at 30 degrees");
  /* psi = cos30 (x - 0.3817) + sin30 (y - 0.1234) */
  th_abs(psi_at(h30, 0.9123, 0.6789), 0.737263079248023, 1e-14, "half-plane 30 deg: psi(0.9123, 0.6789)");
  th_abs(psi_at(h30, 0.1111, -0.2222), -0.407146474264069, 1e-14, "half-plane 30 deg: psi(0.1111, -0.2222) (solid)");
  th_abs(psi_at(h30, 0.2468, 0.5791), 0.11102317302947917, 1e-14, "half-plane 30 deg: psi(0.2468, 0.5791)");
  th_abs(psi_at(h30, 0.3817, 0.1234), 0, 1e-16, "half-plane 30 deg: psi = 0 at its point");
  double nx, ny;
  cap_solid_eval(h30, 0.2468, 0.5791, NULL, &nx, &ny);
  th_abs(nx, sqrt(3) / 2, 1e-15, "half-plane 30 deg: n_x = cos 30");
  th_abs(ny, 0.5, 1e-15, "half-plane 30 deg: n_y = sin 30");
  /* a normal of any length and orientation (-2, -0.7): normalised */
  cap_solid_halfplane_alloc(&h2, 0.3817, 0.1234, -2.0, -0.7);
  th_abs(psi_at(h2, 0.9123, 0.6789), -0.6843209048242717, 1e-14, "half-plane n = (-2, -0.7): psi(0.9123, 0.6789)");
  th_abs(psi_at(h2, -0.4321, 0), 0.8088771728221132, 1e-14, "half-plane n = (-2, -0.7): psi(-0.4321, 0)");
  cap_solid_eval(h2, 0.1, 0.2, NULL, &nx, &ny);
  th_abs(hypot(nx - (-2.0 / hypot(2, 0.7)), ny - (-0.7 / hypot(2, 0.7))), 0, 1e-15,
         "half-plane n = (-2, -0.7): unit normal (-2, -0.7)/|.|");
  cap_solid_free(h30);
  cap_solid_free(h2);
}

/* disc and container */
static void disc_container(void)
{
  cap_solid *d, *c;
  cap_solid_disc_alloc(&d, XC, YC, RAD);
  cap_solid_container_alloc(&c, XC, YC, RAD);
  th_abs(psi_at(d, 0.1, 0.9), 0.20180467007557018, 1e-14, "disc R=0.3817: psi(0.1, 0.9) outside");
  th_abs(psi_at(d, 0.6, 0.3), -0.17506578211728824, 1e-14, "disc: psi(0.6, 0.3) inside the solid");
  th_abs(psi_at(d, XC, YC + RAD), 0, 1e-15, "disc: psi = 0 on the circle");
  th_abs(psi_at(c, 0.1, 0.9), -0.20180467007557018, 1e-14, "container: psi(0.1, 0.9) = -disc (in the solid)");
  th_abs(psi_at(c, 0.6, 0.3), 0.17506578211728824, 1e-14, "container: psi(0.6, 0.3) = -disc (in the fluid)");
  double nx, ny, p;
  cap_solid_eval(d, 0.1, 0.9, NULL, &nx, &ny);
  double r = hypot(0.1 - XC, 0.9 - YC);
  th_abs(hypot(nx - (0.1 - XC) / r, ny - (0.9 - YC) / r), 0, 1e-15, "disc normal = (x - c)/|x - c| (out of the solid)");
  cap_solid_eval(c, 0.1, 0.9, NULL, &nx, &ny);
  th_abs(hypot(nx + (0.1 - XC) / r, ny + (0.9 - YC) / r), 0, 1e-15,
         "container normal = -(x - c)/|x - c| (towards the centre)");
  cap_solid_eval(c, XC, YC, &p, &nx, &ny);
  th_true(p == RAD && nx == 0 && ny == 0, "container centre: psi = R, normal (0, 0) (every direction is a gradient)");
  cap_solid_free(d);
  cap_solid_free(c);
}

/* boxes */
static void boxes(void)
{
  cap_solid *b;
  cap_solid_box_alloc(&b, 0.6180, 0.2718, 0.1414, 0.0577, 0);
  th_abs(psi_at(b, 0.9, 0.4), 0.1572851232634543, 1e-14, "axis-aligned box: psi(0.9, 0.4), corner region");
  th_abs(psi_at(b, 0.3, 0.1), 0.21025310937058694, 1e-14, "axis-aligned box: psi(0.3, 0.1), corner region");
  th_abs(psi_at(b, 0.65, 0.3), -0.0295, 1e-14, "axis-aligned box: psi(0.65, 0.3) inside, nearest side y+");
  th_abs(psi_at(b, 0.7, 0.1), 0.1141, 1e-14, "axis-aligned box: psi(0.7, 0.1), side region y-");
  double nx, ny;
  cap_solid_eval(b, 0.7, 0.1, NULL, &nx, &ny);
  th_true(nx == 0 && ny == -1, "axis-aligned box: normal (0, -1) below its lower side");
  cap_solid_free(b);

  /* rotated box: the four corners, from the centre and the box axes e1, e2 */
  const double cx = 0.4321, cy = 0.5678, ax = 0.2345, ay = 0.1234, th = 0.3;
  cap_solid_box_alloc(&b, cx, cy, ax, ay, th);
  double e1x = cos(th), e1y = sin(th), e2x = -sin(th), e2y = cos(th), cerr = 0, nerr = 0;
  for (int sx = -1; sx <= 1; sx += 2)
    for (int sy = -1; sy <= 1; sy += 2) {
      double kx = cx + sx * ax * e1x + sy * ay * e2x, ky = cy + sx * ax * e1y + sy * ay * e2y;
      /* points of the corner's exterior cone: corner + u sx e1 + v sy e2, u, v > 0 */
      const double uv[3][2] = {{0.0517, 0.0931}, {0.2718, 0.0123}, {0.0042, 0.3141}};
      for (int k = 0; k < 3; k++) {
        double px = kx + uv[k][0] * sx * e1x + uv[k][1] * sy * e2x, py = ky + uv[k][0] * sx * e1y + uv[k][1] * sy * e2y;
        double p, n1, n2, dist = hypot(px - kx, py - ky);
        cap_solid_eval(b, px, py, &p, &n1, &n2);
        cerr = fmax(cerr, fabs(p - dist));
        nerr = fmax(nerr, hypot(n1 - (px - kx) / dist, n2 - (py - ky) / dist));
      }
      th_abs(psi_at(b, kx, ky), 0, 1e-15, "rotated box: psi = 0 at corner (%+d, %+d)", sx, sy);
    }
  th_abs(cerr, 0, 1e-14,
         "rotated box (angle 0.3): psi = distance to the corner point, 12 points in the 4 corner cones");
  th_abs(nerr, 0, 1e-13, "rotated box: normal = (x - corner)/|x - corner| in the corner cones");
  /* side region and inside: distance to the side line n.(x - c) - a along e1 */
  {
    double px = cx + 0.3 * e1x + 0.05 * e2x, py = cy + 0.3 * e1y + 0.05 * e2y, p, n1, n2;
    cap_solid_eval(b, px, py, &p, &n1, &n2);
    th_abs(p, 0.3 - ax, 1e-14, "rotated box: side region e1, psi = 0.3 - ax");
    th_abs(hypot(n1 - e1x, n2 - e1y), 0, 1e-15, "rotated box: side-region normal = e1");
    px = cx - 0.2 * e1x - 0.08 * e2x;
    py = cy - 0.2 * e1y - 0.08 * e2y;
    cap_solid_eval(b, px, py, &p, &n1, &n2);
    th_abs(p, -(ax - 0.2), 1e-14, "rotated box: inside, nearest side -e1 at depth %.4f", ax - 0.2);
    th_abs(hypot(n1 + e1x, n2 + e1y), 0, 1e-15, "rotated box: inside normal = -e1 (out of the solid)");
  }
  cap_solid_free(b);
}

/* |grad psi| = 1 and the normals by finite differences away from the medial axis */
static void unit_gradient(void)
{
  struct {
    const char *name;
    shape sh;
  } cases[] = {
      {"half-plane 30 deg", {0, 0.3817, 0.1234, cos(M_PI / 6), sin(M_PI / 6), 0}},
      {"disc", {2, XC, YC, RAD, 0, 0}},
      {"container", {2, XC, YC, RAD, 0, 0}},
      {"rotated box", {1, 0.4321, 0.5678, 0.2345, 0.1234, 0.3}},
      {"box at -2.1 rad", {1, 0.5, 0.5, 0.3141, 0.2718, -2.1}},
  };
  for (int c = 0; c < 5; c++) {
    cap_solid *s = NULL;
    const shape *p = &cases[c].sh;
    if (c == 0)
      cap_solid_halfplane_alloc(&s, p->cx, p->cy, p->a, p->b);
    else if (c == 1)
      cap_solid_disc_alloc(&s, p->cx, p->cy, p->a);
    else if (c == 2)
      cap_solid_container_alloc(&s, p->cx, p->cy, p->a);
    else
      cap_solid_box_alloc(&s, p->cx, p->cy, p->a, p->b, p->angle);
    double ge, ne;
    int used;
    grad_check(s, skip_shape, p, 2000, &ge, &ne, &used);
    th_true(ge < 1e-7 && used > 1900, "%s: max | |grad psi| - 1 | = %.1e < 1e-7 by central differences at %d points",
            cases[c].name, ge, used);
    th_true(ne < 1e-7, "%s: max |FD gradient - normal| = %.1e < 1e-7", cases[c].name, ne);
    cap_solid_free(s);
  }
}

/* union: a floor, a bump on it, a tilted block */
static void union_distance(void)
{
  cap_solid *fl, *bump, *blk, *u, *u2, *u3;
  cap_solid_halfplane_alloc(&fl, 0.3817, 0.1234, 0, 1);
  cap_solid_disc_alloc(&bump, 0.3, 0.15, 0.1);
  cap_solid_box_alloc(&blk, 0.7, 0.2, 0.15, 0.05, 0.4);
  const cap_solid *parts[3] = {fl, bump, blk};
  union_ctx U = {{{0, 0.3817, 0.1234, 0, 1, 0}, {2, 0.3, 0.15, 0.1, 0, 0}, {1, 0.7, 0.2, 0.15, 0.05, 0.4}},
                 {fl, bump, blk}};
  th_int(cap_solid_union_alloc(&u, 3, parts), CAP_SUCCESS, "union of a floor, a disc and a rotated box");
  const cap_solid *two[2] = {fl, bump}, *nest[2] = {NULL, blk};
  cap_solid_union_alloc(&u2, 2, two);
  nest[0] = u2;
  th_int(cap_solid_union_alloc(&u3, 2, nest), CAP_SUCCESS, "union of a union and a box (flattened)");
  /* psi = min of the parts, normal of the minimiser; nested = flat */
  unsigned long long st = 99;
  double emin = 0, enorm = 0;
  int same = 1;
  for (int k = 0; k < 1000; k++) {
    double x = urand(&st), y = urand(&st), p, nx, ny, q, mx, my, best = INFINITY, bx = 0, by = 0;
    for (int m = 0; m < 3; m++) {
      double v, ax_, ay_;
      cap_solid_eval(parts[m], x, y, &v, &ax_, &ay_);
      if (v < best) {
        best = v;
        bx = ax_;
        by = ay_;
      }
    }
    cap_solid_eval(u, x, y, &p, &nx, &ny);
    cap_solid_eval(u3, x, y, &q, &mx, &my);
    emin = fmax(emin, fabs(p - best));
    enorm = fmax(enorm, hypot(nx - bx, ny - by));
    same = same && p == q && nx == mx && ny == my;
  }
  th_abs(emin, 0, 0, "union: psi = min of the parts' psi at 1000 points");
  th_abs(enorm, 0, 0, "union: normal = the minimising part's normal");
  th_true(same, "union: nested union (floor + disc) + box gives the flat union bitwise");
  /* exact outside, a bound inside: brute-force distance to the union's boundary */
  const int m = 20000;
  cloud cl = {0, malloc(3 * 2 * (size_t)m * sizeof(double)), malloc(3 * 2 * (size_t)m * sizeof(double))};
  union_cloud(&cl, parts, m);
  double eout = 0, under = 0, over = 0;
  int nin = 0, nout = 0;
  for (int k = 0; k < 400; k++) {
    double x = urand(&st), y = -0.1 + 0.6 * urand(&st), p = psi_at(u, x, y), d = cloud_dist(&cl, x, y);
    if (fabs(p) < 0.01) continue;
    if (p > 0) {
      eout = fmax(eout, fabs(p - d));
      nout++;
    } else {
      under = fmax(under, d - (-p));
      over = fmax(over, -p - d);
      nin++;
    }
  }
  th_true(eout < 1e-6 && nout > 50, "union: exact outside, max |psi - brute-force distance| = %.1e < 1e-6 at %d points",
          eout, nout);
  th_true(over < 1e-6 && nin > 50, "union: a bound inside, |psi| <= true depth (excess %.1e) at %d points", over, nin);
  th_true(under > 0.01, "union: inside, |psi| underestimates the depth by up to %.3f (the bound is not exact)", under);
  double ge, ne;
  int used;
  grad_check(u, skip_union, &U, 2000, &ge, &ne, &used);
  th_true(ge < 1e-7 && ne < 1e-7 && used > 1900,
          "union: | |grad psi| - 1 | = %.1e, |FD - normal| = %.1e < 1e-7 at the %d of 2000 points away from creases",
          ge, ne, used);
  free(cl.x);
  free(cl.y);
  cap_solid_free(u);
  cap_solid_free(u2);
  cap_solid_free(u3);
  cap_solid_free(fl);
  cap_solid_free(bump);
  cap_solid_free(blk);
}

/* sampled field: exact for a linear field */
static void sampled_linear(void)
{
  cap_grid g;
  cap_grid_init(&g, CAP_GEOM_PLANAR, 20, 17, 1, 0.05, -0.0321, 0.0123, 0, 2);
  double *f = cap_grid_field_alloc(&g);
  const double a = 0.5123, b = -0.8765, c = 0.1234;
  for (int j = -g.ng; j < g.ny + g.ng; j++)
    for (int i = -g.ng; i < g.nx + g.ng; i++)
      f[cap_grid_idx(&g, i, j)] = a * cap_grid_xc(&g, i) + b * cap_grid_yc(&g, j) + c;
  cap_solid *s;
  th_int(cap_solid_sampled_alloc(&s, &g, f), CAP_SUCCESS, "sampled field of a linear function on a 20x17 grid");
  double xlo = g.x0 + (0.5 - g.ng) * g.h, xhi = g.x0 + (g.nx + g.ng - 0.5) * g.h;
  double ylo = g.y0 + (0.5 - g.ng) * g.h, yhi = g.y0 + (g.ny + g.ng - 0.5) * g.h;
  unsigned long long st = 4242;
  double ev = 0, en = 0, na = a / hypot(a, b), nb = b / hypot(a, b);
  for (int k = 0; k < 1000; k++) {
    double x = xlo + (xhi - xlo) * urand(&st), y = ylo + (yhi - ylo) * urand(&st), p, nx, ny;
    if (k == 0) {
      x = xlo;
      y = yhi;
    } /* the hull's corners */
    if (k == 1) {
      x = xhi;
      y = ylo;
    }
    cap_solid_eval(s, x, y, &p, &nx, &ny);
    ev = fmax(ev, fabs(p - (a * x + b * y + c)));
    en = fmax(en, hypot(nx - na, ny - nb));
  }
  th_abs(ev, 0, 1e-14, "sampled linear field: bilinear value exact at 1000 points of the hull (edges included)");
  th_abs(en, 0, 1e-13, "sampled linear field: normal exact (central differences of the interpolant)");
  cap_solid_free(s);
  free(f);
}

/* sampled disc: O(h^2) value and normal */
static void sampled_disc(void)
{
  int ns[4] = {16, 32, 64, 128};
  double h[4], ev[4], en[4];
  for (int k = 0; k < 4; k++) {
    h[k] = 1.0 / ns[k];
    sampled_disc_error(ns[k], &ev[k], &en[k]);
    th_note("sampled disc n=%d: max |psi error| %.3e, max |normal error| %.3e (r > 0.15)", ns[k], ev[k], en[k]);
  }
  th_true(th_slope(4, h, ev) >= 1.8, "sampled disc: psi observed order %.2f >= 1.8", th_slope(4, h, ev));
  th_true(th_slope(4, h, en) >= 1.8, "sampled disc: normal observed order %.2f >= 1.8", th_slope(4, h, en));
}

/* sampling on the MAC lattices, interior and ghosts, planar and AXI */
static void sample_lattices(void)
{
  cap_solid *b;
  cap_solid_box_alloc(&b, 0.4321, 0.5678, 0.2345, 0.1234, 0.3);
  for (int geo = 0; geo < 2; geo++) {
    cap_grid g;
    cap_grid_init(&g, geo ? CAP_GEOM_AXI : CAP_GEOM_PLANAR, 13, 11, 1, 1.0 / 13, geo ? 0 : -0.0123, 0.0456, 0, 3);
    for (int loc = 0; loc < 3; loc++) {
      double *f = cap_grid_field_alloc(&g);
      for (size_t k = 0; k < g.size; k++) f[k] = 1234.5;
      int st = cap_solid_sample(b, &g, (cap_location)loc, f);
      int ihi = g.nx + g.ng + (loc == CAP_AT_XFACE), jhi = g.ny + g.ng + (loc == CAP_AT_YFACE), bad = 0, n = 0,
          untouched = 0;
      for (int j = -g.ng; j <= g.ny + g.ng; j++)
        for (int i = -g.ng; i <= g.nx + g.ng; i++) {
          double v = f[cap_grid_idx(&g, i, j)];
          if (i < ihi && j < jhi) {
            double x = loc == CAP_AT_XFACE ? cap_grid_xf(&g, i) : cap_grid_xc(&g, i);
            double y = loc == CAP_AT_YFACE ? cap_grid_yf(&g, j) : cap_grid_yc(&g, j);
            bad += v != psi_at(b, x, y);
            n++;
          } else
            untouched += v == 1234.5;
        }
      int nrest = (g.nx + 2 * g.ng + 1) * (g.ny + 2 * g.ng + 1) - n;
      th_true(st == 0 && bad == 0 && untouched == nrest,
              "%s sample at %s: %d lattice points (ghosts included) equal cap_solid_eval, %d others untouched",
              geo ? "AXI" : "planar",
              loc == 0   ? "cell centres"
              : loc == 1 ? "x-faces"
                         : "y-faces",
              n, nrest);
      free(f);
    }
  }
  cap_solid_free(b);
}

/* fluid fractions */
static void fluid_fractions(void)
{
  cap_grid g;
  cap_grid_init(&g, CAP_GEOM_PLANAR, 32, 32, 1, 1.0 / 32, 0, 0, 0, 1);
  /* half-plane at 30 deg: exact against polygon clipping in every cut cell */
  cap_solid *hp, *b;
  const double nx = cos(M_PI / 6), ny = sin(M_PI / 6);
  cap_solid_halfplane_alloc(&hp, 0.3817, 0.1234, nx, ny);
  double emax = 0, far = 0;
  int ncut = 0;
  for (int j = -1; j < 33; j++)
    for (int i = -1; i < 33; i++) {
      double f;
      cap_solid_fluid_fraction(hp, &g, i, j, &f);
      poly P = cell_square(&g, i, j);
      clip(&P, nx, ny, -(nx * 0.3817 + ny * 0.1234));
      double ex = area(&P) / (g.h * g.h);
      emax = fmax(emax, fabs(f - ex));
      ncut += ex > 0 && ex < 1;
      double pc = psi_at(hp, cap_grid_xc(&g, i), cap_grid_yc(&g, j));
      if (fabs(pc) >= g.h / sqrt(2)) far = fmax(far, fabs(f - (pc > 0)));
    }
  th_abs(emax, 0, 1e-13, "fluid fraction, half-plane 30 deg: exact (polygon clipping) in all cells, %d cut", ncut);
  th_abs(far, 0, 0, "fluid fraction is exactly 0 or 1 at least h/sqrt(2) from the surface");
  /* rotated box: exact in the cells cut by one side only (no corner within the cell's reach) */
  const double cx = 0.4321, cy = 0.5678, ax = 0.2345, ay = 0.1234, th = 0.3, c = cos(th), s = sin(th);
  cap_solid_box_alloc(&b, cx, cy, ax, ay, th);
  double eside = 0, ecorner = 0;
  int nside = 0, ncorner = 0;
  for (int j = 0; j < 32; j++)
    for (int i = 0; i < 32; i++) {
      double f;
      cap_solid_fluid_fraction(b, &g, i, j, &f);
      poly P = cell_square(&g, i, j);
      double full = area(&P);
      /* the solid part: the square clipped by the four sides of the box */
      clip(&P, -c, -s, c * cx + s * cy + ax);
      clip(&P, c, s, -(c * cx + s * cy) + ax);
      clip(&P, s, -c, -s * cx + c * cy + ay);
      clip(&P, -s, c, s * cx - c * cy + ay);
      double ex = 1 - area(&P) / full;
      if (!(ex > 0 && ex < 1)) continue;
      double xc = cap_grid_xc(&g, i), yc = cap_grid_yc(&g, j), dmin = INFINITY;
      for (int sx = -1; sx <= 1; sx += 2)
        for (int sy = -1; sy <= 1; sy += 2)
          dmin = fmin(dmin, hypot(xc - (cx + sx * ax * c - sy * ay * s), yc - (cy + sx * ax * s + sy * ay * c)));
      if (dmin > g.h * sqrt(2)) {
        eside = fmax(eside, fabs(f - ex));
        nside++;
      } else {
        ecorner = fmax(ecorner, fabs(f - ex));
        ncorner++;
      }
    }
  th_abs(eside, 0, 1e-13, "fluid fraction, rotated box: exact in the %d cells cut by one side only", nside);
  th_note("rotated box: %d cells near a corner, max fraction error %.3f (the corner is not a line)", ncorner, ecorner);
  cap_solid_free(hp);
  cap_solid_free(b);
}

/* disc cut cells against a quadrature: O(h / R) per cell, bounded by the gap s^2 / 2R between the
 * tangent line at the centre's foot point and the arc, integrated along at most a diagonal, sqrt(2) h:
 * (sqrt(2) h)^3 / (6 R) / h^2 = 0.47 h / R; the container's fluid area: O(h^2) */
static void disc_fractions(void)
{
  for (int sampled = 0; sampled < 2; sampled++) {
    int ns[4] = {16, 32, 64, 128};
    double h[4], ec[4], ea[4];
    for (int k = 0; k < 4; k++) {
      int ncut;
      h[k] = 1.0 / ns[k];
      fraction_errors(ns[k], sampled, &ec[k], &ea[k], &ncut);
      th_note("%s disc n=%d: %d cut cells, max |fraction - quadrature| %.3e (h/R = %.3f); container fluid area rel "
              "error %.3e",
              sampled ? "sampled" : "exact", ns[k], ncut, ec[k], h[k] / RAD, ea[k]);
      if (!sampled)
        th_true(ec[k] <= 0.47 * h[k] / RAD, "exact disc n=%d: cut-cell fraction error %.2e <= 0.47 h/R = %.2e", ns[k],
                ec[k], 0.47 * h[k] / RAD);
    }
    th_true(th_slope(4, h, ec) >= 0.9, "%s disc: cut-cell fraction error observed order %.2f >= 0.9",
            sampled ? "sampled" : "exact", th_slope(4, h, ec));
    th_true(th_slope(4, h, ea) >= 1.8, "%s container: fluid area observed order %.2f >= 1.8",
            sampled ? "sampled" : "exact", th_slope(4, h, ea));
  }
}

/* error paths */
static void error_paths(void)
{
  cap_solid *s = (cap_solid *)&s; /* a non-NULL sentinel (never dereferenced): a failure must set NULL */
  th_int(cap_solid_disc_alloc(&s, XC, YC, 0), CAP_EDOM, "disc radius 0 rejected");
  th_true(s == NULL, "failed constructor sets *out = NULL");
  th_true(strstr(cap_error_message(), "disc radius") != NULL && strstr(cap_error_message(), "0 <") != NULL,
          "message names the parameter and the range: %s", cap_error_message());
  th_int(cap_solid_disc_alloc(&s, XC, YC, -RAD), CAP_EDOM, "negative disc radius rejected");
  th_int(cap_solid_disc_alloc(&s, XC, YC, NAN), CAP_EDOM, "NaN disc radius rejected");
  th_int(cap_solid_container_alloc(&s, XC, YC, INFINITY), CAP_EDOM, "infinite container radius rejected");
  th_true(strstr(cap_error_message(), "container radius") != NULL, "message: %s", cap_error_message());
  th_int(cap_solid_disc_alloc(&s, INFINITY, YC, RAD), CAP_EDOM, "infinite disc centre rejected");
  th_true(strstr(cap_error_message(), "cx") != NULL, "message: %s", cap_error_message());
  th_int(cap_solid_container_alloc(&s, XC, NAN, RAD), CAP_EDOM, "NaN container centre rejected");
  th_int(cap_solid_halfplane_alloc(&s, 0.3817, 0.1234, 0, 0), CAP_EDOM, "zero half-plane normal rejected");
  th_true(strstr(cap_error_message(), "normal") != NULL && strstr(cap_error_message(), "non-zero") != NULL,
          "message: %s", cap_error_message());
  th_int(cap_solid_halfplane_alloc(&s, 0.3817, 0.1234, NAN, 1), CAP_EDOM, "NaN half-plane normal rejected");
  th_int(cap_solid_halfplane_alloc(&s, 0.3817, 0.1234, 1e308, 1e308), CAP_SUCCESS,
         "huge but finite half-plane normal accepted (hypot does not overflow to a zero normal)");
  cap_solid_free(s);
  th_int(cap_solid_halfplane_alloc(&s, NAN, 0.1234, 1, 0), CAP_EDOM, "NaN half-plane point rejected");
  th_int(cap_solid_box_alloc(&s, 0.5, 0.5, 0, 0.1, 0), CAP_EDOM, "box half size 0 rejected");
  th_true(strstr(cap_error_message(), "half size ax") != NULL, "message: %s", cap_error_message());
  th_int(cap_solid_box_alloc(&s, 0.5, 0.5, 0.1, -0.1, 0), CAP_EDOM, "negative box half size rejected");
  th_int(cap_solid_box_alloc(&s, 0.5, 0.5, 0.1, 0.1, INFINITY), CAP_EDOM, "infinite box angle rejected");
  th_int(cap_solid_disc_alloc(NULL, XC, YC, RAD), CAP_EINVAL, "NULL out rejected");

  cap_solid *d, *parts[CAP_SOLID_MAX_PARTS + 1];
  cap_solid_disc_alloc(&d, XC, YC, RAD);
  for (int k = 0; k <= CAP_SOLID_MAX_PARTS; k++) parts[k] = d;
  th_int(cap_solid_union_alloc(&s, 0, (const cap_solid *const *)parts), CAP_EDOM, "union of 0 parts rejected");
  th_int(cap_solid_union_alloc(&s, CAP_SOLID_MAX_PARTS + 1, (const cap_solid *const *)parts), CAP_EDOM,
         "union of %d parts rejected", CAP_SOLID_MAX_PARTS + 1);
  cap_solid *u8, *u2;
  th_int(cap_solid_union_alloc(&u8, CAP_SOLID_MAX_PARTS, (const cap_solid *const *)parts), CAP_SUCCESS,
         "union of %d parts accepted", CAP_SOLID_MAX_PARTS);
  const cap_solid *pp[2] = {u8, d};
  th_int(cap_solid_union_alloc(&u2, 2, pp), CAP_EDOM, "union whose flattened parts exceed the maximum rejected");
  th_true(strstr(cap_error_message(), "CAP_SOLID_MAX_PARTS") != NULL, "message: %s", cap_error_message());
  pp[0] = NULL;
  th_int(cap_solid_union_alloc(&u2, 2, pp), CAP_EINVAL, "union with a NULL part rejected");

  cap_grid g, g3, ga;
  cap_grid_init(&g, CAP_GEOM_PLANAR, 8, 8, 1, 0.125, 0, 0, 0, 1);
  cap_grid_init(&g3, CAP_GEOM_3D, 4, 4, 4, 0.25, 0, 0, 0, 1);
  cap_grid_init(&ga, CAP_GEOM_AXI, 8, 8, 1, 0.125, 0, 0, 0, 1);
  double *f = cap_grid_field_alloc(&g), *f3 = cap_grid_field_alloc(&g3), fr;
  cap_solid *sm;
  cap_solid_sample(d, &g, CAP_AT_CELL, f);
  th_int(cap_solid_sampled_alloc(&sm, &g, f), CAP_SUCCESS, "sampled field of the disc");
  pp[0] = sm;
  th_int(cap_solid_union_alloc(&u2, 2, pp), CAP_EINVAL, "union with a sampled part rejected");
  th_int(cap_solid_eval(sm, 1.2, 0.5, NULL, NULL, NULL), CAP_EDOM, "sampled field: point beyond the hull rejected");
  th_true(strstr(cap_error_message(), "x = 1.2") != NULL && strstr(cap_error_message(), "1.0625") != NULL,
          "message gives the hull: %s", cap_error_message());
  th_int(cap_solid_eval(sm, 1.0625, -0.0625, NULL, NULL, NULL), CAP_SUCCESS, "sampled field: hull corner accepted");
  th_int(cap_solid_eval(d, NAN, 0.5, NULL, NULL, NULL), CAP_EDOM, "eval at a NaN point rejected");
  th_int(cap_solid_eval(NULL, 0.5, 0.5, NULL, NULL, NULL), CAP_EINVAL, "eval of a NULL solid rejected");
  th_int(cap_solid_sample(d, &g3, CAP_AT_CELL, f3), CAP_EGEOM, "sample on a 3D grid: CAP_EGEOM");
  th_int(cap_solid_sample(d, &g, CAP_AT_ZFACE, f), CAP_EDOM, "sample at z-faces of a 2D grid rejected");
  th_int(cap_solid_sampled_alloc(&s, &g3, f3), CAP_EGEOM, "sampled field on a 3D grid: CAP_EGEOM");
  th_int(cap_solid_fluid_fraction(d, &ga, 2, 2, &fr), CAP_EGEOM, "fluid fraction on an AXI grid: CAP_EGEOM");
  th_int(cap_solid_fluid_fraction(d, &g3, 2, 2, &fr), CAP_EGEOM, "fluid fraction on a 3D grid: CAP_EGEOM");
  th_int(cap_solid_fluid_fraction(d, &g, 9, 2, &fr), CAP_EDOM,
         "fluid fraction of cell i = 9 (beyond the ghosts) rejected");
  th_true(strstr(cap_error_message(), "cell index i") != NULL, "message: %s", cap_error_message());
  th_int(cap_solid_fluid_fraction(d, &g, -1, 8, &fr), CAP_SUCCESS, "fluid fraction of a ghost cell accepted");
  f[cap_grid_idx(&g, -1, 3)] = NAN;
  th_int(cap_solid_sampled_alloc(&s, &g, f), CAP_ENONFINITE, "non-finite sampled value (a ghost cell) rejected");
  th_true(strstr(cap_error_message(), "(-1, 3)") != NULL, "message names the cell: %s", cap_error_message());
  cap_solid_free(NULL);
  th_true(1, "cap_solid_free(NULL) is a no-op");
  cap_solid_free(sm);
  cap_solid_free(u8);
  cap_solid_free(d);
  free(f);
  free(f3);
}

/* parts: each primitive of a union evaluated, located, bounded and moved alone */
static void union_parts(void)
{
  cap_solid *a, *b, *c, *ab, *all;
  cap_solid_disc_alloc(&a, 0.2731, 0.3119, 0.1137);
  cap_solid_box_alloc(&b, 0.6917, 0.5503, 0.0873, 0.0511, 0.37);
  cap_solid_halfplane_alloc(&c, 0, 0.05, 0.1, 1);
  const cap_solid *p2[2] = {a, b}, *p3[2] = {NULL, c};
  cap_solid_union_alloc(&ab, 2, p2);
  p3[0] = ab;
  cap_solid_union_alloc(&all, 2, p3);
  th_int(cap_solid_parts(all), 3, "a union of a union of two and a half-plane has three parts");
  th_int(cap_solid_parts(a), 1, "a primitive is one part");
  th_int(cap_solid_parts(NULL), 0, "NULL has no parts");
  const cap_solid *prim[3] = {a, b, c};
  double e = 0;
  int wrong = 0;
  for (int k = 0; k < 200; k++) {
    double x = 0.0137 + 0.97 * (k % 20) / 19.0, y = 0.0211 + 0.95 * (k / 20) / 9.0, best = INFINITY;
    int arg = -1, at = -2;
    for (int m = 0; m < 3; m++) {
      double pw, nxw, nyw, pg, nxg, nyg;
      cap_solid_eval(prim[m], x, y, &pw, &nxw, &nyw);
      cap_solid_part_eval(all, m, x, y, &pg, &nxg, &nyg);
      e = fmax(e, fmax(fabs(pg - pw), fmax(fabs(nxg - nxw), fabs(nyg - nyw))));
      if (pw < best) {
        best = pw;
        arg = m;
      }
    }
    cap_solid_part_at(all, x, y, &at);
    wrong += at != arg;
  }
  th_abs(e, 0, 0, "part k of the union evaluates as primitive k alone (psi and normal, 600 points)");
  th_int(wrong, 0, "cap_solid_part_at: the part of least psi at 200 points");
  double xlo, xhi, ylo, yhi;
  th_int(cap_solid_part_bounds(all, 0, &xlo, &xhi, &ylo, &yhi), CAP_SUCCESS, "bounds of part 0");
  th_true(xlo == 0.2731 - 0.1137 && xhi == 0.2731 + 0.1137 && ylo == 0.3119 - 0.1137 && yhi == 0.3119 + 0.1137,
          "bounds of part 0: the disc's box");
  cap_solid_part_bounds(all, 2, &xlo, &xhi, &ylo, &yhi);
  th_true(isinf(xlo) && isinf(yhi), "bounds of part 2 (a half-plane): unbounded");
  th_int(cap_solid_part_translate(all, 1, 0.0413, -0.0291), CAP_SUCCESS, "move part 1 alone");
  cap_solid_translate(b, 0.0413, -0.0291);
  double pa, pb, qa, qb;
  cap_solid_part_eval(all, 0, 0.3, 0.3, &pa, NULL, NULL);
  cap_solid_eval(a, 0.3, 0.3, &qa, NULL, NULL);
  cap_solid_part_eval(all, 1, 0.7, 0.5, &pb, NULL, NULL);
  cap_solid_eval(b, 0.7, 0.5, &qb, NULL, NULL);
  th_true(pa == qa && pb == qb, "after the move: part 1 moved, part 0 stayed");
  th_int(cap_solid_part_eval(all, 3, 0.5, 0.5, &pa, NULL, NULL), CAP_EDOM, "part 3 of 3 refused");
  th_true(strstr(cap_error_message(), "part = 3") != NULL, "the message names the part: %s", cap_error_message());
  th_int(cap_solid_part_translate(all, -2, 0, 0), CAP_EDOM, "part -2 refused");
  th_int(cap_solid_part_bounds(all, 7, &xlo, &xhi, &ylo, &yhi), CAP_EDOM, "bounds of part 7 refused");
  th_int(cap_solid_part_at(all, NAN, 0.5, &(int){0}), CAP_EDOM, "cap_solid_part_at at NaN refused");
  th_int(cap_solid_part_at(all, 0.5, 0.5, NULL), CAP_EINVAL, "cap_solid_part_at without output refused");
  cap_solid_free(a);
  cap_solid_free(b);
  cap_solid_free(c);
  cap_solid_free(ab);
  cap_solid_free(all);
}

static const th_case cases[] = {
    {"half_planes", half_planes},
    {"disc_container", disc_container},
    {"boxes", boxes},
    {"unit_gradient", unit_gradient},
    {"union_distance", union_distance},
    {"sampled_linear", sampled_linear},
    {"sampled_disc", sampled_disc},
    {"sample_lattices", sample_lattices},
    {"fluid_fractions", fluid_fractions},
    {"disc_fractions", disc_fractions},
    {"error_paths", error_paths},
    {"union_parts", union_parts},
    {NULL, NULL},
};

int main(int argc, char **argv) { return th_main(argc, argv, cases); }
