// Double-precision exp, sin and cos in double arithmetic on an exact fma: what
// compiler/devicelib/math.hip runs where the device's own Fma is fused and the fma algorithms are on
// (NVIDIA), for the arguments most programs pass; OCML's functions take the rest. OCML's exp rounds
// its reduction through rint and converts it to an integer, and its sin and cos evaluate both
// polynomials (sin and cos of the reduced argument) to select one: NVIDIA's GPUs run doubles at half
// the float rate and those conversions at a quarter, so that is twice CUDA's work. Here the
// reduction takes its integer from the shifter's low bits and one polynomial is evaluated, its
// coefficients selected by the quadrant. docs/MATH.md has the measured errors;
// tests/unit/compiler/double_algorithms_tests.cpp runs this very code on the host against long
// double. The coefficients are scripts/fit-polynomials.py's fits.
//
// `Ops` supplies double fma(double a, double b, double c), a * b + c rounded once. Only correctly
// rounded double operations (no contraction), comparisons and integer operations on the bits are
// used; the fast paths' intermediate values are normal, so a device that flushes subnormals computes
// the same bits.
#pragma once

#include "float_algorithms.h"

// The polynomials' loops unrolled in any case: left to the backend's unroller, which weighs the
// fma's call as the library defines it (an emulation beside the device's instruction), they stayed
// loops reading their coefficients from a table in memory.
#if defined(__clang__)
#define DOUBLEALG_UNROLL _Pragma("unroll")
#else
#define DOUBLEALG_UNROLL
#endif

