/* cap_fmm: fast marching redistancing and normal extrapolation (see cap_fmm.h for the numerics and
 * the references). */
#include "cap_fmm.h"

#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "cap_errno.h"
#include "cap_par.h"
#include "cap_ws.h"

/* Marching states of a lattice point. */
enum { ST_FAR = 0, ST_TRIAL = 1, ST_DONE = 2, ST_OUT = 3 };

struct cap_fmm_ws {
  cap_ws_shape shape;   /* the grid the workspace was made for */
  unsigned char *state; /* per field entry: ST_* */
  double *val;          /* per field entry: redistance: tentative / accepted unsigned distance;
                         * extrapolate (LINEAR): the normal derivative */
  uint32_t *heap;       /* binary min-heap of field indices */
  uint32_t *pos;        /* per field entry: 1 + its position in the heap, 0 when not in the heap */
  size_t nheap;
};

/* ---------------------------------------------------------------------------------------------- */
/* The points of one location as a lattice of spacing h. */

typedef struct {
  int dim;
  int n[3];            /* points per direction */
  int periodic[3];     /* direction wraps (the duplicate face of a periodic direction is excluded) */
  ptrdiff_t stride[3]; /* field strides */
  size_t base;         /* field index of point (0, 0, 0) */
} lattice;

static void make_lattice(const cap_grid *g, cap_location loc, lattice *L)
{
  int cells[3] = {g->nx, g->ny, g->dim == 3 ? g->nz : 1};
  L->dim = g->dim;
  L->stride[0] = 1;
  L->stride[1] = g->sy;
  L->stride[2] = g->sz;
  for (int d = 0; d < 3; d++) {
    L->periodic[d] = d < g->dim && g->bc[2 * d] == CAP_BC_PERIODIC;
    int face = (int)loc == d + 1;
    L->n[d] = d < g->dim ? cells[d] + (face && !L->periodic[d]) : 1;
  }
  L->base = g->dim == 3 ? cap_grid_idx3(g, 0, 0, 0) : cap_grid_idx(g, 0, 0);
}

static size_t lat_index(const lattice *L, const int c[3])
{
  ptrdiff_t off = 0;
  for (int d = 0; d < L->dim; d++) off += (ptrdiff_t)c[d] * L->stride[d];
  return (size_t)((ptrdiff_t)L->base + off);
}

static void lat_coords(const lattice *L, size_t idx, int c[3])
{
  ptrdiff_t off = (ptrdiff_t)idx - (ptrdiff_t)L->base;
  c[0] = c[1] = c[2] = 0;
  for (int d = L->dim - 1; d >= 1; d--) {
    c[d] = (int)(off / L->stride[d]);
    off -= (ptrdiff_t)c[d] * L->stride[d];
  }
  c[0] = (int)off;
}

/* Field index of the point at c + off (off per direction), or -1 outside a non-periodic edge. */
static ptrdiff_t lat_at(const lattice *L, const int c[3], const int off[3])
{
  int x[3] = {0, 0, 0};
  for (int d = 0; d < L->dim; d++) {
    x[d] = c[d] + off[d];
    if (x[d] < 0 || x[d] >= L->n[d]) {
      if (!L->periodic[d]) return -1;
      x[d] = ((x[d] % L->n[d]) + L->n[d]) % L->n[d];
    }
  }
  return (ptrdiff_t)lat_index(L, x);
}

/* The point m steps along direction d from c (m = -2, -1, 1, 2), or -1. */
static ptrdiff_t lat_nbr(const lattice *L, const int c[3], int d, int m)
{
  int off[3] = {0, 0, 0};
  off[d] = m;
  return lat_at(L, c, off);
}

/* Calls body with `c` and `idx` for every point of L. */
#define LAT_FOR(L, c, idx)                                                                                             \
  for (c[2] = 0; c[2] < (L)->n[2]; c[2]++)                                                                             \
    for (c[1] = 0; c[1] < (L)->n[1]; c[1]++)                                                                           \
      for (c[0] = 0, idx = lat_index((L), c); c[0] < (L)->n[0]; c[0]++, idx++)

/* The same order as rows of points for a sweep the threads share: row r of L (r < n[1] n[2]) is the
 * points c[0] = 0..n[0]-1 at c[1] = r % n[1], c[2] = r / n[1]; lat_row sets c to its first point and
 * returns that point's index. */
static int lat_rows(const lattice *L) { return L->n[1] * L->n[2]; }

static size_t lat_row(const lattice *L, int r, int c[3])
{
  c[0] = 0;
  c[1] = r % L->n[1];
  c[2] = r / L->n[1];
  return lat_index(L, c);
}

/* ---------------------------------------------------------------------------------------------- */
/* Binary min-heap of field indices keyed by key[idx]; pos[idx] = 1 + position, 0 if absent. */

static void heap_swap(cap_fmm_ws *w, size_t a, size_t b)
{
  uint32_t ia = w->heap[a], ib = w->heap[b];
  w->heap[a] = ib;
  w->heap[b] = ia;
  w->pos[ib] = (uint32_t)(a + 1);
  w->pos[ia] = (uint32_t)(b + 1);
}

static void heap_up(cap_fmm_ws *w, const double *key, size_t k)
{
  while (k > 0) {
    size_t parent = (k - 1) / 2;
    if (!(key[w->heap[k]] < key[w->heap[parent]])) break;
    heap_swap(w, k, parent);
    k = parent;
  }
}

