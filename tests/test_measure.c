/* Tests of the measurement kit's floor contacts, free-fall timing and order of convergence
 * (experiments/measure.h): exp_order3 on a series of known order and limit, and its refusals; the
 * speed and the time of reaching a height of a body sampled in free fall (exp_record_fall_speed,
 * exp_record_fall_time), against the exact parabola, with samples outside the windows that would spoil
 * them; the period and half range of a damped cosine after a start time (exp_record_period); the wet
 * floor of a grid (exp_floor_wet) and the liquid's reach (exp_liquid_reach) for level sets linear in x
 * and y, whose extrapolation and crossings are exact; and the floor's events (exp_floor_events_update)
 * over a scripted run of least values: touch, lift-off, a withdrawn lift-off, a second touch; the volume and
 * P_2 moment of a 3D octant's drop (exp_mode_moment, with exp_scene_mode_drop's phi); the oscillation's
 * reference (exp_osc_*); the 3D sphere fit (exp_sphere_fit) of a quarter cap's exact points and of its
 * crossings on a 3D grid, and that cap's apex height and contact radius (exp_drop_apex_foot3); the box and
 * reference shape of a drop on a floor (exp_spec_floor_box, exp_floor_drop_ref, exp_sessile_points:
 * scene.h), and young_angles' fit of the exact 30-degree cap on its 3D box (exp_scene_drop_fit). Every expected
 * value is a closed form of the synthetic input. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "../experiments/measure.h"
#include "../experiments/scene.h"
#include "../solver/cap_errno.h"
#include "tharness.h"

/* ---- exp_order3 ---- */

static const double H3[3] = {1.0 / 8, 1.0 / 16, 1.0 / 24};

/* v = v_inf + C h^p at the three spacings. */
static void series3(double v_inf, double C, double p, double v[3])
{
  for (int k = 0; k < 3; k++) v[k] = v_inf + C * pow(H3[k], p);
}

/* v = 1.7 + 0.3 h^1.5 (and its mirror -0.3 h^1.5, approached from below): p = 1.5 and v_inf = 1.7; v_inf
 * may be NULL. */
static void order3_known(void)
{
  double v[3], vinf = 0;
  series3(1.7, 0.3, 1.5, v);
  th_abs(exp_order3(H3, v, &vinf), 1.5, 1e-9, "v = 1.7 + 0.3 h^1.5 at h = 1/8, 1/16, 1/24: p = 1.5");
  th_abs(vinf, 1.7, 1e-9, "its limit v_inf = 1.7");
  th_abs(exp_order3(H3, v, NULL), 1.5, 1e-9, "v_inf NULL: p = 1.5 all the same");
  series3(1.7, -0.3, 1.5, v);
  th_abs(exp_order3(H3, v, &vinf), 1.5, 1e-9, "v = 1.7 - 0.3 h^1.5 (from below): p = 1.5");
  th_abs(vinf, 1.7, 1e-9, "its limit v_inf = 1.7");
  series3(0, 1, 2, v);
  th_abs(exp_order3(H3, v, &vinf), 2, 1e-9, "v = h^2: p = 2");
  th_abs(vinf, 0, 1e-12, "its limit v_inf = 0");
}

/* No root in [0.05, 8]: differences that change sign, vanish or are equal, an order beyond 8. */
static void order3_none(void)
{
  double vinf = 0;
  const double zigzag[3] = {1.0, 2.0, 1.5}; /* differences -1, 0.5 */
  double p = exp_order3(H3, zigzag, &vinf);
  th_true(isnan(p) && isnan(vinf), "non-monotone v (1, 2, 1.5): p and v_inf NaN (%g, %g)", p, vinf);
  const double updown[3] = {1.0, 1.5, 1.0}; /* equal differences of opposite signs: ratio -1 */
  vinf = 0;
  p = exp_order3(H3, updown, &vinf);
  th_true(isnan(p) && isnan(vinf), "differences 0.5 and -0.5 (a sign change): NaN (%g, %g)", p, vinf);
  const double same[3] = {1.0, 1.5, 2.0}; /* equal differences, one sign: ratio 1, below every order's */
  vinf = 0;
  p = exp_order3(H3, same, &vinf);
  th_true(isnan(p) && isnan(vinf), "equal differences 0.5, 0.5 (ratio 1 < ln 2 / ln 1.5): NaN (%g, %g)", p, vinf);
  const double flat_end[3] = {1.0, 2.0, 2.0}; /* the last difference vanishes */
  vinf = 0;
  p = exp_order3(H3, flat_end, &vinf);
  th_true(isnan(p) && isnan(vinf), "v1 = v2 (a vanishing difference): NaN (%g, %g)", p, vinf);
  const double flat_start[3] = {2.0, 2.0, 1.0};
  vinf = 0;
  p = exp_order3(H3, flat_start, &vinf);
  th_true(isnan(p) && isnan(vinf), "v0 = v1 (a vanishing difference): NaN (%g, %g)", p, vinf);
  const double constant[3] = {3.0, 3.0, 3.0};
  vinf = 0;
  p = exp_order3(H3, constant, &vinf);
  th_true(isnan(p) && isnan(vinf), "constant v: NaN (%g, %g)", p, vinf);
  double v[3];
  series3(0, 1, 9, v);
  vinf = 0;
  p = exp_order3(H3, v, &vinf);
  th_true(isnan(p) && isnan(vinf), "v = h^9 (order beyond 8): NaN (%g, %g)", p, vinf);
  p = exp_order3(H3, zigzag, NULL);
  th_true(isnan(p), "non-monotone v with v_inf NULL: NaN");
}

/* ---- free fall ---- */

#define G_FALL (-0.1) /* the acceleration of the test parabola */

/* The test parabola: z(t) = 2 - 1.3 t + G t^2 / 2, speed dz/dt = -1.3 + G t. */
static double fall_z(double t, double g) { return 2 - 1.3 * t + 0.5 * g * t * t; }

