// hipvk's device library (compiler/devicelib: printf, assert), LLVM bitcode embedded in the
// backend and linked into each translation unit before the pipeline.
#pragma once

#include <string>

namespace llvm {
class Module;
} // namespace llvm

namespace hipvk {

// Links into `m` the library's definitions of the functions `m` calls but does not define (and
// what those need), internalised so that inlining and dead-code elimination consume them. Returns
// an error text, empty on success. Without native doubles (the portable variant) llvm.fma.f64 stays
// an intrinsic: SoftenDoublesPass gives it the software fma, one operation instead of the dozens
// of softened double operations of the library's exact fma.
std::string linkDeviceLibrary(llvm::Module &m, bool nativeFloat64 = true);

// Gives the pointer arguments of printf calls whose format Clang could not parse to the library's
// __hipvk_printf_append_pointer, which copies the string when a %s consumes it
// (PrintfPointers.cpp). linkDeviceLibrary runs it first; returns whether it changed `m`.
bool routePrintfPointerArguments(llvm::Module &m);

} // namespace hipvk
