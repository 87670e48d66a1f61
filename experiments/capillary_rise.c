/* capillary_rise: liquid rises between two hydrophilic vertical plates dipping into a bath (2D).
 *
 * Claim: with the contact angle imposed on the plates through the virtual surface (the level set continued into the
 *   solid at the angle theta, cap_vsurf: Wang, Mucha & Turk 2005, Sec. 5 and Fig. 6), a bath between two vertical
 *   plates with gap d rises to the exact 2D capillary meniscus: the lifted area per unit length is 2 l_c^2 cos(theta)
 *   (the vertical force balance 2 sigma cos(theta) = rho g A, Jurin's law for plates), with the centre height h0 and
 *   the wall height hw of the Young-Laplace meniscus. [refs.bib: wang2005water, degennes2004, landau1987]
 * Setup: units sigma = rho = g = 1 (l_c = 1); the bath box of cylinder.h (cyl_bath). Half the gap is computed: the
 *   side x = 0 is its mid-plane (free slip, phi mirrored, 90 degrees). The plate is a solid (cap_solid box) of
 *   thickness d/2 from x = d/2, from y = 0.5 up through the top of the box; the bath is 1.5 l_c wide beyond it and
 *   starts flat (the gap included) at the level that leaves its surface 0.3 l_c above the plate's lower end once the
 *   liquid has risen into the gap; the box reaches 0.4 l_c above the reference meniscus. The right side (x = d + 1.5)
 *   is a free-slip wall at 90 degrees (a symmetry plane, as if plates repeated), floor and top free-slip walls. The
 *   bath must be wide against l_c: between the plate and the mirror wall it is itself a channel of gap twice its
 *   width, and a bath 0.5 l_c wide rose as much as the gap of 1 l_c, so nothing flowed into the gap and the meniscus
 *   only formed in place (at rest by t = 1.3). The plates are no-slip (cap_ns SOLIDS), which damps the column's
 *   oscillation. The viscosity is set per case by the damping ratio zeta of the column's rise (--damping, default 1:
 *   critical), the Poiseuille drag 12 nu / d^2 over 2 omega, omega = sqrt(g / |H_J|), H_J Jurin's height: nu = zeta
 *   omega d^2 / 6 (a fixed Laplace number leaves the narrow gap overdamped and still rising at t = 40, or the wide one
 *   ringing). The flow runs to --t-end (default 25 sqrt(l_c/g); time to rest 13-17 at 16 cells). Solver: stress-form
 *   viscosity, constant extension, reinitialisation every step (16 cells, theta = 30, d = l_c, constant slope
 *   cos(theta) in the plates: area 4.3 % low reinitialised every 10 steps, 1.8 % every step, 50 % low without: the
 *   contact line sticks halfway). The continuation's slope follows phi's near the contact lines (cap_vsurf.h, SLOPE
 *   NEAR A CONTACT LINE): with the constant slope every meniscus sat low, 1.8 % at 30 and 2.0 % at 60 degrees (16
 *   cells, d = l_c), its curvature at the contact cells short of the meniscus's own; the contact line set the pace
 *   near the end (creeping up by about 0.2 % of h0 per unit time at t = 13) and stuck on its way (released from above
 *   the equilibrium: 0.9 % low).
 * Cases: (theta, d/l_c) = (30, 1), (60, 1), (30, 0.4), (60, 0.4) (quick: the first two); --theta and --gap run one
 *   case (above 90 degrees a depression: heights and area negative, errors relative to their magnitude; 89-91 degrees
 *   is refused, nothing rises there).
 * Reference (analytic/capref_rise.h, capref_rise_plates, capref_rise_plates_profile): the exact meniscus between plates in an
 *   infinite bath, heights above the level of zero pressure.
 * Datum: the finite bath's far surface is not that level (the plate's outer meniscus does not decay in 1.5 l_c). At
 *   rest p = rho g (y_ref - y), y_ref the level of zero pressure, measured as the mean of y + p / (rho g) over the
 *   bottom row of the bath beyond the plate (exp_zero_pressure_level). The surface at the right wall is reported
 *   (far_level - y_ref in cases_*.tsv); it matched the exact centre height of the equivalent channel (plate and mirror
 *   image 3 l_c apart) to 1-2 %.
 * Measurement at t_end: the meniscus z(x) in every column of the half gap (exp_surface_profile) above y_ref; the
 *   lifted area of the half gap sum h z_i against l_c^2 cos(theta); h0 by the parabola through the two columns next to
 *   the mid-plane; hw by the line through the two next to the plate, extrapolated to it; the profile error max |z_i -
 *   z_ref(x_i)|; the time to rest, after which the mid-plane height (every 0.25, history_*.tsv) moves less than 0.1 %
 *   of h0_ref per unit time (t_end if it never does). Snapshot rise_<theta>_<d>.png: the exact menisci above y_ref
 *   dashed, the half gap's and the outer one (the plate's outer face and its image across the right wall: a channel).
 * Metrics per resolution (max over the cases): area_err = |A - A_ref| / A_ref, h0_err, hw_err (relative),
 *   profile_err (max |z - z_ref| / l_c), t_rest. Resolutions: cells across the gap d, 8 and 16 (default and quick),
 *   --full adds 32.
 * Acceptance (the issue's, at 16 cells across the gap): lifted area within 1 %; h0 and hw within 2 %; observed order
 *   of the area error >= 1; every case at rest before t_end. The --quick sweep (pinned by data/ref/capillary_rise.ref)
 *   checks the order and the rest. Envelope (envelope.h): --damping 0.3 to 1.2, where the column rests by t_end = 25
 *   (quick: by 21.3, 12.5, 21.8 at 0.3, 0.5, 1.2; below it rings longer, above it creeps; at 1.4 not by 25).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../analytic/capref_rise.h"
#include "../solver/cap_errno.h"
#include "../solver/cap_io.h"
#include "../solver/cap_levelset.h"
#include "cylinder.h"

enum { P_DAMPING, P_TEND, P_THETA, P_GAP };
enum { M_AREA, M_H0, M_HW, M_PROFILE, M_TREST };

#define DEG          (M_PI / 180)
#define MAX_CASES    4
#define REST_RATE    1e-3 /* at rest: the mid-plane height moves less than this x h0_ref per unit time */
#define PLATE_BOTTOM 0.5  /* the plate's lower end above the floor */
#define BATH_CLEAR   0.3  /* the final bath surface above the plate's lower end */
#define BATH_WIDTH   1.5  /* the bath beyond the plate */
#define HISTORY_DT   0.25
#define EXACT_POINTS 100

