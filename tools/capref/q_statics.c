/* capref quantities of analytic/capref_statics.h */
#include <math.h>
#include <stdlib.h>

#include "../../analytic/capref_statics.h"
#include "capref.h"

/* The liquid of the sessile-drop inputs (sigma in[4], rho in[5], g in[6]), a pointer to a compound
 * literal in the caller's block. */
#define LIQUID(in) (&(capref_fluid){.sigma = (in)[4], .rho = (in)[5], .g = (in)[6]})

/* young-angle: sigma_sa, sigma_sl, sigma_la */
static int eval_young(const double *in, capref_sink *sink)
{
  capref_result row[2];
  int s = capref_statics_young(in[0], in[1], in[2], &row[0], &row[1]);
  if (s) return s;
  row[1] = capref_to_deg(row[1]);
  return capref_emit_status(sink, CAP_SUCCESS, row);
}

/* cap-2d / cap-3d: theta (deg), area or volume, sigma */
static int eval_cap(capref_dim dim, const double *in, capref_sink *sink)
{
  capref_statics_cap_shape c;
  int s = capref_statics_cap(dim, in[0] * CAPREF_DEG, in[1], &c);
  if (s) return s;
  double rr = c.radius.val / c.r0.val;
  capref_result row[7] = {
      c.radius,
      c.half_width,
      c.height,
      c.kappa,
      {in[2] * c.kappa.val, in[2] * c.kappa.err + fabs(in[2] * c.kappa.val) * CAPREF_CLOSED_FORM_RELERR},
      c.r0,
      {rr, rr * (c.radius.err / c.radius.val + c.r0.err / c.r0.val)}};
  return capref_emit_status(sink, CAP_SUCCESS, row);
}

static int eval_cap2(const double *in, capref_sink *sink) { return eval_cap(CAPREF_2D, in, sink); }
static int eval_cap3(const double *in, capref_sink *sink) { return eval_cap(CAPREF_3D, in, sink); }

/* sessile inputs: dim, theta (deg), area, volume, sigma, rho, g [, points] */
static int sessile_size(const double *in, double *size)
{
  int dim = (int)in[0];
  const char *need = dim == 2 ? "area" : "volume", *other = dim == 2 ? "volume" : "area";
  double v = dim == 2 ? in[2] : in[3], o = dim == 2 ? in[3] : in[2];
  if (o != 0) return CAP_ERROR(CAP_EINVAL, "--%s is not an input of --dim %d (give --%s)", other, dim, need);
  if (!(v > 0))
    return CAP_ERROR(CAP_EDOM, "%s = %g %s is out of range: --dim %d needs --%s > 0", need, v, dim == 2 ? "m^2" : "m^3",
                     dim, need);
  *size = v;
  return CAP_SUCCESS;
}

static int eval_sessile(const double *in, capref_sink *sink)
{
  double size;
  int s = sessile_size(in, &size);
  if (s) return s;
  capref_dim dim = (capref_dim)in[0];
  capref_statics_drop_shape d;
  s = capref_statics_sessile(dim, LIQUID(in), in[1] * CAPREF_DEG, size, &d);
  if (s) return s;
  double k = dim == CAPREF_2D ? 1.0 : 2.0;
  capref_result row[8] = {
      d.apex_curvature,
      {k * in[4] * d.apex_curvature.val,
       k * in[4] * d.apex_curvature.err + k * in[4] * d.apex_curvature.val * CAPREF_CLOSED_FORM_RELERR},
      d.height,
      d.half_width,
      d.max_half_width,
      capref_to_deg(d.apparent_angle),
      d.bond,
      d.arc_length};
  return capref_emit_status(sink, CAP_SUCCESS, row);
}

static int eval_profile(const double *in, capref_sink *sink)
{
  double size;
  int s = sessile_size(in, &size);
  if (s) return s;
  capref_dim dim = (capref_dim)in[0];
  size_t n = (size_t)in[7];
  capref_statics_drop_shape d;
  s = capref_statics_sessile(dim, LIQUID(in), in[1] * CAPREF_DEG, size, &d);
  if (s) return s;
  capref_result *buf = malloc(3 * n * sizeof *buf);
  if (!buf) return CAP_ERROR(CAP_ENOMEM, "sessile-profile: cannot allocate %zu points", n);
  capref_result *x = buf, *z = buf + n, *p = buf + 2 * n;
  s = capref_statics_sessile_profile(dim, LIQUID(in), in[1] * CAPREF_DEG, size, n, x, z, p);
  for (size_t i = 0; !s && i < n; i++) {
    double f = (double)i / (double)(n - 1);
    capref_result row[4] = {{d.arc_length.val * f, d.arc_length.err * f}, x[i], z[i], capref_to_deg(p[i])};
    s = capref_emit_status(sink, CAP_SUCCESS, row);
  }
  free(buf);
  return s;
}

