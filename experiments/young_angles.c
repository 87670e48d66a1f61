/* young_angles: a 2D drop on a flat wall comes to rest at the static contact angle it is given.
 *
 * Claim: with the contact angle imposed on the liquid's level set at the wall (the wall's ghost cells
 *   continue phi so that it meets the wall at theta_s, grad(phi) . n_s = cos(theta_s) at the contact
 *   line, and the curvature next to the wall carries the wall's tension: the role of the virtual
 *   surface of Wang, Mucha & Turk 2005, Sec. 5, for a wall of the domain; cap_levelset.h, WALLS WITH
 *   A CONTACT ANGLE), a drop released on the wall in zero gravity relaxes to the
 *   circular cap of its area whose angle is theta_s (Young's relation; the seed's Fig. 7 in 2D), and
 *   under gravity to the 2D Young-Laplace (sessile) drop of its area.
 *   [refs.bib: wang2005water, young1805, degennes2004]
 * Setup: units sigma = rho = 1, R0 = 1 the radius of the half-disc of the drop's area. The drop
 *   starts as the circular cap of its area at theta_s moved 30 degrees towards 90 (START_SPAN; the
 *   half-disc from 60 to 120 degrees and in the gravity cases), so that it spreads or retracts
 *   through up to 30 degrees to rest: a half-disc released at 165 degrees retracted so fast that it
 *   left the wall (R0 = 8 cells, axisymmetric, by t = 3). The drop sits on the bottom wall, its
 *   centre line on the left side of the box, which is a symmetry plane (a free-slip wall whose level-set ghosts mirror phi: contact angle 90
 *   degrees), so the drop cannot drift sideways and half of it is computed. The box reaches 2 R0
 *   beyond the equilibrium cap's widest point (a spreading drop overshoots) and 1 R0 above it. Walls
 *   are free-slip (CAP_BC_SLIP: the contact line moves; the equilibrium shape does not depend on the
 *   slip), the bottom one with the contact angle theta_s. Viscosity from the Laplace number
 *   La = sigma rho R0 / mu^2 (--la, default 10: Oh = 0.32, an overshoot that dies out); every drop
 *   runs to --t-end (default 40 sqrt(rho R0^3 / sigma)). Measured at R0 = 16 cells: U < 0.002
 *   sqrt(sigma/R0) at t_end for 15-150 degrees, 0.015 at 165 (0.02-0.03 at 135-165 before the wall's
 *   ghosts followed phi's slope near the contact line; the angles there were 1-3 degrees off, and
 *   2.6 at 165 while its patch, 5.8 cells wide, kept the constant slope: cap_levelset.h).
 *   Solver: stress-form viscosity,
 *   the velocity extended constant along the normals (the linear extension blows up at a contact
 *   line, cap_ns.h), the level set reinitialised every 10 steps (every step, the drop spreading to 30
 *   degrees at R0 = 8 cells gained 13.7 % of its area, against 2.8 %), each reinitialisation giving
 *   the liquid the area it had at the start (below).
 *   Angles theta_s = 15, 30, ..., 165 degrees (quick: 30, 90, 150; --angle A runs that one only).
 *   Gravity cases: Bond number Bo = rho g R0^2 / sigma = --bond (default 1) at theta_s = 60 and 120
 *   degrees (quick: 60). Resolutions R0/h = 8, 16 (default; the 16 cells), quick 8, 16,
 *   --full adds 32 (a 32-cell drop takes about 7 minutes).
 * Reference: the zero-gravity cap of the same area (analytic/cap_statics.h, cap_statics_cap):
 *   radius R, half-width R sin(theta_s), height R (1 - cos(theta_s)); with gravity, the 2D sessile
 *   drop of the same area (cap_statics_sessile): apex height and contact half-width.
 * Measurement at t_end: the interface points (crossings of phi along grid lines, cap_levelset_crossing,
 *   with their mirror images) fitted by a circle (algebraic least squares, Kasa 1976): its radius R_fit
 *   and the angle acos(-y_c / R_fit) (y_c the centre's height above the wall); the angle 2 atan(h/a)
 *   from the height h (the crossings of the two columns next to the centre line, extrapolated to it
 *   as y0 + b x^2) and the half-width a (the crossings of the two lowest rows extrapolated linearly to
 *   the wall); the area drift |A(t_end) - A(0)| / A(0); the largest speed U sqrt(R0/sigma) at t_end.
 * Metrics per resolution (max over the angles): angle_err (circle fit, degrees; at 15 and 165 degrees
 *   half the error, so that the 2-degree limit there reads as 1), angle_hw_err (the same for
 *   2 atan(h/a)), radius_err = |R_fit - R| / R, vol_drift, area_given (|net area given back| / A(0),
 *   below), U, and for the gravity cases the relative errors of the apex height and of the half-width.
 * Acceptance (the figures at R0 = 16 cells): angle error <= 1 degree for 30-150 degrees and
 *   <= 2 degrees at 15 and 165; R/R0 error <= 0.5 %; with gravity, apex height and half-width within
 *   1 %; observed order of the angle error >= 1. The --quick sweep (a regression subset) checks the
 *   angle, the apex height and the order; the radius and half-width limits are checked by the
 *   default run (the quick figures are pinned by data/ref/young_angles.ref).
 *   The liquid's area: every reinitialisation (every 10 steps) shifts phi by the constant that gives
 *   the liquid the area it had at the start (--keep-area 2, the default; cap_ns.h step 6,
 *   keep_area_target): the box is closed, so the area is conserved, and what the scheme gains or
 *   loses between reinitialisations is given back. The net of what was given back is reported
 *   (area_given, the scheme's own drift: default run, 16 cells, -2.5 % at 15 degrees, -1.04 % at 30,
 *   within 0.5 % from 45 to 150, -0.8 % at 165; 8 cells -4.6, -2.1 %, within 0.94 %, -1.8 %); the
 *   drift at t_end is then that since the last reinitialisation (below 6e-5 % at 16 cells). The gain
 *   is made while a drop spreads (the constant extension's first-order error at a moving contact
 *   line, cap_ns.h step 5b) and, at rest, by the reinitialisations next to the wall (165 degrees).
 *   Why it is needed: the radius at 15 degrees is the cap's most sensitive figure (at fixed area R ~
 *   theta^(-3/2) for small theta, so 0.5 % of R is 0.05 degrees of angle, 40 times finer than the
 *   angle's own limit there), and without the hold the radius check failed at 16 cells: +0.76 % at 15
 *   degrees (angle 15.025, drift 2.03 %) and +0.77 % at 165 (drift 1.62 %), --keep-area 0. Held to
 *   the area the drop had before each reinitialisation instead (--keep-area 1), the spreading drops
 *   keep their gain (15 degrees +0.96 %, drift 2.53 %). Held to the start's area while the
 *   reinitialisation still walked contact points along the wall (cap_levelset.h), the drop at 15
 *   degrees crept back (radius -0.94 % at t = 40, -2.69 % at t = 80, still moving; each shift pulls
 *   the contact line in by the shift over sin(theta)); with the contact points put back it stays (t = 80:
 *   14.996 degrees, radius +0.040 %, U = 2.4e-4). Default run (16 cells): radius errors within 0.10 %
 *   from 15 to 165 degrees (15: +0.045 %, 165: -0.031 %), angles within 0.03 degrees from 15 to 135,
 *   149.87 at 150, 165.47 at 165; U below 0.0016 up to 150 degrees, 0.015 at 165.
 *   The air band's projection (step 5b, --air-projection 1; off) removes most of the spreading drops'
 *   gain where it acts (16 cells, keep-area 0 and the earlier reinitialisation: drift at 30, 45, 135,
 *   150 degrees 0.016, 0.049, 0.083, 0.22 % against 0.80, 0.41, 0.44, 0.66 %), but the drop at 15
 *   degrees did not settle with it at 16 cells: from t = 8 a current of 0.04 sqrt(sigma/R0) ran through
 *   its contact cell (the last liquid cell of a film under a cell thick), the contact line a cell
 *   beyond the cap's (radius +3.2 %, angle 14.78 at t = 40; with --keep-area 1 too +5.5 %, 14.46).
 *   The contact line's motion depends on the reinitialisation: without it the drop stopped at 35.5
 *   degrees (phi's wall-normal slope no longer the surface's angle).
 * --geometry axi: the same in (r, z) with the axis at r = 0 (the 3D sessile drop, the seed's Fig. 7):
 *   R0 the radius of the hemisphere of the drop's volume; references the spherical cap and the
 *   axisymmetric Young-Laplace drop of that volume; the drift is that of the volume. The same
 *   checks (issue 6 asks for the angle within 1 degree for 30-150 and the apex height within 1 %).
 * Solids inside the domain (cap_vsurf: phi continued into the solid at theta_s; cap_ns SOLIDS: the
 *   solid's faces closed, no slip on its staircase), zero gravity, the whole drop computed:
 *   - a plane through the origin tilted 30 degrees to the grid, at theta_s = 60, 90, 120 (quick: 90).
 *     The drop starts as the half-disc of radius R0 = 1 centred on the plane. The grid's orientation
 *     must not matter: the angle is compared with the one measured on the wall of the box at the
 *     same theta_s and resolution (the limit: 1 degree).
 *   - a disc of radius R_s = R0 (a curved wall), at theta_s = 60 and 120 (not in the quick sweep).
 *     The drop starts as the unit disc centred on the solid's top. Reference: the 2D zero-gravity
 *     drop on a circular solid of the same liquid area (cap_statics_cap_on_disc).
 *   The angle comes from the circle fit of the crossings between fluid cells (run_solid). Planar
 *   only (not with --geometry axi or --angle). Measured at R0 = 16 cells (default run, the area held):
 *   the tilted plane within 0.061, 0.016 and 0.025 degrees of the wall at 60, 90 and 120 degrees, the
 *   disc 0.23 and 0.035 degrees off at 60 and 120, currents below 0.0075 sqrt(sigma/R0) at t_end (8
 *   cells: 0.004, 0.007, 1.03 and 0.86, 0.65); without the hold (before it) 0.03, 0.02, 0.04 and
 *   0.49, 0.02 (8 cells: 0.12, 0.01, 0.73 and 0.99, 0.13). With bilinear probes and the constant slope on the staircase (cap_vsurf.h)
 *   they were 0.40, 0.39, 0.27, 0.58 and 1.09 (the 120-degree drop on the disc kept currents of 0.08
 *   going); with bilinear probes and the fitted slope the plane at 120 degrees was 1.40 off and the
 *   disc 2.45 and 1.83. The tilted plane at 120 degrees lost 3.1 % of its area at 8 cells and 2.1 %
 *   at 16 before the hold (27 % and 2.5 % with the constant slope); held, 0.56 % and 0.035 % was given
 *   back.
 *   Metrics plane_err and disc_err; files solids_<cells>.tsv, solid_*.tsv (the fitted points) and
 *   drop_plane_*.png, drop_disc_*.png (the solid in grey; the black line continues into it as the
 *   virtual surface).
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
#include "../solver/cap_solid.h"
#include "../solver/cap_vsurf.h"
#include "harness.h"

enum { P_LA, P_TEND, P_ANGLE, P_BOND, P_AIRP, P_KEEP };
enum { M_ANGLE, M_ANGLE_HW, M_RADIUS, M_VOLUME, M_U, M_GHEIGHT, M_GWIDTH, M_PLANE, M_DISC, M_GIVEN };

/* The solids inside the domain: a plane tilted to the grid, a circular solid (curved wall). */
typedef enum { SOLID_PLANE, SOLID_DISC } solid_kind;
#define PLANE_TILT 30.0 /* degrees */
#define DISC_RADIUS 1.0 /* R_s, in R0 */

