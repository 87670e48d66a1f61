/* hysteresis: a 2D drop held on a tilted wall by contact-angle hysteresis.
 *
 * Claim: with the dynamic contact-angle model of Wang, Mucha & Turk (2005, Sec. 6: a receding angle
 *   theta_r and an advancing angle theta_a, chosen from the contact front's motion, and Eq. 10 for a
 *   front at rest), a drop on a wall tilted by alpha stays pinned while its downhill weight does not
 *   exceed the largest pinning force of its two contact points, rho g A sin(alpha) <= sigma (cos
 *   theta_r - cos theta_a) per unit length (de Gennes, Brochard-Wyart & Quere 2004, ch. 3), and
 *   slides above it with its front at theta_a and its rear at theta_r.
 *   [refs.bib: wang2005water, degennes2004]
 * Setup: units sigma = rho = 1, R0 = 1 the radius of the half-disc of the drop's area A = pi/2;
 *   gravity of magnitude g = Bo (--bond, default 1: Bo = rho g R0^2 / sigma), tilted by alpha: g_x =
 *   g sin(alpha) along the wall (downhill to +x), g_y = -g cos(alpha). The tilt rises linearly from 0
 *   to alpha over --ramp (default 10 sqrt(rho R0^3/sigma)): tilted at once, the drop is set moving and
 *   its moving angles carry it past the static threshold (measured: alpha_c 5.1 % and 4.3 % low at 8
 *   and 16 cells). The drop starts at rest as the circular cap of angle (theta_r + theta_a)/2, 2.5 R0 from
 *   the uphill end of a box 9 R0 long and 1.5 R0 above the cap. Free-slip walls; the bottom one has
 *   per-position contact angles set before every step by cap_wetting_wall_update (solver/cap_wetting.h:
 *   a moving front takes theta_a or theta_r, a front at rest Eq. 10 through the sign of its actual
 *   angle against the two; a pinned front keeps its actual angle and its wall-row cells are passed to
 *   the solver as cap_ns_params.pinned, which closes their faces along the wall: the liquid does not
 *   slide there, a no-slip patch on the free-slip wall). The front velocity is the contact point's own
 *   motion between steps; v_static = --v-static (default 0.02 sqrt(sigma/R0)). Viscosity from La = 10
 *   (--la). Solver as in young_angles (stress-form viscosity, constant extension, reinitialisation
 *   every 10 steps).
 * Cases: (theta_r, theta_a) = (60, 90) and (30, 90) degrees (quick: (60, 90)).
 * Measurement: a run at tilt alpha SLIDES when the drop's position (the midpoint of its two contact
 *   points) has moved more than R0 before --t-end (default 30); it HOLDS otherwise. alpha_c by
 *   bisection over [0.5, 1.5] x the reference (both ends are run and must bracket: the lower one holds,
 *   the upper one slides), --bisections steps (default 7: the bracket shrinks to 1/128 of the
 *   reference). On the sliding run at 1.5 x the reference: the actual angles (cap_wetting_contact.
 *   theta_m) of the front and the rear, averaged while the drop moves between 0.25 R0 and R0. Every
 *   run is listed in runs_<cells>.tsv; the bracket ends' histories in hold_* and slide_*.tsv.
 * Reference: sin(alpha_c) = sigma (cos theta_r - cos theta_a) / (rho g A) (the closed form above;
 *   cap_wetting_critical_tilt states the same in the solver library and is not used here).
 * Metrics per resolution (max over the cases): tilt_err = |alpha_c - alpha_ref| / alpha_ref,
 *   front_err and rear_err = |theta_front - theta_a| and |theta_rear - theta_r| (degrees).
 * Resolutions R0/h = 8, 16 (default; the 16 cells), quick 8 (the (60, 90) case, checked at 8
 *   cells), --full adds 32.
 * Acceptance (the figures at R0 = 16 cells): alpha_c within 5 %; front and rear angles within
 *   3 degrees of theta_a and theta_r. The tilt error is not plotted against resolution and has no
 *   order check: its floor is the bisection's bracket and it is shaped by the sliding criterion (a
 *   run's t_end), so it is not a discretisation error with an order (the order is in summary.json).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../analytic/cap_statics.h"
#include "../solver/cap_errno.h"
#include "../solver/cap_io.h"
#include "../solver/cap_levelset.h"
#include "../solver/cap_ns.h"
#include "../solver/cap_wetting.h"
#include "harness.h"

enum { P_LA, P_BOND, P_TEND, P_VSTATIC, P_BISECT, P_RAMP };
enum { M_TILT, M_FRONT, M_REAR };

#define DEG (M_PI / 180)
#define MAX_CASES 2

static int cases(const exp_ctx *ctx, double th[][2])
{
  th[0][0] = 60; th[0][1] = 90;
  if (!strcmp(exp_mode(ctx), "quick")) return 1;
  th[1][0] = 30; th[1][1] = 90;
  return 2;
}

/* The reference critical tilt (rad). */
static double alpha_ref(const double *par, double thr, double tha)
{
  return asin((cos(thr) - cos(tha)) / (par[P_BOND] * M_PI / 2));
}

