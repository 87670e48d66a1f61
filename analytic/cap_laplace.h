/* Static drop: the Laplace pressure jump across a circular (2D) or spherical (3D) interface.
 *
 *   2D (cylinder of radius R, per unit length):  dp = sigma / R
 *   3D (sphere of radius R):                      dp = 2 sigma / R
 *
 * Laplace (1806); see de Gennes, Brochard-Wyart & Quere, "Capillarity and Wetting Phenomena" (2004),
 * Sec. 1.1.3. [refs.bib: degennes2004]. Closed form: err is a few ulps.
 */
#ifndef CAP_LAPLACE_H
#define CAP_LAPLACE_H

#include "cap_result.h"

/* dim: CAP_REF_2D or CAP_REF_3D; sigma > 0 (N/m); radius > 0 (m). *dp in Pa (inside minus outside),
 * may be NULL. CAP_EDOM for an input out of range. */
int cap_laplace_jump(cap_ref_dim dim, double sigma, double radius, cap_result *dp);

/* Mean curvature sum kappa = dp/sigma of the same interface: 1/R (2D) or 2/R (3D), in 1/m; dim and
 * radius as above. CAP_EDOM. */
int cap_laplace_curvature(cap_ref_dim dim, double radius, cap_result *kappa);

/* Validates a cap_ref_dim argument (CAP_EDOM naming `dim` otherwise). */
int cap_ref_check_dim(cap_ref_dim dim);

#endif
