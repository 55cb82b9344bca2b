// Issue 12's pattern suite: kernels written the way real programs write them (pattern_kernels.h),
// one source for both sides, like host_latency.h: patterns.hip runs it through hipvk (and, where
// patterns.comp has one, a GLSL twin of the kernel through libhipvk), cuda/patterns.cu through the
// CUDA runtime (which maps the hip* names used here to cuda*). Every pattern checks its results
// against the host.
//   hipvk_patterns [--small] [pattern ...]   (--small: tiny sizes, a correctness smoke run; the
//                                             names below select patterns, default all)
// Timing: kernel-bound patterns take the best of three rounds of `reps` back-to-back launches and
// one synchronisation, after a warm-up (bench::timeMs); launch-bound ones (jacobi, floyd, bitonic)
// time their whole launch sequence and one synchronisation, best of three after a warm-up round.
#pragma once

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

#include "bench_check.h"
#include "bench_common.h"
#include "pattern_kernels.h"

#if defined(PATTERNS_GLSL)
#include "glsl_kernel.h"
#include "glsl_pat_conv1d_r1.h"
#include "glsl_pat_conv1d_r3.h"
#include "glsl_pat_conv1d_r7.h"
#include "glsl_pat_conv1d_r15.h"
#include "glsl_pat_conv1d_r31.h"
#include "glsl_pat_conv1d_r63.h"
#include "glsl_pat_conv1d_tiled_r1.h"
#include "glsl_pat_conv1d_tiled_r3.h"
#include "glsl_pat_conv1d_tiled_r7.h"
#include "glsl_pat_conv1d_tiled_r15.h"
#include "glsl_pat_conv1d_tiled_r31.h"
#include "glsl_pat_conv1d_tiled_r63.h"
#include "glsl_pat_bitonic.h"
#include "glsl_pat_floyd_warshall.h"
#include "glsl_pat_fma_float.h"
#include "glsl_pat_merge_path.h"
#include "glsl_pat_nbody.h"
#include "glsl_pat_stencil7.h"
#endif

