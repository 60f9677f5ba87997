#include "CSys.h"

int csys_is_standard(int descriptor) { return descriptor >= 0 && descriptor <= 2; }
