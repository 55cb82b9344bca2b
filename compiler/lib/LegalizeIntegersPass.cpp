// Promotes integers of widths the target has no type for to the next width it has: odd widths
// (i33 from loop exit-value rewriting, i24 or i48 from SROA slicing packed structs) always, and
// i8/i16 in the portable variant, for devices without shaderInt8/shaderInt16 (CompileContext::
// native). A promoted value's high bits are undefined; operations that read them (right shifts,
// division, comparisons, extensions, conversions) first re-extend from the original width, as
// LLVM's type legaliser does, so results wrap exactly as in the original width.
//
// Without 8/16-bit types there are no 8/16-bit memory accesses either: a load or store of an
// 8/16-bit value becomes an i32 load or store marked with its real width (narrowAccessBits,
// MemoryObjects.h), which the SPIR-V emitter performs on the containing 32-bit word. Vectors of
// such values are accessed lane by lane (kernel parameters of such types are read from memory
// already: NarrowParametersPass.cpp).
#include "MemoryObjects.h"
#include "Passes.h"

#include <llvm/ADT/PostOrderIterator.h>
#include <llvm/Analysis/ConstantFolding.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>

using namespace llvm;

namespace hipvk {

namespace {

// The width the target computes a `bits`-wide integer in.
unsigned legalWidth(unsigned bits, const NativeTypes &native) {
  if (bits == 1 || bits == 32 || bits == 64 || (bits == 8 && native.int8) || (bits == 16 && native.int16)) return bits;
  return bits < 32 ? 32 : 64;
}

// Whether memory accesses of `bits`-wide values (i1 is a byte in memory) must go through words.
bool accessedThroughWords(unsigned bits, const NativeTypes &native) {
  return ((bits == 1 || bits == 8) && !native.int8) || (bits == 16 && !native.int16);
}

class Promoter {
public:
  Promoter(Function &f, CompileContext &ctx) : f_(f), ctx_(ctx), i32_(Type::getInt32Ty(f.getContext())) {}

  bool run() {
    // Reverse post-order: every definition is rewritten before its non-phi uses.
    SmallVector<Instruction *, 16> work;
    for (BasicBlock *bb : ReversePostOrderTraversal<Function *>(&f_))
      for (Instruction &inst : *bb)
        if (needsRewrite(inst)) work.push_back(&inst);
    if (work.empty()) return false;
    // Phis first (their incoming values may be defined later), then everything in order.
    for (Instruction *inst : work)
      if (auto *phi = dyn_cast<PHINode>(inst); phi && isIllegal(phi->getType()))
        promoted_[phi] = PHINode::Create(promotedType(phi->getType()), phi->getNumIncomingValues(), phi->getName() + ".wide", phi->getIterator());
    SmallVector<Instruction *, 16> dead;
    for (Instruction *inst : work)
      if (!isa<PHINode>(inst) && rewrite(*inst)) dead.push_back(inst);
    for (Instruction *inst : work)
      if (auto *phi = dyn_cast<PHINode>(inst); phi && isIllegal(phi->getType())) {
        auto *np = cast<PHINode>(promoted_[phi]);
        for (unsigned i = 0; i < phi->getNumIncomingValues(); ++i) np->addIncoming(get(phi->getIncomingValue(i)), phi->getIncomingBlock(i));
        dead.push_back(phi);
      }
    for (Instruction *inst : dead) inst->dropAllReferences();
    for (Instruction *inst : dead) inst->eraseFromParent();
    return true;
  }

private:
  Type *promotedType(Type *t) const {
    if (auto *vt = dyn_cast<FixedVectorType>(t)) return FixedVectorType::get(promotedType(vt->getElementType()), vt->getNumElements());
    if (auto *at = dyn_cast<ArrayType>(t)) {
      Type *element = promotedType(at->getElementType());
      return element == at->getElementType() ? t : ArrayType::get(element, at->getNumElements());
    }
    if (auto *st = dyn_cast<StructType>(t)) {
      SmallVector<Type *, 8> members;
      for (Type *member : st->elements()) members.push_back(promotedType(member));
      return ArrayRef<Type *>(members) == st->elements() ? t : StructType::get(t->getContext(), members, st->isPacked());
    }
    if (!t->isIntegerTy() || t->getIntegerBitWidth() > 64) return t;
    return Type::getIntNTy(t->getContext(), legalWidth(t->getIntegerBitWidth(), ctx_.native));
  }
  bool isIllegal(Type *t) const {
    if (t->isIntegerTy() && t->getIntegerBitWidth() > 64) return true;
    return promotedType(t) != t;
  }
  // Memory accesses of i1 (a byte in memory) go through words where bytes do.
  bool isWordAccessedBool(Type *t) const { return t->isIntegerTy(1) && accessedThroughWords(1, ctx_.native); }