/* r: samples at t = -0.03, -0.02, -0.01 of a height 7 (before the fit's window, t >= 0), the parabola
 * at t = k / 100 for k = 0 .. 50, then a body resting at heights 1.5, 1.7, 1.9, ... up to t = 0.8. */
static int fall_record(exp_record *r, double g)
{
  int st = CAP_SUCCESS;
  for (int k = -3; k < 0 && !st; k++) st = exp_record_add(r, k / 100.0, 7.0);
  for (int k = 0; k <= 50 && !st; k++) st = exp_record_add(r, k / 100.0, fall_z(k / 100.0, g));
  for (int k = 51; k <= 80 && !st; k++) st = exp_record_add(r, k / 100.0, 1.5 + 0.2 * (k % 3));
  return st;
}

/* The speed of the parabola: its slope plus g t0, dz/dt (negative falling), over windows inside it. */
static void fall_speed(void)
{
  exp_record r = {0};
  th_int(fall_record(&r, G_FALL), CAP_SUCCESS, "record of the free fall built");
  th_abs(exp_record_fall_speed(&r, 0, 0.5, G_FALL, 0.4), -(1.3 + 0.1 * 0.4), 1e-9,
         "over 0 <= t <= 0.5: the speed at t0 = 0.4 is -(1.3 + 0.1 t0)");
  th_abs(exp_record_fall_speed(&r, 0, 0.5, G_FALL, 0), -1.3, 1e-9, "the speed at t0 = 0 is -1.3");
  th_abs(exp_record_fall_speed(&r, 0.2, 0.4, G_FALL, 1.0), -(1.3 + 0.1 * 1.0), 1e-9,
         "over 0.2 <= t <= 0.4: the speed at t0 = 1 (carried past the window) is -1.4");
  th_abs(exp_record_fall_speed(&r, 0.2, 0.22, G_FALL, 0.21), -(1.3 + 0.1 * 0.21), 1e-9,
         "over 0.2 <= t <= 0.22 (3 samples): the speed at 0.21 is -1.321");
  double s = exp_record_fall_speed(&r, 0.2, 0.215, G_FALL, 0.21);
  th_true(isnan(s), "over 0.2 <= t <= 0.215 (2 samples): NaN (%g)", s);
  s = exp_record_fall_speed(&r, 0.9, 1.0, G_FALL, 0.95);
  th_true(isnan(s), "over a window with no samples: NaN (%g)", s);
  th_true(fabs(exp_record_fall_speed(&r, -0.03, 0.5, G_FALL, 0) + 1.3) > 0.1,
          "the samples at t < 0 spoil a window that takes them (the record's check)");
  exp_record_free(&r);
  exp_record empty = {0};
  s = exp_record_fall_speed(&empty, 0, 1, G_FALL, 0);
  th_true(isnan(s), "an empty record: NaN (%g)", s);
  /* g = 0: a straight line */
  th_int(fall_record(&r, 0), CAP_SUCCESS, "record of the uniform fall built");
  th_abs(exp_record_fall_speed(&r, 0, 0.5, 0, 0.3), -1.3, 1e-9, "g = 0: the speed -1.3 at every t0");
  exp_record_free(&r);
}

/* The time of reaching z = 1 from the last sample at or before t_in, against the root of the parabola,
 * and the speed then, downwards positive: 1.3 - g t. */
static void fall_time(void)
{
  exp_record r = {0};
  double u = 0;
  th_int(fall_record(&r, G_FALL), CAP_SUCCESS, "record of the free fall built");
  /* 2 - 1.3 t - 0.05 t^2 = 1: t = (sqrt(1.89) - 1.3) / 0.1, and then 1.3 + 0.1 t = sqrt(1.89) */
  const double troot = (sqrt(1.89) - 1.3) / 0.1, uroot = sqrt(1.89);
  th_abs(exp_record_fall_time(&r, 0.5, 1.0, G_FALL, &u), troot, 1e-9,
         "t_in = 0.5 (a sample): z = 1 reached at (sqrt(1.89) - 1.3) / 0.1 = %.9f", troot);
  th_abs(u, uroot, 1e-9, "the speed then, downwards: sqrt(1.89)");
  u = 0;
  th_abs(exp_record_fall_time(&r, 0.505, 1.0, G_FALL, &u), troot, 1e-9,
         "t_in = 0.505 (between samples; the resting samples after 0.5 ignored): the same time");
  th_abs(u, uroot, 1e-9, "the same speed");
  u = 0;
  th_abs(exp_record_fall_time(&r, 0.3, 1.0, G_FALL, &u), troot, 1e-9, "t_in = 0.3: the same time");
  th_abs(u, uroot, 1e-9, "the same speed");
  u = 0;
  th_abs(exp_record_fall_time(&r, 0.5, fall_z(0.5, G_FALL), G_FALL, &u), 0.5, 1e-9,
         "the height of the last sample: reached at its time");
  th_abs(u, 1.3 + 0.1 * 0.5, 1e-9, "the speed then: 1.35");
  u = 0;
  th_abs(exp_record_fall_time(&r, 0.02, 1.0, G_FALL, &u), troot, 1e-9,
         "t_in = 0.02, a sample: fitted over 0, 0.01 and 0.02 (at t_in itself: 3), the same time");
  th_abs(u, uroot, 1e-9, "the same speed");
  u = 0;
  double t = exp_record_fall_time(&r, 0.015, 1.0, G_FALL, &u);
  th_true(isnan(t) && isnan(u), "t_in = 0.015: 2 samples in 0 <= t <= t_in (those at t < 0 not counted): NaN (%g, %g)",
          t, u);
  u = 0;
  t = exp_record_fall_time(&r, -0.5, 1.0, G_FALL, &u);
  th_true(isnan(t) && isnan(u), "no sample at or before t_in = -0.5: NaN (%g, %g)", t, u);
  exp_record_free(&r);
  /* g = 0: 2 - 1.3 t = 1 at t = 1 / 1.3, the speed 1.3 */
  th_int(fall_record(&r, 0), CAP_SUCCESS, "record of the uniform fall built");
  u = 0;
  th_abs(exp_record_fall_time(&r, 0.5, 1.0, 0, &u), 1 / 1.3, 1e-9, "g = 0: z = 1 reached at 1 / 1.3");
  th_abs(u, 1.3, 1e-9, "g = 0: the speed 1.3");
  exp_record_free(&r);
  /* g = +0.1 (a body braked): 2 - 1.3 t + 0.05 t^2 = 1 at t = (1.3 - sqrt(1.49)) / 0.1, the speed sqrt(1.49) */
  th_int(fall_record(&r, 0.1), CAP_SUCCESS, "record of the braked fall built");
  u = 0;
  th_abs(exp_record_fall_time(&r, 0.5, 1.0, 0.1, &u), (1.3 - sqrt(1.49)) / 0.1, 1e-9,
         "g = +0.1: z = 1 reached at (1.3 - sqrt(1.49)) / 0.1");
  th_abs(u, sqrt(1.49), 1e-9, "g = +0.1: the speed sqrt(1.49)");
  u = 0;
  t = exp_record_fall_time(&r, 0.5, -20.0, 0.1, &u);
  th_true(isnan(t), "g = +0.1: z = -20 is never reached: NaN (%g)", t);
  exp_record_free(&r);
  exp_record empty = {0};
  u = 0;
  t = exp_record_fall_time(&empty, 1, 1.0, G_FALL, &u);
  th_true(isnan(t) && isnan(u), "an empty record: NaN (%g, %g)", t, u);
}

