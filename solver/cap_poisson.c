/* cap_poisson: ghost-fluid pressure Poisson system, MIC(0)-PCG and multigrid-PCG (see cap_poisson.h
 * for the equations and the references).
 *
 * STORAGE. Every level (the fine grid is level 0) stores its cell-centred arrays on its own padded
 * layout of (nx + 2) x (ny + 2) (x (nz + 2) in 3D) entries, one ghost layer on every side, index
 * c(i, j, k) = o + i + j sy + k sz with sy = nx + 2, sz = (nx + 2)(ny + 2) and o the index of cell
 * (0, 0, 0) (1 + sy, plus sz in 3D; k = 0 in 2D), so the 5- and 7-point stencils need no bounds
 * checks. The matrix is stored in the h^2-scaled form S = h^2 A (on AXI grids the r-weighted A = W L
 * of the header): the diagonal d[c] and one conductance per face, ce[c] >= 0 between c and its +x
 * neighbour, cn[c] >= 0 between c and its +y neighbour and, in 3D, ct[c] >= 0 between c and its +z
 * neighbour (so A[c][c+1] = A[c+1][c] = -ce[c] by construction: the matrix is symmetric because each
 * link is stored once). Non-liquid cells have d = ce = cn = ct = 0 and invd = 0, which makes every
 * sweep below branch-free. Sweeps run over rows r = j + k ny of nx cells (threads share the rows).
 *
 * PERIODIC SIDES. The wrap link of row (j, k) (between (nx-1, j, k) and (0, j, k)) is stored in
 * ce[c(nx-1, j, k)] and copied to the ghost ce[c(-1, j, k)]; before a stencil reads a vector,
 * wrap_ghosts() copies the opposite interior values into its ghost cells. Likewise in y and z.
 *
 * AXISYMMETRIC GRIDS. Each level keeps its own geometry (geo: the caller's grid with that level's nx,
 * ny and h = 2^l h_0), so the conductances are the level's own radii: cap_grid_metric_xface for an
 * x-face, cap_grid_metric_cell for a y-face and for the row weight of the right-hand side. For
 * planar grids both helpers return exactly 1.0, and every product with them below is exact, so the
 * planar matrix and iterates are bit-for-bit those of the unweighted scheme.
 *
 * 3D. The 7-point row is the 2D 5-point expression with the two z terms added after it, so the 2D
 * path computes exactly what it computed before 3D existed. Coarse levels carry the conductance 2^l
 * (face_link).
 *
 * Ghost entries of every array stay finite (zero, or copies of interior values) so that products
 * with a zero coefficient never create NaN.
 */
#include "cap_poisson.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cap_errno.h"
#include "cap_par.h"
#include "cap_ws.h"

/* MIC(0) (Bridson 2015, ch. 5; Bridson & Mueller-Fischer 2007, ch. 4): tau blends incomplete
 * Cholesky (0) and fully modified (1); 0.97 keeps most of MIC's O(h^-1) conditioning gain while
 * avoiding its near-zero pivots. A pivot below SIGMA times the diagonal falls back to the diagonal. */
#define MIC_TAU   0.97
#define MIC_SIGMA 0.25

/* Multigrid (McAdams, Sifakis & Teran 2010). */
#define MG_MAX_LEVELS        20
#define MG_MIN_CELLS         4  /* no level with fewer cells than this in a direction */
#define MG_SWEEPS            1  /* red-black Gauss-Seidel sweeps before and after the coarse correction */
#define MG_BAND_WIDTH        2  /* boundary band: cells within this many cells of a non-interior row */
#define MG_BAND_SWEEPS       2  /* extra Gauss-Seidel sweeps on the band (McAdams et al.) */
#define MG_COARSE_SWEEPS     8  /* coarsest level: symmetric sweep pairs per cell of its longer side, */
#define MG_COARSE_SWEEPS_MAX 32 /* capped (an inexact coarsest solve keeps the V-cycle SPD) */

typedef struct {
  cap_grid geo;      /* this level's geometry (level 0: the caller's grid; coarse: nx, ny, nz and h of the level) */
  int nx, ny, nz;    /* nz = 1 in 2D */
  ptrdiff_t sy, sz;  /* nx + 2 and (nx + 2)(ny + 2) */
  size_t o;          /* index of cell (0, 0, 0) */
  size_t n;          /* (nx + 2)(ny + 2), times (nz + 2) in 3D */
  double *phi;       /* level set on this level (level 0: copy of the caller's, in bs, read by the
                      * assembly only; coarse: restricted) */
  double *d, *invd;  /* diagonal of S and its inverse (0 off the liquid) */
  double *ce, *cn;   /* face conductances to the +x and +y neighbours */
  double *ct;        /* 3D: face conductances to the +z neighbours (NULL in 2D) */
  double *x, *b, *r; /* multigrid work (level 0: x and b unused, where the PCG vectors serve; r is qs) */
  int *band;         /* boundary-band cells (padded indices), lexicographic order */
  int nband;
} level;

struct cap_poisson {
  cap_grid g;
  int perx, pery, perz;
  int assembled;
  int mic_ready; /* the MIC(0) factor is that of the assembled matrix (built by the first MIC use) */
  long unknowns;
  int nlev;
  level lev[MG_MAX_LEVELS];
  double *bnd;                                      /* level 0: sum of p_G / theta over the interface faces */
  double *prec, *lx, *ly, *lz;                      /* MIC(0): 1/L_cc, L entries to +x, +y, +z (lz: 3D only) */
  double *lwx, *lwy, *lwz;                          /* MIC(0) wrap links: per (j, k) row, per (i, k), per (i, j) */
                                                    /* (the MIC(0) arrays: allocated by its first use) */
  double *xs, *rs, *zs, *ss, *qs, *bs;              /* PCG vectors */
  const unsigned char *xclosed, *yclosed, *zclosed; /* level-0 faces closed like walls */
};

void cap_poisson_set_closed_faces(cap_poisson *P, const unsigned char *xclosed, const unsigned char *yclosed,
                                  const unsigned char *zclosed)
{
  if (!P) return;
  P->xclosed = xclosed;
  P->yclosed = yclosed;
  P->zclosed = zclosed;
}

static inline size_t at(const level *L, int i, int j, int k)
{
  return L->o + (size_t)((ptrdiff_t)i + (ptrdiff_t)j * L->sy + (ptrdiff_t)k * L->sz);
}
/* Rows (j, k) of a level, r = j + k ny, and the index of the first cell of row r. */
static inline int nrows(const level *L) { return L->ny * L->nz; }
static inline size_t row0(const level *L, int r) { return at(L, 0, r % L->ny, r / L->ny); }
static inline long ncells(const level *L) { return (long)L->nx * L->ny * L->nz; }
/* (i, j, k) of a padded index. */
static inline void cell_of(const level *L, size_t c, int *i, int *j, int *k)
{
  *i = (int)(c % (size_t)L->sy) - 1;
  *j = (int)(c % (size_t)L->sz / (size_t)L->sy) - 1;
  *k = (int)(c / (size_t)L->sz) - (L->ct != NULL);
}
/* The caller's grid index of cell (i, j, k) (k = 0 in 2D). */
static inline size_t gidx(const cap_grid *g, int i, int j, int k)
{
  return g->dim == 3 ? cap_grid_idx3(g, i, j, k) : cap_grid_idx(g, i, j);
}
/* "(i, j)" or, in 3D, "(i, j, k)", for error messages. */
static const char *cell_name(char *buf, size_t len, const cap_grid *g, int i, int j, int k)
{
  if (g->dim == 3)
    snprintf(buf, len, "(%d, %d, %d)", i, j, k);
  else
    snprintf(buf, len, "(%d, %d)", i, j);
  return buf;
}