static void heap_down(cap_fmm_ws *w, const double *key, size_t k)
{
  for (;;) {
    size_t l = 2 * k + 1, r = l + 1, m = k;
    if (l < w->nheap && key[w->heap[l]] < key[w->heap[m]]) m = l;
    if (r < w->nheap && key[w->heap[r]] < key[w->heap[m]]) m = r;
    if (m == k) return;
    heap_swap(w, k, m);
    k = m;
  }
}

static void heap_push(cap_fmm_ws *w, const double *key, size_t idx)
{
  w->heap[w->nheap] = (uint32_t)idx;
  w->pos[idx] = (uint32_t)(w->nheap + 1);
  w->nheap++;
  heap_up(w, key, w->nheap - 1);
}

/* Restores the heap after key[idx] changed (either way). */
static void heap_update(cap_fmm_ws *w, const double *key, size_t idx)
{
  size_t k = (size_t)w->pos[idx] - 1;
  heap_up(w, key, k);
  heap_down(w, key, (size_t)w->pos[idx] - 1);
}

static size_t heap_pop(cap_fmm_ws *w, const double *key)
{
  size_t top = w->heap[0];
  w->nheap--;
  if (w->nheap > 0) {
    w->heap[0] = w->heap[w->nheap];
    w->pos[w->heap[0]] = 1;
    heap_down(w, key, 0);
  }
  w->pos[top] = 0;
  return top;
}

/* ---------------------------------------------------------------------------------------------- */
/* Workspace. */

int cap_fmm_ws_alloc(cap_fmm_ws **ws, const cap_grid *g)
{
  if (!ws) return CAP_ERROR(CAP_EINVAL, "cap_fmm_ws_alloc: ws is NULL");
  *ws = NULL;
  if (!g) return CAP_ERROR(CAP_EINVAL, "cap_fmm_ws_alloc: grid is NULL");
  if (g->size == 0 || g->dim < 2 || g->dim > 3)
    return CAP_ERROR(CAP_EINVAL, "cap_fmm_ws_alloc: grid is not initialised (size %zu, dim %d)", g->size, g->dim);
  if (g->size > UINT32_MAX) /* the heap holds 32-bit field indices */
    return CAP_ERROR(CAP_ESIZE, "cap_fmm_ws_alloc: a grid of %zu entries is too large: allowed at most %lu", g->size,
                     (unsigned long)UINT32_MAX);
  cap_fmm_ws *w = calloc(1, sizeof *w);
  if (!w) return CAP_ERROR(CAP_ENOMEM, "cap_fmm_ws_alloc: cannot allocate the workspace");
  w->shape = cap_ws_shape_of(g);
  w->state = malloc(g->size * sizeof *w->state);
  w->val = malloc(g->size * sizeof *w->val);
  w->heap = malloc(g->size * sizeof *w->heap);
  w->pos = malloc(g->size * sizeof *w->pos);
  if (!w->state || !w->val || !w->heap || !w->pos) {
    cap_fmm_ws_free(w);
    return CAP_ERROR(CAP_ENOMEM, "cap_fmm_ws_alloc: cannot allocate work arrays of %zu entries", g->size);
  }
  *ws = w;
  return CAP_SUCCESS;
}

void cap_fmm_ws_free(cap_fmm_ws *ws)
{
  if (!ws) return;
  CAP_FREE_ALL(ws->state, ws->val, ws->heap, ws->pos, ws);
}

/* ---------------------------------------------------------------------------------------------- */
/* Validation shared by the public calls. */

static int check_grid(const char *fn, const cap_grid *g)
{
  if (!g) return CAP_ERROR(CAP_EINVAL, "%s: grid is NULL", fn);
  if (g->geom != CAP_GEOM_PLANAR && g->geom != CAP_GEOM_AXI && g->geom != CAP_GEOM_3D)
    return CAP_ERROR(CAP_EGEOM, "%s: unknown geometry %d", fn, (int)g->geom);
  if (g->dim != (g->geom == CAP_GEOM_3D ? 3 : 2))
    return CAP_ERROR(CAP_EGEOM, "%s: geometry %d with dim = %d: the grid is not initialised", fn, (int)g->geom, g->dim);
  return cap_grid_check_bc(g);
}

/* check_grid, then a workspace made for g. */
static int check_grid_ws(const char *fn, const cap_fmm_ws *ws, const cap_grid *g)
{
  int s = check_grid(fn, g);
  if (s) return s;
  if (!ws) return CAP_ERROR(CAP_EINVAL, "%s: workspace is NULL", fn);
  if (!cap_ws_shape_is(&ws->shape, g))
    return CAP_ERROR(CAP_ESIZE,
                     "%s: workspace made for a %d x %d x %d grid with %d ghosts, called with %d x %d x %d "
                     "and %d ghosts",
                     fn, ws->shape.nx, ws->shape.ny, ws->shape.nz, ws->shape.ng, g->nx, g->ny, g->nz, g->ng);
  return CAP_SUCCESS;
}

