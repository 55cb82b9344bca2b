// Host-side memcpy on several cores. A synchronous copy of pageable memory passes through
// host-visible staging memory, and one core's memcpy (~8 GB/s on the H100's host) is slower than
// the PCIe link (~50 GB/s): large copies are split over a few worker threads, the caller taking a
// part too. The workers start with the first large copy.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <latch>
#include <mutex>
#include <stop_token>
#include <thread>
#include <vector>

namespace hipvk {

class HostCopier {
 public:
  // `workers`: threads besides the caller (0: every copy is the caller's memcpy).
  explicit HostCopier(unsigned workers) : workers_(workers) {}
  ~HostCopier();
  HostCopier(const HostCopier &) = delete;
  HostCopier &operator=(const HostCopier &) = delete;

  // memcpy(dst, src, bytes), the ranges not overlapping. Thread-safe.
  void copy(void *dst, const void *src, size_t bytes);

 private:
  struct Part {
    std::byte *dst;
    const std::byte *src;
    size_t bytes;
    std::latch *done;
  };
  void work(std::stop_token stop);

  const unsigned workers_;
  std::once_flag started_;
  std::mutex mutex_;  // guards parts_
  std::condition_variable_any wake_;
  std::deque<Part> parts_;
  std::vector<std::jthread> threads_;  // last: stopped and joined before the rest goes
};

}  // namespace hipvk
