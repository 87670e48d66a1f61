/* cap_ns: the free-surface Navier-Stokes time step with sharp surface tension.
 *
 * OWNS. One step of dt for a liquid (phi < 0) of density rho, dynamic viscosity mu and surface tension
 * sigma against a void at zero pressure (the free-surface model of Wang, Mucha & Turk 2005, Sec. 3,
 * after Enright, Marschner & Fedkiw 2002), on a MAC grid (cap_grid) closed by walls, open or periodic
 * sides; the time-step limits (cap_ns_dt); blow-up detection. The step, in this order:
 *   1. advection    u, v semi-Lagrangian, RK2 backtrace (cap_advect);
 *   2. viscosity    if mu > 0, backward Euler (cap_viscosity) in the form params.viscosity_form:
 *                   STRESS (default) div(2 mu E), Batty & Bridson 2008, traction-free surface;
 *                   LAPLACIAN mu lap u per component, air faces as Dirichlet data (Enright et al.);
 *   3. body force   u += dt g on every face (air faces carry the extended velocity);
 *   4. projection   lap p = (rho/dt) div u on the liquid cells with p = sigma kappa at the interface
 *                   (Laplace's law; Wang et al. Eq. 2) by the ghost-fluid rule of Gibou et al. 2002
 *                   (cap_poisson), then u -= (dt/rho) grad p on every face next to liquid with the same
 *                   ghost values: the liquid cells' discrete divergence vanishes to the solver tolerance;
 *   5. extension    the faces next to liquid extended along the normals into the air band by fast
 *                   marching (cap_fmm): extension_order 1, 2 constant (first-, second-order
 *                   discretisation), 3 linear (Aslam 2004, CAP_FMM_LINEAR); faces beyond the band = 0;
 *   5b. air band    (params.air_projection) lap q = div u on the band's air cells, faces to liquid,
 *                   solids and closed faces held, q = 0 beyond the band, then u -= grad q on the band's
 *                   other faces (the pressure's solver handle); pockets reaching no Dirichlet face keep
 *                   the extended velocity;
 *   6. level set    phi advected by WENO5 + TVD-RK3 (cap_levelset) on its band (levelset_band), and
 *                   reinitialised there every reinit_every steps (0: never, the default); with reinit_keep_area then
 *                   shifted by the constant (Newton to 1e-14, steps <= h/4, shift <= h, the best kept) that restores
 *                   the liquid's measure (fluid cells with solids, cap_levelset_fluid_measure): the one before the
 *                   reinitialisation, or keep_area_target > 0.
 * kappa is the curvature of phi at the start of the step (cap_levelset_curvature[4], curvature_order),
 * interpolated to each crossing; one callback gives sigma kappa to the pressure matrix and the velocity update.
 *
 * CONVENTIONS. SI units. Fields on the grid of the state: phi, p, kappa at cells, u, v, w at x-, y-, z-faces.
 * Walls are no slip for viscosity (SLIP: free slip) and no penetration for the projection.
 * AXI (x = r, the XLO side at r = 0 the axis): div u = (r_{i+1} u_{i+1} - r_i u_i)/(r_c h) + (v_{j+1} -
 * v_j)/h, cap_poisson's r-weighted operator, the curvature with its azimuthal term, u_r odd across the
 * axis and 0 on it. Validity: planar 2D, AXI and 3D (every operator, the walls' angles; no solids, pinned
 * cells or air projection yet: CAP_EGEOM). Contact angles, solids and pinned cells: the bounds (below).
 * FAILURE. A non-finite u, v, p or phi (each checked on entry and once the step made it), or a pressure solve that does not converge, returns an error
 * whose message names the step, the time and the cell; the state then holds a partial update and must
 * not be stepped further. Rationale and measurements: docs/design/time-step.md.
 */
#ifndef CAP_NS_H
#define CAP_NS_H

#include "cap_contact.h"
#include "cap_grid.h"
#include "cap_poisson.h"
#include "cap_vsurf.h"

