#include "cylinder.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "../solver/cap_interp.h"
#include "../solver/cap_body.h"
#include "../solver/cap_errno.h"
#include "../solver/cap_force.h"
#include "../solver/cap_io.h"
#include "../solver/cap_levelset.h"
#include "../solver/cap_ns.h"
#include "../solver/cap_solid.h"
#include "../solver/cap_vsurf.h"

#define MAX_SAMPLES 8192 /* of a free run's height */

/* The area of a disc of radius R below a line at height d above its centre. */
static double disc_below(double R, double d)
{
  d = fmax(-R, fmin(R, d));
  return R * R * (M_PI / 2 + asin(d / R)) + d * sqrt(R * R - d * d);
}

/* The area that the cylinder (centre yb, radius R) and the dry column over it (width 2R, above its
 * centre) take from the plane below the line y = yl. */
static double occupied_below(double R, double yb, double yl)
{
  if (yl > yb) return M_PI * R * R / 2 + 2 * R * (yl - yb);
  return disc_below(R, yl - yb);
}

/* The force on part `part` of the solid (CAP_SOLID_WHOLE: all of it), phi's ghosts and continuation
 * written first. */
static int force_of(cap_force_ws *fw, const cap_grid *g, const cap_solid *solid, int part, const cap_vsurf *vs,
                    cap_ns_state *s, double xb, double yb, cap_force *F)
{
  int st = cap_levelset_fill_ghosts(g, s->phi);
  if (!st) st = cap_vsurf_fill(vs, g, s->phi);
  if (!st) st = cap_force_on_part(fw, g, solid, part, vs, s->phi, s->p, 1, xb, yb, F);
  return st;
}

/* The box of nx x ny cells of side h: free-slip walls all round, the sides at 90 degrees (a symmetry
 * plane on the left). */
static int bath_grid(cap_grid *g, int nx, int ny, double h)
{
  int st = cap_grid_init(g, CAP_GEOM_PLANAR, nx, ny, 1, h, 0, 0, 0, 3);
  for (int k = 0; k < 4 && !st; k++) st = cap_grid_set_bc(g, (cap_side)k, CAP_BC_SLIP);
  if (!st) st = cap_grid_set_contact_angle(g, CAP_XLO, M_PI / 2);
  if (!st) st = cap_grid_set_contact_angle(g, CAP_XHI, M_PI / 2);
  return st;
}

/* The solver's objects of a scene on grid g round the solid: its virtual surface (angle theta, or one
 * per part with set_part_angles after), the flow state and workspace, the force's workspace. */
typedef struct {
  cap_vsurf *vs;
  cap_ns_state *s;
  cap_ns_ws *w;
  cap_force_ws *fw;
} bath_flow;

static void bath_flow_free(bath_flow *f)
{
  cap_force_ws_free(f->fw);
  cap_ns_state_free(f->s);
  cap_ns_ws_free(f->w);
  cap_vsurf_free(f->vs);
  *f = (bath_flow){0};
}

static int bath_flow_alloc(bath_flow *f, const cap_grid *g, const cap_solid *solid, double theta)
{
  *f = (bath_flow){0};
  int st = cap_vsurf_alloc(&f->vs, g, solid, theta);
  if (!st) st = cap_ns_state_alloc(&f->s, g);
  if (!st) st = cap_ns_ws_alloc(&f->w, g);
  if (!st) st = cap_force_ws_alloc(&f->fw, g);
  if (st) bath_flow_free(f);
  return st;
}

/* The solver's parameters of the scene: sigma = rho = g = 1, viscosity nu, stress form, constant
 * extension, reinitialisation every CYL_REINIT_EVERY steps. */
static cap_ns_params bath_params(double nu, const cap_vsurf *vs)
{
  cap_ns_params p = cap_ns_params_default();
  p.rho = p.sigma = 1;
  p.mu = nu;
  p.gx = 0;
  p.gy = -1;
  p.extension_order = 1;
  p.reinit_every = CYL_REINIT_EVERY;
  p.vsurf = vs;
  return p;
}

