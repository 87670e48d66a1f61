#include "envelope.h"

#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../solver/cap_errno.h"
#include "../solver/cap_version.h"

static int in_envelope(const cap_cli_param *p) { return (p->flags & (EXP_ENVELOPE | EXP_ENVELOPE_LOG)) != 0; }

/* Whether x is allowed by p's range (the 0 of CAP_CLI_OR_ZERO aside: a draw is never 0 there). */
static int allowed(const cap_cli_param *p, double x)
{
  if (p->flags & CAP_CLI_INTEGER && x != floor(x)) return 0;
  return (p->flags & CAP_CLI_LO_OPEN ? x > p->lo : x >= p->lo) && (p->flags & CAP_CLI_HI_OPEN ? x < p->hi : x <= p->hi);
}

/* The value at u in (0, 1) of p's range, rounded as envelope.h says when the rounded value is allowed. */
static double value_at(const cap_cli_param *p, double u)
{
  double x =
      p->flags & EXP_ENVELOPE_LOG ? exp(log(p->lo) + u * (log(p->hi) - log(p->lo))) : p->lo + u * (p->hi - p->lo);
  double r = x;
  if (p->flags & CAP_CLI_INTEGER)
    r = nearbyint(x);
  else if (x != 0) {
    char text[32];
    snprintf(text, sizeof text, "%.3g", x);
    r = strtod(text, NULL);
  }
  if (allowed(p, r)) return r;
  if (p->flags & CAP_CLI_INTEGER) return allowed(p, floor(x)) ? floor(x) : ceil(x);
  if (!allowed(p, x)) x = nextafter(x, 0.5 * (p->lo + p->hi)); /* an open bound reached by rounding */
  return x;
}

/* Whether p can span an envelope: finite bounds lo < hi (lo > 0 sampled in log); an integer's bounds
 * whole numbers, neither open. */
static int spannable(const cap_cli_param *p)
{
  if (!(isfinite(p->lo) && isfinite(p->hi) && p->lo < p->hi)) return 0;
  if (p->flags & EXP_ENVELOPE_LOG && !(p->lo > 0)) return 0;
  return !(p->flags & CAP_CLI_INTEGER) ||
         (p->lo == floor(p->lo) && p->hi == floor(p->hi) && !(p->flags & (CAP_CLI_LO_OPEN | CAP_CLI_HI_OPEN)));
}

int exp_envelope_draw(const exp_def *d, const double *base, int n, unsigned long seed, double *par)
{
  if (n < 1 || n > EXP_MAX_SAMPLES)
    return CAP_ERROR(CAP_EDOM, "--sample %d is out of range: allowed 1 to %d", n, EXP_MAX_SAMPLES), -1;
  int np = 0, ne = 0;
  for (; np < EXP_MAX_PARAMS && d->params[np].name; np++) {
    const cap_cli_param *p = &d->params[np];
    if (!in_envelope(p)) continue;
    ne++;
    if (!spannable(p))
      return CAP_ERROR(CAP_EDOM,
                       "--%s cannot span the envelope: its range [%g, %g] must be finite with lo < hi (lo > 0 "
                       "sampled in log; an integer's bounds whole and closed)",
                       p->name, p->lo, p->hi),
             -1;
  }
  if (!par) return ne;
  for (int s = 0; s < n; s++) memcpy(par + (size_t)s * EXP_MAX_PARAMS, base, (size_t)np * sizeof *base);
  if (!ne) return 0;
  gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
  size_t *perm = malloc((size_t)n * sizeof *perm);
  if (!r || !perm) {
    gsl_rng_free(r);
    free(perm);
    return CAP_ERROR(CAP_ENOMEM, "--sample: out of memory for %d points", n), -1;
  }
  gsl_rng_set(r, seed);
  for (int i = 0; i < np; i++) {
    const cap_cli_param *p = &d->params[i];
    if (!in_envelope(p)) continue;
    for (int s = 0; s < n; s++) perm[s] = (size_t)s;
    gsl_ran_shuffle(r, perm, (size_t)n, sizeof *perm);
    for (int s = 0; s < n; s++) /* gsl_rng_uniform_pos: in (0, 1), so open bounds hold */
      par[(size_t)s * EXP_MAX_PARAMS + i] = value_at(p, (perm[s] + gsl_rng_uniform_pos(r)) / n);
  }
  gsl_rng_free(r);
  free(perm);
  return ne;
}

/* The share of its tolerance a check used: value / limit (upper bound) or limit / value (lower), > 1
 * failing; NaN when neither ratio means that (a limit or value not positive), INFINITY for such a
 * check that fails. */
