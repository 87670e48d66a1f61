/* cap_subcell: the geometry of a cell cut by a straight interface. The liquid fractions of the
 * viscous step's control volumes (cap_viscosity) and the fluid fractions of cells cut by a solid
 * (cap_solid) are the area of a square on one side of a line; this module owns that formula. Pure
 * functions of their arguments, no errors.
 */
#ifndef CAP_SUBCELL_H
#define CAP_SUBCELL_H

/* Liquid fraction of the unit square |x|, |y| <= 1/2 on the side n.x + d < 0 of the straight line
 * n.x + d = 0, n = (nx, ny) / |(nx, ny)|: d is the signed distance from the square's centre to the line
 * in units of the side, positive when the centre is on the void side. In [0, 1]; 0 for d >= (|n_x| +
 * |n_y|)/2, 1 for d <= -(|n_x| + |n_y|)/2, 1/2 at d = 0, and f(d) + f(-d) = 1 exactly. (nx, ny) = 0
 * gives 1, 1/2 or 0 by the sign of d. The piecewise form of the area below a line in a rectangle
 * (Scardovelli & Zaleski 2000, J. Comput. Phys. 164, 228), derived in cap_subcell.c. */
double cap_subcell_square_fraction(double nx, double ny, double d);

#endif
