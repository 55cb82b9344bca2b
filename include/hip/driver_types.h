// Driver-level HIP types, source compatible with ROCm 6.2's hip/driver_types.h (same names, same
// enum values, same struct layouts): device pointers, copy kinds, pitched/3-D extents and the
// function attributes of the module API. hip_runtime_api.h includes this header; plain C and
// C++ host code may include it on its own.
#ifndef HIP_INCLUDE_HIP_DRIVER_TYPES_H
#define HIP_INCLUDE_HIP_DRIVER_TYPES_H

#ifdef __cplusplus
#include <cstddef>
#else
#include <stddef.h>
#endif

#include "hip/hipvk_detail/host_defines.h"

// A device address as the driver API sees it: on hipvk a Vulkan buffer device address.
typedef void *hipDeviceptr_t;

typedef enum hipMemcpyKind {
  hipMemcpyHostToHost = 0,
  hipMemcpyHostToDevice = 1,
  hipMemcpyDeviceToHost = 2,
  hipMemcpyDeviceToDevice = 3,
  hipMemcpyDefault = 4  // direction inferred from the pointers
} hipMemcpyKind;

// What hipFuncGetAttribute reports for a hipFunction_t.
typedef enum hipFunction_attribute {
  HIP_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK = 0,
  HIP_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES,
  HIP_FUNC_ATTRIBUTE_CONST_SIZE_BYTES,
  HIP_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES,
  HIP_FUNC_ATTRIBUTE_NUM_REGS,
  HIP_FUNC_ATTRIBUTE_PTX_VERSION,
  HIP_FUNC_ATTRIBUTE_BINARY_VERSION,
  HIP_FUNC_ATTRIBUTE_CACHE_MODE_CA,
  HIP_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
  HIP_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT,
  HIP_FUNC_ATTRIBUTE_MAX
} hipFunction_attribute;

// Texel channels of arrays and textures (hipCreateChannelDesc, channel_descriptor.h).
typedef enum hipChannelFormatKind {
  hipChannelFormatKindSigned = 0,
  hipChannelFormatKindUnsigned = 1,
  hipChannelFormatKindFloat = 2,
  hipChannelFormatKindNone = 3
} hipChannelFormatKind;

typedef struct hipChannelFormatDesc {
  int x;  // bits of each channel
  int y;
  int z;
  int w;
  enum hipChannelFormatKind f;
} hipChannelFormatDesc;

typedef struct hipPitchedPtr {
  void *ptr;
  size_t pitch;
  size_t xsize;
  size_t ysize;
} hipPitchedPtr;

typedef struct hipExtent {
  size_t width;  // bytes for linear memory
  size_t height;
  size_t depth;
} hipExtent;

typedef struct hipPos {
  size_t x;
  size_t y;
  size_t z;
} hipPos;

// CUDA-style arrays (opaque; hipvk does not implement arrays yet: copies naming one are refused).
typedef struct hipArray *hipArray_t;
typedef const struct hipArray *hipArray_const_t;
typedef struct hipMipmappedArray *hipMipmappedArray_t;

// What a texture object reads (hipCreateTextureObject; ROCm's names, values and layout).
typedef enum hipResourceType {
  hipResourceTypeArray = 0x00,
  hipResourceTypeMipmappedArray = 0x01,
  hipResourceTypeLinear = 0x02,
  hipResourceTypePitch2D = 0x03
} hipResourceType;

typedef struct hipResourceDesc {
  enum hipResourceType resType;
  union {
    struct {
      hipArray_t array;
    } array;
    struct {
      hipMipmappedArray_t mipmap;
    } mipmap;
    struct {
      void *devPtr;
      struct hipChannelFormatDesc desc;
      size_t sizeInBytes;
    } linear;
    struct {
      void *devPtr;
      struct hipChannelFormatDesc desc;
      size_t width;
      size_t height;
      size_t pitchInBytes;
    } pitch2D;
  } res;
} hipResourceDesc;

// hipMemcpy3D: positions and widths in bytes for linear memory; an array side is not supported.
typedef struct hipMemcpy3DParms {
  hipArray_t srcArray;
  struct hipPos srcPos;
  struct hipPitchedPtr srcPtr;
  hipArray_t dstArray;
  struct hipPos dstPos;
  struct hipPitchedPtr dstPtr;
  struct hipExtent extent;
  enum hipMemcpyKind kind;
} hipMemcpy3DParms;

static inline hipPitchedPtr make_hipPitchedPtr(void *d, size_t p, size_t xsz, size_t ysz) {
  hipPitchedPtr r;
  r.ptr = d;
  r.pitch = p;
  r.xsize = xsz;
  r.ysize = ysz;
  return r;
}

static inline hipExtent make_hipExtent(size_t w, size_t h, size_t d) {
  hipExtent r;
  r.width = w;
  r.height = h;
  r.depth = d;
  return r;
}

static inline hipPos make_hipPos(size_t x, size_t y, size_t z) {
  hipPos r;
  r.x = x;
  r.y = y;
  r.z = z;
  return r;
}

#endif  // HIP_INCLUDE_HIP_DRIVER_TYPES_H
