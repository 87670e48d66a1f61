/* capref quantities of analytic/capref_cheerios.h (Cheerios effect). SI inputs, angles in degrees. */
#include <math.h>

#include "../../analytic/capref_cheerios.h"
#include "../../analytic/capref_groups.h"
#include "capref.h"

#define RAD2DEG (180.0 / 3.14159265358979323846)

static capref_result scaled(capref_result r, double k)
{
  capref_result o = {r.val * k, fabs(r.err * k)};
  return o;
}

/* The liquid of the inputs sigma, rho, rho_s, g, ... (a pointer to a compound literal in the caller's block). */
#define LIQUID(in) (&(capref_fluid){.sigma = (in)[0], .rho = (in)[1], .g = (in)[3]})

/* in: sigma, rho, rho_s, g, radius, theta_deg [, sep]; fills the dimensionless groups and l_c */
static int dimless(const double *in, double *lc, double *bond, double *dratio)
{
  capref_result l;
  int s = capref_capillary_length(LIQUID(in), &l);
  if (s) return s;
  *lc = l.val;
  *bond = in[4] * in[4] / (l.val * l.val);
  *dratio = in[2] / in[1];
  return CAP_SUCCESS;
}

/* ---- 3D ----------------------------------------------------------------------------------------- */

static int eval_3d(const double *in, capref_sink *sink)
{
  double lc, bo, D;
  int s = dimless(in, &lc, &bo, &D);
  if (s) return s;
  capref_result row[4];
  row[0] = (capref_result){bo, bo * 4.4e-16};
  s = capref_cheerios_sigma(D, in[5] * CAPREF_DEG, &row[1]);
  if (!s) s = capref_cheerios_3d_si(LIQUID(in), in[2], in[4], in[5] * CAPREF_DEG, in[6], &row[2], &row[3]);
  return capref_emit_status(sink, s, row);
}

/* A curve's centre distances: in[8] points from in[6] (sep-min) to in[7] (sep-max). */
static int check_seps(const double *in)
{
  if (!(in[7] > in[6])) return CAP_ERROR(CAP_EDOM, "sep_max = %g m must exceed sep_min = %g m", in[7], in[6]);
  return CAP_SUCCESS;
}

static double sep_at(const double *in, int i) { return in[6] + (in[7] - in[6]) * i / ((int)in[8] - 1); }

static int eval_3d_curve(const double *in, capref_sink *sink)
{
  int n = (int)in[8], s = check_seps(in);
  if (s) return s;
  for (int i = 0; i < n; i++) {
    double sep = sep_at(in, i);
    capref_result row[3];
    row[0] = (capref_result){sep, 0.0};
    s = capref_cheerios_3d_si(LIQUID(in), in[2], in[4], in[5] * CAPREF_DEG, sep, &row[1], &row[2]);
    if (s) return s;
    if (capref_emit(sink, row)) return CAP_EIO;
  }
  return CAP_SUCCESS;
}

/* ---- 2D ----------------------------------------------------------------------------------------- */

static int eval_2d_float(const double *in, capref_sink *sink)
{
  double lc, bo, D;
  int s = dimless(in, &lc, &bo, &D);
  if (s) return s;
  capref_cheerios_float2d f;
  s = capref_cheerios_2d_isolated(bo, D, in[5] * CAPREF_DEG, &f);
  if (s) return s;
  capref_result row[5] = {
      {bo, bo * 4.4e-16}, scaled(f.phi, RAD2DEG), scaled(f.alpha, RAD2DEG), scaled(f.h, lc), scaled(f.zc, lc)};
  return capref_emit_status(sink, CAP_SUCCESS, row);
}

static int eval_2d_pair(const double *in, capref_sink *sink)
{
  capref_cheerios_pair2d p;
  int s = capref_cheerios_2d_pair_si(LIQUID(in), in[2], in[4], in[5] * CAPREF_DEG, in[6], &p);
  if (s) return s;
  capref_result row[7] = {p.force, p.zm, p.zc, scaled(p.phi_o, RAD2DEG), scaled(p.phi_i, RAD2DEG), p.h_o, p.h_i};
  return capref_emit_status(sink, CAP_SUCCESS, row);
}

/* one row of the linearised laws: d, zm, F_slope, F_far, F_asym, h_inf (SI) */
static int linear_si(const double *in, double sep, capref_result row[6])
{
  double lc, bo, D;
  int s = dimless(in, &lc, &bo, &D);
  if (s) return s;
  capref_cheerios_linear2d li;
  s = capref_cheerios_2d_linear(bo, D, in[5] * CAPREF_DEG, sep / lc, &li);
  if (s) return s;
  row[0] = scaled(li.d, lc);
  row[1] = scaled(li.zm, lc);
  row[2] = scaled(li.force, in[0]);
  row[3] = scaled(li.force_far, in[0]);
  row[4] = scaled(li.force_asym, in[0]);
  row[5] = scaled(li.h_inf, lc);
  return CAP_SUCCESS;
}

