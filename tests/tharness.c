#include "tharness.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int n_pass, n_fail;

static int report(int ok, const char *detail, const char *fmt, va_list ap)
{
  printf("%s  ", ok ? "PASS" : "FAIL");
  vprintf(fmt, ap);
  printf(": %s\n", detail);
  fflush(stdout);
  if (ok)
    n_pass++;
  else
    n_fail++;
  return ok;
}

/* One numerical comparison: `e` is the error of kind `kind` ("rel" or "abs") against tolerance `tol`. */
static int compare(double got, double want, double e, const char *kind, double tol, const char *fmt, va_list ap)
{
  int ok = isfinite(got) && e <= tol;
  char d[200];
  snprintf(d, sizeof d, "got %.12g want %.12g (%s err %.2e, tol %.1e)", got, want, kind, e, tol);
  return report(ok, d, fmt, ap);
}

int th_rel(double got, double want, double rtol, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  int ok = compare(got, want, fabs(got - want) / (want != 0 ? fabs(want) : 1.0), "rel", rtol, fmt, ap);
  va_end(ap);
  return ok;
}

int th_abs(double got, double want, double atol, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  int ok = compare(got, want, fabs(got - want), "abs", atol, fmt, ap);
  va_end(ap);
  return ok;
}

int th_int(long got, long want, const char *fmt, ...)
{
  char d[120];
  snprintf(d, sizeof d, "got %ld want %ld", got, want);
  va_list ap;
  va_start(ap, fmt);
  int ok = report(got == want, d, fmt, ap);
  va_end(ap);
  return ok;
}

int th_true(int cond, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  int ok = report(cond != 0, cond ? "true" : "false", fmt, ap);
  va_end(ap);
  return ok;
}

void th_note(const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  printf("# ");
  vprintf(fmt, ap);
  printf("\n");
  va_end(ap);
}

int th_done(void)
{
  printf("%d passed, %d failed\n", n_pass, n_fail);
  return (n_fail == 0 && n_pass > 0) ? 0 : 1;
}

double th_slope(int n, const double *h, const double *err)
{
  if (n < 2) return NAN;
  double sx = 0, sy = 0, sxx = 0, sxy = 0;
  for (int k = 0; k < n; k++) {
    if (!(h[k] > 0) || !(err[k] > 0)) return NAN;
    double x = log(h[k]), y = log(err[k]);
    sx += x;
    sy += y;
    sxx += x * x;
    sxy += x * y;
  }
  double den = n * sxx - sx * sx;
  return den > 0 ? (n * sxy - sx * sy) / den : NAN;
}

static int usage(const char *prog, const th_case *cases, FILE *to)
{
  fprintf(to, "usage: %s [--list | --case NAME ...]\ncases:", prog);
  for (const th_case *c = cases; c->name; c++) fprintf(to, " %s", c->name);
  fprintf(to, "\n");
  return to == stdout ? 0 : 2;
}

int th_main(int argc, char **argv, const th_case *cases)
{
  int ncases = 0, nselected = 0;
  while (cases[ncases].name) ncases++;
  unsigned char *selected = calloc((size_t)ncases + 1, 1);
  if (!selected) return 2;
  for (int a = 1; a < argc; a++) {
    if (strcmp(argv[a], "--list") == 0) {
      for (int k = 0; k < ncases; k++) printf("%s\n", cases[k].name);
      free(selected);
      return 0;
    }
    if (strcmp(argv[a], "--help") == 0) {
      free(selected);
      return usage(argv[0], cases, stdout);
    }
    if (strcmp(argv[a], "--case") == 0 && a + 1 < argc) {
      int k = 0;
      while (k < ncases && strcmp(cases[k].name, argv[a + 1]) != 0) k++;
      if (k == ncases) {
        fprintf(stderr, "%s: --case: no case named '%s'\n", argv[0], argv[a + 1]);
        free(selected);
        return usage(argv[0], cases, stderr);
      }
      selected[k] = 1;
      nselected++;
      a++;
      continue;
    }
    fprintf(stderr, "%s: unknown argument '%s'\n", argv[0], argv[a]);
    free(selected);
    return usage(argv[0], cases, stderr);
  }
  for (int k = 0; k < ncases; k++)
    if (!nselected || selected[k]) {
      th_note("case %s", cases[k].name);
      cases[k].run();
    }
  free(selected);
  return th_done();
}
