// bfloat16: __hip_bfloat16, __hip_bfloat162 and their raw forms, conversions in every rounding
// mode, arithmetic, comparisons and operators, in host and device code.
//
// Same names and sizes (2 and 4 bytes) as ROCm 6.2's hip_bf16.h. Conversions are exact integer code
// (hipvk_detail/fp_convert.h: round-to-nearest-even by default, NaN kept quiet); arithmetic is
// computed in float and rounded once, the correctly rounded bfloat16 result. The math functions
// (hsin, h2exp, ... overloaded for __hip_bfloat16 and __hip_bfloat162, device code) are correctly
// rounded for every input, as the half ones (hipvk_detail/fp16_math.h); shuffles move the bits.
#pragma once

#include <hip/hipvk_detail/host_defines.h>
#include <hip/hip_vector_types.h>

#if defined(__cplusplus)
#include <hip/hipvk_detail/fp_convert.h>
#include <hip/hipvk_detail/fp16_ops.h>
#include <hip/hipvk_detail/fp16_math.h>

struct __hip_bfloat16_raw {
  unsigned short x;
};
struct __hip_bfloat162_raw {
  unsigned short x;
  unsigned short y;
};

struct alignas(2) __hip_bfloat16 {
  unsigned short data;  // the bfloat16 encoding (the high half of a float)

  __hip_bfloat16() = default;
  __host__ __device__ constexpr __hip_bfloat16(const __hip_bfloat16_raw &r) : data(r.x) {}
  __host__ __device__ __hip_bfloat16 &operator=(const __hip_bfloat16_raw &r) { data = r.x; return *this; }
  __host__ __device__ constexpr operator __hip_bfloat16_raw() const { return __hip_bfloat16_raw{data}; }
#if !defined(__HIP_NO_BFLOAT16_CONVERSIONS__)
  __host__ __device__ __hip_bfloat16(float f) : data(__hipvk_float_to_fp<8, 7>(f, __hipvk_rn)) {}
  __host__ __device__ __hip_bfloat16(double d) : data(__hipvk_double_to_fp<8, 7>(d, __hipvk_rn)) {}
  __host__ __device__ __hip_bfloat16(int v) : data(__hipvk_ll_to_fp<8, 7>(v, __hipvk_rn)) {}
  __host__ __device__ __hip_bfloat16(unsigned int v) : data(__hipvk_ull_to_fp<8, 7>(v, __hipvk_rn)) {}
  __host__ __device__ __hip_bfloat16(short v) : data(__hipvk_ll_to_fp<8, 7>(v, __hipvk_rn)) {}
  __host__ __device__ __hip_bfloat16(unsigned short v) : data(__hipvk_ull_to_fp<8, 7>(v, __hipvk_rn)) {}
  __host__ __device__ __hip_bfloat16(long long v) : data(__hipvk_ll_to_fp<8, 7>(v, __hipvk_rn)) {}
  __host__ __device__ __hip_bfloat16(unsigned long long v) : data(__hipvk_ull_to_fp<8, 7>(v, __hipvk_rn)) {}
  __host__ __device__ operator float() const { return __hipvk_bf16_bits_to_float(data); }
  __host__ __device__ __hip_bfloat16 &operator=(float f) { return *this = __hip_bfloat16(f); }
  __host__ __device__ __hip_bfloat16 &operator=(double d) { return *this = __hip_bfloat16(d); }
#endif
  static __host__ __device__ constexpr __hip_bfloat16 __from_bits(unsigned short b) {
    return __hip_bfloat16(__hip_bfloat16_raw{b});
  }
  __host__ __device__ constexpr unsigned short __bits() const { return data; }
};

struct alignas(4) __hip_bfloat162 {
  __hip_bfloat16 x;
  __hip_bfloat16 y;

  __hip_bfloat162() = default;
  __host__ __device__ constexpr __hip_bfloat162(__hip_bfloat16 a, __hip_bfloat16 b) : x(a), y(b) {}
  __host__ __device__ constexpr __hip_bfloat162(const __hip_bfloat162_raw &r)
      : x(__hip_bfloat16_raw{r.x}), y(__hip_bfloat16_raw{r.y}) {}
  __host__ __device__ __hip_bfloat162 &operator=(const __hip_bfloat162_raw &r) { return *this = __hip_bfloat162(r); }
  __host__ __device__ constexpr operator __hip_bfloat162_raw() const { return __hip_bfloat162_raw{x.data, y.data}; }
};

