// 64-bit integers as pairs of 32-bit words, on a finished kernel module (SpirvEmitter.h,
// lowerInt64), for devices without Int64 (SwiftShader, many mobile GPUs). Done on SPIR-V rather
// than in the emitter so that every 64-bit value the emitter makes (buffer device addresses,
// address arithmetic, size_t indices, pointers stored in memory) is covered by one rewrite:
// each 64-bit integer type becomes uvec2 (low word first, as in memory), each instruction on it
// a sequence of 32-bit ones defining the same result id, and global pointers are made from the
// pair by OpBitcast (as GL_EXT_buffer_reference_uvec2 does). Division never gets here: the
// portable variant expands it in LLVM IR first (ExpandWideDivisionPass.cpp). What has no 32-bit
// form (64-bit atomics, 64-bit subgroup multiplies and min/max scans) leaves the module as it was.
#define SPV_ENABLE_UTILITY_CODE
#include "SpirvEmitter.h"

#include <spirv/unified1/GLSL.std.450.h>
#include <spirv/unified1/spirv.hpp>

#include <map>
#include <set>
#include <unordered_map>
#include <unordered_set>

namespace hipvk {

namespace {

using Words = std::vector<uint32_t>;
using SpvId = uint32_t;

struct Instruction {
  spv::Op op;
  Words operands; // everything after the opcode word
  bool hasType = false, hasResult = false;
  SpvId type() const { return hasType ? operands[0] : 0; }
  SpvId result() const { return hasResult ? operands[hasType ? 1 : 0] : 0; }
};

// Whether operand `i` (counting the result type and id) of a function-body instruction is a literal
// rather than an id, for the instructions the emitter writes with literals.
bool isLiteralOperand(spv::Op op, size_t i) {
  switch (op) {
  case spv::OpExtInst: return i == 3;
  case spv::OpCompositeExtract: case spv::OpLoad: return i >= 3;
  case spv::OpVariable: return i == 2;
  case spv::OpCompositeInsert: case spv::OpVectorShuffle: return i >= 4;
  case spv::OpStore: case spv::OpLoopMerge: return i >= 2;
  case spv::OpSelectionMerge: return i >= 1;
  case spv::OpCopyMemory: return i >= 2;
  case spv::OpBranchConditional: return i >= 3;
  case spv::OpSwitch: return i >= 2 && i % 2 == 0;
  case spv::OpFunction: return i == 2;
  default:
    // Group operations of the subgroup arithmetic instructions.
    return op >= spv::OpGroupNonUniformIAdd && op <= spv::OpGroupNonUniformLogicalXor && i == 3;
  }
}

bool isTypeDeclaration(spv::Op op) { return op >= spv::OpTypeVoid && op <= spv::OpTypeForwardPointer; }
bool isAggregateDeclaration(spv::Op op) { return op == spv::OpTypeStruct || op == spv::OpTypeArray || op == spv::OpTypeRuntimeArray; }

class Int64Lowering {
public:
  explicit Int64Lowering(const Words &words) : header_(words.begin(), words.begin() + 5), bound_(words[3]) {
    for (size_t i = 5; i < words.size();) {
      const uint32_t count = words[i] >> 16;
      Instruction inst{spv::Op(words[i] & 0xffff), Words(words.begin() + i + 1, words.begin() + i + count)};
      spv::HasResultAndType(inst.op, &inst.hasResult, &inst.hasType);
      instructions_.push_back(std::move(inst));
      i += count;
    }
  }

  // The rewritten module, or the reason there is none.
  std::string run(Words &out);

private:
  SpvId newId() { return bound_++; }
  bool isInt64Type(SpvId type) const { return int64Types_.count(type) != 0; }
  bool isInt64(SpvId value) const {
    auto it = valueTypes_.find(value);
    return it != valueTypes_.end() && isInt64Type(it->second);
  }
  SpvId mapType(SpvId type) const {
    auto it = typeMap_.find(type);
    return it == typeMap_.end() ? type : it->second;
  }

  // Emission into the current function body.
  SpvId emit(spv::Op op, SpvId type, Words operands, SpvId result = 0) {
    if (!result) result = newId();
    Words w{type, result};
    w.insert(w.end(), operands.begin(), operands.end());
    append(body_, op, w);
    if (op == spv::OpFMul || op == spv::OpFAdd || op == spv::OpFSub || op == spv::OpConvertUToF || op == spv::OpFConvert)
      append(annotations_, spv::OpDecorate, {result, uint32_t(spv::DecorationNoContraction)});
    return result;
  }
  static void append(Words &to, spv::Op op, const Words &operands) {
    to.push_back(uint32_t(operands.size() + 1) << 16 | uint32_t(op));
    to.insert(to.end(), operands.begin(), operands.end());
  }
  SpvId glsl(GLSLstd450 inst, SpvId type, Words operands) {
    operands.insert(operands.begin(), {glslImport(), uint32_t(inst)});
    return emit(spv::OpExtInst, type, operands);
  }
  SpvId glslImport();
  SpvId constU32(uint32_t v);
  SpvId constFloat(SpvId type, uint64_t bits);
  SpvId lo(SpvId v) { return emit(spv::OpCompositeExtract, u32_, {v, 0}); }
  SpvId hi(SpvId v) { return emit(spv::OpCompositeExtract, u32_, {v, 1}); }
  SpvId pair(SpvId low, SpvId high, SpvId result = 0) { return emit(spv::OpCompositeConstruct, uvec2_, {low, high}, result); }
  SpvId select(SpvId type, SpvId condition, SpvId a, SpvId b, SpvId result = 0) {
    return emit(spv::OpSelect, type, {condition, a, b}, result);
  }
  SpvId logical(spv::Op op, SpvId a, SpvId b) { return emit(op, bool_, {a, b}); }
  SpvId low32(SpvId v) { return isInt64(v) ? lo(v) : v; } // a shift amount or index of either width

