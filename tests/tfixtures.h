/* tfixtures: set-ups shared by more than one unit test.
 *
 * Two discs in one solid (tf_two_discs): discs a and b, their union `both` (part 0 = a, part 1 = b),
 * the union's virtual surface v with its contact angles c (one per part, cap_contact_set_part_angles),
 * and each disc's own virtual surface va, vb with its angles ca, cb (that disc's angle), all on one
 * grid. */
#ifndef TFIXTURES_H
#define TFIXTURES_H

#include "../solver/cap_contact.h"
#include "../solver/cap_grid.h"
#include "../solver/cap_solid.h"
#include "../solver/cap_vsurf.h"

typedef struct {
  cap_solid *a, *b, *both;
  cap_vsurf *v, *va, *vb;
  cap_contact *c, *ca, *cb;
} tf_two_discs;

/* Discs of radius ra centred at ca = (x, y) and of radius rb at cb on grid g; th[0], th[1] the angles
 * of a and b. c is made at pi/2 and then given th. Returns the status of cap_contact_set_part_angles
 * (CAP_SUCCESS, or its error). */
int tf_two_discs_open(tf_two_discs *T, const cap_grid *g, const double ca[2], double ra, const double cb[2], double rb,
                      const double th[2]);
/* Frees the three surfaces, their angles and the three solids. */
void tf_two_discs_close(tf_two_discs *T);

#endif
