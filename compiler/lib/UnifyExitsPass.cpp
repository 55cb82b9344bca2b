// Gives each kernel a single exit block: every `ret` and every `unreachable` branches to it. The
// structurizer needs one exit, and a kernel that reaches `unreachable` has undefined behaviour,
// for which ending the invocation is a valid outcome.
#include "Passes.h"

#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Instructions.h>
#include <llvm/Transforms/Utils/Local.h>

using namespace llvm;

namespace hipvk {

PreservedAnalyses UnifyExitsPass::run(Function &f, FunctionAnalysisManager &) {
  bool changed = removeUnreachableBlocks(f);
  SmallVector<BasicBlock *, 8> exits;
  for (BasicBlock &bb : f)
    if (isa<ReturnInst>(bb.getTerminator()) || isa<UnreachableInst>(bb.getTerminator())) exits.push_back(&bb);
  if (exits.size() == 1 && isa<ReturnInst>(exits.front()->getTerminator()))
    return changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
  if (!f.getReturnType()->isVoidTy()) return PreservedAnalyses::none(); // only kernels remain here

  BasicBlock *unified = BasicBlock::Create(f.getContext(), "unified.exit", &f);
  ReturnInst::Create(f.getContext(), unified);
  for (BasicBlock *bb : exits) {
    bb->getTerminator()->eraseFromParent();
    BranchInst::Create(unified, bb);
  }
  return PreservedAnalyses::none();
}

} // namespace hipvk
