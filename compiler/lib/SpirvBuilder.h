// Low-level SPIR-V module assembly: id allocation, the logical-layout sections, and de-duplicated
// types and constants. Knows nothing about LLVM; the emitter drives it.
#pragma once

#include <spirv/unified1/GLSL.std.450.h>
#include <spirv/unified1/spirv.hpp>

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace hipvk {

using SpvId = uint32_t;
using Words = std::vector<uint32_t>;

class SpirvBuilder {
public:
  // Sections in the order the SPIR-V logical layout requires.
  enum Section { Capabilities, Extensions, ExtInstImports, MemoryModel, EntryPoints, ExecutionModes,
                 DebugNames, Annotations, Globals, Functions, SectionCount };

  SpvId newId() { return nextId_++; }

  // Appends one instruction. `resultType`/`result` are written only when non-zero.
  void emit(Section s, spv::Op op, std::initializer_list<uint32_t> operands) { emit(s, op, Words(operands)); }
  void emit(Section s, spv::Op op, const Words &operands);
  // Encodes one instruction at the end of `out` (for function bodies assembled by the emitter).
  static void append(Words &out, spv::Op op, const Words &operands);
  // Appends already-encoded instructions (a function body) to a section.
  void emitRaw(Section s, const Words &words) { sections_[s].insert(sections_[s].end(), words.begin(), words.end()); }
  // Appends operands of an instruction whose last operand is a literal string.
  static void appendString(Words &w, std::string_view str);

  // OpDecorate `id` with `decoration` and its literal operands.
  void decorate(SpvId id, spv::Decoration decoration, std::initializer_list<uint32_t> literals = {});
  void requireCapability(spv::Capability c);
  void requireExtension(std::string_view name); // OpExtension, once
  SpvId glslStd450();

  // Types (de-duplicated).
  SpvId typeVoid();
  SpvId typeBool();
  SpvId typeInt(unsigned bits, bool isSigned = false);
  SpvId typeFloat(unsigned bits);
  SpvId typeVector(SpvId element, unsigned count);
  SpvId typeArray(SpvId element, SpvId lengthId);       // undecorated (Function/Workgroup use)
  SpvId typeArrayWithStride(SpvId element, SpvId lengthId, uint32_t stride); // never shared
  SpvId typeStruct(const std::vector<SpvId> &members);  // undecorated SSA aggregates
  // A fresh struct decorated Block whose one member, at offset 0, has `memberDecoration` unless
  // that is DecorationMax: the interface blocks of push constants, uniform buffers and views.
  SpvId typeBlock(SpvId member, spv::Decoration memberDecoration = spv::DecorationMax);
  SpvId typePointer(spv::StorageClass sc, SpvId pointee);
  SpvId typeFunction(SpvId ret, const std::vector<SpvId> &params);

  // Constants (de-duplicated). Integers are given as raw bits, masked to the width.
  SpvId constInt(unsigned bits, uint64_t value);
  // A constant of the signed integer type of `bits` whose two's-complement bits are `value`'s low
  // `bits` (narrower than 32 bits: the literal word sign-extended, as SPIR-V requires).
  SpvId constSignedInt(unsigned bits, uint64_t value);
  SpvId constU32(uint32_t v) { return constInt(32, v); }
  SpvId constFloat(unsigned bits, uint64_t rawBits);
  SpvId constBool(bool v);
  SpvId constNull(SpvId type);
  SpvId constComposite(SpvId type, const std::vector<SpvId> &parts);
  SpvId undef(SpvId type);

  unsigned intWidthOf(SpvId type) const; // 0 when not an integer type (or vector of them)
  // The signed twin of an unsigned integer type or vector of them, else `type` itself.
  SpvId signedVariant(SpvId type);
  SpvId vectorElement(SpvId type) const; // 0 when `type` is not a vector
  unsigned vectorCount(SpvId type) const;

  std::vector<uint32_t> finish() const;

private:
  SpvId cached(std::map<Words, SpvId> &cache, spv::Op op, const Words &key, bool hasResultType);

  SpvId nextId_ = 1;
  Words sections_[SectionCount];
  std::set<uint32_t> capabilities_;
  std::set<std::string, std::less<>> extensions_;
  SpvId glsl_ = 0;
  std::map<Words, SpvId> types_, constants_;
  std::map<SpvId, unsigned> intWidths_;               // unsigned scalar and vector integer types
  std::map<SpvId, std::pair<SpvId, unsigned>> vectors_; // vector type -> (element, count)
};

} // namespace hipvk
