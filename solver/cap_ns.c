#include "cap_ns.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cap_advect.h"
#include "cap_errno.h"
#include "cap_ws.h"
#include "cap_fmm.h"
#include "cap_levelset.h"
#include "cap_par.h"
#include "cap_tension.h"
#include "cap_ns_impl.h"
#include "cap_viscosity.h"

cap_ns_params cap_ns_params_default(void)
{
  return (cap_ns_params){
      .rho = 998.2,
      .mu = 1.002e-3,
      .sigma = 0.0728,
      .cfl = 0.5,
      .method = CAP_POISSON_MG_PCG,
      .ptol = 1e-10,
      .pmaxit = 500,
      .vtol = 1e-10,
      .vmaxit = 500,
      .band = 5,
      .levelset_band = CAP_LEVELSET_BAND,
      .extension_order = 1,
      .reinit_every = 0,
      .reinit_iterations = 3,
      .curvature_order = 2,
      .viscosity_form = CAP_NS_VISCOSITY_STRESS,
  };
}

int cap_ns_params_check(const cap_ns_params *p)
{
  if (!p) return CAP_ERROR(CAP_EINVAL, "cap_ns_params_check: parameters are NULL");
  int s = cap_check_positive("rho", p->rho, "kg/m^3");
  if (!s) s = cap_check_nonneg("mu", p->mu, "Pa s");
  if (!s) s = cap_check_nonneg("sigma", p->sigma, "N/m");
  if (!s) s = cap_check_finite("gx", p->gx, "m/s^2");
  if (!s) s = cap_check_finite("gy", p->gy, "m/s^2");
  if (!s) s = cap_check_finite("gz", p->gz, "m/s^2");
  if (!s && !(p->cfl > 0 && p->cfl <= 1))
    s = CAP_ERROR(CAP_EDOM, "cfl = %g is out of range: allowed 0 < cfl <= 1", p->cfl);
  if (!s) s = cap_check_nonneg("dt_fixed", p->dt_fixed, "s");
  if (!s && p->method != CAP_POISSON_MIC_PCG && p->method != CAP_POISSON_MG_PCG)
    s = CAP_ERROR(CAP_EDOM, "method = %d is out of range: allowed MIC_PCG (0), MG_PCG (1)", (int)p->method);
  if (!s) s = cap_check_open("ptol", p->ptol, 0, 1, "");
  if (!s) s = cap_check_int_range("pmaxit", p->pmaxit, 1, 1 << 24);
  if (!s) s = cap_check_open("vtol", p->vtol, 0, 1, "");
  if (!s) s = cap_check_int_range("vmaxit", p->vmaxit, 1, 1 << 24);
  if (!s) s = cap_check_int_range("band", p->band, 2, 64);
  if (!s && p->levelset_band != 0 &&
      (p->levelset_band < CAP_LEVELSET_MIN_BAND || p->levelset_band > CAP_LEVELSET_MAX_BAND))
    s = CAP_ERROR(CAP_EDOM, "levelset_band = %d is out of range: allowed 0 (every cell) or %d to %d", p->levelset_band,
                  CAP_LEVELSET_MIN_BAND, CAP_LEVELSET_MAX_BAND);
  if (!s) s = cap_check_int_range("extension_order", p->extension_order, 1, 3);
  if (!s) s = cap_check_int_range("reinit_every", p->reinit_every, 0, 1 << 30);
  if (!s) s = cap_check_int_range("reinit_iterations", p->reinit_iterations, 1, 1000);
  if (!s) s = cap_check_int_range("air_projection", p->air_projection, 0, 1);
  if (!s) s = cap_check_int_range("reinit_keep_area", p->reinit_keep_area, 0, 1);
  if (!s && p->curvature_order != 2 && p->curvature_order != 4)
    s = CAP_ERROR(CAP_EDOM, "curvature_order = %d is out of range: allowed 2 or 4", p->curvature_order);
  if (!s) s = cap_check_nonneg("keep_area_target", p->keep_area_target, "m^2 or m^3");
  if (!s && p->viscosity_form != CAP_NS_VISCOSITY_STRESS && p->viscosity_form != CAP_NS_VISCOSITY_LAPLACIAN)
    s = CAP_ERROR(CAP_EDOM, "viscosity_form = %d is out of range: allowed STRESS (0), LAPLACIAN (1)",
                  (int)p->viscosity_form);
  return s;
}

/* Every field of every part's rigid motion finite (CAP_EDOM naming it, e.g. bounds.motion[0].u). */
static int check_bounds(const cap_ns_bounds *b)
{
  int s = CAP_SUCCESS;
  for (int k = 0; k < CAP_SOLID_MAX_PARTS && !s; k++) {
    const cap_ns_rigid *m = &b->motion[k];
    const double val[5] = {m->u, m->v, m->omega, m->cx, m->cy};
    static const char *const field[5] = {"u", "v", "omega", "cx", "cy"}, *const unit[5] = {"m/s", "m/s", "rad/s", "m",
                                                                                           "m"};
    for (int f = 0; f < 5 && !s; f++) {
      char name[40];
      snprintf(name, sizeof name, "bounds.motion[%d].%s", k, field[f]);
      s = cap_check_finite(name, val[f], unit[f]);
    }
  }
  return s;
}

static int check_grid(const cap_grid *g, const char *what)
{
  if (!g) return CAP_ERROR(CAP_EINVAL, "%s: grid is NULL", what);
  if (g->ng < 3) return CAP_ERROR(CAP_EDOM, "%s: nghost = %d is out of range: allowed nghost >= 3", what, g->ng);
  for (int k = 0; k < 2 * g->dim; k++)
    if (g->bc[k] == CAP_BC_OPEN)
      return CAP_ERROR(CAP_EGEOM, "%s: OPEN sides are not supported by the free-surface step yet", what);
  return cap_grid_check_bc(g);
}

int cap_ns_state_alloc(cap_ns_state **out, const cap_grid *g)
{
  if (!out) return CAP_ERROR(CAP_EINVAL, "cap_ns_state_alloc: out is NULL");
  *out = NULL;
  int s = check_grid(g, "cap_ns_state_alloc");
  if (s) return s;
  cap_ns_state *st = calloc(1, sizeof *st);
  if (!st) return CAP_ERROR(CAP_ENOMEM, "cannot allocate a flow state");
  st->g = *g;
  double **f[6] = {&st->phi, &st->u, &st->v, &st->p, &st->kappa, &st->w};
  for (int k = 0; k < (g->dim == 3 ? 6 : 5); k++)
    if (!(*f[k] = cap_grid_field_alloc(g))) {
      cap_ns_state_free(st);
      return CAP_ENOMEM;
    }
  *out = st;
  return CAP_SUCCESS;
}

void cap_ns_state_free(cap_ns_state *s)
{
  if (!s) return;
  CAP_FREE_ALL(s->phi, s->u, s->v, s->w, s->p, s->kappa, s);
}

