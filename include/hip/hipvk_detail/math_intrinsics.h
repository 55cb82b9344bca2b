// HIP's device intrinsics beside the math library: the fast approximate float functions (Vulkan's
// GLSL.std.450 instructions, CUDA's __sinf-style accuracy class), integer intrinsics, arithmetic
// with a chosen rounding (exact: the result is rounded once in the named direction), conversions
// with a chosen rounding, and reinterpretations. The bit-counting intrinsics (__popc, __clz, __ffs,
// __brev) live in warp_functions.h.
#pragma once

#include <hip/hipvk_detail/device_builtins.h>
#include <hip/hipvk_detail/host_defines.h>
#include <hip/hipvk_detail/ocml.h>

#if defined(__HIP__)

#define __HIPVK_INTRINSIC __device__ __forceinline__

// ---- reinterpretation ----------------------------------------------------------------------------
__HIPVK_INTRINSIC int __float_as_int(float x) { return __builtin_bit_cast(int, x); }
__HIPVK_INTRINSIC unsigned int __float_as_uint(float x) { return __builtin_bit_cast(unsigned int, x); }
__HIPVK_INTRINSIC float __int_as_float(int x) { return __builtin_bit_cast(float, x); }
__HIPVK_INTRINSIC float __uint_as_float(unsigned int x) { return __builtin_bit_cast(float, x); }
__HIPVK_INTRINSIC long long __double_as_longlong(double x) { return __builtin_bit_cast(long long, x); }
__HIPVK_INTRINSIC double __longlong_as_double(long long x) { return __builtin_bit_cast(double, x); }
__HIPVK_INTRINSIC int __double2hiint(double x) { return int(__builtin_bit_cast(unsigned long long, x) >> 32); }
__HIPVK_INTRINSIC int __double2loint(double x) { return int(__builtin_bit_cast(unsigned long long, x)); }
__HIPVK_INTRINSIC double __hiloint2double(int hi, int lo) {
  return __builtin_bit_cast(double, (static_cast<unsigned long long>(static_cast<unsigned int>(hi)) << 32) |
                                        static_cast<unsigned int>(lo));
}

// ---- fast approximate float functions (-ffast-math class accuracy, Vulkan's precision) -----------
// amdgcn.exp2/log/sin/cos are lowered to GLSL.std.450 Exp2/Log2/Sin/Cos (sin/cos take turns).
__HIPVK_INTRINSIC float __fdividef(float x, float y) { return __hipvk_fast_divide(x, y); }
// rsqrtf within CUDA's and HIP's 2 ulp: Vulkan's InverseSqrt has that bound for positive finite x
// and is one instruction on GPUs (1/sqrt in double made n-body kernels 10x slower than CUDA). The
// inputs Vulkan leaves undefined (x <= 0, infinity, NaN) get IEEE's results from the bits, unless
// the device's InverseSqrt gives those itself (a specialization constant). Selected, not branched
// to: a branch in an n-body kernel's hot loop kept NVIDIA's compiler from unrolling it (3x slower),
// and InverseSqrt of those inputs is an undefined value, never a fault (docs/PERFORMANCE.md).
__HIPVK_INTRINSIC float __hipvk_rsqrtf(float x) {
  const float root = __hipvk_inverse_sqrt(x);
  if (__hipvk_inverse_sqrt_is_ieee()) return root;
  const unsigned int b = __builtin_bit_cast(unsigned int, x);
  const unsigned int special = (b << 1) == 0 ? (b & 0x80000000u) | 0x7f800000u  // 1/sqrt(+-0) = +-inf
                               : b == 0x7f800000u ? 0u                          // 1/sqrt(+inf) = +0
                                                  : 0x7fc00000u;                // x < 0, NaN: NaN
  return b - 1u < 0x7f7fffffu ? root : __builtin_bit_cast(float, special);      // 0 < x < inf
}
__HIPVK_INTRINSIC float __expf(float x) { return __builtin_amdgcn_exp2f(x * 1.442695041f); }
__HIPVK_INTRINSIC float __exp10f(float x) { return __builtin_amdgcn_exp2f(x * 3.321928095f); }
__HIPVK_INTRINSIC float __logf(float x) { return __builtin_amdgcn_logf(x) * 0.693147181f; }
__HIPVK_INTRINSIC float __log2f(float x) { return __builtin_amdgcn_logf(x); }
__HIPVK_INTRINSIC float __log10f(float x) { return __builtin_amdgcn_logf(x) * 0.301029996f; }
__HIPVK_INTRINSIC float __powf(float x, float y) { return __builtin_amdgcn_exp2f(y * __builtin_amdgcn_logf(x)); }
__HIPVK_INTRINSIC float __sinf(float x) { return __builtin_amdgcn_sinf(x * 0.159154943f); }
__HIPVK_INTRINSIC float __cosf(float x) { return __builtin_amdgcn_cosf(x * 0.159154943f); }
__HIPVK_INTRINSIC float __tanf(float x) { return __fdividef(__sinf(x), __cosf(x)); }
__HIPVK_INTRINSIC void __sincosf(float x, float *s, float *c) {
  *s = __sinf(x);
  *c = __cosf(x);
}
__HIPVK_INTRINSIC float __saturatef(float x) { return __builtin_amdgcn_fmed3f(x, 0.0f, 1.0f); } // NaN to 0

