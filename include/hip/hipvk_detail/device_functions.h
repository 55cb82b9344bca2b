// Synchronisation and small device functions.
#pragma once

#include <hip/hipvk_detail/device_builtins.h>

#if defined(__HIP__)

// Waits until every thread of the block has reached it; makes shared and global memory writes
// made before it visible to the block.
__device__ __forceinline__ __attribute__((convergent)) void __syncthreads() { __hipvk_syncthreads(); }

#endif  // __HIP__

// Dynamic shared memory, sized by the launch's shared-memory argument (ROCm's macro). Every such
// declaration of a kernel names the same memory, which follows the kernel's static __shared__
// variables.
#define HIP_DYNAMIC_SHARED(type, var) extern __shared__ type var[];