static int eval_2d_linear(const double *in, capref_sink *sink)
{
  capref_result row[6];
  return capref_emit_status(sink, linear_si(in, in[6], row), row);
}

static int eval_2d_curve(const double *in, capref_sink *sink)
{
  int n = (int)in[8], s = check_seps(in);
  if (s) return s;
  for (int i = 0; i < n; i++) {
    double sep = sep_at(in, i);
    capref_cheerios_pair2d p;
    capref_result lin[6];
    s = capref_cheerios_2d_pair_si(LIQUID(in), in[2], in[4], in[5] * CAPREF_DEG, sep, &p);
    if (!s) s = linear_si(in, sep, lin);
    if (s) return s;
    capref_result row[5] = {{sep, 0.0}, p.force, lin[2], lin[3], lin[4]};
    if (capref_emit(sink, row)) return CAP_EIO;
  }
  return CAP_SUCCESS;
}

/* in: sigma, rho, g, radius_a, rho_s_a, theta_a, radius_b, rho_s_b, theta_b (deg), sep */
static int eval_2d_unlike(const double *in, capref_sink *sink)
{
  capref_result l;
  int s = capref_capillary_length(&(capref_fluid){.sigma = in[0], .rho = in[1], .g = in[2]}, &l);
  if (s) return s;
  double lc = l.val;
  capref_cheerios_body2d a = {in[3] * in[3] / (lc * lc), in[4] / in[1], in[5] * CAPREF_DEG};
  capref_cheerios_body2d b = {in[6] * in[6] / (lc * lc), in[7] / in[1], in[8] * CAPREF_DEG};
  capref_cheerios_unlike2d u;
  if ((s = capref_cheerios_2d_unlike(&a, &b, in[9] / lc, &u))) return s;
  capref_result row[9] = {scaled(u.force, in[0]),     scaled(u.a.zc, lc),         scaled(u.b.zc, lc),
                          scaled(u.a.phi_o, RAD2DEG), scaled(u.a.phi_i, RAD2DEG), scaled(u.b.phi_o, RAD2DEG),
                          scaled(u.b.phi_i, RAD2DEG), scaled(u.a.h_i, lc),        scaled(u.b.h_i, lc)};
  return capref_emit_status(sink, CAP_SUCCESS, row);
}

#define OPEN (CAPREF_LO_OPEN | CAPREF_HI_OPEN)
#define P_RHOS                                                                                                         \
  {                                                                                                                    \
    "rho-s", "kg/m^3", "density of the floating body", NAN, 0, INFINITY, CAPREF_HI_OPEN                                \
  }
#define P_RADIUS CAPREF_POSITIVE("radius", "m", "body radius R", NAN)
#define P_THETA3                                                                                                       \
  {                                                                                                                    \
    "theta", "deg", "contact angle through the liquid", 90, 0, 180, 0                                                  \
  }
#define P_THETA2                                                                                                       \
  {                                                                                                                    \
    "theta", "deg", "contact angle through the liquid", 90, 0, 180, OPEN                                               \
  }
#define P_SEP    CAPREF_POSITIVE("sep", "m", "centre-to-centre distance (> 2R)", NAN)
#define P_SEPMIN CAPREF_POSITIVE("sep-min", "m", "first centre distance (> 2R)", NAN)
#define P_SEPMAX CAPREF_POSITIVE("sep-max", "m", "last centre distance", NAN)
#define P_N                                                                                                            \
  {                                                                                                                    \
    "n", "", "number of points", 50, 2, 10000, CAPREF_INTEGER                                                          \
  }
/* The inputs every quantity of two like bodies starts with (dimless() reads in[0..4] in this order),
 * then the contact angle in[5]. */
#define P_BODY CAPREF_P_SIGMA, CAPREF_P_RHO, P_RHOS, CAPREF_P_G, P_RADIUS
#define P_2D   P_BODY, P_THETA2
/* The radius, density and contact angle of body X ("a" or "b") of two unlike bodies. */
#define P_UNLIKE(X)                                                                                                    \
  CAPREF_POSITIVE("radius-" X, "m", "radius of body " X, NAN),                                                         \
      {"rho-s-" X, "kg/m^3", "density of body " X, NAN, 0, INFINITY, CAPREF_HI_OPEN},                                  \
  {                                                                                                                    \
    "theta-" X, "deg", "contact angle of body " X " through the liquid", 90, 0, 180, OPEN                              \
  }

