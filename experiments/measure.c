#include "measure.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../analytic/capref_oscillation.h"
#include "../analytic/capref_rise.h"
#include "../solver/cap_contact.h"
#include "../solver/cap_errno.h"
#include "../solver/cap_levelset.h"
#include "harness.h"

int exp_crossings(const cap_grid *g, const double *phi, const double *kappa, const unsigned char *solid,
                  exp_crossing *c, int cap, int *n)
{
  int m = 0;
  *n = 0;
  const int d3 = g->dim == 3, nz = d3 ? g->nz : 1;
  for (int k = 0; k < nz; k++)
    for (int j = 0; j < g->ny; j++)
      for (int i = 0; i < g->nx; i++)
        for (int d = 0; d < g->dim; d++) {
          int di = d == 0, dj = d == 1, dk = d == 2;
          if (i + di >= g->nx || j + dj >= g->ny || k + dk >= nz) continue;
          size_t a = d3 ? cap_grid_idx3(g, i, j, k) : cap_grid_idx(g, i, j);
          size_t b = d3 ? cap_grid_idx3(g, i + di, j + dj, k + dk) : cap_grid_idx(g, i + di, j + dj);
          if ((phi[a] < 0) == (phi[b] < 0)) continue;
          if (solid && (solid[a] || solid[b])) continue;
          if (m >= cap) return CAP_ERROR(CAP_ENUMERIC, "more than %d interface crossings", cap);
          double t, kap = NAN;
          int st = cap_levelset_crossing(g, phi, kappa, i, j, k, di, dj, dk, &t, kappa ? &kap : NULL);
          if (st) return st;
          c[m] = (exp_crossing){cap_grid_xc(g, i) + t * di * g->h,
                                cap_grid_yc(g, j) + t * dj * g->h,
                                kap,
                                i,
                                j,
                                di,
                                dj,
                                d3 ? cap_grid_zc(g, k) + t * dk * g->h : 0,
                                k,
                                dk};
          *n = ++m;
        }
  return CAP_SUCCESS;
}

int exp_surface_height(const cap_grid *g, const double *phi, int i, double *z)
{
  *z = NAN;
  for (int j = g->ny - 2; j >= 0; j--) {
    size_t a = cap_grid_idx(g, i, j), b = cap_grid_idx(g, i, j + 1);
    if ((phi[a] < 0) == (phi[b] < 0)) continue;
    double t;
    int st = cap_levelset_crossing(g, phi, NULL, i, j, 0, 0, 1, 0, &t, NULL);
    if (st) return st;
    *z = cap_grid_yc(g, j) + t * g->h;
    return CAP_SUCCESS;
  }
  return CAP_SUCCESS;
}

int exp_zero_pressure_level(const cap_grid *g, const double *phi, const double *p, const unsigned char *solid, int i0,
                            int i1, double rho_g, double *y)
{
  double sum = 0;
  int n = 0;
  for (int i = i0; i < i1; i++) {
    size_t c = cap_grid_idx(g, i, 0);
    if ((solid && solid[c]) || !(phi[c] < 0)) continue;
    sum += cap_grid_yc(g, 0) + p[c] / rho_g;
    n++;
  }
  if (!n)
    return CAP_ERROR(CAP_ENUMERIC, "no liquid in the bottom row between columns %d and %d: no level of zero pressure",
                     i0, i1);
  *y = sum / n;
  return CAP_SUCCESS;
}

int exp_drop_apex_foot(const exp_crossing *c, int n, double *apex, double *half_width)
{
  double hc[2] = {NAN, NAN}, xrow[2] = {NAN, NAN};
  for (int k = 0; k < n; k++) {
    if (c[k].di && c[k].j < 2 && !(c[k].x < xrow[c[k].j])) xrow[c[k].j] = c[k].x;
    if (c[k].dj && c[k].i < 2 && !(c[k].y < hc[c[k].i])) hc[c[k].i] = c[k].y;
  }
  *apex = (9 * hc[0] - hc[1]) / 8;
  *half_width = 1.5 * xrow[0] - 0.5 * xrow[1];
  if (!(isfinite(*apex) && isfinite(*half_width)))
    return CAP_ERROR(CAP_ENUMERIC, "the drop has no apex or no contact line on the wall (apex %g, half-width %g)",
                     *apex, *half_width);
  return CAP_SUCCESS;
}

int exp_drop_apex_foot3(const exp_crossing *c, int n, double *apex, double *radius)
{
  double hc[2] = {NAN, NAN}, rrow[2] = {NAN, NAN};
  for (int k = 0; k < n; k++) {
    if (c[k].di && c[k].j == 0 && c[k].k < 2 && !(hypot(c[k].x, c[k].y) < rrow[c[k].k]))
      rrow[c[k].k] = hypot(c[k].x, c[k].y);
    if (c[k].dk && c[k].j == 0 && c[k].i < 2 && !(c[k].z < hc[c[k].i])) hc[c[k].i] = c[k].z;
  }
  *apex = (5 * hc[0] - hc[1]) / 4;
  *radius = 1.5 * rrow[0] - 0.5 * rrow[1];
  if (!(isfinite(*apex) && isfinite(*radius)))
    return CAP_ERROR(CAP_ENUMERIC, "the drop has no apex or no contact line on the floor (apex %g, radius %g)", *apex,
                     *radius);
  return CAP_SUCCESS;
}

