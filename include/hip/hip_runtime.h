// The HIP runtime header: the host API (hip_runtime_api.h) plus everything device code uses —
// qualifiers, threadIdx/blockIdx/blockDim/gridDim, warpSize, __syncthreads, vector types, basic
// math and the launch macros. hipcc force-includes it in every HIP translation unit, as Clang's
// own HIP headers would be (hipvk compiles with -nogpuinc, so Clang's wrappers are never used).
//
// A plain C++ translation unit (host compiler, no -x hip) may include it too: it then gets the
// host API, the vector types and empty qualifiers.
#pragma once

#include <hip/hipvk_detail/host_defines.h>

#if defined(__cplusplus)
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <climits>
// What ROCm's hip_runtime.h brings besides HIP, which real code uses without including it (rocPRIM
// times its kernels with std::chrono): <thread> (and through it <chrono>), <algorithm>, <array>,
// <limits>, <type_traits>, <iosfwd>, and C's stdio.h and assert.h.
#include <algorithm>
#include <array>
#include <cassert>
#include <cstdio>
#include <iosfwd>
#include <limits>
#include <thread>
#include <type_traits>
#else
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <limits.h>
#endif

#include <hip/hip_runtime_api.h>
#include <hip/hip_vector_types.h>

#if defined(__HIP__)
#include <hip/hipvk_detail/device_builtins.h>
#include <hip/hipvk_detail/thread_indices.h>
#include <hip/hipvk_detail/device_functions.h>
#include <hip/hipvk_detail/device_diagnostics.h>
#include <hip/hipvk_detail/atomics.h>
#include <hip/hipvk_detail/warp_functions.h>
#include <hip/hipvk_detail/math_functions.h>
#endif
#include <hip/hipvk_detail/launch.h>
#if defined(__cplusplus)
// hipCreateChannelDesc<T>(), as ROCm's hip_runtime.h has it (after the device functions: it brings
// hip_fp16.h, whose conversions use the device memcpy).
#include <hip/channel_descriptor.h>
#endif
