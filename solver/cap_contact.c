#include "cap_contact.h"

#include <math.h>
#include <stdlib.h>

#include "cap_errno.h"
#include "cap_par.h"
#include "cap_ws.h"

struct cap_contact {
  cap_grid g;                       /* the grid it was made for (sizes, boundary kinds) */
  double theta[6];                  /* each side's angle, rad (0: none) */
  double *along[4];                 /* per-position angles of a 2D side (n + 2 ng entries), or NULL */
  int along_on[4];                  /* along[side] is in use */
  int nparts;                       /* parts of the solid (0: no solid angle) */
  double part[CAP_SOLID_MAX_PARTS]; /* each part's angle, rad */
  double *cell;                     /* per-cell angles of the solid (g.size entries; 0: the part's), or NULL */
};

int cap_contact_alloc(cap_contact **out, const cap_grid *g)
{
  if (!out || !g) return CAP_ERROR(CAP_EINVAL, "cap_contact_alloc: %s is NULL", !out ? "out" : "grid");
  *out = NULL;
  cap_contact *c = calloc(1, sizeof *c);
  if (!c) return CAP_ERROR(CAP_ENOMEM, "cannot allocate a contact module");
  c->g = *g;
  *out = c;
  return CAP_SUCCESS;
}

void cap_contact_free(cap_contact *c)
{
  if (!c) return;
  CAP_FREE_ALL(c->along[0], c->along[1], c->along[2], c->along[3], c->cell, c);
}

int cap_contact_visit(cap_contact *c, cap_state_fn f, void *user)
{
  if (!c || !f) return CAP_ERROR(CAP_EINVAL, "cap_contact_visit: %s is NULL", !c ? "c" : "f");
  int st = f(user, "contact.theta", c->theta, sizeof c->theta);
  if (!st) st = f(user, "contact.part", c->part, sizeof c->part);
  for (int k = 0; k < 4 && !st; k++)
    if (c->along_on[k])
      st = f(user, "contact.along", c->along[k],
             (size_t)((k < 2 ? c->g.ny : c->g.nx) + 2 * c->g.ng) * sizeof *c->along[k]);
  if (!st && c->cell) st = f(user, "contact.cell", c->cell, c->g.size * sizeof *c->cell);
  return st;
}

static int is_wall(cap_bc b) { return b == CAP_BC_WALL || b == CAP_BC_SLIP; }

int cap_contact_set_wall(cap_contact *c, cap_side side, double theta)
{
  if (!c) return CAP_ERROR(CAP_EINVAL, "cap_contact_set_wall: contact is NULL");
  const cap_grid *g = &c->g;
  if ((int)side < 0 || (int)side >= 2 * g->dim)
    return CAP_ERROR(CAP_EDOM, "side = %d is out of range: allowed 0 <= side < %d", (int)side, 2 * g->dim);
  if (!is_wall(g->bc[side]))
    return CAP_ERROR(CAP_EDOM, "a contact angle needs a WALL or SLIP side; side %d has kind %d", (int)side,
                     (int)g->bc[side]);
  if (!(theta == 0 || (theta > 0 && theta < M_PI)))
    return CAP_ERROR(CAP_EDOM, "contact angle theta = %.9g rad is out of range: allowed 0 < theta < pi (or 0: none)",
                     theta);
  c->theta[side] = theta;
  if ((int)side < 4) c->along_on[side] = 0;
  return CAP_SUCCESS;
}

double cap_contact_wall(const cap_contact *c, cap_side side)
{
  return c && (int)side >= 0 && (int)side < 6 ? c->theta[side] : 0;
}

int cap_contact_wall_angles(cap_contact *c, cap_side side, double **angles)
{
  if (angles) *angles = NULL;
  if (!c || !angles) return CAP_ERROR(CAP_EINVAL, "cap_contact_wall_angles: NULL argument");
  const cap_grid *g = &c->g;
  if (g->dim == 3)
    return CAP_ERROR(CAP_EGEOM,
                     "per-position wall angles on a 3D grid are not supported (side %d): a 3D side takes "
                     "one angle, cap_contact_set_wall",
                     (int)side);
  if ((int)side < 0 || (int)side >= 4)
    return CAP_ERROR(CAP_EDOM,
                     "per-position wall angles: side = %d on a %dD grid is out of range: allowed a side "
                     "of a 2D grid (0 <= side < 4)",
                     (int)side, g->dim);
  if (!(c->theta[side] > 0))
    return CAP_ERROR(CAP_EDOM,
                     "per-position wall angles on side %d, which has no contact angle (cap_contact_set_wall first)",
                     (int)side);
  const int len = (side < 2 ? g->ny : g->nx) + 2 * g->ng;
  if (!c->along[side] && !(c->along[side] = malloc((size_t)len * sizeof *c->along[side])))
    return CAP_ERROR(CAP_ENOMEM, "cannot allocate %d contact angles along side %d", len, (int)side);
  if (!c->along_on[side])
    for (int t = 0; t < len; t++) c->along[side][t] = c->theta[side];
  c->along_on[side] = 1;
  *angles = c->along[side];
  return CAP_SUCCESS;
}

