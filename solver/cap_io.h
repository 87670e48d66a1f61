/* cap_io: files the solver's users write: TSV series with a provenance header, PNG renderings of
 * fields, of planes of 3D fields and of interfaces (libpng), and VTK XML image data (.vti) with its
 * time series (.pvd) that ParaView opens; 2D and 3D grids alike.
 *
 * Every file is written to "<path>.tmp" and renamed into place only when complete, so a run that
 * fails midway never leaves a truncated file and never damages a result written before.
 *
 * Provenance: each text file opens with '#' lines naming the program, its parameters, the commit of
 * the code that made it (cap_version_commit()) and the date (UTC; taken from SOURCE_DATE_EPOCH when
 * that is set, so that a rerun can reproduce a file byte for byte); a .vti holds the same four lines as
 * a FieldData string array "provenance", a .pvd as the attributes of its <Provenance> element.
 *
 * VALIDITY: 2D (planar, axisymmetric: x is r) and 3D grids, any size. The VTK files hold the interior
 * cells only (no ghosts) on the grid's uniform spacing; a 3D field becomes a picture one plane at a
 * time (cap_io_png_slice), a 3D interface a shaded view (cap_io_png_surface, 3D grids only). Reasons and
 * figures: docs/design/output.md.
 */
#ifndef CAP_IO_H
#define CAP_IO_H

#include <stdio.h>

#include "cap_grid.h"
#include "cap_version.h"

typedef struct {
  const char *program; /* e.g. "static_drop" */
  const char *params;  /* e.g. "--quick --theta 60" or "La=12000 D=25.6"; may be NULL */
} cap_provenance;

/* A file written atomically: the data go to "<path>.tmp", renamed to path by cap_io_file_close if
 * `status` is CAP_SUCCESS and nothing failed while writing; otherwise the .tmp is removed and path
 * is left as it was. NULL (with CAP_EINVAL, CAP_ENOMEM or CAP_EIO reported) if it cannot be opened. */
typedef struct cap_file cap_file;
cap_file *cap_io_file_open(const char *path, const char *mode);
FILE *cap_io_file_stream(cap_file *f);
/* Closes f (which is freed in every case); returns status, or the first write or rename error
 * (CAP_EIO, the message naming path and, when the system gives one, the reason). */
int cap_io_file_close(cap_file *f, int status);

/* TEST HOOK (fault injection): the n-th file from now (n >= 1) that cap_io_file_close would complete
 * fails instead, as if the disk were full (ENOSPC): the .tmp is removed, path is left as it was, and
 * CAP_EIO is reported naming path and "injected". The closes that drop a file (a failing status) are
 * not counted. Fires once; n = 0 disarms it. Process-wide and not thread-safe: for the tests and the
 * experiments' CAPILLAB_FAULT=write:N (experiments/harness.h); a library user never needs it. */
void cap_io_fault_write(long n);

/* Writes the '#' provenance lines to f. */
int cap_io_write_provenance(FILE *f, const cap_provenance *prov);

/* A TSV file being written: opened with its provenance and a column line ("t[s]\tE[J]..."), rows
 * appended with cap_io_tsv_row (a non-finite value is written "NA", not available), made visible
 * under its name by cap_io_tsv_close. */
typedef struct cap_tsv cap_tsv;
cap_tsv *cap_io_tsv_open(const char *path, const cap_provenance *prov, const char *columns);
int cap_io_tsv_row(cap_tsv *t, int n, const double *values);
/* Completes the file (rename into place). Returns the first error met while writing, if any. */
int cap_io_tsv_close(cap_tsv *t);
/* Drops an unfinished file (removes the .tmp). Accepts NULL. */
void cap_io_tsv_abort(cap_tsv *t);
/* What has been written to t so far (its .tmp, flushed): a malloc'ed copy in *data (free it), *n
 * bytes. For a checkpoint of a run that writes t. Errors: CAP_EINVAL (NULL argument), t's first
 * write error, CAP_EIO (the .tmp cannot be read back), CAP_ENOMEM; then *data is NULL. */
int cap_io_tsv_contents(cap_tsv *t, char **data, size_t *n);
/* Replaces everything written to t so far by the n bytes of data (a series restored from a
 * checkpoint); later rows follow them. Errors: CAP_EINVAL (NULL argument), t's first write error,
 * CAP_EIO (then t fails every later call). */
int cap_io_tsv_replace(cap_tsv *t, const char *data, size_t n);

typedef enum {
  CAP_CMAP_SEQUENTIAL = 0, /* dark blue - green - yellow (perceptually ordered) */
  CAP_CMAP_DIVERGING = 1   /* blue - white - red, white at the middle of [vmin, vmax] */
} cap_colormap;

/* PNG of a cell-centred field over the interior cells of a 2D grid, `scale` x `scale` pixels per cell
 * (1 <= scale <= 64), y upwards, values mapped linearly from [vmin, vmax] (vmin < vmax; values outside
 * are shown at the ends of the map, NaN in grey). If phi is non-NULL the cells where phi changes sign
 * towards a neighbour (the interface) are drawn black. A 3D grid: CAP_EGEOM (see cap_io_png_slice). */
int cap_io_png_field(const char *path, const cap_grid *g, const double *field, double vmin, double vmax,
                     cap_colormap cmap, const double *phi, int scale);

/* The axis normal to a plane of cells. */
typedef enum { CAP_AXIS_X = 0, CAP_AXIS_Y = 1, CAP_AXIS_Z = 2 } cap_axis;

