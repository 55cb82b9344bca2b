// A HIP device: one Vulkan physical device that meets hipvk's requirements, its HIP properties,
// and (created on first use) its logical device, queue, null stream, allocations and the objects
// every kernel pipeline shares.
#pragma once

#include <hip/hip_runtime_api.h>

#include <array>
#include <atomic>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <type_traits>

#include "execution/shader_clock.h"
#include "device/vulkan.h"

namespace hipvk {

class AllocationTable;
class Context;
class DeviceHeap;
class MemPoolSet;
class DeviceHealth;
class ServiceBuffer;
class Stream;
class StreamSet;
class Submitter;

// What a buffer's memory is for: hipMalloc'ed device memory, host-visible memory the runtime
// writes and reads itself (kernel argument buffers, staging) or hipHostMalloc hands out, or
// host-visible memory the host only writes (hipHostMallocWriteCombined: uncached where offered).
enum class MemoryUse { Device, Host, HostWriteCombined };

class Device {
 public:
  // Why a physical device cannot run hipvk kernels; empty when it can.
  static std::string unsuitability(VkPhysicalDevice physical);

  Device(Context &context, VkPhysicalDevice physical, int ordinal);
  ~Device();
  Device(const Device &) = delete;
  Device &operator=(const Device &) = delete;

  int ordinal() const { return ordinal_; }
  Context &context() const { return context_; }
  const hipDeviceProp_t &hipProperties() const { return hipProps_; }
  // `attr` as the caller's integer (api::enumValue): any value, known or not.
  int attribute(std::underlying_type_t<hipDeviceAttribute_t> attr) const;  // throws hipErrorInvalidValue
  const VkPhysicalDeviceLimits &limits() const { return props_.properties.limits; }
  uint32_t subgroupSize() const { return v11Props_.subgroupSize; }
  // Largest single buffer this device can hold.
  uint64_t maxAllocationSize() const;
  const VkPhysicalDeviceMemoryProperties &memoryProperties() const { return memoryProps_; }
  // Whether entry points may set single-precision denormal handling (VK_KHR_shader_float_controls).
  bool preservesFloat32Denormals() const { return v12Props_.shaderDenormPreserveFloat32 != 0; }
  bool flushesFloat32Denormals() const { return v12Props_.shaderDenormFlushToZeroFloat32 != 0; }
  // The SPIR-V capabilities (by their names in the spec, joined by " and ") the device cannot
  // execute with the enabled features; empty when all of `caps` are fine.
  std::string missingCapability(std::span<const std::string> caps) const;
  // OpReadClockKHR at Subgroup scope (clock64) and at Device scope (wall_clock64).
  bool hasSubgroupClock() const;
  bool hasDeviceClock() const;
  // The shader clocks' rates, measured on the first call (runtime/execution/shader_clock.h).
  ShaderClockRates clockRates();
  bool clockRatesMeasured() const { return clockRatesKnown_.load(std::memory_order_acquire); }

  // What the runtime knows about how many workgroups the device runs at once, from device facts
  // (docs/HIP_ON_VULKAN.md, "Grid sync"); runtime/execution/launch.cpp turns it into occupancy.
  struct CoResidency {
    enum class Source {
      Unknown,   // no fact: occupancy is an estimate and cooperative launches are refused
      Lavapipe,  // one workgroup per worker thread (LP_NUM_THREADS), measured
      NvidiaSM,  // VK_NV_shader_sm_builtins: SMs and warp slots per SM
      CoreCount, // VK_AMD_shader_core_properties / VK_ARM_shader_core_builtins: one block per core
    } source = Source::Unknown;
    uint32_t computeUnits = 0;  // hipDeviceProp_t::multiProcessorCount
    uint32_t warpsPerUnit = 0;  // NvidiaSM: shaderWarpsPerSM
  };
  const CoResidency &coResidency() const { return coResidency_; }
  // Cooperative launches need a known co-residency bound and the device clock (the barrier's
  // bounded wait).
  bool supportsCooperativeLaunch() const {
    return coResidency_.source != CoResidency::Source::Unknown && hasDeviceClock();
  }
  // Whether hipMallocManaged works: the device's mappings of host-visible memory lie at the
  // memory's device addresses. True of CPU devices (lavapipe: device addresses are host
  // addresses); a GPU's device addresses are its own.
  bool supportsManagedMemory() const { return props_.properties.deviceType == VK_PHYSICAL_DEVICE_TYPE_CPU; }
  // Alignment of host memory the device imports (VK_EXT_external_memory_host); 0: cannot import.
  uint64_t hostImportAlignment() const { return hostImportAlignment_; }

