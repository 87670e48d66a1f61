/* bouncing_drop: a drop falls onto a water-repellent floor, bounces, and flies off oscillating.
 *
 * Claim: a drop of radius R hitting a super-hydrophobic solid at the Weber number We = rho U^2 R / sigma stays in
 *   contact for tau ~ 2.6 sqrt(rho R^3 / sigma) whatever its speed over a wide range, and leaves with a restitution
 *   below 1 [refs.bib: richard2002contact], oscillating in flight at Rayleigh's n = 2 period.
 * Setup: rho = sigma = R = 1. axi: the sphere on the axis of an (r, z) box [0, --width] x [0, --height]; planar: the
 *   cylinder, half of it on a mirror x = 0. Each drop (--we LIST) starts GAP above the floor moving down at sqrt(We);
 *   mu = Oh, gravity -Bo along y. The floor (free-slip --slip 1 or no-slip 0) takes its angles before every step from
 *   the dynamic contact-angle model (cap_wetting_wall_update); the other sides are free-slip. Solver:
 *   exp_scene_contact_line_solver, the level set reinitialised every step and given back its first volume.
 * Reference: 2.6 sqrt(rho R^3 / sigma), reported beside tau, not judged (docs/design/bouncing-drop.md); Rayleigh's
 *   n = 2 period of the sphere (circle) with Lamb's rate.
 * Metric: the floor is wet where phi extrapolated to y = 0 is negative; lift-off when it is dry again (exp_floor_events);
 *   the touch when the centroid's free fall, fitted 4 cells or more from the floor, brings its bottom to it. tau =
 *   lift-off - touch; for the reference drop (the first We in [2, 20]) the mean of it and its twin's, started half a
 *   cell higher, half their difference its resolution. e = U_out / U_in (centroid, free fall taken out); a2 the n = 2
 *   amplitude in flight (exp_mode_moment), T its period; given: the volume the reinitialisations gave back.
 * Acceptance, finest level: every drop flies; |T / T_ref - 1| <= 2 % for a2 <= 0.1 (the nonlinear shift: 5 % at a2 =
 *   0.29 [refs.bib: zrnic2021weakly], as a2^2); from 24 cells |given| <= 1 % for We <= 8; axi with three levels
 *   or more: the observed order of tau (exp_order3) >= 1; its grid-phase resolution is reported, not judged.
 * Ranges (bouncing-drop.md; not an envelope yet, envelope.md): We 0.5-20, Oh <= 0.05, Bo <= 0.1, angles 150-170
 *   degrees, theta_r <= 165 (the receding front's air wedge under a cell for at most 1/tan(15 deg) = 3.7 cells).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "../analytic/capref_oscillation.h"
#include "../solver/cap_errno.h"
#include "../solver/cap_wetting.h"
#include "scene.h"

enum { P_OH, P_BOND, P_TA, P_TR, P_VSTAT, P_SLIP, P_FLIGHT, P_W, P_H, P_TMAX };
static const exp_def def;
enum { M_TAU, M_TAU_RES, M_REST, M_TAU_MEAN, M_TAU_SPREAD, M_PERIOD, M_GIVEN, M_DRIFT, M_LIFT };

#define DEG        (M_PI / 180)
#define SUB        8    /* sub-samples per direction of a cut cell in the moments */
#define GAP        0.25 /* the drop's initial height above the floor, R */
#define TAU_REF    2.6  /* Richard, Clanet & Quere 2002, in sqrt(rho R^3 / sigma) */
#define MAXC       4    /* contact points on the floor */
#define WE_FLAT_LO 2.0  /* the range of We over which the contact time is averaged and its spread taken */
#define WE_FLAT_HI 20.0
#define AMP_LIN    0.1 /* the in-flight period is judged for a2 <= AMP_LIN (linear oscillation) */
#define VOL_WE     8.0 /* the volume given back is judged for We <= VOL_WE, from VOL_CELLS cells */
#define VOL_CELLS  24

enum { C_WE, C_TAU, C_TAU26, C_E, C_WET, C_SPREAD, C_PERR, C_AMP, C_GIVEN, C_DRIFT, C_LIFTED, NCASE };

/* What the hooks carry from step to step (kept by checkpoints as one block). */
typedef struct {
  exp_floor_events ev;
  int nprev;
  double wet, wet_max, spread_max, vol0, vol, drift, zc, a2;
  cap_wetting_contact cprev[MAXC];
} bounce_state;

