// Builds the device pipeline from PassRegistry.def and runs the whole compilation.
#include "AnalysisManagers.h"
#include "Compiler.h"
#include "DeviceBuiltins.h"
#include "DeviceLibrary.h"
#include "Passes.h"
#include "SpirvEmitter.h"
#include "TimeReport.h"

#include <llvm/Demangle/Demangle.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/Verifier.h>
#include <llvm/MC/TargetRegistry.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/TargetSelect.h>
#include <llvm/Support/raw_ostream.h>
#include <llvm/Target/TargetMachine.h>
#include <llvm/Transforms/IPO/AlwaysInliner.h>
#include <llvm/Transforms/IPO/GlobalDCE.h>
#include <llvm/Transforms/Scalar/StructurizeCFG.h>
#include <llvm/Transforms/Utils/Cloning.h>
#include <llvm/Transforms/Utils/FixIrreducible.h>
#include <llvm/Transforms/Utils/LoopSimplify.h>
#include <llvm/Transforms/Utils/LowerSwitch.h>
#include <llvm/Transforms/Utils/UnifyLoopExits.h>

#include <spirv/unified1/spirv.hpp>

#include <hipvk/offload_blob.h>

#include <algorithm>
#include <atomic>
#include <map>
#include <mutex>
#include <numeric>
#include <optional>
#include <set>
#include <thread>

using namespace llvm;

