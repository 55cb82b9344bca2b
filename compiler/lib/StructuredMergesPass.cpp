// Reshapes a structurized CFG until every construct has a merge block of its own: loop headers
// keep only their phis (so the header carries OpLoopMerge and the body's branch its own
// OpSelectionMerge), and a merge block wanted by two constructs, or not dominated by its header,
// gets a fresh block in front of it for the inner construct.
#include "Passes.h"
#include "StructuredCFG.h"

#include <llvm/Analysis/LoopInfo.h>
#include <llvm/IR/Dominators.h>
#include <llvm/Transforms/Utils/BasicBlockUtils.h>

using namespace llvm;

namespace hipvk {

static bool splitLoopHeaders(Function &f) {
  DominatorTree dt(f);
  LoopInfo li(dt);
  for (Loop *loop : li.getLoopsInPreorder()) {
    BasicBlock *header = loop->getHeader();
    if (header->getTerminator()->getNumSuccessors() > 1 || loop->getLoopLatch() == header) {
      SplitBlock(header, header->getFirstNonPHIIt(), static_cast<DominatorTree *>(nullptr), nullptr, nullptr,
                 header->getName() + ".body");
      return true;
    }
  }
  return false;
}

PreservedAnalyses StructuredMergesPass::run(Function &f, FunctionAnalysisManager &) {
  bool changed = false;
  while (splitLoopHeaders(f)) changed = true;
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
