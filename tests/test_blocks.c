/* Block decomposition readiness (issue 27, item 5; docs/design/distribution.md): single-pass 3D kernels
 * run on a whole box and on four blocks of it (grids with their own origin and size), each block's ghost
 * layers copied from the whole box's field (the exchange a distributed run would do). A sample whose
 * stencil stays inside its block's interior plus the exchanged layers must equal the whole box's bitwise;
 * samples next to a cut are counted apart, and where a kernel rewrites the exchanged layers itself (its
 * own ghost fill) or treats the cut as a wall, the test pins that finding. The box is dyadic (h = 1/16,
 * dyadic origin), so the blocks' coordinates x0_b + i h are the whole box's exactly. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../solver/cap_advect.h"
#include "../solver/cap_errno.h"
#include "../solver/cap_fmm.h"
#include "../solver/cap_interp.h"
#include "../solver/cap_levelset.h"
#include "../solver/cap_poisson.h"
#include "../solver/cap_tension.h"
#include "tharness.h"

enum { NX = 20, NY = 12, NZ = 16, NG = 3, NB = 4, CUT_I = 9, CUT_K = 7 };
#define H  0.0625
#define X0 (-0.5)
#define Y0 (-0.25)
#define Z0 0.125

/* A block: its grid and the whole box's index of its cell (0, 0, 0) (i0, 0, k0). */
typedef struct {
  cap_grid g;
  int i0, k0;
} block;

/* The whole box: x WALL / SLIP, y periodic, z WALL / SLIP. */
static void whole_grid(cap_grid *W)
{
  cap_grid_init(W, CAP_GEOM_3D, NX, NY, NZ, H, X0, Y0, Z0, NG);
  cap_grid_set_bc(W, CAP_XHI, CAP_BC_SLIP);
  cap_grid_set_bc(W, CAP_YLO, CAP_BC_PERIODIC);
  cap_grid_set_bc(W, CAP_YHI, CAP_BC_PERIODIC);
  cap_grid_set_bc(W, CAP_ZHI, CAP_BC_SLIP);
}

/* Four blocks, cut at i = CUT_I and k = CUT_K (uneven sizes), each spanning the periodic y direction.
 * An outer side keeps the box's kind; a cut side is a WALL (the grid has no kind for "exchanged"). */
static void make_blocks(const cap_grid *W, block b[NB])
{
  for (int q = 0; q < NB; q++) {
    const int hx = q & 1, hz = q >> 1;
    const int i0 = hx ? CUT_I : 0, nx = hx ? NX - CUT_I : CUT_I, k0 = hz ? CUT_K : 0, nz = hz ? NZ - CUT_K : CUT_K;
    b[q].i0 = i0;
    b[q].k0 = k0;
    cap_grid_init(&b[q].g, CAP_GEOM_3D, nx, NY, nz, H, X0 + i0 * H, Y0, Z0 + k0 * H, NG);
    for (int s = 0; s < 6; s++) b[q].g.bc[s] = W->bc[s];
    b[q].g.bc[hx ? CAP_XLO : CAP_XHI] = CAP_BC_WALL;
    b[q].g.bc[hz ? CAP_ZLO : CAP_ZHI] = CAP_BC_WALL;
  }
}

static size_t wix(const cap_grid *W, const block *b, int i, int j, int k)
{
  return cap_grid_idx3(W, i + b->i0, j, k + b->k0);
}

/* The emulated exchange: every sample of the block, ghosts included, from the whole box's field. */
static void to_block(const cap_grid *W, const double *f, const block *b, double *fb)
{
  const cap_grid *g = &b->g;
  for (int k = -NG; k <= g->nz + NG; k++)
    for (int j = -NG; j <= g->ny + NG; j++)
      for (int i = -NG; i <= g->nx + NG; i++) fb[cap_grid_idx3(g, i, j, k)] = f[wix(W, b, i, j, k)];
}

/* Interior layers between a sample and the nearest cut of its block (a large number without a cut): a
 * kernel that reads r cells out of a sample is exact where this is >= r. Cells: i from a low cut,
 * n - 1 - i from a high one; faces of the cut's own direction one less (face 0 lies on the cut). */
