#include "cap_levelset.h"

#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cap_errno.h"
#include "cap_par.h"
#include "cap_vsurf.h"
#include "cap_ws.h"

struct cap_levelset_ws {
  cap_grid g;
  double *phi1, *phi2, *rate, *phi0;
  const cap_vsurf *vs; /* solids inside the domain (cap_levelset_ws_set_vsurf), or NULL */
  int band;            /* half-width of the band in cells (cap_levelset_ws_set_band); 0: every cell */
  size_t *cells;       /* the interior cells the last call updates (band_cells), in index order */
  unsigned char *in;   /* band_cells' mask: the cell lies in the band (every cell's entry, g->size) */
  size_t *row_first;   /* band_cells: the list's first entry for each row (j, k) (ny nz + 1 entries) */
  size_t ncells;
};

int cap_levelset_ws_alloc(cap_levelset_ws **out, const cap_grid *g)
{
  if (!out || !g) return CAP_ERROR(CAP_EINVAL, "cap_levelset_ws_alloc: %s is NULL", !out ? "out" : "grid");
  *out = NULL;
  cap_levelset_ws *w = calloc(1, sizeof *w);
  if (!w) return CAP_ERROR(CAP_ENOMEM, "cannot allocate a level-set workspace");
  w->g = *g;
  w->phi1 = cap_grid_field_alloc(g);
  w->phi2 = w->phi1 ? cap_grid_field_alloc(g) : NULL;
  w->rate = w->phi2 ? cap_grid_field_alloc(g) : NULL;
  w->phi0 = w->rate ? cap_grid_field_alloc(g) : NULL;
  w->cells = w->phi0 ? malloc((size_t)g->nx * (size_t)g->ny * (size_t)g->nz * sizeof *w->cells) : NULL;
  w->in = w->cells ? calloc(g->size, 1) : NULL;
  w->row_first = w->in ? malloc(((size_t)g->ny * (size_t)g->nz + 1) * sizeof *w->row_first) : NULL;
  if (!w->row_first) {
    cap_levelset_ws_free(w);
    return CAP_ENOMEM;
  }
  *out = w;
  return CAP_SUCCESS;
}

int cap_levelset_ws_set_vsurf(cap_levelset_ws *w, const cap_vsurf *vs)
{
  if (!w) return CAP_ERROR(CAP_EINVAL, "cap_levelset_ws_set_vsurf: workspace is NULL");
  w->vs = vs;
  return CAP_SUCCESS;
}

int cap_levelset_ws_set_band(cap_levelset_ws *w, int cells)
{
  if (!w) return CAP_ERROR(CAP_EINVAL, "cap_levelset_ws_set_band: workspace is NULL");
  if (cells != 0 && (cells < CAP_LEVELSET_MIN_BAND || cells > CAP_LEVELSET_MAX_BAND))
    return CAP_ERROR(CAP_EDOM, "levelset band = %d cells is out of range: allowed 0 (every cell) or %d to %d", cells,
                     CAP_LEVELSET_MIN_BAND, CAP_LEVELSET_MAX_BAND);
  w->band = cells;
  return CAP_SUCCESS;
}

/* The ghosts of phi and, with solids, the continuation into the solid cells (whose mirror points
 * may read ghosts next to the box; the ghosts are filled again after it, since they mirror interior
 * cells that may be solid). */
static int fill_all(const cap_grid *g, const cap_contact *ct, double *phi, const cap_levelset_ws *w)
{
  int s = cap_levelset_fill_ghosts(g, ct, phi);
  if (!s && w && w->vs) {
    s = cap_vsurf_fill(w->vs, ct, g, phi);
    if (!s) s = cap_levelset_fill_ghosts(g, ct, phi);
  }
  return s;
}

/* A solid cell holds the continuation only: it does not evolve (fill_all rewrites it). */
static int frozen(const cap_levelset_ws *w, size_t c) { return w && w->vs && cap_vsurf_cells(w->vs)[c]; }

/* rate[c] = 0 at a frozen cell, whose rate is not computed: 1 there, else 0 (rate untouched). */
static int zero_if_frozen(const cap_levelset_ws *w, size_t c, double *rate)
{
  if (!frozen(w, c)) return 0;
  rate[c] = 0;
  return 1;
}

void cap_levelset_ws_free(cap_levelset_ws *w)
{
  if (!w) return;
  CAP_FREE_ALL(w->phi1, w->phi2, w->rate, w->phi0, w->cells, w->in, w->row_first, w);
}

/* Cell (i, j, k) of a 2D (k = 0) or 3D grid. */
static size_t at(const cap_grid *g, int i, int j, int k)
{
  return g->dim == 3 ? cap_grid_idx3(g, i, j, k) : cap_grid_idx(g, i, j);
}

/* The indices (i, j, k) of cell c (k = 0 on a 2D grid). */
static void cell_ijk(const cap_grid *g, size_t c, int *i, int *j, int *k)
{
  *i = (int)(c % (size_t)g->sy) - g->ng;
  if (g->dim == 3) {
    *j = (int)(c % (size_t)g->sz / (size_t)g->sy) - g->ng;
    *k = (int)(c / (size_t)g->sz) - g->ng;
  } else {
    *j = (int)(c / (size_t)g->sy) - g->ng;
    *k = 0;
  }
}

static int check_grid(const cap_grid *g, int min_ghost, const char *what)
{
  if (!g) return CAP_ERROR(CAP_EINVAL, "%s: grid is NULL", what);
  if (g->ng < min_ghost)
    return CAP_ERROR(CAP_EDOM, "%s: grid nghost = %d is out of range: allowed nghost >= %d", what, g->ng, min_ghost);
  return CAP_SUCCESS;
}

static int check_ws(const cap_grid *g, const cap_levelset_ws *w, const char *what)
{
  if (!w) return CAP_ERROR(CAP_EINVAL, "%s: workspace is NULL", what);
  if (w->g.nx != g->nx || w->g.ny != g->ny || w->g.nz != g->nz || w->g.ng != g->ng)
    return CAP_ERROR(CAP_ESIZE, "%s: workspace made for a %dx%dx%d grid (nghost %d), used on %dx%dx%d (nghost %d)",
                     what, w->g.nx, w->g.ny, w->g.nz, w->g.ng, g->nx, g->ny, g->nz, g->ng);
  if (g->dim == 3 && w->vs) return CAP_ERROR(CAP_EGEOM, "%s: solids on 3D grids are not supported yet", what);
  return CAP_SUCCESS;
}

