/* Tests of cap_vsurf (phi continued into solids at a contact angle) and of solids in cap_ns. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../solver/cap_errno.h"
#include "../solver/cap_levelset.h"
#include "../solver/cap_ns.h"
#include "../solver/cap_solid.h"
#include "../solver/cap_vsurf.h"
#include "tfixtures.h"
#include "tharness.h"

#define DEG (M_PI / 180)

/* A straight liquid surface meeting the plane through (px, py) at inclination beta (solid below the
 * line of direction t = (cos beta, sin beta), normal n_s = (-sin beta, cos beta)) at angle theta
 * through the liquid, which lies on the -t side: phi = n_l . (x - p), n_l = cos(theta) n_s +
 * sin(theta) t. Fills the grid's cells and returns the max errors of the continuation in the solid
 * cells and of the curvature in the fluid cells next to them. */
static void straight_contact(double beta, double theta, double *e_phi, double *e_kappa, size_t *nsolid)
{
  cap_grid g;
  int n = 48;
  double h = 1.0 / n;
  cap_grid_init(&g, CAP_GEOM_PLANAR, n, n, 1, h, 0, 0, 0, 3);
  double px = 0.5123, py = 0.4377;
  double tx = cos(beta), ty = sin(beta), sx = -sin(beta), sy = cos(beta);
  double lx = cos(theta) * sx + sin(theta) * tx, ly = cos(theta) * sy + sin(theta) * ty;
  cap_solid *s;
  cap_solid_halfplane_alloc(&s, px, py, sx, sy);
  cap_vsurf *v;
  cap_contact *ct = NULL;
  cap_contact_alloc(&ct, &g);
  cap_contact_set_solid(ct, s, theta);
  cap_vsurf_alloc(&v, &g, s);
  *nsolid = cap_vsurf_count(v);
  double *phi = cap_grid_field_alloc(&g), *kappa = cap_grid_field_alloc(&g);
  const unsigned char *in = cap_vsurf_cells(v);
  for (int j = -g.ng; j < n + g.ng; j++)
    for (int i = -g.ng; i < n + g.ng; i++) {
      size_t c = cap_grid_idx(&g, i, j);
      double x = cap_grid_xc(&g, i) - px, y = cap_grid_yc(&g, j) - py;
      int inside = i >= 0 && i < n && j >= 0 && j < n;
      phi[c] = inside && in[c] ? 1e3 : lx * x + ly * y; /* solid cells start far off */
    }
  cap_vsurf_fill(v, ct, &g, phi);
  *e_phi = 0;
  for (int j = 0; j < n; j++)
    for (int i = 0; i < n; i++) {
      size_t c = cap_grid_idx(&g, i, j);
      double psi;
      cap_solid_eval(s, cap_grid_xc(&g, i), cap_grid_yc(&g, j), &psi, NULL, NULL);
      /* the cells the stencils reach, away from the box's edges (where probes are clamped) */
      if (!in[c] || psi < -3 * h || hypot(cap_grid_xc(&g, i) - px, cap_grid_yc(&g, j) - py) > 0.3) continue;
      double want = lx * (cap_grid_xc(&g, i) - px) + ly * (cap_grid_yc(&g, j) - py);
      *e_phi = fmax(*e_phi, fabs(phi[c] - want));
    }
  /* the box's ghosts are linear extrapolations, exact for this phi: keep them */
  double *k = kappa;
  *e_kappa = 0;
  cap_grid g2 = g;
  for (int q = 0; q < 4; q++) g2.bc[q] = CAP_BC_OPEN;
  cap_levelset_curvature(&g2, NULL, phi, k);
  for (int j = 1; j < n - 1; j++)
    for (int i = 1; i < n - 1; i++) {
      size_t c = cap_grid_idx(&g, i, j);
      if (in[c] || !(in[c - 1] || in[c + 1] || in[c - g.sy] || in[c + g.sy])) continue;
      if (fabs(phi[c]) > 2 * h) continue; /* the contact cells */
      *e_kappa = fmax(*e_kappa, fabs(k[c]));
    }
  free(phi);
  free(kappa);
  cap_vsurf_free(v);
  cap_contact_free(ct);
  cap_solid_free(s);
}

