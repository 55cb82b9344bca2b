// HIP's cooperative groups (hip/hip_cooperative_groups.h) on the device's warp size, checked against
// host models of HIP's rules (several translation units, as real programs are built).
#include "cg.h"

// grid_group / multi_grid_group in a normal launch (for cg_grid.hip): the grid is not cooperative, no
// sync is called. Here, not in cg_grid.hip: a translation unit's kernels are one code object, and
// cg_grid.hip's grid barriers read the device clock, so on a device without one (SwiftShader) none of
// its kernels load; this launch must run on every device.
__global__ void grid_validity(int *out) {
  if (cg::this_grid().thread_rank() == 0) {
    out[0] = cg::this_grid().is_valid();
    out[1] = cg::this_multi_grid().is_valid();
  }
}

std::vector<int> grid_validity_in_normal_launch() {
  Buffer<int> valid(2);
  grid_validity<<<3, 32>>>(valid.ptr);
  HIP_CHECK_LAUNCH();
  return valid.get();
}

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
