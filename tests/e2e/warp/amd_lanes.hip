// AMD's lane builtins on every warp size: ds_bpermute, readfirstlane, readlane, mbcnt, ballot_w64,
// wave_barrier, s_sleep, wavefrontsize, DPP lane patterns (mov_dpp/update_dpp with row and bank masks and
// bound_ctrl) and ds_swizzle. A source lane outside its row, outside the warp or inactive is
// invalid: bound_ctrl (and ds_swizzle) give 0, update_dpp keeps `old`.
#include "warp.h"

namespace {

constexpr int kResults = 22;

__host__ __device__ int lane_value(int t, int b) { return t * 131 + b * 7 + 5; }

__global__ void amd_lanes(int *out) {
  const int t = threadIdx.x;
  const int v = lane_value(t, blockIdx.x);
  int *r = out + (blockIdx.x * blockDim.x + t) * kResults;
  r[0] = __builtin_amdgcn_ds_bpermute(((t * 3 + 1) % 64) * 4, v);
  r[1] = __builtin_amdgcn_readfirstlane(v);
  r[2] = __builtin_amdgcn_readlane(v, 2);
  r[3] = __builtin_amdgcn_mbcnt_hi(~0u, __builtin_amdgcn_mbcnt_lo(~0u, 0u));
  r[4] = __builtin_amdgcn_mbcnt_hi(0xf0f0f0f0u, __builtin_amdgcn_mbcnt_lo(0x0ff00ff0u, 100u));
  const unsigned long long ballot = __builtin_amdgcn_ballot_w64(t % 3 == 0);
  r[5] = int(ballot), r[6] = int(ballot >> 32);
  __builtin_amdgcn_wave_barrier();
  __builtin_amdgcn_s_sleep(1);  // a back-off hint (rocPRIM's look-back spins with it): no effect
  r[7] = __builtin_amdgcn_wavefrontsize();
  r[8] = __builtin_amdgcn_mov_dpp(v, 0x1b, 0xf, 0xf, true);            // quad_perm [3,2,1,0]
  r[9] = __builtin_amdgcn_update_dpp(-1, v, 0x111, 0xf, 0xf, false);   // row_shr:1, keep old
  r[10] = __builtin_amdgcn_update_dpp(-1, v, 0x102, 0xf, 0xf, true);   // row_shl:2, bound zero
  r[11] = __builtin_amdgcn_update_dpp(-1, v, 0x123, 0xf, 0xf, false);  // row_ror:3
  r[12] = __builtin_amdgcn_update_dpp(-1, v, 0x140, 0xf, 0xf, false);  // row_mirror
  r[13] = __builtin_amdgcn_update_dpp(-1, v, 0x141, 0xf, 0xf, false);  // row_half_mirror
  r[14] = __builtin_amdgcn_update_dpp(-1, v, 0x142, 0xa, 0xf, false);  // row_bcast:15, rows 1 and 3
  r[15] = __builtin_amdgcn_update_dpp(-1, v, 0x138, 0xf, 0xf, false);  // wave_shr:1
  r[16] = __builtin_amdgcn_update_dpp(-1, v, 0x134, 0xf, 0x5, false);  // wave_rol:1, banks 0 and 2
  r[17] = __builtin_amdgcn_ds_swizzle(v, 0x041f);                      // bit mode: xor 1
  r[18] = __builtin_amdgcn_ds_swizzle(v, 0x8000 | 0x1b);               // quad mode [3,2,1,0]
  int first_odd = -1;
  if (t % 2 == 1) first_odd = __builtin_amdgcn_readfirstlane(v); // lowest active lane: lane 1 of the warp
  r[19] = first_odd;
  // ds_permute: lanes 2k and 2k+1 both send to lane k (the higher one wins); in the branch, only
  // the lanes not divisible by 3 send, each to the lane below it.
  const int lane = static_cast<int>(__lane_id());
  r[20] = __builtin_amdgcn_ds_permute((lane / 2) * 4, v);
  int scattered = -1;
  if (t % 3 != 0) scattered = __builtin_amdgcn_ds_permute((lane + warpSize - 1) * 4, v);
  r[21] = scattered;
}

struct Model {
  WarpModel w;
  int b, t;
  int lane() const { return w.lane(t); }
  bool exists(int l) const { return w.exists(t, l); }
  int value(int l) const { return lane_value(w.warp_base(t) + l, b); }
  // The DPP result for source lane `src` (`valid` false: out of row or warp).
  int dpp(int src, bool valid, bool bound_zero, int old, unsigned row_mask = 0xf, unsigned bank_mask = 0xf) const {
    const int l = lane();
    if (!((row_mask >> ((l >> 4) & 3)) & 1) || !((bank_mask >> ((l >> 2) & 3)) & 1)) return old;
    if (!valid || !exists(src)) return bound_zero ? 0 : old;
    return value(src);
  }
};

} // namespace