static int depth(const block *b, cap_location loc, int i, int k)
{
  const cap_grid *g = &b->g;
  const int xf = loc == CAP_AT_XFACE, zf = loc == CAP_AT_ZFACE;
  int d = 1 << 20;
  if (b->i0 > 0) d = i - xf < d ? i - xf : d;
  if (b->i0 + g->nx < NX) d = g->nx - 1 - i < d ? g->nx - 1 - i : d;
  if (b->k0 > 0) d = k - zf < d ? k - zf : d;
  if (b->k0 + g->nz < NZ) d = g->nz - 1 - k < d ? g->nz - 1 - k : d;
  return d;
}

typedef struct {
  long far, far_bad, near, near_diff; /* samples at depth >= reach, those not bitwise equal; the rest */
  double near_max;                    /* largest |difference| next to a cut */
  double far_max;                     /* largest |difference| away from the cuts */
} tally;

/* Compares the block's interior samples of loc (the boundary faces of the lattice's own direction
 * included, the periodic duplicate excluded) with the whole box's. */
static void compare(const cap_grid *W, const double *f, const block *b, const double *fb, cap_location loc, int reach,
                    tally *t)
{
  const cap_grid *g = &b->g;
  const int nx = g->nx + (loc == CAP_AT_XFACE), nz = g->nz + (loc == CAP_AT_ZFACE);
  for (int k = 0; k < nz; k++)
    for (int j = 0; j < g->ny; j++)
      for (int i = 0; i < nx; i++) {
        const double a = fb[cap_grid_idx3(g, i, j, k)], w = f[wix(W, b, i, j, k)];
        const int same = memcmp(&a, &w, sizeof a) == 0;
        if (depth(b, loc, i, k) >= reach) {
          t->far++;
          t->far_bad += !same;
          if (fabs(a - w) > t->far_max) t->far_max = fabs(a - w);
        } else {
          t->near++;
          t->near_diff += !same;
          if (fabs(a - w) > t->near_max) t->near_max = fabs(a - w);
        }
      }
}

/* The far samples bitwise equal (tol = 0) or within tol (a kernel that computes a fraction of a spacing from
 * a coordinate off the lattice: from the block's origin it may differ from the whole box's in its last
 * bit); the near ones reported. */
static void check_far(const tally *t, const char *what, int reach, double tol)
{
  if (tol == 0)
    th_true(t->far > 0 && t->far_bad == 0,
            "%s: %ld of %ld samples >= %d cells from a cut differ from the whole box (max |diff| %.3e)", what,
            t->far_bad, t->far, reach, t->far_max);
  else
    th_true(t->far > 0 && t->far_max <= tol,
            "%s: samples >= %d cells from a cut within %.0e of the whole box's: max |diff| %.3e (%ld of %ld not "
            "bitwise)",
            what, reach, tol, t->far_max, t->far_bad, t->far);
  th_note("%s: next to a cut %ld of %ld samples differ, max |diff| %.3e", what, t->near_diff, t->near, t->near_max);
}

/* phi of an ellipsoid (semi-axes 0.45, 0.35, 0.3) about a point near both cuts: its surface crosses both. */
static void fill_phi(const cap_grid *W, double *phi)
{
  for (int k = 0; k < NZ; k++)
    for (int j = 0; j < NY; j++)
      for (int i = 0; i < NX; i++) {
        const double x = (cap_grid_xc(W, i) - 0.03) / 0.45, y = (cap_grid_yc(W, j) - 0.1) / 0.35,
                     z = (cap_grid_zc(W, k) - 0.55) / 0.3;
        phi[cap_grid_idx3(W, i, j, k)] = 0.35 * (sqrt(x * x + y * y + z * z) - 1);
      }
}

/* A smooth field at every sample of loc, ghosts included (no ghost fill needed). */
static void fill_smooth(const cap_grid *W, cap_location loc, double *f, double phase)
{
  double ox, oy, oz;
  cap_grid_offsets3(loc, &ox, &oy, &oz);
  for (int k = -NG; k <= NZ + NG; k++)
    for (int j = -NG; j <= NY + NG; j++)
      for (int i = -NG; i <= NX + NG; i++) {
        const double x = X0 + (i + ox) * H, y = Y0 + (j + oy) * H, z = Z0 + (k + oz) * H;
        f[cap_grid_idx3(W, i, j, k)] = sin(3 * x + phase) * cos(2 * y - z) + 0.5 * z * x;
      }
}

typedef struct {
  cap_grid W;
  block b[NB];
  double *f[4], *fb[4]; /* whole-box and block scratch fields */
} setup;