static double now_seconds(void)
{
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* ---------------------------------------------------------------------------------------------- */
/* Vector kernels over the interior of a level                                                     */

static void wrap_ghosts(const cap_poisson *P, const level *L, double *v)
{
  if (P->perx)
    for (int r = 0; r < nrows(L); r++) {
      size_t c0 = row0(L, r);
      v[c0 - 1] = v[c0 + (size_t)L->nx - 1];
      v[c0 + (size_t)L->nx] = v[c0];
    }
  if (P->pery)
    for (int k = 0; k < L->nz; k++)
      for (int i = 0; i < L->nx; i++) {
        v[at(L, i, -1, k)] = v[at(L, i, L->ny - 1, k)];
        v[at(L, i, L->ny, k)] = v[at(L, i, 0, k)];
      }
  if (P->perz)
    for (int j = 0; j < L->ny; j++)
      for (int i = 0; i < L->nx; i++) {
        v[at(L, i, j, -1)] = v[at(L, i, j, L->nz - 1)];
        v[at(L, i, j, L->nz)] = v[at(L, i, j, 0)];
      }
}

/* a.b over the interior. In 3D the rows spanned include the ghost rows j = -1, ny between the layers:
 * every caller passes one vector whose ghost entries are zero (b, r, q: written on the interior only). */
static double dot(const level *L, const double *a, const double *b)
{
  return cap_par_dot_rows(a, b, at(L, 0, 0, 0), L->sy, (L->nz - 1) * (L->ny + 2) + L->ny, L->nx);
}

/* The 5-point row of S at c and the 2D Gauss-Seidel sum b + sum of the 4 neighbour terms; 3D adds
 * its two z terms after them. */
static inline double lap5(const double *d, const double *ce, const double *cn, const double *x, size_t c, ptrdiff_t sy)
{
  return d[c] * x[c] - ce[c] * x[c + 1] - ce[c - 1] * x[c - 1] - cn[c] * x[c + sy] - cn[c - sy] * x[c - sy];
}
static inline double gs5(const double *b, const double *ce, const double *cn, const double *x, size_t c, ptrdiff_t sy)
{
  return b[c] + ce[c] * x[c + 1] + ce[c - 1] * x[c - 1] + cn[c] * x[c + sy] + cn[c - sy] * x[c - sy];
}

/* y = S x (x's ghosts are refreshed first). */
static void matvec(const cap_poisson *P, const level *L, double *x, double *y)
{
  wrap_ghosts(P, L, x);
  const double *d = L->d, *ce = L->ce, *cn = L->cn, *ct = L->ct;
  const ptrdiff_t sy = L->sy, sz = L->sz;
  CAP_PAR_FOR(ncells(L), for (int r = 0; r < nrows(L); r++) {
    size_t c0 = row0(L, r);
    if (!ct)
      for (size_t c = c0; c < c0 + (size_t)L->nx; c++) y[c] = lap5(d, ce, cn, x, c, sy);
    else
      for (size_t c = c0; c < c0 + (size_t)L->nx; c++)
        y[c] = lap5(d, ce, cn, x, c, sy) - ct[c] * x[c + sz] - ct[c - sz] * x[c - sz];
  });
}

/* r = b - S x. */
static void residual(const cap_poisson *P, const level *L, const double *b, double *x, double *r)
{
  matvec(P, L, x, r);
  CAP_PAR_FOR(ncells(L), for (int q = 0; q < nrows(L); q++) {
    size_t c0 = row0(L, q);
    for (size_t c = c0; c < c0 + (size_t)L->nx; c++) r[c] = b[c] - r[c];
  });
}

/* ---------------------------------------------------------------------------------------------- */
/* Assembly                                                                                        */

static const int DI[6] = {-1, 1, 0, 0, 0, 0}, DJ[6] = {0, 0, -1, 1, 0, 0}, DK[6] = {0, 0, 0, 0, -1, 1};

/* The face of cell (i, j, k) of level l on side dir: its conductance *w (1 planar; AXI: the face radius
 * r_f on x-faces, the cell radius r_c on y-faces, the level's own radii; 3D: 2^l, the finite-volume
 * face area over distance h_l^2 / h_l in units of h_0, so that the coarse matrices match the Galerkin
 * product P^T S P, whose restriction sums 8 children against the 4 of 2D) and what lies
 * beyond it: LINK_NONE (a closed face, a wall: zero normal gradient; the axis: zero face area),
 * LINK_OPEN (p = 0 on the face, theta = 1/2), LINK_LIQUID (the liquid cell *nb), LINK_CROSSING (the
 * air cell *nb). */
enum { LINK_NONE, LINK_OPEN, LINK_LIQUID, LINK_CROSSING };

static inline int face_link(const cap_poisson *P, const level *L, int l, int i, int j, int k, int dir, double *w,
                            size_t *nb)
{
  const cap_grid *G = &L->geo;
  int ni = i + DI[dir], nj = j + DJ[dir], nk = k + DK[dir];
  *w = dir == CAP_XLO   ? cap_grid_metric_xface(G, i)
       : dir == CAP_XHI ? cap_grid_metric_xface(G, i + 1)
                        : cap_grid_metric_cell(G, i);
  /* 3D: face area / distance, h_l^2 / h_l, in units of h_0 */
  if (L->ct) *w = ldexp(1.0, l);
  if (l == 0 && (P->xclosed || P->yclosed || P->zclosed)) { /* a closed face: no flux, as at a wall */
    const unsigned char *cl = dir < 2 ? P->xclosed : dir < 4 ? P->yclosed : P->zclosed;
    if (cl && cl[gidx(&P->g, i + (dir == CAP_XHI), j + (dir == CAP_YHI), k + (dir == CAP_ZHI))]) return LINK_NONE;
  }
  if (ni < 0 || ni >= L->nx || nj < 0 || nj >= L->ny || nk < 0 || nk >= L->nz) {
    cap_bc kind = P->g.bc[dir];
    if (kind == CAP_BC_OPEN) return LINK_OPEN;
    if (kind != CAP_BC_PERIODIC) return LINK_NONE;
    ni = (ni + L->nx) % L->nx;
    nj = (nj + L->ny) % L->ny;
    nk = (nk + L->nz) % L->nz;
  }
  *nb = at(L, ni, nj, nk);
  return L->phi[*nb] < 0 ? LINK_LIQUID : LINK_CROSSING;
}

/* Builds d, invd, ce, cn (ct) on level l from its phi (Gibou et al. 2002; see the header). On
 * level 0 also the interface right-hand side bnd = sum w_f p_G / theta, from `value`. Every face
 * term carries the face conductance w_f (face_link); the axis face (r_f = 0) has no term at all.
 * The coefficients are computed on threads (each cell writes its own); the callback is called on one
 * thread, cell by cell and side by side in order, as the header promises nothing of its
 * thread-safety: the threaded sweep marks in bnd the cells with a crossing. */
static int assemble_level(cap_poisson *P, int l, cap_poisson_value_fn *value, void *ctx)
{
  level *L = &P->lev[l];
  const double *phi = L->phi;
  const int with_rhs = l == 0 && value, ndir = 2 * P->g.dim;
  CAP_PAR_FOR(ncells(L), for (size_t c = 0; c < L->n; c++) L->d[c] = L->invd[c] = L->ce[c] = L->cn[c] = 0;);
  if (L->ct) CAP_PAR_FOR(ncells(L), for (size_t c = 0; c < L->n; c++) L->ct[c] = 0;);
  if (l == 0) {
    CAP_PAR_FOR(ncells(L), for (size_t c = 0; c < L->n; c++) P->bnd[c] = 0;);
  }
  CAP_PAR_SPREAD_FOR(ncells(L), for (int r = 0; r < nrows(L); r++)
    for (int i = 0; i < L->nx; i++) {
      const int j = r % L->ny, k = r / L->ny;
      size_t c = at(L, i, j, k), nb = 0;
      if (!(phi[c] < 0)) continue;
      double diag = 0, w = 0;
      int crossing = 0;
      for (int dir = 0; dir < ndir; dir++) {
        switch (face_link(P, L, l, i, j, k, dir, &w, &nb)) {
        case LINK_OPEN: diag += 2.0 * w; break;
        case LINK_LIQUID:
          diag += w;
          if (dir == CAP_XHI) L->ce[c] = w;
          if (dir == CAP_YHI) L->cn[c] = w;
          if (dir == CAP_ZHI) L->ct[c] = w;
          break;
        case LINK_CROSSING: {
          double theta = phi[c] / (phi[c] - phi[nb]);
          diag += w / (theta > CAP_POISSON_THETA_MIN ? theta : CAP_POISSON_THETA_MIN);
          crossing = 1;
          break;
        }
        default: break;
        }
      }
      if (diag > 0) { /* a lone cell walled in on all sides (1x1 grid) has no equation: skipped */
        L->d[c] = diag;
        L->invd[c] = 1.0 / diag;
      }
      if (with_rhs && crossing) P->bnd[c] = 1;
    });
  if (P->perx)
    for (int r = 0; r < nrows(L); r++) L->ce[row0(L, r) - 1] = L->ce[row0(L, r) + (size_t)L->nx - 1];
  if (P->pery)
    for (int k = 0; k < L->nz; k++)
      for (int i = 0; i < L->nx; i++) L->cn[at(L, i, -1, k)] = L->cn[at(L, i, L->ny - 1, k)];
  if (P->perz)
    for (int j = 0; j < L->ny; j++)
      for (int i = 0; i < L->nx; i++) L->ct[at(L, i, j, -1)] = L->ct[at(L, i, j, L->nz - 1)];
  if (l != 0) return CAP_SUCCESS;
  long unknowns = 0;
  for (int k = 0; k < L->nz; k++)
    for (int j = 0; j < L->ny; j++)
      for (int i = 0; i < L->nx; i++) {
        size_t c = at(L, i, j, k), nb = 0;
        unknowns += L->d[c] > 0;
        if (P->bnd[c] == 0) continue;
        double rhs = 0, w = 0;
        for (int dir = 0; dir < ndir; dir++) {
          if (face_link(P, L, l, i, j, k, dir, &w, &nb) != LINK_CROSSING) continue;
          double theta = phi[c] / (phi[c] - phi[nb]);
          double th = theta > CAP_POISSON_THETA_MIN ? theta : CAP_POISSON_THETA_MIN;
          double v = value(ctx, i, j, k, dir, theta);
          if (!isfinite(v)) {
            char nm[48];
            return CAP_ERROR(CAP_ENONFINITE,
                             "cap_poisson_assemble: interface value p_G = %g at cell %s, side %d, "
                             "theta = %g is not finite",
                             v, cell_name(nm, sizeof nm, &P->g, i, j, k), dir, theta);
          }
          rhs += w * v / th;
        }
        P->bnd[c] = L->d[c] > 0 ? rhs : 0;
      }
  P->unknowns = unknowns;
  return CAP_SUCCESS;
}

/* Coarse phi: the mean of the (up to 4, 3D 8) children, i.e. the bi(tri)linear value at the coarse
 * centre. */
static void restrict_phi(const level *F, level *C)
{
  CAP_PAR_FOR(ncells(C), for (int R = 0; R < nrows(C); R++)
    for (int I = 0; I < C->nx; I++) {
      const int J = R % C->ny, K = R / C->ny;
      double s = 0;
      int m = 0;
      for (int k = 2 * K; k < 2 * K + 2 && k < F->nz; k++)
        for (int j = 2 * J; j < 2 * J + 2 && j < F->ny; j++)
          for (int i = 2 * I; i < 2 * I + 2 && i < F->nx; i++) {
            s += F->phi[at(F, i, j, k)];
            m++;
          }
      C->phi[at(C, I, J, K)] = s / m;
    });
}

/* McAdams et al. (2010), boundary smoothing: the cells near the boundary of the liquid (any row with fewer than 4
 * (3D: 6) liquid links: interface, wall, open side or the axis) and within MG_BAND_WIDTH cells of them get extra
 * Gauss-Seidel sweeps. Links are counted, not summed, since AXI conductances are radii. t1, t2: scratch
 * arrays of L->n doubles. */
static void build_band(level *L, double *t1, double *t2)
{
  const ptrdiff_t sy = L->sy, sz = L->sz;
  const double *ct = L->ct;
  const int full = ct ? 6 : 4;
  memset(t1, 0, L->n * sizeof *t1);
  memset(t2, 0, L->n * sizeof *t2);
  const long work = ncells(L);
  CAP_PAR_FOR(work, for (int r = 0; r < nrows(L); r++)
    for (int i = 0; i < L->nx; i++) {
      size_t c = row0(L, r) + (size_t)i;
      int links = (L->ce[c] > 0) + (L->ce[c - 1] > 0) + (L->cn[c] > 0) + (L->cn[c - sy] > 0);
      if (ct) links += (ct[c] > 0) + (ct[c - sz] > 0);
      t1[c] = L->invd[c] > 0 && links < full ? 1.0 : 0.0;
    });
  for (int w = 0; w < MG_BAND_WIDTH; w++) {
    CAP_PAR_FOR(work, for (int r = 0; r < nrows(L); r++)
      for (int i = 0; i < L->nx; i++) {
        size_t c = row0(L, r) + (size_t)i;
        double s = t1[c] + t1[c - 1] + t1[c + 1] + t1[c - sy] + t1[c + sy];
        if (ct) s += t1[c - sz] + t1[c + sz];
        t2[c] = s > 0 ? 1.0 : 0.0;
      });
    memcpy(t1, t2, L->n * sizeof *t1);
  }
  L->nband = 0;
  for (int r = 0; r < nrows(L); r++)
    for (int i = 0; i < L->nx; i++) {
      size_t c = row0(L, r) + (size_t)i;
      if (t1[c] > 0 && L->invd[c] > 0) L->band[L->nband++] = (int)c;
    }
}

/* MIC(0) factor (Bridson & Mueller-Fischer 2007, ch. 4), for the cell order c = i + j sy (+ k sz). A
 * link is "lower" when its other cell comes first in that order: the -x, -y (and -z) links, plus the
 * periodic wrap links of the last column / last row (last layer). For each lower neighbour m of c
 * with conductance w:
 *   e -= (w p_m)^2 + tau w p_m^2 (U_m - w),
 * U_m = the sum of m's upper conductances (so U_m - w sums the links whose fill MIC moves onto the
 * diagonal). u: scratch of L->n doubles. The sweep is sequential (each pivot needs its lower ones). */
static void mic_factor(cap_poisson *P, double *u)
{
  level *L = &P->lev[0];
  const int nx = L->nx, ny = L->ny, nz = L->nz;
  const ptrdiff_t sy = L->sy, sz = L->sz;
  const double *ce = L->ce, *cn = L->cn, *ct = L->ct, *d = L->d;
  memset(P->prec, 0, L->n * sizeof *P->prec);
  memset(P->lx, 0, L->n * sizeof *P->lx);
  memset(P->ly, 0, L->n * sizeof *P->ly);
  if (P->lz) memset(P->lz, 0, L->n * sizeof *P->lz);
  memset(u, 0, L->n * sizeof *u);
  for (int k = 0; k < nz; k++)
    for (int j = 0; j < ny; j++)
      for (int i = 0; i < nx; i++) {
        size_t c = at(L, i, j, k);
        if (!(L->invd[c] > 0)) continue;
        size_t kk[6];
        double w[6];
        int m = 0;
        if (i > 0) {
          kk[m] = c - 1;
          w[m++] = ce[c - 1];
        }
        if (j > 0) {
          kk[m] = c - (size_t)sy;
          w[m++] = cn[c - sy];
        }
        if (ct && k > 0) {
          kk[m] = c - (size_t)sz;
          w[m++] = ct[c - sz];
        }
        if (P->perx && i == nx - 1) {
          kk[m] = at(L, 0, j, k);
          w[m++] = ce[c];
        }
        if (P->pery && j == ny - 1) {
          kk[m] = at(L, i, 0, k);
          w[m++] = cn[c];
        }
        if (P->perz && k == nz - 1) {
          kk[m] = at(L, i, j, 0);
          w[m++] = ct[c];
        }
        double e = d[c];
        for (int q = 0; q < m; q++) {
          double pk = P->prec[kk[q]];
          e -= (w[q] * pk) * (w[q] * pk) + MIC_TAU * w[q] * pk * pk * (u[kk[q]] - w[q]);
        }
        if (e < MIC_SIGMA * d[c]) e = d[c];
        P->prec[c] = 1.0 / sqrt(e);
        u[c] = (i < nx - 1 ? ce[c] : 0) + (j < ny - 1 ? cn[c] : 0) + (P->perx && i == 0 ? ce[c - 1] : 0) +
               (P->pery && j == 0 ? cn[c - sy] : 0);
        if (ct) u[c] += (k < nz - 1 ? ct[c] : 0) + (P->perz && k == 0 ? ct[c - sz] : 0);
      }
  CAP_PAR_FOR(ncells(L), for (int r = 0; r < nrows(L); r++)
    for (int i = 0; i < nx; i++) {
      const int j = r % ny, k = r / ny;
      size_t c = at(L, i, j, k);
      P->lx[c] = i < nx - 1 ? ce[c] * P->prec[c] : 0;
      P->ly[c] = j < ny - 1 ? cn[c] * P->prec[c] : 0;
      if (ct) P->lz[c] = k < nz - 1 ? ct[c] * P->prec[c] : 0;
    });
  for (int r = 0; r < nrows(L); r++) P->lwx[r] = P->perx ? ce[row0(L, r) + (size_t)nx - 1] * P->prec[row0(L, r)] : 0;
  for (int k = 0; k < nz; k++)
    for (int i = 0; i < nx; i++) P->lwy[i + k * nx] = P->pery ? cn[at(L, i, ny - 1, k)] * P->prec[at(L, i, 0, k)] : 0;
  if (ct)
    for (int j = 0; j < ny; j++)
      for (int i = 0; i < nx; i++) P->lwz[i + j * nx] = P->perz ? ct[at(L, i, j, nz - 1)] * P->prec[at(L, i, j, 0)] : 0;
}

/* z = (L L^T)^{-1} r: forward substitution L q = r, then L^T z = q, in place in z (Bridson & Mueller-
 * Fischer 2007, ch. 4, with L_cc = 1/prec_c and L_mc = -w_mc prec_c for m after c). Sequential: each
 * entry needs the ones before it (after it, backwards), so the result does not depend on the threads. */
static void mic_apply(const cap_poisson *P, const double *r, double *z)
{
  const level *L = &P->lev[0];
  const int nx = L->nx, ny = L->ny, nz = L->nz;
  const ptrdiff_t sy = L->sy, sz = L->sz;
  const double *prec = P->prec, *lx = P->lx, *ly = P->ly, *lz = P->lz;
  for (int k = 0; k < nz; k++)
    for (int j = 0; j < ny; j++) {
      size_t c0 = at(L, 0, j, k), cy = at(L, 0, 0, k), cz = at(L, 0, j, 0);
      const int wy = P->pery && j == ny - 1, wz = P->perz && k == nz - 1;
      const double *lwx = P->lwx + j + k * ny, *lwy = P->lwy + k * nx, *lwz = P->lwz ? P->lwz + j * nx : NULL;
      for (int i = 0; i < nx; i++) {
        size_t c = c0 + (size_t)i;
        double t = r[c] + lx[c - 1] * z[c - 1] + ly[c - sy] * z[c - sy];
        if (lz) t += lz[c - sz] * z[c - sz];
        if (wy) t += lwy[i] * z[cy + (size_t)i];
        if (P->perx && i == nx - 1) t += *lwx * z[c0];
        if (wz) t += lwz[i] * z[cz + (size_t)i];
        z[c] = t * prec[c];
      }
    }
  for (int k = nz - 1; k >= 0; k--)
    for (int j = ny - 1; j >= 0; j--) {
      size_t c0 = at(L, 0, j, k), cy = at(L, 0, ny - 1, k), cz = at(L, 0, j, nz - 1);
      const int wy = P->pery && j == 0, wz = P->perz && k == 0;
      const double *lwx = P->lwx + j + k * ny, *lwy = P->lwy + k * nx, *lwz = P->lwz ? P->lwz + j * nx : NULL;
      for (int i = nx - 1; i >= 0; i--) {
        size_t c = c0 + (size_t)i;
        double t = z[c] + lx[c] * z[c + 1] + ly[c] * z[c + sy];
        if (lz) t += lz[c] * z[c + sz];
        if (wy) t += lwy[i] * z[cy + (size_t)i];
        if (P->perx && i == 0) t += *lwx * z[c0 + (size_t)(nx - 1)];
        if (wz) t += lwz[i] * z[cz + (size_t)i];
        z[c] = t * prec[c];
      }
    }
}

/* ---------------------------------------------------------------------------------------------- */
/* Multigrid V-cycle                                                                               */

/* One Gauss-Seidel half-sweep over the cells of one colour ((i + j + k) % 2 == colour). */
static void rb_sweep(const cap_poisson *P, const level *L, const double *b, double *x, int colour)
{
  wrap_ghosts(P, L, x);
  const double *invd = L->invd, *ce = L->ce, *cn = L->cn, *ct = L->ct;
  const ptrdiff_t sy = L->sy, sz = L->sz;
  CAP_PAR_FOR(ncells(L), for (int r = 0; r < nrows(L); r++) {
    const size_t c0 = row0(L, r), c1 = c0 + (size_t)L->nx;
    const size_t cs = c0 + (size_t)((r % L->ny + r / L->ny + colour) & 1);
    if (!ct)
      for (size_t c = cs; c < c1; c += 2) x[c] = invd[c] * gs5(b, ce, cn, x, c, sy);
    else
      for (size_t c = cs; c < c1; c += 2)
        x[c] = invd[c] * (gs5(b, ce, cn, x, c, sy) + ct[c] * x[c + sz] + ct[c - sz] * x[c - sz]);
  });
}

/* Gauss-Seidel over the band, in order (forward) or reversed (its adjoint). The neighbours are read
 * at their interior indices (periodic wrap resolved here, not through ghost copies, which would be
 * stale inside a point-by-point sweep). */
static void band_sweep(const cap_poisson *P, const level *L, const double *b, double *x, int forward)
{
  const double *invd = L->invd, *ce = L->ce, *cn = L->cn, *ct = L->ct;
  const ptrdiff_t sy = L->sy, sz = L->sz;
  for (int q = 0; q < L->nband; q++) {
    size_t c = (size_t)L->band[forward ? q : L->nband - 1 - q];
    int i, j, k;
    cell_of(L, c, &i, &j, &k);
    size_t cw = c - 1, ceast = c + 1, cs = c - (size_t)sy, cnorth = c + (size_t)sy;
    if (P->perx && i == 0) cw = at(L, L->nx - 1, j, k);
    if (P->perx && i == L->nx - 1) ceast = at(L, 0, j, k);
    if (P->pery && j == 0) cs = at(L, i, L->ny - 1, k);
    if (P->pery && j == L->ny - 1) cnorth = at(L, i, 0, k);
    double s = b[c] + ce[c] * x[ceast] + ce[c - 1] * x[cw] + cn[c] * x[cnorth] + cn[c - sy] * x[cs];
    if (ct) {
      size_t cb = c - (size_t)sz, ctop = c + (size_t)sz;
      if (P->perz && k == 0) cb = at(L, i, j, L->nz - 1);
      if (P->perz && k == L->nz - 1) ctop = at(L, i, j, 0);
      s += ct[c] * x[ctop] + ct[c - sz] * x[cb];
    }
    x[c] = invd[c] * s;
  }
}

/* The cell of coarse level C that a prolongation weight refers to, for a coarse index that may lie
 * one cell outside: periodic wraps, a wall mirrors (zero gradient), an open side mirrors with a sign
 * change (zero value on the face). *f is multiplied by that sign. */
static inline int coarse_index(int I, int n, cap_bc lo, cap_bc hi, int self, double *f)
{
  if (I >= 0 && I < n) return I;
  cap_bc kind = I < 0 ? lo : hi;
  if (kind == CAP_BC_PERIODIC) return (I + n) % n;
  if (kind == CAP_BC_OPEN) *f = -*f;
  return self;
}

/* The 4 (2D) and 8 (3D) coarse cells and weights of fine cell (i, j, k): the products of the 1D cell-centred
 * linear weights 3/4 (the parent) and 1/4 (the parent's neighbour on the side of the child), i.e.
 * 9/16, 3/16, 3/16, 1/16 in 2D and 27/64 ... 1/64 in 3D (bi/trilinear interpolation, McAdams et al.
 * 2010). Entry q = a + 2 b + 4 c takes the neighbour in x if a, in y if b, in z if c. Returns the
 * count, the padded coarse indices in kk[] and weights in w[] (all products exact: the 2D table equals
 * the products). */
static inline int prolong_stencil2(const cap_poisson *P, const level *C, int i, int j, size_t kk[8], double w[8])
{
  const cap_bc *bc = P->g.bc;
  int I = i >> 1, J = j >> 1, di = (i & 1) ? 1 : -1, dj = (j & 1) ? 1 : -1;
  double fx = 1, fy = 1;
  int I2 = coarse_index(I + di, C->nx, bc[CAP_XLO], bc[CAP_XHI], I, &fx);
  int J2 = coarse_index(J + dj, C->ny, bc[CAP_YLO], bc[CAP_YHI], J, &fy);
  kk[0] = at(C, I, J, 0);
  w[0] = 9.0 / 16.0;
  kk[1] = at(C, I2, J, 0);
  w[1] = 3.0 / 16.0 * fx;
  kk[2] = at(C, I, J2, 0);
  w[2] = 3.0 / 16.0 * fy;
  kk[3] = at(C, I2, J2, 0);
  w[3] = 1.0 / 16.0 * fx * fy;
  return 4;
}

static int prolong_stencil3(const cap_poisson *P, const level *C, int i, int j, int k, size_t kk[8], double w[8])
{
  const cap_bc *bc = P->g.bc;
  const int I = i >> 1, J = j >> 1, K = k >> 1;
  double fx = 1, fy = 1, fz = 1;
  const int I2 = coarse_index(I + ((i & 1) ? 1 : -1), C->nx, bc[CAP_XLO], bc[CAP_XHI], I, &fx);
  const int J2 = coarse_index(J + ((j & 1) ? 1 : -1), C->ny, bc[CAP_YLO], bc[CAP_YHI], J, &fy);
  const int K2 = coarse_index(K + ((k & 1) ? 1 : -1), C->nz, bc[CAP_ZLO], bc[CAP_ZHI], K, &fz);
  const double ax[2] = {0.75, 0.25 * fx}, ay[2] = {0.75, 0.25 * fy}, az[2] = {0.75, 0.25 * fz};
  const int ix[2] = {I, I2}, iy[2] = {J, J2}, iz[2] = {K, K2};
  for (int q = 0; q < 8; q++) {
    kk[q] = at(C, ix[q & 1], iy[(q >> 1) & 1], iz[q >> 2]);
    w[q] = ax[q & 1] * ay[(q >> 1) & 1] * az[q >> 2];
  }
  return 8;
}

/* Fine cell (i, j, k) of F as *c and, if it is liquid (an unknown), its prolongation stencil on C
 * (prolong_stencil2 or 3, its count returned); 0 for a cell that is not. */
static inline int liquid_stencil(const cap_poisson *P, const level *F, const level *C, int i, int j, int k, size_t *c,
                                 size_t kk[8], double w[8])
{
  *c = at(F, i, j, k);
  if (!(F->invd[*c] > 0)) return 0;
  return C->ct ? prolong_stencil3(P, C, i, j, k, kk, w) : prolong_stencil2(P, C, i, j, kk, w);
}

/* The restriction's 1D weights for an interior coarse cell: those of the fine cells 2I - 1, 2I,
 * 2I + 1, 2I + 2 (the neighbour weight of the outer two, the parent weight of the inner two); a fine
 * cell's weight is their product over the directions (prolong_stencil2/3). */
static const double RESTRICT_W1[4] = {0.25, 0.75, 0.75, 0.25};

/* Is the padded coarse index kk on the edge of C (its first or last row, column or layer)? */
static int coarse_edge(const level *C, size_t kk)
{
  int I, J, K;
  cell_of(C, kk, &I, &J, &K);
  return I == 0 || I == C->nx - 1 || J == 0 || J == C->ny - 1 || (C->ct && (K == 0 || K == C->nz - 1));
}

/* coarse = P^T fine, zero on coarse non-liquid cells (transfer, transpose 1). Each coarse entry is the
 * sum, from 0, of its weighted fine liquid cells in the fine cells' lexicographic order (for one fine
 * cell, in prolong_stencil2/3's order of its weights), as a scatter over the fine cells in order would
 * add them. An interior coarse cell gathers its 16 (3D: 64) fine cells in that order (the coarse rows
 * shared by the threads). The coarse edge cells, onto which a mirror or a wrap may fold weights, take
 * the scatter of the fine cells within 3 of an edge of F, which are all the fine cells that reach
 * them. */
static void restrict_to(const cap_poisson *P, const level *F, const level *C, const double *fine, double *coarse)
{
  CAP_PAR_FOR(ncells(C), for (size_t c = 0; c < C->n; c++) coarse[c] = 0;);
  const double *finvd = F->invd, *cinvd = C->invd;
  const int d3 = C->ct != NULL;
  double W[4][4][4]; /* the weight of fine cell (2I - 1 + q, 2J - 1 + r, 2K - 1 + s): exact products */
  for (int s = 0; s < 4; s++)
    for (int r = 0; r < 4; r++)
      for (int q = 0; q < 4; q++) W[s][r][q] = (d3 ? RESTRICT_W1[s] : 1.0) * RESTRICT_W1[r] * RESTRICT_W1[q];
  CAP_PAR_FOR(ncells(F), for (int R = 0; R < nrows(C); R++) {
    const int J = R % C->ny, K = R / C->ny;
    if (J == 0 || J == C->ny - 1 || (d3 && (K == 0 || K == C->nz - 1))) continue;
    for (int I = 1; I < C->nx - 1; I++) {
      const size_t KC = at(C, I, J, K);
      if (!(cinvd[KC] > 0)) continue;
      double acc = 0;
      for (int s = 0; s < (d3 ? 4 : 1); s++)
        for (int r = 0; r < 4; r++) {
          const size_t f0 = at(F, 2 * I - 1, 2 * J - 1 + r, d3 ? 2 * K - 1 + s : 0);
          const double *w = W[s][r];
          for (int q = 0; q < 4; q++)
            if (finvd[f0 + (size_t)q] > 0) acc += w[q] * fine[f0 + (size_t)q];
        }
      coarse[KC] = acc;
    }
  });
  for (int k = 0; k < F->nz; k++)
    for (int j = 0; j < F->ny; j++) {
      const int edge_row = j < 3 || j >= F->ny - 3 || (d3 && (k < 3 || k >= F->nz - 3));
      for (int i = 0; i < F->nx; i++) {
        if (!edge_row && i == 3 && F->nx - 3 > 3) i = F->nx - 3;
        size_t c, kk[8];
        double w[8];
        const int m = liquid_stencil(P, F, C, i, j, k, &c, kk, w);
        for (int q = 0; q < m; q++)
          if (coarse_edge(C, kk[q])) coarse[kk[q]] += w[q] * fine[c];
      }
    }
  for (int K = 0; K < C->nz; K++)
    for (int J = 0; J < C->ny; J++) {
      const int edge_row = J == 0 || J == C->ny - 1 || (d3 && (K == 0 || K == C->nz - 1));
      for (int I = 0; I < C->nx; I += edge_row || I == C->nx - 1 ? 1 : C->nx - 1)
        if (!(cinvd[at(C, I, J, K)] > 0)) coarse[at(C, I, J, K)] = 0;
    }
}

/* The transfers between fine level F and coarse level C through the prolongation P of
 * prolong_stencil2/3. transpose 0: fine += P coarse on the fine liquid cells (coarse non-liquid cells
 * hold x = 0); each fine cell reads its own stencil (the rows dealt out in turn). transpose 1: coarse
 * = P^T fine (restrict_to). */
static void transfer(const cap_poisson *P, const level *F, const level *C, int transpose, double *fine, double *coarse)
{
  if (transpose) {
    restrict_to(P, F, C, fine, coarse);
    return;
  }
  const double *finvd = F->invd;
  const int d3 = C->ct != NULL;
  CAP_PAR_SPREAD_FOR(ncells(F), for (int r = 0; r < nrows(F); r++) {
    const int j = r % F->ny, k = r / F->ny;
    const size_t c0 = row0(F, r);
    for (int i = 0; i < F->nx; i++) {
      const size_t c = c0 + (size_t)i;
      if (!(finvd[c] > 0)) continue;
      size_t kk[8];
      double w[8];
      if (!d3) {
        prolong_stencil2(P, C, i, j, kk, w);
        fine[c] += w[0] * coarse[kk[0]] + w[1] * coarse[kk[1]] + w[2] * coarse[kk[2]] + w[3] * coarse[kk[3]];
      } else {
        prolong_stencil3(P, C, i, j, k, kk, w);
        double s = w[0] * coarse[kk[0]];
        for (int q = 1; q < 8; q++) s += w[q] * coarse[kk[q]];
        fine[c] += s;
      }
    }
  });
}

/* x = V(b) on level l: an approximation of S_l^{-1} b that is symmetric positive definite (each
 * smoothing step after the coarse correction is the adjoint of its mirror image before it). */
static void vcycle(const cap_poisson *P, int l, const double *b, double *x)
{
  const level *L = &P->lev[l];
  CAP_PAR_FOR(ncells(L), for (size_t c = 0; c < L->n; c++) x[c] = 0;);
  if (l == P->nlev - 1) {
    int nmax = L->nx > L->ny ? L->nx : L->ny;
    if (L->nz > nmax) nmax = L->nz;
    int m = MG_COARSE_SWEEPS * nmax;
    if (m > MG_COARSE_SWEEPS_MAX) m = MG_COARSE_SWEEPS_MAX;
    for (int s = 0; s < m; s++) {
      rb_sweep(P, L, b, x, 0);
      rb_sweep(P, L, b, x, 1);
    }
    for (int s = 0; s < m; s++) {
      rb_sweep(P, L, b, x, 1);
      rb_sweep(P, L, b, x, 0);
    }
    return;
  }
  const level *C = &P->lev[l + 1];
  for (int s = 0; s < MG_SWEEPS; s++) {
    rb_sweep(P, L, b, x, 0);
    rb_sweep(P, L, b, x, 1);
  }
  for (int s = 0; s < MG_BAND_SWEEPS; s++) band_sweep(P, L, b, x, 1);
  residual(P, L, b, x, L->r);
  transfer(P, L, C, 1, L->r, C->b);
  vcycle(P, l + 1, C->b, C->x);
  transfer(P, L, C, 0, x, C->x);
  for (int s = 0; s < MG_BAND_SWEEPS; s++) band_sweep(P, L, b, x, 0);
  for (int s = 0; s < MG_SWEEPS; s++) {
    rb_sweep(P, L, b, x, 1);
    rb_sweep(P, L, b, x, 0);
  }
}

/* The MIC(0) factor of the assembled matrix, built on the first use after an assembly (a multigrid
 * solve never reads it), its arrays allocated on the first use of all; qs serves as scratch. */
static int need_factor(cap_poisson *P, cap_poisson_method method)
{
  if (method != CAP_POISSON_MIC_PCG || P->mic_ready) return CAP_SUCCESS;
  if (!P->prec) {
    const size_t n = P->lev[0].n, nz = P->g.dim == 3 ? (size_t)P->g.nz : 1;
    double **v[] = {&P->prec, &P->lx, &P->ly, &P->lz};
    int ok = 1;
    for (int q = 0; q < (P->g.dim == 3 ? 4 : 3); q++) ok = ok && (*v[q] = calloc(n, sizeof(double)));
    ok = ok && (P->lwx = calloc((size_t)P->g.ny * nz, sizeof(double)));
    ok = ok && (P->lwy = calloc((size_t)P->g.nx * nz, sizeof(double)));
    if (ok && P->g.dim == 3) ok = (P->lwz = calloc((size_t)P->g.nx * (size_t)P->g.ny, sizeof(double))) != NULL;
    if (!ok) {
      CAP_FREE_ALL(P->prec, P->lx, P->ly, P->lz, P->lwx, P->lwy, P->lwz);
      P->prec = P->lx = P->ly = P->lz = P->lwx = P->lwy = P->lwz = NULL;
      return CAP_ERROR(CAP_ENOMEM, "cap_poisson: out of memory for the MIC(0) factor of a %d x %d x %d grid", P->g.nx,
                       P->g.ny, (int)nz);
    }
  }
  mic_factor(P, P->qs);
  P->mic_ready = 1;
  return CAP_SUCCESS;
}

static void precondition(const cap_poisson *P, cap_poisson_method method, const double *r, double *z)
{
  if (method == CAP_POISSON_MIC_PCG)
    mic_apply(P, r, z);
  else
    vcycle(P, 0, r, z);
}

/* ---------------------------------------------------------------------------------------------- */
/* Conjugate gradients                                                                             */

/* PCG on S xs = bs (Saad, "Iterative Methods for Sparse Linear Systems", 2003, Alg. 9.1). Stops when
 * ||r||_2 <= tol ||b||_2 with the residual recomputed from xs; a recursive residual that has drifted
 * below tol while the true one has not restarts the iteration from the true residual. */
static int pcg(cap_poisson *P, cap_poisson_method method, double tol, int maxiter, int *iters, double *rel)
{
  const level *L = &P->lev[0];
  double *x = P->xs, *r = P->rs, *z = P->zs, *s = P->ss, *q = P->qs;
  const double *b = P->bs;
  const double bnorm = sqrt(dot(L, b, b));
  *iters = 0;
  *rel = 0;
  if (bnorm == 0) {
    memset(x, 0, L->n * sizeof *x);
    return CAP_SUCCESS;
  }
  int it = 0;
  for (;;) {
    residual(P, L, b, x, r);
    double rnorm = sqrt(dot(L, r, r));
    *rel = rnorm / bnorm;
    if (!isfinite(*rel)) {
      *iters = it;
      return CAP_ERROR(CAP_ENUMERIC, "cap_poisson_solve: residual is not finite after %d iterations", it);
    }
    if (*rel <= tol || it >= maxiter) break;
    precondition(P, method, r, z);
    CAP_PAR_FOR(ncells(L), for (size_t c = 0; c < L->n; c++) s[c] = z[c];);
    double sigma = dot(L, z, r);
    while (it < maxiter) {
      matvec(P, L, s, q);
      double sq = dot(L, s, q);
      if (!(sq > 0) || !(sigma > 0)) {
        *iters = it;
        return CAP_ERROR(CAP_ENUMERIC,
                         "cap_poisson_solve: CG breakdown at iteration %d (s.As = %g, z.r = %g): the "
                         "system is not positive definite (singular region with an incompatible rhs?)",
                         it, sq, sigma);
      }
      const double alpha = sigma / sq;
      CAP_PAR_FOR(ncells(L), for (int j = 0; j < nrows(L); j++) {
        size_t c0 = row0(L, j);
        for (size_t c = c0; c < c0 + (size_t)L->nx; c++) {
          x[c] += alpha * s[c];
          r[c] -= alpha * q[c];
        }
      });
      const double rr = dot(L, r, r);
      it++;
      if (sqrt(rr) <= tol * bnorm) break;
      precondition(P, method, r, z);
      double signew = dot(L, z, r), beta = signew / sigma;
      sigma = signew;
      CAP_PAR_FOR(ncells(L), for (int j = 0; j < nrows(L); j++) {
        size_t c0 = row0(L, j);
        for (size_t c = c0; c < c0 + (size_t)L->nx; c++) s[c] = z[c] + beta * s[c];
      });
    }
  }
  *iters = it;
  if (*rel > tol)
    return CAP_ERROR(CAP_EMAXITER,
                     "cap_poisson_solve: %s reached maxiter = %d with relative residual %.3e > tol = %.3e",
                     method == CAP_POISSON_MIC_PCG ? "MIC(0)-PCG" : "MG-PCG", maxiter, *rel, tol);
  return CAP_SUCCESS;
}

/* ---------------------------------------------------------------------------------------------- */
/* Public interface                                                                                */

static void free_level(level *L, int l)
{
  if (l > 0) CAP_FREE_ALL(L->phi, L->r); /* level 0's are PCG vectors */
  CAP_FREE_ALL(L->d, L->invd, L->ce, L->cn, L->ct, L->x, L->b, L->band);
}

void cap_poisson_free(cap_poisson *P)
{
  if (!P) return;
  for (int l = 0; l < P->nlev; l++) free_level(&P->lev[l], l);
  CAP_FREE_ALL(P->bnd, P->prec, P->lx, P->ly, P->lz, P->lwx, P->lwy, P->lwz, P->xs, P->rs, P->zs, P->ss, P->qs, P->bs,
               P);
}

/* The geometry of a coarse level: the fine grid's origin, geometry and boundary kinds, nx x ny (x nz)
 * cells of side h (so that cap_grid_metric_* give the level's own radii). */
static int level_geometry(cap_grid *geo, const cap_grid *g, int nx, int ny, int nz, double h)
{
  int s = cap_grid_init(geo, g->geom, nx, ny, nz, h, g->x0, g->y0, g->z0, 1);
  if (s) return s;
  for (int k = 0; k < 6; k++) geo->bc[k] = g->bc[k];
  return CAP_SUCCESS;
}

/* A level's arrays; on level 0 (coarse = 0) phi and r are PCG vectors, set by cap_poisson_alloc. */
static int alloc_level(level *L, int nx, int ny, int nz, int dim3, int coarse)
{
  L->nx = nx;
  L->ny = ny;
  L->nz = nz;
  L->sy = nx + 2;
  L->sz = (ptrdiff_t)(nx + 2) * (ny + 2);
  L->o = (size_t)(1 + L->sy + (dim3 ? L->sz : 0));
  L->n = (size_t)L->sz * (dim3 ? (size_t)(nz + 2) : 1u);
  if (coarse) L->phi = calloc(L->n, sizeof(double));
  L->d = calloc(L->n, sizeof(double));
  L->invd = calloc(L->n, sizeof(double));
  L->ce = calloc(L->n, sizeof(double));
  L->cn = calloc(L->n, sizeof(double));
  if (dim3) L->ct = calloc(L->n, sizeof(double));
  L->band = malloc((size_t)nx * (size_t)ny * (size_t)nz * sizeof(int));
  if (coarse) {
    L->r = calloc(L->n, sizeof(double));
    L->x = calloc(L->n, sizeof(double));
    L->b = calloc(L->n, sizeof(double));
  }
  return L->d && L->invd && L->ce && L->cn && (!dim3 || L->ct) && L->band &&
         (!coarse || (L->phi && L->r && L->x && L->b));
}

int cap_poisson_alloc(cap_poisson **out, const cap_grid *g)
{
  if (!out) return CAP_ERROR(CAP_EINVAL, "cap_poisson_alloc: out is NULL");
  *out = NULL;
  if (!g) return CAP_ERROR(CAP_EINVAL, "cap_poisson_alloc: grid is NULL");
  if (g->geom != CAP_GEOM_PLANAR && g->geom != CAP_GEOM_AXI && g->geom != CAP_GEOM_3D)
    return CAP_ERROR(CAP_EGEOM, "cap_poisson_alloc: geometry %d is not supported (planar, AXI or 3D)", (int)g->geom);
  int s = cap_grid_check_bc(g);
  if (s) return s;
  const int axi = g->geom == CAP_GEOM_AXI, on_axis = axi && g->x0 == 0, d3 = g->dim == 3;
  for (int k = 0; k < 2 * g->dim; k++)
    if (g->bc[k] == CAP_BC_AXIS && !(k == CAP_XLO && on_axis))
      return CAP_ERROR(CAP_EGEOM, "cap_poisson_alloc: side %d is an AXIS, allowed only on XLO of an AXI grid at x0 = 0",
                       k);
  if (on_axis && g->bc[CAP_XLO] != CAP_BC_AXIS)
    return CAP_ERROR(CAP_EGEOM, "cap_poisson_alloc: the XLO side of an AXI grid at r = 0 must be AXIS (kind %d)",
                     (int)g->bc[CAP_XLO]);
  if (axi && g->bc[CAP_XLO] == CAP_BC_PERIODIC)
    return CAP_ERROR(CAP_EGEOM, "cap_poisson_alloc: an AXI grid cannot be periodic in r");
  const int nz = d3 ? g->nz : 1, perz = d3 && g->bc[CAP_ZLO] == CAP_BC_PERIODIC;
  if ((g->bc[CAP_XLO] == CAP_BC_PERIODIC && g->nx < 3) || (g->bc[CAP_YLO] == CAP_BC_PERIODIC && g->ny < 3) ||
      (perz && nz < 3))
    return CAP_ERROR(CAP_ESIZE,
                     "cap_poisson_alloc: a periodic direction needs at least 3 cells (nx = %d, ny = %d, nz = %d)",
                     g->nx, g->ny, nz);
  if ((double)(g->nx + 2) * (g->ny + 2) * (nz + (d3 ? 2 : 0)) > (double)(INT_MAX / 2))
    return CAP_ERROR(CAP_ESIZE, "cap_poisson_alloc: %d x %d x %d cells is too many", g->nx, g->ny, nz);
  cap_poisson *P = calloc(1, sizeof *P);
  if (!P) return CAP_ERROR(CAP_ENOMEM, "cap_poisson_alloc: out of memory");
  P->g = *g;
  P->perx = g->bc[CAP_XLO] == CAP_BC_PERIODIC;
  P->pery = g->bc[CAP_YLO] == CAP_BC_PERIODIC;
  P->perz = perz;
  /* levels: halve (rounding up) while every direction keeps >= MG_MIN_CELLS cells and periodic
   * directions stay even (so that the coarse wrap link joins the right cells) */
  int nx = g->nx, ny = g->ny, mz = nz, ok = 1;
  P->nlev = 0;
  for (;;) {
    level *L = &P->lev[P->nlev];
    P->nlev++;
    if (!alloc_level(L, nx, ny, mz, d3, P->nlev > 1)) {
      ok = 0;
      break;
    }
    if (P->nlev == 1)
      L->geo = *g;
    else if ((s = level_geometry(&L->geo, g, nx, ny, mz, ldexp(g->h, P->nlev - 1)))) {
      cap_poisson_free(P);
      return s;
    }
    if (P->nlev == MG_MAX_LEVELS || nx < 2 * MG_MIN_CELLS || ny < 2 * MG_MIN_CELLS) break;
    if (d3 && mz < 2 * MG_MIN_CELLS) break;
    if ((P->perx && nx % 2) || (P->pery && ny % 2) || (perz && mz % 2)) break;
    nx = (nx + 1) / 2;
    ny = (ny + 1) / 2;
    if (d3) mz = (mz + 1) / 2;
  }
  size_t n = P->lev[0].n;
  double **v[] = {&P->bnd, &P->xs, &P->rs, &P->zs, &P->ss, &P->qs, &P->bs};
  for (size_t q = 0; q < sizeof v / sizeof v[0]; q++) {
    *v[q] = calloc(n, sizeof(double));
    if (!*v[q]) ok = 0;
  }
  /* level 0's phi lives in bs (read by the assembly only; a solve fills bs before reading it) and its
   * multigrid residual in qs (free while a V-cycle runs: the PCG's q is computed after it) */
  P->lev[0].phi = P->bs;
  P->lev[0].r = P->qs;
  if (!ok) {
    cap_poisson_free(P);
    return CAP_ERROR(CAP_ENOMEM, "cap_poisson_alloc: out of memory for a %d x %d x %d grid", g->nx, g->ny, nz);
  }
  *out = P;
  return CAP_SUCCESS;
}

static int check_grid(const cap_poisson *P, const cap_grid *g, const char *fn)
{
  const cap_grid *a = &P->g;
  if (g->geom != a->geom)
    return CAP_ERROR(CAP_EGEOM, "%s: grid geometry %d differs from the handle's (%d)", fn, (int)g->geom, (int)a->geom);
  if (g->nx != a->nx || g->ny != a->ny || g->nz != a->nz || g->ng != a->ng || g->size != a->size)
    return CAP_ERROR(CAP_ESIZE, "%s: grid %d x %d x %d (%d ghosts) differs from the handle's %d x %d x %d (%d ghosts)",
                     fn, g->nx, g->ny, g->nz, g->ng, a->nx, a->ny, a->nz, a->ng);
  if (g->h != a->h || g->x0 != a->x0 || g->y0 != a->y0 || g->z0 != a->z0)
    return CAP_ERROR(CAP_EINVAL, "%s: grid spacing or origin differs from the handle's (h = %g, handle h = %g)", fn,
                     g->h, a->h);
  for (int k = 0; k < 2 * a->dim; k++)
    if (g->bc[k] != a->bc[k])
      return CAP_ERROR(CAP_EINVAL, "%s: boundary kind of side %d differs from the handle's (%d, handle %d)", fn, k,
                       (int)g->bc[k], (int)a->bc[k]);
  return CAP_SUCCESS;
}

static int check_common(const cap_poisson *P, const cap_grid *g, const void *a, const void *b, const char *fn,
                        int need_assembled)
{
  if (!P || !g || !a || !b) return CAP_ERROR(CAP_EINVAL, "%s: NULL argument", fn);
  int s = check_grid(P, g, fn);
  if (s) return s;
  if (need_assembled && !P->assembled)
    return CAP_ERROR(CAP_EINVAL, "%s: the system has not been assembled (call cap_poisson_assemble first)", fn);
  return CAP_SUCCESS;
}

/* The cell of a lexicographic cell number q = i + nx (j + ny k) of the caller's grid. */
static void cell_of_number(const cap_grid *g, long q, int *i, int *j, int *k)
{
  *i = (int)(q % g->nx);
  *j = (int)(q / g->nx % g->ny);
  *k = (int)(q / g->nx / g->ny);
}

int cap_poisson_assemble(cap_poisson *P, const cap_grid *g, const double *phi, cap_poisson_value_fn *value, void *ctx)
{
  int s = check_common(P, g, phi, phi, "cap_poisson_assemble", 0);
  if (s) return s;
  P->assembled = 0;
  P->mic_ready = 0;
  level *F = &P->lev[0];
  /* the first non-finite phi in lexicographic order is reported, as a sequential sweep would */
  long first = LONG_MAX;
  CAP_PAR_FOR_MIN(ncells(F), first, for (int r = 0; r < nrows(F); r++)
    for (int i = 0; i < g->nx; i++) {
      const int j = r % F->ny, k = r / F->ny;
      double v = phi[gidx(g, i, j, k)];
      if (!isfinite(v)) {
        first = first < (long)r * g->nx + i ? first : (long)r * g->nx + i;
        break;
      }
      F->phi[at(F, i, j, k)] = v;
    });
  if (first != LONG_MAX) {
    int i, j, k;
    char nm[48];
    cell_of_number(g, first, &i, &j, &k);
    return CAP_ERROR(CAP_ENONFINITE, "cap_poisson_assemble: phi%s = %g is not finite",
                     cell_name(nm, sizeof nm, g, i, j, k), phi[gidx(g, i, j, k)]);
  }
  for (int l = 1; l < P->nlev; l++) restrict_phi(&P->lev[l - 1], &P->lev[l]);
  for (int l = 0; l < P->nlev; l++) {
    s = assemble_level(P, l, value, ctx);
    if (s) return s;
    build_band(&P->lev[l], P->qs, P->ss);
  }
  P->mic_ready = 0;
  P->assembled = 1;
  return CAP_SUCCESS;
}

int cap_poisson_solve(cap_poisson *P, const cap_grid *g, const double *rhs, double *p, cap_poisson_method method,
                      double tol, int maxiter, cap_poisson_status *st)
{
  double t0 = now_seconds();
  int s = check_common(P, g, rhs, p, "cap_poisson_solve", 1);
  if (s) return s;
  if (method != CAP_POISSON_MIC_PCG && method != CAP_POISSON_MG_PCG)
    return CAP_ERROR(CAP_EDOM, "cap_poisson_solve: method = %d is out of range: allowed MIC_PCG (0), MG_PCG (1)",
                     (int)method);
  if ((s = cap_check_open("tol", tol, 0, 1, ""))) return s;
  if ((s = cap_check_int_range("maxiter", maxiter, 1, INT_MAX))) return s;
  const level *L = &P->lev[0];
  const double h2 = g->h * g->h;
  CAP_PAR_FOR(ncells(L), for (size_t c = 0; c < L->n; c++) P->bs[c] = P->xs[c] = 0;);
  /* the first non-finite entry in lexicographic order (cell number times 2 plus 0 for rhs, 1 for p)
   * is reported, as a sequential sweep would */
  long first = LONG_MAX;
  CAP_PAR_FOR_MIN(ncells(L), first, for (int r = 0; r < nrows(L); r++)
    for (int i = 0; i < g->nx; i++) {
      size_t c = row0(L, r) + (size_t)i, k = gidx(g, i, r % L->ny, r / L->ny);
      if (!(L->invd[c] > 0)) continue;
      const long here = 2 * ((long)r * g->nx + i);
      if (!isfinite(rhs[k]) || !isfinite(p[k])) {
        const long bad = here + (isfinite(rhs[k]) ? 1 : 0);
        first = first < bad ? first : bad;
        break;
      }
      P->bs[c] = -h2 * rhs[k] * cap_grid_metric_cell(g, i) + P->bnd[c]; /* row weight r_c (1 planar) */
      P->xs[c] = p[k];
    });
  if (first != LONG_MAX) {
    int i, j, k;
    char nm[48];
    cell_of_number(g, first / 2, &i, &j, &k);
    const size_t q = gidx(g, i, j, k);
    cell_name(nm, sizeof nm, g, i, j, k);
    if (first % 2 == 0) return CAP_ERROR(CAP_ENONFINITE, "cap_poisson_solve: rhs%s = %g is not finite", nm, rhs[q]);
    return CAP_ERROR(CAP_ENONFINITE, "cap_poisson_solve: initial p%s = %g is not finite", nm, p[q]);
  }
  int iters = 0;
  double rel = 0;
  if ((s = need_factor(P, method))) return s;
  s = pcg(P, method, tol, maxiter, &iters, &rel);
  if (s == CAP_SUCCESS || s == CAP_EMAXITER) {
    CAP_PAR_FOR(ncells(L), for (int r = 0; r < nrows(L); r++)
      for (int i = 0; i < g->nx; i++) {
        size_t c = row0(L, r) + (size_t)i;
        if (L->invd[c] > 0) p[gidx(g, i, r % L->ny, r / L->ny)] = P->xs[c];
      });
  }
  if (st) {
    st->method = method;
    st->iterations = iters;
    st->rel_residual = rel;
    st->b_norm = sqrt(dot(L, P->bs, P->bs)) / h2;
    st->unknowns = P->unknowns;
    st->levels = method == CAP_POISSON_MG_PCG ? P->nlev : 1;
    st->seconds = now_seconds() - t0;
  }
  return s;
}

/* dst = the grid field src on the liquid cells of level 0, 0 on its other cells. */
static void to_level0(const cap_poisson *P, const cap_grid *g, const double *src, double *dst)
{
  const level *L = &P->lev[0];
  memset(dst, 0, L->n * sizeof *dst);
  for (int r = 0; r < nrows(L); r++)
    for (int i = 0; i < g->nx; i++) {
      size_t c = row0(L, r) + (size_t)i;
      if (L->invd[c] > 0) dst[c] = src[gidx(g, i, r % L->ny, r / L->ny)];
    }
}

int cap_poisson_apply(cap_poisson *P, const cap_grid *g, const double *x, double *y)
{
  int s = check_common(P, g, x, y, "cap_poisson_apply", 1);
  if (s) return s;
  const level *L = &P->lev[0];
  to_level0(P, g, x, P->ss);
  matvec(P, L, P->ss, P->qs);
  const double ih2 = 1.0 / (g->h * g->h);
  for (int r = 0; r < nrows(L); r++)
    for (int i = 0; i < g->nx; i++) y[gidx(g, i, r % L->ny, r / L->ny)] = P->qs[row0(L, r) + (size_t)i] * ih2;
  return CAP_SUCCESS;
}

int cap_poisson_precondition(cap_poisson *P, const cap_grid *g, cap_poisson_method method, const double *r, double *z)
{
  int s = check_common(P, g, r, z, "cap_poisson_precondition", 1);
  if (s) return s;
  if (method != CAP_POISSON_MIC_PCG && method != CAP_POISSON_MG_PCG)
    return CAP_ERROR(CAP_EDOM, "cap_poisson_precondition: method = %d is out of range: allowed MIC_PCG (0), MG_PCG (1)",
                     (int)method);
  const level *L = &P->lev[0];
  if ((s = need_factor(P, method))) return s;
  to_level0(P, g, r, P->rs);
  memset(P->zs, 0, L->n * sizeof *P->zs);
  precondition(P, method, P->rs, P->zs);
  const double h2 = g->h * g->h;
  for (int q = 0; q < nrows(L); q++)
    for (int i = 0; i < g->nx; i++) {
      size_t c = row0(L, q) + (size_t)i;
      z[gidx(g, i, q % L->ny, q / L->ny)] = L->invd[c] > 0 ? P->zs[c] * h2 : 0.0;
    }
  return CAP_SUCCESS;
}
