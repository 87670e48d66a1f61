/* Tests of solver/cap_viscosity: exact discrete decay of Fourier and wall modes, first-order
 * convergence in dt to the continuous decay, air faces untouched, error paths; for the stress-form
 * step also rigid rotation of a free drop, the dissipation rate of the n = 2 potential flow against
 * the continuum value (Lamb's damping), and the line/square area fraction. On axisymmetric grids (both
 * steps): the documented discrete operator reproduced exactly (axis and annulus), second-order
 * convergence of a manufactured solution including the faces next to the axis, uniform axial flow
 * between slip walls, rigid translation of a free sphere, and the dissipation rate of the n = 2 flow in
 * a sphere. On 3D grids (both steps): Taylor-Green decay (the exact discrete factor, order in dt and
 * h), the stress step equal to the Laplacian step on it, wall modes on every axis, the 3D pool (equal
 * to the 2D pool), a free sphere in rigid motion unchanged, the n = 2 dissipation rate in a sphere,
 * the solve's arrays held in the workspace's dead fields or its kept spill (the heap a step takes, the
 * same bits after another problem), the error paths, and the plane/cube volume fraction. */
#include <math.h>
#include <stdlib.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

#include "../solver/cap_errno.h"
#include "../solver/cap_grid.h"
#include "../solver/cap_subcell.h"
#include "../solver/cap_viscosity.h"
#include "tharness.h"

typedef int step_fn(cap_viscosity_ws *ws, const cap_grid *g, const double *phi, double *u, double *v, double *w,
                    double nu_dt, double tol, int maxit, cap_viscosity_status *st);

/* The liquid of a test on grid g: its level set phi, the velocity (u, v), and two more face fields u0,
 * v0 (the start or the exact field, as each test says); for a drop (drop_init, sphere_init), a disc or
 * sphere of radius R centred at (xc, yc). */
typedef struct {
  cap_grid g;
  double *phi, *u, *v, *u0, *v0;
  double xc, yc, R;
} liquid;

/* The five fields on L->g (set by the caller): phi = -1 (liquid everywhere), the rest 0. */
static void liquid_alloc(liquid *L)
{
  double **f[5] = {&L->phi, &L->u, &L->v, &L->u0, &L->v0};
  for (int k = 0; k < 5; k++) *f[k] = cap_grid_field_alloc(&L->g);
  for (size_t c = 0; c < L->g.size; c++) L->phi[c] = -1;
}

static void liquid_free(liquid *L)
{
  double *f[5] = {L->phi, L->u, L->v, L->u0, L->v0};
  for (int k = 0; k < 5; k++) free(f[k]);
}

/* `steps` steps of nu_dt each of `step` on L (tolerance tol, at most maxit iterations) in a workspace of
 * their own; *st from the last step if st is not NULL. Returns the last step's status. */
static int liquid_steps(step_fn *step, liquid *L, int steps, double nu_dt, double tol, int maxit,
                        cap_viscosity_status *st)
{
  cap_viscosity_ws *w = NULL;
  cap_viscosity_ws_alloc(&w, &L->g);
  int status = CAP_SUCCESS;
  for (int s = 0; s < steps; s++) status = step(w, &L->g, L->phi, L->u, L->v, NULL, nu_dt, tol, maxit, st);
  cap_viscosity_ws_free(w);
  return status;
}

/* Shear mode u(y) on an nx x ny grid of height 1; walls at y = 0, 1 (wall) or periodic in y. Returns
 * the max relative deviation of u_new / u_old from `factor(h)` after one step of `step`, and fills
 * *st. */
static double one_step(step_fn *step, int n, int walls, double nu_dt, double *expect, cap_viscosity_status *st)
{
  liquid L;
  cap_grid_init(&L.g, CAP_GEOM_PLANAR, 8, n, 1, 1.0 / n, 0, 0, 0, 2);
  cap_grid_set_bc(&L.g, CAP_XLO, CAP_BC_PERIODIC);
  cap_grid_set_bc(&L.g, CAP_XHI, CAP_BC_PERIODIC);
  if (!walls) {
    cap_grid_set_bc(&L.g, CAP_YLO, CAP_BC_PERIODIC);
    cap_grid_set_bc(&L.g, CAP_YHI, CAP_BC_PERIODIC);
  }
  liquid_alloc(&L);
  double kk = walls ? M_PI : 2 * M_PI; /* sin(pi y) vanishes on the walls; sin(2 pi y + c) is periodic */
  for (int j = 0; j < n; j++)
    for (int i = 0; i <= 8; i++) {
      double y = cap_grid_yc(&L.g, j);
      L.u[cap_grid_idx(&L.g, i, j)] = L.u0[cap_grid_idx(&L.g, i, j)] = walls ? sin(kk * y) : sin(kk * y + 0.3817);
    }
  liquid_steps(step, &L, 1, nu_dt, 1e-12, 500, st);
  /* discrete eigenvalue of -lap_h for this mode: (4/h^2) sin^2(kk h / 2) */
  double lam = 4 / (L.g.h * L.g.h) * pow(sin(kk * L.g.h / 2), 2);
  *expect = 1 / (1 + nu_dt * lam);
  double e = 0;
  for (int j = 0; j < n; j++)
    for (int i = 0; i < 8; i++) {
      size_t c = cap_grid_idx(&L.g, i, j);
      if (fabs(L.u0[c]) > 1e-3) e = fmax(e, fabs(L.u[c] / L.u0[c] - *expect));
    }
  liquid_free(&L);
  return e;
}

/* decay of sin(pi y) between walls to t = 0.05 with nu = 0.3817 in `steps` steps of `step` at n = 64:
 * error of the amplitude against exp(-nu pi^2 t) */
static double decay_error(step_fn *step, int steps)
{
  int n = 64;
  liquid L;
  cap_grid_init(&L.g, CAP_GEOM_PLANAR, 4, n, 1, 1.0 / n, 0, 0, 0, 2);
  cap_grid_set_bc(&L.g, CAP_XLO, CAP_BC_PERIODIC);
  cap_grid_set_bc(&L.g, CAP_XHI, CAP_BC_PERIODIC);
  liquid_alloc(&L);
  for (int j = 0; j < n; j++)
    for (int i = 0; i <= 4; i++) L.u[cap_grid_idx(&L.g, i, j)] = sin(M_PI * cap_grid_yc(&L.g, j));
  const double nu = 0.3817, T = 0.05;
  liquid_steps(step, &L, steps, nu * T / steps, 1e-12, 500, NULL);
  int jm = n / 2;
  double amp = L.u[cap_grid_idx(&L.g, 1, jm)] / sin(M_PI * cap_grid_yc(&L.g, jm));
  liquid_free(&L);
  return fabs(amp - exp(-nu * M_PI * M_PI * T));
}

/* ---- the stress-form step on a free drop ---- */

static void drop_init_phi(liquid *D)
{
  const cap_grid *g = &D->g;
  for (int j = -2; j < g->ny + 2; j++)
    for (int i = -2; i < g->nx + 2; i++)
      D->phi[cap_grid_idx(g, i, j)] = hypot(cap_grid_xc(g, i) - D->xc, cap_grid_yc(g, j) - D->yc) - D->R;
}

/* A disc of radius R (phi = r - R, exact, ghosts included) centred at (xc, yc) in the unit box of
 * n x n cells with no-slip walls. */
static void drop_init(liquid *D, int n, double R, double xc, double yc)
{
  cap_grid_init(&D->g, CAP_GEOM_PLANAR, n, n, 1, 1.0 / n, 0, 0, 0, 2);
  liquid_alloc(D);
  D->xc = xc;
  D->yc = yc;
  D->R = R;
  drop_init_phi(D);
}

/* The velocity (vx, vy) of a flow at relative position (X, Y): rigid rotation (flow 0) or the n = 2
 * potential flow (X, -Y) (flow 1). Beyond the surface either its linear continuation (ext 0) or the
 * constant extension along the normals that the solver's fast marching produces (ext 1: the value at
 * the nearest surface point R (X, Y)/r). */
static void flow(int kind, int ext, double R, double X, double Y, double *vx, double *vy)
{
  double r = hypot(X, Y);
  if (ext && r > R) {
    X *= R / r;
    Y *= R / r;
  }
  const double omega = 1.7319;
  if (kind == 0) {
    *vx = -omega * Y;
    *vy = omega * X;
  } else {
    *vx = X;
    *vy = -Y;
  }
}

static void drop_set(liquid *D, int kind, int ext)
{
  const cap_grid *g = &D->g;
  double dummy;
  for (int j = 0; j <= g->ny; j++)
    for (int i = 0; i <= g->nx; i++) {
      size_t c = cap_grid_idx(g, i, j);
      if (j < g->ny) flow(kind, ext, D->R, cap_grid_xf(g, i) - D->xc, cap_grid_yc(g, j) - D->yc, &D->u[c], &dummy);
      if (i < g->nx) flow(kind, ext, D->R, cap_grid_xc(g, i) - D->xc, cap_grid_yf(g, j) - D->yc, &dummy, &D->v[c]);
      if (i == 0 || i == g->nx) D->u[c] = 0; /* the wall-normal faces (no penetration) */
      if (j == 0 || j == g->ny) D->v[c] = 0;
      D->u0[c] = D->u[c];
      D->v0[c] = D->v[c];
    }
}

/* The liquid fraction w_f of the CV of an interior u face (dir 0) or v face (dir 1), by the recipe of
 * cap_viscosity_stress_step: phi the mean of the two cells, the normal from central differences. */
static double face_fraction(const liquid *D, int dir, int i, int j)
{
  const cap_grid *g = &D->g;
  const double *f = D->phi, h = g->h;
  size_t c = cap_grid_idx(g, i, j);
  ptrdiff_t o = dir == 0 ? 1 : g->sy, t = dir == 0 ? g->sy : 1; /* the other cell; the tangential stride */
  double pc = 0.5 * (f[c] + f[c - o]), gn = (f[c] - f[c - o]) / h;
  double gt = (f[c + t] + f[c - o + t] - f[c - t] - f[c - o - t]) / (4 * h);
  double gx = dir == 0 ? gn : gt, gy = dir == 0 ? gt : gn;
  return cap_subcell_square_fraction(gx, gy, pc / (hypot(gx, gy) * h));
}

/* KE = sum w_f m_f u^2 over the interior faces of both components (m_f the face's metric: 1 on planar
 * grids, its radius on AXI grids), and KE_old - KE_new computed without cancellation as
 * sum w_f m_f (u0 - u)(u0 + u). */
static void drop_energy(const liquid *D, double *ke0, double *dke)
{
  const cap_grid *g = &D->g;
  *ke0 = *dke = 0;
  for (int j = 0; j < g->ny; j++)
    for (int i = 1; i < g->nx; i++) {
      size_t c = cap_grid_idx(g, i, j);
      double wf = face_fraction(D, 0, i, j) * cap_grid_metric_xface(g, i);
      *ke0 += wf * D->u0[c] * D->u0[c];
      *dke += wf * (D->u0[c] - D->u[c]) * (D->u0[c] + D->u[c]);
    }
  for (int j = 1; j < g->ny; j++)
    for (int i = 0; i < g->nx; i++) {
      size_t c = cap_grid_idx(g, i, j);
      double wf = face_fraction(D, 1, i, j) * cap_grid_metric_cell(g, i);
      *ke0 += wf * D->v0[c] * D->v0[c];
      *dke += wf * (D->v0[c] - D->v[c]) * (D->v0[c] + D->v[c]);
    }
}

/* max |change| over all faces of both components, relative to `scale` */
static double drop_change(const liquid *D, double scale)
{
  double e = 0;
  for (size_t c = 0; c < D->g.size; c++) e = fmax(e, fmax(fabs(D->u[c] - D->u0[c]), fabs(D->v[c] - D->v0[c])));
  return e / scale;
}

/* Rate (KE_old - KE_new) / (nu_dt KE_old) of one step of `step` of the n = 2 potential flow in a disc
 * of radius Rc cells (nu_dt = k h^2), divided by its continuum value 16 / R^2. */
static double strain_rate(step_fn *step, int Rc, int ext, double k, cap_viscosity_status *st, int *status)
{
  /* box of n = 2 Rc + 12 cells; the centre off the grid lines by (0.3183, 0.1419) cells */
  int n = 2 * Rc + 12;
  double h = 1.0 / n, R = Rc * h;
  liquid D;
  drop_init(&D, n, R, (n / 2 + 0.3183) * h, (n / 2 + 0.1419) * h);
  drop_set(&D, 1, ext);
  cap_viscosity_ws *w = NULL;
  cap_viscosity_ws_alloc(&w, &D.g);
  *status = step(w, &D.g, D.phi, D.u, D.v, NULL, k * h * h, 1e-13, 2000, st);
  double ke0, dke;
  drop_energy(&D, &ke0, &dke);
  cap_viscosity_ws_free(w);
  liquid_free(&D);
  return dke / (k * h * h * ke0) * R * R / 16;
}

/* A pool of depth H = 0.4871 (surface between grid lines) on a no-slip floor, periodic in x, n cells
 * per unit height: the slowest shear mode u = sin(pi y / (2H)) has u = 0 on the floor and u_y = 0 at
 * the surface, the traction-free condition, and decays as exp(-nu (pi/2H)^2 t). After `steps` steps of
 * nu dt each of `step`, returns the relative error of its amplitude (least squares over the liquid
 * faces) against (1 + nu dt (pi/2H)^2)^(-steps), backward Euler on the continuous mode. */