static void setup_init(setup *s)
{
  whole_grid(&s->W);
  make_blocks(&s->W, s->b);
  for (int m = 0; m < 4; m++) {
    s->f[m] = cap_grid_field_alloc(&s->W);
    s->fb[m] = cap_grid_field_alloc(&s->W); /* a block is smaller than the box */
  }
}

static void setup_free(setup *s)
{
  for (int m = 0; m < 4; m++) {
    free(s->f[m]);
    free(s->fb[m]);
  }
}

/* Curvature (reach 1), fourth-order curvature (reach 2) and normals (reach 1): exact away from the cuts;
 * next to a cut the kernel's own ghost fill (cap_levelset_fill_ghosts: linear extrapolation at every
 * non-periodic side) overwrites the exchanged layers. */
static void levelset_kernels(void)
{
  setup s;
  setup_init(&s);
  double *phi = s.f[0], *phib = s.fb[0];
  fill_phi(&s.W, phi);
  cap_levelset_fill_ghosts(&s.W, NULL, phi);
  static const char *const name[3] = {"cap_levelset_curvature", "cap_levelset_curvature4", "cap_levelset_normal"};
  static const int reach[3] = {1, 2, 1};
  for (int kind = 0; kind < 3; kind++) {
    int st = kind == 0   ? cap_levelset_curvature(&s.W, NULL, phi, s.f[1])
             : kind == 1 ? cap_levelset_curvature4(&s.W, NULL, phi, s.f[1])
                         : cap_levelset_normal(&s.W, NULL, phi, s.f[1], s.f[2], s.f[3]);
    th_int(st, CAP_SUCCESS, "%s on the whole box", name[kind]);
    tally t = {0, 0, 0, 0, 0, 0};
    for (int q = 0; q < NB; q++) {
      to_block(&s.W, phi, &s.b[q], phib);
      st = kind == 0   ? cap_levelset_curvature(&s.b[q].g, NULL, phib, s.fb[1])
           : kind == 1 ? cap_levelset_curvature4(&s.b[q].g, NULL, phib, s.fb[1])
                       : cap_levelset_normal(&s.b[q].g, NULL, phib, s.fb[1], s.fb[2], s.fb[3]);
      th_int(st, CAP_SUCCESS, "%s on block %d", name[kind], q);
      for (int m = 1; m <= (kind == 2 ? 3 : 1); m++)
        compare(&s.W, s.f[m], &s.b[q], s.fb[m], CAP_AT_CELL, reach[kind], &t);
    }
    check_far(&t, name[kind], reach[kind], 0);
    th_true(t.near_diff > 0, "finding (distribution.md): %s rewrites the exchanged ghost layers at a cut", name[kind]);
  }
  setup_free(&s);
}

/* The interface values p_G = sigma kappa at every crossing of a block (towards its ghosts included) and
 * the crossing fractions: read the exchanged kappa and phi, bitwise the whole box's everywhere. */
static void tension_crossings(void)
{
  setup s;
  setup_init(&s);
  double *phi = s.f[0], *kappa = s.f[1];
  fill_phi(&s.W, phi);
  cap_levelset_curvature(&s.W, NULL, phi, kappa);
  cap_grid_fill_ghosts(&s.W, kappa, CAP_GHOST_LINEAR);
  const cap_tension tw = {&s.W, 0.0728, kappa};
  static const int D[6][3] = {{-1, 0, 0}, {1, 0, 0}, {0, -1, 0}, {0, 1, 0}, {0, 0, -1}, {0, 0, 1}};
  long n = 0, bad = 0, cut = 0;
  for (int q = 0; q < NB; q++) {
    const block *b = &s.b[q];
    to_block(&s.W, phi, b, s.fb[0]);
    to_block(&s.W, kappa, b, s.fb[1]);
    const cap_tension tb = {&b->g, 0.0728, s.fb[1]};
    for (int k = 0; k < b->g.nz; k++)
      for (int j = 0; j < NY; j++)
        for (int i = 0; i < b->g.nx; i++)
          for (int dir = 0; dir < 6; dir++) {
            const int *d = D[dir];
            const double pa = s.fb[0][cap_grid_idx3(&b->g, i, j, k)];
            const double pn = s.fb[0][cap_grid_idx3(&b->g, i + d[0], j + d[1], k + d[2])];
            if (!(pa < 0) || pn < 0) continue;
            double th_b, ka_b, th_w, ka_w;
            int st = cap_levelset_crossing(&b->g, s.fb[0], s.fb[1], i, j, k, d[0], d[1], d[2], &th_b, &ka_b);
            st |= cap_levelset_crossing(&s.W, phi, kappa, i + b->i0, j, k + b->k0, d[0], d[1], d[2], &th_w, &ka_w);
            const double pb = cap_tension_at(&tb, i, j, k, dir, th_b);
            const double pw = cap_tension_at(&tw, i + b->i0, j, k + b->k0, dir, th_w);
            n++;
            cut += depth(b, CAP_AT_CELL, i, k) < 1;
            bad += st != 0 || memcmp(&th_b, &th_w, sizeof th_b) || memcmp(&ka_b, &ka_w, sizeof ka_b) ||
                   memcmp(&pb, &pw, sizeof pb);
          }
  }
  th_true(n > 0 && cut > 0 && bad == 0,
          "cap_levelset_crossing and cap_tension_at: %ld of %ld crossings (%ld next to a cut) differ", bad, n, cut);
  setup_free(&s);
}