namespace hipvk {

namespace {

std::unique_ptr<TargetMachine> createAmdgpuTargetMachine(Module &m) {
  static std::once_flag once;
  std::call_once(once, [] {
    LLVMInitializeAMDGPUTargetInfo();
    LLVMInitializeAMDGPUTarget();
    LLVMInitializeAMDGPUTargetMC();
  });
  std::string error;
  const Target *target = TargetRegistry::lookupTarget(m.getTargetTriple(), error);
  if (!target) return nullptr;
  return std::unique_ptr<TargetMachine>(target->createTargetMachine(m.getTargetTriple(), "gfx900", "", TargetOptions(), Reloc::PIC_));
}

// Adds the registry passes whose names are in `only` (all when empty), in registry order.
void addRegistryPasses(ModulePassManager &mpm, CompileContext &ctx, const SmallVector<StringRef, 16> &only) {
  auto wanted = [&](StringRef name) { return only.empty() || is_contained(only, name); };
#define HIPVK_MODULE_PASS(NAME, CREATE) \
  if (wanted(NAME)) mpm.addPass(CREATE);
#define HIPVK_FUNCTION_PASS(NAME, CREATE) \
  if (wanted(NAME)) mpm.addPass(createModuleToFunctionPassAdaptor(CREATE));
#include "PassRegistry.def"
}

bool knownPass(StringRef name) {
#define HIPVK_MODULE_PASS(NAME, CREATE) \
  if (name == NAME) return true;
#define HIPVK_FUNCTION_PASS(NAME, CREATE) \
  if (name == NAME) return true;
#include "PassRegistry.def"
  return false;
}

// Software doubles inline dozens of operations per double operation: a kernel of double math can
// grow past what the structurizer handles in reasonable time (superlinear in blocks). The portable
// variant of a translation unit with such a kernel is given up after optimisation (its kernels then
// tell a device without doubles that they need Float64).
constexpr size_t kPortableInstructionBudget = 250000;

const Function *oversizedKernel(const Module &m) {
  for (const Function &f : m)
    if (!f.isDeclaration() && isKernel(f) && f.getInstructionCount() > kPortableInstructionBudget) return &f;
  return nullptr;
}

// An internal error: the pipeline left invalid IR. Reported per function at its source line (the
// verifier's text names instructions, not where in the program they came from); only what no
// function explains is reported without a location.
void reportInvalidIR(const Module &m, Diagnostics &diagnostics) {
  bool located = false;
  for (const Function &f : m) {
    std::string errors;
    raw_string_ostream os(errors);
    if (f.isDeclaration() || !verifyFunction(f, &os)) continue;
    diagnostics.error(&f, "internal error: invalid IR after the hipvk pipeline in '" + demangle(f.getName().str()) + "': " + errors);
    located = true;
  }
  std::string errors;
  raw_string_ostream os(errors);
  if (!located && verifyModule(m, &os)) diagnostics.error("internal error: invalid IR after the hipvk pipeline: " + errors);
}

// Runs the registry's passes (those named in `pipeline`, or all); with `linkLibrary`, links the
// device library (printf, assert) first, as every full compilation does.
std::vector<std::string> runRegistry(Module &m, CompileContext &ctx, StringRef pipeline, bool linkLibrary) {
  // Passes assume valid IR (InstCombine loops forever on instructions that do not dominate their
  // uses): a module that is not is refused before any of them runs.
  std::string inputErrors;
  raw_string_ostream inputErrorStream(inputErrors);
  if (verifyModule(m, &inputErrorStream)) return {"hipvk: error: the input is not valid LLVM IR: " + inputErrors};
  std::unique_ptr<TargetMachine> tm = createAmdgpuTargetMachine(m);
  if (!tm) return {"hipvk: error: device code must be compiled for amdgcn-amd-amdhsa (got '" + m.getTargetTriple() + "')"};
  if (linkLibrary) {
    TimedStage timed("link the device library");
    if (std::string error = linkDeviceLibrary(m, ctx.native.float64); !error.empty()) return {error};
  }
  ctx.targetMachine = tm.get();
  SmallVector<StringRef, 16> only;
  if (!pipeline.empty()) {
    pipeline.split(only, ',');
    for (StringRef name : only)
      if (!knownPass(name)) return {"hipvk: error: unknown pass '" + name.str() + "'"};
  }
  // Run stage by stage so that errors stop the pipeline before later passes trip over them.
  SmallVector<StringRef, 16> names;
#define HIPVK_MODULE_PASS(NAME, CREATE) names.push_back(NAME);
#define HIPVK_FUNCTION_PASS(NAME, CREATE) names.push_back(NAME);
#include "PassRegistry.def"
  for (StringRef name : names) {
    if (!only.empty() && !is_contained(only, name)) continue;
    TimedStage timed("pass " + name.str());
    AnalysisManagers analyses(tm.get());
    ModulePassManager mpm;
    addRegistryPasses(mpm, ctx, {name});
    mpm.run(m, analyses.module);
    if (ctx.diagnostics.hasErrors()) break;
    if (name == "hipvk-optimize" && !ctx.native.float64)
      if (const Function *kernel = oversizedKernel(m)) {
        ctx.diagnostics.error(kernel, "the portable variant of kernel '" + kernel->getName().str() + "' is too large");
        break;
      }
  }
  ctx.targetMachine = nullptr;
  if (!ctx.diagnostics.hasErrors()) reportInvalidIR(m, ctx.diagnostics);
  return ctx.diagnostics.messages();
}

std::string kernelMetadata(const ModuleLayout &layout, const std::vector<KernelSpirv> &modules) {
  std::string md = "hipvk-metadata 1\n";
  md += "segment " + std::to_string(layout.segmentBytes) + "\n";
  for (const GlobalSymbol &s : layout.symbols)
    md += "global " + s.name + " " + std::to_string(s.offset) + " " + std::to_string(s.size) + " " + s.kind +
          (s.kind == "managed" ? " " + std::to_string(s.slot) : "") + "\n";
  for (uint32_t offset : layout.relocations) md += "reloc " + std::to_string(offset) + "\n";
  if (layout.constantWindow.bytes)
    md += "constant_window " + std::to_string(layout.constantWindow.offset) + " " + std::to_string(layout.constantWindow.bytes) + "\n";
  for (const auto &[f, k] : layout.kernels) {
    md += "kernel " + f->getName().str() + " " + (k.pushArguments ? "1 " : "0 ") + std::to_string(k.argumentBytes) + " " +
          std::to_string(k.staticSharedBytes) + " " + std::to_string(k.privateBytes) + "\n";
    for (const KernelArgument &a : k.arguments)
      md += "arg " + std::to_string(a.offset) + " " + std::to_string(a.size) + (a.pointer ? " pointer" : "") + "\n";
    if (unsigned bound = kernelMaxThreads(*f); bound < kHipMaxBlockThreads) md += "launch_bounds " + f->getName().str() + " " + std::to_string(bound) + "\n";
  }
  // The shader clock scopes any kernel reads, checked against the device's shader-clock features.
  bool subgroupClock = false, deviceClock = false;
  for (const KernelSpirv &module : modules) {
    const std::string scopes = shaderClockScopes(module.words);
    subgroupClock |= scopes.find("subgroup") != std::string::npos;
    deviceClock |= scopes.find("device") != std::string::npos;
  }
  if (subgroupClock || deviceClock) md += std::string("clock") + (subgroupClock ? " subgroup" : "") + (deviceClock ? " device" : "") + "\n";
  return md;
}

void writeFile(const std::string &path, const void *data, size_t size, sys::fs::OpenFlags flags) {
  std::error_code ec;
  raw_fd_ostream out(path, ec, flags);
  if (!ec) out.write(static_cast<const char *>(data), size);
}

// Validates and optimises kernel module `index`; returns an error text (to be located at the
// kernel), empty when fine. Files
// under --save-temps are numbered in metadata order: mangled names can outgrow a file name.
std::string finishKernelModule(KernelSpirv &module, size_t index, const CompileOptions &options) {
  TimedStage timed("validate and optimise SPIR-V");
  std::optional<TimedStage> step(std::in_place, "validate SPIR-V (emitted)");
  if (std::string error = validateSpirv(module.words); !error.empty()) {
    if (!options.saveTempsPrefix.empty()) {
      std::string text = disassembleSpirv(module.words);
      writeFile(options.saveTempsPrefix + "." + std::to_string(index) + ".invalid.spvasm", text.data(), text.size(), sys::fs::OF_Text);
    }
    return "internal error: the generated SPIR-V of kernel '" + module.kernel + "' is invalid: " + error;
  }
  if (options.optimizeSpirv) {
    step.reset();
    step.emplace("spirv-opt");
    if (std::string error = optimizeSpirv(module.words); !error.empty())
      return "internal error: spirv-opt failed on kernel '" + module.kernel + "': " + error;
    if (std::string error = validateSpirv(module.words); !error.empty())
      return "internal error: spirv-opt produced invalid SPIR-V for kernel '" + module.kernel + "': " + error;
  }
  allowInlining(module.words);
  return {};
}

// Finishes modules[i] for each i of `indices`, on as many threads as the machine has (each module
// is validated and optimised on its own); returns each one's error text, empty when fine.
std::vector<std::string> finishKernelModules(std::vector<KernelSpirv> &modules, const std::vector<size_t> &indices,
                                             const CompileOptions &options) {
  std::vector<std::string> errors(indices.size());
  std::atomic<size_t> next{0};
  auto work = [&] {
    for (size_t k; (k = next++) < indices.size();) errors[k] = finishKernelModule(modules[indices[k]], indices[k], options);
  };
  const size_t threads = std::min<size_t>(indices.size(), std::max(1u, std::thread::hardware_concurrency()));
  std::vector<std::jthread> helpers;
  for (size_t t = 1; t < threads; ++t) helpers.emplace_back(work);
  work();
  return errors;
}

// The segment as `layout` has it, on top of the `earlier` compilations' places.
std::shared_ptr<SegmentPreset> segmentPreset(const ModuleLayout &layout, const SegmentPreset *earlier) {
  auto preset = std::make_shared<SegmentPreset>(earlier ? *earlier : SegmentPreset{});
  for (const auto &[gv, offset] : layout.segmentOffsets)
    preset->slots.try_emplace(gv->getName().str(),
                              SegmentPreset::Slot{offset, uint32_t(gv->getParent()->getDataLayout().getTypeAllocSize(gv->getValueType())), gv});
  preset->bytes = std::max(preset->bytes, layout.segmentBytes);
  preset->window = layout.constantWindow;
  return preset;
}

} // namespace

std::vector<std::string> runPasses(Module &m, StringRef pipeline, bool nativeTypes) {
  CompileContext ctx;
  if (!nativeTypes) ctx.native = NativeTypes::none();
  return runRegistry(m, ctx, pipeline, false);
}

namespace {

// Whether a SPIR-V module declares a native float atomic capability (SPV_EXT_shader_atomic_float_add).
bool usesNativeFloatAtomics(const std::vector<uint32_t> &words) {
  constexpr size_t kHeaderWords = 5;
  for (size_t i = kHeaderWords; i < words.size() && (words[i] & 0xffff) == spv::OpCapability; i += words[i] >> 16)
    if (words[i + 1] == spv::CapabilityAtomicFloat32AddEXT || words[i + 1] == spv::CapabilityAtomicFloat64AddEXT) return true;
  return false;
}

bool hasFloatAtomicAdd(const Module &m) {
  for (const Function &f : m)
    for (const Instruction &inst : instructions(f))
      if (auto *rmw = dyn_cast<AtomicRMWInst>(&inst); rmw && isFloatAddOrSub(*rmw)) return true;
  return false;
}

// Writes a variant under --save-temps as <prefix>.<index>.<variant, dashed>.spv.
void saveVariant(const CompileOptions &options, size_t index, const KernelSpirv &module) {
  if (options.saveTempsPrefix.empty()) return;
  std::string tag = module.variant;
  std::replace(tag.begin(), tag.end(), ' ', '-');
  writeFile(options.saveTempsPrefix + "." + std::to_string(index) + "." + tag + ".spv", module.words.data(),
            module.words.size() * 4, sys::fs::OF_None);
}

// Compiles a copy of `input` prepared by `prepare` and returns, in metadata order, the modules of
// the kernels `wanted` accepts (given the variant's final IR of the kernel and its module), each
// finished and tagged. None if the variant fails to compile or lays memory out differently (the
// runtime then only has the fallback).
template <typename Prepare, typename Wanted>
std::vector<KernelSpirv> compileVariant(const Module &input, const CompileOptions &options, const CompileResult &fallback,
                                        const char *variant, uint32_t requiredFeatures, Prepare prepare, Wanted wanted) {
  TimedStage timed(std::string("variant: ") + variant);
  auto dropped = [&](ArrayRef<std::string> reasons) {
    if (options.verbose)
      for (const std::string &reason : reasons) llvm::errs() << "hipvk-spirv: no " << variant << " variant: " << reason << "\n";
    return std::vector<KernelSpirv>{};
  };
  std::unique_ptr<Module> copy = CloneModule(input);
  CompileContext ctx;
  ctx.segmentPreset = options.segmentPreset;
  ctx.logicalWarpSize = options.logicalWarpSize;
  ctx.logicalWarpOptional = &options.logicalWarpOptional;
  prepare(*copy, ctx);
  if (std::vector<std::string> errors = runRegistry(*copy, ctx, options.passPipelineOverride, true); !errors.empty()) return dropped(errors);
  std::vector<KernelSpirv> modules;
  {
    TimedStage emit("emit SPIR-V");
    modules = emitSpirv(*copy, ctx);
  }
  if (ctx.diagnostics.hasErrors()) return dropped(ctx.diagnostics.messages());
  if (kernelMetadata(ctx.layout, modules) != fallback.metadata) return dropped({"its kernels' arguments or global variables differ"});
  std::vector<size_t> kept;
  for (size_t i = 0; i < modules.size(); ++i)
    if (const Function *kernel = copy->getFunction(modules[i].kernel); kernel && wanted(*kernel, modules[i])) kept.push_back(i);
  for (size_t i : kept) modules[i].variant = variant;
  const std::vector<std::string> errors = finishKernelModules(modules, kept, options);
  if (any_of(errors, [](const std::string &e) { return !e.empty(); })) return dropped(errors);
  std::vector<KernelSpirv> variants;
  for (size_t i : kept) {
    modules[i].requiredFeatures |= requiredFeatures;
    saveVariant(options, i, modules[i]);
    variants.push_back(std::move(modules[i]));
  }
  return variants;
}

// The native-float-atomics variant of the kernels that add floats atomically in global memory: the
// same pipeline with those float add/sub kept as atomics. Kernels without such an atomic get no
// variant (the compare-and-swap loops touch no memory of their own, so the layouts agree).
std::vector<KernelSpirv> floatAtomicVariants(const Module &input, const CompileOptions &options, const CompileResult &fallback) {
  return compileVariant(
      input, options, fallback, "native float atomics", 0, [](Module &, CompileContext &ctx) { ctx.nativeFloatAtomics = true; },
      [](const Function &, const KernelSpirv &module) { return usesNativeFloatAtomics(module.words); });
}

// __syncthreads() barriers that keep their global-memory semantics (BarrierScopePass), per kernel
// of a compiled module (everything is inlined into the kernels by then).
std::map<std::string, unsigned> globalOrderingBarriers(const Module &m) {
  std::map<std::string, unsigned> counts;
  for (const Function &f : m) {
    if (f.isDeclaration() || !isKernel(f)) continue;
    unsigned &n = counts[f.getName().str()];
    for (const Instruction &inst : instructions(f))
      if (isSyncthreads(inst) && !inst.getMetadata(kWorkgroupOnlyBarrier)) ++n;
  }
  return counts;
}

// The pointers a kernel takes by value.
unsigned pointerParameters(const Function &kernel) {
  return unsigned(count_if(kernel.args(), [](const Argument &arg) { return arg.getType()->isPointerTy() && !arg.hasByRefAttr(); }));
}

// Whether every global pointer the kernel dereferences comes from its pointer parameters, a
// variable of the module or the runtime's own buffers: no pointer is loaded from memory (a table
// of pointers, a by-value struct holding one) or made from an integer. The runtime can then check
// the variant's condition on the launch's arguments alone.
bool pointersComeFromParameters(const Function &kernel) {
  for (const Instruction &inst : instructions(kernel)) {
    if (!inst.getType()->isPtrOrPtrVectorTy()) continue;
    if (isa<LoadInst>(inst) || isa<IntToPtrInst>(inst) || isa<ExtractValueInst>(inst) || isa<ExtractElementInst>(inst) ||
        isa<AtomicRMWInst>(inst) || isa<AtomicCmpXchgInst>(inst))
      return false;
  }
  return true;
}

// The disjoint-pointer variant (blob::kDisjointPointerArguments): the kernels compiled as if every
// pointer parameter were __restrict__. Kept for a kernel only where that lets hipvk-barrier-scope
// prove more barriers workgroup-only (a tiled SGEMM without __restrict__: C may alias A or B, so
// its barriers must order global memory unless the launch shows they point into different
// allocations), and where the kernel's pointers all come from its parameters. Kernels with a
// float-atomics variant get none (the runtime would prefer this one's compare-and-swap loops).
std::vector<KernelSpirv> disjointPointerVariants(const Module &input, const Module &compiled, const CompileOptions &options,
                                                 const CompileResult &fallback) {
  const std::map<std::string, unsigned> before = globalOrderingBarriers(compiled);
  // Candidates, judged on the fallback's final IR: a barrier to gain, two pointers that may alias.
  auto candidate = [&](const Function &kernel) {
    return before.at(kernel.getName().str()) > 0 && pointerParameters(kernel) >= 2 && pointersComeFromParameters(kernel);
  };
  if (none_of(compiled, [&](const Function &f) { return !f.isDeclaration() && isKernel(f) && candidate(f); })) return {};
  std::set<std::string> haveVariant;
  for (const KernelSpirv &v : fallback.variants) haveVariant.insert(v.kernel);
  auto restrictPointers = [](Module &m, CompileContext &) {
    for (Function &f : m) {
      if (f.isDeclaration() || !isKernel(f)) continue;
      for (Argument &arg : f.args())
        if (arg.getType()->isPointerTy() && !arg.hasByRefAttr()) arg.addAttr(Attribute::NoAlias);
    }
  };
  std::optional<std::map<std::string, unsigned>> after; // counted once, on the variant's module
  auto wanted = [&](const Function &kernel, const KernelSpirv &) {
    const std::string name = kernel.getName().str();
    if (haveVariant.count(name) || !pointersComeFromParameters(kernel)) return false;
    if (!after) after = globalOrderingBarriers(*kernel.getParent());
    auto it = before.find(name);
    return it != before.end() && after->at(name) < it->second;
  };
  return compileVariant(input, options, fallback, "disjoint pointers", blob::kDisjointPointerArguments, restrictPointers, wanted);
}

// Whether a SPIR-V module declares a capability of an optional type (NativeTypes).
bool usesOptionalTypes(const std::vector<uint32_t> &words) {
  constexpr size_t kHeaderWords = 5;
  for (size_t i = kHeaderWords; i < words.size() && (words[i] & 0xffff) == spv::OpCapability; i += words[i] >> 16)
    switch (words[i + 1]) {
    case spv::CapabilityInt64: case spv::CapabilityFloat64: case spv::CapabilityInt16: case spv::CapabilityInt8:
    case spv::CapabilityFloat16: case spv::CapabilityStorageBuffer8BitAccess: case spv::CapabilityStorageBuffer16BitAccess:
      return true;
    default: break;
    }
  return false;
}

std::set<std::string> kernelsUsingOptionalTypes(const std::vector<KernelSpirv> &modules) {
  std::set<std::string> kernels;
  for (const KernelSpirv &m : modules)
    if (usesOptionalTypes(m.words)) kernels.insert(m.kernel);
  return kernels;
}

// The portable variant: the kernels compiled without optional types (CompileContext::native), for
// devices that lack them. Where a kernel cannot do without one (a 64-bit atomic) its portable module
// keeps it, declared as a capability the runtime checks and names.
// `needed`: the kernels whose fallback modules use optional types (kernelsUsingOptionalTypes).
std::vector<KernelSpirv> portableVariants(const Module &input, const CompileOptions &options, const CompileResult &fallback,
                                          const std::set<std::string> &needed) {
  if (needed.empty()) return {};
  return compileVariant(
      input, options, fallback, "portable", 0, [](Module &, CompileContext &ctx) { ctx.native = NativeTypes::none(); },
      [&](const Function &kernel, const KernelSpirv &) { return needed.count(kernel.getName().str()) != 0; });
}

// Whether a variant for a faster device or launch can come of this input, judged before the
// pipeline consumes it: a float atomic add, or a __syncthreads() and a kernel with two pointer
// parameters.
bool mayHaveFastVariants(const Module &m) {
  if (hasFloatAtomicAdd(m)) return true;
  const bool barriers = any_of(m, [](const Function &f) { return deviceBuiltin(f.getName()) == DeviceBuiltin::syncthreads; });
  return barriers && any_of(m, [](const Function &f) { return !f.isDeclaration() && isKernel(f) && pointerParameters(f) >= 2; });
}

} // namespace

CompileResult compileModule(Module &m, const CompileOptions &options) {
  CompileResult result;
  // Cloned before the pipeline consumes `m`: the variants are compiled from it after the fallback
  // succeeded.
  const bool fastVariants = mayHaveFastVariants(m);
  std::unique_ptr<Module> input = options.portableVariant || fastVariants ? CloneModule(m) : nullptr;
  CompileContext ctx;
  ctx.segmentPreset = options.segmentPreset;
  ctx.logicalWarpSize = options.logicalWarpSize;
  ctx.logicalWarpOptional = &options.logicalWarpOptional;
  ctx.diagnostics.setSourceAsGiven(options.sourceAsGiven);
  result.errors = runRegistry(m, ctx, options.passPipelineOverride, true);
  result.warnings = ctx.diagnostics.warnings();
  result.logicalWarpRefused = ctx.logicalWarpRefused;
  if (!options.saveTempsPrefix.empty()) {
    std::error_code ec;
    raw_fd_ostream ll(options.saveTempsPrefix + ".ll", ec, sys::fs::OF_Text);
    if (!ec) m.print(ll, nullptr);
  }
  if (!result.errors.empty()) return result;
  // A translation unit without kernels (only host code, __device__ helpers or variables) has no
  // SPIR-V, but its globals still get their segment and metadata.
  {
    TimedStage timed("emit SPIR-V");
    result.modules = emitSpirv(m, ctx);
  }
  if (ctx.diagnostics.hasErrors()) {
    result.errors = ctx.diagnostics.messages();
    return result;
  }
  std::vector<size_t> all(result.modules.size());
  std::iota(all.begin(), all.end(), 0);
  // The modules are finished (SPIR-V tools only: validation, spirv-opt) on threads of their own
  // while the portable variant goes through LLVM on this one: what it needs of them is read first,
  // and the variant's emitted modules are compared with these as emitted.
  const std::set<std::string> portableNeeded =
      input && options.portableVariant ? kernelsUsingOptionalTypes(result.modules) : std::set<std::string>{};
  result.metadata = kernelMetadata(ctx.layout, result.modules);
  std::vector<std::string> errors;
  {
    std::jthread finishing([&] { errors = finishKernelModules(result.modules, all, options); });
    if (!portableNeeded.empty()) result.portable = portableVariants(*input, options, result, portableNeeded);
  }
  for (size_t i = 0; i < result.modules.size(); ++i)
    if (!errors[i].empty()) ctx.diagnostics.error(m.getFunction(result.modules[i].kernel), errors[i]); // file:line of the kernel
  if (ctx.diagnostics.hasErrors()) {
    result.errors = ctx.diagnostics.messages();
    return result;
  }
  for (size_t i = 0; i < result.modules.size(); ++i) {
    const KernelSpirv &module = result.modules[i];
    if (!options.saveTempsPrefix.empty())
      writeFile(options.saveTempsPrefix + "." + std::to_string(i) + ".spv", module.words.data(), module.words.size() * 4, sys::fs::OF_None);
  }
  // Files of kernels an earlier compilation of the same source had: what is kept is this result.
  if (!options.saveTempsPrefix.empty())
    for (size_t i = result.modules.size(); sys::fs::exists(options.saveTempsPrefix + "." + std::to_string(i) + ".spv"); ++i)
      sys::fs::remove(options.saveTempsPrefix + "." + std::to_string(i) + ".spv");
  result.metadata = kernelMetadata(ctx.layout, result.modules);
  result.globalInit = ctx.layout.segmentInit;
  result.segment = segmentPreset(ctx.layout, options.segmentPreset);
  if (!input || !fastVariants) return result;
  if (hasFloatAtomicAdd(*input)) result.variants = floatAtomicVariants(*input, options, result);
  std::vector<KernelSpirv> disjoint = disjointPointerVariants(*input, m, options, result);
  result.variants.insert(result.variants.begin(), std::make_move_iterator(disjoint.begin()), std::make_move_iterator(disjoint.end()));
  return result;
}

} // namespace hipvk
