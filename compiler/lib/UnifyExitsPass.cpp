// Gives each kernel and value function a single exit block: every `ret` and every `unreachable`
// branches to it (a value function's result through a phi, undefined from an `unreachable`). The
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

  BasicBlock *unified = BasicBlock::Create(f.getContext(), "unified.exit", &f);
  PHINode *result = nullptr;
  if (!f.getReturnType()->isVoidTy()) result = PHINode::Create(f.getReturnType(), unsigned(exits.size()), "result", unified);
  ReturnInst::Create(f.getContext(), result, unified);
  for (BasicBlock *bb : exits) {
    Instruction *exit = bb->getTerminator();
    if (result)
      result->addIncoming(isa<ReturnInst>(exit) ? cast<ReturnInst>(exit)->getReturnValue() : Constant::getNullValue(f.getReturnType()), bb);
    exit->eraseFromParent();
    BranchInst::Create(unified, bb);
  }
  return PreservedAnalyses::none();
}

} // namespace hipvk
