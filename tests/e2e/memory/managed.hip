// Managed memory: hipMallocManaged touched by host and device alternately, the attributes that
// say whether it exists, hipMemPrefetchAsync, hipMemAdvise and hipMemRangeGetAttribute(s).
#include <vector>

#include "memory.h"

namespace {

template <typename T>
struct ManagedArray {
  T *ptr = nullptr;
  explicit ManagedArray(size_t n, unsigned flags = hipMemAttachGlobal) { HIP_CHECK(hipMallocManaged(&ptr, n * sizeof(T), flags)); }
  ~ManagedArray() { HIP_CHECK(hipFree(ptr)); }
  T &operator[](size_t i) { return ptr[i]; }
};

void alternate(size_t n, unsigned flags) {
  ManagedArray<int> m(n, flags);
  std::vector<int> model(n);
  for (size_t i = 0; i < n; ++i) m[i] = model[i] = int(i * 3) - 1000;
  for (int round = 0; round < 4; ++round) {
    launch_increment(m.ptr, n);  // the device sees the host's writes
    HIP_CHECK_LAUNCH();
    for (size_t i = 0; i < n; ++i) model[i] += 1;
    for (size_t i = 0; i < n; i += 2) {  // the host sees the device's, and writes some back
      m[i] *= 2;
      model[i] *= 2;
    }
  }
  for (size_t i = 0; i < n; ++i) e2e::expect_eq("managed memory, host and device alternately", long(i), m[i], model[i]);

  // Copies and kernels mixing managed and device memory.
  e2e::DeviceBuffer<int> d(n);
  HIP_CHECK(hipMemcpy(d, m.ptr, n * sizeof(int), hipMemcpyDefault));
  launch_affine<int>(d, m.ptr, 3, 4, n);
  HIP_CHECK(hipDeviceSynchronize());
  for (size_t i = 0; i < n; ++i) e2e::expect_eq("kernel writing managed memory", long(i), m[i], model[i] * 3 + 4);
}

void advice(size_t n) {
  ManagedArray<float> m(n);
  int location = 7;
  HIP_CHECK(hipMemPrefetchAsync(m.ptr, n * sizeof(float), 0, nullptr));
  HIP_CHECK(hipMemRangeGetAttribute(&location, sizeof(int), hipMemRangeAttributeLastPrefetchLocation, m.ptr,
                                    n * sizeof(float)));
  e2e::expect_eq("last prefetch location", 0, location, 0);
  hipStream_t stream;
  HIP_CHECK(hipStreamCreate(&stream));
  HIP_CHECK(hipMemPrefetchAsync(m.ptr + 1, 4, hipCpuDeviceId, stream));
  HIP_CHECK(hipStreamSynchronize(stream));
  HIP_CHECK(hipMemRangeGetAttribute(&location, sizeof(int), hipMemRangeAttributeLastPrefetchLocation, m.ptr, 4));
  e2e::expect_eq("prefetch to the host", 0, location, hipCpuDeviceId);

  HIP_CHECK(hipMemAdvise(m.ptr, n * sizeof(float), hipMemAdviseSetReadMostly, 0));
  HIP_CHECK(hipMemAdvise(m.ptr, n * sizeof(float), hipMemAdviseSetPreferredLocation, 0));
  HIP_CHECK(hipMemAdvise(m.ptr, n * sizeof(float), hipMemAdviseSetAccessedBy, 0));
  int readMostly = -1, preferred = -1, accessedBy[3] = {-7, -7, -7};
  void *data[] = {&readMostly, &preferred, accessedBy};
  size_t sizes[] = {sizeof(int), sizeof(int), sizeof(accessedBy)};
  hipMemRangeAttribute attributes[] = {hipMemRangeAttributeReadMostly, hipMemRangeAttributePreferredLocation,
                                       hipMemRangeAttributeAccessedBy};
  HIP_CHECK(hipMemRangeGetAttributes(data, sizes, attributes, 3, m.ptr, n * sizeof(float)));
  e2e::check(readMostly == 1 && preferred == 0 && accessedBy[0] == 0 && accessedBy[1] == hipInvalidDeviceId &&
                 accessedBy[2] == hipInvalidDeviceId,
             "hipMemRangeGetAttributes after hipMemAdvise");
  HIP_CHECK(hipMemAdvise(m.ptr, n * sizeof(float), hipMemAdviseUnsetReadMostly, 0));
  HIP_CHECK(hipMemRangeGetAttribute(&readMostly, sizeof(int), hipMemRangeAttributeReadMostly, m.ptr, 4));
  e2e::expect_eq("read-mostly unset", 0, readMostly, 0);

  // Managed memory still computes after the advice.
  for (size_t i = 0; i < n; ++i) m[i] = float(i) * 0.5f;
  launch_affine<float>(m.ptr, m.ptr, 4.0f, -1.0f, n, stream);
  HIP_CHECK(hipStreamSynchronize(stream));
  for (size_t i = 0; i < n; ++i) e2e::expect_eq("managed memory on a stream", long(i), m[i], float(i) * 0.5f * 4.0f - 1.0f);

  e2e::DeviceBuffer<float> d(16);
  expect_error("prefetch of device memory", hipMemPrefetchAsync(d.ptr, 16, 0, nullptr), hipErrorInvalidValue);
  expect_error("prefetch past the allocation", hipMemPrefetchAsync(m.ptr, (n + 1) * sizeof(float), 0, nullptr),
               hipErrorInvalidValue);
  expect_error("prefetch to no device", hipMemPrefetchAsync(m.ptr, 4, 99, nullptr), hipErrorInvalidDevice);
  expect_error("advice on pageable memory", hipMemAdvise(&location, 4, hipMemAdviseSetReadMostly, 0),
               hipErrorInvalidValue);
  HIP_CHECK(hipStreamDestroy(stream));
}

}  // namespace

void test_managed() {
  int managed = -1, concurrent = -1;
  HIP_CHECK(hipDeviceGetAttribute(&managed, hipDeviceAttributeManagedMemory, 0));
  HIP_CHECK(hipDeviceGetAttribute(&concurrent, hipDeviceAttributeConcurrentManagedAccess, 0));
  void *p = nullptr;
  if (!managed) {
    // The device cannot give one address to host and device: refused, honestly.
    expect_error("hipMallocManaged without managed memory", hipMallocManaged(&p, 64, hipMemAttachGlobal),
                 hipErrorNotSupported);
    return;
  }
  e2e::check(concurrent == managed, "managed memory is shared, so host and device may touch it concurrently");
  alternate(4099, hipMemAttachGlobal);
  alternate(517, hipMemAttachHost);
  advice(1001);
  expect_error("hipMallocManaged with a bad flag", hipMallocManaged(&p, 64, 0x10), hipErrorInvalidValue);
  expect_error("hipMallocManaged of nothing", hipMallocManaged(&p, 0, hipMemAttachGlobal), hipErrorInvalidValue);
  HIP_CHECK(hipMallocManaged(&p, 100, hipMemAttachGlobal));
  hipPointerAttribute_t a{};
  HIP_CHECK(hipPointerGetAttributes(&a, static_cast<char *>(p) + 9));
  e2e::check(a.type == hipMemoryTypeManaged && a.isManaged && a.hostPointer == static_cast<char *>(p) + 9 &&
                 a.devicePointer == static_cast<char *>(p) + 9,
             "attributes of managed memory");
  HIP_CHECK(hipFree(p));
}
