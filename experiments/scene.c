#include "scene.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../analytic/capref_statics.h"
#include "../solver/cap_errno.h"
#include "../solver/cap_levelset.h"
#include "../solver/cap_ws.h"
#include "checkpoint.h"

void exp_scene_free(exp_scene *sc)
{
  if (!sc) return;
  cap_ns_state_free(sc->s);
  cap_ns_ws_free(sc->w);
  cap_force_ws_free(sc->fw);
  cap_vsurf_free(sc->vs);
  cap_contact_free(sc->ct);
  cap_solid_free(sc->solid);
  CAP_FREE_ALL(sc->pinned, sc->cross, sc->work, sc);
}

/* The grid of spec with its sides, and the walls' angles and varying angles in sc->ct. */
static int scene_grid(exp_scene *sc, const exp_scene_spec *spec)
{
  cap_grid *g = &sc->g;
  const int d3 = spec->geom == CAP_GEOM_3D;
  int st = cap_grid_init(g, spec->geom, spec->nx, spec->ny, d3 ? spec->nz : 1, spec->h, spec->x0, spec->y0,
                         d3 ? spec->z0 : 0, 3);
  for (int k = 0; k < 2 * g->dim && !st; k++)
    if (spec->bc[k] != CAP_BC_WALL) st = cap_grid_set_bc(g, (cap_side)k, spec->bc[k]);
  if (!st) st = cap_contact_alloc(&sc->ct, g);
  for (int k = 0; k < 2 * g->dim && !st; k++)
    if (spec->angle[k] != 0) st = cap_contact_set_wall(sc->ct, (cap_side)k, spec->angle[k]);
  for (int k = 0; k < 4 && !st; k++) {
    double *along;
    if (spec->varying & 1u << k) st = cap_contact_wall_angles(sc->ct, (cap_side)k, &along);
  }
  return st;
}

int exp_scene_alloc(exp_scene **out, const exp_scene_spec *spec)
{
  *out = NULL;
  exp_scene *sc = calloc(1, sizeof *sc);
  if (!sc) {
    cap_solid_free(spec->solid);
    return CAP_ERROR(CAP_ENOMEM, "scene: cannot allocate the scene");
  }
  sc->solid = spec->solid;
  int st = scene_grid(sc, spec);
  if (!st && sc->solid) st = cap_contact_set_solid(sc->ct, sc->solid, spec->solid_angle);
  if (!st && sc->solid) st = cap_vsurf_alloc(&sc->vs, &sc->g, sc->solid);
  if (!st) st = cap_ns_state_alloc(&sc->s, &sc->g);
  if (!st) st = cap_ns_ws_alloc(&sc->w, &sc->g);
  if (!st && spec->force) st = cap_force_ws_alloc(&sc->fw, &sc->g);
  if (!st && sc->solid && !(sc->work = cap_grid_field_alloc(&sc->g)))
    st = CAP_ERROR(CAP_ENOMEM, "scene: a work field of %zu cells", sc->g.size);
  sc->cross_cap = spec->geom == CAP_GEOM_3D ? 4 * (spec->nx * spec->ny + spec->ny * spec->nz + spec->nz * spec->nx) + 16
                                            : 4 * (spec->nx + spec->ny) + 16;
  if (!st && !(sc->cross = malloc((size_t)sc->cross_cap * sizeof *sc->cross)))
    st = CAP_ERROR(CAP_ENOMEM, "scene: room for %d interface crossings", sc->cross_cap);
  if (!st && spec->pinned && !(sc->pinned = calloc(sc->g.size, 1)))
    st = CAP_ERROR(CAP_ENOMEM, "scene: a pinned-cell mask of %zu cells", sc->g.size);
  if (st) {
    exp_scene_free(sc);
    return st;
  }
  sc->p = cap_ns_params_default();
  sc->p.levelset_band = exp_levelset_band();
  sc->s->bounds.contact = sc->ct;
  sc->s->bounds.vsurf = sc->vs;
  sc->s->bounds.pinned = sc->pinned;
  *out = sc;
  return CAP_SUCCESS;
}

