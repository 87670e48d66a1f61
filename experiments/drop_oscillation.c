/* drop_oscillation: the period and the viscous decay of a capillary oscillation (the bouncing drop).
 *
 * Claim: a 2D drop released with a small shape perturbation of mode n oscillates with Rayleigh's
 *   period 2 pi / omega, omega^2 = n (n^2 - 1) sigma / (rho R^3), and its amplitude decays at Lamb's
 *   rate beta = 2 n (n - 1) nu / R^2 to leading order in the Ohnesorge number (the free-surface
 *   solver of Wang, Mucha & Turk 2005, Sec. 3-4, on the oscillating-drop test of Popinet 2009,
 *   Sec. 5.3). [refs.bib: wang2005water, rayleigh1879capillary, lamb1932, prosperetti1980,
 *   popinet2009accurate]
 * Setup: a drop of radius R (--radius, default 1) in a void, zero gravity, density --rho, surface
 *   tension --sigma (default 1 each), its boundary r = R (1 + eps cos(n theta)) (--n, default 2;
 *   --amplitude eps, default 0.02), at rest at t = 0, centred in a walled square box of side 4R.
 *   Two cases run at every resolution D/h (D = 2R; 12.8, 25.6, 51.2 cells; quick: 12.8, 25.6; --full
 *   adds 102.4), each for --periods Rayleigh periods (default 3):
 *     inviscid limit  Laplace number La = sigma rho D / mu^2 = --la (default 1e5, Oh = 0.0045)
 *     viscous         kinematic viscosity --nu (default 0.03, Oh = nu sqrt(rho / (sigma R)) = 0.03)
 *   --geometry axi: the sphere, its boundary R (1 + eps P_n(cos theta)) (theta from the axis), on the
 *   axis of an (r, z) grid, r in [0, 2R], z in [0, 4R]; the inviscid case only, against Rayleigh's
 *   omega^2 = n (n - 1) (n + 2) sigma / (rho R^3) with Lamb's 3D rate (n - 1)(2n + 1) nu / R^2 in
 *   omega_d (the library has no exact viscous theory of the sphere yet); amplitude from the solid
 *   harmonic rho^n P_n(cos theta) integrated over the volume, a = M (2n + 1) / (4 pi R^(n+3)).
 *   Acceptance: period error <= 0.5 % at 25.6 cells, order >= 1.5, volume drift <= 0.5 %.
 *   Solver settings (cap_ns.h): the stress form of the viscous term (a traction-free surface), the
 *   velocity extended linearly along the normals, the level set reinitialised every step.
 * Reference: the exact linear theory of the viscous 2D drop released from rest (analytic library,
 *   cap_oscillation_release_2d), fitted over the same window with the same model as the simulation
 *   (cap_oscillation_release_fit_2d). Small-Oh correction: at Oh = 0.03 that fit gives 0.914 of
 *   Lamb's rate and 0.9954 of Rayleigh's frequency, at La = 1e5 0.969 and 0.99976; Lamb's and
 *   Rayleigh's values are printed with it. R in the formulas is the radius of the disc of the drop's
 *   area, R sqrt(1 + eps^2 / 2).
 * Measurement: the mode amplitude a(t) = M(t) / (pi R^(n+2)), M = integral over the liquid of
 *   Re((z - z_c)^n) (z = x + i y, z_c the drop's centroid), which is a + O(a^2) for the boundary above.
 *   The integral is exact for the cells away from the interface (the midpoint rule integrates the
 *   harmonic polynomial exactly on a square) and uses 8 x 8 sub-samples of the bilinear phi in the
 *   cells next to it. The record a(t_k) of every step is fitted by least squares with
 *   A exp(-beta t) cos(omega t + psi) + c (cap_oscillation_fit_damped_cosine, the fit of the
 *   reference), started from the zero crossings;
 *   omega and beta are the measured frequency and decay rate. Volume drift: max over the run of
 *   |A(t) - A(0)| / A(0), A the liquid area integrated the same way.
 * Metrics per resolution: period_err = |T - T_ref| / T_ref (inviscid case), vol_drift (inviscid
 *   case), decay_err = |beta - beta_ref| / beta_ref and period_err_visc (viscous case).
 * Acceptance (the figures): period error <= 0.5 % at 25.6 cells and <= 0.2 % at 51.2;
 *   observed order of the period error >= 1.5; volume drift <= 0.5 % over the run at 25.6 cells;
 *   decay rate within 5 % of the reference at 51.2 cells (the checks at 51.2 cells are made when the
 *   sweep reaches it). The convergence figure also draws the decay error, so its observed order is
 *   asserted too (>= 1: the stress form's volume fractions are first order).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../analytic/cap_oscillation.h"
#include "../solver/cap_errno.h"
#include "../solver/cap_io.h"
#include "../solver/cap_levelset.h"
#include "../solver/cap_ns.h"
#include "harness.h"

enum { P_N, P_RADIUS, P_SIGMA, P_RHO, P_NU, P_LA, P_AMPLITUDE, P_PERIODS };
enum { M_PERIOD, M_VOLUME, M_DECAY, M_PERIOD_VISC };

/* Sub-samples per direction of a cut cell in the moment integral. */
#define SUBSAMPLES 8

