/* The measurement kit of the experiments: figures taken from a grid and its fields (interface
 * crossings, surface heights, the level of zero pressure, liquid moments and mode amplitudes), fits
 * of sampled series (a circle, a damped limit, a damped cosine), a growable sampled series, and the
 * points of reference shapes to compare with (a mode's boundary, the cap of a contact angle).
 *
 * Conventions: liquid where phi < 0; lengths and times in the experiment's units; angles in radians.
 * Every function returns a cap_errno status (the message set through cap_error) unless it is void,
 * never prints, and allocates nothing but exp_record's storage. A function that reads phi next to
 * the boundary says whether it fills phi's ghosts (cap_levelset_fill_ghosts) or expects them filled.
 * One function draws: exp_snapshot_menisci, exact menisci as a snapshot's reference (exp_snapshot_ref).
 */
#ifndef EXP_MEASURE_H
#define EXP_MEASURE_H

#include "../solver/cap_grid.h"

struct exp_ctx; /* harness.h */

/* ---- on the grid ---- */

/* One crossing of the interface on the segment between the centres of cells (i, j) and (i + di,
 * j + dj) (di + dj = 1): at (x, y), where phi's interpolant vanishes (cap_levelset_crossing), with the
 * curvature kappa interpolated there (NAN when no curvature field is given). */
typedef struct {
  double x, y, kappa;
  int i, j, di, dj;
  double z; /* 3D; 0 in 2D, as k and dk */
  int k, dk;
} exp_crossing;

/* Every crossing of phi along the grid lines between interior cell centres, in the order (k,) j, i, then
 * the x segment before the y (and the z) segment: at most cap of them into c, their number in *n. kappa: NULL or
 * the curvature field to interpolate. solid: NULL, or cells whose segments are skipped (a virtual
 * surface inside a solid is not the liquid's). phi's ghosts are read as they are. Errors: those of
 * cap_levelset_crossing; CAP_ENUMERIC when more than cap crossings are found. */
int exp_crossings(const cap_grid *g, const double *phi, const double *kappa, const unsigned char *solid,
                  exp_crossing *c, int cap, int *n);

/* The height of the liquid surface in column i: the uppermost sign change of phi along it, placed by
 * cap_levelset_crossing (ghosts of phi filled); NAN if the column has none. */
int exp_surface_height(const cap_grid *g, const double *phi, int i, double *z);

/* The level of zero pressure of a liquid at rest in a bath (the datum of a meniscus theory, whose
 * far surface a finite bath does not reach): the mean of y + p / (rho g) over the liquid cells of
 * the bottom row from column i0 to i1 - 1 (solid cells skipped; solid may be NULL). At rest the
 * pressure is hydrostatic, p = rho g (y_ref - y), so this is exact there. CAP_ENUMERIC if no cell of
 * the range is liquid. */
int exp_zero_pressure_level(const cap_grid *g, const double *phi, const double *p, const unsigned char *solid, int i0,
                            int i1, double rho_g, double *y);

/* The apex height and the contact half-width of a drop on the bottom of the grid (y = 0) with its
 * centre line on its left side (x = 0: a symmetry plane or the axis), from its n crossings c: the
 * apex from the uppermost crossings of columns 0 and 1 extrapolated to the centre line as y0 + b x^2,
 * (9 y_0 - y_1) / 8; the half-width from the outermost crossings of rows 0 and 1 extrapolated to the
 * wall, 1.5 x_0 - 0.5 x_1. CAP_ENUMERIC if either is missing. */
int exp_drop_apex_foot(const exp_crossing *c, int n, double *apex, double *half_width);