/* Trilinear and tricubic sampling at points of each block's box on a 1/64-cell lattice (exact
 * coordinates: bitwise) and at arbitrary points (the fraction of a spacing is computed from the block's
 * origin, so it may differ from the whole box's in its last bit: 4e-15, the field's scale being 1);
 * a point beyond a cut is clamped to the block's box (a finding). */
static void interpolation(void)
{
  setup s;
  setup_init(&s);
  unsigned seed = 12345;
  long n = 0, bad = 0, beyond = 0, clamped = 0;
  double worst = 0;
  for (int loc = CAP_AT_CELL; loc <= CAP_AT_ZFACE; loc++) {
    fill_smooth(&s.W, (cap_location)loc, s.f[0], 0.3 * loc);
    for (int q = 0; q < NB; q++) {
      const block *b = &s.b[q];
      const cap_grid *g = &b->g;
      to_block(&s.W, s.f[0], b, s.fb[0]);
      for (int m = 0; m < 400; m++) {
        double p[3], lo[3] = {g->x0, g->y0, g->z0}, len[3] = {g->nx * H, g->ny * H, g->nz * H};
        for (int a = 0; a < 3; a++) {
          double u = 0; /* 72 random bits, rounded to a full mantissa */
          for (int r = 0; r < 3; r++) {
            seed = seed * 1103515245u + 12345u;
            u = (u + (double)(seed >> 8)) / 16777216.0;
          }
          p[a] = lo[a] + (m % 2 ? u * len[a] : floor(u * 64 * (len[a] / H)) / 64 * H);
        }
        for (int cubic = 0; cubic < 2; cubic++) {
          const double vb = cubic ? cap_interp_cubic_3d(g, s.fb[0], loc, p[0], p[1], p[2])
                                  : cap_interp_linear_3d(g, s.fb[0], loc, p[0], p[1], p[2]);
          const double vw = cubic ? cap_interp_cubic_3d(&s.W, s.f[0], loc, p[0], p[1], p[2])
                                  : cap_interp_linear_3d(&s.W, s.f[0], loc, p[0], p[1], p[2]);
          n++;
          if (m % 2 == 0)
            bad += memcmp(&vb, &vw, sizeof vb) != 0;
          else
            worst = fmax(worst, fabs(vb - vw));
        }
      }
      /* half a cell beyond the block's cut side(s), inside the whole box */
      const double px = b->i0 > 0 ? g->x0 - 0.5 * H : g->x0 + (g->nx + 0.5) * H, py = g->y0 + 3.3 * H,
                   pz = g->z0 + 2.2 * H;
      const double vb = cap_interp_linear_3d(g, s.fb[0], loc, px, py, pz),
                   vw = cap_interp_linear_3d(&s.W, s.f[0], loc, px, py, pz);
      beyond++;
      clamped += vb != vw;
    }
  }
  th_true(n > 0 && bad == 0, "cap_interp_linear_3d, cap_interp_cubic_3d at lattice points: %ld of %ld differ", bad,
          n / 2);
  th_true(worst <= 4e-15, "the same at arbitrary points: max |diff| %.3e <= 4e-15 (field scale 1)", worst);
  th_true(clamped == beyond,
          "finding (distribution.md): a point beyond a cut is clamped to the block (%ld of %ld differ)", clamped,
          beyond);
  setup_free(&s);
}

/* y = A x of the pressure system assembled from phi (cap_poisson_apply): exact away from the cuts; the
 * matrix of a block reads phi's interior only and closes a face on the block's edge like a wall, and x
 * reaches the operator without its ghosts, so the rows next to a cut differ (a finding). */
