/* cap_wetting: the dynamic contact-angle model of Wang, Mucha & Turk (2005, Sec. 6); see cap_wetting.h
 * for the rules, the ties and the sources. */
#include "cap_wetting.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cap_interp.h"
#include "cap_errno.h"
#include "cap_levelset.h"
#include "cap_ws.h"

/* ---- 1. material ---------------------------------------------------------------------------- */

static int check_material(double theta_r, double theta_a, double theta_aw, double p_recede_max)
{
  int s = cap_check_open("theta_r", theta_r, 0, M_PI, "rad");
  if (!s) s = cap_check_open("theta_a", theta_a, 0, M_PI, "rad");
  if (s) return s;
  if (!(theta_a >= theta_r))
    return CAP_ERROR(CAP_EDOM,
                     "theta_a (advancing angle, dry solid) = %.9g rad is out of range: allowed theta_r <= "
                     "theta_a < pi, here %.9g <= theta_a < %.9g rad",
                     theta_a, theta_r, M_PI);
  if (!(isfinite(theta_aw) && theta_aw >= theta_r && theta_aw <= theta_a))
    return CAP_ERROR(CAP_EDOM,
                     "theta_aw (advancing angle, wetted solid) = %.9g rad is out of range: allowed theta_r "
                     "<= theta_aw <= theta_a, here %.9g <= theta_aw <= %.9g rad",
                     theta_aw, theta_r, theta_a);
  return cap_check_nonneg("p_recede_max", p_recede_max, "Pa");
}

int cap_wetting_material_init(cap_wetting_material *m, double theta_r, double theta_a, double theta_aw,
                              double p_recede_max)
{
  if (!m) return CAP_ERROR(CAP_EINVAL, "cap_wetting_material_init: material pointer is NULL");
  int s = check_material(theta_r, theta_a, theta_aw, p_recede_max);
  if (s) return s;
  m->theta_r = theta_r;
  m->theta_a = theta_a;
  m->theta_aw = theta_aw;
  m->p_recede_max = p_recede_max;
  return CAP_SUCCESS;
}

int cap_wetting_material_check(const cap_wetting_material *m)
{
  if (!m) return CAP_ERROR(CAP_EINVAL, "cap_wetting_material_check: material pointer is NULL");
  return check_material(m->theta_r, m->theta_a, m->theta_aw, m->p_recede_max);
}

double cap_wetting_theta_advancing(const cap_wetting_material *m, int wetted)
{
  return wetted ? m->theta_aw : m->theta_a;
}

/* ---- 2. angle selection ----------------------------------------------------------------------- */

cap_wetting_regime cap_wetting_eq10(double p_r, double p_a, double *p)
{
  double v;
  cap_wetting_regime r;
  if (isnan(p_r) || isnan(p_a)) {
    v = p_r + p_a; /* NaN: passed on */
    r = CAP_WETTING_PINNED;
  } else if ((p_r < 0 && p_a > 0) || (p_a < 0 && p_r > 0)) { /* a: signs, not the product (underflow) */
    v = 0.0;
    r = CAP_WETTING_PINNED;
  } else if (p_a < 0) { /* b */
    v = p_a;
    r = CAP_WETTING_ADVANCING;
  } else if (p_r > 0) { /* c */
    v = p_r;
    r = CAP_WETTING_RECEDING;
  } else { /* d: a zero that is not a driving sign; +0 also for -0 inputs */
    v = 0.0;
    r = CAP_WETTING_PINNED;
  }
  if (p) *p = v;
  return r;
}

/* The receding bound of Sec. 8 (cap_wetting.h, 1.): |p| <= p_recede_max, sign kept; 0 = off. */
static double bound_receding(const cap_wetting_material *m, double p)
{
  if (m->p_recede_max > 0 && fabs(p) > m->p_recede_max) return copysign(m->p_recede_max, p);
  return p;
}

