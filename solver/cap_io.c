#include "cap_io.h"

#include <errno.h>
#include <math.h>
#include <png.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cap_errno.h"

#define CAP_PATH_MAX 4096

/* ---------- atomic files ---------- */

struct cap_file {
  FILE *f;
  char path[CAP_PATH_MAX];
  char tmp[CAP_PATH_MAX + 8];
};

cap_file *cap_io_file_open(const char *path, const char *mode)
{
  if (!path || !path[0] || strlen(path) >= CAP_PATH_MAX) {
    CAP_ERROR(CAP_EINVAL, "output path is NULL, empty or longer than %d characters", CAP_PATH_MAX - 1);
    return NULL;
  }
  cap_file *a = calloc(1, sizeof *a);
  if (!a) {
    CAP_ERROR(CAP_ENOMEM, "cannot allocate a file writer");
    return NULL;
  }
  strcpy(a->path, path);
  snprintf(a->tmp, sizeof a->tmp, "%s.tmp", path);
  a->f = fopen(a->tmp, mode ? mode : "w");
  if (!a->f) {
    CAP_ERROR(CAP_EIO, "cannot open %s for writing", a->tmp);
    free(a);
    return NULL;
  }
  return a;
}

FILE *cap_io_file_stream(cap_file *a) { return a ? a->f : NULL; }

/* The completions left until the one cap_io_fault_write makes fail (0: none). */
static long fault_write_left;

void cap_io_fault_write(long n) { fault_write_left = n > 0 ? n : 0; }

int cap_io_file_close(cap_file *a, int status)
{
  if (!a) return CAP_ERROR(CAP_EINVAL, "cap_io_file_close: writer is NULL");
  /* a failed fwrite leaves the stream's error flag (its errno may be stale by now); a failed fclose
   * (the last buffer flushed: ENOSPC, EDQUOT, EIO) sets errno */
  const char *why = ferror(a->f) ? "a write to it failed" : NULL;
  if (fclose(a->f) != 0) why = strerror(errno);
  if (!status && !why && fault_write_left > 0 && --fault_write_left == 0)
    why = "No space left on device (ENOSPC injected by cap_io_fault_write)";
  if (!status && why) status = CAP_ERROR(CAP_EIO, "cannot write %s: %s", a->path, why);
  if (!status && rename(a->tmp, a->path) != 0)
    status = CAP_ERROR(CAP_EIO, "cannot write %s: renaming %s into place failed: %s", a->path, a->tmp, strerror(errno));
  if (status) remove(a->tmp);
  free(a);
  return status;
}

/* ---------- provenance ---------- */

int cap_io_write_provenance(FILE *f, const cap_provenance *prov)
{
  if (!f || !prov) return CAP_ERROR(CAP_EINVAL, "cap_io_write_provenance: NULL argument");
  time_t t = time(NULL);
  const char *sde = getenv("SOURCE_DATE_EPOCH");
  if (sde && sde[0]) {
    char *end;
    long long v = strtoll(sde, &end, 10);
    if (*end == '\0' && v >= 0) t = (time_t)v;
  }
  struct tm tm;
  char date[32] = "unknown";
  if (gmtime_r(&t, &tm)) strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", &tm);
  fprintf(f, "# program: %s\n", prov->program ? prov->program : "unknown");
  fprintf(f, "# parameters: %s\n", prov->params ? prov->params : "");
  fprintf(f, "# commit: %s\n", cap_version_commit());
  fprintf(f, "# date: %s\n", date);
  return ferror(f) ? CAP_ERROR(CAP_EIO, "error while writing the provenance header") : CAP_SUCCESS;
}

/* ---------- TSV ---------- */

struct cap_tsv {
  cap_file *file;
  int status;
};

cap_tsv *cap_io_tsv_open(const char *path, const cap_provenance *prov, const char *columns)
{
  cap_tsv *t = calloc(1, sizeof *t);
  if (!t) {
    CAP_ERROR(CAP_ENOMEM, "cannot allocate a TSV writer");
    return NULL;
  }
  t->file = cap_io_file_open(path, "w");
  if (!t->file) {
    free(t);
    return NULL;
  }
  FILE *f = cap_io_file_stream(t->file);
  int s = cap_io_write_provenance(f, prov);
  if (!s && columns) fprintf(f, "%s\n", columns);
  if (s) {
    cap_io_tsv_abort(t);
    return NULL;
  }
  return t;
}

int cap_io_tsv_row(cap_tsv *t, int n, const double *values)
{
  if (!t) return CAP_ERROR(CAP_EINVAL, "cap_io_tsv_row: writer is NULL");
  if (t->status) return t->status;
  FILE *f = cap_io_file_stream(t->file);
  for (int k = 0; k < n; k++) {
    if (k) fputc('\t', f);
    if (isfinite(values[k]))
      fprintf(f, "%.10g", values[k]);
    else
      fputs("NA", f); /* not available (e.g. an order with no previous row): never a NaN */
  }
  fputc('\n', f);
  if (ferror(f)) t->status = CAP_ERROR(CAP_EIO, "error while writing a TSV row");
  return t->status;
}

