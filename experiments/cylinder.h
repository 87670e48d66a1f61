/* cylinder: a horizontal cylinder on a bath, held or free to move vertically, the scene shared by
 * floating_density and cheerios (2D planar, units sigma = rho = g = 1, so l_c = 1).
 *
 * The box (cyl_bath: an exp_scene, run by exp_scene_run): x from the symmetry plane x = 0 (free
 * slip, phi mirrored: contact angle 90 degrees) to a free-slip wall at 90 degrees CYL_BATH_REACH
 * l_c beyond the cylinder; free-slip floor and top. The cylinder (a cap_solid disc with the contact angle
 * theta through the virtual surface) has its
 * centre at x = xb: on the symmetry plane (xb = 0: half the cylinder is computed, a single floating
 * cylinder) or off it (xb > R: a whole cylinder, whose image across the plane is its twin, the
 * Cheerios pair at centre distance 2 xb).
 * Heights: the far level Y (the planned level of zero pressure) lies at least CYL_FLOOR_CLEAR l_c (and
 * 6 cells) above the cylinder's planned bottom, at least CYL_MIN_DEPTH above the floor; a free
 * cylinder has R more below it for its overshoot. The box reaches CYL_HEADROOM above the highest
 * point of cylinder or planned meniscus.
 * Start: the liquid flat at a level yl with a dry column over the cylinder (|x - xb| < R, y above its
 * centre), so the contact points start at its equator; yl is chosen so that the far level ends at Y
 * once the liquid has made room for the planned load (the liquid missing below Y is the load times
 * pi R^2, times 1/2 for a half cylinder: the vertical balance of pressure and line forces). A held
 * cylinder sits at its planned height; a free one starts with its centre on the bath (yb = yl).
 * Free: cap_body (the added-mass estimate rho pi R^2), moved every step by the liquid's force (twice
 * the half's vertical force on the symmetry plane), the solid and its virtual surface moved with it
 * (cap_solid_translate, cap_vsurf_move), the liquid moving with the body's velocity on its faces.
 * A free cylinder sank when the liquid closed over it or it came within 6 cells of the floor. With
 * free_x it also moves horizontally (off the plane) and stops when it comes within 6 cells of the
 * plane, its image as close (the pair touching, to the grid).
 * Solver: stress-form viscosity, constant extension, reinitialisation every CYL_REINIT_EVERY steps.
 * The horizontal forces (off the plane) are static limits from the last CYL_MEAN_WINDOW of the run,
 * sampled every CYL_HISTORY_DT: a constant plus one damped oscillation fitted to the samples
 * (exp_damped_limit, which removes the bath's slowly decaying sloshing), the residual's root mean
 * square written with it. Why, and what is left: docs/design/experiments-cylinder.md.
 * Measured at the end: the vertical force (cap_force), the level of zero pressure
 * (exp_zero_pressure_level over the far half of the bath), the centre's height above it (a free
 * cylinder: the mean of the last maximum and minimum of its heave), the contact positions and the
 * meniscus' angles there, the surface height on the symmetry plane, and off the plane the horizontal
 * force a second way, from the liquid's momentum balance (the pressure on the first and the last
 * column). Series history_<tag>.tsv; snapshot <tag>.png if asked, the statics' menisci dashed over it.
 */
#ifndef EXP_CYLINDER_H
#define EXP_CYLINDER_H

#include "harness.h"
#include "scene.h"

#define CYL_BATH_REACH  3.0 /* the bath beyond the cylinder, l_c */
#define CYL_FLOOR_CLEAR 0.5 /* the far level above the cylinder's bottom, l_c */
#define CYL_MIN_DEPTH   0.6 /* the far level above the floor, l_c */
#define CYL_HEADROOM    0.5 /* the box above the highest point, l_c */
#define CYL_HISTORY_DT  0.25
#define CYL_MEAN_WINDOW 15.0 /* the horizontal forces are static limits from the run's last this, sqrt(l_c/g) */
/* The level set is reinitialised every this many steps: every step lets a held cylinder's contact
 * points creep past the statics' position along the staircase, never lets them stick (measurements:
 * docs/design/experiments-cylinder.md). */
#define CYL_REINIT_EVERY 10

typedef struct {
  double bo;        /* Bond number R^2 / l_c^2 */
  double theta;     /* contact angle through the liquid, degrees */
  double xb;        /* the centre's distance from the symmetry plane, l_c (0: on it) */
  double zc_plan;   /* planned centre height above the far level, R (held: where it is held) */
  double load_plan; /* the load at the planned height, rho g pi R^2 (for the initial level) */
  double h_plan;    /* the planned contact height above the far level, R (for the box's top) */
  double density;   /* 0: held; > 0: free vertically with this density ratio */
  double nu;        /* kinematic viscosity, sqrt(g l_c^3) */
  double t_end;     /* sqrt(l_c / g) */
  int snap;         /* write <tag>.png at the end, dashed over it the menisci of the statics: held, capref_floating_held
                     * at the measured height; free on the plane, capref_floating_equilibrium; an identical pair held
                     * apart (off the plane), capref_cheerios_2d_pair_box; none released (free_x) or sunk */
  char tag[96];     /* the series and snapshot names */
  char label[112];  /* the progress label */
  int free_x;       /* a free cylinder off the plane also moves horizontally (towards its image) */
} cyl_run;

