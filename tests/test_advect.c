/* Tests of solver/cap_interp (the interpolation the advection samples with), solver/cap_advect
 * (semi-Lagrangian advection) and of face-lattice ghost filling. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../solver/cap_advect.h"
#include "../solver/cap_errno.h"
#include "../solver/cap_grid.h"
#include "../solver/cap_interp.h"
#include "../solver/cap_par.h"
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
    cap_advect_semilagrangian(&g, q, q2, CAP_AT_XFACE, u, v, NULL, dt, NULL, 0);
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
  cap_advect_semilagrangian(&g, q, q2, CAP_AT_CELL, u, v, NULL, dt, NULL, 0);
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
  th_int(cap_advect_semilagrangian(&w, f, f, CAP_AT_CELL, f, f, NULL, 0.1, NULL, 0), CAP_EINVAL,
         "aliased output rejected");
  th_int(cap_advect_semilagrangian(&w, f, f2, CAP_AT_CELL, f, f, NULL, -0.1, NULL, 0), CAP_EDOM,
         "negative dt rejected");
  th_int(cap_advect_semilagrangian(&w, f, f2, (cap_location)5, f, f, NULL, 0.1, NULL, 0), CAP_EDOM,
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
  cap_advect_semilagrangian(&g, q, all, CAP_AT_XFACE, u, v, NULL, 0.02, NULL, 0);
  th_int(cap_advect_semilagrangian(&g, q, some, CAP_AT_XFACE, u, v, NULL, 0.02, near, 5 * g.h), CAP_SUCCESS,
         "near: status");
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

/* ---------------------------------------------------------------------------------------------- */
/* 3D grids. */

static double wave3(double x, double y, double z)
{
  return sin(2 * M_PI * x + 0.3817) * cos(2 * M_PI * y) + 0.5 * sin(2 * M_PI * (y + z) - 0.5) +
         0.3 * cos(2 * M_PI * (x - z));
}

/* Every sample of loc on the 3D grid g, ghosts included (the lattice's own samples: i <= nx + ng on
 * an x-face lattice, k <= nz + ng on a z-face one), set to f at its position. */
static void fill3(const cap_grid *g, double *q, cap_location loc, double (*f)(double, double, double))
{
  double ox, oy, oz;
  cap_grid_offsets3(loc, &ox, &oy, &oz);
  const int ng = g->ng;
  for (int k = -ng; k <= g->nz + ng; k++)
    for (int j = -ng; j <= g->ny + ng; j++)
      for (int i = -ng; i <= g->nx + ng; i++)
        q[cap_grid_idx3(g, i, j, k)] = f(g->x0 + (i + ox) * g->h, g->y0 + (j + oy) * g->h, g->z0 + (k + oz) * g->h);
}

static void periodic_cube(cap_grid *g, int n)
{
  cap_grid_init(g, CAP_GEOM_3D, n, n, n, 1.0 / n, 0, 0, 0, 2);
  for (int s = 0; s < 6; s++) cap_grid_set_bc(g, (cap_side)s, CAP_BC_PERIODIC);
}

/* A point of the box [x0, x0 + lx] x ... number m of a low-discrepancy sequence. */
static void box_point(const cap_grid *g, int m, double *x, double *y, double *z)
{
  *x = g->x0 + g->nx * g->h * fmod(0.6180339887 * m + 0.05, 1.0);
  *y = g->y0 + g->ny * g->h * fmod(0.7548776662 * m + 0.1, 1.0);
  *z = g->z0 + g->nz * g->h * fmod(0.5698402910 * m + 0.2, 1.0);
}

static double trilinear(double x, double y, double z)
{
  return 0.3817 + 1.1 * x - 0.7 * y + 0.4 * z + 0.9 * x * y - 1.3 * y * z + 0.6 * x * z - 2.1 * x * y * z;
}

static double tricubic(double x, double y, double z)
{
  return trilinear(x, y, z) + x * x * x - 0.8 * y * y * z + 1.7 * x * y * z * z * z - 0.5 * x * x * y * y * z * z * z;
}

/* Trilinear interpolation exact for trilinear fields, tricubic for fields cubic in each coordinate,
 * at every lattice of a walled 3D box (ghosts set from the field), and cap_interp_velocity's (u, v, w)
 * exact for a linear velocity. */
