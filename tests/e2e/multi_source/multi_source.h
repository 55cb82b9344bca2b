#pragma once
#include <hip/hip_runtime.h>

__host__ __device__ inline float helper_square(float x) { return x * x; }
