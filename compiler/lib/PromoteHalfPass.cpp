// _Float16 on devices without shaderFloat16 (the portable variant, CompileContext::native): every
// half value becomes the float of the same value, and each operation is computed in float and
// rounded to half precision, to nearest even, in integer arithmetic. That is the correctly rounded
// half result for + - * (exact in float, or float's 24 bits >= 2 * 11 + 2 make the double rounding
// innocuous); fma, whose exact sum float cannot hold, is rounded to odd in float first (the error
// of the float sum by TwoSum), which makes the rounding to half exact too. / and sqrt, which
// Vulkan's float operations give only to a few ulp (and hipvk's correctly rounded float ones take
// in double, which these devices may lack), start from the device's float result and decide the
// rounding exactly: at the midpoint m of the two halves around it, m * b (or m * m) is exact in
// float, and comparing it with a (or x) says on which side the true quotient (root) lies. In memory, and in bit
// casts, half is its 16 bits (an i16, which hipvk-legalize-integers keeps in words); vectors of
// half are vectors of float.
//
// fma of halves is computed that way on devices with 16-bit floats too (rounded to half by the
// device's correctly rounded conversion): Vulkan does not require a fused Fma, and lavapipe's
// 16-bit one rounds twice.
#include "Passes.h"

#include <functional>

#include <llvm/ADT/PostOrderIterator.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>

using namespace llvm;

namespace hipvk {

namespace {

bool isHalf(const Type *t) { return t->getScalarType()->isHalfTy(); }

bool isHalfFma(const Instruction &inst) {
  auto *call = dyn_cast<IntrinsicInst>(&inst);
  return call && (call->getIntrinsicID() == Intrinsic::fma || call->getIntrinsicID() == Intrinsic::fmuladd) && call->getType()->isHalfTy();
}

class HalfPromoter {
public:
  HalfPromoter(Function &f, CompileContext &ctx)
      : f_(f), ctx_(ctx), f32_(Type::getFloatTy(f.getContext())), i32_(Type::getInt32Ty(f.getContext())), i16_(Type::getInt16Ty(f.getContext())) {}

  // fma of halves, exactly rounded, on a device with 16-bit floats.
  bool roundFmasExactly() {
    SmallVector<Instruction *, 4> fmas;
    for (Instruction &inst : instructions(f_))
      if (isHalfFma(inst)) fmas.push_back(&inst);
    for (Instruction *fma : fmas) {
      IRBuilder<> b(fma);
      auto *call = cast<IntrinsicInst>(fma);
      auto widened = [&](unsigned i) { return b.CreateFPExt(call->getArgOperand(i), f32_); };
      fma->replaceAllUsesWith(b.CreateFPTrunc(fmaRoundedToOdd(b, widened(0), widened(1), widened(2)), fma->getType()));
      fma->eraseFromParent();
    }
    return !fmas.empty();
  }

  bool run() {
    SmallVector<Instruction *, 16> work;
    for (BasicBlock *bb : ReversePostOrderTraversal<Function *>(&f_))
      for (Instruction &inst : *bb) {
        bool touches = isHalf(inst.getType());
        for (Value *op : inst.operands()) touches |= isHalf(op->getType());
        if (touches) work.push_back(&inst);
      }
    if (work.empty()) return false;
    for (Instruction *inst : work)
      if (auto *phi = dyn_cast<PHINode>(inst); phi && isHalf(phi->getType()))
        promoted_[phi] = PHINode::Create(promotedType(phi->getType()), phi->getNumIncomingValues(), phi->getName() + ".float", phi->getIterator());
    for (Instruction *inst : work)
      if (!isa<PHINode>(inst)) rewrite(*inst);
    for (Instruction *inst : work)
      if (auto *phi = dyn_cast<PHINode>(inst); phi && isHalf(phi->getType())) {
        auto *np = cast<PHINode>(promoted_[phi]);
        for (unsigned i = 0; i < phi->getNumIncomingValues(); ++i) np->addIncoming(get(phi->getIncomingValue(i)), phi->getIncomingBlock(i));
      }
    for (Instruction *inst : work) inst->dropAllReferences();
    for (Instruction *inst : work) inst->eraseFromParent();
    return true;
  }

private:
  Type *promotedType(Type *t) const {
    if (auto *vt = dyn_cast<FixedVectorType>(t)) return FixedVectorType::get(f32_, vt->getNumElements());
    return f32_;
  }

