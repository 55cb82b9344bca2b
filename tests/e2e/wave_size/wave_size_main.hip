// Wavefront size on every device (docs/HIP_ON_VULKAN.md, "Wavefront size", "Logical warps"): code
// that needs the width at compile time, and CUDA code written for 32 lanes, runs at that width where
// the device offers it and as logical warps on narrower subgroups, with the same results; code
// whose warp operations only part of a block reaches runs there too. Code that asks warpSize at run
// time runs at the device's own width in programs that allow it; here the fixed-width kernels need
// 32 (or 64), so every kernel runs at that width and hipDeviceProp_t::warpSize says so.
#include "wave_size.h"

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstring>

namespace {

// The host model of HIP's width-segment shuffles: sums and inclusive scans of each logical warp.
void model_reduce_scan(const std::vector<int> &in, unsigned logical, std::vector<int> &sums, std::vector<int> &scans) {
  const size_t n = in.size();
  sums.assign((n + logical - 1) / logical, 0);
  scans.assign(n, 0);
  for (size_t i = 0; i < n; ++i) {
    sums[i / logical] += in[i];
    scans[i] = (i % logical ? scans[i - 1] : 0) + in[i];
  }
}

template <unsigned Size>
void check_tiles(const std::vector<int> &in) {
  std::vector<int> sums, scans, want_sums, want_scans;
  if (tile_reduce_scan<Size>(in, sums, scans) == Outcome::Refused)
    return e2e::check(false, "cooperative groups' tiles of the compiled width run on every device");
  model_reduce_scan(in, Size, want_sums, want_scans);
  for (size_t i = 0; i < want_sums.size(); ++i) e2e::expect_eq("tiled_partition sum", long(i), sums[i], want_sums[i]);
  for (size_t i = 0; i < in.size(); ++i) e2e::expect_eq("tiled_partition inclusive scan", long(i), scans[i], want_scans[i]);
}

template <unsigned Logical>
void check_logical_warp(const std::vector<int> &in) {
  std::vector<int> sums, scans, want_sums, want_scans;
  if (logical_warp_reduce_scan<Logical>(in, sums, scans) == Outcome::Refused)
    return e2e::check(false, "a logical warp of rocPRIM's shape runs on every device");
  model_reduce_scan(in, Logical, want_sums, want_scans);
  for (size_t i = 0; i < want_sums.size(); ++i) e2e::expect_eq("logical warp sum", long(i), sums[i], want_sums[i]);
  for (size_t i = 0; i < in.size(); ++i) e2e::expect_eq("logical warp scan", long(i), scans[i], want_scans[i]);
}

// The reduction in the kernel's order: per-thread strided partial sums, an xor butterfly over the
// warp (lane 0's value), then the warps' partials in order.
float model_rms(const float *row, int cols, int block, int warp) {
  std::vector<float> s(block, 0.0f);
  for (int t = 0; t < block; ++t)
    for (int c = t; c < cols; c += block) s[t] += row[c] * row[c];
  float total = 0.0f;
  for (int base = 0; base < block; base += warp) {
    std::vector<float> lanes(s.begin() + base, s.begin() + base + warp);
    for (int offset = warp / 2; offset > 0; offset /= 2) {
      std::vector<float> next(lanes);
      for (int l = 0; l < warp; ++l) next[l] = lanes[l] + lanes[l ^ offset];
      lanes = next;
    }
    total += lanes[0];
  }
  return std::sqrt(total / float(cols));
}

// divergent.hip against a model of warps of `width` lanes in blocks of `block`, threads from `n`
// gone (in the branches kernel), at every width.
void check_divergent(const std::vector<int> &in, int block, int n, int width) {
  const Divergent got = divergent_warps(in, block, n);
  e2e::check(got.branches == Outcome::Ran, "warp operations under divergent branches run at every width");
  e2e::check(got.loops == Outcome::Ran, "warp operations in divergent loops run at every width");
  for (size_t i = 0; i < size_t(n); ++i) {
    const int t = int(i) % block, base = t - t % width, lanes = std::min(width, block - base);
    const int first = int(i) - t + base;  // index of the warp's lane 0
    auto present = [&](int lane) { return first + lane < n; };
    auto part = [&](int lane) { return (base + lane) % 3 != 0; };
    DivergentLane want{};
    want.first = INT32_MIN;
    want.other = INT32_MIN;
    if (part(t - base)) want.all = 1;
    for (int l = 0; l < lanes; ++l) {
      if (!present(l)) continue;
      const int v = in[first + l];
      if (part(t - base) && part(l)) {
        want.ballot |= uint64_t(v > 0) << l;
        want.any |= v > 90;
        want.all &= v != 7;
        if (want.first == INT32_MIN) want.first = v;
        want.sum += v;
        if (t % 2 == 0 && (base + l) % 2 == 0) want.inner |= 1ull << l;
      }
      if (!part(t - base) && !part(l)) want.other = std::max(want.other, v);
    }
    if (!part(t - base)) want.first = 0;
    if (part(t - base)) want.other = 0;
    const long long at = (long long)i;
    const DivergentLane &b = got.branch_lanes[i];
    e2e::expect_eq("divergent __ballot", at, b.ballot, want.ballot);
    e2e::expect_eq("divergent __any", at, b.any, want.any);
    e2e::expect_eq("divergent __all", at, b.all, want.all);
    e2e::expect_eq("divergent readfirstlane", at, b.first, want.first);
    e2e::expect_eq("divergent __reduce_add_sync", at, b.sum, want.sum);
    e2e::expect_eq("nested divergent __ballot", at, b.inner, want.inner);
    e2e::expect_eq("__reduce_max_sync on the else side", at, b.other, want.other);
    // The loops kernel has every thread of the block.
    for (int l = 0; l < lanes; ++l)
      if (part(t - base) && part(l) && (in[first + l] & 3) == (in[i] & 3)) want.match |= 1ull << l;
    for (int k = 0; k <= t % 5; ++k)
      for (int l = 0; l < lanes; ++l) want.loop_lanes += (base + l) % 5 >= k;
    const DivergentLane &l = got.loop_lanes[i];
    e2e::expect_eq("divergent __match_any", at, l.match, want.match);
    e2e::expect_eq("lanes in a divergent loop", at, l.loop_lanes, want.loop_lanes);
  }
}

}  // namespace

