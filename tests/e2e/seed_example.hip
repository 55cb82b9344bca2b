// The seed example of the HIP documentation (HIP C++ language extensions / programming model):
// example_kernel calls the __device__ function init_array, and the grid size comes from a
// __host__ __device__ constexpr helper. 10^6 elements, checked on the host.
#include "test_common.h"

#include <iostream>
#include <vector>

// Performs a simple initialization of an array with the thread's index variables.
// This function is only available in device code.
__device__ void init_array(float *const a, const unsigned int arraySize) {
  // globalIdx uniquely identifies a thread in a 1D launch configuration.
  const int globalIdx = threadIdx.x + blockIdx.x * blockDim.x;
  // Each thread initializes a single element of the array.
  if (globalIdx < arraySize) {
    a[globalIdx] = globalIdx;
  }
}

// Rounds a value up to the next multiple.
// This function is available in host and device code.
__host__ __device__ constexpr int round_up_to_nearest_multiple(int number, int multiple) {
  return (number + multiple - 1) / multiple;
}

__global__ void example_kernel(float *const a, const unsigned int N) {
  // Initialize array.
  init_array(a, N);
}

// The helper is also usable in device code, and at compile time.
__global__ void helper_on_device(int *out, int n, int multiple) {
  if (threadIdx.x == 0 && blockIdx.x == 0) out[0] = round_up_to_nearest_multiple(n, multiple);
}
static_assert(round_up_to_nearest_multiple(1000000, 256) == 3907);

int main() {
  constexpr int N = 1000000;    // problem size
  constexpr int blockSize = 256;  // configurable block size
  // needed number of blocks for the given problem size
  constexpr int gridSize = round_up_to_nearest_multiple(N, blockSize);

  float *a;
  HIP_CHECK(hipMalloc(&a, sizeof(*a) * N));

  std::cout << "Launching kernel." << std::endl;
  example_kernel<<<dim3(gridSize), dim3(blockSize), 0 /*no shared memory*/, 0 /*default stream*/>>>(a, N);
  HIP_CHECK(hipGetLastError());
  // make sure kernel execution is finished by synchronizing
  HIP_CHECK(hipDeviceSynchronize());
  std::cout << "Kernel execution finished." << std::endl;

  std::vector<float> host(N, -1.0f);
  HIP_CHECK(hipMemcpy(host.data(), a, sizeof(*a) * N, hipMemcpyDeviceToHost));
  for (int i = 0; i < N; ++i) e2e::expect_eq("a", i, host[i], static_cast<float>(i));
  HIP_CHECK(hipFree(a));

  int *d_out;
  HIP_CHECK(hipMalloc(&d_out, sizeof(int)));
  helper_on_device<<<1, 1>>>(d_out, 12345, 64);
  HIP_CHECK_LAUNCH();
  int out = 0;
  HIP_CHECK(hipMemcpy(&out, d_out, sizeof(int), hipMemcpyDeviceToHost));
  e2e::expect_eq("round_up_to_nearest_multiple", 0, out, round_up_to_nearest_multiple(12345, 64));
  HIP_CHECK(hipFree(d_out));
  return e2e::finish("seed_example");
}
