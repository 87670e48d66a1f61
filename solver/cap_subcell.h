/* cap_subcell: the geometry of a cell cut by a straight interface. The liquid fractions of the
 * viscous step's control volumes (cap_viscosity) and the fluid fractions of cells cut by a solid
 * (cap_solid) are the area of a square on one side of a line, or in 3D the volume of a cube on one
 * side of a plane; this module owns those formulas. Pure functions of their arguments, no errors;
 * inline, since the viscous step evaluates them for every control volume of every step.
 */
#ifndef CAP_SUBCELL_H
#define CAP_SUBCELL_H

#include <math.h>

/* Liquid fraction of the unit square |x|, |y| <= 1/2 on the side n.x + d < 0 of the straight line
 * n.x + d = 0, n = (nx, ny) / |(nx, ny)|: d is the signed distance from the square's centre to the line
 * in units of the side, positive when the centre is on the void side. In [0, 1]; 0 for d >= (|n_x| +
 * |n_y|)/2, 1 for d <= -(|n_x| + |n_y|)/2, 1/2 at d = 0, and f(d) + f(-d) = 1 exactly. (nx, ny) = 0
 * gives 1, 1/2 or 0 by the sign of d.
 *
 * Derivation. Reflections x -> -x, y -> -y and the swap x <-> y map the square onto itself, so take
 * a = max(|n_x|, |n_y|) >= b = min(...), a^2 + b^2 = 1, and f(-d) = 1 - f(d) lets us take d >= 0.
 * With the corner coordinates e = x + 1/2 in [0, 1]^2 the liquid is a e1 + b e2 < s, s = (a + b)/2 -
 * d <= a. For 0 < s <= b it is the corner triangle of legs s/a, s/b: area s^2 / (2ab). For b <= s <=
 * a the line crosses both sides e2 = 0 and e2 = 1: a trapezium of mean width (s - b/2)/a, i.e.
 * 1/2 - d/a. The branches meet at d = (a - b)/2 (area b/(2a)); the area is 0 for s <= 0. This is the
 * piecewise form of the inclusion-exclusion formula of Scardovelli & Zaleski (2000), J. Comput.
 * Phys. 164, 228, [s^2 - (s-a)_+^2 - (s-b)_+^2 + (s-a-b)_+^2] / (2ab), written without its
 * cancellation at small b. */
static inline double cap_subcell_square_fraction(double nx, double ny, double d)
{
  double len = hypot(nx, ny);
  if (!(len > 0)) return d < 0 ? 1 : (d > 0 ? 0 : 0.5);
  double a = fmax(fabs(nx), fabs(ny)) / len, b = fmin(fabs(nx), fabs(ny)) / len, t = fabs(d), f;
  if (t <= 0.5 * (a - b))
    f = 0.5 - t / a;
  else if (t < 0.5 * (a + b)) {
    double s = 0.5 * (a + b) - t;
    f = s * s / (2 * a * b);
  } else
    f = 0;
  return d > 0 ? f : 1 - f;
}

/* Liquid fraction of the unit cube |x|, |y|, |z| <= 1/2 on the side n.x + d < 0 of the plane
 * n.x + d = 0, n = (nx, ny, nz) / |(nx, ny, nz)|, d as for the square. In [0, 1]; 0 for d >= (|n_x| +
 * |n_y| + |n_z|)/2, 1 for d <= -(...)/2, 1/2 at d = 0, f(d) + f(-d) = 1; n = 0 gives 1, 1/2 or 0 by
 * the sign of d; nz = 0 gives the square's fraction.
 *
 * Derivation. As for the square: a >= b >= c >= 0 the sorted |n_i|, d >= 0, the liquid a e1 + b e2 +
 * c e3 < s in the corner coordinates e in [0, 1]^3, s = (a + b + c)/2 - d. Scardovelli & Zaleski
 * (2000), J. Comput. Phys. 164, 228, Eq. (2.20): V = [s^3 - sum_i (s - m_i)_+^3 + sum_{i<j} (s - m_i -
 * m_j)_+^3 - (s - a - b - c)_+^3] / (6abc); with s <= (a + b + c)/2 the pair and triple terms vanish
 * (s - a - b <= (c - a - b)/2 <= 0). Written without the cancellation at small c (or b):
 *   s <= c:           the corner tetrahedron s^3 / (6abc);
 *   c < s < b + c:    [s^3 - (s-c)^3] / (6abc) = (3s^2 - 3sc + c^2) / (6ab), less [(s-b)_+^3 +
 *                     (s-a)_+^3] / (6abc), where s - b < c and s - a < c: each term <= c^2 / (6ab);
 *   s >= b + c:       the prism, the slab of mean width (s - (b + c)/2) / a.
 * The pieces meet continuously (at s = b + c both give (b + c) / (2a)). */
static inline double cap_subcell_cube_fraction(double nx, double ny, double nz, double d)
{
  double ax = fabs(nx), ay = fabs(ny), az = fabs(nz), len = sqrt(ax * ax + ay * ay + az * az);
  if (!(len > 0)) return d < 0 ? 1 : (d > 0 ? 0 : 0.5);
  double a = fmax(ax, fmax(ay, az)), c = fmin(ax, fmin(ay, az)), b = fmax(fmin(ax, ay), fmin(fmax(ax, ay), az));
  a /= len;
  b /= len;
  c /= len;
  double s = 0.5 * (a + b + c) - fabs(d), f;
  if (s <= 0)
    f = 0;
  else if (s >= b + c)
    f = (s - 0.5 * (b + c)) / a;
  else if (s <= c)
    f = s * s * s / (6 * a * b * c);
  else {
    f = (3 * s * s - 3 * s * c + c * c) / (6 * a * b);
    double pb = fmax(s - b, 0), pa = fmax(s - a, 0);
    if (pb > 0) f -= (pb * pb * pb + pa * pa * pa) / (6 * a * b * c);
  }
  return d > 0 ? f : 1 - f;
}

#endif
