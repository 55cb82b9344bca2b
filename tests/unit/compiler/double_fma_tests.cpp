// The device library's double fma emulation (compiler/devicelib/double_fma.h, what devices whose Fma
// is not fused run), compiled for the host, bit for bit against the host's correctly rounded
// std::fma: random doubles of every kind, and operands of few significant bits whose exact results
// fall into the subnormal range, many of them halfway between two subnormals or next to such a
// point, where rounding the 53-bit result a second time would be wrong.
#include "double_fma.h"

#include <doctest/doctest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <random>

namespace {

bool sameBits(double x, double y) { return std::bit_cast<uint64_t>(x) == std::bit_cast<uint64_t>(y) || (x != x && y != y); }

struct Mismatches {
  long count = 0;
  void check(double a, double b, double c) {
    const double got = doublealg::emulatedFma(a, b, c), want = std::fma(a, b, c);
    if (sameBits(got, want)) return;
    if (++count <= 5) std::printf("fma(%a, %a, %a) = %a, want %a\n", a, b, c, got, want);
  }
};

// A double of `bits` random significant bits (the leading one included) times 2^exponent.
double fewBits(std::mt19937_64 &random, int bits, int exponent) {
  const uint64_t significand = (random() >> (64 - bits)) | uint64_t(1) << (bits - 1) | 1;
  return std::ldexp(double(significand), exponent - bits + 1) * (random() & 1 ? -1.0 : 1.0);
}

// Whether rounding the 53-bit result of the scaled operands (the emulation's result before its
// subnormal rounding) to the subnormal grid would be wrong; false where the scaled c is inexact.
bool roundsTwice(double a, double b, double c) {
  const int e = std::ilogb(a) + std::ilogb(b);
  const double cs = std::ldexp(c, -e);
  if (std::ldexp(cs, e) != c) return false;
  const double once = std::fma(std::ldexp(a, -std::ilogb(a)), std::ldexp(b, -std::ilogb(b)), cs);
  return std::ldexp(once, e) != std::fma(a, b, c);
}

} // namespace

TEST_CASE("double fma emulation: random doubles of every kind, bit for bit against std::fma") {
  std::mt19937_64 random(20261127);
  Mismatches mismatches;
  const double specials[] = {0.0, -0.0, INFINITY, -INFINITY, NAN, 0x1p-1074, -0x1p-1074, 0x1p-1022, 0x1.fffffffffffffp+1023, 1.0};
  for (double a : specials)
    for (double b : specials)
      for (double c : specials) mismatches.check(a, b, c);
  for (int i = 0; i < 2'000'000; ++i) {
    // Raw bits (every exponent, subnormals, infinities and NaN included), then c near -a*b.
    const double a = std::bit_cast<double>(random()), b = std::bit_cast<double>(random());
    mismatches.check(a, b, std::bit_cast<double>(random()));
    const double product = a * b;
    mismatches.check(a, b, -product);
    mismatches.check(a, b, std::nextafter(-product, random() & 1 ? INFINITY : -INFINITY));
  }
  CHECK(mismatches.count == 0);
}

TEST_CASE("double fma emulation: subnormal results, halfway points included, bit for bit against std::fma") {
  std::mt19937_64 random(1074);
  std::uniform_int_distribution<int> bits(1, 40), shift(-1200, -1000), offset(-80, 8);
  Mismatches mismatches;
  long subnormal = 0, hard = 0;
  for (int i = 0; i < 3'000'000; ++i) {
    // a * b of few bits around 2^-1074..2^-1000, c small enough to leave a subnormal result, or
    // cancelling most of the product.
    const int ea = shift(random) / 2, eb = shift(random) - ea;
    const double a = fewBits(random, bits(random), ea), b = fewBits(random, bits(random), eb);
    const double c = i % 2 ? fewBits(random, bits(random), std::max(ea + eb + offset(random), -1074))
                           : -std::fma(a, b, 0.0) + fewBits(random, bits(random), -1074 - bits(random) % 4 + 40) * 0x1p-40;
    mismatches.check(a, b, c);
    const double want = std::fma(a, b, c);
    if (want != 0 && std::fabs(want) < 0x1p-1022) {
      ++subnormal;
      hard += roundsTwice(a, b, c);
    }
  }
  CHECK(mismatches.count == 0);
  // The cases above must include many where the shortcut would be wrong.
  CHECK(subnormal > 1'000'000);
  CHECK(hard > 500);
}