/* ---- the period of a record ---- */

#define T_OSC 2.2 /* the period of the test oscillation */

/* f = 0.1 e^(-0.05 s) cos(2 pi s / 2.2) + 0.3, s = t - t0, sampled every 0.01 from t0 over [0, s_end], after
 * garbage before t0 (an alternation of +-5 every 0.01 from t = 0); the range of its samples into lo, hi. */
static int osc_record(exp_record *r, double t0, double s_end, double *lo, double *hi)
{
  int st = CAP_SUCCESS;
  const int k0 = (int)lround(t0 * 100), ks = (int)lround(s_end * 100);
  for (int k = 0; k < k0 && !st; k++) st = exp_record_add(r, k / 100.0, k % 2 ? 5.0 : -5.0);
  *lo = INFINITY, *hi = -INFINITY;
  for (int k = 0; k <= ks && !st; k++) {
    double s = k / 100.0, f = 0.1 * exp(-0.05 * s) * cos(2 * M_PI * s / T_OSC) + 0.3;
    st = exp_record_add(r, t0 + s, f);
    *lo = fmin(*lo, f), *hi = fmax(*hi, f);
  }
  return st;
}

static void period(void)
{
  const double starts[3] = {0, 1, 2.57};
  for (int m = 0; m < 3; m++) {
    exp_record r = {0};
    double lo, hi, T = NAN, half = NAN;
    th_int(osc_record(&r, starts[m], 5 * T_OSC, &lo, &hi), CAP_SUCCESS, "t0 = %g: the record built", starts[m]);
    exp_record_period(&r, starts[m], &T, &half);
    th_abs(T, T_OSC, 1e-3, "t0 = %g, garbage before it: the period 2.2 (%.9f)", starts[m], T);
    th_abs(half, 0.5 * (hi - lo), 1e-15, "t0 = %g: half the samples' range after t0 (%.9f)", starts[m], half);
    /* the range: 0.4 at s = 0, about 0.3 - 0.1 e^(-0.055) half a period later */
    th_abs(half, 0.05 * (1 + exp(-0.055)), 2e-5, "t0 = %g: half range 0.05 (1 + e^(-0.055))", starts[m]);
    exp_record_free(&r);
  }
}

/* Too short for a period (one crossing of the mean over half a period), and nothing after t0. */
static void period_short(void)
{
  exp_record r = {0};
  double lo, hi, T = 0, half = 0;
  th_int(osc_record(&r, 1, 1.0, &lo, &hi), CAP_SUCCESS, "half a period's record built");
  exp_record_period(&r, 1, &T, &half);
  th_true(isnan(T), "s in [0, 1] (under half a period, one crossing): T NaN (%g)", T);
  th_abs(half, 0.5 * (hi - lo), 1e-15, "its half range all the same");
  T = 0, half = 0;
  exp_record_period(&r, 5, &T, &half);
  th_true(isnan(T), "no sample after t0: T NaN (%g)", T);
  th_true(half == -INFINITY, "no sample after t0: half -inf (%g)", half);
  exp_record_free(&r);
  exp_record empty = {0};
  T = 0, half = 0;
  exp_record_period(&empty, 0, &T, &half);
  th_true(isnan(T) && half == -INFINITY, "an empty record: T NaN, half -inf (%g, %g)", T, half);
}

/* ---- liquid on a floor ---- */

#define NX 16
#define NY 8
#define HC 0.125

/* phi = f(x, y) at the centres of every cell of g, ghosts included. */
static void fill(const cap_grid *g, double *phi, double (*f)(double, double))
{
  for (int j = -g->ng; j < g->ny + g->ng; j++)
    for (int i = -g->ng; i < g->nx + g->ng; i++) phi[cap_grid_idx(g, i, j)] = f(cap_grid_xc(g, i), cap_grid_yc(g, j));
}

static double layer(double x, double y) { return (void)x, y - 0.2; }   /* liquid below y = 0.2 */
static double column(double x, double y) { return (void)y, x - 0.55; } /* liquid left of x = 0.55 */
static double slope(double x, double y) { return y + 0.5 * x - 0.2; }  /* liquid below y = 0.2 - x / 2 */
static double hover(double x, double y) { return (void)x, 0.05 - y; }  /* liquid above y = 0.05 */
static double dry(double x, double y) { return (void)x, y + 0.3; }     /* no liquid */
static double wide(double x, double y) { return y + 0.1 * x - 0.9; }   /* liquid below y = 0.9 - x / 10 */
static double two(double x, double y) { return (void)y, fmin(x - 0.3, fabs(x - 1.2) - 0.2); } /* two patches */

