/* The running-state visits (solver/cap_state.h): a flow saved after some steps and restored into a
 * fresh copy of its set-up continues to the bit as the original does; a restore into another shape
 * is refused. The set-up moves a solid through a pool, with per-position wall angles, so that every
 * visited object changes from step to step. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../solver/cap_errno.h"
#include "../solver/cap_ns.h"
#include "tharness.h"

#define N 32 /* cells across the unit box */

typedef struct {
  cap_grid g;
  cap_solid *solid;
  cap_vsurf *v;
  cap_contact *ct;
  cap_ns_state *s;
  cap_ns_ws *w;
  cap_ns_params p;
} world;

/* A pool below y = 0.55 in a unit box (free-slip sides, 80 degrees on the left wall, varying along
 * it), a disc of radius 0.15 at (0.45, 0.5) at 70 degrees, moving right at 0.2. */
static void open_world(world *W)
{
  memset(W, 0, sizeof *W);
  cap_grid_init(&W->g, CAP_GEOM_PLANAR, N, N, 1, 1.0 / N, 0, 0, 0, 3);
  for (int k = 0; k < 4; k++) cap_grid_set_bc(&W->g, (cap_side)k, CAP_BC_SLIP);
  cap_contact_alloc(&W->ct, &W->g);
  cap_contact_set_wall(W->ct, CAP_XLO, 80 * M_PI / 180);
  double *along;
  cap_contact_wall_angles(W->ct, CAP_XLO, &along);
  for (int t = 0; t < N + 6; t++) along[t] = (70 + 20.0 * t / (N + 6)) * M_PI / 180;
  cap_solid_disc_alloc(&W->solid, 0.45, 0.5, 0.15);
  cap_contact_set_solid(W->ct, W->solid, 70 * M_PI / 180);
  cap_vsurf_alloc(&W->v, &W->g, W->solid);
  cap_ns_state_alloc(&W->s, &W->g);
  cap_ns_ws_alloc(&W->w, &W->g);
  for (int j = 0; j < N; j++)
    for (int i = 0; i < N; i++) W->s->phi[cap_grid_idx(&W->g, i, j)] = cap_grid_yc(&W->g, j) - 0.55;
  W->p = cap_ns_params_default();
  W->p.rho = 1;
  W->p.mu = 0.05;
  W->p.sigma = 1;
  W->p.gy = -1;
  W->s->bounds.vsurf = W->v;
  W->s->bounds.contact = W->ct;
  W->s->bounds.motion[0] = (cap_ns_rigid){0.2, 0, 0, 0.45, 0.5};
}

static void close_world(world *W)
{
  cap_ns_state_free(W->s);
  cap_ns_ws_free(W->w);
  cap_vsurf_free(W->v);
  cap_contact_free(W->ct);
  cap_solid_free(W->solid);
}

/* n steps: each a step of the flow, then the disc moved by its velocity over it and its cells rebuilt. */
static int steps(world *W, int n)
{
  int st = CAP_SUCCESS;
  for (int k = 0; k < n && !st; k++) {
    cap_ns_step_info info;
    int done;
    st = cap_ns_step_until(W->s, &W->p, W->w, 10, &info, &done);
    if (!st) st = cap_solid_translate(W->solid, info.dt * W->s->bounds.motion[0].u, 0);
    if (!st) st = cap_vsurf_move(W->v, W->solid);
  }
  return st;
}

/* A visitor that saves (the blocks appended to buf) or restores (the blocks read back in order). */
typedef struct {
  unsigned char *buf;
  size_t len, at;
  int restoring;
  int blocks;
} tape;

static int tape_fn(void *user, const char *name, void *data, size_t size)
{
  tape *t = user;
  (void)name;
  t->blocks++;
  if (t->restoring) {
    if (t->at + size > t->len) return CAP_ERROR(CAP_EFORMAT, "tape: %s past the end", name);
    memcpy(data, t->buf + t->at, size);
    t->at += size;
    return CAP_SUCCESS;
  }
  unsigned char *more = realloc(t->buf, t->len + size + 1);
  if (!more) return CAP_ERROR(CAP_ENOMEM, "tape");
  t->buf = more;
  memcpy(t->buf + t->len, data, size);
  t->len += size;
  return CAP_SUCCESS;
}

/* Every visit of the world, in the order a scene takes them (the surface rebuilt from a restored
 * placement before its own visit). */
static int visit(world *W, tape *t)
{
  int st = cap_ns_state_visit(W->s, tape_fn, t);
  if (!st) st = cap_contact_visit(W->ct, tape_fn, t);
  if (!st) st = cap_solid_visit(W->solid, tape_fn, t);
  if (!st && t->restoring) st = cap_vsurf_move(W->v, W->solid);
  if (!st) st = cap_vsurf_visit(W->v, tape_fn, t);
  return st;
}