typedef struct {
  cap_ns_state *s;
  cap_ns_ws *w;
  double xc, yc;       /* the box centre */
  double R;            /* the perturbed boundary's base radius */
  int n;               /* mode */
  int axi;             /* the sphere of --geometry axi */
  double *t, *a;       /* record of the amplitude */
  long len, cap;
} osc_run;

static void osc_free(osc_run *o)
{
  cap_ns_state_free(o->s);
  cap_ns_ws_free(o->w);
  free(o->t);
  free(o->a);
}

/* Legendre polynomial P_n(mu) by the three-term recurrence. */
static double legendre(int n, double mu)
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

/* The boundary's radius at polar angle th: R (1 + eps cos(n th)) (planar) or R (1 + eps P_n(cos th))
 * (axi, th from the z axis). */
static double boundary(const osc_run *o, double eps, double th)
{
  return o->R * (1 + eps * (o->axi ? legendre(o->n, cos(th)) : cos(o->n * th)));
}

static int osc_setup(osc_run *o, const double *par, double cells, cap_geometry geom)
{
  memset(o, 0, sizeof *o);
  o->R = par[P_RADIUS];
  o->n = (int)par[P_N];
  o->axi = geom == CAP_GEOM_AXI;
  double h = 2 * o->R / cells;
  int nc = (int)ceil(2 * cells);
  cap_grid g;
  int s = cap_grid_init(&g, geom, o->axi ? nc / 2 : nc, nc, 1, h, 0, 0, 0, 3);
  if (!s) s = cap_ns_state_alloc(&o->s, &g);
  if (!s) s = cap_ns_ws_alloc(&o->w, &g);
  if (s) { osc_free(o); return s; }
  o->xc = o->axi ? 0 : nc * h / 2;
  o->yc = nc * h / 2;
  double eps = par[P_AMPLITUDE];
  for (int j = 0; j < g.ny; j++)
    for (int i = 0; i < g.nx; i++) {
      double x = cap_grid_xc(&g, i) - o->xc, y = cap_grid_yc(&g, j) - o->yc;
      double r = hypot(x, y), th = o->axi ? atan2(x, y) : atan2(y, x);
      double rb = boundary(o, eps, th);
      /* r - rb divided by |grad(r - rb)|: a distance to first order, made exact by the reinitialisation */
      double dr = (boundary(o, eps, th + 1e-6) - boundary(o, eps, th - 1e-6)) / 2e-6 / fmax(r, h);
      o->s->phi[cap_grid_idx(&g, i, j)] = (r - rb) / sqrt(1 + dr * dr);
    }
  cap_levelset_ws *ls = NULL;
  s = cap_levelset_ws_alloc(&ls, &g);
  if (!s) s = cap_levelset_reinit(&g, o->s->phi, 20, ls);
  cap_levelset_ws_free(ls);
  if (s) osc_free(o);
  return s;
}

/* Re((x + i y)^n) */
static double harmonic(int n, double x, double y)
{
  double re = 1, im = 0;
  for (int k = 0; k < n; k++) {
    double r2 = re * x - im * y;
    im = re * y + im * x;
    re = r2;
  }
  return re;
}

