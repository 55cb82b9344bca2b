// The software doubles of the portable variant (compiler/devicelib/softdouble.h), compiled for the
// host and compared bit for bit with the host's hardware doubles: random bit patterns, operands
// drawn near each other and near the format's edges (subnormals, overflow, cancellation, halfway
// cases), and every pair of special values. A NaN result must be a quiet NaN (IEEE fixes no
// payload); everything else must be the same bits.
#include "softdouble.h"

#include <doctest/doctest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <vector>

namespace {

namespace sd = softdouble;

uint64_t bitsOf(double x) { return std::bit_cast<uint64_t>(x); }
double doubleOf(uint64_t b) { return std::bit_cast<double>(b); }

const std::vector<uint64_t> &specialValues() {
  static const std::vector<uint64_t> values = [] {
    std::vector<uint64_t> v = {
        0, 1, 2, 3, 0x000fffffffffffffull, 0x0008000000000000ull, 0x0010000000000000ull, 0x0010000000000001ull,
        0x001fffffffffffffull, 0x3fe0000000000000ull, 0x3fe0000000000001ull, 0x3fefffffffffffffull, 0x3ff0000000000000ull,
        0x3ff0000000000001ull, 0x3ff8000000000000ull, 0x3fffffffffffffffull, 0x4000000000000000ull, 0x4008000000000000ull,
        0x4330000000000000ull, 0x4330000000000001ull, 0x4340000000000000ull, 0x43e0000000000000ull, 0x43f0000000000000ull,
        0x41e0000000000000ull, 0x41dfffffffc00000ull, 0x7fefffffffffffffull, 0x7fe0000000000000ull, 0x7ff0000000000000ull,
        0x7ff8000000000000ull, 0x7ff0000000000001ull, 0x7ffc000000000123ull, 0x3ca0000000000000ull, 0x3690000000000000ull,
        0x36a0000000000000ull, 0x47efffffe0000000ull, 0x47efffffffffffffull, 0x3810000000000000ull, 0x380fffffffffffffull,
        0x36a0000000000001ull, 0x3e70000000000000ull, 0x4024000000000000ull, 0x3fb999999999999aull, 0x400921fb54442d18ull};
    const size_t n = v.size();
    for (size_t i = 0; i < n; ++i) v.push_back(v[i] | sd::kSignBit);
    return v;
  }();
  return values;
}

// Operands that exercise the hard cases more often than uniform bit patterns do.
struct Operands {
  std::mt19937_64 random{0x5eed};
  uint64_t any() {
    switch (random() % 8) {
    case 0: return specialValues()[random() % specialValues().size()];
    case 1: return random() & 0x800fffffffffffffull;                                  // subnormal
    case 2: return (random() & 0x800fffffffffffffull) | (uint64_t(random() % 64) << 52); // tiny normal
    case 3: return (random() & 0x800fffffffffffffull) | (uint64_t(0x7ff - 1 - random() % 64) << 52); // huge
    case 4: return (random() & 0x800fffffffffffffull) | (uint64_t(1023 - 30 + random() % 60) << 52); // moderate
    case 5: return random() | 0xfffffull; // long runs of ones: rounding carries
    default: return random();
    }
  }
  // An operand close to `a`: cancellation in add/sub, near-halfway quotients.
  uint64_t near(uint64_t a) {
    switch (random() % 4) {
    case 0: return a ^ (random() & 0xff);
    case 1: return (a + (random() % 5) - 2) ^ (random() % 2 ? sd::kSignBit : 0);
    case 2: return (a & 0xfff0000000000000ull) + ((random() % 120) << 52) - (60ull << 52) + (random() & 0xfffffffffffffull);
    default: return any();
    }
  }
  std::pair<uint64_t, uint64_t> pair() {
    uint64_t a = any();
    return {a, random() % 2 ? near(a) : any()};
  }
};

bool sameResult(uint64_t expected, uint64_t actual) {
  if (std::isnan(doubleOf(expected))) return sd::isNaN(actual) && (actual & sd::kQuietBit);
  return expected == actual;
}

std::string hex(uint64_t x) {
  char text[20];
  std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(x));
  return text;
}

constexpr int kRandomOperands = 1000000;

// Checks op against the host on every pair of special values and kRandomOperands random pairs;
// stops at the first mismatch, naming it.
template <typename Soft, typename Host> void checkBinary(const char *name, Soft soft, Host host, int count = kRandomOperands) {
  Operands operands;
  auto check = [&](uint64_t a, uint64_t b) {
    const uint64_t expected = bitsOf(host(doubleOf(a), doubleOf(b))), actual = soft(a, b);
    if (sameResult(expected, actual)) return true;
    FAIL_CHECK(name << "(" << hex(a) << ", " << hex(b) << "): expected " << hex(expected) << ", got " << hex(actual));
    return false;
  };
  for (uint64_t a : specialValues())
    for (uint64_t b : specialValues())
      if (!check(a, b)) return;
  for (int i = 0; i < count; ++i) {
    auto [a, b] = operands.pair();
    if (!check(a, b)) return;
  }
}

} // namespace