static_assert(sizeof(__hip_bfloat16) == 2 && alignof(__hip_bfloat16) == 2, "__hip_bfloat16 layout");
static_assert(sizeof(__hip_bfloat162) == 4 && alignof(__hip_bfloat162) == 4, "__hip_bfloat162 layout");

#define __HIPVK_B __host__ __device__ __forceinline__
#define __HIPVK_BF(MODE) __hip_bfloat16::__from_bits(__hipvk_float_to_fp<8, 7>(f, MODE))

// ---- conversions -----------------------------------------------------------------------------------
__HIPVK_B float __bfloat162float(__hip_bfloat16 b) { return __hipvk_bf16_bits_to_float(b.data); }
__HIPVK_B __hip_bfloat16 __hipvk_f2bf(float f) { return __HIPVK_BF(__hipvk_rn); }
__HIPVK_B __hip_bfloat16 __float2bfloat16(float f) { return __HIPVK_BF(__hipvk_rn); }
__HIPVK_B __hip_bfloat16 __float2bfloat16_rn(float f) { return __HIPVK_BF(__hipvk_rn); }
__HIPVK_B __hip_bfloat16 __float2bfloat16_rz(float f) { return __HIPVK_BF(__hipvk_rz); }
__HIPVK_B __hip_bfloat16 __float2bfloat16_rd(float f) { return __HIPVK_BF(__hipvk_rd); }
__HIPVK_B __hip_bfloat16 __float2bfloat16_ru(float f) { return __HIPVK_BF(__hipvk_ru); }
__HIPVK_B __hip_bfloat16 __double2bfloat16(double d) {
  return __hip_bfloat16::__from_bits(__hipvk_double_to_fp<8, 7>(d, __hipvk_rn));
}
__HIPVK_B __hip_bfloat162 __float2bfloat162_rn(float f) { return __hip_bfloat162(__hipvk_f2bf(f), __hipvk_f2bf(f)); }
__HIPVK_B __hip_bfloat162 __floats2bfloat162_rn(float a, float b) { return __hip_bfloat162(__hipvk_f2bf(a), __hipvk_f2bf(b)); }
__HIPVK_B __hip_bfloat162 __float22bfloat162_rn(float2 v) { return __hip_bfloat162(__hipvk_f2bf(v.x), __hipvk_f2bf(v.y)); }
__HIPVK_B float2 __bfloat1622float2(__hip_bfloat162 b) { return float2(__bfloat162float(b.x), __bfloat162float(b.y)); }
__HIPVK_B float __low2float(__hip_bfloat162 b) { return __bfloat162float(b.x); }
__HIPVK_B float __high2float(__hip_bfloat162 b) { return __bfloat162float(b.y); }
__HIPVK_B __hip_bfloat16 __low2bfloat16(__hip_bfloat162 b) { return b.x; }
__HIPVK_B __hip_bfloat16 __high2bfloat16(__hip_bfloat162 b) { return b.y; }
__HIPVK_B __hip_bfloat162 __halves2bfloat162(__hip_bfloat16 a, __hip_bfloat16 b) { return __hip_bfloat162(a, b); }
__HIPVK_B __hip_bfloat162 __bfloat162bfloat162(__hip_bfloat16 a) { return __hip_bfloat162(a, a); }
__HIPVK_B __hip_bfloat162 __lows2bfloat162(__hip_bfloat162 a, __hip_bfloat162 b) { return __hip_bfloat162(a.x, b.x); }
__HIPVK_B __hip_bfloat162 __highs2bfloat162(__hip_bfloat162 a, __hip_bfloat162 b) { return __hip_bfloat162(a.y, b.y); }
__HIPVK_B __hip_bfloat162 __low2bfloat162(__hip_bfloat162 a) { return __hip_bfloat162(a.x, a.x); }
__HIPVK_B __hip_bfloat162 __high2bfloat162(__hip_bfloat162 a) { return __hip_bfloat162(a.y, a.y); }
__HIPVK_B __hip_bfloat162 __lowhigh2highlow(__hip_bfloat162 a) { return __hip_bfloat162(a.y, a.x); }