int cap_wetting_select(const cap_wetting_material *m, double vn, double v_static, int wetted, double p_r, double p_a,
                       cap_wetting_choice *out)
{
  if (!m || !out) return CAP_ERROR(CAP_EINVAL, "cap_wetting_select: material or output pointer is NULL");
  int s = cap_wetting_material_check(m);
  if (!s) s = cap_check_nonneg("v_static", v_static, "m/s");
  if (s) return s;
  if (!isfinite(vn) || !isfinite(p_r) || !isfinite(p_a))
    return CAP_ERROR(CAP_ENONFINITE, "cap_wetting_select: non-finite input: vn = %g m/s, p_r = %g Pa, p_a = %g Pa", vn,
                     p_r, p_a);
  cap_wetting_choice c;
  if (vn > v_static) { /* moving into the dry side; |vn| == v_static is static */
    c.regime = CAP_WETTING_ADVANCING;
    c.moving = 1;
    c.p = p_a;
  } else if (vn < -v_static) {
    c.regime = CAP_WETTING_RECEDING;
    c.moving = 1;
    c.p = p_r;
  } else {
    c.regime = cap_wetting_eq10(p_r, p_a, &c.p);
    c.moving = 0;
  }
  switch (c.regime) {
  case CAP_WETTING_ADVANCING: c.theta = cap_wetting_theta_advancing(m, wetted); break;
  case CAP_WETTING_RECEDING:
    c.theta = m->theta_r;
    c.p = bound_receding(m, c.p);
    break;
  default: c.theta = 0.0; break;
  }
  *out = c;
  return CAP_SUCCESS;
}

/* ---- 3. wetting-history map -------------------------------------------------------------------- */

struct cap_wetting_map {
  cap_ws_shape shape; /* the grid the map was made for */
  unsigned char *wet; /* size bytes, 0 dry, 1 wetted */
};

int cap_wetting_map_alloc(cap_wetting_map **out, const cap_grid *g)
{
  if (!out) return CAP_ERROR(CAP_EINVAL, "cap_wetting_map_alloc: output pointer is NULL");
  *out = NULL;
  if (!g) return CAP_ERROR(CAP_EINVAL, "cap_wetting_map_alloc: grid pointer is NULL");
  cap_wetting_map *w = malloc(sizeof *w);
  if (!w) return CAP_ERROR(CAP_ENOMEM, "cap_wetting_map_alloc: cannot allocate the map handle");
  w->wet = calloc(g->size, 1);
  if (!w->wet) {
    free(w);
    return CAP_ERROR(CAP_ENOMEM, "cap_wetting_map_alloc: cannot allocate a map of %zu bytes", g->size);
  }
  w->shape = cap_ws_shape_of(g);
  *out = w;
  return CAP_SUCCESS;
}

void cap_wetting_map_free(cap_wetting_map *w)
{
  if (!w) return;
  free(w->wet);
  free(w);
}

static size_t entry(const cap_grid *g, int i, int j, int k)
{
  return g->dim == 3 ? cap_grid_idx3(g, i, j, k) : cap_grid_idx(g, i, j);
}

/* The entry of the interior cell c (periodic directions wrapped), or 0 with *ok = 0 if c is outside
 * the interior. */
static size_t interior_entry(const cap_grid *g, const int c_in[3], int *ok)
{
  int n[3] = {g->nx, g->ny, g->nz}, c[3] = {c_in[0], c_in[1], c_in[2]};
  for (int d = 0; d < g->dim; d++) {
    if ((c[d] < 0 || c[d] >= n[d]) && g->bc[2 * d] == CAP_BC_PERIODIC) c[d] = ((c[d] % n[d]) + n[d]) % n[d];
    if (c[d] < 0 || c[d] >= n[d]) {
      *ok = 0;
      return 0;
    }
  }
  *ok = 1;
  return entry(g, c[0], c[1], c[2]);
}

/* 1 if the SURFACE cell (i, j, k) has a FLUID interior face-neighbour with phi < 0. With check != 0
 * nothing is decided: the values that would be read are validated instead (returns a status). */