double exp_legendre(int n, double mu)
{
  double p0 = 1, p1 = mu;
  if (n == 0) return 1;
  for (int k = 1; k < n; k++) {
    double p2 = ((2 * k + 1) * mu * p1 - k * p0) / (k + 1);
    p0 = p1;
    p1 = p2;
  }
  return p1;
}

/* The mode's harmonic at (x, y) from the centroid: Re((x + i y)^n), or rho^n P_n(y / rho) (axi). */
static double mode_harmonic(int n, int axi, double x, double y)
{
  if (axi) {
    double rho = hypot(x, y);
    return rho > 0 ? pow(rho, n) * exp_legendre(n, y / rho) : 0;
  }
  double re = 1, im = 0;
  for (int k = 0; k < n; k++) {
    double r2 = re * x - im * y;
    im = re * y + im * x;
    re = r2;
  }
  return re;
}

/* Adds a sample of weight wv at (x, y): to the measure and first moments (pass 0) or to the mode's
 * moment about (cx, cy) (pass 1). */
static void moment_add(double *m, int pass, int n, int axi, double x, double y, double cx, double cy, double wv)
{
  if (pass)
    m[3] += mode_harmonic(n, axi, x - cx, y - cy) * wv;
  else {
    m[0] += wv;
    m[1] += x * wv;
    m[2] += y * wv;
  }
}

/* The measure and first moments (m[0..2], pass 0) and, with passes = 2, the moment of mode n about the
 * centroid (m[3], pass 1) of the liquid of phi (exp_mode_moment). Fills phi's ghosts. */
static int liquid_moments(const cap_grid *g, double *phi, int n, int sub, int passes, double m[4])
{
  int st = cap_levelset_fill_ghosts(g, NULL, phi), axi = g->geom == CAP_GEOM_AXI;
  if (st) return st;
  double h = g->h, q = h / sub;
  m[0] = m[1] = m[2] = m[3] = 0;
  for (int pass = 0; pass < passes; pass++) {
    double cx = pass && !axi ? m[1] / m[0] : 0, cy = pass ? m[2] / m[0] : 0;
    for (int j = 0; j < g->ny; j++)
      for (int i = 0; i < g->nx; i++) {
        size_t c = cap_grid_idx(g, i, j);
        double x = cap_grid_xc(g, i), y = cap_grid_yc(g, j);
        int cut = 0;
        for (int dj = -1; dj <= 1; dj++)
          for (int di = -1; di <= 1; di++)
            if ((phi[c + di + dj * g->sy] < 0) != (phi[c] < 0)) cut = 1;
        if (!cut) {
          if (phi[c] < 0) moment_add(m, pass, n, axi, x, y, cx, cy, h * h * (axi ? 2 * M_PI * x : 1));
          continue;
        }
        for (int b = 0; b < sub; b++)
          for (int a = 0; a < sub; a++) {
            double sx = (a + 0.5) / sub - 0.5, sy = (b + 0.5) / sub - 0.5;
            int ox = sx < 0 ? -1 : 0, oy = sy < 0 ? -1 : 0;
            double fx = sx - ox, fy = sy - oy;
            size_t c0 = c + ox + oy * g->sy;
            double f = (1 - fx) * (1 - fy) * phi[c0] + fx * (1 - fy) * phi[c0 + 1] + (1 - fx) * fy * phi[c0 + g->sy] +
                       fx * fy * phi[c0 + 1 + g->sy];
            if (f >= 0) continue;
            double px = x + sx * h, py = y + sy * h;
            moment_add(m, pass, n, axi, px, py, cx, cy, q * q * (axi ? 2 * M_PI * px : 1));
          }
      }
  }
  return CAP_SUCCESS;
}

/* The solid harmonic Q_n = rho^n P_n(z / rho), rho^2 = x^2 + y^2 + z^2, by Bonnet's recurrence multiplied by
 * rho^(k+1): (k + 1) Q_(k+1) = (2k + 1) z Q_k - k rho^2 Q_(k-1), Q_0 = 1, Q_1 = z (a polynomial: no root, no power). */
static double solid_harmonic(int n, double x, double y, double z)
{
  double r2 = x * x + y * y + z * z, q0 = 1, q1 = z;
  if (n == 0) return 1;
  for (int k = 1; k < n; k++) {
    double q2 = ((2 * k + 1) * z * q1 - k * r2 * q0) / (k + 1);
    q0 = q1;
    q1 = q2;
  }
  return q1;
}

/* The volume (m[0]) and the moment of mode n about the origin (m[3]) of the liquid of phi on a 3D grid: the
 * quadrature of liquid_moments with 26 neighbours, sub^3 samples of the trilinear phi and the solid harmonic
 * rho^n P_n(z / rho) (solid_harmonic). Fills phi's ghosts, the even mirror across a free-slip side. */
