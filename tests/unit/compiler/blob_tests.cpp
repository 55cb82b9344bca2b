// The offload blob format (include/hipvk/offload_blob.h, docs/ABI.md "Offload blob").
#include <doctest/doctest.h>
#include <hipvk/offload_blob.h>

#include <cstddef>

using namespace hipvk;

namespace {

const std::string kSpirvA(20, 'A'), kSpirvB(12, 'B'), kMetadata = "hipvk-metadata 1\n", kInit = "abc";

blob::Contents sample() {
  return {kMetadata, kInit, {{0, {"_Z1av", "_Z1bv"}, kSpirvA}, {0x10, {"_Z1cv"}, kSpirvB}}};
}

std::optional<blob::Contents> readAll(const std::vector<uint8_t> &bytes, std::string &error) {
  return blob::read(bytes.data(), bytes.size(), error);
}

template <typename T>
void poke(std::vector<uint8_t> &bytes, size_t offset, T value) {
  std::memcpy(bytes.data() + offset, &value, sizeof(value));
}

// Byte offset of section `i`'s table entry, and of its payload.
size_t entryAt(size_t i) { return sizeof(blob::Header) + i * sizeof(blob::SectionEntry); }
size_t payloadAt(const std::vector<uint8_t> &bytes, size_t i) {
  blob::SectionEntry e;
  std::memcpy(&e, bytes.data() + entryAt(i), sizeof(e));
  return size_t(e.offset);
}

} // namespace

TEST_CASE("offload blob round-trips kernel modules, metadata and initializers") {
  auto bytes = blob::write(sample());
  CHECK(bytes.size() % 8 == 0);
  blob::Header h;
  std::memcpy(&h, bytes.data(), sizeof(h));
  CHECK(h.version == 2);
  CHECK(h.section_count == 4); // two kernel modules, metadata, initializers
  std::string error;
  auto contents = readAll(bytes, error);
  REQUIRE_MESSAGE(contents, error);
  CHECK(error.empty());
  CHECK(contents->metadata == kMetadata);
  CHECK(contents->globalInit == kInit);
  REQUIRE(contents->modules.size() == 2);
  CHECK(contents->modules[0].requiredFeatures == 0);
  CHECK(contents->modules[0].kernels == std::vector<std::string_view>{"_Z1av", "_Z1bv"});
  CHECK(contents->modules[0].spirv == kSpirvA);
  CHECK(contents->modules[1].requiredFeatures == 0x10);
  CHECK(contents->modules[1].kernels == std::vector<std::string_view>{"_Z1cv"});
  CHECK(contents->modules[1].spirv == kSpirvB);
  // The SPIR-V of every module starts 8-byte aligned in the blob.
  for (const blob::KernelModule &m : contents->modules)
    CHECK(reinterpret_cast<uintptr_t>(m.spirv.data()) % 8 == reinterpret_cast<uintptr_t>(bytes.data()) % 8);
}

TEST_CASE("offload blob of a translation unit without kernels has no kernel module and no empty initializers") {
  auto bytes = blob::write({kMetadata, {}, {}});
  std::string error;
  auto contents = readAll(bytes, error);
  REQUIRE_MESSAGE(contents, error);
  CHECK(contents->modules.empty());
  CHECK(contents->globalInit.empty());
  blob::Header h;
  std::memcpy(&h, bytes.data(), sizeof(h));
  CHECK(h.section_count == 1);
}

// Empty sections and payloads from empty string_views (null data) are written and read without a
// copy from a null pointer: issue 11 fault 8, watched by UBSan in the sanitizer leg, which runs
// these tests.
TEST_CASE("offload blob with empty sections round-trips") {
  auto bytes = blob::write({std::string_view(), std::string_view(), {}});
  std::string error;
  auto contents = readAll(bytes, error);
  REQUIRE_MESSAGE(contents, error);
  CHECK(contents->metadata.empty());
  CHECK(contents->globalInit.empty());
  CHECK(contents->modules.empty());
  // A kernel module without SPIR-V is written, and refused when read.
  bytes = blob::write({kMetadata, std::string_view(), {{0, {"_Z1kv"}, std::string_view()}}});
  CHECK_FALSE(readAll(bytes, error));
  CHECK(error == "a kernel module's SPIR-V is not a whole number of words");
}

TEST_CASE("offload blob reader skips section kinds of later revisions") {
  auto bytes = blob::write(sample());
  poke<uint32_t>(bytes, entryAt(1) + offsetof(blob::SectionEntry, kind), 99);
  std::string error;
  auto contents = readAll(bytes, error);
  REQUIRE_MESSAGE(contents, error);
  CHECK(contents->modules.size() == 1);
}

