/* Static drop: the Laplace pressure jump across a circular (2D) or spherical (3D) interface.
 *
 *   2D (cylinder of radius R, per unit length):  dp = sigma / R
 *   3D (sphere of radius R):                      dp = 2 sigma / R
 *
 * Laplace (1806); see de Gennes, Brochard-Wyart & Quere, "Capillarity and Wetting Phenomena" (2004),
 * Sec. 1.1.3. [refs.bib: degennes2004]. Closed form: err is a few ulps.
 */
#ifndef CAPREF_LAPLACE_H
#define CAPREF_LAPLACE_H

#include "capref_result.h"

/* dim: CAPREF_2D or CAPREF_3D; sigma > 0 (N/m); radius > 0 (m). *dp in Pa (inside minus outside),
 * may be NULL. CAP_EDOM for an input out of range. */
int capref_laplace_jump(capref_dim dim, double sigma, double radius, capref_result *dp);

/* Mean curvature sum kappa = dp/sigma of the same interface: 1/R (2D) or 2/R (3D), in 1/m; dim and
 * radius as above. CAP_EDOM. */
int capref_laplace_curvature(capref_dim dim, double radius, capref_result *kappa);

/* Validates a capref_dim argument (CAP_EDOM naming `dim` otherwise). */
int capref_check_dim(capref_dim dim);

#endif