static int liquid_moments3(const cap_grid *g, double *phi, int n, int sub, double m[4])
{
  int st = cap_levelset_fill_ghosts(g, NULL, phi);
  for (int side = 0; side < 6 && !st; side++) /* a free-slip side: a symmetry plane */
    if (g->bc[side] == CAP_BC_SLIP) st = cap_grid_mirror_even(g, phi, (cap_side)side);
  if (st) return st;
  const size_t sy = g->sy, sz = g->sz;
  double h = g->h, q = h / sub;
  m[0] = m[1] = m[2] = m[3] = 0;
  for (int k = 0; k < g->nz; k++)
    for (int j = 0; j < g->ny; j++)
      for (int i = 0; i < g->nx; i++) {
        size_t c = cap_grid_idx3(g, i, j, k);
        double x = cap_grid_xc(g, i), y = cap_grid_yc(g, j), z = cap_grid_zc(g, k);
        int cut = 0;
        for (int dk = -1; dk <= 1; dk++)
          for (int dj = -1; dj <= 1; dj++)
            for (int di = -1; di <= 1; di++)
              if ((phi[c + di + dj * sy + dk * sz] < 0) != (phi[c] < 0)) cut = 1;
        if (!cut) {
          if (phi[c] < 0) {
            m[0] += h * h * h;
            m[3] += solid_harmonic(n, x, y, z) * h * h * h;
          }
          continue;
        }
        for (int e = 0; e < sub * sub * sub; e++) {
          double s[3] = {(e % sub + 0.5) / sub - 0.5, (e / sub % sub + 0.5) / sub - 0.5,
                         (e / sub / sub + 0.5) / sub - 0.5};
          double f[3] = {s[0] + (s[0] < 0), s[1] + (s[1] < 0), s[2] + (s[2] < 0)}, v = 0;
          size_t c0 = c - (s[0] < 0) - (s[1] < 0) * sy - (s[2] < 0) * sz; /* the corner below the sample */
          for (int a = 0; a < 8; a++)
            v += (a & 1 ? f[0] : 1 - f[0]) * (a & 2 ? f[1] : 1 - f[1]) * (a & 4 ? f[2] : 1 - f[2]) *
                 phi[c0 + (a & 1) + (a & 2 ? sy : 0) + (a & 4 ? sz : 0)];
          if (v >= 0) continue;
          double px = x + s[0] * h, py = y + s[1] * h, pz = z + s[2] * h;
          m[0] += q * q * q;
          m[3] += solid_harmonic(n, px, py, pz) * q * q * q;
        }
      }
  return CAP_SUCCESS;
}

int exp_mode_moment(const cap_grid *g, double *phi, int n, int sub, double *measure, double *moment)
{
  double m[4];
  int st = g->dim == 3 ? liquid_moments3(g, phi, n, sub, m) : liquid_moments(g, phi, n, sub, 2, m);
  if (st) return st;
  *measure = m[0];
  *moment = m[3];
  return CAP_SUCCESS;
}

int exp_liquid_centroid(const cap_grid *g, double *phi, int sub, double *measure, double *xc, double *yc)
{
  double m[4];
  if (g->dim == 3) return CAP_ERROR(CAP_EGEOM, "exp_liquid_centroid: g is a 3D grid (planar and AXI only)");
  int st = liquid_moments(g, phi, 0, sub, 1, m);
  if (st) return st;
  *measure = m[0];
  *xc = m[0] > 0 ? m[1] / m[0] : NAN;
  *yc = m[0] > 0 ? m[2] / m[0] : NAN;
  return CAP_SUCCESS;
}

void exp_mode_points(cap_geometry geom, double xc, double yc, double R, double a, int n, int npts, double *x, double *y)
{
  const int axi = geom == CAP_GEOM_AXI;
  for (int k = 0; k < npts; k++) {
    double th = (axi ? M_PI : 2 * M_PI) * k / (npts - 1);
    double r = R * (1 + a * (axi ? exp_legendre(n, cos(th)) : cos(n * th)));
    x[k] = xc + r * (axi ? sin(th) : cos(th));
    y[k] = yc + r * (axi ? cos(th) : sin(th));
  }
}

/* Solves the N x N system of the augmented N x (N + 1) matrix A (row-major; overwritten) by Gaussian elimination
 * with partial pivoting into s; what names the fit and np its points in the message of a singular system. */
static int solve_augmented(int N, double *A, double *s, const char *what, int np)
{
  const int W = N + 1;
  for (int p = 0; p < N; p++) {
    int m = p;
    for (int r = p + 1; r < N; r++)
      if (fabs(A[r * W + p]) > fabs(A[m * W + p])) m = r;
    for (int q = 0; q < W; q++) {
      double t = A[p * W + q];
      A[p * W + q] = A[m * W + q];
      A[m * W + q] = t;
    }
    if (fabs(A[p * W + p]) < 1e-300) return CAP_ERROR(CAP_ENUMERIC, "%s fit: singular system (%d points)", what, np);
    for (int r = p + 1; r < N; r++) {
      double f = A[r * W + p] / A[p * W + p];
      for (int q = p; q < W; q++) A[r * W + q] -= f * A[p * W + q];
    }
  }
  for (int p = N - 1; p >= 0; p--) {
    s[p] = A[p * W + N];
    for (int q = p + 1; q < N; q++) s[p] -= A[p * W + q] * s[q];
    s[p] /= A[p * W + p];
  }
  return CAP_SUCCESS;
}

