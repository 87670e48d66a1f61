/* bench_surface: cost of a picture of a 3D interface (cap_io_surface_rgb, cap_io_png_surface).
 *
 *   build/bin/bench_surface [--sizes 64,128] [--images N] [--threads N] [--out FILE.tsv]
 *
 * A sphere in a box of n^3 cells of side 1/n, phi its signed distance, seen from azimuth 30 degrees,
 * elevation 25 degrees, the box's edges drawn, on a 512 x 512 image: whole (radius 0.35, centred in the
 * unit box) and as an octant (radius 0.7, centred on the box's corner at the origin, mirrored across
 * the three low sides: the picture of a (2n)^3 box). Per size and case: the mean time of N pictures
 * (default 5) into memory (wall clock, and the process's CPU time: all threads), the time of one PNG
 * file written (the picture and libpng's deflate), its bytes, and the share of the pixels showing the
 * surface. Against it, the alternative: marching tetrahedra rasterised with a z-buffer (Gouraud normals,
 * the same camera and shading; single thread): its CPU time per picture, its triangles (mirrored copies
 * counted) and the share of the pixels where it and the ray-marched picture disagree on the surface
 * being there, and the mean difference of their blue channel (0..255) where both show it. With
 * BENCH_SURFACE_KEEP set, the PNGs stay in the working directory (bench_whole.png,
 * bench_octant.png).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>

#include "../solver/cap_errno.h"
#include "../solver/cap_io.h"
#include "bench.h"

enum { W = 512 };

/* ---- the alternative measured against it: marching tetrahedra rasterised with a z-buffer ---- */

/* The camera of cap_io.h's cap_io_view, for the same pictures. */
typedef struct {
  double c[3], right[3], up[3], light[3], mid[3], diag, pix, lo[3];
  int mirror[3];
  double *z;
  unsigned char *rgb;
  long triangles;
} mt_cam;

static double dot3(const double *a, const double *b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }

/* One triangle (points p, unit-less normals nrm) into the z-buffer, Gouraud-interpolated normals. */
static void mt_raster(mt_cam *m, double p[3][3], double nrm[3][3])
{
  double sx[3], sy[3], sz[3];
  for (int v = 0; v < 3; v++) {
    double r[3] = {p[v][0] - m->mid[0], p[v][1] - m->mid[1], p[v][2] - m->mid[2]};
    sx[v] = dot3(r, m->right) / m->pix + 0.5 * W - 0.5;
    sy[v] = 0.5 * W - 0.5 - dot3(r, m->up) / m->pix;
    sz[v] = m->diag - dot3(r, m->c);
  }
  double area = (sx[1] - sx[0]) * (sy[2] - sy[0]) - (sx[2] - sx[0]) * (sy[1] - sy[0]);
  if (area == 0) return;
  int x0 = (int)fmax(0, ceil(fmin(sx[0], fmin(sx[1], sx[2])))),
      x1 = (int)fmin(W - 1, floor(fmax(sx[0], fmax(sx[1], sx[2]))));
  int y0 = (int)fmax(0, ceil(fmin(sy[0], fmin(sy[1], sy[2])))),
      y1 = (int)fmin(W - 1, floor(fmax(sy[0], fmax(sy[1], sy[2]))));
  m->triangles++;
  for (int y = y0; y <= y1; y++)
    for (int x = x0; x <= x1; x++) {
      double b[3];
      for (int v = 0; v < 3; v++) {
        int a = (v + 1) % 3, c = (v + 2) % 3;
        b[v] = ((sx[c] - sx[a]) * (y - sy[a]) - (x - sx[a]) * (sy[c] - sy[a])) / area;
      }
      if (b[0] < 0 || b[1] < 0 || b[2] < 0) continue;
      double z = b[0] * sz[0] + b[1] * sz[1] + b[2] * sz[2];
      size_t q = (size_t)y * W + x;
      if (z >= m->z[q]) continue;
      m->z[q] = z;
      double n[3];
      for (int a = 0; a < 3; a++) n[a] = b[0] * nrm[0][a] + b[1] * nrm[1][a] + b[2] * nrm[2][a];
      double len = sqrt(dot3(n, n)), lit = 0.25 + 0.75 * fmax(0, len > 0 ? dot3(n, m->light) / len : 0);
      const double base[3] = {70, 130, 200};
      for (int a = 0; a < 3; a++) m->rgb[3 * q + a] = (unsigned char)lround(base[a] * lit);
    }
}

/* The triangles of the zero level of phi over the tetrahedron t of the centres' positions P, values f
 * and gradients G, each copy mirrored as the view asks, rasterised. */