typedef enum {
  CAP_NS_VISCOSITY_STRESS = 0,   /* cap_viscosity_stress_step (default) */
  CAP_NS_VISCOSITY_LAPLACIAN = 1 /* cap_viscosity_step */
} cap_ns_viscosity_form;

/* A rigid motion: the velocity (u - omega (y - cy), v + omega (x - cx)) at (x, y). */
typedef struct {
  double u, v;   /* translation, m/s */
  double omega;  /* rotation rate, rad/s (counter-clockwise) */
  double cx, cy; /* centre of the rotation, m */
} cap_ns_rigid;

/* SOLIDS inside the domain (bounds.vsurf, cap_vsurf.h): at the start of the step and at every stage of
 * the level-set update, phi in the solid cells is the continuation at the solid's contact angle
 * (bounds.contact), so the curvature of the contact cells carries Young's relation. The flow sees solid
 * cells as neither liquid nor air: no pressure unknown, every face touching one closed in the
 * projection (as a wall of the box) and held at the solid's velocity (0 at rest) by the viscous step
 * (no slip on the staircase, first order) and after the extension.
 * The liquid is phi < 0 outside the solid cells.
 * MOVING SOLIDS: bounds.motion[k] is the rigid velocity of part k of the solid of bounds.vsurf
 * (cap_solid.h, PARTS; a single solid is part 0; a union moving as one sets every part's entry). A face
 * touching a solid cell carries the motion of that cell's part (the low side's where both sides are
 * solid), at the face centre: before the viscous step (Dirichlet data), in the projection (the flux
 * through the staircase) and after the extension. The caller moves the solid between steps (e.g.
 * cap_vsurf_move): a cell the solid uncovers becomes fluid with the continuation as its phi and the
 * solid's velocity on its faces; a cell it covers becomes solid. */
typedef struct {
  double rho;                /* liquid density, kg/m^3 (> 0) */
  double mu;                 /* dynamic viscosity, Pa s (>= 0) */
  double sigma;              /* surface tension, N/m (>= 0) */
  double gx, gy, gz;         /* gravity, m/s^2 (gz: 3D grids only, 0 in 2D) */
  double cfl;                /* advective CFL number, 0 < cfl <= 1 */
  double dt_fixed;           /* 0: automatic; > 0: this dt (checked against the capillary limit) */
  cap_poisson_method method; /* pressure solver */
  double ptol;               /* relative residual of the pressure solve, 0 < ptol < 1 */
  int pmaxit;                /* iteration cap of the pressure solve */
  double vtol;               /* relative residual of the viscous solves */
  int vmaxit;
  int band;                             /* width in cells of the velocity extension band (>= 2) */
  int levelset_band;                    /* the level set's band: advected and reinitialised on the cells
                                         * with |phi| < B h, the others clamped to sign(phi) B h
                                         * (cap_levelset_ws_set_band; default CAP_LEVELSET_BAND); 0: on
                                         * every cell */
  int extension_order;                  /* velocity extension (step 5): 1, 2 constant along the normals (first-, second-
                        * order discretisation), 3 linear along the normals */
  int reinit_every;                     /* reinitialise phi every this many steps (0: never; step 6) */
  int reinit_iterations;                /* pseudo-time steps of each reinitialisation (>= 1) */
  cap_ns_viscosity_form viscosity_form; /* see step 2 */
  int air_projection;                   /* 0 (default) or 1: the extended velocity made divergence-free in
                                         * the air band (step 5b) */
  int reinit_keep_area;                 /* 0 (default) or 1: each reinitialisation gives the liquid back its
                                         * measure (step 6) */
  double keep_area_target;              /* with reinit_keep_area: 0 (default), the measure the liquid had
                                         * before the reinitialisation; > 0, this measure (m^2 planar, m^3
                                         * axisymmetric: the liquid's at the start, a closed box's
                                         * conservation law; step 6) */
  int curvature_order;                  /* 2 (default): kappa by cap_levelset_curvature; 4: by
                                         * cap_levelset_curvature4 (fourth-order differences, nghost >= 2) */
} cap_ns_params;