/* A pool on grid g, liquid below y = level at rest, round the solids of v at the angles of ct: state (v
 * and ct its bounds), workspace and the parameters (rho = sigma = 1, mu = 0.05, g = 1 downwards). */
static cap_ns_params pool(const cap_grid *g, double level, const cap_vsurf *v, const cap_contact *ct, cap_ns_state **s,
                          cap_ns_ws **w)
{
  cap_ns_state_alloc(s, g);
  cap_ns_ws_alloc(w, g);
  for (int j = 0; j < g->ny; j++)
    for (int i = 0; i < g->nx; i++) (*s)->phi[cap_grid_idx(g, i, j)] = cap_grid_yc(g, j) - level;
  cap_ns_params p = cap_ns_params_default();
  p.rho = 1;
  p.mu = 0.05;
  p.sigma = 1;
  p.gy = -1;
  (*s)->bounds.vsurf = v;
  (*s)->bounds.contact = ct;
  return p;
}

/* The pool cases: a unit box of 40 x 40 cells (3 ghost layers), free-slip walls (with contact_90, a
 * contact angle of 90 degrees on the side walls), the union `both` of the solids part[0] and part[1]
 * (taken over: parts_pool_close frees them), its virtual surface v at 90 degrees, and a pool below
 * y = level round it (pool()). */
typedef struct {
  cap_grid g;
  cap_solid *part[2], *both;
  cap_vsurf *v;
  cap_contact *ct;
  cap_ns_state *s;
  cap_ns_ws *w;
  cap_ns_params p;
} parts_pool;

static void parts_pool_open(parts_pool *P, cap_solid *a, cap_solid *b, double level, int contact_90)
{
  const int n = 40;
  cap_grid_init(&P->g, CAP_GEOM_PLANAR, n, n, 1, 1.0 / n, 0, 0, 0, 3);
  for (int k = 0; k < 4; k++) cap_grid_set_bc(&P->g, (cap_side)k, CAP_BC_SLIP);
  cap_contact_alloc(&P->ct, &P->g);
  if (contact_90) {
    cap_contact_set_wall(P->ct, CAP_XLO, M_PI / 2);
    cap_contact_set_wall(P->ct, CAP_XHI, M_PI / 2);
  }
  P->part[0] = a;
  P->part[1] = b;
  const cap_solid *parts[2] = {a, b};
  cap_solid_union_alloc(&P->both, 2, parts);
  cap_contact_set_solid(P->ct, P->both, M_PI / 2);
  cap_vsurf_alloc(&P->v, &P->g, P->both);
  P->p = pool(&P->g, level, P->v, P->ct, &P->s, &P->w);
}

static void parts_pool_close(parts_pool *P)
{
  cap_ns_state_free(P->s);
  cap_ns_ws_free(P->w);
  cap_vsurf_free(P->v);
  cap_contact_free(P->ct);
  cap_solid_free(P->part[0]);
  cap_solid_free(P->part[1]);
  cap_solid_free(P->both);
}

/* The distance from (x, y) to the nearer of two points. */
static double nearest(double p[2][2], double x, double y)
{
  return fmin(hypot(x - p[0][0], y - p[0][1]), hypot(x - p[1][0], y - p[1][1]));
}

/* A circular liquid surface of radius rc meeting a solid at theta: the plane through (px, py) at
 * inclination beta (as in straight_contact; disc = 0), or the disc of radius rs centred at (px, py)
 * (disc = 1, the liquid's centre above it and a little to the right). phi is the circle's signed
 * distance in the fluid cells; the solid cells get the continuation, whose exact value is the same
 * distance (the circle continued into the solid meets it at theta). *e_fill: the largest error of the
 * continuation, in units of h^2, in the solid cells within 3 cells of the surface and 2 cells of
 * either contact point; *e_kappa: the largest curvature error (against 1/rc) of the fluid cells next
 * to the solid within 1.5 cells of the interface and 2 cells of either contact point. */
