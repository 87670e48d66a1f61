/* placeholder until the statics quantities land */
#include "capref.h"
const capref_group capref_group_statics = {"statics", 0, 0};
