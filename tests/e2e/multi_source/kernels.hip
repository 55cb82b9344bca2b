// Multi-source program, part 1 (HIP, .hip): kernels and their launchers.
#include "multi_source.h"

__global__ void scale_kernel(float *data, float factor, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) data[i] = helper_square(data[i]) * factor;
}

hipError_t launch_scale(float *data, float factor, int n) {
  scale_kernel<<<(n + 255) / 256, 256>>>(data, factor, n);
  return hipGetLastError();
}
