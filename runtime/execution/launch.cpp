#include "execution/launch.h"

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdio>
#include <cstring>
#include <string>

#include "device/context.h"
#include "device/device.h"
#include "api/error.h"
#include "execution/module.h"
#include "execution/service.h"
#include "execution/stream.h"
#include "execution/streams.h"

#include <hipvk/kernel_abi.h>
#include <hipvk/offload_blob.h>

namespace hipvk {
namespace {

using abi::PushHeader;

constexpr uint64_t kDynamicSharedAlignment = abi::kDynamicSharedAlignment;

uint64_t alignedStaticShared(const KernelInfo &kernel) {
  return (kernel.staticShared + kDynamicSharedAlignment - 1) / kDynamicSharedAlignment * kDynamicSharedAlignment;
}

// Shared memory of a launch: the static part 16-byte aligned, then the dynamic part in whole words
// (where the compiler places them). A request beyond any device saturates instead of wrapping
// (SIZE_MAX + 3 would round to 0 and pass the limit check).
uint64_t launchSharedBytes(const KernelInfo &kernel, size_t dynamicShared) {
  constexpr uint64_t kBeyondAnyDevice = uint64_t(1) << 40;
  if (dynamicShared >= kBeyondAnyDevice) return kBeyondAnyDevice;
  return alignedStaticShared(kernel) + (uint64_t(dynamicShared) + 3) / 4 * 4;
}

// The condition of a kernel's blob::kDisjointPointerArguments variant (compiled as if its pointer
// parameters were __restrict__): every non-null pointer argument points into a different hipMalloc
// allocation of the device. Accesses through a pointer stay inside its allocation, so such
// arguments alias neither each other nor the module's variables; anything else (a module
// variable's address, an unknown address, two arguments into one allocation) takes the fallback.
// Calls `visit(index, address)` for each non-null pointer argument of a launch (the metadata's
// 'arg ... pointer' entries), in order, until it returns false; returns whether none did.
template <typename Visit>
bool everyPointerArgument(const KernelInfo &info, const LaunchArguments &args, Visit visit) {
  for (size_t i = 0; i < info.args.size(); ++i) {
    if (!info.args[i].pointer) continue;
    uint64_t address = 0;
    const void *value = args.packed ? static_cast<const std::byte *>(args.packed) + info.args[i].offset : args.params[i];
    std::memcpy(&address, value, sizeof address);
    if (address != 0 && !visit(i, address)) return false;
  }
  return true;
}

bool pointerArgumentsDisjoint(Device &device, const KernelInfo &info, const LaunchArguments &args) {
  std::vector<const Allocation *> seen;
  return everyPointerArgument(info, args, [&](size_t, uint64_t address) {
    std::optional<Resolved> r = device.allocations().find(address);
    if (!r || !r->allocation->userOwned() || std::find(seen.begin(), seen.end(), r->allocation.get()) != seen.end()) return false;
    seen.push_back(r->allocation.get());
    return true;
  });
}

// HIPVK_CHECK_POINTERS=1: each non-null pointer argument must point into live memory of the
// launch's device, or one past its end (a range's end): hipMalloc'd memory, module variables
// (hipGetSymbolAddress), pinned, registered and managed memory by their device address (or host
// address where the two coincide).
// Anything else (freed, from before hipDeviceReset, never allocated, another device's) is refused
// before the kernel can write through it: hipErrorInvalidValue, ROCm's answer to a launch argument
// it rejects. Not hipErrorIllegalAddress: that is a sticky fault of a kernel that ran, while here
// nothing ran and the device stays usable (docs/HIP_ON_VULKAN.md, "Checked pointer arguments").
void checkPointerArguments(Device &device, const KernelInfo &info, const LaunchArguments &args) {
  auto live = [&](uint64_t address) {
    if (device.allocations().find(address)) return true;
    // Host memory by its host address only where that is its device address too (CPU devices). On
    // a GPU the host pointer of pinned memory is no device address (hipHostGetDevicePointer gives
    // it): a kernel writing through it faults, and the H200 hangs.
    std::optional<Resolved> host = device.hostAllocations().find(address);
    return host && host->deviceAddress() == address;
  };
  everyPointerArgument(info, args, [&](size_t i, uint64_t address) {
    if (live(address) || live(address - 1)) return true;
    char hex[24];
    std::snprintf(hex, sizeof hex, "0x%llx", static_cast<unsigned long long>(address));
    fail(hipErrorInvalidValue, "HIPVK_CHECK_POINTERS: argument " + std::to_string(i) + " of kernel " + info.name + " (" +
                                   hex + ") points into no live allocation of device " +
                                   std::to_string(device.ordinal()) + " (freed, from before hipDeviceReset, or never allocated)");
  });
}

void validate(const Device &device, const KernelInfo &kernel, dim3 grid, dim3 block, size_t dynamicShared,
              const LaunchArguments &args) {
  const hipDeviceProp_t &p = device.hipProperties();
  if (!grid.x || !grid.y || !grid.z || !block.x || !block.y || !block.z)
    fail(hipErrorInvalidConfiguration, "zero grid or block dimension");
  if (grid.x > uint32_t(p.maxGridSize[0]) || grid.y > uint32_t(p.maxGridSize[1]) ||
      grid.z > uint32_t(p.maxGridSize[2]))
    fail(hipErrorInvalidConfiguration, "grid exceeds maxGridSize");
  if (block.x > uint32_t(p.maxThreadsDim[0]) || block.y > uint32_t(p.maxThreadsDim[1]) ||
      block.z > uint32_t(p.maxThreadsDim[2]) ||
      uint64_t(block.x) * block.y * block.z > uint64_t(p.maxThreadsPerBlock))
    fail(hipErrorInvalidConfiguration, "block exceeds maxThreadsDim or maxThreadsPerBlock");
  // As ROCm: a block larger than the kernel's __launch_bounds__ is a launch failure (the code, its
  // logical-warp slots among it, was sized for the bound).
  if (kernel.maxThreads && uint64_t(block.x) * block.y * block.z > kernel.maxThreads)
    fail(hipErrorLaunchFailure, "a block of " + std::to_string(uint64_t(block.x) * block.y * block.z) +
                                    " threads exceeds the kernel's __launch_bounds__ of " + std::to_string(kernel.maxThreads));
  // The compiler places dynamic shared memory after the static part, 16-byte aligned, in whole
  // words. ROCm's hipLaunchKernel answers too much shared memory with hipErrorInvalidValue.
  uint64_t shared = launchSharedBytes(kernel, dynamicShared);
  if (dynamicShared > 0 ? shared > p.sharedMemPerBlock : kernel.staticShared > p.sharedMemPerBlock)
    fail(hipErrorInvalidValue, "static + dynamic shared memory exceed sharedMemPerBlock");
  if (args.packed) {
    if (args.packedSize < kernel.argsSize)
      fail(hipErrorInvalidValue, "argument buffer holds " + std::to_string(args.packedSize) + " bytes, the kernel takes " +
                                     std::to_string(kernel.argsSize));
  } else if (!kernel.args.empty() && !args.params) {
    fail(hipErrorInvalidValue, "kernel arguments missing");
  }
}

// Blocks of `kernel` (blockThreads threads, dynamicShared bytes) that run at once on one compute
// unit: the one place occupancy is computed. Where the device's co-residency is known it is a lower
// bound the runtime guarantees (a cooperative grid of blocks x multiProcessorCount never waits for
// a free unit); a higher figure would hang grid.sync() until its timeout.
uint32_t blocksPerComputeUnit(const Device &device, const KernelInfo &kernel, uint64_t blockThreads,
                              size_t dynamicShared) {
  const hipDeviceProp_t &p = device.hipProperties();
  if (blockThreads == 0 || blockThreads > uint64_t(p.maxThreadsPerBlock)) fail(hipErrorInvalidValue, "block size out of range");
  const uint64_t shared = launchSharedBytes(kernel, dynamicShared);
  if (shared > p.sharedMemPerBlock) return 0;  // cannot launch at all
  const Device::CoResidency &c = device.coResidency();
  const uint64_t warp = uint64_t(std::max(1, p.warpSize));
  const uint64_t warps = (blockThreads + warp - 1) / warp;
  switch (c.source) {
  case Device::CoResidency::Source::Lavapipe:
    // A worker thread runs all invocations of its workgroup (coroutines at barriers), whatever the
    // block's size or shared memory, and takes the next workgroup only when it has finished.
    return 1;
  case Device::CoResidency::Source::CoreCount:
    // A core holds at least one block of any size the pipeline accepts; more depends on registers
    // and wave slots Vulkan does not report.
    return 1;
  case Device::CoResidency::Source::NvidiaSM: {
    // Warp slots are known (shaderWarpsPerSM). Registers are not (Vulkan reports none): assume the
    // most a block of this size can hold — 255 per thread, or what the 64K-register file leaves
    // per thread of the block — allocated per warp in units of 256. Shared memory per SM is taken
    // as the per-block limit (the SM has at least that) with 1 KiB reserved per block. At most 16
    // blocks per SM (Turing and consumer Ampere; later GPUs allow more).
    constexpr uint64_t kRegisterFile = 65536, kMaxRegistersPerThread = 255, kRegisterUnit = 256,
                       kReservedSharedPerBlock = 1024, kMaxBlocksPerSM = 16;
    const uint64_t registersPerThread = std::min(kMaxRegistersPerThread, kRegisterFile / (warps * warp));
    const uint64_t registersPerWarp = (registersPerThread * warp + kRegisterUnit - 1) / kRegisterUnit * kRegisterUnit;
    uint64_t blocks = std::min<uint64_t>({kMaxBlocksPerSM, c.warpsPerUnit / warps, kRegisterFile / (registersPerWarp * warps)});
    if (shared > 0) blocks = std::min<uint64_t>(blocks, p.sharedMemPerMultiprocessor / (shared + kReservedSharedPerBlock));
    return uint32_t(std::max<uint64_t>(1, blocks));  // the pipeline was accepted: one block fits
  }
  case Device::CoResidency::Source::Unknown: break;
  }
  // No facts: an estimate from the reported per-CU limits, threads scheduled in whole warps.
  uint64_t blocks = uint64_t(p.maxBlocksPerMultiProcessor);
  blocks = std::min<uint64_t>(blocks, std::max<uint64_t>(1, uint64_t(p.maxThreadsPerMultiProcessor) / (warps * warp)));
  if (shared > 0) blocks = std::min<uint64_t>(blocks, p.sharedMemPerMultiprocessor / shared);
  return uint32_t(blocks);
}

// The barrier's bounded wait, in device-clock ticks.
struct GridSyncWait {
  uint64_t timeoutTicks = 0;
  uint64_t maxStepTicks = 0;
};

// Refuses what a cooperative launch cannot do on `device`; returns the barrier's wait.
GridSyncWait cooperativeWait(Device &device, const KernelInfo &kernel, dim3 grid, dim3 block, size_t dynamicShared) {
  if (!device.supportsCooperativeLaunch())
    fail(hipErrorNotSupported, std::string("cooperative launch: the runtime cannot tell how many blocks ") +
                                   device.hipProperties().name + " runs at once, or it has no device clock");
  const uint64_t threads = uint64_t(block.x) * block.y * block.z;
  const uint64_t perUnit = blocksPerComputeUnit(device, kernel, threads, dynamicShared);
  const uint64_t units = uint64_t(device.hipProperties().multiProcessorCount);
  const uint64_t blocks = uint64_t(grid.x) * grid.y * grid.z;
  if (blocks > perUnit * units)
    fail(hipErrorCooperativeLaunchTooLarge,
         "cooperative launch of " + std::to_string(blocks) + " blocks: at most " + std::to_string(perUnit * units) +
             " run at once (" + std::to_string(perUnit) + " per compute unit x " + std::to_string(units) +
             ") with " + std::to_string(threads) + " threads and " + std::to_string(dynamicShared) +
             " dynamic shared bytes per block");
  // The first cooperative launch measures the clock rate, which waits for the device: earlier
  // launches' errors surface here rather than being lost in the measurement.
  if (!device.clockRatesMeasured()) device.synchronize();
  const uint64_t ticksPerMs = uint64_t(std::max(1, device.clockRates().deviceKHz));
  // A clock step counts at most 10 ms: a spinning thread that is descheduled for longer waits a
  // little longer than the timeout, and a clock that jumps between CPUs cannot end the wait early.
  return {uint64_t(device.context().options().gridSyncTimeoutMs) * ticksPerMs, 10 * ticksPerMs};
}

}  // namespace

void pushCallConfiguration(dim3 grid, dim3 block, size_t sharedMem, hipStream_t stream) {
  Context::thread().callConfigurations.push_back({grid, block, sharedMem, stream});
}

void popCallConfiguration(dim3 *grid, dim3 *block, size_t *sharedMem, hipStream_t *stream) {
  std::vector<CallConfiguration> &stack = Context::thread().callConfigurations;
  if (stack.empty()) fail(hipErrorMissingConfiguration, "no launch configuration was pushed");
  CallConfiguration c = stack.back();
  stack.pop_back();
  if (grid) *grid = c.grid;
  if (block) *block = c.block;
  if (sharedMem) *sharedMem = c.sharedMem;
  if (stream) *stream = c.stream;
}

LaunchArguments argumentsFromExtra(void **extra) {
  LaunchArguments args;
  bool haveSize = false;
  for (size_t i = 0;; i += 2) {
    void *key = extra[i];
    if (key == HIP_LAUNCH_PARAM_END) break;
    if (key == HIP_LAUNCH_PARAM_BUFFER_POINTER) {
      args.packed = extra[i + 1];
    } else if (key == HIP_LAUNCH_PARAM_BUFFER_SIZE) {
      if (!extra[i + 1]) fail(hipErrorInvalidValue, "HIP_LAUNCH_PARAM_BUFFER_SIZE without a size_t *");
      std::memcpy(&args.packedSize, extra[i + 1], sizeof(size_t));
      haveSize = true;
    } else {
      fail(hipErrorInvalidValue, "unknown key in the extra array");
    }
  }
  if (!args.packed || !haveSize)
    fail(hipErrorInvalidValue, "extra needs HIP_LAUNCH_PARAM_BUFFER_POINTER and HIP_LAUNCH_PARAM_BUFFER_SIZE");
  return args;
}

Function &findFunction(const void *handle) {
  Function *function = Context::instance().registry().function(handle);
  if (!function) fail(hipErrorInvalidDeviceFunction, "no kernel is registered or loaded for this function");
  return *function;
}

void launchKernel(const void *hostStub, dim3 grid, dim3 block, void **args, size_t dynamicShared,
                  hipStream_t stream, LaunchKind kind) {
  std::optional<Kernel> kernel = Context::instance().registry().kernel(hostStub);
  if (!kernel) fail(hipErrorInvalidDeviceFunction, "no kernel is registered for this host function");
  launchKernel(**kernel, grid, block, LaunchArguments{args}, dynamicShared, stream, kind);
}

void launchKernel(Function &function, dim3 grid, dim3 block, const LaunchArguments &args, size_t dynamicShared,
                  hipStream_t stream, LaunchKind kind) {
  const KernelInfo &info = *function.info;
  // A created stream runs on its own device, whichever is current (as ROCm).
  StreamRef target = streamFor(Context::instance().currentDevice(), stream);
  Device &device = target->device();
  validate(device, info, grid, block, dynamicShared, args);
  if (device.context().options().checkPointers) checkPointerArguments(device, info, args);
  const bool cooperative = kind == LaunchKind::Cooperative;
  const GridSyncWait wait = cooperative ? cooperativeWait(device, info, grid, block, dynamicShared) : GridSyncWait{};

  Module::Instance &instance = function.module->instance(device);
  const uint32_t conditions = (info.launchConditions & blob::kDisjointPointerArguments) && pointerArgumentsDisjoint(device, info, args)
                                  ? blob::kDisjointPointerArguments
                                  : 0;
  VkPipeline pipeline = instance.pipeline(info, block, uint32_t(dynamicShared), conditions);
  VkPipelineLayout layout = device.pipelineLayout();
  const uint32_t *maxCount = device.limits().maxComputeWorkGroupCount;

  auto copyArguments = [&](std::byte *to) {
    if (args.packed) {
      std::memcpy(to, args.packed, info.argsSize);
      return;
    }
    for (size_t i = 0; i < info.args.size(); ++i)
      std::memcpy(to + info.args[i].offset, args.params[i], info.args[i].size);
  };
  auto record = [&](Stream::Recording &r) {
    std::array<std::byte, abi::kPushConstantBytes> push{};
    ServiceBuffer::LaunchSlot service = r.service().prepareLaunch(info.name);
    PushHeader header{instance.segmentAddress(), {grid.x, grid.y, grid.z}, service.launchIndex, 0, service.address, 0};
    VkCommandBuffer cmd = r.commands();
    if (cooperative) {
      // A fresh barrier for this launch: the previous cooperative launch has finished with it
      // (cooperative launches run alone on the device, one after another), and this dispatch
      // waits for the write.
      Device::GridBarrierSlot slot = device.gridBarrier();
      abi::GridBarrier state{};
      state.timeoutTicks = wait.timeoutTicks;
      state.maxStepTicks = wait.maxStepTicks;
      vkCmdUpdateBuffer(cmd, slot.buffer, 0, sizeof state, &state);
      VkMemoryBarrier2 written{.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER_2,
                               .srcStageMask = VK_PIPELINE_STAGE_2_TRANSFER_BIT,
                               .srcAccessMask = VK_ACCESS_2_TRANSFER_WRITE_BIT,
                               .dstStageMask = VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT,
                               .dstAccessMask = VK_ACCESS_2_SHADER_READ_BIT | VK_ACCESS_2_SHADER_WRITE_BIT};
      VkDependencyInfo dependency{.sType = VK_STRUCTURE_TYPE_DEPENDENCY_INFO, .memoryBarrierCount = 1, .pMemoryBarriers = &written};
      vkCmdPipelineBarrier2(cmd, &dependency);
      header.gridBarrier = slot.address;
    }
    uint32_t pushBytes = sizeof(PushHeader);
    if (info.pushArgs) {
      copyArguments(push.data() + sizeof(PushHeader));
      pushBytes += (info.argsSize + 3) & ~3u;
    } else if (info.argsSize > 0) {
      UploadSlice buffer = r.upload(info.argsSize);
      copyArguments(buffer.host);
      header.argumentBuffer = buffer.address;
    }
    std::memcpy(push.data(), &header, sizeof(header));

    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipeline);
    if (info.readsConstantWindow) {
      VkDescriptorSet window = instance.constantWindow();
      vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, layout, abi::kConstantWindowSet, 1, &window, 0, nullptr);
    }
    vkCmdPushConstants(cmd, layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, pushBytes, push.data());
    // A grid within the device's limits is one plain dispatch: NVIDIA runs back-to-back
    // vkCmdDispatch ~0.2 us faster per launch than vkCmdDispatchBase at base 0 (floyd_warshall,
    // docs/PERFORMANCE.md). Larger ones go in chunks: WorkgroupId includes the dispatch base, so
    // every chunk sees HIP's blockIdx; gridDim comes from the push constants.
    if (grid.x <= maxCount[0] && grid.y <= maxCount[1] && grid.z <= maxCount[2]) {
      vkCmdDispatch(cmd, grid.x, grid.y, grid.z);
      return;
    }
    for (uint32_t z = 0; z < grid.z; z += maxCount[2])
      for (uint32_t y = 0; y < grid.y; y += maxCount[1])
        for (uint32_t x = 0; x < grid.x; x += maxCount[0])
          vkCmdDispatchBase(cmd, x, y, z, std::min(maxCount[0], grid.x - x), std::min(maxCount[1], grid.y - y),
                            std::min(maxCount[2], grid.z - z));
  };
  if (cooperative)
    device.streams().enqueueExclusive(*target, record);
  else
    target->enqueue(record);
}

