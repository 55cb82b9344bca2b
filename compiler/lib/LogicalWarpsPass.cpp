// Logical warps (docs/HIP_ON_VULKAN.md, "Logical warps"): code compiled for a fixed wavefront size W
// runs on a device whose subgroups are narrower by making every warp operation an exchange through
// __shared__ memory. Each invocation writes its value at its linear thread id, the block meets at a
// workgroup barrier, each reads the lanes of its logical warp (W consecutive linear thread ids, the
// last warp of a block partial); the next exchange writes to other slots (KernelLowering says why
// that needs no second barrier).
//
// A workgroup barrier needs every invocation of the block, so an exchange must be where the whole
// block reaches it: one under a branch only some threads take moves out of it first, and a loop
// whose rounds differ between threads runs in step (WarpRegions.h: the other threads take part
// inactive, adding nothing to ballots and reductions). Control flow that is not a region of its own
// (irreducible cycles) keeps its kernel from having a logical-warp module: a warning names the
// construct and the line, and the launch on a narrower device then fails naming the kernel (never a
// wrong answer, never a hang). AMD's DPP and ds_swizzle patterns read their source lane through the
// same exchange.
#include "DeviceBuiltins.h"
#include "Passes.h"
#include "SpirvEmitterImpl.h"
#include "WarpRegions.h"

#include <llvm/ADT/MapVector.h>
#include <llvm/ADT/SetVector.h>
#include <llvm/Demangle/Demangle.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/Module.h>
#include <llvm/Analysis/ValueTracking.h>
#include <llvm/Transforms/Utils/BasicBlockUtils.h>
#include <llvm/Transforms/Utils/SSAUpdater.h>

#include <map>

using namespace llvm;

namespace hipvk {

namespace {

using B = DeviceBuiltin;

// The most 32-bit words one exchange round carries per thread: the slots take two sets of this
// many per thread of the kernel's largest block (its __launch_bounds__, else 1024: 16 KiB), beside
// the kernel's own __shared__ memory.
constexpr unsigned kRoundWords = 2;

// Lowers the warp operations of one kernel to exchanges among W consecutive linear thread ids.
//
// Exchanges happen in rounds: every thread writes its words, the block meets at a barrier, each
// reads its warp's. Warp operations next to each other in a block whose operands do not depend on
// one another share a round (rocPRIM's shuffle of a 64-bit key is two 32-bit shuffles; its sorts
// shuffle several items in a row), and successive rounds alternate between two sets of slots, so a
// round needs one barrier: round k writes the slots round k-2 read, and every thread finished
// those reads before it reached round k-1's barrier. A CPU driver turns each barrier into a
// coroutine switch; lavapipe's compile time grows faster than their count.
class KernelLowering {
public:
  KernelLowering(Function &kernel, unsigned width, const DenseMap<CallInst *, Value *> &active)
      : f_(kernel), m_(*kernel.getParent()), ctx_(kernel.getContext()), w_(width), threads_(kernelMaxThreads(kernel)), active_(active) {}

