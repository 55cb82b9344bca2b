// Software doubles for devices without shaderFloat64 (the portable variant, ctx.native.float64
// false): every double value becomes the i64 of its bits, and every double operation a call of
// the device library's software binary64 (compiler/devicelib/softdouble.hip), which is then linked:
// its small functions inlined so that the kernel's optimisation sees through them, its large ones
// value functions called at each operation (ValueFunctions.h). Runs after the device library and
// OCML are linked and inlined, so OCML's double math is softened operation by operation (their
// value functions get i64 parameters and results, their bodies softened like the kernels').
//
// Values change type in place (loads, stores, phis, selects, allocas, GEPs, vectors, aggregates,
// atomics' exchange), operations are replaced by calls; floating-point atomic read-modify-writes
// on doubles first become compare-and-swap loops on the bits. What cannot be softened (an
// intrinsic the library lacks) is reported with its source location; no double is left behind.
#include "DeviceLibrary.h"
#include "Passes.h"
#include "ValueFunctions.h"

#include <llvm/Analysis/ConstantFolding.h>
#include <llvm/CodeGen/AtomicExpandUtils.h>
#include <llvm/IR/AttributeMask.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/Operator.h>
#include <llvm/Transforms/IPO/AlwaysInliner.h>
#include <llvm/Transforms/IPO/GlobalDCE.h>

#include <bit>

using namespace llvm;

namespace hipvk {

namespace {

constexpr uint64_t kSignBit = 0x8000000000000000ull;
// softdouble::Rounding.
enum Rounding : uint32_t { kFloor = 0, kCeil = 1, kTrunc = 2, kRoundHalfAway = 3, kRoundHalfEven = 4 };

bool involvesDouble(Type *t) {
  if (t->isDoubleTy()) return true;
  if (auto *v = dyn_cast<VectorType>(t)) return involvesDouble(v->getElementType());
  if (auto *a = dyn_cast<ArrayType>(t)) return involvesDouble(a->getElementType());
  if (auto *s = dyn_cast<StructType>(t)) return any_of(s->elements(), involvesDouble);
  if (auto *f = dyn_cast<FunctionType>(t)) return involvesDouble(f->getReturnType()) || any_of(f->params(), involvesDouble);
  return false;
}

class Softener {
public:
  Softener(Module &m, CompileContext &ctx) : m_(m), ctx_(ctx), i64_(Type::getInt64Ty(m.getContext())) {}

  // The type with every double replaced by i64 (a named struct gets a softened twin).
  Type *softType(Type *t) {
    if (!involvesDouble(t)) return t;
    if (t->isDoubleTy()) return i64_;
    if (auto *v = dyn_cast<VectorType>(t)) return VectorType::get(softType(v->getElementType()), v->getElementCount());
    if (auto *a = dyn_cast<ArrayType>(t)) return ArrayType::get(softType(a->getElementType()), a->getNumElements());
    auto *s = cast<StructType>(t);
    if (auto it = structs_.find(s); it != structs_.end()) return it->second;
    SmallVector<Type *, 8> elements;
    for (Type *e : s->elements()) elements.push_back(softType(e));
    StructType *soft = s->isLiteral() ? StructType::get(m_.getContext(), elements, s->isPacked())
                                      : StructType::create(m_.getContext(), elements, (s->getName() + ".soft").str(), s->isPacked());
    structs_[s] = soft;
    return soft;
  }

  // Whether a constant holds a double or addresses through a double type (a constant GEP).
  bool needsSoftening(Constant *c) {
    if (involvesDouble(c->getType())) return true;
    auto *e = dyn_cast<ConstantExpr>(c);
    if (!e) return false;
    if (auto *gep = dyn_cast<GEPOperator>(e); gep && involvesDouble(gep->getSourceElementType())) return true;
    return any_of(e->operands(), [&](Use &u) { return needsSoftening(cast<Constant>(u.get())); });
  }