  SpvId add(SpvId a, SpvId b, SpvId result = 0);
  SpvId sub(SpvId a, SpvId b, SpvId result = 0);
  SpvId mul(SpvId a, SpvId b, SpvId result = 0);
  SpvId mulExtended(SpvId structType, SpvId a, SpvId b, SpvId result);
  SpvId shift(spv::Op op, SpvId x, SpvId amount, SpvId result = 0);
  SpvId compare(spv::Op op, SpvId a, SpvId b, SpvId result = 0);
  SpvId isNegative(SpvId x) { return emit(spv::OpSLessThan, bool_, {hi(x), constU32(0)}); }
  SpvId wordToFloat(SpvId floatType, SpvId word);
  SpvId unsignedToFloat(SpvId floatType, SpvId x);
  SpvId floatToUnsigned(SpvId floatType, SpvId f);
  SpvId zero64() { return pair(constU32(0), constU32(0)); }

  std::string lowerGlobal(const Instruction &inst, Words &globals);
  std::string lowerInstruction(const Instruction &inst);
  std::string lowerConversion(const Instruction &inst);
  std::string lowerSubgroup(const Instruction &inst);
  std::string lowerExtInst(const Instruction &inst);
  std::string prepareTypes();

  Words header_;
  uint32_t bound_;
  std::vector<Instruction> instructions_;
  std::unordered_map<SpvId, SpvId> valueTypes_; // every value's (original) type
  std::unordered_set<SpvId> int64Types_;
  std::unordered_map<SpvId, uint32_t> int64Vectors_; // vector type -> component count
  std::unordered_map<SpvId, SpvId> typeMap_;    // original type id -> the id it becomes
  std::unordered_map<SpvId, unsigned> floatBits_; // float type -> width
  SpvId u32_ = 0, uvec2_ = 0, bool_ = 0, bvec2_ = 0, carry_ = 0, glsl_ = 0;
  SpvId existingU32_ = 0, existingUvec2_ = 0, existingBool_ = 0, existingBvec2_ = 0;
  std::map<Words, SpvId> declared_;            // non-aggregate type declarations, by opcode and operands
  std::unordered_map<SpvId, unsigned> intBits_; // integer type -> width
  std::map<uint32_t, SpvId> u32Constants_;
  std::map<std::pair<SpvId, uint64_t>, SpvId> floatConstants_;
  Words prelude_, lateConstants_, annotations_, body_, extInstImports_;
};

SpvId Int64Lowering::glslImport() {
  if (!glsl_) {
    glsl_ = newId();
    Words w{glsl_};
    for (const char *s = "GLSL.std.450";; s += 4) { // a literal string: NUL-terminated, padded to words
      uint32_t word = 0;
      size_t n = 0;
      for (; n < 4 && s[n]; ++n) word |= uint32_t(uint8_t(s[n])) << (8 * n);
      w.push_back(word);
      if (n < 4) break;
    }
    append(extInstImports_, spv::OpExtInstImport, w);
  }
  return glsl_;
}

SpvId Int64Lowering::constU32(uint32_t v) {
  SpvId &id = u32Constants_[v];
  if (!id) {
    id = newId();
    append(prelude_, spv::OpConstant, {u32_, id, v});
  }
  return id;
}

SpvId Int64Lowering::constFloat(SpvId type, uint64_t bits) {
  SpvId &id = floatConstants_[{type, bits}];
  if (!id) {
    id = newId();
    if (floatBits_.at(type) == 64) append(lateConstants_, spv::OpConstant, {type, id, uint32_t(bits), uint32_t(bits >> 32)});
    else append(lateConstants_, spv::OpConstant, {type, id, uint32_t(bits)});
  }
  return id;
}

SpvId Int64Lowering::add(SpvId a, SpvId b, SpvId result) {
  SpvId sum = emit(spv::OpIAddCarry, carry_, {lo(a), lo(b)});
  SpvId low = emit(spv::OpCompositeExtract, u32_, {sum, 0}), carry = emit(spv::OpCompositeExtract, u32_, {sum, 1});
  SpvId high = emit(spv::OpIAdd, u32_, {emit(spv::OpIAdd, u32_, {hi(a), hi(b)}), carry});
  return pair(low, high, result);
}

SpvId Int64Lowering::sub(SpvId a, SpvId b, SpvId result) {
  SpvId difference = emit(spv::OpISubBorrow, carry_, {lo(a), lo(b)});
  SpvId low = emit(spv::OpCompositeExtract, u32_, {difference, 0}), borrow = emit(spv::OpCompositeExtract, u32_, {difference, 1});
  SpvId high = emit(spv::OpISub, u32_, {emit(spv::OpISub, u32_, {hi(a), hi(b)}), borrow});
  return pair(low, high, result);
}

SpvId Int64Lowering::mul(SpvId a, SpvId b, SpvId result) {
  SpvId aLo = lo(a), bLo = lo(b);
  SpvId product = emit(spv::OpUMulExtended, carry_, {aLo, bLo});
  SpvId low = emit(spv::OpCompositeExtract, u32_, {product, 0}), carried = emit(spv::OpCompositeExtract, u32_, {product, 1});
  SpvId cross = emit(spv::OpIAdd, u32_, {emit(spv::OpIMul, u32_, {aLo, hi(b)}), emit(spv::OpIMul, u32_, {hi(a), bLo})});
  return pair(low, emit(spv::OpIAdd, u32_, {carried, cross}), result);
}

// The 128-bit product {low 64 bits, high 64 bits} of OpUMulExtended: four 32 x 32-bit products,
// their middle words summed with the carries counted.
SpvId Int64Lowering::mulExtended(SpvId structType, SpvId a, SpvId b, SpvId result) {
  auto product = [&](SpvId x, SpvId y) {
    SpvId p = emit(spv::OpUMulExtended, carry_, {x, y});
    return std::pair{emit(spv::OpCompositeExtract, u32_, {p, 0}), emit(spv::OpCompositeExtract, u32_, {p, 1})};
  };
  auto [p0, p0High] = product(lo(a), lo(b));
  auto [p1, p1High] = product(lo(a), hi(b));
  auto [p2, p2High] = product(hi(a), lo(b));
  auto [p3, p3High] = product(hi(a), hi(b));
  SpvId carries = constU32(0);
  auto sum = [&](SpvId x, SpvId y) { // x + y, counting the carry out
    SpvId s = emit(spv::OpIAddCarry, carry_, {x, y});
    carries = emit(spv::OpIAdd, u32_, {carries, emit(spv::OpCompositeExtract, u32_, {s, 1})});
    return emit(spv::OpCompositeExtract, u32_, {s, 0});
  };
  SpvId word1 = sum(sum(p0High, p1), p2);
  SpvId carriesIntoWord2 = carries;
  carries = constU32(0);
  SpvId word2 = sum(sum(sum(p1High, p2High), p3), carriesIntoWord2);
  SpvId word3 = emit(spv::OpIAdd, u32_, {p3High, carries});
  return emit(spv::OpCompositeConstruct, mapType(structType), {pair(p0, word1), pair(word2, word3)}, result);
}

// Shifts by 0..63 (LLVM makes larger amounts poison). Vulkan leaves 32-bit shifts by 32 undefined,
// so the bits crossing between the words move in two steps ((lo >> 1) >> (31 - n)).
SpvId Int64Lowering::shift(spv::Op op, SpvId x, SpvId amountValue, SpvId result) {
  SpvId amount = low32(amountValue);
  SpvId n = emit(spv::OpBitwiseAnd, u32_, {amount, constU32(31)});
  SpvId wide = emit(spv::OpINotEqual, bool_, {emit(spv::OpBitwiseAnd, u32_, {amount, constU32(32)}), constU32(0)});
  SpvId complement = emit(spv::OpISub, u32_, {constU32(31), n});
  SpvId xLo = lo(x), xHi = hi(x), low, high;
  if (op == spv::OpShiftLeftLogical) {
    SpvId shiftedLo = emit(spv::OpShiftLeftLogical, u32_, {xLo, n});
    SpvId crossing = emit(spv::OpShiftRightLogical, u32_, {emit(spv::OpShiftRightLogical, u32_, {xLo, constU32(1)}), complement});
    SpvId shiftedHi = emit(spv::OpBitwiseOr, u32_, {emit(spv::OpShiftLeftLogical, u32_, {xHi, n}), crossing});
    low = select(u32_, wide, constU32(0), shiftedLo);
    high = select(u32_, wide, shiftedLo, shiftedHi);
  } else {
    SpvId shiftedHi = emit(op, u32_, {xHi, n}); // logical or arithmetic, as asked
    SpvId crossing = emit(spv::OpShiftLeftLogical, u32_, {emit(spv::OpShiftLeftLogical, u32_, {xHi, constU32(1)}), complement});
    SpvId shiftedLo = emit(spv::OpBitwiseOr, u32_, {emit(spv::OpShiftRightLogical, u32_, {xLo, n}), crossing});
    SpvId fill = op == spv::OpShiftRightArithmetic ? emit(spv::OpShiftRightArithmetic, u32_, {xHi, constU32(31)}) : constU32(0);
    low = select(u32_, wide, shiftedHi, shiftedLo);
    high = select(u32_, wide, fill, shiftedHi);
  }
  return pair(low, high, result);
}

// a < b (and the like) is a.hi < b.hi, or equal high words and a.lo < b.lo (the low words always
// unsigned).
SpvId Int64Lowering::compare(spv::Op op, SpvId a, SpvId b, SpvId result) {
  if (op == spv::OpIEqual || op == spv::OpINotEqual) {
    SpvId each = emit(op, bvec2_, {a, b});
    return emit(op == spv::OpIEqual ? spv::OpAll : spv::OpAny, bool_, {each}, result);
  }
  static const std::map<spv::Op, std::pair<spv::Op, spv::Op>> parts = { // (high words, strictly; low words)
      {spv::OpULessThan, {spv::OpULessThan, spv::OpULessThan}},
      {spv::OpULessThanEqual, {spv::OpULessThan, spv::OpULessThanEqual}},
      {spv::OpUGreaterThan, {spv::OpUGreaterThan, spv::OpUGreaterThan}},
      {spv::OpUGreaterThanEqual, {spv::OpUGreaterThan, spv::OpUGreaterThanEqual}},
      {spv::OpSLessThan, {spv::OpSLessThan, spv::OpULessThan}},
      {spv::OpSLessThanEqual, {spv::OpSLessThan, spv::OpULessThanEqual}},
      {spv::OpSGreaterThan, {spv::OpSGreaterThan, spv::OpUGreaterThan}},
      {spv::OpSGreaterThanEqual, {spv::OpSGreaterThan, spv::OpUGreaterThanEqual}}};
  const auto [highOp, lowOp] = parts.at(op);
  SpvId aHi = hi(a), bHi = hi(b);
  SpvId strictly = emit(highOp, bool_, {aHi, bHi});
  SpvId tie = logical(spv::OpLogicalAnd, emit(spv::OpIEqual, bool_, {aHi, bHi}), emit(lowOp, bool_, {lo(a), lo(b)}));
  return emit(spv::OpLogicalOr, bool_, {strictly, tie}, result);
}

// A 32-bit word to float, correctly rounded. A word with its top bit set converts as its top 31
// bits with a sticky bit, doubled: SwiftShader rounds such a word twice in OpConvertUToF.
SpvId Int64Lowering::wordToFloat(SpvId floatType, SpvId word) {
  SpvId sticky = emit(spv::OpBitwiseAnd, u32_, {word, constU32(1)});
  SpvId halved = emit(spv::OpBitwiseOr, u32_, {emit(spv::OpShiftRightLogical, u32_, {word, constU32(1)}), sticky});
  SpvId doubled = emit(spv::OpFMul, floatType, {emit(spv::OpConvertUToF, floatType, {halved}), constFloat(floatType, 0x40000000u)});
  SpvId topBitSet = emit(spv::OpUGreaterThanEqual, bool_, {word, constU32(0x80000000u)});
  return select(floatType, topBitSet, doubled, emit(spv::OpConvertUToF, floatType, {word}));
}

// Correctly rounded: for a value beyond 32 bits, its top 32 bits (normalised) with a sticky bit for
// the rest round once, then an exact scaling by a power of two. Through a double when that is the
// result: hi * 2^32 is exact and the sum rounds once.
SpvId Int64Lowering::unsignedToFloat(SpvId floatType, SpvId x) {
  SpvId xLo = lo(x), xHi = hi(x);
  if (floatBits_.at(floatType) == 64) {
    SpvId high = emit(spv::OpFMul, floatType, {emit(spv::OpConvertUToF, floatType, {xHi}), constFloat(floatType, 0x41f0000000000000ull)});
    return emit(spv::OpFAdd, floatType, {high, emit(spv::OpConvertUToF, floatType, {xLo})});
  }
  SpvId leading = emit(spv::OpISub, u32_, {constU32(31), glsl(GLSLstd450FindUMsb, u32_, {xHi})}); // 0..31 where hi != 0
  SpvId normalised = shift(spv::OpShiftLeftLogical, x, leading);
  SpvId sticky = select(u32_, emit(spv::OpINotEqual, bool_, {lo(normalised), constU32(0)}), constU32(1), constU32(0));
  SpvId top = wordToFloat(floatType, emit(spv::OpBitwiseOr, u32_, {hi(normalised), sticky}));
  // 2^(32 - leading) as float bits: exponent field 127 + 32 - leading.
  SpvId scaleBits = emit(spv::OpShiftLeftLogical, u32_, {emit(spv::OpISub, u32_, {constU32(159), leading}), constU32(23)});
  SpvId wide = emit(spv::OpFMul, floatType, {top, emit(spv::OpBitcast, floatType, {scaleBits})});
  SpvId narrow = wordToFloat(floatType, xLo);
  return select(floatType, emit(spv::OpIEqual, bool_, {xHi, constU32(0)}), narrow, wide);
}

// Truncation toward zero of a value in [0, 2^64): the high word is trunc(f / 2^32), exact, and
// f - high * 2^32 is exact too (a multiple of f's ulp below 2^32).
SpvId Int64Lowering::floatToUnsigned(SpvId floatType, SpvId f) {
  const bool isDouble = floatBits_.at(floatType) == 64;
  SpvId twoTo32 = constFloat(floatType, isDouble ? 0x41f0000000000000ull : 0x4f800000u);
  SpvId twoToMinus32 = constFloat(floatType, isDouble ? 0x3df0000000000000ull : 0x2f800000u);
  SpvId high = emit(spv::OpConvertFToU, u32_, {emit(spv::OpFMul, floatType, {f, twoToMinus32})});
  SpvId rest = emit(spv::OpFSub, floatType, {f, emit(spv::OpFMul, floatType, {emit(spv::OpConvertUToF, floatType, {high}), twoTo32})});
  return pair(emit(spv::OpConvertFToU, u32_, {rest}), high);
}

std::string Int64Lowering::lowerConversion(const Instruction &inst) {
  const SpvId type = inst.type(), result = inst.result(), source = inst.operands[2];
  switch (inst.op) {
  case spv::OpUConvert:
  case spv::OpSConvert:
    if (isInt64Type(type) && isInt64(source)) return emit(spv::OpCopyObject, uvec2_, {source}, result), std::string();
    if (isInt64(source)) { // narrowing: the low word, then further down
      SpvId low = lo(source);
      if (type == u32_) emit(spv::OpCopyObject, u32_, {low}, result);
      else if (intBits_.at(type) == 32) emit(spv::OpBitcast, type, {low}, result);
      else emit(inst.op, type, {low}, result);
      return {};
    }
    {
      const SpvId sourceType = valueTypes_.at(source);
      SpvId low = sourceType == u32_               ? source
                  : intBits_.at(sourceType) == 32 ? emit(spv::OpBitcast, u32_, {source})
                                                  : emit(inst.op, u32_, {source}); // 8/16 bits: widen to 32 first
      SpvId high = inst.op == spv::OpSConvert ? emit(spv::OpShiftRightArithmetic, u32_, {low, constU32(31)}) : constU32(0);
      pair(low, high, result);
    }
    return {};
  case spv::OpConvertUToPtr: emit(spv::OpBitcast, mapType(type), {source}, result); return {};
  case spv::OpConvertPtrToU: emit(spv::OpBitcast, uvec2_, {source}, result); return {};
  case spv::OpBitcast: {
    const SpvId to = mapType(type), from = mapType(valueTypes_.at(source));
    emit(to == from ? spv::OpCopyObject : spv::OpBitcast, to, {source}, result);
    return {};
  }
  case spv::OpConvertUToF:
  case spv::OpConvertSToF: {
    if (!floatBits_.count(type)) return "a conversion of a 64-bit integer to a vector";
    if (inst.op == spv::OpConvertUToF) return emit(spv::OpCopyObject, type, {unsignedToFloat(type, source)}, result), std::string();
    SpvId negative = isNegative(source);
    SpvId magnitude = select(uvec2_, negative, sub(zero64(), source), source);
    SpvId f = unsignedToFloat(type, magnitude);
    select(type, negative, emit(spv::OpFNegate, type, {f}), f, result);
    return {};
  }
  case spv::OpConvertFToU:
  case spv::OpConvertFToS: {
    const SpvId floatType = valueTypes_.at(source);
    if (!floatBits_.count(floatType)) return "a conversion of a vector to 64-bit integers";
    if (inst.op == spv::OpConvertFToU) return emit(spv::OpCopyObject, uvec2_, {floatToUnsigned(floatType, source)}, result), std::string();
    SpvId negative = emit(spv::OpFOrdLessThan, bool_, {source, constFloat(floatType, 0)});
    SpvId magnitude = floatToUnsigned(floatType, glsl(GLSLstd450FAbs, floatType, {source}));
    select(uvec2_, negative, sub(zero64(), magnitude), magnitude, result);
    return {};
  }
  default: return "a conversion";
  }
}

std::string Int64Lowering::lowerExtInst(const Instruction &inst) {
  if (inst.operands[2] != glsl_) return "an extended instruction";
  const SpvId result = inst.result();
  const Words args(inst.operands.begin() + 4, inst.operands.end());
  auto minMax = [&](spv::Op lessOp, bool wantLess, SpvId a, SpvId b, SpvId into) {
    return select(uvec2_, compare(lessOp, a, b), wantLess ? a : b, wantLess ? b : a, into);
  };
  switch (GLSLstd450(inst.operands[3])) {
  case GLSLstd450UMin: minMax(spv::OpULessThan, true, args[0], args[1], result); return {};
  case GLSLstd450UMax: minMax(spv::OpULessThan, false, args[0], args[1], result); return {};
  case GLSLstd450SMin: minMax(spv::OpSLessThan, true, args[0], args[1], result); return {};
  case GLSLstd450SMax: minMax(spv::OpSLessThan, false, args[0], args[1], result); return {};
  case GLSLstd450UClamp: minMax(spv::OpULessThan, true, minMax(spv::OpULessThan, false, args[0], args[1], 0), args[2], result); return {};
  case GLSLstd450SClamp: minMax(spv::OpSLessThan, true, minMax(spv::OpSLessThan, false, args[0], args[1], 0), args[2], result); return {};
  case GLSLstd450SAbs: select(uvec2_, isNegative(args[0]), sub(zero64(), args[0]), args[0], result); return {};
  default: return "an extended instruction";
  }
}

// Subgroup operations: moves of the pair as they are; sums in 16-bit limbs, each summed in 32 bits
// (no carry is lost for subgroups of up to 2^16 lanes) and recombined; min/max reductions on the
// high words, then on the low words of the lanes that hold the extreme high word.
std::string Int64Lowering::lowerSubgroup(const Instruction &inst) {
  const SpvId result = inst.result();
  const Words &o = inst.operands;
  switch (inst.op) {
  case spv::OpGroupNonUniformBroadcast: case spv::OpGroupNonUniformBroadcastFirst: case spv::OpGroupNonUniformShuffle:
  case spv::OpGroupNonUniformShuffleXor: case spv::OpGroupNonUniformShuffleUp: case spv::OpGroupNonUniformShuffleDown:
  case spv::OpGroupNonUniformQuadBroadcast: case spv::OpGroupNonUniformQuadSwap: case spv::OpGroupNonUniformBitwiseAnd:
  case spv::OpGroupNonUniformBitwiseOr: case spv::OpGroupNonUniformBitwiseXor: {
    Words operands(o.begin() + 2, o.end());
    emit(inst.op, uvec2_, operands, result);
    return {};
  }
  case spv::OpGroupNonUniformAllEqual:
    emit(spv::OpLogicalAnd, bool_, {emit(inst.op, bool_, {o[2], lo(o[3])}), emit(inst.op, bool_, {o[2], hi(o[3])})}, result);
    return {};
  case spv::OpGroupNonUniformIAdd: {
    SpvId x = o[4];
    auto sum = [&](SpvId limb) {
      Words operands{o[2], o[3], limb};
      if (o.size() > 5) operands.push_back(o[5]);
      return emit(inst.op, u32_, operands);
    };
    SpvId xLo = lo(x), xHi = hi(x), mask = constU32(0xffff), sixteen = constU32(16);
    SpvId limbs[4] = {sum(emit(spv::OpBitwiseAnd, u32_, {xLo, mask})), sum(emit(spv::OpShiftRightLogical, u32_, {xLo, sixteen})),
                      sum(emit(spv::OpBitwiseAnd, u32_, {xHi, mask})), sum(emit(spv::OpShiftRightLogical, u32_, {xHi, sixteen}))};
    SpvId total = pair(limbs[0], constU32(0));
    total = add(total, shift(spv::OpShiftLeftLogical, pair(limbs[1], constU32(0)), constU32(16)));
    total = add(total, pair(constU32(0), limbs[2]));
    emit(spv::OpCopyObject, uvec2_, {add(total, pair(constU32(0), emit(spv::OpShiftLeftLogical, u32_, {limbs[3], sixteen})))}, result);
    return {};
  }
  case spv::OpGroupNonUniformSMin: case spv::OpGroupNonUniformSMax:
  case spv::OpGroupNonUniformUMin: case spv::OpGroupNonUniformUMax: {
    const auto group = spv::GroupOperation(o[3]);
    if (group != spv::GroupOperationReduce && group != spv::GroupOperationClusteredReduce) return "a 64-bit subgroup min/max scan";
    const bool isMin = inst.op == spv::OpGroupNonUniformSMin || inst.op == spv::OpGroupNonUniformUMin;
    const spv::Op lowOp = isMin ? spv::OpGroupNonUniformUMin : spv::OpGroupNonUniformUMax;
    auto reduce = [&](spv::Op op, SpvId v) {
      Words operands{o[2], o[3], v};
      if (o.size() > 5) operands.push_back(o[5]);
      return emit(op, u32_, operands);
    };
    SpvId x = o[4], xHi = hi(x);
    SpvId extremeHi = reduce(inst.op, xHi);
    SpvId candidate = select(u32_, emit(spv::OpIEqual, bool_, {xHi, extremeHi}), lo(x), constU32(isMin ? 0xffffffffu : 0));
    pair(reduce(lowOp, candidate), extremeHi, result);
    return {};
  }
  default: return "a 64-bit subgroup operation";
  }
}

std::string Int64Lowering::lowerInstruction(const Instruction &inst) {
  const SpvId type = inst.type(), result = inst.result();
  const Words &o = inst.operands;
  switch (inst.op) {
  case spv::OpIAdd: add(o[2], o[3], result); return {};
  case spv::OpISub: sub(o[2], o[3], result); return {};
  case spv::OpIMul: mul(o[2], o[3], result); return {};
  case spv::OpUMulExtended: mulExtended(type, o[2], o[3], result); return {};
  case spv::OpSNegate: sub(zero64(), o[2], result); return {};
  case spv::OpShiftLeftLogical: case spv::OpShiftRightLogical: case spv::OpShiftRightArithmetic:
    if (!isInt64(o[2])) emit(inst.op, type, {o[2], low32(o[3])}, result);
    else shift(inst.op, o[2], o[3], result);
    return {};
  case spv::OpIEqual: case spv::OpINotEqual: case spv::OpULessThan: case spv::OpULessThanEqual: case spv::OpUGreaterThan:
  case spv::OpUGreaterThanEqual: case spv::OpSLessThan: case spv::OpSLessThanEqual: case spv::OpSGreaterThan:
  case spv::OpSGreaterThanEqual:
    compare(inst.op, o[2], o[3], result);
    return {};
  case spv::OpUConvert: case spv::OpSConvert: case spv::OpConvertUToPtr: case spv::OpConvertPtrToU: case spv::OpBitcast:
  case spv::OpConvertUToF: case spv::OpConvertSToF: case spv::OpConvertFToU: case spv::OpConvertFToS:
    return lowerConversion(inst);
  case spv::OpExtInst: return lowerExtInst(inst);
  case spv::OpAccessChain: case spv::OpInBoundsAccessChain: case spv::OpPtrAccessChain: {
    Words operands{o[2]};
    for (size_t i = 3; i < o.size(); ++i) operands.push_back(low32(o[i])); // indices fit 32 bits
    emit(inst.op, mapType(type), operands, result);
    return {};
  }
  case spv::OpUDiv: case spv::OpSDiv: case spv::OpUMod: case spv::OpSRem: case spv::OpSMod:
    return "a 64-bit division the pipeline did not expand";
  default: break;
  }
  if (inst.op >= spv::OpGroupNonUniformElect && inst.op <= spv::OpGroupNonUniformQuadSwap) return lowerSubgroup(inst);
  if (spv::OpAtomicLoad <= inst.op && inst.op <= spv::OpAtomicXor) return "a 64-bit atomic";
  if (inst.op == spv::OpAtomicFAddEXT || inst.op == spv::OpAtomicFMinEXT || inst.op == spv::OpAtomicFMaxEXT) return "a 64-bit atomic";
  return "opcode " + std::to_string(unsigned(inst.op)) + " on 64-bit integers";
}

// Classifies the module's types: the 64-bit integer types and what they become.
std::string Int64Lowering::prepareTypes() {
  for (const Instruction &inst : instructions_) {
    const Words &o = inst.operands;
    if (inst.hasType && inst.hasResult) valueTypes_[inst.result()] = inst.type();
    switch (inst.op) {
    case spv::OpTypeInt:
      intBits_[o[0]] = o[1];
      if (o[1] == 64) int64Types_.insert(o[0]);
      else if (o[1] == 32 && o[2] == 0) existingU32_ = o[0];
      break;
    case spv::OpTypeBool: existingBool_ = o[0]; break;
    case spv::OpTypeFloat: floatBits_[o[0]] = o[1]; break;
    case spv::OpTypeVector:
      if (int64Types_.count(o[1])) int64Vectors_[o[0]] = o[2];
      if (o[1] == existingU32_ && o[2] == 2) existingUvec2_ = o[0];
      if (o[1] == existingBool_ && o[2] == 2) existingBvec2_ = o[0];
      break;
    case spv::OpExtInstImport: glsl_ = o[0]; break; // the emitter imports only GLSL.std.450
    case spv::OpSpecConstant: case spv::OpSpecConstantOp: case spv::OpSpecConstantComposite:
      if (int64Types_.count(o[0])) return "a 64-bit specialization constant";
      break;
    default: break;
    }
  }
  u32_ = existingU32_ ? existingU32_ : newId();
  uvec2_ = existingUvec2_ ? existingUvec2_ : newId();
  bool_ = existingBool_ ? existingBool_ : newId();
  bvec2_ = existingBvec2_ ? existingBvec2_ : newId();
  carry_ = newId();
  for (SpvId t : int64Types_) typeMap_[t] = uvec2_;
  append(prelude_, spv::OpTypeInt, {u32_, 32, 0});
  append(prelude_, spv::OpTypeVector, {uvec2_, u32_, 2});
  append(prelude_, spv::OpTypeBool, {bool_});
  append(prelude_, spv::OpTypeVector, {bvec2_, bool_, 2});
  append(prelude_, spv::OpTypeStruct, {carry_, u32_, u32_});
  return {};
}

// Types, constants and variables: 64-bit integer types become uvec2 (declarations that then repeat
// one, such as pointers to both, are merged), 64-bit constants pairs.
std::string Int64Lowering::lowerGlobal(const Instruction &inst, Words &globals) {
  const Words &o = inst.operands;
  if (isTypeDeclaration(inst.op)) {
    const SpvId id = o[0];
    if (auto vector = int64Vectors_.find(id); vector != int64Vectors_.end()) {
      // An array of pairs: what the emitter does with such vectors (build them, take them apart,
      // load and store them) arrays allow too.
      append(globals, spv::OpTypeArray, {id, uvec2_, constU32(vector->second)});
      append(annotations_, spv::OpDecorate, {id, uint32_t(spv::DecorationArrayStride), 8});
      return {};
    }
    if (int64Types_.count(id) || id == existingU32_ || id == existingUvec2_ || id == existingBool_ || id == existingBvec2_) return {};
    // The operands that name types (not literal widths, counts or storage classes).
    auto namesType = [&](size_t i) {
      switch (inst.op) {
      case spv::OpTypeInt: case spv::OpTypeFloat: return false;
      case spv::OpTypeVector: case spv::OpTypeMatrix: return i == 1;
      case spv::OpTypePointer: return i == 2;
      default: return true;
      }
    };
    Words operands{id};
    for (size_t i = 1; i < o.size(); ++i) operands.push_back(namesType(i) ? mapType(o[i]) : o[i]);
    if (!isAggregateDeclaration(inst.op)) {
      Words key{uint32_t(inst.op)};
      key.insert(key.end(), operands.begin() + 1, operands.end());
      auto [it, inserted] = declared_.emplace(key, id);
      if (!inserted) {
        typeMap_[id] = it->second;
        return {};
      }
    }
    append(globals, inst.op, operands);
    return {};
  }
  Words operands = o;
  if (inst.hasType) operands[0] = mapType(o[0]);
  if (inst.op == spv::OpConstant && isInt64Type(o[0])) {
    append(globals, spv::OpConstantComposite, {uvec2_, o[1], constU32(o[2]), constU32(o[3])});
    return {};
  }
  append(globals, inst.op, operands);
  return {};
}

std::string Int64Lowering::run(Words &out) {
  if (std::string problem = prepareTypes(); !problem.empty()) return problem;
  if (int64Types_.empty()) return {}; // nothing to lower: `out` stays empty
  Words capabilities, preamble, globals, functions;
  bool inFunctions = false;
  for (const Instruction &inst : instructions_) {
    const Words &o = inst.operands;
    if (inst.op == spv::OpCapability) {
      if (o[0] != spv::CapabilityInt64) append(capabilities, inst.op, o);
      continue;
    }
    if (inst.op == spv::OpFunction) inFunctions = true;
    if (!inFunctions) {
      const bool global = isTypeDeclaration(inst.op) || inst.op == spv::OpConstant || inst.op == spv::OpConstantComposite ||
                          inst.op == spv::OpConstantNull || inst.op == spv::OpConstantTrue || inst.op == spv::OpConstantFalse ||
                          inst.op == spv::OpSpecConstant || inst.op == spv::OpSpecConstantOp || inst.op == spv::OpSpecConstantTrue ||
                          inst.op == spv::OpSpecConstantFalse || inst.op == spv::OpSpecConstantComposite || inst.op == spv::OpVariable ||
                          inst.op == spv::OpUndef;
      if (!global) {
        if (inst.op == spv::OpDecorate || inst.op == spv::OpDecorateId || inst.op == spv::OpName || inst.op == spv::OpMemberDecorate) {
          if (int64Types_.count(o[0])) continue;
          append(annotations_, inst.op, o);
        } else {
          append(preamble, inst.op, o);
        }
        continue;
      }
      if (std::string problem = lowerGlobal(inst, globals); !problem.empty()) return problem;
      continue;
    }
    if (inst.op == spv::OpFunction) { // value functions (ValueFunctions.h) take and return pairs
      append(body_, inst.op, {mapType(o[0]), o[1], o[2], mapType(o[3])});
      continue;
    }
    bool touches = inst.hasType && isInt64Type(inst.type()), vectors = inst.hasType && int64Vectors_.count(inst.type());
    for (size_t i = inst.hasType + inst.hasResult; i < o.size(); ++i)
      if (!isLiteralOperand(inst.op, i)) {
        touches |= isInt64(o[i]);
        vectors |= valueTypes_.count(o[i]) && int64Vectors_.count(valueTypes_.at(o[i]));
      }
    if (vectors) { // only moves: the vector is an array now
      const bool scalarCondition = inst.op != spv::OpSelect || valueTypes_.at(o[2]) == existingBool_;
      switch (inst.op) {
      case spv::OpPhi: case spv::OpSelect: case spv::OpCopyObject: case spv::OpLoad: case spv::OpStore: case spv::OpUndef:
      case spv::OpCompositeConstruct: case spv::OpCompositeExtract: case spv::OpCompositeInsert:
        if (scalarCondition) break;
        [[fallthrough]];
      default: return "an operation on a vector of 64-bit integers";
      }
    }
    if (!touches) {
      Words operands = o;
      if (inst.hasType) operands[0] = mapType(o[0]);
      append(body_, inst.op, operands);
      continue;
    }
    switch (inst.op) {
    case spv::OpPhi: case spv::OpSelect: case spv::OpCopyObject: case spv::OpLoad: case spv::OpUndef:
    case spv::OpCompositeConstruct: case spv::OpCompositeExtract: case spv::OpCompositeInsert: case spv::OpBitwiseAnd:
    case spv::OpBitwiseOr: case spv::OpBitwiseXor: case spv::OpNot: case spv::OpReadClockKHR:
    case spv::OpFunctionParameter: case spv::OpFunctionCall: {
      Words operands = o;
      operands[0] = mapType(o[0]);
      append(body_, inst.op, operands);
      continue;
    }
    case spv::OpStore: case spv::OpReturnValue: append(body_, inst.op, o); continue;
    default:
      if (std::string problem = lowerInstruction(inst); !problem.empty()) return problem;
    }
  }
  functions = std::move(body_);
  header_[3] = bound_;
  out = header_;
  out.insert(out.end(), capabilities.begin(), capabilities.end());
  // The preamble holds extensions, imports, the memory model, entry points and execution modes in
  // order; an import this pass adds goes before the memory model.
  size_t memoryModel = 0;
  for (size_t i = 0; i < preamble.size(); i += preamble[i] >> 16)
    if ((preamble[i] & 0xffff) == spv::OpMemoryModel) memoryModel = i;
  out.insert(out.end(), preamble.begin(), preamble.begin() + memoryModel);
  out.insert(out.end(), extInstImports_.begin(), extInstImports_.end());
  out.insert(out.end(), preamble.begin() + memoryModel, preamble.end());
  out.insert(out.end(), annotations_.begin(), annotations_.end());
  out.insert(out.end(), prelude_.begin(), prelude_.end());
  out.insert(out.end(), globals.begin(), globals.end());
  out.insert(out.end(), lateConstants_.begin(), lateConstants_.end());
  out.insert(out.end(), functions.begin(), functions.end());
  return {};
}

} // namespace

std::string lowerInt64(std::vector<uint32_t> &words) {
  Words lowered;
  if (std::string problem = Int64Lowering(words).run(lowered); !problem.empty()) return problem;
  if (!lowered.empty()) words = std::move(lowered);
  return {};
}

} // namespace hipvk
