// coalesced_threads() after divergent branches (odd lanes, a random half, the first lanes, nested
// branches, every lane): size and ranks among the active lanes only, shuffles (long long, float),
// ballot/any/all/match_* relative to the group, tiled_partition of the group with its meta groups,
// binary_partition of the group and of a tile, the group seen as a thread_group, this_thread().
#include "cg.h"

#include <algorithm>

namespace {

enum Branch { kOddLanes, kRandomHalf, kFirstThreeLanes, kNested, kEveryLane, kBranchCount };
const char *branch_name[] = {"odd lanes", "random half", "lanes < 3", "nested (odd lanes, then random)", "every lane"};

struct CoOut {
  int in_group;
  unsigned size, rank, meta_rank, meta_size, tg_size, tg_rank, tg_type, one_size, one_rank;
  long long shfl, up, down;
  float shfl_f;
  unsigned long long ballot, match_any, match_all;
  int any, all, pred;
  unsigned p_size, p_rank, p_meta_rank, p_meta_size;
  unsigned long long p_ballot;
  unsigned b_size, b_rank;
  unsigned long long b_ballot;
  unsigned tb_size, tb_rank;
  int valid;
};

__device__ bool takes(int branch, unsigned lane, uint32_t x) {
  switch (branch) {
  case kOddLanes: return lane & 1;
  case kRandomHalf: return (x >> 3) & 1;
  case kFirstThreeLanes: return lane < 3;
  default: return true;
  }
}

__global__ void coalesced_kernel(int branch, unsigned part, const uint32_t *rnd, const long long *vals, CoOut *out) {
  const cg::thread_block block = cg::this_thread_block();
  const unsigned r = block.thread_rank(), g = block.block_rank() * block.size() + r;
  const unsigned lane = r % static_cast<unsigned>(static_cast<int>(warpSize));
  const uint32_t x = rnd[g];
  const long long v = vals[g];
  CoOut o{};
  bool outer = branch == kNested ? (lane & 1) != 0 : takes(branch, lane, x);
  if (outer) {
    bool inner = branch == kNested ? ((x >> 3) & 1) != 0 : true;
    if (inner) {
      const cg::coalesced_group c = cg::coalesced_threads();
      o.in_group = 1;
      o.size = c.size();
      o.rank = c.thread_rank();
      o.meta_rank = c.meta_group_rank();
      o.meta_size = c.meta_group_size();
      o.valid = c.is_valid();
      const cg::thread_group tg = c;
      o.tg_size = tg.size();
      o.tg_rank = tg.thread_rank();
      o.tg_type = tg.cg_type();
      const cg::thread_group one = cg::this_thread();
      o.one_size = one.size();
      o.one_rank = one.thread_rank();
      o.shfl = c.shfl(v, static_cast<int>((x >> 5) % 97));
      o.shfl_f = c.shfl(static_cast<float>(v % 10007) * 0.125f, static_cast<int>((x >> 12) % 61));
      o.up = c.shfl_up(v, (x >> 7) % 9);
      o.down = c.shfl_down(v, (x >> 11) % 9);
      o.ballot = c.ballot((x >> 15) & 1);
      o.any = c.any((x & 31) == 0);
      o.all = c.all((x & 31) != 0);
      o.match_any = c.match_any(static_cast<unsigned>((x >> 17) % 3));
      o.match_all = c.match_all(static_cast<long long>((x >> 20) % 16 == 0), o.pred);
      const cg::coalesced_group p = cg::tiled_partition(c, part);
      o.p_size = p.size();
      o.p_rank = p.thread_rank();
      o.p_meta_rank = p.meta_group_rank();
      o.p_meta_size = p.meta_group_size();
      o.p_ballot = p.ballot((x >> 15) & 1);
      const cg::coalesced_group bp = cg::binary_partition(c, (x >> 23) & 1);
      o.b_size = bp.size();
      o.b_rank = bp.thread_rank();
      o.b_ballot = bp.ballot((x >> 15) & 1);
    }
  }
  // binary_partition of a compile-time tile (every thread).
  const cg::coalesced_group tb = cg::binary_partition(cg::tiled_partition<2>(block), (x >> 25) & 1);
  o.tb_size = tb.size();
  o.tb_rank = tb.thread_rank();
  out[g] = o;
}

void run(const Shape &s, int branch, unsigned part, int ws) {
  const unsigned B = s.threads(), total = B * s.blocks();
  const auto rnd = pseudo_random(total, 4000 + branch * 31 + part + B);
  const auto r2 = pseudo_random(total, 5000 + B);
  std::vector<long long> vals(total);
  for (unsigned i = 0; i < total; ++i) vals[i] = (static_cast<long long>(r2[i]) << 31) - rnd[(i * 5) % total];
  Buffer<uint32_t> drnd(rnd);
  Buffer<long long> dvals(vals);
  Buffer<CoOut> dout(total);
  coalesced_kernel<<<s.grid, s.block>>>(branch, part, drnd.ptr, dvals.ptr, dout.ptr);
  HIP_CHECK_LAUNCH();
  const auto out = dout.get();
  char what[128];
  std::snprintf(what, sizeof what, "coalesced group (%s) partition %u block %ux%ux%u", branch_name[branch], part,
                s.block.x, s.block.y, s.block.z);
  auto f = [&](const char *name) { return std::string(what) + " " + name; };
  const Lanes lanes{B, static_cast<unsigned>(ws)};
  for (unsigned b = 0; b < s.blocks(); ++b)
    for (unsigned r = 0; r < B; ++r) {
      const unsigned g = b * B + r;
      auto member = [&](unsigned t) {
        const uint32_t y = rnd[b * B + t];
        const unsigned lane = lanes.lane(t);
        switch (branch) {
        case kOddLanes: return (lane & 1) != 0;
        case kRandomHalf: return ((y >> 3) & 1) != 0;
        case kFirstThreeLanes: return lane < 3;
        case kNested: return (lane & 1) != 0 && ((y >> 3) & 1) != 0;
        default: return true;
        }
      };
      const CoOut &o = out[g];
      // tile<2> binary partition: the (existing) threads of r's pair with the same predicate.
      {
        const unsigned first = r & ~1u;
        std::vector<unsigned> same;
        for (unsigned t = first; t < first + 2 && t < B; ++t)
          if (((rnd[b * B + t] >> 25) & 1) == ((rnd[g] >> 25) & 1)) same.push_back(t);
        e2e::expect_eq(f("binary_partition(tile<2>) size").c_str(), g, o.tb_size, unsigned(same.size()));
        e2e::expect_eq(f("binary_partition(tile<2>) thread_rank").c_str(), g, o.tb_rank,
                       unsigned(std::find(same.begin(), same.end(), r) - same.begin()));
      }
      e2e::expect_eq(f("in group").c_str(), g, o.in_group, member(r) ? 1 : 0);
      if (!member(r)) continue;
      std::vector<unsigned> m;  // the group: ranks in the block, in lane order
      for (unsigned t = lanes.warp_first(r); t < lanes.warp_end(r); ++t)
        if (member(t)) m.push_back(t);
      const unsigned size = m.size(), rank = std::find(m.begin(), m.end(), r) - m.begin();
      const uint32_t x = rnd[g];
      auto val = [&](unsigned k) { return vals[b * B + m[k]]; };
      e2e::expect_eq(f("size").c_str(), g, o.size, size);
      e2e::expect_eq(f("thread_rank").c_str(), g, o.rank, rank);
      e2e::expect_eq(f("meta_group_rank").c_str(), g, o.meta_rank, 0u);
      e2e::expect_eq(f("meta_group_size").c_str(), g, o.meta_size, 1u);
      e2e::expect_eq(f("is_valid").c_str(), g, o.valid, 1);
      e2e::expect_eq(f("thread_group size").c_str(), g, o.tg_size, size);
      e2e::expect_eq(f("thread_group thread_rank").c_str(), g, o.tg_rank, rank);
      e2e::expect_eq(f("thread_group cg_type").c_str(), g, o.tg_type, unsigned(cg::internal::cg_coalesced_group));
      e2e::expect_eq(f("this_thread size").c_str(), g, o.one_size, 1u);
      e2e::expect_eq(f("this_thread thread_rank").c_str(), g, o.one_rank, 0u);
      e2e::expect_eq(f("shfl(long long)").c_str(), g, o.shfl, val(((x >> 5) % 97) % size));
      const float want_f = static_cast<float>(val(((x >> 12) % 61) % size) % 10007) * 0.125f;
      e2e::expect_eq(f("shfl(float)").c_str(), g, o.shfl_f, want_f);
      const unsigned up = (x >> 7) % 9, down = (x >> 11) % 9;
      e2e::expect_eq(f("shfl_up").c_str(), g, o.up, rank >= up ? val(rank - up) : val(rank));
      e2e::expect_eq(f("shfl_down").c_str(), g, o.down, rank + down < size ? val(rank + down) : val(rank));
      unsigned long long ballot = 0, match = 0;
      bool any = false, all = true, all_same = true;
      const long long key = (x >> 20) % 16 == 0;
      for (unsigned k = 0; k < size; ++k) {
        const uint32_t y = rnd[b * B + m[k]];
        if ((y >> 15) & 1) ballot |= 1ull << k;
        if ((y & 31) == 0) any = true;
        if ((y & 31) == 0) all = false;
        if ((y >> 17) % 3 == (x >> 17) % 3) match |= 1ull << k;
        if (static_cast<long long>((y >> 20) % 16 == 0) != key) all_same = false;
      }
      e2e::expect_eq(f("ballot").c_str(), g, o.ballot, ballot);
      e2e::expect_eq(f("any").c_str(), g, o.any, any ? 1 : 0);
      e2e::expect_eq(f("all").c_str(), g, o.all, all ? 1 : 0);
      e2e::expect_eq(f("match_any").c_str(), g, o.match_any, match);
      e2e::expect_eq(f("match_all pred").c_str(), g, o.pred, all_same ? 1 : 0);
      e2e::expect_eq(f("match_all").c_str(), g, o.match_all, all_same ? (size >= 64 ? ~0ull : (1ull << size) - 1) : 0ull);
      // tiled_partition(c, part): ranks [rank & ~(part-1), + part) of the group.
      const unsigned first = rank & ~(part - 1), p_size = std::min(part, size - first);
      unsigned long long p_ballot = 0;
      for (unsigned k = first; k < first + p_size; ++k)
        if ((rnd[b * B + m[k]] >> 15) & 1) p_ballot |= 1ull << (k - first);
      e2e::expect_eq(f("tiled_partition size").c_str(), g, o.p_size, p_size);
      e2e::expect_eq(f("tiled_partition thread_rank").c_str(), g, o.p_rank, rank - first);
      e2e::expect_eq(f("tiled_partition meta_group_rank").c_str(), g, o.p_meta_rank, rank / part);
      e2e::expect_eq(f("tiled_partition meta_group_size").c_str(), g, o.p_meta_size, (size + part - 1) / part);
      e2e::expect_eq(f("tiled_partition ballot").c_str(), g, o.p_ballot, p_ballot);
      // binary_partition(c, pred): the group's threads with the caller's predicate.
      std::vector<unsigned> same;
      for (unsigned k = 0; k < size; ++k)
        if (((rnd[b * B + m[k]] >> 23) & 1) == ((x >> 23) & 1)) same.push_back(k);
      unsigned long long b_ballot = 0;
      for (unsigned k = 0; k < same.size(); ++k)
        if ((rnd[b * B + m[same[k]]] >> 15) & 1) b_ballot |= 1ull << k;
      e2e::expect_eq(f("binary_partition size").c_str(), g, o.b_size, unsigned(same.size()));
      e2e::expect_eq(f("binary_partition thread_rank").c_str(), g, o.b_rank,
                     unsigned(std::find(same.begin(), same.end(), rank) - same.begin()));
      e2e::expect_eq(f("binary_partition ballot").c_str(), g, o.b_ballot, b_ballot);
    }
}

// A coalesced group partitioned by a size that is not a power of two is empty and not valid (ROCm).
__global__ void invalid_partition(unsigned n, unsigned *out) {
  const cg::coalesced_group p = cg::tiled_partition(cg::coalesced_threads(), n);
  const unsigned g = blockIdx.x * blockDim.x + threadIdx.x;
  out[2 * g] = p.size();
  out[2 * g + 1] = p.is_valid();
}

}  // namespace

void test_coalesced(int warp_size) {
  for (const Shape &s : shapes())
    for (int branch = 0; branch < kBranchCount; ++branch)
      for (unsigned part = 1; part <= static_cast<unsigned>(warp_size); part *= 2) run(s, branch, part, warp_size);
  Buffer<unsigned> dout(2 * 40);
  invalid_partition<<<1, 40>>>(3, dout.ptr);
  HIP_CHECK_LAUNCH();
  const auto out = dout.get();
  for (unsigned i = 0; i < 40; ++i) {
    e2e::expect_eq("tiled_partition(coalesced, 3) size", i, out[2 * i], 0u);
    e2e::expect_eq("tiled_partition(coalesced, 3) is_valid", i, out[2 * i + 1], 0u);
  }
}
