// 8-bit floating point: the OCP formats E4M3 and E5M2 (__hip_fp8_e4m3, __hip_fp8_e5m2) and AMD's
// FNUZ forms (__hip_fp8_e4m3_fnuz, __hip_fp8_e5m2_fnuz: no infinity, no negative zero, one NaN
// 0x80, exponent bias one larger), their pairs and quads, and the __hip_cvt_* conversions, in host
// and device code, with ROCm's names, enum values and sizes (1, 2 and 4 bytes).
//
// Conversions to fp8 round to nearest even, once, from half, bfloat16, float or double (integer
// code, hipvk_detail/fp_convert.h: the same bits on every device and host). ROCm's rules for what
// lies outside the format: a finite value above the largest finite one becomes that value under
// __HIP_SATFINITE and, under __HIP_NOSAT, infinity for E5M2 and NaN for E4M3 and the FNUZ forms; an
// infinite input stays infinite in E5M2 and becomes NaN elsewhere (saturation keeps NaN and
// infinity, as in ROCm); NaN stays NaN. Conversions from fp8 are exact (NaN becomes a quiet NaN).
// The types convert with __HIP_SATFINITE, as ROCm's and CUDA's do.
#pragma once

#include <hip/hipvk_detail/host_defines.h>
#include <hip/hip_vector_types.h>

#if defined(__cplusplus)
#include <hip/hip_bf16.h>
#include <hip/hip_fp16.h>
#include <hip/hipvk_detail/fp_convert.h>

enum __hip_fp8_interpretation_t {
  __HIP_E4M3 = 0,       // OCP E4M3: bias 7, no infinity, NaN 0x7f/0xff, largest 448
  __HIP_E5M2 = 1,       // OCP E5M2: IEEE-style, bias 15, infinity and NaNs, largest 57344
  __HIP_E4M3_FNUZ = 2,  // bias 8, NaN 0x80 only, largest 240
  __HIP_E5M2_FNUZ = 3,  // bias 16, NaN 0x80 only, largest 57344
};

enum __hip_saturation_t {
  __HIP_NOSAT = 0,
  __HIP_SATFINITE = 1,
};

typedef unsigned char __hip_fp8_storage_t;
typedef unsigned short int __hip_fp8x2_storage_t;
typedef unsigned int __hip_fp8x4_storage_t;

#define __HIPVK_FP8 __host__ __device__ __forceinline__

// ---- the formats ------------------------------------------------------------------------------------
__HIPVK_FP8 constexpr bool __hipvk_fp8_fnuz(__hip_fp8_interpretation_t i) { return i == __HIP_E4M3_FNUZ || i == __HIP_E5M2_FNUZ; }
__HIPVK_FP8 constexpr bool __hipvk_fp8_e4m3(__hip_fp8_interpretation_t i) { return i == __HIP_E4M3 || i == __HIP_E4M3_FNUZ; }
__HIPVK_FP8 constexpr int __hipvk_fp8_mantissa_bits(__hip_fp8_interpretation_t i) { return __hipvk_fp8_e4m3(i) ? 3 : 2; }
__HIPVK_FP8 constexpr int __hipvk_fp8_bias(__hip_fp8_interpretation_t i) {
  return (__hipvk_fp8_e4m3(i) ? 7 : 15) + (__hipvk_fp8_fnuz(i) ? 1 : 0);
}
// The largest finite value's float and double encodings (448, 57344, 240, 57344).
__HIPVK_FP8 constexpr unsigned __hipvk_fp8_max_float_bits(__hip_fp8_interpretation_t i) {
  return i == __HIP_E4M3 ? 0x43e00000u : i == __HIP_E4M3_FNUZ ? 0x43700000u : 0x47600000u;
}
__HIPVK_FP8 constexpr unsigned long long __hipvk_fp8_max_double_bits(__hip_fp8_interpretation_t i) {
  return i == __HIP_E4M3 ? 0x407c000000000000ull : i == __HIP_E4M3_FNUZ ? 0x406e000000000000ull : 0x40ec000000000000ull;
}
__HIPVK_FP8 constexpr unsigned __hipvk_fp8_nan(__hip_fp8_interpretation_t i, unsigned sign) {
  return __hipvk_fp8_fnuz(i) ? 0x80u : (sign << 7) | 0x7fu;
}
// What a finite value above the largest becomes (see the top of the file).
__HIPVK_FP8 constexpr unsigned __hipvk_fp8_overflow(__hip_fp8_interpretation_t i, unsigned sign, bool saturate) {
  if (__hipvk_fp8_fnuz(i)) return saturate ? (sign << 7) | 0x7fu : 0x80u;
  if (i == __HIP_E4M3) return (sign << 7) | (saturate ? 0x7eu : 0x7fu);
  return (sign << 7) | (saturate ? 0x7bu : 0x7cu);
}
__HIPVK_FP8 constexpr unsigned __hipvk_fp8_infinity(__hip_fp8_interpretation_t i, unsigned sign) {
  return i == __HIP_E5M2 ? (sign << 7) | 0x7cu : __hipvk_fp8_nan(i, sign);
}
// Every format keeps its all-ones exponent for finite values (E4M3, FNUZ) or lies below it, so the
// rounding is that of a format with one more exponent bit whose smallest normal exponent is moved
// onto the fp8 one (a shift of the value by 2^kShift): the rounded code's magnitude is the fp8 code.
__HIPVK_FP8 constexpr int __hipvk_fp8_shift(__hip_fp8_interpretation_t i) {
  return 1 + __hipvk_fp8_bias(i) - (__hipvk_fp8_e4m3(i) ? 16 : 32);
}
__HIPVK_FP8 unsigned __hipvk_fp8_finish(__hip_fp8_interpretation_t i, unsigned sign, unsigned wide) {
  const unsigned magnitude = wide & 0x7fu;  // the wide format's sign sits at bit 8
  return __hipvk_fp8_fnuz(i) && magnitude == 0 ? 0u : (sign << 7) | magnitude;
}