int exp_circle_fit(const exp_crossing *c, int n, int mirror, double *xc, double *yc, double *R)
{
  double A[3 * 4] = {0};
  for (int k = 0; k < n; k++)
    for (int m = 0; m <= (mirror != 0); m++) {
      double x = m ? -c[k].x : c[k].x, y = c[k].y, f[3] = {x, y, 1}, r = -(x * x + y * y);
      for (int p = 0; p < 3; p++) {
        A[p * 4 + 3] += f[p] * r;
        for (int q = 0; q < 3; q++) A[p * 4 + q] += f[p] * f[q];
      }
    }
  n *= mirror ? 2 : 1;
  double s[3];
  int st = solve_augmented(3, A, s, "circle", n);
  if (st) return st;
  *xc = -s[0] / 2;
  *yc = -s[1] / 2;
  double r2 = *xc * *xc + *yc * *yc - s[2];
  if (!(r2 > 0)) return CAP_ERROR(CAP_ENUMERIC, "circle fit: no real circle (%d points)", n);
  *R = sqrt(r2);
  return CAP_SUCCESS;
}

int exp_sphere_fit(const exp_crossing *c, int n, int mirror, double *xc, double *yc, double *zc, double *R)
{
  double A[4 * 5] = {0};
  const int mx = (mirror & EXP_FIT_MIRROR_X) != 0, my = (mirror & EXP_FIT_MIRROR_Y) != 0;
  for (int k = 0; k < n; k++)
    for (int a = 0; a <= mx; a++)
      for (int b = 0; b <= my; b++) {
        double x = a ? -c[k].x : c[k].x, y = b ? -c[k].y : c[k].y, z = c[k].z, f[4] = {x, y, z, 1};
        double r = -(x * x + y * y + z * z);
        for (int p = 0; p < 4; p++) {
          A[p * 5 + 4] += f[p] * r;
          for (int q = 0; q < 4; q++) A[p * 5 + q] += f[p] * f[q];
        }
      }
  n *= (1 + mx) * (1 + my);
  double s[4];
  int st = solve_augmented(4, A, s, "sphere", n);
  if (st) return st;
  *xc = -s[0] / 2;
  *yc = -s[1] / 2;
  *zc = -s[2] / 2;
  double r2 = *xc * *xc + *yc * *yc + *zc * *zc - s[3];
  if (!(r2 > 0)) return CAP_ERROR(CAP_ENUMERIC, "sphere fit: no real sphere (%d points)", n);
  *R = sqrt(r2);
  return CAP_SUCCESS;
}
/* Least squares of f = c0 + e^(-lam s) (c1 cos(om s) + c2 sin(om s)), s = t - t_first, for given lam
 * and om: the normal equations solved by Cramer's rule; the sum of squared residuals (inf if they are
 * singular). */
static double damped_fit(const double *t, const double *f, int n, double lam, double om, double c[3])
{
  double A[3][3] = {{0}}, b[3] = {0};
  for (int k = 0; k < n; k++) {
    double s = t[k] - t[0], e = exp(-lam * s), x[3] = {1, e * cos(om * s), e * sin(om * s)};
    for (int i = 0; i < 3; i++) {
      b[i] += x[i] * f[k];
      for (int j = 0; j < 3; j++) A[i][j] += x[i] * x[j];
    }
  }
  double det = A[0][0] * (A[1][1] * A[2][2] - A[1][2] * A[2][1]) - A[0][1] * (A[1][0] * A[2][2] - A[1][2] * A[2][0]) +
               A[0][2] * (A[1][0] * A[2][1] - A[1][1] * A[2][0]);
  if (!(fabs(det) > 1e-12 * A[0][0] * A[1][1] * A[2][2])) return INFINITY;
  for (int m = 0; m < 3; m++) {
    double B[3][3];
    memcpy(B, A, sizeof B);
    for (int i = 0; i < 3; i++) B[i][m] = b[i];
    c[m] = (B[0][0] * (B[1][1] * B[2][2] - B[1][2] * B[2][1]) - B[0][1] * (B[1][0] * B[2][2] - B[1][2] * B[2][0]) +
            B[0][2] * (B[1][0] * B[2][1] - B[1][1] * B[2][0])) /
           det;
  }
  double r = 0;
  for (int k = 0; k < n; k++) {
    double s = t[k] - t[0], e = exp(-lam * s);
    r += pow(f[k] - c[0] - e * (c[1] * cos(om * s) + c[2] * sin(om * s)), 2);
  }
  return r;
}

void exp_damped_limit(const double *t, const double *f, int n, double *limit, double *rms)
{
  double mean = 0, var = 0;
  for (int k = 0; k < n; k++) mean += f[k] / n;
  for (int k = 0; k < n; k++) var += pow(f[k] - mean, 2) / n;
  *limit = n ? mean : NAN;
  *rms = n ? sqrt(var) : NAN;
  if (n < 12) return;
  double best = INFINITY, lam0 = 0, om0 = 0, dl = 0.02, dw = 0.02, c[3];
  for (int i = 0; i <= 50; i++)
    for (int j = 0; j <= 140; j++) {
      double lam = i * dl, om = 0.2 + j * dw, r = damped_fit(t, f, n, lam, om, c);
      if (r < best) {
        best = r;
        lam0 = lam;
        om0 = om;
      }
    }
  for (int pass = 0; pass < 2; pass++) {
    double l1 = lam0, w1 = om0;
    for (int i = -10; i <= 10; i++)
      for (int j = -10; j <= 10; j++) {
        double lam = l1 + i * dl / 10, om = w1 + j * dw / 10;
        if (lam < 0) continue;
        double r = damped_fit(t, f, n, lam, om, c);
        if (r < best) {
          best = r;
          lam0 = lam;
          om0 = om;
        }
      }
    dl /= 10;
    dw /= 10;
  }
  if (!isfinite(best)) return;
  damped_fit(t, f, n, lam0, om0, c);
  *limit = c[0];
  *rms = sqrt(best / n);
}

