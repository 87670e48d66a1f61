/* static_drop: Laplace's law for a drop at rest, and the decay of its spurious currents.
 *
 * Claim: a 2D drop at rest carries the Laplace pressure jump sigma/R, its curvature converges at
 *   second order, and the parasitic currents of the sharp (ghost-fluid) surface tension die away
 *   instead of stirring the drop: the classic static-drop test (Popinet 2009, Sec. 5.1, after
 *   Popinet & Zaleski 1999) applied to the free-surface solver of Wang, Mucha & Turk (2005, Sec. 3-4).
 *   [refs.bib: popinet2009accurate, popinet1999front, wang2005water]
 * Setup: a circular drop of diameter D = 1 in a void, at rest, zero gravity, in a walled square box
 *   of side 2D; units sigma = rho = D = 1 (time in sqrt(rho D^3/sigma)); the Laplace number
 *   La = sigma rho D / mu^2 (--la, default 12000) sets mu. The drop's centre sits on a symmetry
 *   point of the grid: off it, a drop in a void drifts (nothing damps a rigid translation, and the
 *   discrete tension's net force is O(h^2), not 0: docs/design/experiments-static_drop.md).
 *   Resolutions D/h = 12.8, 25.6, 51.2 (quick: 12.8, 25.6; --full adds 102.4), each run to t = 4.
 *   At 25.6 cells the drop is also run to the viscous time
 *   t = D^2/mu (rho = 1), for La = 120, 1200 and --la (quick: --la only).
 *   --geometry axi: the same for a spherical drop centred on the axis of an axisymmetric (r, z) grid,
 *   r in [0, D], z in [0, 2D] (outputs in static_drop-axi/). --geometry 3d: the sphere in 3D, one octant
 *   [0, D]^3 of the box of side 2D, its three symmetry planes free-slip walls at 90 degrees (exact
 *   mirrors), D/h = 12.8, 25.6, 38.4 (quick: 12.8, 25.6; --full adds 51.2), the long runs at the
 *   coarsest level (static_drop-3d/; the planes hold the centre: it cannot drift).
 * Reference: Laplace's law dp = sigma/R (2D) or 2 sigma/R (sphere) (analytic/capref_laplace.h), kappa
 *   the same over sigma; the exact solution has no flow.
 * Metric: dp_err = |<p> - dp| / dp, <p> the mean pressure of the liquid cells within R/2 of the centre;
 *   kappa_err = max over interface crossings |kappa - kappa_ref| / kappa_ref; shape_err = max over crossings
 *   |r - R|/R, r the crossing's distance from the drop's centre; U = max |u| over the faces next to
 *   liquid, in sqrt(sigma/D).
 * Acceptance: dp_err <= 0.5 % at 25.6 cells (the figure); U at t = D^2/mu for La = --la at
 *   most 1e-12 (planar: Basilisk's static drop reaches 1.7e-14 [basilisk_spurious]) or 1e-5 (axi: the
 *   sphere still relaxes, 9e-12 at La = 12000; 3D: reported, the issue asks no bound), and decaying (the largest U over the last tenth of
 *   the run below that over [0.1, 0.2] of it); observed orders of kappa_err (the figure, 1.5),
 *   dp_err and shape_err >= 1.5. Envelope (envelope.h): --la from 30 (below, the drop's slowest mode,
 *   overdamped, is still relaxing at t = D^2/mu: 7e-11 at La = 14.6) to 4e4 (the sphere's shape is
 *   still ringing at t = 4: its curvature's order falls to 1.66 at 4e4 and 1.38 at 9.9e4). Every pressure solve goes to a relative residual of 1e-14 (PTOL):
 *   the solver's default, 1e-10, leaves currents of 1e-10 (docs/design/experiments-static_drop.md).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../analytic/capref_laplace.h"
#include "../solver/cap_errno.h"
#include "../solver/cap_levelset.h"
#include "scene.h"

enum { P_LA, P_TSWEEP };
enum { M_DP, M_KAPPA, M_SHAPE, M_U };
#define PTOL 1e-14 /* the pressure solve's relative residual: a drop at rest is solved to rounding */

typedef struct {
  double xc, yc, zc, R; /* the drop's centre and radius */
  double u_max;         /* the largest U over the steps of a run */
} drop;

/* A drop of diameter 1 on a grid of `cells` cells per diameter, box of side 2 (AXI: the sphere on the
 * axis, r in [0, 1], z in [0, 2]; 3D: the octant [0, 1]^3 of the box, its three symmetry planes free-slip
 * walls at 90 degrees); La = sigma rho D / mu^2 sets mu, sigma = rho = 1, no gravity. */