static int check_band_order(const char *fn, double band, cap_fmm_order order)
{
  if (!(isfinite(band) && band >= 1))
    return CAP_ERROR(CAP_EDOM, "%s: band = %.9g cells is out of range: allowed 1 <= band < inf cells", fn, band);
  if (order != CAP_FMM_ORDER1 && order != CAP_FMM_ORDER2)
    return CAP_ERROR(CAP_EDOM, "%s: order = %d is out of range: allowed 1 or 2", fn, (int)order);
  return CAP_SUCCESS;
}

static int check_loc(const char *fn, const cap_grid *g, cap_location loc)
{
  if ((int)loc < 0 || (int)loc > g->dim)
    return CAP_ERROR(CAP_EDOM, "%s: loc = %d is out of range: allowed CELL (0) to %s (%d) in %dD", fn, (int)loc,
                     g->dim == 3 ? "ZFACE" : "YFACE", g->dim, g->dim);
  return CAP_SUCCESS;
}

static void stats_clear(cap_fmm_stats *st)
{
  st->n_init = st->n_marched = st->n_clamped = st->n_fallback = st->n_unreached = 0;
}

/* The statistics a public call fills: stats, or local where stats is NULL, cleared. */
static cap_fmm_stats *stats_target(cap_fmm_stats *stats, cap_fmm_stats *local)
{
  cap_fmm_stats *st = stats ? stats : local;
  stats_clear(st);
  return st;
}

/* Makes *L the lattice of loc on g; CAP_ENONFINITE at the first point of it (in LAT_FOR's order) where
 * a (named aname) is not finite, or where mask is set and b is not (named "known <bname>"); b may be
 * NULL (then mask is not read). */
static int finite_lattice(const char *fn, const cap_grid *g, cap_location loc, lattice *L, const char *aname,
                          const double *a, const char *bname, const double *b, const unsigned char *mask)
{
  make_lattice(g, loc, L);
  /* the first failure (point number in LAT_FOR's order times 2, plus 1 for b) over the threads */
  const int rows = lat_rows(L), n0 = L->n[0];
  long first = LONG_MAX;
  CAP_PAR_FOR_MIN((long)rows * n0, first, for (int r = 0; r < rows; r++) {
    int c[3];
    size_t P = lat_row(L, r, c);
    for (; c[0] < n0; c[0]++, P++) {
      const int bad_a = !isfinite(a[P]), bad_b = b && mask[P] && !isfinite(b[P]);
      if (bad_a || bad_b) {
        const long at = 2 * ((long)r * n0 + c[0]) + !bad_a;
        first = first < at ? first : at;
        break;
      }
    }
  });
  if (first == LONG_MAX) return CAP_SUCCESS;
  int c[3];
  size_t P = lat_row(L, (int)(first / 2 / n0), c);
  c[0] = (int)(first / 2 % n0);
  P += (size_t)c[0];
  char at[48];
  if (L->dim == 3)
    snprintf(at, sizeof at, "(%d, %d, %d)", c[0], c[1], c[2]);
  else
    snprintf(at, sizeof at, "(%d, %d)", c[0], c[1]);
  if (first % 2 == 0) return CAP_ERROR(CAP_ENONFINITE, "%s: %s%s = %g is not finite", fn, aname, at, a[P]);
  return CAP_ERROR(CAP_ENONFINITE, "%s: known %s%s = %g is not finite", fn, bname, at, b[P]);
}

/* ---------------------------------------------------------------------------------------------- */
/* Redistancing. */

static int liquid(double p) { return p < 0; }

/* Order-1 initial distance of interface cell P (at c): the line (plane) through the nearer linear
 * crossing along each axis. */
static double init_order1(const lattice *L, const double *phi, size_t P, const int c[3], double h)
{
  double p0 = phi[P], inv2 = 0;
  for (int d = 0; d < L->dim; d++) {
    double dmin = INFINITY;
    for (int m = -1; m <= 1; m += 2) {
      ptrdiff_t N = lat_nbr(L, c, d, m);
      if (N < 0 || liquid(phi[N]) == liquid(p0)) continue;
      double dist = p0 / (p0 - phi[N]) * h; /* p0 and phi[N] of opposite sides: 0 < theta <= 1 */
      if (dist < dmin) dmin = dist;
    }
    if (dmin == 0) return 0;
    if (dmin < INFINITY) inv2 += 1 / (dmin * dmin);
  }
  return 1 / sqrt(inv2);
}

/* First and second derivative of phi along direction d at c: centred, else one-sided (second order
 * with two points, first order with one, in which case the second derivative is taken as 0). */
static void deriv_axis(const lattice *L, const double *phi, const int c[3], size_t P, int d, double h, double *gd,
                       double *hdd)
{
  ptrdiff_t m1 = lat_nbr(L, c, d, -1), p1 = lat_nbr(L, c, d, 1);
  double p0 = phi[P];
  *gd = 0;
  *hdd = 0;
  if (m1 >= 0 && p1 >= 0) {
    *gd = (phi[p1] - phi[m1]) / (2 * h);
    *hdd = (phi[p1] - 2 * p0 + phi[m1]) / (h * h);
    return;
  }
  int s = p1 >= 0 ? 1 : -1;
  ptrdiff_t n1 = p1 >= 0 ? p1 : m1;
  if (n1 < 0) return;
  ptrdiff_t n2 = lat_nbr(L, c, d, 2 * s);
  if (n2 >= 0) {
    *gd = s * (-3 * p0 + 4 * phi[n1] - phi[n2]) / (2 * h);
    *hdd = (p0 - 2 * phi[n1] + phi[n2]) / (h * h);
  } else {
    *gd = s * (phi[n1] - p0) / h;
  }
}