TEST_CASE("offload blob reader rejects malformed input with a reason") {
  const auto good = blob::write(sample());
  std::string error;
  CHECK_FALSE(blob::read(nullptr, 0, error));
  CHECK_FALSE(blob::read(good.data(), 8, error)); // truncated header
  CHECK(error == "truncated header");
  CHECK_FALSE(blob::read(good.data(), good.size() - 1, error)); // total size larger than available
  CHECK(error.find("truncated") != std::string::npos);

  auto expectRefused = [&](std::vector<uint8_t> bytes, const std::string &reason) {
    CAPTURE(reason);
    std::string why;
    CHECK_FALSE(readAll(bytes, why));
    CHECK(why.find(reason) != std::string::npos);
  };
  auto bytes = good;
  bytes[0] = 'X';
  expectRefused(bytes, "magic");

  bytes = good; // a version 1 blob: one module for a whole translation unit
  poke<uint32_t>(bytes, offsetof(blob::Header, version), 1);
  expectRefused(bytes, "format version 1, but this runtime reads version 2: rebuild");

  bytes = good;
  poke<uint64_t>(bytes, entryAt(0) + offsetof(blob::SectionEntry, offset), 0xff00);
  expectRefused(bytes, "outside the blob");
  bytes = good;
  poke<uint64_t>(bytes, entryAt(0) + offsetof(blob::SectionEntry, offset), payloadAt(good, 0) + 4);
  expectRefused(bytes, "outside the blob"); // misaligned

  bytes = good;
  poke<uint32_t>(bytes, offsetof(blob::Header, section_count), 1000);
  expectRefused(bytes, "section table");

  const size_t module = payloadAt(good, 0);
  bytes = good;
  poke<uint32_t>(bytes, module + offsetof(blob::KernelModuleHeader, kernel_count), 0);
  expectRefused(bytes, "malformed header");
  bytes = good;
  poke<uint32_t>(bytes, module + offsetof(blob::KernelModuleHeader, min_subgroup_size), 17);
  {
    std::string error;
    std::optional<blob::Contents> read = blob::read(bytes.data(), bytes.size(), error);
    REQUIRE(read);
    CHECK(read->modules[0].minSubgroupSize == 17); // a run-time-width module whose shuffles reach 16 lanes
  }
  bytes = good;
  poke<uint32_t>(bytes, module + offsetof(blob::KernelModuleHeader, names_size), 4);
  expectRefused(bytes, "malformed header"); // not a multiple of 8
  bytes = good;
  poke<uint32_t>(bytes, module + offsetof(blob::KernelModuleHeader, names_size), 0x10000);
  expectRefused(bytes, "malformed header"); // beyond the section
  bytes = good;
  poke<uint32_t>(bytes, module + offsetof(blob::KernelModuleHeader, kernel_count), 3);
  expectRefused(bytes, "kernel names"); // more names announced than present
  bytes = good;
  poke<uint32_t>(bytes, module + offsetof(blob::KernelModuleHeader, kernel_count), 1);
  expectRefused(bytes, "kernel names"); // a name beyond the announced ones

  expectRefused(blob::write({kMetadata, {}, {{0, {"k"}, std::string(6, 'S')}}}), "whole number of words");
  expectRefused(blob::write({kMetadata, {}, {{0, {"k"}, {}}}}), "whole number of words");
  expectRefused(blob::write({kMetadata, {}, {{0, {""}, kSpirvA}}}), "kernel names");

  // Exactly one metadata section, at most one initializer section.
  bytes = good;
  poke<uint32_t>(bytes, entryAt(3) + offsetof(blob::SectionEntry, kind), uint32_t(blob::SectionKind::Metadata));
  expectRefused(bytes, "two metadata sections");
  bytes = good;
  poke<uint32_t>(bytes, entryAt(2) + offsetof(blob::SectionEntry, kind), 99);
  expectRefused(bytes, "no metadata section");
  bytes = good;
  poke<uint32_t>(bytes, entryAt(2) + offsetof(blob::SectionEntry, kind), uint32_t(blob::SectionKind::GlobalInit));
  poke<uint32_t>(bytes, entryAt(1) + offsetof(blob::SectionEntry, kind), uint32_t(blob::SectionKind::Metadata));
  expectRefused(bytes, "two global initializer sections");
}
