// threadIdx, blockIdx, blockDim, gridDim, warpSize and the old hipThreadIdx_x-style names.
//
// The index objects are empty structs whose x/y/z are MS properties (Clang enables __declspec in
// HIP mode) reading the hipvk device builtins; they also convert to dim3 and uint3. The objects are
// `static constexpr __device__`: device code that only reads .x/.y/.z never touches them, and
// after inlining nothing refers to them.
#pragma once

#include <hip/hipvk_detail/device_builtins.h>
#include <hip/hip_runtime_api.h>  // dim3
#include <hip/hip_vector_types.h>  // uint3

#if defined(__HIP__)

#define __HIPVK_COORD_MEMBER(FIELD, BUILTIN)                                             \
  __declspec(property(get = __get_##FIELD)) unsigned int FIELD;                         \
  static __device__ __forceinline__ __attribute__((const)) unsigned int __get_##FIELD() { \
    return BUILTIN();                                                                   \
  }

#define __HIPVK_COORD_TYPE(TYPE, PREFIX)                                             \
  struct TYPE {                                                                      \
    __HIPVK_COORD_MEMBER(x, PREFIX##_x)                                              \
    __HIPVK_COORD_MEMBER(y, PREFIX##_y)                                              \
    __HIPVK_COORD_MEMBER(z, PREFIX##_z)                                              \
    __device__ __forceinline__ operator dim3() const {                               \
      return dim3(__get_x(), __get_y(), __get_z());                                  \
    }                                                                                \
    __device__ __forceinline__ operator uint3() const {                              \
      return uint3(__get_x(), __get_y(), __get_z());                                 \
    }                                                                                \
  }

__HIPVK_COORD_TYPE(__hipvk_threadIdx_t, __hipvk_thread_idx);
__HIPVK_COORD_TYPE(__hipvk_blockIdx_t, __hipvk_block_idx);
__HIPVK_COORD_TYPE(__hipvk_blockDim_t, __hipvk_block_dim);
__HIPVK_COORD_TYPE(__hipvk_gridDim_t, __hipvk_grid_dim);

#undef __HIPVK_COORD_TYPE
#undef __HIPVK_COORD_MEMBER

static constexpr __device__ __hipvk_threadIdx_t threadIdx{};
static constexpr __device__ __hipvk_blockIdx_t blockIdx{};
static constexpr __device__ __hipvk_blockDim_t blockDim{};
static constexpr __device__ __hipvk_gridDim_t gridDim{};

// warpSize (docs/HIP_ON_VULKAN.md, "Wavefront size"). In the fixed-width device compilations
// (wave32, wave64) and in the host pass it is ROCm's constant, __AMDGCN_WAVEFRONT_SIZE (the host
// pass has Clang's 64, as with ROCm); in the run-time-width compilation it is the pipeline's
// subgroup size, an object (not a macro, so code may still say prop.warpSize) that converts to int.
#if defined(__HIPVK_WAVEFRONT_SIZE_AT_RUN_TIME)
struct __hipvk_warpSize_t {
  __device__ __forceinline__ operator int() const { return __hipvk_warp_size(); }
};
static constexpr __device__ __hipvk_warpSize_t warpSize{};
#else
static constexpr int warpSize = __AMDGCN_WAVEFRONT_SIZE;
#endif

#define hipThreadIdx_x (__hipvk_thread_idx_x())
#define hipThreadIdx_y (__hipvk_thread_idx_y())
#define hipThreadIdx_z (__hipvk_thread_idx_z())
#define hipBlockIdx_x (__hipvk_block_idx_x())
#define hipBlockIdx_y (__hipvk_block_idx_y())
#define hipBlockIdx_z (__hipvk_block_idx_z())
#define hipBlockDim_x (__hipvk_block_dim_x())
#define hipBlockDim_y (__hipvk_block_dim_y())
#define hipBlockDim_z (__hipvk_block_dim_z())
#define hipGridDim_x (__hipvk_grid_dim_x())
#define hipGridDim_y (__hipvk_grid_dim_y())
#define hipGridDim_z (__hipvk_grid_dim_z())

#endif  // __HIP__