  // The constant with doubles as their bits; null for a constant expression it cannot rebuild.
  Constant *softConstant(Constant *c) {
    if (!needsSoftening(c)) return c;
    Type *type = softType(c->getType());
    if (auto *fp = dyn_cast<ConstantFP>(c)) return ConstantInt::get(i64_, fp->getValueAPF().bitcastToAPInt().getZExtValue());
    if (isa<PoisonValue>(c)) return PoisonValue::get(type);
    if (isa<UndefValue>(c)) return UndefValue::get(type);
    if (c->isNullValue()) return Constant::getNullValue(type);
    if (auto *gep = dyn_cast<GEPOperator>(c)) {
      SmallVector<Constant *, 4> indices;
      for (Use &u : gep->indices()) indices.push_back(cast<Constant>(u.get()));
      Constant *base = softConstant(cast<Constant>(gep->getPointerOperand()));
      if (!base) return nullptr;
      return ConstantExpr::getGetElementPtr(softType(gep->getSourceElementType()), base, indices, gep->getNoWrapFlags());
    }
    if (auto *e = dyn_cast<ConstantExpr>(c)) {
      if (e->getOpcode() != Instruction::BitCast) return nullptr;
      Constant *operand = softConstant(e->getOperand(0));
      return operand ? ConstantFoldCastOperand(Instruction::BitCast, operand, type, m_.getDataLayout()) : nullptr;
    }
    // Arrays, vectors and structs, element by element.
    SmallVector<Constant *, 16> elements;
    for (unsigned i = 0, n = c->getType()->isStructTy() ? c->getType()->getStructNumElements()
                                                        : isa<VectorType>(c->getType()) ? cast<FixedVectorType>(c->getType())->getNumElements()
                                                                                        : c->getType()->getArrayNumElements();
         i < n; ++i) {
      Constant *element = softConstant(c->getAggregateElement(i));
      if (!element) return nullptr;
      elements.push_back(element);
    }
    if (auto *s = dyn_cast<StructType>(type)) return ConstantStruct::get(s, elements);
    if (isa<VectorType>(type)) return ConstantVector::get(elements);
    return ConstantArray::get(cast<ArrayType>(type), elements);
  }

  void softenGlobals() {
    for (GlobalVariable &gv : make_early_inc_range(m_.globals())) {
      if (!involvesDouble(gv.getValueType()) && !(gv.hasInitializer() && needsSoftening(gv.getInitializer()))) continue;
      Constant *init = gv.hasInitializer() ? softConstant(gv.getInitializer()) : nullptr;
      if (gv.hasInitializer() && !init) {
        ctx_.diagnostics.error("the initializer of '" + gv.getName().str() + "' holds a double expression that cannot be computed without 64-bit floats");
        continue;
      }
      auto *soft = new GlobalVariable(m_, softType(gv.getValueType()), gv.isConstant(), gv.getLinkage(), init, "", &gv,
                                      gv.getThreadLocalMode(), gv.getAddressSpace(), gv.isExternallyInitialized());
      soft->copyAttributesFrom(&gv);
      SmallVector<std::pair<unsigned, MDNode *>, 4> metadata;
      gv.getAllMetadata(metadata);
      for (auto [kind, node] : metadata) soft->setMetadata(kind, node);
      soft->takeName(&gv);
      gv.replaceAllUsesWith(soft);
      gv.eraseFromParent();
    }
  }