TEST_CASE("softdouble: add, sub, mul, div are the host's correctly rounded results") {
  checkBinary("add", sd::add, [](double a, double b) { return a + b; });
  checkBinary("sub", sd::sub, [](double a, double b) { return a - b; });
  checkBinary("mul", sd::mul, [](double a, double b) { return a * b; });
  checkBinary("div", sd::div, [](double a, double b) { return a / b; });
}

TEST_CASE("softdouble: fmod is exact") {
  // The remainder's loop runs once per exponent step between the operands: fewer samples.
  checkBinary("fmod", sd::fmod, [](double a, double b) { return std::fmod(a, b); }, 100000);
}

TEST_CASE("softdouble: sqrt and fma are correctly rounded") {
  Operands operands;
  auto checkSqrt = [](uint64_t a) {
    const uint64_t expected = bitsOf(std::sqrt(doubleOf(a))), actual = sd::sqrt(a);
    if (!sameResult(expected, actual)) FAIL_CHECK("sqrt(" << hex(a) << "): expected " << hex(expected) << ", got " << hex(actual));
  };
  for (uint64_t a : specialValues()) checkSqrt(a);
  for (int i = 0; i < kRandomOperands; ++i) checkSqrt(operands.any());

  auto checkFma = [](uint64_t a, uint64_t b, uint64_t c) {
    const uint64_t expected = bitsOf(std::fma(doubleOf(a), doubleOf(b), doubleOf(c))), actual = sd::fma(a, b, c);
    if (sameResult(expected, actual)) return true;
    FAIL_CHECK("fma(" << hex(a) << ", " << hex(b) << ", " << hex(c) << "): expected " << hex(expected) << ", got " << hex(actual));
    return false;
  };
  for (uint64_t a : specialValues())
    for (uint64_t b : specialValues())
      for (int k = 0; k < 4; ++k)
        if (!checkFma(a, b, specialValues()[(a * 31 + b * 7 + k * 13) % specialValues().size()])) return;
  for (int i = 0; i < kRandomOperands; ++i) {
    auto [a, b] = operands.pair();
    // c often near -a*b, where the sum cancels.
    uint64_t c = operands.random() % 2 ? bitsOf(-(doubleOf(a) * doubleOf(b))) : operands.any();
    if (operands.random() % 2) c = operands.near(c);
    if (!checkFma(a, b, c)) return;
  }
}

TEST_CASE("softdouble: comparisons order like the host's, NaNs unordered") {
  Operands operands;
  auto order = [](double a, double b) -> uint32_t {
    if (std::isunordered(a, b)) return sd::kUnordered;
    return a < b ? sd::kLess : a == b ? sd::kEqual : sd::kGreater;
  };
  for (uint64_t a : specialValues())
    for (uint64_t b : specialValues()) REQUIRE(sd::compare(a, b) == order(doubleOf(a), doubleOf(b)));
  for (int i = 0; i < kRandomOperands; ++i) {
    auto [a, b] = operands.pair();
    REQUIRE(sd::compare(a, b) == order(doubleOf(a), doubleOf(b)));
  }
}