/* Defaults for everything but the physical constants (rho, mu, sigma, gravity are set to water-like
 * values that the caller is expected to overwrite). */
cap_ns_params cap_ns_params_default(void);

/* Checks every field of p (CAP_EINVAL for NULL, CAP_EDOM naming the field and its range). */
int cap_ns_params_check(const cap_ns_params *p);

/* The boundaries inside the domain that the step honours: the caller's, read at every step. The step
 * rejects a motion with a non-finite field (CAP_EDOM naming it, e.g. bounds.motion[0].u). */
typedef struct {
  const cap_contact *contact;  /* NULL (no contact angle anywhere), or every contact angle: the walls' and
                                * the solids' (cap_contact.h); the level set and the continuation read it */
  const cap_vsurf *vsurf;      /* NULL, or the solids inside the domain (see SOLIDS; their angles: contact) */
  const unsigned char *pinned; /* NULL, or cells (g->size entries) where a contact line is pinned: in the row
                                * next to a wall or next to a solid of vsurf, their faces along the wall or
                                * solid are closed for the step (a no-slip patch; the projection treats them
                                * as walls) and their faces into the domain carry no velocity
                                * (cap_wetting_wall_update, cap_wetting_vsurf_update); a cell with walls or
                                * solids across x and across y (a corner) keeps its faces (all four closed
                                * would cut its pressure off) */
  cap_ns_rigid motion[CAP_SOLID_MAX_PARTS]; /* the rigid motion of each part of the solid of vsurf (zero: at
                                             * rest; see MOVING SOLIDS) */
} cap_ns_bounds;

typedef struct {
  cap_grid g;
  double *phi;          /* level set, cells */
  double *u, *v, *w;    /* velocity, x-, y- and z-faces (w: 3D grids only, NULL in 2D) */
  double *p;            /* pressure of the last projection, cells (liquid only) */
  double *kappa;        /* curvature at the start of the last step, cells */
  double t;             /* time, s */
  long step;            /* steps taken */
  cap_ns_bounds bounds; /* the contact angles, the solids, their motion, the pinned cells (zero: none) */
} cap_ns_state;

typedef struct cap_ns_ws cap_ns_ws;

/* State on grid g (nghost >= 3; copied), fields and bounds zeroed, t = 0. */
int cap_ns_state_alloc(cap_ns_state **out, const cap_grid *g);
void cap_ns_state_free(cap_ns_state *s);
/* Visits s's running state (cap_state.h): "ns.phi", "ns.u", "ns.v", ("ns.w" in 3D), "ns.p", "ns.kappa" (g.size
 * entries each), "ns.t", "ns.step" and "ns.motion" (bounds.motion); the bounds' pointers are the
 * caller's and not visited. Returns f's first nonzero status, or CAP_EINVAL for a NULL s or f. */
int cap_ns_state_visit(cap_ns_state *s, cap_state_fn f, void *user);

/* Workspace for a state on grid g: every array and solver handle the step needs. */
int cap_ns_ws_alloc(cap_ns_ws **out, const cap_grid *g);
void cap_ns_ws_free(cap_ns_ws *w);

typedef struct {
  double dt;                               /* the step chosen */
  double dt_cfl, dt_capillary, dt_viscous; /* the three limits (inf if not active) */
  const char *limiter;                     /* "cfl", "capillary", "viscous" or "fixed" */
} cap_ns_dt_info;

/* The time step for the current state: the smallest of
 *   advection   cfl h / max|u|
 *   capillary   sqrt(rho_avg h^3 / (2 pi sigma)), rho_avg = rho/2 for a liquid against a void
 *               (Brackbill, Kothe & Zemach 1992, J. Comput. Phys. 100, 335, Eq. 61)
 *   viscous     h^2 rho / (4 mu) (the explicit diffusion limit, kept as an accuracy limit)
 * or p->dt_fixed, which is rejected with CAP_EDOM (the limit in the message) if it breaks the
 * capillary limit. info receives the step, the three limits (inf if not active) and the limiter.
 * Errors: CAP_EINVAL (NULL s or info), cap_ns_params_check's, CAP_EDOM (no limit applies: no flow, no
 * surface tension, no viscosity and no dt_fixed). */
