/* The free-surface step on 3D grids: cap_ns.h's steps 1 to 6 with the three velocity components, on a
 * box of WALL, SLIP and PERIODIC sides, with the walls' contact angles (the level set's ghosts), without
 * solids, pinned cells or the air band's projection. */
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "cap_advect.h"
#include "cap_errno.h"
#include "cap_ns_impl.h"
#include "cap_par.h"
#include "cap_tension.h"

static const cap_location LOC[3] = {CAP_AT_XFACE, CAP_AT_YFACE, CAP_AT_ZFACE};
static const char *const NAME[3] = {"u", "v", "w"};

static long cells3(const cap_grid *g) { return (long)g->nx * g->ny * g->nz; }

static int periodic(const cap_grid *g, int d) { return g->bc[2 * d] == CAP_BC_PERIODIC; }

/* The faces of lattice d (0: x, 1: y, 2: z) that the step owns, lo[a] <= index a < hi[a]: the interior
 * faces, plus the low boundary face of a periodic direction (the high one is its copy). */
static void face_range(const cap_grid *g, int d, int lo[3], int hi[3])
{
  const int n[3] = {g->nx, g->ny, g->nz};
  for (int a = 0; a < 3; a++) lo[a] = 0, hi[a] = n[a];
  if (!periodic(g, d)) lo[d] = 1;
}

#define FOR3(lo, hi, i, j, k)                                                                                          \
  for (int k = (lo)[2]; k < (hi)[2]; k++)                                                                              \
    for (int j = (lo)[1]; j < (hi)[1]; j++)                                                                            \
      for (int i = (lo)[0]; i < (hi)[0]; i++)

/* The cell below face (i, j, k) of lattice d, across the seam of a periodic direction. */
static size_t cell_below(const cap_grid *g, int d, int i, int j, int k)
{
  int c[3] = {i, j, k};
  c[d]--;
  cap_grid_wrap3(g, &c[0], &c[1], &c[2]);
  return cap_grid_idx3(g, c[0], c[1], c[2]);
}

static int fail_nonfinite(const cap_ns_state *s, const char *field, int i, int j, int k, const double o[3], double dt)
{
  const cap_grid *g = &s->g;
  char dts[48] = "";
  if (dt > 0) snprintf(dts, sizeof dts, ", dt = %.3g s", dt);
  return CAP_ERROR(CAP_ENONFINITE,
                   "step %ld (t = %.9g s%s): non-finite %s at (%d, %d, %d), x = %.6g, y = %.6g, z = %.6g", s->step + 1,
                   s->t, dts, field, i, j, k, g->x0 + (i + o[0]) * g->h, g->y0 + (j + o[1]) * g->h,
                   g->z0 + (k + o[2]) * g->h);
}

/* The first sample (lexicographic in k, j, i) of f in lo..hi that is not finite, or -1 (with `liquid`,
 * only the cells where phi < 0). */
static long first_nonfinite(const cap_grid *g, const double *f, const int lo[3], const int hi[3], const double *liquid)
{
  long first = LONG_MAX;
  const long nj = hi[1] - lo[1], ni = hi[0] - lo[0];
  CAP_PAR_FOR_MIN(cells3(g), first, for (int k = lo[2]; k < hi[2]; k++)
    for (int j = lo[1]; j < hi[1]; j++)
      for (int i = lo[0]; i < hi[0]; i++) {
        size_t c = cap_grid_idx3(g, i, j, k);
        if ((!liquid || liquid[c] < 0) && !isfinite(f[c])) {
          long n = ((long)(k - lo[2]) * nj + (j - lo[1])) * ni + (i - lo[0]);
          first = first < n ? first : n;
          j = hi[1];
          break;
        }
      });
  return first == LONG_MAX ? -1 : first;
}

/* Reports the first non-finite sample of f in lo..hi as `name` at offsets o (in cells). */
static int check_range(const cap_ns_state *s, const double *f, const int lo[3], const int hi[3], const double *liquid,
                       const char *name, const double o[3], double dt)
{
  long n = first_nonfinite(&s->g, f, lo, hi, liquid);
  if (n < 0) return CAP_SUCCESS;
  const long ni = hi[0] - lo[0], nj = hi[1] - lo[1];
  return fail_nonfinite(s, name, lo[0] + (int)(n % ni), lo[1] + (int)(n / ni % nj), lo[2] + (int)(n / ni / nj), o, dt);
}

