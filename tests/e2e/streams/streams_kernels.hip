#include "streams.h"

template <typename T>
__global__ void affine(const T *in, T *out, T mul, T add, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = in[i] * mul + add;
}

template <typename T>
void launch_affine(const T *in, T *out, T mul, T add, int n, hipStream_t stream) {
  const int block = 96;  // not a power of two: blocks end mid-warp on every subgroup size
  affine<T><<<(n + block - 1) / block, block, 0, stream>>>(in, out, mul, add, n);
}

template void launch_affine<int>(const int *, int *, int, int, int, hipStream_t);
template void launch_affine<double>(const double *, double *, double, double, int, hipStream_t);
template void launch_affine<uint64_t>(const uint64_t *, uint64_t *, uint64_t, uint64_t, int, hipStream_t);

__global__ void busy(uint32_t *data, int n, int rounds) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  uint32_t x = data[i];
  for (int r = 0; r < rounds; ++r) x = x * 1664525u + 1013904223u;
  data[i] = x;
}

void launch_busy(uint32_t *data, int n, int rounds, hipStream_t stream) {
  busy<<<(n + 63) / 64, 64, 0, stream>>>(data, n, rounds);
}
