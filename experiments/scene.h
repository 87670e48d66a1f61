/* The scene of an experiment: one object that owns the grid, its boundaries, the solid inside the
 * domain, the solver's state, workspace and parameters, made by one call and freed by one call, and
 * the one loop that runs it to an end time with sampling hooks, progress and a series.
 *
 * Ownership: exp_scene_alloc builds the grid of the spec and its contact angles (sc->ct, with the
 * per-position wall angles if asked), takes over spec->solid (freed with the scene, also when the
 * allocation fails) and allocates the virtual surface of that solid, the state, the workspace, room
 * for the interface's crossings (and a work field with a solid) and, if asked, the force workspace
 * and the pinned-cell mask. Everything is released by
 * exp_scene_free (NULL accepted). Nothing is allocated while the scene runs.
 *
 * Conventions: the experiment's units (the solver is SI-agnostic); angles in radians; the level set
 * is liquid where phi < 0. The fields are the state's (sc->s->phi, u, v, p, kappa); sc->g is the
 * grid as the scene made it (sc->s->g is the state's copy of it). sc->p starts as cap_ns_params_default(),
 * the state's bounds.contact, bounds.vsurf and bounds.pinned are the scene's; the experiment sets the physics before
 * running and may change sc->p and the bounds between steps (a ramped gravity, a moving solid's velocity).
 *
 * The run loop (exp_scene_run), for one exp_loop L:
 *     sc->info = {0}; sc->t_end = L.t_end; sc->stop = 0
 *     L.at_start: L.after(sc, L.user), L.row into L.series (without the clock)
 *     while t < sc->t_end and not sc->stop:
 *         L.before(sc, L.user)                       (if set; sc->stop set: the run ends, no step)
 *         cap_ns_step_until(s, &sc->p, w, sc->t_end, &sc->info, &done); done: the run ends
 *         sc->given += sc->info.area_given
 *         L.after(sc, L.user)                        (if set)
 *         L.row(sc, L.user, row) into L.series       (if set and L.clock is due at t; without L.row,
 *                                                     the row (t, *L.value) if L.value is set)
 *         exp_progress(ctx, L.label, t, sc->t_end, steps)   (if ctx); a checkpoint if one is due
 * CHECKPOINTS (checkpoint.h). A scene run's image holds the scene's running state (the cap_state visits
 * of the flow, the angles, the solid and its virtual surface; sc->p, info, given, t_end, stop, the
 * pinned cells), L.keep, L.records, L.frames, the clock and every series open (exp_tsv). A run that the
 * checkpoint resumed from holds is restored from it: finished, instead of running; interrupted, then
 * continued. Hook state that outlives a step outside L.keep, L.records and L.frames would break the
 * resumption: tests/test_resume.sh kills and resumes every experiment to find any.
 * A hook returns a cap_errno status (nonzero ends the run with it); it may move sc->t_end (a run
 * that stops a while after an event) and set sc->stop (a run that ends on an event). The loop only
 * steps, samples and reports: what is measured is the hooks' (measure.h).
 */
#ifndef EXP_SCENE_H
#define EXP_SCENE_H

#include "../solver/cap_force.h"
#include "../solver/cap_ns.h"
#include "../solver/cap_solid.h"
#include "../solver/cap_vsurf.h"
#include "harness.h"
#include "measure.h"

/* What exp_scene_alloc builds. Zero-initialise it and set what differs (designated initialisers). */
typedef struct {
  cap_geometry geom;    /* CAP_GEOM_PLANAR, CAP_GEOM_AXI (the axis at x = 0 when x0 = 0) or CAP_GEOM_3D */
  int nx, ny, nz;       /* interior cells (nz: 3D only) */
  double h, x0, y0, z0; /* cell size and the lower corner of the interior (z0: 3D only) */
  cap_bc bc[6];         /* per side (CAP_XLO, CAP_XHI, CAP_YLO, CAP_YHI, CAP_ZLO, CAP_ZHI); CAP_BC_WALL (0)
                         * keeps the side as cap_grid_init makes it (a wall, or the axis of an AXI grid) */
  double angle[6];      /* per side: the static contact angle of a WALL or SLIP side, rad; 0: none (3D:
                         * pi/2 only, a symmetry plane) */
  unsigned varying;     /* sides (bits 1 << side) whose angle varies along them: the scene makes their
                        * per-position angles in sc->ct (cap_contact_wall_angles, filled with angle[side]) */
  cap_solid *solid;     /* a solid inside the domain, taken over by the scene; NULL: none */
  double solid_angle;   /* its contact angle, rad */
  int force;            /* 1: allocate sc->fw, the workspace of cap_force on the solid */
  int pinned;           /* 1: allocate sc->pinned (g.size cells, zero), the mask of bounds.pinned */
} exp_scene_spec;

