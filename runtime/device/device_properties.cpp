// What a Device reports: hipDeviceProp_t and hipDeviceGetAttribute from its Vulkan properties,
// which SPIR-V capabilities of a module it lacks, and the one-line descriptions hipvk-info prints.
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <sched.h>
#include <string_view>
#include <thread>

#include <spirv/unified1/spirv.h>

#include "api/error.h"
#include "device/context.h"
#include "device/device_features.h"

namespace hipvk {
namespace {

// lavapipe's worker threads, each of which runs one workgroup at a time to completion: so many
// workgroups run at once (measured: docs/HIP_ON_VULKAN.md, "Grid sync"). Mesa's rule: LP_NUM_THREADS,
// else the CPU count when there is more than one CPU, else none (the submitting thread runs the
// workgroups: one at a time); at most LP_MAX_THREADS (32). The CPU count is taken as the smaller of
// the online CPUs and this process's affinity mask, so that it never exceeds Mesa's.
uint32_t lavapipeWorkerThreads(std::optional<unsigned> lpNumThreads) {
  constexpr unsigned kLavapipeMaxThreads = 32;
  unsigned cpus = std::max(1u, std::thread::hardware_concurrency());
  cpu_set_t affinity;
  if (sched_getaffinity(0, sizeof affinity, &affinity) == 0) cpus = std::min(cpus, unsigned(std::max(1, CPU_COUNT(&affinity))));
  unsigned threads = lpNumThreads.value_or(cpus > 1 ? cpus : 0);
  return std::clamp(threads, 1u, kLavapipeMaxThreads);
}

}  // namespace

void Device::fillHipProperties() {
  const VkPhysicalDeviceProperties &p = props_.properties;
  const VkPhysicalDeviceLimits &lim = p.limits;
  const Features &f = *enabled_;
  hipDeviceProp_t &h = hipProps_;
  bool cpu = p.deviceType == VK_PHYSICAL_DEVICE_TYPE_CPU;

  static_assert(sizeof(h.name) >= VK_MAX_PHYSICAL_DEVICE_NAME_SIZE);
  std::memcpy(h.name, p.deviceName, VK_MAX_PHYSICAL_DEVICE_NAME_SIZE);
  std::memcpy(h.uuid.bytes, v11Props_.deviceUUID, sizeof(h.uuid.bytes));
  if (v11Props_.deviceLUIDValid) {
    std::memcpy(h.luid, v11Props_.deviceLUID, sizeof(h.luid));
    h.luidDeviceNodeMask = v11Props_.deviceNodeMask;
  }
  h.ECCEnabled = 0;  // not reported by Vulkan
  // One address space with the host, and so with every other such device: a CPU device's buffer
  // device addresses are the host addresses of its memory (what managed memory relies on too).
  // A GPU's addresses are its own and may coincide with another device's (runtime/memory/memory.cpp).
  h.unifiedAddressing = supportsManagedMemory();
  // Copies overlap kernels where they run on a copy engine's queue (Stream's copy lane).
  h.asyncEngineCount = copyFamily_ ? 1 : 0;
  h.computePreemptionSupported = 0;
  h.singleToDoublePrecisionPerfRatio = 0;  // unknown
  // hipHostRegister imports host pages (VK_EXT_external_memory_host); hipHostMalloc memory is
  // host-visible memory every device maps.
  h.hostRegisterSupported = hostImportAlignment_ != 0;
  h.canMapHostMemory = 1;
  // Managed memory needs a host mapping at its device address (docs/HIP_ON_VULKAN.md): host and
  // device then share the memory, coherently, and may touch it at the same time.
  h.managedMemory = supportsManagedMemory();
  h.concurrentManagedAccess = supportsManagedMemory();
  h.directManagedMemAccessFromHost = supportsManagedMemory();
  h.timelineSemaphoreInteropSupported = 0;
  for (uint32_t i = 0; i < memoryProps_.memoryHeapCount; ++i)
    if (memoryProps_.memoryHeaps[i].flags & VK_MEMORY_HEAP_DEVICE_LOCAL_BIT)
      h.totalGlobalMem = std::max<size_t>(h.totalGlobalMem, memoryProps_.memoryHeaps[i].size);
  h.sharedMemPerBlock = lim.maxComputeSharedMemorySize;
  h.sharedMemPerBlockOptin = lim.maxComputeSharedMemorySize;
  h.sharedMemPerMultiprocessor = lim.maxComputeSharedMemorySize;
  h.maxSharedMemoryPerMultiProcessor = lim.maxComputeSharedMemorySize;
  h.regsPerBlock = 65536;  // Vulkan does not expose register files; a common GPU figure
  h.regsPerMultiprocessor = 65536;
  h.warpSize = int(v11Props_.subgroupSize);
  h.memPitch = size_t(maxAllocationSize());
  h.maxThreadsPerBlock = int(lim.maxComputeWorkGroupInvocations);
  h.maxThreadsPerMultiProcessor = int(lim.maxComputeWorkGroupInvocations);
  for (int i = 0; i < 3; ++i) h.maxThreadsDim[i] = int(lim.maxComputeWorkGroupSize[i]);
  // Grids beyond maxComputeWorkGroupCount are split into several dispatches: report ROCm's limits.
  h.maxGridSize[0] = INT32_MAX;
  h.maxGridSize[1] = h.maxGridSize[2] = 65535;
  h.clockRate = 1000000;  // kHz; Vulkan does not report clocks
  h.clockInstructionRate = 1000000;
  h.memoryClockRate = 1000000;
  h.memoryBusWidth = cpu ? 64 : 256;
  h.l2CacheSize = 4 * 1024 * 1024;
  h.totalConstMem = size_t(std::min<uint64_t>(maxAllocationSize(), INT32_MAX));
  // hipvk device code is compiled as amdgcn gfx900 IR, so report that architecture; the rest of
  // gcnArchName (ROCm puts target features after ':') names the Vulkan device and driver.
  h.major = 9;
  h.minor = 0;
  h.gcnArch = 900;
  std::string arch = std::string("gfx900:vulkan:") + p.deviceName + ":" + driverDescription();
  std::strncpy(h.gcnArchName, arch.c_str(), sizeof(h.gcnArchName) - 1);
  h.textureAlignment = 256;
  h.texturePitchAlignment = 256;
  h.integrated = p.deviceType == VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU || cpu;
  h.computeMode = hipComputeModeDefault;
  h.concurrentKernels = 1;

  // Compute units, and what is known about how many workgroups run at once (co-residency, the
  // bound of cooperative launches; docs/HIP_ON_VULKAN.md, "Grid sync").
  h.multiProcessorCount = 16;  // a mid-size GPU guess where no fact is known
  using Source = CoResidency::Source;
  if (v12Props_.driverID == VK_DRIVER_ID_MESA_LLVMPIPE) {
    coResidency_.source = Source::Lavapipe;
    coResidency_.computeUnits = lavapipeWorkerThreads(context_.options().lavapipeThreads);
  } else if (hasDeviceExtension(physical_, VK_NV_SHADER_SM_BUILTINS_EXTENSION_NAME)) {
    VkPhysicalDeviceShaderSMBuiltinsPropertiesNV sm{.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_SM_BUILTINS_PROPERTIES_NV};
    VkPhysicalDeviceProperties2 p2{.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2, .pNext = &sm};
    vkGetPhysicalDeviceProperties2(physical_, &p2);
    coResidency_ = {Source::NvidiaSM, sm.shaderSMCount, sm.shaderWarpsPerSM};
  } else if (hasDeviceExtension(physical_, VK_ARM_SHADER_CORE_BUILTINS_EXTENSION_NAME)) {
    VkPhysicalDeviceShaderCoreBuiltinsPropertiesARM core{
        .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_CORE_BUILTINS_PROPERTIES_ARM};
    VkPhysicalDeviceProperties2 p2{.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2, .pNext = &core};
    vkGetPhysicalDeviceProperties2(physical_, &p2);
    coResidency_ = {Source::CoreCount, core.shaderCoreCount, 0};
  } else if (hasDeviceExtension(physical_, VK_AMD_SHADER_CORE_PROPERTIES_EXTENSION_NAME)) {
    VkPhysicalDeviceShaderCorePropertiesAMD core{.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_CORE_PROPERTIES_AMD};
    VkPhysicalDeviceProperties2 p2{.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2, .pNext = &core};
    vkGetPhysicalDeviceProperties2(physical_, &p2);
    coResidency_ = {Source::CoreCount,
                    core.shaderEngineCount * core.shaderArraysPerEngineCount * core.computeUnitsPerShaderArray, 0};
  } else if (cpu) {
    h.multiProcessorCount = int(std::max(1u, std::thread::hardware_concurrency()));  // another CPU driver
  }
  if (coResidency_.computeUnits == 0) coResidency_.source = Source::Unknown;  // a driver reporting no cores
  if (coResidency_.source != Source::Unknown) h.multiProcessorCount = int(coResidency_.computeUnits);
  h.maxBlocksPerMultiProcessor = coResidency_.source == Source::Lavapipe ? 1 : 16;
  h.cooperativeLaunch = h.cooperativeMultiDeviceLaunch = supportsCooperativeLaunch();

  if (hasDeviceExtension(physical_, VK_EXT_PCI_BUS_INFO_EXTENSION_NAME)) {
    VkPhysicalDevicePCIBusInfoPropertiesEXT pci{.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PCI_BUS_INFO_PROPERTIES_EXT};
    VkPhysicalDeviceProperties2 p2{.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2, .pNext = &pci};
    vkGetPhysicalDeviceProperties2(physical_, &p2);
    h.pciDomainID = int(pci.pciDomain);
    h.pciBusID = int(pci.pciBus);
    h.pciDeviceID = int(pci.pciDevice);
  }

  // Device memory the host can map directly (lavapipe, resizable BAR): copies skip staging.
  for (uint32_t i = 0; i < memoryProps_.memoryTypeCount; ++i) {
    VkMemoryPropertyFlags flags = memoryProps_.memoryTypes[i].propertyFlags;
    if ((flags & VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT) && (flags & VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT) &&
        memoryProps_.memoryHeaps[memoryProps_.memoryTypes[i].heapIndex].size == h.totalGlobalMem)
      h.isLargeBar = 1;
  }

  hipDeviceArch_t &a = h.arch;
  a.hasGlobalInt32Atomics = a.hasSharedInt32Atomics = 1;
  a.hasGlobalFloatAtomicExch = f.atomicFloat.shaderBufferFloat32Atomics;
  a.hasSharedFloatAtomicExch = f.atomicFloat.shaderSharedFloat32Atomics;
  a.hasFloatAtomicAdd = f.atomicFloat.shaderBufferFloat32AtomicAdd && f.atomicFloat.shaderSharedFloat32AtomicAdd;
  a.hasGlobalInt64Atomics = f.v12.shaderBufferInt64Atomics;
  a.hasSharedInt64Atomics = f.v12.shaderSharedInt64Atomics;
  a.hasDoubles = f.core.features.shaderFloat64;
  a.hasWarpVote = a.hasWarpBallot = a.hasWarpShuffle = 1;  // required of every device
  a.hasFunnelShift = 1;
  a.hasSyncThreadsExt = 1;
  a.has3dGrid = 1;
}

int Device::attribute(std::underlying_type_t<hipDeviceAttribute_t> attr) const {
  const hipDeviceProp_t &h = hipProps_;
  switch (attr) {
  case hipDeviceAttributeEccEnabled: return h.ECCEnabled;
  case hipDeviceAttributeAccessPolicyMaxWindowSize: return h.accessPolicyMaxWindowSize;
  case hipDeviceAttributeAsyncEngineCount: return h.asyncEngineCount;
  case hipDeviceAttributeCanMapHostMemory: return h.canMapHostMemory;
  case hipDeviceAttributeCanUseHostPointerForRegisteredMem: return h.canUseHostPointerForRegisteredMem;
  case hipDeviceAttributeClockRate: return h.clockRate;
  case hipDeviceAttributeComputeMode: return h.computeMode;
  case hipDeviceAttributeComputePreemptionSupported: return h.computePreemptionSupported;
  case hipDeviceAttributeConcurrentKernels: return h.concurrentKernels;
  case hipDeviceAttributeConcurrentManagedAccess: return h.concurrentManagedAccess;
  case hipDeviceAttributeCooperativeLaunch: return h.cooperativeLaunch;
  case hipDeviceAttributeCooperativeMultiDeviceLaunch: return h.cooperativeMultiDeviceLaunch;
  case hipDeviceAttributeDeviceOverlap: return h.deviceOverlap;
  case hipDeviceAttributeDirectManagedMemAccessFromHost: return h.directManagedMemAccessFromHost;
  case hipDeviceAttributeGlobalL1CacheSupported: return h.globalL1CacheSupported;
  case hipDeviceAttributeHostNativeAtomicSupported: return h.hostNativeAtomicSupported;
  case hipDeviceAttributeIntegrated: return h.integrated;
  case hipDeviceAttributeIsMultiGpuBoard: return h.isMultiGpuBoard;
  case hipDeviceAttributeKernelExecTimeout: return h.kernelExecTimeoutEnabled;
  case hipDeviceAttributeL2CacheSize: return h.l2CacheSize;
  case hipDeviceAttributeLocalL1CacheSupported: return h.localL1CacheSupported;
  case hipDeviceAttributeComputeCapabilityMajor: return h.major;
  case hipDeviceAttributeComputeCapabilityMinor: return h.minor;
  case hipDeviceAttributeManagedMemory: return h.managedMemory;
  case hipDeviceAttributeMaxBlocksPerMultiProcessor: return h.maxBlocksPerMultiProcessor;
  case hipDeviceAttributeMaxBlockDimX: return h.maxThreadsDim[0];
  case hipDeviceAttributeMaxBlockDimY: return h.maxThreadsDim[1];
  case hipDeviceAttributeMaxBlockDimZ: return h.maxThreadsDim[2];
  case hipDeviceAttributeMaxGridDimX: return h.maxGridSize[0];
  case hipDeviceAttributeMaxGridDimY: return h.maxGridSize[1];
  case hipDeviceAttributeMaxGridDimZ: return h.maxGridSize[2];
  case hipDeviceAttributeMaxThreadsPerBlock: return h.maxThreadsPerBlock;
  case hipDeviceAttributeMaxThreadsPerMultiProcessor: return h.maxThreadsPerMultiProcessor;
  case hipDeviceAttributeMaxPitch: return int(std::min<size_t>(h.memPitch, INT_MAX));
  case hipDeviceAttributeMemoryBusWidth: return h.memoryBusWidth;
  case hipDeviceAttributeMemoryClockRate: return h.memoryClockRate;
  case hipDeviceAttributeMultiGpuBoardGroupID: return h.multiGpuBoardGroupID;
  case hipDeviceAttributeMultiprocessorCount: return h.multiProcessorCount;
  case hipDeviceAttributePhysicalMultiProcessorCount: return h.multiProcessorCount;
  case hipDeviceAttributePageableMemoryAccess: return h.pageableMemoryAccess;
  case hipDeviceAttributePageableMemoryAccessUsesHostPageTables: return h.pageableMemoryAccessUsesHostPageTables;
  case hipDeviceAttributePciBusId: return h.pciBusID;
  case hipDeviceAttributePciDeviceId: return h.pciDeviceID;
  case hipDeviceAttributePciDomainId: return h.pciDomainID;
  case hipDeviceAttributePersistingL2CacheMaxSize: return h.persistingL2CacheMaxSize;
  case hipDeviceAttributeMaxRegistersPerBlock: return h.regsPerBlock;
  case hipDeviceAttributeMaxRegistersPerMultiprocessor: return h.regsPerMultiprocessor;
  case hipDeviceAttributeReservedSharedMemPerBlock: return int(h.reservedSharedMemPerBlock);
  case hipDeviceAttributeMaxSharedMemoryPerBlock: return int(h.sharedMemPerBlock);
  case hipDeviceAttributeSharedMemPerBlockOptin: return int(h.sharedMemPerBlockOptin);
  case hipDeviceAttributeSharedMemPerMultiprocessor: return int(h.sharedMemPerMultiprocessor);
  case hipDeviceAttributeMaxSharedMemoryPerMultiprocessor: return int(h.maxSharedMemoryPerMultiProcessor);
  case hipDeviceAttributeSingleToDoublePrecisionPerfRatio: return h.singleToDoublePrecisionPerfRatio;
  case hipDeviceAttributeStreamPrioritiesSupported: return h.streamPrioritiesSupported;
  case hipDeviceAttributeSurfaceAlignment: return int(h.surfaceAlignment);
  case hipDeviceAttributeTccDriver: return h.tccDriver;
  case hipDeviceAttributeTextureAlignment: return int(h.textureAlignment);
  case hipDeviceAttributeTexturePitchAlignment: return int(h.texturePitchAlignment);
  case hipDeviceAttributeTotalConstantMemory: return int(std::min<size_t>(h.totalConstMem, INT_MAX));
  case hipDeviceAttributeTotalGlobalMem: return int(std::min<size_t>(h.totalGlobalMem, INT_MAX));
  case hipDeviceAttributeUnifiedAddressing: return h.unifiedAddressing;
  case hipDeviceAttributeWarpSize: return h.warpSize;
  case hipDeviceAttributeMemoryPoolsSupported: return h.memoryPoolsSupported;
  case hipDeviceAttributeVirtualMemoryManagementSupported: return 0;
  case hipDeviceAttributeHostRegisterSupported: return h.hostRegisterSupported;
  case hipDeviceAttributeMemoryPoolSupportedHandleTypes: return int(h.memoryPoolSupportedHandleTypes);
  case hipDeviceAttributeClockInstructionRate: return h.clockInstructionRate;
  case hipDeviceAttributeWallClockRate: return h.clockInstructionRate;
  case hipDeviceAttributeIsLargeBar: return h.isLargeBar;
  case hipDeviceAttributeAsicRevision: return h.asicRevision;
  case hipDeviceAttributeCooperativeMultiDeviceUnmatchedFunc: return h.cooperativeMultiDeviceUnmatchedFunc;
  case hipDeviceAttributeCooperativeMultiDeviceUnmatchedGridDim: return h.cooperativeMultiDeviceUnmatchedGridDim;
  case hipDeviceAttributeCooperativeMultiDeviceUnmatchedBlockDim: return h.cooperativeMultiDeviceUnmatchedBlockDim;
  case hipDeviceAttributeCooperativeMultiDeviceUnmatchedSharedMem: return h.cooperativeMultiDeviceUnmatchedSharedMem;
  case hipDeviceAttributeLuid: return int(h.luid[0] | h.luid[1] << 8 | h.luid[2] << 16 | h.luid[3] << 24);
  case hipDeviceAttributeLuidDeviceNodeMask: return int(h.luidDeviceNodeMask);
  case hipDeviceAttributeMaxThreadsDim: return h.maxThreadsDim[0];
  case hipDeviceAttributeHostNumaId: return -1;  // no NUMA information through Vulkan
  case hipDeviceAttributeNumberOfXccs: return 1;
  case hipDeviceAttributeMaxAvailableVgprsPerThread: return 0;  // Vulkan reports no registers
  case hipDeviceAttributeHdpMemFlushCntl:
  case hipDeviceAttributeHdpRegFlushCntl: return 0;  // no HDP registers to expose
  // Textures and surfaces are not supported (hipDeviceAttributeImageSupport = 0): no sizes.
  case hipDeviceAttributeMaxSurface1D:
  case hipDeviceAttributeMaxSurface1DLayered:
  case hipDeviceAttributeMaxSurface2D:
  case hipDeviceAttributeMaxSurface2DLayered:
  case hipDeviceAttributeMaxSurface3D:
  case hipDeviceAttributeMaxSurfaceCubemap:
  case hipDeviceAttributeMaxSurfaceCubemapLayered:
  case hipDeviceAttributeMaxTexture1DWidth:
  case hipDeviceAttributeMaxTexture1DLayered:
  case hipDeviceAttributeMaxTexture1DLinear:
  case hipDeviceAttributeMaxTexture1DMipmap:
  case hipDeviceAttributeMaxTexture2DWidth:
  case hipDeviceAttributeMaxTexture2DHeight:
  case hipDeviceAttributeMaxTexture2DGather:
  case hipDeviceAttributeMaxTexture2DLayered:
  case hipDeviceAttributeMaxTexture2DLinear:
  case hipDeviceAttributeMaxTexture2DMipmap:
  case hipDeviceAttributeMaxTexture3DWidth:
  case hipDeviceAttributeMaxTexture3DHeight:
  case hipDeviceAttributeMaxTexture3DDepth:
  case hipDeviceAttributeMaxTexture3DAlt:
  case hipDeviceAttributeMaxTextureCubemap:
  case hipDeviceAttributeMaxTextureCubemapLayered: return 0;
  case hipDeviceAttributeCanUseStreamWaitValue: return 0;
  case hipDeviceAttributeImageSupport: return 0;
  case hipDeviceAttributeFineGrainSupport: return 0;
  default: fail(hipErrorInvalidValue, "unsupported device attribute " + std::to_string(attr));
  }
}

std::string Device::missingCapability(std::span<const std::string> caps) const {
  const Features &f = *enabled_;
  const VkSubgroupFeatureFlags ops = v11Props_.subgroupSupportedOperations;
  struct Known {
    SpvCapability id;
    std::string_view name;
    bool supported;
  };
  const Known known[] = {
      {SpvCapabilityShader, "Shader", true},
      {SpvCapabilityInt64, "Int64", f.core.features.shaderInt64 != 0},
      {SpvCapabilityFloat64, "Float64", f.core.features.shaderFloat64 != 0},
      {SpvCapabilityInt16, "Int16", f.core.features.shaderInt16 != 0},
      {SpvCapabilityInt8, "Int8", f.v12.shaderInt8 != 0},
      {SpvCapabilityFloat16, "Float16", f.v12.shaderFloat16 != 0},
      {SpvCapabilityInt64Atomics, "Int64Atomics", f.v12.shaderBufferInt64Atomics || f.v12.shaderSharedInt64Atomics},
      {SpvCapabilityStorageBuffer8BitAccess, "StorageBuffer8BitAccess", f.v12.storageBuffer8BitAccess != 0},
      {SpvCapabilityUniformAndStorageBuffer8BitAccess, "UniformAndStorageBuffer8BitAccess",
       f.v12.uniformAndStorageBuffer8BitAccess != 0},
      {SpvCapabilityStoragePushConstant8, "StoragePushConstant8", f.v12.storagePushConstant8 != 0},
      {SpvCapabilityStorageBuffer16BitAccess, "StorageBuffer16BitAccess", f.v11.storageBuffer16BitAccess != 0},
      {SpvCapabilityUniformAndStorageBuffer16BitAccess, "UniformAndStorageBuffer16BitAccess",
       f.v11.uniformAndStorageBuffer16BitAccess != 0},
      {SpvCapabilityStoragePushConstant16, "StoragePushConstant16", f.v11.storagePushConstant16 != 0},
      {SpvCapabilityVariablePointersStorageBuffer, "VariablePointersStorageBuffer",
       f.v11.variablePointersStorageBuffer != 0},
      {SpvCapabilityVariablePointers, "VariablePointers", f.v11.variablePointers != 0},
      {SpvCapabilityPhysicalStorageBufferAddresses, "PhysicalStorageBufferAddresses", f.v12.bufferDeviceAddress != 0},
      {SpvCapabilityVulkanMemoryModel, "VulkanMemoryModel", f.v12.vulkanMemoryModel != 0},
      {SpvCapabilityVulkanMemoryModelDeviceScope, "VulkanMemoryModelDeviceScope",
       f.v12.vulkanMemoryModelDeviceScope != 0},
      {SpvCapabilityGroupNonUniform, "GroupNonUniform", (ops & VK_SUBGROUP_FEATURE_BASIC_BIT) != 0},
      {SpvCapabilityGroupNonUniformVote, "GroupNonUniformVote", (ops & VK_SUBGROUP_FEATURE_VOTE_BIT) != 0},
      {SpvCapabilityGroupNonUniformBallot, "GroupNonUniformBallot", (ops & VK_SUBGROUP_FEATURE_BALLOT_BIT) != 0},
      {SpvCapabilityGroupNonUniformShuffle, "GroupNonUniformShuffle", (ops & VK_SUBGROUP_FEATURE_SHUFFLE_BIT) != 0},
      {SpvCapabilityGroupNonUniformShuffleRelative, "GroupNonUniformShuffleRelative",
       (ops & VK_SUBGROUP_FEATURE_SHUFFLE_RELATIVE_BIT) != 0},
      {SpvCapabilityGroupNonUniformArithmetic, "GroupNonUniformArithmetic",
       (ops & VK_SUBGROUP_FEATURE_ARITHMETIC_BIT) != 0},
      {SpvCapabilityGroupNonUniformClustered, "GroupNonUniformClustered",
       (ops & VK_SUBGROUP_FEATURE_CLUSTERED_BIT) != 0},
      {SpvCapabilityGroupNonUniformQuad, "GroupNonUniformQuad", (ops & VK_SUBGROUP_FEATURE_QUAD_BIT) != 0},
      // Dropped from the module, with their execution modes, where the device cannot honour them
      // (Module::Instance): denormals then behave as the driver's default.
      {SpvCapabilityDenormPreserve, "DenormPreserve", true},
      {SpvCapabilityDenormFlushToZero, "DenormFlushToZero", true},
      // hipcc's native-float-atomics variants add floats in global memory only (docs/ABI.md).
      {SpvCapabilityAtomicFloat32AddEXT, "AtomicFloat32AddEXT", f.atomicFloat.shaderBufferFloat32AtomicAdd != 0},
      {SpvCapabilityAtomicFloat64AddEXT, "AtomicFloat64AddEXT", f.atomicFloat.shaderBufferFloat64AtomicAdd != 0},
      // Which scopes the module reads is checked separately (hasSubgroupClock/hasDeviceClock).
      {SpvCapabilityShaderClockKHR, "ShaderClockKHR", hasSubgroupClock() || hasDeviceClock()},
  };
  // A capability is written as its name in the SPIR-V spec or as its decimal enumerant.
  std::string missing;
  for (const std::string &cap : caps) {
    auto it = std::find_if(std::begin(known), std::end(known), [&](const Known &k) {
      return k.name == cap || std::to_string(unsigned(k.id)) == cap;
    });
    if (it == std::end(known)) return cap + " (unknown to this runtime)";
    // Every missing one: "Int64" alone would hide that the module also needs 64-bit atomics.
    if (!it->supported) missing += (missing.empty() ? "" : " and ") + std::string(it->name);
  }
  return missing;
}

std::string Device::pciBusId() const {
  char id[32];
  std::snprintf(id, sizeof(id), "%04x:%02x:%02x.0", unsigned(hipProps_.pciDomainID), unsigned(hipProps_.pciBusID),
                unsigned(hipProps_.pciDeviceID));
  return id;
}

std::string Device::driverDescription() const {
  std::string d = v12Props_.driverName;
  if (v12Props_.driverInfo[0]) d += std::string(" ") + v12Props_.driverInfo;
  return d;
}

std::string Device::featureSummary() const {
  const Features &f = *enabled_;
  std::string out;
  auto add = [&](const char *name, bool on) { out += std::string(out.empty() ? "" : " ") + name + (on ? "+" : "-"); };
  add("int64", f.core.features.shaderInt64);
  add("int8", f.v12.shaderInt8);
  add("int16", f.core.features.shaderInt16);
  add("fp16", f.v12.shaderFloat16);
  add("fp64", f.core.features.shaderFloat64);
  add("int64-atomics", f.v12.shaderBufferInt64Atomics);
  add("float-atomics", f.atomicFloat.shaderBufferFloat32AtomicAdd);
  add("subgroup-size-control", f.v13.subgroupSizeControl);
  add("full-subgroups", f.v13.computeFullSubgroups);
  add("vulkan-memory-model", f.v12.vulkanMemoryModel);
  add("memory-budget", hasMemoryBudget_);
  add("subgroup-clock", hasSubgroupClock());
  add("device-clock", hasDeviceClock());
  add("host-import", hostImportAlignment_ != 0);
  add("fused-fma", fusedFma_);
  add("fma-float-algorithms", fmaFloatAlgorithms_);
  add("ieee-inverse-sqrt", ieeeInverseSqrt_);
  add("verified-short-sqrt", verifiedShortSqrt_);
  add("verified-short-exp", verifiedShortExp_);
  return out;
}

}  // namespace hipvk
