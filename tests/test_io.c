/* Tests of solver/cap_io: provenance headers, atomic TSV files, PNG read back with libpng (2D fields and
 * planes of 3D ones), the VTK XML files' byte layout and the .pvd series, error paths, the fault hook.
 * Files go to a fresh directory under build/tests; the case vtk_series writes the analytic series that
 * tests/test_vtk.sh reads back with VTK into $CAP_VTK_OUT when that is set. */
#include <math.h>
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../solver/cap_errno.h"
#include "../solver/cap_grid.h"
#include "../solver/cap_io.h"
#include "../solver/cap_par.h"
#include "tharness.h"

static char dir[256];

static const char *in_dir(const char *name)
{
  static char buf[4][512];
  static int k;
  k = (k + 1) % 4;
  snprintf(buf[k], sizeof buf[k], "%s/%s", dir, name);
  return buf[k];
}

static int exists(const char *p)
{
  struct stat st;
  return stat(p, &st) == 0;
}

static char *slurp(const char *p)
{
  FILE *f = fopen(p, "r");
  if (!f) return NULL;
  static char buf[1 << 20];
  size_t n = fread(buf, 1, sizeof buf - 1, f);
  buf[n] = 0;
  fclose(f);
  return buf;
}

/* reads an RGB8 PNG; returns width*height pixels (caller frees) */
static unsigned char *read_png(const char *p, int *w, int *h)
{
  png_image img;
  memset(&img, 0, sizeof img);
  img.version = PNG_IMAGE_VERSION;
  if (!png_image_begin_read_from_file(&img, p)) return NULL;
  img.format = PNG_FORMAT_RGB;
  unsigned char *buf = malloc(PNG_IMAGE_SIZE(img));
  if (!png_image_finish_read(&img, NULL, buf, 0, NULL)) {
    free(buf);
    return NULL;
  }
  *w = (int)img.width;
  *h = (int)img.height;
  return buf;
}

/* Names the scratch directory build/tests/io.<pid>, makes it (and its parents) and fixes the date of
 * the provenance lines (SOURCE_DATE_EPOCH); returns mkdir's status for the directory (0: made). */
static int scratch_open(void)
{
  snprintf(dir, sizeof dir, "build/tests/io.%ld", (long)getpid());
  mkdir("build", 0755);
  mkdir("build/tests", 0755);
  int s = mkdir(dir, 0755);
  setenv("SOURCE_DATE_EPOCH", "1700000000", 1);
  return s;
}

/* Removes the file `name` from the scratch directory, then the directory (if it is empty). */
static void scratch_close(const char *name)
{
  remove(in_dir(name));
  rmdir(dir);
}

static const cap_provenance prov = {"test_io", "--radius 0.3817 --quick"};

/* The 7 x 5 grid (h = 0.1, one ghost layer) with the field f = i and the level set phi = i - 2.5 (the
 * interface between columns 2 and 3); the caller frees *f and *phi. */
static void fields_7x5(cap_grid *g, double **f, double **phi)
{
  cap_grid_init(g, CAP_GEOM_PLANAR, 7, 5, 1, 0.1, 0, 0, 0, 1);
  *f = cap_grid_field_alloc(g);
  *phi = cap_grid_field_alloc(g);
  for (int j = 0; j < 5; j++)
    for (int i = 0; i < 7; i++) {
      (*f)[cap_grid_idx(g, i, j)] = i;
      (*phi)[cap_grid_idx(g, i, j)] = i - 2.5;
    }
}

/* TSV with provenance: written atomically, non-finite values as NA, an aborted file leaves nothing. */
static void tsv(void)
{
  th_true(scratch_open() == 0, "scratch directory %s created", dir);
  cap_tsv *t = cap_io_tsv_open(in_dir("series.tsv"), &prov, "t[s]\tE[J]");
  th_true(t != NULL, "TSV opened");
  double row[2] = {0.125, 3.817e-5};
  th_int(cap_io_tsv_row(t, 2, row), CAP_SUCCESS, "TSV row written");
  double nonfinite[2] = {NAN, INFINITY};
  th_int(cap_io_tsv_row(t, 2, nonfinite), CAP_SUCCESS, "TSV row with non-finite values written");
  th_true(!exists(in_dir("series.tsv")), "file not visible before close (written to .tmp)");
  th_int(cap_io_tsv_close(t), CAP_SUCCESS, "TSV closed");
  char *txt = slurp(in_dir("series.tsv"));
  th_true(txt && strstr(txt, "# program: test_io\n"), "provenance names the program");
  th_true(txt && strstr(txt, "# parameters: --radius 0.3817 --quick\n"), "provenance gives the parameters");
  th_true(txt && strstr(txt, "# commit: ") && !strstr(txt, "# commit: \n"), "provenance gives the commit");
  th_true(txt && strstr(txt, "# date: 2023-11-14T22:13:20Z\n"), "date from SOURCE_DATE_EPOCH (reproducible)");
  th_true(txt && strstr(txt, "t[s]\tE[J]\n0.125\t3.817e-05\nNA\tNA\n"), "columns and rows; non-finite values as NA");
  th_true(txt && !strstr(txt, "nan") && !strstr(txt, "inf"), "no nan or inf in the file");
  th_true(!exists(in_dir("series.tsv.tmp")), "no .tmp left behind");
  t = cap_io_tsv_open(in_dir("aborted.tsv"), &prov, "x");
  cap_io_tsv_abort(t);
  th_true(!exists(in_dir("aborted.tsv")) && !exists(in_dir("aborted.tsv.tmp")), "aborted TSV leaves nothing");
  th_true(cap_io_tsv_open("/nonexistent-dir/x.tsv", &prov, "x") == NULL, "TSV in a missing directory fails");
  th_true(strstr(cap_error_message(), "cannot open") != NULL, "and says so: %s", cap_error_message());
  scratch_close("series.tsv");
}

