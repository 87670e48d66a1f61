/* Tests of solver/cap_poisson: second-order ghost-fluid Dirichlet condition (Gibou et al. 2002) on a
 * circle, OPEN and periodic sides, exactness for linear pressures, symmetry and definiteness of the
 * matrix and of both preconditioners, multigrid-PCG iteration counts independent of h, agreement of
 * the two solvers, and every documented error code.
 *
 * Observed orders are least-squares slopes of log(max error) against log(h) over n = 32..256 (the
 * issue asks for >= 1.8 over 3-4 resolutions). The solves run to a relative residual of 1e-10; the
 * algebraic error that leaves (bounded by the residuals below; solvers_agree checks the bound) is
 * orders of magnitude under the discretisation error (docs/design/tests-notes.md).
 *
 * A bound used below: on liquid cells away from walls the h^2-scaled matrix S is the 5-point matrix
 * restricted to them plus a non-negative diagonal (1/theta - 1 >= 0 on interface rows, +1 on OPEN
 * faces), so by Cauchy interlacing lambda_min(S) >= lambda_min of the n x n Dirichlet 5-point matrix,
 * 8 sin^2(pi / (2 (n + 1))). Hence for any two iterates with relative residuals rel1, rel2,
 * ||p1 - p2||_inf <= ||p1 - p2||_2 <= (rel1 + rel2) b_norm h^2 / (8 sin^2(pi / (2 (n + 1)))).
 * Where a direction has walls (Neumann), only the other direction's 1D Dirichlet bound
 * 4 sin^2(pi / (2 (n + 1))) holds (the Neumann direction contributes >= 0).
 *
 * Axisymmetric grids (x = r, y = z; the r-weighted system A p = W L p = b, L ~ -lap, W = diag(r_c)): second order
 * for a ghost-fluid sphere and cylinder on the axis (also in the column next to the axis) and an
 * annulus with OPEN and WALL sides, for both solvers; the assembled rows against the finite-volume
 * rule (the axis face carries nothing), symmetry and definiteness of A = W L and of both preconditioners,
 * exactness of the stencil for r^2 + c z, the r-weighted compatibility of a pure-Neumann system,
 * MIC/MG agreement, bounded MG-PCG iteration counts, and the geometry refusals (periodic r). The
 * eigenvalue bounds above are planar; on AXI the solvers' agreement is checked in the residual norm.
 *
 * 3D grids (7-point rows): second order (>= 1.8 over 16, 32 or 16..48) for a box with OPEN, WALL and
 * SLIP sides, the ghost-fluid sphere and a problem periodic in x and z with a bubble across both
 * seams, each with both solvers; MIC/MG agreement; closed z-faces; symmetry and definiteness of A and
 * of both preconditioners; bitwise equal solves on 1 and 2 threads; MG-PCG iterations flat from 32^3
 * to 64^3 (<= 1.5x) while MIC(0)'s grow (>= 1.3x). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../solver/cap_errno.h"
#include "../solver/cap_grid.h"
#include "../solver/cap_par.h"
#include "../solver/cap_poisson.h"
#include "../solver/cap_ws.h"
#include "tharness.h"

#define NRES 4
static const int RES[NRES] = {32, 64, 128, 256};
static const double PI = 3.14159265358979323846;
static const int DI[4] = {-1, 1, 0, 0}, DJ[4] = {0, 0, -1, 1};

/* ---- manufactured solutions ---- */
typedef struct {
  double (*p)(double x, double y);
  double (*lap)(double x, double y);
} exact;

/* circle test: p = exp(x) sin(1.7 y) + x y^2 */
static double p_circ(double x, double y) { return exp(x) * sin(1.7 * y) + x * y * y; }
static double lap_circ(double x, double y) { return exp(x) * sin(1.7 * y) * (1 - 1.7 * 1.7) + 2 * x; }
/* linear: exact for the scheme */
static double p_lin(double x, double y) { return 0.3817 * x - 1.7321 * y + 0.25; }
static double lap_zero(double x, double y)
{
  (void)x;
  (void)y;
  return 0;
}
static double p_slab(double x, double y)
{
  (void)y;
  return 0.3817 * x;
}
/* all-open box: p = sin(pi x) sin(pi y) exp(a x + b y), zero on the four sides */
static const double EA = 0.3817, EB = -0.5123;
static double p_box(double x, double y) { return sin(PI * x) * sin(PI * y) * exp(EA * x + EB * y); }
static double lap_box(double x, double y)
{
  double f = sin(PI * x) * exp(EA * x), g = sin(PI * y) * exp(EB * y);
  double f2 = exp(EA * x) * ((EA * EA - PI * PI) * sin(PI * x) + 2 * EA * PI * cos(PI * x));
  double g2 = exp(EB * y) * ((EB * EB - PI * PI) * sin(PI * y) + 2 * EB * PI * cos(PI * y));
  return f2 * g + f * g2;
}
/* periodic-in-y test: X(x) Y(y), X(0) = 0 (OPEN), X'(1) = 0 (WALL), Y 1-periodic */
static const double PA = 0.3817, PB = 0.5123, PC = 0.4871;
static double Xp(double x) { return sin(PI * x / 2) + PA * sin(1.5 * PI * x); }
static double Xpp(double x) { return -PI * PI / 4 * sin(PI * x / 2) - PA * 2.25 * PI * PI * sin(1.5 * PI * x); }
static double Yp(double y) { return cos(2 * PI * y) + PB * sin(4 * PI * y + PC); }
static double Ypp(double y) { return -4 * PI * PI * cos(2 * PI * y) - PB * 16 * PI * PI * sin(4 * PI * y + PC); }
static double p_per(double x, double y) { return Xp(x) * Yp(y); }
static double lap_per(double x, double y) { return Xpp(x) * Yp(y) + Xp(x) * Ypp(y); }

/* Axisymmetric solutions (x = r, y = z; lap = (1/r)(r p_r)_r + p_zz), smooth and even in r so that
 * p_r = 0 on the axis. F(r) = cos(QA r^2): (1/r)(r F')' = -4 QA sin(QA r^2) - 4 QA^2 r^2 cos(QA r^2). */
static const double QA = 1.7321, QB = 2.3917, QC = 0.4871, QD = 0.3817;
static double Fr(double r) { return cos(QA * r * r); }
static double lapFr(double r) { return -4 * QA * sin(QA * r * r) - 4 * QA * QA * r * r * cos(QA * r * r); }
/* sphere on the axis: p = F(r) (cos(QB z + QC) + QD z) */
static double p_sph(double r, double z) { return Fr(r) * (cos(QB * z + QC) + QD * z); }
static double lap_sph(double r, double z)
{
  return lapFr(r) * (cos(QB * z + QC) + QD * z) - Fr(r) * QB * QB * cos(QB * z + QC);
}
/* cylinder on the axis, periodic in z: p = F(r) Y(z) + QD r^2 (lap r^2 = 4) */
static double p_cyl(double r, double z) { return Fr(r) * Yp(z) + QD * r * r; }
static double lap_cyl(double r, double z) { return lapFr(r) * Yp(z) + Fr(r) * Ypp(z) + 4 * QD; }
/* annulus ANN_R0 <= r <= ANN_R0 + 1: p = G(r) X(z) with u = r - ANN_R0,
 * G = cos(pi u^2 / 2) + QD (1 - u^2)^2: G'(ANN_R0) = 0 (WALL at r = ANN_R0), G(ANN_R0 + 1) = 0 (OPEN);
 * X = Xp above: X(0) = 0 (OPEN at z = 0), X'(1) = 0 (WALL at z = 1). */
static const double ANN_R0 = 0.2531;
static double Gr(double r)
{
  double u = r - ANN_R0;
  return cos(PI / 2 * u * u) + QD * (1 - u * u) * (1 - u * u);
}
static double lapGr(double r)
{
  double u = r - ANN_R0, k = PI / 2;
  double g1 = -2 * k * u * sin(k * u * u) - 4 * QD * u * (1 - u * u);
  double g2 = -2 * k * sin(k * u * u) - 4 * k * k * u * u * cos(k * u * u) + QD * (12 * u * u - 4);
  return g2 + g1 / r;
}
static double p_ann(double r, double z) { return Gr(r) * Xp(z); }
static double lap_ann(double r, double z) { return lapGr(r) * Xp(z) + Gr(r) * Xpp(z); }

/* p_G = p_exact at the interface crossing (theta h from the cell centre in direction dir) */
typedef struct {
  const cap_grid *g;
  const exact *e;
} vctx;

static double value_exact(void *ctx, int i, int j, int k, int dir, double theta)
{
  (void)k;
  const vctx *v = ctx;
  double x = cap_grid_xc(v->g, i) + DI[dir] * theta * v->g->h;
  double y = cap_grid_yc(v->g, j) + DJ[dir] * theta * v->g->h;
  return v->e->p(x, y);
}

static double value_nan(void *ctx, int i, int j, int k, int dir, double theta)
{
  (void)k;
  (void)ctx;
  (void)i;
  (void)j;
  (void)dir;
  (void)theta;
  return NAN;
}

/* ---- level sets ---- */
typedef enum {
  SHAPE_CIRCLE,
  SHAPE_BUBBLE_PERIODIC_Y,
  SHAPE_ALL,
  SHAPE_SLAB,
  SHAPE_SPHERE_AXI,   /* AXI: liquid sphere centred on the axis */
  SHAPE_CYLINDER_AXI, /* AXI: liquid cylinder r < CYL_R around the axis */
  SHAPE_POOL_AXI      /* AXI: liquid below z = POOL_Z with an air bubble on the axis */
} shape;
static const double CX = 0.5123, CY = 0.4871, CR = 0.3817; /* liquid disc */
static const double BX = 0.5123, BY = 0.9371, BR = 0.2113; /* air bubble across the y = 1 seam */
static const double SZ = 0.5123, SR = 0.3817;              /* AXI liquid sphere: centre (0, SZ) */
static const double CYL_R = 0.6123;
static const double POOL_Z = 0.7313, PBZ = 0.3817; /* AXI pool; its bubble: centre (0, PBZ), radius BR */

static double phi_at(shape s, double x, double y)
{
  switch (s) {
  case SHAPE_CIRCLE: return hypot(x - CX, y - CY) - CR;
  case SHAPE_BUBBLE_PERIODIC_Y: {
    double dy = y - BY;
    dy -= floor(dy + 0.5); /* nearest periodic image (period 1) */
    return BR - hypot(x - BX, dy);
  }
  case SHAPE_SLAB: return x - 0.6123;
  case SHAPE_SPHERE_AXI: return hypot(x, y - SZ) - SR;
  case SHAPE_CYLINDER_AXI: return x - CYL_R;
  case SHAPE_POOL_AXI: return fmax(y - POOL_Z, BR - hypot(x, y - PBZ));
  default: return -1.0;
  }
}

/* ---- one problem on one grid ---- */
typedef struct {
  double err;      /* max |p - p_exact| over the liquid cells */
  double err_col0; /* the same over the liquid cells of the first column i = 0 (next to the axis on AXI) */
  double rel;      /* reached relative residual */
  double b_norm;
  int iters;
  int status;
} run;

static void fill_phi(const cap_grid *g, shape s, double *phi)
{
  for (int j = 0; j < g->ny; j++)
    for (int i = 0; i < g->nx; i++) phi[cap_grid_idx(g, i, j)] = phi_at(s, cap_grid_xc(g, i), cap_grid_yc(g, j));
}

/* Allocates a handle for g, assembles phi with `value`, solves for rhs into p (a cold start from p's
 * entries) with `method` to tol; the status, residual, b_norm and iterations (err left 0). */
static run solve_fields(const cap_grid *g, const double *phi, const double *rhs, cap_poisson_value_fn *value, void *ctx,
                        cap_poisson_method method, double tol, double *p)
{
  run R = {0, 0, 0, 0, 0, CAP_ENOMEM};
  cap_poisson *P = NULL;
  if ((R.status = cap_poisson_alloc(&P, g))) return R;
  if (!(R.status = cap_poisson_assemble(P, g, phi, value, ctx))) {
    cap_poisson_status st;
    R.status = cap_poisson_solve(P, g, rhs, p, method, tol, 5000, &st);
    R.rel = st.rel_residual;
    R.iters = st.iterations;
    R.b_norm = st.b_norm;
  }
  cap_poisson_free(P);
  return R;
}

/* Solves the problem (grid g, shape s, solution e) with `method`; p is left in *pout if given. */
static run solve_case(const cap_grid *g, shape s, const exact *e, cap_poisson_method method, double tol, double *pout)
{
  run R = {0, 0, 0, 0, 0, CAP_ENOMEM};
  double *phi = cap_grid_field_alloc(g), *rhs = cap_grid_field_alloc(g), *p = cap_grid_field_alloc(g);
  if (!phi || !rhs || !p) goto done;
  fill_phi(g, s, phi);
  for (int j = 0; j < g->ny; j++)
    for (int i = 0; i < g->nx; i++) rhs[cap_grid_idx(g, i, j)] = e->lap(cap_grid_xc(g, i), cap_grid_yc(g, j));
  vctx v = {g, e};
  R = solve_fields(g, phi, rhs, value_exact, &v, method, tol, p);
  for (int j = 0; j < g->ny; j++)
    for (int i = 0; i < g->nx; i++) {
      size_t k = cap_grid_idx(g, i, j);
      if (phi[k] < 0) {
        double d = fabs(p[k] - e->p(cap_grid_xc(g, i), cap_grid_yc(g, j)));
        if (d > R.err) R.err = d;
        if (i == 0 && d > R.err_col0) R.err_col0 = d;
      }
    }
  if (pout) memcpy(pout, p, g->size * sizeof *p);
done:
  free(phi);
  free(rhs);
  free(p);
  return R;
}

