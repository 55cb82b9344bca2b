// ROCm's hip/amd_detail/amd_hip_runtime.h, for programs that include it by name: hipvk's
// equivalent is <hip/hip_runtime.h>.
#pragma once
#include <hip/hip_runtime.h>