/* The floor from phi at rows 0 and 1, extrapolated to y = 0: exact for phi linear in y; the radius at the
 * outermost crossing, linear between centres, or the last face. */
static void floor_wet(void)
{
  cap_grid g;
  th_int(cap_grid_init(&g, CAP_GEOM_PLANAR, NX, NY, 1, HC, 0, 0, 0, 2), CAP_SUCCESS, "grid 16 x 8, h = 1/8");
  double *phi = cap_grid_field_alloc(&g), least, radius;
  if (!phi) return;
  static const struct {
    double (*f)(double, double);
    double least, radius; /* worked out from the field at the centres of rows 0 and 1 */
    const char *what;
  } cases[] = {
      {layer, -0.2, NX * HC, "layer y < 0.2: least -0.2 (from 0.0625 and 0.1875), wet to the last face 2"},
      {column, 0.0625 - 0.55, 0.55, "column x < 0.55: least -0.4875 at column 0, radius 0.55 (between 0.4375, 0.5625)"},
      {slope, 0.5 * 0.0625 - 0.2, 0.4, "slope y < 0.2 - x/2: least -0.16875 at column 0, radius 0.4"},
      {two, 0.0625 - 0.3, 1.4, "two patches [0, 0.3) and (1, 1.4): least -0.2375, the outermost crossing 1.4"},
      {hover, 0.05, 0, "liquid above y = 0.05 (row 0 liquid): the floor is dry, least 0.05, radius 0"},
      {dry, 0.3, 0, "no liquid: least 0.3, radius 0"},
  };
  for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
    fill(&g, phi, cases[k].f);
    exp_floor_wet(&g, phi, &least, &radius);
    th_abs(least, cases[k].least, 1e-12, "%s: least phi on the floor", cases[k].what);
    th_abs(radius, cases[k].radius, cases[k].radius == 0 ? 0 : 1e-12, "%s: radius", cases[k].what); /* dry: exactly 0 */
  }
  free(phi);
}

/* The reach: the largest crossing over the rows, the highest liquid row. */
static void liquid_reach(void)
{
  cap_grid g;
  th_int(cap_grid_init(&g, CAP_GEOM_PLANAR, NX, NY, 1, HC, 0, 0, 0, 2), CAP_SUCCESS, "grid 16 x 8, h = 1/8");
  double *phi = cap_grid_field_alloc(&g), x = -1;
  int top = -7;
  if (!phi) return;
  fill(&g, phi, dry);
  for (int j = 0; j < 3; j++)
    for (int i = 0; i < NX; i++) phi[cap_grid_idx(&g, i, j)] = cap_grid_xc(&g, i) - 0.55;
  exp_liquid_reach(&g, phi, &x, &top);
  th_abs(x, 0.55, 1e-12, "phi = x - 0.55 on rows 0..2: reach 0.55");
  th_int(top, 2, "phi = x - 0.55 on rows 0..2: top row 2");
  for (int i = 0; i < NX; i++) phi[cap_grid_idx(&g, i, 4)] = fabs(cap_grid_xc(&g, i) - 1.2) - 0.3;
  exp_liquid_reach(&g, phi, &x, &top);
  th_abs(x, 1.5, 1e-12, "and a patch (0.9, 1.5) on row 4: reach 1.5");
  th_int(top, 4, "and a patch on row 4: top row 4");
  for (int i = 0; i < NX; i++) phi[cap_grid_idx(&g, i, 1)] = -1;
  exp_liquid_reach(&g, phi, &x, &top);
  th_abs(x, NX * HC, 1e-12, "and row 1 liquid to its end: reach the last face 2");
  th_int(top, 4, "top row still 4");
  fill(&g, phi, wide);
  exp_liquid_reach(&g, phi, &x, &top);
  th_int(top, 6, "phi = y + x/10 - 0.9: top row 6 (centre 0.8125)");
  th_abs(x, 2, 1e-12, "phi = y + x/10 - 0.9: rows 0..5 liquid to the end, reach the last face 2");
  fill(&g, phi, dry);
  x = -1, top = -7;
  exp_liquid_reach(&g, phi, &x, &top);
  th_int(top, -1, "no liquid: top -1");
  th_abs(x, 0, 0, "no liquid: reach 0");
  free(phi);
}

/* ---- floor events ---- */

/* One call and its checks: the event returned. */
static void step(exp_floor_events *e, double least, double t, int first, int want, const char *what)
{
  int ev = exp_floor_events_update(e, least, t, HC, first);
  th_int(ev, want, "t = %g, least %g: %s", t, least, what);
  th_true(e->least == least && e->t == t, "t = %g: the last least and time kept", t);
}

/* A scripted run on a grid of h = 1/8: dry, touch, wet, lift-off, wet again before the least phi rose by
 * a cell (the lift-off withdrawn), lift-off again, risen above h, a second touch; each event time where
 * the line through the two steps' least values crosses 0. */
