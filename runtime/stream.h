// A HIP stream over one Vulkan queue. Work is batched: commands are recorded into an open command
// buffer, each behind a barrier that orders it after everything recorded before it (HIP stream
// order), and the batch is submitted when the host has to wait for it (or when it grows long). A
// timeline semaphore counts completed batches; memory used by a batch is recycled once the
// semaphore passes the batch's serial. Only the null stream exists so far; one Stream object per
// hipStream_t is the plan.
#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <mutex>
#include <optional>
#include <utility>
#include <vector>

#include <hip/hip_runtime_api.h>

#include "memory.h"
#include "vulkan.h"

namespace hipvk {

class Device;
class ServiceBuffer;

// Host-written memory a recorded command reads through its device address.
struct UploadSlice {
  std::byte *host;
  uint64_t address;
};

class Stream {
 public:
  // What a recording callback gets: a command buffer whose next command is already ordered after
  // all earlier work, and upload memory that lives until the commands have executed.
  class Recording {
   public:
    VkCommandBuffer commands() const { return commands_; }
    UploadSlice upload(size_t bytes) { return stream_.uploadLocked(bytes); }

   private:
    friend class Stream;
    Recording(Stream &stream, VkCommandBuffer commands) : stream_(stream), commands_(commands) {}
    Stream &stream_;
    VkCommandBuffer commands_;
  };

  // `service`: the device's service buffer, drained (device printf, traps) whenever the stream
  // has waited for all its work.
  Stream(Device &device, VkDevice vkDevice, uint32_t queueFamily, ServiceBuffer &service);
  ~Stream();
  Stream(const Stream &) = delete;
  Stream &operator=(const Stream &) = delete;

  // Records commands through `record(Recording&)`.
  template <typename Record>
  void enqueue(Record &&record) {
    std::lock_guard lock(mutex_);
    Recording recording = beginCommandLocked();
    std::forward<Record>(record)(recording);
    endCommandLocked();
  }

  // Submits what is recorded and waits until all of the stream's work has completed. Like every
  // wait, prints the device printf output of the finished launches and throws KernelTrap when one
  // of them trapped.
  void synchronize();

  // Host <-> device copies return once done (hipMemcpy semantics); device copies and fills are
  // enqueued. Ranges have been validated by the caller.
  void copyHostToDevice(const Resolved &dst, const void *src, size_t bytes);
  void copyDeviceToHost(void *dst, const Resolved &src, size_t bytes);
  void copyDeviceToDevice(const Resolved &dst, const Resolved &src, size_t bytes);
  void fillBytes(const Resolved &dst, uint8_t value, size_t bytes);  // any alignment
  void fillWords(const Resolved &dst, uint32_t value, size_t words);  // dst 4-byte aligned

 private:
  Recording beginCommandLocked();
  void endCommandLocked();
  void flushLocked();
  void waitLocked(uint64_t serial);
  void recycleLocked();
  uint64_t completedSerial() const;
  UploadSlice uploadLocked(size_t bytes);
  Buffer &stagingLocked();

  Device &device_;
  ServiceBuffer &service_;
  VkDevice vkDevice_;
  vk::CommandPool pool_;
  vk::Semaphore timeline_;

  std::mutex mutex_;  // guards everything below
  VkCommandBuffer open_ = VK_NULL_HANDLE;
  uint32_t commandsInBatch_ = 0;
  uint64_t submitted_ = 0;  // serial of the last submitted batch; the open one gets submitted_ + 1
  std::deque<std::pair<uint64_t, VkCommandBuffer>> inFlight_;
  std::vector<VkCommandBuffer> idle_;

  struct UploadBlock {
    Buffer buffer;
    uint64_t lastUse = 0;  // serial of the last batch that reads from this block
  };
  std::vector<UploadBlock> uploadBlocks_;
  size_t currentBlock_ = 0;
  uint64_t blockOffset_ = 0;
  std::optional<Buffer> staging_;  // bounce buffer of synchronous copies (non-mappable memory)
};

// The Stream a hipStream_t names on `device`: the null stream, or hipStreamPerThread (which
// hipvk runs on the null stream: same order, no concurrency lost since there is one queue).
// Other handles cannot exist yet (hipStreamCreate is not supported): hipErrorInvalidHandle.
Stream &streamFor(Device &device, hipStream_t stream);

}  // namespace hipvk
