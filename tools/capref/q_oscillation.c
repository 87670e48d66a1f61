/* capref quantities of analytic/capref_oscillation.h and analytic/capref_groups.h */
#include <math.h>

#include "../../analytic/capref_groups.h"
#include "../../analytic/capref_oscillation.h"
#include "capref.h"

#define P_RADIUS CAPREF_POSITIVE("radius", "m", "drop radius", NAN)
#define P_RHO    CAPREF_POSITIVE("rho", "kg/m^3", "drop density", 998.2)
#define P_DROP   CAPREF_P_SIGMA, P_RADIUS, P_RHO
/* The parameters every viscous 2D drop quantity starts with (its eval function reads in[0..4] in this order). */
#define VISCOUS_DROP_PARAMS                                                                                            \
  {"n", "", "mode number", 2, 2, CAPREF_OSCILLATION_VISCOUS_MAX_MODE, CAPREF_INTEGER}, P_DROP,                         \
      CAPREF_POSITIVE("nu", "m^2/s", "drop kinematic viscosity", NAN)

/* The drop's fluid from the inputs of a viscous 2D drop quantity (sigma, rho, nu; mu = nu rho). */
static capref_fluid viscous_drop(const double *in)
{
  return (capref_fluid){.sigma = in[1], .rho = in[3], .mu = in[4] * in[3], .nu = in[4]};
}

static int eval_mode(const double *in, capref_sink *sink)
{
  capref_dim dim = (capref_dim)in[0];
  int n = (int)in[1];
  capref_result row[5];
  const capref_fluid drop = {.sigma = in[2], .rho = in[4], .mu = in[6] * in[4], .nu = in[6]};
  int s = capref_oscillation_frequency(dim, n, &drop, in[3], in[5], &row[0]);
  if (!s) s = capref_oscillation_period(dim, n, &drop, in[3], in[5], &row[1]);
  if (s) return s;
  if (in[6] > 0) {
    if (in[5] > 0)
      return CAP_ERROR(CAP_EDOM,
                       "nu = %g m^2/s with rho-out = %g kg/m^3: the damping reference is for a "
                       "drop in a void; allowed: nu = 0 or rho-out = 0",
                       in[6], in[5]);
    s = capref_oscillation_damping(dim, n, in[6], in[3], &row[2]);
    if (!s) s = capref_ohnesorge_number(&drop, in[3], &row[3]);
    if (!s) s = capref_oscillation_damped_frequency(dim, n, &drop, in[3], &row[4]);
    if (s == CAP_ENOSOL) {
      row[4].val = NAN;
      row[4].err = NAN;
      s = CAP_SUCCESS;
    }
    if (s) return s;
  } else {
    row[2] = (capref_result){0, 0};
    row[3] = (capref_result){0, 0};
    row[4] = row[0];
  }
  return capref_emit_status(sink, CAP_SUCCESS, row);
}

/* Viscous 2D drop in a void (exact linear theory). Inputs: n, sigma, radius, rho, nu[, t or periods]. */
static int eval_viscous_mode(const double *in, capref_sink *sink)
{
  int n = (int)in[0];
  capref_result row[5];
  const capref_fluid drop = viscous_drop(in);
  int s = capref_oscillation_viscous_mode_2d(n, &drop, in[2], &row[0], &row[1]);
  if (!s) s = capref_oscillation_damping(CAPREF_2D, n, in[4], in[2], &row[2]);
  if (!s) s = capref_oscillation_frequency(CAPREF_2D, n, &drop, in[2], 0.0, &row[3]);
  if (!s) s = capref_ohnesorge_number(&drop, in[2], &row[4]);
  return capref_emit_status(sink, s, row);
}

static int eval_release(const double *in, capref_sink *sink)
{
  capref_result row[1];
  const capref_fluid drop = viscous_drop(in);
  int s = capref_oscillation_release_2d((int)in[0], &drop, in[2], in[5], &row[0]);
  return capref_emit_status(sink, s, row);
}

static int eval_release_fit(const double *in, capref_sink *sink)
{
  int n = (int)in[0];
  capref_result row[3], w0;
  const capref_fluid drop = viscous_drop(in);
  int s = capref_oscillation_frequency(CAPREF_2D, n, &drop, in[2], 0.0, &w0);
  if (s) return s;
  double t_end = in[5] * 2.0 * M_PI / w0.val;
  row[2] = (capref_result){t_end, t_end * 4e-16};
  s = capref_oscillation_release_fit_2d(n, &drop, in[2], t_end, &row[0], &row[1]);
  return capref_emit_status(sink, s, row);
}

static int eval_groups(const double *in, capref_sink *sink)
{
  capref_result row[5];
  const capref_fluid f = {.sigma = in[0], .rho = in[1], .g = in[2], .mu = in[4]};
  double L = in[3];
  int s = capref_capillary_length(&f, &row[0]);
  if (!s) s = capref_bond_number(&f, L, &row[1]);
  if (!s) s = capref_laplace_number(&f, L, &row[2]);
  if (!s) s = capref_ohnesorge_number(&f, L, &row[3]);
  if (!s) s = capref_capillary_time(&f, L, &row[4]);
  return capref_emit_status(sink, s, row);
}

