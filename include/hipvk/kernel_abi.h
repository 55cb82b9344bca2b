// The hipvk kernel ABI (docs/ABI.md): the push-constant header every kernel reads, the
// specialization-constant ids, and the limits the compiler and the runtime must agree on. Defined
// once here and included by both; the offsets are static_asserted so that a field added for one
// side cannot silently move another.
#pragma once

#include <cstddef>
#include <cstdint>

namespace hipvk::abi {

// The push-constant header, at offset 0 of every kernel's push constants. Kernel arguments that
// fit follow it (kPushArgumentsOffset); larger argument lists go to a per-launch buffer whose
// address is in argumentBuffer.
struct PushHeader {
  uint64_t globalSegment;  // device address of the module's global segment, 0 when it has none
  uint32_t gridDim[3];     // HIP's gridDim, whatever dispatch split the runtime uses
  uint32_t reserved0;
  uint64_t argumentBuffer; // kernels whose arguments are not pushed, else 0
  uint64_t serviceBuffer;  // the device's service buffer (printf records, trap status, grid barrier)
  uint64_t reserved1;
};

inline constexpr uint32_t kGlobalSegmentOffset = offsetof(PushHeader, globalSegment);
inline constexpr uint32_t kGridDimOffset = offsetof(PushHeader, gridDim);
inline constexpr uint32_t kArgumentBufferOffset = offsetof(PushHeader, argumentBuffer);
inline constexpr uint32_t kServiceBufferOffset = offsetof(PushHeader, serviceBuffer);
inline constexpr uint32_t kPushArgumentsOffset = sizeof(PushHeader);
// What every driver offers (lavapipe's maxPushConstantsSize is 128).
inline constexpr uint32_t kPushConstantBytes = 128;
inline constexpr uint32_t kMaxPushArgumentBytes = kPushConstantBytes - kPushArgumentsOffset;

static_assert(kGlobalSegmentOffset == 0 && kGridDimOffset == 8 && kArgumentBufferOffset == 24 &&
              kServiceBufferOffset == 32 && kPushArgumentsOffset == 48,
              "docs/ABI.md fixes these offsets");
// The argument area is 16-byte aligned: the compiler relies on it for argument loads.
static_assert(kPushArgumentsOffset % 16 == 0);

// Specialization constants (32-bit unsigned) of every pipeline.
inline constexpr uint32_t kSpecIdBlockDimX = 0; // 1 and 2 are blockDim.y and .z
inline constexpr uint32_t kSpecIdDynamicSharedBytes = 3;

// Dynamic shared memory starts at the kernel's static __shared__ bytes rounded up to this.
inline constexpr uint32_t kDynamicSharedAlignment = 16;

} // namespace hipvk::abi
