/* capref quantities of analytic/capref_plateau.h (Rayleigh-Plateau instability of a liquid cylinder) */
#include <math.h>

#include "../../analytic/capref_plateau.h"
#include "capref.h"

#define RAYLEIGH "Rayleigh (1879) Proc. London Math. Soc. 10, 4"
#define WEBER    "Weber (1931) Z. Angew. Math. Mech. 11, 136 (long-wave, kR << 1)"

#define P_NU                                                                                                           \
  {                                                                                                                    \
    "nu", "m^2/s", "kinematic viscosity (0: inviscid)", 1.004e-6, 0, INFINITY, CAPREF_HI_OPEN                          \
  }
/* The inputs every SI quantity starts with (its eval function reads in[0..3] in this order): water at
 * 20 C and the cylinder radius. */
#define P_CYLINDER CAPREF_P_SIGMA, CAPREF_P_RHO, P_NU, CAPREF_POSITIVE("radius", "m", "cylinder radius R", NAN)
#define P_KR                                                                                                           \
  {                                                                                                                    \
    "kr", "", "dimensionless wavenumber x = kR", NAN, 0, CAPREF_PLATEAU_X_MAX, CAPREF_LO_OPEN                          \
  }
#define P_OH                                                                                                           \
  {                                                                                                                    \
    "oh", "", "Ohnesorge number nu sqrt(rho/(sigma R))", 0, 0, INFINITY, CAPREF_HI_OPEN                                \
  }

static capref_result exact(double v)
{
  capref_result r = {v, 0};
  return r;
}

/* Oh = nu sqrt(rho/(sigma R)) of the cylinder, exact from the inputs */
static capref_result ohnesorge(double sigma, double rho, double nu, double radius)
{
  return exact(nu * sqrt(rho / (sigma * radius)));
}

/* lambda = 2 pi / k with its error */
static capref_result wavelength(capref_result k)
{
  capref_result l = {2.0 * M_PI / k.val, 2.0 * M_PI / k.val * (k.err / k.val + CAPREF_CLOSED_FORM_RELERR)};
  return l;
}

static int eval_growth(const double *in, capref_sink *sink)
{
  capref_result row[5];
  int s = capref_plateau_rayleigh(in[0], &row[0], &row[1], &row[2]);
  if (!s) s = capref_plateau_weber(in[0], in[1], &row[3], &row[4]);
  return capref_emit_status(sink, s, row);
}

static int eval_growth_si(const double *in, capref_sink *sink)
{
  double sigma = in[0], rho = in[1], nu = in[2], radius = in[3], kr = in[4];
  const capref_fluid f = {.sigma = sigma, .rho = rho, .nu = nu};
  capref_result row[7];
  row[0] = exact(kr / radius);
  int s = capref_plateau_rayleigh_si(&f, radius, kr / radius, &row[1], &row[2], &row[3]);
  if (!s) s = capref_plateau_weber_si(&f, radius, kr / radius, &row[4], &row[5]);
  row[6] = ohnesorge(sigma, rho, nu, radius);
  return capref_emit_status(sink, s, row);
}

static int eval_fastest(const double *in, capref_sink *sink)
{
  capref_result row[4];
  int s = capref_plateau_rayleigh_fastest(&row[0], &row[1]);
  if (!s) s = capref_plateau_weber_fastest(in[0], &row[2], &row[3]);
  return capref_emit_status(sink, s, row);
}

static int eval_fastest_si(const double *in, capref_sink *sink)
{
  double sigma = in[0], rho = in[1], nu = in[2], radius = in[3];
  const capref_fluid f = {.sigma = sigma, .rho = rho, .nu = nu};
  capref_result row[8];
  int s = capref_plateau_rayleigh_fastest_si(&f, radius, &row[0], &row[2]);
  if (!s) s = capref_plateau_weber_fastest_si(&f, radius, &row[3], &row[5]);
  if (s) return s;
  row[1] = wavelength(row[0]);
  row[4] = wavelength(row[3]);
  row[6] = ohnesorge(sigma, rho, nu, radius);
  row[7] = exact(sqrt(rho * radius * radius * radius / sigma));
  return capref_emit_status(sink, CAP_SUCCESS, row);
}

static int eval_dispersion(const double *in, capref_sink *sink)
{
  double oh = in[0], lo = in[1], hi = in[2];
  int n = (int)in[3];
  if (!(hi > lo)) return CAP_ERROR(CAP_EDOM, "kr-max = %g is out of range: allowed kr-min = %g < kr-max", hi, lo);
  for (int i = 0; i < n; i++) {
    double x = lo + (hi - lo) * i / (n - 1);
    capref_result row[6];
    row[0] = exact(x);
    int s = capref_plateau_rayleigh(x, &row[1], &row[2], &row[3]);
    if (!s) s = capref_plateau_weber(x, oh, &row[4], &row[5]);
    s = capref_emit_status(sink, s, row);
    if (s) return s;
  }
  return CAP_SUCCESS;
}

static int eval_breakup(const double *in, capref_sink *sink)
{
  double sigma = in[0], rho = in[1], nu = in[2], radius = in[3], eps = in[4];
  const capref_fluid f = {.sigma = sigma, .rho = rho, .nu = nu};
  capref_result row[3];
  int s = capref_plateau_breakup_time_si(&f, radius, eps, &row[0]);
  if (!s) {
    if (nu == 0)
      s = capref_plateau_rayleigh_fastest_si(&f, radius, NULL, &row[1]);
    else
      s = capref_plateau_weber_fastest_si(&f, radius, NULL, &row[1]);
  }
  row[2] = ohnesorge(sigma, rho, nu, radius);
  return capref_emit_status(sink, s, row);
}