  void lower(const SmallVectorImpl<CallInst *> &calls) {
    SmallVector<CallInst *, 4> votes; // of this kernel's loops in step
    if (Function *any = m_.getFunction(kWorkgroupAny))
      for (User *user : any->users())
        if (auto *call = dyn_cast<CallInst>(user); call && call->getFunction() == &f_) votes.push_back(call);
    for (CallInst *vote : votes) lowerWorkgroupAny(*vote);
    IRBuilder<> entry(&*f_.getEntryBlock().getFirstInsertionPt());
    Value *tx = builtin(entry, B::thread_idx_x), *ty = builtin(entry, B::thread_idx_y), *tz = builtin(entry, B::thread_idx_z);
    Value *bx = builtin(entry, B::block_dim_x), *by = builtin(entry, B::block_dim_y), *bz = builtin(entry, B::block_dim_z);
    thread_ = entry.CreateAdd(tx, entry.CreateMul(bx, entry.CreateAdd(ty, entry.CreateMul(by, tz))), "hipvk.thread");
    lane_ = entry.CreateAnd(thread_, w_ - 1, "hipvk.lane");
    base_ = entry.CreateSub(thread_, lane_, "hipvk.warp_base");
    Value *threads = entry.CreateMul(bx, entry.CreateMul(by, bz));
    Value *left = entry.CreateSub(threads, base_);
    laneCount_ = entry.CreateSelect(entry.CreateICmpULT(left, entry.getInt32(w_)), left, entry.getInt32(w_), "hipvk.warp_lanes");

    SmallVector<SmallVector<CallInst *, 4>, 16> rounds;
    unsigned roundWords = 0;
    for (CallInst *call : calls) {
      if (!exchangesLanes(*call)) {
        lowerInPlace(*call);
        continue;
      }
      const unsigned words = publishedWords(*call);
      if (!rounds.empty() && joins(rounds.back(), *call, roundWords + words)) {
        rounds.back().push_back(call);
        roundWords += words;
      } else {
        rounds.push_back({call});
        roundWords = words;
      }
      columns_ = std::max(columns_, roundWords);
    }
    if (rounds.empty()) return;
    SSAUpdater parities; // which set of slots a round uses: 0 at the kernel's entry, flipped by each round
    parities.Initialize(entry.getInt32Ty(), "hipvk.exchange_parity");
    SmallVector<std::pair<BasicBlock *, Instruction *>, 16> liveIn; // placeholders for a block's parity on entry
    DenseMap<BasicBlock *, Value *> current;
    for (const auto &round : rounds) {
      BasicBlock *bb = round.front()->getParent();
      Value *parity = current.lookup(bb);
      if (!parity && bb == &f_.getEntryBlock()) {
        parity = entry.getInt32(0);
      } else if (!parity) {
        IRBuilder<> top(&*bb->getFirstInsertionPt());
        auto *placeholder = cast<Instruction>(top.CreateFreeze(PoisonValue::get(top.getInt32Ty())));
        liveIn.push_back({bb, placeholder});
        parity = placeholder;
      }
      // A ballot or reduction splits the block at its lane loop: the head ends with the parity before.
      auto [next, end] = lowerRound(round, parity);
      current[bb] = parity;
      current[end] = next;
    }
    for (const auto &[bb, parity] : current) parities.AddAvailableValue(bb, parity);
    if (!current.count(&f_.getEntryBlock())) parities.AddAvailableValue(&f_.getEntryBlock(), entry.getInt32(0));
    for (auto [bb, placeholder] : liveIn) {
      placeholder->replaceAllUsesWith(parities.GetValueInMiddleOfBlock(bb));
      placeholder->eraseFromParent();
    }
  }

private:
  Value *builtin(IRBuilder<> &b, DeviceBuiltin which) {
    FunctionCallee callee = m_.getOrInsertFunction(std::string(deviceBuiltinName(which)), b.getInt32Ty());
    return b.CreateCall(callee);
  }
  // Whether any thread of the block votes true: a word every thread clears, then sets where it
  // votes, between barriers (the first also keeps the previous vote's readers ahead of the clearing).
  void lowerWorkgroupAny(CallInst &call) {
    if (!votes_) {
      Type *t = Type::getInt32Ty(ctx_);
      votes_ = new GlobalVariable(m_, t, false, GlobalValue::InternalLinkage, PoisonValue::get(t), "hipvk.workgroup_votes",
                                  nullptr, GlobalValue::NotThreadLocal, AS::Shared);
      votes_->setAlignment(Align(4));
    }
    IRBuilder<> b(&call);
    const SyncScope::ID workgroup = ctx_.getOrInsertSyncScopeID("workgroup");
    barrier(b);
    b.CreateAlignedStore(b.getInt32(0), votes_, Align(4))->setAtomic(AtomicOrdering::Monotonic, workgroup);
    barrier(b);
    b.CreateAtomicRMW(AtomicRMWInst::Or, votes_, b.CreateZExt(call.getArgOperand(0), b.getInt32Ty()), Align(4),
                      AtomicOrdering::Monotonic, workgroup);
    barrier(b);
    LoadInst *votes = b.CreateAlignedLoad(b.getInt32Ty(), votes_, Align(4));
    votes->setAtomic(AtomicOrdering::Monotonic, workgroup);
    call.replaceAllUsesWith(b.CreateIsNotNull(votes));
    call.eraseFromParent();
  }
  // A block barrier; `sharedOnly`: it orders the exchange slots alone (so
  // hipvk-barrier-scope need not prove that of each of the many).
  void barrier(IRBuilder<> &b, bool sharedOnly = true) {
    FunctionCallee sync = m_.getOrInsertFunction(std::string(deviceBuiltinName(B::syncthreads)), b.getVoidTy());
    if (auto *fn = dyn_cast<Function>(sync.getCallee())) fn->addFnAttr(Attribute::Convergent);
    CallInst *call = b.CreateCall(sync);
    if (sharedOnly) call->setMetadata(kWorkgroupOnlyBarrier, MDNode::get(ctx_, {}));
  }
  // `step(lane, acc)` over the W lanes from `init`, as a loop rather than W copies of it: a 64-lane
  // ballot or reduction stays a few instructions, however many a kernel has. Returns the value
  // after the last lane, and leaves `b` after the loop.
  template <typename Step>
  Value *overLanes(IRBuilder<> &b, Value *init, Step step) {
    BasicBlock *before = b.GetInsertBlock();
    BasicBlock *after = SplitBlock(before, &*b.GetInsertPoint());
    BasicBlock *loop = BasicBlock::Create(ctx_, "hipvk.lanes", &f_, after);
    before->getTerminator()->setSuccessor(0, loop);
    b.SetInsertPoint(loop);
    PHINode *lane = b.CreatePHI(b.getInt32Ty(), 2), *acc = b.CreatePHI(init->getType(), 2);
    Value *next = step(lane, acc);
    Value *following = b.CreateAdd(lane, b.getInt32(1));
    BranchInst *back = b.CreateCondBr(b.CreateICmpULT(following, b.getInt32(w_)), loop, after);
    lane->addIncoming(b.getInt32(0), before);
    lane->addIncoming(following, back->getParent());
    acc->addIncoming(init, before);
    acc->addIncoming(next, back->getParent());
    MDNode *disable = MDNode::get(ctx_, MDString::get(ctx_, "llvm.loop.unroll.disable"));
    MDNode *self = MDNode::getDistinct(ctx_, {nullptr, disable});
    self->replaceOperandWith(0, self);
    back->setMetadata(LLVMContext::MD_loop, self);
    b.SetInsertPoint(&*after->getFirstInsertionPt());
    return next;
  }

