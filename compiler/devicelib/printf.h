// The printf entry points of Clang's amdgcn printf lowering that the device library defines
// (printf.hip), and the one hipvk's backend adds, for the library's other sources.
#pragma once

#include <stdint.h>

extern "C" {
__device__ uint64_t __ockl_printf_begin(uint64_t version);
__device__ uint64_t __ockl_fprintf_stderr_begin();
__device__ uint64_t __ockl_printf_append_string_n(uint64_t descriptor, const char *string, uint64_t length,
                                                  uint32_t isLast);
__device__ uint64_t __ockl_printf_append_args(uint64_t descriptor, uint32_t count, uint64_t value0, uint64_t value1,
                                              uint64_t value2, uint64_t value3, uint64_t value4, uint64_t value5,
                                              uint64_t value6, uint32_t isLast);
// hipvk's own: a pointer argument of a printf with a format the compiler could not see (printf.hip).
__device__ uint64_t __hipvk_printf_append_pointer(uint64_t descriptor, const char *pointer, uint32_t isLast);
}