/* The mode's harmonic about the centroid: Re((x + i y)^n) (planar), or the solid harmonic
 * rho^n P_n(cos theta) (axi: x = r, y = z, theta from the axis). */
static double mode_harmonic(const osc_run *o, double x, double y)
{
  if (!o->axi) return harmonic(o->n, x, y);
  double rho = hypot(x, y);
  return rho > 0 ? pow(rho, o->n) * legendre(o->n, y / rho) : 0;
}

/* The liquid integrals of 1, x, y (centroid) and then of the mode's harmonic over the cells (planar:
 * dA; axi: the volume 2 pi r dA, the centroid on the axis). */
static int moments(const osc_run *o, double *area, double *mode)
{
  const cap_grid *g = &o->s->g;
  double *phi = o->s->phi;
  int st = cap_levelset_fill_ghosts(g, phi);
  if (st) return st;
  double h = g->h, q = h / SUBSAMPLES;
  double m[4] = {0, 0, 0, 0};
  for (int pass = 0; pass < 2; pass++) {
    double cx = pass && !o->axi ? m[1] / m[0] : 0, cy = pass ? m[2] / m[0] : 0;
    for (int j = 0; j < g->ny; j++)
      for (int i = 0; i < g->nx; i++) {
        size_t c = cap_grid_idx(g, i, j);
        double x = cap_grid_xc(g, i), y = cap_grid_yc(g, j);
        int cut = 0;
        for (int dj = -1; dj <= 1; dj++)
          for (int di = -1; di <= 1; di++)
            if ((phi[c + di + dj * g->sy] < 0) != (phi[c] < 0)) cut = 1;
        if (!cut) {
          if (phi[c] >= 0) continue;
          double wv = h * h * (o->axi ? 2 * M_PI * x : 1);
          if (pass) m[3] += mode_harmonic(o, x - cx, y - cy) * wv;
          else { m[0] += wv; m[1] += x * wv; m[2] += y * wv; }
          continue;
        }
        /* bilinear phi on the cell from the 4 nearest centres of each sub-sample */
        for (int b = 0; b < SUBSAMPLES; b++)
          for (int a = 0; a < SUBSAMPLES; a++) {
            double sx = (a + 0.5) / SUBSAMPLES - 0.5, sy = (b + 0.5) / SUBSAMPLES - 0.5;
            int ox = sx < 0 ? -1 : 0, oy = sy < 0 ? -1 : 0;
            double fx = sx - ox, fy = sy - oy;
            size_t c0 = c + ox + oy * g->sy;
            double f = (1 - fx) * (1 - fy) * phi[c0] + fx * (1 - fy) * phi[c0 + 1] + (1 - fx) * fy * phi[c0 + g->sy] +
                       fx * fy * phi[c0 + 1 + g->sy];
            if (f >= 0) continue;
            double px = x + sx * h, py = y + sy * h, wq = q * q * (o->axi ? 2 * M_PI * px : 1);
            if (pass) m[3] += mode_harmonic(o, px - cx, py - cy) * wq;
            else { m[0] += wq; m[1] += px * wq; m[2] += py * wq; }
          }
      }
  }
  *area = m[0];
  *mode = m[3];
  return CAP_SUCCESS;
}

static int record(osc_run *o, double t, double a)
{
  if (o->len == o->cap) {
    long nc = o->cap ? 2 * o->cap : 4096;
    double *t2 = realloc(o->t, nc * sizeof *t2);
    if (!t2) return CAP_ERROR(CAP_ENOMEM, "cannot grow the amplitude record");
    o->t = t2;
    double *a2 = realloc(o->a, nc * sizeof *a2);
    if (!a2) return CAP_ERROR(CAP_ENOMEM, "cannot grow the amplitude record");
    o->a = a2;
    o->cap = nc;
  }
  o->t[o->len] = t;
  o->a[o->len] = a;
  o->len++;
  return CAP_SUCCESS;
}

/* Frequency and decay rate of the record. The starting guess: the frequency from the first and last
 * zero crossings of a - mean(a), no decay, amplitude a(0). CAP_ENUMERIC if the record has fewer than
 * two crossings or the fit does not converge. */
