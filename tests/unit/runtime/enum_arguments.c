// C callers of the HIP API with any int as an enum argument (enum_arguments.h). In C an enum's
// values are ints; in the C++ runtime, a value outside the enumerators' range is not one of the
// enum type, so the runtime must read these arguments as integers (runtime/api/api.h, enumValue).
// Under UBSan (the sanitizer leg of scripts/test.sh) a runtime that loads them as the enum stops
// the test with "load of value ..., which is not a valid value for type".
#include "enum_arguments.h"

#include <string.h>

hipError_t c_hipDeviceGetLimit(size_t *value, int limit) { return hipDeviceGetLimit(value, (hipLimit_t)limit); }
hipError_t c_hipDeviceSetLimit(int limit, size_t value) { return hipDeviceSetLimit((hipLimit_t)limit, value); }
hipError_t c_hipDeviceSetCacheConfig(int config) { return hipDeviceSetCacheConfig((hipFuncCache_t)config); }
hipError_t c_hipDeviceSetSharedMemConfig(int config) { return hipDeviceSetSharedMemConfig((hipSharedMemConfig)config); }
hipError_t c_hipDeviceGetAttribute(int *value, int attribute, int device) {
  return hipDeviceGetAttribute(value, (hipDeviceAttribute_t)attribute, device);
}
hipError_t c_hipMemcpy(void *dst, const void *src, size_t bytes, int kind) {
  return hipMemcpy(dst, src, bytes, (hipMemcpyKind)kind);
}
hipError_t c_hipMemcpyAsync(void *dst, const void *src, size_t bytes, int kind, hipStream_t stream) {
  return hipMemcpyAsync(dst, src, bytes, (hipMemcpyKind)kind, stream);
}
hipError_t c_hipMemcpy2D(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width, size_t height, int kind) {
  return hipMemcpy2D(dst, dpitch, src, spitch, width, height, (hipMemcpyKind)kind);
}
hipError_t c_hipMemcpy3D(void *dst, const void *src, size_t bytes, int kind) {
  hipMemcpy3DParms p;
  memset(&p, 0, sizeof p);
  p.dstPtr = make_hipPitchedPtr(dst, bytes, bytes, 1);
  p.srcPtr = make_hipPitchedPtr((void *)src, bytes, bytes, 1);
  p.extent = make_hipExtent(bytes, 1, 1);
  p.kind = (hipMemcpyKind)kind;
  return hipMemcpy3D(&p);
}
hipError_t c_hipMemAdvise(const void *ptr, size_t bytes, int advice, int device) {
  return hipMemAdvise(ptr, bytes, (hipMemoryAdvise)advice, device);
}
hipError_t c_hipMemRangeGetAttribute(void *data, size_t dataSize, int attribute, const void *ptr, size_t bytes) {
  return hipMemRangeGetAttribute(data, dataSize, (hipMemRangeAttribute)attribute, ptr, bytes);
}
hipError_t c_hipMemPoolGetAttribute(hipMemPool_t pool, int attribute, void *value) {
  return hipMemPoolGetAttribute(pool, (hipMemPoolAttr)attribute, value);
}
hipError_t c_hipMemPoolCreate(hipMemPool_t *pool, int allocType, int locationType) {
  hipMemPoolProps props;
  memset(&props, 0, sizeof props);
  props.allocType = (hipMemAllocationType)allocType;
  props.location.type = (hipMemLocationType)locationType;
  return hipMemPoolCreate(pool, &props);
}
hipError_t c_hipPointerGetAttribute(void *data, int attribute, void *ptr) {
  return hipPointerGetAttribute(data, (hipPointer_attribute)attribute, (hipDeviceptr_t)ptr);
}
const char *c_hipGetErrorName(int error) { return hipGetErrorName((hipError_t)error); }
const char *c_hipGetErrorString(int error) { return hipGetErrorString((hipError_t)error); }