static int touched(const cap_grid *g, const unsigned char *mask, const double *phi, int i, int j, int k, int check)
{
  for (int d = 0; d < g->dim; d++)
    for (int sgn = -1; sgn <= 1; sgn += 2) {
      int c[3] = {i, j, k}, ok;
      c[d] += sgn;
      size_t q = interior_entry(g, c, &ok);
      if (!ok || mask[q] != CAP_WETTING_FLUID) continue;
      if (check) {
        if (!isfinite(phi[q]))
          return CAP_ERROR(CAP_ENONFINITE,
                           "cap_wetting_map_update: phi = %g at cell (%d, %d, %d), beside solid-boundary cell "
                           "(%d, %d, %d)",
                           phi[q], c[0], c[1], c[2], i, j, k);
      } else if (phi[q] < 0) {
        return 1;
      }
    }
  return 0;
}

int cap_wetting_map_update(cap_wetting_map *w, const cap_grid *g, const unsigned char *mask, const double *phi,
                           size_t *n_new)
{
  if (!w || !g || !mask || !phi) return CAP_ERROR(CAP_EINVAL, "cap_wetting_map_update: NULL argument");
  if (!cap_ws_shape_is(&w->shape, g))
    return CAP_ERROR(CAP_ESIZE,
                     "cap_wetting_map_update: the map was made for a %dD %d x %d x %d grid with %d ghosts, "
                     "not for this %dD %d x %d x %d grid with %d ghosts",
                     w->shape.dim, w->shape.nx, w->shape.ny, w->shape.nz, w->shape.ng, g->dim, g->nx, g->ny, g->nz,
                     g->ng);
  int s = cap_grid_check_bc(g);
  if (s) return s;
  int ng = g->ng, k0 = g->dim == 3 ? -ng : 0, k1 = g->dim == 3 ? g->nz + ng : 1;
  /* pass 1: validate (the map stays unchanged on error) */
  for (int k = k0; k < k1; k++)
    for (int j = -ng; j < g->ny + ng; j++)
      for (int i = -ng; i < g->nx + ng; i++) {
        unsigned char v = mask[entry(g, i, j, k)];
        if (v > CAP_WETTING_SOLID)
          return CAP_ERROR(CAP_EDOM,
                           "mask[cell (%d, %d, %d)] = %d is out of range: allowed FLUID (0), SURFACE (1), "
                           "SOLID (2)",
                           i, j, k, (int)v);
        if (v == CAP_WETTING_SURFACE && (s = touched(g, mask, phi, i, j, k, 1))) return s;
      }
  /* pass 2: mark; never unmark */
  size_t added = 0;
  for (int k = k0; k < k1; k++)
    for (int j = -ng; j < g->ny + ng; j++)
      for (int i = -ng; i < g->nx + ng; i++) {
        size_t q = entry(g, i, j, k);
        if (mask[q] != CAP_WETTING_SURFACE || w->wet[q]) continue;
        if (touched(g, mask, phi, i, j, k, 0)) {
          w->wet[q] = 1;
          added++;
        }
      }
  if (n_new) *n_new = added;
  return CAP_SUCCESS;
}

int cap_wetting_map_query(const cap_wetting_map *w, size_t idx, int *wetted)
{
  if (!w || !wetted) return CAP_ERROR(CAP_EINVAL, "cap_wetting_map_query: NULL argument");
  if (idx >= w->shape.size)
    return CAP_ERROR(CAP_EDOM, "idx = %zu is out of range: allowed 0 <= idx < %zu (the grid's size)", idx,
                     w->shape.size);
  *wetted = w->wet[idx] != 0;
  return CAP_SUCCESS;
}

const unsigned char *cap_wetting_map_data(const cap_wetting_map *w) { return w ? w->wet : NULL; }

size_t cap_wetting_map_count(const cap_wetting_map *w)
{
  size_t n = 0;
  if (w)
    for (size_t q = 0; q < w->shape.size; q++) n += w->wet[q] != 0;
  return n;
}

int cap_wetting_map_reset(cap_wetting_map *w)
{
  if (!w) return CAP_ERROR(CAP_EINVAL, "cap_wetting_map_reset: map pointer is NULL");
  memset(w->wet, 0, w->shape.size);
  return CAP_SUCCESS;
}

