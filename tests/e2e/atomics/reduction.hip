// The last-block-done reduction (CUDA's threadFenceReduction sample): each block writes its partial
// sum, fences, and takes a ticket; the block that takes the last ticket sums all partials. Correct
// only if __threadfence() makes each partial visible before its ticket.
#include "atomics.h"

#include <memory>

namespace {

template <typename T, unsigned kBlock>
__global__ void sum_all(const T *in, unsigned n, T *partials, unsigned *tickets, T *total) {
  __shared__ T cache[kBlock];
  __shared__ bool last;
  T v = 0;
  for (unsigned i = blockIdx.x * kBlock + threadIdx.x; i < n; i += gridDim.x * kBlock) v += in[i];
  cache[threadIdx.x] = v;
  __syncthreads();
  for (unsigned s = kBlock / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s) cache[threadIdx.x] += cache[threadIdx.x + s];
    __syncthreads();
  }
  if (threadIdx.x == 0) {
    partials[blockIdx.x] = cache[0];
    __threadfence();
    last = atomicInc(tickets, gridDim.x) == gridDim.x - 1;
  }
  __syncthreads();
  if (last && threadIdx.x == 0) {
    T sum = 0;
    for (unsigned b = 0; b < gridDim.x; ++b) sum += __hip_atomic_load(&partials[b], __ATOMIC_ACQUIRE, __HIP_MEMORY_SCOPE_AGENT);
    *total = sum;
    __hip_atomic_store(tickets, 0u, __ATOMIC_RELEASE, __HIP_MEMORY_SCOPE_AGENT);  // ready for the next launch
  }
}

template <typename T, unsigned kBlock> void run(const char *name, unsigned n, unsigned blocks) {
  std::vector<T> in(n);
  auto r = pseudo_random(n, 5);
  for (unsigned i = 0; i < n; ++i) in[i] = static_cast<T>(r[i] % 1000);
  e2e::DeviceBuffer<T> d_in(n), partials(blocks), total(1);
  e2e::DeviceBuffer<unsigned> tickets(1);
  d_in.upload(in);
  HIP_CHECK(hipMemset(tickets, 0, sizeof(unsigned)));
  for (int launch = 0; launch < 3; ++launch) {
    HIP_CHECK(hipMemset(total, 0, sizeof(T)));
    sum_all<T, kBlock><<<blocks, kBlock>>>(d_in, n, partials, tickets, total);
    if (!e2e::launched(name)) return;  // 64-bit atomics on a device without them
    // Per-block sums of integers below 2^24 are exact in float; the reference adds in the
    // device's order: per block as the tree does, then block by block.
    std::vector<T> block_sums(blocks);
    for (unsigned b = 0; b < blocks; ++b) {
      std::vector<T> lane(kBlock);
      for (unsigned t = 0; t < kBlock; ++t)
        for (unsigned i = b * kBlock + t; i < n; i += blocks * kBlock) lane[t] += in[i];
      for (unsigned s = kBlock / 2; s > 0; s >>= 1)
        for (unsigned t = 0; t < s; ++t) lane[t] += lane[t + s];
      block_sums[b] = lane[0];
    }
    T want = 0;
    for (T s : block_sums) want += s;
    std::vector<T> got(1);
    total.download(got);
    e2e::expect_eq(name, launch, got[0], want);
  }
}

}  // namespace

void test_fenced_reduction() {
  run<unsigned long long, 128>("fenced reduction (u64)", 999983, 97);
  run<float, 256>("fenced reduction (float)", 65537, 13);
  run<double, 64>("fenced reduction (double)", 300007, 41);
}
