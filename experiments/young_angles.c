/* young_angles: a drop on a wall comes to rest at the static contact angle it is given.
 *
 * Claim: with the contact angle imposed on the level set at the wall (ghost cells continuing phi to meet the wall at
 *   theta_s, the curvature next to the wall carrying the wall's tension: the virtual surface of Wang, Mucha & Turk
 *   2005, Sec. 5; cap_contact.h), a drop released on the wall relaxes to the cap of its area at angle theta_s (Young;
 *   the seed's Fig. 7), under gravity to the Young-Laplace (sessile) drop, and on a solid inside the domain (cap_vsurf)
 *   to theta_s whatever the solid's orientation to the grid. [refs.bib: wang2005water, young1805, degennes2004]
 * Setup: units sigma = rho = 1, R0 = 1 the radius of the half-disc of the drop's area (axi: of the hemisphere of its
 *   volume, the axis at r = 0); La = sigma rho R0 / mu^2 = --la; each drop runs to --t-end. A half drop on the bottom
 *   wall (wall_scene: its centre line on a symmetry plane, free-slip walls, the bottom one at theta_s), starting
 *   START_SPAN nearer 90 degrees than theta_s; theta_s = 20, 30, 45, ..., 150, 160 degrees (quick: 30, 90, 150; --angle
 *   A: A only, ANGLE_MIN <= A <= 180 - ANGLE_MIN); gravity Bo = rho g R0^2 / sigma = --bond at 60 and 120 degrees
 *   (quick: 60). Solids (planar; the whole drop): a plane tilted PLANE_TILT to the grid at 60, 90, 120 degrees (quick:
 *   90), a disc of radius R_s = R0 at 60 and 120 (not quick). Solver: constant extension, reinitialisation every 10
 *   steps, each giving the liquid its area at the start (--keep-area 2; 1: the area before it; 0: off);
 *   --air-projection 1: cap_ns.h step 5b. R0/h = 8, 16 (default, quick), --full adds 32.
 * --geometry 3d: the quarter drop (x = 0 and y = 0 symmetry planes, the floor z = 0 at theta_s) released as the
 *   hemisphere of radius R0 in a box MARGIN_3D beyond the cap, run to min(--t-end, T_END_3D); theta_s = 30, 60, 90,
 *   120, 150 (quick: 60, 120), gravity at 60, 120 (quick: 60); no solids; surface_*.png; the sphere fitted to all the
 *   crossings mirrored in x and y: cos(theta_fit) = -z_c / R; R0/h = 8, 16 (quick: 6, 8; full adds 24); acceptance:
 *   angle error <= 0.5 degree at 16 cells (quick, 8 cells: 1 degree, no order: 6 cells is pre-asymptotic).
 * Reference: the zero-gravity cap of the drop's area (volume) (capref_statics_cap): radius R, half-width R
 *   sin(theta_s), height R (1 - cos(theta_s)); with gravity the sessile drop's apex height and half-width
 *   (capref_statics_sessile); the plane: the angle on the box's wall at the same theta_s and resolution; the disc: the
 *   drop on a circular solid (capref_statics_cap_on_disc). The snapshots draw the reference shapes dashed.
 * Metric at t_end, max over the angles: the circle fitted to phi's crossings between fluid cells (exp_scene_drop_fit)
 *   gives theta_fit on the wall, plane or disc: angle_err = |theta_fit - theta_s| (degrees); angle_hw_err the same for
 *   2 atan(h/a) (apex height h, half-width a); radius_err = |R_fit - R| / R; vol_drift = |A(t_end) - A(0)| / A(0);
 *   area_given = |area given back by the reinitialisations, net| / A(0); U the largest speed; gravity: the errors of h
 *   and a; plane_err = |theta_fit - theta_fit on the wall|; disc_err = |theta_fit - theta_s|.
 * Acceptance (the figures at R0 = 16 cells): angle error <= 1 degree from 20 to 160 degrees; radius error <=
 *   0.5 %; with gravity apex height and half-width within 1 %; plane and disc within 1 degree; observed order of the
 *   angle error >= 1. --quick (pinned by data/ref/young_angles.ref) checks the angle, apex height, plane and order.
 * Range: wedges thinner than ANGLE_MIN (15, 165 degrees) are outside the claim: the surface runs in the wall cells'
 *   curvature stencils for 2/tan(15 deg) = 7.5 cells; at 165 degrees the contact circle (0.21 R0) moves the angle 1.7
 *   degrees per 0.1 cell of the contact point (docs/design/experiments-young_angles.md). Envelope (envelope.md there):
 *   --la 10 to 100 (below, the 150-degree angle: 0.67 degrees off, order 0.77-0.92 at 3.44), --bond up to 5.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "../solver/cap_errno.h"
#include "scene.h"

enum { P_LA, P_TEND, P_ANGLE, P_BOND, P_AIRP, P_KEEP };
enum { M_ANGLE, M_ANGLE_HW, M_RADIUS, M_VOLUME, M_U, M_GHEIGHT, M_GWIDTH, M_PLANE, M_DISC, M_GIVEN };

/* The cases: a drop on the wall of the box (zero gravity, gravity), on a tilted plane, on a disc. */
typedef enum { WALL, GRAVITY, PLANE, DISC } drop_kind;
static const char *const TAG[4] = {"0", "g", "plane", "disc"};
#define PLANE_TILT  30.0 /* degrees */
#define DISC_RADIUS 1.0  /* R_s, in R0 */
#define DEG         (M_PI / 180)
#define MAX_ANGLES  11
#define START_SPAN  30.0 /* degrees between the starting cap and theta_s */
#define ANGLE_MIN   20.0 /* degrees: the thinnest wedge the claim covers (ANGLE_MIN and 180 - ANGLE_MIN) */
#define REF_POINTS  201
#define MARGIN_3D   (0.5 + 1 / cells) /* R0: the 3D box beyond the widest point and the top (contact-angle.md) */
#define T_END_3D    10.0              /* the most a 3D drop runs (at 16 cells the cap is reached) */