typedef struct {
  const double *par;
  cap_wetting_material mat;
  double T_ref, scale, flight; /* the reference period; a2 = moment / scale; periods followed in flight */
  int show;                    /* 1: its shapes drawn (shapes_*.png) */
  bounce_state b;
  exp_record zc, a2; /* the centroid height and the n = 2 amplitude of every step */
  exp_frames *fr;    /* start, touch, widest spread, lift-off, end */
} bounce_run;

/* Before each step: the floor's angles and pinned cells from its contact points. */
static int bounce_before(exp_scene *sc, void *user)
{
  bounce_run *B = user;
  cap_wetting_contact c[MAXC];
  int nc = 0,
      st = cap_wetting_wall_update(sc->ct, &sc->g, CAP_YLO, sc->s->phi, sc->s->u, sc->s->v, &B->mat, B->par[P_VSTAT],
                                   B->b.cprev, B->b.nprev, sc->info.dt, sc->pinned, c, MAXC, &nc);
  if (st) return st;
  memcpy(B->b.cprev, c, sizeof c);
  B->b.nprev = nc < MAXC ? nc : MAXC;
  return CAP_SUCCESS;
}

/* At the start and after each step: the moments, the floor's row, the events and the frames. */
static int bounce_after(exp_scene *sc, void *user)
{
  bounce_run *B = user;
  bounce_state *b = &B->b;
  const cap_grid *g = &sc->g;
  double *phi = sc->s->phi, t = sc->s->t, vol, area, xc, m2;
  int st = exp_liquid_centroid(g, phi, SUB, &area, &xc, &b->zc);
  if (!st) st = exp_mode_moment(g, phi, 2, SUB, &vol, &m2);
  if (g->geom != CAP_GEOM_AXI) m2 += xc * xc * area; /* planar: about the mirror x = 0, not the half's centroid */
  if (!st) st = exp_scene_liquid(sc, &vol);          /* the volume by the solver's own quadrature */
  if (!st) st = exp_record_add(&B->zc, t, b->zc);
  if (!st) st = exp_record_add(&B->a2, t, b->a2 = m2 / B->scale);
  if (st) return st;
  if (!sc->s->step) b->vol0 = vol;
  b->vol = vol / b->vol0 - 1;
  b->drift = fmax(b->drift, fabs(b->vol));
  int top;
  double spread, mw;
  exp_floor_wet(g, phi, &mw, &b->wet);
  exp_liquid_reach(g, phi, &spread, &top);
  const int ev = exp_floor_events_update(&b->ev, mw, t, g->h, !sc->s->step);
  if (ev == EXP_FLOOR_TOUCH || ev == EXP_FLOOR_LIFT) exp_frames_take(B->fr, sc);
  if (ev == EXP_FLOOR_WITHDRAWN) B->fr->n = 3; /* the lift-off's frame taken again at the real one */
  if (b->ev.touched && !b->ev.lifted) {
    b->wet_max = fmax(b->wet_max, b->wet);
    if (spread > b->spread_max) { /* the widest spread so far: its frame (the third) taken again */
      b->spread_max = spread;
      if (B->fr->n == 3) B->fr->n = 2;
      exp_frames_take(B->fr, sc);
    }
  }
  /* a second touch, the flight followed, or the drop near the top of the box */
  sc->stop |= b->ev.retouched || (b->ev.lifted && t - b->ev.t_lift >= B->flight * B->T_ref) || top >= g->ny - 4;
  return CAP_SUCCESS;
}

static int bounce_row(const exp_scene *sc, void *user, double *row)
{
  const bounce_state *b = &((bounce_run *)user)->b;
  const cap_wetting_contact *c = &b->cprev[b->nprev ? b->nprev - 1 : 0]; /* the outermost, at the last step */
  double th = b->nprev ? c->theta_m / DEG : NAN, reg = b->nprev ? c->choice.regime : NAN;
  memcpy(row, (double[]){sc->s->t, b->zc, b->a2, b->wet, b->vol, th, reg, b->nprev ? c->vn : NAN}, 8 * sizeof(double));
  return 8;
}

/* One drop at the Weber number we: its figures in *r, its run added to *out. role 1: its shapes drawn; 2: the
 * twin, started half a cell higher, followed to half a period after the lift-off, its tau only in r (no files). */