static double pool_error(step_fn *step, int n, double nu_dt, int steps)
{
  const double H = 0.4871, kz = M_PI / (2 * H);
  liquid L;
  cap_grid_init(&L.g, CAP_GEOM_PLANAR, 4, n, 1, 1.0 / n, 0, 0, 0, 2);
  cap_grid_set_bc(&L.g, CAP_XLO, CAP_BC_PERIODIC);
  cap_grid_set_bc(&L.g, CAP_XHI, CAP_BC_PERIODIC);
  liquid_alloc(&L);
  for (int j = -2; j < n + 2; j++)
    for (int i = -2; i < 6; i++) L.phi[cap_grid_idx(&L.g, i, j)] = cap_grid_yc(&L.g, j) - H;
  /* the mode on every face whose CV holds liquid (y < H + h/2), and 0 beyond: the stress step must not
   * need the void's velocity (a Laplacian with the air faces as Dirichlet data does) */
  for (int j = 0; j < n; j++)
    for (int i = 0; i <= 4; i++) {
      double y = cap_grid_yc(&L.g, j);
      L.u[cap_grid_idx(&L.g, i, j)] = y < H + 0.5 * L.g.h ? sin(kz * y) : 0;
    }
  liquid_steps(step, &L, steps, nu_dt, 1e-13, 1000, NULL);
  double num = 0, den = 0;
  for (int j = 0; cap_grid_yc(&L.g, j) < H; j++) {
    double sj = sin(kz * cap_grid_yc(&L.g, j));
    num += L.u[cap_grid_idx(&L.g, 1, j)] * sj;
    den += sj * sj;
  }
  liquid_free(&L);
  return fabs(num / den * pow(1 + nu_dt * kz * kz, steps) - 1);
}

/* Free-slip walls (CAP_BC_SLIP): the even mode cos(pi y) between slip walls at y = 0, 1 (zero shear
 * at the walls) decays by the exact discrete factor of the Neumann Laplacian, 1/(1 + nu_dt (4/h^2)
 * sin^2(pi h/2)), and a uniform tangential flow is left unchanged; with no-slip walls the uniform flow
 * is slowed. Returns the max deviation from the expected factor for `kind` 0 (cos mode) or the max
 * change of the uniform flow for kind 1; `slip` selects the wall kind. */
static double slip_case(step_fn *step, int kind, int slip)
{
  const int n = 32;
  liquid L;
  cap_grid_init(&L.g, CAP_GEOM_PLANAR, 8, n, 1, 1.0 / n, 0, 0, 0, 2);
  cap_grid_set_bc(&L.g, CAP_XLO, CAP_BC_PERIODIC);
  cap_grid_set_bc(&L.g, CAP_XHI, CAP_BC_PERIODIC);
  cap_grid_set_bc(&L.g, CAP_YLO, slip ? CAP_BC_SLIP : CAP_BC_WALL);
  cap_grid_set_bc(&L.g, CAP_YHI, slip ? CAP_BC_SLIP : CAP_BC_WALL);
  liquid_alloc(&L);
  for (int j = 0; j < n; j++)
    for (int i = 0; i <= 8; i++) {
      size_t c = cap_grid_idx(&L.g, i, j);
      L.u[c] = L.u0[c] = kind == 0 ? cos(M_PI * cap_grid_yc(&L.g, j)) : 0.3817;
    }
  const double nu_dt = 3.817e-3;
  liquid_steps(step, &L, 1, nu_dt, 1e-13, 500, NULL);
  double expect = 1 / (1 + nu_dt * 4 / (L.g.h * L.g.h) * pow(sin(M_PI * L.g.h / 2), 2)), e = 0;
  for (int j = 0; j < n; j++)
    for (int i = 0; i < 8; i++) {
      size_t c = cap_grid_idx(&L.g, i, j);
      e = fmax(e, kind == 0 ? fabs(L.u[c] - expect * L.u0[c]) : fabs(L.u[c] - L.u0[c]));
    }
  liquid_free(&L);
  return e;
}

/* ---- axisymmetric (r, z) grids: x is the radius, y the axis ---- */

/* The AXI grid of the cylinder 0 <= r <= 1, 0 <= z <= 1 of n x n cells: the axis at r = 0, a wall of
 * kind `outer` at r = 1, periodic in z. */
static void axi_cylinder(cap_grid *g, int n, cap_bc outer)
{
  cap_grid_init(g, CAP_GEOM_AXI, n, n, 1, 1.0 / n, 0, 0, 0, 2);
  cap_grid_set_bc(g, CAP_XHI, outer);
  cap_grid_set_bc(g, CAP_YLO, CAP_BC_PERIODIC);
  cap_grid_set_bc(g, CAP_YHI, CAP_BC_PERIODIC);
}

/* The smooth, regular test field on the cylinder, with kz = 2 pi, s = kz z + 0.3817:
 *   u_r = f(r) sin s,  f = r - r^3   (odd in r, 0 on the axis and at r = 1),
 *   u_z = F(r) cos s,  F = (1 - r^2)^2 (even in r, F(1) = F'(1) = 0),
 * and, with (1/r)(r f)' = 2 - 4 r^2, ((1/r)(r f)')' = -8 r, F' = 4 r^3 - 4 r, (1/r)(r F')' = 16 r^2 - 8:
 *   vector Laplacian:  L_r = (-8 r - kz^2 f) sin s,            L_z = (16 r^2 - 8 - kz^2 F) cos s;
 *   div 2E (E the strain rate, with the hoop strain u_r / r):
 *     (2/r)(r u_r,r)_r - 2 u_r / r^2 + (u_r,z + u_z,r)_z = 2 ((1/r)(r f)')' sin s + f (sin s)'' + F' (cos s)'
 *                                              = (-16 r - kz^2 f - kz F') sin s,
 *     (1/r)(r (u_r,z + u_z,r))_r + 2 u_z,zz   = (kz (2 - 4 r^2) + 16 r^2 - 8 - 2 kz^2 F) cos s.
 * comp 0: u_r, 1: u_z; op 0: the field, 1: L, 2: div 2E. */
static double axi_field(int comp, int op, double r, double z)
{
  const double kz = 2 * M_PI, s = kz * z + 0.3817;
  double f = r - r * r * r, F = (1 - r * r) * (1 - r * r), Fp = 4 * r * r * r - 4 * r;
  if (comp == 0) {
    double a = op == 0 ? f : op == 1 ? -8 * r - kz * kz * f : -16 * r - kz * kz * f - kz * Fp;
    return a * sin(s);
  }
  double a = op == 0   ? F
             : op == 1 ? 16 * r * r - 8 - kz * kz * F
                       : kz * (2 - 4 * r * r) + 16 * r * r - 8 - 2 * kz * kz * F;
  return a * cos(s);
}

/* Manufactured solution: u_old = u* - nu_dt (L u*) for the Laplacian step (op 1) or u* - nu_dt div(2E*)
 * for the stress step (op 2), one step, and the max error |u - u*| over all unknown faces of both
 * components (*err) and over those next to the axis, u_r at i = 1 and u_z at i = 0 (*err_axis). The
 * cylinder is full of liquid; no-slip wall at r = 1. */
static void axi_manufactured(step_fn *step, int op, int n, double nu_dt, double *err, double *err_axis, int *iters)
{
  liquid L;
  axi_cylinder(&L.g, n, CAP_BC_WALL);
  liquid_alloc(&L);
  for (int j = 0; j <= n; j++)
    for (int i = 0; i <= n; i++) {
      size_t c = cap_grid_idx(&L.g, i, j);
      double r = cap_grid_xf(&L.g, i), z = cap_grid_yc(&L.g, j);
      L.u[c] = axi_field(0, 0, r, z) - nu_dt * axi_field(0, op, r, z);
      r = cap_grid_xc(&L.g, i), z = cap_grid_yf(&L.g, j);
      L.v[c] = axi_field(1, 0, r, z) - nu_dt * axi_field(1, op, r, z);
    }
  cap_viscosity_status st;
  liquid_steps(step, &L, 1, nu_dt, 1e-13, 5000, &st);
  *iters = st.iterations[0];
  *err = *err_axis = 0;
  for (int j = 0; j < n; j++)
    for (int i = 0; i < n; i++) {
      size_t c = cap_grid_idx(&L.g, i, j);
      double eu = i > 0 ? fabs(L.u[c] - axi_field(0, 0, cap_grid_xf(&L.g, i), cap_grid_yc(&L.g, j))) : 0;
      double ev = fabs(L.v[c] - axi_field(1, 0, cap_grid_xc(&L.g, i), cap_grid_yf(&L.g, j)));
      *err = fmax(*err, fmax(eu, ev));
      if (i == 1) *err_axis = fmax(*err_axis, eu);
      if (i == 0) *err_axis = fmax(*err_axis, ev);
    }
  liquid_free(&L);
}

/* The documented discrete operator on the cylinder a = x0 <= r <= b = x0 + 1 of n x n cells, periodic
 * in z, no-slip wall at r = b and the axis (x0 = 0) or a no-slip wall (annulus, x0 > 0) at r = a, applied
 * to a divergence-free MAC field: a discrete stream function psi on the nodes, r_i u(i,j) =
 * -(psi(i,j+1) - psi(i,j))/h, r_c v(i,j) = (psi(i+1,j) - psi(i,j))/h, so (r_{i+1} u_{i+1} - r_i u_i)/(r_c
 * h) + (v_{j+1} - v_j)/h = 0 exactly; psi = (r - a)^2 (b - r)^2 sin(2 pi z + 0.3817) vanishes on both
 * sides (~ r^2 at the axis: a regular field).
 * u_old = (I - nu_dt L_h) u* with L_h the rows of cap_viscosity.h (divided by the row's radius):
 *   u_r: G_i = r_{i+1} u_{i+1} - r_i u_i,  (L_h u)_i = [G_i / r_c(i) - G_{i-1} / r_c(i-1)] / h^2 + u_zz;
 *   u_z: (L_h v) = [r_{i+1} (v_{i+1} - v_i) - r_i (v_i - v_{i-1})] / (r_c h^2) + v_zz, v_n = -v_{n-1}
 *        and v_{-1} = -v_0 (the no-slip mirrors; r_0 = 0 on the axis).
 * Returns max |u - u*| / max |u*| after one step of `step` from u_old. */
static double axi_exact_operator(step_fn *step, int n, double x0, double nu_dt)
{
  liquid L;
  cap_grid_init(&L.g, CAP_GEOM_AXI, n, n, 1, 1.0 / n, x0, 0, 0, 2);
  cap_grid_set_bc(&L.g, CAP_YLO, CAP_BC_PERIODIC);
  cap_grid_set_bc(&L.g, CAP_YHI, CAP_BC_PERIODIC);
  const double h = L.g.h, k = nu_dt / (h * h);
  liquid_alloc(&L);
#define PSI(i, j)                                                                                                      \
  (pow(cap_grid_xf(&L.g, i) - x0, 2) * pow(x0 + 1 - cap_grid_xf(&L.g, i), 2) *                                         \
   sin(2 * M_PI * cap_grid_yf(&L.g, j) + 0.3817))
  double scale = 0;
  for (int j = 0; j <= n; j++)
    for (int i = 0; i <= n; i++) {
      size_t c = cap_grid_idx(&L.g, i, j);
      L.u0[c] = i > 0 && i < n ? -(PSI(i, j + 1) - PSI(i, j)) / (h * cap_grid_xf(&L.g, i)) : 0;
      L.v0[c] = i < n ? (PSI(i + 1, j) - PSI(i, j)) / (h * cap_grid_xc(&L.g, i)) : 0;
      scale = fmax(scale, fmax(fabs(L.u0[c]), fabs(L.v0[c])));
    }
#undef PSI
#define AT(f, i, j) f[cap_grid_idx(&L.g, i, ((j) + n) % n)]
  for (int j = 0; j < n; j++)
    for (int i = 0; i < n; i++) {
      size_t c = cap_grid_idx(&L.g, i, j);
      if (i > 0) {
        double gp = cap_grid_xf(&L.g, i + 1) * AT(L.u0, i + 1, j) - cap_grid_xf(&L.g, i) * AT(L.u0, i, j);
        double gm = cap_grid_xf(&L.g, i) * AT(L.u0, i, j) - cap_grid_xf(&L.g, i - 1) * AT(L.u0, i - 1, j);
        double lap = gp / cap_grid_xc(&L.g, i) - gm / cap_grid_xc(&L.g, i - 1) + AT(L.u0, i, j + 1) +
                     AT(L.u0, i, j - 1) - 2 * AT(L.u0, i, j);
        L.u[c] = L.u0[c] - k * lap;
      }
      double vp = i + 1 < n ? AT(L.v0, i + 1, j) : -AT(L.v0, i, j), vm = i > 0 ? AT(L.v0, i - 1, j) : -AT(L.v0, i, j);
      double lap =
          (cap_grid_xf(&L.g, i + 1) * (vp - L.v0[c]) - cap_grid_xf(&L.g, i) * (L.v0[c] - vm)) / cap_grid_xc(&L.g, i) +
          AT(L.v0, i, j + 1) + AT(L.v0, i, j - 1) - 2 * L.v0[c];
      L.v[c] = L.v0[c] - k * lap;
    }
#undef AT
  for (int i = 0; i < n; i++) L.v[cap_grid_idx(&L.g, i, n)] = L.v[cap_grid_idx(&L.g, i, 0)];
  liquid_steps(step, &L, 1, nu_dt, 1e-14, 5000, NULL);
  double e = 0;
  for (int j = 0; j < n; j++)
    for (int i = 0; i <= n; i++) {
      size_t c = cap_grid_idx(&L.g, i, j);
      e = fmax(e, fmax(fabs(L.u[c] - L.u0[c]), fabs(L.v[c] - L.v0[c])));
    }
  liquid_free(&L);
  return e / scale;
}

