// libFuzzer target: what hipvk-spirv does with its input before the pipeline — read LLVM bitcode
// and verify it (compiler/lib/Pipeline.cpp refuses unverified modules: InstCombine loops forever on
// some invalid IR). Any bytes must be read or refused, and verified or refused, in bounded time.
// LLVM itself is not instrumented: this finds crashes and hangs, not coverage inside LLVM.
#include <llvm/Bitcode/BitcodeReader.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/Verifier.h>
#include <llvm/Support/Error.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/raw_ostream.h>

#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  llvm::LLVMContext context;
  llvm::MemoryBufferRef buffer(llvm::StringRef(reinterpret_cast<const char *>(data), size), "fuzz");
  llvm::Expected<std::unique_ptr<llvm::Module>> module = llvm::parseBitcodeFile(buffer, context);
  if (!module) {
    llvm::consumeError(module.takeError());
    return 0;
  }
  // Lazily read bodies are materialised: a broken function body is found here, not later.
  if (llvm::Error e = (*module)->materializeAll()) {
    llvm::consumeError(std::move(e));
    return 0;
  }
  (void)llvm::verifyModule(**module, &llvm::nulls());
  return 0;
}
