// Common platform macros of every HIP header (ROCm's hip_common.h): __HIP_PLATFORM_AMD__,
// __HIPVK__, the qualifiers, __HIP_ARCH_HAS_*__ feature macros, HIP_PUBLIC_API. All of it lives in
// hipvk_detail/host_defines.h.
#pragma once
#include <hip/hipvk_detail/host_defines.h>