int exp_damped_cosine_fit(const double *t, const double *f, long n, double *omega, double *beta)
{
  double mean = 0;
  for (long k = 0; k < n; k++) mean += f[k] / n;
  double first = NAN, last = NAN;
  int crossings = 0;
  for (long k = 1; k < n; k++) {
    double y0 = f[k - 1] - mean, y1 = f[k] - mean;
    if ((y0 < 0) != (y1 < 0)) {
      double tc = t[k - 1] + (t[k] - t[k - 1]) * y0 / (y0 - y1);
      if (!crossings) first = tc;
      last = tc;
      crossings++;
    }
  }
  if (crossings < 2) return CAP_ERROR(CAP_ENUMERIC, "the series has %d zero crossing(s): no period", crossings);
  double om0 = M_PI * (crossings - 1) / (last - first);
  const double p0[5] = {f[0] - mean, 0, om0, 0, mean};
  capref_result om, b;
  int st = capref_oscillation_fit_damped_cosine(t, f, (size_t)n, p0, &b, &om);
  if (st) return st;
  *omega = om.val;
  *beta = b.val;
  return CAP_SUCCESS;
}

double exp_osc_radius(const exp_osc *o)
{
  double e2 = o->eps * o->eps;
  return o->sphere ? o->R * cbrt(1 + 3 * e2 / (2 * o->n + 1)) : o->R * sqrt(1 + 0.5 * e2);
}

int exp_osc_reference(const exp_osc *o, double periods, double *period, double *beta, double *t_end)
{
  double Req = exp_osc_radius(o);
  capref_dim dim = o->sphere ? CAPREF_3D : CAPREF_2D;
  const capref_fluid drop = {.sigma = o->sigma, .rho = o->rho, .nu = o->nu};
  capref_result T0, om, b;
  int st = capref_oscillation_period(dim, o->n, &drop, Req, 0, &T0);
  if (st) return st;
  *t_end = periods * T0.val;
  if (o->sphere) st = capref_oscillation_damped_frequency(dim, o->n, &drop, Req, &om);
  if (o->sphere && !st) st = capref_oscillation_damping(dim, o->n, o->nu, Req, &b);
  if (!o->sphere) st = capref_oscillation_release_fit_2d(o->n, &drop, Req, *t_end, &b, &om);
  if (st) return st;
  *period = 2 * M_PI / om.val;
  *beta = b.val;
  return CAP_SUCCESS;
}

int exp_osc_amplitude(const exp_osc *o, double T_ref, double b_ref, double t, double *a)
{
  double w = 2 * M_PI / T_ref;
  capref_result eta = {exp(-b_ref * t) * (cos(w * t) + b_ref / w * sin(w * t)), 0};
  const capref_fluid f = {.sigma = o->sigma, .rho = o->rho, .nu = o->nu};
  int st = o->sphere ? CAP_SUCCESS : capref_oscillation_release_2d(o->n, &f, exp_osc_radius(o), t, &eta);
  *a = o->eps * eta.val;
  return st;
}

int exp_record_reserve(exp_record *r, long n)
{
  if (n <= r->cap) return CAP_SUCCESS;
  long nc = r->cap ? r->cap : 4096;
  while (nc < n) nc *= 2;
  double *t2 = realloc(r->t, nc * sizeof *t2);
  if (!t2) return CAP_ERROR(CAP_ENOMEM, "cannot grow a sampled series to %ld samples", nc);
  r->t = t2;
  double *f2 = realloc(r->f, nc * sizeof *f2);
  if (!f2) return CAP_ERROR(CAP_ENOMEM, "cannot grow a sampled series to %ld samples", nc);
  r->f = f2;
  r->cap = nc;
  return CAP_SUCCESS;
}

int exp_record_add(exp_record *r, double t, double f)
{
  int st = r->n == r->cap ? exp_record_reserve(r, r->n + 1) : CAP_SUCCESS;
  if (st) return st;
  r->t[r->n] = t;
  r->f[r->n] = f;
  r->n++;
  return CAP_SUCCESS;
}

double exp_record_fall_speed(const exp_record *r, double ta, double tb, double g, double t0)
{
  double n = 0, s1 = 0, s2 = 0, z1 = 0, sz = 0;
  for (long k = 0; k < r->n; k++) {
    double t = r->t[k], z = r->f[k] - 0.5 * g * t * t;
    if (t < ta || t > tb) continue;
    n++, s1 += t, s2 += t * t, z1 += z, sz += t * z;
  }
  return n >= 3 ? cap_lsq_slope(n, s1, s2, z1, sz) + g * t0 : NAN;
}

