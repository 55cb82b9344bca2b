// A HIP stream: an ordered sequence of device work on one Vulkan queue, counted on its own
// timeline semaphore. Work is batched: commands are recorded into an open command buffer, each
// behind a barrier that orders it after everything recorded before it on the queue (HIP stream
// order), and the batch is closed (handed to the submission gate, runtime/execution/queue.h) when the host
// has to wait for it, when another stream must wait for it, or when it grows long. Memory a batch
// uses is recycled once the timeline passes the batch's serial. Dependencies on other streams
// (events, the legacy null stream, cooperative launches) are semaphore waits of the next batch;
// host callbacks take a serial of their own, signalled by the stream's callback thread. Large
// copies between host and device memory run on the stream's copy lane where it has one (a copy
// engine's queue, Options::CopyQueue): a batch of their own, submitted at once, which the
// stream's next batch waits for, so that they overlap other streams' kernels in stream order.
#pragma once

#include <array>
#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <utility>
#include <vector>

#include <hip/hip_runtime_api.h>

#include "memory/memory.h"
#include "execution/queue.h"
#include "execution/service.h"
#include "device/vulkan.h"

namespace hipvk {

class Device;

// Host-written memory a recorded command reads through its device address.
struct UploadSlice {
  std::byte *host;
  uint64_t address;
};

class Stream {
 public:
  // The null stream has HIP's legacy semantics: it waits for the work of every blocking stream
  // of its device, and blocking streams wait for its work. Non-blocking streams do neither.
  enum class Kind { Null, Blocking, NonBlocking };

  // What a recording callback gets: a command buffer whose next command is already ordered after
  // all earlier work, upload memory that lives until the commands have executed, and the device's
  // service buffer (device printf, traps).
  class Recording {
   public:
    VkCommandBuffer commands() const { return commands_; }
    UploadSlice upload(size_t bytes) { return stream_.uploadLocked(bytes); }
    ServiceBuffer &service();
    // Keeps `object` alive until the batch has executed.
    void retain(std::shared_ptr<void> object) { stream_.openRetained_.push_back(std::move(object)); }
    // The serial of the batch being recorded: reached once these commands have executed.
    SyncPoint point() const { return {stream_.timeline_, stream_.closed_ + 1}; }

   private:
    friend class Stream;
    Recording(Stream &stream, VkCommandBuffer commands) : stream_(stream), commands_(commands) {}
    Stream &stream_;
    VkCommandBuffer commands_;
  };

  // `timeline`: the stream's, whose work is complete (TimelinePool); `copyQueue`: the queue of the
  // copy lane (null: copies run on `queue`).
  Stream(Device &device, VkDevice vkDevice, std::shared_ptr<Timeline> timeline, Submitter::Queue &queue,
         Submitter::Queue *copyQueue, Kind kind, int priority);
  // Waits for the stream's work (callbacks included), then releases it.
  ~Stream();
  Stream(const Stream &) = delete;
  Stream &operator=(const Stream &) = delete;

  Kind kind() const { return kind_; }
  unsigned flags() const { return kind_ == Kind::NonBlocking ? hipStreamNonBlocking : hipStreamDefault; }
  int priority() const { return priority_; }
  Device &device() const { return device_; }
  const std::shared_ptr<Timeline> &timeline() const { return timeline_; }

  // Records commands through `record(Recording&)`, after the waits HIP's rules add (legacy null
  // stream, cooperative launches).
  template <typename Record>
  void enqueue(Record &&record) {
    std::unique_lock lock = lockForWork();
    Recording recording = beginCommandLocked();
    std::forward<Record>(record)(recording);
    endCommandLocked();
  }

  // Submits what is recorded and waits until all of the stream's work has completed. Like every
  // wait for all of a stream's work, prints the device printf output of its finished launches and
  // throws KernelTrap when one of them trapped.
  void synchronize();
  // hipStreamQuery: closes the open batch; true when everything enqueued has completed.
  bool idle();
  // Everything enqueued so far, as a point other streams and events can wait for (closes the
  // open batch so that the point's signal reaches the gate). A null point: nothing to wait for.
  SyncPoint mark();
  // The serial the stream's enqueued work reaches (cheap; includes the open batch).
  uint64_t lastSerial() const { return lastSerial_.load(std::memory_order_acquire); }
  // hipStreamWaitEvent: the stream's later work waits for `point`.
  void waitFor(SyncPoint point);
  // hipStreamAddCallback / hipLaunchHostFunc: `call` runs on the stream's callback thread once
  // all earlier work has completed; later work waits for it to return.
  void addHostCall(std::function<void()> call);

  // Host <-> device copies return once done (hipMemcpy semantics); device copies and fills are
  // enqueued. Ranges have been validated by the caller.
  // `hipOrder` false: the runtime's own upload (a module's globals at first use), which must not
  // wait for other streams under the legacy rules (a callback may be holding one).
  void copyHostToDevice(const Resolved &dst, const void *src, size_t bytes, bool hipOrder = true);
  void copyDeviceToHost(void *dst, const Resolved &src, size_t bytes);
  void copyDeviceToDevice(const Resolved &dst, const Resolved &src, size_t bytes);
  void fillBytes(const Resolved &dst, uint8_t value, size_t bytes);  // any alignment
  void fillWords(const Resolved &dst, uint32_t value, size_t words);  // dst 4-byte aligned

