// The implementations behind hipvk's 16-bit math (hipvk_detail/fp16_math.h), in float and integer
// arithmetic only: the exp and log families' float evaluation, sqrt and 1/x exactly in integers,
// 1/sqrt in float, and the slow path of every transcendental function.
//
// Fast path (exp2_scaled_fast, log_scaled_fast): a float evaluation, within a few float ulps of
// the exact value, rounded once to the format by fp16_math.h. OCML's expf and logf would do, but
// hipvk computes their exp2/log2 steps in double, which is software on devices without
// shaderFloat64: a kernel's portable variant grew from 30 to 280-670 KB of SPIR-V with them, and
// lavapipe took a minute to compile e2e.half_math's. These use float additions and
// multiplications, which Vulkan rounds correctly, and no contraction: the same bits on every
// device, so the exhaustive test on one device shows the rounding is right on all of them.
//
// Slow path (exp2_scaled, log_scaled, sin_cos): the function to about 2^-40 relative precision in
// float-float arithmetic (a value is hi + lo, two floats), rounded once, exactly, to the 16-bit
// format. It runs only for the few inputs whose float result lies too close to a midpoint
// between two 16-bit values to be rounded directly.
//
// Why float-float and not double: the slow path must give the same bits on every device, and
// doubles are software on devices without shaderFloat64 (SwiftShader), where OCML's double
// functions made one kernel calling hsin take 11 s to compile instead of 1.3 s.
//
// Why 2^-40 is enough: over all 65536 inputs of either format, the exact values of exp, exp2,
// exp10, log, log2, log10, sin and cos are more than 2^-19 units in the 16-bit last place away from
// a midpoint (2^-30 relative for half, 2^-27 for bfloat16), or exactly on one (exp2(-25) in half,
// exp2(-134) in bfloat16), which the path computes exactly (MPFR, over every input;
// tests/e2e/half_math checks every result). For sin and cos, every 16-bit x >= pi/4 is more than
// 2^-17 (half) or 2^-14 (bfloat16) quarter periods from a multiple of pi/2, so the reduced argument,
// known to 2^-60 absolute, keeps 2^-43 relative precision.
//
// Float-float needs the individual operations rounded as written: no contraction, no
// reassociation, even under -ffast-math; each function says so (the products it forms are exact,
// so even a fused multiply-add would not change them, but a reassociated sum would).
#pragma once

#include <hip/hipvk_detail/fp_convert.h>

#if defined(__cplusplus) && defined(__HIP__)

#define __HIPVK_FF_PRECISE _Pragma("clang fp contract(off) reassociate(off)")

