// Exact software conversions between float/double/integers and the 16-bit floating-point formats
// (IEEE binary16 for __half, bfloat16 for __hip_bfloat16) in the four rounding modes. Integer
// arithmetic only: the results are the same on every host compiler and every Vulkan device (no
// Float16 capability needed, no driver rounding), and they are bit-exact: round-to-nearest-even,
// toward zero, down and up, with subnormals, overflow to infinity or to the largest finite value
// as IEEE 754 prescribes for each mode, and NaNs kept quiet with their sign.
#pragma once

#include <hip/hipvk_detail/host_defines.h>

#if defined(__cplusplus)
#include <string.h>

#define __HIPVK_FP_FN __host__ __device__ __forceinline__

enum __hipvk_round { __hipvk_rn = 0, __hipvk_rz = 1, __hipvk_rd = 2, __hipvk_ru = 3 };

// Rounds (-1)^sign * m * 2^e to the format with EB exponent bits and MB mantissa bits; returns the
// 16-bit (or narrower) encoding.
template <int EB, int MB>
__HIPVK_FP_FN unsigned short __hipvk_round_to_fp(unsigned sign, unsigned long long m, int e, int mode) {
  const unsigned sbit = sign ? (1u << (EB + MB)) : 0u;
  if (m == 0) return static_cast<unsigned short>(sbit);
  const int bias = (1 << (EB - 1)) - 1;
  const int emin = 1 - bias, emax = bias;
  int E = (63 - __builtin_clzll(m)) + e;  // floor(log2 |value|)
  const bool away = (mode == __hipvk_ru && !sign) || (mode == __hipvk_rd && sign);
  const unsigned inf = ((1u << EB) - 1u) << MB;
  if (E > emax) return static_cast<unsigned short>(sbit | ((mode == __hipvk_rn || away) ? inf : inf - 1u));
  if (E < emin) E = emin;
  const int s = (E - MB) - e;  // value / 2^(E-MB) = m / 2^s
  unsigned long long r, rem = 0, half = 0;
  if (s <= 0) {
    r = m << -s;
  } else if (s >= 64) {
    r = 0; rem = m; half = 0;  // far below the quantum: only the sticky information remains
  } else {
    r = m >> s;
    rem = m & ((1ull << s) - 1ull);
    half = 1ull << (s - 1);
  }
  if (rem) {
    if (mode == __hipvk_rn) {
      if (s < 64 && (rem > half || (rem == half && (r & 1u)))) ++r;
    } else if (away) {
      ++r;
    }
  }
  // r counts quanta of 2^(E-MB) and includes the hidden bit: the biased exponent minus one times
  // 2^MB plus r is the encoding (a carry out of the mantissa bumps the exponent; subnormals have
  // E == emin and r < 2^MB).
  unsigned long long bits = (static_cast<unsigned long long>(E - emin) << MB) + r;
  if (bits >= inf) return static_cast<unsigned short>(sbit | ((mode == __hipvk_rn || away) ? inf : inf - 1u));
  return static_cast<unsigned short>(sbit | static_cast<unsigned>(bits));
}

__HIPVK_FP_FN unsigned __hipvk_float_bits(float f) { unsigned u; memcpy(&u, &f, 4); return u; }
__HIPVK_FP_FN float __hipvk_bits_float(unsigned u) { float f; memcpy(&f, &u, 4); return f; }
__HIPVK_FP_FN unsigned long long __hipvk_double_bits(double d) { unsigned long long u; memcpy(&u, &d, 8); return u; }
// c ? a : b with both already computed: a conditional expression with a costly arm becomes a
// branch in Clang's IR, which LLVM keeps when the arm is too costly to speculate.
__HIPVK_FP_FN unsigned __hipvk_pick(bool c, unsigned a, unsigned b) {
  const unsigned mask = 0u - static_cast<unsigned>(c);
  return (a & mask) | (b & ~mask);
}