static void curved_contact_solid(int disc, double beta, double theta, int n, double *e_fill, double *e_kappa)
{
  cap_grid g;
  double h = 1.0 / n;
  cap_grid_init(&g, CAP_GEOM_PLANAR, n, n, 1, h, 0, 0, 0, 3);
  const double px = 0.5123, py = disc ? 0.3377 : 0.4377, rc = disc ? 0.2 : 0.3, rs = 0.25;
  double cx, cy, contact[2][2];
  cap_solid *s;
  if (!disc) {
    double tx = cos(beta), ty = sin(beta), sx = -sin(beta), sy = cos(beta);
    cx = px - rc * cos(theta) * sx;
    cy = py - rc * cos(theta) * sy;
    for (int q = 0; q < 2; q++) {
      contact[q][0] = px + (2 * q - 1) * rc * sin(theta) * tx;
      contact[q][1] = py + (2 * q - 1) * rc * sin(theta) * ty;
    }
    cap_solid_halfplane_alloc(&s, px, py, sx, sy);
  } else {
    /* the normals meet at theta: |c - p|^2 = rs^2 + rc^2 - 2 rs rc cos(theta); the contact points are
     * the two circles' intersections */
    double D = sqrt(rs * rs + rc * rc - 2 * rs * rc * cos(theta)), ex = 0.1, ey = sqrt(0.99);
    cx = px + D * ex;
    cy = py + D * ey;
    double a = (rs * rs - rc * rc + D * D) / (2 * D), b = sqrt(rs * rs - a * a);
    for (int q = 0; q < 2; q++) {
      contact[q][0] = px + a * ex + (2 * q - 1) * b * ey;
      contact[q][1] = py + a * ey - (2 * q - 1) * b * ex;
    }
    cap_solid_disc_alloc(&s, px, py, rs);
  }
  cap_vsurf *v;
  cap_contact *ct = NULL;
  cap_contact_alloc(&ct, &g);
  cap_contact_set_solid(ct, s, theta);
  cap_vsurf_alloc(&v, &g, s);
  double *phi = cap_grid_field_alloc(&g), *k = cap_grid_field_alloc(&g);
  const unsigned char *in = cap_vsurf_cells(v);
  for (int j = -g.ng; j < n + g.ng; j++)
    for (int i = -g.ng; i < n + g.ng; i++)
      phi[cap_grid_idx(&g, i, j)] = hypot(cap_grid_xc(&g, i) - cx, cap_grid_yc(&g, j) - cy) - rc;
  cap_vsurf_fill(v, ct, &g, phi);
  *e_fill = *e_kappa = 0;
  for (int j = 0; j < n; j++)
    for (int i = 0; i < n; i++) {
      size_t c = cap_grid_idx(&g, i, j);
      double x = cap_grid_xc(&g, i), y = cap_grid_yc(&g, j), psi;
      cap_solid_eval(s, x, y, &psi, NULL, NULL);
      double near = nearest(contact, x, y);
      if (in[c] && psi >= -3 * h && near <= 2 * h)
        *e_fill = fmax(*e_fill, fabs(phi[c] - (hypot(x - cx, y - cy) - rc)) / (h * h));
    }
  cap_grid g2 = g; /* the box's ghosts: the circle's distance, kept */
  for (int q = 0; q < 4; q++) g2.bc[q] = CAP_BC_OPEN;
  cap_levelset_curvature(&g2, NULL, phi, k);
  for (int j = 1; j < n - 1; j++)
    for (int i = 1; i < n - 1; i++) {
      size_t c = cap_grid_idx(&g, i, j);
      if (in[c] || !(in[c - 1] || in[c + 1] || in[c - g.sy] || in[c + g.sy]) || fabs(phi[c]) > 1.5 * h) continue;
      double x = cap_grid_xc(&g, i), y = cap_grid_yc(&g, j);
      double near = nearest(contact, x, y);
      if (near <= 2 * h + 1e-12) *e_kappa = fmax(*e_kappa, fabs(k[c] * rc - 1));
    }
  free(phi);
  free(k);
  cap_vsurf_free(v);
  cap_contact_free(ct);
  cap_solid_free(s);
}

