/* Tests of solver/cap_interp (the interpolation the advection samples with), solver/cap_advect
 * (semi-Lagrangian advection) and of face-lattice ghost filling. */
#include <math.h>
#include <stdlib.h>

#include "../solver/cap_advect.h"
#include "../solver/cap_errno.h"
#include "../solver/cap_grid.h"
#include "../solver/cap_interp.h"
#include "tharness.h"

static double wave(double x, double y)
{
  return sin(2 * M_PI * x + 0.3817) * cos(2 * M_PI * y) + 0.5 * sin(2 * M_PI * (x - y));
}

static void periodic_grid(cap_grid *g, int n)
{
  cap_grid_init(g, CAP_GEOM_PLANAR, n, n, 1, 1.0 / n, 0, 0, 0, 2);
  for (int s = 0; s < 4; s++) cap_grid_set_bc(g, (cap_side)s, CAP_BC_PERIODIC);
}

/* Translate the wave on the x-face lattice by (ux, vy) for `steps` steps of dt; max error. */
static double translate(int n, double ux, double vy, double dt, int steps)
{
  cap_grid g;
  periodic_grid(&g, n);
  double *q = cap_grid_field_alloc(&g), *q2 = cap_grid_field_alloc(&g);
  double *u = cap_grid_field_alloc(&g), *v = cap_grid_field_alloc(&g);
  for (size_t k = 0; k < g.size; k++) {
    u[k] = ux;
    v[k] = vy;
  }
  for (int j = 0; j < n; j++)
    for (int i = 0; i <= n; i++) q[cap_grid_idx(&g, i, j)] = wave(cap_grid_xf(&g, i), cap_grid_yc(&g, j));
  for (int s = 0; s < steps; s++) {
    cap_grid_fill_ghosts_at(&g, q, CAP_AT_XFACE, CAP_GHOST_EVEN);
    cap_advect_semilagrangian(&g, q, q2, CAP_AT_XFACE, u, v, dt, NULL, 0);
    double *t = q;
    q = q2;
    q2 = t;
  }
  double T = dt * steps, e = 0;
  for (int j = 0; j < n; j++)
    for (int i = 0; i <= n; i++)
      e = fmax(e, fabs(q[cap_grid_idx(&g, i, j)] - wave(cap_grid_xf(&g, i) - ux * T, cap_grid_yc(&g, j) - vy * T)));
  free(q);
  free(q2);
  free(u);
  free(v);
  return e;
}

/* One step of rigid rotation (omega = 1 about (0.5123, 0.4871)) of the linear field q = x on cells:
 * bilinear interpolation is exact for it, so the error is that of the RK2 departure point. */
static double rotation_step_error(double dt)
{
  cap_grid g;
  int n = 32;
  cap_grid_init(&g, CAP_GEOM_PLANAR, n, n, 1, 1.0 / n, 0, 0, 0, 2);
  const double xc = 0.5123, yc = 0.4871;
  double *q = cap_grid_field_alloc(&g), *q2 = cap_grid_field_alloc(&g);
  double *u = cap_grid_field_alloc(&g), *v = cap_grid_field_alloc(&g);
  for (int j = -2; j < n + 2; j++)
    for (int i = -2; i < n + 2; i++) {
      size_t c = cap_grid_idx(&g, i, j);
      q[c] = cap_grid_xc(&g, i);
      u[c] = -(cap_grid_yc(&g, j) - yc);
      v[c] = cap_grid_xc(&g, i) - xc;
    }
  cap_advect_semilagrangian(&g, q, q2, CAP_AT_CELL, u, v, dt, NULL, 0);
  double e = 0;
  for (int j = 8; j < n - 8; j++) /* stay away from the clamped boundary */
    for (int i = 8; i < n - 8; i++) {
      double x = cap_grid_xc(&g, i) - xc, y = cap_grid_yc(&g, j) - yc;
      double xdep = xc + x * cos(dt) + y * sin(dt);
      e = fmax(e, fabs(q2[cap_grid_idx(&g, i, j)] - xdep));
    }
  free(q);
  free(q2);
  free(u);
  free(v);
  return e;
}

