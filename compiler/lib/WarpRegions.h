// What LogicalWarpsPass needs of a kernel's control flow: which blocks the threads of a workgroup
// reach together (Divergence), and the rewrite that moves a warp operation under a branch only some
// threads take to a place every thread reaches (hoistOutOfBranches).
#pragma once

#include "DeviceBuiltins.h"

#include <llvm/ADT/DenseMap.h>
#include <llvm/ADT/DenseSet.h>
#include <llvm/ADT/SmallVector.h>
#include <llvm/Analysis/LoopInfo.h>
#include <llvm/Analysis/PostDominators.h>
#include <llvm/IR/Dominators.h>
#include <llvm/IR/Instructions.h>

#include <optional>
#include <string>

namespace hipvk {

std::optional<DeviceBuiltin> builtinOf(const llvm::Instruction &inst);
// AMD's DPP and ds_swizzle intrinsics: they read another lane.
bool isLanePattern(const llvm::Instruction &inst);
// Whether any thread of the workgroup passes true (i1 -> i1): what a loop in step asks each round
// (hoistOutOfBranches); LogicalWarpsPass lowers it.
inline constexpr const char *kWorkgroupAny = "hipvk.workgroup_any";
// A warp operation that reads other lanes (a lane id or mask is the thread's own).
bool exchangesLanes(const llvm::CallInst &call);
// What needs every thread of the workgroup at a barrier once warps are logical: an exchange, or
// a warp barrier.
bool meetsWorkgroup(const llvm::CallInst &call);

// The values that may differ between the invocations of a workgroup, and the blocks not every
// invocation reaches together.
class Divergence {
public:
  explicit Divergence(llvm::Function &f);
  // The branch that makes `bb` run divergently (the first found), or null where the whole block reaches it.
  const llvm::Instruction *divergedBy(const llvm::BasicBlock &bb) const { return divergedBy_.lookup(&bb); }
  // The nearest block dominating `bb` that ends in a branch parting the block's threads (a
  // divergent one, or any inside divergent code) whose paths meet again after `bb` (so `bb` is
  // inside that branch), or null.
  // `inside`: the search starts above that block (for the next enclosing branch).
  llvm::BasicBlock *enclosingBranch(llvm::BasicBlock &bb, llvm::BasicBlock *inside = nullptr) const;
  // Where the paths leaving `branch` meet again (its immediate post-dominator), or null.
  llvm::BasicBlock *join(llvm::BasicBlock &branch) const;
  // The blocks some threads run after `branch` before its paths meet at `join`.
  llvm::SmallVector<llvm::BasicBlock *, 16> between(llvm::BasicBlock &branch, llvm::BasicBlock *join) const;

  const llvm::DominatorTree &dominators() const { return dt_; }
  const llvm::LoopInfo &loops() const { return li_; }

private:
  bool isSource(const llvm::Instruction &inst) const;
  bool votesAcrossWorkgroup(const llvm::Instruction &inst) const;
  void mark(const llvm::Instruction &inst);
  void joinAt(llvm::BasicBlock &bb);
  void divergentBranch(llvm::BasicBlock &from);

  llvm::DominatorTree dt_;
  llvm::PostDominatorTree pdt_;
  llvm::LoopInfo li_;
  const llvm::Function *workgroupAny_;
  llvm::DenseSet<const llvm::Value *> values_;
  llvm::SmallVector<const llvm::Instruction *, 64> work_;
  llvm::DenseSet<const llvm::BasicBlock *> joins_, branches_;
  llvm::DenseMap<const llvm::BasicBlock *, const llvm::Instruction *> divergedBy_;
};

// A warp operation left under divergent control flow: where, the branch that makes it so, and why
// it could not move (empty where no branch encloses it, e.g. a loop whose iteration counts differ).
struct Unhoisted {
  const llvm::Instruction *call;
  const llvm::Instruction *branch;
  std::string why;
};

// Moves each of `calls` (warp operations that need the whole workgroup at a barrier) out of the
// branches only some threads take: the threads that skip the operation meet it at a new block all
// paths pass, take part inactive, and rejoin where the branch's paths met. A loop with such calls
// whose rounds differ between threads (or that sits in such a branch) first runs in step: every
// thread runs as many rounds as the longest (asking kWorkgroupAny each round), inactive where it
// would not have. `active` receives, per moved call, whether the thread reached it in the program
// as written (calls absent: every thread did). A divergent readfirstlane becomes a ballot of the
// active lanes and a readlane of the first.
std::optional<Unhoisted> hoistOutOfBranches(llvm::Function &f, llvm::SmallVectorImpl<llvm::CallInst *> &calls,
                                            llvm::DenseMap<llvm::CallInst *, llvm::Value *> &active);

} // namespace hipvk
