// Single-precision division, square root, 1/sqrt, 2^x and log2(x) (OCML's building blocks), and
// the exp and log families themselves (expf, exp2f, exp10f, logf, log2f, log10f), powf, and sinf
// and cosf below 2^17, in float arithmetic on an exact fma: what compiler/devicelib/math.hip runs
// where abi::kSpecIdFmaFloatAlgorithms is set (devices whose Fma is fused; HIPVK_FLOAT_ALGORITHMS
// forces it), instead of evaluating through double, which NVIDIA's GPUs run at a fraction of the
// float rate (double division and square root are long software sequences there), or OCML's code
// for an fma it believes slow. docs/MATH.md has the error bounds; the proofs are sketched below.
//
// Every function is a template on `Ops` (exponential and logarithm need only its fma), which
// supplies
//   float fma(float a, float b, float c)       a * b + c rounded once (the device's fused Fma, or
//                                              math.hip's exact emulation)
//   float approxDivide(float a, float b)       a / b within 2.5 ulp for |b| in [2^-126, 2^126]
//                                              (Vulkan's bound for OpFDiv)
//   float approxInverseSqrt(float x)           1 / sqrt(x) within 2 ulp for positive normal x
//                                              (Vulkan's bound for GLSL InverseSqrt)
//   float slowDivide(float a, float b), float slowInverseSqrt(float x)
//                                              for the rare operands the fast paths leave out
//                                              (math.hip: the paths through double)
//   float approxExp2(float x)                  2^x (GLSL Exp2), for shortExponential only
//   float saturate(float x)                    x clamped to [0, 1], NaN to 0 (GLSL NClamp)
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
// Whether the bits are those of a zero, a subnormal, a negative number, an infinity or a NaN: all
// but the positive normal floats, [2^-126, inf), the fast paths' domain.
FLOATALG_FN bool notPositiveNormal(uint32_t bits) { return bits - 0x00800000u >= 0x7f000000u; }
// 1.5 * 2^23: for |v| < 2^22, v + kShifter rounds v to an integer n, which is the sum less
// kShifter and, in two's complement, the sum's low mantissa bits.
constexpr float kShifter = 0x1.8p23f;
// The binary formats scaleByPowerOfTwo works in.
template <class T> struct Format;
template <> struct Format<float> {
  using Bits = uint32_t;
  static constexpr int kMaxExponent = 127, kMinExponent = -126, kPrecision = 24;
};
template <> struct Format<double> {
  using Bits = uint64_t;
  static constexpr int kMaxExponent = 1023, kMinExponent = -1022, kPrecision = 53;
};

// 2^n in the format of T, for kMinExponent <= n <= kMaxExponent.
template <class T> FLOATALG_FN T powerOfTwo(int n) {
  using F = Format<T>;
  return __builtin_bit_cast(T, typename F::Bits(n + F::kMaxExponent) << (F::kPrecision - 1));
}

// x * 2^n, rounded once: the scaling is split so that only the last multiplication can round
// (from below the normal range it first scales by 2^kMinExponent * 2^kPrecision, keeping every bit).
template <class T> FLOATALG_FN T scaleByPowerOfTwo(T x, int n) {
  using F = Format<T>;
  const T up = powerOfTwo<T>(F::kMaxExponent), down = powerOfTwo<T>(F::kMinExponent) * powerOfTwo<T>(F::kPrecision);
  constexpr int kDownSteps = -F::kMinExponent - F::kPrecision;
  if (n > F::kMaxExponent) {
    x *= up;
    n -= F::kMaxExponent;
    if (n > F::kMaxExponent) {
      x *= up;
      n -= F::kMaxExponent;
      if (n > F::kMaxExponent) n = F::kMaxExponent;
    }
  } else if (n < F::kMinExponent) {
    x *= down;
    n += kDownSteps;
    if (n < F::kMinExponent) {
      x *= down;
      n += kDownSteps;
      if (n < F::kMinExponent) n = F::kMinExponent;
    }
  }
  return x * powerOfTwo<T>(n);
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
  return floatFrom(bitsOf(nearest * powerOfTwo<float>(exponent)) | ((ua ^ ub) & 0x80000000u));
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
  return rootOfNormal<Ops>(v * 0x1p70f) * 0x1p-35f; // (0, 2^-80): exact scalings
}