namespace __hipvk_fp16_math {

struct ff {
  float hi, lo;  // the value hi + lo, |lo| <= ulp(hi) / 2
};
// A constant as float-float (evaluated by the compiler: no double arithmetic on the device).
constexpr ff ffc(double d) { return ff{static_cast<float>(d), static_cast<float>(d - static_cast<double>(static_cast<float>(d)))}; }

__device__ __forceinline__ ff two_sum(float a, float b) {
  __HIPVK_FF_PRECISE
  const float s = a + b, bb = s - a;
  return ff{s, (a - (s - bb)) + (b - bb)};
}
__device__ __forceinline__ ff fast_two_sum(float a, float b) {  // |a| >= |b|
  __HIPVK_FF_PRECISE
  const float s = a + b;
  return ff{s, b - (s - a)};
}
// The top 12 bits of the significand (by masking: no rounding that a compiler could change).
__device__ __forceinline__ float high12(float a) { return __hipvk_bits_float(__hipvk_float_bits(a) & 0xfffff000u); }
// a * b exactly (Dekker): the partial products of the 12-bit halves are exact.
__device__ __forceinline__ ff two_prod(float a, float b) {
  __HIPVK_FF_PRECISE
  const float p = a * b, ah = high12(a), al = a - ah, bh = high12(b), bl = b - bh;
  return ff{p, ((ah * bh - p) + ah * bl + al * bh) + al * bl};
}
__device__ __forceinline__ ff add(ff a, ff b) {
  __HIPVK_FF_PRECISE
  const ff s = two_sum(a.hi, b.hi);
  return fast_two_sum(s.hi, s.lo + (a.lo + b.lo));
}
__device__ __forceinline__ ff mul(ff a, ff b) {
  __HIPVK_FF_PRECISE
  const ff p = two_prod(a.hi, b.hi);
  return fast_two_sum(p.hi, p.lo + (a.hi * b.lo + a.lo * b.hi));
}
__device__ __forceinline__ ff neg(ff a) { return ff{-a.hi, -a.lo}; }
// c[I] + x (c[I + 1] + x (c[I + 2] + ...)), unrolled by the template (the slow path is cold code,
// which LLVM would not unroll as a loop).
template <int I = 0, int N> __device__ __forceinline__ ff horner(ff x, const ff (&c)[N]) {
  if constexpr (I == N - 1) return c[I];
  else return add(mul(horner<I + 1>(x, c), x), c[I]);
}

// |f| = m * 2^e exactly, m < 2^24 (f finite, non-zero).
__device__ __forceinline__ void decompose(float f, unsigned &m, int &e) {
  const unsigned u = __hipvk_float_bits(f), exp = (u >> 23) & 0xffu;
  m = exp ? (u & 0x7fffffu) | 0x800000u : u & 0x7fffffu;
  e = exp ? static_cast<int>(exp) - 150 : -149;
}

// (v.hi + v.lo) * 2^n rounded once to the format (EB, MB), to nearest even, in integer arithmetic:
// the exact sum is formed as one integer significand (a lo far below hi leaves a sticky unit).
template <int EB, int MB> __device__ __forceinline__ unsigned short round_ff(ff v, int n) {
  unsigned mh, ml;
  int eh, el;
  decompose(v.hi, mh, eh);
  const unsigned sign = __hipvk_float_bits(v.hi) >> 31;
  if (v.lo == 0.0f) return __hipvk_round_to_fp<EB, MB>(sign, mh, eh + n, __hipvk_rn);
  decompose(v.lo, ml, el);
  const bool same = (__hipvk_float_bits(v.lo) >> 31) == sign;
  const int shift = eh - el;  // > 0: |lo| < |hi|
  unsigned long long m;
  int e;
  if (shift <= 39) {
    m = (static_cast<unsigned long long>(mh) << shift);
    m = same ? m + ml : m - ml;
    e = el;
  } else {  // lo lies below the 63 bits: it only says on which side of hi the value is
    m = static_cast<unsigned long long>(mh) << 39;
    m = same ? m + 1u : m - 1u;
    e = eh - 39;
  }
  return __hipvk_round_to_fp<EB, MB>(sign, m, e + n, __hipvk_rn);
}

inline constexpr ff kLn2 = ffc(0.69314718055994530942);

// 1/d for d = m + 1 in [1.707, 2.415] within about an ulp, by Newton's iteration from a linear
// estimate (within 1.5%): float division would be the backend's correctly rounded one, through
// double.
__device__ __forceinline__ float reciprocal_m_plus_1(float d) {
  __HIPVK_FF_PRECISE
  float r = 0.98506150f - 0.23901600f * d;
  r = r * (2.0f - d * r);
  r = r * (2.0f - d * r);
  return r * (2.0f - d * r);
}

// x = m * 2^k with m in [sqrt(1/2), sqrt(2)) (x > 0 finite; float subnormals normalised).
__device__ __forceinline__ float split_sqrt2(float x, int &k) {
  unsigned mi;
  decompose(x, mi, k);
  const int lz = __builtin_clz(mi) - 8;
  mi <<= lz;
  k += 23 - lz;                                                  // x = (mi / 2^23) * 2^k
  float m = __hipvk_bits_float((mi & 0x7fffffu) | 0x3f800000u);  // in [1, 2), exact
  if (m > 1.41421356f) {
    m *= 0.5f;
    ++k;
  }
  return m;
}
// exp(s) = sum s^k / k!, |s| <= 0.35: the first omitted term is below 2^-47.
__device__ __forceinline__ ff exp_small(ff s) {
  constexpr ff c[] = {ffc(1.0), ffc(1.0), ffc(1.0 / 2), ffc(1.0 / 6), ffc(1.0 / 24), ffc(1.0 / 120), ffc(1.0 / 720),
                      ffc(1.0 / 5040), ffc(1.0 / 40320), ffc(1.0 / 362880), ffc(1.0 / 3628800), ffc(1.0 / 39916800)};
  return horner(s, c);
}

// 2^(x * c), c = log2 of the base, rounded to the format. x * c = n + r, |r| <= 1/2, 2^r =
// exp(r ln 2); x has at most 11 significant bits, so x * c.hi is exact as two floats.
template <int EB, int MB> __device__ __forceinline__ unsigned short exp2_scaled(float x, ff c) {
  __HIPVK_FF_PRECISE
  const ff p = two_prod(x, c.hi);
  const ff t = fast_two_sum(p.hi, p.lo + x * c.lo);
  const float n = __builtin_rintf(t.hi);
  const ff r = two_sum(t.hi - n, t.lo);  // t.hi - n is exact
  return round_ff<EB, MB>(exp_small(mul(r, kLn2)), static_cast<int>(n));
}

// log(x) * c2 + k * c1 where x = m * 2^k, m in [sqrt(1/2), sqrt(2)): log(m) = 2 atanh(s),
// s = (m - 1) / (m + 1), |s| <= 0.1716 (m - 1 and m + 1 are exact: m has at most 11 bits).
template <int EB, int MB> __device__ __forceinline__ unsigned short log_scaled(float x, ff c1, ff c2) {
  __HIPVK_FF_PRECISE
  int k;
  const float m = split_sqrt2(x, k);
  const float f = m - 1.0f, d = m + 1.0f, r = reciprocal_m_plus_1(d);
  // s = f / d as float-float: the quotient, and the remainder f - q d (exact) over d.
  const float q = f * r;
  const ff qd = two_prod(q, d);
  const ff s = fast_two_sum(q, ((f - qd.hi) - qd.lo) * r);
  // atanh(s) / s = sum u^j / (2j + 1), u = s^2 <= 0.0295: the first omitted term is below 2^-45.
  constexpr ff c[] = {ffc(1.0), ffc(1.0 / 3), ffc(1.0 / 5), ffc(1.0 / 7), ffc(1.0 / 9), ffc(1.0 / 11), ffc(1.0 / 13),
                      ffc(1.0 / 15), ffc(1.0 / 17)};
  const ff s2 = ff{2.0f * s.hi, 2.0f * s.lo};
  const ff log_m = mul(s2, horner(mul(s, s), c));
  return round_ff<EB, MB>(add(mul(ff{static_cast<float>(k), 0.0f}, c1), mul(log_m, c2)), 0);
}

// ---- fast paths ---------------------------------------------------------------------------------

// Infinity by its bits (Clang warns about __builtin_inff under -ffinite-math-only).
inline constexpr float kInf = __builtin_bit_cast(float, 0x7f800000u);

// p * 2^n, n in [-300, 300], rounded once (two power-of-two factors, each a normal float).
__device__ __forceinline__ float scale2(float p, int n) {
  __HIPVK_FF_PRECISE
  const int a = n / 2, b = n - a;
  return p * __hipvk_bits_float(static_cast<unsigned>(a + 127) << 23) * __hipvk_bits_float(static_cast<unsigned>(b + 127) << 23);
}

// 2^(x * c) in float, c = log2 of the base (c.hi + c.lo). x * c = n + r with the product split
// exactly (x has at most 11 significant bits), |r| <= 1/2 with an error below 2^-25; 2^r by its
// Taylor polynomial of degree 7 (truncation below 2^-27). At most 1.2 float ulps off over all
// half and bfloat16 inputs (measured against MPFR).
__device__ __forceinline__ float exp2_scaled_fast(float x, ff c) {
  __HIPVK_FF_PRECISE
  const ff p = two_prod(x, c.hi);
  if (!(p.hi < 200.0f)) return p.hi == p.hi ? kInf : p.hi;  // beyond every format; NaN stays
  if (p.hi < -200.0f) return 0.0f;          // below every format's smallest subnormal
  const float n = __builtin_rintf(p.hi);
  const float r = (p.hi - n) + (p.lo + x * c.lo);  // p.hi - n is exact
  // (ln 2)^k / k!, k = 7 down to 1
  const float q = ((((((0x1.ffcbfcp-17f * r + 0x1.430912p-13f) * r + 0x1.5d87fep-10f) * r + 0x1.3b2ab6p-7f) * r +
                     0x1.c6b08ep-5f) * r + 0x1.ebfbe0p-3f) * r + 0x1.62e430p-1f) * r + 1.0f;
  return scale2(q, static_cast<int>(n));
}

// log(x) * c2 + k * c1, x = m 2^k, m in [sqrt(1/2), sqrt(2)), in float: log(m) = 2 atanh(s),
// s = (m - 1) / (m + 1) by Newton's reciprocal; atanh by its series to u^4, u = s^2 <= 0.0295
// (truncation below 2^-28). At most 2.8 float ulps off over all half and bfloat16 inputs
// (measured against MPFR).
__device__ __forceinline__ float log_scaled_fast(float x, ff c1, ff c2) {
  __HIPVK_FF_PRECISE
  if (!(x > 0.0f)) return x == 0.0f ? -kInf : __hipvk_bits_float(0x7fc00000u);  // log(+-0), log(x < 0)
  if (x == kInf) return x;
  int k;
  const float m = split_sqrt2(x, k);
  const float f = m - 1.0f, d = m + 1.0f;  // exact
  const float s = f * reciprocal_m_plus_1(d), u = s * s;
  const float log_m = s * ((((2.0f / 9.0f) * u + 2.0f / 7.0f) * u + 2.0f / 5.0f) * u + 2.0f / 3.0f) * u + 2.0f * s;
  const ff kc = two_prod(static_cast<float>(k), c1.hi);
  return kc.hi + ((kc.lo + static_cast<float>(k) * c1.lo) + log_m * c2.hi);
}

// ---- square root, reciprocal and 1/sqrt without float division or sqrt ---------------------------
// Float's / and sqrt are correctly rounded in hipvk through double, software on devices without
// shaderFloat64; these need neither.

// |x| = m * 2^e with m odd (x finite, non-zero).
__device__ __forceinline__ void decompose_odd(float x, unsigned &m, int &e) {
  decompose(x, m, e);
  const int tz = __builtin_ctz(m);
  m >>= tz;
  e += tz;
}

// The 16-bit result of x's NaN, or of a NaN for an invalid operation.
template <int EB, int MB> __device__ __forceinline__ unsigned short nan_bits(float x) {
  return __hipvk_float_to_fp<EB, MB>(x == x ? __hipvk_bits_float(0x7fc00000u) : x, __hipvk_rn);
}

// 1/x exactly rounded: 2^31 / m in 32-bit integers (m <= 2^24, odd), the remainder as a sticky bit.
template <int EB, int MB> __device__ __forceinline__ unsigned short rcp_bits(float x) {
  const unsigned u = __hipvk_float_bits(x), sign = u >> 31;
  if ((u & 0x7fffffffu) > 0x7f800000u) return nan_bits<EB, MB>(x);
  if ((u & 0x7fffffffu) == 0x7f800000u) return static_cast<unsigned short>(sign << (EB + MB));  // 1/inf = 0
  if ((u & 0x7fffffffu) == 0) return static_cast<unsigned short>((sign << (EB + MB)) | (((1u << EB) - 1u) << MB));
  unsigned m;
  int e;
  decompose_odd(x, m, e);
  const unsigned q = 0x80000000u / m, rem = 0x80000000u - q * m;  // 1/x = (q + rem/m) 2^(-31-e)
  return __hipvk_round_to_fp<EB, MB>(sign, (static_cast<unsigned long long>(q) << 1) | (rem != 0u), -32 - e, __hipvk_rn);
}

// sqrt(x) exactly rounded: the integer square root of m 2^(2j) in [2^28, 2^32) (digit by digit),
// the remainder as a sticky bit.
template <int EB, int MB> __device__ __forceinline__ unsigned short sqrt_bits(float x) {
  if (x != x || x < 0.0f) return nan_bits<EB, MB>(x);
  if (x == 0.0f || x == kInf) return __hipvk_float_to_fp<EB, MB>(x, __hipvk_rn);  // +-0, +inf
  unsigned m;
  int e;
  decompose_odd(x, m, e);
  if (e & 1) {
    m <<= 1;
    --e;
  }
  const int j = (31 - (32 - __builtin_clz(m))) / 2;
  unsigned rem = m << (2 * j), root = 0;
  for (unsigned bit = 1u << 30; bit != 0u; bit >>= 2) {
    if (rem >= root + bit) {
      rem -= root + bit;
      root = (root >> 1) + bit;
    } else {
      root >>= 1;
    }
  }
  return __hipvk_round_to_fp<EB, MB>(0, (static_cast<unsigned long long>(root) << 1) | (rem != 0u), e / 2 - j - 1, __hipvk_rn);
}

// 1/sqrt(x) in float within about half an ulp: x = x' 4^j, x' in [1, 4); three Newton steps from
// the classic bit-pattern estimate, then one correction with the residual 1 - x' r^2 formed in
// float-float. Rounded once to the format by fp16_math.h, which is correct because no 16-bit
// input's exact 1/sqrt lies within 2.5 float ulps of a 16-bit midpoint (MPFR, all inputs).
__device__ __forceinline__ float rsqrt_float(float x) {
  __HIPVK_FF_PRECISE
  if (x != x || x < 0.0f) return __hipvk_bits_float(0x7fc00000u);
  if (x == 0.0f) return __hipvk_bits_float(__hipvk_float_bits(x) | 0x7f800000u);  // 1/sqrt(+-0) = +-inf
  if (x == kInf) return 0.0f;
  unsigned m;
  int e;
  decompose(x, m, e);
  const int top = 31 - __builtin_clz(m);
  int ex = e + top;  // x = (m / 2^top) 2^ex
  float xs = __hipvk_bits_float(((m << (23 - top)) & 0x7fffffu) | 0x3f800000u);  // in [1, 2)
  if (ex & 1) {
    xs *= 2.0f;
    --ex;
  }
  float r = __hipvk_bits_float(0x5f3759dfu - (__hipvk_float_bits(xs) >> 1));
  r = r * (1.5f - 0.5f * xs * r * r);
  r = r * (1.5f - 0.5f * xs * r * r);
  r = r * (1.5f - 0.5f * xs * r * r);
  const ff r2 = two_prod(r, r), t = two_prod(xs, r2.hi);
  const float residual = ((1.0f - t.hi) - t.lo) - xs * r2.lo;  // 1 - t.hi is exact
  r = r + r * (0.5f * residual);
  return scale2(r, -(ex >> 1));  // ex is even (and -ex / 2 becomes a 16-bit sdiv by -2: see fp16_ops.h's __hisinf)
}

// 2/pi in binary, 32 bits a word: enough for x * 2/pi mod 4 to 2^-60 for every float x.
inline constexpr unsigned kTwoOverPi[] = {0xa2f9836eu, 0x4e441529u, 0xfc2757d1u, 0xf534ddc0u,
                                          0xdb629599u, 0x3c439041u, 0xfe5163abu, 0xdebbc561u};
inline constexpr ff kPiOver2 = ffc(1.57079632679489661923);

// The sum of m * word_j * 2^(e - 32 j + 30) for words J.. of 2/pi, mod 2^64 (see below).
template <int J> __device__ __forceinline__ unsigned long long two_over_pi_times(unsigned m, int e) {
  if constexpr (J == sizeof(kTwoOverPi) / sizeof(kTwoOverPi[0])) {
    return 0;
  } else {
    const int sh = e - 32 * J + 30;
    const unsigned long long term = static_cast<unsigned long long>(m) * kTwoOverPi[J];
    const unsigned long long part = sh >= 64 || sh <= -64 ? 0ull : sh >= 0 ? term << sh : term >> -sh;
    return part + two_over_pi_times<J + 1>(m, e);
  }
}

// |x| = q pi/2 + r, |r| <= pi/4 (q mod 4), r as float-float. Payne-Hanek in integers: x = m 2^e,
// x * 2/pi mod 4 is the sum of m * word_j * 2^(e - 32 j - 32), kept as a 2.62 fixed-point number
// whose wrap-around at 2^64 is the reduction mod 4; words far above the binary point wrap away,
// those far below it are truncated (each < 2^-62).
__device__ __forceinline__ ff reduce_quadrant(float ax, unsigned &q) {
  __HIPVK_FF_PRECISE
  if (ax < 0.78125f) {  // below pi/4: no reduction
    q = 0;
    return ff{ax, 0.0f};
  }
  unsigned m;
  int e;
  decompose(ax, m, e);
  const unsigned long long acc = two_over_pi_times<0>(m, e);
  const unsigned long long nearest = (acc + (1ull << 61)) >> 62;
  q = static_cast<unsigned>(nearest) & 3u;
  const long long rf = static_cast<long long>(acc - (nearest << 62));  // in [-2^61, 2^61]
  const float hi = static_cast<float>(rf), lo = static_cast<float>(rf - static_cast<long long>(hi));
  return mul(ff{hi * 0x1p-62f, lo * 0x1p-62f}, kPiOver2);
}

// sin(x) (cosine = false) or cos(x) rounded to the format.
template <int EB, int MB> __device__ __forceinline__ unsigned short sin_cos(float x, bool cosine) {
  unsigned q;
  const ff r = reduce_quadrant(__builtin_fabsf(x), q);
  const ff u = mul(r, r);
  // sin(r) / r = sum (-u)^j / (2j + 1)!, cos(r) = sum (-u)^j / (2j)!, |r| <= pi/4: the first
  // omitted terms are below 2^-48.
  constexpr ff sc[] = {ffc(1.0), ffc(-1.0 / 6), ffc(1.0 / 120), ffc(-1.0 / 5040), ffc(1.0 / 362880),
                       ffc(-1.0 / 39916800), ffc(1.0 / 6227020800.0), ffc(-1.0 / 1307674368000.0)};
  constexpr ff cc[] = {ffc(1.0), ffc(-1.0 / 2), ffc(1.0 / 24), ffc(-1.0 / 720), ffc(1.0 / 40320),
                       ffc(-1.0 / 3628800), ffc(1.0 / 479001600), ffc(-1.0 / 87178291200.0), ffc(1.0 / 20922789888000.0)};
  const ff s = mul(r, horner(u, sc)), c = horner(u, cc);
  // sin(q pi/2 + r) = sin r, cos r, -sin r, -cos r; cos(q pi/2 + r) = cos r, -sin r, -cos r, sin r.
  const unsigned k = cosine ? q + 1u : q;
  ff v = (k & 1u) ? c : s;
  if (k & 2u) v = neg(v);
  if (!cosine && x < 0.0f) v = neg(v);  // sin is odd, cos even
  return round_ff<EB, MB>(v, 0);
}

}  // namespace __hipvk_fp16_math

#undef __HIPVK_FF_PRECISE
#endif  // __cplusplus && __HIP__
