#include "disjoint_pointers.h"

#include "test_common.h"

namespace disjoint {

__device__ float g_offsets[4] = {0.25f, -1.0f, 2.0f, 0.125f};
__device__ float g_scale[4] = {0.5f, 1.5f, -2.0f, 3.0f};

template <int C>
__global__ void reverse_tiles(const float *in, const float *scale, const float *bias, float *out, int n) {
  __shared__ float tile[kBlock];
  const int base = blockIdx.x * kBlock, t = threadIdx.x, i = base + t;
  float v = 0.0f;
  if (i < n) {
    v = in[i] * scale[i % 4] + g_offsets[i % 4];
    if (bias) v += bias[i % 4];
  }
  tile[t] = v;
  // Orders this block's reads of `in` before its writes of `out`: with out == in the tile is
  // reversed in place.
  __syncthreads();
  const int last = min(kBlock, n - base) - 1, j = base + last - t;
  if (t <= last) out[j] = tile[t];
}

template <int C> void reverseTiles(const float *in, const float *scale, const float *bias, float *out, int n) {
  reverse_tiles<C><<<(n + kBlock - 1) / kBlock, kBlock>>>(in, scale, bias, out, n);
}

template void reverseTiles<kDistinct>(const float *, const float *, const float *, float *, int);
template void reverseTiles<kInPlace>(const float *, const float *, const float *, float *, int);
template void reverseTiles<kModuleScale>(const float *, const float *, const float *, float *, int);
template void reverseTiles<kSharedBuffer>(const float *, const float *, const float *, float *, int);
template void reverseTiles<kDistinctBias>(const float *, const float *, const float *, float *, int);

const float *moduleScale() {
  void *address = nullptr;
  HIP_CHECK(hipGetSymbolAddress(&address, HIP_SYMBOL(g_scale)));
  return static_cast<const float *>(address);
}

std::vector<float> reference(const std::vector<float> &in, const float *scale, const float *bias, int n) {
  const float offsets[4] = {0.25f, -1.0f, 2.0f, 0.125f};
  std::vector<float> out(n);
  for (int base = 0; base < n; base += kBlock) {
    const int last = std::min(kBlock, n - base) - 1;
    for (int t = 0; t <= last; ++t) {
      const int i = base + t;
      float v = in[i] * scale[i % 4] + offsets[i % 4];
      if (bias) v += bias[i % 4];
      out[base + last - t] = v;
    }
  }
  return out;
}

} // namespace disjoint
