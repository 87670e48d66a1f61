/* Tests of the experiments' measurement kit (experiments/measure.h): exp_damped_limit, the static limit
 * of a force that settles by a damped oscillation (experiments/cylinder.c reads the horizontal forces
 * of the floating cylinders through it); and of the harness's snapshots (experiments/harness.h):
 * exp_snapshot's data file and exp_snapshot_ref's curves and errors, in a run of a small experiment;
 * and of its command line (exp_parse_args): --levels refused with an empty item or a leading space
 * (the run never starts), the last of a repeated flag wins, a sweep's levels bounded by the table; and
 * of the envelope (experiments/envelope.h): the Latin hypercube's strata, ranges, rounding and seed,
 * --sample and --seed on the command line, and a sampled run's files and exit status. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../experiments/envelope.h"
#include "../experiments/harness.h"
#include "../solver/cap_errno.h"
#include "tharness.h"

#define NS 61 /* the cylinders' window: 15 time units sampled every 0.25 */

static const double F0 = 8e-3; /* the static limit of every test series */

/* A deterministic stand-in for the contact points' flicker: in [-1, 1], no period near the signal's. */
static double flicker(int k) { return sin(12.9898 * k + 78.233 * k * k * 1e-3) * cos(4.1414 * k); }

/* The sample times of the window: t = 25 + 0.25 k. */
static void window(double t[NS])
{
  for (int k = 0; k < NS; k++) t[k] = 25 + 0.25 * k;
}

/* The sloshing of cheerios' bath (R = 4 cells, l = 2 l_c): F = 8e-3 + e^(-0.2 s) (1e-3 cos(0.75 s)
 * + 5e-4 sin(0.75 s)), which a plain mean over the window misses by more than 0.5 % (asserted). */
static void noiseless(void)
{
  double t[NS], f[NS], lim, rms;
  double mean = 0;
  window(t);
  for (int k = 0; k < NS; k++) {
    double s = t[k] - t[0];
    f[k] = F0 + exp(-0.2 * s) * (1e-3 * cos(0.75 * s) + 5e-4 * sin(0.75 * s));
    mean += f[k] / NS;
  }
  exp_damped_limit(t, f, NS, &lim, &rms);
  th_note("noiseless: limit %.9e, mean %.9e, rms %.2e", lim, mean, rms);
  th_true(fabs(mean - F0) > 5e-3 * F0, "the plain mean misses the limit by more than 0.5 %% (%.3g %%)",
          100 * (mean / F0 - 1));
  th_rel(lim, F0, 1e-5, "the fitted limit of a damped oscillation (rate 0.2, frequency 0.75)");
  th_true(rms < 1e-8, "its residual vanishes (%.2g)", rms);
}

/* The same with a flicker of 1.5e-5 (the size of the cheerios experiment's residual about its fit at
 * R = 4 cells: docs/design/tests-notes.md) and another rate, frequency and phase. */
static void flickering(void)
{
  double t[NS], f[NS], lim, rms;
  window(t);
  for (int k = 0; k < NS; k++) {
    double s = t[k] - t[0];
    f[k] = F0 + exp(-0.35 * s) * (-2e-3 * cos(1.3 * s) + 1e-3 * sin(1.3 * s)) + 1.5e-5 * flicker(k);
  }
  exp_damped_limit(t, f, NS, &lim, &rms);
  th_rel(lim, F0, 5e-4, "the limit with a flicker of 1.5e-5 (rate 0.35, frequency 1.3)");
  th_true(rms > 5e-6 && rms < 2e-5, "the residual is the flicker's size (%.2g)", rms);
}

/* A constant and a short series: the mean; no samples: NaN. */
static void constant_and_short(void)
{
  double t[NS], f[NS], lim, rms;
  window(t);
  for (int k = 0; k < NS; k++) f[k] = F0;
  exp_damped_limit(t, f, NS, &lim, &rms);
  th_rel(lim, F0, 1e-12, "a constant is its own limit");
  for (int k = 0; k < 5; k++) f[k] = k;
  exp_damped_limit(t, f, 5, &lim, &rms);
  th_abs(lim, 2, 1e-15, "fewer than 12 samples: the mean");
  th_abs(rms, sqrt(2.0), 1e-15, "fewer than 12 samples: the standard deviation");
  exp_damped_limit(t, f, 0, &lim, &rms);
  th_true(isnan(lim) && isnan(rms), "no samples: NaN");
}

