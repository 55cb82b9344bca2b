// Translates the legalised, structurized LLVM module into Vulkan SPIR-V 1.6: one module per kernel,
// with one GLCompute entry point, pointers as integers (64-bit buffer device addresses for
// global memory, 32-bit byte offsets into per-kernel word arrays for shared and private memory).
#pragma once

#include "CompileContext.h"
#include "Compiler.h"

#include <cstdint>
#include <string>
#include <vector>

namespace llvm {
class Module;
}

namespace hipvk {

// Returns one module per kernel of ctx.layout, in its order, or nothing after reporting errors to
// ctx.diagnostics.
std::vector<KernelSpirv> emitSpirv(llvm::Module &m, CompileContext &ctx);

// Rewrites a kernel module's 64-bit integers and the global pointers held in them as pairs of
// 32-bit words (uvec2), for devices without Int64; pointers become PhysicalStorageBuffer pointers
// by OpBitcast of the pair. Returns why it cannot (a 64-bit atomic), leaving `words` as they were.
std::string lowerInt64(std::vector<uint32_t> &words);

// The scopes of the module's OpReadClockKHR instructions, each preceded by a space (" subgroup",
// " device"), for the metadata's `clock` record; empty when it reads no clock.
std::string shaderClockScopes(const std::vector<uint32_t> &spirv);

} // namespace hipvk
