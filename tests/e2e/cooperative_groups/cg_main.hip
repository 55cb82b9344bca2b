// HIP's cooperative groups (hip/hip_cooperative_groups.h) on the device's warp size, checked against
// host models of HIP's rules (several translation units, as real programs are built).
#include "cg.h"

int main() {
  hipDeviceProp_t prop{};
  HIP_CHECK(hipGetDeviceProperties(&prop, 0));
  const int ws = prop.warpSize;
  std::printf("cooperative_groups: warpSize %d\n", ws);
  e2e::check(ws >= 1 && ws <= 64 && (ws & (ws - 1)) == 0, "warpSize is a power of two up to 64");
  test_thread_block(ws);
  test_tiles(ws);
  test_tile_partitions(ws);
  test_coalesced(ws);
  test_reductions(ws);
  test_group_ops(ws);
  test_grid(ws);
  test_invalid_tiles(ws);  // last: its kernels stop on purpose
  return e2e::finish("cooperative_groups");
}