/* The lines of a file that are not comments, and whether one comment line starts with `head`. */
static long data_lines(const char *path, const char *head, int *has_head)
{
  FILE *f = fopen(path, "r");
  char line[512];
  long n = 0;
  *has_head = 0;
  if (!f) return -1;
  while (fgets(line, sizeof line, f)) {
    if (line[0] != '#')
      n++;
    else if (strncmp(line, head, strlen(head)) == 0)
      *has_head = 1;
  }
  fclose(f);
  return n;
}

static int drawn; /* whether gnuplot draws the snapshots of snap_level */

/* The side samples of the mirrored snapshot (phi = y - 0.55 on cells of 0.25): on the mirror side the
 * first cell's value, on the bottom side (y = 0) the linear extrapolation -0.55, on the top (y = 1)
 * 0.45; the first row starts at (0, 0). */
static int side_values(const char *path)
{
  FILE *f = fopen(path, "r");
  char line[256];
  double x, y, p, first[3] = {NAN, NAN, NAN}, top = NAN;
  int n = 0;
  while (f && fgets(line, sizeof line, f))
    if (line[0] != '#' && sscanf(line, "%lf %lf %lf", &x, &y, &p) == 3) {
      if (n++ == 0) first[0] = x, first[1] = y, first[2] = p;
      if (y == 1 && x == 0.375) top = p;
    }
  if (f) fclose(f);
  return n == 48 && first[0] == 0 && first[1] == 0 && fabs(first[2] + 0.55) < 1e-6 && fabs(top - 0.45) < 1e-6;
}

/* In a run of the experiment "snaptest": a 6 x 4 grid, two frames of a level set with the solid's
 * distance; one frame mirrored across the left side; the reference curves; and the errors of both. */
static int snap_level(exp_ctx *ctx, const double *par, double cells, exp_run *out)
{
  (void)par;
  cap_grid g, off;
  int st = cap_grid_init(&g, CAP_GEOM_PLANAR, 6, 4, 1, 0.25, 0, 0, 0, 3);
  if (!st) st = cap_grid_init(&off, CAP_GEOM_PLANAR, 6, 4, 1, 0.25, 0.5, 0, 0, 3);
  double *phi = st ? NULL : cap_grid_field_alloc(&g), *psi = st ? NULL : cap_grid_field_alloc(&g);
  if (phi && psi) {
    for (int j = -3; j < 7; j++) /* liquid below y = 0.55, the solid left of x = 0.3 */
      for (int i = -3; i < 9; i++) {
        phi[cap_grid_idx(&g, i, j)] = cap_grid_yc(&g, j) - 0.55;
        psi[cap_grid_idx(&g, i, j)] = cap_grid_xc(&g, i) - 0.3;
      }
    const double *fr[EXP_MAX_FRAMES + 1] = {phi, phi}, t[EXP_MAX_FRAMES + 1] = {0, 1};
    for (int k = 2; k <= EXP_MAX_FRAMES; k++) fr[k] = phi;
    int a = exp_snapshot(ctx, "two", &g, 2, fr, t, psi, 0), b = exp_snapshot(ctx, "mirrored", &g, 1, fr, t, NULL, 1);
    th_true((a == CAP_SUCCESS || a == CAP_ENOSOL) && b == a, "snapshots written (drawn: %d)", a == CAP_SUCCESS);
    drawn = a == CAP_SUCCESS;
    th_int(exp_snapshot(ctx, "off", &off, 1, fr, t, NULL, 1), CAP_EINVAL, "mirrored across x0 = 0.5: refused");
    th_int(exp_snapshot(ctx, "none", &g, 0, fr, t, NULL, 0), CAP_EDOM, "no frame: refused");
    th_int(exp_snapshot(ctx, "many", &g, EXP_MAX_FRAMES + 1, fr, t, NULL, 0), CAP_EDOM, "too many frames: refused");
    const double x[5] = {0, 0.5, 1, 0, 1}, y[5] = {1, 0.8, 0.5, 0.2, 0.2}, bad[5] = {0, NAN, 1, 0, 1};
    const int np[2] = {3, 2}, one[1] = {1};
    th_int(exp_snapshot_ref(ctx, "absent", "cap", 2, np, x, y), CAP_EINVAL, "reference to no snapshot: refused");
    th_int(exp_snapshot_ref(ctx, "two", "it's", 2, np, x, y), CAP_EINVAL, "a quote in the label: refused");
    th_int(exp_snapshot_ref(ctx, "two", "", 2, np, x, y), CAP_EINVAL, "an empty label: refused");
    th_int(exp_snapshot_ref(ctx, "two", "cap", 0, np, x, y), CAP_EDOM, "no curve: refused");
    th_int(exp_snapshot_ref(ctx, "two", "cap", 1, one, x, y), CAP_EDOM, "a curve of one point: refused");
    th_int(exp_snapshot_ref(ctx, "two", "cap", 2, np, bad, y), CAP_EDOM, "a NaN point: refused");
    th_int(exp_snapshot_ref(ctx, "two", "cap", 2, np, x, y), CAP_SUCCESS, "two curves over \"two\"");
  } else if (!st)
    st = CAP_ENOMEM;
  free(phi);
  free(psi);
  *out = (exp_run){.cells = cells, .h = 0.25, .metric = {1}, .steps = 1, .grid_cells = 24};
  return st;
}