  // Everything enqueued has completed (no lock; a snapshot).
  bool quiet() const { return timeline_->completed() >= lastSerial(); }

  // Bookkeeping of the legacy null stream's waits (runtime/execution/streams.cpp): the serial of this
  // stream the null stream last waited for, and of the null stream this one last waited for.
  std::atomic<uint64_t> waitedByNull{0};
  std::atomic<uint64_t> nullWaited{0};
  std::atomic<uint64_t> cooperativeSeen{0};  // the device's cooperative epoch last waited for

 private:
  // Where a batch runs. Consecutive batches on different lanes are ordered by a semaphore wait for
  // the previous batch's serial; on one lane, by the barrier before each command.
  enum Lane : uint8_t { Work, Copy };
  struct LaneState {
    Submitter::Queue *queue = nullptr;
    vk::CommandPool pool;
    std::vector<VkCommandBuffer> idle;
    VkPipelineStageFlags2 stages = 0;  // what the queue's commands run in
    VkAccessFlags2 writes = 0, access = 0;
  };
  struct InFlight {
    uint64_t serial;
    Lane lane;
    VkCommandBuffer commands;
    std::vector<std::shared_ptr<void>> retained;
  };
  struct HostCall {
    uint64_t after;  // serial of the work before it
    uint64_t signal;
    Submitter::Queue *queue;  // the queue of that work: the signal follows it there
    std::function<void()> call;
  };

  // The dependencies HIP adds before new work (runtime/execution/streams.cpp), then this stream's lock with
  // them attached to the next batch.
  std::unique_lock<std::mutex> lockForWork();
  void addWaitsLocked(std::vector<SyncPoint> &&waits);
  // Opens a batch on `lane` unless one is open there, and orders the next command after all
  // earlier work.
  Recording beginCommandLocked(Lane lane = Work);
  // The lane of a copy between host and device memory of `bytes` (the work lane where the stream
  // has no copy lane, or for small copies): what beginCommandLocked takes.
  Lane copyLane(size_t bytes) const;
  void endCommandLocked();
  void flushLocked();
  // Closes the open batch and waits for everything closed (unlocking meanwhile).
  void waitAll(std::unique_lock<std::mutex> &lock);
  void recycleLocked();
  void updateLastSerialLocked();
  UploadSlice uploadLocked(size_t bytes);
  // Staging slot `slot`, at least `bytes` long.
  Buffer &stagingLocked(size_t slot, size_t bytes);
  // Waits until the timeline reaches `serial` (unlocking meanwhile).
  void waitForSerial(std::unique_lock<std::mutex> &lock, uint64_t serial);
  // Whether a synchronous copy reads or writes `buffer` through its mapping instead of staging.
  bool directCopy(const Buffer &buffer) const;
  void hostCallLoop();

  Device &device_;
  const Kind kind_;
  const int priority_;
  VkDevice vkDevice_;
  std::shared_ptr<Timeline> timeline_;

  std::mutex mutex_;  // guards everything below
  std::array<LaneState, 2> lanes_;
  VkCommandBuffer open_ = VK_NULL_HANDLE;
  Lane openLane_ = Work;
  Lane lastLane_ = Work;  // where the last closed batch ran (a host call's signal goes there too)
  uint32_t commandsInBatch_ = 0;
  uint64_t start_ = 0;   // the timeline's value when the stream got it (TimelinePool recycles them)
  uint64_t closed_ = 0;  // serial of the last closed batch or host call; the open one gets closed_ + 1
  std::atomic<uint64_t> lastSerial_{0};
  std::vector<SyncPoint> pendingWaits_;  // waits of the next batch
  uint64_t hostCallWait_ = 0;            // the next batch waits for this host call's serial
  std::vector<std::shared_ptr<void>> openRetained_;
  std::deque<InFlight> inFlight_;

  struct UploadBlock {
    Buffer buffer;
    uint64_t lastUse = 0;  // serial of the last batch that reads from this block
  };
  std::vector<UploadBlock> uploadBlocks_;
  size_t currentBlock_ = 0;
  uint64_t blockOffset_ = 0;
  std::mutex copyMutex_;  // one synchronous copy at a time: they share staging_
  static constexpr size_t kStagingSlots = 3;
  std::vector<Buffer> staging_;  // chunks in flight of synchronous copies (non-mappable memory)

  // The callback thread, started by the first host call.
  std::mutex hostMutex_;
  std::condition_variable hostWake_;
  std::deque<HostCall> hostCalls_;
  bool hostStop_ = false;
  std::thread hostThread_;
};

using StreamRef = std::shared_ptr<Stream>;

// The Stream a hipStream_t names on `device` (the current device): the null stream, the calling
// thread's per-thread default stream (hipStreamPerThread), or a created stream (of any device).
// A handle that is not a live stream: hipErrorContextIsDestroyed (ROCm's answer).
StreamRef streamFor(Device &device, hipStream_t stream);

}  // namespace hipvk