  // The operand a warp operation publishes to its warp (what its round's words carry).
  static Value *published(const CallInst &call) {
    if (isLanePattern(call)) return call.getArgOperand(lanePatternUpdates(call) ? 1 : 0);
    switch (*builtinOf(call)) {
    case B::warp_bpermute: case B::warp_reduce: case B::warp_reduce_64: return call.getArgOperand(1);
    default: return call.getArgOperand(0);
    }
  }
  unsigned publishedWords(const CallInst &call) const {
    return m_.getDataLayout().getTypeSizeInBits(published(call)->getType()) > 32 ? 2 : 1;
  }
  static bool lanePatternUpdates(const CallInst &call) {
    std::string unused;
    return lanePattern(call, unused)->update;
  }
  // Whether `call` can share `round` (`words` in all): the same block, and its operands available
  // at the round's first call once the pure arithmetic they need moves there (none depends on the
  // round's results or on memory).
  bool joins(const SmallVectorImpl<CallInst *> &round, CallInst &call, unsigned words) {
    if (words > kRoundWords || call.getParent() != round.front()->getParent()) return false;
    SmallSetVector<Instruction *, 8> moves;
    std::function<bool(Value *)> available = [&](Value *v) {
      auto *inst = dyn_cast<Instruction>(v);
      if (!inst || inst->getParent() != call.getParent() || inst->comesBefore(round.front()) || moves.count(inst)) return true;
      const auto *called = dyn_cast<CallInst>(inst);
      if (isa<PHINode>(inst) || (called && (called->isConvergent() || !isa<IntrinsicInst>(called))) ||
          inst->mayReadOrWriteMemory() || !isSafeToSpeculativelyExecute(inst))
        return false;
      if (!all_of(inst->operands(), [&](Use &op) { return available(op.get()); })) return false;
      moves.insert(inst); // after what it uses
      return true;
    };
    if (!all_of(call.args(), [&](Use &op) { return available(op.get()); })) return false;
    for (Instruction *inst : moves) inst->moveBefore(round.front());
    return true;
  }

