#include "tfixtures.h"

#include <math.h>

int tf_two_discs_open(tf_two_discs *T, const cap_grid *g, const double ca[2], double ra, const double cb[2], double rb,
                      const double th[2])
{
  *T = (tf_two_discs){0};
  cap_solid_disc_alloc(&T->a, ca[0], ca[1], ra);
  cap_solid_disc_alloc(&T->b, cb[0], cb[1], rb);
  const cap_solid *parts[2] = {T->a, T->b};
  cap_solid_union_alloc(&T->both, 2, parts);
  cap_vsurf_alloc(&T->v, g, T->both, M_PI / 2);
  int st = cap_vsurf_set_part_angles(T->v, th, 2);
  cap_vsurf_alloc(&T->va, g, T->a, th[0]);
  cap_vsurf_alloc(&T->vb, g, T->b, th[1]);
  return st;
}

void tf_two_discs_close(tf_two_discs *T)
{
  cap_vsurf_free(T->v);
  cap_vsurf_free(T->va);
  cap_vsurf_free(T->vb);
  cap_solid_free(T->a);
  cap_solid_free(T->b);
  cap_solid_free(T->both);
}
