#include "execution/module.h"

#include <hipvk/kernel_abi.h>
#include <hipvk/offload_blob.h>
#include <hipvk/spirv_size.h>
#include <spirv/unified1/spirv.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <chrono>
#include <cstdio>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <memory>

#include <cxxabi.h>

#include <sys/mman.h>
#include <sys/uio.h>
#include <unistd.h>

#include "device/context.h"
#include "device/device.h"
#include "api/error.h"
#include "memory/memory.h"
#include "execution/kernel_forms.h"
#include "execution/stream.h"

namespace hipvk {
namespace {

// Whether every byte of [p, p + n) can be read. One byte of each page is read through
// process_vm_readv, which reports a page that is not mapped, or mapped without read access (a
// PROT_NONE guard page, which mincore counts as mapped), instead of faulting. Where that call is
// refused (a seccomp filter), mincore's "mapped" has to do.
bool isReadable(const void *p, uint64_t n) {
  const uintptr_t page = uintptr_t(sysconf(_SC_PAGESIZE)), start = uintptr_t(p) & ~(page - 1);
  if (n == 0) return true;
  if (n > UINTPTR_MAX - uintptr_t(p)) return false;
  const uintptr_t end = uintptr_t(p) + n;
  const uintptr_t pages = (end - start + page - 1) / page;
  constexpr uintptr_t kBatch = 512;  // below IOV_MAX
  std::array<char, kBatch> sink;
  std::array<iovec, kBatch> remote;
  for (uintptr_t first = 0; first < pages; first += kBatch) {
    const uintptr_t count = std::min(kBatch, pages - first);
    for (uintptr_t i = 0; i < count; ++i) remote[i] = {reinterpret_cast<void *>(start + (first + i) * page), 1};
    iovec local{sink.data(), count};
    const ssize_t read = process_vm_readv(getpid(), &local, 1, remote.data(), count, 0);
    if (read < 0 && (errno == EPERM || errno == ENOSYS)) {
      std::vector<unsigned char> residency(pages);
      return mincore(reinterpret_cast<void *>(start), end - start, residency.data()) == 0;
    }
    if (read != ssize_t(count)) return false;
  }
  return true;
}

// The bytes of a blob given without its size (registered by Clang's wrapper, or to
// hipModuleLoadData): what its header announces where all of that is readable, else what is
// readable of the header (the parser then reports the blob truncated instead of reading past it).
uint64_t readableBlobBytes(const void *data) {
  constexpr uint64_t kLargest = uint64_t(1) << 32; // larger is a corrupted header, not a program
  if (!isReadable(data, sizeof(blob::Header))) return isReadable(data, 1) ? 1 : 0;
  blob::Header header;
  std::memcpy(&header, data, sizeof(header));
  if (header.total_size <= kLargest && isReadable(data, header.total_size)) return header.total_size;
  return sizeof(blob::Header);
}

[[noreturn]] void invalidImage(const std::string &why) { fail(hipErrorInvalidImage, "offload blob: " + why); }

std::vector<std::string_view> split(std::string_view line) {
  std::vector<std::string_view> fields;
  while (!line.empty()) {
    size_t start = line.find_first_not_of(" \t\r");
    if (start == std::string_view::npos) break;
    line.remove_prefix(start);
    size_t end = line.find_first_of(" \t\r");
    fields.push_back(line.substr(0, end));
    if (end == std::string_view::npos) break;
    line.remove_prefix(end);
  }
  return fields;
}

// What the runtime reads from a SPIR-V module itself: the entry points (a kernel the blob names but
// the SPIR-V lacks would reach the driver as a bad pName; it is refused at load instead) and the
// capabilities a device needs.
struct SpirvInterface {
  std::vector<std::string> entryPoints;
  std::vector<std::string> capabilities;  // decimal enumerants
};

SpirvInterface scanSpirv(const std::vector<uint32_t> &words) {
  constexpr uint32_t kMagic = 0x07230203, kHeaderWords = 5;
  if (words.size() < kHeaderWords || words[0] != kMagic) invalidImage("a kernel module is not SPIR-V");
  SpirvInterface found;
  for (size_t i = kHeaderWords; i < words.size();) {
    uint32_t count = words[i] >> 16, opcode = words[i] & 0xFFFF;
    if (count == 0 || i + count > words.size()) invalidImage("truncated SPIR-V");
    if (opcode == SpvOpCapability && count == 2) found.capabilities.push_back(std::to_string(words[i + 1]));
    if (opcode == SpvOpEntryPoint && count > 3) {
      const char *name = reinterpret_cast<const char *>(&words[i + 3]);
      found.entryPoints.emplace_back(name, strnlen(name, (count - 3) * sizeof(uint32_t)));
    }
    i += count;
  }
  return found;
}

// The module without the float-control modes (and their capabilities) `device` cannot honour.
std::vector<uint32_t> adaptFloatControls(const std::vector<uint32_t> &words, const Device &device) {
  constexpr uint32_t kHeaderWords = 5;
  const bool preserve = device.preservesFloat32Denormals(), flush = device.flushesFloat32Denormals();
  auto unsupportedCapability = [&](uint32_t c) {
    return (c == SpvCapabilityDenormPreserve && !preserve) || (c == SpvCapabilityDenormFlushToZero && !flush);
  };
  auto unsupportedMode = [&](uint32_t m) {
    return (m == SpvExecutionModeDenormPreserve && !preserve) || (m == SpvExecutionModeDenormFlushToZero && !flush);
  };
  std::vector<uint32_t> out(words.begin(), words.begin() + std::min<size_t>(kHeaderWords, words.size()));
  for (size_t i = kHeaderWords; i < words.size();) {
    const uint32_t count = std::max(words[i] >> 16, 1u), opcode = words[i] & 0xFFFF;
    const bool drop = (opcode == SpvOpCapability && count == 2 && unsupportedCapability(words[i + 1])) ||
                      (opcode == SpvOpExecutionMode && count >= 3 && unsupportedMode(words[i + 2]));
    if (!drop) out.insert(out.end(), words.begin() + i, words.begin() + std::min(i + count, words.size()));
    i += count;
  }
  return out;
}

[[noreturn]] void missingClock(const Device &device, const char *feature) {
  noBinaryFor(device, "device code that reads the shader clock", std::string(feature) + " (VK_KHR_shader_clock)");
}

template <typename T>
T number(std::string_view text) {
  T value{};
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size())
    invalidImage("metadata: '" + std::string(text) + "' is not a number");
  return value;
}

}  // namespace

