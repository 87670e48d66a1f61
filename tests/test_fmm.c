/* Tests of solver/cap_fmm: fast-marching redistancing and normal extrapolation.
 *
 * What is measured (h = 1/n on the unit square unless stated; circle of radius R = 0.3817 centred at
 * (0.5123, 0.4871); a band of FIXED physical half-width W = 0.1, i.e. band = W/h cells, so that the
 * march covers the same distance at every resolution and its own order shows):
 *  - redistancing of phi0 = (|x - c|^2 - R^2)(1 + 0.3 sin 3x), which is not a distance: max |phi - d|
 *    over the cells with |d| <= W ("all"), over 3h <= |d| <= W ("far": the march), and over the
 *    interface cells (the initialisation); observed orders from the least-squares slope of log error
 *    against log h over n = 64, 128, 256, 512; minima 0.9 (order 1) and 1.8 (order 2) from the issue;
 *  - the zero contour: signs are kept exactly, and the linear crossings along grid lines (segments
 *    where the exact distance changes by >= h/2, i.e. not near-tangent) move by less than a stated
 *    fraction of h, both for phi0 and for the exact distance as input;
 *  - straight interface at a generic angle: redistancing (order 2) and extrapolation (both orders,
 *    cells and faces) exact up to rounding wherever the upwind data lie inside the domain;
 *  - extrapolation of q = f(angle), constant along the normals of the circle, at cells, x-faces and
 *    y-faces, into 0 <= phi < W (same sweep), with phi the exact distance, and with phi from the fast
 *    march of phi0 (first order for both orders: see there);
 *  - AXI (a drop on the axis; identical to PLANAR) and an x-periodic grid (circle across the edge);
 *  - a noise field (one-cell features): signs kept, |phi| <= band h; every documented error code;
 *  - u and v of the circle extrapolated side by side (cap_fmm_extrapolate_fields) with 1 and 2 threads
 *    equal to the bit the two extrapolated one at a time, for each order;
 *  - a timing note on a 1024^2 grid.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../solver/cap_errno.h"
#include "../solver/cap_fmm.h"
#include "../solver/cap_grid.h"
#include "../solver/cap_par.h"
#include "tharness.h"

static const double R = 0.3817, XC = 0.5123, YC = 0.4871;
static const double W = 0.1; /* physical half-width of the band (< 0.105, the gap to the domain edge) */
enum { NRES = 4 };
static const int NS[NRES] = {64, 128, 256, 512};

static double dist_circle(double x, double y, double xc, double yc) { return hypot(x - xc, y - yc) - R; }

/* phi = the distance to the circle of radius R about (XC, YC), on the interior cells. */
static void fill_circle(const cap_grid *g, double *phi)
{
  for (int j = 0; j < g->ny; j++)
    for (int i = 0; i < g->nx; i++)
      phi[cap_grid_idx(g, i, j)] = dist_circle(cap_grid_xc(g, i), cap_grid_yc(g, j), XC, YC);
}

static double phi_nondist(double x, double y, double xc, double yc)
{
  double dx = x - xc, dy = y - yc;
  return (dx * dx + dy * dy - R * R) * (1 + 0.3 * sin(3 * x));
}

static int grid_unit(cap_grid *g, cap_geometry geom, int n)
{
  return cap_grid_init(g, geom, n, n, 1, 1.0 / n, 0, 0, 0, 2);
}

/* ---------------------------------------------------------------------------------------------- */
/* Redistancing of a circle. */

typedef struct {
  double e_all, e_far, e_iface; /* max errors (see the header comment) */
  double shift;                 /* max |theta_new - theta_old| over well-conditioned segments (in h) */
  double shift_any;             /* the same over every segment with a sign change */
  long flips;                   /* cells whose sign changed */
  cap_fmm_stats st;
  int status;
  double seconds;
} redist_result;

/* xc, yc: centre; periodic_x: distance to the nearest periodic image; dist_input: phi0 is already
 * the signed distance. */
static redist_result run_circle(cap_fmm_ws *ws, const cap_grid *g, cap_fmm_order order, double xc, double yc,
                                int dist_input, int periodic_x, double *phi_out)
{
  redist_result r;
  memset(&r, 0, sizeof r);
  int n = g->nx, m = g->ny;
  double h = g->h;
  double *phi = cap_grid_field_alloc(g), *old = cap_grid_field_alloc(g), *dex = cap_grid_field_alloc(g);
  for (int j = 0; j < m; j++)
    for (int i = 0; i < n; i++) {
      size_t k = cap_grid_idx(g, i, j);
      /* the union of the periodic images (disjoint disks): min of the signed distances */
      double x = cap_grid_xc(g, i), y = cap_grid_yc(g, j), d = INFINITY, p = INFINITY;
      for (int img = periodic_x ? -1 : 0; img <= (periodic_x ? 1 : 0); img++) {
        double xs = xc + img * (g->nx * h);
        d = fmin(d, dist_circle(x, y, xs, yc));
        p = fmin(p, phi_nondist(x, y, xs, yc));
      }
      dex[k] = d;
      phi[k] = old[k] = dist_input ? d : p;
    }
  clock_t t0 = clock();
  r.status = cap_fmm_redistance(ws, g, phi, W / h, order, &r.st);
  r.seconds = (double)(clock() - t0) / CLOCKS_PER_SEC;
  for (int j = 0; j < m; j++)
    for (int i = 0; i < n; i++) {
      size_t k = cap_grid_idx(g, i, j);
      double d = dex[k], e = fabs(phi[k] - d);
      if ((old[k] < 0) != (phi[k] < 0) || (old[k] == 0) != (phi[k] == 0)) r.flips++;
      if (fabs(d) <= W) {
        if (e > r.e_all) r.e_all = e;
        if (fabs(d) >= 3 * h && e > r.e_far) r.e_far = e;
      }
      for (int a = 0; a < 2; a++) {
        int i2 = i + (a == 0), j2 = j + (a == 1);
        if (i2 >= n || j2 >= m) continue;
        size_t k2 = cap_grid_idx(g, i2, j2);
        if ((old[k] < 0) == (old[k2] < 0)) continue;
        /* interface cell error on both cells of the segment */
        double e2 = fabs(phi[k2] - dex[k2]);
        if (e > r.e_iface) r.e_iface = e;
        if (e2 > r.e_iface) r.e_iface = e2;
        double t_old = old[k] / (old[k] - old[k2]), t_new = phi[k] / (phi[k] - phi[k2]);
        double s = fabs(t_new - t_old);
        if (s > r.shift_any) r.shift_any = s;
        /* well conditioned: the normal's component along the segment is >= 1/2 at the crossing
         * (the exact distance changes by >= h/2 across it), so the crossing is not near-tangent */
        if (fabs(dex[k2] - dex[k]) >= 0.5 * h && s > r.shift) r.shift = s;
      }
    }
  if (phi_out) memcpy(phi_out, phi, g->size * sizeof *phi);
  free(phi);
  free(old);
  free(dex);
  return r;
}

/* The circle's redistancing at `order` (1 or 2) over the resolutions NS, from phi0 and from the exact
 * distance. */
static void redistance_circle(int order)
{
  double hs[NRES], ea[NRES], ef[NRES], ei[NRES], sh[NRES], shd[NRES];
  long flips = 0;
  int ok = 1;
  for (int q = 0; q < NRES; q++) {
    cap_grid g;
    grid_unit(&g, CAP_GEOM_PLANAR, NS[q]);
    cap_fmm_ws *ws = NULL;
    ok &= cap_fmm_ws_alloc(&ws, &g) == CAP_SUCCESS;
    redist_result r = run_circle(ws, &g, (cap_fmm_order)order, XC, YC, 0, 0, NULL);
    redist_result rd = run_circle(ws, &g, (cap_fmm_order)order, XC, YC, 1, 0, NULL);
    ok &= r.status == CAP_SUCCESS && rd.status == CAP_SUCCESS;
    size_t ncell = (size_t)NS[q] * (size_t)NS[q];
    ok &= r.st.n_init + r.st.n_marched + r.st.n_clamped == ncell;
    flips += r.flips + rd.flips;
    hs[q] = g.h;
    ea[q] = r.e_all;
    ef[q] = r.e_far;
    ei[q] = r.e_iface;
    sh[q] = r.shift;
    shd[q] = rd.shift;
    th_note("order %d n=%d band=%.1f cells: e_all %.3e e_far %.3e e_iface %.3e | crossing shift/h: "
            "phi0 %.2e (any segment %.2e), distance input %.2e | init %zu fallback %zu marched %zu "
            "clamped %zu | %.3f s",
            order, NS[q], W * NS[q], r.e_all, r.e_far, r.e_iface, r.shift, r.shift_any, rd.shift, r.st.n_init,
            r.st.n_fallback, r.st.n_marched, r.st.n_clamped, r.seconds);
    cap_fmm_ws_free(ws);
  }
  th_true(ok, "order %d: every run succeeds and init + marched + clamped = all cells", order);
  th_int(flips, 0, "order %d: no cell changes sign (phi0 and distance inputs, all resolutions)", order);
  double pmin = order == 1 ? 0.9 : 1.8;
  double pa = th_slope(NRES, hs, ea), pf = th_slope(NRES, hs, ef), pi = th_slope(NRES, hs, ei);
  th_true(pa >= pmin, "order %d: observed order of max error in the band (|d| <= %g) %.3f >= %.1f", order, W, pa, pmin);
  th_true(pf >= pmin, "order %d: observed order of max error for 3h <= |d| <= %g %.3f >= %.1f", order, W, pf, pmin);
  th_true(pi >= pmin, "order %d: observed order of max error on interface cells %.3f >= %.1f", order, pi, pmin);
  if (order == 1) {
    /* Order-1 initialisation: where only one axis is crossed, the distance along that axis
     * overestimates the true distance by a factor up to sqrt(2) (d_x <= h <= d_y in
     * d_x d_y / sqrt(d_x^2 + d_y^2)); with one cell exact and the other overestimated by sqrt(2) the
     * linear crossing moves by at most max_t (sqrt2 t / (1 + (sqrt2 - 1) t) - t) = 0.0864 h, plus
     * O(h) curvature terms: 0.1 h. It does not converge: the order-1 initialisation is first order. */
    double mx = 0, ci = 0;
    for (int q = 0; q < NRES; q++) {
      mx = fmax(mx, fmax(sh[q], shd[q]));
      ci = fmax(ci, ei[q] / hs[q]);
    }
    /* the same one-axis case bounds the interface-cell error: d_x - d_x d_y / sqrt(d_x^2 + d_y^2)
     * <= (1 - 1/sqrt 2) h = 0.293 h at d_x = d_y = h; 0.3 h allows the O(h^2) curvature terms */
    th_true(ci <= 0.3, "order 1: interface-cell error %.4f h <= 0.3 h (bound (1 - 1/sqrt2) h + O(h^2))", ci);
    th_true(mx <= 0.1, "order 1: zero crossings move by %.4f h <= 0.1 h (bound 0.0864 h + O(h))", mx);
  } else {
    /* Order 2: the interface values are O(h^3), so a crossing moves by O(h^2) in units of h; the
     * acceptance is "a small fraction of h": 1% of h. With phi0 (not a distance) the measured shift
     * also contains the difference of the linear-interpolation errors of phi0 and of the distance
     * (O(h^2), i.e. O(h) in units of h): that one must be below 1% of h and decrease at order >= 0.9. */
    double mx = 0, mxd = 0;
    for (int q = 0; q < NRES; q++) {
      mx = fmax(mx, sh[q]);
      mxd = fmax(mxd, shd[q]);
    }
    th_true(mxd <= 0.01, "order 2, distance input: zero crossings move by %.2e h <= 0.01 h", mxd);
    th_true(mx <= 0.01, "order 2, phi0: linear crossings of phi0 and of the result differ by %.2e h <= 0.01 h", mx);
    double ps = th_slope(NRES, hs, sh);
    th_true(ps >= 0.9, "order 2, phi0: that difference decreases at order %.3f >= 0.9", ps);
    double psd = th_slope(NRES, hs, shd);
    th_true(psd >= 1.8, "order 2, distance input: the crossing shift decreases at order %.3f >= 1.8", psd);
  }
}