int cap_ns_state_visit(cap_ns_state *s, cap_state_fn f, void *user)
{
  if (!s || !f) return CAP_ERROR(CAP_EINVAL, "cap_ns_state_visit: %s is NULL", !s ? "s" : "f");
  const size_t n = s->g.size * sizeof(double);
  int st = f(user, "ns.phi", s->phi, n);
  if (!st) st = f(user, "ns.u", s->u, n);
  if (!st) st = f(user, "ns.v", s->v, n);
  if (!st && s->g.dim == 3) st = f(user, "ns.w", s->w, n);
  if (!st) st = f(user, "ns.p", s->p, n);
  if (!st) st = f(user, "ns.kappa", s->kappa, n);
  if (!st) st = f(user, "ns.t", &s->t, sizeof s->t);
  if (!st) st = f(user, "ns.step", &s->step, sizeof s->step);
  if (!st) st = f(user, "ns.motion", s->bounds.motion, sizeof s->bounds.motion);
  return st;
}

int cap_ns_ws_alloc(cap_ns_ws **out, const cap_grid *g)
{
  if (!out) return CAP_ERROR(CAP_EINVAL, "cap_ns_ws_alloc: out is NULL");
  *out = NULL;
  int s = check_grid(g, "cap_ns_ws_alloc");
  if (s) return s;
  cap_ns_ws *w = calloc(1, sizeof *w);
  if (!w) return CAP_ERROR(CAP_ENOMEM, "cannot allocate a flow workspace");
  w->g = *g;
  s = cap_poisson_alloc(&w->poisson, g);
  /* 3D: one fast-marching workspace per thread, up to one per component (cap_ns3.c's extend) */
  const int nfmm = g->dim == 3 ? (cap_par_threads() < 3 ? cap_par_threads() : 3) : 2;
  for (int k = 0; k < nfmm && !s; k++) s = cap_fmm_ws_alloc(&w->fmm[k], g);
  if (!s) s = cap_levelset_ws_alloc(&w->ls, g);
  if (!s) s = cap_viscosity_ws_alloc(&w->visc, g);
  double **f[5] = {&w->u2, &w->v2, &w->phi_s[0], &w->phi_s[1], &w->rhs}; /* 3D: the first three, and w2 */
  for (int k = 0; k < (g->dim == 3 ? 3 : 5) && !s; k++)
    if (!(*f[k] = cap_grid_field_alloc(g))) s = CAP_ENOMEM;
  if (!s && g->dim == 3 && !(w->w2 = cap_grid_field_alloc(g))) s = CAP_ENOMEM;
  for (int k = 0; k < g->dim && !s; k++)
    if (!(w->known[k] = calloc(g->size, 1))) s = CAP_ERROR(CAP_ENOMEM, "cannot allocate the face masks");
  if (g->dim == 3) goto done; /* solids, pinned cells and the air band's projection: 2D only */
  if (!s && !(w->phi_f = cap_grid_field_alloc(g))) s = CAP_ENOMEM;
  if (!s && (!(w->xclosed = calloc(g->size, 1)) || !(w->yclosed = calloc(g->size, 1))))
    s = CAP_ERROR(CAP_ENOMEM, "cannot allocate the closed-face masks");
  if (!s && (!(w->phi_a = cap_grid_field_alloc(g)) || !(w->q = cap_grid_field_alloc(g))))
    s = CAP_ERROR(CAP_ENOMEM, "cannot allocate the air band's fields");
  if (!s && (!(w->axc = calloc(g->size, 1)) || !(w->ayc = calloc(g->size, 1)) ||
             !(w->queue = malloc(g->size * sizeof *w->queue))))
    s = CAP_ERROR(CAP_ENOMEM, "cannot allocate the air band's face masks");
done:
  if (s) {
    cap_ns_ws_free(w);
    return s;
  }
  *out = w;
  return CAP_SUCCESS;
}

void cap_ns_ws_free(cap_ns_ws *w)
{
  if (!w) return;
  CAP_FREE_ALL(w->u2, w->v2, w->w2, w->rhs, w->phi_s[0], w->phi_s[1], w->phi_s[2], w->phi_f, w->known[0], w->known[1],
               w->known[2], w->xclosed, w->yclosed, w->phi_a, w->q, w->axc, w->ayc, w->queue);
  cap_poisson_free(w->poisson);
  for (int k = 0; k < 3; k++) cap_fmm_ws_free(w->fmm[k]);
  cap_levelset_ws_free(w->ls);
  cap_viscosity_ws_free(w->visc);
  free(w);
}

