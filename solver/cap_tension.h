/* cap_tension: surface tension as the pressure jump at the free surface.
 *
 * The liquid's pressure at the interface is the Laplace pressure p = sigma kappa (Young-Laplace; the
 * void outside at zero pressure), kappa the curvature of the level set (cap_levelset_curvature,
 * positive for a convex liquid). At the crossing between liquid cell (i, j[, k]) and its air neighbour in
 * direction dir (a cap_side), at the fraction theta of the spacing from the liquid cell's centre,
 * kappa is interpolated linearly between the two cells: p_G = sigma ((1 - theta) kappa_a + theta
 * kappa_b), the Dirichlet value of the ghost-fluid pressure rows (Gibou et al. 2002; cap_poisson) and
 * of the pressure gradient at the same faces, so that the matrix and the velocity update see the
 * same jump (Wang, Mucha & Turk 2005, Sec. 3).
 *
 * A cap_tension is a view: the time step makes one from its parameters and the curvature of the
 * step and hands it to the pressure system as its interface-value provider (cap_poisson_value_fn);
 * it owns nothing. Periodic sides wrap the neighbour. 2D and 3D grids (k = 0 in 2D).
 */
#ifndef CAP_TENSION_H
#define CAP_TENSION_H

#include "cap_grid.h"

typedef struct {
  const cap_grid *g;   /* the grid of kappa */
  double sigma;        /* surface tension, N/m (>= 0) */
  const double *kappa; /* curvature at the cells, 1/m (g->size entries) */
} cap_tension;

/* p_G = sigma kappa at the crossing from liquid cell (i, j, k) towards its neighbour in direction dir,
 * at the fraction theta in [0, 1] (see above). No checks (called per crossing). */
double cap_tension_at(const cap_tension *t, int i, int j, int k, int dir, double theta);

/* cap_tension_at as the pressure system's provider: ctx is a const cap_tension *. Matches
 * cap_poisson_value_fn. */
double cap_tension_value(void *ctx, int i, int j, int k, int dir, double theta);

#endif
