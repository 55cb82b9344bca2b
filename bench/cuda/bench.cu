// Native CUDA baseline of hipvk_bench: the same kernels (bench_kernels.h, unchanged source), sizes,
// timing and checks, through the CUDA runtime. Built on the GPU machine:
//   nvcc -O3 -arch=sm_90 -I.. bench.cu -o cuda_bench && ./cuda_bench
#include "bench_common.h"
#include "bench_kernels.h"

#include <algorithm>
#include <cstdlib>

#include "bench_check.h"

namespace {
// Not `sync`: <cooperative_groups.h> brings ::sync from <unistd.h> into view.
void syncDevice() { CHECK(cudaDeviceSynchronize()); }
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
  cudaDeviceProp prop;
  CHECK(cudaGetDeviceProperties(&prop, 0));
  std::printf("device: %s (CUDA)\n", prop.name);
  {
    int n = sz.stream;
    std::vector<float> b = bench::pattern(n, 1), c = bench::pattern(n, 2), a(n);
    float *da, *db, *dc, s = 3.0f;
    CHECK(cudaMalloc(&da, n * 4));
    CHECK(cudaMalloc(&db, n * 4));
    CHECK(cudaMalloc(&dc, n * 4));
    CHECK(cudaMemcpy(db, b.data(), n * 4, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(dc, c.data(), n * 4, cudaMemcpyHostToDevice));
    double ms = bench::timeMs(sz.reps, [&] { triad<<<(n + 255) / 256, 256>>>(da, db, dc, s, n); }, syncDevice);
    CHECK(cudaMemcpy(a.data(), da, n * 4, cudaMemcpyDeviceToHost));
    bool ok = true;
    for (int i = 0; i < n; i += 997) ok &= a[i] == b[i] + s * c[i];
    verify(ok, "triad");
    bench::report("triad", "cuda", ms, 12.0 * n, "GB/s");
    CHECK(cudaFree(da));
    CHECK(cudaFree(db));
    CHECK(cudaFree(dc));
  }
  {
    int n = sz.stream / 4;
    std::vector<double> x(n), y(n);
    for (int i = 0; i < n; ++i) x[i] = double(i % 1000) / 1000.0 - 0.5;
    double *dx, *dy;
    CHECK(cudaMalloc(&dx, n * 8));
    CHECK(cudaMalloc(&dy, n * 8));
    CHECK(cudaMemcpy(dx, x.data(), n * 8, cudaMemcpyHostToDevice));
    double ms = bench::timeMs(sz.reps, [&] { dpoly<<<(n + 255) / 256, 256>>>(dx, dy, n); }, syncDevice);
    CHECK(cudaMemcpy(y.data(), dy, n * 8, cudaMemcpyDeviceToHost));
    bool ok = true;
    for (int i = 0; i < n; i += 997) ok &= bench::near(y[i], poly(x[i]), 1e-12);
    verify(ok, "dpoly");
    bench::report("dpoly", "cuda", ms, 2.0 * kPolyDegree * n, "GFLOP/s");
    CHECK(cudaFree(dx));
    CHECK(cudaFree(dy));
  }
  {
    int n = sz.stream, blocks = std::min(1024, (n + kReduceThreads - 1) / kReduceThreads);
    std::vector<float> in = bench::pattern(n, 3), partial(blocks);
    double want = 0;
    for (float v : in) want += v;
    float *din, *dpartial;
    CHECK(cudaMalloc(&din, n * 4));
    CHECK(cudaMalloc(&dpartial, blocks * 4));
    CHECK(cudaMemcpy(din, in.data(), n * 4, cudaMemcpyHostToDevice));
    using Kernel = void (*)(const float *, float *, int);
    const std::pair<const char *, Kernel> kernels[] = {{"reduce", reduce}, {"reduce_shfl", reduce_shfl}};
    for (const auto &[name, kernelRef] : kernels) {
      Kernel kernel = kernelRef;
      double ms = bench::timeMs(sz.reps, [&] { kernel<<<blocks, kReduceThreads>>>(din, dpartial, n); }, syncDevice);
      CHECK(cudaMemcpy(partial.data(), dpartial, blocks * 4, cudaMemcpyDeviceToHost));
      double got = 0;
      for (float v : partial) got += v;
      verify(bench::near(got, want, 1e-3), name);
      bench::report(name, "cuda", ms, 4.0 * n, "GB/s");
    }
    CHECK(cudaFree(din));
    CHECK(cudaFree(dpartial));
  }
  {
    int n = sz.gemm;
    std::vector<float> A = bench::pattern(size_t(n) * n, 4), B = bench::pattern(size_t(n) * n, 5), C(size_t(n) * n);
    float *dA, *dB, *dC;
    CHECK(cudaMalloc(&dA, A.size() * 4));
    CHECK(cudaMalloc(&dB, B.size() * 4));
    CHECK(cudaMalloc(&dC, C.size() * 4));
    CHECK(cudaMemcpy(dA, A.data(), A.size() * 4, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(dB, B.data(), B.size() * 4, cudaMemcpyHostToDevice));
    dim3 grid(n / kTile, n / kTile), block(kTile, kTile);
    double ms = bench::timeMs(sz.reps, [&] { sgemm<<<grid, block>>>(dA, dB, dC, n); }, syncDevice);
    CHECK(cudaMemcpy(C.data(), dC, C.size() * 4, cudaMemcpyDeviceToHost));
    bool ok = true;
    for (int r = 0; r < n; r += n / 8 + 1)
      for (int c = 0; c < n; c += n / 8 + 1) {
        double want = 0;
        for (int k = 0; k < n; ++k) want += double(A[size_t(r) * n + k]) * B[size_t(k) * n + c];
        ok &= bench::near(C[size_t(r) * n + c], want, 1e-3);
      }
    verify(ok, "sgemm");
    bench::report("sgemm", "cuda", ms, 2.0 * n * n * n, "GFLOP/s");
    double msRestrict = bench::timeMs(sz.reps, [&] { sgemm_restrict<<<grid, block>>>(dA, dB, dC, n); }, syncDevice);
    bench::report("sgemm_r", "cuda", msRestrict, 2.0 * n * n * n, "GFLOP/s");
    CHECK(cudaFree(dA));
    CHECK(cudaFree(dB));
    CHECK(cudaFree(dC));
  }
  {
    int n = sz.atomics, nf = sz.floatAtomics;
    unsigned *counter;
    float *sum;
    CHECK(cudaMalloc(&counter, 4));
    CHECK(cudaMalloc(&sum, 4));
    double ms = bench::timeMs(sz.reps, [&] {
      CHECK(cudaMemset(counter, 0, 4));
      atomic_one_address<<<(n + 255) / 256, 256>>>(counter, n);
    }, syncDevice);
    double msFloat = bench::timeMs(sz.reps, [&] {
      CHECK(cudaMemset(sum, 0, 4));
      atomic_float_one_address<<<(nf + 255) / 256, 256>>>(sum, nf);
    }, syncDevice);
    unsigned got = 0;
    float fgot = 0;
    CHECK(cudaMemcpy(&got, counter, 4, cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(&fgot, sum, 4, cudaMemcpyDeviceToHost));
    verify(got == unsigned(n) && fgot == float(nf), "atomics one address");
    bench::report("atomic1", "cuda", ms, n, "Gatomic/s");
    bench::report("atomicf", "cuda", msFloat, nf, "Gatomic/s");
    CHECK(cudaFree(counter));
    CHECK(cudaFree(sum));

    std::vector<unsigned> words = bench::histogramWords(size_t(n)), want = bench::byteHistogram(words), bins(kHistogramBins);
    unsigned *dwords, *dbins;
    CHECK(cudaMalloc(&dwords, size_t(n) * 4));
    CHECK(cudaMalloc(&dbins, kHistogramBins * 4));
    CHECK(cudaMemcpy(dwords, words.data(), size_t(n) * 4, cudaMemcpyHostToDevice));
    int blocks = std::min(1024, (n + 255) / 256);
    double msHist = bench::timeMs(sz.reps, [&] {
      CHECK(cudaMemset(dbins, 0, kHistogramBins * 4));
      histogram256<<<blocks, 256>>>(dwords, n, dbins);
    }, syncDevice);
    CHECK(cudaMemcpy(bins.data(), dbins, kHistogramBins * 4, cudaMemcpyDeviceToHost));
    verify(bins == want, "histogram");
    bench::report("histo", "cuda", msHist, 4.0 * n, "GB/s");
    CHECK(cudaFree(dwords));
    CHECK(cudaFree(dbins));
  }
  {
    // Grid-sync round trips, cooperative launch: one block per SM (hipvk's run uses the same
    // grid) and the largest cooperative grid.
    int perSM = 0;
    CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&perSM, grid_sync_rounds, kGridSyncThreads, 0));
    int rounds = sz.gridSyncRounds;
    for (int blocks : {prop.multiProcessorCount, perSM * prop.multiProcessorCount}) {
      unsigned *slots;
      CHECK(cudaMalloc(&slots, (blocks + 1) * 4));
      CHECK(cudaMemset(slots, 0, (blocks + 1) * 4));
      void *args[] = {&slots, &rounds};
      double ms = bench::timeMs(sz.reps, [&] {
        CHECK(cudaLaunchCooperativeKernel(reinterpret_cast<void *>(grid_sync_rounds), dim3(blocks), dim3(kGridSyncThreads),
                                          args, 0, nullptr));
      }, syncDevice);
      std::vector<unsigned> got(blocks + 1);
      CHECK(cudaMemcpy(got.data(), slots, (blocks + 1) * 4, cudaMemcpyDeviceToHost));
      verify(got[blocks] == 0 && got[0] == unsigned(rounds), "grid sync rounds");
      std::printf("%-8s %-6s %10.2f us per grid.sync() (%d blocks of %d)\n", "gridsync", "cuda", ms * 1e3 / (2.0 * rounds),
                  blocks, kGridSyncThreads);
      CHECK(cudaFree(slots));
    }
  }
  {
    double us = bench::timeMs(1, [&] { for (int i = 0; i < sz.launches; ++i) empty<<<1, 1>>>(); }, syncDevice) / sz.launches * 1e3;
    std::printf("%-8s %-6s %10.2f us per launch\n", "launch", "cuda", us);
  }
  {
    cudaStream_t stream;
    CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
    const int trips = std::max(10, sz.launches / 10);
    auto roundTrip = [&] { empty<<<1, 1, 0, stream>>>(); CHECK(cudaStreamSynchronize(stream)); };
    roundTrip();
    double ms = bench::timeMs(1, [&] { for (int i = 0; i < trips; ++i) roundTrip(); }, syncDevice) / trips;
    std::printf("%-8s %-6s %10.2f us per launch + cudaStreamSynchronize (created stream)\n", "streamrt", "cuda", ms * 1e3);
    cudaEvent_t a, b;
    CHECK(cudaEventCreate(&a));
    CHECK(cudaEventCreate(&b));
    std::vector<float> gaps;
    for (int i = 0; i < 200; ++i) {
      CHECK(cudaEventRecord(a, stream));
      CHECK(cudaEventRecord(b, stream));
      CHECK(cudaEventSynchronize(b));
      float gap = 0;
      CHECK(cudaEventElapsedTime(&gap, a, b));
      gaps.push_back(gap);
    }
    std::sort(gaps.begin(), gaps.end());
    float smallest = 0;
    for (float g : gaps) if (g > 0) { smallest = g; break; }
    verify(gaps.front() >= 0, "event intervals non-negative");
    std::printf("%-8s %-6s %10.3f us smallest non-zero, %.3f us median event interval\n", "eventres", "cuda", smallest * 1e3,
                gaps[gaps.size() / 2] * 1e3);
    CHECK(cudaEventDestroy(a));
    CHECK(cudaEventDestroy(b));
    CHECK(cudaStreamDestroy(stream));
  }
  std::printf(failures ? "cuda_bench: FAIL\n" : "cuda_bench: all results correct\n");
  return failures != 0;
}