// ---- single precision with a chosen rounding -------------------------------------------------------
// The exact result, or a double rounded to odd from it, is rounded to float by round-to-nearest
// and then moved one float toward the wanted direction when it lies on the wrong side.
enum __hipvk_rounding { __hipvk_rn_mode, __hipvk_rz_mode, __hipvk_ru_mode, __hipvk_rd_mode };

__HIPVK_INTRINSIC float __hipvk_next_float(float f, bool up) {
  if (f != f) return f;
  if (f == 0.0f) return up ? 0x1p-149f : -0x1p-149f;
  unsigned int b = __builtin_bit_cast(unsigned int, f);
  return __builtin_bit_cast(float, (up == (f > 0.0f)) ? b + 1 : b - 1);
}
// `above`/`below`: the exact value is above/below the float candidate f (both false when equal).
__HIPVK_INTRINSIC float __hipvk_direct(float f, bool above, bool below, __hipvk_rounding mode) {
  bool up = mode == __hipvk_ru_mode || (mode == __hipvk_rz_mode && f < 0.0f);
  bool down = mode == __hipvk_rd_mode || (mode == __hipvk_rz_mode && f > 0.0f);
  if (up && above) return __hipvk_next_float(f, true);
  if (down && below) return __hipvk_next_float(f, false);
  return f;
}
__HIPVK_INTRINSIC double __hipvk_round_to_odd(double s, double error) {
  unsigned long long b = __builtin_bit_cast(unsigned long long, s);
  if (error == 0 || !__builtin_isfinite(s) || (b & 1)) return s;
  return __builtin_bit_cast(double, (error > 0) == (s > 0) ? b + 1 : b - 1);
}
// A double (exact or rounded to odd) rounded to float in `mode`.
__HIPVK_INTRINSIC float __hipvk_double_to_float(double d, __hipvk_rounding mode) {
  float f = float(d);
  if (mode == __hipvk_rn_mode || d != d) return f;
  if (__builtin_isinf(f) && !__builtin_isinf(d)) { // overflow: the largest finite float toward zero
    bool towardZero = mode == __hipvk_rz_mode || (mode == __hipvk_ru_mode && f < 0) || (mode == __hipvk_rd_mode && f > 0);
    return towardZero ? __builtin_copysignf(0x1.fffffep127f, f) : f;
  }
  return __hipvk_direct(f, d > double(f), d < double(f), mode);
}
__HIPVK_INTRINSIC double __hipvk_sum_to_odd(double a, double b) {
  double s = a + b, bb = s - a;
  return __hipvk_round_to_odd(s, (a - (s - bb)) + (b - bb));
}
__HIPVK_INTRINSIC float __hipvk_fadd(float a, float b, __hipvk_rounding m) {
  return __hipvk_double_to_float(__hipvk_sum_to_odd(a, b), m);
}
__HIPVK_INTRINSIC float __hipvk_fmul(float a, float b, __hipvk_rounding m) {
  return __hipvk_double_to_float(double(a) * double(b), m); // exact in double
}
__HIPVK_INTRINSIC float __hipvk_ffma(float a, float b, float c, __hipvk_rounding m) {
  return __hipvk_double_to_float(__hipvk_sum_to_odd(double(a) * double(b), c), m);
}
__HIPVK_INTRINSIC float __hipvk_fdiv(float a, float b, __hipvk_rounding m) {
  float q = a / b; // correctly rounded
  if (m == __hipvk_rn_mode || !__builtin_isfinite(a) || !__builtin_isfinite(b) || a == 0.0f || b == 0.0f) return q;
  if (__builtin_isinf(q)) return __hipvk_double_to_float(double(a) / double(b), m);
  double residual = double(a) - double(q) * double(b); // q*b is exact; so is the difference
  if (b < 0) residual = -residual;
  return __hipvk_direct(q, residual > 0, residual < 0, m);
}
__HIPVK_INTRINSIC float __hipvk_fsqrt(float x, __hipvk_rounding m) {
  float r = __builtin_sqrtf(x); // correctly rounded
  if (m == __hipvk_rn_mode || !(r > 0.0f) || __builtin_isinf(r)) return r;
  double residual = double(x) - double(r) * double(r); // exact
  return __hipvk_direct(r, residual > 0, residual < 0, m);
}