/* The domain of a convergence sweep: geometry, left edge x0 (the inner radius on AXI), side kinds. */
typedef struct {
  cap_geometry geom;
  double x0;
  cap_bc xlo, xhi, ylo, yhi;
} domain;

/* n x n cells of side 1/n with its lower-left corner at (D->x0, 0). */
static int box_grid(cap_grid *g, const domain *D, int n)
{
  int s = cap_grid_init(g, D->geom, n, n, 1, 1.0 / n, D->x0, 0, 0, 2);
  if (!s) s = cap_grid_set_bc(g, CAP_XLO, D->xlo);
  if (!s) s = cap_grid_set_bc(g, CAP_XHI, D->xhi);
  if (!s) s = cap_grid_set_bc(g, CAP_YLO, D->ylo);
  if (!s) s = cap_grid_set_bc(g, CAP_YHI, D->yhi);
  return s;
}

static int unit_grid(cap_grid *g, int n, cap_bc xlo, cap_bc xhi, cap_bc ylo, cap_bc yhi)
{
  int s = cap_grid_init(g, CAP_GEOM_PLANAR, n, n, 1, 1.0 / n, 0, 0, 0, 2);
  if (!s) s = cap_grid_set_bc(g, CAP_XLO, xlo);
  if (!s) s = cap_grid_set_bc(g, CAP_XHI, xhi);
  if (!s) s = cap_grid_set_bc(g, CAP_YLO, ylo);
  if (!s) s = cap_grid_set_bc(g, CAP_YHI, yhi);
  return s;
}

static const char *mname(cap_poisson_method m) { return m == CAP_POISSON_MIC_PCG ? "MIC-PCG" : "MG-PCG"; }

/* Convergence sweep of one problem with one method on domain D over the nres <= NRES resolutions
 * res[]; returns the observed order, fills iters[] and, if col0_order is given, the observed order of
 * the error in the first column. */
static double sweep_in(const char *name, const domain *D, int nres, const int *res, shape s, const exact *e,
                       cap_poisson_method m, int *iters, double *col0_order)
{
  double h[NRES], err[NRES], err0[NRES];
  int ok = 1;
  for (int k = 0; k < nres; k++) {
    cap_grid g;
    ok = ok && box_grid(&g, D, res[k]) == CAP_SUCCESS;
    run R = solve_case(&g, s, e, m, 1e-10, NULL);
    ok = ok && R.status == CAP_SUCCESS;
    h[k] = g.h;
    err[k] = R.err;
    err0[k] = R.err_col0;
    if (iters) iters[k] = R.iters;
    th_note("%s %s n=%d: max error %.4e, %d iterations, rel residual %.2e%s", name, mname(m), res[k], R.err, R.iters,
            R.rel, k ? "" : "");
    if (k) th_note("   ratio %.3f (local order %.3f)", err[k - 1] / err[k], log(err[k - 1] / err[k]) / log(2.0));
    if (col0_order) {
      th_note("   first column (i = 0): max error %.4e", R.err_col0);
      if (k)
        th_note("   first column ratio %.3f (local order %.3f)", err0[k - 1] / err0[k],
                log(err0[k - 1] / err0[k]) / log(2.0));
    }
  }
  th_true(ok, "%s %s: every solve converged", name, mname(m));
  if (col0_order) *col0_order = th_slope(nres, h, err0);
  return th_slope(nres, h, err);
}

/* The planar sweeps: the unit square. */
static double sweep(const char *name, shape s, const exact *e, cap_bc xlo, cap_bc xhi, cap_bc ylo, cap_bc yhi,
                    cap_poisson_method m, int *iters)
{
  const domain D = {CAP_GEOM_PLANAR, 0, xlo, xhi, ylo, yhi};
  return sweep_in(name, &D, NRES, RES, s, e, m, iters, NULL);
}

/* ---- the tests ---- */

/* The planar convergence sweeps with method m (cap_poisson_method). */
static void orders(int m)
{
  const exact circ = {p_circ, lap_circ}, box = {p_box, lap_box}, per = {p_per, lap_per};
  const double min_order = 1.8; /* issue: second order, observed >= 1.8 */
  int it[NRES];
  double q = sweep("circle (walls)", SHAPE_CIRCLE, &circ, CAP_BC_WALL, CAP_BC_WALL, CAP_BC_WALL, CAP_BC_WALL,
                   (cap_poisson_method)m, it);
  th_true(q >= min_order, "circle, ghost-fluid Dirichlet, %s: observed order %.3f >= %.1f", mname(m), q, min_order);
  if (m == CAP_POISSON_MG_PCG)
    /* an h-independent preconditioner: the count may move with the interface's position relative to
     * the cells at each n, but not grow like MIC(0)'s O(h^-1/2) (a factor 2.8 over 32..256) */
    th_true(it[NRES - 1] <= 1.5 * it[0], "MG-PCG iterations nearly constant: %d at n=32, %d at n=256 (<= 1.5x)", it[0],
            it[NRES - 1]);
  q = sweep("all-open box", SHAPE_ALL, &box, CAP_BC_OPEN, CAP_BC_OPEN, CAP_BC_OPEN, CAP_BC_OPEN, (cap_poisson_method)m,
            NULL);
  th_true(q >= min_order, "all sides OPEN (no Neumann face), %s: observed order %.3f >= %.1f", mname(m), q, min_order);
  q = sweep("periodic y, open/wall x, bubble on the seam", SHAPE_BUBBLE_PERIODIC_Y, &per, CAP_BC_OPEN, CAP_BC_WALL,
            CAP_BC_PERIODIC, CAP_BC_PERIODIC, (cap_poisson_method)m, NULL);
  th_true(q >= min_order, "periodic y + OPEN + WALL + interface across the seam, %s: observed order %.3f >= %.1f",
          mname(m), q, min_order);
}

/* The scheme is exact for linear pressures: 5-point Laplacian of a linear function is 0, the
 * ghost-fluid linear interpolant and the OPEN face (theta = 1/2) reproduce it, and walls see a zero
 * normal gradient where used. So the error is the algebraic one, bounded as in the file comment. */
static void exact_linear(void)
{
  const exact lin = {p_lin, lap_zero}, slab = {p_slab, lap_zero};
  const int n = 64;
  const double tol = 1e-13, lam2d = 8 * pow(sin(PI / (2 * (n + 1))), 2), lam1d = lam2d / 2;
  for (int m = 0; m < 2; m++) {
    cap_grid g;
    unit_grid(&g, n, CAP_BC_WALL, CAP_BC_WALL, CAP_BC_WALL, CAP_BC_WALL);
    run R = solve_case(&g, SHAPE_CIRCLE, &lin, (cap_poisson_method)m, tol, NULL);
    /* + 1e-13: rounding of the residual itself (cond ~ 1e3 times 1e-16 relative) */
    double bound = R.rel * R.b_norm * g.h * g.h / lam2d + 1e-13;
    th_true(R.status == CAP_SUCCESS && R.err <= bound,
            "linear p in the circle is exact, %s: max error %.2e <= algebraic bound %.2e", mname(m), R.err, bound);
    /* liquid slab x < 0.6123 with p = 0 on the OPEN face x = 0 and p_G on the interface; walls in y */
    unit_grid(&g, n, CAP_BC_OPEN, CAP_BC_WALL, CAP_BC_WALL, CAP_BC_WALL);
    R = solve_case(&g, SHAPE_SLAB, &slab, (cap_poisson_method)m, tol, NULL);
    bound = R.rel * R.b_norm * g.h * g.h / lam1d + 1e-13;
    th_true(R.status == CAP_SUCCESS && R.err <= bound,
            "linear p between an OPEN face and an interface is exact, %s: max error %.2e <= %.2e", mname(m), R.err,
            bound);
  }
}

/* ---- the two solvers on one system ---- */
typedef struct {
  run a, b;         /* MIC-PCG, MG-PCG */
  double dmax;      /* max |p_MIC - p_MG| over the liquid cells */
  double *phi, *dp; /* the level set; p_MIC - p_MG in the liquid, 0 elsewhere */
} agreement;

/* Both solvers on the problem (grid g, shape s, solution e) to tol, with the check that both reach it
 * (named after the prefix `what`); free with agreement_free. */
static agreement solve_both(const cap_grid *g, shape s, const exact *e, double tol, const char *what)
{
  agreement A;
  double *p1 = cap_grid_field_alloc(g), *p2 = cap_grid_field_alloc(g);
  A.dp = cap_grid_field_alloc(g);
  A.phi = cap_grid_field_alloc(g);
  A.a = solve_case(g, s, e, CAP_POISSON_MIC_PCG, tol, p1);
  A.b = solve_case(g, s, e, CAP_POISSON_MG_PCG, tol, p2);
  th_true(A.a.status == CAP_SUCCESS && A.b.status == CAP_SUCCESS && A.a.rel <= tol && A.b.rel <= tol,
          "%sboth solvers reach tol %.0e (MIC %.2e in %d its, MG %.2e in %d its)", what, tol, A.a.rel, A.a.iters,
          A.b.rel, A.b.iters);
  fill_phi(g, s, A.phi);
  A.dmax = 0;
  for (size_t k = 0; k < g->size; k++) A.dp[k] = A.phi[k] < 0 ? p1[k] - p2[k] : 0;
  for (size_t k = 0; k < g->size; k++) A.dmax = fmax(A.dmax, fabs(A.dp[k]));
  free(p1);
  free(p2);
  return A;
}

/* In the residual norm the agreement is the triangle inequality: ||A(p1 - p2)|| <= ||r1|| + ||r2||, A
 * the matrix of cap_poisson_apply (plus rounding in forming A dp: 1e-14 of the ~1/h^2-sized terms, far
 * below 2e-10 ||b||). The checks are named after the prefix `what`; e gives the interface values. */
static void residual_agree(const cap_grid *g, const exact *e, const agreement *A, const char *what)
{
  double *adp = cap_grid_field_alloc(g);
  cap_poisson *P = NULL;
  cap_poisson_alloc(&P, g);
  vctx v = {g, e};
  cap_poisson_assemble(P, g, A->phi, value_exact, &v);
  th_int(cap_poisson_apply(P, g, A->dp, adp), CAP_SUCCESS, "%sapply status", what);
  double s = 0;
  for (int j = 0; j < g->ny; j++)
    for (int i = 0; i < g->nx; i++) s += adp[cap_grid_idx(g, i, j)] * adp[cap_grid_idx(g, i, j)];
  double rsum = A->a.rel + A->b.rel;
  th_true(sqrt(s) <= rsum * A->a.b_norm * (1 + 1e-6),
          "%sresidual-norm agreement: ||A(p_MIC - p_MG)|| / ||b|| = %.2e <= rel1 + rel2 = %.2e", what,
          sqrt(s) / A->a.b_norm, rsum);
  cap_poisson_free(P);
  free(adp);
}

static void agreement_free(agreement *A)
{
  free(A->dp);
  free(A->phi);
}

/* Both solvers on the same system: their residuals bound their difference (file comment). */
static void solvers_agree(void)
{
  const exact circ = {p_circ, lap_circ};
  const int n = 128;
  const double tol = 1e-10;
  cap_grid g;
  unit_grid(&g, n, CAP_BC_WALL, CAP_BC_WALL, CAP_BC_WALL, CAP_BC_WALL);
  agreement A = solve_both(&g, SHAPE_CIRCLE, &circ, tol, "");
  double bound = (A.a.rel + A.b.rel) * A.a.b_norm * g.h * g.h / (8 * pow(sin(PI / (2 * (n + 1))), 2));
  th_true(A.dmax <= bound, "MIC and MG solutions agree: max difference %.2e <= (rel1 + rel2) ||b|| / lambda_min = %.2e",
          A.dmax, bound);
  residual_agree(&g, &circ, &A, "");
  agreement_free(&A);
}

/* Is the dense symmetric m x m matrix A positive definite? (In-place Cholesky: A is overwritten.) */
static int cholesky_ok(double *A, int m)
{
  for (int k = 0; k < m; k++) {
    double s = A[(size_t)k * m + k];
    for (int q = 0; q < k; q++) s -= A[(size_t)k * m + q] * A[(size_t)k * m + q];
    if (!(s > 0)) return 0;
    double lkk = sqrt(s);
    A[(size_t)k * m + k] = lkk;
    for (int r = k + 1; r < m; r++) {
      double t = A[(size_t)r * m + k];
      for (int q = 0; q < k; q++) t -= A[(size_t)r * m + q] * A[(size_t)k * m + q];
      A[(size_t)r * m + k] = t / lkk;
    }
  }
  return 1;
}

/* The liquid cells of phi (indices into the grid's fields), in row order: *cell (malloc'ed) and *m. */
static void liquid_cells(const cap_grid *g, const double *phi, int **cell, int *m)
{
  *cell = malloc(g->size * sizeof **cell);
  *m = 0;
  for (int j = 0; j < g->ny; j++)
    for (int i = 0; i < g->nx; i++)
      if (phi[cap_grid_idx(g, i, j)] < 0) (*cell)[(*m)++] = (int)cap_grid_idx(g, i, j);
}

