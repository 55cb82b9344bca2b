// Grid-wide synchronisation for cooperative launches (hipLaunchCooperativeKernel): what
// hip/hip_cooperative_groups.h's grid_group::sync() and is_valid() call. The barrier lives in
// hipvk's device library (compiler/devicelib/grid_sync.hip), linked before optimisation like
// printf; its state is per launch, its address in the push constants (docs/ABI.md).
#pragma once

#include <hip/hipvk_detail/device_builtins.h>

#if defined(__HIP__)

// Every thread of the grid must call it (like __syncthreads, from uniform control flow). Writes to
// global memory made by any thread of the grid before the call are visible to every thread after
// it. Reusable any number of times per kernel. A block that waits longer than the runtime's bound
// (HIPVK_GRID_SYNC_TIMEOUT_MS, docs/RUNTIME.md) leaves the kernel, and the launch reports
// hipErrorLaunchFailure; so does a kernel not launched cooperatively, at its first call.
extern "C" __device__ __attribute__((convergent, nothrow)) void __hipvk_grid_sync();

// True only inside a cooperative launch (ROCm's grid_group::is_valid()).
static __device__ __forceinline__ bool __hipvk_grid_is_valid() { return __hipvk_grid_barrier() != 0; }

#endif  // __HIP__