static int drop_setup(exp_scene **sc, drop *d, double la, double cells, cap_geometry geom)
{
  double h = 1.0 / cells;
  int n = (int)ceil(2 * cells), axi = geom == CAP_GEOM_AXI, d3 = geom == CAP_GEOM_3D;
  exp_scene_spec spec = {.geom = geom, .nx = axi || d3 ? n / 2 : n, .ny = d3 ? n / 2 : n, .nz = n / 2, .h = h};
  for (int k = 0; d3 && k < 3; k++) spec.bc[2 * k] = CAP_BC_SLIP, spec.angle[2 * k] = M_PI / 2;
  int st = exp_scene_alloc(sc, &spec);
  if (st) return st;
  d->R = 0.5;
  d->xc = axi || d3 ? 0 : n * h / 2;
  d->yc = d3 ? 0 : n * h / 2;
  d->zc = 0;
  if (d3)
    exp_scene_sphere(*sc, 0, 0, 0, d->R);
  else
    exp_scene_circle(*sc, d->xc, d->yc, d->R);
  exp_scene_fluid(*sc, (exp_fluid){.rho = 1, .sigma = 1, .mu = sqrt(1.0 / la)});
  (*sc)->p.ptol = PTOL;
  return CAP_SUCCESS;
}

/* The metrics of the current state. */
static int measure(exp_scene *sc, const drop *d, double *m)
{
  cap_ns_state *s = sc->s;
  const cap_grid *g = &s->g;
  capref_result dp;
  int n = 0, st = capref_laplace_jump(g->geom == CAP_GEOM_PLANAR ? CAPREF_2D : CAPREF_3D, 1.0, d->R, &dp);
  double kref = dp.val; /* sigma = 1: the curvature (sum) is the jump */
  if (!st) st = cap_levelset_curvature(g, sc->ct, s->phi, s->kappa);
  if (!st) st = exp_scene_crossings(sc, 1, &n);
  if (st) return st;
  double psum = 0, kmax = 0, rmax = 0;
  long cells = 0;
  const int d3 = g->dim == 3;
  for (int k = 0; k < (d3 ? g->nz : 1); k++)
    for (int j = 0; j < g->ny; j++)
      for (int i = 0; i < g->nx; i++) {
        size_t c = d3 ? cap_grid_idx3(g, i, j, k) : cap_grid_idx(g, i, j);
        double z = d3 ? cap_grid_zc(g, k) - d->zc : 0;
        if (s->phi[c] < 0 && hypot(hypot(cap_grid_xc(g, i) - d->xc, cap_grid_yc(g, j) - d->yc), z) < d->R / 2) {
          psum += s->p[c];
          cells++;
        }
      }
  for (int k = 0; k < n; k++) {
    const exp_crossing *c = &sc->cross[k];
    kmax = fmax(kmax, fabs(c->kappa - kref) / kref);
    rmax = fmax(rmax, fabs(hypot(hypot(c->x - d->xc, c->y - d->yc), c->z - d->zc) - d->R) / d->R);
  }
  m[M_DP] = fabs(psum / cells - dp.val) / dp.val;
  m[M_KAPPA] = kmax;
  m[M_SHAPE] = rmax;
  return CAP_SUCCESS;
}

static int track_u(exp_scene *sc, void *user)
{
  drop *d = user;
  d->u_max = fmax(d->u_max, sc->info.max_speed);
  return CAP_SUCCESS;
}

static int run_level(exp_ctx *ctx, const double *par, double cells, exp_run *out)
{
  exp_scene *sc;
  drop d = {0};
  int st = drop_setup(&sc, &d, par[P_LA], cells, exp_geometry(ctx));
  if (st) return st;
  char label[64];
  snprintf(label, sizeof label, "%g cells", cells);
  st = exp_scene_run(ctx, sc, &(exp_loop){.label = label, .t_end = par[P_TSWEEP]});
  out->metric[M_U] = sc->info.max_speed;
  if (!st) st = measure(sc, &d, out->metric);
  exp_scene_account(sc, out);
  exp_scene_free(sc);
  return st;
}

/* The final state: the drop over Laplace's circle (the snapshot drop.png; AXI: the half circle, mirrored
 * with the drop; 3D: slice.png and surface.png, the octant mirrored to the whole sphere), its phi, speed
 * and pressure at the cell centres (fields.dat, rows of the grid separated by blank lines:
 * plots/static_drop.gp maps the speed) and the VTK file. */