static int one_drop(exp_ctx *ctx, const double *par, double we, int role, double cells, exp_run *out, double *r)
{
  const int twin = role == 2, axi = exp_geometry(ctx) == CAP_GEOM_AXI;
  const double U = sqrt(we), gy = -par[P_BOND], gap = GAP + (twin ? 0.5 / cells : 0);
  exp_scene_spec spec = {.geom = exp_geometry(ctx), .varying = 1u << CAP_YLO, .pinned = 1};
  spec.bc[CAP_XHI] = spec.bc[CAP_YHI] = CAP_BC_SLIP;
  spec.bc[CAP_YLO] = par[P_SLIP] ? CAP_BC_SLIP : CAP_BC_WALL;
  if (!axi) spec.bc[CAP_XLO] = CAP_BC_SLIP, spec.angle[CAP_XLO] = M_PI / 2; /* the mirror: free slip at 90 deg */
  spec.angle[CAP_YLO] = par[P_TA] * DEG;
  exp_spec_box(&spec, cells, 0, 0, par[P_W], par[P_H]);
  exp_frames F = {0};
  bounce_run B = {.par = par, .scale = axi ? 4 * M_PI / 5 : M_PI / 2, .show = role == 1, .fr = &F};
  B.flight = twin ? 0.5 : par[P_FLIGHT];
  int st = cap_wetting_material_init(&B.mat, par[P_TR] * DEG, par[P_TA] * DEG, par[P_TA] * DEG, 0);
  capref_result w = {NAN, 0}; /* the reference: mode 2 of the sphere (circle) with Lamb's damping */
  if (!st)
    st = capref_oscillation_damped_frequency(axi ? CAPREF_3D : CAPREF_2D, 2,
                                             &(capref_fluid){.sigma = 1, .rho = 1, .nu = par[P_OH]}, 1, &w);
  B.T_ref = 2 * M_PI / w.val;
  exp_scene *sc;
  if (st || (st = exp_scene_alloc(&sc, &spec))) return st;
  const cap_grid *g = &sc->g;
  exp_scene_circle(sc, 0, 1 + gap, 1);
  exp_scene_contact_line_solver(sc, 1 / (par[P_OH] * par[P_OH]), 0, gy);
  sc->p.reinit_every = 1, sc->p.reinit_keep_area = 1; /* every 10 steps lost most of the liquid at We >= 8 */
  st = exp_scene_liquid(sc, &sc->p.keep_area_target); /* each reinitialisation gives back the first volume */
  for (int j = 1; j < g->ny; j++) /* the drop moving down at U (the floor's and the top's faces stay 0) */
    for (int i = 0; i < g->nx; i++) sc->s->v[cap_grid_idx(g, i, j)] = -U;
  const char *cols = "t\tz_c/R\ta2\tr_wet/R\tV/V0-1\ttheta_m[deg]\tregime\tv_front";
  cap_tsv *ts = twin ? NULL : exp_tsv(ctx, cols, "history_%g_we%g.tsv", cells, we);
  if (!ts && !twin && !st) st = CAP_EIO;
  if (!st) st = exp_frames_alloc(&F, sc, 5);
  char label[96];
  snprintf(label, sizeof label, "%g cells, We = %g%s", cells, we, twin ? ", twin" : "");
  exp_loop L = {.label = label, .t_end = par[P_TMAX], .before = bounce_before, .after = bounce_after, .user = &B};
  L.series = ts, L.row = bounce_row, L.clock = (exp_clock){.every = 0.02, .grid = 1}, L.at_start = 1, L.frames = &F;
  L.records[0] = &B.zc, L.records[1] = &B.a2;
  EXP_KEEP_ADD(&L, EXP_KEEP(B.b));
  if (!st) st = exp_scene_run(ctx, sc, &L);
  const bounce_state *b = &B.b;
  const exp_floor_events *e = &b->ev;
  double T = NAN, amp = NAN;
  /* the touch: the free fall (fitted 4 cells or more from the floor, its last half at least) bringing its bottom to it */
  double u_in, t_kin = exp_record_fall_time(&B.zc, fmax(e->t_touch - 4 * g->h / U, 0.5 * e->t_touch), B.zc.f[0] - gap,
                                            gy, &u_in);
  double u_out = e->lifted ? exp_record_fall_speed(&B.zc, e->t_lift, sc->s->t, gy, e->t_lift) : NAN;
  if (!st && e->lifted) exp_record_period(&B.a2, e->t_lift, &T, &amp);
  if (!st && B.show) { /* the shapes of the first drop in the contact time's range */
    exp_frames_take(&F, sc);
    st = exp_frames_png(ctx, &F, sc, 1, 4, "shapes_%g_we%g.png", cells, we);
  }
  const double tau = e->lifted ? e->t_lift - t_kin : NAN;
  memcpy(r,
         (double[NCASE]){we, tau, tau / TAU_REF, u_out / u_in, b->wet_max, b->spread_max, T / B.T_ref - 1, amp,
                         sc->given / b->vol0, b->drift, e->lifted && !e->retouched},
         NCASE * sizeof(double));
  fprintf(stderr,
          "[bouncing_drop] %s: touch %.4f, lift-off %.4f, tau = %.4f (%.4f x 2.6), U_in %.4f, U_out %.4f, e = %.4f, "
          "wet_max %.4f, spread_max %.4f, T %.4f (%+.2f %%, a2 %.3f), given %.3g %%, %s\n",
          label, t_kin, e->t_lift, tau, tau / TAU_REF, u_in, u_out, r[C_E], b->wet_max, b->spread_max, T,
          100 * r[C_PERR], amp, 100 * r[C_GIVEN],
          (const char *[]){"no lift-off", "flew", "touched again"}[e->lifted + e->retouched]);
  exp_frames_free(&F), exp_record_free(&B.zc), exp_record_free(&B.a2);
  st = exp_tsv_end(ts, st);
  exp_scene_close(sc, out);
  return st;
}

