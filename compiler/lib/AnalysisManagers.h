// The four LLVM analysis managers and a PassBuilder that knows the target, registered and
// cross-wired once: what running any new-pass-manager pipeline needs.
#pragma once

#include <llvm/Passes/PassBuilder.h>

namespace hipvk {

struct AnalysisManagers {
  llvm::LoopAnalysisManager loop;
  llvm::FunctionAnalysisManager function;
  llvm::CGSCCAnalysisManager cgscc;
  llvm::ModuleAnalysisManager module;
  llvm::PassBuilder builder;

  explicit AnalysisManagers(llvm::TargetMachine *tm) : builder(tm) {
    builder.registerModuleAnalyses(module);
    builder.registerCGSCCAnalyses(cgscc);
    builder.registerFunctionAnalyses(function);
    builder.registerLoopAnalyses(loop);
    builder.crossRegisterProxies(loop, function, cgscc, module);
  }
};

} // namespace hipvk
