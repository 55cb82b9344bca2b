#include "Compiler.h"
#include "SpirvBuilder.h"

#include <doctest/doctest.h>

using namespace hipvk;

TEST_CASE("SPIR-V builder de-duplicates types and constants") {
  SpirvBuilder b;
  CHECK(b.typeInt(32) == b.typeInt(32));
  CHECK(b.typeInt(32) != b.typeInt(64));
  CHECK(b.typeVector(b.typeFloat(32), 4) == b.typeVector(b.typeFloat(32), 4));
  CHECK(b.constU32(7) == b.constInt(32, 7));
  CHECK(b.constInt(8, 0x1ff) == b.constInt(8, 0xff)); // masked to the width
  CHECK(b.intWidthOf(b.typeInt(16)) == 16);
  CHECK(b.intWidthOf(b.typeFloat(32)) == 0);
  // Strided arrays are never shared: each carries its own decoration.
  SpvId len = b.constU32(4);
  CHECK(b.typeArrayWithStride(b.typeInt(32), len, 4) != b.typeArrayWithStride(b.typeInt(32), len, 4));
}

TEST_CASE("SPIR-V builder encodes strings with a terminating NUL") {
  Words w;
  SpirvBuilder::appendString(w, "main");
  REQUIRE(w.size() == 2); // "main" + NUL needs a second word
  CHECK(w[1] == 0);
  w.clear();
  SpirvBuilder::appendString(w, "abc");
  CHECK(w.size() == 1);
}

TEST_CASE("a minimal module assembled by the builder validates for Vulkan 1.3") {
  SpirvBuilder b;
  b.requireCapability(spv::CapabilityShader);
  b.emit(SpirvBuilder::MemoryModel, spv::OpMemoryModel, {uint32_t(spv::AddressingModelLogical), uint32_t(spv::MemoryModelGLSL450)});
  SpvId fn = b.newId(), label = b.newId();
  SpvId voidType = b.typeVoid();
  SpvId fnType = b.typeFunction(voidType, {});
  Words entry{uint32_t(spv::ExecutionModelGLCompute), fn};
  SpirvBuilder::appendString(entry, "main");
  b.emit(SpirvBuilder::EntryPoints, spv::OpEntryPoint, entry);
  b.emit(SpirvBuilder::ExecutionModes, spv::OpExecutionMode, {fn, uint32_t(spv::ExecutionModeLocalSize), 1, 1, 1});
  b.emit(SpirvBuilder::Functions, spv::OpFunction, {voidType, fn, 0, fnType});
  b.emit(SpirvBuilder::Functions, spv::OpLabel, {label});
  b.emit(SpirvBuilder::Functions, spv::OpReturn, {});
  b.emit(SpirvBuilder::Functions, spv::OpFunctionEnd, {});
  auto words = b.finish();
  CHECK(words[0] == spv::MagicNumber);
  CHECK(words[1] == 0x00010600);
  CHECK(validateSpirv(words) == "");
}
