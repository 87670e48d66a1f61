#include "harness.h"

#include <dirent.h>
#include <signal.h>

#include <ctype.h>
#include <errno.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_fit.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "../solver/cap_errno.h"
#include "../solver/cap_levelset.h"
#include "../solver/cap_ns.h"
#include "../solver/cap_par.h"
#include "../solver/cap_version.h"
#include "checkpoint.h"
#include "envelope.h"

typedef struct {
  char what[160];
  double value, limit;
  int upper, pass;
} check;

/* A snapshot written by the run: its stem, gnuplot's settings for plots/snapshot.gp, whether gnuplot
 * draws it, and the label of its reference shapes ("" for none). */
typedef struct {
  char stem[160];
  char settings[400];
  int draw;
  char ref[84];
} snap_entry;

struct exp_ctx {
  const exp_def *def;
  const char *mode;
  cap_geometry geom;
  char name[128]; /* the experiment's name, with -axi or -3d for those variants */
  char dir[1024];
  char params[1024];
  cap_provenance prov;
  char paths[4][1200];
  int next_path;
  double t0, last_progress;
  check checks[EXP_MAX_CHECKS];
  int nchecks;
  char result_key[EXP_MAX_CHECKS][64];
  double result_val[EXP_MAX_CHECKS];
  int nresults;
  int overflow;     /* checks or results beyond the tables: the run cannot pass */
  snap_entry *snap; /* the snapshots written, drawn at the end (plot) */
  int nsnap, capsnap;
  /* checkpoints (--checkpoint-every, --resume) */
  double ckpt_every, ckpt_last; /* seconds between checkpoints (0: none); when the last was written */
  char ckpt_path[1100];
  const exp_run *runs; /* the sweep's results, levels of them finished */
  int levels, phase;   /* ... and the phase running: a level, or the number of levels for the finish */
  int ordinal;         /* the scene runs the phase has started */
  exp_blob *done;      /* the images of the phase's finished scene runs */
  int ndone, capdone;
  unsigned char *resume_file;  /* the checkpoint resumed from (NULL: none, or used up) */
  exp_ckpt_state rs;           /* its contents; rs.done advances as its images are replayed */
  int replayed;                /* its done images replayed so far */
  double cases[EXP_MAX_CASES]; /* exp_cases */
  int ncases;
  int mismatch; /* a resumed phase did not match its checkpoint: the run starts again */
};

