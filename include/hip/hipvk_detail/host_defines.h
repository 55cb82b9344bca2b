// Function and variable qualifiers of HIP, for host and device compilation alike.
#pragma once

#define __host__ __attribute__((host))
#define __device__ __attribute__((device))
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __managed__ __attribute__((managed))
#define __noinline__ __attribute__((noinline))
#define __forceinline__ inline __attribute__((always_inline))
#define __launch_bounds__(...) __attribute__((amdgpu_flat_work_group_size(1, __HIPVK_FIRST_ARG(__VA_ARGS__))))
#define __HIPVK_FIRST_ARG(first, ...) first

#if defined(__HIP_DEVICE_COMPILE__)
#define __HIPVK_DEVICE_COMPILE__ 1
#endif