static int snapshots(exp_ctx *ctx, const exp_scene *sc, const drop *d)
{
  const cap_ns_state *s = sc->s;
  const cap_grid *g = &s->g;
  const char *names[2] = {"phi", "p"};
  const double *fields[2] = {s->phi, s->p};
  if (g->dim == 3) { /* the plane of cells next to the symmetry plane z = 0, the sphere, the VTK file */
    int st = cap_io_png_slice(exp_path(ctx, "slice.png"), g, s->phi, CAP_AXIS_Z, 0, -0.5, 0.5, CAP_CMAP_DIVERGING,
                              s->phi, 24);
    if (!st) st = exp_png_surface(ctx, "surface.png", g, s->phi, EXP_MIRROR_X | EXP_MIRROR_Y | EXP_MIRROR_Z);
    return st ? st : cap_io_vtk(exp_path(ctx, "final.vti"), g, exp_provenance(ctx), 2, names, fields, s->u, s->v, s->w);
  }
  enum { NC = 129 };
  const int axi = g->geom == CAP_GEOM_AXI, np = NC;
  double x[NC], y[NC];
  for (int k = 0; k < NC; k++) {
    double a = axi ? M_PI * ((double)k / (NC - 1) - 0.5) : 2 * M_PI * k / (NC - 1);
    x[k] = d->xc + d->R * cos(a);
    y[k] = d->yc + d->R * sin(a);
  }
  int st = exp_scene_png(ctx, sc, "drop.png", 0.5, 6);
  if (!st) st = exp_snapshot_ref(ctx, "drop", "the circle of radius R (Laplace)", 1, &np, x, y);
  cap_file *out = st ? NULL : cap_io_file_open(exp_path(ctx, "fields.dat"), "w");
  if (!st && !out) st = CAP_EIO;
  if (out) {
    FILE *f = cap_io_file_stream(out);
    cap_io_write_provenance(f, exp_provenance(ctx));
    fprintf(f, "# the final state at t = %.9g, rows of the grid separated by a blank line\n", s->t);
    fprintf(f, "# columns: x\ty\tphi\tspeed[sqrt(sigma/D)]\tp[sigma/D]\n");
    for (int j = 0; j < g->ny; j++) {
      for (int i = 0; i < g->nx; i++) {
        size_t c = cap_grid_idx(g, i, j);
        double speed = hypot(0.5 * (s->u[c] + s->u[c + 1]), 0.5 * (s->v[c] + s->v[c + g->sy]));
        fprintf(f, "%.7g\t%.7g\t%.7g\t%.7g\t%.9g\n", cap_grid_xc(g, i), cap_grid_yc(g, j), s->phi[c], speed, s->p[c]);
      }
      fprintf(f, "\n");
    }
    st = cap_io_file_close(out, CAP_SUCCESS);
  }
  if (!st) st = cap_io_vtk(exp_path(ctx, "final.vti"), g, exp_provenance(ctx), 2, names, fields, s->u, s->v, NULL);
  return st;
}

/* The long run to the viscous time at one Laplace number: U(t) series (about 400 rows), final U and
 * the decay ratio (the largest U over [0.9, 1] t_visc against the largest over [0.1, 0.2] t_visc);
 * snapshots of the final state at La = --la. */
static int long_run(exp_ctx *ctx, const double *par, double cells, double la, double *u_end, double *decay)
{
  exp_scene *sc;
  drop d = {0};
  int st = drop_setup(&sc, &d, la, cells, exp_geometry(ctx));
  if (st) return st;
  double t_visc = 1.0 / sc->p.mu; /* D^2 rho / mu with D = rho = 1 */
  char label[64];
  snprintf(label, sizeof label, "La = %g to t = D^2/mu = %.4g", la, t_visc);
  exp_loop L = {
      .label = label, .after = track_u, .user = &d, .value = &sc->info.max_speed, .keep = {EXP_KEEP(d.u_max)}};
  L.clock.every = t_visc / 400;
  if (!(L.series = exp_tsv(ctx, "t[sqrt(rho D^3/sigma)]\tU[sqrt(sigma/D)]", "velocity_La%g.tsv", la))) st = CAP_EIO;
  double early = NAN, late = NAN;
  const double marks[4] = {0.1, 0.2, 0.9, 1.0};
  for (int k = 0; k < 4 && !st; k++) {
    L.t_end = marks[k] * t_visc;
    L.clock.next = sc->s->t;
    d.u_max = 0;
    st = exp_scene_run(ctx, sc, &L);
    if (k == 1) early = d.u_max;
    if (k == 3) late = d.u_max;
  }
  st = exp_tsv_end(L.series, st);
  *u_end = sc->info.max_speed;
  *decay = early > 0 ? late / early : NAN;
  if (!st && la == par[P_LA]) st = snapshots(ctx, sc, &d);
  exp_scene_free(sc);
  return st;
}

