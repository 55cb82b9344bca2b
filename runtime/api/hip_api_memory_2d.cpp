// Pitched and 3-D memory: hipMallocPitch, hipMalloc3D, hipMemcpy2D/3D, hipMemset2D/3D and their
// asynchronous forms, over runtime/memory/strided_copy.h.
#include "api/api.h"
#include "device/device.h"
#include "memory/memory.h"
#include "execution/stream.h"
#include "memory/strided_copy.h"

using namespace hipvk;

namespace {

// Rows of pitched allocations start this aligned (ROCm's pitch alignment).
constexpr size_t kPitchAlignment = 256;

size_t pitchFor(size_t width) {
  if (width > SIZE_MAX - kPitchAlignment) fail(hipErrorOutOfMemory, "width too large");
  return (width + kPitchAlignment - 1) / kPitchAlignment * kPitchAlignment;
}

void *allocatePitched(size_t pitch, size_t height, size_t depth) {
  if (height != 0 && depth != 0 && pitch > SIZE_MAX / height / depth) fail(hipErrorOutOfMemory, "size overflows");
  size_t bytes = pitch * height * depth;
  if (bytes == 0) return nullptr;
  return reinterpret_cast<void *>(allocate(Context::instance().currentDevice(), bytes, MemoryKind::Device)->start());
}

Stream *streamArgument(hipStream_t stream) {
  return streamFor(Context::instance().currentDevice(), stream).get();
}

void copy2D(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width, size_t height, hipMemcpyKind kind,
            Stream *stream) {
  copyStrided({dst, dpitch, dpitch * height}, {const_cast<void *>(src), spitch, spitch * height}, {width, height, 1},
              kind, stream);
}

void copy3D(const hipMemcpy3DParms *p, Stream *stream) {
  api::requireNonNull(p);
  if (p->srcArray || p->dstArray) api::notSupported("hipMemcpy3D with arrays (hipArray_t)");
  auto side = [](const hipPitchedPtr &ptr, const hipPos &pos) {
    if (!ptr.ptr) fail(hipErrorInvalidValue, "null pitched pointer");
    size_t slicePitch = ptr.pitch * ptr.ysize;
    auto *first = static_cast<std::byte *>(ptr.ptr) + pos.z * slicePitch + pos.y * ptr.pitch + pos.x;
    return StridedSide{first, ptr.pitch, slicePitch};
  };
  const hipExtent &e = p->extent;
  copyStrided(side(p->dstPtr, p->dstPos), side(p->srcPtr, p->srcPos), {e.width, e.height, e.depth}, api::copyKind(p->kind), stream);
}

void fill3D(hipPitchedPtr ptr, int value, hipExtent extent, Stream *stream) {
  fillStrided({ptr.ptr, ptr.pitch, ptr.pitch * ptr.ysize}, value, {extent.width, extent.height, extent.depth}, stream);
}

}  // namespace

extern "C" {

hipError_t hipMallocPitch(void **ptr, size_t *pitch, size_t width, size_t height) {
  return api::call(__func__, [&] {
    api::requireNonNull(ptr);
    api::requireNonNull(pitch);
    *ptr = nullptr;
    *pitch = pitchFor(width);
    *ptr = allocatePitched(*pitch, height, 1);
  });
}

hipError_t hipMalloc3D(hipPitchedPtr *pitchedDevPtr, hipExtent extent) {
  return api::call(__func__, [&] {
    api::requireNonNull(pitchedDevPtr);
    size_t pitch = pitchFor(extent.width);
    *pitchedDevPtr = make_hipPitchedPtr(allocatePitched(pitch, extent.height, extent.depth), pitch, extent.width,
                                        extent.height);
  });
}

hipError_t hipMemcpy2D(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width, size_t height,
                       hipMemcpyKind kind) {
  return api::call(__func__, [&] { copy2D(dst, dpitch, src, spitch, width, height, api::copyKind(kind), nullptr); });
}

hipError_t hipMemcpy2DAsync(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width, size_t height,
                            hipMemcpyKind kind, hipStream_t stream) {
  return api::call(__func__, [&] { copy2D(dst, dpitch, src, spitch, width, height, api::copyKind(kind), streamArgument(stream)); });
}

hipError_t hipMemcpy3D(const hipMemcpy3DParms *p) {
  return api::call(__func__, [&] { copy3D(p, nullptr); });
}

hipError_t hipMemcpy3DAsync(const hipMemcpy3DParms *p, hipStream_t stream) {
  return api::call(__func__, [&] { copy3D(p, streamArgument(stream)); });
}

hipError_t hipMemset2D(void *dst, size_t pitch, int value, size_t width, size_t height) {
  return api::call(__func__, [&] { fillStrided({dst, pitch, pitch * height}, value, {width, height, 1}, nullptr); });
}

hipError_t hipMemset2DAsync(void *dst, size_t pitch, int value, size_t width, size_t height, hipStream_t stream) {
  return api::call(__func__, [&] {
    fillStrided({dst, pitch, pitch * height}, value, {width, height, 1}, streamArgument(stream));
  });
}

hipError_t hipMemset3D(hipPitchedPtr pitchedDevPtr, int value, hipExtent extent) {
  return api::call(__func__, [&] { fill3D(pitchedDevPtr, value, extent, nullptr); });
}

hipError_t hipMemset3DAsync(hipPitchedPtr pitchedDevPtr, int value, hipExtent extent, hipStream_t stream) {
  return api::call(__func__, [&] { fill3D(pitchedDevPtr, value, extent, streamArgument(stream)); });
}

}  // extern "C"
