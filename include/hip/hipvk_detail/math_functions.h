// Device math: HIP's single- and double-precision math API. The functions are ROCm's OCML
// (hipvk_detail/ocml.h), linked as bitcode by the backend, which lowers the few AMDGPU operations
// OCML uses exactly (compiler/devicelib/math.hip): the accuracy is ROCm's on every Vulkan driver
// (docs/MATH.md has the measured errors). Functions that are exact, or correctly rounded in one
// LLVM operation (fabs, floor, sqrtf...), map to Clang builtins.
//
// The device functions overload the C library's host functions by target, so <cmath> and
// <math.h> may be included before or after, and __host__ __device__ code calls the right one on
// each side. The C names (sinf, sin), the C++ float overloads of the double names (sin(1.0f) is
// float, as in <cmath>), integer arguments (sin(1) is double) and mixed argument types (pow(2.0f, 3))
// all resolve as in <cmath>; std::sin & co. name them too.
#pragma once

#include <hip/hipvk_detail/host_defines.h>
#include <hip/hipvk_detail/math_intrinsics.h>
#include <hip/hipvk_detail/ocml.h>

#if defined(__HIP__)

#include <type_traits>

#define __HIPVK_MATH __device__ __forceinline__
#define __HIPVK_HD __host__ __device__ __forceinline__ constexpr

// ---- one argument: C names float and double, the C++ float overload -----------------------------
// (F32, F64: the float and double functions.)
#define __HIPVK_MATH_1(NAME, F32, F64)                                                    \
  __HIPVK_MATH float NAME##f(float x) { return F32(x); }                                  \
  __HIPVK_MATH double NAME(double x) { return F64(x); }                                   \
  __HIPVK_MATH float NAME(float x) { return F32(x); }                                     \
  template <typename T, std::enable_if_t<std::is_integral_v<T>, int> = 0>                 \
  __HIPVK_MATH double NAME(T x) { return F64(double(x)); }
