#include "cap_io.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <png.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cap_errno.h"
#include "cap_par.h"

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

/* The date of a provenance header: now, or SOURCE_DATE_EPOCH when that is set (UTC, ISO 8601). */
static void provenance_date(char *date, size_t n)
{
  time_t t = time(NULL);
  const char *sde = getenv("SOURCE_DATE_EPOCH");
  if (sde && sde[0]) {
    char *end;
    long long v = strtoll(sde, &end, 10);
    if (*end == '\0' && v >= 0) t = (time_t)v;
  }
  struct tm tm;
  snprintf(date, n, "unknown");
  if (gmtime_r(&t, &tm)) strftime(date, n, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

/* The four provenance entries (program, parameters, commit, date): labels and values. */
enum { NPROV = 4 };
static const char *const prov_label[NPROV] = {"program", "parameters", "commit", "date"};
static void provenance_values(const cap_provenance *prov, char *date, size_t n, const char *value[NPROV])
{
  provenance_date(date, n);
  value[0] = prov->program ? prov->program : "unknown";
  value[1] = prov->params ? prov->params : "";
  value[2] = cap_version_commit();
  value[3] = date;
}

int cap_io_write_provenance(FILE *f, const cap_provenance *prov)
{
  if (!f || !prov) return CAP_ERROR(CAP_EINVAL, "cap_io_write_provenance: NULL argument");
  char date[32];
  const char *value[NPROV];
  provenance_values(prov, date, sizeof date, value);
  for (int k = 0; k < NPROV; k++) fprintf(f, "# %s: %s\n", prov_label[k], value[k]);
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

/* A plane of cells drawn as an image: pixel (a, b), 0 <= a < na, 0 <= b < nb (b upwards), is the cell
 * base + a sa + b sb of the field. */
typedef struct {
  ptrdiff_t base, sa, sb;
  int na, nb;
} plane;

static int interface_cell(const plane *q, const double *phi, int a, int b)
{
  ptrdiff_t c = q->base + a * q->sa + b * q->sb;
  double p = phi[c];
  const int da[4] = {1, -1, 0, 0}, db[4] = {0, 0, 1, -1};
  for (int k = 0; k < 4; k++) {
    int a2 = a + da[k], b2 = b + db[k];
    if (a2 < 0 || b2 < 0 || a2 >= q->na || b2 >= q->nb) continue;
    if ((p < 0) != (phi[c + da[k] * q->sa + db[k] * q->sb] < 0)) return 1;
  }
  return 0;
}

/* Writes a w x hgt RGB8 PNG at path, row y (0 the top) filled by row(ctx, y, rgb). */
static int png_write(const char *path, size_t w, size_t hgt, void (*row_fn)(void *, size_t, unsigned char *), void *ctx)
{
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
  for (size_t y = 0; y < hgt; y++) {
    row_fn(ctx, y, row);
    png_write_row(png, row);
  }
  png_write_end(png, NULL);
  png_destroy_write_struct(&png, &info);
  free(row);
  return cap_io_file_close(file, CAP_SUCCESS);
}

typedef struct {
  const plane *q;
  const double *field, *phi;
  double vmin, vmax;
  cap_colormap cmap;
  int scale;
} plane_draw;

/* Image row y of a plane drawn `scale` pixels per cell: the cells of row b = nb - 1 - y / scale. */
static void plane_row(void *ctx, size_t y, unsigned char *row)
{
  const plane_draw *p = ctx;
  const plane *q = p->q;
  int b = q->nb - 1 - (int)(y / (size_t)p->scale);
  for (int a = 0; a < q->na; a++) {
    unsigned char rgb[3];
    if (p->phi && interface_cell(q, p->phi, a, b))
      rgb[0] = rgb[1] = rgb[2] = 0;
    else
      colour(p->cmap, (p->field[q->base + a * q->sa + b * q->sb] - p->vmin) / (p->vmax - p->vmin), rgb);
    for (int r = 0; r < p->scale; r++) memcpy(row + 3 * ((size_t)a * p->scale + r), rgb, 3);
  }
}

static int png_plane(const char *path, const plane *q, const double *field, double vmin, double vmax, cap_colormap cmap,
                     const double *phi, int scale)
{
  int s = cap_check_int_range("scale", scale, 1, 64);
  if (!s) s = cap_check_finite("vmin", vmin, "");
  if (!s) s = cap_check_finite("vmax", vmax, "");
  if (!s && !(vmax > vmin)) s = CAP_ERROR(CAP_EDOM, "vmax = %g must be greater than vmin = %g", vmax, vmin);
  if (!s && (cmap != CAP_CMAP_SEQUENTIAL && cmap != CAP_CMAP_DIVERGING))
    s = CAP_ERROR(CAP_EDOM, "cmap = %d is out of range: allowed SEQUENTIAL (0), DIVERGING (1)", (int)cmap);
  if (s) return s;
  size_t w = (size_t)q->na * scale, hgt = (size_t)q->nb * scale;
  if (w > 32768 || hgt > 32768)
    return CAP_ERROR(CAP_EDOM, "image %zux%zu is too large: allowed at most 32768 pixels per side", w, hgt);
  plane_draw p = {q, field, phi, vmin, vmax, cmap, scale};
  return png_write(path, w, hgt, plane_row, &p);
}

int cap_io_png_field(const char *path, const cap_grid *g, const double *field, double vmin, double vmax,
                     cap_colormap cmap, const double *phi, int scale)
{
  if (!g || !field) return CAP_ERROR(CAP_EINVAL, "cap_io_png_field: grid or field is NULL");
  if (g->dim != 2)
    return CAP_ERROR(CAP_EGEOM,
                     "cap_io_png_field: only 2D grids can be rendered (a plane of a 3D grid: cap_io_png_slice)");
  return cap_io_png_slice(path, g, field, CAP_AXIS_Z, 0, vmin, vmax, cmap, phi, scale);
}

int cap_io_png_slice(const char *path, const cap_grid *g, const double *field, cap_axis normal, int index, double vmin,
                     double vmax, cap_colormap cmap, const double *phi, int scale)
{
  if (!g || !field) return CAP_ERROR(CAP_EINVAL, "cap_io_png_slice: grid or field is NULL");
  int s = cap_check_int_range("normal", normal, CAP_AXIS_X, CAP_AXIS_Z);
  if (s) return s;
  if (g->dim != 3 && normal != CAP_AXIS_Z)
    return CAP_ERROR(CAP_EGEOM, "cap_io_png_slice: a 2D grid has only the plane normal to z (normal = %d)",
                     (int)normal);
  const int n[3] = {g->nx, g->ny, g->dim == 3 ? g->nz : 1};
  s = cap_check_int_range("index", index, 0, n[normal] - 1);
  if (s) return s;
  /* the image's axes: the two others in the order x, y, z */
  const ptrdiff_t stride[3] = {1, g->sy, g->sz};
  const int ia = normal == CAP_AXIS_X ? 1 : 0, ib = normal == CAP_AXIS_Z ? 1 : 2;
  int at[3] = {0, 0, 0};
  at[normal] = index;
  plane q = {(ptrdiff_t)(g->dim == 3 ? cap_grid_idx3(g, at[0], at[1], at[2]) : cap_grid_idx(g, at[0], at[1])),
             stride[ia], stride[ib], n[ia], n[ib]};
  return png_plane(path, &q, field, vmin, vmax, cmap, phi, scale);
}

/* ---------- a 3D interface, ray-marched ---------- */

enum { RBLOCK = 8 }; /* cells per side of the blocks a ray may skip */

typedef struct {
  const cap_grid *g;
  const double *phi;
  int n[3], nb[3], mirror[3];
  double o[3];                            /* the grid's lower corner */
  double lo[3], hi[3], mid[3];            /* the box drawn (mirrored as asked) and its centre */
  double llo[3], lhi[3];                  /* the part of the box where phi's interpolant may be <= 0 */
  int none;                               /* 1: phi > 0 at every centre */
  double c[3], right[3], up[3], light[3]; /* towards the camera, the image's axes, towards the light */
  double diag, pix, ih;                   /* the box's diagonal, a pixel's width, 1 / h */
  int w, hgt;
  double *bmin; /* per block, the least phi at its cell centres */
  double *blip; /* per block, a bound on |grad| of phi's interpolant over it */
} surf_scene;

static double dot3(const double *a, const double *b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }

/* Coordinate x along axis a as a continuous cell index of the grid (centres at integers), mirrored
 * across the low side if asked, clamped to [0, n - 1]. */
static double surf_index(const surf_scene *S, int a, double x)
{
  double q = x - S->o[a];
  if (S->mirror[a] && q < 0) q = -q;
  double xi = q * S->ih - 0.5;
  return xi < 0 ? 0 : (xi > S->n[a] - 1 ? S->n[a] - 1 : xi);
}

/* The trilinear interpolant of phi at point p. */
static double surf_sample(const surf_scene *S, const double *p)
{
  const ptrdiff_t stride[3] = {1, S->g->sy, S->g->sz};
  int i0[3];
  double w[3];
  ptrdiff_t st[3];
  for (int a = 0; a < 3; a++) {
    double xi = surf_index(S, a, p[a]);
    int i = (int)xi;
    if (i > S->n[a] - 2) i = S->n[a] - 2;
    if (i < 0) i = 0;
    i0[a] = i;
    w[a] = xi - i;
    st[a] = S->n[a] > 1 ? stride[a] : 0;
  }
  const double *f = S->phi + cap_grid_idx3(S->g, i0[0], i0[1], i0[2]);
  double e[4];
  for (int q = 0; q < 4; q++) {
    const double *r = f + (q & 1) * st[1] + (q >> 1) * st[2];
    e[q] = r[0] + w[0] * (r[st[0]] - r[0]);
  }
  double lo = e[0] + w[1] * (e[1] - e[0]), hi = e[2] + w[1] * (e[3] - e[2]);
  return lo + w[2] * (hi - lo);
}

/* The block holding point p (its index into bmin), and the block's extent [blo, bhi] in space. */
static size_t surf_block(const surf_scene *S, const double *p, double *blo, double *bhi)
{
  const double h = S->g->h;
  size_t idx = 0;
  for (int a = 2; a >= 0; a--) {
    int b = (int)(surf_index(S, a, p[a]) / RBLOCK);
    if (b > S->nb[a] - 1) b = S->nb[a] - 1;
    double qlo = b == 0 ? 0 : (b * RBLOCK + 0.5) * h,
           qhi = b == S->nb[a] - 1 ? S->n[a] * h : ((b + 1) * RBLOCK + 0.5) * h;
    if (S->mirror[a] && p[a] < S->o[a]) {
      blo[a] = S->o[a] - qhi;
      bhi[a] = S->o[a] - qlo;
    } else {
      blo[a] = S->o[a] + qlo;
      bhi[a] = S->o[a] + qhi;
    }
    idx = idx * (size_t)S->nb[a] + (size_t)b;
  }
  return idx;
}

/* Fills bmin: the least phi over the centres i of block b, b RBLOCK <= i <= min((b + 1) RBLOCK, n - 1),
 * in each direction (phi's interpolant over the block lies above it); and [llo, lhi]: the box's part
 * within one cell of the centres where phi <= 0 (beyond, every centre phi's interpolant weighs is > 0);
 * none = 1 when there is no such centre. */
static void surf_blocks(surf_scene *S, int *ext)
{
  const ptrdiff_t stride[3] = {1, S->g->sy, S->g->sz};
  const surf_scene *cs = S;
  CAP_PAR_FOR((long)S->n[0] * S->n[1] * S->n[2], for (int b2 = 0; b2 < cs->nb[2]; b2++) {
    int *imin = ext + 6 * b2, *imax = imin + 3; /* the extent of the centres with phi <= 0, per layer */
    for (int a = 0; a < 3; a++) imin[a] = INT_MAX, imax[a] = -1;
    for (int b1 = 0; b1 < cs->nb[1]; b1++)
      for (int b0 = 0; b0 < cs->nb[0]; b0++) {
        const int b[3] = {b0, b1, b2};
        int hi[3];
        for (int a = 0; a < 3; a++) hi[a] = (b[a] + 1) * RBLOCK < cs->n[a] - 1 ? (b[a] + 1) * RBLOCK : cs->n[a] - 1;
        double m = INFINITY, lip[3] = {0, 0, 0};
        for (int k = b2 * RBLOCK; k <= hi[2]; k++)
          for (int j = b1 * RBLOCK; j <= hi[1]; j++)
            for (int i = b0 * RBLOCK; i <= hi[0]; i++) {
              const double *c = cs->phi + cap_grid_idx3(cs->g, i, j, k), f = *c;
              if (f < m) m = f;
              const int at[3] = {i, j, k};
              for (int a = 0; a < 3; a++) {
                double df = at[a] < hi[a] ? fabs(c[stride[a]] - f) : 0;
                if (df > lip[a]) lip[a] = df;
              }
              if (!(f <= 0)) continue;
              for (int a = 0; a < 3; a++) {
                if (at[a] < imin[a]) imin[a] = at[a];
                if (at[a] > imax[a]) imax[a] = at[a];
              }
            }
        size_t q = ((size_t)b2 * cs->nb[1] + b1) * cs->nb[0] + b0;
        cs->bmin[q] = m;
        cs->blip[q] = sqrt(lip[0] * lip[0] + lip[1] * lip[1] + lip[2] * lip[2]) / cs->g->h;
      }
  });
  int imin[3] = {INT_MAX, INT_MAX, INT_MAX}, imax[3] = {-1, -1, -1};
  for (int b2 = 0; b2 < S->nb[2]; b2++)
    for (int a = 0; a < 3; a++) {
      if (ext[6 * b2 + a] < imin[a]) imin[a] = ext[6 * b2 + a];
      if (ext[6 * b2 + 3 + a] > imax[a]) imax[a] = ext[6 * b2 + 3 + a];
    }
  const double h = S->g->h;
  for (int a = 0; a < 3; a++) {
    S->none = imax[a] < 0;
    if (S->none) return;
    double qlo = imin[a] - 1 <= 0 ? 0 : (imin[a] - 0.5) * h,
           qhi = imax[a] + 1 >= S->n[a] - 1 ? S->n[a] * h : (imax[a] + 1.5) * h;
    S->llo[a] = S->mirror[a] ? S->o[a] - qhi : S->o[a] + qlo;
    S->lhi[a] = S->o[a] + qhi;
  }
}

static void surf_at(const double *o, const double *d, double t, double *p)
{
  for (int a = 0; a < 3; a++) p[a] = o[a] + t * d[a];
}

/* The first meeting of the ray o + t d, t0 <= t <= t1, with phi <= 0: 0 none, 1 the surface at *t,
 * 2 the ray enters the box in phi <= 0 (*t = t0). */
static int surf_trace(const surf_scene *S, const double *o, const double *d, double t0, double t1, double *t)
{
  const double h = S->g->h, eps = 1e-4 * h;
  double p[3], blo[3], bhi[3];
  surf_at(o, d, t0, p);
  double ta = t0, fa = surf_sample(S, p);
  if (fa <= 0) {
    *t = t0;
    return 2;
  }
  while (ta < t1) {
    size_t b = surf_block(S, p, blo, bhi);
    double te = INFINITY, tb;
    for (int a = 0; a < 3; a++)
      if (d[a] != 0) te = fmin(te, ((d[a] > 0 ? bhi[a] : blo[a]) - o[a]) / d[a]);
    if (S->bmin[b] > 0) /* no zero in this block: to its far side */
      tb = fmax(te, ta) + eps;
    else /* phi cannot reach 0 within fa / L in the block (L its gradient's bound); at least h/2 */
      tb = ta + fmax(0.5 * h, fmin(S->blip[b] > 0 ? fa / S->blip[b] : 0, te - ta + eps));
    if (tb > t1) tb = t1;
    surf_at(o, d, tb, p);
    double fb = surf_sample(S, p);
    if (fb <= 0) { /* Illinois regula falsi on [ta, tb] (fa > 0 >= fb) */
      int side = 0;
      for (int it = 0; it < 60 && tb - ta > eps; it++) {
        double tm = (ta * fb - tb * fa) / (fb - fa);
        if (!(tm > ta && tm < tb)) tm = 0.5 * (ta + tb);
        surf_at(o, d, tm, p);
        double fm = surf_sample(S, p);
        if (fm > 0) {
          ta = tm, fa = fm;
          if (side > 0) fb *= 0.5;
          side = 1;
        } else {
          tb = tm, fb = fm;
          if (side < 0) fa *= 0.5;
          side = -1;
        }
      }
      *t = 0.5 * (ta + tb);
      return 1;
    }
    ta = tb, fa = fb;
  }
  return 0;
}

/* Lambert and ambient shading of the surface's colour for the unit normal n. */
static void surf_shade(const surf_scene *S, const double *n, unsigned char *rgb)
{
  static const double base[3] = {70, 130, 200};
  double lit = 0.25 + 0.75 * fmax(0, dot3(n, S->light));
  for (int q = 0; q < 3; q++) rgb[q] = (unsigned char)lround(base[q] * lit);
}

/* Pixel (x, y) (y from the top) into rgb; its depth along the ray into *depth (INFINITY: no surface). */
static void surf_pixel(const surf_scene *S, int x, int y, unsigned char *rgb, double *depth)
{
  const double u = (x + 0.5 - 0.5 * S->w) * S->pix, v = (0.5 * S->hgt - y - 0.5) * S->pix;
  double o[3], d[3];
  for (int a = 0; a < 3; a++) {
    o[a] = S->mid[a] + u * S->right[a] + v * S->up[a] + S->diag * S->c[a];
    d[a] = -S->c[a];
  }
  double t0 = -INFINITY, t1 = INFINITY;
  int face = 0;
  for (int a = 0; a < 3; a++) {
    if (d[a] == 0) {
      if (o[a] < S->llo[a] || o[a] > S->lhi[a]) t1 = -INFINITY;
      continue;
    }
    double ta = (S->llo[a] - o[a]) / d[a], tb = (S->lhi[a] - o[a]) / d[a];
    if (ta > tb) {
      double x_ = ta;
      ta = tb, tb = x_;
    }
    if (ta > t0) t0 = ta, face = a;
    t1 = fmin(t1, tb);
  }
  rgb[0] = rgb[1] = rgb[2] = 255;
  *depth = INFINITY;
  double t;
  int hit = !S->none && t0 < t1 ? surf_trace(S, o, d, t0, t1, &t) : 0;
  if (!hit) return;
  double n[3] = {0, 0, 0}, p[3], len = 0;
  if (hit == 2) {
    n[face] = d[face] > 0 ? -1 : 1;
    len = 1;
  } else {
    const double dh = 0.5 * S->g->h;
    for (int a = 0; a < 3; a++) {
      surf_at(o, d, t, p);
      p[a] += dh;
      double fp = surf_sample(S, p);
      p[a] -= 2 * dh;
      n[a] = fp - surf_sample(S, p);
    }
    len = sqrt(dot3(n, n));
  }
  for (int a = 0; a < 3; a++) n[a] = len > 0 ? n[a] / len : S->c[a];
  surf_shade(S, n, rgb);
  *depth = t;
}

/* The box's 12 edges in dark grey, each sampled twice a pixel, where nearer than the surface. */
static void surf_edges(const surf_scene *S, unsigned char *rgb, const double *depth)
{
  for (int e = 0; e < 12; e++) {
    int a = e / 4, b1 = (a + 1) % 3, b2 = (a + 2) % 3;
    double P[3], Q[3];
    P[a] = S->lo[a], Q[a] = S->hi[a];
    P[b1] = Q[b1] = e & 1 ? S->hi[b1] : S->lo[b1];
    P[b2] = Q[b2] = e & 2 ? S->hi[b2] : S->lo[b2];
    double r[3], s[3];
    for (int q = 0; q < 3; q++) r[q] = P[q] - S->mid[q], s[q] = Q[q] - P[q];
    double x0 = dot3(r, S->right) / S->pix, y0 = dot3(r, S->up) / S->pix, t0 = S->diag - dot3(r, S->c);
    double dx = dot3(s, S->right) / S->pix, dy = dot3(s, S->up) / S->pix, dt = -dot3(s, S->c);
    int ns = (int)ceil(2 * fmax(fabs(dx), fabs(dy))) + 1;
    for (int k = 0; k <= ns; k++) {
      double f = (double)k / ns;
      long x = (long)floor(0.5 * S->w + x0 + f * dx), y = (long)floor(0.5 * S->hgt - (y0 + f * dy));
      if (x < 0 || y < 0 || x >= S->w || y >= S->hgt) continue;
      size_t q = (size_t)y * S->w + (size_t)x;
      if (t0 + f * dt <= depth[q] + 1e-9 * S->diag) memset(rgb + 3 * q, 60, 3);
    }
  }
}

/* The checks of cap_io_surface_rgb and cap_io_png_surface (NULLs checked by the caller). */
static int surf_check(const cap_grid *g, const cap_io_view *view)
{
  if (g->dim != 3)
    return CAP_ERROR(CAP_EGEOM, "the grid is 2D: only a 3D grid has a surface to render (a 2D field: "
                                "cap_io_png_field)");
  int s = cap_check_finite("azimuth", view->azimuth, "degrees");
  if (!s) s = cap_check_closed("elevation", view->elevation, -90, 90, "degrees");
  if (!s) s = cap_check_int_range("width", view->width, 16, 4096);
  if (!s) s = cap_check_int_range("height", view->height, 16, 4096);
  return s;
}

int cap_io_surface_rgb(const cap_grid *g, const double *phi, const cap_io_view *view, unsigned char *rgb)
{
  if (!g || !phi || !view || !rgb) return CAP_ERROR(CAP_EINVAL, "cap_io_surface_rgb: NULL argument");
  int s = surf_check(g, view);
  if (s) return s;
  surf_scene S = {.g = g, .phi = phi, .w = view->width, .hgt = view->height, .ih = 1 / g->h};
  const int n[3] = {g->nx, g->ny, g->nz};
  const double o[3] = {g->x0, g->y0, g->z0};
  double d2 = 0;
  size_t nblocks = 1;
  for (int a = 0; a < 3; a++) {
    S.n[a] = n[a];
    S.nb[a] = n[a] > 1 ? (n[a] - 1 + RBLOCK - 1) / RBLOCK : 1;
    nblocks *= (size_t)S.nb[a];
    S.mirror[a] = view->mirror[a] != 0;
    S.o[a] = o[a];
    S.hi[a] = o[a] + n[a] * g->h;
    S.lo[a] = S.mirror[a] ? o[a] - n[a] * g->h : o[a];
    S.mid[a] = 0.5 * (S.lo[a] + S.hi[a]);
    d2 += (S.hi[a] - S.lo[a]) * (S.hi[a] - S.lo[a]);
  }
  S.diag = sqrt(d2);
  S.pix = S.diag / (S.w < S.hgt ? S.w : S.hgt);
  const double az = view->azimuth * M_PI / 180, el = view->elevation * M_PI / 180;
  const double c[3] = {cos(el) * cos(az), cos(el) * sin(az), sin(el)}, r[3] = {-sin(az), cos(az), 0};
  const double up[3] = {-sin(el) * cos(az), -sin(el) * sin(az), cos(el)};
  double l[3], ll = 0;
  for (int a = 0; a < 3; a++) {
    S.c[a] = c[a], S.right[a] = r[a], S.up[a] = up[a];
    l[a] = 0.8 * c[a] + 0.5 * up[a] - 0.35 * r[a];
    ll += l[a] * l[a];
  }
  for (int a = 0; a < 3; a++) S.light[a] = l[a] / sqrt(ll);
  const size_t npix = (size_t)S.w * S.hgt;
  S.bmin = malloc(nblocks * sizeof *S.bmin);
  S.blip = malloc(nblocks * sizeof *S.blip);
  double *depth = malloc(npix * sizeof *depth);
  int *ext = malloc((size_t)6 * S.nb[2] * sizeof *ext);
  if (!S.bmin || !S.blip || !depth || !ext) {
    free(S.bmin);
    free(S.blip);
    free(ext);
    free(depth);
    return CAP_ERROR(CAP_ENOMEM, "cap_io_surface_rgb: cannot allocate the blocks and depths of a %dx%d image", S.w,
                     S.hgt);
  }
  surf_blocks(&S, ext);
  free(ext);
  const surf_scene *cs = &S;
  CAP_PAR_SPREAD_FOR((long)npix, for (int y = 0; y < cs->hgt; y++) {
    for (int x = 0; x < cs->w; x++) {
      size_t q = (size_t)y * cs->w + (size_t)x;
      surf_pixel(cs, x, y, rgb + 3 * q, depth + q);
    }
  });
  if (view->box) surf_edges(&S, rgb, depth);
  free(S.bmin);
  free(S.blip);
  free(depth);
  return CAP_SUCCESS;
}

typedef struct {
  const unsigned char *rgb;
  size_t w;
} rgb_rows;

static void rgb_row(void *ctx, size_t y, unsigned char *row)
{
  const rgb_rows *r = ctx;
  memcpy(row, r->rgb + 3 * r->w * y, 3 * r->w);
}

int cap_io_png_surface(const char *path, const cap_grid *g, const double *phi, const cap_io_view *view)
{
  if (!path || !g || !phi || !view) return CAP_ERROR(CAP_EINVAL, "cap_io_png_surface: NULL argument");
  int s = surf_check(g, view);
  if (s) return s;
  unsigned char *rgb = malloc((size_t)3 * view->width * view->height);
  if (!rgb) return CAP_ERROR(CAP_ENOMEM, "cannot allocate a %dx%d image", view->width, view->height);
  s = cap_io_surface_rgb(g, phi, view, rgb);
  rgb_rows r = {rgb, (size_t)view->width};
  if (!s) s = png_write(path, (size_t)view->width, (size_t)view->height, rgb_row, &r);
  free(rgb);
  return s;
}

/* ---------- VTK XML image data and time series ---------- */

/* VTK reads the binary data in the byte order the file declares: LittleEndian, written so on any host. */
static void put_le64(unsigned char *b, uint64_t x)
{
  for (int k = 0; k < 8; k++) b[k] = (unsigned char)(x >> (8 * k));
}

static void put_f64(unsigned char *b, double x)
{
  uint64_t bits;
  memcpy(&bits, &x, sizeof bits);
  put_le64(b, bits);
}

/* Writes sep, then x in the fewest digits (15 to 17) that read back as x ("0.1", not "0.10000000000000001"). */
static void put_num(FILE *f, const char *sep, double x)
{
  char b[32];
  for (int p = 15; p <= 17; p++) {
    snprintf(b, sizeof b, "%.*g", p, x);
    if (strtod(b, NULL) == x) break;
  }
  fprintf(f, "%s%s", sep, b);
}

/* 1 if path ends in `ext`. */
static int has_ext(const char *path, const char *ext)
{
  size_t n = strlen(path), e = strlen(ext);
  return n > e && strcmp(path + n - e, ext) == 0;
}

/* A name written inside an XML attribute: not empty, without blanks or any of "<>&. */
static int xml_name_ok(const char *name) { return name && name[0] && !strpbrk(name, " \t\r\n\"<>&"); }

/* Writes s as the value of an XML attribute (escaped). */
static void xml_attr(FILE *f, const char *s)
{
  for (; *s; s++) switch (*s) {
    case '&': fputs("&amp;", f); break;
    case '<': fputs("&lt;", f); break;
    case '>': fputs("&gt;", f); break;
    case '"': fputs("&quot;", f); break;
    case '\n': fputs("&#10;", f); break;
    case '\t': fputs("&#9;", f); break;
    default: fputc(*s, f);
    }
}

/* Writes the block (its UInt64 byte count, then the values) of one cell array: ncomp components from
 * c[0..ncomp-1], each the mean of the samples at offsets 0 and d[q] (d[q] = 0: the value itself; c[q]
 * NULL: 0). */
static void vtk_block(FILE *f, const cap_grid *g, int nz, int ncomp, const double *const *c, const ptrdiff_t *d,
                      unsigned char *row)
{
  unsigned char head[8];
  put_le64(head, (uint64_t)g->nx * (uint64_t)g->ny * (uint64_t)nz * (uint64_t)ncomp * 8u);
  fwrite(head, 1, 8, f);
  for (int k = 0; k < nz; k++)
    for (int j = 0; j < g->ny; j++) {
      size_t c0 = g->dim == 3 ? cap_grid_idx3(g, 0, j, k) : cap_grid_idx(g, 0, j);
      for (int i = 0; i < g->nx; i++)
        for (int q = 0; q < ncomp; q++) {
          double x = !c[q] ? 0.0 : d[q] ? 0.5 * (c[q][c0 + i] + c[q][c0 + i + d[q]]) : c[q][c0 + i];
          put_f64(row + 8 * ((size_t)i * ncomp + q), x);
        }
      fwrite(row, 8, (size_t)g->nx * ncomp, f);
    }
}

int cap_io_vtk(const char *path, const cap_grid *g, const cap_provenance *prov, int nfields, const char *const *names,
               const double *const *fields, const double *u, const double *v, const double *w)
{
  if (!path || !g || !prov || (nfields > 0 && (!names || !fields)))
    return CAP_ERROR(CAP_EINVAL, "cap_io_vtk: NULL argument");
  if (!has_ext(path, ".vti"))
    return CAP_ERROR(CAP_EINVAL,
                     "cap_io_vtk: path %s does not end in .vti (ParaView picks its reader by the extension)", path);
  int s = cap_check_int_range("nfields", nfields, 0, 64);
  if (s) return s;
  const int d3 = g->dim == 3;
  if ((!u) != (!v) || (!d3 && w) || (d3 && (!u) != (!w)))
    return CAP_ERROR(CAP_EINVAL,
                     "cap_io_vtk: velocity components u %s, v %s, w %s: pass none, or u and v on a 2D grid (w NULL), "
                     "or u, v and w on a 3D grid",
                     u ? "given" : "NULL", v ? "given" : "NULL", w ? "given" : "NULL");
  for (int k = 0; k < nfields; k++) {
    if (!fields[k] || !xml_name_ok(names[k]))
      return CAP_ERROR(CAP_EINVAL,
                       "cap_io_vtk: field %d has no data or a name that is empty or has a blank or one of \"<>&", k);
    for (int q = 0; q <= k; q++)
      if (q < k ? !strcmp(names[q], names[k]) : (u && !strcmp(names[k], "velocity")))
        return CAP_ERROR(CAP_EINVAL, "cap_io_vtk: field %d's name %s is already taken", k, names[k]);
  }
  const int nz = d3 ? g->nz : 1;
  const uint64_t ncell = (uint64_t)g->nx * (uint64_t)g->ny * (uint64_t)nz;
  char date[32];
  const char *pv[NPROV];
  provenance_values(prov, date, sizeof date, pv);
  uint64_t nprov = 0;
  for (int k = 0; k < NPROV; k++) nprov += strlen(prov_label[k]) + 2 + strlen(pv[k]) + 1;
  unsigned char *row = malloc((size_t)g->nx * 3 * 8);
  if (!row) return CAP_ERROR(CAP_ENOMEM, "cannot allocate a VTK row of %d cells", g->nx);
  cap_file *file = cap_io_file_open(path, "wb");
  if (!file) {
    free(row);
    return CAP_EIO;
  }
  FILE *f = cap_io_file_stream(file);
  /* the blocks in the appended data: the fields, the velocity, then the provenance (last, so that no
   * other offset depends on it) */
  const uint64_t field_block = 8 + 8 * ncell, vel_block = u ? 8 + 24 * ncell : 0;
  fprintf(f, "<VTKFile type=\"ImageData\" version=\"1.0\" byte_order=\"LittleEndian\" header_type=\"UInt64\">\n");
  char ext[96];
  snprintf(ext, sizeof ext, "0 %d 0 %d 0 %d", g->nx, g->ny, d3 ? g->nz : 0);
  fprintf(f, "  <ImageData WholeExtent=\"%s\" Origin=\"", ext);
  put_num(f, "", g->x0);
  put_num(f, " ", g->y0);
  put_num(f, " ", g->z0);
  fprintf(f, "\" Spacing=\"");
  for (int k = 0; k < 3; k++) put_num(f, k ? " " : "", g->h);
  fprintf(f, "\">\n");
  fprintf(f,
          "    <FieldData>\n      <Array type=\"String\" Name=\"provenance\" NumberOfTuples=\"%d\" format=\"appended\" "
          "offset=\"%llu\"/>\n    </FieldData>\n",
          NPROV, (unsigned long long)(nfields * field_block + vel_block));
  fprintf(f, "    <Piece Extent=\"%s\">\n      <CellData%s>\n", ext, u ? " Vectors=\"velocity\"" : "");
  for (int k = 0; k < nfields; k++)
    fprintf(f, "        <DataArray type=\"Float64\" Name=\"%s\" format=\"appended\" offset=\"%llu\"/>\n", names[k],
            (unsigned long long)(k * field_block));
  if (u)
    fprintf(f,
            "        <DataArray type=\"Float64\" Name=\"velocity\" NumberOfComponents=\"3\" format=\"appended\" "
            "offset=\"%llu\"/>\n",
            (unsigned long long)(nfields * field_block));
  fprintf(f, "      </CellData>\n    </Piece>\n  </ImageData>\n  <AppendedData encoding=\"raw\">\n   _");
  const ptrdiff_t same[1] = {0};
  for (int k = 0; k < nfields; k++) vtk_block(f, g, nz, 1, &fields[k], same, row);
  if (u) {
    const double *c[3] = {u, v, w};
    const ptrdiff_t d[3] = {1, g->sy, g->sz};
    vtk_block(f, g, nz, 3, c, d, row);
  }
  unsigned char head[8];
  put_le64(head, nprov);
  fwrite(head, 1, 8, f);
  for (int k = 0; k < NPROV; k++) fprintf(f, "%s: %s%c", prov_label[k], pv[k], '\0');
  fprintf(f, "\n  </AppendedData>\n</VTKFile>\n");
  free(row);
  return cap_io_file_close(file, CAP_SUCCESS);
}

struct cap_pvd {
  char *path;
  char *prov[NPROV]; /* the provenance values, fixed at open */
  int n, cap;
  double *t;
  char **file;
};

/* Writes the whole series (its first n entries) to p->path, atomically. */
static int pvd_write(const cap_pvd *p, int n)
{
  cap_file *file = cap_io_file_open(p->path, "w");
  if (!file) return CAP_EIO;
  FILE *f = cap_io_file_stream(file);
  fprintf(f, "<?xml version=\"1.0\"?>\n<VTKFile type=\"Collection\" version=\"0.1\" byte_order=\"LittleEndian\">\n");
  fprintf(f, "  <Provenance");
  for (int k = 0; k < NPROV; k++) {
    fprintf(f, " %s=\"", prov_label[k]);
    xml_attr(f, p->prov[k]);
    fputc('"', f);
  }
  fprintf(f, "/>\n  <Collection>\n");
  for (int k = 0; k < n; k++) {
    put_num(f, "    <DataSet timestep=\"", p->t[k]);
    fprintf(f, "\" group=\"\" part=\"0\" file=\"");
    xml_attr(f, p->file[k]);
    fprintf(f, "\"/>\n");
  }
  fprintf(f, "  </Collection>\n</VTKFile>\n");
  return cap_io_file_close(file, CAP_SUCCESS);
}

void cap_io_pvd_close(cap_pvd *p)
{
  if (!p) return;
  for (int k = 0; k < p->n; k++) free(p->file[k]);
  for (int k = 0; k < NPROV; k++) free(p->prov[k]);
  free(p->file);
  free(p->t);
  free(p->path);
  free(p);
}

cap_pvd *cap_io_pvd_open(const char *path, const cap_provenance *prov)
{
  if (!path || !prov) {
    CAP_ERROR(CAP_EINVAL, "cap_io_pvd_open: NULL argument");
    return NULL;
  }
  cap_pvd *p = calloc(1, sizeof *p);
  char date[32];
  const char *pv[NPROV];
  provenance_values(prov, date, sizeof date, pv);
  int ok = p && (p->path = strdup(path));
  for (int k = 0; ok && k < NPROV; k++) ok = (p->prov[k] = strdup(pv[k])) != NULL;
  if (!ok) {
    CAP_ERROR(CAP_ENOMEM, "cannot allocate a .pvd writer");
    cap_io_pvd_close(p);
    return NULL;
  }
  if (pvd_write(p, 0)) {
    cap_io_pvd_close(p);
    return NULL;
  }
  return p;
}

int cap_io_pvd_add(cap_pvd *p, double t, const char *file)
{
  if (!p || !file) return CAP_ERROR(CAP_EINVAL, "cap_io_pvd_add: NULL argument");
  if (!file[0]) return CAP_ERROR(CAP_EINVAL, "cap_io_pvd_add: the file name is empty");
  if (!isfinite(t) || (p->n > 0 && !(t > p->t[p->n - 1])))
    return CAP_ERROR(CAP_EDOM, "t = %g is out of range: allowed finite and greater than the last step's %g", t,
                     p->n > 0 ? p->t[p->n - 1] : -INFINITY);
  if (p->n == p->cap) {
    int cap = p->cap ? 2 * p->cap : 16;
    double *nt = realloc(p->t, (size_t)cap * sizeof *nt);
    if (nt) p->t = nt;
    char **nf = nt ? realloc(p->file, (size_t)cap * sizeof *nf) : NULL;
    if (nf) p->file = nf;
    if (!nt || !nf) return CAP_ERROR(CAP_ENOMEM, "cannot grow the .pvd series to %d steps", cap);
    p->cap = cap;
  }
  if (!(p->file[p->n] = strdup(file))) return CAP_ERROR(CAP_ENOMEM, "cannot copy the file name %s", file);
  p->t[p->n] = t;
  int s = pvd_write(p, p->n + 1);
  if (s)
    free(p->file[p->n]);
  else
    p->n++;
  return s;
}