void exp_scene_fluid(exp_scene *sc, exp_fluid f)
{
  sc->p.rho = f.rho;
  sc->p.sigma = f.sigma;
  sc->p.mu = f.mu;
  sc->p.gx = f.gx;
  sc->p.gy = f.gy;
  sc->p.gz = f.gz;
}

void exp_scene_set_phi(exp_scene *sc, double (*f)(double x, double y, const void *user), const void *user)
{
  const cap_grid *g = &sc->g;
  for (int j = 0; j < g->ny; j++)
    for (int i = 0; i < g->nx; i++) sc->s->phi[cap_grid_idx(g, i, j)] = f(cap_grid_xc(g, i), cap_grid_yc(g, j), user);
}

static double circle_phi(double x, double y, const void *user)
{
  const double *c = user;
  return hypot(x - c[0], y - c[1]) - c[2];
}

void exp_scene_circle(exp_scene *sc, double xc, double yc, double r)
{
  exp_scene_set_phi(sc, circle_phi, (const double[]){xc, yc, r});
}

void exp_scene_sphere(exp_scene *sc, double xc, double yc, double zc, double r)
{
  const cap_grid *g = &sc->g;
  for (int k = 0; k < g->nz; k++)
    for (int j = 0; j < g->ny; j++)
      for (int i = 0; i < g->nx; i++) {
        double x = cap_grid_xc(g, i) - xc, y = cap_grid_yc(g, j) - yc, z = cap_grid_zc(g, k) - zc;
        sc->s->phi[cap_grid_idx3(g, i, j, k)] = sqrt(x * x + y * y + z * z) - r;
      }
}

int exp_scene_reinit(exp_scene *sc, int iterations)
{
  cap_levelset_ws *ls = NULL;
  int st = cap_levelset_ws_alloc(&ls, &sc->g);
  if (!st) st = cap_levelset_reinit(&sc->g, sc->ct, sc->s->phi, iterations, ls);
  cap_levelset_ws_free(ls);
  return st;
}

int exp_clock_due(exp_clock *c, double t)
{
  if (!(t >= c->next)) return 0;
  c->next = c->grid ? c->next + c->every : t + c->every;
  return 1;
}

/* The after hook and, if due (or `always`), the series row. */
static int sample(exp_scene *sc, const exp_loop *L, exp_clock *clock, int always)
{
  int st = L->after ? L->after(sc, L->user) : CAP_SUCCESS;
  if (!st && L->series && (L->row || L->value) && (always || exp_clock_due(clock, sc->s->t))) {
    double row[16] = {sc->s->t, L->value ? *L->value : NAN};
    int n = L->row ? L->row(sc, L->user, row) : 2;
    st = cap_io_tsv_row(L->series, n, row);
  }
  return st;
}

/* ---- the images of checkpoints ---- */

static int put_block(void *blob, const char *name, void *data, size_t size)
{
  return exp_blob_put(blob, name, data, size);
}
static int get_block(void *cursor, const char *name, void *data, size_t size)
{
  return exp_cursor_copy(cursor, name, data, size);
}

/* Visits the scene's running state (cap_state.h), the loop's kept blocks and frames and, if clock,
 * the loop's clock; restoring: the solid's cells are rebuilt from its restored placement before the
 * virtual surface is visited. */
