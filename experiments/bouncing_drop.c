/* bouncing_drop: a drop bounces off a water-repellent floor (FEASIBILITY STUDY for issue 29; the findings and
 * the measured figures: docs/design/bouncing-drop.md).
 *
 * Claim: a drop of radius R that hits a super-hydrophobic solid at the Weber number We = rho U^2 R / sigma
 *   stays in contact for tau ~ 2.6 sqrt(rho R^3 / sigma), roughly independent of We (Richard, Clanet & Quere
 *   2002, Nature 417, 811), and leaves it with a restitution coefficient below 1, oscillating in flight.
 * Setup: units rho = sigma = R = 1 (time sqrt(rho R^3 / sigma), speed sqrt(sigma / (rho R))). --geometry axi
 *   (the intended case): the sphere on the axis of an (r, z) box [0, --width] x [0, --height]; planar: the
 *   cylinder, half of it on a symmetry plane at x = 0. The drop starts GAP above the floor moving down
 *   uniformly at U = sqrt(We) (every y-face of the box: the air's are replaced by the extension in the first
 *   step). Viscosity mu = Oh (--oh, Oh = mu / sqrt(rho sigma R)), gravity -Bo (--bond) along y. The floor (y =
 *   0) is free-slip (--slip 1) or no-slip (--slip 0); its per-position angles are set before every step by
 *   the dynamic contact-angle model (cap_wetting_wall_update, receding --theta-r, advancing --theta-a,
 *   v_static --v-static; pinned fronts close their wall-row faces), as in hysteresis. The other sides are
 *   free-slip walls. Solver: exp_scene_contact_line_solver (stress-form viscosity, constant extension, the
 *   level set reinitialised every 10 steps).
 * Reference: tau = 2.6 sqrt(rho R^3 / sigma) (Richard, Clanet & Quere 2002); Rayleigh's n = 2 period of the
 *   sphere (the circle: planar) with Lamb's rate, omega_d = sqrt(omega^2 - beta^2) (capref_oscillation).
 * Metric: touch = the first step with liquid (phi < 0) in the floor's row of cells; lift-off = the first
 *   step after it with none; tau = t_lift - t_touch. wet_max: the largest radius of the liquid's outermost
 *   crossing in that row; spread_max: of the outermost crossing of any row, while in contact. The centroid
 *   height z_c (exp_liquid_centroid) of every step, less the free fall -Bo t^2/2, fitted by a line before
 *   the touch (while the drop is 2 cells or more above the floor's row, at least the first half) and after the lift-off: the impact and rebound speeds, restitution e = U_out / U_in. The n = 2
 *   mode (exp_mode_moment) after the lift-off fitted by a damped cosine: period_err = |T / T_ref - 1|.
 *   vol_drift = max |V / V0 - 1| (V by exp_scene_liquid), vol_net its value at the end. A run ends --flight reference periods after the lift-off, when the
 *   drop touches again or nears the top, or at --t-max.
 * Acceptance (provisional, this study): lift-off; tau within 25 % of 2.6; period within 2 %; volume 1 %.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "../analytic/capref_oscillation.h"
#include "../solver/cap_errno.h"
#include "../solver/cap_wetting.h"
#include "scene.h"

enum { P_WE, P_OH, P_BOND, P_THETA_A, P_THETA_R, P_VSTATIC, P_SLIP, P_FLIGHT, P_WIDTH, P_HEIGHT, P_TMAX };
enum { M_TAU, M_REST, M_WET, M_SPREAD, M_PERIOD, M_VOLUME, M_VNET };

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
      st = cap_wetting_wall_update(sc->ct, &sc->g, CAP_YLO, sc->s->phi, sc->s->u, sc->s->v, &B->mat, B->par[P_VSTATIC],
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
  double spread = 0;
  b->wet = 0;
  for (int j = 0; j < g->ny; j++)
    for (int i = 0; i < g->nx; i++) {
      double f = phi[cap_grid_idx(g, i, j)], fr = i + 1 < g->nx ? phi[cap_grid_idx(g, i + 1, j)] : f;
      if (!(f < 0)) continue;
      top = j;
      wet |= j == 0;
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
  memcpy(row, (double[]){sc->s->t, b->zc, b->a2, b->wet, b->vol}, 5 * sizeof(double));
  return 5;
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

/* The reference period of mode 2 with Lamb's damping (capref_oscillation_damped_frequency). */
static int ref_period(const double *par, int axi, double *T)
{
  capref_result om;
  const capref_fluid f = {.sigma = 1, .rho = 1, .nu = par[P_OH]};
  int st = capref_oscillation_damped_frequency(axi ? CAPREF_3D : CAPREF_2D, 2, &f, 1, &om);
  *T = st ? NAN : 2 * M_PI / om.val;
  return st;
}

