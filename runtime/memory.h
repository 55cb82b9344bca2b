// Device memory: buffers with a device address, hipMalloc'ed allocations, and the per-device
// address -> allocation table that resolves any pointer into an allocation.
#pragma once

#include <hip/hip_runtime_api.h>

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <shared_mutex>

#include "device.h"
#include "vulkan.h"

namespace hipvk {

class Stream;

// A VkBuffer bound to its own memory, usable through its device address. `mapped` is set when the
// memory is host visible and coherent.
struct Buffer {
  vk::Buffer buffer;
  vk::Memory memory;
  uint64_t address = 0;
  uint64_t size = 0;
  std::byte *mapped = nullptr;

  // Throws hipErrorOutOfMemory when the device cannot hold `size` bytes in one buffer.
  static Buffer create(Device &device, uint64_t size, MemoryUse use);
  // A buffer over host memory the device imports (VK_EXT_external_memory_host): the device reads
  // and writes those very bytes. `host` and `size` are multiples of hostImportAlignment(). Throws
  // hipErrorNotSupported on a device that cannot import host memory.
  static Buffer importHost(Device &device, std::byte *host, uint64_t size);
};

// Zeroed, page-aligned host memory of whole pages that devices can import: the storage of
// __managed__ variables, which host code reads and writes in place while kernels reach it through
// each device's imported buffer. Its address never changes, so it can exist before any device.
class HostPages {
 public:
  explicit HostPages(size_t bytes);
  std::byte *data() const { return data_.get(); }
  size_t size() const { return size_; }

 private:
  struct Free {
    void operator()(std::byte *p) const;
  };
  std::unique_ptr<std::byte, Free> data_;
  size_t size_;
};

// One hipMalloc (userOwned) or one runtime-owned region such as a module's global segment, which
// hipFree must refuse.
struct Allocation {
  Device &device;
  Buffer buffer;
  uint64_t size;  // what the user asked for; the buffer may be larger
  bool userOwned;
  bool hostShared = false;  // the host's own memory (managed storage): its host pointer is valid too

  uint64_t address() const { return buffer.address; }
};

// An allocation and the offset of a pointer inside it.
struct Resolved {
  std::shared_ptr<Allocation> allocation;
  uint64_t offset = 0;

  Device &device() const { return allocation->device; }
  uint64_t bytesLeft() const { return allocation->size - offset; }
};

// Thread-safe interval map from device addresses to the live allocations of one device.
class AllocationTable {
 public:
  void insert(std::shared_ptr<Allocation> allocation);
  // Removes the allocation that starts exactly at `address`; null if there is none.
  std::shared_ptr<Allocation> remove(uint64_t address);
  // The allocation containing `address` (interior pointers included, one-past-the-end excluded).
  std::optional<Resolved> find(uint64_t address) const;
  void clear();
  uint64_t bytesInUse() const;

 private:
  mutable std::shared_mutex mutex_;
  std::map<uint64_t, std::shared_ptr<Allocation>> byAddress_;
};

// Allocates `size` (> 0) bytes of device memory and registers it in the device's table.
std::shared_ptr<Allocation> allocate(Device &device, uint64_t size, bool userOwned);
// Makes `pages` device memory of `device` (registered in its table, runtime-owned).
std::shared_ptr<Allocation> importHostPages(Device &device, const HostPages &pages);

// Finds the device allocation `pointer` points into: on the calling thread's device first (device
// addresses of different devices may coincide), then on the others. Never creates a device.
std::optional<Resolved> resolve(const void *pointer);

// hipMemcpy: every hipMemcpyKind; explicit kinds must agree with what the pointers are.
void copyMemory(void *dst, const void *src, size_t bytes, hipMemcpyKind kind, Stream *stream = nullptr);

}  // namespace hipvk