  // ---- the logical device; every accessor below creates it on first use ------------------------
  bool hasLogical() const { return created_.load(std::memory_order_acquire); }
  VkDevice vk();
  Stream &nullStream();
  StreamSet &streams();  // the device's streams and events
  ServiceBuffer &service();  // printf records and trap status of its launches (all streams)
  Submitter &submitter();
  AllocationTable &allocations();      // by device address
  AllocationTable &hostAllocations();  // pinned, registered and managed memory by host address
  DeviceHeap &heap();                  // hipMalloc's memory
  MemPoolSet &memPools();              // stream-ordered allocation
  VkPipelineLayout pipelineLayout();
  VkDescriptorSetLayout constantWindowLayout();  // set 0 of pipelineLayout()
  VkPipeline memsetEdgesPipeline();
  // The grid barrier words (hipvk::abi::GridBarrier) of cooperative launches, in device memory.
  // Cooperative launches are serialised device-wide (StreamSet::enqueueExclusive), so one per
  // device suffices: each launch rewrites it before its dispatch.
  struct GridBarrierSlot {
    VkBuffer buffer;
    uint64_t address;
  };
  GridBarrierSlot gridBarrier();
  uint32_t memoryType(MemoryUse use, uint32_t allowedTypes);
  // Free bytes of the device-local heap: its size less what hipvk holds, and on GPUs no more than
  // VK_EXT_memory_budget leaves (lavapipe's budget does not count its own allocations).
  size_t freeMemory();
  // Creates a compute pipeline following the kernel ABI: spec constants 0..3 = blockDim.xyz and
  // dynamic shared bytes, dispatch base allowed, subgroups of `waveSize` (a fixed-width module's,
  // blob::requiredWaveSize) or else the device's warp size.
  vk::Pipeline createPipeline(VkShaderModule module, const char *entryPoint,
                              const std::array<uint32_t, 4> &specialization, uint32_t waveSize = 0);
  // Whether a block of `threads` threads can run with subgroups of exactly `size` lanes: the
  // device's own size, or one VK_EXT_subgroup_size_control can require of compute shaders.
  // Otherwise, the reason ("device subgroups 4..16", "...").
  std::string cannotRunWaveSize(uint32_t size, uint32_t threads) const;
  // Why the driver cannot compile a module of `words` SPIR-V words once its calls are inlined
  // (hipvk/spirv_size.h); empty when it can (compile_isolation.cpp).
  std::string cannotCompileInlinedWords(size_t words) const;
  // Where the driver's compiler may crash on a large kernel (SwiftShader), compiles the pipeline
  // createPipeline would create in a child process first; the reason the kernel cannot run when
  // the child died, empty otherwise (compile_isolation.cpp).
  std::string crashesCompiling(size_t inlinedWords, VkShaderModule module, const char *entryPoint,
                               const std::array<uint32_t, 4> &specialization, uint32_t waveSize);
  // The subgroup sizes a fixed-width module can run at here (hipvk-info), e.g. "32" or "32, 64".
  std::string fixedWaveSizes() const;
  // The compute family's timestamp bits.
  uint32_t timestampValidBits() const { return timestampValidBits_; }
  // The queue families a buffer may be used on: the compute family, and the copy engines' family
  // where streams copy on it (buffers are shared concurrently by both, no ownership transfers).
  std::span<const uint32_t> bufferQueueFamilies() const { return {bufferFamilies_.data(), copyFamily_ ? 2u : 1u}; }

  // Waits for all work of every stream; no-op when the logical device was never created.
  void synchronize();
  // How waits poll and block, and the device's sticky fault (runtime/execution/queue.h).
  DeviceHealth &health() const { return *health_; }
  // hipDeviceReset: waits, then frees every allocation and every module's per-device state, and
  // restores the settings below to their defaults. The device is usable again at once.
  void reset();

  // What hipSetDeviceFlags, hipDeviceSetLimit, hipDeviceSetCacheConfig and
  // hipDeviceSetSharedMemConfig store (reported back; Vulkan has no control for them).
  struct Settings {
    unsigned flags = 0;  // hipDeviceScheduleAuto
    size_t stackSize = 1024;
    size_t printfFifoSize = 1 << 20;
    size_t mallocHeapSize = 8 << 20;
    hipFuncCache_t cacheConfig = hipFuncCachePreferNone;
    hipSharedMemConfig sharedMemConfig = hipSharedMemBankSizeFourByte;
  };
  Settings settings() const;
  template <typename Change>
  void changeSettings(Change &&change) {
    std::lock_guard lock(settingsMutex_);
    change(settings_);
  }