namespace patterns {

// Default sizes: each timed round (reps launches, or one launch sequence) takes roughly 3-40 ms on
// an H100 with CUDA; the whole program well under a minute, host checks included.
struct Sizes {
  int reps = 20;                                        // launches per timed round (kernel-bound patterns)
  int conv = (1 << 26) + 3;                             // 1: elements, radii 1 to 63
  int mergeA = (1 << 25) + 11, mergeB = (1 << 25) - 5;  // 2: sorted ints
  int scanBlocks = (1 << 26) + 7;                       // 3: elements
  int jacobiX = 3001, jacobiY = 3001, jacobiLaunches = 1000, jacobiChecked = 10;  // 4
  int constThreads = 1 << 20, constReads = 4096, constLaneReads = 512;            // 5: reads per thread
  int fmaThreads = 1 << 20, fmaIters = 2048;            // 6: 8 chains of fmaIters per thread
  int floyd = 1024;                                     // 7: vertices (= launches)
  int bitonic = 16000057;                               // 8: keys (padded to 2^24: 300 launches)
  int stencilX = 515, stencilY = 513, stencilZ = 257;   // 9
  int scanLarge = (1 << 26) + 13;                       // 10
  int mont64 = 1 << 20, mont64Iters = 1024, mont256 = 1 << 18, mont256Iters = 128;  // 11
  int reverse = (1 << 26) + 3, bodies = 32773;          // 12
};

inline Sizes smallSizes() {
  Sizes s;
  s.reps = 1;
  s.conv = 10007;
  s.mergeA = 3001, s.mergeB = 2000;
  s.scanBlocks = 10007;
  s.jacobiX = 61, s.jacobiY = 47, s.jacobiLaunches = 30, s.jacobiChecked = 30;
  s.constThreads = 1000, s.constReads = 300, s.constLaneReads = 300;
  s.fmaThreads = 2048, s.fmaIters = 64;
  s.floyd = 50;
  s.bitonic = 4001;
  s.stencilX = 37, s.stencilY = 35, s.stencilZ = 33;
  s.scanLarge = 512 * 512 + 1000;  // three levels of block sums
  s.mont64 = 1000, s.mont64Iters = 20, s.mont256 = 500, s.mont256Iters = 8;
  s.reverse = 100003, s.bodies = 1000;
  return s;
}

// The host's two evaluations of a * b + c, for results of Mad (the device may or may not have
// fused it: CUDA and hipvk on NVIDIA do, lavapipe does not): a check accepts either, exactly.
// (__host__ __device__ only because hornerStep is: they run on the host.)
struct HostFused {
  __host__ __device__ float operator()(float a, float b, float c) const { return fmaf(a, b, c); }
  __host__ __device__ double operator()(double a, double b, double c) const { return fma(a, b, c); }
  __host__ __device__ unsigned operator()(unsigned a, unsigned b, unsigned c) const { return a * b + c; }
};
struct HostUnfused {
  template <typename T> __host__ __device__ T operator()(T a, T b, T c) const {
    volatile T product = a * b;  // rounded here, whatever the host compiler's contraction
    return product + c;
  }
};

inline int failures = 0;
inline void verify(bool ok, const std::string &what) {
  if (!ok) {
    std::printf("WRONG RESULT: %s\n", what.c_str());
    ++failures;
  }
}

// Not `sync`: <cooperative_groups.h> (CUDA) brings ::sync from <unistd.h> into view.
inline void syncDevice() { CHECK(hipDeviceSynchronize()); }

// One line per measurement: name, implementation, time per unit (a launch, or a launch sequence),
// throughput.
inline void report(const std::string &name, const char *impl, double ms, double amount, const char *unit, const std::string &note = "") {
  std::printf("%-26s %-5s %11.4f ms %11.2f %s%s\n", name.c_str(), impl, ms, amount / (ms * 1e-3) / 1e9, unit, note.c_str());
}
// Launch-bound patterns: the time of the whole sequence, per launch, and the throughput.
inline void reportLaunches(const std::string &name, const char *impl, double ms, int launches, double amount, const char *unit) {
  std::printf("%-26s %-5s %11.4f ms %11.2f us/launch %11.2f %s (%d launches + 1 sync)\n", name.c_str(), impl, ms, ms * 1e3 / launches,
              amount / (ms * 1e-3) / 1e9, unit, launches);
}

// Milliseconds of `body` (a launch sequence) + one synchronisation, best of three rounds after
// warm-up rounds for at least bench::kWarmUpSeconds (the GPU's clocks after the host's set-up:
// bench_common.h); `reset` (untimed) restores the inputs before each.
template <typename Reset, typename Body> double timeSequenceMs(Reset reset, Body body) {
  return bench::bestAfterWarmUp([&] {
    reset();
    syncDevice();
    auto start = std::chrono::steady_clock::now();
    body();
    syncDevice();
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  });
}

template <typename T> T *deviceAlloc(size_t n) {
  T *p = nullptr;
  CHECK(hipMalloc(&p, n * sizeof(T)));
  return p;
}
template <typename T> T *deviceCopy(const std::vector<T> &v) {
  T *p = deviceAlloc<T>(v.size());
  CHECK(hipMemcpy(p, v.data(), v.size() * sizeof(T), hipMemcpyHostToDevice));
  return p;
}
template <typename T> std::vector<T> hostCopy(const T *p, size_t n) {
  std::vector<T> v(n);
  CHECK(hipMemcpy(v.data(), p, n * sizeof(T), hipMemcpyDeviceToHost));
  return v;
}
inline unsigned blocksFor(size_t n, int threads) { return unsigned((n + threads - 1) / threads); }

// Deterministic pseudo-random words (splitmix64 of index and seed).
inline uint64_t mix64(uint64_t i, uint64_t seed) {
  uint64_t z = i * 0x9e3779b97f4a7c15ull + seed * 0xbf58476d1ce4e5b9ull + 0x94d049bb133111ebull;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}
inline uint32_t mix(uint64_t i, uint64_t seed) { return uint32_t(mix64(i, seed) >> 32); }
// Multiples of 1/16 in [-8, 8): products with 1/64-multiples below 1 and sums of a few hundred of
// them are exact in float, so results are exact whatever the order or contraction.
inline float sixteenths(uint64_t i, uint64_t seed) { return float(int(mix(i, seed) % 256) - 128) / 16.0f; }

#if defined(PATTERNS_GLSL)
constexpr int kGlslRadii[6] = {1, 3, 7, 15, 31, 63};
struct Glsl {
  bool runs = std::getenv("HIPVK_DISABLE_FEATURES") == nullptr;  // the twins use 64-bit integers
  GlslKernel conv[6], convTiled[6], mergePath, fmaFloat, stencil, floydWarshall, bitonic, nbody;
  Glsl() {
    struct Embedded {
      const uint32_t *spirv;
      size_t bytes;
      const char *name;
    };
#define PATTERNS_EMBEDDED(NAME) Embedded{NAME, sizeof NAME, #NAME}
    const Embedded direct[6] = {PATTERNS_EMBEDDED(glsl_pat_conv1d_r1), PATTERNS_EMBEDDED(glsl_pat_conv1d_r3),
                                PATTERNS_EMBEDDED(glsl_pat_conv1d_r7), PATTERNS_EMBEDDED(glsl_pat_conv1d_r15),
                                PATTERNS_EMBEDDED(glsl_pat_conv1d_r31), PATTERNS_EMBEDDED(glsl_pat_conv1d_r63)};
    const Embedded tiled[6] = {PATTERNS_EMBEDDED(glsl_pat_conv1d_tiled_r1), PATTERNS_EMBEDDED(glsl_pat_conv1d_tiled_r3),
                               PATTERNS_EMBEDDED(glsl_pat_conv1d_tiled_r7), PATTERNS_EMBEDDED(glsl_pat_conv1d_tiled_r15),
                               PATTERNS_EMBEDDED(glsl_pat_conv1d_tiled_r31), PATTERNS_EMBEDDED(glsl_pat_conv1d_tiled_r63)};
#undef PATTERNS_EMBEDDED
    for (int r = 0; r < 6; ++r) {
      registerGlsl(conv[r], direct[r].name, direct[r].spirv, direct[r].bytes, {8, 8, 4, 8}, 0);
      registerGlsl(convTiled[r], tiled[r].name, tiled[r].spirv, tiled[r].bytes, {8, 8, 4, 8},
                   uint32_t(kConvThreads + 2 * kGlslRadii[r]) * sizeof(float));
    }
    registerGlsl(fmaFloat, "glsl_pat_fma_float", glsl_pat_fma_float, sizeof glsl_pat_fma_float, {8, 4, 4, 4}, 0);
    registerGlsl(stencil, "glsl_pat_stencil7", glsl_pat_stencil7, sizeof glsl_pat_stencil7, {8, 8, 4, 4, 4, 4, 4}, 0);
    registerGlsl(mergePath, "glsl_pat_merge_path", glsl_pat_merge_path, sizeof glsl_pat_merge_path, {8, 4, 8, 4, 8},
                 (kMergeTile + 2) * sizeof(int));
    registerGlsl(floydWarshall, "glsl_pat_floyd_warshall", glsl_pat_floyd_warshall, sizeof glsl_pat_floyd_warshall, {8, 4, 4}, 0);
    registerGlsl(bitonic, "glsl_pat_bitonic", glsl_pat_bitonic, sizeof glsl_pat_bitonic, {8, 4, 4}, 0);
    registerGlsl(nbody, "glsl_pat_nbody", glsl_pat_nbody, sizeof glsl_pat_nbody, {8, 8, 4}, kBodyThreads * 16);
  }
};
inline Glsl &glsl() {
  static Glsl g;
  return g;
}
#endif

// ---- 1. 1-D convolution, filter in __constant__ memory, radii 1 to 63, direct and tiled.
template <int R>
void convRadius(const Sizes &sz, const char *impl, const std::vector<float> &in, const std::vector<float> &filter, const float *din,
                float *dout, int glslIndex) {
  const int n = int(in.size());
  const double flops = 2.0 * (2 * R + 1) * n;
  auto check = [&](const std::string &what) {
    std::vector<float> out = hostCopy(dout, n);
    bool ok = true;
    for (int i = 0; i < n; i = i < 300 || i >= n - 300 ? i + 1 : std::min(i + 97, n - 300)) {
      float want = 0.0f;  // exact: see sixteenths()
      for (int k = -R; k <= R; ++k)
        if (i + k >= 0 && i + k < n) want += in[i + k] * filter[k + R];
      ok &= out[i] == want;
    }
    verify(ok, what);
    CHECK(hipMemset(dout, 0, n * sizeof(float)));
  };
  const std::string name = "conv1d r=" + std::to_string(R);
  double ms = bench::timeMs(sz.reps, [&] { conv1d<R><<<blocksFor(n, kConvThreads), kConvThreads>>>(din, dout, n); }, syncDevice);
  check(name + " " + impl);
  report(name, impl, ms, flops, "GFLOP/s");
  double tiled =
      bench::timeMs(sz.reps, [&] { conv1d_tiled<R><<<blocksFor(n, kConvThreads), kConvThreads>>>(din, dout, n); }, syncDevice);
  check("conv1d_tiled r=" + std::to_string(R) + " " + impl);
  report("conv1d_tiled r=" + std::to_string(R), impl, tiled, flops, "GFLOP/s");
#if defined(PATTERNS_GLSL)
  if (glsl().runs) {
    void *filterAddress = nullptr;
    CHECK(hipGetSymbolAddress(&filterAddress, c_filter));
    int count = n;
    double g = bench::timeMs(sz.reps, [&] {
      glsl().conv[glslIndex].launch(blocksFor(n, kConvThreads), kConvThreads, {&din, &dout, &count, &filterAddress});
    }, syncDevice);
    check(name + " glsl");
    report(name, "glsl", g, flops, "GFLOP/s");
    double gt = bench::timeMs(sz.reps, [&] {
      glsl().convTiled[glslIndex].launch(blocksFor(n, kConvThreads), kConvThreads, {&din, &dout, &count, &filterAddress});
    }, syncDevice);
    check("conv1d_tiled r=" + std::to_string(R) + " glsl");
    report("conv1d_tiled r=" + std::to_string(R), "glsl", gt, flops, "GFLOP/s");
  }
#else
  (void)glslIndex;
#endif
}

inline void convolution(const Sizes &sz, const char *impl) {
  const int n = sz.conv;
  std::vector<float> in(n), filter(2 * kMaxRadius + 1);
  for (int i = 0; i < n; ++i) in[i] = sixteenths(i, 1);
  for (size_t k = 0; k < filter.size(); ++k) filter[k] = float(int(mix(k, 2) % 129) - 64) / 64.0f;
  CHECK(hipMemcpyToSymbol(c_filter, filter.data(), filter.size() * sizeof(float)));
  float *din = deviceCopy(in), *dout = deviceAlloc<float>(n);
  convRadius<1>(sz, impl, in, filter, din, dout, 0);
  convRadius<3>(sz, impl, in, filter, din, dout, 1);
  convRadius<7>(sz, impl, in, filter, din, dout, 2);
  convRadius<15>(sz, impl, in, filter, din, dout, 3);
  convRadius<31>(sz, impl, in, filter, din, dout, 4);
  convRadius<63>(sz, impl, in, filter, din, dout, 5);
  CHECK(hipFree(din));
  CHECK(hipFree(dout));
}

// ---- 2. Merge path of two sorted int arrays (with repeated keys).
inline void merge(const Sizes &sz, const char *impl) {
  const int na = sz.mergeA, nb = sz.mergeB, total = na + nb;
  std::vector<int> a(na), b(nb), want(total);
  for (int i = 1; i < na; ++i) a[i] = a[i - 1] + int(mix(i, 3) % 3);  // sorted, with repeated keys
  for (int i = 1; i < nb; ++i) b[i] = b[i - 1] + int(mix(i, 4) % 3);
  std::merge(a.begin(), a.end(), b.begin(), b.end(), want.begin());
  int *da = deviceCopy(a), *db = deviceCopy(b), *dout = deviceAlloc<int>(total);
  double ms = bench::timeMs(sz.reps, [&] { merge_path<int><<<blocksFor(total, kMergeTile), kMergeThreads>>>(da, na, db, nb, dout); },
                            syncDevice);
  verify(hostCopy(dout, total) == want, std::string("merge_path ") + impl);
  report("merge_path int", impl, ms, 8.0 * total, "GB/s");
#if defined(PATTERNS_GLSL)
  if (glsl().runs) {
    CHECK(hipMemset(dout, 0, total * sizeof(int)));
    int countA = na, countB = nb;
    double g = bench::timeMs(sz.reps, [&] {
      glsl().mergePath.launch(blocksFor(total, kMergeTile), kMergeThreads, {&da, &countA, &db, &countB, &dout});
    }, syncDevice);
    verify(hostCopy(dout, total) == want, "merge_path glsl");
    report("merge_path int", "glsl", g, 8.0 * total, "GB/s");
  }
#endif
  CHECK(hipFree(da));
  CHECK(hipFree(db));
  CHECK(hipFree(dout));
}

// ---- 3. Blelloch scan per block (512 elements each) with the blocks' totals.
inline void scanPerBlock(const Sizes &sz, const char *impl) {
  const int n = sz.scanBlocks, blocks = int(blocksFor(n, kScanItems));
  std::vector<unsigned> in(n);
  for (int i = 0; i < n; ++i) in[i] = mix(i, 5) % 1000u;
  unsigned *din = deviceCopy(in), *dout = deviceAlloc<unsigned>(n), *dsums = deviceAlloc<unsigned>(blocks);
  double ms = bench::timeMs(sz.reps, [&] { scan_blocks<unsigned><<<blocks, kScanThreads>>>(din, dout, dsums, n); }, syncDevice);
  std::vector<unsigned> out = hostCopy(dout, n), sums = hostCopy(dsums, blocks);
  bool ok = true;
  for (int block = 0; block < blocks; ++block) {
    unsigned running = 0;
    for (int i = block * kScanItems; i < std::min(n, (block + 1) * kScanItems); ++i) {
      ok &= out[i] == running;
      running += in[i];
    }
    ok &= sums[block] == running;
  }
  verify(ok, std::string("scan_block ") + impl);
  report("scan_block u32", impl, ms, 8.0 * n, "GB/s");
  CHECK(hipFree(din));
  CHECK(hipFree(dout));
  CHECK(hipFree(dsums));
}

// ---- 4. Jacobi sweeps launched back to back.
inline void jacobi(const Sizes &sz, const char *impl) {
  const int nx = sz.jacobiX, ny = sz.jacobiY;
  const size_t cells = size_t(nx) * ny;
  std::vector<float> init(cells);
  for (int y = 0; y < ny; ++y)
    for (int x = 0; x < nx; ++x) {
      size_t i = size_t(y) * nx + x;
      init[i] = y == 0 ? 1.0f : (x == 0 || y == ny - 1 || x == nx - 1) ? 0.5f : float(int(mix(i, 6) % 512) - 256) / 256.0f;
    }
  float *a = deviceCopy(init), *b = deviceAlloc<float>(cells);
  const dim3 block(32, 8), grid(blocksFor(nx, 32), blocksFor(ny, 8));
  auto reset = [&] { CHECK(hipMemcpy(a, init.data(), cells * sizeof(float), hipMemcpyHostToDevice)); };
  auto sweeps = [&](int count) {
    for (int s = 0; s < count; ++s) jacobi2d<<<grid, block>>>(s % 2 ? b : a, s % 2 ? a : b, nx, ny);
  };
  double ms = timeSequenceMs(reset, [&] { sweeps(sz.jacobiLaunches); });
  // The check: a shorter sequence (the host's sweeps are slow), the same order of additions.
  reset();
  sweeps(sz.jacobiChecked);
  std::vector<float> got = hostCopy(sz.jacobiChecked % 2 ? b : a, cells), cur = init, next = init;
  for (int s = 0; s < sz.jacobiChecked; ++s) {
    for (int y = 1; y < ny - 1; ++y)
      for (int x = 1; x < nx - 1; ++x) {
        size_t i = size_t(y) * nx + x;
        next[i] = (cur[i - 1] + cur[i + 1] + cur[i - nx] + cur[i + nx]) * 0.25f;
      }
    std::swap(cur, next);
  }
  verify(got == cur, std::string("jacobi2d ") + impl);
  std::string name = "jacobi2d " + std::to_string(nx) + "x" + std::to_string(ny);
  reportLaunches(name, impl, ms, sz.jacobiLaunches, 8.0 * cells * sz.jacobiLaunches, "GB/s");
  CHECK(hipFree(a));
  CHECK(hipFree(b));
}

// ---- 5. __constant__ arrays read by every thread (broadcast and per-lane), five element types.
struct ConstTables {
  std::vector<float> f32;
  std::vector<float2> f32x2;
  std::vector<float4> f32x4;
  std::vector<int> i32;
  std::vector<double> f64;
};
template <typename T> const std::vector<T> &table(const ConstTables &t);
template <> inline const std::vector<float> &table<float>(const ConstTables &t) { return t.f32; }
template <> inline const std::vector<float2> &table<float2>(const ConstTables &t) { return t.f32x2; }
template <> inline const std::vector<float4> &table<float4>(const ConstTables &t) { return t.f32x4; }
template <> inline const std::vector<int> &table<int>(const ConstTables &t) { return t.i32; }
template <> inline const std::vector<double> &table<double>(const ConstTables &t) { return t.f64; }
inline bool same(float a, float b) { return a == b; }
inline bool same(double a, double b) { return a == b; }
inline bool same(int a, int b) { return a == b; }
inline bool same(float2 a, float2 b) { return a.x == b.x && a.y == b.y; }
inline bool same(float4 a, float4 b) { return a.x == b.x && a.y == b.y && a.z == b.z && a.w == b.w; }

template <typename T, bool kPerLane>
void constCase(const Sizes &sz, const char *impl, const char *type, const ConstTables &tables, const std::vector<float> &xs,
               const float *dxs) {
  const int n = int(xs.size()), reads = kPerLane ? sz.constLaneReads : sz.constReads;
  constexpr int kEntries = kConstBytes / int(sizeof(T));
  T *dout = deviceAlloc<T>(n);
  double ms = bench::timeMs(sz.reps, [&] { const_horner<T, kPerLane><<<blocksFor(n, 256), 256>>>(dxs, dout, n, reads); }, syncDevice);
  std::vector<T> out = hostCopy(dout, n);
  const std::vector<T> &c = table<T>(tables);
  bool ok = true;
  auto horner = [&](auto op, int i) {
    T acc = c[0];
    for (int k = 1; k < reads; ++k) acc = hornerStep(op, acc, xs[i], c[kPerLane ? (k + i) & (kEntries - 1) : k & (kEntries - 1)]);
    return acc;
  };
  for (int i = 0; i < n; i += i < 64 ? 1 : 257)  // the same operations in the same order: exact
    ok &= same(out[i], horner(HostFused{}, i)) || same(out[i], horner(HostUnfused{}, i));
  std::string name = std::string(kPerLane ? "const_lane " : "const_uniform ") + type;
  verify(ok, name + " " + impl);
  report(name, impl, ms, double(n) * reads, "Gread/s");
  CHECK(hipFree(dout));
}

inline void constantReads(const Sizes &sz, const char *impl) {
  ConstTables t;
  auto coefficient = [](size_t k, int seed) { return float(int(mix(k, seed) % 129) - 64) / 64.0f; };
  for (int k = 0; k < kConstBytes / 4; ++k) t.f32.push_back(coefficient(k, 10)), t.i32.push_back(int(mix(k, 11) % 2001) - 1000);
  for (int k = 0; k < kConstBytes / 8; ++k)
    t.f32x2.push_back(make_float2(coefficient(k, 12), coefficient(k, 13))), t.f64.push_back(double(coefficient(k, 14)) / 3.0);
  for (int k = 0; k < kConstBytes / 16; ++k)
    t.f32x4.push_back(make_float4(coefficient(k, 15), coefficient(k, 16), coefficient(k, 17), coefficient(k, 18)));
  CHECK(hipMemcpyToSymbol(c_f32, t.f32.data(), kConstBytes));
  CHECK(hipMemcpyToSymbol(c_f32x2, t.f32x2.data(), kConstBytes));
  CHECK(hipMemcpyToSymbol(c_f32x4, t.f32x4.data(), kConstBytes));
  CHECK(hipMemcpyToSymbol(c_i32, t.i32.data(), kConstBytes));
  CHECK(hipMemcpyToSymbol(c_f64, t.f64.data(), kConstBytes));
  const int n = sz.constThreads;
  std::vector<float> xs(n);
  for (int i = 0; i < n; ++i) xs[i] = float(int(mix(i, 19) % 65) - 32) / 64.0f;  // |x| <= 1/2: Horner stays bounded
  float *dxs = deviceCopy(xs);
  constCase<float, false>(sz, impl, "float", t, xs, dxs);
  constCase<float2, false>(sz, impl, "float2", t, xs, dxs);
  constCase<float4, false>(sz, impl, "float4", t, xs, dxs);
  constCase<int, false>(sz, impl, "int", t, xs, dxs);
  constCase<double, false>(sz, impl, "double", t, xs, dxs);
  constCase<float, true>(sz, impl, "float", t, xs, dxs);
  constCase<float2, true>(sz, impl, "float2", t, xs, dxs);
  constCase<float4, true>(sz, impl, "float4", t, xs, dxs);
  constCase<int, true>(sz, impl, "int", t, xs, dxs);
  constCase<double, true>(sz, impl, "double", t, xs, dxs);
  CHECK(hipFree(dxs));
}

// ---- 6. Multiply-add throughput: `a * b + c` (float, double, 32-bit unsigned) and fmaf()/fma().
template <typename T, typename Op>
void fmaCase(const Sizes &sz, const char *impl, const std::string &name, T b, T c, const char *unit) {
  const int n = sz.fmaThreads, iters = sz.fmaIters;
  T *dout = deviceAlloc<T>(n);
  auto check = [&](const std::string &what) {
    std::vector<T> out = hostCopy(dout, n);
    auto chains = [&](auto op, int i) {
      T acc[kFmaChains];
      for (int k = 0; k < kFmaChains; ++k) acc[k] = fmaStart<T>(i, k);
      for (int it = 0; it < iters; ++it)
        for (int k = 0; k < kFmaChains; ++k) acc[k] = op(acc[k], b, c);
      T sum = acc[0];
      for (int k = 1; k < kFmaChains; ++k) sum += acc[k];
      return sum;
    };
    bool ok = true;
    for (int i = 0; i < n; i += i < 32 ? 1 : 1021) {  // the same operations in the same order: exact
      if (std::is_same_v<Op, Fused>) ok &= out[i] == chains(HostFused{}, i);
      else ok &= out[i] == chains(HostFused{}, i) || out[i] == chains(HostUnfused{}, i);
    }
    verify(ok, what);
    CHECK(hipMemset(dout, 0, n * sizeof(T)));
  };
  const double ops = 2.0 * kFmaChains * double(iters) * n;
  double ms = bench::timeMs(sz.reps, [&] { fma_chains<T, Op><<<n / 256, 256>>>(dout, b, c, iters); }, syncDevice);
  check(name + " " + impl);
  report(name, impl, ms, ops, unit);
#if defined(PATTERNS_GLSL)
  if constexpr (std::is_same_v<T, float> && std::is_same_v<Op, Mad>) {
    if (glsl().runs) {  // GLSL's fma(): a product and a sum, or fused, as the driver likes
      int count = iters;
      double g = bench::timeMs(sz.reps, [&] { glsl().fmaFloat.launch(n / 256, 256, {&dout, &b, &c, &count}); }, syncDevice);
      check(name + " glsl");
      report(name, "glsl", g, ops, unit);
    }
  }
#endif
  CHECK(hipFree(dout));
}

inline void multiplyAdd(const Sizes &sz, const char *impl) {
  fmaCase<float, Mad>(sz, impl, "mad float (a*b+c)", 0.9999f, 0.001f, "GFLOP/s");
  fmaCase<float, Fused>(sz, impl, "fma float (fmaf)", 0.9999f, 0.001f, "GFLOP/s");
  fmaCase<double, Mad>(sz, impl, "mad double (a*b+c)", 0.9999, 0.001, "GFLOP/s");
  fmaCase<double, Fused>(sz, impl, "fma double (fma)", 0.9999, 0.001, "GFLOP/s");
  fmaCase<unsigned, Mad>(sz, impl, "mad int32 (a*b+c)", 1664525u, 1013904223u, "Gop/s");
}

// ---- 7. Floyd-Warshall, one launch per k.
inline void floydWarshall(const Sizes &sz, const char *impl) {
  const int n = sz.floyd;
  std::vector<int> init(size_t(n) * n);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) {
      uint32_t r = mix(size_t(i) * n + j, 7);
      init[size_t(i) * n + j] = i == j ? 0 : r % 100 < 8 ? int(1 + (r >> 8) % 100) : kInfinity;
    }
  int *d = deviceAlloc<int>(init.size());
  const dim3 block(32, 8), grid(blocksFor(n, 32), blocksFor(n, 8));
  auto upload = [&] { CHECK(hipMemcpy(d, init.data(), init.size() * sizeof(int), hipMemcpyHostToDevice)); };
  double ms = timeSequenceMs(upload, [&] {
    for (int k = 0; k < n; ++k) floyd_warshall_step<<<grid, block>>>(d, n, k);
  });
  std::vector<int> got = hostCopy(d, init.size()), want = init;
  for (int k = 0; k < n; ++k)
    for (int i = 0; i < n; ++i) {
      const int ik = want[size_t(i) * n + k];
      int *row = &want[size_t(i) * n];
      const int *rowK = &want[size_t(k) * n];
      for (int j = 0; j < n; ++j) row[j] = std::min(row[j], ik + rowK[j]);
    }
  verify(got == want, std::string("floyd_warshall ") + impl);
  std::string name = "floyd_warshall n=" + std::to_string(n);
  reportLaunches(name, impl, ms, n, double(n) * n * n, "Gupdate/s");
#if defined(PATTERNS_GLSL)
  if (glsl().runs) {
    int nArg = n;
    double g = timeSequenceMs(upload, [&] {
      for (int k = 0; k < n; ++k) glsl().floydWarshall.launch(grid, block, {&d, &nArg, &k});
    });
    verify(hostCopy(d, init.size()) == want, "floyd_warshall glsl");
    reportLaunches(name, "glsl", g, n, double(n) * n * n, "Gupdate/s");
  }
#endif
  CHECK(hipFree(d));
}

