#include "memory/mem_pool.h"

#include <algorithm>
#include <cstring>

#include "device/context.h"
#include "device/device.h"
#include "api/error.h"

namespace hipvk {

void *MemPool::allocate(size_t bytes) {
  std::shared_ptr<Allocation> allocation = hipvk::allocate(device_, bytes, MemoryKind::Device);
  std::lock_guard lock(mutex_);
  collectLocked();
  live_.emplace(allocation->start(), bytes);
  used_ += bytes;
  usedHigh_ = std::max(usedHigh_, used_);
  uint64_t reserved = used_;
  for (const Pending &p : pending_) reserved += p.allocation->size;
  reservedHigh_ = std::max(reservedHigh_, reserved);
  return reinterpret_cast<void *>(allocation->start());
}

bool MemPool::owns(uint64_t address) const {
  std::lock_guard lock(mutex_);
  return live_.count(address) != 0;
}

void MemPool::release(std::shared_ptr<Allocation> allocation, SyncPoint after) {
  std::lock_guard lock(mutex_);
  auto it = live_.find(allocation->start());
  if (it != live_.end()) {
    used_ -= it->second;
    live_.erase(it);
  }
  pending_.push_back({std::move(allocation), std::move(after)});
  collectLocked();
}

void MemPool::forget(uint64_t address) {
  std::lock_guard lock(mutex_);
  auto it = live_.find(address);
  if (it == live_.end()) return;
  used_ -= it->second;
  live_.erase(it);
}

void MemPool::trim() {
  std::lock_guard lock(mutex_);
  collectLocked();
}

void MemPool::collectLocked() {
  std::erase_if(pending_, [](const Pending &p) { return !p.after || p.after.timeline->completed() >= p.after.value; });
}

void MemPool::setAttribute(std::underlying_type_t<hipMemPoolAttr> attr, const void *value) {
  if (!value) fail(hipErrorInvalidValue, "null attribute value");
  std::lock_guard lock(mutex_);
  auto readInt = [&](int &into) { std::memcpy(&into, value, sizeof(int)); };
  uint64_t v64 = 0;
  switch (attr) {
    case hipMemPoolReuseFollowEventDependencies: readInt(reuseFollowEventDependencies_); return;
    case hipMemPoolReuseAllowOpportunistic: readInt(reuseAllowOpportunistic_); return;
    case hipMemPoolReuseAllowInternalDependencies: readInt(reuseAllowInternalDependencies_); return;
    case hipMemPoolAttrReleaseThreshold: std::memcpy(&releaseThreshold_, value, sizeof(uint64_t)); return;
    case hipMemPoolAttrReservedMemHigh:
    case hipMemPoolAttrUsedMemHigh:
      // Only a reset to zero is allowed: the high-water mark restarts from the current value.
      std::memcpy(&v64, value, sizeof(uint64_t));
      if (v64 != 0) fail(hipErrorInvalidValue, "a high-water mark can only be reset to 0");
      if (attr == hipMemPoolAttrUsedMemHigh) usedHigh_ = used_;
      else reservedHigh_ = used_;
      return;
    default: fail(hipErrorInvalidValue, "this memory pool attribute cannot be set");
  }
}

void MemPool::getAttribute(std::underlying_type_t<hipMemPoolAttr> attr, void *value) {
  if (!value) fail(hipErrorInvalidValue, "null attribute value");
  std::lock_guard lock(mutex_);
  collectLocked();
  uint64_t reserved = used_;
  for (const Pending &p : pending_) reserved += p.allocation->size;
  auto writeInt = [&](int v) { std::memcpy(value, &v, sizeof(int)); };
  auto write64 = [&](uint64_t v) { std::memcpy(value, &v, sizeof(uint64_t)); };
  switch (attr) {
    case hipMemPoolReuseFollowEventDependencies: writeInt(reuseFollowEventDependencies_); return;
    case hipMemPoolReuseAllowOpportunistic: writeInt(reuseAllowOpportunistic_); return;
    case hipMemPoolReuseAllowInternalDependencies: writeInt(reuseAllowInternalDependencies_); return;
    case hipMemPoolAttrReleaseThreshold: write64(releaseThreshold_); return;
    case hipMemPoolAttrReservedMemCurrent: write64(reserved); return;
    case hipMemPoolAttrReservedMemHigh: write64(reservedHigh_); return;
    case hipMemPoolAttrUsedMemCurrent: write64(used_); return;
    case hipMemPoolAttrUsedMemHigh: write64(usedHigh_); return;
    default: fail(hipErrorInvalidValue, "unknown memory pool attribute");
  }
}

MemPool &MemPoolSet::current() {
  std::lock_guard lock(mutex_);
  return *current_;
}

void MemPoolSet::setCurrent(MemPool &pool) {
  std::lock_guard lock(mutex_);
  current_ = &pool;
}

MemPool &MemPoolSet::create() {
  std::lock_guard lock(mutex_);
  created_.push_back(std::make_unique<MemPool>(default_.device(), false));
  return *created_.back();
}

void MemPoolSet::destroy(MemPool &pool) {
  if (pool.isDefault()) fail(hipErrorInvalidValue, "the default memory pool cannot be destroyed");
  std::lock_guard lock(mutex_);
  if (current_ == &pool) current_ = &default_;
  // Live allocations stay valid (plain device memory, freed by hipFree / hipFreeAsync).
  std::erase_if(created_, [&](const std::unique_ptr<MemPool> &p) { return p.get() == &pool; });
}

MemPool *MemPoolSet::find(hipMemPool_t handle) {
  std::lock_guard lock(mutex_);
  if (handle == default_.handle()) return &default_;
  for (const std::unique_ptr<MemPool> &p : created_)
    if (p->handle() == handle) return p.get();
  return nullptr;
}

MemPool *MemPoolSet::owner(uint64_t address) {
  std::lock_guard lock(mutex_);
  if (default_.owns(address)) return &default_;
  for (const std::unique_ptr<MemPool> &p : created_)
    if (p->owns(address)) return p.get();
  return nullptr;
}

MemPool &memPoolFor(hipMemPool_t handle) {
  if (handle)
    for (const std::unique_ptr<Device> &device : Context::instance().devices())
      if (device->hasLogical())
        if (MemPool *pool = device->memPools().find(handle)) return *pool;
  fail(hipErrorInvalidValue, "not a live memory pool");
}

}  // namespace hipvk