static const capref_quantity quantities[] = {
    {"cheerios-3d",
     "interaction energy and force of two small floating spheres (linearised menisci, Bo << 1, l >> R)",
     "Vella & Mahadevan (2005) Am. J. Phys. 73, 817; Chan, Henry & White (1981) J. Colloid Interface Sci. 79, 410",
     0,
     {P_BODY, P_THETA3, P_SEP},
     {{"Bo", "", "Bond number (R/l_c)^2"},
      {"Sigma", "", "(2D-1)/3 - cos(theta)/2 + cos^3(theta)/6"},
      {"E", "J", "-2 pi sigma R^2 Bo^2 Sigma^2 K0(l/l_c)"},
      {"F", "N", "-dE/dl = -2 pi sigma R Bo^2.5 Sigma^2 K1(l/l_c) (< 0: attraction)"}},
     eval_3d},
    {"cheerios-3d-curve",
     "energy and force of two small floating spheres against their centre distance",
     "Vella & Mahadevan (2005) Am. J. Phys. 73, 817",
     1,
     {P_BODY, P_THETA3, P_SEPMIN, P_SEPMAX, P_N},
     {{"sep", "m", "centre distance"}, {"E", "J", "interaction energy"}, {"F", "N", "-dE/dl (< 0: attraction)"}},
     eval_3d_curve},
    {"cheerios-2d-float",
     "isolated floating horizontal cylinder: exact 2D statics (contact position, meniscus height)",
     "exact 2D meniscus statics (capillab capref_cheerios.h); de Gennes, Brochard-Wyart & Quere (2004) Ch. 2",
     0,
     {P_2D},
     {{"Bo", "", "Bond number (R/l_c)^2"},
      {"phi", "deg", "contact position from the downward vertical"},
      {"alpha", "deg", "meniscus inclination at the contact (> 0 rising away)"},
      {"h", "m", "contact height above the far bath"},
      {"zc", "m", "centre height above the far bath"}},
     eval_2d_float},
    {"cheerios-2d-pair",
     "two identical floating horizontal cylinders: exact nonlinear 2D attraction per unit length",
     "exact 2D meniscus statics (capillab capref_cheerios.h); F = rho g z_m^2/2",
     0,
     {P_2D, P_SEP},
     {{"F", "N/m", "horizontal attraction per unit length rho g z_m^2/2"},
      {"zm", "m", "meniscus height at the midpoint"},
      {"zc", "m", "centre height"},
      {"phi_o", "deg", "outer contact position"},
      {"phi_i", "deg", "inner contact position"},
      {"h_o", "m", "outer contact height"},
      {"h_i", "m", "inner contact height"}},
     eval_2d_pair},
    {"cheerios-2d-linear",
     "linearised 2D laws for two floating cylinders (fixed contact slope, fixed capillary charge, exact "
     "far-field asymptote)",
     "small-slope 2D analogue of Chan, Henry & White (1981); capillab capref_cheerios.h",
     0,
     {P_2D, P_SEP},
     {{"d", "m", "l/2 - R sin(phi_inf)"},
      {"zm", "m", "fixed-slope law h_inf/sinh(d/l_c)"},
      {"F_slope", "N/m", "rho g zm^2/2 (fixed contact slope)"},
      {"F_far", "N/m", "2 rho g h_inf^2 exp(-2d/l_c) (fixed capillary charge)"},
      {"F_asym", "N/m", "2 rho g A^2 exp(-2d/l_c) (exact large-l asymptote)"},
      {"h_inf", "m", "isolated contact height"}},
     eval_2d_linear},
    {"cheerios-2d-curve",
     "attraction per unit length of two floating cylinders against their centre distance (exact and linear)",
     "exact 2D meniscus statics and linearised laws (capillab capref_cheerios.h)",
     1,
     {P_2D, P_SEPMIN, P_SEPMAX, P_N},
     {{"sep", "m", "centre distance"},
      {"F", "N/m", "exact attraction"},
      {"F_slope", "N/m", "fixed-slope linear law"},
      {"F_far", "N/m", "fixed-charge linear law"},
      {"F_asym", "N/m", "exact large-l asymptote"}},
     eval_2d_curve},
    {"cheerios-2d-unlike",
     "two different floating horizontal cylinders (a on the left, b on the right): exact 2D statics, the "
     "horizontal force F = C - sigma from the first integral C = sigma cos psi + rho g z^2/2 of the inner meniscus",
     "exact 2D meniscus statics (capillab capref_cheerios.h, 4.); de Gennes, Brochard-Wyart & Quere (2004) Ch. 2",
     0,
     {CAPREF_P_SIGMA, CAPREF_P_RHO, CAPREF_P_G, P_UNLIKE("a"), P_UNLIKE("b"), P_SEP},
     {{"F", "N/m", "horizontal force on a towards b and on b towards a (> 0 attraction, < 0 repulsion)"},
      {"zc_a", "m", "centre height of a above the far level"},
      {"zc_b", "m", "centre height of b"},
      {"phi_o_a", "deg", "outer contact position of a from its downward vertical"},
      {"phi_i_a", "deg", "inner contact position of a"},
      {"phi_o_b", "deg", "outer contact position of b"},
      {"phi_i_b", "deg", "inner contact position of b"},
      {"h_i_a", "m", "inner contact height of a"},
      {"h_i_b", "m", "inner contact height of b"}},
     eval_2d_unlike},
};

const capref_group capref_group_cheerios = CAPREF_GROUP("Cheerios effect (floating bodies)", quantities);
