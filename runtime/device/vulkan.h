// Vulkan through volk, and small owning wrappers for every Vulkan object libhipvk creates: each
// object is destroyed exactly once, by its wrapper's destructor.
#pragma once

#include <volk.h>

#include <cstddef>
#include <utility>

namespace hipvk::vk {

void destroy(std::nullptr_t, VkInstance);
void destroy(std::nullptr_t, VkDevice);
void destroy(VkInstance, VkDebugUtilsMessengerEXT);
void destroy(VkDevice, VkBuffer);
void destroy(VkDevice, VkDeviceMemory);
void destroy(VkDevice, VkCommandPool);
void destroy(VkDevice, VkSemaphore);
void destroy(VkDevice, VkShaderModule);
void destroy(VkDevice, VkDescriptorSetLayout);
void destroy(VkDevice, VkDescriptorPool);
void destroy(VkDevice, VkPipelineLayout);
void destroy(VkDevice, VkPipelineCache);
void destroy(VkDevice, VkPipeline);
void destroy(VkDevice, VkQueryPool);

// Move-only owner of a Vulkan handle and of the parent it is destroyed with.
template <typename Handle, typename Parent>
class Unique {
 public:
  Unique() = default;
  Unique(Parent parent, Handle handle) : parent_(parent), handle_(handle) {}
  Unique(Unique &&other) noexcept
      : parent_(other.parent_), handle_(std::exchange(other.handle_, Handle{})) {}
  Unique &operator=(Unique &&other) noexcept {
    if (this != &other) {
      reset();
      parent_ = other.parent_;
      handle_ = std::exchange(other.handle_, Handle{});
    }
    return *this;
  }
  Unique(const Unique &) = delete;
  Unique &operator=(const Unique &) = delete;
  ~Unique() { reset(); }

  Handle get() const { return handle_; }
  explicit operator bool() const { return handle_ != Handle{}; }
  void reset() {
    if (handle_ != Handle{}) destroy(parent_, std::exchange(handle_, Handle{}));
  }
  // Gives the handle up without destroying it (a hung device's instance is left to the process end).
  Handle release() { return std::exchange(handle_, Handle{}); }

 private:
  Parent parent_{};
  Handle handle_{};
};

using Instance = Unique<VkInstance, std::nullptr_t>;
using Device = Unique<VkDevice, std::nullptr_t>;
using Messenger = Unique<VkDebugUtilsMessengerEXT, VkInstance>;
using Buffer = Unique<VkBuffer, VkDevice>;
using Memory = Unique<VkDeviceMemory, VkDevice>;
using CommandPool = Unique<VkCommandPool, VkDevice>;
using Semaphore = Unique<VkSemaphore, VkDevice>;
using ShaderModule = Unique<VkShaderModule, VkDevice>;
using DescriptorSetLayout = Unique<VkDescriptorSetLayout, VkDevice>;
using DescriptorPool = Unique<VkDescriptorPool, VkDevice>;
using PipelineLayout = Unique<VkPipelineLayout, VkDevice>;
using PipelineCache = Unique<VkPipelineCache, VkDevice>;
using Pipeline = Unique<VkPipeline, VkDevice>;
using QueryPool = Unique<VkQueryPool, VkDevice>;

}  // namespace hipvk::vk