/* PNG: a 7x5 field, value = i, interface between columns 2 and 3; read back with libpng. */
static void png(void)
{
  scratch_open();
  cap_grid g;
  double *f, *phi;
  fields_7x5(&g, &f, &phi);
  th_int(cap_io_png_field(in_dir("f.png"), &g, f, 0, 6, CAP_CMAP_SEQUENTIAL, phi, 3), CAP_SUCCESS, "PNG written");
  int w = 0, h = 0;
  unsigned char *px = read_png(in_dir("f.png"), &w, &h);
  th_true(px != NULL, "PNG reads back with libpng");
  th_int(w, 21, "PNG width = nx * scale");
  th_int(h, 15, "PNG height = ny * scale");
  if (px) {
    th_int(px[3 * (7 * 21 + 7)] + px[3 * (7 * 21 + 7) + 1] + px[3 * (7 * 21 + 7) + 2], 0,
           "interface cell (2, 2) is black");
    th_int(px[3 * (7 * 21 + 0)], 68, "value vmin maps to the first colour (red channel 68)");
    th_int(px[3 * (7 * 21 + 20) + 2], 37, "value vmax maps to the last colour (blue channel 37)");
    free(px);
  }
  th_int(cap_io_png_field(in_dir("bad.png"), &g, f, 1, 1, CAP_CMAP_SEQUENTIAL, NULL, 1), CAP_EDOM,
         "vmax = vmin rejected");
  th_int(cap_io_png_field(in_dir("bad.png"), &g, f, 0, 1, CAP_CMAP_SEQUENTIAL, NULL, 0), CAP_EDOM, "scale 0 rejected");
  th_int(cap_io_png_field(in_dir("bad.png"), &g, f, 0, NAN, CAP_CMAP_SEQUENTIAL, NULL, 1), CAP_EDOM,
         "NaN vmax rejected");
  th_int(cap_io_png_field("/nonexistent-dir/x.png", &g, f, 0, 1, CAP_CMAP_DIVERGING, NULL, 1), CAP_EIO,
         "PNG in a missing directory fails");
  th_true(!exists(in_dir("bad.png")), "rejected PNG writes nothing");
  free(f);
  free(phi);
  scratch_close("f.png");
}

/* The n bytes of file p (malloc'ed, NUL-terminated; NULL if it cannot be read). */
static unsigned char *slurp_bin(const char *p, size_t *n)
{
  FILE *f = fopen(p, "rb");
  if (!f) return NULL;
  fseek(f, 0, SEEK_END);
  long len = ftell(f);
  fseek(f, 0, SEEK_SET);
  unsigned char *buf = len >= 0 ? malloc((size_t)len + 1) : NULL;
  *n = buf ? fread(buf, 1, (size_t)len, f) : 0;
  fclose(f);
  if (buf) buf[*n] = 0;
  return buf;
}

/* The little-endian UInt64 and Float64 at b. */
static unsigned long long le64(const unsigned char *b)
{
  unsigned long long x = 0;
  for (int k = 7; k >= 0; k--) x = (x << 8) | b[k];
  return x;
}
static double f64(const unsigned char *b)
{
  unsigned long long x = le64(b);
  double d;
  memcpy(&d, &x, sizeof d);
  return d;
}

/* The appended data of a .vti (the byte after '_'), or NULL. */
static const unsigned char *appended(const unsigned char *buf)
{
  const char *m = "<AppendedData encoding=\"raw\">\n   _";
  const char *a = buf ? strstr((const char *)buf, m) : NULL;
  return a ? (const unsigned char *)a + strlen(m) : NULL;
}

/* VTK XML on the 7 x 5 grid: the header (extent, origin, spacing, arrays and their offsets), the byte
 * layout of the appended blocks (UInt64 byte counts, little-endian Float64 values, the velocity averaged
 * from the faces u = 2i + j, v = i - 3j, the provenance strings last) and the file's end. */
static void vtk(void)
{
  scratch_open();
  cap_grid g;
  double *f, *phi;
  fields_7x5(&g, &f, &phi);
  double *u = cap_grid_field_alloc(&g), *v = cap_grid_field_alloc(&g);
  for (int j = -1; j <= 5; j++)
    for (int i = -1; i <= 7; i++) {
      u[cap_grid_idx(&g, i, j)] = 2 * i + j;
      v[cap_grid_idx(&g, i, j)] = i - 3 * j;
    }
  const char *names[2] = {"phi", "value"};
  const double *fields[2] = {phi, f};
  th_int(cap_io_vtk(in_dir("f.vti"), &g, &prov, 2, names, fields, u, v, NULL), CAP_SUCCESS, "VTK written");
  size_t n = 0;
  unsigned char *buf = slurp_bin(in_dir("f.vti"), &n);
  const char *txt = (const char *)buf;
  th_true(txt && !strncmp(txt,
                          "<VTKFile type=\"ImageData\" version=\"1.0\" byte_order=\"LittleEndian\" "
                          "header_type=\"UInt64\">\n",
                          88),
          "VTK XML ImageData, little-endian, UInt64 headers");
  th_true(txt && strstr(txt, "WholeExtent=\"0 7 0 5 0 0\" Origin=\"0 0 0\" Spacing=\"0.1 0.1 0.1\""),
          "2D: extent 0 nx 0 ny 0 0 (a plane of cells), origin, spacing h in the fewest digits that read back");
  th_true(txt && strstr(txt, "Name=\"phi\" format=\"appended\" offset=\"0\"/>") &&
              strstr(txt, "Name=\"value\" format=\"appended\" offset=\"288\"/>"),
          "scalar blocks at offsets 0 and 8 + 35 * 8");
  th_true(txt && strstr(txt, "Name=\"velocity\" NumberOfComponents=\"3\" format=\"appended\" offset=\"576\"/>"),
          "velocity block at offset 2 * 288, 3 components");
  th_true(txt && strstr(txt, "Name=\"provenance\" NumberOfTuples=\"4\" format=\"appended\" offset=\"1424\"/>"),
          "provenance block last, at 576 + 8 + 35 * 24");
  const unsigned char *a = appended(buf);
  th_true(a != NULL, "appended data found");
  if (a) {
    th_int((long)le64(a), 280, "phi's block: UInt64 byte count 35 * 8");
    th_int((long)le64(a + 288), 280, "value's block: UInt64 byte count 35 * 8");
    th_int((long)le64(a + 576), 840, "velocity's block: UInt64 byte count 35 * 3 * 8");
    int bad = 0;
    for (int j = 0; j < 5; j++)
      for (int i = 0; i < 7; i++) {
        const unsigned char *c = a + 8 + 8 * (i + 7 * j), *q = a + 576 + 8 + 24 * (i + 7 * j);
        bad += f64(c) != i - 2.5 || f64(c + 288) != i;
        bad += f64(q) != 2 * i + 1 + j || f64(q + 8) != i - 3 * j - 1.5 || f64(q + 16) != 0;
      }
    th_int(bad, 0, "values little-endian, x fastest; velocity (2i + 1 + j, i - 3j - 1.5, 0) at the centres");
    char want[512];
    int len = snprintf(want, sizeof want,
                       "program: test_io%cparameters: --radius 0.3817 --quick%ccommit: %s%cdate: "
                       "2023-11-14T22:13:20Z%c",
                       0, 0, cap_version_commit(), 0, 0);
    th_int((long)le64(a + 1424), len, "provenance block: UInt64 byte count of its 4 strings");
    th_true(!memcmp(a + 1432, want, (size_t)len), "provenance strings: program, parameters, commit, date");
    const char *end = "\n  </AppendedData>\n</VTKFile>\n";
    th_int((long)n, (long)(a - buf) + 1432 + len + (long)strlen(end), "file size: header, blocks, closing tags");
    th_true(!memcmp(a + 1432 + len, end, strlen(end)), "file closes the appended data and VTKFile");
  }
  free(buf);
  free(u);
  free(v);
  free(f);
  free(phi);
  scratch_close("f.vti");
}

