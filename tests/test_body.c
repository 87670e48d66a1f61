/* Tests of cap_body (a rigid body moved by the liquid's force): free fall, held directions, the
 * stability of the added-mass coupling on its model problem, moving a solid (cap_solid_translate,
 * cap_vsurf_move), and bad input. The liquid's side of a moving solid (cap_ns) is tested in
 * tests/test_force.c (the added mass of a cylinder started impulsively). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../solver/cap_body.h"
#include "../solver/cap_errno.h"
#include "../solver/cap_ns.h"
#include "../solver/cap_solid.h"
#include "../solver/cap_vsurf.h"
#include "tharness.h"

/* The model problem of the coupling: the liquid answers a change of the body's velocity with
 * -M_A (a^n) (cap_body.h), on top of a steady force fs. Returns |a| after n steps. */
static double model_run(double m, double m_a, double M_A, double fs, int n)
{
  cap_body b;
  cap_body_init(&b, m, m_a, 0, 1, 0, 0);
  double a_last = 0;
  for (int k = 0; k < n; k++) {
    double f = fs - M_A * a_last;
    cap_body_step(&b, 0, f, 0, -1, 1e-3, NULL, NULL);
    a_last = b.ay;
  }
  return fabs(b.ay);
}

/* free fall: the added-mass estimate only delays the acceleration */
static void free_fall(void)
{
  cap_body b;
  th_int(cap_body_init(&b, 2.3, 1.7, 1, 1, 0.1, 0.2), CAP_SUCCESS, "free fall: init");
  double dt = 1e-3;
  for (int k = 0; k < 200; k++) cap_body_step(&b, 0, 0, 0.3, -9.81, dt, NULL, NULL);
  th_rel(b.ay, -9.81, 1e-12, "free fall: the acceleration converges to g (m_a = 1.7, m = 2.3)");
  th_rel(b.ax, 0.3, 1e-12, "free fall: and its x component");
  cap_body h;
  cap_body_init(&h, 2.3, 0, 1, 1, 0.1, 0.2);
  double dx, dy;
  cap_body_step(&h, 0, 0, 0, -9.81, dt, &dx, &dy);
  th_rel(h.v, -9.81 * dt, 1e-15, "free fall without an estimate: v = g dt after one step");
  th_rel(dy, -9.81 * dt * dt, 1e-15, "free fall: the displacement is dt times the new velocity");
  th_rel(h.y, 0.2 - 9.81 * dt * dt, 1e-15, "free fall: the position moved by it");
}

/* a held direction: no motion, whatever the force */
static void held_direction(void)
{
  cap_body b;
  cap_body_init(&b, 1.0, 0.5, 1, 0, 0.3, 0.4);
  double dx, dy;
  cap_body_step(&b, 2.0, 5.0, 0, -9.81, 0.01, &dx, &dy);
  th_abs(b.v, 0, 0, "held in y: v stays 0");
  th_abs(dy, 0, 0, "held in y: no displacement");
  th_abs(b.y, 0.4, 0, "held in y: y unchanged");
  th_rel(b.u, 0.01 * 2.0 / 1.5, 1e-15, "free in x: u = dt f / (m + m_a) in the first step");
}

/* the coupling's model problem: a body four times lighter than its added mass */
static void added_mass_coupling(void)
{
  double m = 0.25, M_A = 1.0, fs = 0.3;
  double plain = model_run(m, 0, M_A, fs, 60);
  double exact = model_run(m, M_A, M_A, fs, 60);
  double over = model_run(m, 2 * M_A, M_A, fs, 400);
  double under = model_run(m, 0.5 * M_A, M_A, fs, 400);
  double a_eq = fabs((fs - m * 1.0) / (m + M_A)); /* the true acceleration: (m + M_A) a = fs - m g */
  th_note("coupling model, m = M_A / 4: |a| after 60 steps %.3g without the estimate; with m_a = M_A %.6g, 2 M_A %.6g, "
          "M_A / 2 %.6g (the true one %.6g)",
          plain, exact, over, under, a_eq);
  th_true(plain > 1e10, "coupling model: the plain explicit update diverges for a body lighter than its added mass");
  th_rel(exact, a_eq, 1e-12, "coupling model: m_a = M_A gives the true acceleration");
  th_rel(over, a_eq, 1e-9, "coupling model: m_a = 2 M_A converges to it");
  th_rel(under, a_eq, 1e-9, "coupling model: m_a = M_A / 2 converges to it (above (M_A - m) / 2)");
}