#define __HIPVK_OCML_1_F(NAME, OCML, F32) __HIPVK_MATH_1(NAME, F32, __ocml_##OCML##_f64)
#define __HIPVK_OCML_1(NAME, OCML) __HIPVK_OCML_1_F(NAME, OCML, __ocml_##OCML##_f32)
// Under -ffast-math and -fgpu-approx-transcendentals (Clang defines
// __CLANG_GPU_APPROX_TRANSCENDENTALS__ for both), sinf, cosf, logf and log2f are the fast
// intrinsics __sinf, __cosf, __logf and __log2f, as in ROCm's and Clang's HIP headers; the double
// functions stay exact.
#if defined(__CLANG_GPU_APPROX_TRANSCENDENTALS__)
#define __HIPVK_MATH_1_APPROX(NAME, F32, F64) __HIPVK_MATH_1(NAME, __##NAME##f, F64)
#else
#define __HIPVK_MATH_1_APPROX(NAME, F32, F64) __HIPVK_MATH_1(NAME, F32, F64)
#endif
#define __HIPVK_OCML_1_APPROX(NAME, OCML, F32) __HIPVK_MATH_1_APPROX(NAME, F32, __ocml_##OCML##_f64)
// The float exp and log families, sinf, cosf and erff, and double exp, sin and cos are hipvk's
// (compiler/devicelib/math.hip): evaluated directly on devices with the fma algorithms, OCML's
// elsewhere.
extern "C" __device__ __attribute__((const)) float __hipvk_expf(float);
extern "C" __device__ __attribute__((const)) float __hipvk_exp2f(float);
extern "C" __device__ __attribute__((const)) float __hipvk_exp10f(float);
extern "C" __device__ __attribute__((const)) float __hipvk_logf(float);
extern "C" __device__ __attribute__((const)) float __hipvk_log2f(float);
extern "C" __device__ __attribute__((const)) float __hipvk_log10f(float);
extern "C" __device__ __attribute__((const)) float __hipvk_sinf(float);
extern "C" __device__ __attribute__((const)) float __hipvk_cosf(float);
extern "C" __device__ __attribute__((const)) float __hipvk_erff(float);
extern "C" __device__ __attribute__((const)) double __hipvk_exp(double);
extern "C" __device__ __attribute__((const)) double __hipvk_sin(double);
extern "C" __device__ __attribute__((const)) double __hipvk_cos(double);
__HIPVK_OCML_1(acos, acos)
__HIPVK_OCML_1(acosh, acosh)
__HIPVK_OCML_1(asin, asin)
__HIPVK_OCML_1(asinh, asinh)
__HIPVK_OCML_1(atan, atan)
__HIPVK_OCML_1(atanh, atanh)
__HIPVK_OCML_1(cbrt, cbrt)
__HIPVK_MATH_1_APPROX(cos, __hipvk_cosf, __hipvk_cos)
__HIPVK_OCML_1(cosh, cosh)
__HIPVK_OCML_1(cospi, cospi)
__HIPVK_OCML_1(cyl_bessel_i0, i0)
__HIPVK_OCML_1(cyl_bessel_i1, i1)
__HIPVK_OCML_1_F(erf, erf, __hipvk_erff)
__HIPVK_OCML_1(erfc, erfc)
__HIPVK_OCML_1(erfcinv, erfcinv)
__HIPVK_OCML_1(erfcx, erfcx)
__HIPVK_OCML_1(erfinv, erfinv)
__HIPVK_MATH_1(exp, __hipvk_expf, __hipvk_exp)
__HIPVK_OCML_1_F(exp10, exp10, __hipvk_exp10f)
__HIPVK_OCML_1_F(exp2, exp2, __hipvk_exp2f)
__HIPVK_OCML_1(j0, j0)
__HIPVK_OCML_1(j1, j1)
__HIPVK_OCML_1(lgamma, lgamma)
__HIPVK_OCML_1_APPROX(log, log, __hipvk_logf)
__HIPVK_OCML_1_F(log10, log10, __hipvk_log10f)
__HIPVK_OCML_1_APPROX(log2, log2, __hipvk_log2f)
__HIPVK_OCML_1(logb, logb)
__HIPVK_OCML_1(normcdf, ncdf)
__HIPVK_OCML_1(normcdfinv, ncdfinv)
__HIPVK_OCML_1(rcbrt, rcbrt)
__HIPVK_OCML_1_F(rsqrt, rsqrt, __hipvk_rsqrtf)
__HIPVK_MATH_1_APPROX(sin, __hipvk_sinf, __hipvk_sin)
__HIPVK_OCML_1(sinh, sinh)
__HIPVK_OCML_1(sinpi, sinpi)
__HIPVK_OCML_1(tan, tan)
__HIPVK_OCML_1(tanh, tanh)
__HIPVK_OCML_1(y0, y0)
__HIPVK_OCML_1(y1, y1)
#undef __HIPVK_MATH_1
#undef __HIPVK_MATH_1_APPROX
#undef __HIPVK_OCML_1
#undef __HIPVK_OCML_1_APPROX
#undef __HIPVK_OCML_1_F

// OCML's single-precision tgamma is 9 ulp off near 1 (measured, docs/MATH.md); evaluated in
// double and rounded once it is correctly rounded but for rare cases, within CUDA's 5 ulp.
__HIPVK_MATH float tgammaf(float x) { return float(__ocml_tgamma_f64(double(x))); }
__HIPVK_MATH double tgamma(double x) { return __ocml_tgamma_f64(x); }
__HIPVK_MATH float tgamma(float x) { return tgammaf(x); }
template <typename T, std::enable_if_t<std::is_integral_v<T>, int> = 0>
__HIPVK_MATH double tgamma(T x) { return __ocml_tgamma_f64(double(x)); }

