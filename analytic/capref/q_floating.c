/* placeholder until the floating quantities land */
#include "capref.h"
const capref_group capref_group_floating = {"floating", 0, 0};
