// The memory family of the SPIR-V emitter: loads and stores through global pointers (buffer device
// addresses) and through byte offsets into the per-kernel shared/private memory: the typed array
// of the object accessed where it has one, else the word arrays.
#include "SpirvEmitterImpl.h"

#include "MemoryObjects.h"

#include <algorithm>
#include <cassert>

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
  const SpvId u32t = b_.typeInt(32);
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
        SpvId bits = loadGlobalBits(pieceAddress(address, offset), piece * 8, Align(piece), isVolatile);
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
  const SpvId u32t = b_.typeInt(32);
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
        storeGlobalBits(pieceAddress(address, offset), bits, piece * 8, Align(piece), isVolatile);
      }
    }
  }
}

// ---- 8/16-bit values in 32-bit words, for devices without 8/16-bit types or storage
// (CompileContext::native): a value is loaded with the word that contains it and stored with an
// atomic AND and OR on that word, since other lanes may write its other bytes. Values travel as
// u32 holding the bits in their low bits (zero-extended when loaded).

bool KernelEmitter::hasNativeBits(unsigned bits) const {
  return bits == 8 ? m_.ctx.native.int8 : bits == 16 ? m_.ctx.native.int16 : true;
}

SpvId KernelEmitter::loadGlobalBits(SpvId address, unsigned bits, Align align, bool isVolatile) {
  const SpvId u32t = b_.typeInt(32), u64t = b_.typeInt(64);
  if (bits == 32) return loadGlobal(address, u32t, 4, align, isVolatile);
  if (hasNativeBits(bits)) return op(spv::OpUConvert, u32t, {loadGlobal(address, b_.typeInt(bits), bits / 8, align, isVolatile)});
  if (align.value() < bits / 8) { // a misaligned 16-bit value may straddle two words: its bytes
    SpvId high = op(spv::OpShiftLeftLogical, u32t, {loadGlobalBits(pieceAddress(address, 1), 8, Align(1), isVolatile), u32(8)});
    return op(spv::OpBitwiseOr, u32t, {loadGlobalBits(address, 8, Align(1), isVolatile), high});
  }
  SpvId word = loadGlobal(op(spv::OpBitwiseAnd, u64t, {address, u64(~uint64_t(3))}), u32t, 4, Align(4), isVolatile);
  SpvId shift = op(spv::OpShiftLeftLogical, u32t, {op(spv::OpUConvert, u32t, {op(spv::OpBitwiseAnd, u64t, {address, u64(3)})}), u32(3)});
  return op(spv::OpBitwiseAnd, u32t, {op(spv::OpShiftRightLogical, u32t, {word, shift}), u32(uint32_t(lowBitsMask(bits)))});
}

void KernelEmitter::storeGlobalBits(SpvId address, SpvId bitsValue, unsigned bits, Align align, bool isVolatile) {
  const SpvId u32t = b_.typeInt(32), u64t = b_.typeInt(64);
  if (bits == 32) return storeGlobal(address, bitsValue, u32t, 4, align, isVolatile);
  if (hasNativeBits(bits)) {
    SpvId narrow = b_.typeInt(bits);
    return storeGlobal(address, op(spv::OpUConvert, narrow, {bitsValue}), narrow, bits / 8, align, isVolatile);
  }
  if (align.value() < bits / 8) {
    storeGlobalBits(address, bitsValue, 8, Align(1), isVolatile);
    storeGlobalBits(pieceAddress(address, 1), op(spv::OpShiftRightLogical, u32t, {bitsValue, u32(8)}), 8, Align(1), isVolatile);
    return;
  }
  SpvId wordAddress = op(spv::OpBitwiseAnd, u64t, {address, u64(~uint64_t(3))});
  SpvId shift = op(spv::OpShiftLeftLogical, u32t, {op(spv::OpUConvert, u32t, {op(spv::OpBitwiseAnd, u64t, {address, u64(3)})}), u32(3)});
  SpvId pointer = op(spv::OpConvertUToPtr, b_.typePointer(spv::StorageClassPhysicalStorageBuffer, u32t), {wordAddress});
  mergeBitsAtomically(pointer, spv::ScopeDevice, bitsValue, bits, shift);
}

uint64_t KernelEmitter::lowBitsMask(unsigned bits) { return bits >= 64 ? ~uint64_t(0) : (uint64_t(1) << bits) - 1; }

// The byte `byteOffset % 4` of the word as a shift, in bits.
SpvId KernelEmitter::shiftInWord(SpvId byteOffset) {
  const SpvId u32t = b_.typeInt(32);
  if (auto k = knownConstant(byteOffset)) return u32(uint32_t(*k % 4) * 8);
  return op(spv::OpShiftLeftLogical, u32t, {op(spv::OpBitwiseAnd, u32t, {byteOffset, u32(3)}), u32(3)});
}

