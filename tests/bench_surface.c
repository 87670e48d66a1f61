/* bench_surface: cost of a picture of a 3D interface (cap_io_surface_rgb, cap_io_png_surface).
 *
 *   build/bin/bench_surface [--sizes 64,128] [--images N] [--threads N] [--out FILE.tsv]
 *
 * A sphere in a box of n^3 cells of side 1/n, phi its signed distance, seen from azimuth 30 degrees,
 * elevation 25 degrees, the box's edges drawn, on a 512 x 512 image: whole (radius 0.35, centred in the
 * unit box) and as an octant (radius 0.7, centred on the box's corner at the origin, mirrored across
 * the three low sides: the picture of a (2n)^3 box). Per size and case: the mean time of N pictures
 * (default 5) into memory, the time of one PNG file written (the picture and libpng's deflate), its
 * bytes, and the share of the pixels showing the surface. clock_gettime(CLOCK_MONOTONIC). With
 * BENCH_SURFACE_KEEP set, the PNGs stay in the working directory (bench_whole.png, bench_octant.png).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>

#include "../solver/cap_errno.h"
#include "../solver/cap_io.h"
#include "bench.h"

enum { W = 512 };

int main(int argc, char **argv)
{
  int sizes[8] = {64, 128}, nsizes = 2, images = 5;
  cap_tsv *tsv;
  int done = bench_start(argc, argv, "bench_surface", "a sphere's signed distance, whole and as a mirrored octant",
                         "images", sizes, &nsizes, &images, NULL,
                         "n\toctant\twidth\theight\timage_ms\tpng_ms\tpng_bytes\tsurface_share", &tsv);
  if (done >= 0) return done;
  printf("%5s %-7s %9s %10s %8s %10s %13s\n", "n", "case", "image", "image [ms]", "PNG [ms]", "PNG bytes",
         "surface share");
  unsigned char *rgb = malloc(3 * W * W);
  int st = rgb ? CAP_SUCCESS : CAP_ENOMEM;
  for (int k = 0; k < nsizes && !st; k++)
    for (int oct = 0; oct < 2 && !st; oct++) {
      int n = sizes[k];
      cap_grid g;
      double *phi = NULL;
      st = cap_grid_init(&g, CAP_GEOM_3D, n, n, n, 1.0 / n, 0, 0, 0, 1);
      if (!st && !(phi = cap_grid_field_alloc(&g))) st = CAP_ENOMEM;
      if (st) break;
      const double c = oct ? 0 : 0.5, R = oct ? 0.7 : 0.35;
      for (int kk = 0; kk < n; kk++)
        for (int j = 0; j < n; j++)
          for (int i = 0; i < n; i++) {
            double x = cap_grid_xc(&g, i) - c, y = cap_grid_yc(&g, j) - c, z = cap_grid_zc(&g, kk) - c;
            phi[cap_grid_idx3(&g, i, j, kk)] = sqrt(x * x + y * y + z * z) - R;
          }
      cap_io_view view = {.azimuth = 30, .elevation = 25, .width = W, .height = W, .box = 1};
      for (int a = 0; a < 3; a++) view.mirror[a] = oct;
      double t0 = bench_now();
      for (int r = 0; r < images && !st; r++) st = cap_io_surface_rgb(&g, phi, &view, rgb);
      double t1 = bench_now();
      const char *path =
          getenv("BENCH_SURFACE_KEEP") ? (oct ? "bench_octant.png" : "bench_whole.png") : "bench_surface.png";
      if (!st) st = cap_io_png_surface(path, &g, phi, &view);
      double t2 = bench_now();
      struct stat sb;
      double bytes = stat(path, &sb) == 0 ? (double)sb.st_size : NAN;
      if (!getenv("BENCH_SURFACE_KEEP")) remove(path);
      long hit = 0;
      for (int q = 0; q < W * W; q++)
        hit += rgb[3 * q] != rgb[3 * q + 1] || rgb[3 * q + 1] != rgb[3 * q + 2]; /* grey: the box or its edges */
      free(phi);
      if (st) break;
      double row[8] = {n, oct, W, W, 1e3 * (t1 - t0) / images, 1e3 * (t2 - t1), bytes, (double)hit / (W * W)};
      printf("%5d %-7s %4dx%-4d %10.1f %8.1f %10.0f %13.3f\n", n, oct ? "octant" : "whole", W, W, row[4], row[5], bytes,
             row[7]);
      if (tsv) st = cap_io_tsv_row(tsv, 8, row);
    }
  free(rgb);
  if (tsv) st = st ? (cap_io_tsv_abort(tsv), st) : cap_io_tsv_close(tsv);
  if (st) fprintf(stderr, "bench_surface: %s\n", cap_error_message());
  return st ? 1 : 0;
}
