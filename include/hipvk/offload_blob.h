// The hipvk offload blob: the kernel modules (SPIR-V), metadata and global initializers that hipcc
// embeds in a host object and that libhipvk registers. Layout documented in docs/ABI.md ("Offload
// blob"). Header-only so that the compiler, the runtime and embedding applications read and write
// it the same way.
#pragma once

#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace hipvk::blob {

// The magic names the format family; `kVersion` the revision. Version 1 held one SPIR-V module per
// translation unit (all kernels as entry points); version 2 holds one module per kernel.
inline constexpr char kMagic[8] = {'H', 'I', 'P', 'V', 'K', 'B', 'L', '1'};
inline constexpr uint32_t kVersion = 2;
// Clang's __hip_fatbin_wrapper magic ("HIPF") and version.
inline constexpr uint32_t kClangWrapperMagic = 0x48495046;
inline constexpr uint32_t kClangWrapperVersion = 1;

// Kind 1 was version 1's single SPIR-V module; readers skip kinds they do not know, so that later
// revisions can add sections (debug information, ...) without a version change.
enum class SectionKind : uint32_t { Metadata = 2, GlobalInit = 3, KernelModule = 4 };

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
// Starts every KernelModule section; followed by `kernel_count` NUL-terminated kernel names (zero
// padded to `names_size`, a multiple of 8) and then the SPIR-V words up to the section's end.
struct KernelModuleHeader {
  uint32_t required_features; // device features beyond the hipvk baseline; 0: any hipvk device
  uint32_t kernel_count;      // the module's entry points, at least one
  uint32_t names_size;
  uint32_t min_subgroup_size; // 0, or the fewest lanes a subgroup must have for the module to run
};
static_assert(sizeof(Header) == 24 && sizeof(SectionEntry) == 24 && sizeof(KernelModuleHeader) == 16);

// A kernel may have several modules (variants); a reader uses the first module naming the kernel
// whose required features and SPIR-V capabilities the device and the launch have, and treats bits
// it does not know as features no device has. Bits:
// - kDisjointPointerArguments, a condition on each launch rather than on the device: the module
//   was compiled as if every pointer parameter of its kernels were __restrict__, which holds when
//   each non-null pointer argument points into a different hipMalloc allocation.
inline constexpr uint32_t kDisjointPointerArguments = 1u << 0;
// - kConstantWindow: the module reads the metadata's `constant_window` as a uniform buffer, which
//   the runtime binds for its launches (kernel_abi.h); runtimes that predate it refuse the module.
inline constexpr uint32_t kConstantWindow = 1u << 1;
// - kWave32, kWave64: the module was compiled for a fixed wavefront size (warpSize a constant,
//   __AMDGCN_WAVEFRONT_SIZE__ defined; docs/HIP_ON_VULKAN.md, "Wavefront size") and must run with
//   subgroups of exactly that size (VK_EXT_subgroup_size_control's requiredSubgroupSize where the
//   device's size varies). A module with neither bit reads the width at run time.
inline constexpr uint32_t kWave32 = 1u << 2;
inline constexpr uint32_t kWave64 = 1u << 3;
inline constexpr uint32_t kWaveSizes = kWave32 | kWave64;
// - kLogicalWarp (with kWave32 or kWave64): the module builds its warps of that size from the
//   device's subgroups, exchanging lanes through shared memory at workgroup barriers: it runs
//   where the device's subgroups are narrower (docs/HIP_ON_VULKAN.md, "Logical warps").
inline constexpr uint32_t kLogicalWarp = 1u << 4;
// The subgroup size a module's bits require; 0 when it runs at the device's own.
inline constexpr uint32_t requiredWaveSize(uint32_t requiredFeatures) {
  if (requiredFeatures & kLogicalWarp) return 0;
  return (requiredFeatures & kWave32) ? 32 : (requiredFeatures & kWave64) ? 64 : 0;
}
inline constexpr uint32_t kKnownFeatures = kDisjointPointerArguments | kConstantWindow | kWaveSizes | kLogicalWarp;

// Layout of Clang's wrapper around the embedded blob (argument of __hipRegisterFatBinary).
struct ClangFatbinWrapper {
  uint32_t magic;
  uint32_t version;
  const void *binary;
  void *unused;
};

// One SPIR-V module and the kernels (entry points) it holds.
struct KernelModule {
  uint32_t requiredFeatures = 0;
  std::vector<std::string_view> kernels;
  std::string_view spirv;       // SPIR-V words as bytes
  uint32_t minSubgroupSize = 0; // KernelModuleHeader::min_subgroup_size
};

// A blob's contents; the views point into the blob (read) or into the caller's data (write).
struct Contents {
  std::string_view metadata;
  std::string_view globalInit;
  std::vector<KernelModule> modules;
};