/* A uniform axial flow u_z = U on the cylinder full of liquid, outer wall `outer`: the max change after
 * one step of nu_dt = 0.01 (k = 2.56 at n = 16), relative to U. */
static double axi_uniform(step_fn *step, cap_bc outer)
{
  const int n = 16;
  const double U = 0.7319;
  liquid L;
  axi_cylinder(&L.g, n, outer);
  liquid_alloc(&L);
  for (int j = 0; j <= n; j++)
    for (int i = 0; i < n; i++) L.v[cap_grid_idx(&L.g, i, j)] = U;
  liquid_steps(step, &L, 1, 0.01, 1e-13, 500, NULL);
  double e = 0;
  for (int j = 0; j <= n; j++)
    for (int i = 0; i <= n; i++) {
      size_t c = cap_grid_idx(&L.g, i, j);
      e = fmax(e, fabs(L.u[c]));
      if (i < n) e = fmax(e, fabs(L.v[c] - U));
    }
  liquid_free(&L);
  return e / U;
}

/* A liquid sphere of radius Rc cells centred on the axis at z = zc, in the AXI box 0 <= r <= (Rc + 6) h,
 * 0 <= z <= 1 of nz = 2 Rc + 12 cells, walls at r = r_max and z = 0, 1; phi exact (ghosts included: the
 * axis ghosts are its even image). */
static void sphere_init(liquid *D, int Rc)
{
  int nz = 2 * Rc + 12;
  double h = 1.0 / nz;
  cap_grid_init(&D->g, CAP_GEOM_AXI, Rc + 6, nz, 1, h, 0, 0, 0, 2);
  liquid_alloc(D);
  D->xc = 0;
  D->yc = (nz / 2 + 0.1419) * h;
  D->R = Rc * h;
  drop_init_phi(D);
}

/* The sphere's velocity: the rigid translation u = (0, U) (kind 0; every face, the void's too), or the
 * axisymmetric n = 2 potential flow u_r = r, u_z = -2 (z - zc) (kind 1, continued linearly into the
 * void); the wall-normal faces 0. */
static void sphere_set(liquid *D, int kind)
{
  const cap_grid *g = &D->g;
  const double U = 0.7319;
  for (int j = 0; j <= g->ny; j++)
    for (int i = 0; i <= g->nx; i++) {
      size_t c = cap_grid_idx(g, i, j);
      D->u[c] = kind == 0 || i == g->nx ? 0 : cap_grid_xf(g, i);
      D->v[c] = i == g->nx || j == 0 || j == g->ny ? 0 : kind == 0 ? U : -2 * (cap_grid_yf(g, j) - D->yc);
      D->u0[c] = D->u[c];
      D->v0[c] = D->v[c];
    }
}

/* Rate (KE_old - KE_new) / (nu_dt KE_old) of one stress step of nu_dt = k h^2 of the n = 2 flow in the
 * sphere of radius Rc cells, divided by its continuum value 20 nu / R^2 (see the test). */
static double sphere_rate(int Rc, double k, int *iters, int *status)
{
  liquid D;
  sphere_init(&D, Rc);
  sphere_set(&D, 1);
  cap_viscosity_ws *w = NULL;
  cap_viscosity_ws_alloc(&w, &D.g);
  cap_viscosity_status st;
  double nu_dt = k * D.g.h * D.g.h;
  *status = cap_viscosity_stress_step(w, &D.g, D.phi, D.u, D.v, NULL, nu_dt, 1e-13, 5000, &st);
  *iters = st.iterations[0];
  double ke0, dke;
  drop_energy(&D, &ke0, &dke);
  cap_viscosity_ws_free(w);
  double ratio = dke / (nu_dt * ke0) * D.R * D.R / 20;
  liquid_free(&D);
  return ratio;
}

/* The two steps, and their names in the checks' texts. */
static step_fn *const STEP[2] = {cap_viscosity_step, cap_viscosity_stress_step};
static const char *const NAME[2] = {"Laplacian", "stress"};

/* The numbers of steps of the decay to t = 0.05 (decay_error). */
static const double DECAY_STEPS[3] = {10, 20, 40};

/* The decay errors of `step` in DECAY_STEPS steps (err) and their observed order in dt. */
static double decay_order(step_fn *step, double err[3])
{
  double dts[3];
  for (int k = 0; k < 3; k++) {
    dts[k] = 0.05 / DECAY_STEPS[k];
    err[k] = decay_error(step, (int)DECAY_STEPS[k]);
  }
  return th_slope(3, dts, err);
}

/* A drop case: the drop, a workspace on its grid, the scale Omega R of its rotation and the step's nu dt
 * (rotating drop only), and room for a step's status. rotating_open: a disc of radius 0.3817 at
 * (0.5131, 0.4873) in the 64^2 box in rigid rotation (drop_set kind 0, void extension ext);
 * sphere_case_open: the sphere of radius Rc cells of sphere_init, velocity 0. */
typedef struct {
  liquid D;
  cap_viscosity_ws *w;
  double omega_r, nu_dt;
  cap_viscosity_status st;
} drop_case;

static void rotating_open(drop_case *Q, int ext)
{
  const double R = 0.3817;
  drop_init(&Q->D, 64, R, 0.5131, 0.4873);
  drop_set(&Q->D, 0, ext);
  Q->omega_r = 1.7319 * R;
  Q->nu_dt = 0.01;
  Q->w = NULL;
  cap_viscosity_ws_alloc(&Q->w, &Q->D.g);
}

static void sphere_case_open(drop_case *Q, int Rc)
{
  sphere_init(&Q->D, Rc);
  Q->w = NULL;
  cap_viscosity_ws_alloc(&Q->w, &Q->D.g);
}

static void drop_case_close(drop_case *Q)
{
  cap_viscosity_ws_free(Q->w);
  liquid_free(&Q->D);
}

/* free-slip walls against no-slip walls, both steps */
static void slip_walls(void)
{
  for (int k = 0; k < 2; k++) {
    th_abs(slip_case(STEP[k], 0, 1), 0, 1e-12, "%s step, slip walls: cos(pi y) decays by the Neumann factor", NAME[k]);
    th_abs(slip_case(STEP[k], 1, 1), 0, 1e-12, "%s step, slip walls: a uniform tangential flow is unchanged", NAME[k]);
    double d = slip_case(STEP[k], 1, 0);
    th_true(d > 1e-3, "%s step, no-slip walls: the uniform flow is slowed at the walls (change %.3g)", NAME[k], d);
  }
}

/* a periodic shear mode decays by the exact discrete factor */
static void laplacian_periodic_mode(void)
{
  cap_viscosity_status st;
  double expect;
  double e = one_step(cap_viscosity_step, 64, 0, 3.817e-4, &expect, &st);
  th_abs(e, 0, 1e-10, "periodic shear mode decays by the exact discrete factor %.12f", expect);
  th_true(st.iterations[0] > 0 && st.residual[0] <= 1e-12, "u solve converged (%d iterations, residual %.2e)",
          st.iterations[0], st.residual[0]);
}

/* the wall mode sin(pi y) between no-slip walls decays by the exact discrete factor */
static void laplacian_wall_mode(void)
{
  cap_viscosity_status st;
  double expect;
  double e = one_step(cap_viscosity_step, 64, 1, 3.817e-3, &expect, &st);
  th_abs(e, 0, 1e-10, "wall mode sin(pi y) with no-slip walls decays by the exact discrete factor %.12f", expect);
  th_int(st.unknowns[1], 8L * 63, "v: the wall faces are not unknowns (8 x 63 interior faces)");
}

/* backward Euler: first order in dt to the continuous decay */
static void laplacian_decay(void)
{
  double err[3], order = decay_order(cap_viscosity_step, err);
  for (int k = 0; k < 3; k++) th_note("decay to t=0.05 in %g steps: amplitude error %.3e", DECAY_STEPS[k], err[k]);
  th_true(order >= 0.9, "backward Euler: observed order in dt %.2f >= 0.9", order);
}

/* air faces keep their values; liquid faces change */
static void air_faces(void)
{
  cap_viscosity_status st;
  cap_grid g;
  cap_grid_init(&g, CAP_GEOM_PLANAR, 16, 16, 1, 1.0 / 16, 0, 0, 0, 2);
  double *phi = cap_grid_field_alloc(&g), *u = cap_grid_field_alloc(&g), *v = cap_grid_field_alloc(&g);
  for (int j = -2; j < 18; j++)
    for (int i = -2; i < 18; i++) phi[cap_grid_idx(&g, i, j)] = cap_grid_yc(&g, j) - 0.4871; /* liquid below */
  for (int j = 0; j < 16; j++)
    for (int i = 0; i <= 16; i++) u[cap_grid_idx(&g, i, j)] = cos(3 * cap_grid_yc(&g, j)) * sin(M_PI * i / 16.0);
  double air = u[cap_grid_idx(&g, 5, 12)], liq = u[cap_grid_idx(&g, 5, 3)];
  cap_viscosity_ws *w = NULL;
  cap_viscosity_ws_alloc(&w, &g);
  th_int(cap_viscosity_step(w, &g, phi, u, v, NULL, 0.01, 1e-10, 200, &st), CAP_SUCCESS, "free-surface step");
  th_abs(u[cap_grid_idx(&g, 5, 12)], air, 0, "air face unchanged");
  th_true(u[cap_grid_idx(&g, 5, 3)] != liq, "liquid face changed");
  th_int(st.unknowns[0], 15L * 8, "u unknowns: 15 interior faces x 8 liquid rows");
  th_int(cap_viscosity_step(w, &g, phi, u, v, NULL, 10.0, 1e-14, 1, &st), CAP_EMAXITER,
         "iteration cap reached -> CAP_EMAXITER");
  th_int(cap_viscosity_step(w, &g, phi, u, v, NULL, -1, 1e-10, 10, &st), CAP_EDOM, "negative nu_dt rejected");
  th_int(cap_viscosity_step(w, &g, phi, u, v, NULL, 0.01, 0, 10, &st), CAP_EDOM, "tol 0 rejected");
  cap_grid a;
  cap_grid_init(&a, CAP_GEOM_3D, 16, 16, 16, 1.0 / 16, 0, 0, 0, 2);
  th_int(cap_viscosity_step(w, &a, phi, u, v, NULL, 0.01, 1e-10, 10, &st), CAP_EINVAL, "3D without w: CAP_EINVAL");
  cap_grid b;
  cap_grid_init(&b, CAP_GEOM_PLANAR, 8, 16, 1, 1.0 / 16, 0, 0, 0, 2);
  th_int(cap_viscosity_step(w, &b, phi, u, v, NULL, 0.01, 1e-10, 10, &st), CAP_ESIZE,
         "workspace of another grid rejected");
  cap_viscosity_ws_free(w);
  free(phi);
  free(u);
  free(v);
}

/* the stress-form step: a divergence-free field in a full domain has the same discrete factors as
 * the Laplacian step; a periodic shear mode */
static void stress_periodic_mode(void)
{
  cap_viscosity_status st;
  double expect;
  double e = one_step(cap_viscosity_stress_step, 64, 0, 3.817e-4, &expect, &st);
  th_abs(e, 0, 1e-10, "stress step: periodic shear mode decays by the exact discrete factor %.12f", expect);
  th_true(st.iterations[0] > 0 && st.residual[0] <= 1e-12,
          "stress step: solve converged (%d iterations, residual %.2e)", st.iterations[0], st.residual[0]);
  th_int(st.unknowns[0] + st.unknowns[1], 2L * 8 * 64, "stress step, periodic box: every u and v face is an unknown");
}

/* the stress-form step: the wall mode between no-slip walls */
static void stress_wall_mode(void)
{
  cap_viscosity_status st;
  double expect;
  double e = one_step(cap_viscosity_stress_step, 64, 1, 3.817e-3, &expect, &st);
  th_abs(e, 0, 1e-10, "stress step: wall mode sin(pi y) with no-slip walls decays by the exact discrete factor %.12f",
         expect);
  th_int(st.unknowns[1], 8L * 63, "stress step, v: the wall faces are not unknowns (8 x 63 interior faces)");
}

/* the stress-form step: backward Euler in dt, the same errors as the Laplacian step */
static void stress_decay(void)
{
  double err[3], order = decay_order(cap_viscosity_stress_step, err);
  th_true(order >= 0.9, "stress step, backward Euler: observed order in dt %.2f >= 0.9", order);
  for (int k = 0; k < 3; k++) {
    double el = decay_error(cap_viscosity_step, (int)DECAY_STEPS[k]);
    th_abs(err[k], el, 1e-10, "stress step: decay error in %g steps equals the Laplacian step's", DECAY_STEPS[k]);
  }
}

/* the traction-free surface of a pool, the natural boundary condition of the stress form */
static void stress_pool(void)
{
  int ns[3] = {32, 64, 128};
  double hs[3], es[3];
  for (int m = 0; m < 3; m++) {
    hs[m] = 1.0 / ns[m];
    es[m] = pool_error(cap_viscosity_stress_step, ns[m], 2e-3, 10);
    th_note("pool with a free surface, %d cells per unit height, void velocity 0: amplitude error %.3e (stress "
            "step), %.3e (Laplacian step)",
            ns[m], es[m], pool_error(cap_viscosity_step, ns[m], 2e-3, 10));
  }
  th_abs(es[2], 0, 1e-4, "stress step: shear mode of a pool decays as with u_y = 0 at the free surface");
  th_true(th_slope(3, hs, es) >= 1.5, "stress step, pool: observed order %.2f >= 1.5", th_slope(3, hs, es));
}

