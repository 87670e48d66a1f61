/* tharness: the unit-test harness. One PASS/FAIL line per check on stdout, a closing
 * "N passed, N failed" line from th_done(), whose return value is the process exit status.
 *
 *   th_rel(got, want, rtol, "Jurin height, theta=%g", theta);   |got-want| <= rtol*|want|
 *   th_abs(got, want, atol, "...");                             |got-want| <= atol
 *   th_int(got, want, "...");                                    got == want
 *   th_true(cond, "...");
 *   return th_done();
 *
 * A NaN or infinite `got` always fails a numerical comparison. */
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

#endif
