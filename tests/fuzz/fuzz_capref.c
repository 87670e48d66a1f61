/* libFuzzer target: capref's command line (capref_parse_args, tools/capref/capref.c), parsed without
 * computing anything. The input is split at every NUL or newline into the arguments after argv[0]
 * ("capref"); at most 64 of them.
 *
 * Contract: the result is -1 (a quantity to compute), 0 (--help, --list) or 2 (a usage error). On -1:
 * the quantity is the one argv[1] names; the format is tsv or json, the last --format given; every
 * input is the last value given for its flag (exactly strtod's value) or else its default; and every
 * input, given or default, is allowed by its declared range (fuzz_contract.h): so a required input
 * was given and no default lies outside its own range. A usage error needs no computation, so a
 * command refused here is refused by capref too. Run with -close_fd_mask=3 (help and messages). */
#include <stdint.h>
#include <string.h>

#include "fuzz_contract.h"
#include "../../tools/capref/capref.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { MAX_ARGS = 64 };

static int same_bits(double a, double b) { return memcmp(&a, &b, sizeof a) == 0; }

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  static char buf[8192];
  if (size >= sizeof buf) return 0;
  memcpy(buf, data, size);
  buf[size] = '\0';
  char *argv[MAX_ARGS + 2];
  int argc = 0;
  argv[argc++] = "capref";
  char *s = buf;
  for (size_t i = 0; size > 0 && i <= size && argc <= MAX_ARGS; i++) {
    if (buf[i] == '\n' || buf[i] == '\0') { /* buf[size] is the last NUL */
      buf[i] = '\0';
      argv[argc++] = s;
      s = buf + i + 1;
    }
  }
  argv[argc] = NULL;

  capref_args args;
  memset(&args, 0xA5, sizeof args);
  int rc = capref_parse_args(argc, argv, &args);
  FUZZ_CHECK(rc == -1 || rc == 0 || rc == 2, "exit status %d", rc);
  if (rc != -1) return 0;

  const capref_quantity *q = args.q;
  FUZZ_CHECK(argc >= 2 && q && !strcmp(q->name, argv[1]), "quantity %s for '%s'", q ? q->name : "(none)",
             argc >= 2 ? argv[1] : "");
  /* the flags as given: the last value of each (the parser read argv in --NAME VALUE pairs) */
  int format = CAPREF_FMT_TSV;
  const char *last[CAPREF_MAX_PARAMS] = {0};
  for (int a = 2; a + 1 < argc; a += 2) {
    FUZZ_CHECK(!strncmp(argv[a], "--", 2), "'%s' accepted as a flag", argv[a]);
    if (!strcmp(argv[a], "--format")) format = strcmp(argv[a + 1], "json") ? CAPREF_FMT_TSV : CAPREF_FMT_JSON;
    for (int i = 0; i < CAPREF_MAX_PARAMS && q->params[i].name; i++)
      if (!strcmp(argv[a] + 2, q->params[i].name)) last[i] = argv[a + 1];
  }
  FUZZ_CHECK(argc % 2 == 0, "%d arguments after the quantity: a flag without its value", argc - 2);
  FUZZ_CHECK(args.format == format, "format %d, want %d", args.format, format);
  for (int i = 0; i < CAPREF_MAX_PARAMS && q->params[i].name; i++) {
    const cap_cli_param *p = &q->params[i];
    double want = last[i] ? strtod(last[i], NULL) : p->def;
    FUZZ_CHECK(same_bits(args.in[i], want), "%s --%s = %.17g, want %.17g", q->name, p->name, args.in[i], want);
    FUZZ_CHECK(fuzz_allowed(p, args.in[i]), "%s --%s = %.17g (%s) is not allowed", q->name, p->name, args.in[i],
               last[i] ? "given" : "default");
  }
  return 0;
}
