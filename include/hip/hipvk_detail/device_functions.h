// Synchronisation and small device functions.
#pragma once

#include <hip/hipvk_detail/device_builtins.h>

#include <stddef.h>

#if defined(__HIP__)

// Waits until every thread of the block has reached it; makes shared and global memory writes
// made before it visible to the block.
__device__ __forceinline__ __attribute__((convergent)) void __syncthreads() { __hipvk_syncthreads(); }

// Device-side memcpy and memset (ROCm declares both for device code). They overload the C
// library's host functions by target, so <cstring>/<string.h> may come before or after. The
// compiler turns them into byte/word loops (hipvk-lower-mem-intrinsics); the pointers may point to
// global, __shared__ or local memory, at any alignment and for any size.
__device__ __forceinline__ void *memcpy(void *dst, const void *src, size_t size) {
  return __builtin_memcpy(dst, src, size);
}
__device__ __forceinline__ void *memset(void *dst, int value, size_t size) {
  return __builtin_memset(dst, value, size);
}

// Clocks, declared as ROCm declares them (long long). clock()/clock64() count the shader clock at
// Subgroup scope, in units of hipDeviceAttributeClockRate kHz; wall_clock64() the Device-scope clock,
// in units of hipDeviceAttributeWallClockRate kHz (the runtime measures both rates: Vulkan does not
// report them). clock() overloads the C library's host clock() by target, as in ROCm.
__device__ __forceinline__ long long __clock64() { return static_cast<long long>(__hipvk_clock_subgroup()); }
__device__ __forceinline__ long long __clock() { return __clock64(); }
__device__ __forceinline__ long long clock64() { return __clock64(); }
__device__ __forceinline__ long long clock() { return __clock(); }
__device__ __forceinline__ long long wall_clock64() { return static_cast<long long>(__hipvk_clock_device()); }

#endif  // __HIP__

// Dynamic shared memory, sized by the launch's shared-memory argument (ROCm's macro). Every such
// declaration of a kernel names the same memory, which follows the kernel's static __shared__
// variables.
#define HIP_DYNAMIC_SHARED(type, var) extern __shared__ type var[];