int cap_ns3_check_velocity(const cap_ns_state *s, double dt)
{
  const double *vel[3] = {s->u, s->v, s->w};
  for (int d = 0; d < 3; d++) {
    int lo[3], hi[3];
    double o[3] = {0.5, 0.5, 0.5};
    o[d] = 0;
    face_range(&s->g, d, lo, hi);
    int st = check_range(s, vel[d], lo, hi, NULL, NAME[d], o, dt);
    if (st) return st;
  }
  return CAP_SUCCESS;
}

static int check_cells(const cap_ns_state *s, const double *f, const double *liquid, const char *name, double dt)
{
  const cap_grid *g = &s->g;
  const int lo[3] = {0, 0, 0}, hi[3] = {g->nx, g->ny, g->nz};
  const double o[3] = {0.5, 0.5, 0.5};
  return check_range(s, f, lo, hi, liquid, name, o, dt);
}

double cap_ns3_max_speed(const cap_ns_state *s)
{
  const cap_grid *g = &s->g;
  const double *vel[3] = {s->u, s->v, s->w}, *phi = s->phi;
  double m = 0;
  for (int d = 0; d < 3; d++) {
    int lo[3], hi[3];
    face_range(g, d, lo, hi);
    const double *f = vel[d];
    CAP_PAR_FOR_MAX(cells3(g), m, FOR3(lo, hi, i, j, k) {
      size_t c = cap_grid_idx3(g, i, j, k);
      if (phi[c] < 0 || phi[cell_below(g, d, i, j, k)] < 0) m = fmax(m, fabs(f[c]));
    });
  }
  return m;
}

/* The high boundary face of a periodic direction repeats the low one. */
static void periodic_copies(const cap_grid *g, double *const vel[3])
{
  const int n[3] = {g->nx, g->ny, g->nz};
  const ptrdiff_t stride[3] = {1, g->sy, g->sz};
  for (int d = 0; d < 3; d++) {
    if (!periodic(g, d)) continue;
    int lo[3] = {0, 0, 0}, hi[3] = {g->nx, g->ny, g->nz};
    hi[d] = 1;
    double *f = vel[d];
    FOR3(lo, hi, i, j, k)
    {
      size_t c = cap_grid_idx3(g, i, j, k);
      f[c + n[d] * stride[d]] = f[c];
    }
  }
}

/* No flow through walls: their faces are zero whatever the extension wrote. */
static void zero_wall_faces(const cap_grid *g, double *const vel[3])
{
  const int n[3] = {g->nx, g->ny, g->nz};
  const ptrdiff_t stride[3] = {1, g->sy, g->sz};
  for (int d = 0; d < 3; d++) {
    if (periodic(g, d)) continue;
    int lo[3] = {0, 0, 0}, hi[3] = {g->nx, g->ny, g->nz};
    hi[d] = 1;
    double *f = vel[d];
    FOR3(lo, hi, i, j, k)
    {
      size_t c = cap_grid_idx3(g, i, j, k);
      f[c] = f[c + n[d] * stride[d]] = 0;
    }
  }
}

/* Discrete divergence of the face velocities at cell c. */
static double divergence(const cap_grid *g, double *const vel[3], size_t c)
{
  return (vel[0][c + 1] - vel[0][c] + vel[1][c + g->sy] - vel[1][c] + vel[2][c + g->sz] - vel[2][c]) / g->h;
}

/* Pressure gradient (p_hi - p_lo)/h across face (i, j, k) of lattice d, between the cell lo below it
 * and hi = (i, j, k), at least one of them liquid: the ghost-fluid rule of the matrix (cap_poisson) at
 * the tension's jump on the air side, as cap_ns.c does in 2D. */