/* The angles of a kind in the mode (see the header; --angle A: A on the wall). */
static int angle_set(const exp_ctx *ctx, const double *par, drop_kind kind, double *th)
{
  static const double set[5][2][MAX_ANGLES] = {{{20, 30, 45, 60, 75, 90, 105, 120, 135, 150, 160}, {30, 90, 150}},
                                               {{60, 120}, {60}},
                                               {{60, 90, 120}, {90}},
                                               {{60, 120}, {0}},
                                               {{30, 60, 90, 120, 150}, {60, 120}}}; /* 3D, on the wall */
  int quick = !strcmp(exp_mode(ctx), "quick"), n = 0, s = kind == WALL && exp_geometry(ctx) == CAP_GEOM_3D ? 4 : kind;
  if (kind == WALL && par[P_ANGLE] > 0) return (th[0] = par[P_ANGLE]) > 0;
  for (; n < MAX_ANGLES && set[s][quick][n] > 0; n++) th[n] = set[s][quick][n];
  return n;
}

/* The drop's area pi/2 (planar) or volume 2 pi/3 (axisymmetric, 3D), R0 = 1. */
static double drop_size(const exp_ctx *ctx) { return exp_geometry(ctx) != CAP_GEOM_PLANAR ? 2 * M_PI / 3 : M_PI / 2; }

/* A drop on the bottom wall at theta_s, its reference in *out: the box reaches 2 R0 beyond the widest point and 1 R0
 * above the top (3D: MARGIN_3D); its side x = 0 the symmetry plane (free slip, phi mirrored: 90 degrees) or the axis
 * (3D: and y = 0, exp_spec_floor_box). It starts as the cap at theta_s moved START_SPAN towards 90 degrees (the
 * half-disc from 60 to 120 and with gravity; 3D: the hemisphere, as the runs of contact-angle.md). */
static int wall_scene(exp_ctx *ctx, const double *par, double cells, drop_kind kind, double theta_deg,
                      exp_floor_ref *out, exp_scene **sc)
{
  const double th = theta_deg * DEG, A0 = drop_size(ctx);
  const int g = kind == GRAVITY, d3 = exp_geometry(ctx) == CAP_GEOM_3D;
  int st = exp_floor_drop_ref(exp_geometry(ctx), th, A0, g ? par[P_BOND] : 0, out);
  if (st) return st;
  double t0 = theta_deg > 90 ? fmax(90, theta_deg - START_SPAN) : fmin(90, theta_deg + START_SPAN);
  exp_scene_spec spec = {.geom = exp_geometry(ctx)};
  exp_spec_floor_box(&spec, cells, out->widest + (d3 ? MARGIN_3D : 2.0), fmax(out->h, 1.0) + (d3 ? MARGIN_3D : 1.0),
                     th);
  return exp_scene_wall_drop(sc, &spec, g || d3 ? M_PI / 2 : t0 * DEG, A0, 0);
}

