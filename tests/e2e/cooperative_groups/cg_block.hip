// thread_block in 1-D, 2-D and 3-D blocks (indices, ranks, sizes, dimensions, sync and the split
// barrier), thread_group holding each kind of group (dispatch on cg_type()), the free functions,
// and HIP's generic `reduce_sum(thread_group, ...)` over a block, run-time and compile-time tiles and
// a coalesced group, every group's sync() ordering its shared-memory exchanges.
#include "cg.h"

#include <utility>

namespace {

struct BlockOut {
  unsigned group_index[3], thread_index[3], group_dim[3], dim_threads[3];
  unsigned rank, block_rank, size, num_threads, free_size, free_rank;
  unsigned tg_rank, tg_size, tg_num_threads, tg_type;
  int valid, tg_valid, free_valid;
  int after_sync, after_free_sync, after_group_sync, after_split;
};

__global__ void block_members(const int *in, BlockOut *out) {
  __shared__ int stage[1024];
  const cg::thread_block block = cg::this_thread_block();
  const cg::thread_group group = block;  // the same block, through the base class
  const unsigned r = block.thread_rank(), n = block.size();
  const unsigned g = block.block_rank() * n + r;
  BlockOut o;
  const dim3 gi = block.group_index(), ti = block.thread_index(), gd = block.group_dim(), dt = block.dim_threads();
  o.group_index[0] = gi.x, o.group_index[1] = gi.y, o.group_index[2] = gi.z;
  o.thread_index[0] = ti.x, o.thread_index[1] = ti.y, o.thread_index[2] = ti.z;
  o.group_dim[0] = gd.x, o.group_dim[1] = gd.y, o.group_dim[2] = gd.z;
  o.dim_threads[0] = dt.x, o.dim_threads[1] = dt.y, o.dim_threads[2] = dt.z;
  o.rank = r;
  o.block_rank = block.block_rank();
  o.size = n;
  o.num_threads = block.num_threads();
  o.free_size = cg::group_size(block);
  o.free_rank = cg::thread_rank(block);
  o.tg_rank = group.thread_rank();
  o.tg_size = group.size();
  o.tg_num_threads = group.num_threads();
  o.tg_type = group.cg_type();
  o.valid = block.is_valid();
  o.tg_valid = group.is_valid();
  o.free_valid = cg::is_valid(block);
  // Each barrier form orders a shared-memory exchange between different warps of the block.
  stage[r] = in[g];
  block.sync();
  o.after_sync = stage[(r + 1) % n];
  block.sync();
  stage[r] = in[g] * 3;
  cg::sync(block);
  o.after_free_sync = stage[(r + n - 1) % n];
  group.sync();
  stage[r] = in[g] + 7;
  group.sync();
  o.after_group_sync = stage[(r + n / 2) % n];
  group.sync();
  stage[r] = in[g] ^ 0x55;
  auto token = block.barrier_arrive();
  block.barrier_wait(std::move(token));
  o.after_split = stage[(r + 5) % n];
  out[g] = o;
}

// HIP's documentation example: a reduction written once for any group.
__device__ int reduce_sum(const cg::thread_group &g, int *scratch, int val) {
  const unsigned rank = g.thread_rank(), n = g.size();
  unsigned span = 1;
  while (span < n) span *= 2;
  for (unsigned i = span / 2; i > 0; i /= 2) {
    scratch[rank] = val;
    g.sync();
    if (rank < i && rank + i < n) val += scratch[rank + i];
    g.sync();
  }
  return val;
}

enum GroupKind { kBlock, kDynamicTile, kStaticTile4, kCoalescedNotThirds };

__global__ void group_sums(int kind, unsigned tile, const int *in, int *out) {
  __shared__ int scratch[1024];
  const cg::thread_block block = cg::this_thread_block();
  const unsigned r = block.thread_rank();
  const unsigned g = block.block_rank() * block.size() + r;
  const int v = in[g];
  int result = -1;
  if (kind == kBlock) {
    const int s = reduce_sum(block, scratch, v);
    if (r == 0) result = s;
  } else if (kind == kDynamicTile) {
    const cg::thread_group t = cg::tiled_partition(block, tile);
    const int s = reduce_sum(t, scratch + (r - t.thread_rank()), v);
    if (t.thread_rank() == 0) result = s;
  } else if (kind == kStaticTile4) {
    const cg::thread_block_tile<4> t = cg::tiled_partition<4>(block);
    const int s = reduce_sum(t, scratch + (r - t.thread_rank()), v);
    if (t.thread_rank() == 0) result = s;
  } else if (r % 3 != 0) {
    // Two thirds of the lanes; each warp's scratch starts at its first thread.
    const cg::coalesced_group c = cg::coalesced_threads();
    const unsigned warp_first = r - r % static_cast<unsigned>(static_cast<int>(warpSize));
    const int s = reduce_sum(c, scratch + warp_first, v);
    if (c.thread_rank() == 0) result = s;
  }
  out[g] = result;
}

void run_block_members(const Shape &s) {
  const unsigned B = s.threads(), total = B * s.blocks();
  const auto rnd = pseudo_random(total, 5 + B);
  std::vector<int> in(total);
  for (unsigned i = 0; i < total; ++i) in[i] = static_cast<int>(rnd[i] % 100000);
  Buffer<int> din(in);
  Buffer<BlockOut> dout(total);
  block_members<<<s.grid, s.block>>>(din.ptr, dout.ptr);
  HIP_CHECK_LAUNCH();
  const auto out = dout.get();
  char what[96];
  std::snprintf(what, sizeof what, "thread_block %ux%ux%u", s.block.x, s.block.y, s.block.z);
  auto f = [&](const char *name) { return std::string(what) + " " + name; };
  unsigned g = 0;
  for (unsigned bz = 0; bz < s.grid.z; ++bz)
    for (unsigned by = 0; by < s.grid.y; ++by)
      for (unsigned bx = 0; bx < s.grid.x; ++bx)
        for (unsigned z = 0; z < s.block.z; ++z)
          for (unsigned y = 0; y < s.block.y; ++y)
            for (unsigned x = 0; x < s.block.x; ++x, ++g) {
              const unsigned b = bx + s.grid.x * (by + s.grid.y * bz), r = linear_rank(s.block, x, y, z);
              const BlockOut &o = out[b * B + r];
              const unsigned gi[3] = {bx, by, bz}, ti[3] = {x, y, z}, bd[3] = {s.block.x, s.block.y, s.block.z};
              for (int k = 0; k < 3; ++k) {
                e2e::expect_eq(f("group_index").c_str(), g, o.group_index[k], gi[k]);
                e2e::expect_eq(f("thread_index").c_str(), g, o.thread_index[k], ti[k]);
                e2e::expect_eq(f("group_dim").c_str(), g, o.group_dim[k], bd[k]);
                e2e::expect_eq(f("dim_threads").c_str(), g, o.dim_threads[k], bd[k]);
              }
              e2e::expect_eq(f("thread_rank").c_str(), g, o.rank, r);
              e2e::expect_eq(f("block_rank").c_str(), g, o.block_rank, b);
              e2e::expect_eq(f("size").c_str(), g, o.size, B);
              e2e::expect_eq(f("num_threads").c_str(), g, o.num_threads, B);
              e2e::expect_eq(f("group_size(block)").c_str(), g, o.free_size, B);
              e2e::expect_eq(f("thread_rank(block)").c_str(), g, o.free_rank, r);
              e2e::expect_eq(f("thread_group::thread_rank").c_str(), g, o.tg_rank, r);
              e2e::expect_eq(f("thread_group::size").c_str(), g, o.tg_size, B);
              e2e::expect_eq(f("thread_group::num_threads").c_str(), g, o.tg_num_threads, B);
              e2e::expect_eq(f("thread_group::cg_type").c_str(), g, o.tg_type, unsigned(cg::internal::cg_workgroup));
              e2e::expect_eq(f("is_valid").c_str(), g, o.valid, 1);
              e2e::expect_eq(f("thread_group::is_valid").c_str(), g, o.tg_valid, 1);
              e2e::expect_eq(f("is_valid(block)").c_str(), g, o.free_valid, 1);
              const int *bin = &in[b * B];
              e2e::expect_eq(f("exchange across sync()").c_str(), g, o.after_sync, bin[(r + 1) % B]);
              e2e::expect_eq(f("exchange across sync(block)").c_str(), g, o.after_free_sync, bin[(r + B - 1) % B] * 3);
              e2e::expect_eq(f("exchange across thread_group::sync()").c_str(), g, o.after_group_sync,
                             bin[(r + B / 2) % B] + 7);
              e2e::expect_eq(f("exchange across barrier_arrive/wait").c_str(), g, o.after_split, bin[(r + 5) % B] ^ 0x55);
            }
}

void run_group_sums(const Shape &s, int kind, unsigned tile, int ws) {
  const unsigned B = s.threads(), total = B * s.blocks();
  const auto rnd = pseudo_random(total, 77 + kind + tile);
  std::vector<int> in(total);
  for (unsigned i = 0; i < total; ++i) in[i] = static_cast<int>(rnd[i] % 2001) - 1000;
  Buffer<int> din(in), dout(total);
  group_sums<<<s.grid, s.block>>>(kind, tile, din.ptr, dout.ptr);
  HIP_CHECK_LAUNCH();
  const auto out = dout.get();
  static const char *names[] = {"reduce_sum(block)", "reduce_sum(tiled_partition(block, n))",
                                "reduce_sum(thread_block_tile<4>)", "reduce_sum(coalesced_threads())"};
  char what[128];
  std::snprintf(what, sizeof what, "%s n=%u block %ux%ux%u", names[kind], tile, s.block.x, s.block.y, s.block.z);
  const Lanes lanes{B, static_cast<unsigned>(ws)};
  for (unsigned b = 0; b < s.blocks(); ++b)
    for (unsigned r = 0; r < B; ++r) {
      // The group's members (ranks in the block) and whether r is its rank 0.
      std::vector<unsigned> members;
      if (kind == kBlock) {
        for (unsigned t = 0; t < B; ++t) members.push_back(t);
      } else if (kind == kDynamicTile || kind == kStaticTile4) {
        const unsigned n = kind == kStaticTile4 ? 4 : tile, first = r & ~(n - 1);
        for (unsigned t = first; t < first + n && t < B; ++t) members.push_back(t);
      } else if (r % 3 != 0) {
        for (unsigned t = lanes.warp_first(r); t < lanes.warp_end(r); ++t)
          if (t % 3 != 0) members.push_back(t);
      }
      int want = -1;
      if (!members.empty() && members[0] == r) {
        want = 0;
        for (unsigned t : members) want += in[b * B + t];
      }
      e2e::expect_eq(what, b * B + r, out[b * B + r], want);
    }
}

}  // namespace

void test_thread_block(int warp_size) {
  for (const Shape &s : shapes()) {
    run_block_members(s);
    run_group_sums(s, kBlock, 0, warp_size);
    for (unsigned n = 1; n <= static_cast<unsigned>(warp_size); n *= 2) run_group_sums(s, kDynamicTile, n, warp_size);
    // A compile-time tile's size() is N even for a partial last tile (ROCm), so the generic reduction
    // would read threads that do not exist: full tiles only.
    if (warp_size >= 4 && s.threads() % 4 == 0) run_group_sums(s, kStaticTile4, 4, warp_size);
    run_group_sums(s, kCoalescedNotThirds, 0, warp_size);
  }
}