const double *cap_contact_wall_along(const cap_contact *c, cap_side side)
{
  return c && (int)side >= 0 && (int)side < 4 && c->along_on[side] ? c->along[side] : NULL;
}

int cap_contact_wall_follows(const cap_contact *c, int side)
{
  if (!c || side < 0 || side >= 4) return 0;
  const double th = c->theta[side];
  return th > 0 && is_wall(c->g.bc[side]) && (c->along_on[side] || th != M_PI / 2);
}

/* At wall position t (cap_contact_fill_walls in cap_contact.h): phi's one-sided second-order
 * wall-normal slope g(t) = (-2 phi_0 + 3 phi_1 - phi_2)/h from the first three interior layers, phi
 * extrapolated to the wall (15 phi_0 - 10 phi_1 + 3 phi_2)/8 (*fw), and cos(theta(t)) (*c). */
static double wall_slope_at(const cap_contact *ct, const cap_grid *g, const double *phi, cap_side side, int t,
                            double *fw, double *c)
{
  double f0 = phi[cap_grid_wall_idx(g, side, t, 0)], f1 = phi[cap_grid_wall_idx(g, side, t, 1)],
         f2 = phi[cap_grid_wall_idx(g, side, t, 2)];
  const double *wa = cap_contact_wall_along(ct, side);
  *c = cos(wa ? wa[t + g->ng] : ct->theta[side]);
  return cap_surface_slope(f0, f1, f2, g->h, fw);
}

/* A contact point along a wall: its position (in positions t; NAN: none), cos(theta) there
 * (interpolated between the two positions of the sign change of phi at the wall) and the rate b at
 * which phi's wall-normal slope g changes along the wall (per position). */
typedef struct {
  double pos, cos_c, b;
} wall_contact;

/* The next contact point after position *u along the side: the first sign change of phi at the wall
 * between u - 1 and u for u > *u; *u is left at it (at n + ng if there is none). b is the
 * least-squares slope of g(t) against t over the positions within the reach. */
static wall_contact next_contact(const cap_contact *ct, const cap_grid *g, const double *phi, cap_side side, int n,
                                 int *u)
{
  const wall_contact none = {NAN, 0, 0};
  if (*u >= n + g->ng - 1) {
    *u = n + g->ng;
    return none;
  } /* the last position: none after it */
  double fa, ca;
  wall_slope_at(ct, g, phi, side, *u, &fa, &ca);
  for ((*u)++; *u < n + g->ng; (*u)++) {
    double fb, cb;
    wall_slope_at(ct, g, phi, side, *u, &fb, &cb);
    if ((fa < 0) != (fb < 0)) {
      double a = fa / (fa - fb), pos = *u - 1 + a, reach = CAP_CONTACT_FIT;
      double n0 = 0, s1 = 0, s2 = 0, g1 = 0, sg = 0;
      for (int t = (int)fmax(-g->ng, ceil(pos - reach)); t <= (int)fmin(n + g->ng - 1, floor(pos + reach)); t++) {
        double fw, c, gt = wall_slope_at(ct, g, phi, side, t, &fw, &c), x = t - pos;
        n0 += 1;
        s1 += x;
        s2 += x * x;
        g1 += gt;
        sg += x * gt;
      }
      return (wall_contact){pos, (1 - a) * ca + a * cb, cap_lsq_slope(n0, s1, s2, g1, sg)};
    }
    fa = fb;
    ca = cb;
  }
  return none;
}