/* Order-2 initial distance of interface cell P: distance along grad phi to the zero of the quadratic
 * Taylor model; returns -1 when the model is unusable (the caller falls back to order 1). */
static double init_order2(const lattice *L, const double *phi, size_t P, const int c[3], double h)
{
  double gr[3] = {0, 0, 0}, H[3][3] = {{0, 0, 0}, {0, 0, 0}, {0, 0, 0}};
  for (int d = 0; d < L->dim; d++) deriv_axis(L, phi, c, P, d, h, &gr[d], &H[d][d]);
  for (int d = 0; d < L->dim; d++)
    for (int e = d + 1; e < L->dim; e++) {
      ptrdiff_t q[4];
      int k = 0;
      for (int sd = 1; sd >= -1; sd -= 2)
        for (int se = 1; se >= -1; se -= 2) {
          int off[3] = {0, 0, 0};
          off[d] = sd;
          off[e] = se;
          q[k++] = lat_at(L, c, off);
        }
      /* q = (+,+), (+,-), (-,+), (-,-) */
      if (q[0] >= 0 && q[1] >= 0 && q[2] >= 0 && q[3] >= 0)
        H[d][e] = H[e][d] = (phi[q[0]] - phi[q[1]] - phi[q[2]] + phi[q[3]]) / (4 * h * h);
    }
  double gn = 0;
  for (int d = 0; d < L->dim; d++) gn += gr[d] * gr[d];
  gn = sqrt(gn);
  if (!(gn > 0) || !isfinite(gn)) return -1;
  double a = 0;
  for (int d = 0; d < L->dim; d++)
    for (int e = 0; e < L->dim; e++) a += gr[d] * H[d][e] * gr[e];
  a /= gn * gn;
  double disc = gn * gn - 2 * a * phi[P];
  if (!(disc >= 0)) return -1;
  double t = 2 * phi[P] / (gn + sqrt(disc));
  return isfinite(t) ? fabs(t) : -1;
}

/* Tentative distance of cell Q (same side as its accepted neighbours used), from the accepted cells
 * of its side: solves sum_d c_d max(u - beta_d, 0)^2 = 1 (see cap_fmm.h). INFINITY if no neighbour. */
static double march_value(const cap_fmm_ws *w, const lattice *L, const double *phi, size_t Q, double h,
                          cap_fmm_order order)
{
  int c[3];
  lat_coords(L, Q, c);
  int side = liquid(phi[Q]);
  double cc[3], beta[3];
  int nt = 0;
  for (int d = 0; d < L->dim; d++) {
    double a1 = INFINITY, a2 = INFINITY;
    for (int m = -1; m <= 1; m += 2) {
      ptrdiff_t N1 = lat_nbr(L, c, d, m);
      if (N1 < 0 || w->state[N1] != ST_DONE || liquid(phi[N1]) != side || !(w->val[N1] < a1)) continue;
      a1 = w->val[N1];
      ptrdiff_t N2 = lat_nbr(L, c, d, 2 * m);
      a2 = N2 >= 0 && w->state[N2] == ST_DONE && liquid(phi[N2]) == side ? w->val[N2] : INFINITY;
    }
    if (a1 == INFINITY) continue;
    if (order == CAP_FMM_ORDER2 && a2 <= a1) {
      cc[nt] = 9.0 / 4.0; /* coefficients in units of 1/h^2 */
      beta[nt] = (4 * a1 - a2) / 3;
    } else {
      cc[nt] = 1.0;
      beta[nt] = a1;
    }
    /* insertion in increasing beta */
    int k = nt++;
    while (k > 0 && beta[k - 1] > beta[k]) {
      double tb = beta[k - 1], tc = cc[k - 1];
      beta[k - 1] = beta[k];
      cc[k - 1] = cc[k];
      beta[k] = tb;
      cc[k] = tc;
      k--;
    }
  }
  if (nt == 0) return INFINITY;
  /* v = u - beta[0] keeps the arithmetic at the scale h (no cancellation far from the interface) */
  double A = cc[0], B = 0, C = -h * h;
  double v = h / sqrt(cc[0]);
  for (int k = 1; k < nt; k++) {
    double b = beta[k] - beta[0];
    if (v <= b) break;
    A += cc[k];
    B += cc[k] * b;
    C += cc[k] * b * b;
    double disc = B * B - A * C; /* > 0: the sum at u = beta[k] is < 1 and grows */
    v = (B + sqrt(disc > 0 ? disc : 0)) / A;
  }
  return beta[0] + v;
}

/* Recomputes the tentative values of the not yet accepted cells of P's side within two steps of P
 * along the axes (P can be the first or the second point of their stencils). */