typedef struct {
  int slides;                 /* 1: moved more than R0 before t_end */
  double moved;               /* displacement of the drop's position at the end, R0 */
  double front, rear;         /* mean actual angles while sliding (rad; NaN if not sliding) */
  double t;                   /* time reached */
} tilt_result;

/* One drop at tilt alpha (rad) on R0/h = cells, for the material (thr, tha). */
static int run_tilt(exp_ctx *ctx, const double *par, double cells, double thr, double tha, double alpha,
                    const char *series, tilt_result *res, exp_run *run)
{
  const double h = 1.0 / cells, th0 = 0.5 * (thr + tha), x_start = 2.5;
  cap_statics_cap_shape cap;
  int st = cap_statics_cap(CAP_REF_2D, th0, M_PI / 2, &cap);
  if (st) return st;
  int nx = (int)ceil(9.0 * cells), ny = (int)ceil((cap.height.val + 1.5) * cells);
  cap_grid g;
  st = cap_grid_init(&g, CAP_GEOM_PLANAR, nx, ny, 1, h, 0, 0, 0, 3);
  for (int k = 0; k < 4 && !st; k++) st = cap_grid_set_bc(&g, (cap_side)k, CAP_BC_SLIP);
  if (!st) st = cap_grid_set_contact_angle(&g, CAP_YLO, th0);
  double *angles = NULL;
  unsigned char *pinned = NULL;
  if (!st && (!(angles = malloc((size_t)(nx + 2 * g.ng) * sizeof *angles)) || !(pinned = calloc(g.size, 1))))
    st = CAP_ERROR(CAP_ENOMEM, "hysteresis: %d wall angles and a pinned-cell mask", nx + 2 * g.ng);
  if (st) { free(angles); return st; }
  for (int t = 0; t < nx + 2 * g.ng; t++) angles[t] = th0;
  st = cap_grid_set_wall_angles(&g, CAP_YLO, angles);
  cap_wetting_material mat;
  if (!st) st = cap_wetting_material_init(&mat, thr, tha, tha, 0);
  cap_ns_state *s = NULL;
  cap_ns_ws *w = NULL;
  if (!st) st = cap_ns_state_alloc(&s, &g);
  if (!st) st = cap_ns_ws_alloc(&w, &g);
  const double yc = -cap.radius.val * cos(th0);
  if (!st)
    for (int j = 0; j < ny; j++)
      for (int i = 0; i < nx; i++)
        s->phi[cap_grid_idx(&g, i, j)] = hypot(cap_grid_xc(&g, i) - x_start, cap_grid_yc(&g, j) - yc) - cap.radius.val;
  cap_ns_params p = cap_ns_params_default();
  p.rho = p.sigma = 1;
  p.mu = sqrt(1.0 / par[P_LA]);
  p.gx = par[P_BOND] * sin(alpha);
  p.gy = -par[P_BOND] * cos(alpha);
  p.extension_order = 1;
  p.reinit_every = 10;
  p.pinned = pinned;
  cap_tsv *ts = NULL;
  if (!st && series) {
    ts = cap_io_tsv_open(exp_path(ctx, series), exp_provenance(ctx),
                         "t\tx_rear/R0\tx_front/R0\ttheta_rear[deg]\ttheta_front[deg]\tregime_rear\tregime_front\tarea/A0");
    if (!ts) st = CAP_EIO;
  }
  char label[96];
  snprintf(label, sizeof label, "%g cells, (%g, %g) deg, alpha = %.3f deg", cells, thr / DEG, tha / DEG, alpha / DEG);
  double pos0 = NAN, fsum = 0, rsum = 0;
  long nsum = 0;
  res->slides = 0;
  res->moved = 0;
  cap_wetting_contact c[4], cprev[4];
  int nprev = 0;
  double dt_prev = 0;
  while (!st && s->t < par[P_TEND]) {
    int nc = 0;
    st = cap_wetting_wall_update(&g, CAP_YLO, s->phi, s->u, s->v, &mat, par[P_VSTATIC], cprev, nprev, dt_prev, angles,
                                 pinned, c, 4, &nc);
    if (!st && nc != 2)
      st = CAP_ERROR(CAP_ENUMERIC, "hysteresis: the drop has %d contact points on the wall at t = %g (want 2)", nc, s->t);
    if (st) break;
    /* rear: the point whose dry side is uphill (dir -1), front: dry side downhill (dir +1) */
    const cap_wetting_contact *rear = c[0].dir < 0 ? &c[0] : &c[1], *front = c[0].dir < 0 ? &c[1] : &c[0];
    double pos = 0.5 * (rear->pos + front->pos + 1) * h; /* cell t's centre is at (t + 1/2) h */
    if (isnan(pos0)) pos0 = pos;
    res->moved = pos - pos0;
    if (res->moved > 0.25 && res->moved < 1.0) {
      fsum += front->theta_m;
      rsum += rear->theta_m;
      nsum++;
    }
    if (ts && s->step % 20 == 0) {
      double area = NAN;
      st = cap_levelset_liquid_measure(&g, s->phi, &area);
      if (!st)
        st = cap_io_tsv_row(ts, 8, (double[]){s->t, (rear->pos + 0.5) * h, (front->pos + 0.5) * h, rear->theta_m / DEG,
                                              front->theta_m / DEG, rear->choice.regime, front->choice.regime,
                                              area / (M_PI / 2)});
    }
    if (st) break;
    if (res->moved > 1.0) { res->slides = 1; break; }
    memcpy(cprev, c, sizeof c);
    nprev = nc;
    /* the tilt ramps up from 0 to alpha over t_ramp (a quasi-static tilt: a sudden one sets the drop
     * moving and the moving angles then carry it past the static threshold) */
    double a_now = alpha * fmin(1.0, s->t / par[P_RAMP]);
    p.gx = par[P_BOND] * sin(a_now);
    p.gy = -par[P_BOND] * cos(a_now);
    cap_ns_step_info info;
    int done = 0;
    st = cap_ns_step_until(s, &p, w, par[P_TEND], &info, &done);
    if (!st && done) break;
    if (!st) dt_prev = info.dt;
    exp_progress(ctx, label, s->t, par[P_TEND], s->step);
  }
  res->front = nsum ? fsum / nsum : NAN;
  res->rear = nsum ? rsum / nsum : NAN;
  res->t = s ? s->t : 0;
  if (ts) st = st ? (cap_io_tsv_abort(ts), st) : cap_io_tsv_close(ts);
  exp_run_add(run, h, s ? s->step : 0, s ? s->t : 0, (long)nx * ny);
  cap_ns_state_free(s);
  cap_ns_ws_free(w);
  free(angles);
  free(pinned);
  return st;
}

