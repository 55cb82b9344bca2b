#include <doctest/doctest.h>
#include <hipvk/offload_blob.h>

using namespace hipvk;

TEST_CASE("offload blob round-trips its sections") {
  std::string spirv(20, 'S'), metadata = "hipvk-metadata 1\n", init = "abc";
  auto bytes = blob::write({{blob::SectionKind::SpirV, spirv}, {blob::SectionKind::Metadata, metadata}, {blob::SectionKind::GlobalInit, init}});
  CHECK(bytes.size() % 8 == 0);
  auto sections = blob::read(bytes.data(), bytes.size());
  REQUIRE(sections);
  REQUIRE(sections->size() == 3);
  CHECK(blob::find(*sections, blob::SectionKind::SpirV).value() == spirv);
  CHECK(blob::find(*sections, blob::SectionKind::Metadata).value() == metadata);
  CHECK(blob::find(*sections, blob::SectionKind::GlobalInit).value() == init);
}

TEST_CASE("offload blob reader rejects malformed input") {
  auto bytes = blob::write({{blob::SectionKind::SpirV, "1234"}});
  CHECK_FALSE(blob::read(nullptr));
  CHECK_FALSE(blob::read(bytes.data(), 8)); // truncated header
  auto wrongMagic = bytes;
  wrongMagic[0] = 'X';
  CHECK_FALSE(blob::read(wrongMagic.data(), wrongMagic.size()));
  auto badSection = bytes;
  badSection[sizeof(blob::Header) + 8] = 0xff; // section offset beyond the blob
  CHECK_FALSE(blob::read(badSection.data(), badSection.size()));
  CHECK_FALSE(blob::read(bytes.data(), bytes.size() - 1)); // total size larger than available
}