typedef struct {
  double theta, gap;
} rise_case;

/* The cases of the mode (their number), or -1 for a refused --theta (the error is set). */
static int cases(const exp_ctx *ctx, const double *par, rise_case *c)
{
  if (fabs(par[P_THETA] - 90) < 1) {
    CAP_ERROR(CAP_EDOM,
              "theta = %g deg is out of range: at 90 degrees nothing rises and the relative errors are "
              "undefined; allowed 0 < theta < 89 or 91 < theta < 180 (0: the set of the mode)",
              par[P_THETA]);
    return -1;
  }
  const rise_case all[MAX_CASES] = {{30, 1}, {60, 1}, {30, 0.4}, {60, 0.4}};
  int one = par[P_THETA] > 0 || par[P_GAP] > 0, n = one ? 1 : !strcmp(exp_mode(ctx), "quick") ? 2 : MAX_CASES;
  for (int k = 0; k < n; k++) c[k] = all[k];
  if (one) c[0] = (rise_case){par[P_THETA] > 0 ? par[P_THETA] : 30, par[P_GAP] > 0 ? par[P_GAP] : 1};
  return n;
}

typedef struct {
  double area, h0, hw, profile_err, t_rest, y_ref, far_level; /* measured */
  capref_rise_plates_sol ref;
} rise_result;

/* The exact meniscus z_ref at the n points x (one solve for all of them) into the series t (NULL: CAP_EIO):
 * x, z_ref, or x, z, z_ref with the measured z (then *err = max |z - z_ref|). */
static int exact_profile(cap_tsv *t, double th, double d, int n, const double *x, const double *z, double *err)
{
  capref_result *zr = malloc((size_t)n * sizeof *zr);
  int st = !t   ? CAP_EIO
           : zr ? capref_rise_plates_profile(&(capref_fluid){.sigma = 1, .rho = 1, .g = 1}, th, d, (size_t)n, x, zr)
                : CAP_ERROR(CAP_ENOMEM, "capillary_rise: %d profile points", n);
  for (int k = 0; k < n && !st; k++) {
    if (z) *err = fmax(k ? *err : 0, fabs(z[k] - zr[k].val));
    st =
        z ? cap_io_tsv_row(t, 3, (double[]){x[k], z[k], zr[k].val}) : cap_io_tsv_row(t, 2, (double[]){x[k], zr[k].val});
  }
  free(zr);
  return exp_tsv_end(t, st);
}

