// Calls that survive inlining: hipvk's device builtins (docs/ABI.md), the AMDGPU builtins with a
// Vulkan equivalent, and LLVM intrinsics. Anything else is a call to a function with no device
// definition, reported at the call site.
#include "SpirvEmitterImpl.h"

#include "DeviceBuiltins.h"
#include "Passes.h"
#include "ValueFunctions.h"

#include <llvm/Demangle/Demangle.h>
#include <llvm/IR/Function.h>
#include <llvm/IR/Intrinsics.h>
#include <llvm/IR/IntrinsicsAMDGPU.h>

#include <functional>

using namespace llvm;

namespace hipvk {


// Lowering of the intrinsics that need more than one SPIR-V instruction.
struct CallLowering {
  KernelEmitter &e;
  CallInst &call;
  SpirvBuilder &b;

  SpvId arg(unsigned i) { return e.value(call.getArgOperand(i)); }
  Type *argType(unsigned i) { return call.getArgOperand(i)->getType(); }
  SpvId resultType() { return e.typeOf(call.getType()); }
  unsigned bits(Type *t) { return t->getScalarSizeInBits(); }

  // A constant of `type`'s scalar type, splatted when `type` is a vector.
  SpvId splat(Type *type, uint64_t raw) {
    Type *scalar = type->getScalarType();
    SpvId c = scalar->isFloatingPointTy() ? b.constFloat(bits(scalar), raw) : b.constInt(bits(scalar), raw);
    if (auto *vt = dyn_cast<FixedVectorType>(type)) return b.constComposite(e.typeOf(type), std::vector<SpvId>(vt->getNumElements(), c));
    return c;
  }
  // The integer type of the same shape as the floating-point type `t`.
  Type *intTypeFor(Type *t) {
    Type *i = IntegerType::get(t->getContext(), bits(t));
    if (auto *vt = dyn_cast<FixedVectorType>(t)) return FixedVectorType::get(i, vt->getNumElements());
    return i;
  }
  SpvId boolTypeFor(Type *t) {
    if (auto *vt = dyn_cast<FixedVectorType>(t)) return b.typeVector(b.typeBool(), vt->getNumElements());
    return b.typeBool();
  }

  SpvId copysign(SpvId magnitude, SpvId sign, Type *t) {
    Type *it = intTypeFor(t);
    SpvId itype = e.typeOf(it), ftype = e.typeOf(t);
    uint64_t signBit = uint64_t(1) << (bits(t) - 1);
    SpvId m = e.op(spv::OpBitwiseAnd, itype, {e.op(spv::OpBitcast, itype, {magnitude}), splat(it, ~signBit)});
    SpvId s = e.op(spv::OpBitwiseAnd, itype, {e.op(spv::OpBitcast, itype, {sign}), splat(it, signBit)});
    return e.op(spv::OpBitcast, ftype, {e.op(spv::OpBitwiseOr, itype, {m, s})});
  }

