// Every environment variable libhipvk reads, parsed once when the runtime context is created.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace hipvk {

struct Options {
  // HIP_VISIBLE_DEVICES: indices into the ordered list of usable Vulkan devices, like ROCm. The
  // list ends at the first entry that is not a non-negative integer; unset = every device.
  std::optional<std::vector<int>> visibleDevices;
  // HIPVK_DEVICE: keep only one device, chosen by index or by a substring of its name.
  std::string deviceSelector;
  // HIPVK_VALIDATION=1: Khronos validation layer; any validation error fails the process.
  bool validation = false;
  // HIPVK_PIPELINE_CACHE: directory of the on-disk VkPipelineCache; empty = no disk cache ("0").
  // Default: $XDG_CACHE_HOME/hipvk, else ~/.cache/hipvk.
  std::filesystem::path pipelineCacheDir;
  // HIPVK_LOG=1: debug log on stderr.
  bool log = false;
  // HIPVK_DISABLE_FLOAT_ATOMICS=1: treat devices as lacking VK_EXT_shader_atomic_float, so kernels
  // run their compare-and-swap fallback modules (tests of that path on devices that have them).
  bool disableFloatAtomics = false;
  // HIPVK_DISABLE_FEATURES=int64,float64,int16,int8,float16 (a comma list): every device is taken to
  // lack those shader types (and what needs them: 64-bit atomics, 8/16-bit storage), so kernels run
  // the variants compiled without them, as on SwiftShader. "fma" and "ieee-inverse-sqrt": the
  // device's Fma is taken as unfused and its InverseSqrt as undefined at 0, infinity and NaN;
  // "verified-short-sqrt" and "verified-short-exp": its InverseSqrt and Exp2 as no better than
  // Vulkan's bounds.
  // "float-atomics" is HIPVK_DISABLE_FLOAT_ATOMICS. A name the runtime does not know is refused
  // (`refused`).
  enum Feature : unsigned { Int64 = 1, Float64 = 2, Int16 = 4, Int8 = 8, Float16 = 16, FusedFma = 32, IeeeInverseSqrt = 64,
                         VerifiedShortSqrt = 128, VerifiedShortExp = 256 };
  unsigned disabledFeatures = 0;
  // HIPVK_FLOAT_ALGORITHMS=fma|double: the algorithms of single-precision division, 1/x, sqrt and
  // the math library's 1/sqrt, exp2 and log2 on every device (abi::kSpecIdFmaFloatAlgorithms): the
  // float ones built on the exact fma, or those through double. Unset: fma where the device's Fma
  // is fused, else double. Another value is refused (`refused`).
  std::optional<bool> fmaFloatAlgorithms;
  // HIPVK_COPY_QUEUE=transfer|compute|off: where a stream's large copies between host and device
  // memory run. `transfer` (the default): on a queue of the device's transfer-only family, where
  // it has one, so that they overlap kernels (NVIDIA runs the queues of one family one after the
  // other); else on the stream's own queue. `compute`: on a queue of the compute family other than
  // the stream's where there is one, else the same queue (tests of the cross-queue ordering on
  // lavapipe, which has one queue). `off`: always on the stream's own queue. Another value is
  // refused (`refused`).
  enum class CopyQueue { Transfer, Compute, Off };
  CopyQueue copyQueue = CopyQueue::Transfer;
  // The first setting above the runtime refuses (a message naming it and the values it knows):
  // printed once at initialisation, and no device is offered, so that a test of a special path
  // cannot quietly run the default one.
  std::string refused;
  // LP_NUM_THREADS (lavapipe's own variable): its worker threads, which decide how many
  // workgroups run at once (docs/HIP_ON_VULKAN.md, "Grid sync"). Unset (or not a number, which
  // lavapipe ignores too): lavapipe's default.
  std::optional<unsigned> lavapipeThreads;
  // HIPVK_GRID_SYNC_TIMEOUT_MS: how long a block waits in grid.sync() before the launch fails with
  // hipErrorLaunchFailure (a positive integer; default kDefaultGridSyncTimeoutMs).
  static constexpr unsigned kDefaultGridSyncTimeoutMs = 30000;
  unsigned gridSyncTimeoutMs = kDefaultGridSyncTimeoutMs;
  // HIPVK_KERNEL_TIMEOUT: seconds (a positive decimal) a synchronising call waits for device work
  // before it fails with hipErrorLaunchTimeOut and marks the device unusable; unset: forever.
  std::optional<double> kernelTimeoutSeconds;
  // HIPVK_WAIT_SPIN_US: microseconds a wait polls the device before it blocks (an integer; 0 turns
  // polling off). Unset: the runtime's default, none on CPU devices (Device).
  std::optional<unsigned> waitSpinUs;
  // HIPVK_FORCE_STAGED_COPIES=1: synchronous copies go through staging buffers even where device
  // memory is host-visible (tests of the staged path on lavapipe, whose memory always is).
  bool forceStagedCopies = false;
  // HIPVK_CHECK_POINTERS=1: every launch checks its pointer arguments against the device's
  // allocation table and refuses, with hipErrorInvalidValue, one that points into no live memory
  // (freed, from before hipDeviceReset, never allocated). Off by default: a lookup per pointer
  // argument per launch, and a kernel may carry a pointer it never dereferences.
  bool checkPointers = false;
  // HIPVK_PIPELINE_STATS=1: print the driver's statistics of every pipeline created
  // (VK_KHR_pipeline_executable_properties: registers, instructions, spills).
  bool pipelineStats = false;

  static Options fromEnvironment();
};

}  // namespace hipvk