/* One row of runs_<cells>.tsv. */
static int log_run(cap_tsv *runs, const double th[2], double alpha, double aref, const tilt_result *r)
{
  return cap_io_tsv_row(runs, 7, (double[]){th[0], th[1], alpha / DEG, alpha / aref, r->slides, r->moved, r->t});
}

static int run_level(exp_ctx *ctx, const double *par, double cells, exp_run *out)
{
  double th[MAX_CASES][2];
  int nc = cases(ctx, th);
  cap_tsv *t = exp_tsv(ctx, "theta_r[deg]\ttheta_a[deg]\talpha_ref[deg]\talpha_c[deg]\talpha_lo[deg]\talpha_hi[deg]\t"
                            "theta_front[deg]\ttheta_rear[deg]", "tilt_%g.tsv", cells);
  if (!t) return CAP_EIO;
  cap_tsv *runs = exp_tsv(ctx, "theta_r[deg]\ttheta_a[deg]\talpha[deg]\talpha/alpha_ref\tslides\tmoved/R0\tt_end",
                               "runs_%g.tsv", cells);
  if (!runs) { cap_io_tsv_abort(t); return CAP_EIO; }
  int st = CAP_SUCCESS;
  for (int k = 0; k < nc && !st; k++) {
    double thr = th[k][0] * DEG, tha = th[k][1] * DEG, aref = alpha_ref(par, thr, tha);
    /* the bracket's upper end 1.5 alpha_ref must be a tilt below the vertical */
    double bmin = (cos(thr) - cos(tha)) / (M_PI / 2 * sin(M_PI / 3));
    if (!(par[P_BOND] > bmin)) {
      st = CAP_ERROR(CAP_EDOM, "--bond %g is out of range for (theta_r, theta_a) = (%g, %g): the drop would hold up to "
                     "%s, beyond the bisection's bracket: allowed bond > %.4g", par[P_BOND], th[k][0], th[k][1],
                     isnan(aref) ? "the vertical" : "a tilt above 60 degrees", bmin);
      break;
    }
    double lo = 0.5 * aref, hi = 1.5 * aref;
    tilt_result rlo, rhi, r;
    char series[64];
    snprintf(series, sizeof series, "slide_%g_%g_%g.tsv", cells, th[k][0], th[k][1]);
    char series_lo[64];
    snprintf(series_lo, sizeof series_lo, "hold_%g_%g_%g.tsv", cells, th[k][0], th[k][1]);
    st = run_tilt(ctx, par, cells, thr, tha, lo, series_lo, &rlo, out);
    if (!st) st = log_run(runs, th[k], lo, aref, &rlo);
    if (!st) st = run_tilt(ctx, par, cells, thr, tha, hi, series, &rhi, out);
    if (!st) st = log_run(runs, th[k], hi, aref, &rhi);
    if (st) break;
    if (rlo.slides || !rhi.slides) {
      st = CAP_ERROR(CAP_ENUMERIC, "hysteresis: (%g, %g) degrees at %g cells: the bracket does not hold: %g degrees %s, "
                     "%g degrees %s", th[k][0], th[k][1], cells, lo / DEG, rlo.slides ? "slides" : "holds", hi / DEG,
                     rhi.slides ? "slides" : "holds");
      break;
    }
    for (int b = 0; b < (int)par[P_BISECT] && !st; b++) {
      double mid = 0.5 * (lo + hi);
      st = run_tilt(ctx, par, cells, thr, tha, mid, NULL, &r, out);
      if (!st) st = log_run(runs, th[k], mid, aref, &r);
      if (!st) { if (r.slides) hi = mid; else lo = mid; }
    }
    if (st) break;
    double ac = 0.5 * (lo + hi), e = fabs(ac - aref) / aref;
    double ef = fabs(rhi.front - tha) / DEG, er = fabs(rhi.rear - thr) / DEG;
    fprintf(stderr, "[hysteresis] %g cells, (theta_r, theta_a) = (%g, %g): alpha_c = %.3f deg in [%.3f, %.3f] (reference %.3f, "
            "%+.2f %%); sliding at %.2f deg: front %.2f, rear %.2f deg\n", cells, th[k][0], th[k][1], ac / DEG, lo / DEG, hi / DEG,
            aref / DEG, 100 * (ac / aref - 1), 1.5 * aref / DEG, rhi.front / DEG, rhi.rear / DEG);
    out->metric[M_TILT] = fmax(out->metric[M_TILT], e);
    out->metric[M_FRONT] = fmax(out->metric[M_FRONT], isnan(ef) ? INFINITY : ef);
    out->metric[M_REAR] = fmax(out->metric[M_REAR], isnan(er) ? INFINITY : er);
    st = cap_io_tsv_row(t, 8, (double[]){th[k][0], th[k][1], aref / DEG, ac / DEG, lo / DEG, hi / DEG, rhi.front / DEG,
                                         rhi.rear / DEG});
  }
  if (st) { cap_io_tsv_abort(t); cap_io_tsv_abort(runs); return st; }
  st = cap_io_tsv_close(runs);
  int st2 = cap_io_tsv_close(t);
  return st ? st : st2;
}