/* The cells across a box whose far wall must lie at least at x = reach (from x = 0): the first cell
 * face there or beyond. */
static int box_cells(double reach, double h) { return (int)ceil(reach / h); }

double cyl_wall_distance(double R, double xb, double h)
{
  return box_cells(xb + R + CYL_BATH_REACH, h) * h - xb;
}

/* A free body still heaves about its equilibrium (amplitude 0.01 l_c at t = 40, R = 6 cells): its
 * height is the mean of the last maximum and minimum of the sampled heights ys[0..n-1] (y_last if
 * there are not two). */
static double heave_mean(const double *ys, int n, double y_last)
{
  int k1 = -1, k2 = -1;
  for (int k = n - 2; k >= 1 && k2 < 0; k--)
    if ((ys[k] - ys[k - 1]) * (ys[k + 1] - ys[k]) < 0) {
      if (k1 < 0) k1 = k;
      else k2 = k;
    }
  return k2 >= 0 ? 0.5 * (ys[k1] + ys[k2]) : y_last;
}

/* Contact point c of a cylinder centred at (xb, yb): its position from the downward vertical (*phi,
 * rad) and the angle the meniscus makes with the cylinder there, through the liquid (*theta, rad):
 * between the interface's tangent away from the solid (cap_force's, from the surface's heights) and
 * the cylinder's tangent towards its wetted part, down along it (the bath lies below the contact). */
static void contact_on(const cap_contact *c, double xb, double yb, double *phi, double *theta)
{
  double nx = c->x - xb, ny = c->y - yb, nn = hypot(nx, ny);
  nx /= nn;
  ny /= nn;
  double wx = -ny, wy = nx; /* a tangent of the circle; the one pointing down is the wetted side */
  if (wy > 0) { wx = -wx; wy = -wy; }
  *phi = atan2(fabs(c->x - xb), yb - c->y);
  *theta = acos(fmax(-1, fmin(1, c->tx * wx + c->ty * wy)));
}

/* Has the liquid closed over the cylinder? No contact point, and liquid just above its top. */
static int closed_over(const cap_grid *g, const double *phi, const cap_force *F, double R, double xb, double yb)
{
  if (F->ncontact > 0) return 0;
  return cap_interp_linear(g, phi, CAP_AT_CELL, fmax(xb, 0.5 * g->h), yb + R + g->h) < 0;
}

/* The pressure force per unit length on the liquid's side of column i, the integral of p from the
 * floor to the surface: the midpoint rule over the liquid cells wholly below it, and the pressure's
 * line through the last two of them extrapolated over the rest, up to the surface (exp_surface_height).
 * Exact for a hydrostatic column. Ghosts of phi filled. */
static int column_force(const cap_grid *g, const double *phi, const double *p, int i, double *f)
{
  double s;
  int st = exp_surface_height(g, phi, i, &s);
  if (st) return st;
  if (!isfinite(s)) return CAP_ERROR(CAP_ENUMERIC, "cylinder: no surface in column %d", i);
  int j = 0;
  *f = 0;
  while (j < g->ny && cap_grid_yc(g, j) + 0.5 * g->h <= s) *f += p[cap_grid_idx(g, i, j++)] * g->h;
  if (j < 2) return CAP_ERROR(CAP_ENUMERIC, "cylinder: column %d holds less than two liquid cells", i);
  double pa = p[cap_grid_idx(g, i, j - 2)], pb = p[cap_grid_idx(g, i, j - 1)], y0 = cap_grid_yc(g, j - 1) + 0.5 * g->h;
  double slope = (pb - pa) / g->h, p0 = pb + slope * 0.5 * g->h; /* at y0 */
  *f += (s - y0) * (p0 + 0.5 * slope * (s - y0));
  return CAP_SUCCESS;
}

/* The samples of a horizontal force over the last CYL_MEAN_WINDOW (every CYL_HISTORY_DT: the window
 * holds at most WINDOW_MAX of them), their static limit taken by exp_damped_limit. */
