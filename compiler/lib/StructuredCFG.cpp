#include "StructuredCFG.h"

#include <llvm/ADT/DepthFirstIterator.h>
#include <llvm/ADT/PostOrderIterator.h>
#include <llvm/Analysis/LoopInfo.h>
#include <llvm/Analysis/PostDominators.h>
#include <llvm/IR/Dominators.h>
#include <llvm/IR/Function.h>
#include <llvm/IR/Instructions.h>

#include <set>

using namespace llvm;

namespace hipvk {

bool annotateStructuredCFG(Function &f, StructuredCFG &out, MergeConflict &conflict, std::string &problem) {
  DominatorTree dt(f);
  PostDominatorTree pdt(f);
  LoopInfo li(dt);
  out = StructuredCFG();

  // Loop headers and continue targets are taken: no selection may merge there.
  std::set<const BasicBlock *> claimed;
  for (llvm::Loop *loop : li.getLoopsInPreorder()) {
    BasicBlock *latch = loop->getLoopLatch();
    if (!latch) {
      problem = "loop with several back edges";
      return false;
    }
    claimed.insert(loop->getHeader());
    claimed.insert(latch);
  }

  auto conflictAt = [&](BasicBlock *header, BasicBlock *merge, auto inConstruct) {
    conflict.block = merge;
    conflict.predecessors.clear();
    for (BasicBlock *pred : predecessors(merge))
      if (inConstruct(pred)) conflict.predecessors.push_back(pred);
    if (conflict.predecessors.empty()) problem = "merge block of '" + header->getName().str() + "' has no predecessor inside the construct";
    return false;
  };

  for (BasicBlock *bb : depth_first(&f.getEntryBlock())) {
    llvm::Loop *loop = li.getLoopFor(bb);
    if (loop && loop->getHeader() == bb) {
      BasicBlock *exit = loop->getUniqueExitBlock();
      if (!exit) {
        problem = "loop with several exits";
        return false;
      }
      if (claimed.count(exit) || !dt.dominates(bb, exit))
        return conflictAt(bb, exit, [&](BasicBlock *p) { return loop->contains(p); });
      claimed.insert(exit);
      out.loops[bb] = {exit, loop->getLoopLatch()};
      continue;
    }
    auto *branch = dyn_cast<BranchInst>(bb->getTerminator());
    if (!branch || !branch->isConditional() || branch->getSuccessor(0) == branch->getSuccessor(1)) continue;
    if (loop && loop->getLoopLatch() == bb) continue; // back edge + exit: needs no merge
    DomTreeNode *node = pdt.getNode(bb);
    BasicBlock *merge = node && node->getIDom() ? node->getIDom()->getBlock() : nullptr;
    if (!merge) {
      problem = "conditional branch without a post-dominating join in '" + bb->getName().str() + "'";
      return false;
    }
    if (claimed.count(merge) || !dt.dominates(bb, merge))
      return conflictAt(bb, merge, [&](BasicBlock *p) { return dt.dominates(bb, p); });
    claimed.insert(merge);
    out.selections[bb] = merge;
  }

  ReversePostOrderTraversal<Function *> rpot(&f);
  out.blockOrder.assign(rpot.begin(), rpot.end());
  return true;
}

} // namespace hipvk