__HIPVK_B short __bfloat16_as_short(__hip_bfloat16 b) { return static_cast<short>(b.data); }
__HIPVK_B unsigned short __bfloat16_as_ushort(__hip_bfloat16 b) { return b.data; }
__HIPVK_B __hip_bfloat16 __short_as_bfloat16(short v) { return __hip_bfloat16::__from_bits(static_cast<unsigned short>(v)); }
__HIPVK_B __hip_bfloat16 __ushort_as_bfloat16(unsigned short v) { return __hip_bfloat16::__from_bits(v); }

#define __HIPVK_BF16_INT(NAME, I, CONV, LO, HI)                                                      \
  __HIPVK_B __hip_bfloat16 __##NAME##2bfloat16_rn(I v) { return __hip_bfloat16::__from_bits(CONV<8, 7>(v, __hipvk_rn)); } \
  __HIPVK_B __hip_bfloat16 __##NAME##2bfloat16_rz(I v) { return __hip_bfloat16::__from_bits(CONV<8, 7>(v, __hipvk_rz)); } \
  __HIPVK_B __hip_bfloat16 __##NAME##2bfloat16_rd(I v) { return __hip_bfloat16::__from_bits(CONV<8, 7>(v, __hipvk_rd)); } \
  __HIPVK_B __hip_bfloat16 __##NAME##2bfloat16_ru(I v) { return __hip_bfloat16::__from_bits(CONV<8, 7>(v, __hipvk_ru)); } \
  __HIPVK_B I __bfloat162##NAME##_rn(__hip_bfloat16 b) { return __hipvk_float_to_int<I>(__bfloat162float(b), __hipvk_rn, LO, HI); } \
  __HIPVK_B I __bfloat162##NAME##_rz(__hip_bfloat16 b) { return __hipvk_float_to_int<I>(__bfloat162float(b), __hipvk_rz, LO, HI); } \
  __HIPVK_B I __bfloat162##NAME##_rd(__hip_bfloat16 b) { return __hipvk_float_to_int<I>(__bfloat162float(b), __hipvk_rd, LO, HI); } \
  __HIPVK_B I __bfloat162##NAME##_ru(__hip_bfloat16 b) { return __hipvk_float_to_int<I>(__bfloat162float(b), __hipvk_ru, LO, HI); }
__HIPVK_BF16_INT(int, int, __hipvk_ll_to_fp, -2147483648.0f, 2147483648.0f)
__HIPVK_BF16_INT(uint, unsigned int, __hipvk_ull_to_fp, 0.0f, 4294967296.0f)
__HIPVK_BF16_INT(short, short, __hipvk_ll_to_fp, -32768.0f, 32768.0f)
__HIPVK_BF16_INT(ushort, unsigned short, __hipvk_ull_to_fp, 0.0f, 65536.0f)
__HIPVK_BF16_INT(ll, long long, __hipvk_ll_to_fp, -9223372036854775808.0f, 9223372036854775808.0f)
__HIPVK_BF16_INT(ull, unsigned long long, __hipvk_ull_to_fp, 0.0f, 18446744073709551616.0f)
#undef __HIPVK_BF16_INT
#undef __HIPVK_BF

// ---- arithmetic, comparisons, operators ------------------------------------------------------------
#if !defined(__HIP_NO_BFLOAT16_OPERATORS__)
__HIPVK_FP16_OPS(__hip_bfloat16, __hip_bfloat162, __bfloat162float, __hipvk_f2bf, 8, 7)
#endif

#undef __HIPVK_B

// ---- math: hsqrt, hsin, h2exp10, ... overloaded for bfloat16 (device code; hipvk_detail/fp16_math.h)
#if defined(__HIP__)
template <> struct __hipvk_fp16_math::format<__hip_bfloat16> {
  static constexpr int EB = 8, MB = 7;
};
__HIPVK_FP16_MATH(__hip_bfloat16, __hip_bfloat162)

// ---- warp shuffles of __hip_bfloat16 and __hip_bfloat162: their bits travel ---------------------
#include <hip/hipvk_detail/warp_functions.h>
__HIPVK_WARP_SHUFFLES(__hip_bfloat16)
__HIPVK_WARP_SHUFFLES(__hip_bfloat162)
#endif
#endif  // __cplusplus