static const capref_quantity quantities[] = {
    {"rp-growth",
     "growth rate of an axisymmetric mode kR of a liquid cylinder (dimensionless, units of "
     "sqrt(sigma/(rho R^3))): Rayleigh inviscid and Weber long-wave viscous",
     RAYLEIGH "; " WEBER,
     0,
     {P_KR, P_OH},
     {{"s2_inv", "", "inviscid s^2 in units sigma/(rho R^3) (< 0: capillary wave)"},
      {"re_inv", "", "inviscid growth rate Re s"},
      {"im_inv", "", "inviscid angular frequency |Im s| (kR > 1)"},
      {"re_weber", "", "Weber viscous Re s (> 0 growth, < 0 decay)"},
      {"im_weber", "", "Weber viscous |Im s| (damped wave)"}},
     eval_growth},
    {"rp-growth-si",
     "growth rate of an axisymmetric mode kR of a liquid cylinder in SI units: Rayleigh inviscid and "
     "Weber long-wave viscous",
     RAYLEIGH "; " WEBER,
     0,
     {P_CYLINDER, P_KR},
     {{"k", "1/m", "wavenumber kr/radius"},
      {"s2_inv", "1/s^2", "inviscid s^2 (< 0: capillary wave)"},
      {"re_inv", "1/s", "inviscid growth rate Re s"},
      {"im_inv", "rad/s", "inviscid angular frequency |Im s|"},
      {"re_weber", "1/s", "Weber viscous Re s"},
      {"im_weber", "rad/s", "Weber viscous |Im s|"},
      {"oh", "", "Ohnesorge number nu sqrt(rho/(sigma R))"}},
     eval_growth_si},
    {"rp-fastest",
     "fastest-growing mode (dimensionless): inviscid Rayleigh (GSL minimiser) and Weber x_W = "
     "(2 + sqrt(18) Oh)^(-1/2)",
     RAYLEIGH "; " WEBER "; published x_max = 0.697, s_max = 0.3433: Eggers & Villermaux (2008)",
     0,
     {P_OH},
     {{"kr_inv", "", "inviscid k_max R"},
      {"s_inv", "", "inviscid s_max in units sqrt(sigma/(rho R^3))"},
      {"kr_weber", "", "Weber k_max R"},
      {"s_weber", "", "Weber s_max in units sqrt(sigma/(rho R^3))"}},
     eval_fastest},
    {"rp-fastest-si",
     "fastest-growing mode of a liquid cylinder in SI units: inviscid Rayleigh and Weber long-wave "
     "viscous",
     RAYLEIGH "; " WEBER,
     0,
     {P_CYLINDER},
     {{"k_inv", "1/m", "inviscid k_max"},
      {"lambda_inv", "m", "inviscid wavelength 2 pi / k_max"},
      {"s_inv", "1/s", "inviscid s_max"},
      {"k_weber", "1/m", "Weber k_max"},
      {"lambda_weber", "m", "Weber wavelength 2 pi / k_max"},
      {"s_weber", "1/s", "Weber s_max"},
      {"oh", "", "Ohnesorge number nu sqrt(rho/(sigma R))"},
      {"t_c", "s", "capillary time sqrt(rho R^3 / sigma)"}},
     eval_fastest_si},
    {"rp-dispersion",
     "dispersion relation over kR (dimensionless, units of sqrt(sigma/(rho R^3))): Rayleigh inviscid "
     "and Weber long-wave viscous",
     RAYLEIGH "; " WEBER,
     1,
     {P_OH,
      {"kr-min", "", "first kR", 0.01, 0, CAPREF_PLATEAU_X_MAX, CAPREF_LO_OPEN},
      {"kr-max", "", "last kR (> kr-min)", 1.5, 0, CAPREF_PLATEAU_X_MAX, CAPREF_LO_OPEN},
      {"n", "", "number of points", 150, 2, 100000, CAPREF_INTEGER}},
     {{"kr", "", "kR"},
      {"s2_inv", "", "inviscid s^2"},
      {"re_inv", "", "inviscid Re s"},
      {"im_inv", "", "inviscid |Im s|"},
      {"re_weber", "", "Weber Re s"},
      {"im_weber", "", "Weber |Im s|"}},
     eval_dispersion},
    {"rp-breakup-time",
     "breakup-time estimate t_b = ln(R/eps)/s_max of a liquid cylinder (Rayleigh s_max if nu = 0, "
     "Weber's otherwise)",
     RAYLEIGH "; " WEBER,
     0,
     {P_CYLINDER, CAPREF_POSITIVE("eps", "m", "initial perturbation amplitude (< radius)", NAN)},
     {{"t_b", "s", "breakup time ln(R/eps)/s_max"},
      {"s_max", "1/s", "growth rate of the fastest mode used"},
      {"oh", "", "Ohnesorge number nu sqrt(rho/(sigma R))"}},
     eval_breakup},
};

const capref_group capref_group_plateau = CAPREF_GROUP("Rayleigh-Plateau instability of a liquid cylinder", quantities);
