// Scalar optimisation of the inlined kernels with the AMDGPU cost model, followed by address-space
// inference so that generic pointers become global, shared or private wherever provenance allows.
// Runs at every -O level: unoptimised device code would keep every local in private memory.
#include "Passes.h"

#include <llvm/Analysis/TargetTransformInfo.h>
#include <llvm/Passes/PassBuilder.h>
#include <llvm/Target/TargetMachine.h>
#include <llvm/Transforms/Scalar/InferAddressSpaces.h>
#include <llvm/Transforms/Scalar/SROA.h>

using namespace llvm;

namespace hipvk {

PreservedAnalyses OptimizePass::run(Module &m, ModuleAnalysisManager &) {
  LoopAnalysisManager lam;
  FunctionAnalysisManager fam;
  CGSCCAnalysisManager cgam;
  ModuleAnalysisManager mam;
  PassBuilder pb(ctx.targetMachine);
  pb.registerModuleAnalyses(mam);
  pb.registerCGSCCAnalyses(cgam);
  pb.registerFunctionAnalyses(fam);
  pb.registerLoopAnalyses(lam);
  pb.crossRegisterProxies(lam, fam, cgam, mam);

  ModulePassManager mpm = pb.buildPerModuleDefaultPipeline(OptimizationLevel::O2);
  FunctionPassManager late;
  late.addPass(InferAddressSpacesPass(/*flat address space*/ 0));
  late.addPass(SROAPass(SROAOptions::ModifyCFG));
  mpm.addPass(createModuleToFunctionPassAdaptor(std::move(late)));
  mpm.run(m, mam);
  return PreservedAnalyses::none();
}

} // namespace hipvk
