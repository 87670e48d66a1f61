/* bench_poisson: cost of the pressure solves of cap_poisson.
 *
 * The system: a circular liquid region (centre (0.5123, 0.4871), radius R = 0.3817, in the unit
 * square with walls) with the Laplace jump as the ghost-fluid Dirichlet value, p_G = sigma kappa =
 * 1/R (sigma = 1) on every crossing, and a non-trivial right-hand side rhs = 10 sin(3.1 x + 1.7 y) +
 * x y. For each size and method: PCG iterations to a relative residual of --tol (default 1e-10),
 * seconds per solve (cold start p = 0, averaged over repeats of a solve until --min-time seconds),
 * unknowns per second (liquid cells / seconds per solve). Then the cost of ONE multigrid V-cycle at
 * --vcycle-n (default 512^2), measured through cap_poisson_precondition (which also copies r in and
 * z out of the grid layout: two extra passes, so the figure is slightly pessimistic).
 *
 *   build/bin/bench_poisson [--sizes 128,256,512,1024] [--methods mic,mg] [--tol 1e-10]
 *                           [--maxiter-mic 1000] [--maxiter-mg 200] [--min-time 0.5]
 *                           [--vcycle-n 512] [--dim 2|3] [--out FILE]
 *
 * --dim 3: the same on a 3D grid of n^3 cells: a liquid sphere (centre (0.5123, 0.4871, 0.5231), R =
 * 0.3817, in the unit cube with walls), p_G = 2/R, rhs = 10 sin(3.1 x + 1.7 y + 0.9 z) + x y z;
 * default sizes 64,128 (256^3 needs about 3 GB), V-cycle at --vcycle-n 128 (^3). The table and the
 * TSV gain a column, the solver's bytes per cell (the heap the handle holds, all levels, measured by
 * glibc's mallinfo2 around cap_poisson_alloc and assemble, over the n^3 cells; NaN without glibc).
 *
 * Table on stdout, TSV (with a provenance header) to --out; errors on stderr. Exit status 0, or 1 if
 * a solve failed other than by reaching its iteration cap (a capped solve is reported as "capped").
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../solver/cap_errno.h"
#include "../solver/cap_grid.h"
#include "../solver/cap_poisson.h"
#include "bench.h"

#define MAX_SIZES 16
static const double CX = 0.5123, CY = 0.4871, CR = 0.3817, CZ = 0.5231;
static int dim = 2;

static double laplace_jump(void *ctx, int i, int j, int k, int dir, double theta)
{
  (void)k;
  (void)ctx;
  (void)i;
  (void)j;
  (void)dir;
  (void)theta;
  return (dim == 3 ? 2.0 : 1.0) / CR; /* sigma kappa with sigma = 1, kappa = 1/R (2D circle), 2/R (sphere) */
}

static void usage(void)
{
  fprintf(stderr, "usage: bench_poisson [--sizes 128,256,512,1024] [--methods mic,mg] [--tol 1e-10]\n"
                  "                     [--maxiter-mic 1000] [--maxiter-mg 200] [--min-time 0.5]\n"
                  "                     [--vcycle-n 512 (0: skip)] [--threads N] [--dim 2|3] [--out FILE]\n");
}

typedef struct {
  int n;
  const char *method;
  long unknowns;
  int levels, iterations, capped, reps;
  const char *status; /* ok, capped (maxiter reached) or failed */
  double rel, seconds;
  double bytes_per_cell; /* 3D: the handle's heap over the n^3 cells */
} row;