static int fit_record(const osc_run *o, double *omega, double *beta)
{
  long n = o->len;
  double mean = 0;
  for (long k = 0; k < n; k++) mean += o->a[k] / n;
  double first = NAN, last = NAN;
  int crossings = 0;
  for (long k = 1; k < n; k++) {
    double y0 = o->a[k - 1] - mean, y1 = o->a[k] - mean;
    if ((y0 < 0) != (y1 < 0)) {
      double tc = o->t[k - 1] + (o->t[k] - o->t[k - 1]) * y0 / (y0 - y1);
      if (!crossings) first = tc;
      last = tc;
      crossings++;
    }
  }
  if (crossings < 2) return CAP_ERROR(CAP_ENUMERIC, "the amplitude record has %d zero crossing(s): no period", crossings);
  double om0 = M_PI * (crossings - 1) / (last - first);
  const double p0[5] = {o->a[0] - mean, 0, om0, 0, mean};
  cap_result om, b;
  int st = cap_oscillation_fit_damped_cosine(o->t, o->a, (size_t)n, p0, &b, &om);
  if (st) return st;
  *omega = om.val;
  *beta = b.val;
  return CAP_SUCCESS;
}

static cap_ns_params solver_params(const double *par, double mu)
{
  cap_ns_params p = cap_ns_params_default();
  p.rho = par[P_RHO];
  p.sigma = par[P_SIGMA];
  p.mu = mu;
  p.gx = p.gy = 0;
  p.extension_order = 3;
  p.reinit_every = 1;
  return p;
}

/* The reference of a case of viscosity mu run for `periods` Rayleigh periods (*t_end, the window).
 * Planar: the period 2 pi/omega and the decay rate beta that the fit of the experiment's model over
 * [0, t_end] finds on the exact linear release of the drop (cap_oscillation_release_fit_2d). Axi (the
 * sphere): Rayleigh's 3D frequency with Lamb's 3D rate, omega_d = sqrt(omega^2 - beta^2) (the library
 * has no exact viscous theory of the sphere yet; at La = 1e5 the 2D analogue of that correction is
 * 2.4e-4 of the period). */
static int reference(const double *par, double mu, cap_geometry geom, double *period, double *beta, double *t_end)
{
  int n = (int)par[P_N], axi = geom == CAP_GEOM_AXI;
  double e2 = par[P_AMPLITUDE] * par[P_AMPLITUDE];
  /* the radius of the disc / sphere of the drop's area / volume */
  double Req = axi ? par[P_RADIUS] * cbrt(1 + 3 * e2 / (2 * n + 1)) : par[P_RADIUS] * sqrt(1 + 0.5 * e2);
  double nu = mu / par[P_RHO];
  cap_ref_dim dim = axi ? CAP_REF_3D : CAP_REF_2D;
  cap_result T0, om, b;
  int st = cap_oscillation_period(dim, n, par[P_SIGMA], Req, par[P_RHO], 0, &T0);
  if (st) return st;
  *t_end = par[P_PERIODS] * T0.val;
  if (axi) {
    st = cap_oscillation_damped_frequency(dim, n, par[P_SIGMA], Req, par[P_RHO], nu, &om);
    if (!st) st = cap_oscillation_damping(dim, n, nu, Req, &b);
  } else {
    st = cap_oscillation_release_fit_2d(n, par[P_SIGMA], Req, par[P_RHO], nu, *t_end, &b, &om);
  }
  if (st) return st;
  *period = 2 * M_PI / om.val;
  *beta = b.val;
  return CAP_SUCCESS;
}

/* Runs one case for --periods reference periods: the measured period and decay rate and the volume
 * drift; the amplitude series to `series` if not NULL; snapshots if `snap`. */