/* The same for a quarter drop on the floor z = 0 of a 3D grid, its axis the edge x = y = 0 (symmetry planes x = 0
 * and y = 0): the apex from the uppermost z crossings of the columns (i, j) = (0, 0) and (1, 0), whose centres stand
 * r^2 = h^2/2 and 5 h^2/2 off the axis, extrapolated to it as z0 + b r^2, (5 z_0 - z_1) / 4; the contact radius from
 * the outermost x crossings of the rows (j, k) = (0, 0) and (0, 1), at r = hypot(x, y), extrapolated to the floor,
 * 1.5 r_0 - 0.5 r_1. CAP_ENUMERIC if either is missing. */
int exp_drop_apex_foot3(const exp_crossing *c, int n, double *apex, double *radius);

/* Legendre's polynomial P_n(mu) (the three-term recurrence; n >= 0). */
double exp_legendre(int n, double mu);

/* The liquid's measure and its moment of mode n about its centroid: *measure = integral of dA
 * (planar) or of 2 pi r dA (AXI, the volume), *moment the integral of the mode's harmonic with the
 * same weight, Re((z - z_c)^n) with z = x + i y (planar), or the solid harmonic rho^n P_n(cos theta)
 * about the centroid on the axis (AXI, theta from the axis). A cell none of whose eight neighbours is
 * across the interface counts whole at its centre (the midpoint rule, exact for these harmonics on a
 * square); the others by sub x sub samples of the bilinear phi of the four nearest centres. For a
 * boundary r = R (1 + a cos(n theta)) (planar) or R (1 + a P_n(cos theta)) (AXI) the moment is
 * a pi R^(n+2) or a 4 pi R^(n+3) / (2n + 1), to O(a^2). 3D: the volume on the grid and the moment of rho^n
 * P_n(cos theta) about the origin, theta from the z axis (the centre of a drop held at the corner of an octant by
 * three symmetry planes: the caller puts it there; the whole drop's figures are 8 times the octant's), a cell
 * counting whole if none of its 26 neighbours is across, the others by sub^3 samples of the trilinear phi; a
 * free-slip side is a symmetry plane (phi's ghosts its even mirror). Fills phi's ghosts. Errors: those of
 * cap_levelset_fill_ghosts. */
int exp_mode_moment(const cap_grid *g, double *phi, int n, int sub, double *measure, double *moment);

/* The liquid's measure and its centroid (*xc, *yc) by the same quadrature (the weight 2 pi r in AXI, where
 * *xc is the mean radius r weighted by the volume, not a point of the axis); NAN for both with no liquid.
 * Fills phi's ghosts. Errors: CAP_EGEOM on a 3D grid; those of cap_levelset_fill_ghosts. */
int exp_liquid_centroid(const cap_grid *g, double *phi, int sub, double *measure, double *xc, double *yc);

/* npts >= 2 points (x[k], y[k]) of the boundary of a drop of mode n about (xc, yc) (the shape of
 * exp_scene_mode_drop, at the amplitude a): r = R (1 + a cos(n theta)) at the polar angles theta from the x axis,
 * evenly spaced over [0, 2 pi] (planar: the closed curve), or r = R (1 + a P_n(cos theta)) at theta from the axis
 * (AXI: x = xc + r sin(theta), y = yc + r cos(theta), theta evenly spaced over [0, pi], the meridian). */
void exp_mode_points(cap_geometry geom, double xc, double yc, double R, double a, int n, int npts, double *x,
                     double *y);

/* ---- fits ---- */

/* Kasa's algebraic circle fit (Kasa 1976) of the n crossings c (exp_crossings) and, if mirror, their
 * images x -> -x (a half drop on a symmetry plane at x = 0; the points in the order c0, c0', c1, ...):
 * minimises the sum of (x^2 + y^2 + D x + E y + F)^2; the centre (*xc, *yc) and the radius *R.
 * CAP_ENUMERIC for a singular system or no real circle. */
int exp_circle_fit(const exp_crossing *c, int n, int mirror, double *xc, double *yc, double *R);