// ---- 8. Bitonic sort, one launch per (k, j), keys padded to a power of two.
inline void bitonic(const Sizes &sz, const char *impl) {
  const int count = sz.bitonic;
  int n = 256;
  while (n < count) n *= 2;
  std::vector<unsigned> keys(n, 0xffffffffu);
  for (int i = 0; i < count; ++i) keys[i] = mix(i, 8);
  unsigned *d = deviceAlloc<unsigned>(n);
  int launches = 0;
  // `step(j, k)` launches one compare-and-swap step: the HIP kernel, or its GLSL twin.
  auto sortWith = [&](auto step) {
    return [&, step] {
      launches = 0;
      for (int k = 2; k <= n; k <<= 1)
        for (int j = k >> 1; j > 0; j >>= 1, ++launches) step(j, k);
    };
  };
  auto upload = [&] { CHECK(hipMemcpy(d, keys.data(), n * sizeof(unsigned), hipMemcpyHostToDevice)); };
  std::vector<unsigned> sorted = keys;
  std::sort(sorted.begin(), sorted.end());
  const std::string name = "bitonic n=" + std::to_string(n);
  double ms = timeSequenceMs(upload, sortWith([&](int j, int k) { bitonic_step<<<n / 256, 256>>>(d, j, k); }));
  verify(hostCopy(d, n) == sorted, std::string("bitonic ") + impl);
  reportLaunches(name, impl, ms, launches, double(count), "Gkey/s");
#if defined(PATTERNS_GLSL)
  if (glsl().runs) {
    double g = timeSequenceMs(upload, sortWith([&](int j, int k) { glsl().bitonic.launch(n / 256, 256, {&d, &j, &k}); }));
    verify(hostCopy(d, n) == sorted, "bitonic glsl");
    reportLaunches(name, "glsl", g, launches, double(count), "Gkey/s");
  }
#endif
  CHECK(hipFree(d));
}

