// ROCm's hip/math_functions.h: the device math functions of
// hip_runtime.h, for code that includes this header by name.
#pragma once
#include <hip/hip_runtime.h>
