// The hipvk kernel ABI (docs/ABI.md): the push-constant header every kernel reads, the
// specialization-constant ids, and the limits the compiler and the runtime must agree on. Defined
// once here and included by both; the offsets are static_asserted so that a field added for one
// side cannot silently move another.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace hipvk::abi {

// The name of a kernel's SPIR-V entry point: the kernel's (mangled) name, or where that is longer
// than the Vulkan validation layer accepts for vkCreateComputePipelines' pName (255 bytes;
// rocPRIM's kernel names are longer), its first 238 bytes, '.' and a 64-bit FNV-1a hash of the
// whole name in hex.
inline std::string spirvEntryPoint(std::string_view kernel) {
  constexpr size_t kMaxName = 255, kHexDigits = 16;
  if (kernel.size() <= kMaxName) return std::string(kernel);
  uint64_t hash = 14695981039346656037ull;
  for (unsigned char c : kernel) hash = (hash ^ c) * 1099511628211ull;
  std::string name(kernel.substr(0, kMaxName - kHexDigits - 1));
  name += '.';
  for (int shift = 60; shift >= 0; shift -= 4) name += "0123456789abcdef"[(hash >> shift) & 0xf];
  return name;
}

// The push-constant header, at offset 0 of every kernel's push constants. Kernel arguments that
// fit follow it (kPushArgumentsOffset); larger argument lists go to a per-launch buffer whose
// address is in argumentBuffer.
struct PushHeader {
  uint64_t globalSegment;  // device address of the module's global segment, 0 when it has none
  uint32_t gridDim[3];     // HIP's gridDim, whatever dispatch split the runtime uses
  uint32_t launchIndex;    // launches since the service buffer was last drained: names the kernel of a trap
  uint64_t argumentBuffer; // kernels whose arguments are not pushed, else 0
  uint64_t serviceBuffer;  // the device's service buffer (printf records, trap status)
  uint64_t gridBarrier;    // cooperative launches: device address of their GridBarrier, else 0
};

inline constexpr uint32_t kGlobalSegmentOffset = offsetof(PushHeader, globalSegment);
inline constexpr uint32_t kGridDimOffset = offsetof(PushHeader, gridDim);
inline constexpr uint32_t kLaunchIndexOffset = offsetof(PushHeader, launchIndex);
inline constexpr uint32_t kArgumentBufferOffset = offsetof(PushHeader, argumentBuffer);
inline constexpr uint32_t kServiceBufferOffset = offsetof(PushHeader, serviceBuffer);
inline constexpr uint32_t kGridBarrierOffset = offsetof(PushHeader, gridBarrier);
inline constexpr uint32_t kPushArgumentsOffset = sizeof(PushHeader);
// What every driver offers (lavapipe's maxPushConstantsSize is 128).
inline constexpr uint32_t kPushConstantBytes = 128;
inline constexpr uint32_t kMaxPushArgumentBytes = kPushConstantBytes - kPushArgumentsOffset;

static_assert(kGlobalSegmentOffset == 0 && kGridDimOffset == 8 && kLaunchIndexOffset == 20 &&
              kArgumentBufferOffset == 24 && kServiceBufferOffset == 32 && kGridBarrierOffset == 40 &&
                  kPushArgumentsOffset == 48,
              "docs/ABI.md fixes these offsets");
// The argument area is 16-byte aligned: the compiler relies on it for argument loads.
static_assert(kPushArgumentsOffset % 16 == 0);

