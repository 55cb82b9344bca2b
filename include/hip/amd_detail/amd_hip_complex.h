// ROCm's hip/amd_detail/amd_hip_complex.h, for programs that include it by name: hipvk's
// equivalent is <hip/hip_complex.h>.
#pragma once
#include <hip/hip_complex.h>