static double share(const exp_outcome *o, int k)
{
  double v = o->value[k], l = o->limit[k];
  double r = o->upper[k] ? (l > 0 && v >= 0 ? v / l : NAN) : (l > 0 && v > 0 ? l / v : NAN);
  return isnan(r) && !o->pass[k] ? INFINITY : r;
}

/* The worst case over the samples: for each error metric the largest value at the finest level and
 * the smallest order; the check with the largest share. */
typedef struct {
  double value, order, use;
  int at_value, at_order, at_use, check;
} worst;

typedef struct {
  const exp_def *d;
  const exp_args *a;
  const double *pts; /* the points, EXP_MAX_PARAMS apart */
  exp_outcome *o;    /* one per sample */
  int done, nm;      /* samples finished; metrics */
  char dir[1024];
  char params[1100];
  cap_provenance prov;
} envelope;

static const char *verdict_word(int status)
{
  return status == 0 ? "pass" : status == 1 ? "fail" : status == 3 ? "stopped" : "error";
}

/* x with the fewest digits (up to 17) that read back as x. */
static void exact(FILE *f, double x)
{
  char text[32];
  for (int p = 6; p <= 17; p++) {
    snprintf(text, sizeof text, "%.*g", p, x);
    if (strtod(text, NULL) == x) break;
  }
  fputs(text, f);
}

/* The command line that repeats sample s (to stdout's reader): the experiment, the mode, every
 * parameter that differs from its default. */
static void command(FILE *f, const envelope *e, int s)
{
  const exp_def *d = e->d;
  const double *par = e->pts + (size_t)s * EXP_MAX_PARAMS;
  fprintf(f, "%s", d->name);
  if (e->a->geom != CAP_GEOM_PLANAR) fprintf(f, " --geometry %s", exp_geometry_word(e->a->geom));
  if (!strcmp(e->a->mode, "quick") || !strcmp(e->a->mode, "full")) fprintf(f, " --%s", e->a->mode);
  if (!strcmp(e->a->mode, "custom"))
    for (int i = 0; i < e->a->nlevels; i++) fprintf(f, "%s%g", i ? "," : " --levels ", e->a->levels[i]);
  for (int i = 0; i < e->a->npar; i++)
    if (par[i] != d->params[i].def) {
      fprintf(f, " --%s ", d->params[i].name);
      exact(f, par[i]);
    }
}

static double finest(const exp_outcome *o, int k) { return o->nruns ? o->runs[o->nruns - 1].metric[k] : NAN; }

static void number(FILE *f, double v)
{
  if (isfinite(v))
    fprintf(f, "\t%.6g", v);
  else
    fprintf(f, "\tNA");
}

/* envelope.tsv and checks.tsv, with the samples finished. */
static int write_tables(envelope *e)
{
  const exp_def *d = e->d;
  char path[1200];
  snprintf(path, sizeof path, "%s/envelope.tsv", e->dir);
  cap_file *file = cap_io_file_open(path, "w");
  if (!file) return CAP_EIO;
  FILE *f = cap_io_file_stream(file);
  cap_io_write_provenance(f, &e->prov);
  fprintf(f, "sample");
  for (int i = 0; i < e->a->npar; i++)
    if (in_envelope(&d->params[i])) fprintf(f, "\t%s", d->params[i].name);
  fprintf(f, "\tverdict\tfailed\tworst_share");
  for (int k = 0; k < e->nm; k++) fprintf(f, "\t%s", d->metrics[k].name);
  for (int k = 0; k < e->nm; k++)
    if (!d->metrics[k].value) fprintf(f, "\torder_%s", d->metrics[k].name);
  fprintf(f, "\tcells\twall[s]\tcommand\n");
  for (int s = 0; s < e->done; s++) {
    const exp_outcome *o = &e->o[s];
    fprintf(f, "%d", s + 1);
    for (int i = 0; i < e->a->npar; i++)
      if (in_envelope(&d->params[i])) {
        fputc('\t', f);
        exact(f, e->pts[(size_t)s * EXP_MAX_PARAMS + i]);
      }
    int failed = 0;
    double use = -INFINITY;
    for (int k = 0; k < o->nchecks; k++) {
      failed += !o->pass[k];
      if (share(o, k) > use) use = share(o, k);
    }
    fprintf(f, "\t%s\t%d", verdict_word(o->status), failed);
    number(f, use);
    for (int k = 0; k < e->nm; k++) number(f, finest(o, k));
    for (int k = 0; k < e->nm; k++)
      if (!d->metrics[k].value) number(f, exp_order(o->runs, o->nruns, k));
    number(f, o->nruns ? o->runs[o->nruns - 1].cells : NAN);
    number(f, o->wall);
    fprintf(f, "\t");
    command(f, e, s);
    fprintf(f, "\n");
  }
  int st = cap_io_file_close(file, CAP_SUCCESS);
  if (st) return st;
  snprintf(path, sizeof path, "%s/checks.tsv", e->dir);
  if (!(file = cap_io_file_open(path, "w"))) return CAP_EIO;
  f = cap_io_file_stream(file);
  cap_io_write_provenance(f, &e->prov);
  fprintf(f, "sample\tcheck\tvalue\tbound\tlimit\tshare\tpass\twhat\n");
  for (int s = 0; s < e->done; s++)
    for (int k = 0; k < e->o[s].nchecks; k++) {
      const exp_outcome *o = &e->o[s];
      fprintf(f, "%d\t%d", s + 1, k + 1);
      number(f, o->value[k]);
      fprintf(f, "\t%s", o->upper[k] ? "<=" : ">=");
      number(f, o->limit[k]);
      number(f, share(o, k));
      fprintf(f, "\t%d\t%s\n", o->pass[k], o->what[k]);
    }
  return cap_io_file_close(file, CAP_SUCCESS);
}

