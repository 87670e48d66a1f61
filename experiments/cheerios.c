/* cheerios: two floating cylinders attract each other through their menisci (the Cheerios effect).
 *
 * Claim: identical floating bodies deform the surface alike, and the meniscus between them lifts or
 *   depresses the liquid so that they attract (the 2021 seed paper's attraction scene; Vella &
 *   Mahadevan 2005). For two horizontal cylinders in 2D the exact statics give the horizontal force
 *   per unit length F = rho g z_m^2 / 2 with z_m the meniscus height at the midpoint, always an
 *   attraction. [refs.bib: ruan2021solid, vella2005cheerios, chan1981interaction]
 * Setup: units sigma = rho = g = 1 (l_c = 1); the pair: Bo = R^2 / l_c^2 = 0.04 (R = 0.2 l_c),
 *   density ratio D = 3, contact angle 120 degrees. The shared scene of experiments/cylinder.h: the
 *   side x = 0 is the midplane between the two cylinders (a symmetry plane), one cylinder is
 *   computed with its centre at x = l/2, the bath reaches 3 l_c beyond it. Viscosity nu = --nu
 *   (default 0.15 sqrt(g l_c^3)).
 *   (a) HELD horizontally, free vertically (cap_body; the symmetry plane holds its twin), at centre
 *   separations l/l_c = 2, 3 (the acceptance's; --full adds 4 and 5, quick 2 only): released with
 *   their centres on the flat bath (a dry column over each, the contact points at the equator), they
 *   settle for --t-end (default 40 sqrt(l_c/g); the force settles by about 27, the height to 1e-5 R
 *   per unit time by 40); the horizontal force on the cylinder is measured at the end (cap_force: the
 *   pressure on the wetted arc and the two line forces).
 *   (b) RELEASED: free in both directions from l = 2 l_c (not in the quick sweep): the separation
 *   l(t) = 2 x_centre(t) until the cylinders touch (within 6 cells of the plane: their gap below
 *   12 cells) or --t-end.
 * Reference (analytic/cap_cheerios.h, cap_cheerios_2d_pair): the exact statics of the pair at each
 *   l, its force rho g z_m^2 / 2 and its midpoint height z_m (above the far level; the measured
 *   datum is the level of zero pressure, exp_zero_pressure_level).
 * Two measures of the force: F on the cylinder (cap_force, what moves a free body), and F_momentum,
 *   the liquid's horizontal momentum balance at rest between the midplane and the far wall (the
 *   pressure force of the midplane's column less the far wall's; the tensions at the two ends are
 *   horizontal and cancel). The first carries the contact line's errors: the horizontal part of a
 *   line force, sigma cos(alpha) with alpha about 8 degrees here, moves by sigma sin(alpha) d(alpha),
 *   2.4e-3 sigma for a degree, as much as the force at l = 3 (3.0e-3 sigma). The second is a
 *   pressure integral over columns far from the contact lines.
 * Metrics per resolution R/h:
 *   - force_err = max over l = 2, 3 of |F - F_ref| / F_ref, F the attraction -F_x on the cylinder;
 *   - force_err_far, the same over l = 4, 5 (--full; forces 6-20 times smaller, not in the
 *     acceptance: at R = 4 cells -7 % and -19 %);
 *   - zm_err = max over l = 2, 3 of |z_m - z_m,ref| / |z_m,ref|, z_m the surface on the midplane;
 *   - approach = l(0) - l(t_end) of the released pair (> 0: attraction), l_c;
 *   - ratio = min over l of F / F_ref (> 0: they attract).
 * Resolutions: R/h = 4, 6 (default), quick 4, --full 4, 6, 8. The cylinder is small against l_c
 *   (R = 0.2 l_c) and the bath 3 l_c wide, and these runs went at 0.4e6 cell-steps per second
 *   (floating_density: 1e6; a profile of a 4-cell pair: the level set's WENO advection and
 *   reinitialisation 40 % of the time, the viscous step 25 %, the force and the moving solid a few
 *   per cent): a pair took 93 s at R = 4 cells and 380 s at 6; R = 8 would take about 17 min.
 * Acceptance (the issue's, at the default resolution R = 6 cells): the force within 5 % of the exact
 *   reference at l = 2 and 3 l_c, observed order of the force error >= 1, and the released pair
 *   approaches (b). Measured at R = 4 cells: +2.9 % at l = 2, -1.4 % at 3; at 6 cells +4.3 % at 2 (the
 *   error does not decrease from 4 to 6: the contact positions are 1-3 degrees off, as in
 *   floating_density). The quick sweep (l = 2 at R = 4 cells, pinned by data/ref/cheerios.ref) checks
 *   that they attract. The part (c), a heavy hydrophobic cylinder repelling a light
 *   hydrophilic one, needs two different solids in one box (one virtual surface with two angles):
 *   not here yet.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../analytic/cap_cheerios.h"
#include "../solver/cap_errno.h"
#include "../solver/cap_io.h"
#include "cylinder.h"

enum { P_NU, P_TEND };
enum { M_FORCE, M_FORCE_FAR, M_ZM, M_APPROACH, M_RATIO, M_FORCE_MOM };

#define BOND 0.04
#define DENSITY 3.0
#define THETA 120.0 /* degrees */
#define MAX_SEPS 4
#define RELEASE_SEP 2.0