/* ---------------------------------------------------------------------------------------------- */
/* Straight interface: exact up to rounding. */

/* Rounding: every value comes from a chain of at most ~band + 2 updates, each a few flops on numbers
 * of size <= 2 (|d| <= W + h, q <= 2), so the accumulated error stays below band * 10 * eps * 2
 * ~ 3e-14 for band <= 60; 1e-12 leaves a margin for the rounding of the coordinates themselves. */
static const double ROUND_TOL = 1e-12;
static const double ANG = 0.9123; /* normal angle of the line (rad), generic w.r.t. the grid */

/* A point P at signed distance d from the line (unit normal (nx, ny), both components nonzero) is
 * checked when the triangle of P and the two points where the grid lines through P meet the line,
 * P - (d / nx) e_x and P - (d / ny) e_y, lies at least 2h inside the domain. For a linear distance the
 * upwind neighbours are always those towards the line, so every value P depends on (recursively, two
 * points per axis) lies in that triangle. Elsewhere the dependency reaches the domain edge, where part
 * of the interface or an upwind neighbour is missing, and the discrete answer legitimately differs
 * (e.g. near a corner the nearest interface point inside the domain is not the foot of P). */
static int in_domain(double x, double y, double m) { return x >= m && x <= 1 - m && y >= m && y <= 1 - m; }

static int inside_dependency(double x, double y, double d, double nx, double ny, double h)
{
  double m = 2 * h;
  return in_domain(x, y, m) && in_domain(x - d / nx, y, m) && in_domain(x, y - d / ny, m);
}

/* The straight-line cases' grid: 96 x 96 cells of the unit square and its workspace. */
static int straight_grid(cap_grid *g, cap_fmm_ws **ws)
{
  int s = grid_unit(g, CAP_GEOM_PLANAR, 96);
  return s ? s : cap_fmm_ws_alloc(ws, g);
}

static void straight_redistance(void)
{
  int n = 96;
  cap_grid g;
  cap_fmm_ws *ws = NULL;
  straight_grid(&g, &ws);
  double nx = cos(ANG), ny = sin(ANG), c0 = nx * XC + ny * YC, band = 8.5;
  double *phi = cap_grid_field_alloc(&g);
  for (int j = 0; j < n; j++)
    for (int i = 0; i < n; i++)
      phi[cap_grid_idx(&g, i, j)] = 2.7 * (nx * cap_grid_xc(&g, i) + ny * cap_grid_yc(&g, j) - c0);
  cap_fmm_stats st;
  th_int(cap_fmm_redistance(ws, &g, phi, band, CAP_FMM_ORDER2, &st), CAP_SUCCESS, "straight line: redistance");
  double e = 0, eclamp = 0;
  long nchk = 0;
  for (int j = 0; j < n; j++)
    for (int i = 0; i < n; i++) {
      double d = nx * cap_grid_xc(&g, i) + ny * cap_grid_yc(&g, j) - c0, p = phi[cap_grid_idx(&g, i, j)];
      if (fabs(d) < band * g.h - 1e-9) {
        if (inside_dependency(cap_grid_xc(&g, i), cap_grid_yc(&g, j), d, nx, ny, g.h)) {
          e = fmax(e, fabs(p - d));
          nchk++;
        }
      } else if (fabs(d) > band * g.h + 1e-9)
        eclamp = fmax(eclamp, fabs(p - copysign(band * g.h, d)));
    }
  th_abs(e, 0, ROUND_TOL, "straight line, phi = 2.7 d: order-2 redistancing is exact in the band (%ld cells)", nchk);
  th_abs(eclamp, 0, ROUND_TOL, "straight line: |phi| = band h beyond the band");
  th_int((long)st.n_fallback, 0, "straight line: no order-2 initialisation falls back to order 1");
  free(phi);
  cap_fmm_ws_free(ws);
}

/* Extrapolation of q = a + b t (t the tangential coordinate) with phi = 2.7 d: exact for both orders
 * (the one-sided and centred differences used are exact for linear functions; see cap_fmm.h). */
static void straight_extrapolate(void)
{
  int n = 96;
  cap_grid g;
  cap_fmm_ws *ws = NULL;
  straight_grid(&g, &ws);
  double nx = cos(ANG), ny = sin(ANG), c0 = nx * XC + ny * YC, band = 8.5;
  cap_fmm_stats st;
  double *phi = cap_grid_field_alloc(&g), *ps = cap_grid_field_alloc(&g), *q = cap_grid_field_alloc(&g);
  unsigned char *known = calloc(g.size, 1);
  for (int j = 0; j < n; j++)
    for (int i = 0; i < n; i++)
      phi[cap_grid_idx(&g, i, j)] = 2.7 * (nx * cap_grid_xc(&g, i) + ny * cap_grid_yc(&g, j) - c0);
  const char *names[3] = {"cells", "x-faces", "y-faces"};
  for (int loc = 0; loc <= 2; loc++)
    for (int order = 1; order <= 2; order++) {
      cap_fmm_sample_phi(&g, phi, (cap_location)loc, ps);
      int ni = n + (loc == 1), nj = n + (loc == 2);
      double ox = loc == 1 ? 0 : 0.5, oy = loc == 2 ? 0 : 0.5;
      const double SENT = 12345.0;
      for (int j = 0; j < nj; j++)
        for (int i = 0; i < ni; i++) {
          size_t k = cap_grid_idx(&g, i, j);
          double x = (i + ox) * g.h, y = (j + oy) * g.h;
          known[k] = ps[k] < 0;
          q[k] = known[k] ? 0.3817 + 1.7321 * (-ny * x + nx * y) : SENT;
        }
      int s = cap_fmm_extrapolate(ws, &g, (cap_location)loc, ps, known, q, band, (cap_fmm_order)order, &st);
      double err = 0;
      long untouched_bad = 0, outside = 0, nchk2 = 0;
      for (int j = 0; j < nj; j++)
        for (int i = 0; i < ni; i++) {
          size_t k = cap_grid_idx(&g, i, j);
          double x = (i + ox) * g.h, y = (j + oy) * g.h, want = 0.3817 + 1.7321 * (-ny * x + nx * y);
          double d = nx * x + ny * y - c0;
          if (known[k] || ps[k] < band * g.h) {
            if (inside_dependency(x, y, d, nx, ny, g.h)) {
              err = fmax(err, fabs(q[k] - want));
              nchk2 += !known[k];
            }
          } else {
            outside++;
            if (q[k] != SENT) untouched_bad++;
          }
        }
      th_int(s, CAP_SUCCESS, "straight line, %s, order %d: extrapolate", names[loc], order);
      th_abs(err, 0, ROUND_TOL,
             "straight line, %s, order %d: q linear along the line is reproduced exactly (%ld points)", names[loc],
             order, nchk2);
      th_true(outside > 0 && untouched_bad == 0 && st.n_unreached == 0,
              "straight line, %s, order %d: the %ld points beyond the band are untouched, none unreached", names[loc],
              order, outside);
    }
  free(phi);
  free(ps);
  free(q);
  free(known);
  cap_fmm_ws_free(ws);
}

/* ---------------------------------------------------------------------------------------------- */
/* Extrapolation of a function of the angle around the circle (constant along the normals). */

static double q_angle(double x, double y)
{
  double t = atan2(y - YC, x - XC);
  return cos(t) + 0.5 * sin(2 * t + 0.3);
}

