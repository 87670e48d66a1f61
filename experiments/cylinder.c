#include "cylinder.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "../analytic/capref_cheerios.h"
#include "../analytic/capref_floating.h"
#include "../solver/cap_interp.h"
#include "../solver/cap_body.h"
#include "../solver/cap_errno.h"
#include "../solver/cap_io.h"
#include "../solver/cap_levelset.h"

int cyl_bath(exp_scene **sc, int nx, int ny, double h, cap_solid *solid, double theta, double nu, int reinit_every)
{
  const exp_scene_spec spec = {.geom = CAP_GEOM_PLANAR,
                               .nx = nx,
                               .ny = ny,
                               .h = h,
                               .bc = {CAP_BC_SLIP, CAP_BC_SLIP, CAP_BC_SLIP, CAP_BC_SLIP},
                               .angle = {M_PI / 2, M_PI / 2},
                               .solid = solid,
                               .solid_angle = theta,
                               .force = 1};
  int st = exp_scene_alloc(sc, &spec);
  if (st) return st;
  exp_scene_fluid(*sc, (exp_fluid){.rho = 1, .sigma = 1, .mu = nu, .gy = -1});
  (*sc)->p.extension_order = 1;
  (*sc)->p.reinit_every = reinit_every;
  return CAP_SUCCESS;
}

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

/* The force on part `part` of the scene's solid (CAP_SOLID_WHOLE: all of it) about (xb, yb), phi's
 * ghosts and continuation written first. */
static int force_of(exp_scene *sc, int part, double xb, double yb, cap_force *F)
{
  int st = cap_levelset_fill_ghosts(&sc->g, sc->ct, sc->s->phi);
  if (!st) st = cap_vsurf_fill(sc->vs, sc->ct, &sc->g, sc->s->phi);
  if (!st) st = cap_force_on_part(sc->fw, &sc->g, sc->solid, part, sc->vs, sc->s->phi, sc->s->p, 1, xb, yb, F);
  return st;
}

/* The cells across a box whose far wall must lie at least at x = reach (from x = 0): the first cell
 * face there or beyond. */
static int box_cells(double reach, double h) { return (int)ceil(reach / h); }

double cyl_wall_distance(double R, double xb, double h) { return box_cells(xb + R + CYL_BATH_REACH, h) * h - xb; }

/* Contact point c of a cylinder centred at (xb, yb): its position from the downward vertical (*phi,
 * rad) and the angle the meniscus makes with the cylinder there, through the liquid (*theta, rad):
 * between the interface's tangent away from the solid (cap_force's, from the surface's heights) and
 * the cylinder's tangent towards its wetted part, down along it (the bath lies below the contact). */
static void contact_on(const cap_force_contact *c, double xb, double yb, double *phi, double *theta)
{
  double nx = c->x - xb, ny = c->y - yb, nn = hypot(nx, ny);
  nx /= nn;
  ny /= nn;
  double wx = -ny, wy = nx; /* a tangent of the circle; the one pointing down is the wetted side */
  if (wy > 0) {
    wx = -wx;
    wy = -wy;
  }
  *phi = atan2(fabs(c->x - xb), yb - c->y);
  *theta = acos(fmax(-1, fmin(1, c->tx * wx + c->ty * wy)));
}

/* The contacts of F on the cylinder at (xb, yb) into (phi, theta)[0] for those with x >= xb (right:
 * 1) or x < xb (right: 0), [1] for the others. */
static void contacts(const cap_force *F, double xb, double yb, int right, double *phi[2], double *theta[2])
{
  for (int k = 0; k < F->ncontact && k < CAP_FORCE_MAX_CONTACTS; k++) {
    int m = (F->contact[k].x >= xb) != right;
    contact_on(&F->contact[k], xb, yb, phi[m], theta[m]);
  }
}

/* Has the liquid closed over the cylinder? No contact point, and liquid just above its top. */
static int closed_over(const cap_grid *g, const double *phi, const cap_force *F, double R, double xb, double yb)
{
  if (F->ncontact > 0) return 0;
  return cap_interp_linear(g, phi, CAP_AT_CELL, fmax(xb, 0.5 * g->h), yb + R + g->h) < 0;
}