static int same_fields(const world *a, const world *b)
{
  const size_t n = a->g.size * sizeof(double);
  return !memcmp(a->s->phi, b->s->phi, n) && !memcmp(a->s->u, b->s->u, n) && !memcmp(a->s->v, b->s->v, n) &&
         !memcmp(a->s->p, b->s->p, n) && a->s->t == b->s->t && a->s->step == b->s->step;
}

static void resume_bitwise(void)
{
  world A, B, C;
  open_world(&A);
  open_world(&B);
  open_world(&C);
  tape t = {0};
  th_int(steps(&A, 12), CAP_SUCCESS, "12 steps of the moving disc in the pool");
  int st = visit(&A, &t);
  th_int(st, CAP_SUCCESS, "the state saved (%d blocks, %zu bytes)", t.blocks, t.len);
  th_int(steps(&A, 12), CAP_SUCCESS, "12 more steps");
  t.restoring = 1;
  th_int(visit(&B, &t), CAP_SUCCESS, "restored into a fresh set-up");
  th_int((long)t.at, (long)t.len, "every byte read back");
  th_int(steps(&B, 12), CAP_SUCCESS, "the restored copy takes the same 12 steps");
  th_true(same_fields(&A, &B), "phi, u, v, p, t and the step equal to the bit after the resumption (t = %.6g)", A.s->t);
  th_int(steps(&C, 12), CAP_SUCCESS, "a fresh set-up without the restore: 12 steps");
  th_true(!same_fields(&A, &C), "... ends elsewhere (the comparison can fail)");
  free(t.buf);
  close_world(&A);
  close_world(&B);
  close_world(&C);
}

static void refused(void)
{
  world A, B;
  open_world(&A);
  open_world(&B);
  tape t = {0};
  visit(&A, &t);
  cap_solid_translate(B.solid, 0.3, 0); /* B's disc covers other cells: its surface another count */
  cap_vsurf_move(B.v, B.solid);
  size_t n0 = cap_vsurf_count(B.v);
  tape r = {t.buf, t.len, 0, 1, 0};
  /* the flow, the angles and the solid restored, but the surface visited before it is rebuilt */
  int st = cap_ns_state_visit(B.s, tape_fn, &r);
  if (!st) st = cap_contact_visit(B.ct, tape_fn, &r);
  if (!st) st = cap_solid_visit(B.solid, tape_fn, &r);
  if (!st) st = cap_vsurf_visit(B.v, tape_fn, &r);
  th_true(n0 != cap_vsurf_count(A.v), "the moved disc covers %zu cells, the saved one %zu", n0, cap_vsurf_count(A.v));
  th_int(st, CAP_ESIZE, "a surface of another count of solid cells refuses the restore");
  th_int((long)cap_vsurf_count(B.v), (long)n0, "... and keeps its cells");
  cap_solid *two[2], *pair;
  cap_solid_disc_alloc(&two[0], 0.3, 0.3, 0.1);
  cap_solid_disc_alloc(&two[1], 0.7, 0.3, 0.1);
  cap_solid_union_alloc(&pair, 2, (const cap_solid *const *)two);
  tape s1 = {0};
  cap_solid_visit(A.solid, tape_fn, &s1);
  s1.restoring = 1;
  th_int(cap_solid_visit(pair, tape_fn, &s1), CAP_ESIZE, "a solid of 1 part restored into one of 2: refused");
  th_int(cap_ns_state_visit(NULL, tape_fn, &s1), CAP_EINVAL, "cap_ns_state_visit(NULL): CAP_EINVAL");
  th_int(cap_contact_visit(A.ct, NULL, &s1), CAP_EINVAL, "cap_contact_visit without a visitor: CAP_EINVAL");
  th_int(cap_solid_visit(NULL, tape_fn, &s1), CAP_EINVAL, "cap_solid_visit(NULL): CAP_EINVAL");
  th_int(cap_vsurf_visit(NULL, tape_fn, &s1), CAP_EINVAL, "cap_vsurf_visit(NULL): CAP_EINVAL");
  free(s1.buf);
  free(t.buf);
  for (int k = 0; k < 2; k++) cap_solid_free(two[k]);
  cap_solid_free(pair);
  close_world(&A);
  close_world(&B);
}

static const th_case cases[] = {{"resume_bitwise", resume_bitwise}, {"refused", refused}, {NULL, NULL}};

int main(int argc, char **argv) { return th_main(argc, argv, cases); }
