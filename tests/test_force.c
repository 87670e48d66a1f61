/* Tests of cap_force (the force of the liquid on a solid): buoyancy of a submerged and of a floating
 * disc against Archimedes, the contact points and their tangents (a straight surface, a curved one
 * and the order of its tangents' error, a bubble too curved for the heights), the order, a pool at
 * rest round a half-immersed disc (cap_ns), a moving solid's added mass (cap_ns bounds.motion), and
 * the error paths. */
#include <math.h>
#include <string.h>
#include <stdio.h>
#include <stdlib.h>

#include "../solver/cap_errno.h"
#include "../solver/cap_force.h"
#include "../solver/cap_levelset.h"
#include "../solver/cap_ns.h"
#include "../solver/cap_solid.h"
#include "../solver/cap_vsurf.h"
#include "tfixtures.h"
#include "tharness.h"

#define DEG   (M_PI / 180)
#define RHO_G 2.37 /* rho g of the liquid, N/m^3 */

/* A unit box of n x n cells with a disc of radius R at (xc, yc); phi a straight surface
 * phi = lx (x - px) + ly (y - py) (liquid where < 0) in every cell; the solid cells continued at theta
 * if theta > 0; the liquid's pressure p = p0 - RHO_G (y - y0) in liquid cells, NaN elsewhere (the force
 * must not read them). Returns the force. */
typedef struct {
  int n;
  double R, xc, yc;
  double lx, ly, px, py; /* the straight liquid surface */
  double theta;          /* 0: phi linear in the solid too */
  double p0, y0, sigma;
  double rm; /* > 0: the surface is instead the circle of radius rm about (px, py), liquid
                          * outside it (phi = rm - distance, a signed distance) */
} scene;

static int force_of(const scene *sc, cap_force *F)
{
  cap_grid g;
  double h = 1.0 / sc->n;
  cap_grid_init(&g, CAP_GEOM_PLANAR, sc->n, sc->n, 1, h, 0, 0, 0, 3);
  cap_solid *s = NULL;
  cap_vsurf *v = NULL;
  cap_contact *ct = NULL;
  cap_force_ws *w = NULL;
  double *phi = cap_grid_field_alloc(&g), *p = cap_grid_field_alloc(&g);
  int st = cap_solid_disc_alloc(&s, sc->xc, sc->yc, sc->R);
  if (!st) st = cap_contact_alloc(&ct, &g);
  if (!st) st = cap_contact_set_solid(ct, s, sc->theta > 0 ? sc->theta : M_PI / 2);
  if (!st) st = cap_vsurf_alloc(&v, &g, s);
  if (!st) st = cap_force_ws_alloc(&w, &g);
  if (!st) {
    const unsigned char *in = cap_vsurf_cells(v);
    for (int j = -g.ng; j < g.ny + g.ng; j++)
      for (int i = -g.ng; i < g.nx + g.ng; i++) {
        size_t c = cap_grid_idx(&g, i, j);
        double x = cap_grid_xc(&g, i), y = cap_grid_yc(&g, j);
        phi[c] = sc->rm > 0 ? sc->rm - hypot(x - sc->px, y - sc->py) : sc->lx * (x - sc->px) + sc->ly * (y - sc->py);
        p[c] = phi[c] < 0 && !in[c] ? sc->p0 - RHO_G * (y - sc->y0) : NAN;
      }
    if (sc->theta > 0) st = cap_vsurf_fill(v, ct, &g, phi);
  }
  if (!st) st = cap_force_on_solid(w, &g, s, v, phi, p, sc->sigma, sc->xc, sc->yc, F);
  free(phi);
  free(p);
  cap_force_ws_free(w);
  cap_vsurf_free(v);
  cap_contact_free(ct);
  cap_solid_free(s);
  return st;
}

/* A unit box of n x n cells, liquid below `level`, a disc of radius R at (xc, yc) with its virtual
 * surface at 90 degrees, the flow's state and workspace, and a force workspace. */
