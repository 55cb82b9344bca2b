// Threads that return before a barrier. The idiom
//
//   int i = blockIdx.x * blockDim.x + threadIdx.x;
//   if (i >= n) return;
//   ... tile[threadIdx.x] = ...; __syncthreads(); ...
//
// works on NVIDIA and AMD hardware, where a barrier counts exited threads as arrived. Vulkan
// requires every invocation of the workgroup to execute each barrier (uniform control flow), and
// lavapipe shows what breaking that costs: it runs a workgroup as one coroutine per SIMD vector,
// resumed in turns until one is found finished, so a vector whose threads all returned ends the
// workgroup while the others wait at the barrier, and their remaining work (the final stores) is
// silently lost. Here a kernel that may execute a __syncthreads() (any block barrier: cooperative
// groups' block sync, __syncthreads_count/and/or and grid sync call it) after some of its threads
// returned gets the hardware's meaning on every device: the return becomes "this thread has
// exited" and the thread follows the rest of the kernel with its effects suppressed, executing the
// barriers the others execute.
//
//   before                                   after
//     entry: br %out, %ret, %body              entry: %exited = false
//     body:  ...  store tile  barrier ...             br (%out & !%exited), %exit.0, %body
//            loop: ... barrier ... br %loop     exit.0: %exited = true; br %body
//     ret:   ret void                          body:  ... if (!%exited) store tile; barrier ...
//                                                     loop: ... barrier ... br %loop
//
// An exit is a divergent conditional branch whose one side reaches a `ret` without a barrier and
// whose other side reaches a barrier. The exiting side still runs (its own stores happen) and then
// joins the other side with the flag set; if that side has effects it is cloned for the exit, so
// that threads that reach it the ordinary way keep theirs. For an exited thread, in the code it can
// reach: stores, atomics, calls with effects, warp operations and loads from thread-dependent
// addresses are skipped (loads give 0), and so are divisions by thread-dependent values; loops
// without a barrier that it would leave on thread-dependent values it leaves at once; paths that
// cannot return (a failed assert) are not taken. Every branch that decides whether a barrier runs
// must then be uniform over the block and not depend on skipped values (a tile loop bounded by `n`
// and blockDim): where one is not (a barrier inside a loop whose trip count depends on the thread,
// or on data the exited thread did not load), the kernel is refused with a located error. Kernels
// without an exit before a barrier are not changed.
//
// Runs on the inlined kernels before the optimiser (which promotes the flag and merges the skips)
// and before hipvk-lower-traps, so that a trap (an `unreachable` end) is not taken for a return.
#include "DeviceBuiltins.h"
#include "Passes.h"
#include "ValueFunctions.h"

#include <llvm/ADT/DenseSet.h>
#include <llvm/ADT/PostOrderIterator.h>
#include <llvm/ADT/SetVector.h>
#include <llvm/Analysis/LoopInfo.h>
#include <llvm/Analysis/PostDominators.h>
#include <llvm/Demangle/Demangle.h>
#include <llvm/IR/CFG.h>
#include <llvm/IR/DebugInfoMetadata.h>
#include <llvm/IR/Dominators.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/Transforms/Utils/BasicBlockUtils.h>
#include <llvm/Transforms/Utils/Cloning.h>
#include <llvm/Transforms/Utils/Local.h>
#include <llvm/Transforms/Utils/ValueMapper.h>

using namespace llvm;