  // Rounding to an integral value. IEEE's roundings keep the operand's sign, on a zero result too
  // (ceil(-0.5) and rint(-0.3) are -0), so each result below is a magnitude, or a value whose sign
  // bit is either clear or already x's, with x's sign bit ORed in. lavapipe's own RoundEven/Trunc/
  // Ceil/Floor are exact only where the host has native rounding at the lanes' vector width
  // (SSE4.1 at 128 bits, AVX at 256, AVX-512 at 512: 16 float lanes at subgroup 16 need AVX-512);
  // elsewhere gallivm rounds through integers (lp_build_round, lp_build_iround, lp_build_ceil...):
  // RoundEven then rounds ties away from zero, and Trunc, Ceil and Floor lose the sign of a zero.
  // Floor and Ceil of anything else, and Floor of a magnitude, are exact on every path, FAdd and
  // FSub round to nearest even everywhere: the forms below use only those
  // (tests/e2e/rounding.hip, docs/MATH.md).
  SpvId withSignOf(SpvId value, SpvId x, Type *t) {
    Type *it = intTypeFor(t);
    SpvId itype = e.typeOf(it);
    SpvId sign = e.op(spv::OpBitwiseAnd, itype, {e.op(spv::OpBitcast, itype, {x}), splat(it, uint64_t(1) << (bits(t) - 1))});
    return e.op(spv::OpBitcast, e.typeOf(t), {e.op(spv::OpBitwiseOr, itype, {e.op(spv::OpBitcast, itype, {value}), sign})});
  }
  // floor(), ceil(): the driver's, whose only possible error is the sign of a zero.
  SpvId floorOrCeil(GLSLstd450 inst, SpvId x, Type *t) { return withSignOf(e.glsl(inst, e.typeOf(t), {x}), x, t); }
  // trunc(): the floor of the magnitude (lavapipe's Trunc of 16 double lanes also passes
  // x through unchanged for 2^24 < |x| < 2^52).
  SpvId trunc(SpvId x, Type *t) {
    SpvId type = e.typeOf(t);
    return withSignOf(e.glsl(GLSLstd450Floor, type, {e.glsl(GLSLstd450FAbs, type, {x})}), x, t);
  }
  // rint(), nearbyint(), roundeven(): ties to even by the addition itself. |x| + 2^p (p the
  // significand's fraction bits) has no fraction bits left when |x| < 2^p, so the sum is |x|
  // rounded to nearest even and subtracting 2^p again is exact; from 2^p on (and for infinities
  // and NaNs) |x| is its own rounding. The FAdd and FSub carry NoContraction (op()): no driver
  // may fold them into |x|.
  SpvId roundHalfEven(SpvId x, Type *t) {
    SpvId type = e.typeOf(t);
    uint64_t shifter = bits(t) == 64 ? 0x4330000000000000ull : bits(t) == 32 ? 0x4b000000u : 0x6400u; // 2^52, 2^23, 2^10
    SpvId magnitude = e.glsl(GLSLstd450FAbs, type, {x});
    SpvId rounded = e.op(spv::OpFSub, type, {e.op(spv::OpFAdd, type, {magnitude, splat(t, shifter)}), splat(t, shifter)});
    SpvId fractional = e.op(spv::OpFOrdLessThan, boolTypeFor(t), {magnitude, splat(t, shifter)});
    return withSignOf(e.op(spv::OpSelect, type, {fractional, rounded, magnitude}), x, t);
  }
  // round(): half-way cases away from zero (GLSL's Round leaves them to the implementation).
  SpvId roundHalfAway(SpvId x, Type *t) {
    SpvId type = e.typeOf(t);
    uint64_t half = bits(t) == 64 ? 0x3fe0000000000000ull : bits(t) == 32 ? 0x3f000000u : 0x3800u;
    uint64_t one = bits(t) == 64 ? 0x3ff0000000000000ull : bits(t) == 32 ? 0x3f800000u : 0x3c00u;
    SpvId magnitude = e.glsl(GLSLstd450FAbs, type, {x});
    SpvId whole = e.glsl(GLSLstd450Floor, type, {magnitude});
    SpvId fraction = e.op(spv::OpFSub, type, {magnitude, whole}); // exact; NaN for an infinity
    SpvId away = e.op(spv::OpFOrdGreaterThanEqual, boolTypeFor(t), {fraction, splat(t, half)});
    SpvId step = e.op(spv::OpSelect, type, {away, splat(t, one), b.constNull(type)});
    return withSignOf(e.op(spv::OpFAdd, type, {whole, step}), x, t);
  }

  // Runs a 32-bit-only GLSL/bit instruction on an integer of any width by widening or splitting.
  SpvId on32(Type *t, SpvId x, const std::function<SpvId(SpvId)> &f32, const std::function<SpvId(SpvId, SpvId)> &combine64) {
    unsigned w = bits(t);
    SpvId u32t = b.typeInt(32);
    if (w == 32) return f32(x);
    if (w < 32) return f32(e.op(spv::OpUConvert, u32t, {x}));
    SpvId pair = e.op(spv::OpBitcast, b.typeVector(u32t, 2), {x});
    return combine64(e.op(spv::OpCompositeExtract, u32t, {pair, 0}), e.op(spv::OpCompositeExtract, u32t, {pair, 1}));
  }

  SpvId ctpop(Type *t, SpvId x) {
    SpvId u32t = b.typeInt(32), type = e.typeOf(t);
    auto count = [&](SpvId v) { return e.op(spv::OpBitCount, u32t, {v}); };
    SpvId r = on32(t, x, count, [&](SpvId lo, SpvId hi) { return e.op(spv::OpIAdd, u32t, {count(lo), count(hi)}); });
    return bits(t) == 32 ? r : e.op(spv::OpUConvert, type, {r});
  }

  SpvId ctlz(Type *t, SpvId x) {
    SpvId u32t = b.typeInt(32);
    unsigned w = bits(t);
    // 31 - FindUMsb(v) is 32 for v == 0 because FindUMsb(0) is -1.
    auto clz32 = [&](SpvId v) { return e.op(spv::OpISub, u32t, {e.u32(31), e.glsl(GLSLstd450FindUMsb, u32t, {v})}); };
    SpvId r = on32(t, x, clz32, [&](SpvId lo, SpvId hi) {
      SpvId hiZero = e.op(spv::OpIEqual, b.typeBool(), {hi, e.u32(0)});
      return e.op(spv::OpSelect, u32t, {hiZero, e.op(spv::OpIAdd, u32t, {e.u32(32), clz32(lo)}), clz32(hi)});
    });
    if (w < 32) r = e.op(spv::OpISub, u32t, {r, e.u32(32 - w)});
    return w == 32 ? r : e.op(spv::OpUConvert, e.typeOf(t), {r});
  }

