// Device code loaded at run time with hipModuleLoad/hipModuleLoadData (tests/e2e/module_api.hip
// and module_errors.hip). Compiled with `hipcc -c --save-temps`, whose .hipfb is the code object.
#include "module_shared.h"

// __constant__ and __device__ globals that the host reaches through hipModuleGetGlobal.
__constant__ float coeffs[8] = {1, 2, 3, 4, 5, 6, 7, 8};
__device__ int launches;

extern "C" __global__ void scale_add(float *out, const float *in, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = a * in[i] + coeffs[i % 8];
  if (i == 0) launches += 1;
}

template <typename T> __global__ void axpy(T *y, const T *x, T a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i];
}
template __global__ void axpy<float>(float *, const float *, float, int);
template __global__ void axpy<double>(double *, const double *, double, int);

// Mixed scalar sizes and alignments: the `extra` buffer must match this layout exactly.
extern "C" __global__ void mixed(char c, double d, int i, long long *out, short s, float f) {
  out[blockIdx.x * blockDim.x + threadIdx.x] =
      (long long)c * 1000000 + (long long)(d * 1000) + i * 100 + s * 10 + (long long)f;
}

// By-value struct of more than 96 bytes: arguments travel in an argument buffer.
extern "C" __global__ void big_struct(BigArgs args, int *out) {
  int i = threadIdx.x;
  if (i < 24) out[i] = args.values[i] * args.scale + (int)args.tag;
}

// Static shared memory, for hipFuncGetAttribute(HIP_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES).
extern "C" __global__ void block_sum(const int *in, int *out) {
  __shared__ int tile[64];
  int t = threadIdx.x;
  tile[t] = in[blockIdx.x * 64 + t];
  __syncthreads();
  for (int stride = 32; stride > 0; stride /= 2) {
    if (t < stride) tile[t] += tile[t + stride];
    __syncthreads();
  }
  if (t == 0) out[blockIdx.x] = tile[0];
}
