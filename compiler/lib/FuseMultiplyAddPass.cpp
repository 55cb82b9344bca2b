// Contracts `a*b + c` into llvm.fma exactly where the IR allows it (both the fmul and the fadd or
// fsub carry the `contract` flag, as Clang emits them under HIP's default -ffp-contract=fast), the
// way AMD's and NVIDIA's code generators fuse. Every other float operation is emitted with
// NoContraction, so the driver can no longer fuse or reassociate on its own: the result of a kernel
// is what the source's evaluation order and the IR's fast-math flags say, on every device.
#include "Passes.h"

#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/Intrinsics.h>

using namespace llvm;

namespace hipvk {

namespace {

// A product that may be folded into its single user.
BinaryOperator *contractableProduct(Value *v) {
  auto *mul = dyn_cast<BinaryOperator>(v);
  if (!mul || mul->getOpcode() != Instruction::FMul || !mul->hasAllowContract() || !mul->hasOneUse()) return nullptr;
  return mul;
}

} // namespace

bool fuseMultiplyAdd(BinaryOperator &sum) {
  if (!sum.hasAllowContract()) return false;
  const bool isSub = sum.getOpcode() == Instruction::FSub;
  IRBuilder<> ir(&sum);
  ir.setFastMathFlags(sum.getFastMathFlags());
  Value *lhs = sum.getOperand(0), *rhs = sum.getOperand(1);
  BinaryOperator *product = contractableProduct(lhs);
  const bool productFirst = product != nullptr;
  if (!product) product = contractableProduct(rhs);
  if (!product) return false;
  Value *x = product->getOperand(0), *y = product->getOperand(1), *addend;
  if (productFirst) {
    addend = isSub ? ir.CreateFNeg(rhs) : rhs; // a*b + c, a*b - c
  } else {
    if (isSub) x = ir.CreateFNeg(x);           // c + a*b, c - a*b
    addend = lhs;
  }
  auto *fma = cast<Instruction>(ir.CreateIntrinsic(Intrinsic::fma, {sum.getType()}, {x, y, addend}));
  fma->setDebugLoc(sum.getDebugLoc());
  sum.replaceAllUsesWith(fma);
  sum.eraseFromParent();
  product->eraseFromParent();
  return true;
}

PreservedAnalyses FuseMultiplyAddPass::run(Function &f, FunctionAnalysisManager &) {
  SmallVector<BinaryOperator *, 32> sums;
  for (Instruction &inst : instructions(f))
    if (auto *bin = dyn_cast<BinaryOperator>(&inst);
        bin && (bin->getOpcode() == Instruction::FAdd || bin->getOpcode() == Instruction::FSub))
      sums.push_back(bin);
  bool changed = false;
  for (BinaryOperator *sum : sums) changed |= fuseMultiplyAdd(*sum);
  return changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace hipvk
