// Expands memcpy/memmove/memset into loads and stores (as loops when the size is large or not a
// constant): SPIR-V has no memory-block copy between arbitrary address spaces.
#include "Passes.h"

#include <llvm/Analysis/ScalarEvolution.h>
#include <llvm/Analysis/TargetTransformInfo.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/Transforms/Utils/LowerMemIntrinsics.h>

using namespace llvm;

namespace hipvk {

PreservedAnalyses LowerMemIntrinsicsPass::run(Function &f, FunctionAnalysisManager &fam) {
  SmallVector<MemIntrinsic *, 8> work;
  for (Instruction &inst : instructions(f))
    if (auto *mi = dyn_cast<MemIntrinsic>(&inst)) work.push_back(mi);
  if (work.empty()) return PreservedAnalyses::all();

  const TargetTransformInfo &tti = fam.getResult<TargetIRAnalysis>(f);
  ScalarEvolution &se = fam.getResult<ScalarEvolutionAnalysis>(f);
  for (MemIntrinsic *mi : work) {
    if (auto *copy = dyn_cast<MemCpyInst>(mi)) {
      expandMemCpyAsLoop(copy, tti, &se);
    } else if (auto *move = dyn_cast<MemMoveInst>(mi)) {
      if (!expandMemMoveAsLoop(move, tti)) {
        ctx.diagnostics.error(move, "memmove between different address spaces is not supported");
        continue;
      }
    } else if (auto *set = dyn_cast<MemSetInst>(mi)) {
      expandMemSetAsLoop(set);
    } else {
      continue;
    }
    mi->eraseFromParent();
  }
  return PreservedAnalyses::none();
}

} // namespace hipvk
