/* cap_state: how a solver object lists what changes in it while a run goes on, so that a checkpoint
 * can save it and a resumed run restore it to the bit.
 *
 * A VISIT calls f(user, name, data, size) once for each block of the object's running state, in an
 * order fixed by the object's shape (its grid, its solid cells): `name` says what the block is (a
 * string constant, e.g. "ns.phi"), `data` points at its size bytes inside the object. The visitor
 * may read the bytes (a save) or overwrite them with bytes of the same size saved from an object of
 * the same shape (a restore); it returns a cap_errno status, and the first nonzero one ends the visit
 * and is returned. What a visit leaves out is either fixed when the object is made (the grid, a
 * sampled solid's field) or recomputed from the visited blocks before it is read again.
 *
 * The visits: cap_ns_state_visit (cap_ns.h), cap_contact_visit (cap_contact.h), cap_solid_visit
 * (cap_solid.h), cap_vsurf_visit (cap_vsurf.h).
 */
#ifndef CAP_STATE_H
#define CAP_STATE_H

#include <stddef.h>

typedef int (*cap_state_fn)(void *user, const char *name, void *data, size_t size);

#endif
