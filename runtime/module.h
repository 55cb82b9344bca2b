// Registered device code: one Module per offload blob (one translation unit), its metadata
// (docs/ABI.md), and the registry that maps Clang's host-side handles (kernel stubs, shadow
// variables) to it. Registration needs no device; the Vulkan objects of a module (shader module,
// global segment, pipelines) are created per device on first use.
#pragma once

#include <hip/hip_runtime_api.h>

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <shared_mutex>
#include <string>
#include <string_view>
#include <tuple>
#include <unordered_map>
#include <vector>

#include "vulkan.h"

namespace hipvk {

class Device;
struct Allocation;

struct ArgInfo {
  uint32_t offset;
  uint32_t size;
};

struct KernelInfo {
  std::string name;
  bool pushArgs = false;  // arguments follow the push-constant header instead of an argument buffer
  uint32_t argsSize = 0;
  uint32_t staticShared = 0;
  uint32_t privateBytes = 0;
  std::vector<ArgInfo> args;
};

struct GlobalInfo {
  std::string name;
  uint64_t offset = 0;
  uint64_t size = 0;
};

struct Metadata {
  uint64_t segment = 0;
  std::vector<KernelInfo> kernels;
  std::vector<GlobalInfo> globals;
  std::vector<std::string> caps;

  // Throws hipErrorInvalidImage on malformed text.
  static Metadata parse(std::string_view text);
};

class Module {
 public:
  // The device-side objects of a module on one device.
  class Instance {
   public:
    Instance(Device &device, const Module &module);  // throws hipErrorInvalidDeviceFunction
    ~Instance();
    Instance(const Instance &) = delete;
    Instance &operator=(const Instance &) = delete;

    uint64_t segmentAddress() const;
    // The pipeline of `kernel` for this block size and dynamic shared size, created once.
    VkPipeline pipeline(const KernelInfo &kernel, dim3 block, uint32_t dynamicShared);

   private:
    Device &device_;
    vk::ShaderModule shader_;
    std::shared_ptr<Allocation> segment_;
    std::mutex mutex_;
    std::map<std::tuple<const KernelInfo *, uint32_t, uint32_t, uint32_t, uint32_t>, vk::Pipeline> pipelines_;
  };

  // Parses Clang's fat-binary wrapper around a hipvk blob; throws hipErrorInvalidImage.
  static std::unique_ptr<Module> fromWrapper(const void *wrapper);

  // The handle Clang keeps and passes back to __hipRegisterFunction/__hipRegisterVar.
  void **handle() { return &self_; }
  const KernelInfo *kernel(std::string_view name) const;
  const GlobalInfo *global(std::string_view name) const;

  Instance &instance(Device &device);
  void dropInstance(Device &device);

 private:
  Module(std::vector<uint32_t> spirv, Metadata metadata, std::string globalInit);

  void *self_ = this;
  std::vector<uint32_t> spirv_;
  Metadata metadata_;
  std::string globalInit_;
  std::mutex mutex_;
  std::map<Device *, std::unique_ptr<Instance>> instances_;
};

struct Kernel {
  Module *module;
  const KernelInfo *info;
};

struct Symbol {
  Module *module;
  const GlobalInfo *info;
};

class Registry {
 public:
  void **registerBinary(const void *wrapper);  // throws hipErrorInvalidImage
  void unregisterBinary(void **handle);
  void registerFunction(void **handle, const void *hostStub, const char *deviceName);
  void registerVar(void **handle, const void *hostVar, const char *deviceName);

  std::optional<Kernel> kernel(const void *hostStub) const;
  std::optional<Symbol> symbol(const void *hostVar) const;
  // hipDeviceReset: every module forgets its objects on `device`.
  void dropInstances(Device &device);

 private:
  Module *moduleLocked(void **handle) const;

  mutable std::shared_mutex mutex_;
  std::map<void **, std::unique_ptr<Module>> modules_;
  std::unordered_map<const void *, Kernel> kernels_;
  std::unordered_map<const void *, Symbol> symbols_;
};

}  // namespace hipvk
