/* cap_grid: MAC grid geometry.
 *
 * A grid is a box of nx * ny (* nz) square (cubic) cells of side h, with `ng` ghost layers on every
 * side, a geometry tag and a boundary kind on each side. The grid owns no field data: fields are flat
 * double arrays of cap_grid.size entries, allocated with cap_grid_field_alloc, addressed through the
 * strides below. ONE index serves cell-centred and face-centred quantities:
 *
 *   cell (i, j)         centre at (x0 + (i + 1/2) h, y0 + (j + 1/2) h),   -ng <= i < nx + ng
 *   x-face (i, j)       at (x0 + i h, y0 + (j + 1/2) h): between cells (i-1, j) and (i, j), -ng <= i <= nx + ng
 *   y-face (i, j)       at (x0 + (i + 1/2) h, y0 + j h): between cells (i, j-1) and (i, j)
 *   z-face (i, j, k)    (3D) at z0 + k h, between cells (i, j, k-1) and (i, j, k)
 *
 * so every array has (nx + 2 ng + 1) * (ny + 2 ng + 1) (* (nz + 2 ng + 1)) entries and
 * index(i, j, k) = (i + ng) + (j + ng) * sy + (k + ng) * sz. Interior cells are 0 <= i < nx.
 *
 * Geometry: CAP_GEOM_PLANAR (2D, per unit depth), CAP_GEOM_AXI (x is the radius r >= 0, y is the axis
 * z; metric factor r in volumes and face areas), CAP_GEOM_3D. An operator that does not support a
 * geometry returns CAP_EGEOM instead of computing something wrong.
 */
#ifndef CAP_GRID_H
#define CAP_GRID_H

#include <stddef.h>

typedef enum { CAP_GEOM_PLANAR = 0, CAP_GEOM_AXI = 1, CAP_GEOM_3D = 2 } cap_geometry;

typedef enum {
  CAP_BC_WALL = 0, /* solid wall: no normal flow */
  CAP_BC_OPEN = 1, /* open boundary: zero pressure (free outflow) */
  CAP_BC_PERIODIC = 2,
  CAP_BC_AXIS = 3, /* the symmetry axis r = 0 of an axisymmetric grid (side XLO only) */
  CAP_BC_SLIP = 4  /* solid wall with free slip: no normal flow and no tangential stress (the viscous
                       * step mirrors the tangential velocity evenly); everything else as WALL */
} cap_bc;

typedef enum { CAP_XLO = 0, CAP_XHI = 1, CAP_YLO = 2, CAP_YHI = 3, CAP_ZLO = 4, CAP_ZHI = 5 } cap_side;

/* Largest number of ghost layers (WENO5 needs 3). */
#define CAP_GRID_MAX_GHOST 4
/* Largest number of cells per direction. */
#define CAP_GRID_MAX_N 65536

typedef struct {
  cap_geometry geom;
  int dim;           /* 2 (planar, axi) or 3 */
  int nx, ny, nz;    /* interior cells per direction (nz = 1 in 2D) */
  int ng;            /* ghost layers */
  double h;          /* cell size */
  double x0, y0, z0; /* lower corner of the interior */
  cap_bc bc[6];      /* indexed by cap_side */
  ptrdiff_t sy, sz;  /* strides in j and k (the stride in i is 1) */
  size_t size;       /* entries of every field array */
} cap_grid;

/* Fills *g. nx, ny >= 1 (nz = 1 unless 3D), h > 0, 1 <= nghost <= CAP_GRID_MAX_GHOST, x0 >= 0 for AXI.
 * All sides start as CAP_BC_WALL (for AXI with x0 = 0 the XLO side is CAP_BC_AXIS). */
int cap_grid_init(cap_grid *g, cap_geometry geom, int nx, int ny, int nz, double h, double x0, double y0, double z0,
                  int nghost);

/* Sets the boundary kind of one side; periodic must be set on both sides of a direction, AXIS only
 * on XLO of an AXI grid at x0 = 0. Checked by cap_grid_check_bc. */
int cap_grid_set_bc(cap_grid *g, cap_side side, cap_bc kind);
int cap_grid_check_bc(const cap_grid *g);

static inline size_t cap_grid_idx(const cap_grid *g, int i, int j)
{
  return (size_t)((ptrdiff_t)(i + g->ng) + (ptrdiff_t)(j + g->ng) * g->sy);
}

/* The cell r rows in from side `side` (r = 0 the row next to it, r < 0 its ghost layers) at position t
 * along it (t = j on the x sides, i on the y sides), for a 2D grid: the one indexing of "the cells
 * along a wall" that the contact-angle ghosts and the wall contact points share (cap_contact). */
static inline size_t cap_grid_wall_idx(const cap_grid *g, cap_side side, int t, int r)
{
  switch (side) {
  case CAP_XLO: return cap_grid_idx(g, r, t);
  case CAP_XHI: return cap_grid_idx(g, g->nx - 1 - r, t);
  case CAP_YLO: return cap_grid_idx(g, t, r);
  default: return cap_grid_idx(g, t, g->ny - 1 - r);
  }
}

static inline size_t cap_grid_idx3(const cap_grid *g, int i, int j, int k)
{
  return (size_t)((ptrdiff_t)(i + g->ng) + (ptrdiff_t)(j + g->ng) * g->sy + (ptrdiff_t)(k + g->ng) * g->sz);
}

