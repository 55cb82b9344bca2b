// Code written for CUDA's 32-lane warps: literal shuffle distances, lane = tid & 31, full ballots
// compared with 0xffffffff. Its run-time-width form shuffles 16 lanes away, so it needs subgroups of
// at least 17 lanes: hipvk runs its wave32 form where the device runs 32 lanes natively and as
// logical 32-lane warps elsewhere, with CUDA's results on both. The last step of a CUDA block
// reduction (the first warp alone, `if (threadIdx.x < 32)`) has no logical-warp form: the block's
// other warps would miss the exchanges' barriers; a narrower device refuses its launch.
#include "wave_size.h"

namespace {

__global__ void warp_sums_kernel(const int *in, int *sums, int *full, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int lane = threadIdx.x & 31;
  int v = i < n ? in[i] : 0;
  for (int offset = 16; offset > 0; offset >>= 1) v += __shfl_xor(v, offset);
  const unsigned ballot = static_cast<unsigned>(__ballot(i < n));
  if (lane == 0) {
    sums[i / 32] = v;
    full[i / 32] = ballot == 0xffffffffu;
  }
}

__global__ void first_warp_sum_kernel(const int *in, int *out) {
  int v = in[blockIdx.x * blockDim.x + threadIdx.x];
  if (threadIdx.x < 32) {
    for (int offset = 16; offset > 0; offset >>= 1) v += __shfl_down(v, offset);
    if (threadIdx.x == 0) out[blockIdx.x] = v;
  }
}

}  // namespace

Outcome first_warp_sums(const std::vector<int> &in, int block, std::vector<int> &sums) {
  const int blocks = int(in.size()) / block;
  e2e::DeviceBuffer<int> d_in(in.size()), d_sums(blocks);
  d_in.upload(in);
  first_warp_sum_kernel<<<blocks, block>>>(d_in, d_sums);
  const hipError_t launch = hipGetLastError();
  if (launch == hipErrorNoBinaryForGpu) return Outcome::Refused;
  HIP_CHECK(launch);
  HIP_CHECK(hipDeviceSynchronize());
  sums.resize(blocks);
  d_sums.download(sums);
  return Outcome::Ran;
}

Outcome cuda_warp_sums(const std::vector<int> &in, std::vector<int> &sums, std::vector<int> &full_ballot) {
  const int n = int(in.size()), block = 128, warps = (n + block - 1) / block * (block / 32);
  e2e::DeviceBuffer<int> d_in(n), d_sums(warps), d_full(warps);
  d_in.upload(in);
  warp_sums_kernel<<<(n + block - 1) / block, block>>>(d_in, d_sums, d_full, n);
  const hipError_t launch = hipGetLastError();
  if (launch == hipErrorNoBinaryForGpu) return Outcome::Refused;
  HIP_CHECK(launch);
  HIP_CHECK(hipDeviceSynchronize());
  sums.resize(warps);
  full_ballot.resize(warps);
  d_sums.download(sums);
  d_full.download(full_ballot);
  return Outcome::Ran;
}