// Specialization constants (32-bit unsigned) of every pipeline.
inline constexpr uint32_t kSpecIdBlockDimX = 0; // 1 and 2 are blockDim.y and .z
inline constexpr uint32_t kSpecIdDynamicSharedBytes = 3;
// A boolean (given as a VkBool32): the device's GLSL.std.450 Fma is rounded once, in single and
// double precision (VK_KHR_shader_fma, or a driver measured to fuse); the math library then uses it.
inline constexpr uint32_t kSpecIdFusedFma = 4;
// A boolean: single-precision division, 1/x, sqrt, 1/sqrt, exp2, log2 and the float exp, log, pow,
// sin and cos take their float algorithms built on the exact fma
// (compiler/devicelib/float_algorithms.h), and double rint its addition, instead of going through
// double or OCML's code. The runtime sets it where kSpecIdFusedFma is set (HIPVK_FLOAT_ALGORITHMS forces
// either way; on an unfused device the algorithms run on the emulated fma: exact, slow).
inline constexpr uint32_t kSpecIdFmaFloatAlgorithms = 5;
// A boolean: the device's GLSL.std.450 InverseSqrt gives IEEE 754's rSqrt at the inputs Vulkan
// leaves undefined (+-0 -> +-inf, +inf -> +0, x < 0 and NaN -> NaN), as NVIDIA's does; rsqrtf is
// then InverseSqrt alone, without selecting those results itself.
inline constexpr uint32_t kSpecIdIeeeInverseSqrt = 6;
// A boolean: the device flushes float subnormals and its InverseSqrt was checked over every float to
// make the short sqrtf of the fma algorithms (one Newton step, without the rounding decision:
// CUDA's sequence) correctly rounded, which Vulkan's bound for InverseSqrt does not prove (tests/math/exhaustive.hip;
// docs/MATH.md). Only read where kSpecIdFmaFloatAlgorithms is set.
inline constexpr uint32_t kSpecIdVerifiedShortSqrt = 7;
// A boolean: the device's Exp2 was checked over every float to keep expf and exp2f in CUDA's form
// (Exp2 of the reduced argument times 2^n) within their 2 ulp bound, which Vulkan's bound for Exp2
// (3 + 2|x| ulp) does not prove (tests/math/exhaustive.hip; docs/MATH.md). Only read where
// kSpecIdFmaFloatAlgorithms is set.
inline constexpr uint32_t kSpecIdVerifiedShortExp = 8;

// The operation of __hipvk_warp_reduce (a constant argument).
enum WarpReduceOp : uint32_t {
  kWarpReduceAdd = 0,
  kWarpReduceMinSigned = 1,
  kWarpReduceMaxSigned = 2,
  kWarpReduceMinUnsigned = 3,
  kWarpReduceMaxUnsigned = 4,
  kWarpReduceAnd = 5,
  kWarpReduceOr = 6,
  kWarpReduceXor = 7,
};

// Dynamic shared memory starts at the kernel's static __shared__ bytes rounded up to this.
inline constexpr uint32_t kDynamicSharedAlignment = 16;

// The constant window: the global segment's __constant__ variables that kernels read as a uniform
// buffer (descriptor set 0, binding 0) rather than through their device address, so that drivers
// keep them in their constant banks as CUDA keeps __constant__ (docs/ABI.md). It starts at a
// multiple of the largest minUniformBufferOffsetAlignment Vulkan allows and spans at most the
// maxUniformBufferRange every device has; the uniform block is an array of 16-byte vectors (std140).
inline constexpr uint32_t kConstantWindowSet = 0;
inline constexpr uint32_t kConstantWindowBinding = 0;
inline constexpr uint32_t kConstantWindowAlignment = 256;
inline constexpr uint32_t kMaxConstantWindowBytes = 16384;
inline constexpr uint32_t kConstantWindowVectorBytes = 16;

// ---- the service buffer ---------------------------------------------------------------------
// One per device, in host-visible memory, its address in PushHeader::serviceBuffer of every
// launch. Kernels write printf records and the trap status into it; the runtime reads and resets
// it whenever the device is idle (every synchronising call), so it holds what the launches since
// the last synchronisation produced, in launch order. All device updates are 32-bit atomics or
// plain stores: no 64-bit atomics needed.

// Why an invocation ended its kernel early (ServiceHeader::trapKind).
enum TrapKind : uint32_t {
  kTrapNone = 0,
  kTrapAbort = 1,  // __builtin_trap(), __trap(), abort(): hipErrorLaunchFailure
  kTrapAssert = 2, // a failed assert(): hipErrorAssert
  // grid.sync() (__hipvk_grid_sync): hipErrorLaunchFailure
  kTrapGridSyncTimeout = 3,        // the grid did not gather within the bounded wait
  kTrapGridSyncNotCooperative = 4, // the kernel was not launched with hipLaunchCooperativeKernel
};

struct ServiceHeader {
  // The first trapping invocation since the last drain: it sets trapKind from 0 by compare-and-swap,
  // then fills the rest; later trapping invocations change nothing.
  uint32_t trapKind;
  uint32_t trapLaunchIndex; // PushHeader::launchIndex of its launch
  uint32_t trapBlock[3];
  uint32_t trapThread[3];
  // printf: records go to the area after this header, kPrintfAreaOffset onwards.
  uint32_t printfCapacity;        // bytes of the record area (the host sets it)
  uint32_t printfReserved;        // bytes reserved so far (device atomic add; may pass the capacity)
  uint32_t printfDroppedMessages; // messages whose first chunk did not fit (device atomic add)
  uint32_t reserved[5];
};