/* a straight surface meets a plane at theta: the continuation is exact, the curvature 0 */
static void straight_on_plane(void)
{
  for (int b = 0; b < 3; b++) {
    double beta = (b == 0 ? 0.0 : (b == 1 ? 30.0 : -17.0)) * DEG;
    for (int t = 0; t < 4; t++) {
      double theta = (t == 0 ? 15.0 : (t == 1 ? 60.0 : (t == 2 ? 90.0 : 150.0))) * DEG;
      double ep, ek;
      size_t ns;
      straight_contact(beta, theta, &ep, &ek, &ns);
      th_true(ns > 0, "plane at %.0f deg: %zu solid cells", beta / DEG, ns);
      th_abs(ep, 0, 1e-11, "plane at %.0f deg, theta %.0f: continuation of a straight surface is exact", beta / DEG,
             theta / DEG);
      /* the fill stops when it changes no cell by more than 1e-12 h: curvature ~ 1e-12 h / h^2, 5e-11 */
      th_abs(ek, 0, 1e-9, "plane at %.0f deg, theta %.0f: curvature of the contact cells vanishes", beta / DEG,
             theta / DEG);
    }
  }
}

/* a curved surface meets a solid at theta: near the contact points the continuation's slope
 * follows phi's own (SLOPE NEAR A CONTACT LINE), and the probes are interpolated to fourth order
 * with the shallow cells' curvature term (RULE), so the continuation is the circle continued to
 * O(h^2) with a small constant and the contact cells keep the circle's curvature */
static void curved_on_solid(void)
{
  for (int b = 0; b < 3; b++) {
    int disc = b == 2;
    double beta = (b == 1 ? 30.0 : 0.0) * DEG;
    const char *what = b == 0 ? "a grid-aligned plane" : (b == 1 ? "a plane at 30 deg to the grid" : "a disc");
    const double angles[4] = {30, 60, 120, 150};
    for (int a = 0; a < 4; a++) {
      const int ns[4] = {40, 80, 160, 320};
      double fe[4], ke[4];
      for (int q = 0; q < 4; q++) curved_contact_solid(disc, beta, angles[a] * DEG, ns[q], &fe[q], &ke[q]);
      th_note("circle meeting %s at %g deg: continuation errors / h^2 %.3f %.3f %.3f %.3f, contact-cell curvature "
              "errors %.3f %.3f %.3f %.3f",
              what, angles[a], fe[0], fe[1], fe[2], fe[3], ke[0], ke[1], ke[2], ke[3]);
      /* the continuation within 1 h^2 (planes) and 2 h^2 (disc) of the circle's distance at 320
       * cells. These bounds and the curvature's below have no analytic or issue source: they are
       * regression bounds, the values at the time of writing with a margin, set below the errors of
       * bilinear probes with no curvature term and a constant slope on a staircase, which fail them
       * on the tilted plane and the disc (figures: docs/design/tests-notes.md) */
      th_true(fe[3] < (disc ? 2.0 : 1.0),
              "circle meeting %s at %g deg: continuation within %.3f h^2 < %g h^2 of "
              "the circle's distance at 320 cells",
              what, angles[a], fe[3], disc ? 2.0 : 1.0);
      /* the contact cells' curvature error at 160 cells, a regression bound likewise. It does not
       * converge: the cells on the open side of a contact point read the blend at 2 cells
       * (cap_contact_reach); a reach of 3 there would make it converge, but capillary_rise's concave
       * meniscus does not allow it (cap_vsurf.h, SLOPE NEAR A CONTACT LINE). The crossings'
       * curvature, which the pressure reads, is tested in tests/test_levelset.c */
      th_true(ke[2] < (disc ? 0.35 : 0.2),
              "circle meeting %s at %g deg: contact-cell curvature error %.3f < %g at "
              "160 cells",
              what, angles[a], ke[2], disc ? 0.35 : 0.2);
    }
  }
}