#define DEG (M_PI / 180)
#define MAX_ANGLES 11
#define START_SPAN 30.0 /* degrees between the starting cap and theta_s */
#define REF_POINTS 201

/* The angle set of a mode: every 15 degrees from 15 to 165, or 30, 90, 150 (quick), or --angle. */
static int angles(const exp_ctx *ctx, const double *par, double *th)
{
  if (par[P_ANGLE] > 0) { th[0] = par[P_ANGLE]; return 1; }
  if (!strcmp(exp_mode(ctx), "quick")) { th[0] = 30; th[1] = 90; th[2] = 150; return 3; }
  for (int k = 0; k < MAX_ANGLES; k++) th[k] = 15 * (k + 1);
  return MAX_ANGLES;
}

/* The angles of the gravity cases. */
static int gravity_angles(const exp_ctx *ctx, double *th)
{
  if (!strcmp(exp_mode(ctx), "quick")) { th[0] = 60; return 1; }
  th[0] = 60;
  th[1] = 120;
  return 2;
}

/* The reference's dimension and the drop's size: the area pi/2 of the half-disc of radius R0 = 1
 * (planar) or the volume 2 pi/3 of the hemisphere (axisymmetric). */
static cap_ref_dim ref_dim(const exp_ctx *ctx) { return exp_geometry(ctx) == CAP_GEOM_AXI ? CAP_REF_3D : CAP_REF_2D; }
static double drop_size(const exp_ctx *ctx) { return exp_geometry(ctx) == CAP_GEOM_AXI ? 2 * M_PI / 3 : M_PI / 2; }

