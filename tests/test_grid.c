/* Tests of solver/cap_grid: indexing, coordinates, metric factors, ghost filling, error paths. */
#include <math.h>
#include <stdlib.h>

#include "../solver/cap_errno.h"
#include "../solver/cap_grid.h"
#include "tharness.h"

static double smooth(double x, double y) { return sin(1.7321 * x) + 0.3817 * cos(2.3 * y) + x * y; }

/* The 13 x 7 planar grid (h = 1/8, origin (-0.3817, 0.25), three ghost layers); returns the status
 * of cap_grid_init. */
static int planar_grid(cap_grid *g) { return cap_grid_init(g, CAP_GEOM_PLANAR, 13, 7, 1, 0.125, -0.3817, 0.25, 0, 3); }

/* Sets the interior of f to the linear field 0.3817 i - 1.7321 j + 0.25 and fills its ghosts by linear
 * extrapolation. */
static void linear_field(cap_grid *g, double *f)
{
  for (int j = 0; j < g->ny; j++)
    for (int i = 0; i < g->nx; i++) f[cap_grid_idx(g, i, j)] = 0.3817 * i - 1.7321 * j + 0.25;
  cap_grid_fill_ghosts(g, f, CAP_GHOST_LINEAR);
}

/* Indexing, coordinates and the metric of a planar grid. */
static void planar_indexing(void)
{
  cap_grid g;
  th_int(planar_grid(&g), CAP_SUCCESS, "planar init");
  th_int((long)g.size, (long)((13 + 7) * (7 + 7)), "field size (nx+2ng+1)(ny+2ng+1)");
  th_int((long)cap_grid_idx(&g, -3, -3), 0, "first ghost cell has index 0");
  th_int((long)(cap_grid_idx(&g, 4, 2) - cap_grid_idx(&g, 3, 2)), 1, "unit stride in i");
  th_int((long)(cap_grid_idx(&g, 3, 3) - cap_grid_idx(&g, 3, 2)), (long)g.sy, "stride sy in j");
  th_abs(cap_grid_xc(&g, 0), -0.3817 + 0.0625, 1e-15, "first cell centre");
  th_abs(cap_grid_xf(&g, 13), -0.3817 + 13 * 0.125, 1e-15, "last x-face");
  th_abs(cap_grid_metric_cell(&g, 5), 1.0, 0, "planar metric is 1");
}

/* Even, odd and linear ghost filling at walls. */
static void ghosts(void)
{
  cap_grid g;
  planar_grid(&g);
  double *f = cap_grid_field_alloc(&g);
  th_true(f != NULL, "field allocated");
  for (int j = 0; j < g.ny; j++)
    for (int i = 0; i < g.nx; i++) f[cap_grid_idx(&g, i, j)] = smooth(cap_grid_xc(&g, i), cap_grid_yc(&g, j));
  cap_grid_fill_ghosts(&g, f, CAP_GHOST_EVEN);
  th_abs(f[cap_grid_idx(&g, -2, 3)], f[cap_grid_idx(&g, 1, 3)], 0, "even ghost mirrors (x lo)");
  th_abs(f[cap_grid_idx(&g, 4, 7 + 2)], f[cap_grid_idx(&g, 4, 7 - 3)], 0, "even ghost mirrors (y hi)");
  th_abs(f[cap_grid_idx(&g, -1, -1)], f[cap_grid_idx(&g, 0, 0)], 0, "even corner ghost");
  cap_grid_fill_ghosts(&g, f, CAP_GHOST_ODD);
  th_abs(f[cap_grid_idx(&g, 13, 2)], -f[cap_grid_idx(&g, 12, 2)], 0, "odd ghost (x hi)");
  cap_grid_fill_ghosts(&g, f, CAP_GHOST_LINEAR);
  /* a linear function is reproduced exactly by linear extrapolation */
  linear_field(&g, f);
  th_abs(f[cap_grid_idx(&g, -3, -3)], 0.3817 * -3 - 1.7321 * -3 + 0.25, 1e-12, "linear ghost exact (corner)");
  th_abs(f[cap_grid_idx(&g, 15, 8)], 0.3817 * 15 - 1.7321 * 8 + 0.25, 1e-12, "linear ghost exact (x hi, y hi)");
  free(f);
}