double exp_record_fall_time(const exp_record *r, double t_in, double z, double g, double *u)
{
  long k = r->n - 1;
  while (k >= 0 && r->t[k] > t_in) k--;
  *u = k >= 0 ? -exp_record_fall_speed(r, 0, r->t[k], g, r->t[k]) : NAN;
  if (k < 0) return NAN;
  double d = r->f[k] - z, dt = 2 * d / (*u + sqrt(*u * *u - 2 * g * d)); /* the root of d = u dt - g dt^2 / 2 */
  *u -= g * dt;
  return r->t[k] + dt;
}

void exp_record_period(const exp_record *r, double t0, double *T, double *half)
{
  long k0 = 0;
  double lo = INFINITY, hi = -INFINITY, om, beta;
  while (k0 < r->n && r->t[k0] < t0) k0++;
  for (long k = k0; k < r->n; k++) lo = fmin(lo, r->f[k]), hi = fmax(hi, r->f[k]);
  *T = exp_damped_cosine_fit(r->t + k0, r->f + k0, r->n - k0, &om, &beta) ? NAN : 2 * M_PI / om;
  *half = 0.5 * (hi - lo);
}

void exp_floor_wet(const cap_grid *g, const double *phi, double *least, double *radius)
{
  double fl = 0;
  *least = INFINITY, *radius = 0;
  for (int i = 0; i < g->nx; i++) {
    double f = 1.5 * phi[cap_grid_idx(g, i, 0)] - 0.5 * phi[cap_grid_idx(g, i, 1)];
    if (f < 0) *radius = cap_grid_xf(g, i + 1); /* wet to this cell's face, so far */
    if (fl < 0 && !(f < 0)) *radius = cap_grid_xc(g, i - 1) + g->h * fl / (fl - f);
    *least = fmin(*least, f), fl = f;
  }
}

int exp_floor_events_update(exp_floor_events *e, double least, double t, double h, int first)
{
  const int wet = least < 0;
  const double tx = first ? t : e->t + (t - e->t) * e->least / (e->least - least); /* where it crossed 0 */
  int ev = EXP_FLOOR_NONE;
  e->least = least, e->t = t;
  if (wet && !e->touched)
    e->touched = 1, e->t_touch = tx, ev = EXP_FLOOR_TOUCH;
  else if (!wet && e->touched && !e->lifted)
    e->lifted = 1, e->t_lift = tx, e->rise = least, ev = EXP_FLOOR_LIFT;
  else if (wet && e->lifted && !e->retouched && e->rise < h)
    e->lifted = 0, ev = EXP_FLOOR_WITHDRAWN;
  else if (wet && e->lifted && !e->retouched)
    e->retouched = 1, ev = EXP_FLOOR_RETOUCH;
  if (e->lifted) e->rise = fmax(e->rise, least);
  return ev;
}

void exp_liquid_reach(const cap_grid *g, const double *phi, double *x, int *top)
{
  *x = 0, *top = -1;
  for (int j = 0; j < g->ny; j++)
    for (int i = 0; i < g->nx; i++) {
      double f = phi[cap_grid_idx(g, i, j)], fr = i + 1 < g->nx ? phi[cap_grid_idx(g, i + 1, j)] : -1;
      if (!(f < 0)) continue;
      *top = j;
      if (!(fr < 0) || i + 1 == g->nx)
        *x = fmax(*x, fr >= 0 ? cap_grid_xc(g, i) + g->h * f / (f - fr) : cap_grid_xf(g, i + 1));
    }
}

static double order3_ratio(const double *h, double p)
{
  return (pow(h[0], p) - pow(h[1], p)) / (pow(h[1], p) - pow(h[2], p));
}

double exp_order3(const double *h, const double *v, double *v_inf)
{
  double r = (v[0] - v[1]) / (v[1] - v[2]), lo = 0.05, hi = 8, p = NAN;
  if ((order3_ratio(h, lo) - r) * (order3_ratio(h, hi) - r) <= 0 && isfinite(r)) {
    for (int it = 0; it < 60; it++) *(order3_ratio(h, 0.5 * (lo + hi)) < r ? &lo : &hi) = 0.5 * (lo + hi);
    p = 0.5 * (lo + hi);
  }
  if (v_inf) *v_inf = isnan(p) ? NAN : v[2] - (v[1] - v[2]) * pow(h[2], p) / (pow(h[1], p) - pow(h[2], p));
  return p;
}

void exp_record_free(exp_record *r)
{
  free(r->t);
  free(r->f);
  *r = (exp_record){0};
}

/* ---- threads on the axis ---- */

int exp_row_radius(const cap_grid *g, const double *phi, int j, double *r)
{
  *r = 0;
  if (!(phi[cap_grid_idx(g, 0, j)] < 0)) return CAP_SUCCESS;
  for (int i = 0; i + 1 < g->nx; i++) {
    size_t c = cap_grid_idx(g, i, j);
    if ((phi[c] < 0) == (phi[c + 1] < 0)) continue;
    double t;
    int st = cap_levelset_crossing(g, phi, NULL, i, j, 0, 1, 0, 0, &t, NULL);
    *r = cap_grid_xc(g, i) + t * g->h;
    return st;
  }
  return CAP_ERROR(CAP_ENUMERIC, "row %d is liquid up to the outer side: the liquid has left the domain", j);
}