// A kernel's source-level name where it is a mangled C++ name.
std::string demangled(const std::string &name) {
  int status = 0;
  std::unique_ptr<char, decltype(&std::free)> text(::abi::__cxa_demangle(name.c_str(), nullptr, nullptr, &status), &std::free);
  return status == 0 && text ? std::string(text.get()) : name;
}

[[noreturn]] void noBinaryFor(const Device &device, const std::string &code, const std::string &needs) {
  const std::string why = code + " needs " + needs + ", which device " + std::to_string(device.ordinal()) + " (" +
                          device.hipProperties().name + ") lacks";
  std::fprintf(stderr, "hipvk: %s\n", why.c_str());
  fail(hipErrorNoBinaryForGpu, why);
}

KernelInfo *Metadata::kernel(std::string_view name) {
  auto it = std::find_if(kernels.begin(), kernels.end(), [&](const KernelInfo &k) { return k.name == name; });
  return it == kernels.end() ? nullptr : &*it;
}

Metadata Metadata::parse(std::string_view text) {
  Metadata m;
  bool sawHeader = false;
  while (!text.empty()) {
    size_t newline = text.find('\n');
    std::vector<std::string_view> f = split(text.substr(0, newline));
    text.remove_prefix(newline == std::string_view::npos ? text.size() : newline + 1);
    if (f.empty()) continue;
    auto expect = [&](size_t count) {
      if (f.size() != count) invalidImage("metadata: malformed '" + std::string(f[0]) + "' record");
    };
    if (!sawHeader) {
      if (f.size() != 2 || f[0] != "hipvk-metadata" || f[1] != "1") invalidImage("metadata: bad header");
      sawHeader = true;
    } else if (f[0] == "segment") {
      expect(2);
      m.segment = number<uint64_t>(f[1]);
    } else if (f[0] == "global") {
      if (f.size() < 5) expect(5);
      GlobalInfo g{std::string(f[1]), number<uint64_t>(f[2]), number<uint64_t>(f[3])};
      if (f[4] == "managed") {
        expect(6);
        g.kind = GlobalKind::Managed;
        g.slot = number<uint64_t>(f[5]);
      } else {
        expect(5);
        if (f[4] != "device" && f[4] != "constant") invalidImage("metadata: unknown kind of global " + g.name);
        g.kind = f[4] == "constant" ? GlobalKind::Constant : GlobalKind::Device;
      }
      m.globals.push_back(std::move(g));
    } else if (f[0] == "reloc") {
      expect(2);
      m.relocations.push_back(number<uint64_t>(f[1]));
    } else if (f[0] == "constant_window") {
      expect(3);
      m.constantWindow = {number<uint64_t>(f[1]), number<uint64_t>(f[2])};
      if (m.constantWindow.offset % abi::kConstantWindowAlignment || m.constantWindow.bytes > abi::kMaxConstantWindowBytes ||
          m.constantWindow.bytes % abi::kConstantWindowVectorBytes)
        invalidImage("metadata: malformed constant window");
    } else if (f[0] == "clock") {
      for (size_t i = 1; i < f.size(); ++i) {
        if (f[i] != "subgroup" && f[i] != "device") invalidImage("metadata: unknown clock scope");
        (f[i] == "subgroup" ? m.subgroupClock : m.deviceClock) = true;
      }
    } else if (f[0] == "kernel") {
      expect(6);
      KernelInfo k{std::string(f[1]), number<uint32_t>(f[2]) != 0, number<uint32_t>(f[3]), number<uint32_t>(f[4]),
                   number<uint32_t>(f[5]), {}};
      if (k.pushArgs && k.argsSize > abi::kMaxPushArgumentBytes) invalidImage("metadata: push_args kernel with large arguments");
      m.kernels.push_back(std::move(k));
    } else if (f[0] == "arg") {
      if (f.size() != 4 || f[3] != "pointer") expect(3);
      if (m.kernels.empty()) invalidImage("metadata: 'arg' before any 'kernel'");
      ArgInfo a{number<uint32_t>(f[1]), number<uint32_t>(f[2]), f.size() == 4};
      if (a.pointer && a.size != sizeof(uint64_t)) invalidImage("metadata: a pointer argument is not 8 bytes");
      if (uint64_t(a.offset) + a.size > m.kernels.back().argsSize) invalidImage("metadata: argument out of bounds");
      m.kernels.back().args.push_back(a);
    } else if (f[0] == "logical_shared") {
      expect(3);
      KernelInfo *kernel = m.kernel(f[1]);
      if (!kernel) invalidImage("metadata: 'logical_shared' of an unknown kernel");
      kernel->logicalShared = number<uint32_t>(f[2]);
    } else if (f[0] == "launch_bounds") {
      expect(3);
      KernelInfo *kernel = m.kernel(f[1]);
      if (!kernel) invalidImage("metadata: 'launch_bounds' of an unknown kernel");
      kernel->maxThreads = number<uint32_t>(f[2]);
      if (kernel->maxThreads == 0) invalidImage("metadata: 'launch_bounds' of 0 threads");
    }
    // Other record kinds are for later ABI revisions of the same version: skipped.
  }
  if (!sawHeader) invalidImage("metadata: empty");
  // Every 8-byte slot the runtime patches must lie inside the segment.
  auto inSegment = [&](uint64_t offset, uint64_t size) { return offset <= m.segment && size <= m.segment - offset; };
  for (const GlobalInfo &g : m.globals)
    if (!inSegment(g.offset, g.size) || (g.kind == GlobalKind::Managed && !inSegment(g.slot, 8)))
      invalidImage("metadata: global " + g.name + " out of bounds");
  for (uint64_t r : m.relocations)
    if (!inSegment(r, 8)) invalidImage("metadata: relocation out of bounds");
  if (!inSegment(m.constantWindow.offset, m.constantWindow.bytes)) invalidImage("metadata: constant window out of bounds");
  return m;
}