// ---- 9. 7-point 3-D stencil.
inline void stencil(const Sizes &sz, const char *impl) {
  const int nx = sz.stencilX, ny = sz.stencilY, nz = sz.stencilZ;
  const size_t points = size_t(nx) * ny * nz, plane = size_t(nx) * ny;
  const float center = -0.75f, side = 0.125f;  // exact on sixteenths()
  std::vector<float> in(points), want(points, 0.0f);
  for (size_t i = 0; i < points; ++i) in[i] = sixteenths(i, 9);
  for (int z = 1; z < nz - 1; ++z)
    for (int y = 1; y < ny - 1; ++y)
      for (int x = 1; x < nx - 1; ++x) {
        size_t i = z * plane + size_t(y) * nx + x;
        want[i] = center * in[i] + side * (in[i - 1] + in[i + 1] + in[i - nx] + in[i + nx] + in[i - plane] + in[i + plane]);
      }
  float *din = deviceCopy(in), *dout = deviceAlloc<float>(points);
  CHECK(hipMemset(dout, 0, points * sizeof(float)));
  const dim3 block(32, 4, 2), grid(blocksFor(nx, 32), blocksFor(ny, 4), blocksFor(nz, 2));
  auto check = [&](const std::string &what) {
    verify(hostCopy(dout, points) == want, what);
    CHECK(hipMemset(dout, 0, points * sizeof(float)));
  };
  const std::string name = "stencil7 " + std::to_string(nx) + "x" + std::to_string(ny) + "x" + std::to_string(nz);
  double ms = bench::timeMs(sz.reps, [&] { stencil7<<<grid, block>>>(din, dout, nx, ny, nz, center, side); }, syncDevice);
  check("stencil7 " + std::string(impl));
  report(name, impl, ms, 8.0 * points, "GB/s");
#if defined(PATTERNS_GLSL)
  if (glsl().runs) {
    int x = nx, y = ny, z = nz;
    float c = center, s = side;
    double g = bench::timeMs(sz.reps, [&] { glsl().stencil.launch(grid, block, {&din, &dout, &x, &y, &z, &c, &s}); }, syncDevice);
    check("stencil7 glsl");
    report(name, "glsl", g, 8.0 * points, "GB/s");
  }
#endif
  CHECK(hipFree(din));
  CHECK(hipFree(dout));
}