static int run_level(exp_ctx *ctx, const double *par, double cells, exp_run *out)
{
  const int axi = exp_geometry(ctx) == CAP_GEOM_AXI;
  const double U = sqrt(par[P_WE]), gy = -par[P_BOND];
  if (!(par[P_THETA_R] <= par[P_THETA_A]))
    return CAP_ERROR(CAP_EDOM, "--theta-r %g > --theta-a %g: allowed theta_r <= theta_a", par[P_THETA_R],
                     par[P_THETA_A]);
  exp_scene_spec spec = {.geom = exp_geometry(ctx), .varying = 1u << CAP_YLO, .pinned = 1};
  spec.bc[CAP_XHI] = spec.bc[CAP_YHI] = CAP_BC_SLIP;
  spec.bc[CAP_YLO] = par[P_SLIP] ? CAP_BC_SLIP : CAP_BC_WALL;
  if (!axi) { /* the symmetry plane: a free-slip wall at 90 degrees keeps the even mirror */
    spec.bc[CAP_XLO] = CAP_BC_SLIP;
    spec.angle[CAP_XLO] = M_PI / 2;
  }
  spec.angle[CAP_YLO] = par[P_THETA_A] * DEG;
  exp_spec_box(&spec, cells, 0, 0, par[P_WIDTH], par[P_HEIGHT]);
  bounce_run B = {.par = par, .scale = axi ? 4 * M_PI / 5 : M_PI};
  int st = cap_wetting_material_init(&B.mat, par[P_THETA_R] * DEG, par[P_THETA_A] * DEG, par[P_THETA_A] * DEG, 0);
  if (!st) st = ref_period(par, axi, &B.T_ref);
  exp_scene *sc;
  if (st || (st = exp_scene_alloc(&sc, &spec))) return st;
  const cap_grid *g = &sc->g;
  exp_scene_circle(sc, 0, 1 + GAP, 1);
  exp_scene_contact_line_solver(sc, 1 / (par[P_OH] * par[P_OH]), 0, gy);
  for (int j = 1; j < g->ny; j++) /* the drop moving down at U (the floor's and the top's faces stay 0) */
    for (int i = 0; i < g->nx; i++) sc->s->v[cap_grid_idx(g, i, j)] = -U;
  exp_frames F = {0};
  B.fr = &F;
  cap_tsv *ts = exp_tsv(ctx, "t\tz_c/R\ta2\tr_wet/R\tV/V0-1", "history_%g.tsv", cells);
  if (!ts) st = CAP_EIO;
  if (!st) st = exp_frames_alloc(&F, sc, 5);
  char label[96];
  snprintf(label, sizeof label, "%g cells, We = %g", cells, par[P_WE]);
  exp_loop L = {.label = label,
                .t_end = par[P_TMAX],
                .before = bounce_before,
                .after = bounce_after,
                .user = &B,
                .series = ts,
                .row = bounce_row,
                .clock = {.every = 0.02, .grid = 1},
                .at_start = 1,
                .frames = &F};
  L.records[0] = &B.zc;
  L.records[1] = &B.a2;
  EXP_KEEP_ADD(&L, EXP_KEEP(B.b));
  if (!st) st = exp_scene_run(ctx, sc, &L);
  const bounce_state *b = &B.b;
  double tau = b->lifted ? b->t_lift - b->t_touch : NAN, T = NAN, om = NAN, beta;
  /* the approach while the drop's bottom is 2 cells or more above the floor's cells (at least its first half) */
  double t_in = fmax(b->t_touch - 2 * g->h / U, 0.5 * b->t_touch);
  double u_in = b->touched ? -centroid_speed(&B.zc, 0, t_in, gy, b->t_touch) : NAN;
  double u_out = b->lifted ? centroid_speed(&B.zc, b->t_lift, sc->s->t, gy, b->t_lift) : NAN;
  if (!st && b->lifted) {
    long k0 = 0;
    while (k0 < B.a2.n && B.a2.t[k0] < b->t_lift) k0++;
    if (!exp_damped_cosine_fit(B.a2.t + k0, B.a2.f + k0, B.a2.n - k0, &om, &beta)) T = 2 * M_PI / om;
  }
  if (!st) {
    exp_frames_take(&F, sc);
    st = exp_frames_png(ctx, &F, sc, 1, 4, "shapes_%g.png", cells);
  }
  fprintf(stderr,
          "[bouncing_drop] %g cells, We = %g: touch %.4f, lift-off %.4f, tau = %.4f (%.4f x 2.6), U_in %.4f (U %.4f), "
          "U_out %.4f, e = %.4f, wet_max %.4f, spread_max %.4f, T %.4f (ref %.4f), drift %.3g %% (net %.3g %%), %s, t "
          "= %.3f\n",
          cells, par[P_WE], b->t_touch, b->t_lift, tau, tau / TAU_REF, u_in, U, u_out, u_out / u_in, b->wet_max,
          b->spread_max, T, B.T_ref, 100 * b->drift, 100 * b->vol,
          b->retouched ? "touched again"
          : b->lifted  ? "lifted"
                       : "no lift",
          sc->s->t);
  out->cells = cells;
  out->metric[M_TAU] = tau;
  out->metric[M_REST] = u_out / u_in;
  out->metric[M_WET] = b->wet_max;
  out->metric[M_SPREAD] = b->spread_max;
  out->metric[M_PERIOD] = fabs(T / B.T_ref - 1);
  out->metric[M_VOLUME] = b->drift;
  out->metric[M_VNET] = b->vol;
  exp_frames_free(&F);
  exp_record_free(&B.zc);
  exp_record_free(&B.a2);
  st = exp_tsv_end(ts, st);
  exp_scene_close(sc, out);
  return st;
}