static void interp_exact_3d(void)
{
  cap_grid g;
  cap_grid_init(&g, CAP_GEOM_3D, 9, 7, 8, 0.125, -0.3, 0.2, 0.1, 2);
  double *f = cap_grid_field_alloc(&g), *u = cap_grid_field_alloc(&g), *v = cap_grid_field_alloc(&g),
         *w = cap_grid_field_alloc(&g);
  for (int l = 0; l <= 3; l++) {
    double el = 0, ec = 0, es = 0;
    fill3(&g, f, (cap_location)l, trilinear);
    for (int m = 0; m < 300; m++) {
      double x, y, z;
      box_point(&g, m, &x, &y, &z);
      el = fmax(el, fabs(cap_interp_linear_3d(&g, f, (cap_location)l, x, y, z) - trilinear(x, y, z)));
    }
    fill3(&g, f, (cap_location)l, tricubic);
    for (int m = 0; m < 300; m++) {
      double x, y, z;
      box_point(&g, m, &x, &y, &z);
      ec = fmax(ec, fabs(cap_interp_cubic_3d(&g, f, (cap_location)l, x, y, z) - tricubic(x, y, z)));
    }
    double ox, oy, oz;
    cap_grid_offsets3((cap_location)l, &ox, &oy, &oz);
    for (int k = 0; k < g.nz; k++)
      for (int j = 0; j < g.ny; j++)
        for (int i = 0; i < g.nx; i++) {
          double x = g.x0 + (i + ox) * g.h, y = g.y0 + (j + oy) * g.h, z = g.z0 + (k + oz) * g.h;
          es = fmax(es, fabs(cap_interp_cubic_3d(&g, f, (cap_location)l, x, y, z) - f[cap_grid_idx3(&g, i, j, k)]));
          es = fmax(es, fabs(cap_interp_linear_3d(&g, f, (cap_location)l, x, y, z) - f[cap_grid_idx3(&g, i, j, k)]));
        }
    th_abs(el, 0, 1e-13, "3D location %d: trilinear interpolation exact for a trilinear field (%.1e)", l, el);
    th_abs(ec, 0, 1e-12, "3D location %d: tricubic interpolation exact for a field cubic in x, y, z (%.1e)", l, ec);
    th_abs(es, 0, 1e-14, "3D location %d: both return the samples at the samples", l);
  }
  const double G[3][3] = {{0.3, -1.1, 0.7}, {0.9, 0.2, -0.4}, {-0.6, 0.5, 1.3}};
  double *vel[3] = {u, v, w};
  for (int d = 0; d < 3; d++) {
    double ox, oy, oz;
    cap_grid_offsets3((cap_location)(d + 1), &ox, &oy, &oz);
    for (int k = -2; k <= g.nz + 2; k++)
      for (int j = -2; j <= g.ny + 2; j++)
        for (int i = -2; i <= g.nx + 2; i++) {
          double x = g.x0 + (i + ox) * g.h, y = g.y0 + (j + oy) * g.h, z = g.z0 + (k + oz) * g.h;
          vel[d][cap_grid_idx3(&g, i, j, k)] = 0.1 * d + G[d][0] * x + G[d][1] * y + G[d][2] * z;
        }
  }
  double ev = 0;
  for (int m = 0; m < 300; m++) {
    double x, y, z, U[3];
    box_point(&g, m, &x, &y, &z);
    cap_interp_velocity(&g, u, v, w, x, y, z, &U[0], &U[1], &U[2]);
    for (int d = 0; d < 3; d++) ev = fmax(ev, fabs(U[d] - (0.1 * d + G[d][0] * x + G[d][1] * y + G[d][2] * z)));
  }
  th_abs(ev, 0, 1e-13, "3D: cap_interp_velocity exact for a linear (u, v, w) (%.1e)", ev);
  free(f);
  free(u);
  free(v);
  free(w);
}

/* Max error of the trilinear (cubic = 0) or tricubic interpolation of wave3 stored at loc on the
 * periodic n^3 grid, at 300 points of the cube. */
