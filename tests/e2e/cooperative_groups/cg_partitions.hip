// Partitions of partitions: tiled_partition<M>(thread_block_tile<N>) for every M <= N <= warpSize
// (ranks, meta_group_rank/size relative to the parent tile, shuffles and ballots within the sub-tile,
// the type-erased thread_block_tile<M> passed to a function), and the run-time partitions
// tiled_partition(block, n), tiled_partition(thread_group, m) and tiled_partition(tile, m) with the
// sizes of partial last tiles.
#include "cg.h"

#include <utility>

namespace {

struct SubOut {
  unsigned rank, size, meta_rank, meta_size, erased_rank, erased_meta_rank;
  int shfl;
  unsigned long long ballot;
};

// Takes any tile of M threads, whatever it was partitioned from.
template <unsigned M> __device__ __noinline__ unsigned erased_rank(const cg::thread_block_tile<M> &t) {
  return t.thread_rank() + 1000 * t.meta_group_rank();
}

template <unsigned N, unsigned M> __global__ void sub_tiles(const uint32_t *rnd, SubOut *out) {
  const cg::thread_block block = cg::this_thread_block();
  const auto tile = cg::tiled_partition<N>(block);
  const auto sub = cg::tiled_partition<M>(tile);
  const unsigned g = block.block_rank() * block.size() + block.thread_rank();
  const uint32_t x = rnd[g];
  SubOut o;
  o.rank = sub.thread_rank();
  o.size = sub.size();
  o.meta_rank = sub.meta_group_rank();
  o.meta_size = sub.meta_group_size();
  const unsigned e = erased_rank<M>(sub);
  o.erased_rank = e % 1000;
  o.erased_meta_rank = e / 1000;
  o.shfl = sub.shfl(static_cast<int>(x), static_cast<int>((x >> 4) % M));
  o.ballot = sub.ballot((x >> 9) & 1);
  out[g] = o;
}

struct DynOut {
  unsigned t_size, t_rank, t_type, s_size, s_rank, s_type, via_group_size, via_group_rank, tg_size, tg_rank;
  unsigned free_size, free_rank;
  int t_valid, s_valid;
};

// n, m: run-time tile sizes (m may be larger than n: the partition is then the parent).
template <unsigned N> __global__ void dynamic_tiles(unsigned n, unsigned m, DynOut *out) {
  const cg::thread_block block = cg::this_thread_block();
  const unsigned g = block.block_rank() * block.size() + block.thread_rank();
  const cg::thread_group t = cg::tiled_partition(block, n);
  const cg::thread_group s = cg::tiled_partition(t, m);  // a tile known only as a thread_group
  const cg::thread_group as_group = block;
  const cg::thread_group via = cg::tiled_partition(as_group, n);  // a block known only as a thread_group
  // tiled_group from a compile-time tile (the tiled_group overload).
  const cg::tiled_group tg = cg::tiled_partition(cg::tiled_partition<N>(block), m);
  DynOut o;
  o.t_size = t.size();
  o.t_rank = t.thread_rank();
  o.t_type = t.cg_type();
  o.s_size = s.num_threads();
  o.s_rank = s.thread_rank();
  o.s_type = s.cg_type();
  o.via_group_size = via.size();
  o.via_group_rank = via.thread_rank();
  o.tg_size = tg.size();
  o.tg_rank = tg.thread_rank();
  o.free_size = cg::group_size(s);
  o.free_rank = cg::thread_rank(s);
  o.t_valid = cg::is_valid(t);
  o.s_valid = s.is_valid();
  out[g] = o;
}

// tile.sync() orders a shared-memory exchange inside each tile.
template <unsigned N> __global__ void tile_sync_exchange(const int *in, int *out) {
  __shared__ int stage[1024];
  const cg::thread_block block = cg::this_thread_block();
  const auto tile = cg::tiled_partition<N>(block);
  const unsigned r = block.thread_rank(), g = block.block_rank() * block.size() + r;
  const unsigned first = r - tile.thread_rank();
  const unsigned count = cg::tiled_partition(block, N).size();  // threads of this (maybe partial) tile
  int v = in[g];
  for (int round = 0; round < 3; ++round) {
    stage[r] = v;
    tile.sync();
    v = stage[first + (tile.thread_rank() + 1) % count] + round;
    tile.sync();
  }
  out[g] = v;
}

char g_what[160];
const char *what(const char *fmt, unsigned a, unsigned b, const Shape &s, const char *field) {
  char head[96];
  std::snprintf(head, sizeof head, fmt, a, b);
  std::snprintf(g_what, sizeof g_what, "%s block %ux%ux%u %s", head, s.block.x, s.block.y, s.block.z, field);
  return g_what;
}

template <unsigned N, unsigned M> void run_sub_tiles(const Shape &s) {
  const unsigned B = s.threads(), total = B * s.blocks();
  const auto rnd = pseudo_random(total, 300 + N * 7 + M);
  Buffer<uint32_t> drnd(rnd);
  Buffer<SubOut> dout(total);
  sub_tiles<N, M><<<s.grid, s.block>>>(drnd.ptr, dout.ptr);
  HIP_CHECK_LAUNCH();
  const auto out = dout.get();
  const char *fmt = "tiled_partition<%u>(tile<%u>)";
  for (unsigned b = 0; b < s.blocks(); ++b)
    for (unsigned r = 0; r < B; ++r) {
      const unsigned g = b * B + r, first = r & ~(M - 1);
      const SubOut &o = out[g];
      e2e::expect_eq(what(fmt, M, N, s, "thread_rank"), g, o.rank, r & (M - 1));
      e2e::expect_eq(what(fmt, M, N, s, "size"), g, o.size, M);
      e2e::expect_eq(what(fmt, M, N, s, "meta_group_rank"), g, o.meta_rank, (r & (N - 1)) / M);
      e2e::expect_eq(what(fmt, M, N, s, "meta_group_size"), g, o.meta_size, N / M);
      e2e::expect_eq(what(fmt, M, N, s, "thread_block_tile<M> thread_rank"), g, o.erased_rank, r & (M - 1));
      e2e::expect_eq(what(fmt, M, N, s, "thread_block_tile<M> meta_group_rank"), g, o.erased_meta_rank, (r & (N - 1)) / M);
      const unsigned src = first + (rnd[g] >> 4) % M;
      if (src < B) e2e::expect_eq(what(fmt, M, N, s, "shfl"), g, o.shfl, static_cast<int>(rnd[b * B + src]));
      unsigned long long ballot = 0;
      for (unsigned t = first; t < first + M && t < B; ++t)
        if ((rnd[b * B + t] >> 9) & 1) ballot |= 1ull << (t - first);
      e2e::expect_eq(what(fmt, M, N, s, "ballot"), g, o.ballot, ballot);
    }
}

template <unsigned N> void run_dynamic(const Shape &s, unsigned m) {
  const unsigned n = N, B = s.threads(), total = B * s.blocks();
  Buffer<DynOut> dout(total);
  dynamic_tiles<N><<<s.grid, s.block>>>(n, m, dout.ptr);
  HIP_CHECK_LAUNCH();
  const auto out = dout.get();
  const char *fmt = "tiled_partition(tiled_partition(block, %u), %u)";
  for (unsigned b = 0; b < s.blocks(); ++b)
    for (unsigned r = 0; r < B; ++r) {
      const unsigned g = b * B + r, first = r & ~(n - 1), t_size = std::min(n, B - first), t_rank = r - first;
      // A partition no smaller than its parent is the parent.
      const unsigned sub = std::min(m, n), s_first = t_rank & ~(sub - 1);
      const unsigned s_size = m >= n ? t_size : std::min(sub, t_size - s_first), s_rank = t_rank - s_first;
      const unsigned tg_size = m >= n ? n : std::min(sub, n - s_first);  // the static tile has N threads
      const DynOut &o = out[g];
      e2e::expect_eq(what(fmt, n, m, s, "tile size"), g, o.t_size, t_size);
      e2e::expect_eq(what(fmt, n, m, s, "tile thread_rank"), g, o.t_rank, t_rank);
      e2e::expect_eq(what(fmt, n, m, s, "tile cg_type"), g, o.t_type, unsigned(cg::internal::cg_tiled_group));
      e2e::expect_eq(what(fmt, n, m, s, "sub-tile num_threads"), g, o.s_size, s_size);
      e2e::expect_eq(what(fmt, n, m, s, "sub-tile thread_rank"), g, o.s_rank, s_rank);
      e2e::expect_eq(what(fmt, n, m, s, "sub-tile cg_type"), g, o.s_type, unsigned(cg::internal::cg_tiled_group));
      e2e::expect_eq(what(fmt, n, m, s, "via thread_group(block) size"), g, o.via_group_size, t_size);
      e2e::expect_eq(what(fmt, n, m, s, "via thread_group(block) thread_rank"), g, o.via_group_rank, t_rank);
      e2e::expect_eq(what(fmt, n, m, s, "tiled_partition(tile<N>, m) size"), g, o.tg_size, tg_size);
      e2e::expect_eq(what(fmt, n, m, s, "tiled_partition(tile<N>, m) thread_rank"), g, o.tg_rank, s_rank);
      e2e::expect_eq(what(fmt, n, m, s, "group_size(sub-tile)"), g, o.free_size, s_size);
      e2e::expect_eq(what(fmt, n, m, s, "thread_rank(sub-tile)"), g, o.free_rank, s_rank);
      e2e::expect_eq(what(fmt, n, m, s, "is_valid(tile)"), g, o.t_valid, 1);
      e2e::expect_eq(what(fmt, n, m, s, "sub-tile is_valid"), g, o.s_valid, 1);
    }
}

template <unsigned N> void run_tile_sync(const Shape &s) {
  const unsigned B = s.threads(), total = B * s.blocks();
  const auto rnd = pseudo_random(total, 900 + N);
  std::vector<int> in(total);
  for (unsigned i = 0; i < total; ++i) in[i] = static_cast<int>(rnd[i] % 1000000);
  Buffer<int> din(in), dout(total);
  tile_sync_exchange<N><<<s.grid, s.block>>>(din.ptr, dout.ptr);
  HIP_CHECK_LAUNCH();
  const auto out = dout.get();
  for (unsigned b = 0; b < s.blocks(); ++b) {
    std::vector<int> v(in.begin() + b * B, in.begin() + (b + 1) * B);
    for (int round = 0; round < 3; ++round) {
      std::vector<int> next(B);
      for (unsigned r = 0; r < B; ++r) {
        const unsigned first = r & ~(N - 1), count = std::min(N, B - first);
        next[r] = v[first + (r - first + 1) % count] + round;
      }
      v = next;
    }
    for (unsigned r = 0; r < B; ++r)
      e2e::expect_eq(what("tile<%u>.sync() exchange%.0u", N, 0, s, ""), b * B + r, out[b * B + r], v[r]);
  }
}

template <unsigned N, unsigned M> void run_pair(int ws) {
  if constexpr (M <= N) {
    if (N > static_cast<unsigned>(ws)) return;
    for (const Shape &s : shapes()) run_sub_tiles<N, M>(s);
  }
}

template <unsigned N, unsigned... Ms> void run_parent(int ws, std::integer_sequence<unsigned, Ms...>) {
  (run_pair<N, Ms>(ws), ...);
  if (N > static_cast<unsigned>(ws)) return;
  for (const Shape &s : shapes()) {
    run_tile_sync<N>(s);
    for (unsigned m = 1; m <= 2 * N && m <= static_cast<unsigned>(ws); m *= 2) run_dynamic<N>(s, m);
  }
}

template <unsigned... Ns> void run_all(int ws, std::integer_sequence<unsigned, Ns...> sizes) {
  (run_parent<Ns>(ws, sizes), ...);
}

}  // namespace

void test_tile_partitions(int warp_size) {
  run_all(warp_size, std::integer_sequence<unsigned, 1, 2, 4, 8, 16, 32, 64>{});
}