/* Max error of the cubic (cubic = 1) or bilinear interpolation of the wave, stored at `loc` on the
 * periodic n x n grid, at 97 points spread over the domain. */
static double interp_error(int n, cap_location loc, int cubic)
{
  cap_grid g;
  periodic_grid(&g, n);
  double *f = cap_grid_field_alloc(&g), ox, oy;
  cap_grid_offsets(loc, &ox, &oy);
  for (int j = 0; j < n + (loc == CAP_AT_YFACE); j++)
    for (int i = 0; i < n + (loc == CAP_AT_XFACE); i++) f[cap_grid_idx(&g, i, j)] = wave((i + ox) / n, (j + oy) / n);
  cap_grid_fill_ghosts_at(&g, f, loc, CAP_GHOST_EVEN);
  double e = 0;
  for (int k = 0; k < 97; k++) {
    double x = fmod(0.6180339887 * k, 1.0), y = fmod(0.7548776662 * k + 0.1, 1.0);
    double val = cubic ? cap_interp_cubic(&g, f, loc, x, y) : cap_interp_linear(&g, f, loc, x, y);
    e = fmax(e, fabs(val - wave(x, y)));
  }
  free(f);
  return e;
}

/* Cubic interpolation: the samples themselves, and fourth order (bilinear: second). */
static void cubic_interpolation(void)
{
  cap_grid g;
  periodic_grid(&g, 16);
  double *f = cap_grid_field_alloc(&g);
  for (int j = 0; j < 16; j++)
    for (int i = 0; i < 16; i++) f[cap_grid_idx(&g, i, j)] = wave((i + 0.5) / 16, (j + 0.5) / 16);
  cap_grid_fill_ghosts_at(&g, f, CAP_AT_CELL, CAP_GHOST_EVEN);
  double e = 0;
  for (int j = 0; j < 16; j++)
    for (int i = 0; i < 16; i++)
      e = fmax(e,
               fabs(cap_interp_cubic(&g, f, CAP_AT_CELL, (i + 0.5) / 16, (j + 0.5) / 16) - f[cap_grid_idx(&g, i, j)]));
  th_abs(e, 0, 1e-15, "cubic interpolation at the cell centres returns the samples");
  free(f);
  const cap_location locs[3] = {CAP_AT_CELL, CAP_AT_XFACE, CAP_AT_YFACE};
  for (int l = 0; l < 3; l++) {
    double e1 = interp_error(32, locs[l], 1), e2 = interp_error(64, locs[l], 1);
    double b1 = interp_error(32, locs[l], 0), b2 = interp_error(64, locs[l], 0);
    th_note("location %d: cubic errors %.2e %.2e (order %.2f), bilinear %.2e %.2e (order %.2f)", l, e1, e2,
            log2(e1 / e2), b1, b2, log2(b1 / b2));
    th_true(log2(e1 / e2) > 3.5, "location %d: cubic interpolation is fourth order (%.2f)", l, log2(e1 / e2));
    th_true(e2 < 0.1 * b2, "location %d: cubic error %.2e below a tenth of the bilinear %.2e at 64 cells", l, e2, b2);
  }
}

/* Exact for a translation by whole cells. */
static void whole_cells(void)
{
  th_abs(translate(32, 1.0, -2.0, 1.0 / 32, 7), 0, 1e-13, "translation by whole cells is exact");
}

/* Fixed dt, refined h: the interpolation error O(h^2) per step -> second order in h. */
static void fixed_dt(void)
{
  int ns[3] = {32, 64, 128};
  double h[3], e[3];
  for (int k = 0; k < 3; k++) {
    h[k] = 1.0 / ns[k];
    e[k] = translate(ns[k], 0.7321, -0.4142, 0.02, 10);
  }
  for (int k = 0; k < 3; k++) th_note("translation, 10 steps of dt = 0.02, n=%d: max error %.3e", ns[k], e[k]);
  th_true(th_slope(3, h, e) >= 1.8, "fixed dt: observed order in h %.2f >= 1.8", th_slope(3, h, e));
}