/* Sets up the benchmark system on an n x n (x n, 3D) grid; *bytes: the heap the handle took. */
static int setup(int n, cap_grid *g, cap_poisson **P, double **rhs, double **p, double *bytes)
{
  int s = cap_grid_init(g, dim == 3 ? CAP_GEOM_3D : CAP_GEOM_PLANAR, n, n, dim == 3 ? n : 1, 1.0 / n, 0, 0, 0, 1);
  if (s) return s;
  double *phi = cap_grid_field_alloc(g);
  *rhs = cap_grid_field_alloc(g);
  *p = cap_grid_field_alloc(g);
  if (!phi || !*rhs || !*p) {
    free(phi);
    return CAP_ENOMEM;
  }
  if (dim == 3)
    for (int k = 0; k < n; k++)
      for (int j = 0; j < n; j++)
        for (int i = 0; i < n; i++) {
          double x = cap_grid_xc(g, i), y = cap_grid_yc(g, j), z = cap_grid_zc(g, k);
          size_t c = cap_grid_idx3(g, i, j, k);
          phi[c] = sqrt((x - CX) * (x - CX) + (y - CY) * (y - CY) + (z - CZ) * (z - CZ)) - CR;
          (*rhs)[c] = 10 * sin(3.1 * x + 1.7 * y + 0.9 * z) + x * y * z;
        }
  else
    for (int j = 0; j < n; j++)
      for (int i = 0; i < n; i++) {
        double x = cap_grid_xc(g, i), y = cap_grid_yc(g, j);
        phi[cap_grid_idx(g, i, j)] = hypot(x - CX, y - CY) - CR;
        (*rhs)[cap_grid_idx(g, i, j)] = 10 * sin(3.1 * x + 1.7 * y) + x * y;
      }
  const double before = bench_heap_bytes();
  s = cap_poisson_alloc(P, g);
  if (!s) s = cap_poisson_assemble(*P, g, phi, laplace_jump, NULL);
  *bytes = bench_heap_bytes() - before;
  free(phi);
  return s;
}

