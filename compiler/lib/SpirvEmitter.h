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

// The scopes of the module's OpReadClockKHR instructions, each preceded by a space (" subgroup",
// " device"), for the metadata's `clock` record; empty when it reads no clock.
std::string shaderClockScopes(const std::vector<uint32_t> &spirv);

} // namespace hipvk