/* a grid-aligned solid reproduces the ghost fill of a wall of the box */
static void aligned_plane(void)
{
  cap_grid g, gw;
  int n = 32, rows = 4;
  double h = 1.0 / n, theta = 50 * DEG;
  cap_grid_init(&g, CAP_GEOM_PLANAR, n, n, 1, h, 0, 0, 0, 3);
  cap_grid_init(&gw, CAP_GEOM_PLANAR, n, n - rows, 1, h, 0, rows * h, 0, 3);
  cap_solid *s;
  cap_solid_halfplane_alloc(&s, 0, rows * h, 0, 1);
  cap_contact *ct = NULL, *cw = NULL;
  cap_contact_alloc(&ct, &g);
  cap_contact_alloc(&cw, &gw);
  cap_contact_set_wall(cw, CAP_YLO, theta);
  th_int(cap_contact_set_solid(ct, s, theta), CAP_SUCCESS, "aligned plane: its angle");
  cap_vsurf *v;
  th_int(cap_vsurf_alloc(&v, &g, s), CAP_SUCCESS, "aligned plane: alloc");
  th_int((long)cap_vsurf_count(v), (long)rows * n, "aligned plane: %d rows of solid cells", rows);
  double *phi = cap_grid_field_alloc(&g), *pw = cap_grid_field_alloc(&gw);
  for (int j = 0; j < n; j++)
    for (int i = 0; i < n; i++) {
      double x = cap_grid_xc(&g, i) - 0.47, y = cap_grid_yc(&g, j) - 0.21;
      phi[cap_grid_idx(&g, i, j)] = hypot(x, y) - 0.3;
      if (j >= rows) pw[cap_grid_idx(&gw, i, j - rows)] = phi[cap_grid_idx(&g, i, j)];
    }
  cap_levelset_fill_ghosts(&g, ct, phi);
  cap_vsurf_fill(v, ct, &g, phi);
  cap_levelset_fill_ghosts(&gw, cw, pw);
  /* away from the contact points: near them the box's ghosts follow phi's own wall-normal slope
   * (cap_contact_fill_walls), the solid's continuation keeps cos(theta) */
  double e = 0, xa = 0.47 - sqrt(0.09 - (rows * h - 0.21) * (rows * h - 0.21)), xb = 0.94 - xa;
  int cols = 0;
  for (int i = 0; i < n; i++) {
    double x = cap_grid_xc(&g, i);
    if (fabs(x - xa) < (2 * CAP_CONTACT_REACH + 1) * h || fabs(x - xb) < (2 * CAP_CONTACT_REACH + 1) * h) continue;
    cols++;
    for (int k = 1; k <= 3; k++) e = fmax(e, fabs(phi[cap_grid_idx(&g, i, rows - k)] - pw[cap_grid_idx(&gw, i, -k)]));
  }
  th_true(cols >= 4, "aligned plane: %d columns farther than %g cells from the contact points", cols,
          2 * CAP_CONTACT_REACH + 1);
  th_abs(e, 0, 1e-15, "aligned plane: there the 3 solid rows next to it equal the box's contact-angle ghosts");
  /* faces: every face of a solid cell, and no other */
  const unsigned char *xf = cap_vsurf_xfaces(v), *yf = cap_vsurf_yfaces(v);
  long nxf = 0, nyf = 0;
  for (int j = 0; j <= n; j++)
    for (int i = 0; i <= n; i++) {
      nxf += j < n && xf[cap_grid_idx(&g, i, j)];
      nyf += i < n && yf[cap_grid_idx(&g, i, j)];
    }
  th_int(nxf, (long)rows * (n + 1), "aligned plane: x-faces of the solid");
  th_int(nyf, (long)(rows + 1) * n, "aligned plane: y-faces of the solid (its top face included)");
  /* bad input */
  th_int(cap_contact_set_solid_angle(ct, 0), CAP_EDOM, "theta = 0 is refused");
  th_int(cap_contact_set_solid_angle(ct, M_PI), CAP_EDOM, "theta = pi is refused");
  th_int(cap_contact_set_solid_angle(ct, NAN), CAP_EDOM, "theta = NaN is refused");
  th_int(cap_contact_set_solid_angle(cw, 1.0), CAP_EINVAL, "a solid angle before the solid is refused");
  double *cells = NULL;
  th_int(cap_contact_cell_angles(ct, &cells), CAP_SUCCESS, "per-cell angles made");
  size_t c0;
  cap_vsurf_cell(v, 0, &c0, NULL, NULL, NULL);
  if (cells) cells[c0] = M_PI;
  th_int(cap_vsurf_fill(v, ct, &g, phi), CAP_EDOM, "a per-cell angle of pi is refused by the fill");
  if (cells) cells[c0] = 0;
  th_int(cap_contact_set_solid(ct, s, -0.1), CAP_EDOM, "a solid angle < 0 is refused");
  th_int(cap_vsurf_fill(v, NULL, &g, phi), CAP_EINVAL, "a fill without angles is refused");
  cap_vsurf *bad = NULL;
  cap_grid g3;
  cap_grid_init(&g3, CAP_GEOM_PLANAR, n, n, 1, 2 * h, 0, 0, 0, 3);
  th_int(cap_vsurf_fill(v, ct, &g3, phi), CAP_ESIZE, "fill on another grid is refused");
  cap_grid g1;
  cap_grid_init(&g1, CAP_GEOM_PLANAR, n, n, 1, h, 0, 0, 0, 1);
  th_int(cap_vsurf_alloc(&bad, &g1, s), CAP_EDOM, "a grid with one ghost layer is refused (the probes read 2)");
  th_true(bad == NULL, "that alloc returns NULL");
  free(phi);
  free(pw);
  cap_vsurf_free(v);
  cap_contact_free(ct);
  cap_contact_free(cw);
  cap_solid_free(s);
}