  bool needsRewrite(const Instruction &inst) const {
    if (isIllegal(inst.getType())) return true;
    for (const Value *op : inst.operands())
      if (isIllegal(op->getType())) return true;
    if (auto *load = dyn_cast<LoadInst>(&inst)) return isWordAccessedBool(load->getType());
    if (auto *store = dyn_cast<StoreInst>(&inst)) return isWordAccessedBool(store->getValueOperand()->getType());
    // Ordered comparisons of i1 widen the operands to bytes (SpirvEmitter's emitCompare).
    if (auto *cmp = dyn_cast<ICmpInst>(&inst)) return cmp->isRelational() && isWordAccessedBool(cmp->getOperand(0)->getType());
    return false;
  }

  unsigned widthOf(const Value *original) const { return original->getType()->getScalarSizeInBits(); }
  Constant *lowBits(Type *promoted, unsigned bits) const {
    return ConstantInt::get(promoted, APInt::getLowBitsSet(promoted->getScalarSizeInBits(), bits));
  }

  Value *get(Value *v) {
    if (!isIllegal(v->getType())) return v;
    if (auto it = promoted_.find(v); it != promoted_.end()) return it->second;
    Type *wide = promotedType(v->getType());
    if (isa<PoisonValue>(v)) return PoisonValue::get(wide);
    if (isa<UndefValue>(v)) return UndefValue::get(wide);
    if (auto *c = dyn_cast<Constant>(v); c && wide->isAggregateType()) {
      // Structs and arrays holding narrow integers (a by-value class built with insertvalue).
      if (c->isNullValue()) return Constant::getNullValue(wide);
      SmallVector<Constant *, 8> elements;
      for (unsigned i = 0; i < (wide->isStructTy() ? wide->getStructNumElements() : wide->getArrayNumElements()); ++i)
        elements.push_back(cast<Constant>(get(c->getAggregateElement(i))));
      return wide->isStructTy() ? ConstantStruct::get(cast<StructType>(wide), elements) : ConstantArray::get(cast<ArrayType>(wide), elements);
    }
    if (auto *c = dyn_cast<Constant>(v))
      if (Constant *folded = ConstantFoldIntegerCast(c, wide, false, f_.getDataLayout())) return folded;
    const std::string message = "internal error: cannot promote a value of type i" + std::to_string(widthOf(v));
    if (auto *inst = dyn_cast<Instruction>(v)) ctx_.diagnostics.error(inst, message); // file:line where known
    else ctx_.diagnostics.error(&f_, message);
    return PoisonValue::get(wide);
  }
  Value *zextFrom(IRBuilder<> &b, Value *original) {
    Value *v = get(original);
    if (!isIllegal(original->getType())) return v;
    return b.CreateAnd(v, lowBits(v->getType(), widthOf(original)));
  }
  Value *sextFrom(IRBuilder<> &b, Value *original) {
    Value *v = get(original);
    if (!isIllegal(original->getType())) return v;
    unsigned shift = v->getType()->getScalarSizeInBits() - widthOf(original);
    return b.CreateAShr(b.CreateShl(v, shift), shift);
  }

  // ---- memory: each 8/16-bit scalar an i32 access marked with its width

