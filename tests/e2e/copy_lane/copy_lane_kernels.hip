#include "copy_lane.h"

template <typename T>
__global__ void transform(const T *in, T *out, T mul, T add, int round, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = in[i] * mul + add + T(round);
}

template <typename T>
void launch_transform(const T *in, T *out, T mul, T add, int round, int n, hipStream_t stream) {
  const int block = 160;  // not a power of two: blocks end mid-warp on every subgroup size
  transform<T><<<(n + block - 1) / block, block, 0, stream>>>(in, out, mul, add, round, n);
}

template void launch_transform<int>(const int *, int *, int, int, int, int, hipStream_t);
template void launch_transform<uint32_t>(const uint32_t *, uint32_t *, uint32_t, uint32_t, int, int, hipStream_t);

__global__ void checksum(const uint32_t *in, uint32_t *sum, int n) {
  uint32_t local = 0;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) local += in[i];
  atomicAdd(sum, local);
}

void launch_checksum(const uint32_t *in, uint32_t *sum, int n, hipStream_t stream) {
  checksum<<<48, 128, 0, stream>>>(in, sum, n);
}

__global__ void spin(uint32_t *data, int n, int rounds) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  uint32_t x = data[i];
  for (int r = 0; r < rounds; ++r) x = x * 1664525u + 1013904223u;
  data[i] = x;
}

void launch_spin(uint32_t *data, int n, int rounds, hipStream_t stream) {
  spin<<<(n + 127) / 128, 128, 0, stream>>>(data, n, rounds);
}
