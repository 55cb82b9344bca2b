#include "launch.h"

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstring>

#include "context.h"
#include "device.h"
#include "error.h"
#include "module.h"
#include "stream.h"

namespace hipvk {
namespace {

// The push-constant header of every kernel (docs/ABI.md); inline arguments follow it.
struct PushHeader {
  uint64_t globalSegment;
  uint32_t gridDim[3];
  uint32_t reserved;
  uint64_t argumentBuffer;
};
static_assert(sizeof(PushHeader) == 32 && offsetof(PushHeader, argumentBuffer) == 24);

Kernel findKernel(const void *hostStub) {
  std::optional<Kernel> kernel = Context::instance().registry().kernel(hostStub);
  if (!kernel) fail(hipErrorInvalidDeviceFunction, "no kernel is registered for this host function");
  return *kernel;
}

void validate(const Device &device, const KernelInfo &kernel, dim3 grid, dim3 block, size_t dynamicShared,
              void **args) {
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
  // The compiler places dynamic shared memory after the static part, 16-byte aligned, in whole
  // words. ROCm's hipLaunchKernel answers too much shared memory with hipErrorInvalidValue.
  constexpr uint64_t kDynamicSharedAlignment = 16;
  uint64_t shared = (kernel.staticShared + kDynamicSharedAlignment - 1) / kDynamicSharedAlignment *
                        kDynamicSharedAlignment +
                    (uint64_t(dynamicShared) + 3) / 4 * 4;
  if (dynamicShared > 0 ? shared > p.sharedMemPerBlock : kernel.staticShared > p.sharedMemPerBlock)
    fail(hipErrorInvalidValue, "static + dynamic shared memory exceed sharedMemPerBlock");
  if (!kernel.args.empty() && !args) fail(hipErrorInvalidValue, "kernel arguments missing");
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

void launchKernel(const void *hostStub, dim3 grid, dim3 block, void **args, size_t dynamicShared,
                  hipStream_t stream) {
  if (stream) fail(hipErrorInvalidHandle, "only the null stream exists so far");
  Kernel kernel = findKernel(hostStub);
  const KernelInfo &info = *kernel.info;
  Device &device = Context::instance().currentDevice();
  validate(device, info, grid, block, dynamicShared, args);

  Module::Instance &instance = kernel.module->instance(device);
  VkPipeline pipeline = instance.pipeline(info, block, uint32_t(dynamicShared));
  VkPipelineLayout layout = device.pipelineLayout();
  const uint32_t *maxCount = device.limits().maxComputeWorkGroupCount;

  auto copyArguments = [&](std::byte *to) {
    for (size_t i = 0; i < info.args.size(); ++i) std::memcpy(to + info.args[i].offset, args[i], info.args[i].size);
  };
  device.nullStream().enqueue([&](Stream::Recording &r) {
    std::array<std::byte, kPushConstantBytes> push{};
    PushHeader header{instance.segmentAddress(), {grid.x, grid.y, grid.z}, 0, 0};
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

    VkCommandBuffer cmd = r.commands();
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipeline);
    vkCmdPushConstants(cmd, layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, pushBytes, push.data());
    // WorkgroupId includes the dispatch base, so every chunk sees HIP's blockIdx; gridDim comes
    // from the push constants.
    for (uint32_t z = 0; z < grid.z; z += maxCount[2])
      for (uint32_t y = 0; y < grid.y; y += maxCount[1])
        for (uint32_t x = 0; x < grid.x; x += maxCount[0])
          vkCmdDispatchBase(cmd, x, y, z, std::min(maxCount[0], grid.x - x), std::min(maxCount[1], grid.y - y),
                            std::min(maxCount[2], grid.z - z));
  });
}

hipFuncAttributes functionAttributes(const void *hostStub) {
  const KernelInfo &info = *findKernel(hostStub).info;
  const hipDeviceProp_t &p = Context::instance().currentDevice().hipProperties();
  hipFuncAttributes a{};
  a.binaryVersion = a.ptxVersion = p.major * 10 + p.minor;
  a.sharedSizeBytes = info.staticShared;
  a.localSizeBytes = info.privateBytes;
  a.maxThreadsPerBlock = p.maxThreadsPerBlock;
  a.maxDynamicSharedSizeBytes = int(p.sharedMemPerBlock - std::min<size_t>(info.staticShared, p.sharedMemPerBlock));
  return a;
}

}  // namespace hipvk