/* A free body moved by the force F (fx, fy: the x and y parts it feels) over the last step: the body,
 * the solid's part (CAP_SOLID_WHOLE: all of it) and the velocity of its faces; *sank if the liquid
 * closed over it or it fell to within 6 cells of the floor (a heavy cylinder drags an air cavity down
 * with it). */
static int move_body(exp_scene *sc, cap_body *b, int part, const cap_force *F, double fx, double fy, double R,
                     int *sank)
{
  double dx = 0, dy;
  int st = cap_body_step(b, fx, fy, sc->p.gx, sc->p.gy, sc->info.dt, part < 0 ? &dx : NULL, &dy);
  if (st) return st;
  st = part < 0 ? cap_solid_translate(sc->solid, dx, dy) : cap_solid_part_translate(sc->solid, part, 0, dy);
  sc->s->bounds.motion[part < 0 ? 0 : part] = (cap_ns_rigid){b->u, b->v, 0, b->x, b->y};
  *sank |= closed_over(&sc->g, sc->s->phi, F, R, b->x, b->y) || b->y - R < 6 * sc->g.h;
  return st;
}

/* A snapshot <tag>.png of the scene: the liquid and the solid cells. */
static int snapshot(exp_ctx *ctx, const exp_scene *sc, const char *tag)
{
  char file[128];
  snprintf(file, sizeof file, "%s.png", tag);
  return exp_scene_png(ctx, sc, file, 0.5, (int)fmax(2, fmin(6, 500 / sc->g.nx)));
}

/* A run's sampled figures (every CYL_HISTORY_DT): the series, the heights of the free bodies, the
 * horizontal forces over the last CYL_MEAN_WINDOW (their static limits by exp_damped_limit). */
typedef struct {
  cap_tsv *hist;
  exp_clock clock;
  exp_record ys[2], fx[2], mom[2];
  double prev[2];
} samples;

static void samples_free(samples *m)
{
  for (int k = 0; k < 2; k++) {
    exp_record_free(&m->ys[k]);
    exp_record_free(&m->fx[k]);
    exp_record_free(&m->mom[k]);
  }
}

/* The samples' running state kept by checkpoints: the clock, the drifts' values and the records. */
static void samples_keep(exp_loop *L, samples *m)
{
  EXP_KEEP_ADD(L, EXP_KEEP(m->clock), EXP_KEEP(m->prev));
  for (int k = 0; k < 2; k++) {
    L->records[3 * k] = &m->ys[k];
    L->records[3 * k + 1] = &m->fx[k];
    L->records[3 * k + 2] = &m->mom[k];
  }
}

/* The statics' menisci drawn over a run's snapshot (exp_snapshot_menisci): n of them (0: none), the level of
 * zero pressure at y = y0. */
typedef struct {
  exp_meniscus m[2];
  int n;
  double y0;
  const char *label;
} menisci;

/* Adds the meniscus that leaves a cylinder at x = xc with the inclination alpha (> 0 rising away from it) towards
 * x = xe (channel: a symmetry plane there): the one at a wall of angle alpha + pi/2. None if it overhangs (|alpha| >=
 * pi/2: its height is not single-valued). */
static void add_meniscus(menisci *mn, double alpha, double xc, double xe, int channel)
{
  if (fabs(alpha) < M_PI / 2) mn->m[mn->n++] = (exp_meniscus){alpha + M_PI / 2, xc, xe, channel};
}

/* Runs the scene to its end with the hook `after` into the open series m->hist (none: CAP_EIO unless st is
 * already an error), takes the figures at the end (`end`, which sets the menisci ref) and the snapshot <tag>.png
 * if asked, with ref over it; then adds the run to *run and frees the samples and the scene. Returns the first
 * error (st first). */
static int run_scene(exp_ctx *ctx, exp_scene *sc, int st, samples *m, const exp_loop *L,
                     int (*end)(exp_scene *sc, void *user), const menisci *ref, int snap, const char *tag, exp_run *run)
{
  if (!st && !m->hist) st = CAP_EIO;
  if (!st) st = exp_tsv_end(m->hist, exp_scene_run(ctx, sc, L));
  if (!st) st = end(sc, L->user);
  if (!st && snap) st = snapshot(ctx, sc, tag);
  if (!st && snap && ref->n) st = exp_snapshot_menisci(ctx, tag, ref->label, ref->n, ref->m, ref->y0);
  exp_scene_account(sc, run);
  samples_free(m);
  exp_scene_free(sc);
  return st;
}