/* rigid rotation of a free drop: u_x = v_y = 0 and u_y + v_x = -Omega + Omega = 0 on the MAC
 * grid, so E = 0 in every term and the step is the identity (Batty & Bridson 2008 made the stress form
 * for exactly this: rotating liquids). nu dt / h^2 = 41, a stiff step. */
static void stress_rotation(void)
{
  drop_case Q;
  rotating_open(&Q, 0);
  th_int(cap_viscosity_stress_step(Q.w, &Q.D.g, Q.D.phi, Q.D.u, Q.D.v, NULL, Q.nu_dt, 1e-12, 500, &Q.st), CAP_SUCCESS,
         "stress step on a rotating drop");
  th_abs(drop_change(&Q.D, Q.omega_r), 0, 1e-10, "stress step: rigid rotation unchanged (max change / (Omega R))");
  /* a disc of 24.4 cells radius: about pi R^2 / h^2 = 1875 liquid u faces, plus a surface layer */
  th_true(Q.st.unknowns[0] > 1874 && Q.st.unknowns[0] < 2200 && Q.st.unknowns[1] > 1874 && Q.st.unknowns[1] < 2200,
          "stress step: %ld u and %ld v unknowns, the disc and its surface layer", Q.st.unknowns[0], Q.st.unknowns[1]);
  drop_case_close(&Q);
}

/* rotation with the constant normal extension in the void: the stress step keeps the kinetic energy,
 * the Laplacian step damps it */
static void stress_rotation_void(void)
{
  drop_case Q;
  rotating_open(&Q, 1);
  double ke0, dke_s, dke_l;
  size_t far = cap_grid_idx(&Q.D.g, 3, 3); /* a void face beyond the unknowns */
  double ufar = Q.D.u[far];
  cap_viscosity_stress_step(Q.w, &Q.D.g, Q.D.phi, Q.D.u, Q.D.v, NULL, Q.nu_dt, 1e-12, 500, &Q.st);
  drop_energy(&Q.D, &ke0, &dke_s);
  th_abs(Q.D.u[far], ufar, 0, "stress step: a void face outside the unknowns keeps its value");
  double change = drop_change(&Q.D, Q.omega_r);
  th_note("stress step, rotation with the constant normal extension (as cap_ns extends) in the void: the surface "
          "faces relax, max change %.2e Omega R, KE change %.2e of KE (%d iterations)",
          change, dke_s / ke0, Q.st.iterations[0]);
  drop_set(&Q.D, 0, 0);
  cap_viscosity_step(Q.w, &Q.D.g, Q.D.phi, Q.D.u, Q.D.v, NULL, Q.nu_dt, 1e-12, 500, &Q.st);
  th_note("Laplacian step, rotation with its linear continuation in the void: max change %.2e Omega R "
          "(lap u = 0 for a linear field)",
          drop_change(&Q.D, Q.omega_r));
  drop_set(&Q.D, 0, 1);
  cap_viscosity_step(Q.w, &Q.D.g, Q.D.phi, Q.D.u, Q.D.v, NULL, Q.nu_dt, 1e-12, 500, &Q.st);
  drop_energy(&Q.D, &ke0, &dke_l);
  th_note("Laplacian step, rotation with the constant normal extension in the void: damped, KE loses %.3e in one "
          "step (nu dt / R^2 = %.3g; a rigid rotation should lose nothing)",
          dke_l / ke0, Q.nu_dt / (Q.D.R * Q.D.R));
  th_true(fabs(dke_s) < 1e-3 * dke_l,
          "rotation with the extended void: stress-step KE change %.2e < 1e-3 x the "
          "Laplacian step's loss %.2e",
          dke_s / ke0, dke_l / ke0);
  drop_case_close(&Q);
}

/* the stress-form step with nu_dt = 0 or without liquid changes nothing */
static void stress_trivial(void)
{
  drop_case Q;
  rotating_open(&Q, 1);
  th_int(cap_viscosity_stress_step(Q.w, &Q.D.g, Q.D.phi, Q.D.u, Q.D.v, NULL, 0, 1e-12, 500, &Q.st), CAP_SUCCESS,
         "stress step, nu_dt = 0");
  th_abs(drop_change(&Q.D, Q.omega_r), 0, 0, "stress step: nu_dt = 0 changes nothing");
  for (size_t c = 0; c < Q.D.g.size; c++) Q.D.phi[c] = 0.3817; /* all void */
  th_int(cap_viscosity_stress_step(Q.w, &Q.D.g, Q.D.phi, Q.D.u, Q.D.v, NULL, Q.nu_dt, 1e-12, 500, &Q.st), CAP_SUCCESS,
         "stress step without liquid");
  th_int(Q.st.unknowns[0] + Q.st.unknowns[1], 0, "stress step without liquid: no unknowns");
  th_abs(drop_change(&Q.D, Q.omega_r), 0, 0, "stress step without liquid: nothing changes");
  drop_case_close(&Q);
}

/* the stress-form step's error paths */
static void stress_bad_input(void)
{
  drop_case Q;
  rotating_open(&Q, 1);
  th_int(cap_viscosity_stress_step(Q.w, &Q.D.g, Q.D.phi, Q.D.u, Q.D.v, NULL, Q.nu_dt, 1e-12, 1, &Q.st), CAP_EMAXITER,
         "stress step: maxit = 1 on the stiff drop -> CAP_EMAXITER");
  th_true(Q.st.iterations[0] == 1 && Q.st.residual[0] > 1e-12 && Q.st.unknowns[0] > 0,
          "stress step: status filled on CAP_EMAXITER (%d iteration, residual %.2e)", Q.st.iterations[0],
          Q.st.residual[0]);
  th_int(cap_viscosity_stress_step(NULL, &Q.D.g, Q.D.phi, Q.D.u, Q.D.v, NULL, Q.nu_dt, 1e-12, 500, &Q.st), CAP_EINVAL,
         "stress step: NULL workspace rejected");
  th_int(cap_viscosity_stress_step(Q.w, &Q.D.g, NULL, Q.D.u, Q.D.v, NULL, Q.nu_dt, 1e-12, 500, &Q.st), CAP_EINVAL,
         "stress step: NULL phi rejected");
  th_int(cap_viscosity_stress_step(Q.w, &Q.D.g, Q.D.phi, Q.D.u, Q.D.v, NULL, -3.817e-3, 1e-12, 500, &Q.st), CAP_EDOM,
         "stress step: negative nu_dt rejected");
  th_int(cap_viscosity_stress_step(Q.w, &Q.D.g, Q.D.phi, Q.D.u, Q.D.v, NULL, Q.nu_dt, 1.0, 500, &Q.st), CAP_EDOM,
         "stress step: tol 1 rejected");
  th_int(cap_viscosity_stress_step(Q.w, &Q.D.g, Q.D.phi, Q.D.u, Q.D.v, NULL, Q.nu_dt, 1e-12, 0, &Q.st), CAP_EDOM,
         "stress step: maxit 0 rejected");
  cap_grid a;
  cap_grid_init(&a, CAP_GEOM_3D, 64, 64, 64, 1.0 / 64, 0, 0, 0, 2);
  th_int(cap_viscosity_stress_step(Q.w, &a, Q.D.phi, Q.D.u, Q.D.v, NULL, Q.nu_dt, 1e-12, 500, &Q.st), CAP_EINVAL,
         "stress step: 3D without w: CAP_EINVAL");
  cap_grid b;
  cap_grid_init(&b, CAP_GEOM_PLANAR, 32, 64, 1, 1.0 / 64, 0, 0, 0, 2);
  th_int(cap_viscosity_stress_step(Q.w, &b, Q.D.phi, Q.D.u, Q.D.v, NULL, Q.nu_dt, 1e-12, 500, &Q.st), CAP_ESIZE,
         "stress step: workspace of another grid rejected");
  drop_case_close(&Q);
}

/* dissipation of the n = 2 potential flow u = grad (X^2 - Y^2)/2 = (X, -Y) in a disc of radius R:
 * E = diag(1, -1), E:E = 2, so the viscous dissipation 2 mu E:E integrates to 4 mu pi R^2; the
 * kinetic energy is (rho/2) int (X^2 + Y^2) dA = (rho/2) (pi R^4 / 2) = rho pi R^4 / 4; hence
 * -d(KE)/dt / KE = 16 nu / R^2. (An oscillating drop's energy is on average half kinetic, so its
 * amplitude decays at 16/4 = 4 nu / R^2 = 2 n (n-1) nu / R^2, the planar counterpart of Lamb's
 * (1932) Sec. 355 rate in analytic/capref_oscillation.h.) The discrete ratio uses KE = sum w_f u^2 (the
 * factor rho h^2 / 2 cancels), KE_old - KE_new from one backward Euler step of nu dt = 1e-3 h^2, small
 * enough that the step's own O(nu dt / R^2) and surface-layer errors stay below the spatial one. */
static void stress_dissipation(void)
{
  cap_viscosity_status st;
  const double kk = 1e-3;
  int Rc[3] = {8, 16, 32}, status[3];
  double hs[3], es[3], ratio[3], lap_lin[3], lap_ext[3], big[3];
  int its[3];
  for (int m = 0; m < 3; m++) {
    ratio[m] = strain_rate(cap_viscosity_stress_step, Rc[m], 0, kk, &st, &status[m]);
    its[m] = st.iterations[0];
    hs[m] = 1.0 / Rc[m];
    es[m] = fabs(ratio[m] - 1);
    int s2;
    lap_lin[m] = strain_rate(cap_viscosity_step, Rc[m], 0, kk, &st, &s2);
    lap_ext[m] = strain_rate(cap_viscosity_step, Rc[m], 1, kk, &st, &s2);
    big[m] = strain_rate(cap_viscosity_stress_step, Rc[m], 0, 0.05, &st, &s2);
    th_note("R = %2d cells: stress step rate / (16 nu / R^2) = %.5f (%d iterations); Laplacian step %.2e with the "
            "linear continuation, %.4f with the constant normal extension in the void; stress step at "
            "nu dt = 0.05 h^2: %.5f",
            Rc[m], ratio[m], its[m], lap_lin[m], lap_ext[m], big[m]);
  }
  th_true(status[0] == CAP_SUCCESS && status[1] == CAP_SUCCESS && status[2] == CAP_SUCCESS,
          "stress step: the three solves converged");
  th_abs(ratio[2], 1, 0.01, "stress step: dissipation rate of the n = 2 flow at R = 32 cells vs 16 nu / R^2");
  double order = th_slope(3, hs, es);
  th_true(order >= 1, "stress step: observed order of the dissipation rate %.2f >= 1 (errors %.2e %.2e %.2e)", order,
          es[0], es[1], es[2]);
  th_true(lap_ext[2] < 0.3 && lap_lin[2] < 1e-8, "Laplacian step: far below Lamb's rate (%.3f, %.1e)", lap_ext[2],
          lap_lin[2]);
}

/* the line/square area fraction */
static void square_fraction(void)
{
  th_abs(cap_subcell_square_fraction(0.6, 0.8, 0.7), 0, 1e-15,
         "fraction 0 when the line touches the far corner (d = 0.7)");
  th_abs(cap_subcell_square_fraction(0.6, 0.8, 0.7001), 0, 0, "fraction 0 beyond the far corner");
  th_abs(cap_subcell_square_fraction(0.6, 0.8, -0.7), 1, 1e-15, "fraction 1 when the line touches the near corner");
  th_abs(cap_subcell_square_fraction(-0.3817, 0.9243, -5.0), 1, 0, "fraction 1 far inside");
  const double normals[4][2] = {{1, 0}, {0.3817, -1.2}, {-2, 0.7}, {1, 1}};
  for (int m = 0; m < 4; m++)
    th_abs(cap_subcell_square_fraction(normals[m][0], normals[m][1], 0), 0.5, 1e-15,
           "fraction 1/2 through the centre, n = (%g, %g)", normals[m][0], normals[m][1]);
  /* axis aligned: the liquid is the strip x < -d of width 1/2 - d */
  th_abs(cap_subcell_square_fraction(1, 0, 0.2), 0.3, 1e-15, "axis-aligned line x = -0.2: fraction 0.3");
  th_abs(cap_subcell_square_fraction(0, -1, -0.3183), 0.8183, 1e-15, "axis-aligned line y = -0.3183, liquid above");
  /* 45 degrees: the liquid x + y < -sqrt(2) d is the corner triangle of legs 1 - sqrt(2) d */
  th_abs(cap_subcell_square_fraction(1, 1, 0.1), 0.5 * pow(1 - sqrt(2) * 0.1, 2), 1e-15,
         "45-degree line: corner triangle (1 - sqrt2 d)^2 / 2 at d = 0.1");
  th_abs(cap_subcell_square_fraction(-1, 1, -0.2417), 1 - 0.5 * pow(1 - sqrt(2) * 0.2417, 2), 1e-15,
         "45-degree line: 1 - triangle at d = -0.2417");
  /* n = (3, 4)/5: at d = 0.3 the corner triangle 0.8 e1 + 0.6 e2 < 0.4 has legs 1/2 and 2/3, area
   * 1/6; at d = 0.05 the line crosses two opposite sides, area 1/2 - d / 0.8 = 0.4375 */
  th_abs(cap_subcell_square_fraction(3, 4, 0.3), 1.0 / 6, 1e-15, "n = (3,4)/5, d = 0.3: triangle 1/6");
  th_abs(cap_subcell_square_fraction(0.6, 0.8, 0.05), 0.4375, 1e-15, "n = (3,4)/5, d = 0.05: trapezium 0.4375");
  th_abs(cap_subcell_square_fraction(-4, 3, -0.3), 5.0 / 6, 1e-15, "n = (-4,3)/5, d = -0.3: 1 - 1/6");
  th_abs(cap_subcell_square_fraction(0, 0, -0.1), 1, 0, "zero normal: liquid by the sign of d");
  double worst = 0, mc = 0;
  for (int m = 0; m < 7; m++) {
    double nx = cos(0.3817 + 0.9173 * m), ny = sin(0.3817 + 0.9173 * m), d = 0.1129 * (m - 3) + 0.0417;
    worst = fmax(worst, fabs(cap_subcell_square_fraction(nx, ny, d) + cap_subcell_square_fraction(nx, ny, -d) - 1));
    /* against a midpoint count on 800 x 800 points (error <= perimeter / 800 ~ 2e-3) */
    long in = 0;
    for (int b = 0; b < 800; b++)
      for (int a = 0; a < 800; a++) in += nx * ((a + 0.5) / 800 - 0.5) + ny * ((b + 0.5) / 800 - 0.5) + d < 0;
    mc = fmax(mc, fabs(cap_subcell_square_fraction(nx, ny, d) - in / 640000.0));
  }
  th_abs(worst, 0, 1e-15, "symmetry f(d) + f(-d) = 1 over 7 normals");
  th_abs(mc, 0, 2e-3, "fraction agrees with a point count over 7 normals and offsets");
}