/* cap_vsurf_move and cap_solid_translate */
static void move_solid(void)
{
  cap_grid g;
  cap_grid_init(&g, CAP_GEOM_PLANAR, 32, 32, 1, 1.0 / 32, 0, 0, 0, 3);
  cap_solid *a = NULL, *b = NULL;
  cap_solid_disc_alloc(&a, 0.4, 0.45, 0.2);
  cap_solid_disc_alloc(&b, 0.5317, 0.3771, 0.2);
  cap_vsurf *va = NULL, *vb = NULL;
  cap_vsurf_alloc(&va, &g, a);
  cap_vsurf_alloc(&vb, &g, b);
  th_int(cap_solid_translate(a, 0.1317, -0.0729), CAP_SUCCESS, "translate a disc");
  th_int(cap_vsurf_move(va, a), CAP_SUCCESS, "move its virtual surface");
  size_t same = cap_vsurf_count(va) == cap_vsurf_count(vb);
  for (size_t k = 0; same && k < cap_vsurf_count(va); k++) {
    size_t ca, cb;
    double da, db, nxa, nxb, nya, nyb;
    cap_vsurf_cell(va, k, &ca, &da, &nxa, &nya);
    cap_vsurf_cell(vb, k, &cb, &db, &nxb, &nyb);
    same = ca == cb && fabs(da - db) < 1e-12 && fabs(nxa - nxb) < 1e-12 && fabs(nya - nyb) < 1e-12;
  }
  th_true(same, "the moved surface equals one made at the new position (%zu cells)", cap_vsurf_count(va));
  th_int(cap_solid_translate(a, NAN, 0), CAP_EDOM, "translate by NaN refused");
  cap_vsurf_free(va);
  cap_vsurf_free(vb);
  cap_solid_free(a);
  cap_solid_free(b);
}

/* bad input */
static void bad_input(void)
{
  cap_body b;
  th_int(cap_body_init(&b, 0, 1, 1, 1, 0, 0), CAP_EDOM, "mass 0 refused");
  th_int(cap_body_init(&b, 1, -1, 1, 1, 0, 0), CAP_EDOM, "negative added mass refused");
  th_int(cap_body_init(&b, 1, 1, 1, 1, NAN, 0), CAP_EDOM, "NaN position refused");
  cap_body_init(&b, 1, 1, 1, 1, 0, 0);
  cap_body c = b;
  th_int(cap_body_step(&b, NAN, 0, 0, -9.81, 0.01, NULL, NULL), CAP_ENONFINITE, "NaN force reported");
  th_true(b.y == c.y && b.v == c.v, "NaN force: the body is left as it was");
  th_int(cap_body_step(&b, 0, 0, 0, -9.81, 0, NULL, NULL), CAP_EDOM, "dt = 0 refused");
  cap_grid g;
  cap_grid_init(&g, CAP_GEOM_PLANAR, 8, 8, 1, 1.0 / 8, 0, 0, 0, 3);
  cap_ns_state *S = NULL;
  cap_ns_ws *W = NULL;
  int st = cap_ns_state_alloc(&S, &g);
  if (!st) st = cap_ns_ws_alloc(&W, &g);
  if (!st) {
    cap_ns_params P = cap_ns_params_default();
    S->bounds.motion[0].u = NAN;
    st = cap_ns_step(S, &P, W, 1e-3, NULL);
  }
  th_true(st == CAP_EDOM && strstr(cap_error_message(), "bounds.motion[0].u") != NULL,
          "a NaN solid velocity refused by cap_ns_step, the message naming bounds.motion[0].u: %s",
          cap_error_message());
  cap_ns_ws_free(W);
  cap_ns_state_free(S);
}

static const th_case cases[] = {
    {"free_fall", free_fall},   {"held_direction", held_direction}, {"added_mass_coupling", added_mass_coupling},
    {"move_solid", move_solid}, {"bad_input", bad_input},           {NULL, NULL},
};

int main(int argc, char **argv) { return th_main(argc, argv, cases); }