/* The assembled matrix as a dense m x m array (calloc'ed), column c = A e_c through cap_poisson_apply
 * on the liquid cells `cell`; x, y: scratch fields of the grid. */
static double *dense_matrix(cap_poisson *P, const cap_grid *g, const int *cell, int m, double *x, double *y)
{
  double *A = calloc((size_t)m * (size_t)m, sizeof *A);
  for (int c = 0; c < m; c++) {
    memset(x, 0, g->size * sizeof *x);
    x[cell[c]] = 1;
    cap_poisson_apply(P, g, x, y);
    for (int r = 0; r < m; r++) A[(size_t)r * m + c] = y[cell[r]];
  }
  return A;
}

/* A system in dense form for the matrix tests: phi of shape s on g, its liquid cells cell[0..m-1], the
 * assembled P (p_G = 0), its dense matrix A (dense_matrix), scratch fields x, y; asym the largest
 * |A_rc - A_cr| and signs whether A has the sign pattern of an M-matrix (diagonal > 0, the rest <= 0). */
typedef struct {
  double *phi, *x, *y, *A;
  int *cell, m;
  cap_poisson *P;
  double asym;
  int signs;
} dense_sys;

/* Makes the system, with the checks of the alloc and the assembly named alloc_what, assemble_what. */
static void dense_open(dense_sys *D, const cap_grid *g, shape s, const char *alloc_what, const char *assemble_what)
{
  D->phi = cap_grid_field_alloc(g);
  D->x = cap_grid_field_alloc(g);
  D->y = cap_grid_field_alloc(g);
  fill_phi(g, s, D->phi);
  D->cell = NULL;
  D->m = 0;
  liquid_cells(g, D->phi, &D->cell, &D->m);
  D->P = NULL;
  th_int(cap_poisson_alloc(&D->P, g), CAP_SUCCESS, "%s", alloc_what);
  th_int(cap_poisson_assemble(D->P, g, D->phi, NULL, NULL), CAP_SUCCESS, "%s", assemble_what);
  D->A = dense_matrix(D->P, g, D->cell, D->m, D->x, D->y);
  const int m = D->m;
  const double *A = D->A;
  D->asym = 0;
  D->signs = 1;
  for (int r = 0; r < m; r++)
    for (int c = 0; c < m; c++) {
      D->asym = fmax(D->asym, fabs(A[(size_t)r * m + c] - A[(size_t)c * m + r]));
      if (r == c ? !(A[(size_t)r * m + c] > 0) : A[(size_t)r * m + c] > 0) D->signs = 0;
    }
}

/* The check that A is positive definite (named after the prefix `what`; A is overwritten), and the
 * system freed. */
static void dense_close(dense_sys *D, const char *what)
{
  int pd = cholesky_ok(D->A, D->m);
  th_true(pd, "%sA is positive definite (dense Cholesky of the %d x %d matrix succeeds)", what, D->m, D->m);
  cap_poisson_free(D->P);
  free(D->cell);
  double *f[4] = {D->A, D->phi, D->x, D->y};
  for (int k = 0; k < 4; k++) free(f[k]);
}

/* Dense matrix of A from unit vectors through cap_poisson_apply: symmetric (each link stored once,
 * so exactly), M-matrix signs, and positive definite (Cholesky pivots > 0). */
static void matrix(void)
{
  cap_grid g;
  /* 23 x 18: odd nx, periodic y (the bubble crosses the seam), OPEN XLO, WALL XHI */
  cap_grid_init(&g, CAP_GEOM_PLANAR, 23, 18, 1, 1.0 / 18, 0, 0, 0, 2);
  cap_grid_set_bc(&g, CAP_XLO, CAP_BC_OPEN);
  cap_grid_set_bc(&g, CAP_YLO, CAP_BC_PERIODIC);
  cap_grid_set_bc(&g, CAP_YHI, CAP_BC_PERIODIC);
  dense_sys D;
  dense_open(&D, &g, SHAPE_BUBBLE_PERIODIC_Y, "alloc 23 x 18 periodic-y grid", "assemble with p_G = 0 (NULL callback)");
  double amax = 0;
  int wrap_links = 0;
  for (int r = 0; r < D.m; r++)
    for (int c = 0; c < D.m; c++) {
      amax = fmax(amax, fabs(D.A[(size_t)r * D.m + c]));
      /* a link between rows j = 0 and j = ny-1 is a periodic wrap */
      if (r != c && D.A[(size_t)r * D.m + c] != 0 && abs(D.cell[r] - D.cell[c]) > 2 * (int)g.sy) wrap_links++;
    }
  th_note("matrix: %d unknowns, max |A| %.3e, %d periodic wrap entries", D.m, amax, wrap_links);
  /* spot checks of rows against the rules written out by hand (units 1/h^2): */
  const double ih2 = 1 / (g.h * g.h);
  int r_open = -1, r_wall = -1, r_ifc = -1;
  double want_ifc = 0;
  for (int r = 0; r < D.m; r++) {
    int i = (int)(D.cell[r] % (size_t)g.sy) - g.ng, j = (int)(D.cell[r] / (size_t)g.sy) - g.ng;
    if (j == 5 && i == 0) r_open = r;
    if (j == 5 && i == g.nx - 1) r_wall = r;
    if (r_ifc < 0 && i > 0 && i < g.nx - 1 && j > 0 && j < g.ny - 1) {
      /* an interface row: 1 per liquid neighbour + 1/theta per air neighbour (theta > THETA_MIN here) */
      double dd = 0;
      int air = 0;
      for (int dir = 0; dir < 4; dir++) {
        double pc = D.phi[D.cell[r]], pn = D.phi[cap_grid_idx(&g, i + DI[dir], j + DJ[dir])];
        if (pn < 0)
          dd += 1;
        else if (pc / (pc - pn) > CAP_POISSON_THETA_MIN) {
          dd += (pc - pn) / pc;
          air++;
        } else {
          air = -4;
          break;
        } /* clamped theta: not this row */
      }
      if (air > 0) {
        r_ifc = r;
        want_ifc = dd * ih2;
      }
    }
  }
  th_true(r_open >= 0 && r_wall >= 0 && r_ifc >= 0, "found an OPEN-side, a wall-side and an interface row");
  if (r_open >= 0) th_rel(D.A[(size_t)r_open * D.m + r_open], 5 * ih2, 1e-15, "OPEN-side row: diagonal (3 + 2)/h^2");
  if (r_wall >= 0)
    th_rel(D.A[(size_t)r_wall * D.m + r_wall], 3 * ih2, 1e-15, "wall-side row: diagonal 3/h^2 (link dropped)");
  if (r_ifc >= 0)
    th_rel(D.A[(size_t)r_ifc * D.m + r_ifc], want_ifc, 1e-12,
           "interface row: diagonal (liquid links + sum 1/theta)/h^2");
  th_abs(D.asym, 0, 0, "A[i][j] == A[j][i] exactly for all %d x %d entries", D.m, D.m);
  th_true(D.signs, "diagonal > 0, off-diagonals <= 0 (M-matrix sign pattern)");
  th_true(wrap_links > 0, "the periodic wrap links are present (%d entries)", wrap_links);
  dense_close(&D, "");
}

/* theta clamp: an interface through (almost) the cell centre gives a finite diagonal
 * (links + 1/THETA_MIN)/h^2; the callback still sees the true theta. */
static double value_record(void *ctx, int i, int j, int k, int dir, double theta)
{
  (void)k;
  (void)i;
  (void)j;
  (void)dir;
  double *theta_min_seen = ctx;
  if (theta < *theta_min_seen) *theta_min_seen = theta;
  return 1.0;
}

static void theta_clamp(void)
{
  cap_grid g;
  unit_grid(&g, 5, CAP_BC_WALL, CAP_BC_WALL, CAP_BC_WALL, CAP_BC_WALL);
  double *phi = cap_grid_field_alloc(&g), *x = cap_grid_field_alloc(&g), *y = cap_grid_field_alloc(&g);
  for (size_t k = 0; k < g.size; k++) phi[k] = -1;
  phi[cap_grid_idx(&g, 2, 3)] = 1;       /* one air cell */
  phi[cap_grid_idx(&g, 2, 2)] = -1e-300; /* its neighbour below: theta = 1e-300 */
  cap_poisson *P = NULL;
  cap_poisson_alloc(&P, &g);
  double theta_seen = 1;
  th_int(cap_poisson_assemble(P, &g, phi, value_record, &theta_seen), CAP_SUCCESS, "assemble with theta = 1e-300");
  th_rel(theta_seen, 1e-300, 1e-12, "the callback gets the unclamped theta (smallest seen)");
  x[cap_grid_idx(&g, 2, 2)] = 1;
  cap_poisson_apply(P, &g, x, y);
  th_rel(y[cap_grid_idx(&g, 2, 2)], (3 + 1 / CAP_POISSON_THETA_MIN) * 25, 1e-14,
         "diagonal with the clamp: (3 links + 1/THETA_MIN)/h^2");
  double *rhs = x, *p = y;
  memset(rhs, 0, g.size * sizeof *rhs);
  memset(p, 0, g.size * sizeof *p);
  cap_poisson_status st;
  int s = cap_poisson_solve(P, &g, rhs, p, CAP_POISSON_MG_PCG, 1e-12, 100, &st);
  /* lap p = 0 with p_G = 1 on the one crossing: p is 1 everywhere except (2, 2), whose
   * equation reads 3 (p - 1) + (p - 1)/THETA_MIN = 0 as well: so p = 1 exactly (constant) */
  double e = 0;
  for (int j = 0; j < 5; j++)
    for (int i = 0; i < 5; i++)
      if (phi[cap_grid_idx(&g, i, j)] < 0) e = fmax(e, fabs(p[cap_grid_idx(&g, i, j)] - 1));
  th_true(s == CAP_SUCCESS && e < 1e-9, "clamped system solves: p = p_G = 1 to %.1e (%d its)", e, st.iterations);
  cap_poisson_free(P);
  free(phi);
  free(x);
  free(y);
}

/* deterministic pseudo-random numbers in [-1, 1) (64-bit LCG, Knuth MMIX constants) */
static double rnd(unsigned long long *s)
{
  *s = *s * 6364136223846793005ULL + 1442695040888963407ULL;
  return (double)(*s >> 11) / 4503599627370496.0 - 1.0;
}

/* Both preconditioners must be symmetric positive definite for PCG: u.Bv = v.Bu and u.Bu > 0. */
static void precond_symmetry(void)
{
  struct {
    cap_geometry geom;
    double x0;
    int nx, ny;
    cap_bc xlo, xhi, ylo, yhi;
    shape s;
    const char *name;
  } cases[] = {
      {CAP_GEOM_PLANAR, 0, 64, 64, CAP_BC_WALL, CAP_BC_WALL, CAP_BC_WALL, CAP_BC_WALL, SHAPE_CIRCLE, "circle 64^2"},
      {CAP_GEOM_PLANAR, 0, 64, 48, CAP_BC_OPEN, CAP_BC_WALL, CAP_BC_PERIODIC, CAP_BC_PERIODIC, SHAPE_BUBBLE_PERIODIC_Y,
       "periodic bubble 64x48"},
      {CAP_GEOM_PLANAR, 0, 37, 29, CAP_BC_OPEN, CAP_BC_WALL, CAP_BC_WALL, CAP_BC_OPEN, SHAPE_CIRCLE,
       "circle 37x29 (odd coarsening)"},
      {CAP_GEOM_AXI, 0, 64, 64, CAP_BC_AXIS, CAP_BC_WALL, CAP_BC_WALL, CAP_BC_WALL, SHAPE_SPHERE_AXI,
       "AXI sphere on the axis 64^2"},
      {CAP_GEOM_AXI, 0, 45, 38, CAP_BC_AXIS, CAP_BC_OPEN, CAP_BC_PERIODIC, CAP_BC_PERIODIC, SHAPE_POOL_AXI,
       "AXI pool + axis bubble 45x38, OPEN r, periodic z"},
      {CAP_GEOM_AXI, ANN_R0, 37, 29, CAP_BC_WALL, CAP_BC_OPEN, CAP_BC_OPEN, CAP_BC_WALL, SHAPE_POOL_AXI,
       "AXI annulus pool 37x29 (odd coarsening)"},
  };
  for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
    cap_grid g;
    cap_grid_init(&g, cases[k].geom, cases[k].nx, cases[k].ny, 1, 1.0 / cases[k].ny, cases[k].x0, 0, 0, 2);
    cap_grid_set_bc(&g, CAP_XLO, cases[k].xlo);
    cap_grid_set_bc(&g, CAP_XHI, cases[k].xhi);
    cap_grid_set_bc(&g, CAP_YLO, cases[k].ylo);
    cap_grid_set_bc(&g, CAP_YHI, cases[k].yhi);
    double *phi = cap_grid_field_alloc(&g), *u = cap_grid_field_alloc(&g), *v = cap_grid_field_alloc(&g),
           *bu = cap_grid_field_alloc(&g), *bv = cap_grid_field_alloc(&g);
    fill_phi(&g, cases[k].s, phi);
    cap_poisson *P = NULL;
    cap_poisson_alloc(&P, &g);
    cap_poisson_assemble(P, &g, phi, NULL, NULL);
    unsigned long long seed = 38170000ULL + k;
    for (int m = 0; m < 2; m++) {
      double worst = 0, minq = INFINITY;
      for (int t = 0; t < 3; t++) {
        for (size_t q = 0; q < g.size; q++) {
          u[q] = rnd(&seed);
          v[q] = rnd(&seed);
        }
        cap_poisson_precondition(P, &g, (cap_poisson_method)m, u, bu);
        cap_poisson_precondition(P, &g, (cap_poisson_method)m, v, bv);
        double ubv = 0, vbu = 0, ubu = 0, nu = 0, nbv = 0;
        for (int j = 0; j < g.ny; j++)
          for (int i = 0; i < g.nx; i++) {
            size_t q = cap_grid_idx(&g, i, j);
            if (!(phi[q] < 0)) continue;
            ubv += u[q] * bv[q];
            vbu += v[q] * bu[q];
            ubu += u[q] * bu[q];
            nu += u[q] * u[q];
            nbv += bv[q] * bv[q];
          }
        worst = fmax(worst, fabs(ubv - vbu) / sqrt(nu * nbv));
        minq = fmin(minq, ubu);
      }
      /* rounding: the V-cycle is ~100 flops per unknown, each with relative error 1e-16 */
      th_true(worst <= 1e-12, "%s preconditioner symmetric on %s: |u.Bv - v.Bu| / (|u||Bv|) = %.2e <= 1e-12", mname(m),
              cases[k].name, worst);
      th_true(minq > 0, "%s preconditioner positive on %s: min u.Bu = %.3e > 0", mname(m), cases[k].name, minq);
    }
    /* and the solvers converge on these grids (odd sizes, periodic wrap on every level) */
    double *rhs = cap_grid_field_alloc(&g), *p1 = cap_grid_field_alloc(&g), *p2 = cap_grid_field_alloc(&g);
    for (size_t q = 0; q < g.size; q++) rhs[q] = rnd(&seed);
    cap_poisson_status s1, s2;
    int r1 = cap_poisson_solve(P, &g, rhs, p1, CAP_POISSON_MIC_PCG, 1e-10, 2000, &s1);
    int r2 = cap_poisson_solve(P, &g, rhs, p2, CAP_POISSON_MG_PCG, 1e-10, 2000, &s2);
    th_true(r1 == CAP_SUCCESS && r2 == CAP_SUCCESS && s1.rel_residual <= 1e-10 && s2.rel_residual <= 1e-10,
            "%s: random rhs solved to 1e-10 by MIC-PCG (%d its) and MG-PCG (%d its, %d levels)", cases[k].name,
            s1.iterations, s2.iterations, s2.levels);
    cap_poisson_free(P);
    free(phi);
    free(u);
    free(v);
    free(bu);
    free(bv);
    free(rhs);
    free(p1);
    free(p2);
  }
}

