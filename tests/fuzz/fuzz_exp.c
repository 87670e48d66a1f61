/* libFuzzer target: exp_parse_args (experiments/harness.h), the experiments' command line, on a
 * synthetic experiment (exp_def) and an argv both taken from the input.
 *
 * Input: byte 0 = the number of parameters (bits 0-2, at most 4), axi (bit 3), a list parameter of
 * cases (bit 4: --cases, 0.5 to 20, integer with bit 6; default 0.5,1,2, or 3,1,2 when integer, quick
 * 2 or, with bit 5, none: the default's); then per parameter 4 bytes: its flags (bits 0-3 CAP_CLI_*,
 * bit 4 a unit, bit 5 EXP_ENVELOPE, bit 6 EXP_ENVELOPE_LOG), its bounds lo and hi and its default (from a table; a default its
 * range refuses becomes NaN: required); then 3 bytes, the number of levels (0 to EXP_MAX_LEVELS, 8:
 * a full table with no 0 after it) of the quick, standard and full sweeps, whose values follow the
 * byte after (level k = levels[(byte + k) % N]). The rest is argv[1..], split at NUL or newline (a
 * final separator ends the last argument), at most 64 arguments, each in its own allocation.
 *
 * Contract, checked against a model of the documented grammar written here (not the harness's code):
 * the result is -1, 0 or 2, and the model's (0 at a --help or -h reached before any error; 2 at the
 * first error: an argument that is not a flag, a flag without its value, an unknown flag, a value
 * refused, a required parameter missing, an empty sweep; -1 otherwise). On -1: every parameter is
 * finite and allowed by its range (fuzz_contract.h), the last value its flag was given or its
 * default; the mode and levels those of the last of --quick, --full and --levels (1 to
 * EXP_MAX_LEVELS levels, each finite and > 0, from --levels each EXP_LEVEL_MIN..EXP_LEVEL_MAX, from
 * a sweep its table's); --geometry axi only if the exp_def has it; the band 0 or
 * CAP_LEVELSET_MIN_BAND..CAP_LEVELSET_MAX_BAND (default CAP_LEVELSET_BAND); threads 0 (not given) or
 * 1..CAP_PAR_MAX_THREADS (1 without OpenMP); --out the last one given; --checkpoint-every 0 or
 * EXP_CKPT_EVERY_MIN..EXP_CKPT_EVERY_MAX (default EXP_CKPT_EVERY); resume 1 if --resume (a flag without
 * a value) was given; the cases those of the last --cases (1 to EXP_MAX_CASES comma-separated items,
 * none empty or of 64 characters or more, each a number its range allows, none 0), else the sweep's
 * default list; --sample 1..EXP_MAX_SAMPLES and --seed 0..2^32 - 1 (default 1), whole numbers, --seed
 * only with --sample, and --sample only when some parameter is in the envelope, none of them given a
 * value, and every one can span it (finite lo < hi; lo > 0 in log; an integer's bounds whole and
 * closed). Each flag: the last one wins.
 * Run with -close_fd_mask=3 (the help and the usage errors go to stdout and stderr; make fuzz does). */
#include <errno.h>
#include <float.h>
#include <stdint.h>
#include <string.h>

#include "../../experiments/envelope.h"
#include "../../experiments/harness.h"
#include "../../solver/cap_levelset.h"
#include "../../solver/cap_par.h"
#include "fuzz_contract.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAX_ARGS 64

static const double values[] = {-INFINITY, INFINITY, 0.0,      1.0, -1.0, 0.5,  4.0,    10.0, 100.0,    1e-300, DBL_MAX,
                                2.5,       1e308,    -DBL_MAX, 7.0, 3.0,  1e-9, 1000.0, -0.0, 4.9e-324, NAN};
enum { NVALUES = (int)(sizeof values / sizeof values[0]) };
static const double level_values[] = {4, 8, 12.8, 16, 25.6, 51.2, 1024, 0.5, 2000, 1e-3, 6, 100};
enum { NLEVELS = (int)(sizeof level_values / sizeof level_values[0]) };
static const char *const names[] = {"radius", "t-sweep", "n", "angle"};

static int same_bits(double a, double b) { return memcmp(&a, &b, sizeof a) == 0; }

/* A number as the grammar reads it: the whole text by strtod, finite, not a non-zero text that
 * underflows to 0; 1 and *x, or 0. */
static int number(const char *text, double *x)
{
  char *end;
  errno = 0;
  *x = strtod(text, &end);
  return end != text && *end == '\0' && isfinite(*x) && !(errno == ERANGE && *x == 0);
}

/* The comma-separated items of a list flag, each copied to a string of fewer than cap characters and
 * read by accept (1: taken into *x) into v[], at most max of them, none empty; the count, or -1. */