namespace hipvk {
namespace {

using BlockSet = SmallPtrSet<const BasicBlock *, 32>;

bool isBarrier(const Instruction &inst) { return isSyncthreads(inst); }

bool hasBarrier(const BasicBlock &bb) {
  return any_of(bb, [](const Instruction &inst) { return isBarrier(inst); });
}

// Blocks from which a block satisfying `seed` can be reached (the seeds included).
template <typename Seed> BlockSet reachingBlocks(Function &f, Seed seed) {
  BlockSet result;
  SmallVector<const BasicBlock *, 32> work;
  for (const BasicBlock &bb : f)
    if (seed(bb) && result.insert(&bb).second) work.push_back(&bb);
  while (!work.empty()) {
    const BasicBlock *bb = work.pop_back_val();
    for (const BasicBlock *pred : predecessors(bb))
      if (result.insert(pred).second) work.push_back(pred);
  }
  return result;
}

// Blocks reachable from `starts` (included), never entering `stop`.
BlockSet reachableFrom(ArrayRef<const BasicBlock *> starts, const BasicBlock *stop = nullptr) {
  BlockSet result;
  SmallVector<const BasicBlock *, 32> work;
  for (const BasicBlock *bb : starts)
    if (bb != stop && result.insert(bb).second) work.push_back(bb);
  while (!work.empty()) {
    const BasicBlock *bb = work.pop_back_val();
    for (const BasicBlock *succ : successors(bb))
      if (succ != stop && result.insert(succ).second) work.push_back(succ);
  }
  return result;
}

// The device builtin a call is, if any.
std::optional<DeviceBuiltin> builtinOf(const CallBase &call) {
  const Function *callee = call.getCalledFunction();
  if (!callee) return std::nullopt;
  return deviceBuiltin(callee->getName());
}

bool callsValueFunction(const CallBase &call) {
  const Function *callee = call.getCalledFunction();
  return callee && isValueFunction(*callee);
}

bool isThreadIndex(DeviceBuiltin b) {
  return b == DeviceBuiltin::thread_idx_x || b == DeviceBuiltin::thread_idx_y || b == DeviceBuiltin::thread_idx_z;
}

// Intrinsics that neither an exited thread nor the analysis needs to care about.
bool isHarmlessIntrinsic(const Instruction &inst) {
  if (isa<DbgInfoIntrinsic>(inst)) return true;
  if (const auto *ii = dyn_cast<IntrinsicInst>(&inst))
    return ii->isLifetimeStartOrEnd() || ii->getIntrinsicID() == Intrinsic::experimental_noalias_scope_decl;
  return false;
}

// Which values may differ between the threads of a block (a forward analysis over SSA values).
// Sources: thread indices, lane builtins and warp operations, clocks, atomics, loads of private
// memory or through thread-dependent addresses, unknown calls. With `pdt`, also the phis where the
// paths of a divergent branch join (up to its immediate post-dominator), and values used outside a
// loop that threads leave in different iterations.
class Divergence {
public:
  // `forced`: branches whose paths all reach the same values (the rewritten exits: exited threads
  // take the other side with the values of the branch), which make nothing divergent.
  Divergence(Function &f, const PostDominatorTree *pdt, const LoopInfo *li, const SmallPtrSetImpl<const Instruction *> *forced = nullptr)
      : f(f), forced(forced) {
    for (;;) {
      propagate();
      if (!pdt || !addSyncDependence(*pdt, *li)) break;
    }
  }
  bool divergent(const Value *v) const { return values.contains(v); }
  bool divergentBranch(const Instruction *term) const {
    if (const auto *br = dyn_cast<BranchInst>(term)) return br->isConditional() && divergent(br->getCondition());
    if (const auto *sw = dyn_cast<SwitchInst>(term)) return divergent(sw->getCondition());
    return isa<IndirectBrInst>(term) || isa<CallBrInst>(term);
  }

private:
  bool anyOperandDivergent(const Instruction &inst) const {
    return any_of(inst.operands(), [&](const Use &u) { return divergent(u.get()); });
  }

  static bool source(const Instruction &inst) {
    if (const auto *call = dyn_cast<CallBase>(&inst)) {
      if (std::optional<DeviceBuiltin> b = builtinOf(*call)) {
        if (isThreadIndex(*b) || deviceBuiltinUsesLanes(*b) || deviceBuiltinSynchronises(*b)) return true;
        if (*b == DeviceBuiltin::clock_subgroup || *b == DeviceBuiltin::clock_device) return true;
        return false; // the launch's constants (blockIdx, blockDim, ...) and pure functions of the arguments
      }
      if (isa<IntrinsicInst>(call) && call->doesNotAccessMemory() && !call->isConvergent()) return false;
      return !callsValueFunction(*call); // a value function's result depends on its operands alone
    }
    if (const auto *load = dyn_cast<LoadInst>(&inst))
      return !load->isUnordered() || load->getPointerAddressSpace() == AS::Private;
    return isa<AtomicRMWInst>(inst) || isa<AtomicCmpXchgInst>(inst);
  }

