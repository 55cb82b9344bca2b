// Scalar optimisation of the inlined kernels with the AMDGPU cost model, followed by address-space
// inference so that generic pointers become global, shared or private wherever provenance allows.
// Runs at every -O level: unoptimised device code would keep every local in private memory.
#include "AnalysisManagers.h"
#include "Passes.h"

#include <llvm/Analysis/TargetTransformInfo.h>
#include <llvm/Target/TargetMachine.h>
#include <llvm/Transforms/Scalar/InferAddressSpaces.h>
#include <llvm/Transforms/Scalar/SROA.h>

using namespace llvm;

namespace hipvk {

PreservedAnalyses OptimizePass::run(Module &m, ModuleAnalysisManager &) {
  AnalysisManagers analyses(ctx.targetMachine);
  ModulePassManager mpm = analyses.builder.buildPerModuleDefaultPipeline(OptimizationLevel::O2);
  FunctionPassManager late;
  late.addPass(InferAddressSpacesPass(/*flat address space*/ 0));
  late.addPass(SROAPass(SROAOptions::ModifyCFG));
  mpm.addPass(createModuleToFunctionPassAdaptor(std::move(late)));
  mpm.run(m, analyses.module);
  return PreservedAnalyses::none();
}

} // namespace hipvk
