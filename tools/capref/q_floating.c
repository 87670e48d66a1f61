/* capref quantities of analytic/capref_floating.h: a horizontal cylinder floating on a bath (2D). */
#include <math.h>

#include "../../analytic/capref_floating.h"
#include "../../analytic/capref_groups.h"
#include "capref.h"

#define P_BO CAPREF_POSITIVE("Bo", "", "Bond number R^2 / l_c^2", NAN)

#define CITE "Vella, Lee & Kim (2006) Langmuir 22, 5979 (formulation re-derived; see capref_floating.h)"

static int eval_load(const double *in, capref_sink *sink)
{
  capref_result row[2];
  double th = in[1] * CAPREF_DEG, phi = in[2] * CAPREF_DEG;
  int s = capref_floating_load(in[0], th, phi, &row[0]);
  if (!s) s = capref_floating_load_slope(in[0], th, phi, &row[1]);
  return capref_emit_status(sink, s, row);
}

static int eval_load_curve(const double *in, capref_sink *sink)
{
  long n = (long)in[2];
  double th = in[1] * CAPREF_DEG;
  for (long i = 0; i < n; i++) {
    double phi = i == n - 1 ? M_PI : M_PI * (double)i / (double)(n - 1);
    capref_result row[3] = {{phi / CAPREF_DEG, 0.0}};
    int s = capref_floating_load(in[0], th, phi, &row[1]);
    if (!s) s = capref_floating_load_slope(in[0], th, phi, &row[2]);
    if (s) return s;
    if (capref_emit(sink, row)) return CAP_EIO;
  }
  return CAP_SUCCESS;
}

static int eval_max(const double *in, capref_sink *sink)
{
  capref_result row[2];
  int s = capref_floating_max(in[0], in[1] * CAPREF_DEG, &row[0], &row[1]);
  if (s) return s;
  row[1] = capref_to_deg(row[1]);
  return capref_emit_status(sink, CAP_SUCCESS, row);
}

static int emit_eq(const capref_floating_eq *e, capref_sink *sink)
{
  capref_result row[7] = {
      capref_to_deg(e->phi), capref_to_deg(e->alpha), e->h, e->zc, e->depth, e->tension_share, e->slope};
  return capref_emit_status(sink, CAP_SUCCESS, row);
}

static int eval_equilibrium(const double *in, capref_sink *sink)
{
  capref_floating_eq e;
  int s = capref_floating_equilibrium(in[0], in[1] * CAPREF_DEG, in[2], &e);
  return s ? s : emit_eq(&e, sink);
}

static int eval_si(const double *in, capref_sink *sink)
{
  double R = in[0], rho_s = in[1], rho = in[2], sigma = in[3], g = in[4], th = in[5] * CAPREF_DEG;
  capref_floating_eq e;
  capref_result bo, dmax, dr = {rho_s / rho, rho_s / rho * CAPREF_CLOSED_FORM_RELERR};
  const capref_fluid f = {.sigma = sigma, .rho = rho, .g = g};
  int s = capref_bond_number(&f, R, &bo);
  if (!s) s = capref_floating_max(bo.val, th, &dmax, NULL);
  if (!s) s = capref_floating_equilibrium_si(&f, R, rho_s, th, &e);
  if (s) return s;
  capref_result row[9] = {bo, dr, dmax, capref_to_deg(e.phi), e.h, e.zc, e.depth, e.tension_share, e.slope};
  return capref_emit_status(sink, CAP_SUCCESS, row);
}

#define O_PHI                                                                                                          \
  {                                                                                                                    \
    "phi", "deg", "contact position from the downward vertical"                                                        \
  }
#define O_ALPHA                                                                                                        \
  {                                                                                                                    \
    "alpha", "deg", "meniscus inclination at the contact line (> 0: depressed)"                                        \
  }
/* The outputs of an equilibrium after its contact angles, lengths in unit L. */
#define EQ_OUTS(L)                                                                                                     \
  {"h", L, "contact-line height above the far-field level"}, {"zc", L, "height of the centre"},                        \
      {"depth", L, "depth of the lowest point below the far-field level"},                                             \
      {"tension_share", "", "share of the weight carried by surface tension"},                                         \
  {                                                                                                                    \
    "slope", "1/rad", "dD/dphi at the equilibrium (> 0: stable)"                                                       \
  }

static const capref_quantity quantities[] = {
    {"floating-load",
     "density ratio D a floating horizontal cylinder supports with its contact points at phi",
     CITE,
     0,
     {P_BO, CAPREF_P_THETA, {"phi", "deg", "contact position from the downward vertical", NAN, 0, 180, 0}},
     {{"D", "", "density ratio rho_s / rho supported"}, {"slope", "1/rad", "dD/dphi"}},
     eval_load},
    {"floating-load-curve",
     "the load curve D(phi) of a floating horizontal cylinder, phi from 0 to 180 deg",
     CITE,
     1,
     {P_BO, CAPREF_P_THETA, {"npts", "", "number of points of the curve", 91, 2, 100001, CAPREF_INTEGER}},
     {O_PHI, {"D", "", "density ratio supported"}, {"slope", "1/rad", "dD/dphi"}},
     eval_load_curve},
    {"floating-max",
     "largest density ratio a floating horizontal cylinder supports before sinking",
     CITE,
     0,
     {P_BO, CAPREF_P_THETA},
     {{"Dmax", "", "maximum density ratio rho_s / rho"}, {"phi_max", "deg", "contact position at the maximum"}},
     eval_max},
    {"floating-equilibrium",
     "equilibrium of a floating horizontal cylinder of density ratio D (stable branch), lengths in R",
     CITE,
     0,
     {P_BO, CAPREF_P_THETA, CAPREF_POSITIVE("D", "", "density ratio rho_s / rho", NAN)},
     {O_PHI, O_ALPHA, EQ_OUTS("R")},
     eval_equilibrium},
    {"floating-si",
     "equilibrium of a floating horizontal cylinder from SI inputs (exit status 1 if it sinks)",
     CITE,
     0,
     {CAPREF_POSITIVE("radius", "m", "cylinder radius", NAN),
      CAPREF_POSITIVE("rho-s", "kg/m^3", "cylinder density", NAN), CAPREF_P_RHO, CAPREF_P_SIGMA, CAPREF_P_G,
      CAPREF_P_THETA},
     {{"Bo", "", "Bond number rho g R^2 / sigma"},
      {"D", "", "density ratio rho_s / rho"},
      {"Dmax", "", "maximum density ratio (sinks above)"},
      O_PHI,
      EQ_OUTS("m")},
     eval_si},
};

const capref_group capref_group_floating = CAPREF_GROUP("Floating horizontal cylinder (2D)", quantities);
