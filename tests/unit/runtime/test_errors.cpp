// hipError_t values, names and the per-thread last-error rules.
#include <thread>

#include "test_util.h"

// The numbers programs and ROCm tools rely on (ROCm's hip_runtime_api.h).
static_assert(hipErrorInvalidValue == 1 && hipErrorOutOfMemory == 2 && hipErrorNotInitialized == 3);
static_assert(hipErrorInvalidConfiguration == 9 && hipErrorInvalidSymbol == 13);
static_assert(hipErrorInvalidDevicePointer == 17 && hipErrorInvalidMemcpyDirection == 21);
static_assert(hipErrorMissingConfiguration == 52 && hipErrorInvalidDeviceFunction == 98);
static_assert(hipErrorNoDevice == 100 && hipErrorInvalidDevice == 101 && hipErrorInvalidImage == 200);
static_assert(hipErrorInvalidHandle == 400 && hipErrorNotReady == 600 && hipErrorLaunchFailure == 719);
static_assert(hipErrorNotSupported == 801 && hipErrorUnknown == 999);
static_assert(hipDeviceAttributeMaxThreadsPerBlock == 56 && hipDeviceAttributeWarpSize == 87);
static_assert(hipDeviceAttributeMaxSharedMemoryPerMultiprocessor == 10002);

TEST_CASE("error names and strings") {
  CHECK(std::string(hipGetErrorName(hipSuccess)) == "hipSuccess");
  CHECK(std::string(hipGetErrorName(hipErrorInvalidDeviceFunction)) == "hipErrorInvalidDeviceFunction");
  CHECK(std::string(hipGetErrorString(hipErrorOutOfMemory)) == "out of memory");
  CHECK(hipGetErrorString(hipError_t(12345)) != nullptr);
  CHECK(hipGetErrorName(hipError_t(12345)) != nullptr);
}

TEST_CASE("last error: sticky until read, untouched by success, per thread") {
  (void)hipGetLastError();
  CHECK_EQ(hipPeekAtLastError(), hipSuccess);

  CHECK_EQ(hipSetDevice(-1), hipErrorInvalidDevice);
  CHECK_EQ(hipPeekAtLastError(), hipErrorInvalidDevice);
  CHECK_EQ(hipPeekAtLastError(), hipErrorInvalidDevice);  // peeking does not reset

  int device = -1;
  CHECK_EQ(hipGetDevice(&device), hipSuccess);
  CHECK_EQ(hipPeekAtLastError(), hipErrorInvalidDevice);  // a success does not reset

  CHECK_EQ(hipMalloc(nullptr, 16), hipErrorInvalidValue);
  std::thread other([] {
    CHECK_EQ(hipPeekAtLastError(), hipSuccess);  // another thread's errors are not ours
    CHECK_EQ(hipFree(reinterpret_cast<void *>(0x1234)), hipErrorInvalidValue);
  });
  other.join();
  CHECK_EQ(hipGetLastError(), hipErrorInvalidValue);  // the latest error of this thread
  CHECK_EQ(hipGetLastError(), hipSuccess);            // and reading reset it
}