void test_amd_lanes() {
  const int ws = device_warp_size();
  for (int block : {128, 70, 37}) {
    const int grid = 2, total = block * grid;
    e2e::DeviceBuffer<int> d(size_t(total) * kResults);
    amd_lanes<<<grid, block>>>(d);
    HIP_CHECK_LAUNCH();
    std::vector<int> got(size_t(total) * kResults);
    d.download(got);
    for (int b = 0; b < grid; ++b)
      for (int t = 0; t < block; ++t) {
        const Model m{{ws, block}, b, t};
        const int l = m.lane(), row = l & ~15, n = m.w.lanes_in_warp(t);
        const int *r = &got[(size_t(b) * block + t) * kResults];
        auto check = [&](const char *what, int k, long long want, bool defined = true) {
          if (!defined) return;
          char name[96];
          std::snprintf(name, sizeof name, "%s (block %d, warp %d)", what, block, ws);
          e2e::expect_eq(name, b * block + t, r[k], int(want));
        };
        const int bperm = ((t * 3 + 1) % 64) % ws;
        check("ds_bpermute", 0, m.exists(bperm) ? m.value(bperm) : 0); // a missing lane reads 0
        check("readfirstlane", 1, m.value(0));
        check("readlane", 2, m.value(2), m.exists(2));
        check("mbcnt(~0)", 3, l);
        const unsigned long long below = (1ull << l) - 1, mask = 0xf0f0f0f00ff00ff0ull;
        check("mbcnt(mask)", 4, 100 + __builtin_popcountll(below & mask));
        unsigned long long ballot = 0;
        for (int k = 0; k < n; ++k)
          if ((m.w.warp_base(t) + k) % 3 == 0) ballot |= 1ull << k;
        check("ballot_w64 low", 5, int(ballot));
        check("ballot_w64 high", 6, int(ballot >> 32));
        check("wavefrontsize", 7, ws);
        check("quad_perm", 8, m.dpp((l & ~3) | (3 - (l & 3)), true, true, 0));
        check("row_shr:1", 9, m.dpp(l - 1, (l & 15) >= 1, false, -1));
        check("row_shl:2", 10, m.dpp(l + 2, (l & 15) + 2 < 16, true, -1));
        check("row_ror:3", 11, m.dpp(row | ((l - 3) & 15), true, false, -1));
        check("row_mirror", 12, m.dpp(row | (15 - (l & 15)), true, false, -1));
        check("row_half_mirror", 13, m.dpp((l & ~7) | (7 - (l & 7)), true, false, -1));
        check("row_bcast:15", 14, m.dpp(row - 1, l >= 16, false, -1, 0xa));
        check("wave_shr:1", 15, m.dpp(l - 1, l >= 1, false, -1));
        check("wave_rol:1", 16, m.dpp((l + 1) % ws, true, false, -1, 0xf, 0x5));
        check("ds_swizzle xor 1", 17, m.dpp((l & ~31) | ((l & 31) ^ 1), true, true, 0));
        check("ds_swizzle quad", 18, m.dpp((l & ~3) | (3 - (l & 3)), true, true, 0));
        const int first_odd_lane = (m.w.warp_base(t) % 2 == 0) ? 1 : 0;
        check("readfirstlane (odd threads)", 19, t % 2 == 1 ? m.value(first_odd_lane) : -1);
        int permuted = 0, scattered = 0;
        for (int s = 0; s < n; ++s) {
          if (s / 2 == l) permuted = m.value(s);
          if ((m.w.warp_base(t) + s) % 3 != 0 && (s + ws - 1) % ws == l) scattered = m.value(s);
        }
        check("ds_permute", 20, permuted);
        check("ds_permute (divergent)", 21, t % 3 != 0 ? scattered : -1);
      }
  }
}