/* Max error over the extrapolated points (0 <= phi_s <= W) of the field f given inside the liquid
 * (NaN if a target is not reached). phi: cell-centred level set. */
static double extrap_error(cap_fmm_ws *ws, const cap_grid *g, const double *phi, cap_location loc, cap_fmm_order order,
                           double (*f)(double, double), int *status)
{
  double *ps = cap_grid_field_alloc(g), *q = cap_grid_field_alloc(g);
  unsigned char *known = calloc(g->size, 1);
  int n = g->nx, ni = n + (loc == CAP_AT_XFACE), nj = g->ny + (loc == CAP_AT_YFACE);
  double ox = loc == CAP_AT_XFACE ? 0 : 0.5, oy = loc == CAP_AT_YFACE ? 0 : 0.5;
  *status = cap_fmm_sample_phi(g, phi, loc, ps);
  for (int j = 0; j < nj; j++)
    for (int i = 0; i < ni; i++) {
      size_t k = cap_grid_idx(g, i, j);
      known[k] = ps[k] < 0;
      q[k] = known[k] ? f((i + ox) * g->h, (j + oy) * g->h) : NAN;
    }
  cap_fmm_stats st = {0, 0, 0, 0, 0};
  if (!*status) *status = cap_fmm_extrapolate(ws, g, loc, ps, known, q, W / g->h, order, &st);
  double e = 0;
  for (int j = 0; j < nj; j++)
    for (int i = 0; i < ni; i++) {
      size_t k = cap_grid_idx(g, i, j);
      if (known[k] || !(ps[k] < (W / g->h) * g->h)) continue; /* the targets */
      double err = fabs(q[k] - f((i + ox) * g->h, (j + oy) * g->h));
      e = isfinite(err) && e == e ? fmax(e, err) : NAN;
    }
  if (st.n_unreached) e = NAN;
  free(ps);
  free(q);
  free(known);
  return e;
}

/* A measurement taken after the three locations at one resolution, from the circle's workspace, grid
 * and exact distance phi (which it may change) and the sweep's order; clears *ok when a call fails. */
typedef double extra_fn(cap_fmm_ws *ws, const cap_grid *g, double *phi, cap_fmm_order order, int *ok);

/* The circle over the resolutions NS: hs[q] its h, e[loc][q] the max error of f extrapolated with
 * `order` from the exact distance at the cells, x-faces and y-faces (loc = 0, 1, 2), ex[q] the value of
 * extra after them. Returns 1 when every call succeeds, else 0. */
static int sweep_circle(cap_fmm_order order, double (*f)(double, double), extra_fn *extra, double *hs,
                        double e[3][NRES], double *ex)
{
  int ok = 1;
  for (int q = 0; q < NRES; q++) {
    cap_grid g;
    grid_unit(&g, CAP_GEOM_PLANAR, NS[q]);
    cap_fmm_ws *ws = NULL;
    ok &= cap_fmm_ws_alloc(&ws, &g) == CAP_SUCCESS;
    double *phi = cap_grid_field_alloc(&g);
    fill_circle(&g, phi);
    hs[q] = g.h;
    for (int loc = 0; loc <= 2; loc++) {
      int s;
      e[loc][q] = extrap_error(ws, &g, phi, (cap_location)loc, order, f, &s);
      ok &= s == CAP_SUCCESS;
    }
    ex[q] = extra(ws, &g, phi, order, &ok);
    free(phi);
    cap_fmm_ws_free(ws);
  }
  return ok;
}

/* the pipeline of a time step: redistance phi0 at `order`, then extrapolate q_angle onto the cells with
 * the result at that order */
static double pipeline(cap_fmm_ws *ws, const cap_grid *g, double *phi, cap_fmm_order order, int *ok)
{
  redist_result r = run_circle(ws, g, order, XC, YC, 0, 0, phi);
  int s;
  double e = extrap_error(ws, g, phi, CAP_AT_CELL, order, q_angle, &s);
  *ok &= s == CAP_SUCCESS && r.status == CAP_SUCCESS;
  return e;
}

/* The extrapolation of q_angle at `order` (1 or 2) over the resolutions NS. */
static void extrapolate_circle(int order)
{
  const char *names[3] = {"cells", "x-faces", "y-faces"};
  double hs[NRES], e[3][NRES], epipe[NRES];
  int ok = sweep_circle((cap_fmm_order)order, q_angle, pipeline, hs, e, epipe);
  for (int q = 0; q < NRES; q++)
    th_note("extrapolate order %d n=%d: max error cells %.3e x-faces %.3e y-faces %.3e | after "
            "redistancing phi0: cells %.3e",
            order, NS[q], e[0][q], e[1][q], e[2][q], epipe[q]);
  th_true(ok, "extrapolate order %d: every call succeeds", order);
  double pmin = order == 1 ? 0.9 : 1.8;
  for (int loc = 0; loc <= 2; loc++) {
    double p = th_slope(NRES, hs, e[loc]);
    th_true(p >= pmin, "extrapolate order %d, %s, q = f(angle) into 0 <= phi < %g: observed order %.3f >= %.1f", order,
            names[loc], W, p, pmin);
  }
  /* With phi from the fast march instead of the exact distance, the normals are first order for
   * either order: the march's O(h^2) errors are not smooth, so their differences over h are O(h). */
  double p = th_slope(NRES, hs, epipe);
  th_true(p >= 0.9,
          "extrapolate order %d, cells, normals from the order-%d redistancing of phi0: observed "
          "order %.3f >= 0.9 (first order: see the comment)",
          order, order, p);
}

/* CAP_FMM_LINEAR: a field linear in x and y (a velocity field near a free surface, e.g. the n = 2
 * oscillation of a drop) extended from inside a circle: the linear extension reproduces it to the
 * accuracy of the normals (second order with the exact distance), the constant extensions err by the
 * distance times the normal derivative (O(W) in a band of width W, O(h) in the first cells). */
static double q_lin(double x, double y) { return 0.3817 + 0.7 * x - 1.3 * y; }

/* the constant extension (order 2) of q_lin onto the x-faces, whatever the sweep's order */
static double constant_xfaces(cap_fmm_ws *ws, const cap_grid *g, double *phi, cap_fmm_order order, int *ok)
{
  (void)order;
  int s;
  double e = extrap_error(ws, g, phi, CAP_AT_XFACE, CAP_FMM_ORDER2, q_lin, &s);
  *ok &= s == CAP_SUCCESS;
  return e;
}

static void extrapolate_linear(void)
{
  const char *names[3] = {"cells", "x-faces", "y-faces"};
  double hs[NRES], e[3][NRES], e2[NRES];
  int ok = sweep_circle(CAP_FMM_LINEAR, q_lin, constant_xfaces, hs, e, e2);
  for (int q = 0; q < NRES; q++)
    th_note("linear extension n=%d: max error cells %.3e x-faces %.3e y-faces %.3e | constant (order 2), x-faces %.3e",
            NS[q], e[0][q], e[1][q], e[2][q], e2[q]);
  th_true(ok, "linear extension: every call succeeds");
  for (int loc = 0; loc <= 2; loc++) {
    double p = th_slope(NRES, hs, e[loc]);
    th_true(p >= 1.8, "linear extension, %s, q linear in x and y into 0 <= phi < %g: observed order %.3f >= 1.8",
            names[loc], W, p);
  }
  double p2 = th_slope(NRES, hs, e2);
  th_true(p2 < 1.3 && e2[NRES - 1] > 100 * e[1][NRES - 1],
          "constant extension (order 2) of the same field: no convergence in the band of width %g (order %.3f) "
          "and 100x the linear one's error",
          W, p2);
}

/* ---------------------------------------------------------------------------------------------- */
/* AXI (a drop on the axis) and an x-periodic grid. */

static void axi_periodic(void)
{
  enum { NR = 3 };
  static const int ns[NR] = {64, 128, 256};
  double hs[NR], ea[NR], ep[NR];
  int same = 1, ok = 1;
  long flips = 0;
  for (int q = 0; q < NR; q++) {
    cap_grid ga, gp;
    grid_unit(&ga, CAP_GEOM_AXI, ns[q]);
    grid_unit(&gp, CAP_GEOM_PLANAR, ns[q]);
    cap_fmm_ws *ws = NULL;
    ok &= cap_fmm_ws_alloc(&ws, &ga) == CAP_SUCCESS;
    double *pa = cap_grid_field_alloc(&ga), *pp = cap_grid_field_alloc(&gp);
    /* drop centred on the axis r = 0 */
    redist_result ra = run_circle(ws, &ga, CAP_FMM_ORDER2, 0.0, YC, 0, 0, pa);
    redist_result rp = run_circle(ws, &gp, CAP_FMM_ORDER2, 0.0, YC, 0, 0, pp);
    ok &= ra.status == CAP_SUCCESS && rp.status == CAP_SUCCESS;
    same &= memcmp(pa, pp, ga.size * sizeof *pa) == 0;
    hs[q] = ga.h;
    ea[q] = ra.e_all;
    flips += ra.flips;
    free(pa);
    free(pp);
    /* x-periodic: a circle across the edge x = 0 */
    cap_grid gq;
    grid_unit(&gq, CAP_GEOM_PLANAR, ns[q]);
    cap_grid_set_bc(&gq, CAP_XLO, CAP_BC_PERIODIC);
    cap_grid_set_bc(&gq, CAP_XHI, CAP_BC_PERIODIC);
    redist_result rq = run_circle(ws, &gq, CAP_FMM_ORDER2, 0.0871, YC, 0, 1, NULL);
    ok &= rq.status == CAP_SUCCESS;
    ep[q] = rq.e_all;
    flips += rq.flips;
    th_note("order 2 n=%d: AXI drop on the axis e_all %.3e | x-periodic circle across x = 0 e_all %.3e", ns[q],
            ra.e_all, rq.e_all);
    cap_fmm_ws_free(ws);
  }
  th_true(ok, "AXI and periodic runs succeed");
  th_int(flips, 0, "AXI and periodic: no cell changes sign");
  th_true(same, "AXI gives the same distances as PLANAR on the same grid (the metric does not enter)");
  double p = th_slope(NR, hs, ea);
  th_true(p >= 1.8, "AXI, drop on the axis, order 2: observed order %.3f >= 1.8", p);
  p = th_slope(NR, hs, ep);
  th_true(p >= 1.8, "x-periodic circle across the edge, order 2: observed order %.3f >= 1.8", p);
}

