/* bouncing_drop: a drop bounces off a water-repellent floor (FEASIBILITY STUDY, issue 29: see
 * docs/design/bouncing-drop.md for what was run, the figures, and what limits the method).
 *
 * Claim: a drop of radius R hitting a super-hydrophobic solid at the Weber number We = rho U^2 R / sigma stays in
 *   contact for tau ~ 2.6 sqrt(rho R^3 / sigma), roughly independent of We (Richard, Clanet & Quere 2002, Nature
 *   417, 811), and leaves it with a restitution coefficient below 1, oscillating in flight.
 * Setup: units rho = sigma = R = 1. --geometry axi (the intended case): the sphere on the axis of an (r, z) box
 *   [0, --width] x [0, --height]; planar: the cylinder, half of it on a symmetry plane at x = 0. The drop starts
 *   GAP above the floor moving down at U = sqrt(We) (every y-face inside the box; the air's are the extension's
 *   after the first step); mu = Oh (--oh), gravity -Bo (--bond) along y. The floor (y = 0, free-slip --slip 1 or
 *   no-slip 0) takes its per-position angles before every step from the dynamic contact-angle model
 *   (cap_wetting_wall_update: --theta-r, --theta-a, --v-static; pinned fronts close their wall-row faces). Other
 *   sides: free-slip walls. Solver: exp_scene_contact_line_solver (stress-form viscosity, constant extension:
 *   --extension, --air-projection), the level set reinitialised every --reinit-every steps (default 1: every 10
 *   lost most of the liquid at We >= 8), each time given back its first volume (--keep-volume 2; 1: the last; 0).
 * Reference: tau = 2.6 sqrt(rho R^3 / sigma); Rayleigh's n = 2 period of the sphere (circle) with Lamb's rate.
 * Metric: touch = the first step with liquid (phi < 0) in the floor's row of cells, lift-off the first after it
 *   with none, tau = t_lift - t_touch. wet_max: the largest radius of the outermost crossing in that row;
 *   spread_max: in any row, while in contact. The centroid height (exp_liquid_centroid) less the free fall
 *   -Bo t^2/2 fitted by a line before the touch (while the drop is 2 cells or more above the floor's row, at least
 *   the first half) and after the lift-off: the impact and rebound speeds, e = U_out / U_in. The n = 2 mode a2
 *   (exp_mode_moment, r = R (1 + a2 P2)) after the lift-off: period_err = |T / T_ref - 1| of a damped-cosine fit,
 *   amp2 half its range. vol_drift = max |V / V0 - 1| (exp_scene_liquid), vol_net at the end. A run ends --flight
 *   reference periods after the lift-off, at a second touch, near the top of the box, or at --t-max.
 * Acceptance (provisional): lift-off, tau within 25 % of 2.6, the period within 2 %, the volume within 1 %; with
 *   three levels or more, the observed order of tau over the last three (order_tau) >= 1.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "../analytic/capref_oscillation.h"
#include "../solver/cap_errno.h"
#include "../solver/cap_wetting.h"
#include "scene.h"

enum { P_WE, P_OH, P_BOND, P_TA, P_TR, P_VSTAT, P_SLIP, P_FLIGHT, P_W, P_H, P_TMAX, P_KEEP, P_EXT, P_REIN, P_AIRP };
enum { M_TAU, M_REST, M_WET, M_SPREAD, M_PERIOD, M_AMP, M_VOLUME, M_VNET };

#define DEG     (M_PI / 180)
#define SUB     8    /* sub-samples per direction of a cut cell in the moments */
#define GAP     0.25 /* the drop's initial height above the floor, R */
#define TAU_REF 2.6  /* Richard, Clanet & Quere 2002, in sqrt(rho R^3 / sigma) */
#define MAXC    4    /* contact points on the floor */

