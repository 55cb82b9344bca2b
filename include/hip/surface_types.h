// Surface object types of HIP (ROCm 6.2's surface_types.h names and values). hipvk status: the
// types exist so that programs compile; surface objects are not implemented yet.
#ifndef HIP_INCLUDE_HIP_SURFACE_TYPES_H
#define HIP_INCLUDE_HIP_SURFACE_TYPES_H

typedef struct __hip_surface *hipSurfaceObject_t;

enum hipSurfaceBoundaryMode {
  hipBoundaryModeZero = 0,
  hipBoundaryModeTrap = 1,
  hipBoundaryModeClamp = 2
};

#endif  // HIP_INCLUDE_HIP_SURFACE_TYPES_H