static double face_gradient(const cap_tension *ten, const double *p, const double *phi, int d, int i, int j, int k)
{
  const cap_grid *g = ten->g;
  int c[3] = {i, j, k};
  c[d]--;
  cap_grid_wrap3(g, &c[0], &c[1], &c[2]);
  size_t lo = cap_grid_idx3(g, c[0], c[1], c[2]), hi = cap_grid_idx3(g, i, j, k);
  double h = g->h;
  if (phi[lo] < 0 && phi[hi] < 0) return (p[hi] - p[lo]) / h;
  if (phi[lo] < 0) { /* air above: ghost at hi */
    double th = phi[lo] / (phi[lo] - phi[hi]);
    double pg = cap_tension_at(ten, c[0], c[1], c[2], 2 * d + 1, th);
    return (pg - p[lo]) / (fmax(th, CAP_POISSON_THETA_MIN) * h);
  }
  double th = phi[hi] / (phi[hi] - phi[lo]); /* air below: ghost at lo, seen from hi */
  double pg = cap_tension_at(ten, i, j, k, 2 * d, th);
  return (p[hi] - pg) / (fmax(th, CAP_POISSON_THETA_MIN) * h);
}

/* phi at the faces of lattice d into ps, at the lattice's points only (steps 1 and 5): cap_fmm_sample_phi,
 * but on the walls' faces the mean of the cell inside and its ghost as the level set fills it (the linear
 * extrapolation of cap_fmm_sample_phi at a wall, the cell's own value at a symmetry plane: a 90-degree
 * wall); phi's ghosts filled by cap_levelset_fill_ghosts. */
static int sample_phi(const cap_grid *g, const double *phi, int d, double *ps)
{
  int st = cap_fmm_sample_phi(g, phi, LOC[d], ps);
  if (st || periodic(g, d)) return st;
  const int n[3] = {g->nx, g->ny, g->nz};
  const ptrdiff_t stride = d == 0 ? 1 : (d == 1 ? g->sy : g->sz), step = (ptrdiff_t)n[d] * stride;
  int lo[3] = {0, 0, 0}, hi[3] = {g->nx, g->ny, g->nz};
  hi[d] = 1;
  FOR3(lo, hi, i, j, k)
  {
    size_t c = cap_grid_idx3(g, i, j, k);
    ps[c] = 0.5 * (phi[c] + phi[c - stride]);
    ps[c + step] = 0.5 * (phi[c + step - stride] + phi[c + step]);
  }
  return CAP_SUCCESS;
}

/* Step 5: every component extended from the faces next to liquid and the walls' faces (0) into the air
 * band along the normals (cap_fmm, the three side by side as the workspaces allow: component d in
 * workspace d mod their number), the faces of the air beyond the band zeroed. phi at the faces goes to
 * u2, v2, w2 (free after step 4). */
static int extend(cap_ns_ws *w, const cap_grid *g, const cap_contact *ct, double *phi, double *const vel[3], int band,
                  int order)
{
  double *const phi_s[3] = {w->u2, w->v2, w->w2};
  cap_fmm_field f[3];
  int st = cap_levelset_fill_ghosts(g, ct, phi);
  for (int d = 0; d < 3 && !st; d++) st = sample_phi(g, phi, d, phi_s[d]);
  if (st) return st;
  int nws = 0;
  while (nws < 3 && w->fmm[nws]) nws++;
  cap_fmm_ws *const ws[3] = {w->fmm[0], w->fmm[1 % nws], w->fmm[2 % nws]};
  for (int d = 0; d < 3; d++) {
    unsigned char *known = w->known[d];
    int lo[3], hi[3];
    face_range(g, d, lo, hi);
    memset(known, 0, g->size);
    CAP_PAR_FOR(cells3(g), FOR3(lo, hi, i, j, k) {
      size_t c = cap_grid_idx3(g, i, j, k);
      if (phi[c] < 0 || phi[cell_below(g, d, i, j, k)] < 0) known[c] = 1;
    });
    if (!periodic(g, d)) { /* the walls' faces: known, 0 (no flow through a wall; a symmetry plane's odd component) */
      const int n[3] = {g->nx, g->ny, g->nz};
      int wlo[3] = {0, 0, 0}, whi[3] = {g->nx, g->ny, g->nz};
      whi[d] = 1;
      const ptrdiff_t step = (ptrdiff_t)n[d] * (d == 0 ? 1 : (d == 1 ? g->sy : g->sz));
      FOR3(wlo, whi, i, j, k)
      {
        size_t c = cap_grid_idx3(g, i, j, k);
        known[c] = known[c + step] = 1;
        vel[d][c] = vel[d][c + step] = 0;
      }
    }
    f[d] = (cap_fmm_field){LOC[d], phi_s[d], known, vel[d]};
  }
  st = cap_fmm_extrapolate_fields(ws, g, 3, f, band, (cap_fmm_order)order, NULL);
  if (st) return st;
  const double far = band * g->h;
  for (int d = 0; d < 3; d++) {
    const int lo[3] = {0, 0, 0}, hi[3] = {g->nx + (d == 0), g->ny + (d == 1), g->nz + (d == 2)};
    const unsigned char *known = w->known[d];
    const double *ps = phi_s[d];
    double *q = vel[d];
    CAP_PAR_FOR(cells3(g), FOR3(lo, hi, i, j, k) {
      size_t c = cap_grid_idx3(g, i, j, k);
      if (!known[c] && ps[c] >= far) q[c] = 0;
    });
  }
  return CAP_SUCCESS;
}