  // The exchange slots: two sets (rounds alternate) of columns_ 32-bit words per thread of the block.
  GlobalVariable *slots() {
    if (!slots_) {
      Type *t = ArrayType::get(Type::getInt32Ty(ctx_), 2 * columns_ * threads_);
      slots_ = new GlobalVariable(m_, t, false, GlobalValue::InternalLinkage, PoisonValue::get(t), "hipvk.logical_warp_slots",
                                  nullptr, GlobalValue::NotThreadLocal, AS::Shared);
      slots_->setAlignment(Align(4));
    }
    return slots_;
  }
  Value *slot(IRBuilder<> &b, Value *set, unsigned column, Value *thread) {
    Value *index = b.CreateAdd(b.CreateMul(set, b.getInt32(columns_ * threads_)),
                               b.CreateAdd(b.getInt32(column * threads_), thread));
    return b.CreateInBoundsGEP(slots()->getValueType(), slots(), {b.getInt32(0), index});
  }

  // What a warp operation publishes (an integer of 32 or 64 bits) and how its result is made of the
  // warp's publications: read(load), load(lane) giving that lane's.
  using Load = std::function<Value *(Value *lane)>;
  struct Exchange {
    Value *published;
    std::function<Value *(const Load &)> read;
  };

  // One round at its first call; returns the parity after it and the block where that is.
  std::pair<Value *, BasicBlock *> lowerRound(ArrayRef<CallInst *> round, Value *parity) {
    IRBuilder<> b(round.front());
    SmallVector<Exchange, 4> plans;
    for (CallInst *call : round) plans.push_back(plan(b, *call));
    SmallVector<unsigned, 4> columns;
    unsigned column = 0;
    for (const Exchange &e : plans) {
      columns.push_back(column);
      Value *v = e.published;
      if (v->getType()->isIntegerTy(64)) {
        b.CreateStore(b.CreateTrunc(v, b.getInt32Ty()), slot(b, parity, column++, thread_));
        v = b.CreateTrunc(b.CreateLShr(v, 32), b.getInt32Ty());
      }
      b.CreateStore(v, slot(b, parity, column++, thread_));
    }
    barrier(b);
    for (size_t i = 0; i < plans.size(); ++i) {
      Type *t = plans[i].published->getType();
      Load load = [&, col = columns[i], t](Value *lane) -> Value * {
        Value *at = b.CreateAdd(base_, lane);
        Value *low = b.CreateLoad(b.getInt32Ty(), slot(b, parity, col, at));
        if (!t->isIntegerTy(64)) return low;
        Value *high = b.CreateLoad(b.getInt32Ty(), slot(b, parity, col + 1, at));
        return b.CreateOr(b.CreateZExt(low, t), b.CreateShl(b.CreateZExt(high, t), 32));
      };
      round[i]->replaceAllUsesWith(plans[i].read(load));
    }
    Value *next = b.CreateXor(parity, b.getInt32(1));
    for (CallInst *call : round) call->eraseFromParent();
    return {next, b.GetInsertBlock()};
  }