/* the discrete operator itself: a divergence-free field, for which the stress step's
 * Euler-Lagrange equation is the Laplacian step's (cap_viscosity.h), returns exactly */
static void axi_operator(void)
{
  for (int s = 0; s < 2; s++)
    for (int m = 0; m < 2; m++) {
      double x0 = m ? 0.3817 : 0, e = axi_exact_operator(STEP[s], 32, x0, m ? 0.05 : 0.003817);
      th_abs(e, 0, 1e-11,
             "AXI %s step: (I - nu_dt L_h)^-1 of (I - nu_dt L_h) u* is u* for a divergence-free u* "
             "(the documented r-weighted rows; %s, no-slip wall)",
             NAME[s], m ? "annulus r >= 0.3817" : "axis");
    }
}

/* second-order convergence of a manufactured solution, the faces next to the axis included */
static void axi_manufactured_order(void)
{
  for (int s = 0; s < 2; s++) {
    int ns[3] = {16, 32, 64};
    double hs[3], es[3], ea[3];
    for (int m = 0; m < 3; m++) {
      int its;
      hs[m] = 1.0 / ns[m];
      axi_manufactured(STEP[s], s + 1, ns[m], 0.03817, &es[m], &ea[m], &its);
      th_note("AXI %s step, manufactured u_r = (r - r^3) sin, u_z = (1 - r^2)^2 cos, n = %d: max error %.3e, next "
              "to the axis %.3e (%d iterations)",
              NAME[s], ns[m], es[m], ea[m], its);
    }
    th_true(th_slope(3, hs, es) >= 1.8, "AXI %s step, manufactured solution: observed order %.2f >= 1.8", NAME[s],
            th_slope(3, hs, es));
    th_true(th_slope(3, hs, ea) >= 1.8,
            "AXI %s step, manufactured solution next to the axis: observed order %.2f >= "
            "1.8",
            NAME[s], th_slope(3, hs, ea));
  }
}

/* a uniform axial flow: unchanged between slip walls, slowed by a no-slip wall */
static void axi_uniform_flow(void)
{
  for (int s = 0; s < 2; s++) {
    th_abs(axi_uniform(STEP[s], CAP_BC_SLIP), 0, 1e-12, "AXI %s step: uniform u_z with a slip wall unchanged", NAME[s]);
    double d = axi_uniform(STEP[s], CAP_BC_WALL);
    th_true(d > 1e-3, "AXI %s step: uniform u_z slowed by a no-slip wall (change %.3g)", NAME[s], d);
  }
}

/* rigid translation of a free liquid sphere along the axis: E = 0 in every term, so the stress
 * step is the identity, also stiff (R = 24 cells, nu dt / h^2 = 41) */
static void axi_translation(void)
{
  drop_case Q;
  sphere_case_open(&Q, 24);
  double hh = Q.D.g.h * Q.D.g.h;
  for (int m = 0; m < 2; m++) {
    double k = m ? 41 : 0.05;
    sphere_set(&Q.D, 0);
    int s = cap_viscosity_stress_step(Q.w, &Q.D.g, Q.D.phi, Q.D.u, Q.D.v, NULL, k * hh, 1e-12, 2000, &Q.st);
    th_true(s == CAP_SUCCESS && Q.st.unknowns[1] > 0,
            "AXI stress step on a translating sphere, nu dt / h^2 = %g (%ld "
            "+ %ld unknowns, %d iterations)",
            k, Q.st.unknowns[0], Q.st.unknowns[1], Q.st.iterations[0]);
    th_abs(drop_change(&Q.D, 0.7319), 0, 1e-10,
           "AXI stress step: rigid translation along the axis unchanged "
           "(max change / U, nu dt / h^2 = %g)",
           k);
  }
  sphere_set(&Q.D, 0);
  th_int(cap_viscosity_step(Q.w, &Q.D.g, Q.D.phi, Q.D.u, Q.D.v, NULL, 41 * hh, 1e-12, 2000, &Q.st), CAP_SUCCESS,
         "AXI Laplacian step on the translating sphere (void faces as Dirichlet data)");
  th_abs(drop_change(&Q.D, 0.7319), 0, 1e-10, "AXI Laplacian step: rigid translation along the axis unchanged");
  drop_case_close(&Q);
}

/* error paths on the AXI workspace */
static void axi_bad_input(void)
{
  drop_case Q;
  sphere_case_open(&Q, 24);
  cap_grid a;
  cap_grid_init(&a, CAP_GEOM_3D, Q.D.g.nx, Q.D.g.ny, 4, Q.D.g.h, 0, 0, 0, 2);
  th_int(cap_viscosity_stress_step(Q.w, &a, Q.D.phi, Q.D.u, Q.D.v, NULL, 0.01, 1e-12, 10, &Q.st), CAP_EINVAL,
         "stress step: 3D grid without w refused (CAP_EINVAL)");
  th_int(cap_viscosity_step(Q.w, &a, Q.D.phi, Q.D.u, Q.D.v, NULL, 0.01, 1e-12, 10, &Q.st), CAP_EINVAL,
         "Laplacian step: 3D grid without w refused (CAP_EINVAL)");
  cap_grid_init(&a, CAP_GEOM_AXI, Q.D.g.nx, Q.D.g.ny, 1, Q.D.g.h, 0.3817, 0, 0, 2);
  cap_grid_set_bc(&a, CAP_XLO, CAP_BC_PERIODIC);
  cap_grid_set_bc(&a, CAP_XHI, CAP_BC_PERIODIC);
  th_int(cap_viscosity_stress_step(Q.w, &a, Q.D.phi, Q.D.u, Q.D.v, NULL, 0.01, 1e-12, 10, &Q.st), CAP_EGEOM,
         "stress step: AXI annulus periodic in r refused (CAP_EGEOM)");
  th_int(cap_viscosity_step(Q.w, &a, Q.D.phi, Q.D.u, Q.D.v, NULL, 0.01, 1e-12, 10, &Q.st), CAP_EGEOM,
         "Laplacian step: AXI annulus periodic in r refused (CAP_EGEOM)");
  cap_grid_init(&a, CAP_GEOM_AXI, Q.D.g.nx + 1, Q.D.g.ny, 1, Q.D.g.h, 0, 0, 0, 2);
  th_int(cap_viscosity_stress_step(Q.w, &a, Q.D.phi, Q.D.u, Q.D.v, NULL, 0.01, 1e-12, 10, &Q.st), CAP_ESIZE,
         "stress step: AXI workspace of another grid rejected");
  drop_case_close(&Q);
}

/* dissipation of the axisymmetric n = 2 potential flow u = grad (r^2/2 - z^2)... = (r, -2 z),
 * divergence-free ((1/r)(r r)' - 2 = 0), in a sphere of radius R: E = diag(u_r,r, u_r/r, u_z,z) =
 * diag(1, 1, -2), E:E = 6, so the dissipation 2 mu E:E integrates to 12 mu (4/3) pi R^3 = 16 pi mu R^3;
 * the kinetic energy (rho/2) int (r^2 + 4 z^2) dV with int x^2 dV = int y^2 dV = int z^2 dV =
 * 4 pi R^5 / 15 is (rho/2) (8 + 16) pi R^5 / 15 = 4 pi rho R^5 / 5; hence -d(KE)/dt / KE = 20 nu / R^2.
 * (Half of it, 10 nu / R^2, is twice Lamb's (1932, Sec. 355) amplitude rate (n-1)(2n+1) nu / R^2 = 5 nu
 * / R^2 of the n = 2 drop oscillation.) Discrete: KE = sum w_f r_f u^2, one step of nu dt = 1e-3 h^2. */
static void axi_sphere_dissipation(void)
{
  int Rc[3] = {8, 16, 32}, status[3], its[3];
  double hs[3], es[3], ratio[3];
  for (int m = 0; m < 3; m++) {
    int its2, s2;
    ratio[m] = sphere_rate(Rc[m], 1e-3, &its[m], &status[m]);
    hs[m] = 1.0 / Rc[m];
    es[m] = fabs(ratio[m] - 1);
    double big = sphere_rate(Rc[m], 0.05, &its2, &s2);
    th_note("AXI sphere R = %2d cells: stress step dissipation rate of the n = 2 flow / (20 nu / R^2) = %.5f (%d "
            "iterations); at nu dt = 0.05 h^2: %.5f",
            Rc[m], ratio[m], its[m], big);
  }
  th_true(status[0] == CAP_SUCCESS && status[1] == CAP_SUCCESS && status[2] == CAP_SUCCESS,
          "AXI stress step: the three sphere solves converged");
  th_abs(ratio[2], 1, 0.01, "AXI stress step: dissipation rate of the n = 2 flow at R = 32 cells vs 20 nu / R^2");
  double order = th_slope(3, hs, es);
  th_true(order >= 1,
          "AXI stress step: observed order of the dissipation rate %.2f >= 1 (errors %.2e %.2e "
          "%.2e)",
          order, es[0], es[1], es[2]);
}

/* faces held at 0 inside the domain (cap_viscosity_set_fixed_faces, the faces of solids): a box of
 * n x m liquid cells with no-slip walls against a box 3 columns wider whose faces from x-face n on
 * are held at 0. The wall-normal u has the same rows in both (its neighbour at face n is 0 either
 * way), so the Laplacian step gives the same u to rounding. */
static void fixed_faces(void)
{
  const int n = 12, m = 10, extra = 3;
  const double h = 1.0 / n, nu_dt = 0.7 * h * h;
  cap_grid ga, gb;
  cap_grid_init(&ga, CAP_GEOM_PLANAR, n, m, 1, h, 0, 0, 0, 3);
  cap_grid_init(&gb, CAP_GEOM_PLANAR, n + extra, m, 1, h, 0, 0, 0, 3);
  double *pa = cap_grid_field_alloc(&ga), *ua = cap_grid_field_alloc(&ga), *va = cap_grid_field_alloc(&ga);
  double *pb = cap_grid_field_alloc(&gb), *ub = cap_grid_field_alloc(&gb), *vb = cap_grid_field_alloc(&gb);
  unsigned char *xf = calloc(gb.size, 1), *yf = calloc(gb.size, 1);
  for (size_t c = 0; c < ga.size; c++) pa[c] = -1;
  for (size_t c = 0; c < gb.size; c++) pb[c] = -1;
  for (int j = 0; j < m; j++)
    for (int i = 1; i < n; i++) {
      double x = i * h, y = (j + 0.5) * h, f = sin(3.1 * x) * cos(2.3 * y) + 0.2;
      ua[cap_grid_idx(&ga, i, j)] = ub[cap_grid_idx(&gb, i, j)] = f;
    }
  for (int j = 0; j <= m; j++)
    for (int i = 0; i <= n + extra; i++) {
      if (i >= n) xf[cap_grid_idx(&gb, i, j)] = 1;
      if (i >= n && i < n + extra) yf[cap_grid_idx(&gb, i, j)] = 1;
    }
  cap_viscosity_ws *wa = NULL, *wb = NULL;
  cap_viscosity_ws_alloc(&wa, &ga);
  cap_viscosity_ws_alloc(&wb, &gb);
  cap_viscosity_set_fixed_faces(wb, xf, yf);
  cap_viscosity_status sa, sb;
  th_int(cap_viscosity_step(wa, &ga, pa, ua, va, NULL, nu_dt, 1e-14, 500, &sa), CAP_SUCCESS,
         "fixed faces: step on the box");
  th_int(cap_viscosity_step(wb, &gb, pb, ub, vb, NULL, nu_dt, 1e-14, 500, &sb), CAP_SUCCESS,
         "fixed faces: step on the wider box");
  double eu = 0, fixed = 0;
  for (int j = 0; j < m; j++) {
    for (int i = 0; i <= n; i++) eu = fmax(eu, fabs(ua[cap_grid_idx(&ga, i, j)] - ub[cap_grid_idx(&gb, i, j)]));
    for (int i = n; i <= n + extra; i++) fixed = fmax(fixed, fabs(ub[cap_grid_idx(&gb, i, j)]));
  }
  th_abs(eu, 0, 1e-12, "fixed faces: u as with a wall at x-face %d", n);
  th_abs(fixed, 0, 0, "fixed faces: held at exactly 0");
  th_true(sb.unknowns[0] == sa.unknowns[0], "fixed faces: not unknowns (%ld and %ld u unknowns)", sb.unknowns[0],
          sa.unknowns[0]);
  cap_viscosity_ws_free(wa);
  cap_viscosity_ws_free(wb);
  free(pa);
  free(ua);
  free(va);
  free(pb);
  free(ub);
  free(vb);
  free(xf);
  free(yf);
}

