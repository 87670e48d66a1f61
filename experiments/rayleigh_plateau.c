/* rayleigh_plateau: the linear Rayleigh-Plateau instability of a liquid thread.
 *
 * Claim: a liquid cylinder of radius R perturbed axisymmetrically by eps cos(k z) grows at Rayleigh's
 *   rate s, s^2 = (sigma / (rho R^3)) x (1 - x^2) I1(x) / I0(x), x = kR, for x < 1, and does not grow
 *   for x > 1 (the water-tap stream breaking into drops; Rayleigh 1879). The solver is axisymmetric:
 *   the instability needs the azimuthal curvature, which a planar 2D thread does not have.
 *   [refs.bib: rayleigh1879, eggers2008, wang2005water]
 * Setup: units sigma = rho = R = 1 (time sqrt(rho R^3 / sigma)); an (r, z) grid with the axis at r = 0,
 *   a free-slip wall at r = 2R (in the void), periodic in z over one wavelength 2 pi R / x; the thread
 *   r < R (1 + eps cos(k z)), eps = 0.01 R (--eps), at rest at t = 0, zero gravity; the Ohnesorge
 *   number Oh = mu / sqrt(rho sigma R) = --oh (default 0.002, a nearly inviscid thread). Unstable
 *   x = 0.2, 0.4, 0.6, 0.697, 0.8, 0.9 (quick: 0.697) and stable x = 1.1, 1.5 (quick: 1.5), or --x
 *   alone. Resolutions R/h = 8, 16 (default; the issue's 16 cells), quick 8, 16, --full adds 32 (the
 *   spacing is adjusted so that a wavelength holds a whole number of cells).
 * Reference: Rayleigh's inviscid relation (analytic/cap_plateau.h). A thread released from rest with
 *   the displacement eps follows eps cosh(s t) in linear inviscid theory. The viscous correction at
 *   the run's Oh, estimated as the change of Weber's long-wave rate (cap_plateau_weber) from Oh = 0 to
 *   the run's Oh, is -0.4 % of s at x = 0.697 and Oh = 0.002 (S^2 + 3 Oh x^2 S = x^2 (1 - x^2)/2 gives
 *   dS/dOh = -1.5 x^2). The figure also draws Weber's curve at the run's Oh, which differs from
 *   Rayleigh's mostly by its long-wave approximation (3 % at x = 0.697).
 * Measurement: the interface radius r_s(z_j) of every row (the radial crossing of phi,
 *   cap_levelset_crossing), its Fourier coefficient a(t) = (2/n) sum_j r_s(z_j) cos(k z_j); the growth
 *   rate is the least-squares slope through the origin of acosh(a/a(0)) against t over the samples
 *   with 2 <= a/a(0) <= 10 (the exponential phase, still linear: a <= 0.1 R). A stable mode runs for
 *   two periods of its capillary wave and reports max |a| / a(0).
 * Metrics per resolution: growth_err = max over the unstable x of |s - s_ref| / s_ref; stable_max =
 *   max over the stable x of max |a(t)| / a(0).
 * Acceptance (the issue's figures): growth rate within 2 % of the reference at R = 16 cells for every
 *   unstable x, observed order of the growth error >= 1, no growth for x > 1 (stable_max <= 1.05).
 * Not here yet: the pinch-off stage (breakup time, main and satellite drops, r_min(t)). A first
 *   attempt at R = 16 cells was not trustworthy: with the wall at 2R the crest of the fastest mode
 *   reached the wall before the neck broke (a breakup test on "no crossing in a row" then fires
 *   falsely), and with the wall at 2.5R the neck stalled at the grid scale until t = 45 while the
 *   liquid gained 15 % of its volume. The pinch needs more resolution (or refinement) near the axis.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../analytic/cap_plateau.h"
#include "../solver/cap_errno.h"
#include "../solver/cap_io.h"
#include "../solver/cap_levelset.h"
#include "../solver/cap_ns.h"
#include "harness.h"

enum { P_OH, P_EPS, P_X };
enum { M_GROWTH, M_STABLE };

#define MAX_X 8

/* The wavenumbers of a mode: unstable ones first, then stable. */
static int wavenumbers(const exp_ctx *ctx, const double *par, double *x)
{
  if (par[P_X] > 0) { x[0] = par[P_X]; return 1; }
  if (!strcmp(exp_mode(ctx), "quick")) { x[0] = 0.697; x[1] = 1.5; return 2; }
  const double all[MAX_X] = {0.2, 0.4, 0.6, 0.697, 0.8, 0.9, 1.1, 1.5};
  memcpy(x, all, sizeof all);
  return MAX_X;
}