typedef struct {
  cap_grid g;
  cap_ns_state *S;
  cap_ns_ws *W;
  cap_solid *s;
  cap_vsurf *v;
  cap_contact *ct;
  cap_force_ws *fw;
} pool;

static int pool_open(pool *P, int n, double R, double xc, double yc, double level)
{
  *P = (pool){0};
  cap_grid_init(&P->g, CAP_GEOM_PLANAR, n, n, 1, 1.0 / n, 0, 0, 0, 3);
  int st = cap_ns_state_alloc(&P->S, &P->g);
  if (!st) st = cap_ns_ws_alloc(&P->W, &P->g);
  if (!st) st = cap_solid_disc_alloc(&P->s, xc, yc, R);
  if (!st) st = cap_contact_alloc(&P->ct, &P->g);
  if (!st) st = cap_contact_set_solid(P->ct, P->s, M_PI / 2);
  if (!st) st = cap_vsurf_alloc(&P->v, &P->g, P->s);
  if (!st) P->S->bounds.vsurf = P->v;
  if (!st) P->S->bounds.contact = P->ct;
  if (!st) st = cap_force_ws_alloc(&P->fw, &P->g);
  if (st) return st;
  for (int j = -P->g.ng; j < n + P->g.ng; j++)
    for (int i = -P->g.ng; i < n + P->g.ng; i++) P->S->phi[cap_grid_idx(&P->g, i, j)] = cap_grid_yc(&P->g, j) - level;
  return CAP_SUCCESS;
}

/* The flow's parameters of the pool: rho = 1, viscosity mu, surface tension sigma, gravity (0, gy)
 * (the state holds the disc's virtual surface). */
static cap_ns_params pool_params(double mu, double sigma, double gy)
{
  cap_ns_params par = cap_ns_params_default();
  par.rho = 1;
  par.mu = mu;
  par.sigma = sigma;
  par.gx = 0;
  par.gy = gy;
  return par;
}

static void pool_close(pool *P)
{
  cap_force_ws_free(P->fw);
  cap_vsurf_free(P->v);
  cap_contact_free(P->ct);
  cap_solid_free(P->s);
  cap_ns_ws_free(P->W);
  cap_ns_state_free(P->S);
}

/* a submerged disc: Archimedes' buoyancy, no torque, no contact */
static void submerged_disc(void)
{
  const int ns[3] = {32, 64, 128};
  double hs[3], err[3];
  for (int k = 0; k < 3; k++) {
    scene sc = {ns[k], 0.2817, 0.4731, 0.4419, 0, 1, 0.5, 0.9137, 0, 0.31, 0.9137, 0.7, 0};
    cap_force F;
    int st = force_of(&sc, &F);
    double want = RHO_G * M_PI * sc.R * sc.R;
    hs[k] = 1.0 / ns[k];
    err[k] = fabs(F.fy - want) / want;
    th_int(st, CAP_SUCCESS, "submerged disc, %d cells: computed", ns[k]);
    th_rel(F.fy, want, 2e-3, "submerged disc, %d cells: F_y = rho g pi R^2", ns[k]);
    th_abs(F.fx / want, 0, 1e-12, "submerged disc, %d cells: F_x = 0", ns[k]);
    th_abs(F.torque / (want * sc.R), 0, 1e-12, "submerged disc, %d cells: no torque about the centre", ns[k]);
    th_int(F.ncontact, 0, "submerged disc, %d cells: no contact point", ns[k]);
    th_rel(F.wetted, 2 * M_PI * sc.R, 2e-3, "submerged disc, %d cells: wetted length 2 pi R", ns[k]);
    th_rel(F.wetted, F.perimeter, 1e-15, "submerged disc, %d cells: wetted all round", ns[k]);
  }
  double order = th_slope(3, hs, err);
  th_note("submerged disc: buoyancy errors %.3g, %.3g, %.3g at 32, 64, 128 cells, order %.2f", err[0], err[1], err[2],
          order);
  th_true(order >= 1.8, "submerged disc: buoyancy error converges at order >= 1.8 (%.2f)", order);
}