#define __HIPVK_ROUNDED_FLOAT(SUFFIX, MODE)                                                              \
  __HIPVK_INTRINSIC float __fadd_##SUFFIX(float a, float b) { return __hipvk_fadd(a, b, MODE); }         \
  __HIPVK_INTRINSIC float __fsub_##SUFFIX(float a, float b) { return __hipvk_fadd(a, -b, MODE); }        \
  __HIPVK_INTRINSIC float __fmul_##SUFFIX(float a, float b) { return __hipvk_fmul(a, b, MODE); }         \
  __HIPVK_INTRINSIC float __fdiv_##SUFFIX(float a, float b) { return __hipvk_fdiv(a, b, MODE); }         \
  __HIPVK_INTRINSIC float __frcp_##SUFFIX(float a) { return __hipvk_fdiv(1.0f, a, MODE); }               \
  __HIPVK_INTRINSIC float __fsqrt_##SUFFIX(float a) { return __hipvk_fsqrt(a, MODE); }                   \
  __HIPVK_INTRINSIC float __fmaf_##SUFFIX(float a, float b, float c) { return __hipvk_ffma(a, b, c, MODE); }
__HIPVK_ROUNDED_FLOAT(rn, __hipvk_rn_mode)
__HIPVK_ROUNDED_FLOAT(rz, __hipvk_rz_mode)
__HIPVK_ROUNDED_FLOAT(ru, __hipvk_ru_mode)
__HIPVK_ROUNDED_FLOAT(rd, __hipvk_rd_mode)
#undef __HIPVK_ROUNDED_FLOAT
__HIPVK_INTRINSIC float __frsqrt_rn(float x) { return float(1.0 / __builtin_sqrt(double(x))); }