static int run_level(exp_ctx *ctx, const double *par, double cells, exp_run *out)
{
  const double *we;
  int n = exp_cases(ctx, &we), nflat = 0, nlin = 0, nvol = 0, shown = 0, st = CAP_SUCCESS;
  if (!(par[P_TR] <= par[P_TA]))
    return CAP_ERROR(CAP_EDOM, "--theta-r %g > --theta-a %g: allowed <=", par[P_TR], par[P_TA]);
  for (int k = 0; k < n; k++) nflat += we[k] >= WE_FLAT_LO && we[k] <= WE_FLAT_HI;
  const char *cols = "We\ttau\ttau/2.6\trestitution\twet_max/R\tspread_max/R\tT/T_ref-1\ta2\tgiven\tdrift\tlifted";
  cap_tsv *t = exp_tsv(ctx, cols, "cases_%g.tsv", cells);
  if (!t) return CAP_EIO;
  double *m = out->metric, tmin = INFINITY, tmax = -INFINITY, tsum = 0;
  m[M_PERIOD] = m[M_GIVEN] = m[M_DRIFT] = m[M_LIFT] = 0;
  for (int k = 0; k < n && !st; k++) {
    double r[NCASE];
    int flat = (we[k] >= WE_FLAT_LO && we[k] <= WE_FLAT_HI) || !nflat, first = flat && !shown++;
    if ((st = one_drop(ctx, par, we[k], first, cells, out, r))) break;
    if (first) { /* the reference drop's tau: the mean over two grid phases, their half difference its resolution */
      double r2[NCASE];
      if ((st = one_drop(ctx, par, we[k], 2, cells, out, r2))) break;
      m[M_TAU] = 0.5 * (r[C_TAU] + r2[C_TAU]), m[M_TAU_RES] = 0.5 * fabs(r[C_TAU] - r2[C_TAU]) / m[M_TAU];
      m[M_REST] = r[C_E];
    }
    st = cap_io_tsv_row(t, NCASE, r);
    if (flat) tmin = fmin(tmin, r[C_TAU]), tmax = fmax(tmax, r[C_TAU]), tsum += isnan(r[C_TAU]) ? INFINITY : r[C_TAU];
    if (r[C_AMP] <= AMP_LIN) nlin++, m[M_PERIOD] = fmax(m[M_PERIOD], isnan(r[C_PERR]) ? INFINITY : fabs(r[C_PERR]));
    if (we[k] <= VOL_WE) nvol++, m[M_GIVEN] = fmax(m[M_GIVEN], fabs(r[C_GIVEN]));
    m[M_DRIFT] = fmax(m[M_DRIFT], r[C_DRIFT]);
    m[M_LIFT] += r[C_LIFTED];
  }
  m[M_TAU_MEAN] = tsum / (nflat ? nflat : n);
  m[M_TAU_SPREAD] = 0.5 * (tmax - tmin) / m[M_TAU_MEAN];
  m[M_LIFT] /= n;
  m[M_PERIOD] = nlin ? m[M_PERIOD] : NAN, m[M_GIVEN] = nvol ? m[M_GIVEN] : NAN; /* no drop to judge: not judged */
  return exp_tsv_end(t, st);
}