/* The measured points (profile_*: the half drop's crossings and the reference; solid_*: the crossings between fluid
 * cells); the reference (the cap, exp_cap_points_*, or the sessile profile) also over the snapshot `stem` if any. */
static int write_points(exp_ctx *ctx, const double *par, double cells, drop_kind kind, double theta_deg,
                        const exp_scene *sc, int n, const exp_floor_ref *ref, const char *stem)
{
  const double th = theta_deg * DEG, tilt = kind == PLANE ? PLANE_TILT * DEG : 0;
  const int wall = kind < PLANE, g = kind == GRAVITY;
  cap_tsv *t = wall ? exp_tsv(ctx, "x/R0\ty/R0\tsource(0_measured,1_reference)", "profile_%g_%s_%03.0f.tsv", cells,
                              TAG[kind], theta_deg)
                    : exp_tsv(ctx, "x/R0\ty/R0", "solid_%s_%g_%03.0f.tsv", TAG[kind], cells, theta_deg);
  int st = t ? CAP_SUCCESS : CAP_EIO;
  for (int k = 0; k < n && !st; k++)
    st = cap_io_tsv_row(t, wall ? 3 : 2,
                        sc->g.dim == 3 ? (double[]){hypot(sc->cross[k].x, sc->cross[k].y), sc->cross[k].z, 0}
                                       : (double[]){sc->cross[k].x, sc->cross[k].y, 0});
  double x[REF_POINTS], y[REF_POINTS];
  if (!st && g) st = exp_sessile_points(exp_geometry(ctx), th, drop_size(ctx), par[P_BOND], ref->h, REF_POINTS, x, y);
  if (kind == WALL || kind == PLANE) exp_cap_points_line(ref->R, th, -sin(tilt), cos(tilt), wall, REF_POINTS, x, y);
  if (kind == DISC) exp_cap_points_disc(ref->R, th, 0, 0, DISC_RADIUS, REF_POINTS, x, y);
  for (int k = 0; k < REF_POINTS && !st && wall; k++) st = cap_io_tsv_row(t, 3, (double[]){x[k], y[k], 1});
  if ((st = exp_tsv_end(t, st)) || !stem) return st;
  return exp_snapshot_ref(ctx, stem, g ? "Young-Laplace drop" : "cap at the Young angle", 1, &(int){REF_POINTS}, x, y);
}

/* One drop of a kind at theta_s on R0/h = cells, run and measured (see the header; the disc's drop: the unit disc
 * less the lens of two unit discs one radius apart): its metrics into out, its row into row (*ncols); *wall: the
 * angle measured on the wall (WALL), or the one to compare the plane's with (PLANE). A snapshot if snap. */
