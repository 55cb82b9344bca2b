// Device printf, assert and traps. printf is Clang's: in device code it becomes calls of
// __ockl_printf_begin/__ockl_printf_append_* (the "hostcall" printf kind), which hipvk's device
// library defines over the service buffer (docs/ABI.md); the runtime prints the messages at the
// next synchronising call. A failed assert() prints ROCm's message on stderr and stops the
// invocation; __trap(), abort() and __builtin_trap() stop it too; the next synchronising call
// returns hipErrorAssert or hipErrorLaunchFailure (docs/HIP_ON_VULKAN.md, "printf, assert and
// traps").
#pragma once

#include <hip/hipvk_detail/device_builtins.h>

#include <stddef.h>

#if defined(__HIP__)

// They overload the C library's host functions by target, as ROCm's headers do: <cstdio>,
// <cstdlib> and <cassert> may come before or after.
extern "C" __device__ int printf(const char *format, ...);

// What glibc's assert() calls; defined in the device library.
extern "C" __device__ __attribute__((noreturn)) void __assert_fail(const char *assertion, const char *file,
                                                                   unsigned int line, const char *function);
// What CUDA's assert() calls (the same message; characterSize is ignored).
extern "C" __device__ __attribute__((noreturn)) void __assertfail(const char *message, const char *file,
                                                                  unsigned int line, const char *function,
                                                                  size_t characterSize);

extern "C" __device__ __attribute__((noreturn)) inline void abort() { __builtin_trap(); }
__device__ __attribute__((noreturn)) inline void __trap() { __builtin_trap(); }

#endif  // __HIP__