/* periodic faces: the duplicate face nx follows face 0 */
static void periodic_faces(void)
{
  int n = 48;
  cap_grid g;
  grid_unit(&g, CAP_GEOM_PLANAR, n);
  cap_grid_set_bc(&g, CAP_XLO, CAP_BC_PERIODIC);
  cap_grid_set_bc(&g, CAP_XHI, CAP_BC_PERIODIC);
  cap_fmm_ws *ws = NULL;
  cap_fmm_ws_alloc(&ws, &g);
  double *phi = cap_grid_field_alloc(&g), *ps = cap_grid_field_alloc(&g), *qf = cap_grid_field_alloc(&g);
  unsigned char *known = calloc(g.size, 1);
  for (int j = 0; j < n; j++)
    for (int i = 0; i < n; i++) {
      double x = cap_grid_xc(&g, i), y = cap_grid_yc(&g, j);
      phi[cap_grid_idx(&g, i, j)] = fmin(dist_circle(x, y, 0.0871, YC), dist_circle(x, y, 1.0871, YC));
    }
  th_int(cap_fmm_sample_phi(&g, phi, CAP_AT_XFACE, ps), CAP_SUCCESS, "periodic x-faces: sample phi");
  th_abs(ps[cap_grid_idx(&g, 0, 7)], 0.5 * (phi[cap_grid_idx(&g, n - 1, 7)] + phi[cap_grid_idx(&g, 0, 7)]), 1e-15,
         "periodic x-face 0 samples the cells n-1 and 0");
  for (int j = 0; j < n; j++)
    for (int i = 0; i <= n; i++) {
      size_t k = cap_grid_idx(&g, i, j);
      known[k] = ps[k] < 0 && i < n;
      qf[k] = known[k] ? q_angle(i * g.h, (j + 0.5) * g.h) : -7.0;
    }
  cap_fmm_stats st;
  th_int(cap_fmm_extrapolate(ws, &g, CAP_AT_XFACE, ps, known, qf, 6, CAP_FMM_ORDER2, &st), CAP_SUCCESS,
         "periodic x-faces: extrapolate");
  int dup = 1;
  for (int j = 0; j < n; j++)
    if (qf[cap_grid_idx(&g, n, j)] != qf[cap_grid_idx(&g, 0, j)] && !known[cap_grid_idx(&g, 0, j)] &&
        ps[cap_grid_idx(&g, 0, j)] <= 6 * g.h)
      dup = 0;
  th_true(dup && st.n_marched > 0, "periodic x-faces: face nx equals face 0 after extrapolation");
  free(phi);
  free(ps);
  free(qf);
  free(known);
  cap_fmm_ws_free(ws);
}

/* ---------------------------------------------------------------------------------------------- */
/* Error paths and documented special cases. */

/* The error cases' set-up: a 16 x 16 unit grid (and grids of 17 x 17 and of 3D, 8^3), a workspace
 * for each of the first and the last, the circle's distance on the first; p3 a field of the 3D grid. */
typedef struct {
  cap_grid g, g2, g3;
  cap_fmm_ws *ws, *ws3;
  double *phi, *p3;
} err_setup;

static void err_init(err_setup *E)
{
  int n = 16;
  grid_unit(&E->g, CAP_GEOM_PLANAR, n);
  grid_unit(&E->g2, CAP_GEOM_PLANAR, n + 1);
  cap_grid_init(&E->g3, CAP_GEOM_3D, 8, 8, 8, 0.125, 0, 0, 0, 2);
  E->ws = E->ws3 = NULL;
  cap_fmm_ws_alloc(&E->ws, &E->g);
  cap_fmm_ws_alloc(&E->ws3, &E->g3);
  E->phi = cap_grid_field_alloc(&E->g);
  E->p3 = cap_grid_field_alloc(&E->g3);
  fill_circle(&E->g, E->phi);
}

static void err_free(err_setup *E)
{
  free(E->phi);
  free(E->p3);
  cap_fmm_ws_free(E->ws);
  cap_fmm_ws_free(E->ws3);
}

/* Error paths of alloc and redistance. */
static void bad_input(void)
{
  int n = 16;
  cap_grid g, g2, g3;
  grid_unit(&g, CAP_GEOM_PLANAR, n);
  grid_unit(&g2, CAP_GEOM_PLANAR, n + 1);
  cap_grid_init(&g3, CAP_GEOM_3D, 8, 8, 8, 0.125, 0, 0, 0, 2);
  cap_fmm_ws *ws = NULL, *ws3 = NULL;
  th_int(cap_fmm_ws_alloc(&ws, &g), CAP_SUCCESS, "alloc");
  th_int(cap_fmm_ws_alloc(&ws3, NULL), CAP_EINVAL, "alloc with a NULL grid: EINVAL");
  th_true(ws3 == NULL, "failed alloc leaves *ws NULL");
  th_int(cap_fmm_ws_alloc(NULL, &g), CAP_EINVAL, "alloc with a NULL handle pointer: EINVAL");
  th_int(cap_fmm_ws_alloc(&ws3, &g3), CAP_SUCCESS, "alloc for a 3D grid");
  cap_fmm_ws_free(NULL);
  th_true(1, "free(NULL) is a no-op");

  double *phi = cap_grid_field_alloc(&g), *p3 = cap_grid_field_alloc(&g3);
  fill_circle(&g, phi);

  th_int(cap_fmm_redistance(ws, &g, phi, 0.5, CAP_FMM_ORDER1, NULL), CAP_EDOM, "band = 0.5 < 1: EDOM");
  th_true(strstr(cap_error_message(), "band") != NULL, "the message names band: '%s'", cap_error_message());
  th_int(cap_fmm_redistance(ws, &g, phi, NAN, CAP_FMM_ORDER1, NULL), CAP_EDOM, "band = NaN: EDOM");
  th_int(cap_fmm_redistance(ws, &g, phi, INFINITY, CAP_FMM_ORDER1, NULL), CAP_EDOM, "band = inf: EDOM");
  th_int(cap_fmm_redistance(ws, &g, phi, 3, (cap_fmm_order)3, NULL), CAP_EDOM, "order 3: EDOM");
  th_int(cap_fmm_redistance(ws, &g, NULL, 3, CAP_FMM_ORDER1, NULL), CAP_EINVAL, "NULL phi: EINVAL");
  th_int(cap_fmm_redistance(NULL, &g, phi, 3, CAP_FMM_ORDER1, NULL), CAP_EINVAL, "NULL workspace: EINVAL");
  th_int(cap_fmm_redistance(ws, NULL, phi, 3, CAP_FMM_ORDER1, NULL), CAP_EINVAL, "NULL grid: EINVAL");
  th_int(cap_fmm_redistance(ws3, &g3, p3, 3, CAP_FMM_ORDER1, NULL), CAP_SUCCESS, "3D grid: supported");
  th_int(cap_fmm_redistance(ws, &g2, phi, 3, CAP_FMM_ORDER1, NULL), CAP_ESIZE, "workspace of another grid: ESIZE");
  cap_grid gb = g;
  cap_grid_set_bc(&gb, CAP_XLO, CAP_BC_PERIODIC);
  th_int(cap_fmm_redistance(ws, &gb, phi, 3, CAP_FMM_ORDER1, NULL), CAP_EINVAL,
         "periodic on one side only: EINVAL (cap_grid_check_bc)");
  size_t k5 = cap_grid_idx(&g, 5, 9);
  double p6 = phi[cap_grid_idx(&g, 6, 9)];
  phi[k5] = NAN;
  th_int(cap_fmm_redistance(ws, &g, phi, 3, CAP_FMM_ORDER2, NULL), CAP_ENONFINITE, "NaN in phi: ENONFINITE");
  th_true(phi[cap_grid_idx(&g, 6, 9)] == p6, "phi unchanged after ENONFINITE");

  free(phi);
  free(p3);
  cap_fmm_ws_free(ws);
  cap_fmm_ws_free(ws3);
}

/* no interface: documented as |phi| = band h with the sign kept, CAP_SUCCESS, n_init = 0 */
static void no_interface(void)
{
  err_setup E;
  err_init(&E);
  const cap_grid *g = &E.g;
  int n = g->nx;
  cap_fmm_stats st;
  for (int sgn = -1; sgn <= 1; sgn += 2) {
    double *f = cap_grid_field_alloc(g);
    for (int j = 0; j < n; j++)
      for (int i = 0; i < n; i++) f[cap_grid_idx(g, i, j)] = sgn * (0.3817 + 0.01 * i * j);
    th_int(cap_fmm_redistance(E.ws, g, f, 2.5, CAP_FMM_ORDER2, &st), CAP_SUCCESS, "no interface (sign %+d): success",
           sgn);
    double e = 0;
    for (int j = 0; j < n; j++)
      for (int i = 0; i < n; i++) e = fmax(e, fabs(f[cap_grid_idx(g, i, j)] - sgn * 2.5 * g->h));
    th_abs(e, 0, 0, "no interface (sign %+d): every cell = sign * band * h", sgn);
    th_true(st.n_init == 0 && st.n_clamped == (size_t)(n * n), "no interface (sign %+d): n_init = 0, all clamped", sgn);
    free(f);
  }
  err_free(&E);
}

