// rocPRIM's device-wide radix sort, reduce and scan through hipvk (device_algorithms.h); twin:
// cuda/device_algorithms.cu (CUB). BENCH_DEBUG_SYNCHRONOUS=1 makes rocPRIM synchronise after each
// of its kernels and print its name and time (its debug_synchronous flag): where a figure goes.
#include <hip/hip_runtime.h>

#include <cstdlib>

#define BENCH_ERROR hipError_t
#define BENCH_SUCCESS hipSuccess
#define BENCH_ERROR_STRING hipGetErrorString
#define BENCH_MALLOC hipMalloc
#define BENCH_FREE hipFree
#define BENCH_COPY hipMemcpy
#define BENCH_TO_DEVICE hipMemcpyHostToDevice
#define BENCH_TO_HOST hipMemcpyDeviceToHost
#define BENCH_SYNC hipDeviceSynchronize

#include "device_algorithms.h"

#include <rocprim/rocprim.hpp>

namespace algorithms {

namespace {
bool debugSynchronous() {
  static const bool on = std::getenv("BENCH_DEBUG_SYNCHRONOUS") != nullptr;
  return on;
}
} // namespace

hipError_t sortKeys(void *temp, size_t &bytes, const uint32_t *in, uint32_t *out, size_t n) {
  return rocprim::radix_sort_keys(temp, bytes, in, out, n, 0, 32, hipStream_t(0), debugSynchronous());
}
hipError_t sortPairs(void *temp, size_t &bytes, const uint32_t *keysIn, uint32_t *keysOut, const uint32_t *valuesIn,
                     uint32_t *valuesOut, size_t n) {
  return rocprim::radix_sort_pairs(temp, bytes, keysIn, keysOut, valuesIn, valuesOut, n, 0, 32, hipStream_t(0),
                                  debugSynchronous());
}
hipError_t sum(void *temp, size_t &bytes, const uint32_t *in, uint32_t *out, size_t n) {
  return rocprim::reduce(temp, bytes, in, out, n, rocprim::plus<uint32_t>(), hipStream_t(0), debugSynchronous());
}
hipError_t inclusiveSum(void *temp, size_t &bytes, const uint32_t *in, uint32_t *out, size_t n) {
  return rocprim::inclusive_scan(temp, bytes, in, out, n, rocprim::plus<uint32_t>(), hipStream_t(0), debugSynchronous());
}

} // namespace algorithms

int main(int argc, char **argv) { return algorithms::run(argc, argv, "rocprim"); }