/* a pool at rest round a submerged rotated box and a block piercing its surface at 90 deg */
static void pool_with_solids(void)
{
  const int n = 40;
  parts_pool P;
  cap_solid *box, *block;
  cap_solid_box_alloc(&box, 0.3, 0.25, 0.12, 0.06, 0.5);
  cap_solid_box_alloc(&block, 0.7, 0.6, 0.1, 0.2, 0); /* the pool's surface y = 0.6 through its middle */
  parts_pool_open(&P, box, block, 0.6, 1);
  const cap_grid g = P.g;
  cap_ns_state *s = P.s;
  cap_ns_params p = P.p;
  double umax = 0, divmax = 0;
  int st = 0;
  for (int it = 0; it < 20 && !st; it++) {
    cap_ns_dt_info di;
    cap_ns_step_info si;
    st = cap_ns_dt(s, &p, &di);
    if (!st) st = cap_ns_step(s, &p, P.w, di.dt, &si);
    umax = fmax(umax, si.max_speed);
    divmax = fmax(divmax, si.div_max);
  }
  th_int(st, CAP_SUCCESS, "pool with solids: 20 steps");
  th_abs(umax, 0, 1e-9, "pool with solids: stays at rest (max speed)");
  th_abs(divmax, 0, 1e-8, "pool with solids: divergence-free");
  /* hydrostatic pressure next to the submerged box: p = rho g (0.6 - y) */
  double ep = 0;
  const unsigned char *in = cap_vsurf_cells(P.v);
  for (int j = 0; j < n; j++)
    for (int i = 0; i < n; i++) {
      size_t c = cap_grid_idx(&g, i, j);
      if (in[c] || cap_grid_yc(&g, j) > 0.5) continue;
      ep = fmax(ep, fabs(s->p[c] - (0.6 - cap_grid_yc(&g, j))));
    }
  th_abs(ep, 0, 1e-8, "pool with solids: hydrostatic pressure in the liquid below the surface");
  parts_pool_close(&P);
}

