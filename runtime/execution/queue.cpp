#include "execution/queue.h"

#include <algorithm>
#include <cstdio>

#include "device/context.h"
#include "api/error.h"

namespace hipvk {

namespace {

void relaxCpu() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#elif defined(__aarch64__)
  asm volatile("yield");
#endif
}

}  // namespace

void DeviceHealth::throwIfFaulted() const {
  if (hipError_t f = fault(); f != hipSuccess)
    fail(f, f == hipErrorLaunchTimeOut ? "earlier work ran past HIPVK_KERNEL_TIMEOUT; the device is unusable"
                                       : "the device was lost; it is unusable");
}

void DeviceHealth::declare(hipError_t fault, const std::string &why) {
  hipError_t healthy = hipSuccess;
  if (fault_.compare_exchange_strong(healthy, fault, std::memory_order_acq_rel))
    std::fprintf(stderr, "hipvk: %s\n", why.c_str());
  throwIfFaulted();
  fail(fault, why);  // not reached: the fault is set
}

void DeviceHealth::check(VkResult result, const char *what) {
  if (result == VK_ERROR_DEVICE_LOST)
    declare(hipErrorLaunchFailure, std::string(what) + ": VK_ERROR_DEVICE_LOST, the device is unusable");
  hipvk::check(result, what);
}

Timeline::Timeline(VkDevice device, DeviceHealth &health) : device_(device), health_(health) {
  VkSemaphoreTypeCreateInfo typeInfo{.sType = VK_STRUCTURE_TYPE_SEMAPHORE_TYPE_CREATE_INFO,
                                     .semaphoreType = VK_SEMAPHORE_TYPE_TIMELINE,
                                     .initialValue = 0};
  VkSemaphoreCreateInfo info{.sType = VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO, .pNext = &typeInfo};
  VkSemaphore semaphore = VK_NULL_HANDLE;
  check(vkCreateSemaphore(device, &info, nullptr, &semaphore), "vkCreateSemaphore");
  semaphore_ = vk::Semaphore(device, semaphore);
}

uint64_t Timeline::completed() const {
  uint64_t value = 0;
  health_.check(vkGetSemaphoreCounterValue(device_, semaphore_.get(), &value), "vkGetSemaphoreCounterValue");
  return value;
}

void Timeline::wait(uint64_t value, bool poll) const {
  using Clock = std::chrono::steady_clock;
  health_.throwIfFaulted();
  if (completed() >= value) return;
  const Clock::time_point start = Clock::now();
  if (poll && health_.spin().count() > 0) {
    // Reading the counter is a memory read on GPU drivers: cheaper than the blocking wait's wake-up.
    while (Clock::now() - start < health_.spin()) {
      for (int i = 0; i < 32; ++i) relaxCpu();
      if (completed() >= value) return;
    }
  }
  uint64_t timeoutNs = UINT64_MAX;
  if (health_.timeout().count() > 0) {
    auto left = health_.timeout() - (Clock::now() - start);
    timeoutNs = uint64_t(std::max<int64_t>(0, std::chrono::duration_cast<std::chrono::nanoseconds>(left).count()));
  }
  VkSemaphore semaphore = semaphore_.get();
  VkSemaphoreWaitInfo info{.sType = VK_STRUCTURE_TYPE_SEMAPHORE_WAIT_INFO,
                           .semaphoreCount = 1,
                           .pSemaphores = &semaphore,
                           .pValues = &value};
  VkResult result = vkWaitSemaphores(device_, &info, timeoutNs);
  if (result == VK_TIMEOUT)
    health_.declare(hipErrorLaunchTimeOut, "device work ran longer than HIPVK_KERNEL_TIMEOUT (" +
                                               std::to_string(std::chrono::duration<double>(health_.timeout()).count()) +
                                               " s); the device is unusable from now on");
  health_.check(result, "vkWaitSemaphores");
}

TimelinePool::~TimelinePool() {
  vkDeviceWaitIdle(device_);  // a lost device has nothing left to release
  std::lock_guard lock(shelf_->mutex);
  shelf_->open = false;
  shelf_->idle.clear();
}

std::shared_ptr<Timeline> TimelinePool::acquire() {
  std::unique_ptr<Timeline> timeline;
  {
    std::lock_guard lock(shelf_->mutex);
    if (!shelf_->idle.empty()) {
      timeline = std::move(shelf_->idle.back());
      shelf_->idle.pop_back();
    }
  }
  if (!timeline) timeline = std::make_unique<Timeline>(device_, health_);
  return std::shared_ptr<Timeline>(timeline.release(), [shelf = shelf_](Timeline *released) {
    std::unique_ptr<Timeline> owned(released);
    std::lock_guard lock(shelf->mutex);
    if (shelf->open) shelf->idle.push_back(std::move(owned));
  });
}

