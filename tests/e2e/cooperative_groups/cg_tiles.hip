// thread_block_tile<N> = tiled_partition<N>(this_thread_block()) for every power of two N up to the
// run-time warpSize: ranks, sizes, meta groups, the four shuffles (int, unsigned char, float,
// double, long long and a 12-byte struct), and the votes relative to the tile (bit k = tile rank k).
// The host computes each value from HIP's rules; in the partial last tile of a block, a shuffle whose
// source thread does not exist is undefined in HIP and is not compared (it is counted and reported).
#include "cg.h"

#include <cstring>
#include <utility>

namespace {

struct VoteOut {
  unsigned rank, size, num_threads, meta_rank, meta_size, free_size, free_rank;
  unsigned long long ballot, match_any, match_any_double, match_all, match_all_tile;
  int any, all, pred, pred_tile;
};

template <unsigned N> __global__ void tile_votes(const uint32_t *rnd, VoteOut *out) {
  const cg::thread_block block = cg::this_thread_block();
  const cg::thread_block_tile<N, cg::thread_block> tile = cg::tiled_partition<N>(block);
  const unsigned g = block.block_rank() * block.size() + block.thread_rank();
  const uint32_t x = rnd[g];
  VoteOut o;
  o.rank = tile.thread_rank();
  o.size = tile.size();
  o.num_threads = tile.num_threads();
  o.meta_rank = tile.meta_group_rank();
  o.meta_size = tile.meta_group_size();
  o.free_size = cg::group_size(tile);
  o.free_rank = cg::thread_rank(tile);
  o.ballot = tile.ballot(x & 1);
  o.any = tile.any((x & 15) == 0);  // rare: tiles with none and with some
  o.all = tile.all((x & 15) != 0);  // common: tiles with all and without
  o.match_any = tile.match_any(static_cast<int>((x >> 8) % 3));
  o.match_any_double = tile.match_any(static_cast<double>((x >> 12) % 4) * 0.5);
  o.match_all = tile.match_all(static_cast<long long>((x >> 20) % 8 == 0), o.pred);  // mostly equal
  o.match_all_tile = tile.match_all(tile.meta_group_rank(), o.pred_tile);             // always equal
  out[g] = o;
}

template <unsigned N, class T>
__global__ void tile_shuffles(const T *in, const uint32_t *rnd, T *out) {
  const cg::thread_block block = cg::this_thread_block();
  const auto tile = cg::tiled_partition<N>(block);
  const unsigned g = block.block_rank() * block.size() + block.thread_rank();
  const uint32_t x = rnd[g];
  const T v = in[g];
  out[4 * g + 0] = tile.shfl(v, static_cast<int>(x % (2 * N)));  // ranks >= N wrap modulo N
  out[4 * g + 1] = tile.shfl_up(v, (x >> 8) % (N + 1));
  out[4 * g + 2] = tile.shfl_down(v, (x >> 16) % (N + 1));
  out[4 * g + 3] = tile.shfl_xor(v, (x >> 24) % N);
}

template <class T> T make_value(uint32_t a, uint32_t b) {
  if constexpr (std::is_same_v<T, Triple>) {
    return Triple{static_cast<int>(a), static_cast<float>(b % 1000) * 0.25f, static_cast<short>(b >> 16)};
  } else {
    // Any bits, NaN payloads and denormals included: shuffles move values without touching them.
    const uint64_t bits = (uint64_t(a) << 32) | b;
    T v;
    std::memcpy(&v, &bits, sizeof(T));
    return v;
  }
}
template <class T> bool same(const T &a, const T &b) {
  if constexpr (std::is_same_v<T, Triple>) return a == b;
  else return std::memcmp(&a, &b, sizeof(T)) == 0;
}

int g_undefined = 0;  // shuffles whose source thread does not exist (not compared)

template <unsigned N, class T> void run_shuffles(const Shape &s, int ws, const char *type) {
  const unsigned B = s.threads(), total = B * s.blocks();
  const auto rnd = pseudo_random(total, 7 * N + sizeof(T));
  const auto r2 = pseudo_random(total, 91 + N);
  std::vector<T> in(total);
  for (unsigned i = 0; i < total; ++i) in[i] = make_value<T>(r2[i], rnd[(i * 7) % total] ^ 0x9e3779b9u);
  Buffer<T> din(in), dout(4 * total);
  Buffer<uint32_t> drnd(rnd);
  tile_shuffles<N, T><<<s.grid, s.block>>>(din.ptr, drnd.ptr, dout.ptr);
  HIP_CHECK_LAUNCH();
  const auto out = dout.get();
  char what[128];
  std::snprintf(what, sizeof what, "tile<%u> shuffles of %s, block %ux%ux%u (warpSize %d)", N, type, s.block.x,
                s.block.y, s.block.z, ws);
  for (unsigned b = 0; b < s.blocks(); ++b)
    for (unsigned r = 0; r < B; ++r) {
      const unsigned g = b * B + r, base = r & ~(N - 1), tr = r & (N - 1);
      const uint32_t x = rnd[g];
      // HIP's source for each shuffle, or B when the source thread does not exist (undefined).
      const unsigned src = x % (2 * N), up = (x >> 8) % (N + 1), down = (x >> 16) % (N + 1), mask = (x >> 24) % N;
      const unsigned from[4] = {base + (src & (N - 1)), tr >= up ? r - up : r, tr + down < N ? r + down : r,
                                base + (tr ^ mask)};
      for (int k = 0; k < 4; ++k) {
        if (from[k] >= B) {
          ++g_undefined;
          continue;
        }
        if (!same(out[4 * g + k], in[b * B + from[k]])) {
          char w2[160];
          static const char *names[4] = {"shfl", "shfl_up", "shfl_down", "shfl_xor"};
          std::snprintf(w2, sizeof w2, "%s %s", what, names[k]);
          e2e::report_mismatch(w2, g, "(bits differ)", "(source thread's value)");
        }
      }
    }
}

template <unsigned N> void run_votes(const Shape &s, int ws) {
  const unsigned B = s.threads(), total = B * s.blocks();
  const auto rnd = pseudo_random(total, 1000 + N * 13 + B);
  Buffer<uint32_t> drnd(rnd);
  Buffer<VoteOut> dout(total);
  tile_votes<N><<<s.grid, s.block>>>(drnd.ptr, dout.ptr);
  HIP_CHECK_LAUNCH();
  const auto out = dout.get();
  char what[128];
  std::snprintf(what, sizeof what, "tile<%u> block %ux%ux%u (warpSize %d)", N, s.block.x, s.block.y, s.block.z, ws);
  auto field = [&](const char *name) { return std::string(what) + " " + name; };
  for (unsigned b = 0; b < s.blocks(); ++b)
    for (unsigned r = 0; r < B; ++r) {
      const unsigned g = b * B + r, base = r & ~(N - 1), end = std::min(base + N, B);
      const VoteOut &o = out[g];
      const uint32_t x = rnd[g];
      e2e::expect_eq(field("thread_rank").c_str(), g, o.rank, r & (N - 1));
      e2e::expect_eq(field("size").c_str(), g, o.size, N);
      e2e::expect_eq(field("num_threads").c_str(), g, o.num_threads, N);
      e2e::expect_eq(field("meta_group_rank").c_str(), g, o.meta_rank, r / N);
      e2e::expect_eq(field("meta_group_size").c_str(), g, o.meta_size, (B + N - 1) / N);
      e2e::expect_eq(field("group_size(tile)").c_str(), g, o.free_size, N);
      e2e::expect_eq(field("thread_rank(tile)").c_str(), g, o.free_rank, r & (N - 1));
      unsigned long long ballot = 0, any_bits = 0, not_all = 0, match = 0, match_d = 0, members = 0;
      bool all_equal = true;
      const long long key_all = (x >> 20) % 8 == 0;
      for (unsigned t = base; t < end; ++t) {
        const uint32_t y = rnd[b * B + t];
        const unsigned long long bit = 1ull << (t - base);
        members |= bit;
        if (y & 1) ballot |= bit;
        if ((y & 15) == 0) any_bits |= bit;
        if ((y & 15) == 0) not_all |= bit;
        if ((y >> 8) % 3 == (x >> 8) % 3) match |= bit;
        if ((y >> 12) % 4 == (x >> 12) % 4) match_d |= bit;
        if (static_cast<long long>((y >> 20) % 8 == 0) != key_all) all_equal = false;
      }
      e2e::expect_eq(field("ballot").c_str(), g, o.ballot, ballot);
      e2e::expect_eq(field("any").c_str(), g, o.any, any_bits != 0);
      e2e::expect_eq(field("all").c_str(), g, o.all, not_all == 0);
      e2e::expect_eq(field("match_any(int)").c_str(), g, o.match_any, match);
      e2e::expect_eq(field("match_any(double)").c_str(), g, o.match_any_double, match_d);
      e2e::expect_eq(field("match_all pred").c_str(), g, o.pred, all_equal ? 1 : 0);
      e2e::expect_eq(field("match_all").c_str(), g, o.match_all, all_equal ? members : 0ull);
      e2e::expect_eq(field("match_all(meta_group_rank) pred").c_str(), g, o.pred_tile, 1);
      e2e::expect_eq(field("match_all(meta_group_rank)").c_str(), g, o.match_all_tile, members);
    }
}

template <unsigned N> void run_size(int ws, int &sizes_run) {
  if (N > static_cast<unsigned>(ws)) return;  // wider than the warp: invalid.hip checks the kernel stops
  ++sizes_run;
  for (const Shape &s : shapes()) {
    run_votes<N>(s, ws);
    run_shuffles<N, int>(s, ws, "int");
    run_shuffles<N, unsigned char>(s, ws, "unsigned char");
    run_shuffles<N, float>(s, ws, "float");
    run_shuffles<N, double>(s, ws, "double");
    run_shuffles<N, long long>(s, ws, "long long");
    run_shuffles<N, Triple>(s, ws, "Triple (12 bytes)");
  }
}

template <unsigned... Ns> void run_sizes(int ws, std::integer_sequence<unsigned, Ns...>) {
  int sizes_run = 0;
  (run_size<Ns>(ws, sizes_run), ...);
  // Every power of two up to the warp size ran: log2(warpSize) + 1 of them.
  int expected = 0;
  for (int n = 1; n <= ws && n <= 64; n *= 2) ++expected;
  e2e::expect_eq("tile sizes run", 0, sizes_run, expected);
}

}  // namespace

void test_tiles(int warp_size) {
  g_undefined = 0;
  run_sizes(warp_size, std::integer_sequence<unsigned, 1, 2, 4, 8, 16, 32, 64>{});
  std::printf("tiles: every N <= warpSize %d; %d shuffles from threads past the block's end not compared\n",
              warp_size, g_undefined);
}
