// The device side of the service buffer (hipvk::abi::ServiceHeader, docs/ABI.md) for the device
// library's sources.
#pragma once

#include <hipvk/kernel_abi.h>

#define HIPVK_GLOBAL __attribute__((address_space(1)))

namespace hipvk::devicelib {

// The service buffer as global memory (the builtin gives its address as an integer).
__device__ inline HIPVK_GLOBAL abi::ServiceHeader *serviceHeader() {
  return reinterpret_cast<HIPVK_GLOBAL abi::ServiceHeader *>(__hipvk_service_buffer());
}

__device__ inline HIPVK_GLOBAL unsigned char *printfArea() {
  return reinterpret_cast<HIPVK_GLOBAL unsigned char *>(serviceHeader()) + abi::kPrintfAreaOffset;
}

// Device-wide relaxed atomics: the host reads the results only after the kernel has completed.
__device__ inline uint32_t atomicAddAgent(HIPVK_GLOBAL uint32_t *address, uint32_t value) {
  return __hip_atomic_fetch_add(address, value, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
}
__device__ inline uint32_t atomicLoadAgent(HIPVK_GLOBAL uint32_t *address) {
  return __hip_atomic_load(address, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
}

} // namespace hipvk::devicelib
