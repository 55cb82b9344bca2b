// An LLVM module parsed from IR text for the compiler's unit tests; a parse error fails the test.
#pragma once

#include <doctest/doctest.h>
#include <llvm/AsmParser/Parser.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/Support/SourceMgr.h>

#include <memory>
#include <string>

struct ParsedModule {
  llvm::LLVMContext context;
  std::unique_ptr<llvm::Module> module;
  explicit ParsedModule(const std::string &text) {
    llvm::SMDiagnostic error;
    module = llvm::parseAssemblyString(text, error, context);
    if (!module) FAIL("IR does not parse: " << error.getMessage().str());
  }
};