static worst find_worst(const envelope *e, int k)
{
  worst w = {-INFINITY, INFINITY, -INFINITY, -1, -1, -1, -1};
  for (int s = 0; s < e->done; s++) {
    const exp_outcome *o = &e->o[s];
    double v = finest(o, k), q = exp_order(o->runs, o->nruns, k);
    if (v > w.value) w.value = v, w.at_value = s;
    if (q < w.order) w.order = q, w.at_order = s;
    for (int c = 0; c < o->nchecks; c++)
      if (share(o, c) > w.use) w.use = share(o, c), w.at_use = s, w.check = c;
  }
  return w;
}

/* The point of sample s as a JSON object; null for s < 0 (no sample). */
static void json_point(FILE *f, const envelope *e, int s)
{
  if (s < 0) {
    fprintf(f, "null");
    return;
  }
  fprintf(f, "{\"sample\": %d", s + 1);
  for (int i = 0; i < e->a->npar; i++)
    if (in_envelope(&e->d->params[i])) {
      fprintf(f, ", ");
      exp_json_string(f, e->d->params[i].name);
      fprintf(f, ": ");
      exp_json_number(f, e->pts[(size_t)s * EXP_MAX_PARAMS + i]);
    }
  fprintf(f, "}");
}

/* envelope.json, and the same worst case on stderr. */
static int write_worst(envelope *e, const int *count)
{
  const exp_def *d = e->d;
  char path[1200];
  snprintf(path, sizeof path, "%s/envelope.json", e->dir);
  cap_file *file = cap_io_file_open(path, "w");
  if (!file) return CAP_EIO;
  FILE *f = cap_io_file_stream(file);
  fprintf(f, "{\n  \"experiment\": ");
  exp_json_string(f, e->prov.program);
  fprintf(f, ",\n  \"parameters\": ");
  exp_json_string(f, e->params);
  fprintf(f, ",\n  \"commit\": ");
  exp_json_string(f, cap_version_commit());
  fprintf(f, ",\n  \"envelope\": [");
  for (int i = 0, first = 1; i < e->a->npar; i++) {
    const cap_cli_param *p = &d->params[i];
    if (!in_envelope(p)) continue;
    fprintf(f, "%s{\"name\": ", first ? "" : ", ");
    first = 0;
    exp_json_string(f, p->name);
    fprintf(f, ", \"lo\": ");
    exp_json_number(f, p->lo);
    fprintf(f, ", \"hi\": ");
    exp_json_number(f, p->hi);
    fprintf(f, ", \"scale\": \"%s\"}", p->flags & EXP_ENVELOPE_LOG ? "log" : "linear");
  }
  fprintf(f, "],\n  \"samples\": %d, \"passed\": %d, \"failed\": %d, \"stopped\": %d,\n  \"metrics\": [", e->done,
          count[0], count[1], count[2]);
  worst w = {0};
  for (int k = 0, first = 1; k < e->nm; k++) {
    if (d->metrics[k].value) continue;
    w = find_worst(e, k);
    fprintf(f, "%s\n    {\"name\": ", first ? "" : ",");
    first = 0;
    exp_json_string(f, d->metrics[k].name);
    fprintf(f, ", \"largest\": ");
    exp_json_number(f, w.value);
    fprintf(f, ", \"at\": ");
    json_point(f, e, w.at_value);
    fprintf(f, ", \"smallest_order\": ");
    exp_json_number(f, w.order);
    fprintf(f, ", \"order_at\": ");
    json_point(f, e, w.at_order);
    fprintf(f, "}");
    fprintf(stderr, "[%s] envelope: %s ", e->prov.program, d->metrics[k].name);
    if (w.at_value >= 0)
      fprintf(stderr, "largest %.4g (sample %d)", w.value, w.at_value + 1);
    else
      fprintf(stderr, "not measured");
    if (w.at_order >= 0)
      fprintf(stderr, ", smallest order %.3g (sample %d)\n", w.order, w.at_order + 1);
    else
      fprintf(stderr, ", no observed order\n");
  }
  w = find_worst(e, 0);
  fprintf(f, "\n  ],\n  \"worst_check\": ");
  if (w.check >= 0) {
    fprintf(f, "{\"what\": ");
    exp_json_string(f, e->o[w.at_use].what[w.check]);
    fprintf(f, ", \"share\": ");
    exp_json_number(f, w.use);
    fprintf(f, ", \"at\": ");
    json_point(f, e, w.at_use);
    fprintf(f, "}");
    fprintf(stderr, "[%s] envelope: the largest share of a tolerance, %.3g, is '%s' at sample %d\n", e->prov.program,
            w.use, e->o[w.at_use].what[w.check], w.at_use + 1);
  } else
    fprintf(f, "null");
  fprintf(f, "\n}\n");
  return cap_io_file_close(file, CAP_SUCCESS);
}

