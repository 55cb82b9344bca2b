// Complex numbers of HIP: hipFloatComplex (= float2), hipDoubleComplex (= double2), hipComplex,
// and the hipC* functions, in host and device code. Same names, types and formulas (evaluation
// order) as ROCm 6.2's hip_complex.h: the products and quotients below are the textbook ones,
// without scaling (like ROCm's, they can overflow for huge operands).
#pragma once

#include <hip/hipvk_detail/host_defines.h>
#include <hip/hip_vector_types.h>

#if defined(__cplusplus)
#include <cmath>
#define __HIPVK_CX __host__ __device__ static inline
#else
#include <math.h>
#define __HIPVK_CX static inline
#endif

typedef float2 hipFloatComplex;
typedef double2 hipDoubleComplex;
typedef hipFloatComplex hipComplex;

#define __HIPVK_COMPLEX_FUNCS(C, T, S, SQRT)                                                    \
  __HIPVK_CX T hipCreal##S(C z) { return z.x; }                                                  \
  __HIPVK_CX T hipCimag##S(C z) { return z.y; }                                                  \
  __HIPVK_CX C hipConj##S(C z) { return make_##C##_(z.x, -z.y); }                                \
  __HIPVK_CX T hipCsqabs##S(C z) { return z.x * z.x + z.y * z.y; }                               \
  __HIPVK_CX C hipCadd##S(C p, C q) { return make_##C##_(p.x + q.x, p.y + q.y); }                \
  __HIPVK_CX C hipCsub##S(C p, C q) { return make_##C##_(p.x - q.x, p.y - q.y); }                \
  __HIPVK_CX C hipCmul##S(C p, C q) {                                                            \
    return make_##C##_(p.x * q.x - p.y * q.y, p.y * q.x + p.x * q.y);                            \
  }                                                                                              \
  __HIPVK_CX C hipCdiv##S(C p, C q) {                                                            \
    T d = hipCsqabs##S(q);                                                                       \
    return make_##C##_((p.x * q.x + p.y * q.y) / d, (p.y * q.x - p.x * q.y) / d);                \
  }                                                                                              \
  __HIPVK_CX T hipCabs##S(C z) { return SQRT(hipCsqabs##S(z)); }                                 \
  /* p * q + r */                                                                                \
  __HIPVK_CX C hipCfma##S(C p, C q, C r) {                                                       \
    T re = p.x * q.x + r.x;                                                                      \
    T im = q.x * p.y + r.y;                                                                      \
    re = -(p.y * q.y) + re;                                                                      \
    im = p.x * q.y + im;                                                                         \
    return make_##C##_(re, im);                                                                  \
  }

#define make_hipFloatComplex_ make_hipFloatComplex
#define make_hipDoubleComplex_ make_hipDoubleComplex
__HIPVK_CX hipFloatComplex make_hipFloatComplex(float re, float im) { return make_float2(re, im); }
__HIPVK_CX hipDoubleComplex make_hipDoubleComplex(double re, double im) { return make_double2(re, im); }
__HIPVK_CX hipComplex make_hipComplex(float re, float im) { return make_float2(re, im); }

// sqrtf/sqrt: the C library on the host, hipvk's device overloads (hipvk_detail/math_functions.h)
// in device code.
#define __HIPVK_SQRTF sqrtf
#define __HIPVK_SQRT sqrt
__HIPVK_COMPLEX_FUNCS(hipFloatComplex, float, f, __HIPVK_SQRTF)
__HIPVK_COMPLEX_FUNCS(hipDoubleComplex, double, , __HIPVK_SQRT)

__HIPVK_CX hipFloatComplex hipComplexDoubleToFloat(hipDoubleComplex z) {
  return make_float2((float)z.x, (float)z.y);
}
__HIPVK_CX hipDoubleComplex hipComplexFloatToDouble(hipFloatComplex z) {
  return make_double2((double)z.x, (double)z.y);
}

#undef __HIPVK_COMPLEX_FUNCS
#undef make_hipFloatComplex_
#undef make_hipDoubleComplex_
#undef __HIPVK_SQRTF
#undef __HIPVK_SQRT
#undef __HIPVK_CX