/* CAP_ENONFINITE naming interior cell c (an index of g) and the caller. */
static int nonfinite_at(const cap_grid *g, size_t c, const char *what)
{
  int i, j, k;
  cell_ijk(g, c, &i, &j, &k);
  if (g->dim == 3)
    return CAP_ERROR(CAP_ENONFINITE, "%s: non-finite phi at cell (%d, %d, %d), centre (%.6g, %.6g, %.6g)", what, i, j,
                     k, cap_grid_xc(g, i), cap_grid_yc(g, j), cap_grid_zc(g, k));
  return CAP_ERROR(CAP_ENONFINITE, "%s: non-finite phi at cell (%d, %d), centre (%.6g, %.6g)", what, i, j,
                   cap_grid_xc(g, i), cap_grid_yc(g, j));
}

/* Is interior cell c = (i, j, k) in the band of mask `in` or next to it (four neighbours, six in 3D)? */
static int listed(const cap_grid *g, const unsigned char *in, size_t c, int i, int j, int k)
{
  return in[c] || (i > 0 && in[c - 1]) || (i < g->nx - 1 && in[c + 1]) || (j > 0 && in[c - g->sy]) ||
         (j < g->ny - 1 && in[c + g->sy]) ||
         (g->dim == 3 && ((k > 0 && in[c - g->sz]) || (k < g->nz - 1 && in[c + g->sz])));
}

/* The cells a call updates: every interior cell, or with a band the cells with |phi| < band h and their
 * four (3D: six) neighbours (the interface moves at most a cell in a step, so the band's edge can follow
 * it), listed in w->cells in index order (row (j, k) after row, the rows counted, then filled, on the
 * threads). Every other interior cell gets the clamped distance sign(phi) band h, in phi and in the stage
 * arrays phi1 and phi2 (which the listed cells' stencils read). CAP_ENONFINITE naming the first cell whose
 * phi is not finite in index order (phi then unchanged). */
static int band_cells(const cap_grid *g, double *phi, cap_levelset_ws *w, const char *what)
{
  const double lim = w->band * g->h;
  const int rows = g->ny * g->nz; /* row r = j + k ny */
  const long work = (long)g->nx * rows;
  unsigned char *in = w->in;
  /* the mask, and the first non-finite phi in index order over the threads */
  long first = LONG_MAX;
  CAP_PAR_FOR_MIN(work, first, for (int r = 0; r < rows; r++)
    for (int i = 0; i < g->nx; i++) {
      size_t c = at(g, i, r % g->ny, r / g->ny);
      if (!isfinite(phi[c])) {
        first = first < (long)r * g->nx + i ? first : (long)r * g->nx + i;
        break;
      }
      in[c] = w->band == 0 || fabs(phi[c]) < lim;
    });
  if (first != LONG_MAX) {
    int r = (int)(first / g->nx);
    return nonfinite_at(g, at(g, (int)(first % g->nx), r % g->ny, r / g->ny), what);
  }
  /* per row: count the listed cells, clamp the others; then the rows' offsets; then the list */
  size_t *row_first = w->row_first;
  CAP_PAR_FOR(work, for (int r = 0; r < rows; r++) {
    size_t n = 0;
    const int j = r % g->ny, k = r / g->ny;
    for (int i = 0; i < g->nx; i++) {
      size_t c = at(g, i, j, k);
      if (listed(g, in, c, i, j, k)) {
        n++;
        continue;
      }
      double f = phi[c] > 0 ? lim : -lim;
      phi[c] = w->phi1[c] = w->phi2[c] = f;
    }
    row_first[r + 1] = n;
  });
  row_first[0] = 0;
  for (int r = 0; r < rows; r++) row_first[r + 1] += row_first[r];
  CAP_PAR_FOR(work, for (int r = 0; r < rows; r++) {
    size_t n = row_first[r];
    const int j = r % g->ny, k = r / g->ny;
    for (int i = 0; i < g->nx; i++) {
      size_t c = at(g, i, j, k);
      if (listed(g, in, c, i, j, k)) w->cells[n++] = c;
    }
  });
  w->ncells = row_first[rows];
  return CAP_SUCCESS;
}

/* The first listed cell whose phi is not finite (CAP_ENONFINITE naming it), else CAP_SUCCESS. */
static int check_listed(const cap_grid *g, const double *f, const cap_levelset_ws *w, const char *what)
{
  for (size_t k = 0; k < w->ncells; k++)
    if (!isfinite(f[w->cells[k]])) return nonfinite_at(g, w->cells[k], what);
  return CAP_SUCCESS;
}

int cap_levelset_fill_ghosts(const cap_grid *g, const cap_contact *c, double *phi)
{
  if (!phi) return CAP_ERROR(CAP_EINVAL, "phi is NULL");
  if (g && g->dim == 3 && cap_contact_solid_parts(c) > 0)
    return CAP_ERROR(CAP_EGEOM, "cap_levelset_fill_ghosts: solids' contact angles on 3D grids are not supported yet");
  int s = cap_grid_fill_ghosts(g, phi, CAP_GHOST_LINEAR);
  return s ? s : cap_contact_fill_walls(c, g, phi);
}

/* Jiang-Peng HJ-WENO5 combination of the five one-sided differences v1..v5 (Jiang & Peng 2000,
 * Eqs. 2.6-2.11; epsilon after Fedkiw et al. 1999). */
