// Initialisation, versions and device management.
#include <cstdio>
#include <cstring>
#include <string>

#include "api/api.h"
#include "device/device.h"
#include "execution/module.h"
#include "execution/service.h"

namespace {

hipvk::Device &deviceOf(int ordinal) { return hipvk::Context::instance().device(ordinal); }

}  // namespace

using namespace hipvk;

extern "C" {

hipError_t hipInit(unsigned int flags) {
  return api::call(__func__, [&] {
    if (flags != 0) fail(hipErrorInvalidValue, "hipInit flags must be 0");
    if (Context::instance().devices().empty()) fail(hipErrorNoDevice, "no usable Vulkan 1.3 device");
  });
}

hipError_t hipDriverGetVersion(int *driverVersion) {
  return api::call(__func__, [&] {
    api::requireNonNull(driverVersion);
    *driverVersion = HIP_VERSION;
  });
}

hipError_t hipRuntimeGetVersion(int *runtimeVersion) {
  return api::call(__func__, [&] {
    api::requireNonNull(runtimeVersion);
    *runtimeVersion = HIP_VERSION;
  });
}

hipError_t hipGetDeviceCount(int *count) {
  return api::call(__func__, [&] {
    api::requireNonNull(count);
    *count = int(Context::instance().devices().size());
    if (*count == 0) fail(hipErrorNoDevice, "no usable Vulkan 1.3 device");
  });
}

hipError_t hipSetDevice(int deviceId) {
  return api::call(__func__, [&] {
    Context::instance().device(deviceId);  // validates the id
    Context::thread().device = deviceId;
  });
}

hipError_t hipGetDevice(int *deviceId) {
  return api::call(__func__, [&] {
    api::requireNonNull(deviceId);
    *deviceId = Context::instance().currentDevice().ordinal();
  });
}

hipError_t hipGetDeviceProperties(hipDeviceProp_t *prop, int deviceId) {
  return api::call(__func__, [&] {
    api::requireNonNull(prop);
    Device &device = Context::instance().device(deviceId);
    *prop = device.hipProperties();
    prop->warpSize = int(Context::instance().registry().warpSize(device));
    // The rate of the timer clock()/clock64() read, measured (Vulkan does not report it).
    prop->clockRate = prop->clockInstructionRate = device.clockRates().subgroupKHz;
  });
}

// ROCm 6 headers rename hipGetDeviceProperties to this; our struct has the same layout.
hipError_t hipGetDevicePropertiesR0600(hipDeviceProp_t *prop, int deviceId)
    __attribute__((alias("hipGetDeviceProperties")));

hipError_t hipDeviceGetAttribute(int *pi, hipDeviceAttribute_t attr, int deviceId) {
  return api::call(__func__, [&] {
    api::requireNonNull(pi);
    Device &device = Context::instance().device(deviceId);
    const auto value = api::enumValue(attr);
    *pi = device.attribute(value);  // validates `attr` first
    if (value == hipDeviceAttributeClockRate || value == hipDeviceAttributeClockInstructionRate)
      *pi = device.clockRates().subgroupKHz;
    else if (value == hipDeviceAttributeWallClockRate)
      *pi = device.clockRates().deviceKHz;
    else if (value == hipDeviceAttributeWarpSize)
      *pi = int(Context::instance().registry().warpSize(device));
  });
}

hipError_t hipDeviceSynchronize(void) {
  return api::call(__func__, [&] {
    Context &context = Context::instance();
    context.currentDevice().synchronize();
    context.exitOnValidationErrors();
  });
}

hipError_t hipDeviceReset(void) {
  return api::call(__func__, [&] { Context::instance().currentDevice().reset(); });
}

hipError_t hipDeviceGet(hipDevice_t *device, int ordinal) {
  return api::call(__func__, [&] {
    api::requireNonNull(device);
    *device = deviceOf(ordinal).ordinal();
  });
}

hipError_t hipDeviceGetName(char *name, int len, hipDevice_t device) {
  return api::call(__func__, [&] {
    api::requireNonNull(name);
    if (len <= 0) fail(hipErrorInvalidValue, "name length must be positive");
    const char *full = deviceOf(device).hipProperties().name;
    size_t n = std::min(std::strlen(full), size_t(len) - 1);
    std::memcpy(name, full, n);
    name[n] = '\0';
  });
}

hipError_t hipDeviceGetUuid(hipUUID *uuid, hipDevice_t device) {
  return api::call(__func__, [&] {
    api::requireNonNull(uuid);
    *uuid = deviceOf(device).hipProperties().uuid;
  });
}

hipError_t hipDeviceTotalMem(size_t *bytes, hipDevice_t device) {
  return api::call(__func__, [&] {
    api::requireNonNull(bytes);
    *bytes = deviceOf(device).hipProperties().totalGlobalMem;
  });
}

hipError_t hipDeviceComputeCapability(int *major, int *minor, hipDevice_t device) {
  return api::call(__func__, [&] {
    api::requireNonNull(major);
    api::requireNonNull(minor);
    const hipDeviceProp_t &p = deviceOf(device).hipProperties();
    *major = p.major;
    *minor = p.minor;
  });
}

hipError_t hipDeviceGetPCIBusId(char *pciBusId, int len, int device) {
  return api::call(__func__, [&] {
    api::requireNonNull(pciBusId);
    std::string id = deviceOf(device).pciBusId();
    if (len <= int(id.size())) fail(hipErrorInvalidValue, "buffer too small for the PCI bus id");
    std::memcpy(pciBusId, id.c_str(), id.size() + 1);
  });
}

hipError_t hipDeviceGetByPCIBusId(int *device, const char *pciBusId) {
  return api::call(__func__, [&] {
    api::requireNonNull(device);
    api::requireNonNull(pciBusId);
    unsigned domain = 0, bus = 0, dev = 0;
    // "domain:bus:device.function" or "bus:device.function", hexadecimal.
    if (std::sscanf(pciBusId, "%x:%x:%x", &domain, &bus, &dev) != 3) {
      domain = 0;
      if (std::sscanf(pciBusId, "%x:%x", &bus, &dev) != 2) fail(hipErrorInvalidValue, "malformed PCI bus id");
    }
    for (const auto &d : Context::instance().devices()) {
      const hipDeviceProp_t &p = d->hipProperties();
      if (unsigned(p.pciDomainID) == domain && unsigned(p.pciBusID) == bus && unsigned(p.pciDeviceID) == dev) {
        *device = d->ordinal();
        return;
      }
    }
    fail(hipErrorInvalidDevice, std::string("no device at PCI bus id ") + pciBusId);
  });
}

// The device that meets most of the non-zero requirements in `prop` (name: a substring match).
hipError_t hipChooseDevice(int *device, const hipDeviceProp_t *prop) {
  return api::call(__func__, [&] {
    api::requireNonNull(device);
    api::requireNonNull(prop);
    auto devices = Context::instance().devices();
    if (devices.empty()) fail(hipErrorNoDevice, "no usable Vulkan 1.3 device");
    int best = 0, bestScore = -1;
    for (const auto &d : devices) {
      const hipDeviceProp_t &p = d->hipProperties();
      int score = 0;
      auto atLeast = [&](auto have, auto want) { score += want != 0 && have >= want; };
      if (prop->name[0] && std::strstr(p.name, prop->name)) score += 1;
      if (prop->major != 0 || prop->minor != 0) score += p.major > prop->major || (p.major == prop->major && p.minor >= prop->minor);
      atLeast(p.totalGlobalMem, prop->totalGlobalMem);
      atLeast(p.sharedMemPerBlock, prop->sharedMemPerBlock);
      atLeast(p.maxThreadsPerBlock, prop->maxThreadsPerBlock);
      atLeast(p.totalConstMem, prop->totalConstMem);
      atLeast(p.multiProcessorCount, prop->multiProcessorCount);
      atLeast(p.maxThreadsPerMultiProcessor, prop->maxThreadsPerMultiProcessor);
      atLeast(p.clockRate, prop->clockRate);
      atLeast(int(Context::instance().registry().warpSize(*d)), prop->warpSize);
      atLeast(p.regsPerBlock, prop->regsPerBlock);
      atLeast(p.l2CacheSize, prop->l2CacheSize);
      if (score > bestScore) {
        bestScore = score;
        best = d->ordinal();
      }
    }
    *device = best;
  });
}

hipError_t hipChooseDeviceR0600(int *device, const hipDeviceProp_t *prop) __attribute__((alias("hipChooseDevice")));

hipError_t hipSetDeviceFlags(unsigned flags) {
  return api::call(__func__, [&] {
    constexpr unsigned kKnown = hipDeviceScheduleMask | hipDeviceMapHost | hipDeviceLmemResizeToMax;
    unsigned schedule = flags & hipDeviceScheduleMask;
    if ((flags & ~kKnown) || (schedule != hipDeviceScheduleAuto && schedule != hipDeviceScheduleSpin &&
                              schedule != hipDeviceScheduleYield && schedule != hipDeviceScheduleBlockingSync))
      fail(hipErrorInvalidValue, "unknown device flags");
    Context::instance().currentDevice().changeSettings([&](Device::Settings &s) { s.flags = flags; });
  });
}

hipError_t hipGetDeviceFlags(unsigned int *flags) {
  return api::call(__func__, [&] {
    api::requireNonNull(flags);
    *flags = Context::instance().currentDevice().settings().flags;
  });
}

hipError_t hipDeviceGetLimit(size_t *pValue, enum hipLimit_t limit) {
  return api::call(__func__, [&] {
    api::requireNonNull(pValue);
    Device::Settings s = Context::instance().currentDevice().settings();
    switch (api::enumValue(limit)) {
    case hipLimitStackSize: *pValue = s.stackSize; break;
    case hipLimitPrintfFifoSize: *pValue = s.printfFifoSize; break;
    case hipLimitMallocHeapSize: *pValue = s.mallocHeapSize; break;
    default: fail(hipErrorUnsupportedLimit, "unsupported limit " + std::to_string(api::enumValue(limit)));
    }
  });
}

hipError_t hipDeviceSetLimit(enum hipLimit_t limit, size_t value) {
  return api::call(__func__, [&] {
    Device &device = Context::instance().currentDevice();
    switch (api::enumValue(limit)) {
    case hipLimitStackSize: device.changeSettings([&](Device::Settings &s) { s.stackSize = value; }); break;
    case hipLimitPrintfFifoSize: {
      if (value > kMaxPrintfFifoSize) fail(hipErrorInvalidValue, "printf FIFO size beyond 2 GiB");
      bool changed = device.settings().printfFifoSize != value;
      device.changeSettings([&](Device::Settings &s) { s.printfFifoSize = value; });
      // Launches already recorded keep their buffer; once they are done it is resized.
      if (changed) device.synchronize();
      break;
    }
    case hipLimitMallocHeapSize: device.changeSettings([&](Device::Settings &s) { s.mallocHeapSize = value; }); break;
    default: fail(hipErrorUnsupportedLimit, "unsupported limit " + std::to_string(api::enumValue(limit)));
    }
  });
}

hipError_t hipDeviceGetCacheConfig(hipFuncCache_t *cacheConfig) {
  return api::call(__func__, [&] {
    api::requireNonNull(cacheConfig);
    *cacheConfig = Context::instance().currentDevice().settings().cacheConfig;
  });
}

hipError_t hipDeviceSetCacheConfig(hipFuncCache_t cacheConfig) {
  return api::call(__func__, [&] {
    const hipFuncCache_t config = api::cacheConfig(cacheConfig);
    Context::instance().currentDevice().changeSettings([&](Device::Settings &s) { s.cacheConfig = config; });
  });
}

hipError_t hipDeviceGetSharedMemConfig(hipSharedMemConfig *pConfig) {
  return api::call(__func__, [&] {
    api::requireNonNull(pConfig);
    *pConfig = Context::instance().currentDevice().settings().sharedMemConfig;
  });
}

hipError_t hipDeviceSetSharedMemConfig(hipSharedMemConfig config) {
  return api::call(__func__, [&] {
    const hipSharedMemConfig checked = api::sharedMemConfig(config);
    Context::instance().currentDevice().changeSettings([&](Device::Settings &s) { s.sharedMemConfig = checked; });
  });
}

// ROCm's range (low 1, normal 0, high -1). Priorities are kept and reported back; Vulkan queue
// priorities are fixed at device creation, so they do not change scheduling.
hipError_t hipDeviceGetStreamPriorityRange(int *leastPriority, int *greatestPriority) {
  return api::call(__func__, [&] {
    Context::instance().currentDevice();
    if (leastPriority) *leastPriority = 1;
    if (greatestPriority) *greatestPriority = -1;
  });
}

// Different Vulkan devices cannot address each other's memory (copies between them bounce
// through the host); a device is not its own peer (ROCm's and CUDA's answer). ROCm answers
// enabling or disabling access to a device that is no peer with hipErrorInvalidDevice.
hipError_t hipDeviceCanAccessPeer(int *canAccessPeer, int deviceId, int peerDeviceId) {
  return api::call(__func__, [&] {
    api::requireNonNull(canAccessPeer);
    deviceOf(deviceId);
    deviceOf(peerDeviceId);
    *canAccessPeer = 0;
  });
}

hipError_t hipDeviceEnablePeerAccess(int peerDeviceId, unsigned int flags) {
  return api::call(__func__, [&] {
    Device &current = Context::instance().currentDevice();
    if (flags != 0) fail(hipErrorInvalidValue, "flags must be 0");
    deviceOf(peerDeviceId);
    fail(hipErrorInvalidDevice, "device " + std::to_string(peerDeviceId) + " is no peer of device " +
                                    std::to_string(current.ordinal()) + " (hipDeviceCanAccessPeer answers 0)");
  });
}

hipError_t hipDeviceDisablePeerAccess(int peerDeviceId) {
  return api::call(__func__, [&] {
    Device &current = Context::instance().currentDevice();
    deviceOf(peerDeviceId);
    fail(hipErrorInvalidDevice, "device " + std::to_string(peerDeviceId) + " is no peer of device " +
                                    std::to_string(current.ordinal()) + " (hipDeviceCanAccessPeer answers 0)");
  });
}

hipError_t hipDeviceGetP2PAttribute(int *value, hipDeviceP2PAttr attr, int srcDevice, int dstDevice) {
  return api::call(__func__, [&] {
    api::requireNonNull(value);
    deviceOf(srcDevice);
    deviceOf(dstDevice);
    if (srcDevice == dstDevice) fail(hipErrorInvalidDevice, "source and destination are the same device");
    api::enumArgument(attr, hipDevP2PAttrPerformanceRank, hipDevP2PAttrHipArrayAccessSupported, hipErrorInvalidValue,
                      "peer attribute");
    *value = 0;
  });
}

}  // extern "C"
