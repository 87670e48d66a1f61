/* The validated envelope of an experiment, and --sample: its acceptance run over parameter sets drawn
 * from the envelope.
 *
 * ENVELOPE. The physical parameters whose cap_cli_param.flags carry EXP_ENVELOPE (or EXP_ENVELOPE_LOG)
 * span it: over each one's whole flag range the experiment claims its acceptance (tolerances and
 * orders). The other parameters (run lengths, selectors, counts) keep their values.
 * SAMPLING. N points by Latin hypercube sampling (McKay, Beckman & Conover 1979): the range of each
 * envelope parameter is cut into N equal strata (EXP_ENVELOPE_LOG: equal in log, lo > 0), each
 * stratum is used by exactly one point, a uniform draw within it, and the strata of the parameters
 * are paired by independent random permutations. The generator is GSL's mt19937 seeded with the seed,
 * so (N, seed) fixes the points. Each value is rounded to 3 significant digits (an integer parameter
 * to a whole number) when the rounded value stays in the flag's range, so that a point is a command
 * line one can type.
 * OUTPUTS under DIR/<name>[-axi]-envelope/ (each with its provenance):
 *   sample-NNN/      the outputs of sample NNN's run (harness.h), figures not drawn
 *   envelope.tsv     per sample: its parameters, verdict, failed checks, the largest share of a
 *                    tolerance a check used (value / limit for an upper bound, limit / value for a
 *                    lower one; > 1 fails), each metric at the finest level and each error's observed
 *                    order (exp_order), the wall time and the command line that repeats it; rewritten
 *                    after every sample, so a killed run keeps the samples it finished
 *   checks.tsv       every check of every sample: value, bound, limit, share used, pass
 *   envelope.json    each envelope parameter's range and scale, the counts of samples passed,
 *                    failed and stopped, and the worst case: per error metric its largest value and
 *                    smallest observed order, each with the sample and parameters where it occurs;
 *                    the check with the largest share
 * Exit status: 0 every sample passes, 1 a check of some sample fails, 3 a sample stopped on a
 * numerical failure (the other samples still run), 4 an output could not be written.
 */
#ifndef EXP_ENVELOPE_H
#define EXP_ENVELOPE_H

#include "harness.h"

#define EXP_MAX_SAMPLES 1000 /* --sample's range: 1 to this */

/* Draws n (1..EXP_MAX_SAMPLES) points of d's envelope from seed: point s is par[s * EXP_MAX_PARAMS +
 * i], i in d->params order, the envelope parameters drawn (above) and the others copied from base[i]
 * (par NULL: nothing drawn, d's envelope only counted and checked). Returns the number of envelope
 * parameters (0: none; par is filled with base), or -1 (CAP_EDOM set) for n out of range or an
 * envelope parameter whose range cannot span it: it must be finite with lo < hi, lo > 0 for
 * EXP_ENVELOPE_LOG, and an integer's bounds whole and closed. */
int exp_envelope_draw(const exp_def *d, const double *base, int n, unsigned long seed, double *par);

/* What one run of the harness produced (exp_run_outcome). */
typedef struct {
  int status;                   /* its exit status (harness.h) */
  int nruns;                    /* the levels it finished */
  exp_run runs[EXP_MAX_LEVELS]; /* their results */
  int nchecks;                  /* its checks (those registered before a failure) */
  char what[EXP_MAX_CHECKS][160];
  double value[EXP_MAX_CHECKS], limit[EXP_MAX_CHECKS];
  int upper[EXP_MAX_CHECKS], pass[EXP_MAX_CHECKS];
  double wall; /* seconds */
} exp_outcome;

/* One run of the harness (the run of exp_main for a parsed command line, a->sample ignored): the
 * outputs under a->out, figures drawn unless `o` is given; fills *o when not NULL. Returns the exit
 * status. */
int exp_run_outcome(const exp_def *d, const exp_args *a, exp_outcome *o);

/* JSON for the harness's files: s as a string (quotes, backslashes and control characters escaped);
 * v as a number, null when not finite. */
void exp_json_string(FILE *f, const char *s);
void exp_json_number(FILE *f, double v);

/* --sample: a->sample points from a->seed, the run of each (exp_run_outcome), the outputs above, the
 * worst case on stderr. Returns the exit status above. */
int exp_envelope_run(const exp_def *d, const exp_args *a);

#endif
