// AMD extensions of the HIP API (ROCm's hip_ext.h): hipExtLaunchKernel, hipExtLaunchKernelGGL,
// hipExtModuleLaunchKernel, CU-mask streams and the link-topology query.
//
// hipvk status: hipExtLaunchKernel/hipExtLaunchKernelGGL launch like hipLaunchKernel when no
// start/stop events are given and flags is 0; with events they return hipErrorNotSupported for
// now. CU masks, hipExtModuleLaunchKernel and the link query return hipErrorNotSupported (a Vulkan
// device exposes no compute-unit masks or XGMI topology). Entry points: runtime/api/hip_api_ext.cpp.
// (hipExtMallocWithFlags is declared by hip_runtime_api.h, as in ROCm.)
#ifndef HIP_INCLUDE_HIP_HIP_EXT_H
#define HIP_INCLUDE_HIP_HIP_EXT_H

#include <hip/hip_runtime_api.h>

#if defined(__cplusplus)
#include <cstdint>
#include <tuple>
#include <utility>
#else
#include <stdint.h>
#endif

// The same handle types as hip_runtime_api.h declares (a repeated identical typedef is valid).
typedef struct ihipEvent_t *hipEvent_t;
typedef struct ihipModuleSymbol_t *hipFunction_t;

#ifdef __cplusplus
extern "C" {
#endif
#pragma GCC visibility push(default)

hipError_t hipExtLaunchKernel(const void *function_address, dim3 numBlocks, dim3 dimBlocks, void **args,
                              size_t sharedMemBytes, hipStream_t stream, hipEvent_t startEvent,
                              hipEvent_t stopEvent, int flags);
hipError_t hipExtModuleLaunchKernel(hipFunction_t f, uint32_t globalWorkSizeX, uint32_t globalWorkSizeY,
                                    uint32_t globalWorkSizeZ, uint32_t localWorkSizeX,
                                    uint32_t localWorkSizeY, uint32_t localWorkSizeZ,
                                    size_t sharedMemBytes, hipStream_t hStream, void **kernelParams,
                                    void **extra, hipEvent_t startEvent, hipEvent_t stopEvent,
                                    uint32_t flags);
hipError_t hipExtStreamCreateWithCUMask(hipStream_t *stream, uint32_t cuMaskSize, const uint32_t *cuMask);
hipError_t hipExtStreamGetCUMask(hipStream_t stream, uint32_t cuMaskSize, uint32_t *cuMask);
hipError_t hipExtGetLinkTypeAndHopCount(int device1, int device2, uint32_t *linktype, uint32_t *hopcount);

#pragma GCC visibility pop
#ifdef __cplusplus
}  // extern "C"
#endif

#if defined(__cplusplus)
namespace __hipvk_ext {
template <typename Tuple, std::size_t... I>
inline hipError_t launch(const void *kernel, const dim3 &grid, const dim3 &block, std::uint32_t shmem,
                         hipStream_t stream, hipEvent_t start, hipEvent_t stop, std::uint32_t flags,
                         Tuple &args, std::index_sequence<I...>) {
  void *argv[sizeof...(I) + 1] = {static_cast<void *>(&std::get<I>(args))..., nullptr};
  return hipExtLaunchKernel(kernel, grid, block, argv, shmem, stream, start, stop, static_cast<int>(flags));
}
}  // namespace __hipvk_ext

// hipExtLaunchKernelGGL(kernel, grid, block, shmem, stream, startEvent, stopEvent, flags, args...):
// each argument is converted to the kernel's parameter type, as a <<<>>> launch would.
template <typename... Params, typename... Args>
inline void hipExtLaunchKernelGGL(void (*kernel)(Params...), const dim3 &numBlocks, const dim3 &dimBlocks,
                                  std::uint32_t sharedMemBytes, hipStream_t stream, hipEvent_t startEvent,
                                  hipEvent_t stopEvent, std::uint32_t flags, Args... args) {
  static_assert(sizeof...(Params) == sizeof...(Args), "hipExtLaunchKernelGGL: wrong number of kernel arguments");
  std::tuple<typename std::decay<Params>::type...> converted(args...);
  (void)__hipvk_ext::launch(reinterpret_cast<const void *>(kernel), numBlocks, dimBlocks, sharedMemBytes,
                            stream, startEvent, stopEvent, flags, converted,
                            std::index_sequence_for<Params...>{});
}
#endif  // __cplusplus

#endif  // HIP_INCLUDE_HIP_HIP_EXT_H