typedef struct {
  double angle, angle_hw, radius_err, drift, U; /* measured (degrees, -, -, -, sqrt(sigma/R0)) */
  double given; /* the area (volume) the reinitialisations gave the liquid, net, over A(0) (--keep-area) */
  double R_fit, height, half_width;             /* measured shape */
  double R_ref, h_ref, a_ref; /* the reference: the cap's radius; the apex height and half-width of the
                               * cap (zero gravity) or of the sessile drop (gravity) */
} drop_result;

/* Kasa's algebraic circle fit: minimises sum (x^2 + y^2 + D x + E y + F)^2. */
static int circle_fit(const double *x, const double *y, int n, double *xc, double *yc, double *R)
{
  double A[3][4] = {{0}};
  for (int k = 0; k < n; k++) {
    double f[3] = {x[k], y[k], 1}, r = -(x[k] * x[k] + y[k] * y[k]);
    for (int p = 0; p < 3; p++) {
      A[p][3] += f[p] * r;
      for (int q = 0; q < 3; q++) A[p][q] += f[p] * f[q];
    }
  }
  for (int p = 0; p < 3; p++) {
    int m = p;
    for (int r = p + 1; r < 3; r++) if (fabs(A[r][p]) > fabs(A[m][p])) m = r;
    for (int q = 0; q < 4; q++) { double t = A[p][q]; A[p][q] = A[m][q]; A[m][q] = t; }
    if (fabs(A[p][p]) < 1e-300) return CAP_ERROR(CAP_ENUMERIC, "circle fit: singular system (%d points)", n);
    for (int r = p + 1; r < 3; r++) {
      double f = A[r][p] / A[p][p];
      for (int q = p; q < 4; q++) A[r][q] -= f * A[p][q];
    }
  }
  double s[3];
  for (int p = 2; p >= 0; p--) {
    s[p] = A[p][3];
    for (int q = p + 1; q < 3; q++) s[p] -= A[p][q] * s[q];
    s[p] /= A[p][p];
  }
  *xc = -s[0] / 2;
  *yc = -s[1] / 2;
  double r2 = *xc * *xc + *yc * *yc - s[2];
  if (!(r2 > 0)) return CAP_ERROR(CAP_ENUMERIC, "circle fit: no real circle (%d points)", n);
  *R = sqrt(r2);
  return CAP_SUCCESS;
}

/* The interface of phi: every crossing along the grid lines (xs, ys: at most cap points, *n of
 * them, each with its mirror image x -> -x), the apex height (the two columns next to the centre
 * line extrapolated to it) and the contact half-width (the two lowest rows extrapolated to y = 0). */
static int interface_points(const cap_grid *g, double *phi, const unsigned char *solid, double *xs, double *ys, int cap,
                            int *n, double *apex, double *half_width)
{
  int st = cap_levelset_fill_ghosts(g, phi), m = 0;
  double h = g->h, hc[2] = {NAN, NAN}, xrow[2] = {NAN, NAN};
  for (int j = 0; j < g->ny && !st; j++)
    for (int i = 0; i < g->nx && !st; i++)
      for (int d = 0; d < 2 && !st; d++) {
        int di = d == 0, dj = d == 1;
        if (i + di >= g->nx || j + dj >= g->ny) continue;
        size_t a = cap_grid_idx(g, i, j), b = cap_grid_idx(g, i + di, j + dj);
        if ((phi[a] < 0) == (phi[b] < 0)) continue;
        if (solid && (solid[a] || solid[b])) continue; /* the virtual surface, not the liquid's */
        double t;
        st = cap_levelset_crossing(g, phi, NULL, i, j, di, dj, &t, NULL);
        double x = cap_grid_xc(g, i) + t * di * h, y = cap_grid_yc(g, j) + t * dj * h;
        if (m + 2 <= cap) {
          xs[m] = x; ys[m] = y; m++;
          if (!solid) { xs[m] = -x; ys[m] = y; m++; } /* the half drop's mirror image */
        }
        if (di && j < 2 && !(x < xrow[j])) xrow[j] = x;
        if (dj && i < 2 && !(y < hc[i])) hc[i] = y;
      }
  *n = m;
  if (solid) return st; /* a full drop on a solid: the points only */
  *apex = (9 * hc[0] - hc[1]) / 8; /* y = y0 + b x^2 through the columns at h/2 and 3h/2 */
  *half_width = 1.5 * xrow[0] - 0.5 * xrow[1];
  if (!st && !(isfinite(*apex) && isfinite(*half_width)))
    st = CAP_ERROR(CAP_ENUMERIC, "the drop has no apex or no contact line on the wall (apex %g, half-width %g)",
                   *apex, *half_width);
  return st;
}

