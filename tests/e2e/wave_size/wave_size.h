// Code that fixes the warp width at compile time, the ways real HIP and CUDA programs do it, and
// code that asks warpSize at run time (docs/HIP_ON_VULKAN.md, "Wavefront size"). Each kernel family
// lives in its own translation unit; the host models are here.
#pragma once

#include "test_common.h"

#include <cstdint>
#include <memory>
#include <vector>

// What a launch of code needing a compile-time width did on this device: ran (then its results are
// checked), or was refused with hipErrorNoBinaryForGpu (only code with no logical-warp form, on a
// device that runs neither wave32 nor wave64 natively).
enum class Outcome { Ran, Refused };

// The width fixed-width code runs at here: the device's own warpSize where it is 32 or 64, else
// logical warps of 32 (the wave32 form comes first).
int fixed_width_here();

// ---- fixed_width.hip: a rocPRIM-style logical-warp reduce and scan, a block reduction whose
// per-warp partials are sized by the compile-time warpSize, and the target test of layer-norm
// style programs (#if __GFX9__ -> 64 lanes, else 32).
struct CompiledWidths {
  int macro;        // __AMDGCN_WAVEFRONT_SIZE__ as the device code saw it
  int warp_size;    // warpSize (a constant there)
  int builtin;      // __builtin_amdgcn_wavefrontsize()
  int target_width; // 64 where __GFX9__ was defined, 32 where __GFX10__ was
  int subgroup;     // the subgroup size the code ran with (a ballot of every lane)
};
Outcome compiled_widths(CompiledWidths &out);
// Sums of `logical` consecutive values (logical a power of two up to warpSize), and inclusive
// prefix sums within each logical warp, for n values.
template <unsigned Logical>
Outcome logical_warp_reduce_scan(const std::vector<int> &in, std::vector<int> &sums, std::vector<int> &scans);
// Cooperative groups: tiled_partition<Size> (32, and 64 in the wave64-only build), cg::reduce and
// cg::inclusive_scan over each tile, in blocks of 128.
template <unsigned Size>
Outcome tile_reduce_scan(const std::vector<int> &in, std::vector<int> &sums, std::vector<int> &scans);
// Root-mean-square of each row of `cols` floats (one block of 256 per row, warp partials in
// __shared__ sized by the target's warp width).
Outcome rms_rows(const std::vector<float> &in, int rows, int cols, std::vector<float> &rms);

// 64-bit __shfl_xor(v, 1) of table[(t * 13) % words] plus table[words - 1 - t], in one block, with the
// table (kBigTableWords 64-bit words: 28 KiB) in __shared__. As logical warps the kernel needs the
// table and the exchange slots of 64-bit values (two sets of two words per thread of a 1024-thread
// block: 16 KiB): refused where sharedMemPerBlock holds less.
inline constexpr int kBigTableWords = 3584;
inline constexpr size_t kLogical64BitSlotBytes = 16384;
Outcome big_table_shuffles(const std::vector<unsigned long long> &table, int block, std::vector<unsigned long long> &out);

// ---- divergent.hip: warp operations that only some threads of a block run. Per thread: under
// `t % 3 != 0`, the ballot of `v > 0`, any of `v > 90`, all of `v != 7`, the first such lane's v,
// the sum of their v, under `t % 6` of 2 or 4 their ballot, and elsewhere the largest v of the
// others; in the loops kernel, under `t % 3 != 0` the lanes with the same `v & 3`, and the lanes
// counted by a ballot in each round of a loop thread t runs `t % 5 + 1` times, summed.
struct DivergentLane {
  unsigned long long ballot, inner, match;
  int any, all, first, sum, other, loop_lanes;
};
// The kernel with divergent branches (its threads from `n` on leave first) and the one with
// divergent loops.
struct Divergent {
  Outcome branches, loops;
  std::vector<DivergentLane> branch_lanes, loop_lanes;
};
Divergent divergent_warps(const std::vector<int> &in, int block, int n);

// ---- launch_bounds.hip: a __launch_bounds__(96) kernel of warp sums by shuffles at the
// compile-time width: what hipFuncGetAttributes and the occupancy API report, the error of a launch
// one thread past the bound, and the sums of blocks of `block` threads (within the bound).
struct BoundsReport {
  int bound = 0, attribute_max_threads = 0, potential_block = 0;
  hipError_t over_bound = hipSuccess;
};
Outcome launch_bounds_sums(const std::vector<int> &in, int block, std::vector<int> &sums, BoundsReport &report);

// ---- cuda_style.hip: code written for CUDA's 32 lanes.
// Warp sums with the literal xor 16, 8, 4, 2, 1 and lane = tid & 31; full-warp ballots compared with
// 0xffffffff.
Outcome cuda_warp_sums(const std::vector<int> &in, std::vector<int> &sums, std::vector<int> &full_ballot);
// The first warp of each block of `block` threads sums its 32 values (inside `if (threadIdx.x < 32)`).
Outcome first_warp_sums(const std::vector<int> &in, int block, std::vector<int> &sums);

// ---- run_time.hip: code that asks warpSize at run time runs on every device at its own width.
void run_time_width(std::vector<int> &sums, int n, int block, int &width);
// A kernel reading a table whose contents depend on the form that runs: the table as read, and
// warpSize in that kernel (the form's width, or the subgroup size in the run-time form).
void form_tables(unsigned &tag, std::vector<unsigned> &table, unsigned &warp_size);