TEST_CASE("softdouble: conversions to and from float, half and integers") {
  Operands operands;
  std::mt19937 random32(7);
  for (int i = 0; i < kRandomOperands; ++i) {
    const uint64_t a = operands.any();
    const float f = static_cast<float>(doubleOf(a));
    const uint32_t narrowed = sd::toFloat(a);
    if (std::isnan(f)) REQUIRE((std::isnan(std::bit_cast<float>(narrowed)) && (narrowed & 0x400000)));
    else REQUIRE_MESSAGE(narrowed == std::bit_cast<uint32_t>(f), "toFloat(" << hex(a) << ")");

    const uint16_t half = std::bit_cast<uint16_t>(static_cast<_Float16>(doubleOf(a))); // GCC rounds it once
    if ((half & 0x7c00) == 0x7c00 && (half & 0x3ff)) REQUIRE((sd::toHalf(a) & 0x7e00) == 0x7e00);
    else REQUIRE_MESSAGE(sd::toHalf(a) == half, "toHalf(" << hex(a) << ")");

    uint32_t floatBits = random32();
    if (i % 4 == 0) floatBits &= 0x807fffff; // subnormal floats
    const double widened = static_cast<double>(std::bit_cast<float>(floatBits));
    if (std::isnan(widened)) REQUIRE(sd::isNaN(sd::fromFloat(floatBits)));
    else REQUIRE(sd::fromFloat(floatBits) == bitsOf(widened));

    const uint64_t integer = operands.random() >> (operands.random() % 64);
    REQUIRE(sd::fromUnsigned(integer) == bitsOf(static_cast<double>(integer)));
    const int64_t signedInteger = static_cast<int64_t>(operands.random()) >> (operands.random() % 64);
    REQUIRE(sd::fromSigned(signedInteger) == bitsOf(static_cast<double>(signedInteger)));
    REQUIRE(sd::fromSigned(int32_t(integer)) == bitsOf(static_cast<double>(int32_t(integer))));

    // Truncation towards zero where it is defined, saturation (NaN -> 0) elsewhere.
    const double x = doubleOf(a);
    const int64_t lowest = std::numeric_limits<int64_t>::min(), highest = std::numeric_limits<int64_t>::max();
    const int64_t expectedSigned = std::isnan(x) ? 0 : x <= -0x1p63 ? lowest : x >= 0x1p63 ? highest : static_cast<int64_t>(x);
    REQUIRE_MESSAGE(sd::toSignedSaturated(a, lowest, highest) == expectedSigned, hex(a));
    const int32_t expected32 = std::isnan(x) ? 0 : x <= -0x1p31 ? INT32_MIN : x >= 0x1p31 ? INT32_MAX : static_cast<int32_t>(x);
    REQUIRE(sd::toSignedSaturated(a, INT32_MIN, INT32_MAX) == expected32);
    const uint64_t expectedUnsigned = std::isnan(x) || x <= -1.0 ? 0 : x >= 0x1p64 ? ~0ull : static_cast<uint64_t>(x);
    REQUIRE_MESSAGE(sd::toUnsignedSaturated(a, ~0ull) == expectedUnsigned, hex(a));
  }
}

TEST_CASE("softdouble: rounding to integers, min/max, ldexp, frexp, classification") {
  Operands operands;
  for (int i = 0; i < kRandomOperands; ++i) {
    const uint64_t a = i < 200 ? specialValues()[i % specialValues().size()] : operands.any();
    const double x = doubleOf(a);
    auto same = [&](uint64_t actual, double expected, const char *what) {
      REQUIRE_MESSAGE(sameResult(bitsOf(expected), actual), (std::string(what) + "(" + hex(a) + ") = " + hex(actual)));
    };
    same(sd::roundToIntegral(a, sd::kFloor), std::floor(x), "floor");
    same(sd::roundToIntegral(a, sd::kCeil), std::ceil(x), "ceil");
    same(sd::roundToIntegral(a, sd::kTrunc), std::trunc(x), "trunc");
    same(sd::roundToIntegral(a, sd::kRoundHalfAway), std::round(x), "round");
    same(sd::roundToIntegral(a, sd::kRoundHalfEven), std::nearbyint(x), "roundeven");
    const int n = int(operands.random() % 4400) - 2200;
    same(sd::ldexp(a, n), std::ldexp(x, n), "ldexp");
    int exponent = 0;
    const double mantissa = std::frexp(x, &exponent);
    same(sd::frexpMantissa(a), mantissa, "frexp");
    if (std::isfinite(x)) REQUIRE(sd::frexpExponent(a) == exponent);
    const int expectedClass = std::isnan(x) ? 2 : std::isinf(x) ? (x < 0 ? 4 : 512) : x == 0 ? (std::signbit(x) ? 32 : 64)
                            : std::fpclassify(x) == FP_SUBNORMAL ? (x < 0 ? 16 : 128) : (x < 0 ? 8 : 256);
    if (!(std::isnan(x) && !(a & sd::kQuietBit))) REQUIRE(sd::fpClass(a) == uint32_t(expectedClass));

    const uint64_t b = operands.near(a);
    const double y = doubleOf(b);
    // fmin/fmax may return either zero; glibc's give NaN for a signalling NaN (IEEE 754-2008),
    // llvm.minnum/maxnum may return the other operand.
    const bool signalling = (sd::isNaN(a) && !(a & sd::kQuietBit)) || (sd::isNaN(b) && !(b & sd::kQuietBit));
    if (!(x == 0 && y == 0) && !signalling) {
      same(sd::minMax(a, b, false, false), std::fmin(x, y), "minnum");
      same(sd::minMax(a, b, true, false), std::fmax(x, y), "maxnum");
    }
    const double minimum = std::isnan(x) || std::isnan(y) ? NAN : x == y ? (std::signbit(x) ? x : y) : std::fmin(x, y);
    const double maximum = std::isnan(x) || std::isnan(y) ? NAN : x == y ? (std::signbit(x) ? y : x) : std::fmax(x, y);
    same(sd::minMax(a, b, false, true), minimum, "minimum");
    same(sd::minMax(a, b, true, true), maximum, "maximum");
  }
  // -0 orders below +0.
  CHECK(sd::minMax(0, sd::kSignBit, false, false) == sd::kSignBit);
  CHECK(sd::minMax(sd::kSignBit, 0, true, true) == 0);
}
