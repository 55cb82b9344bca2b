// The hipvk device compiler as a library: LLVM bitcode of one HIP translation unit in, offload blob
// (SPIR-V + metadata + global segment, docs/ABI.md) out.
#pragma once

#include <llvm/ADT/StringRef.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace llvm {
class LLVMContext;
class MemoryBufferRef;
class Module;
} // namespace llvm

namespace hipvk {

struct SegmentPreset;

struct CompileOptions {
  bool optimizeSpirv = true;       // run spirv-opt's passes on the result (SpirvTools.cpp)
  std::string passPipelineOverride; // run only these registry passes (tests)
  std::string saveTempsPrefix;      // when set, write <prefix>.ll (final IR) and <prefix>.<i>.spv per kernel
                                    // (<prefix>.<i>.<variant>.spv for its variants)
  std::string sourceAsGiven;        // the main source path as hipcc was given it (for diagnostics)
  bool portableVariant = true;      // also compile kernels for devices without optional types (--no-portable)
  const SegmentPreset *segmentPreset = nullptr; // share an earlier compilation's global segment (WaveVariants.cpp)
  unsigned logicalWarpSize = 0;     // build warps of this many lanes from narrower subgroups (LogicalWarpsPass.cpp)
  // Kernels the logical-warp lowering may refuse without a warning: they have a run-time-width module
  // every device runs, so their logical form only keeps them at a program's fixed width.
  std::set<std::string> logicalWarpOptional;
  bool verbose = false;             // -v: say on stderr why a variant was not kept
};

// One kernel's SPIR-V module: each kernel is a module of its own, so that no module holds the
// Workgroup memory of several kernels and the runtime builds only the modules of launched kernels.
struct KernelSpirv {
  std::string kernel; // the entry point's (mangled) name
  std::vector<uint32_t> words;
  uint32_t requiredFeatures = 0; // blob::kConstantWindow, kDisjointPointerArguments for that variant
  uint32_t minSubgroupSize = 0;  // blob::KernelModuleHeader::min_subgroup_size
  std::string variant;           // what the variant is for (diagnostics, --save-temps names); empty: none
};

struct CompileResult {
  std::vector<KernelSpirv> modules; // in metadata order; none for a translation unit without kernels
  // Variants of some kernels, preferred by the runtime where the device (native float atomics,
  // VK_EXT_shader_atomic_float) or the launch (disjoint pointer arguments) allows them; `modules`
  // are the fallback. In the order the runtime tries them.
  std::vector<KernelSpirv> variants;
  // The portable variant of the kernels whose `modules` use an optional type (64-bit integers or
  // pointers, doubles, 8/16-bit types): for devices without them, tried after `modules`.
  std::vector<KernelSpirv> portable;
  // The fixed-wavefront-size modules (blob::kWave32, kWave64) of the kernels whose code depends on
  // the width (WaveVariants.cpp), each width's variants, modules and portable modules in turn:
  // tried before all of the above, which are then the run-time-width fallback.
  std::vector<KernelSpirv> fixedWidth;
  // The logical-warp modules (blob::kLogicalWarp) of the fixed-width kernels: tried last, by devices
  // narrower than the width that have no run-time-width module for the kernel, or whose program
  // needs that width (runtime/execution/kernel_forms.h).
  std::vector<KernelSpirv> logical;
  std::string metadata;
  std::vector<uint8_t> globalInit;
  std::vector<std::string> errors; // "file:line:col: error: ..." lines; empty on success
  std::vector<std::string> warnings; // "file:line:col: warning: ..." lines
  std::vector<std::string> logicalWarpRefused; // kernels the logical-warp lowering could not take
  // The global segment as laid out, for a further compilation to share (valid while the compiled
  // module lives).
  std::shared_ptr<SegmentPreset> segment;
  std::vector<uint8_t> blob() const;
};

// Reads LLVM IR (bitcode or text) as hipvk-spirv's input: a module that does not verify is
// returned for the pipeline to refuse with an error, never aborted on by LLVM's reader
// (InputModule.cpp). Null, with `error` set, when the bytes are not LLVM IR.
std::unique_ptr<llvm::Module> readInputModule(llvm::MemoryBufferRef input, llvm::LLVMContext &context, std::string &error);

// Runs the whole device pipeline on `m` (consumed).
CompileResult compileModule(llvm::Module &m, const CompileOptions &options);

// ---- wavefront-size variants, WaveVariants.cpp (docs/HIP_ON_VULKAN.md, "Wavefront size")
// One translation unit's device IR as hipcc compiled it: with the width known only at run time
// (`native`: warpSize reads the subgroup size), and for wave32 and wave64 (warpSize and
// __AMDGCN_WAVEFRONT_SIZE__ constants). Any of them may be missing (a compilation that failed,
// or a width the --offload-arch targets exclude); at least one is present. The fixed forms must each
// be in an LLVM context of its own: they are compiled on threads of their own.
struct WaveInputs {
  std::unique_ptr<llvm::Module> native, wave32, wave64;
  std::string wave32Target, wave64Target; // the AMD targets they were compiled for (metadata `wave_form`)
};
// Whether any code of `m` asks the width or exchanges values between lanes: then hipcc compiles
// the fixed-width forms too.
bool dependsOnWaveSize(const llvm::Module &m);
// Compiles every kernel once where its forms agree (one module, any width), and else each form
// as a module of its own: the wave32 and wave64 ones tagged with their width, the native one as
// the fallback for devices that run neither.
CompileResult compileWaveVariants(WaveInputs inputs, const CompileOptions &options);

// Runs registry passes by name ("hipvk-unify-exits,structurizecfg") on `m`: for unit tests.
// `nativeTypes` false: as for the portable variant (CompileContext::native all false).
std::vector<std::string> runPasses(llvm::Module &m, llvm::StringRef pipeline, bool nativeTypes = true);

// ---- relocatable device code (-fgpu-rdc), DeviceLink.cpp
// Wraps one translation unit's device bitcode as the offload binary `hipcc -c -fgpu-rdc` embeds.
std::vector<uint8_t> packageDeviceBitcode(llvm::StringRef bitcode);

struct DeviceLinkResult {
  std::unique_ptr<llvm::Module> module;    // null when no input holds hipvk device code
  std::vector<std::string> fatbinSymbols;  // __hip_fatbin_<hash> the host objects reference
  std::vector<std::string> handleSymbols;  // __hip_gpubin_handle_<hash>
  std::vector<std::string> errors;
};
// Links the device bitcode embedded in objects and archive members, or given as .bc files
// (`inputs`, in link order).
DeviceLinkResult linkDeviceCode(llvm::LLVMContext &context, const std::vector<std::string> &inputs);
// Assembly that defines every fat-binary symbol at the blob in `blobPath` and every handle as one
// shared pointer.
std::string registrationStub(const DeviceLinkResult &link, const std::string &blobPath);

// SPIR-V checks through SPIRV-Tools, for Vulkan 1.3. Return an error text, empty when fine.
std::string validateSpirv(const std::vector<uint32_t> &words);
std::string optimizeSpirv(std::vector<uint32_t> &words);
std::string disassembleSpirv(const std::vector<uint32_t> &words);
// Clears every function's DontInline control, which the emitter gives value functions so that
// spirv-opt keeps them: drivers then inline as they see fit (SwiftShader must: it runs only
// inlined code).
void allowInlining(std::vector<uint32_t> &words);

} // namespace hipvk
