// The one process-wide runtime object: options, the Vulkan instance, the devices and the
// registered modules. Creating it touches no Vulkan; Vulkan is initialised on first need, so that
// Clang's registration constructors (which run before main) work without a device. Per-thread
// state (current device, last error, <<<>>> configurations) lives in thread_local storage here.
#pragma once

#include <hip/hip_runtime_api.h>

#include <atomic>
#include <memory>
#include <mutex>
#include <span>
#include <string>
#include <vector>

#include "memory/host_copier.h"
#include "device/options.h"
#include "device/vulkan.h"

namespace hipvk {

class Device;
class Registry;

// One <<<grid, block, shared, stream>>> configuration, pushed by __hipPushCallConfiguration.
struct CallConfiguration {
  dim3 grid;
  dim3 block;
  size_t sharedMem = 0;
  hipStream_t stream = nullptr;
};

// Every Vulkan physical device the loader lists, and what hipvk made of it (hipvk-info prints it).
struct PhysicalDeviceReport {
  std::string name;
  std::string skipped;  // why it is not a HIP device; empty when it is one
  int ordinal = -1;     // its HIP device index
};

struct ThreadState {
  int device = 0;
  hipError_t lastError = hipSuccess;
  std::vector<CallConfiguration> callConfigurations;
};

class Context {
 public:
  static Context &instance();
  static ThreadState &thread();

  const Options &options() const { return options_; }
  // Host memcpy of large staged copies, on several cores.
  HostCopier &hostCopier() { return hostCopier_; }
  Registry &registry() { return *registry_; }

  // The usable devices in HIP order; initialises Vulkan on first call. Empty when there is none.
  std::span<const std::unique_ptr<Device>> devices();
  // The devices if Vulkan was initialised, else none (never initialises).
  std::span<const std::unique_ptr<Device>> existingDevices() const { return devices_; }
  // Whether the exit handler has released the devices.
  bool shutDown() const { return shutDown_.load(std::memory_order_acquire); }
  // Throws hipErrorNoDevice / hipErrorInvalidDevice.
  Device &device(int index);
  Device &currentDevice() { return device(thread().device); }
  // The loader's physical devices (initialises Vulkan on first call).
  const std::vector<PhysicalDeviceReport> &physicalDevices() {
    devices();
    return report_;
  }

  // Called by the validation messenger for every validation error.
  void reportValidationError() { validationErrors_.fetch_add(1); }
  // HIPVK_VALIDATION's contract: once a validation error was seen, the process exits with 86.
  void exitOnValidationErrors();

  ~Context();

 private:
  Context();
  void initVulkan();
  void shutdown();

  Options options_;
  HostCopier hostCopier_;
  std::once_flag vulkanOnce_;
  vk::Instance instance_;
  vk::Messenger messenger_;
  std::vector<std::unique_ptr<Device>> devices_;
  std::vector<PhysicalDeviceReport> report_;
  std::unique_ptr<Registry> registry_;
  std::atomic<unsigned> validationErrors_{0};
  std::atomic<bool> shutDown_{false};
};

// Debug log on stderr when HIPVK_LOG=1.
void log(const char *format, ...) __attribute__((format(printf, 1, 2)));

inline constexpr int kValidationFailureExitCode = 86;

}  // namespace hipvk