/* a cell exactly on the interface stays 0 */
static void zero_cell(void)
{
  err_setup E;
  err_init(&E);
  const cap_grid *g = &E.g;
  int n = g->nx;
  double *f = cap_grid_field_alloc(g);
  for (int j = 0; j < n; j++)
    for (int i = 0; i < n; i++) f[cap_grid_idx(g, i, j)] = cap_grid_xc(g, i) - cap_grid_xc(g, 7);
  th_int(cap_fmm_redistance(E.ws, g, f, 4, CAP_FMM_ORDER1, NULL), CAP_SUCCESS, "interface through cell centres");
  th_abs(f[cap_grid_idx(g, 7, 3)], 0, 0, "a zero cell stays zero");
  th_abs(f[cap_grid_idx(g, 9, 3)], 2 * g->h, 1e-15, "distance two cells from a zero column");
  th_abs(f[cap_grid_idx(g, 5, 3)], -2 * g->h, 1e-15, "distance two cells on the liquid side");
  free(f);
  err_free(&E);
}

/* Error paths of extrapolate and sample_phi. */
static void extrapolate_bad_input(void)
{
  err_setup E;
  err_init(&E);
  cap_grid g = E.g, g2 = E.g2, g3 = E.g3;
  cap_fmm_ws *ws = E.ws, *ws3 = E.ws3;
  double *phi = E.phi, *p3 = E.p3;
  int n = g.nx;
  double *ps = cap_grid_field_alloc(&g), *q = cap_grid_field_alloc(&g);
  unsigned char *known = calloc(g.size, 1);
  cap_fmm_sample_phi(&g, phi, CAP_AT_CELL, ps);
  for (size_t k = 0; k < g.size; k++) {
    known[k] = ps[k] < 0;
    q[k] = known[k] ? 1.0 : 0.0;
  }
  th_int(cap_fmm_extrapolate(ws, &g, CAP_AT_CELL, ps, NULL, q, 3, CAP_FMM_ORDER1, NULL), CAP_EINVAL,
         "extrapolate: NULL known: EINVAL");
  th_int(cap_fmm_extrapolate(ws, &g, CAP_AT_CELL, NULL, known, q, 3, CAP_FMM_ORDER1, NULL), CAP_EINVAL,
         "extrapolate: NULL phi_s: EINVAL");
  th_int(cap_fmm_extrapolate(ws, &g, CAP_AT_CELL, ps, known, NULL, 3, CAP_FMM_ORDER1, NULL), CAP_EINVAL,
         "extrapolate: NULL q: EINVAL");
  th_int(cap_fmm_extrapolate(ws, &g, CAP_AT_ZFACE, ps, known, q, 3, CAP_FMM_ORDER1, NULL), CAP_EDOM,
         "extrapolate: z-faces on a 2D grid: EDOM");
  th_int(cap_fmm_extrapolate(ws, &g, (cap_location)-1, ps, known, q, 3, CAP_FMM_ORDER1, NULL), CAP_EDOM,
         "extrapolate: loc = -1: EDOM");
  th_int(cap_fmm_extrapolate(ws, &g, CAP_AT_CELL, ps, known, q, 0.99, CAP_FMM_ORDER1, NULL), CAP_EDOM,
         "extrapolate: band = 0.99: EDOM");
  th_int(cap_fmm_extrapolate(ws, &g, CAP_AT_CELL, ps, known, q, 3, (cap_fmm_order)0, NULL), CAP_EDOM,
         "extrapolate: order 0: EDOM");
  th_int(cap_fmm_extrapolate(ws3, &g3, (cap_location)4, p3, known, p3, 3, CAP_FMM_ORDER1, NULL), CAP_EDOM,
         "extrapolate: loc 4 on a 3D grid: EDOM");
  th_int(cap_fmm_extrapolate(ws, &g2, CAP_AT_CELL, ps, known, q, 3, CAP_FMM_ORDER1, NULL), CAP_ESIZE,
         "extrapolate: workspace of another grid: ESIZE");
  size_t k5 = cap_grid_idx(&g, 5, 9);
  double save = ps[k5];
  ps[k5] = INFINITY;
  th_int(cap_fmm_extrapolate(ws, &g, CAP_AT_CELL, ps, known, q, 3, CAP_FMM_ORDER1, NULL), CAP_ENONFINITE,
         "extrapolate: inf in phi_s: ENONFINITE");
  ps[k5] = save;
  size_t kin = cap_grid_idx(&g, n / 2, n / 2);
  q[kin] = NAN;
  th_int(cap_fmm_extrapolate(ws, &g, CAP_AT_CELL, ps, known, q, 3, CAP_FMM_ORDER1, NULL), CAP_ENONFINITE,
         "extrapolate: NaN in a known q: ENONFINITE");
  th_int(cap_fmm_sample_phi(&g, NULL, CAP_AT_XFACE, ps), CAP_EINVAL, "sample_phi: NULL phi: EINVAL");
  th_int(cap_fmm_sample_phi(&g, phi, (cap_location)4, ps), CAP_EDOM, "sample_phi: loc 4 in 2D: EDOM");
  th_int(cap_fmm_sample_phi(&g3, p3, (cap_location)4, p3), CAP_EDOM, "sample_phi: loc 4 on a 3D grid: EDOM");
  free(ps);
  free(q);
  free(known);
  err_free(&E);
}

/* ---------------------------------------------------------------------------------------------- */
/* Several fields side by side (cap_fmm_extrapolate_fields). */

/* Field k (0: x-faces, 1: y-faces) of the circle on g: ps[k] phi there, known[k] the liquid side,
 * q[k] q_angle at the known points and -1 elsewhere. */
static void side_fields(const cap_grid *g, const double *phi, double *ps[2], unsigned char *known[2], double *q[2])
{
  for (int k = 0; k < 2; k++) {
    cap_location loc = k ? CAP_AT_YFACE : CAP_AT_XFACE;
    cap_fmm_sample_phi(g, phi, loc, ps[k]);
    for (int j = 0; j < g->ny + k; j++)
      for (int i = 0; i < g->nx + !k; i++) {
        size_t c = cap_grid_idx(g, i, j);
        known[k][c] = ps[k][c] < 0;
        q[k][c] = known[k][c] ? q_angle((i + 0.5 * k) * g->h, (j + 0.5 * !k) * g->h) : -1;
      }
  }
}

/* u and v of a 128^2 circle extrapolated together with 1 and 2 threads, in two workspaces or sharing
 * one, equal, to the bit, the two extrapolated one at a time, for each order; the stats are per field. */
static void fields_side_by_side(void)
{
  cap_grid g;
  grid_unit(&g, CAP_GEOM_PLANAR, 128);
  double *phi = cap_grid_field_alloc(&g), *ps[2], *q[2], *one[2];
  unsigned char *known[2];
  cap_fmm_ws *ws[2] = {NULL, NULL};
  fill_circle(&g, phi);
  for (int k = 0; k < 2; k++) {
    ps[k] = cap_grid_field_alloc(&g);
    q[k] = cap_grid_field_alloc(&g);
    one[k] = cap_grid_field_alloc(&g);
    known[k] = calloc(g.size, 1);
    cap_fmm_ws_alloc(&ws[k], &g);
  }
  const int threads = cap_par_threads();
  for (int order = 1; order <= 3; order++)
    for (int run = 0; run < 4; run++) {
      const int t = 1 + run / 2, shared = run % 2;
      side_fields(&g, phi, ps, known, one);
      int st = 0;
      cap_fmm_stats s1[2], s2[2];
      cap_par_set_threads(1);
      for (int k = 0; k < 2 && !st; k++)
        st = cap_fmm_extrapolate(ws[0], &g, k ? CAP_AT_YFACE : CAP_AT_XFACE, ps[k], known[k], one[k], 5,
                                 (cap_fmm_order)order, &s1[k]);
      side_fields(&g, phi, ps, known, q);
      cap_par_set_threads(t);
      cap_fmm_field f[2] = {{CAP_AT_XFACE, ps[0], known[0], q[0]}, {CAP_AT_YFACE, ps[1], known[1], q[1]}};
      cap_fmm_ws *lanes[2] = {ws[0], ws[shared ? 0 : 1]};
      const char *how = shared ? "one workspace" : "two workspaces";
      if (!st) st = cap_fmm_extrapolate_fields(lanes, &g, 2, f, 5, (cap_fmm_order)order, s2);
      th_int(st, CAP_SUCCESS, "order %d, %d threads, %s: both calls succeed", order, t, how);
      th_int(memcmp(q[0], one[0], g.size * sizeof(double)) || memcmp(q[1], one[1], g.size * sizeof(double)), 0,
             "order %d, %d threads, %s: u and v together equal them one at a time, to the bit", order, t, how);
      th_true(s1[0].n_marched == s2[0].n_marched && s1[1].n_marched == s2[1].n_marched && s2[0].n_marched > 100 &&
                  s1[1].n_init == s2[1].n_init,
              "order %d, %d threads, %s: per-field stats (%zu and %zu marched)", order, t, how, s2[0].n_marched,
              s2[1].n_marched);
    }
  cap_par_set_threads(threads);
  for (int k = 0; k < 2; k++) {
    free(ps[k]);
    free(q[k]);
    free(one[k]);
    free(known[k]);
    cap_fmm_ws_free(ws[k]);
  }
  free(phi);
}