static void floor_events(void)
{
  exp_floor_events e = {0};
  step(&e, 0.3, 0.0, 1, EXP_FLOOR_NONE, "dry at the start: no event");
  th_true(!e.touched && !e.lifted && !e.retouched, "no flag set");
  step(&e, 0.1, 0.1, 0, EXP_FLOOR_NONE, "still dry");
  step(&e, -0.3, 0.2, 0, EXP_FLOOR_TOUCH, "wet: the touch");
  th_true(e.touched && !e.lifted && !e.retouched, "touched only");
  th_abs(e.t_touch, 0.125, 1e-12, "touch time 0.1 + 0.1 * 0.1 / 0.4 = 0.125");
  step(&e, -0.5, 0.3, 0, EXP_FLOOR_NONE, "wetter: nothing");
  step(&e, -0.1, 0.4, 0, EXP_FLOOR_NONE, "drying: nothing");
  step(&e, 0.02, 0.5, 0, EXP_FLOOR_LIFT, "dry: the lift-off");
  th_true(e.touched && e.lifted && !e.retouched, "touched and lifted");
  th_abs(e.t_lift, 0.4 + 0.1 / 1.2, 1e-12, "lift-off time 0.4 + 0.1 * 0.1 / 0.12");
  th_abs(e.rise, 0.02, 1e-15, "rise since lift-off 0.02");
  step(&e, 0.05, 0.6, 0, EXP_FLOOR_NONE, "rising 0.05 < h");
  th_abs(e.rise, 0.05, 1e-15, "rise 0.05");
  step(&e, -0.01, 0.7, 0, EXP_FLOOR_WITHDRAWN, "wet again before rising by h: lift-off withdrawn");
  th_true(e.touched && !e.lifted && !e.retouched, "touched, not lifted, not retouched");
  th_abs(e.t_touch, 0.125, 1e-12, "the touch time unchanged");
  step(&e, 0.04, 0.8, 0, EXP_FLOOR_LIFT, "dry again: a new lift-off");
  th_true(e.touched && e.lifted && !e.retouched, "lifted again");
  th_abs(e.t_lift, 0.72, 1e-12, "lift-off time 0.7 + 0.1 * 0.01 / 0.05 = 0.72");
  th_abs(e.rise, 0.04, 1e-15, "rise restarts at 0.04");
  step(&e, 0.1, 0.9, 0, EXP_FLOOR_NONE, "rising");
  step(&e, 0.2, 1.0, 0, EXP_FLOOR_NONE, "risen above h");
  step(&e, 0.1, 1.1, 0, EXP_FLOOR_NONE, "falling back");
  th_abs(e.rise, 0.2, 1e-15, "rise the most since lift-off, 0.2");
  step(&e, -0.3, 1.2, 0, EXP_FLOOR_RETOUCH, "wet after rising by h: the second touch");
  th_true(e.touched && e.lifted && e.retouched, "touched, lifted, retouched");
  th_abs(e.t_touch, 0.125, 1e-12, "the first touch time kept");
  th_abs(e.t_lift, 0.72, 1e-12, "the lift-off time kept");
  step(&e, 0.3, 1.3, 0, EXP_FLOOR_NONE, "dry after the second touch: nothing");
  step(&e, -0.3, 1.4, 0, EXP_FLOOR_NONE, "wet again: nothing");
  th_true(e.touched && e.lifted && e.retouched, "the flags unchanged");
  th_abs(e.t_lift, 0.72, 1e-12, "the lift-off time unchanged");
}

/* The edges: wet at the first call (the touch at its time, no step before it); a lift-off at least = 0
 * exactly; a rise of exactly h is a cell: a second touch, not a withdrawal. */
static void floor_events_edges(void)
{
  exp_floor_events e = {0};
  step(&e, -0.2, 3.0, 1, EXP_FLOOR_TOUCH, "wet at the first call: the touch");
  th_abs(e.t_touch, 3.0, 0, "touch time the first call's, 3");
  step(&e, -0.4, 3.5, 0, EXP_FLOOR_NONE, "wet");
  step(&e, 0.0, 4.0, 0, EXP_FLOOR_LIFT, "least phi 0: dry, the lift-off");
  th_abs(e.t_lift, 4.0, 1e-15, "lift-off time where it is 0: 4");
  step(&e, HC, 4.5, 0, EXP_FLOOR_NONE, "risen by exactly h");
  step(&e, -0.1, 5.0, 0, EXP_FLOOR_RETOUCH, "wet after rising by h: the second touch");
  th_true(e.retouched && e.lifted, "retouched, the lift-off kept");
  exp_floor_events f = {0};
  step(&f, 0.5, 10, 1, EXP_FLOOR_NONE, "dry start");
  step(&f, 0.25, 11, 0, EXP_FLOOR_NONE, "dry");
  step(&f, -0.25, 12, 0, EXP_FLOOR_TOUCH, "touch");
  th_abs(f.t_touch, 11.5, 1e-12, "touch time 11.5");
  step(&f, 0.75, 13, 0, EXP_FLOOR_LIFT, "lift-off");
  th_abs(f.t_lift, 12.25, 1e-12, "lift-off time 12 + 0.25 / 1 = 12.25");
  step(&f, -0.01, 14, 0, EXP_FLOOR_RETOUCH, "wet after rising by 0.75 > h at the lift-off's own step");
}

/* ---- the mode moment of a 3D octant, the oscillation's reference ---- */

/* The octant [0, 1]^3 (free-slip low sides) of a drop r < R (1 + eps P_2(cos theta)), R = 0.6, eps = 0.2, at
 * h = 1/16, 1/32, 1/48, phi = r - r_b (scene = 0) or exp_scene_mode_drop's (scene = 1, centred at the origin,
 * reinitialised): the volume and the P_2 moment against their integrals over the octant, (pi/6) R^3 (1 +
 * 3 eps^2/5 + 2 eps^3/35) and (pi/20) R^5 int P_2 (1 + eps P_2)^5 dmu (midpoint rule, 2e5 points, exact to
 * 1e-10); the errors come from the trilinear phi (second order): observed order >= 1.5. */