static int snap_finish(exp_ctx *ctx, const double *par, const exp_run *runs, int nruns)
{
  (void)par, (void)runs, (void)nruns;
  exp_check(ctx, "a check that passes", 0, 1, 1);
  return CAP_SUCCESS;
}

/* exp_snapshot's data: the header's grid, one block per frame (rows of the nx cells and the two sides'
 * samples, a blank line after each, two blank lines between frames); the curves of exp_snapshot_ref
 * one block each. */
static void snapshot_files(void)
{
  static const exp_def def = {.name = "snaptest",
                              .claim = "snapshots",
                              .source = "-",
                              .reference = "-",
                              .params = {{NULL}},
                              .quick = {4},
                              .standard = {4},
                              .full = {4},
                              .metrics = {{"err", "", "a metric"}, {NULL}},
                              .run_level = snap_level,
                              .finish = snap_finish};
  char dir[] = "/tmp/capillab-snapXXXXXX", path[256];
  if (!th_true(mkdtemp(dir) != NULL, "a temporary folder")) return;
  char *argv[] = {"snaptest", "--quick", "--out", dir, NULL};
  th_int(exp_main(&def, 4, argv), 0, "the run passes");
  int head;
  snprintf(path, sizeof path, "%s/snaptest/two.dat", dir);
  th_int(data_lines(path, "# grid: 6 x 4 cells, h = 0.25", &head), 2 * 6 * 9 + 2,
         "two frames of 6 rows of 8 (4 x 6 cells and the sides)");
  th_true(head, "the header gives the grid");
  snprintf(path, sizeof path, "%s/snaptest/mirrored.dat", dir);
  th_int(data_lines(path, "# grid:", &head), 6 * 9, "a mirrored frame: the same samples");
  th_true(side_values(path), "the sides: the mirror's first cell, linear extrapolation elsewhere");
  snprintf(path, sizeof path, "%s/snaptest/two_ref.dat", dir);
  th_int(data_lines(path, "# columns: x[length]", &head), 3 + 1 + 2 + 1, "the reference: two curves");
  snprintf(path, sizeof path, "%s/snaptest/two.png", dir);
  if (drawn) th_true(access(path, R_OK) == 0, "gnuplot drew the snapshot with its reference");
  snprintf(path, sizeof path, "rm -rf '%s'", dir);
  th_int(system(path), 0, "the temporary folder removed");
}

static int lvl_runs; /* the levels the command-line tests' experiment ran */

static int lvl_level(exp_ctx *ctx, const double *par, double cells, exp_run *out)
{
  (void)ctx, (void)par;
  lvl_runs++;
  *out = (exp_run){.cells = cells, .h = 1 / cells, .metric = {1}, .steps = 1, .grid_cells = 1};
  return CAP_SUCCESS;
}

static const exp_def lvl_def = {.name = "lvltest",
                                .claim = "the command line",
                                .source = "-",
                                .reference = "-",
                                .params = {{"width", "m", "a width", 2, 0, 10, CAP_CLI_LO_OPEN},
                                           {"count", "", "a count (required)", NAN, 1, 100, CAP_CLI_INTEGER},
                                           {NULL}},
                                .quick = {4, 8},
                                .standard = {4, 8, 16},
                                .full = {4, 5, 6, 7, 8, 9, 10, 11}, /* every entry: no 0 ends it */
                                .metrics = {{"err", "", "a metric"}, {NULL}},
                                .run_level = lvl_level,
                                .finish = snap_finish};