/* The solver's parameters (units sigma = rho = R0 = 1; Bo = rho g R0^2 / sigma = g_bond), with solids vs
 * inside the domain or none; measure0 the liquid's area (volume) at the start, which --keep-area 2
 * holds. */
static cap_ns_params flow_params(const double *par, double g_bond, const cap_vsurf *vs, double measure0)
{
  cap_ns_params p = cap_ns_params_default();
  p.rho = p.sigma = 1;
  p.mu = sqrt(1.0 / par[P_LA]);
  p.gx = 0;
  p.gy = -g_bond;
  p.extension_order = 1;
  p.reinit_every = 10;
  p.air_projection = (int)par[P_AIRP];
  p.reinit_keep_area = par[P_KEEP] > 0;
  p.keep_area_target = par[P_KEEP] == 2 ? measure0 : 0;
  p.vsurf = vs;
  return p;
}

/* Runs the state to --t-end; info holds the last step's figures, *given the area (volume) the
 * reinitialisations gave the liquid, net. */
static int run_flow(exp_ctx *ctx, const double *par, const char *label, cap_ns_state *s, cap_ns_ws *w,
                    const cap_ns_params *p, cap_ns_step_info *info, double *given)
{
  int st = CAP_SUCCESS;
  *given = 0;
  while (!st && s->t < par[P_TEND]) {
    int done = 0;
    st = cap_ns_step_until(s, p, w, par[P_TEND], info, &done);
    if (!st && done) break;
    if (!st) *given += info->area_given;
    exp_progress(ctx, label, s->t, par[P_TEND], s->step);
  }
  return st;
}

/* One drop at static angle theta_deg on R0/h = cells, with gravity g_bond (0: none); measures at
 * t_end, writes the interface points and the reference profile to profile_<cells>_<g|0>_<theta>.tsv
 * and, if `snap`, a snapshot. out also carries the reference (drop_result). */
static int run_drop(exp_ctx *ctx, const double *par, double cells, double theta_deg, double g_bond, int snap,
                    drop_result *out, exp_run *run)
{
  const cap_geometry geo = exp_geometry(ctx);
  const cap_ref_dim dim = ref_dim(ctx);
  const double th = theta_deg * DEG, A0 = drop_size(ctx), h = 1.0 / cells;
  cap_statics_cap_shape cap;
  cap_statics_drop_shape ses;
  int st = cap_statics_cap(dim, th, A0, &cap);
  if (!st && g_bond > 0) st = cap_statics_sessile(dim, 1, g_bond, 1, th, A0, &ses);
  if (st) return st;
  out->R_ref = cap.radius.val;
  out->h_ref = g_bond > 0 ? ses.height.val : cap.height.val;
  out->a_ref = g_bond > 0 ? ses.half_width.val : cap.half_width.val;
  double widest = g_bond > 0 ? ses.max_half_width.val : (th > M_PI / 2 ? cap.radius.val : cap.half_width.val);
  double top = g_bond > 0 ? ses.height.val : cap.height.val;
  int nx = (int)ceil((widest + 2.0) * cells), ny = (int)ceil((fmax(top, 1.0) + 1.0) * cells);
  cap_grid g;
  st = cap_grid_init(&g, geo, nx, ny, 1, h, 0, 0, 0, 3);
  /* planar: the side x = 0 is the symmetry plane (free slip, phi mirrored: contact angle 90
   * degrees); axisymmetric: it is the axis (CAP_BC_AXIS, set by cap_grid_init) */
  for (int k = geo == CAP_GEOM_AXI; k < 4 && !st; k++) st = cap_grid_set_bc(&g, (cap_side)k, CAP_BC_SLIP);
  if (!st) st = cap_grid_set_contact_angle(&g, CAP_YLO, th);
  if (!st && geo == CAP_GEOM_PLANAR) st = cap_grid_set_contact_angle(&g, CAP_XLO, M_PI / 2);
  if (st) return st;
  cap_ns_state *s = NULL;
  cap_ns_ws *w = NULL;
  double *xs = NULL, *ys = NULL;
  int npts = 4 * (nx + ny) + 16;
  st = cap_ns_state_alloc(&s, &g);
  if (!st) st = cap_ns_ws_alloc(&w, &g);
  if (!st && (!(xs = malloc((size_t)npts * sizeof *xs)) || !(ys = malloc((size_t)npts * sizeof *ys))))
    st = CAP_ERROR(CAP_ENOMEM, "young_angles: %d interface points", npts);
  /* the start: the cap of the drop's area at theta_s moved START_SPAN towards 90 degrees (the
   * half-disc from 60 to 120 degrees and with gravity) */
  cap_statics_cap_shape c0;
  double t0 = g_bond > 0 ? M_PI / 2 : (theta_deg > 90 ? fmax(90, theta_deg - START_SPAN) : fmin(90, theta_deg + START_SPAN)) * DEG;
  if (!st) st = cap_statics_cap(dim, t0, A0, &c0);
  const double R_start = st ? 1 : c0.radius.val, yc_start = -R_start * cos(t0);
  if (!st)
    for (int j = 0; j < ny; j++)
      for (int i = 0; i < nx; i++)
        s->phi[cap_grid_idx(&g, i, j)] = hypot(cap_grid_xc(&g, i), cap_grid_yc(&g, j) - yc_start) - R_start;
  double area0 = 0, area = 0, given = 0;
  if (!st) st = cap_levelset_liquid_measure(&g, s->phi, &area0);
  cap_ns_params p = flow_params(par, g_bond, NULL, area0);
  char label[96];
  snprintf(label, sizeof label, "%g cells, theta = %g deg%s", cells, theta_deg, g_bond > 0 ? ", gravity" : "");
  cap_ns_step_info info = {0};
  if (!st) st = run_flow(ctx, par, label, s, w, &p, &info, &given);
  if (!st) st = cap_levelset_liquid_measure(&g, s->phi, &area);
  int n = 0;
  if (!st) st = interface_points(&g, s->phi, NULL, xs, ys, npts, &n, &out->height, &out->half_width);
  double fx = NAN, fy = NAN;
  if (!st) st = circle_fit(xs, ys, n, &fx, &fy, &out->R_fit);
  if (!st) {
    double c = -fy / out->R_fit;
    out->angle = acos(fmax(-1, fmin(1, c))) / DEG;
    out->angle_hw = 2 * atan2(out->height, out->half_width) / DEG;
    out->radius_err = fabs(out->R_fit - cap.radius.val) / cap.radius.val;
    out->drift = fabs(area - area0) / area0;
    out->given = given / area0;
    out->U = info.max_speed;
  }
  /* the profile: the measured points (x >= 0) and the reference curve */
  if (!st) {
    cap_tsv *t = exp_tsv(ctx, "x/R0\ty/R0\tsource(0_measured,1_reference)",
                              "profile_%g_%s_%03.0f.tsv", cells, g_bond > 0 ? "g" : "0", theta_deg);
    if (!t) st = CAP_EIO;
    for (int k = 0; k < n && !st; k += 2) st = cap_io_tsv_row(t, 3, (double[]){xs[k], ys[k], 0});
    if (g_bond > 0) {
      cap_result rx[REF_POINTS], rz[REF_POINTS];
      if (!st) st = cap_statics_sessile_profile(dim, 1, g_bond, 1, th, A0, REF_POINTS, rx, rz, NULL);
      for (int k = 0; k < REF_POINTS && !st; k++)
        st = cap_io_tsv_row(t, 3, (double[]){rx[k].val, ses.height.val - rz[k].val, 1});
    } else {
      for (int k = 0; k < REF_POINTS && !st; k++) {
        double a = th * k / (REF_POINTS - 1); /* the arc from the apex to the contact line */
        st = cap_io_tsv_row(t, 3, (double[]){cap.radius.val * sin(a), cap.radius.val * (cos(a) - cos(th)), 1});
      }
    }
    if (t) st = st ? (cap_io_tsv_abort(t), st) : cap_io_tsv_close(t);
  }
  if (!st && snap) {
    char file[64];
    snprintf(file, sizeof file, "drop_%s_%03.0f.png", g_bond > 0 ? "g" : "0", theta_deg);
    st = cap_io_png_field(exp_path(ctx, file), &g, s->phi, -1, 1, CAP_CMAP_DIVERGING, s->phi, 4);
  }
  exp_run_add(run, h, s ? s->step : 0, s ? s->t : 0, (long)nx * ny);
  free(xs);
  free(ys);
  cap_ns_state_free(s);
  cap_ns_ws_free(w);
  return st;
}

