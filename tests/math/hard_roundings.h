// Operands whose correctly rounded quotient (float and double) or square root (float) is hard to
// get: the exact value lies very near a midpoint between two neighbours, so an algorithm that rounds an approximation
// without deciding exactly (compiler/devicelib/float_algorithms.h) gets some of them 1 ulp off.
// Random operands almost never are such (about 2^-20 of them come within 2^-44 of a midpoint).
// Shared by the accuracy harness (tests/math) and the host test of the algorithms
// (tests/unit/compiler/float_algorithms_tests.cpp).
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>
#include <utility>
#include <vector>

namespace hard_roundings {

// `count` pairs X 2^ea / Y 2^eb of T (p-bit X, odd p-bit Y, random exponents within +-100, random
// sign of the dividend) whose quotient lies within 2^-2p relative of a midpoint M 2^-(p+1) (M odd of
// p + 1 bits): Y M = X 2^(p+1) + t for a small odd t, i.e. M = t Y^-1 modulo 2^(p+1).
template <class T, class Generator> std::vector<std::pair<T, T>> quotients(Generator &generator, size_t count) {
  constexpr int p = std::numeric_limits<T>::digits; // 24 or 53
  using Word = std::conditional_t<p <= 24, uint32_t, uint64_t>;
  using Wide = std::conditional_t<p <= 24, uint64_t, unsigned __int128>;
  auto rng = [&generator] { return uint32_t(generator()); };
  auto randomWord = [&rng] {
    Word w = rng();
    if constexpr (p > 24) w = w << 32 | rng();
    return w;
  };
  const Word top = Word(1) << (p - 1);
  std::vector<std::pair<T, T>> cases;
  while (cases.size() < count) {
    const Word Y = top | (randomWord() & (top - 1)) | 1u;
    Word inverse = Y; // Newton's iteration for Y^-1 modulo the word: 3, 6, 12, 24, 48 (, 96) bits
    for (int i = 0; i < (p > 24 ? 6 : 5); ++i) inverse *= 2 - Y * inverse;
    const int t = int(rng() % 64) - 32;
    if (t % 2 == 0) continue;
    const Word M = (Word(t) * inverse) & ((Word(1) << (p + 1)) - 1);
    if (M < (Word(1) << p)) continue;
    const Wide X = (Wide(Y) * M - Wide(int64_t(t))) >> (p + 1);
    if (X < top || X >= Wide(top) * 2) continue;
    const T a = std::ldexp(T(X), int(rng() % 200) - 100), b = std::ldexp(T(Y), int(rng() % 200) - 100);
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
