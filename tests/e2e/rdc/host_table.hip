// No kernels: host code and a __device__ table of this translation unit alone.
#include "particles.h"

__device__ float d_weights[37];

int uploadWeights(const float *weights, int count) {
  return hipMemcpyToSymbol(HIP_SYMBOL(d_weights), weights, count * sizeof(float)) == hipSuccess ? 0 : 1;
}
int readWeights(float *weights, int count) {
  return hipMemcpyFromSymbol(weights, HIP_SYMBOL(d_weights), count * sizeof(float)) == hipSuccess ? 0 : 1;
}
