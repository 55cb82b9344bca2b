// Value functions: the device library's larger functions of values (math, software doubles) stay
// SPIR-V functions, called where the program calls them, instead of being inlined at every call
// (docs/HIP_ON_VULKAN.md, "Functions"). Everything else is still inlined into the kernels: Vulkan
// has no generic pointers, so a pointer's origin must be visible in one function.
#pragma once

namespace llvm {
class CallBase;
class Function;
class Module;
} // namespace llvm

namespace hipvk {

// The device library's functions carry this attribute from the link on (DeviceLibrary.cpp).
inline constexpr const char *kDeviceLibraryAttribute = "hipvk-device-library";

// Marks each device function of `m` (not a kernel) for the always-inliner, except the value
// functions: device-library functions that take and return scalars (i1, i32, i64, float, double;
// without 64-bit floats SoftenDoublesPass gives them the doubles' bits as i64), touch no memory
// (reads of the library's constant configuration are folded first), call only such functions,
// arithmetic builtins and intrinsics, and are larger than a call is worth once their callees are
// inlined. Those keep a body of their own (noinline, memory(none), the C calling convention at
// the function and its calls). Functions marked earlier stay as they were, so the pass can run
// again after a further link.
void markForInlining(llvm::Module &m);

// Whether `f` is a value function: the emitter gives it a SPIR-V function of its own.
bool isValueFunction(const llvm::Function &f);

// Whether `call` calls a value function (looked at through its callee operand: while
// SoftenDoublesPass rewrites signatures, the call's type and its callee's may differ).
bool isCallOfValueFunction(const llvm::CallBase &call);

// Loops whose body has more instructions than this once the value functions called there are
// inlined stay rolled (OptimizePass.cpp, UnrollLoopsPass.cpp): unrolled, the double functions'
// bodies took ten times as long to compile for 3-8 %, and a driver that inlines every call
// (SwiftShader) gets a copy of each per iteration.
inline constexpr unsigned kMaxUnrolledLoopBody = 2500;

// The instructions of a call of `callee` once a driver inlines it with the value functions it calls
// in turn (drivers inline every call): what duplicating the call costs.
unsigned instructionsOnceInlined(const llvm::CallBase &call);

} // namespace hipvk
