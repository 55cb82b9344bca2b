// Single-precision division, square root, 1/sqrt, 2^x and log2(x) in float arithmetic on an exact
// fma: what compiler/devicelib/math.hip runs where abi::kSpecIdFmaFloatAlgorithms is set (devices
// whose Fma is fused; HIPVK_FLOAT_ALGORITHMS forces it), instead of evaluating through double,
// which NVIDIA's GPUs run at a fraction of the float rate (double division and square root are long
// software sequences there). docs/MATH.md has the error bounds; the proofs are sketched below.
//
// Every function is a template on `Ops`, which supplies
//   float fma(float a, float b, float c)       a * b + c rounded once (the device's fused Fma, or
//                                              math.hip's exact emulation)
//   float approxDivide(float a, float b)       a / b within 2.5 ulp for |b| in [2^-126, 2^126]
//                                              (Vulkan's bound for OpFDiv)
//   float approxInverseSqrt(float x)           1 / sqrt(x) within 2 ulp for positive normal x
//                                              (Vulkan's bound for GLSL InverseSqrt)
//   float slowDivide(float a, float b), float slowInverseSqrt(float x)
//                                              for the rare operands the fast paths leave out
//                                              (math.hip: the paths through double)
// so that tests/unit/compiler/float_algorithms_tests.cpp runs this very code on the host, with
// approximations as loose as Vulkan allows, against the host's IEEE operations.
//
// Only correctly rounded float operations (no contraction: a * b + c is always an explicit fma),
// comparisons and integer operations on the bits are used. Intermediate values of the fast paths
// stay normal, so a device that flushes subnormals (NVIDIA's) computes the same bits.
#pragma once

#include <stdint.h>

#if defined(__HIP__)
// Always inlined: math.hip's callers must contain the code itself (DeviceLibrary.cpp routes float
// division and sqrt anywhere else to them).
#define FLOATALG_FN __host__ __device__ inline __attribute__((always_inline))
#else
#define FLOATALG_FN inline
#endif

#if defined(__clang__)
#pragma clang fp contract(off)
#endif

