// Registered device code: one Module per offload blob (one translation unit), its metadata and
// SPIR-V modules (docs/ABI.md), and the registry that maps Clang's host-side handles (kernel stubs,
// shadow variables) to it. Registration needs no device; the Vulkan objects of a module (global
// segment, shader modules, pipelines) are created per device on first use, the shader module of a
// kernel only when the kernel is first launched there.
#pragma once

#include <hip/hip_runtime_api.h>

#include <atomic>
#include <cstdint>
#include <deque>
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

#include "device/vulkan.h"

namespace hipvk {

class Device;
class Function;
struct KernelWidths;
struct Allocation;
class HostPages;

struct ArgInfo {
  uint32_t offset;
  uint32_t size;
  bool pointer = false;  // a device address passed by value
};

struct KernelInfo {
  std::string name;
  bool pushArgs = false;  // arguments follow the push-constant header instead of an argument buffer
  uint32_t argsSize = 0;
  uint32_t staticShared = 0;
  uint32_t privateBytes = 0;
  std::vector<ArgInfo> args;
  std::vector<size_t> spirvModules;  // the SPIR-V modules holding the kernel (variants), in blob order
  uint32_t launchConditions = 0;     // launch conditions some of those modules have (blob feature bits)
  bool readsConstantWindow = false;  // its modules read the constant window (blob::kConstantWindow)
  uint32_t logicalShared = 0;         // static shared memory of its logical-warp form (exchange slots included); 0: none
  uint32_t maxThreads = 0;            // its __launch_bounds__: larger blocks are refused; 0: none
};

enum class GlobalKind { Device, Constant, Managed };

struct GlobalInfo {
  std::string name;
  uint64_t offset = 0;  // in the segment layout; managed: in the module's managed host pages
  uint64_t size = 0;
  GlobalKind kind = GlobalKind::Device;
  uint64_t slot = 0;  // managed: the segment's pointer variable device code reaches the storage by
};

struct Metadata {
  uint64_t segment = 0;
  std::vector<KernelInfo> kernels;
  std::vector<GlobalInfo> globals;
  std::vector<uint64_t> relocations;  // segment offsets of 8-byte segment offsets to make addresses
  struct {
    uint64_t offset = 0, bytes = 0;  // segment bytes kernels read as a uniform buffer; 0 bytes: none
  } constantWindow;
  bool subgroupClock = false, deviceClock = false;  // OpReadClockKHR scopes the code reads

  // Throws hipErrorInvalidImage on malformed text.
  static Metadata parse(std::string_view text);
  // The kernel of that name; null when there is none.
  KernelInfo *kernel(std::string_view name);
};

// One SPIR-V module of a blob and what a device needs to run it.
struct SpirvModule {
  uint32_t requiredFeatures = 0;          // blob::KernelModuleHeader::required_features
  uint32_t minSubgroupSize = 0;           // blob::KernelModuleHeader::min_subgroup_size
  std::vector<uint32_t> words;
  std::vector<std::string> capabilities;  // the OpCapability enumerants it declares, in decimal
  size_t inlinedWords = 0;                // its size with every call inlined (hipvk/spirv_size.h)
};

class Module;

// A kernel's source-level name where it is a mangled C++ name.
std::string demangled(const std::string &name);
// ROCm's answer when a code object holds no code the device can run, with the reason on stderr:
// throws hipErrorNoBinaryForGpu.
[[noreturn]] void noBinaryFor(const Device &device, const std::string &code, const std::string &needs);

// A kernel of a module as HIP sees it: what a registered host stub and a hipFunction_t name. It
// carries the per-function settings of hipFuncSetAttribute/CacheConfig/SharedMemConfig.
class Function {
 public:
  Function(Module &module, const KernelInfo &info) : module(&module), info(&info) {}

  Module *const module;
  const KernelInfo *const info;
  std::atomic<int> maxDynamicShared{-1};  // hipFuncAttributeMaxDynamicSharedMemorySize; -1: not set
  std::atomic<int> sharedCarveout{-1};    // hipFuncAttributePreferredSharedMemoryCarveout; -1: default
  std::atomic<int> cacheConfig{hipFuncCachePreferNone};
  std::atomic<int> sharedMemConfig{hipSharedMemBankSizeDefault};
};
using Kernel = Function *;

class Module {
 public:
  // The device-side objects of a module on one device.
  class Instance {
   public:
    Instance(Device &device, const Module &module);  // throws hipErrorNoBinaryForGpu
    ~Instance();
    Instance(const Instance &) = delete;
    Instance &operator=(const Instance &) = delete;

    uint64_t segmentAddress() const;
    // Descriptor set 0 of the kernels that read the module's constant window; null when it has none.
    VkDescriptorSet constantWindow() const { return constantWindow_; }
    // The device address of a variable of this module (managed ones in the imported host pages).
    uint64_t address(const GlobalInfo &global) const;
    // The pipeline of `kernel` for this block size and dynamic shared size, created once, from the
    // first of its modules the device can run and whose launch conditions (blob feature bits such
    // as kDisjointPointerArguments) `launchConditions` holds. Throws hipErrorNoBinaryForGpu
    // when no SPIR-V module of the kernel runs on the device.
    VkPipeline pipeline(const KernelInfo &kernel, dim3 block, uint32_t dynamicShared, uint32_t launchConditions);

