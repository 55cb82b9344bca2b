#include "vecops.h"

__global__ void scale_kernel(const int *x, int *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = VECOPS_SCALE * x[i] + i;
}

hipError_t vecops_scale(const int *x, int *y, int n) {
  scale_kernel<<<(n + 127) / 128, 128>>>(x, y, n);
  return hipGetLastError();
}