  Value *loadScalar(IRBuilder<> &b, Value *pointer, unsigned bits, Align align, bool isVolatile) {
    LoadInst *load = b.CreateAlignedLoad(i32_, pointer, align, isVolatile);
    markNarrowAccess(*load, bits);
    return load;
  }
  void storeScalar(IRBuilder<> &b, Value *wide, Value *pointer, unsigned bits, Align align, bool isVolatile) {
    StoreInst *store = b.CreateAlignedStore(wide, pointer, align, isVolatile);
    markNarrowAccess(*store, bits);
  }
  Value *lanePointer(IRBuilder<> &b, Value *pointer, unsigned lane, unsigned bits) {
    return lane ? b.CreateConstInBoundsGEP1_32(b.getInt8Ty(), pointer, lane * bits / 8) : pointer;
  }
  Value *rewriteLoad(LoadInst &load) {
    Type *t = load.getType();
    unsigned bits = t->getScalarSizeInBits();
    if (load.isAtomic() || (t->isVectorTy() && bits == 1) || !accessedThroughWords(bits, ctx_.native)) return nullptr;
    IRBuilder<> b(&load);
    if (t->isIntegerTy(1)) return b.CreateICmpNE(loadScalar(b, load.getPointerOperand(), 8, load.getAlign(), load.isVolatile()), b.getInt32(0));
    auto *vt = dyn_cast<FixedVectorType>(t);
    if (!vt) return loadScalar(b, load.getPointerOperand(), bits, load.getAlign(), load.isVolatile());
    Value *result = PoisonValue::get(promotedType(t));
    for (unsigned lane = 0; lane < vt->getNumElements(); ++lane) {
      Value *v = loadScalar(b, lanePointer(b, load.getPointerOperand(), lane, bits), bits,
                            commonAlignment(load.getAlign(), lane * bits / 8), load.isVolatile());
      result = b.CreateInsertElement(result, v, lane);
    }
    return result;
  }
  bool rewriteStore(StoreInst &store) {
    Value *val = store.getValueOperand();
    Type *t = val->getType();
    unsigned bits = t->getScalarSizeInBits();
    if (store.isAtomic() || (t->isVectorTy() && bits == 1) || !accessedThroughWords(bits, ctx_.native)) return false;
    IRBuilder<> b(&store);
    Value *wide = t->isIntegerTy(1) ? b.CreateZExt(val, i32_) : get(val);
    if (t->isIntegerTy(1)) bits = 8;
    auto *vt = dyn_cast<FixedVectorType>(t);
    if (!vt) {
      storeScalar(b, wide, store.getPointerOperand(), bits, store.getAlign(), store.isVolatile());
      return true;
    }
    for (unsigned lane = 0; lane < vt->getNumElements(); ++lane)
      storeScalar(b, b.CreateExtractElement(wide, lane), lanePointer(b, store.getPointerOperand(), lane, bits), bits,
                  commonAlignment(store.getAlign(), lane * bits / 8), store.isVolatile());
    return true;
  }

  // ---- bit casts between vectors of narrow integers and other types, through 32-bit words

  // The bits of `original` as 32-bit words, lowest first (the last one's high bits undefined when
  // the value has fewer than a multiple of 32).
  SmallVector<Value *, 4> toWords(IRBuilder<> &b, Value *original) {
    SmallVector<Value *, 4> words;
    auto scalarWords = [&](Value *scalar, unsigned bits) {
      if (!scalar->getType()->isIntegerTy()) scalar = b.CreateBitCast(scalar, b.getIntNTy(bits));
      for (unsigned w = 0; w < (bits + 31) / 32; ++w) words.push_back(b.CreateZExtOrTrunc(w ? b.CreateLShr(scalar, w * 32) : scalar, i32_));
    };
    auto *vt = dyn_cast<FixedVectorType>(original->getType());
    if (!vt) {
      scalarWords(get(original), widthOf(original));
      return words;
    }
    unsigned bits = vt->getScalarSizeInBits();
    Value *lanes = get(original), *word = nullptr;
    for (unsigned lane = 0; lane < vt->getNumElements(); ++lane) {
      Value *v = b.CreateExtractElement(lanes, lane);
      if (bits >= 32) {
        scalarWords(v, bits);
        continue;
      }
      unsigned at = lane * bits % 32;
      Value *placed = b.CreateAnd(v, lowBits(i32_, bits));
      if (at) placed = b.CreateShl(placed, at);
      word = word ? b.CreateOr(word, placed) : placed;
      if (at + bits == 32) {
        words.push_back(word);
        word = nullptr;
      }
    }
    if (word) words.push_back(word);
    return words;
  }
  // The promoted value standing for a value of type `t` made of `words`.
  Value *fromWords(IRBuilder<> &b, ArrayRef<Value *> words, Type *t) {
    auto scalarFrom = [&](unsigned firstWord, Type *scalarType) -> Value * {
      unsigned bits = scalarType->getPrimitiveSizeInBits();
      Type *wide = promotedType(scalarType->isIntegerTy() ? scalarType : b.getIntNTy(bits));
      Value *v = b.CreateZExt(words[firstWord], wide);
      for (unsigned w = 1; w < (bits + 31) / 32; ++w) v = b.CreateOr(v, b.CreateShl(b.CreateZExt(words[firstWord + w], wide), w * 32));
      return scalarType->isIntegerTy() ? v : b.CreateBitCast(v, scalarType);
    };
    auto *vt = dyn_cast<FixedVectorType>(t);
    if (!vt) return scalarFrom(0, t);
    unsigned bits = vt->getScalarSizeInBits();
    Value *result = PoisonValue::get(promotedType(t));
    for (unsigned lane = 0; lane < vt->getNumElements(); ++lane) {
      Value *v;
      if (bits >= 32) {
        v = scalarFrom(lane * bits / 32, vt->getElementType());
      } else {
        unsigned at = lane * bits % 32;
        v = words[lane * bits / 32];
        if (at) v = b.CreateLShr(v, at);
      }
      result = b.CreateInsertElement(result, v, lane);
    }
    return result;
  }

