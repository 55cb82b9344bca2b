// The device builtins of the hipvk kernel ABI (docs/ABI.md, "Device builtins the headers use"),
// declared from the one table in <hipvk/device_builtins.def>. They have no definition: the hipvk
// backend recognises each by name and lowers it to SPIR-V built-ins (LocalInvocationId,
// WorkgroupId, SubgroupSize, ...), specialization constants or push constants. Everything else
// in the device headers is built on these.
#pragma once

#include <hip/hipvk_detail/host_defines.h>

#if defined(__HIP__)
#define __HIPVK_BUILTIN_ATTRIBUTES_Pure __attribute__((const, nothrow))
#define __HIPVK_BUILTIN_ATTRIBUTES_Convergent __attribute__((convergent, nothrow))
#define __HIPVK_BUILTIN_ATTRIBUTES_Lane __attribute__((const, nothrow))
#define __HIPVK_BUILTIN_ATTRIBUTES_Warp __attribute__((convergent, nothrow))
#define __HIPVK_BUILTIN_ATTRIBUTES_Volatile __attribute__((nothrow))
#define __HIPVK_BUILTIN_ATTRIBUTES_NoReturn __attribute__((noreturn, nothrow))
#define HIPVK_BUILTIN(NAME, RETURN, PARAMETERS, KIND) \
  extern "C" __device__ __HIPVK_BUILTIN_ATTRIBUTES_##KIND RETURN __hipvk_##NAME PARAMETERS;
#include <hipvk/device_builtins.def>
#undef __HIPVK_BUILTIN_ATTRIBUTES_Pure
#undef __HIPVK_BUILTIN_ATTRIBUTES_Convergent
#undef __HIPVK_BUILTIN_ATTRIBUTES_Lane
#undef __HIPVK_BUILTIN_ATTRIBUTES_Warp
#undef __HIPVK_BUILTIN_ATTRIBUTES_Volatile
#undef __HIPVK_BUILTIN_ATTRIBUTES_NoReturn
#endif  // __HIP__