static int scene_visit(exp_scene *sc, const exp_loop *L, exp_clock *clock, cap_state_fn f, void *u, int restoring)
{
  int st = cap_ns_state_visit(sc->s, f, u);
  if (!st) st = cap_contact_visit(sc->ct, f, u);
  if (!st && sc->solid) st = cap_solid_visit(sc->solid, f, u);
  if (!st && sc->vs && restoring) st = cap_vsurf_move(sc->vs, sc->solid);
  if (!st && sc->vs) st = cap_vsurf_visit(sc->vs, f, u);
  if (!st) st = f(u, "scene.params", &sc->p, sizeof sc->p);
  if (!st) st = f(u, "scene.info", &sc->info, sizeof sc->info);
  if (!st) st = f(u, "scene.given", &sc->given, sizeof sc->given);
  if (!st) st = f(u, "scene.t_end", &sc->t_end, sizeof sc->t_end);
  if (!st) st = f(u, "scene.stop", &sc->stop, sizeof sc->stop);
  if (!st && sc->pinned) st = f(u, "scene.pinned", sc->pinned, sc->g.size);
  for (int k = 0; k < EXP_MAX_KEEP && L->keep[k].data && !st; k++) st = f(u, "keep", L->keep[k].data, L->keep[k].size);
  for (int k = 0; k < EXP_MAX_KEEP && L->records[k] && !st; k++) {
    exp_record *r = L->records[k];
    long m = r->n;
    st = f(u, "record.n", &m, sizeof m);
    if (!st && restoring && (m < 0 || m > 1L << 27))
      return CAP_ERROR(CAP_EFORMAT, "checkpoint: a sampled series of %ld samples", m);
    if (!st && restoring) st = exp_record_reserve(r, m);
    if (!st) r->n = m;
    if (!st) st = f(u, "record.t", r->t, (size_t)m * sizeof *r->t);
    if (!st) st = f(u, "record.f", r->f, (size_t)m * sizeof *r->f);
  }
  exp_frames *fr = L->frames;
  int n = fr ? fr->n : 0;
  if (!st && fr) st = f(u, "frames.n", &n, sizeof n);
  if (!st && fr && (n < 0 || n > fr->cap))
    return CAP_ERROR(CAP_EFORMAT, "checkpoint: %d frames restored into a sequence of %d", n, fr->cap);
  if (!st && fr) fr->n = n;
  if (!st && fr) st = f(u, "frames.t", fr->t, sizeof fr->t);
  for (int k = 0; k < n && !st; k++) st = f(u, "frames.phi", fr->phi[k], sc->g.size * sizeof *fr->phi[k]);
  if (!st && clock) st = f(u, "clock", clock, sizeof *clock);
  return st;
}

/* The image of the scene run (scene_visit's blocks, then the open series) into *b. */
static int scene_image(exp_ctx *ctx, exp_scene *sc, const exp_loop *L, exp_clock *clock, exp_blob *b)
{
  int st = scene_visit(sc, L, clock, put_block, b, 0);
  if (!st) st = exp_series_save(ctx, b);
  if (st) exp_blob_free(b);
  return st;
}

/* Restores the scene run from its image; a mismatch is the checkpoint's (exp_ckpt_mismatch). */
static int scene_restore(exp_ctx *ctx, exp_scene *sc, const exp_loop *L, exp_clock *clock, exp_cursor *img)
{
  int st = scene_visit(sc, L, clock, get_block, img, 1);
  if (!st) st = exp_series_restore(ctx, img);
  if (!st && !exp_cursor_end(img))
    st = CAP_ERROR(CAP_EFORMAT, "checkpoint: the image of a scene run holds more than the run has");
  if (st) exp_ckpt_mismatch(ctx);
  return st;
}

void exp_loop_keep(exp_loop *L, const exp_keep *k, size_t n)
{
  size_t m = 0;
  while (m < EXP_MAX_KEEP && L->keep[m].data) m++;
  if (n > EXP_MAX_KEEP - m) {
    L->keep_lost = 1;
    return;
  }
  memcpy(L->keep + m, k, n * sizeof *k);
}

int exp_scene_run(exp_ctx *ctx, exp_scene *sc, const exp_loop *L)
{
  if (L->keep_lost)
    return CAP_ERROR(CAP_EINVAL, "scene run %s: more than %d blocks to keep (exp_loop_keep)", L->label, EXP_MAX_KEEP);
  cap_ns_state *s = sc->s;
  exp_clock clock = L->clock;
  sc->info = (cap_ns_step_info){0};
  sc->t_end = L->t_end;
  sc->stop = 0;
  exp_cursor img;
  const int kind = exp_ckpt_begin(ctx, &img);
  if (kind < 0) return CAP_ENOMEM;
  int st = kind ? scene_restore(ctx, sc, L, &clock, &img) : L->at_start ? sample(sc, L, &clock, 1) : CAP_SUCCESS;
  if (kind == 1) return st; /* finished before the checkpoint: restored as it ended */
  while (!st && !sc->stop && s->t < sc->t_end) {
    if (L->before && ((st = L->before(sc, L->user)) || sc->stop)) break;
    int done = 0;
    st = cap_ns_step_until(s, &sc->p, sc->w, sc->t_end, &sc->info, &done);
    if (st || done) break;
    sc->given += sc->info.area_given;
    st = sample(sc, L, &clock, 0);
    if (ctx) exp_progress(ctx, L->label, s->t, sc->t_end, s->step);
    if (!st && exp_ckpt_due(ctx)) {
      exp_blob b = {0};
      if (!(st = scene_image(ctx, sc, L, &clock, &b))) st = exp_ckpt_save(ctx, &b);
      exp_blob_free(&b);
    }
  }
  if (!st && exp_ckpt_on(ctx)) {
    exp_blob b = {0};
    if (!(st = scene_image(ctx, sc, L, &clock, &b))) st = exp_ckpt_finished(ctx, &b);
  }
  return st;
}

