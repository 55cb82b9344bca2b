// Function and variable qualifiers of HIP, for host and device compilation alike.
//
// Under Clang in HIP mode (__HIP__) they are Clang's CUDA/HIP attributes. Compiled as plain C++
// (a host-only .cpp that includes <hip/hip_runtime.h> or <hip/hip_runtime_api.h>) they expand to
// nothing, like ROCm's headers do for a host compiler.
#pragma once

// ---- platform macros: hipvk implements the AMD flavour of HIP --------------------------------------
#if defined(__HIP_PLATFORM_NVIDIA__) || defined(__HIP_PLATFORM_NVCC__)
#error "hipvk implements HIP's AMD platform (__HIP_PLATFORM_AMD__); do not define __HIP_PLATFORM_NVIDIA__"
#endif
#ifndef __HIP_PLATFORM_AMD__
#define __HIP_PLATFORM_AMD__ 1
#endif
#ifndef __HIPVK__
#define __HIPVK__ 1
#endif
#if defined(__clang__) && defined(__HIP__) && !defined(__HIP_CLANG_ONLY__)
#define __HIP_CLANG_ONLY__ 1
#endif

#if defined(__HIP__) || defined(__CUDA__)
#define __host__ __attribute__((host))
#define __device__ __attribute__((device))
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __managed__ __attribute__((managed))
#define __launch_bounds__(...) \
  __attribute__((amdgpu_flat_work_group_size(1, __HIPVK_FIRST_ARG(__VA_ARGS__))))
#else
#define __host__
#define __device__
#define __global__
#define __shared__
#define __constant__
#define __managed__
#define __launch_bounds__(...)
#endif
#define __noinline__ __attribute__((noinline))
#define __forceinline__ inline __attribute__((always_inline))
#define __HIPVK_FIRST_ARG(first, ...) first

#if defined(__HIP_DEVICE_COMPILE__)
#define __HIPVK_DEVICE_COMPILE__ 1
#endif
