#include "execution/streams.h"

#include <algorithm>

#include "device/context.h"
#include "device/device.h"
#include "api/error.h"
#include "execution/service.h"

namespace hipvk {
namespace {

// Retires the calling thread's per-thread streams when the thread exits.
struct PerThreadRelease {
  ~PerThreadRelease() {
    Context &context = Context::instance();
    if (context.shutDown()) return;  // the devices are gone (or going)
    for (const std::unique_ptr<Device> &device : context.existingDevices())
      if (device->hasLogical()) device->streams().releasePerThread(std::this_thread::get_id());
  }
};

}  // namespace

StreamSet::StreamSet(Device &device, VkDevice vkDevice, TimelinePool &timelines,
                     std::vector<Submitter::Queue *> queues, Submitter::Queue *copyQueue, Options::CopyQueue copyMode)
    : device_(device), vkDevice_(vkDevice), timelines_(timelines), queues_(std::move(queues)), copyQueue_(copyQueue), copyMode_(copyMode) {
  null_ = makeStream(*queues_.front(), Stream::Kind::Null, 0);
}

StreamRef StreamSet::makeStream(Submitter::Queue &queue, Stream::Kind kind, int priority) {
  Submitter::Queue *copyLane = nullptr;
  switch (copyMode_) {
    case Options::CopyQueue::Transfer: copyLane = copyQueue_; break;
    case Options::CopyQueue::Compute: copyLane = queues_.back() != &queue ? queues_.back() : queues_.front(); break;
    case Options::CopyQueue::Off: break;
  }
  return std::make_shared<Stream>(device_, vkDevice_, timelines_.acquire(), queue, copyLane, kind, priority);
}

Submitter::Queue &StreamSet::nextQueueLocked() {
  return queues_.size() > 1 ? *queues_[1 + nextQueue_++ % (queues_.size() - 1)] : *queues_.front();
}

StreamSet::~StreamSet() {
  // Streams wait for their work as they go (~Stream), the null stream last: created streams may
  // wait for it. Events after the streams: their timestamps are retained by batches until then.
  std::unordered_map<const void *, StreamRef> created;
  std::unordered_map<std::thread::id, StreamRef> perThread;
  std::vector<StreamRef> retired;
  {
    std::lock_guard lock(mutex_);
    created.swap(created_);
    perThread.swap(perThread_);
    retired.swap(retired_);
  }
  created.clear();
  perThread.clear();
  retired.clear();
  null_.reset();
  std::lock_guard lock(mutex_);
  events_.clear();
}

StreamRef StreamSet::create(Stream::Kind kind, int priority) {
  std::vector<StreamRef> finished;
  std::lock_guard lock(mutex_);
  reapLocked(finished);
  StreamRef stream = makeStream(nextQueueLocked(), kind, priority);
  created_.emplace(stream.get(), stream);
  if (kind == Stream::Kind::Blocking) ++blockingStreams_;
  return stream;
}

StreamRef StreamSet::find(const void *handle) {
  std::lock_guard lock(mutex_);
  auto it = created_.find(handle);
  if (it != created_.end()) return it->second;
  for (auto &[thread, stream] : perThread_)
    if (stream.get() == handle) return stream;
  return nullptr;
}

void StreamSet::reapLocked(std::vector<StreamRef> &finished) {
  // Destroyed streams whose work has completed go now; `finished` releases them after the lock.
  // A stream of a faulted device stays (idle() throws its fault): the predicate must not throw.
  auto pending = [](const StreamRef &s) {
    try {
      return !s->idle();
    } catch (const Error &) {
      return true;
    }
  };
  auto done = std::stable_partition(retired_.begin(), retired_.end(), pending);
  for (auto it = done; it != retired_.end(); ++it) {
    if ((*it)->kind() == Stream::Kind::Blocking) --blockingStreams_;
    finished.push_back(std::move(*it));
  }
  retired_.erase(done, retired_.end());
}

bool StreamSet::destroy(const void *handle) {
  std::vector<StreamRef> finished;
  StreamRef stream;
  {
    std::lock_guard lock(mutex_);
    auto it = created_.find(handle);
    if (it == created_.end()) return false;
    stream = std::move(it->second);
    created_.erase(it);
    retired_.push_back(stream);
    reapLocked(finished);
  }
  return true;
}

StreamRef StreamSet::perThread() {
  thread_local PerThreadRelease release;
  (void)release;
  const std::thread::id id = std::this_thread::get_id();
  std::lock_guard lock(mutex_);
  auto it = perThread_.find(id);
  if (it != perThread_.end()) return it->second;
  StreamRef stream = makeStream(nextQueueLocked(), Stream::Kind::Blocking, 0);
  perThread_.emplace(id, stream);
  ++blockingStreams_;
  return stream;
}

void StreamSet::releasePerThread(std::thread::id thread) {
  std::lock_guard lock(mutex_);
  auto it = perThread_.find(thread);
  if (it == perThread_.end()) return;
  retired_.push_back(std::move(it->second));  // its work completes first
  perThread_.erase(it);
}

std::shared_ptr<Event> StreamSet::createEvent(unsigned flags) {
  auto event = std::make_shared<Event>(device_, flags);
  std::lock_guard lock(mutex_);
  events_.emplace(event.get(), event);
  return event;
}

std::shared_ptr<Event> StreamSet::findEvent(const void *handle) {
  std::lock_guard lock(mutex_);
  auto it = events_.find(handle);
  return it == events_.end() ? nullptr : it->second;
}

bool StreamSet::destroyEvent(const void *handle) {
  std::shared_ptr<Event> event;  // released after the lock
  std::lock_guard lock(mutex_);
  auto it = events_.find(handle);
  if (it == events_.end()) return false;
  event = std::move(it->second);
  events_.erase(it);
  return true;
}

std::vector<StreamRef> StreamSet::snapshot(bool blockingOnly) {
  std::vector<StreamRef> streams;
  std::lock_guard lock(mutex_);
  auto add = [&](const StreamRef &s) {
    if (!blockingOnly || s->kind() == Stream::Kind::Blocking) streams.push_back(s);
  };
  for (auto &[handle, stream] : created_) add(stream);
  for (auto &[thread, stream] : perThread_) add(stream);
  for (const StreamRef &stream : retired_) add(stream);
  return streams;
}

void StreamSet::submitAll() { submit(snapshot(false)); }

void StreamSet::submit(const std::vector<StreamRef> &streams) {
  for (const StreamRef &stream : streams) stream->mark();
  null_->mark();
}

std::vector<SyncPoint> StreamSet::dependencies(Stream &stream) {
  std::vector<SyncPoint> waits;
  // Pending work of `other` newer than `seen`: closes its batch and waits for it.
  auto after = [&](Stream &other, std::atomic<uint64_t> &seen) {
    const uint64_t last = other.lastSerial();
    if (last <= seen.load(std::memory_order_relaxed)) return;
    if (other.timeline()->completed() < last) {
      SyncPoint point = other.mark();
      if (point) waits.push_back(point);
    }
    seen.store(last, std::memory_order_relaxed);
  };
  if (stream.kind() == Stream::Kind::Null) {
    if (blockingStreams_.load(std::memory_order_relaxed) > 0)
      for (const StreamRef &other : snapshot(true)) after(*other, other->waitedByNull);
  } else if (stream.kind() == Stream::Kind::Blocking && null_) {
    after(*null_, stream.nullWaited);
  }
  const uint64_t epoch = cooperativeEpoch_.load(std::memory_order_acquire);
  if (epoch != stream.cooperativeSeen.load(std::memory_order_relaxed)) {
    std::lock_guard lock(cooperativePointMutex_);
    if (cooperativePoint_ && cooperativePoint_.timeline != stream.timeline()) waits.push_back(cooperativePoint_);
    stream.cooperativeSeen.store(epoch, std::memory_order_relaxed);
  }
  return waits;
}

void StreamSet::enqueueExclusive(Stream &stream, const std::function<void(Stream::Recording &)> &record) {
  std::lock_guard serial(cooperativeMutex_);
  std::vector<StreamRef> others = snapshot(false);
  others.push_back(null_);
  for (const StreamRef &other : others)
    if (other.get() != &stream) stream.waitFor(other->mark());
  stream.enqueue(record);
  SyncPoint point = stream.mark();
  {
    std::lock_guard lock(cooperativePointMutex_);
    cooperativePoint_ = point;
  }
  stream.cooperativeSeen.store(cooperativeEpoch_.fetch_add(1, std::memory_order_acq_rel) + 1, std::memory_order_relaxed);
}

void StreamSet::synchronize(bool blockingOnly) {
  // Every stream's work is submitted, the waits are for the ones asked for.
  std::vector<StreamRef> streams = snapshot(false);
  submit(streams);
  if (blockingOnly) std::erase_if(streams, [](const StreamRef &s) { return s->kind() != Stream::Kind::Blocking; });
  streams.push_back(null_);
  std::optional<KernelTrap> trap;
  for (const StreamRef &stream : streams) {
    try {
      stream->synchronize();
    } catch (const KernelTrap &t) {
      if (!trap) trap = t;  // the other streams are still waited for
    }
  }
  std::vector<StreamRef> finished;
  {
    std::lock_guard lock(mutex_);
    reapLocked(finished);
  }
  if (trap) throw *trap;
}

void StreamSet::reset() {
  std::optional<KernelTrap> trap;
  try {
    synchronize(false);
  } catch (const KernelTrap &t) {
    trap = t;
  }
  std::unordered_map<const void *, StreamRef> created;
  std::unordered_map<std::thread::id, StreamRef> perThread;
  std::vector<StreamRef> retired;
  std::unordered_map<const void *, std::shared_ptr<Event>> events;
  {
    std::lock_guard lock(mutex_);
    created.swap(created_);
    perThread.swap(perThread_);
    retired.swap(retired_);
    events.swap(events_);
    blockingStreams_ = 0;
  }
  if (trap) throw *trap;
}

void StreamSet::drainIfIdle() {
  if (null_ && !null_->quiet()) return;  // null while the set is torn down
  for (const StreamRef &stream : snapshot(false))
    if (!stream->quiet()) return;
  device_.service().drain();
}

StreamRef streamFor(Device &device, hipStream_t stream) {
  if (stream == nullptr) return device.streams().nullRef();
  if (stream == hipStreamPerThread) return device.streams().perThread();
  for (const std::unique_ptr<Device> &d : Context::instance().existingDevices())
    if (d->hasLogical())
      if (StreamRef s = d->streams().find(stream)) return s;
  fail(hipErrorContextIsDestroyed, "not a live stream (never created, or destroyed)");
}

std::shared_ptr<Event> eventFor(hipEvent_t event) {
  if (!event) fail(hipErrorInvalidHandle, "null event");
  for (const std::unique_ptr<Device> &d : Context::instance().existingDevices())
    if (d->hasLogical())
      if (std::shared_ptr<Event> e = d->streams().findEvent(event)) return e;
  fail(hipErrorContextIsDestroyed, "not a live event (never created, or destroyed)");
}

}  // namespace hipvk
