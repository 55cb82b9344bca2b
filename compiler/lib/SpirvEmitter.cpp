#include "SpirvEmitterImpl.h"
#include "TimeReport.h"

#include <hipvk/offload_blob.h>

#include <llvm/ADT/MapVector.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/Function.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/Operator.h>
#include <llvm/Support/MathExtras.h>

using namespace llvm;

namespace hipvk {

// ---------------------------------------------------------------- module state

SpvId ModuleState::builtinInput(SpvId &cache, spv::BuiltIn builtin, SpvId type) {
  if (!cache) {
    cache = b.newId();
    b.emit(SpirvBuilder::Globals, spv::OpVariable, {b.typePointer(spv::StorageClassInput, type), cache, uint32_t(spv::StorageClassInput)});
    b.decorate(cache, spv::DecorationBuiltIn, {uint32_t(builtin)});
  }
  return cache;
}

SpvId ModuleState::valueFunction(Function &f) {
  auto [it, added] = valueFunctionIds.try_emplace(&f, 0);
  if (added) {
    it->second = b.newId();
    valueFunctionsToEmit.push_back(&f);
  }
  return it->second;
}

SpvId ModuleState::pushConstantVar(uint32_t words) {
  SpvId &var = pushConstantVars[words];
  if (!var) {
    SpvId u32 = b.typeInt(32);
    SpvId block = b.typeBlock(b.typeArrayWithStride(u32, b.constU32(words), 4));
    var = b.newId();
    b.emit(SpirvBuilder::Globals, spv::OpVariable, {b.typePointer(spv::StorageClassPushConstant, block), var, uint32_t(spv::StorageClassPushConstant)});
  }
  return var;
}

SpvId ModuleState::constantWindow() {
  if (!constantWindowVar) {
    SpvId vector = b.typeVector(b.typeInt(32), abi::kConstantWindowVectorBytes / 4);
    const uint32_t vectors = abi::kMaxConstantWindowBytes / abi::kConstantWindowVectorBytes;
    SpvId block = b.typeBlock(b.typeArrayWithStride(vector, b.constU32(vectors), abi::kConstantWindowVectorBytes));
    constantWindowVar = b.newId();
    b.emit(SpirvBuilder::Globals, spv::OpVariable, {b.typePointer(spv::StorageClassUniform, block), constantWindowVar, uint32_t(spv::StorageClassUniform)});
    b.decorate(constantWindowVar, spv::DecorationDescriptorSet, {abi::kConstantWindowSet});
    b.decorate(constantWindowVar, spv::DecorationBinding, {abi::kConstantWindowBinding});
  }
  return constantWindowVar;
}

void ModuleState::createBlockDimSpecConstants() {
  SpvId u32 = b.typeInt(32);
  for (unsigned i = 0; i < 3; ++i) {
    blockDimSpec[i] = b.newId();
    b.emit(SpirvBuilder::Globals, spv::OpSpecConstant, {u32, blockDimSpec[i], 1});
    b.decorate(blockDimSpec[i], spv::DecorationSpecId, {abi::kSpecIdBlockDimX + i});
  }
  dynamicSharedSpec = b.newId();
  b.emit(SpirvBuilder::Globals, spv::OpSpecConstant, {u32, dynamicSharedSpec, 0});
  b.decorate(dynamicSharedSpec, spv::DecorationSpecId, {abi::kSpecIdDynamicSharedBytes});
}

SpvId ModuleState::deviceFlagSpecConstant(uint32_t specId) {
  SpvId &flag = deviceFlagSpecs[specId];
  if (!flag) {
    flag = b.newId();
    b.emit(SpirvBuilder::Globals, spv::OpSpecConstantFalse, {b.typeBool(), flag});
    b.decorate(flag, spv::DecorationSpecId, {specId});
  }
  return flag;
}

// ---------------------------------------------------------------- types and values

SpvId KernelEmitter::typeOf(Type *t) {
  switch (t->getTypeID()) {
  case Type::VoidTyID: return b_.typeVoid();
  case Type::HalfTyID: return b_.typeFloat(16);
  case Type::FloatTyID: return b_.typeFloat(32);
  case Type::DoubleTyID: return b_.typeFloat(64);
  case Type::IntegerTyID: {
    unsigned bits = t->getIntegerBitWidth();
    if (bits == 1) return b_.typeBool();
    if (bits == 8 || bits == 16 || bits == 32 || bits == 64) return b_.typeInt(bits);
    return 0;
  }
  case Type::PointerTyID: {
    unsigned as = t->getPointerAddressSpace();
    return b_.typeInt(as == AS::Shared || as == AS::Private ? 32 : 64);
  }
  case Type::FixedVectorTyID: {
    auto *vt = cast<FixedVectorType>(t);
    SpvId element = typeOf(vt->getElementType());
    if (!element || vt->getNumElements() < 2 || vt->getNumElements() > 4 || vt->getElementType()->isPointerTy()) return 0;
    return b_.typeVector(element, vt->getNumElements());
  }
  case Type::ArrayTyID: {
    SpvId element = typeOf(t->getArrayElementType());
    if (!element || t->getArrayNumElements() == 0) return 0;
    return b_.typeArray(element, u32(uint32_t(t->getArrayNumElements())));
  }
  case Type::StructTyID: {
    std::vector<SpvId> members;
    for (Type *member : cast<StructType>(t)->elements()) {
      members.push_back(typeOf(member));
      if (!members.back()) return 0;
    }
    return members.empty() ? 0 : b_.typeStruct(members);
  }
  default: return 0;
  }
}

SpvId KernelEmitter::pointerType(PointerClass c) { return b_.typeInt(c == PointerClass::Global ? 64 : 32); }

SpvId KernelEmitter::typeOfValue(const Value *v) {
  if (v->getType()->isPointerTy()) return pointerType(classOf(v));
  return typeOf(v->getType());
}

static PointerClass classForAddressSpace(unsigned as) {
  return as == AS::Shared ? PointerClass::Shared : as == AS::Private ? PointerClass::Private : PointerClass::Global;
}

PointerClass KernelEmitter::classOf(const Value *v) {
  if (auto it = classes_.find(v); it != classes_.end()) return it->second;
  classes_[v] = PointerClass::Unknown; // breaks cycles through phis
  PointerClass c = classOfUncached(v);
  if (c == PointerClass::Unknown) c = classForAddressSpace(v->getType()->getPointerAddressSpace());
  classes_[v] = c;
  return c;
}

PointerClass KernelEmitter::classOfUncached(const Value *v) {
  if (auto *arg = dyn_cast<Argument>(v)) return arg->getParamByRefType() ? PointerClass::KernelArgument : PointerClass::Global;
  if (isa<AllocaInst>(v)) return PointerClass::Private;
  if (auto *gv = dyn_cast<GlobalVariable>(v)) return classForAddressSpace(gv->getAddressSpace());
  if (isNullPointer(v)) return PointerClass::Unknown;
  if (auto *gep = dyn_cast<GEPOperator>(v)) return classOf(gep->getPointerOperand());
  if (auto *op = dyn_cast<Operator>(v);
      op && (op->getOpcode() == Instruction::AddrSpaceCast || op->getOpcode() == Instruction::BitCast || op->getOpcode() == Instruction::Freeze))
    return classOf(op->getOperand(0));
  auto merge = [&](ArrayRef<const Value *> incoming, const Instruction *at) {
    PointerClass result = PointerClass::Unknown;
    for (const Value *in : incoming) {
      PointerClass c = classes_.count(in) && classes_[in] == PointerClass::Unknown ? PointerClass::Unknown : classOf(in);
      if (isNullPointer(in)) c = PointerClass::Unknown;
      if (c == PointerClass::Unknown || c == result) continue;
      if (result != PointerClass::Unknown) {
        m_.ctx.diagnostics.error(at, "a pointer here may point to different memory spaces (global, __shared__ or local); "
                                     "Vulkan needs each pointer's memory space to be known at compile time");
        return result;
      }
      result = c;
    }
    return result;
  };
  if (auto *phi = dyn_cast<PHINode>(v)) {
    SmallVector<const Value *, 4> in(phi->incoming_values().begin(), phi->incoming_values().end());
    return merge(in, phi);
  }
  if (auto *sel = dyn_cast<SelectInst>(v)) return merge({sel->getTrueValue(), sel->getFalseValue()}, sel);
  // Loaded, converted from an integer, returned by a call: the address space says it all.
  return classForAddressSpace(v->getType()->getPointerAddressSpace());
}

SpvId KernelEmitter::u32(uint32_t v) {
  SpvId id = b_.constU32(v);
  constants_[id] = v;
  return id;
}

SpvId KernelEmitter::u64(uint64_t v) {
  SpvId id = b_.constInt(64, v);
  constants_[id] = v;
  return id;
}

std::optional<uint64_t> KernelEmitter::knownConstant(SpvId id) const {
  auto it = constants_.find(id);
  return it == constants_.end() ? std::nullopt : std::optional<uint64_t>(it->second);
}

SpvId KernelEmitter::constant(const Constant *c, SpvId typeHint) {
  Type *t = c->getType();
  if (t->isPointerTy() && isNullPointer(c)) {
    SpvId type = typeHint ? typeHint : typeOf(t);
    if (isa<UndefValue>(c->stripPointerCasts())) return b_.undef(type);
    // AMDGPU's null of __shared__ and local memory is all ones (as Clang's nullptr there, a cast
    // of the generic null, says): their address 0 is the first variable's. A null of another
    // address space that stands where a 32-bit offset does is that null too.
    const unsigned nullSpace = c->stripPointerCasts()->getType()->getPointerAddressSpace();
    if (b_.intWidthOf(type) == 32 && nullSpace != AS::Shared && nullSpace != AS::Private) return u32(~0u);
    return b_.constNull(type);
  }
  if (auto *gv = dyn_cast<GlobalVariable>(c)) {
    if (gv->getAddressSpace() == AS::Shared) {
      auto it = layout_.sharedOffsets.find(gv);
      return u32(it != layout_.sharedOffsets.end() ? it->second : uint32_t(alignTo(layout_.wordSharedBytes, abi::kDynamicSharedAlignment)));
    }
    auto it = m_.ctx.layout.segmentOffsets.find(gv);
    if (it == m_.ctx.layout.segmentOffsets.end()) {
      m_.ctx.diagnostics.error(gv, "variable '" + gv->getName().str() + "' cannot be placed in device memory");
      return u64(0);
    }
    SpvId base = globalSegmentBase();
    InPrologue prologue(*this); // the address is computed once, in the entry block
    return op(spv::OpIAdd, b_.typeInt(64), {base, u64(it->second)});
  }
  SpvId type = typeOf(t);
  if (!type) {
    m_.ctx.diagnostics.error("unsupported constant of type " + [&] { std::string s; raw_string_ostream os(s); t->print(os); return s; }());
    return 0;
  }
  if (isa<PoisonValue>(c) || isa<UndefValue>(c)) return b_.undef(type);
  if (auto *ci = dyn_cast<ConstantInt>(c)) {
    if (ci->getBitWidth() == 1) return b_.constBool(ci->isOne());
    SpvId id = b_.constInt(ci->getBitWidth(), ci->getZExtValue());
    constants_[id] = ci->getZExtValue();
    return id;
  }
  if (auto *cf = dyn_cast<ConstantFP>(c))
    return b_.constFloat(unsigned(t->getPrimitiveSizeInBits()), cf->getValueAPF().bitcastToAPInt().getZExtValue());
  if (isa<ConstantAggregateZero>(c)) return b_.constNull(type);
  if (isa<ConstantAggregate>(c) || isa<ConstantDataSequential>(c)) {
    std::vector<SpvId> parts;
    unsigned n = isa<ConstantDataSequential>(c) ? cast<ConstantDataSequential>(c)->getNumElements() : c->getNumOperands();
    for (unsigned i = 0; i < n; ++i) {
      const Constant *element = c->getAggregateElement(i);
      parts.push_back(value(element));
    }
    return b_.constComposite(type, parts);
  }
  if (current_) m_.ctx.diagnostics.error(current_, "unsupported constant expression in device code");
  else m_.ctx.diagnostics.error("unsupported constant expression in device code");
  return b_.undef(type);
}

SpvId KernelEmitter::value(const Value *v, SpvId typeHint) {
  if (auto it = values_.find(v); it != values_.end()) return it->second;
  if (auto *arg = dyn_cast<Argument>(v)) return values_[v] = argument(*arg);
  if (auto *c = dyn_cast<Constant>(v)) {
    SpvId id = constant(c, typeHint);
    if (!v->getType()->isPointerTy() || isa<GlobalVariable>(v)) values_[v] = id;
    return id;
  }
  // An instruction not emitted yet (a phi operand from a back edge): reserve its id.
  SpvId &fwd = forward_[v];
  if (!fwd) fwd = b_.newId();
  return fwd;
}

// ---------------------------------------------------------------- output helpers

namespace {
// Float arithmetic a driver could otherwise fuse or reassociate (Vulkan allows both without
// NoContraction, and lavapipe does it), and float conversions, whose round trips lavapipe would
// otherwise fold away ((double)(float)x becoming x).
bool isContractibleFloatOp(spv::Op opcode) {
  switch (opcode) {
  case spv::OpFAdd: case spv::OpFSub: case spv::OpFMul: case spv::OpFDiv: case spv::OpFRem: case spv::OpFMod:
  case spv::OpFNegate: case spv::OpVectorTimesScalar: case spv::OpDot:
  case spv::OpFConvert: case spv::OpConvertSToF: case spv::OpConvertUToF:
    return true;
  default:
    return false;
  }
}
} // namespace

SpvId KernelEmitter::op(spv::Op opcode, SpvId type, const Words &operands) {
  SpvId id = b_.newId();
  Words w{type, id};
  w.insert(w.end(), operands.begin(), operands.end());
  SpirvBuilder::append(*out_, opcode, w);
  if (isContractibleFloatOp(opcode)) b_.decorate(id, spv::DecorationNoContraction);
  return id;
}

void KernelEmitter::opNoResult(spv::Op opcode, const Words &operands) { SpirvBuilder::append(*out_, opcode, operands); }

SpvId KernelEmitter::glsl(GLSLstd450 inst, SpvId type, const Words &operands) {
  Words w{b_.glslStd450(), uint32_t(inst)};
  w.insert(w.end(), operands.begin(), operands.end());
  SpvId id = op(spv::OpExtInst, type, w);
  // A NoContraction Fma is one fused operation (GLSL's `precise fma`), not a product and a sum.
  if (inst == GLSLstd450Fma) b_.decorate(id, spv::DecorationNoContraction);
  return id;
}

SpvId KernelEmitter::signedOp(spv::Op opcode, SpvId resultType, SpvId operandType, const Words &operands) {
  SpvId signedOperand = b_.signedVariant(operandType), signedResult = b_.signedVariant(resultType);
  Words converted;
  for (SpvId v : operands) converted.push_back(bitcastIfNeeded(v, operandType, signedOperand));
  return bitcastIfNeeded(op(opcode, signedResult, converted), signedResult, resultType);
}

SpvId KernelEmitter::signedGlsl(GLSLstd450 inst, SpvId type, const Words &operands) {
  SpvId signedType = b_.signedVariant(type);
  Words converted;
  for (SpvId v : operands) converted.push_back(bitcastIfNeeded(v, type, signedType));
  return bitcastIfNeeded(glsl(inst, signedType, converted), signedType, type);
}

SpvId KernelEmitter::bitcastIfNeeded(SpvId v, SpvId from, SpvId to) {
  if (from == to) return v;
  // A constant becomes a constant of the signed type itself: spirv-opt folds the bit cast of a
  // 16-bit unsigned constant into a signed one whose literal is not sign-extended (invalid SPIR-V).
  if (auto c = knownConstant(v); c && b_.intWidthOf(from) && !b_.vectorElement(from) && b_.signedVariant(from) == to)
    return b_.constSignedInt(b_.intWidthOf(from), *c);
  return op(spv::OpBitcast, to, {v});
}

SpvId KernelEmitter::convertInt(SpvId v, unsigned fromBits, unsigned toBits, bool isSigned) {
  if (fromBits == toBits) return v;
  if (auto c = knownConstant(v); c && !isSigned) return toBits == 64 ? u64(*c) : toBits == 32 ? u32(uint32_t(*c)) : b_.constInt(toBits, *c);
  if (isSigned && toBits > fromBits) return signedOp(spv::OpSConvert, b_.typeInt(toBits), b_.typeInt(fromBits), {v});
  return op(spv::OpUConvert, b_.typeInt(toBits), {v});
}

SpvId KernelEmitter::boolToInt(SpvId v, SpvId intType) {
  unsigned bits = b_.intWidthOf(intType);
  return op(spv::OpSelect, intType, {v, b_.constInt(bits, 1), b_.constInt(bits, 0)});
}

SpvId KernelEmitter::intToBool(SpvId v, SpvId intType) {
  unsigned bits = b_.intWidthOf(intType);
  SpvId masked = op(spv::OpBitwiseAnd, intType, {v, b_.constInt(bits, 1)});
  return op(spv::OpINotEqual, b_.typeBool(), {masked, b_.constInt(bits, 0)});
}

SpvId KernelEmitter::unsupported(const Instruction &at, const std::string &what) {
  m_.ctx.diagnostics.error(&at, what);
  SpvId type = at.getType()->isVoidTy() ? 0 : typeOfValue(&at);
  return type ? b_.undef(type) : 0;
}

// ---------------------------------------------------------------- hidden inputs

SpvId KernelEmitter::pushWord(uint32_t byteOffset) {
  SpvId &id = pushWords_[byteOffset];
  if (!id) {
    InPrologue prologue(*this);
    SpvId ptr = op(spv::OpAccessChain, b_.typePointer(spv::StorageClassPushConstant, b_.typeInt(32)), {pushVar_, u32(0), u32(byteOffset / 4)});
    id = op(spv::OpLoad, b_.typeInt(32), {ptr});
  }
  return id;
}

SpvId KernelEmitter::pushAddress(uint32_t byteOffset) {
  InPrologue prologue(*this);
  SpvId pair = op(spv::OpCompositeConstruct, b_.typeVector(b_.typeInt(32), 2), {pushWord(byteOffset), pushWord(byteOffset + 4)});
  return op(spv::OpBitcast, b_.typeInt(64), {pair});
}

SpvId KernelEmitter::globalSegmentBase() {
  if (!globalBase_) globalBase_ = pushAddress(abi::kGlobalSegmentOffset);
  return globalBase_;
}

SpvId KernelEmitter::argumentBufferAddress() {
  if (!argumentBuffer_) argumentBuffer_ = pushAddress(abi::kArgumentBufferOffset);
  return argumentBuffer_;
}

SpvId KernelEmitter::gridDim(unsigned dim) { return pushWord(abi::kGridDimOffset + 4 * dim); }

SpvId KernelEmitter::loadBuiltin(SpvId &var, spv::BuiltIn builtin, SpvId type) {
  SpvId input = m_.builtinInput(var, builtin, type);
  interface_.insert(input);
  InPrologue prologue(*this);
  return op(spv::OpLoad, type, {input});
}

SpvId KernelEmitter::builtinComponent(SpvId &var, spv::BuiltIn builtin, unsigned dim) {
  SpvId u32t = b_.typeInt(32);
  SpvId vec = loadBuiltin(var, builtin, b_.typeVector(u32t, 3));
  InPrologue prologue(*this);
  return op(spv::OpCompositeExtract, u32t, {vec, dim});
}

SpvId KernelEmitter::subgroupSize() {
  b_.requireCapability(spv::CapabilityGroupNonUniform);
  return loadBuiltin(m_.subgroupSize, spv::BuiltInSubgroupSize, b_.typeInt(32));
}

SpvId KernelEmitter::argument(const Argument &arg) {
  const KernelArgument &a = layout_.arguments[arg.getArgNo()];
  if (a.byRef) return u32(a.offset); // a KernelArgument-class pointer
  InPrologue prologue(*this);
  // The argument area is 16-byte aligned, so an argument is as aligned as its offset allows.
  return load(PointerClass::KernelArgument, u32(a.offset), arg.getType(), commonAlignment(Align(16), a.offset), false,
              *f_.getEntryBlock().getFirstNonPHI());
}

SpvId KernelEmitter::sharedVariable() {
  if (sharedVar_) return sharedVar_;
  SpvId u32t = b_.typeInt(32);
  uint32_t staticWords = uint32_t(alignTo(layout_.wordSharedBytes, abi::kDynamicSharedAlignment) / 4);
  SpvId length;
  if (!layout_.usesDynamicShared) {
    length = u32(std::max<uint32_t>(layout_.wordSharedBytes / 4, 1));
  } else {
    // staticWords + ceil(dynamicBytes / 4), at least one word: computed by the driver at
    // pipeline creation from specialization constant 3.
    auto specOp = [&](spv::Op o, SpvId type, Words operands) {
      SpvId id = b_.newId();
      Words w{type, id, uint32_t(o)};
      w.insert(w.end(), operands.begin(), operands.end());
      b_.emit(SpirvBuilder::Globals, spv::OpSpecConstantOp, w);
      return id;
    };
    SpvId rounded = specOp(spv::OpIAdd, u32t, {m_.dynamicSharedSpec, u32(3)});
    SpvId dynWords = specOp(spv::OpShiftRightLogical, u32t, {rounded, u32(2)});
    SpvId words = specOp(spv::OpIAdd, u32t, {dynWords, u32(staticWords)});
    SpvId isZero = specOp(spv::OpIEqual, b_.typeBool(), {words, u32(0)});
    SpvId pad = specOp(spv::OpSelect, u32t, {isZero, u32(1), u32(0)});
    length = specOp(spv::OpIAdd, u32t, {words, pad});
  }
  SpvId array = b_.typeArray(u32t, length);
  sharedVar_ = b_.newId();
  b_.emit(SpirvBuilder::Globals, spv::OpVariable, {b_.typePointer(spv::StorageClassWorkgroup, array), sharedVar_, uint32_t(spv::StorageClassWorkgroup)});
  interface_.insert(sharedVar_);
  return sharedVar_;
}

// ---------------------------------------------------------------- instructions

SpvId KernelEmitter::emitPhi(PHINode &phi) {
  SpvId type = typeOfValue(&phi);
  if (!type) return unsupported(phi, "unsupported type of a phi");
  SpvId &reserved = forward_[&phi];
  SpvId id = reserved ? reserved : b_.newId();
  reserved = id;
  Words w{type, id};
  for (unsigned i = 0; i < phi.getNumIncomingValues(); ++i) {
    w.push_back(value(phi.getIncomingValue(i), type));
    w.push_back(labels_.lookup(phi.getIncomingBlock(i)));
  }
  SpirvBuilder::append(body_, spv::OpPhi, w);
  return id;
}

SpvId KernelEmitter::emitInstruction(Instruction &inst) {
  if (auto *bin = dyn_cast<BinaryOperator>(&inst)) return emitBinary(*bin);
  if (auto *cmp = dyn_cast<CmpInst>(&inst)) return emitCompare(*cmp);
  if (auto *cast = dyn_cast<CastInst>(&inst)) return emitCast(*cast);
  if (auto *gep = dyn_cast<GetElementPtrInst>(&inst)) return emitGEP(*gep);
  if (auto *phi = dyn_cast<PHINode>(&inst)) return emitPhi(*phi);
  if (auto *call = dyn_cast<CallInst>(&inst)) return emitCall(*call);
  if (isa<AllocaInst>(&inst)) return u32(layout_.privateOffsets.lookup(cast<AllocaInst>(&inst)));
  if (auto *load = dyn_cast<LoadInst>(&inst)) {
    if (load->isAtomic()) return emitAtomicLoad(*load);
    PointerClass c = classOf(load->getPointerOperand());
    SpvId address = value(load->getPointerOperand(), pointerType(c));
    return this->load(c, address, load->getType(), load->getAlign(), load->isVolatile(), inst);
  }
  if (auto *st = dyn_cast<StoreInst>(&inst)) {
    if (st->isAtomic()) {
      emitAtomicStore(*st);
      return 0;
    }
    Value *val = st->getValueOperand();
    if (val->getType()->isPointerTy() && !isa<Constant>(val) &&
        classOf(val) != classForAddressSpace(val->getType()->getPointerAddressSpace()))
      return unsupported(inst, "storing a pointer to __shared__ or local memory as a generic pointer is not supported");
    PointerClass c = classOf(st->getPointerOperand());
    SpvId address = value(st->getPointerOperand(), pointerType(c));
    SpvId v = value(val, val->getType()->isPointerTy() ? typeOf(val->getType()) : 0);
    store(c, address, v, val->getType(), st->getAlign(), st->isVolatile(), inst);
    return 0;
  }
  if (auto *sel = dyn_cast<SelectInst>(&inst)) {
    SpvId type = typeOfValue(sel);
    return op(spv::OpSelect, type, {value(sel->getCondition()), value(sel->getTrueValue(), type), value(sel->getFalseValue(), type)});
  }
  if (auto *ee = dyn_cast<ExtractElementInst>(&inst)) {
    SpvId type = typeOfValue(ee), vec = value(ee->getVectorOperand());
    if (auto *ci = dyn_cast<ConstantInt>(ee->getIndexOperand())) return op(spv::OpCompositeExtract, type, {vec, uint32_t(ci->getZExtValue())});
    return op(spv::OpVectorExtractDynamic, type, {vec, value(ee->getIndexOperand())});
  }
  if (auto *ie = dyn_cast<InsertElementInst>(&inst)) {
    SpvId type = typeOfValue(ie);
    if (!type) return unsupported(inst, "unsupported vector type");
    SpvId vec = value(ie->getOperand(0), type), elem = value(ie->getOperand(1));
    if (auto *ci = dyn_cast<ConstantInt>(ie->getOperand(2))) return op(spv::OpCompositeInsert, type, {elem, vec, uint32_t(ci->getZExtValue())});
    return op(spv::OpVectorInsertDynamic, type, {vec, elem, value(ie->getOperand(2))});
  }
  if (auto *sv = dyn_cast<ShuffleVectorInst>(&inst)) {
    SpvId type = typeOfValue(sv);
    if (!type) return unsupported(inst, "unsupported vector shuffle");
    Words w{value(sv->getOperand(0)), value(sv->getOperand(1))};
    for (int m : sv->getShuffleMask()) w.push_back(m < 0 ? 0xffffffffu : uint32_t(m));
    return op(spv::OpVectorShuffle, type, w);
  }
  if (auto *ev = dyn_cast<ExtractValueInst>(&inst)) {
    Words w{value(ev->getAggregateOperand())};
    w.insert(w.end(), ev->idx_begin(), ev->idx_end());
    return op(spv::OpCompositeExtract, typeOfValue(ev), w);
  }
  if (auto *iv = dyn_cast<InsertValueInst>(&inst)) {
    SpvId type = typeOfValue(iv);
    if (!type) return unsupported(inst, "unsupported aggregate type");
    Words w{value(iv->getInsertedValueOperand()), value(iv->getAggregateOperand(), type)};
    w.insert(w.end(), iv->idx_begin(), iv->idx_end());
    return op(spv::OpCompositeInsert, type, w);
  }
  if (auto *fz = dyn_cast<FreezeInst>(&inst)) return value(fz->getOperand(0), typeOfValue(fz));
  if (auto *un = dyn_cast<UnaryOperator>(&inst); un && un->getOpcode() == Instruction::FNeg)
    return op(spv::OpFNegate, typeOf(un->getType()), {value(un->getOperand(0))});
  if (auto *fence = dyn_cast<FenceInst>(&inst)) {
    emitFence(*fence);
    return 0;
  }
  if (auto *rmw = dyn_cast<AtomicRMWInst>(&inst)) return emitAtomicRMW(*rmw);
  if (auto *cx = dyn_cast<AtomicCmpXchgInst>(&inst)) return emitCmpXchg(*cx);
  return unsupported(inst, std::string("unsupported instruction '") + inst.getOpcodeName() + "'");
}

void KernelEmitter::emitTerminator(Instruction &term) {
  const BasicBlock *bb = term.getParent();
  if (auto it = cfg_.loops.find(bb); it != cfg_.loops.end())
    opNoResult(spv::OpLoopMerge, {labels_.lookup(it->second.merge), labels_.lookup(it->second.continueTarget), uint32_t(spv::LoopControlMaskNone)});
  else if (auto sit = cfg_.selections.find(bb); sit != cfg_.selections.end())
    opNoResult(spv::OpSelectionMerge, {labels_.lookup(sit->second), uint32_t(spv::SelectionControlMaskNone)});

  if (auto *br = dyn_cast<BranchInst>(&term)) {
    if (br->isUnconditional() || br->getSuccessor(0) == br->getSuccessor(1))
      opNoResult(spv::OpBranch, {labels_.lookup(br->getSuccessor(0))});
    else
      opNoResult(spv::OpBranchConditional, {value(br->getCondition()), labels_.lookup(br->getSuccessor(0)), labels_.lookup(br->getSuccessor(1))});
  } else if (auto *ret = dyn_cast<ReturnInst>(&term)) {
    if (Value *result = ret->getReturnValue()) opNoResult(spv::OpReturnValue, {value(result, typeOfValue(result))});
    else opNoResult(spv::OpReturn, {});
  } else if (isa<UnreachableInst>(&term)) {
    opNoResult(spv::OpUnreachable, {});
  } else {
    unsupported(term, std::string("unsupported control flow '") + term.getOpcodeName() + "'");
    opNoResult(spv::OpReturn, {});
  }
}

void KernelEmitter::emitBlock(BasicBlock &bb) {
  if (&bb != &f_.getEntryBlock()) SpirvBuilder::append(body_, spv::OpLabel, {labels_.lookup(&bb)});
  for (Instruction &inst : bb) {
    current_ = &inst;
    if (inst.isTerminator()) {
      emitTerminator(inst);
      break;
    }
    if (inst.isDebugOrPseudoInst()) continue;
    SpvId id = emitInstruction(inst);
    if (!id) continue;
    if (auto fwd = forward_.find(&inst); fwd != forward_.end() && fwd->second != id) {
      // A phi already referred to this value under a reserved id.
      op(spv::OpCopyObject, typeOfValue(&inst), {id});
      // op() allocated a fresh id; rewrite the last instruction's result to the reserved one.
      body_[body_.size() - 2] = fwd->second;
      id = fwd->second;
    }
    values_[&inst] = id;
  }
}

bool KernelEmitter::structureControlFlow() {
  MergeConflict conflict;
  std::string problem;
  if (!annotateStructuredCFG(f_, cfg_, conflict, problem) || conflict.block) {
    m_.ctx.diagnostics.error(&f_, "internal error: control flow of " + std::string(isKernel(f_) ? "kernel '" : "function '") +
                                      f_.getName().str() + "' could not be structured for SPIR-V" + (problem.empty() ? "" : ": " + problem));
    return false;
  }
  for (BasicBlock *bb : cfg_.blockOrder) labels_[bb] = b_.newId();
  return true;
}

void KernelEmitter::emitBody(Words &function) {
  for (BasicBlock *bb : cfg_.blockOrder) emitBlock(*bb);
  function.insert(function.end(), functionVariables_.begin(), functionVariables_.end()); // typed local arrays
  function.insert(function.end(), prologue_.begin(), prologue_.end());
  function.insert(function.end(), body_.begin(), body_.end());
  SpirvBuilder::append(function, spv::OpFunctionEnd, {});
  b_.emitRaw(SpirvBuilder::Functions, function);
}

void KernelEmitter::emitValueFunction(SpvId fn) {
  if (!structureControlFlow()) return;
  SpvId result = typeOf(f_.getReturnType());
  std::vector<SpvId> params;
  for (const Argument &arg : f_.args()) params.push_back(typeOf(arg.getType()));
  Words function;
  // DontInline keeps spirv-opt from inlining it back (finishKernelModule clears it for the drivers).
  SpirvBuilder::append(function, spv::OpFunction, {result, fn, uint32_t(spv::FunctionControlDontInlineMask), b_.typeFunction(result, params)});
  for (const Argument &arg : f_.args()) {
    SpvId id = b_.newId();
    SpirvBuilder::append(function, spv::OpFunctionParameter, {typeOf(arg.getType()), id});
    values_[&arg] = id;
  }
  SpirvBuilder::append(function, spv::OpLabel, {labels_.lookup(&f_.getEntryBlock())});
  emitBody(function);
}

void KernelEmitter::emit() {
  if (!structureControlFlow()) return;
  uint32_t pushWords = (abi::kPushArgumentsOffset + (layout_.pushArguments ? uint32_t(alignTo(layout_.argumentBytes, 4)) : 0)) / 4;
  pushVar_ = m_.pushConstantVar(pushWords);
  interface_.insert(pushVar_);
  linearLanes_ = kernelUsesLanes(f_);
  coherentLoads_ = kernelAcquiresAtDeviceScope(f_);

  SpvId fnType = b_.typeFunction(b_.typeVoid(), {});
  SpvId fn = b_.newId();
  Words function;
  SpirvBuilder::append(function, spv::OpFunction, {b_.typeVoid(), fn, uint32_t(spv::FunctionControlMaskNone), fnType});
  SpirvBuilder::append(function, spv::OpLabel, {labels_.lookup(&f_.getEntryBlock())});
  if (layout_.wordPrivateBytes) {
    SpvId array = b_.typeArray(b_.typeInt(32), u32(layout_.wordPrivateBytes / 4));
    privateVar_ = b_.newId();
    SpirvBuilder::append(function, spv::OpVariable, {b_.typePointer(spv::StorageClassFunction, array), privateVar_, uint32_t(spv::StorageClassFunction)});
  }
  emitBody(function);

  Words entry{uint32_t(spv::ExecutionModelGLCompute), fn};
  SpirvBuilder::appendString(entry, abi::spirvEntryPoint(f_.getName().str()));
  entry.insert(entry.end(), interface_.begin(), interface_.end());
  b_.emit(SpirvBuilder::EntryPoints, spv::OpEntryPoint, entry);
  if (linearLanes_)
    b_.emit(SpirvBuilder::ExecutionModes, spv::OpExecutionModeId,
            {fn, uint32_t(spv::ExecutionModeLocalSizeId), m_.flatBlockSize(), u32(1), u32(1)});
  else
    b_.emit(SpirvBuilder::ExecutionModes, spv::OpExecutionModeId,
            {fn, uint32_t(spv::ExecutionModeLocalSizeId), m_.blockDimSpec[0], m_.blockDimSpec[1], m_.blockDimSpec[2]});
  // HIP keeps single-precision denormals unless -fgpu-flush-denormals-to-zero (Clang's
  // "denormal-fp-math-f32"); Vulkan leaves them to the driver (NVIDIA flushes) unless the entry
  // point says. The runtime drops the mode on devices that cannot honour it (docs/ABI.md).
  const bool flush = f_.getDenormalMode(APFloat::IEEEsingle()).Output == DenormalMode::PreserveSign;
  const spv::Capability capability = flush ? spv::CapabilityDenormFlushToZero : spv::CapabilityDenormPreserve;
  b_.requireCapability(capability);
  b_.emit(SpirvBuilder::ExecutionModes, spv::OpExecutionMode,
          {fn, uint32_t(flush ? spv::ExecutionModeDenormFlushToZero : spv::ExecutionModeDenormPreserve), 32});
}

// Each kernel gets a module of its own, with its own types, constants and specialization
// constants: the validation layer sums the Workgroup variables of a whole module against
// maxComputeSharedMemorySize (VUID-RuntimeSpirv-Workgroup-06530), so kernels that each fit the
// limit must not share one; and the runtime then builds only the modules of launched kernels.
static KernelSpirv emitKernelModule(Function &kernel, const KernelLayout &layout, const DataLayout &dl, CompileContext &ctx) {
  ModuleState state(ctx, dl);
  SpirvBuilder &b = state.b;
  b.requireCapability(spv::CapabilityShader);
  b.requireCapability(spv::CapabilityPhysicalStorageBufferAddresses);
  b.emit(SpirvBuilder::MemoryModel, spv::OpMemoryModel, {uint32_t(spv::AddressingModelPhysicalStorageBuffer64), uint32_t(spv::MemoryModelGLSL450)});
  state.createBlockDimSpecConstants();
  KernelEmitter(state, kernel, layout).emit();
  static const KernelLayout kNoLayout; // value functions have no arguments in memory, no memory of their own
  for (size_t i = 0; i < state.valueFunctionsToEmit.size(); ++i) { // in the order of their first calls
    Function &f = *state.valueFunctionsToEmit[i];
    KernelEmitter(state, f, kNoLayout).emitValueFunction(state.valueFunctionIds.at(&f));
  }
  KernelSpirv module{kernel.getName().str(), b.finish()};
  if (state.constantWindowVar) module.requiredFeatures |= blob::kConstantWindow;
  module.minSubgroupSize = state.minSubgroupSize;
  // Without native 64-bit integers the module keeps them where they cannot be lowered: its
  // capability then names what the device must have.
  if (!ctx.native.int64) {
    TimedStage timed("lower 64-bit integers");
    (void)lowerInt64(module.words);
  }
  return module;
}

std::vector<KernelSpirv> emitSpirv(Module &m, CompileContext &ctx) {
  std::vector<KernelSpirv> modules; // in the order of ctx.layout.kernels, which is the module's
  for (Function &f : m) {
    auto it = ctx.layout.kernels.find(&f);
    if (it != ctx.layout.kernels.end()) modules.push_back(emitKernelModule(f, it->second, m.getDataLayout(), ctx));
  }
  if (ctx.diagnostics.hasErrors()) return {};
  return modules;
}

} // namespace hipvk
