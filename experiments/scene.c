#include "scene.h"

#include <stdlib.h>

#include "../solver/cap_errno.h"
#include "../solver/cap_levelset.h"

void exp_scene_free(exp_scene *sc)
{
  if (!sc) return;
  cap_ns_state_free(sc->s); cap_ns_ws_free(sc->w); cap_force_ws_free(sc->fw);
  cap_vsurf_free(sc->vs); cap_solid_free(sc->solid);
  for (int k = 0; k < 4; k++) free(sc->wall_angle[k]);
  free(sc->pinned); free(sc->cross); free(sc->work); free(sc);
}

/* The grid of spec: its sides, angles and varying angles. */
static int scene_grid(exp_scene *sc, const exp_scene_spec *spec)
{
  cap_grid *g = &sc->g;
  int st = cap_grid_init(g, spec->geom, spec->nx, spec->ny, 1, spec->h, spec->x0, spec->y0, 0, 3);
  for (int k = 0; k < 4 && !st; k++)
    if (spec->bc[k] != CAP_BC_WALL) st = cap_grid_set_bc(g, (cap_side)k, spec->bc[k]);
  for (int k = 0; k < 4 && !st; k++)
    if (spec->angle[k] != 0) st = cap_grid_set_contact_angle(g, (cap_side)k, spec->angle[k]);
  for (int k = 0; k < 4 && !st; k++) {
    if (!(spec->varying & 1u << k)) continue;
    int len = (k < 2 ? g->ny : g->nx) + 2 * g->ng;
    if (!(sc->wall_angle[k] = malloc((size_t)len * sizeof *sc->wall_angle[k])))
      return CAP_ERROR(CAP_ENOMEM, "scene: %d contact angles along side %d", len, k);
    for (int t = 0; t < len; t++) sc->wall_angle[k][t] = spec->angle[k];
    st = cap_grid_set_wall_angles(g, (cap_side)k, sc->wall_angle[k]);
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
  if (!st && sc->solid) st = cap_vsurf_alloc(&sc->vs, &sc->g, sc->solid, spec->solid_angle);
  if (!st) st = cap_ns_state_alloc(&sc->s, &sc->g);
  if (!st) st = cap_ns_ws_alloc(&sc->w, &sc->g);
  if (!st && spec->force) st = cap_force_ws_alloc(&sc->fw, &sc->g);
  if (!st && sc->solid && !(sc->work = cap_grid_field_alloc(&sc->g)))
    st = CAP_ERROR(CAP_ENOMEM, "scene: a work field of %zu cells", sc->g.size);
  sc->cross_cap = 4 * (spec->nx + spec->ny) + 16;
  if (!st && !(sc->cross = malloc((size_t)sc->cross_cap * sizeof *sc->cross)))
    st = CAP_ERROR(CAP_ENOMEM, "scene: room for %d interface crossings", sc->cross_cap);
  if (!st && spec->pinned && !(sc->pinned = calloc(sc->g.size, 1)))
    st = CAP_ERROR(CAP_ENOMEM, "scene: a pinned-cell mask of %zu cells", sc->g.size);
  if (st) {
    exp_scene_free(sc);
    return st;
  }
  sc->p = cap_ns_params_default();
  sc->p.vsurf = sc->vs;
  sc->p.pinned = sc->pinned;
  *out = sc;
  return CAP_SUCCESS;
}

void exp_scene_fluid(exp_scene *sc, double rho, double sigma, double mu, double gx, double gy)
{
  sc->p.rho = rho;
  sc->p.sigma = sigma;
  sc->p.mu = mu;
  sc->p.gx = gx;
  sc->p.gy = gy;
}

void exp_scene_set_phi(exp_scene *sc, double (*f)(double x, double y, const void *user), const void *user)
{
  const cap_grid *g = &sc->g;
  for (int j = 0; j < g->ny; j++)
    for (int i = 0; i < g->nx; i++) sc->s->phi[cap_grid_idx(g, i, j)] = f(cap_grid_xc(g, i), cap_grid_yc(g, j), user);
}

int exp_scene_reinit(exp_scene *sc, int iterations)
{
  cap_levelset_ws *ls = cap_levelset_ws_alloc(&sc->g);
  int st = ls ? cap_levelset_reinit(&sc->g, sc->s->phi, iterations, ls) : CAP_ENOMEM;
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
  if (!st && L->series && L->row && (always || exp_clock_due(clock, sc->s->t))) {
    double row[16];
    int n = L->row(sc, L->user, row);
    st = cap_io_tsv_row(L->series, n, row);
  }
  return st;
}

int exp_scene_run(exp_ctx *ctx, exp_scene *sc, const exp_loop *L)
{
  cap_ns_state *s = sc->s;
  exp_clock clock = L->clock;
  sc->info = (cap_ns_step_info){0};
  sc->t_end = L->t_end;
  sc->stop = 0;
  int st = L->at_start ? sample(sc, L, &clock, 1) : CAP_SUCCESS;
  while (!st && !sc->stop && s->t < sc->t_end) {
    if (L->before && ((st = L->before(sc, L->user)) || sc->stop)) break;
    int done = 0;
    st = cap_ns_step_until(s, &sc->p, sc->w, sc->t_end, &sc->info, &done);
    if (st || done) break;
    st = sample(sc, L, &clock, 0);
    exp_progress(ctx, L->label, s->t, sc->t_end, s->step);
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
  return cap_levelset_fluid_measure(&sc->g, sc->s->phi, sc->vs, sc->work, measure);
}

void exp_scene_account(const exp_scene *sc, exp_run *run)
{
  exp_run_add(run, sc->g.h, sc->s->step, sc->s->t, (long)sc->g.nx * sc->g.ny);
}

int exp_scene_png(exp_ctx *ctx, const exp_scene *sc, const char *file, double range, int scale)
{
  const cap_ns_state *s = sc->s;
  if (sc->vs) return exp_png_with_solid(ctx, file, &s->g, s->phi, cap_vsurf_cells(sc->vs), range, scale);
  return cap_io_png_field(exp_path(ctx, file), &s->g, s->phi, -range, range, CAP_CMAP_DIVERGING, s->phi, scale);
}

/* ---- added for the cylinder scenes and capillary_rise ---- */

double exp_flat_phi(double x, double y, const void *level)
{
  (void)x;
  return y - *(const double *)level;
}
