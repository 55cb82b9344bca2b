#include "execution/stream.h"

#include <algorithm>
#include <bit>
#include <cstring>

#include "device/context.h"
#include "device/device.h"
#include "api/error.h"
#include "execution/service.h"
#include "execution/streams.h"

namespace hipvk {
namespace {

// A long batch is submitted early so the device starts working while the host records more.
constexpr uint32_t kMaxCommandsPerBatch = 256;
constexpr uint64_t kUploadBlockBytes = 256 * 1024;
// Synchronous copies through host-visible staging go in chunks, several in flight: the host copies
// chunk i+1 while the device copies chunk i. A chunk is large enough to hide a submission's cost.
constexpr uint64_t kStagingChunkBytes = 8 * 1024 * 1024;
constexpr uint64_t kSmallStagingBytes = 64 * 1024;
constexpr size_t kInlineCopyBytes = 65536;  // vkCmdUpdateBuffer's limit
// Copies between host and device memory from this size on take the copy lane: a copy engine moves
// 1 MiB in ~20 us, which hides the cost of a batch of its own (a submission, a semaphore wait).
constexpr size_t kCopyLaneMinBytes = 1024 * 1024;

// Makes the writes of the earlier commands of `stages` visible to `dstStages`' `dstAccess`.
void memoryBarrier(VkCommandBuffer cmd, VkPipelineStageFlags2 stages, VkAccessFlags2 writes,
                   VkPipelineStageFlags2 dstStages, VkAccessFlags2 dstAccess) {
  VkMemoryBarrier2 barrier{.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER_2,
                           .srcStageMask = stages,
                           .srcAccessMask = writes,
                           .dstStageMask = dstStages,
                           .dstAccessMask = dstAccess};
  VkDependencyInfo dependency{.sType = VK_STRUCTURE_TYPE_DEPENDENCY_INFO,
                              .memoryBarrierCount = 1,
                              .pMemoryBarriers = &barrier};
  vkCmdPipelineBarrier2(cmd, &dependency);
}

uint64_t alignUp(uint64_t v, uint64_t a) { return (v + a - 1) / a * a; }
uint64_t alignDown(uint64_t v, uint64_t a) { return v / a * a; }

// Push constants of shaders/memset_edges.comp.
struct MemsetEdges {
  uint64_t word[2];
  uint32_t mask[2];
  uint32_t pattern;
};
constexpr uint32_t kMemsetEdgesBytes = offsetof(MemsetEdges, pattern) + sizeof(uint32_t);

}  // namespace

Stream::Stream(Device &device, VkDevice vkDevice, std::shared_ptr<Timeline> timeline, Submitter::Queue &queue,
               Submitter::Queue *copyQueue, Kind kind, int priority)
    : device_(device), kind_(kind), priority_(priority), vkDevice_(vkDevice), timeline_(std::move(timeline)) {
  auto setUp = [&](LaneState &lane, Submitter::Queue &q) {
    VkCommandPoolCreateInfo poolInfo{.sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO,
                                     .flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT,
                                     .queueFamilyIndex = q.family};
    VkCommandPool pool = VK_NULL_HANDLE;
    check(vkCreateCommandPool(vkDevice_, &poolInfo, nullptr, &pool), "vkCreateCommandPool");
    lane.pool = vk::CommandPool(vkDevice_, pool);
    lane.queue = &q;
    // A transfer-only queue knows only the transfer stage and its accesses.
    lane.stages = VK_PIPELINE_STAGE_2_TRANSFER_BIT | (q.compute ? VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT : 0);
    lane.writes = VK_ACCESS_2_TRANSFER_WRITE_BIT | (q.compute ? VK_ACCESS_2_SHADER_WRITE_BIT : 0);
    lane.access = lane.writes | VK_ACCESS_2_TRANSFER_READ_BIT | (q.compute ? VK_ACCESS_2_SHADER_READ_BIT : 0);
  };
  setUp(lanes_[Work], queue);
  if (copyQueue) setUp(lanes_[Copy], *copyQueue);
  start_ = closed_ = timeline_->submitted();
  lastSerial_.store(closed_, std::memory_order_release);
}

Stream::~Stream() {
  try {
    synchronize();
  } catch (const Error &e) {
    log("stream teardown: %s", e.what());
  }
  {
    std::lock_guard lock(hostMutex_);
    hostStop_ = true;
  }
  hostWake_.notify_all();
  if (hostThread_.joinable()) hostThread_.join();
}

std::unique_lock<std::mutex> Stream::lockForWork() {
  device_.health().throwIfFaulted();  // work after a fault would never run
  std::vector<SyncPoint> waits = device_.streams().dependencies(*this);
  std::unique_lock lock(mutex_);
  addWaitsLocked(std::move(waits));
  return lock;
}

void Stream::addWaitsLocked(std::vector<SyncPoint> &&waits) {
  if (waits.empty()) return;
  // Commands already recorded need not wait: they go in a batch of their own.
  if (open_) flushLocked();
  for (SyncPoint &w : waits)
    if (w && w.timeline != timeline_) pendingWaits_.push_back(std::move(w));
  updateLastSerialLocked();
}

void Stream::updateLastSerialLocked() {
  lastSerial_.store(closed_ + (open_ || !pendingWaits_.empty() ? 1 : 0), std::memory_order_release);
}

Stream::Lane Stream::copyLane(size_t bytes) const {
  return lanes_[Copy].queue && bytes >= kCopyLaneMinBytes ? Copy : Work;
}

Stream::Recording Stream::beginCommandLocked(Lane lane) {
  if (open_ && openLane_ != lane) flushLocked();
  LaneState &state = lanes_[lane];
  bool ordered = false;  // whether the stream's earlier work is already ordered before this command
  if (!open_) {
    recycleLocked();
    // The previous batch ran on the other lane: this one waits for its serial, signalled after all
    // earlier work (every batch follows its predecessor; lanes that share a queue are ordered so
    // too, as if they did not). Or earlier batches all complete (a launch after a
    // synchronisation): waiting for the last one's value, which is reached, makes their writes
    // visible to this batch as the barrier would, and costs the GPU ~2 us less per batch than the
    // barrier (measured on the H200). A host call's serial is waited for anyway (flushLocked).
    if (closed_ > start_ && (lastLane_ != lane || timeline_->completed() >= closed_)) {
      if (hostCallWait_ != closed_) pendingWaits_.push_back({timeline_, closed_});
      ordered = true;
    }
    if (state.idle.empty()) {
      VkCommandBufferAllocateInfo info{.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
                                       .commandPool = state.pool.get(),
                                       .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
                                       .commandBufferCount = 1};
      VkCommandBuffer cmd = VK_NULL_HANDLE;
      check(vkAllocateCommandBuffers(vkDevice_, &info, &cmd), "vkAllocateCommandBuffers");
      state.idle.push_back(cmd);
    }
    VkCommandBufferBeginInfo begin{.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
                                   .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT};
    check(vkBeginCommandBuffer(state.idle.back(), &begin), "vkBeginCommandBuffer");
    open_ = state.idle.back();
    openLane_ = lane;
    state.idle.pop_back();
    commandsInBatch_ = 0;
    updateLastSerialLocked();
  }
  // Stream order: every command waits for the writes of all earlier ones, including those of
  // earlier batches (a barrier's first scope reaches back through the queue's submission order;
  // work of other queues arrives through semaphore waits, which make its writes visible).
  if (!ordered) memoryBarrier(open_, state.stages, state.writes, state.stages, state.access);
  return Recording(*this, open_);
}

void Stream::endCommandLocked() {
  if (++commandsInBatch_ >= kMaxCommandsPerBatch) flushLocked();
}

void Stream::flushLocked() {
  if (!open_ && pendingWaits_.empty()) return;
  VkCommandBuffer cmd = std::exchange(open_, VK_NULL_HANDLE);
  // A batch that only waits goes to the lane of the work before it, whose submission order then
  // keeps its signal after that work's.
  const Lane lane = cmd ? openLane_ : lastLane_;
  LaneState &state = lanes_[lane];
  const uint64_t serial = closed_ + 1;
  Submitter::Batch batch{.queue = state.queue, .commands = cmd, .waits = {}, .timeline = timeline_, .signal = serial};
  batch.waits = pendingWaits_;
  // After a host call the queue knows nothing of it: the batch waits for its signal.
  if (hostCallWait_) batch.waits.push_back({timeline_, hostCallWait_});
  try {
    if (cmd) {
      // Device writes become visible to host reads once the batch's semaphore value is reached.
      memoryBarrier(cmd, state.stages, state.writes, VK_PIPELINE_STAGE_2_HOST_BIT, VK_ACCESS_2_HOST_READ_BIT);
      check(vkEndCommandBuffer(cmd), "vkEndCommandBuffer");
    }
    device_.submitter().submit(std::move(batch));
  } catch (...) {
    if (cmd) state.idle.push_back(cmd);  // the next vkBeginCommandBuffer resets it
    openRetained_.clear();
    updateLastSerialLocked();
    throw;
  }
  pendingWaits_.clear();
  hostCallWait_ = 0;
  closed_ = serial;
  lastLane_ = lane;
  inFlight_.push_back({serial, lane, cmd, std::move(openRetained_)});
  openRetained_.clear();
  updateLastSerialLocked();
}

void Stream::waitAll(std::unique_lock<std::mutex> &lock) {
  flushLocked();
  const uint64_t target = closed_;
  // Unlocked while waiting: other threads may enqueue here, and the legacy null stream or an
  // event wait of another stream may need to close this stream's batch meanwhile (a callback
  // that enqueues work must not deadlock against a host waiting for its stream).
  lock.unlock();
  timeline_->wait(target);
  lock.lock();
  recycleLocked();
  // The device's service buffer is drained only where no launch of any stream can still write it
  // or has been given its address (streams run at once and share it). Unlocked: the drain takes
  // the stream set's lock, under which hipStreamDestroy takes this stream's (to see it idle).
  if (!open_ && closed_ == target) {
    lock.unlock();
    device_.streams().drainIfIdle();
    lock.lock();
  }
}

ServiceBuffer &Stream::Recording::service() { return stream_.device_.service(); }

void Stream::recycleLocked() {
  uint64_t done = timeline_->completed();
  while (!inFlight_.empty() && inFlight_.front().serial <= done) {
    if (inFlight_.front().commands) lanes_[inFlight_.front().lane].idle.push_back(inFlight_.front().commands);
    inFlight_.pop_front();
  }
}

void Stream::synchronize() {
  std::unique_lock lock(mutex_);
  waitAll(lock);
}

bool Stream::idle() {
  device_.health().throwIfFaulted();
  std::lock_guard lock(mutex_);
  flushLocked();
  return timeline_->completed() >= closed_;
}

SyncPoint Stream::mark() {
  std::lock_guard lock(mutex_);
  flushLocked();
  if (closed_ == start_) return {};
  return {timeline_, closed_};
}

void Stream::waitFor(SyncPoint point) {
  if (!point || point.timeline == timeline_) return;  // stream order already covers it
  std::unique_lock lock = lockForWork();
  std::vector<SyncPoint> waits{std::move(point)};
  addWaitsLocked(std::move(waits));
}

void Stream::addHostCall(std::function<void()> call) {
  std::unique_lock lock = lockForWork();
  flushLocked();
  const uint64_t after = closed_;
  const uint64_t signal = ++closed_;
  hostCallWait_ = signal;
  // Signalled on the queue of the work before it, after that work in submission order: a batch of
  // the other lane waiting for the signal is then ordered after that work too.
  // Upload blocks and command buffers of earlier batches are recycled by serial: a host call has
  // none, so nothing else changes.
  updateLastSerialLocked();
  {
    std::lock_guard hostLock(hostMutex_);
    hostCalls_.push_back({after, signal, lanes_[lastLane_].queue, std::move(call)});
    if (!hostThread_.joinable()) hostThread_ = std::thread([this] { hostCallLoop(); });
  }
  hostWake_.notify_one();
}

void Stream::hostCallLoop() {
  for (;;) {
    HostCall next;
    {
      std::unique_lock lock(hostMutex_);
      hostWake_.wait(lock, [&] { return hostStop_ || !hostCalls_.empty(); });
      if (hostCalls_.empty()) return;  // stopping, and every call has run
      next = std::move(hostCalls_.front());
      hostCalls_.pop_front();
    }
    try {
      timeline_->wait(next.after);
    } catch (const Error &e) {
      log("stream callback: %s", e.what());
    }
    try {
      next.call();
    } catch (...) {
      log("a stream callback threw an exception; ignored");
    }
    try {
      device_.submitter().completeHostCall(*next.queue, timeline_, next.signal);
    } catch (const Error &e) {
      log("stream callback signal: %s", e.what());
    }
  }
}

UploadSlice Stream::uploadLocked(size_t bytes) {
  bytes = alignUp(std::max<size_t>(bytes, 1), 16);
  bool fits = !uploadBlocks_.empty() && blockOffset_ + bytes <= uploadBlocks_[currentBlock_].buffer.size;
  if (!fits) {
    // Any block whose readers have all completed can be reused from its start.
    uint64_t done = timeline_->completed();
    auto reusable = std::find_if(uploadBlocks_.begin(), uploadBlocks_.end(), [&](const UploadBlock &b) {
      return b.lastUse <= done && b.buffer.size >= bytes;
    });
    if (reusable == uploadBlocks_.end()) {
      uploadBlocks_.push_back({Buffer::create(device_, std::max<uint64_t>(bytes, kUploadBlockBytes), MemoryUse::Host)});
      reusable = uploadBlocks_.end() - 1;
    }
    currentBlock_ = size_t(reusable - uploadBlocks_.begin());
    blockOffset_ = 0;
  }
  UploadBlock &block = uploadBlocks_[currentBlock_];
  block.lastUse = closed_ + 1;
  UploadSlice slice{block.buffer.mapped + blockOffset_, block.buffer.address + blockOffset_};
  blockOffset_ += bytes;
  return slice;
}

Buffer &Stream::stagingLocked(size_t slot, size_t bytes) {
  // Sized by need (64 KiB up to a chunk): host-visible memory costs about 0.7 ms per MiB to
  // allocate on NVIDIA's driver, which a program's first small copy should not pay for 8 MiB.
  if (staging_.size() <= slot) staging_.resize(slot + 1);
  if (staging_[slot].size < bytes) {
    const uint64_t size = std::min<uint64_t>(std::max<uint64_t>(std::bit_ceil(bytes), kSmallStagingBytes), kStagingChunkBytes);
    staging_[slot] = Buffer::create(device_, size, MemoryUse::Host);
  }
  return staging_[slot];
}

void Stream::waitForSerial(std::unique_lock<std::mutex> &lock, uint64_t serial) {
  lock.unlock();
  timeline_->wait(serial);
  lock.lock();
  recycleLocked();
}

bool Stream::directCopy(const Buffer &buffer) const {
  return buffer.mapped && !device_.context().options().forceStagedCopies;
}

void Stream::copyHostToDevice(const Resolved &dst, const void *src, size_t bytes, bool hipOrder) {
  std::lock_guard copying(copyMutex_);
  std::unique_lock lock = hipOrder ? lockForWork() : std::unique_lock(mutex_);
  const Buffer &target = dst.allocation->buffer;
  if (directCopy(target)) {
    // Earlier kernels may still read the old contents.
    waitAll(lock);
    std::memcpy(target.mapped + dst.offset, src, bytes);
    return;
  }
  if (bytes <= kInlineCopyBytes && dst.offset % 4 == 0 && bytes % 4 == 0) {
    // Small copies (a module's globals, hipMemcpyToSymbol, scalars) travel inside the command
    // buffer: no staging memory, one submission.
    vkCmdUpdateBuffer(beginCommandLocked().commands(), target.buffer.get(), dst.offset, bytes, src);
    endCommandLocked();
    waitAll(lock);
    return;
  }
  // Chunk i goes through slot i % kStagingSlots, refilled once the batch reading it has completed.
  const Lane lane = copyLane(bytes);
  std::array<uint64_t, kStagingSlots> readUntil{};
  size_t index = 0;
  for (size_t done = 0; done < bytes; ++index) {
    const size_t slot = index % kStagingSlots, chunk = std::min<size_t>(bytes - done, kStagingChunkBytes);
    if (readUntil[slot]) waitForSerial(lock, readUntil[slot]);
    Buffer &staging = stagingLocked(slot, chunk);
    device_.context().hostCopier().copy(staging.mapped, static_cast<const std::byte *>(src) + done, chunk);
    VkBufferCopy region{0, dst.offset + done, chunk};
    vkCmdCopyBuffer(beginCommandLocked(lane).commands(), staging.buffer.get(), target.buffer.get(), 1, &region);
    flushLocked();
    readUntil[slot] = closed_;
    done += chunk;
  }
  waitAll(lock);  // hipMemcpy returns once the data is on the device
}

void Stream::copyDeviceToHost(void *dst, const Resolved &src, size_t bytes) {
  std::lock_guard copying(copyMutex_);
  std::unique_lock lock = lockForWork();
  const Buffer &source = src.allocation->buffer;
  if (directCopy(source)) {
    waitAll(lock);
    std::memcpy(dst, source.mapped + src.offset, bytes);
    return;
  }
  // The device fills up to kStagingSlots chunks ahead of the host's copying out.
  const size_t chunks = (bytes + kStagingChunkBytes - 1) / kStagingChunkBytes;
  const Lane lane = copyLane(bytes);
  std::array<uint64_t, kStagingSlots> filledAt{};
  auto fill = [&](size_t index) {
    const uint64_t offset = uint64_t(index) * kStagingChunkBytes;
    const size_t slot = index % kStagingSlots;
    const uint64_t chunk = std::min<uint64_t>(bytes - offset, kStagingChunkBytes);
    Buffer &staging = stagingLocked(slot, chunk);
    VkBufferCopy region{src.offset + offset, 0, chunk};
    vkCmdCopyBuffer(beginCommandLocked(lane).commands(), source.buffer.get(), staging.buffer.get(), 1, &region);
    flushLocked();
    filledAt[slot] = closed_;
  };
  for (size_t index = 0; index < std::min(chunks, kStagingSlots); ++index) fill(index);
  for (size_t index = 0; index < chunks; ++index) {
    const size_t slot = index % kStagingSlots;
    const uint64_t offset = uint64_t(index) * kStagingChunkBytes;
    waitForSerial(lock, filledAt[slot]);
    device_.context().hostCopier().copy(static_cast<std::byte *>(dst) + offset, staging_[slot].mapped,
                                        std::min<uint64_t>(bytes - offset, kStagingChunkBytes));
    if (index + kStagingSlots < chunks) fill(index + kStagingSlots);
  }
  waitAll(lock);  // completes at once; drains device printf output like every full wait
}

void Stream::copyDeviceToDevice(const Resolved &dst, const Resolved &src, size_t bytes) {
  // Pinned, registered or managed memory on either side: a large copy goes to the copy lane, and
  // is submitted at once so that the copy engine starts while the host records more.
  const bool hostSide = dst.allocation->hostShared() || src.allocation->hostShared();
  const Lane lane = hostSide ? copyLane(bytes) : Work;
  std::unique_lock lock = lockForWork();
  VkBufferCopy region{src.offset, dst.offset, bytes};
  vkCmdCopyBuffer(beginCommandLocked(lane).commands(), src.allocation->buffer.buffer.get(),
                  dst.allocation->buffer.buffer.get(), 1, &region);
  if (lane == Copy) flushLocked();
  else endCommandLocked();
}

void Stream::fillWords(const Resolved &dst, uint32_t value, size_t words) {
  enqueue([&](Recording &r) {
    vkCmdFillBuffer(r.commands(), dst.allocation->buffer.buffer.get(), dst.offset, words * 4, value);
  });
}

void Stream::fillBytes(const Resolved &dst, uint8_t value, size_t bytes) {
  // vkCmdFillBuffer writes whole aligned words; the partially covered words at either end are
  // patched by shaders/memset_edges.comp. Buffer offsets and device addresses agree modulo 4
  // because buffers start at least word aligned.
  const uint32_t pattern = uint32_t(value) * 0x01010101u;
  const uint64_t begin = dst.offset, end = dst.offset + bytes;
  const uint64_t midBegin = alignUp(begin, 4), midEnd = alignDown(end, 4);
  MemsetEdges edges{};
  edges.pattern = pattern;
  int edgeCount = 0;
  auto addEdge = [&](uint64_t from, uint64_t to) {
    uint64_t word = alignDown(from, 4);
    uint32_t mask = 0;
    for (uint64_t b = from; b < to; ++b) mask |= 0xFFu << (8 * (b - word));
    edges.word[edgeCount] = dst.allocation->address() + word;
    edges.mask[edgeCount++] = mask;
  };
  if (midBegin > midEnd) {
    addEdge(begin, end);  // the whole range lies inside one word
  } else {
    if (begin < midBegin) addEdge(begin, midBegin);
    if (midEnd < end) addEdge(midEnd, end);
  }
  enqueue([&](Recording &r) {
    if (midBegin < midEnd)
      vkCmdFillBuffer(r.commands(), dst.allocation->buffer.buffer.get(), midBegin, midEnd - midBegin, pattern);
    if (edgeCount > 0) {
      vkCmdBindPipeline(r.commands(), VK_PIPELINE_BIND_POINT_COMPUTE, device_.memsetEdgesPipeline());
      vkCmdPushConstants(r.commands(), device_.pipelineLayout(), VK_SHADER_STAGE_COMPUTE_BIT, 0, kMemsetEdgesBytes,
                         &edges);
      vkCmdDispatch(r.commands(), 1, 1, 1);
    }
  });
}

}  // namespace hipvk
