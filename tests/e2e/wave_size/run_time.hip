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

}  // namespace

void run_time_width(std::vector<int> &sums, int n, int block, int &width) {
  e2e::DeviceBuffer<int> d_sums(n), d_width(1);
  warp_sums_kernel<<<n / block, block>>>(d_sums, d_width);
  HIP_CHECK_LAUNCH();
  HIP_CHECK(hipMemcpy(&width, d_width, sizeof width, hipMemcpyDeviceToHost));
  sums.resize(n / width);
  HIP_CHECK(hipMemcpy(sums.data(), d_sums, sums.size() * sizeof(int), hipMemcpyDeviceToHost));
}
