/* cap_wetting: the dynamic contact-angle model of Wang, Mucha & Turk (2005), "Water drops on
 * surfaces", ACM TOG 24(3) (Proc. SIGGRAPH), Sec. 6 [refs.bib: wang2005water].
 *
 * OWNS. 1. the hysteresis material; 2. the choice of the contact angle and capillary pressure of a
 * contact cell (Eq. 10); 2b. the model applied to the contact points on a wall of the box, setting the
 * wall's per-position angles and pinned cells for cap_ns; 2c. the same on the contact points of solids
 * inside the domain (cap_vsurf); 3. the wetting-history map of the solid surface. Nothing here calls
 * the flow solver.
 *
 * ANGLES. The angles 2b and 2c set are the contact module's (cap_contact.h), written there: a wall's
 * per-position angles, the solid's per-cell angles. The map (3.) is a handle of its own.
 *
 * CONVENTIONS. Contact angles through the liquid, radians, 0 < theta < pi (ARCHITECTURE.md); liquid
 * where phi < 0; SI units. A capillary pressure is the Laplace value sigma kappa (Pa) in a contact cell
 * computed with the virtual surface at a given angle. It increases with that angle: an imposed angle
 * larger than the actual one bends the interface towards the liquid (kappa > 0), the pressure pushes
 * liquid away from the contact line and the line recedes until the actual angle reaches the imposed
 * one. Hence, for the same shape, Pr (with theta_r) <= Pa (with theta_a >= theta_r): "the ordinary
 * order". Discretisation may invert it; the rules below are defined for every pair.
 *
 * 1. MATERIAL. theta_r receding, theta_a advancing on a dry solid, theta_aw advancing on a solid that
 *    liquid has wetted (Sec. 6), theta_r <= theta_aw <= theta_a. p_recede_max (Pa, >= 0; 0 = off): |p| of
 *    a RECEDING contact cell (moving or static) is clamped to it, its sign kept (this code's form of the
 *    bound on the receding tension that Wang et al. Sec. 8 mention); never applied to ADVANCING or
 *    PINNED cells.
 * 2. SELECTION from the front's velocity vn along the solid, positive towards the dry (air) side:
 *      vn >  v_static   ADVANCING: theta = theta_aw if the solid ahead is wetted, else theta_a; p = Pa;
 *      vn < -v_static   RECEDING: theta = theta_r, p = Pr (bounded);
 *      |vn| <= v_static static: Eq. 10 on Pr and Pa (cap_wetting_eq10). The threshold is inclusive,
 *                       so v_static = 0 means static only when the front does not move at all.
 * 3. MAP. One byte per grid entry, 1 for a solid-boundary cell that liquid has touched (cap_wetting_map).
 *
 * MEMORY. The map is allocated once per grid; no call allocates. Errors are reported through cap_error.
 * Rationale and measurements: docs/design/contact-angle.md.
 */
#ifndef CAP_WETTING_H
#define CAP_WETTING_H

#include <stddef.h>

#include "cap_contact.h"
#include "cap_grid.h"
#include "cap_vsurf.h"

/* 1. The hysteresis material. Fill with cap_wetting_material_init (which validates). */
typedef struct {
  double theta_r;      /* receding angle, rad */
  double theta_a;      /* advancing angle on a dry solid, rad */
  double theta_aw;     /* advancing angle on a wetted solid, rad */
  double p_recede_max; /* bound on |p| of receding contact cells, Pa; 0 = no bound */
} cap_wetting_material;

/* 0 < theta_r <= theta_aw <= theta_a < pi (rad), 0 <= p_recede_max < inf (Pa). Errors: CAP_EINVAL
 * (NULL m), CAP_EDOM naming the first offending parameter and its allowed range (*m unchanged). */
int cap_wetting_material_init(cap_wetting_material *m, double theta_r, double theta_a, double theta_aw,
                              double p_recede_max);
/* The same checks on a filled struct (e.g. one written by hand). */
int cap_wetting_material_check(const cap_wetting_material *m);

/* The advancing angle: theta_aw if wetted != 0, else theta_a. m must be valid (not checked). */
double cap_wetting_theta_advancing(const cap_wetting_material *m, int wetted);

/* 2. Angle selection. */
typedef enum {
  CAP_WETTING_PINNED = 0,    /* no angle imposed, p = 0 */
  CAP_WETTING_ADVANCING = 1, /* theta_a or theta_aw, p = Pa */
  CAP_WETTING_RECEDING = 2   /* theta_r, p = Pr (bounded by p_recede_max) */
} cap_wetting_regime;

