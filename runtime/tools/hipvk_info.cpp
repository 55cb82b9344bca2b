// hipvk-info: what hipInfo and rocminfo are to ROCm. Lists every Vulkan physical device the
// loader reports, says which became HIP devices and why the others were skipped, and prints each
// HIP device's properties as a HIP program sees them, plus the Vulkan facts behind them
// (driver, subgroup sizes, optional features). Exit status: 0 with at least one HIP device.
#include <hip/hip_runtime_api.h>

#include <cstdio>
#include <cstring>
#include <string>

#include "device/context.h"
#include "device/device.h"

namespace {

void printProperties(hipvk::Device &device) {
  const hipDeviceProp_t &p = device.hipProperties();
  auto line = [](const char *name, const std::string &value) { std::printf("  %-34s %s\n", name, value.c_str()); };
  auto num = [&](const char *name, long long value) { line(name, std::to_string(value)); };
  auto dims = [&](const char *name, const int *v) {
    line(name, std::to_string(v[0]) + " x " + std::to_string(v[1]) + " x " + std::to_string(v[2]));
  };
  std::printf("HIP device %d: %s\n", device.ordinal(), p.name);
  line("Vulkan driver", device.driverDescription());
  line("gcnArchName", p.gcnArchName);
  line("compute capability", std::to_string(p.major) + "." + std::to_string(p.minor));
  line("PCI bus id", device.pciBusId());
  char uuid[40] = {};
  for (int i = 0; i < 16; ++i) std::snprintf(uuid + 2 * i, 3, "%02x", unsigned(uint8_t(p.uuid.bytes[i])));
  line("UUID", uuid);
  num("warpSize (subgroup size)", p.warpSize);
  line("subgroup sizes (min..max)",
       std::to_string(device.minSubgroupSize()) + ".." + std::to_string(device.maxSubgroupSize()));
  line("fixed wave sizes run natively", device.fixedWaveSizes());
  num("totalGlobalMem", (long long)p.totalGlobalMem);
  num("sharedMemPerBlock", (long long)p.sharedMemPerBlock);
  num("sharedMemPerMultiprocessor", (long long)p.sharedMemPerMultiprocessor);
  num("totalConstMem", (long long)p.totalConstMem);
  num("regsPerBlock (estimate)", p.regsPerBlock);
  num("maxThreadsPerBlock", p.maxThreadsPerBlock);
  dims("maxThreadsDim", p.maxThreadsDim);
  dims("maxGridSize", p.maxGridSize);
  num("multiProcessorCount", p.multiProcessorCount);
  num("maxThreadsPerMultiProcessor", p.maxThreadsPerMultiProcessor);
  num("maxBlocksPerMultiProcessor", p.maxBlocksPerMultiProcessor);
  num("clockRate kHz (estimate)", p.clockRate);
  num("memoryClockRate kHz (estimate)", p.memoryClockRate);
  num("memoryBusWidth bits (estimate)", p.memoryBusWidth);
  num("l2CacheSize (estimate)", p.l2CacheSize);
  num("integrated", p.integrated);
  num("isLargeBar", p.isLargeBar);
  num("canMapHostMemory", p.canMapHostMemory);
  num("managedMemory", p.managedMemory);
  num("concurrentKernels", p.concurrentKernels);
  num("cooperativeLaunch", p.cooperativeLaunch);
  num("hasDoubles", p.arch.hasDoubles);
  num("hasGlobalInt64Atomics", p.arch.hasGlobalInt64Atomics);
  num("hasFloatAtomicAdd", p.arch.hasFloatAtomicAdd);
  line("optional features (+ on, - off)", device.featureSummary());
}

}  // namespace

int main(int argc, char **argv) {
  if (argc > 1 && (std::strcmp(argv[1], "--help") == 0 || std::strcmp(argv[1], "-h") == 0)) {
    std::printf("usage: %s\nLists the Vulkan devices and the HIP devices hipvk makes of them.\n"
                "Honours HIP_VISIBLE_DEVICES, HIPVK_DEVICE and LP_NATIVE_VECTOR_WIDTH like any HIP program.\n",
                argv[0]);
    return 0;
  }
  int runtime = 0;
  hipRuntimeGetVersion(&runtime);
  std::printf("hipvk-info: HIP %d.%d (runtime version %d) over Vulkan\n", HIP_VERSION_MAJOR, HIP_VERSION_MINOR,
              runtime);

  hipvk::Context &context = hipvk::Context::instance();
  const auto &physical = context.physicalDevices();
  std::printf("Vulkan physical devices: %zu\n", physical.size());
  for (size_t i = 0; i < physical.size(); ++i) {
    const hipvk::PhysicalDeviceReport &r = physical[i];
    if (r.ordinal >= 0)
      std::printf("  [%zu] %s: HIP device %d\n", i, r.name.c_str(), r.ordinal);
    else
      std::printf("  [%zu] %s: skipped: %s\n", i, r.name.c_str(), r.skipped.c_str());
  }
  auto devices = context.devices();
  std::printf("HIP devices: %zu\n", devices.size());
  for (const auto &device : devices) {
    std::printf("\n");
    printProperties(*device);
  }
  if (devices.empty()) {
    std::printf("no usable device: hipvk needs Vulkan 1.3 with bufferDeviceAddress, maintenance4, "
                "timeline semaphores, synchronization2 and compute subgroup operations\n");
    return 1;
  }
  return 0;
}
