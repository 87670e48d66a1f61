/* Tests of solver/cap_par: the thread count, the block partition of sums, and the determinism of the
 * threaded solver: a free-surface run gives the same bits with 1, 2 and 3 threads. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../solver/cap_errno.h"
#include "../solver/cap_ns.h"
#include "../solver/cap_par.h"
#include "tharness.h"

/* The blocks cover 0..n-1 once, in order, and their number depends on n alone. */
static void partition(void)
{
  const size_t ns[] = {0, 1, 4095, 4096, 8192, 100000, 5000000};
  for (size_t q = 0; q < sizeof ns / sizeof ns[0]; q++) {
    size_t n = ns[q], next = 0;
    int nb = cap_par_blocks(n), ok = nb >= 1 && nb <= CAP_PAR_MAX_BLOCKS;
    for (int k = 0; k < nb; k++) {
      size_t lo, hi;
      cap_par_block(n, nb, k, &lo, &hi);
      ok = ok && lo == next && hi >= lo;
      next = hi;
    }
    th_true(ok && next == n, "n = %zu: %d blocks cover [0, n) in order", n, nb);
  }
}

/* A dot product whose rounding depends on the order of its terms gives the same bits with 1, 2 and 3 threads,
 * and equals the block-ordered sum computed here sequentially. */
static void sums(void)
{
  const size_t n = 300001;
  double *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b);
  th_true(a && b, "allocated");
  if (!a || !b) {
    free(a);
    free(b);
    return;
  }
  for (size_t i = 0; i < n; i++) {
    a[i] = sin(0.37 * (double)i) * pow(10.0, (double)(i % 17) - 8);
    b[i] = cos(0.11 * (double)i);
  }
  const int nb = cap_par_blocks(n);
  double want = 0;
  for (int k = 0; k < nb; k++) {
    size_t lo, hi;
    cap_par_block(n, nb, k, &lo, &hi);
    double s = 0;
    for (size_t i = lo; i < hi; i++) s += a[i] * b[i];
    want += s;
  }
  for (int t = 1; t <= 3; t++) {
    if (cap_par_set_threads(t)) continue; /* a build without OpenMP: 1 only */
    double d = cap_par_dot(a, b, n);
    th_true(memcmp(&d, &want, sizeof d) == 0, "dot with %d threads: %.17g, block order %.17g", t, d, want);
  }
  /* rows of a strided grid: the same as the contiguous sum when the stride is the row length */
  double r = cap_par_dot_rows(a, b, 0, 1000, 300, 1000), c = cap_par_dot(a, b, 300000);
  th_true(isfinite(r) && fabs(r - c) <= 1e-12 * fabs(c) + 1e-300, "rows sum %.17g against contiguous %.17g", r, c);
  free(a);
  free(b);
  cap_par_set_threads(1);
}

static void bad_input(void)
{
  th_int(cap_par_set_threads(0), CAP_EDOM, "0 threads rejected");
  th_true(strstr(cap_error_message(), "threads") != NULL, "message names threads: '%s'", cap_error_message());
  th_int(cap_par_set_threads(CAP_PAR_MAX_THREADS + 1), CAP_EDOM, "too many threads rejected");
  th_int(cap_par_set_threads(1), CAP_SUCCESS, "1 thread accepted");
  th_int(cap_par_threads(), 1, "the count is the one set");
  th_true(cap_par_min_work() >= 1, "min work %ld >= 1", cap_par_min_work());
}

/* Steps of a perturbed viscous drop (every threaded kernel of a step runs: WENO advection,
 * reinitialisation, curvature, semi-Lagrangian advection, the stress viscous step, MG-PCG) on a 128^2
 * grid; the fields after `steps` steps with `threads` threads into out (phi, u, v, p). */
static int run_drop(int threads, int steps, double *out[4])
{
  const int n = 128;
  cap_grid g;
  cap_ns_state *s = NULL;
  cap_ns_ws *w = NULL;
  int st = cap_par_set_threads(threads);
  if (!st) st = cap_grid_init(&g, CAP_GEOM_PLANAR, n, n, 1, 2.0 / n, 0, 0, 0, 3);
  if (!st) st = cap_ns_state_alloc(&s, &g);
  if (!st) st = cap_ns_ws_alloc(&w, &g);
  if (!st) {
    for (int j = 0; j < n; j++)
      for (int i = 0; i < n; i++) {
        double x = cap_grid_xc(&g, i) - 1, y = cap_grid_yc(&g, j) - 1;
        s->phi[cap_grid_idx(&g, i, j)] = hypot(x, y) - 0.5 * (1 + 0.05 * cos(2 * atan2(y, x)));
      }
    cap_ns_params p = cap_ns_params_default();
    p.rho = 1;
    p.sigma = 1;
    p.mu = 0.01;
    p.gx = 0;
    p.gy = -0.5;
    for (int it = 0; it < steps && !st; it++) {
      cap_ns_dt_info di;
      st = cap_ns_dt(s, &p, &di);
      if (!st) st = cap_ns_step(s, &p, w, di.dt, NULL);
    }
  }
  if (!st) {
    const double *f[4] = {s->phi, s->u, s->v, s->p};
    for (int k = 0; k < 4; k++) memcpy(out[k], f[k], g.size * sizeof *f[k]);
  }
  cap_ns_state_free(s);
  cap_ns_ws_free(w);
  cap_par_set_threads(1);
  return st;
}

static void determinism(void)
{
  cap_grid g;
  cap_grid_init(&g, CAP_GEOM_PLANAR, 128, 128, 1, 2.0 / 128, 0, 0, 0, 3);
  double *f[3][4] = {{0}};
  int ok = 1;
  for (int t = 0; t < 3; t++)
    for (int k = 0; k < 4; k++) ok = ok && (f[t][k] = calloc(g.size, sizeof(double)));
  th_true(ok, "allocated");
  const char *name[4] = {"phi", "u", "v", "p"};
  for (int t = 0; ok && t < 3; t++) {
    if (t > 0 && cap_par_set_threads(t + 1)) break; /* no OpenMP: nothing to compare */
    th_int(run_drop(t + 1, 12, f[t]), CAP_SUCCESS, "12 steps with %d threads", t + 1);
    if (t == 0) continue;
    for (int k = 0; k < 4; k++)
      th_true(memcmp(f[0][k], f[t][k], g.size * sizeof(double)) == 0, "%s with %d threads: the bits of 1 thread",
              name[k], t + 1);
  }
  for (int t = 0; t < 3; t++)
    for (int k = 0; k < 4; k++) free(f[t][k]);
}

int main(int argc, char **argv)
{
  static const th_case cases[] = {
      {"partition", partition}, {"sums", sums}, {"bad_input", bad_input}, {"determinism", determinism}, {NULL, NULL}};
  return th_main(argc, argv, cases);
}