/* a floating disc cut by a flat surface at the contact angle it has there */
static void floating_disc(void)
{
  /* the surface y0 = yc + R/2 meets the disc at phi_c = 120 degrees from the downward vertical, where
   * a flat interface makes theta = 180 - 120 = 60 degrees through the liquid */
  const int ns[4] = {32, 64, 128, 256};
  double hs[4], err[4], errc[4];
  for (int k = 0; k < 4; k++) {
    double R = 0.2817, xc = 0.4731, yc = 0.4419, y0 = yc + R / 2;
    scene sc = {ns[k], R, xc, yc, 0, 1, 0.5, y0, 60 * DEG, 0, y0, 0.83, 0};
    cap_force F;
    int st = force_of(&sc, &F);
    double seg = R * R * (M_PI / 3 - sqrt(3) / 4), want = RHO_G * (M_PI * R * R - seg);
    hs[k] = 1.0 / ns[k];
    err[k] = fabs(F.fy - want) / want;
    th_int(st, CAP_SUCCESS, "floating disc, %d cells: computed", ns[k]);
    th_rel(F.fpy, want, 3e-3, "floating disc, %d cells: pressure force = rho g (immersed area)", ns[k]);
    th_abs(F.fpx / want, 0, 1e-3, "floating disc, %d cells: no horizontal pressure force", ns[k]);
    th_int(F.ncontact, 2, "floating disc, %d cells: two contact points", ns[k]);
    errc[k] = 0;
    for (int m = 0; m < F.ncontact && m < 2; m++) {
      const cap_force_contact *c = &F.contact[m];
      double side = c->x > xc ? 1 : -1;
      errc[k] = fmax(errc[k], hypot(c->x - (xc + side * R * sin(120 * DEG)), c->y - y0));
      th_abs(c->ty, 0, 0.02, "floating disc, %d cells: contact %d, the tangent is horizontal", ns[k], m);
      th_abs(c->tx, side, 2e-3, "floating disc, %d cells: contact %d, the tangent points away from the disc", ns[k], m);
    }
    th_abs(errc[k], 0, 0.5 * hs[k] * hs[k] / R,
           "floating disc, %d cells: contact points where the surface cuts the circle (within h^2 / 2R)", ns[k]);
    th_abs(F.ftx / sc.sigma, 0, 1e-3, "floating disc, %d cells: the two line forces cancel", ns[k]);
  }
  double order = th_slope(4, hs, err), orderc = th_slope(4, hs, errc);
  th_note("floating disc: buoyancy errors %.3g, %.3g, %.3g, %.3g, order %.2f; contact position errors %.3g, %.3g, "
          "%.3g, %.3g, order %.2f",
          err[0], err[1], err[2], err[3], order, errc[0], errc[1], errc[2], errc[3], orderc);
  th_true(order >= 1.5, "floating disc: buoyancy error converges at order >= 1.5 (%.2f)", order);
}

/* a straight tilted surface across the disc, phi linear everywhere: the tangents are the line */
static void tilted_line(void)
{
  double beta = 23.7 * DEG, R = 0.2817, xc = 0.4731, yc = 0.4419;
  double lx = -sin(beta), ly = cos(beta); /* the line's direction (cos beta, sin beta) */
  scene sc = {64, R, xc, yc, lx, ly, xc + 0.031, yc + 0.057, 0, 1.0, 0.9, 1.0, 0};
  cap_force F;
  int st = force_of(&sc, &F);
  th_int(st, CAP_SUCCESS, "tilted line: computed");
  th_int(F.ncontact, 2, "tilted line: two contact points");
  for (int m = 0; m < F.ncontact && m < 2; m++) {
    const cap_force_contact *c = &F.contact[m];
    th_abs(fabs(c->tx * cos(beta) + c->ty * sin(beta)), 1, 1e-12, "tilted line: contact %d, tangent along the line", m);
    th_abs(lx * (c->x - sc.px) + ly * (c->y - sc.py), 0, 1e-12, "tilted line: contact %d on the line", m);
    /* the root lies on a chord of the circle: within its sagitta (h^2 / (8 R)) */
    th_abs(hypot(c->x - xc, c->y - yc), R, 1.0 / (64 * 64 * 8 * R),
           "tilted line: contact %d on the circle (within a chord's sagitta)", m);
    double nx = (c->x - xc) / R, ny = (c->y - yc) / R;
    th_true(c->tx * nx + c->ty * ny > 0, "tilted line: contact %d, the tangent leaves the solid", m);
  }
  th_abs(hypot(F.ftx, F.fty), 0, 1e-12, "tilted line: the line forces of a straight surface cancel");
  th_true(F.fpy > 0, "tilted line: the liquid below the line pushes the disc up");
}

