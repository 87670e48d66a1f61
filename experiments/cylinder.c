#include "cylinder.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "../solver/cap_advect.h"
#include "../solver/cap_body.h"
#include "../solver/cap_errno.h"
#include "../solver/cap_force.h"
#include "../solver/cap_io.h"
#include "../solver/cap_levelset.h"
#include "../solver/cap_ns.h"
#include "../solver/cap_solid.h"
#include "../solver/cap_vsurf.h"

#define MAX_SAMPLES 8192 /* of a free run's height */

/* The area that the cylinder (centre yb, radius R) and the dry column over it (width 2R, above its
 * centre) take from the plane below the line y = yl. */
static double occupied_below(double R, double yb, double yl)
{
  if (yl > yb) return M_PI * R * R / 2 + 2 * R * (yl - yb);
  double d = fmax(-R, yl - yb); /* the line's height above the centre, <= 0 */
  return R * R * (M_PI / 2 + asin(d / R)) + d * sqrt(R * R - d * d);
}

static int force_of(cap_force_ws *fw, const cap_grid *g, const cap_solid *solid, const cap_vsurf *vs, cap_ns_state *s,
                    double xb, double yb, cap_force *F)
{
  int st = cap_levelset_fill_ghosts(g, s->phi);
  if (!st) st = cap_vsurf_fill(vs, g, s->phi);
  if (!st) st = cap_force_on_solid(fw, g, solid, vs, s->phi, s->p, 1, xb, yb, F);
  return st;
}