static void march_neighbours(cap_fmm_ws *w, const lattice *L, const double *phi, size_t P, double h,
                             cap_fmm_order order)
{
  int c[3];
  lat_coords(L, P, c);
  int side = liquid(phi[P]), reach = order == CAP_FMM_ORDER2 ? 2 : 1;
  for (int d = 0; d < L->dim; d++)
    for (int m = -reach; m <= reach; m++) {
      if (m == 0) continue;
      ptrdiff_t N = lat_nbr(L, c, d, m);
      if (N < 0 || w->state[N] == ST_DONE || liquid(phi[N]) != side) continue;
      double u = march_value(w, L, phi, (size_t)N, h, order);
      if (u == INFINITY) continue;
      w->val[N] = u;
      if (w->state[N] == ST_FAR) {
        w->state[N] = ST_TRIAL;
        heap_push(w, w->val, (size_t)N);
      } else {
        heap_update(w, w->val, (size_t)N);
      }
    }
}

int cap_fmm_redistance(cap_fmm_ws *ws, const cap_grid *g, double *phi, double band, cap_fmm_order order,
                       cap_fmm_stats *stats)
{
  static const char fn[] = "cap_fmm_redistance";
  cap_fmm_stats local, *st = stats_target(stats, &local);
  lattice L;
  int s = check_grid_ws(fn, ws, g);
  if (!s && !phi) s = CAP_ERROR(CAP_EINVAL, "%s: phi is NULL", fn);
  if (!s) s = check_band_order(fn, band, order);
  if (!s) s = finite_lattice(fn, g, CAP_AT_CELL, &L, "phi", phi, NULL, NULL, NULL);
  if (s) return s;

  int c[3];
  size_t P;
  LAT_FOR(&L, c, P)
  {
    ws->state[P] = ST_FAR;
    ws->val[P] = INFINITY;
    ws->pos[P] = 0;
  }
  ws->nheap = 0;
  const double h = g->h, bandh = band * h;

  /* a) interface cells: frozen values from the subcell position of the interface */
  LAT_FOR(&L, c, P)
  {
    double d;
    if (phi[P] == 0) {
      d = 0;
    } else {
      int cross = 0;
      for (int k = 0; k < L.dim && !cross; k++)
        for (int m = -1; m <= 1; m += 2) {
          ptrdiff_t N = lat_nbr(&L, c, k, m);
          if (N >= 0 && liquid(phi[N]) != liquid(phi[P])) cross = 1;
        }
      if (!cross) continue;
      d = init_order1(&L, phi, P, c, h);
      if (order == CAP_FMM_ORDER2) {
        /* the true distance is below the first-order one (up to O(h^2)); a root beyond it by h/2
         * only comes from a Taylor model that does not describe the cell (under-resolved feature) */
        double d2 = init_order2(&L, phi, P, c, h);
        if (d2 >= 0 && d2 <= d + 0.5 * h)
          d = d2;
        else
          st->n_fallback++;
      }
    }
    ws->val[P] = d;
    ws->state[P] = ST_DONE;
    st->n_init++;
  }

  /* b) march outward on both sides */
  LAT_FOR(&L, c, P)
  {
    if (ws->state[P] == ST_DONE) march_neighbours(ws, &L, phi, P, h, order);
  }
  while (ws->nheap > 0) {
    if (ws->val[ws->heap[0]] > bandh) break;
    size_t Q = heap_pop(ws, ws->val);
    ws->state[Q] = ST_DONE;
    st->n_marched++;
    march_neighbours(ws, &L, phi, Q, h, order);
  }

  /* write back with the sign of the input (a zero cell stays zero; a value that would round to zero
   * keeps the tiny input value, so the sign is never lost) */
  LAT_FOR(&L, c, P)
  {
    if (phi[P] == 0) continue;
    double v = ws->state[P] == ST_DONE ? ws->val[P] : bandh;
    if (ws->state[P] != ST_DONE) st->n_clamped++;
    double out = phi[P] < 0 ? -v : v;
    if (out != 0) phi[P] = out;
  }
  return CAP_SUCCESS;
}

/* ---------------------------------------------------------------------------------------------- */
/* Sampling of phi at faces. */

int cap_fmm_sample_phi(const cap_grid *g, const double *phi, cap_location loc, double *phi_s)
{
  static const char fn[] = "cap_fmm_sample_phi";
  int s = check_grid(fn, g);
  if (!s && (!phi || !phi_s)) s = CAP_ERROR(CAP_EINVAL, "%s: %s is NULL", fn, !phi ? "phi" : "phi_s");
  if (!s) s = check_loc(fn, g, loc);
  if (s) return s;
  lattice C, F;
  make_lattice(g, CAP_AT_CELL, &C);
  make_lattice(g, loc, &F);
  int c0[3];
  size_t P0;
  if (loc == CAP_AT_CELL) {
    LAT_FOR(&F, c0, P0) phi_s[P0] = phi[P0];
    return CAP_SUCCESS;
  }
  /* each face from the cells (rows shared by the threads); a duplicate periodic face, not a point of
   * F, is written by its twin alone */
  const int d = (int)loc - 1, n = C.n[d], rows = lat_rows(&F);
  CAP_PAR_FOR((long)rows * F.n[0], for (int r = 0; r < rows; r++) {
    int c[3];
    for (size_t P = lat_row(&F, r, c); c[0] < F.n[0]; c[0]++, P++) {
      /* face c lies between cells c - e_d and c */
      int cl[3] = {c[0], c[1], c[2]}, cr[3] = {c[0], c[1], c[2]};
      cl[d] = c[d] - 1;
      if (C.periodic[d]) {
        if (cl[d] < 0) cl[d] += n;
        phi_s[P] = 0.5 * (phi[lat_index(&C, cl)] + phi[lat_index(&C, cr)]);
      } else if (c[d] == 0 || c[d] == n) {
        /* edge face: linear extrapolation from the two nearest interior cells */
        int in0[3] = {c[0], c[1], c[2]}, in1[3] = {c[0], c[1], c[2]};
        in0[d] = c[d] == 0 ? 0 : n - 1;
        in1[d] = c[d] == 0 ? 1 : n - 2;
        phi_s[P] = n > 1 ? 1.5 * phi[lat_index(&C, in0)] - 0.5 * phi[lat_index(&C, in1)] : phi[lat_index(&C, in0)];
      } else {
        phi_s[P] = 0.5 * (phi[lat_index(&C, cl)] + phi[lat_index(&C, cr)]);
      }
      if (C.periodic[d] && c[d] == 0) {
        int cd[3] = {c[0], c[1], c[2]};
        cd[d] = n; /* the duplicate face */
        phi_s[lat_index(&C, cd)] = phi_s[P];
      }
    }
  });
  return CAP_SUCCESS;
}

