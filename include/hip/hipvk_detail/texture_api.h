// The texture-object API (ROCm's declarations), included by hip_runtime_api.h. hipvk does not
// implement texture objects yet (docs/HIP_ON_VULKAN.md, "Textures"): they are declared so that
// libraries that mention them in code a program may never use (rocPRIM's texture_cache_iterator)
// compile. A program that calls one fails to link, naming the function; a kernel that fetches
// from one fails to compile, naming the call and its line.
#ifndef HIP_INCLUDE_HIP_HIPVK_DETAIL_TEXTURE_API_H
#define HIP_INCLUDE_HIP_HIPVK_DETAIL_TEXTURE_API_H

#include "hip/driver_types.h"
#include "hip/texture_types.h"

#ifdef __cplusplus
extern "C" {
#endif
hipError_t hipCreateTextureObject(hipTextureObject_t *texObject, const hipResourceDesc *resDesc,
                                  const hipTextureDesc *texDesc, const void *resViewDesc);
hipError_t hipDestroyTextureObject(hipTextureObject_t textureObject);
hipError_t hipGetTextureObjectResourceDesc(hipResourceDesc *resDesc, hipTextureObject_t textureObject);
hipError_t hipGetTextureObjectTextureDesc(hipTextureDesc *texDesc, hipTextureObject_t textureObject);
#ifdef __cplusplus
}
#endif

#if defined(__cplusplus) && defined(__HIP__)
template <typename T> __device__ T tex1Dfetch(hipTextureObject_t textureObject, int x);
#endif

#endif  // HIP_INCLUDE_HIP_HIPVK_DETAIL_TEXTURE_API_H