/* VTK errors: NULL arguments, a path without .vti, a path that cannot be written, velocity components
 * that do not match the grid's dimension, bad or repeated names; each leaves nothing behind. */
static void vtk_errors(void)
{
  scratch_open();
  cap_grid g, g3;
  double *f, *phi;
  fields_7x5(&g, &f, &phi);
  cap_grid_init(&g3, CAP_GEOM_3D, 4, 3, 2, 0.25, 0, 0, 0, 1);
  double *f3 = cap_grid_field_alloc(&g3);
  const char *names[2] = {"phi", "value"};
  const double *fields[2] = {phi, f};
  const double *fields3[1] = {f3};
  const char *p = in_dir("e.vti");
  th_int(cap_io_vtk(NULL, &g, &prov, 1, names, fields, NULL, NULL, NULL), CAP_EINVAL, "NULL path");
  th_int(cap_io_vtk(p, NULL, &prov, 1, names, fields, NULL, NULL, NULL), CAP_EINVAL, "NULL grid");
  th_int(cap_io_vtk(p, &g, NULL, 1, names, fields, NULL, NULL, NULL), CAP_EINVAL, "NULL provenance");
  th_int(cap_io_vtk(p, &g, &prov, 1, NULL, fields, NULL, NULL, NULL), CAP_EINVAL, "NULL names");
  th_int(cap_io_vtk(in_dir("e.vtk"), &g, &prov, 1, names, fields, NULL, NULL, NULL), CAP_EINVAL,
         "a path not ending in .vti");
  th_int(cap_io_vtk(p, &g, &prov, 65, names, fields, NULL, NULL, NULL), CAP_EDOM, "nfields = 65");
  th_int(cap_io_vtk("/nonexistent-dir/x.vti", &g, &prov, 1, names, fields, NULL, NULL, NULL), CAP_EIO,
         "unwritable path: CAP_EIO");
  th_true(strstr(cap_error_message(), "/nonexistent-dir/x.vti") != NULL, "and the message names it: %s",
          cap_error_message());
  th_int(cap_io_vtk(p, &g3, &prov, 1, names, fields3, f3, f3, NULL), CAP_EINVAL, "3D: u and v without w");
  th_true(strstr(cap_error_message(), "w NULL") != NULL, "and the message names w: %s", cap_error_message());
  th_int(cap_io_vtk(p, &g, &prov, 1, names, fields, f, f, f), CAP_EINVAL, "2D: w given");
  th_int(cap_io_vtk(p, &g, &prov, 1, names, fields, f, NULL, NULL), CAP_EINVAL, "u without v");
  th_int(cap_io_vtk(p, &g3, &prov, 1, names, fields3, NULL, NULL, f3), CAP_EINVAL, "3D: w without u and v");
  const char *blank[1] = {"has blank"}, *quote[1] = {"a\"b"}, *twice[2] = {"phi", "phi"}, *vel[1] = {"velocity"};
  th_int(cap_io_vtk(p, &g, &prov, 1, blank, fields, NULL, NULL, NULL), CAP_EINVAL, "field name with a blank");
  th_int(cap_io_vtk(p, &g, &prov, 1, quote, fields, NULL, NULL, NULL), CAP_EINVAL, "field name with a quote");
  th_int(cap_io_vtk(p, &g, &prov, 2, twice, fields, NULL, NULL, NULL), CAP_EINVAL, "field name given twice");
  th_int(cap_io_vtk(p, &g, &prov, 1, vel, fields, f, f, NULL), CAP_EINVAL, "field named velocity beside the velocity");
  th_int(cap_io_vtk(p, &g, &prov, 1, vel, fields, NULL, NULL, NULL), CAP_SUCCESS, "named velocity without it: written");
  remove(p);
  th_true(!exists(in_dir("e.vtk")) && !exists(in_dir("e.vtk.tmp")) && !exists(in_dir("e.vti.tmp")),
          "rejected files leave nothing");
  free(f3);
  free(f);
  free(phi);
  scratch_close("e.vti");
}

/* The analytic 3D series that tests/vtk_readback.py checks (the same formulas there): a 12 x 10 x 8 grid,
 * h = 0.3817 / 8, origin (-0.31, 0.127, 1.5); at t = 0, 1/8, 1/4 the files step_000N.vti with
 *   phi = |x - (0.05, 0.35, 1.68)| - 0.3817 (1 + t),   p = cos(2x) sin(3y) exp(-z) + t,
 *   velocity (1 + 2x - y + z/2 + t, -1/4 + x + 3y - z, 3/4 - 2x + y + 2tz) (linear: its face average is
 *   its value at the centre), listed in series.pvd; and flat.vti, a 7 x 5 grid (h = 0.1, origin
 *   (0.1 + 0.2, -0.5): 17 digits) with phi = x y and the velocity (1 + 2x - y, -1/4 + x + 3y). */
static double vs_u(double x, double y, double z, double t) { return 1 + 2 * x - y + 0.5 * z + t; }
static double vs_v(double x, double y, double z) { return -0.25 + x + 3 * y - z; }
static double vs_w(double x, double y, double z, double t) { return 0.75 - 2 * x + y + 2 * t * z; }

static int vtk_series_3d(const cap_grid *g, const char *name, double t, double *w[5])
{
  double ox, oy, oz;
  for (int k = -g->ng; k < g->nz + g->ng; k++)
    for (int j = -g->ng; j < g->ny + g->ng; j++)
      for (int i = -g->ng; i < g->nx + g->ng; i++) {
        size_t c = cap_grid_idx3(g, i, j, k);
        double x = cap_grid_xc(g, i), y = cap_grid_yc(g, j), z = cap_grid_zc(g, k);
        w[0][c] = sqrt((x - 0.05) * (x - 0.05) + (y - 0.35) * (y - 0.35) + (z - 1.68) * (z - 1.68)) - 0.3817 * (1 + t);
        w[1][c] = cos(2 * x) * sin(3 * y) * exp(-z) + t;
        cap_grid_offsets3(CAP_AT_XFACE, &ox, &oy, &oz);
        w[2][c] = vs_u(g->x0 + (i + ox) * g->h, g->y0 + (j + oy) * g->h, g->z0 + (k + oz) * g->h, t);
        cap_grid_offsets3(CAP_AT_YFACE, &ox, &oy, &oz);
        w[3][c] = vs_v(g->x0 + (i + ox) * g->h, g->y0 + (j + oy) * g->h, g->z0 + (k + oz) * g->h);
        cap_grid_offsets3(CAP_AT_ZFACE, &ox, &oy, &oz);
        w[4][c] = vs_w(g->x0 + (i + ox) * g->h, g->y0 + (j + oy) * g->h, g->z0 + (k + oz) * g->h, t);
      }
  const char *names[2] = {"phi", "p"};
  const double *fields[2] = {w[0], w[1]};
  return cap_io_vtk(name, g, &prov, 2, names, fields, w[2], w[3], w[4]);
}