#define P_SIGMA CAPREF_POSITIVE("sigma", "N/m", "liquid surface tension", 0.0728)
#define P_SESSILE                                                                                                      \
  {"dim", "", "2 (planar, per unit length) or 3 (axisymmetric)", 3, 2, 3, CAPREF_INTEGER}, CAPREF_P_THETA,             \
      {"area", "m^2", "drop area per unit length (--dim 2 only)", 0, 0, INFINITY, CAPREF_HI_OPEN},                     \
      {"volume", "m^3", "drop volume (--dim 3 only)", 0, 0, INFINITY, CAPREF_HI_OPEN}, P_SIGMA,                        \
      {"rho", "kg/m^3", "density difference liquid - surrounding fluid", 998.2, 0, INFINITY, CAPREF_HI_OPEN},          \
  {                                                                                                                    \
    "g", "m/s^2", "gravity (0: the zero-gravity cap)", 9.81, 0, INFINITY, CAPREF_HI_OPEN                               \
  }

#define SESSILE_CITE "Bashforth & Adams (1883); Hartland & Hartley (1976); de Gennes et al. (2004) Ch. 2"

static const capref_quantity quantities[] = {
    {"young-angle",
     "equilibrium contact angle from Young's relation cos(theta) = (sigma_sa - sigma_sl)/sigma_la",
     "Young (1805) Phil. Trans. 95:65; de Gennes, Brochard-Wyart & Quere (2004) Ch. 1",
     0,
     {{"sigma-sa", "N/m", "solid-surrounding (solid-air) tension", NAN, 0, INFINITY, CAPREF_HI_OPEN},
      {"sigma-sl", "N/m", "solid-liquid tension", NAN, 0, INFINITY, CAPREF_HI_OPEN},
      CAPREF_POSITIVE("sigma-la", "N/m", "liquid-surrounding tension", 0.0728)},
     {{"cos_theta", "", "cosine of the contact angle"}, {"theta", "deg", "contact angle through the liquid"}},
     eval_young},
    {"cap-2d",
     "zero-gravity 2D drop (circular segment per unit length) of given area and contact angle",
     "circular-segment geometry; Laplace pressure de Gennes et al. (2004) Sec. 1.1.3",
     0,
     {CAPREF_P_THETA, CAPREF_POSITIVE("area", "m^2", "drop area per unit length", NAN), P_SIGMA},
     {{"R", "m", "radius of curvature"},
      {"a", "m", "base half-width R sin(theta)"},
      {"h", "m", "height R (1 - cos(theta))"},
      {"kappa", "1/m", "curvature 1/R"},
      {"dp", "Pa", "Laplace pressure sigma/R"},
      {"R0", "m", "radius of the half-disc of equal area sqrt(2A/pi)"},
      {"R_over_R0", "", "R/R0"}},
     eval_cap2},
    {"cap-3d",
     "zero-gravity spherical-cap drop of given volume and contact angle",
     "spherical-cap geometry; Laplace pressure de Gennes et al. (2004) Sec. 1.1.3",
     0,
     {CAPREF_P_THETA, CAPREF_POSITIVE("volume", "m^3", "drop volume", NAN), P_SIGMA},
     {{"R", "m", "sphere radius"},
      {"a", "m", "contact-line radius R sin(theta)"},
      {"h", "m", "height R (1 - cos(theta))"},
      {"kappa", "1/m", "curvature sum 2/R"},
      {"dp", "Pa", "Laplace pressure 2 sigma/R"},
      {"R0", "m", "radius of the hemisphere of equal volume (3V/(2 pi))^(1/3)"},
      {"R_over_R0", "", "R/R0"}},
     eval_cap3},
    {"sessile-drop",
     "sessile drop under gravity (Young-Laplace, shooting on the apex curvature): size and shape",
     SESSILE_CITE,
     0,
     {P_SESSILE},
     {{"b", "1/m", "apex curvature 1/R_apex"},
      {"dp_apex", "Pa", "pressure jump at the apex sigma b (2D) or 2 sigma b (3D)"},
      {"h", "m", "apex height"},
      {"a", "m", "contact-line half-width (2D) or radius (3D)"},
      {"a_max", "m", "widest half-width (equator if theta > 90 deg)"},
      {"theta_app", "deg", "apparent angle 2 atan(h/a)"},
      {"bond", "", "Bond number rho g R0^2/sigma (R0: half-disc/hemisphere of equal size)"},
      {"arc", "m", "profile length from the apex to the contact line"}},
     eval_sessile},
    {"sessile-profile",
     "profile of the sessile drop, equally spaced in arc length from the apex to the contact line",
     SESSILE_CITE,
     1,
     {P_SESSILE, {"points", "", "number of points", 51, 2, 100000, CAPREF_INTEGER}},
     {{"s", "m", "arc length from the apex"},
      {"x", "m", "distance from the axis"},
      {"z", "m", "depth below the apex"},
      {"psi", "deg", "inclination of the interface"}},
     eval_profile},
};

const capref_group capref_group_statics = CAPREF_GROUP("Capillary statics (Young, caps, sessile drops)", quantities);