/* What the hooks carry from step to step (kept by checkpoints as one block). */
typedef struct {
  int touched, lifted, retouched, nprev;
  double t_touch, t_lift, wet, wet_max, spread_max, vol0, vol, drift, zc, a2;
  cap_wetting_contact cprev[MAXC];
} bounce_state;

typedef struct {
  const double *par;
  cap_wetting_material mat;
  double T_ref, scale; /* the reference period; a2 = moment / scale */
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
  double *phi = sc->s->phi, t = sc->s->t, vol, xc, m2;
  int st = exp_liquid_centroid(g, phi, SUB, &vol, &xc, &b->zc);
  if (!st) st = exp_mode_moment(g, phi, 2, SUB, &vol, &m2);
  if (!st) st = exp_scene_liquid(sc, &vol); /* the volume by the solver's own quadrature */
  if (!st) st = exp_record_add(&B->zc, t, b->zc);
  if (!st) st = exp_record_add(&B->a2, t, b->a2 = m2 / B->scale);
  if (st) return st;
  if (!sc->s->step) b->vol0 = vol;
  b->vol = vol / b->vol0 - 1;
  b->drift = fmax(b->drift, fabs(b->vol));
  int wet = 0, top = 0;
  double spread = b->wet = 0;
  for (int j = 0; j < g->ny; j++)
    for (int i = 0; i < g->nx; i++) {
      double f = phi[cap_grid_idx(g, i, j)], fr = i + 1 < g->nx ? phi[cap_grid_idx(g, i + 1, j)] : f;
      if (!(f < 0)) continue;
      top = j, wet |= j == 0;
      double x = fr >= 0 ? cap_grid_xc(g, i) + g->h * f / (f - fr) : cap_grid_xf(g, i + 1);
      if (fr >= 0 || i + 1 == g->nx) spread = fmax(spread, x);
      if (j == 0) b->wet = fmax(b->wet, x);
    }
  if (wet && !b->touched) {
    b->touched = 1;
    b->t_touch = t;
    exp_frames_take(B->fr, sc);
  }
  if (b->touched && !b->lifted && wet) {
    b->wet_max = fmax(b->wet_max, b->wet);
    if (spread > b->spread_max) { /* the widest spread so far: its frame (the third) taken again */
      b->spread_max = spread;
      if (B->fr->n == 3) B->fr->n = 2;
      exp_frames_take(B->fr, sc);
    }
  } else if (b->touched && !b->lifted) {
    b->lifted = 1;
    b->t_lift = t;
    exp_frames_take(B->fr, sc);
  } else if (b->lifted && wet)
    b->retouched = sc->stop = 1;
  if (b->lifted && t - b->t_lift >= B->par[P_FLIGHT] * B->T_ref) sc->stop = 1;
  if (top >= g->ny - 4) sc->stop = 1; /* near the top of the box */
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

/* The centroid's speed at t0 from its heights z over ta <= t <= tb: the least-squares line through z - gy t^2 / 2
 * (the free fall taken out), its slope plus gy t0; NAN with fewer than 3 samples. */
static double centroid_speed(const exp_record *r, double ta, double tb, double gy, double t0)
{
  double n = 0, s1 = 0, s2 = 0, g1 = 0, sg = 0;
  for (long k = 0; k < r->n; k++) {
    double t = r->t[k], z = r->f[k] - 0.5 * gy * t * t;
    if (t < ta || t > tb) continue;
    n++, s1 += t, s2 += t * t, g1 += z, sg += t * z;
  }
  return n >= 3 ? cap_lsq_slope(n, s1, s2, g1, sg) + gy * t0 : NAN;
}

static int run_level(exp_ctx *ctx, const double *par, double cells, exp_run *out)
{
  const int axi = exp_geometry(ctx) == CAP_GEOM_AXI;
  const double U = sqrt(par[P_WE]), gy = -par[P_BOND];
  if (!(par[P_TR] <= par[P_TA]))
    return CAP_ERROR(CAP_EDOM, "--theta-r %g > --theta-a %g: allowed theta_r <= theta_a", par[P_TR], par[P_TA]);
  exp_scene_spec spec = {.geom = exp_geometry(ctx), .varying = 1u << CAP_YLO, .pinned = 1};
  spec.bc[CAP_XHI] = spec.bc[CAP_YHI] = CAP_BC_SLIP;
  spec.bc[CAP_YLO] = par[P_SLIP] ? CAP_BC_SLIP : CAP_BC_WALL;
  if (!axi) { /* the symmetry plane: a free-slip wall at 90 degrees keeps the even mirror */
    spec.bc[CAP_XLO] = CAP_BC_SLIP;
    spec.angle[CAP_XLO] = M_PI / 2;
  }
  spec.angle[CAP_YLO] = par[P_TA] * DEG;
  exp_spec_box(&spec, cells, 0, 0, par[P_W], par[P_H]);
  bounce_run B = {.par = par, .scale = axi ? 4 * M_PI / 5 : M_PI};
  int st = cap_wetting_material_init(&B.mat, par[P_TR] * DEG, par[P_TA] * DEG, par[P_TA] * DEG, 0);
  capref_result w = {NAN, 0}; /* the reference: mode 2 of the sphere (circle) with Lamb's damping */
  if (!st)
    st = capref_oscillation_damped_frequency(axi ? CAPREF_3D : CAPREF_2D, 2,
                                             &(capref_fluid){.sigma = 1, .rho = 1, .nu = par[P_OH]}, 1, &w);
  B.T_ref = 2 * M_PI / w.val;
  exp_scene *sc;
  if (st || (st = exp_scene_alloc(&sc, &spec))) return st;
  const cap_grid *g = &sc->g;
  exp_scene_circle(sc, 0, 1 + GAP, 1);
  exp_scene_contact_line_solver(sc, 1 / (par[P_OH] * par[P_OH]), 0, gy);
  sc->p.reinit_keep_area = par[P_KEEP] > 0;
  sc->p.extension_order = (int)par[P_EXT];
  sc->p.reinit_every = (int)par[P_REIN];
  sc->p.air_projection = (int)par[P_AIRP];
  st = par[P_KEEP] == 2 ? exp_scene_liquid(sc, &sc->p.keep_area_target) : CAP_SUCCESS;
  for (int j = 1; j < g->ny; j++) /* the drop moving down at U (the floor's and the top's faces stay 0) */
    for (int i = 0; i < g->nx; i++) sc->s->v[cap_grid_idx(g, i, j)] = -U;
  exp_frames F = {0};
  B.fr = &F;
  cap_tsv *ts = exp_tsv(ctx, "t\tz_c/R\ta2\tr_wet/R\tV/V0-1\ttheta_m[deg]\tregime\tv_front", "history_%g.tsv", cells);
  if (!ts && !st) st = CAP_EIO;
  if (!st) st = exp_frames_alloc(&F, sc, 5);
  char label[96];
  snprintf(label, sizeof label, "%g cells, We = %g", cells, par[P_WE]);
  exp_loop L = {.label = label, .t_end = par[P_TMAX], .before = bounce_before, .after = bounce_after, .user = &B};
  L.series = ts, L.row = bounce_row, L.clock = (exp_clock){.every = 0.02, .grid = 1}, L.at_start = 1, L.frames = &F;
  L.records[0] = &B.zc;
  L.records[1] = &B.a2;
  EXP_KEEP_ADD(&L, EXP_KEEP(B.b));
  if (!st) st = exp_scene_run(ctx, sc, &L);
  const bounce_state *b = &B.b;
  double tau = b->lifted ? b->t_lift - b->t_touch : NAN, T = NAN, om = NAN, beta, lo = INFINITY, hi = -INFINITY;
  /* the approach while the drop's bottom is 2 cells or more above the floor's cells (at least its first half) */
  double t_in = fmax(b->t_touch - 2 * g->h / U, 0.5 * b->t_touch);
  double u_in = b->touched ? -centroid_speed(&B.zc, 0, t_in, gy, b->t_touch) : NAN;
  double u_out = b->lifted ? centroid_speed(&B.zc, b->t_lift, sc->s->t, gy, b->t_lift) : NAN;
  if (!st && b->lifted) {
    long k0 = 0;
    while (k0 < B.a2.n && B.a2.t[k0] < b->t_lift) k0++;
    for (long k = k0; k < B.a2.n; k++) lo = fmin(lo, B.a2.f[k]), hi = fmax(hi, B.a2.f[k]);
    if (!exp_damped_cosine_fit(B.a2.t + k0, B.a2.f + k0, B.a2.n - k0, &om, &beta)) T = 2 * M_PI / om;
  }
  if (!st) {
    exp_frames_take(&F, sc);
    st = exp_frames_png(ctx, &F, sc, 1, 4, "shapes_%g.png", cells);
  }
  fprintf(stderr,
          "[bouncing_drop] %g cells, We = %g: touch %.4f, lift-off %.4f, tau = %.4f (%.4f x 2.6), U_in %.4f (U %.4f), "
          "U_out %.4f, e = %.4f, wet_max %.4f, spread_max %.4f, T %.4f (ref %.4f, a2 %.3f), drift %.3g %% (net %.3g "
          "%%, given %.3g %%), %s, t = %.3f\n",
          cells, par[P_WE], b->t_touch, b->t_lift, tau, tau / TAU_REF, u_in, U, u_out, u_out / u_in, b->wet_max,
          b->spread_max, T, B.T_ref, 0.5 * (hi - lo), 100 * b->drift, 100 * b->vol, 100 * sc->given / b->vol0,
          (const char *[]){"no lift", "lifted", "touched again"}[b->lifted + b->retouched], sc->s->t);
  out->cells = cells;
  const double m[] = {tau,      u_out / u_in, b->wet_max, b->spread_max, fabs(T / B.T_ref - 1), 0.5 * (hi - lo),
                      b->drift, b->vol}; /* in the order of the metrics */
  memcpy(out->metric, m, sizeof m);
  exp_frames_free(&F), exp_record_free(&B.zc), exp_record_free(&B.a2);
  st = exp_tsv_end(ts, st);
  exp_scene_close(sc, out);
  return st;
}

/* The observed order p of v[k] at the spacings h[k] (h decreasing): (v0 - v1) / (v1 - v2) = q(p) = (h0^p - h1^p) /
 * (h1^p - h2^p), increasing in p, by bisection on [0.05, 8]; NAN without a root there. */
static double q_ratio(const double *h, double p)
{
  return (pow(h[0], p) - pow(h[1], p)) / (pow(h[1], p) - pow(h[2], p));
}
static double order3(const double *h, const double *v)
{
  double r = (v[0] - v[1]) / (v[1] - v[2]), lo = 0.05, hi = 8;
  if (!((q_ratio(h, lo) - r) * (q_ratio(h, hi) - r) <= 0)) return NAN;
  for (int it = 0; it < 60; it++) *(q_ratio(h, 0.5 * (lo + hi)) < r ? &lo : &hi) = 0.5 * (lo + hi);
  return 0.5 * (lo + hi);
}

static int finish(exp_ctx *ctx, const double *par, const exp_run *runs, int n)
{
  (void)par;
  const double *m = runs[n - 1].metric, c = runs[n - 1].cells;
  const char *key[] = {"tau", "restitution", "wet_max", "spread_max", "period_err", "amp2"}; /* M_TAU .. M_AMP */
  for (int k = 0; k < 6; k++) exp_result(ctx, key[k], m[k]);
  exp_result(ctx, "tau_ref", TAU_REF);
  exp_checkf(ctx, fabs(m[M_TAU] / TAU_REF - 1), 1, 0.25, "contact time |tau / 2.6 - 1| at %g cells", c);
  exp_checkf(ctx, m[M_PERIOD], 1, 0.02, "in-flight n = 2 period |T / T_ref - 1| at %g cells", c);
  exp_checkf(ctx, m[M_VOLUME], 1, 0.01, "volume drift at %g cells", c);
  if (n >= 3) {
    double h[3], v[3];
    for (int k = 0; k < 3; k++) h[k] = runs[n - 3 + k].h, v[k] = runs[n - 3 + k].metric[M_TAU];
    exp_result(ctx, "order_tau", order3(h, v));
    exp_check(ctx, "observed order of the contact time over the last three levels", order3(h, v), 0, 1);
  }
  return CAP_SUCCESS;
}

static const exp_def def = {
    .name = "bouncing_drop",
    .claim = "A drop hitting a super-hydrophobic floor stays in contact for about 2.6 sqrt(rho R^3 / sigma), roughly "
             "independent of the impact Weber number, and rebounds with a restitution below 1 (feasibility study).",
    .source = "Richard, Clanet & Quere (2002), Nature 417, 811",
    .reference = "tau = 2.6 sqrt(rho R^3 / sigma); Rayleigh's n = 2 period with Lamb's damping",
    .run_level = run_level,
    .finish = finish,
    .axi = 1,
    .params = {{"we", "", "impact Weber number rho U^2 R / sigma", 2, 0.01, 100, 0},
               {"oh", "", "Ohnesorge number mu / sqrt(rho sigma R)", 0.01, 1e-4, 1, 0},
               {"bond", "", "Bond number rho g R^2 / sigma (gravity down the axis)", 0, 0, 1, 0},
               {"theta-a", "deg", "advancing angle of the floor", 170, 90, 180, CAP_CLI_HI_OPEN},
               {"theta-r", "deg", "receding angle of the floor (<= theta-a)", 160, 90, 180, CAP_CLI_HI_OPEN},
               {"v-static", "sqrt(sigma/R)", "front speed below which a contact point is at rest", 0.02, 0, 1, 0},
               {"slip", "", "1: free-slip floor, 0: no-slip", 1, 0, 1, CAP_CLI_INTEGER},
               {"flight", "", "reference n = 2 periods to follow after the lift-off", 2, 0.5, 10, 0},
               {"width", "R", "box width (radius) from the axis", 4, 1.5, 20, 0},
               {"height", "R", "box height", 10, 2.5, 40, 0},
               {"t-max", "sqrt(rho R^3/sigma)", "longest run", 20, 0, 200, CAP_CLI_LO_OPEN},
               {"keep-volume", "", "reinitialisations give the liquid its volume: 2 the first, 1 the last, 0 off", 2, 0,
                2, CAP_CLI_INTEGER},
               {"extension", "", "velocity extension order (cap_ns)", 1, 1, 3, CAP_CLI_INTEGER},
               {"reinit-every", "", "steps between reinitialisations", 1, 1, 100, CAP_CLI_INTEGER},
               {"air-projection", "", "1: the extended velocity made divergence-free in the air band", 0, 0, 1,
                CAP_CLI_INTEGER}},
    .quick = {8},
    .standard = {8, 16, 24},
    .full = {8, 16, 24, 32},
    .metrics = {{"tau", "sqrt(rho R^3/sigma)", "contact time, first touch to lift-off"},
                {"restitution", "", "rebound over impact centroid speed"},
                {"wet_max", "R", "largest wetted radius on the floor"},
                {"spread_max", "R", "largest radius of the drop while in contact"},
                {"period_err", "", "|T / T_ref - 1| of the n = 2 mode in flight"},
                {"amp2", "", "half the range of the n = 2 amplitude a2 in flight"},
                {"vol_drift", "", "max |V / V0 - 1|"},
                {"vol_net", "", "V / V0 - 1 at the end"}},
};

int main(int argc, char **argv) { return exp_main(&def, argc, argv); }
