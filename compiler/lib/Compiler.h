// The hipvk device compiler as a library: LLVM bitcode of one HIP translation unit in, offload blob
// (SPIR-V + metadata + global segment, docs/ABI.md) out.
#pragma once

#include <llvm/ADT/StringRef.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace llvm {
class LLVMContext;
class MemoryBufferRef;
class Module;
} // namespace llvm

namespace hipvk {

struct CompileOptions {
  bool optimizeSpirv = true;       // run spirv-opt's performance passes on the result
  std::string passPipelineOverride; // run only these registry passes (tests)
  std::string saveTempsPrefix;      // when set, write <prefix>.ll (final IR) and <prefix>.<i>.spv per kernel
                                    // (<prefix>.<i>.<variant>.spv for its variants)
  std::string sourceAsGiven;        // the main source path as hipcc was given it (for diagnostics)
  bool portableVariant = true;      // also compile kernels for devices without optional types (--no-portable)
};

// One kernel's SPIR-V module: each kernel is a module of its own, so that no module holds the
// Workgroup memory of several kernels and the runtime builds only the modules of launched kernels.
struct KernelSpirv {
  std::string kernel; // the entry point's (mangled) name
  std::vector<uint32_t> words;
  uint32_t requiredFeatures = 0; // blob::kConstantWindow, kDisjointPointerArguments for that variant
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
  std::string metadata;
  std::vector<uint8_t> globalInit;
  std::vector<std::string> errors; // "file:line:col: error: ..." lines; empty on success
  std::vector<uint8_t> blob() const;
};

// Reads LLVM IR (bitcode or text) as hipvk-spirv's input: a module that does not verify is
// returned for the pipeline to refuse with an error, never aborted on by LLVM's reader
// (InputModule.cpp). Null, with `error` set, when the bytes are not LLVM IR.
std::unique_ptr<llvm::Module> readInputModule(llvm::MemoryBufferRef input, llvm::LLVMContext &context, std::string &error);

// Runs the whole device pipeline on `m` (consumed).
CompileResult compileModule(llvm::Module &m, const CompileOptions &options);

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

} // namespace hipvk