/* Whether t lies in the last `span` of a run that ends at t_end (with 1e-9 to spare). */
static int in_last(double t, double t_end, double span) { return t >= t_end - span - 1e-9; }

/* Records the sample of body k at t: the drift's value q at the first sample of the last unit of
 * time, the height y, and (window: in the force window) the forces fx and fm. */
static int record(samples *m, int k, double t, double t_end, double q, double y, int window, double fx, double fm)
{
  if (in_last(t, t_end, 1) && isnan(m->prev[k])) m->prev[k] = q;
  int st = exp_record_add(&m->ys[k], t, y);
  if (!st && window) st = exp_record_add(&m->fx[k], t, fx);
  if (!st && window) st = exp_record_add(&m->mom[k], t, fm);
  return st;
}

/* The static limit of a recorded force (exp_damped_limit); the residual's rms into *rms. */
static double limit_of(const exp_record *r, double *rms)
{
  double f, sd;
  exp_damped_limit(r->t, r->f, (int)r->n, &f, &sd);
  if (rms) *rms = sd;
  return f;
}

/* ---- one cylinder on the symmetry plane or off it ---- */

typedef struct {
  const cyl_run *r;
  cyl_result *out;
  cap_body body;
  cap_force F;
  samples m;
  menisci ref;
  double R, A, share;
  int free_body;
} body_run;

static double body_phi(double x, double y, const void *user)
{
  const double *q = user; /* yl, R, xb, yb */
  return fmax(y - q[0], fmin(q[1] - fabs(x - q[2]), y - q[3]));
}

/* After each step: the force (every step for a free body, else when a sample is due), the free body's
 * motion, the series row and the samples. */
static int body_after(exp_scene *sc, void *user)
{
  body_run *b = user;
  const cyl_run *r = b->r;
  const cap_ns_state *s = sc->s;
  const int due = s->t >= b->m.clock.next;
  int st = b->free_body || due ? force_of(sc, CAP_SOLID_WHOLE, b->body.x, b->body.y, &b->F) : CAP_SUCCESS;
  if (st) return st;
  double fy = b->F.fy / b->share;
  if (b->free_body) {
    if ((st = move_body(sc, &b->body, -1, &b->F, r->xb > 0 ? b->F.fx : 0, fy, b->R, &b->out->sank)) ||
        (st = cap_vsurf_move(sc->vs, sc->solid)))
      return st;
    b->out->touched = r->free_x && b->body.x - b->R < 6 * sc->g.h;
    sc->stop = b->out->sank || b->out->touched;
  }
  if (!exp_clock_due(&b->m.clock, s->t)) return CAP_SUCCESS;
  double load = fy / b->A, fx = r->xb > 0 ? b->F.fx : 0, f0 = 0, f1 = 0;
  st = b->free_body ? cap_io_tsv_row(b->m.hist, 7,
                                     (double[]){s->t, b->body.x, b->body.y, b->body.v, load, fx, sc->info.max_speed})
                    : cap_io_tsv_row(b->m.hist, 4, (double[]){s->t, load, fx, sc->info.max_speed});
  int window = !st && r->xb > 0 && in_last(s->t, r->t_end, CYL_MEAN_WINDOW);
  if (window) st = exp_column_pressure_force(&sc->g, s->phi, s->p, 0, &f0);
  if (window && !st) st = exp_column_pressure_force(&sc->g, s->phi, s->p, sc->g.nx - 1, &f1);
  int st2 = record(&b->m, 0, s->t, r->t_end, b->free_body ? b->body.y / b->R : load, b->body.y, window && !st, b->F.fx,
                   f0 - f1);
  return st ? st : st2;
}

/* The statics' menisci of a body run that did not sink, above the level of zero pressure y_ref (b->ref), from the
 * statics the experiments compare with: a cylinder on the plane held (capref_floating_held at its measured height) or
 * free (capref_floating_equilibrium at its density), the meniscus from the contact out to the far wall in an unbounded
 * bath; one of an identical pair held apart (off the plane, free vertically), the pair's statics in this box
 * (capref_cheerios_2d_pair_box), the inner meniscus to the plane and the outer one to the far wall, both level there.
 * None for a released pair (it moves: no statics), a held pair (the library has no statics of it), nor where the
 * statics have no equilibrium (CAP_ENOSOL). */
