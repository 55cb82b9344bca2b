// Error paths with ROCm's results: launches with invalid configurations return
// hipErrorInvalidConfiguration (reported by hipGetLastError, which then resets), hipFree of a
// pointer that hipMalloc never returned or that was already freed fails, hipFree(nullptr)
// succeeds, and the device stays usable afterwards.
#include "test_common.h"

#include <vector>

__global__ void fill(int *p, int v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] = v;
}

static void expect_error(const char *what, hipError_t got, hipError_t want) {
  if (got != want) {
    std::fprintf(stderr, "%s: got %d (%s), expected %d (%s)\n", what, (int)got, hipGetErrorName(got), (int)want,
                 hipGetErrorName(want));
    e2e::check(false, what);
  }
}

int main() {
  const int n = 1024;
  int *d = nullptr;
  HIP_CHECK(hipMalloc(&d, n * sizeof(int)));
  HIP_CHECK(hipGetLastError());  // starts clean

  // Block larger than the device maximum (1024 threads on every HIP device).
  fill<<<1, 2048>>>(d, 1, n);
  expect_error("block of 2048 threads", hipGetLastError(), hipErrorInvalidConfiguration);
  expect_error("hipGetLastError resets", hipGetLastError(), hipSuccess);

  // Block dimension over its own limit (z is at most 1024, and 64 on AMD).
  fill<<<dim3(1), dim3(1, 1, 2048)>>>(d, 1, n);
  expect_error("blockDim.z 2048", hipGetLastError(), hipErrorInvalidConfiguration);

  // Empty grid and empty block.
  fill<<<0, 64>>>(d, 1, n);
  expect_error("gridDim 0", hipGetLastError(), hipErrorInvalidConfiguration);
  fill<<<dim3(4), dim3(0)>>>(d, 1, n);
  expect_error("blockDim 0", hipGetLastError(), hipErrorInvalidConfiguration);

  // Dynamic shared memory beyond the device, up to sizes whose rounding would wrap: refused, not
  // launched (ROCm's hipErrorInvalidValue), and nothing is corrupted.
  hipDeviceProp_t props;
  HIP_CHECK(hipGetDeviceProperties(&props, 0));
  for (size_t bytes : {props.sharedMemPerBlock + 1, size_t(1) << 40, SIZE_MAX - 2, SIZE_MAX - 1, SIZE_MAX}) {
    fill<<<1, 64, bytes>>>(d, 1, n);
    expect_error("dynamic shared memory beyond the device", hipGetLastError(), hipErrorInvalidValue);
  }

  // hipPeekAtLastError does not reset.
  fill<<<1, 4096>>>(d, 1, n);
  expect_error("peek 1", hipPeekAtLastError(), hipErrorInvalidConfiguration);
  expect_error("peek 2", hipPeekAtLastError(), hipErrorInvalidConfiguration);
  expect_error("get after peek", hipGetLastError(), hipErrorInvalidConfiguration);
  expect_error("clean after get", hipGetLastError(), hipSuccess);

  // The device is still usable.
  fill<<<n / 256, 256>>>(d, 42, n);
  HIP_CHECK_LAUNCH();
  std::vector<int> h(n);
  HIP_CHECK(hipMemcpy(h.data(), d, n * sizeof(int), hipMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) e2e::expect_eq("after errors", i, h[i], 42);

  // hipFree: a host pointer, a made-up pointer, an interior pointer, a double free; nullptr is fine.
  int on_stack = 0;
  expect_error("hipFree(host stack pointer)", hipFree(&on_stack), hipErrorInvalidValue);
  expect_error("hipFree(0x1234)", hipFree(reinterpret_cast<void *>(0x1234)), hipErrorInvalidValue);
  expect_error("hipFree(nullptr)", hipFree(nullptr), hipSuccess);
  HIP_CHECK(hipFree(d));
  expect_error("double hipFree", hipFree(d), hipErrorInvalidValue);
  // The failed API call is also the last error; reading it resets it.
  expect_error("hipGetLastError after failed hipFree", hipGetLastError(), hipErrorInvalidValue);
  expect_error("hipGetLastError reset", hipGetLastError(), hipSuccess);

  // And still usable.
  int *d2 = nullptr;
  HIP_CHECK(hipMalloc(&d2, n * sizeof(int)));
  fill<<<n / 128, 128>>>(d2, -7, n);
  HIP_CHECK_LAUNCH();
  HIP_CHECK(hipMemcpy(h.data(), d2, n * sizeof(int), hipMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) e2e::expect_eq("after hipFree errors", i, h[i], -7);
  HIP_CHECK(hipFree(d2));
  return e2e::finish("error_paths");
}
