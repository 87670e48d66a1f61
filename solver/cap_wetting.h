/* cap_wetting: the dynamic contact-angle model of Wang, Mucha & Turk (2005), "Water drops on
 * surfaces", ACM TOG 24(3) (Proc. SIGGRAPH), Sec. 6 [refs.bib: wang2005water], as a self-contained
 * component: the hysteresis material, the choice of the contact angle (and of the capillary pressure)
 * of a contact cell, the wetting-history map of the solid surface, and (2b) the model applied to the
 * contact points on a wall of the box, which sets the wall's per-position angles and pinned cells for
 * cap_ns, and (2c) on the contact points of solids inside the domain (cap_vsurf). Nothing here calls
 * the flow solver.
 *
 * CONVENTION. Contact angles are measured through the liquid, in radians, 0 < theta < pi (the
 * convention of the whole library, ARCHITECTURE.md). Liquid where phi < 0. A capillary pressure is
 * the Laplace value sigma kappa (Pa) in a contact cell computed with the virtual surface at a given
 * angle (the virtual surface of Wang et al.); it increases with that angle: an imposed angle larger than the actual
 * one bends the interface towards the liquid (kappa > 0), so the pressure pushes liquid away from the
 * contact line and the line recedes until the actual angle reaches the imposed one. Hence, for the
 * same shape, Pr (computed with theta_r) <= Pa (computed with theta_a >= theta_r): "the ordinary
 * order". Discretisation may invert it; the rules below are defined for every pair.
 *
 * 1. MATERIAL (cap_wetting_material). theta_r: receding angle; theta_a: advancing angle on a dry
 *    solid; theta_aw: advancing angle on a solid that liquid has already wetted (Wang et al. Sec. 6);
 *    theta_r <= theta_aw <= theta_a (a wetted solid is re-wetted at least as easily as a dry one).
 *    p_recede_max (Pa, >= 0; 0 = off): an optional bound on the magnitude of the capillary pressure
 *    of a RECEDING contact cell (|p| is clamped to p_recede_max, its sign kept). Wang et al. Sec. 8
 *    mention bounding the receding tension; this clamp on the pressure is the form chosen here, not
 *    the paper's. It applies whenever the selected regime is RECEDING, moving or static (Eq. 10
 *    choosing Pr), and never to ADVANCING or PINNED cells.
 *
 * 2. ANGLE SELECTION (cap_wetting_select) from the normal velocity vn (m/s) of the contact front,
 *    measured along the solid surface, positive towards the dry (air) side, i.e. along grad phi:
 *      vn >  v_static   ADVANCING, moving: theta = theta_aw if the solid ahead is wetted, else
 *                       theta_a; p = Pa (which the caller computed with that same angle,
 *                       cap_wetting_theta_advancing);
 *      vn < -v_static   RECEDING, moving: theta = theta_r, p = Pr (bounded, see 1.);
 *      |vn| <= v_static static: Eq. 10 (cap_wetting_eq10) on the two candidate pressures.
 *    TIE |vn| == v_static counts as static: the threshold is inclusive, so that v_static = 0 means
 *    "static only when the front does not move at all" (a strict test would make vn = 0 move).
 *
 *    Eq. 10 (Wang et al. Sec. 6), on Pr and Pa, evaluated in this order:
 *      a. Pr and Pa of strictly opposite signs (Pr < 0 < Pa, or Pa < 0 < Pr): PINNED, p = 0
 *         (a contact line between the two angles feels no net capillary push);
 *      b. Pa < 0: ADVANCING, p = Pa;
 *      c. Pr > 0: RECEDING, p = Pr;
 *      d. anything else: PINNED, p = 0.
 *    a-c are the paper's three cases "0 if Pr Pa < 0, Pa if Pa < 0, Pr if Pr > 0". The sign test in
 *    (a) compares signs, not the product: Pr Pa underflows to -0 for tiny opposite values (1e-200 and
 *    -1e-200), which the literal product test would send to case b.
 *    TIES (a zero; -0 counts as 0): the literal product test is 0, not < 0, so (a) never applies;
 *      Pa == 0, Pr < 0   (the actual angle is exactly theta_a): d, PINNED, p = 0;
 *      Pr == 0, Pa > 0   (the actual angle is exactly theta_r): d, PINNED, p = 0;
 *      Pr == Pa == 0:                                           d, PINNED, p = 0;
 *    in these ordinary-order ties the pressure is 0 whichever branch one picks (the limit from
 *    either side is 0: p(Pr, Pa) is continuous on the half-plane Pr <= Pa), so only the label is a
 *    choice, and a line exactly at a threshold is reported pinned (it starts to move only beyond);
 *      Pa < 0, Pr == 0   (inverted order):                     b, ADVANCING, p = Pa;
 *      Pr > 0, Pa == 0   (inverted order):                     c, RECEDING, p = Pr;
 *    these follow the paper's order literally (its product is not negative, so its next case
 *    applies); across the inverted half-plane p jumps between 0 and Pa or Pr anyway. The PINNED
 *    value is always +0.
 *
 * 3. WETTING-HISTORY MAP (cap_wetting_map, Wang et al. Sec. 6). One byte per grid entry
 *    (cap_grid.size, ghosts included, addressed with cap_grid_idx), 1 for a solid-boundary cell that
 *    liquid has touched. The caller describes the solid with a byte mask of the same layout:
 *      CAP_WETTING_FLUID   (0)  a fluid cell;
 *      CAP_WETTING_SURFACE (1)  a solid-boundary cell: a solid cell whose wetting is tracked;
 *      CAP_WETTING_SOLID   (2)  any other solid cell (never tracked, never counts as fluid).
 *    cap_wetting_map_update marks a SURFACE cell wetted when an INTERIOR face-neighbour
 *    (0 <= i < nx, 0 <= j < ny, 0 <= k < nz; 4 neighbours in 2D, 6 in 3D; across a periodic side the
 *    neighbour wraps) is FLUID and has phi < 0. Only interior phi values are read (the level-set
 *    routines keep only interior values current), so SURFACE cells may be ghost cells beyond a wall
 *    (cap_wetting_mask_walls) or interior cells of an obstacle. phi == 0 (a cell on the interface)
 *    counts as air, as in cap_fmm. A mark is never removed by an update (even if the mask changes);
 *    only cap_wetting_map_reset clears the map. Diagonal contacts do not wet.
 *
 * 4. CRITICAL TILT (cap_wetting_critical_tilt). In 2D (per unit depth) a drop of area A pinned on a
 *    plane tilted by alpha holds while the downhill weight does not exceed the largest pinning force
 *    of its two contact points, rho g A sin(alpha) <= sigma (cos theta_r - cos theta_a): at most the
 *    rear point recedes at theta_r and the front advances at theta_a, and the tensions along the
 *    solid sum to that uphill force (the solid's own energies cancel between the two points), the 2D
 *    form of the retention force of a drop on an incline (de Gennes,
 *    Brochard-Wyart & Quere 2004, ch. 3, hysteresis of the triple line [refs.bib: degennes2004]).
 *    It belongs with the analytic references (analytic/), whose files another developer is editing;
 *    it lives here for now, without a {val, err} pair, and may move there later.
 *
 * MEMORY. The map is allocated once per grid (cap_wetting_map_alloc); no call allocates.
 * The library never prints or exits: errors are reported through cap_error (cap_errno.h).
 */