/* --levels with an empty item or a space before a number: exit 2 before any level runs or any folder is
 * made (exp_main); well-formed lists pass. */
static void levels_refused(void)
{
  static const char *const bad[] = {
      "4,", ",", ",4", "4,,8", "", " 4", "4, 8", "4 ", "4;8", "2", "4,8,16,32,64,128,256,512,1024"};
  char dir[] = "/tmp/capillab-levelsXXXXXX", path[256];
  if (!th_true(mkdtemp(dir) != NULL, "a temporary folder")) return;
  for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
    char *argv[] = {"lvltest", "--count", "3", "--levels", (char *)bad[k], "--out", dir, NULL};
    lvl_runs = 0;
    th_int(exp_main(&lvl_def, 7, argv), 2, "--levels '%s': exit 2", bad[k]);
    th_int(lvl_runs, 0, "--levels '%s': no level ran", bad[k]);
  }
  snprintf(path, sizeof path, "%s/lvltest", dir);
  th_true(access(path, F_OK) != 0, "bad --levels made no output folder");
  char *argv[] = {"lvltest", "--count", "3", "--levels", "4,6.5", "--out", dir, NULL};
  lvl_runs = 0;
  th_int(exp_main(&lvl_def, 7, argv), 0, "--levels 4,6.5: the run passes");
  th_int(lvl_runs, 2, "--levels 4,6.5: two levels ran");
  snprintf(path, sizeof path, "rm -rf '%s'", dir);
  th_int(system(path), 0, "the temporary folder removed");
}

/* exp_parse_args: what it decides, and that it stops at the first error. */
static void parse_args(void)
{
  exp_args a;
  char *ok[] = {"lvltest", "--quick", "--count",         "3", "--levels",  "8,4", "--width", "5",  "--full",
                "--count", "7",       "--levelset-band", "0", "--threads", "1",   "--out",   "o1", "--out",
                "o2",      NULL};
  th_int(exp_parse_args(&lvl_def, 19, ok, &a), -1, "a valid command line: the run proceeds");
  th_true(!strcmp(a.mode, "full") && a.nlevels == 8 && a.levels[7] == 11 && a.levels[8] == 0,
          "the last of --quick, --levels, --full wins; a table of 8 levels ends at 8 (got %s, %d)", a.mode, a.nlevels);
  th_true(a.npar == 2 && a.par[0] == 5 && a.par[1] == 7, "the parameters, the last --count wins");
  th_true(a.band == 0 && a.threads == 1 && !strcmp(a.out, "o2") && a.geom == CAP_GEOM_PLANAR,
          "band 0, 1 thread, the last --out, planar");
  char *lv[] = {"lvltest", "--full", "--levels", "16,8", "--count", "1", NULL};
  th_int(exp_parse_args(&lvl_def, 6, lv, &a), -1, "--levels after --full");
  th_true(!strcmp(a.mode, "custom") && a.nlevels == 2 && a.levels[0] == 16 && a.levels[2] == 0, "custom levels 16,8");
  th_true(a.band == 10 && a.threads == 0 && !strcmp(a.out, "build/out") && a.par[0] == 2, "the defaults");
  char *req[] = {"lvltest", "--width", "1", NULL};
  th_int(exp_parse_args(&lvl_def, 3, req, &a), 2, "a required parameter missing: 2");
  char *axi[] = {"lvltest", "--count", "1", "--geometry", "axi", NULL};
  th_int(exp_parse_args(&lvl_def, 5, axi, &a), 2, "--geometry axi without an axi variant: 2");
  char *first[] = {"lvltest", "--bogus", "1", "--help", NULL};
  th_int(exp_parse_args(&lvl_def, 4, first, &a), 2, "the first error stops the parse (no help)");
  char *noval[] = {"lvltest", "--count", "1", "--out", NULL};
  th_int(exp_parse_args(&lvl_def, 4, noval, &a), 2, "a flag without its value: 2");
}

