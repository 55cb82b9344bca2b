// A device's hipMalloc memory: small allocations are placed in large VkDeviceMemory blocks
// (runtime/suballocator.h) and each gets a VkBuffer of its own bound there, so it keeps its own
// device address range while costing no vkAllocateMemory; large ones get memory of their own.
// Every byte the heap holds is counted against the device-local heap's size, so hipMalloc fails
// with hipErrorOutOfMemory when the device is full even where the driver would overcommit
// (lavapipe), and hipMemGetInfo reports what is left.
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

#include "memory.h"
#include "suballocator.h"
#include "vulkan.h"

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

  // Bytes of the device-local heap: its size, and what this heap holds (blocks and dedicated).
  uint64_t capacity() const { return capacity_; }
  uint64_t committed() const;
  // Releases blocks nothing uses (hipDeviceReset, hipMemPoolTrimTo).
  void trim();

 private:
  struct Block {
    vk::Memory memory;
    std::byte *mapped = nullptr;
  };
  Block allocateMemory(uint64_t bytes, uint32_t type);  // counted; mutex_ held
  void release(Suballocator::Placement placement, uint64_t bytes);
  void releaseDedicated(uint64_t bytes);

  Device &device_;
  const uint32_t memoryType_;  // of the blocks
  const uint64_t capacity_;

  mutable std::mutex mutex_;
  Suballocator places_;
  std::vector<Block> blocks_;  // by Suballocator block id
  uint64_t committed_ = 0;
};

}  // namespace hipvk
