// Kernel launches: <<<>>> configurations, argument marshalling into push constants or an argument
// buffer (docs/ABI.md), and grid splitting over vkCmdDispatchBase.
#pragma once

#include <hip/hip_runtime_api.h>

namespace hipvk {

void pushCallConfiguration(dim3 grid, dim3 block, size_t sharedMem, hipStream_t stream);
void popCallConfiguration(dim3 *grid, dim3 *block, size_t *sharedMem, hipStream_t *stream);

// Validates like ROCm, then records the dispatch on the stream. Throws hipvk::Error.
void launchKernel(const void *hostStub, dim3 grid, dim3 block, void **args, size_t dynamicShared,
                  hipStream_t stream);

hipFuncAttributes functionAttributes(const void *hostStub);

}  // namespace hipvk