/* Small, odd and anisotropic systems, random right-hand sides. */
static void odd_grids(void)
{
  struct {
    int nx, ny;
    cap_bc bx, by;
    int full;
    const char *name;
  } cases[] = {
      {1, 1, CAP_BC_OPEN, CAP_BC_WALL, 1, "1x1, OPEN in x"},
      {3, 5, CAP_BC_PERIODIC, CAP_BC_OPEN, 1, "3x5, periodic x (3 cells), OPEN y"},
      {9, 9, CAP_BC_WALL, CAP_BC_OPEN, 1, "9x9 (odd coarsening)"},
      {1000, 6, CAP_BC_WALL, CAP_BC_OPEN, 1, "1000x6 (too thin to coarsen)"},
      {96, 40, CAP_BC_PERIODIC, CAP_BC_WALL, 0, "96x40 periodic x, disc"},
  };
  unsigned long long seed = 48710000ULL;
  for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
    cap_grid g;
    cap_grid_init(&g, CAP_GEOM_PLANAR, cases[k].nx, cases[k].ny, 1, 1.0 / cases[k].ny, 0, 0, 0, 1);
    cap_grid_set_bc(&g, CAP_XLO, cases[k].bx);
    cap_grid_set_bc(&g, CAP_XHI, cases[k].bx);
    cap_grid_set_bc(&g, CAP_YLO, cases[k].by);
    cap_grid_set_bc(&g, CAP_YHI, cases[k].by);
    double *phi = cap_grid_field_alloc(&g), *rhs = cap_grid_field_alloc(&g), *p = cap_grid_field_alloc(&g);
    for (int j = 0; j < g.ny; j++)
      for (int i = 0; i < g.nx; i++)
        phi[cap_grid_idx(&g, i, j)] =
            cases[k].full ? -1.0 : hypot(cap_grid_xc(&g, i) - 1.2 * CX, cap_grid_yc(&g, j) - CY) - CR;
    for (size_t q = 0; q < g.size; q++) rhs[q] = rnd(&seed);
    cap_poisson *P = NULL;
    int s = cap_poisson_alloc(&P, &g);
    if (!s) s = cap_poisson_assemble(P, &g, phi, NULL, NULL);
    for (int m = 0; m < 2 && !s; m++) {
      cap_poisson_status st;
      memset(p, 0, g.size * sizeof *p);
      int r = cap_poisson_solve(P, &g, rhs, p, (cap_poisson_method)m, 1e-10, 1000, &st);
      th_true(r == CAP_SUCCESS && st.rel_residual <= 1e-10, "%s: %s converges (%d its, %d levels, rel %.1e)",
              cases[k].name, mname(m), st.iterations, st.levels, st.rel_residual);
    }
    th_int(s, CAP_SUCCESS, "%s: alloc and assemble", cases[k].name);
    cap_poisson_free(P);
    free(phi);
    free(rhs);
    free(p);
  }
}

/* warm start: the solution as the initial guess is already converged */
static void warm_start(void)
{
  const exact circ = {p_circ, lap_circ};
  cap_grid g;
  unit_grid(&g, 64, CAP_BC_WALL, CAP_BC_WALL, CAP_BC_WALL, CAP_BC_WALL);
  double *phi = cap_grid_field_alloc(&g), *rhs = cap_grid_field_alloc(&g), *p = cap_grid_field_alloc(&g);
  fill_phi(&g, SHAPE_CIRCLE, phi);
  for (int j = 0; j < g.ny; j++)
    for (int i = 0; i < g.nx; i++) rhs[cap_grid_idx(&g, i, j)] = lap_circ(cap_grid_xc(&g, i), cap_grid_yc(&g, j));
  cap_poisson *P = NULL;
  cap_poisson_alloc(&P, &g);
  vctx v = {&g, &circ};
  cap_poisson_assemble(P, &g, phi, value_exact, &v);
  cap_poisson_status st;
  cap_poisson_solve(P, &g, rhs, p, CAP_POISSON_MG_PCG, 1e-10, 100, &st);
  int first = st.iterations;
  int r = cap_poisson_solve(P, &g, rhs, p, CAP_POISSON_MIC_PCG, 1e-10, 100, &st);
  th_true(r == CAP_SUCCESS && st.iterations == 0 && first > 0,
          "warm start from the solution: 0 iterations (cold start took %d)", first);
  cap_poisson_free(P);
  free(phi);
  free(rhs);
  free(p);
}

/* a box full of liquid with walls all round: singular (constants), solvable iff sum(rhs) = 0 */
static void pure_neumann(void)
{
  cap_grid g;
  unit_grid(&g, 64, CAP_BC_WALL, CAP_BC_WALL, CAP_BC_WALL, CAP_BC_WALL);
  double *phi = cap_grid_field_alloc(&g), *rhs = cap_grid_field_alloc(&g), *p = cap_grid_field_alloc(&g);
  cap_poisson *P = NULL;
  cap_poisson_status st;
  double mean = 0;
  for (int j = 0; j < g.ny; j++)
    for (int i = 0; i < g.nx; i++) {
      size_t k = cap_grid_idx(&g, i, j);
      phi[k] = -1;
      rhs[k] = sin(7 * cap_grid_xc(&g, i) + 3 * cap_grid_yc(&g, j)) + cap_grid_xc(&g, i);
      mean += rhs[k] / (64.0 * 64.0);
    }
  cap_poisson_alloc(&P, &g);
  cap_poisson_assemble(P, &g, phi, NULL, NULL);
  for (int m = 0; m < 2; m++) {
    memset(p, 0, g.size * sizeof *p);
    int r = cap_poisson_solve(P, &g, rhs, p, (cap_poisson_method)m, 1e-10, 1000, &st);
    /* CG on an inconsistent singular system: the null-space component of the iterate grows until
     * s.As loses its sign in rounding (CAP_ENUMERIC) or the cap is reached; either is a refusal */
    th_true(r == CAP_ENUMERIC || r == CAP_EMAXITER, "pure Neumann, incompatible rhs, %s: refused (%s)", mname(m),
            cap_strerror(r));
  }
  for (int j = 0; j < g.ny; j++)
    for (int i = 0; i < g.nx; i++) rhs[cap_grid_idx(&g, i, j)] -= mean;
  for (int m = 0; m < 2; m++) {
    memset(p, 0, g.size * sizeof *p);
    int r = cap_poisson_solve(P, &g, rhs, p, (cap_poisson_method)m, 1e-10, 1000, &st);
    th_true(r == CAP_SUCCESS, "pure Neumann, zero-mean rhs, %s: converges (%d its, rel %.1e)", mname(m), st.iterations,
            st.rel_residual);
  }
  cap_poisson_free(P);
  free(phi);
  free(rhs);
  free(p);
}

/* ---- axisymmetric (r, z) grids ---- */

/* Second order on AXI grids, in max norm over all liquid cells and over the column next to the axis
 * (i = 0, where the axis face carries no flux); both solvers; MG-PCG iterations bounded under
 * refinement. The problems: a ghost-fluid liquid sphere centred on the axis (walls), a liquid cylinder
 * around the axis (periodic in z, interface on the r-faces), and an all-liquid annulus with OPEN sides
 * on r and z faces and a WALL at the inner radius.
 *
 * The sphere runs on n = 64..512: at n = 32 (radius 12 cells) it is outside the asymptotic range,
 * most of all in the axis column, where the largest errors sit at the poles, on interface rows. The
 * threshold 1.8 is the issue's, as for the planar sweeps; the slopes over 64..512, and their spread
 * over nearby radii, are in docs/design/tests-notes.md. */
static const int RES_SPHERE[NRES] = {64, 128, 256, 512};

/* The AXI convergence sweeps with method m (cap_poisson_method). */
static void axi_orders(int m)
{
  const exact sph = {p_sph, lap_sph}, cyl = {p_cyl, lap_cyl}, ann = {p_ann, lap_ann};
  const domain dsph = {CAP_GEOM_AXI, 0, CAP_BC_AXIS, CAP_BC_WALL, CAP_BC_WALL, CAP_BC_WALL};
  const domain dcyl = {CAP_GEOM_AXI, 0, CAP_BC_AXIS, CAP_BC_WALL, CAP_BC_PERIODIC, CAP_BC_PERIODIC};
  const domain dann = {CAP_GEOM_AXI, ANN_R0, CAP_BC_WALL, CAP_BC_OPEN, CAP_BC_OPEN, CAP_BC_WALL};
  const double min_order = 1.8; /* second order, observed >= 1.8 */
  const cap_poisson_method M = (cap_poisson_method)m;
  int it[NRES];
  double q0,
      q = sweep_in("AXI sphere R=0.3817 on the axis", &dsph, NRES, RES_SPHERE, SHAPE_SPHERE_AXI, &sph, M, it, &q0);
  th_true(q >= min_order, "AXI sphere, ghost-fluid Dirichlet, %s: observed order %.3f >= %.1f", mname(m), q, min_order);
  th_true(q0 >= min_order, "AXI sphere, column next to the axis, %s: observed order %.3f >= %.1f", mname(m), q0,
          min_order);
  /* bounded: MIC(0)'s count grows like h^-1/2 (2x from n = 64 to 256); MG-PCG's should not */
  if (M == CAP_POISSON_MG_PCG)
    th_true(it[NRES - 1] <= 2 * it[0], "AXI sphere MG-PCG iterations bounded: %d at n=64, %d at n=512 (<= 2x)", it[0],
            it[NRES - 1]);
  q = sweep_in("AXI cylinder r<0.6123, periodic z", &dcyl, NRES, RES, SHAPE_CYLINDER_AXI, &cyl, M, it, &q0);
  th_true(q >= min_order, "AXI cylinder, interface on r-faces, periodic z, %s: observed order %.3f >= %.1f", mname(m),
          q, min_order);
  th_true(q0 >= min_order, "AXI cylinder, column next to the axis, %s: observed order %.3f >= %.1f", mname(m), q0,
          min_order);
  if (M == CAP_POISSON_MG_PCG)
    th_true(it[NRES - 1] <= 2 * it[1], "AXI cylinder MG-PCG iterations bounded: %d at n=64, %d at n=256 (<= 2x)", it[1],
            it[NRES - 1]);
  q = sweep_in("AXI annulus r in [0.2531, 1.2531], OPEN r/z sides", &dann, NRES, RES, SHAPE_ALL, &ann, M, it, NULL);
  th_true(q >= min_order, "AXI annulus, WALL at r0 > 0, OPEN r and z faces, %s: observed order %.3f >= %.1f", mname(m),
          q, min_order);
  if (M == CAP_POISSON_MG_PCG)
    th_true(it[NRES - 1] <= 2 * it[1], "AXI annulus MG-PCG iterations bounded: %d at n=64, %d at n=256 (<= 2x)", it[1],
            it[NRES - 1]);
}