#ifndef CAP_WETTING_H
#define CAP_WETTING_H

#include <stddef.h>

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

/* Eq. 10 alone (rules a-d above): the regime, and the pressure in *p (p may be NULL). Pure; no error
 * reporting: if Pr or Pa is NaN the regime is PINNED and *p is NaN (the NaN is passed on, not hidden);
 * infinities are ordinary signed values. */
cap_wetting_regime cap_wetting_eq10(double p_r, double p_a, double *p);

/* The choice for one contact cell: vn (m/s, positive towards the dry side), v_static (m/s, >= 0;
 * |vn| <= v_static is static), wetted (the map's flag of the solid the front advances onto), p_r and
 * p_a (Pa; p_a computed with cap_wetting_theta_advancing(m, wetted)). The receding bound of m is
 * applied to RECEDING choices. Errors: CAP_EINVAL (NULL), the material checks, CAP_EDOM (v_static),
 * CAP_ENONFINITE (vn, p_r or p_a not finite); *out unchanged on error. */
int cap_wetting_select(const cap_wetting_material *m, double vn, double v_static, int wetted, double p_r,
                       double p_a, cap_wetting_choice *out);

/* 2b. The model on a wall of the box (2D, planar or axisymmetric): the contact points of the level set
 * phi on side `side` (a WALL or SLIP side with a contact angle and per-position angles,
 * cap_grid_set_wall_angles) get their angle from cap_wetting_select, and every position along the
 * side takes the angle of its nearest contact point (no contact point: the angles are left as they
 * are). A contact point is a sign change of phi between neighbouring cells of the row next to the wall
 * (fraction by linear interpolation). Its quantities:
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
 *            point are set to 1 and every other wall-row cell to 0: passed as cap_ns_params.pinned,
 *            the liquid does not slide along the wall there, so a pinned point stays while the surface
 *            above it turns (its angle free between theta_r and theta_a).
 * The wetting history is not used here (theta_aw applies only through the caller's material).
 * angles: the side's per-position array (cap_grid_set_wall_angles), written. contacts (may be NULL):
 * up to max_contacts records; *ncontacts (may be NULL) the number found. Errors: CAP_EINVAL (NULL),
 * CAP_EDOM (a side without per-position angles, a 3D grid, fewer than 3 rows), cap_wetting_select's. */
