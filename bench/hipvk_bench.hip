// hipvk benchmark: the kernels of bench_kernels.h as compiled by hipvk, and the same kernels
// written in GLSL and compiled by glslang (kernels.comp), both launched through libhipvk so that
// the "hip"/"glsl" ratio measures the SPIR-V alone. cuda/bench.cu runs the same kernels natively.
//   hipvk_bench [--small]      (--small: tiny sizes, a correctness smoke run)
// Under HIPVK_DISABLE_FEATURES (the portable modules, docs/PERFORMANCE.md) only the HIP kernels run:
// the GLSL twins use 64-bit integers, which that setting takes away.
#include <hip/hip_runtime.h>

#include <algorithm>

#include "bench_common.h"
#include "bench_kernels.h"
#include "glsl_atomic_float_one.h"
#include "glsl_atomic_one.h"
#include "glsl_empty.h"
#include "glsl_histogram.h"
#include "glsl_reduce.h"
#include "glsl_reduce_shfl.h"
#include "glsl_sgemm.h"
#include "glsl_sgemm_prefetch.h"
#include "glsl_triad.h"

#include <cstdlib>
#include <string>

#include "bench_check.h"
#include "glsl_kernel.h"

namespace {

void sync() { CHECK(hipDeviceSynchronize()); }

int failures = 0;
void verify(bool ok, const char *what) {
  if (!ok) {
    std::printf("WRONG RESULT: %s\n", what);
    ++failures;
  }
}

} // namespace

