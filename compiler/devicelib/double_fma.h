// fma(a, b, c) in double precision, rounded once, in double arithmetic: what
// compiler/devicelib/math.hip's __hipvk_fma_f64 runs where the device's Fma may be a product and a
// sum (spec constant 4 off: lavapipe, SwiftShader, every driver not known to fuse). OCML's double
// functions call it at every step of their polynomials, and it is inlined at each call (Vulkan
// drivers inline every function), so it has to be short: results in the subnormal range are
// rounded to their grid from the last addition's error instead of by an integer fma, which, inlined
// a few dozen times, made lavapipe take 80-120 s to compile each of lgamma, tgamma and tgammaf.
// tests/unit/compiler/double_fma_tests.cpp runs this code on the host against std::fma.
//
// Only correctly rounded double operations (no contraction) and integer operations on the bits.
#pragma once

#include "double_algorithms.h"

namespace doublealg {

using floatalg::scaleByPowerOfTwo;

FLOATALG_FN bool finite(double x) { return (bitsOf(x) & 0x7ff0000000000000ull) != 0x7ff0000000000000ull; }

// The unbiased exponent of a finite nonzero double (subnormals included): x = m * 2^e, 1 <= |m| < 2.
FLOATALG_FN int exponentOf(double x) {
  int e = int(bitsOf(x) >> 52 & 0x7ff);
  if (e != 0) return e - 1023;
  return int(bitsOf(x * 0x1p64) >> 52 & 0x7ff) - 1023 - 64;
}

// Error-free transformations (Knuth's two-sum, Dekker's product with Veltkamp's split).
struct Pair {
  double hi, lo;
};
FLOATALG_FN Pair twoSum(double a, double b) {
  double s = a + b, bb = s - a;
  return {s, (a - (s - bb)) + (b - bb)};
}
FLOATALG_FN Pair split(double a) {
  double t = 134217729.0 * a; // 2^27 + 1
  double hi = t - (t - a);
  return {hi, a - hi};
}
FLOATALG_FN Pair twoProduct(double a, double b) {
  double p = a * b;
  Pair x = split(a), y = split(b);
  return {p, ((x.hi * y.hi - p) + x.hi * y.lo + x.lo * y.hi) + x.lo * y.lo};
}

// s = RN(exact) with `error` = exact - s: the exact value rounded to odd (the neighbour with an odd
// last bit when inexact), which a later rounding to >= 2 fewer bits rounds as the exact value.
FLOATALG_FN double roundToOdd(double s, double error) {
  uint64_t b = bitsOf(s);
  if (error == 0 || !finite(s) || (b & 1)) return s;
  return doubleFrom((error > 0) == (s > 0) ? b + 1 : b - 1);
}
FLOATALG_FN double addRoundToOdd(double a, double b) {
  Pair s = twoSum(a, b);
  return roundToOdd(s.hi, s.lo);
}

// r * 2^e rounded to a multiple of 2^-1074 as the exact value v = r + (v - r) would be, where
// r = RN(v), |r * 2^e| < 2^-1021 and `side` has the sign of v - r (0 when v = r). Rounding r
// itself rounds twice, which differs only where r lies halfway between two multiples (they are
// 2 ulp of r or more apart below 2^-1022, so such halfway points are doubles and RN keeps v on
// their side otherwise): there v's side of r decides.
FLOATALG_FN double roundToSubnormal(double r, double side, int e) {
  const double u = scaleByPowerOfTwo(r < 0 ? -r : r, 1074 + e); // |r| in units of 2^-1074: < 2^53, exact from 1/4 up
  double n = u < 0x1p52 ? (u + 0x1p52) - 0x1p52 : u;            // the nearest integer, ties to even
  if ((u - n == 0.5 || n - u == 0.5) && side != 0) n = (side > 0) == (r > 0) ? u + 0.5 : u - 0.5;
  return __builtin_copysign(n * 0x1p-1074, r);
}

// Boldo and Melquiond's emulation by rounding to odd: with a and b scaled to [1, 2) their product is
// exactly hi + lo; c is scaled alike (or, when negligible, replaced by a tiny number of its sign,
// which rounds the same); then RN(th + RO(tl + lo)) with th + tl = c + hi is the correctly rounded
// sum. Below 2^-1022 the result is rounded a second time, to the subnormal grid: v - r there is
// (th + RO(tl + lo) - r) + (tl + lo - RO(tl + lo)); the first part, when not 0, is a nonzero multiple
// of the odd ulp of RO(tl + lo) and outweighs the second (tl + lo is inexact only when c and hi do
// not cancel, so th dominates).
FLOATALG_FN double emulatedFma(double a, double b, double c) {
  if (!finite(a) || !finite(b) || a == 0 || b == 0) return a * b + c; // the product is exact
  if (!finite(c)) return c;                                           // a finite product cannot change it
  if (c == 0) return a * b;
  const int ea = exponentOf(a), eb = exponentOf(b), ec = exponentOf(c), e = ea + eb;
  if (ec > e + 110) return c; // the product lies far below half an ulp of c
  const double ma = scaleByPowerOfTwo(a, -ea), mb = scaleByPowerOfTwo(b, -eb);
  const double cs = ec < e - 120 ? __builtin_copysign(0x1p-200, c) : scaleByPowerOfTwo(c, -e);
  const Pair p = twoProduct(ma, mb), t = twoSum(cs, p.hi), low = twoSum(t.lo, p.lo);
  const double v = roundToOdd(low.hi, low.lo);
  const Pair r = twoSum(t.hi, v);
  if (r.hi != 0 && exponentOf(r.hi) + e <= -1022)
    return roundToSubnormal(r.hi, r.lo != 0 ? r.lo : (low.hi - v) + low.lo, e);
  return scaleByPowerOfTwo(r.hi, e);
}

} // namespace doublealg
