// libFuzzer target: what hipvk-spirv does with its input before the pipeline — read LLVM IR with
// hipvk::readInputModule (the reader hipvk-spirv uses) and verify it (compiler/lib/Pipeline.cpp
// refuses unverified modules: InstCombine loops forever on some invalid IR). Any bytes must be
// read or refused, and verified or refused, in bounded time: never an abort.
// LLVM itself is not instrumented: this finds crashes and hangs, not coverage inside LLVM.
#include "Compiler.h"

#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/Verifier.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/raw_ostream.h>

#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  llvm::LLVMContext context;
  llvm::MemoryBufferRef buffer(llvm::StringRef(reinterpret_cast<const char *>(data), size), "fuzz");
  std::string error;
  std::unique_ptr<llvm::Module> module = hipvk::readInputModule(buffer, context, error);
  if (module) (void)llvm::verifyModule(*module, &llvm::nulls());
  return 0;
}
