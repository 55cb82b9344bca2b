// Native CUDA twin of bench/math_bench.hip: the same kernels (math_kernels.h) with CUDA's
// libdevice. Built on the GPU machine:
//   nvcc -O3 -arch=sm_90 -I.. math_bench.cu -o cuda_math_bench && ./cuda_math_bench
#include <cuda_runtime.h>

#include "math_kernels.h"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "bench_check.h"

template <typename T> bool timeKernel(const MathKernel &k, int n, int reps) {
  std::vector<T> host(n);
  for (int i = 0; i < n; ++i) host[i] = T(-3.0) + T(6.0) * T(i % 1000) / T(1000);
  T *in, *out;
  CHECK(cudaMalloc(&in, n * sizeof(T)));
  CHECK(cudaMalloc(&out, n * sizeof(T)));
  CHECK(cudaMemcpy(in, host.data(), n * sizeof(T), cudaMemcpyHostToDevice));
  auto launch = [&] {
    if constexpr (sizeof(T) == 4) k.floatKernel<<<(n + 255) / 256, 256>>>(in, out, n);
    else k.doubleKernel<<<(n + 255) / 256, 256>>>(in, out, n);
  };
  launch(); // compiles the pipeline
  CHECK(cudaDeviceSynchronize());
  auto start = std::chrono::steady_clock::now();
  for (int r = 0; r < reps; ++r) launch();
  CHECK(cudaDeviceSynchronize());
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() / reps;
  CHECK(cudaMemcpy(host.data(), out, n * sizeof(T), cudaMemcpyDeviceToHost));
  CHECK(cudaFree(in));
  CHECK(cudaFree(out));
  bool finite = true;
  for (T v : host) finite &= std::isfinite(double(v));
  std::printf("%-6s %-6s %10.3f Geval/s  (%.3f ms)%s\n", k.name, "cuda", double(n) * kMathRounds / seconds * 1e-9, seconds * 1e3,
              finite ? "" : "  WRONG RESULT: not finite");
  return finite;
}

int main(int argc, char **argv) {
  const bool small = argc > 1 && !std::strcmp(argv[1], "--small");
  const int n = small ? 1 << 12 : 1 << 22, reps = small ? 1 : 10;
  cudaDeviceProp prop;
  CHECK(cudaGetDeviceProperties(&prop, 0));
  std::printf("device: %s\n", prop.name);
  bool ok = true;
  for (const MathKernel &k : kMathKernels) ok &= k.isDouble ? timeKernel<double>(k, n, reps) : timeKernel<float>(k, n, reps);
  std::printf(ok ? "cuda_math_bench: all results finite\n" : "cuda_math_bench: FAIL\n");
  return ok ? 0 : 1;
}