  Value *get(Value *v) {
    if (!isHalf(v->getType())) return v;
    if (auto it = promoted_.find(v); it != promoted_.end()) return it->second;
    if (auto *c = dyn_cast<Constant>(v); c && v->getType()->isVectorTy()) {
      Value *result = PoisonValue::get(promotedType(v->getType()));
      for (unsigned i = 0; i < cast<FixedVectorType>(v->getType())->getNumElements(); ++i)
        result = ConstantExpr::getInsertElement(cast<Constant>(result), cast<Constant>(get(c->getAggregateElement(i))),
                                                ConstantInt::get(i32_, i));
      return result;
    }
    if (auto *c = dyn_cast<ConstantFP>(v)) {
      bool lost = false;
      APFloat value = c->getValueAPF();
      value.convert(APFloat::IEEEsingle(), APFloat::rmNearestTiesToEven, &lost);
      return ConstantFP::get(f32_, value);
    }
    if (isa<UndefValue>(v)) return UndefValue::get(promotedType(v->getType()));
    if (current_) ctx_.diagnostics.error(current_, "internal error: cannot promote a half value");
    else ctx_.diagnostics.error("internal error: cannot promote a half value");
    return PoisonValue::get(f32_);
  }

  // The half bits (in the low 16 bits of an i32) of float `f` rounded to nearest even.
  Value *halfBits(IRBuilder<> &b, Value *f) {
    Value *u = b.CreateBitCast(f, i32_);
    Value *sign = b.CreateAnd(b.CreateLShr(u, 16), 0x8000);
    Value *a = b.CreateAnd(u, 0x7fffffff);
    Value *exponent = b.CreateLShr(a, 23), *fraction = b.CreateAnd(a, 0x7fffff);
    // Normal halves: the top bits of the float, rebiased; ties to even on the 13 bits dropped.
    Value *truncated = b.CreateSub(b.CreateLShr(a, 13), b.getInt32(112 << 10));
    Value *dropped = b.CreateAnd(a, 0x1fff);
    Value *roundUp = b.CreateOr(b.CreateICmpUGT(dropped, b.getInt32(0x1000)),
                                b.CreateAnd(b.CreateICmpEQ(dropped, b.getInt32(0x1000)), b.CreateICmpNE(b.CreateAnd(truncated, 1), b.getInt32(0))));
    Value *normal = b.CreateBinaryIntrinsic(Intrinsic::umin, b.CreateAdd(truncated, b.CreateZExt(roundUp, i32_)), b.getInt32(0x7c00));
    // Subnormal halves (below 2^-14): the significand in units of 2^-24, ties to even.
    Value *significand = b.CreateOr(fraction, b.CreateSelect(b.CreateICmpEQ(exponent, b.getInt32(0)), b.getInt32(0), b.getInt32(0x800000)));
    Value *shift = b.CreateBinaryIntrinsic(Intrinsic::umin, b.CreateSub(b.getInt32(126), exponent), b.getInt32(31));
    Value *units = b.CreateLShr(significand, shift);
    Value *rest = b.CreateAnd(significand, b.CreateSub(b.CreateShl(b.getInt32(1), shift), b.getInt32(1)));
    Value *halfway = b.CreateShl(b.getInt32(1), b.CreateSub(shift, b.getInt32(1)));
    Value *subnormalUp = b.CreateOr(b.CreateICmpUGT(rest, halfway),
                                    b.CreateAnd(b.CreateICmpEQ(rest, halfway), b.CreateICmpNE(b.CreateAnd(units, 1), b.getInt32(0))));
    Value *subnormal = b.CreateAdd(units, b.CreateZExt(subnormalUp, i32_));
    // Infinities and NaNs (quiet, with the payload's top bits).
    Value *special = b.CreateOr(b.getInt32(0x7c00), b.CreateSelect(b.CreateICmpNE(fraction, b.getInt32(0)),
                                                                    b.CreateOr(b.CreateLShr(fraction, 13), b.getInt32(0x200)), b.getInt32(0)));
    Value *magnitude = b.CreateSelect(b.CreateICmpEQ(exponent, b.getInt32(255)), special,
                                      b.CreateSelect(b.CreateICmpULT(exponent, b.getInt32(113)), subnormal, normal));
    return b.CreateOr(sign, magnitude);
  }