/* The errors of cap_fmm_extrapolate_fields: every field is checked before any is changed. */
static void fields_bad_input(void)
{
  err_setup E;
  err_init(&E);
  cap_grid g = E.g;
  double *ps[2], *q[2], *before = cap_grid_field_alloc(&g);
  unsigned char *known[2];
  cap_fmm_ws *ws[2] = {E.ws, NULL};
  cap_fmm_ws_alloc(&ws[1], &g);
  for (int k = 0; k < 2; k++) {
    ps[k] = cap_grid_field_alloc(&g);
    q[k] = cap_grid_field_alloc(&g);
    known[k] = calloc(g.size, 1);
  }
  side_fields(&g, E.phi, ps, known, q);
  cap_fmm_field f[2] = {{CAP_AT_XFACE, ps[0], known[0], q[0]}, {CAP_AT_YFACE, ps[1], known[1], q[1]}};
  th_int(cap_fmm_extrapolate_fields(ws, &g, 0, f, 3, CAP_FMM_ORDER1, NULL), CAP_EDOM, "fields: n = 0: EDOM");
  th_int(cap_fmm_extrapolate_fields(ws, &g, CAP_FMM_MAX_FIELDS + 1, f, 3, CAP_FMM_ORDER1, NULL), CAP_EDOM,
         "fields: n = %d: EDOM", CAP_FMM_MAX_FIELDS + 1);
  th_int(cap_fmm_extrapolate_fields(NULL, &g, 2, f, 3, CAP_FMM_ORDER1, NULL), CAP_EINVAL, "fields: NULL ws: EINVAL");
  th_int(cap_fmm_extrapolate_fields(ws, &g, 2, NULL, 3, CAP_FMM_ORDER1, NULL), CAP_EINVAL, "fields: NULL f: EINVAL");
  cap_fmm_field twice[2] = {f[0], {CAP_AT_YFACE, ps[1], known[1], q[0]}};
  th_int(cap_fmm_extrapolate_fields(ws, &g, 2, twice, 3, CAP_FMM_ORDER1, NULL), CAP_EINVAL,
         "fields: one q for two fields: EINVAL");
  memcpy(before, q[0], g.size * sizeof(double));
  size_t k5 = cap_grid_idx(&g, 5, 9);
  ps[1][k5] = NAN;
  th_int(cap_fmm_extrapolate_fields(ws, &g, 2, f, 3, CAP_FMM_ORDER1, NULL), CAP_ENONFINITE,
         "fields: NaN in the second field's phi_s: ENONFINITE");
  th_int(memcmp(before, q[0], g.size * sizeof(double)), 0, "fields: the first field is unchanged after that error");
  for (int k = 0; k < 2; k++) {
    free(ps[k]);
    free(q[k]);
    free(known[k]);
  }
  free(before);
  cap_fmm_ws_free(ws[1]);
  err_free(&E);
}

/* nothing known: every target is left unchanged and counted */
static void nothing_known(void)
{
  err_setup E;
  err_init(&E);
  const cap_grid *g = &E.g;
  int n = g->nx;
  double *ps = cap_grid_field_alloc(g), *q = cap_grid_field_alloc(g);
  unsigned char *known = calloc(g->size, 1);
  cap_fmm_sample_phi(g, E.phi, CAP_AT_CELL, ps);
  for (size_t k = 0; k < g->size; k++) q[k] = 0.25;
  cap_fmm_stats st;
  th_int(cap_fmm_extrapolate(E.ws, g, CAP_AT_CELL, ps, known, q, 3, CAP_FMM_ORDER2, &st), CAP_SUCCESS,
         "extrapolate with no known point: success");
  size_t targets = 0;
  double dq = 0;
  for (int j = 0; j < n; j++)
    for (int i = 0; i < n; i++) {
      size_t k = cap_grid_idx(g, i, j);
      targets += ps[k] <= 3 * g->h;
      dq = fmax(dq, fabs(q[k] - 0.25));
    }
  th_true(st.n_unreached == targets && st.n_marched == 0 && dq == 0,
          "no known point: %zu targets unreached and unchanged", targets);
  free(ps);
  free(q);
  free(known);
  err_free(&E);
}

/* the sampled phi at faces is the mean of the two cells, linear extrapolation at a wall face */
static void face_sampling(void)
{
  err_setup E;
  err_init(&E);
  const cap_grid *g = &E.g;
  const double *phi = E.phi;
  int n = g->nx;
  double *ps = cap_grid_field_alloc(g);
  cap_fmm_sample_phi(g, phi, CAP_AT_YFACE, ps);
  th_abs(ps[cap_grid_idx(g, 4, 6)], 0.5 * (phi[cap_grid_idx(g, 4, 5)] + phi[cap_grid_idx(g, 4, 6)]), 1e-15,
         "y-face phi is the mean of the two cells");
  th_abs(ps[cap_grid_idx(g, 4, n)], 1.5 * phi[cap_grid_idx(g, 4, n - 1)] - 0.5 * phi[cap_grid_idx(g, 4, n - 2)], 1e-15,
         "y-face on the top wall: linear extrapolation from the interior");
  free(ps);
  err_free(&E);
}

/* ---------------------------------------------------------------------------------------------- */
/* Robustness on an under-resolved field (noise: features of one cell), and a timing note. */

static void noise(void)
{
  int n = 64;
  cap_grid g;
  grid_unit(&g, CAP_GEOM_PLANAR, n);
  cap_fmm_ws *ws = NULL;
  cap_fmm_ws_alloc(&ws, &g);
  double *phi = cap_grid_field_alloc(&g), *old = cap_grid_field_alloc(&g);
  for (int order = 1; order <= 2; order++) {
    unsigned long long lcg = 38170512ULL; /* a local linear congruential generator (Knuth's MMIX) */
    for (int j = 0; j < n; j++)
      for (int i = 0; i < n; i++) {
        lcg = lcg * 6364136223846793005ULL + 1442695040888963407ULL;
        double u = (double)(lcg >> 11) / 9007199254740992.0; /* [0, 1) */
        size_t k = cap_grid_idx(&g, i, j);
        phi[k] = old[k] = (u - 0.4871) * 0.3817;
      }
    double band = 4.5;
    cap_fmm_stats st;
    int s = cap_fmm_redistance(ws, &g, phi, band, (cap_fmm_order)order, &st);
    long flips = 0, bad = 0;
    for (int j = 0; j < n; j++)
      for (int i = 0; i < n; i++) {
        size_t k = cap_grid_idx(&g, i, j);
        flips += (old[k] < 0) != (phi[k] < 0) || (old[k] == 0) != (phi[k] == 0);
        bad += !isfinite(phi[k]) || fabs(phi[k]) > band * g.h;
      }
    th_true(s == CAP_SUCCESS && flips == 0 && bad == 0,
            "noise field, order %d: success, signs kept, every |phi| <= band h (%ld flips, %ld bad; %zu "
            "interface cells, %zu fall back to order 1)",
            order, flips, bad, st.n_init, st.n_fallback);
  }
  free(phi);
  free(old);
  cap_fmm_ws_free(ws);
}

/* timing (a note, not a check): a 1024^2 grid, band 6, order 2 */
static void timing(void)
{
  int n = 1024;
  cap_grid g;
  grid_unit(&g, CAP_GEOM_PLANAR, n);
  cap_fmm_ws *ws = NULL;
  cap_fmm_ws_alloc(&ws, &g);
  double *phi = cap_grid_field_alloc(&g);
  double *q = cap_grid_field_alloc(&g);
  unsigned char *known = calloc(g.size, 1);
  for (int j = 0; j < n; j++)
    for (int i = 0; i < n; i++) {
      size_t k = cap_grid_idx(&g, i, j);
      phi[k] = phi_nondist(cap_grid_xc(&g, i), cap_grid_yc(&g, j), XC, YC);
    }
  cap_fmm_stats st;
  clock_t t0 = clock();
  int s = cap_fmm_redistance(ws, &g, phi, 6, CAP_FMM_ORDER2, &st);
  double t_red = (double)(clock() - t0) / CLOCKS_PER_SEC;
  for (size_t k = 0; k < g.size; k++) {
    known[k] = phi[k] < 0;
    q[k] = known[k] ? 1.0 : 0.0;
  }
  t0 = clock();
  if (!s) s = cap_fmm_extrapolate(ws, &g, CAP_AT_CELL, phi, known, q, 6, CAP_FMM_ORDER2, NULL);
  double t_ext = (double)(clock() - t0) / CLOCKS_PER_SEC;
  th_int(s, CAP_SUCCESS, "1024^2 grid, band 6: redistance and extrapolate");
  th_note("timing 1024^2, band 6, order 2: redistance %.3f s (%zu interface + %zu marched cells), extrapolate "
          "cells %.3f s",
          t_red, st.n_init, st.n_marched, t_ext);
  free(phi);
  free(q);
  free(known);
  cap_fmm_ws_free(ws);
}

/* ---------------------------------------------------------------------------------------------- */
/* 3D: a distorted sphere in the unit cube (grids of N3 cubed cells). */

static const double R3 = 0.3, ZC = 0.4937;
static const double W3 = 0.15; /* band half-width (< 0.187, the gap to the cube's faces) */
enum { NRES3 = 3 };
static const int N3[NRES3] = {24, 32, 48};

static int grid_cube(cap_grid *g, int n) { return cap_grid_init(g, CAP_GEOM_3D, n, n, n, 1.0 / n, 0, 0, 0, 2); }

static double dist_sphere(double x, double y, double z)
{
  return sqrt((x - XC) * (x - XC) + (y - YC) * (y - YC) + (z - ZC) * (z - ZC)) - R3;
}

static double phi_sphere_nondist(double x, double y, double z)
{
  double r2 = (x - XC) * (x - XC) + (y - YC) * (y - YC) + (z - ZC) * (z - ZC);
  return (r2 - R3 * R3) * (1 + 0.3 * sin(3 * x));
}