/* Fixed CFL number 0.8 to t = 0.25: first order. */
static void fixed_cfl(void)
{
  int ns[3] = {32, 64, 128};
  double h[3], e[3];
  for (int k = 0; k < 3; k++) {
    h[k] = 1.0 / ns[k];
    int steps = (int)ceil(0.25 / (0.8 * h[k] / 0.7321));
    e[k] = translate(ns[k], 0.7321, -0.4142, 0.25 / steps, steps);
  }
  for (int k = 0; k < 3; k++) th_note("translation at CFL 0.8 to t = 0.25, n=%d: max error %.3e", ns[k], e[k]);
  th_true(th_slope(3, h, e) >= 0.9, "fixed CFL: observed order %.2f >= 0.9", th_slope(3, h, e));
}

/* The RK2 backtrace: local error O(dt^3) on a rigid rotation. */
static void rk2_backtrace(void)
{
  double dts[3] = {0.2, 0.1, 0.05}, e[3];
  for (int k = 0; k < 3; k++) e[k] = rotation_step_error(dts[k]);
  for (int k = 0; k < 3; k++) th_note("rotation, one step dt=%.2f: departure error %.3e", dts[k], e[k]);
  th_true(th_slope(3, dts, e) >= 2.8, "RK2 departure point: local order in dt %.2f >= 2.8", th_slope(3, dts, e));
}

/* The 8 x 6 grid walled on every side (h = 1/8, two ghost layers) of face_ghosts and bad_input. */
static void wall_grid(cap_grid *w) { cap_grid_init(w, CAP_GEOM_PLANAR, 8, 6, 1, 0.125, 0, 0, 0, 2); }

/* Face-lattice ghosts: periodic, at walls, across the axis. */
static void face_ghosts(void)
{
  cap_grid g;
  periodic_grid(&g, 8);
  double *f = cap_grid_field_alloc(&g);
  for (int j = 0; j < 8; j++)
    for (int i = 0; i <= 8; i++) f[cap_grid_idx(&g, i, j)] = 10 * i + j + 0.3817;
  for (int j = 0; j < 8; j++) f[cap_grid_idx(&g, 8, j)] = f[cap_grid_idx(&g, 0, j)];
  cap_grid_fill_ghosts_at(&g, f, CAP_AT_XFACE, CAP_GHOST_EVEN);
  th_abs(f[cap_grid_idx(&g, -1, 3)], f[cap_grid_idx(&g, 7, 3)], 0, "periodic x-face ghost -1 = face n-1");
  th_abs(f[cap_grid_idx(&g, 9, 3)], f[cap_grid_idx(&g, 1, 3)], 0, "periodic x-face ghost n+1 = face 1");
  cap_grid w;
  wall_grid(&w);
  for (int j = 0; j < 6; j++)
    for (int i = 0; i <= 8; i++) f[cap_grid_idx(&w, i, j)] = 0.25 * i - 0.5 * j;
  cap_grid_fill_ghosts_at(&w, f, CAP_AT_XFACE, CAP_GHOST_ODD);
  th_abs(f[cap_grid_idx(&w, -2, 1)], -f[cap_grid_idx(&w, 2, 1)], 0, "wall x-face ODD ghost mirrors about face 0");
  cap_grid_fill_ghosts_at(&w, f, CAP_AT_XFACE, CAP_GHOST_LINEAR);
  th_abs(f[cap_grid_idx(&w, 10, 7)], 0.25 * 10 - 0.5 * 7, 1e-14, "wall x-face LINEAR ghost exact for a linear field");
  cap_grid a;
  cap_grid_init(&a, CAP_GEOM_AXI, 8, 6, 1, 0.125, 0, 0, 0, 2);
  for (int j = 0; j < 6; j++)
    for (int i = 0; i <= 8; i++) f[cap_grid_idx(&a, i, j)] = 0.7 * i + j;
  cap_grid_fill_ghosts_at(&a, f, CAP_AT_XFACE, CAP_GHOST_EVEN);
  th_abs(f[cap_grid_idx(&a, -1, 2)], -f[cap_grid_idx(&a, 1, 2)], 0, "radial velocity is odd across the axis");
  free(f);
}