/* Cell-centre and face coordinates. */
static inline double cap_grid_xc(const cap_grid *g, int i) { return g->x0 + (i + 0.5) * g->h; }
static inline double cap_grid_yc(const cap_grid *g, int j) { return g->y0 + (j + 0.5) * g->h; }
static inline double cap_grid_zc(const cap_grid *g, int k) { return g->z0 + (k + 0.5) * g->h; }
static inline double cap_grid_xf(const cap_grid *g, int i) { return g->x0 + i * g->h; }
static inline double cap_grid_yf(const cap_grid *g, int j) { return g->y0 + j * g->h; }
static inline double cap_grid_zf(const cap_grid *g, int k) { return g->z0 + k * g->h; }

/* Metric factor of a cell volume / x-face area: the radius for AXI, 1 otherwise (per radian). */
static inline double cap_grid_metric_cell(const cap_grid *g, int i)
{
  return g->geom == CAP_GEOM_AXI ? cap_grid_xc(g, i) : 1.0;
}
static inline double cap_grid_metric_xface(const cap_grid *g, int i)
{
  return g->geom == CAP_GEOM_AXI ? cap_grid_xf(g, i) : 1.0;
}

/* A zeroed field of g->size doubles (NULL and CAP_ENOMEM reported on failure); free with free(). */
double *cap_grid_field_alloc(const cap_grid *g);

/* Where a field lives on the MAC grid. */
typedef enum {
  CAP_AT_CELL = 0,  /* cell centres */
  CAP_AT_XFACE = 1, /* x-faces (the u lattice): samples i = 0..nx in x */
  CAP_AT_YFACE = 2, /* y-faces (the v lattice): samples j = 0..ny in y */
  CAP_AT_ZFACE = 3  /* z-faces (3D) */
} cap_location;

/* Brings a cell index (i, j) (and k, 3D) of a periodic direction back into the interior (others
 * unchanged). */
static inline void cap_grid_wrap(const cap_grid *g, int *i, int *j)
{
  if (g->bc[CAP_XLO] == CAP_BC_PERIODIC) *i = (*i % g->nx + g->nx) % g->nx;
  if (g->bc[CAP_YLO] == CAP_BC_PERIODIC) *j = (*j % g->ny + g->ny) % g->ny;
}
static inline void cap_grid_wrap3(const cap_grid *g, int *i, int *j, int *k)
{
  cap_grid_wrap(g, i, j);
  if (g->dim == 3 && g->bc[CAP_ZLO] == CAP_BC_PERIODIC) *k = (*k % g->nz + g->nz) % g->nz;
}

/* The lattice offsets of `loc`, in cells: its sample (i, j, k) sits at (x0 + (i + ox) h, y0 + (j + oy) h,
 * z0 + (k + oz) h). */
static inline void cap_grid_offsets(cap_location loc, double *ox, double *oy)
{
  *ox = loc == CAP_AT_XFACE ? 0.0 : 0.5;
  *oy = loc == CAP_AT_YFACE ? 0.0 : 0.5;
}
static inline void cap_grid_offsets3(cap_location loc, double *ox, double *oy, double *oz)
{
  cap_grid_offsets(loc, ox, oy);
  *oz = loc == CAP_AT_ZFACE ? 0.0 : 0.5;
}

/* Ghost values of a field across non-periodic sides. */
typedef enum {
  CAP_GHOST_EVEN = 0,  /* mirror: f(-1-i) = f(i)             (zero normal derivative) */
  CAP_GHOST_ODD = 1,   /* antisymmetric mirror: f(-1-i) = -f(i) */
  CAP_GHOST_LINEAR = 2 /* linear extrapolation from the two nearest interior cells */
} cap_ghost_kind;

/* Fills every ghost cell of a cell-centred field: periodic sides copy, AXIS sides mirror (EVEN; a
 * scalar is even in r), other sides by `kind`. Corners are filled consistently (x first, then y). */
int cap_grid_fill_ghosts(const cap_grid *g, double *f, cap_ghost_kind kind);

/* The same for a field at `loc` (CAP_AT_ZFACE on 3D grids only). Along its own direction a face lattice
 * has nx + 1 samples with the
 * boundary faces on the domain edge: there the mirror is about the boundary face (EVEN: f(-k) = f(k),
 * ODD: f(-k) = -f(k), LINEAR: f(-k) = f(0) + k (f(0) - f(1))), and a periodic side copies
 * f(-k) = f(n - k), f(n + k) = f(k). Across the other direction it behaves as a cell field. At an
 * AXIS side, x-face fields (radial components) are ODD, everything else EVEN. 3D: x then y on every
 * interior layer k, then z over all (i, j), ghosts included. */
int cap_grid_fill_ghosts_at(const cap_grid *g, double *f, cap_location loc, cap_ghost_kind kind);

/* Rewrites the ghost layers across one side (0 <= side < 2 dim, CAP_EDOM otherwise) of a field whose
 * samples are cell-centred along that side's direction (a cell field, or the face field of another
 * direction) as the even mirror f(-1 - m) = f(m) about the side, at every position along it, ghosts
 * included: a symmetry plane's scalar or tangential velocity component. */
int cap_grid_mirror_even(const cap_grid *g, double *f, cap_side side);

#endif