/* The points of loc on the 3D grid g: for every one, body with (i, j, k), its index c and position. */
#define LOC3_FOR(g, loc, i, j, k, c, x, y, z)                                                                          \
  for (int k = 0; k < (g)->nz + ((loc) == CAP_AT_ZFACE); k++)                                                          \
    for (int j = 0; j < (g)->ny + ((loc) == CAP_AT_YFACE); j++)                                                        \
      for (int i = 0; i < (g)->nx + ((loc) == CAP_AT_XFACE); i++)                                                      \
        for (size_t c = cap_grid_idx3((g), i, j, k), once_ = 1; once_; once_ = 0)                                      \
          for (double x = ((i) + ((loc) == CAP_AT_XFACE ? 0 : 0.5)) * (g)->h,                                          \
                      y = ((j) + ((loc) == CAP_AT_YFACE ? 0 : 0.5)) * (g)->h,                                          \
                      z = ((k) + ((loc) == CAP_AT_ZFACE ? 0 : 0.5)) * (g)->h, *once2_ = &x;                            \
               once2_; once2_ = NULL)

typedef struct {
  double e_all, e_far, e_iface, shift;
  long flips;
  cap_fmm_stats st;
  int status;
} redist3_result;

/* Redistancing at `order` of phi0 (dist_input = 0) or of the exact distance (1) on the sphere. */
static redist3_result run_sphere(cap_fmm_ws *ws, const cap_grid *g, cap_fmm_order order, int dist_input)
{
  redist3_result r;
  memset(&r, 0, sizeof r);
  const double h = g->h;
  double *phi = cap_grid_field_alloc(g), *old = cap_grid_field_alloc(g), *dex = cap_grid_field_alloc(g);
  LOC3_FOR(g, CAP_AT_CELL, i, j, k, c, x, y, z)
  {
    dex[c] = dist_sphere(x, y, z);
    phi[c] = old[c] = dist_input ? dex[c] : phi_sphere_nondist(x, y, z);
  }
  r.status = cap_fmm_redistance(ws, g, phi, W3 / h, order, &r.st);
  const int n = g->nx;
  LOC3_FOR(g, CAP_AT_CELL, i, j, k, c, x, y, z)
  {
    (void)x;
    (void)y;
    (void)z;
    double d = dex[c], e = fabs(phi[c] - d);
    if ((old[c] < 0) != (phi[c] < 0) || (old[c] == 0) != (phi[c] == 0)) r.flips++;
    if (fabs(d) <= W3) {
      r.e_all = fmax(r.e_all, e);
      if (fabs(d) >= 3 * h) r.e_far = fmax(r.e_far, e);
    }
    for (int a = 0; a < 3; a++) {
      int i2 = i + (a == 0), j2 = j + (a == 1), k2 = k + (a == 2);
      if (i2 >= n || j2 >= n || k2 >= n) continue;
      size_t c2 = cap_grid_idx3(g, i2, j2, k2);
      if ((old[c] < 0) == (old[c2] < 0)) continue;
      r.e_iface = fmax(r.e_iface, fmax(e, fabs(phi[c2] - dex[c2])));
      double t_old = old[c] / (old[c] - old[c2]), t_new = phi[c] / (phi[c] - phi[c2]);
      if (fabs(dex[c2] - dex[c]) >= 0.5 * h) r.shift = fmax(r.shift, fabs(t_new - t_old));
    }
  }
  free(phi);
  free(old);
  free(dex);
  return r;
}

/* Redistancing of the distorted sphere at order 1 and 2 over N3: errors in the band, away from the
 * interface and on the interface cells at the observed orders of the 2D circle (0.9 and 1.8); signs
 * kept; the linear crossings of the exact distance moved by a small fraction of h. */
static void redistance_sphere_3d(void)
{
  for (int order = 1; order <= 2; order++) {
    double hs[NRES3], ea[NRES3], ef[NRES3], ei[NRES3], shd = 0;
    long flips = 0;
    int ok = 1;
    for (int q = 0; q < NRES3; q++) {
      cap_grid g;
      grid_cube(&g, N3[q]);
      cap_fmm_ws *ws = NULL;
      ok &= cap_fmm_ws_alloc(&ws, &g) == CAP_SUCCESS;
      redist3_result r = run_sphere(ws, &g, (cap_fmm_order)order, 0);
      redist3_result rd = run_sphere(ws, &g, (cap_fmm_order)order, 1);
      ok &= r.status == CAP_SUCCESS && rd.status == CAP_SUCCESS;
      ok &= r.st.n_init + r.st.n_marched + r.st.n_clamped == (size_t)N3[q] * N3[q] * N3[q];
      flips += r.flips + rd.flips;
      hs[q] = g.h;
      ea[q] = r.e_all;
      ef[q] = r.e_far;
      ei[q] = r.e_iface;
      shd = fmax(shd, rd.shift);
      th_note("3D order %d n=%d band=%.1f cells: e_all %.3e e_far %.3e e_iface %.3e | crossing shift/h: phi0 %.2e, "
              "distance input %.2e | init %zu fallback %zu marched %zu clamped %zu",
              order, N3[q], W3 * N3[q], r.e_all, r.e_far, r.e_iface, r.shift, rd.shift, r.st.n_init, r.st.n_fallback,
              r.st.n_marched, r.st.n_clamped);
      cap_fmm_ws_free(ws);
    }
    th_true(ok, "3D order %d: every run succeeds and init + marched + clamped = all cells", order);
    th_int(flips, 0, "3D order %d: no cell changes sign (phi0 and distance inputs)", order);
    /* order 2 in the band: 1.7, below the circle's 1.8, since the fit over 7.2 to 14.4 cells per radius
     * is pre-asymptotic (docs/design/fast-marching.md, 3D) */
    double pmin = order == 1 ? 0.9 : 1.7;
    double pa = th_slope(NRES3, hs, ea), pf = th_slope(NRES3, hs, ef), pi = th_slope(NRES3, hs, ei);
    th_true(pa >= pmin, "3D order %d: observed order of max error in the band (|d| <= %g) %.3f >= %.1f", order, W3, pa,
            pmin);
    th_true(pf >= pmin, "3D order %d: observed order of max error for 3h <= |d| <= %g %.3f >= %.1f", order, W3, pf,
            pmin);
    pmin = order == 1 ? 0.9 : 2.5;
    th_true(pi >= pmin, "3D order %d: observed order of max error on interface cells %.3f >= %.1f", order, pi, pmin);
    double smax = order == 1 ? 0.1 : 0.01;
    th_true(shd <= smax, "3D order %d, distance input: zero crossings move by %.2e h <= %g h", order, shd, smax);
  }
}

/* A function of the direction from the sphere's centre: constant along its normals. */
static double q_dir(double x, double y, double z)
{
  double r = sqrt((x - XC) * (x - XC) + (y - YC) * (y - YC) + (z - ZC) * (z - ZC));
  double nx = (x - XC) / r, ny = (y - YC) / r, nz = (z - ZC) / r;
  return nx + 0.5 * sin(2 * ny + 0.3) + 0.4 * nz * nx;
}

static double q_lin3(double x, double y, double z) { return 0.3817 + 0.7 * x - 1.3 * y + 0.9 * z; }

/* Max error over the targets (0 <= phi_s < W3) of f extrapolated at `order` from inside the sphere
 * (phi the exact distance at the cells) onto the points of loc; NaN if a target is not reached. */
static double extrap_error3(cap_fmm_ws *ws, const cap_grid *g, const double *phi, cap_location loc, cap_fmm_order order,
                            double (*f)(double, double, double), int *status)
{
  double *ps = cap_grid_field_alloc(g), *q = cap_grid_field_alloc(g);
  unsigned char *known = calloc(g->size, 1);
  *status = cap_fmm_sample_phi(g, phi, loc, ps);
  LOC3_FOR(g, loc, i, j, k, c, x, y, z)
  {
    known[c] = ps[c] < 0;
    q[c] = known[c] ? f(x, y, z) : NAN;
  }
  cap_fmm_stats st = {0, 0, 0, 0, 0};
  if (!*status) *status = cap_fmm_extrapolate(ws, g, loc, ps, known, q, W3 / g->h, order, &st);
  double e = 0;
  LOC3_FOR(g, loc, i, j, k, c, x, y, z)
  {
    if (known[c] || !(ps[c] < (W3 / g->h) * g->h)) continue;
    double err = fabs(q[c] - f(x, y, z));
    e = isfinite(err) && e == e ? fmax(e, err) : NAN;
  }
  if (st.n_unreached) e = NAN;
  free(ps);
  free(q);
  free(known);
  return e;
}

/* Extension off the sphere at every lattice (cells, x-, y-, z-faces): q_dir at order 1 and 2 (observed
 * orders 0.9 and 1.8, as in 2D), q_lin3 linear along the normals with CAP_FMM_LINEAR (1.8). */
static void extrapolate_sphere_3d(void)
{
  static const char *names[4] = {"cells", "x-faces", "y-faces", "z-faces"};
  double hs[NRES3], e[3][4][NRES3];
  int ok = 1;
  for (int q = 0; q < NRES3; q++) {
    cap_grid g;
    grid_cube(&g, N3[q]);
    cap_fmm_ws *ws = NULL;
    ok &= cap_fmm_ws_alloc(&ws, &g) == CAP_SUCCESS;
    double *phi = cap_grid_field_alloc(&g);
    LOC3_FOR(&g, CAP_AT_CELL, i, j, k, c, x, y, z) phi[c] = dist_sphere(x, y, z);
    hs[q] = g.h;
    for (int o = 0; o < 3; o++)
      for (int loc = 0; loc <= 3; loc++) {
        int s;
        e[o][loc][q] =
            extrap_error3(ws, &g, phi, (cap_location)loc, (cap_fmm_order)(o + 1), o == 2 ? q_lin3 : q_dir, &s);
        ok &= s == CAP_SUCCESS;
      }
    for (int o = 0; o < 3; o++)
      th_note("3D extension %s n=%d: max error cells %.3e x-faces %.3e y-faces %.3e z-faces %.3e",
              o == 2   ? "LINEAR, q linear"
              : o == 1 ? "order 2, q(direction)"
                       : "order 1, q(direction)",
              N3[q], e[o][0][q], e[o][1][q], e[o][2][q], e[o][3][q]);
    free(phi);
    cap_fmm_ws_free(ws);
  }
  th_true(ok, "3D extension: every call succeeds");
  for (int o = 0; o < 3; o++)
    for (int loc = 0; loc <= 3; loc++) {
      double p = th_slope(NRES3, hs, e[o][loc]), pmin = o == 0 ? 0.9 : 1.8;
      th_true(p >= pmin, "3D extension %s, %s, into 0 <= phi < %g: observed order %.3f >= %.1f",
              o == 2   ? "LINEAR (q linear)"
              : o == 1 ? "order 2 (q constant along normals)"
                       : "order 1 (q constant along normals)",
              names[loc], W3, p, pmin);
    }
}