// Writes the low `bits` of `bitsValue` at `shift` in the word `pointer` points to, leaving its other
// bits as other lanes may be writing them.
void KernelEmitter::mergeBitsAtomically(SpvId pointer, spv::Scope scope, SpvId bitsValue, unsigned bits, SpvId shift) {
  const SpvId u32t = b_.typeInt(32);
  const SpvId mask = u32(uint32_t(lowBitsMask(bits)));
  SpvId shifted = op(spv::OpShiftLeftLogical, u32t, {op(spv::OpBitwiseAnd, u32t, {bitsValue, mask}), shift});
  SpvId keep = op(spv::OpNot, u32t, {op(spv::OpShiftLeftLogical, u32t, {mask, shift})});
  op(spv::OpAtomicAnd, u32t, {pointer, u32(scope), u32(0), keep});
  op(spv::OpAtomicOr, u32t, {pointer, u32(scope), u32(0), shifted});
}

// The word of shared, private or argument memory that holds byte `byteOffset`: in the object's
// typed array (kept as words where its elements are narrower than the device's types) or in the
// word array.
SpvId KernelEmitter::containingWordPointer(PointerClass c, SpvId byteOffset, const Instruction &at) {
  const Value *object = nullptr;
  if (const TypedArray *a = typedArrayOf(c, at, &object)) {
    if (storedElementBits(*a) != 32) {
      m_.ctx.diagnostics.error(&at, "internal error: a word access to a typed array of " + std::to_string(a->elementBits) + "-bit elements");
      return 0;
    }
    return typedElementPointer(c, object, *a, byteOffset, 0);
  }
  return wordPointer(c, byteOffset, 0);
}

SpvId KernelEmitter::loadBits(PointerClass c, SpvId byteOffset, unsigned bits, Align align, const Instruction &at) {
  const SpvId u32t = b_.typeInt(32);
  if (align.value() < bits / 8) {
    SpvId high = op(spv::OpShiftLeftLogical, u32t, {loadBits(c, byteOffsetPlus(byteOffset, 1), 8, Align(1), at), u32(8)});
    return op(spv::OpBitwiseOr, u32t, {loadBits(c, byteOffset, 8, Align(1), at), high});
  }
  SpvId pointer = containingWordPointer(c, byteOffset, at);
  if (!pointer) return b_.undef(u32t);
  SpvId word = op(spv::OpLoad, u32t, {pointer});
  SpvId bitsValue = op(spv::OpShiftRightLogical, u32t, {word, shiftInWord(byteOffset)});
  return bits == 32 ? bitsValue : op(spv::OpBitwiseAnd, u32t, {bitsValue, u32(uint32_t(lowBitsMask(bits)))});
}