static int run_case(exp_ctx *ctx, const double *par, double cells, double mu, const char *label, cap_tsv *series,
                    int snap, double *period, double *beta, double *drift, exp_run *out)
{
  osc_run o;
  cap_geometry geom = exp_geometry(ctx);
  int st = osc_setup(&o, par, cells, geom);
  if (st) return st;
  cap_ns_params p = solver_params(par, mu);
  double T_ref, b_ref, t_end;
  st = reference(par, mu, geom, &T_ref, &b_ref, &t_end);
  /* a(t) = M / scale: pi R^(n+2) (planar), 4 pi R^(n+3) / (2n + 1) (the sphere's Legendre mode) */
  double area0 = 0, area, mode,
         scale = o.axi ? 4 * M_PI * pow(o.R, o.n + 3) / (2 * o.n + 1) : M_PI * pow(o.R, o.n + 2);
  if (!st) st = moments(&o, &area0, &mode);
  if (!st) st = record(&o, 0, mode / scale);
  if (!st && series) st = cap_io_tsv_row(series, 2, (double[]){0, mode / scale});
  *drift = 0;
  double next_row = 0, next_snap = 0;
  int nsnap = 0;
  while (!st && o.s->t < t_end - 1e-12 * t_end) {
    int done = 0;
    st = cap_ns_step_until(o.s, &p, o.w, t_end, NULL, &done);
    if (!st && done) break;
    if (!st) st = moments(&o, &area, &mode);
    if (!st) st = record(&o, o.s->t, mode / scale);
    if (st) break;
    *drift = fmax(*drift, fabs(area - area0) / area0);
    if (series && o.s->t >= next_row) {
      st = cap_io_tsv_row(series, 2, (double[]){o.s->t, mode / scale});
      next_row = o.s->t + T_ref / 100;
    }
    if (!st && snap && o.s->t >= next_snap && nsnap < 5) {
      /* the drop every quarter of the first period: phi with the interface */
      char file[64];
      snprintf(file, sizeof file, "snapshot_%d.png", nsnap++);
      st = cap_io_png_field(exp_path(ctx, file), &o.s->g, o.s->phi, -o.R, o.R, CAP_CMAP_DIVERGING, o.s->phi, 4);
      next_snap = nsnap * T_ref / 4;
    }
    exp_progress(ctx, label, o.s->t, t_end, o.s->step);
  }
  if (!st) {
    double om = NAN;
    st = fit_record(&o, &om, beta);
    *period = 2 * M_PI / om;
  }
  if (out) {
    out->h = o.s->g.h;
    out->steps += o.s->step;
    out->sim_time = o.s->t;
    out->grid_cells = (long)o.s->g.nx * o.s->g.ny;
  }
  osc_free(&o);
  return st;
}

static double mu_inviscid(const double *par)
{
  /* La = sigma rho D / mu^2 with D = 2R */
  return sqrt(par[P_SIGMA] * par[P_RHO] * 2 * par[P_RADIUS] / par[P_LA]);
}

static int run_level(exp_ctx *ctx, const double *par, double cells, exp_run *out)
{
  double T_ref, b_ref, t_end, T, beta, drift;
  char label[96];
  double mu = mu_inviscid(par);
  cap_geometry geom = exp_geometry(ctx);
  int st = reference(par, mu, geom, &T_ref, &b_ref, &t_end);
  snprintf(label, sizeof label, "%g cells, La = %g", cells, par[P_LA]);
  if (!st) st = run_case(ctx, par, cells, mu, label, NULL, 0, &T, &beta, &drift, out);
  if (st) return st;
  out->metric[M_PERIOD] = fabs(T - T_ref) / T_ref;
  out->metric[M_VOLUME] = drift;
  double T_signed = T / T_ref - 1;
  if (geom == CAP_GEOM_AXI) { /* the sphere: the period only (no exact viscous reference in 3D yet) */
    out->metric[M_DECAY] = out->metric[M_PERIOD_VISC] = NAN;
    fprintf(stderr, "[drop_oscillation] %g cells (axi): T/T_ref - 1 = %+.4g %%, volume drift %.3g %%\n", cells,
            100 * T_signed, 100 * out->metric[M_VOLUME]);
    return CAP_SUCCESS;
  }
  double muv = par[P_NU] * par[P_RHO];
  st = reference(par, muv, geom, &T_ref, &b_ref, &t_end);
  snprintf(label, sizeof label, "%g cells, nu = %g", cells, par[P_NU]);
  if (!st) st = run_case(ctx, par, cells, muv, label, NULL, 0, &T, &beta, &drift, out);
  if (st) return st;
  out->metric[M_DECAY] = fabs(beta - b_ref) / b_ref;
  double b_signed = beta / b_ref - 1;
  out->metric[M_PERIOD_VISC] = fabs(T - T_ref) / T_ref;
  fprintf(stderr, "[drop_oscillation] %g cells: T/T_ref - 1 = %+.4g %%, beta/beta_ref - 1 = %+.4g %%, volume drift %.3g %%\n",
          cells, 100 * T_signed, 100 * b_signed, 100 * out->metric[M_VOLUME]);
  return CAP_SUCCESS;
}

