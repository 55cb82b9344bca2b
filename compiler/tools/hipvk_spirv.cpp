// hipvk-spirv: the device back end hipcc runs.
//   hipvk-spirv <input.bc|input.ll> -o <output.hipfb>     compile one translation unit
//   hipvk-spirv --emit-spvasm <input> -o <file|->          each kernel module's disassembly (codegen tests)
//   hipvk-spirv --package-rdc <input.bc> -o <file>         device bitcode as `hipcc -c -fgpu-rdc` embeds it
//   hipvk-spirv --link-rdc <objects, archives, .bc>... -o <output.hipfb> [--stub <file.s>]
//                                                         link relocatable device code, compile it once
// Common options: [--save-temps <prefix>] [--no-spirv-opt] [--no-portable] [--passes=a,b] [--source-name <path>] [-v]
// Exit status 1 with "file:line:col: error: ..." lines on stderr for code it cannot compile.
#include "Compiler.h"

#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/raw_ostream.h>

#include <fstream>
#include <iostream>
#include <string>
#include <vector>

static const char kUsage[] =
    "usage: hipvk-spirv <input.bc|input.ll> -o <output.hipfb>\n"
    "       hipvk-spirv --emit-spvasm <input.bc|input.ll> -o <output.spvasm|->\n"
    "       hipvk-spirv --package-rdc <input.bc> -o <output>\n"
    "       hipvk-spirv --link-rdc <object|archive|.bc>... -o <output.hipfb> [--stub <output.s>]\n"
    "options: [--save-temps <prefix>] [--no-spirv-opt] [--no-portable] [--source-name <path as given to hipcc>] [-v]\n";

namespace {

enum class Mode { Compile, EmitAssembly, PackageRdc, LinkRdc };

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
int compileAndWrite(llvm::Module &module, const hipvk::CompileOptions &options, Mode mode, const std::string &output,
                    bool verbose, const std::string &inputName) {
  hipvk::CompileResult result = hipvk::compileModule(module, options);
  if (!result.errors.empty()) return report(result.errors);
  if (mode == Mode::EmitAssembly) {
    std::string text; // each kernel's module, in metadata order, under a line naming the kernel; then the variants
    for (const hipvk::KernelSpirv &m : result.modules) text += "; hipvk kernel module: " + m.kernel + "\n" + hipvk::disassembleSpirv(m.words);
    for (const std::vector<hipvk::KernelSpirv> *list : {&result.variants, &result.portable})
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

} // namespace

int main(int argc, char **argv) {
  std::vector<std::string> inputs;
  std::string output, stub;
  hipvk::CompileOptions options;
  Mode mode = Mode::Compile;
  bool verbose = false;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "-o" && i + 1 < argc) output = argv[++i];
    else if (a == "--save-temps" && i + 1 < argc) options.saveTempsPrefix = argv[++i];
    else if (a == "--no-spirv-opt") options.optimizeSpirv = false;
    else if (a == "--no-portable") options.portableVariant = false;
    else if (a == "-v") verbose = true;
    else if (a == "--emit-spvasm") mode = Mode::EmitAssembly;
    else if (a == "--package-rdc") mode = Mode::PackageRdc;
    else if (a == "--link-rdc") mode = Mode::LinkRdc;
    else if (a == "--stub" && i + 1 < argc) stub = argv[++i];
    else if (a == "--source-name" && i + 1 < argc) options.sourceAsGiven = argv[++i];
    else if (a.rfind("--passes=", 0) == 0) options.passPipelineOverride = a.substr(9);
    else if (!a.empty() && a[0] != '-') inputs.push_back(a);
    else {
      std::cerr << "hipvk-spirv: unknown argument '" << a << "'\n" << kUsage;
      return 2;
    }
  }
  if (inputs.empty() || output.empty() || (mode != Mode::LinkRdc && inputs.size() != 1)) {
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
      if (int rc = compileAndWrite(*link.module, options, Mode::Compile, output, verbose, "(linked device code)")) return rc;
    if (stub.empty()) return 0;
    std::string text = hipvk::registrationStub(link, output);
    return writeFile(stub, text.data(), text.size()) ? 0 : 1;
  }

  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> input = llvm::MemoryBuffer::getFileOrSTDIN(inputs[0]);
  if (!input) {
    std::cerr << "hipvk-spirv: cannot read '" << inputs[0] << "': " << input.getError().message() << "\n";
    return 1;
  }
  std::string readError;
  std::unique_ptr<llvm::Module> module = hipvk::readInputModule((*input)->getMemBufferRef(), context, readError);
  if (!module) {
    std::cerr << readError;
    return 1;
  }
  return compileAndWrite(*module, options, mode, output, verbose, inputs[0]);
}
