/* capref quantities of analytic/capref_laplace.h */
#include <math.h>

#include "../../analytic/capref_laplace.h"
#include "capref.h"

static int eval_jump(const double *in, capref_sink *sink)
{
  capref_result row[2];
  int s = capref_laplace_jump((capref_dim)in[0], in[1], in[2], &row[0]);
  if (!s) s = capref_laplace_curvature((capref_dim)in[0], in[2], &row[1]);
  return capref_emit_status(sink, s, row);
}

static const capref_quantity quantities[] = {
    {"laplace-jump",
     "pressure jump across a circular (2D) or spherical (3D) drop at rest",
     "Laplace (1806); de Gennes, Brochard-Wyart & Quere (2004) Sec. 1.1.3",
     0,
     {{"dim", "", "2 (planar, per unit length) or 3 (sphere)", 3, 2, 3, CAPREF_INTEGER},
      CAPREF_P_SIGMA,
      CAPREF_POSITIVE("radius", "m", "drop radius", NAN)},
     {{"dp", "Pa", "inside minus outside pressure"}, {"kappa", "1/m", "curvature sum 1/R or 2/R"}},
     eval_jump},
};

const capref_group capref_group_laplace = CAPREF_GROUP("Static drop (Laplace)", quantities);