// sqrt(v) on an approxInverseSqrt checked over every float to make it correctly rounded
// (abi::kSpecIdVerifiedShortSqrt; CUDA's sqrtf is this step on MUFU.RSQ), for a device that
// flushes subnormals: one Newton step s0 + (v - s0^2) y / 2 and no rounding decision. Its residual
// is taken as (v - s0^2) y = e1 + s0 (1 - s0 y), e1 = v y - s0 exact (one fma): every term stays
// normal for every normal v (v - s0^2 itself, about 2^-22 v, would underflow below 2^-104), so
// nothing branches; zeros, infinities, NaN, negatives and the (flushed) subnormals are selected.
// On the host with a correctly rounded InverseSqrt it is exact for every significand
// (float_algorithms_tests.cpp); NVIDIA's driver: tests/math/exhaustive.hip.
template <class Ops> FLOATALG_FN float shortSquareRoot(float v) {
  const float y = Ops::approxInverseSqrt(v), s0 = v * y;
  const float e1 = Ops::fma(v, y, -s0), d = Ops::fma(-s0, y, 1.0f);
  const float s = Ops::fma(Ops::fma(s0, d, e1), 0.5f, s0);
  return notPositiveNormal(bitsOf(v)) ? (v < 0.0f ? __builtin_nanf("") : v + v) : s;
}