static int body_menisci(body_run *b, double y_ref, double h)
{
  const cyl_run *r = b->r;
  const double th = r->theta * M_PI / 180, R = b->R, xb = r->xb, wall = cyl_wall_distance(R, xb, h);
  b->ref = (menisci){.n = 0, .y0 = y_ref};
  if (r->free_x || (xb > 0 && !b->free_body)) return CAP_SUCCESS;
  if (xb > 0) {
    capref_cheerios_pair2d p;
    int st = capref_cheerios_2d_pair_box(r->bo, r->density, th, 2 * xb, wall, &p);
    if (st) return st == CAP_ENOSOL ? CAP_SUCCESS : st;
    b->ref.label = "menisci, pair statics (box)";
    add_meniscus(&b->ref, p.alpha_i.val, xb - R * sin(p.phi_i.val), 0, 1);
    add_meniscus(&b->ref, p.alpha_o.val, xb + R * sin(p.phi_o.val), xb + wall, 1);
    return CAP_SUCCESS;
  }
  capref_floating_eq e;
  int st = b->free_body ? capref_floating_equilibrium(r->bo, th, r->density, &e)
                        : capref_floating_held(r->bo, th, b->out->zc, NULL, &e);
  if (st) return st == CAP_ENOSOL ? CAP_SUCCESS : st;
  b->ref.label = b->free_body ? "meniscus, statics (floating)" : "meniscus, statics (held)";
  add_meniscus(&b->ref, e.alpha.val, R * sin(e.phi.val), wall, 0);
  return CAP_SUCCESS;
}

/* The figures at the end (none for a cylinder that sank). */
static int body_end(exp_scene *sc, void *user)
{
  body_run *b = user;
  const cyl_run *r = b->r;
  cyl_result *out = b->out;
  const double xb = b->body.x, yb = b->body.y, R = b->R, h = sc->g.h;
  out->t_end = sc->s->t;
  out->x_end = xb;
  double y_eq = b->free_body ? exp_heave_mean(b->m.ys[0].f, (int)b->m.ys[0].n, yb) : yb;
  out->load = out->fx = out->fy = out->phi_out = out->phi_in = out->theta_out = out->theta_in = out->drift = out->zc =
      out->z_mid = out->fx_walls = out->fx_sd = out->fty = NAN;
  if (out->sank) return CAP_SUCCESS;
  int st = force_of(sc, CAP_SOLID_WHOLE, xb, yb, &b->F);
  if (st) return st;
  out->fy = b->F.fy / b->share;
  out->fty = b->F.fty / b->share;
  out->fx = out->fx_sd = 0;
  if (r->xb > 0) out->fx = limit_of(&b->m.fx[0], &out->fx_sd);
  out->load = out->fy / b->A;
  contacts(&b->F, xb, yb, 1, (double *[]){&out->phi_out, &out->phi_in}, (double *[]){&out->theta_out, &out->theta_in});
  double prev = b->m.prev[0];
  out->drift = isnan(prev) ? NAN : b->free_body ? fabs(yb / R - prev) : fabs(out->load - prev) / fabs(out->load);
  double y_ref, zs;
  int i_far = (int)lround((xb + R + 0.5 * CYL_BATH_REACH) / h);
  if ((st = exp_zero_pressure_level(&sc->g, sc->s->phi, sc->s->p, cap_vsurf_cells(sc->vs), i_far, sc->g.nx, 1, &y_ref)))
    return st;
  out->zc = (y_eq - y_ref) / R;
  if ((st = body_menisci(b, y_ref, h))) return st;
  if ((st = exp_surface_height(&sc->g, sc->s->phi, 0, &zs))) return st;
  out->z_mid = zs - y_ref;
  /* the horizontal momentum balance of the liquid at rest between the plane and the far wall (the
   * tensions at the two ends are horizontal and cancel, so the liquid's force on the cylinder is the
   * pressure force of the plane's column less that of the far wall's), its static limit as fx's */
  if (r->xb > 0) out->fx_walls = limit_of(&b->m.mom[0], NULL);
  return CAP_SUCCESS;
}

