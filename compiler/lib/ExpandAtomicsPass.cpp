// Rewrites the atomic read-modify-writes that Vulkan has no instruction for into compare-and-swap
// loops on the value's bit pattern: floating-point add/sub/min/max (native float atomics are an
// optional extension, and min/max must keep fminf/fmaxf's NaN rule), nand, and the wrapping
// increment/decrement of atomicInc/atomicDec. Done on the IR, before the control flow is
// structured, so the loops become ordinary structured loops. The emitter lowers what is left
// (integer add/sub/and/or/xor/min/max/exchange, compare-exchange) to SPIR-V atomics.
#include "Passes.h"

#include <llvm/CodeGen/AtomicExpandUtils.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/InstIterator.h>

using namespace llvm;

namespace hipvk {

namespace {

bool hasSpirvInstruction(const AtomicRMWInst &rmw, bool nativeFloatAtomics) {
  // VK_EXT_shader_atomic_float on global memory (the Workgroup arrays hold unsigned integers).
  if (nativeFloatAtomics && isFloatAddOrSub(rmw) && rmw.getPointerAddressSpace() == AS::Global) return true;
  if (!rmw.getValOperand()->getType()->isIntegerTy()) return rmw.getOperation() == AtomicRMWInst::Xchg;
  switch (rmw.getOperation()) {
  case AtomicRMWInst::Xchg:
  case AtomicRMWInst::Add:
  case AtomicRMWInst::Sub:
  case AtomicRMWInst::And:
  case AtomicRMWInst::Or:
  case AtomicRMWInst::Xor:
  case AtomicRMWInst::Max:
  case AtomicRMWInst::Min:
  case AtomicRMWInst::UMax:
  case AtomicRMWInst::UMin: return true;
  default: return false;
  }
}

} // namespace

// The cmpxchg of one loop iteration, on integers of the value's width (cmpxchg compares bits).
void createCompareExchange(IRBuilderBase &ir, Value *address, Value *expected, Value *desired, Align align, AtomicOrdering order,
                           SyncScope::ID scope, Value *&success, Value *&loaded) {
  Type *valueType = expected->getType();
  Type *bitsType = ir.getIntNTy(unsigned(valueType->getPrimitiveSizeInBits()));
  if (valueType != bitsType) {
    expected = ir.CreateBitCast(expected, bitsType);
    desired = ir.CreateBitCast(desired, bitsType);
  }
  AtomicCmpXchgInst *pair =
      ir.CreateAtomicCmpXchg(address, expected, desired, align, order, AtomicCmpXchgInst::getStrongestFailureOrdering(order), scope);
  success = ir.CreateExtractValue(pair, 1, "success");
  loaded = ir.CreateExtractValue(pair, 0, "loaded");
  if (valueType != bitsType) loaded = ir.CreateBitCast(loaded, valueType);
}

bool isFloatAddOrSub(const AtomicRMWInst &rmw) {
  const Type *t = rmw.getValOperand()->getType();
  return (t->isFloatTy() || t->isDoubleTy()) && (rmw.getOperation() == AtomicRMWInst::FAdd || rmw.getOperation() == AtomicRMWInst::FSub);
}

PreservedAnalyses ExpandAtomicsPass::run(Function &f, FunctionAnalysisManager &) {
  SmallVector<AtomicRMWInst *, 8> toExpand;
  for (Instruction &inst : instructions(f))
    if (auto *rmw = dyn_cast<AtomicRMWInst>(&inst); rmw && !hasSpirvInstruction(*rmw, ctx.nativeFloatAtomics)) toExpand.push_back(rmw);
  for (AtomicRMWInst *rmw : toExpand) expandAtomicRMWToCmpXchg(rmw, createCompareExchange);
  return toExpand.empty() ? PreservedAnalyses::all() : PreservedAnalyses::none();
}

} // namespace hipvk