/* A full drop at static angle theta_deg on a solid inside the domain (zero gravity): a plane through
 * the origin tilted by PLANE_TILT to the grid (the drop starts as the half-disc of radius R0 = 1 centred
 * on it), or a disc of radius DISC_RADIUS at the origin (the drop starts as the disc of radius 1 centred
 * on the solid's top, liquid area pi/3 + sqrt(3)/2 for R_s = 1: the unit disc minus the lens of two unit
 * discs one radius apart, 2 pi/3 - sqrt(3)/2). Measures the angle from the circle fit of the crossings
 * between fluid cells: cos(theta) = -s/R for the plane (s the fitted centre's signed distance from it),
 * (R_s^2 + R^2 - D^2)/(2 R_s R) for the disc (D the centre's distance from the solid's centre). */
static int run_solid(exp_ctx *ctx, const double *par, double cells, double theta_deg, solid_kind kind, int snap,
                     drop_result *out, exp_run *run)
{
  const double th = theta_deg * DEG, h = 1.0 / cells, beta = PLANE_TILT * DEG;
  const double nsx = -sin(beta), nsy = cos(beta); /* the plane's normal, into the fluid */
  double A0 = kind == SOLID_PLANE ? M_PI / 2 : M_PI / 3 + sqrt(3.0) / 2, x0, y0, x1, y1;
  int st;
  if (kind == SOLID_PLANE) {
    cap_statics_cap_shape cap;
    if ((st = cap_statics_cap(CAP_REF_2D, th, A0, &cap))) return st;
    out->R_ref = cap.radius.val;
    /* the box holds the cap's rectangle |t| <= W, -0.4 <= n <= T of the plane's frame, rotated */
    double W = (th > M_PI / 2 ? cap.radius.val : cap.half_width.val) + 1.0, T = fmax(cap.height.val, 1.0) + 0.6;
    x0 = y0 = INFINITY;
    x1 = y1 = -INFINITY;
    for (int k = 0; k < 4; k++) {
      double t = k & 1 ? W : -W, n = k & 2 ? T : -0.4;
      double x = t * nsy + n * nsx, y = -t * nsx + n * nsy;
      x0 = fmin(x0, x); x1 = fmax(x1, x); y0 = fmin(y0, y); y1 = fmax(y1, y);
    }
  } else {
    cap_statics_disc_cap_shape dc;
    if ((st = cap_statics_cap_on_disc(th, DISC_RADIUS, A0, &dc))) return st;
    out->R_ref = dc.radius.val;
    x1 = fmax(dc.radius.val, 1.0) + 1.0;
    x0 = -x1;
    y0 = -0.5;
    y1 = fmax(dc.distance.val + dc.radius.val, DISC_RADIUS + 1.0) + 0.7;
  }
  int nx = (int)ceil((x1 - x0) * cells), ny = (int)ceil((y1 - y0) * cells);
  cap_grid g;
  st = cap_grid_init(&g, CAP_GEOM_PLANAR, nx, ny, 1, h, x0, y0, 0, 3);
  for (int k = 0; k < 4 && !st; k++) st = cap_grid_set_bc(&g, (cap_side)k, CAP_BC_SLIP);
  if (st) return st;
  cap_solid *solid = NULL;
  cap_vsurf *vs = NULL;
  cap_ns_state *s = NULL;
  cap_ns_ws *w = NULL;
  double *xs = NULL, *ys = NULL, *pf = NULL;
  int npts = 4 * (nx + ny) + 16;
  st = kind == SOLID_PLANE ? cap_solid_halfplane_alloc(&solid, 0, 0, nsx, nsy)
                           : cap_solid_disc_alloc(&solid, 0, 0, DISC_RADIUS);
  if (!st) st = cap_vsurf_alloc(&vs, &g, solid, th);
  if (!st) st = cap_ns_state_alloc(&s, &g);
  if (!st) st = cap_ns_ws_alloc(&w, &g);
  if (!st && (!(xs = malloc((size_t)npts * sizeof *xs)) || !(ys = malloc((size_t)npts * sizeof *ys)) ||
              !(pf = cap_grid_field_alloc(&g))))
    st = CAP_ERROR(CAP_ENOMEM, "young_angles: %d interface points", npts);
  if (!st)
    for (int j = 0; j < ny; j++)
      for (int i = 0; i < nx; i++) {
        double x = cap_grid_xc(&g, i), y = cap_grid_yc(&g, j);
        s->phi[cap_grid_idx(&g, i, j)] = kind == SOLID_PLANE ? hypot(x, y) - 1.0 : hypot(x, y - DISC_RADIUS) - 1.0;
      }
  /* the area of the fluid cells' liquid (the solid cells counted as void), for the drift */
  double area0 = 0, area = 0, given = 0;
  if (!st) st = cap_levelset_fluid_measure(&g, s->phi, vs, pf, &area0);
  cap_ns_params p = flow_params(par, 0, vs, area0);
  char label[96];
  snprintf(label, sizeof label, "%g cells, theta = %g deg on a %s", cells, theta_deg,
           kind == SOLID_PLANE ? "tilted plane" : "disc");
  cap_ns_step_info info = {0};
  if (!st) st = run_flow(ctx, par, label, s, w, &p, &info, &given);
  if (!st) st = cap_levelset_fluid_measure(&g, s->phi, vs, pf, &area);
  int n = 0;
  if (!st) st = interface_points(&g, s->phi, cap_vsurf_cells(vs), xs, ys, npts, &n, NULL, NULL);
  double fx = NAN, fy = NAN;
  if (!st) st = circle_fit(xs, ys, n, &fx, &fy, &out->R_fit);
  if (!st) {
    double R = out->R_fit, D = hypot(fx, fy);
    double c = kind == SOLID_PLANE ? -(nsx * fx + nsy * fy) / R
                                   : (DISC_RADIUS * DISC_RADIUS + R * R - D * D) / (2 * DISC_RADIUS * R);
    out->angle = acos(fmax(-1, fmin(1, c))) / DEG;
    out->radius_err = fabs(R - out->R_ref) / out->R_ref;
    out->drift = fabs(area - area0) / area0;
    out->given = given / area0;
    out->U = info.max_speed;
  }
  if (!st) {
    cap_tsv *t = exp_tsv(ctx, "x/R0\ty/R0",
                              "solid_%s_%g_%03.0f.tsv", kind == SOLID_PLANE ? "plane" : "disc", cells, theta_deg);
    if (!t) st = CAP_EIO;
    for (int k = 0; k < n && !st; k++) st = cap_io_tsv_row(t, 2, (double[]){xs[k], ys[k]});
    if (t) st = st ? (cap_io_tsv_abort(t), st) : cap_io_tsv_close(t);
  }
  if (!st && snap) {
    char file[64];
    snprintf(file, sizeof file, "drop_%s_%03.0f.png", kind == SOLID_PLANE ? "plane" : "disc", theta_deg);
    st = exp_png_with_solid(ctx, file, &g, s->phi, cap_vsurf_cells(vs), 1, 4);
  }
  exp_run_add(run, h, s ? s->step : 0, s ? s->t : 0, (long)nx * ny);
  free(xs);
  free(ys);
  free(pf);
  cap_ns_state_free(s);
  cap_ns_ws_free(w);
  cap_vsurf_free(vs);
  cap_solid_free(solid);
  return st;
}