  // The float of half bits `h` (low 16 bits of an i32), exactly.
  Value *floatOfBits(IRBuilder<> &b, Value *h) {
    Value *sign = b.CreateShl(b.CreateAnd(h, 0x8000), 16);
    Value *exponent = b.CreateAnd(b.CreateLShr(h, 10), 0x1f), *fraction = b.CreateAnd(h, 0x3ff);
    Value *normal = b.CreateOr(b.CreateShl(b.CreateAdd(exponent, b.getInt32(112)), 23), b.CreateShl(fraction, 13));
    Value *special = b.CreateOr(b.getInt32(0x7f800000), b.CreateShl(fraction, 13));
    // Subnormal: fraction * 2^-24, a product float holds exactly.
    Value *subnormal = b.CreateBitCast(b.CreateFMul(b.CreateUIToFP(fraction, f32_), ConstantFP::get(f32_, 0x1p-24)), i32_);
    Value *magnitude = b.CreateSelect(b.CreateICmpEQ(exponent, b.getInt32(31)), special,
                                      b.CreateSelect(b.CreateICmpEQ(exponent, b.getInt32(0)), subnormal, normal));
    return b.CreateBitCast(b.CreateOr(sign, magnitude), f32_);
  }

  Value *roundToHalf(IRBuilder<> &b, Value *f) { return floatOfBits(b, halfBits(b, f)); }

  // The half nearest the positive value v that `approx` (a positive float) approximates to well
  // within half an ulp of half precision. `above(m)` and `equal(m)` compare v exactly with the
  // midpoint m of two adjacent halves (a float of at most 12 significant bits); ties go to even.
  Value *nearestHalf(IRBuilder<> &b, Value *approx, const std::function<Value *(Value *)> &above,
                     const std::function<Value *(Value *)> &equal) {
    Value *nearest = halfBits(b, approx);
    // The other candidate: the neighbouring half on approx's side (adjacent positive halves are
    // adjacent integers, infinity included, which stands for 2^16 here).
    Value *upward = b.CreateFCmpOGE(approx, floatOfBits(b, nearest));
    Value *other = b.CreateSelect(upward, b.CreateAdd(nearest, b.getInt32(1)), b.CreateSub(nearest, b.getInt32(1)));
    Value *low = b.CreateBinaryIntrinsic(Intrinsic::umin, nearest, other), *high = b.CreateBinaryIntrinsic(Intrinsic::umax, nearest, other);
    Value *highValue = b.CreateSelect(b.CreateICmpEQ(high, b.getInt32(0x7c00)), ConstantFP::get(f32_, 0x1p16), floatOfBits(b, high));
    Value *midpoint = b.CreateFMul(b.CreateFAdd(floatOfBits(b, low), highValue), ConstantFP::get(f32_, 0.5));
    Value *even = b.CreateSelect(b.CreateICmpEQ(b.CreateAnd(low, 1), b.getInt32(0)), low, high);
    return floatOfBits(b, b.CreateSelect(above(midpoint), high, b.CreateSelect(equal(midpoint), even, low)));
  }

  // x / y of half values, correctly rounded to half. Zeros, infinities and NaNs are IEEE's
  // answers, chosen explicitly (Vulkan bounds OpFDiv only for divisors of normal magnitude).
  Value *quotient(IRBuilder<> &b, Value *x, Value *y) {
    Value *zero = ConstantFP::get(f32_, 0.0), *infinity = ConstantFP::getInfinity(f32_);
    Value *ax = b.CreateUnaryIntrinsic(Intrinsic::fabs, x), *ay = b.CreateUnaryIntrinsic(Intrinsic::fabs, y);
    auto *approx = cast<Instruction>(b.CreateFDiv(ax, ay));
    approx->setHasAllowReciprocal(true);  // the emitter's plain OpFDiv: the rounding is decided below
    Value *magnitude = nearestHalf(
        b, approx, [&](Value *m) { return b.CreateFCmpOGT(ax, b.CreateFMul(m, ay)); },
        [&](Value *m) { return b.CreateFCmpOEQ(ax, b.CreateFMul(m, ay)); });
    Value *special = b.CreateSelect(b.CreateOr(b.CreateFCmpOEQ(ax, infinity), b.CreateFCmpOEQ(ay, zero)), infinity, zero);
    Value *isSpecial = b.CreateOr(b.CreateOr(b.CreateFCmpOEQ(ax, zero), b.CreateFCmpOEQ(ax, infinity)),
                                  b.CreateOr(b.CreateFCmpOEQ(ay, zero), b.CreateFCmpOEQ(ay, infinity)));
    Value *invalid = b.CreateOr(b.CreateFCmpUNO(x, y), b.CreateOr(b.CreateAnd(b.CreateFCmpOEQ(ax, zero), b.CreateFCmpOEQ(ay, zero)),
                                                                  b.CreateAnd(b.CreateFCmpOEQ(ax, infinity), b.CreateFCmpOEQ(ay, infinity))));
    Value *sign = b.CreateXor(b.CreateBitCast(x, i32_), b.CreateBitCast(y, i32_));
    Value *signed_ = b.CreateBinaryIntrinsic(Intrinsic::copysign, b.CreateSelect(isSpecial, special, magnitude), b.CreateBitCast(sign, f32_));
    return b.CreateSelect(invalid, ConstantFP::getQNaN(f32_), signed_);
  }