std::unique_ptr<Module> Module::fromWrapper(const void *wrapper) {
  if (!wrapper) invalidImage("null fat binary wrapper");
  blob::ClangFatbinWrapper w;
  std::memcpy(&w, wrapper, sizeof(w));
  if (w.magic != blob::kClangWrapperMagic || w.version != blob::kClangWrapperVersion)
    invalidImage("not a HIP fat binary wrapper");
  return fromBlob(w.binary, readableBlobBytes(w.binary));
}

std::unique_ptr<Module> Module::fromImage(const void *image, uint64_t available) {
  if (!image) fail(hipErrorInvalidValue, "null code object");
  if (available == kUnknownSize) // a blob, or Clang's wrapper around one
    available = std::max<uint64_t>(readableBlobBytes(image), isReadable(image, sizeof(blob::ClangFatbinWrapper)) ? sizeof(blob::ClangFatbinWrapper) : 0);
  if (available >= sizeof(blob::ClangFatbinWrapper)) {
    uint32_t magic;
    std::memcpy(&magic, image, sizeof(magic));
    if (magic == blob::kClangWrapperMagic) return fromWrapper(image);
  }
  // ROCm answers bytes that are no code object at all (and empty files) with InvalidKernelFile.
  if (available < sizeof(blob::kMagic) || std::memcmp(image, blob::kMagic, sizeof(blob::kMagic)) != 0)
    fail(hipErrorInvalidKernelFile, "not a hipvk code object (offload blob)");
  return fromBlob(image, available);
}