static void mt_tet(mt_cam *m, double P[4][3], const double *f, double G[4][3])
{
  int in[4], nin = 0, out[4], nout = 0;
  for (int v = 0; v < 4; v++) {
    if (f[v] <= 0)
      in[nin++] = v;
    else
      out[nout++] = v;
  }
  if (nin == 0 || nin == 4) return;
  int e[4][2], ne = 0; /* the crossed edges, in order around the section */
  if (nin == 1 || nin == 3) {
    int lone = nin == 1 ? in[0] : out[0], *oth = nin == 1 ? out : in;
    for (int k = 0; k < 3; k++) e[ne][0] = lone, e[ne++][1] = oth[k];
  } else {
    const int q[4][2] = {{in[0], out[0]}, {in[0], out[1]}, {in[1], out[1]}, {in[1], out[0]}};
    for (int k = 0; k < 4; k++) e[ne][0] = q[k][0], e[ne++][1] = q[k][1];
  }
  double X[4][3], N[4][3];
  for (int k = 0; k < ne; k++) {
    int a = e[k][0], b = e[k][1];
    double t = f[a] / (f[a] - f[b]);
    for (int d = 0; d < 3; d++)
      X[k][d] = P[a][d] + t * (P[b][d] - P[a][d]), N[k][d] = G[a][d] + t * (G[b][d] - G[a][d]);
  }
  for (int mask = 0; mask < 8; mask++) {
    if ((mask & 1 && !m->mirror[0]) || (mask & 2 && !m->mirror[1]) || (mask & 4 && !m->mirror[2])) continue;
    double Y[4][3], M[4][3];
    for (int k = 0; k < ne; k++)
      for (int d = 0; d < 3; d++) {
        int flip = (mask >> d) & 1;
        Y[k][d] = flip ? 2 * m->lo[d] - X[k][d] : X[k][d];
        M[k][d] = flip ? -N[k][d] : N[k][d];
      }
    for (int tri = 0; tri + 2 < ne; tri++) {
      double p[3][3], n[3][3];
      const int v[3] = {0, tri + 1, tri + 2};
      for (int k = 0; k < 3; k++)
        for (int d = 0; d < 3; d++) p[k][d] = Y[v[k]][d], n[k][d] = M[v[k]][d];
      mt_raster(m, p, n);
    }
  }
}

/* The picture cap_io_surface_rgb draws (without the box's edges), by marching tetrahedra over the cubes
 * of 8 cell centres (6 tetrahedra about the diagonal), normals from central differences of phi at the
 * centres; returns the triangles drawn. The half cells next to the sides are left out. */
static long mt_picture(const cap_grid *g, const double *phi, const cap_io_view *view, unsigned char *rgb, double *z)
{
  mt_cam m = {.z = z, .rgb = rgb};
  const double az = view->azimuth * M_PI / 180, el = view->elevation * M_PI / 180;
  const double c[3] = {cos(el) * cos(az), cos(el) * sin(az), sin(el)}, r[3] = {-sin(az), cos(az), 0};
  const double up[3] = {-sin(el) * cos(az), -sin(el) * sin(az), cos(el)};
  const int n[3] = {g->nx, g->ny, g->nz};
  const double o[3] = {g->x0, g->y0, g->z0};
  double d2 = 0, l[3];
  for (int a = 0; a < 3; a++) {
    m.mirror[a] = view->mirror[a];
    m.lo[a] = o[a];
    double lo = m.mirror[a] ? o[a] - n[a] * g->h : o[a], hi = o[a] + n[a] * g->h;
    m.mid[a] = 0.5 * (lo + hi);
    d2 += (hi - lo) * (hi - lo);
    m.c[a] = c[a], m.right[a] = r[a], m.up[a] = up[a];
    l[a] = 0.8 * c[a] + 0.5 * up[a] - 0.35 * r[a];
  }
  for (int a = 0; a < 3; a++) m.light[a] = l[a] / sqrt(dot3(l, l));
  m.diag = sqrt(d2);
  m.pix = m.diag / W;
  for (size_t q = 0; q < (size_t)W * W; q++) z[q] = INFINITY, rgb[3 * q] = rgb[3 * q + 1] = rgb[3 * q + 2] = 255;
  const ptrdiff_t st[3] = {1, g->sy, g->sz};
  const int tets[6][4] = {{0, 1, 3, 7}, {0, 3, 2, 7}, {0, 2, 6, 7}, {0, 6, 4, 7}, {0, 4, 5, 7}, {0, 5, 1, 7}};
  for (int k = 0; k + 1 < n[2]; k++)
    for (int j = 0; j + 1 < n[1]; j++)
      for (int i = 0; i + 1 < n[0]; i++) {
        const double *f0 = phi + cap_grid_idx3(g, i, j, k);
        double f[8], P[8][3], G[8][3];
        int neg = 0, pos = 0;
        for (int v = 0; v < 8; v++) {
          f[v] = f0[(v & 1) * st[0] + (v >> 1 & 1) * st[1] + (v >> 2) * st[2]];
          neg += f[v] <= 0, pos += f[v] > 0;
        }
        if (!neg || !pos) continue;
        for (int v = 0; v < 8; v++) {
          const int at[3] = {i + (v & 1), j + (v >> 1 & 1), k + (v >> 2)};
          const double *fv = phi + cap_grid_idx3(g, at[0], at[1], at[2]);
          for (int a = 0; a < 3; a++) {
            P[v][a] = o[a] + (at[a] + 0.5) * g->h;
            int lo = at[a] > 0, hi = at[a] < n[a] - 1;
            G[v][a] = (fv[hi * st[a]] - fv[-lo * st[a]]) / (lo + hi);
          }
        }
        for (int t = 0; t < 6; t++) {
          double Pt[4][3], ft[4], Gt[4][3];
          for (int v = 0; v < 4; v++) {
            ft[v] = f[tets[t][v]];
            for (int a = 0; a < 3; a++) Pt[v][a] = P[tets[t][v]][a], Gt[v][a] = G[tets[t][v]][a];
          }
          mt_tet(&m, Pt, ft, Gt);
        }
      }
  return m.triangles;
}

