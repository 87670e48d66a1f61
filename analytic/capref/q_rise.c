/* placeholder until the rise quantities land */
#include "capref.h"
const capref_group capref_group_rise = {"rise", 0, 0};