/* a curved surface across the disc (a circle's arc, phi its signed distance): the tangents at
 * the contact points are the arc's own, from its heights (cap_force.h, the line force's tangent) */
static void curved_surface(void)
{
  const int ns[3] = {64, 128, 256};
  const double R = 0.1, xc = 0.5013, yc = 0.4471, cx = 0.4987, cy = 1.1971, rm = 0.72;
  /* the two circles meet a distance a from the disc's centre towards the arc's, +-b across */
  const double d = hypot(cx - xc, cy - yc), a = (R * R - rm * rm + d * d) / (2 * d), b = sqrt(R * R - a * a);
  const double ex = (cx - xc) / d, ey = (cy - yc) / d;
  double hs[3], err[3], errp[3] = {0, 0, 0};
  for (int k = 0; k < 3; k++) {
    scene sc = {ns[k], R, xc, yc, 0, 0, cx, cy, 0, 0, 0.3, 1.0, rm};
    cap_force F;
    int st = force_of(&sc, &F);
    hs[k] = 1.0 / ns[k];
    err[k] = 0;
    th_int(st, CAP_SUCCESS, "curved surface, %d cells: computed", ns[k]);
    th_int(F.ncontact, 2, "curved surface, %d cells: two contact points", ns[k]);
    th_int(F.probe_tangents, 0, "curved surface, %d cells: both tangents from the heights", ns[k]);
    for (int m = 0; m < F.ncontact && m < 2; m++) {
      const cap_force_contact *c = &F.contact[m];
      double side = (c->x - xc) * ey - (c->y - yc) * ex > 0 ? 1 : -1;
      double px = xc + a * ex + side * b * ey, py = yc + a * ey - side * b * ex;
      errp[k] = fmax(errp[k], hypot(c->x - px, c->y - py));
      /* the arc's tangent where it passes nearest to the contact point found, away from the disc */
      double r = hypot(c->x - cx, c->y - cy), tx = -(c->y - cy) / r, ty = (c->x - cx) / r;
      if (tx * (c->x - xc) + ty * (c->y - yc) < 0) {
        tx = -tx;
        ty = -ty;
      }
      err[k] = fmax(err[k], fabs(asin(fmin(1, fabs(c->tx * ty - c->ty * tx)))));
      th_true(c->tx * tx + c->ty * ty > 0, "curved surface, %d cells: contact %d, the tangent leaves the solid", ns[k],
              m);
    }
  }
  double order = th_slope(3, hs, err);
  th_note("curved surface: tangent errors %.3g, %.3g, %.3g rad at R = 6.4, 12.8, 25.6 cells, order %.2f; contact "
          "positions %.3g, %.3g, %.3g",
          err[0], err[1], err[2], order, errp[0], errp[1], errp[2]);
  /* 5e-4 rad (0.03 degrees) moves cheerios' attraction by 1 % (cap_force.h); the heights' cubic is
   * third order */
  th_true(err[0] < 5e-4, "curved surface: the tangent within 5e-4 rad at R = 6.4 cells (%.3g)", err[0]);
  th_true(order >= 2.5, "curved surface: the tangent's error converges at order >= 2.5 (%.2f)", order);
  /* a bubble of radius 2.6 cells on top of the disc: its surface turns by more than 0.1 rad across
   * the lines beyond either contact, and both tangents are the probes' */
  scene sb = {64, R, xc, yc, 0, 0, xc, yc + R + 0.01, 0, 0, 0.3, 1.0, 0.04};
  cap_force F;
  th_int(force_of(&sb, &F), CAP_SUCCESS, "bubble on the disc: computed");
  th_int(F.ncontact, 2, "bubble on the disc: two contact points");
  th_int(F.probe_tangents, 2, "bubble on the disc: both tangents the probes' (a surface of 2.6 cells' radius)");
  for (int m = 0; m < F.ncontact && m < 2; m++)
    th_true(F.contact[m].tx * (F.contact[m].x - xc) + F.contact[m].ty * (F.contact[m].y - yc) > 0,
            "bubble on the disc: contact %d, the tangent leaves the solid", m);
}

