// Vulkan's own submit-and-wait floor on a device, without libhipvk: what the launch + sync round
// trip of host_latency could cost at best through vkQueueSubmit2 and a timeline semaphore, shape
// by shape (docs/PERFORMANCE.md). Every round trip polls vkGetSemaphoreCounterValue, as hipvk's
// host waits do; each figure is the median of `reps` round trips after a warm-up.
//   vulkan_floor [reps]      (the first Vulkan device; VK_DRIVER_FILES picks the driver)
// The "pre-submitted" shapes model work recorded ahead: a batch already in the queue waits for a
// timeline value the host signals with vkSignalSemaphore, and only that signal and the wait for the
// batch's own value are timed.
#include <volk.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

#include "vulkan_floor_spirv.h"

namespace {

using Clock = std::chrono::steady_clock;

void check(VkResult result, const char *what) {
  if (result != VK_SUCCESS) throw std::runtime_error(std::string(what) + " failed: " + std::to_string(result));
}

double microseconds(Clock::duration d) { return std::chrono::duration<double, std::micro>(d).count(); }

// Every object of the probe, destroyed in reverse order of creation.
struct Probe {
  VkInstance instance = VK_NULL_HANDLE;
  VkPhysicalDevice physical = VK_NULL_HANDLE;
  VkDevice device = VK_NULL_HANDLE;
  VkQueue queue = VK_NULL_HANDLE;
  uint32_t family = 0;
  VkSemaphore timeline = VK_NULL_HANDLE;
  VkCommandPool pool = VK_NULL_HANDLE;
  VkShaderModule module = VK_NULL_HANDLE;
  VkPipelineLayout layout = VK_NULL_HANDLE;
  VkPipeline pipeline = VK_NULL_HANDLE;
  VkBuffer indirect = VK_NULL_HANDLE;
  VkDeviceMemory indirectMemory = VK_NULL_HANDLE;
  VkDispatchIndirectCommand *indirectDims = nullptr;
  VkCommandBuffer dispatch = VK_NULL_HANDLE, barrierDispatch = VK_NULL_HANDLE, indirectDispatch = VK_NULL_HANDLE;
  uint64_t value = 0; // the timeline's last signalled value

  Probe();
  ~Probe() {
    if (device) {
      vkDeviceWaitIdle(device);
      if (indirectMemory) vkFreeMemory(device, indirectMemory, nullptr);
      vkDestroyBuffer(device, indirect, nullptr);
      vkDestroyPipeline(device, pipeline, nullptr);
      vkDestroyPipelineLayout(device, layout, nullptr);
      vkDestroyShaderModule(device, module, nullptr);
      vkDestroyCommandPool(device, pool, nullptr);
      vkDestroySemaphore(device, timeline, nullptr);
      vkDestroyDevice(device, nullptr);
    }
    if (instance) vkDestroyInstance(instance, nullptr);
  }
  Probe(const Probe &) = delete;
  Probe &operator=(const Probe &) = delete;

  VkCommandBuffer record(const std::function<void(VkCommandBuffer)> &body) {
    VkCommandBufferAllocateInfo allocate{VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO, nullptr, pool,
                                         VK_COMMAND_BUFFER_LEVEL_PRIMARY, 1};
    VkCommandBuffer cb;
    check(vkAllocateCommandBuffers(device, &allocate, &cb), "vkAllocateCommandBuffers");
    VkCommandBufferBeginInfo begin{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    check(vkBeginCommandBuffer(cb, &begin), "vkBeginCommandBuffer");
    vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_COMPUTE, pipeline);
    body(cb);
    check(vkEndCommandBuffer(cb), "vkEndCommandBuffer");
    return cb;
  }

  // One batch: `cb` (or none), waiting for `waitValue` when nonzero, signalling `signalValue`.
  void submit(VkCommandBuffer cb, uint64_t waitValue, uint64_t signalValue) {
    VkSemaphoreSubmitInfo wait{VK_STRUCTURE_TYPE_SEMAPHORE_SUBMIT_INFO, nullptr, timeline, waitValue,
                               VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT};
    VkSemaphoreSubmitInfo signal{VK_STRUCTURE_TYPE_SEMAPHORE_SUBMIT_INFO, nullptr, timeline, signalValue,
                                 VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT};
    VkCommandBufferSubmitInfo command{VK_STRUCTURE_TYPE_COMMAND_BUFFER_SUBMIT_INFO, nullptr, cb};
    VkSubmitInfo2 info{VK_STRUCTURE_TYPE_SUBMIT_INFO_2};
    info.waitSemaphoreInfoCount = waitValue ? 1 : 0;
    info.pWaitSemaphoreInfos = &wait;
    info.commandBufferInfoCount = cb ? 1 : 0;
    info.pCommandBufferInfos = &command;
    info.signalSemaphoreInfoCount = 1;
    info.pSignalSemaphoreInfos = &signal;
    check(vkQueueSubmit2(queue, 1, &info, VK_NULL_HANDLE), "vkQueueSubmit2");
  }

