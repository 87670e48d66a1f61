/* placeholder until the plateau quantities land */
#include "capref.h"
const capref_group capref_group_plateau = {"plateau", 0, 0};