std::unique_ptr<Module> Module::fromBlob(const void *data, uint64_t available) {
  std::string error;
  std::optional<blob::Contents> contents = blob::read(data, available, error);
  if (!contents) invalidImage(error);
  Metadata parsed = Metadata::parse(contents->metadata);
  std::vector<SpirvModule> modules;
  for (const blob::KernelModule &m : contents->modules) {
    SpirvModule &module = modules.emplace_back();
    module.requiredFeatures = m.requiredFeatures;
    module.minSubgroupSize = m.minSubgroupSize;
    if ((m.requiredFeatures & blob::kConstantWindow) && parsed.constantWindow.bytes == 0)
      invalidImage("a kernel module reads a constant window the metadata lacks");
    module.words.resize(m.spirv.size() / 4);
    std::memcpy(module.words.data(), m.spirv.data(), m.spirv.size());
    SpirvInterface interface = scanSpirv(module.words);
    module.capabilities = std::move(interface.capabilities);
    module.inlinedWords = spirv::inlinedWords(module.words);
    for (std::string_view name : m.kernels) {
      if (std::find(interface.entryPoints.begin(), interface.entryPoints.end(), abi::spirvEntryPoint(name)) == interface.entryPoints.end())
        invalidImage("kernel " + std::string(name) + " is not an entry point of its SPIR-V module");
      KernelInfo *kernel = parsed.kernel(name);
      if (!kernel) invalidImage("kernel module holds " + std::string(name) + ", which the metadata lacks");
      kernel->spirvModules.push_back(modules.size() - 1);
      kernel->launchConditions |= module.requiredFeatures & blob::kDisjointPointerArguments;
      kernel->readsConstantWindow |= (module.requiredFeatures & blob::kConstantWindow) != 0;
    }
  }
  // A translation unit without kernels (only __device__ functions or variables) has no SPIR-V.
  for (const KernelInfo &k : parsed.kernels)
    if (k.spirvModules.empty()) invalidImage("kernel " + k.name + " has no SPIR-V module");
  std::string init(contents->globalInit);
  if (init.size() > parsed.segment) invalidImage("global initializers larger than the segment");
  return std::unique_ptr<Module>(new Module(std::move(modules), std::move(parsed), std::move(init)));
}