static double weno5(double v1, double v2, double v3, double v4, double v5)
{
  double p1 = (2 * v1 - 7 * v2 + 11 * v3) / 6;
  double p2 = (-v2 + 5 * v3 + 2 * v4) / 6;
  double p3 = (2 * v3 + 5 * v4 - v5) / 6;
  double s1 =
      13.0 / 12 * (v1 - 2 * v2 + v3) * (v1 - 2 * v2 + v3) + 0.25 * (v1 - 4 * v2 + 3 * v3) * (v1 - 4 * v2 + 3 * v3);
  double s2 = 13.0 / 12 * (v2 - 2 * v3 + v4) * (v2 - 2 * v3 + v4) + 0.25 * (v2 - v4) * (v2 - v4);
  double s3 =
      13.0 / 12 * (v3 - 2 * v4 + v5) * (v3 - 2 * v4 + v5) + 0.25 * (3 * v3 - 4 * v4 + v5) * (3 * v3 - 4 * v4 + v5);
  double m = v1 * v1; /* the largest square (finite inputs: the ternaries are fmax) */
  m = v2 * v2 > m ? v2 * v2 : m;
  m = v3 * v3 > m ? v3 * v3 : m;
  m = v4 * v4 > m ? v4 * v4 : m;
  m = v5 * v5 > m ? v5 * v5 : m;
  double eps = 1e-6 * m + 1e-99;
  double a1 = 0.1 / ((s1 + eps) * (s1 + eps));
  double a2 = 0.6 / ((s2 + eps) * (s2 + eps));
  double a3 = 0.3 / ((s3 + eps) * (s3 + eps));
  return (a1 * p1 + a2 * p2 + a3 * p3) / (a1 + a2 + a3);
}

/* Left- (minus) and right-biased (plus) WENO5 derivatives of f at p along stride s. */
static void weno_pair(const double *p, ptrdiff_t s, double h, double *dm, double *dp)
{
  double d[6]; /* d[k] = (f[k-2] - f[k-3]) / h, k = 0..5: differences D^- at offsets -2..3 */
  for (int k = 0; k < 6; k++) d[k] = (p[(k - 2) * s] - p[(k - 3) * s]) / h;
  *dm = weno5(d[0], d[1], d[2], d[3], d[4]);
  *dp = weno5(d[5], d[4], d[3], d[2], d[1]);
}

/* rate = -(u_c phi_x + v_c phi_y (+ w_c phi_z in 3D)) on the listed cells (band_cells), upwind WENO5. */
static void advection_rate(const cap_grid *g, const cap_contact *ct, double *phi, const double *u, const double *v,
                           const double *wz, double *rate, const cap_levelset_ws *w)
{
  fill_all(g, ct, phi, w);
  const size_t *cells = w->cells;
  long n = (long)w->ncells;
  CAP_PAR_FOR(n, for (long k = 0; k < n; k++) {
    size_t c = cells[k];
    if (zero_if_frozen(w, c, rate)) continue;
    double uc = 0.5 * (u[c] + u[c + 1]), vc = 0.5 * (v[c] + v[c + g->sy]);
    double dm, dp, ex, ey;
    weno_pair(phi + c, 1, g->h, &dm, &dp);
    ex = uc > 0 ? dm : dp;
    weno_pair(phi + c, g->sy, g->h, &dm, &dp);
    ey = vc > 0 ? dm : dp;
    if (g->dim == 3) {
      double wc = 0.5 * (wz[c] + wz[c + g->sz]);
      weno_pair(phi + c, g->sz, g->h, &dm, &dp);
      rate[c] = -(uc * ex + vc * ey + wc * (wc > 0 ? dm : dp));
    } else
      rate[c] = -(uc * ex + vc * ey);
  });
}

int cap_levelset_advect(const cap_grid *g, const cap_contact *ct, double *phi, const double *u, const double *v,
                        const double *w, double dt, cap_levelset_ws *ws)
{
  int s = check_grid(g, 3, "cap_levelset_advect");
  if (!s) s = check_ws(g, ws, "cap_levelset_advect");
  if (!s && (!phi || !u || !v)) s = CAP_ERROR(CAP_EINVAL, "cap_levelset_advect: phi, u or v is NULL");
  if (!s && g->dim == 3 && !w) s = CAP_ERROR(CAP_EINVAL, "cap_levelset_advect: w is NULL (required on 3D grids)");
  if (!s) s = cap_check_nonneg("dt", dt, "s");
  if (!s) s = cap_levelset_fill_ghosts(g, ct, phi); /* checks the wall angles once */
  if (!s) s = band_cells(g, phi, ws, "cap_levelset_advect");
  if (s) return s;
  double *p1 = ws->phi1, *p2 = ws->phi2, *r = ws->rate;
  const size_t *cells = ws->cells;
  long n = (long)ws->ncells;
  /* Shu-Osher TVD-RK3 */
  advection_rate(g, ct, phi, u, v, w, r, ws);
  CAP_PAR_FOR(n, for (long k = 0; k < n; k++) {
    size_t c = cells[k];
    p1[c] = phi[c] + dt * r[c];
  });
  advection_rate(g, ct, p1, u, v, w, r, ws);
  CAP_PAR_FOR(n, for (long k = 0; k < n; k++) {
    size_t c = cells[k];
    p2[c] = 0.75 * phi[c] + 0.25 * (p1[c] + dt * r[c]);
  });
  advection_rate(g, ct, p2, u, v, w, r, ws);
  CAP_PAR_FOR(n, for (long k = 0; k < n; k++) {
    size_t c = cells[k];
    phi[c] = phi[c] / 3 + 2.0 / 3 * (p2[c] + dt * r[c]);
  });
  if ((s = fill_all(g, ct, phi, ws))) return s;
  return check_listed(g, phi, ws, "cap_levelset_advect");
}

/* Central first and second derivatives at cell c: second order (three points), or fourth order (five
 * points; a mixed derivative the five-point difference along one axis of the five-point differences
 * along the other). z, zz, xz, yz are 0 on a 2D grid. */
typedef struct {
  double x, y, z, xx, yy, zz, xy, xz, yz;
} derivs;

static double d1_4(const double *p, size_t c, ptrdiff_t s, double h)
{
  return (8 * (p[c + s] - p[c - s]) - (p[c + 2 * s] - p[c - 2 * s])) / (12 * h);
}

/* d/ds, d2/ds2 and d2/(ds dt) at c along strides s and t. */
static double d1(const double *p, size_t c, ptrdiff_t s, double h, int order)
{
  return order == 4 ? d1_4(p, c, s, h) : (p[c + s] - p[c - s]) / (2 * h);
}

static double d2(const double *p, size_t c, ptrdiff_t s, double h, int order)
{
  if (order == 4) return (16 * (p[c + s] + p[c - s]) - (p[c + 2 * s] + p[c - 2 * s]) - 30 * p[c]) / (12 * h * h);
  return (p[c + s] - 2 * p[c] + p[c - s]) / (h * h);
}

