#include "cap_viscosity.h"

#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cap_errno.h"
#include "cap_par.h"
#include "cap_subcell.h"
#include "cap_ws.h"

/* Entries of a row of the assembled stress operator: the face itself, its four neighbours of the same
 * component and the four faces of the other component that share a cell or a node with it (mirror
 * and periodic images fold onto these). In 3D: the face, its six neighbours of the same component and
 * the four faces of each other component that share an edge with it. */
#define STRESS_WIDTH    9
#define STRESS_WIDTH_3D 15

struct cap_viscosity_ws {
  cap_grid g;
  unsigned char *liquid; /* 2D: 1 on the faces solved for */
  double *x, *r, *z, *p, *q, *phi;
  /* stress step: the cell and node weights, the mass weights of the unknown u and v faces (0
   * elsewhere, so > 0 marks an unknown) and (2D) the diagonal of the matrix */
  double *wc, *wn, *mu, *mv, *du, *dv;
  const unsigned char *xfixed, *yfixed; /* cap_viscosity_set_fixed_faces */
  /* 3D: the mass weights of the w faces, the edge weights (ew[r]: edges along axis r) */
  double *mw, *ew[3];
  /* 3D: one block holding phi, mu, mv, mw, wc, ew[0], ew[1], ew[2] in that order (POOL_FIELDS fields of
   * the grid), so that the fields dead in a phase of a step hold that phase's arrays (place_unknowns) */
  double *pool;
  /* the solves on the assembled rows: n unknowns (u faces, then v faces (then w faces), each in grid
   * order), the number of every face (-1: not an unknown), the face of every unknown. A row has len[r] <=
   * width entries: entry 0 is the diagonal (column r), val[r width] in it; entries 1 .. len - 1 have
   * val[r width + k] and the column col[r (width - 1) + k - 1] for the first n1 rows, col2[(r - n1)
   * (width - 1) + k - 1] for the others. cx .. cb: the CG vectors. The 3D Laplacian step solves one
   * component at a time on the same rows. These arrays live in the pool where they fit, else in spill. */
  int *num[3];
  size_t *first[3]; /* per row of the grid (size / sy rows): the number of the row's first unknown */
  int width;        /* STRESS_WIDTH, or STRESS_WIDTH_3D on 3D grids */
  size_t n1;
  int *face, *col, *col2;
  unsigned char *len;
  double *val, *cx, *cr, *cz, *cp, *cq, *cd, *cb;
  char *spill; /* spill_cap bytes, kept from step to step */
  size_t spill_cap;
};

#define NFIELDS     12 /* 2D */
#define POOL_FIELDS 8  /* 3D */

static void fields(cap_viscosity_ws *w, double **a[NFIELDS])
{
  double **list[NFIELDS] = {&w->x, &w->r, &w->z, &w->p, &w->q, &w->wn, &w->du, &w->dv, &w->phi, &w->wc, &w->mu, &w->mv};
  memcpy(a, list, sizeof list);
}

int cap_viscosity_ws_alloc(cap_viscosity_ws **out, const cap_grid *g)
{
  if (!out || !g) return CAP_ERROR(CAP_EINVAL, "cap_viscosity_ws_alloc: %s is NULL", !out ? "out" : "grid");
  *out = NULL;
  if (g->size > (size_t)INT_MAX)
    return CAP_ERROR(CAP_ESIZE, "cap_viscosity_ws_alloc: a grid of %zu entries; at most %d allowed", g->size, INT_MAX);
  cap_viscosity_ws *w = calloc(1, sizeof *w);
  if (!w) return CAP_ERROR(CAP_ENOMEM, "cannot allocate a viscosity workspace");
  w->g = *g;
  w->width = g->dim == 3 ? STRESS_WIDTH_3D : STRESS_WIDTH;
  const int nc = g->dim == 3 ? 3 : 2;
  int ok = 1;
  for (int q = 0; q < nc; q++) {
    w->num[q] = malloc(g->size * sizeof *w->num[q]);
    w->first[q] = malloc((g->size / (size_t)g->sy + 1) * sizeof *w->first[q]);
    ok = ok && w->num[q] && w->first[q];
  }
  if (g->dim == 3) {
    w->pool = ok ? calloc(POOL_FIELDS * g->size, sizeof *w->pool) : NULL;
    ok = w->pool != NULL;
    double **in_pool[POOL_FIELDS] = {&w->phi, &w->mu, &w->mv, &w->mw, &w->wc, &w->ew[0], &w->ew[1], &w->ew[2]};
    for (int k = 0; k < POOL_FIELDS && ok; k++) *in_pool[k] = w->pool + (size_t)k * g->size;
  } else {
    double **arrays[NFIELDS];
    fields(w, arrays);
    ok = ok && (w->liquid = calloc(g->size, 1)) != NULL;
    for (int k = 0; k < NFIELDS && ok; k++) ok = (*arrays[k] = cap_grid_field_alloc(g)) != NULL;
  }
  if (!ok) {
    cap_viscosity_ws_free(w);
    return CAP_ERROR(CAP_ENOMEM, "cannot allocate a viscosity workspace");
  }
  *out = w;
  return CAP_SUCCESS;
}

void cap_viscosity_set_fixed_faces(cap_viscosity_ws *w, const unsigned char *xfixed, const unsigned char *yfixed)
{
  if (!w) return;
  w->xfixed = xfixed;
  w->yfixed = yfixed;
}

void cap_viscosity_ws_free(cap_viscosity_ws *w)
{
  if (!w) return;
  if (!w->pool) {
    double **arrays[NFIELDS];
    fields(w, arrays);
    for (int k = 0; k < NFIELDS; k++) free(*arrays[k]);
  }
  CAP_FREE_ALL(w->liquid, w->pool, w->num[0], w->num[1], w->num[2], w->first[0], w->first[1], w->first[2], w->spill, w);
}

/* The face lattice of component `loc` and its number of samples in each direction. */
typedef struct {
  const cap_grid *g;
  const unsigned char *fixed; /* faces of this lattice held at 0 inside the domain (solids), or NULL */
  cap_location loc;
  int nx, ny;     /* samples 0..nx-1, 0..ny-1 (a wall face lattice ends on the wall) */
  int perx, pery; /* periodic directions */
  ptrdiff_t s[2]; /* strides */
  int mirror[4];  /* sign of the tangential image beyond each side (cap_side): -1 no slip, +1 SLIP, AXIS */
} lattice;

static lattice make_lattice(const cap_viscosity_ws *w, const cap_grid *g, cap_location loc)
{
  lattice L = {g,
               loc == CAP_AT_XFACE ? w->xfixed : w->yfixed,
               loc,
               g->nx,
               g->ny,
               g->bc[CAP_XLO] == CAP_BC_PERIODIC,
               g->bc[CAP_YLO] == CAP_BC_PERIODIC,
               {1, g->sy},
               {-1, -1, -1, -1}};
  /* the axis (AXI): u_z is even in r (the mirror never enters, the axis face having zero area) */
  for (int k = 0; k < 4; k++)
    if (g->bc[k] == CAP_BC_SLIP || g->bc[k] == CAP_BC_AXIS) L.mirror[k] = 1;
  /* along its own direction a face lattice has n + 1 samples, of which the last repeats the first
   * when periodic */
  if (loc == CAP_AT_XFACE && !L.perx) L.nx = g->nx + 1;
  if (loc == CAP_AT_YFACE && !L.pery) L.ny = g->ny + 1;
  return L;
}

/* Is sample (i, j) a fixed face inside the domain (cap_viscosity_set_fixed_faces: its value is data)? */
static int is_fixed(const lattice *L, int i, int j) { return L->fixed && L->fixed[cap_grid_idx(L->g, i, j)]; }

/* Is sample (i, j) held at 0 by a wall of the box (the normal component on a wall face)? */
static int on_box_wall(const lattice *L, int i, int j)
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
    if (!L->perx) {
      *unknown = 0;
      return L->mirror[a < 0 ? CAP_XLO : CAP_XHI] * f[cap_grid_idx(L->g, i, j)];
    }
    a = (a + L->nx) % L->nx;
  }
  if (b < 0 || b >= L->ny) {
    if (!L->pery) {
      *unknown = 0;
      return L->mirror[b < 0 ? CAP_YLO : CAP_YHI] * f[cap_grid_idx(L->g, i, j)];
    }
    b = (b + L->ny) % L->ny;
  }
  size_t c = cap_grid_idx(L->g, a, b);
  *unknown = liq[c];
  return f[c];
}