/* fixed faces at a velocity (a moving solid): on a doubly periodic box round a block of fixed faces,
 * the step of (f + U, g + V) with the block at (U, V) is the step of (f, g) with the block at 0,
 * shifted by (U, V): the operators see differences only. Both forms. */
static void moving_fixed_faces(void)
{
  for (int form = 0; form < 2; form++) {
    const int n = 16;
    const double h = 1.0 / n, nu_dt = 0.9 * h * h, U = 0.731, V = -0.417;
    cap_grid g;
    cap_grid_init(&g, CAP_GEOM_PLANAR, n, n, 1, h, 0, 0, 0, 3);
    cap_grid_set_bc(&g, CAP_XLO, CAP_BC_PERIODIC);
    cap_grid_set_bc(&g, CAP_XHI, CAP_BC_PERIODIC);
    cap_grid_set_bc(&g, CAP_YLO, CAP_BC_PERIODIC);
    cap_grid_set_bc(&g, CAP_YHI, CAP_BC_PERIODIC);
    double *ph = cap_grid_field_alloc(&g), *u0 = cap_grid_field_alloc(&g), *v0 = cap_grid_field_alloc(&g);
    double *u1 = cap_grid_field_alloc(&g), *v1 = cap_grid_field_alloc(&g);
    unsigned char *xf = calloc(g.size, 1), *yf = calloc(g.size, 1);
    for (size_t c = 0; c < g.size; c++) ph[c] = -1;
    for (int j = 0; j <= n; j++)
      for (int i = 0; i <= n; i++) {
        size_t c = cap_grid_idx(&g, i, j);
        int block = i >= 5 && i <= 9 && j >= 6 && j <= 9; /* the faces round cells 5-8 x 6-8 */
        double x = i * h, y = (j + 0.5) * h;
        u0[c] = block ? 0 : sin(2 * M_PI * x) * cos(2 * M_PI * y) + 0.3 * sin(4 * M_PI * y);
        v0[c] = block ? 0 : cos(2 * M_PI * x + 0.4) * sin(2 * M_PI * y);
        u1[c] = u0[c] + U;
        v1[c] = v0[c] + V;
        xf[c] = yf[c] = (unsigned char)block;
      }
    cap_viscosity_ws *w = NULL;
    cap_viscosity_ws_alloc(&w, &g);
    cap_viscosity_set_fixed_faces(w, xf, yf);
    cap_viscosity_status st0, st1;
    int s0 = form ? cap_viscosity_stress_step(w, &g, ph, u0, v0, NULL, nu_dt, 1e-13, 800, &st0)
                  : cap_viscosity_step(w, &g, ph, u0, v0, NULL, nu_dt, 1e-13, 800, &st0);
    int s1 = form ? cap_viscosity_stress_step(w, &g, ph, u1, v1, NULL, nu_dt, 1e-13, 800, &st1)
                  : cap_viscosity_step(w, &g, ph, u1, v1, NULL, nu_dt, 1e-13, 800, &st1);
    const char *name = form ? "stress form" : "Laplacian form";
    th_int(s0 || s1, CAP_SUCCESS, "moving fixed faces, %s: both steps", name);
    double dev = 0, held = 0, moved = 0;
    for (int j = 0; j < n; j++)
      for (int i = 0; i < n; i++) {
        size_t c = cap_grid_idx(&g, i, j);
        dev = fmax(dev, fmax(fabs(u1[c] - U - u0[c]), fabs(v1[c] - V - v0[c])));
        if (xf[c]) held = fmax(held, fabs(u1[c] - U));
        if (yf[c]) held = fmax(held, fabs(v1[c] - V));
        moved = fmax(moved, fabs(u0[c] - (xf[c] ? 0
                                                : sin(2 * M_PI * i * h) * cos(2 * M_PI * (j + 0.5) * h) +
                                                      0.3 * sin(4 * M_PI * (j + 0.5) * h))));
      }
    th_abs(dev, 0, 1e-10, "moving fixed faces, %s: the step of the shifted field is the shifted step", name);
    th_abs(held, 0, 0, "moving fixed faces, %s: the fixed faces keep their velocity exactly", name);
    th_true(moved > 1e-3, "moving fixed faces, %s: the step did something (max change %.3g)", name, moved);
    cap_viscosity_ws_free(w);
    free(ph);
    free(u0);
    free(v0);
    free(u1);
    free(v1);
    free(xf);
    free(yf);
  }
}

/* ---- 3D grids ---- */

/* A 3D liquid on g: phi (-1 everywhere unless set), the velocity f = (u, v, w) and its start f0. */
typedef struct {
  cap_grid g;
  double *phi, *f[3], *f0[3];
} liquid3;

/* An nx x ny x nz box of cells of side h at the origin, direction d periodic (bc[d] = PERIODIC) or
 * bounded by bc[d] on both sides; phi = -1. */
static void liquid3_open(liquid3 *L, int nx, int ny, int nz, double h, const cap_bc bc[3])
{
  cap_grid_init(&L->g, CAP_GEOM_3D, nx, ny, nz, h, 0, 0, 0, 2);
  for (int d = 0; d < 3; d++) {
    cap_grid_set_bc(&L->g, (cap_side)(2 * d), bc[d]);
    cap_grid_set_bc(&L->g, (cap_side)(2 * d + 1), bc[d]);
  }
  L->phi = cap_grid_field_alloc(&L->g);
  for (int q = 0; q < 3; q++) {
    L->f[q] = cap_grid_field_alloc(&L->g);
    L->f0[q] = cap_grid_field_alloc(&L->g);
  }
  for (size_t c = 0; c < L->g.size; c++) L->phi[c] = -1;
}

static void liquid3_close(liquid3 *L)
{
  free(L->phi);
  for (int q = 0; q < 3; q++) {
    free(L->f[q]);
    free(L->f0[q]);
  }
}

/* f = f0 = vel(x) on every sample of the three face lattices (the wall-normal faces 0), vel(x, q)
 * the component q at the point x. */
typedef double vel3_fn(const double x[3], int q, const void *par);
static void liquid3_set(liquid3 *L, vel3_fn *vel, const void *par)
{
  const cap_grid *g = &L->g;
  const int n[3] = {g->nx, g->ny, g->nz};
  for (int q = 0; q < 3; q++) {
    double o[3];
    cap_grid_offsets3((cap_location)(CAP_AT_XFACE + q), &o[0], &o[1], &o[2]);
    for (int k = 0; k <= g->nz; k++)
      for (int j = 0; j <= g->ny; j++)
        for (int i = 0; i <= g->nx; i++) {
          const int a[3] = {i, j, k};
          const double x[3] = {(i + o[0]) * g->h, (j + o[1]) * g->h, (k + o[2]) * g->h};
          size_t c = cap_grid_idx3(g, i, j, k);
          double val = vel(x, q, par);
          if (g->bc[2 * q] != CAP_BC_PERIODIC && (a[q] == 0 || a[q] == n[q])) val = 0;
          L->f[q][c] = L->f0[q][c] = val;
        }
  }
}

static int liquid3_steps(step_fn *step, liquid3 *L, int steps, double nu_dt, double tol, int maxit,
                         cap_viscosity_status *st)
{
  cap_viscosity_ws *w = NULL;
  cap_viscosity_ws_alloc(&w, &L->g);
  int status = CAP_SUCCESS;
  for (int s = 0; s < steps; s++) status = step(w, &L->g, L->phi, L->f[0], L->f[1], L->f[2], nu_dt, tol, maxit, st);
  cap_viscosity_ws_free(w);
  return status;
}

/* The largest |f - f0| over the interior samples of the three lattices, relative to `scale`; or, with
 * `factor` > 0, the largest |f / f0 - factor| where |f0| > 1e-3. */
static double liquid3_change(const liquid3 *L, double scale, double factor)
{
  const cap_grid *g = &L->g;
  double e = 0;
  for (int q = 0; q < 3; q++)
    for (int k = 0; k < g->nz + (q == 2); k++)
      for (int j = 0; j < g->ny + (q == 1); j++)
        for (int i = 0; i < g->nx + (q == 0); i++) {
          size_t c = cap_grid_idx3(g, i, j, k);
          double a = L->f[q][c], b = L->f0[q][c];
          if (factor > 0 && fabs(b) > 1e-3)
            e = fmax(e, fabs(a / b - factor));
          else if (!(factor > 0))
            e = fmax(e, fabs(a - b) / scale);
        }
  return e;
}

/* The 3D Taylor-Green field of the unit periodic box, K = 2 pi: (sin X cos Y cos Z, cos X sin Y cos Z,
 * -2 cos X cos Y sin Z), divergence free (also discretely on the MAC grid) and an eigenfunction of the
 * continuous and the 7-point Laplacians: lambda = 3 K^2, lambda_h = (12 / h^2) sin^2(K h / 2). */
static double taylor_green(const double x[3], int q, const void *par)
{
  (void)par;
  const double K = 2 * M_PI;
  double s[3], c[3];
  for (int d = 0; d < 3; d++) {
    s[d] = sin(K * x[d]);
    c[d] = cos(K * x[d]);
  }
  return q == 0 ? s[0] * c[1] * c[2] : (q == 1 ? c[0] * s[1] * c[2] : -2 * c[0] * c[1] * s[2]);
}

static double tg_lambda_h(double h) { return 12 / (h * h) * pow(sin(M_PI * h), 2); }

static const cap_bc PERIODIC3[3] = {CAP_BC_PERIODIC, CAP_BC_PERIODIC, CAP_BC_PERIODIC};

/* Taylor-Green in the periodic box after `steps` steps of `step` to nu t = nut on n^3 cells: the
 * amplitude (least squares over the three lattices) less `ref`. */
static double tg_error(step_fn *step, int n, int steps, double nut, double ref)
{
  liquid3 L;
  liquid3_open(&L, n, n, n, 1.0 / n, PERIODIC3);
  liquid3_set(&L, taylor_green, NULL);
  liquid3_steps(step, &L, steps, nut / steps, 1e-12, 1000, NULL);
  double num = 0, den = 0;
  for (int q = 0; q < 3; q++)
    for (int k = 0; k < n; k++)
      for (int j = 0; j < n; j++)
        for (int i = 0; i < n; i++) {
          size_t c = cap_grid_idx3(&L.g, i, j, k);
          num += L.f[q][c] * L.f0[q][c];
          den += L.f0[q][c] * L.f0[q][c];
        }
  liquid3_close(&L);
  return num / den - ref;
}

/* one step of both forms on Taylor-Green: the exact discrete factor 1 / (1 + nu_dt lambda_h), and the
 * stress form equal to the Laplacian form (the field is discretely divergence free) */
static void tg3d_mode(void)
{
  const int n = 16;
  const double nu_dt = 3.817e-3, expect = 1 / (1 + nu_dt * tg_lambda_h(1.0 / n));
  liquid3 L[2];
  for (int s = 0; s < 2; s++) {
    cap_viscosity_status st;
    liquid3_open(&L[s], n, n, n, 1.0 / n, PERIODIC3);
    liquid3_set(&L[s], taylor_green, NULL);
    th_int(liquid3_steps(STEP[s], &L[s], 1, nu_dt, 1e-12, 500, &st), CAP_SUCCESS, "3D %s step on Taylor-Green",
           NAME[s]);
    th_abs(liquid3_change(&L[s], 1, expect), 0, 1e-10,
           "3D %s step: Taylor-Green decays by the exact discrete factor %.12f", NAME[s], expect);
    th_int(st.unknowns[0] + st.unknowns[1] + st.unknowns[2], 3L * n * n * n,
           "3D %s step, periodic box: every face of the three lattices is an unknown", NAME[s]);
    th_note("3D %s step, Taylor-Green 16^3: %d %d %d iterations", NAME[s], st.iterations[0], st.iterations[1],
            st.iterations[2]);
  }
  double d = 0;
  for (int q = 0; q < 3; q++)
    for (size_t c = 0; c < L[0].g.size; c++) d = fmax(d, fabs(L[0].f[q][c] - L[1].f[q][c]));
  th_abs(d, 0, 1e-10, "3D: the stress step equals the Laplacian step on a divergence-free field in full liquid");
  for (int s = 0; s < 2; s++) liquid3_close(&L[s]);
}

/* Taylor-Green decay to nu t = 0.005: first order in dt against the semi-discrete exp(-nu lambda_h t)
 * (16^3; the stress step's errors equal the Laplacian step's), and second order in h against the exact
 * exp(-nu lambda t) with dt ~ h^2 (8^3, 16^3, 32^3 in 1, 4, 16 steps). */
static void tg3d_decay(void)
{
  const double nut = 0.005;
  const int steps[3] = {5, 10, 20}, ns[3] = {8, 16, 32};
  double dts[3], err[3], hs[3], eh[3];
  for (int m = 0; m < 3; m++) {
    double ref = exp(-nut * tg_lambda_h(1.0 / 16));
    dts[m] = nut / steps[m];
    err[m] = fabs(tg_error(cap_viscosity_step, 16, steps[m], nut, ref));
    double es = fabs(tg_error(cap_viscosity_stress_step, 16, steps[m], nut, ref));
    th_abs(es, err[m], 1e-10, "3D stress step: Taylor-Green error in %d steps equals the Laplacian step's", steps[m]);
    hs[m] = 1.0 / ns[m];
    eh[m] = fabs(tg_error(cap_viscosity_step, ns[m], (ns[m] / 8) * (ns[m] / 8), nut, exp(-nut * 12 * M_PI * M_PI)));
    th_note("Taylor-Green to nu t = %g: %2d steps on 16^3: error %.3e against exp(-nu lambda_h t); %d^3 in %d steps: "
            "error %.3e against exp(-nu lambda t)",
            nut, steps[m], err[m], ns[m], (ns[m] / 8) * (ns[m] / 8), eh[m]);
  }
  double pt = th_slope(3, dts, err), ph = th_slope(3, hs, eh);
  th_true(pt >= 0.9, "3D backward Euler: observed order in dt %.2f >= 0.9", pt);
  th_true(ph >= 1.8, "3D Taylor-Green, dt ~ h^2: observed order in h %.2f >= 1.8", ph);
}

