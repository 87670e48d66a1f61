/* cap_ns: the free-surface Navier-Stokes time step with sharp surface tension.
 *
 * A liquid (phi < 0) of density rho, dynamic viscosity mu and surface tension sigma, surrounded by a
 * void at zero pressure (the free-surface model of Wang, Mucha & Turk 2005, Sec. 3, after Enright,
 * Marschner & Fedkiw 2002), on a MAC grid closed by walls or periodic sides. One step of dt:
 *   1. advection:    semi-Lagrangian, RK2 backtrace (cap_advect), of u and v;
 *   2. viscosity:    backward Euler (cap_viscosity), if mu > 0, in one of two forms (viscosity_form):
 *                    STRESS (the default) div(2 mu E) with the volume-fraction weights of Batty &
 *                    Bridson (2008), whose natural boundary condition makes the free surface
 *                    traction-free, so that a potential flow dissipates 2 mu E:E as it must (Lamb's
 *                    damping of an oscillating drop); LAPLACIAN mu lap u per component with the air
 *                    faces as Dirichlet data (the decoupled treatment of Enright et al. 2002), which
 *                    leaves a potential flow undamped in the bulk (an n = 2 drop decays at about a
 *                    quarter of Lamb's rate);
 *   3. body force:   u += dt g on every face (the air faces carry the extended velocity). It comes
 *                    after the viscous step so that gravity, a gradient, is removed exactly by the
 *                    projection: with the force first, the no-slip walls diffuse the uniform dt g
 *                    and a pool at rest starts to flow (measured: 1.7e-3 m/s after 20 steps of a
 *                    24 x 32 pool, against 1e-13 in this order);
 *   4. projection:   lap p = (rho/dt) div u on the liquid cells with the Laplace condition
 *                    p = sigma kappa on the interface (Laplace's law; Wang et al. Eq. 2), placed with
 *                    the second-order ghost-fluid rule of Gibou et al. (2002) (cap_poisson); then
 *                    u -= (dt/rho) grad p on every face next to liquid, with the same ghost values, so
 *                    the discrete divergence of the liquid cells vanishes to the solver tolerance;
 *   5. extension:    the velocity of the faces next to liquid is extended along the normals into
 *                    the air band by fast marching (cap_fmm); faces beyond the band are set to zero.
 *                    extension_order 1 and 2 extend it constant along the normals (first- and
 *                    second-order discretisations), 3 linearly (the normal derivative is extended
 *                    constant and the velocity follows it; cap_fmm, CAP_FMM_LINEAR). A constant
 *                    extension makes an O(h) error in the velocity of the air cells next to the
 *                    interface (h times the normal derivative), and the level set, advected with
 *                    both sides, moves O(h) too slowly: an n = 2 drop oscillated 0.28 % too slowly
 *                    at 51.2 cells and 0.16 % at 102.4 (order 0.8); with the linear extension the
 *                    error is 0.08 % at 51.2 cells and converges at order 2.4, and the viscous decay
 *                    rate is within 1 % of the exact linear theory (experiments/drop_oscillation.c).
 *                    It is not robust where the interface is under-resolved or kinked: a drop with
 *                    a contact angle on a wall blew up at t = 0.3 and a pinching thread at the pinch
 *                    (t = 14.8, rayleigh_plateau at R = 16 cells); such flows keep the constant one.
 *                    The constant first-order extension (the default) commutes exactly with the
 *                    reflections of the grid: a symmetric static drop keeps its symmetry and relaxes
 *                    to 4e-8 at t = 17, which the drop at rest of static_drop relies on;
 *   5b. air band's projection (params.air_projection = 1; off by default): the extended velocity
 *                    made discretely divergence-free on the air cells within the band: lap q = div u
 *                    there, the faces to liquid, to solids and the closed faces held (the projection
 *                    set them), q = 0 beyond the band, then u -= grad q on the band's other faces (a
 *                    second pressure-like solve, on the band's cells only, with the pressure's solver
 *                    handle). Why: the level set is
 *                    moved by cell-centre velocities that mix liquid faces with extended air faces;
 *                    the constant extension drops the normal derivative of the normal velocity, which
 *                    for a divergence-free flow is minus the surface divergence of the tangential
 *                    one, so the interface moves with an O(h) error whose integral round the surface
 *                    does not vanish where the surface ends on a wall: at a moving contact line it
 *                    is h times the contact line's speed, and a spreading drop gains area at first
 *                    order (experiments/young_angles, 16 cells, zero gravity: the drop spreading from
 *                    60 to 30 degrees gained 0.80 % of its area, 0.016 % with the projection; 45
 *                    degrees 0.41 -> 0.049 %, 135 degrees 0.44 -> 0.083 %, 150 degrees 0.66 -> 0.22
 *                    %, radius errors 0.03-0.11 % from 30 to 150 degrees, 0.00-0.33 % without;
 *                    tests/test_ns.c: a drop spreading from 60 to 30 degrees, R0 = 8 and 16 cells, drift
 *                    1.58 and 0.76 % without (order 1.05), 0.21 and 0.020 % with (order 3.4); with
 *                    reinit_keep_area as well, step 6, the drift from 30 to 165 degrees is within
 *                    0.38 % and the radius errors within 0.16 %). It is not yet better everywhere, so
 *                    no experiment enables it by default (young_angles --air-projection 1 [--keep-area
 *                    1] measures it): the drop at 15 degrees (16 cells), one cell
 *                    thick at its contact line, keeps a current of 0.04 sqrt(sigma/R0) circulating
 *                    through its contact cell from t = 8 on, its area growing and its contact line a
 *                    cell beyond the cap's (+3.2 % radius at t = 40; without the projection it comes
 *                    to rest, and at 8 cells with it too; the projection applied only to the copy
 *                    of the velocity that moves phi, not to the momentum, kept the current: a
 *                    scratch trial); on a plane tilted 30 degrees to
 *                    the grid (a staircase of solid cells, 60 degrees, 16 cells) the drift grew from
 *                    1.25 to 1.77 %; capillary_rise --quick at 30 degrees lifted 4.76 % too little at
 *                    8 cells (1.09 % without) and the same at 16 (-0.39 %, -0.41 % without).
 *                    Air pockets that reach no Dirichlet face keep the extended velocity;
 *   6. level set:    phi advected by WENO5 + TVD-RK3 (cap_levelset) with the extended velocity, and
 *                    reinitialised (cap_levelset_reinit) every `reinit_every` steps; with
 *                    params.reinit_keep_area (off by default) phi is then shifted by the constant that
 *                    gives the liquid (the fluid cells' liquid, with solids) back the area or volume
 *                    it had before the reinitialisation (Newton steps on the shift, to 1e-14), or,
 *                    with params.keep_area_target > 0, that measure: the one the liquid had at the
 *                    start, which a closed box conserves, so that the flow's own gain or loss
 *                    between reinitialisations (the constant extension's first-order error at a
 *                    moving contact line, step 5b) is given back too; cap_ns_step_info.area_given
 *                    is each step's correction, whose sum is what the scheme would have drifted by
 *                    (young_angles, 16 cells: the drop spreading to 15 degrees, -2.5 % of its area
 *                    given back, radius error +0.78 % -> +0.045 %; at 165 degrees -0.8 %, +0.64 ->
 *                    -0.03 %). The uniform shift moves a contact point along the wall by the shift
 *                    over sin(theta); while the reinitialisation itself walked contact points along
 *                    walls (cap_levelset.h), the two together ratcheted the drop at 15 degrees back
 *                    (radius -0.94 % at t = 40, -2.69 % at 80, still moving); now the reinitialisation
 *                    puts a wall's contact points back where it found them (cap_levelset.h) and the
 *                    drop stays (t = 80: radius +0.040 %, U = 2.4e-4). The
 *                    reinitialisation should not move the interface, but next to a contact line it
 *                    did, and there it was what moved the contact line (these figures from before the
 *                    thin wedge's reach, cap_vsurf.h, cap_contact_reach, and before the contact points
 *                    were put back; at 165 degrees the area is still gained at rest, 1.62 % by t = 40,
 *                    the cells beside the contact point's moving): a drop on a wall at 165
 *                    degrees (young_angles, 16 cells) at rest from t = 5 keeps a steady current of
 *                    0.007 sqrt(sigma/R0) through its contact cell and gains 2.3e-4 of its area (0.03 %)
 *                    per unit time with a reinitialisation every 10 steps, 1.8e-5 every 100 steps;
 *                    with none its current decays (5e-8 at t = 26) and the area stays, but its
 *                    contact line stays where the retraction from 135 degrees left it (a reinitialisation
 *                    only when | |grad phi| - 1 | > 0.1 next to the interface: 12 in all, the drop stopped
 *                    at 156 degrees). Keeping the area removes that gain (the drop at 165 degrees: area
 *                    drift 1.37 % -> 0.71 %, with the air band's projection 0.24 %), not the creep of
 *                    the contact line, whose pace the reinitialisation interval sets: the drop at 15
 *                    degrees, with both options, every 10, 50, 100, 200 steps: angle 14.29, 14.91,
 *                    14.97, 15.03 at t = 40, the first still spreading (U = 0.02).
 * Reinitialisation is off by default: a drop at rest relaxes to a discrete equilibrium in which the
 * curvature at the crossings is uniform and the spurious velocity decays (D = 25.6 cells, La = 12000,
 * drop centred on a cell corner: U sqrt(D/sigma) = 3e-6 at t = 13 sqrt(rho D^3/sigma) and 5e-11 at
 * t = 39), and every reinitialisation moves phi away from that equilibrium (at t = 2.6: U = 2.8e-4
 * without it, 7.4e-3 with one pseudo-time step per step). WENO5 advection by the small velocities of
 * such flows keeps phi close to a distance function; flows that deform the interface strongly should
 * enable it.
 * A drop placed off the grid's symmetry lines relaxes the same way in its own frame (deviation from
 * its mean velocity 1e-6 at t = 40), but the drop as a whole rattles in the grid: its mean velocity
 * oscillates with amplitude 6e-4 sqrt(sigma/D), undamped because a void exerts no drag.
 * kappa is the curvature of phi at the start of the step (cap_levelset_curvature), interpolated to each
 * interface crossing. Walls are no-slip for viscosity and no-penetration for the projection.
 *
 * Time step (cap_ns_dt): the smallest of
 *   advection   cfl h / max|u|                       (cfl in (0, 1], default 0.5)
 *   capillary   sqrt(rho_avg h^3 / (2 pi sigma)), rho_avg = rho/2 for a liquid against a void
 *               (Brackbill, Kothe & Zemach 1992, J. Comput. Phys. 100, 335, Eq. 61)
 *   viscous     h^2 rho / (4 mu)                     (the explicit diffusion limit; kept as an accuracy
 *                                                    limit although the viscous step is implicit)
 * A fixed dt may be requested; it is rejected (CAP_EDOM, with the limit in the message) if it breaks
 * the capillary limit, which no implicit treatment lifts here.
 *
 * Failure: a non-finite value in u, v, p or phi, or a pressure solve that does not converge, returns
 * an error code whose message names the step, the time and the cell. The step stops there: the state
 * holds a partial update and must not be stepped further (a caller keeps its last good output; the
 * library writes no file).
 *
 * Geometry: planar 2D and axisymmetric (r, z) (x is the radius; the XLO side at r = 0 is the axis):
 * the divergence of a cell ring is (r_{i+1} u_{i+1} - r_i u_i)/(r_c h) + (v_{j+1} - v_j)/h, the
 * pressure operator is cap_poisson's r-weighted one, the curvature carries the azimuthal term
 * (cap_levelset), the radial velocity is odd across the axis and 0 on it. A sphere at rest keeps the
 * Laplace jump 2 sigma/R to 7e-4 at 25.6 cells across (tests/test_ns.c). 3D returns CAP_EGEOM.
 *
 * SOLIDS inside the domain (params.vsurf, cap_vsurf.h): at the start of the step and at every stage
 * of the level-set update, phi in the solid cells is the continuation at the solid's contact angle,
 * so the curvature of the contact cells carries Young's relation. The flow sees the solid cells as
 * neither liquid nor air: no pressure unknown, every face touching one closed in the projection (as
 * a wall of the box) and held at 0 by the viscous step (no slip on the staircase, first order) and
 * after the extension. The liquid is phi < 0 outside the solid cells.
 * MOVING SOLIDS: params.solid_motion[k] gives part k of the solid of vsurf (cap_solid.h, PARTS: a
 * body of a union) a rigid velocity; a single solid is part 0, a union that moves as one sets every
 * part's entry. A face touching a solid cell carries the motion of that cell's part (the low side's
 * where both sides are solid), at the face centre, instead of 0: before the viscous step, which takes
 * them as Dirichlet data (no slip relative to the solid), in the projection, where they are the flux
 * through the staircase (a solid moving into the liquid pushes it away), and after the extension. The
 * caller moves the solid between steps (a new vsurf at the new position, e.g. cap_vsurf_move): a cell
 * that the solid uncovers becomes fluid with the continuation as its phi and the solid's velocity on
 * its faces; a cell it covers becomes solid.
 */
