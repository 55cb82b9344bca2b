// Allocation, copies, fills, pointer queries and module globals (symbols).
#include "api.h"
#include "device.h"
#include "memory.h"
#include "module.h"
#include "stream.h"

using namespace hipvk;

namespace {

Symbol findSymbol(const void *symbol) {
  std::optional<Symbol> s = Context::instance().registry().symbol(symbol);
  if (!s) fail(hipErrorInvalidSymbol, "no device variable is registered for this host variable");
  return *s;
}

// The symbol's device address on the calling thread's device (creating the module there).
std::byte *symbolAddress(const Symbol &s) {
  uint64_t segment = s.module->instance(Context::instance().currentDevice()).segmentAddress();
  return reinterpret_cast<std::byte *>(segment + s.info->offset);
}

void checkSymbolRange(const Symbol &s, size_t bytes, size_t offset) {
  if (offset > s.info->size || bytes > s.info->size - offset)
    fail(hipErrorInvalidValue, "range exceeds the symbol");
}

// The device allocation a fill targets; the range must lie inside it.
Resolved fillTarget(const void *dst, size_t bytes) {
  if (!dst) fail(hipErrorInvalidValue, "null pointer");
  std::optional<Resolved> r = resolve(dst);
  if (!r || bytes > r->bytesLeft()) fail(hipErrorInvalidValue, "not device memory, or range exceeds the allocation");
  return *r;
}

}  // namespace

extern "C" {

hipError_t hipMalloc(void **ptr, size_t size) {
  return api::call(__func__, [&] {
    api::requireNonNull(ptr);
    *ptr = nullptr;
    if (size == 0) return;
    std::shared_ptr<Allocation> a = allocate(Context::instance().currentDevice(), size, true);
    *ptr = reinterpret_cast<void *>(a->address());
  });
}

hipError_t hipFree(void *ptr) {
  return api::call(__func__, [&] {
    if (!ptr) return;
    std::optional<Resolved> r = resolve(ptr);
    if (!r || r->offset != 0 || !r->allocation->userOwned)
      fail(hipErrorInvalidValue, "not the start of a live hipMalloc allocation");
    Device &device = r->device();
    device.synchronize();  // queued work may still use it
    device.allocations().remove(r->allocation->address());
  });
}

hipError_t hipMemGetInfo(size_t *free, size_t *total) {
  return api::call(__func__, [&] {
    api::requireNonNull(free);
    api::requireNonNull(total);
    Device &device = Context::instance().currentDevice();
    *total = device.hipProperties().totalGlobalMem;
    *free = std::min(device.freeMemory(), *total);
  });
}

hipError_t hipPointerGetAttributes(hipPointerAttribute_t *attributes, const void *ptr) {
  return api::call(__func__, [&] {
    api::requireNonNull(attributes);
    api::requireNonNull(ptr);
    std::optional<Resolved> r = resolve(ptr);
    if (!r) fail(hipErrorInvalidValue, "not a pointer hipvk knows");
    *attributes = hipPointerAttribute_t{};
    attributes->type = hipMemoryTypeDevice;
    attributes->device = r->device().ordinal();
    attributes->devicePointer = const_cast<void *>(ptr);
  });
}

hipError_t hipMemcpy(void *dst, const void *src, size_t sizeBytes, hipMemcpyKind kind) {
  return api::call(__func__, [&] { copyMemory(dst, src, sizeBytes, kind); });
}

hipError_t hipMemset(void *dst, int value, size_t sizeBytes) {
  return api::call(__func__, [&] {
    Resolved r = fillTarget(dst, sizeBytes);
    if (sizeBytes > 0) r.device().nullStream().fillBytes(r, uint8_t(value), sizeBytes);
  });
}

hipError_t hipMemsetD32(hipDeviceptr_t dest, int value, size_t count) {
  return api::call(__func__, [&] {
    if (count > SIZE_MAX / 4) fail(hipErrorInvalidValue, "count too large");
    Resolved r = fillTarget(dest, count * 4);
    if (reinterpret_cast<uintptr_t>(dest) % 4 != 0) fail(hipErrorInvalidValue, "hipMemsetD32 needs 4-byte alignment");
    if (count > 0) r.device().nullStream().fillWords(r, uint32_t(value), count);
  });
}

hipError_t hipGetSymbolAddress(void **devPtr, const void *symbol) {
  return api::call(__func__, [&] {
    api::requireNonNull(devPtr);
    *devPtr = symbolAddress(findSymbol(symbol));
  });
}

hipError_t hipGetSymbolSize(size_t *size, const void *symbol) {
  return api::call(__func__, [&] {
    api::requireNonNull(size);
    *size = size_t(findSymbol(symbol).info->size);
  });
}

hipError_t hipMemcpyToSymbol(const void *symbol, const void *src, size_t sizeBytes, size_t offset,
                             hipMemcpyKind kind) {
  return api::call(__func__, [&] {
    if (kind != hipMemcpyHostToDevice && kind != hipMemcpyDeviceToDevice && kind != hipMemcpyDefault)
      fail(hipErrorInvalidMemcpyDirection, "copies to a symbol come from the host or the device");
    Symbol s = findSymbol(symbol);
    checkSymbolRange(s, sizeBytes, offset);
    copyMemory(symbolAddress(s) + offset, src, sizeBytes, kind);
  });
}

hipError_t hipMemcpyFromSymbol(void *dst, const void *symbol, size_t sizeBytes, size_t offset,
                               hipMemcpyKind kind) {
  return api::call(__func__, [&] {
    if (kind != hipMemcpyDeviceToHost && kind != hipMemcpyDeviceToDevice && kind != hipMemcpyDefault)
      fail(hipErrorInvalidMemcpyDirection, "copies from a symbol go to the host or the device");
    Symbol s = findSymbol(symbol);
    checkSymbolRange(s, sizeBytes, offset);
    copyMemory(dst, symbolAddress(s) + offset, sizeBytes, kind);
  });
}

}  // extern "C"
