// Kernel launches: <<<>>> configurations, argument marshalling into push constants or an argument
// buffer (docs/ABI.md), grid splitting over vkCmdDispatchBase, and the occupancy estimates.
#pragma once

#include <hip/hip_runtime_api.h>

#include <cstddef>
#include <type_traits>

namespace hipvk {

class Function;

void pushCallConfiguration(dim3 grid, dim3 block, size_t sharedMem, hipStream_t stream);
void popCallConfiguration(dim3 *grid, dim3 *block, size_t *sharedMem, hipStream_t *stream);

// Where a launch takes its arguments from: one pointer per parameter (hipLaunchKernel,
// hipModuleLaunchKernel's kernelParams), or one buffer laid out like a C struct of the parameters
// (the `extra` array's HIP_LAUNCH_PARAM_BUFFER_POINTER), which is exactly the kernel ABI's layout.
struct LaunchArguments {
  void **params = nullptr;
  const void *packed = nullptr;
  size_t packedSize = 0;
};

// Parses hipModuleLaunchKernel's `extra` array; throws hipErrorInvalidValue.
LaunchArguments argumentsFromExtra(void **extra);

// Normal (<<<>>>) or cooperative (hipLaunchCooperativeKernel: grid.sync() allowed, the grid no
// larger than what the device runs at once).
enum class LaunchKind { Normal, Cooperative };

// Validates like ROCm, then records the dispatch on the stream. Throws hipvk::Error.
void launchKernel(Function &function, dim3 grid, dim3 block, const LaunchArguments &args, size_t dynamicShared,
                  hipStream_t stream, LaunchKind kind = LaunchKind::Normal);
void launchKernel(const void *hostStub, dim3 grid, dim3 block, void **args, size_t dynamicShared,
                  hipStream_t stream, LaunchKind kind = LaunchKind::Normal);

// The registered host stub or hipFunction_t behind `handle`; throws hipErrorInvalidDeviceFunction.
Function &findFunction(const void *handle);

hipFuncAttributes functionAttributes(const Function &function);
// `attr` as the caller's integer (api::enumValue): any value, known or not.
void setFunctionAttribute(Function &function, std::underlying_type_t<hipFuncAttribute> attr, int value);

// Occupancy on the current device: blocks of `function` that run at once per compute unit. Where
// the device's co-residency is known (Device::CoResidency) it is a guaranteed lower bound, and
// times multiProcessorCount it is the largest cooperative grid; elsewhere an estimate. The one
// place occupancy is computed. Throw hipErrorInvalidValue for block sizes the device cannot run.
int maxActiveBlocksPerMultiprocessor(const Function &function, int blockSize, size_t dynamicShared);
void maxPotentialBlockSize(const Function &function, size_t dynamicShared, int blockSizeLimit, int *gridSize,
                           int *blockSize);

}  // namespace hipvk