/* ---------------------------------------------------------------------------------------------- */
/* Extrapolation along the normal. */

static int done_at(const cap_fmm_ws *w, ptrdiff_t N) { return N >= 0 && w->state[N] == ST_DONE; }

/* Order 1 (Adalsteinsson & Sethian 1999): per axis the accepted neighbour of smaller phi, one-sided
 * differences of phi and q; a convex combination of upwind values. Returns 0 if there is none. */
static int extrap_order1(const cap_fmm_ws *w, const lattice *L, const double *phi, const double *q, size_t P,
                         const int c[3], double *num, double *den)
{
  double pP = phi[P];
  *num = *den = 0;
  for (int d = 0; d < L->dim; d++) {
    ptrdiff_t N1 = -1;
    for (int m = -1; m <= 1; m += 2) {
      ptrdiff_t N = lat_nbr(L, c, d, m);
      if (done_at(w, N) && phi[N] < pP && (N1 < 0 || phi[N] < phi[N1])) N1 = N;
    }
    if (N1 < 0) continue;
    double dphi = pP - phi[N1]; /* h * Dphi > 0 */
    *num += dphi * q[N1];
    *den += dphi;
  }
  return *den > 0;
}

/* Order 2: grad phi by centred differences (phi is given everywhere; one-sided second order at an
 * edge), Dq one-sided upwind, second order (3 q_P - 4 q_1 + q_2) / 2h when q_2 is accepted, else first
 * order. Where the upwind point of an axis is not accepted yet (P is the minimum of phi along that
 * axis, so |phi_d| = O(h)), the term phi_d q_d enters explicitly with q_d from the accepted row on the
 * upwind side of the dominant other axis (an O(h) estimate, enough for a coefficient of size O(h)).
 * This keeps the local error O(h^3) on columns aligned with the normal, where a first-order term would
 * otherwise accumulate into an O(h) error along the whole column. */
static int extrap_order2(const cap_fmm_ws *w, const lattice *L, const double *phi, const double *q, size_t P,
                         const int c[3], const double *src, double h, double *num, double *den)
{
  double gr[3] = {0, 0, 0}, unused, expl = 0;
  *num = *den = 0;
  for (int d = 0; d < L->dim; d++) deriv_axis(L, phi, c, P, d, 1.0, &gr[d], &unused); /* h * phi_d */
  for (int d = 0; d < L->dim; d++) {
    if (gr[d] == 0) continue;
    int s = gr[d] > 0 ? -1 : 1; /* towards smaller phi */
    double a = fabs(gr[d]);
    ptrdiff_t N1 = lat_nbr(L, c, d, s);
    if (done_at(w, N1)) {
      ptrdiff_t N2 = lat_nbr(L, c, d, 2 * s);
      if (done_at(w, N2)) {
        *num += a * 0.5 * (4 * q[N1] - q[N2]);
        *den += a * 1.5;
      } else {
        *num += a * q[N1];
        *den += a;
      }
      continue;
    }
    /* explicit term: h q_d on the row P - s_e e_e, e the other axis of largest |phi_e| */
    int e = -1;
    for (int k = 0; k < L->dim; k++)
      if (k != d && gr[k] != 0 && (e < 0 || fabs(gr[k]) > fabs(gr[e]))) e = k;
    if (e < 0) continue;
    int off[3] = {0, 0, 0};
    off[e] = gr[e] > 0 ? -1 : 1;
    ptrdiff_t R0 = lat_at(L, c, off);
    off[d] = 1;
    ptrdiff_t Rp = lat_at(L, c, off);
    off[d] = -1;
    ptrdiff_t Rm = lat_at(L, c, off);
    double hq;
    if (done_at(w, Rp) && done_at(w, Rm))
      hq = 0.5 * (q[Rp] - q[Rm]);
    else if (done_at(w, Rp) && done_at(w, R0))
      hq = q[Rp] - q[R0];
    else if (done_at(w, Rm) && done_at(w, R0))
      hq = q[R0] - q[Rm];
    else
      continue;
    expl += gr[d] * hq;
  }
  *num -= expl;
  if (src) { /* grad q . grad phi = |grad phi| src: h^2 |grad phi| src = h |gr| src on the right */
    double gn = 0;
    for (int d = 0; d < L->dim; d++) gn += gr[d] * gr[d];
    *num += h * sqrt(gn) * src[P];
  }
  return *den > 0;
}

