// HIP's warp functions (vote, ballot, lane masks, shuffles with width segments, match, reductions,
// __syncwarp) and AMD's lane builtins, each checked against a host model of the warp: lanes are
// consecutive linear thread ids of the block, warpSize of them (the last warp of a block may be
// partial), on whatever warp size the device has.
#pragma once

#include "test_common.h"

#include <cstdint>
#include <vector>

// The block shapes every test runs: 1-D, 2-D and 3-D, multiples of the warp size or not.
struct BlockShape {
  dim3 block;
  int grid;
  const char *name;
};

inline int threads_of(const BlockShape &s) { return int(s.block.x * s.block.y * s.block.z); }

// The host model: lane and first thread of the warp of linear thread `t`, lanes in that warp.
struct WarpModel {
  int warp_size;
  int block_threads;
  int lane(int t) const { return t % warp_size; }
  int warp_base(int t) const { return t - lane(t); }
  int lanes_in_warp(int t) const {
    const int base = warp_base(t);
    return block_threads - base < warp_size ? block_threads - base : warp_size;
  }
  bool exists(int t, int lane_index) const { return lane_index >= 0 && lane_index < lanes_in_warp(t); }
};

int device_warp_size();

void test_votes();
void test_shuffles();
void test_match_and_reduce();
void test_amd_lanes();
