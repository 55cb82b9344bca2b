// Pinned host memory (hipHostMalloc), registered host memory (hipHostRegister) and managed memory
// (hipMallocManaged and its advice), over runtime/memory/host_memory.h.
#include "api/api.h"
#include "device/device.h"
#include "memory/host_memory.h"
#include "memory/memory.h"
#include "execution/stream.h"

#include <algorithm>
#include <cstring>

using namespace hipvk;

namespace {

void hostMalloc(void **ptr, size_t size, unsigned flags) {
  api::requireNonNull(ptr);
  *ptr = nullptr;
  if (size == 0) return;
  *ptr = allocatePinned(Context::instance().currentDevice(), size, flags)->host();
}

// The managed allocation [ptr, ptr + count) lies in; hipErrorInvalidValue otherwise.
Resolved managedRange(const void *ptr, size_t count) {
  std::optional<Resolved> r = ptr ? resolveAny(ptr) : std::nullopt;
  if (!r || r->allocation->kind != MemoryKind::Managed || count == 0 || count > r->bytesLeft())
    fail(hipErrorInvalidValue, "not a range of managed memory");
  return *r;
}

// A device ordinal or hipCpuDeviceId, as advice and prefetches name locations.
void checkLocation(int device) {
  if (device == hipCpuDeviceId) return;
  if (device < 0 || size_t(device) >= Context::instance().devices().size())
    fail(hipErrorInvalidDevice, "no such device");
}

// `attribute` by reference: read as an integer (api::enumValue), whatever the caller passed.
void rangeAttribute(void *data, size_t dataSize, const hipMemRangeAttribute &attribute, const Resolved &r) {
  if (!data) fail(hipErrorInvalidValue, "null data");
  ManagedAdvice &advice = *r.allocation->advice;
  std::lock_guard lock(advice.mutex);
  auto storeInt = [&](int value) {
    if (dataSize != sizeof(int)) fail(hipErrorInvalidValue, "this attribute is 4 bytes");
    std::memcpy(data, &value, sizeof(int));
  };
  switch (api::enumValue(attribute)) {
    case hipMemRangeAttributeReadMostly: storeInt(advice.readMostly); break;
    case hipMemRangeAttributePreferredLocation: storeInt(advice.preferredLocation); break;
    case hipMemRangeAttributeLastPrefetchLocation: storeInt(advice.lastPrefetchLocation); break;
    case hipMemRangeAttributeCoherencyMode:
      storeInt(advice.coarseGrain ? hipMemRangeCoherencyModeCoarseGrain : hipMemRangeCoherencyModeFineGrain);
      break;
    case hipMemRangeAttributeAccessedBy: {
      // Devices that were advised, then hipInvalidDeviceId in the slots left over.
      if (dataSize % sizeof(int) != 0) fail(hipErrorInvalidValue, "accessed-by data is a whole number of ints");
      size_t slots = dataSize / sizeof(int);
      for (size_t i = 0; i < slots; ++i) {
        int value = i < advice.accessedBy.size() ? advice.accessedBy[i] : hipInvalidDeviceId;
        std::memcpy(static_cast<int *>(data) + i, &value, sizeof(int));
      }
      break;
    }
    default: fail(hipErrorInvalidValue, "unknown memory range attribute");
  }
}

}  // namespace

