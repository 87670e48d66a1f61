/* tharness: the unit-test harness. A test is a table of named cases; each case is a function that
 * makes its checks, one PASS/FAIL line per check on stdout, and th_main closes with the line
 * "N passed, N failed", whose verdict is the process exit status.
 *
 *   static void jurin(void) { th_rel(got, want, rtol, "Jurin height, theta=%g", theta); }
 *   static const th_case cases[] = {{"jurin", jurin}, {"bad_input", bad_input}, {NULL, NULL}};
 *   int main(int argc, char **argv) { return th_main(argc, argv, cases); }
 *
 *   th_rel(got, want, rtol, "...");   |got-want| <= rtol*|want|
 *   th_abs(got, want, atol, "...");   |got-want| <= atol
 *   th_int(got, want, "...");         got == want
 *   th_true(cond, "...");
 *
 * A NaN or infinite `got` always fails a numerical comparison. A case depends on no other: each sets
 * up what it needs, so that any one runs alone with the same checks and verdicts as in the whole. */
#ifndef THARNESS_H
#define THARNESS_H

#if defined(__GNUC__)
#define TH_FMT(a, b) __attribute__((format(printf, a, b)))
#else
#define TH_FMT(a, b)
#endif

int th_rel(double got, double want, double rtol, const char *fmt, ...) TH_FMT(4, 5);
int th_abs(double got, double want, double atol, const char *fmt, ...) TH_FMT(4, 5);
int th_int(long got, long want, const char *fmt, ...) TH_FMT(3, 4);
int th_true(int cond, const char *fmt, ...) TH_FMT(2, 3);
/* Observed order of convergence: the least-squares slope of log(err) against log(h) over n >= 2
 * points (NaN if n < 2 or any value is not positive). */
double th_slope(int n, const double *h, const double *err);
/* Prints a note line ("# ...") that is not a check. */
void th_note(const char *fmt, ...) TH_FMT(1, 2);
/* Prints "N passed, N failed"; returns 0 when nothing failed and at least one check ran, else 1. */
int th_done(void);

/* A named case: name is [a-z0-9_]+, unique in its table. */
typedef struct {
  const char *name;
  void (*run)(void);
} th_case;

/* The test's command line, over the table `cases` (ended by {NULL, NULL}):
 *   (no argument)       every case in table order, then th_done()
 *   --list              the case names, one a line; exit status 0
 *   --case NAME ...     only the named cases (the flag may repeat), in table order, then th_done()
 *   --help              this usage
 * Before each case a note line "# case NAME". Returns the exit status: th_done()'s, or 2 for an unknown
 * flag or case name (named on stderr with the allowed ones). */
int th_main(int argc, char **argv, const th_case *cases);

#endif
