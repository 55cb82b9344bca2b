// Stream-ordered allocation: hipMallocAsync / hipFreeAsync on the default pool (memory freed in
// stream order is not reused while earlier work of the stream may still use it), created pools,
// hipDeviceSetMemPool, pool attributes with ROCm's types, and ROCm's errors.
#include <atomic>
#include <chrono>
#include <thread>
#include <vector>

#include "memory.h"

namespace {

// A host function that holds its stream until opened (bounded: a broken runtime fails the test).
struct Gate {
  std::atomic<bool> open{false};
  static void hold(void *self) {
    auto &g = *static_cast<Gate *>(self);
    auto until = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    while (!g.open && std::chrono::steady_clock::now() < until) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
};

uint64_t attribute64(hipMemPool_t pool, hipMemPoolAttr attr) {
  uint64_t v = ~0ull;
  HIP_CHECK(hipMemPoolGetAttribute(pool, attr, &v));
  return v;
}

void stream_order(hipMemPool_t pool) {
  const size_t n = 50001;
  std::vector<int> host(n);
  for (size_t i = 0; i < n; ++i) host[i] = int(i % 4093) - 2000;
  e2e::DeviceBuffer<int> in(n), out(n);
  in.upload(host);
  hipStream_t s;
  HIP_CHECK(hipStreamCreateWithFlags(&s, hipStreamNonBlocking));
  Gate gate;
  HIP_CHECK(hipLaunchHostFunc(s, Gate::hold, &gate));
  int *scratch = nullptr;
  HIP_CHECK(hipMallocAsync(reinterpret_cast<void **>(&scratch), n * sizeof(int), s));
  e2e::check(reinterpret_cast<uintptr_t>(scratch) % 256 == 0, "hipMallocAsync aligns to 256 bytes");
  e2e::check(attribute64(pool, hipMemPoolAttrUsedMemCurrent) >= n * sizeof(int), "the pool counts its allocation");
  launch_affine<int>(in, scratch, 5, 3, n, s);
  launch_affine<int>(scratch, out, 1, -3, n, s);
  HIP_CHECK(hipFreeAsync(scratch, s));
  e2e::check(attribute64(pool, hipMemPoolAttrUsedMemCurrent) == 0, "freed in stream order: no longer in use");
  // While the stream is held, other allocations must not get the scratch memory and overwrite it.
  std::vector<int *> others;
  for (int k = 0; k < 8; ++k) {
    int *p = nullptr;
    HIP_CHECK(hipMalloc(&p, n * sizeof(int)));
    HIP_CHECK(hipMemset(p, 0x7F, n * sizeof(int)));
    others.push_back(p);
  }
  HIP_CHECK(hipStreamSynchronize(nullptr));  // the null stream's fills (not the held stream: non-blocking)
  gate.open = true;
  HIP_CHECK(hipStreamSynchronize(s));
  std::vector<int> got(n);
  out.download(got);
  for (size_t i = 0; i < n; ++i) e2e::expect_eq("stream-ordered scratch memory", long(i), got[i], host[i] * 5);
  for (int *p : others) HIP_CHECK(hipFree(p));
  HIP_CHECK(hipMemPoolTrimTo(pool, 0));
  e2e::expect_eq("reserved memory after the stream's work and a trim", 0, attribute64(pool, hipMemPoolAttrReservedMemCurrent),
                 0ull);
  HIP_CHECK(hipStreamDestroy(s));
}

void attributes(hipMemPool_t pool) {
  uint64_t threshold = 123456789;
  HIP_CHECK(hipMemPoolSetAttribute(pool, hipMemPoolAttrReleaseThreshold, &threshold));
  e2e::expect_eq("release threshold", 0, attribute64(pool, hipMemPoolAttrReleaseThreshold), threshold);
  int reuse = 0;
  HIP_CHECK(hipMemPoolSetAttribute(pool, hipMemPoolReuseAllowOpportunistic, &reuse));
  int got = -1;
  HIP_CHECK(hipMemPoolGetAttribute(pool, hipMemPoolReuseAllowOpportunistic, &got));
  e2e::expect_eq("reuse attribute", 0, got, 0);
  HIP_CHECK(hipMemPoolGetAttribute(pool, hipMemPoolReuseFollowEventDependencies, &got));
  e2e::expect_eq("reuse follows events by default", 0, got, 1);
  e2e::check(attribute64(pool, hipMemPoolAttrUsedMemHigh) >= 50001 * sizeof(int), "used high-water mark");
  uint64_t zero = 0, one = 1;
  HIP_CHECK(hipMemPoolSetAttribute(pool, hipMemPoolAttrUsedMemHigh, &zero));
  e2e::expect_eq("high-water mark reset", 0, attribute64(pool, hipMemPoolAttrUsedMemHigh), 0ull);
  expect_error("high-water mark set to non-zero", hipMemPoolSetAttribute(pool, hipMemPoolAttrUsedMemHigh, &one),
               hipErrorInvalidValue);
  expect_error("current usage is read-only", hipMemPoolSetAttribute(pool, hipMemPoolAttrUsedMemCurrent, &zero),
               hipErrorInvalidValue);
}

void created_pools(hipMemPool_t defaultPool) {
  hipMemPoolProps props{};
  props.allocType = hipMemAllocationTypePinned;
  props.handleTypes = hipMemHandleTypeNone;
  props.location.type = hipMemLocationTypeDevice;
  props.location.id = 0;
  hipMemPool_t pool = nullptr;
  HIP_CHECK(hipMemPoolCreate(&pool, &props));
  e2e::check(pool != nullptr && pool != defaultPool, "a created pool is its own");

  hipStream_t s;
  HIP_CHECK(hipStreamCreate(&s));
  const size_t n = 777;
  double *a = nullptr;
  HIP_CHECK(hipMallocFromPoolAsync(reinterpret_cast<void **>(&a), n * sizeof(double), pool, s));
  e2e::expect_eq("pool usage", 0, attribute64(pool, hipMemPoolAttrUsedMemCurrent), n * sizeof(double));
  HIP_CHECK(hipDeviceSetMemPool(0, pool));
  hipMemPool_t current = nullptr;
  HIP_CHECK(hipDeviceGetMemPool(&current, 0));
  e2e::check(current == pool, "hipDeviceSetMemPool / hipDeviceGetMemPool");
  float *b = nullptr;
  HIP_CHECK(hipMallocAsync(reinterpret_cast<void **>(&b), 1000 * sizeof(float), s));  // from the current pool
  e2e::expect_eq("pool usage after hipMallocAsync", 0, attribute64(pool, hipMemPoolAttrUsedMemCurrent),
                 n * sizeof(double) + 1000 * sizeof(float));
  std::vector<double> host(n);
  for (size_t i = 0; i < n; ++i) host[i] = double(i) / 8;
  HIP_CHECK(hipMemcpyAsync(a, host.data(), n * sizeof(double), hipMemcpyHostToDevice, s));
  std::vector<double> back(n);
  HIP_CHECK(hipMemcpyAsync(back.data(), a, n * sizeof(double), hipMemcpyDeviceToHost, s));
  HIP_CHECK(hipStreamSynchronize(s));
  for (size_t i = 0; i < n; ++i) e2e::expect_eq("pool memory holds data", long(i), back[i], host[i]);
  HIP_CHECK(hipFree(a));  // hipFree takes pool memory too
  HIP_CHECK(hipFreeAsync(b, s));
  HIP_CHECK(hipStreamSynchronize(s));
  e2e::expect_eq("pool usage after frees", 0, attribute64(pool, hipMemPoolAttrUsedMemCurrent), 0ull);

  HIP_CHECK(hipMemPoolDestroy(pool));
  HIP_CHECK(hipDeviceGetMemPool(&current, 0));
  e2e::check(current == defaultPool, "destroying the current pool restores the default");
  uint64_t v = 0;
  expect_error("a destroyed pool", hipMemPoolGetAttribute(pool, hipMemPoolAttrUsedMemCurrent, &v), hipErrorInvalidValue);
  expect_error("destroying the default pool", hipMemPoolDestroy(defaultPool), hipErrorInvalidValue);
  props.handleTypes = hipMemHandleTypePosixFileDescriptor;
  expect_error("an exportable pool", hipMemPoolCreate(&pool, &props), hipErrorNotSupported);
  props.handleTypes = hipMemHandleTypeNone;
  props.allocType = hipMemAllocationTypeInvalid;
  expect_error("a pool of no memory type", hipMemPoolCreate(&pool, &props), hipErrorInvalidValue);
  HIP_CHECK(hipFreeAsync(nullptr, s));
  int *c = nullptr;
  HIP_CHECK(hipMallocAsync(reinterpret_cast<void **>(&c), 64, s));
  expect_error("hipFreeAsync of an interior pointer", hipFreeAsync(c + 1, s), hipErrorInvalidValue);
  HIP_CHECK(hipFreeAsync(c, s));
  HIP_CHECK(hipStreamDestroy(s));
}

}  // namespace

void test_pools() {
  hipMemPool_t pool = nullptr, current = nullptr;
  HIP_CHECK(hipDeviceGetDefaultMemPool(&pool, 0));
  HIP_CHECK(hipDeviceGetMemPool(&current, 0));
  e2e::check(pool != nullptr && pool == current, "the default pool is the current one");
  stream_order(pool);
  attributes(pool);
  created_pools(pool);
}
