// A device's hipMalloc memory: small allocations are placed in large VkDeviceMemory blocks
// (runtime/memory/suballocator.h) and each gets a VkBuffer of its own bound there, so it keeps its own
// device address range while costing no vkAllocateMemory; large ones get memory of their own.
// Every byte the heap holds is counted against the device-local heap's size, so hipMalloc fails
// with hipErrorOutOfMemory when the device is full even where the driver would overcommit
// (lavapipe), and hipMemGetInfo reports what is left. Freed dedicated memory is kept for reuse by
// an allocation of its size (a hipMalloc/hipFree loop of large buffers would otherwise pay
// the driver's allocation every time: 1.6 ms for 64 MiB on NVIDIA); it counts as free, and any
// allocation that needs its room releases it first.
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

#include "memory/memory.h"
#include "memory/suballocator.h"
#include "device/vulkan.h"

namespace hipvk {

class DeviceHeap {
 public:
  // Blocks are this large; allocations above kDedicatedThreshold get their own memory.
  static constexpr uint64_t kBlockBytes = 64ull << 20;
  static constexpr uint64_t kDedicatedThreshold = 16ull << 20;
  // hipMalloc's alignment (ROCm aligns at least this much).
  static constexpr uint64_t kMinAlignment = 256;

  explicit DeviceHeap(Device &device);
  ~DeviceHeap();
  DeviceHeap(const DeviceHeap &) = delete;
  DeviceHeap &operator=(const DeviceHeap &) = delete;

  // A buffer of `size` (> 0) bytes of device memory, and the lease that returns its memory to
  // the heap when released (after the buffer). Throws hipErrorOutOfMemory.
  struct Placed {
    std::shared_ptr<void> lease;
    Buffer buffer;
  };
  Placed allocate(uint64_t size);

  // Bytes of the device-local heap: its size; what this heap holds (blocks, dedicated memory in use
  // and kept for reuse), and of that what is kept for reuse.
  uint64_t capacity() const { return capacity_; }
  struct Usage {
    uint64_t committed = 0, reusable = 0;
  };
  Usage usage() const;
  // Releases blocks nothing uses and the memory kept for reuse (hipDeviceReset).
  void trim();

  // Freed dedicated memory kept: at most this many, and at most this many bytes or an eighth of
  // the capacity (on CPU devices it is host memory the process keeps).
  static constexpr size_t kReuseCount = 8;
  static constexpr uint64_t kReuseBytes = 1ull << 30;

 private:
  struct Block {
    vk::Memory memory;
    std::byte *mapped = nullptr;
    uint64_t bytes = 0;
    uint32_t type = 0;
  };
  struct DedicatedLease;
  uint64_t available() const;                          // capacity_ less what is in use; mutex_ held
  Block allocateMemory(uint64_t bytes, uint32_t type);  // counted; mutex_ held
  Block takeDedicated(uint64_t bytes, uint32_t type);   // reused or allocated; mutex_ held
  void dropOldestReusable();                            // frees the oldest kept memory; mutex_ held
  void dropReusable(uint64_t needed);                   // frees kept memory until `needed` fits; mutex_ held
  void release(Suballocator::Placement placement, uint64_t bytes);
  void releaseDedicated(Block block);

  Device &device_;
  const uint32_t memoryType_;  // of the blocks
  const uint64_t capacity_;

  mutable std::mutex mutex_;
  Suballocator places_;
  std::vector<Block> blocks_;  // by Suballocator block id
  std::vector<Block> reusable_;  // freed dedicated memory, oldest first
  uint64_t committed_ = 0, reusableBytes_ = 0;
};

}  // namespace hipvk