int cyl_run_body(exp_ctx *ctx, double cells, const cyl_run *r, cyl_result *out, exp_run *run)
{
  const double R = sqrt(r->bo), th = r->theta * M_PI / 180, h = R / cells, A = M_PI * R * R;
  const double share = r->xb > 0 ? 1 : 0.5; /* of the cylinder inside the box */
  const int free_body = r->density > 0;
  if (r->xb > 0 && r->xb - R < 6 * h)
    return CAP_ERROR(CAP_EDOM, "cylinder: centre %.4g l_c from the symmetry plane, less than R + 6 cells (%.4g)", r->xb,
                     R + 6 * h);
  if (r->free_x && !(free_body && r->xb > 0))
    return CAP_ERROR(CAP_EINVAL, "cylinder: free_x needs a free cylinder off the plane");
  double Y = fmax(CYL_MIN_DEPTH, fmax(CYL_FLOOR_CLEAR, 6 * h) + R - r->zc_plan * R + (free_body ? R : 0));
  double yb = Y + r->zc_plan * R;
  double top = Y + fmax(fmax(r->zc_plan * R + R, r->h_plan * R), 0) + CYL_HEADROOM;
  int nx = box_cells(r->xb + R + CYL_BATH_REACH, h); /* the wall at cyl_wall_distance */
  double W = nx * h, yl = Y;
  if (free_body) {
    yl = Y + (share * occupied_below(R, yl, yl) - share * r->density * A) / W;
    yb = yl;
    top = fmax(top, yl + R + CYL_HEADROOM);
  } else
    for (int it = 0; it < 50; it++) yl = Y + share * (occupied_below(R, yb, yl) - r->load_plan * A) / W;
  cap_solid *solid = NULL;
  exp_scene *sc = NULL;
  int st = cap_solid_disc_alloc(&solid, r->xb, yb, R);
  if (!st) st = cyl_bath(&sc, nx, (int)ceil(top / h), h, solid, th, r->nu, CYL_REINIT_EVERY);
  if (st) return st;
  body_run b = {.r = r, .out = out, .R = R, .A = A, .share = share, .free_body = free_body};
  b.m.clock = (exp_clock){0, CYL_HISTORY_DT, 1};
  b.m.prev[0] = b.m.prev[1] = NAN;
  /* the free cylinder: its mass per unit length D rho pi R^2, the added-mass estimate rho pi R^2 (a
   * cylinder deep in the liquid: more than a floating one has, so the coupling converges) */
  st = cap_body_init(&b.body, free_body ? r->density * A : 1, A, r->free_x, free_body, r->xb, yb);
  exp_scene_set_phi(sc, body_phi, (double[]){yl, R, r->xb, yb});
  const char *cols = free_body ? "t[sqrt(l_c/g)]\tx_centre[l_c]\ty_centre[l_c]\tv[sqrt(g l_c)]\tload[rho g pi "
                                 "R^2]\tfx[sigma]\tU[sqrt(g l_c)]"
                               : "t[sqrt(l_c/g)]\tload[rho g pi R^2]\tfx[sigma]\tU[sqrt(g l_c)]";
  if (!st) b.m.hist = exp_tsv(ctx, cols, "history_%s.tsv", r->tag);
  out->sank = out->touched = 0;
  exp_loop L = {.label = r->label, .t_end = r->t_end, .after = body_after, .user = &b};
  samples_keep(&L, &b.m);
  EXP_KEEP_ADD(&L, EXP_KEEP(b.body), EXP_KEEP(b.F), EXP_KEEP(*out));
  return run_scene(ctx, sc, st, &b.m, &L, body_end, &b.ref, r->snap, r->tag, run);
}

/* ---- two different cylinders in one box ---- */

/* The horizontal forces on a and b from the momentum balance of the liquid at rest on either side of
 * column m (between the bodies): the pressure force of the left wall's column less column m's, less
 * sigma (1 - cos psi_m) (the tension at m has the surface's inclination psi_m there), and for b the same
 * between column m and the right wall. */
static int pair_momentum(const cap_grid *g, const double *phi, const double *p, int im, double *mom)
{
  double psi_m, f0, fm, f1;
  int st = exp_surface_slope(g, phi, im, &psi_m);
  if (!st) st = exp_column_pressure_force(g, phi, p, 0, &f0);
  if (!st) st = exp_column_pressure_force(g, phi, p, im, &fm);
  if (!st) st = exp_column_pressure_force(g, phi, p, g->nx - 1, &f1);
  if (st) return st;
  mom[0] = f0 - fm - (1 - cos(psi_m));
  mom[1] = fm - f1 + (1 - cos(psi_m));
  return CAP_SUCCESS;
}

