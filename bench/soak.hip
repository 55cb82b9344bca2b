// Soak benchmark (issue 11; not a test): many empty launches, then many allocation cycles, with the
// resident set size and the time per operation sampled along the way. What it shows is flat memory
// and no drift: docs/PERFORMANCE.md, "Soak". Usage:
//   hipvk_soak [launches (default 1000000)] [alloc/free cycles (default 100000)]
#include <hip/hip_runtime.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <unistd.h>

namespace {

__global__ void empty() {}

#define CHECK(expr)                                                                          \
  do {                                                                                       \
    if (hipError_t e = (expr); e != hipSuccess) {                                            \
      std::fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #expr, hipGetErrorName(e)); \
      std::exit(1);                                                                          \
    }                                                                                        \
  } while (0)

double rssMiB() {
  std::ifstream statm("/proc/self/statm");
  long pages = 0, resident = 0;
  statm >> pages >> resident;
  return double(resident) * double(sysconf(_SC_PAGESIZE)) / (1024.0 * 1024.0);
}

using Clock = std::chrono::steady_clock;
double microseconds(Clock::duration d) { return std::chrono::duration<double, std::micro>(d).count(); }

}  // namespace

int main(int argc, char **argv) {
  const long launches = argc > 1 ? std::atol(argv[1]) : 1000000;
  const long cycles = argc > 2 ? std::atol(argv[2]) : 100000;
  constexpr int kSamples = 10;
  hipDeviceProp_t props;
  CHECK(hipGetDeviceProperties(&props, 0));
  std::printf("device: %s\n", props.name);
  // Warm-up: the pipeline is built and cached before the first sample.
  empty<<<1, 64>>>();
  CHECK(hipDeviceSynchronize());
  std::printf("empty launches: %ld (<<<1, 64>>>, synchronised at each sample)\n", launches);
  std::printf("%12s %14s %10s\n", "launches", "us/launch", "RSS MiB");
  const long perSample = launches / kSamples;
  for (int s = 0; s < kSamples; ++s) {
    Clock::time_point start = Clock::now();
    for (long i = 0; i < perSample; ++i) empty<<<1, 64>>>();
    CHECK(hipGetLastError());
    CHECK(hipDeviceSynchronize());
    std::printf("%12ld %14.2f %10.1f\n", (s + 1) * perSample, microseconds(Clock::now() - start) / double(perSample), rssMiB());
  }
  std::printf("alloc/free cycles: %ld (hipMalloc of 1 KiB .. 1 MiB, then hipFree)\n", cycles);
  std::printf("%12s %14s %10s\n", "cycles", "us/cycle", "RSS MiB");
  const long cyclesPerSample = cycles / kSamples;
  for (int s = 0; s < kSamples; ++s) {
    Clock::time_point start = Clock::now();
    for (long i = 0; i < cyclesPerSample; ++i) {
      void *p = nullptr;
      CHECK(hipMalloc(&p, size_t(1024) << (i % 11)));
      CHECK(hipFree(p));
    }
    std::printf("%12ld %14.2f %10.1f\n", (s + 1) * cyclesPerSample, microseconds(Clock::now() - start) / double(cyclesPerSample),
                rssMiB());
  }
  size_t free = 0, total = 0;
  CHECK(hipMemGetInfo(&free, &total));
  std::printf("hipMemGetInfo after: %.1f of %.1f MiB free\n", double(free) / 1048576.0, double(total) / 1048576.0);
  return 0;
}