int cap_wetting_mask_walls(const cap_grid *g, unsigned char *mask)
{
  if (!g || !mask) return CAP_ERROR(CAP_EINVAL, "cap_wetting_mask_walls: NULL argument");
  int n[3] = {g->nx, g->ny, g->nz}, ng = g->ng;
  for (int pass = 0; pass < 2; pass++) /* 0: all ghosts beyond a wall SOLID; 1: the first layer SURFACE */
    for (int side = 0; side < 2 * g->dim; side++) {
      if (g->bc[side] != CAP_BC_WALL) continue;
      int d = side / 2, hi = side % 2;
      int lo_c[3], hi_c[3]; /* the box of cells to set, [lo, hi) per direction */
      for (int e = 0; e < 3; e++) {
        if (e >= g->dim) {
          lo_c[e] = 0;
          hi_c[e] = 1;
        } else if (e != d) {
          lo_c[e] = pass ? 0 : -ng;
          hi_c[e] = pass ? n[e] : n[e] + ng;
        } else {
          lo_c[e] = hi ? n[e] : (pass ? -1 : -ng);
          hi_c[e] = hi ? (pass ? n[e] + 1 : n[e] + ng) : 0;
        }
      }
      for (int k = lo_c[2]; k < hi_c[2]; k++)
        for (int j = lo_c[1]; j < hi_c[1]; j++)
          for (int i = lo_c[0]; i < hi_c[0]; i++)
            mask[entry(g, i, j, k)] = pass ? CAP_WETTING_SURFACE : CAP_WETTING_SOLID;
    }
  return CAP_SUCCESS;
}

