// hipvk-spirv: the device back end hipcc runs on each translation unit.
//   hipvk-spirv <input.bc|input.ll> -o <output.hipfb> [--save-temps <prefix>] [--no-spirv-opt] [--passes=a,b] [-v]
//              [--source-name <path as given to hipcc>]
//   hipvk-spirv <input> --emit-spvasm -o <output.spvasm|->  (the SPIR-V disassembly: codegen tests)
// Exit status 1 with "file:line:col: error: ..." lines on stderr for code it cannot compile.
#include "Compiler.h"

#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/IRReader/IRReader.h>
#include <llvm/Support/SourceMgr.h>
#include <llvm/Support/raw_ostream.h>

#include <fstream>
#include <iostream>
#include <string>

static const char kUsage[] =
    "usage: hipvk-spirv <input.bc|input.ll> -o <output.hipfb> [--save-temps <prefix>] [--no-spirv-opt] [-v]\n"
    "                   [--source-name <main source path as the user gave it>]\n"
    "       hipvk-spirv <input.bc|input.ll> --emit-spvasm -o <output.spvasm|->\n";

int main(int argc, char **argv) {
  std::string input, output;
  hipvk::CompileOptions options;
  bool verbose = false, emitAssembly = false;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "-o" && i + 1 < argc) output = argv[++i];
    else if (a == "--save-temps" && i + 1 < argc) options.saveTempsPrefix = argv[++i];
    else if (a == "--no-spirv-opt") options.optimizeSpirv = false;
    else if (a == "-v") verbose = true;
    else if (a == "--emit-spvasm") emitAssembly = true;
    else if (a == "--source-name" && i + 1 < argc) options.sourceAsGiven = argv[++i];
    else if (a.rfind("--passes=", 0) == 0) options.passPipelineOverride = a.substr(9);
    else if (!a.empty() && a[0] != '-' && input.empty()) input = a;
    else {
      std::cerr << "hipvk-spirv: unknown argument '" << a << "'\n" << kUsage;
      return 2;
    }
  }
  if (input.empty() || output.empty()) {
    std::cerr << kUsage;
    return 2;
  }
  llvm::LLVMContext context;
  llvm::SMDiagnostic parseError;
  std::unique_ptr<llvm::Module> module = llvm::parseIRFile(input, parseError, context);
  if (!module) {
    parseError.print("hipvk-spirv", llvm::errs());
    return 1;
  }
  hipvk::CompileResult result = hipvk::compileModule(*module, options);
  if (!result.errors.empty()) {
    for (const std::string &e : result.errors) std::cerr << e << "\n";
    return 1;
  }
  if (emitAssembly) {
    std::error_code ec;
    llvm::raw_fd_ostream out(output, ec); // "-" is stdout
    out << hipvk::disassembleSpirv(result.spirv);
    if (ec || out.has_error()) {
      std::cerr << "hipvk-spirv: cannot write '" << output << "'\n";
      return 1;
    }
    return 0;
  }
  std::vector<uint8_t> blob = result.blob();
  if (verbose) // the metadata names each kernel with its argument and memory layout
    std::cerr << "hipvk-spirv: " << input << ": " << result.spirv.size() * 4 << " bytes of SPIR-V\n" << result.metadata;
  std::ofstream out(output, std::ios::binary);
  out.write(reinterpret_cast<const char *>(blob.data()), std::streamsize(blob.size()));
  if (!out) {
    std::cerr << "hipvk-spirv: cannot write '" << output << "'\n";
    return 1;
  }
  return 0;
}