/* two bodies in one virtual surface: an angle per part, kept when a part moves */
static void two_parts(void)
{
  cap_grid g;
  int n = 64;
  double h = 1.0 / n;
  cap_grid_init(&g, CAP_GEOM_PLANAR, n, n, 1, h, 0, 0, 0, 3);
  const double ca[2] = {0.2731, 0.3}, cb[2] = {0.6917, 0.55}, ra = 0.1137, rb = 0.0873;
  const double th[2] = {57 * DEG, 121 * DEG};
  tf_two_discs T;
  th_int(tf_two_discs_open(&T, &g, ca, ra, cb, rb, th), CAP_SUCCESS, "two parts: an angle each");
  cap_solid *a = T.a, *b = T.b, *both = T.both;
  cap_vsurf *v = T.v, *va = T.va, *vb = T.vb;
  th_int((long)cap_vsurf_count(v), (long)(cap_vsurf_count(va) + cap_vsurf_count(vb)),
         "two parts: the union's solid cells are those of the two discs");
  /* a surface sloping across the box; the fill of each body as if it were alone */
  double *phi = cap_grid_field_alloc(&g), *pa = cap_grid_field_alloc(&g), *pb = cap_grid_field_alloc(&g);
  for (int move = 0; move < 2; move++) {
    for (int j = -g.ng; j < n + g.ng; j++)
      for (int i = -g.ng; i < n + g.ng; i++) {
        double x = cap_grid_xc(&g, i), y = cap_grid_yc(&g, j);
        phi[cap_grid_idx(&g, i, j)] = y - 0.41 - 0.23 * x + 0.4 * (x - 0.5) * (x - 0.5);
      }
    memcpy(pa, phi, g.size * sizeof *phi);
    memcpy(pb, phi, g.size * sizeof *phi);
    cap_vsurf_fill(v, T.c, &g, phi);
    cap_vsurf_fill(va, T.ca, &g, pa);
    cap_vsurf_fill(vb, T.cb, &g, pb);
    const unsigned char *in = cap_vsurf_cells(v), *part = cap_vsurf_parts(v);
    const unsigned char *ina = cap_vsurf_cells(va), *inb = cap_vsurf_cells(vb);
    double e = 0;
    int wrong = 0;
    for (size_t c = 0; c < g.size; c++) {
      if (!in[c]) continue;
      wrong += part[c] != (ina[c] ? 0 : 1) || !(ina[c] || inb[c]);
      e = fmax(e, fabs(phi[c] - (ina[c] ? pa[c] : pb[c])));
    }
    th_int(wrong, 0, "two parts%s: every solid cell belongs to the disc that holds it", move ? ", one moved" : "");
    /* the fills stop once a sweep changes no cell by more than 1e-12 h (cap_vsurf_fill), and the
     * union's and each body's own sweeps visit the cells in different orders: they agree to that */
    th_abs(e, 0, 1e-12 * h, "two parts%s: each body's continuation at its own angle (as if alone)",
           move ? ", one moved" : "");
    /* move body b alone; the part angles stay */
    th_int(cap_solid_part_translate(both, 1, -0.0437, 0.0611), CAP_SUCCESS, "move part 1 of the union");
    cap_solid_translate(b, -0.0437, 0.0611);
    th_int(cap_vsurf_move(v, both), CAP_SUCCESS, "rebuild the union's surface");
    cap_vsurf_move(vb, b);
  }
  /* bad input */
  const double bad[2] = {57 * DEG, M_PI};
  th_int(cap_contact_set_part_angles(T.c, th, 1), CAP_ESIZE, "one angle for two parts is refused");
  th_int(cap_contact_set_part_angles(T.c, bad, 2), CAP_EDOM, "theta[1] = pi is refused");
  th_true(strstr(cap_error_message(), "theta[1]") != NULL, "the message names theta[1]: %s", cap_error_message());
  th_int(cap_contact_set_part_angles(T.c, NULL, 2), CAP_EINVAL, "NULL angles are refused");
  th_int(cap_vsurf_fill(v, T.ca, &g, phi), CAP_ESIZE,
         "the angles of a one-part solid for a two-part surface are refused");
  th_int(cap_vsurf_move(v, a), CAP_ESIZE, "moving a two-part surface onto a one-part solid is refused");
  th_true(cap_vsurf_count(v) == 0, "a refused move leaves the surface empty");
  int i0, i1, j0, j1;
  th_int(cap_vsurf_part_range(&g, both, 2, 0, &i0, &i1, &j0, &j1), CAP_EDOM, "cell range of part 2 of 2 is refused");
  th_int(cap_vsurf_part_range(&g, both, 0, 0, &i0, &i1, &j0, &j1), CAP_SUCCESS, "cell range of part 0");
  th_true(i0 == (int)floor((ca[0] - ra) / h) && i1 == (int)ceil((ca[0] + ra) / h) &&
              j0 == (int)floor((ca[1] - ra) / h) && j1 == (int)ceil((ca[1] + ra) / h),
          "cell range of part 0: the box round disc a (%d..%d, %d..%d)", i0, i1, j0, j1);
  free(phi);
  free(pa);
  free(pb);
  tf_two_discs_close(&T);
}