/* Periodic sides: both or neither, and the ghosts wrap. */
static void periodic(void)
{
  cap_grid g;
  planar_grid(&g);
  double *f = cap_grid_field_alloc(&g);
  linear_field(&g, f);
  cap_grid_set_bc(&g, CAP_XLO, CAP_BC_PERIODIC);
  th_int(cap_grid_fill_ghosts(&g, f, CAP_GHOST_EVEN), CAP_EINVAL, "periodic on one side only is rejected");
  cap_grid_set_bc(&g, CAP_XHI, CAP_BC_PERIODIC);
  th_int(cap_grid_fill_ghosts(&g, f, CAP_GHOST_EVEN), CAP_SUCCESS, "periodic in x accepted");
  th_abs(f[cap_grid_idx(&g, -1, 2)], f[cap_grid_idx(&g, 12, 2)], 0, "periodic ghost wraps (lo)");
  th_abs(f[cap_grid_idx(&g, 15, 2)], f[cap_grid_idx(&g, 2, 2)], 0, "periodic ghost wraps (hi)");
  free(f);
}

/* An axisymmetric grid: the axis side and the metric factors; the axis only there. */
static void axisymmetric(void)
{
  cap_grid a, g;
  th_int(cap_grid_init(&a, CAP_GEOM_AXI, 8, 16, 1, 0.05, 0, 0, 0, 2), CAP_SUCCESS, "axi init");
  th_int(a.bc[CAP_XLO], CAP_BC_AXIS, "axi grid at r = 0 has the axis on XLO");
  th_abs(cap_grid_metric_cell(&a, 2), 0.125, 1e-15, "axi cell metric is the radius");
  th_abs(cap_grid_metric_xface(&a, 0), 0.0, 0, "axi face metric on the axis is 0");
  th_int(cap_grid_set_bc(&a, CAP_XLO, CAP_BC_WALL), CAP_EGEOM, "axis side cannot become a wall");
  planar_grid(&g);
  th_int(cap_grid_set_bc(&g, CAP_XLO, CAP_BC_AXIS), CAP_EGEOM, "axis on a planar grid rejected");
}

/* Error paths of cap_grid_init. */
static void bad_input(void)
{
  cap_grid a;
  th_int(cap_grid_init(&a, CAP_GEOM_PLANAR, 8, 8, 1, 0.0, 0, 0, 0, 2), CAP_EDOM, "h = 0 rejected");
  th_int(cap_grid_init(&a, CAP_GEOM_PLANAR, 8, 8, 1, -0.1, 0, 0, 0, 2), CAP_EDOM, "negative h rejected");
  th_int(cap_grid_init(&a, CAP_GEOM_PLANAR, 0, 8, 1, 0.1, 0, 0, 0, 2), CAP_EDOM, "nx = 0 rejected");
  th_int(cap_grid_init(&a, CAP_GEOM_PLANAR, 8, 8, 4, 0.1, 0, 0, 0, 2), CAP_EDOM, "nz > 1 in 2D rejected");
  th_int(cap_grid_init(&a, CAP_GEOM_PLANAR, 8, 8, 1, 0.1, 0, 0, 0, 9), CAP_EDOM, "too many ghosts rejected");
  th_int(cap_grid_init(&a, CAP_GEOM_AXI, 8, 8, 1, 0.1, -1, 0, 0, 2), CAP_EDOM, "negative radius origin rejected");
  th_int(cap_grid_init(&a, (cap_geometry)7, 8, 8, 1, 0.1, 0, 0, 0, 2), CAP_EDOM, "unknown geometry rejected");
}

/* A 3D grid: strides, and the ghosts of every lattice (cells and the three face lattices). A field
 * linear in (i, j, k) is reproduced exactly by LINEAR ghosts, corners included; EVEN mirrors a
 * z-face lattice about its boundary face; a periodic z wraps. */
static double lin3(double x, double y, double z) { return 0.3817 * x - 1.7321 * y + 0.61 * z + 0.25; }