namespace detail {
inline uint64_t align8(uint64_t v) { return (v + 7) & ~uint64_t(7); }

inline std::string kernelModulePayload(const KernelModule &m) {
  std::string names;
  for (std::string_view k : m.kernels) names.append(k).push_back('\0');
  names.resize(align8(names.size()), '\0');
  KernelModuleHeader h{m.requiredFeatures, uint32_t(m.kernels.size()), uint32_t(names.size()), m.minSubgroupSize};
  std::string payload(reinterpret_cast<const char *>(&h), sizeof(h));
  return payload.append(names).append(m.spirv);
}

// Parses one KernelModule payload; returns an error text, empty when well-formed.
inline std::string parseKernelModule(std::string_view payload, KernelModule &m) {
  KernelModuleHeader h;
  if (payload.size() < sizeof(h)) return "a kernel module section is truncated";
  std::memcpy(&h, payload.data(), sizeof(h));
  payload.remove_prefix(sizeof(h));
  if (h.kernel_count == 0 || h.names_size % 8 != 0 || h.names_size > payload.size())
    return "a kernel module section has a malformed header";
  std::string_view names = payload.substr(0, h.names_size);
  m.requiredFeatures = h.required_features;
  m.minSubgroupSize = h.min_subgroup_size;
  m.kernels.clear();
  for (uint32_t i = 0; i < h.kernel_count; ++i) {
    size_t end = names.find('\0');
    if (end == 0 || end == std::string_view::npos) return "a kernel module section has malformed kernel names";
    m.kernels.push_back(names.substr(0, end));
    names.remove_prefix(end + 1);
  }
  if (names.find_first_not_of('\0') != std::string_view::npos) return "a kernel module section has malformed kernel names";
  m.spirv = payload.substr(h.names_size);
  if (m.spirv.empty() || m.spirv.size() % 4 != 0) return "a kernel module's SPIR-V is not a whole number of words";
  return {};
}
} // namespace detail

inline std::vector<uint8_t> write(const Contents &contents) {
  struct Payload {
    SectionKind kind;
    std::string bytes;
  };
  std::vector<Payload> payloads;
  for (const KernelModule &m : contents.modules) payloads.push_back({SectionKind::KernelModule, detail::kernelModulePayload(m)});
  payloads.push_back({SectionKind::Metadata, std::string(contents.metadata)});
  if (!contents.globalInit.empty()) payloads.push_back({SectionKind::GlobalInit, std::string(contents.globalInit)});

  uint64_t offset = detail::align8(sizeof(Header) + payloads.size() * sizeof(SectionEntry));
  std::vector<SectionEntry> entries;
  for (const Payload &p : payloads) {
    entries.push_back({uint32_t(p.kind), 0, offset, p.bytes.size()});
    offset = detail::align8(offset + p.bytes.size());
  }
  std::vector<uint8_t> out(offset, 0);
  Header h{};
  std::memcpy(h.magic, kMagic, sizeof(kMagic));
  h.version = kVersion;
  h.section_count = uint32_t(payloads.size());
  h.total_size = offset;
  std::memcpy(out.data(), &h, sizeof(h));
  for (size_t i = 0; i < payloads.size(); ++i) {
    std::memcpy(out.data() + sizeof(Header) + i * sizeof(SectionEntry), &entries[i], sizeof(SectionEntry));
    std::memcpy(out.data() + entries[i].offset, payloads[i].bytes.data(), payloads[i].bytes.size());
  }
  return out;
}

// Parses a blob in memory of at most `available` bytes. Returns nullopt with the reason in `error`
// when the bytes are not a well-formed hipvk blob of this version.
inline std::optional<Contents> read(const void *data, uint64_t available, std::string &error) {
  auto malformed = [&](std::string why) -> std::optional<Contents> {
    error = std::move(why);
    return std::nullopt;
  };
  if (!data || available < sizeof(Header)) return malformed("truncated header");
  Header h;
  std::memcpy(&h, data, sizeof(h));
  if (std::memcmp(h.magic, kMagic, sizeof(kMagic)) != 0) return malformed("no hipvk blob magic");
  if (h.version != kVersion)
    return malformed("format version " + std::to_string(h.version) + ", but this runtime reads version " +
                     std::to_string(kVersion) + ": rebuild the device code with this hipvk's hipcc");
  if (h.total_size > available) return malformed("truncated (the header announces more bytes than there are)");
  if (h.section_count > 1u << 20 || sizeof(Header) + uint64_t(h.section_count) * sizeof(SectionEntry) > h.total_size)
    return malformed("the section table does not fit in the blob");
  const auto *base = static_cast<const char *>(data);
  Contents contents;
  bool sawMetadata = false, sawGlobalInit = false;
  for (uint32_t i = 0; i < h.section_count; ++i) {
    SectionEntry e;
    std::memcpy(&e, base + sizeof(Header) + i * sizeof(SectionEntry), sizeof(e));
    if (e.offset % 8 != 0 || e.offset > h.total_size || e.size > h.total_size - e.offset)
      return malformed("section " + std::to_string(i) + " lies outside the blob");
    std::string_view bytes(base + e.offset, e.size);
    switch (SectionKind(e.kind)) {
    case SectionKind::Metadata:
      if (std::exchange(sawMetadata, true)) return malformed("two metadata sections");
      contents.metadata = bytes;
      break;
    case SectionKind::GlobalInit:
      if (std::exchange(sawGlobalInit, true)) return malformed("two global initializer sections");
      contents.globalInit = bytes;
      break;
    case SectionKind::KernelModule: {
      KernelModule m;
      if (std::string why = detail::parseKernelModule(bytes, m); !why.empty()) return malformed(why);
      contents.modules.push_back(std::move(m));
      break;
    }
    default: break; // a section of a later revision
    }
  }
  if (!sawMetadata) return malformed("no metadata section");
  return contents;
}

} // namespace hipvk::blob
