/* placeholder until the cheerios quantities land */
#include "capref.h"
const capref_group capref_group_cheerios = {"cheerios", 0, 0};