bool Submitter::readyLocked(const Batch &batch) const {
  // In order per timeline: an earlier held batch of the same timeline goes first.
  for (const Batch &h : held_) {
    if (&h == &batch) break;
    if (h.timeline == batch.timeline) return false;
  }
  return std::all_of(batch.waits.begin(), batch.waits.end(),
                     [](const SyncPoint &w) { return w.timeline->submitted() >= w.value; });
}

void Submitter::submitLocked(Batch &batch) {
  std::vector<VkSemaphoreSubmitInfo> waits;
  waits.reserve(batch.waits.size());
  for (const SyncPoint &w : batch.waits)
    waits.push_back({.sType = VK_STRUCTURE_TYPE_SEMAPHORE_SUBMIT_INFO,
                     .semaphore = w.timeline->get(),
                     .value = w.value,
                     .stageMask = VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT});
  VkCommandBufferSubmitInfo cmd{.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_SUBMIT_INFO, .commandBuffer = batch.commands};
  VkSemaphoreSubmitInfo signal{.sType = VK_STRUCTURE_TYPE_SEMAPHORE_SUBMIT_INFO,
                               .semaphore = batch.timeline->get(),
                               .value = batch.signal,
                               .stageMask = VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT};
  VkSubmitInfo2 submit{.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO_2,
                       .waitSemaphoreInfoCount = uint32_t(waits.size()),
                       .pWaitSemaphoreInfos = waits.data(),
                       .commandBufferInfoCount = batch.commands ? 1u : 0u,
                       .pCommandBufferInfos = batch.commands ? &cmd : nullptr,
                       .signalSemaphoreInfoCount = 1,
                       .pSignalSemaphoreInfos = &signal};
  {
    std::lock_guard lock(batch.queue->mutex);
    batch.timeline->health_.check(vkQueueSubmit2(batch.queue->queue, 1, &submit, VK_NULL_HANDLE), "vkQueueSubmit2");
  }
  batch.timeline->submitted_.store(batch.signal, std::memory_order_release);
}

void Submitter::releaseLocked() {
  // Each submission may unblock others: scan until nothing moves. Held batches are few.
  for (bool moved = true; moved;) {
    moved = false;
    for (auto it = held_.begin(); it != held_.end(); ++it) {
      if (!readyLocked(*it)) continue;
      Batch batch = std::move(*it);
      held_.erase(it);
      try {
        submitLocked(batch);
      } catch (const Error &e) {
        // Nobody is left to report it to: the timeline would never reach the value, so signal it
        // from the host rather than hang every waiter.
        log("held batch: %s", e.what());
        VkSemaphoreSignalInfo info{.sType = VK_STRUCTURE_TYPE_SEMAPHORE_SIGNAL_INFO,
                                   .semaphore = batch.timeline->get(),
                                   .value = batch.signal};
        vkSignalSemaphore(batch.timeline->device_, &info);
        batch.timeline->submitted_.store(batch.signal, std::memory_order_release);
      }
      moved = true;
      break;
    }
  }
}

void Submitter::submit(Batch batch) {
  std::lock_guard lock(mutex_);
  held_.push_back(std::move(batch));
  if (!readyLocked(held_.back())) return;
  Batch ready = std::move(held_.back());
  held_.pop_back();
  submitLocked(ready);
  releaseLocked();
}

void Submitter::completeHostCall(Queue &queue, const std::shared_ptr<Timeline> &timeline, uint64_t value) {
  std::lock_guard lock(mutex_);
  // An empty submission signals the value, not vkSignalSemaphore: a host signal races every thread
  // that reads or waits for the timeline meanwhile, and the Khronos layer (1.3.239) turns that race
  // into a 10 s stall and an error: the waiter holds the layer's lock until the layer's own record
  // reaches the value the driver reported, and the host signal's record needs that lock. A queue's
  // signal is recorded before the driver sees it and retired by the layer's queue thread. Later
  // batches of this timeline are held for this value, so it goes first (not through held_).
  Batch batch{.queue = &queue, .commands = VK_NULL_HANDLE, .waits = {}, .timeline = timeline, .signal = value};
  submitLocked(batch);
  releaseLocked();
}

size_t Submitter::held() {
  std::lock_guard lock(mutex_);
  return held_.size();
}

}  // namespace hipvk