   private:
    std::string initialSegment(const Module &module) const;
    void bindConstantWindow(uint64_t offset, uint64_t bytes);
    VkShaderModule shader(size_t index);  // with mutex_ held

    Device &device_;
    const Module &module_;
    std::vector<vk::ShaderModule> shaders_;  // per SPIR-V module, created when first needed
    std::shared_ptr<Allocation> segment_;
    std::shared_ptr<Allocation> managed_;  // the module's managed host pages, imported
    vk::DescriptorPool windowPool_;        // holds constantWindow_
    VkDescriptorSet constantWindow_ = VK_NULL_HANDLE;
    std::mutex mutex_;
    // Per (kernel, the launch conditions of its modules that hold, block size, dynamic shared bytes).
    using PipelineKey = std::tuple<const KernelInfo *, uint32_t, uint32_t, uint32_t, uint32_t, uint32_t>;
    std::map<PipelineKey, vk::Pipeline> pipelines_;
    std::map<PipelineKey, std::string> compilerCrashes_; // what Device::crashesCompiling found
  };

  // Parses Clang's fat-binary wrapper around a hipvk blob; throws hipErrorInvalidImage.
  static std::unique_ptr<Module> fromWrapper(const void *wrapper);
  // Parses a blob (a code object for hipModuleLoad*) of at most `available` bytes. Throws
  // hipErrorInvalidKernelFile when the bytes are not a hipvk blob at all, hipErrorInvalidImage
  // when a blob is truncated or malformed. Clang's wrapper is accepted too. kUnknownSize: the
  // caller does not know (hipModuleLoadData), so the blob's own header says, bounded by what is
  // mapped there.
  static constexpr uint64_t kUnknownSize = UINT64_MAX;
  static std::unique_ptr<Module> fromImage(const void *image, uint64_t available);
  ~Module();

  // The handle Clang keeps and passes back to __hipRegisterFunction/__hipRegisterVar.
  void **handle() { return &self_; }
  const KernelInfo *kernel(std::string_view name) const;
  const GlobalInfo *global(std::string_view name) const;
  // The kernel as a HIP function object (hipFunction_t), null when there is no such kernel.
  Function *function(std::string_view name);
  bool owns(const Function *function) const;

  // How each width-dependent kernel can run on `device` (kernel_forms.h), appended to `out`.
  void kernelWidths(const Device &device, std::vector<KernelWidths> &out) const;

  // Where host code finds a __managed__ variable of this module (what its pointer is set to).
  std::byte *managedHostAddress(const GlobalInfo &global) const;

  Instance &instance(Device &device);
  void dropInstance(Device &device);
  // Forgets the device's objects without destroying them (a hung device: Context::shutdown).
  void abandonInstance(Device &device);

 private:
  Module(std::vector<SpirvModule> spirv, Metadata metadata, std::string globalInit);
  static std::unique_ptr<Module> fromBlob(const void *blob, uint64_t available);

  void *self_ = this;
  std::vector<SpirvModule> spirv_;
  Metadata metadata_;
  std::shared_ptr<const std::string> globalInit_;  // shared with each device's segment allocation
  std::unique_ptr<HostPages> managed_;  // storage of the __managed__ variables; null without any
  std::deque<Function> functions_;  // one per kernel, in metadata order; addresses are stable
  std::mutex mutex_;
  std::map<Device *, std::unique_ptr<Instance>> instances_;
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
  // __hipRegisterManagedVar: points the host's pointer variable at the managed storage, whose
  // address is then the symbol (what `&x` and HIP_SYMBOL(x) give host code).
  void registerManagedVar(void **handle, void **hostPointer, const char *deviceName);

  std::optional<Kernel> kernel(const void *hostStub) const;
  std::optional<Symbol> symbol(const void *hostVar) const;
  // hipDeviceReset: every module forgets its objects on `device`.
  void dropInstances(Device &device);
  void abandonInstances(Device &device);

  // hipModuleLoad*/hipModuleUnload: modules the program loads itself. Throws like
  // Module::fromImage; unload throws hipErrorInvalidHandle for anything load did not return.
  Module *load(const void *image, uint64_t available);
  void unload(const Module *module);
  // The loaded module behind a hipModule_t; throws hipErrorInvalidValue (null) or
  // hipErrorInvalidHandle (unknown or unloaded).
  Module &loaded(const void *handle) const;
  // A hipFunction_t of any live module, or a registered host stub; null when neither.
  Function *function(const void *handle) const;
  // The warp width the program's kernels see on `device`, what hipDeviceProp_t::warpSize
  // reports (kernel_forms.h): decided from the modules registered when first asked, then kept.
  uint32_t warpSize(const Device &device);

 private:
  Module *moduleLocked(void **handle) const;

  mutable std::shared_mutex mutex_;
  std::map<void **, std::unique_ptr<Module>> modules_;
  std::map<const Module *, bool> loaded_;  // modules from hipModuleLoad* (not Clang's registrations)
  std::unordered_map<const void *, Kernel> kernels_;
  std::unordered_map<const void *, Symbol> symbols_;
  std::mutex warpSizesMutex_;  // taken before mutex_
  std::map<const Device *, uint32_t> warpSizes_;
};

}  // namespace hipvk