// ---- double precision with a chosen rounding --------------------------------------------------------
// The round-to-nearest result and the sign of its error (exact: two-sum, fma) pick the neighbour.
__HIPVK_INTRINSIC double __hipvk_next_double(double d, bool up) {
  if (d != d) return d;
  if (d == 0.0) return up ? 0x1p-1074 : -0x1p-1074;
  unsigned long long b = __builtin_bit_cast(unsigned long long, d);
  return __builtin_bit_cast(double, (up == (d > 0.0)) ? b + 1 : b - 1);
}
__HIPVK_INTRINSIC double __hipvk_direct_double(double r, double error, __hipvk_rounding mode) {
  if (mode == __hipvk_rn_mode || !__builtin_isfinite(r) || error != error) return r;
  bool up = mode == __hipvk_ru_mode || (mode == __hipvk_rz_mode && r < 0.0);
  bool down = mode == __hipvk_rd_mode || (mode == __hipvk_rz_mode && r > 0.0);
  if (up && error > 0) return __hipvk_next_double(r, true);
  if (down && error < 0) return __hipvk_next_double(r, false);
  return r;
}
__HIPVK_INTRINSIC double __hipvk_dadd(double a, double b, __hipvk_rounding m) {
  double s = a + b, bb = s - a;
  return __hipvk_direct_double(s, (a - (s - bb)) + (b - bb), m);
}
__HIPVK_INTRINSIC double __hipvk_dmul(double a, double b, __hipvk_rounding m) {
  double p = a * b;
  return __hipvk_direct_double(p, __builtin_fma(a, b, -p), m);
}
__HIPVK_INTRINSIC double __hipvk_ddiv(double a, double b, __hipvk_rounding m) {
  double q = a / b;
  if (!__builtin_isfinite(q) || q == 0.0 || !__builtin_isfinite(b)) return q;
  // One Newton step with exact fma makes q the correctly rounded quotient; the residual's sign
  // then says on which side the exact quotient lies.
  double r = __builtin_fma(-q, b, a);
  q = __builtin_fma(r, 1.0 / b, q);
  r = __builtin_fma(-q, b, a);
  return __hipvk_direct_double(q, b > 0 ? r : -r, m);
}
__HIPVK_INTRINSIC double __hipvk_dsqrt(double x, __hipvk_rounding m) {
  double r = __ocml_sqrt_f64(x); // correctly rounded
  if (!(r > 0.0)) return r;
  return __hipvk_direct_double(r, __builtin_fma(-r, r, x), m);
}
__HIPVK_INTRINSIC double __hipvk_dfma(double a, double b, double c, __hipvk_rounding m) {
  double r = __builtin_fma(a, b, c);
  if (m == __hipvk_rn_mode || !__builtin_isfinite(r)) return r;
  // error = a*b + c - r = (p - r + c) + e with p + e = a*b exactly.
  double p = a * b, e = __builtin_fma(a, b, -p);
  double s = p + c, bb = s - p, t = (p - (s - bb)) + (c - bb); // s + t = p + c
  return __hipvk_direct_double(r, ((s - r) + t) + e, m);
}
#define __HIPVK_ROUNDED_DOUBLE(SUFFIX, MODE)                                                                 \
  __HIPVK_INTRINSIC double __dadd_##SUFFIX(double a, double b) { return __hipvk_dadd(a, b, MODE); }          \
  __HIPVK_INTRINSIC double __dsub_##SUFFIX(double a, double b) { return __hipvk_dadd(a, -b, MODE); }         \
  __HIPVK_INTRINSIC double __dmul_##SUFFIX(double a, double b) { return __hipvk_dmul(a, b, MODE); }          \
  __HIPVK_INTRINSIC double __ddiv_##SUFFIX(double a, double b) { return __hipvk_ddiv(a, b, MODE); }          \
  __HIPVK_INTRINSIC double __drcp_##SUFFIX(double a) { return __hipvk_ddiv(1.0, a, MODE); }                  \
  __HIPVK_INTRINSIC double __dsqrt_##SUFFIX(double a) { return __hipvk_dsqrt(a, MODE); }                     \
  __HIPVK_INTRINSIC double __fma_##SUFFIX(double a, double b, double c) { return __hipvk_dfma(a, b, c, MODE); }
__HIPVK_ROUNDED_DOUBLE(rn, __hipvk_rn_mode)
__HIPVK_ROUNDED_DOUBLE(rz, __hipvk_rz_mode)
__HIPVK_ROUNDED_DOUBLE(ru, __hipvk_ru_mode)
__HIPVK_ROUNDED_DOUBLE(rd, __hipvk_rd_mode)
#undef __HIPVK_ROUNDED_DOUBLE