static int finish(exp_ctx *ctx, const double *par, const exp_run *runs, int n)
{
  (void)par;
  const double *m = runs[n - 1].metric;
  exp_result(ctx, "tau", m[M_TAU]);
  exp_result(ctx, "tau_ref", TAU_REF);
  exp_result(ctx, "restitution", m[M_REST]);
  exp_result(ctx, "wet_max", m[M_WET]);
  exp_result(ctx, "spread_max", m[M_SPREAD]);
  exp_checkf(ctx, fabs(m[M_TAU] / TAU_REF - 1), 1, 0.25, "contact time |tau / 2.6 - 1| at %g cells", runs[n - 1].cells);
  exp_checkf(ctx, m[M_PERIOD], 1, 0.02, "in-flight n = 2 period |T / T_ref - 1| at %g cells", runs[n - 1].cells);
  exp_checkf(ctx, m[M_VOLUME], 1, 0.01, "volume drift at %g cells", runs[n - 1].cells);
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
               {"width", "R", "box width (radius) from the axis", 3, 1.5, 20, 0},
               {"height", "R", "box height", 8, 2.5, 40, 0},
               {"t-max", "sqrt(rho R^3/sigma)", "longest run", 20, 0, 200, CAP_CLI_LO_OPEN}},
    .quick = {8},
    .standard = {16},
    .full = {8, 16, 24},
    .metrics = {{"tau", "sqrt(rho R^3/sigma)", "contact time, first touch to lift-off"},
                {"restitution", "", "rebound over impact centroid speed"},
                {"wet_max", "R", "largest wetted radius on the floor"},
                {"spread_max", "R", "largest radius of the drop while in contact"},
                {"period_err", "", "|T / T_ref - 1| of the n = 2 mode in flight"},
                {"vol_drift", "", "max |V / V0 - 1|"},
                {"vol_net", "", "V / V0 - 1 at the end"}},
};

int main(int argc, char **argv) { return exp_main(&def, argc, argv); }
