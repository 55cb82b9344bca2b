// AMD extensions (include/hip/hip_ext.h). hipExtLaunchKernel without events is hipLaunchKernel;
// everything a Vulkan device cannot express (CU masks, XGMI topology) or that hipvk does not
// implement yet (events on an extended launch, the module launch) is hipErrorNotSupported, set as
// the last error like any failing HIP call, and logged under HIPVK_LOG=1.
#include <hip/hip_ext.h>

#include "api/api.h"

using namespace hipvk;

namespace {
hipError_t notSupported(const char *name, const char *what) {
  return api::call(name, [&] { fail(hipErrorNotSupported, what); });
}
}  // namespace

extern "C" {

hipError_t hipExtLaunchKernel(const void *function_address, dim3 numBlocks, dim3 dimBlocks, void **args,
                              size_t sharedMemBytes, hipStream_t stream, hipEvent_t startEvent,
                              hipEvent_t stopEvent, int flags) {
  if (startEvent || stopEvent)
    return notSupported("hipExtLaunchKernel", "start/stop events on an extended launch are not supported yet");
  if (flags != 0) return notSupported("hipExtLaunchKernel", "launch flags are not supported");
  return hipLaunchKernel(function_address, numBlocks, dimBlocks, args, sharedMemBytes, stream);
}

hipError_t hipExtModuleLaunchKernel(hipFunction_t, uint32_t, uint32_t, uint32_t, uint32_t, uint32_t, uint32_t,
                                    size_t, hipStream_t, void **, void **, hipEvent_t, hipEvent_t, uint32_t) {
  return notSupported("hipExtModuleLaunchKernel", "hipExtModuleLaunchKernel is not supported yet");
}

hipError_t hipExtStreamCreateWithCUMask(hipStream_t *, uint32_t, const uint32_t *) {
  return notSupported("hipExtStreamCreateWithCUMask", "Vulkan exposes no compute-unit masks");
}

hipError_t hipExtStreamGetCUMask(hipStream_t, uint32_t, uint32_t *) {
  return notSupported("hipExtStreamGetCUMask", "Vulkan exposes no compute-unit masks");
}

hipError_t hipExtGetLinkTypeAndHopCount(int, int, uint32_t *, uint32_t *) {
  return notSupported("hipExtGetLinkTypeAndHopCount", "Vulkan exposes no device link topology");
}

}  // extern "C"
