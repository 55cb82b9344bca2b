#include "memory/strided_copy.h"

#include <cstring>
#include <memory>
#include <optional>
#include <vector>

#include "device/device.h"
#include "api/error.h"
#include "memory/memory.h"
#include "execution/stream.h"

namespace hipvk {

namespace {

bool contiguous(const StridedSide &side, const Box &box) {
  return (box.height == 1 || side.pitch == box.width) && (box.depth == 1 || side.slicePitch == box.width * box.height);
}

// Bytes from the box's first byte to one past its last on `side`.
size_t span(const StridedSide &side, const Box &box) {
  return (box.depth - 1) * side.slicePitch + (box.height - 1) * side.pitch + box.width;
}

size_t rowOffset(const StridedSide &side, size_t y, size_t z) { return z * side.slicePitch + y * side.pitch; }

void checkBox(const StridedSide &side, const Box &box) {
  if (!side.ptr) fail(hipErrorInvalidValue, "null pointer");
  if (box.width > side.pitch) fail(hipErrorInvalidPitchValue, "pitch is smaller than the width");
  if (box.depth > 1 && side.slicePitch < side.pitch * box.height)
    fail(hipErrorInvalidPitchValue, "slice pitch is smaller than pitch x height");
}

// The device memory a side lies in, if any; the whole box must lie inside it.
std::optional<Resolved> resolveBox(const StridedSide &side, const Box &box) {
  std::optional<Resolved> r = resolveAny(side.ptr);
  if (r && span(side, box) > r->bytesLeft()) fail(hipErrorInvalidValue, "the box exceeds its allocation");
  return r;
}

Stream &streamOn(Device &device, Stream *stream) {
  return stream && &stream->device() == &device ? *stream : device.nullStream();
}

// Copy regions, one per row, between two buffers of the same device.
std::vector<VkBufferCopy> rowRegions(uint64_t dstBase, const StridedSide &dst, uint64_t srcBase,
                                     const StridedSide &src, const Box &box) {
  std::vector<VkBufferCopy> regions;
  regions.reserve(box.height * box.depth);
  for (size_t z = 0; z < box.depth; ++z)
    for (size_t y = 0; y < box.height; ++y)
      regions.push_back({srcBase + rowOffset(src, y, z), dstBase + rowOffset(dst, y, z), box.width});
  return regions;
}

void recordCopy(Stream &stream, VkBuffer dst, VkBuffer src, const std::vector<VkBufferCopy> &regions,
                std::shared_ptr<void> keepAlive) {
  stream.enqueue([&](Stream::Recording &r) {
    vkCmdCopyBuffer(r.commands(), src, dst, uint32_t(regions.size()), regions.data());
    if (keepAlive) r.retain(std::move(keepAlive));
  });
}

}  // namespace

void copyStrided(const StridedSide &dst, const StridedSide &src, Box box, hipMemcpyKind kind, Stream *stream) {
  checkBox(dst, box);
  checkBox(src, box);
  if (box.width == 0 || box.height == 0 || box.depth == 0) return;
  if (contiguous(dst, box) && contiguous(src, box)) {
    copyMemory(dst.ptr, src.ptr, box.width * box.height * box.depth, kind, stream);
    return;
  }
  std::optional<Resolved> d = resolveBox(dst, box);
  std::optional<Resolved> s = resolveBox(src, box);
  checkCopyKind(d, s, kind);
  const Box rows = box;
  const StridedSide packed{nullptr, box.width, box.width * box.height};

  if (!d && !s) {
    for (size_t z = 0; z < box.depth; ++z)
      for (size_t y = 0; y < box.height; ++y)
        std::memmove(static_cast<std::byte *>(dst.ptr) + rowOffset(dst, y, z),
                     static_cast<const std::byte *>(src.ptr) + rowOffset(src, y, z), box.width);
  } else if (d && s && &d->device() == &s->device()) {
    Stream &target = streamOn(d->device(), stream);
    recordCopy(target, d->allocation->buffer.buffer.get(), s->allocation->buffer.buffer.get(),
               rowRegions(d->offset, dst, s->offset, src, rows), nullptr);
    bool touchesHost = d->allocation->hostShared() || s->allocation->hostShared();
    if (touchesHost && !stream) target.synchronize();
  } else if (d && !s) {
    // Pageable source: packed into staging now, so the caller may reuse it at once.
    Stream &target = streamOn(d->device(), stream);
    auto staging = std::make_shared<Buffer>(Buffer::create(d->device(), span(packed, box), MemoryUse::Host));
    for (size_t z = 0; z < box.depth; ++z)
      for (size_t y = 0; y < box.height; ++y)
        std::memcpy(staging->mapped + rowOffset(packed, y, z),
                    static_cast<const std::byte *>(src.ptr) + rowOffset(src, y, z), box.width);
    recordCopy(target, d->allocation->buffer.buffer.get(), staging->buffer.get(),
               rowRegions(d->offset, dst, 0, packed, rows), staging);
    if (!stream) target.synchronize();
  } else if (!d && s) {
    // Pageable destination: written once the device has filled the staging buffer.
    Stream &target = streamOn(s->device(), stream);
    auto staging = std::make_shared<Buffer>(Buffer::create(s->device(), span(packed, box), MemoryUse::Host));
    recordCopy(target, staging->buffer.get(), s->allocation->buffer.buffer.get(),
               rowRegions(0, packed, s->offset, src, rows), staging);
    target.synchronize();
    for (size_t z = 0; z < box.depth; ++z)
      for (size_t y = 0; y < box.height; ++y)
        std::memcpy(static_cast<std::byte *>(dst.ptr) + rowOffset(dst, y, z), staging->mapped + rowOffset(packed, y, z),
                    box.width);
  } else {
    // Two devices: through packed host memory (Vulkan devices have no peer access).
    std::vector<std::byte> bounce(span(packed, box));
    StridedSide host{bounce.data(), packed.pitch, packed.slicePitch};
    copyStrided(host, src, box, hipMemcpyDeviceToHost, stream);
    copyStrided(dst, host, box, hipMemcpyHostToDevice, nullptr);
  }
}

void fillStrided(const StridedSide &dst, int value, Box box, Stream *stream) {
  checkBox(dst, box);
  if (box.width == 0 || box.height == 0 || box.depth == 0) return;
  std::optional<Resolved> d = resolveBox(dst, box);
  if (!d) fail(hipErrorInvalidValue, "not memory the device reaches");
  Stream &target = streamOn(d->device(), stream);
  if (contiguous(dst, box)) {
    target.fillBytes(*d, uint8_t(value), box.width * box.height * box.depth);
    return;
  }
  const bool wordRows = d->offset % 4 == 0 && box.width % 4 == 0 && dst.pitch % 4 == 0 && dst.slicePitch % 4 == 0;
  if (wordRows) {
    // Whole words: every row is a vkCmdFillBuffer of one command.
    const uint32_t pattern = uint32_t(uint8_t(value)) * 0x01010101u;
    VkBuffer buffer = d->allocation->buffer.buffer.get();
    target.enqueue([&](Stream::Recording &r) {
      for (size_t z = 0; z < box.depth; ++z)
        for (size_t y = 0; y < box.height; ++y)
          vkCmdFillBuffer(r.commands(), buffer, d->offset + rowOffset(dst, y, z), box.width, pattern);
    });
  } else {
    for (size_t z = 0; z < box.depth; ++z)
      for (size_t y = 0; y < box.height; ++y)
        target.fillBytes(Resolved{d->allocation, d->offset + rowOffset(dst, y, z)}, uint8_t(value), box.width);
  }
  if (d->allocation->hostShared() && !stream) target.synchronize();
}

}  // namespace hipvk