static int run_case(exp_ctx *ctx, const double *par, double cells, drop_kind kind, double deg, int snap, double *wall,
                    double *row, int *ncols, exp_run *out)
{
  static const char *const what[4] = {"", ", gravity", " on a tilted plane", " on a disc"};
  exp_scene *sc = NULL;
  exp_floor_ref ref = {NAN, NAN, NAN, NAN};
  const double th = deg * DEG, tilt = kind == PLANE ? PLANE_TILT * DEG : 0;
  int st = kind < PLANE    ? wall_scene(ctx, par, cells, kind, deg, &ref, &sc)
           : kind == PLANE ? exp_scene_plane_drop(&sc, cells, -sin(tilt), cos(tilt), th, &ref.R)
                           : exp_scene_disc_drop(&sc, cells, DISC_RADIUS, M_PI / 3 + sqrt(3.0) / 2, th, &ref.R);
  double a0 = 0, a1 = 0, *m = out->metric;
  exp_drop_fit f = {0, NAN, NAN, NAN, NAN, NAN, NAN};
  const int d3 = exp_geometry(ctx) == CAP_GEOM_3D, mirror = EXP_MIRROR_X | EXP_MIRROR_Y; /* 3d: the quarter, whole */
  char label[96], stem[48], file[64];
  snprintf(label, sizeof label, "%g cells, theta = %g deg%s", cells, deg, what[kind]);
  snprintf(stem, sizeof stem, "%s_%s_%03.0f", d3 ? "surface" : "drop", TAG[kind], deg);
  snprintf(file, sizeof file, "%s.png", stem);
  if (!st) st = exp_scene_liquid(sc, &a0);
  if (!st) {
    exp_scene_contact_line_solver(sc, par[P_LA], 0, d3 ? 0 : -(kind == GRAVITY ? par[P_BOND] : 0));
    sc->p.gz = d3 && kind == GRAVITY ? -par[P_BOND] : 0;
    sc->p.air_projection = (int)par[P_AIRP];
    sc->p.reinit_keep_area = par[P_KEEP] > 0;
    sc->p.keep_area_target = par[P_KEEP] == 2 ? a0 : 0;
    st = exp_scene_run(ctx, sc, &(exp_loop){.label = label, .t_end = d3 ? fmin(par[P_TEND], T_END_3D) : par[P_TEND]});
  }
  if (!st) st = exp_scene_liquid(sc, &a1);
  if (!st) st = exp_scene_drop_fit(sc, kind < PLANE, &f);
  if (!st && snap)
    st = d3 ? exp_png_surface(ctx, file, &sc->g, sc->s->phi, mirror) : exp_scene_png(ctx, sc, file, 1, 4);
  if (!st) st = write_points(ctx, par, cells, kind, deg, sc, f.n, &ref, snap && !d3 ? stem : NULL);
  double drift = fabs(a1 - a0) / a0, given = sc ? sc->given / a0 : NAN, U = sc ? sc->info.max_speed : NAN;
  double hgt = f.apex, hw = f.half_width, hw_angle = 2 * atan2(hgt, hw) / DEG, R = f.R, dR = R / ref.R - 1;
  exp_scene_close(sc, out);
  if (st) return st;
  double angle = kind == DISC ? exp_circle_angle_disc(f.xc, f.yc, R, 0, 0, DISC_RADIUS) / DEG
                              : exp_circle_angle_line(f.xc, d3 ? f.zc : f.yc, R, -sin(tilt), cos(tilt)) / DEG;
  fprintf(stderr,
          "[young_angles] %s: theta_fit = %.3f (wall of the box: %.3f), theta_hw = %.3f, R_fit/R_ref - 1 = %+.3g %%, "
          "height %.4f (ref %.4f), half-width %.4f (ref %.4f), drift %.3g %%, given %+.3g %%, U = %.2g\n",
          label, angle, kind >= PLANE ? *wall : NAN, hw_angle, 100 * dR, hgt, ref.h, hw, ref.a, 100 * drift,
          100 * given, U);
  if (kind == PLANE && !isfinite(*wall))
    return CAP_ERROR(CAP_EDOM, "young_angles: the tilted plane at %g degrees has no wall case to compare with", deg);
  int k = kind == WALL ? M_ANGLE : kind == PLANE ? M_PLANE : M_DISC; /* the angle's metric (not with gravity) */
  if (kind != GRAVITY) m[k] = fmax(m[k], kind == PLANE ? fabs(angle - *wall) : fabs(angle - deg));
  if (kind == WALL) {
    m[M_ANGLE_HW] = fmax(m[M_ANGLE_HW], fabs(hw_angle - deg));
    m[M_RADIUS] = fmax(m[M_RADIUS], fabs(R - ref.R) / ref.R);
    m[M_VOLUME] = fmax(m[M_VOLUME], drift);
    m[M_GIVEN] = fmax(m[M_GIVEN], fabs(given));
    m[M_U] = fmax(m[M_U], U);
    *wall = angle;
    memcpy(row, (double[]){deg, angle, hw_angle, dR, ref.R, drift, U, given}, 8 * sizeof *row);
  } else if (kind == GRAVITY) {
    m[M_GHEIGHT] = fmax(m[M_GHEIGHT], fabs(hgt - ref.h) / ref.h);
    m[M_GWIDTH] = fmax(m[M_GWIDTH], fabs(hw - ref.a) / ref.a);
    memcpy(row, (double[]){deg, par[P_BOND], hgt, ref.h, hw, ref.a, drift, U, given}, 9 * sizeof *row);
  } else
    memcpy(row, (double[]){kind == DISC, deg, angle, *wall, dR, drift, U, given}, 8 * sizeof *row);
  *ncols = kind == GRAVITY ? 9 : 8;
  return CAP_SUCCESS;
}

