/* cap_body: a rigid body in 2D (per unit length) moved by the liquid's force, for solids that float.
 *
 * The body carries a reference point (x, y) (the centre of its cap_solid), a translation velocity
 * (u, v), its mass per unit length m and the directions it is free to move in; rotation is not
 * modelled (a circular cylinder's geometry does not change when it turns, and the torque is only
 * reported by cap_force). A direction that is not free is HELD: its velocity stays 0 and the force
 * along it is what holding it costs.
 *
 * COUPLING (partitioned, with an added-mass estimate). The time step of the liquid (cap_ns_step)
 * moves the solid's faces at the body's velocity V^n; the force F^n = cap_force_on_solid of that
 * step's pressure then contains the reaction of the liquid to the body's last change of velocity,
 * about -M_A (V^n - V^(n-1)) / dt with M_A the body's added mass. The plain explicit update
 * m (V^(n+1) - V^n) / dt = F^n + m g multiplies the acceleration by -M_A / m every step: it
 * diverges for bodies lighter than their added mass (a half-immersed cylinder has M_A of order
 * rho pi R^2 / 2, so D < about 1/2 is unstable). cap_body_step instead solves
 *     (m + m_a) a^(n+1) = F^n + m g + m_a a^n,     a = (V^(n+1) - V^n) / dt,
 * with m_a an estimate of M_A (cap_body.added_mass): the error of the acceleration is multiplied
 * by (m_a - M_A) / (m + m_a) per step, below 1 in size for every m > 0 when m_a >= M_A, and 0 when
 * the estimate is exact. At rest (a = 0) the equation is the force balance F + m g = 0 whatever m_a,
 * so the equilibrium does not depend on the estimate (derived here; tests/test_body.c runs the
 * model problem). The position follows the new velocity, x^(n+1) = x^n + dt u^(n+1).
 * The viscous stress on the body is not in F (cap_force integrates pressure and tension): the
 * statics are exact without it, the dynamics lack the skin friction.
 */
#ifndef CAP_BODY_H
#define CAP_BODY_H

typedef struct {
  double mass;        /* per unit length, kg/m (> 0) */
  double added_mass;  /* m_a >= 0, kg/m: the coupling's estimate of the added mass (see COUPLING) */
  int free_x, free_y; /* 1: free to move along x (y); 0: held */
  double x, y;        /* the reference point, m */
  double u, v;        /* velocity, m/s */
  double ax, ay;      /* the last acceleration, m/s^2 */
} cap_body;

/* A body at rest at (x, y). CAP_EDOM naming the parameter for mass <= 0, added_mass < 0, or a
 * non-finite value. */
int cap_body_init(cap_body *b, double mass, double added_mass, int free_x, int free_y, double x, double y);

/* One step of dt > 0 under the liquid's force (fx, fy) (N/m) and gravity (gx, gy): the new velocity
 * and position (see COUPLING); *dx, *dy (may be NULL) the displacement, to move the solid by
 * (cap_solid_translate, cap_vsurf_move). CAP_EINVAL for a NULL b, CAP_ENONFINITE for a non-finite
 * force or gravity (the body is left unchanged), CAP_EDOM for dt. */
int cap_body_step(cap_body *b, double fx, double fy, double gx, double gy, double dt, double *dx, double *dy);

#endif