/* the pool at rest round a half-immersed disc (cap_ns), theta = 90 degrees */
static void pool_at_rest(void)
{
  double R = 0.1913, xc = 0.4871, y0 = 0.5137;
  pool P;
  int st = pool_open(&P, 48, R, xc, y0, y0);
  cap_force F = {0};
  if (!st) {
    cap_ns_params par = pool_params(0.01, 0.05, -RHO_G);
    for (int k = 0; k < 10 && !st; k++) {
      cap_ns_dt_info di;
      st = cap_ns_dt(P.S, &par, &di);
      if (!st) st = cap_ns_step(P.S, &par, P.W, di.dt, NULL);
    }
    if (!st) st = cap_force_on_solid(P.fw, &P.g, P.s, P.v, P.S->phi, P.S->p, par.sigma, xc, y0, &F);
  }
  th_int(st, CAP_SUCCESS, "pool round a half-immersed disc: 10 steps and the force");
  double want = RHO_G * M_PI * R * R / 2;
  th_rel(F.fy, want, 5e-3, "pool round a half-immersed disc: F_y = rho g pi R^2 / 2");
  th_abs(F.fx / want, 0, 1e-3, "pool round a half-immersed disc: F_x = 0 (symmetric, up to the grid)");
  th_int(F.ncontact, 2, "pool round a half-immersed disc: two contact points");
  th_abs(F.fty / want, 0, 1e-3, "pool round a half-immersed disc: horizontal tangents at 90 degrees");
  th_note("pool round a half-immersed disc: F_y / (rho g pi R^2 / 2) - 1 = %.3g", F.fy / want - 1);
  pool_close(&P);
}

/* a moving solid (cap_ns bounds.motion): a cylinder started impulsively in a pool feels its
 * added mass, the pressure's reaction rho pi R^2 U / dt in an unbounded liquid */
static void impulsive_start(void)
{
  double R = 0.0813, xc = 0.5031, yc = 0.4377, U = 0.01, dt = 1e-3, divmax = 1;
  pool P;
  int st = pool_open(&P, 64, R, xc, yc, 0.9137);
  cap_force F = {0};
  if (!st) {
    cap_ns_params par = pool_params(0, 0, 0);
    P.S->bounds.motion[0] = (cap_ns_rigid){U, 0, 0, xc, yc};
    cap_ns_step_info info;
    st = cap_ns_step(P.S, &par, P.W, dt, &info);
    divmax = info.div_max;
    if (!st) st = cap_force_on_solid(P.fw, &P.g, P.s, P.v, P.S->phi, P.S->p, 0, xc, yc, &F);
  }
  th_int(st, CAP_SUCCESS, "impulsive start: one step and the force");
  th_abs(divmax, 0, 1e-8, "impulsive start: the liquid round the moving solid is divergence-free");
  double ma = -F.fx * dt / U, ref = M_PI * R * R;
  th_note("impulsive start: added mass / (rho pi R^2) = %.4f (box 1 x 0.91, R = %.1f cells)", ma / ref, R * 64);
  /* the walls raise it and the free surface lowers it by a few per cent at these distances (more
   * than 5 R away) */
  th_rel(ma, ref, 0.1, "impulsive start: the added mass is rho pi R^2 (within 10 %%: walls and surface)");
  th_abs(F.fy / (ma * U / dt), 0, 0.05, "impulsive start: no lift to speak of");
  pool_close(&P);
}