typedef struct {
  cap_wetting_regime regime;
  int moving;   /* 1: chosen from the velocity (|vn| > v_static); 0: static, by Eq. 10 */
  double theta; /* the contact angle that applies, rad; 0 (outside (0, pi)) when PINNED */
  double p;     /* the capillary pressure that applies, Pa; +0 when PINNED */
} cap_wetting_choice;

/* Eq. 10 alone (Wang et al. Sec. 6), on Pr and Pa, evaluated in this order:
 *   a. Pr and Pa of strictly opposite signs (Pr < 0 < Pa, or Pa < 0 < Pr): PINNED, p = 0;
 *   b. Pa < 0: ADVANCING, p = Pa;
 *   c. Pr > 0: RECEDING, p = Pr;
 *   d. anything else: PINNED, p = 0.
 * a-c are the paper's "0 if Pr Pa < 0, Pa if Pa < 0, Pr if Pr > 0"; (a) compares signs, not the product
 * (which underflows to -0 for tiny opposite values). TIES (-0 counts as 0): Pa == 0 with Pr <= 0, and
 * Pr == 0 with Pa >= 0 are d, PINNED, p = 0 (a line exactly at a threshold is pinned; p is continuous
 * there); in the inverted order Pa < 0, Pr == 0 is b and Pr > 0, Pa == 0 is c (the paper's order
 * literally). The PINNED value is always +0.
 * Returns the regime, the pressure in *p (p may be NULL). Pure; no error reporting: if Pr or Pa is NaN
 * the regime is PINNED and *p is NaN (passed on, not hidden); infinities are ordinary signed values. */
cap_wetting_regime cap_wetting_eq10(double p_r, double p_a, double *p);

/* The choice for one contact cell: vn (m/s, positive towards the dry side), v_static (m/s, >= 0;
 * |vn| <= v_static is static), wetted (the map's flag of the solid the front advances onto), p_r and
 * p_a (Pa; p_a computed with cap_wetting_theta_advancing(m, wetted)). The receding bound of m is
 * applied to RECEDING choices. Errors: CAP_EINVAL (NULL), the material checks, CAP_EDOM (v_static),
 * CAP_ENONFINITE (vn, p_r or p_a not finite); *out unchanged on error. */
int cap_wetting_select(const cap_wetting_material *m, double vn, double v_static, int wetted, double p_r, double p_a,
                       cap_wetting_choice *out);

/* 2b. The model on a wall of the box (2D, planar or axisymmetric): the contact points of the level set
 * phi on side `side` (a WALL or SLIP side with a contact angle in ct) get their angle from
 * cap_wetting_select, and every position along the side takes the angle of its nearest contact point
 * (no contact point: the angles are left as they are). A contact point is a sign change of phi between
 * neighbouring cells of the row next to the wall (fraction by linear interpolation). Its quantities:
 *   theta_m: the actual angle, cos(theta_m) = phi_n / |grad phi| at the wall, the wall-normal and
 *            tangential derivatives at the crossing extrapolated to the wall from the three rows next
 *            to it (second order: phi_n = (-2 f0 + 3 f1 - f2) / h, the tangential difference
 *            (15 d0 - 10 d1 + 3 d2) / 8);
 *   vn:      the front's velocity towards the dry side: the motion of the same contact point (same
 *            orientation, within 2 cells) since the previous call, over dt, when the previous call's
 *            contacts are given (prev, nprev > 0, dt > 0); otherwise the tangential velocity of the
 *            face between the two cells of the wall row;
 *   choice:  cap_wetting_select(m, vn, v_static, wetted = 0, p_r, p_a) with the pressures' signs
 *            taken from the actual angle, p_r = cos(theta_m) - cos(theta_r) and p_a = cos(theta_m) -
 *            cos(theta_a) (dimensionless): by the ordinary order of this header a capillary pressure
 *            computed with an angle theta has the sign of theta - theta_m, so Eq. 10 gives PINNED for
 *            theta_r < theta_m < theta_a, ADVANCING above theta_a and RECEDING below theta_r, as it
 *            would on the pressures themselves;
 *   theta:   the angle imposed: choice.theta, or for a PINNED point the actual angle theta_m (the
 *            angle at which the wall's ghosts add no push: the level-set form of the paper's p = 0).
 *   pinned:  (may be NULL; g->size entries) the wall-row cells t-1 .. t+2 around every PINNED contact
 *            point are set to 1 and every other wall-row cell to 0: passed as cap_ns_bounds.pinned,
 *            the liquid does not slide along the wall there, so a pinned point stays while the surface
 *            above it turns (its angle free between theta_r and theta_a).
 * The wetting history is not used here (theta_aw applies only through the caller's material).
 * The angles are written into the side's per-position angles of ct (cap_contact_wall_angles, made on
 * the first call). contacts (may be NULL): up to max_contacts records; *ncontacts (may be NULL) the
 * number found. Errors: CAP_EINVAL (NULL), CAP_EDOM (a side without a contact angle, a 3D grid, fewer
 * than 3 rows), CAP_ENOMEM, cap_wetting_select's. */
