// Native CUDA baseline of hipvk_alloc_bench: the same calls (alloc_latency.h) through the CUDA
// runtime. Built on the GPU machine:
//   nvcc -O3 -arch=sm_90 -I.. alloc_bench.cu -o cuda_alloc_bench && ./cuda_alloc_bench
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "bench_check.h"

#define BENCH_MALLOC(p, bytes) CHECK(cudaMalloc((p), (bytes)))
#define BENCH_FREE(p) CHECK(cudaFree(p))
#define BENCH_HOST_MALLOC(p, bytes) CHECK(cudaHostAlloc((p), (bytes), cudaHostAllocDefault))
#define BENCH_HOST_FREE(p) CHECK(cudaFreeHost(p))
#define BENCH_SYNC() CHECK(cudaDeviceSynchronize())

#include "alloc_latency.h"

int main(int argc, char **argv) {
  bool small = argc > 1 && !std::strcmp(argv[1], "--small");
  bench::allocLatency("cuda", small);
  std::printf("cuda_alloc_bench: done\n");
  return 0;
}
