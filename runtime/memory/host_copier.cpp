#include "memory/host_copier.h"

#include <algorithm>
#include <cstring>

namespace hipvk {
namespace {

// Below this a copy is the caller's alone: waking workers costs more than the bandwidth gains.
constexpr size_t kMinPartBytes = 1024 * 1024;

}  // namespace

HostCopier::~HostCopier() {
  for (std::jthread &t : threads_) t.request_stop();
  wake_.notify_all();
}

void HostCopier::copy(void *dst, const void *src, size_t bytes) {
  const size_t parts = std::min<size_t>(workers_ + 1, bytes / kMinPartBytes);
  if (parts <= 1) {
    std::memcpy(dst, src, bytes);
    return;
  }
  std::call_once(started_, [&] {
    for (unsigned i = 0; i < workers_; ++i) threads_.emplace_back([this](std::stop_token stop) { work(stop); });
  });
  // Parts of whole cache lines, the caller's last.
  const size_t partBytes = (bytes / parts + 63) / 64 * 64;
  auto *to = static_cast<std::byte *>(dst);
  auto *from = static_cast<const std::byte *>(src);
  std::latch done(std::ptrdiff_t(parts - 1));
  {
    std::lock_guard lock(mutex_);
    for (size_t i = 0; i + 1 < parts; ++i)
      parts_.push_back({to + i * partBytes, from + i * partBytes, partBytes, &done});
  }
  wake_.notify_all();
  const size_t own = (parts - 1) * partBytes;
  std::memcpy(to + own, from + own, bytes - own);
  done.wait();
}

void HostCopier::work(std::stop_token stop) {
  for (;;) {
    Part part;
    {
      std::unique_lock lock(mutex_);
      if (!wake_.wait(lock, stop, [&] { return !parts_.empty(); })) return;
      part = parts_.front();
      parts_.pop_front();
    }
    std::memcpy(part.dst, part.src, part.bytes);
    part.done->count_down();
  }
}

}  // namespace hipvk
