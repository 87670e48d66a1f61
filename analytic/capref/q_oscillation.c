/* placeholder until the oscillation quantities land */
#include "capref.h"
const capref_group capref_group_oscillation = {"oscillation", 0, 0};