static void poisson_operator(void)
{
  setup s;
  setup_init(&s);
  double *phi = s.f[0], *x = s.f[1], *y = s.f[2];
  fill_phi(&s.W, phi);
  fill_smooth(&s.W, CAP_AT_CELL, x, 0.7);
  cap_poisson *P = NULL;
  int st = cap_poisson_alloc(&P, &s.W);
  if (!st) st = cap_poisson_assemble(P, &s.W, phi, NULL, NULL);
  if (!st) st = cap_poisson_apply(P, &s.W, x, y);
  cap_poisson_free(P);
  th_int(st, CAP_SUCCESS, "cap_poisson_apply on the whole box");
  tally t = {0, 0, 0, 0, 0, 0};
  for (int q = 0; q < NB; q++) {
    const block *b = &s.b[q];
    to_block(&s.W, phi, b, s.fb[0]);
    to_block(&s.W, x, b, s.fb[1]);
    P = NULL;
    st = cap_poisson_alloc(&P, &b->g);
    if (!st) st = cap_poisson_assemble(P, &b->g, s.fb[0], NULL, NULL);
    if (!st) st = cap_poisson_apply(P, &b->g, s.fb[1], s.fb[2]);
    cap_poisson_free(P);
    th_int(st, CAP_SUCCESS, "cap_poisson_apply on block %d", q);
    compare(&s.W, y, b, s.fb[2], CAP_AT_CELL, 1, &t);
  }
  check_far(&t, "cap_poisson_apply", 1, 0);
  th_true(t.near_diff > 0, "finding (distribution.md): the pressure rows next to a cut see a wall");
  setup_free(&s);
}

/* phi at the faces (cap_fmm_sample_phi): the mean of the two cells beside a face, exact on every face
 * off the cuts; a face on a cut is extrapolated from the block's own cells (the kernel reads no ghost),
 * not averaged with the neighbour's cell (a finding). */
static void face_phi(void)
{
  setup s;
  setup_init(&s);
  double *phi = s.f[0];
  fill_phi(&s.W, phi);
  tally t = {0, 0, 0, 0, 0, 0};
  int st = 0;
  for (int loc = CAP_AT_XFACE; loc <= CAP_AT_ZFACE; loc++) {
    st |= cap_fmm_sample_phi(&s.W, phi, (cap_location)loc, s.f[1]);
    for (int q = 0; q < NB; q++) {
      to_block(&s.W, phi, &s.b[q], s.fb[0]);
      st |= cap_fmm_sample_phi(&s.b[q].g, s.fb[0], (cap_location)loc, s.fb[1]);
      compare(&s.W, s.f[1], &s.b[q], s.fb[1], (cap_location)loc, 0, &t);
    }
  }
  th_int(st, CAP_SUCCESS, "cap_fmm_sample_phi on the box and the blocks");
  check_far(&t, "cap_fmm_sample_phi", 0, 0);
  th_true(t.near_diff > 0, "finding (distribution.md): a face on a cut is extrapolated from one side");
  setup_free(&s);
}

/* Semi-Lagrangian advection (cap_advect_semilagrangian) of a cell field and of u on the x-faces by a
 * smooth velocity, ghosts exchanged. At a CFL number below 1/2 every foot stays in its block's box: every
 * cell exact, every face off the cuts exact, and the faces on a cut not updated by either block (the
 * kernel skips a non-periodic edge's faces; a finding). At a CFL number of 1.3 a foot beyond a cut is
 * clamped to the block's box (cap_interp_fold), although the exchanged layers hold it (a finding). */