typedef struct {
  cap_grid g;       /* the grid with its boundaries */
  cap_contact *ct;  /* every contact angle: the walls' (spec.angle, spec.varying) and the solid's */
  cap_solid *solid; /* NULL or the solid inside the domain */
  cap_vsurf *vs;    /* its virtual surface (NULL without a solid) */
  cap_ns_state *s;  /* the flow: phi, u, v, p, kappa, t, step */
  cap_ns_ws *w;
  cap_ns_params p;       /* the solver's parameters (see above) */
  cap_force_ws *fw;      /* spec.force: the force workspace; else NULL */
  unsigned char *pinned; /* spec.pinned: the pinned-cell mask; else NULL */
  double *work;          /* with a solid: a field for exp_scene_liquid; else NULL */
  exp_crossing *cross;   /* the crossings of exp_scene_crossings, room for cross_cap */
  int cross_cap;
  cap_ns_step_info info; /* the last step's figures (zeroed at the start of each run) */
  double given;          /* the sum of info.area_given over every step the scene took: the measure the
                            * reinitialisations gave the liquid, net (params.reinit_keep_area) */
  double t_end;          /* the running loop's end time; a hook may move it */
  int stop;              /* set by a hook: the running loop ends */
} exp_scene;

/* Builds the scene of spec (see above) into *out. Errors: those of cap_grid_init, cap_grid_set_bc,
 * cap_contact_alloc, cap_contact_set_wall, cap_contact_wall_angles, cap_contact_set_solid,
 * cap_vsurf_alloc, cap_ns_state_alloc, cap_ns_ws_alloc, cap_force_ws_alloc; CAP_ENOMEM. On failure *out
 * is NULL and spec->solid has been freed. */
int exp_scene_alloc(exp_scene **out, const exp_scene_spec *spec);
void exp_scene_free(exp_scene *sc);

/* phi = the signed distance to the circle of centre (xc, yc) and radius r (liquid inside) at every
 * interior cell centre: hypot(x - xc, y - yc) - r. */
void exp_scene_circle(exp_scene *sc, double xc, double yc, double r);

/* The liquid and its gravity, by field name so that no two values can be swapped unseen: density
 * rho, surface tension sigma, dynamic viscosity mu, gravity (gx, gy, gz; gz in 3D only); a field left out
 * is 0. */
typedef struct {
  double rho, sigma, mu, gx, gy, gz;
} exp_fluid;

/* Sets the fluid of sc->p. */
void exp_scene_fluid(exp_scene *sc, exp_fluid f);

/* Sets phi(x, y) = f(x, y, user) at every interior cell centre (ghosts are the level set's); 2D. */
void exp_scene_set_phi(exp_scene *sc, double (*f)(double x, double y, const void *user), const void *user);

/* 3D: phi = the signed distance to the sphere of centre (xc, yc, zc) and radius r (liquid inside) at
 * every interior cell centre. */
void exp_scene_sphere(exp_scene *sc, double xc, double yc, double zc, double r);

/* Reinitialises phi to a signed distance (cap_levelset_reinit, that many pseudo-time steps), with a
 * level-set workspace of its own. Errors: cap_levelset_reinit's; CAP_ENOMEM. */
int exp_scene_reinit(exp_scene *sc, int iterations);

/* A sampling schedule: due at the first time t >= next; then next moves on by `every` from that
 * time (grid = 0) or from the previous mark (grid = 1: samples on the marks t0 + k every). */
typedef struct {
  double next, every;
  int grid;
} exp_clock;

/* 1 if the clock is due at t (and moves it on), else 0. */
int exp_clock_due(exp_clock *c, double t);

/* A sequence of snapshots of a scene's phi, taken while it runs and drawn as one image. */
typedef struct {
  double *phi[EXP_MAX_FRAMES]; /* the frames taken first (n of them) */
  double t[EXP_MAX_FRAMES];    /* their times */
  int n, cap;                  /* taken, room */
} exp_frames;