inline constexpr uint32_t kTrapKindOffset = offsetof(ServiceHeader, trapKind);
inline constexpr uint32_t kTrapLaunchIndexOffset = offsetof(ServiceHeader, trapLaunchIndex);
inline constexpr uint32_t kTrapBlockOffset = offsetof(ServiceHeader, trapBlock);
inline constexpr uint32_t kTrapThreadOffset = offsetof(ServiceHeader, trapThread);
inline constexpr uint32_t kPrintfAreaOffset = sizeof(ServiceHeader);
static_assert(kTrapKindOffset == 0 && kTrapLaunchIndexOffset == 4 && kTrapBlockOffset == 8 &&
                  kTrapThreadOffset == 20 && offsetof(ServiceHeader, printfCapacity) == 32 &&
                  offsetof(ServiceHeader, printfReserved) == 36 &&
                  offsetof(ServiceHeader, printfDroppedMessages) == 40 && kPrintfAreaOffset == 64,
              "docs/ABI.md fixes the service buffer layout");

// A printf message is a sequence of chunks, one per __ockl_printf_append_* call of Clang's printf
// lowering: the format string, then its arguments (string chunks for %s arguments, value chunks
// for the rest). Each chunk is reserved on its own, so chunks of different invocations interleave;
// a message's chunks are found through `message`, the area offset of its first (head) chunk, and
// messages print in the order of their heads.
struct PrintfChunk {
  uint32_t bytes;   // this chunk's size, header included, a multiple of kPrintfChunkAlignment
  uint32_t flags;   // PrintfChunkFlags
  uint32_t message; // area offset of the message's head chunk (its own offset for the head)
  uint32_t count;   // string chunks: strlen + 1 (0 for a null pointer); value chunks: values
  // then: the string's bytes without its terminator (a string reference: the u64 device address
  // of the string), or `count` u64 values (integers zero- or sign-extended as Clang passes them,
  // floating-point values as double bits)
};
enum PrintfChunkFlags : uint32_t {
  kPrintfChunkString = 1u << 0, // else a value chunk
  kPrintfChunkHead = 1u << 1,   // the first chunk of a message (always the format string)
  kPrintfChunkLast = 1u << 2,   // the message is complete
  kPrintfChunkStderr = 1u << 3, // on the head: the message goes to stderr (device assert)
  // With kPrintfChunkString: the string is a constant of a loaded module (a literal: formats,
  // assert messages), sent by address; the host reads it from the module's segment image.
  kPrintfChunkStringReference = 1u << 4,
};
inline constexpr uint32_t kPrintfChunkAlignment = 8;
inline constexpr uint32_t kPrintfMaxValuesPerChunk = 7; // what __ockl_printf_append_args takes
static_assert(sizeof(PrintfChunk) == 16 && sizeof(PrintfChunk) % kPrintfChunkAlignment == 0);

// ---- the grid barrier ------------------------------------------------------------------------
// State of grid.sync() for one cooperative launch, in device memory, at PushHeader::gridBarrier.
// The runtime writes it in stream order right before the launch's dispatch (every cooperative
// launch starts from a fresh one); the device library (compiler/devicelib/grid_sync.hip) is the
// only device code that touches it, with 32-bit atomics at device scope.
struct GridBarrier {
  // One word per barrier round trip, never reset: block 0 adds 2^31 - (blocks - 1), every other
  // block 1, so each barrier adds exactly 2^31: the top bit (the phase) flips when the last block
  // arrives, and the low bits return to where they were. Waiting blocks watch the phase flip.
  uint32_t arrivals;
  uint32_t reserved1;
  uint32_t timedOut;   // set by the first block that stopped waiting: the others stop too
  uint32_t reserved0;
  uint64_t timeoutTicks; // device-clock ticks (__hipvk_clock_device) a block waits at least
  // The most one step between two clock readings counts: a driver's device clock need not be
  // monotonic for an invocation (lavapipe's follows the CPU its worker thread runs on), so a
  // backward step counts nothing and a forward jump at most this.
  uint64_t maxStepTicks;
};
static_assert(offsetof(GridBarrier, arrivals) == 0 &&
                  offsetof(GridBarrier, timedOut) == 8 &&
                  offsetof(GridBarrier, timeoutTicks) == 16 && offsetof(GridBarrier, maxStepTicks) == 24 &&
                  sizeof(GridBarrier) == 32,
              "docs/ABI.md fixes the grid barrier layout");

} // namespace hipvk::abi