/* The interface radius of row j: its first radial crossing of phi (cap_levelset_crossing), 0 if the
 * row is dry on the axis (the thread has broken there). Ghosts of phi must be filled. */
static int row_radius(const cap_grid *g, const double *phi, int j, double *rs)
{
  *rs = 0;
  if (!(phi[cap_grid_idx(g, 0, j)] < 0)) return CAP_SUCCESS;
  for (int i = 0; i + 1 < g->nx; i++) {
    size_t c = cap_grid_idx(g, i, j);
    if ((phi[c] < 0) != (phi[c + 1] < 0)) {
      double t;
      int st = cap_levelset_crossing(g, phi, NULL, i, j, 1, 0, &t, NULL);
      *rs = cap_grid_xc(g, i) + t * g->h;
      return st;
    }
  }
  return CAP_ERROR(CAP_ENUMERIC, "row %d is liquid up to the outer wall: the thread has left the domain", j);
}

/* Fourier coefficient of the interface radius over the rows. */
static int amplitude(const cap_grid *g, double *phi, double k, double *a)
{
  int st = cap_levelset_fill_ghosts(g, phi);
  double sum = 0;
  for (int j = 0; j < g->ny && !st; j++) {
    double rs;
    st = row_radius(g, phi, j, &rs);
    if (!st && !(rs > 0)) st = CAP_ERROR(CAP_ENUMERIC, "row %d is dry on the axis: the thread broke in the linear stage", j);
    sum += rs * cos(k * cap_grid_yc(g, j));
  }
  *a = 2 * sum / g->ny;
  return st;
}

/* A periodic thread of wavenumber x = kR (R = 1) at R/h about `cells`: one wavelength in z holding a
 * whole number of cells, r in [0, r_wall] with a free-slip wall at r_wall, phi = r - R (1 + eps cos(k z)) (the
 * crest at z = 0, the neck at z = lambda/2), and the solver's parameters. */
typedef struct {
  cap_grid g;
  cap_ns_state *S;
  cap_ns_ws *w;
  cap_ns_params p;
  double k;
} thread;

static void thread_free(thread *T)
{
  cap_ns_state_free(T->S);
  cap_ns_ws_free(T->w);
}

static int thread_setup(thread *T, const double *par, double cells, double x, double r_wall, int extension_order)
{
  const double R = 1, lambda = 2 * M_PI * R / x;
  int nz = (int)ceil(lambda * cells);
  double h = lambda / nz;
  T->S = NULL;
  T->w = NULL;
  T->k = x / R;
  int st = cap_grid_init(&T->g, CAP_GEOM_AXI, (int)ceil(r_wall / h), nz, 1, h, 0, 0, 0, 3);
  if (!st) st = cap_grid_set_bc(&T->g, CAP_YLO, CAP_BC_PERIODIC);
  if (!st) st = cap_grid_set_bc(&T->g, CAP_YHI, CAP_BC_PERIODIC);
  if (!st) st = cap_grid_set_bc(&T->g, CAP_XHI, CAP_BC_SLIP);
  if (!st) st = cap_ns_state_alloc(&T->S, &T->g);
  if (!st) st = cap_ns_ws_alloc(&T->w, &T->g);
  if (st) { thread_free(T); return st; }
  for (int j = 0; j < T->g.ny; j++)
    for (int i = 0; i < T->g.nx; i++)
      T->S->phi[cap_grid_idx(&T->g, i, j)] = cap_grid_xc(&T->g, i) - R * (1 + par[P_EPS] * cos(T->k * cap_grid_yc(&T->g, j)));
  T->p = cap_ns_params_default();
  T->p.rho = T->p.sigma = 1;
  T->p.mu = par[P_OH]; /* Oh = mu / sqrt(rho sigma R) */
  T->p.gx = T->p.gy = 0;
  T->p.extension_order = extension_order;
  T->p.reinit_every = 1;
  return CAP_SUCCESS;
}