#ifndef CAP_NS_H
#define CAP_NS_H

#include "cap_grid.h"
#include "cap_poisson.h"
#include "cap_vsurf.h"

typedef enum {
  CAP_NS_VISCOSITY_STRESS = 0,   /* cap_viscosity_stress_step (default) */
  CAP_NS_VISCOSITY_LAPLACIAN = 1 /* cap_viscosity_step */
} cap_ns_viscosity_form;

/* A rigid motion: the velocity (u - omega (y - cy), v + omega (x - cx)) at (x, y). */
typedef struct {
  double u, v;    /* translation, m/s */
  double omega;   /* rotation rate, rad/s (counter-clockwise) */
  double cx, cy;  /* centre of the rotation, m */
} cap_ns_rigid;

typedef struct {
  double rho;     /* liquid density, kg/m^3 (> 0) */
  double mu;      /* dynamic viscosity, Pa s (>= 0) */
  double sigma;   /* surface tension, N/m (>= 0) */
  double gx, gy;  /* gravity, m/s^2 */
  double cfl;     /* advective CFL number, 0 < cfl <= 1 */
  double dt_fixed;/* 0: automatic; > 0: this dt (checked against the capillary limit) */
  cap_poisson_method method; /* pressure solver */
  double ptol;    /* relative residual of the pressure solve, 0 < ptol < 1 */
  int pmaxit;     /* iteration cap of the pressure solve */
  double vtol;    /* relative residual of the viscous solves */
  int vmaxit;
  int band;       /* width in cells of the velocity extension band (>= 2) */
  int extension_order; /* velocity extension (step 5): 1, 2 constant along the normals (first-, second-
                        * order discretisation), 3 linear along the normals */
  int reinit_every;      /* reinitialise phi every this many steps (0: never; see below) */
  int reinit_iterations; /* pseudo-time steps of each reinitialisation (>= 1) */
  cap_ns_viscosity_form viscosity_form; /* see step 2 */
  const unsigned char *pinned; /* NULL, or cells (g->size entries, the caller's) where a contact line is
                                * pinned: in the row next to a wall or next to a solid of vsurf, their faces
                                * along the wall or solid are closed for the step (a no-slip patch; the
                                * projection treats them as walls) and their faces into the domain carry no
                                * velocity (cap_wetting_wall_update, cap_wetting_vsurf_update); a cell with
                                * walls or solids across x and across y (a corner) keeps its faces (all
                                * four closed would cut its pressure off) */
  const cap_vsurf *vsurf;      /* NULL, or solids inside the domain with their contact angle (see SOLIDS) */
  cap_ns_rigid solid_motion[CAP_SOLID_MAX_PARTS]; /* the rigid motion of each part of the solid of vsurf
                                                   * (zero: at rest; see MOVING SOLIDS) */
  int air_projection; /* 0 (default) or 1: the extended velocity made divergence-free in the air band
                       * (step 5b) */
  int reinit_keep_area; /* 0 (default) or 1: each reinitialisation gives the liquid back its measure
                         * (step 6) */
  double keep_area_target; /* with reinit_keep_area: 0 (default), the measure the liquid had before the
                            * reinitialisation; > 0, this measure (m^2 planar, m^3 axisymmetric: the
                            * liquid's at the start, a closed box's conservation law; step 6) */
} cap_ns_params;