  // Kernels taking doubles by value get i64 parameters (same size and alignment, so the same
  // argument layout), value functions i64 parameters and results; the body sees the bits bitcast
  // back, softened with the rest.
  void softenSignature(Function *&f) {
    FunctionType *type = f->getFunctionType();
    // Aggregates passed by reference: their attribute's type lays the argument out.
    for (Argument &arg : f->args())
      for (Attribute::AttrKind kind : {Attribute::ByRef, Attribute::ByVal})
        if (Attribute a = f->getAttributes().getParamAttr(arg.getArgNo(), kind); a.isValid() && involvesDouble(a.getValueAsType())) {
          f->removeParamAttr(arg.getArgNo(), kind);
          f->addParamAttr(arg.getArgNo(), Attribute::get(m_.getContext(), kind, softType(a.getValueAsType())));
        }
    if (!involvesDouble(type)) return;
    if (!isKernel(*f) && !isValueFunction(*f)) {
      ctx_.diagnostics.error(f, "a device function with double parameters or result was not inlined: '" + f->getName().str() + "'");
      return;
    }
    // In the function's place: the kernels' order is the metadata's, which must be the fallback's.
    Function *soft = Function::Create(softType(type), f->getLinkage(), f->getAddressSpace(), "");
    m_.getFunctionList().insert(f->getIterator(), soft);
    soft->copyAttributesFrom(f);
    soft->copyMetadata(f, 0);
    soft->splice(soft->begin(), f);
    soft->takeName(f);
    soft->removeRetAttrs(AttributeFuncs::typeIncompatible(soft->getReturnType()));
    IRBuilder<> ir(&*soft->getEntryBlock().getFirstInsertionPt());
    for (auto [from, to] : zip(f->args(), soft->args())) {
      to.takeName(&from);
      if (from.getType() == to.getType()) from.replaceAllUsesWith(&to);
      else {
        soft->removeParamAttrs(to.getArgNo(), AttributeFuncs::typeIncompatible(to.getType()));
        from.replaceAllUsesWith(ir.CreateBitCast(&to, from.getType()));
      }
    }
    f->replaceAllUsesWith(soft); // its calls get the softened function type with their operands
    f->eraseFromParent();
    f = soft;
  }

  FunctionType *softType(FunctionType *type) {
    SmallVector<Type *, 8> params;
    for (Type *t : type->params()) params.push_back(softType(t));
    return FunctionType::get(softType(type->getReturnType()), params, type->isVarArg());
  }

  void softenFunction(Function &f);
  void verifySoftened(Function &f);

  // Declarations of the library functions the softened code calls.
  FunctionCallee library(StringRef name, Type *result, ArrayRef<Type *> params) {
    return m_.getOrInsertFunction(("__hipvk_sd_" + name).str(), FunctionType::get(result, params, false));
  }

private:
  Value *lowerOperation(Instruction &inst, IRBuilder<> &ir, const SmallVectorImpl<Value *> &operands, Type *operandType);
  Value *lowerIntrinsic(CallBase &call, IRBuilder<> &ir, Type *resultType);
  Value *lanes(IRBuilder<> &ir, Type *resultType, function_ref<Value *(unsigned)> lane);