hipFuncAttributes functionAttributes(const Function &function) {
  const KernelInfo &info = *function.info;
  const hipDeviceProp_t &p = Context::instance().currentDevice().hipProperties();
  hipFuncAttributes a{};
  a.binaryVersion = a.ptxVersion = p.major * 10 + p.minor;
  a.sharedSizeBytes = info.staticShared;
  a.localSizeBytes = info.privateBytes;
  a.maxThreadsPerBlock = info.maxThreads ? std::min(int(info.maxThreads), p.maxThreadsPerBlock) : p.maxThreadsPerBlock;
  int available = int(p.sharedMemPerBlock - std::min<size_t>(alignedStaticShared(info), p.sharedMemPerBlock));
  int requested = function.maxDynamicShared.load();
  a.maxDynamicSharedSizeBytes = requested >= 0 ? requested : available;
  a.preferredShmemCarveout = function.sharedCarveout.load();
  a.numRegs = 0;  // Vulkan does not report register use
  a.cacheModeCA = 0;
  a.constSizeBytes = 0;  // __constant__ data lives in the module's global segment
  return a;
}

void setFunctionAttribute(Function &function, std::underlying_type_t<hipFuncAttribute> attr, int value) {
  const hipDeviceProp_t &p = Context::instance().currentDevice().hipProperties();
  switch (attr) {
  case hipFuncAttributeMaxDynamicSharedMemorySize:
    // Vulkan needs no opt-in for large shared memory: any size the device holds is accepted.
    if (value < 0 || uint64_t(value) + alignedStaticShared(*function.info) > p.sharedMemPerBlock)
      fail(hipErrorInvalidValue, "dynamic shared memory beyond sharedMemPerBlock");
    function.maxDynamicShared = value;
    return;
  case hipFuncAttributePreferredSharedMemoryCarveout:
    // A hint (-1 = default, 0..100 percent); Vulkan has no carveout control.
    if (value < -1 || value > 100) fail(hipErrorInvalidValue, "carveout must be -1 or 0..100");
    function.sharedCarveout = value;
    return;
  default:
    fail(hipErrorInvalidValue, "unknown hipFuncAttribute " + std::to_string(int(attr)));
  }
}

