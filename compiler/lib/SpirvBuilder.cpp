#include "SpirvBuilder.h"

#include <cstring>

namespace hipvk {

void SpirvBuilder::append(Words &out, spv::Op op, const Words &operands) {
  out.push_back(uint32_t(operands.size() + 1) << 16 | uint32_t(op));
  out.insert(out.end(), operands.begin(), operands.end());
}

void SpirvBuilder::emit(Section s, spv::Op op, const Words &operands) { append(sections_[s], op, operands); }

void SpirvBuilder::appendString(Words &w, std::string_view str) {
  size_t words = str.size() / 4 + 1; // always room for the terminating NUL
  size_t base = w.size();
  w.resize(base + words, 0);
  std::memcpy(&w[base], str.data(), str.size());
}

void SpirvBuilder::requireCapability(spv::Capability c) {
  if (capabilities_.insert(uint32_t(c)).second) emit(Capabilities, spv::OpCapability, {uint32_t(c)});
}

void SpirvBuilder::requireExtension(std::string_view name) {
  if (!extensions_.emplace(name).second) return;
  Words w;
  appendString(w, name);
  emit(Extensions, spv::OpExtension, w);
}

SpvId SpirvBuilder::glslStd450() {
  if (!glsl_) {
    glsl_ = newId();
    Words w{glsl_};
    appendString(w, "GLSL.std.450");
    emit(ExtInstImports, spv::OpExtInstImport, w);
  }
  return glsl_;
}

SpvId SpirvBuilder::cached(std::map<Words, SpvId> &cache, spv::Op op, const Words &key, bool hasResultType) {
  Words k{uint32_t(op)};
  k.insert(k.end(), key.begin(), key.end());
  if (auto it = cache.find(k); it != cache.end()) return it->second;
  SpvId id = newId();
  Words operands;
  if (hasResultType) {
    operands.push_back(key[0]);
    operands.push_back(id);
    operands.insert(operands.end(), key.begin() + 1, key.end());
  } else {
    operands.push_back(id);
    operands.insert(operands.end(), key.begin(), key.end());
  }
  emit(Globals, op, operands);
  cache.emplace(std::move(k), id);
  return id;
}

SpvId SpirvBuilder::typeVoid() { return cached(types_, spv::OpTypeVoid, {}, false); }
SpvId SpirvBuilder::typeBool() { return cached(types_, spv::OpTypeBool, {}, false); }

SpvId SpirvBuilder::typeInt(unsigned bits, bool isSigned) {
  if (bits == 8) requireCapability(spv::CapabilityInt8);
  if (bits == 16) requireCapability(spv::CapabilityInt16);
  if (bits == 64) requireCapability(spv::CapabilityInt64);
  SpvId id = cached(types_, spv::OpTypeInt, {bits, isSigned ? 1u : 0u}, false);
  if (!isSigned) intWidths_[id] = bits;
  return id;
}

SpvId SpirvBuilder::typeFloat(unsigned bits) {
  if (bits == 16) requireCapability(spv::CapabilityFloat16);
  if (bits == 64) requireCapability(spv::CapabilityFloat64);
  return cached(types_, spv::OpTypeFloat, {bits}, false);
}

SpvId SpirvBuilder::typeVector(SpvId element, unsigned count) {
  SpvId id = cached(types_, spv::OpTypeVector, {element, count}, false);
  vectors_[id] = {element, count};
  if (unsigned bits = intWidthOf(element)) intWidths_[id] = bits;
  return id;
}

SpvId SpirvBuilder::typeArray(SpvId element, SpvId lengthId) {
  return cached(types_, spv::OpTypeArray, {element, lengthId}, false);
}

SpvId SpirvBuilder::typeArrayWithStride(SpvId element, SpvId lengthId, uint32_t stride) {
  SpvId id = newId();
  emit(Globals, spv::OpTypeArray, {id, element, lengthId});
  decorate(id, spv::DecorationArrayStride, {stride});
  return id;
}

SpvId SpirvBuilder::typeBlock(SpvId member, spv::Decoration memberDecoration) {
  // Not the de-duplicated struct: SSA aggregates must stay undecorated.
  SpvId block = newId();
  emit(Globals, spv::OpTypeStruct, {block, member});
  decorate(block, spv::DecorationBlock);
  emit(Annotations, spv::OpMemberDecorate, {block, 0, uint32_t(spv::DecorationOffset), 0});
  if (memberDecoration != spv::DecorationMax) emit(Annotations, spv::OpMemberDecorate, {block, 0, uint32_t(memberDecoration)});
  return block;
}

SpvId SpirvBuilder::typeStruct(const std::vector<SpvId> &members) {
  return cached(types_, spv::OpTypeStruct, Words(members.begin(), members.end()), false);
}

SpvId SpirvBuilder::typePointer(spv::StorageClass sc, SpvId pointee) {
  return cached(types_, spv::OpTypePointer, {uint32_t(sc), pointee}, false);
}

SpvId SpirvBuilder::typeFunction(SpvId ret, const std::vector<SpvId> &params) {
  Words key{ret};
  key.insert(key.end(), params.begin(), params.end());
  return cached(types_, spv::OpTypeFunction, key, false);
}

unsigned SpirvBuilder::intWidthOf(SpvId type) const {
  auto it = intWidths_.find(type);
  return it == intWidths_.end() ? 0 : it->second;
}

SpvId SpirvBuilder::signedVariant(SpvId type) {
  unsigned bits = intWidthOf(type);
  if (!bits) return type;
  auto vec = vectors_.find(type);
  if (vec == vectors_.end()) return typeInt(bits, true);
  return typeVector(typeInt(bits, true), vec->second.second);
}

SpvId SpirvBuilder::vectorElement(SpvId type) const {
  auto it = vectors_.find(type);
  return it == vectors_.end() ? 0 : it->second.first;
}

unsigned SpirvBuilder::vectorCount(SpvId type) const {
  auto it = vectors_.find(type);
  return it == vectors_.end() ? 1 : it->second.second;
}

SpvId SpirvBuilder::constInt(unsigned bits, uint64_t value) {
  SpvId type = typeInt(bits);
  if (bits < 64) value &= (uint64_t(1) << bits) - 1;
  if (bits == 64) return cached(constants_, spv::OpConstant, {type, uint32_t(value), uint32_t(value >> 32)}, true);
  return cached(constants_, spv::OpConstant, {type, uint32_t(value)}, true);
}

SpvId SpirvBuilder::constSignedInt(unsigned bits, uint64_t value) {
  SpvId type = typeInt(bits, true);
  const int64_t extended = bits < 64 ? int64_t(value << (64 - bits)) >> (64 - bits) : int64_t(value);
  if (bits == 64) return cached(constants_, spv::OpConstant, {type, uint32_t(extended), uint32_t(uint64_t(extended) >> 32)}, true);
  return cached(constants_, spv::OpConstant, {type, uint32_t(extended)}, true);
}

SpvId SpirvBuilder::constFloat(unsigned bits, uint64_t rawBits) {
  SpvId type = typeFloat(bits);
  if (bits == 64) return cached(constants_, spv::OpConstant, {type, uint32_t(rawBits), uint32_t(rawBits >> 32)}, true);
  return cached(constants_, spv::OpConstant, {type, uint32_t(rawBits)}, true);
}

SpvId SpirvBuilder::constBool(bool v) {
  return cached(constants_, v ? spv::OpConstantTrue : spv::OpConstantFalse, {typeBool()}, true);
}

SpvId SpirvBuilder::constNull(SpvId type) { return cached(constants_, spv::OpConstantNull, {type}, true); }

SpvId SpirvBuilder::constComposite(SpvId type, const std::vector<SpvId> &parts) {
  Words key{type};
  key.insert(key.end(), parts.begin(), parts.end());
  return cached(constants_, spv::OpConstantComposite, key, true);
}

SpvId SpirvBuilder::undef(SpvId type) { return cached(constants_, spv::OpUndef, {type}, true); }

std::vector<uint32_t> SpirvBuilder::finish() const {
  Words out{spv::MagicNumber, 0x00010600 /* SPIR-V 1.6 */, 0 /* generator */, nextId_, 0};
  for (const Words &s : sections_) out.insert(out.end(), s.begin(), s.end());
  return out;
}

void SpirvBuilder::decorate(SpvId id, spv::Decoration decoration, std::initializer_list<uint32_t> literals) {
  Words w{id, uint32_t(decoration)};
  w.insert(w.end(), literals.begin(), literals.end());
  emit(Annotations, spv::OpDecorate, w);
}

} // namespace hipvk