  void propagate() {
    bool changed = true;
    ReversePostOrderTraversal<Function *> rpo(&f);
    while (changed) {
      changed = false;
      for (BasicBlock *bb : rpo)
        for (Instruction &inst : *bb)
          if (!inst.getType()->isVoidTy() && !values.contains(&inst) && (source(inst) || anyOperandDivergent(inst)))
            changed |= values.insert(&inst).second;
    }
  }

  // Adds what divergent branches make divergent; returns whether anything was added.
  bool addSyncDependence(const PostDominatorTree &pdt, const LoopInfo &li) {
    bool added = false;
    for (BasicBlock &bb : f) {
      Instruction *term = bb.getTerminator();
      if (!divergentBranch(term) || (forced && forced->contains(term)) || !seenBranches.insert(term).second) continue;
      const DomTreeNode *node = pdt.getNode(&bb);
      const BasicBlock *join = node && node->getIDom() ? node->getIDom()->getBlock() : nullptr;
      // The blocks each successor reaches before the post-dominator; where two of them meet (and at
      // the post-dominator) a phi whose values along those paths differ is divergent.
      DenseMap<const BasicBlock *, unsigned> reachedBy;
      BlockSet region;
      for (const BasicBlock *succ : successors(&bb)) {
        SmallVector<const BasicBlock *, 1> start{succ};
        for (const BasicBlock *inside : reachableFrom(start, join)) {
          ++reachedBy[inside];
          region.insert(inside);
        }
      }
      auto joinPhis = [&](const BasicBlock *at) {
        for (const PHINode &phi : at->phis()) {
          const Value *seen = nullptr;
          bool differ = false;
          for (unsigned i = 0; i < phi.getNumIncomingValues(); ++i) {
            const BasicBlock *in = phi.getIncomingBlock(i);
            if (in != &bb && !region.contains(in)) continue;
            if (seen && seen != phi.getIncomingValue(i)) differ = true;
            seen = phi.getIncomingValue(i);
          }
          if (differ) added |= values.insert(&phi).second;
        }
      };
      for (auto [inside, count] : reachedBy)
        if (count > 1) joinPhis(inside);
      if (join) joinPhis(join);
      // Values of a loop that threads leave in different iterations differ after it.
      for (const BasicBlock *succ : successors(&bb)) {
        const Loop *left = nullptr;
        for (const Loop *l = li.getLoopFor(&bb); l; l = l->getParentLoop())
          if (!l->contains(succ)) left = l;
        if (!left) continue;
        for (const BasicBlock *inLoop : left->blocks())
          for (const Instruction &inst : *inLoop)
            if (!inst.getType()->isVoidTy() && any_of(inst.users(), [&](const User *u) {
                  return !left->contains(cast<Instruction>(u)->getParent());
                }))
              added |= values.insert(&inst).second;
      }
    }
    return added;
  }

