// Arithmetic, comparisons and operators shared by __half (hip_fp16.h) and __hip_bfloat16
// (hip_bf16.h). Each operation is computed exactly in float and rounded once to the 16-bit format
// (for + - * / float's 24 bits are enough for the double rounding to be innocuous; fma is exact
// integer arithmetic in __hipvk_fma_fp), so results are the correctly rounded ones on every device.
#pragma once

#include <hip/hipvk_detail/fp_convert.h>

#define __HIPVK_F16 __host__ __device__ __forceinline__

// The _sat variants clamp to [0, 1] (NaN stays NaN).
__HIPVK_F16 float __hipvk_sat01(float v) { return v > 1.0f ? 1.0f : (v >= 0.0f ? v : (v != v ? v : 0.0f)); }

// H: scalar type, H2: pair type, F(h): to float, T(f): float -> H (round to nearest even),
// EB/MB: the format.
#define __HIPVK_FP16_OPS(H, H2, F, T, EB, MB)                                                       \
  __HIPVK_F16 H __hadd(H a, H b) { return T(F(a) + F(b)); }                                         \
  __HIPVK_F16 H __hsub(H a, H b) { return T(F(a) - F(b)); }                                         \
  __HIPVK_F16 H __hmul(H a, H b) { return T(F(a) * F(b)); }                                         \
  __HIPVK_F16 H __hdiv(H a, H b) { return T(F(a) / F(b)); }                                         \
  __HIPVK_F16 H __hfma(H a, H b, H c) { return H::__from_bits(__hipvk_fma_fp<EB, MB>(F(a), F(b), F(c))); } \
  __HIPVK_F16 H __hadd_sat(H a, H b) { return T(__hipvk_sat01(F(__hadd(a, b)))); }                  \
  __HIPVK_F16 H __hsub_sat(H a, H b) { return T(__hipvk_sat01(F(__hsub(a, b)))); }                  \
  __HIPVK_F16 H __hmul_sat(H a, H b) { return T(__hipvk_sat01(F(__hmul(a, b)))); }                  \
  __HIPVK_F16 H __hfma_sat(H a, H b, H c) { return T(__hipvk_sat01(F(__hfma(a, b, c)))); }          \
  __HIPVK_F16 H __hneg(H a) { return H::__from_bits(static_cast<unsigned short>(a.__bits() ^ 0x8000u)); } \
  __HIPVK_F16 H __habs(H a) { return H::__from_bits(static_cast<unsigned short>(a.__bits() & 0x7fffu)); } \
  __HIPVK_F16 bool __heq(H a, H b) { return F(a) == F(b); }                                         \
  __HIPVK_F16 bool __hne(H a, H b) { return F(a) < F(b) || F(a) > F(b); }                           \
  __HIPVK_F16 bool __hlt(H a, H b) { return F(a) < F(b); }                                          \
  __HIPVK_F16 bool __hle(H a, H b) { return F(a) <= F(b); }                                         \
  __HIPVK_F16 bool __hgt(H a, H b) { return F(a) > F(b); }                                          \
  __HIPVK_F16 bool __hge(H a, H b) { return F(a) >= F(b); }                                         \
  __HIPVK_F16 bool __hequ(H a, H b) { return !(F(a) < F(b) || F(a) > F(b)); }                       \
  __HIPVK_F16 bool __hneu(H a, H b) { return !(F(a) == F(b)); }                                     \
  __HIPVK_F16 bool __hltu(H a, H b) { return !(F(a) >= F(b)); }                                     \
  __HIPVK_F16 bool __hleu(H a, H b) { return !(F(a) > F(b)); }                                      \
  __HIPVK_F16 bool __hgtu(H a, H b) { return !(F(a) <= F(b)); }                                     \
  __HIPVK_F16 bool __hgeu(H a, H b) { return !(F(a) < F(b)); }                                      \
  __HIPVK_F16 bool __hisnan(H a) { return (a.__bits() & 0x7fffu) > (((1u << EB) - 1u) << MB); }     \
  /* -1, 1 or 0 computed from the sign bit in 32 bits: written as a test of the sign, LLVM makes it */ \
  /* a signed 16-bit comparison with -1, whose constant spirv-opt folds into an invalid literal. */   \
  __HIPVK_F16 int __hisinf(H a) {                                                                   \
    const unsigned bits = a.__bits();                                                               \
    return (bits & 0x7fffu) == (((1u << EB) - 1u) << MB) ? 1 - static_cast<int>((bits >> 14) & 2u) : 0; \
  }                                                                                                 \
  __HIPVK_F16 H __hmax(H a, H b) { return __hisnan(a) ? b : (__hisnan(b) ? a : (F(a) < F(b) ? b : a)); } \
  __HIPVK_F16 H __hmin(H a, H b) { return __hisnan(a) ? b : (__hisnan(b) ? a : (F(b) < F(a) ? b : a)); } \
  /* the _nan forms return a NaN operand (the first one) instead of ignoring it, as ROCm's do */     \
  __HIPVK_F16 H __hmax_nan(H a, H b) { return __hisnan(a) ? a : (__hisnan(b) ? b : __hmax(a, b)); }  \
  __HIPVK_F16 H __hmin_nan(H a, H b) { return __hisnan(a) ? a : (__hisnan(b) ? b : __hmin(a, b)); }  \
  __HIPVK_F16 H operator+(H a, H b) { return __hadd(a, b); }                                        \
  __HIPVK_F16 H operator-(H a, H b) { return __hsub(a, b); }                                        \
  __HIPVK_F16 H operator*(H a, H b) { return __hmul(a, b); }                                        \
  __HIPVK_F16 H operator/(H a, H b) { return __hdiv(a, b); }                                        \
  __HIPVK_F16 H &operator+=(H &a, H b) { return a = __hadd(a, b); }                                 \
  __HIPVK_F16 H &operator-=(H &a, H b) { return a = __hsub(a, b); }                                 \
  __HIPVK_F16 H &operator*=(H &a, H b) { return a = __hmul(a, b); }                                 \
  __HIPVK_F16 H &operator/=(H &a, H b) { return a = __hdiv(a, b); }                                 \
  __HIPVK_F16 H operator+(H a) { return a; }                                                        \
  __HIPVK_F16 H operator-(H a) { return __hneg(a); }                                                \
  __HIPVK_F16 H &operator++(H &a) { return a = __hadd(a, T(1.0f)); }                                \
  __HIPVK_F16 H &operator--(H &a) { return a = __hsub(a, T(1.0f)); }                                \
  __HIPVK_F16 H operator++(H &a, int) { H old = a; a = __hadd(a, T(1.0f)); return old; }            \
  __HIPVK_F16 H operator--(H &a, int) { H old = a; a = __hsub(a, T(1.0f)); return old; }            \
  __HIPVK_F16 bool operator==(H a, H b) { return __heq(a, b); }                                     \
  __HIPVK_F16 bool operator!=(H a, H b) { return __hneu(a, b); }                                    \
  __HIPVK_F16 bool operator<(H a, H b) { return __hlt(a, b); }                                      \
  __HIPVK_F16 bool operator<=(H a, H b) { return __hle(a, b); }                                     \
  __HIPVK_F16 bool operator>(H a, H b) { return __hgt(a, b); }                                      \
  __HIPVK_F16 bool operator>=(H a, H b) { return __hge(a, b); }                                     \
  /* ---- pairs ---- */                                                                             \
  __HIPVK_F16 H2 __hadd2(H2 a, H2 b) { return H2(__hadd(a.x, b.x), __hadd(a.y, b.y)); }             \
  __HIPVK_F16 H2 __hsub2(H2 a, H2 b) { return H2(__hsub(a.x, b.x), __hsub(a.y, b.y)); }             \
  __HIPVK_F16 H2 __hmul2(H2 a, H2 b) { return H2(__hmul(a.x, b.x), __hmul(a.y, b.y)); }             \
  __HIPVK_F16 H2 __h2div(H2 a, H2 b) { return H2(__hdiv(a.x, b.x), __hdiv(a.y, b.y)); }             \
  __HIPVK_F16 H2 __hfma2(H2 a, H2 b, H2 c) { return H2(__hfma(a.x, b.x, c.x), __hfma(a.y, b.y, c.y)); } \
  __HIPVK_F16 H2 __hadd2_sat(H2 a, H2 b) { return H2(__hadd_sat(a.x, b.x), __hadd_sat(a.y, b.y)); } \
  __HIPVK_F16 H2 __hsub2_sat(H2 a, H2 b) { return H2(__hsub_sat(a.x, b.x), __hsub_sat(a.y, b.y)); } \
  __HIPVK_F16 H2 __hmul2_sat(H2 a, H2 b) { return H2(__hmul_sat(a.x, b.x), __hmul_sat(a.y, b.y)); } \
  __HIPVK_F16 H2 __hfma2_sat(H2 a, H2 b, H2 c) { return H2(__hfma_sat(a.x, b.x, c.x), __hfma_sat(a.y, b.y, c.y)); } \
  __HIPVK_F16 H2 __hneg2(H2 a) { return H2(__hneg(a.x), __hneg(a.y)); }                             \
  __HIPVK_F16 H2 __habs2(H2 a) { return H2(__habs(a.x), __habs(a.y)); }                             \
  __HIPVK_F16 H2 __hmax2(H2 a, H2 b) { return H2(__hmax(a.x, b.x), __hmax(a.y, b.y)); }             \
  __HIPVK_F16 H2 __hmin2(H2 a, H2 b) { return H2(__hmin(a.x, b.x), __hmin(a.y, b.y)); }             \
  __HIPVK_F16 H2 __hisnan2(H2 a) { return H2(T(__hisnan(a.x) ? 1.0f : 0.0f), T(__hisnan(a.y) ? 1.0f : 0.0f)); } \
  __HIPVK_F16 H2 __hisinf2(H2 a) { return H2(T(__hisinf(a.x) ? 1.0f : 0.0f), T(__hisinf(a.y) ? 1.0f : 0.0f)); } \
  __HIPVK_F16 H2 __hmax2_nan(H2 a, H2 b) { return H2(__hmax_nan(a.x, b.x), __hmax_nan(a.y, b.y)); } \
  __HIPVK_F16 H2 __hmin2_nan(H2 a, H2 b) { return H2(__hmin_nan(a.x, b.x), __hmin_nan(a.y, b.y)); } \
  __HIPVK_FP16_CMP2(H, H2, T, eq) __HIPVK_FP16_CMP2(H, H2, T, ne) __HIPVK_FP16_CMP2(H, H2, T, lt)    \
  __HIPVK_FP16_CMP2(H, H2, T, le) __HIPVK_FP16_CMP2(H, H2, T, gt) __HIPVK_FP16_CMP2(H, H2, T, ge)    \
  __HIPVK_FP16_CMP2(H, H2, T, equ) __HIPVK_FP16_CMP2(H, H2, T, neu) __HIPVK_FP16_CMP2(H, H2, T, ltu) \
  __HIPVK_FP16_CMP2(H, H2, T, leu) __HIPVK_FP16_CMP2(H, H2, T, gtu) __HIPVK_FP16_CMP2(H, H2, T, geu) \
  __HIPVK_F16 H2 operator+(H2 a, H2 b) { return __hadd2(a, b); }                                    \
  __HIPVK_F16 H2 operator-(H2 a, H2 b) { return __hsub2(a, b); }                                    \
  __HIPVK_F16 H2 operator*(H2 a, H2 b) { return __hmul2(a, b); }                                    \
  __HIPVK_F16 H2 operator/(H2 a, H2 b) { return __h2div(a, b); }                                    \
  __HIPVK_F16 H2 &operator+=(H2 &a, H2 b) { return a = __hadd2(a, b); }                             \
  __HIPVK_F16 H2 &operator-=(H2 &a, H2 b) { return a = __hsub2(a, b); }                             \
  __HIPVK_F16 H2 &operator*=(H2 &a, H2 b) { return a = __hmul2(a, b); }                             \
  __HIPVK_F16 H2 &operator/=(H2 &a, H2 b) { return a = __h2div(a, b); }                             \
  __HIPVK_F16 H2 operator+(H2 a) { return a; }                                                      \
  __HIPVK_F16 H2 operator-(H2 a) { return __hneg2(a); }                                             \
  __HIPVK_F16 bool operator==(H2 a, H2 b) { return __hbeq2(a, b); }                                 \
  __HIPVK_F16 bool operator!=(H2 a, H2 b) { return __hbneu2(a, b); }                                \
  __HIPVK_F16 bool operator<(H2 a, H2 b) { return __hblt2(a, b); }                                  \
  __HIPVK_F16 bool operator<=(H2 a, H2 b) { return __hble2(a, b); }                                 \
  __HIPVK_F16 bool operator>(H2 a, H2 b) { return __hbgt2(a, b); }                                  \
  __HIPVK_F16 bool operator>=(H2 a, H2 b) { return __hbge2(a, b); }

// __h<op>2 gives 1.0/0.0 per lane, __hb<op>2 is true when both lanes compare true.
#define __HIPVK_FP16_CMP2(H, H2, T, OP)                                                             \
  __HIPVK_F16 H2 __h##OP##2(H2 a, H2 b) {                                                           \
    return H2(T(__h##OP(a.x, b.x) ? 1.0f : 0.0f), T(__h##OP(a.y, b.y) ? 1.0f : 0.0f));              \
  }                                                                                                 \
  __HIPVK_F16 bool __hb##OP##2(H2 a, H2 b) { return __h##OP(a.x, b.x) && __h##OP(a.y, b.y); }