Module::Module(std::vector<SpirvModule> spirv, Metadata metadata, std::string globalInit)
    : spirv_(std::move(spirv)), metadata_(std::move(metadata)), globalInit_(std::make_shared<const std::string>(std::move(globalInit))) {
  for (const KernelInfo &k : metadata_.kernels) functions_.emplace_back(*this, k);
  // Managed storage is laid out like the segment's first bytes (docs/ABI.md) and starts with the
  // initial bytes there; it exists from registration on, before any device.
  uint64_t managedBytes = 0;
  for (const GlobalInfo &g : metadata_.globals)
    if (g.kind == GlobalKind::Managed) managedBytes = std::max(managedBytes, g.offset + g.size);
  if (managedBytes > 0) {
    managed_ = std::make_unique<HostPages>(managedBytes);
    std::memcpy(managed_->data(), globalInit_->data(), std::min<size_t>(managedBytes, globalInit_->size()));
  }
}

Module::~Module() = default;

std::byte *Module::managedHostAddress(const GlobalInfo &global) const { return managed_->data() + global.offset; }

Function *Module::function(std::string_view name) {
  for (Function &f : functions_)
    if (f.info->name == name) return &f;
  return nullptr;
}

bool Module::owns(const Function *function) const {
  for (const Function &f : functions_)
    if (&f == function) return true;
  return false;
}

const KernelInfo *Module::kernel(std::string_view name) const {
  for (const KernelInfo &k : metadata_.kernels)
    if (k.name == name) return &k;
  return nullptr;
}

const GlobalInfo *Module::global(std::string_view name) const {
  for (const GlobalInfo &g : metadata_.globals)
    if (g.name == name) return &g;
  return nullptr;
}

