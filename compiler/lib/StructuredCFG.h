// The structured-control-flow annotation of a structurized function: which blocks head a loop or
// a selection, and their merge and continue blocks, as SPIR-V's OpLoopMerge/OpSelectionMerge need.
#pragma once

#include <llvm/ADT/DenseMap.h>
#include <llvm/ADT/SmallVector.h>

#include <string>

namespace llvm {
class BasicBlock;
class Function;
} // namespace llvm

namespace hipvk {

struct StructuredCFG {
  struct Loop {
    llvm::BasicBlock *merge = nullptr, *continueTarget = nullptr;
  };
  llvm::DenseMap<const llvm::BasicBlock *, Loop> loops;                        // by loop header
  llvm::DenseMap<const llvm::BasicBlock *, llvm::BasicBlock *> selections;     // header -> merge
  llvm::SmallVector<llvm::BasicBlock *, 0> blockOrder; // reverse post-order: dominators first
};

// A merge block that needs splitting so that the CFG can be annotated: the header that wants it,
// the block, and the predecessors that must be rerouted through a new block.
struct MergeConflict {
  llvm::BasicBlock *block = nullptr;
  llvm::SmallVector<llvm::BasicBlock *, 4> predecessors;
};

// Annotates `f`. Returns false and fills `conflict` (or `problem`, when the CFG is not
// structurized at all) when the annotation is not possible as the CFG stands.
bool annotateStructuredCFG(llvm::Function &f, StructuredCFG &out, MergeConflict &conflict, std::string &problem);

} // namespace hipvk
