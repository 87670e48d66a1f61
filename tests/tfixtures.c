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
  cap_contact_alloc(&T->c, g);
  cap_contact_alloc(&T->ca, g);
  cap_contact_alloc(&T->cb, g);
  cap_contact_set_solid(T->c, T->both, M_PI / 2);
  int st = cap_contact_set_part_angles(T->c, th, 2);
  cap_contact_set_solid(T->ca, T->a, th[0]);
  cap_contact_set_solid(T->cb, T->b, th[1]);
  cap_vsurf_alloc(&T->v, g, T->both);
  cap_vsurf_alloc(&T->va, g, T->a);
  cap_vsurf_alloc(&T->vb, g, T->b);
  return st;
}

void tf_two_discs_close(tf_two_discs *T)
{
  cap_vsurf_free(T->v);
  cap_vsurf_free(T->va);
  cap_vsurf_free(T->vb);
  cap_contact_free(T->c);
  cap_contact_free(T->ca);
  cap_contact_free(T->cb);
  cap_solid_free(T->a);
  cap_solid_free(T->b);
  cap_solid_free(T->both);
}