/* Shear mode of component q along direction d (bounded by `bc`, the others periodic): sin(pi x_d) for
 * `kind` 0, the uniform 1 for kind 1. */
typedef struct {
  int q, d, kind;
} shear3;

static double shear3_vel(const double x[3], int q, const void *par)
{
  const shear3 *P = par;
  if (q != P->q) return 0;
  return P->kind ? 1 : sin(M_PI * x[P->d]);
}

/* One step of `step` on the shear mode in a 4 x 4 x 4 box stretched to 16 cells along d; returns the
 * max deviation from the exact discrete factor (kind 0: (1 + nu_dt (4/h^2) sin^2(pi h / 2))^-1 with
 * no-slip walls; kind 1: 1 with slip walls) or, kind 1 with walls, the max change. */
static double shear3_case(step_fn *step, int q, int d, int kind, cap_bc bc, long *unk)
{
  cap_bc b[3] = {CAP_BC_PERIODIC, CAP_BC_PERIODIC, CAP_BC_PERIODIC};
  b[d] = bc;
  int n[3] = {4, 4, 4};
  n[d] = 16;
  liquid3 L;
  liquid3_open(&L, n[0], n[1], n[2], 1.0 / 16, b);
  shear3 P = {q, d, kind};
  liquid3_set(&L, shear3_vel, &P);
  const double nu_dt = 3.817e-3, h = 1.0 / 16;
  cap_viscosity_status st;
  liquid3_steps(step, &L, 1, nu_dt, 1e-13, 500, &st);
  *unk = st.unknowns[d];
  double e = kind ? liquid3_change(&L, 1, 0)
                  : liquid3_change(&L, 1, 1 / (1 + nu_dt * 4 / (h * h) * pow(sin(M_PI * h / 2), 2)));
  liquid3_close(&L);
  return e;
}

/* walls on each axis and for each tangential component: the no-slip mirror and the slip mirror */
static void walls3d(void)
{
  for (int s = 0; s < 2; s++)
    for (int d = 0; d < 3; d++)
      for (int q = 0; q < 3; q++) {
        if (q == d) continue;
        long unk;
        th_abs(
            shear3_case(STEP[s], q, d, 0, CAP_BC_WALL, &unk), 0, 1e-10,
            "3D %s step: mode sin(pi x_%d) of component %d between no-slip walls decays by the exact discrete factor",
            NAME[s], d, q);
        th_int(unk, 15L * 16, "3D %s step: the wall-normal faces of component %d are not unknowns (15 x 4 x 4)",
               NAME[s], d);
        th_abs(shear3_case(STEP[s], q, d, 1, CAP_BC_SLIP, &unk), 0, 1e-12,
               "3D %s step: uniform component %d between slip walls normal to %d unchanged", NAME[s], q, d);
        double c = shear3_case(STEP[s], q, d, 1, CAP_BC_WALL, &unk);
        th_true(c > 1e-3, "3D %s step: uniform component %d slowed by no-slip walls normal to %d (change %.3g)",
                NAME[s], q, d, c);
      }
}

/* A sphere of radius R centred at xc in the unit box, in rigid motion U + Omega x (x - xc) (linear, so
 * continued linearly into the void) */
typedef struct {
  double xc[3], R, U[3], Om[3];
} sphere3;

static double rigid3(const double x[3], int q, const void *par)
{
  const sphere3 *P = par;
  double r[3] = {x[0] - P->xc[0], x[1] - P->xc[1], x[2] - P->xc[2]};
  double cr[3] = {P->Om[1] * r[2] - P->Om[2] * r[1], P->Om[2] * r[0] - P->Om[0] * r[2],
                  P->Om[0] * r[1] - P->Om[1] * r[0]};
  return P->U[q] + cr[q];
}

static void sphere3_phi(liquid3 *L, const sphere3 *P)
{
  const cap_grid *g = &L->g;
  for (int k = -2; k < g->nz + 2; k++)
    for (int j = -2; j < g->ny + 2; j++)
      for (int i = -2; i < g->nx + 2; i++) {
        double x = cap_grid_xc(g, i) - P->xc[0], y = cap_grid_yc(g, j) - P->xc[1], z = cap_grid_zc(g, k) - P->xc[2];
        L->phi[cap_grid_idx3(g, i, j, k)] = sqrt(x * x + y * y + z * z) - P->R;
      }
}

/* a free liquid sphere in rigid rotation about an oblique axis plus a translation, no-slip walls far
 * off, nu dt / h^2 = 41: every strain term is exactly 0 on the MAC grid, so the stress step must
 * return the field unchanged (no spurious dissipation of rigid motion) */
static void sphere3d_rigid(void)
{
  const int n = 24;
  const cap_bc walls[3] = {CAP_BC_WALL, CAP_BC_WALL, CAP_BC_WALL};
  sphere3 P = {{0.5131, 0.4873, 0.5029}, 0.3, {0.3, -0.2, 0.5}, {0.7, -1.3, 1.1}};
  liquid3 L;
  liquid3_open(&L, n, n, n, 1.0 / n, walls);
  sphere3_phi(&L, &P);
  liquid3_set(&L, rigid3, &P);
  cap_viscosity_status st;
  const double scale = sqrt(0.3 * 0.3 + 0.2 * 0.2 + 0.5 * 0.5) + sqrt(0.7 * 0.7 + 1.3 * 1.3 + 1.1 * 1.1) * P.R;
  th_int(liquid3_steps(cap_viscosity_stress_step, &L, 1, 41.0 / (n * n), 1e-12, 2000, &st), CAP_SUCCESS,
         "3D stress step on a sphere in rigid motion");
  th_abs(liquid3_change(&L, scale, 0), 0, 1e-10,
         "3D stress step: rigid rotation + translation of a free sphere unchanged (max change / (|U| + |Omega| R))");
  /* the ball of 7.2 cells radius has 4/3 pi 7.2^3 = 1563 cells: so many faces per component, plus a
   * surface layer of about 4 pi 7.2^2 = 651 faces */
  for (int q = 0; q < 3; q++)
    th_true(st.unknowns[q] > 1563 && st.unknowns[q] < 1563 + 2 * 651,
            "3D stress step: %ld unknowns of component %d, the ball and its surface layer", st.unknowns[q], q);
  th_note("3D stress step, rigid sphere 24^3: %d iterations, residual %.2e", st.iterations[0], st.residual[0]);
  liquid3_close(&L);
}

/* The n = 2 potential flow (X, -Y, 0) in a sphere of radius R: E = diag(1, -1, 0), E:E = 2, the
 * dissipation 4 mu V against KE = rho V R^2 / 5: -d(KE)/dt / KE = 20 nu / R^2 (as the AXI sphere). */
static double strain3(const double x[3], int q, const void *par)
{
  const sphere3 *P = par;
  return q == 0 ? x[0] - P->xc[0] : (q == 1 ? -(x[1] - P->xc[1]) : 0);
}

/* the dissipation rate of the n = 2 flow in a sphere of Rc = 6, 9 cells, one step nu dt = 1e-3 h^2, KE
 * from the face fractions of the unit-cube formula (as the step's mass weights) */
static void sphere3d_dissipation(void)
{
  const int Rcs[2] = {6, 9};
  double ratio[2];
  for (int m = 0; m < 2; m++) {
    const int n = 2 * Rcs[m] + 8;
    const double h = 1.0 / n;
    const cap_bc walls[3] = {CAP_BC_WALL, CAP_BC_WALL, CAP_BC_WALL};
    sphere3 P = {{(n / 2 + 0.3183) * h, (n / 2 + 0.1419) * h, (n / 2 - 0.2213) * h}, Rcs[m] * h, {0, 0, 0}, {0, 0, 0}};
    liquid3 L;
    liquid3_open(&L, n, n, n, h, walls);
    sphere3_phi(&L, &P);
    liquid3_set(&L, strain3, &P);
    cap_viscosity_status st;
    const double nu_dt = 1e-3 * h * h;
    int s = liquid3_steps(cap_viscosity_stress_step, &L, 1, nu_dt, 1e-13, 2000, &st);
    double ke0 = 0, dke = 0;
    const cap_grid *g = &L.g;
    const ptrdiff_t str[3] = {1, g->sy, g->sz};
    for (int q = 0; q < 3; q++)
      for (int k = 1; k < n - 1; k++)
        for (int j = 1; j < n - 1; j++)
          for (int i = 1; i < n - 1; i++) {
            ptrdiff_t c = (ptrdiff_t)cap_grid_idx3(g, i, j, k), o = str[q];
            const double *f = L.phi;
            double gr[3];
            for (int d = 0; d < 3; d++)
              gr[d] = d == q ? (f[c] - f[c - o]) / h
                             : (f[c + str[d]] + f[c - o + str[d]] - f[c - str[d]] - f[c - o - str[d]]) / (4 * h);
            double gn = sqrt(gr[0] * gr[0] + gr[1] * gr[1] + gr[2] * gr[2]);
            double wf = cap_subcell_cube_fraction(gr[0], gr[1], gr[2], 0.5 * (f[c] + f[c - o]) / (gn * h));
            double a = L.f0[q][c], b = L.f[q][c];
            ke0 += wf * a * a;
            dke += wf * (a - b) * (a + b);
          }
    ratio[m] = dke / (nu_dt * ke0) * P.R * P.R / 20;
    th_int(s, CAP_SUCCESS, "3D stress step: n = 2 flow in a sphere of %d cells converged (%d iterations)", Rcs[m],
           st.iterations[0]);
    th_note("3D sphere R = %d cells: stress step dissipation rate of the n = 2 flow / (20 nu / R^2) = %.5f", Rcs[m],
            ratio[m]);
    liquid3_close(&L);
  }
  th_abs(ratio[1], 1, 0.05, "3D stress step: dissipation rate of the n = 2 flow at R = 9 cells vs 20 nu / R^2");
  th_true(fabs(ratio[1] - 1) < fabs(ratio[0] - 1), "3D stress step: the rate's error falls with R (%.4f, %.4f)",
          ratio[0] - 1, ratio[1] - 1);
}

/* The pool of pool_error in 3D: 4 x 4 x n cells, periodic in x and y, a no-slip floor z = 0 and the
 * surface at z = H; the mode (u, v) = (1, 1/2) sin(pi z / (2H)) on the faces whose CV holds liquid,
 * vvoid beyond. Returns the relative amplitude error of u (least squares over a column) after `steps`
 * steps against (1 + nu dt (pi/2H)^2)^(-steps); *air the change of an air face far above the surface.
 * (With vvoid = 0 the stress step is the 2D pool's: vvoid enters through the mass floor of the surface
 * layer's faces, at 1e-8.) */
static double pool3_error(step_fn *step, int n, double nu_dt, int steps, double vvoid, double *air)
{
  const double H = 0.4871, kz = M_PI / (2 * H);
  const cap_bc bc[3] = {CAP_BC_PERIODIC, CAP_BC_PERIODIC, CAP_BC_WALL};
  liquid3 L;
  liquid3_open(&L, 4, 4, n, 1.0 / n, bc);
  const cap_grid *g = &L.g;
  for (int k = -2; k < n + 2; k++)
    for (int j = -2; j < 6; j++)
      for (int i = -2; i < 6; i++) L.phi[cap_grid_idx3(g, i, j, k)] = cap_grid_zc(g, k) - H;
  for (int k = 0; k < n; k++)
    for (int j = 0; j <= 4; j++)
      for (int i = 0; i <= 4; i++) {
        double z = cap_grid_zc(g, k), m = z < H + 0.5 * g->h ? sin(kz * z) : vvoid;
        size_t c = cap_grid_idx3(g, i, j, k);
        L.f[0][c] = L.f0[0][c] = m;
        L.f[1][c] = L.f0[1][c] = 0.5 * m;
      }
  liquid3_steps(step, &L, steps, nu_dt, 1e-13, 1000, NULL);
  double num = 0, den = 0;
  for (int k = 0; cap_grid_zc(g, k) < H; k++) {
    double sk = sin(kz * cap_grid_zc(g, k));
    num += L.f[0][cap_grid_idx3(g, 1, 2, k)] * sk;
    den += sk * sk;
  }
  size_t top = cap_grid_idx3(g, 1, 2, n - 2);
  *air = fabs(L.f[0][top] - L.f0[0][top]);
  liquid3_close(&L);
  return fabs(num / den * pow(1 + nu_dt * kz * kz, steps) - 1);
}

/* the traction-free surface of a 3D pool, the natural boundary condition of the stress form; the
 * Laplacian step leaves the air faces alone */
static void pool3d(void)
{
  int ns[3] = {16, 32, 64};
  double hs[3], es[3], air;
  for (int m = 0; m < 3; m++) {
    hs[m] = 1.0 / ns[m];
    es[m] = pool3_error(cap_viscosity_stress_step, ns[m], 2e-3, 10, 0, &air);
    double el = pool3_error(cap_viscosity_step, ns[m], 2e-3, 10, 0.3817, &air);
    th_note("3D pool, %d cells per unit height: amplitude error %.3e (stress step), %.3e (Laplacian step)", ns[m],
            es[m], el);
    th_abs(air, 0, 0, "3D Laplacian step, pool of %d cells: an air face keeps its value", ns[m]);
    th_abs(es[m], pool_error(cap_viscosity_stress_step, ns[m], 2e-3, 10), 1e-12,
           "3D stress step, pool of %d cells: the 2D pool's error (the flow is uniform in x and y)", ns[m]);
  }
  th_abs(es[2], 0, 2e-4, "3D stress step: shear mode of a pool decays as with u_z = 0 at the free surface");
  th_true(th_slope(3, hs, es) >= 1.5, "3D stress step, pool: observed order %.2f >= 1.5", th_slope(3, hs, es));
}

