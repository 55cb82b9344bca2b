// Divergence of a kernel's control flow, and moving warp operations out of divergent branches
// (WarpRegions.h; docs/HIP_ON_VULKAN.md, "Logical warps").
#include "WarpRegions.h"

#include "CompileContext.h"
#include "SpirvEmitterImpl.h"
#include "ValueFunctions.h"

#include <llvm/ADT/SetVector.h>
#include <llvm/Analysis/ValueTracking.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/IntrinsicsAMDGPU.h>
#include <llvm/IR/Module.h>
#include <llvm/Transforms/Utils/BasicBlockUtils.h>
#include <llvm/Transforms/Utils/SSAUpdater.h>

using namespace llvm;

namespace hipvk {

using B = DeviceBuiltin;

std::optional<DeviceBuiltin> builtinOf(const Instruction &inst) {
  if (const auto *call = dyn_cast<CallInst>(&inst))
    if (const Function *callee = call->getCalledFunction()) return deviceBuiltin(callee->getName());
  return std::nullopt;
}

bool isLanePattern(const Instruction &inst) {
  const auto *call = dyn_cast<CallInst>(&inst);
  const Function *callee = call ? call->getCalledFunction() : nullptr;
  return callee && isAmdgpuLanePattern(callee->getName());
}

bool exchangesLanes(const CallInst &call) {
  if (isLanePattern(call)) return true;
  switch (*builtinOf(call)) {
  case B::lane_id: case B::warp_size: case B::mbcnt_lo: case B::mbcnt_hi: case B::warp_sync: return false;
  default: return deviceBuiltinUsesLanes(*builtinOf(call));
  }
}

bool meetsWorkgroup(const CallInst &call) { return exchangesLanes(call) || builtinOf(call) == B::warp_sync; }

// Divergence spreads from its sources to their users (a worklist), and from a divergent branch to
// the phis where its paths meet and to what a loop whose iteration counts then differ computes.
Divergence::Divergence(Function &f) : dt_(f), pdt_(f), li_(dt_), workgroupAny_(f.getParent()->getFunction(kWorkgroupAny)) {
  for (Instruction &inst : instructions(f))
    if (isSource(inst)) mark(inst);
  while (!work_.empty()) {
    const Instruction *v = work_.pop_back_val();
    for (const User *user : v->users()) {
      const auto *ui = dyn_cast<Instruction>(user);
      if (!ui) continue;
      if (const auto *br = dyn_cast<BranchInst>(ui); br && br->isConditional() && br->getCondition() == v)
        divergentBranch(*const_cast<BasicBlock *>(br->getParent()));
      else if (const auto *sw = dyn_cast<SwitchInst>(ui); sw && sw->getCondition() == v)
        divergentBranch(*const_cast<BasicBlock *>(sw->getParent()));
      else if (!ui->getType()->isVoidTy() && !votesAcrossWorkgroup(*ui))
        mark(*ui);
    }
  }
}

void Divergence::mark(const Instruction &inst) {
  if (values_.insert(&inst).second) work_.push_back(&inst);
}

void Divergence::joinAt(BasicBlock &bb) {
  if (!joins_.insert(&bb).second) return;
  for (PHINode &phi : bb.phis())
    if (!phi.hasConstantOrUndefValue()) mark(phi);
}

bool Divergence::votesAcrossWorkgroup(const Instruction &inst) const {
  const auto *call = dyn_cast<CallInst>(&inst);
  return call && workgroupAny_ && call->getCalledFunction() == workgroupAny_;
}

// Where values start to differ: thread and lane ids, the results of warp operations (they differ
// between warps), clocks, atomics, private memory, calls of unknown functions.
bool Divergence::isSource(const Instruction &inst) const {
  if (votesAcrossWorkgroup(inst)) return false; // the same in every thread
  if (isa<AtomicRMWInst>(inst) || isa<AtomicCmpXchgInst>(inst)) return true;
  if (const auto *load = dyn_cast<LoadInst>(&inst)) {
    const unsigned as = load->getPointerAddressSpace();
    return as == AS::Private || as == AS::Generic;
  }
  const auto *call = dyn_cast<CallInst>(&inst);
  if (!call || call->getType()->isVoidTy()) return false;
  if (std::optional<DeviceBuiltin> b = builtinOf(inst)) {
    switch (*b) {
    case B::thread_idx_x: case B::thread_idx_y: case B::thread_idx_z:
    case B::clock_subgroup: case B::clock_device: return true;
    default: return deviceBuiltinUsesLanes(*b);
    }
  }
  const Function *callee = call->getCalledFunction();
  if (callee && isValueFunction(*callee)) return false; // a function of its operands
  return !callee || !callee->isIntrinsic() || isLanePattern(inst);
}

// A branch that splits the block: what it reaches before the paths meet again runs divergently,
// the meeting block's phis differ. Where the paths meet only in a later iteration or after the
// loop (a divergent exit or continue), the loop's iteration counts differ: the whole loop runs
// divergently, and what it computes differs where used after it.
void Divergence::divergentBranch(BasicBlock &from) {
  if (!branches_.insert(&from).second) return;
  const Instruction *branch = from.getTerminator();
  BasicBlock *meet = join(from);
  if (meet) joinAt(*meet);
  SmallVector<BasicBlock *, 16> region = between(from, meet);
  for (BasicBlock *bb : region) divergedBy_.try_emplace(bb, branch);
  if (Loop *loop = li_.getLoopFor(&from)) {
    const bool iterationsDiffer = is_contained(region, loop->getHeader()) ||
                                  any_of(region, [&](BasicBlock *bb) { return !loop->contains(bb); });
    if (iterationsDiffer) {
      for (BasicBlock *bb : loop->blocks()) divergedBy_.try_emplace(bb, branch);
      joinAt(*loop->getHeader());
      for (BasicBlock *bb : loop->blocks())
        for (Instruction &inst : *bb)
          for (User *user : inst.users())
            if (auto *ui = dyn_cast<Instruction>(user); ui && !loop->contains(ui)) mark(inst);
    }
  }
}

BasicBlock *Divergence::join(BasicBlock &branch) const {
  const DomTreeNodeBase<BasicBlock> *node = pdt_.getNode(&branch);
  return node && node->getIDom() ? node->getIDom()->getBlock() : nullptr;
}

SmallVector<BasicBlock *, 16> Divergence::between(BasicBlock &branch, BasicBlock *join) const {
  SmallSetVector<BasicBlock *, 16> region;
  SmallVector<BasicBlock *, 16> work(succ_begin(&branch), succ_end(&branch));
  while (!work.empty()) {
    BasicBlock *bb = work.pop_back_val();
    if (bb == join || !region.insert(bb)) continue;
    work.append(succ_begin(bb), succ_end(bb));
  }
  return SmallVector<BasicBlock *, 16>(region.begin(), region.end());
}

BasicBlock *Divergence::enclosingBranch(BasicBlock &bb, BasicBlock *inside) const {
  const DomTreeNode *node = dt_.getNode(inside ? inside : &bb);
  for (node = node ? node->getIDom() : nullptr; node; node = node->getIDom()) {
    BasicBlock *branch = node->getBlock();
    // `bb` is inside the branch (reached from it before its paths meet) where the meeting block
    // does not dominate it: a path from the entry avoids that block, and it passes the branch.
    BasicBlock *meet = join(*branch);
    if (meet && dt_.dominates(meet, &bb)) continue;
    if (branches_.count(branch)) return branch;
    // A branch the whole block does not reach together parts threads too, whatever its condition,
    // unless it leaves or repeats its loop (a loop inside divergent code runs in step as a whole).
    const Loop *loop = li_.getLoopFor(branch);
    if (divergedBy(*branch) && branch->getTerminator()->getNumSuccessors() > 1 && meet && li_.getLoopFor(meet) == loop &&
        !(loop && is_contained(between(*branch, meet), loop->getHeader())))
      return branch;
  }
  return nullptr;
}

namespace {

constexpr const char *kLeavesLoop = "the branch leaves its loop";
constexpr const char *kEnteredElsewhere = "the branch's code is entered from elsewhere too";
constexpr const char *kMeetEarly = "paths through it and around it meet before the branch's paths do";

// readfirstlane of 32 or 64 bits: under divergence, a ballot and a readlane (splitFirstLane).
bool readsFirstLane(const CallInst &call) {
  const std::optional<DeviceBuiltin> b = builtinOf(call);
  return b == B::warp_first || b == B::warp_first_64;
}

// A loop whose threads iterate in step (makeLockstep): every thread of the workgroup that enters
// it runs the same number of rounds, as long as any thread still runs the loop as written; one
// that has left it, or never entered, takes part inactive (`live` false).
struct Lockstep {
  BasicBlock *entry, *header, *exit; // the block before the header; the header; where threads leave
  PHINode *live;                     // in the header: whether the thread runs this round as written
};

// Values made before a point and used after it no longer dominate their uses once paths around
// the point join it: they reach their uses through phis, zero on the paths around (what an inactive
// thread publishes, and what it carries out of a loop it never ran). `blocks`: where such values
// can be (the rest of the function keeps its dominance).
void repairDominance(Function &f, ArrayRef<BasicBlock *> blocks) {
  DominatorTree dt(f);
  BasicBlock &entry = f.getEntryBlock();
  for (BasicBlock *bb : blocks)
  for (Instruction &inst : *bb) {
    if (inst.getType()->isVoidTy() || inst.getType()->isTokenTy()) continue;
    SmallVector<Use *, 4> stray;
    for (Use &use : inst.uses())
      if (!dt.dominates(&inst, use)) stray.push_back(&use);
    if (stray.empty()) continue;
    SSAUpdater ssa;
    ssa.Initialize(inst.getType(), inst.getName());
    ssa.AddAvailableValue(&entry, Constant::getNullValue(inst.getType()));
    ssa.AddAvailableValue(inst.getParent(), &inst);
    for (Use *use : stray) ssa.RewriteUse(*use);
  }
}

unsigned edgesBetween(BasicBlock *from, BasicBlock *to) { return unsigned(count(successors(from), to)); }

// Moves a unit of code (one warp operation, or a loop in step) out of the innermost divergent
// branch around it; Divergence recomputed between moves brings it out of the enclosing ones in turn.
//
// Before: the branch at `branch`, its paths meeting at `join`; the unit starts in block `home`,
// which some paths pass and others do not. After: `home` goes on to a new block X where the unit
// starts; every edge into `join` from a path that never passed `home` goes to X instead; where the
// unit ends, a thread continues as written if it came from `home`, and goes to `join` if not. So
// every thread passes the unit exactly once between the branch and the join, and the barriers in it
// are reached by the whole workgroup; the code between runs only where it ran before.
class BranchHoist {
public:
  BranchHoist(Function &f, const Divergence &div) : f_(f), div_(div) {}