/* Both solvers on the same AXI system agree to within their residuals: ||A (p_MIC - p_MG)|| <=
 * ||r_MIC|| + ||r_MG|| (triangle inequality, cap_poisson_apply being the r-weighted A), and the difference is
 * negligible against the discretisation error. */
static void axi_agree(void)
{
  const exact sph = {p_sph, lap_sph};
  const domain D = {CAP_GEOM_AXI, 0, CAP_BC_AXIS, CAP_BC_WALL, CAP_BC_WALL, CAP_BC_WALL};
  const int n = 128;
  cap_grid g;
  th_int(box_grid(&g, &D, n), CAP_SUCCESS, "AXI grid 128^2 with the axis at XLO");
  agreement A = solve_both(&g, SHAPE_SPHERE_AXI, &sph, 1e-10, "AXI sphere: ");
  residual_agree(&g, &sph, &A, "AXI ");
  th_true(A.dmax <= 1e-3 * fmin(A.a.err, A.b.err),
          "AXI: MIC and MG solutions differ by %.2e <= 1e-3 of the discretisation error %.2e", A.dmax,
          fmin(A.a.err, A.b.err));
  agreement_free(&A);
}

/* The assembled AXI matrix, from unit vectors through cap_poisson_apply (the r-weighted operator A = W L):
 * rows against the finite-volume rule written out by hand (the axis face contributes nothing, OPEN
 * faces 2 w_f, interface faces w_f / theta, with w_f = r_f on r-faces and r_c on z-faces), exact
 * symmetry, M-matrix signs, positive definiteness; and x.Ay = y.Ax, x.Ax > 0 for random x, y. */
static void axi_matrix(void)
{
  cap_grid g;
  /* 23 x 18: odd nx, axis at XLO, OPEN at r = 23/18 and at z = 0; a pool with an air bubble on the axis */
  cap_grid_init(&g, CAP_GEOM_AXI, 23, 18, 1, 1.0 / 18, 0, 0, 0, 2);
  cap_grid_set_bc(&g, CAP_XHI, CAP_BC_OPEN);
  cap_grid_set_bc(&g, CAP_YLO, CAP_BC_OPEN);
  dense_sys D;
  dense_open(&D, &g, SHAPE_POOL_AXI, "alloc 23 x 18 AXI grid (axis at XLO)", "assemble the AXI pool");
  double *ax = cap_grid_field_alloc(&g), *ay = cap_grid_field_alloc(&g);
  /* rows written out by hand (units of A = W L: m / h^2); row index of cell (i, j) */
  const double ih2 = 1 / (g.h * g.h);
  int row_of[23 * 18];
  for (int q = 0; q < 23 * 18; q++) row_of[q] = -1;
  for (int r = 0; r < D.m; r++) {
    int i = (int)(D.cell[r] % (size_t)g.sy) - g.ng, j = (int)(D.cell[r] / (size_t)g.sy) - g.ng;
    row_of[i + 23 * j] = r;
  }
  int r_axis = -1, r_open_r = -1, r_open_z = -1, r_ifc = -1, ja = -1;
  double want_ifc = 0;
  for (int j = 0; j < g.ny; j++)
    for (int i = 0; i < g.nx; i++) {
      int r = row_of[i + 23 * j], liquid_nb = 0, inside = 0, air_x = 0, clamped = 0;
      if (r < 0) continue;
      double dd = 0;
      for (int dir = 0; dir < 4; dir++) {
        int ni = i + DI[dir], nj = j + DJ[dir];
        if (ni < 0 || ni >= g.nx || nj < 0 || nj >= g.ny) continue;
        inside++;
        double w = dir == CAP_XLO   ? cap_grid_xf(&g, i)
                   : dir == CAP_XHI ? cap_grid_xf(&g, i + 1)
                                    : cap_grid_xc(&g, i); /* r-faces: r_f; z-faces: r_c */
        double pc = D.phi[D.cell[r]], pn = D.phi[cap_grid_idx(&g, ni, nj)];
        if (pn < 0) {
          liquid_nb++;
          dd += w;
          continue;
        }
        if (!(pc / (pc - pn) > CAP_POISSON_THETA_MIN)) clamped = 1;
        dd += w * (pc - pn) / pc;
        if (dir == CAP_XLO || dir == CAP_XHI) air_x = 1;
      }
      if (i == 0 && j > 0 && liquid_nb == 3 && r_axis < 0) {
        r_axis = r;
        ja = j;
      }
      if (i == g.nx - 1 && j > 0 && liquid_nb == 3 && r_open_r < 0) r_open_r = r;
      if (j == 0 && i > 0 && i < g.nx - 1 && liquid_nb == 3 && r_open_z < 0) r_open_z = r;
      if (inside == 4 && air_x && !clamped && r_ifc < 0) {
        r_ifc = r;
        want_ifc = dd * ih2;
      }
    }
  th_true(r_axis >= 0 && r_open_r >= 0 && r_open_z >= 0 && r_ifc >= 0,
          "AXI: found an axis row, an OPEN-r row, an OPEN-z row and an interface row with an air r-neighbour");
  if (r_axis >= 0) {
    const double rc = cap_grid_xc(&g, 0), rf1 = cap_grid_xf(&g, 1);
    th_rel(D.A[(size_t)r_axis * D.m + r_axis], (rf1 + 2 * rc) * ih2, 1e-15,
           "axis row: diagonal (r_f(1) + 2 r_c)/h^2, nothing from the zero-area axis face");
    th_rel(D.A[(size_t)r_axis * D.m + row_of[1 + 23 * ja]], -rf1 * ih2, 1e-15, "axis row: r-link -r_f(1)/h^2");
    th_rel(D.A[(size_t)r_axis * D.m + row_of[0 + 23 * (ja + 1)]], -rc * ih2, 1e-15, "axis row: z-link -r_c/h^2");
  }
  if (r_open_r >= 0) {
    const int i = g.nx - 1;
    th_rel(D.A[(size_t)r_open_r * D.m + r_open_r],
           (cap_grid_xf(&g, i) + 2 * cap_grid_xc(&g, i) + 2 * cap_grid_xf(&g, i + 1)) * ih2, 1e-15,
           "OPEN r-side row: diagonal (r_f(i) + 2 r_c + 2 r_f(i+1))/h^2");
  }
  if (r_open_z >= 0) {
    int i = (int)(D.cell[r_open_z] % (size_t)g.sy) - g.ng;
    th_rel(D.A[(size_t)r_open_z * D.m + r_open_z],
           (cap_grid_xf(&g, i) + cap_grid_xf(&g, i + 1) + cap_grid_xc(&g, i) + 2 * cap_grid_xc(&g, i)) * ih2, 1e-15,
           "OPEN z-side row: diagonal (r_f(i) + r_f(i+1) + r_c + 2 r_c)/h^2");
  }
  if (r_ifc >= 0)
    th_rel(D.A[(size_t)r_ifc * D.m + r_ifc], want_ifc, 1e-12,
           "AXI interface row: diagonal (sum of w_f over liquid links + sum of w_f/theta over air links)/h^2");
  th_abs(D.asym, 0, 0, "AXI: A[i][j] == A[j][i] exactly for all %d x %d entries", D.m, D.m);
  th_true(D.signs, "AXI: diagonal > 0, off-diagonals <= 0 (M-matrix sign pattern)");
  /* random bilinear forms */
  unsigned long long seed = 61230000ULL;
  double worst = 0, minq = INFINITY;
  for (int t = 0; t < 4; t++) {
    for (size_t q = 0; q < g.size; q++) {
      D.x[q] = rnd(&seed);
      D.y[q] = rnd(&seed);
    }
    cap_poisson_apply(D.P, &g, D.x, ax);
    cap_poisson_apply(D.P, &g, D.y, ay);
    double xay = 0, yax = 0, xax = 0, nx = 0, nay = 0;
    for (int r = 0; r < D.m; r++) {
      size_t q = (size_t)D.cell[r];
      xay += D.x[q] * ay[q];
      yax += D.y[q] * ax[q];
      xax += D.x[q] * ax[q];
      nx += D.x[q] * D.x[q];
      nay += ay[q] * ay[q];
    }
    worst = fmax(worst, fabs(xay - yax) / sqrt(nx * nay));
    minq = fmin(minq, xax);
  }
  th_true(worst <= 1e-13, "AXI: x.Ay = y.Ax for random x, y: |x.Ay - y.Ax| / (|x||Ay|) = %.2e <= 1e-13", worst);
  th_true(minq > 0, "AXI: x.Ax > 0 for random x: min %.3e", minq);
  dense_close(&D, "AXI: ");
  free(ax);
  free(ay);
}

/* The AXI stencil reproduces lap(r^2 + c z) = 4 exactly, in the rows next to the axis too (the check
 * that the axis face is neither a Dirichlet nor a mirrored link): cap_poisson_apply returns
 * r_c (-lap) = -4 r_c on every row whose links are all present or on the axis; also on an annulus. */
static void axi_exact(void)
{
  const int n = 32;
  const domain D[2] = {{CAP_GEOM_AXI, 0, CAP_BC_AXIS, CAP_BC_WALL, CAP_BC_WALL, CAP_BC_WALL},
                       {CAP_GEOM_AXI, ANN_R0, CAP_BC_WALL, CAP_BC_WALL, CAP_BC_WALL, CAP_BC_WALL}};
  for (int d = 0; d < 2; d++) {
    cap_grid g;
    box_grid(&g, &D[d], n);
    double *phi = cap_grid_field_alloc(&g), *x = cap_grid_field_alloc(&g), *y = cap_grid_field_alloc(&g);
    for (int j = 0; j < n; j++)
      for (int i = 0; i < n; i++) {
        size_t q = cap_grid_idx(&g, i, j);
        double r = cap_grid_xc(&g, i);
        phi[q] = -1;
        x[q] = r * r + QD * cap_grid_yc(&g, j);
      }
    cap_poisson *P = NULL;
    int s = cap_poisson_alloc(&P, &g);
    if (!s) s = cap_poisson_assemble(P, &g, phi, NULL, NULL);
    if (!s) s = cap_poisson_apply(P, &g, x, y);
    th_int(s, CAP_SUCCESS, "%s: alloc, assemble, apply", d ? "annulus" : "axis grid");
    double e_axis = 0, e_all = 0;
    for (int j = 1; j < n - 1; j++)
      for (int i = d ? 1 : 0; i < n - 1; i++) { /* the annulus' i = 0 row has its WALL link dropped */
        double rc = cap_grid_xc(&g, i), e = fabs(y[cap_grid_idx(&g, i, j)] + 4 * rc) / (4 * rc);
        e_all = fmax(e_all, e);
        if (i == 0) e_axis = fmax(e_axis, e);
      }
    /* rounding: terms of size r/h^2 cancel down to 4 r, a loss of n^2 / 4 = 256 times 1e-16 */
    if (!d) th_true(e_axis <= 1e-11, "rows next to the axis: W L (r^2 + c z) = -4 r_c to %.1e (<= 1e-11)", e_axis);
    th_true(e_all <= 1e-11, "%s, all rows with full links%s: W L (r^2 + c z) = -4 r_c to %.1e (<= 1e-11)",
            d ? "annulus x0 = 0.2531" : "axis grid", d ? "" : " or the axis", e_all);
    cap_poisson_free(P);
    free(phi);
    free(x);
    free(y);
  }
}

/* Pure Neumann on AXI (liquid everywhere, walls and the axis all round): the compatibility condition
 * is the r-weighted one, sum r_c rhs_c = 0 (the constants span the null space of A = W L). */
static void axi_singular(void)
{
  const int n = 48;
  const domain D = {CAP_GEOM_AXI, 0, CAP_BC_AXIS, CAP_BC_WALL, CAP_BC_WALL, CAP_BC_WALL};
  cap_grid g;
  box_grid(&g, &D, n);
  double *phi = cap_grid_field_alloc(&g), *rhs = cap_grid_field_alloc(&g), *p = cap_grid_field_alloc(&g);
  double wsum = 0, wmean = 0, mean = 0;
  for (int j = 0; j < n; j++)
    for (int i = 0; i < n; i++) {
      size_t k = cap_grid_idx(&g, i, j);
      double r = cap_grid_xc(&g, i);
      phi[k] = -1;
      rhs[k] = sin(7 * r + 3 * cap_grid_yc(&g, j)) + r;
      wsum += r;
      wmean += r * rhs[k];
      mean += rhs[k] / (n * n);
    }
  wmean /= wsum;
  cap_poisson *P = NULL;
  cap_poisson_alloc(&P, &g);
  cap_poisson_assemble(P, &g, phi, NULL, NULL);
  cap_poisson_status st;
  /* the unweighted mean removed: still incompatible for the r-weighted system */
  for (int j = 0; j < n; j++)
    for (int i = 0; i < n; i++) rhs[cap_grid_idx(&g, i, j)] -= mean;
  for (int m = 0; m < 2; m++) {
    memset(p, 0, g.size * sizeof *p);
    int r = cap_poisson_solve(P, &g, rhs, p, (cap_poisson_method)m, 1e-10, 1000, &st);
    th_true(r == CAP_ENUMERIC || r == CAP_EMAXITER, "AXI pure Neumann, zero plain mean only, %s: refused (%s)",
            mname(m), cap_strerror(r));
  }
  for (int j = 0; j < n; j++)
    for (int i = 0; i < n; i++) rhs[cap_grid_idx(&g, i, j)] += mean - wmean;
  for (int m = 0; m < 2; m++) {
    memset(p, 0, g.size * sizeof *p);
    int r = cap_poisson_solve(P, &g, rhs, p, (cap_poisson_method)m, 1e-10, 1000, &st);
    th_true(r == CAP_SUCCESS, "AXI pure Neumann, zero r-weighted mean, %s: converges (%d its, rel %.1e)", mname(m),
            st.iterations, st.rel_residual);
  }
  cap_poisson_free(P);
  free(phi);
  free(rhs);
  free(p);
}