  SpvId cttz(Type *t, SpvId x) {
    SpvId u32t = b.typeInt(32);
    unsigned w = bits(t);
    auto ctz32 = [&](SpvId v) { // FindILsb(0) is -1: the answer for zero is 32
      SpvId lsb = e.glsl(GLSLstd450FindILsb, u32t, {v});
      return e.op(spv::OpSelect, u32t, {e.op(spv::OpIEqual, b.typeBool(), {v, e.u32(0)}), e.u32(32), lsb});
    };
    SpvId r = on32(t, x, [&](SpvId v) { return ctz32(w < 32 ? e.op(spv::OpBitwiseOr, u32t, {v, e.u32(1u << w)}) : v); },
                   [&](SpvId lo, SpvId hi) {
                     SpvId loZero = e.op(spv::OpIEqual, b.typeBool(), {lo, e.u32(0)});
                     return e.op(spv::OpSelect, u32t, {loZero, e.op(spv::OpIAdd, u32t, {e.u32(32), ctz32(hi)}), ctz32(lo)});
                   });
    return w == 32 ? r : e.op(spv::OpUConvert, e.typeOf(t), {r});
  }

  SpvId bitreverse(Type *t, SpvId x) {
    SpvId u32t = b.typeInt(32), type = e.typeOf(t);
    unsigned w = bits(t);
    auto rev = [&](SpvId v) { return e.op(spv::OpBitReverse, u32t, {v}); };
    if (w == 64) {
      SpvId pair = e.op(spv::OpBitcast, b.typeVector(u32t, 2), {x});
      SpvId swapped = e.op(spv::OpCompositeConstruct, b.typeVector(u32t, 2),
                           {rev(e.op(spv::OpCompositeExtract, u32t, {pair, 1})), rev(e.op(spv::OpCompositeExtract, u32t, {pair, 0}))});
      return e.op(spv::OpBitcast, type, {swapped});
    }
    SpvId r = on32(t, x, rev, nullptr);
    if (w < 32) r = e.op(spv::OpShiftRightLogical, u32t, {r, e.u32(32 - w)});
    return w == 32 ? r : e.op(spv::OpUConvert, type, {r});
  }

  // Byte i of the low `width` bits of x moves to byte width/8 - 1 - i; shifts by zero are left out.
  SpvId swapBytes(SpvId type, unsigned typeWidth, unsigned width, SpvId x) {
    SpvId result = 0;
    for (unsigned i = 0; i < width / 8; ++i) {
      unsigned from = 8 * i, to = 8 * (width / 8 - 1 - i);
      SpvId byte = from ? e.op(spv::OpShiftRightLogical, type, {x, b.constInt(typeWidth, from)}) : x;
      byte = e.op(spv::OpBitwiseAnd, type, {byte, b.constInt(typeWidth, 0xff)});
      SpvId moved = to ? e.op(spv::OpShiftLeftLogical, type, {byte, b.constInt(typeWidth, to)}) : byte;
      result = result ? e.op(spv::OpBitwiseOr, type, {result, moved}) : moved;
    }
    return result;
  }

  SpvId bswap(Type *t, SpvId x) {
    unsigned w = bits(t);
    if (w >= 32) return swapBytes(e.typeOf(t), w, w, x);
    // 16 bits: the word x * 0x10001 holds x twice; bits 8..23 are x's bytes swapped. NVIDIA's
    // compiler (driver 580) returns 0 for the and/shift/or byte swap of a 16-bit value, also when
    // it is computed in a 32-bit word (probed on the H200; e2e.narrow_types' mix<short>).
    SpvId u32t = b.typeInt(32);
    SpvId twice = e.op(spv::OpIMul, u32t, {e.op(spv::OpUConvert, u32t, {x}), e.u32(0x10001)});
    return e.op(spv::OpUConvert, e.typeOf(t), {e.op(spv::OpShiftRightLogical, u32t, {twice, e.u32(8)})});
  }

  SpvId funnelShift(bool left) {
    Type *t = call.getType();
    SpvId type = e.typeOf(t);
    unsigned w = bits(t);
    SpvId a = arg(0), c = arg(1);
    SpvId amount = e.op(spv::OpBitwiseAnd, type, {arg(2), splat(t, w - 1)});
    SpvId inverse = e.op(spv::OpISub, type, {splat(t, w), amount});
    SpvId combined = left ? e.op(spv::OpBitwiseOr, type, {e.op(spv::OpShiftLeftLogical, type, {a, amount}), e.op(spv::OpShiftRightLogical, type, {c, inverse})})
                          : e.op(spv::OpBitwiseOr, type, {e.op(spv::OpShiftLeftLogical, type, {a, inverse}), e.op(spv::OpShiftRightLogical, type, {c, amount})});
    SpvId isZero = e.op(spv::OpIEqual, boolTypeFor(t), {amount, b.constNull(type)});
    return e.op(spv::OpSelect, type, {isZero, left ? a : c, combined});
  }