  // The unit is `call` and the warp operations right after it in its block (with only arithmetic
  // between: the threads around compute it too, on zeros, harmlessly; rocPRIM's unrolled sorts
  // shuffle dozens of times in a row); `active` gets whether the thread reached them as written.
  std::string call(BasicBlock &branch, CallInst &call, DenseMap<CallInst *, Value *> &active) {
    BasicBlock *home = call.getParent();
    if (std::string why = check(branch, *home, successors(home)); !why.empty()) return why;
    SmallVector<CallInst *, 8> unitCalls{&call};
    for (Instruction *inst = call.getNextNode(); inst && !inst->isTerminator(); inst = inst->getNextNode()) {
      auto *next = dyn_cast<CallInst>(inst);
      if (next && builtinOf(*next) && !readsFirstLane(*next) && (meetsWorkgroup(*next) || isLanePattern(*next)) &&
          active.lookup(next) == active.lookup(&call))
        unitCalls.push_back(next);
      else if (isa<PHINode>(inst) || inst->mayReadOrWriteMemory() || !isSafeToSpeculativelyExecute(inst))
        break;
    }
    BasicBlock *unit = SplitBlock(home, &call);
    BasicBlock *rest = SplitBlock(unit, unitCalls.back()->getNextNode());
    Value *was = active.lookup(&call);
    auto [passed, wasActive] = meet(branch, *home, *unit, was ? was : ConstantInt::getTrue(f_.getContext()));
    for (CallInst *c : unitCalls) active[c] = wasActive;
    leave(*unit, *rest, passed);
    return {};
  }
  // The unit is a loop in step, entered from its entry block: threads that skip it enter it
  // inactive and leave it for the join.
  std::string loop(BasicBlock &branch, Lockstep &loop) {
    if (std::string why = check(branch, *loop.entry, successors(loop.exit)); !why.empty()) return why;
    BasicBlock *unit = SplitBlock(loop.entry, loop.entry->getTerminator());
    const int fromUnit = loop.live->getBasicBlockIndex(unit);
    auto [passed, wasActive] = meet(branch, *loop.entry, *unit, loop.live->getIncomingValue(fromUnit));
    loop.live->setIncomingValue(fromUnit, wasActive);
    loop.entry = unit;
    BasicBlock *dispatch = SplitBlock(loop.exit, loop.exit->getTerminator());
    leave(*loop.exit, *dispatch, passed);
    return {};
  }

private:
  // Why the unit starting in `home` and leaving by `exits` cannot move out of `branch`.
  template <typename Exits> std::string check(BasicBlock &branch, BasicBlock &home, Exits exits) {
    const DominatorTree &dt = div_.dominators();
    const LoopInfo &li = div_.loops();
    join_ = div_.join(branch);
    if (!join_) return "the branch's paths do not meet again (a return or trap on one of them)";
    const Loop *loop = li.getLoopFor(&branch);
    if (li.getLoopFor(&home) != loop) return "it is in a loop inside the branch";
    if (li.getLoopFor(join_) != loop) return kLeavesLoop;
    region_ = div_.between(branch, join_);
    if (!all_of(region_, [&](BasicBlock *bb) { return dt.dominates(&branch, bb); })) return kEnteredElsewhere;
    // What runs after the unit before the join: only threads that passed `home`.
    after_.clear();
    SmallVector<BasicBlock *, 16> work(exits.begin(), exits.end());
    while (!work.empty()) {
      BasicBlock *bb = work.pop_back_val();
      if (bb == join_ || !after_.insert(bb).second) continue;
      if (!dt.dominates(&home, bb)) return kMeetEarly;
      work.append(succ_begin(bb), succ_end(bb));
    }
    // What can lose dominance: the blocks from the branch (not included) down to `home`.
    path_.clear();
    for (const DomTreeNode *node = dt.getNode(&home); node && node->getBlock() != &branch; node = node->getIDom())
      path_.push_back(node->getBlock());
    around_.clear(); // predecessors of the join on paths that never pass `home`
    for (BasicBlock *pred : predecessors(join_))
      if ((pred == &branch || is_contained(region_, pred)) && !after_.count(pred) && !dt.dominates(&home, pred) &&
          !is_contained(around_, pred))
        around_.push_back(pred);
    return {};
  }
  // Sends the paths around to `unit` (which `home` precedes): returns whether the thread came from
  // `home`, and whether it is active in the unit (`active` from home, false around).
  std::pair<PHINode *, PHINode *> meet(BasicBlock &branch, BasicBlock &home, BasicBlock &unit, Value *active) {
    IRBuilder<> b(&unit.front());
    const unsigned edges = 1 + around_.size();
    PHINode *passed = b.CreatePHI(b.getInt1Ty(), edges, "hipvk.passed");
    PHINode *wasActive = b.CreatePHI(b.getInt1Ty(), edges, "hipvk.active");
    passed->addIncoming(b.getTrue(), &home);
    wasActive->addIncoming(active, &home);
    for (BasicBlock *pred : around_)
      for (unsigned edge = 0, n = edgesBetween(pred, join_); edge < n; ++edge) {
        passed->addIncoming(b.getFalse(), pred);
        wasActive->addIncoming(b.getFalse(), pred);
      }
    // The join's phis take, from where the unit ends, what each path around brought.
    for (PHINode &phi : join_->phis()) {
      PHINode *carried = b.CreatePHI(phi.getType(), edges, phi.getName() + ".around");
      carried->addIncoming(PoisonValue::get(phi.getType()), &home);
      for (BasicBlock *pred : around_) {
        Value *v = phi.getIncomingValueForBlock(pred);
        for (unsigned edge = 0, n = edgesBetween(pred, join_); edge < n; ++edge) carried->addIncoming(v, pred);
        while (phi.getBasicBlockIndex(pred) >= 0) phi.removeIncomingValue(pred, false);
      }
      carried_.push_back({&phi, carried});
    }
    for (BasicBlock *pred : around_) pred->getTerminator()->replaceSuccessorWith(join_, &unit);
    return {passed, wasActive};
  }
  // Where the unit ends (`end`, whose one successor is `rest`): on as written, or to the join.
  void leave(BasicBlock &end, BasicBlock &rest, PHINode *passed) {
    end.getTerminator()->eraseFromParent();
    IRBuilder<>(&end).CreateCondBr(passed, &rest, join_);
    for (auto [phi, carried] : carried_) phi->addIncoming(carried, &end);
    repairDominance(f_, path_);
  }