__HIPVK_FP8 __hip_fp8_storage_t __hip_cvt_float_to_fp8(const float f, const __hip_saturation_t sat,
                                                       const __hip_fp8_interpretation_t interp) {
  const unsigned u = __hipvk_float_bits(f), sign = u >> 31, magnitude = u & 0x7fffffffu;
  if (magnitude > 0x7f800000u) return static_cast<__hip_fp8_storage_t>(__hipvk_fp8_nan(interp, sign));
  if (magnitude == 0x7f800000u) return static_cast<__hip_fp8_storage_t>(__hipvk_fp8_infinity(interp, sign));
  if (magnitude > __hipvk_fp8_max_float_bits(interp))
    return static_cast<__hip_fp8_storage_t>(__hipvk_fp8_overflow(interp, sign, sat == __HIP_SATFINITE));
  const unsigned exp = magnitude >> 23, man = magnitude & 0x7fffffu;
  const int e = (exp != 0 ? static_cast<int>(exp) - 150 : -149) + __hipvk_fp8_shift(interp);
  const unsigned wide = __hipvk_fp8_e4m3(interp) ? __hipvk_round_float_to_fp<5, 3>(sign, exp != 0 ? man | 0x800000u : man, e, __hipvk_rn)
                                                 : __hipvk_round_float_to_fp<6, 2>(sign, exp != 0 ? man | 0x800000u : man, e, __hipvk_rn);
  return static_cast<__hip_fp8_storage_t>(__hipvk_fp8_finish(interp, sign, wide));
}

__HIPVK_FP8 __hip_fp8_storage_t __hip_cvt_double_to_fp8(const double d, const __hip_saturation_t sat,
                                                        const __hip_fp8_interpretation_t interp) {
  const unsigned long long u = __hipvk_double_bits(d), magnitude = u & 0x7fffffffffffffffull;
  const unsigned sign = static_cast<unsigned>(u >> 63);
  if (magnitude > 0x7ff0000000000000ull) return static_cast<__hip_fp8_storage_t>(__hipvk_fp8_nan(interp, sign));
  if (magnitude == 0x7ff0000000000000ull) return static_cast<__hip_fp8_storage_t>(__hipvk_fp8_infinity(interp, sign));
  if (magnitude > __hipvk_fp8_max_double_bits(interp))
    return static_cast<__hip_fp8_storage_t>(__hipvk_fp8_overflow(interp, sign, sat == __HIP_SATFINITE));
  const unsigned exp = static_cast<unsigned>(magnitude >> 52);
  const unsigned long long man = magnitude & 0xfffffffffffffull;
  const int e = (exp != 0 ? static_cast<int>(exp) - 1075 : -1074) + __hipvk_fp8_shift(interp);
  const unsigned long long m = exp != 0 ? man | (1ull << 52) : man;
  const unsigned wide = __hipvk_fp8_e4m3(interp) ? __hipvk_round_to_fp<5, 3>(sign, m, e, __hipvk_rn)
                                                 : __hipvk_round_to_fp<6, 2>(sign, m, e, __hipvk_rn);
  return static_cast<__hip_fp8_storage_t>(__hipvk_fp8_finish(interp, sign, wide));
}