int main(int argc, char **argv)
{
  int sizes[8] = {64, 128}, nsizes = 2, images = 5;
  cap_tsv *tsv;
  int done = bench_start(
      argc, argv, "bench_surface", "a sphere's signed distance, whole and as a mirrored octant", "images", sizes,
      &nsizes, &images, NULL,
      "n\toctant\twidth\theight\timage_ms\timage_cpu_ms\tpng_ms\tpng_bytes\tsurface_share\tmt_cpu_ms\tmt_triangles\t"
      "mt_differ_share\tmt_blue_diff",
      &tsv);
  if (done >= 0) return done;
  printf("%5s %-7s %9s %10s %9s %8s %10s %13s %12s %10s %9s %8s\n", "n", "case", "image", "image [ms]", "CPU [ms]",
         "PNG [ms]", "PNG bytes", "surface share", "MT CPU [ms]", "triangles", "differ", "|dblue|");
  unsigned char *rgb = malloc(3 * W * W), *rgb2 = malloc(3 * W * W), *rgb3 = malloc(3 * W * W);
  double *zbuf = malloc(sizeof *zbuf * W * W);
  int st = rgb && rgb2 && rgb3 && zbuf ? CAP_SUCCESS : CAP_ENOMEM;
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
      struct timespec c0, c1;
      clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c0);
      double t0 = bench_now();
      for (int r = 0; r < images && !st; r++) st = cap_io_surface_rgb(&g, phi, &view, rgb);
      double t1 = bench_now();
      clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c1);
      double cpu = (double)(c1.tv_sec - c0.tv_sec) + 1e-9 * (double)(c1.tv_nsec - c0.tv_nsec);
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
      /* marching tetrahedra, against the ray-marched picture without the edges */
      view.box = 0;
      if (!st) st = cap_io_surface_rgb(&g, phi, &view, rgb2);
      long tris = 0, differ = 0;
      clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c0);
      for (int r = 0; r < images; r++) tris = mt_picture(&g, phi, &view, rgb3, zbuf);
      clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c1);
      double mt = (double)(c1.tv_sec - c0.tv_sec) + 1e-9 * (double)(c1.tv_nsec - c0.tv_nsec);
      double dcol = 0;
      long both = 0;
      for (int q = 0; q < W * W; q++) {
        int a = rgb2[3 * q] != 255, b = rgb3[3 * q] != 255;
        differ += a != b;
        if (a && b) both++, dcol += abs(rgb2[3 * q + 2] - rgb3[3 * q + 2]);
      }
      free(phi);
      if (st) break;
      double row[13] = {n,
                        oct,
                        W,
                        W,
                        1e3 * (t1 - t0) / images,
                        1e3 * cpu / images,
                        1e3 * (t2 - t1),
                        bytes,
                        (double)hit / (W * W),
                        1e3 * mt / images,
                        (double)tris,
                        (double)differ / (W * W),
                        both ? dcol / both : NAN};
      printf("%5d %-7s %4dx%-4d %10.1f %9.1f %8.1f %10.0f %13.3f %12.1f %10ld %9.5f %8.4f\n", n,
             oct ? "octant" : "whole", W, W, row[4], row[5], row[6], bytes, row[8], row[9], tris, row[11], row[12]);
      if (tsv) st = cap_io_tsv_row(tsv, 13, row);
    }
  free(rgb);
  free(rgb2);
  free(rgb3);
  free(zbuf);
  if (tsv) st = st ? (cap_io_tsv_abort(tsv), st) : cap_io_tsv_close(tsv);
  if (st) fprintf(stderr, "bench_surface: %s\n", cap_error_message());
  return st ? 1 : 0;
}