/* two bodies, one solid: the force on each part (cap_force_on_part) */
static void two_parts(void)
{
  /* a flat surface y0 cuts disc a at 120 degrees from its downward vertical (a flat interface makes
   * 60 degrees there) and disc b at 60 degrees (120 through the liquid); each part has its angle */
  int n = 128;
  double h = 1.0 / n, R = 0.1817, y0 = 0.5113;
  double xa = 0.2731, ya = y0 - R / 2, xb = 0.7129, yb = y0 + R / 2;
  cap_grid g;
  cap_grid_init(&g, CAP_GEOM_PLANAR, n, n, 1, h, 0, 0, 0, 3);
  const double th[2] = {60 * DEG, 120 * DEG}, ca[2] = {xa, ya}, cb[2] = {xb, yb};
  tf_two_discs T;
  tf_two_discs_open(&T, &g, ca, R, cb, R, th);
  cap_solid *a = T.a, *b = T.b, *both = T.both;
  cap_vsurf *v = T.v, *va = T.va, *vb = T.vb;
  cap_force_ws *w = NULL;
  cap_force_ws_alloc(&w, &g);
  double *phi[3], *p = cap_grid_field_alloc(&g);
  const cap_vsurf *vs[3] = {v, va, vb};
  const cap_contact *cs[3] = {T.c, T.ca, T.cb};
  for (int k = 0; k < 3; k++) {
    phi[k] = cap_grid_field_alloc(&g);
    for (int j = -g.ng; j < n + g.ng; j++)
      for (int i = -g.ng; i < n + g.ng; i++) phi[k][cap_grid_idx(&g, i, j)] = cap_grid_yc(&g, j) - y0;
    cap_vsurf_fill(vs[k], cs[k], &g, phi[k]);
  }
  for (int j = -g.ng; j < n + g.ng; j++)
    for (int i = -g.ng; i < n + g.ng; i++) {
      size_t c = cap_grid_idx(&g, i, j);
      double y = cap_grid_yc(&g, j);
      p[c] = y < y0 ? -RHO_G * (y - y0) : NAN; /* the solid cells' values are not read */
    }
  cap_force Fa, Fb, Fa1, Fb1, Fw;
  int st = cap_force_on_part(w, &g, both, 0, v, phi[0], p, 1, xa, ya, &Fa);
  if (!st) st = cap_force_on_part(w, &g, both, 1, v, phi[0], p, 1, xb, yb, &Fb);
  if (!st) st = cap_force_on_solid(w, &g, a, va, phi[1], p, 1, xa, ya, &Fa1);
  if (!st) st = cap_force_on_solid(w, &g, b, vb, phi[2], p, 1, xb, yb, &Fb1);
  if (!st) st = cap_force_on_solid(w, &g, both, v, phi[0], p, 1, 0, 0, &Fw);
  th_int(st, CAP_SUCCESS, "two parts: forces computed%s%s", st ? ": " : "", st ? cap_error_message() : "");
  double seg = R * R * (M_PI / 3 - sqrt(3) / 4);
  double want_a = RHO_G * (M_PI * R * R - seg), want_b = RHO_G * seg;
  th_rel(Fa.fpy, want_a, 3e-3, "part 0: pressure force = rho g (immersed area, 2/3 of the disc and more)");
  th_rel(Fb.fpy, want_b, 3e-3, "part 1: pressure force = rho g (immersed segment)");
  th_int(Fa.ncontact, 2, "part 0: two contact points");
  th_int(Fb.ncontact, 2, "part 1: two contact points");
  th_abs(Fa.fty, 0, 1e-9, "part 0: the flat surface pulls horizontally (fty = 0)");
  th_rel(Fa.fy, Fa1.fy, 1e-12, "part 0: the force as if alone (its own virtual surface)");
  th_rel(Fb.fy, Fb1.fy, 1e-12, "part 1: the force as if alone (its own virtual surface)");
  th_abs(Fa.fx - Fa1.fx, 0, 1e-12, "part 0: F_x as if alone");
  th_abs(Fb.fx - Fb1.fx, 0, 1e-12, "part 1: F_x as if alone");
  th_rel(Fw.fy, Fa.fy + Fb.fy, 1e-12, "the whole solid: the sum of its parts");
  th_int(Fw.ncontact, 4, "the whole solid: four contact points");
  th_int(cap_force_on_part(w, &g, both, 2, v, phi[0], p, 1, 0, 0, &Fa), CAP_EDOM, "part 2 of 2 refused");
  th_true(strstr(cap_error_message(), "part = 2") != NULL, "the message names the part: %s", cap_error_message());
  for (int k = 0; k < 3; k++) free(phi[k]);
  free(p);
  cap_force_ws_free(w);
  tf_two_discs_close(&T);
}

