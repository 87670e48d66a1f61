#include "cap_vsurf.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cap_advect.h"
#include "cap_errno.h"

struct cap_vsurf {
  cap_grid g;
  size_t n;            /* solid cells */
  size_t *cell;        /* their indices, by increasing depth (capacity: every interior cell) */
  double *depth, *nx, *ny;
  double *cos_theta;   /* per solid cell */
  int nparts;          /* parts of the solid (cap_solid_parts) */
  double cos_part[CAP_SOLID_MAX_PARTS]; /* each part's angle (cap_vsurf_alloc, _set_angle, _set_part_angles) */
  unsigned char *in_solid, *xface, *yface;
  unsigned char *part; /* the part of each solid cell (g.size entries) */
  struct entry *scratch; /* the sort's workspace */
};

typedef struct entry { size_t cell; double depth, nx, ny; } entry;

static int by_depth(const void *a, const void *b)
{
  const entry *p = a, *q = b;
  if (p->depth != q->depth) return p->depth < q->depth ? -1 : 1;
  return p->cell < q->cell ? -1 : (p->cell > q->cell); /* a total order: the same fill on every platform */
}

void cap_vsurf_free(cap_vsurf *v)
{
  if (!v) return;
  free(v->cell); free(v->depth); free(v->nx); free(v->ny); free(v->cos_theta);
  free(v->in_solid); free(v->xface); free(v->yface); free(v->part); free(v->scratch);
  free(v);
}

int cap_vsurf_cell_range(const cap_grid *g, const cap_solid *s, int margin, int *i0, int *i1, int *j0, int *j1)
{
  return cap_vsurf_part_range(g, s, CAP_SOLID_WHOLE, margin, i0, i1, j0, j1);
}

int cap_vsurf_part_range(const cap_grid *g, const cap_solid *s, int part, int margin, int *i0, int *i1, int *j0,
                         int *j1)
{
  if (!g || !i0 || !i1 || !j0 || !j1) return CAP_ERROR(CAP_EINVAL, "cap_vsurf_part_range: NULL argument");
  double xlo, xhi, ylo, yhi;
  int st = cap_solid_part_bounds(s, part, &xlo, &xhi, &ylo, &yhi);
  if (st) return st;
  double fi0 = floor((xlo - g->x0) / g->h) - margin, fi1 = ceil((xhi - g->x0) / g->h) + margin;
  double fj0 = floor((ylo - g->y0) / g->h) - margin, fj1 = ceil((yhi - g->y0) / g->h) + margin;
  *i0 = (int)fmax(0, fmin(g->nx, fi0));
  *i1 = (int)fmax(0, fmin(g->nx, fi1));
  *j0 = (int)fmax(0, fmin(g->ny, fj0));
  *j1 = (int)fmax(0, fmin(g->ny, fj1));
  return CAP_SUCCESS;
}

/* The solid cells of s on v's grid, sorted by depth, the masks and parts, every cell its part's angle.
 * No allocation. */
static int build(cap_vsurf *v, const cap_solid *s)
{
  const cap_grid *g = &v->g;
  if (cap_solid_parts(s) != v->nparts) {
    v->n = 0;
    return CAP_ERROR(CAP_ESIZE, "cap_vsurf_move: the solid has %d parts, the virtual surface was made for %d",
                     cap_solid_parts(s), v->nparts);
  }
  entry *e = v->scratch;
  memset(v->in_solid, 0, g->size);
  memset(v->xface, 0, g->size);
  memset(v->yface, 0, g->size);
  memset(v->part, 0, g->size);
  size_t n = 0;
  int i0, i1, j0, j1;
  int st = cap_vsurf_cell_range(g, s, 0, &i0, &i1, &j0, &j1);
  for (int j = j0; j < j1 && !st; j++)
    for (int i = i0; i < i1 && !st; i++) {
      double psi, nx, ny;
      if ((st = cap_solid_eval(s, cap_grid_xc(g, i), cap_grid_yc(g, j), &psi, &nx, &ny))) break;
      if (!(psi < 0)) continue;
      size_t c = cap_grid_idx(g, i, j);
      int part = 0;
      if (v->nparts > 1 && (st = cap_solid_part_at(s, cap_grid_xc(g, i), cap_grid_yc(g, j), &part))) break;
      e[n++] = (entry){c, -psi, nx, ny};
      v->in_solid[c] = 1;
      v->part[c] = (unsigned char)part;
      v->xface[c] = v->xface[c + 1] = v->yface[c] = v->yface[c + g->sy] = 1;
    }
  if (st) { v->n = 0; return st; }
  qsort(e, n, sizeof *e, by_depth);
  v->n = n;
  for (size_t k = 0; k < n; k++) {
    v->cell[k] = e[k].cell;
    v->depth[k] = e[k].depth;
    v->nx[k] = e[k].nx;
    v->ny[k] = e[k].ny;
    v->cos_theta[k] = v->cos_part[v->part[e[k].cell]];
  }
  /* periodic sides: a face on the seam is the same face on both ends */
  if (g->bc[CAP_XLO] == CAP_BC_PERIODIC)
    for (int j = 0; j < g->ny; j++) {
      size_t lo = cap_grid_idx(g, 0, j), hi = cap_grid_idx(g, g->nx, j);
      v->xface[lo] = v->xface[hi] = v->xface[lo] | v->xface[hi];
    }
  if (g->bc[CAP_YLO] == CAP_BC_PERIODIC)
    for (int i = 0; i < g->nx; i++) {
      size_t lo = cap_grid_idx(g, i, 0), hi = cap_grid_idx(g, i, g->ny);
      v->yface[lo] = v->yface[hi] = v->yface[lo] | v->yface[hi];
    }
  return CAP_SUCCESS;
}

