// ROCm's hip/amd_detail/amd_hip_bf16.h, for programs that include it by name: hipvk's
// equivalent is <hip/hip_bf16.h>.
#pragma once
#include <hip/hip_bf16.h>