int exp_axis_mode(const cap_grid *g, double *phi, double k, double *a)
{
  int st = cap_levelset_fill_ghosts(g, NULL, phi);
  double sum = 0;
  for (int j = 0; j < g->ny && !st; j++) {
    double r;
    st = exp_row_radius(g, phi, j, &r);
    if (!st && !(r > 0)) st = CAP_ERROR(CAP_ENUMERIC, "row %d is dry on the axis: the column has broken", j);
    sum += r * cos(k * cap_grid_yc(g, j));
  }
  *a = 2 * sum / g->ny;
  return st;
}

int exp_axis_neck(const cap_grid *g, const double *phi, double *rmin, double *zmin, int *dry)
{
  *rmin = INFINITY;
  *zmin = NAN;
  *dry = 0;
  for (int j = 0; j < g->ny; j++) {
    double r;
    int st = exp_row_radius(g, phi, j, &r);
    if (st) return st;
    if (!(r > 0))
      *dry = 1;
    else if (r < *rmin) {
      *rmin = r;
      *zmin = cap_grid_yc(g, j);
    }
  }
  return CAP_SUCCESS;
}

void exp_axis_drops(const cap_grid *g, const double *phi, const double *rows, int *n, double *v1, double *v2)
{
  int j0 = 0, nd = 0, in = 0;
  while (j0 < g->ny && phi[cap_grid_idx(g, 0, j0)] < 0) j0++;
  double v = 0;
  *v1 = *v2 = 0;
  for (int q = 0; q <= g->ny; q++) {
    int j = (j0 + q) % g->ny, wet = q < g->ny && phi[cap_grid_idx(g, 0, j)] < 0;
    if ((wet && !in) || q == g->ny) {
      if (nd > 0) {
        if (v > *v1) {
          *v2 = *v1;
          *v1 = v;
        } else if (v > *v2)
          *v2 = v;
      }
      if (q == g->ny) break;
      nd++;
      v = 0;
    }
    in = wet;
    v += rows[j];
  }
  *n = nd;
}

double exp_neck_exponent(const double *t, const double *r, long n, double tb, double lo, double hi, int *m)
{
  double sx = 0, sy = 0, sxx = 0, sxy = 0;
  *m = 0;
  for (long k = 0; k < n; k++)
    if (r[k] >= lo && r[k] <= hi && tb - t[k] > 0) {
      double X = log(tb - t[k]), Y = log(r[k]);
      sx += X;
      sy += Y;
      sxx += X * X;
      sxy += X * Y;
      ++*m;
    }
  return *m >= 3 ? (*m * sxy - sx * sy) / (*m * sxx - sx * sx) : NAN;
}

/* ---- surfaces of a bath; series ---- */

int exp_surface_profile(const cap_grid *g, const double *phi, int i0, int n, double datum, double *x, double *z)
{
  for (int k = 0; k < n; k++) {
    int st = exp_surface_height(g, phi, i0 + k, &z[k]);
    if (st) return st;
    if (!isfinite(z[k])) return CAP_ERROR(CAP_ENUMERIC, "no surface in column %d", i0 + k);
    z[k] -= datum;
    if (x) x[k] = cap_grid_xc(g, i0 + k);
  }
  return CAP_SUCCESS;
}

int exp_surface_slope(const cap_grid *g, const double *phi, int i, double *psi)
{
  double z[2];
  int st = exp_surface_profile(g, phi, i - 1, 1, 0, NULL, &z[0]);
  if (!st) st = exp_surface_profile(g, phi, i + 1, 1, 0, NULL, &z[1]);
  if (!st) *psi = atan((z[1] - z[0]) / (2 * g->h));
  return st;
}

int exp_column_pressure_force(const cap_grid *g, const double *phi, const double *p, int i, double *f)
{
  double s;
  int st = exp_surface_profile(g, phi, i, 1, 0, NULL, &s);
  if (st) return st;
  int j = 0;
  *f = 0;
  while (j < g->ny && cap_grid_yc(g, j) + 0.5 * g->h <= s) *f += p[cap_grid_idx(g, i, j++)] * g->h;
  if (j < 2) return CAP_ERROR(CAP_ENUMERIC, "column %d holds less than two liquid cells", i);
  double pa = p[cap_grid_idx(g, i, j - 2)], pb = p[cap_grid_idx(g, i, j - 1)], y0 = cap_grid_yc(g, j - 1) + 0.5 * g->h;
  double slope = (pb - pa) / g->h, p0 = pb + slope * 0.5 * g->h; /* at y0 */
  *f += (s - y0) * (p0 + 0.5 * slope * (s - y0));
  return CAP_SUCCESS;
}

double exp_heave_mean(const double *y, int n, double y_last)
{
  int k1 = -1, k2 = -1;
  for (int k = n - 2; k >= 1 && k2 < 0; k--)
    if ((y[k] - y[k - 1]) * (y[k + 1] - y[k]) < 0) {
      if (k1 < 0)
        k1 = k;
      else
        k2 = k;
    }
  return k2 >= 0 ? 0.5 * (y[k1] + y[k2]) : y_last;
}