typedef struct {
  double pos;     /* crossing along the side: cell index t + fraction (t the cell on the liquid side if dir > 0) */
  int dir;        /* +1: the dry side is towards larger t; -1: towards smaller t */
  double theta_m; /* actual angle, rad */
  double vn;      /* front velocity along the wall towards the dry side, m/s */
  double theta;   /* angle imposed, rad */
  cap_wetting_choice choice;
} cap_wetting_contact;

int cap_wetting_wall_update(cap_contact *ct, const cap_grid *g, cap_side side, const double *phi, const double *u,
                            const double *v, const cap_wetting_material *m, double v_static,
                            const cap_wetting_contact *prev, int nprev, double dt, unsigned char *pinned,
                            cap_wetting_contact *contacts, int max_contacts, int *ncontacts);

/* 2c. The model on solids inside the domain (cap_vsurf.h, SOLIDS in cap_ns.h), 2D: the rules of 2b on
 * the contact points of the virtual surface. The call fills phi's ghosts and the solids' cells (the
 * continuation at the angles of ct, as cap_ns_step does at the start of a step) and takes the contact
 * points of that fill (cap_vsurf_contact_get: position, normal, dry direction) as first estimates.
 * MEASURED CONTACT: the actual point and angle come from phi in the fluid cells alone, never from the
 * continuation (which carries the angle imposed at the previous call): the weighted least-squares
 * quadratic phi = q0 + q1 X + q2 Y + q3 X^2 + q4 X Y + q5 Y^2 through the fluid cells within
 * CAP_WETTING_REACH cells of the estimate (weights (1 - (d / reach)^2)^2, d the distance from it); the
 * point is the zero of the quadratic along the surface's tangent line through the estimate, and
 * cos(theta_m) = grad(phi) . n / |grad(phi)| there (the convention of cap_vsurf.h). Exact for a
 * straight liquid surface. Fewer than 10 cells in the window keep the estimate and give theta_m the
 * angle imposed there (no push). Then per contact point:
 *   vn:      the motion of the same contact point since the previous call (the same dry direction,
 *            within 2 cells) along the surface towards the dry side, over dt, when the previous
 *            call's contacts are given; otherwise the liquid's velocity along the surface 1.5 cells
 *            out of it (the faces touching the solid carry no velocity: no slip on the staircase);
 *   wetted:  with a wetting-history map (may be NULL: dry), the flag of the solid cell just ahead
 *            (h along the dry direction and h/2, else h, into the solid), so that a front advancing
 *            over solid that liquid has touched takes theta_aw (Wang et al. Sec. 6; keep the map
 *            with cap_wetting_map_update and the mask of cap_wetting_mask_vsurf);
 *   choice:  cap_wetting_select(m, vn, v_static, wetted, p_r, p_a) with p_r = cos(theta_m) -
 *            cos(theta_r) and p_a = cos(theta_m) - cos(theta_a or theta_aw), as in 2b;
 *   theta:   choice.theta, or theta_m for a PINNED point (no push).
 * Every solid cell then takes the angle of the nearest contact point on its side of the solid (the
 * surface normals at the cell's foot and at the point within 90 degrees), written into the per-cell
 * angles of ct (cap_contact_cell_angles); cells with none keep their entry. pinned (may be NULL;
 * g->size entries): the fluid cells with a solid face-neighbour within 2 cells of a PINNED contact
 * point are set to 1, every other fluid cell next to the solids to 0 (other entries untouched): passed
 * as cap_ns_bounds.pinned, their faces along the solid are closed and their faces into the domain carry
 * no velocity, so the point stays (the angle imposed, theta_m as measured, is not exactly the one at
 * which the continuation adds no push). A moving solid calls this after each move (the per-cell angles
 * are by grid cell). Errors: CAP_EINVAL (NULL), CAP_EDOM (dt, v_static), CAP_ESIZE (more contact points
 * than max_contacts), the material checks, and the codes of cap_levelset_fill_ghosts, cap_vsurf_fill,
 * cap_contact_cell_angles and cap_wetting_select. */
#define CAP_WETTING_REACH 3.0 /* cells: the fluid cells fitted round a contact point on a solid */

typedef struct cap_wetting_map cap_wetting_map; /* 3. */

