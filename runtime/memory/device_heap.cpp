#include "memory/device_heap.h"

#include <algorithm>
#include <string>

#include "device/device.h"
#include "api/error.h"

namespace hipvk {

namespace {

uint64_t deviceHeapSize(Device &device, uint32_t type) {
  const VkPhysicalDeviceMemoryProperties &props = device.memoryProperties();
  return props.memoryHeaps[props.memoryTypes[type].heapIndex].size;
}

[[noreturn]] void outOfMemory(uint64_t bytes, uint64_t committed, uint64_t capacity) {
  fail(hipErrorOutOfMemory, "allocation of " + std::to_string(bytes) + " bytes: " + std::to_string(committed) +
                                " of the device's " + std::to_string(capacity) + " bytes are in use");
}

}  // namespace

DeviceHeap::DeviceHeap(Device &device)
    : device_(device),
      memoryType_(device.memoryType(MemoryUse::Device, ~0u)),
      capacity_(std::min<uint64_t>(deviceHeapSize(device, memoryType_), device.hipProperties().totalGlobalMem)) {}

DeviceHeap::~DeviceHeap() = default;

DeviceHeap::Usage DeviceHeap::usage() const {
  std::lock_guard lock(mutex_);
  return {committed_, reusableBytes_};
}

uint64_t DeviceHeap::available() const { return capacity_ - std::min(committed_ - reusableBytes_, capacity_); }

void DeviceHeap::dropOldestReusable() {
  committed_ -= reusable_.front().bytes;
  reusableBytes_ -= reusable_.front().bytes;
  reusable_.erase(reusable_.begin());
}

void DeviceHeap::dropReusable(uint64_t needed) {
  while (!reusable_.empty() && needed > capacity_ - std::min(committed_, capacity_)) dropOldestReusable();
}

DeviceHeap::Block DeviceHeap::allocateMemory(uint64_t bytes, uint32_t type) {
  dropReusable(bytes);
  if (bytes > capacity_ - std::min(committed_, capacity_)) outOfMemory(bytes, committed_, capacity_);
  Block block{.bytes = bytes, .type = type};
  try {
    block.memory = allocateDeviceMemory(device_, bytes, type);
  } catch (const Error &) {
    if (reusable_.empty()) throw;
    dropReusable(capacity_ + 1);  // the driver counts what is kept; give it all back and retry
    block.memory = allocateDeviceMemory(device_, bytes, type);
  }
  block.mapped = mapIfHostVisible(device_, block.memory.get(), type);
  committed_ += bytes;
  return block;
}

DeviceHeap::Block DeviceHeap::takeDedicated(uint64_t bytes, uint32_t type) {
  // Kept memory of exactly this size and type (the usual case: the same buffer size each
  // iteration), so that what hipMemGetInfo reports moves by the same bytes as without reuse.
  auto kept = std::find_if(reusable_.begin(), reusable_.end(), [&](const Block &b) { return b.bytes == bytes && b.type == type; });
  if (kept == reusable_.end()) return allocateMemory(bytes, type);
  Block block = std::move(*kept);
  reusable_.erase(kept);
  reusableBytes_ -= block.bytes;
  return block;
}

// Owns a dedicated allocation's memory; the buffer bound to it is destroyed first (Allocation's
// member order), then the memory goes back to the heap for reuse.
struct DeviceHeap::DedicatedLease {
  DeviceHeap &heap;
  Block block;
  ~DedicatedLease() { heap.releaseDedicated(std::move(block)); }
};

DeviceHeap::Placed DeviceHeap::allocate(uint64_t size) {
  if (size > device_.maxAllocationSize() || size > capacity_)
    fail(hipErrorOutOfMemory, "allocation of " + std::to_string(size) + " bytes exceeds the device limit");
  vk::Buffer buffer = Buffer::createUnbound(device_, size);
  const uint64_t bufferSize = (size + 3) & ~uint64_t(3);
  VkMemoryRequirements req;
  vkGetBufferMemoryRequirements(device_.vk(), buffer.get(), &req);
  const uint64_t alignment = std::max(kMinAlignment, req.alignment);
  std::unique_lock lock(mutex_);

  std::optional<Suballocator::Placement> where;
  bool dedicated = req.size > kDedicatedThreshold || !(req.memoryTypeBits & (1u << memoryType_));
  if (!dedicated) {
    where = places_.place(req.size, alignment);
    // Near a full device a new block may not fit where the allocation alone does.
    dedicated = !where && kBlockBytes > available();
  }
  if (dedicated) {
    // Memory of its own, owned by the lease, which gives it back to the heap once the buffer is gone.
    auto lease = std::make_shared<DedicatedLease>(*this, takeDedicated(req.size, device_.memoryType(MemoryUse::Device, req.memoryTypeBits)));
    lock.unlock();
    Placed placed;
    placed.buffer = Buffer::bind(device_, std::move(buffer), lease->block.memory.get(), 0, bufferSize, lease->block.mapped);
    placed.lease = std::move(lease);
    return placed;
  }

  if (!where) {
    Block block = allocateMemory(kBlockBytes, memoryType_);
    uint32_t id = places_.addBlock(kBlockBytes);
    if (blocks_.size() <= id) blocks_.resize(id + 1);
    blocks_[id] = std::move(block);
    where = places_.place(req.size, alignment);
    if (!where) fail(hipErrorOutOfMemory, "a new memory block cannot hold the allocation");
  }
  const Block &block = blocks_[where->block];
  VkDeviceMemory memory = block.memory.get();
  std::byte *mapped = block.mapped ? block.mapped + where->offset : nullptr;
  lock.unlock();

  Placed placed;
  const Suballocator::Placement placement = *where;
  const uint64_t placedBytes = req.size;
  placed.lease = std::shared_ptr<void>(this, [placement, placedBytes](DeviceHeap *heap) {
    heap->release(placement, placedBytes);
  });
  placed.buffer = Buffer::bind(device_, std::move(buffer), memory, where->offset, bufferSize, mapped);
  return placed;
}

void DeviceHeap::release(Suballocator::Placement placement, uint64_t bytes) {
  std::lock_guard lock(mutex_);
  bool emptied = places_.release(placement, bytes);
  // One empty block stays for the next allocation (a hipMalloc/hipFree loop would otherwise
  // allocate and free device memory every time); more are given back to the device.
  if (emptied && places_.emptyBlockCount() > 1) {
    places_.removeBlock(placement.block);
    blocks_[placement.block] = Block{};
    committed_ -= kBlockBytes;
  }
}

void DeviceHeap::releaseDedicated(Block block) {
  std::lock_guard lock(mutex_);
  reusable_.push_back(std::move(block));
  reusableBytes_ += reusable_.back().bytes;
  while (reusable_.size() > kReuseCount || reusableBytes_ > std::min(kReuseBytes, capacity_ / 8)) dropOldestReusable();
}

void DeviceHeap::trim() {
  std::lock_guard lock(mutex_);
  dropReusable(capacity_ + 1);
  for (uint32_t id = 0; id < blocks_.size(); ++id) {
    if (!blocks_[id].memory || !places_.blockEmpty(id)) continue;
    places_.removeBlock(id);
    blocks_[id] = Block{};
    committed_ -= kBlockBytes;
  }
}

}  // namespace hipvk
