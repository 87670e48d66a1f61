/* libFuzzer target: cap_cli_parse (tools/cli), the value parser behind every numeric flag of capref
 * and the experiments, on fuzzed parameter specs and fuzzed text.
 *
 * Input: byte 0 = the spec's flags (bits 0-3) and the mode (bits 4-5); bytes 1-2 choose the bounds lo
 * and hi (an interesting value from a table, or the next 8 input bytes as a double); the rest is the
 * text (modes 0-2), or in mode 3 a double formatted by printf (%.17g, %a, %g or %.3e), which checks
 * that the parser also accepts every allowed number written in an ordinary way.
 *
 * Contract (fuzz_contract.h): the result is 0 or 2; 0 stores exactly strtod's value of the whole text,
 * and that value is finite, in its range, whole under CAP_CLI_INTEGER and not a non-zero text that
 * underflows to 0; 2 leaves the value alone.
 * Run with -close_fd_mask=3 (the parser's messages go to stderr; make fuzz does). */
#include <errno.h>
#include <float.h>
#include <stdint.h>
#include <string.h>

#include "fuzz_contract.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const double bounds[] = {
    -INFINITY,
    INFINITY,
    0.0,
    -0.0,
    1.0,
    -1.0,
    2.0,
    0.5,
    180.0,
    1e-300,
    DBL_MAX,
    -DBL_MAX,
    DBL_MIN,
    4.9e-324,
    1e308,
    100000.0,
    9007199254740992.0,
    2147483648.0,
    -1e-320,
    3.0,
    1e-9,
    1000.0,
};
enum { NBOUNDS = (int)(sizeof bounds / sizeof bounds[0]) };

/* A bound: table entry sel, or the next 8 bytes as a double (NaN is no bound: def). */
static double take_bound(unsigned sel, const uint8_t **d, size_t *n, double def)
{
  if (sel < 2 * NBOUNDS) return bounds[sel % NBOUNDS];
  if (*n < sizeof(double)) return def;
  double x;
  memcpy(&x, *d, sizeof x);
  *d += sizeof x;
  *n -= sizeof x;
  return isnan(x) ? def : x;
}

static int same_bits(double a, double b) { return memcmp(&a, &b, sizeof a) == 0; }

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  static FILE *null;
  if (!null) null = fopen("/dev/null", "w");
  if (size < 3 || !null) return 0;
  unsigned flags = data[0] & 15, mode = (data[0] >> 4) & 3;
  unsigned slo = data[1], shi = data[2];
  data += 3;
  size -= 3;
  cap_cli_param p = {"x", (flags & 1) ? "m" : "", "fuzzed", 1.0, 0, 0, (int)flags};
  p.lo = take_bound(slo, &data, &size, -INFINITY);
  p.hi = take_bound(shi, &data, &size, INFINITY);

  char text[4200];
  if (mode < 3) {
    size_t len = size < sizeof text - 1 ? size : sizeof text - 1;
    memcpy(text, data, len);
    text[len] = '\0';
  } else {
    double v = 0;
    if (size < 1 + sizeof v) return 0;
    memcpy(&v, data + 1, sizeof v);
    static const char *const fmts[] = {"%.17g", "%a", "%g", "%.3e"};
    snprintf(text, sizeof text, fmts[data[0] & 3], v);
  }

  /* the help lines never fail, whatever the bounds */
  cap_cli_print_param(null, &p);

  const double sentinel = -12345.678;
  double x = sentinel;
  int rc = cap_cli_parse("fuzz_cli", &p, text, &x);
  FUZZ_CHECK(rc == 0 || rc == 2, "'%s' returned %d", text, rc);
  char *end;
  errno = 0;
  double w = strtod(text, &end);
  int underflow = errno == ERANGE && w == 0;
  if (rc == 0) {
    FUZZ_CHECK(fuzz_allowed(&p, x), "'%s' accepted as %.17g outside the range [%.17g, %.17g] flags %u", text, x, p.lo,
               p.hi, flags);
    FUZZ_CHECK(end != text && *end == '\0', "'%s' accepted without being a whole number", text);
    FUZZ_CHECK(same_bits(x, w), "'%s' stored as %.17g, not strtod's %.17g", text, x, w);
    FUZZ_CHECK(!underflow, "'%s' (not zero) accepted as 0", text);
  } else {
    FUZZ_CHECK(same_bits(x, sentinel), "'%s' refused but the value was changed to %.17g", text, x);
  }
  if (mode == 3)
    FUZZ_CHECK((rc == 0) == fuzz_allowed(&p, w), "'%s' (%.17g) %s, range [%.17g, %.17g] flags %u", text, w,
               rc ? "refused though allowed" : "accepted though not allowed", p.lo, p.hi, flags);
  return 0;
}