/* The angles of the solid cases: the tilted plane (compared with the wall of the box at the same
 * angle) and the disc. */
static int plane_angles(const exp_ctx *ctx, double *th)
{
  if (!strcmp(exp_mode(ctx), "quick")) { th[0] = 90; return 1; }
  th[0] = 60; th[1] = 90; th[2] = 120;
  return 3;
}
static int disc_angles(const exp_ctx *ctx, double *th)
{
  if (!strcmp(exp_mode(ctx), "quick")) return 0;
  th[0] = 60; th[1] = 120;
  return 2;
}

/* The drops on the wall of the box in zero gravity (angles_<cells>.tsv); aligned[k] receives the
 * angle measured at th[k]. */
static int run_wall_cases(exp_ctx *ctx, const double *par, double cells, const double *th, int na, double *aligned,
                          exp_run *out)
{
  cap_tsv *t = exp_tsv(ctx, "theta_s[deg]\ttheta_fit[deg]\ttheta_hw[deg]\tR_fit/R_ref-1\tR_ref/R0\tarea_drift\tU\tarea_given",
                            "angles_%g.tsv", cells);
  if (!t) return CAP_EIO;
  int st = CAP_SUCCESS;
  for (int k = 0; k < na && !st; k++) {
    drop_result r;
    /* snapshots of three angles (every angle's profile is in profile_*.tsv and profiles.png) */
    int snap = na < MAX_ANGLES || th[k] == 30 || th[k] == 90 || th[k] == 150;
    st = run_drop(ctx, par, cells, th[k], 0, snap, &r, out);
    if (st) break;
    double e = fabs(r.angle - th[k]), ehw = fabs(r.angle_hw - th[k]);
    fprintf(stderr, "[young_angles] %g cells, theta_s = %g: theta_fit = %.3f, theta_hw = %.3f, R_fit/R_ref - 1 = %+.3g %%, "
            "drift %.3g %%, given %+.3g %%, U = %.2g\n", cells, th[k], r.angle, r.angle_hw,
            100 * (r.R_fit / r.R_ref - 1), 100 * r.drift, 100 * r.given, r.U);
    /* the limits are 1 degree for 30-150 and 2 degrees at 15 and 165: the metric is the
     * error relative to the limit of its angle, on the 1-degree scale */
    double scale = (th[k] < 29.9 || th[k] > 150.1) ? 0.5 : 1.0;
    out->metric[M_ANGLE] = fmax(out->metric[M_ANGLE], e * scale);
    out->metric[M_ANGLE_HW] = fmax(out->metric[M_ANGLE_HW], ehw * scale);
    out->metric[M_RADIUS] = fmax(out->metric[M_RADIUS], r.radius_err);
    out->metric[M_VOLUME] = fmax(out->metric[M_VOLUME], r.drift);
    out->metric[M_GIVEN] = fmax(out->metric[M_GIVEN], fabs(r.given));
    out->metric[M_U] = fmax(out->metric[M_U], r.U);
    aligned[k] = r.angle;
    st = cap_io_tsv_row(t, 8, (double[]){th[k], r.angle, r.angle_hw, r.R_fit / r.R_ref - 1, r.R_ref, r.drift, r.U,
                                         r.given});
  }
  if (st) { cap_io_tsv_abort(t); return st; }
  return cap_io_tsv_close(t);
}