  void poll(uint64_t target) const {
    uint64_t reached = 0;
    while (reached < target) check(vkGetSemaphoreCounterValue(device, timeline, &reached), "vkGetSemaphoreCounterValue");
  }

  void hostSignal(uint64_t signalValue) const {
    VkSemaphoreSignalInfo info{VK_STRUCTURE_TYPE_SEMAPHORE_SIGNAL_INFO, nullptr, timeline, signalValue};
    check(vkSignalSemaphore(device, &info), "vkSignalSemaphore");
  }
};

Probe::Probe() {
  check(volkInitialize(), "volkInitialize");
  VkApplicationInfo app{VK_STRUCTURE_TYPE_APPLICATION_INFO, nullptr, "vulkan_floor", 1, nullptr, 0, VK_API_VERSION_1_3};
  VkInstanceCreateInfo instanceInfo{VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO, nullptr, 0, &app};
  check(vkCreateInstance(&instanceInfo, nullptr, &instance), "vkCreateInstance");
  volkLoadInstance(instance);
  uint32_t count = 1;
  VkResult listed = vkEnumeratePhysicalDevices(instance, &count, &physical);
  if ((listed != VK_SUCCESS && listed != VK_INCOMPLETE) || count == 0) throw std::runtime_error("no Vulkan device");
  VkPhysicalDeviceProperties properties;
  vkGetPhysicalDeviceProperties(physical, &properties);
  std::printf("device: %s (driver version %u)\n", properties.deviceName, properties.driverVersion);

  uint32_t families = 0;
  vkGetPhysicalDeviceQueueFamilyProperties(physical, &families, nullptr);
  std::vector<VkQueueFamilyProperties> familyProperties(families);
  vkGetPhysicalDeviceQueueFamilyProperties(physical, &families, familyProperties.data());
  family = uint32_t(std::find_if(familyProperties.begin(), familyProperties.end(),
                                 [](const VkQueueFamilyProperties &f) { return f.queueFlags & VK_QUEUE_COMPUTE_BIT; }) -
                    familyProperties.begin());

  float priority = 1.0f;
  VkDeviceQueueCreateInfo queueInfo{VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO, nullptr, 0, family, 1, &priority};
  VkPhysicalDeviceVulkan13Features features13{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES};
  features13.synchronization2 = VK_TRUE;
  VkPhysicalDeviceVulkan12Features features12{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES, &features13};
  features12.timelineSemaphore = VK_TRUE;
  VkDeviceCreateInfo deviceInfo{VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO, &features12, 0, 1, &queueInfo};
  check(vkCreateDevice(physical, &deviceInfo, nullptr, &device), "vkCreateDevice");
  volkLoadDevice(device);
  vkGetDeviceQueue(device, family, 0, &queue);

  VkSemaphoreTypeCreateInfo type{VK_STRUCTURE_TYPE_SEMAPHORE_TYPE_CREATE_INFO, nullptr, VK_SEMAPHORE_TYPE_TIMELINE, 0};
  VkSemaphoreCreateInfo semaphoreInfo{VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO, &type};
  check(vkCreateSemaphore(device, &semaphoreInfo, nullptr, &timeline), "vkCreateSemaphore");
  VkCommandPoolCreateInfo poolInfo{VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO, nullptr, 0, family};
  check(vkCreateCommandPool(device, &poolInfo, nullptr, &pool), "vkCreateCommandPool");

  VkShaderModuleCreateInfo moduleInfo{VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO, nullptr, 0, sizeof(vulkan_floor_spirv),
                                      vulkan_floor_spirv};
  check(vkCreateShaderModule(device, &moduleInfo, nullptr, &module), "vkCreateShaderModule");
  VkPipelineLayoutCreateInfo layoutInfo{VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
  check(vkCreatePipelineLayout(device, &layoutInfo, nullptr, &layout), "vkCreatePipelineLayout");
  VkComputePipelineCreateInfo pipelineInfo{VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO};
  pipelineInfo.stage = {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO, nullptr, 0, VK_SHADER_STAGE_COMPUTE_BIT, module,
                        "main"};
  pipelineInfo.layout = layout;
  check(vkCreateComputePipelines(device, VK_NULL_HANDLE, 1, &pipelineInfo, nullptr, &pipeline), "vkCreateComputePipelines");

  // The indirect dispatch's dimensions live in host-visible, coherent memory the host writes before
  // it signals the batch's wait value.
  VkBufferCreateInfo bufferInfo{VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO, nullptr, 0, sizeof(VkDispatchIndirectCommand),
                                VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT};
  check(vkCreateBuffer(device, &bufferInfo, nullptr, &indirect), "vkCreateBuffer");
  VkMemoryRequirements requirements;
  vkGetBufferMemoryRequirements(device, indirect, &requirements);
  VkPhysicalDeviceMemoryProperties memory;
  vkGetPhysicalDeviceMemoryProperties(physical, &memory);
  constexpr VkMemoryPropertyFlags kHost = VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
  uint32_t memoryType = 0;
  while (memoryType < memory.memoryTypeCount &&
         !((requirements.memoryTypeBits >> memoryType & 1) && (memory.memoryTypes[memoryType].propertyFlags & kHost) == kHost))
    ++memoryType;
  VkMemoryAllocateInfo allocateInfo{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO, nullptr, requirements.size, memoryType};
  check(vkAllocateMemory(device, &allocateInfo, nullptr, &indirectMemory), "vkAllocateMemory");
  check(vkBindBufferMemory(device, indirect, indirectMemory, 0), "vkBindBufferMemory");
  void *mapped = nullptr;
  check(vkMapMemory(device, indirectMemory, 0, VK_WHOLE_SIZE, 0, &mapped), "vkMapMemory");
  indirectDims = static_cast<VkDispatchIndirectCommand *>(mapped);

  dispatch = record([](VkCommandBuffer cb) { vkCmdDispatch(cb, 1, 1, 1); });
  barrierDispatch = record([](VkCommandBuffer cb) {
    VkMemoryBarrier2 barrier{VK_STRUCTURE_TYPE_MEMORY_BARRIER_2,      nullptr,
                             VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT,    VK_ACCESS_2_MEMORY_WRITE_BIT,
                             VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT,    VK_ACCESS_2_MEMORY_READ_BIT | VK_ACCESS_2_MEMORY_WRITE_BIT};
    VkDependencyInfo dependency{VK_STRUCTURE_TYPE_DEPENDENCY_INFO};
    dependency.memoryBarrierCount = 1;
    dependency.pMemoryBarriers = &barrier;
    vkCmdPipelineBarrier2(cb, &dependency);
    vkCmdDispatch(cb, 1, 1, 1);
  });
  indirectDispatch = record([this](VkCommandBuffer cb) { vkCmdDispatchIndirect(cb, indirect, 0); });
}

// The median of `reps` timed round trips, after `reps / 10` untimed ones.
double median(int reps, const std::function<Clock::duration()> &roundTrip) {
  for (int i = 0; i < reps / 10; ++i) roundTrip();
  std::vector<double> samples(reps);
  for (double &sample : samples) sample = microseconds(roundTrip());
  std::nth_element(samples.begin(), samples.begin() + reps / 2, samples.end());
  return samples[reps / 2];
}

void spin(std::chrono::microseconds duration) {
  for (Clock::time_point end = Clock::now() + duration; Clock::now() < end;) {
  }
}

} // namespace

int main(int argc, char **argv) {
  const int reps = argc > 1 ? std::max(10, std::atoi(argv[1])) : 3000;
  try {
    Probe p;
    auto submitted = [&p](VkCommandBuffer cb, bool waitPrevious) {
      return [&p, cb, waitPrevious] {
        Clock::time_point start = Clock::now();
        uint64_t previous = p.value++;
        p.submit(cb, waitPrevious ? previous : 0, p.value);
        p.poll(p.value);
        return Clock::now() - start;
      };
    };
    // Work recorded ahead: the batch goes in untimed and waits for the host's signal; the queue has
    // 100 us to take it before the clock starts.
    auto presubmitted = [&p](VkCommandBuffer cb) {
      return [&p, cb] {
        uint64_t release = p.value + 1, done = p.value + 2;
        p.submit(cb, release, done);
        spin(std::chrono::microseconds(100));
        Clock::time_point start = Clock::now();
        if (cb == p.indirectDispatch) *p.indirectDims = {1, 1, 1};
        p.hostSignal(release);
        p.poll(done);
        p.value = done;
        return Clock::now() - start;
      };
    };
    struct Shape {
      const char *name;
      std::function<Clock::duration()> roundTrip;
    };
    const Shape shapes[] = {
        {"signal-only submission (no command buffer)", submitted(VK_NULL_HANDLE, false)},
        {"dispatch, no barrier", submitted(p.dispatch, false)},
        {"dispatch, waiting for the (reached) previous value", submitted(p.dispatch, true)},
        {"dispatch behind a full memory barrier", submitted(p.barrierDispatch, false)},
        {"pre-submitted dispatch: vkSignalSemaphore + poll", presubmitted(p.dispatch)},
        {"pre-submitted indirect dispatch, dimensions written by the host", presubmitted(p.indirectDispatch)},
        {"vkSignalSemaphore alone", [&p] {
           Clock::time_point start = Clock::now();
           p.hostSignal(++p.value);
           return Clock::now() - start;
         }},
    };
    for (const Shape &shape : shapes) std::printf("%-66s %8.2f us\n", shape.name, median(reps, shape.roundTrip));
  } catch (const std::exception &e) {
    std::fprintf(stderr, "vulkan_floor: %s\n", e.what());
    return 1;
  }
  return 0;
}