/* The grids of the error cases: the walled 16^2 unit grid (g), one of 20^2 (g2), an AXI grid of 16^2 at
 * x0 = 0 (ga) and a 3D one of 16^3 (g3). */
static void error_grids(cap_grid *g, cap_grid *g2, cap_grid *ga, cap_grid *g3)
{
  unit_grid(g, 16, CAP_BC_WALL, CAP_BC_WALL, CAP_BC_WALL, CAP_BC_WALL);
  unit_grid(g2, 20, CAP_BC_WALL, CAP_BC_WALL, CAP_BC_WALL, CAP_BC_WALL);
  cap_grid_init(ga, CAP_GEOM_AXI, 16, 16, 1, 1.0 / 16, 0, 0, 0, 2);
  cap_grid_init(g3, CAP_GEOM_3D, 16, 16, 16, 1.0 / 16, 0, 0, 0, 2);
}

/* The system of the assemble and solve error cases on g (error_grids): *P allocated (the status
 * returned), phi the circle, rhs = 1, p = 0 (fields of g). */
static int error_system(const cap_grid *g, cap_poisson **P, double **phi, double **rhs, double **p)
{
  int s = cap_poisson_alloc(P, g);
  *phi = cap_grid_field_alloc(g);
  *rhs = cap_grid_field_alloc(g);
  *p = cap_grid_field_alloc(g);
  fill_phi(g, SHAPE_CIRCLE, *phi);
  for (size_t k = 0; k < g->size; k++) (*rhs)[k] = 1.0;
  return s;
}

/* alloc: refused handles, grids and geometries; free(NULL) */
static void alloc_bad_input(void)
{
  cap_grid g, g2, ga, g3;
  error_grids(&g, &g2, &ga, &g3);
  cap_poisson *P = NULL, *Q = (cap_poisson *)&g;
  th_int(cap_poisson_alloc(NULL, &g), CAP_EINVAL, "alloc: NULL out -> CAP_EINVAL");
  th_int(cap_poisson_alloc(&Q, NULL), CAP_EINVAL, "alloc: NULL grid -> CAP_EINVAL");
  th_true(Q == NULL, "alloc: *out is NULL after a failure");
  th_int(cap_poisson_alloc(&P, &g3), CAP_SUCCESS, "alloc: 3D grid 16^3 -> CAP_SUCCESS");
  cap_poisson_free(P);
  P = NULL;
  cap_grid gz;
  cap_grid_init(&gz, CAP_GEOM_3D, 8, 8, 2, 1.0 / 8, 0, 0, 0, 2);
  cap_grid_set_bc(&gz, CAP_ZLO, CAP_BC_PERIODIC);
  cap_grid_set_bc(&gz, CAP_ZHI, CAP_BC_PERIODIC);
  th_int(cap_poisson_alloc(&P, &gz), CAP_ESIZE, "alloc: 3D grid periodic in z with nz = 2 -> CAP_ESIZE");
  th_true(P == NULL, "alloc: *out is NULL after CAP_ESIZE");
  /* AXI: the axis at XLO (x0 = 0), or an annulus x0 > 0 with a WALL (or OPEN) inner side */
  th_int(ga.bc[CAP_XLO], CAP_BC_AXIS, "AXI grid at x0 = 0: XLO is the AXIS");
  th_int(cap_poisson_alloc(&P, &ga), CAP_SUCCESS, "alloc: AXI grid, AXIS at XLO, x0 = 0");
  double *phi0 = cap_grid_field_alloc(&g);
  th_int(cap_poisson_assemble(P, &g, phi0, NULL, NULL), CAP_EGEOM,
         "assemble: planar grid on an AXI handle -> CAP_EGEOM");
  free(phi0);
  cap_poisson_free(P);
  P = NULL;
  cap_grid gann;
  cap_grid_init(&gann, CAP_GEOM_AXI, 16, 16, 1, 1.0 / 16, 0.2531, 0, 0, 2);
  th_int(gann.bc[CAP_XLO], CAP_BC_WALL, "AXI annulus x0 = 0.2531: XLO starts as a WALL");
  th_int(cap_poisson_alloc(&P, &gann), CAP_SUCCESS, "alloc: AXI annulus, WALL at XLO, x0 = 0.2531");
  cap_poisson_free(P);
  P = NULL;
  cap_grid_set_bc(&gann, CAP_XLO, CAP_BC_OPEN);
  th_int(cap_poisson_alloc(&P, &gann), CAP_SUCCESS, "alloc: AXI annulus, OPEN at XLO");
  cap_poisson_free(P);
  P = NULL;
  cap_grid_set_bc(&gann, CAP_XLO, CAP_BC_PERIODIC);
  cap_grid_set_bc(&gann, CAP_XHI, CAP_BC_PERIODIC);
  th_int(cap_poisson_alloc(&P, &gann), CAP_EGEOM, "alloc: AXI annulus periodic in r -> CAP_EGEOM");
  cap_grid gx = g; /* a hand-made planar grid with an AXIS side (cap_grid_set_bc refuses it) */
  gx.bc[CAP_XLO] = CAP_BC_AXIS;
  th_int(cap_poisson_alloc(&P, &gx), CAP_EGEOM, "alloc: AXIS side on a planar grid -> CAP_EGEOM");
  cap_grid gy = ga; /* a hand-made AXI grid at r = 0 whose XLO is not the axis */
  gy.bc[CAP_XLO] = CAP_BC_WALL;
  th_int(cap_poisson_alloc(&P, &gy), CAP_EGEOM, "alloc: AXI grid at x0 = 0 with a WALL at XLO -> CAP_EGEOM");
  th_true(P == NULL, "alloc: *out stays NULL after the AXI refusals");
  cap_grid gp;
  cap_grid_init(&gp, CAP_GEOM_PLANAR, 2, 16, 1, 1.0 / 16, 0, 0, 0, 1);
  cap_grid_set_bc(&gp, CAP_XLO, CAP_BC_PERIODIC);
  th_int(cap_poisson_alloc(&P, &gp), CAP_EINVAL, "alloc: periodic on one side only -> CAP_EINVAL (cap_grid_check_bc)");
  cap_grid_set_bc(&gp, CAP_XHI, CAP_BC_PERIODIC);
  th_int(cap_poisson_alloc(&P, &gp), CAP_ESIZE, "alloc: periodic direction with 2 cells -> CAP_ESIZE");
  cap_poisson_free(NULL);
  th_true(1, "free(NULL) is a no-op");
}

/* assemble (and solve and apply before a successful assemble): refused arguments */
static void assemble_bad_input(void)
{
  cap_grid g, g2, ga, g3;
  error_grids(&g, &g2, &ga, &g3);
  cap_poisson *P = NULL;
  double *phi, *rhs, *p;
  th_int(error_system(&g, &P, &phi, &rhs, &p), CAP_SUCCESS, "alloc 16^2");
  th_int(cap_poisson_solve(P, &g, rhs, p, CAP_POISSON_MIC_PCG, 1e-8, 100, NULL), CAP_EINVAL,
         "solve before assemble -> CAP_EINVAL");
  th_int(cap_poisson_apply(P, &g, rhs, p), CAP_EINVAL, "apply before assemble -> CAP_EINVAL");
  th_int(cap_poisson_assemble(NULL, &g, phi, NULL, NULL), CAP_EINVAL, "assemble: NULL handle -> CAP_EINVAL");
  th_int(cap_poisson_assemble(P, NULL, phi, NULL, NULL), CAP_EINVAL, "assemble: NULL grid -> CAP_EINVAL");
  th_int(cap_poisson_assemble(P, &g, NULL, NULL, NULL), CAP_EINVAL, "assemble: NULL phi -> CAP_EINVAL");
  th_int(cap_poisson_assemble(P, &g2, phi, NULL, NULL), CAP_ESIZE, "assemble: grid of another size -> CAP_ESIZE");
  th_int(cap_poisson_assemble(P, &ga, phi, NULL, NULL), CAP_EGEOM,
         "assemble: AXI grid on a planar handle -> CAP_EGEOM");
  cap_grid gh = g;
  gh.h = 0.5 / 16;
  th_int(cap_poisson_assemble(P, &gh, phi, NULL, NULL), CAP_EINVAL, "assemble: grid with another h -> CAP_EINVAL");
  cap_grid gb = g;
  gb.bc[CAP_YHI] = CAP_BC_OPEN;
  th_int(cap_poisson_assemble(P, &gb, phi, NULL, NULL), CAP_EINVAL, "assemble: other boundary kinds -> CAP_EINVAL");
  double keep = phi[cap_grid_idx(&g, 5, 7)];
  phi[cap_grid_idx(&g, 5, 7)] = NAN;
  th_int(cap_poisson_assemble(P, &g, phi, NULL, NULL), CAP_ENONFINITE, "assemble: NaN phi -> CAP_ENONFINITE");
  phi[cap_grid_idx(&g, 5, 7)] = keep;
  th_int(cap_poisson_assemble(P, &g, phi, value_nan, NULL), CAP_ENONFINITE,
         "assemble: callback returns NaN -> CAP_ENONFINITE");
  th_int(cap_poisson_solve(P, &g, rhs, p, CAP_POISSON_MIC_PCG, 1e-8, 100, NULL), CAP_EINVAL,
         "solve after a failed assemble -> CAP_EINVAL");
  th_int(cap_poisson_assemble(P, &g, phi, NULL, NULL), CAP_SUCCESS, "assemble 16^2 circle");
  cap_poisson_free(P);
  free(phi);
  free(rhs);
  free(p);
}

/* solve, apply and precondition: refused arguments, the iteration cap, an air cell's rhs ignored */
static void solve_bad_input(void)
{
  cap_grid g, g2, ga, g3;
  error_grids(&g, &g2, &ga, &g3);
  cap_poisson *P = NULL;
  double *phi, *rhs, *p;
  error_system(&g, &P, &phi, &rhs, &p);
  cap_poisson_assemble(P, &g, phi, NULL, NULL);
  th_int(cap_poisson_solve(NULL, &g, rhs, p, CAP_POISSON_MIC_PCG, 1e-8, 100, NULL), CAP_EINVAL, "solve: NULL handle");
  th_int(cap_poisson_solve(P, &g, NULL, p, CAP_POISSON_MIC_PCG, 1e-8, 100, NULL), CAP_EINVAL, "solve: NULL rhs");
  th_int(cap_poisson_solve(P, &g, rhs, NULL, CAP_POISSON_MIC_PCG, 1e-8, 100, NULL), CAP_EINVAL, "solve: NULL p");
  th_int(cap_poisson_solve(P, &g2, rhs, p, CAP_POISSON_MIC_PCG, 1e-8, 100, NULL), CAP_ESIZE,
         "solve: grid of another size -> CAP_ESIZE");
  th_int(cap_poisson_solve(P, &g, rhs, p, CAP_POISSON_MIC_PCG, 0.0, 100, NULL), CAP_EDOM, "solve: tol = 0 -> CAP_EDOM");
  th_int(cap_poisson_solve(P, &g, rhs, p, CAP_POISSON_MIC_PCG, -1e-8, 100, NULL), CAP_EDOM,
         "solve: tol < 0 -> CAP_EDOM");
  th_true(strstr(cap_error_message(), "tol") != NULL, "the message names tol: \"%s\"", cap_error_message());
  th_int(cap_poisson_solve(P, &g, rhs, p, CAP_POISSON_MIC_PCG, NAN, 100, NULL), CAP_EDOM, "solve: tol NaN -> CAP_EDOM");
  th_int(cap_poisson_solve(P, &g, rhs, p, CAP_POISSON_MIC_PCG, 1.0, 100, NULL), CAP_EDOM, "solve: tol = 1 -> CAP_EDOM");
  th_int(cap_poisson_solve(P, &g, rhs, p, CAP_POISSON_MIC_PCG, 1e-8, 0, NULL), CAP_EDOM,
         "solve: maxiter = 0 -> CAP_EDOM");
  th_true(strstr(cap_error_message(), "maxiter") != NULL, "the message names maxiter: \"%s\"", cap_error_message());
  th_int(cap_poisson_solve(P, &g, rhs, p, (cap_poisson_method)7, 1e-8, 100, NULL), CAP_EDOM,
         "solve: unknown method -> CAP_EDOM");
  rhs[cap_grid_idx(&g, 8, 8)] = INFINITY;
  th_int(cap_poisson_solve(P, &g, rhs, p, CAP_POISSON_MIC_PCG, 1e-8, 100, NULL), CAP_ENONFINITE,
         "solve: infinite rhs on a liquid cell -> CAP_ENONFINITE");
  rhs[cap_grid_idx(&g, 8, 8)] = 1.0;
  rhs[cap_grid_idx(&g, 0, 0)] = NAN; /* an air cell: ignored */
  cap_poisson_status st;
  for (int m = 0; m < 2; m++) {
    memset(p, 0, g.size * sizeof *p);
    int s = cap_poisson_solve(P, &g, rhs, p, (cap_poisson_method)m, 1e-14, 2, &st);
    th_int(s, CAP_EMAXITER, "%s with maxiter = 2 and tol 1e-14 -> CAP_EMAXITER", mname(m));
    th_true(st.iterations == 2 && st.rel_residual > 1e-14 && isfinite(st.rel_residual),
            "%s: status after CAP_EMAXITER: %d iterations, residual %.2e", mname(m), st.iterations, st.rel_residual);
    th_true(strstr(cap_error_message(), "residual") != NULL, "the message gives the reached residual: \"%s\"",
            cap_error_message());
  }
  memset(p, 0, g.size * sizeof *p);
  th_int(cap_poisson_solve(P, &g, rhs, p, CAP_POISSON_MG_PCG, 1e-10, 100, &st), CAP_SUCCESS,
         "solve 16^2 (NaN rhs on an air cell is ignored)");
  long liquid = 0;
  for (int j = 0; j < 16; j++)
    for (int i = 0; i < 16; i++) liquid += phi[cap_grid_idx(&g, i, j)] < 0;
  th_int(st.unknowns, liquid, "unknowns = liquid cells");
  th_int(cap_poisson_apply(P, &g, NULL, p), CAP_EINVAL, "apply: NULL x");
  th_int(cap_poisson_precondition(P, &g, CAP_POISSON_MG_PCG, rhs, NULL), CAP_EINVAL, "precondition: NULL z");
  th_int(cap_poisson_precondition(P, &g, (cap_poisson_method)-1, rhs, p), CAP_EDOM, "precondition: unknown method");
  th_int(cap_poisson_precondition(P, &g2, CAP_POISSON_MIC_PCG, rhs, p), CAP_ESIZE, "precondition: other grid size");
  cap_poisson_free(P);
  free(phi);
  free(rhs);
  free(p);
}