// ---- conversions with a chosen rounding --------------------------------------------------------------
// Float to integer: rounded in the named direction, saturated to the type's range, NaN to 0 (as
// PTX's cvt.*i and AMD's conversions do).
template <typename I>
inline constexpr bool __hipvk_signed = I(-1) < I(0);
// 2^(bits-1) for a signed type, 2^bits for an unsigned one: the first value past its range.
template <typename I, typename F>
inline constexpr F __hipvk_int_limit = F(1ull << (sizeof(I) * 8 - 1)) * (__hipvk_signed<I> ? F(1) : F(2));
template <typename I, typename F>
__HIPVK_INTRINSIC I __hipvk_to_int(F x, __hipvk_rounding m) {
  F r = m == __hipvk_rn_mode ? __builtin_rint(x) : m == __hipvk_rz_mode ? __builtin_trunc(x)
      : m == __hipvk_ru_mode ? __builtin_ceil(x) : __builtin_floor(x);
  constexpr F limit = __hipvk_int_limit<I, F>;
  constexpr I largest = __hipvk_signed<I> ? I((1ull << (sizeof(I) * 8 - 1)) - 1) : I(~0ull);
  if (r != r) return 0;
  if (r >= limit) return largest;
  if (r < (__hipvk_signed<I> ? -limit : F(0))) return __hipvk_signed<I> ? I(-largest - 1) : I(0);
  return I(r);
}
// Integer to float/double: round to nearest, then step toward the named direction when the exact
// value lies on the other side (compared exactly as integers).
template <typename F, typename I>
__HIPVK_INTRINSIC F __hipvk_from_int(I v, __hipvk_rounding m) {
  F f = F(v);
  if (m == __hipvk_rn_mode) return f;
  bool fAbove = f >= __hipvk_int_limit<I, F> || I(f) > v; // f is integral and, below the limit, fits I
  bool fBelow = f < __hipvk_int_limit<I, F> && I(f) < v;
  bool up = m == __hipvk_ru_mode || (m == __hipvk_rz_mode && f < 0);
  bool down = m == __hipvk_rd_mode || (m == __hipvk_rz_mode && f > 0);
  if constexpr (sizeof(F) == 4) {
    if (up && fBelow) return __hipvk_next_float(f, true);
    if (down && fAbove) return __hipvk_next_float(f, false);
  } else {
    if (up && fBelow) return __hipvk_next_double(f, true);
    if (down && fAbove) return __hipvk_next_double(f, false);
  }
  return f;
}
#define __HIPVK_CONVERSIONS(SUFFIX, MODE)                                                                              \
  __HIPVK_INTRINSIC int __float2int_##SUFFIX(float x) { return __hipvk_to_int<int>(x, MODE); }                         \
  __HIPVK_INTRINSIC unsigned int __float2uint_##SUFFIX(float x) { return __hipvk_to_int<unsigned int>(x, MODE); }      \
  __HIPVK_INTRINSIC long long __float2ll_##SUFFIX(float x) { return __hipvk_to_int<long long>(x, MODE); }              \
  __HIPVK_INTRINSIC unsigned long long __float2ull_##SUFFIX(float x) { return __hipvk_to_int<unsigned long long>(x, MODE); } \
  __HIPVK_INTRINSIC int __double2int_##SUFFIX(double x) { return __hipvk_to_int<int>(x, MODE); }                       \
  __HIPVK_INTRINSIC unsigned int __double2uint_##SUFFIX(double x) { return __hipvk_to_int<unsigned int>(x, MODE); }    \
  __HIPVK_INTRINSIC long long __double2ll_##SUFFIX(double x) { return __hipvk_to_int<long long>(x, MODE); }            \
  __HIPVK_INTRINSIC unsigned long long __double2ull_##SUFFIX(double x) { return __hipvk_to_int<unsigned long long>(x, MODE); } \
  __HIPVK_INTRINSIC float __int2float_##SUFFIX(int v) { return __hipvk_from_int<float>(v, MODE); }                     \
  __HIPVK_INTRINSIC float __uint2float_##SUFFIX(unsigned int v) { return __hipvk_from_int<float>(v, MODE); }           \
  __HIPVK_INTRINSIC float __ll2float_##SUFFIX(long long v) { return __hipvk_from_int<float>(v, MODE); }                \
  __HIPVK_INTRINSIC float __ull2float_##SUFFIX(unsigned long long v) { return __hipvk_from_int<float>(v, MODE); }      \
  __HIPVK_INTRINSIC double __ll2double_##SUFFIX(long long v) { return __hipvk_from_int<double>(v, MODE); }             \
  __HIPVK_INTRINSIC double __ull2double_##SUFFIX(unsigned long long v) { return __hipvk_from_int<double>(v, MODE); }   \
  __HIPVK_INTRINSIC float __double2float_##SUFFIX(double x) { return __hipvk_double_to_float(x, MODE); }
