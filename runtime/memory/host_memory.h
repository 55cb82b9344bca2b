// Host memory the device reaches: hipHostMalloc'ed (pinned) memory, hipHostRegister'ed program
// memory and hipMallocManaged memory. Each is an Allocation of a host kind, entered in its
// device's table of device addresses and in its table of host addresses, so that copies use the
// device's own access to it (no staging) and the pointer queries know it by either address.
#pragma once

#include <cstddef>
#include <memory>

#include "memory/memory.h"

namespace hipvk {

// hipHostMalloc: host-visible memory of `device`, mapped into the process. Throws
// hipErrorInvalidValue for unknown flags.
std::shared_ptr<Allocation> allocatePinned(Device &device, size_t bytes, unsigned flags);

// hipMallocManaged: host-visible memory whose host address is also its device address, so one
// pointer serves host code and kernels. Throws hipErrorNotSupported on a device whose mappings do
// not coincide (Device::supportsManagedMemory).
std::shared_ptr<Allocation> allocateManaged(Device &device, size_t bytes, unsigned flags);

// hipHostRegister: imports the whole pages holding [host, host + bytes) (VK_EXT_external_memory_host).
// Throws hipErrorHostMemoryAlreadyRegistered when part of the range is registered or pinned,
// hipErrorNotSupported where the device cannot import host memory.
std::shared_ptr<Allocation> registerHostMemory(Device &device, void *host, size_t bytes, unsigned flags);

// Removes a host-kind allocation from its device's tables once the device's queued work is done
// (it may use the memory). `host` must be the allocation's first byte; `kind` what the caller
// frees (hipHostFree: Pinned, hipHostUnregister: Registered, hipFree: Managed or Pinned). Throws
// `error` when `host` is not such an allocation.
void releaseHostMemory(const void *host, std::initializer_list<MemoryKind> kinds, hipError_t error);

}  // namespace hipvk
