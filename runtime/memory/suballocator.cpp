#include "memory/suballocator.h"

#include <algorithm>
#include <iterator>
#include <stdexcept>

namespace hipvk {

RangeAllocator::RangeAllocator(uint64_t size) : size_(size) {
  if (size > 0) free_.emplace(0, size);
}

std::optional<uint64_t> RangeAllocator::allocate(uint64_t size, uint64_t alignment) {
  if (size == 0 || alignment == 0 || (alignment & (alignment - 1)) != 0) return std::nullopt;
  for (auto it = free_.begin(); it != free_.end(); ++it) {
    const uint64_t start = it->first, length = it->second;
    const uint64_t aligned = (start + alignment - 1) & ~(alignment - 1);
    const uint64_t pad = aligned - start;
    if (pad > length || length - pad < size) continue;
    // Split the free range into the padding before and the remainder after the allocation.
    free_.erase(it);
    if (pad > 0) free_.emplace(start, pad);
    if (length - pad > size) free_.emplace(aligned + size, length - pad - size);
    used_ += size;
    return aligned;
  }
  return std::nullopt;
}

void RangeAllocator::release(uint64_t offset, uint64_t size) {
  if (size == 0 || offset > size_ || size > size_ - offset || size > used_)
    throw std::logic_error("released range lies outside the block");
  auto next = free_.lower_bound(offset);
  if (next != free_.end() && next->first < offset + size) throw std::logic_error("released range is already free");
  if (next != free_.begin()) {
    auto prev = std::prev(next);
    if (prev->first + prev->second > offset) throw std::logic_error("released range is already free");
  }
  uint64_t start = offset, length = size;
  if (next != free_.end() && next->first == offset + size) {
    length += next->second;
    next = free_.erase(next);
  }
  if (next != free_.begin()) {
    auto prev = std::prev(next);
    if (prev->first + prev->second == offset) {
      start = prev->first;
      length += prev->second;
      free_.erase(prev);
    }
  }
  free_.emplace(start, length);
  used_ -= size;
}

std::optional<Suballocator::Placement> Suballocator::place(uint64_t size, uint64_t alignment) {
  std::vector<uint32_t> order;
  for (uint32_t id = 0; id < blocks_.size(); ++id)
    if (blocks_[id]) order.push_back(id);
  std::stable_sort(order.begin(), order.end(),
                   [&](uint32_t a, uint32_t b) { return blocks_[a]->used() > blocks_[b]->used(); });
  for (uint32_t id : order)
    if (std::optional<uint64_t> offset = blocks_[id]->allocate(size, alignment)) return Placement{id, *offset};
  return std::nullopt;
}

uint32_t Suballocator::addBlock(uint64_t size) {
  auto slot = std::find_if(blocks_.begin(), blocks_.end(), [](const auto &b) { return !b.has_value(); });
  if (slot == blocks_.end()) slot = blocks_.emplace(blocks_.end());
  slot->emplace(size);
  return uint32_t(slot - blocks_.begin());
}

bool Suballocator::release(Placement placement, uint64_t size) {
  if (placement.block >= blocks_.size() || !blocks_[placement.block])
    throw std::logic_error("release into a block that does not exist");
  RangeAllocator &block = *blocks_[placement.block];
  block.release(placement.offset, size);
  return block.empty();
}

void Suballocator::removeBlock(uint32_t block) {
  if (block >= blocks_.size() || !blocks_[block] || !blocks_[block]->empty())
    throw std::logic_error("only an existing empty block can be removed");
  blocks_[block].reset();
}

size_t Suballocator::blockCount() const {
  return size_t(std::count_if(blocks_.begin(), blocks_.end(), [](const auto &b) { return b.has_value(); }));
}

size_t Suballocator::emptyBlockCount() const {
  return size_t(std::count_if(blocks_.begin(), blocks_.end(), [](const auto &b) { return b && b->empty(); }));
}

}  // namespace hipvk
