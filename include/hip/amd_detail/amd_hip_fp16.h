// ROCm's hip/amd_detail/amd_hip_fp16.h, for programs that include it by name: hipvk's
// equivalent is <hip/hip_fp16.h>.
#pragma once
#include <hip/hip_fp16.h>