int cap_wetting_wall_update(cap_contact *ct, const cap_grid *g, cap_side side, const double *phi, const double *u,
                            const double *v, const cap_wetting_material *m, double v_static,
                            const cap_wetting_contact *prev, int nprev, double dt, unsigned char *pinned,
                            cap_wetting_contact *contacts, int max_contacts, int *ncontacts)
{
  if (nprev > 0 && !prev)
    return CAP_ERROR(CAP_EINVAL, "cap_wetting_wall_update: %d previous contacts but prev is NULL", nprev);
  if (nprev > 0 && !(dt > 0 && isfinite(dt)))
    return CAP_ERROR(
        CAP_EDOM, "cap_wetting_wall_update: dt = %g is out of range: allowed 0 < dt < inf with previous contacts", dt);
  if (!ct || !g || !phi || !u || !v || !m)
    return CAP_ERROR(CAP_EINVAL, "cap_wetting_wall_update: a pointer argument is NULL");
  if (g->dim != 2 || (int)side < 0 || (int)side >= 4)
    return CAP_ERROR(CAP_EDOM, "cap_wetting_wall_update: side %d of a %dD grid: allowed a side of a 2D grid", (int)side,
                     g->dim);
  double *angles = NULL;
  int s = cap_contact_wall_angles(ct, side, &angles);
  if (s) return s;
  s = cap_wetting_material_check(m);
  if (!s) s = cap_check_nonneg("v_static", v_static, "m/s");
  if (s) return s;
  const int x_side = side == CAP_XLO || side == CAP_XHI;
  const int n = x_side ? g->ny : g->nx, rows = x_side ? g->nx : g->ny, ng = g->ng;
  if (rows < 3)
    return CAP_ERROR(CAP_EDOM, "cap_wetting_wall_update: %d rows normal to side %d: allowed >= 3", rows, (int)side);
  const double h = g->h;
#define WCELL(t, r) cap_grid_wall_idx(g, side, (t), (r))
  int nc = 0;
  double last_theta = NAN, pos_prev = -INFINITY;
  if (pinned)
    for (int t = 0; t < n; t++) pinned[WCELL(t, 0)] = 0;
  /* first pass: the contact points in order along the wall; positions between two contact points
   * take the nearer one's angle (written behind the sweep) */
  int t_written = -ng; /* positions below this are written */
  for (int t = 0; t + 1 < n; t++) {
    double fa = phi[WCELL(t, 0)], fb = phi[WCELL(t + 1, 0)];
    if ((fa < 0) == (fb < 0)) continue;
    if (!isfinite(fa) || !isfinite(fb))
      return CAP_ERROR(CAP_ENONFINITE, "cap_wetting_wall_update: phi at the wall row, position %d", t);
    double frac = fa / (fa - fb);
    int dir = fa < 0 ? 1 : -1;
    /* derivatives at the crossing in each of the three rows, then extrapolated to the wall */
    double dn[3], dtan[3];
    for (int r = 0; r < 3; r++) {
      double a = phi[WCELL(t, r)], b = phi[WCELL(t + 1, r)];
      dtan[r] = (b - a) / h;
    }
    for (int k = 0; k < 2; k++) { /* the normal derivative at t and t + 1, then interpolated */
      int tt = t + k;
      dn[k] = (-2 * phi[WCELL(tt, 0)] + 3 * phi[WCELL(tt, 1)] - phi[WCELL(tt, 2)]) / h;
    }
    double phin = (1 - frac) * dn[0] + frac * dn[1];
    double phit = (15 * dtan[0] - 10 * dtan[1] + 3 * dtan[2]) / 8;
    double gn = hypot(phin, phit);
    double theta_m = gn > 0 ? acos(fmax(-1.0, fmin(1.0, phin / gn))) : M_PI / 2;
    /* the front velocity: the motion of the same contact point since the previous call (same dir,
     * within 2 cells), else the tangential velocity at the face between the two cells of the wall row */
    double pos = t + frac, vn = NAN;
    for (int q = 0; q < nprev; q++)
      if (prev[q].dir == dir && fabs(prev[q].pos - pos) < 2) {
        vn = dir * (pos - prev[q].pos) * h / dt;
        break;
      }
    if (isnan(vn))
      vn = dir * (x_side ? v : u)[WCELL(t + 1, 0)]; /* the face between cells t and t + 1 of the wall row */
    cap_wetting_choice c;
    s = cap_wetting_select(m, vn, v_static, 0, cos(theta_m) - cos(m->theta_r), cos(theta_m) - cos(m->theta_a), &c);
    if (s) return s;
    /* PINNED only for theta_r <= theta_m <= theta_a (the signs above), so theta is in (0, pi) */
    double theta = c.regime == CAP_WETTING_PINNED ? theta_m : c.theta;
    /* positions from t_written up to the midpoint with the previous contact take the previous angle;
     * those from the midpoint to here take this one */
    int mid = isfinite(pos_prev) ? (int)floor(0.5 * (pos_prev + pos)) + 1 : -ng;
    for (; t_written < mid && t_written < n + ng; t_written++) angles[t_written + ng] = last_theta;
    for (; t_written <= t && t_written < n + ng; t_written++) angles[t_written + ng] = theta;
    last_theta = theta;
    pos_prev = pos;
    if (contacts && nc < max_contacts) contacts[nc] = (cap_wetting_contact){pos, dir, theta_m, vn, theta, c};
    if (pinned && c.regime == CAP_WETTING_PINNED)
      for (int q = t - 1; q <= t + 2; q++)
        if (q >= 0 && q < n) pinned[WCELL(q, 0)] = 1;
    nc++;
  }
  if (nc > 0)
    for (; t_written < n + ng; t_written++) angles[t_written + ng] = last_theta;
#undef WCELL
  if (ncontacts) *ncontacts = nc;
  return CAP_SUCCESS;
}

/* ---- 2c. the model on solids inside the domain ------------------------------------------------- */

/* The wetting flag of the solid just ahead of a contact point: the solid cell that holds the point h
 * along the dry direction and h/2 into the solid (else h into it); 0 without a map or such a cell. */