int cap_io_tsv_close(cap_tsv *t)
{
  if (!t) return CAP_ERROR(CAP_EINVAL, "cap_io_tsv_close: writer is NULL");
  int s = cap_io_file_close(t->file, t->status);
  free(t);
  return s;
}

int cap_io_tsv_contents(cap_tsv *t, char **data, size_t *n)
{
  if (!t || !data || !n) return CAP_ERROR(CAP_EINVAL, "cap_io_tsv_contents: NULL argument");
  *data = NULL;
  *n = 0;
  if (t->status) return t->status;
  FILE *w = t->file->f, *r = NULL;
  long len = fflush(w) == 0 ? ftell(w) : -1;
  if (len < 0 || !(r = fopen(t->file->tmp, "rb"))) return CAP_ERROR(CAP_EIO, "cannot read back %s", t->file->tmp);
  char *buf = malloc((size_t)len + 1);
  size_t got = buf ? fread(buf, 1, (size_t)len, r) : 0;
  fclose(r);
  if (!buf) return CAP_ERROR(CAP_ENOMEM, "cannot allocate %ld bytes to read back %s", len, t->file->tmp);
  if (got != (size_t)len) {
    free(buf);
    return CAP_ERROR(CAP_EIO, "read back %zu of the %ld bytes of %s", got, len, t->file->tmp);
  }
  *data = buf;
  *n = got;
  return CAP_SUCCESS;
}

int cap_io_tsv_replace(cap_tsv *t, const char *data, size_t n)
{
  if (!t || (!data && n)) return CAP_ERROR(CAP_EINVAL, "cap_io_tsv_replace: NULL argument");
  if (t->status) return t->status;
  FILE *w = t->file->f;
  if (fflush(w) || fseek(w, 0, SEEK_SET) || ftruncate(fileno(w), 0) || fwrite(data, 1, n, w) != n || fflush(w))
    t->status = CAP_ERROR(CAP_EIO, "cannot rewrite %s: %s", t->file->tmp, strerror(errno));
  return t->status;
}

void cap_io_tsv_abort(cap_tsv *t)
{
  if (!t) return;
  cap_io_file_close(t->file, CAP_EIO); /* a failing status removes the .tmp */
  free(t);
}

/* ---------- colour maps ---------- */

/* Anchor colours, evenly spaced on [0, 1], interpolated linearly. The sequential map follows the
 * viridis colour map (van der Walt & Smith 2015) at 9 anchors; the diverging one is blue-white-red. */
static const unsigned char seq[9][3] = {{68, 1, 84},    {71, 44, 122}, {59, 81, 139},  {44, 113, 142}, {33, 144, 141},
                                        {39, 173, 129}, {92, 200, 99}, {170, 220, 50}, {253, 231, 37}};
static const unsigned char div_[5][3] = {
    {33, 102, 172}, {146, 197, 222}, {247, 247, 247}, {244, 165, 130}, {178, 24, 43}};

static void colour(cap_colormap cmap, double t, unsigned char *rgb)
{
  if (isnan(t)) {
    rgb[0] = rgb[1] = rgb[2] = 128;
    return;
  }
  t = t < 0 ? 0 : (t > 1 ? 1 : t);
  const unsigned char(*a)[3] = cmap == CAP_CMAP_DIVERGING ? div_ : seq;
  int n = cmap == CAP_CMAP_DIVERGING ? 5 : 9;
  double x = t * (n - 1);
  int k = (int)x;
  if (k >= n - 1) k = n - 2;
  double w = x - k;
  for (int c = 0; c < 3; c++) rgb[c] = (unsigned char)lround((1 - w) * a[k][c] + w * a[k + 1][c]);
}

/* ---------- PNG ---------- */

static int interface_cell(const cap_grid *g, const double *phi, int i, int j)
{
  double p = phi[cap_grid_idx(g, i, j)];
  const int di[4] = {1, -1, 0, 0}, dj[4] = {0, 0, 1, -1};
  for (int k = 0; k < 4; k++) {
    int a = i + di[k], b = j + dj[k];
    if (a < 0 || b < 0 || a >= g->nx || b >= g->ny) continue;
    if ((p < 0) != (phi[cap_grid_idx(g, a, b)] < 0)) return 1;
  }
  return 0;
}

