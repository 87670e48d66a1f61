#include "cap_laplace.h"

#include "ref_internal.h"

int cap_ref_check_dim(cap_ref_dim dim)
{
  if (dim == CAP_REF_2D || dim == CAP_REF_3D) return CAP_SUCCESS;
  return CAP_ERROR(CAP_EDOM, "dim = %d is out of range: allowed 2 (planar) or 3 (spherical)", (int)dim);
}

int cap_laplace_curvature(cap_ref_dim dim, double radius, cap_result *kappa)
{
  int s = cap_ref_check_dim(dim);
  if (!s) s = cap_check_positive("radius", radius, "m");
  if (s) return s;
  ref_put(kappa, ref_closed((dim == CAP_REF_2D ? 1.0 : 2.0) / radius));
  return CAP_SUCCESS;
}

int cap_laplace_jump(cap_ref_dim dim, double sigma, double radius, cap_result *dp)
{
  cap_result k;
  int s = cap_check_positive("sigma", sigma, "N/m");
  if (!s) s = cap_laplace_curvature(dim, radius, &k);
  if (s) return s;
  ref_put(dp, ref_closed(sigma * k.val));
  return CAP_SUCCESS;
}