static int wetted_ahead(const cap_vsurf *vs, const cap_grid *g, const cap_wetting_map *map, const cap_vsurf_contact *c)
{
  if (!map) return 0;
  const unsigned char *in = cap_vsurf_cells(vs), *wet = cap_wetting_map_data(map);
  for (int k = 1; k <= 2; k++) {
    double x = c->x + g->h * (c->tx - 0.5 * k * c->nx), y = c->y + g->h * (c->ty - 0.5 * k * c->ny);
    int i = (int)floor((x - g->x0) / g->h), j = (int)floor((y - g->y0) / g->h);
    if (i < 0 || i >= g->nx || j < 0 || j >= g->ny) continue;
    size_t idx = cap_grid_idx(g, i, j);
    if (in[idx]) return wet[idx] != 0;
  }
  return 0;
}

/* Solves the n x n system a x = b (n <= 6, a row-major, both overwritten) by Gaussian elimination with
 * partial pivoting; 0 on success, -1 if a pivot vanishes against the matrix's scale. */
static int solve_small(int n, double *a, double *b, double *x)
{
  double scale = 0;
  for (int k = 0; k < n * n; k++) scale = fmax(scale, fabs(a[k]));
  for (int col = 0; col < n; col++) {
    int piv = col;
    for (int r = col + 1; r < n; r++)
      if (fabs(a[r * n + col]) > fabs(a[piv * n + col])) piv = r;
    if (!(fabs(a[piv * n + col]) > 1e-12 * scale)) return -1;
    if (piv != col) {
      for (int k = 0; k < n; k++) {
        double t = a[col * n + k];
        a[col * n + k] = a[piv * n + k];
        a[piv * n + k] = t;
      }
      double t = b[col];
      b[col] = b[piv];
      b[piv] = t;
    }
    for (int r = col + 1; r < n; r++) {
      double f = a[r * n + col] / a[col * n + col];
      for (int k = col; k < n; k++) a[r * n + k] -= f * a[col * n + k];
      b[r] -= f * b[col];
    }
  }
  for (int r = n - 1; r >= 0; r--) {
    double sum = b[r];
    for (int k = r + 1; k < n; k++) sum -= a[r * n + k] * x[k];
    x[r] = sum / a[r * n + r];
  }
  return 0;
}

/* The actual contact point and angle near the virtual surface's contact point c (MEASURED CONTACT in
 * cap_wetting.h): c moved to it, the angle in *theta_m. Fewer than 10 fluid cells in the window, a
 * singular fit, or a zero of the fit along the surface outside the window leave c as it is and give
 * the angle imposed there (no push). */
static void measure_contact(const cap_vsurf *vs, const cap_grid *g, const double *phi, cap_vsurf_contact *c,
                            double *theta_m)
{
  *theta_m = c->theta;
  const unsigned char *in = cap_vsurf_cells(vs);
  const double h = g->h, reach = CAP_WETTING_REACH;
  const int i0 = (int)floor((c->x - g->x0) / h - reach), i1 = (int)ceil((c->x - g->x0) / h + reach);
  const int j0 = (int)floor((c->y - g->y0) / h - reach), j1 = (int)ceil((c->y - g->y0) / h + reach);
  /* phi = q0 + q1 X + q2 Y + q3 X^2 + q4 X Y + q5 Y^2, (X, Y) = (x - c) / h, weighted least squares */
  double a[36] = {0}, b[6] = {0}, q[6];
  int np = 0;
  for (int j = j0 > 0 ? j0 : 0; j <= j1 && j < g->ny; j++)
    for (int i = i0 > 0 ? i0 : 0; i <= i1 && i < g->nx; i++) {
      size_t k = cap_grid_idx(g, i, j);
      double X = (cap_grid_xc(g, i) - c->x) / h, Y = (cap_grid_yc(g, j) - c->y) / h, r = hypot(X, Y) / reach;
      if (in[k] || r >= 1 || !isfinite(phi[k])) continue;
      double w = (1 - r * r) * (1 - r * r), m[6] = {1, X, Y, X * X, X * Y, Y * Y};
      for (int u = 0; u < 6; u++) {
        b[u] += w * m[u] * phi[k] / h;
        for (int l = 0; l < 6; l++) a[u * 6 + l] += w * m[u] * m[l];
      }
      np++;
    }
  if (np < 10 || solve_small(6, a, b, q)) return;
  /* its zero along the surface's tangent line through c, X = s tx, Y = s ty, by Newton from s = 0 */
  const double tx = c->tx, ty = c->ty;
  double sv = 0;
  for (int it = 0; it < 8; it++) {
    double X = sv * tx, Y = sv * ty;
    double f = q[0] + q[1] * X + q[2] * Y + q[3] * X * X + q[4] * X * Y + q[5] * Y * Y;
    double df = (q[1] + 2 * q[3] * X + q[4] * Y) * tx + (q[2] + q[4] * X + 2 * q[5] * Y) * ty;
    if (!(fabs(df) > 1e-12)) return;
    sv -= f / df;
  }
  if (!(fabs(sv) < reach)) return;
  double X = sv * tx, Y = sv * ty, gx = q[1] + 2 * q[3] * X + q[4] * Y, gy = q[2] + q[4] * X + 2 * q[5] * Y,
         gl = hypot(gx, gy);
  if (!(gl > 0)) return;
  c->x += sv * h * tx;
  c->y += sv * h * ty;
  *theta_m = acos(fmax(-1, fmin(1, (gx * c->nx + gy * c->ny) / gl)));
}

