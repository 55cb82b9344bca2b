// ROCm's hip/amd_detail/amd_hip_common.h, for programs that include it by name: hipvk's
// equivalent is <hip/hip_common.h>.
#pragma once
#include <hip/hip_common.h>
