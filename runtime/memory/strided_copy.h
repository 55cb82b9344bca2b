// Pitched (2-D) and 3-D copies and fills: hipMemcpy2D/3D, hipMemset2D/3D and their asynchronous
// forms. A box of `width` bytes x `height` rows x `depth` slices, each side with its own row and
// slice pitch. Rows become the regions of one transfer command where the device reaches both
// sides; pageable host memory is packed into (or out of) a staging buffer, so asynchronous
// copies from it leave the source free for reuse at once (as ROCm documents).
#pragma once

#include <hip/hip_runtime_api.h>

#include <cstddef>

namespace hipvk {

class Stream;

// One side of a strided copy: the address of the box's first byte and its pitches.
struct StridedSide {
  void *ptr;
  size_t pitch;       // bytes from a row to the next
  size_t slicePitch;  // bytes from a slice to the next
};

struct Box {
  size_t width;  // bytes
  size_t height;
  size_t depth;
};

// `stream` null: hipMemcpy2D/3D (returns when the copy is done, as hipMemcpy does); else in
// order on that stream. Throws hipErrorInvalidPitchValue when a pitch is below the width.
void copyStrided(const StridedSide &dst, const StridedSide &src, Box box, hipMemcpyKind kind, Stream *stream);
void fillStrided(const StridedSide &dst, int value, Box box, Stream *stream);

}  // namespace hipvk
