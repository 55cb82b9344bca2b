// Enum arguments outside HIP's enumerators (issue 11, fault 8): each call gets ROCm's error code,
// and the runtime never reads the argument as the enum type (UB that the sanitizer leg's UBSan
// turns into a failure of this test: runtime/api/api.h, enumValue). The calls are made from C
// (enum_arguments.c), where any int is a value of an enum type.
#include <string>

#include "enum_arguments.h"
#include "test_util.h"

namespace {
// Values of no HIP enum, also outside the range every enum's enumerators span.
constexpr int kBadValues[] = {-1, 12345, 0x40000000};
}  // namespace

TEST_CASE("enum arguments outside the enumerators: ROCm's errors, no enum loads") {
  void *device = nullptr;
  HIP_CHECK(hipMalloc(&device, 256));
  char host[256] = {};
  void *managed = nullptr;
  HIP_CHECK(hipMallocManaged(&managed, 256, hipMemAttachGlobal));
  hipMemPool_t pool = nullptr;
  HIP_CHECK(hipDeviceGetDefaultMemPool(&pool, 0));
  for (int bad : kBadValues) {
    CAPTURE(bad);
    size_t limit = 0;
    CHECK_EQ(c_hipDeviceGetLimit(&limit, bad), hipErrorUnsupportedLimit);
    CHECK_EQ(c_hipDeviceSetLimit(bad, 1), hipErrorUnsupportedLimit);
    CHECK_EQ(c_hipDeviceSetCacheConfig(bad), hipErrorInvalidValue);
    CHECK_EQ(c_hipDeviceSetSharedMemConfig(bad), hipErrorInvalidValue);
    int value = 0;
    CHECK_EQ(c_hipDeviceGetAttribute(&value, bad, 0), hipErrorInvalidValue);
    CHECK_EQ(c_hipMemcpy(device, host, sizeof host, bad), hipErrorInvalidMemcpyDirection);
    CHECK_EQ(c_hipMemcpyAsync(device, host, sizeof host, bad, nullptr), hipErrorInvalidMemcpyDirection);
    CHECK_EQ(c_hipMemcpy2D(device, 16, host, 16, 16, 16, bad), hipErrorInvalidMemcpyDirection);
    CHECK_EQ(c_hipMemcpy3D(device, host, sizeof host, bad), hipErrorInvalidMemcpyDirection);
    CHECK_EQ(c_hipMemAdvise(managed, 256, bad, 0), hipErrorInvalidValue);
    CHECK_EQ(c_hipMemRangeGetAttribute(&value, sizeof value, bad, managed, 256), hipErrorInvalidValue);
    uint64_t attribute = 0;
    CHECK_EQ(c_hipMemPoolGetAttribute(pool, bad, &attribute), hipErrorInvalidValue);
    hipMemPool_t created = nullptr;
    CHECK_EQ(c_hipMemPoolCreate(&created, bad, bad), hipErrorInvalidValue);
    unsigned long long out = 0;
    CHECK_NE(c_hipPointerGetAttribute(&out, bad, device), hipSuccess);
    CHECK_EQ(std::string(c_hipGetErrorName(bad)), "hipErrorUnknown");
    CHECK_EQ(std::string(c_hipGetErrorString(bad)), "unknown error");
  }
  (void)hipGetLastError();
  // The valid forms still work.
  HIP_CHECK(c_hipMemcpy(device, host, sizeof host, hipMemcpyHostToDevice));
  size_t fifo = 0;
  HIP_CHECK(c_hipDeviceGetLimit(&fifo, hipLimitPrintfFifoSize));
  CHECK(fifo > 0);
  HIP_CHECK(hipFree(managed));
  HIP_CHECK(hipFree(device));
}
