// Must not compile: a thread_block_tile wider than any warp (64 lanes at most). The static_assert
// names the user's tiled_partition call through the instantiation note (file:line).
#include <hip/hip_cooperative_groups.h>

namespace cg = cooperative_groups;

__global__ void kernel(unsigned *out) {
  auto tile = cg::tiled_partition<128>(cg::this_thread_block());  // wider than a warp can be
  out[threadIdx.x] = tile.thread_rank();
}

int main() {
  kernel<<<1, 128>>>(nullptr);
  return 0;
}