namespace doublealg {

FLOATALG_FN uint64_t bitsOf(double x) { return __builtin_bit_cast(uint64_t, x); }
FLOATALG_FN double doubleFrom(uint64_t b) { return __builtin_bit_cast(double, b); }
// 1.5 * 2^52: for |v| < 2^51, v + kShifter rounds v to an integer n, which is the sum less kShifter
// and, in two's complement, the sum's low mantissa bits.
constexpr double kShifter = 0x1.8p52;
// The integer n a shifted sum t = v + kShifter holds.
FLOATALG_FN int32_t shiftedInteger(double t) { return int32_t(uint32_t(bitsOf(t))); }

// e^x for |x| < kExpLimit (exp; CUDA's bound: 1 ulp), within 0.98 ulp; larger |x|, infinities and
// NaN take OCML's.
//
// x = n ln2 + r: n = rint(x log2(e)) by the shifter, r = x - n (c1 + c2) in two fmas (ln2 - c1 - c2
// is 2^-109 relative). The first is exact: n c1 is a multiple of 2^-53, and so is x when n != 0
// (|x| > ln2/2), with |x - n c1| < 1/2; the second rounds, within 2^-53 |r|. e^r = 1 + p,
// p = r + r^2 Q(r), Q a fit of degree 10 on |r| <= ln2/2 (error 0.003 ulp of the result). The
// errors, in ulps of the result: r's rounding 0.19 at most, p's 0.25, the last rounding 0.5, r^2's
// and Q's 0.04: below 0.98 (the worst where p reaches -1/4, r = ln(3/4)). 2^n goes into the
// exponent field, exactly: |x| < 708 keeps |n| <= 1021 and the result normal.
constexpr double kExpLimit = 708.0;
template <class Ops> FLOATALG_FN double exponential(double x) {
  constexpr double kLog2e = 0x1.71547652b82fep+0, c1 = 0x1.62e42fefa39efp-1, c2 = 0x1.abc9e3b39803fp-56;
  constexpr double kQ[] = {0x1.1f72fd7e2295bp-29, 0x1.af4ddf580edacp-26, 0x1.27e4db6733dd1p-22, 0x1.71de023675b71p-19,
                           0x1.a01a01a6d7a8fp-16, 0x1.a01a01abe674ap-13, 0x1.6c16c16c162d6p-10, 0x1.11111111100dep-7,
                           0x1.5555555555556p-5,  0x1.5555555555557p-3,  0x1p-1};
  const double t = Ops::fma(x, kLog2e, kShifter), n = t - kShifter;
  const double r = Ops::fma(-n, c2, Ops::fma(-n, c1, x));
  double q = kQ[0];
  DOUBLEALG_UNROLL for (int i = 1; i < int(sizeof(kQ) / sizeof(kQ[0])); ++i) q = Ops::fma(q, r, kQ[i]);
  const double e = 1.0 + Ops::fma(r * r, q, r);
  return doubleFrom(bitsOf(e) + (uint64_t(int64_t(shiftedInteger(t))) << 52));
}

// sin(x) and cos(x) for |x| < kTrigLimit (sin, cos; CUDA's bound: 2 ulp), within 0.96 ulp over the
// unit test's inputs (the neglected terms are below 0.2 ulp); larger |x|, infinities and NaN take
// OCML's, with its Payne-Hanek reduction (math.hip).
//
// |x| = j pi/2 + r: j = rint(|x| 2/pi) by the shifter (t's low bits are j's), r = |x| - j (p1 + p2
// + p3) as a pair h + l (pi/2 - p1 - p2 - p3 is 2^-142 relative). d = |x| - j p1 is exact in one
// fma: j p1 is a multiple of 2^-52, and so is |x| when j != 0, with |d| < 1. p2 has 32 bits, so
// j p2 is exact too, and h = RN(d - j p2) with its rounding error by Fast2Sum (exact: d is a
// multiple of 2^-52 below 1 in magnitude, j p2 a double whose last bit weighs at most 2^-86);
// l = that error - j p3. Rounding r to one double would cost up to an ulp of sin r where it lies in
// the binade below r. sin r = r + r^3 S(r^2), cos r = 1 + r^2 C(r^2), S and C fits of degree 6 on
// |r| <= pi/4 (errors 0.06 and 0.005 ulp of the results), taken at h with the first-order terms of
// l and of z = RN(h^2)'s error zl (exact by an fma): sin r = h + (h z S(z) + l),
// cos r = 1 + (z C(z) - (h l + zl / 2)). One of the two is evaluated per input, as A + (B P(z) + C)
// with P's coefficients, A, B and C selected by j's parity: the other would cost as much again, and
// GPUs run both sides of a divergent branch. j mod 4 chooses the sign; sin is odd, so x's sign is
// put on.
constexpr double kTrigLimit = 0x1p20;

template <class Ops> FLOATALG_FN double sineOrCosine(double x, bool cosine) {
  constexpr double kTwoOverPi = 0x1.45f306dc9c883p-1;
  constexpr double p1 = 0x1.921fb54442d18p+0, p2 = 0x1.1a626332p-54, p3 = -0x1.747f23e32ed7p-87;
  constexpr int kTerms = 7;
  constexpr double kS[kTerms] = {-0x1.ab17d0a0ca071p-41, 0x1.61217f05bf6c9p-33, -0x1.ae645412be1e9p-26, 0x1.71de3a5460918p-19,
                                 -0x1.a01a01a019938p-13, 0x1.1111111111110p-7,  -0x1.5555555555555p-3};
  constexpr double kC[kTerms] = {-0x1.8ff9d0a0216aep-37, 0x1.1eea7f1f7ff0dp-29, -0x1.27e4f8e49b32cp-22, 0x1.a01a019de1291p-16,
                                 -0x1.6c16c16c15d79p-10, 0x1.5555555555551p-5,  -0x1p-1};
  const double ax = __builtin_fabs(x);
  const double t = Ops::fma(ax, kTwoOverPi, kShifter), j = t - kShifter;
  const double d = Ops::fma(-j, p1, ax), jp2 = j * p2, h = d - jp2, l = Ops::fma(-j, p3, (d - h) - jp2);
  const uint32_t quadrant = uint32_t(shiftedInteger(t)) + (cosine ? 1u : 0u);
  const bool cosOfR = quadrant & 1;
  const double z = h * h, zl = Ops::fma(h, h, -z);
  double p = cosOfR ? kC[0] : kS[0];
  DOUBLEALG_UNROLL for (int i = 1; i < kTerms; ++i) p = Ops::fma(p, z, cosOfR ? kC[i] : kS[i]);
  const double v = (cosOfR ? 1.0 : h) + Ops::fma(cosOfR ? z : h * z, p, cosOfR ? Ops::fma(zl, -0.5, -(h * l)) : l);
  const uint64_t sign = uint64_t(quadrant & 2) << 62 ^ (cosine ? 0 : bitsOf(x) & 0x8000000000000000ull);
  return doubleFrom(bitsOf(v) ^ sign);
}

} // namespace doublealg
