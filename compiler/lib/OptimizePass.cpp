// Scalar optimisation of the inlined kernels with the AMDGPU cost model, followed by address-space
// inference so that generic pointers become global, shared or private wherever provenance allows.
// Runs at every -O level: unoptimised device code would keep every local in private memory.
#include "AnalysisManagers.h"
#include "DeviceBuiltins.h"
#include "Passes.h"
#include "ValueFunctions.h"

#include <llvm/Analysis/LoopInfo.h>
#include <llvm/Analysis/TargetTransformInfo.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/MDBuilder.h>
#include <llvm/IR/Module.h>
#include <llvm/Target/TargetMachine.h>
#include <llvm/Transforms/Scalar/InferAddressSpaces.h>
#include <llvm/Transforms/Scalar/SROA.h>
#include <llvm/Transforms/Utils/LoopUtils.h>

using namespace llvm;

namespace hipvk {

namespace {

// threadIdx, blockIdx, blockDim and gridDim are below 2^31 (HIP's grid limit; blocks are smaller),
// and the sizes at least 1: said as !range on their calls, so that `int t = threadIdx.x` is known
// non-negative and a block-stride loop's trip count has a bound (UnrollLoopsPass).
void annotateLaunchRanges(Module &m) {
  MDBuilder md(m.getContext());
  for (Function &f : m) {
    if (f.isDeclaration()) continue;
    for (Instruction &inst : instructions(f)) {
      auto *call = dyn_cast<CallInst>(&inst);
      if (!call || !call->getCalledFunction() || !call->getType()->isIntegerTy(32) || call->getMetadata(LLVMContext::MD_range)) continue;
      std::optional<DeviceBuiltin> builtin = deviceBuiltin(call->getCalledFunction()->getName());
      if (!builtin) continue;
      unsigned lowest;
      switch (*builtin) {
      case DeviceBuiltin::thread_idx_x: case DeviceBuiltin::thread_idx_y: case DeviceBuiltin::thread_idx_z:
      case DeviceBuiltin::block_idx_x: case DeviceBuiltin::block_idx_y: case DeviceBuiltin::block_idx_z: lowest = 0; break;
      case DeviceBuiltin::block_dim_x: case DeviceBuiltin::block_dim_y: case DeviceBuiltin::block_dim_z:
      case DeviceBuiltin::grid_dim_x: case DeviceBuiltin::grid_dim_y: case DeviceBuiltin::grid_dim_z: lowest = 1; break;
      default: continue;
      }
      call->setMetadata(LLVMContext::MD_range, md.createRange(APInt(32, lowest), APInt(32, 1u << 31)));
    }
  }
}

// AMDGPU's cost model counts a call as one instruction, and unrolls a loop that reads __shared__
// memory by up to 1000 of them, at run time: a loop of value-function calls (double exp) became
// five copies of each call, five times the SPIR-V once a driver inlines them. Such loops, larger
// than kMaxUnrolledLoopBody counted as drivers see them, are marked to stay rolled.
void keepLargeLoopsRolled(Module &m, FunctionAnalysisManager &fam) {
  for (Function &f : m) {
    if (f.isDeclaration()) continue;
    for (Loop *loop : fam.getResult<LoopAnalysis>(f).getLoopsInPreorder()) {
      unsigned instructions = 0;
      bool calls = false;
      for (BasicBlock *block : loop->blocks())
        for (Instruction &inst : *block) {
          auto *call = dyn_cast<CallBase>(&inst);
          calls |= call && isCallOfValueFunction(*call);
          instructions += call ? instructionsOnceInlined(*call) : 1;
        }
      if (calls && instructions > kMaxUnrolledLoopBody)
        loop->setLoopID(makePostTransformationMetadata(f.getContext(), loop->getLoopID(), {},
                                                       {MDNode::get(f.getContext(), MDString::get(f.getContext(), "llvm.loop.unroll.disable"))}));
    }
    fam.invalidate(f, PreservedAnalyses::none());
  }
}

} // namespace

PreservedAnalyses OptimizePass::run(Module &m, ModuleAnalysisManager &) {
  annotateLaunchRanges(m);
  AnalysisManagers analyses(ctx.targetMachine);
  keepLargeLoopsRolled(m, analyses.function);
  ModulePassManager mpm = analyses.builder.buildPerModuleDefaultPipeline(OptimizationLevel::O2);
  FunctionPassManager late;
  late.addPass(InferAddressSpacesPass(/*flat address space*/ 0));
  late.addPass(SROAPass(SROAOptions::ModifyCFG));
  mpm.addPass(createModuleToFunctionPassAdaptor(std::move(late)));
  mpm.run(m, analyses.module);
  return PreservedAnalyses::none();
}

} // namespace hipvk