/* The same in 3D (Kasa's fit of x^2 + y^2 + z^2 + D x + E y + G z + F) of the crossings' (x, y, z) and, per bit of
 * mirror, their images x -> -x (EXP_FIT_MIRROR_X), y -> -y (EXP_FIT_MIRROR_Y) or both (a quarter drop on the
 * symmetry planes x = 0 and y = 0: mirror = both bits, four points per crossing): the centre (*xc, *yc, *zc) and the
 * radius *R. CAP_ENUMERIC for a singular system (fewer than four points off a plane) or no real sphere. */
enum { EXP_FIT_MIRROR_X = 1, EXP_FIT_MIRROR_Y = 2 };
int exp_sphere_fit(const exp_crossing *c, int n, int mirror, double *xc, double *yc, double *zc, double *R);

/* The static limit of a quantity that settles by a damped oscillation, sampled as f[k] at times t[k]
 * (k < n, t increasing): the constant c0 of the least-squares fit f = c0 + e^(-lam s) (c1 cos(om s) +
 * c2 sin(om s)), s = t - t[0], over the decay rates lam in [0, 1] and the angular frequencies om in
 * [0.2, 3] (per unit of t: searched on a grid of 0.02 and refined tenfold twice about the best; c0,
 * c1, c2 by least squares at each). *rms is the residual's root mean square. With fewer than 12
 * samples, or no fit, the plain mean and the standard deviation. A plain mean over a window that
 * holds a slowly decaying oscillation is off its limit by the oscillation's unbalanced part. */
void exp_damped_limit(const double *t, const double *f, int n, double *limit, double *rms);

/* The angular frequency *omega and decay rate *beta of the n samples f[k] at t[k] by the least-squares
 * fit of A e^(-beta t) cos(omega t + psi) + c (capref_oscillation_fit_damped_cosine), started from
 * omega = pi (crossings - 1) / (last - first) over the crossings of f - mean(f) (linearly placed),
 * beta = 0, A = f[0] - mean, psi = 0, c = mean. CAP_ENUMERIC for fewer than two crossings; the
 * errors of the fit. */
int exp_damped_cosine_fit(const double *t, const double *f, long n, double *omega, double *beta);

/* ---- a sampled series ---- */

/* Samples f at times t, n of them (storage for cap); zero-initialise it, free with exp_record_free. */
typedef struct {
  double *t, *f;
  long n, cap;
} exp_record;

/* Appends (t, f), doubling the storage when full (from 4096). CAP_ENOMEM if it cannot grow. */
int exp_record_add(exp_record *r, double t, double f);
/* Room for n samples in all (n <= cap: nothing); CAP_ENOMEM if it cannot grow (r as it was). */
int exp_record_reserve(exp_record *r, long n);
void exp_record_free(exp_record *r);

/* The speed at t0 of a body in free fall at acceleration g whose heights r->f were sampled at r->t:
 * the least-squares line through f - g t^2 / 2 over the samples with ta <= t <= tb, its slope plus
 * g t0; NAN with fewer than 3 such samples. */
double exp_record_fall_speed(const exp_record *r, double ta, double tb, double g, double t0);

/* When a body moving freely at acceleration g (any sign; < 0: down) and sampled in r reaches the height
 * z below its last sample at or before t_in: its speed fitted over 0 <= t <= t_in
 * (exp_record_fall_speed) and carried on from that sample; *u (downwards positive) the speed then.
 * NAN (and *u NAN) when there is no sample at or before t_in, or fewer than 3 to fit; NAN when a body
 * braked by g > 0 never gets down to z. */
double exp_record_fall_time(const exp_record *r, double t_in, double z, double g, double *u);

/* A capillary oscillation of mode n >= 2: a drop released from rest with the boundary R (1 + eps cos(n theta))
 * (a 2D drop) or R (1 + eps P_n(cos theta)) (sphere != 0), in a fluid of sigma, rho and kinematic viscosity nu. */
typedef struct {
  int n, sphere;
  double R, eps, sigma, rho, nu;
} exp_osc;

