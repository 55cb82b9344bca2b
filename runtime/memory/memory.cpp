#include "memory/memory.h"

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "device/context.h"
#include "memory/device_heap.h"
#include "api/error.h"
#include "execution/stream.h"

namespace hipvk {

namespace {

// A buffer kernels reach by device address and copies read and write; `next` extends its create
// info (external memory).
VkBuffer createAddressableBuffer(Device &device, uint64_t size, const void *next) {
  std::span<const uint32_t> families = device.bufferQueueFamilies();
  VkBufferCreateInfo info{.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
                          .pNext = next,
                          .size = size,
                          // Uniform: a module's global segment is also its constant window (kernel_abi.h).
                          .usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT |
                                   VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT |
                                   VK_BUFFER_USAGE_SHADER_DEVICE_ADDRESS_BIT,
                          .sharingMode = families.size() > 1 ? VK_SHARING_MODE_CONCURRENT : VK_SHARING_MODE_EXCLUSIVE,
                          .queueFamilyIndexCount = families.size() > 1 ? uint32_t(families.size()) : 0u,
                          .pQueueFamilyIndices = families.size() > 1 ? families.data() : nullptr};
  VkBuffer buffer = VK_NULL_HANDLE;
  check(vkCreateBuffer(device.vk(), &info, nullptr, &buffer), "vkCreateBuffer");
  return buffer;
}

}  // namespace

vk::Buffer Buffer::createUnbound(Device &device, uint64_t size) {
  return vk::Buffer(device.vk(), createAddressableBuffer(device, (size + 3) & ~uint64_t(3), nullptr));
}

Buffer Buffer::bind(Device &device, vk::Buffer buffer, VkDeviceMemory memory, uint64_t offset, uint64_t size,
                    std::byte *mapped) {
  VkDevice vkDevice = device.vk();
  check(vkBindBufferMemory(vkDevice, buffer.get(), memory, offset), "vkBindBufferMemory");
  Buffer b;
  b.size = size;
  b.mapped = mapped;
  VkBufferDeviceAddressInfo addressInfo{.sType = VK_STRUCTURE_TYPE_BUFFER_DEVICE_ADDRESS_INFO, .buffer = buffer.get()};
  b.address = vkGetBufferDeviceAddress(vkDevice, &addressInfo);
  b.buffer = std::move(buffer);
  return b;
}

Buffer Buffer::create(Device &device, uint64_t size, MemoryUse use) {
  if (size > device.maxAllocationSize() || size > device.hipProperties().totalGlobalMem)
    fail(hipErrorOutOfMemory, "allocation of " + std::to_string(size) + " bytes exceeds the device limit");
  VkDevice vkDevice = device.vk();
  vk::Buffer buffer = createUnbound(device, size);
  VkMemoryRequirements req;
  vkGetBufferMemoryRequirements(vkDevice, buffer.get(), &req);
  uint32_t type = device.memoryType(use, req.memoryTypeBits);
  vk::Memory memory = allocateDeviceMemory(device, req.size, type);
  std::byte *mapped = mapIfHostVisible(device, memory.get(), type);
  Buffer b = bind(device, std::move(buffer), memory.get(), 0, (size + 3) & ~uint64_t(3), mapped);
  b.memory = std::move(memory);
  return b;
}

vk::Memory allocateDeviceMemory(Device &device, uint64_t bytes, uint32_t type) {
  VkMemoryAllocateFlagsInfo flags{.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_FLAGS_INFO,
                                  .flags = VK_MEMORY_ALLOCATE_DEVICE_ADDRESS_BIT};
  VkMemoryAllocateInfo alloc{.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
                             .pNext = &flags,
                             .allocationSize = bytes,
                             .memoryTypeIndex = type};
  VkDeviceMemory memory = VK_NULL_HANDLE;
  check(vkAllocateMemory(device.vk(), &alloc, nullptr, &memory), "vkAllocateMemory");
  return vk::Memory(device.vk(), memory);
}

std::byte *mapIfHostVisible(Device &device, VkDeviceMemory memory, uint32_t type) {
  constexpr VkMemoryPropertyFlags mappable = VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
  if ((device.memoryProperties().memoryTypes[type].propertyFlags & mappable) != mappable) return nullptr;
  void *mapped = nullptr;
  check(vkMapMemory(device.vk(), memory, 0, VK_WHOLE_SIZE, 0, &mapped), "vkMapMemory");
  return static_cast<std::byte *>(mapped);
}

Buffer Buffer::importHost(Device &device, std::byte *host, uint64_t size) {
  const uint64_t alignment = device.hostImportAlignment();
  if (alignment == 0) fail(hipErrorNotSupported, "the device cannot import host memory (VK_EXT_external_memory_host)");
  if (reinterpret_cast<uintptr_t>(host) % alignment != 0 || size % alignment != 0)
    fail(hipErrorNotSupported, "host memory is not aligned as the device imports it (" + std::to_string(alignment) + " bytes)");
  VkDevice vkDevice = device.vk();
  constexpr auto handleType = VK_EXTERNAL_MEMORY_HANDLE_TYPE_HOST_ALLOCATION_BIT_EXT;
  VkMemoryHostPointerPropertiesEXT hostProps{.sType = VK_STRUCTURE_TYPE_MEMORY_HOST_POINTER_PROPERTIES_EXT};
  check(vkGetMemoryHostPointerPropertiesEXT(vkDevice, handleType, host, &hostProps), "vkGetMemoryHostPointerPropertiesEXT");

  Buffer b;
  b.size = size;
  VkExternalMemoryBufferCreateInfo external{.sType = VK_STRUCTURE_TYPE_EXTERNAL_MEMORY_BUFFER_CREATE_INFO,
                                            .handleTypes = handleType};
  VkBuffer buffer = createAddressableBuffer(device, size, &external);
  b.buffer = vk::Buffer(vkDevice, buffer);

  VkMemoryRequirements req;
  vkGetBufferMemoryRequirements(vkDevice, buffer, &req);
  uint32_t type = device.memoryType(MemoryUse::Host, req.memoryTypeBits & hostProps.memoryTypeBits);
  VkImportMemoryHostPointerInfoEXT import{.sType = VK_STRUCTURE_TYPE_IMPORT_MEMORY_HOST_POINTER_INFO_EXT,
                                         .handleType = handleType,
                                         .pHostPointer = host};
  VkMemoryAllocateFlagsInfo flags{.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_FLAGS_INFO,
                                  .pNext = &import,
                                  .flags = VK_MEMORY_ALLOCATE_DEVICE_ADDRESS_BIT};
  VkMemoryAllocateInfo alloc{.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
                             .pNext = &flags,
                             .allocationSize = size,
                             .memoryTypeIndex = type};
  VkDeviceMemory memory = VK_NULL_HANDLE;
  check(vkAllocateMemory(vkDevice, &alloc, nullptr, &memory), "vkAllocateMemory (imported host memory)");
  b.memory = vk::Memory(vkDevice, memory);
  check(vkBindBufferMemory(vkDevice, buffer, memory, 0), "vkBindBufferMemory");
  b.mapped = host;  // the host's own bytes: copies to and from it are plain memcpy
  VkBufferDeviceAddressInfo addressInfo{.sType = VK_STRUCTURE_TYPE_BUFFER_DEVICE_ADDRESS_INFO, .buffer = buffer};
  b.address = vkGetBufferDeviceAddress(vkDevice, &addressInfo);
  return b;
}

void HostPages::Free::operator()(std::byte *p) const { std::free(p); }

HostPages::HostPages(size_t bytes) {
  const size_t page = size_t(sysconf(_SC_PAGESIZE));
  size_ = std::max(page, (bytes + page - 1) / page * page);
  data_.reset(static_cast<std::byte *>(std::aligned_alloc(page, size_)));
  if (!data_) fail(hipErrorOutOfMemory, "host memory for managed variables");
  std::memset(data_.get(), 0, size_);
}

void AllocationTable::insert(uint64_t key, std::shared_ptr<Allocation> allocation) {
  std::unique_lock lock(mutex_);
  byAddress_.emplace(key, std::move(allocation));
}

std::shared_ptr<Allocation> AllocationTable::remove(uint64_t address) {
  std::unique_lock lock(mutex_);
  auto it = byAddress_.find(address);
  if (it == byAddress_.end()) return nullptr;
  std::shared_ptr<Allocation> allocation = std::move(it->second);
  byAddress_.erase(it);
  return allocation;
}

std::optional<Resolved> AllocationTable::find(uint64_t address) const {
  std::shared_lock lock(mutex_);
  auto it = byAddress_.upper_bound(address);  // first allocation starting after `address`
  if (it == byAddress_.begin()) return std::nullopt;
  --it;
  uint64_t offset = address - it->first;
  if (offset >= it->second->size) return std::nullopt;
  return Resolved{it->second, it->second->skew + offset};
}

bool AllocationTable::overlaps(uint64_t begin, uint64_t end) const {
  std::shared_lock lock(mutex_);
  auto it = byAddress_.lower_bound(end);  // first entry starting at or after `end`
  if (it == byAddress_.begin()) return false;
  --it;  // the last entry starting before `end`
  return it->first + it->second->size > begin;
}

void AllocationTable::clear() {
  std::unique_lock lock(mutex_);
  byAddress_.clear();
}

uint64_t AllocationTable::bytesInUse() const {
  std::shared_lock lock(mutex_);
  uint64_t total = 0;
  for (const auto &entry : byAddress_) total += entry.second->buffer.size;
  return total;
}

std::shared_ptr<Allocation> allocate(Device &device, uint64_t size, MemoryKind kind) {
  DeviceHeap::Placed placed = device.heap().allocate(size);
  auto allocation = std::make_shared<Allocation>(
      Allocation{device, std::move(placed.lease), std::move(placed.buffer), size, kind});
  device.allocations().insert(allocation);
  return allocation;
}

std::shared_ptr<Allocation> importHostPages(Device &device, const HostPages &pages) {
  auto allocation = std::make_shared<Allocation>(Allocation{device, nullptr,
                                                            Buffer::importHost(device, pages.data(), pages.size()),
                                                            pages.size(), MemoryKind::ManagedVariables});
  device.allocations().insert(allocation);
  return allocation;
}

namespace {

// Looks `pointer` up in one table of every device that has a logical device, the calling
// thread's device first. Devices without unified addressing (GPUs) have addresses of their own,
// which may coincide with another device's: a pointer is then the current device's (as without
// unified addressing in CUDA), and one that two other devices both hold is refused rather than
// guessed at.
template <typename Table>
std::optional<Resolved> findOnDevices(const void *pointer, Table table) {
  if (!pointer) return std::nullopt;
  Context &context = Context::instance();
  auto address = reinterpret_cast<uint64_t>(pointer);
  std::span<const std::unique_ptr<Device>> devices = context.devices();
  int current = Context::thread().device;
  auto lookIn = [&](Device &device) -> std::optional<Resolved> {
    // A device without a logical device has no allocations; do not create one to find out.
    return device.hasLogical() ? table(device).find(address) : std::nullopt;
  };
  if (size_t(current) < devices.size())
    if (std::optional<Resolved> hit = lookIn(*devices[size_t(current)])) return hit;
  std::optional<Resolved> found;
  for (const std::unique_ptr<Device> &device : devices) {
    if (device->ordinal() == current) continue;
    std::optional<Resolved> hit = lookIn(*device);
    if (!hit) continue;
    if (found) {
      char hex[24];
      std::snprintf(hex, sizeof hex, "0x%llx", static_cast<unsigned long long>(address));
      fail(hipErrorInvalidValue, std::string("address ") + hex + " lies in allocations of devices " +
                                     std::to_string(found->device().ordinal()) + " and " +
                                     std::to_string(device->ordinal()) +
                                     ", which do not share an address space: make its device current, or use hipMemcpyPeer");
    }
    found = std::move(hit);
  }
  return found;
}

}  // namespace

std::optional<Resolved> resolve(const void *pointer) {
  return findOnDevices(pointer, [](Device &d) -> AllocationTable & { return d.allocations(); });
}

std::optional<Resolved> resolveHost(const void *pointer) {
  return findOnDevices(pointer, [](Device &d) -> AllocationTable & { return d.hostAllocations(); });
}

std::optional<Resolved> resolveAny(const void *pointer) {
  std::optional<Resolved> r = resolveHost(pointer);
  return r ? r : resolve(pointer);
}

namespace {

// The allocation `pointer` points into, if any; the copy range must fit inside it.
std::optional<Resolved> resolveRange(const void *pointer, size_t bytes) {
  std::optional<Resolved> r = resolveAny(pointer);
  if (r && bytes > r->bytesLeft()) fail(hipErrorInvalidValue, "copy range exceeds its allocation");
  return r;
}

}  // namespace

void checkCopyKind(std::optional<Resolved> &d, std::optional<Resolved> &s, hipMemcpyKind kind) {
  if (kind != hipMemcpyDefault) {
    // Taking a device address for a host pointer (or the reverse) would touch memory that is not
    // there: refuse, like ROCm's checks.
    bool dstDevice = kind == hipMemcpyHostToDevice || kind == hipMemcpyDeviceToDevice;
    bool srcDevice = kind == hipMemcpyDeviceToHost || kind == hipMemcpyDeviceToDevice;
    // Host-kind memory is host memory as much as device memory: either kind names it correctly.
    auto matches = [](const std::optional<Resolved> &r, bool device) { return r ? device || r->allocation->hostShared() : !device; };
    if (!matches(d, dstDevice) || !matches(s, srcDevice))
      fail(hipErrorInvalidValue, "hipMemcpyKind does not match the pointers");
  }
  // Host memory the other side's device cannot reach (another device's pinned memory) is copied
  // as plain host memory through its host pointer.
  if (d && s && &d->device() != &s->device()) {
    if (d->allocation->hostShared()) d.reset();
    else if (s->allocation->hostShared()) s.reset();
  }
}

namespace {

// A copy between two sides already resolved (null: pageable host memory at `dst` / `src`).
void copyResolved(void *dst, const void *src, const std::optional<Resolved> &d, const std::optional<Resolved> &s,
                  size_t bytes, Stream *stream) {
  // In stream order on `stream` when it belongs to the memory's device, else on its null stream.
  auto on = [&](Device &device) -> Stream & { return stream && &stream->device() == &device ? *stream : device.nullStream(); };
  if (!d && !s) {
    std::memmove(dst, src, bytes);
  } else if (d && !s) {
    on(d->device()).copyHostToDevice(*d, src, bytes);
  } else if (!d && s) {
    on(s->device()).copyDeviceToHost(dst, *s, bytes);
  } else if (&d->device() == &s->device()) {
    if (d->allocation == s->allocation && d->offset < s->offset + bytes && s->offset < d->offset + bytes)
      fail(hipErrorInvalidValue, "overlapping device-to-device copy");
    Stream &target = on(d->device());
    target.copyDeviceToDevice(*d, *s, bytes);
    // A copy that touches host memory has completed when hipMemcpy returns; asynchronous ones
    // stay in stream order (the program keeps the host memory alive, as with CUDA).
    bool touchesHost = d->allocation->hostShared() || s->allocation->hostShared();
    if (touchesHost && !stream) target.synchronize();
  } else {
    std::vector<std::byte> bounce(bytes);  // no peer access between Vulkan devices
    on(s->device()).copyDeviceToHost(bounce.data(), *s, bytes);
    on(d->device()).copyHostToDevice(*d, bounce.data(), bytes);
  }
}

}  // namespace

void copyMemory(void *dst, const void *src, size_t bytes, hipMemcpyKind kind, Stream *stream) {
  if (bytes == 0) return;
  if (!dst || !src) fail(hipErrorInvalidValue, "null pointer");
  // Pinned, registered and managed memory is device memory to a copy, whichever pointer names it:
  // the device reads and writes it directly, with no staging copy on the host.
  std::optional<Resolved> d = resolveRange(dst, bytes);
  std::optional<Resolved> s = resolveRange(src, bytes);
  checkCopyKind(d, s, kind);
  copyResolved(dst, src, d, s, bytes, stream);
}

void copyPeer(void *dst, Device &dstDevice, const void *src, Device &srcDevice, size_t bytes, Stream *stream) {
  if (bytes == 0) return;
  if (!dst || !src) fail(hipErrorInvalidValue, "null pointer");
  // Looked up on the named devices only: their addresses need not be unified.
  auto lookUp = [&](Device &device, const void *pointer) {
    std::optional<Resolved> r =
        device.hasLogical() ? device.allocations().find(reinterpret_cast<uint64_t>(pointer)) : std::nullopt;
    if (!r) fail(hipErrorInvalidValue, "pointer is not memory of device " + std::to_string(device.ordinal()));
    if (bytes > r->bytesLeft()) fail(hipErrorInvalidValue, "copy range exceeds its allocation");
    return r;
  };
  std::optional<Resolved> d = lookUp(dstDevice, dst), s = lookUp(srcDevice, src);
  copyResolved(dst, src, d, s, bytes, stream);
}

}  // namespace hipvk