static void moment_3d(int scene)
{
  const double R = 0.6, eps = 0.2, hs[3] = {1.0 / 16, 1.0 / 32, 1.0 / 48};
  double vol = M_PI / 6 * R * R * R * (1 + 0.6 * eps * eps + 2 * eps * eps * eps / 35), mom = 0, ev[3], em[3];
  for (int k = 0; k < 200000; k++) {
    double mu = -1 + (k + 0.5) / 1e5, p2 = exp_legendre(2, mu);
    mom += p2 * pow(1 + eps * p2, 5) / 1e5;
  }
  mom *= M_PI / 20 * pow(R, 5);
  for (int l = 0; l < 3; l++) {
    int n = (int)lround(1 / hs[l]);
    exp_scene_spec spec = {.geom = CAP_GEOM_3D, .nx = n, .ny = n, .nz = n, .h = hs[l]};
    for (int k = 0; k < 3; k++) spec.bc[2 * k] = CAP_BC_SLIP, spec.angle[2 * k] = M_PI / 2;
    exp_scene *sc;
    double v = 0, m = 0;
    if (!th_int(exp_scene_alloc(&sc, &spec), CAP_SUCCESS, "octant scene %d^3", n)) return;
    const cap_grid *g = &sc->g;
    double *phi = sc->s->phi;
    for (int k = 0; k < n && !scene; k++)
      for (int j = 0; j < n; j++)
        for (int i = 0; i < n; i++) {
          double x = cap_grid_xc(g, i), y = cap_grid_yc(g, j), z = cap_grid_zc(g, k), r = sqrt(x * x + y * y + z * z);
          phi[cap_grid_idx3(g, i, j, k)] = r - R * (1 + eps * exp_legendre(2, z / r));
        }
    if (scene) {
      exp_scene_mode_drop(sc, 0, 0, 0, R, eps, 2);
      th_int(exp_scene_reinit(sc, 20), CAP_SUCCESS, "the mode drop reinitialised, %d^3", n);
    }
    th_int(exp_mode_moment(g, phi, 2, 8, &v, &m), CAP_SUCCESS, "exp_mode_moment on the octant %d^3", n);
    ev[l] = fabs(v / vol - 1);
    em[l] = fabs(m / mom - 1);
    th_note("h = 1/%d: volume error %.3g, moment error %.3g", n, ev[l], em[l]);
    exp_scene_free(sc);
  }
  /* measured: 0.13 % and 0.26 % at h = 1/32 for phi = r - r_b */
  th_true(ev[1] < 2e-3 && em[1] < 4e-3, "volume within 0.2 %%, moment within 0.4 %% at h = 1/32 (%.3g, %.3g)", ev[1],
          em[1]);
  th_true(th_slope(3, hs, em) >= 1.5, "observed order of the moment's error %.3g >= 1.5", th_slope(3, hs, em));
  th_true(th_slope(3, hs, ev) >= 1.5, "observed order of the volume's error %.3g >= 1.5", th_slope(3, hs, ev));
}

static void mode_moment_3d(void) { moment_3d(0); }
static void mode_drop_3d(void) { moment_3d(1); }

/* The sphere's reference: Rayleigh's omega^2 = n (n - 1)(n + 2) sigma / (rho R^3) and Lamb's beta = (n - 1)(2n + 1)
 * nu / R^2 at R = exp_osc_radius, T = 2 pi / sqrt(omega^2 - beta^2), t_end = 3 Rayleigh periods; the amplitude
 * eps at t = 0 and -eps e^(-beta T / 2) at T / 2. The 2D drop: eps at t = 0. */
static void osc_reference(void)
{
  exp_osc o = {.n = 2, .sphere = 1, .R = 1, .eps = 0.02, .sigma = 1, .rho = 1, .nu = 0.01};
  double Req = exp_osc_radius(&o), w2 = 8 / (Req * Req * Req), b = 5 * 0.01 / (Req * Req), T, beta, t_end, a;
  th_rel(Req, cbrt(1 + 3 * 4e-4 / 5), 1e-15, "sphere: the radius of the volume, R cbrt(1 + 3 eps^2 / 5)");
  th_int(exp_osc_reference(&o, 3, &T, &beta, &t_end), CAP_SUCCESS, "sphere: the reference");
  th_rel(T, 2 * M_PI / sqrt(w2 - b * b), 1e-12, "sphere: T = 2 pi / sqrt(omega^2 - beta^2)");
  th_rel(beta, b, 1e-12, "sphere: Lamb's beta = 5 nu / R^2");
  th_rel(t_end, 3 * 2 * M_PI / sqrt(w2), 1e-12, "sphere: t_end = 3 Rayleigh periods");
  th_int(exp_osc_amplitude(&o, T, beta, 0, &a), CAP_SUCCESS, "sphere: the amplitude");
  th_rel(a, 0.02, 1e-15, "sphere: a(0) = eps");
  exp_osc_amplitude(&o, T, beta, T / 2, &a);
  th_rel(a, -0.02 * exp(-beta * T / 2), 1e-12, "sphere: a(T/2) = -eps e^(-beta T/2)");
  o.sphere = 0;
  th_rel(exp_osc_radius(&o), sqrt(1 + 2e-4), 1e-15, "2D drop: the radius of the area, R sqrt(1 + eps^2 / 2)");
  th_int(exp_osc_reference(&o, 3, &T, &beta, &t_end), CAP_SUCCESS, "2D drop: the reference");
  th_int(exp_osc_amplitude(&o, T, beta, 0, &a), CAP_SUCCESS, "2D drop: the amplitude");
  th_rel(a, 0.02, 1e-9, "2D drop: a(0) = eps (the exact release)");
}

/* ---- exp_sphere_fit ---- */

/* A sphere cap of radius 0.9 centred at (0, 0, -0.45) above the floor z = 0 (contact angle acos(0.5) = 60 degrees):
 * exact points of the quarter cap with both mirrors give its centre and radius to rounding; the crossings of its
 * distance function on a 3D grid of h = 1/16 (the quarter x, y > 0 of a floor, 24 x 24 x 12 cells) to O(h^2 / R)
 * (linear crossings of a distance function), the angle acos(-zc / R) to 0.1 degree. */