static double dmix(const double *p, size_t c, ptrdiff_t s, ptrdiff_t t, double h, int order)
{
  if (order == 4)
    return (8 * (d1_4(p, c + s, t, h) - d1_4(p, c - s, t, h)) - (d1_4(p, c + 2 * s, t, h) - d1_4(p, c - 2 * s, t, h))) /
           (12 * h);
  return (p[c + s + t] - p[c + s - t] - p[c - s + t] + p[c - s - t]) / (4 * h * h);
}

static derivs central(const cap_grid *g, const double *phi, size_t c, int order)
{
  const ptrdiff_t sy = g->sy, sz = g->sz;
  const double h = g->h;
  derivs d = {0, 0, 0, 0, 0, 0, 0, 0, 0};
  d.x = d1(phi, c, 1, h, order);
  d.y = d1(phi, c, sy, h, order);
  d.xx = d2(phi, c, 1, h, order);
  d.yy = d2(phi, c, sy, h, order);
  d.xy = dmix(phi, c, 1, sy, h, order);
  if (g->dim == 3) {
    d.z = d1(phi, c, sz, h, order);
    d.zz = d2(phi, c, sz, h, order);
    d.xz = dmix(phi, c, 1, sz, h, order);
    d.yz = dmix(phi, c, sy, sz, h, order);
  }
  return d;
}

/* kappa = div(grad phi / |grad phi|) from the derivatives at a cell of column i: in 2D (phi_xx phi_y^2 -
 * 2 phi_x phi_y phi_xy + phi_yy phi_x^2) / |grad phi|^3 (plus phi_r / (r |grad phi|) in AXI); in 3D its
 * expansion with the three mixed derivatives (Osher & Fedkiw 2003, Level Set Methods and Dynamic
 * Implicit Surfaces, Springer, Sec. 1.4), the sum of the two principal curvatures; 0 where the gradient
 * vanishes. */
static double curvature_of(const cap_grid *g, const derivs *d, int i)
{
  if (g->dim == 3) {
    double gx2 = d->x * d->x, gy2 = d->y * d->y, gz2 = d->z * d->z, gg = gx2 + gy2 + gz2;
    if (gg <= 0) return 0;
    double num = d->xx * (gy2 + gz2) + d->yy * (gx2 + gz2) + d->zz * (gx2 + gy2) -
                 2 * (d->x * d->y * d->xy + d->x * d->z * d->xz + d->y * d->z * d->yz);
    return num / (gg * sqrt(gg));
  }
  double gg = d->x * d->x + d->y * d->y;
  if (gg <= 0) return 0;
  double gn = sqrt(gg);
  double k = (d->xx * d->y * d->y - 2 * d->x * d->y * d->xy + d->yy * d->x * d->x) / (gg * gn);
  if (g->geom == CAP_GEOM_AXI) k += d->x / (cap_grid_xc(g, i) * gn);
  return k;
}

static int curvature(const cap_grid *g, const cap_contact *ct, double *phi, double *kappa, int order, const char *fn)
{
  int s = check_grid(g, order / 2, fn);
  if (!s && (!phi || !kappa)) s = CAP_ERROR(CAP_EINVAL, "%s: phi or kappa is NULL", fn);
  if (!s && phi == kappa) s = CAP_ERROR(CAP_EINVAL, "%s: kappa must not alias phi", fn);
  if (s) return s;
  if ((s = cap_levelset_fill_ghosts(g, ct, phi))) return s;
  const int rows = g->ny * g->nz; /* row r = j + k ny */
  CAP_PAR_FOR((long)g->nx * rows, for (int r = 0; r < rows; r++)
    for (int i = 0; i < g->nx; i++) {
      size_t c = at(g, i, r % g->ny, r / g->ny);
      derivs d = central(g, phi, c, order);
      kappa[c] = curvature_of(g, &d, i);
    });
  return CAP_SUCCESS;
}

int cap_levelset_curvature(const cap_grid *g, const cap_contact *ct, double *phi, double *kappa)
{
  return curvature(g, ct, phi, kappa, 2, "cap_levelset_curvature");
}

int cap_levelset_curvature4(const cap_grid *g, const cap_contact *ct, double *phi, double *kappa)
{
  return curvature(g, ct, phi, kappa, 4, "cap_levelset_curvature4");
}

int cap_levelset_normal(const cap_grid *g, const cap_contact *ct, double *phi, double *nx, double *ny, double *nz)
{
  int s = check_grid(g, 1, "cap_levelset_normal");
  if (!s && (!phi || !nx || !ny)) s = CAP_ERROR(CAP_EINVAL, "cap_levelset_normal: a field is NULL");
  if (!s && g->dim == 3 && !nz) s = CAP_ERROR(CAP_EINVAL, "cap_levelset_normal: nz is NULL (required on 3D grids)");
  if (s) return s;
  if ((s = cap_levelset_fill_ghosts(g, ct, phi))) return s;
  for (int k = 0; k < g->nz; k++)
    for (int j = 0; j < g->ny; j++)
      for (int i = 0; i < g->nx; i++) {
        size_t c = at(g, i, j, k);
        double gx = (phi[c + 1] - phi[c - 1]) / (2 * g->h), gy = (phi[c + g->sy] - phi[c - g->sy]) / (2 * g->h);
        if (g->dim == 3) {
          double gz = (phi[c + g->sz] - phi[c - g->sz]) / (2 * g->h), gn = sqrt(gx * gx + gy * gy + gz * gz);
          nx[c] = gn > 0 ? gx / gn : 0;
          ny[c] = gn > 0 ? gy / gn : 0;
          nz[c] = gn > 0 ? gz / gn : 0;
          continue;
        }
        double gn = sqrt(gx * gx + gy * gy);
        nx[c] = gn > 0 ? gx / gn : 0;
        ny[c] = gn > 0 ? gy / gn : 0;
      }
  return CAP_SUCCESS;
}

/* Is cell (i, j, k) on g, ghosts included? */
static int on_grid(const cap_grid *g, int i, int j, int k)
{
  const int ng = g->ng, nk = g->dim == 3 ? g->nz + ng : 1;
  return i >= -ng && i < g->nx + ng && j >= -ng && j < g->ny + ng && k >= (g->dim == 3 ? -ng : 0) && k < nk;
}