/* A block of a hook's running state (a sum, the last contact points, a body), kept by checkpoints. */
typedef struct {
  void *data;
  size_t size;
} exp_keep;
#define EXP_MAX_KEEP 8
/* The block of the object x (a variable, a member, an array). */
#define EXP_KEEP(x) ((exp_keep){&(x), sizeof(x)})

typedef struct exp_loop {
  const char *label;                        /* the progress label */
  double t_end;                             /* the run's end time */
  int (*before)(exp_scene *sc, void *user); /* before each step; NULL: none */
  int (*after)(exp_scene *sc, void *user);  /* after each step taken; NULL: none */
  void *user;                               /* passed to the hooks */
  cap_tsv *series; /* NULL, or the series a row is written to whenever clock is due after a step */
  int (*row)(const exp_scene *sc, void *user, double *row); /* fills a row, returns its columns (<= 16) */
  const double *value;                                      /* without row: the row is (t, *value) */
  exp_clock clock;
  int at_start; /* 1: after and the row (whatever the clock) run once more at the start, before the
                        * first step: the run's first sample */
  /* What the hooks change that a checkpoint must keep (CHECKPOINTS above): each block of their state
   * that outlives a step, up to the first with data NULL (pointers the hooks' caller sets before the
   * run, such as a series or the parameters, are not blocks); their sampled series; and the sequence
   * they take, if any. */
  exp_keep keep[EXP_MAX_KEEP];
  exp_record *records[EXP_MAX_KEEP]; /* the hooks' sampled series (measure.h), up to the first NULL */
  exp_frames *frames;
  int keep_lost; /* set by exp_loop_keep when keep is full: exp_scene_run refuses the loop (CAP_EINVAL) */
} exp_loop;

/* Appends the n blocks k[] to L->keep after those it holds (more than EXP_MAX_KEEP in all: none
 * appended, L->keep_lost set). EXP_KEEP_ADD(&L, EXP_KEEP(a), EXP_KEEP(b), ...) lists them in place. */
void exp_loop_keep(exp_loop *L, const exp_keep *k, size_t n);
#define EXP_KEEP_ADD(L, ...)                                                                                           \
  exp_loop_keep((L), (const exp_keep[]){__VA_ARGS__}, sizeof((const exp_keep[]){__VA_ARGS__}) / sizeof(exp_keep))

/* Runs sc from its time to L->t_end (see above); ctx NULL: no progress (a test). Returns the first
 * nonzero status of a step or a hook (the step's message names the step, time and cell) or
 * CAP_SUCCESS. The series stays open. */
int exp_scene_run(exp_ctx *ctx, exp_scene *sc, const exp_loop *L);

/* The interface crossings of the scene's phi (exp_crossings, with the curvature s->kappa if
 * with_kappa, the solid's cells skipped) into sc->cross, their number in *n. Errors: exp_crossings'. */
int exp_scene_crossings(exp_scene *sc, int with_kappa, int *n);

/* The liquid's measure (area planar, volume AXI and 3D): cap_levelset_liquid_measure of phi, or with a solid
 * that of the fluid cells (cap_levelset_fluid_measure: the continuation inside the solid is not
 * liquid). Errors: theirs. */
int exp_scene_liquid(exp_scene *sc, double *measure);

/* Adds the scene's run to a resolution's accounting (exp_run_add: h, steps, time, cells). */
void exp_scene_account(const exp_scene *sc, exp_run *run);

/* A snapshot <file> (STEM.png, STEM at most 151 characters) of phi in the output folder at the scene's
 * time: exp_snapshot (the liquid and the solid shaded, the interface as phi's zero contour, axes and
 * time; its data, with the solid's distance sampled at the cell centres, in STEM.dat; mirrored across
 * the axis of an axisymmetric scene on the axis); without gnuplot, the diverging map over
 * [-range, range] with its zero contour, scale pixels per cell, the solid's cells in grey
 * (exp_png_with_solid). Errors: those of exp_snapshot, cap_solid_sample and cap_io_png_field;
 * CAP_ENOMEM. */
int exp_scene_png(exp_ctx *ctx, const exp_scene *sc, const char *file, double range, int scale);

/* ---- closing a run; frame sequences ---- */

/* Ends a run of the scene: exp_scene_account into run (NULL: none), then exp_scene_free (sc NULL accepted). */
void exp_scene_close(exp_scene *sc, exp_run *run);

