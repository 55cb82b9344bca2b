// CUB's device-wide radix sort, reduce and scan (device_algorithms.h), the twin of
// ../device_algorithms.hip (rocPRIM through hipvk). Built on the GPU machine:
//   nvcc -O3 -arch=sm_90 -I bench bench/cuda/device_algorithms.cu -o cuda_device_algorithms
#include <cuda_runtime.h>

#define BENCH_ERROR cudaError_t
#define BENCH_SUCCESS cudaSuccess
#define BENCH_ERROR_STRING cudaGetErrorString
#define BENCH_MALLOC cudaMalloc
#define BENCH_FREE cudaFree
#define BENCH_COPY cudaMemcpy
#define BENCH_TO_DEVICE cudaMemcpyHostToDevice
#define BENCH_TO_HOST cudaMemcpyDeviceToHost
#define BENCH_SYNC cudaDeviceSynchronize

#include "device_algorithms.h"

#include <cub/cub.cuh>

namespace algorithms {

cudaError_t sortKeys(void *temp, size_t &bytes, const uint32_t *in, uint32_t *out, size_t n) {
  return cub::DeviceRadixSort::SortKeys(temp, bytes, in, out, n);
}
cudaError_t sortPairs(void *temp, size_t &bytes, const uint32_t *keysIn, uint32_t *keysOut, const uint32_t *valuesIn,
                      uint32_t *valuesOut, size_t n) {
  return cub::DeviceRadixSort::SortPairs(temp, bytes, keysIn, keysOut, valuesIn, valuesOut, n);
}
cudaError_t sum(void *temp, size_t &bytes, const uint32_t *in, uint32_t *out, size_t n) {
  return cub::DeviceReduce::Sum(temp, bytes, in, out, n);
}
cudaError_t inclusiveSum(void *temp, size_t &bytes, const uint32_t *in, uint32_t *out, size_t n) {
  return cub::DeviceScan::InclusiveSum(temp, bytes, in, out, n);
}

} // namespace algorithms

int main(int argc, char **argv) { return algorithms::run(argc, argv, "cub"); }