int cap_levelset_crossing(const cap_grid *g, const double *phi, const double *kappa, int i, int j, int k, int di,
                          int dj, int dk, double *theta, double *kappa_at)
{
  int s = check_grid(g, 1, "cap_levelset_crossing");
  if (s) return s;
  if (g->dim == 2 && (k != 0 || dk != 0))
    return CAP_ERROR(CAP_EDOM, "(k, dk) = (%d, %d) is out of range: allowed (0, 0) on a 2D grid", k, dk);
  if (abs(di) + abs(dj) + abs(dk) != 1) {
    if (g->dim == 3)
      return CAP_ERROR(CAP_EDOM,
                       "(di, dj, dk) = (%d, %d, %d) is out of range: allowed one of (+-1, 0, 0), (0, +-1, 0), "
                       "(0, 0, +-1)",
                       di, dj, dk);
    return CAP_ERROR(CAP_EDOM, "(di, dj) = (%d, %d) is out of range: allowed one of (+-1, 0), (0, +-1)", di, dj);
  }
  if (!on_grid(g, i, j, k) || !on_grid(g, i + di, j + dj, k + dk))
    return CAP_ERROR(CAP_EDOM, "cells (%d, %d, %d) and (%d, %d, %d) are not both on the %dx%dx%d grid with %d ghosts",
                     i, j, k, i + di, j + dj, k + dk, g->nx, g->ny, g->nz, g->ng);
  const size_t ca = at(g, i, j, k), cb = at(g, i + di, j + dj, k + dk);
  double a = phi[ca], b = phi[cb];
  if ((a < 0) == (b < 0))
    return CAP_ERROR(CAP_EINVAL, "no interface between cells (%d, %d, %d) and (%d, %d, %d): phi = %g and %g", i, j, k,
                     i + di, j + dj, k + dk, a, b);
  double t = a / (a - b);
  if (theta) *theta = t;
  if (kappa && kappa_at) *kappa_at = (1 - t) * kappa[ca] + t * kappa[cb];
  return CAP_SUCCESS;
}

/* Liquid part of a triangle with vertices (x[k], y[k]) and linear phi f[k]: adds its area and its
 * first moment in x (the integral of x dA) to *a and *mx. */
static void tri_liquid(const double x[3], const double y[3], const double f[3], double *a, double *mx)
{
  double area = 0.5 * fabs((x[1] - x[0]) * (y[2] - y[0]) - (x[2] - x[0]) * (y[1] - y[0]));
  int neg = (f[0] < 0) + (f[1] < 0) + (f[2] < 0);
  if (neg == 0) return;
  double full_x = (x[0] + x[1] + x[2]) / 3;
  if (neg == 3) {
    *a += area;
    *mx += area * full_x;
    return;
  }
  /* the lone vertex k: the one whose sign differs from the other two */
  int k = 0;
  for (int m = 0; m < 3; m++) {
    int others_neg = (f[(m + 1) % 3] < 0) + (f[(m + 2) % 3] < 0);
    if ((f[m] < 0) != (others_neg > 0) && others_neg != 1) {
      k = m;
      break;
    }
  }
  int m1 = (k + 1) % 3, m2 = (k + 2) % 3;
  double t1 = f[k] / (f[k] - f[m1]), t2 = f[k] / (f[k] - f[m2]);
  double sub = area * t1 * t2;
  double sub_x = (x[k] + (x[k] + t1 * (x[m1] - x[k])) + (x[k] + t2 * (x[m2] - x[k]))) / 3;
  if (f[k] < 0) {
    *a += sub;
    *mx += sub * sub_x;
  } else {
    *a += area - sub;
    *mx += area * full_x - sub * sub_x;
  }
}

/* The liquid measure of row j (area, or in AXI the moment int x dA before the factor 2 pi). */
static double row_measure(const cap_grid *g, const double *phi, int j)
{
  ptrdiff_t sy = g->sy;
  double h = g->h, area = 0, moment = 0, yc = cap_grid_yc(g, j);
  for (int i = 0; i < g->nx; i++) {
    size_t c = cap_grid_idx(g, i, j);
    double xc = cap_grid_xc(g, i);
    /* corners LL, LR, UR, UL */
    double fc[4] = {0.25 * (phi[c] + phi[c - 1] + phi[c - sy] + phi[c - 1 - sy]),
                    0.25 * (phi[c] + phi[c + 1] + phi[c - sy] + phi[c + 1 - sy]),
                    0.25 * (phi[c] + phi[c + 1] + phi[c + sy] + phi[c + 1 + sy]),
                    0.25 * (phi[c] + phi[c - 1] + phi[c + sy] + phi[c - 1 + sy])};
    double cx[4] = {xc - h / 2, xc + h / 2, xc + h / 2, xc - h / 2};
    double cy[4] = {yc - h / 2, yc - h / 2, yc + h / 2, yc + h / 2};
    if (phi[c] < 0 && fc[0] < 0 && fc[1] < 0 && fc[2] < 0 && fc[3] < 0) {
      area += h * h;
      moment += h * h * xc;
      continue;
    }
    for (int e = 0; e < 4; e++) {
      int e2 = (e + 1) % 4;
      double x[3] = {xc, cx[e], cx[e2]}, y[3] = {yc, cy[e], cy[e2]}, f[3] = {phi[c], fc[e], fc[e2]};
      tri_liquid(x, y, f, &area, &moment);
    }
  }
  return g->geom == CAP_GEOM_AXI ? 2 * M_PI * moment : area;
}

/* Volume of the tetrahedron p[0..3]. */
static double tet_volume(double p[4][3])
{
  double a[3], b[3], c[3];
  for (int m = 0; m < 3; m++) {
    a[m] = p[1][m] - p[0][m];
    b[m] = p[2][m] - p[0][m];
    c[m] = p[3][m] - p[0][m];
  }
  return fabs(a[0] * (b[1] * c[2] - b[2] * c[1]) - a[1] * (b[0] * c[2] - b[2] * c[0]) +
              a[2] * (b[0] * c[1] - b[1] * c[0])) /
         6;
}

/* The point where linear phi vanishes on the edge from p (phi fp < 0) to q (phi fq >= 0). */
static void edge_zero(const double p[3], const double q[3], double fp, double fq, double out[3])
{
  double t = fp / (fp - fq);
  for (int m = 0; m < 3; m++) out[m] = p[m] + t * (q[m] - p[m]);
}

