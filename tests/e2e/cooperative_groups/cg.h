// The cooperative-groups program: each part is its own translation unit and checks every value its
// kernels produce against a host model of HIP's rules (lanes = consecutive linear thread ids of the
// block, warpSize read from the device at run time), counting mismatches through e2e::expect_eq.
#pragma once

#include "test_common.h"

#include <hip/hip_cooperative_groups.h>

#include <cstdint>
#include <vector>

namespace cg = cooperative_groups;

void test_thread_block(int warp_size);     // cg_block.hip: thread_block, thread_group dispatch, free functions
void test_tiles(int warp_size);            // cg_tiles.hip: thread_block_tile<N> members, every N that fits
void test_tile_partitions(int warp_size);  // cg_partitions.hip: tiles of tiles, run-time partitions, meta groups
void test_coalesced(int warp_size);        // cg_coalesced.hip: coalesced_threads after branches, binary_partition
void test_reductions(int warp_size);       // cg_reductions.hip: warp-size-generic reductions
void test_group_ops(int warp_size);        // cg_ops.hip: cooperative_groups::reduce, inclusive_scan, exclusive_scan
void test_invalid_tiles(int warp_size);    // cg_invalid.hip: tiles wider than the warp stop the kernel
void test_grid(int warp_size);             // cg_grid.hip: grid_group / multi_grid_group, cooperative launches
std::vector<int> grid_validity_in_normal_launch();  // cg_main.hip: {grid, multi_grid}.is_valid() in a <<<>>> launch

// Block shapes every part runs: 1-D, 2-D and 3-D, most not a multiple of any warp size (their last
// warp is partial, its missing lanes in no mask).
struct Shape {
  dim3 grid, block;
  unsigned threads() const { return block.x * block.y * block.z; }
  unsigned blocks() const { return grid.x * grid.y * grid.z; }
};
inline const std::vector<Shape> &shapes() {
  static const std::vector<Shape> s = {
      {dim3(3), dim3(64)},         {dim3(2), dim3(50)},          {dim3(1), dim3(1)},
      {dim3(2, 2), dim3(7, 5)},    {dim3(2), dim3(4, 3, 5)},     {dim3(1, 1, 2), dim3(3, 3, 3)},
      {dim3(2), dim3(96)},         {dim3(1), dim3(13)},
  };
  return s;
}

using e2e::pseudo_random;

// Device buffer from/to a host vector.
template <class T> struct Buffer {
  T *ptr = nullptr;
  size_t n = 0;
  explicit Buffer(size_t count) : n(count) {
    HIP_CHECK(hipMalloc(reinterpret_cast<void **>(&ptr), (count ? count : 1) * sizeof(T)));
    HIP_CHECK(hipMemset(ptr, 0xA5, (count ? count : 1) * sizeof(T)));  // no stale zeros pass as results
  }
  explicit Buffer(const std::vector<T> &host) : Buffer(host.size()) {
    HIP_CHECK(hipMemcpy(ptr, host.data(), n * sizeof(T), hipMemcpyHostToDevice));
  }
  Buffer(const Buffer &) = delete;
  Buffer &operator=(const Buffer &) = delete;
  ~Buffer() { HIP_CHECK(hipFree(ptr)); }
  std::vector<T> get() const {
    std::vector<T> host(n);
    HIP_CHECK(hipMemcpy(host.data(), ptr, n * sizeof(T), hipMemcpyDeviceToHost));
    return host;
  }
};

// Host model of one block's lanes: thread r (linear rank in the block) is lane r % warpSize of warp
// r / warpSize; a warp's lanes past the end of the block do not exist.
struct Lanes {
  unsigned block_threads, warp_size;
  unsigned lane(unsigned r) const { return r % warp_size; }
  unsigned warp_first(unsigned r) const { return r - r % warp_size; }
  unsigned warp_end(unsigned r) const {
    unsigned e = warp_first(r) + warp_size;
    return e < block_threads ? e : block_threads;
  }
};

// The linear rank in the block of thread (x, y, z).
inline unsigned linear_rank(dim3 block, unsigned x, unsigned y, unsigned z) { return x + block.x * (y + block.y * z); }

// A 12-byte value that is neither an integer nor a float: tile shuffles move it as three words.
struct Triple {
  int a;
  float b;
  short c;
  bool operator==(const Triple &o) const { return a == o.a && __builtin_memcmp(&b, &o.b, sizeof b) == 0 && c == o.c; }
};