int maxActiveBlocksPerMultiprocessor(const Function &function, int blockSize, size_t dynamicShared) {
  if (blockSize <= 0) fail(hipErrorInvalidValue, "block size out of range");
  return int(blocksPerComputeUnit(Context::instance().currentDevice(), *function.info, uint64_t(blockSize), dynamicShared));
}

void maxPotentialBlockSize(const Function &function, size_t dynamicShared, int blockSizeLimit, int *gridSize,
                           int *blockSize) {
  Device &device = Context::instance().currentDevice();
  const hipDeviceProp_t &p = device.hipProperties();
  if (blockSizeLimit < 0) fail(hipErrorInvalidValue, "negative block size limit");
  int limit = blockSizeLimit == 0 ? p.maxThreadsPerBlock : std::min(blockSizeLimit, p.maxThreadsPerBlock);
  if (function.info->maxThreads) limit = std::min(limit, int(function.info->maxThreads));
  const int warp = int(Context::instance().registry().warpSize(device));
  int best = 0, bestBlocks = 0;
  long long bestThreads = -1;
  // Candidates: multiples of the warp size (and the limit itself when it is smaller).
  for (int size = limit; size > 0; size = size % warp ? size / warp * warp : size - warp) {
    int blocks = maxActiveBlocksPerMultiprocessor(function, size, dynamicShared);
    long long threads = (long long)blocks * size;
    if (threads > bestThreads) {
      bestThreads = threads;
      best = size;
      bestBlocks = blocks;
    }
  }
  if (bestBlocks == 0) fail(hipErrorInvalidValue, "the kernel's shared memory does not fit the device");
  *blockSize = best;
  *gridSize = bestBlocks * p.multiProcessorCount;
}

}  // namespace hipvk