// The width this program's kernels see on every device: its fixed-width kernels have no run-time
// form, so the runtime runs every width-dependent kernel at their width and reports it as warpSize.
#if defined(WAVE_SIZE_ONLY_64)
// Built with --offload-arch=gfx90a: wave64 is the only fixed form, so it runs at 64 everywhere,
// natively on 64-lane devices and as logical warps on NVIDIA's 32 and lavapipe's 4-16.
int fixed_width_here() { return 64; }
#else
int fixed_width_here() { return 32; }
#endif

int main() {
  hipDeviceProp_t prop;
  HIP_CHECK(hipGetDeviceProperties(&prop, 0));
  std::printf("device: %s, warpSize %d\n", prop.name, prop.warpSize);

  // What the device code of the fixed forms saw, and that it runs at that width.
  const int width = fixed_width_here();
  e2e::expect_eq("hipDeviceProp_t::warpSize: the width the program's kernels need", 0, prop.warpSize, width);
  int attribute = 0;
  HIP_CHECK(hipDeviceGetAttribute(&attribute, hipDeviceAttributeWarpSize, 0));
  e2e::expect_eq("hipDeviceAttributeWarpSize", 0, attribute, width);
  CompiledWidths w{};
  if (compiled_widths(w) == Outcome::Ran) {
    e2e::expect_eq("__AMDGCN_WAVEFRONT_SIZE__", 0, w.macro, width);
    e2e::expect_eq("constexpr warpSize", 0, w.warp_size, width);
    e2e::expect_eq("__builtin_amdgcn_wavefrontsize()", 0, w.builtin, width);
    e2e::expect_eq("__GFX9__ for wave64, __GFX10__ for wave32", 0, w.target_width, width);
    e2e::expect_eq("lanes of a full-block __ballot", 0, w.subgroup, width);
  } else {
    e2e::check(false, "fixed-width code runs on every device");
  }

  std::vector<int> in(1000);  // not a multiple of any block or warp
  for (size_t i = 0; i < in.size(); ++i) in[i] = int((i * 2654435761u) % 1009) - 504;
  check_logical_warp<4>(in);
  check_logical_warp<16>(in);
  check_logical_warp<32>(in);
  // Blocks of 128 hold whole tiles: 1024 values, a multiple of both tile sizes.
  const std::vector<int> tiled(in.begin(), in.begin() + 896);
  check_tiles<32>(tiled);
#if defined(WAVE_SIZE_ONLY_64)
  check_tiles<64>(tiled);
#endif

  const int rows = 37, cols = 1000;
  std::vector<float> m(size_t(rows) * cols);
  for (size_t i = 0; i < m.size(); ++i) m[i] = float(int(i % 97) - 48) / 16.0f;
  std::vector<float> rms;
  if (rms_rows(m, rows, cols, rms) == Outcome::Ran) {
    for (int r = 0; r < rows; ++r)
      e2e::expect_eq("rms row (bits)", r, rms[r], model_rms(&m[size_t(r) * cols], cols, 256, width));
  } else {
    e2e::check(false, "layer-norm style code runs on every device");
  }

  check_divergent(in, 100, int(in.size()) - 37, width);

  {
    // __launch_bounds__(96): held to the bound as ROCm holds it, whole warps within it at every width.
    const int block = width == 64 ? 64 : 96;
    std::vector<int> part(in.begin(), in.begin() + block * 5), sums;
    BoundsReport bounds;
    e2e::check(launch_bounds_sums(part, block, sums, bounds) == Outcome::Ran, "a __launch_bounds__ kernel runs at every width");
    e2e::expect_eq("hipFuncGetAttributes maxThreadsPerBlock under __launch_bounds__", 0, bounds.attribute_max_threads, bounds.bound);
    e2e::check(bounds.potential_block > 0 && bounds.potential_block <= bounds.bound, "the occupancy API keeps to __launch_bounds__");
    e2e::expect_eq("a block past __launch_bounds__", 0, int(bounds.over_bound), int(hipErrorLaunchFailure));
    for (size_t i = 0; i < sums.size(); ++i) {
      const size_t warp_start = i - i % size_t(width);
      int want = 0;
      for (int l = 0; l < width; ++l) want += part[warp_start + l];
      e2e::expect_eq("warp sum under __launch_bounds__", long(i), sums[i], want);
    }
  }

  {
    std::vector<unsigned long long> table(kBigTableWords), got;
    for (int i = 0; i < kBigTableWords; ++i) table[i] = (0x9e3779b97f4a7c15ull * unsigned(i + 1)) ^ (unsigned long long)i << 40;
    const int block = 256;
    // Logical warps: on the CPU drivers, and wave64 on NVIDIA's 32 lanes (AMD runs it natively).
    const bool logical = e2e::subgroups_narrower_than_32(prop) || (width == 64 && !std::strstr(prop.name, "AMD"));
    const bool fits = kBigTableWords * sizeof(unsigned long long) + kLogical64BitSlotBytes <= size_t(prop.sharedMemPerBlock);
    if (big_table_shuffles(table, block, got) == Outcome::Refused) {
      e2e::check(logical && !fits, "a large __shared__ table with 64-bit shuffles is refused only where the logical slots do not fit");
    } else {
      e2e::check(!logical || fits, "a logical-warp form past sharedMemPerBlock is refused, not run");
      for (int t = 0; t < block; ++t)
        e2e::expect_eq("64-bit shuffle beside a large __shared__ table", t, got[t],
                       table[((t ^ 1) * 13) % kBigTableWords] + table[kBigTableWords - 1 - t]);
    }
  }

  // Run-time width: every device.
  std::vector<int> sums;
  int run_time = 0;
  run_time_width(sums, 1024, 128, run_time);
  e2e::expect_eq("run-time warpSize", 0, run_time, prop.warpSize);

  // Each form reads its own table: the run-time form's (tag 0) or that of the fixed form running.
  {
    unsigned tag = 0, seen_warp = 0;
    std::vector<unsigned> table;
    form_tables(tag, table, seen_warp);
    const unsigned expected_tag = tag == 0 ? 0 : seen_warp;
    e2e::check(tag == 0 || seen_warp == 32 || seen_warp == 64, "a form's table: run-time form or a fixed width");
    e2e::expect_eq("form table [0]", 0, table[0], expected_tag);
    e2e::expect_eq("form table [1]", 0, table[1], expected_tag + 1);
    e2e::expect_eq("form table [2]", 0, table[2], 3 * expected_tag + 7);
    // The program's width: that form's own module runs (natively or as logical warps).
    e2e::expect_eq("the form running", 0, tag, unsigned(width));
    std::printf("form tables: the %s form's\n", tag == 0 ? "run-time" : tag == 32 ? "wave32" : "wave64");
  }
  for (int warp = 0; warp < 1024 / run_time; ++warp) {
    int want = 0;
    for (int t = warp * run_time; t < (warp + 1) * run_time; ++t) want += t * 3 + 1;
    e2e::expect_eq("run-time-width warp sum", warp, sums[warp], want);
  }

#if !defined(WAVE_SIZE_ONLY_64)  // CUDA's 32-lane code is not for a wave64-only build
  // CUDA's 32 lanes.
  std::vector<int> cuda_sums, full;
  if (cuda_warp_sums(in, cuda_sums, full) == Outcome::Ran) {
    for (size_t warp = 0; warp < cuda_sums.size(); ++warp) {
      int want = 0;
      bool all = true;
      for (size_t i = warp * 32; i < (warp + 1) * 32; ++i) {
        if (i < in.size()) want += in[i];
        all &= i < in.size();
      }
      e2e::expect_eq("CUDA-style warp sum", long(warp), cuda_sums[warp], want);
      e2e::expect_eq("CUDA-style full ballot", long(warp), full[warp], int(all));
    }
  } else {
    e2e::check(false, "32-lane CUDA code runs on every device");
  }
  // The first warp of a block alone (under `threadIdx.x < 32`): at every width.
  std::vector<int> first;
  const int block = 96;
  e2e::check(first_warp_sums(std::vector<int>(in.begin(), in.begin() + 960), block, first) == Outcome::Ran,
             "a warp operation under `threadIdx.x < 32` runs at every width");
  for (size_t b = 0; b < first.size(); ++b) {
    int want = 0;
    for (int t = 0; t < 32; ++t) want += in[b * block + t];
    e2e::expect_eq("first-warp sum", long(b), first[b], want);
  }
#endif
  return e2e::finish("wave_size");
}