  // sqrt(x) of a half value, correctly rounded to half; no midpoint's square equals a half, so
  // there are no ties. ±0 and +infinity are their own roots, anything else NaN (GLSL leaves the
  // root of a negative number undefined).
  Value *root(IRBuilder<> &b, Value *x) {
    Value *zero = ConstantFP::get(f32_, 0.0), *infinity = ConstantFP::getInfinity(f32_);
    auto *approx = cast<Instruction>(b.CreateUnaryIntrinsic(Intrinsic::sqrt, x));
    approx->setHasApproxFunc(true);  // the device's float root: the rounding is decided below
    Value *magnitude = nearestHalf(
        b, approx, [&](Value *m) { return b.CreateFCmpOGT(x, b.CreateFMul(m, m)); }, [&](Value *) { return b.getFalse(); });
    Value *special = b.CreateSelect(b.CreateOr(b.CreateFCmpOEQ(x, zero), b.CreateFCmpOEQ(x, infinity)), x, ConstantFP::getQNaN(f32_));
    return b.CreateSelect(b.CreateAnd(b.CreateFCmpOGT(x, zero), b.CreateFCmpOLT(x, infinity)), magnitude, special);
  }

  // fma(a, b, c) of half values as a float rounded to odd: a * b is exact in float; the float sum's
  // TwoSum error decides the direction.
  Value *fmaRoundedToOdd(IRBuilder<> &b, Value *x, Value *y, Value *z) {
    Value *p = b.CreateFMul(x, y);
    Value *s = b.CreateFAdd(p, z);
    Value *pPart = b.CreateFSub(s, z);
    Value *error = b.CreateFAdd(b.CreateFSub(p, pPart), b.CreateFSub(z, b.CreateFSub(s, pPart)));
    Value *bits = b.CreateBitCast(s, i32_);
    Value *inexactEven = b.CreateAnd(b.CreateFCmpONE(error, ConstantFP::get(f32_, 0.0)), b.CreateICmpEQ(b.CreateAnd(bits, 1), b.getInt32(0)));
    // Away from zero when the error has the sum's sign, else towards it.
    Value *away = b.CreateICmpEQ(b.CreateLShr(bits, 31), b.CreateLShr(b.CreateBitCast(error, i32_), 31));
    Value *odd = b.CreateSelect(inexactEven, b.CreateSelect(away, b.CreateAdd(bits, b.getInt32(1)), b.CreateSub(bits, b.getInt32(1))), bits);
    return b.CreateBitCast(odd, f32_);
  }

  Value *rewriteIntrinsic(IRBuilder<> &b, IntrinsicInst &call) {
    SmallVector<Value *, 3> args;
    for (Value *arg : call.args()) args.push_back(get(arg));
    switch (call.getIntrinsicID()) {
    // Exact on half values: the result is a half value.
    case Intrinsic::fabs: case Intrinsic::copysign: case Intrinsic::minnum: case Intrinsic::maxnum: case Intrinsic::minimum:
    case Intrinsic::maximum: case Intrinsic::floor: case Intrinsic::ceil: case Intrinsic::trunc: case Intrinsic::rint:
    case Intrinsic::nearbyint: case Intrinsic::round: case Intrinsic::roundeven: case Intrinsic::canonicalize:
      return b.CreateIntrinsic(call.getIntrinsicID(), {f32_}, args);
    case Intrinsic::fma: case Intrinsic::fmuladd: return roundToHalf(b, fmaRoundedToOdd(b, args[0], args[1], args[2]));
    case Intrinsic::sqrt: return call.hasApproxFunc() ? roundToHalf(b, b.CreateUnaryIntrinsic(Intrinsic::sqrt, args[0], &call)) : root(b, args[0]);
    // Rounded once from float (as accurately as float's).
    case Intrinsic::exp: case Intrinsic::exp2: case Intrinsic::log: case Intrinsic::log2:
    case Intrinsic::log10: case Intrinsic::sin: case Intrinsic::cos: case Intrinsic::pow:
      return roundToHalf(b, b.CreateIntrinsic(call.getIntrinsicID(), {f32_}, args));
    default: return nullptr;
    }
  }

