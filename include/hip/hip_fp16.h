// Half precision (IEEE binary16): __half, __half2 (and half, half2), their raw forms, conversions
// in every rounding mode, arithmetic, comparisons and operators, in host and device code.
//
// Same names, sizes (2 and 4 bytes) and semantics as ROCm 6.2's hip_fp16.h. Conversions are exact
// integer code (hipvk_detail/fp_convert.h); arithmetic is computed in float and rounded once, which
// gives the correctly rounded half result. The math functions (hsqrt hrsqrt hrcp hexp hexp2 hexp10
// hlog hlog2 hlog10 hsin hcos hceil hfloor htrunc hrint and their h2 forms, device code) return the
// correctly rounded half of the exact function for every input (hipvk_detail/fp16_math.h says how;
// docs/MATH.md has the measurements). Shuffles (__shfl, _up, _down, _xor, _sync) move the bits.
// Define __HIP_NO_HALF_CONVERSIONS__ to remove the implicit conversions to and from float, and
// __HIP_NO_HALF_OPERATORS__ to remove the operators (as in ROCm and CUDA).
#pragma once

#include <hip/hipvk_detail/host_defines.h>
#include <hip/hip_vector_types.h>

#if defined(__cplusplus)
#include <hip/hipvk_detail/fp_convert.h>
#include <hip/hipvk_detail/fp16_ops.h>
#include <hip/hipvk_detail/fp16_math.h>

struct __half_raw {
  unsigned short x;
};
struct __half2_raw {
  unsigned short x;
  unsigned short y;
};

struct alignas(2) __half {
  unsigned short __x;  // the binary16 encoding

  __half() = default;
  __host__ __device__ constexpr __half(const __half_raw &r) : __x(r.x) {}
  __host__ __device__ __half &operator=(const __half_raw &r) { __x = r.x; return *this; }
  __host__ __device__ constexpr operator __half_raw() const { return __half_raw{__x}; }
#if !defined(__HIP_NO_HALF_CONVERSIONS__)
  __host__ __device__ __half(float f) : __x(__hipvk_float_to_fp<5, 10>(f, __hipvk_rn)) {}
  __host__ __device__ __half(double d) : __x(__hipvk_double_to_fp<5, 10>(d, __hipvk_rn)) {}
  __host__ __device__ __half(int v) : __x(__hipvk_ll_to_fp<5, 10>(v, __hipvk_rn)) {}
  __host__ __device__ __half(unsigned int v) : __x(__hipvk_ull_to_fp<5, 10>(v, __hipvk_rn)) {}
  __host__ __device__ __half(short v) : __x(__hipvk_ll_to_fp<5, 10>(v, __hipvk_rn)) {}
  __host__ __device__ __half(unsigned short v) : __x(__hipvk_ull_to_fp<5, 10>(v, __hipvk_rn)) {}
  __host__ __device__ __half(long long v) : __x(__hipvk_ll_to_fp<5, 10>(v, __hipvk_rn)) {}
  __host__ __device__ __half(unsigned long long v) : __x(__hipvk_ull_to_fp<5, 10>(v, __hipvk_rn)) {}
  __host__ __device__ operator float() const { return __hipvk_half_bits_to_float(__x); }
  __host__ __device__ __half &operator=(float f) { return *this = __half(f); }
  __host__ __device__ __half &operator=(double d) { return *this = __half(d); }
#endif
  // hipvk helpers (used by the shared operations).
  static __host__ __device__ constexpr __half __from_bits(unsigned short b) { return __half(__half_raw{b}); }
  __host__ __device__ constexpr unsigned short __bits() const { return __x; }
};

struct alignas(4) __half2 {
  __half x;
  __half y;

  __half2() = default;
  __host__ __device__ constexpr __half2(__half a, __half b) : x(a), y(b) {}
  __host__ __device__ constexpr __half2(const __half2_raw &r) : x(__half_raw{r.x}), y(__half_raw{r.y}) {}
  __host__ __device__ __half2 &operator=(const __half2_raw &r) { return *this = __half2(r); }
  __host__ __device__ constexpr operator __half2_raw() const { return __half2_raw{x.__x, y.__x}; }
};

typedef __half half;
typedef __half2 half2;
static_assert(sizeof(__half) == 2 && alignof(__half) == 2, "__half layout");
static_assert(sizeof(__half2) == 4 && alignof(__half2) == 4, "__half2 layout");

#define __HIPVK_H __host__ __device__ __forceinline__