static int finish(exp_ctx *ctx, const double *par, const exp_run *runs, int n)
{
  /* the pressure jump is judged at 25.6 cells (or the finest level below), and the long runs to
   * the viscous time go at that level too (12.8 cells across do not hold the drop still:
   * docs/design/experiments-static_drop.md); in 3D at the coarsest, the symmetry planes holding the
   * sphere's centre at the corner */
  int a = exp_level_at(runs, n, 25.6), d3 = exp_geometry(ctx) == CAP_GEOM_3D;
  int quick = strcmp(exp_mode(ctx), "quick") == 0;
  double cells = runs[a].cells;
  for (int k = 0; d3 && k < n; k++) cells = fmin(cells, runs[k].cells);
  double las[3] = {120, 1200, par[P_LA]};
  double u_end = NAN, decay = NAN;
  for (int k = quick ? 2 : 0; k < 3; k++) {
    if (k < 2 && las[k] == par[P_LA]) continue;
    double u, dr;
    int st = long_run(ctx, par, cells, las[k], &u, &dr);
    if (st) return st;
    exp_result(ctx, k == 0 ? "U_end_La120" : (k == 1 ? "U_end_La1200" : "U_end"), u);
    if (k == 2) {
      u_end = u;
      decay = dr;
    }
  }
  exp_result(ctx, "long_run_cells", cells);
  exp_result(ctx, "acceptance_cells", runs[a].cells);
  exp_result(ctx, "dp_err", runs[a].metric[M_DP]);
  exp_result(ctx, "kappa_err", runs[a].metric[M_KAPPA]);
  exp_result(ctx, "shape_err", runs[a].metric[M_SHAPE]);
  exp_result(ctx, "order_kappa", exp_order(runs, n, M_KAPPA));
  exp_result(ctx, "order_dp", exp_order(runs, n, M_DP));
  exp_checkf(ctx, runs[a].metric[M_DP], 1, 0.005, "pressure-jump error |dp - dp_ref|/dp_ref at %g cells",
             runs[a].cells);
  if (!d3) /* 3D: reported, and its decay judged */
    exp_checkf(ctx, u_end, 1, exp_geometry(ctx) == CAP_GEOM_AXI ? 1e-5 : 1e-12,
               "spurious velocity U sqrt(D/sigma) at t = D^2/mu, La = %g, %g cells", par[P_LA], cells);
  exp_check(ctx, "spurious velocity decays: max U over [0.9, 1] D^2/mu / max U over [0.1, 0.2] D^2/mu", decay, 1, 1.0);
  if (n >= 2) {
    /* every curve of the convergence figure has its order asserted; 1.5 is the figure for
     * the curvature, applied to the pressure jump and the shape as well (second-order scheme) */
    exp_check(ctx, "observed order of the curvature error", exp_order(runs, n, M_KAPPA), 0, 1.5);
    exp_check(ctx, "observed order of the pressure-jump error", exp_order(runs, n, M_DP), 0, 1.5);
    exp_check(ctx, "observed order of the shape error", exp_order(runs, n, M_SHAPE), 0, 1.5);
  }
  return CAP_SUCCESS;
}

static const exp_def def = {
    .name = "static_drop",
    .claim = "A drop at rest keeps the Laplace pressure jump (sigma/R in 2D, 2 sigma/R for a sphere) and its spurious "
             "currents decay.",
    .source = "static-drop test of Popinet (2009) Sec. 5.1 [popinet2009accurate]; solver of Wang, Mucha & Turk (2005) "
              "[wang2005water]",
    .reference = "Laplace's law dp = sigma/R (2 sigma/R for the sphere of --geometry axi and 3d), no flow",
    .run_level = run_level,
    .finish = finish,
    .axi = 1, /* --geometry axi: the sphere, 2 sigma / R */
    .params = {{"la", "", "Laplace number sigma rho D / mu^2", 12000, 30, 4e4, EXP_ENVELOPE_LOG},
               {"t-sweep", "sqrt(rho D^3/sigma)", "time each resolution of the sweep runs", 4, 0, 100,
                CAP_CLI_LO_OPEN}},
    .quick = {12.8, 25.6},
    .standard = {12.8, 25.6, 51.2},
    .full = {12.8, 25.6, 51.2, 102.4},
    .quick3d = {12.8, 25.6},
    .standard3d = {12.8, 25.6, 38.4},
    .full3d = {12.8, 25.6, 38.4, 51.2},
    .metrics = {{"dp_err", "", "relative error of the pressure jump"},
                {"kappa_err", "", "max |kappa - 1/R| R over the interface crossings"},
                {"shape_err", "", "max |r - R|/R over the interface crossings"},
                {"U", "sqrt(sigma/D)", "max speed next to the liquid at the end of the sweep run"}},
};

int main(int argc, char **argv) { return exp_main(&def, argc, argv); }