int exp_scene_crossings(exp_scene *sc, int with_kappa, int *n)
{
  const cap_ns_state *s = sc->s;
  return exp_crossings(&s->g, s->phi, with_kappa ? s->kappa : NULL, sc->vs ? cap_vsurf_cells(sc->vs) : NULL, sc->cross,
                       sc->cross_cap, n);
}

int exp_scene_liquid(exp_scene *sc, double *measure)
{
  return cap_levelset_fluid_measure(&sc->g, sc->ct, sc->s->phi, sc->vs, sc->work, measure);
}

void exp_scene_account(const exp_scene *sc, exp_run *run)
{
  exp_run_add(run, sc->g.h, sc->s->step, sc->s->t, (long)sc->g.nx * sc->g.ny * (sc->g.dim == 3 ? sc->g.nz : 1));
}

/* The stem of a file name "STEM.png" into stem (at most 151 characters); CAP_EINVAL otherwise. */
static int png_stem(const char *file, char *stem, size_t size)
{
  size_t len = strlen(file);
  if (len < 5 || strcmp(file + len - 4, ".png") != 0 || len - 4 >= size)
    return CAP_ERROR(CAP_EINVAL, "snapshot: \"%s\" is not a name STEM.png of at most %zu characters", file, size + 3);
  memcpy(stem, file, len - 4);
  stem[len - 4] = 0;
  return CAP_SUCCESS;
}

/* Whether the scene's snapshots are mirrored: its left side is the axis of an AXI grid. */
static int mirrored(const exp_scene *sc) { return sc->g.geom == CAP_GEOM_AXI && sc->g.x0 == 0; }

/* exp_snapshot of n frames of the scene's grid, with the solid's distance sampled at the cell centres
 * and mirrored across the axis (mirrored). */
static int scene_snapshot(exp_ctx *ctx, const exp_scene *sc, const char *file, int n, const double *const *phi,
                          const double *t)
{
  char stem[152];
  int st = png_stem(file, stem, sizeof stem);
  double *psi = NULL;
  if (!st && sc->solid && !(psi = cap_grid_field_alloc(&sc->g)))
    st = CAP_ERROR(CAP_ENOMEM, "snapshot %s: cannot allocate the solid's distance", file);
  if (!st && psi) st = cap_solid_sample(sc->solid, &sc->g, CAP_AT_CELL, psi);
  if (!st) st = exp_snapshot(ctx, stem, &sc->g, n, phi, t, psi, mirrored(sc));
  free(psi);
  return st;
}

int exp_scene_png(exp_ctx *ctx, const exp_scene *sc, const char *file, double range, int scale)
{
  const cap_ns_state *s = sc->s;
  const unsigned char *solid = sc->vs ? cap_vsurf_cells(sc->vs) : NULL;
  const double *phi = s->phi;
  int st = scene_snapshot(ctx, sc, file, 1, &phi, &s->t);
  if (st != CAP_ENOSOL) return st;
  if (solid) return exp_png_with_solid(ctx, file, &s->g, s->phi, solid, range, scale);
  return cap_io_png_field(exp_path(ctx, file), &s->g, s->phi, -range, range, CAP_CMAP_DIVERGING, s->phi, scale);
}

/* ---- closing a run; frame sequences ---- */

