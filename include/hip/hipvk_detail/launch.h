// Kernel launch helpers of hip_runtime.h: hipLaunchKernelGGL, HIP_KERNEL_NAME.
#pragma once

// HIP_KERNEL_NAME protects the commas of a template kernel name inside the macro below:
//   hipLaunchKernelGGL(HIP_KERNEL_NAME(kernel<float, 4>), grid, block, shmem, stream, args...)
#define HIP_KERNEL_NAME(...) __VA_ARGS__
#define HIP_SYMBOL(X) (X)

#if defined(__HIP__)
// Same expansion as ROCm: a triple-chevron launch (Clang emits __hipPushCallConfiguration and the
// stub that calls hipLaunchKernel).
#define hipLaunchKernelGGLInternal(kernelName, numBlocks, numThreads, memPerBlock, streamId, ...) \
  do {                                                                                             \
    kernelName<<<(numBlocks), (numThreads), (memPerBlock), (streamId)>>>(__VA_ARGS__);             \
  } while (0)
#define hipLaunchKernelGGL(kernelName, ...) hipLaunchKernelGGLInternal((kernelName), __VA_ARGS__)
#endif  // __HIP__
