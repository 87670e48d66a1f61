/* cap_cli: numeric command-line flags with units and allowed ranges, shared by the tools (capref)
 * and the experiments. It prints its error messages to stderr: it belongs to programs, not to the
 * libraries. */
#ifndef CAP_CLI_H
#define CAP_CLI_H

#include <stdio.h>

/* Range flags of a parameter. */
enum {
  CAP_CLI_LO_OPEN = 1, /* lo < x   (otherwise lo <= x) */
  CAP_CLI_HI_OPEN = 2, /* x < hi   (otherwise x <= hi) */
  CAP_CLI_INTEGER = 4, /* x must be a whole number */
  CAP_CLI_OR_ZERO = 8  /* x = 0 is allowed besides the range (0 selects a default behaviour) */
};

typedef struct {
  const char *name; /* flag without the leading dashes, e.g. "theta" */
  const char *unit; /* unit the user gives it in, e.g. "deg", "m", "" */
  const char *help;
  double def;    /* default; NAN means the flag is required */
  double lo, hi; /* allowed range (+-INFINITY for none) */
  int flags;     /* CAP_CLI_LO_OPEN | CAP_CLI_HI_OPEN | CAP_CLI_INTEGER | CAP_CLI_OR_ZERO */
} cap_cli_param;

/* Prints the allowed range, e.g. "0 < radius", "2 <= n <= 1000, integer" or "angle = 0 or 20 <= angle
 * <= 160". */
void cap_cli_print_range(FILE *f, const cap_cli_param *p);

/* One line of help: "--name unit help (range; default x)". */
void cap_cli_print_param(FILE *f, const cap_cli_param *p);

/* Parses `text` as the value of p. On success stores it and returns 0; otherwise prints
 * "<prog>: --name: ..." (not a finite number, too small to represent (a non-zero value that would be
 * 0), or out of range with the allowed range and unit) to stderr and returns 2 (the usage exit
 * status). A subnormal value is a number like any other. */
int cap_cli_parse(const char *prog, const cap_cli_param *p, const char *text, double *value);

#endif
