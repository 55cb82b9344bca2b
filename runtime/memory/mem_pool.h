// Stream-ordered allocation: HIP memory pools (hipMemPool_t). A pool's allocations come from the
// device heap (runtime/memory/device_heap.h) at once, so the memory is valid from the call on in every
// stream; hipFreeAsync takes the pointer out of use at once and gives the memory back once the
// freeing stream's earlier work has completed. A pool therefore holds no memory beyond its live
// and not-yet-released allocations: the release threshold is stored and reported, and trimming
// releases what completed work no longer needs.
#pragma once

#include <hip/hip_runtime_api.h>

#include <cstdint>
#include <type_traits>
#include <map>
#include <memory>
#include <mutex>
#include <vector>

#include "memory/memory.h"
#include "execution/queue.h"

namespace hipvk {

class Stream;

class MemPool {
 public:
  MemPool(Device &device, bool isDefault) : device_(device), isDefault_(isDefault) {}

  Device &device() const { return device_; }
  bool isDefault() const { return isDefault_; }
  hipMemPool_t handle() { return reinterpret_cast<hipMemPool_t>(this); }

  // hipMallocAsync / hipMallocFromPoolAsync: `bytes` > 0.
  void *allocate(size_t bytes);
  // Whether `address` is a live allocation of this pool.
  bool owns(uint64_t address) const;
  // hipFreeAsync: the allocation at `address` (a live one of this pool, already out of the
  // device's table) is released once `after` has completed.
  void release(std::shared_ptr<Allocation> allocation, SyncPoint after);
  // hipFree of a pool allocation: forgets it (the caller has waited for the device).
  void forget(uint64_t address);
  // hipMemPoolTrimTo: releases every freed allocation whose stream work has completed.
  void trim();

  // `attr` as the caller's integer (api::enumValue): any value, known or not.
  void setAttribute(std::underlying_type_t<hipMemPoolAttr> attr, const void *value);  // throws hipErrorInvalidValue
  void getAttribute(std::underlying_type_t<hipMemPoolAttr> attr, void *value);

 private:
  struct Pending {
    std::shared_ptr<Allocation> allocation;
    SyncPoint after;
  };
  void collectLocked();  // drops pending frees whose work has completed

  Device &device_;
  const bool isDefault_;
  mutable std::mutex mutex_;
  std::map<uint64_t, uint64_t> live_;  // address -> bytes
  std::vector<Pending> pending_;
  uint64_t used_ = 0, usedHigh_ = 0, reservedHigh_ = 0;
  uint64_t releaseThreshold_ = 0;
  int reuseFollowEventDependencies_ = 1, reuseAllowOpportunistic_ = 1, reuseAllowInternalDependencies_ = 1;
};

// The pools of one device: its default pool, the current pool (hipDeviceSetMemPool) and the
// pools created on it.
class MemPoolSet {
 public:
  explicit MemPoolSet(Device &device) : default_(device, true), current_(&default_) {}

  MemPool &defaultPool() { return default_; }
  MemPool &current();
  void setCurrent(MemPool &pool);
  MemPool &create();
  // hipMemPoolDestroy: the default pool cannot be destroyed (hipErrorInvalidValue).
  void destroy(MemPool &pool);
  // The pool a handle names on this device, or null.
  MemPool *find(hipMemPool_t handle);
  // The pool a live allocation at `address` belongs to, or null.
  MemPool *owner(uint64_t address);

 private:
  std::mutex mutex_;
  MemPool default_;
  MemPool *current_;
  std::vector<std::unique_ptr<MemPool>> created_;
};

// The pool a handle names on any device; hipErrorInvalidValue when none.
MemPool &memPoolFor(hipMemPool_t handle);

}  // namespace hipvk