/* Defaults for everything but the physical constants (rho, mu, sigma, gravity are set to water-like
 * values that the caller is expected to overwrite). */
cap_ns_params cap_ns_params_default(void);

/* Checks every field of p (CAP_EDOM naming the field and its range). */
int cap_ns_params_check(const cap_ns_params *p);

typedef struct {
  cap_grid g;
  double *phi;   /* level set, cells */
  double *u, *v; /* velocity, x- and y-faces */
  double *p;     /* pressure of the last projection, cells (liquid only) */
  double *kappa; /* curvature at the start of the last step, cells */
  double t;      /* time, s */
  long step;     /* steps taken */
} cap_ns_state;

typedef struct cap_ns_ws cap_ns_ws;

/* State on grid g (nghost >= 3; copied), fields zeroed, t = 0. */
int cap_ns_state_alloc(cap_ns_state **out, const cap_grid *g);
void cap_ns_state_free(cap_ns_state *s);

/* Workspace for a state on grid g: every array and solver handle the step needs. */
int cap_ns_ws_alloc(cap_ns_ws **out, const cap_grid *g);
void cap_ns_ws_free(cap_ns_ws *w);

typedef struct {
  double dt;            /* the step chosen */
  double dt_cfl, dt_capillary, dt_viscous; /* the three limits (inf if not active) */
  const char *limiter;  /* "cfl", "capillary", "viscous" or "fixed" */
} cap_ns_dt_info;