/* Room for cap (<= EXP_MAX_FRAMES) frames of the scene's grid, the first taken at once (the scene's
 * phi as it is: a sequence starts at the start); zero-initialise *f first. CAP_ENOMEM (what was
 * allocated stays for exp_frames_free); CAP_EDOM for cap out of range. */
int exp_frames_alloc(exp_frames *f, const exp_scene *sc, int cap);
/* Copies the scene's phi (every cell, ghosts too) into the next frame; nothing when all are taken. */
void exp_frames_take(exp_frames *f, const exp_scene *sc);
void exp_frames_free(exp_frames *f);
/* The frames taken as one PNG (STEM.png) in the output folder, named printf-style from fmt:
 * exp_snapshot of the frames with the solid's distance, panels in a row (or a column) with their
 * times, mirrored across the left side when it is the axis of an AXI grid at x0 = 0 (data in
 * STEM.dat). Without gnuplot: each frame's plane (mirrored across the axis: y across, x from -x_max
 * to x_max upwards; else y across, x upwards), the frames stacked from the first (top) down with one
 * grey row between them; the diverging map over [-range, range] with phi's zero contour, scale
 * pixels per cell. Errors: those of exp_snapshot, cap_solid_sample, cap_grid_init and
 * cap_io_png_field; CAP_EINVAL for a name over 127 characters; CAP_ENOMEM. */
int exp_frames_png(exp_ctx *ctx, const exp_frames *f, const exp_scene *sc, double range, int scale, const char *fmt,
                   ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 6, 7)))
#endif
    ;

/* ---- baths ---- */

/* A flat liquid surface at the height *(const double *)level, liquid below: phi = y - level (for
 * exp_scene_set_phi). */
double exp_flat_phi(double x, double y, const void *level);

/* ---- drops on walls and solids ---- */

/* Sets spec's grid to the box [x0, x1] x [y0, y1] at `cells` cells per unit length: h = 1 / cells, the lower
 * corner (x0, y0), nx = ceil((x1 - x0) cells) and ny = ceil((y1 - y0) cells) (the far sides rounded outwards). */
void exp_spec_box(exp_scene_spec *spec, double cells, double x0, double y0, double x1, double y1);

/* Sets spec's grid (exp_spec_box) to the smallest box that holds the rectangle t0 <= t <= t1, n0 <= n <= n1 in
 * the frame of a line through the origin with unit normal (nx, ny): the point (t, n) of that frame (t along the
 * line, n along the normal) is at x = t ny + n nx, y = -t nx + n ny. */
void exp_spec_box_rotated(exp_scene_spec *spec, double cells, double t0, double t1, double n0, double n1, double nx,
                          double ny);

/* The box of a drop on the floor of spec->geom with its centre line on the side x = 0 (planar: a symmetry plane,
 * free slip at 90 degrees; AXI: the axis) and, 3D, its axis on the edge x = y = 0 (y = 0 a symmetry plane too: the
 * quarter drop): at R0/h = cells, x (3D: and y) from 0 to width, the height (y; 3D: z) from 0 to top; every other
 * side free slip without an angle but the floor (y = 0; 3D: z = 0), at the contact angle theta. */
void exp_spec_floor_box(exp_scene_spec *spec, double cells, double width, double top, double theta);

/* The reference shape of a drop of liquid measure `measure` (area planar, volume AXI and 3D) at rest on a floor at
 * the contact angle theta, in the units sigma = rho = 1: the cap of that measure (capref_statics_cap) and, if bond >
 * 0, the sessile drop at the Bond number bond (capref_statics_sessile): R the cap's radius, h and a the apex height
 * and the contact half-width (radius) of the cap or of the sessile drop, widest its widest half-width. */
typedef struct {
  double R, h, a, widest;
} exp_floor_ref;
int exp_floor_drop_ref(cap_geometry geom, double theta, double measure, double bond, exp_floor_ref *r);

/* n points (x[k], z[k]) of the meridian of that sessile drop, from the apex to the contact line (x from the axis, z
 * the height above the floor; capref_statics_sessile_profile, h the apex height). Errors: theirs; CAP_EDOM unless
 * 2 <= n <= 1024. */
int exp_sessile_points(cap_geometry geom, double theta, double measure, double bond, double h, int n, double *x,
                       double *z);

