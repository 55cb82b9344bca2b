// hipvk-spirv: the device back end hipcc runs.
//   hipvk-spirv <input.bc|input.ll> -o <output.hipfb>     compile one translation unit
//   hipvk-spirv [<native.bc>] [--wave32 <w32.bc> [--wave32-target gfxN]] [--wave64 <w64.bc> [--wave64-target gfxN]] -o <output.hipfb>
//                                                         the same, with its wavefront-size forms
//   hipvk-spirv --wave-probe <input.bc>                   exit status 3 when the code depends on the
//                                                         wavefront size (hipcc then compiles its forms)
//   hipvk-spirv --emit-spvasm <input> -o <file|->          each kernel module's disassembly (codegen tests)
//   hipvk-spirv --package-rdc <input.bc> -o <file>         device bitcode as `hipcc -c -fgpu-rdc` embeds it
//   hipvk-spirv --link-rdc <objects, archives, .bc>... -o <output.hipfb> [--stub <file.s>]
//                                                         link relocatable device code, compile it once
// Common options: [--save-temps <prefix>] [--no-spirv-opt] [--no-portable] [--passes=a,b] [--source-name <path>] [-v]
//                 [--time-report] (wall time per stage on stderr)
//                 [--logical-warp <32|64>] (compile the input as logical warps of that width: codegen tests)
// Exit status 1 with "file:line:col: error: ..." lines on stderr for code it cannot compile.
#include "Compiler.h"
#include "TimeReport.h"

#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/raw_ostream.h>

#include <cstdlib>
#include <fstream>
#include <iostream>
#include <string>
#include <tuple>
#include <vector>

static const char kUsage[] =
    "usage: hipvk-spirv [<input.bc|input.ll>] [--wave32 <input>] [--wave64 <input>] -o <output.hipfb>\n"
    "       hipvk-spirv --wave-probe <input.bc|input.ll>\n"
    "       hipvk-spirv --emit-spvasm <input.bc|input.ll> -o <output.spvasm|->\n"
    "       hipvk-spirv --package-rdc <input.bc> -o <output>\n"
    "       hipvk-spirv --link-rdc <object|archive|.bc>... -o <output.hipfb> [--stub <output.s>]\n"
    "options: [--save-temps <prefix>] [--no-spirv-opt] [--no-portable] [--source-name <path as given to hipcc>] [-v] [--time-report]\n"
    "         [--logical-warp <32|64>]\n";

namespace {

enum class Mode { Compile, EmitAssembly, PackageRdc, LinkRdc, WaveProbe };

// --wave-probe's exit status for code that depends on the wavefront size.
constexpr int kDependsOnWaveSize = 3;

bool writeFile(const std::string &path, const void *data, size_t size) {
  std::error_code ec;
  llvm::raw_fd_ostream out(path, ec, llvm::sys::fs::OF_None); // "-" is stdout
  if (!ec) out.write(static_cast<const char *>(data), size);
  if (ec || out.has_error()) {
    std::cerr << "hipvk-spirv: cannot write '" << path << "'\n";
    out.clear_error();
    return false;
  }
  return true;
}

int report(const std::vector<std::string> &errors) {
  for (const std::string &e : errors) std::cerr << e << "\n";
  return errors.empty() ? 0 : 1;
}

// Compiles `module` and writes the blob (or its disassembly).
int writeResult(const hipvk::CompileResult &result, Mode mode, const std::string &output, bool verbose,
                const std::string &inputName) {
  for (const std::string &w : result.warnings) std::cerr << w << "\n";
  if (!result.errors.empty()) return report(result.errors);
  if (mode == Mode::EmitAssembly) {
    std::string text; // each kernel's module, in metadata order, under a line naming the kernel; then the variants
    for (const hipvk::KernelSpirv &m : result.modules)
      text += "; hipvk kernel module: " + m.kernel +
              (m.minSubgroupSize ? " (min_subgroup_size " + std::to_string(m.minSubgroupSize) + ")" : std::string()) + "\n" +
              hipvk::disassembleSpirv(m.words);
    for (const std::vector<hipvk::KernelSpirv> *list : {&result.fixedWidth, &result.variants, &result.portable, &result.logical})
      for (const hipvk::KernelSpirv &m : *list)
        text += "; hipvk kernel module: " + m.kernel + " (" + m.variant + " variant)\n" + hipvk::disassembleSpirv(m.words);
    return writeFile(output, text.data(), text.size()) ? 0 : 1;
  }
  std::vector<uint8_t> blob = result.blob();
  if (verbose) { // the metadata names each kernel with its argument and memory layout
    size_t bytes = 0;
    for (const hipvk::KernelSpirv &m : result.modules) bytes += m.words.size() * 4;
    std::cerr << "hipvk-spirv: " << inputName << ": " << result.modules.size() << " kernel modules, " << bytes
              << " bytes of SPIR-V\n" << result.metadata;
  }
  return writeFile(output, blob.data(), blob.size()) ? 0 : 1;
}

// Reads one input module; null (with the error printed) when it cannot.
std::unique_ptr<llvm::Module> readModule(const std::string &path, llvm::LLVMContext &context) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> input = llvm::MemoryBuffer::getFileOrSTDIN(path);
  if (!input) {
    std::cerr << "hipvk-spirv: cannot read '" << path << "': " << input.getError().message() << "\n";
    return nullptr;
  }
  std::string readError;
  std::unique_ptr<llvm::Module> module = hipvk::readInputModule((*input)->getMemBufferRef(), context, readError);
  if (!module) std::cerr << readError;
  return module;
}

} // namespace