/* The two solves of a closed-faces case (method m, tolerance 1e-12): on grid g with the x-faces xc
 * (2D) or z-faces zc (3D) closed, into p, status *s1; on the half grid gh with no closed face, into
 * ph, status *s2. */
static void split_solves(const cap_grid *g, const unsigned char *xc, const unsigned char *zc, const double *phi,
                         const double *rhs, double *p, const cap_grid *gh, const double *phih, const double *rhsh,
                         double *ph, int m, int *s1, int *s2)
{
  cap_poisson *P = NULL, *Ph = NULL;
  cap_poisson_status st;
  *s1 = cap_poisson_alloc(&P, g);
  *s2 = cap_poisson_alloc(&Ph, gh);
  if (!*s1) cap_poisson_set_closed_faces(P, xc, NULL, zc);
  if (!*s1) *s1 = cap_poisson_assemble(P, g, phi, NULL, NULL);
  if (!*s1) *s1 = cap_poisson_solve(P, g, rhs, p, (cap_poisson_method)m, 1e-12, 5000, &st);
  if (!*s2) *s2 = cap_poisson_assemble(Ph, gh, phih, NULL, NULL);
  if (!*s2) *s2 = cap_poisson_solve(Ph, gh, rhsh, ph, (cap_poisson_method)m, 1e-12, 5000, &st);
  cap_poisson_free(P);
  cap_poisson_free(Ph);
}

/* Closed faces (cap_poisson_set_closed_faces): a full column of closed x-faces splits a box with
 * OPEN ends into two independent halves, so the left half solves as a box of half the width with a
 * WALL where the faces are closed; both preconditioners. */
static void closed_faces(void)
{
  const int n = 16, m = 12;
  for (int method = 0; method < 2; method++) {
    cap_grid g, gh;
    cap_grid_init(&g, CAP_GEOM_PLANAR, n, m, 1, 1.0 / n, 0, 0, 0, 1);
    cap_grid_init(&gh, CAP_GEOM_PLANAR, n / 2, m, 1, 1.0 / n, 0, 0, 0, 1);
    cap_grid_set_bc(&g, CAP_XLO, CAP_BC_OPEN);
    cap_grid_set_bc(&g, CAP_XHI, CAP_BC_OPEN);
    cap_grid_set_bc(&gh, CAP_XLO, CAP_BC_OPEN);
    double *phi = cap_grid_field_alloc(&g), *rhs = cap_grid_field_alloc(&g), *p = cap_grid_field_alloc(&g);
    double *phih = cap_grid_field_alloc(&gh), *rhsh = cap_grid_field_alloc(&gh), *ph = cap_grid_field_alloc(&gh);
    unsigned char *xc = calloc(g.size, 1);
    for (int j = 0; j < m; j++) {
      xc[cap_grid_idx(&g, n / 2, j)] = 1;
      for (int i = 0; i < n; i++) {
        phi[cap_grid_idx(&g, i, j)] = -1;
        rhs[cap_grid_idx(&g, i, j)] = 1 + 0.3 * sin(2.1 * i + 0.7 * j);
      }
      for (int i = 0; i < n / 2; i++) {
        phih[cap_grid_idx(&gh, i, j)] = -1;
        rhsh[cap_grid_idx(&gh, i, j)] = rhs[cap_grid_idx(&g, i, j)];
      }
    }
    int s1, s2;
    split_solves(&g, xc, NULL, phi, rhs, p, &gh, phih, rhsh, ph, method, &s1, &s2);
    double d = 0, scale = 0;
    for (int j = 0; j < m; j++)
      for (int i = 0; i < n / 2; i++) {
        d = fmax(d, fabs(p[cap_grid_idx(&g, i, j)] - ph[cap_grid_idx(&gh, i, j)]));
        scale = fmax(scale, fabs(ph[cap_grid_idx(&gh, i, j)]));
      }
    th_true(!s1 && !s2 && d <= 1e-9 * scale,
            "closed faces (%s): the left half of a split box equals a half box with a wall: "
            "max |dp| = %.2e <= 1e-9 max|p| = %.2e",
            method ? "MG-PCG" : "MIC-PCG", d, 1e-9 * scale);
    free(phi);
    free(rhs);
    free(p);
    free(phih);
    free(rhsh);
    free(ph);
    free(xc);
  }
}

/* ---- 3D (CAP_GEOM_3D) ---- */

typedef struct {
  double (*p)(double x, double y, double z);
  double (*lap)(double x, double y, double z);
} exact3;

/* box: p = X(x) Y(y) X(z), X(0) = 0 (OPEN), X'(1) = 0 (WALL) as above, Y'(0) = Y'(1) = 0 (WALLs) */
static double Yn(double y) { return cos(PI * y) + PA * cos(2 * PI * y); }
static double Ynpp(double y) { return -PI * PI * cos(PI * y) - 4 * PA * PI * PI * cos(2 * PI * y); }
static double p_box3(double x, double y, double z) { return Xp(x) * Yn(y) * Xp(z); }
static double lap_box3(double x, double y, double z)
{
  return Xpp(x) * Yn(y) * Xp(z) + Xp(x) * Ynpp(y) * Xp(z) + Xp(x) * Yn(y) * Xpp(z);
}
/* sphere: p = exp(0.8 x) sin(1.1 y + 0.3) cos(0.6 z) + x y z (lap = (0.64 - 1.21 - 0.36) exp(..)..) */
static double p_sph3(double x, double y, double z)
{
  return exp(0.8 * x) * sin(1.1 * y + 0.3) * cos(0.6 * z) + x * y * z;
}
static double lap_sph3(double x, double y, double z)
{
  return (0.64 - 1.21 - 0.36) * exp(0.8 * x) * sin(1.1 * y + 0.3) * cos(0.6 * z);
}
/* periodic in x and z (period 1), OPEN at y = 0, WALL at y = 1: p = Y(x) X(y) Y(z + 1/4) */
static double p_per3(double x, double y, double z) { return Yp(x) * Xp(y) * Yp(z + 0.25); }
static double lap_per3(double x, double y, double z)
{
  return Ypp(x) * Xp(y) * Yp(z + 0.25) + Yp(x) * Xpp(y) * Yp(z + 0.25) + Yp(x) * Xp(y) * Ypp(z + 0.25);
}

typedef enum { SHAPE3_ALL, SHAPE3_SPHERE, SHAPE3_BUBBLE_SEAMS } shape3;
static const double S3X = 0.5123, S3Y = 0.4871, S3Z = 0.5231, S3R = 0.3817; /* liquid sphere */
static const double B3X = 0.9371, B3Y = 0.5123, B3Z = 0.0629, B3R = 0.2113; /* air bubble on the x and z seams */

static double phi3_at(shape3 s, double x, double y, double z)
{
  switch (s) {
  case SHAPE3_SPHERE: return sqrt((x - S3X) * (x - S3X) + (y - S3Y) * (y - S3Y) + (z - S3Z) * (z - S3Z)) - S3R;
  case SHAPE3_BUBBLE_SEAMS: {
    double dx = x - B3X, dz = z - B3Z;
    dx -= floor(dx + 0.5);
    dz -= floor(dz + 0.5);
    return B3R - sqrt(dx * dx + (y - B3Y) * (y - B3Y) + dz * dz);
  }
  default: return -1.0;
  }
}

typedef struct {
  const cap_grid *g;
  const exact3 *e;
} vctx3;

static double value_exact3(void *ctx, int i, int j, int k, int dir, double theta)
{
  static const int DK[6] = {0, 0, 0, 0, -1, 1};
  const vctx3 *v = ctx;
  const double th = theta * v->g->h;
  double x = cap_grid_xc(v->g, i) + (dir < 4 ? DI[dir] : 0) * th,
         y = cap_grid_yc(v->g, j) + (dir < 4 ? DJ[dir] : 0) * th;
  return v->e->p(x, y, cap_grid_zc(v->g, k) + DK[dir] * th);
}

/* n^3 cells of side 1/n in the unit cube with the given side kinds (XLO, XHI, YLO, YHI, ZLO, ZHI). */
static int cube_grid(cap_grid *g, int n, const cap_bc bc[6])
{
  int s = cap_grid_init(g, CAP_GEOM_3D, n, n, n, 1.0 / n, 0, 0, 0, 2);
  for (int q = 0; q < 6 && !s; q++) s = cap_grid_set_bc(g, (cap_side)q, bc[q]);
  return s;
}

/* Solves problem (shape s, solution e) on the 3D grid g with `method`; p left in pout if given. */
static run solve3(const cap_grid *g, shape3 s, const exact3 *e, cap_poisson_method method, double tol, double *pout)
{
  run R = {0, 0, 0, 0, 0, CAP_ENOMEM};
  double *phi = cap_grid_field_alloc(g), *rhs = cap_grid_field_alloc(g), *p = cap_grid_field_alloc(g);
  if (!phi || !rhs || !p) goto done;
  for (int k = 0; k < g->nz; k++)
    for (int j = 0; j < g->ny; j++)
      for (int i = 0; i < g->nx; i++) {
        double x = cap_grid_xc(g, i), y = cap_grid_yc(g, j), z = cap_grid_zc(g, k);
        phi[cap_grid_idx3(g, i, j, k)] = phi3_at(s, x, y, z);
        rhs[cap_grid_idx3(g, i, j, k)] = e->lap(x, y, z);
      }
  vctx3 v = {g, e};
  R = solve_fields(g, phi, rhs, value_exact3, &v, method, tol, p);
  for (int k = 0; k < g->nz; k++)
    for (int j = 0; j < g->ny; j++)
      for (int i = 0; i < g->nx; i++) {
        size_t q = cap_grid_idx3(g, i, j, k);
        if (phi[q] < 0) R.err = fmax(R.err, fabs(p[q] - e->p(cap_grid_xc(g, i), cap_grid_yc(g, j), cap_grid_zc(g, k))));
      }
  if (pout) memcpy(pout, p, g->size * sizeof *p);
done:
  CAP_FREE_ALL(phi, rhs, p);
  return R;
}

/* Observed order of problem (s, e) on the cube with sides bc over the nres grids res[] with method m;
 * iters[] filled if given. */
static double sweep3(const char *name, const cap_bc bc[6], int nres, const int *res, shape3 s, const exact3 *e,
                     cap_poisson_method m, int *iters)
{
  double h[NRES], err[NRES];
  int ok = 1;
  for (int q = 0; q < nres; q++) {
    cap_grid g;
    ok = ok && cube_grid(&g, res[q], bc) == CAP_SUCCESS;
    run R = solve3(&g, s, e, m, 1e-10, NULL);
    ok = ok && R.status == CAP_SUCCESS;
    h[q] = g.h;
    err[q] = R.err;
    if (iters) iters[q] = R.iters;
    th_note("3D %s %s n=%d: max error %.4e, %d iterations, rel residual %.2e", name, mname(m), res[q], R.err, R.iters,
            R.rel);
  }
  th_true(ok, "3D %s %s: every solve converged", name, mname(m));
  return th_slope(nres, h, err);
}

/* 3D box, OPEN at x = 0 and z = 0, walls elsewhere, smooth p: second order with both methods, and the
 * two methods agree to the solve tolerance (1e-10: max |p_MIC - p_MG| <= 1e-6 max |p|, the condition
 * number at 32^3 being ~ 1e3). */