int exp_frames_alloc(exp_frames *f, const exp_scene *sc, int cap)
{
  if (cap < 1 || cap > EXP_MAX_FRAMES)
    return CAP_ERROR(CAP_EDOM, "frames: cap = %d is out of range: allowed 1 <= cap <= %d", cap, EXP_MAX_FRAMES);
  f->n = 0;
  for (f->cap = 0; f->cap < cap; f->cap++)
    if (!(f->phi[f->cap] = cap_grid_field_alloc(&sc->g)))
      return CAP_ERROR(CAP_ENOMEM, "frames: cannot allocate frame %d of %zu cells", f->cap, sc->g.size);
  exp_frames_take(f, sc);
  return CAP_SUCCESS;
}

void exp_frames_take(exp_frames *f, const exp_scene *sc)
{
  if (f->n >= f->cap) return;
  f->t[f->n] = sc->s->t;
  memcpy(f->phi[f->n++], sc->s->phi, sc->g.size * sizeof *sc->s->phi);
}

void exp_frames_free(exp_frames *f)
{
  for (int k = 0; k < f->cap; k++) free(f->phi[k]);
  *f = (exp_frames){0};
}

int exp_frames_png(exp_ctx *ctx, const exp_frames *f, const exp_scene *sc, double range, int scale, const char *fmt,
                   ...)
{
  char file[128];
  va_list ap;
  va_start(ap, fmt);
  int len = vsnprintf(file, sizeof file, fmt, ap);
  va_end(ap);
  if (len < 0 || (size_t)len >= sizeof file)
    return CAP_ERROR(CAP_EINVAL, "frames: the file name from \"%s\" is longer than %zu characters", fmt,
                     sizeof file - 1);
  const cap_grid *g = &sc->g;
  const int mirror = mirrored(sc), band = (mirror ? 2 : 1) * g->nx + 1, n = f->n;
  int st = scene_snapshot(ctx, sc, file, n, (const double *const *)f->phi, f->t);
  if (st != CAP_ENOSOL) return st;
  cap_grid q;
  st = cap_grid_init(&q, CAP_GEOM_PLANAR, g->ny, n * band, 1, g->h, 0, 0, 0, 1);
  if (st) return st;
  double *v = cap_grid_field_alloc(&q), *c = cap_grid_field_alloc(&q);
  if (!v || !c) st = CAP_ERROR(CAP_ENOMEM, "frames: cannot allocate an image of %zu cells", q.size);
  for (int k = 0; k < n && !st; k++)
    for (int b = 0; b < band; b++)
      for (int j = 0; j < g->ny; j++) {
        size_t o = cap_grid_idx(&q, j, (n - 1 - k) * band + b);
        /* mirrored: the mirrored half, then the half above; else the plane as it is */
        int i = !mirror ? b : b < g->nx ? g->nx - 1 - b : b - g->nx - 1;
        if (b == band - 1) {
          v[o] = NAN;
          c[o] = 1;
        } else
          v[o] = c[o] = f->phi[k][cap_grid_idx(g, i, j)];
      }
  if (!st) st = cap_io_png_field(exp_path(ctx, file), &q, v, -range, range, CAP_CMAP_DIVERGING, c, scale);
  free(v);
  free(c);
  return st;
}

void exp_scene_close(exp_scene *sc, exp_run *run)
{
  if (sc) exp_scene_account(sc, run);
  exp_scene_free(sc);
}

/* ---- baths ---- */

double exp_flat_phi(double x, double y, const void *level)
{
  (void)x;
  return y - *(const double *)level;
}

/* ---- drops on walls and solids ---- */

void exp_spec_box(exp_scene_spec *spec, double cells, double x0, double y0, double x1, double y1)
{
  spec->h = 1.0 / cells;
  spec->x0 = x0;
  spec->y0 = y0;
  spec->nx = (int)ceil((x1 - x0) * cells);
  spec->ny = (int)ceil((y1 - y0) * cells);
}

void exp_spec_box_rotated(exp_scene_spec *spec, double cells, double t0, double t1, double n0, double n1, double nx,
                          double ny)
{
  double x0 = INFINITY, y0 = INFINITY, x1 = -INFINITY, y1 = -INFINITY;
  for (int k = 0; k < 4; k++) {
    double t = k & 1 ? t1 : t0, n = k & 2 ? n1 : n0, x = t * ny + n * nx, y = -t * nx + n * ny;
    x0 = fmin(x0, x);
    x1 = fmax(x1, x);
    y0 = fmin(y0, y);
    y1 = fmax(y1, y);
  }
  exp_spec_box(spec, cells, x0, y0, x1, y1);
}

