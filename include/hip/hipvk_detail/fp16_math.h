// The h* / h2* math functions of hip_fp16.h and hip_bf16.h (hsqrt, hsin, h2exp10, ...), one
// template for both 16-bit formats: hip_fp16.h and hip_bf16.h each instantiate the names for their
// scalar and pair types with __HIPVK_FP16_MATH.
//
// Every result is the correctly rounded 16-bit value of the exact function (round to nearest
// even), on every device, and it is computed like this:
//  - ceil, floor, trunc, rint: exact in float (the result of a 16-bit input is a 16-bit value).
//  - sqrt and 1/x: exactly rounded in 32-bit integer arithmetic (a digit-by-digit square root, a
//    division of 2^31), the remainder as a sticky bit (fp16_math_impl.h).
//  - 1/sqrt: a float evaluation within about half a float ulp (Newton steps and a float-float
//    correction, fp16_math_impl.h), rounded to the format. That is correctly rounded because the
//    exact 1/sqrt(x) of every half and bfloat16 input lies more than 2.5 float ulps away from a
//    midpoint between two 16-bit values (measured over all 2^16 inputs with MPFR;
//    tests/e2e/half_math checks the results of all of them).
//    None of these uses float's / or sqrt, which hipvk rounds correctly through double (software
//    on devices without shaderFloat64).
//  - exp, exp2, exp10, log, log2, log10, sin, cos: a float evaluation within 4 float ulps of the
//    exact value (exp and log families: fp16_math_impl.h, float operations only; sin, cos: OCML's
//    sinf and cosf), rounded once to the format. That is right unless the exact value and the
//    float result lie on different sides of a midpoint between two 16-bit values, which can only
//    happen when the float result is within a few float ulps of such a midpoint: 10 to 50 of the
//    65536 half inputs per function, a handful of the bfloat16 ones. Only there the function is
//    evaluated again to about 2^-40 in float-float arithmetic and rounded once, exactly, to the
//    format (hipvk_detail/fp16_math_impl.h, which says why that suffices). That slow path runs for
//    those few lanes only, in float and integer arithmetic that every device has, so the result is
//    the same bits on every device.
// NaN inputs give a quiet NaN; infinities, signed zeros and the domain edges are C99's and
// IEEE 754's (hlog(-0) = -inf, hrsqrt(-0) = -inf, hsqrt(-1) = NaN, hsin(-0) = -0, hexp(-inf) = 0).
// Under -ffast-math (finite-only math) the NaN and infinity cases are the compiler's to drop.
#pragma once

#include <hip/hipvk_detail/fp_convert.h>

#if defined(__cplusplus) && defined(__HIP__)
#include <hip/hipvk_detail/fp16_math_impl.h>
#include <hip/hipvk_detail/ocml.h>

