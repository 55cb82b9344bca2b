// Device allocation, copies, fills and module globals (symbols). Host memory and managed memory:
// hip_api_host_memory.cpp; pitched and 3-D memory: hip_api_memory_2d.cpp; pointer queries:
// hip_api_pointer.cpp.
#include "api/api.h"
#include "device/device.h"
#include "memory/host_memory.h"
#include "memory/mem_pool.h"
#include "memory/memory.h"
#include "execution/module.h"
#include "execution/stream.h"
#include "execution/streams.h"

#include <vector>

using namespace hipvk;

namespace {

Symbol findSymbol(const void *symbol) {
  std::optional<Symbol> s = Context::instance().registry().symbol(symbol);
  if (!s) fail(hipErrorInvalidSymbol, "no device variable is registered for this host variable");
  return *s;
}

// The symbol's device address on the calling thread's device (creating the module there).
std::byte *symbolAddress(const Symbol &s) {
  return reinterpret_cast<std::byte *>(s.module->instance(Context::instance().currentDevice()).address(*s.info));
}

void checkSymbolRange(const Symbol &s, size_t bytes, size_t offset) {
  if (offset > s.info->size || bytes > s.info->size - offset)
    fail(hipErrorInvalidValue, "range exceeds the symbol");
}

// The device allocation a fill targets; the range must lie inside it.
Resolved fillTarget(const void *dst, size_t bytes) {
  if (!dst) fail(hipErrorInvalidValue, "null pointer");
  std::optional<Resolved> r = resolveAny(dst);
  if (!r || bytes > r->bytesLeft()) fail(hipErrorInvalidValue, "not device memory, or range exceeds the allocation");
  return *r;
}

// A synchronous fill of host memory (pinned, registered, managed) has completed on return: the
// host reads it next.
void finishFill(Stream &stream, const Resolved &r, Stream *on) {
  if (!on && r.allocation->hostShared()) stream.synchronize();
}

void memsetBytes(void *dst, int value, size_t sizeBytes, Stream *on) {
  Resolved r = fillTarget(dst, sizeBytes);
  Stream &stream = on && &on->device() == &r.device() ? *on : r.device().nullStream();
  if (sizeBytes == 0) return;
  stream.fillBytes(r, uint8_t(value), sizeBytes);
  finishFill(stream, r, on);
}

void memsetWords(hipDeviceptr_t dest, int value, size_t count, Stream *on) {
  if (count > SIZE_MAX / 4) fail(hipErrorInvalidValue, "count too large");
  Resolved r = fillTarget(dest, count * 4);
  if (reinterpret_cast<uintptr_t>(dest) % 4 != 0) fail(hipErrorInvalidValue, "hipMemsetD32 needs 4-byte alignment");
  Stream &stream = on && &on->device() == &r.device() ? *on : r.device().nullStream();
  if (count == 0) return;
  stream.fillWords(r, uint32_t(value), count);
  finishFill(stream, r, on);
}


void memsetHalfWords(hipDeviceptr_t dest, unsigned short value, size_t count, Stream *on) {
  {
    if (count > SIZE_MAX / 2) fail(hipErrorInvalidValue, "count too large");
    Resolved r = fillTarget(dest, count * 2);
    if (reinterpret_cast<uintptr_t>(dest) % 2 != 0) fail(hipErrorInvalidValue, "hipMemsetD16 needs 2-byte alignment");
    if (count == 0) return;
    Stream &stream = on && &on->device() == &r.device() ? *on : r.device().nullStream();
    uint32_t pattern = uint32_t(value) | uint32_t(value) << 16;
    if (reinterpret_cast<uintptr_t>(dest) % 4 == 0 && count % 2 == 0) {
      stream.fillWords(r, pattern, count / 2);
      finishFill(stream, r, on);
      return;
    }
    // Odd ends: the pattern written from the host (rare and small in practice).
    std::vector<uint16_t> host(count, value);
    stream.copyHostToDevice(r, host.data(), count * 2);
  }
}


void copyToSymbol(const void *symbol, const void *src, size_t sizeBytes, size_t offset, hipMemcpyKind kind,
                  Stream *stream) {
  {
    if (kind != hipMemcpyHostToDevice && kind != hipMemcpyDeviceToDevice && kind != hipMemcpyDefault)
      fail(hipErrorInvalidMemcpyDirection, "copies to a symbol come from the host or the device");
    Symbol s = findSymbol(symbol);
    checkSymbolRange(s, sizeBytes, offset);
    copyMemory(symbolAddress(s) + offset, src, sizeBytes, kind, stream);
  }
}

void copyFromSymbol(void *dst, const void *symbol, size_t sizeBytes, size_t offset, hipMemcpyKind kind, Stream *stream) {
  {
    if (kind != hipMemcpyDeviceToHost && kind != hipMemcpyDeviceToDevice && kind != hipMemcpyDefault)
      fail(hipErrorInvalidMemcpyDirection, "copies from a symbol go to the host or the device");
    Symbol s = findSymbol(symbol);
    checkSymbolRange(s, sizeBytes, offset);
    copyMemory(dst, symbolAddress(s) + offset, sizeBytes, kind, stream);
  }
}

}  // namespace

