#include "queue.h"

#include <algorithm>

#include "context.h"
#include "error.h"

namespace hipvk {

Timeline::Timeline(VkDevice device) : device_(device) {
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
  check(vkGetSemaphoreCounterValue(device_, semaphore_.get(), &value), "vkGetSemaphoreCounterValue");
  return value;
}

void Timeline::wait(uint64_t value) const {
  VkSemaphore semaphore = semaphore_.get();
  VkSemaphoreWaitInfo info{.sType = VK_STRUCTURE_TYPE_SEMAPHORE_WAIT_INFO,
                           .semaphoreCount = 1,
                           .pSemaphores = &semaphore,
                           .pValues = &value};
  check(vkWaitSemaphores(device_, &info, UINT64_MAX), "vkWaitSemaphores");
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
    check(vkQueueSubmit2(batch.queue->queue, 1, &submit, VK_NULL_HANDLE), "vkQueueSubmit2");
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

void Submitter::signalFromHost(const std::shared_ptr<Timeline> &timeline, uint64_t value) {
  std::lock_guard lock(mutex_);
  VkSemaphoreSignalInfo info{.sType = VK_STRUCTURE_TYPE_SEMAPHORE_SIGNAL_INFO, .semaphore = timeline->get(), .value = value};
  check(vkSignalSemaphore(timeline->device_, &info), "vkSignalSemaphore");
  timeline->submitted_.store(value, std::memory_order_release);
  releaseLocked();
}

size_t Submitter::held() {
  std::lock_guard lock(mutex_);
  return held_.size();
}

}  // namespace hipvk