/* Value of q at P from its accepted neighbours (see cap_fmm.h, 2.); returns 0 if P has none. */
static int extrap_value(const cap_fmm_ws *w, const lattice *L, const double *phi, const double *q, size_t P,
                        cap_fmm_order order, const double *src, double h, double *out)
{
  int c[3];
  lat_coords(L, P, c);
  double num, den;
  int ok = order == CAP_FMM_ORDER2 ? extrap_order2(w, L, phi, q, P, c, src, h, &num, &den)
                                   : extrap_order1(w, L, phi, q, P, c, &num, &den);
  if (ok) {
    *out = num / den;
    return 1;
  }
  /* no upwind information: the mean of the accepted neighbours, if any */
  double sum = 0;
  int nacc = 0;
  for (int d = 0; d < L->dim; d++)
    for (int m = -1; m <= 1; m += 2) {
      ptrdiff_t N = lat_nbr(L, c, d, m);
      if (done_at(w, N)) {
        sum += q[N];
        nacc++;
      }
    }
  if (nacc == 0) return 0;
  *out = sum / nacc;
  return 1;
}

/* h q_d at known point P from known neighbours: centred, else one-sided of second or first order
 * into the known points; 0 (and *ok = 0) when neither neighbour is known. */
static double known_diff(const lattice *L, const unsigned char *known, const double *q, const int c[3], size_t P, int d,
                         int *ok)
{
  ptrdiff_t m1 = lat_nbr(L, c, d, -1), p1 = lat_nbr(L, c, d, 1);
  int km = m1 >= 0 && known[m1], kp = p1 >= 0 && known[p1];
  *ok = 1;
  if (km && kp) return 0.5 * (q[p1] - q[m1]);
  if (!km && !kp) {
    *ok = 0;
    return 0;
  }
  int s = kp ? 1 : -1;
  ptrdiff_t n1 = kp ? p1 : m1, n2 = lat_nbr(L, c, d, 2 * s);
  if (n2 >= 0 && known[n2]) return s * 0.5 * (-3 * q[P] + 4 * q[n1] - q[n2]);
  return s * (q[n1] - q[P]);
}

/* 3D: h q_d at a known point at c neither of whose neighbours along d is known (the tip of a column of
 * known points poking out through the interface, where n_d = O(h): without the term, n . grad q would
 * miss O(h) and the linear extension would carry that error along the column): known_diff along d on
 * the known point one step towards smaller phi along the other axis e of largest |gr_e| (gr = h grad
 * phi at c); 0 (*ok = 0) when that point is not known or has no known neighbour along d either. */
static double known_diff_tip(const lattice *L, const unsigned char *known, const double *q, const int c[3],
                             const double gr[3], int d, int *ok)
{
  int e = -1;
  for (int k = 0; k < L->dim; k++)
    if (k != d && (e < 0 || fabs(gr[k]) > fabs(gr[e]))) e = k;
  *ok = 0;
  if (gr[e] == 0) return 0;
  ptrdiff_t R = lat_nbr(L, c, e, gr[e] > 0 ? -1 : 1);
  if (R < 0 || !known[R]) return 0;
  int cr[3];
  lat_coords(L, (size_t)R, cr);
  return known_diff(L, known, q, cr, (size_t)R, d, ok);
}

static void march(cap_fmm_ws *ws, const lattice *L, cap_location loc, const double *phi_s, const unsigned char *known,
                  double *q, double bandh, cap_fmm_order order, const double *src, double h, cap_fmm_stats *st);

/* cap_fmm_extrapolate of one field whose arguments have been checked (L its lattice): the order-1
 * or 2 march, or for LINEAR the normal derivative n . grad q at the known points (n = grad phi /
 * |grad phi|, centred) extended constant along the normals, then q marched with grad q . n equal to
 * it. */
static void extrapolate_checked(cap_fmm_ws *ws, const lattice *L, const cap_grid *g, const cap_fmm_field *f,
                                double bandh, cap_fmm_order order, cap_fmm_stats *st)
{
  const double *phi_s = f->phi_s;
  const unsigned char *known = f->known;
  double *q = f->q;
  if (order != CAP_FMM_LINEAR) {
    march(ws, L, f->loc, phi_s, known, q, bandh, order, NULL, g->h, st);
    return;
  }
  double *dn = ws->val;
  int c[3];
  size_t P;
  LAT_FOR(L, c, P)
  {
    dn[P] = 0;
    if (!known[P]) continue;
    double gr[3] = {0, 0, 0}, unused, gn = 0, dot = 0;
    for (int d = 0; d < L->dim; d++) {
      deriv_axis(L, phi_s, c, P, d, 1.0, &gr[d], &unused);
      gn += gr[d] * gr[d];
    }
    if (gn <= 0) continue;
    for (int d = 0; d < L->dim; d++) {
      int ok;
      double hq = known_diff(L, known, q, c, P, d, &ok);
      if (!ok && L->dim == 3) hq = known_diff_tip(L, known, q, c, gr, d, &ok);
      dot += gr[d] * hq;
    }
    dn[P] = dot / (sqrt(gn) * g->h);
  }
  cap_fmm_stats tmp;
  stats_clear(&tmp);
  march(ws, L, f->loc, phi_s, known, dn, bandh, CAP_FMM_ORDER2, NULL, g->h, &tmp);
  march(ws, L, f->loc, phi_s, known, q, bandh, CAP_FMM_ORDER2, dn, g->h, st);
}