  void rewrite(Instruction &inst) {
    current_ = &inst;  // where an internal error is reported
    IRBuilder<> b(&inst);
    Value *result = nullptr;
    const bool halfResult = isHalf(inst.getType());
    if (Value *lanes = rewriteVectorAccess(b, inst)) {
      if (halfResult) promoted_[&inst] = lanes;
      return;
    }
    if (any_of(inst.operands(), [](const Use &u) { return u->getType()->isVectorTy() && isHalf(u->getType()); }) ||
        (halfResult && inst.getType()->isVectorTy())) {
      ctx_.diagnostics.error(&inst, std::string("unsupported '") + inst.getOpcodeName() + "' on a vector of _Float16 for devices without 16-bit floats");
      return;
    }
    if (auto *bin = dyn_cast<BinaryOperator>(&inst)) {
      Value *x = get(bin->getOperand(0)), *y = get(bin->getOperand(1));
      if (bin->getOpcode() == Instruction::FDiv && !bin->hasAllowReciprocal() && !bin->hasApproxFunc())
        result = quotient(b, x, y);
      else
        result = roundToHalf(b, b.CreateBinOp(bin->getOpcode(), x, y));
    } else if (auto *un = dyn_cast<UnaryOperator>(&inst); un && un->getOpcode() == Instruction::FNeg) {
      result = b.CreateFNeg(get(un->getOperand(0)));
    } else if (auto *cmp = dyn_cast<FCmpInst>(&inst)) {
      inst.replaceAllUsesWith(b.CreateFCmp(cmp->getPredicate(), get(cmp->getOperand(0)), get(cmp->getOperand(1))));
      return;
    } else if (auto *sel = dyn_cast<SelectInst>(&inst)) {
      result = b.CreateSelect(sel->getCondition(), get(sel->getTrueValue()), get(sel->getFalseValue()));
    } else if (auto *load = dyn_cast<LoadInst>(&inst); load && !load->isAtomic()) {
      LoadInst *bits = b.CreateAlignedLoad(i16_, load->getPointerOperand(), load->getAlign(), load->isVolatile());
      result = floatOfBits(b, b.CreateZExt(bits, i32_));
    } else if (auto *store = dyn_cast<StoreInst>(&inst); store && !store->isAtomic()) {
      Value *bits = b.CreateTrunc(halfBits(b, get(store->getValueOperand())), i16_);
      b.CreateAlignedStore(bits, store->getPointerOperand(), store->getAlign(), store->isVolatile());
      return;
    } else if (auto *cast = dyn_cast<CastInst>(&inst)) {
      Value *src = cast->getOperand(0);
      Type *to = inst.getType();
      switch (cast->getOpcode()) {
      case Instruction::FPExt: result = to->isFloatTy() ? get(src) : b.CreateFPExt(get(src), to); break;
      case Instruction::FPTrunc:
        // From float: rounded once. (From double: float cannot hold every double, and rounding
        // twice could be wrong, so it goes through float rounded to odd.)
        result = roundToHalf(b, src->getType()->isFloatTy() ? src : floatRoundedToOdd(b, src));
        break;
      case Instruction::SIToFP: case Instruction::UIToFP:
        // Integers beyond float's 24 bits are beyond half's range too: one rounding decides.
        result = roundToHalf(b, b.CreateCast(cast->getOpcode(), src, f32_));
        break;
      case Instruction::FPToSI: case Instruction::FPToUI: result = b.CreateCast(cast->getOpcode(), get(src), to); break;
      case Instruction::BitCast:
        if (halfResult) result = floatOfBits(b, b.CreateZExt(src, i32_));
        else result = b.CreateTrunc(halfBits(b, get(src)), to);
        break;
      default: break;
      }
    } else if (auto *freeze = dyn_cast<FreezeInst>(&inst)) {
      result = b.CreateFreeze(get(freeze->getOperand(0)));
    } else if (auto *call = dyn_cast<IntrinsicInst>(&inst)) {
      result = rewriteIntrinsic(b, *call);
    }
    if (!result) {
      ctx_.diagnostics.error(&inst, std::string("unsupported '") + inst.getOpcodeName() + "' on _Float16 for devices without 16-bit floats");
      return;
    }
    if (halfResult) promoted_[&inst] = result;
    else inst.replaceAllUsesWith(result);
  }

