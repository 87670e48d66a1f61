#include "cap_grid.h"

#include <stdlib.h>

#include "cap_errno.h"

int cap_grid_init(cap_grid *g, cap_geometry geom, int nx, int ny, int nz, double h, double x0, double y0, double z0,
                  int nghost)
{
  if (!g) return CAP_ERROR(CAP_EINVAL, "cap_grid_init: grid pointer is NULL");
  if (geom != CAP_GEOM_PLANAR && geom != CAP_GEOM_AXI && geom != CAP_GEOM_3D)
    return CAP_ERROR(CAP_EDOM, "geom = %d is out of range: allowed PLANAR (0), AXI (1), 3D (2)", (int)geom);
  int s = cap_check_int_range("nx", nx, 1, CAP_GRID_MAX_N);
  if (!s) s = cap_check_int_range("ny", ny, 1, CAP_GRID_MAX_N);
  if (!s) s = cap_check_int_range("nz", nz, 1, geom == CAP_GEOM_3D ? CAP_GRID_MAX_N : 1);
  if (!s) s = cap_check_positive("h", h, "m");
  if (!s) s = cap_check_int_range("nghost", nghost, 1, CAP_GRID_MAX_GHOST);
  if (!s) s = cap_check_finite("x0", x0, "m");
  if (!s) s = cap_check_finite("y0", y0, "m");
  if (!s) s = cap_check_finite("z0", z0, "m");
  if (!s && geom == CAP_GEOM_AXI) s = cap_check_nonneg("x0 (radius of the left edge, AXI)", x0, "m");
  if (s) return s;
  g->geom = geom;
  g->dim = geom == CAP_GEOM_3D ? 3 : 2;
  g->nx = nx;
  g->ny = ny;
  g->nz = nz;
  g->ng = nghost;
  g->h = h;
  g->x0 = x0;
  g->y0 = y0;
  g->z0 = z0;
  for (int k = 0; k < 6; k++) g->bc[k] = CAP_BC_WALL;
  if (geom == CAP_GEOM_AXI && x0 == 0) g->bc[CAP_XLO] = CAP_BC_AXIS;
  g->sy = nx + 2 * nghost + 1;
  g->sz = g->sy * (ny + 2 * nghost + 1);
  g->size = (size_t)g->sz * (g->dim == 3 ? (size_t)(nz + 2 * nghost + 1) : 1u);
  return CAP_SUCCESS;
}

int cap_grid_set_bc(cap_grid *g, cap_side side, cap_bc kind)
{
  if ((int)side < 0 || (int)side >= 2 * g->dim)
    return CAP_ERROR(CAP_EDOM, "side = %d is out of range: allowed 0 <= side < %d", (int)side, 2 * g->dim);
  if ((int)kind < 0 || (int)kind > CAP_BC_SLIP)
    return CAP_ERROR(CAP_EDOM, "bc kind = %d is out of range: allowed WALL, OPEN, PERIODIC, AXIS, SLIP", (int)kind);
  if (kind == CAP_BC_AXIS && !(g->geom == CAP_GEOM_AXI && side == CAP_XLO && g->x0 == 0))
    return CAP_ERROR(CAP_EGEOM, "an AXIS boundary is allowed only on the XLO side of an AXI grid with x0 = 0");
  if (g->geom == CAP_GEOM_AXI && side == CAP_XLO && g->x0 == 0 && kind != CAP_BC_AXIS)
    return CAP_ERROR(CAP_EGEOM, "the XLO side of an AXI grid at r = 0 is the axis: its kind must be AXIS");
  g->bc[side] = kind;
  return CAP_SUCCESS;
}

int cap_grid_check_bc(const cap_grid *g)
{
  for (int d = 0; d < g->dim; d++)
    if ((g->bc[2 * d] == CAP_BC_PERIODIC) != (g->bc[2 * d + 1] == CAP_BC_PERIODIC))
      return CAP_ERROR(CAP_EINVAL, "direction %d is periodic on one side only: set both sides PERIODIC", d);
  int n[3] = {g->nx, g->ny, g->nz};
  for (int d = 0; d < g->dim; d++)
    if (g->bc[2 * d] == CAP_BC_PERIODIC && n[d] < g->ng)
      return CAP_ERROR(CAP_ESIZE, "a periodic direction needs at least nghost = %d cells; direction %d has %d", g->ng,
                       d, n[d]);
  return CAP_SUCCESS;
}

double *cap_grid_field_alloc(const cap_grid *g)
{
  double *f = calloc(g->size, sizeof *f);
  if (!f) CAP_ERROR(CAP_ENOMEM, "cannot allocate a field of %zu doubles", g->size);
  return f;
}

/* Ghost value at distance m >= 1 outside the boundary: `mirror` is the interior partner, `first` and
 * `second` the two interior samples nearest the boundary. */
static double ghost_value(cap_ghost_kind kind, double mirror, double first, double second, int m)
{
  switch (kind) {
  case CAP_GHOST_ODD: return -mirror;
  case CAP_GHOST_LINEAR: return first + m * (first - second);
  default: return mirror;
  }
}

/* Fills the ghosts of one line of samples p[0..n-1] (stride s). `faces`: the line is a face lattice
 * along its own direction (n = cells + 1 samples, the end samples on the boundary), whose mirror is
 * about the end sample rather than the cell edge. */