int cap_fmm_extrapolate_fields(cap_fmm_ws *const *ws, const cap_grid *g, int n, const cap_fmm_field *f, double band,
                               cap_fmm_order order, cap_fmm_stats *stats)
{
  static const char fn[] = "cap_fmm_extrapolate";
  if (!ws || !f) return CAP_ERROR(CAP_EINVAL, "%s: %s is NULL", fn, !ws ? "ws" : "f");
  if (n < 1 || n > CAP_FMM_MAX_FIELDS)
    return CAP_ERROR(CAP_EDOM, "%s: n = %d fields is out of range: allowed 1 <= n <= %d", fn, n, CAP_FMM_MAX_FIELDS);
  lattice L[CAP_FMM_MAX_FIELDS];
  cap_fmm_stats local[CAP_FMM_MAX_FIELDS];
  int s = CAP_SUCCESS;
  for (int k = 0; k < n && !s; k++) {
    stats_clear(&local[k]);
    s = check_grid_ws(fn, ws[k], g);
    if (!s && (!f[k].phi_s || !f[k].known || !f[k].q))
      s = CAP_ERROR(CAP_EINVAL, "%s: field %d: %s is NULL", fn, k, !f[k].phi_s ? "phi_s" : !f[k].known ? "known" : "q");
    for (int m = 0; m < k && !s; m++)
      if (f[m].q == f[k].q) s = CAP_ERROR(CAP_EINVAL, "%s: fields %d and %d share their q", fn, m, k);
    if (!s) s = check_loc(fn, g, f[k].loc);
    if (!s) s = check_band_order(fn, band, order == CAP_FMM_LINEAR ? CAP_FMM_ORDER2 : order);
    if (!s) s = finite_lattice(fn, g, f[k].loc, &L[k], "phi_s", f[k].phi_s, "q", f[k].q, f[k].known);
  }
  if (s) return s;
  const double bandh = band * g->h;
  /* one lane per workspace, the fields of a lane marched one after the other in their order */
  int lane[CAP_FMM_MAX_FIELDS], nlanes = 0;
  for (int k = 0; k < n; k++) {
    lane[k] = -1;
    for (int m = 0; m < k && lane[k] < 0; m++)
      if (ws[m] == ws[k]) lane[k] = lane[m];
    if (lane[k] < 0) lane[k] = nlanes++;
  }
  /* one lane per thread: each field's march is the sequential one (one lane stays on the calling
   * thread: a region would leave every other thread idle) */
  CAP_PAR_SPREAD_FOR(nlanes > 1 ? (long)g->size * n : 0, for (int l = 0; l < nlanes; l++)
    for (int k = 0; k < n; k++) if (lane[k] == l) extrapolate_checked(ws[k], &L[k], g, &f[k], bandh, order, &local[k]););
  if (stats)
    for (int k = 0; k < n; k++) stats[k] = local[k];
  return CAP_SUCCESS;
}

int cap_fmm_extrapolate(cap_fmm_ws *ws, const cap_grid *g, cap_location loc, const double *phi_s,
                        const unsigned char *known, double *q, double band, cap_fmm_order order, cap_fmm_stats *stats)
{
  cap_fmm_field f = {.loc = loc, .phi_s = phi_s, .known = known, .q = q};
  return cap_fmm_extrapolate_fields(&ws, g, 1, &f, band, order, stats);
}

/* The march of cap_fmm_extrapolate from the known points (src: the normal derivative the marched
 * values follow, NULL for a constant extension). */
static void march(cap_fmm_ws *ws, const lattice *L_, cap_location loc, const double *phi_s, const unsigned char *known,
                  double *q, double bandh, cap_fmm_order order, const double *src, double h, cap_fmm_stats *st)
{
  lattice L = *L_;
  int c[3];
  size_t P;
  ws->nheap = 0;
  LAT_FOR(&L, c, P)
  {
    ws->pos[P] = 0;
    if (known[P]) {
      ws->state[P] = ST_DONE;
      st->n_init++;
    } else if (phi_s[P] < bandh) {
      ws->state[P] = ST_TRIAL;
      heap_push(ws, phi_s, P);
    } else {
      ws->state[P] = ST_OUT;
    }
  }
  while (ws->nheap > 0) {
    size_t Q = heap_pop(ws, phi_s);
    double v;
    if (extrap_value(ws, &L, phi_s, q, Q, order, src, h, &v)) {
      q[Q] = v;
      ws->state[Q] = ST_DONE;
      st->n_marched++;
    } else {
      ws->state[Q] = ST_OUT;
      st->n_unreached++;
    }
  }

  /* the duplicate face of a periodic direction follows face 0 where that one was extrapolated */
  int d = (int)loc - 1;
  if (d >= 0 && L.periodic[d]) {
    LAT_FOR(&L, c, P)
    {
      if (c[d] != 0 || known[P] || ws->state[P] != ST_DONE) continue;
      int cd[3] = {c[0], c[1], c[2]};
      cd[d] = L.n[d];
      q[lat_index(&L, cd)] = q[P];
    }
  }
}