/* The finite-volume row of sample (i, j) of L, scaled by h^2: its row metric m and, for each link n of
 * LINKS (+x, -x, +y, -y), the conductance c[n] multiplying the neighbour and the part d[n] of the
 * diagonal, so that the row reads  m x + k sum_n (d[n] x - c[n] x_n) = m x_old  (k = nu dt / h^2).
 * Planar: m = c = d = 1 (the 5-point stencil). AXI (x = r): each row is the flux balance over its CV
 * per radian, i.e. multiplied by the radius of its sample (cap_viscosity.h).
 *   u_r at r_i = x0 + i h (m = r_i): radial links from the flux form d/dr((1/r) d(r u)/dr), the flux
 *     q = (r_{i+1} u_{i+1} - r_i u_i) / (h r_c) at the cell centre r_c between faces i and i+1:
 *     c = r_i r_{i+1} / r_c, d = r_i^2 / r_c (and likewise to i - 1); the hoop term is in the
 *     diagonal excess sum d - sum c = r_i h^2 / (r_c(i-1) r_c(i)) ~ h^2 / r_i. Axial links c = d = r_i.
 *   u_z at the cell radius r_c (m = r_c): radial links of conductance the radius of the x-face crossed,
 *     r_{i+1} and r_i (0 through the axis), axial links r_c.
 * Each link has the same conductance in its two rows, so the matrix is symmetric. */
static const int LINKS[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};

static void row_coeffs(const lattice *L, int i, int j, double *m, double c[4], double d[4])
{
  (void)j;
  for (int n = 0; n < 4; n++) c[n] = d[n] = 1;
  *m = 1;
  const cap_grid *g = L->g;
  if (g->geom != CAP_GEOM_AXI) return;
  if (L->loc == CAP_AT_XFACE) {
    double r = cap_grid_xf(g, i), rp = cap_grid_xc(g, i), rm = cap_grid_xc(g, i - 1);
    *m = r;
    c[0] = r * cap_grid_xf(g, i + 1) / rp;
    d[0] = r * r / rp;
    c[1] = r * cap_grid_xf(g, i - 1) / rm;
    d[1] = r * r / rm;
    c[2] = d[2] = c[3] = d[3] = r;
  } else {
    double r = cap_grid_xc(g, i);
    *m = r;
    c[0] = d[0] = cap_grid_xf(g, i + 1);
    c[1] = d[1] = cap_grid_xf(g, i);
    c[2] = d[2] = c[3] = d[3] = r;
  }
}

/* The diagonal m + k sum d of the row of sample (i, j). */
static double row_diag(const lattice *L, int i, int j, double k)
{
  double m, c[4], d[4];
  row_coeffs(L, i, j, &m, c, d);
  return m + k * (d[0] + d[1] + d[2] + d[3]);
}

/* y = A x on the unknowns (the rows of row_coeffs); known (Dirichlet) neighbours are excluded here and
 * moved to the right-hand side by solve_component. The wall mirror belongs to A. */
