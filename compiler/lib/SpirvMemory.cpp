// The memory family of the SPIR-V emitter: loads and stores through global pointers (buffer device
// addresses) and through byte offsets into the per-kernel shared/private memory: the typed array
// of the object accessed where it has one, else the word arrays.
#include "SpirvEmitterImpl.h"

#include "MemoryObjects.h"

#include <algorithm>

using namespace llvm;

namespace hipvk {

SpvId KernelEmitter::memoryType(Type *t, const Instruction &at) {
  if (t->isIntegerTy(1)) return b_.typeInt(8);
  if (t->isPointerTy()) return typeOf(t);
  SpvId type = typeOf(t);
  if (!type) m_.ctx.diagnostics.error(&at, "unsupported type in a memory access");
  return type;
}

SpvId KernelEmitter::loadGlobal(SpvId address, SpvId type, unsigned bytes, Align align, bool isVolatile) {
  if (unsigned component = componentBytes(type, bytes); align.value() < component)
    return loadGlobalInPieces(address, type, component, unsigned(align.value()), isVolatile);
  if (bytes % 2 == 1) b_.requireCapability(spv::CapabilityStorageBuffer8BitAccess);
  else if (bytes == 2 || (bytes % 4 == 2)) b_.requireCapability(spv::CapabilityStorageBuffer16BitAccess);
  SpvId ptr = loadView_ != LoadView::Plain ? viewPointer(loadView_, address, type)
                                          : op(spv::OpConvertUToPtr, b_.typePointer(spv::StorageClassPhysicalStorageBuffer, type), {address});
  uint32_t access = spv::MemoryAccessAlignedMask | (isVolatile ? spv::MemoryAccessVolatileMask : 0);
  return op(spv::OpLoad, type, {ptr, access, uint32_t(align.value())});
}

void KernelEmitter::storeGlobal(SpvId address, SpvId val, SpvId type, unsigned bytes, Align align, bool isVolatile) {
  if (unsigned component = componentBytes(type, bytes); align.value() < component)
    return storeGlobalInPieces(address, val, type, component, unsigned(align.value()), isVolatile);
  if (bytes % 2 == 1) b_.requireCapability(spv::CapabilityStorageBuffer8BitAccess);
  else if (bytes == 2 || (bytes % 4 == 2)) b_.requireCapability(spv::CapabilityStorageBuffer16BitAccess);
  SpvId ptr = op(spv::OpConvertUToPtr, b_.typePointer(spv::StorageClassPhysicalStorageBuffer, type), {address});
  uint32_t access = spv::MemoryAccessAlignedMask | (isVolatile ? spv::MemoryAccessVolatileMask : 0);
  opNoResult(spv::OpStore, {ptr, val, access, uint32_t(align.value())});
}

// Global memory accessed below the natural alignment of its scalars (memcpy expansions of unknown
// alignment, packed structs): GPUs load and store scalars only at their natural alignment (NVIDIA
// ignores a smaller Aligned operand and gets wrong bytes), so each scalar becomes `align`-sized
// integer accesses, assembled in 32-bit words.
unsigned KernelEmitter::componentBytes(SpvId type, unsigned bytes) const {
  unsigned count = b_.vectorElement(type) ? b_.vectorCount(type) : 1;
  return bytes / count;
}

SpvId KernelEmitter::pieceAddress(SpvId address, unsigned offset) {
  return offset ? op(spv::OpIAdd, b_.typeInt(64), {address, u64(offset)}) : address;
}

SpvId KernelEmitter::loadGlobalInPieces(SpvId address, SpvId type, unsigned component, unsigned piece, bool isVolatile) {
  const SpvId u32t = b_.typeInt(32), pieceType = b_.typeInt(piece * 8);
  const SpvId element = b_.vectorElement(type) ? b_.vectorElement(type) : type;
  const unsigned count = b_.vectorElement(type) ? b_.vectorCount(type) : 1;
  const unsigned wordsPerComponent = (component + 3) / 4;
  Words components;
  for (unsigned c = 0; c < count; ++c) {
    Words words;
    for (unsigned w = 0; w < wordsPerComponent; ++w) {
      SpvId word = 0;
      for (unsigned p = 0; p < std::min(4u, component) / piece; ++p) {
        const unsigned offset = c * component + w * 4 + p * piece;
        SpvId bits = op(spv::OpUConvert, u32t, {loadGlobal(pieceAddress(address, offset), pieceType, piece, Align(piece), isVolatile)});
        if (p) bits = op(spv::OpShiftLeftLogical, u32t, {bits, u32(p * piece * 8)});
        word = word ? op(spv::OpBitwiseOr, u32t, {word, bits}) : bits;
      }
      words.push_back(word);
    }
    SpvId raw = words.size() == 2 ? op(spv::OpCompositeConstruct, b_.typeVector(u32t, 2), words)
                : component == 2  ? op(spv::OpUConvert, b_.typeInt(16), {words[0]})
                                  : words[0];
    const SpvId rawType = words.size() == 2 ? b_.typeVector(u32t, 2) : b_.typeInt(component * 8);
    components.push_back(bitcastIfNeeded(raw, rawType, element));
  }
  return count == 1 ? components[0] : op(spv::OpCompositeConstruct, type, components);
}

void KernelEmitter::storeGlobalInPieces(SpvId address, SpvId val, SpvId type, unsigned component, unsigned piece, bool isVolatile) {
  const SpvId u32t = b_.typeInt(32), pieceType = b_.typeInt(piece * 8);
  const SpvId element = b_.vectorElement(type) ? b_.vectorElement(type) : type;
  const unsigned count = b_.vectorElement(type) ? b_.vectorCount(type) : 1;
  const unsigned wordsPerComponent = (component + 3) / 4;
  for (unsigned c = 0; c < count; ++c) {
    SpvId scalar = count == 1 ? val : op(spv::OpCompositeExtract, element, {val, c});
    const SpvId rawType = wordsPerComponent == 2 ? b_.typeVector(u32t, 2) : b_.typeInt(component * 8);
    SpvId raw = bitcastIfNeeded(scalar, element, rawType);
    if (component == 2) raw = op(spv::OpUConvert, u32t, {raw});
    for (unsigned w = 0; w < wordsPerComponent; ++w) {
      SpvId word = wordsPerComponent == 2 ? op(spv::OpCompositeExtract, u32t, {raw, w}) : raw;
      for (unsigned p = 0; p < std::min(4u, component) / piece; ++p) {
        const unsigned offset = c * component + w * 4 + p * piece;
        SpvId bits = p ? op(spv::OpShiftRightLogical, u32t, {word, u32(p * piece * 8)}) : word;
        storeGlobal(pieceAddress(address, offset), op(spv::OpUConvert, pieceType, {bits}), pieceType, piece, Align(piece), isVolatile);
      }
    }
  }
}

// The index of `byteOffset` in units of `unit` bytes: folded for constants, taken from the address
// computation where it was made in such units (emitGEP), else a shift. With exactOnly, 0 unless
// the offset is known to be a multiple of `unit`.
SpvId KernelEmitter::indexInUnits(SpvId byteOffset, unsigned unit, bool exactOnly) {
  SpvId u32t = b_.typeInt(32);
  if (auto k = knownConstant(byteOffset)) return exactOnly && *k % unit ? 0 : u32(uint32_t(*k / unit));
  if (auto it = scaledIndexOf_.find(byteOffset); it != scaledIndexOf_.end() && it->second.unit % unit == 0)
    return it->second.unit == unit ? it->second.index : op(spv::OpIMul, u32t, {it->second.index, u32(it->second.unit / unit)});
  if (exactOnly) return 0;
  return unit == 1 ? byteOffset : op(spv::OpShiftRightLogical, u32t, {byteOffset, u32(Log2_32(unit))});
}

SpvId KernelEmitter::wordPointer(PointerClass c, SpvId byteOffset, uint32_t extraWords) {
  SpvId u32t = b_.typeInt(32);
  SpvId index = indexInUnits(byteOffset, 4);
  if (extraWords) index = knownConstant(index) ? u32(uint32_t(*knownConstant(index)) + extraWords) : op(spv::OpIAdd, u32t, {index, u32(extraWords)});
  switch (c) {
  case PointerClass::Shared: return op(spv::OpAccessChain, b_.typePointer(spv::StorageClassWorkgroup, u32t), {sharedVariable(), index});
  case PointerClass::Private: return op(spv::OpAccessChain, b_.typePointer(spv::StorageClassFunction, u32t), {privateVar_, index});
  default: return op(spv::OpAccessChain, b_.typePointer(spv::StorageClassPushConstant, u32t), {pushVar_, u32(0), index});
  }
}

// ---- typed arrays: __shared__ variables and local arrays accessed with one width (MemoryObjects.h)

const TypedArray *KernelEmitter::typedArrayOf(PointerClass c, const Instruction &access, const Value **object) {
  if (c != PointerClass::Shared && c != PointerClass::Private) return nullptr;
  const Value *pointer = accessedPointer(access);
  *object = pointer ? memoryObjectOf(pointer) : nullptr;
  if (!*object) return nullptr;
  auto it = layout_.typedArrays.find(*object);
  return it == layout_.typedArrays.end() ? nullptr : &it->second;
}

SpvId KernelEmitter::typedElementPointer(PointerClass c, const Value *object, const TypedArray &a, SpvId byteOffset, uint32_t extraElements) {
  const spv::StorageClass storage = c == PointerClass::Shared ? spv::StorageClassWorkgroup : spv::StorageClassFunction;
  const SpvId elementType = b_.typeInt(a.elementBits), u32t = b_.typeInt(32);
  SpvId &variable = typedVariables_[object];
  if (!variable) {
    variable = b_.newId();
    Words declaration{b_.typePointer(storage, b_.typeArray(elementType, u32(a.count))), variable, uint32_t(storage)};
    if (c == PointerClass::Shared) {
      b_.emit(SpirvBuilder::Globals, spv::OpVariable, declaration);
      interface_.insert(variable);
    } else {
      SpirvBuilder::append(functionVariables_, spv::OpVariable, declaration);
    }
  }
  const unsigned elementBytes = a.elementBits / 8;
  // The object's pointer value is a.offset: element = offset / size - a.offset / size + extra.
  SpvId index = indexInUnits(byteOffset, elementBytes);
  const int64_t shift = int64_t(extraElements) - int64_t(a.offset / elementBytes);
  if (auto k = knownConstant(index)) index = u32(uint32_t(int64_t(*k) + shift));
  else if (shift) index = op(spv::OpIAdd, u32t, {index, u32(uint32_t(shift))});
  return op(spv::OpAccessChain, b_.typePointer(storage, elementType), {variable, index});
}

SpvId KernelEmitter::loadTyped(PointerClass c, const Value *object, const TypedArray &a, SpvId byteOffset, SpvId type, unsigned bytes) {
  const SpvId elementType = b_.typeInt(a.elementBits);
  const unsigned count = bytes * 8 / a.elementBits;
  Words elements;
  for (unsigned i = 0; i < count; ++i) elements.push_back(op(spv::OpLoad, elementType, {typedElementPointer(c, object, a, byteOffset, i)}));
  if (count == 1) return bitcastIfNeeded(elements[0], elementType, type);
  const SpvId rawType = b_.typeVector(elementType, count);
  return bitcastIfNeeded(op(spv::OpCompositeConstruct, rawType, elements), rawType, type);
}

void KernelEmitter::storeTyped(PointerClass c, const Value *object, const TypedArray &a, SpvId byteOffset, SpvId val, SpvId type, unsigned bytes) {
  const SpvId elementType = b_.typeInt(a.elementBits);
  const unsigned count = bytes * 8 / a.elementBits;
  const SpvId rawType = count == 1 ? elementType : b_.typeVector(elementType, count);
  SpvId raw = bitcastIfNeeded(val, type, rawType);
  for (unsigned i = 0; i < count; ++i)
    opNoResult(spv::OpStore, {typedElementPointer(c, object, a, byteOffset, i), count == 1 ? raw : op(spv::OpCompositeExtract, elementType, {raw, i})});
}

// ---- the word arrays

SpvId KernelEmitter::loadWords(PointerClass c, SpvId byteOffset, SpvId type, unsigned bytes, Align align, const Instruction &at) {
  SpvId u32t = b_.typeInt(32);
  const Value *object = nullptr;
  if (const TypedArray *a = typedArrayOf(c, at, &object)) return loadTyped(c, object, *a, byteOffset, type, bytes);
  if (bytes % 4 == 0 && align.value() >= 4 && bytes <= 16) {
    unsigned n = bytes / 4;
    std::vector<SpvId> words;
    for (unsigned i = 0; i < n; ++i) words.push_back(op(spv::OpLoad, u32t, {wordPointer(c, byteOffset, i)}));
    SpvId raw = n == 1 ? words[0] : op(spv::OpCompositeConstruct, b_.typeVector(u32t, n), Words(words.begin(), words.end()));
    return bitcastIfNeeded(raw, n == 1 ? u32t : b_.typeVector(u32t, n), type);
  }
  if (bytes < 4 && align.value() >= bytes) {
    SpvId word = op(spv::OpLoad, u32t, {wordPointer(c, byteOffset, 0)});
    SpvId shift;
    if (auto k = knownConstant(byteOffset)) shift = u32(uint32_t(*k % 4) * 8);
    else shift = op(spv::OpShiftLeftLogical, u32t, {op(spv::OpBitwiseAnd, u32t, {byteOffset, u32(3)}), u32(3)});
    SpvId bits = op(spv::OpShiftRightLogical, u32t, {word, shift});
    SpvId narrow = op(spv::OpUConvert, b_.typeInt(bytes * 8), {bits});
    return bitcastIfNeeded(narrow, b_.typeInt(bytes * 8), type);
  }
  if ((bytes <= 4 || bytes % 4 == 0) && bytes <= 16) {
    // Unaligned (copies of padding, packed structs): assemble the value byte by byte.
    unsigned n = (bytes + 3) / 4;
    SpvId u8 = b_.typeInt(8);
    std::vector<SpvId> words;
    for (unsigned j = 0; j < n; ++j) {
      SpvId word = 0;
      for (unsigned k = 0; k < 4 && 4 * j + k < bytes; ++k) {
        SpvId byte = op(spv::OpUConvert, u32t, {loadWords(c, byteOffsetPlus(byteOffset, 4 * j + k), u8, 1, Align(1), at)});
        SpvId placed = k ? op(spv::OpShiftLeftLogical, u32t, {byte, u32(8 * k)}) : byte;
        word = word ? op(spv::OpBitwiseOr, u32t, {word, placed}) : placed;
      }
      words.push_back(word);
    }
    if (bytes < 4) return bitcastIfNeeded(op(spv::OpUConvert, b_.typeInt(bytes * 8), {words[0]}), b_.typeInt(bytes * 8), type);
    SpvId raw = n == 1 ? words[0] : op(spv::OpCompositeConstruct, b_.typeVector(u32t, n), Words(words.begin(), words.end()));
    return bitcastIfNeeded(raw, n == 1 ? u32t : b_.typeVector(u32t, n), type);
  }
  m_.ctx.diagnostics.error(&at, "unsupported access of " + std::to_string(bytes) + " bytes to __shared__ or local memory");
  return b_.undef(type);
}

SpvId KernelEmitter::byteOffsetPlus(SpvId byteOffset, uint32_t delta) {
  if (!delta) return byteOffset;
  if (auto k = knownConstant(byteOffset)) return u32(uint32_t(*k) + delta);
  return op(spv::OpIAdd, b_.typeInt(32), {byteOffset, u32(delta)});
}

void KernelEmitter::storeWords(PointerClass c, SpvId byteOffset, SpvId val, SpvId type, unsigned bytes, Align align, const Instruction &at) {
  SpvId u32t = b_.typeInt(32);
  const Value *object = nullptr;
  if (const TypedArray *a = typedArrayOf(c, at, &object)) return storeTyped(c, object, *a, byteOffset, val, type, bytes);
  if (c == PointerClass::KernelArgument) {
    m_.ctx.diagnostics.error(&at, "kernel arguments passed by value are read-only here");
    return;
  }
  if (bytes % 4 == 0 && align.value() >= 4 && bytes <= 16) {
    unsigned n = bytes / 4;
    SpvId raw = bitcastIfNeeded(val, type, n == 1 ? u32t : b_.typeVector(u32t, n));
    for (unsigned i = 0; i < n; ++i) {
      SpvId word = n == 1 ? raw : op(spv::OpCompositeExtract, u32t, {raw, i});
      opNoResult(spv::OpStore, {wordPointer(c, byteOffset, i), word});
    }
    return;
  }
  if (bytes < 4 && align.value() >= bytes) {
    SpvId narrowType = b_.typeInt(bytes * 8);
    SpvId bits = op(spv::OpUConvert, u32t, {bitcastIfNeeded(val, type, narrowType)});
    SpvId shift;
    if (auto k = knownConstant(byteOffset)) shift = u32(uint32_t(*k % 4) * 8);
    else shift = op(spv::OpShiftLeftLogical, u32t, {op(spv::OpBitwiseAnd, u32t, {byteOffset, u32(3)}), u32(3)});
    SpvId shifted = op(spv::OpShiftLeftLogical, u32t, {bits, shift});
    SpvId mask = op(spv::OpShiftLeftLogical, u32t, {u32(bytes == 1 ? 0xffu : 0xffffu), shift});
    SpvId keep = op(spv::OpNot, u32t, {mask});
    SpvId ptr = wordPointer(c, byteOffset, 0);
    if (c == PointerClass::Shared) {
      // Neighbouring bytes of the word may belong to other threads: update only ours, atomically.
      SpvId scope = u32(spv::ScopeWorkgroup), semantics = u32(0);
      op(spv::OpAtomicAnd, u32t, {ptr, scope, semantics, keep});
      op(spv::OpAtomicOr, u32t, {ptr, scope, semantics, shifted});
    } else {
      SpvId word = op(spv::OpLoad, u32t, {ptr});
      SpvId merged = op(spv::OpBitwiseOr, u32t, {op(spv::OpBitwiseAnd, u32t, {word, keep}), shifted});
      opNoResult(spv::OpStore, {ptr, merged});
    }
    return;
  }
  if ((bytes <= 4 || bytes % 4 == 0) && bytes <= 16) {
    // Unaligned: store byte by byte.
    unsigned n = (bytes + 3) / 4;
    SpvId raw = bytes < 4 ? op(spv::OpUConvert, u32t, {bitcastIfNeeded(val, type, b_.typeInt(bytes * 8))})
                          : bitcastIfNeeded(val, type, n == 1 ? u32t : b_.typeVector(u32t, n));
    SpvId u8 = b_.typeInt(8);
    for (unsigned i = 0; i < bytes; ++i) {
      SpvId word = n == 1 ? raw : op(spv::OpCompositeExtract, u32t, {raw, i / 4});
      SpvId shifted = i % 4 ? op(spv::OpShiftRightLogical, u32t, {word, u32(8 * (i % 4))}) : word;
      storeWords(c, byteOffsetPlus(byteOffset, i), op(spv::OpUConvert, u8, {shifted}), u8, 1, Align(1), at);
    }
    return;
  }
  m_.ctx.diagnostics.error(&at, "unsupported access of " + std::to_string(bytes) + " bytes to __shared__ or local memory");
}

SpvId KernelEmitter::load(PointerClass c, SpvId address, Type *t, Align align, bool isVolatile, const Instruction &at) {
  SpvId memType = memoryType(t, at);
  if (!memType) return 0;
  unsigned bytes = unsigned(m_.dl.getTypeStoreSize(t->isIntegerTy(1) ? Type::getInt8Ty(t->getContext()) : t));
  SpvId v;
  if (c == PointerClass::Global) {
    loadView_ = loadViewOf(at);
    v = loadGlobal(address, memType, bytes, align, isVolatile);
    loadView_ = LoadView::Plain;
  } else if (c == PointerClass::KernelArgument && !layout_.pushArguments) {
    v = loadGlobal(op(spv::OpIAdd, b_.typeInt(64), {argumentBufferAddress(), convertInt(address, 32, 64, false)}), memType, bytes, align, false);
  } else {
    SpvId offset = address;
    if (c == PointerClass::KernelArgument) {
      auto k = knownConstant(address);
      offset = k ? u32(uint32_t(*k) + abi::kPushArgumentsOffset) : op(spv::OpIAdd, b_.typeInt(32), {address, u32(abi::kPushArgumentsOffset)});
    }
    v = loadWords(c, offset, memType, bytes, align, at);
  }
  return t->isIntegerTy(1) ? intToBool(v, memType) : v;
}

void KernelEmitter::store(PointerClass c, SpvId address, SpvId val, Type *t, Align align, bool isVolatile, const Instruction &at) {
  SpvId memType = memoryType(t, at);
  if (!memType) return;
  if (t->isIntegerTy(1)) val = boolToInt(val, memType);
  unsigned bytes = unsigned(m_.dl.getTypeStoreSize(t->isIntegerTy(1) ? Type::getInt8Ty(t->getContext()) : t));
  if (c == PointerClass::Global) storeGlobal(address, val, memType, bytes, align, isVolatile);
  else storeWords(c, address, val, memType, bytes, align, at);
}

} // namespace hipvk
