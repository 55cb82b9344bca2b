#include "execution/event.h"

#include <mutex>

#include "device/device.h"
#include "api/error.h"
#include "execution/stream.h"

namespace hipvk {

void Event::record(const std::shared_ptr<Stream> &stream) {
  std::lock_guard lock(mutex_);
  std::shared_ptr<Timestamp> timestamp;
  if (timed()) {
    // The previous record's query may still be written by the device: a new one then.
    if (recorded_ && recorded_->timestamp && completeLocked()) {
      timestamp = recorded_->timestamp;
    } else {
      VkQueryPoolCreateInfo info{.sType = VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO,
                                 .queryType = VK_QUERY_TYPE_TIMESTAMP,
                                 .queryCount = 1};
      VkQueryPool pool = VK_NULL_HANDLE;
      check(vkCreateQueryPool(device_.vk(), &info, nullptr, &pool), "vkCreateQueryPool");
      timestamp = std::make_shared<Timestamp>(Timestamp{vk::QueryPool(device_.vk(), pool)});
    }
  }
  SyncPoint point;
  // Recorded as a command of its own: it is ordered after the stream's earlier work (and, on the
  // null stream, after the blocking streams' work) like any other command.
  stream->enqueue([&](Stream::Recording &r) {
    if (timestamp) {
      vkCmdResetQueryPool(r.commands(), timestamp->pool.get(), 0, 1);
      vkCmdWriteTimestamp2(r.commands(), VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT, timestamp->pool.get(), 0);
      r.retain(timestamp);  // destroying the event must not free a query the device writes
    }
    point = r.point();
  });
  recorded_ = Recorded{stream, std::move(point), std::move(timestamp)};
}

void Event::flushLocked() {
  if (!recorded_ || recorded_->point.timeline->submitted() >= recorded_->point.value) return;
  // A destroyed stream was flushed when it was destroyed.
  if (std::shared_ptr<Stream> stream = recorded_->stream.lock()) stream->mark();
}

bool Event::completeLocked() {
  if (!recorded_) return true;
  flushLocked();
  return recorded_->point.timeline->completed() >= recorded_->point.value;
}

bool Event::complete() {
  std::lock_guard lock(mutex_);
  return completeLocked();
}

void Event::synchronize() {
  std::lock_guard lock(mutex_);
  if (!recorded_) return;
  flushLocked();
  // hipEventBlockingSync: the host thread sleeps instead of polling the device (CUDA's meaning).
  recorded_->point.timeline->wait(recorded_->point.value, !(flags_ & hipEventBlockingSync));
}

SyncPoint Event::point() {
  std::lock_guard lock(mutex_);
  if (!recorded_ || completeLocked()) return {};
  return recorded_->point;
}

uint64_t Event::ticksLocked() {
  uint64_t ticks = 0;
  check(vkGetQueryPoolResults(device_.vk(), recorded_->timestamp->pool.get(), 0, 1, sizeof ticks, &ticks, sizeof ticks,
                              VK_QUERY_RESULT_64_BIT),
        "vkGetQueryPoolResults");
  return ticks;
}

float Event::elapsedMs(Event &start, Event &stop) {
  std::unique_lock<std::mutex> first(start.mutex_, std::defer_lock), second;
  if (&start == &stop) {
    first.lock();
  } else {
    second = std::unique_lock<std::mutex>(stop.mutex_, std::defer_lock);
    std::lock(first, second);
  }
  if (!start.recorded_ || !stop.recorded_) fail(hipErrorInvalidHandle, "an event was never recorded");
  if (!start.timed() || !stop.timed()) fail(hipErrorInvalidHandle, "an event was created with hipEventDisableTiming");
  if (!start.completeLocked() || !stop.completeLocked()) fail(hipErrorNotReady, "an event has not completed");
  if (&start == &stop) return 0.0f;
  const VkPhysicalDeviceLimits &limits = start.device_.limits();
  const uint32_t validBits = start.device_.timestampValidBits();
  const uint64_t mask = validBits >= 64 ? ~uint64_t(0) : (uint64_t(1) << validBits) - 1;
  const uint64_t a = start.ticksLocked() & mask, b = stop.ticksLocked() & mask;
  // Signed: stop may have been recorded before start. Differences wrap within the valid bits.
  uint64_t forward = (b - a) & mask;
  int64_t ticks = forward > mask / 2 ? -int64_t((a - b) & mask) : int64_t(forward);
  return float(double(ticks) * double(limits.timestampPeriod) / 1e6);
}

}  // namespace hipvk
