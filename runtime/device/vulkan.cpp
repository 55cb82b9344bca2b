#include "device/vulkan.h"

namespace hipvk::vk {

void destroy(std::nullptr_t, VkInstance h) { vkDestroyInstance(h, nullptr); }
void destroy(std::nullptr_t, VkDevice h) { vkDestroyDevice(h, nullptr); }
void destroy(VkInstance i, VkDebugUtilsMessengerEXT h) { vkDestroyDebugUtilsMessengerEXT(i, h, nullptr); }
void destroy(VkDevice d, VkBuffer h) { vkDestroyBuffer(d, h, nullptr); }
void destroy(VkDevice d, VkDeviceMemory h) { vkFreeMemory(d, h, nullptr); }
void destroy(VkDevice d, VkCommandPool h) { vkDestroyCommandPool(d, h, nullptr); }
void destroy(VkDevice d, VkSemaphore h) { vkDestroySemaphore(d, h, nullptr); }
void destroy(VkDevice d, VkShaderModule h) { vkDestroyShaderModule(d, h, nullptr); }
void destroy(VkDevice d, VkDescriptorSetLayout h) { vkDestroyDescriptorSetLayout(d, h, nullptr); }
void destroy(VkDevice d, VkDescriptorPool h) { vkDestroyDescriptorPool(d, h, nullptr); }
void destroy(VkDevice d, VkPipelineLayout h) { vkDestroyPipelineLayout(d, h, nullptr); }
void destroy(VkDevice d, VkPipelineCache h) { vkDestroyPipelineCache(d, h, nullptr); }
void destroy(VkDevice d, VkPipeline h) { vkDestroyPipeline(d, h, nullptr); }
void destroy(VkDevice d, VkQueryPool h) { vkDestroyQueryPool(d, h, nullptr); }

}  // namespace hipvk::vk