/* The radius of the disc (sphere) of the drop's area (volume), to O(eps^2): R sqrt(1 + eps^2 / 2) or
 * R cbrt(1 + 3 eps^2 / (2n + 1)). */
double exp_osc_radius(const exp_osc *o);

/* The reference of o over `periods` Rayleigh periods (*t_end; capref_oscillation_period at exp_osc_radius): a 2D
 * drop, the period 2 pi / omega and rate beta that exp_damped_cosine_fit over [0, t_end] finds on the exact
 * linear release (capref_oscillation_release_fit_2d); a sphere, Rayleigh's 3D frequency with Lamb's 3D rate beta,
 * omega_d = sqrt(omega^2 - beta^2) (capref_oscillation_damped_frequency, capref_oscillation_damping). Errors:
 * those of capref. */
int exp_osc_reference(const exp_osc *o, double periods, double *period, double *beta, double *t_end);

/* The reference amplitude *a = eps eta(t) of o: the exact linear release (a 2D drop,
 * capref_oscillation_release_2d), or the damped oscillator released from rest with the period T_ref and rate
 * b_ref (sphere), eta = e^(-b t) (cos(w t) + b / w sin(w t)), w = 2 pi / T_ref. Errors: those of capref. */
int exp_osc_amplitude(const exp_osc *o, double T_ref, double b_ref, double t, double *a);

/* The period of the oscillation sampled in r after t0: *T = 2 pi / omega of exp_damped_cosine_fit (NAN
 * if it fails: fewer than two crossings), *half half the range of the samples (-INFINITY with none). */
void exp_record_period(const exp_record *r, double t0, double *T, double *half);

/* The observed order p of a quantity v[k] measured at spacings h[0] > h[1] > h[2] with no exact
 * value: the root of (v0 - v1) / (v1 - v2) = (h0^p - h1^p) / (h1^p - h2^p) (the model v = v_inf +
 * C h^p), by bisection on [0.05, 8]; *v_inf = v2 - (v1 - v2) h2^p / (h1^p - h2^p) when v_inf is not
 * NULL. NAN (and *v_inf NAN) without a root there: the differences change sign, or vanish. */
double exp_order3(const double *h, const double *v, double *v_inf);

/* ---- liquid on a floor ---- */

/* The liquid on the floor y = 0 of g: phi there, extrapolated linearly from rows 0 and 1, its least
 * value *least (< 0: the floor is wet), and the outermost point where it changes sign from liquid to
 * dry, *radius (0 if dry; the last face if wet to the end of the row). */
void exp_floor_wet(const cap_grid *g, const double *phi, double *least, double *radius);

/* Liquid meeting the floor over a run, from the floor's least phi after each step (exp_floor_wet): the
 * touch, when it first falls below 0; the lift-off, when it is first back at 0 or above; a second touch.
 * Event times are interpolated linearly between the steps. A floor wet again before the least phi has
 * risen by a cell since the lift-off withdraws the lift-off (a patch flickering as the drop leaves).
 * Zero-initialise. */
typedef struct {
  int touched, lifted, retouched;
  double t_touch, t_lift; /* the events' times */
  double least, t, rise;  /* the last call's least phi and time; the most the least phi has been since lift-off */
} exp_floor_events;
enum { EXP_FLOOR_NONE, EXP_FLOOR_TOUCH, EXP_FLOOR_LIFT, EXP_FLOOR_WITHDRAWN, EXP_FLOOR_RETOUCH };

/* Updates e with the floor's least phi at time t (first: 1 at the start of the run, no step before it)
 * on a grid of spacing h; returns this call's event (EXP_FLOOR_*). */
int exp_floor_events_update(exp_floor_events *e, double least, double t, double h, int first);

/* The liquid's reach: *x the largest x of a liquid-to-dry crossing in any row (linear in phi; the last
 * face for a row liquid to its end), *top the highest row with liquid (-1: none; 0 for x then). */
void exp_liquid_reach(const cap_grid *g, const double *phi, double *x, int *top);