typedef struct {
  double pos;      /* crossing along the side: cell index t + fraction (t the cell on the liquid side if dir > 0) */
  int dir;         /* +1: the dry side is towards larger t; -1: towards smaller t */
  double theta_m;  /* actual angle, rad */
  double vn;       /* front velocity along the wall towards the dry side, m/s */
  double theta;    /* angle imposed, rad */
  cap_wetting_choice choice;
} cap_wetting_contact;

int cap_wetting_wall_update(const cap_grid *g, cap_side side, const double *phi, const double *u, const double *v,
                            const cap_wetting_material *m, double v_static, const cap_wetting_contact *prev, int nprev,
                            double dt, double *angles, unsigned char *pinned, cap_wetting_contact *contacts,
                            int max_contacts, int *ncontacts);

/* 2c. The model on solids inside the domain (cap_vsurf.h, SOLIDS in cap_ns.h), 2D: the rules of 2b on
 * the contact points of the virtual surface. The call fills phi's ghosts and the solids' cells (the
 * continuation, as cap_ns_step does at the start of a step) and takes the contact points of that fill
 * (cap_vsurf_contact_get: position, normal, dry direction) as first estimates. MEASURED CONTACT: the
 * actual point and angle come from phi in the fluid cells alone, never from the continuation (which
 * carries the angle imposed at the previous call: measured through it, with the samples of the
 * continuation's own slope rule, a front on a plane tilted 30 degrees flipped between advancing and
 * receding from one step to the next, its position jumping 0.08 cells and its angle 6 degrees): the
 * weighted least-squares quadratic phi = q0 + q1 X + q2 Y + q3 X^2 + q4 X Y + q5 Y^2 through the
 * fluid cells within CAP_WETTING_REACH cells of the estimate (weights (1 - (d / reach)^2)^2, d the
 * distance from it: smooth, so that cells entering and leaving the window do not make the point
 * jump); the point is the zero of the quadratic along the surface's tangent line through the estimate,
 * and cos(theta_m) = grad(phi) . n / |grad(phi)| there (the convention of cap_vsurf.h). Exact for a
 * straight liquid surface; on a drop of radius 9.6 cells meeting a plane tilted 30 degrees at 70.5
 * degrees, 70.05 and 69.86 degrees (reach 3 cells; 2.5: 70.0 and 70.3; 4: 69.7 and 69.3; a parabola
 * through the crossings between fluid cells was 0.4-1.4 degrees off). Fewer than 10 cells in the
 * window keep the estimate and give theta_m the angle imposed there (no push). Then per contact point:
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
 * surface normals at the cell's foot and at the point within 90 degrees); cells with none keep their
 * entry of `angles` (cap_vsurf_count entries, in the order of cap_vsurf_cell), which is passed to
 * cap_vsurf_set_cell_angles. pinned (may be NULL; g->size entries): the fluid cells with a solid
 * face-neighbour within 2 cells of a PINNED contact point are set to 1, every other fluid cell next to
 * the solids to 0 (other entries untouched): passed as cap_ns_params.pinned, their faces along the
 * solid are closed and their faces into the domain carry no velocity, so the point stays (the angle
 * imposed, theta_m as measured, is not exactly the one at which the continuation adds no push:
 * without the patch a pinned drop on a plane tilted 30 degrees crept along it, both fronts moving out
 * while their angles fell from 85 to 62 degrees). Measured in a flow (a drop of R0 = 8 cells, (theta_r,
 * theta_a) = (60, 90), on a no-slip plane tilted 30 degrees to the grid under gravity Bo = 1 tilted by
 * alpha to it, as in experiments/hysteresis on the wall of the box): at alpha = 0.5 alpha_c its
 * fronts stay pinned (rear 72.5, front 83 degrees at t = 30); at 1.5 alpha_c it slides with its rear
 * receding at 58.1-59.1 degrees and its front advancing at 89.4-92.4, but only 0.96 R0 in 30 time
 * units (on the free-slip wall the same drop slides R0 by t = 11.2): the staircase is no-slip, so the
 * wall experiment's sliding criterion does not carry over. A moving solid
 * (cap_vsurf_move resets per-cell angles) calls this after each move. Errors: CAP_EINVAL (NULL),
 * CAP_EDOM (dt, v_static), CAP_ESIZE (more contact points than max_contacts), the material checks,
 * and the codes of cap_levelset_fill_ghosts, cap_vsurf_fill and cap_wetting_select. */
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

