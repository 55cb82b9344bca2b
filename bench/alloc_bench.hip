// hipvk side of the allocation-latency benchmark (alloc_latency.h); the CUDA twin is
// cuda/alloc_bench.cu. `--small`: a short smoke run.
#include <hip/hip_runtime.h>

#include <cstdlib>
#include <cstring>

#include "bench_check.h"

#define BENCH_MALLOC(p, bytes) CHECK(hipMalloc((p), (bytes)))
#define BENCH_FREE(p) CHECK(hipFree(p))
#define BENCH_HOST_MALLOC(p, bytes) CHECK(hipHostMalloc((p), (bytes), hipHostMallocDefault))
#define BENCH_HOST_FREE(p) CHECK(hipHostFree(p))
#define BENCH_SYNC() CHECK(hipDeviceSynchronize())

#include "alloc_latency.h"

int main(int argc, char **argv) {
  bool small = argc > 1 && !std::strcmp(argv[1], "--small");
  bench::allocLatency("hip", small);
  std::printf("hipvk_alloc_bench: done\n");
  return 0;
}