void exp_spec_floor_box(exp_scene_spec *spec, double cells, double width, double top, double theta)
{
  const int axi = spec->geom == CAP_GEOM_AXI, d3 = spec->geom == CAP_GEOM_3D;
  for (int k = 0; k < 6; k++) spec->bc[k] = k == CAP_XLO && axi ? CAP_BC_WALL : CAP_BC_SLIP;
  spec->angle[CAP_XLO] = axi ? 0 : M_PI / 2;
  spec->angle[d3 ? CAP_ZLO : CAP_YLO] = theta;
  exp_spec_box(spec, cells, 0, 0, width, top);
  if (d3) spec->nz = spec->ny, spec->ny = spec->nx, spec->angle[CAP_YLO] = M_PI / 2;
}

int exp_floor_drop_ref(cap_geometry geom, double theta, double measure, double bond, exp_floor_ref *r)
{
  const capref_dim dim = geom == CAP_GEOM_PLANAR ? CAPREF_2D : CAPREF_3D;
  capref_statics_cap_shape cap;
  capref_statics_drop_shape ses;
  int st = capref_statics_cap(dim, theta, measure, &cap);
  if (!st && bond > 0)
    st = capref_statics_sessile(dim, &(capref_fluid){.sigma = 1, .rho = 1, .g = bond}, theta, measure, &ses);
  if (st) return st;
  *r = bond > 0 ? (exp_floor_ref){cap.radius.val, ses.height.val, ses.half_width.val, ses.max_half_width.val}
                : (exp_floor_ref){cap.radius.val, cap.height.val, cap.half_width.val,
                                  theta > M_PI / 2 ? cap.radius.val : cap.half_width.val};
  return CAP_SUCCESS;
}

int exp_sessile_points(cap_geometry geom, double theta, double measure, double bond, double h, int n, double *x,
                       double *z)
{
  capref_result rx[1024], rz[1024];
  if (n < 2 || n > 1024) return CAP_ERROR(CAP_EDOM, "sessile points: n = %d, not 2 to 1024", n);
  int st = capref_statics_sessile_profile(geom == CAP_GEOM_PLANAR ? CAPREF_2D : CAPREF_3D,
                                          &(capref_fluid){.sigma = 1, .rho = 1, .g = bond}, theta, measure, (size_t)n,
                                          rx, rz, NULL);
  for (int k = 0; k < n && !st; k++) x[k] = rx[k].val, z[k] = h - rz[k].val;
  return st;
}

int exp_scene_wall_drop(exp_scene **sc, const exp_scene_spec *spec, double theta, double measure, double xc)
{
  capref_statics_cap_shape cap;
  int st = exp_scene_alloc(sc, spec);
  if (!st) st = capref_statics_cap(spec->geom == CAP_GEOM_PLANAR ? CAPREF_2D : CAPREF_3D, theta, measure, &cap);
  if (st) {
    exp_scene_free(*sc);
    *sc = NULL;
    return st;
  }
  if (spec->geom == CAP_GEOM_3D)
    exp_scene_sphere(*sc, xc, 0, -cap.radius.val * cos(theta), cap.radius.val);
  else
    exp_scene_circle(*sc, xc, -cap.radius.val * cos(theta), cap.radius.val);
  return CAP_SUCCESS;
}

void exp_scene_contact_line_solver(exp_scene *sc, double la, double gx, double gy)
{
  exp_scene_fluid(sc, (exp_fluid){.rho = 1, .sigma = 1, .mu = sqrt(1.0 / la), .gx = gx, .gy = gy});
  sc->p.extension_order = 1;
  sc->p.reinit_every = 10;
}

