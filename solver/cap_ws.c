#include "cap_ws.h"

#include <stdlib.h>

void cap_free_all(void *const blocks[], size_t n)
{
  for (size_t k = 0; k < n; k++) free(blocks[k]);
}

cap_ws_shape cap_ws_shape_of(const cap_grid *g)
{
  return (cap_ws_shape){.dim = g->dim, .nx = g->nx, .ny = g->ny, .nz = g->nz, .ng = g->ng, .size = g->size};
}

int cap_ws_shape_is(const cap_ws_shape *s, const cap_grid *g)
{
  return s->dim == g->dim && s->nx == g->nx && s->ny == g->ny && s->nz == g->nz && s->ng == g->ng && s->size == g->size;
}
