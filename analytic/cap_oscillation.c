#include "cap_oscillation.h"

#include "cap_laplace.h"
#include "ref_internal.h"

static int check_mode(cap_ref_dim dim, int n)
{
  int s = cap_ref_check_dim(dim);
  if (!s) s = cap_check_int_range("n", n, 2, CAP_OSCILLATION_MAX_MODE);
  return s;
}

int cap_oscillation_frequency(cap_ref_dim dim, int n, double sigma, double radius, double rho_in,
                              double rho_out, cap_result *omega)
{
  int s = check_mode(dim, n);
  if (!s) s = cap_check_positive("sigma", sigma, "N/m");
  if (!s) s = cap_check_positive("radius", radius, "m");
  if (!s) s = cap_check_positive("rho_in", rho_in, "kg/m^3");
  if (!s) s = cap_check_nonneg("rho_out", rho_out, "kg/m^3");
  if (s) return s;
  double m = n, r3 = radius * radius * radius, w2;
  if (dim == CAP_REF_3D)
    w2 = m * (m - 1) * (m + 1) * (m + 2) * sigma / (r3 * ((m + 1) * rho_in + m * rho_out));
  else
    w2 = m * (m * m - 1) * sigma / (r3 * (rho_in + rho_out));
  ref_put(omega, ref_closed(sqrt(w2)));
  return CAP_SUCCESS;
}

int cap_oscillation_period(cap_ref_dim dim, int n, double sigma, double radius, double rho_in,
                           double rho_out, cap_result *period)
{
  cap_result w;
  int s = cap_oscillation_frequency(dim, n, sigma, radius, rho_in, rho_out, &w);
  if (s) return s;
  ref_put(period, ref_closed(2 * M_PI / w.val));
  return CAP_SUCCESS;
}

int cap_oscillation_damping(cap_ref_dim dim, int n, double nu, double radius, cap_result *beta)
{
  int s = check_mode(dim, n);
  if (!s) s = cap_check_positive("nu", nu, "m^2/s");
  if (!s) s = cap_check_positive("radius", radius, "m");
  if (s) return s;
  double m = n;
  double c = dim == CAP_REF_3D ? (m - 1) * (2 * m + 1) : 2 * m * (m - 1);
  ref_put(beta, ref_closed(c * nu / (radius * radius)));
  return CAP_SUCCESS;
}

int cap_oscillation_damped_frequency(cap_ref_dim dim, int n, double sigma, double radius, double rho,
                                     double nu, cap_result *omega_d)
{
  cap_result w, b;
  int s = cap_oscillation_frequency(dim, n, sigma, radius, rho, 0.0, &w);
  if (!s) s = cap_oscillation_damping(dim, n, nu, radius, &b);
  if (s) return s;
  if (b.val >= w.val)
    return CAP_ERROR(CAP_ENOSOL,
                     "mode n = %d is overdamped (decay rate %.6g 1/s >= frequency %.6g rad/s): "
                     "no oscillation; lower nu or raise sigma/radius",
                     n, b.val, w.val);
  ref_put(omega_d, ref_closed(sqrt(w.val * w.val - b.val * b.val)));
  return CAP_SUCCESS;
}