int exp_envelope_run(const exp_def *d, const exp_args *a)
{
  envelope e = {.d = d, .a = a};
  while (e.nm < EXP_MAX_METRICS && d->metrics[e.nm].name) e.nm++;
  double *pts = malloc((size_t)a->sample * EXP_MAX_PARAMS * sizeof *pts);
  e.o = calloc((size_t)a->sample, sizeof *e.o);
  if (!pts || !e.o || exp_envelope_draw(d, a->par, a->sample, a->seed, pts) < 0) {
    fprintf(stderr, "%s: --sample: %s\n", d->name, pts && e.o ? cap_error_message() : "out of memory");
    free(pts);
    free(e.o);
    return 3;
  }
  e.pts = pts;
  const char *geo = exp_geometry_suffix(a->geom);
  snprintf(e.dir, sizeof e.dir, "%s/%s%s-envelope", a->out, d->name, geo);
  snprintf(e.params, sizeof e.params, "mode=%s geometry=%s sample=%d seed=%lu", a->mode, exp_geometry_word(a->geom),
           a->sample, a->seed);
  char program[160];
  snprintf(program, sizeof program, "%s%s", d->name, geo);
  e.prov = (cap_provenance){.program = program, .params = e.params};
  int count[3] = {0, 0, 0}, status = 0;
  for (int s = 0; s < a->sample; s++) {
    exp_args b = *a;
    memcpy(b.par, pts + (size_t)s * EXP_MAX_PARAMS, sizeof b.par);
    char out[1100];
    snprintf(out, sizeof out, "%s/sample-%03d", e.dir, s + 1);
    b.out = out;
    b.sample = 0;
    fprintf(stderr, "[%s%s] envelope sample %d of %d:", d->name, geo, s + 1, a->sample);
    for (int i = 0; i < a->npar; i++)
      if (in_envelope(&d->params[i])) fprintf(stderr, " --%s %g", d->params[i].name, b.par[i]);
    fprintf(stderr, "\n");
    int st = exp_run_outcome(d, &b, &e.o[s]);
    e.o[s].status = st;
    e.done = s + 1;
    count[st == 0 ? 0 : st == 1 ? 1 : 2]++;
    if (st == 4 || (st == 3 && status != 4) || (st == 1 && status == 0)) status = st;
    if (st == 2) status = status ? status : 2; /* a point the experiment refused: reported, not hidden */
    if (write_tables(&e)) {
      fprintf(stderr, "[%s%s] envelope: %s\n", d->name, geo, cap_error_message());
      status = 4;
      break;
    }
  }
  if (status != 4 && write_worst(&e, count)) {
    fprintf(stderr, "[%s%s] envelope: %s\n", d->name, geo, cap_error_message());
    status = 4;
  }
  fprintf(stderr, "[%s%s] envelope: %d samples, %d passed, %d failed, %d stopped; results in %s\n", d->name, geo,
          e.done, count[0], count[1], count[2], e.dir);
  free(pts);
  free(e.o);
  return status;
}
