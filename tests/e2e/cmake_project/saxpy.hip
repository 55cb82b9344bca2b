#include "vecops.h"

__global__ void saxpy_kernel(float a, const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i];
}

hipError_t saxpy(float a, const float *x, float *y, int n) {
  hipLaunchKernelGGL(saxpy_kernel, dim3((n + 255) / 256), dim3(256), 0, 0, a, x, y, n);
  return hipGetLastError();
}
