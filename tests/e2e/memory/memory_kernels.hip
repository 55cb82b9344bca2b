#include "memory.h"

template <typename T>
__global__ void affine(const T *in, T *out, T mul, T add, size_t n) {
  size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i < n) out[i] = in[i] * mul + add;
}

template <typename T>
void launch_affine(const T *in, T *out, T mul, T add, size_t n, hipStream_t stream) {
  const unsigned block = 80;  // not a power of two: blocks end mid-warp
  affine<T><<<unsigned((n + block - 1) / block), block, 0, stream>>>(in, out, mul, add, n);
}

template void launch_affine<int>(const int *, int *, int, int, size_t, hipStream_t);
template void launch_affine<float>(const float *, float *, float, float, size_t, hipStream_t);
template void launch_affine<uint64_t>(const uint64_t *, uint64_t *, uint64_t, uint64_t, size_t, hipStream_t);

__global__ void pitched_mark(uint32_t *base, size_t pitch, int rows, int cols) {
  int c = blockIdx.x * blockDim.x + threadIdx.x;
  int r = blockIdx.y;
  if (c >= cols || r >= rows) return;
  uint32_t *row = reinterpret_cast<uint32_t *>(reinterpret_cast<char *>(base) + size_t(r) * pitch);
  row[c] += uint32_t(r * 1000 + c);
}

void launch_pitched_mark(uint32_t *base, size_t pitch, int rows, int cols, hipStream_t stream) {
  dim3 block(64), grid((cols + 63) / 64, rows);
  pitched_mark<<<grid, block, 0, stream>>>(base, pitch, rows, cols);
}

__global__ void increment(int *data, size_t n) {
  size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i < n) data[i] += 1;
}

void launch_increment(int *data, size_t n, hipStream_t stream) {
  increment<<<unsigned((n + 127) / 128), 128, 0, stream>>>(data, n);
}