  Value *laneExists(IRBuilder<> &b, Value *lane) { return b.CreateICmpULT(lane, laneCount_); }
  // The value as an integer of 32 or 64 bits (what the slots hold), and back.
  Value *toBits(IRBuilder<> &b, Value *v) {
    const unsigned bits = unsigned(m_.getDataLayout().getTypeSizeInBits(v->getType()));
    Type *t = b.getIntNTy(bits <= 32 ? 32 : 64);
    if (v->getType()->isPointerTy()) return b.CreatePtrToInt(v, t);
    Value *i = v->getType()->isIntegerTy() ? v : b.CreateBitCast(v, b.getIntNTy(bits));
    return bits < 32 ? b.CreateZExt(i, t) : i;
  }
  Value *fromBits(IRBuilder<> &b, Value *bits, Type *t) {
    if (t->isPointerTy()) return b.CreateIntToPtr(bits, t);
    const unsigned size = unsigned(m_.getDataLayout().getTypeSizeInBits(t));
    Value *i = size < bits->getType()->getIntegerBitWidth() ? b.CreateTrunc(bits, b.getIntNTy(size)) : bits;
    return t->isIntegerTy() ? i : b.CreateBitCast(i, t);
  }
  // The warp's lanes whose published predicate holds.
  Value *ballot(IRBuilder<> &b, const Load &load) {
    return overLanes(b, b.getInt64(0), [&](Value *lane, Value *mask) {
      Value *bit = b.CreateZExt(b.CreateAnd(b.CreateIsNotNull(load(lane)), laneExists(b, lane)), b.getInt64Ty());
      return b.CreateOr(mask, b.CreateShl(bit, b.CreateZExt(lane, b.getInt64Ty())));
    });
  }
  // Whether the thread reached `call` in the program as written (false where it only takes part).
  Value *active(IRBuilder<> &b, const CallInst &call) {
    Value *v = active_.lookup(&call);
    return v ? v : b.getTrue();
  }
  static Constant *reduceIdentity(uint64_t op, IntegerType *t) {
    const unsigned bits = t->getBitWidth();
    switch (op) {
    case abi::kWarpReduceMinSigned: return ConstantInt::get(t, APInt::getSignedMaxValue(bits));
    case abi::kWarpReduceMaxSigned: return ConstantInt::get(t, APInt::getSignedMinValue(bits));
    case abi::kWarpReduceMinUnsigned: case abi::kWarpReduceAnd: return ConstantInt::get(t, APInt::getAllOnes(bits));
    default: return ConstantInt::get(t, 0); // add, or, xor, unsigned max
    }
  }
  // The warp's lanes combined in lane order, from lane 0 (the loop's first round combines nothing).
  Value *reduce(IRBuilder<> &b, uint64_t op, const Load &load) {
    auto combine = [&](Value *acc, Value *x) -> Value * {
      switch (op) {
      case abi::kWarpReduceAdd: return b.CreateAdd(acc, x);
      case abi::kWarpReduceMinSigned: return b.CreateSelect(b.CreateICmpSLT(x, acc), x, acc);
      case abi::kWarpReduceMaxSigned: return b.CreateSelect(b.CreateICmpSGT(x, acc), x, acc);
      case abi::kWarpReduceMinUnsigned: return b.CreateSelect(b.CreateICmpULT(x, acc), x, acc);
      case abi::kWarpReduceMaxUnsigned: return b.CreateSelect(b.CreateICmpUGT(x, acc), x, acc);
      case abi::kWarpReduceAnd: return b.CreateAnd(acc, x);
      case abi::kWarpReduceOr: return b.CreateOr(acc, x);
      default: return b.CreateXor(acc, x);
      }
    };
    return overLanes(b, load(b.getInt32(0)), [&](Value *lane, Value *acc) {
      Value *take = b.CreateAnd(b.CreateICmpNE(lane, b.getInt32(0)), laneExists(b, lane));
      return b.CreateSelect(take, combine(acc, load(lane)), acc);
    });
  }
  // lane < count + popcount(mask & lanes below): AMD's mbcnt on half `hi` of the 64-bit mask.
  Value *mbcnt(IRBuilder<> &b, CallInst &call, bool hi) {
    Value *below = b.CreateSub(b.CreateShl(b.getInt64(1), b.CreateZExt(lane_, b.getInt64Ty())), b.getInt64(1));
    Value *half = b.CreateTrunc(hi ? b.CreateLShr(below, 32) : below, b.getInt32Ty());
    Value *bits = b.CreateAnd(call.getArgOperand(0), half);
    Value *count = b.CreateUnaryIntrinsic(Intrinsic::ctpop, bits);
    return b.CreateAdd(call.getArgOperand(1), count);
  }