/* Volume of the liquid part (phi < 0) of the tetrahedron p[0..3] with linear phi f[0..3], exactly: one
 * vertex apart from the other three cuts off a tetrahedron similar at the product of the three edge
 * fractions; two against two leaves a prism (the liquid pair's edge and the four edge zeros), whose
 * faces lie in the tetrahedron's faces and the plane phi = 0, cut into three tetrahedra. */
static double tet_liquid(double p[4][3], const double f[4])
{
  int neg = (f[0] < 0) + (f[1] < 0) + (f[2] < 0) + (f[3] < 0);
  if (neg == 0) return 0;
  double v = tet_volume(p);
  if (neg == 4) return v;
  if (neg != 2) { /* the lone vertex: the liquid one (neg = 1) or the dry one (neg = 3) */
    int a = 0;
    while ((f[a] < 0) != (neg == 1)) a++;
    double frac = 1;
    for (int b = 0; b < 4; b++)
      if (b != a) frac *= f[a] / (f[a] - f[b]);
    return neg == 1 ? v * frac : v - v * frac;
  }
  int l[2], d[2], nl = 0, nd = 0;
  for (int m = 0; m < 4; m++) {
    if (f[m] < 0)
      l[nl++] = m;
    else
      d[nd++] = m;
  }
  /* prism A = (a, P_ac, P_ad), B = (b, P_bc, P_bd) */
  double q[6][3];
  for (int m = 0; m < 3; m++) {
    q[0][m] = p[l[0]][m];
    q[3][m] = p[l[1]][m];
  }
  edge_zero(p[l[0]], p[d[0]], f[l[0]], f[d[0]], q[1]);
  edge_zero(p[l[0]], p[d[1]], f[l[0]], f[d[1]], q[2]);
  edge_zero(p[l[1]], p[d[0]], f[l[1]], f[d[0]], q[4]);
  edge_zero(p[l[1]], p[d[1]], f[l[1]], f[d[1]], q[5]);
  static const int split[3][4] = {{0, 1, 2, 5}, {0, 1, 4, 5}, {0, 3, 4, 5}};
  double sum = 0;
  for (int t = 0; t < 3; t++) {
    double tp[4][3];
    for (int m = 0; m < 4; m++) memcpy(tp[m], q[split[t][m]], sizeof tp[m]);
    sum += tet_volume(tp);
  }
  return sum;
}

/* Liquid fraction of 3D cell c: the cube cut into 24 tetrahedra (its centre, a face's centre and an
 * edge of that face), phi linear on each; a corner takes the mean of the 8 cell centres around it and a
 * face centre the mean of its 4 corners, so neighbouring cells cut their common face alike. Exact for
 * linear phi, second order otherwise. */
static double cell_liquid3(const cap_grid *g, const double *phi, size_t c)
{
  const ptrdiff_t sy = g->sy, sz = g->sz;
  double fc[8]; /* corner (bx, by, bz) = bits 0, 1, 2 of the index, at offsets (b - 1/2) h */
  int neg = phi[c] < 0, pos = !neg;
  for (int q = 0; q < 8; q++) {
    const ptrdiff_t o = (q & 1 ? 0 : -1) + (q & 2 ? 0 : -sy) + (q & 4 ? 0 : -sz);
    const size_t b = (size_t)((ptrdiff_t)c + o);
    fc[q] = 0.125 * (phi[b] + phi[b + 1] + phi[b + sy] + phi[b + 1 + sy] + phi[b + sz] + phi[b + 1 + sz] +
                     phi[b + sy + sz] + phi[b + 1 + sy + sz]);
    neg += fc[q] < 0;
    pos += fc[q] >= 0;
  }
  if (neg == 9) return 1;
  if (pos == 9) return 0;
  /* the four corners of each face in turn around it: the face normal to axis a on side s */
  static const int ring[4][2] = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
  double vol = 0, p[4][3] = {{0, 0, 0}}, f[4];
  f[0] = phi[c];
  for (int a = 0; a < 3; a++)
    for (int side = 0; side < 2; side++) {
      const int u = (a + 1) % 3, v = (a + 2) % 3;
      int corner[4];
      double mid = 0;
      for (int e = 0; e < 4; e++) {
        corner[e] = side << a | ring[e][0] << u | ring[e][1] << v;
        mid += 0.25 * fc[corner[e]];
      }
      p[1][a] = side - 0.5;
      p[1][u] = p[1][v] = 0;
      f[1] = mid;
      for (int e = 0; e < 4; e++) {
        const int q0 = corner[e], q1 = corner[(e + 1) % 4];
        for (int m = 0; m < 3; m++) {
          p[2][m] = (q0 >> m & 1) - 0.5;
          p[3][m] = (q1 >> m & 1) - 0.5;
        }
        f[2] = fc[q0];
        f[3] = fc[q1];
        vol += tet_liquid(p, f);
      }
    }
  return vol;
}

/* The liquid volume of row (j, k) of a 3D grid. */
static double row_measure3(const cap_grid *g, const double *phi, int j, int k)
{
  double frac = 0;
  for (int i = 0; i < g->nx; i++) frac += cell_liquid3(g, phi, cap_grid_idx3(g, i, j, k));
  return frac * g->h * g->h * g->h;
}

int cap_levelset_fluid_measure(const cap_grid *g, const cap_contact *ct, double *phi, const cap_vsurf *vs, double *work,
                               double *measure)
{
  if (!vs) return cap_levelset_liquid_measure(g, ct, phi, measure);
  if (g && g->dim == 3)
    return CAP_ERROR(CAP_EGEOM, "cap_levelset_fluid_measure: solids on 3D grids are not supported yet");
  if (work == phi) return CAP_ERROR(CAP_EINVAL, "cap_levelset_fluid_measure: work may not be phi");
  int st = cap_vsurf_fluid_phi(vs, g, phi, work);
  return st ? st : cap_levelset_liquid_measure(g, ct, work, measure);
}

int cap_levelset_liquid_rows(const cap_grid *g, const cap_contact *ct, double *phi, double *rows)
{
  int s = check_grid(g, 1, "cap_levelset_liquid_rows");
  if (!s && (!phi || !rows)) s = CAP_ERROR(CAP_EINVAL, "cap_levelset_liquid_rows: phi or rows is NULL");
  if (s) return s;
  if ((s = cap_levelset_fill_ghosts(g, ct, phi))) return s;
  if (g->dim == 3) {
    for (int j = 0; j < g->ny; j++) {
      rows[j] = 0;
      for (int k = 0; k < g->nz; k++) rows[j] += row_measure3(g, phi, j, k);
    }
    return CAP_SUCCESS;
  }
  for (int j = 0; j < g->ny; j++) rows[j] = row_measure(g, phi, j);
  return CAP_SUCCESS;
}