#define WINDOW_MAX 64 /* CYL_MEAN_WINDOW / CYL_HISTORY_DT = 60 intervals, 61 samples */
typedef struct {
  int n;
  double t[WINDOW_MAX], f[WINDOW_MAX];
} window;
static void window_add(window *w, double t, double f)
{
  if (w->n < WINDOW_MAX) {
    w->t[w->n] = t;
    w->f[w->n++] = f;
  }
}

/* The snapshot <tag>.png: the liquid and the solid cells. */
static int snapshot(exp_ctx *ctx, const char *tag, const cap_grid *g, const double *phi, const cap_vsurf *vs)
{
  char file[128];
  snprintf(file, sizeof file, "%s.png", tag);
  return exp_png_with_solid(ctx, file, g, phi, cap_vsurf_cells(vs), 0.5, (int)fmax(2, fmin(6, 500 / g->nx)));
}

int cyl_run_body(exp_ctx *ctx, double cells, const cyl_run *r, cyl_result *out, exp_run *run)
{
  const double R = sqrt(r->bo), th = r->theta * M_PI / 180, h = R / cells, A = M_PI * R * R;
  const double share = r->xb > 0 ? 1 : 0.5; /* of the cylinder inside the box */
  const int free_body = r->density > 0;
  if (r->xb > 0 && r->xb - R < 6 * h)
    return CAP_ERROR(CAP_EDOM, "cylinder: centre %.4g l_c from the symmetry plane, less than R + 6 cells (%.4g)", r->xb, R + 6 * h);
  double Y = fmax(CYL_MIN_DEPTH, fmax(CYL_FLOOR_CLEAR, 6 * h) + R - r->zc_plan * R + (free_body ? R : 0));
  double yb = Y + r->zc_plan * R;
  double top = Y + fmax(fmax(r->zc_plan * R + R, r->h_plan * R), 0) + CYL_HEADROOM;
  int nx = box_cells(r->xb + R + CYL_BATH_REACH, h), ny; /* the wall at cyl_wall_distance */
  double W = nx * h, yl = Y;
  if (free_body) {
    yl = Y + (share * occupied_below(R, yl, yl) - share * r->density * A) / W;
    yb = yl;
    top = fmax(top, yl + R + CYL_HEADROOM);
  } else
    for (int it = 0; it < 50; it++) yl = Y + share * (occupied_below(R, yb, yl) - r->load_plan * A) / W;
  ny = (int)ceil(top / h);
  cap_grid g;
  int st = bath_grid(&g, nx, ny, h);
  if (st) return st;
  cap_solid *solid = NULL;
  bath_flow fl = {0};
  double *ys = NULL;
  cap_body body;
  st = cap_solid_disc_alloc(&solid, r->xb, yb, R);
  if (!st) st = bath_flow_alloc(&fl, &g, solid, th);
  cap_vsurf *vs = fl.vs;
  cap_ns_state *s = fl.s;
  cap_ns_ws *w = fl.w;
  cap_force_ws *fw = fl.fw;
  if (!st && !(ys = malloc(MAX_SAMPLES * sizeof *ys))) st = CAP_ERROR(CAP_ENOMEM, "cylinder: history");
  /* the free cylinder: its mass per unit length D rho pi R^2, the added-mass estimate rho pi R^2 (a
   * cylinder deep in the liquid: more than a floating one has, so the coupling converges) */
  if (!st && r->free_x && !(free_body && r->xb > 0)) st = CAP_ERROR(CAP_EINVAL, "cylinder: free_x needs a free cylinder off the plane");
  if (!st) st = cap_body_init(&body, free_body ? r->density * A : 1, A, r->free_x, free_body, r->xb, yb);
  if (st) goto done;
  for (int j = 0; j < ny; j++)
    for (int i = 0; i < nx; i++) {
      double x = cap_grid_xc(&g, i), y = cap_grid_yc(&g, j);
      s->phi[cap_grid_idx(&g, i, j)] = fmax(y - yl, fmin(R - fabs(x - r->xb), y - yb));
    }
  cap_ns_params p = bath_params(r->nu, vs);
  cap_tsv *hist = free_body ? exp_tsv(ctx, "t[sqrt(l_c/g)]\tx_centre[l_c]\ty_centre[l_c]\tv[sqrt(g l_c)]\tload[rho g pi R^2]\tfx[sigma]\tU[sqrt(g l_c)]",
                                      "history_%s.tsv", r->tag)
                            : exp_tsv(ctx, "t[sqrt(l_c/g)]\tload[rho g pi R^2]\tfx[sigma]\tU[sqrt(g l_c)]", "history_%s.tsv", r->tag);
  if (!hist) { st = CAP_EIO; goto done; }
  cap_ns_step_info info = {0};
  cap_force F;
  double t_next = 0, prev = NAN;
  int nys = 0;
  window mfx = {0}, mmom = {0};
  out->sank = out->touched = 0;
  while (!st && s->t < r->t_end && !out->sank && !out->touched) {
    int done = 0;
    st = cap_ns_step_until(s, &p, w, r->t_end, &info, &done);
    if (!st && done) break;
    if (!st && (free_body || s->t >= t_next)) st = force_of(fw, &g, solid, CAP_SOLID_WHOLE, vs, s, body.x, body.y, &F);
    if (st) break;
    double fy = F.fy / share;
    if (free_body) {
      double dx, dy;
      if ((st = cap_body_step(&body, r->xb > 0 ? F.fx : 0, fy, p.gx, p.gy, info.dt, &dx, &dy))) break;
      if ((st = cap_solid_translate(solid, dx, dy)) || (st = cap_vsurf_move(vs, solid))) break;
      p.solid_motion[0] = (cap_ns_rigid){body.u, body.v, 0, body.x, body.y};
      out->touched = r->free_x && body.x - R < 6 * h;
      /* sunk: the liquid closed over it, or it fell through every static height to the floor
       * (within 6 cells of it; a heavy cylinder drags an air cavity down with it) */
      out->sank = closed_over(&g, s->phi, &F, R, body.x, body.y) || body.y - R < 6 * h;
    }
    if (s->t >= t_next) {
      double load = fy / A, fx = r->xb > 0 ? F.fx : 0;
      st = free_body ? cap_io_tsv_row(hist, 7, (double[]){s->t, body.x, body.y, body.v, load, fx, info.max_speed})
                     : cap_io_tsv_row(hist, 4, (double[]){s->t, load, fx, info.max_speed});
      if (s->t >= r->t_end - 1 - 1e-9 && isnan(prev)) prev = free_body ? body.y / R : load;
      if (nys < MAX_SAMPLES) ys[nys++] = body.y;
      if (!st && r->xb > 0 && s->t >= r->t_end - CYL_MEAN_WINDOW - 1e-9) {
        double f0, f1;
        st = column_force(&g, s->phi, s->p, 0, &f0);
        if (!st) st = column_force(&g, s->phi, s->p, nx - 1, &f1);
        if (!st) { window_add(&mfx, s->t, F.fx); window_add(&mmom, s->t, f0 - f1); }
      }
      t_next += CYL_HISTORY_DT;
    }
    exp_progress(ctx, r->label, s->t, r->t_end, s->step);
  }
  if (st) { cap_io_tsv_abort(hist); goto done; }
  if ((st = cap_io_tsv_close(hist))) goto done;
  out->t_end = s->t;
  out->x_end = body.x;
  yb = body.y;
  const double xb = body.x;
  double y_eq = free_body ? heave_mean(ys, nys, yb) : yb;
  /* at the end: the force, the datum, the contacts (none of them for a cylinder that sank) */
  out->load = out->fx = out->fy = out->phi_out = out->phi_in = out->theta_out = out->theta_in = out->drift = out->zc =
      out->z_mid = out->fx_walls = out->fx_sd = out->fty = NAN;
  if (!out->sank) {
    if ((st = force_of(fw, &g, solid, CAP_SOLID_WHOLE, vs, s, xb, yb, &F))) goto done;
    out->fy = F.fy / share;
    out->fty = F.fty / share;
    out->fx = out->fx_sd = 0;
    if (r->xb > 0) exp_damped_limit(mfx.t, mfx.f, mfx.n, &out->fx, &out->fx_sd);
    out->load = out->fy / A;
    for (int k = 0; k < F.ncontact && k < CAP_FORCE_MAX_CONTACTS; k++) {
      double ph, ang;
      contact_on(&F.contact[k], xb, yb, &ph, &ang);
      if (F.contact[k].x >= xb) { out->phi_out = ph; out->theta_out = ang; }
      else { out->phi_in = ph; out->theta_in = ang; }
    }
    out->drift = isnan(prev) ? NAN : free_body ? fabs(yb / R - prev) : fabs(out->load - prev) / fabs(out->load);
    double y_ref, zs;
    int i_far = (int)lround((xb + R + 0.5 * CYL_BATH_REACH) / h);
    if ((st = exp_zero_pressure_level(&g, s->phi, s->p, cap_vsurf_cells(vs), i_far, nx, 1, &y_ref))) goto done;
    out->zc = (y_eq - y_ref) / R;
    if ((st = exp_surface_height(&g, s->phi, 0, &zs))) goto done;
    out->z_mid = zs - y_ref;
    /* the horizontal momentum balance of the liquid at rest between the plane and the far wall (the
     * tensions at the two ends are horizontal and cancel, so the liquid's force on the cylinder is
     * the pressure force of the plane's column less that of the far wall's), its static limit as fx's */
    double rms_walls;
    if (r->xb > 0) exp_damped_limit(mmom.t, mmom.f, mmom.n, &out->fx_walls, &rms_walls);
  }
  if (r->snap) st = snapshot(ctx, r->tag, &g, s->phi, vs);
done:
  exp_run_add(run, h, s ? s->step : 0, s ? s->t : 0, (long)nx * ny);
  free(ys);
  bath_flow_free(&fl);
  cap_solid_free(solid);
  return st;
}