  Function &f;
  const SmallPtrSetImpl<const Instruction *> *forced;
  DenseSet<const Value *> values;
  SmallPtrSet<const Instruction *, 16> seenBranches;
};

// An early exit: `branch` goes to successor `exitSide` towards a return without a barrier, to the
// other towards a barrier.
struct Exit {
  BranchInst *branch;
  unsigned exitSide;
};

// Whether an exited thread must skip `inst`.
bool mustSkip(const Instruction &inst, const Divergence &div) {
  if (isa<StoreInst>(inst) || isa<AtomicRMWInst>(inst) || isa<AtomicCmpXchgInst>(inst)) return true;
  if (const auto *load = dyn_cast<LoadInst>(&inst)) return !load->isUnordered() || div.divergent(load->getPointerOperand());
  if (const auto *call = dyn_cast<CallBase>(&inst)) {
    if (isBarrier(inst) || isHarmlessIntrinsic(inst)) return false;
    if (std::optional<DeviceBuiltin> b = builtinOf(*call)) return deviceBuiltinSynchronises(*b) || *b == DeviceBuiltin::trap;
    if (const auto *ii = dyn_cast<IntrinsicInst>(call)) return ii->getIntrinsicID() == Intrinsic::assume || !ii->doesNotAccessMemory() || ii->isConvergent();
    return !callsValueFunction(*call); // no effect to suppress
  }
  if (const auto *bin = dyn_cast<BinaryOperator>(&inst))
    switch (bin->getOpcode()) {
    case Instruction::UDiv:
    case Instruction::SDiv:
    case Instruction::URem:
    case Instruction::SRem:
      return div.divergent(bin->getOperand(1)) || div.divergent(bin->getOperand(0));
    default: break;
    }
  return false;
}

bool hasEffects(const BasicBlock &bb) {
  return any_of(bb, [](const Instruction &inst) { return !isHarmlessIntrinsic(inst) && inst.mayHaveSideEffects(); });
}

// " (line N)" of where `inst` is in the kernel's own source (the outermost call it was inlined from).
std::string lineOf(const Instruction *inst) {
  const DILocation *loc = inst ? inst->getDebugLoc().get() : nullptr;
  if (!loc) return "";
  while (const DILocation *caller = loc->getInlinedAt()) loc = caller;
  return " (line " + std::to_string(loc->getLine()) + ")";
}

class ExitedThreads {
public:
  ExitedThreads(Function &f, CompileContext &ctx) : f(f), ctx(ctx), c(f.getContext()) {}

  bool run() {
    if (none_of(instructions(f), [](const Instruction &inst) { return isBarrier(inst); })) return false;
    std::vector<Exit> exits = findExits();
    if (exits.empty() || !loopsEnd(exits)) return false;
    createFlag();
    SmallVector<const BasicBlock *, 8> resumes;
    for (const Exit &e : exits) resumes.push_back(rewriteExit(e));
    removeUnreachableBlocks(f); // exit sides now reached only through their clones
    predicate(exits, resumes);
    return true;
  }

private:
  std::vector<Exit> findExits() {
    BlockSet toBarrier = reachingBlocks(f, [](const BasicBlock &bb) { return hasBarrier(bb); });
    BlockSet toReturn = reachingBlocks(f, [](const BasicBlock &bb) { return isa<ReturnInst>(bb.getTerminator()); });
    Divergence div(f, nullptr, nullptr);
    std::vector<Exit> exits;
    for (BasicBlock &bb : f) {
      auto *br = dyn_cast<BranchInst>(bb.getTerminator());
      if (!br || !br->isConditional() || br->getSuccessor(0) == br->getSuccessor(1) || !div.divergent(br->getCondition())) continue;
      for (unsigned side = 0; side < 2; ++side) {
        const BasicBlock *out = br->getSuccessor(side), *on = br->getSuccessor(1 - side);
        if (!toBarrier.contains(out) && toReturn.contains(out) && toBarrier.contains(on)) exits.push_back({br, side});
      }
    }
    return exits;
  }

  // Exited threads stay in a loop that an exit leaves (they take the other side): each loop with a
  // barrier that an exit leaves needs an exit of its own that is not one, which the others take
  // together (checked with the other barrier conditions). A loop whose every exit is taken by some
  // threads earlier than by others (a trip count that depends on the thread) is refused.
  bool loopsEnd(const std::vector<Exit> &exits) {
    DominatorTree dt(f);
    LoopInfo li(dt);
    SmallPtrSet<const Instruction *, 8> forced;
    for (const Exit &e : exits) forced.insert(e.branch);
    for (const Exit &e : exits) {
      const BasicBlock *from = e.branch->getParent(), *out = e.branch->getSuccessor(e.exitSide);
      for (const Loop *l = li.getLoopFor(from); l && !l->contains(out); l = l->getParentLoop()) {
        SmallVector<BasicBlock *, 4> exiting;
        l->getExitingBlocks(exiting);
        if (any_of(exiting, [&](const BasicBlock *bb) { return !forced.contains(bb->getTerminator()); })) continue;
        const Instruction *barrier = nullptr;
        for (const BasicBlock *bb : l->blocks())
          for (const Instruction &inst : *bb)
            if (!barrier && isBarrier(inst)) barrier = &inst;
        refuse(e.branch, barrier, exits);
        return false;
      }
    }
    return true;
  }

