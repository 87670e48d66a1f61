/* The contract of a value accepted by cap_cli_parse, written again independently of tools/cli so that
 * the fuzzers (tests/fuzz/fuzz_*.c) check the parser against it rather than against itself: the value
 * is finite, lies in the declared range (each bound closed or open; x = 0 also allowed with
 * CAP_CLI_OR_ZERO; a bound that is not finite is no bound) and is a whole number under
 * CAP_CLI_INTEGER. FUZZ_CHECK aborts, so that libFuzzer reports a broken contract as a crash. */
#ifndef FUZZ_CONTRACT_H
#define FUZZ_CONTRACT_H

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "../../tools/cli/cap_cli.h"

#define FUZZ_CHECK(cond, ...)                                                                                          \
  do {                                                                                                                 \
    if (!(cond)) {                                                                                                     \
      fprintf(stderr, "contract broken: %s: ", #cond);                                                                 \
      fprintf(stderr, __VA_ARGS__);                                                                                    \
      fprintf(stderr, "\n");                                                                                           \
      abort();                                                                                                         \
    }                                                                                                                  \
  } while (0)

/* 1 if x is a value the parameter allows. */
static inline int fuzz_allowed(const cap_cli_param *p, double x)
{
  if (!isfinite(x)) return 0;
  if ((p->flags & CAP_CLI_INTEGER) && fmod(x, 1.0) != 0) return 0;
  if ((p->flags & CAP_CLI_OR_ZERO) && x == 0) return 1;
  if (isfinite(p->lo)) {
    if ((p->flags & CAP_CLI_LO_OPEN) && x <= p->lo) return 0;
    if (!(p->flags & CAP_CLI_LO_OPEN) && x < p->lo) return 0;
  }
  if (isfinite(p->hi)) {
    if ((p->flags & CAP_CLI_HI_OPEN) && x >= p->hi) return 0;
    if (!(p->flags & CAP_CLI_HI_OPEN) && x > p->hi) return 0;
  }
  return 1;
}

#endif
