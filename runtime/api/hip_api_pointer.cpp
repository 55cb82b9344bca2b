// Pointer queries: hipPointerGetAttributes / hipPointerGetAttribute, hipMemPtrGetInfo and
// hipMemGetAddressRange, for device, pinned, registered and managed memory and plain host memory.
#include "api/api.h"
#include "device/device.h"
#include "memory/memory.h"

#include <cstring>

using namespace hipvk;

namespace {

// What ROCm 6 answers for a pointer hipvk knows; `byHost`: the pointer is a host address.
struct PointerFacts {
  Resolved where;
  bool byHost;

  const Allocation &allocation() const { return *where.allocation; }
  uint64_t offsetInAllocation() const { return where.offset - allocation().skew; }
  hipMemoryType type() const {
    switch (allocation().kind) {
      case MemoryKind::Device:
      case MemoryKind::Runtime: return hipMemoryTypeDevice;
      case MemoryKind::Pinned:
      case MemoryKind::Registered: return hipMemoryTypeHost;
      case MemoryKind::Managed:
      case MemoryKind::ManagedVariables: return hipMemoryTypeManaged;
    }
    return hipMemoryTypeUnregistered;
  }
  void *devicePointer() const { return reinterpret_cast<void *>(where.deviceAddress()); }
  void *hostPointer() const {
    std::byte *host = allocation().host();
    return allocation().hostShared() && host ? host + offsetInAllocation() : nullptr;
  }
  // The allocation's first byte, in the same address space as the pointer asked about.
  void *rangeStart() const {
    return byHost ? static_cast<void *>(allocation().host()) : reinterpret_cast<void *>(allocation().start());
  }
};

std::optional<PointerFacts> factsOf(const void *ptr) {
  if (std::optional<Resolved> r = resolveHost(ptr)) return PointerFacts{*r, true};
  if (std::optional<Resolved> r = resolve(ptr)) return PointerFacts{*r, false};
  return std::nullopt;
}

template <typename T>
void store(void *data, T value) {
  std::memcpy(data, &value, sizeof(T));
}

}  // namespace

extern "C" {

hipError_t hipPointerGetAttributes(hipPointerAttribute_t *attributes, const void *ptr) {
  return api::call(__func__, [&] {
    api::requireNonNull(attributes);
    api::requireNonNull(ptr);
    *attributes = hipPointerAttribute_t{};
    std::optional<PointerFacts> facts = factsOf(ptr);
    if (!facts) {
      // ROCm 6: success, and the type says the memory is unknown to the runtime.
      attributes->type = hipMemoryTypeUnregistered;
      attributes->device = hipInvalidDeviceId;
      return;
    }
    attributes->type = facts->type();
    attributes->device = facts->where.device().ordinal();
    attributes->devicePointer = facts->devicePointer();
    attributes->hostPointer = facts->hostPointer();
    attributes->isManaged = facts->type() == hipMemoryTypeManaged;
    attributes->allocationFlags = facts->allocation().flags;
  });
}

hipError_t hipPointerGetAttribute(void *data, hipPointer_attribute attribute, hipDeviceptr_t ptr) {
  return api::call(__func__, [&] {
    api::requireNonNull(data);
    api::requireNonNull(ptr);
    std::optional<PointerFacts> facts = factsOf(ptr);
    if (!facts) fail(hipErrorInvalidValue, "not memory hipvk allocated or registered");
    const Allocation &a = facts->allocation();
    switch (api::enumValue(attribute)) {
      case HIP_POINTER_ATTRIBUTE_MEMORY_TYPE: store<unsigned>(data, unsigned(facts->type())); break;
      case HIP_POINTER_ATTRIBUTE_DEVICE_POINTER: store(data, facts->devicePointer()); break;
      case HIP_POINTER_ATTRIBUTE_HOST_POINTER: store(data, facts->hostPointer()); break;
      case HIP_POINTER_ATTRIBUTE_SYNC_MEMOPS: store<bool>(data, true); break;  // every copy is ordered
      case HIP_POINTER_ATTRIBUTE_BUFFER_ID: store<unsigned long long>(data, reinterpret_cast<uintptr_t>(&a)); break;
      case HIP_POINTER_ATTRIBUTE_IS_MANAGED: store<bool>(data, facts->type() == hipMemoryTypeManaged); break;
      case HIP_POINTER_ATTRIBUTE_DEVICE_ORDINAL: store<int>(data, facts->where.device().ordinal()); break;
      case HIP_POINTER_ATTRIBUTE_RANGE_START_ADDR: store(data, facts->rangeStart()); break;
      case HIP_POINTER_ATTRIBUTE_RANGE_SIZE: store<size_t>(data, size_t(a.size)); break;
      case HIP_POINTER_ATTRIBUTE_MAPPED: store<bool>(data, true); break;
      case HIP_POINTER_ATTRIBUTE_IS_LEGACY_HIP_IPC_CAPABLE:
      case HIP_POINTER_ATTRIBUTE_IS_GPU_DIRECT_RDMA_CAPABLE: store<bool>(data, false); break;
      case HIP_POINTER_ATTRIBUTE_ALLOWED_HANDLE_TYPES: store<unsigned long long>(data, 0); break;  // no IPC
      default:
        fail(hipErrorNotSupported, "this pointer attribute (contexts, P2P tokens, access flags, pools)");
    }
  });
}

hipError_t hipMemPtrGetInfo(void *ptr, size_t *size) {
  return api::call(__func__, [&] {
    api::requireNonNull(ptr);
    api::requireNonNull(size);
    std::optional<PointerFacts> facts = factsOf(ptr);
    if (!facts) fail(hipErrorInvalidValue, "not memory hipvk allocated or registered");
    *size = size_t(facts->allocation().size);
  });
}

hipError_t hipMemGetAddressRange(hipDeviceptr_t *pbase, size_t *psize, hipDeviceptr_t dptr) {
  return api::call(__func__, [&] {
    std::optional<PointerFacts> facts = dptr ? factsOf(dptr) : std::nullopt;
    if (!facts) fail(hipErrorNotFound, "not device memory");
    if (pbase) *pbase = facts->rangeStart();
    if (psize) *psize = size_t(facts->allocation().size);
  });
}

}  // extern "C"