  // AMD's DPP and ds_swizzle: the source lane by the pattern's rule (as the emitter computes it
  // for subgroups, SpirvSubgroup.cpp), read through the exchange; an invalid source gives 0 with
  // bound_ctrl / for ds_swizzle, else `old`; disabled rows and banks keep `old`.
  Exchange lanePatternExchange(IRBuilder<> &b, CallInst &call, const LanePattern &p) {
    const LaneRule &r = p.rule;
    Type *t = call.getType();
    Value *src = published(call);
    Value *old = p.update ? call.getArgOperand(0) : static_cast<Value *>(PoisonValue::get(t));
    Value *source = lane_, *valid = b.getTrue();
    if (r.quadPermute) {
      Value *shift = b.CreateShl(b.CreateAnd(lane_, 3), 1);
      source = b.CreateOr(b.CreateAnd(lane_, ~3u), b.CreateAnd(b.CreateLShr(b.getInt32(r.quadSelect), shift), 3));
    } else {
      if (r.andMask != ~0u) source = b.CreateAnd(source, r.andMask);
      if (r.orMask) source = b.CreateOr(source, r.orMask);
      if (r.xorMask) source = b.CreateXor(source, r.xorMask);
      if (r.offset) {
        Value *moved = b.CreateAdd(source, b.getInt32(uint32_t(r.offset)));
        if (r.group) {
          Value *groupBase = b.CreateAnd(lane_, ~(r.group - 1));
          if (r.wraps) moved = b.CreateOr(groupBase, b.CreateAnd(moved, r.group - 1));
          else valid = b.CreateICmpEQ(b.CreateAnd(moved, ~(r.group - 1)), groupBase);
        } else if (r.wraps) {
          moved = b.CreateAnd(moved, w_ - 1);
        }
        source = moved;
      }
    }
    // Past the warp (also the wrapped-around -1), or a lane the partial last warp lacks.
    valid = b.CreateAnd(valid, b.CreateICmpULT(source, laneCount_));
    Value *from = b.CreateSelect(valid, source, lane_);
    return {toBits(b, src), [&, p, t, old, valid, from](const Load &load) {
              Value *result = b.CreateSelect(valid, fromBits(b, load(from), t), p.boundZero ? Constant::getNullValue(t) : old);
              if (p.rowMask == 0xf && p.bankMask == 0xf) return result;
              Value *rowBit = b.CreateShl(b.getInt32(1), b.CreateAnd(b.CreateLShr(lane_, 4), 3));
              Value *bankBit = b.CreateShl(b.getInt32(1), b.CreateAnd(b.CreateLShr(lane_, 2), 3));
              Value *on = b.CreateAnd(b.CreateIsNotNull(b.CreateAnd(rowBit, p.rowMask)), b.CreateIsNotNull(b.CreateAnd(bankBit, p.bankMask)));
              return b.CreateSelect(on, result, old);
            }};
  }

