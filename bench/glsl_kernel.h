// GLSL kernels launched through libhipvk like HIP kernels (the "hip"/"glsl" ratios of hipvk_bench
// and hipvk_patterns): a kernel is registered the way Clang registers HIP kernels, with a blob
// holding its SPIR-V and metadata (docs/ABI.md) and a host-side stub address that names it in
// hipLaunchKernel. hipvk only: the CUDA twins never include it.
#pragma once

#include <hip/hip_runtime.h>
#include <hipvk/offload_blob.h>

#include <cstdint>
#include <string>
#include <vector>

#include "bench_check.h"

struct GlslKernel {
  char stub = 0; // only its address matters
  void launch(dim3 grid, dim3 block, std::vector<void *> args) {
    CHECK(hipLaunchKernel(&stub, grid, block, args.data(), 0, nullptr));
  }
};

// argSizes: the kernel's arguments in order (each at its natural alignment, as the HIP kernel's);
// sharedBytes: the GLSL kernel's workgroup memory.
inline void registerGlsl(GlslKernel &kernel, const char *name, const uint32_t *spirv, size_t spirvBytes,
                         const std::vector<uint32_t> &argSizes, uint32_t sharedBytes) {
  std::string metadata = "hipvk-metadata 1\nsegment 0\n";
  uint32_t offset = 0;
  std::string argLines;
  for (uint32_t size : argSizes) {
    offset = (offset + size - 1) / size * size; // natural alignment
    argLines += "arg " + std::to_string(offset) + " " + std::to_string(size) + "\n";
    offset += size;
  }
  metadata += std::string("kernel ") + name + " 1 " + std::to_string(offset) + " " + std::to_string(sharedBytes) + " 0\n" + argLines;
  // The blob and its wrapper must outlive the registration, as embedded ones would.
  auto *blob = new std::vector<uint8_t>(hipvk::blob::write(
      {metadata, {}, {{0, {name}, std::string_view(reinterpret_cast<const char *>(spirv), spirvBytes)}}}));
  auto *wrapper = new hipvk::blob::ClangFatbinWrapper{hipvk::blob::kClangWrapperMagic, hipvk::blob::kClangWrapperVersion,
                                                      blob->data(), nullptr};
  void **module = __hipRegisterFatBinary(wrapper);
  __hipRegisterFunction(module, &kernel.stub, const_cast<char *>(name), name, -1, nullptr, nullptr, nullptr, nullptr, nullptr);
}