/* A list parameter (exp_def.cases): its defaults per sweep, the last flag wins, every item checked. */
static const exp_def case_def = {.name = "casetest",
                                 .claim = "a list parameter",
                                 .source = "-",
                                 .reference = "-",
                                 .params = {{"width", "m", "a width", 2, 0, 10, CAP_CLI_LO_OPEN}, {NULL}},
                                 .quick = {4},
                                 .standard = {4, 8},
                                 .metrics = {{"err", "", "a metric"}, {NULL}},
                                 .run_level = lvl_level,
                                 .finish = snap_finish,
                                 .cases = {"we", "", "impact Weber numbers", NAN, 0.01, 100, 0},
                                 .case_quick = {2},
                                 .case_standard = {0.5, 2, 8}};

static void case_list(void)
{
  exp_args a;
  char *none[] = {"casetest", NULL};
  th_int(exp_parse_args(&case_def, 1, none, &a), -1, "no flags");
  th_true(a.ncases == 3 && a.cases[0] == 0.5 && a.cases[2] == 8, "the standard list (got %d)", a.ncases);
  char *quick[] = {"casetest", "--quick", NULL};
  th_int(exp_parse_args(&case_def, 2, quick, &a), -1, "--quick");
  th_true(a.ncases == 1 && a.cases[0] == 2, "the quick list (got %d)", a.ncases);
  char *given[] = {"casetest", "--we", "1,3", "--quick", "--we", "4,5,6", NULL};
  th_int(exp_parse_args(&case_def, 6, given, &a), -1, "--we twice, then --quick");
  th_true(a.ncases == 3 && a.cases[0] == 4 && a.cases[2] == 6, "the last --we wins over --quick (got %d)", a.ncases);
  char *lvl[] = {"lvltest", "--count", "2", NULL};
  th_int(exp_parse_args(&lvl_def, 3, lvl, &a), -1, "an experiment without a list");
  th_int(a.ncases, 0, "no cases without a list");
  static const char *const bad[] = {"",    ",", "2,",  ",2",  "2,,3",  "0.001",
                                    "200", "0", "2;3", "nan", "1e999", "1,2,3,4,5,6,7,8,9,10,11,12,13"};
  for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
    char *argv[] = {"casetest", "--we", (char *)bad[k], NULL};
    th_int(exp_parse_args(&case_def, 3, argv, &a), 2, "--we '%s': refused with 2", bad[k]);
  }
  char *twelve[] = {"casetest", "--we", "1,2,3,4,5,6,7,8,9,10,11,12", NULL};
  th_int(exp_parse_args(&case_def, 3, twelve, &a), -1, "twelve cases");
  th_true(a.ncases == EXP_MAX_CASES && a.cases[11] == 12, "all twelve kept");
}

/* An experiment with an envelope: a linear, a log, an integer and an open parameter, and one outside
 * it. Its one metric is the parameter a / 10 at every level; its check passes when a <= 5. */
static int env_level(exp_ctx *ctx, const double *par, double cells, exp_run *out)
{
  (void)ctx;
  *out = (exp_run){.cells = cells, .h = 1 / cells, .metric = {par[0] / 10 / cells}, .steps = 1, .grid_cells = 1};
  return CAP_SUCCESS;
}

static int env_finish(exp_ctx *ctx, const double *par, const exp_run *runs, int nruns)
{
  (void)runs, (void)nruns;
  exp_check(ctx, "a at most 5", par[0], 1, 5);
  return CAP_SUCCESS;
}

static const exp_def env_def = {
    .name = "envtest",
    .claim = "an envelope",
    .source = "-",
    .reference = "-",
    .params = {{"a", "", "linear", 1, 0, 10, EXP_ENVELOPE},
               {"b", "", "log", 1, 1e-2, 1e2, EXP_ENVELOPE_LOG},
               {"k", "", "integer", 2, 1, 20, CAP_CLI_INTEGER | EXP_ENVELOPE},
               {"c", "", "open", 0.5, 0, 1, CAP_CLI_LO_OPEN | CAP_CLI_HI_OPEN | EXP_ENVELOPE},
               {"t", "", "not in the envelope", 5, 0, 100, 0},
               {NULL}},
    .quick = {4, 8},
    .standard = {4, 8},
    .metrics = {{"err", "", "a metric"}, {NULL}},
    .run_level = env_level,
    .finish = env_finish};

/* The position in [0, 1] of x in parameter i's range (in log for b). */
static double unit(int i, double x)
{
  const cap_cli_param *p = &env_def.params[i];
  return i == 1 ? log(x / p->lo) / log(p->hi / p->lo) : (x - p->lo) / (p->hi - p->lo);
}