  // The exchange a warp operation makes, built at `b` (its round's place).
  Exchange plan(IRBuilder<> &b, CallInst &call) {
    Type *t = call.getType();
    if (isLanePattern(call)) {
      std::string unused;
      return lanePatternExchange(b, call, *lanePattern(call, unused));
    }
    const DeviceBuiltin which = *builtinOf(call);
    switch (which) {
    case B::warp_ballot:
    case B::warp_any:
    case B::warp_all:
    {
      // all: no active lane where the predicate fails.
      Value *bit = b.CreateIsNotNull(published(call));
      if (which == B::warp_all) bit = b.CreateNot(bit);
      return {b.CreateZExt(b.CreateAnd(bit, active(b, call)), b.getInt32Ty()), [&, which, t](const Load &load) -> Value * {
                Value *mask = ballot(b, load);
                if (which == B::warp_ballot) return t->isIntegerTy(32) ? b.CreateTrunc(mask, t) : mask;
                return b.CreateZExtOrTrunc(which == B::warp_any ? b.CreateIsNotNull(mask) : b.CreateIsNull(mask), t);
              }};
    }
    case B::warp_shuffle:
    case B::warp_shuffle_64: {
      Value *source = b.CreateAnd(b.CreateZExtOrTrunc(call.getArgOperand(1), b.getInt32Ty()), w_ - 1);
      return {toBits(b, published(call)), [&, source, t](const Load &load) { return fromBits(b, load(source), t); }};
    }
    case B::warp_bpermute: {
      // As on AMD: the lane (address / 4) modulo the wave; a lane that does not exist gives 0.
      Value *source = b.CreateAnd(b.CreateLShr(call.getArgOperand(0), 2), w_ - 1);
      return {toBits(b, published(call)), [&, source, t](const Load &load) {
                Value *read = load(source);
                return fromBits(b, b.CreateSelect(laneExists(b, source), read, ConstantInt::get(read->getType(), 0)), t);
              }};
    }
    case B::warp_first:
    case B::warp_first_64:
      // In uniform control flow every lane of the warp is active: the first is lane 0.
      return {toBits(b, published(call)), [&, t](const Load &load) { return fromBits(b, load(b.getInt32(0)), t); }};
    default: { // warp_reduce, warp_reduce_64: an inactive lane publishes the operation's identity
      const uint64_t op = cast<ConstantInt>(call.getArgOperand(0))->getZExtValue();
      Value *v = published(call);
      if (active_.count(&call)) v = b.CreateSelect(active_.lookup(&call), v, reduceIdentity(op, cast<IntegerType>(v->getType())));
      return {v, [&, op](const Load &load) { return reduce(b, op, load); }};
    }
    }
  }
  // What needs no exchange: lane ids and masks are the thread's own, warp_sync a block barrier.
  void lowerInPlace(CallInst &call) {
    IRBuilder<> b(&call);
    Value *result = nullptr;
    switch (*builtinOf(call)) {
    case B::lane_id: result = lane_; break;
    case B::warp_size: result = ConstantInt::get(call.getType(), w_); break;
    case B::mbcnt_lo: result = mbcnt(b, call, false); break;
    case B::mbcnt_hi: result = mbcnt(b, call, true); break;
    case B::warp_sync: barrier(b, false); break; // orders global memory too
    default: return;
    }
    if (result) call.replaceAllUsesWith(result);
    call.eraseFromParent();
  }

