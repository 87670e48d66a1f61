#include "cap_vsurf.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cap_interp.h"
#include "cap_errno.h"
#include "cap_ws.h"

/* A contact point on the solid's surface (SLOPE NEAR A CONTACT LINE in cap_vsurf.h): its position, the
 * solid's normal there, cos(theta) there, the rate b at which phi's wall-normal slope changes along
 * the surface (per cell), the side of the liquid along the surface (+1: towards (-ny, nx)), how many
 * pairs of cells found it (merged into one; drop_dips marks a dropped one with 0), and whether another
 * contact point on its side lies within twice the fit (it then keeps cos(theta)). */
typedef struct {
  double x, y, nx, ny, cos_c, b;
  int dir, count, close;
} contact;

struct cap_vsurf {
  cap_grid g;
  size_t n;     /* solid cells */
  size_t *cell; /* their indices, by increasing depth (capacity: every interior cell) */
  double *depth, *nx, *ny;
  double *cos_theta; /* per solid cell: cos of its angle (cap_contact), set by each fill */
  int nparts;        /* parts of the solid (cap_solid_parts) */
  unsigned char *in_solid, *xface, *yface;
  unsigned char *part;   /* the part of each solid cell (g.size entries) */
  struct entry *scratch; /* the sort's workspace */
  /* the fill's workspace (written by cap_vsurf_fill through the pointers of a const surface) */
  size_t *rank;                 /* g.size entries: 1 + the order of a solid cell, 0 elsewhere */
  size_t *fills;                /* fills since cap_vsurf_alloc (0: the next one starts cold) */
  double *fw, *gw, *nn, *slope; /* per solid cell: phi at the foot, its slope and second derivative
                                * along the normal there, the slope of the fill */
  size_t *pbase;                /* per solid cell: its probe's cubic stencil (cap_interp_cubic_stencil) */
  double *pw;                   /* and its 8 weights */
  size_t nsample, sample_cap;   /* the shallow cells (depth <= CAP_VSURF_BAND h: k < nsample, the first in
                                 * depth order) and the room for their samples */
  size_t *sbase;                /* per shallow cell: the stencils of its 3 samples along the normal (slopes) */
  double *sw;                   /* and their 3 x 8 weights */
  unsigned char *pdep;          /* 1: the probe's stencil reads a solid cell (the sweeps after the first
                                 * change its value); 0: only fluid cells and ghosts (final after one) */
  contact *contacts;            /* capacity: every solid cell */
  size_t *ncontacts;            /* the contact points of the last fill */
};

typedef struct entry {
  size_t cell;
  double depth, nx, ny;
} entry;

static int by_depth(const void *a, const void *b)
{
  const entry *p = a, *q = b;
  if (p->depth != q->depth) return p->depth < q->depth ? -1 : 1;
  return p->cell < q->cell ? -1 : (p->cell > q->cell); /* a total order: the same fill on every platform */
}