// fp8 -> float, exact.
__HIPVK_FP8 float __hipvk_fp8_to_float(const __hip_fp8_storage_t x, const __hip_fp8_interpretation_t interp) {
  const unsigned sign = (x >> 7) & 1u, mbits = static_cast<unsigned>(__hipvk_fp8_mantissa_bits(interp));
  const unsigned exp = (x & 0x7fu) >> mbits, man = x & ((1u << mbits) - 1u);
  const bool nan = __hipvk_fp8_fnuz(interp) ? x == 0x80u
                   : __hipvk_fp8_e4m3(interp) ? (x & 0x7fu) == 0x7fu
                                              : (x & 0x7cu) == 0x7cu && man != 0;
  if (nan) return __hipvk_bits_float(0x7fc00000u);
  if (interp == __HIP_E5M2 && (x & 0x7fu) == 0x7cu) return __hipvk_bits_float((sign << 31) | 0x7f800000u);
  const int bias = __hipvk_fp8_bias(interp);
  // Normal: the float's exponent and the mantissa moved up. Subnormal: man * 2^(1 - bias - mbits),
  // an exact product (man has at most 3 bits, the power of two is a normal float).
  const unsigned normal = (sign << 31) | ((exp + 127u - static_cast<unsigned>(bias)) << 23) | (man << (23 - mbits));
  const float scale = __hipvk_bits_float(static_cast<unsigned>(127 + 1 - bias - static_cast<int>(mbits)) << 23);
  const unsigned subnormal = (sign << 31) | __hipvk_float_bits(static_cast<float>(man) * scale);
  return __hipvk_bits_float(__hipvk_pick(exp != 0, normal, subnormal));
}

__HIPVK_FP8 __half_raw __hip_cvt_fp8_to_halfraw(const __hip_fp8_storage_t x, const __hip_fp8_interpretation_t interp) {
  return __half_raw{__hipvk_float_to_fp<5, 10>(__hipvk_fp8_to_float(x, interp), __hipvk_rn)};
}
__HIPVK_FP8 __half2_raw __hip_cvt_fp8x2_to_halfraw2(const __hip_fp8x2_storage_t x, const __hip_fp8_interpretation_t interp) {
  return __half2_raw{__hip_cvt_fp8_to_halfraw(static_cast<__hip_fp8_storage_t>(x & 0xffu), interp).x,
                     __hip_cvt_fp8_to_halfraw(static_cast<__hip_fp8_storage_t>(x >> 8), interp).x};
}
__HIPVK_FP8 __hip_fp8_storage_t __hip_cvt_halfraw_to_fp8(const __half_raw x, const __hip_saturation_t sat,
                                                         const __hip_fp8_interpretation_t interp) {
  return __hip_cvt_float_to_fp8(__hipvk_half_bits_to_float(x.x), sat, interp);  // exact, then one rounding
}
__HIPVK_FP8 __hip_fp8_storage_t __hip_cvt_bfloat16raw_to_fp8(const __hip_bfloat16_raw x, const __hip_saturation_t sat,
                                                             const __hip_fp8_interpretation_t interp) {
  return __hip_cvt_float_to_fp8(__hipvk_bf16_bits_to_float(x.x), sat, interp);
}
// Pairs: the first value in the low byte.
__HIPVK_FP8 __hip_fp8x2_storage_t __hipvk_fp8_pair(__hip_fp8_storage_t low, __hip_fp8_storage_t high) {
  return static_cast<__hip_fp8x2_storage_t>(low | (high << 8));
}
__HIPVK_FP8 __hip_fp8x2_storage_t __hip_cvt_float2_to_fp8x2(const float2 f, const __hip_saturation_t sat,
                                                           const __hip_fp8_interpretation_t interp) {
  return __hipvk_fp8_pair(__hip_cvt_float_to_fp8(f.x, sat, interp), __hip_cvt_float_to_fp8(f.y, sat, interp));
}
__HIPVK_FP8 __hip_fp8x2_storage_t __hip_cvt_double2_to_fp8x2(const double2 d, const __hip_saturation_t sat,
                                                            const __hip_fp8_interpretation_t interp) {
  return __hipvk_fp8_pair(__hip_cvt_double_to_fp8(d.x, sat, interp), __hip_cvt_double_to_fp8(d.y, sat, interp));
}
__HIPVK_FP8 __hip_fp8x2_storage_t __hip_cvt_halfraw2_to_fp8x2(const __half2_raw x, const __hip_saturation_t sat,
                                                             const __hip_fp8_interpretation_t interp) {
  return __hipvk_fp8_pair(__hip_cvt_halfraw_to_fp8(__half_raw{x.x}, sat, interp), __hip_cvt_halfraw_to_fp8(__half_raw{x.y}, sat, interp));
}
__HIPVK_FP8 __hip_fp8x2_storage_t __hip_cvt_bfloat16raw2_to_fp8x2(const __hip_bfloat162_raw x, const __hip_saturation_t sat,
                                                                 const __hip_fp8_interpretation_t interp) {
  return __hipvk_fp8_pair(__hip_cvt_bfloat16raw_to_fp8(__hip_bfloat16_raw{x.x}, sat, interp),
                          __hip_cvt_bfloat16raw_to_fp8(__hip_bfloat16_raw{x.y}, sat, interp));
}