typedef struct {
  const cyl_pair_run *r;
  cyl_pair_result *out;
  cap_body body[2];
  cap_force F[2];
  samples m;
  menisci ref;
  double R;
  int im; /* the column midway between the bodies */
} pair_run;

static int pair_after(exp_scene *sc, void *user)
{
  pair_run *b = user;
  const cap_ns_state *s = sc->s;
  int st = CAP_SUCCESS;
  for (int k = 0; k < 2 && !st; k++) st = force_of(sc, k, b->body[k].x, b->body[k].y, &b->F[k]);
  for (int k = 0; k < 2 && !st; k++) st = move_body(sc, &b->body[k], k, &b->F[k], 0, b->F[k].fy, b->R, &b->out->sank);
  if (!st) st = cap_vsurf_move(sc->vs, sc->solid);
  sc->stop = b->out->sank;
  if (st || !exp_clock_due(&b->m.clock, s->t)) return st;
  st = cap_io_tsv_row(b->m.hist, 8,
                      (double[]){s->t, b->body[0].y, b->body[1].y, b->body[0].v, b->body[1].v, b->F[0].fx, b->F[1].fx,
                                 sc->info.max_speed});
  double mom[2] = {0, 0};
  int window = !st && in_last(s->t, b->r->t_end, CYL_MEAN_WINDOW);
  if (window) st = pair_momentum(&sc->g, s->phi, s->p, b->im, mom);
  for (int k = 0; k < 2; k++) {
    int st2 = record(&b->m, k, s->t, b->r->t_end, b->body[k].y / b->R, b->body[k].y, window && !st, b->F[k].fx, mom[k]);
    if (!st) st = st2;
  }
  return st;
}

/* The statics' menisci of the two different cylinders (b->ref) above the level of zero pressure y_ref, the box's
 * walls at x = 0 and W: the outer menisci of capref_cheerios_2d_unlike (an unbounded bath) out to the walls. It
 * gives no shape of the inner one (no symmetry plane: not a channel's), which is left out. */
static int pair_menisci(pair_run *b, double y_ref, double W)
{
  const cyl_pair_run *r = b->r;
  const double R = b->R, deg = M_PI / 180;
  const capref_cheerios_body2d a = {r->bo, r->density[0], r->theta[0] * deg},
                               c = {r->bo, r->density[1], r->theta[1] * deg};
  capref_cheerios_unlike2d u;
  b->ref = (menisci){.n = 0, .y0 = y_ref, .label = "outer menisci, statics"};
  int st = capref_cheerios_2d_unlike(&a, &c, r->sep, &u);
  if (st) return st == CAP_ENOSOL ? CAP_SUCCESS : st;
  add_meniscus(&b->ref, u.a.alpha_o.val, b->body[0].x - R * sin(u.a.phi_o.val), 0, 0);
  add_meniscus(&b->ref, u.b.alpha_o.val, b->body[1].x + R * sin(u.b.phi_o.val), W, 0);
  return CAP_SUCCESS;
}

static int pair_end(exp_scene *sc, void *user)
{
  pair_run *b = user;
  cyl_pair_result *out = b->out;
  const cap_ns_state *s = sc->s;
  out->t_end = s->t;
  for (int k = 0; k < 2; k++)
    out->fx[k] = out->fx_sd[k] = out->fy[k] = out->fx_mom[k] = out->zc[k] = out->phi_out[k] = out->phi_in[k] =
        out->theta_out[k] = out->theta_in[k] = out->z_wall[k] = out->drift[k] = NAN;
  if (out->sank) return CAP_SUCCESS;
  double y_ref, zl, zr;
  int st = exp_zero_pressure_level(&sc->g, s->phi, s->p, cap_vsurf_cells(sc->vs), 0, sc->g.nx, 1, &y_ref);
  for (int k = 0; k < 2 && !st; k++) {
    const cap_body *bk = &b->body[k];
    if ((st = force_of(sc, k, bk->x, bk->y, &b->F[k]))) return st;
    out->fx[k] = limit_of(&b->m.fx[k], &out->fx_sd[k]);
    out->fx_mom[k] = limit_of(&b->m.mom[k], NULL);
    out->fy[k] = b->F[k].fy;
    out->zc[k] = (exp_heave_mean(b->m.ys[k].f, (int)b->m.ys[k].n, bk->y) - y_ref) / b->R;
    out->drift[k] = fabs(bk->y / b->R - b->m.prev[k]);
    /* a's inner contact is on its right, b's on its left */
    contacts(&b->F[k], bk->x, bk->y, k == 0, (double *[]){&out->phi_in[k], &out->phi_out[k]},
             (double *[]){&out->theta_in[k], &out->theta_out[k]});
  }
  if (!st) st = exp_surface_height(&sc->g, s->phi, 0, &zl);
  if (!st) st = exp_surface_height(&sc->g, s->phi, sc->g.nx - 1, &zr);
  if (st) return st;
  out->z_wall[0] = zl - y_ref;
  out->z_wall[1] = zr - y_ref;
  return pair_menisci(b, y_ref, sc->g.nx * sc->g.h);
}

