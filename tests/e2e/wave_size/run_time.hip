// Code that asks warpSize at run time: a warp reduction over the device's own width. It runs on every
// device: at 4-16 lanes on lavapipe through its run-time-width form, at 32 on NVIDIA.
#include "wave_size.h"

namespace {

__global__ void warp_sums_kernel(int *sums, int *width) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  int v = t * 3 + 1;
  for (int offset = warpSize / 2; offset > 0; offset /= 2) v += __shfl_xor(v, offset);
  if (threadIdx.x % warpSize == 0) sums[t / warpSize] = v;
  if (t == 0) *width = warpSize;
}

// A table whose contents depend on the form (internal linkage, so not an error): each form has its
// own, and both fixed forms place theirs in the global segment beyond the run-time form's part
// (WaveVariants.cpp compiles the later one again so that they do not overlap). The run-time form
// (hipcc defines __HIPVK_WAVEFRONT_SIZE_AT_RUN_TIME for it) tags its table 0.
#if defined(__HIPVK_WAVEFRONT_SIZE_AT_RUN_TIME)
constexpr unsigned kFormTag = 0;
#else
constexpr unsigned kFormTag = __AMDGCN_WAVEFRONT_SIZE__;
#endif
__device__ const unsigned form_tags[3] = {kFormTag, kFormTag + 1, 3 * kFormTag + 7};

// Read at a thread's index, so that the table stays in memory (constant indices would fold it).
__global__ void form_tags_kernel(unsigned *out) {
  if (threadIdx.x < 3) out[threadIdx.x] = form_tags[threadIdx.x];
  if (threadIdx.x == 0) out[3] = warpSize;
}

}  // namespace

void form_tables(unsigned &tag, std::vector<unsigned> &table, unsigned &warp_size) {
  e2e::DeviceBuffer<unsigned> d_out(4);
  form_tags_kernel<<<1, 3>>>(d_out);
  HIP_CHECK_LAUNCH();
  std::vector<unsigned> out(4);
  HIP_CHECK(hipMemcpy(out.data(), d_out, 4 * sizeof(unsigned), hipMemcpyDeviceToHost));
  tag = out[0];
  table.assign(out.begin(), out.begin() + 3);
  warp_size = out[3];
}

void run_time_width(std::vector<int> &sums, int n, int block, int &width) {
  e2e::DeviceBuffer<int> d_sums(n), d_width(1);
  warp_sums_kernel<<<n / block, block>>>(d_sums, d_width);
  HIP_CHECK_LAUNCH();
  HIP_CHECK(hipMemcpy(&width, d_width, sizeof width, hipMemcpyDeviceToHost));
  sums.resize(n / width);
  HIP_CHECK(hipMemcpy(sums.data(), d_sums, sums.size() * sizeof(int), hipMemcpyDeviceToHost));
}