static int finish(exp_ctx *ctx, const double *par, const exp_run *runs, int n)
{
  (void)par;
  int a = exp_level_at(runs, n, 16);
  char what[160];
  exp_result(ctx, "tilt_err", runs[a].metric[M_TILT]);
  exp_result(ctx, "front_err", runs[a].metric[M_FRONT]);
  exp_result(ctx, "rear_err", runs[a].metric[M_REAR]);
  snprintf(what, sizeof what, "critical tilt |alpha_c - alpha_ref|/alpha_ref at R0 = %g cells", runs[a].cells);
  exp_check(ctx, what, runs[a].metric[M_TILT], 1, 0.05);
  snprintf(what, sizeof what, "sliding drop: front angle - theta_a (degrees) at R0 = %g cells", runs[a].cells);
  exp_check(ctx, what, runs[a].metric[M_FRONT], 1, 3.0);
  snprintf(what, sizeof what, "sliding drop: rear angle - theta_r (degrees) at R0 = %g cells", runs[a].cells);
  exp_check(ctx, what, runs[a].metric[M_REAR], 1, 3.0);
  /* no order check, and no convergence figure: the tilt error is bounded below by the bisection's
   * bracket and shaped by the sliding criterion, not a discretisation error with an order */
  if (n >= 2) exp_result(ctx, "order_tilt", exp_order(runs, n, M_TILT));
  return CAP_SUCCESS;
}