/* Heap in use (glibc); -1 where it cannot be read (another libc, a sanitizer's allocator). */
static double heap_bytes(void)
{
#if defined(__GLIBC__) && !defined(__SANITIZE_ADDRESS__)
  struct mallinfo2 m = mallinfo2();
  return (double)m.uordblks + (double)m.hblkhd;
#else
  return -1;
#endif
}

/* The n = 2 flow of sphere3d_dissipation on a 24^3 walled box: in a ball of radius R at the centre, or
 * (R = 0) in a box full of liquid; one stress step on w (a fresh workspace when w is NULL); its heap
 * growth in *grown. */
static void rows3_case(liquid3 *L, double R, cap_viscosity_ws *w, double *grown)
{
  const cap_bc walls[3] = {CAP_BC_WALL, CAP_BC_WALL, CAP_BC_WALL};
  const int n = 24;
  sphere3 P = {{0.5131, 0.4873, 0.5029}, R, {0, 0, 0}, {0, 0, 0}};
  liquid3_open(L, n, n, n, 1.0 / n, walls);
  if (R > 0) sphere3_phi(L, &P);
  liquid3_set(L, strain3, &P);
  cap_viscosity_ws *own = NULL;
  if (!w) cap_viscosity_ws_alloc(&own, &L->g);
  cap_viscosity_status st;
  const double h0 = heap_bytes();
  th_int(
      cap_viscosity_stress_step(w ? w : own, &L->g, L->phi, L->f[0], L->f[1], L->f[2], 5.0 / (n * n), 1e-12, 2000, &st),
      CAP_SUCCESS, "3D stress step, %s", R > 0 ? "ball" : "box full of liquid");
  *grown = heap_bytes() - h0;
  cap_viscosity_ws_free(own);
}

/* The largest |difference| of the velocities of two runs. */
static double rows3_diff(const liquid3 *A, const liquid3 *B)
{
  double e = 0;
  for (int q = 0; q < 3; q++)
    for (size_t c = 0; c < A->g.size; c++) e = fmax(e, fabs(A->f[q][c] - B->f[q][c]));
  return e;
}

/* the 3D solve's arrays: in the workspace's dead fields for a ball of liquid (no heap taken by the
 * step), in its spill for a box full of liquid (taken once, then kept); the same bits whatever a
 * workspace solved before */
static void rows3d_room(void)
{
  liquid3 ball, box, ball2, box2;
  double g_ball, g_box, g_box2, g;
  rows3_case(&box, 0, NULL, &g); /* first: whatever the process allocates once is not counted below */
  rows3_case(&ball, 0.2, NULL, &g_ball);
  cap_viscosity_ws *w = NULL;
  cap_viscosity_ws_alloc(&w, &box.g);
  rows3_case(&box2, 0, w, &g_box);
  liquid3_close(&box2);
  rows3_case(&box2, 0, w, &g_box2);
  rows3_case(&ball2, 0.2, w, &g);
  th_abs(rows3_diff(&box, &box2), 0, 0, "3D stress step, box full of liquid: a used workspace gives the same bits");
  th_abs(rows3_diff(&ball, &ball2), 0, 0, "3D stress step, ball: after the box, the same bits as a fresh workspace");
  if (heap_bytes() >= 0) {
    th_abs(g_ball, 0, 0, "3D stress step, ball of radius 0.2 (24^3): no heap beyond the workspace");
    th_true(g_box > 0, "3D stress step, box full of liquid: the arrays beyond the dead fields spill (%.0f bytes)",
            g_box);
    th_abs(g_box2, 0, 0, "3D stress step, box full of liquid again: the spill is kept, no heap taken");
  }
  cap_viscosity_ws_free(w);
  liquid3_close(&ball);
  liquid3_close(&ball2);
  liquid3_close(&box);
  liquid3_close(&box2);
}

/* the 3D error paths */
static void bad_input3d(void)
{
  liquid3 L;
  liquid3_open(&L, 8, 8, 8, 1.0 / 8, PERIODIC3);
  liquid3_set(&L, taylor_green, NULL);
  cap_viscosity_ws *w = NULL;
  cap_viscosity_ws_alloc(&w, &L.g);
  cap_viscosity_status st;
  for (int s = 0; s < 2; s++) {
    th_int(STEP[s](w, &L.g, L.phi, L.f[0], L.f[1], NULL, 0.01, 1e-12, 100, &st), CAP_EINVAL,
           "3D %s step: w NULL rejected", NAME[s]);
    th_int(STEP[s](w, &L.g, L.phi, L.f[0], L.f[1], L.f[2], 10.0, 1e-14, 1, &st), CAP_EMAXITER,
           "3D %s step: maxit = 1 -> CAP_EMAXITER", NAME[s]);
    th_true(st.iterations[2] == 1 && st.residual[2] > 1e-14 && st.unknowns[2] == 512,
            "3D %s step: status filled on CAP_EMAXITER (w: %d iteration, residual %.2e, %ld unknowns)", NAME[s],
            st.iterations[2], st.residual[2], st.unknowns[2]);
    cap_grid b;
    cap_grid_init(&b, CAP_GEOM_3D, 8, 8, 4, 1.0 / 8, 0, 0, 0, 2);
    th_int(STEP[s](w, &b, L.phi, L.f[0], L.f[1], L.f[2], 0.01, 1e-12, 100, &st), CAP_ESIZE,
           "3D %s step: workspace of another grid rejected", NAME[s]);
    unsigned char *fx = calloc(L.g.size, 1);
    cap_viscosity_set_fixed_faces(w, fx, NULL);
    th_int(STEP[s](w, &L.g, L.phi, L.f[0], L.f[1], L.f[2], 0.01, 1e-12, 100, &st), CAP_EGEOM,
           "3D %s step: fixed faces (solids) not supported yet", NAME[s]);
    cap_viscosity_set_fixed_faces(w, NULL, NULL);
    free(fx);
  }
  cap_viscosity_ws_free(w);
  liquid3_close(&L);
}

/* the plane/cube volume fraction */
static void cube_fraction(void)
{
  /* axis aligned: the slab x < -d of width 1/2 - d */
  th_abs(cap_subcell_cube_fraction(1, 0, 0, 0.2), 0.3, 1e-15, "axis-aligned plane x = -0.2: fraction 0.3");
  th_abs(cap_subcell_cube_fraction(0, 0, -2, -0.3183), 0.8183, 1e-15, "axis-aligned plane z = -0.3183, liquid above");
  const double normals[4][3] = {{1, 1, 1}, {0.3817, -1.2, 0.05}, {-2, 0.7, 1e-9}, {1, 1, 0}};
  for (int m = 0; m < 4; m++)
    th_abs(cap_subcell_cube_fraction(normals[m][0], normals[m][1], normals[m][2], 0), 0.5, 1e-15,
           "fraction 1/2 through the centre, n = (%g, %g, %g)", normals[m][0], normals[m][1], normals[m][2]);
  /* the corner tetrahedron: n = (1,1,1)/sqrt3, the plane x + y + z = -sqrt3 d cuts the corner (-1/2)^3 with
   * legs t = 3/2 - sqrt3 d: volume t^3 / 6 */
  const double d = 0.6, t = 1.5 - sqrt(3) * d;
  th_abs(cap_subcell_cube_fraction(1, 1, 1, d), t * t * t / 6, 1e-15,
         "corner tetrahedron (1.5 - sqrt3 d)^3 / 6 at d = 0.6");
  th_abs(cap_subcell_cube_fraction(-1, -1, -1, -d), 1 - t * t * t / 6, 1e-15, "1 - corner tetrahedron at d = -0.6");
  /* n = (3, 4, 12)/13 (a = 12/13, b = 4/13, c = 3/13): at d = 0.3 the tetrahedron s = (19/26 - 0.3) > c? no: use the
   * general formula below; at d = 0.6 s = 19/26 - 0.6 = 0.1308 < c: tetrahedron s^3 / (6abc) */
  const double a = 12.0 / 13, b = 4.0 / 13, c = 3.0 / 13, s = 19.0 / 26 - 0.6;
  th_rel(cap_subcell_cube_fraction(3, 4, 12, 0.6), s * s * s / (6 * a * b * c), 1e-13,
         "n = (3,4,12)/13, d = 0.6: tetrahedron s^3 / (6abc)");
  th_abs(cap_subcell_cube_fraction(0.6, 0.8, 0, 0.05), 0.4375, 1e-15, "n_z = 0: the square's trapezium 0.4375");
  th_abs(cap_subcell_cube_fraction(3, 4, 0, 0.3), 1.0 / 6, 1e-15, "n_z = 0: the square's triangle 1/6");
  th_abs(cap_subcell_cube_fraction(0.6, 0.8, 1e-12, 0.3), 1.0 / 6, 1e-12,
         "n_z = 1e-12: the square's triangle 1/6 (no cancellation)");
  th_abs(cap_subcell_cube_fraction(1, 1e-13, 1e-12, 0.2), 0.3, 1e-12,
         "nearly axis-aligned plane: 0.3 (no cancellation)");
  th_abs(cap_subcell_cube_fraction(0, 0, 0, -0.1), 1, 0, "zero normal: liquid by the sign of d");
  th_abs(cap_subcell_cube_fraction(0.3, -0.2, 0.9, 0.9), 0, 0, "plane beyond the far corner: 0");
  /* symmetry and a midpoint count on 200^3 points (error ~ area / 200 / 2 < 4e-3; the offsets within a
   * point's spacing average out to about 1e-4 over the sub-cell offsets used below: 4 jittered grids) */
  double worst = 0, mc = 0;
  unsigned long seed = 38170417;
  for (int m = 0; m < 8; m++) {
    double nv[3];
    for (int k = 0; k < 3; k++) {
      seed = seed * 6364136223846793005UL + 1442695040888963407UL;
      nv[k] = (double)(seed >> 11) / 9007199254740992.0 - 0.5;
    }
    double dd = 0.1129 * (m - 4) + 0.0417;
    double f = cap_subcell_cube_fraction(nv[0], nv[1], nv[2], dd);
    worst = fmax(worst, fabs(f + cap_subcell_cube_fraction(nv[0], nv[1], nv[2], -dd) - 1));
    double len = sqrt(nv[0] * nv[0] + nv[1] * nv[1] + nv[2] * nv[2]);
    /* exact along x for each (y, z) sample: the liquid length of the segment |x| <= 1/2 */
    const int N = 400;
    double vol = 0;
    for (int kz = 0; kz < N; kz++)
      for (int ky = 0; ky < N; ky++) {
        double y = (ky + 0.5) / N - 0.5, z = (kz + 0.5) / N - 0.5, r = (nv[1] * y + nv[2] * z) / len + dd;
        double nx = nv[0] / len, len_x;
        if (fabs(nx) < 1e-300)
          len_x = r < 0 ? 1 : 0;
        else {
          double x0 = -r / nx; /* the liquid is nx x < -r */
          len_x = nx > 0 ? fmin(fmax(x0 + 0.5, 0), 1) : fmin(fmax(0.5 - x0, 0), 1);
        }
        vol += len_x;
      }
    mc = fmax(mc, fabs(f - vol / ((double)N * N)));
  }
  th_abs(worst, 0, 1e-15, "cube: symmetry f(d) + f(-d) = 1 over 8 random normals");
  th_abs(mc, 0, 1e-4, "cube: fraction agrees with a 400^2-line integration (exact in x) over 8 random normals");
}

static const th_case cases[] = {
    {"slip_walls", slip_walls},
    {"laplacian_periodic_mode", laplacian_periodic_mode},
    {"laplacian_wall_mode", laplacian_wall_mode},
    {"laplacian_decay", laplacian_decay},
    {"air_faces", air_faces},
    {"stress_periodic_mode", stress_periodic_mode},
    {"stress_wall_mode", stress_wall_mode},
    {"stress_decay", stress_decay},
    {"stress_pool", stress_pool},
    {"stress_rotation", stress_rotation},
    {"stress_rotation_void", stress_rotation_void},
    {"stress_trivial", stress_trivial},
    {"stress_bad_input", stress_bad_input},
    {"stress_dissipation", stress_dissipation},
    {"square_fraction", square_fraction},
    {"axi_operator", axi_operator},
    {"axi_manufactured_order", axi_manufactured_order},
    {"axi_uniform_flow", axi_uniform_flow},
    {"axi_translation", axi_translation},
    {"axi_bad_input", axi_bad_input},
    {"axi_sphere_dissipation", axi_sphere_dissipation},
    {"fixed_faces", fixed_faces},
    {"moving_fixed_faces", moving_fixed_faces},
    {"tg3d_mode", tg3d_mode},
    {"tg3d_decay", tg3d_decay},
    {"walls3d", walls3d},
    {"pool3d", pool3d},
    {"sphere3d_rigid", sphere3d_rigid},
    {"sphere3d_dissipation", sphere3d_dissipation},
    {"rows3d_room", rows3d_room},
    {"bad_input3d", bad_input3d},
    {"cube_fraction", cube_fraction},
    {NULL, NULL},
};

int main(int argc, char **argv) { return th_main(argc, argv, cases); }
