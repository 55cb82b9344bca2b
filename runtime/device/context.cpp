#include "device/context.h"

#include <algorithm>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>

#include <unistd.h>

#include "device/device.h"
#include "api/error.h"
#include "execution/module.h"
#include "execution/queue.h"

namespace hipvk {
namespace {

constexpr const char *kValidationLayer = "VK_LAYER_KHRONOS_validation";

VKAPI_ATTR VkBool32 VKAPI_CALL onDebugMessage(VkDebugUtilsMessageSeverityFlagBitsEXT severity,
                                              VkDebugUtilsMessageTypeFlagsEXT,
                                              const VkDebugUtilsMessengerCallbackDataEXT *data,
                                              void *user) {
  auto *context = static_cast<Context *>(user);
  if (severity & VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT) {
    std::fprintf(stderr, "hipvk: Vulkan validation error: %s\n", data->pMessage);
    context->reportValidationError();
  } else {
    log("Vulkan validation: %s", data->pMessage);
  }
  return VK_FALSE;
}

bool hasLayer(const char *name) {
  uint32_t count = 0;
  vkEnumerateInstanceLayerProperties(&count, nullptr);
  std::vector<VkLayerProperties> layers(count);
  vkEnumerateInstanceLayerProperties(&count, layers.data());
  return std::any_of(layers.begin(), layers.end(),
                     [&](const VkLayerProperties &l) { return std::string(l.layerName) == name; });
}

// Discrete GPUs first, CPU implementations last; enumeration order breaks ties.
int typeRank(VkPhysicalDeviceType type) {
  switch (type) {
  case VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU: return 0;
  case VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU: return 1;
  case VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU: return 2;
  case VK_PHYSICAL_DEVICE_TYPE_CPU: return 3;
  default: return 4;
  }
}

}  // namespace

Context &Context::instance() {
  static Context context;
  return context;
}

namespace {

// Returning from main runs the main thread's thread_local destructors first, then the exit
// handlers in reverse order of registration. Drivers register handlers too, some lazily while they
// work (lavapipe's LLVM registers its statics when its queue thread first compiles a shader, after
// hipvk's handler): those run before hipvk's handler and tear down a compiler the driver's thread
// is still using for work in flight. So the main thread waits for every device here, before any
// exit handler runs.
struct MainThreadExit {
  ~MainThreadExit() {
    if (::getpid() != ::gettid()) return;  // only the main thread's exit ends the process
    Context &context = Context::instance();
    if (context.shutDown()) return;
    for (const std::unique_ptr<Device> &device : context.existingDevices()) {
      try {
        device->synchronize();
      } catch (const std::exception &e) {
        log("exit: %s", e.what());
      }
    }
  }
};

}  // namespace

ThreadState &Context::thread() {
  thread_local ThreadState state;
  thread_local MainThreadExit exitGuard;
  (void)exitGuard;
  return state;
}

// A quarter of the cores copy (at most four with the caller's): enough for the PCIe link's rate,
// leaving the rest to the program; none on small machines (CI's two cores run lavapipe too).
Context::Context()
    : options_(Options::fromEnvironment()),
      hostCopier_(std::min(std::thread::hardware_concurrency() / 4, 3u)),
      registry_(std::make_unique<Registry>()) {}

Context::~Context() = default;

void Context::shutdown() {
  // Modules release their per-device objects while the devices live; devices flush their work and
  // save their pipeline caches. Validation errors raised by the teardown still count. The modules
  // themselves stay: Clang's atexit handlers unregister them later.
  shutDown_.store(true, std::memory_order_release);
  // A device whose work may never end (a wait ran past HIPVK_KERNEL_TIMEOUT) is left as it is, and
  // the instance with it: destroying them would wait for that work (drivers join their queue
  // threads) or free memory and code under it. The process ends with them.
  bool keepInstance = false;
  for (std::unique_ptr<Device> &device : devices_) {
    if (device->health().hung()) {
      registry_->abandonInstances(*device);
      (void)device.release();
      keepInstance = true;
    } else {
      registry_->dropInstances(*device);
    }
  }
  devices_.clear();
  exitOnValidationErrors();
  if (keepInstance) {
    (void)messenger_.release();
    (void)instance_.release();
    return;
  }
  messenger_.reset();
  instance_.reset();
}

void Context::exitOnValidationErrors() {
  unsigned errors = validationErrors_.load();
  if (errors == 0) return;
  std::fflush(stdout);
  std::fprintf(stderr, "hipvk: %u Vulkan validation error(s); exiting with status %d\n", errors,
               kValidationFailureExitCode);
  std::_Exit(kValidationFailureExitCode);
}

std::span<const std::unique_ptr<Device>> Context::devices() {
  std::call_once(vulkanOnce_, [this] { initVulkan(); });
  return devices_;
}

Device &Context::device(int index) {
  std::span<const std::unique_ptr<Device>> all = devices();
  if (all.empty()) fail(hipErrorNoDevice, "no usable Vulkan 1.3 device");
  if (index < 0 || size_t(index) >= all.size())
    fail(hipErrorInvalidDevice, "device " + std::to_string(index) + " does not exist");
  return *all[size_t(index)];
}

void Context::initVulkan() {
  if (!options_.refused.empty()) {
    std::fprintf(stderr, "hipvk: %s; no device is offered\n", options_.refused.c_str());
    return;
  }
  if (volkInitialize() != VK_SUCCESS) {
    log("no Vulkan loader found");
    return;
  }
  bool validation = options_.validation && hasLayer(kValidationLayer);
  if (options_.validation && !validation) {
    // Validation was asked for and cannot happen: that must not pass for a clean run.
    std::fprintf(stderr, "hipvk: HIPVK_VALIDATION=1 but %s is not installed\n", kValidationLayer);
    reportValidationError();
  }

  VkApplicationInfo app{.sType = VK_STRUCTURE_TYPE_APPLICATION_INFO,
                        .pApplicationName = "hipvk",
                        .pEngineName = "hipvk",
                        .apiVersion = VK_API_VERSION_1_3};
  std::vector<const char *> layers, extensions;
  VkDebugUtilsMessengerCreateInfoEXT messengerInfo{
      .sType = VK_STRUCTURE_TYPE_DEBUG_UTILS_MESSENGER_CREATE_INFO_EXT,
      .messageSeverity =
          VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT | VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT,
      .messageType = VK_DEBUG_UTILS_MESSAGE_TYPE_GENERAL_BIT_EXT | VK_DEBUG_UTILS_MESSAGE_TYPE_VALIDATION_BIT_EXT |
                     VK_DEBUG_UTILS_MESSAGE_TYPE_PERFORMANCE_BIT_EXT,
      .pfnUserCallback = onDebugMessage,
      .pUserData = this};
  // Synchronization validation checks the barriers between batched dispatches and copies.
  VkValidationFeatureEnableEXT enabledChecks[] = {VK_VALIDATION_FEATURE_ENABLE_SYNCHRONIZATION_VALIDATION_EXT};
  VkValidationFeaturesEXT validationFeatures{.sType = VK_STRUCTURE_TYPE_VALIDATION_FEATURES_EXT,
                                             .pNext = &messengerInfo,
                                             .enabledValidationFeatureCount = 1,
                                             .pEnabledValidationFeatures = enabledChecks};
  VkInstanceCreateInfo info{.sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO, .pApplicationInfo = &app};
  if (validation) {
    layers.push_back(kValidationLayer);
    extensions.push_back(VK_EXT_DEBUG_UTILS_EXTENSION_NAME);
    extensions.push_back(VK_EXT_VALIDATION_FEATURES_EXTENSION_NAME);
    info.pNext = &validationFeatures;  // also reports errors of vkCreateInstance itself
  }
  info.enabledLayerCount = uint32_t(layers.size());
  info.ppEnabledLayerNames = layers.data();
  info.enabledExtensionCount = uint32_t(extensions.size());
  info.ppEnabledExtensionNames = extensions.data();

  VkInstance instance = VK_NULL_HANDLE;
  if (VkResult r = vkCreateInstance(&info, nullptr, &instance); r != VK_SUCCESS) {
    log("vkCreateInstance failed: VkResult %d", int(r));
    return;
  }
  instance_ = vk::Instance(nullptr, instance);
  volkLoadInstance(instance);  // device functions go through the loader: safe with several devices
  if (validation) {
    VkDebugUtilsMessengerEXT messenger = VK_NULL_HANDLE;
    check(vkCreateDebugUtilsMessengerEXT(instance, &messengerInfo, nullptr, &messenger),
          "vkCreateDebugUtilsMessengerEXT");
    messenger_ = vk::Messenger(instance, messenger);
  }

  uint32_t count = 0;
  vkEnumeratePhysicalDevices(instance, &count, nullptr);
  std::vector<VkPhysicalDevice> physical(count);
  vkEnumeratePhysicalDevices(instance, &count, physical.data());
  std::vector<VkPhysicalDevice> usable;
  auto reportOf = [&](VkPhysicalDevice pd) -> PhysicalDeviceReport & {
    return report_[size_t(std::find(physical.begin(), physical.end(), pd) - physical.begin())];
  };
  for (VkPhysicalDevice pd : physical) {
    VkPhysicalDeviceProperties props;
    vkGetPhysicalDeviceProperties(pd, &props);
    report_.push_back({props.deviceName, Device::unsuitability(pd), -1});
    if (!report_.back().skipped.empty()) {
      log("skipping %s: %s", props.deviceName, report_.back().skipped.c_str());
      continue;
    }
    usable.push_back(pd);
  }
  std::stable_sort(usable.begin(), usable.end(), [](VkPhysicalDevice a, VkPhysicalDevice b) {
    VkPhysicalDeviceProperties pa, pb;
    vkGetPhysicalDeviceProperties(a, &pa);
    vkGetPhysicalDeviceProperties(b, &pb);
    return typeRank(pa.deviceType) < typeRank(pb.deviceType);
  });

  if (options_.visibleDevices) {
    std::vector<VkPhysicalDevice> visible;
    for (int index : *options_.visibleDevices) {
      if (size_t(index) >= usable.size() ||
          std::find(visible.begin(), visible.end(), usable[size_t(index)]) != visible.end())
        break;  // like ROCm: the list ends at the first invalid or repeated index
      visible.push_back(usable[size_t(index)]);
    }
    for (VkPhysicalDevice pd : usable)
      if (std::find(visible.begin(), visible.end(), pd) == visible.end())
        reportOf(pd).skipped = "not listed in HIP_VISIBLE_DEVICES";
    usable = std::move(visible);
  }
  if (!options_.deviceSelector.empty()) {
    const std::string &selector = options_.deviceSelector;
    std::vector<VkPhysicalDevice> chosen;
    bool numeric = selector.find_first_not_of("0123456789") == std::string::npos;
    for (size_t i = 0; i < usable.size() && chosen.empty(); ++i) {
      VkPhysicalDeviceProperties props;
      vkGetPhysicalDeviceProperties(usable[i], &props);
      if (numeric ? std::to_string(i) == selector : std::string(props.deviceName).find(selector) != std::string::npos)
        chosen.push_back(usable[i]);
    }
    if (chosen.empty()) std::fprintf(stderr, "hipvk: HIPVK_DEVICE=%s matches no device\n", selector.c_str());
    for (VkPhysicalDevice pd : usable)
      if (std::find(chosen.begin(), chosen.end(), pd) == chosen.end())
        reportOf(pd).skipped = "not selected by HIPVK_DEVICE";
    usable = std::move(chosen);
  }

  for (VkPhysicalDevice pd : usable) {
    reportOf(pd).ordinal = int(devices_.size());
    devices_.push_back(std::make_unique<Device>(*this, pd, int(devices_.size())));
    log("device %zu: %s", devices_.size() - 1, devices_.back()->hipProperties().name);
  }
  // Vulkan is torn down by an exit handler registered now, after the loader has loaded the driver
  // and layers: it runs before their own static destructors, which a static Context's destructor
  // would not.
  std::atexit([] { Context::instance().shutdown(); });
}

void log(const char *format, ...) {
  if (!Context::instance().options().log) return;
  va_list args;
  va_start(args, format);
  std::fputs("hipvk: ", stderr);
  std::vfprintf(stderr, format, args);
  std::fputc('\n', stderr);
  va_end(args);
}

}  // namespace hipvk