static const exp_def def = {
    "hysteresis",
    "A 2D drop on a tilted wall with receding and advancing angles theta_r < theta_a holds up to the tilt "
    "rho g A sin(alpha_c) = sigma (cos theta_r - cos theta_a) and slides above it with its front at theta_a "
    "and its rear at theta_r.",
    "Wang, Mucha & Turk (2005) Sec. 6 [wang2005water]; de Gennes, Brochard-Wyart & Quere (2004) ch. 3 [degennes2004]",
    "the 2D retention force of a drop on an incline (closed form)",
    {{"la", "", "Laplace number sigma rho R0 / mu^2", 10, 0.1, 1e7, 0},
     {"bond", "", "Bond number rho g R0^2 / sigma (g the magnitude of gravity)", 1, 0, 10, CAP_CLI_LO_OPEN},
     {"t-end", "sqrt(rho R0^3/sigma)", "time a run has to slide by R0", 30, 0, 1000, CAP_CLI_LO_OPEN},
     {"v-static", "sqrt(sigma/R0)", "front speed below which a contact point is at rest", 0.02, 0, 1, 0},
     {"bisections", "", "bisection steps of the critical tilt", 7, 1, 20, 0},
     {"ramp", "sqrt(rho R0^3/sigma)", "time over which the tilt rises from 0 to alpha", 10, 0, 1000, CAP_CLI_LO_OPEN}},
    {8},
    {8, 16},
    {8, 16, 32},
    {{"tilt_err", "", "max over the cases of |alpha_c - alpha_ref|/alpha_ref"},
     {"front_err", "deg", "max |theta_front - theta_a| on the sliding drop"},
     {"rear_err", "deg", "max |theta_rear - theta_r| on the sliding drop"}},
    run_level,
    finish,
    0,
};

int main(int argc, char **argv) { return exp_main(&def, argc, argv); }
