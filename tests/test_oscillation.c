/* Tests of analytic/cap_oscillation. The expected values are evaluated by hand (python3) from the
 * special-case formulas quoted beside them, not from the general expressions in the library. */
#include <math.h>

#include "../analytic/cap_oscillation.h"
#include "../solver/cap_errno.h"
#include "tharness.h"

int main(void)
{
  const double sigma = 0.0728, R = 3.817e-4, rho = 998.2, air = 1.2, nu = 1.004e-6;
  const double tol = 1e-12; /* closed forms: agreement to rounding */
  cap_result r;

  /* Rayleigh 3D, n = 2, void outside: omega^2 = 8 sigma / (rho R^3) */
  th_int(cap_oscillation_frequency(CAP_REF_3D, 2, sigma, R, rho, 0, &r), CAP_SUCCESS, "3D n=2 status");
  th_rel(r.val, 3239.057520553695, tol, "3D n=2 omega = sqrt(8 sigma/(rho R^3))");
  th_true(r.err > 0 && r.err < 1e-13 * r.val, "closed-form err is a few ulps (%.3g)", r.err);
  /* 2D, n = 2: omega^2 = 6 sigma / (rho R^3) */
  cap_oscillation_frequency(CAP_REF_2D, 2, sigma, R, rho, 0, &r);
  th_rel(r.val, 2805.1060971185366, tol, "2D n=2 omega = sqrt(6 sigma/(rho R^3))");
  /* Lamb's drop in a denser-than-void medium, 3D n = 3: 120 sigma / (R^3 (4 rho_in + 3 rho_out)) */
  cap_oscillation_frequency(CAP_REF_3D, 3, sigma, R, rho, air, &r);
  th_rel(r.val, 6269.582154567137, tol, "3D n=3 with outer density (Lamb Sec. 275)");
  /* 2D n = 4 with outer fluid: 60 sigma / (R^3 (rho_in + rho_out)) */
  cap_oscillation_frequency(CAP_REF_2D, 4, sigma, R, rho, air, &r);
  th_rel(r.val, 8865.197235834316, tol, "2D n=4 with outer density");
  /* bubble limit (inner density -> 0) of the 3D formula: (n-1)(n+1)(n+2) sigma / (rho_out R^3), with
   * the liquid outside; the library is given a tiny inner density */
  cap_oscillation_frequency(CAP_REF_3D, 2, sigma, R, 1e-12, rho, &r);
  th_rel(r.val, 3967.0190864404944, 1e-12, "3D bubble limit n=2: 12 sigma/(rho_out R^3)");
  /* period */
  cap_oscillation_period(CAP_REF_3D, 2, sigma, R, rho, 0, &r);
  th_rel(r.val, 2 * M_PI / 3239.057520553695, tol, "3D n=2 period 2 pi/omega");

  /* Lamb damping: 3D (n-1)(2n+1) nu/R^2 = 5 nu/R^2; 2D 2n(n-1) nu/R^2 = 4 nu/R^2 at n = 2 */
  cap_oscillation_damping(CAP_REF_3D, 2, nu, R, &r);
  th_rel(r.val, 34.45556669832415, tol, "3D n=2 damping 5 nu/R^2");
  cap_oscillation_damping(CAP_REF_2D, 2, nu, R, &r);
  th_rel(r.val, 27.564453358659318, tol, "2D n=2 damping 4 nu/R^2");
  cap_oscillation_damping(CAP_REF_3D, 5, nu, R, &r);
  th_rel(r.val, 44 * nu / (R * R), tol, "3D n=5 damping (4)(11) nu/R^2");
  cap_oscillation_damped_frequency(CAP_REF_3D, 2, sigma, R, rho, nu, &r);
  th_rel(r.val, sqrt(3239.057520553695 * 3239.057520553695 - 34.45556669832415 * 34.45556669832415), tol,
         "3D n=2 damped frequency sqrt(omega^2 - beta^2)");

  /* error paths */
  th_int(cap_oscillation_frequency(CAP_REF_3D, 1, sigma, R, rho, 0, &r), CAP_EDOM, "n = 1 rejected");
  th_int(cap_oscillation_frequency(CAP_REF_3D, 2, sigma, R, rho, -1, &r), CAP_EDOM, "negative rho_out rejected");
  th_int(cap_oscillation_frequency(CAP_REF_3D, 2, sigma, R, 0, 0, &r), CAP_EDOM, "zero rho_in rejected");
  th_int(cap_oscillation_frequency(CAP_REF_2D, 2, NAN, R, rho, 0, &r), CAP_EDOM, "NaN sigma rejected");
  th_int(cap_oscillation_damping(CAP_REF_2D, 2, 0, R, &r), CAP_EDOM, "zero nu rejected");
  /* overdamped: a 10 um drop of a 1 Pa s liquid */
  th_int(cap_oscillation_damped_frequency(CAP_REF_3D, 2, sigma, 1e-5, rho, 1e-3, &r), CAP_ENOSOL,
         "overdamped mode reported as no solution");
  return th_done();
}