/* The cases of one file at R0/h = cells: angles_<cells>.tsv (WALL; at[k] the angle measured at thw[k],
 * k < nw), gravity_<cells>.tsv (GRAVITY), solids_<cells>.tsv (PLANE: the tilted plane against the wall at
 * the same angle, then the disc). */
static int run_file(exp_ctx *ctx, const double *par, double cells, drop_kind file, const double *thw, double *at,
                    int nw, exp_run *out)
{
  static const char *const cols[3] = {
      "theta_s[deg]\ttheta_fit[deg]\ttheta_hw[deg]\tR_fit/R_ref-1\tR_ref/R0\tarea_drift\tU\tarea_given",
      "theta_s[deg]\tBo\theight/R0\theight_ref/R0\thalf_width/R0\thalf_width_ref/R0\tarea_drift\tU\tarea_given",
      "solid(0_plane_tilted,1_disc)\ttheta_s[deg]\ttheta_fit[deg]\ttheta_box_wall[deg]\tR_fit/R_ref-1\tarea_drift\tU\t"
      "area_given"};
  static const char *const names[3] = {"angles_%g.tsv", "gravity_%g.tsv", "solids_%g.tsv"};
  double th[2 * MAX_ANGLES], row[9];
  int np = angle_set(ctx, par, file, th), n = np + (file == PLANE ? angle_set(ctx, par, DISC, th + np) : 0), nc = 0;
  cap_tsv *t = exp_tsv(ctx, cols[file], names[file], cells);
  int st = t ? CAP_SUCCESS : CAP_EIO;
  for (int k = 0; k < n && !st; k++) {
    double wall = NAN;
    for (int q = 0; q < nw && file == PLANE; q++)
      if (thw[q] == th[k]) wall = at[q];
    /* snapshots: on the wall of three angles (every angle's profile is in profile_*.tsv and profiles.png) */
    int snap = file != WALL || nw < MAX_ANGLES || th[k] == 30 || th[k] == 90 || th[k] == 150;
    st = run_case(ctx, par, cells, k >= np ? DISC : file, th[k], snap, file == WALL ? &at[k] : &wall, row, &nc, out);
    if (!st) st = cap_io_tsv_row(t, nc, row);
  }
  return exp_tsv_end(t, st);
}

static int run_level(exp_ctx *ctx, const double *par, double cells, exp_run *out)
{
  double thw[MAX_ANGLES], at[MAX_ANGLES];
  int nw = angle_set(ctx, par, WALL, thw), st = run_file(ctx, par, cells, WALL, thw, at, nw, out);
  if (!st && par[P_ANGLE] == 0 && exp_geometry(ctx) == CAP_GEOM_PLANAR)
    st = run_file(ctx, par, cells, PLANE, thw, at, nw, out);
  if (!st && par[P_ANGLE] == 0) st = run_file(ctx, par, cells, GRAVITY, thw, at, nw, out);
  return st;
}

static int finish(exp_ctx *ctx, const double *par, const exp_run *runs, int n)
{
  static const char *const key[10] = {"angle_err",     "angle_hw_err",  "radius_err",         "vol_drift",
                                      "area_given",    "order_angle",   "gravity_height_err", "gravity_width_err",
                                      "plane_vs_wall", "disc_angle_err"};
  int a = exp_level_at(runs, n, 16), quick = !strcmp(exp_mode(ctx), "quick"), grav = par[P_ANGLE] == 0,
      d3 = exp_geometry(ctx) == CAP_GEOM_3D;
  int solids = grav && exp_geometry(ctx) == CAP_GEOM_PLANAR, nkeys = 6 + 2 * grav + solids + (solids && !quick);
  const double *m = runs[a].metric, c = runs[a].cells, order = exp_order(runs, n, M_ANGLE);
  const double val[10] = {m[M_ANGLE], m[M_ANGLE_HW], m[M_RADIUS], m[M_VOLUME], m[M_GIVEN],
                          order,      m[M_GHEIGHT],  m[M_GWIDTH], m[M_PLANE],  m[M_DISC]};
  for (int k = 0; k < nkeys; k++) exp_result(ctx, key[k], val[k]);
  exp_checkf(ctx, m[M_ANGLE], 1, d3 && !quick ? 0.5 : 1.0,
             "angle error (circle or sphere fit; degrees) at R0 = %g cells", c);
  if (!quick) exp_checkf(ctx, m[M_RADIUS], 1, 0.005, "cap radius error |R - R_ref|/R_ref at R0 = %g cells", c);
  if (grav)
    exp_checkf(ctx, m[M_GHEIGHT], 1, 0.01,
               "gravity (Bo = %g): apex height error against Young-Laplace at R0 = %g cells", par[P_BOND], c);
  if (grav && !quick)
    exp_checkf(ctx, m[M_GWIDTH], 1, 0.01, "gravity (Bo = %g): half-width error against Young-Laplace at R0 = %g cells",
               par[P_BOND], c);
  if (solids)
    exp_checkf(ctx, m[M_PLANE], 1, 1.0,
               "plane tilted %g degrees to the grid: angle against the wall of the box (degrees) at R0 = %g cells",
               PLANE_TILT, c);
  if (solids && !quick)
    exp_checkf(ctx, m[M_DISC], 1, 1.0, "circular solid (R_s = R0): angle error (degrees) at R0 = %g cells", c);
  if (n >= 2 && !(d3 && quick)) exp_check(ctx, "observed order of the angle error", order, 0, 1.0);
  return CAP_SUCCESS;
}