static void three_d(void)
{
  cap_grid g;
  th_int(cap_grid_init(&g, CAP_GEOM_3D, 7, 5, 6, 0.1, -0.2, 0.1, 0.3, 3), CAP_SUCCESS, "3D init");
  th_int(g.dim, 3, "3D grid has dim 3");
  th_int((long)g.size, (long)(14 * 12 * 13), "3D size (nx+2ng+1)(ny+2ng+1)(nz+2ng+1)");
  th_int((long)(cap_grid_idx3(&g, 1, 2, 4) - cap_grid_idx3(&g, 1, 2, 3)), (long)g.sz, "stride sz in k");
  th_abs(cap_grid_zf(&g, 6), 0.3 + 0.6, 1e-15, "last z-face");
  double *f = cap_grid_field_alloc(&g);
  th_true(f != NULL, "3D field allocated");
  for (int loc = CAP_AT_CELL; loc <= CAP_AT_ZFACE; loc++) {
    double ox, oy, oz;
    cap_grid_offsets3((cap_location)loc, &ox, &oy, &oz);
    int xf = loc == CAP_AT_XFACE, yf = loc == CAP_AT_YFACE, zf = loc == CAP_AT_ZFACE;
    for (int k = 0; k < g.nz + zf; k++)
      for (int j = 0; j < g.ny + yf; j++)
        for (int i = 0; i < g.nx + xf; i++) f[cap_grid_idx3(&g, i, j, k)] = lin3(i + ox, j + oy, k + oz);
    th_int(cap_grid_fill_ghosts_at(&g, f, (cap_location)loc, CAP_GHOST_LINEAR), CAP_SUCCESS, "3D linear ghosts");
    double worst = 0;
    for (int k = -3; k < g.nz + zf + 3; k++)
      for (int j = -3; j < g.ny + yf + 3; j++)
        for (int i = -3; i < g.nx + xf + 3; i++)
          worst = fmax(worst, fabs(f[cap_grid_idx3(&g, i, j, k)] - lin3(i + ox, j + oy, k + oz)));
    th_abs(worst, 0, 1e-12, "3D linear ghosts exact on every lattice, corners included");
  }
  th_int(cap_grid_fill_ghosts_at(&g, f, CAP_AT_ZFACE, CAP_GHOST_EVEN), CAP_SUCCESS, "3D even z-face ghosts");
  th_abs(f[cap_grid_idx3(&g, 2, 3, -2)], f[cap_grid_idx3(&g, 2, 3, 2)], 0, "z-face ghost mirrors about face 0");
  th_abs(f[cap_grid_idx3(&g, 2, 3, 6 + 1)], f[cap_grid_idx3(&g, 2, 3, 6 - 1)], 0, "z-face ghost mirrors about nz");
  cap_grid_set_bc(&g, CAP_ZLO, CAP_BC_PERIODIC);
  th_int(cap_grid_fill_ghosts(&g, f, CAP_GHOST_EVEN), CAP_EINVAL, "periodic on ZLO only is rejected");
  cap_grid_set_bc(&g, CAP_ZHI, CAP_BC_PERIODIC);
  th_int(cap_grid_fill_ghosts(&g, f, CAP_GHOST_EVEN), CAP_SUCCESS, "periodic in z accepted");
  th_abs(f[cap_grid_idx3(&g, 1, 1, -1)], f[cap_grid_idx3(&g, 1, 1, 5)], 0, "periodic z ghost wraps (lo)");
  th_abs(f[cap_grid_idx3(&g, 1, 1, 7)], f[cap_grid_idx3(&g, 1, 1, 1)], 0, "periodic z ghost wraps (hi)");
  int i = 8, j = -1, k = -2;
  cap_grid_wrap3(&g, &i, &j, &k);
  th_int(k, 4, "wrap3 brings k back into a periodic z");
  th_int(i, 8, "wrap3 leaves a wall direction alone");
  cap_grid p;
  planar_grid(&p);
  th_int(cap_grid_fill_ghosts_at(&p, f, CAP_AT_ZFACE, CAP_GHOST_EVEN), CAP_EDOM, "z-faces on a 2D grid rejected");
  /* the even mirror across one side: every ghost layer, at every position along it (ghosts included) */
  cap_grid_set_bc(&g, CAP_ZLO, CAP_BC_WALL), cap_grid_set_bc(&g, CAP_ZHI, CAP_BC_WALL);
  for (size_t c = 0; c < g.size; c++) f[c] = (double)(c % 97) - 48;
  th_int(cap_grid_mirror_even(&g, f, CAP_YHI), CAP_SUCCESS, "mirror across YHI");
  double worst = 0;
  for (int kk = -3; kk <= g.nz + 3; kk++)
    for (int ii = -3; ii <= g.nx + 3; ii++)
      for (int m = 0; m < 3; m++)
        worst = fmax(worst, fabs(f[cap_grid_idx3(&g, ii, g.ny + m, kk)] - f[cap_grid_idx3(&g, ii, g.ny - 1 - m, kk)]));
  th_abs(worst, 0, 0, "mirror across YHI: f(ny + m) = f(ny - 1 - m) over the whole side");
  th_int(cap_grid_mirror_even(&g, f, (cap_side)6), CAP_EDOM, "mirror: side 6 rejected");
  th_int(cap_grid_mirror_even(&p, f, CAP_ZLO), CAP_EDOM, "mirror: a z side of a 2D grid rejected");
  free(f);
}

static const th_case cases[] = {
    {"planar_indexing", planar_indexing},
    {"ghosts", ghosts},
    {"periodic", periodic},
    {"axisymmetric", axisymmetric},
    {"bad_input", bad_input},
    {"three_d", three_d},
    {NULL, NULL},
};

int main(int argc, char **argv) { return th_main(argc, argv, cases); }
