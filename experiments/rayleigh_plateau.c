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
 * Pinch-off (at the finest resolution of the sweep): the fastest mode x_max (the neck at z = 0) runs
 *   until the thinnest row is dry on the axis (the breakup time t_b, reported with the estimate
 *   ln(R/eps)/s_max) and one time unit more; the drops are the runs of rows wet on the axis, their
 *   volumes (rows summed with the 2 pi r weight) are reported as fractions of the initial volume, as is
 *   the total; r_min(t) (neck.tsv) and its power law r_min ~ (t_b - t)^alpha fitted over
 *   2 h <= r_min <= 0.2 R (reported; 2/3 in the inviscid regime). At R = 16 cells the pinch is not
 *   resolved: the neck stalls near 1.3 cells for half a time unit before it breaks, the satellite is
 *   lost (one drop: main 1.004 of the volume), and the fitted exponent (2.1) is not the inviscid 2/3;
 *   the run reports these as measured. Acceptance (the issue's): total volume within 1 % through pinch-off; the main
 *   drop's volume within 2 % of the initial volume minus the satellite's.
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

/* Fourier coefficient of the interface radius over the rows (the radial crossing of each row). */
static int amplitude(const cap_grid *g, double *phi, double k, double *a)
{
  int st = cap_levelset_fill_ghosts(g, phi);
  double sum = 0;
  for (int j = 0; j < g->ny && !st; j++) {
    double rs = NAN;
    for (int i = 0; i + 1 < g->nx; i++) {
      size_t c = cap_grid_idx(g, i, j);
      if ((phi[c] < 0) != (phi[c + 1] < 0)) {
        double t;
        st = cap_levelset_crossing(g, phi, NULL, i, j, 1, 0, &t, NULL);
        rs = cap_grid_xc(g, i) + t * g->h;
        break;
      }
    }
    if (!st && !isfinite(rs)) return CAP_ERROR(CAP_ENUMERIC, "row %d has no interface crossing (the thread broke or left)", j);
    sum += rs * cos(k * cap_grid_yc(g, j));
  }
  *a = 2 * sum / g->ny;
  return st;
}

/* One thread of wavenumber x at R/h = cells: *s the measured growth rate (unstable) or *amax =
 * max |a| / a(0) (stable). */
static int run_thread(exp_ctx *ctx, const double *par, double cells, double x, double *s, double *amax, exp_run *run)
{
  const double R = 1, lambda = 2 * M_PI * R / x;
  int nz = (int)ceil(lambda * cells);
  double h = lambda / nz, k = x / R;
  int nr = (int)ceil(2 * R / h);
  cap_grid g;
  int st = cap_grid_init(&g, CAP_GEOM_AXI, nr, nz, 1, h, 0, 0, 0, 3);
  if (!st) st = cap_grid_set_bc(&g, CAP_YLO, CAP_BC_PERIODIC);
  if (!st) st = cap_grid_set_bc(&g, CAP_YHI, CAP_BC_PERIODIC);
  if (!st) st = cap_grid_set_bc(&g, CAP_XHI, CAP_BC_SLIP);
  if (st) return st;
  cap_ns_state *S = NULL;
  cap_ns_ws *w = NULL;
  st = cap_ns_state_alloc(&S, &g);
  if (!st) st = cap_ns_ws_alloc(&w, &g);
  double eps = par[P_EPS];
  if (!st)
    for (int j = 0; j < nz; j++)
      for (int i = 0; i < nr; i++)
        S->phi[cap_grid_idx(&g, i, j)] = cap_grid_xc(&g, i) - R * (1 + eps * cos(k * cap_grid_yc(&g, j)));
  cap_ns_params p = cap_ns_params_default();
  p.rho = p.sigma = 1;
  p.mu = par[P_OH]; /* Oh = mu / sqrt(rho sigma R) */
  p.gx = p.gy = 0;
  p.extension_order = 3;
  p.reinit_every = 1;
  cap_result s2, re, im;
  if (!st) st = cap_plateau_rayleigh(x, &s2, &re, &im);
  double a0 = NAN, a = NAN;
  if (!st) st = amplitude(&g, S->phi, k, &a0);
  int stable = x > 1;
  double t_end = stable ? 2 * 2 * M_PI / im.val : acosh(12.0) / re.val;
  char label[96];
  snprintf(label, sizeof label, "R = %g cells, x = %g", cells, x);
  double sxy = 0, sxx = 0;
  *amax = 1;
  while (!st && S->t < t_end) {
    cap_ns_dt_info di;
    st = cap_ns_dt(S, &p, &di);
    if (!st) st = cap_ns_step(S, &p, w, fmin(di.dt, t_end - S->t + 1e-12), NULL);
    if (!st) st = amplitude(&g, S->phi, k, &a);
    if (st) break;
    double ratio = a / a0;
    *amax = fmax(*amax, fabs(ratio));
    if (!stable && ratio >= 2 && ratio <= 10) {
      double y = acosh(ratio);
      sxy += S->t * y;
      sxx += S->t * S->t;
    }
    exp_progress(ctx, label, S->t, t_end, S->step);
  }
  *s = sxx > 0 ? sxy / sxx : NAN;
  if (run) {
    run->h = h;
    run->steps += S ? S->step : 0;
    run->sim_time = S ? S->t : 0;
    run->grid_cells += (long)nr * nz;
  }
  cap_ns_state_free(S);
  cap_ns_ws_free(w);
  return st;
}

/* Liquid volume of row j (2 pi r dr dz, the cut cells by 8 sub-samples of the bilinear phi in r),
 * and the row's neck radius (the first radial crossing; 0 if the axis cell is dry). */
static double row_volume(const cap_grid *g, const double *phi, int j, double *neck)
{
  double h = g->h, v = 0;
  *neck = 0;
  for (int i = 0; i < g->nx; i++) {
    size_t c = cap_grid_idx(g, i, j);
    double r = cap_grid_xc(g, i);
    int cut = (phi[c] < 0) != (phi[c - 1] < 0) || (phi[c] < 0) != (phi[c + 1] < 0);
    if (!cut) { if (phi[c] < 0) v += 2 * M_PI * r * h * h; continue; }
    for (int a = 0; a < 8; a++) {
      double sx = (a + 0.5) / 8 - 0.5, f = sx < 0 ? phi[c] + sx * (phi[c] - phi[c - 1]) : phi[c] + sx * (phi[c + 1] - phi[c]);
      if (f < 0) v += 2 * M_PI * (r + sx * h) * h * h / 8;
    }
  }
  if (phi[cap_grid_idx(g, 0, j)] < 0)
    for (int i = 0; i + 1 < g->nx; i++) {
      size_t c = cap_grid_idx(g, i, j);
      if ((phi[c] < 0) != (phi[c + 1] < 0)) { *neck = cap_grid_xc(g, i) + phi[c] / (phi[c] - phi[c + 1]) * h; break; }
    }
  return v;
}

/* Pinch-off at the fastest mode, R/h = cells: runs until the thread has broken and then 1 more time
 * unit; the breakup time (the first step whose thinnest row is dry on the axis), the volumes of the
 * drops (runs of wet rows along z), the total volume before and after, the neck radius r_min(t)
 * (series) and its power law r_min ~ (t_b - t)^alpha fitted over 2 h <= r_min <= 0.2 R. */
static int pinch_off(exp_ctx *ctx, const double *par, double cells)
{
  cap_result xm, sm;
  int st = cap_plateau_rayleigh_fastest(&xm, &sm);
  if (st) return st;
  const double R = 1, x = xm.val, lambda = 2 * M_PI * R / x, k = x / R;
  int nz = (int)ceil(lambda * cells);
  double h = lambda / nz;
  int nr = (int)ceil(2 * R / h);
  cap_grid g;
  st = cap_grid_init(&g, CAP_GEOM_AXI, nr, nz, 1, h, 0, 0, 0, 3);
  if (!st) st = cap_grid_set_bc(&g, CAP_YLO, CAP_BC_PERIODIC);
  if (!st) st = cap_grid_set_bc(&g, CAP_YHI, CAP_BC_PERIODIC);
  if (!st) st = cap_grid_set_bc(&g, CAP_XHI, CAP_BC_SLIP);
  if (st) return st;
  cap_ns_state *S = NULL;
  cap_ns_ws *w = NULL;
  double *tt = NULL, *rr = NULL;
  long nrec = 0, cap = 1 << 16;
  st = cap_ns_state_alloc(&S, &g);
  if (!st) st = cap_ns_ws_alloc(&w, &g);
  if (!st && (!(tt = malloc(cap * sizeof *tt)) || !(rr = malloc(cap * sizeof *rr)))) st = CAP_ENOMEM;
  /* the perturbation's crest at z = lambda/2, its trough (the neck) at z = 0 */
  if (!st)
    for (int j = 0; j < nz; j++)
      for (int i = 0; i < nr; i++)
        S->phi[cap_grid_idx(&g, i, j)] = cap_grid_xc(&g, i) - R * (1 - par[P_EPS] * cos(k * cap_grid_yc(&g, j) - M_PI));
  cap_ns_params p = cap_ns_params_default();
  p.rho = p.sigma = 1;
  p.mu = par[P_OH];
  p.gx = p.gy = 0;
  p.extension_order = 1; /* the linear extension (3) blows up near the pinch (measured: t = 14.8 at R = 16) */
  p.reinit_every = 1;
  double vol0 = 0, neck;
  if (!st) { cap_levelset_fill_ghosts(&g, S->phi); for (int j = 0; j < nz; j++) vol0 += row_volume(&g, S->phi, j, &neck); }
  cap_tsv *series = st ? NULL : cap_io_tsv_open(exp_path(ctx, "neck.tsv"), exp_provenance(ctx), "t\tr_min[R]");
  if (!st && !series) st = CAP_EIO;
  double tb = NAN, t_stop = 10 * log(R / par[P_EPS]) / sm.val;
  char label[64];
  snprintf(label, sizeof label, "pinch-off, R = %g cells", cells);
  while (!st && S->t < t_stop) {
    cap_ns_dt_info di;
    st = cap_ns_dt(S, &p, &di);
    if (!st) st = cap_ns_step(S, &p, w, di.dt, NULL);
    if (st) break;
    cap_levelset_fill_ghosts(&g, S->phi);
    double rmin = INFINITY;
    for (int j = 0; j < nz; j++) { row_volume(&g, S->phi, j, &neck); rmin = fmin(rmin, neck); }
    if (isnan(tb)) {
      if (nrec < cap) { tt[nrec] = S->t; rr[nrec] = rmin; nrec++; }
      st = cap_io_tsv_row(series, 2, (double[]){S->t, rmin});
      if (rmin <= 0) { tb = S->t; t_stop = tb + 1; }
    }
    exp_progress(ctx, label, S->t, t_stop, S->step);
  }
  if (series) { if (st) cap_io_tsv_abort(series); else st = cap_io_tsv_close(series); }
  if (!st && isnan(tb)) st = CAP_ERROR(CAP_ENUMERIC, "the thread did not break by t = %g", t_stop);
  /* the drops: runs of rows wet on the axis, the wrap-around run joined */
  double vol1 = 0, vols[8] = {0};
  int nd = 0;
  if (!st) {
    cap_levelset_fill_ghosts(&g, S->phi);
    int j0 = 0;
    while (j0 < nz && S->phi[cap_grid_idx(&g, 0, j0)] < 0) j0++; /* start at a dry row */
    int in = 0;
    for (int q = 0; q < nz; q++) {
      int j = (j0 + q) % nz;
      double v = row_volume(&g, S->phi, j, &neck);
      vol1 += v;
      int wet = S->phi[cap_grid_idx(&g, 0, j)] < 0;
      if (wet && !in && nd < 8) nd++;
      in = wet;
      if (nd > 0 && nd <= 8) vols[nd - 1] += v;
    }
    st = cap_io_png_field(exp_path(ctx, "pinch_off.png"), &g, S->phi, -R, R, CAP_CMAP_DIVERGING, S->phi, 4);
  }
  if (!st) {
    double vmain = 0, vsat = 0;
    for (int q = 0; q < nd; q++) {
      if (vols[q] > vmain) { vsat = vmain; vmain = vols[q]; }
      else if (vols[q] > vsat) vsat = vols[q];
    }
    /* power law of the neck over 2 h <= r_min <= 0.2 R before t_b */
    double sx = 0, sy = 0, sxx = 0, sxy = 0;
    int m = 0;
    for (long q = 0; q < nrec; q++)
      if (rr[q] >= 2 * h && rr[q] <= 0.2 * R && tb - tt[q] > 0) {
        double X = log(tb - tt[q]), Y = log(rr[q]);
        sx += X; sy += Y; sxx += X * X; sxy += X * Y; m++;
      }
    double alpha = m >= 3 ? (m * sxy - sx * sy) / (m * sxx - sx * sx) : NAN;
    exp_result(ctx, "breakup_time", tb);
    exp_result(ctx, "breakup_estimate", log(R / par[P_EPS]) / sm.val);
    exp_result(ctx, "drops", nd);
    exp_result(ctx, "main_volume", vmain / vol0);
    exp_result(ctx, "satellite_volume", vsat / vol0);
    exp_result(ctx, "neck_exponent", alpha);
    fprintf(stderr, "[rayleigh_plateau] pinch-off at t = %.3f (estimate ln(R/eps)/s_max = %.3f): %d drops, main %.4f and satellite %.4f of the volume, total %+.3g %%, neck exponent %.3f (%d points)\n",
            tb, log(R / par[P_EPS]) / sm.val, nd, vmain / vol0, vsat / vol0, 100 * (vol1 / vol0 - 1), alpha, m);
    char what[160];
    snprintf(what, sizeof what, "total liquid volume through pinch-off |V1 - V0|/V0 at R = %g cells", cells);
    exp_check(ctx, what, fabs(vol1 / vol0 - 1), 1, 0.01);
    snprintf(what, sizeof what, "main drop volume against one wavelength minus the satellite |Vm - (V0 - Vs)|/V0");
    exp_check(ctx, what, fabs(vmain - (vol0 - vsat)) / vol0, 1, 0.02);
  }
  free(tt);
  free(rr);
  cap_ns_state_free(S);
  cap_ns_ws_free(w);
  return st;
}

static int run_level(exp_ctx *ctx, const double *par, double cells, exp_run *out)
{
  double x[MAX_X];
  int nx = wavenumbers(ctx, par, x);
  char file[64];
  snprintf(file, sizeof file, "growth_%g.tsv", cells);
  cap_tsv *t = cap_io_tsv_open(exp_path(ctx, file), exp_provenance(ctx),
                               "kR\ts_measured[sqrt(sigma/(rho R^3))]\ts_rayleigh\ts_weber\tmax|a|/a0");
  if (!t) return CAP_EIO;
  out->metric[M_GROWTH] = 0;
  out->metric[M_STABLE] = 0;
  out->steps = 0;
  out->grid_cells = 0;
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
  cap_tsv *d = cap_io_tsv_open(exp_path(ctx, "dispersion.tsv"), exp_provenance(ctx), "kR\ts_rayleigh\ts_weber");
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
  int a = 0;
  for (int i = 0; i < n; i++) if (runs[i].cells <= 16 + 1e-9) a = i;
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
  /* (b) pinch-off at the fastest mode, at the finest resolution */
  return pinch_off(ctx, par, runs[n - 1].cells);
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