/* ---- threads on the axis ---- */

/* The radius of the liquid in row j of a grid whose left side is the axis (or a symmetry plane): the
 * first sign change of phi from column 0 outwards, placed by cap_levelset_crossing (phi's ghosts as
 * they are); 0 if cell (0, j) is not liquid (the row is dry on the axis). CAP_ENUMERIC if the row is
 * liquid up to its last cell (the liquid has left the domain). */
int exp_row_radius(const cap_grid *g, const double *phi, int j, double *r);

/* The mode k of the radius of a column of liquid on the axis: *a = (2 / ny) sum_j r_j cos(k y_j) over
 * the rows' radii r_j (exp_row_radius; fills phi's ghosts first). CAP_ENUMERIC if a row is dry on the
 * axis; the errors of exp_row_radius and cap_levelset_fill_ghosts. */
int exp_axis_mode(const cap_grid *g, double *phi, double k, double *a);

/* The neck of a column of liquid on the axis: the smallest radius over the rows wet on the axis,
 * *rmin (INFINITY if none) in row centre *zmin (NAN if none), and *dry = 1 if some row is dry on the
 * axis, else 0 (exp_row_radius, phi's ghosts as they are). Errors: those of exp_row_radius. */
int exp_axis_neck(const cap_grid *g, const double *phi, double *rmin, double *zmin, int *dry);

/* The drops along the axis of a grid periodic in y with its left side the axis: runs of rows whose
 * cell 0 is liquid (the run across the period joined); the liquid of a dry row counts to the drop
 * before it. rows[j] is the liquid measure of row j (cap_levelset_liquid_rows). *n is the number of
 * drops, *v1 and *v2 the largest two measures (0 when there are fewer drops). */
void exp_axis_drops(const cap_grid *g, const double *phi, const double *rows, int *n, double *v1, double *v2);

/* The exponent alpha of a neck that closes as r ~ (tb - t)^alpha: the least-squares slope of log r[k]
 * against log(tb - t[k]) over the samples k < n with lo <= r[k] <= hi and tb - t[k] > 0, *m of them;
 * NAN when *m < 3. */
double exp_neck_exponent(const double *t, const double *r, long n, double tb, double lo, double hi, int *m);

/* ---- surfaces of a bath; series ---- */

/* The surface heights of the n columns i0 .. i0 + n - 1 (exp_surface_height, ghosts of phi filled),
 * less datum, into z[k], their centres' x into x[k] (x may be NULL). CAP_ENUMERIC for a column
 * without a surface. */
int exp_surface_profile(const cap_grid *g, const double *phi, int i0, int n, double datum, double *x, double *z);

/* The inclination of the surface at column i (rad), from the heights of columns i - 1 and i + 1 (ghosts
 * of phi filled). CAP_ENUMERIC if either has no surface. */
int exp_surface_slope(const cap_grid *g, const double *phi, int i, double *psi);

/* The pressure force per unit length on the liquid's side of column i, the integral of p from the
 * floor to the surface (exp_surface_height, ghosts of phi filled): the midpoint rule over the liquid
 * cells wholly below it, and the pressure's line through the last two of them extrapolated over the
 * rest. Exact for a hydrostatic column. CAP_ENUMERIC for a column without a surface or with fewer
 * than two liquid cells below it. */
int exp_column_pressure_force(const cap_grid *g, const double *phi, const double *p, int i, double *f);

/* The rest height of a body that still heaves about it: the mean of the last maximum and minimum of
 * the sampled heights y[0..n-1] (y_last if there are not two). */
double exp_heave_mean(const double *y, int n, double y_last);

/* The vertex of the parabola through the three points (x[k], y[k]) (x distinct): 1 and the maximum
 * *ymax if the parabola opens downwards and its vertex lies between x[0] and x[2]; else 0. */
int exp_parabola_max(const double x[3], const double y[3], double *ymax);