namespace floatalg {

FLOATALG_FN uint32_t bitsOf(float x) { return __builtin_bit_cast(uint32_t, x); }
FLOATALG_FN float floatFrom(uint32_t b) { return __builtin_bit_cast(float, b); }
// 2^n as a float, for -126 <= n <= 127.
FLOATALG_FN float powerOfTwo(int n) { return floatFrom(uint32_t(n + 127) << 23); }

// x * 2^n, rounded once: the scaling is split so that only the last multiplication can round
// (from below the normal range it first scales by 2^-126 * 2^24, keeping every bit).
FLOATALG_FN float scale(float x, int n) {
  if (n > 127) {
    x *= 0x1p127f;
    n -= 127;
    if (n > 127) {
      x *= 0x1p127f;
      n -= 127;
      if (n > 127) n = 127;
    }
  } else if (n < -126) {
    x *= 0x1p-126f * 0x1p24f;
    n += 126 - 24;
    if (n < -126) {
      x *= 0x1p-126f * 0x1p24f;
      n += 126 - 24;
      if (n < -126) n = -126;
    }
  }
  return x * powerOfTwo(n);
}

// a / b, correctly rounded (ties never happen: a quotient of two 24-bit numbers is never a 25-bit
// midpoint, whose odd 25-bit numerator would have to divide a 24-bit one).
//
// Fast path, both operands normal and the quotient normal: with x, y in [1, 2) the significands of
// a and b, t = x / y lies in (1/2, 2). r = approxDivide(1, y) has relative error |e| < 2^-21, so
// q0 = RN(x r) is within 2^-20.9 t of t; with the residual d = RN(x - y q0) = y (t - q0)(1 + d1),
// q = RN(q0 + d r) = RN(t + (t - q0)(d1 + e + d1 e)) = RN(t + n), |n| < 2^-41 t: q is t rounded
// to nearest but for that tiny n, so |t - q| is below the spacing of floats on t's side of q and
// RN(t) is q or a neighbour. The remainder rem = x - y q is then exact in one fma: it is a multiple
// of 2^-46 (q >= 1) or 2^-47 (q < 1) below 2^-22 (resp. 2^-23) in magnitude, 24 bits at most.
// t lies above the midpoint of q and its successor q+ iff rem > y (q+ - q) / 2, below the midpoint
// of q and its predecessor q- iff rem < -y (q - q-) / 2; both sides are exact (the spacings are
// powers of two), so the comparisons decide the rounding exactly. Scaling back by 2^(ea - eb) is
// exact while the result is normal.
template <class Ops> FLOATALG_FN float divide(float a, float b) {
  const uint32_t ua = bitsOf(a), ub = bitsOf(b);
  const int ea = int(ua >> 23 & 0xff), eb = int(ub >> 23 & 0xff), exponent = ea - eb;
  // Zeros, subnormals, infinities and NaN, and quotients that may leave the normal range (one
  // branch: the tests are or'ed, not short-circuited).
  if ((unsigned(ea - 1) >= 254u) | (unsigned(eb - 1) >= 254u) | (unsigned(exponent + 125) > 252u)) return Ops::slowDivide(a, b);
  const float x = floatFrom((ua & 0x7fffffu) | 0x3f800000u), y = floatFrom((ub & 0x7fffffu) | 0x3f800000u);
  const float r = Ops::approxDivide(1.0f, y);
  const float q0 = x * r;
  const float q = Ops::fma(Ops::fma(-y, q0, x), r, q0);
  const float rem = Ops::fma(-y, q, x);
  const float up = floatFrom(bitsOf(q) + 1), down = floatFrom(bitsOf(q) - 1);
  const float nearest = rem > (up - q) * 0.5f * y ? up : rem < (down - q) * 0.5f * y ? down : q;
  return floatFrom(bitsOf(nearest * powerOfTwo(exponent)) | ((ua ^ ub) & 0x80000000u));
}

// sqrt(v), correctly rounded (no ties: the square of a 25-bit midpoint has more than 24 bits).
//
// For v in [2^-80, 2^128) (smaller positive v are scaled by 2^70 first, exactly): write v = m 4^k,
// m in [1, 4); every step below is the same for m and v but for the exact scaling by powers of 2,
// so the argument is made for m, t = sqrt(m) in [1, 2). y = approxInverseSqrt(v) has relative error
// below 2^-22, s0 = RN(m y) is within 1.25 * 2^-22 t of t, and one Newton step
// s = RN(s0 + RN(m - s0^2) y / 2) is RN(t + n) with |n| < 2^-43 t (the error of s0 squared, and the
// residual's rounding times s0's error): RN(t) is s or a neighbour. The rounding is decided by the
// signs of m - s s+ and m - s s- (one fma each, whose sign is exact): t > (s + s+)/2 iff
// m > s s+ + (s+ - s)^2 / 4, and m - s s+ is a multiple of 2^-46 while (s+ - s)^2 / 4 <= 2^-48
// (2^-21 and 2^-46 when s = 2), so iff m - s s+ > 0; likewise t < (s- + s)/2 iff m - s s- <= 0 (a
// multiple of 2^-47 against at most 2^-48). v >= 2^-80 keeps those multiples (4^k 2^-46) normal,
// so a device that flushes subnormals computes the same signs. Both decisions are computed and
// selected, not branched on: GPUs would run both sides of a divergent branch anyway.
template <class Ops> FLOATALG_FN float rootOfNormal(float v) {
  const float y = Ops::approxInverseSqrt(v);
  const float s0 = v * y;
  const float s = Ops::fma(Ops::fma(-s0, s0, v), 0.5f * y, s0);
  const float up = floatFrom(bitsOf(s) + 1), down = floatFrom(bitsOf(s) - 1);
  const bool roundUp = Ops::fma(-s, up, v) > 0.0f, roundDown = Ops::fma(-s, down, v) <= 0.0f;
  return roundUp ? up : roundDown ? down : s;
}

template <class Ops> FLOATALG_FN float squareRoot(float v) {
  if (bitsOf(v) - 0x17800000u < 0x7f800000u - 0x17800000u) return rootOfNormal<Ops>(v); // [2^-80, inf)
  if (v < 0.0f) return __builtin_nanf("");
  if (!(v > 0.0f) || v == __builtin_inff()) return v + v; // zeros (a subnormal where flushed), inf, NaN
  return rootOfNormal<Ops>(v * 0x1p70f) * 0x1p-35f;     // (0, 2^-80): exact scalings
}

// 1 / sqrt(v) for positive normal v within 0.5 ulp + 2^-40 relative (AMD's V_RSQ_F32: 1 ulp); the
// rest through Ops::slowInverseSqrt. y = approxInverseSqrt(v) = (1 + e) / sqrt(v), |e| < 2^-22; the residual
// 1 - v y^2 = -2e - e^2 is taken exactly enough from h + l = v y (exact, one fma) as
// RN(1 - h y) - l y; one Newton step y + y (1 - v y^2) / 2 leaves 1.5 e^2 < 2^-43, rounded once.
template <class Ops> FLOATALG_FN float inverseSqrt(float v) {
  const uint32_t u = bitsOf(v);
  if (u - 0x00800000u >= 0x7f000000u) return Ops::slowInverseSqrt(v);
  const float y = Ops::approxInverseSqrt(v);
  const float h = v * y, l = Ops::fma(v, y, -h);
  const float residual = Ops::fma(-l, y, Ops::fma(-h, y, 1.0f));
  return Ops::fma(0.5f * y, residual, y);
}

// 2^x within 0.52 ulp (AMD's V_EXP_F32: 1 ulp); results below 2^-126 are rounded a second time
// when scaled, within 1 ulp.
//
// x = n + f, n = rint(x), |f| <= 1/2 exact; 2^f = 1 + f (c1 + f (c2 + f P(f))), c1 = ln 2 and
// c2 = (ln 2)^2 / 2 as float pairs, P the Taylor polynomial of degree 5 (remainder below 2^-32).
// The two outer Horner steps are carried as float pairs (their rounding errors recovered by an fma,
// exactly: the sums stay within a factor 2 of c1, c2), and so is f times the bracket; 1 + that is
// added with Fast2Sum. Errors: P rounded (below 2^-30 absolute after two multiplications by f), the
// Taylor remainder, the pair arithmetic (2^-40): 2^-29.5 in all, under 0.02 ulp of a result in
// [2^-0.5, 2^0.5]; the last addition rounds once (0.5 ulp).
template <class Ops> FLOATALG_FN float exp2(float x) {
  if (x != x) return x;
  if (x >= 128.0f) return __builtin_inff();
  if (x <= -150.0f) return 0.0f; // 2^-150 and below round to 0 (2^-150 is a tie, to even)
  const float n = __builtin_rintf(x), f = x - n;
  constexpr float c1h = 0x1.62e43p-1f, c1l = -0x1.05c61p-29f, c2h = 0x1.ebfbep-3f, c2l = -0x1.f4e9c6p-33f;
  constexpr float kTaylor[] = {0x1.ffcbfcp-17f, 0x1.430912p-13f, 0x1.5d87fep-10f, 0x1.3b2ab6p-7f, 0x1.c6b08ep-5f};
  float p = 0x1.62c022p-20f; // (ln 2)^k / k! for k = 8, then kTaylor: k = 7 down to 3
  for (float c : kTaylor) p = Ops::fma(p, f, c);
  const float a2 = Ops::fma(f, p, c2h), a2l = Ops::fma(f, p, c2h - a2) + c2l;
  const float a1 = Ops::fma(f, a2, c1h), a1l = Ops::fma(f, a2l, c1l) + Ops::fma(f, a2, c1h - a1);
  const float t = f * a1, tl = Ops::fma(f, a1l, Ops::fma(f, a1, -t));
  const float sum = 1.0f + t, sumError = t - (sum - 1.0f);
  return scale(sum + (sumError + tl), int(n));
}

// log2(x) within 0.54 ulp (AMD's V_LOG_F32: 1 ulp).
//
// x = m 2^e with m in [2^-0.5, 2^0.5] (subnormals scaled first), u = m - 1 exact. log2(m) =
// K atanh(s) with s = u / (2 + u) in [-0.172, 0.172] and K = 2 / ln 2 (a float pair):
// K (s + s^3/3 + s^5/5 + ...) = K s + s^3 Q(s^2), Q's coefficients K/3 .. K/11 (the series cut
// after s^11: remainder below 2^-34 relative). s is a float pair: 2 + u = d + dl exactly (Fast2Sum),
// s0 = u approxDivide(1, d) (within 2^-20.9), and one correction from the residual
// u - s0 (d + dl) = fma(-s0, d, u) - s0 dl leaves 2^-40; renormalised into sh + sl. K sh is a float
// pair by an fma; the smaller terms (K sl, Kl sh, s^3 Q: at most 1% of the result) are taken in
// float, 3 roundings of 2^-24 on s^3 Q. e + K sh is Fast2Sum'd (|K sh| < 1/2 <= |e| unless
// e = 0) and the result rounded once: 0.5 ulp plus up to 0.03 ulp where the result lies in
// (-1, -1/2] or [1/4, 1/2) and s^3 Q is largest.
template <class Ops> FLOATALG_FN float log2(float x) {
  if (x != x) return x;
  if (x == 0.0f) return -__builtin_inff(); // also a subnormal on a device that flushes them
  if (x < 0.0f) return __builtin_nanf("");
  if (x == __builtin_inff()) return x;
  int e = 0;
  if (bitsOf(x) < 0x00800000u) { // subnormal
    x *= 0x1p24f;
    e = -24;
  }
  uint32_t bits = bitsOf(x);
  e += int(bits >> 23) - 127;
  bits = (bits & 0x7fffffu) | 0x3f800000u;
  if (bits > 0x3fb504f3u) { // m > sqrt(2) (rounded down): take m / 2
    bits -= 0x00800000u;
    e += 1;
  }
  const float u = floatFrom(bits) - 1.0f;
  const float d = 2.0f + u, dl = u - (d - 2.0f);
  const float r = Ops::approxDivide(1.0f, d);
  const float s0 = u * r;
  const float correction = (Ops::fma(-s0, d, u) - s0 * dl) * r;
  const float sh = s0 + correction, sl = correction - (sh - s0);
  const float z = sh * sh;
  constexpr float kSeries[] = {0x1.484b14p-2f, 0x1.a61762p-2f, 0x1.2776c6p-1f, 0x1.ec709ep-1f}; // K/9 .. K/3
  float q = 0x1.0c9a84p-2f;                                                                  // K/11
  for (float c : kSeries) q = Ops::fma(q, z, c);
  constexpr float kh = 0x1.715476p+1f, kl = 0x1.4ae0cp-25f;
  const float p = sh * kh;
  const float low = Ops::fma(sh * z, q, Ops::fma(sl, kh, sh * kl) + Ops::fma(sh, kh, -p));
  const float fe = float(e), hi = fe + p, hiError = p - (hi - fe);
  return hi + (hiError + low);
}

} // namespace floatalg