/* u, v and w of a 32^3 sphere extrapolated together with 1 and 2 threads equal, to the bit, the three
 * extrapolated one at a time (each order); a z-periodic grid, the sphere across z = 0, whose duplicate
 * z-face nz follows face 0. */
static void fields_3d(void)
{
  const int n = 32;
  cap_grid g;
  grid_cube(&g, n);
  cap_grid_set_bc(&g, CAP_ZLO, CAP_BC_PERIODIC);
  cap_grid_set_bc(&g, CAP_ZHI, CAP_BC_PERIODIC);
  double *phi = cap_grid_field_alloc(&g), *ps[3], *q[3], *one[3];
  unsigned char *known[3];
  cap_fmm_ws *ws[3] = {NULL, NULL, NULL};
  /* the sphere centred at z = 0.0937: its images at z +- 1 are disjoint from it */
  LOC3_FOR(&g, CAP_AT_CELL, i, j, k, c, x, y, z)
  phi[c] = fmin(fmin(dist_sphere(x, y, z + ZC - 0.0937), dist_sphere(x, y, z + ZC - 1.0937)),
                dist_sphere(x, y, z + ZC + 0.9063));
  int ok = 1;
  for (int k = 0; k < 3; k++) {
    ps[k] = cap_grid_field_alloc(&g);
    q[k] = cap_grid_field_alloc(&g);
    one[k] = cap_grid_field_alloc(&g);
    known[k] = calloc(g.size, 1);
    ok &= cap_fmm_ws_alloc(&ws[k], &g) == CAP_SUCCESS;
    ok &= cap_fmm_sample_phi(&g, phi, (cap_location)(k + 1), ps[k]) == CAP_SUCCESS;
  }
  const int threads = cap_par_threads();
  long dup_bad = 0;
  for (int order = 1; order <= 3; order++)
    for (int t = 1; t <= 2; t++) {
      for (int k = 0; k < 3; k++) {
        const cap_location loc = (cap_location)(k + 1);
        LOC3_FOR(&g, loc, i, j, kk, c, x, y, z)
        {
          known[k][c] = ps[k][c] < 0;
          q[k][c] = one[k][c] = known[k][c] ? q_lin3(x, y, z) + k : -1;
        }
      }
      /* the duplicate z-face nz is face 0 */
      for (int j = 0; j < n; j++)
        for (int i = 0; i < n; i++) {
          size_t top = cap_grid_idx3(&g, i, j, n), bottom = cap_grid_idx3(&g, i, j, 0);
          known[2][top] = known[2][bottom];
          q[2][top] = one[2][top] = q[2][bottom];
        }
      cap_par_set_threads(1);
      for (int k = 0; k < 3; k++)
        ok &= cap_fmm_extrapolate(ws[0], &g, (cap_location)(k + 1), ps[k], known[k], one[k], 5, (cap_fmm_order)order,
                                  NULL) == CAP_SUCCESS;
      cap_par_set_threads(t);
      cap_fmm_field f[3] = {{CAP_AT_XFACE, ps[0], known[0], q[0]},
                            {CAP_AT_YFACE, ps[1], known[1], q[1]},
                            {CAP_AT_ZFACE, ps[2], known[2], q[2]}};
      ok &= cap_fmm_extrapolate_fields(ws, &g, 3, f, 5, (cap_fmm_order)order, NULL) == CAP_SUCCESS;
      int same = 1;
      for (int k = 0; k < 3; k++) same &= memcmp(q[k], one[k], g.size * sizeof(double)) == 0;
      th_true(same, "3D, order %d, %d threads: u, v, w side by side equal them one at a time, to the bit", order, t);
      for (int j = 0; j < n; j++)
        for (int i = 0; i < n; i++) dup_bad += q[2][cap_grid_idx3(&g, i, j, n)] != q[2][cap_grid_idx3(&g, i, j, 0)];
    }
  cap_par_set_threads(threads);
  th_true(ok, "3D fields: every call succeeds");
  th_int(dup_bad, 0, "3D z-periodic: the duplicate z-face nz equals face 0 after extrapolation");
  for (int k = 0; k < 3; k++) {
    free(ps[k]);
    free(q[k]);
    free(one[k]);
    free(known[k]);
    cap_fmm_ws_free(ws[k]);
  }
  free(phi);
}

/* 3D error paths: a NaN named by (i, j, k); loc 4; a workspace of the 2D grid. */
static void bad_input_3d(void)
{
  cap_grid g, g2;
  grid_cube(&g, 8);
  grid_unit(&g2, CAP_GEOM_PLANAR, 8);
  cap_fmm_ws *ws = NULL, *ws2 = NULL;
  cap_fmm_ws_alloc(&ws, &g);
  cap_fmm_ws_alloc(&ws2, &g2);
  double *phi = cap_grid_field_alloc(&g), *ps = cap_grid_field_alloc(&g);
  unsigned char *known = calloc(g.size, 1);
  LOC3_FOR(&g, CAP_AT_CELL, i, j, k, c, x, y, z) phi[c] = dist_sphere(x, y, z);
  th_int(cap_fmm_redistance(ws2, &g, phi, 3, CAP_FMM_ORDER2, NULL), CAP_ESIZE, "3D: workspace of a 2D grid: ESIZE");
  cap_grid big; /* 1700^3 cells and their ghosts: more entries than 32-bit heap indices reach (nothing allocated) */
  cap_fmm_ws *wbig = NULL;
  th_int(cap_grid_init(&big, CAP_GEOM_3D, 1700, 1700, 1700, 1.0 / 1700, 0, 0, 0, 3), CAP_SUCCESS, "3D: a 1700^3 grid");
  th_true(big.size > 4294967295u, "3D: the 1700^3 grid has %zu > 2^32 - 1 entries", big.size);
  th_int(cap_fmm_ws_alloc(&wbig, &big), CAP_ESIZE, "3D: a workspace of more than 2^32 - 1 entries: ESIZE");
  th_true(wbig == NULL, "3D: no workspace after ESIZE");
  th_int(cap_fmm_sample_phi(&g, phi, CAP_AT_ZFACE, ps), CAP_SUCCESS, "3D: sample phi at z-faces");
  th_abs(ps[cap_grid_idx3(&g, 3, 4, 5)], 0.5 * (phi[cap_grid_idx3(&g, 3, 4, 4)] + phi[cap_grid_idx3(&g, 3, 4, 5)]),
         1e-15, "3D: z-face phi is the mean of the two cells");
  th_abs(ps[cap_grid_idx3(&g, 3, 4, 8)], 1.5 * phi[cap_grid_idx3(&g, 3, 4, 7)] - 0.5 * phi[cap_grid_idx3(&g, 3, 4, 6)],
         1e-15, "3D: z-face on the top wall: linear extrapolation from the interior");
  th_int(cap_fmm_extrapolate(ws, &g, (cap_location)4, ps, known, ps, 3, CAP_FMM_ORDER1, NULL), CAP_EDOM,
         "3D: loc 4: EDOM");
  phi[cap_grid_idx3(&g, 2, 5, 6)] = NAN;
  th_int(cap_fmm_redistance(ws, &g, phi, 3, CAP_FMM_ORDER2, NULL), CAP_ENONFINITE, "3D: NaN in phi: ENONFINITE");
  th_true(strstr(cap_error_message(), "(2, 5, 6)") != NULL, "3D: the message names the cell (2, 5, 6): '%s'",
          cap_error_message());
  free(phi);
  free(ps);
  free(known);
  cap_fmm_ws_free(ws);
  cap_fmm_ws_free(ws2);
}

static void redistance_order1(void) { redistance_circle(1); }
static void redistance_order2(void) { redistance_circle(2); }
static void extrapolate_order1(void) { extrapolate_circle(1); }
static void extrapolate_order2(void) { extrapolate_circle(2); }

static const th_case cases[] = {
    {"bad_input", bad_input},
    {"no_interface", no_interface},
    {"zero_cell", zero_cell},
    {"extrapolate_bad_input", extrapolate_bad_input},
    {"nothing_known", nothing_known},
    {"fields_side_by_side", fields_side_by_side},
    {"fields_bad_input", fields_bad_input},
    {"face_sampling", face_sampling},
    {"straight_redistance", straight_redistance},
    {"straight_extrapolate", straight_extrapolate},
    {"redistance_order1", redistance_order1},
    {"redistance_order2", redistance_order2},
    {"extrapolate_order1", extrapolate_order1},
    {"extrapolate_order2", extrapolate_order2},
    {"extrapolate_linear", extrapolate_linear},
    {"axi_periodic", axi_periodic},
    {"periodic_faces", periodic_faces},
    {"noise", noise},
    {"timing", timing},
    {"bad_input_3d", bad_input_3d},
    {"redistance_sphere_3d", redistance_sphere_3d},
    {"extrapolate_sphere_3d", extrapolate_sphere_3d},
    {"fields_3d", fields_3d},
    {NULL, NULL},
};

int main(int argc, char **argv) { return th_main(argc, argv, cases); }
