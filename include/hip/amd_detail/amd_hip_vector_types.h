// ROCm's hip/amd_detail/amd_hip_vector_types.h, for programs that include it by name: hipvk's
// equivalent is <hip/hip_vector_types.h>.
#pragma once
#include <hip/hip_vector_types.h>
