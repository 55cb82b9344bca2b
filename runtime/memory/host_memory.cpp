#include "memory/host_memory.h"

#include <algorithm>
#include <string>

#include "device/device.h"
#include "api/error.h"

namespace hipvk {

namespace {

constexpr unsigned kHostMallocFlags = hipHostMallocPortable | hipHostMallocMapped | hipHostMallocWriteCombined |
                                      hipHostMallocNumaUser | hipHostMallocCoherent | hipHostMallocNonCoherent;
constexpr unsigned kRegisterFlags = hipHostRegisterPortable | hipHostRegisterMapped | hipHostRegisterIoMemory |
                                    hipHostRegisterReadOnly;

// Enters a host-kind allocation in both of its device's tables.
std::shared_ptr<Allocation> enter(std::shared_ptr<Allocation> allocation) {
  Device &device = allocation->device;
  device.hostAllocations().insert(reinterpret_cast<uint64_t>(allocation->host()), allocation);
  device.allocations().insert(allocation);
  return allocation;
}

}  // namespace

std::shared_ptr<Allocation> allocatePinned(Device &device, size_t bytes, unsigned flags) {
  if (flags & ~kHostMallocFlags) fail(hipErrorInvalidValue, "unknown hipHostMalloc flags");
  if ((flags & hipHostMallocCoherent) && (flags & hipHostMallocNonCoherent))
    fail(hipErrorInvalidValue, "hipHostMallocCoherent and hipHostMallocNonCoherent together");
  // Every host-visible memory type hipvk maps is coherent, so NonCoherent gets coherent memory
  // (stronger than asked); WriteCombined prefers an uncached type.
  MemoryUse use = flags & hipHostMallocWriteCombined ? MemoryUse::HostWriteCombined : MemoryUse::Host;
  Buffer buffer = Buffer::create(device, bytes, use);
  if (!buffer.mapped) fail(hipErrorOutOfMemory, "the device offers no host-visible coherent memory");
  return enter(std::make_shared<Allocation>(
      Allocation{device, nullptr, std::move(buffer), bytes, MemoryKind::Pinned, 0, flags}));
}

std::shared_ptr<Allocation> allocateManaged(Device &device, size_t bytes, unsigned flags) {
  if (flags != hipMemAttachGlobal && flags != hipMemAttachHost)
    fail(hipErrorInvalidValue, "hipMallocManaged takes hipMemAttachGlobal or hipMemAttachHost");
  if (!device.supportsManagedMemory())
    fail(hipErrorNotSupported, "managed memory: the device's host mappings are not at its device addresses");
  Buffer buffer = Buffer::create(device, bytes, MemoryUse::Host);
  if (!buffer.mapped || reinterpret_cast<uint64_t>(buffer.mapped) != buffer.address)
    fail(hipErrorNotSupported, "managed memory: this mapping is not at its device address");
  return enter(std::make_shared<Allocation>(Allocation{device, nullptr, std::move(buffer), bytes, MemoryKind::Managed,
                                                       0, flags, std::make_shared<ManagedAdvice>()}));
}

std::shared_ptr<Allocation> registerHostMemory(Device &device, void *host, size_t bytes, unsigned flags) {
  if (!host || bytes == 0) fail(hipErrorInvalidValue, "hipHostRegister needs a pointer and a size");
  if (flags & ~kRegisterFlags) fail(hipErrorInvalidValue, "unknown hipHostRegister flags");
  if (flags & hipHostRegisterIoMemory) fail(hipErrorNotSupported, "hipHostRegisterIoMemory (device memory of other devices)");
  const auto begin = reinterpret_cast<uint64_t>(host);
  if (bytes > UINT64_MAX - begin) fail(hipErrorInvalidValue, "range wraps around");
  if (device.hostAllocations().overlaps(begin, begin + bytes))
    fail(hipErrorHostMemoryAlreadyRegistered, "part of the range is registered or pinned already");
  const uint64_t alignment = device.hostImportAlignment();
  if (alignment == 0)
    fail(hipErrorNotSupported, "the device cannot import host memory (no VK_EXT_external_memory_host)");
  // Whole pages are imported: the pages holding the range are mapped, so the rounding is safe.
  const uint64_t first = begin / alignment * alignment;
  const uint64_t end = (begin + bytes + alignment - 1) / alignment * alignment;
  Buffer buffer = Buffer::importHost(device, reinterpret_cast<std::byte *>(first), end - first);
  return enter(std::make_shared<Allocation>(
      Allocation{device, nullptr, std::move(buffer), bytes, MemoryKind::Registered, begin - first, flags}));
}

void releaseHostMemory(const void *host, std::initializer_list<MemoryKind> kinds, hipError_t error) {
  std::optional<Resolved> r = resolveHost(host);
  if (!r || r->offset != r->allocation->skew ||
      std::find(kinds.begin(), kinds.end(), r->allocation->kind) == kinds.end())
    fail(error, "not the start of a live allocation of this kind");
  Device &device = r->device();
  device.synchronize();  // queued work may still use it
  device.allocations().remove(r->allocation->start());
  device.hostAllocations().remove(reinterpret_cast<uint64_t>(host));
}

}  // namespace hipvk