static int finish(exp_ctx *ctx, const double *par, const exp_run *runs, int n)
{
  (void)par;
  const double *m = runs[n - 1].metric, c = runs[n - 1].cells;
  for (int k = 0; k <= M_LIFT; k++) exp_result(ctx, def.metrics[k].name, m[k]);
  exp_checkf(ctx, m[M_LIFT], 0, 1, "every drop lifts off and flies at %g cells (the fraction that did)", c);
  if (isnan(m[M_PERIOD]))
    fprintf(stderr, "[bouncing_drop] no drop flew with a2 <= %g: the in-flight period is not judged\n", AMP_LIN);
  else
    exp_checkf(ctx, m[M_PERIOD], 1, 0.02, "in-flight n = 2 period |T / T_ref - 1|, a2 <= %g, at %g cells", AMP_LIN, c);
  if (c >= VOL_CELLS && !isnan(m[M_GIVEN]))
    exp_checkf(ctx, m[M_GIVEN], 1, 0.01,
               "volume the reinitialisations gave back, |V_given| / V0, We <= %g, at %g cells", VOL_WE, c);
  if (exp_geometry(ctx) != CAP_GEOM_AXI || n < 3) return CAP_SUCCESS; /* the cylinder's tau is reported only */
  double h[3], v[3], tinf;
  for (int k = 0; k < 3; k++) h[k] = runs[n - 3 + k].h, v[k] = runs[n - 3 + k].metric[M_TAU];
  double p = exp_order3(h, v, &tinf);
  exp_result(ctx, "order_tau", p), exp_result(ctx, "tau_extrapolated", tinf);
  exp_check(ctx, "observed order of the reference drop's contact time over the last three levels", p, 0, 1);
  return CAP_SUCCESS;
}

static const exp_def def = {
    .name = "bouncing_drop",
    .claim = "A drop hitting a super-hydrophobic floor stays in contact for about 2.6 sqrt(rho R^3 / sigma), roughly "
             "independent of the impact Weber number, rebounds with a restitution below 1 and oscillates in flight at "
             "Rayleigh's n = 2 period.",
    .source = "Richard, Clanet & Quere (2002), Nature 417, 811",
    .reference = "tau = 2.6 sqrt(rho R^3 / sigma) (reported, not judged); Rayleigh's n = 2 period with Lamb's damping",
    .run_level = run_level,
    .finish = finish,
    .axi = 1,
    .params = {{"oh", "", "Ohnesorge number mu / sqrt(rho sigma R)", 0.01, 1e-4, 0.05, 0},
               {"bond", "", "Bond number rho g R^2 / sigma (gravity down the axis)", 0, 0, 0.1, 0},
               {"theta-a", "deg", "advancing angle of the floor", 170, 150, 170, 0},
               {"theta-r", "deg", "receding angle of the floor (<= theta-a)", 160, 150, 165, 0},
               {"v-static", "sqrt(sigma/R)", "front speed below which a contact point is at rest", 0.02, 0, 1, 0},
               {"slip", "", "1: free-slip floor, 0: no-slip", 1, 0, 1, CAP_CLI_INTEGER},
               {"flight", "", "reference n = 2 periods to follow after the lift-off", 2, 2, 10, 0},
               {"width", "R", "box width (radius) from the axis", 6, 6, 20, 0},
               {"height", "R", "box height", 10, 10, 40, 0},
               {"t-max", "sqrt(rho R^3/sigma)", "longest run", 20, 10, 200, 0}},
    .quick = {12, 16, 24},
    .standard = {12, 16, 24},
    .full = {16, 24, 32},
    .metrics = {{"tau", "sqrt(rho R^3/sigma)", "contact time of the reference drop (first listed We in [2, 20])", 1},
                {"tau_resolution", "", "half its change when the drop starts half a cell higher, over tau", 1},
                {"restitution", "", "its restitution", 1},
                {"tau_mean", "sqrt(rho R^3/sigma)", "mean contact time over the listed We in [2, 20] (all if none)", 1},
                {"tau_spread", "", "their half range over the mean", 1},
                {"period_err", "", "max |T / T_ref - 1| in flight over the drops with a2 <= 0.1"},
                {"vol_given", "", "max |volume given back by the reinitialisations| / V0, We <= 8"},
                {"vol_drift", "", "max |V / V0 - 1|"},
                {"lifted", "", "fraction of the drops that lifted off and flew", 1}},
    .cases = {"we", "", "impact Weber numbers rho U^2 R / sigma", NAN, 0.5, 20, 0},
    .case_quick = {2},
    .case_standard = {0.5, 1, 2, 4, 8, 20},
};

int main(int argc, char **argv) { return exp_main(&def, argc, argv); }