static int by_value(const void *a, const void *b)
{
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* exp_envelope_draw: each parameter's N values fall one in each of N equal strata (up to the 3-digit
 * rounding: 0.5 % of a value); values in range, rounded, integers whole, open bounds kept; the other
 * parameter copied; the seed fixes the points; bad n and a log range from 0 refused. */
static void envelope_draw(void)
{
  enum { N = 10 };
  static double p[N * EXP_MAX_PARAMS], q[N * EXP_MAX_PARAMS];
  const double base[5] = {1, 1, 2, 0.5, 7};
  th_int(exp_envelope_draw(&env_def, base, N, 7, p), 4, "four envelope parameters");
  for (int i = 0; i < 4; i++) {
    double v[N];
    int in_range = 1, rounded = 1, strata = 1;
    for (int s = 0; s < N; s++) {
      v[s] = p[s * EXP_MAX_PARAMS + i];
      const cap_cli_param *c = &env_def.params[i];
      in_range &= v[s] >= c->lo && v[s] <= c->hi && (i != 3 || (v[s] > 0 && v[s] < 1));
      char text[32];
      snprintf(text, sizeof text, i == 2 ? "%.0f" : "%.3g", v[s]);
      rounded &= strtod(text, NULL) == v[s];
    }
    qsort(v, N, sizeof v[0], by_value);
    for (int s = 0; s < N; s++) {
      double u = unit(i, v[s]), slack = i == 2 ? 0.5 / 19 : 0.005 * (i == 1 ? 1 / log(1e4) : fabs(v[s]) / 10);
      strata &= u >= (double)s / N - slack - 1e-12 && u <= (double)(s + 1) / N + slack + 1e-12;
    }
    th_true(in_range, "%s: every value in its range", env_def.params[i].name);
    th_true(rounded, "%s: every value rounded (3 digits; the integer whole)", env_def.params[i].name);
    th_true(strata, "%s: one value in each of the %d strata", env_def.params[i].name, N);
  }
  int copied = 1;
  for (int s = 0; s < N; s++) copied &= p[s * EXP_MAX_PARAMS + 4] == 7;
  th_true(copied, "the parameter outside the envelope keeps its value");
  th_int(exp_envelope_draw(&env_def, base, N, 7, q), 4, "drawn again");
  th_true(!memcmp(p, q, sizeof p), "the same seed, the same points");
  exp_envelope_draw(&env_def, base, N, 8, q);
  th_true(memcmp(p, q, sizeof p) != 0, "another seed, other points");
  th_int(exp_envelope_draw(&env_def, base, 0, 1, q), -1, "n = 0 refused");
  th_int(exp_envelope_draw(&env_def, base, EXP_MAX_SAMPLES + 1, 1, q), -1, "n above EXP_MAX_SAMPLES refused");
  th_int(exp_envelope_draw(&lvl_def, base, 3, 1, NULL), 0, "an experiment without an envelope: 0");
  exp_def bad = env_def;
  bad.params[1].lo = 0;
  th_int(exp_envelope_draw(&bad, base, 3, 1, NULL), -1, "a log range from 0 refused");
  bad = env_def;
  bad.params[0].hi = INFINITY;
  th_int(exp_envelope_draw(&bad, base, 3, 1, NULL), -1, "an unbounded range refused");
  bad = env_def;
  bad.params[2].flags |= CAP_CLI_HI_OPEN;
  th_int(exp_envelope_draw(&bad, base, 3, 1, NULL), -1, "an integer range with an open bound refused");
}