// An fp8 value as integer type T: truncated toward zero, clamped to T's range, NaN 0 (as ROCm).
template <typename T>
__HIPVK_FP8 T __hipvk_fp8_to_integer(float f) {
  constexpr bool is_signed = T(-1) < T(0);
  constexpr int bits = static_cast<int>(sizeof(T)) * 8;
  const T lowest = is_signed ? static_cast<T>(1ull << (bits - 1)) : T(0);
  // T's range as floats, [lowest, 2^(bits - 1)) or [0, 2^bits): powers of two, exact.
  const float above = __hipvk_bits_float(static_cast<unsigned>(127 + (is_signed ? bits - 1 : bits)) << 23);
  if (f != f) return T(0);
  if (f <= (is_signed ? -above : 0.0f)) return lowest;
  if (f >= above) return static_cast<T>(~lowest);
  return static_cast<T>(f);
}

// ---- the types ---------------------------------------------------------------------------------------
// What ROCm's fp8 types say of their format (an empty base: the types keep ROCm's sizes).
template <__hip_fp8_interpretation_t I>
struct __hipvk_fp8_format {
  static constexpr __hip_saturation_t __default_saturation = __HIP_SATFINITE;
  static constexpr __hip_fp8_interpretation_t __default_interpret = I;
  static constexpr unsigned int __we = __hipvk_fp8_e4m3(I) ? 4 : 5;
  static constexpr unsigned int __wm = __hipvk_fp8_e4m3(I) ? 3 : 2;
};

// One value of format I (the named types below derive from it: distinct types, as in ROCm).
template <__hip_fp8_interpretation_t I>
struct __hipvk_fp8_scalar : __hipvk_fp8_format<I> {
  using __hipvk_fp8_format<I>::__default_saturation;
  __hip_fp8_storage_t __x;  // the raw encoding

  __hipvk_fp8_scalar() = default;
  __host__ __device__ __hipvk_fp8_scalar(const float f) : __x(__hip_cvt_float_to_fp8(f, __default_saturation, I)) {}
  __host__ __device__ __hipvk_fp8_scalar(const double d) : __x(__hip_cvt_double_to_fp8(d, __default_saturation, I)) {}
  __host__ __device__ __hipvk_fp8_scalar(const __half h) : __x(__hip_cvt_halfraw_to_fp8(h, __default_saturation, I)) {}
  __host__ __device__ __hipvk_fp8_scalar(const __hip_bfloat16 b) : __x(__hip_cvt_bfloat16raw_to_fp8(b, __default_saturation, I)) {}
  // Integers go through float, as in ROCm.
  __host__ __device__ __hipvk_fp8_scalar(const int v) : __hipvk_fp8_scalar(static_cast<float>(v)) {}
  __host__ __device__ __hipvk_fp8_scalar(const unsigned int v) : __hipvk_fp8_scalar(static_cast<float>(v)) {}
  __host__ __device__ __hipvk_fp8_scalar(const short v) : __hipvk_fp8_scalar(static_cast<float>(v)) {}
  __host__ __device__ __hipvk_fp8_scalar(const unsigned short v) : __hipvk_fp8_scalar(static_cast<float>(v)) {}
  __host__ __device__ __hipvk_fp8_scalar(const long v) : __hipvk_fp8_scalar(static_cast<float>(v)) {}
  __host__ __device__ __hipvk_fp8_scalar(const unsigned long v) : __hipvk_fp8_scalar(static_cast<float>(v)) {}
  __host__ __device__ __hipvk_fp8_scalar(const long long v) : __hipvk_fp8_scalar(static_cast<float>(v)) {}
  __host__ __device__ __hipvk_fp8_scalar(const unsigned long long v) : __hipvk_fp8_scalar(static_cast<float>(v)) {}

