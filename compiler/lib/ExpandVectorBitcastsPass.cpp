// Bitcasts between an integer and a vector SPIR-V cannot hold: of booleans (`bitcast i8 %x to
// <8 x i1>`, which InstCombine makes of arrays of `bool` flags: rocPRIM's head and tail flags; SPIR-V
// has no bit layout for booleans), or of more than 4 elements (`bitcast i64 %x to <8 x i8>`, what
// the scalarizer leaves of a byte array read as one word: Vulkan has no vectors of 8). Each becomes
// shifts and masks: an element read by constant index becomes the bits it is, and an integer packed
// from a vector built of scalars is built from those scalars (what else remains goes through
// insert/extractelement).
#include "Passes.h"

#include <llvm/Analysis/VectorUtils.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/Instructions.h>
#include <llvm/Transforms/Utils/Local.h>

using namespace llvm;

namespace hipvk {

namespace {

FixedVectorType *unrepresentableVector(Type *t) {
  auto *v = dyn_cast<FixedVectorType>(t);
  return v && v->getElementType()->isIntegerTy() && (v->getElementType()->isIntegerTy(1) || v->getNumElements() > 4) ? v : nullptr;
}

} // namespace

PreservedAnalyses ExpandVectorBitcastsPass::run(Function &f, FunctionAnalysisManager &) {
  SmallVector<BitCastInst *, 8> casts;
  for (Instruction &inst : instructions(f))
    if (auto *cast = dyn_cast<BitCastInst>(&inst); cast && (unrepresentableVector(cast->getDestTy()) || unrepresentableVector(cast->getSrcTy())))
      if (cast->getDestTy()->isIntegerTy() || cast->getSrcTy()->isIntegerTy()) casts.push_back(cast);
  for (BitCastInst *cast : casts) {
    IRBuilder<> b(cast);
    Value *result = nullptr;
    if (FixedVectorType *to = unrepresentableVector(cast->getDestTy())) {
      // Element k is bits [k * width, (k + 1) * width) of the integer (little-endian, as LLVM lays
      // vectors out): what reads one element reads those bits.
      Type *element = to->getElementType();
      const unsigned width = element->getIntegerBitWidth();
      for (User *user : make_early_inc_range(cast->users()))
        if (auto *extract = dyn_cast<ExtractElementInst>(user))
          if (auto *index = dyn_cast<ConstantInt>(extract->getIndexOperand())) {
            IRBuilder<> e(extract);
            extract->replaceAllUsesWith(e.CreateTrunc(e.CreateLShr(cast->getOperand(0), index->getZExtValue() * width), element));
            extract->eraseFromParent();
          }
      if (cast->use_empty()) {
        cast->eraseFromParent();
        continue;
      }
      result = PoisonValue::get(to);
      for (unsigned k = 0; k < to->getNumElements(); ++k)
        result = b.CreateInsertElement(result, b.CreateTrunc(b.CreateLShr(cast->getOperand(0), k * width), element), k);
    } else {
      FixedVectorType *from = unrepresentableVector(cast->getSrcTy());
      const unsigned width = from->getElementType()->getIntegerBitWidth();
      result = ConstantInt::get(cast->getDestTy(), 0);
      for (unsigned k = 0; k < from->getNumElements(); ++k) {
        // The element itself where the vector was built of scalars (insertelement chains, constants).
        Value *element = findScalarElement(cast->getOperand(0), k);
        if (!element) element = b.CreateExtractElement(cast->getOperand(0), k);
        Value *part = b.CreateZExt(element, cast->getDestTy());
        result = b.CreateOr(result, b.CreateShl(part, k * width));
      }
    }
    Value *source = cast->getOperand(0);
    cast->replaceAllUsesWith(result);
    cast->eraseFromParent();
    RecursivelyDeleteTriviallyDeadInstructions(source);
  }
  return casts.empty() ? PreservedAnalyses::all() : PreservedAnalyses::none();
}

} // namespace hipvk
