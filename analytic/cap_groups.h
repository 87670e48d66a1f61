/* Derived lengths and dimensionless groups, from their definitions (SI inputs).
 *
 *   capillary length  l_c = sqrt(sigma / (rho g))                    [m]
 *   Bond number       Bo  = rho g L^2 / sigma = (L / l_c)^2
 *   Laplace number    La  = sigma rho L / mu^2  (= 1 / Oh^2)
 *   Ohnesorge number  Oh  = mu / sqrt(rho sigma L)
 *   capillary time    t_c = sqrt(rho L^3 / sigma)                     [s]
 *
 * L is the length the caller chooses (a radius or a diameter); each experiment states which.
 * de Gennes, Brochard-Wyart & Quere (2004) Sec. 2.1 [degennes2004]; Eggers & Villermaux (2008)
 * [eggers2008]. Closed forms: err is a few ulps.
 */
#ifndef CAP_GROUPS_H
#define CAP_GROUPS_H

#include "cap_result.h"

int cap_capillary_length(double sigma, double rho, double g, cap_result *lc);
int cap_bond_number(double rho, double g, double length, double sigma, cap_result *bo);
int cap_laplace_number(double sigma, double rho, double length, double mu, cap_result *la);
int cap_ohnesorge_number(double mu, double rho, double sigma, double length, cap_result *oh);
int cap_capillary_time(double rho, double length, double sigma, cap_result *tc);

#endif