static const exp_def def = {
    .name = "young_angles",
    .claim = "A drop on a wall with static contact angle theta_s comes to rest as the circular cap with angle theta_s "
             "(zero gravity) and as the Young-Laplace sessile drop (gravity); planar: a 2D drop, axi: the 3D sessile "
             "drop, 3d: the quarter drop on the floor.",
    .source = "Wang, Mucha & Turk (2005) Sec. 5 and Fig. 7 [wang2005water]; Young (1805) [young1805]",
    .reference = "the zero-gravity cap and the sessile drop of the drop's area (2D) or volume (axi) "
                 "(analytic/capref_statics.h)",
    .run_level = run_level,
    .finish = finish,
    .axi = 1,
    .quick3d = {6, 8},
    .standard3d = {8, 16},
    .full3d = {8, 16, 24},
    .params = {{"la", "", "Laplace number sigma rho R0 / mu^2", 10, 10, 100, EXP_ENVELOPE_LOG},
               {"t-end", "sqrt(rho R0^3/sigma)", "time each drop runs", 40, 0, 1000, CAP_CLI_LO_OPEN},
               {"angle", "deg", "run this static angle only, no gravity case (0: the set of the mode)", 0, ANGLE_MIN,
                180 - ANGLE_MIN, CAP_CLI_OR_ZERO},
               {"bond", "", "Bond number rho g R0^2 / sigma of the gravity cases", 1, 0, 5,
                CAP_CLI_LO_OPEN | EXP_ENVELOPE},
               {"air-projection", "",
                "1: the air band's projection of the extended velocity (cap_ns.h, step 5b), 0: off", 0, 0, 1,
                CAP_CLI_INTEGER},
               {"keep-area", "",
                "2: every reinitialisation gives the liquid the area it had at the start, 1: the area it had before it "
                "(cap_ns.h, step 6), 0: off",
                2, 0, 2, CAP_CLI_INTEGER}},
    .quick = {8, 16},
    .standard = {8, 16},
    .full = {8, 16, 32},
    .metrics = {{"angle_err", "deg", "max over the angles of |theta_fit - theta_s|"},
                {"angle_hw_err", "deg", "the same for 2 atan(h/a)"},
                {"radius_err", "", "max |R_fit - R|/R, R the cap of the initial area"},
                {"vol_drift", "", "max |A(t_end) - A(0)|/A(0)"},
                {"U", "sqrt(sigma/R0)", "max speed at t_end"},
                {"height_err", "", "gravity cases: max |h - h_ref|/h_ref"},
                {"width_err", "", "gravity cases: max |a - a_ref|/a_ref"},
                {"plane_err", "deg", "plane tilted 30 degrees: max |theta_fit - theta_fit on the wall of the box|"},
                {"disc_err", "deg", "circular solid: max |theta_fit - theta_s|"},
                {"area_given", "",
                 "max |area the reinitialisations gave back, net|/A(0) (--keep-area: the scheme's own drift)"}},
};

int main(int argc, char **argv) { return exp_main(&def, argc, argv); }