static void box3d(void)
{
  const exact3 e = {p_box3, lap_box3};
  const cap_bc bc[6] = {CAP_BC_OPEN, CAP_BC_WALL, CAP_BC_WALL, CAP_BC_SLIP, CAP_BC_OPEN, CAP_BC_WALL};
  const int res[2] = {16, 32};
  const double min_order = 1.8;
  for (int m = 0; m < 2; m++) {
    double q = sweep3("box (OPEN x = 0, z = 0; WALL, SLIP)", bc, 2, res, SHAPE3_ALL, &e, (cap_poisson_method)m, NULL);
    th_true(q >= min_order, "3D box, %s: observed order %.3f >= %.1f", mname(m), q, min_order);
  }
  cap_grid g;
  cube_grid(&g, 32, bc);
  double *p1 = cap_grid_field_alloc(&g), *p2 = cap_grid_field_alloc(&g);
  run a = solve3(&g, SHAPE3_ALL, &e, CAP_POISSON_MIC_PCG, 1e-10, p1);
  run b = solve3(&g, SHAPE3_ALL, &e, CAP_POISSON_MG_PCG, 1e-10, p2);
  double d = 0, scale = 0;
  for (size_t k = 0; k < g.size; k++) {
    d = fmax(d, fabs(p1[k] - p2[k]));
    scale = fmax(scale, fabs(p1[k]));
  }
  th_true(!a.status && !b.status && d <= 1e-6 * scale,
          "3D box 32^3: MIC-PCG and MG-PCG agree: max |dp| = %.2e <= 1e-6 max |p| = %.2e (errors %.3e, %.3e)", d,
          1e-6 * scale, a.err, b.err);
  free(p1);
  free(p2);
}

/* 3D ghost-fluid Dirichlet problem in a sphere (walls around it), p_G from the exact solution:
 * second order in the max norm (Gibou et al. 2002) over 16, 24, 32, 48 with both methods. */
static void sphere3d(void)
{
  const exact3 e = {p_sph3, lap_sph3};
  const cap_bc bc[6] = {CAP_BC_WALL, CAP_BC_WALL, CAP_BC_WALL, CAP_BC_WALL, CAP_BC_WALL, CAP_BC_WALL};
  const int res[4] = {16, 24, 32, 48};
  for (int m = 0; m < 2; m++) {
    double q = sweep3("sphere", bc, 4, res, SHAPE3_SPHERE, &e, (cap_poisson_method)m, NULL);
    th_true(q >= 1.8, "3D sphere, ghost-fluid Dirichlet, %s: observed order %.3f >= 1.8", mname(m), q);
  }
}

/* Periodic x and z with an air bubble across both seams (p_G exact), OPEN at y = 0, WALL at y = 1. */
static void periodic3d(void)
{
  const exact3 e = {p_per3, lap_per3};
  const cap_bc bc[6] = {CAP_BC_PERIODIC, CAP_BC_PERIODIC, CAP_BC_OPEN, CAP_BC_WALL, CAP_BC_PERIODIC, CAP_BC_PERIODIC};
  const int res[2] = {16, 32};
  for (int m = 0; m < 2; m++) {
    double q =
        sweep3("periodic x, z, bubble on the seams", bc, 2, res, SHAPE3_BUBBLE_SEAMS, &e, (cap_poisson_method)m, NULL);
    th_true(q >= 1.8, "3D periodic x and z + OPEN + WALL + interface across the seams, %s: observed order %.3f >= 1.8",
            mname(m), q);
  }
}

/* The MG-PCG iteration count stays flat from 32^3 to 64^3 (<= 1.5x) on the sphere, MIC(0)'s grows
 * (>= 1.3x; its O(h^-1/2) would give 1.41x). */
static void iters3d(void)
{
  const exact3 e = {p_sph3, lap_sph3};
  const cap_bc bc[6] = {CAP_BC_WALL, CAP_BC_WALL, CAP_BC_WALL, CAP_BC_WALL, CAP_BC_WALL, CAP_BC_WALL};
  int it[2][2];
  for (int m = 0; m < 2; m++)
    for (int q = 0; q < 2; q++) {
      cap_grid g;
      cube_grid(&g, 32 << q, bc);
      run R = solve3(&g, SHAPE3_SPHERE, &e, (cap_poisson_method)m, 1e-10, NULL);
      it[m][q] = R.status ? -1 : R.iters;
    }
  th_true(it[1][0] > 0 && it[1][1] <= 1.5 * it[1][0], "3D MG-PCG iterations flat: %d at 32^3, %d at 64^3 (<= 1.5x)",
          it[1][0], it[1][1]);
  th_true(it[0][0] > 0 && it[0][1] >= 1.3 * it[0][0], "3D MIC-PCG iterations grow: %d at 32^3, %d at 64^3 (>= 1.3x)",
          it[0][0], it[0][1]);
}

/* A layer of closed z-faces (k = n/2) splits a box with OPEN z ends into two independent halves: the
 * lower half solves as a box of half the height with a WALL where the faces are closed; both methods. */
static void closed_z3d(void)
{
  const int n = 12, m = 8;
  for (int method = 0; method < 2; method++) {
    cap_grid g, gh;
    cap_grid_init(&g, CAP_GEOM_3D, m, n, n, 1.0 / n, 0, 0, 0, 1);
    cap_grid_init(&gh, CAP_GEOM_3D, m, n, n / 2, 1.0 / n, 0, 0, 0, 1);
    cap_grid_set_bc(&g, CAP_ZLO, CAP_BC_OPEN);
    cap_grid_set_bc(&g, CAP_ZHI, CAP_BC_OPEN);
    cap_grid_set_bc(&gh, CAP_ZLO, CAP_BC_OPEN);
    double *phi = cap_grid_field_alloc(&g), *rhs = cap_grid_field_alloc(&g), *p = cap_grid_field_alloc(&g);
    double *phih = cap_grid_field_alloc(&gh), *rhsh = cap_grid_field_alloc(&gh), *ph = cap_grid_field_alloc(&gh);
    unsigned char *zc = calloc(g.size, 1);
    for (int j = 0; j < n; j++)
      for (int i = 0; i < m; i++) {
        zc[cap_grid_idx3(&g, i, j, n / 2)] = 1;
        for (int k = 0; k < n; k++) {
          phi[cap_grid_idx3(&g, i, j, k)] = -1;
          rhs[cap_grid_idx3(&g, i, j, k)] = 1 + 0.3 * sin(2.1 * i + 0.7 * j + 1.3 * k);
          if (k < n / 2) {
            phih[cap_grid_idx3(&gh, i, j, k)] = -1;
            rhsh[cap_grid_idx3(&gh, i, j, k)] = rhs[cap_grid_idx3(&g, i, j, k)];
          }
        }
      }
    int s1, s2;
    split_solves(&g, NULL, zc, phi, rhs, p, &gh, phih, rhsh, ph, method, &s1, &s2);
    double d = 0, scale = 0;
    for (int k = 0; k < n / 2; k++)
      for (int j = 0; j < n; j++)
        for (int i = 0; i < m; i++) {
          d = fmax(d, fabs(p[cap_grid_idx3(&g, i, j, k)] - ph[cap_grid_idx3(&gh, i, j, k)]));
          scale = fmax(scale, fabs(ph[cap_grid_idx3(&gh, i, j, k)]));
        }
    th_true(!s1 && !s2 && d <= 1e-9 * scale,
            "3D closed z-faces (%s): the lower half of a split box equals a half box with a wall: "
            "max |dp| = %.2e <= 1e-9 max|p| = %.2e",
            mname((cap_poisson_method)method), d, 1e-9 * scale);
    CAP_FREE_ALL(phi, rhs, p, phih, rhsh, ph, zc);
  }
}

/* 3D symmetry: x.(A y) = y.(A x) exactly up to rounding for the matrix, and x.(M y) = y.(M x) for both
 * preconditioners (MG: the V-cycle is symmetric), on a 25 x 20 x 28 grid periodic in y (odd in x) with an
 * interface (sphere), OPEN and WALL sides; positive x.(A x) and x.(M x). And the solve is bitwise the
 * same on 1 thread and on 2 (14000 cells: the fine-level sweeps run threaded). */
static double dot3(const cap_grid *g, const double *a, const double *b)
{
  double s = 0;
  for (int k = 0; k < g->nz; k++)
    for (int j = 0; j < g->ny; j++)
      for (int i = 0; i < g->nx; i++) s += a[cap_grid_idx3(g, i, j, k)] * b[cap_grid_idx3(g, i, j, k)];
  return s;
}

static void symmetry3d(void)
{
  cap_grid g;
  const cap_bc bc[6] = {CAP_BC_OPEN, CAP_BC_WALL, CAP_BC_PERIODIC, CAP_BC_PERIODIC, CAP_BC_WALL, CAP_BC_OPEN};
  cap_grid_init(&g, CAP_GEOM_3D, 25, 20, 28, 1.0 / 28, 0, 0, 0, 2);
  for (int q = 0; q < 6; q++) cap_grid_set_bc(&g, (cap_side)q, bc[q]);
  double *phi = cap_grid_field_alloc(&g), *x = cap_grid_field_alloc(&g), *y = cap_grid_field_alloc(&g);
  double *ax = cap_grid_field_alloc(&g), *ay = cap_grid_field_alloc(&g);
  for (int k = 0; k < g.nz; k++)
    for (int j = 0; j < g.ny; j++)
      for (int i = 0; i < g.nx; i++) {
        size_t c = cap_grid_idx3(&g, i, j, k);
        phi[c] = 0.3 - sqrt(pow(cap_grid_xc(&g, i) - 0.4, 2) + pow(cap_grid_yc(&g, j) - 0.55, 2) +
                            pow(cap_grid_zc(&g, k) - 0.5, 2)); /* liquid outside a ball: an air bubble */
        x[c] = sin(1.3 * i + 0.7 * j + 2.1 * k);
        y[c] = cos(0.4 * i - 1.9 * j + 0.6 * k + 0.2);
      }
  cap_poisson *P = NULL;
  th_int(cap_poisson_alloc(&P, &g), CAP_SUCCESS, "3D alloc 25 x 20 x 28, periodic y");
  th_int(cap_poisson_assemble(P, &g, phi, NULL, NULL), CAP_SUCCESS, "3D assemble");
  for (int m = -1; m < 2; m++) {
    const char *what = m < 0 ? "A" : m == 0 ? "MIC(0)" : "V-cycle";
    if (m < 0) {
      cap_poisson_apply(P, &g, x, ax);
      cap_poisson_apply(P, &g, y, ay);
    } else {
      cap_poisson_precondition(P, &g, (cap_poisson_method)m, x, ax);
      cap_poisson_precondition(P, &g, (cap_poisson_method)m, y, ay);
    }
    /* non-liquid entries of x, y do not matter: A and M are 0 there */
    double xay = dot3(&g, x, ay), yax = dot3(&g, y, ax), xax = dot3(&g, x, ax);
    th_abs(xay - yax, 0, 1e-11 * fabs(xay), "3D %s symmetric: x.My = %.12e, y.Mx = %.12e", what, xay, yax);
    th_true(xax > 0, "3D %s positive: x.Mx = %.3e > 0", what, xax);
  }
  /* bitwise independence of the thread count */
  double *rhs = x, *p1 = ax, *p2 = ay;
  const int threads = cap_par_threads();
  for (int m = 0; m < 2; m++) {
    memset(p1, 0, g.size * sizeof *p1);
    memset(p2, 0, g.size * sizeof *p2);
    cap_poisson_status st;
    cap_par_set_threads(1);
    int s1 = cap_poisson_solve(P, &g, rhs, p1, (cap_poisson_method)m, 1e-10, 500, &st);
    int s2 = cap_par_set_threads(2) ? -1 : cap_poisson_solve(P, &g, rhs, p2, (cap_poisson_method)m, 1e-10, 500, &st);
    if (s2 == -1) {
      th_note("3D thread independence not checked: 2 threads unavailable in this build");
      continue;
    }
    th_true(!s1 && !s2 && memcmp(p1, p2, g.size * sizeof *p1) == 0, "3D %s: 1 thread and 2 threads bitwise identical",
            mname((cap_poisson_method)m));
  }
  cap_par_set_threads(threads);
  cap_poisson_free(P);
  free(phi);
  free(x);
  free(y);
  free(ax);
  free(ay);
}

static void orders_mic(void) { orders(CAP_POISSON_MIC_PCG); }
static void orders_mg(void) { orders(CAP_POISSON_MG_PCG); }
static void axi_orders_mic(void) { axi_orders(CAP_POISSON_MIC_PCG); }
static void axi_orders_mg(void) { axi_orders(CAP_POISSON_MG_PCG); }

static const th_case cases[] = {
    {"alloc_bad_input", alloc_bad_input},
    {"assemble_bad_input", assemble_bad_input},
    {"solve_bad_input", solve_bad_input},
    {"closed_faces", closed_faces},
    {"matrix", matrix},
    {"theta_clamp", theta_clamp},
    {"precond_symmetry", precond_symmetry},
    {"odd_grids", odd_grids},
    {"warm_start", warm_start},
    {"pure_neumann", pure_neumann},
    {"exact_linear", exact_linear},
    {"solvers_agree", solvers_agree},
    {"orders_mic", orders_mic},
    {"orders_mg", orders_mg},
    {"axi_matrix", axi_matrix},
    {"axi_exact", axi_exact},
    {"axi_singular", axi_singular},
    {"axi_agree", axi_agree},
    {"axi_orders_mic", axi_orders_mic},
    {"axi_orders_mg", axi_orders_mg},
    {"box3d", box3d},
    {"sphere3d", sphere3d},
    {"periodic3d", periodic3d},
    {"closed_z3d", closed_z3d},
    {"symmetry3d", symmetry3d},
    {"iters3d", iters3d},
    {NULL, NULL},
};

int main(int argc, char **argv) { return th_main(argc, argv, cases); }