/* The mid-plane height (above the floor: the datum is known only at the end) every HISTORY_DT, before
 * each step: the series and the record of the time to rest. */
typedef struct {
  cap_tsv *hist;
  exp_clock clock;
  exp_record z;
} rise_history;

static int sample(exp_scene *sc, void *user)
{
  rise_history *r = user;
  if (!exp_clock_due(&r->clock, sc->s->t)) return CAP_SUCCESS;
  double zc = NAN;
  int st = cap_levelset_fill_ghosts(&sc->g, sc->ct, sc->s->phi);
  if (!st) st = exp_surface_height(&sc->g, sc->s->phi, 0, &zc);
  if (!st) st = cap_io_tsv_row(r->hist, 3, (double[]){sc->s->t, zc, sc->info.max_speed});
  int st2 = exp_record_add(&r->z, sc->s->t, zc);
  return st ? st : st2;
}

/* The figures at the end: the datum (y + p / (rho g), bottom row beyond the plate), the far level, the half
 * gap's meniscus (n columns) against the exact one, area, h0, hw; the profile and the exact meniscus (figure). */
static int measure(exp_ctx *ctx, exp_scene *sc, double cells, rise_case rc, int n, int i_bath, rise_result *out)
{
  const double th = rc.theta * DEG, d = rc.gap;
  cap_grid *g = &sc->g;
  double *x = malloc(2 * (size_t)n * sizeof *x), *z = x ? x + n : NULL, zr, fine[EXACT_POINTS + 1];
  for (int k = 0; k <= EXACT_POINTS; k++) fine[k] = 0.5 * d * k / EXACT_POINTS;
  int st = x ? exp_zero_pressure_level(g, sc->s->phi, sc->s->p, cap_vsurf_cells(sc->vs), i_bath, g->nx, 1, &out->y_ref)
             : CAP_ERROR(CAP_ENOMEM, "capillary_rise: %d columns", n);
  if (!st) st = cap_levelset_fill_ghosts(g, sc->ct, sc->s->phi);
  if (!st) st = exp_surface_height(g, sc->s->phi, g->nx - 1, &zr);
  if (!st) out->far_level = zr - out->y_ref;
  if (!st) st = exp_surface_profile(g, sc->s->phi, 0, n, out->y_ref, x, z);
  if (!st)
    st = exact_profile(exp_tsv(ctx, "x/l_c\tz/l_c\tz_ref/l_c", "profile_%g_%02.0f_%.2g.tsv", cells, rc.theta, d), th, d,
                       n, x, z, &out->profile_err);
  if (!st)
    st = exact_profile(exp_tsv(ctx, "x/l_c\tz_ref/l_c", "exact_%02.0f_%.2g.tsv", rc.theta, d), th, d, EXACT_POINTS + 1,
                       fine, NULL, NULL);
  if (!st) {
    out->area = 0;
    for (int i = 0; i < n; i++) out->area += g->h * z[i];
    out->h0 = (9 * z[0] - z[1]) / 8;           /* z0 + b x^2 through the columns at h/2 and 3h/2 */
    out->hw = 1.5 * z[n - 1] - 0.5 * z[n - 2]; /* the line through the last two columns, at x = d/2 */
  }
  free(x);
  return st;
}

