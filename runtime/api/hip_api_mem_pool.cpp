// Stream-ordered allocation: hipMallocAsync, hipFreeAsync and memory pools (runtime/memory/mem_pool.h).
#include "api/api.h"
#include "device/device.h"
#include "memory/mem_pool.h"
#include "memory/memory.h"
#include "execution/stream.h"

using namespace hipvk;

namespace {

void mallocFrom(void **ptr, size_t size, MemPool &pool, Stream &stream) {
  api::requireNonNull(ptr);
  *ptr = nullptr;
  if (&stream.device() != &pool.device()) fail(hipErrorInvalidValue, "the stream and the pool are on different devices");
  if (size == 0) return;
  *ptr = pool.allocate(size);
}

Device &deviceOrdinal(int device) { return Context::instance().device(device); }

}  // namespace

extern "C" {

hipError_t hipMallocAsync(void **dev_ptr, size_t size, hipStream_t stream) {
  return api::call(__func__, [&] {
    StreamRef s = streamFor(Context::instance().currentDevice(), stream);
    mallocFrom(dev_ptr, size, s->device().memPools().current(), *s);
  });
}

hipError_t hipMallocFromPoolAsync(void **dev_ptr, size_t size, hipMemPool_t mem_pool, hipStream_t stream) {
  return api::call(__func__, [&] {
    MemPool &pool = memPoolFor(mem_pool);
    StreamRef s = streamFor(Context::instance().currentDevice(), stream);
    mallocFrom(dev_ptr, size, pool, *s);
  });
}

hipError_t hipFreeAsync(void *dev_ptr, hipStream_t stream) {
  return api::call(__func__, [&] {
    StreamRef s = streamFor(Context::instance().currentDevice(), stream);
    if (!dev_ptr) return;
    std::optional<Resolved> r = resolve(dev_ptr);
    if (!r || r->offset != 0 || !r->allocation->userOwned())
      fail(hipErrorInvalidValue, "not the start of a live device allocation");
    Device &device = r->device();
    // Out of use at once; the memory itself once the stream's earlier work (which may use it) is done.
    std::shared_ptr<Allocation> allocation = device.allocations().remove(r->allocation->start());
    SyncPoint after = &s->device() == &device ? s->mark() : device.nullStream().mark();
    MemPool *pool = device.memPools().owner(allocation->start());
    (pool ? *pool : device.memPools().defaultPool()).release(std::move(allocation), std::move(after));
  });
}

hipError_t hipMemPoolCreate(hipMemPool_t *mem_pool, const hipMemPoolProps *pool_props) {
  return api::call(__func__, [&] {
    api::requireNonNull(mem_pool);
    api::requireNonNull(pool_props);
    if (api::enumValue(pool_props->allocType) != hipMemAllocationTypePinned ||
        api::enumValue(pool_props->location.type) != hipMemLocationTypeDevice)
      fail(hipErrorInvalidValue, "pools hold pinned memory of a device");
    if (api::enumValue(pool_props->handleTypes) != hipMemHandleTypeNone)
      fail(hipErrorNotSupported, "exportable memory pools (interprocess handles)");
    Device &device = deviceOrdinal(pool_props->location.id);
    *mem_pool = device.memPools().create().handle();
  });
}

hipError_t hipMemPoolDestroy(hipMemPool_t mem_pool) {
  return api::call(__func__, [&] {
    MemPool &pool = memPoolFor(mem_pool);
    pool.device().memPools().destroy(pool);
  });
}

hipError_t hipMemPoolSetAttribute(hipMemPool_t mem_pool, hipMemPoolAttr attr, void *value) {
  return api::call(__func__, [&] { memPoolFor(mem_pool).setAttribute(api::enumValue(attr), value); });
}

hipError_t hipMemPoolGetAttribute(hipMemPool_t mem_pool, hipMemPoolAttr attr, void *value) {
  return api::call(__func__, [&] { memPoolFor(mem_pool).getAttribute(api::enumValue(attr), value); });
}

hipError_t hipMemPoolTrimTo(hipMemPool_t mem_pool, size_t min_bytes_to_hold) {
  return api::call(__func__, [&] {
    MemPool &pool = memPoolFor(mem_pool);
    (void)min_bytes_to_hold;  // a pool caches nothing beyond what completed work still needs
    pool.trim();
  });
}

hipError_t hipDeviceGetDefaultMemPool(hipMemPool_t *mem_pool, int device) {
  return api::call(__func__, [&] {
    api::requireNonNull(mem_pool);
    *mem_pool = deviceOrdinal(device).memPools().defaultPool().handle();
  });
}

hipError_t hipDeviceGetMemPool(hipMemPool_t *mem_pool, int device) {
  return api::call(__func__, [&] {
    api::requireNonNull(mem_pool);
    *mem_pool = deviceOrdinal(device).memPools().current().handle();
  });
}

hipError_t hipDeviceSetMemPool(int device, hipMemPool_t mem_pool) {
  return api::call(__func__, [&] {
    Device &d = deviceOrdinal(device);
    MemPool &pool = memPoolFor(mem_pool);
    if (&pool.device() != &d) fail(hipErrorInvalidValue, "the pool belongs to another device");
    d.memPools().setCurrent(pool);
  });
}

}  // extern "C"
