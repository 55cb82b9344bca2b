// ROCm's hip/amd_detail/amd_hip_runtime_api.h, for programs that include it by name: hipvk's
// equivalent is <hip/hip_runtime_api.h>.
#pragma once
#include <hip/hip_runtime_api.h>
