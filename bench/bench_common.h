// Sizes, timing and result checks shared by the hipvk and the CUDA benchmark drivers. The API
// calls are made through the macros each driver defines (BENCH_MALLOC, BENCH_SYNC, ...), so the
// two measure exactly the same work in the same way.
#pragma once

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <vector>

namespace bench {

struct Sizes {
  int stream = 1 << 26;  // floats per triad/reduce array
  int gemm = 2048;       // matrix order
  int launches = 2000;   // empty-kernel launches
  int reps = 20;         // timed repetitions of each bandwidth/compute kernel
  int atomics = 1 << 24; // atomic additions of the one-address integer kernel; histogram words
  // Float additions to one address: a compare-and-swap loop where the device has no float atomics
  // (hipvk today) serialises them, so fewer, to keep the run short.
  int floatAtomics = 1 << 18;
  int gridSyncRounds = 2000;  // rounds of grid_sync_rounds per launch (two grid syncs each)
};

inline Sizes parseSizes(int argc, char **argv) {
  Sizes s;
  for (int i = 1; i < argc; ++i)
    if (!std::strcmp(argv[i], "--small")) s = {1 << 16, 64, 20, 2, 1 << 16, 1 << 12, 20};  // a correctness smoke run
  return s;
}

// Milliseconds per call of `launch`: the best of three rounds of `reps` calls, after warm-up
// rounds for at least kWarmUpSeconds (one GPU's clocks and neighbours vary between rounds; both
// drivers measure the same way). The warm-up is that long because after a second or two of idle
// GPU (a benchmark's host-side set-up) NVIDIA's Vulkan driver runs the first ~0.3 s of work up to
// 1.9x slower, where CUDA does not (docs/PERFORMANCE.md, "2026-11-26 (night)"): without it the
// rounds measure the clock ramp, not the kernel.
inline constexpr double kWarmUpSeconds = 0.5;
// The least of three calls of `round` (which returns the milliseconds it timed), after calls for at
// least kWarmUpSeconds.
template <typename Round> double bestAfterWarmUp(Round round) {
  const auto warmUpStart = std::chrono::steady_clock::now();
  do round();
  while (std::chrono::duration<double>(std::chrono::steady_clock::now() - warmUpStart).count() < kWarmUpSeconds);
  double best = round();
  for (int r = 1; r < 3; ++r) best = std::min(best, round());
  return best;
}
template <typename Launch, typename Sync> double timeMs(int reps, Launch launch, Sync sync) {
  return bestAfterWarmUp([&] {
    auto start = std::chrono::steady_clock::now();
    for (int r = 0; r < reps; ++r) launch();
    sync();
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  }) / reps;
}

inline void report(const char *kernel, const char *impl, double ms, double amount, const char *unit) {
  std::printf("%-8s %-6s %10.4f ms %10.2f %s\n", kernel, impl, ms, amount / (ms * 1e-3) / 1e9, unit);
}

inline std::vector<float> pattern(size_t n, int seed) {
  std::vector<float> v(n);
  for (size_t i = 0; i < n; ++i) v[i] = float(int((i * 2654435761u + seed) % 1000) - 500) / 256.0f;
  return v;
}

// Words whose bytes are spread over all 256 values, and the histogram of those bytes.
inline std::vector<unsigned> histogramWords(size_t n) {
  std::vector<unsigned> v(n);
  unsigned x = 2463534242u;
  for (auto &w : v) x ^= x << 13, x ^= x >> 17, x ^= x << 5, w = x;
  return v;
}
inline std::vector<unsigned> byteHistogram(const std::vector<unsigned> &words) {
  std::vector<unsigned> bins(256);
  for (unsigned w : words)
    for (int k = 0; k < 4; ++k) ++bins[(w >> (8 * k)) & 0xff];
  return bins;
}

inline bool near(double got, double want, double rel) { return std::fabs(got - want) <= rel * std::fmax(1.0, std::fabs(want)); }

} // namespace bench
