/* Tests of solver/cap_viscosity: exact discrete decay of Fourier and wall modes, first-order
 * convergence in dt to the continuous decay, air faces untouched, error paths. */
#include <math.h>
#include <stdlib.h>

#include "../solver/cap_errno.h"
#include "../solver/cap_grid.h"
#include "../solver/cap_viscosity.h"
#include "tharness.h"

/* Shear mode u(y) on an nx x ny grid of height 1; walls at y = 0, 1 (wall) or periodic in y. Returns
 * the max relative deviation of u_new / u_old from `factor(h)` after one step, and fills *st. */
static double one_step(int n, int walls, double nu_dt, double *expect, cap_viscosity_status *st)
{
  cap_grid g;
  cap_grid_init(&g, CAP_GEOM_PLANAR, 8, n, 1, 1.0 / n, 0, 0, 0, 2);
  cap_grid_set_bc(&g, CAP_XLO, CAP_BC_PERIODIC);
  cap_grid_set_bc(&g, CAP_XHI, CAP_BC_PERIODIC);
  if (!walls) { cap_grid_set_bc(&g, CAP_YLO, CAP_BC_PERIODIC); cap_grid_set_bc(&g, CAP_YHI, CAP_BC_PERIODIC); }
  double *phi = cap_grid_field_alloc(&g), *u = cap_grid_field_alloc(&g), *v = cap_grid_field_alloc(&g),
         *u0 = cap_grid_field_alloc(&g);
  for (size_t k = 0; k < g.size; k++) phi[k] = -1;
  double kk = walls ? M_PI : 2 * M_PI; /* sin(pi y) vanishes on the walls; sin(2 pi y + c) is periodic */
  for (int j = 0; j < n; j++)
    for (int i = 0; i <= 8; i++) {
      double y = cap_grid_yc(&g, j);
      u[cap_grid_idx(&g, i, j)] = u0[cap_grid_idx(&g, i, j)] = walls ? sin(kk * y) : sin(kk * y + 0.3817);
    }
  cap_viscosity *w = cap_viscosity_alloc(&g);
  cap_viscosity_step(w, &g, phi, u, v, nu_dt, 1e-12, 500, st);
  /* discrete eigenvalue of -lap_h for this mode: (4/h^2) sin^2(kk h / 2) */
  double lam = 4 / (g.h * g.h) * pow(sin(kk * g.h / 2), 2);
  *expect = 1 / (1 + nu_dt * lam);
  double e = 0;
  for (int j = 0; j < n; j++)
    for (int i = 0; i < 8; i++) {
      size_t c = cap_grid_idx(&g, i, j);
      if (fabs(u0[c]) > 1e-3) e = fmax(e, fabs(u[c] / u0[c] - *expect));
    }
  cap_viscosity_free(w);
  free(phi); free(u); free(v); free(u0);
  return e;
}

/* decay of sin(pi y) between walls to t = 0.05 with nu = 0.3817 in `steps` steps at n = 64:
 * error of the amplitude against exp(-nu pi^2 t) */
static double decay_error(int steps)
{
  int n = 64;
  cap_grid g;
  cap_grid_init(&g, CAP_GEOM_PLANAR, 4, n, 1, 1.0 / n, 0, 0, 0, 2);
  cap_grid_set_bc(&g, CAP_XLO, CAP_BC_PERIODIC);
  cap_grid_set_bc(&g, CAP_XHI, CAP_BC_PERIODIC);
  double *phi = cap_grid_field_alloc(&g), *u = cap_grid_field_alloc(&g), *v = cap_grid_field_alloc(&g);
  for (size_t k = 0; k < g.size; k++) phi[k] = -1;
  for (int j = 0; j < n; j++)
    for (int i = 0; i <= 4; i++) u[cap_grid_idx(&g, i, j)] = sin(M_PI * cap_grid_yc(&g, j));
  cap_viscosity *w = cap_viscosity_alloc(&g);
  const double nu = 0.3817, T = 0.05;
  for (int s = 0; s < steps; s++) cap_viscosity_step(w, &g, phi, u, v, nu * T / steps, 1e-12, 500, NULL);
  int jm = n / 2;
  double amp = u[cap_grid_idx(&g, 1, jm)] / sin(M_PI * cap_grid_yc(&g, jm));
  cap_viscosity_free(w);
  free(phi); free(u); free(v);
  return fabs(amp - exp(-nu * M_PI * M_PI * T));
}