/* One step of the thread: the dt of the solver, at most t_end - t. */
static int thread_step(thread *T, double t_end)
{
  cap_ns_dt_info di;
  int st = cap_ns_dt(T->S, &T->p, &di);
  if (!st) st = cap_ns_step(T->S, &T->p, T->w, fmin(di.dt, t_end - T->S->t + 1e-12), NULL);
  return st;
}

/* One thread of wavenumber x at R/h = cells: *s the measured growth rate (unstable) or *amax =
 * max |a| / a(0) (stable). */
static int run_thread(exp_ctx *ctx, const double *par, double cells, double x, double *s, double *amax, exp_run *run)
{
  thread T;
  int st = thread_setup(&T, par, cells, x, 2, 3);
  if (st) return st;
  cap_result s2, re, im;
  st = cap_plateau_rayleigh(x, &s2, &re, &im);
  double a0 = NAN, a = NAN;
  if (!st) st = amplitude(&T.g, T.S->phi, T.k, &a0);
  int stable = x > 1;
  double t_end = stable ? 2 * 2 * M_PI / im.val : acosh(12.0) / re.val;
  char label[96];
  snprintf(label, sizeof label, "R = %g cells, x = %g", cells, x);
  double sxy = 0, sxx = 0;
  *amax = 1;
  while (!st && T.S->t < t_end) {
    st = thread_step(&T, t_end);
    if (!st) st = amplitude(&T.g, T.S->phi, T.k, &a);
    if (st) break;
    double ratio = a / a0;
    *amax = fmax(*amax, fabs(ratio));
    if (!stable && ratio >= 2 && ratio <= 10) {
      double y = acosh(ratio);
      sxy += T.S->t * y;
      sxx += T.S->t * T.S->t;
    }
    exp_progress(ctx, label, T.S->t, t_end, T.S->step);
  }
  *s = sxx > 0 ? sxy / sxx : NAN;
  exp_run_add(run, T.g.h, T.S->step, T.S->t, (long)T.g.nx * T.g.ny);
  thread_free(&T);
  return st;
}

static int run_level(exp_ctx *ctx, const double *par, double cells, exp_run *out)
{
  double x[MAX_X];
  int nx = wavenumbers(ctx, par, x);
  cap_tsv *t = exp_tsv(ctx, "kR\ts_measured[sqrt(sigma/(rho R^3))]\ts_rayleigh\ts_weber\tmax|a|/a0",
                            "growth_%g.tsv", cells);
  if (!t) return CAP_EIO;
  out->metric[M_GROWTH] = 0;
  out->metric[M_STABLE] = 0;
  int st = CAP_SUCCESS, any_stable = 0;
  for (int q = 0; q < nx && !st; q++) {
    double s = NAN, amax = NAN;
    cap_result s2, re, im, wre, wim;
    st = run_thread(ctx, par, cells, x[q], &s, &amax, out);
    if (!st) st = cap_plateau_rayleigh(x[q], &s2, &re, &im);
    if (!st) st = cap_plateau_weber(x[q], par[P_OH], &wre, &wim);
    if (st) break;
    if (x[q] < 1) {
      double e = fabs(s - re.val) / re.val;
      out->metric[M_GROWTH] = fmax(out->metric[M_GROWTH], e);
      fprintf(stderr, "[rayleigh_plateau] R = %g cells, x = %g: s = %.5f, Rayleigh %.5f (%+.3g %%)\n", cells, x[q], s,
              re.val, 100 * (s / re.val - 1));
    } else {
      any_stable = 1;
      out->metric[M_STABLE] = fmax(out->metric[M_STABLE], amax);
      fprintf(stderr, "[rayleigh_plateau] R = %g cells, x = %g: max |a|/a0 = %.4f (stable)\n", cells, x[q], amax);
    }
    st = cap_io_tsv_row(t, 5, (double[]){x[q], s, x[q] < 1 ? re.val : 0, wre.val, amax});
  }
  if (!any_stable) out->metric[M_STABLE] = NAN;
  if (st) { cap_io_tsv_abort(t); return st; }
  return cap_io_tsv_close(t);
}