static int separations(const exp_ctx *ctx, double *l)
{
  if (!strcmp(exp_mode(ctx), "quick")) { l[0] = 2; return 1; }
  const double all[MAX_SEPS] = {2, 3, 4, 5};
  memcpy(l, all, sizeof all);
  return !strcmp(exp_mode(ctx), "full") ? MAX_SEPS : 2;
}

static void scene(const double *par, double cells, double l, const cap_cheerios_pair2d *ref, int free_x, cyl_run *r)
{
  const double R = sqrt(BOND);
  *r = (cyl_run){BOND, THETA, 0.5 * l, ref->zc.val / R, DENSITY, ref->h_o.val / R, DENSITY, par[P_NU], par[P_TEND], 1, "", "", 0};
  r->free_x = free_x;
  snprintf(r->tag, sizeof r->tag, "%s_%g_%g", free_x ? "released" : "pair", cells, l);
  snprintf(r->label, sizeof r->label, "%g cells, %s, l = %g l_c", cells, free_x ? "released" : "held apart", l);
}

static int run_level(exp_ctx *ctx, const double *par, double cells, exp_run *out)
{
  double l[MAX_SEPS];
  int n = separations(ctx, l), st = CAP_SUCCESS;
  cap_tsv *t = exp_tsv(ctx, "l/l_c\tF[sigma]\tF_ref[sigma]\tz_m[l_c]\tz_m_ref[l_c]\tzc[R]\tzc_ref[R]\tphi_in[deg]\tphi_out[deg]\t"
                       "F_momentum[sigma]", "pairs_%g.tsv", cells);
  if (!t) return CAP_EIO;
  for (int k = 0; k < n && !st; k++) {
    cap_cheerios_pair2d ref;
    if ((st = cap_cheerios_2d_pair(BOND, DENSITY, THETA * M_PI / 180, l[k], &ref))) break;
    cyl_run r;
    scene(par, cells, l[k], &ref, 0, &r);
    cyl_result res;
    if ((st = cyl_run_body(ctx, cells, &r, &res, out))) break;
    if (res.sank) { st = CAP_ERROR(CAP_ENUMERIC, "cheerios: the cylinder at l = %g sank", l[k]); break; }
    double F = -res.fx, Fref = ref.force.val, Fcv = -res.fx_walls;
    double ef = fabs(F - Fref) / Fref, ez = fabs(res.z_mid - ref.zm.val) / fabs(ref.zm.val);
    fprintf(stderr, "[cheerios] %g cells, l = %g: attraction %.5f (ref %.5f, %+.3g %%), z_m %+.5f (ref %+.5f, %+.3g %%), "
            "zc %+.4f R (ref %+.4f), attraction from the momentum balance %.5f (%+.3g %%), last drift %.2g R\n", cells, l[k], F, Fref,
            100 * (F / Fref - 1), res.z_mid, ref.zm.val, 100 * (res.z_mid / ref.zm.val - 1), res.zc, ref.zc.val / sqrt(BOND),
            Fcv, 100 * (Fcv / Fref - 1), res.drift);
    out->metric[M_RATIO] = k == 0 ? F / Fref : fmin(out->metric[M_RATIO], F / Fref);
    if (l[k] < 3.5) {
      out->metric[M_FORCE] = fmax(out->metric[M_FORCE], ef);
      out->metric[M_FORCE_MOM] = fmax(out->metric[M_FORCE_MOM], fabs(Fcv - Fref) / Fref);
      out->metric[M_ZM] = fmax(out->metric[M_ZM], ez);
    } else
      out->metric[M_FORCE_FAR] = fmax(out->metric[M_FORCE_FAR], ef);
    st = cap_io_tsv_row(t, 10, (double[]){l[k], F, Fref, res.z_mid, ref.zm.val, res.zc, ref.zc.val / sqrt(BOND),
                                          res.phi_in * 180 / M_PI, res.phi_out * 180 / M_PI, Fcv});
  }
  if (st) { cap_io_tsv_abort(t); return st; }
  if ((st = cap_io_tsv_close(t))) return st;
  /* (b) the released pair */
  if (!strcmp(exp_mode(ctx), "quick")) return CAP_SUCCESS;
  cap_cheerios_pair2d ref;
  if ((st = cap_cheerios_2d_pair(BOND, DENSITY, THETA * M_PI / 180, RELEASE_SEP, &ref))) return st;
  cyl_run r;
  scene(par, cells, RELEASE_SEP, &ref, 1, &r);
  cyl_result res;
  if ((st = cyl_run_body(ctx, cells, &r, &res, out))) return st;
  out->metric[M_APPROACH] = RELEASE_SEP - 2 * res.x_end;
  fprintf(stderr, "[cheerios] %g cells, released at l = %g: l = %.4f at t = %.3g%s\n", cells, RELEASE_SEP, 2 * res.x_end,
          res.t_end, res.touched ? " (touching)" : "");
  return CAP_SUCCESS;
}

