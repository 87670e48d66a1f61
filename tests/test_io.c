/* Tests of solver/cap_io: provenance headers, atomic TSV files, PNG read back with libpng, VTK
 * structure, error paths, the fault hook. Files go to a fresh directory under build/tests. */
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

/* VTK: the legacy header, dimensions and fields; a field name with a blank is refused. */
static void vtk(void)
{
  scratch_open();
  cap_grid g;
  double *f, *phi;
  fields_7x5(&g, &f, &phi);
  const char *names[2] = {"phi", "value"};
  const double *fields[2] = {phi, f};
  th_int(cap_io_vtk(in_dir("f.vtk"), &g, &prov, 2, names, fields, f, f), CAP_SUCCESS, "VTK written");
  char *txt = slurp(in_dir("f.vtk"));
  th_true(txt && strncmp(txt, "# vtk DataFile Version 3.0\n", 27) == 0, "VTK legacy header");
  th_true(txt && strstr(txt, "DIMENSIONS 7 5 1") && strstr(txt, "POINT_DATA 35"), "VTK dimensions and point count");
  th_true(txt && strstr(txt, "SCALARS phi double 1") && strstr(txt, "VECTORS velocity double"), "VTK fields present");
  const char *bad[1] = {"has blank"};
  th_int(cap_io_vtk(in_dir("g.vtk"), &g, &prov, 1, bad, fields, NULL, NULL), CAP_EINVAL,
         "field name with a blank rejected");
  free(f);
  free(phi);
  scratch_close("f.vtk");
}

/* A PNG of a 3D grid is refused (CAP_EGEOM). */
static void png_3d(void)
{
  scratch_open();
  cap_grid g3;
  cap_grid_init(&g3, CAP_GEOM_3D, 4, 4, 4, 0.25, 0, 0, 0, 1);
  double *f = cap_grid_field_alloc(&g3);
  th_int(cap_io_png_field(in_dir("g.png"), &g3, f, 0, 1, CAP_CMAP_SEQUENTIAL, NULL, 1), CAP_EGEOM,
         "3D PNG returns CAP_EGEOM");
  free(f);
  scratch_close("g.png");
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
  th_int(cap_io_vtk(in_dir("d.vtk"), &g, &prov, 1, names, fields, NULL, NULL), CAP_EIO,
         "a VTK file fails the same way");
  th_true(!exists(in_dir("d.vtk")) && !exists(in_dir("d.vtk.tmp")), "and leaves nothing");
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
    {"png_3d", png_3d},
    {"write_fault", write_fault},
    {"commit_string", commit_string},
    {NULL, NULL},
};

int main(int argc, char **argv) { return th_main(argc, argv, cases); }