static void sphere_fit(void)
{
  const double R = 0.9, zc = -0.45;
  exp_crossing c[64] = {{0}};
  int n = 0;
  for (int a = 0; a < 8; a++)
    for (int b = 0; b < 4; b++) { /* polar angle from the top in (0, 60) degrees, azimuth in (0, 90) */
      double t = (a + 0.5) * M_PI / 3 / 8, f = (b + 0.5) * M_PI / 2 / 4;
      c[n].x = R * sin(t) * cos(f), c[n].y = R * sin(t) * sin(f), c[n].z = zc + R * cos(t), n++;
    }
  double x = 1, y = 1, z = 1, r = 0;
  th_int(exp_sphere_fit(c, n, EXP_FIT_MIRROR_X | EXP_FIT_MIRROR_Y, &x, &y, &z, &r), CAP_SUCCESS,
         "32 exact points of the quarter cap, mirrored in x and y: fitted");
  th_abs(x, 0, 1e-12, "centre x = 0");
  th_abs(y, 0, 1e-12, "centre y = 0");
  th_abs(z, zc, 1e-12, "centre z = -0.45");
  th_abs(r, R, 1e-12, "radius 0.9");
  th_int(exp_sphere_fit(c, n, 0, &x, &y, &z, &r), CAP_SUCCESS, "the same points without mirrors: fitted");
  th_abs(z, zc, 1e-9, "centre z = -0.45 without mirrors (the points alone fix it)");
  th_abs(r, R, 1e-9, "radius 0.9 without mirrors");
  th_int(exp_sphere_fit(c, 0, EXP_FIT_MIRROR_X, &x, &y, &z, &r), CAP_ENUMERIC, "no points: refused (CAP_ENUMERIC)");

  cap_grid g;
  th_int(cap_grid_init(&g, CAP_GEOM_3D, 24, 24, 12, 1.0 / 16, 0, 0, 0, 2), CAP_SUCCESS, "3D grid 24 x 24 x 12");
  double *phi = cap_grid_field_alloc(&g);
  exp_crossing *cr = malloc(4096 * sizeof *cr);
  if (!phi || !cr) {
    th_true(0, "allocation");
    free(phi), free(cr);
    return;
  }
  for (int k = 0; k < g.nz; k++)
    for (int j = 0; j < g.ny; j++)
      for (int i = 0; i < g.nx; i++)
        phi[cap_grid_idx3(&g, i, j, k)] =
            sqrt(pow(cap_grid_xc(&g, i), 2) + pow(cap_grid_yc(&g, j), 2) + pow(cap_grid_zc(&g, k) - zc, 2)) - R;
  int st = exp_crossings(&g, phi, NULL, NULL, cr, 4096, &n);
  th_int(st, CAP_SUCCESS, "the cap's crossings on the grid (%d)", n);
  th_true(n > 200, "over 200 crossings (%d)", n);
  if (!st) st = exp_sphere_fit(cr, n, EXP_FIT_MIRROR_X | EXP_FIT_MIRROR_Y, &x, &y, &z, &r);
  th_int(st, CAP_SUCCESS, "the crossings fitted");
  th_abs(x, 0, 1e-12, "grid: centre x = 0 (the mirrors)");
  th_abs(y, 0, 1e-12, "grid: centre y = 0");
  th_abs(z, zc, 0.25 / (16.0 * 16 * R), "grid: centre z within h^2 / (4 R)");
  th_abs(r, R, 0.25 / (16.0 * 16 * R), "grid: radius within h^2 / (4 R)");
  th_abs(acos(-z / r) * 180 / M_PI, 60, 0.1, "grid: the angle acos(-zc / R) within 0.1 degree of 60");
  double apex = NAN, a = NAN;
  th_int(exp_drop_apex_foot3(cr, n, &apex, &a), CAP_SUCCESS, "grid: apex and contact radius measured");
  th_abs(apex, zc + R, 1e-4, "grid: apex height 0.45 (the column's distance is nearly linear in z)");
  th_abs(a, sqrt(R * R - zc * zc), 3.0 / 8 / 256 * R * R / pow(R * R - zc * zc, 1.5) + 0.25 / (256 * R),
         "grid: contact radius sqrt(R^2 - zc^2) within the extrapolation's 3 h^2 R^2 / (8 a^3) + h^2 / (4 R)");
  th_int(exp_drop_apex_foot3(cr, 0, &apex, &a), CAP_ENUMERIC, "no crossings: no apex (CAP_ENUMERIC)");
  free(phi);
  free(cr);
}

/* ---- a drop on a floor: its box and reference (scene.h) ---- */

/* The box at 8 cells per R0, 1.5 R0 wide and 2 R0 high: planar 12 x 16 (the floor y = 0 at theta, x = 0 at 90
 * degrees), AXI the same with the axis on x = 0, 3D 12 x 12 x 16 (x = 0 and y = 0 at 90 degrees, the floor z = 0 at
 * theta); every other side free slip. The hemisphere's volume 2 pi/3 at 90 degrees (and the half-disc's area pi/2)
 * is the cap of radius 1, height 1 and half-width 1; at Bo = 1 and 60 degrees the sessile drop is lower than the cap
 * and its meridian runs from (0, h) to (a, 0). */