int cap_wetting_vsurf_update(const cap_vsurf *vs, cap_contact *ct, const cap_grid *g, double *phi, const double *u,
                             const double *v, const cap_wetting_material *m, double v_static,
                             const cap_wetting_map *map, const cap_wetting_solid_contact *prev, int nprev, double dt,
                             unsigned char *pinned, cap_wetting_solid_contact *contacts, int max_contacts,
                             int *ncontacts)
{
  if (nprev > 0 && !prev)
    return CAP_ERROR(CAP_EINVAL, "cap_wetting_vsurf_update: %d previous contacts but prev is NULL", nprev);
  if (nprev > 0 && !(dt > 0 && isfinite(dt)))
    return CAP_ERROR(
        CAP_EDOM, "cap_wetting_vsurf_update: dt = %g is out of range: allowed 0 < dt < inf with previous contacts", dt);
  if (!vs || !ct || !g || !phi || !u || !v || !m || !ncontacts || (max_contacts > 0 && !contacts))
    return CAP_ERROR(CAP_EINVAL, "cap_wetting_vsurf_update: a pointer argument is NULL");
  int s = cap_wetting_material_check(m);
  if (!s) s = cap_check_nonneg("v_static", v_static, "m/s");
  if (!s) s = cap_levelset_fill_ghosts(g, ct, phi);
  if (!s) s = cap_vsurf_fill(vs, ct, g, phi);
  if (s) return s;
  const size_t nc = cap_vsurf_ncontacts(vs);
  if (nc > (size_t)(max_contacts > 0 ? max_contacts : 0))
    return CAP_ERROR(CAP_ESIZE, "cap_wetting_vsurf_update: %zu contact points on the solids, room for %d", nc,
                     max_contacts);
  for (size_t r = 0; r < nc && !s; r++) {
    cap_vsurf_contact c;
    s = cap_vsurf_contact_get(vs, r, &c);
    if (s) break;
    double theta_m;
    measure_contact(vs, g, phi, &c, &theta_m);
    /* the front velocity: the motion of the same contact point since the previous call (the same dry
     * direction, within 2 cells), else the liquid's velocity along the surface 1.5 cells out */
    double vn = NAN;
    for (int q = 0; q < nprev && isnan(vn); q++) {
      const cap_vsurf_contact *o = &prev[q].at;
      if (o->tx * c.tx + o->ty * c.ty > 0.5 && hypot(o->x - c.x, o->y - c.y) < 2 * g->h)
        vn = ((c.x - o->x) * c.tx + (c.y - o->y) * c.ty) / dt;
    }
    if (isnan(vn)) {
      double x = c.x + 1.5 * g->h * c.nx, y = c.y + 1.5 * g->h * c.ny;
      vn = cap_interp_linear(g, u, CAP_AT_XFACE, x, y) * c.tx + cap_interp_linear(g, v, CAP_AT_YFACE, x, y) * c.ty;
    }
    int wet = wetted_ahead(vs, g, map, &c);
    cap_wetting_choice ch;
    s = cap_wetting_select(m, vn, v_static, wet, cos(theta_m) - cos(m->theta_r),
                           cos(theta_m) - cos(cap_wetting_theta_advancing(m, wet)), &ch);
    if (s) break;
    /* PINNED only for theta_r <= theta_m <= theta_a(w) (the signs above), so theta is in (0, pi) */
    double theta = ch.regime == CAP_WETTING_PINNED ? theta_m : ch.theta;
    contacts[r] = (cap_wetting_solid_contact){c, theta_m, vn, wet, theta, ch};
  }
  if (s) return s;
  *ncontacts = (int)nc;
  if (pinned) {
    /* the fluid cells next to the solids within 2 cells of a PINNED contact point; the other fluid
     * cells next to the solids cleared */
    const unsigned char *in = cap_vsurf_cells(vs);
    for (int j = 0; j < g->ny; j++)
      for (int i = 0; i < g->nx; i++) {
        size_t c = cap_grid_idx(g, i, j);
        if (in[c] || !((i > 0 && in[c - 1]) || (i < g->nx - 1 && in[c + 1]) || (j > 0 && in[c - g->sy]) ||
                       (j < g->ny - 1 && in[c + g->sy])))
          continue;
        pinned[c] = 0;
        for (size_t r = 0; r < nc; r++)
          if (contacts[r].choice.regime == CAP_WETTING_PINNED &&
              hypot(cap_grid_xc(g, i) - contacts[r].at.x, cap_grid_yc(g, j) - contacts[r].at.y) < 2 * g->h)
            pinned[c] = 1;
      }
  }
  if (!nc) return CAP_SUCCESS;
  /* every solid cell takes the angle of the nearest contact point on its side of the solid (the
   * surface normals within 90 degrees: the two faces of a plate are apart), in the contact module */
  double *angles = NULL;
  if ((s = cap_contact_cell_angles(ct, &angles))) return s;
  const size_t n = cap_vsurf_count(vs);
  for (size_t k = 0; k < n && !s; k++) {
    size_t cell;
    double d, nx, ny, best = INFINITY;
    s = cap_vsurf_cell(vs, k, &cell, &d, &nx, &ny);
    int i = (int)(cell % (size_t)g->sy) - g->ng, j = (int)(cell / (size_t)g->sy) - g->ng;
    double fx = cap_grid_xc(g, i) + d * nx, fy = cap_grid_yc(g, j) + d * ny;
    for (size_t r = 0; r < nc; r++) {
      const cap_vsurf_contact *c = &contacts[r].at;
      double dist = hypot(c->x - fx, c->y - fy);
      if (c->nx * nx + c->ny * ny > 0 && dist < best) {
        best = dist;
        angles[cell] = contacts[r].theta;
      }
    }
  }
  return s;
}

int cap_wetting_mask_vsurf(const cap_vsurf *vs, const cap_grid *g, unsigned char *mask)
{
  if (!vs || !g || !mask) return CAP_ERROR(CAP_EINVAL, "cap_wetting_mask_vsurf: NULL argument");
  const unsigned char *in = cap_vsurf_cells(vs);
  static const int di[4] = {1, -1, 0, 0}, dj[4] = {0, 0, 1, -1};
  for (int j = 0; j < g->ny; j++)
    for (int i = 0; i < g->nx; i++) {
      size_t c = cap_grid_idx(g, i, j);
      if (!in[c]) {
        mask[c] = CAP_WETTING_FLUID;
        continue;
      }
      mask[c] = CAP_WETTING_SOLID;
      for (int q = 0; q < 4; q++) {
        int a = i + di[q], b = j + dj[q];
        if (a >= 0 && a < g->nx && b >= 0 && b < g->ny && !in[cap_grid_idx(g, a, b)]) mask[c] = CAP_WETTING_SURFACE;
      }
    }
  return CAP_SUCCESS;
}