/* --sample and --seed on the command line. */
static void envelope_args(void)
{
  exp_args a;
  char *ok[] = {"envtest", "--seed", "9", "--sample", "5", NULL};
  th_int(exp_parse_args(&env_def, 5, ok, &a), -1, "--seed 9 --sample 5");
  th_true(a.sample == 5 && a.seed == 9, "sample 5, seed 9 (got %d, %lu)", a.sample, a.seed);
  char *none[] = {"envtest", NULL};
  th_int(exp_parse_args(&env_def, 1, none, &a), -1, "no flags");
  th_true(a.sample == 0 && a.seed == 1, "no sample, seed 1");
  static const char *const bad[][4] = {{"--sample", "0"},
                                       {"--sample", "1001"},
                                       {"--sample", "2.5"},
                                       {"--seed", "3"},
                                       {"--sample", "2", "--seed", "-1"},
                                       {"--sample", "2", "--seed", "1.5"},
                                       {"--sample", "2", "--seed", "4294967296"}};
  for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
    char *argv[6] = {"envtest", (char *)bad[k][0], (char *)bad[k][1], (char *)bad[k][2], (char *)bad[k][3], NULL};
    int argc = bad[k][2] ? 5 : 3;
    th_int(exp_parse_args(&env_def, argc, argv, &a), 2, "%s %s %s %s: refused with 2", bad[k][0], bad[k][1],
           bad[k][2] ? bad[k][2] : "", bad[k][3] ? bad[k][3] : "");
  }
  char *given[] = {"envtest", "--sample", "3", "--a", "2", NULL};
  th_int(exp_parse_args(&env_def, 5, given, &a), 2, "an envelope parameter given with --sample: 2");
  char *other[] = {"envtest", "--sample", "3", "--t", "9", NULL};
  th_int(exp_parse_args(&env_def, 5, other, &a), -1, "a parameter outside the envelope given with --sample");
  th_true(a.par[4] == 9, "... sets that parameter of every sample");
  char *noenv[] = {"lvltest", "--count", "1", "--sample", "3", NULL};
  th_int(exp_parse_args(&lvl_def, 5, noenv, &a), 2, "--sample without an envelope: 2");
}

/* The rows of a table file after its comments and its column line, which must start with `columns`;
 * -1 if it does not (or the file is missing). */
static long table_rows(const char *path, const char *columns)
{
  FILE *f = fopen(path, "r");
  char line[2048];
  long n = -1;
  if (!f) return -1;
  while (fgets(line, sizeof line, f))
    if (line[0] == '#')
      continue;
    else if (n >= 0)
      n++;
    else if (strncmp(line, columns, strlen(columns)) == 0)
      n = 0;
    else
      break;
  fclose(f);
  return n;
}

/* A sampled run: every sample's own outputs, envelope.tsv (a row per sample, its verdict), checks.tsv,
 * envelope.json; exit 1 when a sample fails its check (a > 5), 0 when every one passes. */
static void envelope_run(void)
{
  char dir[] = "/tmp/capillab-envelopeXXXXXX", path[256];
  if (!th_true(mkdtemp(dir) != NULL, "a temporary folder")) return;
  char *argv[] = {"envtest", "--quick", "--sample", "4", "--out", dir, NULL};
  th_int(exp_main(&env_def, 6, argv), 1, "a in [0, 10] at 4 points: a sample fails (exit 1)");
  snprintf(path, sizeof path, "%s/envtest-envelope/envelope.tsv", dir);
  th_int(table_rows(path, "sample\ta\tb\tk\tc\tverdict\tfailed\tworst_share\terr\torder_err\tcells\t"), 4,
         "envelope.tsv: its columns and 4 rows");
  snprintf(path, sizeof path, "%s/envtest-envelope/checks.tsv", dir);
  th_int(table_rows(path, "sample\tcheck\tvalue\tbound\tlimit\tshare\tpass\twhat\n"), 4, "checks.tsv: 4 checks");
  snprintf(path, sizeof path, "%s/envtest-envelope/envelope.json", dir);
  th_true(access(path, R_OK) == 0, "envelope.json written");
  for (int s = 1; s <= 4; s++) {
    snprintf(path, sizeof path, "%s/envtest-envelope/sample-%03d/envtest/summary.json", dir, s);
    th_true(access(path, R_OK) == 0, "sample %d's summary", s);
  }
  char *pass[] = {"envtest", "--quick", "--sample", "1", "--out", dir, NULL};
  exp_def low = env_def;
  low.params[0].hi = 5;
  th_int(exp_main(&low, 6, pass), 0, "a in [0, 5]: every sample passes (exit 0)");
  snprintf(path, sizeof path, "rm -rf '%s'", dir);
  th_int(system(path), 0, "the temporary folder removed");
}

static const th_case cases[] = {
    {"noiseless", noiseless},
    {"flickering", flickering},
    {"constant_and_short", constant_and_short},
    {"snapshot_files", snapshot_files},
    {"levels_refused", levels_refused},
    {"parse_args", parse_args},
    {"case_list", case_list},
    {"envelope_draw", envelope_draw},
    {"envelope_args", envelope_args},
    {"envelope_run", envelope_run},
    {NULL, NULL},
};

int main(int argc, char **argv) { return th_main(argc, argv, cases); }
