// Reductions written against the run-time warp size: a block sum by warps (coalesced_threads() of a
// whole warp, its size() being warpSize or the partial last warp's count), tile sums by shfl_xor
// butterflies (every thread gets its tile's total) and by guarded shfl_down trees over partial
// tiles, for every tile size that fits the warp, including the tile of exactly warpSize threads.
#include "cg.h"

#include <utility>

namespace {

__global__ void block_sum_by_warps(const int *in, long long *out) {
  __shared__ long long per_warp[1024];
  const cg::thread_block block = cg::this_thread_block();
  const unsigned r = block.thread_rank();
  long long v = in[block.block_rank() * block.size() + r];
  const cg::coalesced_group warp = cg::coalesced_threads();  // the warp's lanes that exist
  for (unsigned d = 1; d < warp.size(); d *= 2) {
    const long long other = warp.shfl_down(v, d);
    if (warp.thread_rank() + d < warp.size()) v += other;
  }
  const unsigned ws = static_cast<unsigned>(static_cast<int>(warpSize));
  if (warp.thread_rank() == 0) per_warp[r / ws] = v;
  block.sync();
  if (r == 0) {
    long long total = 0;
    for (unsigned w = 0; w < (block.size() + ws - 1) / ws; ++w) total += per_warp[w];
    out[block.block_rank()] = total;
  }
}

// Every thread: its tile's sum (butterfly: full tiles only) and the guarded tree's result at rank 0.
template <unsigned N> __global__ void tile_sums(const double *in, const int *ints, double *butterfly, int *tree) {
  const cg::thread_block block = cg::this_thread_block();
  const auto tile = cg::tiled_partition<N>(block);
  const unsigned g = block.block_rank() * block.size() + block.thread_rank();
  const bool full = cg::tiled_partition(block, N).size() == N;
  if (full) {
    double v = in[g];
    for (unsigned mask = N / 2; mask > 0; mask /= 2) v += tile.shfl_xor(v, mask);
    butterfly[g] = v;
  }
  const unsigned count = cg::tiled_partition(block, N).size();
  int v = ints[g];
  for (unsigned d = 1; d < N; d *= 2) {
    const int other = tile.shfl_down(v, d);
    if (tile.thread_rank() + d < count) v += other;
  }
  if (tile.thread_rank() == 0) tree[g] = v;
}

template <unsigned N> void run_tile_sums(const Shape &s, int ws) {
  const unsigned B = s.threads(), total = B * s.blocks();
  const auto rnd = pseudo_random(total, 60 + N + B);
  std::vector<double> in(total);
  std::vector<int> ints(total);
  for (unsigned i = 0; i < total; ++i) {
    in[i] = static_cast<double>(static_cast<int>(rnd[i] % 20001) - 10000) * 0.5;  // sums exact in any order
    ints[i] = static_cast<int>(rnd[i] >> 8) - (1 << 23);
  }
  Buffer<double> din(in), dbutterfly(total);
  Buffer<int> dints(ints), dtree(total);
  tile_sums<N><<<s.grid, s.block>>>(din.ptr, dints.ptr, dbutterfly.ptr, dtree.ptr);
  HIP_CHECK_LAUNCH();
  const auto butterfly = dbutterfly.get();
  const auto tree = dtree.get();
  char what[128], what2[128];
  std::snprintf(what, sizeof what, "tile<%u> shfl_xor sum, block %ux%ux%u (warpSize %d)", N, s.block.x, s.block.y,
                s.block.z, ws);
  std::snprintf(what2, sizeof what2, "tile<%u> guarded shfl_down sum, block %ux%ux%u (warpSize %d)", N, s.block.x,
                s.block.y, s.block.z, ws);
  for (unsigned b = 0; b < s.blocks(); ++b)
    for (unsigned r = 0; r < B; ++r) {
      const unsigned g = b * B + r, first = r & ~(N - 1), end = std::min(first + N, B);
      double dsum = 0;
      int isum = 0;
      for (unsigned t = first; t < end; ++t) dsum += in[b * B + t], isum += ints[b * B + t];
      if (end - first == N) e2e::expect_eq(what, g, butterfly[g], dsum);
      if (r == first) e2e::expect_eq(what2, g, tree[g], isum);
    }
}

template <unsigned N> void run_size(int ws) {
  if (N > static_cast<unsigned>(ws)) return;
  for (const Shape &s : shapes()) run_tile_sums<N>(s, ws);
}

template <unsigned... Ns> void run_sizes(int ws, std::integer_sequence<unsigned, Ns...>) { (run_size<Ns>(ws), ...); }

}  // namespace

void test_reductions(int warp_size) {
  for (const Shape &s : shapes()) {
    const unsigned B = s.threads(), total = B * s.blocks();
    const auto rnd = pseudo_random(total, 11 + B);
    std::vector<int> in(total);
    for (unsigned i = 0; i < total; ++i) in[i] = static_cast<int>(rnd[i]);  // sums overflow int, not long long
    Buffer<int> din(in);
    Buffer<long long> dout(s.blocks());
    block_sum_by_warps<<<s.grid, s.block>>>(din.ptr, dout.ptr);
    HIP_CHECK_LAUNCH();
    const auto out = dout.get();
    char what[96];
    std::snprintf(what, sizeof what, "block sum by warps of warpSize %d, block %ux%ux%u", warp_size, s.block.x,
                  s.block.y, s.block.z);
    for (unsigned b = 0; b < s.blocks(); ++b) {
      long long want = 0;
      for (unsigned r = 0; r < B; ++r) want += in[b * B + r];
      e2e::expect_eq(what, b, out[b], want);
    }
  }
  run_sizes(warp_size, std::integer_sequence<unsigned, 1, 2, 4, 8, 16, 32, 64>{});
}
