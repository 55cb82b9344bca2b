// The streams and events of one device: the null stream, created streams, per-thread default
// streams, destroyed streams whose work is still running, and events; HIP's cross-stream rules
// (the legacy null stream, exclusive cooperative launches); handle validation.
#pragma once

#include <atomic>
#include <memory>
#include <mutex>
#include <thread>
#include <unordered_map>
#include <vector>

#include "execution/event.h"
#include "device/options.h"
#include "execution/queue.h"
#include "execution/stream.h"

namespace hipvk {

class StreamSet {
 public:
  // `queues`: the device's compute queues; the null stream runs on the first, created streams on
  // the others in turn (on the first too when there is only one). `copyQueue`: a queue of the copy
  // engines' family, or null; `copyMode` says what a stream's copy lane uses (Options::CopyQueue).
  StreamSet(Device &device, VkDevice vkDevice, TimelinePool &timelines, std::vector<Submitter::Queue *> queues,
            Submitter::Queue *copyQueue, Options::CopyQueue copyMode);
  // Waits for every stream's work, then releases streams and events.
  ~StreamSet();

  Stream &null() { return *null_; }
  StreamRef nullRef() { return null_; }
  StreamRef create(Stream::Kind kind, int priority);
  // A created or per-thread stream of this device by handle; null when it is not one.
  StreamRef find(const void *handle);
  // hipStreamDestroy: false when the handle is not a created stream of this device. The stream's
  // work completes; its resources go once it has.
  bool destroy(const void *handle);
  // The calling thread's per-thread default stream (a blocking stream), created on first use.
  StreamRef perThread();
  void releasePerThread(std::thread::id thread);

  std::shared_ptr<Event> createEvent(unsigned flags);
  std::shared_ptr<Event> findEvent(const void *handle);
  bool destroyEvent(const void *handle);

  // The waits HIP adds before new work on `stream`: the legacy null stream waits for the blocking
  // streams' work and they wait for its; every stream waits for the last cooperative launch.
  std::vector<SyncPoint> dependencies(Stream &stream);
  // Records a cooperative launch on `stream`: after all work of every stream of the device, and
  // before any later work, so that nothing shares the device with it (its grid must be
  // co-resident) and cooperative launches never overlap (they share the grid barrier).
  void enqueueExclusive(Stream &stream, const std::function<void(Stream::Recording &)> &record);

  // Submits every stream's open batch. Before the host blocks on one stream: CUDA runs work as
  // it is issued, so work of other streams must not stay unsubmitted meanwhile (a copy on the copy
  // engine's queue would otherwise finish before a kernel issued ahead of it even starts).
  void submitAll();
  // hipDeviceSynchronize (all streams) or a null-stream synchronisation (ROCm: the null stream and
  // the blocking streams). Waits for all of them, then throws the first KernelTrap.
  void synchronize(bool blockingOnly);
  // hipDeviceReset: waits, destroys created and per-thread streams and all events.
  void reset();
  // Drains the device's service buffer (printf, traps; may throw KernelTrap) when every stream is
  // quiet: only then can no launch be writing it or hold its address.
  void drainIfIdle();

 private:
  std::vector<StreamRef> snapshot(bool blockingOnly);
  // Submits the open batches of `streams` and of the null stream.
  void submit(const std::vector<StreamRef> &streams);
  // A new stream on `queue`, with its copy lane.
  StreamRef makeStream(Submitter::Queue &queue, Stream::Kind kind, int priority);
  // The queue of the next created stream.
  Submitter::Queue &nextQueueLocked();
  void reapLocked(std::vector<StreamRef> &finished);

  Device &device_;
  VkDevice vkDevice_;
  TimelinePool &timelines_;
  std::vector<Submitter::Queue *> queues_;
  Submitter::Queue *copyQueue_;
  Options::CopyQueue copyMode_;
  StreamRef null_;

  std::mutex mutex_;  // guards everything below
  std::unordered_map<const void *, StreamRef> created_;
  std::unordered_map<std::thread::id, StreamRef> perThread_;
  std::vector<StreamRef> retired_;  // destroyed with work still pending
  std::unordered_map<const void *, std::shared_ptr<Event>> events_;
  size_t nextQueue_ = 0;
  std::atomic<size_t> blockingStreams_{0};

  std::mutex cooperativeMutex_;  // serialises cooperative launches
  std::mutex cooperativePointMutex_;
  SyncPoint cooperativePoint_;
  std::atomic<uint64_t> cooperativeEpoch_{0};
};

// The live stream / event a handle names (any device); hipErrorInvalidHandle for null events,
// hipErrorContextIsDestroyed for handles that are not (or no longer) live, as ROCm.
std::shared_ptr<Event> eventFor(hipEvent_t event);

}  // namespace hipvk