static double interp_error3(int n, cap_location loc, int cubic)
{
  cap_grid g;
  periodic_cube(&g, n);
  double *f = cap_grid_field_alloc(&g);
  fill3(&g, f, loc, wave3);
  double e = 0;
  for (int m = 0; m < 300; m++) {
    double x, y, z;
    box_point(&g, m, &x, &y, &z);
    double val = cubic ? cap_interp_cubic_3d(&g, f, loc, x, y, z) : cap_interp_linear_3d(&g, f, loc, x, y, z);
    e = fmax(e, fabs(val - wave3(x, y, z)));
  }
  free(f);
  return e;
}

/* A smooth field: trilinear second order, tricubic fourth (the 2D thresholds), at every lattice. */
static void interp_order_3d(void)
{
  for (int l = 0; l <= 3; l++) {
    double b1 = interp_error3(16, (cap_location)l, 0), b2 = interp_error3(32, (cap_location)l, 0);
    double e1 = interp_error3(16, (cap_location)l, 1), e2 = interp_error3(32, (cap_location)l, 1);
    th_note("3D location %d: trilinear errors %.2e %.2e (order %.2f), tricubic %.2e %.2e (order %.2f)", l, b1, b2,
            log2(b1 / b2), e1, e2, log2(e1 / e2));
    th_true(log2(b1 / b2) > 1.8, "3D location %d: trilinear interpolation is second order (%.2f)", l, log2(b1 / b2));
    th_true(log2(e1 / e2) > 3.5, "3D location %d: tricubic interpolation is fourth order (%.2f)", l, log2(e1 / e2));
  }
}

/* wave3 on the lattice loc of the periodic n^3 grid translated by U for `steps` steps of dt; max error. */
static double translate3(int n, cap_location loc, const double U[3], double dt, int steps)
{
  cap_grid g;
  periodic_cube(&g, n);
  double *q = cap_grid_field_alloc(&g), *q2 = cap_grid_field_alloc(&g), *vel[3];
  for (int d = 0; d < 3; d++) {
    vel[d] = cap_grid_field_alloc(&g);
    for (size_t c = 0; c < g.size; c++) vel[d][c] = U[d];
  }
  fill3(&g, q, loc, wave3);
  for (int s = 0; s < steps; s++) {
    cap_grid_fill_ghosts_at(&g, q, loc, CAP_GHOST_EVEN);
    cap_advect_semilagrangian(&g, q, q2, loc, vel[0], vel[1], vel[2], dt, NULL, 0);
    double *t = q;
    q = q2;
    q2 = t;
  }
  double T = dt * steps, e = 0, ox, oy, oz;
  cap_grid_offsets3(loc, &ox, &oy, &oz);
  for (int k = 0; k <= n; k++)
    for (int j = 0; j <= n; j++)
      for (int i = 0; i <= n; i++) {
        if ((i == n && loc != CAP_AT_XFACE) || (j == n && loc != CAP_AT_YFACE) || (k == n && loc != CAP_AT_ZFACE))
          continue;
        double x = (i + ox) * g.h - U[0] * T, y = (j + oy) * g.h - U[1] * T, z = (k + oz) * g.h - U[2] * T;
        e = fmax(e, fabs(q[cap_grid_idx3(&g, i, j, k)] - wave3(x, y, z)));
      }
  free(q);
  free(q2);
  for (int d = 0; d < 3; d++) free(vel[d]);
  return e;
}

/* Uniform velocity in 3D: exact by whole cells at every lattice; second order in h at fixed dt; first
 * order at fixed CFL 0.8 (the 2D thresholds). */
