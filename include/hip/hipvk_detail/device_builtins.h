// The device builtins of the hipvk kernel ABI (docs/ABI.md, "Device builtins the headers use").
// They have no definition: the hipvk backend recognises each by name and lowers it to SPIR-V
// built-ins (LocalInvocationId, WorkgroupId, SubgroupSize, ...), specialization constants or
// push constants. Everything else in the device headers is built on these.
#pragma once

#include <hip/hipvk_detail/host_defines.h>

#if defined(__HIP__)
#define __HIPVK_BUILTIN_CONST extern "C" __device__ __attribute__((const, nothrow))

__HIPVK_BUILTIN_CONST unsigned int __hipvk_thread_idx_x(void);
__HIPVK_BUILTIN_CONST unsigned int __hipvk_thread_idx_y(void);
__HIPVK_BUILTIN_CONST unsigned int __hipvk_thread_idx_z(void);
__HIPVK_BUILTIN_CONST unsigned int __hipvk_block_idx_x(void);
__HIPVK_BUILTIN_CONST unsigned int __hipvk_block_idx_y(void);
__HIPVK_BUILTIN_CONST unsigned int __hipvk_block_idx_z(void);
__HIPVK_BUILTIN_CONST unsigned int __hipvk_block_dim_x(void);
__HIPVK_BUILTIN_CONST unsigned int __hipvk_block_dim_y(void);
__HIPVK_BUILTIN_CONST unsigned int __hipvk_block_dim_z(void);
__HIPVK_BUILTIN_CONST unsigned int __hipvk_grid_dim_x(void);
__HIPVK_BUILTIN_CONST unsigned int __hipvk_grid_dim_y(void);
__HIPVK_BUILTIN_CONST unsigned int __hipvk_grid_dim_z(void);
// The subgroup size of the pipeline: a run-time value on Vulkan (4..128), never a constant.
__HIPVK_BUILTIN_CONST int __hipvk_warp_size(void);

// Workgroup execution and memory barrier (OpControlBarrier Workgroup Workgroup AcquireRelease|...).
extern "C" __device__ __attribute__((convergent, nothrow)) void __hipvk_syncthreads(void);

#undef __HIPVK_BUILTIN_CONST
#endif  // __HIP__
