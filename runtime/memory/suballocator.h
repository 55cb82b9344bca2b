// Placement of allocations inside large memory blocks (hipMalloc's sub-allocation): which block
// and offset an allocation of a given size and alignment gets, and the return of that range for
// reuse. Pure bookkeeping, no Vulkan: runtime/memory/device_heap.cpp owns the blocks' memory.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <vector>

namespace hipvk {

// The free ranges of one block, first fit, neighbours merged on release.
class RangeAllocator {
 public:
  explicit RangeAllocator(uint64_t size);

  // The offset of `size` bytes aligned to `alignment` (a power of two); none when no free range fits.
  std::optional<uint64_t> allocate(uint64_t size, uint64_t alignment);
  // Returns a range allocate() handed out. Throws std::logic_error when it overlaps free space.
  void release(uint64_t offset, uint64_t size);

  uint64_t size() const { return size_; }
  uint64_t used() const { return used_; }
  bool empty() const { return used_ == 0; }

 private:
  std::map<uint64_t, uint64_t> free_;  // offset -> length
  uint64_t size_;
  uint64_t used_ = 0;
};

// Blocks of RangeAllocators, identified by small reusable ids.
class Suballocator {
 public:
  struct Placement {
    uint32_t block;
    uint64_t offset;
  };

  // Room in an existing block (the fullest first, so that empty blocks can be released); none:
  // the caller adds a block.
  std::optional<Placement> place(uint64_t size, uint64_t alignment);
  uint32_t addBlock(uint64_t size);
  // Returns a placed range; true when its block is now empty.
  bool release(Placement placement, uint64_t size);
  void removeBlock(uint32_t block);

  bool blockEmpty(uint32_t block) const { return blocks_.at(block)->empty(); }
  size_t blockCount() const;
  size_t emptyBlockCount() const;
  uint64_t blockSize(uint32_t block) const { return blocks_.at(block)->size(); }

 private:
  std::vector<std::optional<RangeAllocator>> blocks_;  // by id; removed ones are empty slots
};

}  // namespace hipvk