// ---- 10. Scan of a large array: per-block scans, the block sums scanned (recursively), added back.
inline void scanLevels(const unsigned *in, unsigned *out, int n, const std::vector<unsigned *> &scratch, size_t level) {
  const int blocks = int(blocksFor(n, kScanItems));
  if (blocks == 1) {
    scan_blocks<unsigned><<<1, kScanThreads>>>(in, out, static_cast<unsigned *>(nullptr), n);
    return;
  }
  unsigned *sums = scratch[2 * level], *scanned = scratch[2 * level + 1];
  scan_blocks<unsigned><<<blocks, kScanThreads>>>(in, out, sums, n);
  scanLevels(sums, scanned, blocks, scratch, level + 1);
  scan_add_back<unsigned><<<blocks, kScanThreads>>>(out, scanned, n);
}

inline void scanLarge(const Sizes &sz, const char *impl) {
  const int n = sz.scanLarge;
  std::vector<unsigned> in(n);
  for (int i = 0; i < n; ++i) in[i] = mix(i, 20) % 1000u;
  unsigned *din = deviceCopy(in), *dout = deviceAlloc<unsigned>(n);
  std::vector<unsigned *> scratch;
  int launches = 0;
  for (int count = int(blocksFor(n, kScanItems)); count > 1; count = int(blocksFor(count, kScanItems))) {
    scratch.push_back(deviceAlloc<unsigned>(count));
    scratch.push_back(deviceAlloc<unsigned>(count));
    launches += 2;
  }
  ++launches;
  double ms = bench::timeMs(sz.reps, [&] { scanLevels(din, dout, n, scratch, 0); }, syncDevice);
  std::vector<unsigned> out = hostCopy(dout, n);
  bool ok = true;
  unsigned running = 0;
  for (int i = 0; i < n; ++i) {
    ok &= out[i] == running;
    running += in[i];
  }
  verify(ok, std::string("scan_large ") + impl);
  report("scan_large u32", impl, ms, 8.0 * n, "GB/s", " (" + std::to_string(launches) + " launches)");
  for (unsigned *p : scratch) CHECK(hipFree(p));
  CHECK(hipFree(din));
  CHECK(hipFree(dout));
}