static double now(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

const char *exp_mode(const exp_ctx *ctx) { return ctx->mode; }

int exp_cases(const exp_ctx *ctx, const double **v)
{
  *v = ctx->cases;
  return ctx->ncases;
}
cap_geometry exp_geometry(const exp_ctx *ctx) { return ctx->geom; }

const char *exp_geometry_word(cap_geometry geom)
{
  return geom == CAP_GEOM_AXI ? "axi" : (geom == CAP_GEOM_3D ? "3d" : "planar");
}

const char *exp_geometry_suffix(cap_geometry geom)
{
  return geom == CAP_GEOM_AXI ? "-axi" : (geom == CAP_GEOM_3D ? "-3d" : "");
}
const cap_provenance *exp_provenance(const exp_ctx *ctx) { return &ctx->prov; }

const char *exp_path(exp_ctx *ctx, const char *file)
{
  char *p = ctx->paths[ctx->next_path];
  ctx->next_path = (ctx->next_path + 1) % 4;
  snprintf(p, sizeof ctx->paths[0], "%s/%s", ctx->dir, file);
  return p;
}

/* The series open (exp_tsv, not yet exp_tsv_end), in the order they were opened: a checkpoint keeps
 * what each holds (exp_series_save). */
static struct {
  cap_tsv *t;
  char path[1200];
} series[EXP_MAX_SERIES];
static int nseries;

cap_tsv *exp_tsv(exp_ctx *ctx, const char *columns, const char *fmt, ...)
{
  char name[128]; /* with the folder (< 1024) it fits a path buffer */
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(name, sizeof name, fmt, ap);
  va_end(ap);
  if (n < 0 || (size_t)n >= sizeof name) {
    CAP_ERROR(CAP_EINVAL, "exp_tsv: the file name from \"%s\" is longer than %zu characters", fmt, sizeof name - 1);
    return NULL;
  }
  if (nseries == EXP_MAX_SERIES) {
    CAP_ERROR(CAP_EINVAL, "exp_tsv: %s would be the %d-th series open at once, at most %d", name, nseries + 1,
              EXP_MAX_SERIES);
    return NULL;
  }
  const char *path = exp_path(ctx, name);
  cap_tsv *t = cap_io_tsv_open(path, &ctx->prov, columns);
  if (t) {
    series[nseries].t = t;
    snprintf(series[nseries++].path, sizeof series[0].path, "%s", path);
  }
  return t;
}

int exp_tsv_end(cap_tsv *t, int st)
{
  if (!t) return st;
  for (int k = 0; k < nseries; k++)
    if (series[k].t == t) {
      memmove(&series[k], &series[k + 1], (size_t)(nseries - k - 1) * sizeof series[0]);
      nseries--;
      break;
    }
  if (st) {
    cap_io_tsv_abort(t);
    return st;
  }
  return cap_io_tsv_close(t);
}

void exp_progress(exp_ctx *ctx, const char *label, double t, double t_end, long steps)
{
  double w = now();
  if (w - ctx->last_progress < 2 && t < t_end) return;
  ctx->last_progress = w;
  fprintf(stderr, "[%s] %s: t = %.4g / %.4g, %ld steps, %.1f s elapsed\n", ctx->def->name, label, t, t_end, steps,
          w - ctx->t0);
}

/* ---- checkpoints ---- */

/* CAPILLAB_FAULT=kill:N: the process kills itself (SIGKILL) once it has written N checkpoints. */
static long kill_after, ckpts_written;

int exp_ckpt_on(const exp_ctx *ctx) { return ctx && ctx->ckpt_every > 0; }

int exp_ckpt_due(const exp_ctx *ctx) { return exp_ckpt_on(ctx) && now() - ctx->ckpt_last >= ctx->ckpt_every; }

int exp_ckpt_save(exp_ctx *ctx, const exp_blob *running)
{
  exp_blob b = {0};
  const char *commit = cap_version_commit();
  double elapsed = now() - ctx->t0;
  int st = exp_blob_put(&b, "commit", commit, strlen(commit));
  if (!st) st = exp_blob_put(&b, "params", ctx->params, strlen(ctx->params));
  if (!st) st = exp_blob_put(&b, "elapsed", &elapsed, sizeof elapsed);
  if (!st) st = exp_blob_put(&b, "levels", &ctx->levels, sizeof ctx->levels);
  for (int k = 0; k < ctx->levels && !st; k++) st = exp_blob_put(&b, "run", &ctx->runs[k], sizeof ctx->runs[k]);
  if (!st) st = exp_blob_put(&b, "snaps", ctx->snap, (size_t)ctx->nsnap * sizeof *ctx->snap);
  if (!st) st = exp_blob_put(&b, "phase", &ctx->phase, sizeof ctx->phase);
  for (int k = 0; k < ctx->ndone && !st; k++) st = exp_blob_put(&b, "done", ctx->done[k].data, ctx->done[k].len);
  if (!st && running) st = exp_blob_put(&b, "running", running->data, running->len);
  if (!st) st = exp_ckpt_write(ctx->ckpt_path, &b);
  exp_blob_free(&b);
  ctx->ckpt_last = now();
  if (!st && kill_after && ++ckpts_written == kill_after) raise(SIGKILL);
  return st;
}

int exp_ckpt_finished(exp_ctx *ctx, exp_blob *img)
{
  if (ctx->ndone == ctx->capdone) {
    int cap = ctx->capdone ? 2 * ctx->capdone : 8;
    exp_blob *more = realloc(ctx->done, (size_t)cap * sizeof *more);
    if (!more) {
      exp_blob_free(img);
      return CAP_ERROR(CAP_ENOMEM, "checkpoint: cannot grow the list of finished scene runs");
    }
    ctx->done = more;
    ctx->capdone = cap;
  }
  ctx->done[ctx->ndone++] = *img;
  *img = (exp_blob){0};
  return CAP_SUCCESS;
}

int exp_ckpt_begin(exp_ctx *ctx, exp_cursor *img)
{
  if (!ctx) return 0;
  int k = ctx->ordinal++;
  if (!ctx->resume_file || ctx->rs.phase != ctx->phase) return 0;
  const unsigned char *d;
  size_t n;
  if (k < ctx->rs.ndone && !exp_cursor_take(&ctx->rs.done, "done", &d, &n)) {
    exp_blob copy = {0};
    if (exp_blob_copy(&copy, d, n) || exp_ckpt_finished(ctx, &copy)) return -1;
    ctx->replayed++;
    *img = (exp_cursor){d, n, 0};
    return 1;
  }
  if (k == ctx->rs.ndone && ctx->rs.has_running) {
    ctx->replayed++;
    *img = ctx->rs.running;
    return 2;
  }
  return 0;
}

void exp_ckpt_mismatch(exp_ctx *ctx)
{
  if (ctx) ctx->mismatch = 1;
}

int exp_series_save(exp_ctx *ctx, exp_blob *b)
{
  (void)ctx;
  int st = CAP_SUCCESS;
  for (int k = 0; k < nseries && !st; k++) {
    char *data;
    size_t n, pl = strlen(series[k].path) + 1;
    if ((st = cap_io_tsv_contents(series[k].t, &data, &n))) break;
    char *rec = malloc(pl + n);
    if (!rec) st = CAP_ERROR(CAP_ENOMEM, "checkpoint: cannot copy the series %s", series[k].path);
    if (rec) {
      memcpy(rec, series[k].path, pl);
      memcpy(rec + pl, data, n);
      st = exp_blob_put(b, "series", rec, pl + n);
    }
    free(rec);
    free(data);
  }
  return st;
}

int exp_series_restore(exp_ctx *ctx, exp_cursor *c)
{
  (void)ctx;
  for (int k = 0; k < nseries; k++) {
    const unsigned char *d;
    size_t n;
    int st = exp_cursor_take(c, "series", &d, &n);
    if (st) return st;
    const unsigned char *end = memchr(d, 0, n);
    if (!end || strcmp((const char *)d, series[k].path) != 0)
      return CAP_ERROR(CAP_EFORMAT, "checkpoint: the series %s is open, the checkpoint holds another", series[k].path);
    size_t pl = (size_t)(end - d) + 1;
    if ((st = cap_io_tsv_replace(series[k].t, (const char *)d + pl, n - pl))) return st;
  }
  if (exp_cursor_at(c, "series"))
    return CAP_ERROR(CAP_EFORMAT, "checkpoint: it holds more series than the %d open", nseries);
  return CAP_SUCCESS;
}

/* The phase (a level, or the finish) starts: no scene run yet. */
static void phase_begin(exp_ctx *ctx, int phase)
{
  for (int k = 0; k < ctx->ndone; k++) exp_blob_free(&ctx->done[k]);
  ctx->ndone = 0;
  ctx->phase = phase;
  ctx->ordinal = 0;
}

/* Drops the checkpoint resumed from. */
static void resume_drop(exp_ctx *ctx)
{
  free(ctx->resume_file);
  ctx->resume_file = NULL;
  memset(&ctx->rs, 0, sizeof ctx->rs);
  ctx->replayed = 0;
}

/* The phase ended with status st: a phase the checkpoint resumed must have replayed all of it
 * (else the run does not match it); the level's checkpoint if st is CAP_SUCCESS and the phase is a
 * level. Returns st or the checkpoint's error. */
static int phase_end(exp_ctx *ctx, int st, int level)
{
  if (ctx->resume_file && ctx->rs.phase == ctx->phase) {
    if (!st && ctx->replayed != ctx->rs.ndone + ctx->rs.has_running) {
      ctx->mismatch = 1;
      st = CAP_ERROR(CAP_EFORMAT, "the phase ended after %d scene runs, the checkpoint holds %d", ctx->ordinal,
                     ctx->rs.ndone + ctx->rs.has_running);
    }
    if (!st) resume_drop(ctx);
  }
  phase_begin(ctx, ctx->phase + (!st && level)); /* a level done: its checkpoint is the next phase's start */
  if (!st && level && exp_ckpt_on(ctx)) st = exp_ckpt_save(ctx, NULL);
  return st;
}

/* The snapshot list of a checkpoint: whole entries, strings terminated, nothing a shell would expand. */
static int snaps_ok(const unsigned char *d, size_t n)
{
  if (n % sizeof(snap_entry)) return 0;
  for (size_t k = 0; k < n / sizeof(snap_entry); k++) {
    snap_entry e;
    memcpy(&e, d + k * sizeof e, sizeof e);
    char *str[3] = {e.stem, e.settings, e.ref};
    size_t room[3] = {sizeof e.stem, sizeof e.settings, sizeof e.ref};
    for (int i = 0; i < 3; i++) {
      if (!memchr(str[i], 0, room[i])) return 0;
      for (const char *c = str[i]; *c; c++)
        if ((unsigned char)*c < 0x20 || strchr("\"$`\\", *c)) return 0;
    }
    if (e.draw != 0 && e.draw != 1) return 0;
  }
  return 1;
}

/* --resume: the checkpoint of this run, if there is one that matches it (else a message and none). */
static void resume_load(exp_ctx *ctx, int nlevels)
{
  const char *name = ctx->def->name;
  size_t n;
  exp_cursor payload;
  int st = exp_ckpt_read(ctx->ckpt_path, &ctx->resume_file, &n);
  if (st == CAP_ENOSOL) {
    fprintf(stderr, "[%s] --resume: no checkpoint %s; the run starts from its beginning\n", name, ctx->ckpt_path);
    return;
  }
  char why[1200] = "";
  if (!st) st = exp_ckpt_open(ctx->resume_file, n, &payload);
  if (!st) st = exp_ckpt_decode(payload, &ctx->rs);
  if (st) snprintf(why, sizeof why, "%s", cap_error_message());
  if (!st && strcmp(ctx->rs.commit, cap_version_commit()) != 0)
    snprintf(why, sizeof why, "it was written by commit %s, this is %s", ctx->rs.commit, cap_version_commit());
  else if (!st && strcmp(ctx->rs.params, ctx->params) != 0)
    snprintf(why, sizeof why, "it was written with other parameters: %s", ctx->rs.params);
  else if (!st && !snaps_ok(ctx->rs.snaps, ctx->rs.snaps_size))
    snprintf(why, sizeof why, "its list of snapshots is malformed");
  if (why[0]) {
    fprintf(stderr, "[%s] checkpoint %s refused: %s; the run starts from its beginning\n", name, ctx->ckpt_path, why);
    resume_drop(ctx);
    return;
  }
  int ns = (int)(ctx->rs.snaps_size / sizeof(snap_entry));
  snap_entry *sn = ns ? malloc((size_t)ns * sizeof *sn) : NULL;
  if (ns && !sn) {
    fprintf(stderr, "[%s] checkpoint %s: out of memory; the run starts from its beginning\n", name, ctx->ckpt_path);
    resume_drop(ctx);
    return;
  }
  if (ns) memcpy(sn, ctx->rs.snaps, (size_t)ns * sizeof *sn);
  free(ctx->snap);
  ctx->snap = sn;
  ctx->nsnap = ctx->capsnap = ns;
  ctx->t0 = now() - ctx->rs.elapsed;
  fprintf(stderr, "[%s] resuming from %s: %d level(s) done, %s, %d scene run(s) finished%s\n", name, ctx->ckpt_path,
          ctx->rs.levels, ctx->rs.phase < nlevels ? "in the sweep" : "in the finish", ctx->rs.ndone,
          ctx->rs.has_running ? " and one under way" : "");
}

/* Removes the .tmp files a killed run left in the output folder. */
static void remove_stale_tmp(exp_ctx *ctx)
{
  DIR *d = opendir(ctx->dir);
  if (!d) return;
  for (struct dirent *e; (e = readdir(d));) {
    size_t len = strlen(e->d_name);
    if (len > 4 && !strcmp(e->d_name + len - 4, ".tmp")) remove(exp_path(ctx, e->d_name));
  }
  closedir(d);
}

double exp_order(const exp_run *runs, int n, int k)
{
  double x[EXP_MAX_LEVELS], y[EXP_MAX_LEVELS];
  int m = 0;
  for (int i = 0; i < n; i++)
    if (runs[i].metric[k] > 0 && isfinite(runs[i].metric[k])) {
      x[m] = log(runs[i].h);
      y[m] = log(runs[i].metric[k]);
      m++;
    }
  if (m < 2) return NAN;
  double c0, c1, cov00, cov01, cov11, sumsq;
  gsl_error_handler_t *old = gsl_set_error_handler_off();
  int s = gsl_fit_linear(x, 1, y, 1, (size_t)m, &c0, &c1, &cov00, &cov01, &cov11, &sumsq);
  gsl_set_error_handler(old);
  return s ? NAN : c1;
}

void exp_check(exp_ctx *ctx, const char *what, double value, int upper, double limit)
{
  if (ctx->nchecks >= EXP_MAX_CHECKS) {
    fprintf(stderr, "[%s] FAIL  too many checks (at most %d): '%s' not recorded\n", ctx->def->name, EXP_MAX_CHECKS,
            what);
    ctx->overflow = 1;
    return;
  }
  check *c = &ctx->checks[ctx->nchecks++];
  snprintf(c->what, sizeof c->what, "%s", what);
  c->value = value;
  c->limit = limit;
  c->upper = upper;
  c->pass = isfinite(value) && (upper ? value <= limit : value >= limit);
  fprintf(stderr, "[%s] %s  %s: %.6g %s %.6g\n", ctx->def->name, c->pass ? "PASS" : "FAIL", what, value,
          upper ? "<=" : ">=", limit);
}

void exp_checkf(exp_ctx *ctx, double value, int upper, double limit, const char *fmt, ...)
{
  char what[sizeof((check *)0)->what];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(what, sizeof what, fmt, ap);
  va_end(ap);
  exp_check(ctx, what, value, upper, limit);
}

void exp_result(exp_ctx *ctx, const char *key, double value)
{
  if (ctx->nresults >= EXP_MAX_CHECKS) {
    fprintf(stderr, "[%s] FAIL  too many results (at most %d): '%s' not recorded\n", ctx->def->name, EXP_MAX_CHECKS,
            key);
    ctx->overflow = 1;
    return;
  }
  snprintf(ctx->result_key[ctx->nresults], sizeof ctx->result_key[0], "%s", key);
  ctx->result_val[ctx->nresults++] = value;
}

/* --levelset-band (exp_levelset_band). */
static int levelset_band = CAP_LEVELSET_BAND;

int exp_levelset_band(void) { return levelset_band; }

static void usage(const exp_def *d, FILE *f)
{
  fprintf(f,
          "usage: %s [--quick | --full] [--levels LIST] [--out DIR] [--threads N] [--levelset-band B]\n       "
          "[--checkpoint-every S] [--resume] [--sample N [--seed S]] [--help] [--PARAM VALUE ...]\n\n",
          d->name);
  fprintf(f, "%s\n  source: %s\n  reference: %s\n\n", d->claim, d->source, d->reference);
  fprintf(f, "  --quick         the CI sweep:      ");
  for (int i = 0; i < EXP_MAX_LEVELS && d->quick[i] > 0; i++) fprintf(f, "%g ", d->quick[i]);
  fprintf(f, "cells across\n  (default)       the paper sweep:   ");
  for (int i = 0; i < EXP_MAX_LEVELS && d->standard[i] > 0; i++) fprintf(f, "%g ", d->standard[i]);
  fprintf(f, "\n  --full          the publication sweep: ");
  for (int i = 0; i < EXP_MAX_LEVELS && d->full[i] > 0; i++) fprintf(f, "%g ", d->full[i]);
  if (d->standard3d[0] > 0) {
    const double *sw[3] = {d->quick3d, d->standard3d, d->full3d};
    fprintf(f, "\n  --geometry 3d sweeps: quick, default, full:");
    for (int k = 0; k < 3; k++) {
      fprintf(f, "%s", k ? "; " : " ");
      for (int i = 0; i < EXP_MAX_LEVELS && sw[k][i] > 0; i++) fprintf(f, "%s%g", i ? " " : "", sw[k][i]);
    }
  }
  fprintf(f,
          "\n  --levels LIST   comma-separated cells across the feature (4 <= each <= 1024, at most %d)\n"
          "  --out DIR       output folder (default build/out); files go to DIR/%s/\n"
          "  --threads N     worker threads of the solver's sweeps (default: OMP_NUM_THREADS, else every\n"
          "                  core); results are identical for any N\n"
          "  --levelset-band B  the level set is advected and reinitialised on the cells within B cells\n"
          "                  of the interface (default %d; 0: every cell; else at least %d)\n"
          "  --checkpoint-every S  write DIR/%s/%s every S wall seconds\n"
          "                  (default %g; 0: none; else %g <= S <= %g)\n"
          "  --resume        continue from the checkpoint, if it belongs to this commit and these\n"
          "                  parameters (else it is refused and the run starts from its beginning)\n"
          "  --sample N      run the sweep and its checks at N points (1 to %d) of the validated\n"
          "                  envelope (the parameters marked [envelope]), drawn by Latin hypercube\n"
          "                  sampling from --seed S (0 to 4294967295, default 1); files in DIR/%s-envelope/\n",
          EXP_MAX_LEVELS, d->name, CAP_LEVELSET_BAND, CAP_LEVELSET_MIN_BAND, d->name, EXP_CKPT_FILE,
          (double)EXP_CKPT_EVERY, EXP_CKPT_EVERY_MIN, (double)EXP_CKPT_EVERY_MAX, EXP_MAX_SAMPLES, d->name);
  if (d->axi)
    fprintf(f, "  --geometry G    planar (default) or axi: the axisymmetric variant, files in DIR/%s-axi/\n", d->name);
  if (d->standard3d[0] > 0)
    fprintf(f, "  --geometry 3d   the claim in three dimensions, files in DIR/%s-3d/ (its own sweeps, below)\n",
            d->name);
  fprintf(f, "  physical parameters:\n");
  for (int i = 0; i < EXP_MAX_PARAMS && d->params[i].name; i++) {
    cap_cli_print_param(f, &d->params[i]);
    if (d->params[i].flags & (EXP_ENVELOPE | EXP_ENVELOPE_LOG))
      fprintf(f, "                  [envelope: the checks are claimed over this whole range%s]\n",
              d->params[i].flags & EXP_ENVELOPE_LOG ? ", sampled in log" : "");
  }
  if (d->cases.name) {
    fprintf(f, "    --%-10s %-6s %s: a comma-separated list of at most %d, each ", d->cases.name,
            d->cases.unit[0] ? d->cases.unit : "-", d->cases.help, EXP_MAX_CASES);
    cap_cli_print_range(f, &d->cases);
    fprintf(f, " (default");
    for (int i = 0; i < EXP_MAX_CASES && d->case_standard[i] != 0; i++)
      fprintf(f, "%s%g", i ? "," : " ", d->case_standard[i]);
    fprintf(f, "; --quick");
    const double *q = d->case_quick[0] != 0 ? d->case_quick : d->case_standard;
    for (int i = 0; i < EXP_MAX_CASES && q[i] != 0; i++) fprintf(f, "%s%g", i ? "," : " ", q[i]);
    fprintf(f, ")\n");
  }
  fprintf(f,
          "exit status: 0 pass, 1 accuracy outside tolerance, 2 usage or bad input, 3 numerical failure, 4 an\n"
          "output file or a checkpoint could not be written\n"
          "environment: %s=write:N | nan:N[:FIELD] | inf:N[:FIELD] | kill:N injects one fault (tests)\n",
          EXP_FAULT_ENV);
}

static int mkdirs(const char *path)
{
  char buf[1024];
  snprintf(buf, sizeof buf, "%s", path);
  for (char *p = buf + 1; *p; p++)
    if (*p == '/') {
      *p = 0;
      if (mkdir(buf, 0755) && errno != EEXIST) return -1;
      *p = '/';
    }
  return (mkdir(buf, 0755) && errno != EEXIST) ? -1 : 0;
}

void exp_json_string(FILE *f, const char *s)
{
  fputc('"', f);
  for (; *s; s++) {
    if (*s == '"' || *s == '\\')
      fprintf(f, "\\%c", *s);
    else if ((unsigned char)*s < 0x20)
      fprintf(f, "\\u%04x", *s);
    else
      fputc(*s, f);
  }
  fputc('"', f);
}

void exp_json_number(FILE *f, double v)
{
  if (isfinite(v))
    fprintf(f, "%.10g", v);
  else
    fprintf(f, "null");
}

/* Appends printf-formatted text to buf (size bytes) at *len, which stays within the buffer: a text
 * that does not fit is cut. */
#if defined(__GNUC__)
__attribute__((format(printf, 4, 5)))
#endif
static void
append(char *buf, size_t size, size_t *len, const char *fmt, ...)
{
  if (*len >= size - 1) return;
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(buf + *len, size - *len, fmt, ap);
  va_end(ap);
  if (n < 0)
    buf[*len] = 0;
  else
    *len = (size_t)n < size - *len ? *len + (size_t)n : size - 1;
}

static int write_convergence(exp_ctx *ctx, const exp_run *runs, int n)
{
  const exp_def *d = ctx->def;
  int nm = 0;
  while (nm < EXP_MAX_METRICS && d->metrics[nm].name) nm++;
  char cols[2048];
  size_t len = 0;
  append(cols, sizeof cols, &len, "cells\th");
  for (int k = 0; k < nm; k++) append(cols, sizeof cols, &len, "\t%s[%s]", d->metrics[k].name, d->metrics[k].unit);
  for (int k = 0; k < nm; k++)
    if (!d->metrics[k].value) append(cols, sizeof cols, &len, "\torder_%s", d->metrics[k].name);
  append(cols, sizeof cols, &len, "\tsteps\tsim_time\twall[s]\tcell_steps_per_s");
  cap_tsv *t = cap_io_tsv_open(exp_path(ctx, "convergence.tsv"), &ctx->prov, cols);
  if (!t) return CAP_EIO;
  for (int i = 0; i < n; i++) {
    double row[2 + 2 * EXP_MAX_METRICS + 4];
    int c = 0;
    row[c++] = runs[i].cells;
    row[c++] = runs[i].h;
    for (int k = 0; k < nm; k++) row[c++] = runs[i].metric[k];
    for (int k = 0; k < nm; k++)
      if (!d->metrics[k].value)
        row[c++] = i == 0 ? NAN : log(runs[i].metric[k] / runs[i - 1].metric[k]) / log(runs[i].h / runs[i - 1].h);
    row[c++] = runs[i].steps;
    row[c++] = runs[i].sim_time;
    row[c++] = runs[i].wall;
    row[c++] = runs[i].wall > 0 ? (double)runs[i].grid_cells * runs[i].steps / runs[i].wall : NAN;
    cap_io_tsv_row(t, c, row);
  }
  return cap_io_tsv_close(t);
}

static int write_summary(exp_ctx *ctx, const exp_run *runs, int n, int verdict, double wall)
{
  const exp_def *d = ctx->def;
  cap_file *file = cap_io_file_open(exp_path(ctx, "summary.json"), "w");
  if (!file) return CAP_EIO;
  FILE *f = cap_io_file_stream(file);
  const char *text[][2] = {{"experiment", ctx->name},       {"claim", d->claim}, {"source", d->source},
                           {"reference", d->reference},     {"mode", ctx->mode}, {"parameters", ctx->params},
                           {"commit", cap_version_commit()}};
  fprintf(f, "{");
  for (size_t k = 0; k < sizeof text / sizeof text[0]; k++) {
    fprintf(f, "%s\n  \"%s\": ", k ? "," : "", text[k][0]);
    exp_json_string(f, text[k][1]);
  }
  fprintf(f, ",\n  \"levels\": [");
  for (int i = 0; i < n; i++) {
    fprintf(f, i ? ", " : "");
    exp_json_number(f, runs[i].cells);
  }
  fprintf(f, "],\n  \"results\": {");
  for (int i = 0; i < ctx->nresults; i++) {
    fprintf(f, "%s\n    ", i ? "," : "");
    exp_json_string(f, ctx->result_key[i]);
    fprintf(f, ": ");
    exp_json_number(f, ctx->result_val[i]);
  }
  fprintf(f, "\n  },\n  \"observed_order\": {");
  for (int k = 0, first = 1; k < EXP_MAX_METRICS && d->metrics[k].name; k++) {
    if (d->metrics[k].value) continue;
    fprintf(f, "%s\n    ", first ? "" : ",");
    first = 0;
    exp_json_string(f, d->metrics[k].name);
    fprintf(f, ": ");
    exp_json_number(f, exp_order(runs, n, k));
  }
  fprintf(f, "\n  },\n  \"checks\": [");
  for (int i = 0; i < ctx->nchecks; i++) {
    check *c = &ctx->checks[i];
    fprintf(f, "%s\n    {\"what\": ", i ? "," : "");
    exp_json_string(f, c->what);
    fprintf(f, ", \"value\": ");
    exp_json_number(f, c->value);
    fprintf(f, ", \"limit\": ");
    exp_json_number(f, c->limit);
    fprintf(f, ", \"bound\": \"%s\", \"pass\": %s}", c->upper ? "upper" : "lower", c->pass ? "true" : "false");
  }
  fprintf(f, "\n  ],\n  \"verdict\": \"%s\",\n  \"wall_time_s\": ",
          verdict == 0 ? "PASS" : (verdict == 1 ? "FAIL" : "ERROR"));
  exp_json_number(f, wall);
  fprintf(f, "\n}\n");
  return cap_io_file_close(file, CAP_SUCCESS);
}

static void free_ctx(exp_ctx *ctx)
{
  if (!ctx) return;
  phase_begin(ctx, 0);
  free(ctx->done);
  free(ctx->resume_file);
  free(ctx->snap);
  free(ctx);
}

/* Draws the snapshots (plots/snapshot.gp) and the experiment's figures with gnuplot (plots/<name>.gp), if
 * both are there. */
static void plot(exp_ctx *ctx)
{
  const char *name = ctx->def->name; /* one script serves both geometries */
  char script[512], cmd[2600];
  /* the snapshots written while gnuplot and plots/snapshot.gp were found (exp_snapshot) */
  for (int k = 0; k < ctx->nsnap; k++) {
    const snap_entry *e = &ctx->snap[k];
    if (!e->draw) continue;
    snprintf(cmd, sizeof cmd, "gnuplot -e \"dir='%s'; %s; ref='%s'\" plots/snapshot.gp", ctx->dir, e->settings, e->ref);
    if (system(cmd) != 0) fprintf(stderr, "[%s] gnuplot failed on the snapshot %s\n", name, e->stem);
  }
  snprintf(script, sizeof script, "plots/%s.gp", name);
  if (access(script, R_OK) != 0) {
    fprintf(stderr, "[%s] figures skipped: %s not found (run from the repository root)\n", name, script);
    return;
  }
  if (system("command -v gnuplot >/dev/null 2>&1") != 0) {
    fprintf(stderr, "[%s] figures skipped: gnuplot is not installed\n", name);
    return;
  }
  snprintf(cmd, sizeof cmd, "gnuplot -e \"dir='%s'\" %s", ctx->dir, script);
  if (system(cmd) != 0) fprintf(stderr, "[%s] gnuplot failed on %s (the data files are intact)\n", name, script);
}

/* Parses --levels' text: 1 to EXP_MAX_LEVELS comma-separated numbers, each EXP_LEVEL_MIN <= cells <=
 * EXP_LEVEL_MAX and written from the item's first character (no space, no empty item), into levels[],
 * then 0; returns their count, or -1 with the message printed. */
static int parse_levels(const char *prog, const char *text, double *levels)
{
  int n = 0;
  for (const char *p = text;; p++) {
    if (*p == ',' || !*p) {
      fprintf(stderr, "%s: --levels '%s': item %d is empty; allowed a comma-separated list of at most %d numbers\n",
              prog, text, n + 1, EXP_MAX_LEVELS);
      return -1;
    }
    char *end = NULL; /* strtod would skip leading spaces: refused */
    errno = 0;
    double v = isspace((unsigned char)*p) ? NAN : strtod(p, &end);
    if (!end || end == p || errno || !(v >= EXP_LEVEL_MIN && v <= EXP_LEVEL_MAX) || n >= EXP_MAX_LEVELS ||
        (*end && *end != ',')) {
      fprintf(stderr,
              "%s: --levels '%s': allowed a comma-separated list of at most %d numbers, each %d <= cells <= %d\n", prog,
              text, EXP_MAX_LEVELS, EXP_LEVEL_MIN, EXP_LEVEL_MAX);
      return -1;
    }
    levels[n++] = v;
    p = end;
    if (!*p) break;
  }
  levels[n] = 0;
  return n;
}

/* Parses the list of def->cases (p) from text: 1 to EXP_MAX_CASES comma-separated values, each one
 * cap_cli_parse accepts for p, none 0, into v[]; returns their count, or -1 with the message printed. */
static int parse_cases(const char *prog, const cap_cli_param *p, const char *text, double *v)
{
  int n = 0;
  for (const char *s = text;;) {
    size_t len = strcspn(s, ",");
    char item[64];
    if (len == 0 || len >= sizeof item || n >= EXP_MAX_CASES) {
      fprintf(stderr, "%s: --%s '%s': allowed a comma-separated list of 1 to %d values (item %d %s)\n", prog, p->name,
              text, EXP_MAX_CASES, n + 1,
              len == 0             ? "is empty"
              : n >= EXP_MAX_CASES ? "is one too many"
                                   : "is too long");
      return -1;
    }
    memcpy(item, s, len);
    item[len] = 0;
    if (cap_cli_parse(prog, p, item, &v[n])) return -1;
    if (v[n++] == 0) {
      fprintf(stderr, "%s: --%s '%s': item %d is 0; allowed non-zero values\n", prog, p->name, text, n);
      return -1;
    }
    s += len;
    if (!*s++) break;
  }
  return n;
}

/* A count N >= 1 at text (digits only) up to `end` (a ':' or the end); -1 if it is not one. */
static long fault_count(const char *text, char **end)
{
  if (*text < '0' || *text > '9') return -1;
  errno = 0;
  long n = strtol(text, end, 10);
  return errno || n < 1 || (**end && **end != ':') ? -1 : n;
}

/* Installs the fault that CAPILLAB_FAULT names (see harness.h); 0, or 2 with the error printed. */
static int fault_from_env(const char *name)
{
  const char *v = getenv(EXP_FAULT_ENV);
  if (!v || !*v) return 0;
  char *end = NULL;
  long n = -1;
  if (!strncmp(v, "write:", 6) && (n = fault_count(v + 6, &end)) > 0 && !*end) {
    cap_io_fault_write(n);
    return 0;
  }
  if (!strncmp(v, "kill:", 5) && (n = fault_count(v + 5, &end)) > 0 && !*end) {
    kill_after = n;
    return 0;
  }
  int nan = !strncmp(v, "nan:", 4), inf = !strncmp(v, "inf:", 4);
  if ((nan || inf) && (n = fault_count(v + 4, &end)) > 0) {
    const char *field = *end ? end + 1 : "phi";
    int f = !strcmp(field, "phi") ? CAP_NS_FAULT_PHI
            : !strcmp(field, "u") ? CAP_NS_FAULT_U
            : !strcmp(field, "v") ? CAP_NS_FAULT_V
                                  : -1;
    if (f >= 0) {
      cap_ns_fault_inject(n, (cap_ns_fault_field)f, nan ? NAN : INFINITY);
      return 0;
    }
  }
  fprintf(stderr,
          "%s: %s='%s': allowed write:N (the N-th output file fails as if the disk were full), nan:N[:FIELD] or "
          "inf:N[:FIELD] (a NaN or an infinity in FIELD = phi (default), u or v at the start of the N-th time step), "
          "kill:N (SIGKILL once N checkpoints are written); N >= 1\n",
          name, EXP_FAULT_ENV, v);
  return 2;
}

/* The exit status of a failed run's cap_errno status s (harness.h). */
static int exit_status(int s) { return s == CAP_EDOM || s == CAP_EINVAL ? 2 : s == CAP_EIO ? 4 : 3; }

/* What a failed run's status s means, for its message. */
static const char *failure_kind(int s)
{
  return s == CAP_EDOM || s == CAP_EINVAL ? "bad input" : s == CAP_EIO ? "output not written" : "numerical failure";
}

int exp_parse_args(const exp_def *d, int argc, char **argv, exp_args *out)
{
  memset(out, 0, sizeof *out);
  out->mode = "standard";
  out->out = "build/out";
  out->geom = CAP_GEOM_PLANAR;
  out->band = CAP_LEVELSET_BAND;
  out->ckpt_every = EXP_CKPT_EVERY;
  out->seed = 1;
  int seed_given = 0, given[EXP_MAX_PARAMS] = {0};
  for (; out->npar < EXP_MAX_PARAMS && d->params[out->npar].name; out->npar++)
    out->par[out->npar] = d->params[out->npar].def;
  const double *levels = NULL;
  double custom[EXP_MAX_LEVELS + 1];
  int cases_given = 0;
  for (int a = 1; a < argc; a++) {
    const char *arg = argv[a];
    if (!strcmp(arg, "--help") || !strcmp(arg, "-h")) {
      usage(d, stdout);
      return 0;
    }
    if (!strcmp(arg, "--resume")) {
      out->resume = 1;
      continue;
    }
    if (!strcmp(arg, "--quick") || !strcmp(arg, "--full")) {
      out->mode = arg[2] == 'q' ? "quick" : "full";
      levels = NULL; /* the mode's sweep, for the geometry given */
      continue;
    }
    if (strncmp(arg, "--", 2) || a + 1 >= argc) {
      fprintf(stderr, "%s: unexpected argument '%s' (%s --help lists the flags)\n", d->name, arg, d->name);
      return 2;
    }
    const char *val = argv[++a];
    if (!strcmp(arg, "--levels")) {
      if (parse_levels(d->name, val, custom) < 0) return 2;
      levels = custom;
      out->mode = "custom";
    } else if (d->cases.name && !strcmp(arg + 2, d->cases.name)) {
      if ((out->ncases = parse_cases(d->name, &d->cases, val, out->cases)) < 0) return 2;
      cases_given = 1;
    } else if (!strcmp(arg, "--out")) {
      out->out = val;
    } else if (!strcmp(arg, "--geometry")) {
      if (!strcmp(val, "planar"))
        out->geom = CAP_GEOM_PLANAR;
      else if (!strcmp(val, "axi") && d->axi)
        out->geom = CAP_GEOM_AXI;
      else if (!strcmp(val, "3d") && d->standard3d[0] > 0)
        out->geom = CAP_GEOM_3D;
      else {
        fprintf(stderr, "%s: --geometry '%s': allowed planar%s%s\n", d->name, val, d->axi ? ", axi" : "",
                d->standard3d[0] > 0 ? ", 3d" : "");
        return 2;
      }
    } else if (!strcmp(arg, "--levelset-band")) {
      const cap_cli_param bp = {"levelset-band",       "cells",        "the level set's band", CAP_LEVELSET_BAND, 0,
                                CAP_LEVELSET_MAX_BAND, CAP_CLI_INTEGER};
      double b;
      if (cap_cli_parse(d->name, &bp, val, &b)) return 2;
      if (b != 0 && b < CAP_LEVELSET_MIN_BAND) {
        fprintf(stderr, "%s: --levelset-band %s is out of range: allowed 0 (every cell) or %d to %d\n", d->name, val,
                CAP_LEVELSET_MIN_BAND, CAP_LEVELSET_MAX_BAND);
        return 2;
      }
      out->band = (int)b;
    } else if (!strcmp(arg, "--checkpoint-every")) {
      const cap_cli_param cp = {"checkpoint-every",
                                "s",
                                "wall seconds between checkpoints (0: none)",
                                EXP_CKPT_EVERY,
                                EXP_CKPT_EVERY_MIN,
                                EXP_CKPT_EVERY_MAX,
                                CAP_CLI_OR_ZERO};
      if (cap_cli_parse(d->name, &cp, val, &out->ckpt_every)) return 2;
    } else if (!strcmp(arg, "--sample") || !strcmp(arg, "--seed")) {
      const cap_cli_param sp[2] = {{"sample", "", "points of the envelope", 0, 1, EXP_MAX_SAMPLES, CAP_CLI_INTEGER},
                                   {"seed", "", "the sampling's seed", 1, 0, 4294967295.0, CAP_CLI_INTEGER}};
      double v;
      if (cap_cli_parse(d->name, &sp[arg[3] == 'e'], val, &v)) return 2;
      if (arg[3] == 'e') {
        out->seed = (unsigned long)v;
        seed_given = 1;
      } else
        out->sample = (int)v;
    } else if (!strcmp(arg, "--threads")) {
      const cap_cli_param tp = {"threads", "", "worker threads", 1, 1, CAP_PAR_MAX_THREADS, CAP_CLI_INTEGER};
      double th;
      if (cap_cli_parse(d->name, &tp, val, &th)) return 2;
      if (cap_par_check_threads((int)th)) { /* a build without OpenMP runs one thread */
        fprintf(stderr, "%s: --threads %s: %s\n", d->name, val, cap_error_message());
        return 2;
      }
      out->threads = (int)th;
    } else {
      int k = -1;
      for (int i = 0; i < out->npar; i++)
        if (!strcmp(d->params[i].name, arg + 2)) k = i;
      if (k < 0) {
        fprintf(stderr, "%s: unknown flag %s (%s --help lists the flags)\n", d->name, arg, d->name);
        return 2;
      }
      if (cap_cli_parse(d->name, &d->params[k], val, &out->par[k])) return 2;
      given[k] = 1;
    }
  }
  for (int i = 0; i < out->npar; i++)
    if (isnan(out->par[i])) {
      fprintf(stderr, "%s: --%s is required (%s)\n", d->name, d->params[i].name, d->params[i].help);
      return 2;
    }
  if (seed_given && !out->sample) {
    fprintf(stderr, "%s: --seed is given without --sample N\n", d->name);
    return 2;
  }
  for (int i = 0; i < out->npar && out->sample; i++)
    if (given[i] && d->params[i].flags & (EXP_ENVELOPE | EXP_ENVELOPE_LOG)) {
      fprintf(stderr, "%s: --%s is drawn by --sample from its range: give it without --sample\n", d->name,
              d->params[i].name);
      return 2;
    }
  int nenv = out->sample ? exp_envelope_draw(d, out->par, 1, out->seed, NULL) : 1;
  if (nenv <= 0) {
    fprintf(stderr, "%s: --sample: %s\n", d->name, nenv ? cap_error_message() : "this experiment declares no envelope");
    return 2;
  }
  if (d->cases.name && !cases_given) {
    const double *c = !strcmp(out->mode, "quick") && d->case_quick[0] != 0 ? d->case_quick : d->case_standard;
    for (out->ncases = 0; out->ncases < EXP_MAX_CASES && c[out->ncases] != 0; out->ncases++)
      out->cases[out->ncases] = c[out->ncases];
  }
  if (!levels) {
    const int q = !strcmp(out->mode, "quick"), f = !strcmp(out->mode, "full");
    if (out->geom == CAP_GEOM_3D)
      levels = q ? d->quick3d : (f ? d->full3d : d->standard3d);
    else
      levels = q ? d->quick : (f ? d->full : d->standard);
  }
  while (out->nlevels < EXP_MAX_LEVELS && levels[out->nlevels] > 0) {
    out->levels[out->nlevels] = levels[out->nlevels];
    out->nlevels++;
  }
  out->levels[out->nlevels] = 0;
  if (out->nlevels == 0) {
    fprintf(stderr, "%s: the %s sweep lists no levels (--levels LIST gives them)\n", d->name, out->mode);
    return 2;
  }
  const char *why = d->invalid ? d->invalid(out->geom, out->par) : NULL;
  if (why) {
    fprintf(stderr, "%s: %s\n", d->name, why);
    return 2;
  }
  return -1;
}

/* The sweep: each level (those the checkpoint resumed from holds finished are taken from it), the
 * convergence file, the finish; *n the levels run. Returns CAP_SUCCESS or the failure's status, its
 * message printed (ctx->mismatch: a resumed phase did not match its checkpoint). */
static int sweep(exp_ctx *ctx, const exp_args *a, exp_run *runs, int *n)
{
  const exp_def *d = ctx->def;
  const int skip = ctx->resume_file ? ctx->rs.levels : 0;
  int s = CAP_SUCCESS;
  ctx->runs = runs;
  ctx->levels = 0;
  for (*n = 0; *n < a->nlevels; ++*n) {
    const int k = *n;
    if (k < skip) {
      runs[k] = ctx->rs.runs[k];
      fprintf(stderr, "[%s] level %d: %g cells across, from the checkpoint\n", d->name, k + 1, runs[k].cells);
      ctx->levels = k + 1;
      continue;
    }
    memset(&runs[k], 0, sizeof runs[k]);
    runs[k].cells = a->levels[k];
    double t = now();
    fprintf(stderr, "[%s] level %d: %g cells across\n", d->name, k + 1, a->levels[k]);
    phase_begin(ctx, k);
    s = d->run_level(ctx, a->par, a->levels[k], &runs[k]);
    runs[k].wall = now() - t;
    if (!s) ctx->levels = k + 1;
    if ((s = phase_end(ctx, s, 1))) {
      char msg[1024]; /* the message of the failure, before the convergence file may replace it */
      snprintf(msg, sizeof msg, "%s", cap_error_message());
      if (ctx->mismatch) return s;
      fprintf(stderr, "[%s] %s at %g cells: %s\n", d->name, failure_kind(s), a->levels[k], msg);
      if (k > 0) write_convergence(ctx, runs, k); /* what was finished stays written */
      return s;
    }
  }
  s = write_convergence(ctx, runs, *n);
  phase_begin(ctx, *n);
  if (!s) s = phase_end(ctx, d->finish(ctx, a->par, runs, *n), 0);
  if (s && !ctx->mismatch) fprintf(stderr, "[%s] %s: %s\n", d->name, failure_kind(s), cap_error_message());
  return s;
}

/* Forgets the checkpoint and everything the run registered, for a run from the beginning. */
static void restart(exp_ctx *ctx)
{
  resume_drop(ctx);
  phase_begin(ctx, 0);
  ctx->mismatch = ctx->nchecks = ctx->nresults = ctx->overflow = ctx->nsnap = 0;
  ctx->t0 = ctx->ckpt_last = now();
}

/* Copies what the run left in ctx (its levels runs[0..n-1], its checks) to *o (NULL: nothing). */
static void outcome(const exp_ctx *ctx, const exp_run *runs, int n, int status, exp_outcome *o)
{
  if (!o) return;
  memset(o, 0, sizeof *o);
  o->status = status;
  o->nruns = n;
  memcpy(o->runs, runs, (size_t)n * sizeof *runs);
  o->nchecks = ctx->nchecks;
  for (int i = 0; i < ctx->nchecks; i++) {
    const check *c = &ctx->checks[i];
    snprintf(o->what[i], sizeof o->what[i], "%s", c->what);
    o->value[i] = c->value;
    o->limit[i] = c->limit;
    o->upper[i] = c->upper;
    o->pass[i] = c->pass;
  }
  o->wall = now() - ctx->t0;
}

/* The run of the command line a (envelope.h): the thread count, the band, the fault of CAPILLAB_FAULT,
 * the output folder, the sweep, the experiment's checks and the summary; returns the exit status. */
int exp_run_outcome(const exp_def *d, const exp_args *a, exp_outcome *o)
{
  if (a->threads && cap_par_set_threads(a->threads)) { /* exp_parse_args checked it: not expected */
    fprintf(stderr, "%s: --threads %d: %s\n", d->name, a->threads, cap_error_message());
    return 2;
  }
  levelset_band = a->band;
  int s = fault_from_env(d->name);
  if (s) return s;
  exp_ctx *ctx = calloc(1, sizeof *ctx);
  if (!ctx) {
    fprintf(stderr, "%s: out of memory\n", d->name);
    return 3;
  }
  ctx->def = d;
  ctx->mode = a->mode;
  ctx->geom = a->geom;
  memcpy(ctx->cases, a->cases, sizeof ctx->cases);
  ctx->ncases = a->ncases;
  const double *levels = a->levels, *par = a->par;
  snprintf(ctx->name, sizeof ctx->name, "%s%s", d->name, exp_geometry_suffix(ctx->geom));
  size_t len = 0;
  append(ctx->params, sizeof ctx->params, &len, "mode=%s geometry=%s levels=", ctx->mode, exp_geometry_word(ctx->geom));
  for (int i = 0; i < a->nlevels; i++) append(ctx->params, sizeof ctx->params, &len, "%s%g", i ? "," : "", levels[i]);
  for (int i = 0; i < a->npar; i++) append(ctx->params, sizeof ctx->params, &len, " %s=%g", d->params[i].name, par[i]);
  if (a->ncases) append(ctx->params, sizeof ctx->params, &len, " %s=", d->cases.name);
  for (int i = 0; i < a->ncases; i++) append(ctx->params, sizeof ctx->params, &len, "%s%g", i ? "," : "", a->cases[i]);
  append(ctx->params, sizeof ctx->params, &len, " levelset_band=%d", levelset_band);
  ctx->prov.program = ctx->name;
  ctx->prov.params = ctx->params;
  snprintf(ctx->dir, sizeof ctx->dir, "%s/%s", a->out, ctx->name);
  if (mkdirs(ctx->dir)) {
    fprintf(stderr, "%s: cannot create the output folder %s: %s\n", d->name, ctx->dir, strerror(errno));
    free_ctx(ctx);
    return 2;
  }
  cap_set_error_handler(cap_error_handler_stderr, NULL);
  ctx->t0 = ctx->ckpt_last = now();
  ctx->ckpt_every = a->ckpt_every;
  snprintf(ctx->ckpt_path, sizeof ctx->ckpt_path, "%s/%s", ctx->dir, EXP_CKPT_FILE);
  remove_stale_tmp(ctx);
  if (a->resume) resume_load(ctx, a->nlevels);
  fprintf(stderr, "[%s] %s sweep: %s\n", d->name, ctx->mode, ctx->params);
  exp_run runs[EXP_MAX_LEVELS];
  int n = 0;
  s = sweep(ctx, a, runs, &n);
  if (s && ctx->mismatch) { /* a resumed phase that does not match its checkpoint: once more, from the start */
    fprintf(stderr, "[%s] checkpoint %s refused: it does not match this run (%s); the run starts from its beginning\n",
            d->name, ctx->ckpt_path, cap_error_message());
    restart(ctx);
    s = sweep(ctx, a, runs, &n);
  }
  if (s) {
    outcome(ctx, runs, n, exit_status(s), o);
    free_ctx(ctx);
    return exit_status(s);
  }
  int verdict = 0;
  for (int i = 0; i < ctx->nchecks; i++)
    if (!ctx->checks[i].pass) verdict = 1;
  if (ctx->nchecks == 0 || ctx->overflow) verdict = 1; /* nothing checked, or a check lost: no pass */
  double wall = now() - ctx->t0;
  if ((s = write_summary(ctx, runs, n, verdict, wall))) {
    fprintf(stderr, "[%s] %s: %s\n", d->name, failure_kind(s), cap_error_message());
    outcome(ctx, runs, n, exit_status(s), o);
    free_ctx(ctx);
    return exit_status(s);
  }
  remove(ctx->ckpt_path); /* the run is complete: nothing to resume */
  if (!o) plot(ctx);
  outcome(ctx, runs, n, verdict, o);
  fprintf(stderr, "[%s] %s (%d checks, %.1f s); results in %s\n", d->name, verdict ? "FAIL" : "PASS", ctx->nchecks,
          wall, ctx->dir);
  free_ctx(ctx);
  return verdict;
}

int exp_main(const exp_def *d, int argc, char **argv)
{
  exp_args a;
  int status = exp_parse_args(d, argc, argv, &a);
  if (status >= 0) return status;
  return a.sample ? exp_envelope_run(d, &a) : exp_run_outcome(d, &a, NULL);
}

int exp_level_at(const exp_run *runs, int n, double cells)
{
  int a = 0;
  for (int i = 0; i < n; i++)
    if (runs[i].cells <= cells * (1 + 1e-9)) a = i;
  return a;
}

int exp_png_with_solid(exp_ctx *ctx, const char *file, const cap_grid *g, const double *phi, const unsigned char *solid,
                       double range, int scale)
{
  double *f = cap_grid_field_alloc(g);
  if (!f) return CAP_ERROR(CAP_ENOMEM, "snapshot %s: cannot allocate a field", file);
  for (size_t c = 0; c < g->size; c++) f[c] = solid[c] ? NAN : phi[c];
  int st = cap_io_png_field(exp_path(ctx, file), g, f, -range, range, CAP_CMAP_DIVERGING, phi, scale);
  free(f);
  return st;
}

int exp_png_surface(exp_ctx *ctx, const char *file, const cap_grid *g, const double *phi, int mirror)
{
  cap_io_view view = {.azimuth = 30, .elevation = 25, .width = 480, .height = 480, .box = 1};
  for (int a = 0; a < 3; a++) view.mirror[a] = (mirror >> a) & 1;
  return cap_io_png_surface(exp_path(ctx, file), g, phi, &view);
}

/* Whether snapshots can be drawn by gnuplot: the program and plots/snapshot.gp (run from the repository
 * root), looked up once. */
static int snapshot_gnuplot(void)
{
  static int have = -1;
  if (have < 0) have = access("plots/snapshot.gp", R_OK) == 0 && system("command -v gnuplot >/dev/null 2>&1") == 0;
  return have;
}

/* Field f at cell (i, j) of the interior, or on a side of the box (i = -1 or nx, j = -1 or ny): linearly
 * extrapolated from the two cells next to it (one cell: its value), or on a mirror side (the left one,
 * with mirror) the first cell's value, the mirrored field's linear interpolant there. */
static double side_sample(const cap_grid *g, const double *f, int i, int j, int mirror)
{
  int ia[2], ja[2];
  double wi[2], wj[2];
  const int n[2] = {g->nx, g->ny}, at[2] = {i, j};
  int *idx[2] = {ia, ja};
  double *w[2] = {wi, wj};
  for (int d = 0; d < 2; d++) {
    int lo = at[d] < 0, hi = at[d] >= n[d], flat = n[d] < 2 || (d == 0 && lo && mirror);
    idx[d][0] = lo ? 0 : hi ? n[d] - 1 : at[d];
    idx[d][1] = lo ? 1 : hi ? n[d] - 2 : at[d];
    w[d][0] = (lo || hi) && !flat ? 1.5 : 1;
    w[d][1] = (lo || hi) && !flat ? -0.5 : 0;
  }
  double v = 0;
  for (int a = 0; a < 2; a++)
    for (int b = 0; b < 2; b++)
      if (wi[a] * wj[b] != 0) v += wi[a] * wj[b] * f[cap_grid_idx(g, ia[a], ja[b])];
  return v;
}

int exp_snapshot(exp_ctx *ctx, const char *stem, const cap_grid *g, int n, const double *const *phi, const double *t,
                 const double *psi, int mirror)
{
  char file[160];
  if (n < 1 || n > EXP_MAX_FRAMES)
    return CAP_ERROR(CAP_EDOM, "snapshot %s: n = %d frames is out of range: allowed 1 to %d", stem, n, EXP_MAX_FRAMES);
  if (snprintf(file, sizeof file, "%s_ref.dat", stem) >= (int)sizeof file)
    return CAP_ERROR(CAP_EINVAL, "snapshot: the name \"%s\" is too long", stem);
  if (mirror && g->x0 != 0) return CAP_ERROR(CAP_EINVAL, "snapshot %s: mirrored across x0 = %g, not 0", stem, g->x0);
  if (ctx->nsnap == ctx->capsnap) {
    int cap = ctx->capsnap ? 2 * ctx->capsnap : 16;
    void *more = realloc(ctx->snap, (size_t)cap * sizeof *ctx->snap);
    if (!more) return CAP_ERROR(CAP_ENOMEM, "snapshot %s: cannot grow the list of snapshots", stem);
    ctx->snap = more;
    ctx->capsnap = cap;
  }
  snprintf(file, sizeof file, "%s.dat", stem);
  cap_file *out = cap_io_file_open(exp_path(ctx, file), "w");
  if (!out) return CAP_EIO;
  FILE *f = cap_io_file_stream(out);
  cap_io_write_provenance(f, &ctx->prov);
  fprintf(f,
          "# a snapshot of phi: %d frame(s), one block each (gnuplot index k), rows of the grid separated by a blank "
          "line%s\n# grid: %d x %d cells, h = %.9g\n# times:",
          n, mirror ? "; each row starts on the mirror line x = x0 with the first cell's values" : "", g->nx, g->ny,
          g->h);
  for (int k = 0; k < n; k++) fprintf(f, " %.9g", t[k]);
  fprintf(f, "\n# columns: x[length]\ty[length]\tphi[length]%s\n", psi ? "\tpsi[length: the solid's distance]" : "");
  for (int k = 0; k < n; k++) {
    if (k) fprintf(f, "\n\n");
    for (int j = -1; j <= g->ny; j++) {
      double y = j < 0 ? g->y0 : j == g->ny ? g->y0 + g->ny * g->h : cap_grid_yc(g, j);
      for (int i = -1; i <= g->nx; i++) {
        double x = i < 0 ? g->x0 : i == g->nx ? g->x0 + g->nx * g->h : cap_grid_xc(g, i);
        fprintf(f, "%.7g\t%.7g\t%.7g", x, y, side_sample(g, phi[k], i, j, mirror));
        fprintf(f, psi ? "\t%.7g\n" : "\n", psi ? side_sample(g, psi, i, j, mirror) : 0);
      }
      fprintf(f, "\n");
    }
  }
  int st = cap_io_file_close(out, CAP_SUCCESS);
  if (st) return st;
  /* drawn at the end of the run (plot), not inside the timed runs */
  snap_entry *e = NULL; /* a snapshot taken again under its name (at a finer level) replaces the first */
  for (int k = 0; k < ctx->nsnap && !e; k++)
    if (strcmp(ctx->snap[k].stem, stem) == 0) e = &ctx->snap[k];
  if (!e) e = memset(&ctx->snap[ctx->nsnap++], 0, sizeof *e); /* every byte defined: checkpoints copy it */
  char times[EXP_MAX_FRAMES * 24] = "";
  size_t len = 0;
  for (int k = 0; k < n; k++) append(times, sizeof times, &len, "%s%.4g", k ? " " : "", t[k]);
  snprintf(e->stem, sizeof e->stem, "%s", stem);
  snprintf(e->settings, sizeof e->settings, "stem='%s'; frames=%d; times='%s'; mirror=%d; axi=%d; solid=%d", stem, n,
           times, mirror, g->geom == CAP_GEOM_AXI, psi != NULL);
  e->draw = snapshot_gnuplot();
  e->ref[0] = 0;
  return e->draw ? CAP_SUCCESS : CAP_ENOSOL;
}

int exp_snapshot_ref(exp_ctx *ctx, const char *stem, const char *label, int ncurves, const int *npts, const double *x,
                     const double *y)
{
  snap_entry *e = NULL;
  for (int k = ctx->nsnap - 1; k >= 0 && !e; k--)
    if (strcmp(ctx->snap[k].stem, stem) == 0) e = &ctx->snap[k];
  if (!e) return CAP_ERROR(CAP_EINVAL, "snapshot reference: this run took no snapshot \"%s\"", stem);
  if (strlen(label) >= sizeof e->ref || strpbrk(label, "'\"\\$`") || !*label)
    return CAP_ERROR(CAP_EINVAL,
                     "snapshot reference %s: the label must have 1 to %zu characters and none of ' \" \\ $ `", stem,
                     sizeof e->ref - 1);
  if (ncurves < 1) return CAP_ERROR(CAP_EDOM, "snapshot reference %s: ncurves = %d: allowed 1 or more", stem, ncurves);
  long total = 0;
  for (int c = 0; c < ncurves; c++) {
    if (npts[c] < 2)
      return CAP_ERROR(CAP_EDOM, "snapshot reference %s: curve %d has %d points: allowed 2 or more", stem, c, npts[c]);
    total += npts[c];
  }
  for (long k = 0; k < total; k++)
    if (!isfinite(x[k]) || !isfinite(y[k]))
      return CAP_ERROR(CAP_EDOM, "snapshot reference %s: point %ld is not finite", stem, k);
  char file[160];
  snprintf(file, sizeof file, "%s_ref.dat", stem);
  cap_file *out = cap_io_file_open(exp_path(ctx, file), "w");
  if (!out) return CAP_EIO;
  FILE *f = cap_io_file_stream(out);
  cap_io_write_provenance(f, &ctx->prov);
  fprintf(f, "# the reference shape over the snapshot %s: %s; %d curve(s), a blank line after each\n", stem, label,
          ncurves);
  fprintf(f, "# columns: x[length]\ty[length]\n");
  for (int c = 0, k = 0; c < ncurves; c++) {
    for (int q = 0; q < npts[c]; q++, k++) fprintf(f, "%.9g\t%.9g\n", x[k], y[k]);
    fprintf(f, "\n");
  }
  int st = cap_io_file_close(out, CAP_SUCCESS);
  if (!st) snprintf(e->ref, sizeof e->ref, "%s", label);
  return st;
}

void exp_run_add(exp_run *run, double h, long steps, double sim_time, long grid_cells)
{
  if (!run) return;
  run->h = h;
  run->steps += steps;
  run->sim_time = sim_time;
  run->grid_cells += grid_cells;
}