/* cap_ns: each part of the solid at its own rigid velocity */
static void parts_moving(void)
{
  const int n = 40;
  parts_pool P;
  cap_solid *b0, *b1;
  cap_solid_box_alloc(&b0, 0.3, 0.3, 0.1, 0.1, 0);
  cap_solid_disc_alloc(&b1, 0.7, 0.35, 0.12);
  parts_pool_open(&P, b0, b1, 0.7, 0);
  const cap_grid g = P.g;
  cap_ns_state *s = P.s;
  cap_ns_params p = P.p;
  s->bounds.motion[0] = (cap_ns_rigid){0, 0.0813, 0, 0.3, 0.3};
  s->bounds.motion[1] = (cap_ns_rigid){0.0377, 0, 0.9, 0.7, 0.35};
  cap_ns_dt_info di;
  int st = cap_ns_dt(s, &p, &di);
  if (!st) st = cap_ns_step(s, &p, P.w, di.dt, NULL);
  th_int(st, CAP_SUCCESS, "two parts moving: one step");
  const unsigned char *in = cap_vsurf_cells(P.v), *part = cap_vsurf_parts(P.v);
  const unsigned char *sx = cap_vsurf_xfaces(P.v), *sy = cap_vsurf_yfaces(P.v);
  double e[2] = {0, 0};
  int nf[2] = {0, 0};
  for (int j = 0; j < n; j++)
    for (int i = 0; i <= n; i++) {
      size_t c = cap_grid_idx(&g, i, j);
      if (!sx[c]) continue;
      int k = part[in[c - 1] ? c - 1 : c];
      const cap_ns_rigid *m = &s->bounds.motion[k];
      e[k] = fmax(e[k], fabs(s->u[c] - (m->u - m->omega * (cap_grid_yc(&g, j) - m->cy))));
      nf[k]++;
    }
  for (int j = 0; j <= n; j++)
    for (int i = 0; i < n; i++) {
      size_t c = cap_grid_idx(&g, i, j);
      if (!sy[c]) continue;
      int k = part[in[c - g.sy] ? c - g.sy : c];
      const cap_ns_rigid *m = &s->bounds.motion[k];
      e[k] = fmax(e[k], fabs(s->v[c] - (m->v + m->omega * (cap_grid_xc(&g, i) - m->cx))));
      nf[k]++;
    }
  th_true(nf[0] > 0 && nf[1] > 0, "two parts moving: faces of both (%d, %d)", nf[0], nf[1]);
  th_abs(e[0], 0, 1e-15, "two parts moving: the box's faces carry its translation");
  th_abs(e[1], 0, 1e-15, "two parts moving: the disc's faces carry its translation and rotation");
  s->bounds.motion[3].v = NAN;
  th_int(cap_ns_step(s, &p, P.w, di.dt, NULL), CAP_EDOM, "a NaN velocity of part 3 is refused by the step");
  th_true(strstr(cap_error_message(), "bounds.motion[3].v") != NULL, "the message names bounds.motion[3].v: %s",
          cap_error_message());
  parts_pool_close(&P);
}

static const th_case cases[] = {
    {"straight_on_plane", straight_on_plane},
    {"curved_on_solid", curved_on_solid},
    {"aligned_plane", aligned_plane},
    {"pool_with_solids", pool_with_solids},
    {"two_parts", two_parts},
    {"parts_moving", parts_moving},
    {NULL, NULL},
};

int main(int argc, char **argv) { return th_main(argc, argv, cases); }