  SpvId withOverflow(Intrinsic::ID id) {
    Type *t = argType(0);
    SpvId type = e.typeOf(t), boolType = boolTypeFor(t);
    SpvId a = arg(0), c = arg(1), r, overflow;
    unsigned w = bits(t);
    switch (id) {
    case Intrinsic::uadd_with_overflow:
      r = e.op(spv::OpIAdd, type, {a, c});
      overflow = e.op(spv::OpULessThan, boolType, {r, a});
      break;
    case Intrinsic::usub_with_overflow:
      r = e.op(spv::OpISub, type, {a, c});
      overflow = e.op(spv::OpULessThan, boolType, {a, c});
      break;
    case Intrinsic::sadd_with_overflow:
    case Intrinsic::ssub_with_overflow: {
      bool add = id == Intrinsic::sadd_with_overflow;
      r = e.op(add ? spv::OpIAdd : spv::OpISub, type, {a, c});
      // Overflow iff the result's sign differs from a's while (add) b has a's sign / (sub) b has the other.
      SpvId x1 = e.op(spv::OpBitwiseXor, type, {a, r});
      SpvId x2 = e.op(spv::OpBitwiseXor, type, {add ? c : a, add ? r : c});
      overflow = e.signedOp(spv::OpSLessThan, boolType, type, {e.op(spv::OpBitwiseAnd, type, {x1, x2}), b.constNull(type)});
      break;
    }
    case Intrinsic::umul_with_overflow:
    case Intrinsic::smul_with_overflow: {
      bool isSigned = id == Intrinsic::smul_with_overflow;
      SpvId part = isSigned ? b.signedVariant(type) : type;
      SpvId wide = e.op(isSigned ? spv::OpSMulExtended : spv::OpUMulExtended, b.typeStruct({part, part}),
                        {e.bitcastIfNeeded(a, type, part), e.bitcastIfNeeded(c, type, part)});
      r = e.bitcastIfNeeded(e.op(spv::OpCompositeExtract, part, {wide, 0}), part, type);
      SpvId hi = e.bitcastIfNeeded(e.op(spv::OpCompositeExtract, part, {wide, 1}), part, type);
      SpvId expectHi = isSigned ? e.signedOp(spv::OpShiftRightArithmetic, type, type, {r, splat(t, w - 1)}) : b.constNull(type);
      overflow = e.op(spv::OpINotEqual, boolType, {hi, expectHi});
      break;
    }
    default: return 0;
    }
    return e.op(spv::OpCompositeConstruct, resultType(), {r, overflow});
  }

  // llvm.is.fpclass: tests the class bits of IEEE floats with integer arithmetic.
  SpvId isFPClass() {
    Type *t = argType(0);
    Type *it = intTypeFor(t);
    SpvId itype = e.typeOf(it), boolType = boolTypeFor(t);
    uint64_t mask = cast<ConstantInt>(call.getArgOperand(1))->getZExtValue();
    unsigned w = bits(t), mantBits = w == 64 ? 52 : w == 32 ? 23 : 10;
    uint64_t signBit = uint64_t(1) << (w - 1), expMask = ((uint64_t(1) << (w - 1 - mantBits)) - 1) << mantBits,
             mantMask = (uint64_t(1) << mantBits) - 1, quietBit = uint64_t(1) << (mantBits - 1);
    SpvId bitsV = e.op(spv::OpBitcast, itype, {arg(0)});
    SpvId magnitude = e.op(spv::OpBitwiseAnd, itype, {bitsV, splat(it, ~signBit)});
    SpvId negative = e.op(spv::OpINotEqual, boolType, {e.op(spv::OpBitwiseAnd, itype, {bitsV, splat(it, signBit)}), b.constNull(itype)});
    SpvId exponent = e.op(spv::OpBitwiseAnd, itype, {bitsV, splat(it, expMask)});
    SpvId mantissa = e.op(spv::OpBitwiseAnd, itype, {bitsV, splat(it, mantMask)});
    auto eq = [&](SpvId x, uint64_t v) { return e.op(spv::OpIEqual, boolType, {x, splat(it, v)}); };
    auto and2 = [&](SpvId x, SpvId y) { return e.op(spv::OpLogicalAnd, boolType, {x, y}); };
    auto not1 = [&](SpvId x) { return e.op(spv::OpLogicalNot, boolType, {x}); };
    SpvId isInf = eq(magnitude, expMask);
    SpvId isNan = e.op(spv::OpUGreaterThan, boolType, {magnitude, splat(it, expMask)});
    SpvId isQuiet = e.op(spv::OpINotEqual, boolType, {e.op(spv::OpBitwiseAnd, itype, {bitsV, splat(it, quietBit)}), b.constNull(itype)});
    SpvId isZero = eq(magnitude, 0);
    SpvId isSub = and2(eq(exponent, 0), not1(eq(mantissa, 0)));
    SpvId isNormal = and2(not1(eq(exponent, 0)), not1(eq(exponent, expMask)));
    SpvId positive = not1(negative);
    const SpvId classes[10] = {and2(isNan, not1(isQuiet)), and2(isNan, isQuiet), and2(isInf, negative), and2(isNormal, negative),
                               and2(isSub, negative),      and2(isZero, negative), and2(isZero, positive), and2(isSub, positive),
                               and2(isNormal, positive),   and2(isInf, positive)};
    SpvId result = 0;
    for (unsigned i = 0; i < 10; ++i)
      if (mask & (1u << i)) result = result ? e.op(spv::OpLogicalOr, boolType, {result, classes[i]}) : classes[i];
    return result ? result : b.constNull(boolType);
  }

