// Multi-source program, part 2: a .cpp compiled as HIP (hipcc -x hip). Its own kernel, and a
// __host__ __device__ helper shared with part 1 through the header.
#include "multi_source.h"

__global__ void offset_kernel(float *data, float offset, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) data[i] += offset + helper_square(2.0f);
}

hipError_t launch_offset(float *data, float offset, int n) {
  hipLaunchKernelGGL(offset_kernel, dim3((n + 127) / 128), dim3(128), 0, 0, data, offset, n);
  return hipGetLastError();
}