int cap_vsurf_alloc(cap_vsurf **out, const cap_grid *g, const cap_solid *s, double theta)
{
  if (!out) return CAP_ERROR(CAP_EINVAL, "cap_vsurf_alloc: out is NULL");
  *out = NULL;
  if (!g || !s) return CAP_ERROR(CAP_EINVAL, "cap_vsurf_alloc: grid or solid is NULL");
  if (g->dim != 2) return CAP_ERROR(CAP_EGEOM, "cap_vsurf_alloc: 3D grids are not supported");
  int st = cap_check_open("theta", theta, 0, M_PI, "rad");
  if (st) return st;
  cap_vsurf *v = calloc(1, sizeof *v);
  if (!v) return CAP_ERROR(CAP_ENOMEM, "cannot allocate a virtual surface");
  v->g = *g;
  v->nparts = cap_solid_parts(s);
  for (int k = 0; k < CAP_SOLID_MAX_PARTS; k++) v->cos_part[k] = cos(theta);
  size_t m = (size_t)g->nx * g->ny + 1;
  v->in_solid = calloc(g->size, 1);
  v->xface = calloc(g->size, 1);
  v->yface = calloc(g->size, 1);
  v->part = calloc(g->size, 1);
  v->scratch = malloc(m * sizeof *v->scratch);
  v->cell = malloc(m * sizeof *v->cell);
  v->depth = malloc(m * sizeof *v->depth);
  v->nx = malloc(m * sizeof *v->nx);
  v->ny = malloc(m * sizeof *v->ny);
  v->cos_theta = malloc(m * sizeof *v->cos_theta);
  if (!v->in_solid || !v->xface || !v->yface || !v->part || !v->scratch || !v->cell || !v->depth || !v->nx || !v->ny || !v->cos_theta) {
    cap_vsurf_free(v);
    return CAP_ERROR(CAP_ENOMEM, "cannot allocate the solid cells of a %dx%d grid", g->nx, g->ny);
  }
  if ((st = build(v, s))) { cap_vsurf_free(v); return st; }
  *out = v;
  return CAP_SUCCESS;
}

int cap_vsurf_move(cap_vsurf *v, const cap_solid *s)
{
  if (!v || !s) return CAP_ERROR(CAP_EINVAL, "cap_vsurf_move: NULL argument");
  return build(v, s);
}

int cap_vsurf_set_angle(cap_vsurf *v, double theta)
{
  if (!v) return CAP_ERROR(CAP_EINVAL, "cap_vsurf_set_angle: v is NULL");
  int st = cap_check_open("theta", theta, 0, M_PI, "rad");
  if (st) return st;
  for (int k = 0; k < CAP_SOLID_MAX_PARTS; k++) v->cos_part[k] = cos(theta);
  for (size_t k = 0; k < v->n; k++) v->cos_theta[k] = cos(theta);
  return CAP_SUCCESS;
}

int cap_vsurf_set_part_angles(cap_vsurf *v, const double *theta, int n)
{
  if (!v || !theta) return CAP_ERROR(CAP_EINVAL, "cap_vsurf_set_part_angles: NULL argument");
  if (n != v->nparts)
    return CAP_ERROR(CAP_ESIZE, "cap_vsurf_set_part_angles: %d angles for a solid of %d parts", n, v->nparts);
  for (int k = 0; k < n; k++)
    if (!(theta[k] > 0 && theta[k] < M_PI))
      return CAP_ERROR(CAP_EDOM, "contact angle theta[%d] = %.9g rad of part %d is out of range: allowed 0 < theta < pi",
                       k, theta[k], k);
  for (int k = 0; k < n; k++) v->cos_part[k] = cos(theta[k]);
  for (size_t k = 0; k < v->n; k++) v->cos_theta[k] = v->cos_part[v->part[v->cell[k]]];
  return CAP_SUCCESS;
}