/* Writes the series into $CAP_VTK_OUT (kept there, for tests/test_vtk.sh) or the scratch directory
 * (removed); checks the 3D header and the .pvd's entries. */
static void vtk_series(void)
{
  const char *out = getenv("CAP_VTK_OUT");
  scratch_open();
  if (out && out[0]) {
    rmdir(dir);
    snprintf(dir, sizeof dir, "%s", out);
  }
  cap_grid g;
  cap_grid_init(&g, CAP_GEOM_3D, 12, 10, 8, 0.3817 / 8, -0.31, 0.127, 1.5, 1);
  double *w[5];
  for (int q = 0; q < 5; q++) w[q] = cap_grid_field_alloc(&g);
  cap_pvd *pvd = cap_io_pvd_open(in_dir("series.pvd"), &prov);
  th_true(pvd != NULL, "series.pvd opened");
  for (int n = 0; n < 3; n++) {
    char name[32];
    snprintf(name, sizeof name, "step_%04d.vti", n);
    th_int(vtk_series_3d(&g, in_dir(name), n / 8.0, w), CAP_SUCCESS, "%s written", name);
    th_int(cap_io_pvd_add(pvd, n / 8.0, name), CAP_SUCCESS, "%s added to series.pvd at t = %g", name, n / 8.0);
  }
  cap_io_pvd_close(pvd);
  char *txt = slurp(in_dir("step_0002.vti"));
  th_true(txt && strstr(txt, "WholeExtent=\"0 12 0 10 0 8\" Origin=\"-0.31 0.127 1.5\""), "3D extent and origin");
  th_true(txt && strstr(txt, "Name=\"velocity\" NumberOfComponents=\"3\" format=\"appended\" offset=\"15376\"/>"),
          "3D velocity block after two scalar blocks of 8 + 960 * 8 bytes");
  txt = slurp(in_dir("series.pvd"));
  th_true(txt && strstr(txt, "<DataSet timestep=\"0\" group=\"\" part=\"0\" file=\"step_0000.vti\"/>\n"
                             "    <DataSet timestep=\"0.125\" group=\"\" part=\"0\" file=\"step_0001.vti\"/>\n"
                             "    <DataSet timestep=\"0.25\" group=\"\" part=\"0\" file=\"step_0002.vti\"/>\n"
                             "  </Collection>"),
          "series.pvd lists the three steps in order");
  cap_grid g2;
  cap_grid_init(&g2, CAP_GEOM_PLANAR, 7, 5, 1, 0.1, 0.1 + 0.2, -0.5, 0, 2);
  double *phi = cap_grid_field_alloc(&g2), *u = cap_grid_field_alloc(&g2), *v = cap_grid_field_alloc(&g2);
  for (int j = -2; j < 7; j++)
    for (int i = -2; i < 9; i++) {
      size_t c = cap_grid_idx(&g2, i, j);
      phi[c] = cap_grid_xc(&g2, i) * cap_grid_yc(&g2, j);
      u[c] = vs_u(cap_grid_xf(&g2, i), cap_grid_yc(&g2, j), 0, 0);
      v[c] = vs_v(cap_grid_xc(&g2, i), cap_grid_yf(&g2, j), 0);
    }
  const char *names[1] = {"phi"};
  const double *fields[1] = {phi};
  th_int(cap_io_vtk(in_dir("flat.vti"), &g2, &prov, 1, names, fields, u, v, NULL), CAP_SUCCESS, "flat.vti written");
  free(phi);
  free(u);
  free(v);
  for (int q = 0; q < 5; q++) free(w[q]);
  if (out && out[0]) return;
  remove(in_dir("flat.vti"));
  for (int n = 0; n < 3; n++) {
    char name[32];
    snprintf(name, sizeof name, "step_%04d.vti", n);
    remove(in_dir(name));
  }
  scratch_close("series.pvd");
}

/* The .pvd writer: complete after every step, provenance escaped, errors (times out of order, NaN, an
 * empty name, NULL, a missing directory, a failed write) reported and leaving the file as it was. */
static void pvd(void)
{
  scratch_open();
  const cap_provenance odd = {"test_io", "--name \"a<b\" & c"};
  cap_pvd *p = cap_io_pvd_open(in_dir("s.pvd"), &odd);
  th_true(p != NULL, "s.pvd opened");
  char *txt = slurp(in_dir("s.pvd"));
  th_true(txt && strstr(txt, "<VTKFile type=\"Collection\" version=\"0.1\" byte_order=\"LittleEndian\">\n") &&
              strstr(txt, "<Collection>\n  </Collection>\n</VTKFile>\n"),
          "the empty series is on disk at once");
  th_true(txt && strstr(txt, "<Provenance program=\"test_io\" parameters=\"--name &quot;a&lt;b&quot; &amp; c\" "
                             "commit=\""),
          "provenance attributes, escaped");
  th_true(txt && strstr(txt, "date=\"2023-11-14T22:13:20Z\"/>"), "provenance date from SOURCE_DATE_EPOCH");
  th_int(cap_io_pvd_add(p, 0.5, "a.vti"), CAP_SUCCESS, "step 1 added");
  txt = slurp(in_dir("s.pvd"));
  th_true(txt && strstr(txt, "file=\"a.vti\"/>\n  </Collection>\n</VTKFile>\n"), "step 1 on disk, file complete");
  char *before = txt ? strdup(txt) : NULL;
  th_int(cap_io_pvd_add(p, 0.5, "b.vti"), CAP_EDOM, "a time not after the last one");
  th_int(cap_io_pvd_add(p, NAN, "b.vti"), CAP_EDOM, "a NaN time");
  th_int(cap_io_pvd_add(p, 1, ""), CAP_EINVAL, "an empty file name");
  th_int(cap_io_pvd_add(p, 1, NULL), CAP_EINVAL, "a NULL file name");
  th_int(cap_io_pvd_add(NULL, 1, "b.vti"), CAP_EINVAL, "a NULL series");
  cap_io_fault_write(1);
  th_int(cap_io_pvd_add(p, 1, "b.vti"), CAP_EIO, "a failed write: CAP_EIO");
  txt = slurp(in_dir("s.pvd"));
  th_true(txt && before && !strcmp(txt, before), "the file on disk is the one before");
  th_true(!exists(in_dir("s.pvd.tmp")), "no .tmp left");
  th_int(cap_io_pvd_add(p, 1, "c&d.vti"), CAP_SUCCESS, "the next step added");
  txt = slurp(in_dir("s.pvd"));
  th_true(txt && !strstr(txt, "b.vti") && strstr(txt, "timestep=\"1\" group=\"\" part=\"0\" file=\"c&amp;d.vti\""),
          "the failed step is not listed; the next one is, its name escaped");
  cap_io_pvd_close(p);
  cap_io_pvd_close(NULL);
  th_true(cap_io_pvd_open("/nonexistent-dir/s.pvd", &prov) == NULL, "a missing directory: NULL");
  th_true(strstr(cap_error_message(), "cannot open") != NULL, "and says so: %s", cap_error_message());
  th_true(cap_io_pvd_open(in_dir("t.pvd"), NULL) == NULL && !exists(in_dir("t.pvd")), "NULL provenance: NULL");
  free(before);
  scratch_close("s.pvd");
}