// ---- 11. Montgomery multiplication chains, 64 and 256 bits.
inline uint64_t negInverse64(uint64_t p) {  // -p^-1 mod 2^64 (Newton: each step doubles the bits)
  uint64_t inv = p;
  for (int i = 0; i < 6; ++i) inv *= 2 - p * inv;
  return 0 - inv;
}

inline void montgomery(const Sizes &sz, const char *impl) {
  {
    const uint64_t p = (uint64_t(1) << 61) - 1, pInv = negInverse64(p);
    const int n = sz.mont64, iters = sz.mont64Iters;
    std::vector<uint64_t> xs(n);
    for (int i = 0; i < n; ++i) xs[i] = mix64(i, 21) % p;
    // The host reference itself, against 128-bit arithmetic: montMul64(a, b) * 2^64 = a * b (mod p).
    bool self = true;
    for (int i = 0; i + 1 < std::min(n, 100); ++i) {
      unsigned __int128 lhs = ((unsigned __int128)montMul64(xs[i], xs[i + 1], p, pInv) << 64) % p;
      self &= lhs == (unsigned __int128)xs[i] * xs[i + 1] % p;
    }
    verify(self, "mont64 host reference");
    uint64_t *dxs = deviceCopy(xs), *dout = deviceAlloc<uint64_t>(n);
    double ms = bench::timeMs(sz.reps, [&] { mont64_chain<<<blocksFor(n, 256), 256>>>(dxs, dout, n, iters, p, pInv); }, syncDevice);
    std::vector<uint64_t> out = hostCopy(dout, n);
    bool ok = true;
    for (int i = 0; i < n; i += i < 32 ? 1 : 509) {
      uint64_t x = xs[i], y = xs[(i + 1) % n];
      for (int it = 0; it < iters; ++it) x = montMul64(x, y, p, pInv);
      ok &= out[i] == x;
    }
    verify(ok, std::string("mont64 ") + impl);
    report("montmul 64-bit", impl, ms, double(n) * iters, "Gmulmod/s");
    CHECK(hipFree(dxs));
    CHECK(hipFree(dout));
  }
  {
    const U256 p = {{0xFFFFFFFEFFFFFC2Full, ~0ull, ~0ull, ~0ull}};  // secp256k1's field prime
    const uint64_t pInv = negInverse64(p.limb[0]);
    CHECK(hipMemcpyToSymbol(c_modulus, &p, sizeof p));
    CHECK(hipMemcpyToSymbol(c_modulusInv, &pInv, sizeof pInv));
    const int n = sz.mont256, iters = sz.mont256Iters;
    std::vector<U256> xs(n);
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < 4; ++j) xs[i].limb[j] = mix64(size_t(i) * 4 + j, 22) >> (j == 3 ? 1 : 0);  // < 2^255 < p
    U256 *dxs = deviceCopy(xs), *dout = deviceAlloc<U256>(n);
    double ms = bench::timeMs(sz.reps, [&] { mont256_chain<<<blocksFor(n, 256), 256>>>(dxs, dout, n, iters); }, syncDevice);
    std::vector<U256> out = hostCopy(dout, n);
    bool ok = true;
    for (int i = 0; i < n; i += i < 32 ? 1 : 127) {
      U256 x = xs[i], y = xs[(i + 1) % n];
      for (int it = 0; it < iters; ++it) x = montMul256(x, y, p, pInv);
      ok &= std::memcmp(&out[i], &x, sizeof x) == 0;
    }
    verify(ok, std::string("mont256 ") + impl);
    report("montmul 256-bit", impl, ms, double(n) * iters, "Gmulmod/s");
    CHECK(hipFree(dxs));
    CHECK(hipFree(dout));
  }
}

