// ROCm's hip_deprecated.h: the attribute ROCm puts on deprecated API entry points.
#pragma once
#ifndef DEPRECATED
#define DEPRECATED(msg) __attribute__((deprecated(msg)))
#endif
#ifndef HIP_DEPRECATED_MSG
#define HIP_DEPRECATED_MSG "This API is marked as deprecated and may not be supported in future releases."
#endif
