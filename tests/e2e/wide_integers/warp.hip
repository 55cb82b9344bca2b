// 64-bit values across lanes: shuffles, a shuffle-tree sum, and a block sum through shared memory.
#include "wide_integers.h"

namespace wide {
namespace {

__global__ void lane_sums(const unsigned long long *in, unsigned long long *warpSums, long long *rotated, unsigned long long *blockSums) {
  __shared__ unsigned long long partial[1024 / 4];
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int lane = threadIdx.x % warpSize;
  unsigned long long v = in[i];
  rotated[i] = (long long)__shfl(v, (lane + 1) % warpSize); // from the next lane, wrapping
  unsigned long long sum = v;
  for (int offset = warpSize / 2; offset > 0; offset /= 2) sum += __shfl_xor(sum, offset);
  warpSums[i] = sum;
  if (lane == 0) partial[threadIdx.x / warpSize] = sum;
  __syncthreads();
  if (threadIdx.x == 0) {
    unsigned long long total = 0;
    for (int w = 0; w < int(blockDim.x) / warpSize; ++w) total += partial[w];
    blockSums[blockIdx.x] = total;
  }
}

} // namespace

int check_warp() {
  const int blocks = 5, threads = 128, n = blocks * threads;
  int warpSize = 0;
  HIP_CHECK(hipDeviceGetAttribute(&warpSize, hipDeviceAttributeWarpSize, 0));
  std::vector<unsigned long long> in = inputs<unsigned long long>(n, 91);
  e2e::DeviceBuffer<unsigned long long> din(n), dwarp(n), dblock(blocks);
  e2e::DeviceBuffer<long long> drot(n);
  din.upload(in);
  lane_sums<<<blocks, threads>>>(din.ptr, dwarp.ptr, drot.ptr, dblock.ptr);
  HIP_CHECK_LAUNCH();
  std::vector<unsigned long long> warpSums(n), blockSums(blocks);
  std::vector<long long> rotated(n);
  dwarp.download(warpSums);
  drot.download(rotated);
  dblock.download(blockSums);
  int mismatches = 0;
  for (int b = 0; b < blocks; ++b) {
    unsigned long long blockTotal = 0;
    for (int w = 0; w < threads / warpSize; ++w) {
      const int first = b * threads + w * warpSize;
      unsigned long long sum = 0;
      for (int l = 0; l < warpSize; ++l) sum += in[first + l];
      blockTotal += sum;
      for (int l = 0; l < warpSize; ++l) {
        mismatches += !e2e::expect_eq("warp sum", first + l, warpSums[first + l], sum);
        mismatches += !e2e::expect_eq("shuffled value", first + l, rotated[first + l], (long long)in[first + (l + 1) % warpSize]);
      }
    }
    mismatches += !e2e::expect_eq("block sum", b, blockSums[b], blockTotal);
  }
  return mismatches;
}

} // namespace wide