  Module &m_;
  CompileContext &ctx_;
  Type *i64_;
  DenseMap<StructType *, StructType *> structs_;
};

// Element `i` of a vector, or the scalar itself.
Value *laneOf(IRBuilder<> &ir, Value *v, unsigned i) { return v->getType()->isVectorTy() ? ir.CreateExtractElement(v, i) : v; }

// `lane(i)` for each lane of `resultType` (a scalar: one lane), assembled into a vector.
Value *Softener::lanes(IRBuilder<> &ir, Type *resultType, function_ref<Value *(unsigned)> lane) {
  auto *vector = dyn_cast<FixedVectorType>(resultType);
  if (!vector) return lane(0);
  Value *result = PoisonValue::get(resultType);
  for (unsigned i = 0; i < vector->getNumElements(); ++i) result = ir.CreateInsertElement(result, lane(i), i);
  return result;
}

unsigned laneCount(Type *t) { return isa<FixedVectorType>(t) ? cast<FixedVectorType>(t)->getNumElements() : 1; }

// The replacement of a double operation (its operands already the bits): a library call per lane.
// `operandType` is the original type of operand 0. Null when the library has no such operation.
Value *Softener::lowerOperation(Instruction &inst, IRBuilder<> &ir, const SmallVectorImpl<Value *> &ops, Type *operandType) {
  Type *resultType = inst.getType();
  Type *i32 = ir.getInt32Ty();
  auto binary = [&](StringRef name) {
    FunctionCallee fn = library(name, i64_, {i64_, i64_});
    return lanes(ir, resultType, [&](unsigned i) { return ir.CreateCall(fn, {laneOf(ir, ops[0], i), laneOf(ir, ops[1], i)}); });
  };
  switch (inst.getOpcode()) {
  case Instruction::FNeg: return ir.CreateXor(ops[0], ConstantInt::get(resultType, kSignBit));
  case Instruction::FAdd: return binary("add");
  case Instruction::FSub: return binary("sub");
  case Instruction::FMul: return binary("mul");
  case Instruction::FDiv: return binary("div");
  case Instruction::FRem: return binary("rem");
  case Instruction::FCmp: {
    // softdouble::compare gives 0 equal, 1 greater, 2 less, 3 unordered: the bits of LLVM's fcmp
    // predicate codes (1 equal, 2 greater, 4 less, 8 unordered) in that order.
    FunctionCallee compare = library("compare", i32, {i64_, i64_});
    auto predicate = cast<FCmpInst>(inst).getPredicate();
    return lanes(ir, resultType, [&](unsigned i) {
      Value *order = ir.CreateCall(compare, {laneOf(ir, ops[0], i), laneOf(ir, ops[1], i)});
      return ir.CreateTrunc(ir.CreateLShr(ir.getInt32(unsigned(predicate)), order), ir.getInt1Ty());
    });
  }
  case Instruction::FPExt: {
    Type *from = operandType->getScalarType();
    if (!from->isFloatTy() && !from->isHalfTy()) return nullptr;
    FunctionCallee widen = library("from_f32", i64_, {i32});
    return lanes(ir, resultType, [&](unsigned i) {
      Value *x = laneOf(ir, ops[0], i);
      if (from->isHalfTy()) x = ir.CreateFPExt(x, ir.getFloatTy()); // exact
      return ir.CreateCall(widen, {ir.CreateBitCast(x, i32)});
    });
  }
  case Instruction::FPTrunc: {
    Type *to = resultType->getScalarType();
    if (!to->isFloatTy() && !to->isHalfTy()) return nullptr;
    Type *bits = to->isHalfTy() ? ir.getInt16Ty() : i32;
    FunctionCallee narrow = library(to->isHalfTy() ? "to_f16" : "to_f32", bits, {i64_});
    return lanes(ir, resultType, [&](unsigned i) { return ir.CreateBitCast(ir.CreateCall(narrow, {laneOf(ir, ops[0], i)}), to); });
  }
  case Instruction::FPToSI:
  case Instruction::FPToUI: {
    auto *to = cast<IntegerType>(resultType->getScalarType());
    if (to->getBitWidth() > 64) return nullptr;
    const unsigned width = to->getBitWidth();
    const bool isSigned = inst.getOpcode() == Instruction::FPToSI;
    // Saturating: fptosi/fptoui leave out-of-range results undefined, fptosi.sat shares this.
    FunctionCallee convert = isSigned ? library("to_i64_sat", i64_, {i64_, i64_, i64_}) : library("to_u64_sat", i64_, {i64_, i64_});
    return lanes(ir, resultType, [&](unsigned i) {
      Value *x = laneOf(ir, ops[0], i);
      Value *result = isSigned ? ir.CreateCall(convert, {x, ir.getInt64(APInt::getSignedMinValue(width).getSExtValue()),
                                                         ir.getInt64(APInt::getSignedMaxValue(width).getSExtValue())})
                               : ir.CreateCall(convert, {x, ir.getInt64(APInt::getMaxValue(width).getZExtValue())});
      return ir.CreateTrunc(result, to);
    });
  }
  case Instruction::SIToFP:
  case Instruction::UIToFP: {
    auto *from = cast<IntegerType>(operandType->getScalarType());
    if (from->getBitWidth() > 64) return nullptr;
    const bool isSigned = inst.getOpcode() == Instruction::SIToFP;
    FunctionCallee convert = library(isSigned ? "from_i64" : "from_u64", i64_, {i64_});
    return lanes(ir, resultType, [&](unsigned i) {
      Value *x = laneOf(ir, ops[0], i);
      return ir.CreateCall(convert, {isSigned ? ir.CreateSExt(x, i64_) : ir.CreateZExt(x, i64_)});
    });
  }
  case Instruction::Call: return lowerIntrinsic(cast<CallBase>(inst), ir, resultType);
  default: return nullptr;
  }
}

Value *Softener::lowerIntrinsic(CallBase &call, IRBuilder<> &ir, Type *resultType) {
  Type *i32 = ir.getInt32Ty();
  auto arg = [&](unsigned a, unsigned lane) { return laneOf(ir, call.getArgOperand(a), lane); };
  auto perLane = [&](StringRef name, Type *result, ArrayRef<Type *> params, function_ref<SmallVector<Value *, 4>(unsigned)> args) {
    FunctionCallee fn = library(name, result, params);
    return lanes(ir, resultType, [&](unsigned i) { return ir.CreateCall(fn, args(i)); });
  };
  auto rounding = [&](Rounding mode) {
    return perLane("round", i64_, {i64_, i32}, [&](unsigned i) { return SmallVector<Value *, 4>{arg(0, i), ir.getInt32(mode)}; });
  };
  auto minMax = [&](bool wantMax, bool propagateNaNs) {
    return perLane("min_max", i64_, {i64_, i64_, ir.getInt1Ty(), ir.getInt1Ty()}, [&](unsigned i) {
      return SmallVector<Value *, 4>{arg(0, i), arg(1, i), ir.getInt1(wantMax), ir.getInt1(propagateNaNs)};
    });
  };
  // Rounded to an integral double, then converted (lround, lrint...): one lane per result lane.
  auto roundToInteger = [&](Rounding mode) -> Value * {
    auto *to = cast<IntegerType>(resultType->getScalarType());
    if (to->getBitWidth() > 64) return nullptr;
    FunctionCallee round = library("round", i64_, {i64_, i32}), convert = library("to_i64_sat", i64_, {i64_, i64_, i64_});
    const unsigned width = to->getBitWidth();
    return lanes(ir, resultType, [&](unsigned i) {
      Value *integral = ir.CreateCall(round, {arg(0, i), ir.getInt32(mode)});
      return ir.CreateTrunc(ir.CreateCall(convert, {integral, ir.getInt64(APInt::getSignedMinValue(width).getSExtValue()),
                                                    ir.getInt64(APInt::getSignedMaxValue(width).getSExtValue())}),
                            to);
    });
  };
  switch (call.getIntrinsicID()) {
  case Intrinsic::fabs: return ir.CreateAnd(call.getArgOperand(0), ConstantInt::get(resultType, ~kSignBit));
  case Intrinsic::copysign:
    return ir.CreateOr(ir.CreateAnd(call.getArgOperand(0), ConstantInt::get(resultType, ~kSignBit)),
                       ir.CreateAnd(call.getArgOperand(1), ConstantInt::get(resultType, kSignBit)));
  case Intrinsic::floor: return rounding(kFloor);
  case Intrinsic::ceil: return rounding(kCeil);
  case Intrinsic::trunc: return rounding(kTrunc);
  case Intrinsic::round: return rounding(kRoundHalfAway);
  case Intrinsic::rint:
  case Intrinsic::nearbyint:
  case Intrinsic::roundeven: return rounding(kRoundHalfEven);
  case Intrinsic::minnum: return minMax(false, false);
  case Intrinsic::maxnum: return minMax(true, false);
  case Intrinsic::minimum: return minMax(false, true);
  case Intrinsic::maximum: return minMax(true, true);
  case Intrinsic::sqrt: return perLane("sqrt", i64_, {i64_}, [&](unsigned i) { return SmallVector<Value *, 4>{arg(0, i)}; });
  case Intrinsic::canonicalize:
    return perLane("canonicalize", i64_, {i64_}, [&](unsigned i) { return SmallVector<Value *, 4>{arg(0, i)}; });
  case Intrinsic::fma:
  case Intrinsic::fmuladd: // contracted as the native variant contracts it (FuseMultiplyAddPass): fused
    return perLane("fma", i64_, {i64_, i64_, i64_}, [&](unsigned i) { return SmallVector<Value *, 4>{arg(0, i), arg(1, i), arg(2, i)}; });
  case Intrinsic::ldexp:
    if (!call.getArgOperand(1)->getType()->getScalarType()->isIntegerTy(32)) return nullptr;
    return perLane("ldexp", i64_, {i64_, i32}, [&](unsigned i) { return SmallVector<Value *, 4>{arg(0, i), arg(1, i)}; });
  case Intrinsic::frexp: {
    auto *pair = cast<StructType>(resultType);
    if (pair->getElementType(0)->isVectorTy() || !pair->getElementType(1)->isIntegerTy(32)) return nullptr;
    Value *mantissa = ir.CreateCall(library("frexp_mant", i64_, {i64_}), {call.getArgOperand(0)});
    Value *exponent = ir.CreateCall(library("frexp_exp", i32, {i64_}), {call.getArgOperand(0)});
    return ir.CreateInsertValue(ir.CreateInsertValue(PoisonValue::get(pair), mantissa, 0), exponent, 1);
  }
  case Intrinsic::is_fpclass: {
    FunctionCallee classify = library("fpclass", i32, {i64_});
    Value *mask = call.getArgOperand(1);
    return lanes(ir, resultType, [&](unsigned i) { return ir.CreateICmpNE(ir.CreateAnd(ir.CreateCall(classify, {arg(0, i)}), mask), ir.getInt32(0)); });
  }
  case Intrinsic::fptosi_sat:
  case Intrinsic::fptoui_sat: {
    auto *to = cast<IntegerType>(resultType->getScalarType());
    if (to->getBitWidth() > 64) return nullptr;
    const unsigned width = to->getBitWidth();
    if (call.getIntrinsicID() == Intrinsic::fptoui_sat)
      return lanes(ir, resultType, [&](unsigned i) {
        return ir.CreateTrunc(ir.CreateCall(library("to_u64_sat", i64_, {i64_, i64_}), {arg(0, i), ir.getInt64(APInt::getMaxValue(width).getZExtValue())}), to);
      });
    return lanes(ir, resultType, [&](unsigned i) {
      return ir.CreateTrunc(ir.CreateCall(library("to_i64_sat", i64_, {i64_, i64_, i64_}),
                                          {arg(0, i), ir.getInt64(APInt::getSignedMinValue(width).getSExtValue()),
                                           ir.getInt64(APInt::getSignedMaxValue(width).getSExtValue())}),
                            to);
    });
  }
  case Intrinsic::lround:
  case Intrinsic::llround: return roundToInteger(kRoundHalfAway);
  case Intrinsic::lrint:
  case Intrinsic::llrint: return roundToInteger(kRoundHalfEven);
  default: return nullptr;
  }
}

// Whether an instruction computes on doubles (as opposed to moving them): it is replaced.
bool isDoubleOperation(const Instruction &inst) {
  auto touches = [](const Value *v) { return involvesDouble(v->getType()); };
  switch (inst.getOpcode()) {
  case Instruction::FNeg:
  case Instruction::FAdd:
  case Instruction::FSub:
  case Instruction::FMul:
  case Instruction::FDiv:
  case Instruction::FRem:
  case Instruction::FPExt:
  case Instruction::SIToFP:
  case Instruction::UIToFP: return touches(&inst);
  case Instruction::FCmp:
  case Instruction::FPTrunc:
  case Instruction::FPToSI:
  case Instruction::FPToUI: return touches(inst.getOperand(0));
  case Instruction::Call: {
    auto &call = cast<CallBase>(inst);
    if (isCallOfValueFunction(call)) return false; // its signature is softened
    return touches(&inst) || any_of(call.args(), [&](const Use &u) { return touches(u.get()); });
  }
  default: return false;
  }
}

// Before softening, what the native variant would compute in doubles or fuse: contractable
// double products into fma (FuseMultiplyAddPass does it there, after optimisation), and the
// correctly rounded float division and square root, which the emitter takes in double (widened,
// one operation, rounded once: exact as the operands have 24 bits).
void prepareNativeEquivalents(Function &f) {
  SmallVector<Instruction *, 16> candidates;
  for (Instruction &inst : instructions(f)) candidates.push_back(&inst);
  for (Instruction *inst : candidates) {
    if (auto *sum = dyn_cast<BinaryOperator>(inst);
        sum && (sum->getOpcode() == Instruction::FAdd || sum->getOpcode() == Instruction::FSub) && sum->getType()->getScalarType()->isDoubleTy()) {
      fuseMultiplyAdd(*sum);
      continue;
    }
    Type *type = inst->getType();
    if (!type->getScalarType()->isFloatTy() || inst->hasApproxFunc()) continue;
    auto *call = dyn_cast<IntrinsicInst>(inst);
    const bool division = inst->getOpcode() == Instruction::FDiv && !inst->hasAllowReciprocal();
    if (!division && !(call && call->getIntrinsicID() == Intrinsic::sqrt)) continue;
    IRBuilder<> ir(inst);
    Type *wide = type->getWithNewType(ir.getDoubleTy());
    Value *result = division ? ir.CreateFDiv(ir.CreateFPExt(inst->getOperand(0), wide), ir.CreateFPExt(inst->getOperand(1), wide))
                             : ir.CreateUnaryIntrinsic(Intrinsic::sqrt, ir.CreateFPExt(call->getArgOperand(0), wide));
    result = ir.CreateFPTrunc(result, type);
    result->takeName(inst);
    inst->replaceAllUsesWith(result);
    inst->eraseFromParent();
  }
}

void Softener::softenFunction(Function &f) {
  prepareNativeEquivalents(f);
  // Floating-point read-modify-writes on doubles: compare-and-swap loops whose arithmetic is then
  // softened with the rest (the loop compares the i64 bits).
  SmallVector<AtomicRMWInst *, 4> atomics;
  for (Instruction &inst : instructions(f))
    if (auto *rmw = dyn_cast<AtomicRMWInst>(&inst); rmw && rmw->isFloatingPointOperation() && involvesDouble(rmw->getType()))
      atomics.push_back(rmw);
  for (AtomicRMWInst *rmw : atomics) expandAtomicRMWToCmpXchg(rmw, createCompareExchange);

  SmallVector<Instruction *, 64> all;
  SmallVector<std::pair<Instruction *, Type *>, 32> operations; // with operand 0's original type
  for (Instruction &inst : instructions(f)) {
    all.push_back(&inst);
    if (isDoubleOperation(inst)) operations.push_back({&inst, inst.getNumOperands() ? inst.getOperand(0)->getType() : nullptr});
  }
  // Every value, constant and type: doubles become i64 in place (operations transiently ill-typed
  // until replaced below).
  for (Instruction *inst : all) {
    auto *call = dyn_cast<CallBase>(inst);
    for (Use &u : inst->operands()) {
      if (call && &u == &call->getCalledOperandUse()) continue;
      if (auto *c = dyn_cast<Constant>(u.get()); c && needsSoftening(c)) {
        if (Constant *soft = softConstant(c)) u.set(soft);
        else ctx_.diagnostics.error(inst, "a constant double expression cannot be computed without 64-bit floats");
      }
    }
    if (isa<FPMathOperator>(inst) && involvesDouble(inst->getType())) inst->copyFastMathFlags(FastMathFlags());
    if (auto *alloca = dyn_cast<AllocaInst>(inst)) alloca->setAllocatedType(softType(alloca->getAllocatedType()));
    if (auto *gep = dyn_cast<GetElementPtrInst>(inst)) {
      gep->setSourceElementType(softType(gep->getSourceElementType()));
      gep->setResultElementType(softType(gep->getResultElementType()));
    }
    if (involvesDouble(inst->getType())) inst->mutateType(softType(inst->getType()));
    if (call && isCallOfValueFunction(*call) && involvesDouble(call->getFunctionType())) {
      call->mutateFunctionType(softType(call->getFunctionType()));
      call->removeRetAttrs(AttributeFuncs::typeIncompatible(call->getType()));
      for (unsigned i = 0; i < call->arg_size(); ++i)
        call->removeParamAttrs(i, AttributeFuncs::typeIncompatible(call->getFunctionType()->getParamType(i)));
    }
  }
  for (auto [inst, operandType] : operations) {
    IRBuilder<> ir(inst);
    SmallVector<Value *, 4> operands(inst->operand_values());
    Value *replacement = lowerOperation(*inst, ir, operands, operandType);
    if (!replacement) {
      std::string what = inst->getOpcodeName();
      if (auto *call = dyn_cast<CallBase>(inst); call && call->getCalledFunction()) what = "'" + call->getCalledFunction()->getName().str() + "'";
      ctx_.diagnostics.error(inst, "double operation " + what + " is not supported on devices without 64-bit floats");
      continue;
    }
    replacement->takeName(inst);
    inst->replaceAllUsesWith(replacement);
    inst->eraseFromParent();
  }
}

// After softening no instruction may still compute on or hold a double.
void Softener::verifySoftened(Function &f) {
  for (Instruction &inst : instructions(f)) {
    bool left = involvesDouble(inst.getType());
    if (auto *alloca = dyn_cast<AllocaInst>(&inst)) left |= involvesDouble(alloca->getAllocatedType());
    if (auto *gep = dyn_cast<GetElementPtrInst>(&inst)) left |= involvesDouble(gep->getSourceElementType());
    for (Value *v : inst.operand_values()) left |= !isa<Function>(v) && involvesDouble(v->getType());
    if (left) {
      ctx_.diagnostics.error(&inst, std::string("a double ") + inst.getOpcodeName() + " cannot be softened for devices without 64-bit floats");
      return;
    }
  }
}

} // namespace

PreservedAnalyses SoftenDoublesPass::run(Module &m, ModuleAnalysisManager &mam) {
  if (ctx.native.float64) return PreservedAnalyses::all();
  Softener softener(m, ctx);
  softener.softenGlobals();
  SmallVector<Function *, 8> functions;
  for (Function &f : m)
    if (!f.isDeclaration()) functions.push_back(&f);
  for (Function *&f : functions) { // a function with double parameters is replaced
    softener.softenSignature(f);
    softener.softenFunction(*f);
  }
  if (ctx.diagnostics.hasErrors()) return PreservedAnalyses::none();
  for (Function *f : functions) softener.verifySoftened(*f);
  for (Function &f : make_early_inc_range(m))
    if (f.isDeclaration() && f.use_empty() && involvesDouble(f.getFunctionType())) f.eraseFromParent();
  if (ctx.diagnostics.hasErrors()) return PreservedAnalyses::none();
  // The library's functions, linked like the rest of the device library: inlined, or value
  // functions called where the double operations were.
  if (std::string error = linkDeviceLibrary(m, false); !error.empty()) {
    ctx.diagnostics.error(error);
    return PreservedAnalyses::none();
  }
  markForInlining(m);
  ModulePassManager inline_;
  inline_.addPass(AlwaysInlinerPass());
  inline_.addPass(GlobalDCEPass());
  inline_.run(m, mam);
  // What the link brought is software doubles' integer code: a double there is a routing mistake.
  for (Function &f : m)
    if (!f.isDeclaration()) softener.verifySoftened(f);
  return PreservedAnalyses::none();
}

} // namespace hipvk