static int finish(exp_ctx *ctx, const double *par, const exp_run *runs, int n)
{
  /* the dispersion curves for the figure: Rayleigh's relation and Weber's at the run's Oh */
  cap_tsv *d = exp_tsv(ctx, "kR\ts_rayleigh\ts_weber", "dispersion.tsv");
  if (!d) return CAP_EIO;
  int st = CAP_SUCCESS;
  for (int i = 1; i < 200 && !st; i++) {
    double x = i / 200.0;
    cap_result s2, re, im, wre, wim;
    st = cap_plateau_rayleigh(x, &s2, &re, &im);
    if (!st) st = cap_plateau_weber(x, par[P_OH], &wre, &wim);
    if (!st) st = cap_io_tsv_row(d, 3, (double[]){x, re.val, wre.val});
  }
  if (st) { cap_io_tsv_abort(d); return st; }
  if ((st = cap_io_tsv_close(d))) return st;
  int a = exp_level_at(runs, n, 16);
  char what[160];
  exp_result(ctx, "growth_err", runs[a].metric[M_GROWTH]);
  exp_result(ctx, "order_growth", exp_order(runs, n, M_GROWTH));
  if (isfinite(runs[a].metric[M_STABLE])) exp_result(ctx, "stable_max", runs[a].metric[M_STABLE]);
  snprintf(what, sizeof what, "growth-rate error |s - s_Rayleigh|/s_Rayleigh (max over kR < 1) at R = %g cells", runs[a].cells);
  exp_check(ctx, what, runs[a].metric[M_GROWTH], 1, 0.02);
  if (isfinite(runs[a].metric[M_STABLE])) {
    snprintf(what, sizeof what, "no growth for kR > 1: max |a(t)|/a(0) at R = %g cells", runs[a].cells);
    exp_check(ctx, what, runs[a].metric[M_STABLE], 1, 1.05);
  }
  if (n >= 2) exp_check(ctx, "observed order of the growth-rate error", exp_order(runs, n, M_GROWTH), 0, 1.0);
  return CAP_SUCCESS;
}

static const exp_def def = {
    "rayleigh_plateau",
    "A liquid thread perturbed by eps cos(kz) grows at Rayleigh's rate for kR < 1 and not at all for kR > 1.",
    "Rayleigh (1879) [rayleigh1879]; Eggers & Villermaux (2008) [eggers2008]",
    "Rayleigh's inviscid dispersion relation s^2 = x (1 - x^2) I1(x)/I0(x) (analytic/cap_plateau.h)",
    {{"oh", "", "Ohnesorge number mu / sqrt(rho sigma R)", 0.002, 0, 1, 0},
     {"eps", "R", "initial amplitude", 0.01, 0, 0.05, CAP_CLI_LO_OPEN},
     {"x", "", "run this kR only (0: the set of the mode)", 0, 0, 10, 0}},
    {8, 16},
    {8, 16},
    {8, 16, 32},
    {{"growth_err", "", "max over kR < 1 of |s - s_Rayleigh|/s_Rayleigh"},
     {"stable_max", "", "max over kR > 1 of max |a(t)|/a(0)"}},
    run_level,
    finish,
    0,
};

int main(int argc, char **argv) { return exp_main(&def, argc, argv); }