/* The inclination of the surface at column i, from the heights of columns i - 1 and i + 1. */
static int surface_slope(const cap_grid *g, const double *phi, int i, double *psi)
{
  double zl, zr;
  int st = exp_surface_height(g, phi, i - 1, &zl);
  if (!st) st = exp_surface_height(g, phi, i + 1, &zr);
  if (!st && !(isfinite(zl) && isfinite(zr))) st = CAP_ERROR(CAP_ENUMERIC, "cylinder: no surface round column %d", i);
  if (!st) *psi = atan((zr - zl) / (2 * g->h));
  return st;
}

/* The horizontal forces on a and b from the momentum balance of the liquid at rest on either side of
 * column m (between the bodies): the pressure force of the left wall's column less column m's, less
 * sigma (1 - cos psi_m) (the tension at m has the surface's inclination psi_m there), and for b the same
 * between column m and the right wall. */
static int pair_momentum(const cap_grid *g, const double *phi, const double *p, int im, double *mom)
{
  double psi_m, f0, fm, f1;
  int st = surface_slope(g, phi, im, &psi_m);
  if (!st) st = column_force(g, phi, p, 0, &f0);
  if (!st) st = column_force(g, phi, p, im, &fm);
  if (!st) st = column_force(g, phi, p, g->nx - 1, &f1);
  if (st) return st;
  mom[0] = f0 - fm - (1 - cos(psi_m));
  mom[1] = fm - f1 + (1 - cos(psi_m));
  return CAP_SUCCESS;
}