/* The time a sampled quantity came to rest: the last t[k] (k >= lag) at which |f[k] - f[k - lag]| is not within
 * tol (NaN counts as moving), 0 if none; t_end if there are at most lag samples or it still moved at the last. */
double exp_rest_time(const double *t, const double *f, long n, int lag, double tol, double t_end);

/* ---- contact angles of a circle; the cap of a contact angle ---- */

/* The contact angle of a circular liquid boundary (centre (xc, yc), radius R, the liquid inside) on a straight
 * solid boundary through the origin whose unit normal (nx, ny) points out of the solid: acos(c), c = -(xc nx +
 * yc ny) / R clamped to [-1, 1] (a centre on the line: pi/2; a centre inside the solid: below pi/2). */
double exp_circle_angle_line(double xc, double yc, double R, double nx, double ny);

/* The same on a solid disc of centre (cx, cy) and radius Rs, by the law of cosines: c = (Rs^2 + R^2 - D^2) /
 * (2 Rs R), D the distance between the two centres, clamped to [-1, 1]. */
double exp_circle_angle_disc(double xc, double yc, double R, double cx, double cy, double Rs);

/* ---- exact menisci over a snapshot (units sigma = rho = g = 1: l_c = 1) ---- */

/* One exact 2D meniscus at a vertical wall x = xw, which it meets at the contact angle theta (through the liquid,
 * 0 < theta < pi; the meniscus that leaves a body at the inclination alpha, > 0 rising away from it, |alpha| <
 * pi/2, is the one at a wall of angle alpha + pi/2), its heights above the level of zero pressure, from the wall
 * to x = xe (either side of it): channel = 0, in an unbounded bath, decaying to that level (capref_rise_wall_profile);
 * channel = 1, in a channel closed by the wall's mirror image across x = xe, a symmetry plane (a gap between plates,
 * or the far wall of a box at 90 degrees): the meniscus between plates 2 |xe - xw| apart (capref_rise_plates_profile),
 * level at xe. */
typedef struct {
  double theta, xw, xe;
  int channel;
} exp_meniscus;

/* Draws the menisci m[0..n-1] (1 <= n <= 4), each evenly sampled from its wall to xe, with the level of zero pressure
 * at y = y0, dashed over the snapshot <stem> that the run took, named label in its key (exp_snapshot_ref). Errors:
 * those of capref_rise_wall_profile, capref_rise_plates_profile (CAP_EDOM: theta out of range, xe = xw in a channel)
 * and exp_snapshot_ref; CAP_EDOM for n. */
int exp_snapshot_menisci(struct exp_ctx *ctx, const char *stem, const char *label, int n, const exp_meniscus *m,
                         double y0);

/* n >= 2 points (x[k], y[k]) of the circular cap of radius R that meets, at the contact angle theta, a straight
 * solid boundary through the origin whose unit normal (nx, ny) points out of the solid (the reference shape of a
 * drop at rest on it), its centre on that normal: the point (t, s) = (R sin(a), R (cos(a) - cos(theta))) of the
 * line's frame (t along it, s the height above it: x = t ny + s nx, y = -t nx + s ny) at the polar angles a about
 * the centre from the normal, evenly spaced from 0 (the apex) to theta (half = 1: a half drop, its contact point
 * at t > 0) or from -theta to theta (half = 0: the whole cap). */
void exp_cap_points_line(double R, double theta, double nx, double ny, int half, int n, double *x, double *y);

/* The same on a solid disc of centre (cx, cy) and radius Rs: the whole arc outside the disc of the circle of radius
 * R centred above it at (cx, cy + D), D^2 = Rs^2 + R^2 - 2 Rs R cos(theta) (the angle of exp_circle_angle_disc),
 * from one contact point to the other, n >= 2 points evenly spaced in the polar angle about that centre. */
void exp_cap_points_disc(double R, double theta, double cx, double cy, double Rs, int n, double *x, double *y);

#endif