// ---- 12a. Array reversal through dynamic shared memory.
inline void reversal(const Sizes &sz, const char *impl) {
  const int n = sz.reverse, threads = 256;
  std::vector<int> in(n);
  for (int i = 0; i < n; ++i) in[i] = int(mix(i, 23));
  int *din = deviceCopy(in), *dout = deviceAlloc<int>(n);
  double ms = bench::timeMs(sz.reps, [&] { reverse_blocks<<<blocksFor(n, threads), threads, threads * sizeof(int)>>>(din, dout, n); },
                            syncDevice);
  std::vector<int> out = hostCopy(dout, n);
  std::reverse(in.begin(), in.end());
  verify(out == in, std::string("reverse ") + impl);
  report("reverse (shared) int", impl, ms, 8.0 * n, "GB/s");
  CHECK(hipFree(din));
  CHECK(hipFree(dout));
}

// ---- 12b. All-pairs n-body forces. Checked against the host in double: rsqrtf (2 ulp on CUDA,
// GLSL's inversesqrt likewise) and the float sum of n terms in the kernel's order put the device's
// error near sqrt(n) * 2^-24 * sum |term| (about 1e-5 of it here); 1e-4 of sum |term| leaves room
// and still catches a lost or repeated tile.
inline void nbody(const Sizes &sz, const char *impl) {
  const int n = sz.bodies;
  std::vector<float4> bodies(n);
  auto unit = [](uint64_t i, int seed) { return float(mix(i, seed) % 2000001) / 1000000.0f - 1.0f; };
  for (int i = 0; i < n; ++i) bodies[i] = make_float4(unit(i, 24), unit(i, 25), unit(i, 26), 0.5f + 0.5f * (unit(i, 27) + 1.0f) / 2.0f);
  float4 *dbodies = deviceCopy(bodies), *daccel = deviceAlloc<float4>(n);
  auto check = [&](const std::string &what) {
    std::vector<float4> got = hostCopy(daccel, n);
    bool ok = true;
    for (int i = 0; i < n; i += i < 16 ? 1 : 97) {
      double want[3] = {0, 0, 0}, scale[3] = {0, 0, 0};
      for (int j = 0; j < n; ++j) {
        double d[3] = {double(bodies[j].x) - bodies[i].x, double(bodies[j].y) - bodies[i].y, double(bodies[j].z) - bodies[i].z};
        double r2 = d[0] * d[0] + d[1] * d[1] + d[2] * d[2] + double(kSoftening2);
        double s = bodies[j].w / (r2 * std::sqrt(r2));
        for (int c = 0; c < 3; ++c) want[c] += d[c] * s, scale[c] += std::fabs(d[c] * s);
      }
      const float g[3] = {got[i].x, got[i].y, got[i].z};
      for (int c = 0; c < 3; ++c) ok &= std::fabs(g[c] - want[c]) <= 1e-4 * scale[c];
    }
    verify(ok, what);
    CHECK(hipMemset(daccel, 0, n * sizeof(float4)));
  };
  const double flops = 20.0 * n * n;  // the customary count per interaction (GPU Gems 3)
  const std::string name = "nbody n=" + std::to_string(n);
  double ms = bench::timeMs(sz.reps, [&] { nbody_forces<<<blocksFor(n, kBodyThreads), kBodyThreads>>>(dbodies, daccel, n); }, syncDevice);
  check("nbody " + std::string(impl));
  report(name, impl, ms, flops, "GFLOP/s");
#if defined(PATTERNS_GLSL)
  if (glsl().runs) {
    int count = n;
    double g = bench::timeMs(sz.reps, [&] { glsl().nbody.launch(blocksFor(n, kBodyThreads), kBodyThreads, {&dbodies, &daccel, &count}); },
                             syncDevice);
    check("nbody glsl");
    report(name, "glsl", g, flops, "GFLOP/s");
  }
#endif
  CHECK(hipFree(dbodies));
  CHECK(hipFree(daccel));
}

