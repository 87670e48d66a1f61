/* capref_result: a reference value with its error estimate, as returned by the analytic library.
 *
 * Conventions of the analytic library (analytic/):
 *  - every function returns an int status from solver/cap_errno.h (CAP_SUCCESS or an error code with a
 *    message naming the parameter and its allowed range);
 *  - inputs and outputs are SI (m, kg, s, N/m, Pa) unless a name says it is dimensionless; angles are
 *    in radians; contact angles are measured through the liquid;
 *  - `err` is an estimate of the absolute error of `val`: a few ulps for closed forms, the estimated
 *    truncation/solver error for quantities computed by quadrature, ODE integration or root finding.
 */
#ifndef CAPREF_RESULT_H
#define CAPREF_RESULT_H

typedef struct {
  double val; /* the value */
  double err; /* estimated absolute error of val (>= 0) */
} capref_result;

/* Geometry of a reference: planar 2D (per unit length; a "drop" is a cylinder) or 3D (spheres,
 * axisymmetric shapes). */
typedef enum { CAPREF_2D = 2, CAPREF_3D = 3 } capref_dim;

/* Relative error estimate of a closed-form expression evaluated in a handful of operations. */
#define CAPREF_CLOSED_FORM_RELERR (16.0 * 2.220446049250313e-16)

#endif