Module::Instance &Module::instance(Device &device) {
  std::lock_guard lock(mutex_);
  std::unique_ptr<Instance> &slot = instances_[&device];
  if (!slot) {
    const auto start = std::chrono::steady_clock::now();
    try {
      slot = std::make_unique<Instance>(device, *this);
    } catch (...) {
      instances_.erase(&device);
      throw;
    }
    log("module set up on device %d (global segment, managed pages): %.3f ms", device.ordinal(),
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
  }
  return *slot;
}

void Module::dropInstance(Device &device) {
  std::unique_ptr<Instance> dropped;
  {
    std::lock_guard lock(mutex_);
    auto it = instances_.find(&device);
    if (it == instances_.end()) return;
    dropped = std::move(it->second);
    instances_.erase(it);
  }
  // `dropped` is destroyed here, unlocked: it waits for the device.
}

void Module::abandonInstance(Device &device) {
  std::lock_guard lock(mutex_);
  auto it = instances_.find(&device);
  if (it == instances_.end()) return;
  (void)it->second.release();  // left to the process end, like the device
  instances_.erase(it);
}

Module::Instance::Instance(Device &device, const Module &module)
    : device_(device), module_(module), shaders_(module.spirv_.size()) {
  if (module.metadata_.subgroupClock && !device.hasSubgroupClock()) missingClock(device, "shaderSubgroupClock");
  if (module.metadata_.deviceClock && !device.hasDeviceClock()) missingClock(device, "shaderDeviceClock");
  if (module.metadata_.segment > 0) {
    // Runtime-owned (hipFree refuses them), but in the table so that hipMemcpy and
    // hipPointerGetAttributes accept symbol addresses.
    try {
      segment_ = allocate(device, module.metadata_.segment, MemoryKind::Runtime);
      segment_->initialBytes = module.globalInit_;
      if (module.managed_) managed_ = importHostPages(device, *module.managed_);
      std::string image = initialSegment(module);
      image.resize((image.size() + 3) & ~size_t(3), '\0');  // whole words: the copy can travel in the command buffer
      device.nullStream().copyHostToDevice(Resolved{segment_, 0}, image.data(), image.size(), false);
      if (module.metadata_.constantWindow.bytes) bindConstantWindow(module.metadata_.constantWindow.offset, module.metadata_.constantWindow.bytes);
    } catch (...) {
      // No destructor runs for a failed constructor.
      if (segment_) device.allocations().remove(segment_->address());
      if (managed_) device.allocations().remove(managed_->address());
      throw;
    }
  }
}

// The constant window's descriptor set: the window's bytes of the segment as a uniform buffer.
void Module::Instance::bindConstantWindow(uint64_t offset, uint64_t bytes) {
  VkDevice vkDevice = device_.vk();
  VkDescriptorPoolSize size{VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, 1};
  VkDescriptorPoolCreateInfo poolInfo{.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO, .maxSets = 1, .poolSizeCount = 1, .pPoolSizes = &size};
  VkDescriptorPool pool = VK_NULL_HANDLE;
  check(vkCreateDescriptorPool(vkDevice, &poolInfo, nullptr, &pool), "vkCreateDescriptorPool");
  windowPool_ = vk::DescriptorPool(vkDevice, pool);
  VkDescriptorSetLayout layout = device_.constantWindowLayout();
  VkDescriptorSetAllocateInfo setInfo{.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
                                      .descriptorPool = pool,
                                      .descriptorSetCount = 1,
                                      .pSetLayouts = &layout};
  check(vkAllocateDescriptorSets(vkDevice, &setInfo, &constantWindow_), "vkAllocateDescriptorSets");
  VkDescriptorBufferInfo window{segment_->buffer.buffer.get(), offset, bytes};
  VkWriteDescriptorSet write{.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                             .dstSet = constantWindow_,
                             .dstBinding = abi::kConstantWindowBinding,
                             .descriptorCount = 1,
                             .descriptorType = VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER,
                             .pBufferInfo = &window};
  vkUpdateDescriptorSets(vkDevice, 1, &write, 0, nullptr);
}

// The segment's bytes on this device: the initializers (zero beyond them), each relocated
// segment offset turned into an address, each managed variable's pointer set to its storage.
std::string Module::Instance::initialSegment(const Module &module) const {
  std::string image = *module.globalInit_;
  image.resize(module.metadata_.segment, '\0');
  auto patch = [&](uint64_t at, auto &&change) {
    uint64_t value;
    std::memcpy(&value, image.data() + at, sizeof(value));
    value = change(value);
    std::memcpy(image.data() + at, &value, sizeof(value));
  };
  for (uint64_t at : module.metadata_.relocations) patch(at, [&](uint64_t offset) { return segment_->address() + offset; });
  for (const GlobalInfo &g : module.metadata_.globals)
    if (g.kind == GlobalKind::Managed) patch(g.slot, [&](uint64_t) { return address(g); });
  return image;
}

Module::Instance::~Instance() {
  // Queued dispatches may still use the pipelines and the segment.
  try {
    device_.synchronize();
  } catch (const Error &e) {
    log("releasing device code: %s", e.what());
  }
  if (segment_) device_.allocations().remove(segment_->address());
  if (managed_) device_.allocations().remove(managed_->address());
}

uint64_t Module::Instance::segmentAddress() const { return segment_ ? segment_->address() : 0; }

uint64_t Module::Instance::address(const GlobalInfo &global) const {
  return (global.kind == GlobalKind::Managed ? managed_->address() : segmentAddress()) + global.offset;
}

VkShaderModule Module::Instance::shader(size_t index) {
  vk::ShaderModule &shader = shaders_[index];
  if (!shader) {
    const std::vector<uint32_t> code = adaptFloatControls(module_.spirv_[index].words, device_);
    VkShaderModuleCreateInfo info{.sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
                                  .codeSize = code.size() * sizeof(uint32_t),
                                  .pCode = code.data()};
    VkShaderModule created = VK_NULL_HANDLE;
    check(vkCreateShaderModule(device_.vk(), &info, nullptr, &created), "vkCreateShaderModule");
    shader = vk::ShaderModule(device_.vk(), created);
  }
  return shader.get();
}

VkPipeline Module::Instance::pipeline(const KernelInfo &kernel, dim3 block, uint32_t dynamicShared, uint32_t launchConditions) {
  std::lock_guard lock(mutex_);
  // Conditions none of the kernel's modules has change nothing: one pipeline serves them.
  auto key = std::make_tuple(&kernel, launchConditions & kernel.launchConditions, block.x, block.y, block.z, dynamicShared);
  auto it = pipelines_.find(key);
  if (auto refused = compilerCrashes_.find(key); refused != compilerCrashes_.end())
    noBinaryFor(device_, "kernel '" + demangled(kernel.name) + "'", refused->second);
  if (it == pipelines_.end()) {
    const uint32_t width = Context::instance().registry().warpSize(device_);
    const size_t index = KernelForms(device_, module_.spirv_)
                             .choose(kernel, launchConditions, block.x * block.y * block.z, dynamicShared, width);
    const uint32_t features = module_.spirv_[index].requiredFeatures, wave = blob::requiredWaveSize(features);
    log("creating pipeline %s (module %zu%s%s) block (%u,%u,%u) dynamic shared %u", kernel.name.c_str(), index,
        features & blob::kDisjointPointerArguments ? ", disjoint pointer arguments" : "",
        wave == 32 ? ", wave32" : wave == 64 ? ", wave64" : (features & blob::kLogicalWarp) ? ", logical warps" : "", block.x, block.y,
        block.z, dynamicShared);
    // Timed under HIPVK_LOG=1: the first launch of a kernel pays for both parts.
    using Clock = std::chrono::steady_clock;
    const Clock::time_point start = Clock::now();
    VkShaderModule shaderModule = shader(index);
    const Clock::time_point shaderReady = Clock::now();
    const std::array<uint32_t, 4> specialization{block.x, block.y, block.z, dynamicShared};
    const std::string entryPoint = abi::spirvEntryPoint(kernel.name);
    if (std::string why = device_.crashesCompiling(module_.spirv_[index].inlinedWords, shaderModule, entryPoint.c_str(), specialization, wave);
        !why.empty()) {
      compilerCrashes_.emplace(key, why);
      noBinaryFor(device_, "kernel '" + demangled(kernel.name) + "'", why);
    }
    it = pipelines_
             .emplace(key, device_.createPipeline(shaderModule, entryPoint.c_str(), specialization, wave))
             .first;
    auto ms = [](Clock::duration d) { return std::chrono::duration<double, std::milli>(d).count(); };
    log("pipeline ready in %.3f ms (shader module %.3f ms)", ms(Clock::now() - start), ms(shaderReady - start));
  }
  return it->second.get();
}

void **Registry::registerBinary(const void *wrapper) {
  std::unique_ptr<Module> module = Module::fromWrapper(wrapper);
  void **handle = module->handle();
  std::unique_lock lock(mutex_);
  modules_.emplace(handle, std::move(module));
  return handle;
}

void Registry::unregisterBinary(void **handle) {
  std::unique_ptr<Module> module;
  {
    std::unique_lock lock(mutex_);
    auto it = modules_.find(handle);
    if (it == modules_.end()) return;
    module = std::move(it->second);
    modules_.erase(it);
    std::erase_if(kernels_, [&](const auto &entry) { return entry.second->module == module.get(); });
    std::erase_if(symbols_, [&](const auto &entry) { return entry.second.module == module.get(); });
  }
  // Destroyed outside the lock: its instances wait for their devices.
}

Module *Registry::moduleLocked(void **handle) const {
  auto it = modules_.find(handle);
  return it == modules_.end() ? nullptr : it->second.get();
}

void Registry::registerFunction(void **handle, const void *hostStub, const char *deviceName) {
  std::unique_lock lock(mutex_);
  Module *module = moduleLocked(handle);
  Function *function = module && deviceName ? module->function(deviceName) : nullptr;
  if (!function) {
    log("registered kernel %s is not in its module's metadata", deviceName ? deviceName : "(null)");
    return;
  }
  kernels_[hostStub] = function;
}

void Registry::registerVar(void **handle, const void *hostVar, const char *deviceName) {
  std::unique_lock lock(mutex_);
  Module *module = moduleLocked(handle);
  const GlobalInfo *info = module && deviceName ? module->global(deviceName) : nullptr;
  if (!info) {
    log("registered variable %s is not in its module's metadata", deviceName ? deviceName : "(null)");
    return;
  }
  symbols_[hostVar] = Symbol{module, info};
}

void Registry::registerManagedVar(void **handle, void **hostPointer, const char *deviceName) {
  std::unique_lock lock(mutex_);
  Module *module = moduleLocked(handle);
  const GlobalInfo *info = module && deviceName ? module->global(deviceName) : nullptr;
  if (!info || info->kind != GlobalKind::Managed || !hostPointer) {
    log("registered managed variable %s is not in its module's metadata", deviceName ? deviceName : "(null)");
    return;
  }
  *hostPointer = module->managedHostAddress(*info);
  symbols_[*hostPointer] = Symbol{module, info};
}

std::optional<Kernel> Registry::kernel(const void *hostStub) const {
  std::shared_lock lock(mutex_);
  auto it = kernels_.find(hostStub);
  if (it == kernels_.end()) return std::nullopt;
  return it->second;
}

std::optional<Symbol> Registry::symbol(const void *hostVar) const {
  std::shared_lock lock(mutex_);
  auto it = symbols_.find(hostVar);
  if (it == symbols_.end()) return std::nullopt;
  return it->second;
}

Module *Registry::load(const void *image, uint64_t available) {
  std::unique_ptr<Module> module = Module::fromImage(image, available);
  Module *raw = module.get();
  std::unique_lock lock(mutex_);
  modules_.emplace(module->handle(), std::move(module));
  loaded_[raw] = true;
  return raw;
}

void Registry::unload(const Module *module) {
  if (!module) fail(hipErrorInvalidValue, "null module");
  std::unique_ptr<Module> dropped;
  {
    std::unique_lock lock(mutex_);
    if (!loaded_.erase(module)) fail(hipErrorInvalidHandle, "not a loaded module");
    auto it = modules_.find(const_cast<Module *>(module)->handle());
    dropped = std::move(it->second);
    modules_.erase(it);
  }
  // Destroyed outside the lock: its instances wait for their devices.
}

Module &Registry::loaded(const void *handle) const {
  if (!handle) fail(hipErrorInvalidValue, "null module");
  std::shared_lock lock(mutex_);
  auto it = loaded_.find(static_cast<const Module *>(handle));
  if (it == loaded_.end()) fail(hipErrorInvalidHandle, "not a loaded module");
  return *const_cast<Module *>(it->first);
}

Function *Registry::function(const void *handle) const {
  if (!handle) return nullptr;
  std::shared_lock lock(mutex_);
  if (auto it = kernels_.find(handle); it != kernels_.end()) return it->second;
  for (const auto &entry : modules_)
    if (entry.second->owns(static_cast<const Function *>(handle)))
      return const_cast<Function *>(static_cast<const Function *>(handle));
  return nullptr;
}

void Module::kernelWidths(const Device &device, std::vector<KernelWidths> &out) const {
  const KernelForms forms(device, spirv_);
  for (const KernelInfo &kernel : metadata_.kernels)
    if (forms.widthDependent(kernel)) out.push_back(forms.widths(kernel));
}

uint32_t Registry::warpSize(const Device &device) {
  std::lock_guard widthLock(warpSizesMutex_);
  auto [it, added] = warpSizes_.try_emplace(&device, 0);
  if (added) {
    std::vector<KernelWidths> kernels;
    {
      std::shared_lock lock(mutex_);
      for (const auto &entry : modules_) entry.second->kernelWidths(device, kernels);
    }
    it->second = programWarpSize(device.subgroupSize(), kernels);
    if (it->second != device.subgroupSize())
      log("device %d: warpSize %u (the program's kernels need that width; its subgroups have %u lanes)", device.ordinal(),
          it->second, device.subgroupSize());
  }
  return it->second;
}

void Registry::dropInstances(Device &device) {
  std::shared_lock lock(mutex_);
  for (auto &entry : modules_) entry.second->dropInstance(device);
}

void Registry::abandonInstances(Device &device) {
  std::shared_lock lock(mutex_);
  for (auto &entry : modules_) entry.second->abandonInstance(device);
}

}  // namespace hipvk
