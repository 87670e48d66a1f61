/* cap_ns_impl: what the two sources of the free-surface step share, private to the solver. cap_ns.c
 * holds the public functions, the step on 2D grids (planar, AXI) and the parts every geometry uses;
 * cap_ns3.c holds the step on 3D grids. The contract is cap_ns.h; nothing here is for callers.
 */
#ifndef CAP_NS_IMPL_H
#define CAP_NS_IMPL_H

#include "cap_fmm.h"
#include "cap_levelset.h"
#include "cap_ns.h"
#include "cap_viscosity.h"

struct cap_ns_ws {
  cap_grid g;
  cap_poisson *poisson;
  cap_fmm_ws *fmm[3]; /* the extension of u and v side by side; 3D: u, v, w, one workspace per thread (up to 3) */
  cap_levelset_ws *ls;
  cap_viscosity_ws *visc;
  double *u2, *v2, *w2;             /* advected velocity (w2: 3D only) */
  double *rhs;                      /* pressure right-hand side (2D; the 3D step's is u2) */
  double *phi_s[3];                 /* the step's phi sampled at x- and y-faces (steps 1 and 5); 3D: phi_s[0]
                                     * at one lattice after the other in step 1 (step 5: in u2, v2, w2) */
  double *phi_f;                    /* phi of the flow: the solid cells never liquid (bounds.vsurf) */
  unsigned char *known[3];          /* x-, y- (and z-) faces next to liquid */
  unsigned char *xclosed, *yclosed; /* faces closed: solid faces (bounds.vsurf), pinned contact points
                                     * (bounds.pinned) */
  /* the air band's projection (params.air_projection; its solve reuses `poisson`) */
  double *phi_a, *q;
  unsigned char *axc, *ayc;
  size_t *queue;
};

/* CLOCK_MONOTONIC seconds. */
double cap_ns_now(void);

/* cap_ns_fault_inject's poison, if it is due at this step (the cell (nx/2, ny/2[, nz/2])). */
void cap_ns_fault_apply(cap_ns_state *s);

/* Step 6's reinitialisation with params.reinit_keep_area (cap_ns.h); *given: the measure it gave. */
int cap_ns_reinit(cap_ns_ws *w, const cap_grid *g, const cap_ns_params *p, const cap_ns_bounds *b, double *phi,
                  double *given);

/* The 3D pieces of cap_ns_dt and cap_ns_step (cap_ns3.c): the largest speed on the faces next to liquid,
 * the first non-finite face value of any component (CAP_ENONFINITE naming it; dt = 0: no step chosen
 * yet), and the step itself (its arguments checked by cap_ns_step). */
double cap_ns3_max_speed(const cap_ns_state *s);
int cap_ns3_check_velocity(const cap_ns_state *s, double dt);
int cap_ns3_step(cap_ns_state *s, const cap_ns_params *p, cap_ns_ws *w, double dt, cap_ns_step_info *info);

#endif