static int finish(exp_ctx *ctx, const double *par, const exp_run *runs, int n)
{
  /* the amplitude series of both cases (the sphere: the inviscid one) at the finest level, with the
   * reference curves */
  cap_geometry geom = exp_geometry(ctx);
  int axi = geom == CAP_GEOM_AXI, f = n - 1;
  const char *cases[2] = {"inviscid", "viscous"};
  double mus[2] = {mu_inviscid(par), par[P_NU] * par[P_RHO]};
  double e2 = par[P_AMPLITUDE] * par[P_AMPLITUDE], nn = par[P_N];
  double Req = axi ? par[P_RADIUS] * cbrt(1 + 3 * e2 / (2 * nn + 1)) : par[P_RADIUS] * sqrt(1 + 0.5 * e2);
  for (int k = 0; k < (axi ? 1 : 2); k++) {
    double T_ref, b_ref, t_end, T, beta, drift;
    int st = reference(par, mus[k], geom, &T_ref, &b_ref, &t_end);
    if (st) return st;
    char label[96];
    snprintf(label, sizeof label, "%g cells, %s series", runs[f].cells, cases[k]);
    cap_tsv *series = exp_tsv(ctx, "t\ta", "amplitude_%s.tsv", cases[k]);
    if (!series) return CAP_EIO;
    st = run_case(ctx, par, runs[f].cells, mus[k], label, series, k == 0, &T, &beta, &drift, NULL);
    if (st) { cap_io_tsv_abort(series); return st; }
    if ((st = cap_io_tsv_close(series))) return st;
    /* the reference curve: the exact linear release (planar, cap_oscillation_release_2d), or the damped
     * oscillator released from rest with the sphere's reference omega_d and beta */
    cap_tsv *ref = exp_tsv(ctx, "t\ta", "reference_%s.tsv", cases[k]);
    if (!ref) return CAP_EIO;
    for (int i = 0; i <= 400 && !st; i++) {
      double t = t_end * i / 400, w = 2 * M_PI / T_ref;
      cap_result eta = {exp(-b_ref * t) * (cos(w * t) + b_ref / w * sin(w * t)), 0};
      if (!axi) st = cap_oscillation_release_2d((int)nn, par[P_SIGMA], Req, par[P_RHO], mus[k] / par[P_RHO], t, &eta);
      if (!st) st = cap_io_tsv_row(ref, 2, (double[]){t, par[P_AMPLITUDE] * eta.val});
    }
    if (st) { cap_io_tsv_abort(ref); return st; }
    if ((st = cap_io_tsv_close(ref))) return st;
    exp_result(ctx, k == 0 ? "period_ref" : "decay_ref", k == 0 ? T_ref : b_ref);
    exp_result(ctx, k == 0 ? "period" : "decay", k == 0 ? T : beta);
  }
  int a = exp_level_at(runs, n, 25.6), b = exp_level_at(runs, n, 51.2);
  char what[160];
  {
    cap_ref_dim dim = axi ? CAP_REF_3D : CAP_REF_2D;
    cap_result T0, b0;
    int st = cap_oscillation_period(dim, (int)nn, par[P_SIGMA], Req, par[P_RHO], 0, &T0);
    if (!st) st = cap_oscillation_damping(dim, (int)nn, par[P_NU], Req, &b0);
    if (st) return st;
    exp_result(ctx, "period_rayleigh", T0.val);
    if (!axi) exp_result(ctx, "decay_lamb", b0.val);
  }
  exp_result(ctx, "period_err", runs[a].metric[M_PERIOD]);
  exp_result(ctx, "vol_drift", runs[a].metric[M_VOLUME]);
  exp_result(ctx, "order_period", exp_order(runs, n, M_PERIOD));
  if (!axi) {
    exp_result(ctx, "decay_err", runs[b].metric[M_DECAY]);
    exp_result(ctx, "order_decay", exp_order(runs, n, M_DECAY));
  }
  snprintf(what, sizeof what, "period error |T - T_ref|/T_ref at %g cells (inviscid case)", runs[a].cells);
  exp_check(ctx, what, runs[a].metric[M_PERIOD], 1, 0.005);
  if (!axi && runs[b].cells > 51.2 - 1e-9) {
    snprintf(what, sizeof what, "period error at %g cells (inviscid case)", runs[b].cells);
    exp_check(ctx, what, runs[b].metric[M_PERIOD], 1, 0.002);
  }
  snprintf(what, sizeof what, "volume drift over %g periods at %g cells", par[P_PERIODS], runs[a].cells);
  exp_check(ctx, what, runs[a].metric[M_VOLUME], 1, 0.005);
  if (!axi && runs[b].cells > 51.2 - 1e-9) {
    snprintf(what, sizeof what, "decay-rate error |beta - beta_ref|/beta_ref at %g cells (viscous case)", runs[b].cells);
    exp_check(ctx, what, runs[b].metric[M_DECAY], 1, 0.05);
  }
  if (n >= 2) {
    exp_check(ctx, "observed order of the period error", exp_order(runs, n, M_PERIOD), 0, 1.5);
    if (!axi) exp_check(ctx, "observed order of the decay-rate error", exp_order(runs, n, M_DECAY), 0, 1.0);
  }
  return CAP_SUCCESS;
}