int main(int argc, char **argv) {
  struct PrintTimeReport { // after the compilation's own stages, at any return
    ~PrintTimeReport() { std::cerr << hipvk::timeReport(); }
  } printTimeReport;
  std::vector<std::string> inputs;
  std::string output, stub, wave32Input, wave64Input, wave32Target, wave64Target;
  hipvk::CompileOptions options;
  Mode mode = Mode::Compile;
  bool verbose = false;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "-o" && i + 1 < argc) output = argv[++i];
    else if (a == "--save-temps" && i + 1 < argc) options.saveTempsPrefix = argv[++i];
    else if (a == "--no-spirv-opt") options.optimizeSpirv = false;
    else if (a == "--no-portable") options.portableVariant = false;
    else if (a == "-v") verbose = options.verbose = true;
    else if (a == "--time-report") hipvk::enableTimeReport();
    else if (a == "--emit-spvasm") mode = Mode::EmitAssembly;
    else if (a == "--package-rdc") mode = Mode::PackageRdc;
    else if (a == "--link-rdc") mode = Mode::LinkRdc;
    else if (a == "--stub" && i + 1 < argc) stub = argv[++i];
    else if (a == "--wave32" && i + 1 < argc) wave32Input = argv[++i];
    else if (a == "--wave64" && i + 1 < argc) wave64Input = argv[++i];
    else if (a == "--wave32-target" && i + 1 < argc) wave32Target = argv[++i];
    else if (a == "--wave64-target" && i + 1 < argc) wave64Target = argv[++i];
    else if (a == "--wave-probe") mode = Mode::WaveProbe;
    else if (a == "--logical-warp" && i + 1 < argc) options.logicalWarpSize = unsigned(std::atoi(argv[++i]));
    else if (a == "--source-name" && i + 1 < argc) options.sourceAsGiven = argv[++i];
    else if (a.rfind("--passes=", 0) == 0) options.passPipelineOverride = a.substr(9);
    else if (!a.empty() && a[0] != '-') inputs.push_back(a);
    else {
      std::cerr << "hipvk-spirv: unknown argument '" << a << "'\n" << kUsage;
      return 2;
    }
  }
  const bool waveForms = !wave32Input.empty() || !wave64Input.empty();
  const bool usage = mode == Mode::WaveProbe ? inputs.size() != 1 || waveForms
                     : mode == Mode::LinkRdc ? inputs.empty() || output.empty() || waveForms
                                             : output.empty() || inputs.size() > 1 || (inputs.empty() && !waveForms) ||
                                                   (waveForms && mode == Mode::PackageRdc);
  if (usage) {
    std::cerr << kUsage;
    return 2;
  }
  llvm::LLVMContext context;

  if (mode == Mode::PackageRdc) {
    llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> bitcode = llvm::MemoryBuffer::getFile(inputs[0]);
    if (!bitcode) {
      std::cerr << "hipvk-spirv: cannot read '" << inputs[0] << "': " << bitcode.getError().message() << "\n";
      return 1;
    }
    std::vector<uint8_t> packaged = hipvk::packageDeviceBitcode((*bitcode)->getBuffer());
    return writeFile(output, packaged.data(), packaged.size()) ? 0 : 1;
  }

  if (mode == Mode::LinkRdc) {
    hipvk::DeviceLinkResult link = hipvk::linkDeviceCode(context, inputs);
    if (!link.errors.empty()) return report(link.errors);
    if (!link.module && !link.fatbinSymbols.empty())
      return report({"hipvk: error: -fgpu-rdc link: objects register device code, but no input holds any "
                     "(compiled without 'hipcc -c -fgpu-rdc'?)"});
    if (link.module) // a link of host code only needs no blob
      if (int rc = writeResult(hipvk::compileModule(*link.module, options), Mode::Compile, output, verbose, "(linked device code)"))
        return rc;
    if (stub.empty()) return 0;
    std::string text = hipvk::registrationStub(link, output);
    return writeFile(stub, text.data(), text.size()) ? 0 : 1;
  }

  if (mode == Mode::WaveProbe) {
    std::unique_ptr<llvm::Module> module = readModule(inputs[0], context);
    if (!module) return 1;
    return hipvk::dependsOnWaveSize(*module) ? kDependsOnWaveSize : 0;
  }
  // Each wavefront-size form in an LLVM context of its own: they are compiled on threads of their
  // own (WaveVariants.cpp).
  llvm::LLVMContext wave32Context, wave64Context;
  hipvk::WaveInputs forms; // after the contexts: its modules must go first
  forms.wave32Target = wave32Target;
  forms.wave64Target = wave64Target;
  for (auto [path, slot, formContext] : {std::tuple{inputs.empty() ? std::string() : inputs[0], &forms.native, &context},
                                         std::tuple{wave32Input, &forms.wave32, &wave32Context},
                                         std::tuple{wave64Input, &forms.wave64, &wave64Context}}) {
    if (path.empty()) continue;
    if (!(*slot = readModule(path, *formContext))) return 1;
  }
  const std::string name = inputs.empty() ? (wave32Input.empty() ? wave64Input : wave32Input) : inputs[0];
  if (!waveForms) return writeResult(hipvk::compileModule(*forms.native, options), mode, output, verbose, name);
  return writeResult(hipvk::compileWaveVariants(std::move(forms), options), mode, output, verbose, name);
}