  __host__ __device__ operator float() const { return __hipvk_fp8_to_float(__x, I); }
  __host__ __device__ operator double() const { return static_cast<double>(__hipvk_fp8_to_float(__x, I)); }
  __host__ __device__ operator __half() const { return __half(__hip_cvt_fp8_to_halfraw(__x, I)); }
  __host__ __device__ operator __hip_bfloat16() const {
    return __hip_bfloat16::__from_bits(__hipvk_float_to_fp<8, 7>(__hipvk_fp8_to_float(__x, I), __hipvk_rn));  // exact
  }
  __host__ __device__ operator bool() const { return __hipvk_fp8_to_float(__x, I) != 0.0f; }
  __host__ __device__ operator char() const { return __hipvk_fp8_to_integer<char>(__hipvk_fp8_to_float(__x, I)); }
  __host__ __device__ operator signed char() const { return __hipvk_fp8_to_integer<signed char>(__hipvk_fp8_to_float(__x, I)); }
  __host__ __device__ operator unsigned char() const { return __hipvk_fp8_to_integer<unsigned char>(__hipvk_fp8_to_float(__x, I)); }
  __host__ __device__ operator short() const { return __hipvk_fp8_to_integer<short>(__hipvk_fp8_to_float(__x, I)); }
  __host__ __device__ operator unsigned short() const { return __hipvk_fp8_to_integer<unsigned short>(__hipvk_fp8_to_float(__x, I)); }
  __host__ __device__ operator int() const { return __hipvk_fp8_to_integer<int>(__hipvk_fp8_to_float(__x, I)); }
  __host__ __device__ operator unsigned int() const { return __hipvk_fp8_to_integer<unsigned int>(__hipvk_fp8_to_float(__x, I)); }
  __host__ __device__ operator long() const { return __hipvk_fp8_to_integer<long>(__hipvk_fp8_to_float(__x, I)); }
  __host__ __device__ operator unsigned long() const { return __hipvk_fp8_to_integer<unsigned long>(__hipvk_fp8_to_float(__x, I)); }
  __host__ __device__ operator long long() const { return __hipvk_fp8_to_integer<long long>(__hipvk_fp8_to_float(__x, I)); }
  __host__ __device__ operator unsigned long long() const { return __hipvk_fp8_to_integer<unsigned long long>(__hipvk_fp8_to_float(__x, I)); }
};

// Two values: x in the low byte.
template <__hip_fp8_interpretation_t I>
struct __hipvk_fp8_pair_type : __hipvk_fp8_format<I> {
  using __hipvk_fp8_format<I>::__default_saturation;
  __hip_fp8x2_storage_t __x;

  __hipvk_fp8_pair_type() = default;
  __host__ __device__ __hipvk_fp8_pair_type(const float2 f) : __x(__hip_cvt_float2_to_fp8x2(f, __default_saturation, I)) {}
  __host__ __device__ __hipvk_fp8_pair_type(const double2 d) : __x(__hip_cvt_double2_to_fp8x2(d, __default_saturation, I)) {}
  __host__ __device__ __hipvk_fp8_pair_type(const __half2 h) : __x(__hip_cvt_halfraw2_to_fp8x2(h, __default_saturation, I)) {}
  __host__ __device__ __hipvk_fp8_pair_type(const __hip_bfloat162 b)
      : __x(__hip_cvt_bfloat16raw2_to_fp8x2(b, __default_saturation, I)) {}

  __host__ __device__ operator float2() const {
    return float2(__hipvk_fp8_to_float(static_cast<__hip_fp8_storage_t>(__x & 0xffu), I),
                  __hipvk_fp8_to_float(static_cast<__hip_fp8_storage_t>(__x >> 8), I));
  }
  __host__ __device__ operator __half2() const { return __half2(__hip_cvt_fp8x2_to_halfraw2(__x, I)); }
};

// Four values: x in the lowest byte.
template <__hip_fp8_interpretation_t I>
struct __hipvk_fp8_quad_type : __hipvk_fp8_format<I> {
  using __hipvk_fp8_format<I>::__default_saturation;
  __hip_fp8x4_storage_t __x;