// A float's rounding to the format, in 32-bit integers (the general __hipvk_round_to_fp works in 64
// bits, which every use in a kernel would carry, and devices without Int64 emulate): the value is
// m * 2^e with m < 2^24, so the quantum's shift s is at least 23 - MB > 0 and, past 31, leaves only
// the sticky information (m < 2^24 <= the half quantum: round to nearest gives 0). Every case is
// computed and one chosen, without branches: this is inlined wherever a program converts.
template <int EB, int MB>
__HIPVK_FP_FN unsigned short __hipvk_round_float_to_fp(unsigned sign, unsigned m, int e, int mode) {
  const unsigned sbit = sign ? (1u << (EB + MB)) : 0u;
  const int bias = (1 << (EB - 1)) - 1;
  const int emin = 1 - bias, emax = bias;
  const int top = (31 - __builtin_clz(m | 1u)) + e;  // floor(log2 |value|) where m != 0
  const int E = top < emin ? emin : top;
  // (& and | rather than && and ||, which would be branches.)
  const bool away = ((mode == __hipvk_ru) & !sign) | ((mode == __hipvk_rd) & (sign != 0));
  const unsigned inf = ((1u << EB) - 1u) << MB;
  const unsigned overflow = sbit | ((mode == __hipvk_rn || away) ? inf : inf - 1u);
  const int s = (E - MB) - e;  // value / 2^(E-MB) = m / 2^s, s > 0
  const bool sticky_only = s > 31;
  const unsigned r = __hipvk_pick(sticky_only, 0u, m >> (s & 31));
  const unsigned rem = __hipvk_pick(sticky_only, m, m & ((1u << (s & 31)) - 1u));
  const unsigned half = __hipvk_pick(sticky_only, 0xffffffffu, 1u << ((s - 1) & 31));
  const bool nearest_up = (rem > half) | ((rem == half) & ((r & 1u) != 0));
  const bool up = (rem != 0u) & (mode == __hipvk_rn ? nearest_up : away);
  // r counts quanta of 2^(E-MB) with the hidden bit: see __hipvk_round_to_fp.
  const unsigned bits = (static_cast<unsigned>(E - emin) << MB) + r + (up ? 1u : 0u);
  const unsigned rounded = __hipvk_pick((E > emax) | (bits >= inf), overflow, sbit | bits);
  return static_cast<unsigned short>(__hipvk_pick(m == 0, sbit, rounded));
}

template <int EB, int MB> __HIPVK_FP_FN unsigned short __hipvk_float_to_fp(float f, int mode) {
  const unsigned u = __hipvk_float_bits(f);
  const unsigned sign = u >> 31, exp = (u >> 23) & 0xffu, man = u & 0x7fffffu;
  const unsigned inf = ((1u << EB) - 1u) << MB;
  // Infinity, or a quiet NaN keeping the payload's top bits.
  const unsigned special = (sign << (EB + MB)) | inf | (man != 0 ? (1u << (MB - 1)) | (man >> (23 - MB)) : 0u);
  const unsigned finite = __hipvk_round_float_to_fp<EB, MB>(sign, exp != 0 ? man | 0x800000u : man,
                                                            exp != 0 ? static_cast<int>(exp) - 150 : -149, mode);
  return static_cast<unsigned short>(__hipvk_pick(exp == 0xffu, special, finite));
}

template <int EB, int MB> __HIPVK_FP_FN unsigned short __hipvk_double_to_fp(double d, int mode) {
  const unsigned long long u = __hipvk_double_bits(d);
  const unsigned sign = static_cast<unsigned>(u >> 63);
  const unsigned exp = static_cast<unsigned>(u >> 52) & 0x7ffu;
  const unsigned long long man = u & 0xfffffffffffffull;
  const unsigned sbit = sign << (EB + MB);
  if (exp == 0x7ffu) {
    const unsigned inf = ((1u << EB) - 1u) << MB;
    if (man == 0) return static_cast<unsigned short>(sbit | inf);
    return static_cast<unsigned short>(sbit | inf | (1u << (MB - 1)) | static_cast<unsigned>(man >> (52 - MB)));
  }
  if (exp == 0) return __hipvk_round_to_fp<EB, MB>(sign, man, -1074, mode);
  return __hipvk_round_to_fp<EB, MB>(sign, man | (1ull << 52), static_cast<int>(exp) - 1075, mode);
}

template <int EB, int MB> __HIPVK_FP_FN unsigned short __hipvk_ll_to_fp(long long v, int mode) {
  const unsigned sign = v < 0;
  const unsigned long long m = sign ? 0ull - static_cast<unsigned long long>(v) : static_cast<unsigned long long>(v);
  return __hipvk_round_to_fp<EB, MB>(sign, m, 0, mode);
}
template <int EB, int MB> __HIPVK_FP_FN unsigned short __hipvk_ull_to_fp(unsigned long long v, int mode) {
  return __hipvk_round_to_fp<EB, MB>(0, v, 0, mode);
}

// binary16 -> float, exact. Every case is computed and one chosen (selects, no branches: this is
// inlined at every use of a __half).
__HIPVK_FP_FN float __hipvk_half_bits_to_float(unsigned short h) {
  const unsigned sign = (h & 0x8000u) << 16, exp = (h >> 10) & 0x1fu, man = h & 0x3ffu;
  const unsigned special = sign | 0x7f800000u | (man << 13);
  const unsigned normal = sign | ((exp + 112u) << 23) | (man << 13);
  // Subnormal (or zero): man * 2^-24, a normal float: the conversion of a 10-bit integer and the
  // product by a power of two are exact in any IEEE float arithmetic.
  const unsigned subnormal = sign | __hipvk_float_bits(static_cast<float>(man) * 0x1p-24f);
  return __hipvk_bits_float(__hipvk_pick(exp == 0x1fu, special, __hipvk_pick(exp != 0, normal, subnormal)));
}
// bfloat16 -> float, exact.
__HIPVK_FP_FN float __hipvk_bf16_bits_to_float(unsigned short b) {
  return __hipvk_bits_float(static_cast<unsigned>(b) << 16);
}

