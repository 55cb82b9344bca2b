// Reshapes a structurized CFG until every construct has a merge block of its own: loop headers
// keep only their phis (so the header carries OpLoopMerge and the body's branch its own
// OpSelectionMerge), and a merge block wanted by two constructs, or not dominated by its header,
// gets a fresh block in front of it for the inner construct. A loop whose values are used after
// it leaves from its header (see exitFromHeader).
#include "Passes.h"
#include "StructuredCFG.h"

#include <llvm/Analysis/LoopInfo.h>
#include <llvm/IR/Dominators.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/Transforms/Utils/BasicBlockUtils.h>
#include <llvm/Transforms/Utils/LoopUtils.h>

using namespace llvm;

namespace hipvk {

static bool splitLoopHeaders(Function &f) {
  DominatorTree dt(f);
  LoopInfo li(dt);
  for (Loop *loop : li.getLoopsInPreorder()) {
    BasicBlock *header = loop->getHeader();
    // A header that leaves the loop (exitFromHeader's shape) keeps its branch: OpLoopMerge, then
    // OpBranchConditional to the merge block or the body.
    bool headerBranches = header->getTerminator()->getNumSuccessors() > 1 && !loop->isLoopExiting(header);
    if (headerBranches || loop->getLoopLatch() == header) {
      SplitBlock(header, header->getFirstNonPHIIt(), static_cast<DominatorTree *>(nullptr), nullptr, nullptr,
                 header->getName() + ".body");
      return true;
    }
  }
  return false;
}

// A structurized loop leaves from its latch (`latch: br %leave, %exit, %header`), and a value the
// loop computes may be used after it. Each lane then needs the value of its own last iteration,
// which SPIR-V guarantees, but SwiftShader (which runs a loop for all lanes of a subgroup until the
// last one leaves) gives every lane the value of the subgroup's last iteration. So such a loop is
// rewritten to leave from its header, the way glslang writes a while loop: the header carries
// "leave" and each value used after the loop as phis fed by the latch, the latch only branches
// back, and the header branches to the exit or the body. Header phis keep a value per lane on every
// driver. Costs one phi per value and a branch per iteration.
// Returns true after rewriting one loop; `touched` is set by any change (an exit split, LCSSA phis).
static bool exitFromHeader(Function &f, bool &touched) {
  DominatorTree dt(f);
  LoopInfo li(dt);
  for (Loop *loop : li.getLoopsInPreorder()) {
    BasicBlock *header = loop->getHeader(), *latch = loop->getLoopLatch(), *exit = loop->getUniqueExitBlock();
    auto *latchBranch = latch ? dyn_cast<BranchInst>(latch->getTerminator()) : nullptr;
    if (!exit || latch == header || !latchBranch || !latchBranch->isConditional() || loop->getExitingBlock() != latch ||
        !isa<BranchInst>(header->getTerminator()) ||
        header->getTerminator()->getNumSuccessors() != 1)
      continue;
    if (exit->getSinglePredecessor() != latch) {
      exit = SplitBlockPredecessors(exit, {latch}, ".exit", &dt, &li);
      if (!exit) continue;
      touched = true;
    }
    // Recursively: a value of an inner loop used after this one must reach the exit through phis too.
    touched |= formLCSSARecursively(*loop, dt, &li, nullptr);
    if (exit->phis().empty()) continue; // nothing computed in the loop is used after it

    IRBuilder<> b(header, header->getFirstNonPHIIt());
    PHINode *leave = b.CreatePHI(b.getInt1Ty(), 2, "leave");
    Value *leaveNow = latchBranch->getCondition();
    if (latchBranch->getSuccessor(0) != exit) {
      IRBuilder<> atLatch(latchBranch);
      leaveNow = atLatch.CreateNot(leaveNow, "leave.now");
    }
    SmallVector<BasicBlock *, 2> entries;
    for (BasicBlock *pred : predecessors(header))
      if (pred != latch) entries.push_back(pred);
    for (BasicBlock *entry : entries) leave->addIncoming(b.getFalse(), entry);
    leave->addIncoming(leaveNow, latch);
    for (PHINode &phi : make_early_inc_range(exit->phis())) {
      PHINode *last = b.CreatePHI(phi.getType(), 2, phi.getName() + ".last");
      // Never read on entry (the body runs at least once); zero rather than poison keeps undefined
      // values out of the module.
      for (BasicBlock *entry : entries) last->addIncoming(Constant::getNullValue(phi.getType()), entry);
      last->addIncoming(phi.getIncomingValueForBlock(latch), latch);
      phi.replaceAllUsesWith(last);
      phi.eraseFromParent();
    }
    BasicBlock *body = header->getTerminator()->getSuccessor(0);
    header->getTerminator()->eraseFromParent();
    BranchInst::Create(exit, body, leave, header);
    latchBranch->eraseFromParent();
    BranchInst::Create(header, latch);
    return true;
  }
  return false;
}

PreservedAnalyses StructuredMergesPass::run(Function &f, FunctionAnalysisManager &) {
  bool changed = false;
  while (splitLoopHeaders(f)) changed = true;
  while (exitFromHeader(f, changed)) changed = true;
  // Each round resolves one conflict; the number of blocks bounds the rounds.
  for (size_t round = 0, limit = 4 * f.size() + 16; round < limit; ++round) {
    StructuredCFG cfg;
    MergeConflict conflict;
    std::string problem;
    if (annotateStructuredCFG(f, cfg, conflict, problem) || !conflict.block) break;
    SplitBlockPredecessors(conflict.block, conflict.predecessors, ".merge");
    changed = true;
  }
  return changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace hipvk