/* A PNG of a 3D grid through cap_io_png_field is refused (CAP_EGEOM), naming cap_io_png_slice. */
static void png_3d(void)
{
  scratch_open();
  cap_grid g3;
  cap_grid_init(&g3, CAP_GEOM_3D, 4, 4, 4, 0.25, 0, 0, 0, 1);
  double *f = cap_grid_field_alloc(&g3);
  th_int(cap_io_png_field(in_dir("g.png"), &g3, f, 0, 1, CAP_CMAP_SEQUENTIAL, NULL, 1), CAP_EGEOM,
         "3D PNG returns CAP_EGEOM");
  th_true(strstr(cap_error_message(), "cap_io_png_slice") != NULL, "and names the slice: %s", cap_error_message());
  free(f);
  scratch_close("g.png");
}

/* 1 if the PNGs a and b decode to the same pixels. */
static int same_png(const char *a, const char *b)
{
  int wa = 0, ha = 0, wb = 0, hb = 0;
  unsigned char *pa = read_png(a, &wa, &ha), *pb = read_png(b, &wb, &hb);
  int same = pa && pb && wa == wb && ha == hb && !memcmp(pa, pb, (size_t)3 * wa * ha);
  free(pa);
  free(pb);
  return same;
}

/* Planes of a 6 x 5 x 4 field f = i + 7j + 50k with the level set phi = |(i, j, k) - (2.2, 1.9, 1.4)| - 1.3
 * (cells): each normal's plane is drawn as cap_io_png_field draws a 2D grid holding that plane with the
 * documented axes (right, up) = (y, z), (x, z), (x, y); a sign change of phi across the plane only is
 * not drawn; the top row of the normal-y plane is z's last layer; errors; on a 2D grid the one plane is
 * cap_io_png_field's picture. */
static void png_slice(void)
{
  scratch_open();
  cap_grid g3;
  cap_grid_init(&g3, CAP_GEOM_3D, 6, 5, 4, 0.25, 0, 0, 0, 1);
  double *f = cap_grid_field_alloc(&g3), *phi = cap_grid_field_alloc(&g3), *layer = cap_grid_field_alloc(&g3);
  for (int k = 0; k < 4; k++)
    for (int j = 0; j < 5; j++)
      for (int i = 0; i < 6; i++) {
        size_t c = cap_grid_idx3(&g3, i, j, k);
        f[c] = i + 7 * j + 50 * k;
        phi[c] = sqrt((i - 2.2) * (i - 2.2) + (j - 1.9) * (j - 1.9) + (k - 1.4) * (k - 1.4)) - 1.3;
        layer[c] = k - 1.5;
      }
  const int n[3] = {6, 5, 4}, index[3] = {3, 2, 1};
  const char *axis = "xyz";
  for (int nrm = 0; nrm < 3; nrm++) {
    int ia = nrm == 0 ? 1 : 0, ib = nrm == 2 ? 1 : 2;
    cap_grid g2;
    cap_grid_init(&g2, CAP_GEOM_PLANAR, n[ia], n[ib], 1, 0.25, 0, 0, 0, 1);
    double *f2 = cap_grid_field_alloc(&g2), *phi2 = cap_grid_field_alloc(&g2);
    for (int b = 0; b < n[ib]; b++)
      for (int a = 0; a < n[ia]; a++) {
        int at[3];
        at[nrm] = index[nrm];
        at[ia] = a;
        at[ib] = b;
        size_t c = cap_grid_idx3(&g3, at[0], at[1], at[2]);
        f2[cap_grid_idx(&g2, a, b)] = f[c];
        phi2[cap_grid_idx(&g2, a, b)] = phi[c];
      }
    th_int(cap_io_png_slice(in_dir("s.png"), &g3, f, (cap_axis)nrm, index[nrm], 0, 240, CAP_CMAP_SEQUENTIAL, phi, 2),
           CAP_SUCCESS, "plane normal %c, index %d written", axis[nrm], index[nrm]);
    th_int(cap_io_png_field(in_dir("r.png"), &g2, f2, 0, 240, CAP_CMAP_SEQUENTIAL, phi2, 2), CAP_SUCCESS,
           "its 2D twin written");
    th_true(same_png(in_dir("s.png"), in_dir("r.png")), "plane normal %c: the pixels of the 2D grid holding it",
            axis[nrm]);
    free(f2);
    free(phi2);
  }
  th_int(cap_io_png_slice(in_dir("s.png"), &g3, f, CAP_AXIS_Z, 1, 0, 240, CAP_CMAP_SEQUENTIAL, layer, 1), CAP_SUCCESS,
         "plane z = 1 with phi changing sign between layers 1 and 2 only");
  int w = 0, h = 0, black = 0;
  unsigned char *px = read_png(in_dir("s.png"), &w, &h);
  for (int q = 0; px && q < w * h; q++) black += px[3 * q] + px[3 * q + 1] + px[3 * q + 2] == 0;
  th_true(px && w == 6 && h == 5 && black == 0, "no interface drawn within the plane (%dx%d, %d black)", w, h, black);
  free(px);
  th_int(cap_io_png_slice(in_dir("s.png"), &g3, layer, CAP_AXIS_Y, 0, -1.5, 1.5, CAP_CMAP_SEQUENTIAL, NULL, 1),
         CAP_SUCCESS, "plane y = 0 of the layer field");
  px = read_png(in_dir("s.png"), &w, &h);
  th_true(px && w == 6 && h == 4 && px[2] == 37 && px[3 * 6 * 3] == 68,
          "normal y: width nx, height nz, top row the last layer (vmax), bottom row the first (vmin)");
  free(px);
  th_int(cap_io_png_slice(in_dir("x.png"), &g3, f, (cap_axis)3, 0, 0, 1, CAP_CMAP_SEQUENTIAL, NULL, 1), CAP_EDOM,
         "normal 3 rejected");
  th_int(cap_io_png_slice(in_dir("x.png"), &g3, f, CAP_AXIS_Z, 4, 0, 1, CAP_CMAP_SEQUENTIAL, NULL, 1), CAP_EDOM,
         "index nz rejected");
  th_true(strstr(cap_error_message(), "index") != NULL, "and named: %s", cap_error_message());
  th_int(cap_io_png_slice(in_dir("x.png"), &g3, f, CAP_AXIS_X, -1, 0, 1, CAP_CMAP_SEQUENTIAL, NULL, 1), CAP_EDOM,
         "index -1 rejected");
  th_int(cap_io_png_slice(in_dir("x.png"), &g3, NULL, CAP_AXIS_X, 0, 0, 1, CAP_CMAP_SEQUENTIAL, NULL, 1), CAP_EINVAL,
         "NULL field rejected");
  th_int(cap_io_png_slice(in_dir("x.png"), &g3, f, CAP_AXIS_X, 0, 1, 0, CAP_CMAP_SEQUENTIAL, NULL, 1), CAP_EDOM,
         "vmax < vmin rejected");
  th_true(!exists(in_dir("x.png")), "rejected slices write nothing");
  cap_grid g;
  double *f7, *phi7;
  fields_7x5(&g, &f7, &phi7);
  th_int(cap_io_png_slice(in_dir("x.png"), &g, f7, CAP_AXIS_X, 0, 0, 6, CAP_CMAP_SEQUENTIAL, NULL, 1), CAP_EGEOM,
         "2D grid: normal x rejected (CAP_EGEOM)");
  th_int(cap_io_png_slice(in_dir("x.png"), &g, f7, CAP_AXIS_Z, 1, 0, 6, CAP_CMAP_SEQUENTIAL, NULL, 1), CAP_EDOM,
         "2D grid: index 1 rejected");
  th_int(cap_io_png_slice(in_dir("s.png"), &g, f7, CAP_AXIS_Z, 0, 0, 6, CAP_CMAP_SEQUENTIAL, phi7, 3), CAP_SUCCESS,
         "2D grid: the plane z = 0 written");
  cap_io_png_field(in_dir("r.png"), &g, f7, 0, 6, CAP_CMAP_SEQUENTIAL, phi7, 3);
  size_t na = 0, nb = 0;
  unsigned char *a = slurp_bin(in_dir("s.png"), &na), *b = slurp_bin(in_dir("r.png"), &nb);
  th_true(a && b && na == nb && !memcmp(a, b, na), "2D grid: the same file as cap_io_png_field's, byte for byte");
  free(a);
  free(b);
  free(f7);
  free(phi7);
  free(f);
  free(phi);
  free(layer);
  remove(in_dir("r.png"));
  scratch_close("s.png");
}