static const capref_quantity quantities[] = {
    {"drop-mode",
     "frequency, period and viscous damping of shape mode n of a free drop (zero gravity)",
     "Rayleigh (1879); Lamb (1932) Secs. 274, 275, 355",
     0,
     {{"dim", "", "2 (cylinder, per unit length) or 3 (sphere)", 3, 2, 3, CAPREF_INTEGER},
      {"n", "", "mode number", 2, 2, CAPREF_OSCILLATION_MAX_MODE, CAPREF_INTEGER},
      P_DROP,
      {"rho-out", "kg/m^3", "outer density (0: void)", 0, 0, INFINITY, CAPREF_HI_OPEN},
      {"nu", "m^2/s", "drop kinematic viscosity (0: inviscid; damping needs rho-out 0)", 0, 0, INFINITY,
       CAPREF_HI_OPEN}},
     {{"omega", "rad/s", "inviscid angular frequency"},
      {"period", "s", "inviscid period 2 pi/omega"},
      {"beta", "1/s", "amplitude decay rate (Lamb, small Oh; 0 if nu = 0)"},
      {"oh", "", "Ohnesorge number nu sqrt(rho/(sigma R)) (0 if nu = 0)"},
      {"omega_d", "rad/s", "damped frequency sqrt(omega^2 - beta^2) (NaN if overdamped)"}},
     eval_mode},
    {"drop-mode-2d-viscous",
     "exact linear normal mode of a viscous 2D drop (cylinder) in a void: decay rate and frequency",
     "linearised Navier-Stokes, Bessel-function vortical field (capref_oscillation.h); Lamb (1932) Secs. 274, 355",
     0,
     {VISCOUS_DROP_PARAMS},
     {{"beta", "1/s", "exact amplitude decay rate (-Re s)"},
      {"omega", "rad/s", "exact angular frequency (Im s)"},
      {"beta_lamb", "1/s", "Lamb's first-order rate 2 n (n-1) nu/R^2"},
      {"omega_r", "rad/s", "Rayleigh's inviscid frequency sqrt(n (n^2-1) sigma/(rho R^3))"},
      {"oh", "", "Ohnesorge number nu sqrt(rho/(sigma R))"}},
     eval_viscous_mode},
    {"drop-release-2d",
     "amplitude eta(t)/eta0 of a viscous 2D drop released from rest with the boundary R + eta0 cos(n theta)",
     "Laplace transform of the linearised initial-value problem, Talbot inversion (capref_oscillation.h); "
     "cf. Prosperetti (1980) for 3D",
     0,
     {VISCOUS_DROP_PARAMS, {"t", "s", "time since the release", NAN, 0, INFINITY, CAPREF_HI_OPEN}},
     {{"eta", "", "mode amplitude eta(t)/eta0"}},
     eval_release},
    {"drop-release-fit-2d",
     "decay rate and frequency of the least-squares fit A e^{-beta t} cos(omega t + psi) + c to the release "
     "over [0, periods 2 pi/omega_r] (2000 uniform samples)",
     "capref_oscillation_release_fit_2d (capref_oscillation.h)",
     0,
     {VISCOUS_DROP_PARAMS,
      {"periods", "", "fit window in inviscid periods 2 pi/omega_r", 3, CAPREF_OSCILLATION_FIT_MIN_PERIODS,
       CAPREF_OSCILLATION_FIT_MAX_PERIODS, 0}},
     {{"beta", "1/s", "fitted decay rate"},
      {"omega", "rad/s", "fitted angular frequency"},
      {"t_end", "s", "end of the fit window"}},
     eval_release_fit},
    {"groups",
     "capillary length and dimensionless groups for a length L",
     "de Gennes, Brochard-Wyart & Quere (2004) Sec. 2.1",
     0,
     {CAPREF_P_SIGMA, CAPREF_P_RHO, CAPREF_P_G,
      CAPREF_POSITIVE("length", "m", "length scale L (radius or diameter: say which)", NAN),
      CAPREF_POSITIVE("mu", "Pa s", "dynamic viscosity", 1.002e-3)},
     {{"lc", "m", "capillary length sqrt(sigma/(rho g))"},
      {"bo", "", "Bond number rho g L^2/sigma"},
      {"la", "", "Laplace number sigma rho L/mu^2"},
      {"oh", "", "Ohnesorge number mu/sqrt(rho sigma L)"},
      {"tc", "s", "capillary time sqrt(rho L^3/sigma)"}},
     eval_groups},
};

const capref_group capref_group_oscillation = CAPREF_GROUP("Drop oscillation and dimensionless groups", quantities);