static void apply(const lattice *L, const unsigned char *liq, double k, const double *x, double *y)
{
  for (int j = 0; j < L->ny; j++)
    for (int i = 0; i < L->nx; i++) {
      size_t c = cap_grid_idx(L->g, i, j);
      if (!liq[c]) continue;
      double m, cn[4], dn[4], sum = 0;
      row_coeffs(L, i, j, &m, cn, dn);
      for (int n = 0; n < 4; n++) {
        int unk, a = i + LINKS[n][0], b = j + LINKS[n][1];
        double val = neighbour(L, liq, x, i, j, LINKS[n][0], LINKS[n][1], &unk);
        int outside = (a < 0 || a >= L->nx) ? !L->perx : ((b < 0 || b >= L->ny) ? !L->pery : 0);
        if (unk || outside) sum += cn[n] * val; /* unknown neighbour, or the wall mirror of x(i, j) itself */
      }
      y[c] = (m + k * (dn[0] + dn[1] + dn[2] + dn[3])) * x[c] - k * sum;
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

static int solve_component(cap_viscosity_ws *w, const cap_grid *g, const double *phi, double *f, cap_location loc,
                           double k, double tol, int maxit, int *iters, double *res, long *nunk)
{
  lattice L = make_lattice(w, g, loc);
  unsigned char *liq = w->liquid;
  ptrdiff_t off = loc == CAP_AT_XFACE ? -1 : -g->sy; /* the other cell of a face */
  memset(liq, 0, g->size);
  long n = 0;
  for (int j = 0; j < L.ny; j++)
    for (int i = 0; i < L.nx; i++) {
      size_t c = cap_grid_idx(g, i, j);
      if (on_box_wall(&L, i, j)) {
        f[c] = 0;
        continue;
      }
      if (is_fixed(&L, i, j)) continue; /* its value is the data */
      double pf = 0.5 * (phi[c] + phi[(ptrdiff_t)c + off]);
      if (pf < 0) {
        liq[c] = 1;
        n++;
      }
    }
  *nunk = n;
  *iters = 0;
  *res = 0;
  if (n == 0) return CAP_SUCCESS;
  double *x = w->x, *r = w->r, *z = w->z, *p = w->p, *q = w->q, *diag = w->du;
  /* rhs b = m f_old + k * (sum of c times the known, non-wall neighbours); r = b - A x with x = f_old */
  double bnorm = 0;
  for (int j = 0; j < L.ny; j++)
    for (int i = 0; i < L.nx; i++) {
      size_t c = cap_grid_idx(g, i, j);
      if (!liq[c]) continue;
      double known = 0, m, cn[4], dn[4];
      row_coeffs(&L, i, j, &m, cn, dn);
      for (int e = 0; e < 4; e++) {
        int unk, a = i + LINKS[e][0], b = j + LINKS[e][1];
        double val = neighbour(&L, liq, f, i, j, LINKS[e][0], LINKS[e][1], &unk);
        int outside = (a < 0 || a >= L.nx) ? !L.perx : ((b < 0 || b >= L.ny) ? !L.pery : 0);
        if (!unk && !outside) known += cn[e] * val;
      }
      r[c] = m * f[c] + k * known; /* b */
      bnorm += r[c] * r[c];
      x[c] = f[c];
      diag[c] = row_diag(&L, i, j, k);
    }
  bnorm = sqrt(bnorm);
  apply(&L, liq, k, x, q);
  for (int j = 0; j < L.ny; j++)
    for (int i = 0; i < L.nx; i++) {
      size_t c = cap_grid_idx(g, i, j);
      if (liq[c]) {
        r[c] -= q[c];
        z[c] = r[c] / diag[c];
        p[c] = z[c];
      }
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
        z[c] = r[c] / diag[c];
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

/* The argument checks shared by both steps; fn names the caller in the messages. */
static int check_args(const char *fn, const cap_viscosity_ws *ws, const cap_grid *g, const double *phi, const double *u,
                      const double *v, const double *w, double nu_dt, double tol, int maxit)
{
  if (!ws || !g || !phi || !u || !v) return CAP_ERROR(CAP_EINVAL, "%s: NULL argument", fn);
  if (g->geom != CAP_GEOM_PLANAR && g->geom != CAP_GEOM_AXI && g->geom != CAP_GEOM_3D)
    return CAP_ERROR(CAP_EGEOM, "%s: geometry %d is not supported", fn, (int)g->geom);
  if (g->geom == CAP_GEOM_AXI && g->bc[CAP_XLO] == CAP_BC_PERIODIC)
    return CAP_ERROR(CAP_EGEOM, "%s: an axisymmetric grid cannot be periodic in r", fn);
  if (g->dim == 3 && !w) return CAP_ERROR(CAP_EINVAL, "%s: w (the z-face velocity) is NULL: required on 3D grids", fn);
  if (g->dim == 3 && (ws->xfixed || ws->yfixed))
    return CAP_ERROR(CAP_EGEOM, "%s: fixed faces (solids) on 3D grids are not supported yet", fn);
  const cap_ws_shape shape = cap_ws_shape_of(&ws->g);
  if (ws->g.nx != g->nx || ws->g.ny != g->ny || ws->g.ng != g->ng || !cap_ws_shape_is(&shape, g))
    return CAP_ERROR(CAP_ESIZE, "%s: workspace made for a %dx%dx%d grid, used on %dx%dx%d", fn, ws->g.nx, ws->g.ny,
                     ws->g.nz, g->nx, g->ny, g->nz);
  int s = cap_check_nonneg("nu_dt", nu_dt, "m^2");
  if (!s) s = cap_check_open("tol", tol, 0, 1, "");
  if (!s) s = cap_check_int_range("maxit", maxit, 1, 1 << 30);
  if (!s) s = cap_grid_check_bc(g);
  return s;
}

static int lap_step_2d(cap_viscosity_ws *w, const cap_grid *g, double *u, double *v, double k, double tol, int maxit,
                       cap_viscosity_status *st)
{
  int su = solve_component(w, g, w->phi, u, CAP_AT_XFACE, k, tol, maxit, &st->iterations[0], &st->residual[0],
                           &st->unknowns[0]);
  int sv = solve_component(w, g, w->phi, v, CAP_AT_YFACE, k, tol, maxit, &st->iterations[1], &st->residual[1],
                           &st->unknowns[1]);
  return su ? su : sv;
}

/* ---- The stress-form step (Batty & Bridson 2008; the discrete problem is in the header). ---- */

/* Liquid fraction of the CV of side h centred where phi = pc, grad phi = (gx, gy), the straight line
 * n.x + d = 0 with n = grad phi / |grad phi| and d = pc / |grad phi|. */
static double cv_fraction(double pc, double gx, double gy, double h)
{
  /* a CV the line misses, |d| > 0.714 > (|n_x| + |n_y|)/2: the fraction is exactly 0 or 1 */
  if (pc * pc > 0.51 * (gx * gx + gy * gy) * h * h) return pc > 0 ? 0 : 1;
  double gn = hypot(gx, gy);
  if (!(gn > 0)) return cap_subcell_square_fraction(0, 0, pc);
  return cap_subcell_square_fraction(gx, gy, pc / (gn * h));
}

/* The same for the part x0 <= x <= x1, y0 <= y <= y1 (in units of h, about the CV centre) of the CV
 * that lies inside the domain, as a fraction of the whole CV: the rectangle is the unit square
 * stretched by (x1 - x0, y1 - y0) about (xm, ym), under which the line becomes
 * n_x (x1 - x0) s + n_y (y1 - y0) t + d / h + n.(xm, ym) = 0 in the square's coordinates (s, t). */
static double clipped_fraction(double pc, double gx, double gy, double h, double x0, double x1, double y0, double y1)
{
  double gn = hypot(gx, gy), area = (x1 - x0) * (y1 - y0);
  if (!(gn > 0)) return area * cap_subcell_square_fraction(0, 0, pc);
  double nx = gx / gn, ny = gy / gn, ax = nx * (x1 - x0), ay = ny * (y1 - y0);
  double dist = pc / (gn * h) + nx * 0.5 * (x0 + x1) + ny * 0.5 * (y0 + y1);
  return area * cap_subcell_square_fraction(ax, ay, dist / hypot(ax, ay));
}

/* Index *a of one direction of a lattice of n samples, at most one sample outside it: wrapped where the
 * direction is periodic (returns +1), else mirrored into the lattice (returns the image sign mlo or mhi
 * of the side it lay beyond); +1 and *a unchanged inside. */
static int fold(int *a, int n, int periodic, int mlo, int mhi)
{
  if (*a >= 0 && *a < n) return 1;
  if (periodic) {
    *a = (*a + n) % n;
    return 1;
  }
  int m = *a < 0 ? mlo : mhi;
  *a = *a < 0 ? -1 - *a : 2 * n - 1 - *a;
  return m;
}

/* Sample (a, b) of lattice L, at most one sample outside it: the index in *c and the sign of its
 * image (+1; -1 for the no-slip mirror of a tangential component beyond a wall; 0 for a wall-normal
 * face, held at 0); *fixed set for a fixed face (its value is data, not an unknown). Periodic
 * directions wrap. */
static int resolve(const lattice *L, int a, int b, size_t *c, int *fixed)
{
  *fixed = 0;
  int s = fold(&a, L->nx, L->perx, L->mirror[CAP_XLO], L->mirror[CAP_XHI]);
  s *= fold(&b, L->ny, L->pery, L->mirror[CAP_YLO], L->mirror[CAP_YHI]);
  if (on_box_wall(L, a, b)) return 0;
  *c = cap_grid_idx(L->g, a, b);
  *fixed = is_fixed(L, a, b);
  return s;
}

/* One difference of the stress terms: sum of sgn[e] * x_comp[e][c[e]] over its n unknown entries
 * (comp 0: u, 1: v) plus `known`, the part of the fixed faces (their values times their signs);
 * entries held at 0 by a wall are dropped. */
typedef struct {
  int n;
  size_t c[4];
  double sgn[4];
  int comp[4];
  double known;
  int image[4]; /* 3D: the entry is the even (free-slip) mirror image of a sample across a wall */
} term;

/* The values of the fixed faces: u and v as the step received them. */
typedef struct {
  const double *f[2];
} fixed_data;

static void term_add_entry(term *t, const lattice *L, const fixed_data *fd, int comp, int a, int b, double sgn)
{
  size_t c = 0;
  int fixed, s = resolve(L, a, b, &c, &fixed);
  if (!s) return;
  if (fixed) {
    t->known += s * sgn * fd->f[comp][c];
    return;
  }
  t->c[t->n] = c;
  t->sgn[t->n] = s * sgn;
  t->comp[t->n] = comp;
  t->n++;
}

typedef struct {
  const cap_grid *g;
  lattice Lu, Lv;
  int nnx, nny;          /* nodes i = 0..nnx-1, j = 0..nny-1 */
  double k;              /* nu dt / h^2 */
  const double *wc, *wn; /* cell and node weights */
  const double *mu, *mv; /* mass weights M of the u and v faces, 0 off the unknowns */
  fixed_data fd;         /* the values of the fixed faces */
} stress_ops;

/* h u_x and h v_y of cell (i, j), and on AXI grids the hoop term h u_r / r at the cell centre from the
 * mean of the cell's two u_r faces, h (u(i,j) + u(i+1,j)) / (2 r_c) (no entries on planar grids). Next
 * to the axis (r_c = h/2, u(0,j) = 0 dropped) it is u(1,j): finite. */
static void cell_terms(const stress_ops *S, int i, int j, term *tx, term *ty, term *th)
{
  tx->n = ty->n = th->n = 0;
  tx->known = ty->known = th->known = 0;
  term_add_entry(tx, &S->Lu, &S->fd, 0, i + 1, j, 1);
  term_add_entry(tx, &S->Lu, &S->fd, 0, i, j, -1);
  term_add_entry(ty, &S->Lv, &S->fd, 1, i, j + 1, 1);
  term_add_entry(ty, &S->Lv, &S->fd, 1, i, j, -1);
  if (S->g->geom == CAP_GEOM_AXI) {
    double a = 0.5 * S->g->h / cap_grid_xc(S->g, i);
    term_add_entry(th, &S->Lu, &S->fd, 0, i + 1, j, a);
    term_add_entry(th, &S->Lu, &S->fd, 0, i, j, a);
  }
}

/* h (u_y + v_x) of node (i, j) */
static void node_term(const stress_ops *S, int i, int j, term *t)
{
  t->n = 0;
  t->known = 0;
  term_add_entry(t, &S->Lu, &S->fd, 0, i, j, 1);
  term_add_entry(t, &S->Lu, &S->fd, 0, i, j - 1, -1);
  term_add_entry(t, &S->Lv, &S->fd, 1, i, j, 1);
  term_add_entry(t, &S->Lv, &S->fd, 1, i - 1, j, -1);
}

/* What a sweep of the terms writes: the rows of the faces whose grid index c lies in [lo, hi), a
 * band of whole rows of the grid (for_terms). diag_cb adds into d, assemble_cb into w's rows and sets
 * overflow when a row has no room left. */
typedef struct {
  size_t lo, hi;
  double *d[2];
  cap_viscosity_ws *w;
  int overflow;
} term_ctx;

static int owns(const term_ctx *T, size_t c) { return c >= T->lo && c < T->hi; }

/* diag += a diag(t t^T) on the faces of the band: an entry met twice (a mirror image of the same
 * face, a wrap onto itself) counts with its summed coefficient */
static void term_diag(const term *t, double a, const term_ctx *T)
{
  for (int e = 0; e < t->n; e++) {
    if (!owns(T, t->c[e])) continue;
    double m = 0;
    for (int f = 0; f < t->n; f++)
      if (t->comp[f] == t->comp[e] && t->c[f] == t->c[e]) m += t->sgn[f];
    T->d[t->comp[e]][t->c[e]] += a * t->sgn[e] * m;
  }
}

/* Calls fn for every term of positive weight with its factor k * (2 w_c or w_n), the weights including
 * the radius on AXI grids (stress_weights), in a fixed order: the cell terms row by row, then the node
 * terms row by row. */
typedef void term_fn(const term *t, double a, term_ctx *T);

/* Does a term of row jt (a cell's or a node's) have an entry on a face of rows [j0, j1)? A cell term
 * of row jt reaches the face rows jt and jt + 1, a node term jt - 1 and jt; a periodic direction wraps
 * them, a wall mirrors row -1 onto 0 and row ny onto ny - 1 (the u lattice). */
static int term_row_touches(const stress_ops *S, int jt, int j0, int j1)
{
  for (int d = -1; d <= 1; d++) {
    int a = jt + d;
    if (S->Lv.pery)
      a = (a + S->g->ny) % S->g->ny;
    else if (a < 0)
      a = 0;
    if (a >= j0 && a < j1) return 1;
  }
  return 0;
}

/* for_terms restricted to the terms with an entry on a face of rows [j0, j1), in the same order: a row
 * of the matrix (or an entry of the diagonal) of a face of those rows receives every term it receives
 * from the whole sweep, in the same order, so its sums are rounded the same. */
static void for_terms_rows(const stress_ops *S, term_fn *fn, term_ctx *T, int j0, int j1)
{
  const cap_grid *g = S->g;
  term tx, ty, th;
  for (int j = 0; j < g->ny; j++) {
    if (!term_row_touches(S, j, j0, j1)) continue;
    for (int i = 0; i < g->nx; i++) {
      double wc = S->wc[cap_grid_idx(g, i, j)];
      if (!(wc > 0)) continue;
      cell_terms(S, i, j, &tx, &ty, &th);
      fn(&tx, 2 * S->k * wc, T);
      fn(&ty, 2 * S->k * wc, T);
      if (th.n) fn(&th, 2 * S->k * wc, T);
    }
  }
  for (int j = 0; j < S->nny; j++) {
    if (!term_row_touches(S, j, j0, j1)) continue;
    for (int i = 0; i < S->nnx; i++) {
      double wn = S->wn[cap_grid_idx(g, i, j)];
      if (!(wn > 0)) continue;
      node_term(S, i, j, &tx);
      fn(&tx, S->k * wn, T);
    }
  }
}

/* fn over every term, writing the faces of every row of the grid (0..ny, both lattices). The face
 * rows are cut into bands that the threads share; each band sweeps the terms that reach it
 * (for_terms_rows) and writes only its own faces, so any number of bands gives the same bits. One
 * band with one thread (no rows swept twice). Returns 1 if a row overflowed (assemble_cb). */
static int for_terms(const stress_ops *S, term_fn *fn, const term_ctx *proto)
{
  const cap_grid *g = S->g;
  const long work = (long)g->nx * g->ny;
  const int rows = g->ny + 1;
  const int nb = cap_par_bands(work, rows);
  int fine = 1;
  CAP_PAR_SPREAD_FOR_MIN(work, fine, for (int b = 0; b < nb; b++) {
    size_t j0, j1;
    cap_par_block((size_t)rows, nb, b, &j0, &j1);
    term_ctx T = *proto;
    T.lo = cap_grid_idx(g, -g->ng, (int)j0);
    T.hi = cap_grid_idx(g, -g->ng, (int)j1);
    T.overflow = 0;
    for_terms_rows(S, fn, &T, (int)j0, (int)j1);
    if (T.overflow) fine = 0;
  });
  return !fine;
}

static void diag_cb(const term *t, double a, term_ctx *T) { term_diag(t, a, T); }

/* Room in the pool for the arrays of a solve of n unknowns, in dead fields: the numbering's arrays (face,
 * cd, cb; written while the mass weights are read) in [at, end0), the rows' (len, val, col) after them
 * up to end1, the CG vectors (cx .. cq) in [vat, vend), or after the rows up to end1 when vat is NULL.
 * at NULL: no room (2D). */
typedef struct {
  char *at, *end0, *end1, *vat, *vend;
} room;

/* The place of one array of the plan below: *dst in the pool, or at byte off of the spill. */
typedef struct {
  void **dst;
  size_t off;
} owed;

#define ALIGN(b) (((b) + 63) & ~(size_t)63)

/* *dst = the next `bytes` (rounded up to 64) of [*at, end) if they fit, else a place in the spill (owed) */
static void put(void **dst, size_t bytes, char **at, const char *end, owed *o, int *no, size_t *spill)
{
  bytes = ALIGN(bytes);
  if (*at && end > *at && (size_t)(end - *at) >= bytes) {
    *dst = *at;
    *at += bytes;
    return;
  }
  o[*no] = (owed){dst, *spill};
  (*no)++;
  *spill += bytes;
}

/* Places the arrays of a solve of n unknowns: each in the room R where it fits, whole (the columns: the
 * first n1 rows' in the room, the others' in col2), the rest in w->spill. The spill is kept from step
 * to step; when it must grow it is made large enough for n / 32 more unknowns than this solve needs (all
 * of their arrays), so that the small changes of n from step to step do not reallocate it. CAP_ENOMEM
 * (no room made) when it cannot grow. */
static int place_unknowns(cap_viscosity_ws *w, size_t n, const room *R)
{
  const size_t W = (size_t)w->width, C = W - 1, D = sizeof(double);
  char *at = R->at;
  owed o[16];
  int no = 0;
  size_t spill = 0;
  put((void **)&w->face, n * sizeof *w->face, &at, R->end0, o, &no, &spill);
  put((void **)&w->cd, n * D, &at, R->end0, o, &no, &spill);
  put((void **)&w->cb, n * D, &at, R->end0, o, &no, &spill);
  put((void **)&w->len, n, &at, R->end1, o, &no, &spill);
  put((void **)&w->val, n * W * D, &at, R->end1, o, &no, &spill);
  const size_t per = C * sizeof(int);
  w->n1 = at && R->end1 > at ? (size_t)(R->end1 - at) / per : 0;
  if (w->n1 > n) w->n1 = n;
  w->col = w->col2 = NULL;
  if (w->n1) put((void **)&w->col, w->n1 * per, &at, R->end1, o, &no, &spill);
  char *none = NULL;
  if (w->n1 < n) put((void **)&w->col2, (n - w->n1) * per, &none, NULL, o, &no, &spill);
  char *vat = R->vat ? R->vat : at;
  const char *vend = R->vat ? R->vend : R->end1;
  double **vec[5] = {&w->cx, &w->cr, &w->cz, &w->cp, &w->cq};
  for (int k = 0; k < 5; k++) put((void **)vec[k], n * D, &vat, vend, o, &no, &spill);
  if (spill > w->spill_cap) {
    free(w->spill);
    const size_t unknown = sizeof *w->face + 2 * D + 1 + W * D + per + 5 * D;
    w->spill_cap = spill + ALIGN(n / 32 * unknown);
    w->spill = malloc(w->spill_cap);
    if (!w->spill) {
      w->spill_cap = 0;
      return CAP_ERROR(CAP_ENOMEM, "cannot allocate the viscous step's %zu unknowns (%zu bytes beyond the workspace)",
                       n, spill);
    }
  }
  for (int k = 0; k < no; k++) *o[k].dst = w->spill + o[k].off;
  return CAP_SUCCESS;
}

/* The columns of entries 1 .. of row r */
static int *row_cols(const cap_viscosity_ws *w, size_t r)
{
  const size_t C = (size_t)w->width - 1;
  return r < w->n1 ? w->col + r * C : w->col2 + (r - w->n1) * C;
}

/* Row r holds its diagonal entry m alone. */
static void row_start(cap_viscosity_ws *w, size_t r, double m)
{
  w->val[r * (size_t)w->width] = m;
  w->len[r] = 1;
}

/* A(r, c) += a in the assembled rows; 1 if row r has no room left (never for the stencils of this
 * step: w->width). */
static int row_add(cap_viscosity_ws *w, int r, int c, double a)
{
  int *col = row_cols(w, (size_t)r);
  double *val = w->val + (size_t)r * (size_t)w->width;
  int k = 0, n = w->len[r];
  if (c != r) {
    k = 1;
    while (k < n && col[k - 1] != c) k++;
    if (k == n) {
      if (n == w->width) return 1;
      col[k - 1] = c;
      val[k] = 0;
      w->len[r] = (unsigned char)(n + 1);
    }
  }
  val[k] += a;
  return 0;
}

/* A += a t t^T on the unknowns of the band, and b -= a t known (the fixed faces' part moved to the
 * right-hand side) */
static void assemble_cb(const term *t, double a, term_ctx *T)
{
  cap_viscosity_ws *w = T->w;
  for (int e = 0; e < t->n; e++) {
    if (!owns(T, t->c[e])) continue;
    int r = w->num[t->comp[e]][t->c[e]];
    if (r < 0) continue;
    double ae = a * t->sgn[e];
    if (t->known != 0) w->cb[r] -= ae * t->known;
    for (int f = 0; f < t->n; f++) {
      int c = w->num[t->comp[f]][t->c[f]];
      if (c >= 0) T->overflow |= row_add(w, r, c, ae * t->sgn[f]);
    }
  }
}

/* y = A x over the n assembled rows (each row from its own entries: any thread count, same result) */
static void stress_apply(const cap_viscosity_ws *w, size_t n, const double *x, double *y)
{
  CAP_PAR_FOR((long)n, for (size_t r = 0; r < n; r++) {
    const int *col = row_cols(w, r);
    const double *val = w->val + r * (size_t)w->width;
    double s = 0;
    s += val[0] * x[r];
    for (int k = 1; k < w->len[r]; k++) s += val[k] * x[col[k - 1]];
    y[r] = s;
  });
}

/* The CV weights, each the liquid fraction times the radius of the CV's centre on AXI grids (r_c for
 * cells and u_z faces, r_i for nodes and u_r faces; exactly 1 on planar grids): cells and nodes into
 * w->wc, w->wn; the face fractions w_f into w->mu, w->mv, then
 * the unknown set, their mass weights M (0 elsewhere) and the diagonal of the matrix into w->du, w->dv.
 * Wall-normal faces are set to 0. */
static void stress_weights(cap_viscosity_ws *w, const stress_ops *S, double *u, double *v)
{
  const cap_grid *g = S->g;
  const double *f = w->phi, h = g->h;
  const ptrdiff_t sy = g->sy;
  const long work = (long)g->nx * g->ny;
  CAP_PAR_FOR(work, for (size_t c = 0; c < g->size; c++) w->wc[c] = w->wn[c] = w->mu[c] = w->mv[c] = 0;);
  CAP_PAR_FOR(work, for (int j = 0; j < g->ny; j++)
    for (int i = 0; i < g->nx; i++) {
      ptrdiff_t c = (ptrdiff_t)cap_grid_idx(g, i, j);
      w->wc[c] = cap_grid_metric_cell(g, i) *
                 cv_fraction(f[c], (f[c + 1] - f[c - 1]) / (2 * h), (f[c + sy] - f[c - sy]) / (2 * h), h);
    });
  /* A node on a wall has the half of its CV beyond the wall in the solid (a quarter kept at a corner),
   * and only the liquid inside the domain counts. With liquid on both sides of the node this halves
   * its weight, which is what makes the node term reproduce the mirror ghost of cap_viscosity_step:
   * there u_y = 2u/h, and nu_dt w_n (1/2) (2u/h)^2 h^2 with w_n = 1/2 has the gradient 2 nu_dt u =
   * h^2 k (u - (-u)), the Laplacian's flux to the ghost -u. */
  const int wx = !S->Lu.perx, wy = !S->Lv.pery;
  CAP_PAR_FOR(work, for (int j = 0; j < S->nny; j++)
    for (int i = 0; i < S->nnx; i++) {
      ptrdiff_t c = (ptrdiff_t)cap_grid_idx(g, i, j); /* cells c, c - 1, c - sy, c - 1 - sy around the node */
      double a = f[c], b = f[c - 1], d = f[c - sy], e = f[c - 1 - sy];
      double pc = 0.25 * (a + b + d + e), gx = (a + d - b - e) / (2 * h), gy = (a + b - d - e) / (2 * h);
      double x0 = wx && i == 0 ? 0 : -0.5, x1 = wx && i == g->nx ? 0 : 0.5;
      double y0 = wy && j == 0 ? 0 : -0.5, y1 = wy && j == g->ny ? 0 : 0.5;
      double fr =
          x1 - x0 < 1 || y1 - y0 < 1 ? clipped_fraction(pc, gx, gy, h, x0, x1, y0, y1) : cv_fraction(pc, gx, gy, h);
      w->wn[c] = cap_grid_metric_xface(g, i) * fr;
    });
  /* u face (i, j) between cells c - 1 and c; v face between c - sy and c: n the stride across the
   * face, t the stride along it. The periodic copies (u at i = nx, v at j = ny) are not samples of the
   * lattice and keep weight 0. */
  for (int comp = 0; comp < 2; comp++) {
    const lattice *L = comp ? &S->Lv : &S->Lu;
    const ptrdiff_t n = comp ? sy : 1, t = comp ? 1 : sy;
    double *vel = comp ? v : u, *m = comp ? w->mv : w->mu;
    CAP_PAR_FOR(work, for (int j = 0; j < L->ny; j++)
      for (int i = 0; i < L->nx; i++) {
        ptrdiff_t c = (ptrdiff_t)cap_grid_idx(g, i, j);
        if (on_box_wall(L, i, j)) {
          vel[c] = 0;
          continue;
        }
        if (is_fixed(L, i, j)) continue;
        double gn = (f[c] - f[c - n]) / h, gt = (f[c + t] + f[c - n + t] - f[c - t] - f[c - n - t]) / (4 * h);
        double r = comp ? cap_grid_metric_cell(g, i) : cap_grid_metric_xface(g, i);
        m[c] = r * cv_fraction(0.5 * (f[c] + f[c - n]), comp ? gt : gn, comp ? gn : gt, h);
      });
  }
  /* the stress part s_f of the diagonal, k sum (2 w_c or w_n) (coefficient)^2 over the terms */
  CAP_PAR_FOR(work, for (size_t c = 0; c < g->size; c++) w->du[c] = w->dv[c] = 0;);
  const term_ctx T = {.d = {w->du, w->dv}};
  for_terms(S, diag_cb, &T);
  /* the unknowns (w_f > 0 or s_f > 0: a face enters a positive-weight term with a non-zero
   * coefficient) and their mass weights; then the diagonal, 1 off the unknowns where every vector
   * of the solve stays 0 */
  CAP_PAR_FOR(work, for (size_t c = 0; c < g->size; c++) {
    double *m[2] = {&w->mu[c], &w->mv[c]}, *dd[2] = {&w->du[c], &w->dv[c]};
    int i = (int)(c % (size_t)sy) - g->ng; /* the column, for the metric of a full CV (1 on planar grids) */
    double full[2] = {cap_grid_metric_xface(g, i), cap_grid_metric_cell(g, i)};
    for (int q = 0; q < 2; q++) {
      double wf = *m[q], sf = *dd[q];
      if (wf > 0 || sf > 0) {
        *m[q] = fmax(wf, CAP_VISCOSITY_MASS_FLOOR * fmin(full[q], sf));
        *dd[q] = sf + *m[q];
      } else {
        *m[q] = 0;
        *dd[q] = 1;
      }
    }
  });
}

/* The sweeps' work on g: its interior cells. */
static long grid_work(const cap_grid *g) { return (long)g->nx * g->ny * (g->dim == 3 ? g->nz : 1); }

/* Numbers the unknowns of components 0..nc-1 (m[q][c] > 0 marks one; 0 elsewhere): component by
 * component, each in grid order (the rows of the grid counted by threads, then summed in order), and
 * places their arrays (place_unknowns, room R). For every unknown r: w->face[r], b = m f, the
 * preconditioner d from d[q] and, with start_rows, its row started with the diagonal entry m. cnt[q]
 * receives each component's count, *n the total (0: nothing else done). */
static int number_unknowns(cap_viscosity_ws *w, const cap_grid *g, int nc, double *const m[], double *const d[],
                           double *const f[], long cnt[], size_t *n, const room *R, int start_rows)
{
  const size_t sy = (size_t)g->sy;
  const int rows = (int)(g->size / sy);
  const long work = grid_work(g);
  for (int q = 0; q < nc; q++) {
    CAP_PAR_FOR(work, for (int row = 0; row < rows; row++) {
      size_t k = 0;
      for (size_t c = (size_t)row * sy; c < (size_t)(row + 1) * sy; c++) k += m[q][c] > 0;
      w->first[q][row + 1] = k;
    });
    w->first[q][0] = q ? w->first[q - 1][rows] : 0;
    for (int row = 0; row < rows; row++) w->first[q][row + 1] += w->first[q][row];
    cnt[q] = (long)(w->first[q][rows] - w->first[q][0]);
  }
  *n = w->first[nc - 1][rows];
  if (*n == 0) return CAP_SUCCESS;
  int s = place_unknowns(w, *n, R);
  if (s) return s;
  for (int q = 0; q < nc; q++) {
    const double *mq = m[q], *dq = d[q], *fq = f[q];
    int *num = w->num[q];
    CAP_PAR_FOR(work, for (int row = 0; row < rows; row++) {
      size_t r = w->first[q][row];
      for (size_t c = (size_t)row * sy; c < (size_t)(row + 1) * sy; c++) {
        num[c] = mq[c] > 0 ? (int)r : -1;
        if (!(mq[c] > 0)) continue;
        w->face[r] = (int)c;
        if (start_rows) row_start(w, r, mq[c]);
        w->cb[r] = mq[c] * fq[c];
        w->cd[r] = dq[c];
        r++;
      }
    });
  }
  return CAP_SUCCESS;
}

/* The component of unknown r of a solve of nc components */
static int unknown_comp(const cap_viscosity_ws *w, int nc, size_t r)
{
  int q = 0;
  while (q + 1 < nc && r >= w->first[q + 1][0]) q++;
  return q;
}

/* CG's start x = f at every unknown (after the assembly: x may share the room of the weights it reads) */
static void start_x(cap_viscosity_ws *w, int nc, size_t n, double *const f[])
{
  CAP_PAR_FOR((long)n, for (size_t r = 0; r < n; r++) w->cx[r] = f[unknown_comp(w, nc, r)][w->face[r]];);
}

/* Jacobi-preconditioned CG on the n assembled rows: x (the start), b, d the preconditioner; the
 * iterations and the relative residual ||b - A x|| / ||b|| out. Returns 1 if converged to tol. */
static int rows_cg(cap_viscosity_ws *w, size_t n, double tol, int maxit, int *iters, double *res)
{
  double *x = w->cx, *rr = w->cr, *z = w->cz, *p = w->cp, *q = w->cq, *b = w->cb, *d = w->cd;
  stress_apply(w, n, x, q);
  CAP_PAR_FOR((long)n, for (size_t k = 0; k < n; k++) {
    rr[k] = b[k] - q[k];
    p[k] = z[k] = rr[k] / d[k];
  });
  const double bnorm = sqrt(cap_par_dot(b, b, n));
  double rz = cap_par_dot(rr, z, n), rn = sqrt(cap_par_dot(rr, rr, n));
  int it = 0;
  while (rn > tol * bnorm && it < maxit) {
    stress_apply(w, n, p, q);
    const double alpha = rz / cap_par_dot(p, q, n);
    CAP_PAR_FOR((long)n, for (size_t k = 0; k < n; k++) {
      x[k] += alpha * p[k];
      rr[k] -= alpha * q[k];
      z[k] = rr[k] / d[k];
    });
    const double rz2 = cap_par_dot(rr, z, n), beta = rz2 / rz;
    CAP_PAR_FOR((long)n, for (size_t k = 0; k < n; k++) p[k] = z[k] + beta * p[k];);
    rz = rz2;
    rn = sqrt(cap_par_dot(rr, rr, n));
    it++;
  }
  *iters = it;
  *res = bnorm > 0 ? rn / bnorm : 0;
  return !(rn > tol * bnorm);
}

static int stress_step_2d(cap_viscosity_ws *w, const cap_grid *g, double *u, double *v, double nu_dt, double tol,
                          int maxit, cap_viscosity_status *st)
{
  stress_ops S = {g,
                  make_lattice(w, g, CAP_AT_XFACE),
                  make_lattice(w, g, CAP_AT_YFACE),
                  g->nx,
                  g->ny,
                  nu_dt / (g->h * g->h),
                  w->wc,
                  w->wn,
                  w->mu,
                  w->mv,
                  {{u, v}}};
  if (g->bc[CAP_XLO] != CAP_BC_PERIODIC) S.nnx = g->nx + 1;
  if (g->bc[CAP_YLO] != CAP_BC_PERIODIC) S.nny = g->ny + 1;
  stress_weights(w, &S, u, v);

  /* number the unknowns, u then v; x = u_old, b = M u_old (the fixed faces' part subtracted in the
   * assembly); every row starts with its diagonal entry, the mass weight */
  size_t n;
  double *const m[2] = {w->mu, w->mv}, *const d[2] = {w->du, w->dv}, *const f[2] = {u, v};
  const room none = {0};
  int s = number_unknowns(w, g, 2, m, d, f, st->unknowns, &n, &none, 1);
  if (s || n == 0) return s;
  const long n_u = st->unknowns[0];
  const term_ctx T = {.w = w};
  if (for_terms(&S, assemble_cb, &T))
    return CAP_ERROR(CAP_ENUMERIC, "stress viscous step: a row has more than %d entries", STRESS_WIDTH);
  start_x(w, 2, n, f);

  int it;
  double res;
  int conv = rows_cg(w, n, tol, maxit, &it, &res);
  st->iterations[0] = st->iterations[1] = it;
  st->residual[0] = st->residual[1] = res;
  const double *x = w->cx;
  CAP_PAR_FOR((long)n, for (size_t k = 0; k < n; k++) (k < (size_t)n_u ? u : v)[w->face[k]] = x[k];);
  /* a periodic face lattice: the boundary copy follows its twin */
  if (S.Lu.perx)
    for (int j = 0; j < g->ny; j++) u[cap_grid_idx(g, g->nx, j)] = u[cap_grid_idx(g, 0, j)];
  if (S.Lv.pery)
    for (int i = 0; i < g->nx; i++) v[cap_grid_idx(g, i, g->ny)] = v[cap_grid_idx(g, i, 0)];
  if (!conv)
    return CAP_ERROR(CAP_EMAXITER, "stress viscous solve stopped after %d iterations at relative residual %.3g > %.3g",
                     it, st->residual[0], tol);
  return CAP_SUCCESS;
}

/* ---- 3D grids (CAP_GEOM_3D): both steps on the assembled rows, one solve per component for the
 * Laplacian step, one coupled solve for the stress step. ---- */

/* The face lattice of component q (0: u on x-faces, 1: v, 2: w) on a 3D grid. */
typedef struct {
  const cap_grid *g;
  int q;
  int n[3];      /* samples per direction (n + 1 along q unless periodic) */
  int per[3];    /* periodic directions */
  int mirror[6]; /* sign of the tangential image beyond each side: -1 no slip (WALL, OPEN), +1 SLIP */
} lat3;

static lat3 make_lat3(const cap_grid *g, int q)
{
  lat3 L = {g, q, {g->nx, g->ny, g->nz}, {0, 0, 0}, {-1, -1, -1, -1, -1, -1}};
  for (int d = 0; d < 3; d++) L.per[d] = g->bc[2 * d] == CAP_BC_PERIODIC;
  for (int k = 0; k < 6; k++)
    if (g->bc[k] == CAP_BC_SLIP) L.mirror[k] = 1;
  if (!L.per[q]) L.n[q]++;
  return L;
}

static size_t idx3(const cap_grid *g, const int a[3]) { return cap_grid_idx3(g, a[0], a[1], a[2]); }

/* Is sample a held at 0 by a wall of the box (the normal component on a wall face)? */
static int on_wall3(const lat3 *L, const int a[3])
{
  return !L->per[L->q] && (a[L->q] == 0 || a[L->q] == L->n[L->q] - 1);
}

/* Sample a of L, at most one sample outside it in each direction: its index in *c and the sign of its
 * image (fold: periodic wrap, or the mirror), 0 for a face held at 0 by a wall; *image set when a is a
 * free-slip (even) mirror image of *c across a wall. */
static int resolve3(const lat3 *L, const int a[3], size_t *c, int *image)
{
  int b[3] = {a[0], a[1], a[2]}, s = 1;
  *image = 0;
  for (int d = 0; d < 3; d++) {
    int m = fold(&b[d], L->n[d], L->per[d], L->mirror[2 * d], L->mirror[2 * d + 1]);
    if (b[d] != a[d] && !L->per[d] && m > 0) *image = 1;
    s *= m;
  }
  if (on_wall3(L, b)) return 0;
  *c = idx3(L->g, b);
  return s;
}

typedef struct {
  const cap_grid *g;
  lat3 L[3];
  double k;                 /* nu dt / h^2 */
  const double *wc, *ew[3]; /* cell weights; edge weights, ew[r] for the edges along axis r */
} stress3;

static void term_add3(term *t, const stress3 *S, int comp, const int a[3], double sgn)
{
  size_t c = 0;
  int image, s = resolve3(&S->L[comp], a, &c, &image);
  if (!s) return;
  t->c[t->n] = c;
  t->sgn[t->n] = s * sgn;
  t->comp[t->n] = comp;
  t->image[t->n] = image;
  t->n++;
}

/* h d_q u_q of cell x */
static void cell_term3(const stress3 *S, int q, const int x[3], term *t)
{
  int a[3] = {x[0], x[1], x[2]};
  t->n = 0;
  t->known = 0;
  a[q]++;
  term_add3(t, S, q, a, 1);
  a[q]--;
  term_add3(t, S, q, a, -1);
}

/* h (d_q u_p + d_p u_q) of the edge e (p != q): the edge along the third axis through the corner
 * (x_{e_p}, x_{e_q}) of the lattices, i.e. u_p(e) - u_p(e - e_q) + u_q(e) - u_q(e - e_p) (the node
 * term of 2D in each plane normal to the edge) */
static void edge_term3(const stress3 *S, int p, int q, const int e[3], term *t)
{
  int a[3] = {e[0], e[1], e[2]};
  t->n = 0;
  t->known = 0;
  term_add3(t, S, p, a, 1);
  term_add3(t, S, q, a, 1);
  a[q]--;
  term_add3(t, S, p, a, -1);
  a[q]++;
  a[p]--;
  term_add3(t, S, q, a, -1);
}

/* The row of face a of component q, gathered from the six terms that hold it: the cells a - e_q and a
 * (their q strain) and, for each other axis p, the edges a and a + e_p of the pair (p, q). Returns the
 * stress diagonal s_f = sum (weight) (coefficient of the face)^2; when r >= 0 also adds the terms'
 * entries (weight) (coefficient) t^T to row r, on the unknowns (*overflow set if the row is full). A
 * term's coefficient of the face sums its mirror and periodic images. Each row is built from its own
 * terms in a fixed order, so the rows do not depend on the threads. */
static double row3(cap_viscosity_ws *w, const stress3 *S, int q, const int a[3], int r, int *overflow)
{
  const cap_grid *g = S->g;
  const size_t self = idx3(g, a);
  double sf = 0;
  term t;
  for (int m = 0; m < 6; m++) {
    int x[3] = {a[0], a[1], a[2]};
    double wt;
    if (m < 2) {
      x[q] -= 1 - m;
      if (S->L[q].per[q]) x[q] = (x[q] + S->L[q].n[q]) % S->L[q].n[q];
      wt = 2 * S->k * S->wc[idx3(g, x)];
      if (wt > 0) cell_term3(S, q, x, &t);
    } else {
      const int p = (q + 1 + (m - 2) / 2) % 3, rr = 3 - p - q;
      x[p] += m % 2;
      if (S->L[q].per[p]) x[p] %= S->L[q].n[p];
      wt = S->k * S->ew[rr][idx3(g, x)];
      if (wt > 0) edge_term3(S, p, q, x, &t);
    }
    if (!(wt > 0)) continue;
    /* cf: the face's coefficient, its images included; a term that holds the face's free-slip mirror image
     * (a symmetry plane) counts in s_f with the face's own coefficient, as across the plane of the
     * mirrored domain, so that the unknowns and their mass floor are those of the whole domain */
    double cf = 0, own = 0;
    int mirrored = 0;
    for (int e = 0; e < t.n; e++)
      if (t.comp[e] == q && t.c[e] == self) {
        cf += t.sgn[e];
        if (t.image[e])
          mirrored = 1;
        else
          own += t.sgn[e];
      }
    sf += wt * (mirrored ? own * own : cf * cf);
    if (cf == 0 || r < 0) continue;
    for (int e = 0; e < t.n; e++) {
      int col = w->num[t.comp[e]][t.c[e]];
      if (col >= 0) *overflow |= row_add(w, r, col, wt * cf * t.sgn[e]);
    }
  }
  return sf;
}

/* Liquid fraction of the cube CV of side h centred where phi = pc, grad phi = gr: the plane n.x + d = 0,
 * n = gr / |gr|, d = pc / |gr| (|d| > 0.872 h > (|n_x| + |n_y| + |n_z|) h / 2 misses the cube). */
static double cv_fraction3(double pc, const double gr[3], double h)
{
  double g2 = gr[0] * gr[0] + gr[1] * gr[1] + gr[2] * gr[2];
  if (pc * pc > 0.76 * g2 * h * h) return pc > 0 ? 0 : 1;
  double gn = sqrt(g2);
  if (!(gn > 0)) return cap_subcell_cube_fraction(0, 0, 0, pc);
  return cap_subcell_cube_fraction(gr[0], gr[1], gr[2], pc / (gn * h));
}

/* The same for the part lo[d] <= x_d <= hi[d] (in units of h about the CV centre) of the CV inside the
 * domain, as a fraction of the whole CV: the box is the unit cube stretched by hi - lo about its
 * middle (as clipped_fraction in 2D). */
static double clipped_fraction3(double pc, const double gr[3], double h, const double lo[3], const double hi[3])
{
  double vol = (hi[0] - lo[0]) * (hi[1] - lo[1]) * (hi[2] - lo[2]);
  double gn = sqrt(gr[0] * gr[0] + gr[1] * gr[1] + gr[2] * gr[2]);
  if (!(gn > 0)) return vol * cap_subcell_cube_fraction(0, 0, 0, pc);
  double an[3], dist = pc / (gn * h);
  for (int d = 0; d < 3; d++) {
    an[d] = gr[d] / gn * (hi[d] - lo[d]);
    dist += gr[d] / gn * 0.5 * (lo[d] + hi[d]);
  }
  return vol *
         cap_subcell_cube_fraction(an[0], an[1], an[2], dist / sqrt(an[0] * an[0] + an[1] * an[1] + an[2] * an[2]));
}

/* Runs body over the samples a of lattice L (threads over the layers k). */
#define FOR_LAT3(L, a, ...)                                                                                            \
  CAP_PAR_FOR(grid_work((L)->g), for (int kk_ = 0; kk_ < (L)->n[2]; kk_++) {                                       \
    for (int jj_ = 0; jj_ < (L)->n[1]; jj_++)                                                                          \
      for (int ii_ = 0; ii_ < (L)->n[0]; ii_++) {                                                                      \
        const int a[3] = {ii_, jj_, kk_};                                                                              \
        __VA_ARGS__                                                                                                    \
      }                                                                                                                \
  })

/* The 3D weights (planar: no metric): cells into w->wc, edges into w->ew, the face fractions, then the
 * unknowns' mass weights M (0 elsewhere) into w->mu, mv, mw (the diagonal s_f + M is the assembly's).
 * Wall-normal faces are set to 0. phi (w->phi) has its ghosts filled. */
static void stress_weights3(cap_viscosity_ws *w, const stress3 *S, double *const vel[3])
{
  const cap_grid *g = S->g;
  const double *f = w->phi, h = g->h;
  const ptrdiff_t st[3] = {1, g->sy, g->sz};
  double *m[3] = {w->mu, w->mv, w->mw};
  const long work = grid_work(g);
  CAP_PAR_FOR(work, for (size_t c = 0; c < g->size; c++) {
    w->wc[c] = w->ew[0][c] = w->ew[1][c] = w->ew[2][c] = 0;
    m[0][c] = m[1][c] = m[2][c] = 0;
  });
  const lat3 cells = {g, 0, {g->nx, g->ny, g->nz}, {0, 0, 0}, {0}};
  FOR_LAT3(&cells, a, {
    ptrdiff_t c = (ptrdiff_t)idx3(g, a);
    double gr[3];
    for (int d = 0; d < 3; d++) gr[d] = (f[c + st[d]] - f[c - st[d]]) / (2 * h);
    w->wc[c] = cv_fraction3(f[c], gr, h);
  });
  /* edges along axis r: the lattice of faces in p and q (n + 1 samples unless periodic), cells in r.
   * An edge on a no-slip wall keeps only its CV's part inside the domain (as the node of 2D). */
  for (int r = 0; r < 3; r++) {
    const int p = (r + 1) % 3, q = (r + 2) % 3;
    lat3 E = make_lat3(g, p);
    if (!E.per[q]) E.n[q]++;
    FOR_LAT3(&E, a, {
      ptrdiff_t c = (ptrdiff_t)idx3(g, a), sp = st[p], sq = st[q], sr = st[r];
      double f0 = f[c], fp = f[c - sp], fq = f[c - sq], fpq = f[c - sp - sq], gr[3];
      gr[p] = (f0 + fq - fp - fpq) / (2 * h);
      gr[q] = (f0 + fp - fq - fpq) / (2 * h);
      gr[r] = (f[c + sr] + f[c - sp + sr] + f[c - sq + sr] + f[c - sp - sq + sr] - f[c - sr] - f[c - sp - sr] -
               f[c - sq - sr] - f[c - sp - sq - sr]) /
              (8 * h);
      double pc = 0.25 * (f0 + fp + fq + fpq), lo[3] = {-0.5, -0.5, -0.5}, hi[3] = {0.5, 0.5, 0.5};
      int clip = 0;
      for (int k = 0; k < 2; k++) { /* a free-slip wall keeps the whole CV: the symmetry plane's */
        int d = k ? q : p;
        if (E.per[d]) continue;
        if (a[d] == 0 && g->bc[2 * d] != CAP_BC_SLIP) lo[d] = 0, clip = 1;
        if (a[d] == E.n[d] - 1 && g->bc[2 * d + 1] != CAP_BC_SLIP) hi[d] = 0, clip = 1;
      }
      w->ew[r][c] = clip ? clipped_fraction3(pc, gr, h, lo, hi) : cv_fraction3(pc, gr, h);
    });
  }
  /* the face fractions (the periodic copy at n_q is not a sample and keeps 0) */
  for (int q = 0; q < 3; q++) {
    const lat3 *L = &S->L[q];
    double *vq = vel[q], *mq = m[q];
    FOR_LAT3(L, a, {
      ptrdiff_t c = (ptrdiff_t)idx3(g, a), n = st[q];
      if (on_wall3(L, a)) {
        vq[c] = 0;
        continue;
      }
      double gr[3];
      for (int d = 0; d < 3; d++)
        gr[d] = d == q ? (f[c] - f[c - n]) / h
                       : (f[c + st[d]] + f[c - n + st[d]] - f[c - st[d]] - f[c - n - st[d]]) / (4 * h);
      mq[c] = cv_fraction3(0.5 * (f[c] + f[c - n]), gr, h);
    });
  }
  /* the unknowns (w_f > 0 or s_f > 0, s_f the stress diagonal) and their mass weights */
  for (int q = 0; q < 3; q++) {
    const lat3 *L = &S->L[q];
    double *mq = m[q];
    FOR_LAT3(L, a, {
      size_t c = idx3(g, a);
      if (on_wall3(L, a)) continue;
      double wf = mq[c], sf = row3(w, S, q, a, -1, NULL);
      mq[c] = wf > 0 || sf > 0 ? fmax(wf, CAP_VISCOSITY_MASS_FLOOR * fmin(1.0, sf)) : 0;
    });
  }
}

/* The sample (i, j, k) of grid index c. */
static void sample_of(const cap_grid *g, size_t c, int a[3])
{
  a[0] = (int)(c % (size_t)g->sy) - g->ng;
  a[1] = (int)(c % (size_t)g->sz / (size_t)g->sy) - g->ng;
  a[2] = (int)(c / (size_t)g->sz) - g->ng;
}

/* A periodic face lattice of component q: the boundary copy at n_q follows its twin at 0. */
static void periodic_copy3(const cap_grid *g, const lat3 *L, double *f)
{
  if (!L->per[L->q]) return;
  const int n[3] = {g->nx, g->ny, g->nz}, q = L->q;
  for (int k = 0; k < (q == 2 ? 1 : n[2]); k++)
    for (int j = 0; j < (q == 1 ? 1 : n[1]); j++)
      for (int i = 0; i < (q == 0 ? 1 : n[0]); i++) {
        int a[3] = {i, j, k}, b[3] = {i, j, k};
        b[q] = n[q];
        f[idx3(g, b)] = f[idx3(g, a)];
      }
}

static int stress_step_3d(cap_viscosity_ws *w, const cap_grid *g, double *u, double *v, double *wz, double nu_dt,
                          double tol, int maxit, cap_viscosity_status *st)
{
  stress3 S = {g,
               {make_lat3(g, 0), make_lat3(g, 1), make_lat3(g, 2)},
               nu_dt / (g->h * g->h),
               w->wc,
               {w->ew[0], w->ew[1], w->ew[2]}};
  double *const vel[3] = {u, v, wz};
  stress_weights3(w, &S, vel);
  size_t n;
  double *const m[3] = {w->mu, w->mv, w->mw};
  /* the pool's fields: phi (dead) takes the numbering's arrays, with d = M; then the mass weights
   * (dead) the rows; then the cell and edge weights (dead after the assembly) the CG vectors */
  const room R = {(char *)w->phi, (char *)w->mu, (char *)w->wc, (char *)w->wc,
                  (char *)(w->pool + POOL_FIELDS * g->size)};
  int s = number_unknowns(w, g, 3, m, m, vel, st->unknowns, &n, &R, 0);
  if (s || n == 0) return s;
  int overflow = 0;
  CAP_PAR_FOR_MAX((long)n, overflow, for (size_t r = 0; r < n; r++) {
    int a[3];
    sample_of(g, (size_t)w->face[r], a);
    const double mass = w->cd[r];
    row_start(w, r, mass);
    w->cd[r] = row3(w, &S, unknown_comp(w, 3, r), a, (int)r, &overflow) + mass; /* the diagonal s_f + M */
  });
  if (overflow) return CAP_ERROR(CAP_ENUMERIC, "stress viscous step: a row has more than %d entries", STRESS_WIDTH_3D);
  start_x(w, 3, n, vel);
  int it;
  double res;
  int conv = rows_cg(w, n, tol, maxit, &it, &res);
  for (int q = 0; q < 3; q++) {
    st->iterations[q] = it;
    st->residual[q] = res;
  }
  const double *x = w->cx;
  CAP_PAR_FOR((long)n, for (size_t r = 0; r < n; r++) vel[unknown_comp(w, 3, r)][w->face[r]] = x[r];);
  for (int q = 0; q < 3; q++) periodic_copy3(g, &S.L[q], vel[q]);
  if (!conv)
    return CAP_ERROR(CAP_EMAXITER, "stress viscous solve stopped after %d iterations at relative residual %.3g > %.3g",
                     it, res, tol);
  return CAP_SUCCESS;
}

/* The 7-point row of unknown face a of component q (assembled row r, started with its mass 1): the
 * diagonal 6k less k times the image sign of each neighbour beyond a wall (the mirror of the face
 * itself), -k on the unknown neighbours, k times the known ones (air faces, wall faces at 0) into b. */
static void lap_row3(cap_viscosity_ws *w, const lat3 *L, const double *f, const int a[3], int r, double k)
{
  double diag = 6 * k, known = 0;
  for (int d = 0; d < 3; d++)
    for (int sgn = -1; sgn <= 1; sgn += 2) {
      int b[3] = {a[0], a[1], a[2]};
      b[d] += sgn;
      if ((b[d] < 0 || b[d] >= L->n[d]) && !L->per[d]) {
        diag -= k * L->mirror[2 * d + (sgn > 0)];
        continue;
      }
      b[d] = (b[d] + L->n[d]) % L->n[d];
      size_t c = idx3(L->g, b);
      int col = w->num[0][c];
      if (col >= 0)
        row_add(w, r, col, -k);
      else
        known += f[c];
    }
  row_add(w, r, r, diag);
  w->cb[r] += k * known;
  w->cd[r] = 1 + diag;
}

static int lap_step_3d(cap_viscosity_ws *w, const cap_grid *g, double *const vel[3], double k, double tol, int maxit,
                       cap_viscosity_status *st)
{
  const ptrdiff_t st3[3] = {1, g->sy, g->sz};
  /* the pool's fields but phi and the mark (mu) */
  const room R = {(char *)w->mv, (char *)(w->pool + POOL_FIELDS * g->size), (char *)(w->pool + POOL_FIELDS * g->size),
                  NULL, NULL};
  int status = CAP_SUCCESS;
  for (int q = 0; q < 3; q++) {
    const lat3 L = make_lat3(g, q);
    double *f = vel[q], *mark = w->mu;
    const double *phi = w->phi;
    CAP_PAR_FOR(grid_work(g), for (size_t c = 0; c < g->size; c++) mark[c] = 0;);
    FOR_LAT3(&L, a, {
      size_t c = idx3(g, a);
      if (on_wall3(&L, a))
        f[c] = 0;
      else if (0.5 * (phi[c] + phi[c - st3[q]]) < 0)
        mark[c] = 1;
    });
    size_t n;
    double *const m[1] = {mark}, *const d[1] = {mark}, *const fq[1] = {f};
    int s = number_unknowns(w, g, 1, m, d, fq, &st->unknowns[q], &n, &R, 1);
    st->iterations[q] = 0;
    st->residual[q] = 0;
    if (s) return s;
    if (n == 0) continue;
    CAP_PAR_FOR((long)n, for (size_t r = 0; r < n; r++) {
      int a[3];
      sample_of(g, (size_t)w->face[r], a);
      lap_row3(w, &L, f, a, (int)r, k);
    });
    start_x(w, 1, n, fq);
    int conv = rows_cg(w, n, tol, maxit, &st->iterations[q], &st->residual[q]);
    const double *x = w->cx;
    CAP_PAR_FOR((long)n, for (size_t r = 0; r < n; r++) f[w->face[r]] = x[r];);
    periodic_copy3(g, &L, f);
    if (!conv && !status)
      status =
          CAP_ERROR(CAP_EMAXITER, "viscous solve (%c) stopped after %d iterations at relative residual %.3g > %.3g",
                    "uvw"[q], st -> iterations[q], st -> residual[q], tol);
  }
  return status;
}

/* ---- The public steps ---- */

/* The checks, the copy of phi with its ghosts filled, the status zeroed; st never NULL after. */
static int step_begin(const char *fn, cap_viscosity_ws *ws, const cap_grid *g, const double *phi, const double *u,
                      const double *v, const double *w, double nu_dt, double tol, int maxit, cap_viscosity_status *st)
{
  int s = check_args(fn, ws, g, phi, u, v, w, nu_dt, tol, maxit);
  if (s) return s;
  memset(st, 0, sizeof *st);
  memcpy(ws->phi, phi, g->size * sizeof *phi);
  cap_grid_fill_ghosts(g, ws->phi, CAP_GHOST_LINEAR);
  for (int side = 0; g->dim == 3 && side < 6; side++) /* a free-slip side of a 3D grid: a symmetry plane */
    if (g->bc[side] == CAP_BC_SLIP) cap_grid_mirror_even(g, ws->phi, (cap_side)side);
  return CAP_SUCCESS;
}

int cap_viscosity_step(cap_viscosity_ws *ws, const cap_grid *g, const double *phi, double *u, double *v, double *w,
                       double nu_dt, double tol, int maxit, cap_viscosity_status *st)
{
  cap_viscosity_status tmp;
  if (!st) st = &tmp;
  int s = step_begin("cap_viscosity_step", ws, g, phi, u, v, w, nu_dt, tol, maxit, st);
  if (s) return s;
  double k = nu_dt / (g->h * g->h);
  if (g->dim == 3) {
    double *const vel[3] = {u, v, w};
    return lap_step_3d(ws, g, vel, k, tol, maxit, st);
  }
  return lap_step_2d(ws, g, u, v, k, tol, maxit, st);
}

int cap_viscosity_stress_step(cap_viscosity_ws *ws, const cap_grid *g, const double *phi, double *u, double *v,
                              double *w, double nu_dt, double tol, int maxit, cap_viscosity_status *st)
{
  cap_viscosity_status tmp;
  if (!st) st = &tmp;
  int s = step_begin("cap_viscosity_stress_step", ws, g, phi, u, v, w, nu_dt, tol, maxit, st);
  if (s) return s;
  if (g->dim == 3) return stress_step_3d(ws, g, u, v, w, nu_dt, tol, maxit, st);
  return stress_step_2d(ws, g, u, v, nu_dt, tol, maxit, st);
}