static int model_list(const char *text, size_t cap, int max, int (*accept)(const void *, const char *, double *),
                      const void *arg, double *v)
{
  int n = 0;
  for (const char *p = text;;) {
    const char *comma = strchr(p, ',');
    size_t len = comma ? (size_t)(comma - p) : strlen(p);
    char item[512];
    if (len == 0 || len >= cap || n >= max) return -1;
    memcpy(item, p, len);
    item[len] = '\0';
    if (!accept(arg, item, &v[n++])) return -1;
    if (!comma) return n;
    p = comma + 1;
  }
}

/* A --levels item: a number from its first character (no space) in [EXP_LEVEL_MIN, EXP_LEVEL_MAX]. */
static int level_item(const void *arg, const char *item, double *x)
{
  (void)arg;
  return !(item[0] == ' ' || (item[0] >= '\t' && item[0] <= '\r')) && number(item, x) && *x >= EXP_LEVEL_MIN &&
         *x <= EXP_LEVEL_MAX;
}

/* A --cases item: a number the list's range (arg) allows, not 0. */
static int case_item(const void *arg, const char *item, double *x)
{
  return number(item, x) && fuzz_allowed(arg, *x) && *x != 0;
}

/* The model's expectation of a command line: the status and, for -1, the outcome in *m. */
static int model(const exp_def *d, int np, int argc, char **argv, exp_args *m, int nq, int ns, int nf)
{
  const char *mode = "standard";
  int ntab = ns;
  double custom[EXP_MAX_LEVELS];
  int ncustom = 0, cases_given = 0;
  m->out = "build/out";
  m->geom = CAP_GEOM_PLANAR;
  m->band = CAP_LEVELSET_BAND;
  m->threads = 0;
  m->ckpt_every = EXP_CKPT_EVERY;
  m->resume = 0;
  m->sample = 0;
  m->seed = 1;
  int seed_given = 0, given[4] = {0};
  for (int i = 0; i < np; i++) m->par[i] = d->params[i].def;
  for (int a = 1; a < argc; a++) {
    const char *arg = argv[a];
    if (!strcmp(arg, "--help") || !strcmp(arg, "-h")) return 0;
    if (!strcmp(arg, "--quick")) {
      mode = "quick", ntab = nq;
      continue;
    }
    if (!strcmp(arg, "--full")) {
      mode = "full", ntab = nf;
      continue;
    }
    if (!strcmp(arg, "--resume")) {
      m->resume = 1;
      continue;
    }
    if (strncmp(arg, "--", 2) != 0 || a + 1 >= argc) return 2;
    const char *val = argv[++a];
    double x;
    if (!strcmp(arg, "--levels")) {
      if ((ncustom = model_list(val, 512, EXP_MAX_LEVELS, level_item, NULL, custom)) < 0) return 2;
      mode = "custom";
    } else if (d->cases.name && !strcmp(arg + 2, d->cases.name)) {
      if ((m->ncases = model_list(val, 64, EXP_MAX_CASES, case_item, &d->cases, m->cases)) < 0) return 2;
      cases_given = 1;
    } else if (!strcmp(arg, "--out")) {
      m->out = val;
    } else if (!strcmp(arg, "--geometry")) {
      if (!strcmp(val, "planar"))
        m->geom = CAP_GEOM_PLANAR;
      else if (!strcmp(val, "axi") && d->axi)
        m->geom = CAP_GEOM_AXI;
      else
        return 2;
    } else if (!strcmp(arg, "--levelset-band")) {
      if (!number(val, &x) || x != floor(x) || !(x == 0 || (x >= 6 && x <= 1 << 20))) return 2;
      m->band = (int)x;
    } else if (!strcmp(arg, "--checkpoint-every")) {
      const cap_cli_param every = {"checkpoint-every", "s", "", EXP_CKPT_EVERY, EXP_CKPT_EVERY_MIN, EXP_CKPT_EVERY_MAX,
                                   CAP_CLI_OR_ZERO};
      if (!number(val, &x) || !fuzz_allowed(&every, x)) return 2;
      m->ckpt_every = x;
    } else if (!strcmp(arg, "--sample")) {
      if (!number(val, &x) || x != floor(x) || x < 1 || x > EXP_MAX_SAMPLES) return 2;
      m->sample = (int)x;
    } else if (!strcmp(arg, "--seed")) {
      if (!number(val, &x) || x != floor(x) || x < 0 || x > 4294967295.0) return 2;
      m->seed = (unsigned long)x;
      seed_given = 1;
    } else if (!strcmp(arg, "--threads")) {
#ifdef _OPENMP
      const double most = 1024;
#else
      const double most = 1;
#endif
      if (!number(val, &x) || x != floor(x) || x < 1 || x > most) return 2;
      m->threads = (int)x;
    } else {
      int k = -1;
      for (int i = 0; i < np; i++)
        if (!strcmp(arg + 2, d->params[i].name)) k = i;
      if (k < 0 || !number(val, &x) || !fuzz_allowed(&d->params[k], x)) return 2;
      m->par[k] = x;
      given[k] = 1;
    }
  }
  for (int i = 0; i < np; i++)
    if (isnan(m->par[i])) return 2;
  if (seed_given && !m->sample) return 2;
  int envelope = 0;
  for (int i = 0; i < np && m->sample; i++) {
    const cap_cli_param *p = &d->params[i];
    if (!(p->flags & (EXP_ENVELOPE | EXP_ENVELOPE_LOG))) continue;
    if (given[i]) return 2;
    envelope = 1;
    if (!(isfinite(p->lo) && isfinite(p->hi) && p->lo < p->hi)) return 2;
    if ((p->flags & EXP_ENVELOPE_LOG) && p->lo <= 0) return 2;
    if ((p->flags & CAP_CLI_INTEGER) &&
        (p->lo != floor(p->lo) || p->hi != floor(p->hi) || (p->flags & (CAP_CLI_LO_OPEN | CAP_CLI_HI_OPEN))))
      return 2;
  }
  if (m->sample && !envelope) return 2;
  m->mode = mode;
  const double *tab = !strcmp(mode, "custom")  ? custom
                      : !strcmp(mode, "quick") ? d->quick
                      : !strcmp(mode, "full")  ? d->full
                                               : d->standard;
  if (d->cases.name && !cases_given) {
    const double *c = !strcmp(mode, "quick") && d->case_quick[0] != 0 ? d->case_quick : d->case_standard;
    for (m->ncases = 0; m->ncases < EXP_MAX_CASES && c[m->ncases] != 0; m->ncases++) m->cases[m->ncases] = c[m->ncases];
  }
  m->nlevels = !strcmp(mode, "custom") ? ncustom : ntab;
  for (int k = 0; k < m->nlevels; k++) m->levels[k] = tab[k];
  return m->nlevels ? -1 : 2;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  if (size < 1) return 0;
  exp_def d;
  memset(&d, 0, sizeof d);
  d.name = "fuzz_exp";
  d.claim = d.source = d.reference = "fuzzed";
  int np = data[0] & 7;
  if (np > 4) np = 4;
  d.axi = (data[0] >> 3) & 1;
  if (data[0] & 16) {
    d.cases = (cap_cli_param){"cases", "", "fuzzed cases", NAN, 0.5, 20, (data[0] & 64) ? CAP_CLI_INTEGER : 0};
    memcpy(d.case_standard, (double[]){(data[0] & 64) ? 3 : 0.5, 1, 2}, 3 * sizeof(double)); /* lists it allows */
    if (!(data[0] & 32)) d.case_quick[0] = 2;
  }
  data++, size--;
  if (size < (size_t)(4 * np + 6)) return 0;
  for (int i = 0; i < np; i++, data += 4, size -= 4) {
    cap_cli_param *p = &d.params[i];
    *p = (cap_cli_param){names[i],
                         (data[0] & 16) ? "m" : "",
                         "a fuzzed parameter",
                         0,
                         values[data[1] % NVALUES],
                         values[data[2] % NVALUES],
                         (data[0] & 15) | (data[0] & 32 ? EXP_ENVELOPE : 0) | (data[0] & 64 ? EXP_ENVELOPE_LOG : 0)};
    if (isnan(p->lo)) p->lo = -INFINITY;
    if (isnan(p->hi)) p->hi = INFINITY;
    p->def = values[data[3] % NVALUES];
    if (!fuzz_allowed(p, p->def)) p->def = NAN; /* exp_def's contract: a default its range allows, or NaN */
  }
  d.params[np].name = NULL;
  int count[3];
  double *tab[3] = {d.quick, d.standard, d.full};
  for (int t = 0; t < 3; t++, data += 2, size -= 2) {
    count[t] = data[0] % (EXP_MAX_LEVELS + 1);
    for (int k = 0; k < count[t]; k++) tab[t][k] = level_values[(data[1] + k) % NLEVELS];
  }

  char *argv[MAX_ARGS + 2];
  int argc = 0;
  argv[argc++] = "fuzz_exp";
  size_t start = 0;
  for (size_t i = 0; i <= size && argc < MAX_ARGS + 1; i++) {
    if (i < size && data[i] != '\0' && data[i] != '\n') continue;
    if (i == size && start == size) break; /* a final separator ended the last argument */
    char *arg = malloc(i - start + 1);
    if (!arg) abort();
    memcpy(arg, data + start, i - start);
    arg[i - start] = '\0';
    argv[argc++] = arg;
    start = i + 1;
  }
  argv[argc] = NULL;

  exp_args got;
  memset(&got, 0xa5, sizeof got);
  int rc = exp_parse_args(&d, argc, argv, &got);
  exp_args want;
  memset(&want, 0, sizeof want);
  int expect = model(&d, np, argc, argv, &want, count[0], count[1], count[2]);
  FUZZ_CHECK(rc == -1 || rc == 0 || rc == 2, "returned %d", rc);
  FUZZ_CHECK(rc == expect, "returned %d, the grammar says %d (argc %d)", rc, expect, argc);
  if (rc == -1) {
    FUZZ_CHECK(got.npar == np, "%d parameters, not %d", got.npar, np);
    for (int i = 0; i < np; i++) {
      FUZZ_CHECK(fuzz_allowed(&d.params[i], got.par[i]), "--%s = %.17g outside its range [%.17g, %.17g] flags %d",
                 names[i], got.par[i], d.params[i].lo, d.params[i].hi, d.params[i].flags);
      FUZZ_CHECK(same_bits(got.par[i], want.par[i]), "--%s = %.17g, not the last value given %.17g", names[i],
                 got.par[i], want.par[i]);
    }
    FUZZ_CHECK(got.nlevels >= 1 && got.nlevels <= EXP_MAX_LEVELS, "%d levels", got.nlevels);
    FUZZ_CHECK(got.levels[got.nlevels] == 0, "the levels do not end with 0");
    FUZZ_CHECK(!strcmp(got.mode, want.mode), "mode %s, not %s", got.mode, want.mode);
    FUZZ_CHECK(got.nlevels == want.nlevels, "%d levels, not %d", got.nlevels, want.nlevels);
    int custom = !strcmp(got.mode, "custom");
    for (int k = 0; k < got.nlevels; k++) {
      FUZZ_CHECK(isfinite(got.levels[k]) && got.levels[k] > 0, "level %d = %g", k, got.levels[k]);
      FUZZ_CHECK(!custom || (got.levels[k] >= EXP_LEVEL_MIN && got.levels[k] <= EXP_LEVEL_MAX),
                 "--levels entry %g out of range", got.levels[k]);
      FUZZ_CHECK(same_bits(got.levels[k], want.levels[k]), "level %d = %.17g, not %.17g", k, got.levels[k],
                 want.levels[k]);
    }
    FUZZ_CHECK(got.geom == CAP_GEOM_PLANAR || (got.geom == CAP_GEOM_AXI && d.axi), "geometry %d, axi %d", (int)got.geom,
               d.axi);
    FUZZ_CHECK(got.geom == want.geom, "geometry %d, not the last given %d", (int)got.geom, (int)want.geom);
    FUZZ_CHECK(got.band == 0 || (got.band >= CAP_LEVELSET_MIN_BAND && got.band <= CAP_LEVELSET_MAX_BAND), "band %d",
               got.band);
    FUZZ_CHECK(got.band == want.band, "band %d, not %d", got.band, want.band);
    FUZZ_CHECK(got.threads >= 0 && got.threads <= CAP_PAR_MAX_THREADS, "threads %d", got.threads);
    FUZZ_CHECK(got.threads == want.threads, "threads %d, not %d", got.threads, want.threads);
    FUZZ_CHECK(got.out && !strcmp(got.out, want.out), "--out '%s', not '%s'", got.out ? got.out : "(null)", want.out);
    FUZZ_CHECK(got.ckpt_every == 0 || (got.ckpt_every >= EXP_CKPT_EVERY_MIN && got.ckpt_every <= EXP_CKPT_EVERY_MAX),
               "--checkpoint-every %.17g", got.ckpt_every);
    FUZZ_CHECK(same_bits(got.ckpt_every, want.ckpt_every), "--checkpoint-every %.17g, not %.17g", got.ckpt_every,
               want.ckpt_every);
    FUZZ_CHECK(got.resume == want.resume, "resume %d, not %d", got.resume, want.resume);
    FUZZ_CHECK(got.sample == want.sample && got.seed == want.seed, "--sample %d --seed %lu, not %d, %lu", got.sample,
               got.seed, want.sample, want.seed);
    FUZZ_CHECK(got.ncases == want.ncases, "%d cases, not %d", got.ncases, want.ncases);
    for (int k = 0; k < got.ncases && k < EXP_MAX_CASES; k++) {
      FUZZ_CHECK(fuzz_allowed(&d.cases, got.cases[k]) && got.cases[k] != 0, "case %d = %.17g outside its range", k,
                 got.cases[k]);
      FUZZ_CHECK(same_bits(got.cases[k], want.cases[k]), "case %d = %.17g, not %.17g", k, got.cases[k], want.cases[k]);
    }
  }
  for (int a = 1; a < argc; a++) free(argv[a]);
  return 0;
}