/* A sphere's signed distance, centre (cx, cy, cz), radius R, over the interior cells of g. */
static void sphere_phi(const cap_grid *g, double *phi, double cx, double cy, double cz, double R)
{
  for (int k = 0; k < g->nz; k++)
    for (int j = 0; j < g->ny; j++)
      for (int i = 0; i < g->nx; i++) {
        double x = cap_grid_xc(g, i) - cx, y = cap_grid_yc(g, j) - cy, z = cap_grid_zc(g, k) - cz;
        phi[cap_grid_idx3(g, i, j, k)] = sqrt(x * x + y * y + z * z) - R;
      }
}

/* The pixels of an RGB8 picture that show the surface (not grey: the background, the box, its edges). */
static long surface_pixels(const unsigned char *rgb, int w, int h)
{
  long n = 0;
  for (long q = 0; q < (long)w * h; q++) n += rgb[3 * q] != rgb[3 * q + 1] || rgb[3 * q + 1] != rgb[3 * q + 2];
  return n;
}

/* The silhouette of a sphere (radius 0.3, off the grid's symmetry, signed distance sampled on n^3 cells
 * of the unit box, n = 12, 24, 48) covers pi R^2 of the image plane (a pixel is sqrt(3)/512 wide on a
 * 512 x 512 image): the error converges at order >= 1.5 (trilinear interpolation, second order) and is
 * below 0.3 % at 48^3. The sphere's front point, its normal towards the camera, has the documented
 * Lambert shade; a 200 x 120 PNG reads back with its size and the picture's pixels. */
static void surface_sphere(void)
{
  scratch_open();
  enum { W = 512 };
  const double R = 0.3, cx = 0.48, cy = 0.51, cz = 0.5;
  unsigned char *rgb = malloc(3 * W * W);
  double err[3], hs[3];
  for (int r = 0; r < 3; r++) {
    int n = 12 << r;
    cap_grid g;
    cap_grid_init(&g, CAP_GEOM_3D, n, n, n, 1.0 / n, 0, 0, 0, 1);
    double *phi = cap_grid_field_alloc(&g);
    sphere_phi(&g, phi, cx, cy, cz, R);
    cap_io_view view = {.azimuth = 30, .elevation = 25, .width = W, .height = W};
    th_int(cap_io_surface_rgb(&g, phi, &view, rgb), CAP_SUCCESS, "%d^3: rendered", n);
    double pix = sqrt(3.0) / W, area = surface_pixels(rgb, W, W) * pix * pix;
    err[r] = fabs(area / (M_PI * R * R) - 1);
    hs[r] = 1.0 / n;
    th_note("%d^3: silhouette %.6f, pi R^2 %.6f, relative error %.2e", n, area, M_PI * R * R, err[r]);
    free(phi);
  }
  th_true(th_slope(3, hs, err) >= 1.5, "silhouette area error order %.2f >= 1.5", th_slope(3, hs, err));
  th_true(err[2] <= 3e-3, "silhouette area error at 48^3: %.2e <= 3e-3", err[2]);
  /* seen along +x (azimuth 0, elevation 0), the sphere centred in the box: its front point is the image's
   * centre, normal c = (1, 0, 0), lit 0.25 + 0.75 * 0.8 / |(0.8, 0.5, 0.35)| */
  cap_grid g;
  cap_grid_init(&g, CAP_GEOM_3D, 24, 24, 24, 1.0 / 24, 0, 0, 0, 1);
  double *phi = cap_grid_field_alloc(&g);
  sphere_phi(&g, phi, 0.5, 0.5, 0.5, R);
  cap_io_view view = {.azimuth = 0, .elevation = 0, .width = W, .height = W};
  th_int(cap_io_surface_rgb(&g, phi, &view, rgb), CAP_SUCCESS, "rendered along +x");
  const double lit = 0.25 + 0.75 * 0.8 / sqrt(0.8 * 0.8 + 0.5 * 0.5 + 0.35 * 0.35);
  const double base[3] = {70, 130, 200};
  const unsigned char *mid = rgb + 3 * ((W / 2) * W + W / 2);
  for (int q = 0; q < 3; q++)
    th_abs(mid[q], base[q] * lit, 2.0, "front point's colour component %d: base %g times %.4f", q, base[q], lit);
  view = (cap_io_view){.azimuth = 30, .elevation = 25, .width = 200, .height = 120, .box = 1};
  th_int(cap_io_png_surface(in_dir("s.png"), &g, phi, &view), CAP_SUCCESS, "200 x 120 PNG written");
  th_int(cap_io_surface_rgb(&g, phi, &view, rgb), CAP_SUCCESS, "and the same picture in memory");
  int w = 0, h = 0;
  unsigned char *px = read_png(in_dir("s.png"), &w, &h);
  th_true(px && w == 200 && h == 120, "the PNG reads back, %d x %d", w, h);
  th_true(px && !memcmp(px, rgb, 3 * 200 * 120), "with the picture's pixels");
  long grey = 0;
  for (int q = 0; px && q < 200 * 120; q++) grey += px[3 * q] == 60 && px[3 * q + 1] == 60 && px[3 * q + 2] == 60;
  th_true(grey > 200, "the box's edges drawn (%ld dark grey pixels)", grey);
  free(px);
  free(phi);
  free(rgb);
  scratch_close("s.png");
}