  SpvId vectorReduce(Intrinsic::ID id) {
    bool ordered = id == Intrinsic::vector_reduce_fadd || id == Intrinsic::vector_reduce_fmul;
    Value *vec = call.getArgOperand(ordered ? 1 : 0);
    auto *vt = cast<FixedVectorType>(vec->getType());
    SpvId scalar = e.typeOf(vt->getElementType()), v = e.value(vec);
    SpvId acc = ordered ? arg(0) : e.op(spv::OpCompositeExtract, scalar, {v, 0});
    for (unsigned i = ordered ? 0 : 1; i < vt->getNumElements(); ++i) {
      SpvId x = e.op(spv::OpCompositeExtract, scalar, {v, i});
      switch (id) {
      case Intrinsic::vector_reduce_add: acc = e.op(spv::OpIAdd, scalar, {acc, x}); break;
      case Intrinsic::vector_reduce_mul: acc = e.op(spv::OpIMul, scalar, {acc, x}); break;
      case Intrinsic::vector_reduce_and: acc = e.op(spv::OpBitwiseAnd, scalar, {acc, x}); break;
      case Intrinsic::vector_reduce_or: acc = e.op(spv::OpBitwiseOr, scalar, {acc, x}); break;
      case Intrinsic::vector_reduce_xor: acc = e.op(spv::OpBitwiseXor, scalar, {acc, x}); break;
      case Intrinsic::vector_reduce_smax: acc = e.signedGlsl(GLSLstd450SMax, scalar, {acc, x}); break;
      case Intrinsic::vector_reduce_smin: acc = e.signedGlsl(GLSLstd450SMin, scalar, {acc, x}); break;
      case Intrinsic::vector_reduce_umax: acc = e.glsl(GLSLstd450UMax, scalar, {acc, x}); break;
      case Intrinsic::vector_reduce_umin: acc = e.glsl(GLSLstd450UMin, scalar, {acc, x}); break;
      case Intrinsic::vector_reduce_fadd: acc = e.op(spv::OpFAdd, scalar, {acc, x}); break;
      case Intrinsic::vector_reduce_fmul: acc = e.op(spv::OpFMul, scalar, {acc, x}); break;
      case Intrinsic::vector_reduce_fmax: acc = e.glsl(GLSLstd450NMax, scalar, {acc, x}); break;
      case Intrinsic::vector_reduce_fmin: acc = e.glsl(GLSLstd450NMin, scalar, {acc, x}); break;
      default: return 0;
      }
    }
    return acc;
  }

  SpvId minMaxPropagatingNaN(GLSLstd450 inst) {
    Type *t = call.getType();
    SpvId type = e.typeOf(t), boolType = boolTypeFor(t);
    SpvId a = arg(0), c = arg(1);
    SpvId r = e.glsl(inst, type, {a, c});
    r = e.op(spv::OpSelect, type, {e.op(spv::OpIsNan, boolType, {c}), c, r});
    return e.op(spv::OpSelect, type, {e.op(spv::OpIsNan, boolType, {a}), a, r});
  }