static int run_case(exp_ctx *ctx, const double *par, double cells, rise_case rc, int snap, rise_result *out,
                    exp_run *run)
{
  const double th = rc.theta * DEG, d = rc.gap, h = d / cells, plate = 0.5 * d;
  int st = capref_rise_plates(&(capref_fluid){.sigma = 1, .rho = 1, .g = 1}, th, d, &out->ref);
  if (st) return st;
  int n_half = (int)lround(0.5 * cells); /* columns of the half gap */
  int nx = n_half + (int)lround(plate / h) + (int)ceil(BATH_WIDTH / h);
  /* the datum at rest BATH_CLEAR above the plate's lower end (a depression, theta > 90 degrees, that much above
   * it at its deepest): the flat start `level` less the liquid lifted into the half gap, cos(theta) l_c^2
   * (negative: pushed out); the box reaches 0.4 l_c above the meniscus */
  double datum = PLATE_BOTTOM + BATH_CLEAR + fmax(-fmin(out->ref.hw.val, out->ref.h0.val), 0);
  double level = datum + 0.5 * out->ref.area.val / (BATH_WIDTH + 0.5 * d);
  int ny = (int)ceil((datum + fmax(out->ref.hw.val, 0) + 0.4) / h);
  /* the plate: x in [d/2, d], y from PLATE_BOTTOM to beyond the top of the box; the column's damping
   * ratio: Poiseuille drag 12 nu / d^2 against 2 omega, omega^2 = g / H_J */
  cap_solid *solid = NULL;
  exp_scene *sc = NULL;
  st = cap_solid_box_alloc(&solid, 0.75 * d, PLATE_BOTTOM + ny * h, 0.5 * plate, ny * h, 0);
  if (!st)
    st = cyl_bath(&sc, nx, ny, h, solid, th, par[P_DAMPING] * sqrt(1.0 / fabs(out->ref.mean.val)) * d * d / 6, 1);
  if (st) return st;
  exp_scene_set_phi(sc, exp_flat_phi, &level);
  char label[96], file[80];
  snprintf(label, sizeof label, "%g cells, theta = %g deg, d = %g l_c", cells, rc.theta, d);
  rise_history hz = {.clock = {0, HISTORY_DT, 1}};
  exp_loop L = {.label = label, .t_end = par[P_TEND], .before = sample, .user = &hz, .records = {&hz.z}};
  EXP_KEEP_ADD(&L, EXP_KEEP(hz.clock));
  hz.hist = exp_tsv(ctx, "t[sqrt(l_c/g)]\tcentre_height[l_c]\tU[sqrt(g l_c)]", "history_%g_%02.0f_%.2g.tsv", cells,
                    rc.theta, d);
  st = hz.hist ? exp_tsv_end(hz.hist, exp_scene_run(ctx, sc, &L)) : CAP_EIO;
  /* at rest: the mid-plane height moves by at most REST_RATE x h0_ref per unit time (the contact lines keep small
   * currents going, so the speed itself does not settle: measured 0.006-0.1 sqrt(g l_c) at the end) */
  out->t_rest =
      exp_rest_time(hz.z.t, hz.z.f, hz.z.n, (int)lround(1.0 / HISTORY_DT), REST_RATE * fabs(out->ref.h0.val), sc->s->t);
  if (!st) st = measure(ctx, sc, cells, rc, n_half, n_half + (int)lround(plate / h), out);
  /* phi with the plate in grey: the zero contour continues into the plate as the virtual surface; over it the
   * exact menisci above the datum, the half gap's (as exact_*.tsv) and the one outside the plate */
  snprintf(file, sizeof file, "rise_%02.0f_%.2g.png", rc.theta, d);
  if (!st && snap) st = exp_scene_png(ctx, sc, file, 0.5, (int)fmax(2, fmin(8, 400 / ny)));
  file[strlen(file) - 4] = '\0'; /* the stem */
  const exp_meniscus men[2] = {{th, plate, 0, 1}, {th, d, nx * h, 1}};
  if (!st && snap) st = exp_snapshot_menisci(ctx, file, "menisci, Young-Laplace", 2, men, out->y_ref);
  exp_scene_account(sc, run);
  exp_record_free(&hz.z);
  exp_scene_free(sc);
  return st;
}
static int run_level(exp_ctx *ctx, const double *par, double cells, exp_run *out)
{
  rise_case c[MAX_CASES];
  int nc = cases(ctx, par, c);
  if (nc < 0) return CAP_EDOM;
  cap_tsv *t = exp_tsv(ctx,
                       "theta[deg]\td/l_c\tarea\tarea_ref\th0\th0_ref\thw\thw_ref\tprofile_err\tt_rest\t"
                       "far_level-y_ref",
                       "cases_%g.tsv", cells);
  if (!t) return CAP_EIO;
  int st = CAP_SUCCESS;
  for (int k = 0; k < nc && !st; k++) {
    rise_result r;
    if ((st = run_case(ctx, par, cells, c[k], 1, &r, out))) break;
    double aref = 0.5 * r.ref.area.val; /* the half gap */
    double ea = fabs((r.area - aref) / aref), e0 = fabs((r.h0 - r.ref.h0.val) / r.ref.h0.val),
           ew = fabs((r.hw - r.ref.hw.val) / r.ref.hw.val); /* relative to |ref|: a depression is negative */
    fprintf(stderr,
            "[capillary_rise] %g cells, theta = %g, d = %g: area %.5f (ref %.5f, %+.3g %%), "
            "h0 %.4f (ref %.4f, %+.3g %%), hw %.4f (ref %.4f, %+.3g %%), profile %.3g, rest at t = %.3g, "
            "far level %+.3g\n",
            cells, c[k].theta, c[k].gap, r.area, aref, 100 * (r.area / aref - 1), r.h0, r.ref.h0.val,
            100 * (r.h0 / r.ref.h0.val - 1), r.hw, r.ref.hw.val, 100 * (r.hw / r.ref.hw.val - 1), r.profile_err,
            r.t_rest, r.far_level);
    const double e[] = {ea, e0, ew, r.profile_err, r.t_rest};
    for (int m = M_AREA; m <= M_TREST; m++) out->metric[m] = fmax(out->metric[m], e[m]);
    st = cap_io_tsv_row(t, 11,
                        (double[]){c[k].theta, c[k].gap, r.area, aref, r.h0, r.ref.h0.val, r.hw, r.ref.hw.val,
                                   r.profile_err, r.t_rest, r.far_level});
  }
  return exp_tsv_end(t, st);
}

