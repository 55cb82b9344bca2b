// Math throughput of hipvk (bench/math_kernels.h): per function, the time of n elements x
// kMathRounds dependent evaluations, as giga-evaluations per second. The CUDA twin
// (cuda/math_bench.cu) runs the same kernels with CUDA's libdevice; the issue's goal is >= 0.8x.
//   hipvk_math_bench [--small]
#include <hip/hip_runtime.h>

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
  CHECK(hipMalloc(&in, n * sizeof(T)));
  CHECK(hipMalloc(&out, n * sizeof(T)));
  CHECK(hipMemcpy(in, host.data(), n * sizeof(T), hipMemcpyHostToDevice));
  auto launch = [&] {
    if constexpr (sizeof(T) == 4) k.floatKernel<<<(n + 255) / 256, 256>>>(in, out, n);
    else k.doubleKernel<<<(n + 255) / 256, 256>>>(in, out, n);
  };
  launch(); // compiles the pipeline
  CHECK(hipDeviceSynchronize());
  auto start = std::chrono::steady_clock::now();
  for (int r = 0; r < reps; ++r) launch();
  CHECK(hipDeviceSynchronize());
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() / reps;
  CHECK(hipMemcpy(host.data(), out, n * sizeof(T), hipMemcpyDeviceToHost));
  CHECK(hipFree(in));
  CHECK(hipFree(out));
  bool finite = true;
  for (T v : host) finite &= std::isfinite(double(v));
  std::printf("%-6s %-6s %10.3f Geval/s  (%.3f ms)%s\n", k.name, "hip", double(n) * kMathRounds / seconds * 1e-9, seconds * 1e3,
              finite ? "" : "  WRONG RESULT: not finite");
  return finite;
}

int main(int argc, char **argv) {
  const bool small = argc > 1 && !std::strcmp(argv[1], "--small");
  const int n = small ? 1 << 12 : 1 << 22, reps = small ? 1 : 10;
  hipDeviceProp_t prop;
  CHECK(hipGetDeviceProperties(&prop, 0));
  std::printf("device: %s\n", prop.name);
  bool ok = true;
  for (const MathKernel &k : kMathKernels) ok &= k.isDouble ? timeKernel<double>(k, n, reps) : timeKernel<float>(k, n, reps);
  std::printf(ok ? "hipvk_math_bench: all results finite\n" : "hipvk_math_bench: FAIL\n");
  return ok ? 0 : 1;
}
