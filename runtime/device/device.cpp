#include "device/device.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <utility>

#include <hipvk/kernel_abi.h>

#include <unistd.h>

#include "api/error.h"
#include "device/context.h"
#include "device/device_features.h"
#include "execution/module.h"
#include "execution/queue.h"
#include "execution/service.h"
#include "execution/stream.h"
#include "execution/streams.h"
#include "memory/device_heap.h"
#include "memory/mem_pool.h"
#include "memory/memory.h"

#include "memset_edges.h"  // generated from shaders/memset_edges.comp

namespace hipvk {

bool hasDeviceExtension(VkPhysicalDevice physical, const char *name) {
  uint32_t count = 0;
  vkEnumerateDeviceExtensionProperties(physical, nullptr, &count, nullptr);
  std::vector<VkExtensionProperties> extensions(count);
  vkEnumerateDeviceExtensionProperties(physical, nullptr, &count, extensions.data());
  return std::any_of(extensions.begin(), extensions.end(),
                     [&](const VkExtensionProperties &e) { return std::strcmp(e.extensionName, name) == 0; });
}

namespace {

constexpr VkSubgroupFeatureFlags kRequiredSubgroupOps =
    VK_SUBGROUP_FEATURE_BASIC_BIT | VK_SUBGROUP_FEATURE_VOTE_BIT | VK_SUBGROUP_FEATURE_BALLOT_BIT |
    VK_SUBGROUP_FEATURE_SHUFFLE_BIT | VK_SUBGROUP_FEATURE_ARITHMETIC_BIT;

std::vector<VkQueueFamilyProperties> queueFamilies(VkPhysicalDevice physical) {
  uint32_t count = 0;
  vkGetPhysicalDeviceQueueFamilyProperties(physical, &count, nullptr);
  std::vector<VkQueueFamilyProperties> families(count);
  vkGetPhysicalDeviceQueueFamilyProperties(physical, &count, families.data());
  return families;
}

std::optional<uint32_t> computeQueueFamily(const std::vector<VkQueueFamilyProperties> &families) {
  for (uint32_t i = 0; i < families.size(); ++i)
    if (families[i].queueFlags & VK_QUEUE_COMPUTE_BIT) return i;
  return std::nullopt;
}

// A family of copy engines: transfer queues that run neither compute nor graphics work.
std::optional<uint32_t> transferOnlyQueueFamily(const std::vector<VkQueueFamilyProperties> &families) {
  for (uint32_t i = 0; i < families.size(); ++i)
    if ((families[i].queueFlags & (VK_QUEUE_TRANSFER_BIT | VK_QUEUE_COMPUTE_BIT | VK_QUEUE_GRAPHICS_BIT)) ==
            VK_QUEUE_TRANSFER_BIT &&
        families[i].queueCount > 0)
      return i;
  return std::nullopt;
}

}  // namespace

// The widest subgroup lavapipe executes (llvmpipe's compute vectors: 16 lanes).
constexpr uint32_t kLavapipeWidestSubgroup = 16;

std::string Device::unsuitability(VkPhysicalDevice physical) {
  VkPhysicalDeviceProperties props;
  vkGetPhysicalDeviceProperties(physical, &props);
  if (props.apiVersion < VK_API_VERSION_1_3) return "Vulkan 1.3 is not supported";
  if (!computeQueueFamily(queueFamilies(physical))) return "no compute queue";
  // No 64-bit, 16-bit or 8-bit shader types are required: kernels carry variants without them
  // (docs/HIP_ON_VULKAN.md, "Devices without 64-bit types"), chosen per kernel at launch.
  Features f = Features::query(physical, false);
  if (!f.v12.bufferDeviceAddress) return "no bufferDeviceAddress";
  if (!f.v12.timelineSemaphore) return "no timelineSemaphore";
  if (!f.v13.maintenance4) return "no maintenance4";
  if (!f.v13.synchronization2) return "no synchronization2";
  VkPhysicalDeviceVulkan12Properties v12{.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_PROPERTIES};
  VkPhysicalDeviceVulkan11Properties v11{.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_PROPERTIES, .pNext = &v12};
  VkPhysicalDeviceProperties2 props2{.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2, .pNext = &v11};
  vkGetPhysicalDeviceProperties2(physical, &props2);
  if (!(v11.subgroupSupportedStages & VK_SHADER_STAGE_COMPUTE_BIT) ||
      (v11.subgroupSupportedOperations & kRequiredSubgroupOps) != kRequiredSubgroupOps)
    return "compute shaders lack subgroup basic/vote/ballot/shuffle/arithmetic operations";
  // llvmpipe caps compute vectors at 16 lanes: at LP_NATIVE_VECTOR_WIDTH 1024/2048 lavapipe reports
  // subgroups of 32/64 but runs 16-lane ones (shuffles wrap at 16, ballots hold 16 bits), so every
  // warp function would give wrong answers (tests/lavapipe_wide reproduces it without hipvk).
  if (v12.driverID == VK_DRIVER_ID_MESA_LLVMPIPE && v11.subgroupSize > kLavapipeWidestSubgroup)
    return "lavapipe reports subgroups of " + std::to_string(v11.subgroupSize) + " lanes but runs " +
           std::to_string(kLavapipeWidestSubgroup) + "-lane ones (LP_NATIVE_VECTOR_WIDTH above 512; tests/lavapipe_wide)";
  return {};
}

struct Device::Logical {
  vk::Device device;  // declared first: destroyed after everything created from it
  std::optional<TimelinePool> timelines;  // outlives every holder of a timeline
  vk::DescriptorSetLayout constantWindowLayout;
  vk::PipelineLayout layout;
  vk::PipelineCache cache;
  std::filesystem::path cacheFile;
  std::unique_ptr<DeviceHeap> heap;  // outlives the allocations, which return their memory to it
  AllocationTable allocations;
  AllocationTable hostAllocations;
  std::unique_ptr<MemPoolSet> memPools;  // holds allocations freed in stream order until done
  std::vector<std::unique_ptr<Submitter::Queue>> queues;  // of the compute family
  std::unique_ptr<Submitter::Queue> copyQueue;            // of copyFamily_, where there is one
  Submitter submitter;  // outlives the streams, which submit through it
  std::unique_ptr<ServiceBuffer> service;  // outlives the streams, which drain it
  std::unique_ptr<StreamSet> streams;  // after the allocations: waits for the GPU before they go
  vk::ShaderModule memsetModule;
  vk::Pipeline memsetPipeline;
  std::once_flag gridBarrierOnce;
  std::optional<Buffer> gridBarrier;
};

Device::Device(Context &context, VkPhysicalDevice physical, int ordinal)
    : context_(context), physical_(physical), ordinal_(ordinal) {
  hasMemoryBudget_ = hasDeviceExtension(physical, VK_EXT_MEMORY_BUDGET_EXTENSION_NAME);
  hasAtomicFloat_ =
      !context.options().disableFloatAtomics && hasDeviceExtension(physical, VK_EXT_SHADER_ATOMIC_FLOAT_EXTENSION_NAME);
  enabled_ = std::make_unique<Features>(
      Features::query(physical, hasAtomicFloat_).enabledSubset(context.options().disabledFeatures));
  if (hasDeviceExtension(physical, VK_EXT_EXTERNAL_MEMORY_HOST_EXTENSION_NAME)) {
    VkPhysicalDeviceExternalMemoryHostPropertiesEXT hostImport{
        .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_EXTERNAL_MEMORY_HOST_PROPERTIES_EXT};
    VkPhysicalDeviceProperties2 props{.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2, .pNext = &hostImport};
    vkGetPhysicalDeviceProperties2(physical, &props);
    hostImportAlignment_ = hostImport.minImportedHostPointerAlignment;
  }

  v11Props_.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_PROPERTIES;
  v12Props_.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_PROPERTIES;
  v13Props_.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_PROPERTIES;
  props_.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2;
  props_.pNext = &v11Props_;
  v11Props_.pNext = &v12Props_;
  v12Props_.pNext = &v13Props_;
  vkGetPhysicalDeviceProperties2(physical, &props_);
  v11Props_.pNext = v12Props_.pNext = v13Props_.pNext = props_.pNext = nullptr;
  vkGetPhysicalDeviceMemoryProperties(physical, &memoryProps_);
  {
    const std::vector<VkQueueFamilyProperties> families = queueFamilies(physical);
    queueFamily_ = *computeQueueFamily(families);
    // A few queues let streams overlap; more add little (the device schedules them anyway).
    constexpr uint32_t kMaxQueues = 4;
    queueCount_ = std::clamp(families[queueFamily_].queueCount, 1u, kMaxQueues);
    timestampValidBits_ = families[queueFamily_].timestampValidBits;
    if (context.options().copyQueue == Options::CopyQueue::Transfer) copyFamily_ = transferOnlyQueueFamily(families);
    bufferFamilies_ = {queueFamily_, copyFamily_.value_or(queueFamily_)};
  }
  fillHipProperties();
  // Polling before a blocking wait wins tens of microseconds per synchronisation on a GPU; on a CPU
  // device the polling thread would take a core from the work it waits for.
  constexpr unsigned kDefaultWaitSpinUs = 200;
  const Options &options = context.options();
  const bool cpu = props_.properties.deviceType == VK_PHYSICAL_DEVICE_TYPE_CPU;
  const unsigned spinUs = options.waitSpinUs.value_or(cpu ? 0 : kDefaultWaitSpinUs);
  // What NVIDIA's proprietary driver was measured to do beyond Vulkan's promises (docs/MATH.md).
  const bool nvidiaProprietary = v12Props_.driverID == VK_DRIVER_ID_NVIDIA_PROPRIETARY;
  fusedFma_ = nvidiaProprietary && !(options.disabledFeatures & Options::FusedFma);
  fmaFloatAlgorithms_ = options.fmaFloatAlgorithms.value_or(fusedFma_);
  ieeeInverseSqrt_ = nvidiaProprietary && !(options.disabledFeatures & Options::IeeeInverseSqrt);
  // The short sqrtf selects subnormal inputs as zeros: only where float32 denormals are flushed.
  verifiedShortSqrt_ = nvidiaProprietary && !preservesFloat32Denormals() && !(options.disabledFeatures & Options::VerifiedShortSqrt);
  verifiedShortExp_ = nvidiaProprietary && !(options.disabledFeatures & Options::VerifiedShortExp);
  health_ = std::make_unique<DeviceHealth>(
      std::chrono::microseconds(spinUs),
      std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::duration<double>(options.kernelTimeoutSeconds.value_or(0))));
}

