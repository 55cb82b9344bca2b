// Calls of the HIP API with enum arguments made in C (enum_arguments.c), where any int is a value
// of an enum type: what a C program, or a binding from another language, may pass.
#pragma once

#include <hip/hip_runtime_api.h>

#ifdef __cplusplus
extern "C" {
#endif

hipError_t c_hipDeviceGetLimit(size_t *value, int limit);
hipError_t c_hipDeviceSetLimit(int limit, size_t value);
hipError_t c_hipDeviceSetCacheConfig(int config);
hipError_t c_hipDeviceSetSharedMemConfig(int config);
hipError_t c_hipDeviceGetAttribute(int *value, int attribute, int device);
hipError_t c_hipMemcpy(void *dst, const void *src, size_t bytes, int kind);
hipError_t c_hipMemcpyAsync(void *dst, const void *src, size_t bytes, int kind, hipStream_t stream);
hipError_t c_hipMemcpy2D(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width, size_t height, int kind);
hipError_t c_hipMemcpy3D(void *dst, const void *src, size_t bytes, int kind);
hipError_t c_hipMemAdvise(const void *ptr, size_t bytes, int advice, int device);
hipError_t c_hipMemRangeGetAttribute(void *data, size_t dataSize, int attribute, const void *ptr, size_t bytes);
hipError_t c_hipMemPoolGetAttribute(hipMemPool_t pool, int attribute, void *value);
hipError_t c_hipMemPoolCreate(hipMemPool_t *pool, int allocType, int locationType);
hipError_t c_hipPointerGetAttribute(void *data, int attribute, void *ptr);
const char *c_hipGetErrorName(int error);
const char *c_hipGetErrorString(int error);

#ifdef __cplusplus
}
#endif