  __hipvk_fp8_quad_type() = default;
  __host__ __device__ __hipvk_fp8_quad_type(const float4 f)
      : __x(__quad(__hip_cvt_float2_to_fp8x2(float2(f.x, f.y), __default_saturation, I),
                   __hip_cvt_float2_to_fp8x2(float2(f.z, f.w), __default_saturation, I))) {}
  __host__ __device__ __hipvk_fp8_quad_type(const double4 d)
      : __x(__quad(__hip_cvt_double2_to_fp8x2(double2(d.x, d.y), __default_saturation, I),
                   __hip_cvt_double2_to_fp8x2(double2(d.z, d.w), __default_saturation, I))) {}
  __host__ __device__ __hipvk_fp8_quad_type(const __half2 low, const __half2 high)
      : __x(__quad(__hip_cvt_halfraw2_to_fp8x2(low, __default_saturation, I), __hip_cvt_halfraw2_to_fp8x2(high, __default_saturation, I))) {}
  __host__ __device__ __hipvk_fp8_quad_type(const __hip_bfloat162 low, const __hip_bfloat162 high)
      : __x(__quad(__hip_cvt_bfloat16raw2_to_fp8x2(low, __default_saturation, I),
                   __hip_cvt_bfloat16raw2_to_fp8x2(high, __default_saturation, I))) {}

  __host__ __device__ operator float4() const {
    return float4(__hipvk_fp8_to_float(static_cast<__hip_fp8_storage_t>(__x & 0xffu), I),
                  __hipvk_fp8_to_float(static_cast<__hip_fp8_storage_t>((__x >> 8) & 0xffu), I),
                  __hipvk_fp8_to_float(static_cast<__hip_fp8_storage_t>((__x >> 16) & 0xffu), I),
                  __hipvk_fp8_to_float(static_cast<__hip_fp8_storage_t>(__x >> 24), I));
  }

 private:
  static __host__ __device__ __hip_fp8x4_storage_t __quad(__hip_fp8x2_storage_t low, __hip_fp8x2_storage_t high) {
    return static_cast<__hip_fp8x4_storage_t>(low) | (static_cast<__hip_fp8x4_storage_t>(high) << 16);
  }
};

#define __HIPVK_FP8_TYPE(NAME, BASE, INTERP)   \
  struct NAME : BASE<INTERP> {                 \
    using BASE<INTERP>::BASE;                  \
    NAME() = default;                          \
  }
__HIPVK_FP8_TYPE(__hip_fp8_e4m3, __hipvk_fp8_scalar, __HIP_E4M3);
__HIPVK_FP8_TYPE(__hip_fp8_e5m2, __hipvk_fp8_scalar, __HIP_E5M2);
__HIPVK_FP8_TYPE(__hip_fp8_e4m3_fnuz, __hipvk_fp8_scalar, __HIP_E4M3_FNUZ);
__HIPVK_FP8_TYPE(__hip_fp8_e5m2_fnuz, __hipvk_fp8_scalar, __HIP_E5M2_FNUZ);
__HIPVK_FP8_TYPE(__hip_fp8x2_e4m3, __hipvk_fp8_pair_type, __HIP_E4M3);
__HIPVK_FP8_TYPE(__hip_fp8x2_e5m2, __hipvk_fp8_pair_type, __HIP_E5M2);
__HIPVK_FP8_TYPE(__hip_fp8x2_e4m3_fnuz, __hipvk_fp8_pair_type, __HIP_E4M3_FNUZ);
__HIPVK_FP8_TYPE(__hip_fp8x2_e5m2_fnuz, __hipvk_fp8_pair_type, __HIP_E5M2_FNUZ);
__HIPVK_FP8_TYPE(__hip_fp8x4_e4m3, __hipvk_fp8_quad_type, __HIP_E4M3);
__HIPVK_FP8_TYPE(__hip_fp8x4_e5m2, __hipvk_fp8_quad_type, __HIP_E5M2);
__HIPVK_FP8_TYPE(__hip_fp8x4_e4m3_fnuz, __hipvk_fp8_quad_type, __HIP_E4M3_FNUZ);
__HIPVK_FP8_TYPE(__hip_fp8x4_e5m2_fnuz, __hipvk_fp8_quad_type, __HIP_E5M2_FNUZ);
#undef __HIPVK_FP8_TYPE

static_assert(sizeof(__hip_fp8_e4m3) == 1 && sizeof(__hip_fp8x2_e5m2) == 2 && sizeof(__hip_fp8x4_e4m3_fnuz) == 4,
              "ROCm's fp8 sizes");

#undef __HIPVK_FP8
#endif  // __cplusplus
