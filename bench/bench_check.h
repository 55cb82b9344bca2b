// CHECK(expr): stops a benchmark at an API call that fails, naming the call, its place and the
// error. One definition for the hipvk drivers and their CUDA twins (under nvcc, CUDA's names).
#pragma once

#include <cstdio>
#include <cstdlib>

#if defined(__NVCC__)
#include <cuda_runtime.h>
#define BENCH_STATUS_OK cudaSuccess
#define BENCH_STATUS_STRING cudaGetErrorString
#else
#include <hip/hip_runtime.h>
#define BENCH_STATUS_OK hipSuccess
#define BENCH_STATUS_STRING hipGetErrorString
#endif

#define CHECK(expr)                                                                                      \
  do {                                                                                                   \
    if (auto status_ = (expr); status_ != BENCH_STATUS_OK) {                                             \
      std::fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #expr, BENCH_STATUS_STRING(status_));  \
      std::exit(1);                                                                                      \
    }                                                                                                    \
  } while (0)