int main(int argc, char **argv) {
  bench::Sizes sz = bench::parseSizes(argc, argv);
  hipDeviceProp_t prop;
  CHECK(hipGetDeviceProperties(&prop, 0));
  std::printf("device: %s (warpSize %d)\n", prop.name, prop.warpSize);

  GlslKernel gTriad, gReduce, gReduceShfl, gSgemm, gSgemmPrefetch, gAtomicOne, gAtomicFloatOne, gHistogram, gEmpty;
  const bool glslRuns = std::getenv("HIPVK_DISABLE_FEATURES") == nullptr;
  registerGlsl(gTriad, "glsl_triad", glsl_triad, sizeof glsl_triad, {8, 8, 8, 4, 4}, 0);
  registerGlsl(gReduce, "glsl_reduce", glsl_reduce, sizeof glsl_reduce, {8, 8, 4}, kReduceThreads * 4);
  registerGlsl(gReduceShfl, "glsl_reduce_shfl", glsl_reduce_shfl, sizeof glsl_reduce_shfl, {8, 8, 4}, kReduceThreads);
  registerGlsl(gSgemm, "glsl_sgemm", glsl_sgemm, sizeof glsl_sgemm, {8, 8, 8, 4}, 2 * kTile * kTile * 4);
  registerGlsl(gSgemmPrefetch, "glsl_sgemm_prefetch", glsl_sgemm_prefetch, sizeof glsl_sgemm_prefetch, {8, 8, 8, 4},
               2 * kTile * kTile * 4);
  registerGlsl(gAtomicOne, "glsl_atomic_one", glsl_atomic_one, sizeof glsl_atomic_one, {8, 4}, 0);
  registerGlsl(gAtomicFloatOne, "glsl_atomic_float_one", glsl_atomic_float_one, sizeof glsl_atomic_float_one, {8, 4}, 0);
  registerGlsl(gHistogram, "glsl_histogram", glsl_histogram, sizeof glsl_histogram, {8, 4, 8}, kHistogramBins * 4);
  registerGlsl(gEmpty, "glsl_empty", glsl_empty, sizeof glsl_empty, {}, 0);

  // ---- triad: a = b + s * c, 12 bytes moved per element
  {
    int n = sz.stream;
    std::vector<float> b = bench::pattern(n, 1), c = bench::pattern(n, 2), a(n);
    float *da, *db, *dc;
    CHECK(hipMalloc(&da, n * 4));
    CHECK(hipMalloc(&db, n * 4));
    CHECK(hipMalloc(&dc, n * 4));
    CHECK(hipMemcpy(db, b.data(), n * 4, hipMemcpyHostToDevice));
    CHECK(hipMemcpy(dc, c.data(), n * 4, hipMemcpyHostToDevice));
    float s = 3.0f;
    dim3 grid((n + 255) / 256), block(256);
    auto check = [&](const char *impl) {
      CHECK(hipMemcpy(a.data(), da, n * 4, hipMemcpyDeviceToHost));
      bool ok = true;
      for (int i = 0; i < n; i += 997) ok &= a[i] == b[i] + s * c[i];
      verify(ok, impl);
      CHECK(hipMemset(da, 0, n * 4));
    };
    double hip = bench::timeMs(sz.reps, [&] { triad<<<grid, block>>>(da, db, dc, s, n); }, sync);
    check("triad hip");
    bench::report("triad", "hip", hip, 12.0 * n, "GB/s");
    if (glslRuns) {
      double glsl = bench::timeMs(sz.reps, [&] { gTriad.launch(grid, block, {&da, &db, &dc, &s, &n}); }, sync);
      check("triad glsl");
      bench::report("triad", "glsl", glsl, 12.0 * n, "GB/s");
      std::printf("ratio triad hip/glsl time %.3f\n", hip / glsl);
    }
    CHECK(hipFree(da));
    CHECK(hipFree(db));
    CHECK(hipFree(dc));
  }

  // ---- dpoly: double-precision Horner, 2 flops per degree (software doubles where the device has none)
  {
    int n = sz.stream / 4;
    std::vector<double> x(n), y(n);
    for (int i = 0; i < n; ++i) x[i] = double(i % 1000) / 1000.0 - 0.5;
    double *dx, *dy;
    CHECK(hipMalloc(&dx, n * 8));
    CHECK(hipMalloc(&dy, n * 8));
    CHECK(hipMemcpy(dx, x.data(), n * 8, hipMemcpyHostToDevice));
    double hip = bench::timeMs(sz.reps, [&] { dpoly<<<(n + 255) / 256, 256>>>(dx, dy, n); }, sync);
    CHECK(hipMemcpy(y.data(), dy, n * 8, hipMemcpyDeviceToHost));
    bool ok = true;
    for (int i = 0; i < n; i += 997) ok &= bench::near(y[i], poly(x[i]), 1e-12);
    verify(ok, "dpoly hip");
    bench::report("dpoly", "hip", hip, 2.0 * kPolyDegree * n, "GFLOP/s");
    CHECK(hipFree(dx));
    CHECK(hipFree(dy));
  }

  // ---- reduce: one read of n floats
  {
    int n = sz.stream, blocks = std::min(1024, (n + kReduceThreads - 1) / kReduceThreads);
    std::vector<float> in = bench::pattern(n, 3), partial(blocks);
    double want = 0;
    for (float v : in) want += v;
    float *din, *dpartial;
    CHECK(hipMalloc(&din, n * 4));
    CHECK(hipMalloc(&dpartial, blocks * 4));
    CHECK(hipMemcpy(din, in.data(), n * 4, hipMemcpyHostToDevice));
    auto check = [&](const char *impl) {
      CHECK(hipMemcpy(partial.data(), dpartial, blocks * 4, hipMemcpyDeviceToHost));
      double got = 0;
      for (float v : partial) got += v;
      verify(bench::near(got, want, 1e-3), impl);
    };
    using Kernel = void (*)(const float *, float *, int);
    struct Variant {
      const char *name;
      Kernel hip;
      GlslKernel *glsl;
    };
    for (const Variant &v : {Variant{"reduce", reduce, &gReduce}, Variant{"reduce_shfl", reduce_shfl, &gReduceShfl}}) {
      const std::string name = v.name;
      double hip = bench::timeMs(sz.reps, [&] { v.hip<<<blocks, kReduceThreads>>>(din, dpartial, n); }, sync);
      check((name + " hip").c_str());
      bench::report(v.name, "hip", hip, 4.0 * n, "GB/s");
      if (!glslRuns) continue;
      double glsl = bench::timeMs(sz.reps, [&] { v.glsl->launch(blocks, kReduceThreads, {&din, &dpartial, &n}); }, sync);
      check((name + " glsl").c_str());
      bench::report(v.name, "glsl", glsl, 4.0 * n, "GB/s");
      std::printf("ratio %s hip/glsl time %.3f\n", v.name, hip / glsl);
    }
    CHECK(hipFree(din));
    CHECK(hipFree(dpartial));
  }

  // ---- sgemm: 2 n^3 flops
  {
    int n = sz.gemm;
    std::vector<float> A = bench::pattern(size_t(n) * n, 4), B = bench::pattern(size_t(n) * n, 5), C(size_t(n) * n);
    float *dA, *dB, *dC;
    CHECK(hipMalloc(&dA, A.size() * 4));
    CHECK(hipMalloc(&dB, B.size() * 4));
    CHECK(hipMalloc(&dC, C.size() * 4));
    CHECK(hipMemcpy(dA, A.data(), A.size() * 4, hipMemcpyHostToDevice));
    CHECK(hipMemcpy(dB, B.data(), B.size() * 4, hipMemcpyHostToDevice));
    dim3 grid(n / kTile, n / kTile), block(kTile, kTile);
    auto check = [&](const char *impl) {
      CHECK(hipMemcpy(C.data(), dC, C.size() * 4, hipMemcpyDeviceToHost));
      bool ok = true;
      for (int r = 0; r < n; r += n / 8 + 1)
        for (int c = 0; c < n; c += n / 8 + 1) {
          double want = 0;
          for (int k = 0; k < n; ++k) want += double(A[size_t(r) * n + k]) * B[size_t(k) * n + c];
          ok &= bench::near(C[size_t(r) * n + c], want, 1e-3);
        }
      verify(ok, impl);
    };
    double hip = bench::timeMs(sz.reps, [&] { sgemm<<<grid, block>>>(dA, dB, dC, n); }, sync);
    check("sgemm hip");
    double hipRestrict = bench::timeMs(sz.reps, [&] { sgemm_restrict<<<grid, block>>>(dA, dB, dC, n); }, sync);
    check("sgemm_restrict hip");
    bench::report("sgemm", "hip", hip, 2.0 * n * n * n, "GFLOP/s");
    bench::report("sgemm_r", "hip", hipRestrict, 2.0 * n * n * n, "GFLOP/s");
    if (glslRuns) {
      double glsl = bench::timeMs(sz.reps, [&] { gSgemm.launch(grid, block, {&dA, &dB, &dC, &n}); }, sync);
      check("sgemm glsl");
      bench::report("sgemm", "glsl", glsl, 2.0 * n * n * n, "GFLOP/s");
      std::printf("ratio sgemm hip/glsl time %.3f\n", hip / glsl);
      double prefetched = bench::timeMs(sz.reps, [&] { gSgemmPrefetch.launch(grid, block, {&dA, &dB, &dC, &n}); }, sync);
      check("sgemm_pf glsl");
      bench::report("sgemm_pf", "glsl", prefetched, 2.0 * n * n * n, "GFLOP/s");
    }
    CHECK(hipFree(dA));
    CHECK(hipFree(dB));
    CHECK(hipFree(dC));
  }

  // ---- atomics: additions to one address (unsigned, float), a 256-bin byte histogram
  {
    int n = sz.atomics, nf = sz.floatAtomics;
    unsigned *counter;
    float *sum;
    CHECK(hipMalloc(&counter, 4));
    CHECK(hipMalloc(&sum, 4));
    auto counted = [&](const char *impl, auto launch) {
      double ms = bench::timeMs(sz.reps, [&] {
        CHECK(hipMemset(counter, 0, 4));
        launch();
      }, sync);
      unsigned got = 0;
      CHECK(hipMemcpy(&got, counter, 4, hipMemcpyDeviceToHost));
      verify(got == unsigned(n), impl);
      return ms;
    };
    auto summed = [&](const char *impl, auto launch) {
      double ms = bench::timeMs(sz.reps, [&] {
        CHECK(hipMemset(sum, 0, 4));
        launch();
      }, sync);
      float got = 0;
      CHECK(hipMemcpy(&got, sum, 4, hipMemcpyDeviceToHost));
      verify(got == float(nf), impl);  // at most 2^24 additions of 1.0f: exact in any order
      return ms;
    };
    double hip = counted("atomic one address hip", [&] { atomic_one_address<<<(n + 255) / 256, 256>>>(counter, n); });
    double hipFloat = summed("atomic float one address hip", [&] { atomic_float_one_address<<<(nf + 255) / 256, 256>>>(sum, nf); });
    bench::report("atomic1", "hip", hip, n, "Gatomic/s");
    bench::report("atomicf", "hip", hipFloat, nf, "Gatomic/s");
    if (glslRuns) {
      double glsl = counted("atomic one address glsl", [&] { gAtomicOne.launch((n + 255) / 256, 256, {&counter, &n}); });
      double glslFloat = summed("atomic float one address glsl", [&] { gAtomicFloatOne.launch((nf + 255) / 256, 256, {&sum, &nf}); });
      bench::report("atomic1", "glsl", glsl, n, "Gatomic/s");
      bench::report("atomicf", "glsl", glslFloat, nf, "Gatomic/s");
      std::printf("ratio atomic1 hip/glsl time %.3f\n", hip / glsl);
      std::printf("ratio atomicf hip/glsl time %.3f\n", hipFloat / glslFloat);
    }
    CHECK(hipFree(counter));
    CHECK(hipFree(sum));

    std::vector<unsigned> words = bench::histogramWords(size_t(n)), want = bench::byteHistogram(words), got(kHistogramBins);
    unsigned *dwords, *dbins;
    CHECK(hipMalloc(&dwords, size_t(n) * 4));
    CHECK(hipMalloc(&dbins, kHistogramBins * 4));
    CHECK(hipMemcpy(dwords, words.data(), size_t(n) * 4, hipMemcpyHostToDevice));
    int blocks = std::min(1024, (n + 255) / 256);
    auto histogram = [&](auto launch) {
      return bench::timeMs(sz.reps, [&] {
        CHECK(hipMemset(dbins, 0, kHistogramBins * 4));
        launch();
      }, sync);
    };
    auto checkHistogram = [&](const char *impl) {
      CHECK(hipMemcpy(got.data(), dbins, kHistogramBins * 4, hipMemcpyDeviceToHost));
      verify(got == want, impl);
    };
    double hipHist = histogram([&] { histogram256<<<blocks, 256>>>(dwords, n, dbins); });
    checkHistogram("histogram hip");
    bench::report("histo", "hip", hipHist, 4.0 * n, "GB/s");
    if (glslRuns) {
      double glslHist = histogram([&] { gHistogram.launch(blocks, 256, {&dwords, &n, &dbins}); });
      checkHistogram("histogram glsl");
      bench::report("histo", "glsl", glslHist, 4.0 * n, "GB/s");
      std::printf("ratio histo hip/glsl time %.3f\n", hipHist / glslHist);
    }
    CHECK(hipFree(dwords));
    CHECK(hipFree(dbins));
  }

  // ---- grid sync: round trips of the grid barrier in one cooperative launch, at one block per
  // compute unit (the same grid as CUDA's run) and at the largest cooperative grid
  {
    int perUnit = 0;
    CHECK(hipOccupancyMaxActiveBlocksPerMultiprocessor(&perUnit, grid_sync_rounds, kGridSyncThreads, 0));
    int rounds = sz.gridSyncRounds;
    for (int blocks : {prop.multiProcessorCount, perUnit * prop.multiProcessorCount}) {
      unsigned *slots;
      CHECK(hipMalloc(&slots, (blocks + 1) * 4));
      CHECK(hipMemset(slots, 0, (blocks + 1) * 4));
      void *args[] = {&slots, &rounds};
      double ms = bench::timeMs(sz.reps, [&] {
        CHECK(hipLaunchCooperativeKernel(grid_sync_rounds, dim3(blocks), dim3(kGridSyncThreads), args, 0, nullptr));
      }, sync);
      std::vector<unsigned> got(blocks + 1);
      CHECK(hipMemcpy(got.data(), slots, (blocks + 1) * 4, hipMemcpyDeviceToHost));
      verify(got[blocks] == 0 && got[0] == unsigned(rounds), "grid sync rounds hip");
      std::printf("%-8s %-6s %10.2f us per grid.sync() (%d blocks of %d)\n", "gridsync", "hip", ms * 1e3 / (2.0 * rounds),
                  blocks, kGridSyncThreads);
      CHECK(hipFree(slots));
    }
  }

  // ---- launch latency: back-to-back empty kernels, then one synchronisation
  {
    double hip = bench::timeMs(1, [&] { for (int i = 0; i < sz.launches; ++i) empty<<<1, 1>>>(); }, sync) / sz.launches;
    std::printf("%-8s %-6s %10.2f us per launch\n", "launch", "hip", hip * 1e3);
    if (glslRuns) {
      double glsl = bench::timeMs(1, [&] { for (int i = 0; i < sz.launches; ++i) gEmpty.launch(1, 1, {}); }, sync) / sz.launches;
      std::printf("%-8s %-6s %10.2f us per launch\n", "launch", "glsl", glsl * 1e3);
    }
  }
  // ---- streams: launch + synchronise round trip on a created stream; event timing resolution
  // (the smallest non-zero and the median interval between two events recorded back to back)
  {
    hipStream_t stream;
    CHECK(hipStreamCreateWithFlags(&stream, hipStreamNonBlocking));
    const int trips = std::max(10, sz.launches / 10);
    auto roundTrip = [&] { empty<<<1, 1, 0, stream>>>(); CHECK(hipStreamSynchronize(stream)); };
    roundTrip();
    double ms = bench::timeMs(1, [&] { for (int i = 0; i < trips; ++i) roundTrip(); }, sync) / trips;
    std::printf("%-8s %-6s %10.2f us per launch + hipStreamSynchronize (created stream)\n", "streamrt", "hip", ms * 1e3);
    hipEvent_t a, b;
    CHECK(hipEventCreate(&a));
    CHECK(hipEventCreate(&b));
    std::vector<float> gaps;
    for (int i = 0; i < 200; ++i) {
      CHECK(hipEventRecord(a, stream));
      CHECK(hipEventRecord(b, stream));
      CHECK(hipEventSynchronize(b));
      float gap = 0;
      CHECK(hipEventElapsedTime(&gap, a, b));
      gaps.push_back(gap);
    }
    std::sort(gaps.begin(), gaps.end());
    float smallest = 0;
    for (float g : gaps) if (g > 0) { smallest = g; break; }
    verify(gaps.front() >= 0, "event intervals non-negative");
    std::printf("%-8s %-6s %10.3f us smallest non-zero, %.3f us median event interval\n", "eventres", "hip", smallest * 1e3,
                gaps[gaps.size() / 2] * 1e3);
    CHECK(hipEventDestroy(a));
    CHECK(hipEventDestroy(b));
    CHECK(hipStreamDestroy(stream));
  }
  std::printf(failures ? "hipvk_bench: FAIL\n" : "hipvk_bench: all results correct\n");
  return failures != 0;
}