  // ---- intrinsics on promoted values

  // The overflow intrinsics ({iN, i1}): the exact result in 32 bits, and whether it leaves N bits.
  Value *rewriteOverflowIntrinsic(IRBuilder<> &b, IntrinsicInst &call) {
    Value *a = call.getArgOperand(0), *c = call.getArgOperand(1);
    const bool isSigned = call.getIntrinsicID() == Intrinsic::sadd_with_overflow || call.getIntrinsicID() == Intrinsic::ssub_with_overflow ||
                          call.getIntrinsicID() == Intrinsic::smul_with_overflow;
    Value *x = isSigned ? sextFrom(b, a) : zextFrom(b, a), *y = isSigned ? sextFrom(b, c) : zextFrom(b, c);
    Value *exact;
    switch (call.getIntrinsicID()) {
    case Intrinsic::uadd_with_overflow: case Intrinsic::sadd_with_overflow: exact = b.CreateAdd(x, y); break;
    case Intrinsic::usub_with_overflow: case Intrinsic::ssub_with_overflow: exact = b.CreateSub(x, y); break;
    case Intrinsic::umul_with_overflow: case Intrinsic::smul_with_overflow: exact = b.CreateMul(x, y); break;
    default: return nullptr;
    }
    const unsigned bits = widthOf(a);
    Value *wrapped = isSigned ? b.CreateAShr(b.CreateShl(exact, 32 - bits), 32 - bits) : b.CreateAnd(exact, lowBits(i32_, bits));
    Value *result = b.CreateInsertValue(PoisonValue::get(promotedType(call.getType())), exact, 0);
    return b.CreateInsertValue(result, b.CreateICmpNE(wrapped, exact), 1);
  }

