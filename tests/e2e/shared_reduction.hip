// Block reduction in static __shared__ memory with __syncthreads(): a tree reduction per block of
// 256 threads, then a second kernel reduces the block sums. Also a shared-memory tile reversal,
// where each thread reads what another thread wrote.
#include "test_common.h"

#include <vector>

constexpr int kBlock = 256;

__global__ void block_sum(const int *in, long long *block_sums, int n) {
  __shared__ long long partial[kBlock];
  int tid = threadIdx.x;
  int i = blockIdx.x * blockDim.x + tid;
  partial[tid] = i < n ? in[i] : 0;
  __syncthreads();
  for (int stride = blockDim.x / 2; stride > 0; stride >>= 1) {
    if (tid < stride) partial[tid] += partial[tid + stride];
    __syncthreads();
  }
  if (tid == 0) block_sums[blockIdx.x] = partial[0];
}

__global__ void final_sum(const long long *block_sums, long long *total, int count) {
  __shared__ long long partial[kBlock];
  long long acc = 0;
  for (int i = threadIdx.x; i < count; i += blockDim.x) acc += block_sums[i];
  partial[threadIdx.x] = acc;
  __syncthreads();
  for (int stride = blockDim.x / 2; stride > 0; stride >>= 1) {
    if (threadIdx.x < stride) partial[threadIdx.x] += partial[threadIdx.x + stride];
    __syncthreads();
  }
  if (threadIdx.x == 0) *total = partial[0];
}

__global__ void reverse_tiles(const float *in, float *out) {
  __shared__ float tile[kBlock];
  int base = blockIdx.x * kBlock;
  tile[threadIdx.x] = in[base + threadIdx.x];
  __syncthreads();
  out[base + threadIdx.x] = tile[kBlock - 1 - threadIdx.x];
}

int main() {
  const int n = 1000000;
  std::vector<int> in(n);
  for (int i = 0; i < n; ++i) in[i] = (i * 37) % 1001 - 500;
  const int blocks = (n + kBlock - 1) / kBlock;
  e2e::DeviceBuffer<int> din(n);
  e2e::DeviceBuffer<long long> dsums(blocks), dtotal(1);
  din.upload(in);
  block_sum<<<blocks, kBlock>>>(din, dsums, n);
  HIP_CHECK_LAUNCH();
  final_sum<<<1, kBlock>>>(dsums, dtotal, blocks);
  HIP_CHECK_LAUNCH();

  std::vector<long long> sums(blocks);
  dsums.download(sums);
  long long total_ref = 0;
  for (int b = 0; b < blocks; ++b) {
    long long s = 0;
    for (int i = b * kBlock; i < (b + 1) * kBlock && i < n; ++i) s += in[i];
    e2e::expect_eq("block_sums", b, sums[b], s);
    total_ref += s;
  }
  long long total = 0;
  HIP_CHECK(hipMemcpy(&total, dtotal, sizeof total, hipMemcpyDeviceToHost));
  e2e::expect_eq("total", 0, total, total_ref);

  const int tiles = 100;
  std::vector<float> f(tiles * kBlock), r(tiles * kBlock);
  for (size_t i = 0; i < f.size(); ++i) f[i] = static_cast<float>(i);
  e2e::DeviceBuffer<float> df(f.size()), dr(f.size());
  df.upload(f);
  reverse_tiles<<<tiles, kBlock>>>(df, dr);
  HIP_CHECK_LAUNCH();
  dr.download(r);
  for (int t = 0; t < tiles; ++t)
    for (int i = 0; i < kBlock; ++i)
      e2e::expect_eq("reverse_tiles", t * kBlock + i, r[t * kBlock + i], f[t * kBlock + kBlock - 1 - i]);
  return e2e::finish("shared_reduction");
}