static const exp_def def = {
    "drop_oscillation",
    "A 2D drop (or, with --geometry axi, a sphere) oscillates with Rayleigh's capillary period and its amplitude "
    "decays at Lamb's viscous rate.",
    "Wang, Mucha & Turk (2005) Fig. 5 [wang2005water]; Rayleigh (1879) [rayleigh1879capillary]; Lamb (1932) "
    "Sec. 355 [lamb1932]",
    "omega^2 = n (n^2 - 1) sigma / (rho R^3), beta = 2 n (n - 1) nu / R^2 to leading order; compared with the "
    "exact linear release of the viscous drop (analytic/cap_oscillation.h)",
    {{"n", "", "mode number of the perturbation", 2, 2, 8, CAP_CLI_INTEGER},
     {"radius", "", "drop radius R (length unit)", 1, 0, 1e6, CAP_CLI_LO_OPEN},
     {"sigma", "", "surface tension", 1, 0, 1e6, CAP_CLI_LO_OPEN},
     {"rho", "", "liquid density", 1, 0, 1e6, CAP_CLI_LO_OPEN},
     {"nu", "", "kinematic viscosity of the viscous case", 0.03, 0, 1e6, CAP_CLI_LO_OPEN},
     {"la", "", "Laplace number sigma rho D / mu^2 of the inviscid case", 1e5, 1e3, 1e9, 0},
     {"amplitude", "", "perturbation eps of the boundary r = R (1 + eps cos(n theta))", 0.02, 0, 0.05,
      CAP_CLI_LO_OPEN},
     {"periods", "", "reference periods each case runs", 3, 1, 20, 0}},
    {12.8, 25.6},
    {12.8, 25.6, 51.2},
    {12.8, 25.6, 51.2, 102.4},
    {{"period_err", "", "|T - T_ref|/T_ref, inviscid case"},
     {"vol_drift", "", "max |A(t) - A(0)|/A(0), inviscid case"},
     {"decay_err", "", "|beta - beta_ref|/beta_ref, viscous case"},
     {"period_err_visc", "", "|T - T_ref|/T_ref, viscous case"}},
    run_level,
    finish,
    1, /* --geometry axi: the sphere, mode P_n, against Rayleigh's 3D period */
};

int main(int argc, char **argv) { return exp_main(&def, argc, argv); }
