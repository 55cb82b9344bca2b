// A 1-D grid of more than 65535 blocks (lavapipe's maxComputeWorkGroupCount[0]): the runtime splits
// the dispatch, while blockIdx.x and gridDim.x keep their HIP values.
#include "test_common.h"

#include <vector>

__global__ void mark(unsigned *block_ids, unsigned *grid_dims, unsigned *elems, unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x == 0) {
    block_ids[blockIdx.x] = blockIdx.x;
    grid_dims[blockIdx.x] = gridDim.x;
  }
  if (i < n) elems[i] = i ^ 0x5a5a5a5au;
}

int main() {
  const unsigned blocks = 150001;  // more than two splits of 65535
  const unsigned block = 32;
  const unsigned n = blocks * block - 17;
  e2e::DeviceBuffer<unsigned> ids(blocks), dims(blocks), elems(n);
  HIP_CHECK(hipMemset(ids, 0, ids.bytes()));
  mark<<<blocks, block>>>(ids, dims, elems, n);
  HIP_CHECK_LAUNCH();
  std::vector<unsigned> hid(blocks), hdim(blocks), hel(n);
  ids.download(hid);
  dims.download(hdim);
  elems.download(hel);
  for (unsigned b = 0; b < blocks; ++b) {
    e2e::expect_eq("blockIdx.x", b, hid[b], b);
    e2e::expect_eq("gridDim.x", b, hdim[b], blocks);
  }
  for (unsigned i = 0; i < n; ++i) e2e::expect_eq("elems", i, hel[i], i ^ 0x5a5a5a5au);
  return e2e::finish("large_grid");
}