// OCML's expm1 and log1p return +0 for -0 (C99: -0): zeros pass through.
__HIPVK_MATH float expm1f(float x) { return x == 0.0f ? x : __ocml_expm1_f32(x); }
__HIPVK_MATH double expm1(double x) { return x == 0.0 ? x : __ocml_expm1_f64(x); }
__HIPVK_MATH float expm1(float x) { return expm1f(x); }
template <typename T, std::enable_if_t<std::is_integral_v<T>, int> = 0>
__HIPVK_MATH double expm1(T x) { return expm1(double(x)); }
__HIPVK_MATH float log1pf(float x) { return x == 0.0f ? x : __ocml_log1p_f32(x); }
__HIPVK_MATH double log1p(double x) { return x == 0.0 ? x : __ocml_log1p_f64(x); }
__HIPVK_MATH float log1p(float x) { return log1pf(x); }
template <typename T, std::enable_if_t<std::is_integral_v<T>, int> = 0>
__HIPVK_MATH double log1p(T x) { return log1p(double(x)); }

// ---- two arguments; mixed arithmetic types promote as in <cmath> (pow(2.0f, 3) is double) --------
template <typename A, typename B>
inline constexpr bool __hipvk_promotes =
    std::is_arithmetic_v<A> && std::is_arithmetic_v<B> &&
    !(std::is_same_v<A, B> && std::is_floating_point_v<A>) && !(std::is_same_v<A, float> && std::is_same_v<B, float>);
