// Promotes integers of widths SPIR-V has no type for (i33 from loop exit-value rewriting, i24 or
// i48 from SROA slicing packed structs) to i64. The promoted value's high bits are undefined;
// operations that read them (right shifts, division, comparisons, extensions, conversions) first
// re-extend from the original width, as LLVM's type legaliser does.
#include "Passes.h"

#include <llvm/ADT/PostOrderIterator.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Instructions.h>

using namespace llvm;

namespace hipvk {

namespace {

bool isLegalWidth(unsigned bits) { return bits == 1 || bits == 8 || bits == 16 || bits == 32 || bits == 64; }
bool isIllegalInt(Type *t) { return t->isIntegerTy() && !isLegalWidth(t->getIntegerBitWidth()); }

class Promoter {
public:
  Promoter(Function &f, CompileContext &ctx) : f_(f), ctx_(ctx), i64_(Type::getInt64Ty(f.getContext())) {}

  bool run() {
    // Reverse post-order: every definition is rewritten before its non-phi uses.
    SmallVector<Instruction *, 16> work;
    for (BasicBlock *bb : ReversePostOrderTraversal<Function *>(&f_))
      for (Instruction &inst : *bb) {
        bool touches = isIllegalInt(inst.getType());
        for (Value *op : inst.operands()) touches |= isIllegalInt(op->getType());
        if (touches) work.push_back(&inst);
      }
    if (work.empty()) return false;
    // Phis first (their incoming values may be defined later), then everything in order.
    for (Instruction *inst : work)
      if (auto *phi = dyn_cast<PHINode>(inst); phi && isIllegalInt(phi->getType()))
        promoted_[phi] = PHINode::Create(i64_, phi->getNumIncomingValues(), phi->getName() + ".i64", phi->getIterator());
    for (Instruction *inst : work)
      if (!isa<PHINode>(inst)) rewrite(*inst);
    for (Instruction *inst : work)
      if (auto *phi = dyn_cast<PHINode>(inst); phi && isIllegalInt(phi->getType())) {
        auto *np = cast<PHINode>(promoted_[phi]);
        for (unsigned i = 0; i < phi->getNumIncomingValues(); ++i) np->addIncoming(get(phi->getIncomingValue(i)), phi->getIncomingBlock(i));
      }
    for (Instruction *inst : work) inst->dropAllReferences();
    for (Instruction *inst : work) inst->eraseFromParent();
    return true;
  }

private:
  Value *get(Value *v) {
    if (!isIllegalInt(v->getType())) return v;
    if (auto it = promoted_.find(v); it != promoted_.end()) return it->second;
    if (auto *c = dyn_cast<ConstantInt>(v)) return ConstantInt::get(i64_, c->getValue().zextOrTrunc(64));
    if (isa<UndefValue>(v)) return UndefValue::get(i64_);
    ctx_.diagnostics.error("internal error: cannot promote a value of type i" + std::to_string(v->getType()->getIntegerBitWidth()));
    return UndefValue::get(i64_);
  }
  Value *zextFrom(IRBuilder<> &b, Value *original) {
    unsigned bits = original->getType()->getIntegerBitWidth();
    return b.CreateAnd(get(original), ConstantInt::get(i64_, APInt::getLowBitsSet(64, bits)));
  }
  Value *sextFrom(IRBuilder<> &b, Value *original) {
    unsigned shift = 64 - original->getType()->getIntegerBitWidth();
    return b.CreateAShr(b.CreateShl(get(original), shift), shift);
  }

  void rewrite(Instruction &inst) {
    IRBuilder<> b(&inst);
    Value *result = nullptr;
    bool illegalResult = isIllegalInt(inst.getType());
    if (illegalResult && inst.getType()->getIntegerBitWidth() > 64) {
      ctx_.diagnostics.error(&inst, "integers wider than 64 bits are not supported in device code");
      return;
    }
    if (auto *bin = dyn_cast<BinaryOperator>(&inst)) {
      Value *a = bin->getOperand(0), *c = bin->getOperand(1);
      switch (bin->getOpcode()) {
      case Instruction::LShr:
      case Instruction::UDiv:
      case Instruction::URem: result = b.CreateBinOp(bin->getOpcode(), zextFrom(b, a), zextFrom(b, c)); break;
      case Instruction::AShr: result = b.CreateAShr(sextFrom(b, a), zextFrom(b, c)); break;
      case Instruction::SDiv:
      case Instruction::SRem: result = b.CreateBinOp(bin->getOpcode(), sextFrom(b, a), sextFrom(b, c)); break;
      case Instruction::Shl: result = b.CreateShl(get(a), zextFrom(b, c)); break;
      default: result = b.CreateBinOp(bin->getOpcode(), get(a), get(c)); break;
      }
    } else if (auto *cmp = dyn_cast<ICmpInst>(&inst)) {
      Value *a = cmp->getOperand(0), *c = cmp->getOperand(1);
      bool isSigned = cmp->isSigned();
      Value *na = isSigned ? sextFrom(b, a) : zextFrom(b, a), *nc = isSigned ? sextFrom(b, c) : zextFrom(b, c);
      inst.replaceAllUsesWith(b.CreateICmp(cmp->getPredicate(), na, nc));
      return;
    } else if (auto *sel = dyn_cast<SelectInst>(&inst)) {
      result = b.CreateSelect(sel->getCondition(), get(sel->getTrueValue()), get(sel->getFalseValue()));
    } else if (auto *cast = dyn_cast<CastInst>(&inst)) {
      Value *src = cast->getOperand(0);
      bool illegalSource = isIllegalInt(src->getType());
      Type *dest = illegalResult ? static_cast<Type *>(i64_) : inst.getType();
      switch (cast->getOpcode()) {
      case Instruction::Trunc: result = b.CreateTrunc(get(src), dest); break;
      case Instruction::ZExt: result = b.CreateZExtOrTrunc(illegalSource ? zextFrom(b, src) : src, dest); break;
      case Instruction::SExt: result = b.CreateSExtOrTrunc(illegalSource ? sextFrom(b, src) : src, dest); break;
      case Instruction::UIToFP: result = b.CreateUIToFP(zextFrom(b, src), dest); break;
      case Instruction::SIToFP: result = b.CreateSIToFP(sextFrom(b, src), dest); break;
      case Instruction::FPToUI: result = b.CreateFPToUI(src, dest); break;
      case Instruction::FPToSI: result = b.CreateFPToSI(src, dest); break;
      default: break;
      }
    } else if (auto *freeze = dyn_cast<FreezeInst>(&inst)) {
      result = b.CreateFreeze(get(freeze->getOperand(0)));
    }
    if (!result) {
      ctx_.diagnostics.error(&inst, std::string("unsupported use of an integer of unusual width in '") + inst.getOpcodeName() + "'");
      return;
    }
    if (illegalResult) promoted_[&inst] = result;
    else inst.replaceAllUsesWith(result);
  }

  Function &f_;
  CompileContext &ctx_;
  Type *i64_;
  DenseMap<Value *, Value *> promoted_;
};

} // namespace

PreservedAnalyses LegalizeIntegersPass::run(Function &f, FunctionAnalysisManager &) {
  return Promoter(f, ctx).run() ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace hipvk