/* The ghosts of a wall with a contact angle whose slope follows phi near a contact line
 * (cap_contact_fill_walls): s(t) = cos(theta(t)), and within cap_contact_reach positions of the nearest
 * contact point cos(theta_c) + b (t - t_c), kept within [-1, 1] and blended back into cos(theta(t)) by
 * twice the reach; a contact point with another within 2 CAP_CONTACT_FIT keeps cos(theta(t)). The
 * contact points are found as t advances (a window of the two before t and the two after), so no storage is needed;
 * the ghosts written are never read by the scan (it reads interior layers only). */
static void fill_wall_following(const cap_contact *ct, const cap_grid *g, double *phi, cap_side side, int n)
{
  const int ng = g->ng;
  const double closed = 2 * CAP_CONTACT_FIT;
  int u = -ng;
  wall_contact ll = {NAN, 0, 0}, l = {NAN, 0, 0}, r = next_contact(ct, g, phi, side, n, &u),
               rr = next_contact(ct, g, phi, side, n, &u);
  for (int t = -ng; t < n + ng; t++) {
    while (r.pos <= t) { /* false for NAN */
      ll = l;
      l = r;
      r = rr;
      rr = next_contact(ct, g, phi, side, n, &u);
    }
    double fw, slope;
    wall_slope_at(ct, g, phi, side, t, &fw, &slope);
    /* the nearest contact point (the one before t on a tie) and its neighbours */
    int right = isfinite(r.pos) && (!isfinite(l.pos) || r.pos - t < t - l.pos);
    wall_contact q = right ? r : l, before = right ? l : ll, after = right ? rr : r;
    int close =
        (isfinite(before.pos) && q.pos - before.pos < closed) || (isfinite(after.pos) && after.pos - q.pos < closed);
    if (isfinite(q.pos) && !close)
      slope = cap_contact_blend(slope, q.cos_c + q.b * (t - q.pos), fabs(q.pos - t),
                                cap_contact_reach(CAP_CONTACT_REACH, CAP_CONTACT_REACH, q.cos_c, fw));
    double dc = g->h * slope;
    for (int k = 1; k <= ng; k++)
      phi[cap_grid_wall_idx(g, side, t, -k)] = phi[cap_grid_wall_idx(g, side, t, k - 1)] - (2 * k - 1) * dc;
  }
}

/* Is theta 90 degrees (to 1e-12 rad: 90 pi / 180 may round away from M_PI_2)? */
static int right_angle(double theta) { return fabs(theta - M_PI_2) <= 1e-12; }

/* At the wall cell p (layer 0; `in` the stride into the domain): phi's one-sided wall-normal slope and
 * phi extrapolated to the wall (*fw), cap_surface_slope. */
static double normal_slope3(const double *p, ptrdiff_t in, double h, double *fw)
{
  return cap_surface_slope(p[0], p[in], p[2 * in], h, fw);
}

/* The slope of the ghosts at wall cell p (3D, cap_contact_fill_walls): cos(theta) = c, and near the
 * contact line cap_contact_blend(c, c + beta delta, |delta|, cap_contact_reach(...)), delta = fw / |grad fw|
 * the signed distance (positions) from the contact line along the wall, measured along m = grad fw /
 * |grad fw|, and beta = grad g . m the rate of phi's wall-normal slope g along m; grad the central
 * differences along the wall (strides sa, sb). */
static double following_slope3(const double *p, ptrdiff_t in, ptrdiff_t sa, ptrdiff_t sb, double h, double c)
{
  double fw, f[4], gs[4];
  const ptrdiff_t off[4] = {sa, -sa, sb, -sb};
  normal_slope3(p, in, h, &fw);
  for (int q = 0; q < 4; q++) gs[q] = normal_slope3(p + off[q], in, h, &f[q]);
  const double fa = (f[0] - f[1]) / 2, fb = (f[2] - f[3]) / 2, gn = hypot(fa, fb);
  if (!(gn > 0)) return c;
  const double delta = fw / gn, beta = ((gs[0] - gs[1]) / 2 * fa + (gs[2] - gs[3]) / 2 * fb) / gn;
  return cap_contact_blend(c, c + beta * delta, fabs(delta),
                           cap_contact_reach(CAP_CONTACT_REACH, CAP_CONTACT_REACH, c, fw));
}

/* The ghosts of side of a 3D grid at slope s (cos(theta); following phi's near the contact line if
 * `follow`, on the positions whose four neighbours along the wall are ghost-extended cells): ghost m (m = 1..ng
 * outwards) is phi(interior m - 1) - (2m - 1) h s, over the wall's whole ghost-extended plane (the span of
 * cap_grid_mirror_even). Positions are independent: each reads interior layers only, each writes its
 * own ghosts. */
