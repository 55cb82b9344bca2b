// Vote, ballot and lane masks, in uniform and divergent code, on 1-D/2-D/3-D blocks with partial
// last warps: inactive and missing lanes are in no mask.
#include "warp.h"

namespace {

struct VoteResult {
  unsigned long long ballot, active, popc_source, lt, le, gt, ge;
  unsigned long long sync_ballot32, sync_ballot64, divergent_ballot, divergent_active;
  int lane, warp_size, any, all, popc, any_sync32, all_sync64, divergent_all, divergent_any;
};

__host__ __device__ bool predicate(int t, int block, int salt) { return ((t * 7 + block * 3 + salt) % 5) < 2; }

__global__ void votes(VoteResult *out, int salt) {
  const int t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const int threads = blockDim.x * blockDim.y * blockDim.z;
  const int b = blockIdx.x;
  const bool p = predicate(t, b, salt);
  VoteResult r{};
  r.lane = __lane_id();
  r.warp_size = warpSize;
  r.ballot = __ballot(p);
  r.active = __activemask();
  r.any = __any(p);
  r.all = __all(p);
  r.popc = __popcll(__ballot(p));
  r.lt = __lanemask_lt();
  r.le = __lanemask_le();
  r.gt = __lanemask_gt();
  r.ge = __lanemask_ge();
  // CUDA code passes 32-bit masks, ROCm code 64-bit ones.
  r.any_sync32 = __any_sync(0xffffffffu, p);
  r.all_sync64 = __all_sync(~0ull, t % 2 == 0 || p);
  r.sync_ballot32 = __ballot_sync(0xffffffffu, p);
  r.sync_ballot64 = __ballot_sync(0x5555555555555555ull, p);
  if (t % 3 != 1) {
    r.divergent_ballot = __ballot(p);
    r.divergent_active = __activemask();
    r.divergent_all = __all(p);
    r.divergent_any = __any(p);
  }
  out[b * threads + t] = r;
}

unsigned long long low_bits(int n) { return n >= 64 ? ~0ull : (1ull << n) - 1; }

void check_votes(const BlockShape &shape, int salt) {
  const int threads = threads_of(shape), total = threads * shape.grid;
  e2e::DeviceBuffer<VoteResult> d(total);
  votes<<<shape.grid, shape.block>>>(d, salt);
  HIP_CHECK_LAUNCH();
  std::vector<VoteResult> got(total);
  d.download(got);
  const WarpModel w{device_warp_size(), threads};
  const unsigned long long warp_lanes = low_bits(w.warp_size);
  for (int b = 0; b < shape.grid; ++b)
    for (int t = 0; t < threads; ++t) {
      const VoteResult &r = got[b * threads + t];
      const int base = w.warp_base(t), n = w.lanes_in_warp(t), lane = w.lane(t);
      unsigned long long ballot = 0, divergent_active = 0, odd_or_p = 0;
      for (int l = 0; l < n; ++l) {
        if (predicate(base + l, b, salt)) ballot |= 1ull << l;
        if ((base + l) % 3 != 1) divergent_active |= 1ull << l;
        if ((base + l) % 2 == 0 || predicate(base + l, b, salt)) odd_or_p |= 1ull << l;
      }
      const unsigned long long active = low_bits(n);
      const long long i = b * threads + t;
      e2e::expect_eq(shape.name, i, r.warp_size, w.warp_size);
      e2e::expect_eq("lane", i, r.lane, lane);
      e2e::expect_eq("ballot", i, r.ballot, ballot);
      e2e::expect_eq("activemask", i, r.active, active);
      e2e::expect_eq("any", i, r.any, ballot != 0);
      e2e::expect_eq("all", i, r.all, ballot == active);
      e2e::expect_eq("popcll(ballot)", i, r.popc, __builtin_popcountll(ballot));
      e2e::expect_eq("lanemask_lt", i, r.lt, low_bits(lane));
      e2e::expect_eq("lanemask_le", i, r.le, low_bits(lane + 1));
      e2e::expect_eq("lanemask_gt", i, r.gt, ~low_bits(lane + 1) & warp_lanes);
      e2e::expect_eq("lanemask_ge", i, r.ge, ~low_bits(lane) & warp_lanes);
      e2e::expect_eq("any_sync(32-bit mask)", i, r.any_sync32, (ballot & 0xffffffffull) != 0);
      e2e::expect_eq("all_sync(64-bit mask)", i, r.all_sync64, odd_or_p == active);
      e2e::expect_eq("ballot_sync(32-bit mask)", i, r.sync_ballot32, ballot & 0xffffffffull);
      e2e::expect_eq("ballot_sync(64-bit mask)", i, r.sync_ballot64, ballot & 0x5555555555555555ull);
      if (t % 3 != 1) {
        e2e::expect_eq("divergent ballot", i, r.divergent_ballot, ballot & divergent_active);
        e2e::expect_eq("divergent activemask", i, r.divergent_active, divergent_active);
        e2e::expect_eq("divergent all", i, r.divergent_all, (ballot & divergent_active) == divergent_active);
        e2e::expect_eq("divergent any", i, r.divergent_any, (ballot & divergent_active) != 0);
      }
    }
}

} // namespace

void test_votes() {
  const BlockShape shapes[] = {
      {dim3(128), 3, "1-D 128"}, {dim3(100), 2, "1-D 100 (partial warp)"}, {dim3(13), 2, "1-D 13"},
      {dim3(6, 5), 2, "2-D 6x5"}, {dim3(7, 5, 3), 3, "3-D 7x5x3"}, {dim3(16, 4, 2), 1, "3-D 16x4x2"},
  };
  for (const BlockShape &s : shapes)
    for (int salt = 0; salt < 3; ++salt) check_votes(s, salt);
}