static int finish(exp_ctx *ctx, const double *par, const exp_run *runs, int n)
{
  int a = exp_level_at(runs, n, 16), quick = !strcmp(exp_mode(ctx), "quick");
  const double c = runs[a].cells, *m = runs[a].metric;
  const char *key[] = {"area_err", "h0_err", "hw_err", "profile_err", "t_rest"}; /* M_AREA .. M_TREST */
  for (int k = M_AREA; k <= M_TREST; k++) exp_result(ctx, key[k], m[k]);
  exp_result(ctx, "order_area", exp_order(runs, n, M_AREA));
  /* the --quick sweep (the two wide-gap cases, pinned by data/ref/capillary_rise.ref) checks the order and
   * the rest; the limits are checked by the default run, on every case */
  if (!quick) {
    exp_checkf(ctx, m[M_AREA], 1, 0.01, "lifted area error |A - 2 l_c^2 cos(theta)|/A_ref at %g cells across the gap",
               c);
    exp_checkf(ctx, m[M_H0], 1, 0.02, "centre height h0 error (relative) at %g cells across the gap", c);
    exp_checkf(ctx, m[M_HW], 1, 0.02, "wall height hw error (relative) at %g cells across the gap", c);
  }
  /* the measurement is of the equilibrium: every case must have come to rest before t_end */
  exp_checkf(ctx, m[M_TREST], 1, par[P_TEND] - 1,
             "every case at rest before t_end (time to rest, at %g cells across the gap, against t_end - 1)", c);
  if (n >= 2) exp_check(ctx, "observed order of the lifted-area error", exp_order(runs, n, M_AREA), 0, 1.0);
  return CAP_SUCCESS;
}

static const exp_def def = {
    .name = "capillary_rise",
    .claim = "Between two vertical plates with gap d and contact angle theta, a bath rises to the exact 2D meniscus: "
             "lifted area 2 l_c^2 cos(theta) per unit length (Jurin's law for plates), centre and wall heights of the "
             "Young-Laplace meniscus.",
    .source = "Wang, Mucha & Turk (2005) Sec. 5 and Fig. 6 [wang2005water]; de Gennes, Brochard-Wyart & Quere (2004) "
              "[degennes2004]; Landau & Lifshitz (1987) Sec. 61 [landau1987]",
    .reference =
        "the exact meniscus between plates and Jurin's law (analytic/capref_rise.h), heights above the level of "
        "zero pressure",
    .run_level = run_level,
    .finish = finish,
    .params = {{"damping", "", "damping ratio of the column's rise, 12 nu / d^2 over 2 sqrt(g / H_J)", 1, 0.3, 1.2,
                EXP_ENVELOPE_LOG},
               {"t-end", "sqrt(l_c/g)", "time each case runs", 25, 0, 1000, CAP_CLI_LO_OPEN},
               {"theta", "deg", "run this contact angle only (0: the set of the mode; above 90 a depression)", 0, 0,
                180, CAP_CLI_HI_OPEN},
               {"gap", "l_c", "run this gap d only (0: the set of the mode)", 0, 0, 4, 0}},
    .quick = {8, 16},
    .standard = {8, 16},
    .full = {8, 16, 32},
    .metrics = {{"area_err", "", "max |A - A_ref|/A_ref, A the lifted area of the gap"},
                {"h0_err", "", "max |h0 - h0_ref|/h0_ref (centre height)"},
                {"hw_err", "", "max |hw - hw_ref|/hw_ref (wall height)"},
                {"profile_err", "l_c", "max |z - z_ref| over the gap's columns"},
                {"t_rest", "sqrt(l_c/g)",
                 "after it the mid-plane height moves less than 0.1 % of h0_ref per unit time"}},
};

int main(int argc, char **argv) { return exp_main(&def, argc, argv); }
