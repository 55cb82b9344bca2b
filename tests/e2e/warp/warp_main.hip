// Warp-level programming: every test against a host model of the device's warps.
#include "warp.h"

int device_warp_size() {
  hipDeviceProp_t prop;
  HIP_CHECK(hipGetDeviceProperties(&prop, 0));
  return prop.warpSize;
}

int main() {
  std::printf("warpSize %d\n", device_warp_size());
  test_votes();
  test_shuffles();
  test_match_and_reduce();
  test_amd_lanes();
  return e2e::finish("warp");
}
