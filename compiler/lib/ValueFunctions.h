// Value functions: the device library's larger functions of values (math, software doubles) stay
// SPIR-V functions, called where the program calls them, instead of being inlined at every call
// (docs/HIP_ON_VULKAN.md, "Functions"). Everything else is still inlined into the kernels: Vulkan
// has no generic pointers, so a pointer's origin must be visible in one function.
#pragma once

#include "CompileContext.h"

namespace llvm {
class Function;
class Module;
} // namespace llvm

namespace hipvk {

// The device library's functions carry this attribute from the link on (DeviceLibrary.cpp).
inline constexpr const char *kDeviceLibraryAttribute = "hipvk-device-library";

// Marks each device function of `m` (not a kernel) for the always-inliner, except the value
// functions: device-library functions that take and return scalars the variant has (i1, i32,
// i64, float, and double where the device has it), touch no memory, call only such functions,
// arithmetic builtins and intrinsics, and are larger than a call is worth once their callees are
// inlined. Those keep a body of their own (noinline, memory(none)). Functions marked earlier
// stay as they were, so the pass can run again after a further link.
void markForInlining(llvm::Module &m, const CompileContext &ctx);

// Whether `f` is a value function: the emitter gives it a SPIR-V function of its own.
bool isValueFunction(const llvm::Function &f);

} // namespace hipvk
