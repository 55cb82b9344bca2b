// __launch_bounds__ on fixed-width code: the kernel's logical-warp form keeps exchange slots for
// its bound only, so the runtime holds launches to the bound as ROCm does (a larger block is
// hipErrorLaunchFailure), reports it in hipFuncGetAttributes and the occupancy API, and runs
// blocks within it at every width.
#include "wave_size.h"

namespace {

constexpr int kBound = 96;

// Each warp's sum by shuffles across the compile-time width, at every lane.
__global__ void __launch_bounds__(kBound) bounded_warp_sums(const int *in, int *out) {
  static_assert(warpSize == __AMDGCN_WAVEFRONT_SIZE__, "fixed-width code");
  const int i = int(blockIdx.x * blockDim.x + threadIdx.x);
  int v = in[i];
  for (int offset = warpSize / 2; offset > 0; offset /= 2) v += __shfl_xor(v, offset);
  out[i] = v;
}

}  // namespace

Outcome launch_bounds_sums(const std::vector<int> &in, int block, std::vector<int> &sums, BoundsReport &report) {
  hipFuncAttributes attributes{};
  HIP_CHECK(hipFuncGetAttributes(&attributes, reinterpret_cast<const void *>(bounded_warp_sums)));
  report.attribute_max_threads = attributes.maxThreadsPerBlock;
  int grid = 0;
  HIP_CHECK(hipOccupancyMaxPotentialBlockSize(&grid, &report.potential_block, bounded_warp_sums, 0, 0));
  report.bound = kBound;

  const int blocks = int(in.size()) / block;
  e2e::DeviceBuffer<int> d_in(in.size()), d_out(in.size());
  d_in.upload(in);
  // One thread past the bound.
  bounded_warp_sums<<<1, kBound + 1>>>(d_in, d_out);
  report.over_bound = hipGetLastError();
  bounded_warp_sums<<<blocks, block>>>(d_in, d_out);
  const hipError_t launch = hipGetLastError();
  if (launch == hipErrorNoBinaryForGpu) return Outcome::Refused;
  HIP_CHECK(launch);
  HIP_CHECK(hipDeviceSynchronize());
  sums.resize(in.size());
  d_out.download(sums);
  return Outcome::Ran;
}
