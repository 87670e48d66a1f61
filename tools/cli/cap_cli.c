#include "cap_cli.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>

void cap_cli_print_range(FILE *f, const cap_cli_param *p)
{
  int lo = isfinite(p->lo), hi = isfinite(p->hi);
  if (!lo && !hi) {
    fprintf(f, "any value");
  } else {
    if (p->flags & CAP_CLI_OR_ZERO) fprintf(f, "%s = 0 or ", p->name);
    if (lo) fprintf(f, "%g %s ", p->lo, (p->flags & CAP_CLI_LO_OPEN) ? "<" : "<=");
    fprintf(f, "%s", p->name);
    if (hi) fprintf(f, " %s %g", (p->flags & CAP_CLI_HI_OPEN) ? "<" : "<=", p->hi);
  }
  if (p->flags & CAP_CLI_INTEGER) fprintf(f, ", integer");
}

void cap_cli_print_param(FILE *f, const cap_cli_param *p)
{
  fprintf(f, "    --%-10s %-6s %s (", p->name, p->unit[0] ? p->unit : "-", p->help);
  cap_cli_print_range(f, p);
  if (isnan(p->def))
    fprintf(f, "; required)\n");
  else
    fprintf(f, "; default %g)\n", p->def);
}

static int in_range(const cap_cli_param *p, double x)
{
  if ((p->flags & CAP_CLI_OR_ZERO) && x == 0) return 1;
  if (isfinite(p->lo) && ((p->flags & CAP_CLI_LO_OPEN) ? !(x > p->lo) : !(x >= p->lo))) return 0;
  if (isfinite(p->hi) && ((p->flags & CAP_CLI_HI_OPEN) ? !(x < p->hi) : !(x <= p->hi))) return 0;
  if ((p->flags & CAP_CLI_INTEGER) && x != floor(x)) return 0;
  return 1;
}

int cap_cli_parse(const char *prog, const cap_cli_param *p, const char *text, double *value)
{
  char *end;
  errno = 0;
  double x = strtod(text, &end);
  /* strtod's ERANGE: an overflow (x infinite) is not a finite number; an underflow to a subnormal is
   * a number like any other, but one to zero would silently turn a non-zero value into 0 */
  int underflow = errno == ERANGE && x == 0;
  if (end == text || *end != '\0' || !isfinite(x)) {
    fprintf(stderr, "%s: --%s: '%s' is not a finite number\n", prog, p->name, text);
    return 2;
  }
  if (underflow) {
    fprintf(stderr, "%s: --%s: '%s' is too small to represent (it would be 0)\n", prog, p->name, text);
    return 2;
  }
  if (!in_range(p, x)) {
    fprintf(stderr, "%s: --%s %s is out of range: allowed ", prog, p->name, text);
    cap_cli_print_range(stderr, p);
    if (p->unit[0]) fprintf(stderr, " (%s)", p->unit);
    fprintf(stderr, "\n");
    return 2;
  }
  *value = x;
  return 0;
}