void KernelEmitter::storeBits(PointerClass c, SpvId byteOffset, SpvId bitsValue, unsigned bits, Align align, const Instruction &at) {
  const SpvId u32t = b_.typeInt(32);
  if (c == PointerClass::KernelArgument) {
    m_.ctx.diagnostics.error(&at, "kernel arguments passed by value are read-only here");
    return;
  }
  if (align.value() < bits / 8) {
    storeBits(c, byteOffset, bitsValue, 8, Align(1), at);
    storeBits(c, byteOffsetPlus(byteOffset, 1), op(spv::OpShiftRightLogical, u32t, {bitsValue, u32(8)}), 8, Align(1), at);
    return;
  }
  SpvId pointer = containingWordPointer(c, byteOffset, at);
  if (!pointer) return;
  SpvId shift = shiftInWord(byteOffset);
  // Neighbouring bytes of a shared word may belong to other threads: update only ours, atomically.
  if (c == PointerClass::Shared) return mergeBitsAtomically(pointer, spv::ScopeWorkgroup, bitsValue, bits, shift);
  const SpvId mask = u32(uint32_t(lowBitsMask(bits)));
  SpvId shifted = op(spv::OpShiftLeftLogical, u32t, {op(spv::OpBitwiseAnd, u32t, {bitsValue, mask}), shift});
  SpvId keep = op(spv::OpNot, u32t, {op(spv::OpShiftLeftLogical, u32t, {mask, shift})});
  SpvId word = op(spv::OpLoad, u32t, {pointer});
  opNoResult(spv::OpStore, {pointer, op(spv::OpBitwiseOr, u32t, {op(spv::OpBitwiseAnd, u32t, {word, keep}), shifted})});
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
  case PointerClass::ConstantWindow: { // read at constant offsets only (loadFromConstantWindow)
    constexpr uint32_t wordsPerVector = abi::kConstantWindowVectorBytes / 4;
    const std::optional<uint64_t> word = knownConstant(index);
    assert(word && "a computed offset into the constant window");
    return op(spv::OpAccessChain, b_.typePointer(spv::StorageClassUniform, u32t),
              {constantWindowVariable(), u32(0), u32(uint32_t(*word / wordsPerVector)), u32(uint32_t(*word % wordsPerVector))});
  }
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

// The width a typed array's elements are stored with: 8/16-bit elements the device has no type for
// are kept in 32-bit words (the array's bytes and their places stay as they are).
unsigned KernelEmitter::storedElementBits(const TypedArray &a) const { return hasNativeBits(a.elementBits) ? a.elementBits : 32; }

SpvId KernelEmitter::typedElementPointer(PointerClass c, const Value *object, const TypedArray &a, SpvId byteOffset, uint32_t extraElements) {
  const spv::StorageClass storage = c == PointerClass::Shared ? spv::StorageClassWorkgroup : spv::StorageClassFunction;
  const unsigned elementBits = storedElementBits(a);
  const SpvId elementType = b_.typeInt(elementBits), u32t = b_.typeInt(32);
  SpvId &variable = typedVariables_[object];
  if (!variable) {
    variable = b_.newId();
    const uint32_t count = uint32_t((uint64_t(a.count) * a.elementBits + elementBits - 1) / elementBits);
    Words declaration{b_.typePointer(storage, b_.typeArray(elementType, u32(count))), variable, uint32_t(storage)};
    if (c == PointerClass::Shared) {
      b_.emit(SpirvBuilder::Globals, spv::OpVariable, declaration);
      interface_.insert(variable);
    } else {
      SpirvBuilder::append(functionVariables_, spv::OpVariable, declaration);
    }
  }
  const unsigned elementBytes = elementBits / 8;
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
    SpvId narrow = op(spv::OpUConvert, b_.typeInt(bytes * 8), {loadBits(c, byteOffset, bytes * 8, align, at)});
    return bitcastIfNeeded(narrow, b_.typeInt(bytes * 8), type);
  }
  if ((bytes <= 4 || bytes % 4 == 0) && bytes <= 16) {
    // Unaligned (copies of padding, packed structs): assemble the value byte by byte.
    unsigned n = (bytes + 3) / 4;
    std::vector<SpvId> words;
    for (unsigned j = 0; j < n; ++j) {
      SpvId word = 0;
      for (unsigned k = 0; k < 4 && 4 * j + k < bytes; ++k) {
        SpvId byte = loadBits(c, byteOffsetPlus(byteOffset, 4 * j + k), 8, Align(1), at);
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
  if (bytes < 4 && align.value() >= bytes)
    return storeBits(c, byteOffset, op(spv::OpUConvert, u32t, {bitcastIfNeeded(val, type, b_.typeInt(bytes * 8))}), bytes * 8, align, at);
  if ((bytes <= 4 || bytes % 4 == 0) && bytes <= 16) {
    // Unaligned: store byte by byte.
    unsigned n = (bytes + 3) / 4;
    SpvId raw = bytes < 4 ? op(spv::OpUConvert, u32t, {bitcastIfNeeded(val, type, b_.typeInt(bytes * 8))})
                          : bitcastIfNeeded(val, type, n == 1 ? u32t : b_.typeVector(u32t, n));
    for (unsigned i = 0; i < bytes; ++i) {
      SpvId word = n == 1 ? raw : op(spv::OpCompositeExtract, u32t, {raw, i / 4});
      SpvId shifted = i % 4 ? op(spv::OpShiftRightLogical, u32t, {word, u32(8 * (i % 4))}) : word;
      storeBits(c, byteOffsetPlus(byteOffset, i), shifted, 8, Align(1), at);
    }
    return;
  }
  m_.ctx.diagnostics.error(&at, "unsupported access of " + std::to_string(bytes) + " bytes to __shared__ or local memory");
}

// The byte offset into the push constants, or the global address in the argument buffer, of a
// kernel-argument address.
SpvId KernelEmitter::argumentAddress(SpvId address) {
  if (!layout_.pushArguments) return op(spv::OpIAdd, b_.typeInt(64), {argumentBufferAddress(), convertInt(address, 32, 64, false)});
  auto k = knownConstant(address);
  return k ? u32(uint32_t(*k) + abi::kPushArgumentsOffset) : op(spv::OpIAdd, b_.typeInt(32), {address, u32(abi::kPushArgumentsOffset)});
}

SpvId KernelEmitter::load(PointerClass c, SpvId address, Type *t, Align align, bool isVolatile, const Instruction &at) {
  if (c == PointerClass::Global && !isVolatile)
    if (SpvId v = loadFromConstantWindow(t, align, at)) return v;
  // (Arguments are read in the prologue with the entry block's first instruction as `at`.)
  if (unsigned bits = out_ == &prologue_ ? 0 : narrowAccessBits(at)) {
    if (c == PointerClass::KernelArgument) address = argumentAddress(address);
    if (c == PointerClass::Global || (c == PointerClass::KernelArgument && !layout_.pushArguments)) {
      loadView_ = c == PointerClass::Global ? loadViewOf(at) : LoadView::Plain;
      SpvId v = loadGlobalBits(address, bits, align, isVolatile);
      loadView_ = LoadView::Plain;
      return v;
    }
    return loadBits(c, address, bits, align, at);
  }
  SpvId memType = memoryType(t, at);
  if (!memType) return 0;
  unsigned bytes = unsigned(m_.dl.getTypeStoreSize(t->isIntegerTy(1) ? Type::getInt8Ty(t->getContext()) : t));
  SpvId v;
  if (c == PointerClass::Global) {
    loadView_ = loadViewOf(at);
    v = loadGlobal(address, memType, bytes, align, isVolatile);
    loadView_ = LoadView::Plain;
  } else if (c == PointerClass::KernelArgument && !layout_.pushArguments) {
    v = loadGlobal(argumentAddress(address), memType, bytes, align, false);
  } else {
    v = loadWords(c, c == PointerClass::KernelArgument ? argumentAddress(address) : address, memType, bytes, align, at);
  }
  return t->isIntegerTy(1) ? intToBool(v, memType) : v;
}

void KernelEmitter::store(PointerClass c, SpvId address, SpvId val, Type *t, Align align, bool isVolatile, const Instruction &at) {
  if (unsigned bits = narrowAccessBits(at)) {
    if (c == PointerClass::Global) storeGlobalBits(address, val, bits, align, isVolatile);
    else storeBits(c, address, val, bits, align, at);
    return;
  }
  SpvId memType = memoryType(t, at);
  if (!memType) return;
  if (t->isIntegerTy(1)) val = boolToInt(val, memType);
  unsigned bytes = unsigned(m_.dl.getTypeStoreSize(t->isIntegerTy(1) ? Type::getInt8Ty(t->getContext()) : t));
  if (c == PointerClass::Global) storeGlobal(address, val, memType, bytes, align, isVolatile);
  else storeWords(c, address, val, memType, bytes, align, at);
}

// Address arithmetic: 64-bit for global pointers (buffer device addresses), 32-bit byte offsets
// for shared and private memory.
SpvId KernelEmitter::emitGEP(GetElementPtrInst &gep) {
  PointerClass c = classOf(&gep);
  unsigned width = c == PointerClass::Global ? 64 : 32;
  SpvId intType = b_.typeInt(width);
  SpvId base = value(gep.getPointerOperand(), intType);
  MapVector<Value *, APInt> variable;
  APInt constantOffset(width, 0);
  if (!gep.collectOffset(m_.dl, width, variable, constantOffset)) return unsupported(gep, "unsupported address computation");
  auto constantOf = [&](uint64_t v) { return width == 64 ? u64(v) : u32(uint32_t(v)); };
  std::vector<std::pair<SpvId, uint64_t>> terms; // (index converted to the pointer width, scale)
  for (auto &[index, scale] : variable) {
    if (index->getType()->isVectorTy()) return unsupported(gep, "vector address computations are not supported");
    terms.push_back({convertInt(value(index), index->getType()->getScalarSizeInBits(), width, true), scale.getZExtValue()});
  }
  auto sum = [&](SpvId start, uint64_t divisor, uint64_t constant) {
    SpvId result = start;
    for (auto [idx, scale] : terms)
      result = op(spv::OpIAdd, intType, {result, scale == divisor ? idx : op(spv::OpIMul, intType, {idx, constantOf(scale / divisor)})});
    if (constant) {
      if (auto k = knownConstant(result); k && terms.empty()) return constantOf(*k + constant);
      result = op(spv::OpIAdd, intType, {result, constantOf(constant)});
    }
    return result;
  };
  SpvId byteOffset = sum(base, 1, constantOffset.getZExtValue());

  // Shared and private memory are arrays of words or of typed elements: when the whole computation
  // is a multiple of 8 (else 4) bytes, also compute the index in those units directly, so that
  // accesses need no shift the driver cannot see through.
  if ((c == PointerClass::Shared || c == PointerClass::Private) && !knownConstant(byteOffset)) {
    for (unsigned unit : {8u, 4u}) {
      bool aligned = constantOffset.getZExtValue() % unit == 0;
      for (auto [idx, scale] : terms) aligned &= scale % unit == 0;
      SpvId baseIndex = aligned ? indexInUnits(base, unit, /*exactOnly=*/true) : 0;
      if (!baseIndex) continue;
      scaledIndexOf_[byteOffset] = {unit, sum(baseIndex, unit, constantOffset.getZExtValue() / unit)};
      break;
    }
  }
  return byteOffset;
}

} // namespace hipvk