int cap_io_png_field(const char *path, const cap_grid *g, const double *field, double vmin, double vmax,
                     cap_colormap cmap, const double *phi, int scale)
{
  if (!g || !field) return CAP_ERROR(CAP_EINVAL, "cap_io_png_field: grid or field is NULL");
  if (g->dim != 2) return CAP_ERROR(CAP_EGEOM, "cap_io_png_field: only 2D grids can be rendered");
  int s = cap_check_int_range("scale", scale, 1, 64);
  if (!s) s = cap_check_finite("vmin", vmin, "");
  if (!s) s = cap_check_finite("vmax", vmax, "");
  if (!s && !(vmax > vmin)) s = CAP_ERROR(CAP_EDOM, "vmax = %g must be greater than vmin = %g", vmax, vmin);
  if (!s && (cmap != CAP_CMAP_SEQUENTIAL && cmap != CAP_CMAP_DIVERGING))
    s = CAP_ERROR(CAP_EDOM, "cmap = %d is out of range: allowed SEQUENTIAL (0), DIVERGING (1)", (int)cmap);
  if (s) return s;
  size_t w = (size_t)g->nx * scale, hgt = (size_t)g->ny * scale;
  if (w > 32768 || hgt > 32768)
    return CAP_ERROR(CAP_EDOM, "image %zux%zu is too large: allowed at most 32768 pixels per side", w, hgt);
  unsigned char *row = malloc(3 * w);
  if (!row) return CAP_ERROR(CAP_ENOMEM, "cannot allocate a PNG row of %zu pixels", w);
  cap_file *file = cap_io_file_open(path, "wb");
  if (!file) {
    free(row);
    return CAP_EIO;
  }
  FILE *f = cap_io_file_stream(file);
  png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
  png_infop info = png ? png_create_info_struct(png) : NULL;
  if (!png || !info) {
    png_destroy_write_struct(&png, NULL);
    free(row);
    return cap_io_file_close(file, CAP_ERROR(CAP_ENOMEM, "libpng could not start writing %s", path));
  }
  if (setjmp(png_jmpbuf(png))) {
    png_destroy_write_struct(&png, &info);
    free(row);
    return cap_io_file_close(file, CAP_ERROR(CAP_EIO, "libpng failed while writing %s", path));
  }
  png_init_io(png, f);
  png_set_IHDR(png, info, (png_uint_32)w, (png_uint_32)hgt, 8, PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE,
               PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
  png_write_info(png, info);
  for (int j = g->ny - 1; j >= 0; j--) {
    for (int i = 0; i < g->nx; i++) {
      unsigned char rgb[3];
      if (phi && interface_cell(g, phi, i, j))
        rgb[0] = rgb[1] = rgb[2] = 0;
      else
        colour(cmap, (field[cap_grid_idx(g, i, j)] - vmin) / (vmax - vmin), rgb);
      for (int q = 0; q < scale; q++) memcpy(row + 3 * ((size_t)i * scale + q), rgb, 3);
    }
    for (int q = 0; q < scale; q++) png_write_row(png, row);
  }
  png_write_end(png, NULL);
  png_destroy_write_struct(&png, &info);
  free(row);
  return cap_io_file_close(file, CAP_SUCCESS);
}

/* ---------- VTK ---------- */

int cap_io_vtk(const char *path, const cap_grid *g, const cap_provenance *prov, int nfields, const char *const *names,
               const double *const *fields, const double *u, const double *v)
{
  if (!g || !prov || (nfields > 0 && (!names || !fields))) return CAP_ERROR(CAP_EINVAL, "cap_io_vtk: NULL argument");
  if (g->dim != 2) return CAP_ERROR(CAP_EGEOM, "cap_io_vtk: only 2D grids are written so far");
  int s = cap_check_int_range("nfields", nfields, 0, 64);
  if (s) return s;
  for (int k = 0; k < nfields; k++)
    if (!names[k] || !fields[k] || !names[k][0] || strpbrk(names[k], " \t\n"))
      return CAP_ERROR(CAP_EINVAL, "cap_io_vtk: field %d has no data or a name that is empty or has blanks", k);
  cap_file *file = cap_io_file_open(path, "w");
  if (!file) return CAP_EIO;
  FILE *f = cap_io_file_stream(file);
  /* the legacy header line is limited to 256 characters: program and commit only */
  fprintf(f, "# vtk DataFile Version 3.0\ncapillab %.64s commit %.48s\nASCII\n", prov->program ? prov->program : "",
          cap_version_commit());
  /* cells become VTK points at the cell centres */
  fprintf(f, "DATASET STRUCTURED_POINTS\nDIMENSIONS %d %d 1\nORIGIN %.12g %.12g 0\nSPACING %.12g %.12g 1\n", g->nx,
          g->ny, cap_grid_xc(g, 0), cap_grid_yc(g, 0), g->h, g->h);
  fprintf(f, "POINT_DATA %d\n", g->nx * g->ny);
  for (int k = 0; k < nfields; k++) {
    fprintf(f, "SCALARS %s double 1\nLOOKUP_TABLE default\n", names[k]);
    for (int j = 0; j < g->ny; j++)
      for (int i = 0; i < g->nx; i++) fprintf(f, "%.9g\n", fields[k][cap_grid_idx(g, i, j)]);
  }
  if (u && v) {
    fprintf(f, "VECTORS velocity double\n");
    for (int j = 0; j < g->ny; j++)
      for (int i = 0; i < g->nx; i++) {
        size_t c = cap_grid_idx(g, i, j);
        fprintf(f, "%.9g %.9g 0\n", 0.5 * (u[c] + u[c + 1]), 0.5 * (v[c] + v[c + g->sy]));
      }
  }
  return cap_io_file_close(file, CAP_SUCCESS);
}