struct Pattern {
  const char *name;
  void (*run)(const Sizes &, const char *);
};
constexpr Pattern kPatterns[] = {
    {"conv", convolution}, {"merge", merge},     {"scan", scanPerBlock},  {"jacobi", jacobi},      {"const", constantReads},
    {"fma", multiplyAdd},  {"floyd", floydWarshall}, {"bitonic", bitonic}, {"stencil", stencil}, {"scan_large", scanLarge},
    {"mont", montgomery},  {"reverse", reversal}, {"nbody", nbody},
};

inline int run(int argc, char **argv, const char *impl) {
  bool small = false;
  std::vector<std::string> selected;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--small")) small = true;
    else selected.push_back(argv[i]);
  }
  for (const std::string &s : selected)
    if (std::none_of(std::begin(kPatterns), std::end(kPatterns), [&](const Pattern &p) { return s == p.name; })) {
      std::fprintf(stderr, "unknown pattern '%s'; patterns:", s.c_str());
      for (const Pattern &p : kPatterns) std::fprintf(stderr, " %s", p.name);
      std::fprintf(stderr, "\n");
      return 2;
    }
  const Sizes sz = small ? smallSizes() : Sizes{};
  hipDeviceProp_t prop;
  CHECK(hipGetDeviceProperties(&prop, 0));
  std::printf("patterns: %s (%s, warpSize %d)%s\n", prop.name, impl, prop.warpSize, small ? " --small" : "");
  for (const Pattern &p : kPatterns)
    if (selected.empty() || std::find(selected.begin(), selected.end(), p.name) != selected.end()) p.run(sz, impl);
  std::printf(failures ? "patterns: FAIL (%d wrong results)\n" : "patterns: all results correct\n", failures);
  return failures != 0;
}

}  // namespace patterns
