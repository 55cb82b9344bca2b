// A HIP event: a point in a stream's work (the stream's timeline value of the batch that recorded
// it) and, unless created with hipEventDisableTiming, a GPU timestamp written there
// (vkCmdWriteTimestamp2 after all earlier work of the queue, in units of timestampPeriod).
#pragma once

#include <hip/hip_runtime_api.h>

#include <memory>
#include <mutex>
#include <optional>

#include "execution/queue.h"
#include "device/vulkan.h"

namespace hipvk {

class Device;
class Stream;

class Event {
 public:
  Event(Device &device, unsigned flags) : device_(device), flags_(flags) {}

  Device &device() const { return device_; }
  unsigned flags() const { return flags_; }
  bool timed() const { return !(flags_ & hipEventDisableTiming); }

  // hipEventRecord: the event now stands for everything enqueued on `stream` so far.
  void record(const std::shared_ptr<Stream> &stream);
  // hipEventQuery: true when the recorded work has completed (or nothing was recorded).
  bool complete();
  // hipEventSynchronize.
  void synchronize();
  // hipStreamWaitEvent: what a stream must wait for (null point: nothing).
  SyncPoint point();
  // hipEventElapsedTime with ROCm's errors (thrown): either event never recorded or without
  // timing -> hipErrorInvalidHandle, either one not complete -> hipErrorNotReady.
  static float elapsedMs(Event &start, Event &stop);

 private:
  struct Timestamp {
    vk::QueryPool pool;
  };
  struct Recorded {
    std::weak_ptr<Stream> stream;
    SyncPoint point;
    std::shared_ptr<Timestamp> timestamp;
  };
  // Closes the stream's batch that holds the record, so that the point can be reached.
  void flushLocked();
  bool completeLocked();
  uint64_t ticksLocked();

  Device &device_;
  const unsigned flags_;
  std::mutex mutex_;
  std::optional<Recorded> recorded_;
};

}  // namespace hipvk
