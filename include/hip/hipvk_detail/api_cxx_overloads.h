// C++ conveniences of the HIP API that ROCm offers on top of the C entry points:
//   float *p;  hipMalloc(&p, bytes);                     (no cast to void **)
//   hipLaunchKernel(kernel, grid, block, args, shmem, stream);  (a kernel, not a const void *)
// They belong with hip_runtime_api.h; until that header provides them (and then defines
// HIPVK_API_HAS_CXX_OVERLOADS), hip_runtime.h supplies them here.
#pragma once

#include <hip/hip_runtime_api.h>

#if defined(__cplusplus) && !defined(HIPVK_API_HAS_CXX_OVERLOADS)
#define HIPVK_API_HAS_CXX_OVERLOADS 1

template <class T> static inline hipError_t hipMalloc(T **devPtr, size_t size) {
  return hipMalloc(reinterpret_cast<void **>(devPtr), size);
}

template <typename F>
static inline hipError_t hipLaunchKernel(F *kernel, dim3 numBlocks, dim3 dimBlocks, void **args,
                                         size_t sharedMemBytes = 0, hipStream_t stream = 0) {
  return hipLaunchKernel(reinterpret_cast<const void *>(kernel), numBlocks, dimBlocks, args,
                         sharedMemBytes, stream);
}

#endif
