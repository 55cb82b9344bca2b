// ROCm's hip/amd_detail/amd_device_functions.h, for programs that include it by name: hipvk's
// equivalent is <hip/hip_runtime.h>.
#pragma once
#include <hip/hip_runtime.h>