Device::~Device() {
  if (!hasLogical()) return;
  try {
    synchronize();
  } catch (const Error &e) {
    log("device %d teardown: %s", ordinal_, e.what());
  }
  savePipelineCache();
}

void Device::savePipelineCache() {
  Logical &l = *logical_;
  if (l.cacheFile.empty()) return;
  size_t size = 0;
  if (vkGetPipelineCacheData(l.device.get(), l.cache.get(), &size, nullptr) != VK_SUCCESS) return;
  std::vector<char> data(size);
  if (vkGetPipelineCacheData(l.device.get(), l.cache.get(), &size, data.data()) != VK_SUCCESS) return;
  // Written under a temporary name and renamed, so concurrent processes never read a torn file.
  std::error_code ec;
  std::filesystem::create_directories(l.cacheFile.parent_path(), ec);
  std::filesystem::path tmp = l.cacheFile;
  tmp += "." + std::to_string(::getpid()) + ".tmp";
  {
    std::ofstream out(tmp, std::ios::binary);
    out.write(data.data(), std::streamsize(size));
    if (!out) return;
  }
  std::filesystem::rename(tmp, l.cacheFile, ec);
  if (ec) std::filesystem::remove(tmp, ec);
}

bool Device::hasSubgroupClock() const { return enabled_->shaderClock.shaderSubgroupClock != 0; }
bool Device::hasDeviceClock() const { return enabled_->shaderClock.shaderDeviceClock != 0; }

