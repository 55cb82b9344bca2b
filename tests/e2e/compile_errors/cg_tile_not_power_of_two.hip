// Must not compile: tile sizes are powers of two (HIP's rule), here 12.
#include <hip/hip_cooperative_groups.h>

namespace cg = cooperative_groups;

__global__ void kernel(unsigned *out) {
  auto tile = cg::tiled_partition<12>(cg::this_thread_block());  // not a power of two
  out[threadIdx.x] = tile.thread_rank();
}

int main() {
  kernel<<<1, 12>>>(nullptr);
  return 0;
}
