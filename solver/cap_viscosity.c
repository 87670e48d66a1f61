#include "cap_viscosity.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cap_errno.h"

struct cap_viscosity {
  cap_grid g;
  unsigned char *liquid; /* 1 on the faces solved for */
  double *x, *r, *z, *p, *q, *phi;
};

cap_viscosity *cap_viscosity_alloc(const cap_grid *g)
{
  cap_viscosity *w = calloc(1, sizeof *w);
  if (!w) { CAP_ERROR(CAP_ENOMEM, "cannot allocate a viscosity workspace"); return NULL; }
  w->g = *g;
  w->liquid = calloc(g->size, 1);
  double **arrays[6] = {&w->x, &w->r, &w->z, &w->p, &w->q, &w->phi};
  int ok = w->liquid != NULL;
  for (int k = 0; k < 6 && ok; k++) ok = (*arrays[k] = cap_grid_field_alloc(g)) != NULL;
  if (!ok) {
    if (!w->liquid) CAP_ERROR(CAP_ENOMEM, "cannot allocate a viscosity workspace");
    cap_viscosity_free(w);
    return NULL;
  }
  return w;
}

void cap_viscosity_free(cap_viscosity *w)
{
  if (!w) return;
  free(w->liquid); free(w->x); free(w->r); free(w->z); free(w->p); free(w->q); free(w->phi);
  free(w);
}

/* The face lattice of component `loc` and its number of samples in each direction. */
typedef struct {
  const cap_grid *g;
  cap_location loc;
  int nx, ny;        /* samples 0..nx-1, 0..ny-1 (a wall face lattice ends on the wall) */
  int perx, pery;    /* periodic directions */
  ptrdiff_t s[2];    /* strides */
} lattice;

static lattice make_lattice(const cap_grid *g, cap_location loc)
{
  lattice L = {g, loc, g->nx, g->ny, g->bc[CAP_XLO] == CAP_BC_PERIODIC, g->bc[CAP_YLO] == CAP_BC_PERIODIC, {1, g->sy}};
  /* along its own direction a face lattice has n + 1 samples, of which the last repeats the first
   * when periodic */
  if (loc == CAP_AT_XFACE && !L.perx) L.nx = g->nx + 1;
  if (loc == CAP_AT_YFACE && !L.pery) L.ny = g->ny + 1;
  return L;
}

/* Is sample (i, j) fixed by a wall (the normal component on a wall face)? */
static int on_wall(const lattice *L, int i, int j)
{
  return (L->loc == CAP_AT_XFACE && !L->perx && (i == 0 || i == L->nx - 1)) ||
         (L->loc == CAP_AT_YFACE && !L->pery && (j == 0 || j == L->ny - 1));
}

/* Value of neighbour (i + di, j + dj) of sample (i, j) in vector f, or, if that neighbour is outside
 * the lattice, its boundary image: periodic wrap, or the no-slip mirror -f(i, j) for a tangential
 * component beyond a wall. *unknown is set when the neighbour is itself an unknown. */
static double neighbour(const lattice *L, const unsigned char *liq, const double *f, int i, int j, int di, int dj,
                        int *unknown)
{
  int a = i + di, b = j + dj;
  if (a < 0 || a >= L->nx) {
    if (!L->perx) { *unknown = 0; return -f[cap_grid_idx(L->g, i, j)]; }
    a = (a + L->nx) % L->nx;
  }
  if (b < 0 || b >= L->ny) {
    if (!L->pery) { *unknown = 0; return -f[cap_grid_idx(L->g, i, j)]; }
    b = (b + L->ny) % L->ny;
  }
  size_t c = cap_grid_idx(L->g, a, b);
  *unknown = liq[c];
  return f[c];
}

/* y = A x on the unknowns, A = I - k lap_h (k = nu dt / h^2); known (Dirichlet) neighbours are
 * excluded here and moved to the right-hand side by build_rhs. The no-slip mirror belongs to A. */