// float -> integer in a rounding mode, saturating; NaN gives 0 (CUDA's and ROCm's rule). lo is
// the smallest value of I, hi_excl = 2^bits(I) or 2^(bits-1): both exact floats. Float arithmetic
// only (no fp64 needed on the device).
template <typename I> __HIPVK_FP_FN I __hipvk_float_to_int(float f, int mode, float lo, float hi_excl) {
  if (f != f) return 0;
  float t = mode == __hipvk_rz ? __builtin_truncf(f)
          : mode == __hipvk_rd ? __builtin_floorf(f)
          : mode == __hipvk_ru ? __builtin_ceilf(f)
                               : __builtin_rintf(f);
  if (t < lo) return static_cast<I>(lo);
  if (t >= hi_excl)
    return static_cast<I>(-1) > 0 ? static_cast<I>(-1) : static_cast<I>(~0ull >> (65 - 8 * sizeof(I)));
  return static_cast<I>(t);
}

#undef __HIPVK_FP_FN
#endif  // __cplusplus

#if defined(__cplusplus)
// |x| = m * 2^e with m odd (x finite, non-zero).
__host__ __device__ inline void __hipvk_decompose(float x, unsigned long long &m, int &e) {
  const unsigned u = __hipvk_float_bits(x), exp = (u >> 23) & 0xffu;
  m = u & 0x7fffffu;
  e = exp ? static_cast<int>(exp) - 150 : -149;
  if (exp) m |= 0x800000u;
  const int tz = __builtin_ctzll(m);
  m >>= tz;
  e += tz;
}

// a * b + c for 16-bit operands (exact in float), rounded once to the format (EB, MB) in mode RN.
// Integer arithmetic: the product has at most 2 x 11 significant bits, the exact sum is formed
// in 64 bits (an addend far below the other only contributes a sticky bit) and rounded by
// __hipvk_round_to_fp. No float operation is involved, so no contraction or reassociation by a
// compiler or driver can change the result.
template <int EB, int MB>
__host__ __device__ inline unsigned short __hipvk_fma_fp(float a, float b, float c) {
  const bool finite = (__hipvk_float_bits(a) & 0x7f800000u) != 0x7f800000u &&
                      (__hipvk_float_bits(b) & 0x7f800000u) != 0x7f800000u &&
                      (__hipvk_float_bits(c) & 0x7f800000u) != 0x7f800000u;
  if (!finite || a == 0.0f || b == 0.0f || c == 0.0f)  // exact in float: NaN, infinities, signed zeros
    return __hipvk_float_to_fp<EB, MB>(a * b + c, __hipvk_rn);
  unsigned long long ma, mb, mc;
  int ea, eb, ec;
  __hipvk_decompose(a, ma, ea);
  __hipvk_decompose(b, mb, eb);
  __hipvk_decompose(c, mc, ec);
  unsigned long long mp = ma * mb;  // < 2^48 (< 2^22 for 16-bit operands)
  int ep = ea + eb;
  const bool np = (__hipvk_float_bits(a) ^ __hipvk_float_bits(b)) >> 31, nc = __hipvk_float_bits(c) >> 31;
  // Align: shift the addend with the larger exponent left, as far as 62 bits allow; what lies
  // below that is replaced by a sticky one (it is far below the final rounding position).
  unsigned long long *hi_m = ep >= ec ? &mp : &mc, *lo_m = ep >= ec ? &mc : &mp;
  int *hi_e = ep >= ec ? &ep : &ec, *lo_e = ep >= ec ? &ec : &ep;
  const int room = 62 - (64 - __builtin_clzll(*hi_m));
  const int d = *hi_e - *lo_e;
  if (d <= room) {
    *hi_m <<= d;
    *hi_e = *lo_e;
  } else {
    *hi_m <<= room;
    *hi_e -= room;
    *lo_m = 1;  // sticky: strictly between 0 and one unit of the shifted addend
    *lo_e = *hi_e;
  }
  unsigned long long m;
  bool neg;
  if (np == nc) {
    m = mp + mc;
    neg = np;
  } else if (mp >= mc) {
    m = mp - mc;
    neg = np;
  } else {
    m = mc - mp;
    neg = nc;
  }
  if (m == 0) return 0;  // exact cancellation: +0 in round-to-nearest
  return __hipvk_round_to_fp<EB, MB>(neg ? 1u : 0u, m, ep, __hipvk_rn);
}
#endif