double cap_ns_now(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

/* Is the face between cells a and b next to liquid? */
static int wet(const double *phi, size_t a, size_t b) { return phi[a] < 0 || phi[b] < 0; }

/* The faces of one lattice that the step owns: interior faces, plus the low boundary face of a
 * periodic direction (the high one is its copy). Wall faces stay at zero. */
#define FOR_FACES(g, xf, i, j)                                                                                         \
  for (int j = ((xf) || (g)->bc[CAP_YLO] == CAP_BC_PERIODIC) ? 0 : 1; j < (g)->ny; j++)                                \
    for (int i = (!(xf) || (g)->bc[CAP_XLO] == CAP_BC_PERIODIC) ? 0 : 1; i < (g)->nx; i++)

/* The work of a sweep over the cells (for the threads' threshold). */
static long cells(const cap_grid *g) { return (long)g->nx * g->ny; }

static double max_speed(const cap_grid *g, const double *phi, const double *u, const double *v)
{
  double m = 0;
  CAP_PAR_FOR_MAX(cells(g), m, FOR_FACES(g, 1, i, j)
  {
    size_t c = cap_grid_idx(g, i, j);
    if (wet(phi, c, c - 1)) m = fmax(m, fabs(u[c]));
  });
  CAP_PAR_FOR_MAX(cells(g), m, FOR_FACES(g, 0, i, j)
  {
    size_t c = cap_grid_idx(g, i, j);
    if (wet(phi, c, c - g->sy)) m = fmax(m, fabs(v[c]));
  });
  return m;
}

static int check_faces(const cap_ns_state *s, const double *f, int xf, const char *name, double dt);

int cap_ns_dt(const cap_ns_state *s, const cap_ns_params *p, cap_ns_dt_info *info)
{
  if (!s || !info) return CAP_ERROR(CAP_EINVAL, "cap_ns_dt: NULL argument");
  int st = cap_ns_params_check(p);
  if (st) return st;
  const cap_grid *g = &s->g;
  double h = g->h, umax = g->dim == 3 ? cap_ns3_max_speed(s) : max_speed(g, s->phi, s->u, s->v);
  /* an infinite speed would give dt = 0 (fmax drops a NaN, which the step's own check reports) */
  if (!isfinite(umax)) {
    if (g->dim == 3 && (st = cap_ns3_check_velocity(s, 0))) return st;
    if (g->dim == 2 && ((st = check_faces(s, s->u, 1, "u", 0)) || (st = check_faces(s, s->v, 0, "v", 0)))) return st;
    return CAP_ERROR(CAP_ENONFINITE, "step %ld (t = %.9g s): non-finite speed %g", s->step + 1, s->t, umax);
  }
  info->dt_cfl = umax > 0 ? p->cfl * h / umax : INFINITY;
  info->dt_capillary = p->sigma > 0 ? sqrt(0.5 * p->rho * h * h * h / (2 * M_PI * p->sigma)) : INFINITY;
  info->dt_viscous = p->mu > 0 ? h * h * p->rho / (4 * p->mu) : INFINITY;
  double dt = fmin(info->dt_cfl, fmin(info->dt_capillary, info->dt_viscous));
  info->limiter = dt == info->dt_cfl ? "cfl" : (dt == info->dt_capillary ? "capillary" : "viscous");
  if (p->dt_fixed > 0) {
    if (p->dt_fixed > info->dt_capillary)
      return CAP_ERROR(CAP_EDOM,
                       "dt_fixed = %.6g s is out of range: the capillary limit sqrt(rho h^3 / (4 pi sigma)) "
                       "allows dt <= %.6g s at h = %.6g m",
                       p->dt_fixed, info->dt_capillary, h);
    dt = p->dt_fixed;
    info->limiter = "fixed";
  }
  if (!isfinite(dt))
    return CAP_ERROR(CAP_EDOM, "no time-step limit applies (no flow, no surface tension, no viscosity): set dt_fixed");
  info->dt = dt;
  return CAP_SUCCESS;
}

int cap_ns_dt_until(double dt, double t, double t_end, double *step)
{
  if (!step) return CAP_ERROR(CAP_EINVAL, "cap_ns_dt_until: NULL argument");
  *step = 0;
  if (!(isfinite(dt) && dt > 0))
    return CAP_ERROR(CAP_EDOM, "cap_ns_dt_until: dt = %g is out of range (finite, > 0)", dt);
  if (!(isfinite(t) && isfinite(t_end)))
    return CAP_ERROR(CAP_EDOM, "cap_ns_dt_until: t = %g, t_end = %g: both must be finite", t, t_end);
  double rest = t_end - t;
  if (rest <= 1e-6 * dt) return CAP_SUCCESS;
  *step = rest <= dt ? rest : rest < 2 * dt ? 0.5 * rest : dt;
  return CAP_SUCCESS;
}

/* Pressure gradient (p_hi - p_lo)/h across the face between cell lo and its neighbour hi in direction
 * dir_hi (CAP_XHI or CAP_YHI; wrapped across a periodic seam), at least one of them liquid: both
 * liquid, or ghost fluid on the air side at the tension's jump (the same rule as the matrix). */
static double face_gradient(const cap_tension *ten, const double *p, const double *phi, int i_lo, int j_lo, int dir_hi)
{
  const cap_grid *g = ten->g;
  const int di[4] = {-1, 1, 0, 0}, dj[4] = {0, 0, -1, 1};
  int i_hi = i_lo + di[dir_hi], j_hi = j_lo + dj[dir_hi];
  cap_grid_wrap(g, &i_hi, &j_hi);
  size_t lo = cap_grid_idx(g, i_lo, j_lo), hi = cap_grid_idx(g, i_hi, j_hi);
  double h = g->h;
  if (phi[lo] < 0 && phi[hi] < 0) return (p[hi] - p[lo]) / h;
  if (phi[lo] < 0) { /* air above: ghost at hi */
    double th = phi[lo] / (phi[lo] - phi[hi]);
    double pg = cap_tension_at(ten, i_lo, j_lo, 0, dir_hi, th);
    return (pg - p[lo]) / (fmax(th, CAP_POISSON_THETA_MIN) * h);
  }
  /* air below: ghost at lo, seen from the liquid cell hi in the opposite direction */
  int dir_lo = dir_hi ^ 1;
  double th = phi[hi] / (phi[hi] - phi[lo]);
  double pg = cap_tension_at(ten, i_hi, j_hi, 0, dir_lo, th);
  return (p[hi] - pg) / (fmax(th, CAP_POISSON_THETA_MIN) * h);
}

/* Discrete divergence of the face velocities at cell (i, j): planar (u_{i+1} - u_i)/h + (v_{j+1} - v_j)/h;
 * AXI (x = r) (r_{i+1} u_{i+1} - r_i u_i)/(r_c h) + (v_{j+1} - v_j)/h, the finite-volume divergence of
 * the cell ring (face radii r_i, cell radius r_c; the axis face has r = 0). */
static double divergence(const cap_grid *g, const double *u, const double *v, int i, int j)
{
  size_t c = cap_grid_idx(g, i, j);
  double du = g->geom == CAP_GEOM_AXI
                  ? (cap_grid_metric_xface(g, i + 1) * u[c + 1] - cap_grid_metric_xface(g, i) * u[c]) /
                        cap_grid_metric_cell(g, i)
                  : u[c + 1] - u[c];
  return (du + (v[c + g->sy] - v[c])) / g->h;
}

/* Reports the non-finite value of `field` at (i, j), whose position is (x0 + (i + ox) h, y0 + (j + oy) h):
 * ox = oy = 0.5 at a cell centre, ox = 0 on an x-face, oy = 0 on a y-face. dt = 0: no step chosen yet. */
static int fail_nonfinite(const cap_ns_state *s, const char *field, int i, int j, double ox, double oy, double dt)
{
  char dts[48] = "";
  if (dt > 0) snprintf(dts, sizeof dts, ", dt = %.3g s", dt);
  return CAP_ERROR(CAP_ENONFINITE, "step %ld (t = %.9g s%s): non-finite %s at (%d, %d), x = %.6g, y = %.6g",
                   s->step + 1, s->t, dts, field, i, j, s->g.x0 + (i + ox) * s->g.h, s->g.y0 + (j + oy) * s->g.h);
}

/* The first non-finite face in row-major order is reported, as a sequential sweep would. */
static int check_faces(const cap_ns_state *s, const double *f, int xf, const char *name, double dt)
{
  const cap_grid *g = &s->g;
  long first = LONG_MAX;
  CAP_PAR_FOR_MIN(cells(g), first, FOR_FACES(g, xf, i, j)
  if (!isfinite(f[cap_grid_idx(g, i, j)])) {
    first = first < (long)j * (g->nx + 1) + i ? first : (long)j * (g->nx + 1) + i;
    break;
  });
  if (first != LONG_MAX)
    return fail_nonfinite(s, name, (int)(first % (g->nx + 1)), (int)(first / (g->nx + 1)), xf ? 0 : 0.5, xf ? 0.5 : 0,
                          dt);
  return CAP_SUCCESS;
}

/* The first non-finite phi among the interior cells in row-major order: phi is never checked by the
 * flow (a NaN compares as air), so a NaN there would otherwise pass the step unseen. */
static int check_phi(const cap_ns_state *s, const double *phi, double dt)
{
  const cap_grid *g = &s->g;
  long first = LONG_MAX;
  CAP_PAR_FOR_MIN(cells(g), first, for (int j = 0; j < g->ny; j++)
    for (int i = 0; i < g->nx; i++)
      if (!isfinite(phi[cap_grid_idx(g, i, j)])) {
        first = first < (long)j * g->nx + i ? first : (long)j * g->nx + i;
        break;
      });
  if (first != LONG_MAX) return fail_nonfinite(s, "phi", (int)(first % g->nx), (int)(first / g->nx), 0.5, 0.5, dt);
  return CAP_SUCCESS;
}

/* cap_ns_fault_inject: the steps left until the one that is poisoned (0: none), the field, the value. */
static long fault_left;
static cap_ns_fault_field fault_field;
static double fault_value;

void cap_ns_fault_inject(long n, cap_ns_fault_field field, double value)
{
  fault_left = n > 0 ? n : 0;
  fault_field = field;
  fault_value = value;
}

void cap_ns_fault_apply(cap_ns_state *s)
{
  if (fault_left <= 0 || --fault_left > 0) return;
  double *f = fault_field == CAP_NS_FAULT_U ? s->u : fault_field == CAP_NS_FAULT_V ? s->v : s->phi;
  const cap_grid *g = &s->g;
  f[g->dim == 3 ? cap_grid_idx3(g, g->nx / 2, g->ny / 2, g->nz / 2) : cap_grid_idx(g, g->nx / 2, g->ny / 2)] =
      fault_value;
}

/* The high boundary face of a periodic direction repeats the low one. */
static void periodic_copies(const cap_grid *g, double *u, double *v)
{
  if (g->bc[CAP_XLO] == CAP_BC_PERIODIC)
    for (int j = 0; j < g->ny; j++) u[cap_grid_idx(g, g->nx, j)] = u[cap_grid_idx(g, 0, j)];
  if (g->bc[CAP_YLO] == CAP_BC_PERIODIC)
    for (int i = 0; i < g->nx; i++) v[cap_grid_idx(g, i, g->ny)] = v[cap_grid_idx(g, i, 0)];
}

/* No flow through walls: their faces are zero whatever the extension wrote. */
static void zero_wall_faces(const cap_grid *g, double *u, double *v)
{
  if (g->bc[CAP_XLO] != CAP_BC_PERIODIC)
    for (int j = 0; j < g->ny; j++) u[cap_grid_idx(g, 0, j)] = u[cap_grid_idx(g, g->nx, j)] = 0;
  if (g->bc[CAP_YLO] != CAP_BC_PERIODIC)
    for (int i = 0; i < g->nx; i++) v[cap_grid_idx(g, i, 0)] = v[cap_grid_idx(g, i, g->ny)] = 0;
}

/* Faces of the air farther from the liquid than the extension band carry no velocity: zero them,
 * so that nothing accumulates there (the body force acts on every face). */
static void clear_far_faces(const cap_grid *g, const double *phi_s, const unsigned char *known, double *f, double far)
{
  CAP_PAR_FOR(cells(g), for (int j = 0; j <= g->ny; j++)
    for (int i = 0; i <= g->nx; i++) {
      size_t c = cap_grid_idx(g, i, j);
      if (!known[c] && phi_s[c] >= far) f[c] = 0;
    });
}

/* known[f] for every face f at `loc`: a face next to liquid (one the projection set). */
static void faces_next_to_liquid(const cap_grid *g, const double *phi, cap_location loc, unsigned char *known)
{
  int xf = loc == CAP_AT_XFACE;
  memset(known, 0, g->size);
  CAP_PAR_FOR(cells(g), FOR_FACES(g, xf, i, j)
  {
    int il = i - xf, jl = j - !xf;
    cap_grid_wrap(g, &il, &jl);
    size_t c = cap_grid_idx(g, i, j);
    if (phi[c] < 0 || phi[cap_grid_idx(g, il, jl)] < 0) known[c] = 1;
  });
}

/* Extends u and v from the faces next to liquid into the air band, along the normals, by fast
 * marching of the given order (cap_fmm; the two components side by side); phi_s[0] and phi_s[1] are phi
 * at the x- and y-faces (cap_fmm_sample_phi). */
static int extend(cap_ns_ws *w, const cap_grid *g, const double *phi, double *u, double *v, int band, int order)
{
  faces_next_to_liquid(g, phi, CAP_AT_XFACE, w->known[0]);
  faces_next_to_liquid(g, phi, CAP_AT_YFACE, w->known[1]);
  cap_fmm_field f[2] = {{CAP_AT_XFACE, w->phi_s[0], w->known[0], u}, {CAP_AT_YFACE, w->phi_s[1], w->known[1], v}};
  int st = cap_fmm_extrapolate_fields(w->fmm, g, 2, f, band, (cap_fmm_order)order, NULL);
  if (st) return st;
  clear_far_faces(g, w->phi_s[0], w->known[0], u, band * g->h);
  clear_far_faces(g, w->phi_s[1], w->known[1], v, band * g->h);
  return CAP_SUCCESS;
}

/* Ghosts of the velocity for interpolation: the normal component is odd across a wall (zero on the
 * wall face), the tangential one even (free slip for the advection stencil only). */
static void velocity_ghosts(const cap_grid *g, double *u, double *v)
{
  cap_grid_fill_ghosts_at(g, u, CAP_AT_XFACE, CAP_GHOST_ODD);
  cap_grid_fill_ghosts_at(g, v, CAP_AT_YFACE, CAP_GHOST_ODD);
}

/* Is (i, j) beyond a wall of the box (not a periodic side) or a cell of the solids of vsurf? */
static int walled(const cap_grid *g, const unsigned char *solid, int i, int j)
{
  if (i < 0 || i >= g->nx) return g->bc[i < 0 ? CAP_XLO : CAP_XHI] != CAP_BC_PERIODIC;
  if (j < 0 || j >= g->ny) return g->bc[j < 0 ? CAP_YLO : CAP_YHI] != CAP_BC_PERIODIC;
  return solid && solid[cap_grid_idx(g, i, j)];
}

/* For a pinned cell (i, j): which of its faces are closed, the faces along the walls or solids it
 * touches (*close_x: its two x-faces, for a wall or solid below or above it; *close_y likewise), and
 * which face facing into the domain the extension must not move (*in_u, *in_v: the face index, or -1).
 * A cell with walls or solids both across x and across y (a corner) keeps its faces open: closing
 * both pairs would cut its pressure off. */
static void pin_faces(const cap_grid *g, const unsigned char *solid, int i, int j, int *close_x, int *close_y,
                      long *in_u, long *in_v)
{
  size_t c = cap_grid_idx(g, i, j);
  int lo_y = walled(g, solid, i, j - 1), hi_y = walled(g, solid, i, j + 1);
  int lo_x = walled(g, solid, i - 1, j), hi_x = walled(g, solid, i + 1, j);
  *close_x = (lo_y || hi_y) && !(lo_x || hi_x);
  *close_y = (lo_x || hi_x) && !(lo_y || hi_y);
  *in_v = lo_y && !hi_y ? (long)(c + g->sy) : hi_y && !lo_y ? (long)c : -1;
  *in_u = lo_x && !hi_x ? (long)(c + 1) : hi_x && !lo_x ? (long)c : -1;
}

/* The closed faces (xclosed / yclosed), for the projection as walls: the faces of the solids
 * (cap_ns_bounds.vsurf), and at pinned contact points (cap_ns_bounds.pinned) the faces along the
 * wall or the solid of every pinned cell next to one (pin_faces), so the liquid does not slide there
 * (a no-slip patch on a free-slip wall; on a solid's staircase the cells next to it stop) and stays
 * incompressible. */
static void close_faces(const cap_grid *g, const cap_ns_bounds *b, unsigned char *xc, unsigned char *yc)
{
  memset(xc, 0, g->size);
  memset(yc, 0, g->size);
  const unsigned char *solid = b->vsurf ? cap_vsurf_cells(b->vsurf) : NULL;
  if (b->vsurf) {
    const unsigned char *sx = cap_vsurf_xfaces(b->vsurf), *sy = cap_vsurf_yfaces(b->vsurf);
    for (size_t c = 0; c < g->size; c++) {
      xc[c] = sx[c];
      yc[c] = sy[c];
    }
  }
  const unsigned char *pinned = b->pinned;
  if (!pinned) return;
  for (int j = 0; j < g->ny; j++)
    for (int i = 0; i < g->nx; i++) {
      size_t c = cap_grid_idx(g, i, j);
      if (!pinned[c] || (solid && solid[c])) continue;
      int cx, cy;
      long iu, iv;
      pin_faces(g, solid, i, j, &cx, &cy, &iu, &iv);
      if (cx) xc[c] = xc[c + 1] = 1;
      if (cy) yc[c] = yc[c + g->sy] = 1;
    }
}

/* The faces of the solids (bounds.vsurf) at the rigid velocity of their part: the part of the solid
 * cell on the face's low side if that one is solid, else the high side's. */
static void solid_faces(const cap_grid *g, const cap_ns_bounds *b, double *u, double *v)
{
  if (!b->vsurf) return;
  const unsigned char *sx = cap_vsurf_xfaces(b->vsurf), *sy = cap_vsurf_yfaces(b->vsurf);
  const unsigned char *in = cap_vsurf_cells(b->vsurf), *part = cap_vsurf_parts(b->vsurf);
  CAP_PAR_FOR(cells(g), for (int j = 0; j < g->ny; j++)
    for (int i = 0; i < g->nx + 1; i++) {
      size_t c = cap_grid_idx(g, i, j);
      if (!sx[c]) continue;
      const cap_ns_rigid *m = &b->motion[in[c - 1] ? part[c - 1] : part[c]];
      u[c] = m->u - m->omega * (cap_grid_yc(g, j) - m->cy);
    });
  CAP_PAR_FOR(cells(g), for (int j = 0; j < g->ny + 1; j++)
    for (int i = 0; i < g->nx; i++) {
      size_t c = cap_grid_idx(g, i, j);
      if (!sy[c]) continue;
      const cap_ns_rigid *m = &b->motion[in[c - g->sy] ? part[c - g->sy] : part[c]];
      v[c] = m->v + m->omega * (cap_grid_xc(g, i) - m->cx);
    });
}

/* Zeroes the closed faces, and after the extension (inward = 1) also the faces of pinned cells facing
 * into the domain (the extended air velocity must not move a pinned contact point either). */
static void zero_closed_faces(const cap_grid *g, const unsigned char *pinned, const unsigned char *solid,
                              const unsigned char *xc, const unsigned char *yc, double *u, double *v, int inward)
{
  CAP_PAR_FOR(cells(g), for (int j = 0; j < g->ny; j++)
    for (int i = 0; i < g->nx + 1; i++)
      if (xc[cap_grid_idx(g, i, j)]) u[cap_grid_idx(g, i, j)] = 0;);
  CAP_PAR_FOR(cells(g), for (int j = 0; j < g->ny + 1; j++)
    for (int i = 0; i < g->nx; i++)
      if (yc[cap_grid_idx(g, i, j)]) v[cap_grid_idx(g, i, j)] = 0;);
  if (!inward || !pinned) return;
  for (int j = 0; j < g->ny; j++)
    for (int i = 0; i < g->nx; i++) {
      size_t c = cap_grid_idx(g, i, j);
      if (!pinned[c] || (solid && solid[c])) continue;
      int cx, cy;
      long iu, iv;
      pin_faces(g, solid, i, j, &cx, &cy, &iu, &iv);
      if (iv >= 0) v[iv] = 0;
      if (iu >= 0) u[iu] = 0;
    }
}

/* What lies across side d (a cap_side) of band cell (i, j) for the air band's projection: a wall of the
 * box or a closed face (LINK_NONE), a Dirichlet face (LINK_DIRICHLET: an OPEN side, or a cell outside
 * the band across an open face), or band cell *n (LINK_BAND). */
enum { LINK_NONE, LINK_DIRICHLET, LINK_BAND };
static int band_link(const cap_ns_ws *w, const cap_grid *g, int i, int j, int d, size_t *n)
{
  const int di[4] = {-1, 1, 0, 0}, dj[4] = {0, 0, -1, 1};
  int ni = i + di[d], nj = j + dj[d];
  if ((ni < 0 || ni >= g->nx || nj < 0 || nj >= g->ny) && g->bc[d] != CAP_BC_PERIODIC)
    return g->bc[d] == CAP_BC_OPEN ? LINK_DIRICHLET : LINK_NONE;
  if ((d < 2 ? w->axc : w->ayc)[cap_grid_idx(g, i + (d == CAP_XHI), j + (d == CAP_YHI))]) return LINK_NONE;
  cap_grid_wrap(g, &ni, &nj);
  *n = cap_grid_idx(g, ni, nj);
  return w->phi_a[*n] < 0 ? LINK_BAND : LINK_DIRICHLET;
}

/* 5b. The air band's projection (params.air_projection): the extended velocity made discretely
 * divergence-free on the air cells within the band. lap q = div u on those cells, their faces to
 * liquid, to solid and to closed faces held (no flux: the projection or the solid set them), q = 0
 * beyond the band (a Dirichlet face at h/2, the pressure's ghost-fluid rule with theta = 1/2), the
 * walls of the box as walls; then u -= grad q on their other faces. The pressure's solver handle serves
 * (the pressure is solved and applied by then; the next step assembles it anew). */
static int air_projection(cap_ns_ws *w, const cap_grid *g, const cap_ns_params *p, const double *pf,
                          const unsigned char *solid_cells, int closed, double *u, double *v)
{
  const double far = p->band * g->h;
  CAP_PAR_FOR(cells(g), for (int j = 0; j < g->ny; j++)
    for (int i = 0; i < g->nx; i++) {
      size_t c = cap_grid_idx(g, i, j);
      int air = pf[c] >= 0 && !(solid_cells && solid_cells[c]);
      w->phi_a[c] = air && pf[c] < far ? -1 : 1;
    });
  for (int xf = 1; xf >= 0; xf--) {
    unsigned char *cl = xf ? w->axc : w->ayc;
    const unsigned char *cl0 = xf ? w->xclosed : w->yclosed;
    memset(cl, 0, g->size);
    CAP_PAR_FOR(cells(g), FOR_FACES(g, xf, i, j)
    {
      int il = i - xf, jl = j - !xf;
      cap_grid_wrap(g, &il, &jl);
      size_t c = cap_grid_idx(g, i, j), l = cap_grid_idx(g, il, jl);
      if (pf[c] < 0 || pf[l] < 0 || (solid_cells && (solid_cells[c] || solid_cells[l])) || (closed && cl0[c]))
        cl[c] = 1;
    });
    /* a periodic seam's face seen from its high side */
    if (xf && g->bc[CAP_XLO] == CAP_BC_PERIODIC)
      for (int j = 0; j < g->ny; j++) cl[cap_grid_idx(g, g->nx, j)] = cl[cap_grid_idx(g, 0, j)];
    if (!xf && g->bc[CAP_YLO] == CAP_BC_PERIODIC)
      for (int i = 0; i < g->nx; i++) cl[cap_grid_idx(g, i, g->ny)] = cl[cap_grid_idx(g, i, 0)];
  }
  /* a part of the band that reaches no Dirichlet face (an air pocket closed by liquid, solids and
   * walls) would be a pure-Neumann problem whose right-hand side need not be compatible: its cells keep
   * the extended velocity. Flood fill through open faces from the cells next to a Dirichlet face. */
  unsigned char *seen = w->known[0];
  memset(seen, 0, g->size);
  size_t tail = 0;
  for (int j = 0; j < g->ny; j++)
    for (int i = 0; i < g->nx; i++) {
      size_t c = cap_grid_idx(g, i, j), n;
      if (!(w->phi_a[c] < 0)) continue;
      for (int d = 0; d < 4; d++)
        if (band_link(w, g, i, j, d, &n) == LINK_DIRICHLET) {
          seen[c] = 1;
          w->queue[tail++] = c;
          break;
        }
    }
  for (size_t head = 0; head < tail; head++) {
    size_t c = w->queue[head], n;
    int i = (int)(c % (size_t)g->sy) - g->ng, j = (int)(c / (size_t)g->sy) - g->ng;
    for (int d = 0; d < 4; d++)
      if (band_link(w, g, i, j, d, &n) == LINK_BAND && !seen[n]) {
        seen[n] = 1;
        w->queue[tail++] = n;
      }
  }
  CAP_PAR_FOR(cells(g), for (int j = 0; j < g->ny; j++)
    for (int i = 0; i < g->nx; i++) {
      size_t c = cap_grid_idx(g, i, j);
      if (w->phi_a[c] < 0 && !seen[c]) w->phi_a[c] = 1;
    });
  cap_poisson_set_closed_faces(w->poisson, w->axc, w->ayc, NULL);
  int st = cap_poisson_assemble(w->poisson, g, w->phi_a, NULL, NULL);
  if (st) return st;
  CAP_PAR_FOR(cells(g), for (int j = 0; j < g->ny; j++)
    for (int i = 0; i < g->nx; i++) {
      size_t c = cap_grid_idx(g, i, j);
      w->rhs[c] = w->phi_a[c] < 0 ? divergence(g, u, v, i, j) : 0;
      w->q[c] = 0;
    });
  st = cap_poisson_solve(w->poisson, g, w->rhs, w->q, p->method, p->ptol, p->pmaxit, NULL);
  if (st) return CAP_ERROR(st, "the air band's projection failed: %s", cap_error_message());
  for (int xf = 1; xf >= 0; xf--) {
    double *f = xf ? u : v;
    const unsigned char *cl = xf ? w->axc : w->ayc;
    CAP_PAR_FOR(cells(g), FOR_FACES(g, xf, i, j)
    {
      int il = i - xf, jl = j - !xf;
      cap_grid_wrap(g, &il, &jl);
      size_t c = cap_grid_idx(g, i, j), l = cap_grid_idx(g, il, jl);
      int a = w->phi_a[l] < 0, b = w->phi_a[c] < 0;
      if (cl[c] || (!a && !b)) continue;
      f[c] -= ((b ? w->q[c] : 0) - (a ? w->q[l] : 0)) / ((a && b ? 1.0 : 0.5) * g->h);
    });
  }
  return CAP_SUCCESS;
}

static void shift_phi(const cap_grid *g, double *phi, double d)
{
  for (size_t c = 0; c < g->size; c++) phi[c] += d;
}

/* Step 6's reinitialisation; with params.reinit_keep_area, phi is then shifted by the constant that
 * gives the fluid the measure m0 it had before (or params.keep_area_target): Newton steps on the shift,
 * with the slope of the measure (minus the interface's length or area) from a trial shift of 1e-3 h
 * (the slope itself changes with the shift by kappa times it, relatively, hence a few steps). The
 * measure need not be smooth in the shift (a film on a wall, contact points), so each step is at most
 * h / 4, the total at most h, and the shift kept is the one, 0 included, whose measure is nearest m0.
 * *given: the measure after less the measure before. */
int cap_ns_reinit(cap_ns_ws *w, const cap_grid *g, const cap_ns_params *p, const cap_ns_bounds *b, double *phi,
                  double *given)
{
  *given = 0;
  const cap_vsurf *vsurf = b->vsurf;
  const cap_contact *ct = b->contact;
  if (!p->reinit_keep_area) return cap_levelset_reinit(g, ct, phi, p->reinit_iterations, w->ls);
  double before = 0, m1 = 0, m = 0;
  int st = cap_levelset_fluid_measure(g, ct, phi, vsurf, w->phi_f, &before);
  const double m0 = p->keep_area_target > 0 ? p->keep_area_target : before;
  if (!st) st = cap_levelset_reinit(g, ct, phi, p->reinit_iterations, w->ls);
  if (!st) st = cap_levelset_fluid_measure(g, ct, phi, vsurf, w->phi_f, &m1);
  const double eps = 1e-3 * g->h;
  if (!st) shift_phi(g, phi, eps);
  if (!st) st = cap_levelset_fluid_measure(g, ct, phi, vsurf, w->phi_f, &m);
  if (st) return st;
  const double slope = (m1 - m) / eps;
  if (!(slope > 0)) {
    shift_phi(g, phi, -eps);
    *given = m1 - before;
    return CAP_SUCCESS;
  }                                      /* no interface */
  double d = eps, best = 0, m_best = m1; /* the shift phi has, and the best so far with its measure */
  if (fabs(m - m0) < fabs(m_best - m0)) best = d, m_best = m;
  for (int k = 0; k < 5 && !st && fabs(m - m0) > 1e-14 * fabs(m0); k++) {
    const double step = fmax(-0.25 * g->h, fmin(0.25 * g->h, (m - m0) / slope));
    const double next = fmax(-g->h, fmin(g->h, d + step));
    shift_phi(g, phi, next - d);
    d = next;
    st = cap_levelset_fluid_measure(g, ct, phi, vsurf, w->phi_f, &m);
    if (!st && fabs(m - m0) < fabs(m_best - m0)) best = d, m_best = m;
  }
  if (!st && d != best) { /* back to the best shift */
    shift_phi(g, phi, best - d);
    st = cap_levelset_fluid_measure(g, ct, phi, vsurf, w->phi_f, &m_best);
  }
  *given = m_best - before;
  return st;
}

int cap_ns_step(cap_ns_state *s, const cap_ns_params *p, cap_ns_ws *w, double dt, cap_ns_step_info *info)
{
  if (!s || !w) return CAP_ERROR(CAP_EINVAL, "cap_ns_step: state or workspace is NULL");
  int st = cap_ns_params_check(p);
  if (!st) st = cap_check_positive("dt", dt, "s");
  if (!st) st = check_bounds(&s->bounds);
  if (st) return st;
  const cap_grid *g = &s->g;
  if (w->g.nx != g->nx || w->g.ny != g->ny || w->g.nz != g->nz || w->g.ng != g->ng || w->g.dim != g->dim)
    return CAP_ERROR(CAP_ESIZE, "cap_ns_step: workspace made for a %dx%dx%d grid, state on %dx%dx%d", w->g.nx, w->g.ny,
                     w->g.nz, g->nx, g->ny, g->nz);
  cap_ns_step_info tmp;
  if (!info) info = &tmp;
  memset(info, 0, sizeof *info);
  info->dt = dt;
  if (g->dim == 3) return cap_ns3_step(s, p, w, dt, info);
  if (p->gz != 0)
    return CAP_ERROR(CAP_EDOM, "gz = %g m/s^2 is out of range: a 2D grid has no z direction (allowed 0)", p->gz);
  double *phi = s->phi, *u = s->u, *v = s->v;
  cap_ns_fault_apply(s);
  /* the step starts from a finite level set (the velocity is checked below, before its advection) */
  if ((st = check_phi(s, phi, dt))) return st;

  double t0 = cap_ns_now();
  /* solids: phi continued into them at the contact angle (cap_vsurf), the flow's view of phi with
   * the solid cells never liquid, their faces closed in the projection and held at 0 (no slip) by
   * the viscous step */
  const cap_contact *ct = s->bounds.contact;
  const int closed = s->bounds.pinned || s->bounds.vsurf;
  const unsigned char *solid_cells = s->bounds.vsurf ? cap_vsurf_cells(s->bounds.vsurf) : NULL;
  const double *pf = phi;
  if ((st = cap_levelset_ws_set_vsurf(w->ls, s->bounds.vsurf)) ||
      (st = cap_levelset_ws_set_band(w->ls, p->levelset_band)))
    return st;
  cap_viscosity_set_fixed_faces(w->visc, s->bounds.vsurf ? cap_vsurf_xfaces(s->bounds.vsurf) : NULL,
                                s->bounds.vsurf ? cap_vsurf_yfaces(s->bounds.vsurf) : NULL);
  if (s->bounds.vsurf) {
    if ((st = cap_levelset_fill_ghosts(g, ct, phi)) || (st = cap_vsurf_fill(s->bounds.vsurf, ct, g, phi)) ||
        (st = cap_vsurf_fluid_phi(s->bounds.vsurf, g, phi, w->phi_f)))
      return st;
    pf = w->phi_f;
  }
  /* curvature of the interface at the start of the step */
  st = p->curvature_order == 4 ? cap_levelset_curvature4(g, ct, phi, s->kappa)
                               : cap_levelset_curvature(g, ct, phi, s->kappa);
  if (st) return st;
  /* surface tension: the Laplace jump at the crossings, for the matrix and the velocity update alike */
  cap_tension ten = {.g = g, .sigma = p->sigma, .kappa = s->kappa};

  /* the step starts from a finite velocity field (a blow-up is caught before it reaches the
   * interpolation of the advection step) */
  if ((st = check_faces(s, u, 1, "u", dt)) || (st = check_faces(s, v, 0, "v", dt))) return st;

  double t1 = cap_ns_now();
  /* 1. advection of the velocity by itself */
  velocity_ghosts(g, u, v);
  CAP_PAR_FOR(cells(g), for (size_t c = 0; c < g->size; c++) {
    w->u2[c] = u[c];
    w->v2[c] = v[c];
  });
  /* only the faces within the extension band: step 5 overwrites those beyond it (clear_far_faces), and
   * nothing before it reads them (the viscous step and the projection act next to the liquid) */
  st = cap_fmm_sample_phi(g, pf, CAP_AT_XFACE, w->phi_s[0]);
  if (!st) st = cap_fmm_sample_phi(g, pf, CAP_AT_YFACE, w->phi_s[1]);
  if (!st) st = cap_advect_semilagrangian(g, u, w->u2, CAP_AT_XFACE, u, v, NULL, dt, w->phi_s[0], p->band * g->h);
  if (!st) st = cap_advect_semilagrangian(g, v, w->v2, CAP_AT_YFACE, u, v, NULL, dt, w->phi_s[1], p->band * g->h);
  if (st) return st;
  CAP_PAR_FOR(cells(g), for (size_t c = 0; c < g->size; c++) {
    u[c] = w->u2[c];
    v[c] = w->v2[c];
  });
  double t2 = cap_ns_now();
  info->t_advect = t2 - t1;
  /* 2. viscosity (the solids' faces are its Dirichlet data) */
  solid_faces(g, &s->bounds, u, v);
  if (p->mu > 0) {
    cap_viscosity_status vs;
    if (p->viscosity_form == CAP_NS_VISCOSITY_STRESS)
      st = cap_viscosity_stress_step(w->visc, g, phi, u, v, NULL, p->mu / p->rho * dt, p->vtol, p->vmaxit, &vs);
    else
      st = cap_viscosity_step(w->visc, g, phi, u, v, NULL, p->mu / p->rho * dt, p->vtol, p->vmaxit, &vs);
    info->viscous_iterations = vs.iterations[0] + vs.iterations[1];
    if (st) return st;
  }
  double t3 = cap_ns_now();
  info->t_viscous = t3 - t2;
  /* 3. body force, on every face: the air faces carry the extended liquid velocity, so a uniform
   * acceleration stays uniform; applied after the viscous step, a body force that is a gradient
   * (gravity) is removed exactly by the projection, so a pool at rest stays at rest */
  CAP_PAR_FOR(cells(g), FOR_FACES(g, 1, i, j) u[cap_grid_idx(g, i, j)] += dt * p->gx;);
  CAP_PAR_FOR(cells(g), FOR_FACES(g, 0, i, j) v[cap_grid_idx(g, i, j)] += dt * p->gy;);
  periodic_copies(g, u, v);
  /* 4. projection */
  if (closed) {
    close_faces(g, &s->bounds, w->xclosed, w->yclosed);
    zero_closed_faces(g, s->bounds.pinned, solid_cells, w->xclosed, w->yclosed, u, v, 0);
    solid_faces(g, &s->bounds, u, v);
  }
  cap_poisson_set_closed_faces(w->poisson, closed ? w->xclosed : NULL, closed ? w->yclosed : NULL, NULL);
  st = cap_poisson_assemble(w->poisson, g, pf, p->sigma > 0 ? cap_tension_value : NULL, &ten);
  if (st) return st;
  CAP_PAR_FOR(cells(g), for (int j = 0; j < g->ny; j++)
    for (int i = 0; i < g->nx; i++) {
      size_t c = cap_grid_idx(g, i, j);
      w->rhs[c] = pf[c] < 0 ? p->rho / dt * divergence(g, u, v, i, j) : 0;
    });
  st = cap_poisson_solve(w->poisson, g, w->rhs, s->p, p->method, p->ptol, p->pmaxit, &info->pressure);
  if (st)
    return CAP_ERROR(st, "step %ld (t = %.9g s): pressure solve failed: %s", s->step + 1, s->t, cap_error_message());
  /* the first non-finite pressure in row-major order is reported, as a sequential sweep would */
  long first = LONG_MAX;
  CAP_PAR_FOR_MIN(cells(g), first, for (int j = 0; j < g->ny; j++)
    for (int i = 0; i < g->nx; i++) {
      size_t c = cap_grid_idx(g, i, j);
      if (pf[c] < 0 && !isfinite(s->p[c])) {
        first = first < (long)j * g->nx + i ? first : (long)j * g->nx + i;
        break;
      }
    });
  if (first != LONG_MAX) return fail_nonfinite(s, "pressure", (int)(first % g->nx), (int)(first / g->nx), 0.5, 0.5, dt);
  CAP_PAR_SPREAD_FOR(cells(g), FOR_FACES(g, 1, i, j)
  {
    int il = i - 1, jl = j;
    cap_grid_wrap(g, &il, &jl); /* the low face of a periodic direction looks across the seam */
    size_t c = cap_grid_idx(g, i, j);
    if ((pf[c] < 0 || pf[cap_grid_idx(g, il, jl)] < 0) && !(closed && w->xclosed[c])) {
      u[c] -= dt / p->rho * face_gradient(&ten, s->p, pf, il, jl, CAP_XHI);
    }
  });
  CAP_PAR_SPREAD_FOR(cells(g), FOR_FACES(g, 0, i, j)
  {
    int il = i, jl = j - 1;
    cap_grid_wrap(g, &il, &jl);
    size_t c = cap_grid_idx(g, i, j);
    if ((pf[c] < 0 || pf[cap_grid_idx(g, il, jl)] < 0) && !(closed && w->yclosed[c])) {
      v[c] -= dt / p->rho * face_gradient(&ten, s->p, pf, il, jl, CAP_YHI);
    }
  });
  periodic_copies(g, u, v);
  double div_max = 0;
  CAP_PAR_FOR_MAX(cells(g), div_max, for (int j = 0; j < g->ny; j++)
    for (int i = 0; i < g->nx; i++) {
      size_t c = cap_grid_idx(g, i, j);
      if (pf[c] < 0) div_max = fmax(div_max, fabs(divergence(g, u, v, i, j)));
    });
  info->div_max = div_max;
  double t4 = cap_ns_now();
  info->t_project = (t4 - t3) + (t1 - t0);
  /* 5. extension of the velocity into the air band */
  if ((st = extend(w, g, pf, u, v, p->band, p->extension_order))) return st;
  zero_wall_faces(g, u, v);
  if (closed) {
    zero_closed_faces(g, s->bounds.pinned, solid_cells, w->xclosed, w->yclosed, u, v, 1);
    solid_faces(g, &s->bounds, u, v);
  }
  if (p->air_projection && (st = air_projection(w, g, p, pf, solid_cells, closed, u, v)))
    return CAP_ERROR(st, "step %ld (t = %.9g s): %s", s->step + 1, s->t, cap_error_message());
  if ((st = check_faces(s, u, 1, "u", dt)) || (st = check_faces(s, v, 0, "v", dt))) return st;
  double t5 = cap_ns_now();
  info->t_extend = t5 - t4;
  /* 6. level set */
  st = cap_levelset_advect(g, ct, phi, u, v, NULL, dt, w->ls);
  if (!st && p->reinit_every > 0 && (s->step + 1) % p->reinit_every == 0)
    st = cap_ns_reinit(w, g, p, &s->bounds, phi, &info->area_given);
  if (st) return CAP_ERROR(st, "step %ld (t = %.9g s): %s", s->step + 1, s->t, cap_error_message());
  if ((st = check_phi(s, phi, dt))) return st;
  info->t_levelset = cap_ns_now() - t5;
  /* phi itself serves: a face that touches a solid cell (where phi may be the negative continuation)
   * is closed and holds 0 */
  info->max_speed = max_speed(g, phi, u, v);
  s->t += dt;
  s->step++;
  return CAP_SUCCESS;
}

int cap_ns_step_until(cap_ns_state *s, const cap_ns_params *p, cap_ns_ws *w, double t_end, cap_ns_step_info *info,
                      int *done)
{
  if (!done) return CAP_ERROR(CAP_EINVAL, "cap_ns_step_until: done is NULL");
  *done = 0;
  cap_ns_dt_info di;
  double step = 0;
  int st = cap_ns_dt(s, p, &di);
  if (!st) st = cap_ns_dt_until(di.dt, s->t, t_end, &step);
  if (st) return st;
  if (step == 0) {
    *done = 1;
    return CAP_SUCCESS;
  }
  return cap_ns_step(s, p, w, step, info);
}
