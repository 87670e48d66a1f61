/* Tests of the experiments' measurement kit (experiments/measure.h): exp_damped_limit, the static limit
 * of a force that settles by a damped oscillation (experiments/cylinder.c reads the horizontal forces
 * of the floating cylinders through it). */
#include <math.h>
#include <stdio.h>

#include "../experiments/measure.h"
#include "tharness.h"

#define NS 61 /* the cylinders' window: 15 time units sampled every 0.25 */

static const double F0 = 8e-3; /* the static limit of every test series */

/* A deterministic stand-in for the contact points' flicker: in [-1, 1], no period near the signal's. */
static double flicker(int k) { return sin(12.9898 * k + 78.233 * k * k * 1e-3) * cos(4.1414 * k); }

/* The sample times of the window: t = 25 + 0.25 k. */
static void window(double t[NS])
{
  for (int k = 0; k < NS; k++) t[k] = 25 + 0.25 * k;
}

/* The sloshing of cheerios' bath (R = 4 cells, l = 2 l_c): F = 8e-3 + e^(-0.2 s) (1e-3 cos(0.75 s)
 * + 5e-4 sin(0.75 s)), which a plain mean over the window misses by more than 0.5 % (asserted). */
static void noiseless(void)
{
  double t[NS], f[NS], lim, rms;
  double mean = 0;
  window(t);
  for (int k = 0; k < NS; k++) {
    double s = t[k] - t[0];
    f[k] = F0 + exp(-0.2 * s) * (1e-3 * cos(0.75 * s) + 5e-4 * sin(0.75 * s));
    mean += f[k] / NS;
  }
  exp_damped_limit(t, f, NS, &lim, &rms);
  th_note("noiseless: limit %.9e, mean %.9e, rms %.2e", lim, mean, rms);
  th_true(fabs(mean - F0) > 5e-3 * F0, "the plain mean misses the limit by more than 0.5 %% (%.3g %%)",
          100 * (mean / F0 - 1));
  th_rel(lim, F0, 1e-5, "the fitted limit of a damped oscillation (rate 0.2, frequency 0.75)");
  th_true(rms < 1e-8, "its residual vanishes (%.2g)", rms);
}

/* The same with a flicker of 1.5e-5 (the size of the cheerios experiment's residual about its fit at
 * R = 4 cells: docs/design/tests-notes.md) and another rate, frequency and phase. */
static void flickering(void)
{
  double t[NS], f[NS], lim, rms;
  window(t);
  for (int k = 0; k < NS; k++) {
    double s = t[k] - t[0];
    f[k] = F0 + exp(-0.35 * s) * (-2e-3 * cos(1.3 * s) + 1e-3 * sin(1.3 * s)) + 1.5e-5 * flicker(k);
  }
  exp_damped_limit(t, f, NS, &lim, &rms);
  th_rel(lim, F0, 5e-4, "the limit with a flicker of 1.5e-5 (rate 0.35, frequency 1.3)");
  th_true(rms > 5e-6 && rms < 2e-5, "the residual is the flicker's size (%.2g)", rms);
}

/* A constant and a short series: the mean; no samples: NaN. */
static void constant_and_short(void)
{
  double t[NS], f[NS], lim, rms;
  window(t);
  for (int k = 0; k < NS; k++) f[k] = F0;
  exp_damped_limit(t, f, NS, &lim, &rms);
  th_rel(lim, F0, 1e-12, "a constant is its own limit");
  for (int k = 0; k < 5; k++) f[k] = k;
  exp_damped_limit(t, f, 5, &lim, &rms);
  th_abs(lim, 2, 1e-15, "fewer than 12 samples: the mean");
  th_abs(rms, sqrt(2.0), 1e-15, "fewer than 12 samples: the standard deviation");
  exp_damped_limit(t, f, 0, &lim, &rms);
  th_true(isnan(lim) && isnan(rms), "no samples: NaN");
}

static const th_case cases[] = {
    {"noiseless", noiseless},
    {"flickering", flickering},
    {"constant_and_short", constant_and_short},
    {NULL, NULL},
};

int main(int argc, char **argv) { return th_main(argc, argv, cases); }