uint64_t Device::maxAllocationSize() const {
  return std::min<uint64_t>(v11Props_.maxMemoryAllocationSize, v13Props_.maxBufferSize);
}

ShaderClockRates Device::clockRates() {
  std::call_once(clockRatesMeasured_, [&] {
    clockRates_ = measureShaderClockRates(*this);
    clockRatesKnown_.store(true, std::memory_order_release);
  });
  return clockRates_;
}

Device::Logical &Device::logical() {
  std::call_once(logicalOnce_, [this] { createLogical(); });
  // Not call_once: the preparation itself uses the device (it sees `prepared_` set and goes on),
  // and other threads need not wait for it.
  if (!prepared_.load(std::memory_order_acquire) && !prepared_.exchange(true)) prepareFirstLaunch();
  return *logical_;
}

void Device::createLogical() {
  auto l = std::make_unique<Logical>();
  std::vector<float> priorities(queueCount_, 1.0f);
  std::vector<VkDeviceQueueCreateInfo> queueInfos{{.sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO,
                                                   .queueFamilyIndex = queueFamily_,
                                                   .queueCount = queueCount_,
                                                   .pQueuePriorities = priorities.data()}};
  if (copyFamily_)
    queueInfos.push_back({.sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO,
                          .queueFamilyIndex = *copyFamily_,
                          .queueCount = 1,
                          .pQueuePriorities = priorities.data()});
  std::vector<const char *> extensions;
  if (hasMemoryBudget_) extensions.push_back(VK_EXT_MEMORY_BUDGET_EXTENSION_NAME);
  if (hasAtomicFloat_) extensions.push_back(VK_EXT_SHADER_ATOMIC_FLOAT_EXTENSION_NAME);
  if (enabled_->withShaderClock) extensions.push_back(VK_KHR_SHADER_CLOCK_EXTENSION_NAME);
  if (hostImportAlignment_) extensions.push_back(VK_EXT_EXTERNAL_MEMORY_HOST_EXTENSION_NAME);
  Features features = *enabled_;
  VkPhysicalDevicePipelineExecutablePropertiesFeaturesKHR executableInfo{
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PIPELINE_EXECUTABLE_PROPERTIES_FEATURES_KHR,
      .pNext = features.chain(hasAtomicFloat_),
      .pipelineExecutableInfo = VK_TRUE};
  pipelineStats_ = context_.options().pipelineStats &&
                   hasDeviceExtension(physical_, VK_KHR_PIPELINE_EXECUTABLE_PROPERTIES_EXTENSION_NAME);
  if (pipelineStats_) extensions.push_back(VK_KHR_PIPELINE_EXECUTABLE_PROPERTIES_EXTENSION_NAME);
  else if (context_.options().pipelineStats)
    std::fprintf(stderr, "hipvk: HIPVK_PIPELINE_STATS: device %d has no VK_KHR_pipeline_executable_properties\n", ordinal_);
  VkDeviceCreateInfo info{.sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO,
                          .pNext = pipelineStats_ ? static_cast<void *>(&executableInfo) : features.chain(hasAtomicFloat_),
                          .queueCreateInfoCount = uint32_t(queueInfos.size()),
                          .pQueueCreateInfos = queueInfos.data(),
                          .enabledExtensionCount = uint32_t(extensions.size()),
                          .ppEnabledExtensionNames = extensions.data()};
  VkDevice device = VK_NULL_HANDLE;
  check(vkCreateDevice(physical_, &info, nullptr, &device), "vkCreateDevice");
  l->device = vk::Device(nullptr, device);
  l->timelines.emplace(device, *health_);
  auto getQueue = [&](uint32_t family, uint32_t index) {
    auto queue = std::make_unique<Submitter::Queue>();
    queue->family = family;
    queue->compute = family == queueFamily_;
    vkGetDeviceQueue(device, family, index, &queue->queue);
    return queue;
  };
  for (uint32_t i = 0; i < queueCount_; ++i) l->queues.push_back(getQueue(queueFamily_, i));
  if (copyFamily_) l->copyQueue = getQueue(*copyFamily_, 0);

  // Every pipeline has the push constants and set 0 with the constant window, which only kernels
  // that read it use (and have bound).
  VkDescriptorSetLayoutBinding window{.binding = abi::kConstantWindowBinding,
                                      .descriptorType = VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER,
                                      .descriptorCount = 1,
                                      .stageFlags = VK_SHADER_STAGE_COMPUTE_BIT};
  VkDescriptorSetLayoutCreateInfo setInfo{.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO, .bindingCount = 1, .pBindings = &window};
  VkDescriptorSetLayout setLayout = VK_NULL_HANDLE;
  check(vkCreateDescriptorSetLayout(device, &setInfo, nullptr, &setLayout), "vkCreateDescriptorSetLayout");
  l->constantWindowLayout = vk::DescriptorSetLayout(device, setLayout);
  static_assert(abi::kConstantWindowSet == 0, "the pipeline layout's only set");
  VkPushConstantRange range{VK_SHADER_STAGE_COMPUTE_BIT, 0, abi::kPushConstantBytes};
  VkPipelineLayoutCreateInfo layoutInfo{.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
                                        .setLayoutCount = 1,
                                        .pSetLayouts = &setLayout,
                                        .pushConstantRangeCount = 1,
                                        .pPushConstantRanges = &range};
  VkPipelineLayout layout = VK_NULL_HANDLE;
  check(vkCreatePipelineLayout(device, &layoutInfo, nullptr, &layout), "vkCreatePipelineLayout");
  l->layout = vk::PipelineLayout(device, layout);

  // The on-disk cache is keyed by the driver's pipelineCacheUUID; a stale file is ignored by the
  // driver, which validates the header itself.
  std::vector<char> initial;
  if (const std::filesystem::path &dir = context_.options().pipelineCacheDir; !dir.empty()) {
    static const char hex[] = "0123456789abcdef";
    std::string name;
    for (uint8_t b : props_.properties.pipelineCacheUUID) name += {hex[b >> 4], hex[b & 15]};
    l->cacheFile = dir / (name + ".bin");
    std::ifstream in(l->cacheFile, std::ios::binary);
    initial.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  VkPipelineCacheCreateInfo cacheInfo{.sType = VK_STRUCTURE_TYPE_PIPELINE_CACHE_CREATE_INFO,
                                      .initialDataSize = initial.size(),
                                      .pInitialData = initial.data()};
  VkPipelineCache cache = VK_NULL_HANDLE;
  check(vkCreatePipelineCache(device, &cacheInfo, nullptr, &cache), "vkCreatePipelineCache");
  l->cache = vk::PipelineCache(device, cache);

  VkShaderModuleCreateInfo moduleInfo{.sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
                                      .codeSize = sizeof(memset_edges),
                                      .pCode = memset_edges};
  VkShaderModule module = VK_NULL_HANDLE;
  check(vkCreateShaderModule(device, &moduleInfo, nullptr, &module), "vkCreateShaderModule");
  l->memsetModule = vk::ShaderModule(device, module);
  l->memsetPipeline = createPipeline(*l, module, "main", {2, 1, 1, 0});
  l->heap = std::make_unique<DeviceHeap>(*this);
  l->memPools = std::make_unique<MemPoolSet>(*this);
  usageAtStart_ = heapBudget().usage;
  l->service = std::make_unique<ServiceBuffer>(*this);
  logical_ = std::move(l);
  // The streams use vk() and the device's pipeline objects: created once the rest is in place
  // (call_once still holds other threads back).
  std::vector<Submitter::Queue *> queues;
  for (const auto &q : logical_->queues) queues.push_back(q.get());
  logical_->streams = std::make_unique<StreamSet>(*this, logical_->device.get(), *logical_->timelines, std::move(queues),
                                                  logical_->copyQueue.get(), context_.options().copyQueue);
  created_.store(true, std::memory_order_release);
  log("device %d: logical device created; host waits poll for %lld us; %s", ordinal_,
      (long long)std::chrono::duration_cast<std::chrono::microseconds>(health_->spin()).count(), featureSummary().c_str());
}

void Device::prepareFirstLaunch() {
  // What the first launch would otherwise wait for (measured on the H200: ~0.4 ms for the service
  // buffer's host-visible memory, ~0.8 ms in the queue's first submission), done at the device's
  // first use, where the program is setting up anyway. Optional: a failure here shows again where
  // it matters.
  try {
    const auto start = std::chrono::steady_clock::now();
    service().allocate();
    nullStream().enqueue([](Stream::Recording &) {});
    nullStream().synchronize();
    log("device %d: service buffer and first submission ready in %.3f ms", ordinal_,
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
  } catch (const Error &e) {
    log("device %d: preparing the first launch: %s", ordinal_, e.what());
  }
}

VkDevice Device::vk() { return logical().device.get(); }
Stream &Device::nullStream() { return logical().streams->null(); }
StreamSet &Device::streams() { return *logical().streams; }
ServiceBuffer &Device::service() { return *logical().service; }
Submitter &Device::submitter() { return logical().submitter; }
AllocationTable &Device::allocations() { return logical().allocations; }
AllocationTable &Device::hostAllocations() { return logical().hostAllocations; }
DeviceHeap &Device::heap() { return *logical().heap; }
MemPoolSet &Device::memPools() { return *logical().memPools; }
VkPipelineLayout Device::pipelineLayout() { return logical().layout.get(); }
VkDescriptorSetLayout Device::constantWindowLayout() { return logical().constantWindowLayout.get(); }
VkPipeline Device::memsetEdgesPipeline() { return logical().memsetPipeline.get(); }

Device::GridBarrierSlot Device::gridBarrier() {
  Logical &l = logical();
  std::call_once(l.gridBarrierOnce, [&] { l.gridBarrier = Buffer::create(*this, sizeof(abi::GridBarrier), MemoryUse::Device); });
  return {l.gridBarrier->buffer.get(), l.gridBarrier->address};
}

uint32_t Device::memoryType(MemoryUse use, uint32_t allowedTypes) {
  auto has = [&](uint32_t i, VkMemoryPropertyFlags flags) {
    return (allowedTypes & (1u << i)) && (memoryProps_.memoryTypes[i].propertyFlags & flags) == flags;
  };
  constexpr VkMemoryPropertyFlags mappable = VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
  std::optional<uint32_t> best;
  if (use == MemoryUse::Device) {
    // The device-local type on the biggest heap, or a host-mappable one on that same heap when
    // the host can read it at memory speed (cached: lavapipe, unified-memory GPUs). Uncached
    // resizable-BAR memory reads back over PCIe at a crawl, and a small BAR heap would run out:
    // those go through staging copies instead.
    for (uint32_t i = 0; i < memoryProps_.memoryTypeCount; ++i)
      if (has(i, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT) &&
          (!best || memoryProps_.memoryHeaps[memoryProps_.memoryTypes[i].heapIndex].size >
                        memoryProps_.memoryHeaps[memoryProps_.memoryTypes[*best].heapIndex].size))
        best = i;
    if (best)
      for (uint32_t i = 0; i < memoryProps_.memoryTypeCount; ++i)
        if (has(i, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT | VK_MEMORY_PROPERTY_HOST_CACHED_BIT | mappable) &&
            memoryProps_.memoryTypes[i].heapIndex == memoryProps_.memoryTypes[*best].heapIndex)
          return i;
  } else if (use == MemoryUse::HostWriteCombined) {
    // Written by the host, read by the device: uncached memory keeps the host's caches out of it.
    for (uint32_t i = 0; i < memoryProps_.memoryTypeCount && !best; ++i)
      if (has(i, mappable) && !has(i, VK_MEMORY_PROPERTY_HOST_CACHED_BIT)) best = i;
    for (uint32_t i = 0; i < memoryProps_.memoryTypeCount && !best; ++i)
      if (has(i, mappable)) best = i;
  } else {
    // Host access first: cached memory makes read-back fast.
    for (uint32_t i = 0; i < memoryProps_.memoryTypeCount && !best; ++i)
      if (has(i, mappable | VK_MEMORY_PROPERTY_HOST_CACHED_BIT)) best = i;
    for (uint32_t i = 0; i < memoryProps_.memoryTypeCount && !best; ++i)
      if (has(i, mappable)) best = i;
  }
  for (uint32_t i = 0; i < memoryProps_.memoryTypeCount && !best; ++i)
    if (allowedTypes & (1u << i)) best = i;
  if (!best) fail(hipErrorOutOfMemory, "no suitable memory type");
  return *best;
}

Device::HeapBudget Device::heapBudget() {
  if (!hasMemoryBudget_) return {};
  uint32_t heapIndex = memoryProps_.memoryTypes[memoryType(MemoryUse::Device, ~0u)].heapIndex;
  VkPhysicalDeviceMemoryBudgetPropertiesEXT budget{.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MEMORY_BUDGET_PROPERTIES_EXT};
  VkPhysicalDeviceMemoryProperties2 props{.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MEMORY_PROPERTIES_2, .pNext = &budget};
  vkGetPhysicalDeviceMemoryProperties2(physical_, &props);
  return {true, budget.heapBudget[heapIndex], budget.heapUsage[heapIndex]};
}

size_t Device::freeMemory() {
  DeviceHeap &h = heap();
  // Memory the heap keeps for reuse is free: any allocation takes or releases it.
  const DeviceHeap::Usage held = h.usage();
  const uint64_t inUse = held.committed - held.reusable;
  uint64_t left = h.capacity() > inUse ? h.capacity() - inUse : 0;
  // A GPU's budget also counts other processes' use of its memory. A CPU device's (lavapipe's) is
  // the host's free memory, which moves with everything else on the machine and does not count
  // the device's own allocations: there the heap less what hipvk holds is the answer.
  if (HeapBudget b = heapBudget(); b.known && props_.properties.deviceType != VK_PHYSICAL_DEVICE_TYPE_CPU) {
    // What the driver's usage figure misses of hipvk's own memory (none on drivers that count it).
    uint64_t seen = b.usage > usageAtStart_ ? b.usage - usageAtStart_ : 0;
    uint64_t unseen = held.committed > seen ? held.committed - seen : 0;
    uint64_t used = b.usage + unseen;
    left = std::min(left, (b.budget > used ? b.budget - used : 0) + held.reusable);
  }
  return size_t(left);
}

vk::Pipeline Device::createPipeline(VkShaderModule module, const char *entryPoint,
                                    const std::array<uint32_t, 4> &specialization, uint32_t waveSize) {
  return createPipeline(logical(), module, entryPoint, specialization, waveSize);
}

bool Device::canRequireSubgroupSize() const {
  return enabled_->v13.subgroupSizeControl && (v13Props_.requiredSubgroupSizeStages & VK_SHADER_STAGE_COMPUTE_BIT);
}

std::string Device::cannotRunWaveSize(uint32_t size, uint32_t threads) const {
  const uint32_t native = v11Props_.subgroupSize;
  if (size != native && !(canRequireSubgroupSize() && v13Props_.minSubgroupSize <= size && size <= v13Props_.maxSubgroupSize)) {
    if (!canRequireSubgroupSize() || v13Props_.minSubgroupSize == v13Props_.maxSubgroupSize)
      return "subgroups of " + std::to_string(native) + " lanes";
    return "subgroups of " + std::to_string(v13Props_.minSubgroupSize) + " to " + std::to_string(v13Props_.maxSubgroupSize) + " lanes";
  }
  if (size != native && threads > v13Props_.maxComputeWorkgroupSubgroups * size)
    return "at most " + std::to_string(v13Props_.maxComputeWorkgroupSubgroups) + " subgroups per block (maxComputeWorkgroupSubgroups)";
  return {};
}

std::string Device::fixedWaveSizes() const {
  std::string sizes;
  for (uint32_t size : {32u, 64u})
    if (cannotRunWaveSize(size, 1).empty()) sizes += (sizes.empty() ? "" : ", ") + std::to_string(size);
  return sizes.empty() ? "none" : sizes;
}

vk::Pipeline Device::createPipeline(Logical &l, VkShaderModule module, const char *entryPoint,
                                    const std::array<uint32_t, 4> &specialization, uint32_t waveSize) {
  // The launch's values (abi::kSpecIdBlockDimX..kSpecIdDynamicSharedBytes), then the device's.
  static_assert(abi::kSpecIdFusedFma == 4 && abi::kSpecIdFmaFloatAlgorithms == 5 && abi::kSpecIdIeeeInverseSqrt == 6 &&
                abi::kSpecIdVerifiedShortSqrt == 7 && abi::kSpecIdVerifiedShortExp == 8);
  const std::array<uint32_t, 9> values{specialization[0], specialization[1], specialization[2], specialization[3],
                                       fusedFma_ ? VK_TRUE : VK_FALSE, fmaFloatAlgorithms_ ? VK_TRUE : VK_FALSE,
                                       ieeeInverseSqrt_ ? VK_TRUE : VK_FALSE, verifiedShortSqrt_ ? VK_TRUE : VK_FALSE,
                                       verifiedShortExp_ ? VK_TRUE : VK_FALSE};
  VkSpecializationMapEntry entries[values.size()];
  for (uint32_t i = 0; i < values.size(); ++i) entries[i] = {i, i * uint32_t(sizeof(uint32_t)), sizeof(uint32_t)};
  VkSpecializationInfo spec{uint32_t(values.size()), entries, sizeof(values), values.data()};

  // A fixed-width module runs at its size (the caller checked cannotRunWaveSize); other modules'
  // warpSize is the device's default subgroup size. Where the driver may vary it (AMD wave32/64,
  // Intel SIMD8/16/32), pin it. Full subgroups keep lanes consecutive when the x size allows.
  const uint32_t blockX = specialization[0];
  const uint32_t threads = specialization[0] * specialization[1] * specialization[2];
  const uint32_t warp = waveSize ? waveSize : v11Props_.subgroupSize;
  VkPipelineShaderStageRequiredSubgroupSizeCreateInfo required{
      .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_REQUIRED_SUBGROUP_SIZE_CREATE_INFO,
      .requiredSubgroupSize = warp};
  bool pinSize = canRequireSubgroupSize() && v13Props_.minSubgroupSize != v13Props_.maxSubgroupSize &&
                 threads <= v13Props_.maxComputeWorkgroupSubgroups * warp;
  uint32_t fullMultiple = pinSize ? warp : v13Props_.maxSubgroupSize;
  VkPipelineShaderStageCreateFlags stageFlags = 0;
  if (enabled_->v13.computeFullSubgroups && fullMultiple && blockX % fullMultiple == 0)
    stageFlags |= VK_PIPELINE_SHADER_STAGE_CREATE_REQUIRE_FULL_SUBGROUPS_BIT;

  VkComputePipelineCreateInfo info{
      .sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO,
      .flags = VkPipelineCreateFlags(VK_PIPELINE_CREATE_DISPATCH_BASE_BIT) |
               (pipelineStats_ ? VkPipelineCreateFlags(VK_PIPELINE_CREATE_CAPTURE_STATISTICS_BIT_KHR) : 0u),
      .stage = {.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
                .pNext = pinSize ? &required : nullptr,
                .flags = stageFlags,
                .stage = VK_SHADER_STAGE_COMPUTE_BIT,
                .module = module,
                .pName = entryPoint,
                .pSpecializationInfo = &spec},
      .layout = l.layout.get()};
  VkPipeline pipeline = VK_NULL_HANDLE;
  check(vkCreateComputePipelines(l.device.get(), l.cache.get(), 1, &info, nullptr, &pipeline),
        "vkCreateComputePipelines");
  if (pipelineStats_) printPipelineStatistics(l.device.get(), pipeline, entryPoint, specialization);
  return vk::Pipeline(l.device.get(), pipeline);
}

void Device::printPipelineStatistics(VkDevice device, VkPipeline pipeline, const char *entryPoint,
                                     const std::array<uint32_t, 4> &specialization) const {
  VkPipelineInfoKHR pipelineInfo{.sType = VK_STRUCTURE_TYPE_PIPELINE_INFO_KHR, .pipeline = pipeline};
  uint32_t count = 0;
  if (vkGetPipelineExecutablePropertiesKHR(device, &pipelineInfo, &count, nullptr) != VK_SUCCESS) return;
  std::vector<VkPipelineExecutablePropertiesKHR> executables(
      count, {.sType = VK_STRUCTURE_TYPE_PIPELINE_EXECUTABLE_PROPERTIES_KHR});
  if (vkGetPipelineExecutablePropertiesKHR(device, &pipelineInfo, &count, executables.data()) != VK_SUCCESS) return;
  for (uint32_t e = 0; e < count; ++e) {
    VkPipelineExecutableInfoKHR which{.sType = VK_STRUCTURE_TYPE_PIPELINE_EXECUTABLE_INFO_KHR, .pipeline = pipeline, .executableIndex = e};
    uint32_t n = 0;
    if (vkGetPipelineExecutableStatisticsKHR(device, &which, &n, nullptr) != VK_SUCCESS) continue;
    std::vector<VkPipelineExecutableStatisticKHR> stats(n, {.sType = VK_STRUCTURE_TYPE_PIPELINE_EXECUTABLE_STATISTIC_KHR});
    if (vkGetPipelineExecutableStatisticsKHR(device, &which, &n, stats.data()) != VK_SUCCESS) continue;
    std::string line;
    for (const VkPipelineExecutableStatisticKHR &s : stats) {
      line += std::string(line.empty() ? "" : "; ") + s.name + " ";
      switch (s.format) {
      case VK_PIPELINE_EXECUTABLE_STATISTIC_FORMAT_BOOL32_KHR: line += s.value.b32 ? "yes" : "no"; break;
      case VK_PIPELINE_EXECUTABLE_STATISTIC_FORMAT_INT64_KHR: line += std::to_string(s.value.i64); break;
      case VK_PIPELINE_EXECUTABLE_STATISTIC_FORMAT_UINT64_KHR: line += std::to_string(s.value.u64); break;
      default: line += std::to_string(s.value.f64); break;
      }
    }
    std::fprintf(stderr, "hipvk: pipeline %s block (%u,%u,%u) dynamic shared %u, %s: %s\n", entryPoint, specialization[0],
                 specialization[1], specialization[2], specialization[3], executables[e].name, line.c_str());
  }
}

void Device::synchronize() {
  if (hasLogical()) logical_->streams->synchronize(false);
}

void Device::reset() {
  changeSettings([](Settings &s) { s = Settings{}; });
  if (!hasLogical()) return;
  try {
    logical_->streams->reset();
  } catch (const KernelTrap &) {
    // Reported on stderr by the drain; a reset is how a program recovers from it.
  }
  context_.registry().dropInstances(*this);
  logical_->service->release();
  logical_->memPools = std::make_unique<MemPoolSet>(*this);  // pools go with their memory
  logical_->allocations.clear();
  logical_->hostAllocations.clear();
  logical_->heap->trim();
}

Device::Settings Device::settings() const {
  std::lock_guard lock(settingsMutex_);
  return settings_;
}

}  // namespace hipvk