int cap_levelset_liquid_measure(const cap_grid *g, const cap_contact *ct, double *phi, double *measure)
{
  int s = check_grid(g, 1, "cap_levelset_liquid_measure");
  if (!s && (!phi || !measure)) s = CAP_ERROR(CAP_EINVAL, "cap_levelset_liquid_measure: phi or measure is NULL");
  if (s) return s;
  if ((s = cap_levelset_fill_ghosts(g, ct, phi))) return s;
  double m = 0;
  if (g->dim == 3) {
    for (int k = 0; k < g->nz; k++)
      for (int j = 0; j < g->ny; j++) m += row_measure3(g, phi, j, k);
    *measure = m;
    return CAP_SUCCESS;
  }
  for (int j = 0; j < g->ny; j++) m += row_measure(g, phi, j);
  *measure = m;
  return CAP_SUCCESS;
}

static double sgn(double x) { return (x > 0) - (x < 0); }

static int is_wall(cap_bc b) { return b == CAP_BC_WALL || b == CAP_BC_SLIP; }

/* Distance (as a fraction of h, in (0, 1]) from cell p[0] to the zero of phi0 towards its neighbour
 * p[s], if phi0 changes sign there (else -1): the root of the cubic through p[-s], p[0], p[s], p[2s],
 * found by bisection (a root in [0, 1] exists since p[0] and p[s] differ in sign). Fourth-order
 * accurate, as du Chene, Min & Gibou (2008, J. Sci. Comput. 35, 114) require of the interface
 * location for convergent curvatures. Where p[-s] (use_m = 0) or p[2s] (use_2 = 0) is not phi's
 * smooth continuation (across the axis, see reinit_rate), the quadratic through the other three. */
static double interface_fraction(const double *p, ptrdiff_t s, int use_m, int use_2)
{
  double fm = p[-s], f0 = p[0], f1 = p[s], f2 = p[2 * s];
  if (f0 == 0) return 0x1p-40;
  if (f0 * f1 >= 0) return -1;
  double lo = 0, hi = 1;
  for (int it = 0; it < 52; it++) {
    double t = 0.5 * (lo + hi), v;
    if (!use_m)
      v = f0 * (t - 1) * (t - 2) / 2 - f1 * t * (t - 2) + f2 * t * (t - 1) / 2;
    else if (!use_2)
      v = fm * t * (t - 1) / 2 - f0 * (t + 1) * (t - 1) + f1 * (t + 1) * t / 2;
    else
      v = -fm * t * (t - 1) * (t - 2) / 6 + f0 * (t + 1) * (t - 1) * (t - 2) / 2 - f1 * (t + 1) * t * (t - 2) / 2 +
          f2 * (t + 1) * t * (t - 1) / 6;
    if ((v < 0) == (f0 < 0))
      lo = t;
    else
      hi = t;
  }
  return fmax(0.5 * (lo + hi), 0x1p-40);
}

/* Derivative at 0 of the cubic through (-1, a), (0, c), (t, 0), (1, d), 0 < t < 1, in units of the
 * spacing: a third-order difference at a cell next to an interface at fraction t, using the cells on
 * both sides (a distance function is smooth across its zero). Its weight on c is -1/t < 0 for every
 * t, so the pseudo-time iteration that drives c with it is stable whichever side the crossing is
 * nearer, and the weights vary smoothly with t. */
static double cubic_slope_to_interface(double a, double c, double d, double t)
{
  return -a * t / (2 * (1 + t)) - c / t - d * t / (2 * (1 - t));
}

/* The same without the cell behind: the derivative at 0 of the quadratic through (0, c), (t, 0),
 * (1, d) (second order; its weight on c, -(1 + t)/t, is negative too). */
static double quadratic_slope_to_interface(double c, double d, double t) { return -c * (1 + t) / t - d * t / (1 - t); }

/* The contact points on walls whose ghosts follow phi's slope (a contact angle other than 90
 * degrees, or per-position angles) put back where phi0 had them: along the wall's layer of cells, the
 * two cells a, b of a sign change of phi0 keep the difference d = phi(b) - phi(a) the pass gave them
 * and are set to -t d and (1 - t) d, t = phi0(a) / (phi0(a) - phi0(b)), so that the crossing, linear in
 * the two cells as the flow reads it, is phi0's. A cell between two such crossings keeps phi0. */
static void restore_contact_points(const cap_grid *g, const cap_contact *ct, double *phi, const double *p0)
{
  for (int side = 0; side < 4; side++) {
    if (!cap_contact_wall_follows(ct, side)) continue;
    const int n = side < 2 ? g->ny : g->nx;
    for (int t = 0; t + 1 < n; t++) {
      const size_t a = cap_grid_wall_idx(g, (cap_side)side, t, 0), b = cap_grid_wall_idx(g, (cap_side)side, t + 1, 0);
      if ((p0[a] < 0) == (p0[b] < 0)) continue;
      const size_t c = cap_grid_wall_idx(g, (cap_side)side, t + 2, 0);
      if (t + 2 < n && (p0[b] < 0) != (p0[c] < 0)) { /* b lies between two crossings */
        phi[a] = p0[a];
        phi[b] = p0[b];
        phi[c] = p0[c];
        t++;
        continue;
      }
      const double f = p0[a] / (p0[a] - p0[b]), d = phi[b] - phi[a];
      if ((d > 0) != (p0[b] > p0[a])) {
        phi[a] = p0[a];
        phi[b] = p0[b];
        continue;
      } /* the pass turned it */
      phi[a] = -f * d;
      phi[b] = (1 - f) * d;
    }
  }
}

/* Godunov's upwind square of the derivative along one axis from its one-sided differences dm, dp, for
 * the sign sg of phi0 (Rouy & Tourin 1992). */
static double godunov2(double sg, double dm, double dp)
{
  if (sg > 0) return fmax(fmax(dm, 0) * fmax(dm, 0), fmin(dp, 0) * fmin(dp, 0));
  return fmax(fmin(dm, 0) * fmin(dm, 0), fmax(dp, 0) * fmax(dp, 0));
}