int cyl_run_pair(exp_ctx *ctx, double cells, const cyl_pair_run *r, cyl_pair_result *out, exp_run *run)
{
  const double R = sqrt(r->bo), h = R / cells, A = M_PI * R * R;
  if (r->sep - 2 * R < 12 * h)
    return CAP_ERROR(CAP_EDOM, "cylinder pair: centre distance %.4g l_c, less than 2 R + 12 cells (%.4g)", r->sep, 2 * R + 12 * h);
  const double xc[2] = {r->reach[0] + R, r->reach[0] + R + r->sep};
  double Y = CYL_MIN_DEPTH, top = 0;
  for (int k = 0; k < 2; k++) {
    Y = fmax(Y, fmax(CYL_FLOOR_CLEAR, 6 * h) + R - r->zc_plan[k] * R + R);
    top = fmax(top, fmax(fmax(r->zc_plan[k] * R + R, r->h_plan[k] * R), 0));
  }
  int nx = box_cells(xc[1] + R + r->reach[1], h), ny;
  double W = nx * h;
  /* each starts cut by the flat bath y = yl where a flat surface makes its contact angle, its centre
   * R cos(theta) above yl (no dry column: over a wetting body the column's walls would fall onto
   * its top and close over it); the liquid missing below Y is their loads less the parts of the
   * discs below yl */
  double occ = 0, y0[2];
  for (int k = 0; k < 2; k++) occ += disc_below(R, -R * cos(r->theta[k] * M_PI / 180));
  double yl = Y + (occ - (r->density[0] + r->density[1]) * A) / W;
  for (int k = 0; k < 2; k++) y0[k] = yl + R * cos(r->theta[k] * M_PI / 180);
  top = fmax(Y + top, fmax(y0[0], y0[1]) + R) + CYL_HEADROOM;
  ny = (int)ceil(top / h);
  cap_grid g;
  int st = bath_grid(&g, nx, ny, h);
  if (st) return st;
  cap_solid *disc[2] = {NULL, NULL}, *solid = NULL;
  bath_flow fl = {0};
  double *ys[2] = {NULL, NULL};
  cap_body body[2];
  const double th[2] = {r->theta[0] * M_PI / 180, r->theta[1] * M_PI / 180};
  for (int k = 0; k < 2 && !st; k++) st = cap_solid_disc_alloc(&disc[k], xc[k], y0[k], R);
  if (!st) st = cap_solid_union_alloc(&solid, 2, (const cap_solid *const *)disc);
  if (!st) st = bath_flow_alloc(&fl, &g, solid, th[0]);
  if (!st) st = cap_vsurf_set_part_angles(fl.vs, th, 2);
  cap_vsurf *vs = fl.vs;
  cap_ns_state *s = fl.s;
  cap_ns_ws *w = fl.w;
  cap_force_ws *fw = fl.fw;
  for (int k = 0; k < 2 && !st; k++)
    if (!(ys[k] = malloc(MAX_SAMPLES * sizeof *ys[k]))) st = CAP_ERROR(CAP_ENOMEM, "cylinder pair: history");
  /* each free vertically, with the added-mass estimate rho pi R^2 (see cyl_run_body) */
  for (int k = 0; k < 2 && !st; k++) st = cap_body_init(&body[k], r->density[k] * A, A, 0, 1, xc[k], y0[k]);
  if (st) goto done;
  for (int j = 0; j < ny; j++)
    for (int i = 0; i < nx; i++) s->phi[cap_grid_idx(&g, i, j)] = cap_grid_yc(&g, j) - yl;
  cap_ns_params p = bath_params(r->nu, vs);
  cap_tsv *hist = exp_tsv(ctx, "t[sqrt(l_c/g)]\ty_a[l_c]\ty_b[l_c]\tv_a[sqrt(g l_c)]\tv_b[sqrt(g l_c)]\tfx_a[sigma]\t"
                          "fx_b[sigma]\tU[sqrt(g l_c)]", "history_%s.tsv", r->tag);
  if (!hist) { st = CAP_EIO; goto done; }
  cap_ns_step_info info = {0};
  cap_force F[2];
  double t_next = 0, prev[2] = {NAN, NAN};
  int nys = 0;
  window mfx[2] = {{0}}, mmom[2] = {{0}};
  const int im = (int)floor(0.5 * (xc[0] + xc[1]) / h); /* the column midway between the bodies */
  out->sank = 0;
  while (!st && s->t < r->t_end && !out->sank) {
    int done = 0;
    st = cap_ns_step_until(s, &p, w, r->t_end, &info, &done);
    if (!st && done) break;
    for (int k = 0; k < 2 && !st; k++) st = force_of(fw, &g, solid, k, vs, s, body[k].x, body[k].y, &F[k]);
    for (int k = 0; k < 2 && !st; k++) {
      double dy;
      if ((st = cap_body_step(&body[k], 0, F[k].fy, p.gx, p.gy, info.dt, NULL, &dy))) break;
      st = cap_solid_part_translate(solid, k, 0, dy);
      p.solid_motion[k] = (cap_ns_rigid){0, body[k].v, 0, body[k].x, body[k].y};
      out->sank |= closed_over(&g, s->phi, &F[k], R, body[k].x, body[k].y) || body[k].y - R < 6 * h;
    }
    if (!st) st = cap_vsurf_move(vs, solid);
    if (st) break;
    if (s->t >= t_next) {
      st = cap_io_tsv_row(hist, 8, (double[]){s->t, body[0].y, body[1].y, body[0].v, body[1].v, F[0].fx, F[1].fx,
                                              info.max_speed});
      for (int k = 0; k < 2; k++) {
        if (s->t >= r->t_end - 1 - 1e-9 && isnan(prev[k])) prev[k] = body[k].y / R;
        if (nys < MAX_SAMPLES) ys[k][nys] = body[k].y;
      }
      nys += nys < MAX_SAMPLES;
      if (!st && s->t >= r->t_end - CYL_MEAN_WINDOW - 1e-9) {
        double mom[2];
        st = pair_momentum(&g, s->phi, s->p, im, mom);
        for (int k = 0; k < 2 && !st; k++) {
          window_add(&mfx[k], s->t, F[k].fx);
          window_add(&mmom[k], s->t, mom[k]);
        }
      }
      t_next += CYL_HISTORY_DT;
    }
    exp_progress(ctx, r->label, s->t, r->t_end, s->step);
  }
  if (st) { cap_io_tsv_abort(hist); goto done; }
  if ((st = cap_io_tsv_close(hist))) goto done;
  out->t_end = s->t;
  for (int k = 0; k < 2; k++)
    out->fx[k] = out->fx_sd[k] = out->fy[k] = out->fx_mom[k] = out->zc[k] = out->phi_out[k] = out->phi_in[k] =
        out->theta_out[k] = out->theta_in[k] = out->z_wall[k] = out->drift[k] = NAN;
  if (!out->sank) {
    double y_ref, zl, zr;
    if ((st = exp_zero_pressure_level(&g, s->phi, s->p, cap_vsurf_cells(vs), 0, nx, 1, &y_ref))) goto done;
    for (int k = 0; k < 2; k++) {
      if ((st = force_of(fw, &g, solid, k, vs, s, body[k].x, body[k].y, &F[k]))) goto done;
      double rms_mom;
      exp_damped_limit(mfx[k].t, mfx[k].f, mfx[k].n, &out->fx[k], &out->fx_sd[k]);
      exp_damped_limit(mmom[k].t, mmom[k].f, mmom[k].n, &out->fx_mom[k], &rms_mom);
      out->fy[k] = F[k].fy;
      out->zc[k] = (heave_mean(ys[k], nys, body[k].y) - y_ref) / R;
      out->drift[k] = fabs(body[k].y / R - prev[k]);
      for (int m = 0; m < F[k].ncontact && m < CAP_FORCE_MAX_CONTACTS; m++) {
        double ph, ang;
        contact_on(&F[k].contact[m], body[k].x, body[k].y, &ph, &ang);
        /* a's inner contact is on its right, b's on its left */
        if ((F[k].contact[m].x >= body[k].x) == (k == 0)) { out->phi_in[k] = ph; out->theta_in[k] = ang; }
        else { out->phi_out[k] = ph; out->theta_out[k] = ang; }
      }
    }
    if ((st = exp_surface_height(&g, s->phi, 0, &zl)) || (st = exp_surface_height(&g, s->phi, nx - 1, &zr))) goto done;
    out->z_wall[0] = zl - y_ref;
    out->z_wall[1] = zr - y_ref;
  }
  if (r->snap) st = snapshot(ctx, r->tag, &g, s->phi, vs);
done:
  exp_run_add(run, h, s ? s->step : 0, s ? s->t : 0, (long)nx * ny);
  for (int k = 0; k < 2; k++) {
    free(ys[k]);
    cap_solid_free(disc[k]);
  }
  bath_flow_free(&fl);
  cap_solid_free(solid);
  return st;
}