/* Error paths: an aliased output, a negative dt, an unknown location. */
static void bad_input(void)
{
  cap_grid w;
  wall_grid(&w);
  double *f = cap_grid_field_alloc(&w), *f2 = cap_grid_field_alloc(&w);
  th_int(cap_advect_semilagrangian(&w, f, f, CAP_AT_CELL, f, f, 0.1, NULL, 0), CAP_EINVAL, "aliased output rejected");
  th_int(cap_advect_semilagrangian(&w, f, f2, CAP_AT_CELL, f, f, -0.1, NULL, 0), CAP_EDOM, "negative dt rejected");
  th_int(cap_advect_semilagrangian(&w, f, f2, (cap_location)5, f, f, 0.1, NULL, 0), CAP_EDOM,
         "unknown location rejected");
  th_int(cap_grid_fill_ghosts_at(&w, f, (cap_location)5, CAP_GHOST_EVEN), CAP_EDOM, "fill: unknown location rejected");
  free(f);
  free(f2);
}

/* near: the samples with near >= reach keep q_new's value, the others are those of the whole sweep. */
static void near_only(void)
{
  const int n = 40;
  cap_grid g;
  cap_grid_init(&g, CAP_GEOM_PLANAR, n, n, 1, 1.0 / n, 0, 0, 0, 2);
  double *q = cap_grid_field_alloc(&g), *all = cap_grid_field_alloc(&g), *some = cap_grid_field_alloc(&g);
  double *u = cap_grid_field_alloc(&g), *v = cap_grid_field_alloc(&g), *near = cap_grid_field_alloc(&g);
  for (int j = -2; j <= n + 1; j++)
    for (int i = -2; i <= n + 1; i++) {
      size_t c = cap_grid_idx(&g, i, j);
      q[c] = sin(3 * cap_grid_xf(&g, i)) * cos(2 * cap_grid_yc(&g, j));
      u[c] = 0.3 + 0.1 * cap_grid_yc(&g, j);
      v[c] = -0.2 + 0.1 * cap_grid_xc(&g, i);
      near[c] = fabs(hypot(cap_grid_xf(&g, i) - 0.5, cap_grid_yc(&g, j) - 0.5) - 0.25);
      some[c] = -7;
    }
  cap_advect_semilagrangian(&g, q, all, CAP_AT_XFACE, u, v, 0.02, NULL, 0);
  th_int(cap_advect_semilagrangian(&g, q, some, CAP_AT_XFACE, u, v, 0.02, near, 5 * g.h), CAP_SUCCESS, "near: status");
  long moved = 0, kept = 0, wrong = 0;
  for (int j = 0; j < n; j++)
    for (int i = 1; i < n; i++) {
      size_t c = cap_grid_idx(&g, i, j);
      if (near[c] < 5 * g.h) {
        moved++;
        wrong += some[c] != all[c];
      } else {
        kept++;
        wrong += some[c] != -7;
      }
    }
  th_note("near: %ld samples advected, %ld kept", moved, kept);
  th_true(moved > 0 && kept > 0, "near: both kinds of sample present");
  th_int(wrong, 0, "near: advected samples equal the whole sweep's, the others unchanged");
  free(q);
  free(all);
  free(some);
  free(u);
  free(v);
  free(near);
}

static const th_case cases[] = {
    {"near_only", near_only},
    {"cubic_interpolation", cubic_interpolation},
    {"whole_cells", whole_cells},
    {"fixed_dt", fixed_dt},
    {"fixed_cfl", fixed_cfl},
    {"rk2_backtrace", rk2_backtrace},
    {"face_ghosts", face_ghosts},
    {"bad_input", bad_input},
    {NULL, NULL},
};

int main(int argc, char **argv) { return th_main(argc, argv, cases); }
