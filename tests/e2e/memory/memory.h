// Every kind of memory end to end (several translation units): pinned and registered host memory
// with zero-copy kernels (host_memory.hip), pitched 2-D/3-D copies and fills (pitched.hip),
// allocation, sub-allocation and pointer queries (queries.hip), managed memory (managed.hip),
// stream-ordered allocation and pools (pools.hip);
// kernels in memory_kernels.hip, the driver in memory_main.hip.
#pragma once

#include <hip/hip_runtime.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>

#include "test_common.h"

// out[i] = in[i] * mul + add for i < n, on `stream` (in and out may be pinned device pointers).
template <typename T>
void launch_affine(const T *in, T *out, T mul, T add, size_t n, hipStream_t stream = nullptr);
// Adds r * 1000 + c to element c of row r of a rows x cols box of uint32 with row pitch `pitch`
// bytes.
void launch_pitched_mark(uint32_t *base, size_t pitch, int rows, int cols, hipStream_t stream = nullptr);
// data[i] += 1 for i < n (managed memory touched by the device).
void launch_increment(int *data, size_t n, hipStream_t stream = nullptr);

void test_host_memory();
void test_pitched();
void test_queries();
void test_managed();
void test_pools();

// Checks an expected error, then clears it from the thread's last error (HIP_CHECK_LAUNCH reads it).
inline void expect_error(const char *what, hipError_t got, hipError_t want) {
  if (got != want) std::fprintf(stderr, "%s: got %s, expected %s\n", what, hipGetErrorName(got), hipGetErrorName(want));
  e2e::check(got == want, what);
  (void)hipGetLastError();
}