/* Solids inside the domain (solids_<cells>.tsv): the tilted plane against the wall of the box at the
 * same angle (th, aligned: the wall cases), and the disc. */
static int run_solid_cases(exp_ctx *ctx, const double *par, double cells, const double *th, int na,
                           const double *aligned, exp_run *out)
{
  cap_tsv *t = exp_tsv(ctx, "solid(0_plane_tilted,1_disc)\ttheta_s[deg]\ttheta_fit[deg]\ttheta_box_wall[deg]\t"
                            "R_fit/R_ref-1\tarea_drift\tU\tarea_given", "solids_%g.tsv", cells);
  if (!t) return CAP_EIO;
  int st = CAP_SUCCESS;
  double tp[3], td[2];
  int np = plane_angles(ctx, tp), nd = disc_angles(ctx, td);
  for (int k = 0; k < np + nd && !st; k++) {
    solid_kind kind = k < np ? SOLID_PLANE : SOLID_DISC;
    double theta = k < np ? tp[k] : td[k - np], wall = NAN;
    for (int q = 0; q < na; q++) if (th[q] == theta) wall = aligned[q];
    drop_result r;
    st = run_solid(ctx, par, cells, theta, kind, 1, &r, out);
    if (st) break;
    fprintf(stderr, "[young_angles] %g cells, theta_s = %g on a %s: theta_fit = %.3f (wall of the box: %.3f), "
            "R_fit/R_ref - 1 = %+.3g %%, drift %.3g %%, given %+.3g %%, U = %.2g\n", cells, theta,
            kind == SOLID_PLANE ? "plane tilted 30 deg" : "disc", r.angle, wall, 100 * (r.R_fit / r.R_ref - 1),
            100 * r.drift, 100 * r.given, r.U);
    if (kind == SOLID_PLANE) {
      if (!isfinite(wall)) {
        st = CAP_ERROR(CAP_EDOM, "young_angles: the tilted plane at %g degrees has no wall case to compare with", theta);
        break;
      }
      out->metric[M_PLANE] = fmax(out->metric[M_PLANE], fabs(r.angle - wall));
    } else {
      out->metric[M_DISC] = fmax(out->metric[M_DISC], fabs(r.angle - theta));
    }
    st = cap_io_tsv_row(t, 8,
                        (double[]){kind == SOLID_DISC, theta, r.angle, wall, r.R_fit / r.R_ref - 1, r.drift, r.U, r.given});
  }
  if (st) { cap_io_tsv_abort(t); return st; }
  return cap_io_tsv_close(t);
}

/* The gravity cases against the Young-Laplace drop (gravity_<cells>.tsv). */
static int run_gravity_cases(exp_ctx *ctx, const double *par, double cells, const double *thg, int ng, exp_run *out)
{
  cap_tsv *t = exp_tsv(ctx, "theta_s[deg]\tBo\theight/R0\theight_ref/R0\thalf_width/R0\thalf_width_ref/R0\tarea_drift\tU\t"
                            "area_given",
                            "gravity_%g.tsv", cells);
  if (!t) return CAP_EIO;
  int st = CAP_SUCCESS;
  for (int k = 0; k < ng && !st; k++) {
    drop_result r;
    st = run_drop(ctx, par, cells, thg[k], par[P_BOND], 1, &r, out);
    if (st) break;
    double eh = fabs(r.height - r.h_ref) / r.h_ref, ea = fabs(r.half_width - r.a_ref) / r.a_ref;
    fprintf(stderr, "[young_angles] %g cells, theta_s = %g, Bo = %g: height %.4f (ref %.4f, %+.3g %%), half-width %.4f "
            "(ref %.4f, %+.3g %%), drift %.3g %%, given %+.3g %%\n", cells, thg[k], par[P_BOND], r.height, r.h_ref,
            100 * (r.height / r.h_ref - 1), r.half_width, r.a_ref, 100 * (r.half_width / r.a_ref - 1),
            100 * r.drift, 100 * r.given);
    out->metric[M_GHEIGHT] = fmax(out->metric[M_GHEIGHT], eh);
    out->metric[M_GWIDTH] = fmax(out->metric[M_GWIDTH], ea);
    st = cap_io_tsv_row(t, 9, (double[]){thg[k], par[P_BOND], r.height, r.h_ref, r.half_width, r.a_ref, r.drift, r.U,
                                         r.given});
  }
  if (st) { cap_io_tsv_abort(t); return st; }
  return cap_io_tsv_close(t);
}

static int run_level(exp_ctx *ctx, const double *par, double cells, exp_run *out)
{
  double th[MAX_ANGLES], thg[2], aligned[MAX_ANGLES];
  int na = angles(ctx, par, th), ng = par[P_ANGLE] > 0 ? 0 : gravity_angles(ctx, thg);
  int st = run_wall_cases(ctx, par, cells, th, na, aligned, out);
  if (!st && par[P_ANGLE] == 0 && exp_geometry(ctx) == CAP_GEOM_PLANAR)
    st = run_solid_cases(ctx, par, cells, th, na, aligned, out);
  if (!st && ng > 0) st = run_gravity_cases(ctx, par, cells, thg, ng, out);
  return st;
}