#define __HIPVK_OCML_2_F(NAME, OCML, F32)                                                                    \
  __HIPVK_MATH float NAME##f(float x, float y) { return F32(x, y); }                                         \
  __HIPVK_MATH double NAME(double x, double y) { return __ocml_##OCML##_f64(x, y); }                         \
  __HIPVK_MATH float NAME(float x, float y) { return F32(x, y); }                                            \
  template <typename A, typename B, std::enable_if_t<__hipvk_promotes<A, B>, int> = 0>                      \
  __HIPVK_MATH double NAME(A x, B y) { return __ocml_##OCML##_f64(double(x), double(y)); }
#define __HIPVK_OCML_2(NAME, OCML) __HIPVK_OCML_2_F(NAME, OCML, __ocml_##OCML##_f32)
// powf is hipvk's (compiler/devicelib/math.hip), as the exp and log families above.
extern "C" __device__ __attribute__((const)) float __hipvk_powf(float, float);
__HIPVK_OCML_2(atan2, atan2)
__HIPVK_OCML_2(fdim, fdim)
__HIPVK_OCML_2(fmod, fmod)
__HIPVK_OCML_2(hypot, hypot)
__HIPVK_OCML_2(nextafter, nextafter)
__HIPVK_OCML_2_F(pow, pow, __hipvk_powf)
__HIPVK_OCML_2(remainder, remainder)
__HIPVK_OCML_2(rhypot, rhypot)
#undef __HIPVK_OCML_2
#undef __HIPVK_OCML_2_F

// ---- exact or correctly rounded in one LLVM operation --------------------------------------------
#define __HIPVK_BUILTIN_1(NAME)                                                         \
  __HIPVK_MATH float NAME##f(float x) { return __builtin_##NAME##f(x); }                \
  __HIPVK_MATH double NAME(double x) { return __builtin_##NAME(x); }                    \
  __HIPVK_MATH float NAME(float x) { return __builtin_##NAME##f(x); }                   \
  template <typename T, std::enable_if_t<std::is_integral_v<T>, int> = 0>               \
  __HIPVK_MATH double NAME(T x) { return __builtin_##NAME(double(x)); }
__HIPVK_BUILTIN_1(fabs)
__HIPVK_BUILTIN_1(floor)
__HIPVK_BUILTIN_1(ceil)
__HIPVK_BUILTIN_1(trunc)
__HIPVK_BUILTIN_1(round)
__HIPVK_BUILTIN_1(rint)
__HIPVK_BUILTIN_1(nearbyint)
#undef __HIPVK_BUILTIN_1
#define __HIPVK_BUILTIN_2(NAME)                                                                              \
  __HIPVK_MATH float NAME##f(float x, float y) { return __builtin_##NAME##f(x, y); }                         \
  __HIPVK_MATH double NAME(double x, double y) { return __builtin_##NAME(x, y); }                            \
  __HIPVK_MATH float NAME(float x, float y) { return __builtin_##NAME##f(x, y); }                            \
  template <typename A, typename B, std::enable_if_t<__hipvk_promotes<A, B>, int> = 0>                      \
  __HIPVK_MATH double NAME(A x, B y) { return __builtin_##NAME(double(x), double(y)); }
__HIPVK_BUILTIN_2(fmin)
__HIPVK_BUILTIN_2(fmax)
__HIPVK_BUILTIN_2(copysign)
#undef __HIPVK_BUILTIN_2

// sqrtf is correctly rounded by the backend; double sqrt is OCML's (Vulkan's double Sqrt is not).
__HIPVK_MATH float sqrtf(float x) { return __builtin_sqrtf(x); }
__HIPVK_MATH float sqrt(float x) { return __builtin_sqrtf(x); }
__HIPVK_MATH double sqrt(double x) { return __ocml_sqrt_f64(x); }
template <typename T, std::enable_if_t<std::is_integral_v<T>, int> = 0>
__HIPVK_MATH double sqrt(T x) { return __ocml_sqrt_f64(double(x)); }

// fma is rounded once on every driver (an exact emulation where the driver's Fma may not be fused).
__HIPVK_MATH float fmaf(float x, float y, float z) { return __builtin_fmaf(x, y, z); }
__HIPVK_MATH float fma(float x, float y, float z) { return __builtin_fmaf(x, y, z); }
__HIPVK_MATH double fma(double x, double y, double z) { return __builtin_fma(x, y, z); }

// ---- functions with integer or pointer arguments ---------------------------------------------------
__HIPVK_MATH float ldexpf(float x, int n) { return __ocml_ldexp_f32(x, n); }
__HIPVK_MATH float ldexp(float x, int n) { return __ocml_ldexp_f32(x, n); }
__HIPVK_MATH double ldexp(double x, int n) { return __ocml_ldexp_f64(x, n); }
__HIPVK_MATH float scalbnf(float x, int n) { return __ocml_scalbn_f32(x, n); }
__HIPVK_MATH float scalbn(float x, int n) { return __ocml_scalbn_f32(x, n); }
__HIPVK_MATH double scalbn(double x, int n) { return __ocml_scalbn_f64(x, n); }
__HIPVK_MATH float scalblnf(float x, long n) {
  return __ocml_scalbn_f32(x, n > 1000 ? 1000 : n < -1000 ? -1000 : int(n));
}
__HIPVK_MATH float scalbln(float x, long n) { return scalblnf(x, n); }
__HIPVK_MATH double scalbln(double x, long n) {
  return __ocml_scalbn_f64(x, n > 5000 ? 5000 : n < -5000 ? -5000 : int(n));
}
__HIPVK_MATH int ilogbf(float x) { return __ocml_ilogb_f32(x); }
__HIPVK_MATH int ilogb(float x) { return __ocml_ilogb_f32(x); }
__HIPVK_MATH int ilogb(double x) { return __ocml_ilogb_f64(x); }
__HIPVK_MATH float powif(float x, int n) { return __ocml_pown_f32(x, n); }
__HIPVK_MATH double powi(double x, int n) { return __ocml_pown_f64(x, n); }
__HIPVK_MATH float pow(float x, int n) { return __ocml_pown_f32(x, n); }
__HIPVK_MATH double pow(double x, int n) { return __ocml_pown_f64(x, n); }
__HIPVK_MATH float nanf(const char *) { return __ocml_nan_f32(0); }
__HIPVK_MATH double nan(const char *) { return __ocml_nan_f64(0); }

// Results through pointers in any address space: OCML writes a private temporary, copied out.
#define __HIPVK_OUT(T, CALL) \
  T __out;                   \
  auto __r = CALL;           \
  *out = __out;              \
  return __r;
#define __HIPVK_PRIV(p) ((__HIPVK_PRIVATE decltype(__out) *)&p)
__HIPVK_MATH float frexpf(float x, int *out) { __HIPVK_OUT(int, __ocml_frexp_f32(x, __HIPVK_PRIV(__out))) }
__HIPVK_MATH float frexp(float x, int *out) { return frexpf(x, out); }
__HIPVK_MATH double frexp(double x, int *out) { __HIPVK_OUT(int, __ocml_frexp_f64(x, __HIPVK_PRIV(__out))) }
__HIPVK_MATH float modff(float x, float *out) { __HIPVK_OUT(float, __ocml_modf_f32(x, __HIPVK_PRIV(__out))) }
__HIPVK_MATH float modf(float x, float *out) { return modff(x, out); }
__HIPVK_MATH double modf(double x, double *out) { __HIPVK_OUT(double, __ocml_modf_f64(x, __HIPVK_PRIV(__out))) }
__HIPVK_MATH float remquof(float x, float y, int *out) { __HIPVK_OUT(int, __ocml_remquo_f32(x, y, __HIPVK_PRIV(__out))) }
__HIPVK_MATH float remquo(float x, float y, int *out) { return remquof(x, y, out); }
__HIPVK_MATH double remquo(double x, double y, int *out) { __HIPVK_OUT(int, __ocml_remquo_f64(x, y, __HIPVK_PRIV(__out))) }
__HIPVK_MATH float lgammaf_r(float x, int *out) { __HIPVK_OUT(int, __ocml_lgamma_r_f32(x, __HIPVK_PRIV(__out))) }
__HIPVK_MATH double lgamma_r(double x, int *out) { __HIPVK_OUT(int, __ocml_lgamma_r_f64(x, __HIPVK_PRIV(__out))) }
#undef __HIPVK_OUT
#define __HIPVK_SINCOS(NAME, OCML, T, S)                                \
  __HIPVK_MATH void NAME(T x, T *sinOut, T *cosOut) {                   \
    T __out;                                                            \
    *sinOut = __ocml_##OCML##_##S(x, __HIPVK_PRIV(__out));               \
    *cosOut = __out;                                                    \
  }
__HIPVK_SINCOS(sincos, sincos, double, f64)
__HIPVK_SINCOS(sincospif, sincospi, float, f32)
__HIPVK_SINCOS(sincospi, sincospi, float, f32)
__HIPVK_SINCOS(sincospi, sincospi, double, f64)
#undef __HIPVK_SINCOS
// sincosf is sinf and cosf, the same bits as the two calls (hipvk's own on devices with the fma
// algorithms, OCML's sin and cos elsewhere); inlined, they share the reduction.
__HIPVK_MATH void sincosf(float x, float *sinOut, float *cosOut) {
  *sinOut = __hipvk_sinf(x);
  *cosOut = __hipvk_cosf(x);
}
__HIPVK_MATH void sincos(float x, float *sinOut, float *cosOut) { sincosf(x, sinOut, cosOut); }
#undef __HIPVK_PRIV

// ---- lengths and reciprocal lengths --------------------------------------------------------------
__HIPVK_MATH float norm3df(float a, float b, float c) { return __ocml_len3_f32(a, b, c); }
__HIPVK_MATH double norm3d(double a, double b, double c) { return __ocml_len3_f64(a, b, c); }
__HIPVK_MATH float norm4df(float a, float b, float c, float d) { return __ocml_len4_f32(a, b, c, d); }
__HIPVK_MATH double norm4d(double a, double b, double c, double d) { return __ocml_len4_f64(a, b, c, d); }
__HIPVK_MATH float rnorm3df(float a, float b, float c) { return __ocml_rlen3_f32(a, b, c); }
__HIPVK_MATH double rnorm3d(double a, double b, double c) { return __ocml_rlen3_f64(a, b, c); }
__HIPVK_MATH float rnorm4df(float a, float b, float c, float d) { return __ocml_rlen4_f32(a, b, c, d); }
__HIPVK_MATH double rnorm4d(double a, double b, double c, double d) { return __ocml_rlen4_f64(a, b, c, d); }
// Euclidean length of dim elements, scaled by the largest magnitude against overflow.
template <typename T>
__HIPVK_MATH T __hipvk_norm(int dim, const T *v, bool reciprocal) {
  T scale = 0;
  for (int i = 0; i < dim; ++i) scale = __builtin_fmax(scale, __builtin_fabs(v[i]));
  if (scale == 0 || __builtin_isinf(scale)) return reciprocal ? T(1) / scale : scale;
  T sum = 0;
  for (int i = 0; i < dim; ++i) sum += (v[i] / scale) * (v[i] / scale);
  T length = sqrt(sum) * scale;
  return reciprocal ? T(1) / length : length;
}
__HIPVK_MATH float normf(int dim, const float *v) { return __hipvk_norm(dim, v, false); }
__HIPVK_MATH double norm(int dim, const double *v) { return __hipvk_norm(dim, v, false); }
__HIPVK_MATH float rnormf(int dim, const float *v) { return __hipvk_norm(dim, v, true); }
__HIPVK_MATH double rnorm(int dim, const double *v) { return __hipvk_norm(dim, v, true); }

// ---- Bessel functions of integer order (OCML has orders 0 and 1) ---------------------------------
// Y_n by the stable forward recurrence; J_n forward where x > n, else by Miller's backward
// recurrence normalised with J_0.
template <typename T>
__HIPVK_MATH T __hipvk_yn(int n, T x) {
  if (n < 0) return (n & 1) ? -__hipvk_yn(-n, x) : __hipvk_yn(-n, x);
  T previous = ::y0(x);
  if (n == 0) return previous;
  T current = ::y1(x);
  for (int k = 1; k < n && !__builtin_isinf(current); ++k) {
    T next = T(2 * k) / x * current - previous;
    previous = current;
    current = next;
  }
  return current;
}
template <typename T>
__HIPVK_MATH T __hipvk_jn(int n, T x) {
  if (n < 0) return (n & 1) ? -__hipvk_jn(-n, x) : __hipvk_jn(-n, x);
  if (n == 0) return j0(x);
  if (n == 1) return j1(x);
  if (x == 0 || __builtin_isnan(x)) return x == 0 ? T(0) : x;
  if (__builtin_isinf(x)) return T(0);
  T ax = __builtin_fabs(x);
  T result;
  if (ax > T(n)) {
    T a = j0(ax), b = j1(ax);
    for (int k = 1; k < n; ++k) {
      T next = T(2 * k) / ax * b - a;
      a = b;
      b = next;
    }
    result = b;
  } else {
    // Start well above n (Miller); rescale on the way down against overflow.
    int start = 2 * ((n + int(ax) + 20) / 2);
    T next = 0, current = T(1e-30), kept = 0, sumEven = 0;
    for (int k = start; k > 0; --k) {
      T previous = T(2 * k) / ax * current - next;
      next = current;
      current = previous;
      if (k == n + 0) kept = next;
      if (((k - 1) & 1) == 0 && k - 1 > 0) sumEven += current;
      if (__builtin_fabs(current) > T(1e20)) {
        current *= T(1e-20);
        next *= T(1e-20);
        kept *= T(1e-20);
        sumEven *= T(1e-20);
      }
    }
    // current = J_0 (unnormalised); 1 = J_0 + 2 * sum of J_2k.
    T norm = current + 2 * sumEven;
    result = kept / norm;
  }
  return (x < 0 && (n & 1)) ? -result : result;
}
__HIPVK_MATH float jnf(int n, float x) { return __hipvk_jn(n, x); }
__HIPVK_MATH double jn(int n, double x) { return __hipvk_jn(n, x); }
__HIPVK_MATH float ynf(int n, float x) { return __hipvk_yn(n, x); }
__HIPVK_MATH double yn(int n, double x) { return __hipvk_yn(n, x); }

// ---- classification (exact) ----------------------------------------------------------------------
#define __HIPVK_CLASSIFY(NAME, BUILTIN)                                  \
  __HIPVK_MATH bool NAME(float x) { return BUILTIN(x); }                 \
  __HIPVK_MATH bool NAME(double x) { return BUILTIN(x); }
__HIPVK_CLASSIFY(isnan, __builtin_isnan)
__HIPVK_CLASSIFY(isinf, __builtin_isinf)
__HIPVK_CLASSIFY(isfinite, __builtin_isfinite)
__HIPVK_CLASSIFY(isnormal, __builtin_isnormal)
__HIPVK_CLASSIFY(signbit, __builtin_signbit)
#undef __HIPVK_CLASSIFY
__HIPVK_MATH int __isnanf(float x) { return __builtin_isnan(x); }
__HIPVK_MATH int __isnan(double x) { return __builtin_isnan(x); }
__HIPVK_MATH int __isinff(float x) { return __builtin_isinf(x); }
__HIPVK_MATH int __isinf(double x) { return __builtin_isinf(x); }
__HIPVK_MATH int __finitef(float x) { return __builtin_isfinite(x); }
__HIPVK_MATH int __finite(double x) { return __builtin_isfinite(x); }
__HIPVK_MATH int __signbitf(float x) { return __builtin_signbit(x); }
__HIPVK_MATH int __signbit(double x) { return __builtin_signbit(x); }

// ---- rounding to integers: lrint/llrint round to nearest even, lround/llround half away --------
#define __HIPVK_TO_INT(NAME, R, ROUND)                                        \
  __HIPVK_MATH R NAME##f(float x) { return static_cast<R>(__builtin_##ROUND##f(x)); } \
  __HIPVK_MATH R NAME(double x) { return static_cast<R>(__builtin_##ROUND(x)); } \
  __HIPVK_MATH R NAME(float x) { return static_cast<R>(__builtin_##ROUND##f(x)); }
__HIPVK_TO_INT(lrint, long, rint)
__HIPVK_TO_INT(llrint, long long, rint)
__HIPVK_TO_INT(lround, long, round)
__HIPVK_TO_INT(llround, long long, round)
#undef __HIPVK_TO_INT

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

// Make std::sin(x) & co. see the device overloads too (as Clang's own CUDA/HIP headers do): the
// using-declarations <cmath> made before these declarations existed would not.
namespace std {
using ::acos; using ::acosh; using ::asin; using ::asinh; using ::atan; using ::atanh; using ::atan2;
using ::cbrt; using ::ceil; using ::copysign; using ::cos; using ::cosh; using ::erf; using ::erfc;
using ::exp; using ::exp2; using ::expm1; using ::fabs; using ::fdim; using ::floor; using ::fma;
using ::fmax; using ::fmin; using ::fmod; using ::frexp; using ::hypot; using ::ilogb; using ::ldexp;
using ::lgamma; using ::llrint; using ::llround; using ::log; using ::log10; using ::log1p;
using ::log2; using ::logb; using ::lrint; using ::lround; using ::modf; using ::nearbyint;
using ::nextafter; using ::pow; using ::remainder; using ::remquo; using ::rint; using ::round;
using ::scalbln; using ::scalbn; using ::sin; using ::sinh; using ::sqrt; using ::tan; using ::tanh;
using ::tgamma; using ::trunc; using ::isnan; using ::isinf; using ::isfinite; using ::isnormal;
using ::signbit; using ::abs; using ::labs; using ::llabs;
using ::acosf; using ::acoshf; using ::asinf; using ::asinhf; using ::atanf; using ::atanhf;
using ::atan2f; using ::cbrtf; using ::ceilf; using ::copysignf; using ::cosf; using ::coshf;
using ::erff; using ::erfcf; using ::expf; using ::exp2f; using ::expm1f; using ::fabsf; using ::fdimf;
using ::floorf; using ::fmaf; using ::fmaxf; using ::fminf; using ::fmodf; using ::frexpf;
using ::hypotf; using ::ilogbf; using ::ldexpf; using ::lgammaf; using ::llrintf; using ::llroundf;
using ::logf; using ::log10f; using ::log1pf; using ::log2f; using ::logbf; using ::lrintf;
using ::lroundf; using ::modff; using ::nearbyintf; using ::nextafterf; using ::powf;
using ::remainderf; using ::remquof; using ::rintf; using ::roundf; using ::scalblnf; using ::scalbnf;
using ::sinf; using ::sinhf; using ::sqrtf; using ::tanf; using ::tanhf; using ::tgammaf; using ::truncf;
}  // namespace std

#endif  // __HIP__