int exp_parabola_max(const double x[3], const double y[3], double *ymax)
{
  double d01 = (y[1] - y[0]) / (x[1] - x[0]), d12 = (y[2] - y[1]) / (x[2] - x[1]), a = (d12 - d01) / (x[2] - x[0]);
  double b = d01 - a * (x[0] + x[1]), xv = a < 0 ? -b / (2 * a) : NAN;
  if (!(a < 0 && xv >= fmin(x[0], x[2]) && xv <= fmax(x[0], x[2]))) return 0;
  *ymax = y[0] + d01 * (xv - x[0]) + a * (xv - x[0]) * (xv - x[1]);
  return 1;
}

double exp_rest_time(const double *t, const double *f, long n, int lag, double tol, double t_end)
{
  double t_rest = 0;
  for (long k = lag; k < n; k++)
    if (!(fabs(f[k] - f[k - lag]) <= tol)) t_rest = t[k];
  return n <= lag || t_rest >= t[n - 1] ? t_end : t_rest;
}

/* ---- contact angles of a circle; the cap of a contact angle ---- */

double exp_circle_angle_line(double xc, double yc, double R, double nx, double ny)
{
  return acos(fmax(-1, fmin(1, -(nx * xc + ny * yc) / R)));
}

double exp_circle_angle_disc(double xc, double yc, double R, double cx, double cy, double Rs)
{
  double D = hypot(xc - cx, yc - cy);
  return acos(fmax(-1, fmin(1, (Rs * Rs + R * R - D * D) / (2 * Rs * R))));
}

/* ---- exact menisci over a snapshot ---- */

#define MENISCUS_POINTS 100
#define MENISCUS_MAX    4

/* n (2 <= n <= MENISCUS_POINTS) points of meniscus m, evenly spaced from its wall to xe: (x[k], y0 + z). */
static int meniscus_points(const exp_meniscus *m, double y0, int n, double *x, double *y)
{
  const capref_fluid f = {.sigma = 1, .rho = 1, .g = 1};
  const double span = fabs(m->xe - m->xw), dir = m->xe < m->xw ? -1 : 1;
  double d[MENISCUS_POINTS], a[MENISCUS_POINTS]; /* from the wall; the profile's abscissa */
  capref_result z[MENISCUS_POINTS];
  for (int k = 0; k < n; k++) {
    d[k] = span * k / (n - 1);
    a[k] = m->channel ? span - d[k] : d[k]; /* a channel's profile is centred on its mid-plane */
  }
  int st = m->channel ? capref_rise_plates_profile(&f, m->theta, 2 * span, (size_t)n, a, z)
                      : capref_rise_wall_profile(&f, m->theta, (size_t)n, a, z);
  for (int k = 0; k < n && !st; k++) {
    x[k] = m->xw + dir * d[k];
    y[k] = y0 + z[k].val;
  }
  return st;
}

int exp_snapshot_menisci(struct exp_ctx *ctx, const char *stem, const char *label, int n, const exp_meniscus *m,
                         double y0)
{
  if (n < 1 || n > MENISCUS_MAX)
    return CAP_ERROR(CAP_EDOM, "snapshot menisci %s: n = %d: allowed 1 to %d", stem, n, MENISCUS_MAX);
  double x[MENISCUS_MAX * MENISCUS_POINTS], y[MENISCUS_MAX * MENISCUS_POINTS];
  int npts[MENISCUS_MAX], st = CAP_SUCCESS;
  /* curves of different lengths: gnuplot's splot joins the k-th points of blocks of equal length (a grid) */
  for (int c = 0, k = 0; c < n && !st; k += npts[c++]) {
    npts[c] = MENISCUS_POINTS - c;
    st = meniscus_points(&m[c], y0, npts[c], x + k, y + k);
  }
  return st ? st : exp_snapshot_ref(ctx, stem, label, n, npts, x, y);
}

/* n points of the circle of radius R about (x0, y0) - R cos(theta) (nx, ny) at the polar angles a from the unit
 * normal (nx, ny), evenly spaced from a0 to a1, in the frame of that normal (exp_cap_points_line). */
static void cap_arc(double R, double theta, double a0, double a1, double x0, double y0, double nx, double ny, int n,
                    double *x, double *y)
{
  for (int k = 0; k < n; k++) {
    double a = a0 + (a1 - a0) * k / (n - 1), t = R * sin(a), s = R * (cos(a) - cos(theta));
    x[k] = x0 + t * ny + s * nx;
    y[k] = y0 - t * nx + s * ny;
  }
}

void exp_cap_points_line(double R, double theta, double nx, double ny, int half, int n, double *x, double *y)
{
  cap_arc(R, theta, half ? 0 : -theta, theta, 0, 0, nx, ny, n, x, y);
}

void exp_cap_points_disc(double R, double theta, double cx, double cy, double Rs, int n, double *x, double *y)
{
  double D = sqrt(Rs * Rs + R * R - 2 * Rs * R * cos(theta));
  double am = acos(fmax(-1, fmin(1, (Rs * Rs - D * D - R * R) / (2 * D * R)))); /* the contact points' polar angle */
  cap_arc(R, am, -am, am, cx, cy + D + R * cos(am), 0, 1, n, x, y);
}
