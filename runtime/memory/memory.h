// Device memory: buffers with a device address, hipMalloc'ed allocations, and the per-device
// address -> allocation table that resolves any pointer into an allocation.
#pragma once

#include <hip/hip_runtime_api.h>

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <mutex>
#include <shared_mutex>
#include <string>
#include <vector>

#include "device/device.h"
#include "device/vulkan.h"

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
  // A buffer of `size` bytes over `memory` (not owned) at `offset`; `mapped` is the host address
  // of that offset, or null. The caller has checked the buffer's memory requirements.
  static Buffer bind(Device &device, vk::Buffer buffer, VkDeviceMemory memory, uint64_t offset, uint64_t size,
                     std::byte *mapped);
  // An unbound buffer that kernels can address and copies can use, `size` rounded to whole words
  // (hipMemset patches the last partial word of a range in place).
  static vk::Buffer createUnbound(Device &device, uint64_t size);
  // A buffer over host memory the device imports (VK_EXT_external_memory_host): the device reads
  // and writes those very bytes. `host` and `size` are multiples of hostImportAlignment(). Throws
  // hipErrorNotSupported on a device that cannot import host memory.
  static Buffer importHost(Device &device, std::byte *host, uint64_t size);
};

// Device memory of memory type `type` whose buffers have device addresses; throws
// hipErrorOutOfMemory (through check) when the driver refuses.
vk::Memory allocateDeviceMemory(Device &device, uint64_t bytes, uint32_t type);
// The whole of `memory` mapped, when its type is host visible and coherent; else null.
std::byte *mapIfHostVisible(Device &device, VkDeviceMemory memory, uint32_t type);

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

// What an allocation is, for hipFree, hipHostFree and the pointer queries.
enum class MemoryKind {
  Device,            // hipMalloc and friends
  Runtime,           // owned by the runtime (a module's global segment): no hipFree
  Pinned,            // hipHostMalloc: host memory the device reaches
  Registered,        // hipHostRegister: the program's own memory, imported
  Managed,           // hipMallocManaged: one address for host and device
  ManagedVariables,  // a module's __managed__ storage (runtime-owned)
};

// hipMemAdvise's advice and hipMemPrefetchAsync's last target for one managed allocation (the
// memory never moves: they are remembered for hipMemRangeGetAttribute).
struct ManagedAdvice {
  std::mutex mutex;
  bool readMostly = false;
  int preferredLocation = hipInvalidDeviceId;
  int lastPrefetchLocation = hipInvalidDeviceId;
  std::vector<int> accessedBy;
  bool coarseGrain = false;
};

// One allocation of device-reachable memory. Host kinds (everything but Device and Runtime) are
// host memory as much as device memory: `buffer.mapped` is valid.
struct Allocation {
  Device &device;
  std::shared_ptr<void> lease;  // sub-allocated memory: returned to the heap after `buffer` is gone
  Buffer buffer;
  uint64_t size;  // what the user asked for; the buffer may be larger
  MemoryKind kind;
  uint64_t skew = 0;   // offset of the first byte in `buffer` (registered memory starts mid-page)
  unsigned flags = 0;  // the hipHostMalloc / hipHostRegister / hipMallocManaged flags
  std::shared_ptr<ManagedAdvice> advice;  // Managed only
  // A module's segment: its initial bytes, where the module's constants (the string literals
  // device printf sends by address) stay as they are. Runtime only.
  std::shared_ptr<const std::string> initialBytes;

  uint64_t address() const { return buffer.address; }  // of the buffer's first byte
  uint64_t start() const { return buffer.address + skew; }  // device address of the first byte
  std::byte *host() const { return buffer.mapped ? buffer.mapped + skew : nullptr; }
  bool userOwned() const { return kind == MemoryKind::Device; }
  bool hostShared() const { return kind != MemoryKind::Device && kind != MemoryKind::Runtime; }
};

// An allocation and the offset of a pointer inside its buffer.
struct Resolved {
  std::shared_ptr<Allocation> allocation;
  uint64_t offset = 0;

  Device &device() const { return allocation->device; }
  uint64_t bytesLeft() const { return allocation->skew + allocation->size - offset; }
  uint64_t deviceAddress() const { return allocation->address() + offset; }
};

// Thread-safe interval map from addresses (device addresses, or host addresses of host kinds) to
// the live allocations of one device; an entry covers [key, key + size).
class AllocationTable {
 public:
  void insert(uint64_t key, std::shared_ptr<Allocation> allocation);
  void insert(std::shared_ptr<Allocation> allocation) {
    uint64_t key = allocation->start();
    insert(key, std::move(allocation));
  }
  // Removes the entry whose key is `address`; null if there is none.
  std::shared_ptr<Allocation> remove(uint64_t address);
  // The allocation containing `address` (interior pointers included, one-past-the-end excluded).
  std::optional<Resolved> find(uint64_t address) const;
  // Whether any entry covers a byte of [begin, end).
  bool overlaps(uint64_t begin, uint64_t end) const;
  void clear();
  uint64_t bytesInUse() const;

 private:
  mutable std::shared_mutex mutex_;
  std::map<uint64_t, std::shared_ptr<Allocation>> byAddress_;
};

// Allocates `size` (> 0) bytes of device memory (from the device's heap) and registers it in the
// device's table; `kind` is Device or Runtime.
std::shared_ptr<Allocation> allocate(Device &device, uint64_t size, MemoryKind kind);
// Makes `pages` device memory of `device` (registered in its table, runtime-owned).
std::shared_ptr<Allocation> importHostPages(Device &device, const HostPages &pages);

// Finds the device allocation `pointer` points into: on the calling thread's device first (device
// addresses of different devices may coincide), then on the others. Never creates a device.
std::optional<Resolved> resolve(const void *pointer);
// Finds the host-kind allocation (pinned, registered, managed) whose host bytes `pointer` points
// into, on the calling thread's device first.
std::optional<Resolved> resolveHost(const void *pointer);
// resolveHost, else resolve: what a copy or query makes of any pointer.
std::optional<Resolved> resolveAny(const void *pointer);

// Copy kinds here are hipMemcpyKind values: the API entry points check the caller's integer with
// api::copyKind (hipErrorInvalidMemcpyDirection) before any of these sees it.
// Checks that an explicit `kind` agrees with what the two sides are (null: pageable host memory);
// drops the device side of host-kind memory that the other side's device cannot reach.
void checkCopyKind(std::optional<Resolved> &dst, std::optional<Resolved> &src, hipMemcpyKind kind);

// hipMemcpy: every hipMemcpyKind; explicit kinds must agree with what the pointers are.
void copyMemory(void *dst, const void *src, size_t bytes, hipMemcpyKind kind, Stream *stream = nullptr);
// hipMemcpyPeer: `dst` and `src` are device memory of the devices named (looked up there only).
void copyPeer(void *dst, Device &dstDevice, const void *src, Device &srcDevice, size_t bytes, Stream *stream = nullptr);

}  // namespace hipvk