int cyl_run_pair(exp_ctx *ctx, double cells, const cyl_pair_run *r, cyl_pair_result *out, exp_run *run)
{
  const double R = sqrt(r->bo), h = R / cells, A = M_PI * R * R;
  if (r->sep - 2 * R < 12 * h)
    return CAP_ERROR(CAP_EDOM, "cylinder pair: centre distance %.4g l_c, less than 2 R + 12 cells (%.4g)", r->sep,
                     2 * R + 12 * h);
  const double xc[2] = {r->reach[0] + R, r->reach[0] + R + r->sep};
  double Y = CYL_MIN_DEPTH, top = 0;
  for (int k = 0; k < 2; k++) {
    Y = fmax(Y, fmax(CYL_FLOOR_CLEAR, 6 * h) + R - r->zc_plan[k] * R + R);
    top = fmax(top, fmax(fmax(r->zc_plan[k] * R + R, r->h_plan[k] * R), 0));
  }
  int nx = box_cells(xc[1] + R + r->reach[1], h);
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
  const double th[2] = {r->theta[0] * M_PI / 180, r->theta[1] * M_PI / 180};
  cap_solid *disc[2] = {NULL, NULL}, *solid = NULL;
  exp_scene *sc = NULL;
  int st = CAP_SUCCESS;
  for (int k = 0; k < 2 && !st; k++) st = cap_solid_disc_alloc(&disc[k], xc[k], y0[k], R);
  if (!st) st = cap_solid_union_alloc(&solid, 2, (const cap_solid *const *)disc);
  for (int k = 0; k < 2; k++) cap_solid_free(disc[k]);
  if (!st) st = cyl_bath(&sc, nx, (int)ceil(top / h), h, solid, th[0], r->nu, CYL_REINIT_EVERY);
  if (st) return st;
  pair_run b = {.r = r, .out = out, .R = R, .im = (int)floor(0.5 * (xc[0] + xc[1]) / h)};
  b.m.clock = (exp_clock){0, CYL_HISTORY_DT, 1};
  b.m.prev[0] = b.m.prev[1] = NAN;
  st = cap_contact_set_part_angles(sc->ct, th, 2);
  /* each free vertically, with the added-mass estimate rho pi R^2 (see cyl_run_body) */
  for (int k = 0; k < 2 && !st; k++) st = cap_body_init(&b.body[k], r->density[k] * A, A, 0, 1, xc[k], y0[k]);
  exp_scene_set_phi(sc, exp_flat_phi, &yl);
  if (!st)
    b.m.hist = exp_tsv(ctx,
                       "t[sqrt(l_c/g)]\ty_a[l_c]\ty_b[l_c]\tv_a[sqrt(g l_c)]\tv_b[sqrt(g l_c)]\tfx_a[sigma]\t"
                       "fx_b[sigma]\tU[sqrt(g l_c)]",
                       "history_%s.tsv", r->tag);
  out->sank = 0;
  exp_loop L = {.label = r->label, .t_end = r->t_end, .after = pair_after, .user = &b};
  samples_keep(&L, &b.m);
  EXP_KEEP_ADD(&L, EXP_KEEP(b.body), EXP_KEEP(b.F), EXP_KEEP(*out));
  return run_scene(ctx, sc, st, &b.m, &L, pair_end, &b.ref, r->snap, r->tag, run);
}
