/* capref_result: the analytic library's shared types: a reference value with its error estimate,
 * the geometry of a reference, and the physical constants of a fluid.
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

/* A fluid's physical constants (SI), set by name with a designated initialiser, e.g.
 * (capref_fluid){.sigma = 0.0728, .rho = 998.2, .g = 9.81}, and passed by const pointer. A function
 * reads only the fields its contract names and checks each of them (CAP_EDOM naming the field and its
 * allowed range); the others are ignored. A NULL fluid is CAP_EINVAL. */
typedef struct {
  double sigma; /* surface tension, N/m */
  double rho;   /* density, kg/m^3 (each function says which: the liquid's, or a difference) */
  double g;     /* gravitational acceleration (magnitude), m/s^2 */
  double mu;    /* dynamic viscosity, Pa s */
  double nu;    /* kinematic viscosity, m^2/s */
} capref_fluid;

#endif
