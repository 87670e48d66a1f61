/* bench_memory: where the bytes of the 3D free-surface step go.
 *
 *   build/bin/bench_memory [--sizes 64,128] [--steps N] [--threads N]
 *
 * For each n, the n^3 walled box of bench_step --dim 3 (the sphere of diameter n/2 cells): the heap
 * (glibc's mallinfo2, bench_heap_bytes) each part holds, in bytes per interior cell: the state
 * (cap_ns_state_alloc), the pressure handle (cap_poisson_alloc), the viscous workspace
 * (cap_viscosity_ws_alloc), the fast-marching workspaces (cap_fmm_ws_alloc, as many as the flow workspace
 * makes: one per thread, at most 3), the level set's workspace (cap_levelset_ws_alloc), the step's own
 * arrays (the flow workspace, cap_ns_ws_alloc, less those four), the total (bench_step's bytes/cell),
 * and the heap still held after N steps (default 3): the viscous step keeps, beside its
 * workspace, the arrays of its solve that its workspace's dead fields cannot hold (its spill).
 * Each module's part is measured on a workspace of its own, made and freed beside the flow's. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "../solver/cap_errno.h"
#include "../solver/cap_fmm.h"
#include "../solver/cap_levelset.h"
#include "../solver/cap_ns.h"
#include "../solver/cap_poisson.h"
#include "../solver/cap_viscosity.h"
#include "bench.h"

/* The heap one module's workspace holds on grid g (kind 0: pressure, 1: viscosity, 2: fast marching,
 * 3: level set), or -1 if it cannot be made. */
static double part_bytes(const cap_grid *g, int kind)
{
  const double heap0 = bench_heap_bytes();
  cap_poisson *P = NULL;
  cap_viscosity_ws *V = NULL;
  cap_fmm_ws *F = NULL;
  cap_levelset_ws *L = NULL;
  int st = kind == 0   ? cap_poisson_alloc(&P, g)
           : kind == 1 ? cap_viscosity_ws_alloc(&V, g)
           : kind == 2 ? cap_fmm_ws_alloc(&F, g)
                       : cap_levelset_ws_alloc(&L, g);
  const double bytes = bench_heap_bytes() - heap0;
  cap_poisson_free(P);
  cap_viscosity_ws_free(V);
  cap_fmm_ws_free(F);
  cap_levelset_ws_free(L);
  return st ? -1 : bytes;
}

int main(int argc, char **argv)
{
  int sizes[8] = {64, 128}, nsizes = 2, steps = 3;
  const char *out = NULL;
  int done = bench_args(argc, argv, "bench_memory", "steps", sizes, &nsizes, &steps, NULL, &out);
  if (done >= 0) return done;
  cap_set_error_handler(cap_error_handler_stderr, NULL);
  const int nfmm = cap_par_threads() < 3 ? cap_par_threads() : 3;
  printf("threads: %d (fast-marching workspaces: %d); bytes per cell\n", cap_par_threads(), nfmm);
  printf("%6s %8s %9s %9s %9s %9s %9s %9s %11s\n", "n", "state", "pressure", "viscous", "fmm", "levelset", "step",
         "total", "after steps");
  for (int k = 0; k < nsizes; k++) {
    const int n = sizes[k];
    cap_grid g;
    cap_ns_state *s = NULL;
    cap_ns_ws *w = NULL;
    int st = cap_grid_init(&g, CAP_GEOM_3D, n, n, n, 2.0 / n, 0, 0, 0, 3);
    const double cells = (double)n * n * n, heap0 = bench_heap_bytes();
    if (!st) st = cap_ns_state_alloc(&s, &g);
    const double heap1 = bench_heap_bytes();
    if (!st) st = cap_ns_ws_alloc(&w, &g);
    const double heap2 = bench_heap_bytes();
    double part[4];
    for (int q = 0; q < 4 && !st; q++)
      if ((part[q] = part_bytes(&g, q)) < 0) st = CAP_ENOMEM;
    if (st) {
      fprintf(stderr, "bench_memory: cannot set up n = %d: %s\n", n, cap_error_message());
      return 3;
    }
    for (int kk = 0; kk < n; kk++) /* bench_step's drop: R = 0.5 about (1, 1, 1), 5 % of the n = 2 mode */
      for (int j = 0; j < n; j++)
        for (int i = 0; i < n; i++) {
          double x = cap_grid_xc(&g, i) - 1, y = cap_grid_yc(&g, j) - 1, z = cap_grid_zc(&g, kk) - 1;
          double r = sqrt(x * x + y * y + z * z), mu = r > 0 ? z / r : 1;
          s->phi[cap_grid_idx3(&g, i, j, kk)] = r - 0.5 * (1 + 0.05 * 0.5 * (3 * mu * mu - 1));
        }
    cap_ns_params p = cap_ns_params_default();
    p.rho = p.sigma = 1;
    p.mu = sqrt(1.0 / 1e5);
    p.gx = p.gy = 0;
    for (int it = 0; it < steps && !st; it++) {
      cap_ns_dt_info di;
      cap_ns_step_info info;
      st = cap_ns_dt(s, &p, &di);
      if (!st) st = cap_ns_step(s, &p, w, di.dt, &info);
    }
    if (st) {
      fprintf(stderr, "bench_memory: the run failed at n = %d\n", n);
      return 3;
    }
    const double after = bench_heap_bytes() - heap0;
    part[2] *= nfmm;
    const double ws = heap2 - heap1, step = ws - part[0] - part[1] - part[2] - part[3];
    printf("%6d %8.1f %9.1f %9.1f %9.1f %9.1f %9.1f %9.1f %11.1f\n", n, (heap1 - heap0) / cells, part[0] / cells,
           part[1] / cells, part[2] / cells, part[3] / cells, step / cells, (heap2 - heap0) / cells, after / cells);
    cap_ns_state_free(s);
    cap_ns_ws_free(w);
  }
  return 0;
}
