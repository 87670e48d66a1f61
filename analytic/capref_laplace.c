#include "capref_laplace.h"

#include "ref_internal.h"

int capref_check_dim(capref_dim dim)
{
  if (dim == CAPREF_2D || dim == CAPREF_3D) return CAP_SUCCESS;
  return CAP_ERROR(CAP_EDOM, "dim = %d is out of range: allowed 2 (planar) or 3 (spherical)", (int)dim);
}

int capref_laplace_curvature(capref_dim dim, double radius, capref_result *kappa)
{
  int s = capref_check_dim(dim);
  if (!s) s = cap_check_positive("radius", radius, "m");
  if (s) return s;
  ref_put(kappa, ref_closed((dim == CAPREF_2D ? 1.0 : 2.0) / radius));
  return CAP_SUCCESS;
}

int capref_laplace_jump(capref_dim dim, double sigma, double radius, capref_result *dp)
{
  capref_result k;
  int s = cap_check_positive("sigma", sigma, "N/m");
  if (!s) s = capref_laplace_curvature(dim, radius, &k);
  if (s) return s;
  ref_put(dp, ref_closed(sigma * k.val));
  return CAP_SUCCESS;
}