typedef struct {
  double zc;              /* centre above the level of zero pressure, R (NAN if it sank) */
  double fx, fy;          /* the liquid's force on the whole cylinder, sigma (per unit length): fx only off the plane,
                   * the static limit from the last CYL_MEAN_WINDOW (exp_damped_limit) */
  double fx_sd;           /* the root mean square of fx's samples about that fit, sigma */
  double fty;             /* the capillary part of fy (sigma times the vertical parts of the contact tangents), sigma */
  double load;            /* fy / (rho g pi R^2) */
  double phi_out, phi_in; /* contact positions from the downward vertical, rad: the one away from the
                           * plane, the one towards it (NAN where there is none) */
  double theta_out, theta_in; /* the angle the meniscus makes with the cylinder at those contacts, through
                               * the liquid (from cap_force's tangents), rad: the virtual surface's
                               * contact angle as the liquid's surface realises it */
  double z_mid;               /* the surface on the symmetry plane above the level of zero pressure, l_c */
  double fx_walls;            /* off the plane: the same horizontal force from the liquid's momentum balance at rest,
                   * the pressure force on the plane's column less the far wall's (NAN on the plane),
                   * the static limit from the last CYL_MEAN_WINDOW as fx */
  double drift;               /* held: |load(t_end) - load(t_end - 1)| / |load|; free: |zc(t_end) - zc(t_end - 1)|, R */
  int sank;                   /* free: the liquid closed over it or it reached the floor */
  int touched;                /* free_x: it came within 6 cells of the plane (of its image: a gap below 12 cells) */
  double x_end;               /* the centre's distance from the plane at the end, l_c */
  double t_end;               /* the time reached */
} cyl_result;

/* The bath box of these scenes and of capillary_rise, as *sc (exp_scene_alloc): nx x ny cells of side h
 * from the origin, free-slip walls all round, the sides at 90 degrees, the solid (taken over) with the
 * contact angle theta and the force workspace; sigma = rho = g = 1, viscosity nu, stress form, constant
 * extension, reinitialisation every reinit_every steps. Errors: those of exp_scene_alloc. */
int cyl_bath(exp_scene **sc, int nx, int ny, double h, cap_solid *solid, double theta, double nu, int reinit_every);

/* One run (see above); its steps and cells are added to *run. */
int cyl_run_body(exp_ctx *ctx, double cells, const cyl_run *r, cyl_result *out, exp_run *run);

/* The far wall's distance from the centre of a cylinder of radius R at xb on a grid of spacing h: the
 * box of cyl_run_body ends at the first cell face CYL_BATH_REACH or more beyond the cylinder. */
double cyl_wall_distance(double R, double xb, double h);

/* TWO DIFFERENT CYLINDERS in one box (no symmetry plane between them): a on the left, b on the
 * right, of the same radius, each with its own contact angle (one virtual surface, an angle per part
 * of the union a + b) and density, held horizontally and free vertically (a cap_body each, each part
 * moved by its own force, cap_force_on_part, and its faces at its own velocity, bounds.motion[part]).
 * The box: walls at 90 degrees reach[0] l_c beyond a and reach[1] beyond b; the heights and the
 * solver as for one free cylinder above, the far level Y below the lower planned centre. Start: the
 * liquid flat at yl, each body cut by it where a flat surface makes its angle (centre R cos(theta)
 * above yl; a dry column over a wetting body would fall onto its top and close over it: measured,
 * b of cheerios (c) ended under the surface), yl chosen as above. Measured at the end: each body's
 * horizontal and vertical force (cap_force_on_part), its centre height above the level of zero
 * pressure (the bottom row; the mean of the last heave), its contact positions and angles, and the horizontal
 * force a second way, from the liquid's momentum balance at rest: for a, between the left wall's
 * column and column m midway between the bodies, the pressure force of the wall's column less
 * column m's, less sigma (1 - cos psi_m) (the tension at the wall is horizontal, at column m it has
 * the surface's inclination psi_m, from the heights of columns m -+ 1); for b the same between
 * column m and the right wall. The surface at the two walls above the datum, z_w: the walls act as
 * symmetry planes, and a wall's image pulls its body towards it by about rho g z_w^2/2 (the
 * identical pair's law with z_m = z_w). Series history_<tag>.tsv; snapshot <tag>.png if asked, dashed over it the
 * outer menisci of capref_cheerios_2d_unlike (it gives no shape of the inner one). */
typedef struct {
  double bo;         /* Bond number R^2 / l_c^2 of both */
  double theta[2];   /* contact angles of a and b, degrees */
  double density[2]; /* density ratios (> 0) */
  double zc_plan[2]; /* planned centre heights above the far level, R */
  double h_plan[2];  /* planned highest contact of each above the far level, R (for the box's top) */
  double sep;        /* centre distance, l_c */
  double reach[2];   /* the bath beyond a (to the left wall) and beyond b (to the right wall), l_c */
  double nu, t_end;
  int snap;
  char tag[96], label[112];
} cyl_pair_run;

typedef struct {
  double fx[2], fy[2];          /* the liquid's force on a and on b, sigma (per unit length); fx the static
                         * limit from the last CYL_MEAN_WINDOW (exp_damped_limit) */
  double fx_sd[2];              /* the root mean square of fx's samples about that fit, sigma */
  double fx_mom[2];             /* the horizontal forces from the momentum balance, sigma (limits as fx) */
  double zc[2];                 /* centre heights above the level of zero pressure, R */
  double phi_out[2], phi_in[2]; /* contact positions from the downward vertical, rad: away from / towards the other */
  double theta_out[2], theta_in[2]; /* the meniscus's angle with each body there, through the liquid, rad */
  double z_wall[2];                 /* the surface at the left and the right wall above the datum, l_c */
  double drift[2];                  /* |zc(t_end) - zc(t_end - 1)|, R */
  int sank;                         /* one of them sank (the liquid closed over it or it reached the floor) */
  double t_end;
} cyl_pair_result;

int cyl_run_pair(exp_ctx *ctx, double cells, const cyl_pair_run *r, cyl_pair_result *out, exp_run *run);

#endif
