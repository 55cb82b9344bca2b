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

// __noinline__: Clang >= 15 knows it as a keyword in HIP/CUDA mode (so that libstdc++'s
// __attribute__((__noinline__)) in <memory>, <future>, <thread>, <regex> keeps working); a macro
// would break those headers. Older Clang in HIP mode gets the attribute; a host compiler gets an
// empty macro (libstdc++'s __attribute__((__noinline__)) then becomes the harmless
// __attribute__(())). This is what ROCm's headers do.
#if defined(__HIP__) || defined(__CUDA__)
#if !defined(__has_feature)
#define __noinline__ __attribute__((noinline))
#elif !__has_feature(cuda_noinline_keyword)
#define __noinline__ __attribute__((noinline))
#endif
#define __forceinline__ inline __attribute__((always_inline))
#else
#define __noinline__
#define __forceinline__ inline
#endif
#define __HIPVK_FIRST_ARG(first, ...) first

// __align__(n): CUDA/HIP spelling of the alignment attribute (GCC and Clang both accept it).
#ifndef __align__
#define __align__(n) __attribute__((aligned(n)))
#endif

// ---- device-compilation and architecture-feature macros -------------------------------------------
// Clang defines __HIP__, __HIPCC__ and (device pass only) __HIP_DEVICE_COMPILE__ itself. In the
// device passes hipvk compiles for AMD targets whose wavefront size is the one the code will run
// at (gfx1030 for wave32, gfx900 for wave64, or the --offload-arch targets), so Clang also defines
// __AMDGCN__, __gfxNNNN__ and __AMDGCN_WAVEFRONT_SIZE__; the run-time-width pass defines none of
// the target macros (docs/HIP_ON_VULKAN.md, "Wavefront size").
//
// __HIP_ARCH_HAS_*__: the same names and values as ROCm's (1 in the device pass for features
// every Vulkan device hipvk accepts offers or will offer through the matching hipvk issue, 0 on
// the host). Atomics and warp vote/ballot/shuffle are announced as ROCm announces them: they are
// part of hipvk's plan (docs/HIP_ON_VULKAN.md says which are implemented today; using one that is
// not yet is a compile error, never wrong code). Doubles: 1 (devices without shaderFloat64 get
// software fp64 variants, see DESIGN.md). Funnel shift, sync-thread extensions, surface functions
// and dynamic parallelism: 0, as on ROCm.
#if defined(__HIP_DEVICE_COMPILE__) && __HIP_DEVICE_COMPILE__
#define __HIPVK_ARCH_FEATURE 1
#else
#define __HIPVK_ARCH_FEATURE 0
#endif
#ifndef __HIP_ARCH_HAS_GLOBAL_INT32_ATOMICS__
#define __HIP_ARCH_HAS_GLOBAL_INT32_ATOMICS__ (__HIPVK_ARCH_FEATURE)
#define __HIP_ARCH_HAS_GLOBAL_FLOAT_ATOMIC_EXCH__ (__HIPVK_ARCH_FEATURE)
#define __HIP_ARCH_HAS_SHARED_INT32_ATOMICS__ (__HIPVK_ARCH_FEATURE)
#define __HIP_ARCH_HAS_SHARED_FLOAT_ATOMIC_EXCH__ (__HIPVK_ARCH_FEATURE)
#define __HIP_ARCH_HAS_FLOAT_ATOMIC_ADD__ (__HIPVK_ARCH_FEATURE)
#define __HIP_ARCH_HAS_GLOBAL_INT64_ATOMICS__ (__HIPVK_ARCH_FEATURE)
#define __HIP_ARCH_HAS_SHARED_INT64_ATOMICS__ (__HIPVK_ARCH_FEATURE)
#define __HIP_ARCH_HAS_DOUBLES__ (__HIPVK_ARCH_FEATURE)
#define __HIP_ARCH_HAS_WARP_VOTE__ (__HIPVK_ARCH_FEATURE)
#define __HIP_ARCH_HAS_WARP_BALLOT__ (__HIPVK_ARCH_FEATURE)
#define __HIP_ARCH_HAS_WARP_SHUFFLE__ (__HIPVK_ARCH_FEATURE)
#define __HIP_ARCH_HAS_WARP_FUNNEL_SHIFT__ (0)
#define __HIP_ARCH_HAS_THREAD_FENCE_SYSTEM__ (__HIPVK_ARCH_FEATURE)
#define __HIP_ARCH_HAS_SYNC_THREAD_EXT__ (0)
#define __HIP_ARCH_HAS_SURFACE_FUNCS__ (0)
#define __HIP_ARCH_HAS_3DGRID__ (__HIPVK_ARCH_FEATURE)
#define __HIP_ARCH_HAS_DYNAMIC_PARALLEL__ (0)
#endif

// Symbol visibility of the public API (ROCm's names).
#if defined(__GNUC__) || defined(__clang__)
#ifndef HIP_PUBLIC_API
#define HIP_PUBLIC_API __attribute__((visibility("default")))
#endif
#ifndef HIP_INTERNAL_EXPORTED_API
#define HIP_INTERNAL_EXPORTED_API __attribute__((visibility("default")))
#endif
#else
#define HIP_PUBLIC_API
#define HIP_INTERNAL_EXPORTED_API
#endif

// ROCm marks image/texture functions with it when the device has no image support.
#ifndef __hip_img_chk__
#define __hip_img_chk__
#endif

#if defined(__HIP_DEVICE_COMPILE__)
#define __HIPVK_DEVICE_COMPILE__ 1
#endif