static void translate_3d(void)
{
  const double cells[3] = {1.0, -2.0, 1.0}, U[3] = {0.7321, -0.4142, 0.5377};
  for (int l = 0; l <= 3; l++) {
    double Uc[3] = {cells[0] * 32 / 16.0, cells[1] * 32 / 16.0, cells[2] * 32 / 16.0}; /* dt = h/2, n = 16 */
    double e = translate3(16, (cap_location)l, Uc, 1.0 / 32, 5);
    th_abs(e, 0, 1e-13, "3D location %d: translation by whole cells is exact (%.1e)", l, e);
  }
  /* fixed dt: the sample's fractions of a cell, and with them the interpolation weights, change with
   * h; a shift per step of 1/72 (1/36 in z) is 1/3 or 2/3 of a cell at n = 24 and 48, whose weights
   * a (1 - a) are the same, so that the order is not masked by that change */
  enum { NT = 2 };
  const int ns[NT] = {24, 48};
  const double dt = 0.02, Ud[3] = {1 / (72 * dt), -1 / (72 * dt), 1 / (36 * dt)};
  double h[NT], e_dt[NT], e_cfl[NT];
  for (int q = 0; q < NT; q++) {
    h[q] = 1.0 / ns[q];
    e_dt[q] = translate3(ns[q], CAP_AT_ZFACE, Ud, dt, 10);
    int steps = (int)ceil(0.25 / (0.8 * h[q] / U[0]));
    e_cfl[q] = translate3(ns[q], CAP_AT_CELL, U, 0.25 / steps, steps);
    th_note("3D translation n=%d: z-faces, 10 steps of dt = 0.02: %.3e | cells, CFL 0.8 to t = 0.25: %.3e", ns[q],
            e_dt[q], e_cfl[q]);
  }
  double p = th_slope(NT, h, e_dt);
  th_true(p >= 1.8, "3D fixed dt (z-faces): observed order in h %.2f >= 1.8", p);
  p = th_slope(NT, h, e_cfl);
  th_true(p >= 0.9, "3D fixed CFL (cells): observed order %.2f >= 0.9", p);
}

/* Rigid rotation in 3D, omega = |Om| = 1 about the axis Om through C: the face velocities (ghosts
 * included) and the rotation of a point by angle -t (the departure point after t). */
static const double OM[3] = {0.48, -0.36, 0.8}, CR[3] = {0.5123, 0.4871, 0.4937};

static void rotation_velocity(const cap_grid *g, double *vel[3])
{
  for (int d = 0; d < 3; d++) {
    double o[3];
    cap_grid_offsets3((cap_location)(d + 1), &o[0], &o[1], &o[2]);
    for (int k = -g->ng; k <= g->nz + g->ng; k++)
      for (int j = -g->ng; j <= g->ny + g->ng; j++)
        for (int i = -g->ng; i <= g->nx + g->ng; i++) {
          double r[3] = {g->x0 + (i + o[0]) * g->h - CR[0], g->y0 + (j + o[1]) * g->h - CR[1],
                         g->z0 + (k + o[2]) * g->h - CR[2]};
          double cross[3] = {OM[1] * r[2] - OM[2] * r[1], OM[2] * r[0] - OM[0] * r[2], OM[0] * r[1] - OM[1] * r[0]};
          vel[d][cap_grid_idx3(g, i, j, k)] = cross[d];
        }
  }
}

/* X rotated by angle a about OM through CR (Rodrigues' formula). */
static void rotate(const double X[3], double a, double out[3])
{
  double r[3] = {X[0] - CR[0], X[1] - CR[1], X[2] - CR[2]}, c = cos(a), s = sin(a);
  double dot = OM[0] * r[0] + OM[1] * r[1] + OM[2] * r[2];
  double cross[3] = {OM[1] * r[2] - OM[2] * r[1], OM[2] * r[0] - OM[0] * r[2], OM[0] * r[1] - OM[1] * r[0]};
  for (int d = 0; d < 3; d++) out[d] = CR[d] + r[d] * c + cross[d] * s + OM[d] * dot * (1 - c);
}

static double lin_q(double x, double y, double z) { return 0.3 * x - 0.7 * y + 1.1 * z; }

static double blob(double x, double y, double z)
{
  double dx = x - 0.62, dy = y - 0.45, dz = z - 0.38;
  return exp(-(dx * dx + dy * dy + dz * dz) / 0.1);
}

/* Advect q0 (cells of the walled unit cube n^3) by the rotation for `steps` steps of dt; the max error
 * against q0 at the departure points over the cells within 0.3 of the axis point CR. */
