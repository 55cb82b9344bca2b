// The arithmetic family of the SPIR-V emitter: binary operators (IEEE-exact division and remainder
// where Vulkan's own are not), comparisons (ordered and unordered floats, pointers) and casts.
#include "SpirvEmitterImpl.h"

using namespace llvm;

namespace hipvk {

SpvId KernelEmitter::emitBinary(BinaryOperator &inst) {
  SpvId type = typeOf(inst.getType());
  SpvId a = value(inst.getOperand(0)), c = value(inst.getOperand(1));
  bool isBool = inst.getType()->isIntOrIntVectorTy(1);
  spv::Op o;
  switch (inst.getOpcode()) {
  case Instruction::Add: o = isBool ? spv::OpLogicalNotEqual : spv::OpIAdd; break;
  case Instruction::Sub: o = isBool ? spv::OpLogicalNotEqual : spv::OpISub; break;
  case Instruction::Mul: o = isBool ? spv::OpLogicalAnd : spv::OpIMul; break;
  case Instruction::UDiv: o = spv::OpUDiv; break;
  case Instruction::SDiv: o = spv::OpSDiv; break;
  case Instruction::URem: o = spv::OpUMod; break;
  case Instruction::SRem: o = spv::OpSRem; break;
  case Instruction::Shl: o = spv::OpShiftLeftLogical; break;
  case Instruction::LShr: o = spv::OpShiftRightLogical; break;
  case Instruction::AShr: o = spv::OpShiftRightArithmetic; break;
  case Instruction::And: o = isBool ? spv::OpLogicalAnd : spv::OpBitwiseAnd; break;
  case Instruction::Or: o = isBool ? spv::OpLogicalOr : spv::OpBitwiseOr; break;
  case Instruction::Xor: o = isBool ? spv::OpLogicalNotEqual : spv::OpBitwiseXor; break;
  case Instruction::FAdd: o = spv::OpFAdd; break;
  case Instruction::FSub: o = spv::OpFSub; break;
  case Instruction::FMul: o = spv::OpFMul; break;
  case Instruction::FDiv: o = spv::OpFDiv; break;
  case Instruction::FRem: o = spv::OpFRem; break;
  default: return unsupported(inst, "unsupported arithmetic instruction");
  }
  if (isBool && (o == spv::OpUDiv || o == spv::OpSDiv || o == spv::OpUMod || o == spv::OpSRem || o == spv::OpShiftLeftLogical ||
                 o == spv::OpShiftRightLogical || o == spv::OpShiftRightArithmetic))
    return unsupported(inst, "unsupported arithmetic on bool");
  if (o == spv::OpSRem) return signedRemainder(type, a, c);
  Type *scalar = inst.getType()->getScalarType();
  if (o == spv::OpFDiv && (scalar->isFloatTy() || scalar->isHalfTy()) && !inst.hasAllowReciprocal() && !inst.hasApproxFunc())
    return correctlyRoundedFloatDivision(type, a, c);
  if (o == spv::OpSDiv || o == spv::OpShiftRightArithmetic) return signedOp(o, type, type, {a, c});
  return op(o, type, {a, c});
}

SpvId KernelEmitter::doubleTwin(SpvId floatType) {
  return b_.vectorElement(floatType) ? b_.typeVector(b_.typeFloat(64), b_.vectorCount(floatType)) : b_.typeFloat(64);
}

SpvId KernelEmitter::correctlyRoundedFloatDivision(SpvId type, SpvId a, SpvId c) {
  // HIP's single-precision division is correctly rounded; Vulkan's OpFDiv may be 2.5 ulp off
  // (NVIDIA's is), and so may its 16-bit one (the H200 gave 0xd400 for 0xd401). The quotient of the
  // operands widened to double, rounded once to float or half, is the correctly rounded one:
  // 53 >= 2 * 24 + 2 bits make the double rounding innocuous. -ffast-math and __fdividef
  // (arcp/afn) keep the fast OpFDiv. The float divisions of programs reach the device library
  // (DeviceLibrary.cpp), whose path through double is this one; it chooses the fma algorithms
  // instead where the device has them.
  SpvId wide = doubleTwin(type);
  SpvId quotient = op(spv::OpFDiv, wide, {op(spv::OpFConvert, wide, {a}), op(spv::OpFConvert, wide, {c})});
  return op(spv::OpFConvert, type, {quotient});
}

SpvId KernelEmitter::signedRemainder(SpvId type, SpvId a, SpvId c) {
  // Vulkan leaves OpSRem/OpSMod undefined for negative operands (and NVIDIA's results differ):
  // take the remainder of the magnitudes and give it the dividend's sign, as C does.
  SpvId zero = b_.constNull(type);
  SpvId boolType = b_.typeBool();
  if (b_.vectorElement(type)) boolType = b_.typeVector(boolType, b_.vectorCount(type));
  auto magnitude = [&](SpvId x, SpvId negative) { return op(spv::OpSelect, type, {negative, op(spv::OpISub, type, {zero, x}), x}); };
  SpvId aNegative = signedOp(spv::OpSLessThan, boolType, type, {a, zero});
  SpvId cNegative = signedOp(spv::OpSLessThan, boolType, type, {c, zero});
  SpvId remainder = op(spv::OpUMod, type, {magnitude(a, aNegative), magnitude(c, cNegative)});
  return magnitude(remainder, aNegative);
}

SpvId KernelEmitter::emitCompare(CmpInst &inst) {
  SpvId type = typeOf(inst.getType());
  Value *lhs = inst.getOperand(0), *rhs = inst.getOperand(1);
  SpvId hint = lhs->getType()->isPointerTy() ? (isa<Constant>(lhs) ? typeOfValue(rhs) : typeOfValue(lhs)) : 0;
  SpvId a = value(lhs, hint), c = value(rhs, hint);
  if (auto *icmp = dyn_cast<ICmpInst>(&inst)) {
    SpvId operandType = hint ? hint : typeOf(lhs->getType());
    if (lhs->getType()->isIntOrIntVectorTy(1)) {
      if (icmp->getPredicate() == CmpInst::ICMP_EQ) return op(spv::OpLogicalEqual, type, {a, c});
      if (icmp->getPredicate() == CmpInst::ICMP_NE) return op(spv::OpLogicalNotEqual, type, {a, c});
      // Ordered comparisons of i1: widen as LLVM defines them (true is 1 unsigned, -1 signed).
      SpvId i8 = b_.typeInt(8), trueValue = b_.constInt(8, icmp->isSigned() ? 0xff : 1), falseValue = b_.constInt(8, 0);
      if (auto *vt = dyn_cast<FixedVectorType>(lhs->getType())) {
        i8 = b_.typeVector(i8, vt->getNumElements());
        trueValue = b_.constComposite(i8, std::vector<SpvId>(vt->getNumElements(), trueValue));
        falseValue = b_.constNull(i8);
      }
      a = op(spv::OpSelect, i8, {a, trueValue, falseValue});
      c = op(spv::OpSelect, i8, {c, trueValue, falseValue});
      operandType = i8;
    }
    spv::Op o;
    switch (icmp->getPredicate()) {
    case CmpInst::ICMP_EQ: o = spv::OpIEqual; break;
    case CmpInst::ICMP_NE: o = spv::OpINotEqual; break;
    case CmpInst::ICMP_UGT: case CmpInst::ICMP_SGT: o = spv::OpUGreaterThan; break;
    case CmpInst::ICMP_UGE: case CmpInst::ICMP_SGE: o = spv::OpUGreaterThanEqual; break;
    case CmpInst::ICMP_ULT: case CmpInst::ICMP_SLT: o = spv::OpULessThan; break;
    case CmpInst::ICMP_ULE: case CmpInst::ICMP_SLE: o = spv::OpULessThanEqual; break;
    default: return unsupported(inst, "unsupported integer comparison");
    }
    if (icmp->isSigned()) {
      static const std::map<spv::Op, spv::Op> toSigned = {{spv::OpUGreaterThan, spv::OpSGreaterThan},
                                                           {spv::OpUGreaterThanEqual, spv::OpSGreaterThanEqual},
                                                           {spv::OpULessThan, spv::OpSLessThan},
                                                           {spv::OpULessThanEqual, spv::OpSLessThanEqual}};
      return signedOp(toSigned.at(o), type, operandType, {a, c});
    }
    return op(o, type, {a, c});
  }
  auto pred = cast<FCmpInst>(inst).getPredicate();
  auto isNan = [&](SpvId x) { return op(spv::OpIsNan, type, {x}); };
  switch (pred) {
  case CmpInst::FCMP_FALSE: return b_.constNull(type);
  case CmpInst::FCMP_TRUE: return op(spv::OpLogicalNot, type, {b_.constNull(type)});
  case CmpInst::FCMP_OEQ: return op(spv::OpFOrdEqual, type, {a, c});
  case CmpInst::FCMP_OGT: return op(spv::OpFOrdGreaterThan, type, {a, c});
  case CmpInst::FCMP_OGE: return op(spv::OpFOrdGreaterThanEqual, type, {a, c});
  case CmpInst::FCMP_OLT: return op(spv::OpFOrdLessThan, type, {a, c});
  case CmpInst::FCMP_OLE: return op(spv::OpFOrdLessThanEqual, type, {a, c});
  case CmpInst::FCMP_ONE: return op(spv::OpFOrdNotEqual, type, {a, c});
  case CmpInst::FCMP_UEQ: return op(spv::OpFUnordEqual, type, {a, c});
  case CmpInst::FCMP_UGT: return op(spv::OpFUnordGreaterThan, type, {a, c});
  case CmpInst::FCMP_UGE: return op(spv::OpFUnordGreaterThanEqual, type, {a, c});
  case CmpInst::FCMP_ULT: return op(spv::OpFUnordLessThan, type, {a, c});
  case CmpInst::FCMP_ULE: return op(spv::OpFUnordLessThanEqual, type, {a, c});
  case CmpInst::FCMP_UNE: return op(spv::OpFUnordNotEqual, type, {a, c});
  case CmpInst::FCMP_UNO: return op(spv::OpLogicalOr, type, {isNan(a), isNan(c)});
  case CmpInst::FCMP_ORD: return op(spv::OpLogicalNot, type, {op(spv::OpLogicalOr, type, {isNan(a), isNan(c)})});
  default: return unsupported(inst, "unsupported floating-point comparison");
  }
}

SpvId KernelEmitter::emitCast(CastInst &inst) {
  Type *from = inst.getSrcTy(), *to = inst.getDestTy();
  SpvId toType = typeOfValue(&inst);
  if (!toType) {
    std::string types;
    raw_string_ostream os(types);
    os << *from << " to " << *to;
    return unsupported(inst, "unsupported type in a conversion (" + types + ")");
  }
  SpvId v = value(inst.getOperand(0), from->isPointerTy() ? typeOfValue(inst.getOperand(0)) : 0);
  SpvId fromType = typeOfValue(inst.getOperand(0));
  bool fromBool = from->isIntOrIntVectorTy(1), toBool = to->isIntOrIntVectorTy(1);
  auto splatTo = [&](SpvId type, SpvId scalarConst) {
    if (auto *vt = dyn_cast<FixedVectorType>(to)) return b_.constComposite(type, std::vector<SpvId>(vt->getNumElements(), scalarConst));
    return scalarConst;
  };
  auto splat = [&](SpvId scalarConst) { return splatTo(toType, scalarConst); };
  auto scalarBits = [](Type *t) { return t->getScalarSizeInBits(); };
  switch (inst.getOpcode()) {
  case Instruction::Trunc:
    if (toBool) {
      SpvId one = b_.constInt(scalarBits(from), 1);
      if (auto *vt = dyn_cast<FixedVectorType>(from)) one = b_.constComposite(fromType, std::vector<SpvId>(vt->getNumElements(), one));
      return op(spv::OpINotEqual, toType, {op(spv::OpBitwiseAnd, fromType, {v, one}), b_.constNull(fromType)});
    }
    return op(spv::OpUConvert, toType, {v});
  case Instruction::ZExt:
  case Instruction::SExt:
    if (fromBool) {
      uint64_t ones = inst.getOpcode() == Instruction::SExt ? ~uint64_t(0) : 1;
      return op(spv::OpSelect, toType, {v, splat(b_.constInt(scalarBits(to), ones)), b_.constNull(toType)});
    }
    if (inst.getOpcode() == Instruction::SExt) return signedOp(spv::OpSConvert, toType, fromType, {v});
    return op(spv::OpUConvert, toType, {v});
  case Instruction::FPTrunc:
  case Instruction::FPExt: return op(spv::OpFConvert, toType, {v});
  case Instruction::FPToUI:
  case Instruction::FPToSI: {
    if (toBool) return op(spv::OpFUnordNotEqual, toType, {v, b_.constNull(fromType)});
    if (inst.getOpcode() == Instruction::FPToSI) return signedOp(spv::OpConvertFToS, toType, fromType, {v});
    return op(spv::OpConvertFToU, toType, {v});
  }
  case Instruction::UIToFP:
  case Instruction::SIToFP:
    if (fromBool) {
      unsigned bits = scalarBits(to);
      uint64_t one = bits == 64 ? 0x3ff0000000000000ull : bits == 32 ? 0x3f800000u : 0x3c00u;
      uint64_t minusOne = one | (uint64_t(1) << (bits - 1));
      return op(spv::OpSelect, toType, {v, splat(b_.constFloat(bits, inst.getOpcode() == Instruction::SIToFP ? minusOne : one)), b_.constNull(toType)});
    }
    if (inst.getOpcode() == Instruction::SIToFP) return signedOp(spv::OpConvertSToF, toType, fromType, {v});
    if (scalarBits(from) == 32 && scalarBits(to) == 32) {
      // SwiftShader rounds a word with its top bit set twice in OpConvertUToF: such a word converts
      // as its top 31 bits with a sticky bit, doubled, which rounds once.
      SpvId one = splatTo(fromType, u32(1));
      SpvId halved = op(spv::OpBitwiseOr, fromType, {op(spv::OpShiftRightLogical, fromType, {v, one}), op(spv::OpBitwiseAnd, fromType, {v, one})});
      SpvId doubled = op(spv::OpFMul, toType, {op(spv::OpConvertUToF, toType, {halved}), splat(b_.constFloat(32, 0x40000000u))});
      SpvId boolType = b_.typeBool();
      if (auto *vt = dyn_cast<FixedVectorType>(to)) boolType = b_.typeVector(boolType, vt->getNumElements());
      SpvId topBitSet = op(spv::OpSLessThan, boolType, {v, b_.constNull(fromType)});
      return op(spv::OpSelect, toType, {topBitSet, doubled, op(spv::OpConvertUToF, toType, {v})});
    }
    return op(spv::OpConvertUToF, toType, {v});
  case Instruction::PtrToInt:
  case Instruction::IntToPtr: {
    unsigned fromBits = b_.intWidthOf(fromType), toBits = b_.intWidthOf(toType);
    if (!fromBits || !toBits) return unsupported(inst, "unsupported pointer/integer conversion");
    return convertInt(v, fromBits, toBits, false);
  }
  case Instruction::AddrSpaceCast: return v; // the class, not the address space, fixes the representation
  case Instruction::BitCast: return bitcastIfNeeded(v, fromType, toType);
  default: return unsupported(inst, "unsupported conversion");
  }
}

} // namespace hipvk