static int unsupported(const cap_ns_state *s, const cap_ns_params *p)
{
  const cap_ns_bounds *b = &s->bounds;
  if (b->vsurf || b->pinned)
    return CAP_ERROR(CAP_EGEOM, "cap_ns_step: %s on 3D grids are not supported yet",
                     b->vsurf ? "solids" : "pinned cells");
  if (p->air_projection)
    return CAP_ERROR(CAP_EGEOM, "cap_ns_step: air_projection = 1 is not supported on 3D grids yet (allowed 0)");
  return CAP_SUCCESS;
}

/* Step 4: the projection with the Laplace jump at the crossings; rhs, solve, velocity update. */
static int project(cap_ns_state *s, const cap_ns_params *p, cap_ns_ws *w, const cap_tension *ten, double *const vel[3],
                   double dt, cap_ns_step_info *info)
{
  const cap_grid *g = &s->g;
  const double *phi = s->phi;
  cap_poisson_set_closed_faces(w->poisson, NULL, NULL, NULL);
  int st = cap_poisson_assemble(w->poisson, g, phi, p->sigma > 0 ? cap_tension_value : NULL, (void *)ten);
  if (st) return st;
  const int lo[3] = {0, 0, 0}, hi[3] = {g->nx, g->ny, g->nz};
  double *rhs = w->u2; /* the advection's copy of u, free after step 1 */
  CAP_PAR_FOR(cells3(g), FOR3(lo, hi, i, j, k) {
    size_t c = cap_grid_idx3(g, i, j, k);
    rhs[c] = phi[c] < 0 ? p->rho / dt * divergence(g, vel, c) : 0;
  });
  st = cap_poisson_solve(w->poisson, g, rhs, s->p, p->method, p->ptol, p->pmaxit, &info->pressure);
  if (st)
    return CAP_ERROR(st, "step %ld (t = %.9g s): pressure solve failed: %s", s->step + 1, s->t, cap_error_message());
  if ((st = check_cells(s, s->p, phi, "pressure", dt))) return st;
  for (int d = 0; d < 3; d++) {
    int flo[3], fhi[3];
    face_range(g, d, flo, fhi);
    double *f = vel[d];
    CAP_PAR_SPREAD_FOR(cells3(g), FOR3(flo, fhi, i, j, k) {
      size_t c = cap_grid_idx3(g, i, j, k);
      if (phi[c] < 0 || phi[cell_below(g, d, i, j, k)] < 0)
        f[c] -= dt / p->rho * face_gradient(ten, s->p, phi, d, i, j, k);
    });
  }
  periodic_copies(g, vel);
  double div_max = 0;
  CAP_PAR_FOR_MAX(cells3(g), div_max, FOR3(lo, hi, i, j, k) {
    size_t c = cap_grid_idx3(g, i, j, k);
    if (phi[c] < 0) div_max = fmax(div_max, fabs(divergence(g, vel, c)));
  });
  info->div_max = div_max;
  return CAP_SUCCESS;
}