static void floor_drop(void)
{
  const double th = M_PI / 3;
  const cap_geometry geom[3] = {CAP_GEOM_PLANAR, CAP_GEOM_AXI, CAP_GEOM_3D};
  for (int q = 0; q < 3; q++) {
    exp_scene_spec sp = {.geom = geom[q]};
    exp_spec_floor_box(&sp, 8, 1.5, 2, th);
    const int d3 = q == 2;
    th_true(sp.nx == 12 && sp.ny == (d3 ? 12 : 16) && (!d3 || sp.nz == 16), "box %d: %d x %d (x %d)", q, sp.nx, sp.ny,
            sp.nz);
    th_true(sp.bc[CAP_XLO] == (q == 1 ? CAP_BC_WALL : CAP_BC_SLIP) && sp.bc[CAP_XHI] == CAP_BC_SLIP &&
                sp.bc[CAP_YLO] == CAP_BC_SLIP && sp.bc[CAP_YHI] == CAP_BC_SLIP && sp.bc[CAP_ZLO] == CAP_BC_SLIP,
            "box %d: the sides free slip (AXI: the axis on x = 0)", q);
    th_abs(sp.angle[CAP_XLO], q == 1 ? 0 : M_PI / 2, 0, "box %d: x = 0 at 90 degrees (AXI: no angle)", q);
    th_abs(sp.angle[d3 ? CAP_ZLO : CAP_YLO], th, 0, "box %d: the floor at theta", q);
    th_abs(sp.angle[CAP_YLO], d3 ? M_PI / 2 : th, 0, "box %d: y = 0 (3D) at 90 degrees", q);
    th_abs(sp.angle[CAP_XHI] + sp.angle[CAP_YHI] + sp.angle[CAP_ZHI], 0, 0, "box %d: no angle on the far sides", q);
  }
  exp_floor_ref r = {0};
  th_int(exp_floor_drop_ref(CAP_GEOM_3D, M_PI / 2, 2 * M_PI / 3, 0, &r), CAP_SUCCESS, "3D cap at 90 degrees");
  th_true(fabs(r.R - 1) < 1e-9 && fabs(r.h - 1) < 1e-9 && fabs(r.a - 1) < 1e-9 && fabs(r.widest - 1) < 1e-9,
          "the hemisphere: R = h = a = widest = 1 (%.12g %.12g %.12g %.12g)", r.R, r.h, r.a, r.widest);
  th_int(exp_floor_drop_ref(CAP_GEOM_PLANAR, M_PI / 2, M_PI / 2, 0, &r), CAP_SUCCESS, "planar cap at 90 degrees");
  th_true(fabs(r.R - 1) < 1e-9 && fabs(r.h - 1) < 1e-9 && fabs(r.a - 1) < 1e-9, "the half-disc: R = h = a = 1");
  exp_floor_ref c = {0};
  th_int(exp_floor_drop_ref(CAP_GEOM_3D, th, 2 * M_PI / 3, 0, &c), CAP_SUCCESS, "3D cap at 60 degrees");
  th_abs(c.a, c.R * sin(th), 1e-12, "the cap: a = R sin(theta)");
  th_abs(c.widest, c.a, 0, "the cap below 90 degrees: widest at the foot");
  th_int(exp_floor_drop_ref(CAP_GEOM_3D, th, 2 * M_PI / 3, 1, &r), CAP_SUCCESS, "3D sessile drop at Bo = 1");
  th_true(r.h < c.h && r.a > c.a && r.R == c.R, "gravity: lower (%g < %g), wider (%g > %g), R the cap's", r.h, c.h, r.a,
          c.a);
  double x[64], z[64];
  th_int(exp_sessile_points(CAP_GEOM_3D, th, 2 * M_PI / 3, 1, r.h, 64, x, z), CAP_SUCCESS, "its meridian");
  th_true(fabs(x[0]) < 1e-12 && fabs(z[0] - r.h) < 1e-9 && fabs(x[63] - r.a) < 1e-6 && fabs(z[63]) < 1e-6,
          "from the apex (0, h) to the contact line (a, 0): (%g, %g) .. (%g, %g)", x[0], z[0], x[63], z[63]);
  th_int(exp_sessile_points(CAP_GEOM_3D, th, 2 * M_PI / 3, 1, r.h, 1, x, z), CAP_EDOM, "one point: refused");
}

/* young_angles --geometry 3d's measurement of an exact shape: the cap of the hemisphere's volume at 30 degrees as
 * the distance function on that experiment's box at R0 = 16 cells (R0/2 + 1 cell beyond the cap), its ghosts
 * filled by the contact rule, fitted by exp_scene_drop_fit: the radius within 0.02 % (the check's limit is 0.5 %)
 * and the angle acos(-z_c / R) within 0.005 degree of the cap's. */
static void cap_fit_30(void)
{
  const double th = M_PI / 6, cells = 16;
  exp_floor_ref ref = {0};
  exp_scene *sc = NULL;
  exp_scene_spec sp = {.geom = CAP_GEOM_3D};
  th_int(exp_floor_drop_ref(CAP_GEOM_3D, th, 2 * M_PI / 3, 0, &ref), CAP_SUCCESS, "the 30-degree cap");
  exp_spec_floor_box(&sp, cells, ref.widest + 0.5 + 1 / cells, 1.5 + 1 / cells, th);
  th_int(exp_scene_wall_drop(&sc, &sp, th, 2 * M_PI / 3, 0), CAP_SUCCESS, "the cap on the box of %d x %d x %d", sp.nx,
         sp.ny, sp.nz);
  if (!sc) return;
  exp_drop_fit f;
  th_int(exp_scene_drop_fit(sc, 1, &f), CAP_SUCCESS, "the crossings fitted");
  th_rel(f.R, ref.R, 2e-4, "radius %.6f against the cap's %.6f", f.R, ref.R);
  th_abs(acos(-f.zc / f.R) * 180 / M_PI, 30, 0.005, "the angle within 0.005 degree of 30");
  exp_scene_free(sc);
}

static const th_case cases[] = {
    {"order3_known", order3_known},
    {"order3_none", order3_none},
    {"fall_speed", fall_speed},
    {"fall_time", fall_time},
    {"period", period},
    {"period_short", period_short},
    {"floor_wet", floor_wet},
    {"liquid_reach", liquid_reach},
    {"floor_events", floor_events},
    {"floor_events_edges", floor_events_edges},
    {"mode_moment_3d", mode_moment_3d},
    {"mode_drop_3d", mode_drop_3d},
    {"osc_reference", osc_reference},
    {"sphere_fit", sphere_fit},
    {"floor_drop", floor_drop},
    {"cap_fit_30", cap_fit_30},
    {NULL, NULL},
};

int main(int argc, char **argv) { return th_main(argc, argv, cases); }