  Function &f_;
  const Divergence &div_;
  BasicBlock *join_ = nullptr;
  SmallVector<BasicBlock *, 16> region_, path_;
  SmallPtrSet<BasicBlock *, 16> after_;
  SmallVector<BasicBlock *, 4> around_;
  SmallVector<std::pair<PHINode *, PHINode *>, 4> carried_;
};

// Makes `loop` run in step (Lockstep): a new header asks the workgroup whether any thread still
// runs the loop as written (hipvk.workgroup_any); the old header runs only where the thread does;
// continuing and leaving edges go to one new latch, which records whether the thread goes on, its
// loop-carried values, and by which exit it left (the new exit dispatches there once all are done).
//
//   before                      after
//     pre -> H (phis)             pre -> E -> H*: live, h*, exit id, carried; any = workgroup_any(live)
//     H ... -> H (latch)                       br any, B, X
//     ... -> exit_i               B: br live, H, L         H (no phis) ... -> continue -> L
//                                 ... -> leave_i -> L      L: live', h', id', carried' -> H*
//                                 X: switch id -> exit_i
Lockstep makeLockstep(Function &f, Loop &loop) {
  LLVMContext &ctx = f.getContext();
  BasicBlock *oldHeader = loop.getHeader();
  const SmallVector<BasicBlock *, 16> loopBlocks(loop.blocks()); // what can lose dominance
  SmallVector<BasicBlock *, 4> entering, latches;
  for (BasicBlock *pred : predecessors(oldHeader)) {
    auto &list = loop.contains(pred) ? latches : entering;
    if (!is_contained(list, pred)) list.push_back(pred);
  }
  SmallVector<std::pair<BasicBlock *, BasicBlock *>, 4> leaving; // distinct (from, to) exit edges
  SmallSetVector<BasicBlock *, 4> exits;
  for (BasicBlock *bb : loop.blocks())
    for (BasicBlock *to : successors(bb))
      if (!loop.contains(to) && !is_contained(leaving, std::make_pair(bb, to))) {
        leaving.push_back({bb, to});
        exits.insert(to);
      }

  auto block = [&](const char *name) { return BasicBlock::Create(ctx, name, &f, oldHeader); };
  BasicBlock *entry = block("hipvk.lockstep.entry"), *header = block("hipvk.lockstep"), *body = block("hipvk.lockstep.body"),
             *latch = block("hipvk.lockstep.latch"), *exit = block("hipvk.lockstep.exit");
  IRBuilder<> e(entry), h(header), l(latch);
  Type *i1 = e.getInt1Ty(), *i32 = e.getInt32Ty();

  // The header's phis: their values on entry, merged in the entry block where several edges enter.
  SmallVector<PHINode *, 8> headerPhis;
  for (PHINode &phi : oldHeader->phis()) headerPhis.push_back(&phi);
  DenseMap<PHINode *, Value *> initial;
  for (PHINode *phi : headerPhis) {
    if (entering.size() == 1) {
      initial[phi] = phi->getIncomingValueForBlock(entering.front());
      continue;
    }
    PHINode *merged = e.CreatePHI(phi->getType(), entering.size(), phi->getName() + ".entry");
    for (BasicBlock *pred : entering)
      for (unsigned edge = 0, n = edgesBetween(pred, oldHeader); edge < n; ++edge) merged->addIncoming(phi->getIncomingValueForBlock(pred), pred);
    initial[phi] = merged;
  }
  for (BasicBlock *pred : entering) pred->getTerminator()->replaceSuccessorWith(oldHeader, entry);
  e.CreateBr(header);

  PHINode *live = h.CreatePHI(i1, 2, "hipvk.live"), *exitId = h.CreatePHI(i32, 2, "hipvk.exit_id");
  DenseMap<PHINode *, PHINode *> carriedPhi, next; // per header phi, and per exit-block phi
  for (PHINode *phi : headerPhis) carriedPhi[phi] = h.CreatePHI(phi->getType(), 2, phi->getName());
  SmallVector<PHINode *, 8> exitPhis;
  for (BasicBlock *to : exits)
    for (PHINode &phi : to->phis()) {
      exitPhis.push_back(&phi);
      carriedPhi[&phi] = h.CreatePHI(phi.getType(), 2, phi.getName() + ".leaving");
    }
  Function *any = cast<Function>(f.getParent()->getOrInsertFunction(kWorkgroupAny, FunctionType::get(i1, {i1}, false)).getCallee());
  any->addFnAttr(Attribute::Convergent);
  h.CreateCondBr(h.CreateCall(any, {live}), body, exit);
  IRBuilder<>(body).CreateCondBr(live, oldHeader, latch);

  PHINode *liveNext = l.CreatePHI(i1, 4), *exitIdNext = l.CreatePHI(i32, 4);
  for (auto [phi, carried] : carriedPhi) next[phi] = l.CreatePHI(phi->getType(), 4, phi->getName() + ".next");
  // An inactive round changes nothing.
  auto unchanged = [&](BasicBlock *from) {
    for (auto [phi, carried] : carriedPhi) next[phi]->addIncoming(carried, from);
  };
  liveNext->addIncoming(l.getFalse(), body);
  exitIdNext->addIncoming(exitId, body);
  unchanged(body);
  for (BasicBlock *from : latches) {
    BasicBlock *via = BasicBlock::Create(ctx, "hipvk.lockstep.continue", &f, latch);
    BranchInst::Create(latch, via);
    unchanged(via);
    for (PHINode *phi : headerPhis) next[phi]->setIncomingValueForBlock(via, phi->getIncomingValueForBlock(from));
    liveNext->addIncoming(l.getTrue(), via);
    exitIdNext->addIncoming(exitId, via);
    from->getTerminator()->replaceSuccessorWith(oldHeader, via);
  }
  for (auto [from, to] : leaving) {
    BasicBlock *via = BasicBlock::Create(ctx, "hipvk.lockstep.leave", &f, latch);
    BranchInst::Create(latch, via);
    unchanged(via);
    for (PHINode &phi : to->phis()) next[&phi]->setIncomingValueForBlock(via, phi.getIncomingValueForBlock(from));
    liveNext->addIncoming(l.getFalse(), via);
    exitIdNext->addIncoming(l.getInt32(unsigned(find(exits, to) - exits.begin())), via);
    from->getTerminator()->replaceSuccessorWith(to, via);
    for (PHINode &phi : to->phis())
      while (phi.getBasicBlockIndex(from) >= 0) phi.removeIncomingValue(from, false);
  }
  l.CreateBr(header);

  live->addIncoming(h.getTrue(), entry);
  live->addIncoming(liveNext, latch);
  exitId->addIncoming(h.getInt32(0), entry);
  exitId->addIncoming(exitIdNext, latch);
  for (auto [phi, carried] : carriedPhi) {
    carried->addIncoming(initial.count(phi) ? initial[phi] : PoisonValue::get(phi->getType()), entry);
    carried->addIncoming(next[phi], latch);
  }
  for (PHINode *phi : headerPhis) {
    phi->replaceAllUsesWith(carriedPhi[phi]);
    phi->eraseFromParent();
  }
  IRBuilder<> x(exit);
  SwitchInst *dispatch = x.CreateSwitch(exitId, exits[0], exits.size());
  for (unsigned i = 1; i < exits.size(); ++i) dispatch->addCase(x.getInt32(i), exits[i]);
  for (PHINode *phi : exitPhis) phi->addIncoming(carriedPhi[phi], exit);
  repairDominance(f, loopBlocks);
  return {entry, header, exit, live};
}

// readfirstlane where only some lanes run it reads the first of those: a ballot of the active
// lanes and a readlane of its lowest bit, each of which the hoisting knows how to move.
std::pair<CallInst *, CallInst *> splitFirstLane(CallInst &call) {
  Module &m = *call.getModule();
  IRBuilder<> b(&call);
  Value *v = call.getArgOperand(0);
  CallInst *ballot = b.CreateCall(Intrinsic::getDeclaration(&m, Intrinsic::amdgcn_ballot, {b.getInt64Ty()}), {b.getTrue()});
  Value *first = b.CreateTrunc(b.CreateBinaryIntrinsic(Intrinsic::cttz, ballot, b.getTrue()), b.getInt32Ty());
  CallInst *read = b.CreateCall(Intrinsic::getDeclaration(&m, Intrinsic::amdgcn_readlane, {v->getType()}), {v, first});
  call.replaceAllUsesWith(read);
  call.eraseFromParent();
  return {ballot, read};
}

} // namespace

std::optional<Unhoisted> hoistOutOfBranches(Function &f, SmallVectorImpl<CallInst *> &calls, DenseMap<CallInst *, Value *> &active) {
  SmallVector<Lockstep, 4> inStep;
  // Each step moves one run of operations or one loop out of one branch, or puts one loop in step,
  // and analyses the kernel afresh: the steps times the kernel's size are bounded, so that the
  // compile time is (rocPRIM's segmented sort, 70000 instructions, would take 1700 steps, minutes).
  constexpr size_t kWorkBudget = 20'000'000;
  for (size_t steps = 0;; ++steps) {
    Divergence div(f);
    auto it = find_if(calls, [&](CallInst *call) { return meetsWorkgroup(*call) && div.divergedBy(*call->getParent()); });
    if (it == calls.end()) return std::nullopt;
    CallInst *call = *it;
    BasicBlock *home = call->getParent();
    const Instruction *by = div.divergedBy(*home);
    if (const size_t size = f.getInstructionCount(); steps * size > kWorkBudget)
      return Unhoisted{call, by, "the kernel has too many warp operations under branches to move them out (" + std::to_string(steps) +
                                     " moves in " + std::to_string(size) + " instructions)"};
    if (readsFirstLane(*call)) {
      auto [ballot, read] = splitFirstLane(*call);
      *it = read;
      calls.insert(it, ballot);
      continue;
    }
    const LoopInfo &li = div.loops();
    Loop *callLoop = li.getLoopFor(home);
    auto lockstepOf = [&](Loop *loop) {
      auto found = find_if(inStep, [&](const Lockstep &l) { return l.header == loop->getHeader(); });
      return found == inStep.end() ? nullptr : &*found;
    };
    // Puts `loop` in step, once.
    auto step = [&](Loop *loop) -> std::optional<Unhoisted> {
      if (!loop || lockstepOf(loop)) return Unhoisted{call, by, "its loop's rounds differ between threads"};
      inStep.push_back(makeLockstep(f, *loop));
      return std::nullopt;
    };
    BasicBlock *branch = div.enclosingBranch(*home);
    if (!branch) {
      // Only a loop whose iteration counts differ: the one whose branch makes them differ.
      Loop *loop = li.getLoopFor(by->getParent());
      if (!loop || !loop->contains(home)) return Unhoisted{call, by, {}};
      if (std::optional<Unhoisted> stuck = step(loop)) return stuck;
      continue;
    }
    Loop *branchLoop = li.getLoopFor(branch);
    if (callLoop == branchLoop) {
      std::string why = BranchHoist(f, div).call(*branch, *call, active);
      // Where the innermost branch's code is not a region of its own (paths enter it from outside,
      // or join the operation's paths early), an enclosing branch at the same depth may be.
      for (BasicBlock *outer = branch; (why == kEnteredElsewhere || why == kMeetEarly) && outer;) {
        outer = div.enclosingBranch(*home, outer);
        if (outer && li.getLoopFor(outer) == callLoop) why = BranchHoist(f, div).call(*outer, *call, active);
        else outer = nullptr;
      }
      if (why == kLeavesLoop) {
        if (std::optional<Unhoisted> stuck = step(branchLoop)) return stuck;
      } else if (!why.empty()) {
        return Unhoisted{call, branch->getTerminator(), why};
      }
      continue;
    }
    // In a loop inside the branch: the outermost such loop, in step, moves out of it.
    Loop *inner = callLoop;
    while (inner && inner->getParentLoop() != branchLoop) inner = inner->getParentLoop();
    if (!inner) return Unhoisted{call, branch->getTerminator(), "the branch is inside a loop it leaves"};
    if (Lockstep *loop = lockstepOf(inner)) {
      if (std::string why = BranchHoist(f, div).loop(*branch, *loop); !why.empty())
        return Unhoisted{call, branch->getTerminator(), why};
    } else if (std::optional<Unhoisted> stuck = step(inner)) {
      return stuck;
    }
  }
}

} // namespace hipvk