static void fill_wall3(const cap_grid *g, double *phi, int side, double s, int follow)
{
  const int d = side / 2, hi = side % 2, n[3] = {g->nx, g->ny, g->nz}, ng = g->ng;
  const int a = (d + 1) % 3, b = (d + 2) % 3;
  const ptrdiff_t stride[3] = {1, g->sy, g->sz}, in = hi ? -stride[d] : stride[d]; /* into the domain */
  const long rows = n[b] + 2 * ng + 1, cols = n[a] + 2 * ng + 1;
  CAP_PAR_FOR(rows * cols * ng, for (long rb = 0; rb < rows; rb++) {
    for (int ia = -ng; ia < n[a] + ng + 1; ia++) {
      int c[3];
      c[d] = hi ? n[d] - 1 : 0, c[a] = ia, c[b] = (int)rb - ng;
      double *p = phi + cap_grid_idx3(g, c[0], c[1], c[2]), slope = s;
      if (follow && rb > 0 && rb < rows - 2 && ia > -ng && ia < n[a] + ng - 1)
        slope = following_slope3(p, in, stride[a], stride[b], g->h, s);
      const double dc = g->h * slope;
      for (int m = 1; m <= ng; m++) p[-m * in] = p[(m - 1) * in] - (2 * m - 1) * dc;
    }
  });
}

int cap_contact_fill_walls(const cap_contact *c, const cap_grid *g, double *phi)
{
  if (!g || !phi) return CAP_ERROR(CAP_EINVAL, "cap_contact_fill_walls: %s is NULL", !g ? "grid" : "phi");
  if (!c) return CAP_SUCCESS;
  if (g->nx != c->g.nx || g->ny != c->g.ny || g->ng != c->g.ng || g->dim != c->g.dim ||
      (g->dim == 3 && g->nz != c->g.nz))
    return CAP_ERROR(CAP_ESIZE,
                     "cap_contact_fill_walls: contact made for a %dx%dx%d grid (nghost %d), used on %dx%dx%d "
                     "(nghost %d)",
                     c->g.nx, c->g.ny, c->g.dim == 3 ? c->g.nz : 1, c->g.ng, g->nx, g->ny, g->dim == 3 ? g->nz : 1,
                     g->ng);
  /* 3D: each side in turn over its whole ghost-extended plane, x sides first, then y, then z, so that
   * the edges and corners take the last side's rule; a side at 90 degrees is the even mirror (a
   * symmetry plane, exactly) */
  for (int side = 0; side < 6 && g->dim == 3; side++) {
    const double th = c->theta[side];
    if (!(th > 0) || !is_wall(c->g.bc[side])) continue;
    if (right_angle(th)) {
      int st = cap_grid_mirror_even(g, phi, (cap_side)side);
      if (st) return st;
    } else
      fill_wall3(g, phi, side, cos(th), (side < 2 ? g->nx : side < 4 ? g->ny : g->nz) >= 3);
  }
  /* ghost k (k = 1..ng outwards) is the mirror image of interior cell k - 1 shifted by the wall-normal
   * slope, phi(ghost k) = phi(interior k - 1) - (2k - 1) h slope(t). x sides first, then y, over the
   * whole ghost-extended rows, so the corners are consistent. */
  const int ng = g->ng;
  for (int side = 0; side < 4 && g->dim == 2; side++) {
    double th = c->theta[side];
    if (!(th > 0) || !is_wall(c->g.bc[side])) continue;
    const int n = side < 2 ? g->ny : g->nx; /* positions along the side */
    const double *wa = cap_contact_wall_along(c, (cap_side)side);
    for (int t = -ng; t < n + ng && wa; t++)
      if (!(wa[t + ng] > 0 && wa[t + ng] < M_PI))
        return CAP_ERROR(CAP_EDOM,
                         "wall angle %.9g rad at position %d of side %d is out of range: allowed 0 < theta < pi",
                         wa[t + ng], t, side);
    /* a wall at 90 degrees everywhere keeps the even mirror (a symmetry plane, exactly); the slope
     * that follows phi needs three interior layers */
    if (cap_contact_wall_follows(c, side) && (side < 2 ? g->nx : g->ny) >= 3) {
      fill_wall_following(c, g, phi, (cap_side)side, n);
      continue;
    }
    for (int t = -ng; t < n + ng; t++) {
      double dc = g->h * cos(wa ? wa[t + ng] : th);
      for (int k = 1; k <= ng; k++)
        phi[cap_grid_wall_idx(g, (cap_side)side, t, -k)] =
            phi[cap_grid_wall_idx(g, (cap_side)side, t, k - 1)] - (2 * k - 1) * dc;
    }
  }
  return CAP_SUCCESS;
}

