/* capref quantities of analytic/capref_rise.h: capillary rise in 2D (plates, single wall). */
#include <math.h>

#include "../../analytic/capref_rise.h"
#include "capref.h"

#define P_RHO CAPREF_POSITIVE("rho", "kg/m^3", "liquid density (minus the gas density)", 998.2)
#define P_GAP CAPREF_POSITIVE("gap", "m", "distance between the plates", NAN)
/* The inputs every quantity starts with (its eval function reads in[0..3] in this order). */
#define P_BATH CAPREF_P_SIGMA, P_RHO, CAPREF_P_G, CAPREF_P_THETA
/* The bath's fluid from in[0..2] (a pointer to a compound literal in the caller's block). */
#define BATH(in) (&(capref_fluid){.sigma = (in)[0], .rho = (in)[1], .g = (in)[2]})
#define P_NPTS(def)                                                                                                    \
  {                                                                                                                    \
    "npts", "", "number of points of the curve", def, 2, 100001, CAPREF_INTEGER                                        \
  }

#define CITE_PLATES "Landau & Lifshitz (1987) Sec. 61; Jurin's law, de Gennes et al. (2004) Sec. 2.1.2"
#define CITE_WALL   "Landau & Lifshitz (1987) Sec. 61 problem 1; de Gennes et al. (2004) Sec. 2.1.3"

enum { CHUNK = 64 };

static int eval_jurin(const double *in, capref_sink *sink)
{
  capref_result row[1];
  int s = capref_rise_jurin_plates(BATH(in), in[3] * CAPREF_DEG, in[4], &row[0]);
  return capref_emit_status(sink, s, row);
}

static int eval_plates(const double *in, capref_sink *sink)
{
  capref_rise_plates_sol sol;
  int s = capref_rise_plates(BATH(in), in[3] * CAPREF_DEG, in[4], &sol);
  if (s) return s;
  capref_result row[4] = {sol.h0, sol.hw, sol.mean, sol.area};
  return capref_emit_status(sink, CAP_SUCCESS, row);
}

/* A profile z(x) sampled at n points from x0 to x1 (the last exactly at x1), computed in chunks by
 * `profile` (in: the quantity's inputs in user units) and emitted as rows (x, z). */
typedef int profile_fn(const double *in, size_t m, const double *x, capref_result *z);

static int emit_profile(const double *in, capref_sink *sink, double x0, double x1, long n, profile_fn *profile)
{
  double x[CHUNK];
  capref_result z[CHUNK];
  for (long i0 = 0; i0 < n; i0 += CHUNK) {
    long m = n - i0 < CHUNK ? n - i0 : CHUNK;
    for (long k = 0; k < m; k++) {
      long i = i0 + k;
      x[k] = i == n - 1 ? x1 : x0 + (x1 - x0) * (double)i / (double)(n - 1);
    }
    int s = profile(in, (size_t)m, x, z);
    if (s) return s;
    for (long k = 0; k < m; k++) {
      capref_result row[2] = {{x[k], 0.0}, z[k]};
      if (capref_emit(sink, row)) return CAP_EIO;
    }
  }
  return CAP_SUCCESS;
}

static int plates_profile(const double *in, size_t m, const double *x, capref_result *z)
{
  return capref_rise_plates_profile(BATH(in), in[3] * CAPREF_DEG, in[4], m, x, z);
}

static int wall_profile(const double *in, size_t m, const double *x, capref_result *z)
{
  return capref_rise_wall_profile(BATH(in), in[3] * CAPREF_DEG, m, x, z);
}

static int eval_plates_profile(const double *in, capref_sink *sink)
{
  return emit_profile(in, sink, -0.5 * in[4], 0.5 * in[4], (long)in[5], plates_profile);
}

static int eval_wall_profile(const double *in, capref_sink *sink)
{
  return emit_profile(in, sink, 0, in[4], (long)in[5], wall_profile);
}

static int eval_wall(const double *in, capref_sink *sink)
{
  capref_result row[1];
  int s = capref_rise_wall_height(BATH(in), in[3] * CAPREF_DEG, &row[0]);
  return capref_emit_status(sink, s, row);
}

static int eval_wall_distance(const double *in, capref_sink *sink)
{
  capref_result row[1];
  int s = capref_rise_wall_distance(BATH(in), in[3] * CAPREF_DEG, in[4], &row[0]);
  return capref_emit_status(sink, s, row);
}

static const capref_quantity quantities[] = {
    {"rise-jurin-plates",
     "Jurin's mean rise between two vertical plates (2D): 2 sigma cos(theta) / (rho g gap)",
     "de Gennes, Brochard-Wyart & Quere (2004) Sec. 2.1.2 (planar analogue, force balance)",
     0,
     {P_BATH, P_GAP},
     {{"H", "m", "mean height above the far bath (negative: depression)"}},
     eval_jurin},
    {"rise-plates",
     "exact 2D meniscus between two vertical plates: centre, wall and mean heights",
     CITE_PLATES,
     0,
     {P_BATH, P_GAP},
     {{"h0", "m", "height at the centre"},
      {"hw", "m", "height at the walls (contact line)"},
      {"mean", "m", "mean height = area / gap (= Jurin's H)"},
      {"area", "m^2", "area between the meniscus and the far-bath level, per unit length"}},
     eval_plates},
    {"rise-plates-profile",
     "exact 2D meniscus z(x) between two vertical plates, x from -gap/2 to gap/2",
     CITE_PLATES,
     1,
     {P_BATH, P_GAP, P_NPTS(41)},
     {{"x", "m", "position from the centre"}, {"z", "m", "meniscus height above the far bath"}},
     eval_plates_profile},
    {"rise-wall",
     "meniscus height at a single vertical wall: sqrt(2) l_c sqrt(1 - sin theta), signed",
     CITE_WALL,
     0,
     {P_BATH},
     {{"h", "m", "contact-line height above the far bath (negative: depression)"}},
     eval_wall},
    {"rise-wall-distance",
     "single-wall meniscus, closed form x(z): distance from the wall where the height is z",
     CITE_WALL,
     0,
     {P_BATH, {"z", "m", "meniscus height, same sign as the wall height, 0 < |z| <= |h|", NAN, -INFINITY, INFINITY, 0}},
     {{"x", "m", "distance from the wall"}},
     eval_wall_distance},
    {"rise-wall-profile",
     "single-wall meniscus z(x) for x from 0 (the wall) to xmax",
     CITE_WALL,
     1,
     {P_BATH, CAPREF_POSITIVE("xmax", "m", "largest distance from the wall", NAN), P_NPTS(41)},
     {{"x", "m", "distance from the wall"}, {"z", "m", "meniscus height above the far bath"}},
     eval_wall_profile},
};

const capref_group capref_group_rise = CAPREF_GROUP("Capillary rise in 2D (plates, single wall)", quantities);
