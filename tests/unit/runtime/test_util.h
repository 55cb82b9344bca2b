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

// The kernels a metadata text announces ("kernel <name> ..." lines), in order.
inline std::vector<std::string_view> metadataKernels(std::string_view metadata) {
  std::vector<std::string_view> names;
  for (size_t at = metadata.find("kernel "); at != std::string_view::npos; at = metadata.find("\nkernel ", at + 1)) {
    size_t start = metadata.find(' ', at + 1) + 1;
    names.push_back(metadata.substr(start, metadata.find_first_of(" \n", start) - start));
  }
  return names;
}

// An offload blob of one SPIR-V module holding every kernel the metadata announces (none: no
// module), the metadata and global initializers.
inline std::vector<uint8_t> makeBlob(std::span<const uint32_t> spirv, std::string_view metadata,
                                     std::string_view globalInit = {}) {
  using namespace hipvk::blob;
  Contents contents{metadata, globalInit, {}};
  if (std::vector<std::string_view> kernels = metadataKernels(metadata); !kernels.empty())
    contents.modules.push_back(
        {0, kernels, std::string_view(reinterpret_cast<const char *>(spirv.data()), spirv.size_bytes())});
  return write(contents);
}

// `spirv` with one more OpCapability instruction: a module that needs `capability`.
inline std::vector<uint32_t> withCapability(std::span<const uint32_t> spirv, uint32_t capability) {
  constexpr uint32_t kOpCapability = 17, kHeaderWords = 5;
  std::vector<uint32_t> words(spirv.begin(), spirv.end());
  words.insert(words.begin() + kHeaderWords, {(2u << 16) | kOpCapability, capability});
  return words;
}

// Registers a blob the way Clang's module constructor does. The runtime copies what it needs, so
// the blob may be temporary.
inline void **registerBlob(const std::vector<uint8_t> &blob) {
  using namespace hipvk::blob;
  ClangFatbinWrapper wrapper{kClangWrapperMagic, kClangWrapperVersion, blob.data(), nullptr};
  return __hipRegisterFatBinary(&wrapper);
}

inline void **registerModule(std::span<const uint32_t> spirv, std::string_view metadata,
                             std::string_view globalInit = {}) {
  return registerBlob(makeBlob(spirv, metadata, globalInit));
}

inline void registerKernel(void **module, const void *stub, const char *name) {
  __hipRegisterFunction(module, stub, const_cast<char *>(name), name, -1, nullptr, nullptr, nullptr, nullptr,
                        nullptr);
}

inline void registerVariable(void **module, void *shadow, const char *name, size_t size) {
  __hipRegisterVar(module, shadow, const_cast<char *>(name), name, 0, size, 0, 0);
}