namespace __hipvk_fp16_math {

// (EB, MB): the format's exponent and mantissa bits; each header specialises it for its scalar
// type (binary16: 5, 10; bfloat16: 8, 7).
template <class H> struct format;

template <class H> __device__ __forceinline__ float to_float(H h) {
  if constexpr (format<H>::EB == 8) return __hipvk_bf16_bits_to_float(h.__bits());
  else return __hipvk_half_bits_to_float(h.__bits());
}

// Whether the float y might lie on the other side of a midpoint between two (EB, MB) values than
// an exact value within `ulps` float ulps of it: then rounding y to the format might not give the
// exact value's rounding. y's significand is split at the format's rounding position (which moves
// into the significand for the format's subnormals); the midpoint is the half-way pattern of the
// bits below it. Integer arithmetic only.
template <int EB, int MB> __device__ __forceinline__ bool near_midpoint(float y, unsigned ulps) {
  const unsigned u = __hipvk_float_bits(y) & 0x7fffffffu;
  if (u >= 0x7f800000u) return false;  // NaN and infinities are exact
  const int fexp = static_cast<int>(u >> 23);
  const int e = fexp ? fexp - 127 : -126;  // exponent of y's binade (float subnormals: -126)
  const unsigned m = fexp ? (u & 0x7fffffu) | 0x800000u : u;
  const int emin = 2 - (1 << (EB - 1));
  const int quantum = (e < emin ? emin : e) - MB;  // exponent of the format's last place at y
  const int s = quantum - (e - 23);                 // float bits below it: >= 23 - MB
  // Below half the smallest subnormal by a factor of two or more: y (< 2^24 float ulps) is at
  // least 2^23 ulps from the only midpoint there, 2^(s-1).
  if (s > 25) return false;
  const unsigned below = m & ((1u << s) - 1u), mid = 1u << (s - 1);
  const unsigned dist = below > mid ? below - mid : mid - below;
  // +1: the exact value is within ulps + 1/2 of y, and a float ulp below a power of two is half of
  // y's ulp, so this errs on the careful side.
  return dist <= ulps + 1u;
}

// f(x) rounded to the format of H. F::direct: F::bits gives the correctly rounded encoding itself.
// Otherwise F::f is the float function, F::ulps its error bound in float ulps (0: the float
// result's rounding is already the correct one), F::slow the correctly rounded result, used where
// the float result is too close to a midpoint to decide.
template <class F, class H> __device__ __forceinline__ H rounded(H x) {
  constexpr int EB = format<H>::EB, MB = format<H>::MB;
  const float xf = to_float(x);
  if constexpr (F::direct) {
    return H::__from_bits(F::template bits<EB, MB>(xf));
  } else {
    const float y = F::f(xf);
    if constexpr (F::ulps != 0) {
      if (__builtin_expect(near_midpoint<EB, MB>(y, F::ulps), 0))  // rare ([[unlikely]] is C++20)
        return H::__from_bits(F::template slow<EB, MB>(xf));
    }
    return H::__from_bits(__hipvk_float_to_fp<EB, MB>(y, __hipvk_rn));
  }
}

// The float functions are within 4 float ulps of the exact value: measured over all 16-bit
// inputs against MPFR, the exp family is within 1.2, the log family 2.8 (fp16_math_impl.h), OCML's
// sinf and cosf 1.6 (and 2 over 2^20 float inputs, docs/MATH.md).
inline constexpr unsigned kFloatUlps = 4;
#define __HIPVK_FP16_MATH_FN(NAME, FAST, SLOW)                                                \
  struct NAME {                                                                               \
    static constexpr bool direct = false;                                                     \
    static constexpr unsigned ulps = kFloatUlps;                                              \
    static __device__ __forceinline__ float f(float x) { return FAST; }                       \
    template <int EB, int MB> static __device__ __forceinline__ unsigned short slow(float x) { return SLOW; } \
  };
inline constexpr ff kLog2E = ffc(1.44269504088896340736), kLog2Of10 = ffc(3.32192809488736234787),
                    kLog10Of2 = ffc(0.30102999566398119521), kLog10E = ffc(0.43429448190325182765), kOne = ffc(1.0);
__HIPVK_FP16_MATH_FN(exp, exp2_scaled_fast(x, kLog2E), (exp2_scaled<EB, MB>(x, kLog2E)))
__HIPVK_FP16_MATH_FN(exp2, exp2_scaled_fast(x, kOne), (exp2_scaled<EB, MB>(x, kOne)))
__HIPVK_FP16_MATH_FN(exp10, exp2_scaled_fast(x, kLog2Of10), (exp2_scaled<EB, MB>(x, kLog2Of10)))
__HIPVK_FP16_MATH_FN(log, log_scaled_fast(x, kLn2, kOne), (log_scaled<EB, MB>(x, kLn2, kOne)))
__HIPVK_FP16_MATH_FN(log2, log_scaled_fast(x, kOne, kLog2E), (log_scaled<EB, MB>(x, kOne, kLog2E)))
__HIPVK_FP16_MATH_FN(log10, log_scaled_fast(x, kLog10Of2, kLog10E), (log_scaled<EB, MB>(x, kLog10Of2, kLog10E)))
__HIPVK_FP16_MATH_FN(sin, __ocml_sin_f32(x), (sin_cos<EB, MB>(x, false)))
__HIPVK_FP16_MATH_FN(cos, __ocml_cos_f32(x), (sin_cos<EB, MB>(x, true)))
#undef __HIPVK_FP16_MATH_FN

// Functions whose float result rounds correctly as it is (see the top of this file).
#define __HIPVK_FP16_MATH_EXACT(NAME, EXPR)                                   \
  struct NAME {                                                               \
    static constexpr bool direct = false;                                     \
    static constexpr unsigned ulps = 0;                                       \
    static __device__ __forceinline__ float f(float x) { return EXPR; }       \
  };
#define __HIPVK_FP16_MATH_DIRECT(NAME, BITS)                                                        \
  struct NAME {                                                                                     \
    static constexpr bool direct = true;                                                            \
    template <int EB, int MB> static __device__ __forceinline__ unsigned short bits(float x) { return BITS<EB, MB>(x); } \
  };
__HIPVK_FP16_MATH_DIRECT(sqrt, sqrt_bits)
__HIPVK_FP16_MATH_DIRECT(rcp, rcp_bits)
#undef __HIPVK_FP16_MATH_DIRECT
__HIPVK_FP16_MATH_EXACT(rsqrt, rsqrt_float(x))
__HIPVK_FP16_MATH_EXACT(ceil, __builtin_ceilf(x))
__HIPVK_FP16_MATH_EXACT(floor, __builtin_floorf(x))
__HIPVK_FP16_MATH_EXACT(trunc, __builtin_truncf(x))
__HIPVK_FP16_MATH_EXACT(rint, __builtin_rintf(x))  // ties to even, as hrint must
#undef __HIPVK_FP16_MATH_EXACT

}  // namespace __hipvk_fp16_math

// The public names for scalar type H and pair type H2 (ROCm's: hsin(__half), h2sin(__half2); the
// same names overloaded for __hip_bfloat16 / __hip_bfloat162).
#define __HIPVK_FP16_MATH_1(H, H2, NAME)                                                              \
  __device__ __forceinline__ H h##NAME(H x) { return __hipvk_fp16_math::rounded<__hipvk_fp16_math::NAME>(x); } \
  __device__ __forceinline__ H2 h2##NAME(H2 v) { return H2(h##NAME(v.x), h##NAME(v.y)); }
#define __HIPVK_FP16_MATH(H, H2)                                                                      \
  __HIPVK_FP16_MATH_1(H, H2, sqrt) __HIPVK_FP16_MATH_1(H, H2, rsqrt) __HIPVK_FP16_MATH_1(H, H2, rcp)   \
  __HIPVK_FP16_MATH_1(H, H2, exp) __HIPVK_FP16_MATH_1(H, H2, exp2) __HIPVK_FP16_MATH_1(H, H2, exp10)   \
  __HIPVK_FP16_MATH_1(H, H2, log) __HIPVK_FP16_MATH_1(H, H2, log2) __HIPVK_FP16_MATH_1(H, H2, log10)   \
  __HIPVK_FP16_MATH_1(H, H2, sin) __HIPVK_FP16_MATH_1(H, H2, cos)                                      \
  __HIPVK_FP16_MATH_1(H, H2, ceil) __HIPVK_FP16_MATH_1(H, H2, floor) __HIPVK_FP16_MATH_1(H, H2, trunc) \
  __HIPVK_FP16_MATH_1(H, H2, rint)

#else
#define __HIPVK_FP16_MATH(H, H2)
#endif  // __cplusplus && __HIP__