static double rotate3(int n, double (*q0)(double, double, double), double dt, int steps)
{
  cap_grid g;
  cap_grid_init(&g, CAP_GEOM_3D, n, n, n, 1.0 / n, 0, 0, 0, 2);
  double *q = cap_grid_field_alloc(&g), *q2 = cap_grid_field_alloc(&g), *vel[3];
  for (int d = 0; d < 3; d++) vel[d] = cap_grid_field_alloc(&g);
  rotation_velocity(&g, vel);
  fill3(&g, q, CAP_AT_CELL, q0);
  for (int s = 0; s < steps; s++) {
    cap_grid_fill_ghosts_at(&g, q, CAP_AT_CELL, CAP_GHOST_LINEAR);
    cap_advect_semilagrangian(&g, q, q2, CAP_AT_CELL, vel[0], vel[1], vel[2], dt, NULL, 0);
    double *t = q;
    q = q2;
    q2 = t;
  }
  double e = 0;
  for (int k = 0; k < n; k++)
    for (int j = 0; j < n; j++)
      for (int i = 0; i < n; i++) {
        double X[3] = {cap_grid_xc(&g, i), cap_grid_yc(&g, j), cap_grid_zc(&g, k)}, D[3];
        if (hypot(hypot(X[0] - CR[0], X[1] - CR[1]), X[2] - CR[2]) > 0.3) continue;
        rotate(X, -dt * steps, D);
        e = fmax(e, fabs(q[cap_grid_idx3(&g, i, j, k)] - q0(D[0], D[1], D[2])));
      }
  free(q);
  free(q2);
  for (int d = 0; d < 3; d++) free(vel[d]);
  return e;
}

/* Rotation in 3D: the RK2 departure point's local error O(dt^3) (a linear field, which trilinear
 * interpolation reproduces: order >= 2.8 in dt, as in 2D), and a smooth blob turned a quarter turn at
 * CFL 0.8 (first order, >= 0.9, as the 2D translation at fixed CFL). */
static void rotation_3d(void)
{
  double dts[3] = {0.2, 0.1, 0.05}, e[3];
  for (int q = 0; q < 3; q++) e[q] = rotate3(24, lin_q, dts[q], 1);
  for (int q = 0; q < 3; q++) th_note("3D rotation, one step dt=%.2f: departure error %.3e", dts[q], e[q]);
  th_true(th_slope(3, dts, e) >= 2.8, "3D RK2 departure point: local order in dt %.2f >= 2.8", th_slope(3, dts, e));
  enum { NT = 3 };
  const int ns[NT] = {24, 32, 48};
  double h[NT], eb[NT];
  for (int q = 0; q < NT; q++) {
    h[q] = 1.0 / ns[q];
    int steps = (int)ceil(0.5 * M_PI / (0.8 * h[q] / 0.3)); /* speed 0.3 at 0.3 from the axis */
    eb[q] = rotate3(ns[q], blob, 0.5 * M_PI / steps, steps);
    th_note("3D rotation of a blob, a quarter turn at CFL 0.8 (at 0.3 from the axis), n=%d: max error %.3e", ns[q],
            eb[q]);
  }
  th_true(th_slope(NT, h, eb) >= 0.9, "3D rotation at fixed CFL: observed order %.2f >= 0.9", th_slope(NT, h, eb));
}