int cap_vsurf_set_cell_angles(cap_vsurf *v, const double *theta, size_t n)
{
  if (!v || !theta) return CAP_ERROR(CAP_EINVAL, "cap_vsurf_set_cell_angles: NULL argument");
  if (n != v->n) return CAP_ERROR(CAP_ESIZE, "cap_vsurf_set_cell_angles: %zu angles for %zu solid cells", n, v->n);
  for (size_t k = 0; k < n; k++)
    if (!(theta[k] > 0 && theta[k] < M_PI))
      return CAP_ERROR(CAP_EDOM, "contact angle %.9g rad of solid cell %zu is out of range: allowed 0 < theta < pi",
                       theta[k], k);
  for (size_t k = 0; k < n; k++) v->cos_theta[k] = cos(theta[k]);
  return CAP_SUCCESS;
}

size_t cap_vsurf_count(const cap_vsurf *v) { return v ? v->n : 0; }

int cap_vsurf_cell(const cap_vsurf *v, size_t k, size_t *cell, double *depth, double *nx, double *ny)
{
  if (!v) return CAP_ERROR(CAP_EINVAL, "cap_vsurf_cell: v is NULL");
  if (k >= v->n) return CAP_ERROR(CAP_EDOM, "solid cell %zu is out of range: allowed 0 <= k < %zu", k, v->n);
  if (cell) *cell = v->cell[k];
  if (depth) *depth = v->depth[k];
  if (nx) *nx = v->nx[k];
  if (ny) *ny = v->ny[k];
  return CAP_SUCCESS;
}

const unsigned char *cap_vsurf_cells(const cap_vsurf *v) { return v ? v->in_solid : NULL; }
const unsigned char *cap_vsurf_parts(const cap_vsurf *v) { return v ? v->part : NULL; }
const unsigned char *cap_vsurf_xfaces(const cap_vsurf *v) { return v ? v->xface : NULL; }
const unsigned char *cap_vsurf_yfaces(const cap_vsurf *v) { return v ? v->yface : NULL; }

static int check_grid(const cap_vsurf *v, const cap_grid *g, const char *what)
{
  if (!v || !g) return CAP_ERROR(CAP_EINVAL, "%s: NULL argument", what);
  if (g->nx != v->g.nx || g->ny != v->g.ny || g->ng != v->g.ng || g->h != v->g.h)
    return CAP_ERROR(CAP_ESIZE, "%s: virtual surface made for a %dx%d grid, used on %dx%d", what, v->g.nx, v->g.ny,
                     g->nx, g->ny);
  return CAP_SUCCESS;
}

int cap_vsurf_fill(const cap_vsurf *v, const cap_grid *g, double *phi)
{
  int st = check_grid(v, g, "cap_vsurf_fill");
  if (!st && !phi) st = CAP_ERROR(CAP_EINVAL, "cap_vsurf_fill: phi is NULL");
  if (st) return st;
  double tol = 1e-12 * g->h;
  for (int sweep = 0; sweep < CAP_VSURF_SWEEPS; sweep++) {
    double change = 0;
    for (size_t k = 0; k < v->n; k++) {
      size_t c = v->cell[k];
      int i = (int)(c % (size_t)g->sy) - g->ng, j = (int)(c / (size_t)g->sy) - g->ng;
      double d = v->depth[k], s = fmax(2 * d, d + 0.5 * g->h); /* the probe's distance, see RULE */
      double xm = cap_grid_xc(g, i) + s * v->nx[k], ym = cap_grid_yc(g, j) + s * v->ny[k];
      double val = cap_advect_interp(g, phi, CAP_AT_CELL, xm, ym) - s * v->cos_theta[k];
      change = fmax(change, fabs(val - phi[c]));
      phi[c] = val;
    }
    if (change <= tol) break;
  }
  return CAP_SUCCESS;
}

int cap_vsurf_fluid_phi(const cap_vsurf *v, const cap_grid *g, const double *phi, double *out)
{
  int st = check_grid(v, g, "cap_vsurf_fluid_phi");
  if (!st && (!phi || !out)) st = CAP_ERROR(CAP_EINVAL, "cap_vsurf_fluid_phi: phi or out is NULL");
  if (st) return st;
  if (out != phi) memcpy(out, phi, g->size * sizeof *phi);
  for (size_t k = 0; k < v->n; k++) out[v->cell[k]] = g->h;
  return CAP_SUCCESS;
}