int main(void)
{
  cap_viscosity_status st;
  double expect;
  double e = one_step(64, 0, 3.817e-4, &expect, &st);
  th_abs(e, 0, 1e-10, "periodic shear mode decays by the exact discrete factor %.12f", expect);
  th_true(st.iterations[0] > 0 && st.residual[0] <= 1e-12, "u solve converged (%d iterations, residual %.2e)",
          st.iterations[0], st.residual[0]);
  e = one_step(64, 1, 3.817e-3, &expect, &st);
  th_abs(e, 0, 1e-10, "wall mode sin(pi y) with no-slip walls decays by the exact discrete factor %.12f", expect);
  th_int(st.unknowns[1], 8L * 63, "v: the wall faces are not unknowns (8 x 63 interior faces)");

  double steps[3] = {10, 20, 40}, dts[3], err[3];
  for (int k = 0; k < 3; k++) { dts[k] = 0.05 / steps[k]; err[k] = decay_error((int)steps[k]); }
  for (int k = 0; k < 3; k++) th_note("decay to t=0.05 in %g steps: amplitude error %.3e", steps[k], err[k]);
  th_true(th_slope(3, dts, err) >= 0.9, "backward Euler: observed order in dt %.2f >= 0.9", th_slope(3, dts, err));

  /* air faces keep their values; liquid faces change */
  {
    cap_grid g;
    cap_grid_init(&g, CAP_GEOM_PLANAR, 16, 16, 1, 1.0 / 16, 0, 0, 0, 2);
    double *phi = cap_grid_field_alloc(&g), *u = cap_grid_field_alloc(&g), *v = cap_grid_field_alloc(&g);
    for (int j = -2; j < 18; j++)
      for (int i = -2; i < 18; i++) phi[cap_grid_idx(&g, i, j)] = cap_grid_yc(&g, j) - 0.4871; /* liquid below */
    for (int j = 0; j < 16; j++)
      for (int i = 0; i <= 16; i++) u[cap_grid_idx(&g, i, j)] = cos(3 * cap_grid_yc(&g, j)) * sin(M_PI * i / 16.0);
    double air = u[cap_grid_idx(&g, 5, 12)], liq = u[cap_grid_idx(&g, 5, 3)];
    cap_viscosity *w = cap_viscosity_alloc(&g);
    th_int(cap_viscosity_step(w, &g, phi, u, v, 0.01, 1e-10, 200, &st), CAP_SUCCESS, "free-surface step");
    th_abs(u[cap_grid_idx(&g, 5, 12)], air, 0, "air face unchanged");
    th_true(u[cap_grid_idx(&g, 5, 3)] != liq, "liquid face changed");
    th_int(st.unknowns[0], 15L * 8, "u unknowns: 15 interior faces x 8 liquid rows");
    th_int(cap_viscosity_step(w, &g, phi, u, v, 10.0, 1e-14, 1, &st), CAP_EMAXITER, "iteration cap reached -> CAP_EMAXITER");
    th_int(cap_viscosity_step(w, &g, phi, u, v, -1, 1e-10, 10, &st), CAP_EDOM, "negative nu_dt rejected");
    th_int(cap_viscosity_step(w, &g, phi, u, v, 0.01, 0, 10, &st), CAP_EDOM, "tol 0 rejected");
    cap_grid a;
    cap_grid_init(&a, CAP_GEOM_AXI, 16, 16, 1, 1.0 / 16, 0, 0, 0, 2);
    th_int(cap_viscosity_step(w, &a, phi, u, v, 0.01, 1e-10, 10, &st), CAP_EGEOM, "AXI returns CAP_EGEOM");
    cap_grid b;
    cap_grid_init(&b, CAP_GEOM_PLANAR, 8, 16, 1, 1.0 / 16, 0, 0, 0, 2);
    th_int(cap_viscosity_step(w, &b, phi, u, v, 0.01, 1e-10, 10, &st), CAP_ESIZE, "workspace of another grid rejected");
    cap_viscosity_free(w);
    free(phi); free(u); free(v);
  }
  return th_done();
}
