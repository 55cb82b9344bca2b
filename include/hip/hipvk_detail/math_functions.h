// Basic device math: the functions that are exact or correctly rounded and map one-to-one to LLVM
// intrinsics through Clang builtins (llvm.sqrt, llvm.fabs, llvm.minnum, llvm.floor, llvm.fma, ...).
//
// Transcendental functions (sinf, expf, logf, powf, ...) are NOT declared for device code yet:
// calling one from a kernel is a compile error ("reference to __host__ function"), never a wrong
// answer. The math library with HIP's ULP bounds is a later step.
//
// The device overloads sit beside the C library's host declarations (Clang overloads functions on
// their __host__/__device__ target), so <cmath> and <math.h> may be included before or after.
#pragma once

#include <hip/hipvk_detail/host_defines.h>

#if defined(__HIP__)

#define __HIPVK_MATH __device__ __forceinline__
#define __HIPVK_HD __host__ __device__ __forceinline__ constexpr

// ---- float --------------------------------------------------------------------------------------
__HIPVK_MATH float sqrtf(float x) { return __builtin_sqrtf(x); }
__HIPVK_MATH float fabsf(float x) { return __builtin_fabsf(x); }
__HIPVK_MATH float fminf(float x, float y) { return __builtin_fminf(x, y); }
__HIPVK_MATH float fmaxf(float x, float y) { return __builtin_fmaxf(x, y); }
__HIPVK_MATH float floorf(float x) { return __builtin_floorf(x); }
__HIPVK_MATH float ceilf(float x) { return __builtin_ceilf(x); }
__HIPVK_MATH float truncf(float x) { return __builtin_truncf(x); }
__HIPVK_MATH float roundf(float x) { return __builtin_roundf(x); }
__HIPVK_MATH float rintf(float x) { return __builtin_rintf(x); }
__HIPVK_MATH float nearbyintf(float x) { return __builtin_nearbyintf(x); }
__HIPVK_MATH float fmaf(float x, float y, float z) { return __builtin_fmaf(x, y, z); }
__HIPVK_MATH float copysignf(float x, float y) { return __builtin_copysignf(x, y); }

// ---- double -------------------------------------------------------------------------------------
__HIPVK_MATH double sqrt(double x) { return __builtin_sqrt(x); }
__HIPVK_MATH double fabs(double x) { return __builtin_fabs(x); }
__HIPVK_MATH double fmin(double x, double y) { return __builtin_fmin(x, y); }
__HIPVK_MATH double fmax(double x, double y) { return __builtin_fmax(x, y); }
__HIPVK_MATH double floor(double x) { return __builtin_floor(x); }
__HIPVK_MATH double ceil(double x) { return __builtin_ceil(x); }
__HIPVK_MATH double trunc(double x) { return __builtin_trunc(x); }
__HIPVK_MATH double round(double x) { return __builtin_round(x); }
__HIPVK_MATH double rint(double x) { return __builtin_rint(x); }
__HIPVK_MATH double nearbyint(double x) { return __builtin_nearbyint(x); }
__HIPVK_MATH double fma(double x, double y, double z) { return __builtin_fma(x, y, z); }
__HIPVK_MATH double copysign(double x, double y) { return __builtin_copysign(x, y); }

// ---- C++ float overloads of the double names (sqrt(1.0f) stays float, as in <cmath>) -------------
__HIPVK_MATH float sqrt(float x) { return __builtin_sqrtf(x); }
__HIPVK_MATH float fabs(float x) { return __builtin_fabsf(x); }
__HIPVK_MATH float fmin(float x, float y) { return __builtin_fminf(x, y); }
__HIPVK_MATH float fmax(float x, float y) { return __builtin_fmaxf(x, y); }
__HIPVK_MATH float floor(float x) { return __builtin_floorf(x); }
__HIPVK_MATH float ceil(float x) { return __builtin_ceilf(x); }
__HIPVK_MATH float trunc(float x) { return __builtin_truncf(x); }
__HIPVK_MATH float round(float x) { return __builtin_roundf(x); }
__HIPVK_MATH float rint(float x) { return __builtin_rintf(x); }
__HIPVK_MATH float nearbyint(float x) { return __builtin_nearbyintf(x); }
__HIPVK_MATH float fma(float x, float y, float z) { return __builtin_fmaf(x, y, z); }
__HIPVK_MATH float copysign(float x, float y) { return __builtin_copysignf(x, y); }

// ---- integers -----------------------------------------------------------------------------------
__HIPVK_MATH int abs(int x) { return x < 0 ? -x : x; }
__HIPVK_MATH long labs(long x) { return x < 0 ? -x : x; }
__HIPVK_MATH long long llabs(long long x) { return x < 0 ? -x : x; }

// min/max overloads (host and device, like HIP's): exact matches for the common types. The float
// ones follow fminf/fmaxf (a NaN operand yields the other operand).
#define __HIPVK_MINMAX(T)                                                  \
  __HIPVK_HD T min(T a, T b) { return b < a ? b : a; }                     \
  __HIPVK_HD T max(T a, T b) { return a < b ? b : a; }
__HIPVK_MINMAX(int)
__HIPVK_MINMAX(unsigned int)
__HIPVK_MINMAX(long)
__HIPVK_MINMAX(unsigned long)
__HIPVK_MINMAX(long long)
__HIPVK_MINMAX(unsigned long long)
#undef __HIPVK_MINMAX
__host__ __device__ __forceinline__ float min(float a, float b) { return __builtin_fminf(a, b); }
__host__ __device__ __forceinline__ float max(float a, float b) { return __builtin_fmaxf(a, b); }
__host__ __device__ __forceinline__ double min(double a, double b) { return __builtin_fmin(a, b); }
__host__ __device__ __forceinline__ double max(double a, double b) { return __builtin_fmax(a, b); }

#undef __HIPVK_HD
#undef __HIPVK_MATH

// Make std::sqrt(x) & co. see the device overloads too (as Clang's own CUDA/HIP headers do): the
// using-declarations <cmath> made before these declarations existed would not.
namespace std {
using ::sqrt; using ::fabs; using ::fmin; using ::fmax; using ::floor; using ::ceil; using ::trunc;
using ::round; using ::rint; using ::nearbyint; using ::fma; using ::copysign;
using ::sqrtf; using ::fabsf; using ::fminf; using ::fmaxf; using ::floorf; using ::ceilf;
using ::truncf; using ::roundf; using ::rintf; using ::nearbyintf; using ::fmaf; using ::copysignf;
using ::abs; using ::labs; using ::llabs;
}  // namespace std

#endif  // __HIP__