/* Has the liquid closed over the cylinder? No contact point, and liquid just above its top. */
static int closed_over(const cap_grid *g, const double *phi, const cap_force *F, double R, double xb, double yb)
{
  if (F->ncontact > 0) return 0;
  return cap_advect_interp(g, phi, CAP_AT_CELL, fmax(xb, 0.5 * g->h), yb + R + g->h) < 0;
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
  int nx = (int)ceil((r->xb + R + CYL_BATH_REACH) / h), ny;
  double W = nx * h, yl = Y;
  if (free_body) {
    yl = Y + (share * occupied_below(R, yl, yl) - share * r->density * A) / W;
    yb = yl;
    top = fmax(top, yl + R + CYL_HEADROOM);
  } else
    for (int it = 0; it < 50; it++) yl = Y + share * (occupied_below(R, yb, yl) - r->load_plan * A) / W;
  ny = (int)ceil(top / h);
  cap_grid g;
  int st = cap_grid_init(&g, CAP_GEOM_PLANAR, nx, ny, 1, h, 0, 0, 0, 3);
  for (int k = 0; k < 4 && !st; k++) st = cap_grid_set_bc(&g, (cap_side)k, CAP_BC_SLIP);
  if (!st) st = cap_grid_set_contact_angle(&g, CAP_XLO, M_PI / 2);
  if (!st) st = cap_grid_set_contact_angle(&g, CAP_XHI, M_PI / 2);
  if (st) return st;
  cap_solid *solid = NULL;
  cap_vsurf *vs = NULL;
  cap_ns_state *s = NULL;
  cap_ns_ws *w = NULL;
  cap_force_ws *fw = NULL;
  double *ys = NULL;
  cap_body body;
  st = cap_solid_disc_alloc(&solid, r->xb, yb, R);
  if (!st) st = cap_vsurf_alloc(&vs, &g, solid, th);
  if (!st) st = cap_ns_state_alloc(&s, &g);
  if (!st) st = cap_ns_ws_alloc(&w, &g);
  if (!st) st = cap_force_ws_alloc(&fw, &g);
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
  cap_ns_params p = cap_ns_params_default();
  p.rho = p.sigma = 1;
  p.mu = r->nu;
  p.gx = 0;
  p.gy = -1;
  p.extension_order = 1;
  p.reinit_every = 1;
  p.vsurf = vs;
  cap_tsv *hist = free_body ? exp_tsv(ctx, "t[sqrt(l_c/g)]\tx_centre[l_c]\ty_centre[l_c]\tv[sqrt(g l_c)]\tload[rho g pi R^2]\tfx[sigma]\tU[sqrt(g l_c)]",
                                      "history_%s.tsv", r->tag)
                            : exp_tsv(ctx, "t[sqrt(l_c/g)]\tload[rho g pi R^2]\tfx[sigma]\tU[sqrt(g l_c)]", "history_%s.tsv", r->tag);
  if (!hist) { st = CAP_EIO; goto done; }
  cap_ns_step_info info = {0};
  cap_force F;
  double t_next = 0, prev = NAN;
  int nys = 0;
  out->sank = out->touched = 0;
  while (!st && s->t < r->t_end && !out->sank && !out->touched) {
    cap_ns_dt_info di;
    st = cap_ns_dt(s, &p, &di);
    if (!st) st = cap_ns_step(s, &p, w, fmin(di.dt, r->t_end - s->t + 1e-15), &info);
    if (!st && (free_body || s->t >= t_next)) st = force_of(fw, &g, solid, vs, s, body.x, body.y, &F);
    if (st) break;
    double fy = F.fy / share;
    if (free_body) {
      double dx, dy;
      if ((st = cap_body_step(&body, r->xb > 0 ? F.fx : 0, fy, p.gx, p.gy, di.dt, &dx, &dy))) break;
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
  /* a free cylinder still heaves about its equilibrium (amplitude 0.01 l_c at t = 40, R = 6 cells):
   * its height is the mean of the last maximum and minimum of the sampled centre height */
  double y_eq = yb;
  if (free_body) {
    int k1 = -1, k2 = -1;
    for (int k = nys - 2; k >= 1 && k2 < 0; k--)
      if ((ys[k] - ys[k - 1]) * (ys[k + 1] - ys[k]) < 0) {
        if (k1 < 0) k1 = k;
        else k2 = k;
      }
    if (k2 >= 0) y_eq = 0.5 * (ys[k1] + ys[k2]);
  }
  /* at the end: the force, the datum, the contacts (none of them for a cylinder that sank) */
  out->load = out->fx = out->fy = out->phi_out = out->phi_in = out->drift = out->zc = out->z_mid = out->fx_walls = NAN;
  if (!out->sank) {
    if ((st = force_of(fw, &g, solid, vs, s, xb, yb, &F))) goto done;
    out->fy = F.fy / share;
    out->fx = r->xb > 0 ? F.fx : 0;
    out->load = out->fy / A;
    for (int k = 0; k < F.ncontact && k < CAP_FORCE_MAX_CONTACTS; k++) {
      double ph = atan2(fabs(F.contact[k].x - xb), yb - F.contact[k].y);
      if (F.contact[k].x >= xb) out->phi_out = ph;
      else out->phi_in = ph;
    }
    out->drift = isnan(prev) ? NAN : free_body ? fabs(yb / R - prev) : fabs(out->load - prev) / fabs(out->load);
    double y_ref, zs;
    int i_far = (int)lround((xb + R + 0.5 * CYL_BATH_REACH) / h);
    if ((st = exp_zero_pressure_level(&g, s->phi, s->p, cap_vsurf_cells(vs), i_far, nx, 1, &y_ref))) goto done;
    out->zc = (y_eq - y_ref) / R;
    if ((st = exp_surface_height(&g, s->phi, 0, &zs))) goto done;
    out->z_mid = zs - y_ref;
    /* the horizontal momentum balance of the liquid at rest between the plane and the far wall: the
     * tensions at the two ends are horizontal and cancel, so the liquid's force on the cylinder is
     * the pressure force of the plane's column less that of the far wall's */
    double f0, f1;
    if (r->xb > 0) {
      if ((st = column_force(&g, s->phi, s->p, 0, &f0)) || (st = column_force(&g, s->phi, s->p, nx - 1, &f1))) goto done;
      out->fx_walls = f0 - f1;
    }
  }
  if (r->snap) {
    char file[128];
    snprintf(file, sizeof file, "%s.png", r->tag);
    st = exp_png_with_solid(ctx, file, &g, s->phi, cap_vsurf_cells(vs), 0.5, (int)fmax(2, fmin(6, 500 / nx)));
  }
done:
  exp_run_add(run, h, s ? s->step : 0, s ? s->t : 0, (long)nx * ny);
  free(ys);
  cap_force_ws_free(fw);
  cap_ns_state_free(s);
  cap_ns_ws_free(w);
  cap_vsurf_free(vs);
  cap_solid_free(solid);
  return st;
}
