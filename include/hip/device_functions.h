// ROCm's hip/device_functions.h: the device functions (__syncthreads, memcpy, memset, ...) of
// hip_runtime.h, for code that includes this header by name.
#pragma once
#include <hip/hip_runtime.h>
