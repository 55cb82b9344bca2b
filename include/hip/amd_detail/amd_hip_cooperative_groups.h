// ROCm's detail path for cooperative groups: the public header is include/hip/hip_cooperative_groups.h.
#pragma once
#include <hip/hip_cooperative_groups.h>
