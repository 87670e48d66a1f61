/* capref: print analytic reference values of capillab's analytic library.
 *
 *   capref --help                       list every quantity with its inputs and outputs
 *   capref QUANTITY --help              one quantity in full
 *   capref QUANTITY [--NAME VALUE ...] [--format tsv|json]
 *
 * Exit status: 0 success; 1 the library found no solution for these inputs (e.g. no equilibrium);
 * 2 usage error or input out of range; 3 numerical failure.
 *
 * main (main.c) is capref_parse_args then capref_run: the parsing alone is what tests/fuzz/ fuzzes.
 */
#include "capref.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../solver/cap_errno.h"

static const capref_group *const groups[] = {
    &capref_group_laplace, &capref_group_statics,  &capref_group_rise,     &capref_group_oscillation,
    &capref_group_plateau, &capref_group_floating, &capref_group_cheerios,
};

struct capref_sink {
  const capref_quantity *q;
  int format;
  int nrows;
};

static int n_params(const capref_quantity *q)
{
  int n = 0;
  while (n < CAPREF_MAX_PARAMS && q->params[n].name) n++;
  return n;
}

static int n_outs(const capref_quantity *q)
{
  int n = 0;
  while (n < CAPREF_MAX_OUTS && q->outs[n].name) n++;
  return n;
}

static void usage_quantity(FILE *f, const capref_quantity *q)
{
  fprintf(f, "%s: %s\n  source: %s\n  inputs:\n", q->name, q->summary, q->citation);
  for (int i = 0; i < n_params(q); i++) {
    cap_cli_print_param(f, &q->params[i]);
  }
  fprintf(f, "  outputs%s:\n", q->profile ? " (one row per point of the curve)" : "");
  for (int i = 0; i < n_outs(q); i++)
    fprintf(f, "    %-14s %-7s %s\n", q->outs[i].name, q->outs[i].unit[0] ? q->outs[i].unit : "-", q->outs[i].help);
}

static void usage(FILE *f)
{
  fprintf(f, "usage: capref QUANTITY [--NAME VALUE ...] [--format tsv|json]\n"
             "       capref QUANTITY --help     inputs, units and outputs of one quantity\n"
             "       capref --list              quantity names only\n\n"
             "Prints analytic reference values from capillab's analytic library. SI units unless a\n"
             "flag says otherwise; angles in degrees; contact angles measured through the liquid.\n"
             "Every value comes with an error estimate (column NAME_err in TSV, \"err\" in JSON).\n"
             "Exit status: 0 ok, 1 no solution for these inputs, 2 usage or input out of range,\n"
             "3 numerical failure.\n");
  for (size_t g = 0; g < sizeof groups / sizeof groups[0]; g++) {
    fprintf(f, "\n== %s ==\n", groups[g]->title);
    for (int i = 0; i < groups[g]->n; i++) {
      fprintf(f, "\n");
      usage_quantity(f, &groups[g]->q[i]);
    }
  }
}

static const capref_quantity *find_quantity(const char *name)
{
  for (size_t g = 0; g < sizeof groups / sizeof groups[0]; g++)
    for (int i = 0; i < groups[g]->n; i++)
      if (strcmp(groups[g]->q[i].name, name) == 0) return &groups[g]->q[i];
  return NULL;
}

static void json_number(double v)
{
  if (isfinite(v))
    printf("%.15g", v);
  else
    printf("null");
}

int capref_emit(capref_sink *s, const capref_result *row)
{
  const capref_quantity *q = s->q;
  int no = n_outs(q);
  if (s->format == CAPREF_FMT_TSV) {
    for (int i = 0; i < no; i++) {
      /* a value that does not exist (e.g. the frequency of an overdamped mode) is "NA", never a NaN */
      printf("%s", i ? "\t" : "");
      if (isfinite(row[i].val))
        printf("%.15g", row[i].val);
      else
        printf("NA");
      if (isfinite(row[i].err))
        printf("\t%.3g", row[i].err);
      else
        printf("\tNA");
    }
    printf("\n");
  } else {
    printf("%s", s->nrows ? ",\n  " : "");
    printf(q->profile ? "[" : "{");
    for (int i = 0; i < no; i++) {
      if (q->profile)
        printf("%s", i ? ", " : "");
      else
        printf("%s\"%s\": {\"val\": ", i ? ", " : "", q->outs[i].name);
      if (q->profile) {
        json_number(row[i].val);
        printf(", ");
        json_number(row[i].err);
        continue;
      }
      json_number(row[i].val);
      printf(", \"err\": ");
      json_number(row[i].err);
      printf(", \"unit\": \"%s\"}", q->outs[i].unit);
    }
    printf(q->profile ? "]" : "}");
  }
  s->nrows++;
  return ferror(stdout) ? 1 : 0;
}

int capref_emit_status(capref_sink *sink, int status, const capref_result *row)
{
  if (status) return status;
  return capref_emit(sink, row) ? CAP_EIO : CAP_SUCCESS;
}

