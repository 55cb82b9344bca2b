// Timelines and the submission gate. Every stream counts its work on a timeline semaphore; work
// that must wait for other work (another stream's event, the legacy null stream, a host callback)
// waits for a value of another timeline. Vulkan allows a submission to wait for a value whose
// signal has not been submitted yet, but drivers then hold the whole queue (Mesa turns on a submit
// thread that processes the queue in order: a batch waiting for a host callback would block every
// stream sharing the queue, and a callback that itself needs the queue would deadlock). So the
// gate submits a batch only once every value it waits for has been submitted (or signalled by the
// host); until then it holds the batch, in order per timeline.
#pragma once

#include <atomic>
#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <vector>

#include "vulkan.h"

namespace hipvk {

class Timeline {
 public:
  explicit Timeline(VkDevice device);
  VkSemaphore get() const { return semaphore_.get(); }
  // The highest value whose signal has been submitted to a queue or performed by the host.
  uint64_t submitted() const { return submitted_.load(std::memory_order_acquire); }
  // The value the device (or host) has reached.
  uint64_t completed() const;
  // Blocks until the value is reached (its signal may still be held by the gate).
  void wait(uint64_t value) const;

 private:
  friend class Submitter;
  VkDevice device_;
  vk::Semaphore semaphore_;
  std::atomic<uint64_t> submitted_{0};
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
    std::mutex mutex;  // vkQueueSubmit2 needs the queue externally synchronized
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
  // The host's signal (after a stream callback ran): releases the batches held for it.
  void signalFromHost(const std::shared_ptr<Timeline> &timeline, uint64_t value);
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