int cap_wetting_vsurf_update(cap_vsurf *vs, const cap_grid *g, double *phi, const double *u, const double *v,
                             const cap_wetting_material *m, double v_static, const cap_wetting_map *map,
                             const cap_wetting_solid_contact *prev, int nprev, double dt, double *angles,
                             unsigned char *pinned, cap_wetting_solid_contact *contacts, int max_contacts,
                             int *ncontacts);

/* The solids of vs in a map mask (3.) over the interior cells: a solid cell with a fluid face-neighbour
 * is SURFACE, any other solid cell SOLID, the rest FLUID. Errors: CAP_EINVAL (NULL). */
int cap_wetting_mask_vsurf(const cap_vsurf *vs, const cap_grid *g, unsigned char *mask);

/* 3. The wetting-history map. */
enum { CAP_WETTING_FLUID = 0, CAP_WETTING_SURFACE = 1, CAP_WETTING_SOLID = 2 };

/* A dry map for the fields of grid g (any geometry). *out is NULL on failure. Errors: CAP_EINVAL,
 * CAP_ENOMEM. */
int cap_wetting_map_alloc(cap_wetting_map **out, const cap_grid *g);
void cap_wetting_map_free(cap_wetting_map *w);

/* Marks every SURFACE cell of mask with a FLUID interior face-neighbour of phi < 0 (see 3.); marks
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

/* 4. The 2D critical tilt (see 4.): *alpha_c = asin(sigma (cos theta_r - cos theta_a) / (rho g A)),
 * rad in [0, pi/2], the largest tilt at which the drop holds (it holds at alpha == alpha_c: the
 * inequality is not strict; theta_r == theta_a gives 0: without hysteresis any tilt slides it). An
 * argument of exactly 1 gives pi/2 (holds even on a vertical wall, the limiting case). Units: sigma
 * N/m, rho kg/m^3, g m/s^2 (magnitude), area m^2 (per unit depth). For the front of a drop sliding on
 * a pre-wetted track pass theta_aw as theta_a. Errors: CAP_EINVAL (NULL), CAP_EDOM (sigma, rho, g,
 * area not > 0; an angle outside (0, pi); theta_a < theta_r), CAP_ENOSOL when the argument exceeds 1:
 * the pinning force exceeds the weight, so no tilt up to the vertical makes the drop slide
 * (*alpha_c unchanged). */
int cap_wetting_critical_tilt(double sigma, double rho, double g, double area, double theta_r, double theta_a,
                              double *alpha_c);

#endif