/* The pseudo-time rate of the reinitialisation, r = -S(phi0) (|grad phi| - 1) scaled by the local
 * step (see cap_levelset.h), on the listed cells (band_cells); phi's ghosts are filled here. */
static void reinit_rate(const cap_grid *g, const cap_contact *ct, double *phi, const double *p0, double *r,
                        const cap_levelset_ws *w)
{
  const double h = g->h;
  const ptrdiff_t stride[3] = {1, g->sy, g->sz};
  const int ncell[3] = {g->nx, g->ny, g->nz};
  fill_all(g, ct, phi, w);
  const size_t *cells = w->cells;
  long n = (long)w->ncells;
  CAP_PAR_FOR(n, for (long q = 0; q < n; q++) {
    size_t c = cells[q];
    int pos[3];
    cell_ijk(g, c, &pos[0], &pos[1], &pos[2]);
    const int i = pos[0];
    if (zero_if_frozen(w, c, r)) continue;
    double f0 = p0[c], sg = sgn(f0);
    if (sg == 0) {
      r[c] = 0;
      continue;
    }
    /* per axis, WENO5 one-sided differences; where phi0 changes sign towards a neighbour, the one towards
     * the crossing is replaced by the third-order cubic through the cell behind, the cell, the
     * interface (phi = 0, located on phi0 to fourth order) and the cell beyond */
    double dm[3], dp[3], dloc = h;
    const int axis = g->geom == CAP_GEOM_AXI;
    for (int a = 0; a < g->dim; a++) {
      weno_pair(phi + c, stride[a], h, &dm[a], &dp[a]);
      for (int up = 1; up >= 0; up--) { /* towards +a, then -a */
        const ptrdiff_t e = up ? stride[a] : -stride[a];
        /* a sign change towards a ghost cell across a wall is not a crossing of the liquid surface
         * (the ghost holds the continuation into the solid, e.g. at a contact angle), so it anchors
         * nothing: anchoring it would rescale phi next to the wall by the ghost's slope every pass
         * (docs/design/levelset.md); the same for a solid cell */
        const int at_wall =
            up ? pos[a] == ncell[a] - 1 && is_wall(g->bc[2 * a + 1]) : pos[a] == 0 && is_wall(g->bc[2 * a]);
        if (at_wall || frozen(w, (size_t)((ptrdiff_t)c + e))) continue;
        /* on the axis (AXI) the ghosts mirror phi evenly, which is phi's smooth continuation only
         * where the interface meets the axis; a thread along the axis (phi = r - r_s(z)) has a kink
         * there, and a stencil reaching across it from a radial crossing is not a third-order one.
         * Those crossings take the quadratic through the cells on the thread's side (exact for a
         * straight thread; second order where the mirror is smooth, near a pole; docs/design/levelset.md) */
        const int behind_ok = !(axis && a == 0 && up && i == 0), beyond_ok = !(axis && a == 0 && !up && i == 1);
        double t = interface_fraction(p0 + c, e, behind_ok, beyond_ok);
        if (t < 0 || t >= 1) continue;
        double slope = behind_ok ? cubic_slope_to_interface(phi[c - e], phi[c], phi[c + e], t) / h
                                 : quadratic_slope_to_interface(phi[c], phi[c + e], t) / h;
        if (up)
          dp[a] = slope; /* a derivative along +a */
        else
          dm[a] = -slope;
        dloc = fmin(dloc, t * h);
      }
    }
    double gg = godunov2(sg, dm[0], dp[0]) + godunov2(sg, dm[1], dp[1]);
    if (g->dim == 3) gg += godunov2(sg, dm[2], dp[2]);
    /* local pseudo-time step: h/2 away from the interface, s/2 next to it */
    r[c] = -sg * (sqrt(gg) - 1) * (dloc / h);
  });
}

int cap_levelset_reinit(const cap_grid *g, const cap_contact *ct, double *phi, int iterations, cap_levelset_ws *w)
{
  int s = check_grid(g, 3, "cap_levelset_reinit");
  if (!s) s = check_ws(g, w, "cap_levelset_reinit");
  if (!s && !phi) s = CAP_ERROR(CAP_EINVAL, "cap_levelset_reinit: phi is NULL");
  if (!s) s = cap_check_int_range("iterations", iterations, 1, 1 << 20);
  if (s) return s;
  double dt = 0.5 * g->h;
  double *p0 = w->phi0, *r = w->rate;
  /* phi0's ghosts reach two cells out (interface_fraction reads p[-s] .. p[2s]) */
  if ((s = fill_all(g, ct, phi, w)) || (s = band_cells(g, phi, w, "cap_levelset_reinit"))) return s;
  if (w->band && (s = fill_all(g, ct, phi, w))) return s; /* the clamp may reach cells the ghosts mirror */
  memcpy(p0, phi, g->size * sizeof *phi);
  const size_t *cells = w->cells;
  long n = (long)w->ncells;
  /* TVD-RK3 in pseudo-time (Shu & Osher 1988): forward Euler is not stable with the WENO5
   * differences, and a reinitialisation repeated every few steps of a flow lets that instability
   * grow (docs/design/levelset.md) */
  double *p1 = w->phi1, *p2 = w->phi2;
  for (int it = 0; it < iterations; it++) {
    reinit_rate(g, ct, phi, p0, r, w);
    CAP_PAR_FOR(n, for (long k = 0; k < n; k++) {
      size_t c = cells[k];
      p1[c] = phi[c] + dt * r[c];
    });
    reinit_rate(g, ct, p1, p0, r, w);
    CAP_PAR_FOR(n, for (long k = 0; k < n; k++) {
      size_t c = cells[k];
      p2[c] = 0.75 * phi[c] + 0.25 * (p1[c] + dt * r[c]);
    });
    reinit_rate(g, ct, p2, p0, r, w);
    CAP_PAR_FOR(n, for (long k = 0; k < n; k++) {
      size_t c = cells[k];
      phi[c] = phi[c] / 3 + 2.0 / 3 * (p2[c] + dt * r[c]);
    });
  }
  if (g->dim == 2) restore_contact_points(g, ct, phi, p0);
  if ((s = fill_all(g, ct, phi, w))) return s;
  return check_listed(g, phi, w, "cap_levelset_reinit");
}