static void apply(const lattice *L, const unsigned char *liq, double k, const double *x, double *y)
{
  for (int j = 0; j < L->ny; j++)
    for (int i = 0; i < L->nx; i++) {
      size_t c = cap_grid_idx(L->g, i, j);
      if (!liq[c]) continue;
      double sum = 0;
      const int d[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
      for (int n = 0; n < 4; n++) {
        int unk, a = i + d[n][0], b = j + d[n][1];
        double val = neighbour(L, liq, x, i, j, d[n][0], d[n][1], &unk);
        int outside = (a < 0 || a >= L->nx) ? !L->perx : ((b < 0 || b >= L->ny) ? !L->pery : 0);
        if (unk || outside) sum += val; /* unknown neighbour, or the wall mirror of x(i, j) itself */
      }
      y[c] = (1 + 4 * k) * x[c] - k * sum;
    }
}

static double dot(const lattice *L, const unsigned char *liq, const double *a, const double *b)
{
  double s = 0;
  for (int j = 0; j < L->ny; j++)
    for (int i = 0; i < L->nx; i++) {
      size_t c = cap_grid_idx(L->g, i, j);
      if (liq[c]) s += a[c] * b[c];
    }
  return s;
}

static int solve_component(cap_viscosity *w, const cap_grid *g, const double *phi, double *f, cap_location loc,
                           double k, double tol, int maxit, int *iters, double *res, long *nunk)
{
  lattice L = make_lattice(g, loc);
  unsigned char *liq = w->liquid;
  ptrdiff_t off = loc == CAP_AT_XFACE ? -1 : -g->sy; /* the other cell of a face */
  memset(liq, 0, g->size);
  long n = 0;
  for (int j = 0; j < L.ny; j++)
    for (int i = 0; i < L.nx; i++) {
      size_t c = cap_grid_idx(g, i, j);
      if (on_wall(&L, i, j)) { f[c] = 0; continue; }
      double pf = 0.5 * (phi[c] + phi[(ptrdiff_t)c + off]);
      if (pf < 0) { liq[c] = 1; n++; }
    }
  *nunk = n;
  *iters = 0;
  *res = 0;
  if (n == 0) return CAP_SUCCESS;
  double *x = w->x, *r = w->r, *z = w->z, *p = w->p, *q = w->q;
  const double diag = 1 + 4 * k;
  /* rhs b = f_old + k * (sum of known, non-wall neighbours); r = b - A x with x = f_old */
  double bnorm = 0;
  for (int j = 0; j < L.ny; j++)
    for (int i = 0; i < L.nx; i++) {
      size_t c = cap_grid_idx(g, i, j);
      if (!liq[c]) continue;
      double known = 0;
      const int d[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
      for (int m = 0; m < 4; m++) {
        int unk, a = i + d[m][0], b = j + d[m][1];
        double val = neighbour(&L, liq, f, i, j, d[m][0], d[m][1], &unk);
        int outside = (a < 0 || a >= L.nx) ? !L.perx : ((b < 0 || b >= L.ny) ? !L.pery : 0);
        if (!unk && !outside) known += val;
      }
      r[c] = f[c] + k * known; /* b */
      bnorm += r[c] * r[c];
      x[c] = f[c];
    }
  bnorm = sqrt(bnorm);
  apply(&L, liq, k, x, q);
  for (int j = 0; j < L.ny; j++)
    for (int i = 0; i < L.nx; i++) {
      size_t c = cap_grid_idx(g, i, j);
      if (liq[c]) { r[c] -= q[c]; z[c] = r[c] / diag; p[c] = z[c]; }
    }
  double rz = dot(&L, liq, r, z), rn = sqrt(dot(&L, liq, r, r));
  int it = 0;
  while (rn > tol * bnorm && it < maxit) {
    apply(&L, liq, k, p, q);
    double alpha = rz / dot(&L, liq, p, q);
    for (int j = 0; j < L.ny; j++)
      for (int i = 0; i < L.nx; i++) {
        size_t c = cap_grid_idx(g, i, j);
        if (!liq[c]) continue;
        x[c] += alpha * p[c];
        r[c] -= alpha * q[c];
        z[c] = r[c] / diag;
      }
    double rz2 = dot(&L, liq, r, z);
    for (int j = 0; j < L.ny; j++)
      for (int i = 0; i < L.nx; i++) {
        size_t c = cap_grid_idx(g, i, j);
        if (liq[c]) p[c] = z[c] + (rz2 / rz) * p[c];
      }
    rz = rz2;
    rn = sqrt(dot(&L, liq, r, r));
    it++;
  }
  *iters = it;
  *res = bnorm > 0 ? rn / bnorm : 0;
  for (int j = 0; j < L.ny; j++)
    for (int i = 0; i < L.nx; i++) {
      size_t c = cap_grid_idx(g, i, j);
      if (liq[c]) f[c] = x[c];
    }
  /* a periodic face lattice: the boundary copy follows its twin */
  if (loc == CAP_AT_XFACE && L.perx)
    for (int j = 0; j < L.ny; j++) f[cap_grid_idx(g, g->nx, j)] = f[cap_grid_idx(g, 0, j)];
  if (loc == CAP_AT_YFACE && L.pery)
    for (int i = 0; i < L.nx; i++) f[cap_grid_idx(g, i, g->ny)] = f[cap_grid_idx(g, i, 0)];
  if (rn > tol * bnorm)
    return CAP_ERROR(CAP_EMAXITER, "viscous solve (%s) stopped after %d iterations at relative residual %.3g > %.3g",
                     loc == CAP_AT_XFACE ? "u" : "v", it, *res, tol);
  return CAP_SUCCESS;
}

int cap_viscosity_step(cap_viscosity *w, const cap_grid *g, const double *phi, double *u, double *v,
                       double nu_dt, double tol, int maxit, cap_viscosity_status *st)
{
  if (!w || !g || !phi || !u || !v) return CAP_ERROR(CAP_EINVAL, "cap_viscosity_step: NULL argument");
  if (g->geom != CAP_GEOM_PLANAR)
    return CAP_ERROR(CAP_EGEOM, "cap_viscosity_step: only planar 2D grids are supported so far");
  if (w->g.nx != g->nx || w->g.ny != g->ny || w->g.ng != g->ng)
    return CAP_ERROR(CAP_ESIZE, "cap_viscosity_step: workspace made for a %dx%d grid, used on %dx%d", w->g.nx,
                     w->g.ny, g->nx, g->ny);
  int s = cap_check_nonneg("nu_dt", nu_dt, "m^2");
  if (!s) s = cap_check_open("tol", tol, 0, 1, "");
  if (!s) s = cap_check_int_range("maxit", maxit, 1, 1 << 30);
  if (!s) s = cap_grid_check_bc(g);
  if (s) return s;
  memcpy(w->phi, phi, g->size * sizeof *phi);
  cap_grid_fill_ghosts(g, w->phi, CAP_GHOST_LINEAR);
  double k = nu_dt / (g->h * g->h);
  cap_viscosity_status tmp;
  if (!st) st = &tmp;
  int su = solve_component(w, g, w->phi, u, CAP_AT_XFACE, k, tol, maxit, &st->iterations[0], &st->residual[0],
                           &st->unknowns[0]);
  int sv = solve_component(w, g, w->phi, v, CAP_AT_YFACE, k, tol, maxit, &st->iterations[1], &st->residual[1],
                           &st->unknowns[1]);
  return su ? su : sv;
}