__HIPVK_CONVERSIONS(rn, __hipvk_rn_mode)
__HIPVK_CONVERSIONS(rz, __hipvk_rz_mode)
__HIPVK_CONVERSIONS(ru, __hipvk_ru_mode)
__HIPVK_CONVERSIONS(rd, __hipvk_rd_mode)
#undef __HIPVK_CONVERSIONS
__HIPVK_INTRINSIC double __int2double_rn(int v) { return double(v); }
__HIPVK_INTRINSIC double __uint2double_rn(unsigned int v) { return double(v); }

// ---- integer intrinsics ----------------------------------------------------------------------------
__HIPVK_INTRINSIC unsigned int __byte_perm(unsigned int x, unsigned int y, unsigned int s) {
  unsigned long long bytes = (static_cast<unsigned long long>(y) << 32) | x;
  unsigned int result = 0;
  for (int i = 0; i < 4; ++i) result |= static_cast<unsigned int>((bytes >> (8 * ((s >> (4 * i)) & 7))) & 0xff) << (8 * i);
  return result;
}
__HIPVK_INTRINSIC unsigned int __funnelshift_l(unsigned int lo, unsigned int hi, unsigned int shift) {
  return static_cast<unsigned int>(((static_cast<unsigned long long>(hi) << 32 | lo) << (shift & 31)) >> 32);
}
__HIPVK_INTRINSIC unsigned int __funnelshift_lc(unsigned int lo, unsigned int hi, unsigned int shift) {
  unsigned int s = shift < 32 ? shift : 32;
  return static_cast<unsigned int>(((static_cast<unsigned long long>(hi) << 32 | lo) << s) >> 32);
}
__HIPVK_INTRINSIC unsigned int __funnelshift_r(unsigned int lo, unsigned int hi, unsigned int shift) {
  return static_cast<unsigned int>((static_cast<unsigned long long>(hi) << 32 | lo) >> (shift & 31));
}
__HIPVK_INTRINSIC unsigned int __funnelshift_rc(unsigned int lo, unsigned int hi, unsigned int shift) {
  unsigned int s = shift < 32 ? shift : 32;
  return static_cast<unsigned int>((static_cast<unsigned long long>(hi) << 32 | lo) >> s);
}
// 24-bit multiplies: the low 24 bits of each operand (sign-extended for __mul24), low 32 bits of the product.
__HIPVK_INTRINSIC int __mul24(int x, int y) {
  return static_cast<int>(static_cast<unsigned int>((x << 8) >> 8) * static_cast<unsigned int>((y << 8) >> 8));
}
__HIPVK_INTRINSIC unsigned int __umul24(unsigned int x, unsigned int y) { return (x & 0xffffffu) * (y & 0xffffffu); }
__HIPVK_INTRINSIC int __mulhi(int x, int y) { return static_cast<int>((static_cast<long long>(x) * y) >> 32); }
__HIPVK_INTRINSIC unsigned int __umulhi(unsigned int x, unsigned int y) {
  return static_cast<unsigned int>((static_cast<unsigned long long>(x) * y) >> 32);
}
// The high halves of 64 x 64-bit products: one OpUMulExtended (__hipvk_umul_hi_64); the signed
// one corrects the unsigned product of the two's-complement bit patterns.
__HIPVK_INTRINSIC unsigned long long __umul64hi(unsigned long long x, unsigned long long y) { return __hipvk_umul_hi_64(x, y); }
__HIPVK_INTRINSIC long long __mul64hi(long long x, long long y) {
  unsigned long long high = __umul64hi(static_cast<unsigned long long>(x), static_cast<unsigned long long>(y));
  if (x < 0) high -= static_cast<unsigned long long>(y);
  if (y < 0) high -= static_cast<unsigned long long>(x);
  return static_cast<long long>(high);
}
__HIPVK_INTRINSIC unsigned int __sad(int x, int y, unsigned int z) {
  return (x > y ? static_cast<unsigned int>(x) - static_cast<unsigned int>(y) : static_cast<unsigned int>(y) - static_cast<unsigned int>(x)) + z;
}
__HIPVK_INTRINSIC unsigned int __usad(unsigned int x, unsigned int y, unsigned int z) { return (x > y ? x - y : y - x) + z; }
// Averages without overflow: (x + y) >> 1 and (x + y + 1) >> 1 computed in 64 bits.
__HIPVK_INTRINSIC int __hadd(int x, int y) { return static_cast<int>((static_cast<long long>(x) + y) >> 1); }
__HIPVK_INTRINSIC int __rhadd(int x, int y) { return static_cast<int>((static_cast<long long>(x) + y + 1) >> 1); }
__HIPVK_INTRINSIC unsigned int __uhadd(unsigned int x, unsigned int y) {
  return static_cast<unsigned int>((static_cast<unsigned long long>(x) + y) >> 1);
}
__HIPVK_INTRINSIC unsigned int __urhadd(unsigned int x, unsigned int y) {
  return static_cast<unsigned int>((static_cast<unsigned long long>(x) + y + 1) >> 1);
}
// AMD's bit-field extract/insert: offset and width taken modulo the type's width; width 0 gives 0.
__HIPVK_INTRINSIC unsigned int __bitextract_u32(unsigned int src, unsigned int offset, unsigned int width) {
  offset &= 31;
  width &= 31;
  return width == 0 ? 0 : (src >> offset) & ((1u << width) - 1);
}
__HIPVK_INTRINSIC unsigned long long __bitextract_u64(unsigned long long src, unsigned int offset, unsigned int width) {
  offset &= 63;
  width &= 63;
  return width == 0 ? 0 : (src >> offset) & ((1ull << width) - 1);
}
__HIPVK_INTRINSIC unsigned int __bitinsert_u32(unsigned int src, unsigned int insert, unsigned int offset, unsigned int width) {
  offset &= 31;
  width &= 31;
  unsigned int mask = (1u << width) - 1;
  return (src & ~(mask << offset)) | ((insert & mask) << offset);
}
__HIPVK_INTRINSIC unsigned long long __bitinsert_u64(unsigned long long src, unsigned long long insert, unsigned int offset,
                                                      unsigned int width) {
  offset &= 63;
  width &= 63;
  unsigned long long mask = (1ull << width) - 1;
  return (src & ~(mask << offset)) | ((insert & mask) << offset);
}
// The index of the lowest set bit, -1 (all ones) for zero.
__HIPVK_INTRINSIC unsigned int __lastbit_u32_u32(unsigned int x) { return x == 0 ? ~0u : __builtin_ctz(x); }
__HIPVK_INTRINSIC unsigned int __lastbit_u32_u64(unsigned long long x) { return x == 0 ? ~0u : __builtin_ctzll(x); }
// The position of the offset-th set bit counting from `base` (upwards for offset > 0, downwards for
// offset < 0; offset 0 asks whether bit `base` is set); -1 when there is none.
__HIPVK_INTRINSIC int __fns64(unsigned long long mask, unsigned int base, int offset) {
  base &= 63;
  if (offset == 0) return (mask >> base) & 1 ? int(base) : -1;
  int step = offset > 0 ? 1 : -1, wanted = offset > 0 ? offset : -offset;
  for (int i = int(base); i >= 0 && i < 64; i += step)
    if (((mask >> i) & 1) && --wanted == 0) return i;
  return -1;
}
__HIPVK_INTRINSIC int __fns32(unsigned long long mask, unsigned int base, int offset) {
  return __fns64(mask & 0xffffffffull, base & 31, offset);
}

#undef __HIPVK_INTRINSIC

#endif  // __HIP__