/* The time step for the current state (see above). */
int cap_ns_dt(const cap_ns_state *s, const cap_ns_params *p, cap_ns_dt_info *info);

/* The step to take from time t towards t_end when the step allowed is dt (cap_ns_dt's): dt while
 * t_end is two steps away or more, then what is left in one step (at most dt) or two equal ones, so
 * that no step is shorter than half the one allowed; *step = 0 once t is within 1e-6 dt of t_end (the
 * caller stops there). A run that steps min(dt, t_end - t) instead ends on whatever is left, and the
 * projection divides the previous step's divergence residual by that last step, so the pressure at
 * the end, where experiments measure, carries an error as many times larger as the step is shorter
 * (measured: cheerios, a cylinder held at R = 8 cells, t landed a few ulps short of t_end and a last
 * step of about 1e-14 put the force on it at 1030 times its weight; floating_density --quick, a last
 * step 1/26 of the one allowed put the free cylinder's depth 1.16 % off, 0.55 % with this).
 * CAP_EDOM for dt not finite and > 0 or t, t_end not finite. */
int cap_ns_dt_until(double dt, double t, double t_end, double *step);


typedef struct {
  double dt;            /* the step taken */
  cap_poisson_status pressure;
  int viscous_iterations;
  double max_speed;     /* max |u|, |v| over faces next to liquid after the step */
  double area_given;    /* with reinit_keep_area, the measure the step's reinitialisation and shift gave
                         * the liquid (after less before; m^2 or m^3; 0 without a reinitialisation) */
  double div_max;       /* max |div u| (1/s) over the liquid cells after the projection */
  /* wall-clock seconds of the phases (CLOCK_MONOTONIC) */
  double t_advect;      /* velocity advection */
  double t_viscous;     /* implicit viscosity */
  double t_project;     /* curvature, body force, pressure assembly and solve, velocity update */
  double t_extend;      /* velocity extension */
  double t_levelset;    /* level-set advection and reinitialisation */
} cap_ns_step_info;

/* One step of dt > 0 (see above). On failure the error message names the step number, the time and
 * the cell. */
int cap_ns_step(cap_ns_state *s, const cap_ns_params *p, cap_ns_ws *w, double dt, cap_ns_step_info *info);

/* One step of a run to t_end: cap_ns_dt's step cut by cap_ns_dt_until, then cap_ns_step (info may be
 * NULL); *done = 1 and no step once t is at t_end. A run to t_end:
 *     for (int done = 0; !st && !done;) st = cap_ns_step_until(s, p, w, t_end, &info, &done);
 * Errors: those of cap_ns_dt, cap_ns_dt_until and cap_ns_step; CAP_EINVAL for a NULL done. */
int cap_ns_step_until(cap_ns_state *s, const cap_ns_params *p, cap_ns_ws *w, double t_end, cap_ns_step_info *info,
                      int *done);

#endif
