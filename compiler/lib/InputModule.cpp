// Reading the LLVM IR hipvk-spirv is given (a translation unit's device code, or the bitcode of
// -fgpu-rdc objects). LLVM's readers upgrade the debug information of a module that declares
// debug metadata and, doing so, verify it and abort the process if it is broken ("Broken module
// found"). That upgrade is turned off here: a broken module reaches the pipeline's own check
// (Pipeline.cpp), which refuses it with an error instead of a crash.
#include "Compiler.h"

#include <llvm/ADT/StringMap.h>
#include <llvm/IR/Module.h>
#include <llvm/IRReader/IRReader.h>
#include <llvm/Support/CommandLine.h>
#include <llvm/Support/SourceMgr.h>
#include <llvm/Support/raw_ostream.h>

#include <mutex>

using namespace llvm;

namespace hipvk {

void keepUnverifiedInputs() {
  static std::once_flag once;
  std::call_once(once, [] {
    StringMap<cl::Option *> &options = cl::getRegisteredOptions();
    if (auto it = options.find("disable-auto-upgrade-debug-info"); it != options.end())
      static_cast<cl::opt<bool> *>(it->second)->setValue(true);
  });
}

std::unique_ptr<Module> readInputModule(MemoryBufferRef input, LLVMContext &context, std::string &error) {
  keepUnverifiedInputs();
  SMDiagnostic diagnostic;
  std::unique_ptr<Module> module = parseIR(input, diagnostic, context);
  if (!module) {
    raw_string_ostream os(error);
    diagnostic.print("hipvk-spirv", os);
  }
  return module;
}

} // namespace hipvk
