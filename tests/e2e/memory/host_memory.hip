// Pinned (hipHostMalloc, every flag), registered (hipHostRegister) host memory: zero-copy kernels
// through hipHostGetDevicePointer, copies to and from it in every direction, synchronous and on a
// stream, and ROCm's errors.
#include <cstdlib>
#include <memory>
#include <numeric>
#include <vector>

#include "memory.h"

namespace {

template <typename T>
struct PinnedDeleter {
  void operator()(T *p) const { HIP_CHECK(hipHostFree(p)); }
};
template <typename T>
using PinnedPtr = std::unique_ptr<T[], PinnedDeleter<T>>;

template <typename T>
PinnedPtr<T> pinned(size_t n, unsigned flags) {
  T *p = nullptr;
  HIP_CHECK(hipHostMalloc(&p, n * sizeof(T), flags));
  e2e::check(p != nullptr, "hipHostMalloc returns memory");
  return PinnedPtr<T>(p);
}

template <typename T>
T *device_pointer(T *host) {
  void *d = nullptr;
  HIP_CHECK(hipHostGetDevicePointer(&d, host, 0));
  return static_cast<T *>(d);
}

// A kernel reads one pinned array and writes another, both through their device pointers, and
// the host reads the result in place (zero copy).
template <typename T>
void zero_copy(unsigned flags, size_t n, T mul, T add) {
  PinnedPtr<T> in = pinned<T>(n, flags), out = pinned<T>(n, flags);
  for (size_t i = 0; i < n; ++i) {
    in[i] = T(i % 1013) - T(300);
    out[i] = T(-1);
  }
  unsigned got = ~0u;
  HIP_CHECK(hipHostGetFlags(&got, in.get()));
  e2e::expect_eq("hipHostGetFlags", flags, got, flags);
  launch_affine<T>(device_pointer(in.get()), device_pointer(out.get()), mul, add, n);
  HIP_CHECK_LAUNCH();
  for (size_t i = 0; i < n; ++i) e2e::expect_eq("zero-copy kernel on pinned memory", long(i), out[i], in[i] * mul + add);
}

// Pinned memory <-> device memory with hipMemcpy, hipMemcpyAsync (stream) and hipMemcpyDefault.
void pinned_copies(size_t n) {
  PinnedPtr<uint64_t> src = pinned<uint64_t>(n, hipHostMallocDefault), dst = pinned<uint64_t>(n, hipHostMallocMapped);
  for (size_t i = 0; i < n; ++i) src[i] = i * 0x9E3779B97F4A7C15ull;
  e2e::DeviceBuffer<uint64_t> a(n), b(n);
  HIP_CHECK(hipMemcpy(a, src.get(), n * 8, hipMemcpyHostToDevice));
  launch_affine<uint64_t>(a, b, 3, 11, n);
  HIP_CHECK(hipMemcpy(dst.get(), b, n * 8, hipMemcpyDeviceToHost));  // orders after the kernel
  for (size_t i = 0; i < n; ++i) e2e::expect_eq("pinned H2D, kernel, D2H", long(i), dst[i], src[i] * 3 + 11);

  hipStream_t stream;
  HIP_CHECK(hipStreamCreate(&stream));
  for (size_t i = 0; i < n; ++i) src[i] = ~i;
  HIP_CHECK(hipMemcpyAsync(a, src.get(), n * 8, hipMemcpyHostToDevice, stream));
  launch_affine<uint64_t>(a, b, 5, 1, n, stream);
  HIP_CHECK(hipMemcpyAsync(dst.get(), b, n * 8, hipMemcpyDefault, stream));
  HIP_CHECK(hipStreamSynchronize(stream));
  for (size_t i = 0; i < n; ++i) e2e::expect_eq("pinned async copies on a stream", long(i), dst[i], src[i] * 5 + 1);

  // Pinned to pinned, and a pinned range inside the allocation.
  HIP_CHECK(hipMemcpy(dst.get() + 7, src.get() + 3, (n - 10) * 8, hipMemcpyHostToHost));
  for (size_t i = 0; i + 10 < n; ++i) e2e::expect_eq("pinned to pinned", long(i), dst[i + 7], src[i + 3]);
  HIP_CHECK(hipStreamDestroy(stream));
}

void allocation_entry_points() {
  void *p = nullptr;
  HIP_CHECK(hipMallocHost(&p, 4097));
  std::memset(p, 0x5A, 4097);
  unsigned flags = ~0u;
  HIP_CHECK(hipHostGetFlags(&flags, p));
  e2e::expect_eq("hipMallocHost flags", 0, flags, 0u);
  HIP_CHECK(hipFreeHost(p));
  HIP_CHECK(hipHostAlloc(&p, 100, hipHostMallocMapped | hipHostMallocPortable));
  HIP_CHECK(hipFree(p));  // ROCm's hipFree takes pinned memory too
  HIP_CHECK(hipHostMalloc(&p, 0, 0));
  e2e::check(p == nullptr, "hipHostMalloc of 0 bytes gives null");
  HIP_CHECK(hipHostFree(nullptr));

  // ROCm's errors.
  expect_error("hipHostMalloc with an unknown flag", hipHostMalloc(&p, 64, 0x8), hipErrorInvalidValue);
  expect_error("hipHostMalloc coherent and non-coherent",
               hipHostMalloc(&p, 64, hipHostMallocCoherent | hipHostMallocNonCoherent), hipErrorInvalidValue);
  expect_error("hipHostMalloc null", hipHostMalloc(static_cast<void **>(nullptr), 64, 0), hipErrorInvalidValue);
  e2e::DeviceBuffer<int> device(16);
  expect_error("hipHostFree of device memory", hipHostFree(device.ptr), hipErrorInvalidValue);
  std::vector<int> plain(64);
  expect_error("hipHostFree of pageable memory", hipHostFree(plain.data()), hipErrorInvalidValue);
  void *d = nullptr;
  expect_error("hipHostGetDevicePointer of pageable memory", hipHostGetDevicePointer(&d, plain.data(), 0),
               hipErrorInvalidValue);
  expect_error("hipHostGetFlags of pageable memory", hipHostGetFlags(&flags, plain.data()), hipErrorInvalidValue);
  PinnedPtr<int> pin = pinned<int>(10, 0);
  expect_error("hipHostFree of an interior pointer", hipHostFree(pin.get() + 1), hipErrorInvalidValue);
  expect_error("hipHostGetDevicePointer flags", hipHostGetDevicePointer(&d, pin.get(), 1), hipErrorInvalidValue);
}

// The program's own (malloc'ed, not page-aligned) memory, registered and used by a kernel.
void registered() {
  int supported = -1;
  HIP_CHECK(hipDeviceGetAttribute(&supported, hipDeviceAttributeHostRegisterSupported, 0));
  const size_t n = 3001;
  std::vector<float> in(n + 5), out(n + 3, -1.0f);
  for (size_t i = 0; i < in.size(); ++i) in[i] = float(i) * 0.25f - 17.0f;
  float *src = in.data() + 5;  // mid-page on purpose
  hipError_t e = hipHostRegister(src, n * sizeof(float), hipHostRegisterMapped);
  if (!supported) {
    expect_error("hipHostRegister without VK_EXT_external_memory_host", e, hipErrorNotSupported);
    return;
  }
  HIP_CHECK(e);
  HIP_CHECK(hipHostRegister(out.data(), out.size() * sizeof(float), hipHostRegisterDefault));
  unsigned flags = ~0u;
  HIP_CHECK(hipHostGetFlags(&flags, src + 100));
  e2e::expect_eq("hipHostGetFlags of registered memory", 0, flags, unsigned(hipHostRegisterMapped));
  launch_affine<float>(device_pointer(src), device_pointer(out.data()), 2.0f, 0.5f, n);
  HIP_CHECK_LAUNCH();
  for (size_t i = 0; i < n; ++i) e2e::expect_eq("kernel on registered memory", long(i), out[i], src[i] * 2.0f + 0.5f);
  e2e::expect_eq("registered neighbour untouched", 0, out[n], -1.0f);

  // Copies through the registered pointers (no staging), and into device memory.
  e2e::DeviceBuffer<float> d(n);
  HIP_CHECK(hipMemcpy(d, src, n * sizeof(float), hipMemcpyHostToDevice));
  HIP_CHECK(hipMemset(out.data(), 0, n * sizeof(float)));  // fills registered memory
  HIP_CHECK(hipMemcpy(out.data() + 1, d, (n - 1) * sizeof(float), hipMemcpyDeviceToHost));
  e2e::expect_eq("hipMemset of registered memory", 0, out[0], 0.0f);
  for (size_t i = 1; i < n; ++i) e2e::expect_eq("registered copies", long(i), out[i], src[i - 1]);

  expect_error("hipHostRegister twice", hipHostRegister(src + 10, 64, 0), hipErrorHostMemoryAlreadyRegistered);
  expect_error("hipHostRegister null", hipHostRegister(nullptr, 64, 0), hipErrorInvalidValue);
  expect_error("hipHostRegister empty", hipHostRegister(in.data(), 0, 0), hipErrorInvalidValue);
  HIP_CHECK(hipHostUnregister(src));
  HIP_CHECK(hipHostUnregister(out.data()));
  expect_error("hipHostUnregister twice", hipHostUnregister(src), hipErrorHostMemoryNotRegistered);
  void *dp = nullptr;
  expect_error("device pointer after unregister", hipHostGetDevicePointer(&dp, src, 0), hipErrorInvalidValue);
}

}  // namespace

void test_host_memory() {
  const unsigned flags[] = {hipHostMallocDefault,
                            hipHostMallocPortable,
                            hipHostMallocMapped,
                            hipHostMallocWriteCombined,
                            hipHostMallocCoherent,
                            hipHostMallocNonCoherent,
                            hipHostMallocNumaUser,
                            hipHostMallocMapped | hipHostMallocPortable | hipHostMallocWriteCombined,
                            hipHostMallocMapped | hipHostMallocCoherent};
  size_t n = 1237;
  for (unsigned f : flags) {
    zero_copy<int>(f, n, 7, -3);
    zero_copy<float>(f, n + 101, 1.5f, 0.25f);
    n += 977;
  }
  pinned_copies(20011);
  allocation_entry_points();
  registered();
}