int cap_ns_dt(const cap_ns_state *s, const cap_ns_params *p, cap_ns_dt_info *info);

/* The step to take from time t towards t_end when the step allowed is dt (cap_ns_dt's): dt while
 * t_end is two steps away or more, then what is left in one step (at most dt) or two equal ones, so
 * that no step is shorter than half the one allowed (a sliver of a last step would divide the previous
 * step's divergence residual by itself in the projection); *step = 0 once t is within 1e-6 dt of t_end
 * (the caller stops there). CAP_EINVAL for a NULL step, CAP_EDOM for dt not finite and > 0 or t,
 * t_end not finite. */
int cap_ns_dt_until(double dt, double t, double t_end, double *step);

typedef struct {
  double dt; /* the step taken */
  cap_poisson_status pressure;
  int viscous_iterations;
  double max_speed;  /* max |u|, |v| over faces next to liquid after the step */
  double area_given; /* with reinit_keep_area, the measure the step's reinitialisation and shift gave
                         * the liquid (after less before; m^2 or m^3; 0 without a reinitialisation) */
  double div_max;    /* max |div u| (1/s) over the liquid cells after the projection */
  /* wall-clock seconds of the phases (CLOCK_MONOTONIC) */
  double t_advect;   /* velocity advection */
  double t_viscous;  /* implicit viscosity */
  double t_project;  /* curvature, body force, pressure assembly and solve, velocity update */
  double t_extend;   /* velocity extension */
  double t_levelset; /* level-set advection and reinitialisation */
} cap_ns_step_info;

/* One step of dt > 0 (see the top of this file) with the state's bounds. info (may be NULL) receives
 * the step's statistics. Errors before the step: cap_ns_params_check's, CAP_EDOM for dt or for a
 * non-finite field of bounds.motion (named, e.g. bounds.motion[0].u). On failure the error message
 * names the step number, the time and the cell (FAILURE above). */
int cap_ns_step(cap_ns_state *s, const cap_ns_params *p, cap_ns_ws *w, double dt, cap_ns_step_info *info);

/* One step of a run to t_end: cap_ns_dt's step cut by cap_ns_dt_until, then cap_ns_step (info may be
 * NULL); *done = 1 and no step once t is at t_end. A run to t_end:
 *     for (int done = 0; !st && !done;) st = cap_ns_step_until(s, p, w, t_end, &info, &done);
 * Errors: those of cap_ns_dt, cap_ns_dt_until and cap_ns_step; CAP_EINVAL for a NULL done. */
int cap_ns_step_until(cap_ns_state *s, const cap_ns_params *p, cap_ns_ws *w, double t_end, cap_ns_step_info *info,
                      int *done);

/* The fields a fault can be injected into. */
typedef enum { CAP_NS_FAULT_PHI = 0, CAP_NS_FAULT_U = 1, CAP_NS_FAULT_V = 2 } cap_ns_fault_field;

/* TEST HOOK (fault injection): at the start of the n-th cap_ns_step from now (n >= 1, counted over
 * every state of the process; a call rejected for its arguments does not count), `value` is written
 * into `field` of the state stepped at cell (or face) (nx/2, ny/2), as a corrupted memory or a
 * blow-up would leave it; the step's checks then fail with CAP_ENONFINITE naming the step, the time
 * and the cell (FAILURE above) when value is not finite. Fires once; n = 0 disarms it. Process-wide
 * and not thread-safe: for the tests and the experiments' CAPILLAB_FAULT=nan:N (experiments/harness.h). */
void cap_ns_fault_inject(long n, cap_ns_fault_field field, double value);

#endif