/* A sphere computed in an octant (16^3 cells of [0, 1]^3, centre at the origin) and mirrored across the
 * three low sides is the picture of the whole sphere on the 32^3 cells of [-1, 1]^3 (the same cell
 * centres: at most 0.05 % of the pixels differ, by rounding at the silhouette), its silhouette pi R^2
 * within 1 %; mirrored across x only, the picture of the quarter computed on [-1, 1] x [0, 1]^2. Liquid
 * cut by a side of the box shows that side. Two threads give the bytes one thread gives. */
static void surface_mirror(void)
{
  enum { W = 256 };
  const double R = 0.6;
  cap_grid go, gw;
  cap_grid_init(&go, CAP_GEOM_3D, 16, 16, 16, 1.0 / 16, 0, 0, 0, 1);
  cap_grid_init(&gw, CAP_GEOM_3D, 32, 32, 32, 1.0 / 16, -1, -1, -1, 1);
  double *po = cap_grid_field_alloc(&go), *pw = cap_grid_field_alloc(&gw);
  sphere_phi(&go, po, 0, 0, 0, R);
  sphere_phi(&gw, pw, 0, 0, 0, R);
  unsigned char *a = malloc(3 * W * W), *b = malloc(3 * W * W);
  cap_io_view view = {.azimuth = 30, .elevation = 25, .width = W, .height = W, .mirror = {1, 1, 1}, .box = 1};
  th_int(cap_io_surface_rgb(&go, po, &view, a), CAP_SUCCESS, "octant mirrored");
  cap_io_view whole = view;
  whole.mirror[0] = whole.mirror[1] = whole.mirror[2] = 0;
  th_int(cap_io_surface_rgb(&gw, pw, &whole, b), CAP_SUCCESS, "whole sphere");
  long diff = 0;
  for (int q = 0; q < W * W; q++) diff += memcmp(a + 3 * q, b + 3 * q, 3) != 0;
  th_true(diff <= W * W / 2000, "octant mirrored vs whole: %ld of %d pixels differ", diff, W * W);
  const double pix = 2 * sqrt(3.0) / W;
  whole.box = 0;
  cap_io_surface_rgb(&gw, pw, &whole, b);
  th_rel(surface_pixels(b, W, W) * pix * pix, M_PI * R * R, 0.01, "the whole sphere's silhouette (no edges): pi R^2");
  whole.box = 1;
  view.mirror[1] = view.mirror[2] = 0;
  th_int(cap_io_surface_rgb(&go, po, &view, a), CAP_SUCCESS, "mirrored across x only");
  cap_grid gq;
  cap_grid_init(&gq, CAP_GEOM_3D, 32, 16, 16, 1.0 / 16, -1, 0, 0, 1);
  double *pq = cap_grid_field_alloc(&gq);
  sphere_phi(&gq, pq, 0, 0, 0, R);
  whole.mirror[0] = 0;
  th_int(cap_io_surface_rgb(&gq, pq, &whole, b), CAP_SUCCESS, "the quarter on [-1, 1] x [0, 1]^2");
  diff = 0;
  for (int q = 0; q < W * W; q++) diff += memcmp(a + 3 * q, b + 3 * q, 3) != 0;
  th_true(diff <= W * W / 2000 && surface_pixels(a, W, W) > W * W / 20,
          "mirrored across x vs the quarter: %ld of %d pixels differ", diff, W * W);
  free(pq);
  /* liquid below z = 0.3 in the unit box (phi = z - 0.3), seen along +x: the box's side x = 1 shows
   * below, lit as a surface facing the camera; nothing shows above */
  for (int k = 0; k < 16; k++)
    for (int j = 0; j < 16; j++)
      for (int i = 0; i < 16; i++) po[cap_grid_idx3(&go, i, j, k)] = cap_grid_zc(&go, k) - 0.3;
  view = (cap_io_view){.azimuth = 0, .elevation = 0, .width = W, .height = W};
  th_int(cap_io_surface_rgb(&go, po, &view, a), CAP_SUCCESS, "a pool cut by the box");
  const double lit = 0.25 + 0.75 * 0.8 / sqrt(0.8 * 0.8 + 0.5 * 0.5 + 0.35 * 0.35);
  /* the unit box fills sqrt(3) of the image's width: z = 0.15 and 0.6 at rows W/2 - (z - 0.5) W/sqrt(3) */
  const unsigned char *lo = a + 3 * ((long)(W / 2 + 0.35 * W / sqrt(3.0)) * W + W / 2);
  const unsigned char *hi = a + 3 * ((long)(W / 2 - 0.1 * W / sqrt(3.0)) * W + W / 2);
  th_abs(lo[2], 200 * lit, 2.0, "below the pool's surface: the box's side, facing the camera");
  th_true(hi[0] == 255 && hi[1] == 255 && hi[2] == 255, "above it: the background");
  /* threads */
  sphere_phi(&go, po, 0.2, 0.3, 0.4, 0.5);
  view = (cap_io_view){.azimuth = -70, .elevation = 40, .width = W, .height = W, .mirror = {1, 0, 1}, .box = 1};
  const int threads = cap_par_threads();
  cap_par_set_threads(1);
  cap_io_surface_rgb(&go, po, &view, a);
  int two = cap_par_set_threads(2) == CAP_SUCCESS;
  cap_io_surface_rgb(&go, po, &view, b);
  cap_par_set_threads(threads);
  th_true(!memcmp(a, b, 3 * W * W), "the same bytes with 1 and %d threads", two ? 2 : 1);
  free(a);
  free(b);
  free(po);
  free(pw);
}

/* The surface pictures' errors: 2D grid CAP_EGEOM, sizes and angles out of range CAP_EDOM naming the
 * parameter, NULL arguments CAP_EINVAL; a refused PNG leaves nothing. */