  // AMD's V_MED3 (llvm.amdgcn.fmed3): the median of three, a NaN taken as missing. Between constant
  // bounds lo <= hi it is NClamp (the library's saturation: drivers fold it into the instruction
  // before it, as NVIDIA's .SAT); else max(min(a, b), min(max(a, b), c)).
  SpvId median3() {
    SpvId type = e.typeOf(call.getType());
    auto *lo = dyn_cast<ConstantFP>(call.getArgOperand(1)), *hi = dyn_cast<ConstantFP>(call.getArgOperand(2));
    if (lo && hi && !lo->isNaN() && !hi->isNaN() && !(hi->getValue() < lo->getValue()))
      return e.glsl(GLSLstd450NClamp, type, {arg(0), arg(1), arg(2)});
    SpvId a = arg(0), b = arg(1);
    SpvId low = e.glsl(GLSLstd450NMin, type, {a, b}), high = e.glsl(GLSLstd450NMax, type, {a, b});
    return e.glsl(GLSLstd450NMax, type, {low, e.glsl(GLSLstd450NMin, type, {high, arg(2)})});
  }
};

SpvId KernelEmitter::emitDeviceBuiltin(DeviceBuiltin builtin, CallInst &call) {
  using B = DeviceBuiltin;
  switch (builtin) {
  case B::thread_idx_x:
  case B::thread_idx_y:
  case B::thread_idx_z: return threadIndex(unsigned(builtin) - unsigned(B::thread_idx_x));
  case B::block_idx_x:
  case B::block_idx_y:
  case B::block_idx_z:
    return builtinComponent(m_.workgroupId, spv::BuiltInWorkgroupId, unsigned(builtin) - unsigned(B::block_idx_x));
  case B::block_dim_x:
  case B::block_dim_y:
  case B::block_dim_z: return m_.blockDimSpec[unsigned(builtin) - unsigned(B::block_dim_x)];
  case B::grid_dim_x:
  case B::grid_dim_y:
  case B::grid_dim_z: return gridDim(unsigned(builtin) - unsigned(B::grid_dim_x));
  case B::warp_size: return subgroupSize();
  case B::clock_subgroup: return readClock(spv::ScopeSubgroup);
  case B::clock_device: return readClock(spv::ScopeDevice);
  case B::syncthreads: {
    // Orders global memory too (HIP's __syncthreads), unless hipvk-barrier-scope proved it need not.
    uint32_t semantics = spv::MemorySemanticsAcquireReleaseMask | spv::MemorySemanticsWorkgroupMemoryMask;
    if (!call.hasMetadata(kWorkgroupOnlyBarrier)) semantics |= spv::MemorySemanticsUniformMemoryMask;
    opNoResult(spv::OpControlBarrier, {u32(spv::ScopeWorkgroup), u32(spv::ScopeWorkgroup), u32(semantics)});
    return 0;
  }
  case B::warp_reach:
    // A constant reach of the run-time-width form: the module needs subgroups wider than it.
    if (auto *lanes = dyn_cast<ConstantInt>(call.getArgOperand(0)); lanes && lanes->getZExtValue() < 64)
      m_.minSubgroupSize = std::max(m_.minSubgroupSize, uint32_t(lanes->getZExtValue()) + 1);
    return 0;
  case B::service_buffer: return pushAddress(abi::kServiceBufferOffset);
  case B::launch_index: return pushWord(abi::kLaunchIndexOffset);
  case B::trap: return unsupported(call, "internal error: __hipvk_trap survived the hipvk-lower-traps pass");
  case B::is_module_constant:
    return unsupported(call, "internal error: __hipvk_is_module_constant survived the hipvk-module-constants pass");
  case B::umul_hi_64: {
    SpvId type = typeOf(call.getType());
    SpvId product = op(spv::OpUMulExtended, b_.typeStruct({type, type}), {value(call.getArgOperand(0)), value(call.getArgOperand(1))});
    return op(spv::OpCompositeExtract, type, {product, 1});
  }
  // Grid-wide sync: the barrier state of a cooperative launch (0 otherwise), read by grid_sync.hip.
  case B::grid_barrier: return pushAddress(abi::kGridBarrierOffset);
  case B::fast_divide: return op(spv::OpFDiv, typeOf(call.getType()), {value(call.getArgOperand(0)), value(call.getArgOperand(1))});
  case B::inverse_sqrt: return glsl(GLSLstd450InverseSqrt, typeOf(call.getType()), {value(call.getArgOperand(0))});
  case B::fma_is_fused: return m_.deviceFlagSpecConstant(abi::kSpecIdFusedFma);
  case B::fma_float_algorithms: return m_.deviceFlagSpecConstant(abi::kSpecIdFmaFloatAlgorithms);
  case B::inverse_sqrt_is_ieee: return m_.deviceFlagSpecConstant(abi::kSpecIdIeeeInverseSqrt);
  case B::short_sqrt_verified: return m_.deviceFlagSpecConstant(abi::kSpecIdVerifiedShortSqrt);
  case B::short_exp_verified: return m_.deviceFlagSpecConstant(abi::kSpecIdVerifiedShortExp);
  case B::device_fma_f32:
  case B::device_fma_f64:
    return glsl(GLSLstd450Fma, typeOf(call.getType()),
                {value(call.getArgOperand(0)), value(call.getArgOperand(1)), value(call.getArgOperand(2))});
  default:
    if (deviceBuiltinUsesLanes(builtin)) return emitWarpBuiltin(builtin, call);
    break;
  }
  return unsupported(call, "hipvk builtin '" + std::string(deviceBuiltinName(builtin)) + "' has no lowering");
}

SpvId KernelEmitter::emitCall(CallInst &call) {
  Function *callee = call.getCalledFunction();
  if (!callee) return unsupported(call, "indirect calls are not supported in device code");
  StringRef name = callee->getName();

  if (std::optional<DeviceBuiltin> builtin = deviceBuiltin(name)) return emitDeviceBuiltin(*builtin, call);

  if (!callee->isDeclaration() && isValueFunction(*callee)) {
    Words operands{m_.valueFunction(*callee)};
    for (Value *arg : call.args()) operands.push_back(value(arg, typeOfValue(arg)));
    return op(spv::OpFunctionCall, typeOf(call.getType()), operands);
  }
  Intrinsic::ID id = callee->getIntrinsicID();
  if (id == Intrinsic::not_intrinsic) {
    if (name.starts_with("__hipvk_"))
      return unsupported(call, "hipvk builtin '" + name.str() + "' is not known to this compiler version");
    return unsupported(call, "call to '" + demangle(name.str()) + "', which has no device definition");
  }
  CallLowering l{*this, call, b_};
  Type *t = call.getType();
  SpvId type = t->isVoidTy() ? 0 : typeOf(t);
  auto glslOp = [&](GLSLstd450 inst) {
    Words operands;
    for (unsigned i = 0; i < call.arg_size(); ++i) operands.push_back(l.arg(i));
    return glsl(inst, type, operands);
  };
  switch (id) {
  case Intrinsic::lifetime_start:
  case Intrinsic::lifetime_end:
  case Intrinsic::assume:
  case Intrinsic::experimental_noalias_scope_decl:
  case Intrinsic::invariant_start:
  case Intrinsic::invariant_end:
  case Intrinsic::var_annotation:
  case Intrinsic::sideeffect:
  case Intrinsic::donothing:
  case Intrinsic::dbg_declare:
  case Intrinsic::dbg_value:
  case Intrinsic::dbg_label:
  case Intrinsic::pseudoprobe:
  // AMD's s_sleep: a hint that backs off a spin loop (rocPRIM's decoupled look-back waits on its
  // predecessors' flags with it). Vulkan has no such hint; the loop spins.
  case Intrinsic::amdgcn_s_sleep:
    return 0;
  case Intrinsic::expect:
  case Intrinsic::expect_with_probability:
  case Intrinsic::ssa_copy:
  case Intrinsic::canonicalize:
  case Intrinsic::launder_invariant_group:
  case Intrinsic::strip_invariant_group:
  case Intrinsic::arithmetic_fence:
    return value(call.getArgOperand(0), type);
  case Intrinsic::fabs: return glslOp(GLSLstd450FAbs);
  case Intrinsic::sqrt:
    // Correctly rounded as HIP's sqrtf by default (GLSL's Sqrt may be 3 ulp off, and the H200's
    // 16-bit one is 1 ulp off): the root of the operand widened to double, rounded once
    // (innocuous double rounding); afn keeps the fast one. Programs' float roots reach the device
    // library (DeviceLibrary.cpp), whose path through double is this one.
    if ((t->getScalarType()->isFloatTy() || t->getScalarType()->isHalfTy()) && !call.hasApproxFunc()) {
      SpvId wide = doubleTwin(type);
      return op(spv::OpFConvert, type, {glsl(GLSLstd450Sqrt, wide, {op(spv::OpFConvert, wide, {l.arg(0)})})});
    }
    return glslOp(GLSLstd450Sqrt);
  // Rounding to integral values: exact on every lavapipe code path (CallLowering::withSignOf).
  case Intrinsic::floor: return l.floorOrCeil(GLSLstd450Floor, l.arg(0), t);
  case Intrinsic::ceil: return l.floorOrCeil(GLSLstd450Ceil, l.arg(0), t);
  case Intrinsic::trunc: return l.trunc(l.arg(0), t);
  case Intrinsic::rint:
  case Intrinsic::nearbyint:
  case Intrinsic::roundeven: return l.roundHalfEven(l.arg(0), t);
  case Intrinsic::round: return l.roundHalfAway(l.arg(0), t);
  case Intrinsic::fma:
  case Intrinsic::fmuladd: return glslOp(GLSLstd450Fma);
  case Intrinsic::minnum: return glslOp(GLSLstd450NMin);
  case Intrinsic::maxnum: return glslOp(GLSLstd450NMax);
  case Intrinsic::minimum: return l.minMaxPropagatingNaN(GLSLstd450NMin);
  case Intrinsic::maximum: return l.minMaxPropagatingNaN(GLSLstd450NMax);
  case Intrinsic::copysign: return l.copysign(l.arg(0), l.arg(1), t);
  case Intrinsic::ldexp: return glslOp(GLSLstd450Ldexp);
  case Intrinsic::smax: return signedGlsl(GLSLstd450SMax, type, {l.arg(0), l.arg(1)});
  case Intrinsic::smin: return signedGlsl(GLSLstd450SMin, type, {l.arg(0), l.arg(1)});
  case Intrinsic::umax: return glslOp(GLSLstd450UMax);
  case Intrinsic::umin: return glslOp(GLSLstd450UMin);
  case Intrinsic::abs: return signedGlsl(GLSLstd450SAbs, type, {l.arg(0)});
  case Intrinsic::ctpop: return l.ctpop(t, l.arg(0));
  case Intrinsic::ctlz: return l.ctlz(t, l.arg(0));
  case Intrinsic::cttz: return l.cttz(t, l.arg(0));
  case Intrinsic::bitreverse: return l.bitreverse(t, l.arg(0));
  case Intrinsic::bswap: return l.bswap(t, l.arg(0));
  case Intrinsic::fshl: return l.funnelShift(true);
  case Intrinsic::fshr: return l.funnelShift(false);
  case Intrinsic::uadd_with_overflow:
  case Intrinsic::usub_with_overflow:
  case Intrinsic::sadd_with_overflow:
  case Intrinsic::ssub_with_overflow:
  case Intrinsic::umul_with_overflow:
  case Intrinsic::smul_with_overflow: return l.withOverflow(id);
  case Intrinsic::uadd_sat: {
    SpvId sum = op(spv::OpIAdd, type, {l.arg(0), l.arg(1)});
    SpvId wrapped = op(spv::OpULessThan, l.boolTypeFor(t), {sum, l.arg(0)});
    return op(spv::OpSelect, type, {wrapped, l.splat(t, ~uint64_t(0)), sum});
  }
  case Intrinsic::usub_sat: {
    SpvId below = op(spv::OpULessThan, l.boolTypeFor(t), {l.arg(0), l.arg(1)});
    return op(spv::OpSelect, type, {below, b_.constNull(type), op(spv::OpISub, type, {l.arg(0), l.arg(1)})});
  }
  case Intrinsic::is_fpclass: return l.isFPClass();
  case Intrinsic::amdgcn_fmed3: return l.median3();
  // The fast intrinsics (__expf, __logf, __sinf...): AMD's approximate instructions, as Vulkan's
  // (sin/cos take turns). The accurate math never reaches these (compiler/devicelib/math.hip).
  case Intrinsic::amdgcn_exp2: return glslOp(GLSLstd450Exp2);
  case Intrinsic::amdgcn_log: return glslOp(GLSLstd450Log2);
  case Intrinsic::amdgcn_sin:
  case Intrinsic::amdgcn_cos: {
    SpvId radians = op(spv::OpFMul, type, {l.arg(0), l.splat(t, t->getScalarType()->isDoubleTy() ? 0x401921fb54442d18ull : 0x40c90fdbu)});
    return glsl(id == Intrinsic::amdgcn_sin ? GLSLstd450Sin : GLSLstd450Cos, type, {radians});
  }
  case Intrinsic::vector_reduce_add:
  case Intrinsic::vector_reduce_mul:
  case Intrinsic::vector_reduce_and:
  case Intrinsic::vector_reduce_or:
  case Intrinsic::vector_reduce_xor:
  case Intrinsic::vector_reduce_smax:
  case Intrinsic::vector_reduce_smin:
  case Intrinsic::vector_reduce_umax:
  case Intrinsic::vector_reduce_umin:
  case Intrinsic::vector_reduce_fadd:
  case Intrinsic::vector_reduce_fmul:
  case Intrinsic::vector_reduce_fmax:
  case Intrinsic::vector_reduce_fmin:
    if (!call.getArgOperand(call.arg_size() - 1)->getType()->getScalarType()->isIntegerTy(1))
      if (SpvId r = l.vectorReduce(id)) return r;
    return unsupported(call, "unsupported vector reduction");
  default:
    break;
  }
  if (SpvId r = emitAmdgpuLanePattern(call)) return r;
  if (name.starts_with("llvm.amdgcn."))
    return unsupported(call, "AMDGPU builtin '" + name.str() + "' has no Vulkan lowering in hipvk yet");
  return unsupported(call, "'" + name.str() + "' is not supported in device code yet");
}

} // namespace hipvk