/* 3D: near, thread-count independence, the boundary faces, and the error paths. */
static void advect_3d_paths(void)
{
  const int n = 20;
  cap_grid g;
  cap_grid_init(&g, CAP_GEOM_3D, n, n, n, 1.0 / n, 0, 0, 0, 2);
  cap_grid_set_bc(&g, CAP_ZLO, CAP_BC_PERIODIC);
  cap_grid_set_bc(&g, CAP_ZHI, CAP_BC_PERIODIC);
  double *q = cap_grid_field_alloc(&g), *all = cap_grid_field_alloc(&g), *some = cap_grid_field_alloc(&g);
  double *two = cap_grid_field_alloc(&g), *near = cap_grid_field_alloc(&g), *vel[3];
  for (int d = 0; d < 3; d++) vel[d] = cap_grid_field_alloc(&g);
  rotation_velocity(&g, vel);
  fill3(&g, q, CAP_AT_ZFACE, wave3);
  for (int k = -2; k <= n + 2; k++)
    for (int j = -2; j <= n + 2; j++)
      for (int i = -2; i <= n + 2; i++) {
        size_t c = cap_grid_idx3(&g, i, j, k);
        near[c] =
            fabs(hypot(hypot(cap_grid_xc(&g, i) - 0.5, cap_grid_yc(&g, j) - 0.5), cap_grid_zf(&g, k) - 0.5) - 0.3);
        some[c] = all[c] = two[c] = -7;
      }
  const int threads = cap_par_threads();
  cap_par_set_threads(1);
  th_int(cap_advect_semilagrangian(&g, q, all, CAP_AT_ZFACE, vel[0], vel[1], vel[2], 0.05, NULL, 0), CAP_SUCCESS,
         "3D z-faces: status");
  th_int(cap_advect_semilagrangian(&g, q, some, CAP_AT_ZFACE, vel[0], vel[1], vel[2], 0.05, near, 4 * g.h), CAP_SUCCESS,
         "3D near: status");
  cap_par_set_threads(2);
  cap_advect_semilagrangian(&g, q, two, CAP_AT_ZFACE, vel[0], vel[1], vel[2], 0.05, NULL, 0);
  cap_par_set_threads(threads);
  th_int(memcmp(all, two, g.size * sizeof(double)), 0, "3D: 1 and 2 threads give the same bits");
  long moved = 0, kept = 0, wrong = 0, dup = 0;
  for (int k = 0; k <= n; k++)
    for (int j = 0; j < n; j++)
      for (int i = 0; i < n; i++) {
        size_t c = cap_grid_idx3(&g, i, j, k);
        if (k == n) {
          dup += all[c] != all[cap_grid_idx3(&g, i, j, 0)];
          continue;
        }
        if (near[c] < 4 * g.h) {
          moved++;
          wrong += some[c] != all[c];
        } else {
          kept++;
          wrong += some[c] != -7;
        }
      }
  th_true(moved > 0 && kept > 0, "3D near: both kinds of sample present (%ld advected, %ld kept)", moved, kept);
  th_int(wrong, 0, "3D near: advected samples equal the whole sweep's, the others unchanged");
  th_int(dup, 0, "3D z-periodic: the z-face nz equals face 0");
  th_int(cap_advect_semilagrangian(&g, q, all, CAP_AT_ZFACE, vel[0], vel[1], NULL, 0.05, NULL, 0), CAP_EINVAL,
         "3D: w NULL: EINVAL");
  th_true(strstr(cap_error_message(), "w ") != NULL, "3D: the message names w: '%s'", cap_error_message());
  th_int(cap_advect_semilagrangian(&g, q, all, (cap_location)4, vel[0], vel[1], vel[2], 0.05, NULL, 0), CAP_EDOM,
         "3D: loc 4: EDOM");
  vel[2][cap_grid_idx3(&g, 7, 5, 9)] = NAN;
  th_int(cap_advect_semilagrangian(&g, q, all, CAP_AT_CELL, vel[0], vel[1], vel[2], 0.05, NULL, 0), CAP_ENONFINITE,
         "3D: a NaN in w: ENONFINITE");
  /* the first cell (in the order i, j, k) whose trilinear stencil of w holds w(7, 5, 9), with a weight
   * 0 at the cell itself (0 NaN is NaN) */
  th_true(strstr(cap_error_message(), "(6, 4, 8)") != NULL, "3D: the message names the first sample (6, 4, 8): '%s'",
          cap_error_message());
  cap_grid w2;
  wall_grid(&w2);
  th_int(cap_advect_semilagrangian(&w2, q, all, CAP_AT_ZFACE, q, q, NULL, 0.05, NULL, 0), CAP_EDOM,
         "2D: z-faces: EDOM");
  free(q);
  free(all);
  free(some);
  free(two);
  free(near);
  for (int d = 0; d < 3; d++) free(vel[d]);
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
    {"interp_exact_3d", interp_exact_3d},
    {"interp_order_3d", interp_order_3d},
    {"translate_3d", translate_3d},
    {"rotation_3d", rotation_3d},
    {"advect_3d_paths", advect_3d_paths},
    {NULL, NULL},
};

int main(int argc, char **argv) { return th_main(argc, argv, cases); }
