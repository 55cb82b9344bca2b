// IEEE-754 binary64 in software, on the bit patterns (uint64_t), for devices without shaderFloat64:
// compiler/lib/SoftenDoublesPass.cpp turns every double operation of the portable variant into a
// call of compiler/devicelib/softdouble.hip, which wraps these functions. Every operation is
// correctly rounded to nearest-even, with subnormals, infinities and signed zeros as IEEE-754
// defines them. NaN results are quiet: an input NaN is returned quieted (the first NaN operand),
// an invalid operation (inf - inf, 0 * inf, 0 / 0, sqrt(-1)...) gives kDefaultNaN.
//
// Shared with the host unit test (tests/unit/compiler/softdouble_tests.cpp), which compares every
// function with the host's hardware doubles. Only 32- and 64-bit integer arithmetic is used (no
// __int128, no 64-bit division): the portable variant has no other integers either.
#pragma once

#include <stdint.h>

#if defined(__HIP__)
#define SOFTDOUBLE_FN __host__ __device__ inline
#else
#define SOFTDOUBLE_FN inline
#endif

namespace softdouble {

constexpr uint64_t kSignBit = 0x8000000000000000ull;
constexpr uint64_t kExponentMask = 0x7ff0000000000000ull;
constexpr uint64_t kFractionMask = 0x000fffffffffffffull;
constexpr uint64_t kHiddenBit = 0x0010000000000000ull;
constexpr uint64_t kQuietBit = 0x0008000000000000ull;
constexpr uint64_t kInfinity = kExponentMask;
constexpr uint64_t kDefaultNaN = 0x7ff8000000000000ull;

SOFTDOUBLE_FN bool isNaN(uint64_t a) { return (a & ~kSignBit) > kInfinity; }
SOFTDOUBLE_FN bool isInf(uint64_t a) { return (a & ~kSignBit) == kInfinity; }
SOFTDOUBLE_FN bool isZero(uint64_t a) { return (a & ~kSignBit) == 0; }
SOFTDOUBLE_FN uint64_t quiet(uint64_t a) { return a | kQuietBit; }
SOFTDOUBLE_FN int biasedExponent(uint64_t a) { return int(a >> 52 & 0x7ff); }

// Leading zeros of a nonzero 64-bit value, from 32-bit counts (the portable variant's widest).
SOFTDOUBLE_FN int leadingZeros(uint64_t x) {
  uint32_t hi = uint32_t(x >> 32);
  return hi ? __builtin_clz(hi) : 32 + __builtin_clz(uint32_t(x));
}

// x >> n with the bits shifted out ORed into bit 0 (they only tell that the value was inexact).
SOFTDOUBLE_FN uint64_t shiftRightJam(uint64_t x, int n) {
  if (n <= 0) return x;
  if (n >= 64) return x != 0;
  return x >> n | ((x << (64 - n)) != 0);
}

// A finite nonzero double as sig * 2^(e - 1075), sig in [2^52, 2^53): subnormals get e <= 0.
struct Unpacked {
  uint64_t sig;
  int e;
};
SOFTDOUBLE_FN Unpacked unpack(uint64_t a) {
  int e = biasedExponent(a);
  uint64_t sig = a & kFractionMask;
  if (e != 0) return {sig | kHiddenBit, e};
  int shift = leadingZeros(sig) - 11;
  return {sig << shift, 1 - shift};
}

// Rounds sign * m * 2^(e - 1085) to nearest-even in a format with `fractionBits` stored fraction
// bits and biased exponents below `maxExponent` (its infinity's), and returns its bits without the
// sign, or'ed with `sign`. m < 2^63 holds the significand's leading bit at bit 62 whenever e >= 1
// (normalizeRoundPack arranges it), its low 62 - fractionBits bits the rounding bits, an inexact
// remainder below them jammed into bit 0. Subnormal results are rounded once, at their position.
template <int fractionBits, int maxExponent, typename Bits>
SOFTDOUBLE_FN Bits roundPack(Bits sign, int e, uint64_t m) {
  constexpr int extra = 62 - fractionBits;
  constexpr uint64_t half = uint64_t(1) << (extra - 1), roundMask = (uint64_t(1) << extra) - 1;
  const Bits infinity = Bits(maxExponent) << fractionBits;
  if (e >= maxExponent) return sign | infinity;
  if (e <= 0) {
    m = shiftRightJam(m, 1 - e);
    e = 1;
  }
  uint64_t rest = m & roundMask, s = m >> extra;
  if (rest > half || (rest == half && (s & 1))) ++s;
  if (s == 0) return sign;
  // With the hidden bit in s, (e - 1) << fractionBits + s is the encoding; a carry out of the
  // significand, or a subnormal rounded up to the smallest normal, moves into the exponent.
  uint64_t bits = (uint64_t(e - 1) << fractionBits) + s;
  if ((bits >> fractionBits) >= uint64_t(maxExponent)) return sign | infinity;
  return sign | Bits(bits);
}

SOFTDOUBLE_FN uint64_t roundPackDouble(uint64_t sign, int e, uint64_t m) { return roundPack<52, 0x7ff, uint64_t>(sign, e, m); }

// roundPackDouble of any nonzero m < 2^63: shifted left until bit 62 holds its leading one.
SOFTDOUBLE_FN uint64_t normalizeRoundPack(uint64_t sign, int e, uint64_t m) {
  int shift = leadingZeros(m) - 1;
  return roundPackDouble(sign, e - shift, m << shift);
}

// The first NaN of a and b, quieted (a or b must be a NaN).
SOFTDOUBLE_FN uint64_t propagateNaN(uint64_t a, uint64_t b) { return quiet(isNaN(a) ? a : b); }

SOFTDOUBLE_FN uint64_t add(uint64_t a, uint64_t b) {
  if (isNaN(a) || isNaN(b)) return propagateNaN(a, b);
  const uint64_t signA = a & kSignBit, signB = b & kSignBit;
  if (isInf(a)) return isInf(b) && signA != signB ? kDefaultNaN : a;
  if (isInf(b)) return b;
  if (isZero(a)) return isZero(b) ? (signA & signB) : b; // -0 + -0 = -0, any other zero sum +0
  if (isZero(b)) return a;
  // Order by magnitude: |a| >= |b|.
  if ((b & ~kSignBit) > (a & ~kSignBit)) {
    uint64_t t = a;
    a = b;
    b = t;
  }
  Unpacked x = unpack(a), y = unpack(b);
  // Significands at bit 61 (bit 62 free for the carry): value = m * 2^(e + 1 - 1085).
  uint64_t mx = x.sig << 9, my = shiftRightJam(y.sig << 9, x.e - y.e);
  const uint64_t sign = a & kSignBit;
  if (signA == signB) return normalizeRoundPack(sign, x.e + 1, mx + my);
  uint64_t difference = mx - my;
  if (difference == 0) return 0; // x - x = +0 when rounding to nearest
  return normalizeRoundPack(sign, x.e + 1, difference);
}

SOFTDOUBLE_FN uint64_t sub(uint64_t a, uint64_t b) { return add(a, isNaN(b) ? b : b ^ kSignBit); }

// 64 x 64 -> 128-bit products from 32-bit halves.
struct U128 {
  uint64_t hi, lo;
};
SOFTDOUBLE_FN U128 multiply(uint64_t a, uint64_t b) {
  uint64_t a0 = a & 0xffffffff, a1 = a >> 32, b0 = b & 0xffffffff, b1 = b >> 32;
  uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
  uint64_t middle = (p00 >> 32) + (p01 & 0xffffffff) + (p10 & 0xffffffff);
  return {p11 + (p01 >> 32) + (p10 >> 32) + (middle >> 32), (middle << 32) | (p00 & 0xffffffff)};
}
SOFTDOUBLE_FN U128 add128(U128 a, U128 b) {
  uint64_t lo = a.lo + b.lo;
  return {a.hi + b.hi + (lo < a.lo), lo};
}
SOFTDOUBLE_FN U128 sub128(U128 a, U128 b) { return {a.hi - b.hi - (a.lo < b.lo), a.lo - b.lo}; }
SOFTDOUBLE_FN bool less128(U128 a, U128 b) { return a.hi < b.hi || (a.hi == b.hi && a.lo < b.lo); }
SOFTDOUBLE_FN U128 shiftLeft128(U128 x, int n) {
  if (n <= 0) return x;
  if (n >= 64) return {x.lo << (n - 64), 0};
  return {x.hi << n | x.lo >> (64 - n), x.lo << n};
}
SOFTDOUBLE_FN U128 shiftRightJam128(U128 x, int n) {
  if (n <= 0) return x;
  if (n >= 128) return {0, (x.hi | x.lo) != 0};
  if (n >= 64) return {0, shiftRightJam(x.hi, n - 64) | (x.lo != 0)};
  return {x.hi >> n, (x.lo >> n | x.hi << (64 - n)) | ((x.lo << (64 - n)) != 0)};
}
SOFTDOUBLE_FN int leadingZeros128(U128 x) { return x.hi ? leadingZeros(x.hi) : 64 + leadingZeros(x.lo); }

SOFTDOUBLE_FN uint64_t mul(uint64_t a, uint64_t b) {
  if (isNaN(a) || isNaN(b)) return propagateNaN(a, b);
  const uint64_t sign = (a ^ b) & kSignBit;
  if (isInf(a) || isInf(b)) return isZero(a) || isZero(b) ? kDefaultNaN : sign | kInfinity;
  if (isZero(a) || isZero(b)) return sign;
  Unpacked x = unpack(a), y = unpack(b);
  // The product, in [2^104, 2^106), is worth p * 2^(ex + ey - 2150); its top 63 bits, jammed,
  // are m * 2^(e - 1085) with e = ex + ey - 1022.
  U128 p = multiply(x.sig, y.sig);
  uint64_t m = (p.hi << 21 | p.lo >> 43) | ((p.lo << 21) != 0);
  return normalizeRoundPack(sign, x.e + y.e - 1022, m);
}

SOFTDOUBLE_FN uint64_t div(uint64_t a, uint64_t b) {
  if (isNaN(a) || isNaN(b)) return propagateNaN(a, b);
  const uint64_t sign = (a ^ b) & kSignBit;
  if (isInf(a)) return isInf(b) ? kDefaultNaN : sign | kInfinity;
  if (isInf(b)) return sign;
  if (isZero(b)) return isZero(a) ? kDefaultNaN : sign | kInfinity;
  if (isZero(a)) return sign;
  Unpacked x = unpack(a), y = unpack(b);
  uint64_t remainder = x.sig;
  int e = x.e - y.e + 1023;
  if (remainder < y.sig) {
    remainder <<= 1;
    --e;
  }
  // Restoring division: 55 quotient bits (53, a guard and a round bit), the rest as a sticky bit.
  uint64_t q = 0;
  for (int i = 0; i < 55; ++i) {
    q <<= 1;
    if (remainder >= y.sig) {
      remainder -= y.sig;
      q |= 1;
    }
    remainder <<= 1;
  }
  return roundPackDouble(sign, e, q << 8 | (remainder != 0));
}

SOFTDOUBLE_FN uint64_t sqrt(uint64_t a) {
  if (isNaN(a)) return quiet(a);
  if (isZero(a)) return a;
  if (a & kSignBit) return kDefaultNaN;
  if (isInf(a)) return a;
  Unpacked x = unpack(a);
  // a = sig * 2^exponent with an even exponent: sig in [2^52, 2^54).
  int exponent = x.e - 1075;
  uint64_t sig = x.sig;
  if (exponent & 1) {
    sig <<= 1;
    --exponent;
  }
  // Digit by digit square root of sig * 2^56 (110 bits): 55 root bits, the remainder's
  // nonzero-ness as the sticky bit.
  uint64_t root = 0, remainder = 0;
  for (int i = 54; i >= 0; --i) {
    int position = 2 * i - 56;
    uint64_t pair = position >= 0 ? (sig >> position) & 3 : 0;
    remainder = remainder << 2 | pair;
    uint64_t trial = root << 2 | 1;
    root <<= 1;
    if (remainder >= trial) {
      remainder -= trial;
      root |= 1;
    }
  }
  // sqrt(a) = root' * 2^((exponent - 56) / 2), root' in [2^54, 2^55); m = root' * 2^8.
  return roundPackDouble(0, ((exponent - 56) >> 1) + 1077, root << 8 | (remainder != 0));
}

SOFTDOUBLE_FN uint64_t fma(uint64_t a, uint64_t b, uint64_t c) {
  if (isNaN(a) || isNaN(b)) return propagateNaN(a, b);
  const uint64_t productSign = (a ^ b) & kSignBit;
  const bool productZero = isZero(a) || isZero(b);
  if (isInf(a) || isInf(b)) {
    if (productZero) return kDefaultNaN;
    if (isNaN(c)) return quiet(c);
    return isInf(c) && (c & kSignBit) != productSign ? kDefaultNaN : productSign | kInfinity;
  }
  if (isNaN(c)) return quiet(c);
  if (isInf(c)) return c;
  if (productZero) return isZero(c) ? (productSign & c) : c;
  if (isZero(c)) return mul(a, b);
  Unpacked x = unpack(a), y = unpack(b), z = unpack(c);
  // The product p * 2^(ex + ey - 2150), p < 2^106, and c's significand at bits 125..73, both
  // scaled up to 128 bits: product = P * 2^(ex + ey - 2170), addend = C * 2^(ez - 1148).
  U128 product = shiftLeft128(multiply(x.sig, y.sig), 20);
  U128 addend = {z.sig << 9, 0};
  int productExponent = x.e + y.e - 2170, addendExponent = z.e - 1148;
  int exponent = productExponent;
  if (productExponent >= addendExponent) addend = shiftRightJam128(addend, productExponent - addendExponent);
  else {
    product = shiftRightJam128(product, addendExponent - productExponent);
    exponent = addendExponent;
  }
  U128 sum;
  uint64_t sign = productSign;
  if (productSign == (c & kSignBit)) sum = add128(product, addend);
  else if (less128(product, addend)) {
    sum = sub128(addend, product);
    sign = c & kSignBit;
  } else {
    sum = sub128(product, addend);
  }
  if (sum.hi == 0 && sum.lo == 0) return 0; // exact cancellation: +0 when rounding to nearest
  // Leading bit at 127 - zeros; m holds it at bit 62: value = m * 2^(exponent + lead - 62).
  int lead = 127 - leadingZeros128(sum);
  uint64_t m = lead >= 62 ? shiftRightJam128(sum, lead - 62).lo : sum.lo << (62 - lead);
  return roundPackDouble(sign, exponent + lead - 62 + 1085, m);
}

// C's fmod (LLVM's frem): a - trunc(a / b) * b, exact, with a's sign.
SOFTDOUBLE_FN uint64_t fmod(uint64_t a, uint64_t b) {
  if (isNaN(a) || isNaN(b)) return propagateNaN(a, b);
  if (isInf(a) || isZero(b)) return kDefaultNaN;
  if (isInf(b) || isZero(a) || (a & ~kSignBit) < (b & ~kSignBit)) return a;
  const uint64_t sign = a & kSignBit;
  Unpacked x = unpack(a), y = unpack(b);
  // Binary long division keeping only the remainder: r * 2^(ey - 1075) at the end.
  uint64_t r = x.sig;
  if (r >= y.sig) r -= y.sig;
  for (int i = x.e - y.e; i > 0; --i) {
    r <<= 1;
    if (r >= y.sig) r -= y.sig;
  }
  if (r == 0) return sign;
  return normalizeRoundPack(sign, y.e + 10, r); // exact: the remainder is representable
}

// Ordering of a and b. In the order of the bits of LLVM's fcmp predicate codes (equal 1, greater 2,
// less 4, unordered 8), so that predicate >> compare(a, b) & 1 is the comparison's result.
enum Order : uint32_t { kEqual = 0, kGreater = 1, kLess = 2, kUnordered = 3 };
SOFTDOUBLE_FN int64_t orderKey(uint64_t a) {
  if (isZero(a)) return 0;
  return a & kSignBit ? -int64_t(a & ~kSignBit) : int64_t(a);
}
SOFTDOUBLE_FN uint32_t compare(uint64_t a, uint64_t b) {
  if (isNaN(a) || isNaN(b)) return kUnordered;
  int64_t x = orderKey(a), y = orderKey(b);
  return x < y ? kLess : x == y ? kEqual : kGreater;
}

// float <-> double.
SOFTDOUBLE_FN uint64_t fromFloat(uint32_t f) {
  const uint64_t sign = uint64_t(f & 0x80000000u) << 32;
  const uint32_t magnitude = f & 0x7fffffffu;
  if (magnitude > 0x7f800000u) return sign | kInfinity | kQuietBit | uint64_t(magnitude & 0x3fffff) << 29;
  if (magnitude == 0x7f800000u) return sign | kInfinity;
  if (magnitude == 0) return sign;
  int e = int(magnitude >> 23);
  uint64_t fraction = magnitude & 0x7fffff;
  if (e == 0) { // subnormal: normalise
    int shift = __builtin_clz(uint32_t(fraction)) - 8;
    fraction = (fraction << shift) & 0x7fffff;
    e = 1 - shift;
  }
  return sign | uint64_t(e - 127 + 1023) << 52 | fraction << 29;
}
SOFTDOUBLE_FN uint32_t toFloat(uint64_t a) {
  const uint32_t sign = uint32_t(a >> 32) & 0x80000000u;
  if (isNaN(a)) return sign | 0x7fc00000u | uint32_t((a & kFractionMask) >> 29);
  if (isInf(a)) return sign | 0x7f800000u;
  if (isZero(a)) return sign;
  Unpacked x = unpack(a);
  // value = sig * 2^(e - 1075) = (sig << 10) * 2^((e - 1023 + 127) - 127 - 62).
  return roundPack<23, 0xff, uint32_t>(sign, x.e - 1023 + 127, x.sig << 10);
}

SOFTDOUBLE_FN uint32_t toHalf(uint64_t a) {
  const uint32_t sign = uint32_t(a >> 48) & 0x8000u;
  if (isNaN(a)) return sign | 0x7e00u | uint32_t((a & kFractionMask) >> 42);
  if (isInf(a)) return sign | 0x7c00u;
  if (isZero(a)) return sign;
  Unpacked x = unpack(a);
  return roundPack<10, 0x1f, uint32_t>(sign, x.e - 1023 + 15, x.sig << 10);
}

// Integers -> double.
SOFTDOUBLE_FN uint64_t fromUnsigned(uint64_t u) {
  if (u == 0) return 0;
  // u = m * 2^(e - 1085) with m < 2^63: the top bit of a large u halves it, its last bit jammed.
  return u >> 63 ? normalizeRoundPack(0, 1086, u >> 1 | (u & 1)) : normalizeRoundPack(0, 1085, u);
}
SOFTDOUBLE_FN uint64_t fromSigned(int64_t i) {
  uint64_t magnitude = i < 0 ? 0 - uint64_t(i) : uint64_t(i);
  return fromUnsigned(magnitude) | (i < 0 ? kSignBit : 0);
}

// double -> integers, truncating; out of range and NaN saturate to the bounds (NaN to 0), as
// llvm.fptosi.sat / llvm.fptoui.sat define it (plain fptosi/fptoui leave those cases undefined).
SOFTDOUBLE_FN int64_t toSignedSaturated(uint64_t a, int64_t lowest, int64_t highest) {
  if (isNaN(a)) return 0;
  const bool negative = a & kSignBit;
  int e = biasedExponent(a);
  if (e < 1023) return 0; // |a| < 1
  if (e >= 1023 + 63) return negative ? lowest : highest;
  uint64_t sig = (a & kFractionMask) | kHiddenBit;
  uint64_t magnitude = e >= 1075 ? sig << (e - 1075) : sig >> (1075 - e);
  if (negative) {
    if (magnitude > 0 - uint64_t(lowest)) return lowest;
    return int64_t(0 - magnitude);
  }
  return magnitude > uint64_t(highest) ? highest : int64_t(magnitude);
}
SOFTDOUBLE_FN uint64_t toUnsignedSaturated(uint64_t a, uint64_t highest) {
  if (isNaN(a)) return 0;
  int e = biasedExponent(a);
  if (e < 1023) return 0; // |a| < 1, -0.99 included
  if (a & kSignBit) return 0;
  if (e >= 1023 + 64) return highest;
  uint64_t sig = (a & kFractionMask) | kHiddenBit;
  uint64_t magnitude = e >= 1075 ? sig << (e - 1075) : sig >> (1075 - e);
  return magnitude > highest ? highest : magnitude;
}

// Rounding to an integral value: the mode of floor, ceil, trunc, round (half away from zero) and
// roundeven/rint/nearbyint (half to even, the default rounding mode).
enum Rounding : uint32_t { kFloor = 0, kCeil = 1, kTrunc = 2, kRoundHalfAway = 3, kRoundHalfEven = 4 };
SOFTDOUBLE_FN uint64_t roundToIntegral(uint64_t a, uint32_t mode) {
  if (isNaN(a)) return quiet(a);
  const int e = biasedExponent(a);
  if (e >= 1075) return a; // integral already (or infinite)
  const uint64_t sign = a & kSignBit;
  const bool negative = sign != 0;
  if (e < 1023) { // |a| < 1
    if (isZero(a)) return a;
    const uint64_t one = 0x3ff0000000000000ull;
    bool up = mode == kFloor ? negative : mode == kCeil ? !negative
            : mode == kRoundHalfAway ? e == 1022 // |a| >= 0.5
            : mode == kRoundHalfEven ? (e == 1022 && (a & kFractionMask) != 0) : false;
    return sign | (up ? one : 0);
  }
  const int fractionalBits = 1075 - e; // 1..52
  const uint64_t unit = uint64_t(1) << fractionalBits, mask = unit - 1;
  const uint64_t fraction = a & mask;
  if (fraction == 0) return a;
  uint64_t truncated = a & ~mask;
  const uint64_t half = unit >> 1;
  bool away = mode == kFloor ? negative : mode == kCeil ? !negative
            : mode == kRoundHalfAway ? fraction >= half
            : mode == kRoundHalfEven ? (fraction > half || (fraction == half && (truncated & unit))) : false;
  // Adding one unit to the magnitude's bits carries into the exponent when needed.
  return away ? truncated + unit : truncated;
}

// llvm.minnum/maxnum (a NaN operand yields the other), llvm.minimum/maximum (NaNs propagate);
// -0 orders below +0 in both.
SOFTDOUBLE_FN uint64_t minMax(uint64_t a, uint64_t b, bool wantMax, bool propagateNaNs) {
  if (isNaN(a) || isNaN(b)) {
    if (propagateNaNs || (isNaN(a) && isNaN(b))) return propagateNaN(a, b);
    return isNaN(a) ? b : a;
  }
  const int64_t x = orderKey(a), y = orderKey(b);
  const bool aBelow = x < y || (x == y && (a & kSignBit) && !(b & kSignBit));
  return aBelow == wantMax ? b : a;
}

// x * 2^n, rounded once.
SOFTDOUBLE_FN uint64_t ldexp(uint64_t a, int n) {
  if (isNaN(a)) return quiet(a);
  if (isInf(a) || isZero(a)) return a;
  if (n > 4000) n = 4000; // beyond any exponent: keeps the sum below int's range
  if (n < -4000) n = -4000;
  Unpacked x = unpack(a);
  return roundPackDouble(a & kSignBit, x.e + n, x.sig << 10);
}

// frexp: a = mantissa * 2^exponent with 0.5 <= |mantissa| < 1; zeros, infinities and NaNs have
// exponent 0 and are their own mantissa (a NaN quieted).
SOFTDOUBLE_FN uint64_t frexpMantissa(uint64_t a) {
  if (isNaN(a)) return quiet(a);
  if (isInf(a) || isZero(a)) return a;
  Unpacked x = unpack(a);
  return (a & kSignBit) | uint64_t(1022) << 52 | (x.sig & kFractionMask);
}
SOFTDOUBLE_FN int frexpExponent(uint64_t a) {
  if (isNaN(a) || isInf(a) || isZero(a)) return 0;
  return unpack(a).e - 1022;
}

// The llvm.is.fpclass bit of a: signalling NaN 1, quiet NaN 2, -inf 4, -normal 8, -subnormal 16,
// -0 32, +0 64, +subnormal 128, +normal 256, +inf 512.
SOFTDOUBLE_FN uint32_t fpClass(uint64_t a) {
  const bool negative = a & kSignBit;
  if (isNaN(a)) return a & kQuietBit ? 2 : 1;
  if (isInf(a)) return negative ? 4 : 512;
  if (isZero(a)) return negative ? 32 : 64;
  if (biasedExponent(a) == 0) return negative ? 16 : 128;
  return negative ? 8 : 256;
}

} // namespace softdouble
