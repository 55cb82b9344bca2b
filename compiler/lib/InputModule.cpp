// Reading the LLVM IR hipvk-spirv is given (a translation unit's device code, or the bitcode of
// -fgpu-rdc objects). LLVM's readers upgrade the debug information of a module that declares
// debug metadata and, doing so, verify it and abort the process if it is broken ("Broken module
// found"). That upgrade is turned off here: a broken module reaches the pipeline's own check
// (Pipeline.cpp), which refuses it with an error instead of a crash. Bitcode the reader or the
// verifier crashes on is read and verified in a child process first (readerAndVerifierSurvive).
#include "Compiler.h"

#include <llvm/ADT/StringMap.h>
#include <llvm/BinaryFormat/Magic.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/Verifier.h>
#include <llvm/IRReader/IRReader.h>
#include <llvm/Support/CommandLine.h>
#include <llvm/Support/SourceMgr.h>
#include <llvm/Support/raw_ostream.h>

#include <cerrno>
#include <mutex>

#include <sys/wait.h>
#include <unistd.h>

using namespace llvm;

namespace hipvk {
namespace {

void keepUnverifiedInputs() {
  static std::once_flag once;
  std::call_once(once, [] {
    StringMap<cl::Option *> &options = cl::getRegisteredOptions();
    if (auto it = options.find("disable-auto-upgrade-debug-info"); it != options.end())
      static_cast<cl::opt<bool> *>(it->second)->setValue(true);
  });
}

// Whether LLVM's bitcode reader, and then its verifier, get through `input` without crashing.
// Neither is hardened against malformed bitcode (a corrupted file can make the reader dereference
// null, or give a module whose verification does), so the input is first read and verified in a
// child process: a crash there is an error here, not the end of hipvk-spirv.
bool readerAndVerifierSurvive(MemoryBufferRef input) {
  pid_t child = fork();
  if (child < 0) return true;  // cannot tell: read it as is
  if (child == 0) {
    LLVMContext context;
    SMDiagnostic diagnostic;
    if (std::unique_ptr<Module> module = parseIR(input, diagnostic, context)) (void)verifyModule(*module, &nulls());
    _exit(0);
  }
  int status = 0;
  while (waitpid(child, &status, 0) < 0 && errno == EINTR) {
  }
  return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

} // namespace

std::unique_ptr<Module> readInputModule(MemoryBufferRef input, LLVMContext &context, std::string &error) {
  keepUnverifiedInputs();
  if (identify_magic(input.getBuffer()) == file_magic::bitcode && !readerAndVerifierSurvive(input)) {
    error = "hipvk: error: '" + input.getBufferIdentifier().str() + "' is not valid LLVM bitcode (LLVM's reader or verifier fails on it)\n";
    return nullptr;
  }
  SMDiagnostic diagnostic;
  std::unique_ptr<Module> module = parseIR(input, diagnostic, context);
  if (!module) {
    raw_string_ostream os(error);
    diagnostic.print("hipvk-spirv", os);
  }
  return module;
}

} // namespace hipvk