int exp_scene_drop_fit(exp_scene *sc, int mirror, exp_drop_fit *f)
{
  *f = (exp_drop_fit){0, NAN, NAN, NAN, NAN, NAN, NAN};
  int st = cap_levelset_fill_ghosts(&sc->g, sc->ct, sc->s->phi);
  if (!st) st = exp_scene_crossings(sc, 0, &f->n);
  if (sc->g.dim == 3) {
    if (!st && mirror) st = exp_drop_apex_foot3(sc->cross, f->n, &f->apex, &f->half_width);
    if (!st)
      st = exp_sphere_fit(sc->cross, f->n, mirror ? EXP_FIT_MIRROR_X | EXP_FIT_MIRROR_Y : 0, &f->xc, &f->yc, &f->zc,
                          &f->R);
    return st;
  }
  if (!st && mirror) st = exp_drop_apex_foot(sc->cross, f->n, &f->apex, &f->half_width);
  if (!st) st = exp_circle_fit(sc->cross, f->n, mirror, &f->xc, &f->yc, &f->R);
  return st;
}

int exp_scene_plane_drop(exp_scene **sc, double cells, double nx, double ny, double theta, double *R)
{
  const cap_bc slip = CAP_BC_SLIP;
  exp_scene_spec spec = {.bc = {slip, slip, slip, slip}, .solid_angle = theta};
  capref_statics_cap_shape cap;
  int st = capref_statics_cap(CAPREF_2D, theta, M_PI / 2, &cap);
  if (st) return st;
  *R = cap.radius.val;
  double W = (theta > M_PI / 2 ? cap.radius.val : cap.half_width.val) + 1.0, T = fmax(cap.height.val, 1.0) + 0.6;
  exp_spec_box_rotated(&spec, cells, -W, W, -0.4, T, nx, ny);
  if (!(st = cap_solid_halfplane_alloc(&spec.solid, 0, 0, nx, ny))) st = exp_scene_alloc(sc, &spec);
  if (!st) exp_scene_circle(*sc, 0, 0, 1.0);
  return st;
}

int exp_scene_disc_drop(exp_scene **sc, double cells, double Rs, double area, double theta, double *R)
{
  const cap_bc slip = CAP_BC_SLIP;
  exp_scene_spec spec = {.bc = {slip, slip, slip, slip}, .solid_angle = theta};
  capref_statics_disc_cap_shape dc;
  int st = capref_statics_cap_on_disc(theta, Rs, area, &dc);
  if (st) return st;
  *R = dc.radius.val;
  double x1 = fmax(dc.radius.val, 1.0) + 1.0, y1 = fmax(dc.distance.val + dc.radius.val, Rs + 1.0) + 0.7;
  exp_spec_box(&spec, cells, -x1, -0.5, x1, y1);
  if (!(st = cap_solid_disc_alloc(&spec.solid, 0, 0, Rs))) st = exp_scene_alloc(sc, &spec);
  if (!st) exp_scene_circle(*sc, 0, Rs, 1.0);
  return st;
}

typedef struct {
  double xc, yc, h, R, eps;
  int n, axi;
} mode_drop;

static double mode_radius(const mode_drop *o, double th)
{
  return o->R * (1 + o->eps * (o->axi ? exp_legendre(o->n, cos(th)) : cos(o->n * th)));
}

static double mode_drop_phi(double x, double y, const void *user)
{
  const mode_drop *o = user;
  x -= o->xc;
  y -= o->yc;
  double r = hypot(x, y), th = o->axi ? atan2(x, y) : atan2(y, x);
  double dr = (mode_radius(o, th + 1e-6) - mode_radius(o, th - 1e-6)) / 2e-6 / fmax(r, o->h);
  return (r - mode_radius(o, th)) / sqrt(1 + dr * dr);
}

void exp_scene_mode_drop(exp_scene *sc, double xc, double yc, double zc, double R, double eps, int n)
{
  const cap_grid *g = &sc->g;
  mode_drop o = {xc, yc, g->h, R, eps, n, g->geom != CAP_GEOM_PLANAR};
  if (g->dim < 3) {
    exp_scene_set_phi(sc, mode_drop_phi, &o);
    return;
  }
  o.xc = o.yc = 0; /* 3D: the AXI shape at (distance from the z axis, z) */
  for (int k = 0; k < g->nz; k++)
    for (int j = 0; j < g->ny; j++)
      for (int i = 0; i < g->nx; i++)
        sc->s->phi[cap_grid_idx3(g, i, j, k)] =
            mode_drop_phi(hypot(cap_grid_xc(g, i) - xc, cap_grid_yc(g, j) - yc), cap_grid_zc(g, k) - zc, &o);
}