/* PNG of the plane of interior cells `index` along `normal` (0 <= index < nx, ny or nz) of a cell field,
 * as cap_io_png_field draws it (the interface: sign changes of phi within the plane). Image axes, right
 * and up: normal z: x, y; normal y: x, z; normal x: y, z. A 2D grid has the one plane normal z, index 0
 * (cap_io_png_field's picture); other normals there: CAP_EGEOM. Errors: those of cap_io_png_field,
 * CAP_EDOM for normal or index out of range. */
int cap_io_png_slice(const char *path, const cap_grid *g, const double *field, cap_axis normal, int index, double vmin,
                     double vmax, cap_colormap cmap, const double *phi, int scale);

/* How cap_io_png_surface looks at a 3D field. The camera sits in the direction
 * c = (cos(el) cos(az), cos(el) sin(az), sin(el)) from the box's centre (z is up), orthographic, image axes
 * right = (-sin(az), cos(az), 0) and up = c x right; the sphere around the box fills the image's shorter
 * side: a pixel is D / min(width, height) wide, D the box's diagonal. */
typedef struct {
  double azimuth;    /* degrees, any finite value: 0 looks from +x, 90 from +y */
  double elevation;  /* degrees, -90..90: 90 looks down from +z */
  int width, height; /* pixels, 16..4096 each */
  int mirror[3];     /* non-zero for axis x, y, z: the field mirrored across the grid's low side (x0, y0,
                      * z0) to a box twice as long (a drop computed in an octant or a quarter, shown whole) */
  int box;           /* non-zero: the box's 12 edges drawn in dark grey, hidden where the surface is nearer */
} cap_io_view;

/* Shaded RGB8 picture (rows from the top, width * height * 3 bytes into rgb) of the surface phi = 0 of a
 * cell field on a 3D grid, the side phi <= 0 solid, seen as `view` says; the box (the grid's interior
 * cells, mirrored as asked) is white where the rays meet no surface. A ray samples phi's trilinear
 * interpolant between the interior cell centres (held constant over the half cell next to each side)
 * within one cell of the centres where phi <= 0, crossing the 8-cell blocks where phi > 0 at every
 * centre in one step, elsewhere in steps of max(h/2, phi / L), L a bound on the interpolant's gradient
 * over the block; a sign change is refined by Illinois regula falsi to 1e-4 h. Where a ray enters the
 * box in phi <= 0 the box's side is drawn (the liquid cut by a wall). Shading: colour (70, 130, 200)
 * times 0.25 + 0.75 max(0, n.l), n the normal grad phi / |grad phi| (central differences of the
 * interpolant over h), l the light from the viewer's upper left, l ~ 0.8 c + 0.5 up - 0.35 right. Rows
 * are threaded (CAP_PAR_SPREAD_FOR); every pixel is computed alone: the same bytes for any thread count.
 * Errors: CAP_EINVAL (NULL argument), CAP_EGEOM (2D grid), CAP_EDOM (azimuth, elevation, width, height
 * out of range, named). */
int cap_io_surface_rgb(const cap_grid *g, const double *phi, const cap_io_view *view, unsigned char *rgb);

/* cap_io_surface_rgb's picture as a PNG file at path (RGB8). Errors: those of cap_io_surface_rgb,
 * CAP_ENOMEM, CAP_EIO (nothing is left at path then). */
int cap_io_png_surface(const char *path, const cap_grid *g, const double *phi, const cap_io_view *view);

/* VTK XML image data (path must end in ".vti": ParaView picks its reader by the extension), raw binary
 * appended data, little-endian, UInt64 block headers, Float64 arrays. Cell data over the interior cells:
 * WholeExtent 0 nx 0 ny 0 nz (0 0 in z on a 2D grid: the cells are a plane of pixels), Origin the grid's
 * lower corner (x0, y0, z0), Spacing h. The arrays: names[k] / fields[k] (a cell field each; a name is
 * not empty, has no blank nor any of "<>&, and appears once), then, if u is non-NULL, "velocity" (3
 * components) averaged to the cell centres from the MAC faces, ((u(i) + u(i+1))/2, (v(j) + v(j+1))/2,
 * (w(k) + w(k+1))/2), its z component 0 on a 2D grid. Velocity: none of u, v, w, or u and v (2D; w is
 * NULL) or u, v and w (3D). Errors: CAP_EINVAL (NULL argument, bad name or path, velocity components
 * that do not match the grid's dimension), CAP_EDOM (nfields outside 0..64), those of cap_io_file_open
 * and cap_io_file_close (nothing is left at path then). */
int cap_io_vtk(const char *path, const cap_grid *g, const cap_provenance *prov, int nfields, const char *const *names,
               const double *const *fields, const double *u, const double *v, const double *w);

/* A ParaView time series (.pvd, a VTK "Collection"): the list of datasets (.vti files) and their times.
 * cap_io_pvd_open writes the empty series at once; each cap_io_pvd_add appends one entry and rewrites
 * the whole file atomically (cost O(entries)), so the file on disk is complete after every step and a
 * run that stops leaves the series of the steps written so far. A file name is stored as given and read
 * by ParaView relative to the .pvd's directory: add a step after its .vti is written. */
typedef struct cap_pvd cap_pvd;
/* NULL (CAP_EINVAL for a NULL argument, those of cap_io_file_open, cap_io_file_close) on failure. */
cap_pvd *cap_io_pvd_open(const char *path, const cap_provenance *prov);
/* Appends (t, file). t finite and greater than the last step's (CAP_EDOM), file not empty (CAP_EINVAL;
 * written XML-escaped). A write error: CAP_EIO, the step is not added and the file on disk is the
 * one before (a later cap_io_pvd_add may succeed). */
int cap_io_pvd_add(cap_pvd *p, double t, const char *file);
/* Frees p (accepts NULL); the file stays as the last successful cap_io_pvd_open or _add wrote it. */
void cap_io_pvd_close(cap_pvd *p);

#endif
