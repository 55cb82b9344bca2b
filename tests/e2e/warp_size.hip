// warpSize is the pipeline's subgroup size, a run-time value on Vulkan (4, 8 or 16 on lavapipe
// depending on LP_NATIVE_VECTOR_WIDTH, 32 on NVIDIA): device code sees the same value the
// device properties report, host code still reads prop.warpSize, lanes and warp ids follow.
#include "test_common.h"

#include <vector>

__global__ void warp_info(int *ws, unsigned *lane, unsigned *warp, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  ws[i] = warpSize;
  lane[i] = threadIdx.x % warpSize;  // unsigned % int-convertible object
  warp[i] = threadIdx.x / warpSize;
}

// hipThreadIdx_x-style names together with warpSize in a loop bound.
__global__ void lane_sums(int *out) {
  int s = 0;
  for (int k = 0; k < warpSize; ++k) s += k;
  out[hipThreadIdx_x] = s + (hipThreadIdx_x / warpSize) * 1000;
}

int main() {
  hipDeviceProp_t prop;
  HIP_CHECK(hipGetDeviceProperties(&prop, 0));
  int attr = 0;
  HIP_CHECK(hipDeviceGetAttribute(&attr, hipDeviceAttributeWarpSize, 0));
  std::printf("device: %s, warpSize %d\n", prop.name, prop.warpSize);
  e2e::check(prop.warpSize == attr, "prop.warpSize == hipDeviceAttributeWarpSize");
  e2e::check(prop.warpSize >= 1 && prop.warpSize <= 128 && (prop.warpSize & (prop.warpSize - 1)) == 0,
             "warpSize is a power of two in [1, 128]");

  const int block = 128, n = 1000;
  e2e::DeviceBuffer<int> dws(n);
  e2e::DeviceBuffer<unsigned> dlane(n), dwarp(n);
  warp_info<<<(n + block - 1) / block, block>>>(dws, dlane, dwarp, n);
  HIP_CHECK_LAUNCH();
  std::vector<int> ws(n);
  std::vector<unsigned> lane(n), warp(n);
  dws.download(ws);
  dlane.download(lane);
  dwarp.download(warp);
  const unsigned w = prop.warpSize;
  for (int i = 0; i < n; ++i) {
    e2e::expect_eq("warpSize", i, ws[i], prop.warpSize);
    e2e::expect_eq("lane", i, lane[i], (i % block) % w);
    e2e::expect_eq("warp", i, warp[i], (i % block) / w);
  }

  e2e::DeviceBuffer<int> dsum(block);
  lane_sums<<<1, block>>>(dsum);
  HIP_CHECK_LAUNCH();
  std::vector<int> sums(block);
  dsum.download(sums);
  for (int t = 0; t < block; ++t) e2e::expect_eq("lane_sums", t, sums[t], int(w * (w - 1) / 2 + (t / w) * 1000));
  return e2e::finish("warp_size");
}
