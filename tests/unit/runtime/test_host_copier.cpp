// runtime/memory/host_copier.h: memcpy split over worker threads (compiled into this test directly, with
// workers even where the machine is small: libhipvk starts none on CI's two cores).
#include <doctest/doctest.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <thread>
#include <vector>

#include "memory/host_copier.h"

namespace {

std::vector<uint8_t> pattern(size_t bytes, unsigned seed) {
  std::vector<uint8_t> v(bytes);
  uint32_t x = seed * 2654435761u + 1;
  for (uint8_t &b : v) {
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    b = uint8_t(x);
  }
  return v;
}

}  // namespace

TEST_CASE("host copier: every size, parts and tail, exactly the bytes asked for") {
  hipvk::HostCopier copier(3);
  const size_t MiB = size_t(1) << 20;
  for (size_t bytes : {size_t(0), size_t(1), MiB - 1, MiB, 2 * MiB + 1, 3 * MiB + 17, 4 * MiB, 10 * MiB + 5}) {
    CAPTURE(bytes);
    std::vector<uint8_t> src = pattern(bytes, unsigned(bytes)), dst(bytes + 64, 0xee);
    copier.copy(dst.data() + 32, src.data(), bytes);
    CHECK(std::equal(src.begin(), src.end(), dst.begin() + 32));
    // Nothing outside the range is touched.
    CHECK(std::all_of(dst.begin(), dst.begin() + 32, [](uint8_t b) { return b == 0xee; }));
    CHECK(std::all_of(dst.end() - 32, dst.end(), [](uint8_t b) { return b == 0xee; }));
  }
}

TEST_CASE("host copier: callers on several threads share the workers") {
  hipvk::HostCopier copier(2);
  constexpr int kThreads = 4;
  const size_t bytes = (size_t(5) << 20) + 3;
  std::vector<std::vector<uint8_t>> src, dst;
  for (int t = 0; t < kThreads; ++t) {
    src.push_back(pattern(bytes, 100 + t));
    dst.emplace_back(bytes, 0);
  }
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&, t] {
      for (int round = 0; round < 3; ++round) copier.copy(dst[t].data(), src[t].data(), bytes);
    });
  for (std::thread &t : threads) t.join();
  for (int t = 0; t < kThreads; ++t) CHECK(dst[t] == src[t]);
}

TEST_CASE("host copier without workers copies on the caller's thread") {
  hipvk::HostCopier copier(0);
  std::vector<uint8_t> src = pattern(3 << 20, 7), dst(src.size());
  copier.copy(dst.data(), src.data(), src.size());
  CHECK(dst == src);
}