// ---- conversions -----------------------------------------------------------------------------------
__HIPVK_H float __half2float(__half h) { return __hipvk_half_bits_to_float(h.__x); }
__HIPVK_H __half __hipvk_f2h(float f) { return __half::__from_bits(__hipvk_float_to_fp<5, 10>(f, __hipvk_rn)); }
__HIPVK_H __half __float2half(float f) { return __hipvk_f2h(f); }
__HIPVK_H __half __float2half_rn(float f) { return __hipvk_f2h(f); }
__HIPVK_H __half __float2half_rz(float f) { return __half::__from_bits(__hipvk_float_to_fp<5, 10>(f, __hipvk_rz)); }
__HIPVK_H __half __float2half_rd(float f) { return __half::__from_bits(__hipvk_float_to_fp<5, 10>(f, __hipvk_rd)); }
__HIPVK_H __half __float2half_ru(float f) { return __half::__from_bits(__hipvk_float_to_fp<5, 10>(f, __hipvk_ru)); }
__HIPVK_H __half __double2half(double d) { return __half::__from_bits(__hipvk_double_to_fp<5, 10>(d, __hipvk_rn)); }
__HIPVK_H __half2 __float2half2_rn(float f) { return __half2(__hipvk_f2h(f), __hipvk_f2h(f)); }
__HIPVK_H __half2 __floats2half2_rn(float a, float b) { return __half2(__hipvk_f2h(a), __hipvk_f2h(b)); }
__HIPVK_H __half2 __float22half2_rn(float2 v) { return __half2(__hipvk_f2h(v.x), __hipvk_f2h(v.y)); }
__HIPVK_H float2 __half22float2(__half2 h) { return float2(__half2float(h.x), __half2float(h.y)); }
__HIPVK_H float __low2float(__half2 h) { return __half2float(h.x); }
__HIPVK_H float __high2float(__half2 h) { return __half2float(h.y); }
__HIPVK_H __half __low2half(__half2 h) { return h.x; }
__HIPVK_H __half __high2half(__half2 h) { return h.y; }
__HIPVK_H __half2 __halves2half2(__half a, __half b) { return __half2(a, b); }
__HIPVK_H __half2 __half2half2(__half a) { return __half2(a, a); }
__HIPVK_H __half2 __lows2half2(__half2 a, __half2 b) { return __half2(a.x, b.x); }
__HIPVK_H __half2 __highs2half2(__half2 a, __half2 b) { return __half2(a.y, b.y); }
__HIPVK_H __half2 __low2half2(__half2 a) { return __half2(a.x, a.x); }
__HIPVK_H __half2 __high2half2(__half2 a) { return __half2(a.y, a.y); }
__HIPVK_H __half2 __lowhigh2highlow(__half2 a) { return __half2(a.y, a.x); }

__HIPVK_H short __half_as_short(__half h) { return static_cast<short>(h.__x); }
__HIPVK_H unsigned short __half_as_ushort(__half h) { return h.__x; }
__HIPVK_H __half __short_as_half(short v) { return __half::__from_bits(static_cast<unsigned short>(v)); }
__HIPVK_H __half __ushort_as_half(unsigned short v) { return __half::__from_bits(v); }

// integer <-> half in the four rounding modes; half -> integer saturates, NaN gives 0.
#define __HIPVK_HALF_INT(NAME, I, CONV, LO, HI)                                                     \
  __HIPVK_H __half __##NAME##2half_rn(I v) { return __half::__from_bits(CONV<5, 10>(v, __hipvk_rn)); } \
  __HIPVK_H __half __##NAME##2half_rz(I v) { return __half::__from_bits(CONV<5, 10>(v, __hipvk_rz)); } \
  __HIPVK_H __half __##NAME##2half_rd(I v) { return __half::__from_bits(CONV<5, 10>(v, __hipvk_rd)); } \
  __HIPVK_H __half __##NAME##2half_ru(I v) { return __half::__from_bits(CONV<5, 10>(v, __hipvk_ru)); } \
  __HIPVK_H I __half2##NAME##_rn(__half h) { return __hipvk_float_to_int<I>(__half2float(h), __hipvk_rn, LO, HI); } \
  __HIPVK_H I __half2##NAME##_rz(__half h) { return __hipvk_float_to_int<I>(__half2float(h), __hipvk_rz, LO, HI); } \
  __HIPVK_H I __half2##NAME##_rd(__half h) { return __hipvk_float_to_int<I>(__half2float(h), __hipvk_rd, LO, HI); } \
  __HIPVK_H I __half2##NAME##_ru(__half h) { return __hipvk_float_to_int<I>(__half2float(h), __hipvk_ru, LO, HI); }
__HIPVK_HALF_INT(int, int, __hipvk_ll_to_fp, -2147483648.0f, 2147483648.0f)
__HIPVK_HALF_INT(uint, unsigned int, __hipvk_ull_to_fp, 0.0f, 4294967296.0f)
__HIPVK_HALF_INT(short, short, __hipvk_ll_to_fp, -32768.0f, 32768.0f)
__HIPVK_HALF_INT(ushort, unsigned short, __hipvk_ull_to_fp, 0.0f, 65536.0f)
__HIPVK_HALF_INT(ll, long long, __hipvk_ll_to_fp, -9223372036854775808.0f, 9223372036854775808.0f)
__HIPVK_HALF_INT(ull, unsigned long long, __hipvk_ull_to_fp, 0.0f, 18446744073709551616.0f)
#undef __HIPVK_HALF_INT

// ---- arithmetic, comparisons, operators ------------------------------------------------------------
#if !defined(__HIP_NO_HALF_OPERATORS__)
__HIPVK_FP16_OPS(__half, __half2, __half2float, __hipvk_f2h, 5, 10)
#endif

#undef __HIPVK_H

// ---- math: hsqrt, hsin, h2exp10, ... (device code; hipvk_detail/fp16_math.h) ------------------------
#if defined(__HIP__)
template <> struct __hipvk_fp16_math::format<__half> {
  static constexpr int EB = 5, MB = 10;
};
__HIPVK_FP16_MATH(__half, __half2)
#endif

// ---- warp shuffles of __half and __half2: their bits travel ---------------------------------------
#if defined(__HIP__)
#include <hip/hipvk_detail/warp_functions.h>
__HIPVK_WARP_SHUFFLES(__half)
__HIPVK_WARP_SHUFFLES(__half2)
#endif
#endif  // __cplusplus
