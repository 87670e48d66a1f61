/* capref's entry point: the command line parsed (capref_parse_args), then the quantity computed and
 * printed (capref_run). Kept apart so that the parsing links without a main (tests/fuzz/). */
#include "capref.h"

int main(int argc, char **argv)
{
  capref_args args;
  int rc = capref_parse_args(argc, argv, &args);
  if (rc >= 0) return rc;
  return capref_run(&args);
}
