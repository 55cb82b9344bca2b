// 64-bit division and remainder as shift-and-subtract loops of 64-bit additions, shifts and
// comparisons, in the portable variant: SpirvLowerInt64.cpp gives those a 32-bit form, but a
// division needs a loop, which is control flow the structurizer must still see.
#include "Passes.h"

#include <llvm/IR/InstIterator.h>
#include <llvm/IR/Instructions.h>
#include <llvm/Transforms/Utils/IntegerDivision.h>

using namespace llvm;

namespace hipvk {

PreservedAnalyses ExpandWideDivisionPass::run(Function &f, FunctionAnalysisManager &) {
  if (ctx.native.int64) return PreservedAnalyses::all();
  SmallVector<BinaryOperator *, 8> work;
  for (Instruction &inst : instructions(f))
    if (auto *op = dyn_cast<BinaryOperator>(&inst); op && op->getType()->isIntegerTy(64))
      switch (op->getOpcode()) {
      case Instruction::UDiv: case Instruction::SDiv: case Instruction::URem: case Instruction::SRem: work.push_back(op); break;
      default: break;
      }
  for (BinaryOperator *op : work) {
    const bool remainder = op->getOpcode() == Instruction::URem || op->getOpcode() == Instruction::SRem;
    if (remainder) expandRemainder(op);
    else expandDivision(op);
  }
  return work.empty() ? PreservedAnalyses::all() : PreservedAnalyses::none();
}

} // namespace hipvk