int cap_ns3_step(cap_ns_state *s, const cap_ns_params *p, cap_ns_ws *w, double dt, cap_ns_step_info *info)
{
  int st = unsupported(s, p);
  if (st) return st;
  const cap_grid *g = &s->g;
  double *phi = s->phi, *const vel[3] = {s->u, s->v, s->w}, *const tmp[3] = {w->u2, w->v2, w->w2};
  cap_ns_fault_apply(s);
  if ((st = check_cells(s, phi, NULL, "phi", dt))) return st;
  double t0 = cap_ns_now();
  if ((st = cap_levelset_ws_set_vsurf(w->ls, NULL)) || (st = cap_levelset_ws_set_band(w->ls, p->levelset_band)))
    return st;
  const cap_contact *ct = s->bounds.contact;
  st = p->curvature_order == 4 ? cap_levelset_curvature4(g, ct, phi, s->kappa)
                               : cap_levelset_curvature(g, ct, phi, s->kappa);
  if (st) return st;
  cap_tension ten = {.g = g, .sigma = p->sigma, .kappa = s->kappa};
  if ((st = cap_ns3_check_velocity(s, dt))) return st;

  double t1 = cap_ns_now();
  /* 1. advection of the velocity by itself, on the faces within the extension band */
  for (int d = 0; d < 3 && !st; d++) {
    /* the normal component odd across every wall; a tangential one odd across a no-slip wall, even
     * across a free-slip one (a symmetry plane) */
    cap_grid_fill_ghosts_at(g, vel[d], LOC[d], CAP_GHOST_ODD);
    for (int side = 0; side < 6; side++)
      if (side / 2 != d && g->bc[side] == CAP_BC_SLIP) cap_grid_mirror_even(g, vel[d], (cap_side)side);
    memcpy(tmp[d], vel[d], g->size * sizeof(double));
  }
  if (!st) st = cap_levelset_fill_ghosts(g, ct, phi);
  for (int d = 0; d < 3 && !st; d++) /* phi at the lattice's faces, one lattice after the other in phi_s[0] */
    if (!(st = sample_phi(g, phi, d, w->phi_s[0])))
      st =
          cap_advect_semilagrangian(g, vel[d], tmp[d], LOC[d], vel[0], vel[1], vel[2], dt, w->phi_s[0], p->band * g->h);
  if (st) return st;
  for (int d = 0; d < 3; d++) memcpy(vel[d], tmp[d], g->size * sizeof(double));
  double t2 = cap_ns_now();
  info->t_advect = t2 - t1;
  /* 2. viscosity */
  if (p->mu > 0) {
    cap_viscosity_status vs;
    if (p->viscosity_form == CAP_NS_VISCOSITY_STRESS)
      st = cap_viscosity_stress_step(w->visc, g, phi, vel[0], vel[1], vel[2], p->mu / p->rho * dt, p->vtol, p->vmaxit,
                                     &vs);
    else
      st = cap_viscosity_step(w->visc, g, phi, vel[0], vel[1], vel[2], p->mu / p->rho * dt, p->vtol, p->vmaxit, &vs);
    info->viscous_iterations = vs.iterations[0] + vs.iterations[1] + vs.iterations[2];
    if (st) return st;
  }
  double t3 = cap_ns_now();
  info->t_viscous = t3 - t2;
  /* 3. body force on every face (see cap_ns.c) */
  const double gravity[3] = {p->gx, p->gy, p->gz};
  for (int d = 0; d < 3; d++) {
    int lo[3], hi[3];
    face_range(g, d, lo, hi);
    double *f = vel[d], a = dt * gravity[d];
    CAP_PAR_FOR(cells3(g), FOR3(lo, hi, i, j, k) f[cap_grid_idx3(g, i, j, k)] += a;);
  }
  periodic_copies(g, vel);
  /* 4. projection */
  if ((st = project(s, p, w, &ten, vel, dt, info))) return st;
  double t4 = cap_ns_now();
  info->t_project = (t4 - t3) + (t1 - t0);
  /* 5. extension into the air band */
  if ((st = extend(w, g, ct, phi, vel, p->band, p->extension_order))) return st;
  zero_wall_faces(g, vel);
  if ((st = cap_ns3_check_velocity(s, dt))) return st;
  double t5 = cap_ns_now();
  info->t_extend = t5 - t4;
  /* 6. level set */
  st = cap_levelset_advect(g, ct, phi, vel[0], vel[1], vel[2], dt, w->ls);
  if (!st && p->reinit_every > 0 && (s->step + 1) % p->reinit_every == 0)
    st = cap_ns_reinit(w, g, p, &s->bounds, phi, &info->area_given);
  if (st) return CAP_ERROR(st, "step %ld (t = %.9g s): %s", s->step + 1, s->t, cap_error_message());
  if ((st = check_cells(s, phi, NULL, "phi", dt))) return st;
  info->t_levelset = cap_ns_now() - t5;
  info->max_speed = cap_ns3_max_speed(s);
  s->t += dt;
  s->step++;
  return CAP_SUCCESS;
}
