// Timelines and the submission gate. Every stream counts its work on a timeline semaphore; work
// that must wait for other work (another stream's event, the legacy null stream, a host callback)
// waits for a value of another timeline. Vulkan allows a submission to wait for a value whose
// signal has not been submitted yet, but drivers then hold the whole queue (Mesa turns on a submit
// thread that processes the queue in order: a batch waiting for a host callback would block every
// stream sharing the queue, and a callback that itself needs the queue would deadlock). So the
// gate submits a batch only once every value it waits for has been submitted (a host callback's
// value once the callback has returned); until then it holds the batch, in order per timeline.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include <hip/hip_runtime_api.h>

#include "device/vulkan.h"

namespace hipvk {

// How a device's waits behave, and its sticky fault. A wait first polls the timeline's counter for
// `spin` (a GPU finishes short work in a few microseconds, and the driver's blocking wait takes
// tens of microseconds to wake the thread), then blocks, for at most `timeout` when one is set
// (HIPVK_KERNEL_TIMEOUT). A wait that times out, or a driver that reports VK_ERROR_DEVICE_LOST,
// faults the device: every later wait and every new piece of work fails at once with that error.
class DeviceHealth {
 public:
  DeviceHealth(std::chrono::nanoseconds spin, std::chrono::nanoseconds timeout) : spin_(spin), timeout_(timeout) {}
  std::chrono::nanoseconds spin() const { return spin_; }
  std::chrono::nanoseconds timeout() const { return timeout_; }
  // hipSuccess while the device is healthy.
  hipError_t fault() const { return fault_.load(std::memory_order_acquire); }
  // Work may still be running that will never end (a wait timed out): the device's objects must
  // not be destroyed, since destroying them would wait for that work or free memory under it.
  bool hung() const { return fault() == hipErrorLaunchTimeOut; }
  // Throws the sticky fault, if any.
  void throwIfFaulted() const;
  // Records the fault (the first one stays) and throws it.
  [[noreturn]] void declare(hipError_t fault, const std::string &why);
  // Turns a failing VkResult into the device's fault when it means a lost device, then throws.
  void check(VkResult result, const char *what);

 private:
  const std::chrono::nanoseconds spin_;
  const std::chrono::nanoseconds timeout_;
  std::atomic<hipError_t> fault_{hipSuccess};
};

class Timeline {
 public:
  Timeline(VkDevice device, DeviceHealth &health);
  VkSemaphore get() const { return semaphore_.get(); }
  // The highest value whose signal has been submitted to a queue or performed by the host.
  uint64_t submitted() const { return submitted_.load(std::memory_order_acquire); }
  // The value the device (or host) has reached.
  uint64_t completed() const;
  // Waits until the value is reached (its signal may still be held by the gate): polls unless
  // `poll` is false (hipEventBlockingSync), then blocks (DeviceHealth). Throws the device's fault.
  void wait(uint64_t value, bool poll = true) const;

 private:
  friend class Submitter;
  VkDevice device_;
  DeviceHealth &health_;
  vk::Semaphore semaphore_;
  std::atomic<uint64_t> submitted_{0};
};

// The device's timelines, recycled instead of destroyed while the device lives. A driver may still
// hold its record of a submission's waits and signals after the value they lead to is reached:
// Mesa's emulated timelines (lavapipe) release a submission's points on the queue's thread after
// signalling, and a semaphore destroyed meanwhile crashes that thread. Only idle queues rule that
// out, too costly for every hipStreamDestroy. A timeline returns here only once nothing holds it
// (events and pending waits keep theirs), and goes on from its last value: a semaphore's counter
// never goes back.
class TimelinePool {
 public:
  TimelinePool(VkDevice device, DeviceHealth &health) : device_(device), health_(health) {}
  // Waits for the device's queues to go idle (nothing else may use them by now), then destroys the
  // idle timelines; those still held go when released.
  ~TimelinePool();
  TimelinePool(const TimelinePool &) = delete;
  TimelinePool &operator=(const TimelinePool &) = delete;

  // A timeline whose work is complete; it returns here once the last reference goes.
  std::shared_ptr<Timeline> acquire();

 private:
  struct Shelf {
    std::mutex mutex;
    bool open = true;
    std::vector<std::unique_ptr<Timeline>> idle;
  };
  VkDevice device_;
  DeviceHealth &health_;
  std::shared_ptr<Shelf> shelf_ = std::make_shared<Shelf>();
};

// A point in a stream's work: everything it had enqueued when the point was taken.
struct SyncPoint {
  std::shared_ptr<Timeline> timeline;
  uint64_t value = 0;
  explicit operator bool() const { return timeline && value > 0; }
};

class Submitter {
 public:
  struct Queue {
    VkQueue queue = VK_NULL_HANDLE;
    uint32_t family = 0;
    bool compute = true;  // of the compute family (else a transfer-only one: copies alone)
    std::mutex mutex;     // vkQueueSubmit2 needs the queue externally synchronized
  };

  // A closed batch: commands (none for a batch that only waits) that signal `signal`.
  struct Batch {
    Queue *queue = nullptr;
    VkCommandBuffer commands = VK_NULL_HANDLE;
    std::vector<SyncPoint> waits;
    std::shared_ptr<Timeline> timeline;
    uint64_t signal = 0;
  };

  // Submits the batch now, or holds it until what it waits for has been submitted. Batches of one
  // timeline must arrive in signal order. Throws for a failing vkQueueSubmit2 of this batch.
  void submit(Batch batch);
  // A stream callback has returned: its value is signalled (through `queue`, after the queue's
  // earlier work) and the batches held for it are released.
  void completeHostCall(Queue &queue, const std::shared_ptr<Timeline> &timeline, uint64_t value);
  // Batches still held (diagnostics).
  size_t held();

 private:
  bool readyLocked(const Batch &batch) const;
  void submitLocked(Batch &batch);
  void releaseLocked();

  std::mutex mutex_;
  std::deque<Batch> held_;
};

}  // namespace hipvk