  Value *rewriteIntrinsic(IRBuilder<> &b, IntrinsicInst &call) {
    if (call.getType()->isStructTy() && call.arg_size() == 2 && call.getArgOperand(0)->getType()->isIntegerTy() &&
        call.getArgOperand(0)->getType()->getIntegerBitWidth() <= 16)
      return rewriteOverflowIntrinsic(b, call);
    if (!call.getType()->isIntOrIntVectorTy() || !isIllegal(call.getType()) || call.getType()->getScalarSizeInBits() > 16) return nullptr;
    Type *wide = promotedType(call.getType());
    const unsigned bits = widthOf(&call), spare = wide->getScalarSizeInBits() - bits;
    Value *a = call.arg_size() > 0 ? call.getArgOperand(0) : nullptr, *c = call.arg_size() > 1 ? call.getArgOperand(1) : nullptr;
    auto unary = [&](Intrinsic::ID id, Value *x) { return b.CreateUnaryIntrinsic(id, x); };
    auto binary = [&](Intrinsic::ID id, Value *x, Value *y) { return b.CreateBinaryIntrinsic(id, x, y); };
    Constant *maxUnsigned = lowBits(wide, bits);
    Constant *maxSigned = lowBits(wide, bits - 1);
    Constant *minSigned = ConstantExpr::getNeg(ConstantExpr::getAdd(maxSigned, ConstantInt::get(wide, 1)));
    switch (call.getIntrinsicID()) {
    case Intrinsic::bswap: return b.CreateLShr(unary(Intrinsic::bswap, get(a)), spare);
    case Intrinsic::bitreverse: return b.CreateLShr(unary(Intrinsic::bitreverse, get(a)), spare);
    case Intrinsic::ctpop: return unary(Intrinsic::ctpop, zextFrom(b, a));
    case Intrinsic::ctlz: return b.CreateSub(binary(Intrinsic::ctlz, zextFrom(b, a), b.getFalse()), ConstantInt::get(wide, spare));
    case Intrinsic::cttz: return binary(Intrinsic::cttz, b.CreateOr(get(a), ConstantInt::get(wide, uint64_t(1) << bits)), b.getFalse());
    case Intrinsic::umin: case Intrinsic::umax: return binary(call.getIntrinsicID(), zextFrom(b, a), zextFrom(b, c));
    case Intrinsic::smin: case Intrinsic::smax: return binary(call.getIntrinsicID(), sextFrom(b, a), sextFrom(b, c));
    case Intrinsic::abs: return binary(Intrinsic::abs, sextFrom(b, a), b.getFalse());
    case Intrinsic::uadd_sat: return binary(Intrinsic::umin, b.CreateAdd(zextFrom(b, a), zextFrom(b, c)), maxUnsigned);
    case Intrinsic::usub_sat: return binary(Intrinsic::usub_sat, zextFrom(b, a), zextFrom(b, c));
    case Intrinsic::sadd_sat: case Intrinsic::ssub_sat: {
      Value *exact = call.getIntrinsicID() == Intrinsic::sadd_sat ? b.CreateAdd(sextFrom(b, a), sextFrom(b, c)) : b.CreateSub(sextFrom(b, a), sextFrom(b, c));
      return binary(Intrinsic::smax, binary(Intrinsic::smin, exact, maxSigned), minSigned);
    }
    case Intrinsic::fshl: case Intrinsic::fshr: {
      // Funnel shifts: the pair a:b in one wide value, shifted by the amount modulo the width.
      Value *pair = b.CreateOr(b.CreateShl(zextFrom(b, a), bits), zextFrom(b, c));
      Value *amount = b.CreateURem(zextFrom(b, call.getArgOperand(2)), ConstantInt::get(wide, bits));
      if (call.getIntrinsicID() == Intrinsic::fshr) return b.CreateLShr(pair, amount);
      return b.CreateLShr(b.CreateShl(pair, amount), bits);
    }
    default: return nullptr;
    }
  }

