/* cap_result: a reference value with its error estimate, as returned by the analytic library.
 *
 * Conventions of the analytic library (analytic/):
 *  - every function returns an int status from solver/cap_errno.h (CAP_SUCCESS or an error code with a
 *    message naming the parameter and its allowed range);
 *  - inputs and outputs are SI (m, kg, s, N/m, Pa) unless a name says it is dimensionless; angles are
 *    in radians; contact angles are measured through the liquid;
 *  - `err` is an estimate of the absolute error of `val`: a few ulps for closed forms, the estimated
 *    truncation/solver error for quantities computed by quadrature, ODE integration or root finding.
 */
#ifndef CAP_RESULT_H
#define CAP_RESULT_H

typedef struct {
  double val; /* the value */
  double err; /* estimated absolute error of val (>= 0) */
} cap_result;

/* Geometry of a reference: planar 2D (per unit length; a "drop" is a cylinder) or 3D (spheres,
 * axisymmetric shapes). */
typedef enum { CAP_REF_2D = 2, CAP_REF_3D = 3 } cap_ref_dim;

/* Relative error estimate of a closed-form expression evaluated in a handful of operations. */
#define CAP_CLOSED_FORM_RELERR (16.0 * 2.220446049250313e-16)

#endif