static void advection(void)
{
  setup s;
  setup_init(&s);
  double *u = s.f[0], *v = s.f[1], *w = s.f[2], *q0 = s.f[3];
  fill_smooth(&s.W, CAP_AT_XFACE, u, 0.0);
  fill_smooth(&s.W, CAP_AT_YFACE, v, 1.1);
  fill_smooth(&s.W, CAP_AT_ZFACE, w, 2.3);
  double umax = 0;
  for (size_t c = 0; c < s.W.size; c++) umax = fmax(umax, fmax(fabs(u[c]), fmax(fabs(v[c]), fabs(w[c]))));
  double *ub = cap_grid_field_alloc(&s.W), *vb = cap_grid_field_alloc(&s.W), *wb = cap_grid_field_alloc(&s.W);
  double *qw = cap_grid_field_alloc(&s.W), *qb = cap_grid_field_alloc(&s.W), *qb0 = cap_grid_field_alloc(&s.W);
  static const double cfl[2] = {0.45, 1.3};
  for (int run = 0; run < 2; run++) {
    const double dt = cfl[run] * H / umax;
    for (int loc = CAP_AT_CELL; loc <= CAP_AT_XFACE; loc++) {
      fill_smooth(&s.W, (cap_location)loc, q0, 0.5);
      memcpy(qw, q0, s.W.size * sizeof *qw);
      int st = cap_advect_semilagrangian(&s.W, q0, qw, (cap_location)loc, u, v, w, dt, NULL, 0);
      tally t = {0, 0, 0, 0, 0, 0};
      long cut_kept = 0, cut_faces = 0;
      for (int q = 0; q < NB; q++) {
        const block *b = &s.b[q];
        to_block(&s.W, u, b, ub);
        to_block(&s.W, v, b, vb);
        to_block(&s.W, w, b, wb);
        to_block(&s.W, q0, b, qb0);
        memcpy(qb, qb0, s.W.size * sizeof *qb);
        st |= cap_advect_semilagrangian(&b->g, qb0, qb, (cap_location)loc, ub, vb, wb, dt, NULL, 0);
        compare(&s.W, qw, b, qb, (cap_location)loc, run == 0 ? 0 : 2, &t);
        if (loc != CAP_AT_XFACE) continue;
        const int i = b->i0 > 0 ? 0 : b->g.nx; /* the block's face on the x cut */
        for (int k = 0; k < b->g.nz; k++)
          for (int j = 0; j < NY; j++) {
            const size_t c = cap_grid_idx3(&b->g, i, j, k);
            cut_faces++;
            cut_kept += qb[c] == qb0[c] && qw[wix(&s.W, b, i, j, k)] != qb0[c];
          }
      }
      const char *what = loc == CAP_AT_CELL ? "cells" : "x-faces";
      th_int(st, CAP_SUCCESS, "cap_advect_semilagrangian of the %s, CFL %.2g", what, cfl[run]);
      char name[96];
      snprintf(name, sizeof name, "cap_advect_semilagrangian, %s, CFL %.2g", what, cfl[run]);
      check_far(&t, name, run == 0 ? 0 : 2, 4e-15);
      if (run == 0 && loc == CAP_AT_XFACE)
        th_true(cut_faces > 0 && cut_kept == cut_faces,
                "finding (distribution.md): %ld of %ld faces on the x cut left as they were by both blocks", cut_kept,
                cut_faces);
      if (run == 1 && loc == CAP_AT_CELL)
        th_true(t.near_diff > 0, "finding (distribution.md): at CFL 1.3 a foot beyond a cut is clamped to the block");
    }
  }
  free(ub), free(vb), free(wb), free(qw), free(qb), free(qb0);
  setup_free(&s);
}

/* The liquid volume (cap_levelset_liquid_measure), a sum over the cells: the blocks' volumes summed
 * against the whole box's. A cell's corners average phi over its neighbours, and next to a cut the
 * neighbours are the kernel's own extrapolated ghosts (a finding); the sum's order differs as well. */
static void liquid_volume(void)
{
  setup s;
  setup_init(&s);
  double *phi = s.f[0], vw = 0, sum = 0;
  fill_phi(&s.W, phi);
  int st = cap_levelset_liquid_measure(&s.W, NULL, phi, &vw);
  for (int q = 0; q < NB; q++) {
    double vb = 0;
    to_block(&s.W, phi, &s.b[q], s.fb[0]);
    st |= cap_levelset_liquid_measure(&s.b[q].g, NULL, s.fb[0], &vb);
    sum += vb;
  }
  th_int(st, CAP_SUCCESS, "cap_levelset_liquid_measure on the box and the blocks");
  th_true(vw > 0 && fabs(sum - vw) > 1e-12 * vw,
          "finding (distribution.md): the blocks' volumes sum to %.15g, the box's is %.15g (relative %.2e)", sum, vw,
          (sum - vw) / vw);
  setup_free(&s);
}

int main(int argc, char **argv)
{
  static const th_case cases[] = {{"levelset_kernels", levelset_kernels},
                                  {"tension_crossings", tension_crossings},
                                  {"interpolation", interpolation},
                                  {"poisson_operator", poisson_operator},
                                  {"face_phi", face_phi},
                                  {"advection", advection},
                                  {"liquid_volume", liquid_volume},
                                  {NULL, NULL}};
  return th_main(argc, argv, cases);
}