/* Per-cell angles cleared (0: the part's angle). */
static void clear_cells(cap_contact *c)
{
  if (c->cell)
    for (size_t k = 0; k < c->g.size; k++) c->cell[k] = 0;
}

int cap_contact_set_solid(cap_contact *c, const cap_solid *s, double theta)
{
  if (!c || !s) return CAP_ERROR(CAP_EINVAL, "cap_contact_set_solid: %s is NULL", !c ? "contact" : "solid");
  int st = cap_check_open("theta", theta, 0, M_PI, "rad");
  if (st) return st;
  c->nparts = cap_solid_parts(s);
  return cap_contact_set_solid_angle(c, theta);
}

static int check_solid(const cap_contact *c, const char *what)
{
  if (!c) return CAP_ERROR(CAP_EINVAL, "%s: contact is NULL", what);
  if (!c->nparts) return CAP_ERROR(CAP_EINVAL, "%s: no solid angle (cap_contact_set_solid first)", what);
  return CAP_SUCCESS;
}

int cap_contact_set_solid_angle(cap_contact *c, double theta)
{
  int st = check_solid(c, "cap_contact_set_solid_angle");
  if (!st) st = cap_check_open("theta", theta, 0, M_PI, "rad");
  if (st) return st;
  for (int k = 0; k < CAP_SOLID_MAX_PARTS; k++) c->part[k] = theta;
  clear_cells(c);
  return CAP_SUCCESS;
}

int cap_contact_set_part_angles(cap_contact *c, const double *theta, int n)
{
  int st = check_solid(c, "cap_contact_set_part_angles");
  if (st) return st;
  if (!theta) return CAP_ERROR(CAP_EINVAL, "cap_contact_set_part_angles: NULL argument");
  if (n != c->nparts)
    return CAP_ERROR(CAP_ESIZE, "cap_contact_set_part_angles: %d angles for a solid of %d parts", n, c->nparts);
  for (int k = 0; k < n; k++)
    if (!(theta[k] > 0 && theta[k] < M_PI))
      return CAP_ERROR(CAP_EDOM,
                       "contact angle theta[%d] = %.9g rad of part %d is out of range: allowed 0 < theta < pi", k,
                       theta[k], k);
  for (int k = 0; k < n; k++) c->part[k] = theta[k];
  clear_cells(c);
  return CAP_SUCCESS;
}

int cap_contact_cell_angles(cap_contact *c, double **angles)
{
  if (angles) *angles = NULL;
  int st = check_solid(c, "cap_contact_cell_angles");
  if (!st && !angles) st = CAP_ERROR(CAP_EINVAL, "cap_contact_cell_angles: angles is NULL");
  if (st) return st;
  if (!c->cell && !(c->cell = calloc(c->g.size, sizeof *c->cell)))
    return CAP_ERROR(CAP_ENOMEM, "cannot allocate %zu per-cell contact angles", c->g.size);
  *angles = c->cell;
  return CAP_SUCCESS;
}

int cap_contact_solid_parts(const cap_contact *c) { return c ? c->nparts : 0; }

int cap_contact_solid_theta(const cap_contact *c, size_t cell, int part, double *theta)
{
  int st = check_solid(c, "cap_contact_solid_theta");
  if (!st && !theta) st = CAP_ERROR(CAP_EINVAL, "cap_contact_solid_theta: theta is NULL");
  if (st) return st;
  if (part < 0 || part >= c->nparts)
    return CAP_ERROR(CAP_EDOM, "part = %d is out of range: allowed 0 <= part < %d", part, c->nparts);
  if (cell >= c->g.size)
    return CAP_ERROR(CAP_EDOM, "cell = %zu is out of range: allowed 0 <= cell < %zu", cell, c->g.size);
  const double th = c->cell ? c->cell[cell] : 0;
  if (!(th >= 0 && th < M_PI))
    return CAP_ERROR(CAP_EDOM, "contact angle %.9g rad of solid cell %zu is out of range: allowed 0 < theta < pi", th,
                     cell);
  *theta = th > 0 ? th : c->part[part];
  return CAP_SUCCESS;
}
