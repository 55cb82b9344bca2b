// The hipvk offload blob: the SPIR-V module and metadata that hipcc embeds in a host object and
// that libhipvk registers. Layout documented in docs/ABI.md. Header-only so that the compiler,
// the runtime and embedding applications read and write it the same way.
#pragma once

#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hipvk::blob {

inline constexpr char kMagic[8] = {'H', 'I', 'P', 'V', 'K', 'B', 'L', '1'};
inline constexpr uint32_t kVersion = 1;
// Clang's __hip_fatbin_wrapper magic ("HIPF") and version.
inline constexpr uint32_t kClangWrapperMagic = 0x48495046;
inline constexpr uint32_t kClangWrapperVersion = 1;

enum class SectionKind : uint32_t { SpirV = 1, Metadata = 2, GlobalInit = 3 };

struct Header {
  char magic[8];
  uint32_t version;
  uint32_t section_count;
  uint64_t total_size;
};
struct SectionEntry {
  uint32_t kind;
  uint32_t reserved;
  uint64_t offset;
  uint64_t size;
};
static_assert(sizeof(Header) == 24 && sizeof(SectionEntry) == 24);

// Layout of Clang's wrapper around the embedded blob (argument of __hipRegisterFatBinary).
struct ClangFatbinWrapper {
  uint32_t magic;
  uint32_t version;
  const void *binary;
  void *unused;
};

struct Section {
  SectionKind kind;
  std::string_view bytes;
};

inline std::vector<uint8_t> write(const std::vector<Section> &sections) {
  auto align8 = [](uint64_t v) { return (v + 7) & ~uint64_t(7); };
  uint64_t offset = align8(sizeof(Header) + sections.size() * sizeof(SectionEntry));
  std::vector<SectionEntry> entries;
  for (const Section &s : sections) {
    entries.push_back({uint32_t(s.kind), 0, offset, s.bytes.size()});
    offset = align8(offset + s.bytes.size());
  }
  std::vector<uint8_t> out(offset, 0);
  Header h{};
  std::memcpy(h.magic, kMagic, sizeof(kMagic));
  h.version = kVersion;
  h.section_count = uint32_t(sections.size());
  h.total_size = offset;
  std::memcpy(out.data(), &h, sizeof(h));
  for (size_t i = 0; i < sections.size(); ++i) {
    std::memcpy(out.data() + sizeof(Header) + i * sizeof(SectionEntry), &entries[i], sizeof(SectionEntry));
    if (!sections[i].bytes.empty())  // an empty section may have no data pointer at all
      std::memcpy(out.data() + entries[i].offset, sections[i].bytes.data(), sections[i].bytes.size());
  }
  return out;
}

// Parses a blob in memory. Returns nullopt when the bytes are not a well-formed hipvk blob.
inline std::optional<std::vector<Section>> read(const void *data, uint64_t available_size = UINT64_MAX) {
  if (!data || available_size < sizeof(Header)) return std::nullopt;
  Header h;
  std::memcpy(&h, data, sizeof(h));
  if (std::memcmp(h.magic, kMagic, sizeof(kMagic)) != 0 || h.version != kVersion) return std::nullopt;
  if (h.total_size > available_size || h.section_count > 64 ||
      sizeof(Header) + uint64_t(h.section_count) * sizeof(SectionEntry) > h.total_size)
    return std::nullopt;
  const auto *base = static_cast<const char *>(data);
  std::vector<Section> sections;
  for (uint32_t i = 0; i < h.section_count; ++i) {
    SectionEntry e;
    std::memcpy(&e, base + sizeof(Header) + i * sizeof(SectionEntry), sizeof(e));
    if (e.offset > h.total_size || e.size > h.total_size - e.offset) return std::nullopt;
    sections.push_back({SectionKind(e.kind), std::string_view(base + e.offset, e.size)});
  }
  return sections;
}

inline std::optional<std::string_view> find(const std::vector<Section> &sections, SectionKind kind) {
  for (const Section &s : sections)
    if (s.kind == kind) return s.bytes;
  return std::nullopt;
}

} // namespace hipvk::blob
