/* bench_vsurf: cost of the virtual surface's fill (cap_vsurf_fill), on a staircase.
 *
 *   build/bin/bench_vsurf [--sizes 128,256,512] [--fills N] [--out FILE.tsv]
 *
 * Two solids in the unit box: a half-plane through (0.5123, 0.4377) tilted 30 degrees to the grid, and
 * a disc of radius 0.25 centred there; each met at 60 degrees by a circular liquid surface of radius
 * 0.3 (phi its signed distance, the case of tests/test_vsurf.c). Per size and solid: the solid cells,
 * those within CAP_VSURF_BAND cells of the surface (the ones the fill iterates over), the first
 * fill's time (from scratch: CAP_VSURF_COLD_PASSES rounds) and the mean time of N later fills
 * (default 20) of the same phi, with solid cells per second (the band is iterated to convergence,
 * the deeper cells get one pass). Single thread;
 * clock_gettime(CLOCK_MONOTONIC).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../solver/cap_errno.h"
#include "../solver/cap_io.h"
#include "../solver/cap_solid.h"
#include "../solver/cap_vsurf.h"
#include "bench.h"

int main(int argc, char **argv)
{
  int sizes[8] = {128, 256, 512}, nsizes = 3, fills = 20;
  cap_tsv *tsv;
  int done = bench_start(argc, argv, "bench_vsurf",
                         "circle of radius 0.3 meeting a plane tilted 30 deg or a disc of radius 0.25 at 60 deg",
                         "fills", sizes, &nsizes, &fills, NULL,
                         "n\tsolid(0_plane,1_disc)\tsolid_cells\tband_cells\tfirst_fill_s\tfill_s\t"
                         "solid_cells_per_s",
                         &tsv);
  if (done >= 0) return done;
  printf("%6s %-6s %11s %10s %14s %12s %16s\n", "n", "solid", "solid cells", "band cells", "first fill [s]", "fill [s]",
         "solid cells / s");
  const double px = 0.5123, py = 0.4377, theta = 60 * M_PI / 180, beta = 30 * M_PI / 180, rc = 0.3, rs = 0.25;
  for (int k = 0; k < nsizes; k++)
    for (int disc = 0; disc < 2; disc++) {
      int n = sizes[k];
      cap_grid g;
      cap_solid *sol = NULL;
      cap_vsurf *v = NULL;
      cap_contact *ct = NULL;
      double *phi = NULL, cx, cy;
      int st = cap_grid_init(&g, CAP_GEOM_PLANAR, n, n, 1, 1.0 / n, 0, 0, 0, 3);
      if (!disc) {
        double sx = -sin(beta), sy = cos(beta);
        cx = px - rc * cos(theta) * sx;
        cy = py - rc * cos(theta) * sy;
        if (!st) st = cap_solid_halfplane_alloc(&sol, px, py, sx, sy);
      } else {
        double D = sqrt(rs * rs + rc * rc - 2 * rs * rc * cos(theta));
        cx = px;
        cy = py + D;
        if (!st) st = cap_solid_disc_alloc(&sol, px, py, rs);
      }
      if (!st) st = cap_contact_alloc(&ct, &g);
      if (!st) st = cap_contact_set_solid(ct, sol, theta);
      if (!st) st = cap_vsurf_alloc(&v, &g, sol);
      if (!st && !(phi = cap_grid_field_alloc(&g))) st = CAP_ENOMEM;
      if (st) return 3;
      for (int j = -g.ng; j < n + g.ng; j++)
        for (int i = -g.ng; i < n + g.ng; i++)
          phi[cap_grid_idx(&g, i, j)] = hypot(cap_grid_xc(&g, i) - cx, cap_grid_yc(&g, j) - cy) - rc;
      size_t ns = cap_vsurf_count(v), nb = 0;
      for (size_t q = 0; q < ns; q++) {
        size_t c;
        double d, nx, ny;
        cap_vsurf_cell(v, q, &c, &d, &nx, &ny);
        nb += d <= CAP_VSURF_BAND / n;
      }
      double t0 = bench_now();
      st = cap_vsurf_fill(v, ct, &g, phi);
      double first = bench_now() - t0;
      t0 = bench_now();
      for (int f = 0; f < fills && !st; f++) st = cap_vsurf_fill(v, ct, &g, phi);
      double per = (bench_now() - t0) / fills;
      if (st) {
        fprintf(stderr, "bench_vsurf: the fill failed at n = %d\n", n);
        return 3;
      }
      printf("%6d %-6s %11zu %10zu %14.4g %12.4g %16.4g\n", n, disc ? "disc" : "plane", ns, nb, first, per, ns / per);
      if (tsv) cap_io_tsv_row(tsv, 7, (double[]){n, disc, (double)ns, (double)nb, first, per, ns / per});
      free(phi);
      cap_vsurf_free(v);
      cap_contact_free(ct);
      cap_solid_free(sol);
    }
  return tsv && cap_io_tsv_close(tsv) ? 3 : 0;
}