  void createFlag() {
    BasicBlock &entry = f.getEntryBlock();
    IRBuilder<> b(&entry, entry.getFirstInsertionPt());
    flag = b.CreateAlloca(b.getInt1Ty(), AS::Private, nullptr, "exited");
    b.CreateStore(b.getFalse(), flag);
  }

  Value *loadFlag(Instruction *before) {
    IRBuilder<> b(before);
    return b.CreateLoad(b.getInt1Ty(), flag, "exited.now");
  }

  // Makes the exit's thread run its exit side, then set the flag and join the other side; returns
  // the block where exited threads join.
  const BasicBlock *rewriteExit(const Exit &e) {
    BranchInst *br = e.branch;
    BasicBlock *from = br->getParent(), *out = br->getSuccessor(e.exitSide), *on = br->getSuccessor(1 - e.exitSide);
    BasicBlock *resume = BasicBlock::Create(c, "exit.resume", &f, on);
    IRBuilder<> b(resume);
    b.CreateStore(b.getTrue(), flag);
    b.CreateBr(on)->setDebugLoc(br->getDebugLoc());
    for (PHINode &phi : on->phis()) phi.addIncoming(phi.getIncomingValueForBlock(from), resume);
    exitBranches.insert(br);

    // The exit side: what it reaches up to the returns. Without effects it is left to the threads
    // that reach it otherwise; with effects it is cloned for the exit, its returns joining `resume`.
    SmallVector<const BasicBlock *, 1> start{out};
    BlockSet side = reachableFrom(start);
    BasicBlock *target = resume;
    if (any_of(side, [](const BasicBlock *bb) { return hasEffects(*bb); })) {
      ValueToValueMapTy map;
      SmallVector<BasicBlock *, 8> clones;
      for (BasicBlock &bb : f)
        if (side.contains(&bb)) {
          BasicBlock *clone = CloneBasicBlock(&bb, map, ".exit", &f);
          map[&bb] = clone;
          clones.push_back(clone);
        }
      remapInstructionsInBlocks(clones, map);
      for (BasicBlock *clone : clones) {
        for (PHINode &phi : make_early_inc_range(clone->phis()))
          for (unsigned i = phi.getNumIncomingValues(); i-- > 0;) {
            BasicBlock *in = phi.getIncomingBlock(i);
            bool fromClone = is_contained(clones, in);
            if (!fromClone && in != from) phi.removeIncomingValue(i, false);
          }
        if (auto *ret = dyn_cast<ReturnInst>(clone->getTerminator())) {
          BranchInst::Create(resume, clone)->setDebugLoc(ret->getDebugLoc());
          ret->eraseFromParent();
        }
      }
      target = cast<BasicBlock>(map[out]);
    }
    out->removePredecessor(from, /*KeepOneInputPHIs=*/true);
    br->setSuccessor(e.exitSide, target);
    // Threads that already exited take the other side at once.
    Value *exited = loadFlag(br);
    IRBuilder<> ib(br);
    Value *cond = br->getCondition();
    br->setCondition(e.exitSide == 0 ? ib.CreateAnd(cond, ib.CreateNot(exited)) : ib.CreateOr(cond, exited));
    if (target != resume) {
      // A cloned exit side may only be entered from `from` now.
      for (PHINode &phi : target->phis())
        if (phi.getBasicBlockIndex(from) < 0) phi.addIncoming(PoisonValue::get(phi.getType()), from);
    }
    return resume;
  }