  Function &f_;
  Module &m_;
  LLVMContext &ctx_;
  unsigned w_;
  unsigned threads_; // the most threads a block has: one exchange slot each
  const DenseMap<CallInst *, Value *> &active_; // moved out of a branch: whether the thread reached it
  Value *thread_ = nullptr, *lane_ = nullptr, *base_ = nullptr, *laneCount_ = nullptr;
  unsigned columns_ = 0; // 32-bit words per thread in one set of slots: the widest round's
  GlobalVariable *slots_ = nullptr, *votes_ = nullptr;
};

} // namespace

PreservedAnalyses LogicalWarpsPass::run(Module &m, ModuleAnalysisManager &) {
  if (!ctx.logicalWarpSize) return PreservedAnalyses::all();
  bool changed = false;
  SmallVector<Function *, 4> refused;
  // One warning per reason and place: a library's templates (rocPRIM's) refuse dozens of kernels
  // for the same branch; the first kernel is named, the others counted.
  struct Refusal {
    const Instruction *at;
    std::string kernel, why;
    unsigned others = 0;
  };
  MapVector<std::string, Refusal, std::map<std::string, unsigned>> refusals;
  for (Function &f : m) {
    if (f.isDeclaration() || !isKernel(f)) continue;
    SmallVector<CallInst *, 16> calls;
    const Instruction *refusedAt = nullptr;
    std::string why;
    for (Instruction &inst : instructions(f)) {
      std::optional<DeviceBuiltin> b = builtinOf(inst);
      const bool lanes = (b && (deviceBuiltinUsesLanes(*b) || *b == B::warp_size)) || isLanePattern(inst);
      if (!lanes || refusedAt) continue;
      if (std::string error; isLanePattern(inst) && !lanePattern(cast<CallInst>(inst), error)) {
        refusedAt = &inst, why = error;
        continue;
      }
      calls.push_back(cast<CallInst>(&inst));
    }
    // Exchanges need the whole block at their barriers: those under branches move out of them.
    DenseMap<CallInst *, Value *> active;
    if (!refusedAt)
      if (std::optional<Unhoisted> stuck = hoistOutOfBranches(f, calls, active)) {
        const auto &call = cast<CallInst>(*stuck->call);
        std::optional<DeviceBuiltin> b = builtinOf(call);
        const std::string what = b ? std::string(deviceBuiltinName(*b)) : call.getCalledFunction()->getName().str();
        const std::string where = ctx.diagnostics.location(stuck->branch->getDebugLoc());
        refusedAt = &call;
        why = "a warp operation ('" + what + "') under control flow that differs between the threads of a block";
        if (!where.empty() || !stuck->why.empty())
          why += " (the threads part at " + (where.empty() ? std::string("a branch") : where) +
                 (stuck->why.empty() ? std::string() : "; " + stuck->why) + ")";
      }
    if (refusedAt) {
      // Without a warning where the kernel has a run-time-width module every device runs.
      if (!ctx.logicalWarpOptional || !ctx.logicalWarpOptional->count(f.getName().str())) {
        auto [it, first] = refusals.try_emplace(why + " @ " + ctx.diagnostics.location(refusedAt->getDebugLoc()),
                                                Refusal{refusedAt, demangle(f.getName().str())});
        if (!first) ++it->second.others;
        it->second.why = why;
      }
      ctx.logicalWarpRefused.push_back(f.getName().str());
      refused.push_back(&f);
      continue;
    }
    if (calls.empty()) continue;
    KernelLowering(f, ctx.logicalWarpSize, active).lower(calls);
    changed = true;
  }
  for (const auto &[key, r] : refusals)
    ctx.diagnostics.warning(r.at, "kernel '" + r.kernel + "'" +
                                      (r.others ? " (and " + std::to_string(r.others) + " more of this file's kernels, for the same reason)" : "") +
                                      " has no logical-warp form for devices with subgroups narrower than " +
                                      std::to_string(ctx.logicalWarpSize) + " lanes: " + r.why);
  // A refused kernel has no module in this form: the rest of the pipeline, emission and spirv-opt
  // need not see it (nothing calls a kernel).
  for (Function *f : refused) {
    if (!f->use_empty()) continue;
    f->eraseFromParent();
    changed = true;
  }
  return changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace hipvk