typedef struct {
  cap_vsurf_contact at; /* position (measured), normal, dry direction, angle imposed before the call */
  double theta_m;       /* actual angle, rad (MEASURED CONTACT) */
  double vn;            /* front velocity along the surface towards the dry side, m/s */
  int wetted;           /* the solid ahead has been wetted (map) */
  double theta;         /* angle imposed, rad */
  cap_wetting_choice choice;
} cap_wetting_solid_contact;

int cap_wetting_vsurf_update(const cap_vsurf *vs, cap_contact *ct, const cap_grid *g, double *phi, const double *u,
                             const double *v, const cap_wetting_material *m, double v_static,
                             const cap_wetting_map *map, const cap_wetting_solid_contact *prev, int nprev, double dt,
                             unsigned char *pinned, cap_wetting_solid_contact *contacts, int max_contacts,
                             int *ncontacts);

/* The solids of vs in a map mask (3.) over the interior cells: a solid cell with a fluid face-neighbour
 * is SURFACE, any other solid cell SOLID, the rest FLUID. Errors: CAP_EINVAL (NULL). */
int cap_wetting_mask_vsurf(const cap_vsurf *vs, const cap_grid *g, unsigned char *mask);

/* 3. The wetting-history map (Wang et al. Sec. 6), a self-contained handle (it owns its bytes and the
 * shape of its grid, and points at nothing of the caller's): one byte per grid entry (cap_grid.size,
 * ghosts included, addressed with cap_grid_idx), 1 for a solid-boundary cell that liquid has touched. The
 * caller describes the solid with a byte mask of the same layout: FLUID a fluid cell; SURFACE a solid
 * cell whose wetting is tracked; SOLID any other solid cell (never tracked, never fluid). A SURFACE cell
 * is wetted when an INTERIOR face-neighbour (4 in 2D, 6 in 3D; wrapped across periodic sides) is FLUID
 * with phi < 0; only interior phi is read, so SURFACE cells may be ghosts beyond a wall
 * (cap_wetting_mask_walls) or interior cells of an obstacle. phi == 0 counts as air (as in cap_fmm);
 * diagonal contacts do not wet; marks are never removed by an update, only by cap_wetting_map_reset. */
enum { CAP_WETTING_FLUID = 0, CAP_WETTING_SURFACE = 1, CAP_WETTING_SOLID = 2 };

/* A dry map for the fields of grid g (any geometry). *out is NULL on failure. Errors: CAP_EINVAL,
 * CAP_ENOMEM. */
int cap_wetting_map_alloc(cap_wetting_map **out, const cap_grid *g);
void cap_wetting_map_free(cap_wetting_map *w);

/* Marks every SURFACE cell of mask with a FLUID interior face-neighbour of phi < 0 (3. above); marks
 * are never removed. mask and phi have g->size entries; phi is cell-centred, read at interior cells
 * only. n_new (may be NULL) receives the number of cells wetted by this call. Errors: CAP_EINVAL
 * (NULL), CAP_ESIZE (w made for another grid), CAP_EDOM (a mask value other than 0, 1, 2, naming the
 * cell), CAP_ENONFINITE (a NaN/inf phi at a cell that would be read), cap_grid_check_bc's codes; the
 * map is unchanged on error. */
int cap_wetting_map_update(cap_wetting_map *w, const cap_grid *g, const unsigned char *mask, const double *phi,
                           size_t *n_new);

/* *wetted = 1 if the entry idx (cap_grid_idx / cap_grid_idx3) has been wetted, else 0. Errors:
 * CAP_EINVAL (NULL), CAP_EDOM (idx >= g->size). */
int cap_wetting_map_query(const cap_wetting_map *w, size_t idx, int *wetted);

/* The map itself (g->size bytes, 0 dry / 1 wetted) for per-cell reads in a solver loop. */
const unsigned char *cap_wetting_map_data(const cap_wetting_map *w);

/* Number of wetted entries. */
size_t cap_wetting_map_count(const cap_wetting_map *w);

/* Clears every mark (a dry solid). Errors: CAP_EINVAL (NULL). */
int cap_wetting_map_reset(cap_wetting_map *w);

/* Describes the walls of the box in mask: the ghost cells beyond every CAP_BC_WALL side become SOLID,
 * then the first ghost layer beside the interior of such a side becomes SURFACE (face-neighbours of
 * the interior cells next to the wall; ghost corners stay SOLID). Other entries are not touched (the
 * caller sets the interior, e.g. to FLUID). Errors: CAP_EINVAL (NULL). */
int cap_wetting_mask_walls(const cap_grid *g, unsigned char *mask);

#endif