  void predicate(const std::vector<Exit> &exits, ArrayRef<const BasicBlock *> resumes) {
    DominatorTree dt(f);
    LoopInfo li(dt);
    PostDominatorTree pdt(f);
    Divergence div(f, &pdt, &li, &exitBranches);
    BlockSet reached = reachableFrom(resumes);
    BlockSet toReturn = reachingBlocks(f, [](const BasicBlock &bb) { return isa<ReturnInst>(bb.getTerminator()); });

    // Branches exited threads take: those deciding whether a barrier runs must agree with the live
    // threads'; the others are steered away from dead ends and out of thread-dependent loops.
    SmallVector<std::pair<BranchInst *, unsigned>, 8> steer; // branch, successor exited threads take
    for (const BasicBlock *bb : reached) {
      Instruction *term = const_cast<Instruction *>(bb->getTerminator());
      if (exitBranches.contains(term) || term->getNumSuccessors() < 2) continue;
      auto *br = dyn_cast<BranchInst>(term);
      // A side that cannot return (a failed assert, a trap): exited threads take the other.
      if (br && toReturn.contains(br->getSuccessor(0)) != toReturn.contains(br->getSuccessor(1))) {
        steer.push_back({br, toReturn.contains(br->getSuccessor(0)) ? 0u : 1u});
        continue;
      }
      const DomTreeNode *node = pdt.getNode(bb);
      const BasicBlock *join = node && node->getIDom() ? node->getIDom()->getBlock() : nullptr;
      SmallVector<const BasicBlock *, 4> succs(successors(bb));
      BlockSet region = reachableFrom(succs, join);
      const Instruction *barrier = nullptr;
      for (const BasicBlock *inside : region)
        for (const Instruction &inst : *inside)
          if (!barrier && isBarrier(inst)) barrier = &inst;
      if (barrier) {
        if (div.divergentBranch(term)) refuse(term, barrier, exits);
        continue;
      }
      if (!br) continue;
      if (!div.divergent(br->getCondition())) continue;
      if (const Loop *l = li.getLoopFor(bb))
        for (unsigned s = 0; s < 2; ++s)
          if (!l->contains(br->getSuccessor(s)) && l->contains(br->getSuccessor(1 - s))) steer.push_back({br, s});
    }
    if (ctx.diagnostics.hasErrors()) return;

    SmallVector<Instruction *, 32> skipped;
    for (BasicBlock &bb : f)
      if (reached.contains(&bb))
        for (Instruction &inst : bb)
          if (mustSkip(inst, div) && !isFlagAccess(inst)) skipped.push_back(&inst);

    for (auto [br, side] : steer) {
      Value *exited = loadFlag(br);
      IRBuilder<> b(br);
      Value *cond = br->getCondition();
      br->setCondition(side == 0 ? b.CreateOr(cond, exited) : b.CreateAnd(cond, b.CreateNot(exited)));
    }
    skipRuns(skipped);
  }

  bool isFlagAccess(const Instruction &inst) const {
    if (const auto *store = dyn_cast<StoreInst>(&inst)) return store->getPointerOperand() == flag;
    if (const auto *load = dyn_cast<LoadInst>(&inst)) return load->getPointerOperand() == flag;
    return false;
  }