extern "C" {

hipError_t hipHostMalloc(void **ptr, size_t size, unsigned int flags) {
  return api::call(__func__, [&] { hostMalloc(ptr, size, flags); });
}

hipError_t hipHostAlloc(void **ptr, size_t size, unsigned int flags) {
  return api::call(__func__, [&] { hostMalloc(ptr, size, flags); });
}

hipError_t hipMallocHost(void **ptr, size_t size) {
  return api::call(__func__, [&] { hostMalloc(ptr, size, hipHostMallocDefault); });
}

hipError_t hipHostFree(void *ptr) {
  return api::call(__func__, [&] {
    if (ptr) releaseHostMemory(ptr, {MemoryKind::Pinned}, hipErrorInvalidValue);
  });
}

hipError_t hipFreeHost(void *ptr) {
  return api::call(__func__, [&] {
    if (ptr) releaseHostMemory(ptr, {MemoryKind::Pinned}, hipErrorInvalidValue);
  });
}

hipError_t hipHostGetDevicePointer(void **devPtr, void *hstPtr, unsigned int flags) {
  return api::call(__func__, [&] {
    api::requireNonNull(devPtr);
    api::requireNonNull(hstPtr);
    if (flags != 0) fail(hipErrorInvalidValue, "hipHostGetDevicePointer's flags must be 0");
    std::optional<Resolved> r = resolveHost(hstPtr);
    if (!r) fail(hipErrorInvalidValue, "not pinned, registered or managed host memory");
    *devPtr = reinterpret_cast<void *>(r->deviceAddress());
  });
}

hipError_t hipHostGetFlags(unsigned int *flagsPtr, void *hostPtr) {
  return api::call(__func__, [&] {
    api::requireNonNull(flagsPtr);
    api::requireNonNull(hostPtr);
    std::optional<Resolved> r = resolveHost(hostPtr);
    if (!r || r->allocation->kind == MemoryKind::Managed)
      fail(hipErrorInvalidValue, "not pinned or registered host memory");
    *flagsPtr = r->allocation->flags;
  });
}

hipError_t hipHostRegister(void *hostPtr, size_t sizeBytes, unsigned int flags) {
  return api::call(__func__, [&] {
    registerHostMemory(Context::instance().currentDevice(), hostPtr, sizeBytes, flags);
  });
}

hipError_t hipHostUnregister(void *hostPtr) {
  return api::call(__func__, [&] {
    api::requireNonNull(hostPtr);
    releaseHostMemory(hostPtr, {MemoryKind::Registered}, hipErrorHostMemoryNotRegistered);
  });
}

hipError_t hipMallocManaged(void **dev_ptr, size_t size, unsigned int flags) {
  return api::call(__func__, [&] {
    api::requireNonNull(dev_ptr);
    *dev_ptr = nullptr;
    if (size == 0) fail(hipErrorInvalidValue, "hipMallocManaged of 0 bytes");
    *dev_ptr = allocateManaged(Context::instance().currentDevice(), size, flags)->host();
  });
}

// Managed memory never moves (host and device share it): a prefetch is recorded, in stream order.
hipError_t hipMemPrefetchAsync(const void *dev_ptr, size_t count, int device, hipStream_t stream) {
  return api::call(__func__, [&] {
    Resolved r = managedRange(dev_ptr, count);
    checkLocation(device);
    streamFor(Context::instance().currentDevice(), stream);
    std::lock_guard lock(r.allocation->advice->mutex);
    r.allocation->advice->lastPrefetchLocation = device;
  });
}

hipError_t hipMemAdvise(const void *dev_ptr, size_t count, hipMemoryAdvise advice, int device) {
  return api::call(__func__, [&] {
    Resolved r = managedRange(dev_ptr, count);
    ManagedAdvice &a = *r.allocation->advice;
    std::lock_guard lock(a.mutex);
    auto location = [&] {
      checkLocation(device);
      return device;
    };
    switch (api::enumValue(advice)) {
      case hipMemAdviseSetReadMostly: a.readMostly = true; break;
      case hipMemAdviseUnsetReadMostly: a.readMostly = false; break;
      case hipMemAdviseSetPreferredLocation: a.preferredLocation = location(); break;
      case hipMemAdviseUnsetPreferredLocation: a.preferredLocation = hipInvalidDeviceId; break;
      case hipMemAdviseSetAccessedBy:
        if (std::find(a.accessedBy.begin(), a.accessedBy.end(), location()) == a.accessedBy.end())
          a.accessedBy.push_back(device);
        break;
      case hipMemAdviseUnsetAccessedBy: std::erase(a.accessedBy, location()); break;
      case hipMemAdviseSetCoarseGrain: a.coarseGrain = true; break;
      case hipMemAdviseUnsetCoarseGrain: a.coarseGrain = false; break;
      default: fail(hipErrorInvalidValue, "unknown hipMemoryAdvise");
    }
  });
}

hipError_t hipMemRangeGetAttribute(void *data, size_t data_size, hipMemRangeAttribute attribute, const void *dev_ptr,
                                   size_t count) {
  return api::call(__func__, [&] { rangeAttribute(data, data_size, attribute, managedRange(dev_ptr, count)); });
}

hipError_t hipMemRangeGetAttributes(void **data, size_t *data_sizes, hipMemRangeAttribute *attributes,
                                    size_t num_attributes, const void *dev_ptr, size_t count) {
  return api::call(__func__, [&] {
    if (!data || !data_sizes || !attributes || num_attributes == 0) fail(hipErrorInvalidValue, "null arrays");
    Resolved r = managedRange(dev_ptr, count);
    for (size_t i = 0; i < num_attributes; ++i) rangeAttribute(data[i], data_sizes[i], attributes[i], r);
  });
}

}  // extern "C"
