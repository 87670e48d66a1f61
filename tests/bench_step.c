/* bench_step: cost of one free-surface time step (cap_ns_step), split by phase.
 *
 *   build/bin/bench_step [--sizes 128,256,512] [--steps N] [--dim 2|3] [--out FILE.tsv]
 *
 * --dim 3: the sphere of diameter n/2 cells in an n^3 walled box, perturbed by the n = 2 mode (5 % of
 * R, P_2(cos theta) about z), default sizes 64 and 128; the table and the TSV gain the bytes per cell:
 * the heap the state and workspace hold after the timed steps (glibc's mallinfo2 from before their
 * allocation; a step keeps what it grows, so this is the peak), over the n^3 cells.
 *
 * The case is the oscillating drop: a 2D drop of diameter D = n/2 cells in an n x n walled box,
 * perturbed by the n = 2 mode (5 % of R), sigma = rho = D = 1, La = 1e5, automatic time step. After
 * 3 warm-up steps, N steps (default 20) are timed one by one; the table gives the median of their
 * times (seconds per step), cell-steps per second from it, and the share of each phase (velocity
 * advection, viscosity, projection, extension, level set; the TSV gives each phase's median over the
 * steps, in seconds): a median, so that a step the system interrupts does not count, which on a shared
 * 2-core machine sways a mean of 20 short steps by tens of per cent; and a memory-bandwidth kernel timed in the same run (the triad a = b + s c over 2^22 doubles,
 * best of 5, single thread), so that cell-steps/s over triad entries/s is a ratio that does not depend on
 * the machine's speed (tests/test_speed.sh). Threads: --threads N (default OMP_NUM_THREADS, else every core); clock_gettime(CLOCK_MONOTONIC).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../solver/cap_errno.h"
#include "../solver/cap_io.h"
#include "../solver/cap_ns.h"
#include "bench.h"

/* Entries per second of a = b + s c over 2^22 doubles (96 MiB of traffic a pass, beyond the caches):
 * the best of 5 passes after one untimed; 0 if the arrays cannot be allocated. */
static double triad_rate(void)
{
  const size_t n = (size_t)1 << 22;
  double *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b), *c = malloc(n * sizeof *c), best = 0;
  if (a && b && c) {
    for (size_t i = 0; i < n; i++) {
      b[i] = (double)i;
      c[i] = 1.0 / (double)(i + 1);
    }
    for (int r = 0; r < 6; r++) {
      double t0 = bench_now();
      for (size_t i = 0; i < n; i++) a[i] = b[i] + 0.5 * c[i];
      double t = bench_now() - t0, rate = (double)n / t;
      if (r > 0 && rate > best && a[n / 2] > 0) best = rate;
    }
  }
  free(a);
  free(b);
  free(c);
  return best;
}