// 1 / sqrt(v) for positive normal v within 0.5 ulp + 2^-40 relative (AMD's V_RSQ_F32: 1 ulp); the
// rest through Ops::slowInverseSqrt. y = approxInverseSqrt(v) = (1 + e) / sqrt(v), |e| < 2^-22; the residual
// 1 - v y^2 = -2e - e^2 is taken exactly enough from h + l = v y (exact, one fma) as
// RN(1 - h y) - l y; one Newton step y + y (1 - v y^2) / 2 leaves 1.5 e^2 < 2^-43, rounded once.
template <class Ops> FLOATALG_FN float inverseSqrt(float v) {
  const uint32_t u = bitsOf(v);
  if (notPositiveNormal(u)) return Ops::slowInverseSqrt(v);
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
  return scaleByPowerOfTwo(sum + (sumError + tl), int(n));
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

// The constants of b^x and log_b(x) for b = e, 2 and 10 (exponential and logarithm below):
// log_b(2) = kLogBase2High + kLogBase2Low, the first with 16 significant bits (e kLogBase2High is
// exact for |e| < 2^8), 1 / ln(b) = kInvLnHigh + kInvLnLow, and polynomial coefficients (low degree
// first) that are minimax fits of relative error (Remez, then rounded to float).
struct BaseE {
  static constexpr float kLog2Base = 0x1.715476p+0f, kLog2BaseLow = 0x1.4ae0c0p-26f; // log2(e), the rest
  static constexpr float kShortScale = 0x1.77313ap-8f;                                 // log2(e) / 252
  static constexpr float kLogBase2High = 0x1.62e4p-1f, kLogBase2Low = 0x1.7f7d1cp-20f;
  static constexpr float kInvLnHigh = 1.0f, kInvLnLow = 0.0f;
  // (e^r - 1) / r on |r| <= 0.3467: relative error 2^-25.4
  static constexpr float kExpQ[] = {0x1p+0f, 0x1.fffffep-2f, 0x1.55547ep-3f, 0x1.555652p-5f, 0x1.123cf4p-7f, 0x1.6c16a6p-10f};
  static constexpr float kNormal = 86.0f, kOverflow = 89.0f, kUnderflow = -104.0f;
  // (ln(1 + f) - f) / f^2 on [-1/3, 1/3]: relative error 2^-24.2
  static constexpr float kLogQ[] = {-0x1p-1f,        0x1.55552cp-2f,  -0x1.ffff68p-3f, 0x1.99bfe0p-3f, -0x1.558606p-3f,
                                    0x1.1fd6a4p-3f,  -0x1.f5c7c8p-4f, 0x1.19b142p-3f,  -0x1.01f24p-3f};
};
struct Base2 {
  static constexpr float kLog2Base = 1.0f, kLog2BaseLow = 0.0f, kLogBase2High = 1.0f, kLogBase2Low = 0.0f;
  static constexpr float kShortScale = 0x1.041042p-8f; // 1 / 252
  static constexpr float kInvLnHigh = 0x1.715476p+0f, kInvLnLow = 0x1.4ae0cp-26f;
  // (2^r - 1) / r on |r| <= 1/2: relative error 2^-25.5
  static constexpr float kExpQ[] = {0x1.62e43p-1f, 0x1.ebfbdep-3f, 0x1.c6af6ep-5f, 0x1.3b2bap-7f, 0x1.5f07b4p-10f, 0x1.4308fap-13f};
  static constexpr float kNormal = 125.0f, kOverflow = 128.0f, kUnderflow = -151.0f;
  // (log2(1 + f) - f / ln 2) / f^2 on [-1/3, 1/3]: relative error 2^-23.8
  static constexpr float kLogQ[] = {-0x1.715476p-1f, 0x1.ec7062p-2f,  -0x1.715408p-2f, 0x1.279262p-2f, -0x1.ecb6dcp-3f,
                                    0x1.9f435ap-3f,  -0x1.69f542p-3f, 0x1.96657p-3f,   -0x1.74234ap-3f};
};
struct Base10 {
  static constexpr float kLog2Base = 0x1.a934f0p+1f; // log2(10)
  static constexpr float kLogBase2High = 0x1.3442p-2f, kLogBase2Low = -0x1.95ec1p-19f;
  static constexpr float kInvLnHigh = 0x1.bcb7b2p-2f, kInvLnLow = -0x1.5b235ep-27f;
  // (10^r - 1) / r on |r| <= 0.1506: relative error 2^-25.9
  static constexpr float kExpQ[] = {0x1.26bb1cp+1f, 0x1.53524cp+1f, 0x1.046fb4p+1f, 0x1.2bd83ep+0f, 0x1.15594ap-1f, 0x1.a7ed5p-3f};
  static constexpr float kNormal = 37.0f, kOverflow = 39.0f, kUnderflow = -46.0f;
  // (log10(1 + f) - f / ln 10) / f^2 on [-1/3, 1/3]: relative error 2^-23.7
  static constexpr float kLogQ[] = {-0x1.bcb7b2p-3f, 0x1.287a52p-3f,  -0x1.bcb72cp-4f, 0x1.63e766p-4f, -0x1.28a4cp-4f,
                                    0x1.f406d0p-5f,  -0x1.b3d746p-5f, 0x1.e9598ep-5f,  -0x1.c0193ep-5f};
};

// b^r = 1 + r Q(r) for |r| within the range Base::kExpQ is fitted on (exponential and power).
template <class Ops, class Base> FLOATALG_FN float onePlusPolynomial(float r) {
  float q = Base::kExpQ[5];
  for (int i = 4; i >= 0; --i) q = Ops::fma(q, r, Base::kExpQ[i]);
  return Ops::fma(q, r, 1.0f);
}

// p 2^n, n = shifted - kShifter the rounded base-2 argument a: where the result is surely normal
// (|a| <= normal) n is added to p's exponent bits; above `overflow` (or for a NaN) the result is
// a times infinity, below `underflow` 0; between, scaleByPowerOfTwo() multiplies by 2^n rounding once (overflow
// to infinity, subnormal results within 1 ulp, 0 where the device flushes them).
FLOATALG_FN float timesTwoToThe(float p, float shifted, float n, float a, float normal, float overflow, float underflow) {
  if (__builtin_fabsf(a) <= normal) return floatFrom(bitsOf(p) + (bitsOf(shifted) << 23));
  if (!(a <= overflow)) return a * __builtin_inff();
  if (a < underflow) return 0.0f;
  return scaleByPowerOfTwo(p, int(n));
}

// b^x (expf, exp2f, exp10f; CUDA's bound: 2 ulp) in one reduction and one polynomial, within
// 1.3 ulp (a sum of the bounds below; the maximum over every float is 0.95 ulp, docs/MATH.md).
//
// x = n log_b(2) + r with n = rint(x log2(b)): the fma adds 1.5 * 2^23, which rounds the sum to an
// integer, so n is t - 1.5 * 2^23 and t's bits shifted left by 23 are n's exponent field. r takes
// two steps: x - n kLogBase2High is exact (kLogBase2High's last bit weighs 2^-17 or more, x's 2^-26
// or more where n != 0, and the difference is below 1/2, 24 bits), the second rounds once (relative error 2^-24 on r: 0.35 * 2^-24 on b^r, |r ln b| <= 0.347).
// b^r = 1 + r Q(r), Q the degree-5 minimax polynomial (relative error below 2^-25.4: 0.3 * 2^-25.4
// on b^r), evaluated in float (rounding errors about 2^-24 on Q: 0.3 * 2^-24 on b^r); the last fma
// rounds once (0.5 ulp). Then 2^n (timesTwoToThe, surely normal for |x| <= kNormal).
template <class Ops, class Base> FLOATALG_FN float exponential(float x) {
  const float t = Ops::fma(x, Base::kLog2Base, kShifter), n = t - kShifter;
  float r = Ops::fma(-n, Base::kLogBase2High, x);
  if constexpr (Base::kLogBase2Low != 0.0f) r = Ops::fma(-n, Base::kLogBase2Low, r);
  return timesTwoToThe(onePlusPolynomial<Ops, Base>(r), t, n, x, Base::kNormal, Base::kOverflow, Base::kUnderflow);
}

// b^x (expf, exp2f) on an approxExp2 checked over every float (abi::kSpecIdVerifiedShortExp):
// CUDA's expf, whose error is its MUFU.EX2's. n = rint(x log2(b) - 1/2), nearly floor, clamped to
// [-126, 126]: the first fma and the saturation give (x log2(b) - 1/2 + 126) / 252 in [0, 1], the
// second rounds 252 times that plus 1.5 * 2^23 + 1 to an integer, whose low bits are n + 127, the
// exponent field of 2^n (bits shifted left by 23). u = x log2(b) - n is formed from x directly
// (log2(e) as a float pair) and 2^u by approxExp2; 2^n scales it exactly where the result is normal.
// u lies in [0, 1] but where n stopped at -126 or 126, and its roundings cost 0.69 ulp (1.39 where u
// reaches 2, near the overflow) beside approxExp2's own error. Out of range the clamped n leaves u
// large, and 2^u carries the overflow (infinity) or the underflow (0, or a subnormal rounded once);
// a NaN stays NaN through u. Over every float on NVIDIA's driver: expf 1.93 ulp (CUDA's own expf:
// the same), exp2f 1.64 ulp (CUDA's, a bare MUFU.EX2: 2.06), bound 2; exp10f this way reaches 2.07,
// so it keeps `exponential`.
template <class Ops, class Base> FLOATALG_FN float shortExponential(float x) {
  constexpr float kOffset = 0x1.fdf7e0p-2f; // (126 - 1/2) / 252
  const float shifted = Ops::fma(Ops::saturate(Ops::fma(x, Base::kShortScale, kOffset)), 252.0f, 0x1.800002p+23f);
  const float n = shifted - 0x1.8000fep+23f; // 1.5 * 2^23 + 127
  float u = Ops::fma(x, Base::kLog2Base, -n);
  if constexpr (Base::kLog2BaseLow != 0.0f) u = Ops::fma(x, Base::kLog2BaseLow, u);
  return Ops::approxExp2(u) * floatFrom(bitsOf(shifted) << 23);
}

// log_b(x) (logf, log2f, log10f; CUDA's bounds: 1, 1 and 2 ulp) in one reduction and one
// polynomial: every result within 1 ulp of the correctly rounded one, measured over every float
// (docs/MATH.md: real error up to 0.91 ulp for logf, 1.05 for log2f, 1.17 for log10f; only correctly
// rounded operations are used, so the host's exhaustive run is every device's).
//
// x = m 2^e with m in [2/3, 4/3) (subnormals scaled by 2^24 first), f = m - 1 exact;
// log_b(x) = e log_b(2) + f / ln(b) + f^2 Q(f), Q of degree 8 (relative error below 2^-23.7).
// The leading terms are kept exact as far as they are large: e kLogBase2High is exact, f kInvLnHigh
// is split exactly by an fma, and their sum by Fast2Sum (|e kLogBase2High| >= 0.3 > |f / ln b|
// unless e = 0); what is left (the product's and the sum's errors, e kLogBase2Low, f kInvLnLow,
// f^2 Q) is at most 0.08 and added in float, and the last addition rounds once (0.5 ulp). Where
// e != 0 the result is at least 0.28 in magnitude; where e = 0 the small terms are at most 0.18 of
// it: either way their rounding errors and Q's stay below 0.8 ulp of the result.
template <class Ops, class Base> FLOATALG_FN float logarithm(float x) {
  uint32_t u = bitsOf(x);
  int e = 0;
  if (notPositiveNormal(u)) { // zeros, subnormals, negative, infinity, NaN
    if (x < 0.0f) return __builtin_nanf("");
    if (x == 0.0f) return -__builtin_inff(); // also a subnormal on a device that flushes them
    if (!(x < __builtin_inff())) return x + x;
    u = bitsOf(x * 0x1p24f);
    e = -24;
  }
  const int k = int(u - 0x3f2aaaabu) >> 23; // 0x3f2aaaab: 2/3 rounded up
  const float f = floatFrom(u - (uint32_t(k) << 23)) - 1.0f, fe = float(e + k);
  float q = Base::kLogQ[8];
  for (int i = 7; i >= 0; --i) q = Ops::fma(q, f, Base::kLogQ[i]);
  const float a = fe * Base::kLogBase2High;
  float p = f, low = 0.0f;
  if constexpr (Base::kInvLnLow != 0.0f) {
    p = f * Base::kInvLnHigh;
    low = Ops::fma(f, Base::kInvLnLow, Ops::fma(f, Base::kInvLnHigh, -p));
  }
  const float sum = a + p;
  low += p - (sum - a);
  if constexpr (Base::kLogBase2Low != 0.0f) low = Ops::fma(fe, Base::kLogBase2Low, low);
  return sum + Ops::fma(f * f, q, low);
}

// sin(x) and cos(x) for |x| < kTrigLimit (sinf, cosf; CUDA's bound: 2 ulp), where OCML's reduction,
// written for a slow fma, takes about 30 operations: over every such float within 1.5 ulp (1.49
// measured) and within 1 ulp of the correctly rounded result (the host's exhaustive run: only
// correctly rounded operations are used, so it is every device's). Larger |x|, infinities and
// NaN: OCML's, with its Payne-Hanek reduction (math.hip).
//
// |x| = j pi/2 + r: j = rint(|x| 2/pi) by the shifter of exponential (t's low bits are j's), and
// r = |x| - j (p1 + p2 + p3) in three fmas (pi/2 - p1 - p2 - p3 is 2^-76): the first is exact
// (j < 2^17, and |x| - j p1 is a multiple of 2^-24 below 1 in magnitude), the other two round
// (within an ulp of r together). sin r = r + r^3 S(r^2), cos r = 1 + r^2 C(r^2), S and C minimax
// fits on |r| <= pi/4 (relative errors 2^-22.7 and 2^-28.5, at most 2^-26 and 2^-29.7 of the
// results). j mod 4 chooses the function and the sign; sin is odd, so x's sign is put on.
constexpr float kTrigLimit = 0x1p17f;

struct QuarterTurns {
  float r;           // |x| - j pi/2
  uint32_t quadrant; // j in the low bits
};
template <class Ops> FLOATALG_FN QuarterTurns reduceQuarterTurns(float ax) {
  constexpr float kTwoOverPi = 0x1.45f306p-1f;
  constexpr float p1 = 0x1.921fb6p+0f, p2 = -0x1.777a5cp-25f, p3 = -0x1.ee59dap-50f; // pi/2
  const float t = Ops::fma(ax, kTwoOverPi, kShifter), j = t - kShifter;
  return {Ops::fma(-j, p3, Ops::fma(-j, p2, Ops::fma(-j, p1, ax))), bitsOf(t)};
}
template <class Ops> FLOATALG_FN float sinOfReduced(float r, float z) {
  const float s = Ops::fma(Ops::fma(-0x1.9ac6d4p-13f, z, 0x1.110c22p-7f), z, -0x1.555552p-3f);
  return Ops::fma(r, z * s, r);
}
template <class Ops> FLOATALG_FN float cosOfReduced(float z) {
  const float c = Ops::fma(Ops::fma(Ops::fma(0x1.9a6aecp-16f, z, -0x1.6c0df8p-10f), z, 0x1.55554cp-5f), z, -0x1p-1f);
  return Ops::fma(z, c, 1.0f);
}

// sin(x) for |x| < kTrigLimit.
template <class Ops> FLOATALG_FN float sine(float x) {
  const QuarterTurns q = reduceQuarterTurns<Ops>(__builtin_fabsf(x));
  const float z = q.r * q.r, v = q.quadrant & 1 ? cosOfReduced<Ops>(z) : sinOfReduced<Ops>(q.r, z);
  return floatFrom(bitsOf(v) ^ (q.quadrant << 30 & 0x80000000u) ^ (bitsOf(x) & 0x80000000u));
}

// cos(x) for |x| < kTrigLimit.
template <class Ops> FLOATALG_FN float cosine(float x) {
  const QuarterTurns q = reduceQuarterTurns<Ops>(__builtin_fabsf(x));
  const float z = q.r * q.r, v = q.quadrant & 1 ? sinOfReduced<Ops>(q.r, z) : cosOfReduced<Ops>(z);
  return floatFrom(bitsOf(v) ^ ((q.quadrant + 1) << 30 & 0x80000000u));
}

// Whether the finite float y is an odd integer (floats of 2^24 and more are even).
FLOATALG_FN bool isOddInteger(float y) { return __builtin_fabsf(y) < 0x1p24f && float(int(y)) == y && (int(y) & 1); }

// pow(x, y) where x or y is a zero, an infinity or NaN, or y is 0 (C99's special values; a
// subnormal x reaches here only where the device flushes it, and counts as the zero it is there).
FLOATALG_FN float powerOfSpecial(float x, float y) {
  const float ax = __builtin_fabsf(x);
  if (y == 0.0f || x == 1.0f) return 1.0f;
  if (x != x || y != y) return x + y;
  if (__builtin_fabsf(y) == __builtin_inff()) return ax == 1.0f ? 1.0f : (ax < 1.0f) == (y < 0.0f) ? __builtin_inff() : 0.0f;
  const float magnitude = (ax == 0.0f) == (y < 0.0f) ? __builtin_inff() : 0.0f; // x is a zero or an infinity
  return bitsOf(x) >> 31 && isOddInteger(y) ? -magnitude : magnitude;
}

// pow(x, y) (powf; CUDA's bound: 4 ulp) within 1.2 ulp: 2^(y log2|x|) with log2|x| as a float pair
// precise to 2^-33 relative, the product y log2|x| as a pair, and 2^ of that as in exponential.
//
// The product t = y log2|x| must be within about 2^-26 of its value (2^-26 ln 2 relative on the
// result, 0.13 ulp), and |t| reaches 128 before the result overflows: log2|x| is needed to 2^-33
// relative. |x| = m 2^e with m in [2^-0.5, 2^0.5) (subnormals scaled by 2^24), log2(m) =
// K atanh(s) = s A(s^2) with s = (m - 1) / (m + 1), |s| <= 0.1716, K = 2 / ln 2, and
// A(z) = K + z B(z), B(z) = K/3 + z R(z) (the atanh series; R a degree-2 minimax fit, relative
// error 2^-21.3). s is s0 + sc: s0 = (m - 1) approxDivide(1, d), d + dl = m + 1 exactly, and one
// correction from the residual (m - 1) - s0 (d + dl) leaves 2^-44; the polynomial is taken at s0
// (z = s0^2 + zl exactly) and sc times the derivative K / (1 - z) ~ K (1 + z + z^2) added. B (whose
// rounding weighs 2^-31.6 on A) and A are float pairs, their rounding errors recovered by fmas
// (the products by z are at most 0.03 of the sums, which are within a factor 2 of K/3 and K);
// s0 A is a pair by an fma, and e + s0 Ah Fast2Sum'd (|s0 Ah| <= 1/2 <= |e| unless e = 0). The
// neglected terms (R's error, roundings of the small parts) stay near 2^-34 of log2|x|.
// t = th + tl: th = y Lh, its error by an fma, y Ll added. Then n = rint(th) by the shifter of
// exponential, r = (th - n) + tl (th - n exact; the sum rounds: 2^-26 on |r| <= 1/2, 0.13 ulp), and
// 2^r = 1 + r Q(r) as in exponential<Base2> (Q's error and roundings 0.45 ulp at most). With the
// last rounding: 1.2 ulp in all.
//
// Negative x: NaN unless y is an integer, the sign of the result negative where y is odd. Only
// normal intermediate values on the fast path (zl and sc are 0 or above 2^-100), so a device that
// flushes subnormals computes the same bits but for subnormal operands and results.
template <class Ops> FLOATALG_FN float power(float x, float y) {
  uint32_t u = bitsOf(x) & 0x7fffffffu;
  int e = 0;
  const bool yRegular = (bitsOf(y) << 1) - 1u < 0xfeffffffu; // finite and nonzero
  if (notPositiveNormal(u) || !yRegular) { // x zero, subnormal, infinite or NaN, or y not regular
    u = bitsOf(floatFrom(u) * 0x1p24f);
    if (notPositiveNormal(u) || !yRegular) return powerOfSpecial(x, y);
    e = -24; // a subnormal x, scaled
  }
  const int k = int(u - 0x3f3504f3u) >> 23; // 0x3f3504f3: 2^-0.5 rounded up
  const float m = floatFrom(u - (uint32_t(k) << 23)), fe = float(e + k);
  const float f = m - 1.0f, d = m + 1.0f, dl = m - (d - 1.0f);
  const float reciprocal = Ops::approxDivide(1.0f, d);
  const float s = f * reciprocal;
  const float sc = Ops::fma(-s, dl, Ops::fma(-s, d, f)) * reciprocal;
  const float z = s * s, zl = Ops::fma(s, s, -z);
  constexpr float kR[] = {0x1.2776ccp-1f, 0x1.a5f498p-2f, 0x1.547fc2p-2f}; // R(z), low degree first
  const float rz = Ops::fma(Ops::fma(kR[2], z, kR[1]), z, kR[0]);
  constexpr float c3h = 0x1.ec709ep-1f, c3l = -0x1.e2fe02p-28f, kh = 0x1.715476p+1f, kl = 0x1.4ae0cp-25f; // K/3, K
  const float bh = Ops::fma(z, rz, c3h), bl = Ops::fma(z, rz, c3h - bh) + c3l;
  const float ah = Ops::fma(z, bh, kh), al = Ops::fma(z, bh, kh - ah) + Ops::fma(z, bl, Ops::fma(zl, bh, kl));
  const float derivative = Ops::fma(kh, Ops::fma(z, z, z), kh);
  const float ph = s * ah, pl = Ops::fma(s, ah, -ph) + Ops::fma(s, al, sc * derivative);
  const float lh = fe + ph, ll = (ph - (lh - fe)) + pl;
  const float th = y * lh, tl = Ops::fma(y, ll, Ops::fma(y, lh, -th));
  const float shifted = th + kShifter, n = shifted - kShifter;
  // th is finite or infinite here (powerOfSpecial took NaN operands): above 129, th * inf = inf.
  float result = timesTwoToThe(onePlusPolynomial<Ops, Base2>((th - n) + tl), shifted, n, th, 125.0f, 129.0f, -151.0f);
  if (bitsOf(x) >> 31) { // negative x
    if (__builtin_truncf(y) != y) return __builtin_nanf("");
    if (isOddInteger(y)) result = -result;
  }
  return result;
}

// c[0] v^(N-1) + ... + c[N-1] by Horner's rule on the fma.
template <class Ops, int N> FLOATALG_FN float horner(const float (&c)[N], float v) {
  float p = c[0];
  for (int i = 1; i < N; ++i) p = Ops::fma(p, v, c[i]);
  return p;
}

// erf(x) (erff; CUDA's bound: 2 ulp) in three pieces of |x| without an exponential: a polynomial
// each, one branch taken (OCML's erff takes 1 - e^p above 1, about 25 operations; these 7 to 12).
// Measured over every float on the host: within 0.75, 0.91 and 0.64 ulp in the three pieces.
//
// |x| < 3/4: erf(x) = x + x P(x^2), P(s) = erf(sqrt(s)) / sqrt(s) - 1 of degree 5 (in [-0.06,
// 0.13], so that its rounding errors weigh an eighth at most). [3/4, 2) and [2, 3.92): erf(c + u) =
// e + u Q(u), u = |x| - c exact (c/2 <= |x| <= 2c), the centre c picked where erf(c) lies within
// 2^-33 of the float e, Q of degree 9 (the constant e closes the Horner sequence). The fits are
// scripts/fit-polynomials.py's. From 3.92 on, erfc(x) < 2^-25 and erf(x) rounds to 1.
template <class Ops> FLOATALG_FN float errorFunction(float x) {
  constexpr float kSmallLimit = 0x1.8p-1f, kSplit = 2.0f, kOne = 3.92f;
  constexpr float kSmall[] = {-0x1.623bfp-11f, 0x1.4f3d08p-8f, -0x1.b7aaap-6f, 0x1.ce2ae2p-4f, -0x1.81273ap-2f, 0x1.06eba8p-3f};
  constexpr float kLowCentre = 0x1.a8p+0f, kHighCentre = 0x1.57p+1f;
  constexpr float kLow[] = {0x1.6b2b0ap-12f, 0x1.229c6p-9f,   0x1.cf4d7ep-14f, -0x1.a58fb8p-8f, 0x1.a816d2p-7f, 0x1.ce619ep-12f,
                            -0x1.984668p-5f, 0x1.bce226p-4f, -0x1.ecb888p-4f, 0x1.297db6p-4f,  0x1.f62fe8p-1f};
  constexpr float kHigh[] = {0x1.b0fadap-16f, -0x1.8b2552p-14f, 0x1.fe712ap-19f, 0x1.5493dcp-11f, -0x1.056052p-9f, 0x1.cf8a3ap-9f,
                             -0x1.1d90bap-8f, 0x1.f519fcp-9f,   -0x1.2da48ap-9f, 0x1.c250c2p-11f, 0x1.ffec3ap-1f};
  const float ax = __builtin_fabsf(x);
  float r;
  if (ax < kSmallLimit) r = Ops::fma(ax, horner<Ops>(kSmall, x * x), ax);
  else if (ax < kSplit) r = horner<Ops>(kLow, ax - kLowCentre);
  else if (ax < kOne) r = horner<Ops>(kHigh, ax - kHighCentre);
  else r = ax == ax ? 1.0f : ax; // NaN stays NaN
  return __builtin_copysignf(r, x);
}

} // namespace floatalg