/* A drop sitting on the bottom wall (y = 0) of a box: builds the scene of spec (exp_scene_alloc) and sets phi to
 * the circular (planar) or spherical (AXI: on the axis, xc = 0) cap of liquid measure `measure` (area planar,
 * volume AXI and 3D) that meets the wall at angle theta (capref_statics_cap): the circle of the cap's radius R
 * centred at (xc, -R cos(theta)) (exp_scene_circle); 3D: the sphere on the floor z = 0 centred at (xc, 0, -R
 * cos(theta)) (exp_scene_sphere). Errors: those of exp_scene_alloc and capref_statics_cap; on failure *sc
 * is NULL and spec->solid has been freed. */
int exp_scene_wall_drop(exp_scene **sc, const exp_scene_spec *spec, double theta, double measure, double xc);

/* The solver of a drop with a moving contact line, in the units sigma = rho = 1: mu = sqrt(1 / la) (the Laplace
 * number la = sigma rho R0 / mu^2), gravity (gx, gy), the velocity extended constant along the normals
 * (extension_order 1) and the level set reinitialised every 10 steps. */
void exp_scene_contact_line_solver(exp_scene *sc, double la, double gx, double gy);

/* The circle fitted to a drop's interface (exp_scene_drop_fit); what was not measured is NAN. */
typedef struct {
  int n;                   /* the crossings, in sc->cross */
  double xc, yc, R;        /* the circle's centre and radius */
  double apex, half_width; /* mirror: the apex height and the contact half-width (3D: contact radius) */
  double zc;               /* 3D: the sphere's centre height (xc, yc, zc; R its radius) */
} exp_drop_fit;

/* Fits the scene's drop: fills phi's ghosts (cap_levelset_fill_ghosts) and takes the interface's crossings
 * (exp_scene_crossings, no curvature); then, if mirror (a half drop on the bottom wall y = 0 with its centre line
 * on the side x = 0), the apex height and half-width (exp_drop_apex_foot) and the circle fitted to the crossings
 * and their mirror images, else the circle fitted to the crossings (exp_circle_fit). 3D: the same with the sphere
 * (exp_sphere_fit), mirror a quarter drop on the floor z = 0 with the symmetry planes x = 0 and y = 0 (the apex
 * height and contact radius of exp_drop_apex_foot3, the crossings mirrored in x and y). Errors: theirs. */
int exp_scene_drop_fit(exp_scene *sc, int mirror, exp_drop_fit *f);

/* A whole drop on a solid half-plane through the origin whose unit normal (nx, ny) points into the fluid (planar,
 * free-slip sides, the solid's contact angle theta): the box holds the rectangle |t| <= W, -0.4 <= n <= T of the
 * plane's frame (exp_spec_box_rotated), W the widest half-width plus 1 and T the height (at least 1) plus 0.6 of
 * the cap of area pi/2 at theta (capref_statics_cap; its radius in *R); phi the unit circle centred at the origin
 * (the drop starts as the unit half-disc). Errors: those of capref_statics_cap, cap_solid_halfplane_alloc and
 * exp_scene_alloc. */
int exp_scene_plane_drop(exp_scene **sc, double cells, double nx, double ny, double theta, double *R);

/* A whole drop on a solid disc of radius Rs at the origin (planar, free-slip sides, contact angle theta): phi the
 * unit circle centred at (0, Rs), whose liquid area outside the disc the caller gives as area; the box [-x1, x1] x
 * [-0.5, y1], x1 = max(R, 1) + 1 and y1 = max(D + R, Rs + 1) + 0.7 for the drop of that area at rest on the disc
 * (capref_statics_cap_on_disc: radius R, in *R, its centre at the distance D from the disc's). Errors: those of
 * capref_statics_cap_on_disc, cap_solid_disc_alloc and exp_scene_alloc. */
int exp_scene_disc_drop(exp_scene **sc, double cells, double Rs, double area, double theta, double *R);

/* phi at every interior cell centre for a drop of mode n about (xc, yc) (3D: (xc, yc, zc); zc unused in 2D), liquid
 * inside: the boundary r_b(theta) = R (1 + eps cos(n theta)) (planar, theta from the x axis) or R (1 + eps
 * P_n(cos theta)) (AXI, theta from the axis; 3D, theta from the z axis; exp_legendre), phi = (r - r_b) / sqrt(1 +
 * (r_b' / max(r, h))^2), r_b' by central differences over +-1e-6: a distance to first order (exp_scene_reinit
 * makes it one). */
void exp_scene_mode_drop(exp_scene *sc, double xc, double yc, double zc, double R, double eps, int n);

#endif
