// Float operands whose correctly rounded quotient or square root is hard to get: the exact value
// lies very near a midpoint between two floats, so an algorithm that rounds an approximation
// without deciding exactly (compiler/devicelib/float_algorithms.h) gets some of them 1 ulp off.
// Random operands almost never are such (about 2^-20 of them come within 2^-44 of a midpoint).
// Shared by the accuracy harness (tests/math) and the host test of the algorithms
// (tests/unit/compiler/float_algorithms_tests.cpp).
#pragma once

#include <cmath>
#include <cstdint>
#include <utility>
#include <vector>

namespace hard_roundings {

// `count` pairs X 2^ea / Y 2^eb (24-bit X, odd 24-bit Y, random exponents within +-100, random sign
// of the dividend) whose quotient lies within 2^-48 relative of a midpoint M 2^-25 (M odd of 25
// bits): Y M = X 2^25 + t for a small odd t, i.e. M = t Y^-1 modulo 2^25.
template <class Generator> std::vector<std::pair<float, float>> quotients(Generator &generator, size_t count) {
  auto rng = [&generator] { return uint32_t(generator()); };
  std::vector<std::pair<float, float>> cases;
  while (cases.size() < count) {
    const uint32_t Y = (1u << 23) | (rng() & 0x7fffffu) | 1u;
    uint32_t inverse = Y; // Newton's iteration for Y^-1 modulo 2^32: 3, 6, 12, 24, 48 bits
    for (int i = 0; i < 5; ++i) inverse *= 2 - Y * inverse;
    const int t = int(rng() % 64) - 32;
    if (t % 2 == 0) continue;
    const uint32_t M = (uint32_t(t) * inverse) & 0x1ffffffu;
    if (M < (1u << 24)) continue;
    const uint64_t X = (uint64_t(Y) * M - uint64_t(int64_t(t))) >> 25;
    if (X < (1u << 23) || X >= (1u << 24)) continue;
    const float a = std::ldexp(float(X), int(rng() % 200) - 100), b = std::ldexp(float(Y), int(rng() % 200) - 100);
    cases.push_back({rng() & 1 ? -a : a, b});
  }
  return cases;
}

// Up to `count` floats in [1, 4) whose square root lies within 2^-36 relative of a midpoint
// M 2^-24 (M odd of 25 bits): M^2 = X 2^k + t with |t| <= 4096.
inline std::vector<float> squares(size_t count) {
  std::vector<float> cases;
  for (uint64_t M = (1u << 24) + 1; M < (1u << 25) && cases.size() < count; M += 2) {
    const uint64_t square = M * M;
    for (int k : {25, 26}) {
      const uint64_t mask = (uint64_t(1) << k) - 1, low = square & mask;
      if (low > 4096 && mask + 1 - low > 4096) continue;
      const uint64_t X = (square + (mask >> 1)) >> k;
      if (X >= (1u << 23) && X < (1u << 24)) cases.push_back(std::ldexp(float(X), k - 48));
    }
  }
  return cases;
}

} // namespace hard_roundings