extern "C" {

hipError_t hipMalloc(void **ptr, size_t size) {
  return api::call(__func__, [&] {
    api::requireNonNull(ptr);
    *ptr = nullptr;
    if (size == 0) return;
    std::shared_ptr<Allocation> a = allocate(Context::instance().currentDevice(), size, MemoryKind::Device);
    *ptr = reinterpret_cast<void *>(a->address());
  });
}

hipError_t hipFree(void *ptr) {
  return api::call(__func__, [&] {
    if (!ptr) return;
    // Managed memory is freed with hipFree; so is pinned memory (ROCm accepts it).
    if (std::optional<Resolved> host = resolveHost(ptr)) {
      releaseHostMemory(ptr, {MemoryKind::Managed, MemoryKind::Pinned}, hipErrorInvalidValue);
      return;
    }
    std::optional<Resolved> r = resolve(ptr);
    if (r && r->allocation->hostShared() && r->offset == r->allocation->skew) {
      releaseHostMemory(r->allocation->host(), {MemoryKind::Managed, MemoryKind::Pinned}, hipErrorInvalidValue);
      return;
    }
    if (!r || r->offset != 0 || !r->allocation->userOwned())
      fail(hipErrorInvalidValue, "not the start of a live hipMalloc allocation");
    Device &device = r->device();
    device.synchronize();  // queued work may still use it
    if (MemPool *pool = device.memPools().owner(r->allocation->start())) pool->forget(r->allocation->start());
    device.allocations().remove(r->allocation->start());
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

hipError_t hipMemcpy(void *dst, const void *src, size_t sizeBytes, hipMemcpyKind kind) {
  return api::call(__func__, [&] { copyMemory(dst, src, sizeBytes, api::copyKind(kind)); });
}

hipError_t hipMemset(void *dst, int value, size_t sizeBytes) {
  return api::call(__func__, [&] { memsetBytes(dst, value, sizeBytes, nullptr); });
}

hipError_t hipMemsetD32(hipDeviceptr_t dest, int value, size_t count) {
  return api::call(__func__, [&] { memsetWords(dest, value, count, nullptr); });
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
  return api::call(__func__, [&] { copyToSymbol(symbol, src, sizeBytes, offset, api::copyKind(kind), nullptr); });
}

hipError_t hipMemcpyFromSymbol(void *dst, const void *symbol, size_t sizeBytes, size_t offset,
                               hipMemcpyKind kind) {
  return api::call(__func__, [&] { copyFromSymbol(dst, symbol, sizeBytes, offset, api::copyKind(kind), nullptr); });
}


hipError_t hipExtMallocWithFlags(void **ptr, size_t sizeBytes, unsigned int flags) {
  if (flags != hipDeviceMallocDefault)
    return api::call(__func__, [&] { api::notSupported("hipExtMallocWithFlags with fine-grained or uncached memory"); });
  return hipMalloc(ptr, sizeBytes);
}

// The asynchronous forms run in the order of their stream: host copies complete (after the
// stream's earlier work) before returning, which the asynchronous contract allows; device copies
// and fills are enqueued.
hipError_t hipMemcpyAsync(void *dst, const void *src, size_t sizeBytes, hipMemcpyKind kind, hipStream_t stream) {
  return api::call(__func__, [&] {
    StreamRef s = streamFor(Context::instance().currentDevice(), stream);
    copyMemory(dst, src, sizeBytes, api::copyKind(kind), s.get());
  });
}

hipError_t hipMemcpyWithStream(void *dst, const void *src, size_t sizeBytes, hipMemcpyKind kind, hipStream_t stream) {
  return api::call(__func__, [&] {
    StreamRef s = streamFor(Context::instance().currentDevice(), stream);
    copyMemory(dst, src, sizeBytes, api::copyKind(kind), s.get());
    s->synchronize();  // returns when the copy is done, like hipMemcpy
  });
}

hipError_t hipMemcpyHtoD(hipDeviceptr_t dst, void *src, size_t sizeBytes) {
  return api::call(__func__, [&] { copyMemory(dst, src, sizeBytes, hipMemcpyHostToDevice); });
}

hipError_t hipMemcpyDtoH(void *dst, hipDeviceptr_t src, size_t sizeBytes) {
  return api::call(__func__, [&] { copyMemory(dst, src, sizeBytes, hipMemcpyDeviceToHost); });
}

hipError_t hipMemcpyDtoD(hipDeviceptr_t dst, hipDeviceptr_t src, size_t sizeBytes) {
  return api::call(__func__, [&] { copyMemory(dst, src, sizeBytes, hipMemcpyDeviceToDevice); });
}

hipError_t hipMemcpyHtoDAsync(hipDeviceptr_t dst, void *src, size_t sizeBytes, hipStream_t stream) {
  return hipMemcpyAsync(dst, src, sizeBytes, hipMemcpyHostToDevice, stream);
}

hipError_t hipMemcpyDtoHAsync(void *dst, hipDeviceptr_t src, size_t sizeBytes, hipStream_t stream) {
  return hipMemcpyAsync(dst, src, sizeBytes, hipMemcpyDeviceToHost, stream);
}

hipError_t hipMemcpyDtoDAsync(hipDeviceptr_t dst, hipDeviceptr_t src, size_t sizeBytes, hipStream_t stream) {
  return hipMemcpyAsync(dst, src, sizeBytes, hipMemcpyDeviceToDevice, stream);
}

// Between devices the copy bounces through the host (Vulkan devices cannot reach each other's
// memory); within one device it is an ordinary device-to-device copy.
hipError_t hipMemcpyPeer(void *dst, int dstDeviceId, const void *src, int srcDeviceId, size_t sizeBytes) {
  return api::call(__func__, [&] {
    Context &context = Context::instance();
    copyPeer(dst, context.device(dstDeviceId), src, context.device(srcDeviceId), sizeBytes);
  });
}

hipError_t hipMemcpyPeerAsync(void *dst, int dstDeviceId, const void *src, int srcDeviceId, size_t sizeBytes,
                              hipStream_t stream) {
  return api::call(__func__, [&] {
    Context &context = Context::instance();
    Device &dstDevice = context.device(dstDeviceId), &srcDevice = context.device(srcDeviceId);
    copyPeer(dst, dstDevice, src, srcDevice, sizeBytes, streamFor(context.currentDevice(), stream).get());
  });
}

hipError_t hipMemsetAsync(void *dst, int value, size_t sizeBytes, hipStream_t stream) {
  return api::call(__func__, [&] {
    memsetBytes(dst, value, sizeBytes, streamFor(Context::instance().currentDevice(), stream).get());
  });
}

hipError_t hipMemsetD8(hipDeviceptr_t dest, unsigned char value, size_t count) { return hipMemset(dest, value, count); }

hipError_t hipMemsetD16(hipDeviceptr_t dest, unsigned short value, size_t count) {
  return api::call(__func__, [&] { memsetHalfWords(dest, value, count, nullptr); });
}


hipError_t hipMemsetD8Async(hipDeviceptr_t dest, unsigned char value, size_t count, hipStream_t stream) {
  return hipMemsetAsync(dest, value, count, stream);
}

hipError_t hipMemsetD16Async(hipDeviceptr_t dest, unsigned short value, size_t count, hipStream_t stream) {
  return api::call(__func__, [&] {
    memsetHalfWords(dest, value, count, streamFor(Context::instance().currentDevice(), stream).get());
  });
}

hipError_t hipMemsetD32Async(hipDeviceptr_t dst, int value, size_t count, hipStream_t stream) {
  return api::call(__func__, [&] {
    memsetWords(dst, value, count, streamFor(Context::instance().currentDevice(), stream).get());
  });
}

hipError_t hipMemcpyToSymbolAsync(const void *symbol, const void *src, size_t sizeBytes, size_t offset,
                                  hipMemcpyKind kind, hipStream_t stream) {
  return api::call(__func__, [&] {
    copyToSymbol(symbol, src, sizeBytes, offset, api::copyKind(kind), streamFor(Context::instance().currentDevice(), stream).get());
  });
}

hipError_t hipMemcpyFromSymbolAsync(void *dst, const void *symbol, size_t sizeBytes, size_t offset,
                                    hipMemcpyKind kind, hipStream_t stream) {
  return api::call(__func__, [&] {
    copyFromSymbol(dst, symbol, sizeBytes, offset, api::copyKind(kind), streamFor(Context::instance().currentDevice(), stream).get());
  });
}

}  // extern "C"
