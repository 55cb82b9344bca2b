// Helpers shared by the runtime tests.
#pragma once

#include <hip/hip_runtime_api.h>
#include <hipvk/offload_blob.h>

#include <doctest/doctest.h>

#include <span>
#include <string>
#include <string_view>
#include <vector>

// Failures print the error's name, not its number.
namespace doctest {
template <>
struct StringMaker<hipError_t> {
  static String convert(hipError_t e) { return hipGetErrorName(e); }
};
}  // namespace doctest

#define HIP_CHECK(expr) REQUIRE_EQ((expr), hipSuccess)

// Wraps SPIR-V, metadata text and global initializers into an offload blob and registers it the
// way Clang's module constructor does. The runtime copies what it needs, so the blob is temporary.
inline void **registerModule(std::span<const uint32_t> spirv, std::string_view metadata,
                             std::string_view globalInit = {}) {
  using namespace hipvk::blob;
  std::vector<Section> sections{
      {SectionKind::SpirV, std::string_view(reinterpret_cast<const char *>(spirv.data()), spirv.size_bytes())},
      {SectionKind::Metadata, metadata}};
  if (!globalInit.empty()) sections.push_back({SectionKind::GlobalInit, globalInit});
  std::vector<uint8_t> blob = write(sections);
  ClangFatbinWrapper wrapper{kClangWrapperMagic, kClangWrapperVersion, blob.data(), nullptr};
  return __hipRegisterFatBinary(&wrapper);
}

inline void registerKernel(void **module, const void *stub, const char *name) {
  __hipRegisterFunction(module, stub, const_cast<char *>(name), name, -1, nullptr, nullptr, nullptr, nullptr,
                        nullptr);
}

inline void registerVariable(void **module, void *shadow, const char *name, size_t size) {
  __hipRegisterVar(module, shadow, const_cast<char *>(name), name, 0, size, 0, 0);
}