static void fill_line(double *f, size_t base, ptrdiff_t s, int n, int ng, cap_bc lo, cap_ghost_kind kind,
                      cap_ghost_kind axis_kind, int faces)
{
  double *p = f + base;
  int last = n - 1;
  for (int m = 1; m <= ng; m++) {
    if (lo == CAP_BC_PERIODIC) {
      int period = faces ? n - 1 : n; /* a face lattice repeats after n - 1 samples */
      p[-m * s] = p[(period - m) * s];
      p[(last + m) * s] = p[(last - period + m) * s];
      continue;
    }
    /* partner of ghost -m: cells mirror about the edge (m - 1), faces about sample 0 (m) */
    int in_lo = faces ? m : m - 1, in_hi = faces ? last - m : last - (m - 1);
    if (in_lo > last) in_lo = last;
    if (in_hi < 0) in_hi = 0;
    double second_lo = n > 1 ? p[s] : p[0], second_hi = n > 1 ? p[(last - 1) * s] : p[last * s];
    cap_ghost_kind klo = lo == CAP_BC_AXIS ? axis_kind : kind;
    p[-m * s] = ghost_value(klo, p[in_lo * s], p[0], second_lo, m);
    p[(last + m) * s] = ghost_value(kind, p[in_hi * s], p[last * s], second_hi, m);
  }
}

static size_t base_index(const cap_grid *g, int i, int j, int k)
{
  return g->dim == 3 ? cap_grid_idx3(g, i, j, k) : cap_grid_idx(g, i, j);
}

int cap_grid_fill_ghosts_at(const cap_grid *g, double *f, cap_location loc, cap_ghost_kind kind)
{
  if ((int)kind < 0 || (int)kind > CAP_GHOST_LINEAR)
    return CAP_ERROR(CAP_EDOM, "ghost kind = %d is out of range: allowed EVEN, ODD, LINEAR", (int)kind);
  int last_loc = g->dim == 3 ? CAP_AT_ZFACE : CAP_AT_YFACE;
  if ((int)loc < 0 || (int)loc > last_loc)
    return CAP_ERROR(CAP_EDOM, "loc = %d is out of range: allowed CELL (0), XFACE (1), YFACE (2)%s", (int)loc,
                     g->dim == 3 ? ", ZFACE (3)" : " (ZFACE on 3D grids only)");
  int s = cap_grid_check_bc(g);
  if (s) return s;
  int xf = loc == CAP_AT_XFACE, yf = loc == CAP_AT_YFACE, zf = loc == CAP_AT_ZFACE;
  int nx = g->nx + xf, ny = g->ny + yf, ng = g->ng;
  cap_ghost_kind axis_kind = xf ? CAP_GHOST_ODD : CAP_GHOST_EVEN;
  int nk = g->dim == 3 ? g->nz + zf : 1;
  for (int k = 0; k < nk; k++) {
    /* x direction on interior rows, then y over all columns (so corners come out consistent) */
    for (int j = 0; j < ny; j++) fill_line(f, base_index(g, 0, j, k), 1, nx, ng, g->bc[CAP_XLO], kind, axis_kind, xf);
    for (int i = -ng; i < nx + ng; i++)
      fill_line(f, base_index(g, i, 0, k), g->sy, ny, ng, g->bc[CAP_YLO], kind, CAP_GHOST_EVEN, yf);
  }
  if (g->dim == 3)
    for (int j = -ng; j < ny + ng; j++)
      for (int i = -ng; i < nx + ng; i++)
        fill_line(f, cap_grid_idx3(g, i, j, 0), g->sz, nk, ng, g->bc[CAP_ZLO], kind, CAP_GHOST_EVEN, zf);
  return CAP_SUCCESS;
}

int cap_grid_fill_ghosts(const cap_grid *g, double *f, cap_ghost_kind kind)
{
  return cap_grid_fill_ghosts_at(g, f, CAP_AT_CELL, kind);
}

int cap_grid_mirror_even(const cap_grid *g, double *f, cap_side side)
{
  if ((int)side < 0 || (int)side >= 2 * g->dim)
    return CAP_ERROR(CAP_EDOM, "side = %d is out of range: allowed 0 <= side < %d", (int)side, 2 * g->dim);
  const int d = side / 2, hi = side % 2, n[3] = {g->nx, g->ny, g->dim == 3 ? g->nz : 1}, ng = g->ng;
  const ptrdiff_t stride[3] = {1, g->sy, g->sz};
  const int a = (d + 1) % 3, b = (d + 2) % 3;
  const int span[3] = {ng, ng, g->dim == 3 ? ng : 0}; /* ghosts along the other directions (none in z in 2D) */
  for (int ib = -span[b]; ib < n[b] + span[b] + (span[b] > 0); ib++)
    for (int ia = -span[a]; ia < n[a] + span[a] + (span[a] > 0); ia++) {
      int c[3];
      c[d] = 0, c[a] = ia, c[b] = ib;
      double *p = f + base_index(g, c[0], c[1], c[2]);
      for (int m = 0; m < ng; m++) {
        if (hi)
          p[(n[d] + m) * stride[d]] = p[(n[d] - 1 - m) * stride[d]];
        else
          p[(-1 - m) * stride[d]] = p[m * stride[d]];
      }
    }
  return CAP_SUCCESS;
}
