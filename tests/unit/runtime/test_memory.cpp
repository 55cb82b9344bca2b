// hipMalloc/hipFree, the address table behind them, hipMemcpy in every direction, hipMemset.
#include <algorithm>
#include <cstdint>
#include <numeric>
#include <thread>
#include <vector>

#include "test_util.h"

namespace {

std::vector<uint8_t> pattern(size_t n, uint8_t seed) {
  std::vector<uint8_t> v(n);
  for (size_t i = 0; i < n; ++i) v[i] = uint8_t(i * 131 + seed);
  return v;
}

template <typename T = uint8_t>
T *deviceAlloc(size_t bytes) {
  void *p = nullptr;
  HIP_CHECK(hipMalloc(&p, bytes));
  REQUIRE(p != nullptr);
  return static_cast<T *>(p);
}

}  // namespace

TEST_CASE("malloc and free: results and error codes") {
  void *p = reinterpret_cast<void *>(0x1);
  HIP_CHECK(hipMalloc(&p, 0));
  CHECK(p == nullptr);  // zero bytes: success and a null pointer
  CHECK_EQ(hipMalloc(nullptr, 64), hipErrorInvalidValue);
  CHECK_EQ(hipMalloc(&p, size_t(1) << 50), hipErrorOutOfMemory);
  CHECK_EQ(hipMalloc(&p, SIZE_MAX), hipErrorOutOfMemory);

  uint8_t *a = deviceAlloc(1000);
  uint8_t *b = deviceAlloc(1000);
  CHECK(a != b);
  HIP_CHECK(hipFree(nullptr));
  int host = 0;
  CHECK_EQ(hipFree(&host), hipErrorInvalidValue);  // a host pointer
  CHECK_EQ(hipFree(a + 1), hipErrorInvalidValue);  // an interior pointer
  HIP_CHECK(hipFree(a));
  CHECK_EQ(hipFree(a), hipErrorInvalidValue);  // freed already
  // After all those errors the device still works.
  std::vector<uint8_t> in = pattern(1000, 7), out(1000);
  HIP_CHECK(hipMemcpy(b, in.data(), in.size(), hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(out.data(), b, out.size(), hipMemcpyDeviceToHost));
  CHECK(in == out);
  HIP_CHECK(hipFree(b));
  (void)hipGetLastError();
}

TEST_CASE("address table: interior pointers resolve, the end does not belong") {
  const size_t n = 1000;
  uint8_t *a = deviceAlloc(n);
  hipPointerAttribute_t attr;
  for (size_t offset : {size_t(0), size_t(1), size_t(517), n - 1}) {
    HIP_CHECK(hipPointerGetAttributes(&attr, a + offset));
    CHECK_EQ(attr.type, hipMemoryTypeDevice);
    CHECK_EQ(attr.device, 0);
    CHECK(attr.devicePointer == a + offset);
  }
  int host = 0;  // ROCm 6: plain host memory is hipSuccess, type unregistered
  HIP_CHECK(hipPointerGetAttributes(&attr, &host));
  CHECK_EQ(attr.type, hipMemoryTypeUnregistered);
  CHECK_EQ(hipPointerGetAttributes(&attr, nullptr), hipErrorInvalidValue);
  CHECK_EQ(hipPointerGetAttributes(nullptr, a), hipErrorInvalidValue);

  // A range that starts inside but runs past the end is refused.
  uint8_t byte = 0;
  HIP_CHECK(hipMemcpy(&byte, a + n - 1, 1, hipMemcpyDeviceToHost));
  uint8_t two[2];
  CHECK_EQ(hipMemcpy(two, a + n - 1, 2, hipMemcpyDeviceToHost), hipErrorInvalidValue);
  HIP_CHECK(hipFree(a));
  HIP_CHECK(hipPointerGetAttributes(&attr, a));  // gone from the table
  CHECK_EQ(attr.type, hipMemoryTypeUnregistered);
  (void)hipGetLastError();
}

TEST_CASE("memcpy: every direction, unaligned sizes and offsets") {
  const size_t n = 4099;  // odd, larger than a page
  uint8_t *d1 = deviceAlloc(n + 16);
  uint8_t *d2 = deviceAlloc(n + 16);
  for (size_t size : {size_t(1), size_t(3), size_t(7), size_t(64), size_t(1001), n}) {
    for (size_t offset : {size_t(0), size_t(1), size_t(3), size_t(13)}) {
      CAPTURE(size);
      CAPTURE(offset);
      std::vector<uint8_t> in = pattern(size, uint8_t(size + offset)), out(size, 0), hostCopy(size, 0);
      HIP_CHECK(hipMemcpy(d1 + offset, in.data(), size, hipMemcpyHostToDevice));
      HIP_CHECK(hipMemcpy(d2 + (offset ^ 1), d1 + offset, size, hipMemcpyDeviceToDevice));
      HIP_CHECK(hipMemcpy(out.data(), d2 + (offset ^ 1), size, hipMemcpyDeviceToHost));
      CHECK(in == out);
      HIP_CHECK(hipMemcpy(hostCopy.data(), in.data(), size, hipMemcpyHostToHost));
      CHECK(in == hostCopy);
    }
  }
  HIP_CHECK(hipFree(d1));
  HIP_CHECK(hipFree(d2));
}

TEST_CASE("memcpy: hipMemcpyDefault infers the direction from the pointers") {
  const size_t n = 777;
  uint8_t *d1 = deviceAlloc(n);
  uint8_t *d2 = deviceAlloc(n);
  std::vector<uint8_t> in = pattern(n, 3), out(n), host(n);
  HIP_CHECK(hipMemcpy(d1, in.data(), n, hipMemcpyDefault));
  HIP_CHECK(hipMemcpy(d2, d1, n, hipMemcpyDefault));
  HIP_CHECK(hipMemcpy(out.data(), d2, n, hipMemcpyDefault));
  CHECK(in == out);
  HIP_CHECK(hipMemcpy(host.data(), out.data(), n, hipMemcpyDefault));
  CHECK(host == in);
  HIP_CHECK(hipFree(d1));
  HIP_CHECK(hipFree(d2));
}

TEST_CASE("memcpy: errors") {
  uint8_t *d = deviceAlloc(64);
  std::vector<uint8_t> h(64);
  CHECK_EQ(hipMemcpy(d, h.data(), 64, hipMemcpyKind(7)), hipErrorInvalidMemcpyDirection);
  CHECK_EQ(hipMemcpy(nullptr, h.data(), 64, hipMemcpyHostToDevice), hipErrorInvalidValue);
  CHECK_EQ(hipMemcpy(d, nullptr, 64, hipMemcpyHostToDevice), hipErrorInvalidValue);
  HIP_CHECK(hipMemcpy(d, h.data(), 0, hipMemcpyHostToDevice));  // nothing to do
  // Kinds that contradict the pointers.
  CHECK_EQ(hipMemcpy(h.data(), h.data() + 32, 16, hipMemcpyHostToDevice), hipErrorInvalidValue);
  CHECK_EQ(hipMemcpy(d, h.data(), 16, hipMemcpyDeviceToHost), hipErrorInvalidValue);
  CHECK_EQ(hipMemcpy(h.data(), d, 16, hipMemcpyHostToDevice), hipErrorInvalidValue);
  CHECK_EQ(hipMemcpy(d, d + 32, 16, hipMemcpyHostToHost), hipErrorInvalidValue);
  CHECK_EQ(hipMemcpy(d, h.data(), 16, hipMemcpyDeviceToDevice), hipErrorInvalidValue);
  // Past the end of the allocation, and overlapping device ranges.
  CHECK_EQ(hipMemcpy(d + 8, h.data(), 64, hipMemcpyHostToDevice), hipErrorInvalidValue);
  CHECK_EQ(hipMemcpy(d, d + 8, 16, hipMemcpyDeviceToDevice), hipErrorInvalidValue);
  HIP_CHECK(hipFree(d));
  (void)hipGetLastError();
}

TEST_CASE("memset: every head/tail alignment") {
  const size_t n = 64;
  uint8_t *d = deviceAlloc(n);
  for (size_t offset = 0; offset < 9; ++offset) {
    for (size_t size = 0; offset + size <= 24; ++size) {
      CAPTURE(offset);
      CAPTURE(size);
      std::vector<uint8_t> expect = pattern(n, uint8_t(offset * 31 + size)), out(n);
      HIP_CHECK(hipMemcpy(d, expect.data(), n, hipMemcpyHostToDevice));
      const uint8_t value = uint8_t(0xA0 + size);
      HIP_CHECK(hipMemset(d + offset, value, size));
      std::fill(expect.begin() + offset, expect.begin() + offset + size, value);
      HIP_CHECK(hipMemcpy(out.data(), d, n, hipMemcpyDeviceToHost));
      REQUIRE(out == expect);
    }
  }
  // The value is taken as a byte; the whole allocation works too.
  HIP_CHECK(hipMemset(d, 0x1FF, n));
  std::vector<uint8_t> out(n);
  HIP_CHECK(hipMemcpy(out.data(), d, n, hipMemcpyDeviceToHost));
  CHECK(std::all_of(out.begin(), out.end(), [](uint8_t v) { return v == 0xFF; }));

  int host = 0;
  CHECK_EQ(hipMemset(&host, 0, 4), hipErrorInvalidValue);
  CHECK_EQ(hipMemset(nullptr, 0, 4), hipErrorInvalidValue);
  CHECK_EQ(hipMemset(d + 1, 0, n), hipErrorInvalidValue);  // past the end
  HIP_CHECK(hipFree(d));
  (void)hipGetLastError();
}

TEST_CASE("memsetD32") {
  const size_t count = 300;
  uint32_t *d = deviceAlloc<uint32_t>(count * 4);
  HIP_CHECK(hipMemsetD32(d, int(0xDEADBEEF), count));
  HIP_CHECK(hipMemsetD32(d + 10, 7, 5));
  std::vector<uint32_t> out(count);
  HIP_CHECK(hipMemcpy(out.data(), d, count * 4, hipMemcpyDeviceToHost));
  for (size_t i = 0; i < count; ++i) CHECK_EQ(out[i], (i >= 10 && i < 15) ? 7u : 0xDEADBEEFu);
  CHECK_EQ(hipMemsetD32(reinterpret_cast<uint8_t *>(d) + 1, 0, 4), hipErrorInvalidValue);  // unaligned
  CHECK_EQ(hipMemsetD32(d, 0, count + 1), hipErrorInvalidValue);
  HIP_CHECK(hipFree(d));
  (void)hipGetLastError();
}

TEST_CASE("large copies and concurrent threads") {
  const size_t n = 24 * 1024 * 1024 + 5;  // larger than the staging buffer
  std::vector<uint8_t> in = pattern(n, 11), out(n);
  uint8_t *d = deviceAlloc(n);
  HIP_CHECK(hipMemcpy(d, in.data(), n, hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(out.data(), d, n, hipMemcpyDeviceToHost));
  CHECK(in == out);
  HIP_CHECK(hipFree(d));

  std::vector<std::thread> threads;
  std::vector<int> ok(4, 0);
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([t, &ok] {
      bool good = true;
      for (int round = 0; round < 20; ++round) {
        const size_t size = 1000 + size_t(t) * 17 + size_t(round);
        std::vector<uint8_t> src = pattern(size, uint8_t(t * 40 + round)), dst(size);
        void *p = nullptr;
        good &= hipMalloc(&p, size) == hipSuccess;
        good &= hipMemcpy(p, src.data(), size, hipMemcpyHostToDevice) == hipSuccess;
        good &= hipMemset(static_cast<uint8_t *>(p) + 1, t, 3) == hipSuccess;
        good &= hipMemcpy(dst.data(), p, size, hipMemcpyDeviceToHost) == hipSuccess;
        good &= hipFree(p) == hipSuccess;
        std::fill(src.begin() + 1, src.begin() + 4, uint8_t(t));
        good &= src == dst;
      }
      ok[size_t(t)] = good;
    });
  for (std::thread &t : threads) t.join();
  CHECK(std::accumulate(ok.begin(), ok.end(), 0) == 4);
}