/* bad input */
static void bad_input(void)
{
  cap_grid g, ga;
  cap_grid_init(&g, CAP_GEOM_PLANAR, 32, 32, 1, 1.0 / 32, 0, 0, 0, 3);
  cap_grid_init(&ga, CAP_GEOM_AXI, 32, 32, 1, 1.0 / 32, 0, 0, 0, 3);
  cap_force_ws *w = NULL, *wa = NULL;
  th_int(cap_force_ws_alloc(&wa, &ga), CAP_EGEOM, "axisymmetric grid refused");
  th_int(cap_force_ws_alloc(NULL, &g), CAP_EINVAL, "NULL out refused");
  cap_force_ws_alloc(&w, &g);
  cap_solid *near = NULL, *mid = NULL;
  cap_solid_disc_alloc(&near, 0.1, 0.5, 0.05); /* reaches cell 1 */
  cap_solid_disc_alloc(&mid, 0.5, 0.5, 0.2);
  cap_vsurf *vn = NULL, *vm = NULL;
  cap_vsurf_alloc(&vn, &g, near);
  cap_vsurf_alloc(&vm, &g, mid);
  double *phi = cap_grid_field_alloc(&g), *p = cap_grid_field_alloc(&g);
  for (size_t c = 0; c < g.size; c++) {
    phi[c] = -1;
    p[c] = 0;
  }
  cap_force F;
  th_int(cap_force_on_solid(w, &g, near, vn, phi, p, 1, 0, 0, &F), CAP_EDOM, "a solid 1 cell from the box refused");
  th_int(cap_force_on_solid(w, &g, mid, vm, phi, p, -1, 0, 0, &F), CAP_EDOM, "sigma < 0 refused");
  th_int(cap_force_on_solid(w, &g, mid, vm, phi, p, 1, NAN, 0, &F), CAP_EDOM, "a non-finite centre refused");
  p[cap_grid_idx(&g, 3, 3)] = NAN;
  th_int(cap_force_on_solid(w, &g, mid, vm, phi, p, 1, 0, 0, &F), CAP_ENONFINITE,
         "a NaN pressure in a liquid cell reported");
  cap_grid g2;
  cap_grid_init(&g2, CAP_GEOM_PLANAR, 40, 40, 1, 1.0 / 40, 0, 0, 0, 3);
  th_int(cap_force_on_solid(w, &g2, mid, vm, phi, p, 1, 0, 0, &F), CAP_ESIZE, "workspace of another grid refused");
  th_int(cap_force_on_solid(w, &g, mid, vm, NULL, p, 1, 0, 0, &F), CAP_EINVAL, "NULL phi refused");
  free(phi);
  free(p);
  cap_vsurf_free(vn);
  cap_vsurf_free(vm);
  cap_solid_free(near);
  cap_solid_free(mid);
  cap_force_ws_free(w);
}

static const th_case cases[] = {
    {"submerged_disc", submerged_disc}, {"floating_disc", floating_disc}, {"tilted_line", tilted_line},
    {"curved_surface", curved_surface}, {"pool_at_rest", pool_at_rest},   {"impulsive_start", impulsive_start},
    {"two_parts", two_parts},           {"bad_input", bad_input},         {NULL, NULL},
};

int main(int argc, char **argv) { return th_main(argc, argv, cases); }
