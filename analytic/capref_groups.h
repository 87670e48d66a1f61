/* Derived lengths and dimensionless groups, from their definitions (SI inputs).
 *
 *   capillary length  l_c = sqrt(sigma / (rho g))                    [m]
 *   Bond number       Bo  = rho g L^2 / sigma = (L / l_c)^2
 *   Laplace number    La  = sigma rho L / mu^2  (= 1 / Oh^2)
 *   Ohnesorge number  Oh  = mu / sqrt(rho sigma L)
 *   capillary time    t_c = sqrt(rho L^3 / sigma)                     [s]
 *
 * L is the length the caller chooses (a radius or a diameter); each experiment states which. The
 * fluid's constants come in a capref_fluid (each function names the fields it reads).
 * de Gennes, Brochard-Wyart & Quere (2004) Sec. 2.1 [degennes2004]; Eggers & Villermaux (2008)
 * [eggers2008]. Closed forms: err is a few ulps. Every input must be > 0 and finite (SI units as
 * above; mu in Pa s): CAP_EDOM otherwise, naming it; a NULL fluid is CAP_EINVAL. The output pointer
 * may be NULL.
 */
#ifndef CAPREF_GROUPS_H
#define CAPREF_GROUPS_H

#include "capref_result.h"

/* l_c (m) from the fluid's sigma (N/m), rho (kg/m^3), g (m/s^2). */
int capref_capillary_length(const capref_fluid *f, capref_result *lc);
/* Bo (dimensionless) from the fluid's rho (kg/m^3), g (m/s^2), sigma (N/m) and length L (m). */
int capref_bond_number(const capref_fluid *f, double length, capref_result *bo);
/* La (dimensionless) from the fluid's sigma (N/m), rho (kg/m^3), mu (Pa s) and length L (m). */
int capref_laplace_number(const capref_fluid *f, double length, capref_result *la);
/* Oh (dimensionless) from the fluid's mu (Pa s), rho (kg/m^3), sigma (N/m) and length L (m). */
int capref_ohnesorge_number(const capref_fluid *f, double length, capref_result *oh);
/* t_c (s) from the fluid's rho (kg/m^3), sigma (N/m) and length L (m). */
int capref_capillary_time(const capref_fluid *f, double length, capref_result *tc);

#endif