  // Vectors of half (what the scalarizer leaves: loads, stores and lane moves), lane by lane;
  // null for other instructions. A store's result is the new store.
  Value *rewriteVectorAccess(IRBuilder<> &b, Instruction &inst) {
    if (auto *ee = dyn_cast<ExtractElementInst>(&inst)) return b.CreateExtractElement(get(ee->getVectorOperand()), ee->getIndexOperand());
    if (auto *ie = dyn_cast<InsertElementInst>(&inst))
      return b.CreateInsertElement(get(ie->getOperand(0)), get(ie->getOperand(1)), ie->getOperand(2));
    if (auto *sv = dyn_cast<ShuffleVectorInst>(&inst)) return b.CreateShuffleVector(get(sv->getOperand(0)), get(sv->getOperand(1)), sv->getShuffleMask());
    auto *load = dyn_cast<LoadInst>(&inst);
    auto *store = dyn_cast<StoreInst>(&inst);
    Type *t = load ? load->getType() : store ? store->getValueOperand()->getType() : nullptr;
    auto *vt = t ? dyn_cast<FixedVectorType>(t) : nullptr;
    if (!vt || (load && load->isAtomic()) || (store && store->isAtomic())) return nullptr;
    Type *bitsType = FixedVectorType::get(i16_, vt->getNumElements());
    if (load) {
      Value *bits = b.CreateAlignedLoad(bitsType, load->getPointerOperand(), load->getAlign(), load->isVolatile());
      Value *result = PoisonValue::get(promotedType(t));
      for (unsigned i = 0; i < vt->getNumElements(); ++i)
        result = b.CreateInsertElement(result, floatOfBits(b, b.CreateZExt(b.CreateExtractElement(bits, i), i32_)), i);
      return result;
    }
    Value *lanes = get(store->getValueOperand()), *bits = PoisonValue::get(bitsType);
    for (unsigned i = 0; i < vt->getNumElements(); ++i)
      bits = b.CreateInsertElement(bits, b.CreateTrunc(halfBits(b, b.CreateExtractElement(lanes, i)), i16_), i);
    return b.CreateAlignedStore(bits, store->getPointerOperand(), store->getAlign(), store->isVolatile());
  }

  // A double rounded to float with round-to-odd: RN, then, when inexact and even, one step towards
  // the exact value.
  Value *floatRoundedToOdd(IRBuilder<> &b, Value *d) {
    Value *r = b.CreateFPTrunc(d, f32_);
    Value *back = b.CreateFPExt(r, d->getType());
    Value *bits = b.CreateBitCast(r, i32_);
    Value *inexactEven = b.CreateAnd(b.CreateFCmpONE(back, d), b.CreateICmpEQ(b.CreateAnd(bits, 1), b.getInt32(0)));
    Value *away = b.CreateFCmpOLT(b.CreateUnaryIntrinsic(Intrinsic::fabs, back), b.CreateUnaryIntrinsic(Intrinsic::fabs, d));
    Value *odd = b.CreateSelect(inexactEven, b.CreateSelect(away, b.CreateAdd(bits, b.getInt32(1)), b.CreateSub(bits, b.getInt32(1))), bits);
    return b.CreateBitCast(odd, f32_);
  }

  Function &f_;
  CompileContext &ctx_;
  Type *f32_, *i32_, *i16_;
  DenseMap<Value *, Value *> promoted_;
  const Instruction *current_ = nullptr;  // the instruction being rewritten
};

} // namespace

PreservedAnalyses PromoteHalfPass::run(Function &f, FunctionAnalysisManager &) {
  HalfPromoter promoter(f, ctx);
  bool changed = ctx.native.float16 ? promoter.roundFmasExactly() : promoter.run();
  return changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace hipvk