  // Puts the skipped instructions under `if (!exited)`, a run of them at a time; their values are 0
  // for exited threads. A computation between two of them joins the run when only skipped
  // instructions use it (an address), and moves in front of it when it needs nothing of the run.
  void skipRuns(ArrayRef<Instruction *> skipped) {
    SmallPtrSet<Instruction *, 32> skip(skipped.begin(), skipped.end());
    SetVector<BasicBlock *> blocks;
    for (Instruction *inst : skipped) blocks.insert(inst->getParent());
    auto pure = [](const Instruction &inst) {
      return !isa<PHINode>(inst) && !inst.isTerminator() && !inst.mayHaveSideEffects() && !inst.mayReadFromMemory() &&
             !isa<AllocaInst>(inst) && !(isa<CallBase>(inst) && cast<CallBase>(inst).isConvergent());
    };
    for (BasicBlock *bb : blocks) {
      SmallVector<Instruction *, 32> body;
      for (Instruction &inst : *bb) body.push_back(&inst);
      SmallVector<SmallVector<Instruction *, 8>, 4> runs;
      SmallVector<Instruction *, 8> run;
      SmallPtrSet<Instruction *, 16> inRun;
      auto close = [&] {
        while (!run.empty() && !skip.contains(run.back())) run.pop_back();
        if (!run.empty()) runs.push_back(run);
        run.clear();
        inRun.clear();
      };
      for (Instruction *inst : body) {
        if (skip.contains(inst)) {
          run.push_back(inst);
          inRun.insert(inst);
          continue;
        }
        if (!run.empty() && pure(*inst)) {
          if (all_of(inst->users(), [&](User *u) { return skip.contains(cast<Instruction>(u)); })) {
            run.push_back(inst);
            inRun.insert(inst);
            continue;
          }
          if (none_of(inst->operands(), [&](const Use &u) { return inRun.contains(dyn_cast<Instruction>(u.get())); })) {
            inst->moveBefore(run.front());
            continue;
          }
        }
        close();
      }
      close();
      for (ArrayRef<Instruction *> r : runs) guard(r);
    }
  }

  void guard(ArrayRef<Instruction *> run) {
    Instruction *first = run.front(), *after = run.back()->getNextNode();
    Value *exited = loadFlag(first);
    Instruction *thenTerm = SplitBlockAndInsertIfThen(IRBuilder<>(first).CreateNot(exited), first, false);
    BasicBlock *then = thenTerm->getParent(), *head = then->getSinglePredecessor(), *tail = after->getParent();
    for (Instruction *inst : run) inst->moveBefore(thenTerm);
    IRBuilder<> b(tail, tail->getFirstInsertionPt());
    for (Instruction *inst : run) {
      if (inst->getType()->isVoidTy() || all_of(inst->users(), [&](User *u) { return cast<Instruction>(u)->getParent() == then; }))
        continue;
      PHINode *phi = b.CreatePHI(inst->getType(), 2, inst->getName() + ".live");
      inst->replaceUsesWithIf(phi, [&](Use &u) { return cast<Instruction>(u.getUser())->getParent() != then; });
      phi->addIncoming(inst, then);
      phi->addIncoming(Constant::getNullValue(inst->getType()), head);
    }
  }

  void refuse(const Instruction *branch, const Instruction *barrier, const std::vector<Exit> &exits) {
    if (!reported.insert(branch).second) return;
    const Instruction *at = branch->getDebugLoc() || !barrier ? branch : barrier;
    ctx.diagnostics.error(at, "kernel '" + demangle(f.getName().str()) + "': threads may return" + lineOf(exits.front().branch) +
                                  " before a __syncthreads()" + lineOf(barrier) +
                                  " that the rest of the block executes, and whether it runs depends on this condition, which "
                                  "differs between threads (or depends on data a returned thread did not load): hipvk cannot "
                                  "keep the returned threads at that barrier, as NVIDIA and AMD hardware do (Vulkan has no "
                                  "barrier that counts exited threads; docs/HIP_ON_VULKAN.md, 'Threads that exit before a "
                                  "barrier'). Make the condition the same for the whole block, or replace the early return by "
                                  "a condition around the work");
  }

  Function &f;
  CompileContext &ctx;
  LLVMContext &c;
  AllocaInst *flag = nullptr;
  SmallPtrSet<const Instruction *, 8> exitBranches;
  SmallPtrSet<const Instruction *, 8> reported;
};

} // namespace

PreservedAnalyses ExitedThreadsPass::run(Function &f, FunctionAnalysisManager &) {
  if (f.isDeclaration() || !isKernel(f)) return PreservedAnalyses::all();
  return ExitedThreads(f, ctx).run() ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace hipvk