capref_result capref_to_deg(capref_result r)
{
  capref_result d = {r.val / CAPREF_DEG, r.err / CAPREF_DEG};
  return d;
}

static int exit_code(int status)
{
  switch (status) {
  case CAP_SUCCESS: return 0;
  case CAP_ENOSOL: return 1;
  case CAP_EDOM:
  case CAP_EINVAL: return 2;
  default: return 3;
  }
}

int capref_parse_args(int argc, char **argv, capref_args *args)
{
  if (argc < 2) {
    usage(stderr);
    return 2;
  }
  if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
    usage(stdout);
    return 0;
  }
  if (!strcmp(argv[1], "--list")) {
    for (size_t g = 0; g < sizeof groups / sizeof groups[0]; g++)
      for (int i = 0; i < groups[g]->n; i++) printf("%s\n", groups[g]->q[i].name);
    return 0;
  }
  const capref_quantity *q = find_quantity(argv[1]);
  if (!q) {
    fprintf(stderr, "capref: unknown quantity '%s' (capref --list shows them all)\n", argv[1]);
    return 2;
  }
  int np = n_params(q);
  int given[CAPREF_MAX_PARAMS] = {0};
  args->q = q;
  args->format = CAPREF_FMT_TSV;
  for (int i = 0; i < np; i++) args->in[i] = q->params[i].def;

  for (int a = 2; a < argc; a++) {
    const char *arg = argv[a];
    if (!strcmp(arg, "--help") || !strcmp(arg, "-h")) {
      usage_quantity(stdout, q);
      return 0;
    }
    if (strncmp(arg, "--", 2) != 0) {
      fprintf(stderr, "capref: unexpected argument '%s' (flags are --NAME VALUE)\n", arg);
      return 2;
    }
    const char *name = arg + 2;
    if (a + 1 >= argc) {
      fprintf(stderr, "capref: --%s needs a value\n", name);
      return 2;
    }
    const char *val = argv[++a];
    if (!strcmp(name, "format")) {
      if (!strcmp(val, "tsv"))
        args->format = CAPREF_FMT_TSV;
      else if (!strcmp(val, "json"))
        args->format = CAPREF_FMT_JSON;
      else {
        fprintf(stderr, "capref: --format: '%s' is not allowed (allowed: tsv, json)\n", val);
        return 2;
      }
      continue;
    }
    int k = -1;
    for (int i = 0; i < np; i++)
      if (!strcmp(q->params[i].name, name)) k = i;
    if (k < 0) {
      fprintf(stderr, "capref: %s has no input --%s (capref %s --help lists its inputs)\n", q->name, name, q->name);
      return 2;
    }
    if (cap_cli_parse("capref", &q->params[k], val, &args->in[k])) return 2;
    given[k] = 1;
  }
  for (int i = 0; i < np; i++)
    if (isnan(q->params[i].def) && !given[i]) {
      fprintf(stderr, "capref: %s needs --%s (%s, %s)\n", q->name, q->params[i].name, q->params[i].help,
              q->params[i].unit[0] ? q->params[i].unit : "dimensionless");
      return 2;
    }
  return -1;
}

int capref_run(const capref_args *args)
{
  const capref_quantity *q = args->q;
  const double *in = args->in;
  int format = args->format;
  int np = n_params(q), no = n_outs(q);
  capref_sink sink = {q, format, 0};
  if (format == CAPREF_FMT_TSV) {
    printf("# capref %s", q->name);
    for (int i = 0; i < np; i++) printf(" --%s %.15g", q->params[i].name, in[i]);
    printf("\n# source: %s\n", q->citation);
    for (int i = 0; i < no; i++)
      printf("%s%s[%s]\t%s_err", i ? "\t" : "", q->outs[i].name, q->outs[i].unit, q->outs[i].name);
    printf("\n");
  } else {
    printf("{\"quantity\": \"%s\", \"source\": \"%s\", \"inputs\": {", q->name, q->citation);
    for (int i = 0; i < np; i++) {
      printf("%s\"%s\": ", i ? ", " : "", q->params[i].name);
      json_number(in[i]);
    }
    printf("},\n \"%s\": %s", q->profile ? "rows" : "values", q->profile ? "[\n  " : "");
  }
  cap_set_error_handler(cap_error_handler_stderr, NULL);
  int status = q->eval(in, &sink);
  if (format == CAPREF_FMT_JSON) {
    if (q->profile) {
      printf("],\n \"columns\": [");
      for (int i = 0; i < no; i++) printf("%s\"%s\", \"%s_err\"", i ? ", " : "", q->outs[i].name, q->outs[i].name);
      printf("],\n \"units\": [");
      for (int i = 0; i < no; i++) printf("%s\"%s\", \"%s\"", i ? ", " : "", q->outs[i].unit, q->outs[i].unit);
      printf("]");
    } else if (sink.nrows == 0) {
      printf("null");
    }
    printf(", \"status\": \"%s\"}\n", cap_strerror(status));
  }
  if (fflush(stdout) != 0) {
    fprintf(stderr, "capref: cannot write output\n");
    return 3;
  }
  return exit_code(status);
}
