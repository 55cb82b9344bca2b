// What a Device shares between its files (device.cpp: creation, queues, pipelines;
// device_properties.cpp: what it reports): the Vulkan feature structs it queries and enables.
#pragma once

#include <initializer_list>

#include "device/device.h"
#include "device/options.h"

namespace hipvk {

// Whether the physical device offers the named extension.
bool hasDeviceExtension(VkPhysicalDevice physical, const char *name);

// The feature structs hipvk queries and enables, linked as one pNext chain.
struct Device::Features {
  VkPhysicalDeviceFeatures2 core{.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2};
  VkPhysicalDeviceVulkan11Features v11{.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES};
  VkPhysicalDeviceVulkan12Features v12{.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES};
  VkPhysicalDeviceVulkan13Features v13{.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES};
  VkPhysicalDeviceShaderAtomicFloatFeaturesEXT atomicFloat{
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_ATOMIC_FLOAT_FEATURES_EXT};
  VkPhysicalDeviceShaderClockFeaturesKHR shaderClock{.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_CLOCK_FEATURES_KHR};
  bool withShaderClock = false;  // VK_KHR_shader_clock is present: shaderClock is in the chain

  VkPhysicalDeviceFeatures2 *chain(bool withAtomicFloat) {
    core.pNext = &v11;
    v11.pNext = &v12;
    v12.pNext = &v13;
    v13.pNext = withAtomicFloat ? &atomicFloat : nullptr;
    atomicFloat.pNext = nullptr;
    shaderClock.pNext = nullptr;
    if (withShaderClock) (withAtomicFloat ? atomicFloat.pNext : v13.pNext) = &shaderClock;
    return &core;
  }

  static Features query(VkPhysicalDevice physical, bool withAtomicFloat) {
    Features f;
    f.withShaderClock = hasDeviceExtension(physical, VK_KHR_SHADER_CLOCK_EXTENSION_NAME);
    vkGetPhysicalDeviceFeatures2(physical, f.chain(withAtomicFloat));
    return f;
  }

  // The subset hipvk turns on: what it requires plus every optional feature kernels may use,
  // less what HIPVK_DISABLE_FEATURES masks (Options::Feature bits).
  Features enabledSubset(unsigned disabled) const {
    Features e = enabledSubset();
    auto off = [&](unsigned feature, std::initializer_list<VkBool32 *> flags) {
      if (disabled & feature)
        for (VkBool32 *flag : flags) *flag = VK_FALSE;
    };
    off(Options::Int64, {&e.core.features.shaderInt64, &e.v12.shaderBufferInt64Atomics, &e.v12.shaderSharedInt64Atomics});
    off(Options::Float64, {&e.core.features.shaderFloat64, &e.atomicFloat.shaderBufferFloat64Atomics,
                           &e.atomicFloat.shaderBufferFloat64AtomicAdd, &e.atomicFloat.shaderSharedFloat64Atomics,
                           &e.atomicFloat.shaderSharedFloat64AtomicAdd});
    // 8- and 16-bit storage go with the types: a module that reads such data declares them.
    off(Options::Int16, {&e.core.features.shaderInt16, &e.v11.storageBuffer16BitAccess,
                         &e.v11.uniformAndStorageBuffer16BitAccess, &e.v11.storagePushConstant16});
    off(Options::Float16, {&e.v12.shaderFloat16, &e.v11.storageBuffer16BitAccess,
                           &e.v11.uniformAndStorageBuffer16BitAccess, &e.v11.storagePushConstant16});
    off(Options::Int8, {&e.v12.shaderInt8, &e.v12.storageBuffer8BitAccess, &e.v12.uniformAndStorageBuffer8BitAccess,
                        &e.v12.storagePushConstant8});
    return e;
  }

  Features enabledSubset() const {
    Features e;
    e.core.features.shaderInt64 = core.features.shaderInt64;
    e.core.features.shaderFloat64 = core.features.shaderFloat64;
    e.core.features.shaderInt16 = core.features.shaderInt16;
    e.v11.storageBuffer16BitAccess = v11.storageBuffer16BitAccess;
    e.v11.uniformAndStorageBuffer16BitAccess = v11.uniformAndStorageBuffer16BitAccess;
    e.v11.storagePushConstant16 = v11.storagePushConstant16;
    e.v11.variablePointersStorageBuffer = v11.variablePointersStorageBuffer;
    e.v11.variablePointers = v11.variablePointers;
    e.v12.bufferDeviceAddress = VK_TRUE;
    e.v12.timelineSemaphore = VK_TRUE;
    e.v12.shaderInt8 = v12.shaderInt8;
    e.v12.shaderFloat16 = v12.shaderFloat16;
    e.v12.storageBuffer8BitAccess = v12.storageBuffer8BitAccess;
    e.v12.uniformAndStorageBuffer8BitAccess = v12.uniformAndStorageBuffer8BitAccess;
    e.v12.storagePushConstant8 = v12.storagePushConstant8;
    e.v12.shaderBufferInt64Atomics = v12.shaderBufferInt64Atomics;
    e.v12.shaderSharedInt64Atomics = v12.shaderSharedInt64Atomics;
    e.v12.shaderSubgroupExtendedTypes = v12.shaderSubgroupExtendedTypes;
    e.v12.vulkanMemoryModel = v12.vulkanMemoryModel;
    e.v12.vulkanMemoryModelDeviceScope = v12.vulkanMemoryModelDeviceScope;
    e.v13.maintenance4 = VK_TRUE;
    e.v13.synchronization2 = VK_TRUE;
    e.v13.subgroupSizeControl = v13.subgroupSizeControl;
    e.v13.computeFullSubgroups = v13.computeFullSubgroups;
    e.atomicFloat = atomicFloat;
    e.atomicFloat.pNext = nullptr;
    e.withShaderClock = withShaderClock;
    e.shaderClock.shaderSubgroupClock = shaderClock.shaderSubgroupClock;
    e.shaderClock.shaderDeviceClock = shaderClock.shaderDeviceClock;
    return e;
  }
};

}  // namespace hipvk