static void surface_errors(void)
{
  scratch_open();
  cap_grid g3, g2;
  cap_grid_init(&g3, CAP_GEOM_3D, 4, 4, 4, 0.25, 0, 0, 0, 1);
  cap_grid_init(&g2, CAP_GEOM_PLANAR, 4, 4, 1, 0.25, 0, 0, 0, 1);
  double *f3 = cap_grid_field_alloc(&g3), *f2 = cap_grid_field_alloc(&g2);
  unsigned char *rgb = malloc(3 * 64 * 64);
  const cap_io_view ok = {.azimuth = 30, .elevation = 25, .width = 64, .height = 64};
  cap_io_view v = ok;
  const char *x = in_dir("x.png");
  th_int(cap_io_png_surface(x, &g2, f2, &v), CAP_EGEOM, "2D grid: CAP_EGEOM");
  th_true(strstr(cap_error_message(), "2D") != NULL, "and says so: %s", cap_error_message());
  v.width = 15;
  th_int(cap_io_png_surface(x, &g3, f3, &v), CAP_EDOM, "width 15: CAP_EDOM");
  th_true(strstr(cap_error_message(), "width") && strstr(cap_error_message(), "4096"), "named with its range: %s",
          cap_error_message());
  v = ok;
  v.height = 4097;
  th_int(cap_io_surface_rgb(&g3, f3, &v, rgb), CAP_EDOM, "height 4097: CAP_EDOM");
  th_true(strstr(cap_error_message(), "height") != NULL, "named: %s", cap_error_message());
  v = ok;
  v.elevation = 90.5;
  th_int(cap_io_png_surface(x, &g3, f3, &v), CAP_EDOM, "elevation 90.5: CAP_EDOM");
  th_true(strstr(cap_error_message(), "elevation") != NULL, "named: %s", cap_error_message());
  v = ok;
  v.azimuth = NAN;
  th_int(cap_io_png_surface(x, &g3, f3, &v), CAP_EDOM, "azimuth NaN: CAP_EDOM");
  th_int(cap_io_png_surface(NULL, &g3, f3, &ok), CAP_EINVAL, "NULL path: CAP_EINVAL");
  th_int(cap_io_png_surface(x, NULL, f3, &ok), CAP_EINVAL, "NULL grid: CAP_EINVAL");
  th_int(cap_io_png_surface(x, &g3, NULL, &ok), CAP_EINVAL, "NULL phi: CAP_EINVAL");
  th_int(cap_io_png_surface(x, &g3, f3, NULL), CAP_EINVAL, "NULL view: CAP_EINVAL");
  th_int(cap_io_surface_rgb(&g3, f3, &ok, NULL), CAP_EINVAL, "NULL rgb: CAP_EINVAL");
  th_true(!exists(x), "refused pictures write nothing");
  v = ok;
  v.elevation = -90;
  th_int(cap_io_png_surface(x, &g3, f3, &v), CAP_SUCCESS, "elevation -90 (from below) accepted");
  free(f3);
  free(f2);
  free(rgb);
  scratch_close("x.png");
}

/* The fault hook (cap_io_fault_write): the n-th completed file fails as if the disk were full, with
 * CAP_EIO and a message naming the file; its .tmp is removed, an earlier file under its name is left as
 * it was, the files before and after it are written; a dropped file does not count; n = 0 disarms. */
static void write_fault(void)
{
  scratch_open();
  cap_tsv *t = cap_io_tsv_open(in_dir("b.tsv"), &prov, "old");
  th_int(cap_io_tsv_close(t), CAP_SUCCESS, "b.tsv written before the fault is armed");
  const char *was = slurp(in_dir("b.tsv"));
  char *old = was ? strdup(was) : NULL; /* slurp's buffer is reused */
  cap_io_fault_write(2);
  th_int(cap_io_tsv_close(cap_io_tsv_open(in_dir("a.tsv"), &prov, "a")), CAP_SUCCESS, "first file after: written");
  cap_io_tsv_abort(cap_io_tsv_open(in_dir("dropped.tsv"), &prov, "x")); /* not counted */
  t = cap_io_tsv_open(in_dir("b.tsv"), &prov, "new");
  double row[1] = {0.3817};
  th_int(cap_io_tsv_row(t, 1, row), CAP_SUCCESS, "second file: its rows written to the .tmp");
  th_true(exists(in_dir("b.tsv.tmp")), "second file: its .tmp is there before the close");
  th_int(cap_io_tsv_close(t), CAP_EIO, "second file: the close fails with CAP_EIO");
  char want[600];
  snprintf(want, sizeof want, "cannot write %s: No space left on device", in_dir("b.tsv"));
  th_true(strstr(cap_error_message(), want) != NULL, "the message names the file and the reason: %s",
          cap_error_message());
  th_true(!exists(in_dir("b.tsv.tmp")), "second file: no .tmp left");
  char *txt = slurp(in_dir("b.tsv"));
  th_true(txt && old && strcmp(txt, old) == 0, "second file: the earlier b.tsv is left as it was");
  cap_grid g;
  double *f, *phi;
  fields_7x5(&g, &f, &phi);
  th_int(cap_io_png_field(in_dir("c.png"), &g, f, 0, 6, CAP_CMAP_SEQUENTIAL, phi, 1), CAP_SUCCESS,
         "third file: written (the hook fires once)");
  const char *names[1] = {"phi"};
  const double *fields[1] = {phi};
  cap_io_fault_write(1);
  th_int(cap_io_vtk(in_dir("d.vti"), &g, &prov, 1, names, fields, NULL, NULL, NULL), CAP_EIO,
         "a VTK file fails the same way");
  th_true(!exists(in_dir("d.vti")) && !exists(in_dir("d.vti.tmp")), "and leaves nothing");
  cap_io_fault_write(1);
  th_int(cap_io_png_field(in_dir("e.png"), &g, f, 0, 6, CAP_CMAP_SEQUENTIAL, phi, 1), CAP_EIO,
         "a PNG fails the same way");
  th_true(!exists(in_dir("e.png")) && !exists(in_dir("e.png.tmp")), "and leaves nothing");
  cap_io_fault_write(1);
  cap_io_fault_write(0);
  th_int(cap_io_tsv_close(cap_io_tsv_open(in_dir("e.tsv"), &prov, "e")), CAP_SUCCESS, "n = 0 disarms the hook");
  free(old);
  free(f);
  free(phi);
  remove(in_dir("a.tsv"));
  remove(in_dir("b.tsv"));
  remove(in_dir("c.png"));
  scratch_close("e.tsv");
}

/* The commit string of the provenance is not empty. */
static void commit_string(void)
{
  th_true(strlen(cap_version_commit()) > 0, "commit string: %s", cap_version_commit());
}

static const th_case cases[] = {
    {"tsv", tsv},
    {"png", png},
    {"vtk", vtk},
    {"vtk_errors", vtk_errors},
    {"vtk_series", vtk_series},
    {"pvd", pvd},
    {"png_3d", png_3d},
    {"png_slice", png_slice},
    {"surface_sphere", surface_sphere},
    {"surface_mirror", surface_mirror},
    {"surface_errors", surface_errors},
    {"write_fault", write_fault},
    {"commit_string", commit_string},
    {NULL, NULL},
};

int main(int argc, char **argv) { return th_main(argc, argv, cases); }