  // "dddd:bb:dd.0" from VK_EXT_pci_bus_info (zeros without it).
  std::string pciBusId() const;
  // Facts hipvk-info prints: Vulkan driver, subgroup sizes, optional features enabled.
  std::string driverDescription() const;
  std::string featureSummary() const;
  uint32_t minSubgroupSize() const { return v13Props_.minSubgroupSize; }
  uint32_t maxSubgroupSize() const { return v13Props_.maxSubgroupSize; }

 private:
  struct Logical;
  Logical &logical();
  void createLogical();
  void prepareFirstLaunch();
  // HIPVK_PIPELINE_STATS: the driver's statistics of `pipeline`, one line per executable on stderr.
  void printPipelineStatistics(VkDevice device, VkPipeline pipeline, const char *entryPoint,
                               const std::array<uint32_t, 4> &specialization) const;
  // The device-local heap's VK_EXT_memory_budget figures (known: the extension is there).
  struct HeapBudget {
    bool known = false;
    uint64_t budget = 0;
    uint64_t usage = 0;
  };
  HeapBudget heapBudget();
  vk::Pipeline createPipeline(Logical &logical, VkShaderModule module, const char *entryPoint,
                              const std::array<uint32_t, 4> &specialization, uint32_t waveSize = 0);
  // Whether compute pipelines may require a subgroup size (VK_EXT_subgroup_size_control).
  bool canRequireSubgroupSize() const;
  void fillHipProperties();
  void savePipelineCache();

  Context &context_;
  VkPhysicalDevice physical_;
  int ordinal_;
  VkPhysicalDeviceProperties2 props_{};
  VkPhysicalDeviceVulkan11Properties v11Props_{};
  VkPhysicalDeviceVulkan13Properties v13Props_{};
  VkPhysicalDeviceMemoryProperties memoryProps_{};
  struct Features;
  std::unique_ptr<Features> enabled_;  // the features the logical device gets
  bool hasMemoryBudget_ = false;
  bool hasAtomicFloat_ = false;
  std::once_flag clockRatesMeasured_;
  std::atomic<bool> clockRatesKnown_{false};
  ShaderClockRates clockRates_{};
  CoResidency coResidency_;
  uint64_t hostImportAlignment_ = 0;
  uint64_t usageAtStart_ = 0;  // the heap's budget usage before hipvk allocated any of it
  uint32_t queueFamily_ = 0;
  uint32_t queueCount_ = 1;  // queues of the compute family the logical device gets (streams share them)
  std::optional<uint32_t> copyFamily_;  // the transfer-only family of streams' copy lanes (HIPVK_COPY_QUEUE)
  std::array<uint32_t, 2> bufferFamilies_{};
  uint32_t timestampValidBits_ = 64;
  // Whether GLSL.std.450 Fma is rounded once in single and double precision, so the math library
  // may use it (abi::kSpecIdFusedFma). Vulkan promises it only with VK_KHR_shader_fma, which no
  // driver here has; NVIDIA's proprietary driver was measured to fuse (docs/HIP_ON_VULKAN.md).
  bool fusedFma_ = false;
  // Whether the float division, sqrt, exp2 and log2 of kernels take the algorithms built on the
  // exact fma (abi::kSpecIdFmaFloatAlgorithms): where Fma is fused, unless HIPVK_FLOAT_ALGORITHMS says.
  bool fmaFloatAlgorithms_ = false;
  // Whether InverseSqrt follows IEEE at 0, infinity, negatives and NaN (abi::kSpecIdIeeeInverseSqrt):
  // NVIDIA's proprietary driver (its MUFU.RSQ), checked by the accuracy harness's special values.
  bool ieeeInverseSqrt_ = false;
  // Whether sqrtf may take the short form on the device's InverseSqrt (abi::kSpecIdVerifiedShortSqrt),
  // and expf/exp2f CUDA's form on its Exp2 (abi::kSpecIdVerifiedShortExp): NVIDIA's proprietary
  // driver, checked over every float on the H100 (tests/math/exhaustive.hip, docs/MATH.md).
  bool verifiedShortSqrt_ = false;
  bool verifiedShortExp_ = false;
  bool pipelineStats_ = false;  // HIPVK_PIPELINE_STATS on a device that can tell
  hipDeviceProp_t hipProps_{};

  VkPhysicalDeviceVulkan12Properties v12Props_{};
  mutable std::mutex settingsMutex_;
  Settings settings_;

  std::unique_ptr<DeviceHealth> health_;
  std::once_flag logicalOnce_;
  std::unique_ptr<Logical> logical_;
  std::atomic<bool> prepared_{false};  // prepareFirstLaunch has run (or runs)
  std::atomic<bool> created_{false};  // logical_ is complete; lets synchronize() skip creation
};

}  // namespace hipvk