static int finish(exp_ctx *ctx, const double *par, const exp_run *runs, int n)
{
  (void)par;
  int a = exp_level_at(runs, n, 6), quick = !strcmp(exp_mode(ctx), "quick");
  char what[200];
  exp_result(ctx, "force_err", runs[a].metric[M_FORCE]);
  exp_result(ctx, "zm_err", runs[a].metric[M_ZM]);
  exp_result(ctx, "order_force", exp_order(runs, n, M_FORCE));
  exp_result(ctx, "ratio", runs[a].metric[M_RATIO]);
  exp_result(ctx, "force_mom_err", runs[a].metric[M_FORCE_MOM]);
  if (!quick) {
    snprintf(what, sizeof what, "attraction |F - F_ref|/F_ref at l = 2 and 3 l_c, R = %g cells", runs[a].cells);
    exp_check(ctx, what, runs[a].metric[M_FORCE], 1, 0.05);
    if (n >= 2) exp_check(ctx, "observed order of the force error", exp_order(runs, n, M_FORCE), 0, 1.0);
    snprintf(what, sizeof what, "released pair (b): l(0) - l(t_end), l_c, at R = %g cells (> 0: they approach)", runs[a].cells);
    exp_check(ctx, what, runs[a].metric[M_APPROACH], 0, 1e-3);
  } else {
    /* the quick sweep (l = 2 at R = 4 cells, pinned by data/ref/cheerios.ref): the sign */
    snprintf(what, sizeof what, "the cylinders attract at l = 2 l_c: F / F_ref at R = %g cells (> 0)", runs[a].cells);
    exp_check(ctx, what, runs[a].metric[M_RATIO], 0, 1e-9);
  }
  return CAP_SUCCESS;
}

static const exp_def def = {
    "cheerios",
    "Two identical floating cylinders attract: the horizontal force per unit length is rho g z_m^2/2 of the "
    "exact 2D statics, z_m the meniscus height at their midpoint, and released they approach.",
    "Ruan et al. (2021) [ruan2021solid]; Vella & Mahadevan (2005) [vella2005cheerios]",
    "the exact 2D statics of two floating cylinders (analytic/cap_cheerios.h, cap_cheerios_2d_pair)",
    {{"nu", "sqrt(g l_c^3)", "kinematic viscosity", 0.15, 0, 10, CAP_CLI_LO_OPEN},
     {"t-end", "sqrt(l_c/g)", "time each run lasts", 40, 2, 1000, 0}},
    {4},
    {4, 6},
    {4, 6, 8},
    {{"force_err", "", "max |F - F_ref|/F_ref at l = 2, 3 l_c"},
     {"force_err_far", "", "max |F - F_ref|/F_ref at l = 4, 5 l_c"},
     {"zm_err", "", "max |z_m - z_m,ref|/|z_m,ref| at l = 2, 3 l_c"},
     {"approach", "l_c", "l(0) - l(t_end) of the released pair"},
     {"ratio", "", "min over l of F / F_ref (> 0: attraction)"},
     {"force_mom_err", "", "max |F_momentum - F_ref|/F_ref at l = 2, 3 l_c (the liquid's momentum balance)"}},
    run_level,
    finish,
    0,
};

int main(int argc, char **argv) { return exp_main(&def, argc, argv); }