static int cmp_double(const void *a, const void *b)
{
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* The median of v[0..n-1] (n >= 1; v is sorted). */
static double median(double *v, int n)
{
  qsort(v, (size_t)n, sizeof *v, cmp_double);
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

/* phi of the drop of radius R about the box's centre (1, 1[, 1]), perturbed by eps times the n = 2 mode. */
static void drop_phi(const cap_grid *g, double *phi, double R, double eps)
{
  for (int k = 0; k < (g->dim == 3 ? g->nz : 1); k++)
    for (int j = 0; j < g->ny; j++)
      for (int i = 0; i < g->nx; i++) {
        double x = cap_grid_xc(g, i) - 1, y = cap_grid_yc(g, j) - 1;
        if (g->dim == 2) {
          phi[cap_grid_idx(g, i, j)] = hypot(x, y) - R * (1 + eps * cos(2 * atan2(y, x)));
          continue;
        }
        double z = cap_grid_zc(g, k) - 1, r = sqrt(x * x + y * y + z * z), mu = r > 0 ? z / r : 1;
        phi[cap_grid_idx3(g, i, j, k)] = r - R * (1 + eps * 0.5 * (3 * mu * mu - 1));
      }
}

int main(int argc, char **argv)
{
  int sizes[8] = {128, 256, 512}, nsizes = 0, steps = 20, dim = 2;
  cap_tsv *tsv;
  int done = bench_start(argc, argv, "bench_step", "oscillating drop, D = n/2 cells, La = 1e5", "steps", sizes, &nsizes,
                         &steps, &dim,
                         "threads\tn\tcells\tsteps\ts_per_step\tcell_steps_per_s\tadvect\tviscous\tproject\textend\t"
                         "levelset\ttriad_per_s\tdim\tbytes_per_cell",
                         &tsv);
  if (done >= 0) return done;
  if (nsizes == 0) { /* the defaults of the dimension */
    nsizes = dim == 3 ? 2 : 3;
    for (int k = 0; k < nsizes; k++) sizes[k] = dim == 3 ? 64 << k : 128 << k;
  }
  const double triad = triad_rate();
  if (!(triad > 0)) {
    fprintf(stderr, "bench_step: cannot allocate the triad's arrays\n");
    return 3;
  }
  double *times = malloc(6 * (size_t)steps * sizeof *times); /* per step: the 5 phases, the total */
  if (!times) {
    fprintf(stderr, "bench_step: cannot allocate the step times\n");
    return 3;
  }
  printf("threads: %d, dim: %d, triad: %.4g entries/s\n", cap_par_threads(), dim, triad);
  printf("%6s %9s %10s %14s %8s %8s %8s %8s %8s %7s %10s\n", "n", "cells", "s/step", "cell-steps/s", "advect",
         "viscous", "project", "extend", "levelset", "p-iters", "bytes/cell");
  for (int k = 0; k < nsizes; k++) {
    int n = sizes[k];
    double h = 2.0 / n, R = 0.5, eps = 0.05;
    cap_grid g;
    cap_ns_state *s = NULL;
    cap_ns_ws *w = NULL;
    int st = cap_grid_init(&g, dim == 3 ? CAP_GEOM_3D : CAP_GEOM_PLANAR, n, n, dim == 3 ? n : 1, h, 0, 0, 0, 3);
    const double heap0 = bench_heap_bytes();
    if (!st) st = cap_ns_state_alloc(&s, &g);
    if (!st) st = cap_ns_ws_alloc(&w, &g);
    const double cells = (double)n * n * (dim == 3 ? n : 1);
    if (st) {
      fprintf(stderr, "bench_step: cannot set up n = %d: %s\n", n, cap_error_message());
      free(times);
      return 3;
    }
    drop_phi(&g, s->phi, R, eps);
    cap_ns_params p = cap_ns_params_default();
    p.rho = 1;
    p.sigma = 1;
    p.mu = sqrt(1.0 / 1e5);
    p.gx = p.gy = 0;
    long piters = 0;
    for (int it = 0; it < steps + 3 && !st; it++) {
      cap_ns_dt_info di;
      cap_ns_step_info info;
      st = cap_ns_dt(s, &p, &di);
      if (!st) st = cap_ns_step(s, &p, w, di.dt, &info);
      if (st || it < 3) continue;
      double t[5] = {info.t_advect, info.t_viscous, info.t_project, info.t_extend, info.t_levelset};
      double sum = 0;
      for (int q = 0; q < 5; q++) {
        times[(size_t)q * steps + (it - 3)] = t[q];
        sum += t[q];
      }
      times[(size_t)5 * steps + (it - 3)] = sum;
      piters += info.pressure.iterations;
    }
    if (st) {
      fprintf(stderr, "bench_step: the run failed at n = %d\n", n);
      free(times);
      return 3;
    }
    const double bytes = (bench_heap_bytes() - heap0) / cells;
    double phase[5], total = 0;
    for (int q = 0; q < 5; q++) total += phase[q] = median(times + (size_t)q * steps, steps);
    double per = median(times + (size_t)5 * steps, steps);
    printf("%6d %9.0f %10.4g %14.4g", n, cells, per, cells / per);
    for (int q = 0; q < 5; q++) printf(" %7.1f%%", 100 * phase[q] / total);
    printf(" %7.1f %10.1f\n", (double)piters / steps, bytes);
    if (tsv) {
      double row[14] = {cap_par_threads(), n, cells, steps, per, cells / per};
      for (int q = 0; q < 5; q++) row[6 + q] = phase[q];
      row[11] = triad;
      row[12] = dim;
      row[13] = bytes;
      cap_io_tsv_row(tsv, 14, row);
    }
    cap_ns_state_free(s);
    cap_ns_ws_free(w);
  }
  free(times);
  return tsv && cap_io_tsv_close(tsv) ? 3 : 0;
}