  // Rewrites `inst`; returns whether it is to be erased.
  bool rewrite(Instruction &inst) {
    IRBuilder<> b(&inst);
    Value *result = nullptr;
    bool illegalResult = isIllegal(inst.getType());
    if (illegalResult && inst.getType()->getScalarSizeInBits() > 64) {
      ctx_.diagnostics.error(&inst, "integers wider than 64 bits are not supported in device code");
      return false;
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
      if (a->getType()->isIntOrIntVectorTy(1)) {
        // i1 ordered comparisons: true is 1 unsigned, -1 signed.
        Type *wide = a->getType()->getWithNewBitWidth(32);
        auto widen = [&](Value *x) { return cmp->isSigned() ? b.CreateSExt(x, wide) : b.CreateZExt(x, wide); };
        inst.replaceAllUsesWith(b.CreateICmp(cmp->getPredicate(), widen(a), widen(c)));
        return true;
      }
      bool isSigned = cmp->isSigned();
      Value *na = isSigned ? sextFrom(b, a) : zextFrom(b, a), *nc = isSigned ? sextFrom(b, c) : zextFrom(b, c);
      inst.replaceAllUsesWith(b.CreateICmp(cmp->getPredicate(), na, nc));
      return true;
    } else if (auto *sel = dyn_cast<SelectInst>(&inst)) {
      result = b.CreateSelect(sel->getCondition(), get(sel->getTrueValue()), get(sel->getFalseValue()));
    } else if (auto *cast = dyn_cast<CastInst>(&inst)) {
      Value *src = cast->getOperand(0);
      bool illegalSource = isIllegal(src->getType());
      Type *dest = promotedType(inst.getType());
      switch (cast->getOpcode()) {
      case Instruction::Trunc: result = b.CreateTrunc(get(src), dest); break;
      case Instruction::ZExt: result = b.CreateZExtOrTrunc(illegalSource ? zextFrom(b, src) : src, dest); break;
      case Instruction::SExt: result = b.CreateSExtOrTrunc(illegalSource ? sextFrom(b, src) : src, dest); break;
      case Instruction::UIToFP: result = b.CreateUIToFP(zextFrom(b, src), dest); break;
      case Instruction::SIToFP: result = b.CreateSIToFP(sextFrom(b, src), dest); break;
      case Instruction::FPToUI: result = b.CreateFPToUI(src, dest); break;
      case Instruction::FPToSI: result = b.CreateFPToSI(src, dest); break;
      case Instruction::BitCast:
        if (!src->getType()->isPtrOrPtrVectorTy() && !inst.getType()->isPtrOrPtrVectorTy())
          result = fromWords(b, toWords(b, src), inst.getType());
        break;
      default: break;
      }
    } else if (auto *freeze = dyn_cast<FreezeInst>(&inst)) {
      result = b.CreateFreeze(get(freeze->getOperand(0)));
    } else if (auto *load = dyn_cast<LoadInst>(&inst)) {
      result = rewriteLoad(*load);
      if (result && !illegalResult) {
        inst.replaceAllUsesWith(result);
        return true;
      }
    } else if (auto *store = dyn_cast<StoreInst>(&inst)) {
      if (rewriteStore(*store)) return true;
    } else if (auto *ee = dyn_cast<ExtractElementInst>(&inst)) {
      result = b.CreateExtractElement(get(ee->getVectorOperand()), zextFrom(b, ee->getIndexOperand()));
    } else if (auto *ie = dyn_cast<InsertElementInst>(&inst)) {
      result = b.CreateInsertElement(get(ie->getOperand(0)), get(ie->getOperand(1)), zextFrom(b, ie->getOperand(2)));
    } else if (auto *iv = dyn_cast<InsertValueInst>(&inst)) {
      result = b.CreateInsertValue(get(iv->getAggregateOperand()), get(iv->getInsertedValueOperand()), iv->getIndices());
    } else if (auto *ev = dyn_cast<ExtractValueInst>(&inst)) {
      result = b.CreateExtractValue(get(ev->getAggregateOperand()), ev->getIndices());
    } else if (auto *sv = dyn_cast<ShuffleVectorInst>(&inst)) {
      result = b.CreateShuffleVector(get(sv->getOperand(0)), get(sv->getOperand(1)), sv->getShuffleMask());
    } else if (auto *gep = dyn_cast<GetElementPtrInst>(&inst)) {
      // Indices are signed: widen them in place.
      for (Use &index : gep->indices())
        if (isIllegal(index->getType())) index.set(sextFrom(b, index.get()));
      return false;
    } else if (auto *sw = dyn_cast<SwitchInst>(&inst)) {
      Value *condition = sw->getCondition();
      for (auto c : sw->cases()) c.setValue(llvm::cast<ConstantInt>(get(c.getCaseValue())));
      sw->setCondition(zextFrom(b, condition));
      return false;
    } else if (auto *call = dyn_cast<IntrinsicInst>(&inst)) {
      result = rewriteIntrinsic(b, *call);
    }
    if (!result) {
      std::string what = isa<AtomicRMWInst>(inst) || isa<AtomicCmpXchgInst>(inst) || (isa<LoadInst>(inst) && cast<LoadInst>(inst).isAtomic())
                             ? "an atomic operation on an 8- or 16-bit integer"
                             : std::string("'") + inst.getOpcodeName() + "' on an integer of unusual width";
      ctx_.diagnostics.error(&inst, "unsupported " + what + (ctx_.native.int8 ? "" : " (for devices without 8/16-bit integers)"));
      return false;
    }
    if (illegalResult) promoted_[&inst] = result;
    else inst.replaceAllUsesWith(result);
    return true;
  }

  Function &f_;
  CompileContext &ctx_;
  Type *i32_;
  DenseMap<Value *, Value *> promoted_;
};

} // namespace

PreservedAnalyses LegalizeIntegersPass::run(Function &f, FunctionAnalysisManager &) {
  return Promoter(f, ctx).run() ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace hipvk