int main(int argc, char **argv)
{
  int sizes[MAX_SIZES] = {128, 256, 512, 1024}, nsizes = 4, do_mic = 1, do_mg = 1, sizes_given = 0, vn_given = 0;
  int maxiter_mic = 1000, maxiter_mg = 200, vn = 512;
  double tol = 1e-10, min_time = 0.5;
  const char *out = NULL;
  cap_set_error_handler(cap_error_handler_stderr, NULL);
  for (int a = 1; a < argc; a += 2) { /* every flag but --help takes one value */
    const char *v = a + 1 < argc ? argv[a + 1] : NULL;
    if (!strcmp(argv[a], "--help") || !strcmp(argv[a], "-h")) {
      usage();
      return 0;
    }
    static const char *known[] = {"--sizes",    "--methods",  "--tol", "--maxiter-mic", "--maxiter-mg",
                                  "--min-time", "--vcycle-n", "--out", "--threads",     "--dim"};
    int is_known = 0;
    for (size_t q = 0; q < sizeof known / sizeof known[0]; q++) is_known |= !strcmp(argv[a], known[q]);
    if (!is_known) {
      fprintf(stderr, "bench_poisson: unknown flag %s\n", argv[a]);
      usage();
      return 2;
    }
    if (!v) {
      fprintf(stderr, "bench_poisson: %s needs a value\n", argv[a]);
      usage();
      return 2;
    }
    if (!strcmp(argv[a], "--sizes")) {
      nsizes = 0;
      sizes_given = 1;
      char buf[256];
      snprintf(buf, sizeof buf, "%s", v);
      for (char *t = strtok(buf, ","); t && nsizes < MAX_SIZES; t = strtok(NULL, ",")) {
        sizes[nsizes] = atoi(t);
        if (sizes[nsizes] < 8 || sizes[nsizes] > 8192) {
          fprintf(stderr, "bench_poisson: size %s is out of range: allowed 8 <= n <= 8192\n", t);
          return 2;
        }
        nsizes++;
      }
    } else if (!strcmp(argv[a], "--methods")) {
      do_mic = strstr(v, "mic") != NULL;
      do_mg = strstr(v, "mg") != NULL;
      if (!do_mic && !do_mg) {
        fprintf(stderr, "bench_poisson: --methods takes mic, mg or mic,mg\n");
        return 2;
      }
    } else if (!strcmp(argv[a], "--tol"))
      tol = atof(v);
    else if (!strcmp(argv[a], "--maxiter-mic"))
      maxiter_mic = atoi(v);
    else if (!strcmp(argv[a], "--maxiter-mg"))
      maxiter_mg = atoi(v);
    else if (!strcmp(argv[a], "--min-time"))
      min_time = atof(v);
    else if (!strcmp(argv[a], "--vcycle-n")) {
      vn = atoi(v);
      vn_given = 1;
    } else if (!strcmp(argv[a], "--dim")) {
      if (strcmp(v, "2") && strcmp(v, "3")) {
        fprintf(stderr, "bench_poisson: --dim takes 2 or 3\n");
        return 2;
      }
      dim = atoi(v);
    } else if (!strcmp(argv[a], "--out"))
      out = v;
    else if (!strcmp(argv[a], "--threads")) {
      char *end;
      long t = strtol(v, &end, 10);
      if (*end || t < 1 || t > CAP_PAR_MAX_THREADS || cap_par_set_threads((int)t)) {
        fprintf(stderr, "bench_poisson: --threads: allowed 1 <= threads <= %d\n", CAP_PAR_MAX_THREADS);
        return 2;
      }
    }
  }
  if (!(tol > 0 && tol < 1) || maxiter_mic < 1 || maxiter_mg < 1 || !(min_time >= 0) || vn < 0) {
    fprintf(stderr, "bench_poisson: need 0 < tol < 1, maxiters >= 1, min-time >= 0, vcycle-n >= 0\n");
    return 2;
  }
  if (dim == 3) {
    if (!sizes_given) {
      sizes[0] = 64;
      sizes[1] = 128;
      nsizes = 2;
    }
    if (!vn_given) vn = 128;
    for (int k = 0; k < nsizes; k++)
      if (sizes[k] > 1024 || vn > 1024) {
        fprintf(stderr, "bench_poisson: --dim 3: sizes and --vcycle-n are out of range: allowed up to 1024\n");
        return 2;
      }
  }
  const char *cube = dim == 3 ? "^3" : "^2";

  printf("threads: %d\n", cap_par_threads());
  row rows[2 * MAX_SIZES];
  int nrows = 0, failed = 0;
  printf("%6s %-8s %9s %6s %6s %10s %8s %12s %14s%s\n", "n", "method", "unknowns", "levels", "iters", "rel_res",
         "status", "s/solve", "unknowns/s", dim == 3 ? "   bytes/cell" : "");
  for (int k = 0; k < nsizes; k++) {
    cap_grid g;
    cap_poisson *P = NULL;
    double *rhs = NULL, *p = NULL, bytes = 0;
    int s = setup(sizes[k], &g, &P, &rhs, &p, &bytes);
    if (s) {
      failed = 1;
      cap_poisson_free(P);
      free(rhs);
      free(p);
      continue;
    }
    for (int m = 0; m < 2; m++) {
      if ((m == 0 && !do_mic) || (m == 1 && !do_mg)) continue;
      cap_poisson_method method = m ? CAP_POISSON_MG_PCG : CAP_POISSON_MIC_PCG;
      int maxiter = m ? maxiter_mg : maxiter_mic;
      row r = {sizes[k], m ? "MG-PCG" : "MIC-PCG", 0, 0, 0, 0, 0, "ok", 0, 0, 0};
      r.bytes_per_cell = bytes / ((double)g.nx * g.ny * g.nz);
      double total = 0;
      cap_poisson_status st;
      do {
        memset(p, 0, g.size * sizeof *p);
        double t0 = bench_now();
        s = cap_poisson_solve(P, &g, rhs, p, method, tol, maxiter, &st);
        total += bench_now() - t0;
        r.reps++;
      } while ((s == CAP_SUCCESS) && total < min_time && r.reps < 50);
      if (s != CAP_SUCCESS && s != CAP_EMAXITER) failed = 1;
      r.capped = s == CAP_EMAXITER;
      r.status = s == CAP_SUCCESS ? "ok" : r.capped ? "capped" : "failed";
      r.unknowns = st.unknowns;
      r.levels = st.levels;
      r.iterations = st.iterations;
      r.rel = st.rel_residual;
      r.seconds = total / r.reps;
      printf("%6d %-8s %9ld %6d %6d %10.2e %8s %12.4g %14.4g", r.n, r.method, r.unknowns, r.levels, r.iterations, r.rel,
             r.status, r.seconds, r.unknowns / r.seconds);
      if (dim == 3) printf(" %12.1f", r.bytes_per_cell);
      printf("\n");
      fflush(stdout);
      rows[nrows++] = r;
    }
    cap_poisson_free(P);
    free(rhs);
    free(p);
  }

  double vcycle = NAN;
  long vunk = 0;
  if (vn > 0) {
    cap_grid g;
    cap_poisson *P = NULL;
    double *rhs = NULL, *p = NULL, bytes = 0;
    if (!setup(vn, &g, &P, &rhs, &p, &bytes)) {
      cap_poisson_status st;
      memset(p, 0, g.size * sizeof *p);
      cap_poisson_solve(P, &g, rhs, p, CAP_POISSON_MG_PCG, 0.5, 1, &st); /* warm-up, and the unknowns */
      vunk = st.unknowns;
      int reps = 0;
      double t0 = bench_now(), t = 0;
      while (reps < 5 || (t < min_time && reps < 200)) {
        cap_poisson_precondition(P, &g, CAP_POISSON_MG_PCG, rhs, p);
        reps++;
        t = bench_now() - t0;
      }
      vcycle = t / reps;
      printf("one V-cycle at %d%s (%ld unknowns, %d levels): %.3f ms (mean of %d)\n", vn, cube, vunk, st.levels,
             1e3 * vcycle, reps);
    } else
      failed = 1;
    cap_poisson_free(P);
    free(rhs);
    free(p);
  }

  if (out) {
    FILE *f = fopen(out, "w");
    if (!f) {
      fprintf(stderr, "bench_poisson: cannot write %s\n", out);
      return 1;
    }
    time_t now_t = time(NULL);
    char date[64];
    strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", gmtime(&now_t));
    fprintf(f, "# bench_poisson (capillab tests/bench_poisson.c), %s\n", date);
    if (dim == 3)
      fprintf(f,
              "# system: liquid sphere centre (0.5123, 0.4871, 0.5231) R = 0.3817 in the unit cube (walls), p_G = 2/R, "
              "rhs = 10 sin(3.1x + 1.7y + 0.9z) + xyz; tol = %g (relative residual, 2-norm); cold start\n",
              tol);
    else
      fprintf(f,
              "# system: liquid disc centre (0.5123, 0.4871) R = 0.3817 in the unit square (walls), p_G = 1/R, "
              "rhs = 10 sin(3.1x + 1.7y) + xy; tol = %g (relative residual, 2-norm); cold start\n",
              tol);
    fprintf(f, "# seconds: wall time per solve (CLOCK_MONOTONIC), mean over reps; "
               "status capped = maxiter reached\n");
    fprintf(f,
            "n\tmethod\tunknowns\tlevels\titerations\trel_residual\tstatus\tseconds_per_solve\t"
            "unknowns_per_second\treps%s\n",
            dim == 3 ? "\tbytes_per_cell" : "");
    for (int k = 0; k < nrows; k++) {
      fprintf(f, "%d\t%s\t%ld\t%d\t%d\t%.3e\t%s\t%.6g\t%.6g\t%d", rows[k].n, rows[k].method, rows[k].unknowns,
              rows[k].levels, rows[k].iterations, rows[k].rel, rows[k].status, rows[k].seconds,
              rows[k].unknowns / rows[k].seconds, rows[k].reps);
      if (dim == 3) fprintf(f, "\t%.1f", rows[k].bytes_per_cell);
      fprintf(f, "\n");
    }
    if (vn > 0) fprintf(f, "# one MG V-cycle at %d%s (%ld unknowns): %.6g s\n", vn, cube, vunk, vcycle);
    fclose(f);
  }
  return failed;
}
