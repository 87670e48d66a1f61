/* The fit of experiments/drop_oscillation.c (exp_damped_cosine_fit) over [0, t_end] of a series "t a"
 * (potential_flow.py's): prints 2 pi / omega against T_lin. usage: fit FILE T_END T_LIN */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "measure.h"

int main(int argc, char **argv)
{
  static double t[1 << 17], f[1 << 17];
  long n = 0;
  FILE *in = argc == 4 ? fopen(argv[1], "r") : NULL;
  if (!in) return 2;
  double t_end = atof(argv[2]), T_lin = atof(argv[3]), om, b;
  while (n < (1 << 17) && fscanf(in, "%lf %lf", &t[n], &f[n]) == 2)
    if (t[n] <= t_end + 1e-12) n++;
  fclose(in);
  int st = exp_damped_cosine_fit(t, f, n, &om, &b);
  printf("%ld samples: fitted T / T_lin - 1 = %+.5f %% (status %d)\n", n, 100 * (2 * M_PI / om / T_lin - 1), st);
  return st != 0;
}