void cap_vsurf_free(cap_vsurf *v)
{
  if (!v) return;
  CAP_FREE_ALL(v->cell, v->depth, v->nx, v->ny, v->cos_theta, v->in_solid, v->xface, v->yface, v->part, v->scratch,
               v->rank, v->fw, v->gw, v->nn, v->fills, v->slope, v->pbase, v->pw, v->sbase, v->sw, v->pdep, v->contacts,
               v->ncontacts, v);
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

/* The cell centre of solid cell k and its foot on the solid's surface. */
static void foot(const cap_vsurf *v, const cap_grid *g, size_t k, int *i, int *j, double *fx, double *fy)
{
  size_t c = v->cell[k];
  *i = (int)(c % (size_t)g->sy) - g->ng;
  *j = (int)(c / (size_t)g->sy) - g->ng;
  *fx = cap_grid_xc(g, *i) + v->depth[k] * v->nx[k];
  *fy = cap_grid_yc(g, *j) + v->depth[k] * v->ny[k];
}

/* The solid cells of s on v's grid, sorted by depth, the masks and parts, every cell its part's angle,
 * and the stencils of the probes and of the shallow cells' samples. Allocates only when the shallow
 * cells outgrow the samples' room (CAP_ENOMEM; v->n is 0 then). */
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
  memset(v->rank, 0, g->size * sizeof *v->rank);
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
  if (st) {
    v->n = 0;
    return st;
  }
  qsort(e, n, sizeof *e, by_depth);
  v->n = n;
  for (size_t k = 0; k < n; k++) {
    v->cell[k] = e[k].cell;
    v->depth[k] = e[k].depth;
    v->nx[k] = e[k].nx;
    v->ny[k] = e[k].ny;
    v->rank[e[k].cell] = k + 1;
    /* the RULE's probe of the cell, s beyond it along the normal (see continued) */
    int i = (int)(e[k].cell % (size_t)g->sy) - g->ng, j = (int)(e[k].cell / (size_t)g->sy) - g->ng;
    double d = e[k].depth, sp = fmax(2 * d, d + 0.5 * g->h);
    cap_interp_cubic_stencil(g, CAP_AT_CELL, cap_grid_xc(g, i) + sp * e[k].nx, cap_grid_yc(g, j) + sp * e[k].ny,
                             &v->pbase[k], v->pw + 8 * k);
  }
  /* the shallow cells' samples at h/2, 3h/2, 5h/2 out of the surface along the normal (slopes) */
  size_t ns = 0;
  while (ns < n && v->depth[ns] <= CAP_VSURF_BAND * g->h) ns++;
  if (ns > v->sample_cap) {
    size_t cap = ns + ns / 2 + 16, *b = realloc(v->sbase, 3 * cap * sizeof *b);
    if (b) v->sbase = b;
    double *w = b ? realloc(v->sw, 24 * cap * sizeof *w) : NULL;
    if (w) v->sw = w;
    if (!w) {
      v->n = 0;
      return CAP_ERROR(CAP_ENOMEM, "cannot allocate the samples of %zu solid cells near the surface", ns);
    }
    v->sample_cap = cap;
  }
  v->nsample = ns;
  for (size_t k = 0; k < ns; k++) {
    int i, j;
    double fx, fy;
    foot(v, g, k, &i, &j, &fx, &fy);
    for (int l = 0; l < 3; l++)
      cap_interp_cubic_stencil(g, CAP_AT_CELL, fx + (l + 0.5) * g->h * v->nx[k], fy + (l + 0.5) * g->h * v->ny[k],
                               &v->sbase[3 * k + l], v->sw + 8 * (3 * k + l));
  }
  /* which probes read solid cells (in_solid is complete only now) */
  for (size_t k = 0; k < n; k++) {
    v->pdep[k] = 0;
    for (int q = 0; q < 4; q++)
      for (int r = 0; r < 4; r++) v->pdep[k] |= v->in_solid[v->pbase[k] + (size_t)q * (size_t)g->sy + (size_t)r];
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

int cap_vsurf_alloc(cap_vsurf **out, const cap_grid *g, const cap_solid *s)
{
  if (!out) return CAP_ERROR(CAP_EINVAL, "cap_vsurf_alloc: out is NULL");
  *out = NULL;
  if (!g || !s) return CAP_ERROR(CAP_EINVAL, "cap_vsurf_alloc: grid or solid is NULL");
  if (g->dim != 2) return CAP_ERROR(CAP_EGEOM, "cap_vsurf_alloc: 3D grids are not supported");
  if (g->ng < 2)
    return CAP_ERROR(CAP_EDOM,
                     "cap_vsurf_alloc: the grid has %d ghost layers, the continuation's interpolation "
                     "reads 2 (ng >= 2)",
                     g->ng);
  cap_vsurf *v = calloc(1, sizeof *v);
  if (!v) return CAP_ERROR(CAP_ENOMEM, "cannot allocate a virtual surface");
  v->g = *g;
  v->nparts = cap_solid_parts(s);
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
  v->rank = calloc(g->size, sizeof *v->rank);
  v->fw = malloc(m * sizeof *v->fw);
  v->gw = malloc(m * sizeof *v->gw);
  v->nn = malloc(m * sizeof *v->nn);
  v->fills = calloc(1, sizeof *v->fills);
  v->slope = malloc(m * sizeof *v->slope);
  v->pbase = malloc(m * sizeof *v->pbase);
  v->pw = malloc(8 * m * sizeof *v->pw);
  v->pdep = malloc(m);
  v->contacts = malloc(m * sizeof *v->contacts);
  v->ncontacts = calloc(1, sizeof *v->ncontacts);
  if (!v->in_solid || !v->xface || !v->yface || !v->part || !v->scratch || !v->cell || !v->depth || !v->nx || !v->ny ||
      !v->cos_theta || !v->rank || !v->fw || !v->gw || !v->nn || !v->fills || !v->slope || !v->pbase || !v->pw ||
      !v->pdep || !v->contacts || !v->ncontacts) {
    cap_vsurf_free(v);
    return CAP_ERROR(CAP_ENOMEM, "cannot allocate the solid cells of a %dx%d grid", g->nx, g->ny);
  }
  int st = build(v, s);
  if (st) {
    cap_vsurf_free(v);
    return st;
  }
  *out = v;
  return CAP_SUCCESS;
}

int cap_vsurf_move(cap_vsurf *v, const cap_solid *s)
{
  if (!v || !s) return CAP_ERROR(CAP_EINVAL, "cap_vsurf_move: NULL argument");
  return build(v, s);
}

int cap_vsurf_visit(cap_vsurf *v, cap_state_fn f, void *user)
{
  if (!v || !f) return CAP_ERROR(CAP_EINVAL, "cap_vsurf_visit: %s is NULL", !v ? "v" : "f");
  size_t n = v->n;
  int st = f(user, "vsurf.n", &n, sizeof n);
  if (!st && n != v->n)
    return CAP_ERROR(CAP_ESIZE, "cap_vsurf_visit: %zu solid cells restored into a surface of %zu", n, v->n);
  if (!st) st = f(user, "vsurf.fills", v->fills, sizeof *v->fills);
  size_t nc = *v->ncontacts, room = (size_t)v->g.nx * v->g.ny + 1;
  if (!st) st = f(user, "vsurf.ncontacts", &nc, sizeof nc);
  if (!st && nc > room)
    return CAP_ERROR(CAP_ESIZE, "cap_vsurf_visit: %zu contact points restored, room for %zu", nc, room);
  if (!st) *v->ncontacts = nc;
  if (!st) st = f(user, "vsurf.contacts", v->contacts, *v->ncontacts * sizeof *v->contacts);
  double *per_cell[5] = {v->cos_theta, v->fw, v->gw, v->nn, v->slope};
  const char *name[5] = {"vsurf.cos", "vsurf.fw", "vsurf.gw", "vsurf.nn", "vsurf.slope"};
  for (int k = 0; k < 5 && !st; k++) st = f(user, name[k], per_cell[k], v->n * sizeof(double));
  return st;
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
  if (g->nx != v->g.nx || g->ny != v->g.ny || g->ng != v->g.ng || g->h != v->g.h || g->x0 != v->g.x0 ||
      g->y0 != v->g.y0 || memcmp(g->bc, v->g.bc, sizeof g->bc))
    return CAP_ERROR(CAP_ESIZE, "%s: virtual surface made for another grid (%dx%d, or its origin, spacing or sides)",
                     what, v->g.nx, v->g.ny);
  return CAP_SUCCESS;
}

/* The coordinate of (x, y) along the surface from contact p, in cells (positive along (-ny, nx)). */
static double along(const contact *p, double x, double y, double h)
{
  return ((x - p->x) * -p->ny + (y - p->y) * p->nx) / h;
}

/* Solid cell k touches a fluid cell across a face (the first layer of the staircase). */
static int first_layer(const cap_vsurf *v, const cap_grid *g, int i, int j)
{
  static const int di[4] = {1, -1, 0, 0}, dj[4] = {0, 0, 1, -1};
  for (int q = 0; q < 4; q++) {
    int a = i + di[q], b = j + dj[q];
    if (a >= 0 && a < g->nx && b >= 0 && b < g->ny && !v->in_solid[cap_grid_idx(g, a, b)]) return 1;
  }
  return 0;
}

/* The contact point between first-layer cells ka and kb if phi at their feet changes sign (on the same
 * side of the solid), merged with one found before within 1.5 h with the liquid on the same side;
 * returns the new number of contacts. */
static size_t add_contact(const cap_vsurf *v, const cap_grid *g, size_t ka, size_t kb, size_t nc)
{
  double fa = v->fw[ka], fb = v->fw[kb];
  if ((fa < 0) == (fb < 0) || v->nx[ka] * v->nx[kb] + v->ny[ka] * v->ny[kb] <= 0) return nc;
  int i, j;
  double xa, ya, xb, yb, a = fa / (fa - fb);
  foot(v, g, ka, &i, &j, &xa, &ya);
  foot(v, g, kb, &i, &j, &xb, &yb);
  double nx = (1 - a) * v->nx[ka] + a * v->nx[kb], ny = (1 - a) * v->ny[ka] + a * v->ny[kb], nn = hypot(nx, ny);
  contact q = {xa + a * (xb - xa),
               ya + a * (yb - ya),
               nx / nn,
               ny / nn,
               (1 - a) * v->cos_theta[ka] + a * v->cos_theta[kb],
               0,
               ((fa < 0) == ((xb - xa) * -ny + (yb - ya) * nx < 0)) ? 1 : -1,
               1,
               0};
  for (size_t r = 0; r < nc; r++) {
    contact *p = &v->contacts[r];
    if (p->dir == q.dir && hypot(p->x - q.x, p->y - q.y) < 1.5 * g->h && p->nx * q.nx + p->ny * q.ny > 0) {
      double w = 1.0 / (p->count + 1);
      p->x += w * (q.x - p->x);
      p->y += w * (q.y - p->y);
      p->cos_c += w * (q.cos_c - p->cos_c);
      p->count++;
      return nc;
    }
  }
  v->contacts[nc] = q;
  return nc + 1;
}

/* Two contact points within 1.5 h on the same side with the liquid on opposite sides are a dip of phi
 * at the surface narrower than the cells, not two contact lines: both are dropped. Returns the number
 * of contacts left. */
static size_t drop_dips(const cap_vsurf *v, const cap_grid *g, size_t nc)
{
  for (size_t r = 0; r < nc; r++) v->contacts[r].count = 1; /* 0: dropped */
  for (size_t r = 0; r < nc; r++)
    for (size_t q = r + 1; q < nc && v->contacts[r].count; q++) {
      contact *p = &v->contacts[r], *o = &v->contacts[q];
      if (o->count && p->dir != o->dir && p->nx * o->nx + p->ny * o->ny > 0 &&
          hypot(p->x - o->x, p->y - o->y) < 1.5 * g->h)
        p->count = o->count = 0;
    }
  size_t n = 0;
  for (size_t r = 0; r < nc; r++)
    if (v->contacts[r].count) v->contacts[n++] = v->contacts[r];
  return n;
}

/* The slope of the continuation of every solid cell (SLOPE NEAR A CONTACT LINE in cap_vsurf.h) and
 * phi's second derivative along the normal at its foot (RULE), from phi as it stands (the solid cells
 * the samples touch hold the last continuation: see cap_vsurf_fill). */
static void slopes(const cap_vsurf *v, const cap_grid *g, const double *phi)
{
  const double h = g->h, fit = CAP_CONTACT_FIT, deep = CAP_VSURF_BAND * h;
  for (size_t k = 0; k < v->n; k++) {
    v->slope[k] = v->cos_theta[k];
    v->fw[k] = NAN; /* no sample: deeper than the stencils reach */
    v->nn[k] = 0;
    if (k >= v->nsample) continue; /* deeper than CAP_VSURF_BAND h */
    double f[3];
    for (int l = 0; l < 3; l++) f[l] = cap_interp_cubic_apply(g, phi, v->sbase[3 * k + l], v->sw + 8 * (3 * k + l));
    v->gw[k] = cap_surface_slope(f[0], f[1], f[2], h, &v->fw[k]);
    v->nn[k] = (f[0] - 2 * f[1] + f[2]) / (h * h);
  }
  /* the contact points: sign changes of phi at the feet of neighbouring first-layer cells */
  size_t nc = 0;
  static const int di[4] = {1, 0, 1, -1}, dj[4] = {0, 1, 1, 1};
  for (size_t k = 0; k < v->n && v->depth[k] <= deep; k++) {
    int i, j;
    double fx, fy;
    foot(v, g, k, &i, &j, &fx, &fy);
    if (isnan(v->fw[k]) || !first_layer(v, g, i, j)) continue;
    for (int q = 0; q < 4; q++) {
      int a = i + di[q], b = j + dj[q];
      if (a < 0 || a >= g->nx || b < 0 || b >= g->ny) continue;
      size_t r = v->rank[cap_grid_idx(g, a, b)];
      if (r && v->depth[r - 1] <= deep && !isnan(v->fw[r - 1]) && first_layer(v, g, a, b))
        nc = add_contact(v, g, k, r - 1, nc);
    }
  }
  nc = drop_dips(v, g, nc);
  *v->ncontacts = nc;
  if (!nc) return;
  /* b at each contact: the least-squares line through g at the feet of the first-layer cells on its
   * side within the fit, against the coordinate along the surface (in cells); and whether another
   * contact point on its side is within twice the fit */
  for (size_t r = 0; r < nc; r++) {
    contact *p = &v->contacts[r];
    for (size_t o = 0; o < nc && !p->close; o++) {
      const contact *e = &v->contacts[o];
      p->close = o != r && e->nx * p->nx + e->ny * p->ny > 0 && hypot(e->x - p->x, e->y - p->y) < 2 * fit * h;
    }
    double n0 = 0, s1 = 0, s2 = 0, g1 = 0, sg = 0;
    for (size_t k = 0; k < v->n && v->depth[k] <= deep; k++) {
      int i, j;
      double fx, fy;
      foot(v, g, k, &i, &j, &fx, &fy);
      if (isnan(v->fw[k]) || p->nx * v->nx[k] + p->ny * v->ny[k] <= 0 || hypot(fx - p->x, fy - p->y) > fit * h ||
          !first_layer(v, g, i, j))
        continue;
      double t = along(p, fx, fy, h);
      n0 += 1;
      s1 += t;
      s2 += t * t;
      g1 += v->gw[k];
      sg += t * v->gw[k];
    }
    p->b = cap_lsq_slope(n0, s1, s2, g1, sg);
  }
  for (size_t k = 0; k < v->n && v->depth[k] <= deep; k++) {
    if (isnan(v->fw[k])) continue;
    int i, j;
    double fx, fy, best = INFINITY;
    foot(v, g, k, &i, &j, &fx, &fy);
    const contact *q = NULL;
    for (size_t r = 0; r < nc; r++) {
      const contact *p = &v->contacts[r];
      double dist = hypot(p->x - fx, p->y - fy);
      if (p->nx * v->nx[k] + p->ny * v->ny[k] > 0 && dist < best) {
        best = dist;
        q = p;
      }
    }
    if (q && !q->close)
      v->slope[k] = cap_contact_blend(v->slope[k], q->cos_c + q->b * along(q, fx, fy, h), best / h,
                                      cap_contact_reach(CAP_CONTACT_OPEN_REACH, CAP_CONTACT_REACH, q->cos_c, v->fw[k]));
  }
}

/* The RULE's value for solid cell k from phi as it stands. */
static double continued(const cap_vsurf *v, const cap_grid *g, const double *phi, size_t k)
{
  double d = v->depth[k], s = fmax(2 * d, d + 0.5 * g->h); /* the probe's distance, see RULE */
  /* the probe (its stencil made by build) lies s - d outside the surface: phi's curvature along the
   * normal cancels between it and the cell only for the mirror image (s = 2 d) */
  return cap_interp_cubic_apply(g, phi, v->pbase[k], v->pw + 8 * k) - s * v->slope[k] +
         0.5 * v->nn[k] * (d * d - (s - d) * (s - d));
}

/* The RULE with the cells' slopes and curvature terms as they stand: Gauss-Seidel sweeps over the
 * cells the stencils reach (depth <= CAP_VSURF_BAND cells; the cells are sorted by depth), then one
 * pass over the deeper ones, which only need finite values. */
static void sweep(const cap_vsurf *v, const cap_grid *g, double *phi)
{
  const double tol = 1e-12 * g->h, band = CAP_VSURF_BAND * g->h;
  size_t nb = 0;
  while (nb < v->n && v->depth[nb] <= band) nb++;
  for (int it = 0; it < CAP_VSURF_SWEEPS; it++) {
    double change = 0;
    for (size_t k = 0; k < nb; k++) {
      if (it && !v->pdep[k]) continue; /* its stencil holds no solid cell: the first pass gave its value */
      double val = continued(v, g, phi, k);
      change = fmax(change, fabs(val - phi[v->cell[k]]));
      phi[v->cell[k]] = val;
    }
    if (change <= tol) break;
  }
  for (size_t k = nb; k < v->n; k++) phi[v->cell[k]] = continued(v, g, phi, k);
}

int cap_vsurf_fill(const cap_vsurf *v, const cap_contact *ct, const cap_grid *g, double *phi)
{
  int st = check_grid(v, g, "cap_vsurf_fill");
  if (!st && !phi) st = CAP_ERROR(CAP_EINVAL, "cap_vsurf_fill: phi is NULL");
  if (!st && !cap_contact_solid_parts(ct))
    st = CAP_ERROR(CAP_EINVAL, "cap_vsurf_fill: no solid contact angle (cap_contact_set_solid)");
  if (!st && cap_contact_solid_parts(ct) != v->nparts)
    st = CAP_ERROR(CAP_ESIZE, "cap_vsurf_fill: contact angles for a solid of %d parts, the surface has %d",
                   cap_contact_solid_parts(ct), v->nparts);
  /* each solid cell's angle from the contact module (its own, else its part's) */
  for (size_t k = 0; k < v->n && !st; k++) {
    double th;
    st = cap_contact_solid_theta(ct, v->cell[k], v->part[v->cell[k]], &th);
    if (!st) v->cos_theta[k] = cos(th); /* a refused angle leaves th unset */
  }
  if (st) return st;
  /* the samples of phi's slope and curvature may touch solid cells (next to a staircase): they read
   * the continuation those hold. The first fill builds it from scratch: the constant slope (the
   * cells' old contents do not matter), then samples and fill repeated towards the self-consistent
   * continuation; later fills start from what the cells hold (the last fill, advected). */
  int cold = *v->fills == 0;
  if (cold) {
    for (size_t k = 0; k < v->n; k++) {
      v->slope[k] = v->cos_theta[k];
      v->nn[k] = 0;
    }
    sweep(v, g, phi);
  }
  for (int r = 0; r < (cold ? CAP_VSURF_COLD_PASSES : 1); r++) {
    slopes(v, g, phi);
    sweep(v, g, phi);
  }
  (*v->fills)++;
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

size_t cap_vsurf_ncontacts(const cap_vsurf *v) { return v && *v->fills ? *v->ncontacts : 0; }

int cap_vsurf_contact_get(const cap_vsurf *v, size_t r, cap_vsurf_contact *out)
{
  if (!v || !out) return CAP_ERROR(CAP_EINVAL, "cap_vsurf_contact_get: NULL argument");
  if (r >= cap_vsurf_ncontacts(v))
    return CAP_ERROR(CAP_EDOM, "cap_vsurf_contact_get: contact %zu is out of range: allowed 0 <= r < %zu", r,
                     cap_vsurf_ncontacts(v));
  const contact *p = &v->contacts[r];
  *out =
      (cap_vsurf_contact){p->x, p->y, p->nx, p->ny, p->dir * p->ny, -p->dir * p->nx, acos(fmax(-1, fmin(1, p->cos_c)))};
  return CAP_SUCCESS;
}