static int finish(exp_ctx *ctx, const double *par, const exp_run *runs, int n)
{
  int a = exp_level_at(runs, n, 16), quick = !strcmp(exp_mode(ctx), "quick");
  char what[200];
  exp_result(ctx, "angle_err", runs[a].metric[M_ANGLE]);
  exp_result(ctx, "angle_hw_err", runs[a].metric[M_ANGLE_HW]);
  exp_result(ctx, "radius_err", runs[a].metric[M_RADIUS]);
  exp_result(ctx, "vol_drift", runs[a].metric[M_VOLUME]);
  exp_result(ctx, "area_given", runs[a].metric[M_GIVEN]);
  exp_result(ctx, "order_angle", exp_order(runs, n, M_ANGLE));
  snprintf(what, sizeof what, "angle error (circle fit; degrees, halved at 15 and 165) at R0 = %g cells", runs[a].cells);
  exp_check(ctx, what, runs[a].metric[M_ANGLE], 1, 1.0);
  /* the --quick sweep is a regression subset: its radius and half-width errors are pinned by
   * data/ref/young_angles.ref; the limits on them are checked by the default run */
  if (!quick) {
    snprintf(what, sizeof what, "cap radius error |R - R_ref|/R_ref at R0 = %g cells", runs[a].cells);
    exp_check(ctx, what, runs[a].metric[M_RADIUS], 1, 0.005);
  }
  if (par[P_ANGLE] == 0) {
    exp_result(ctx, "gravity_height_err", runs[a].metric[M_GHEIGHT]);
    exp_result(ctx, "gravity_width_err", runs[a].metric[M_GWIDTH]);
    snprintf(what, sizeof what, "gravity (Bo = %g): apex height error against Young-Laplace at R0 = %g cells", par[P_BOND],
             runs[a].cells);
    exp_check(ctx, what, runs[a].metric[M_GHEIGHT], 1, 0.01);
    if (!quick) {
      snprintf(what, sizeof what, "gravity (Bo = %g): half-width error against Young-Laplace at R0 = %g cells", par[P_BOND],
               runs[a].cells);
      exp_check(ctx, what, runs[a].metric[M_GWIDTH], 1, 0.01);
    }
  }
  if (par[P_ANGLE] == 0 && exp_geometry(ctx) == CAP_GEOM_PLANAR) {
    exp_result(ctx, "plane_vs_wall", runs[a].metric[M_PLANE]);
    snprintf(what, sizeof what, "plane tilted %g degrees to the grid: angle against the wall of the box (degrees) at "
             "R0 = %g cells", PLANE_TILT, runs[a].cells);
    exp_check(ctx, what, runs[a].metric[M_PLANE], 1, 1.0);
    if (!quick) {
      exp_result(ctx, "disc_angle_err", runs[a].metric[M_DISC]);
      snprintf(what, sizeof what, "circular solid (R_s = R0): angle error (degrees) at R0 = %g cells", runs[a].cells);
      exp_check(ctx, what, runs[a].metric[M_DISC], 1, 1.0);
    }
  }
  if (n >= 2) exp_check(ctx, "observed order of the angle error", exp_order(runs, n, M_ANGLE), 0, 1.0);
  return CAP_SUCCESS;
}

static const exp_def def = {
    "young_angles",
    "A drop on a wall with static contact angle theta_s comes to rest as the circular cap with angle theta_s "
    "(zero gravity) and as the Young-Laplace sessile drop (gravity); planar: a 2D drop, axi: the 3D sessile drop.",
    "Wang, Mucha & Turk (2005) Sec. 5 and Fig. 7 [wang2005water]; Young (1805) [young1805]",
    "the zero-gravity cap and the sessile drop of the drop's area (2D) or volume (axi) (analytic/cap_statics.h)",
    {{"la", "", "Laplace number sigma rho R0 / mu^2", 10, 0.1, 1e7, 0},
     {"t-end", "sqrt(rho R0^3/sigma)", "time each drop runs", 40, 0, 1000, CAP_CLI_LO_OPEN},
     {"angle", "deg", "run this static angle only, no gravity case (0: the set of the mode)", 0, 0, 180, CAP_CLI_HI_OPEN},
     {"bond", "", "Bond number rho g R0^2 / sigma of the gravity cases", 1, 0, 10, CAP_CLI_LO_OPEN},
     {"air-projection", "", "1: the air band's projection of the extended velocity (cap_ns.h, step 5b), 0: off", 0, 0, 1,
      CAP_CLI_INTEGER},
     {"keep-area", "",
      "2: every reinitialisation gives the liquid the area it had at the start, 1: the area it had before it "
      "(cap_ns.h, step 6), 0: off", 2, 0, 2, CAP_CLI_INTEGER}},
    {8, 16},
    {8, 16},
    {8, 16, 32},
    {{"angle_err", "deg", "max over the angles of |theta_fit - theta_s| (halved at 15 and 165 degrees)"},
     {"angle_hw_err", "deg", "the same for 2 atan(h/a)"},
     {"radius_err", "", "max |R_fit - R|/R, R the cap of the initial area"},
     {"vol_drift", "", "max |A(t_end) - A(0)|/A(0)"},
     {"U", "sqrt(sigma/R0)", "max speed at t_end"},
     {"height_err", "", "gravity cases: max |h - h_ref|/h_ref"},
     {"width_err", "", "gravity cases: max |a - a_ref|/a_ref"},
     {"plane_err", "deg", "plane tilted 30 degrees: max |theta_fit - theta_fit on the wall of the box|"},
     {"disc_err", "deg", "circular solid: max |theta_fit - theta_s|"},
     {"area_given", "", "max |area the reinitialisations gave back, net|/A(0) (--keep-area: the scheme's own drift)"}},
    run_level,
    finish,
    1,
};

int main(int argc, char **argv) { return exp_main(&def, argc, argv); }
