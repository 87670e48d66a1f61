/* cap_ws: what the solver's workspaces share: the release of the blocks they own, and the record
 * of the grid a workspace was made for, which its later calls check the caller's grid against.
 *
 * OWNS. 1. cap_free_all / CAP_FREE_ALL: free() on each block of a list, in the list's order;
 * 2. cap_ws_shape: the sizes of a grid that make a field of it (dimension, cells, ghosts, entries).
 *
 * MEMORY. Nothing here allocates; no call fails or reports an error.
 */
#ifndef CAP_WS_H
#define CAP_WS_H

#include <stddef.h>

#include "cap_grid.h"

/* free(blocks[k]) for k = 0 .. n-1, in that order (NULL entries are no-ops, as for free()). The list
 * may end with the struct that holds the others: every entry is read before the call. */
void cap_free_all(void *const blocks[], size_t n);

/* cap_free_all on the arguments, e.g. CAP_FREE_ALL(w->a, w->b, w): at least one block pointer,
 * each evaluated once. */
#define CAP_FREE_ALL(...)                                                                                              \
  cap_free_all((void *const[]){__VA_ARGS__}, sizeof((void *const[]){__VA_ARGS__}) / sizeof(void *))

/* The sizes of the grid a workspace was made for. */
typedef struct {
  int dim, nx, ny, nz, ng;
  size_t size; /* entries of a field of the grid */
} cap_ws_shape;

/* The shape of g (g not NULL). */
cap_ws_shape cap_ws_shape_of(const cap_grid *g);

/* 1 if g has the shape s (every member equal), else 0 (g not NULL). */
int cap_ws_shape_is(const cap_ws_shape *s, const cap_grid *g);

#endif
