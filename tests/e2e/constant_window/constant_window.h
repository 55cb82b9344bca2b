// __constant__ memory read the way real programs read it: a filter every thread of a block reads
// at the same index (the constant window: a uniform buffer), lookup tables of every width read at
// divergent indices, structs, vectors, a table too large for the window, and symbol copies
// between and inside stream-ordered launches. Each result is compared exactly with the host's
// evaluation of the same expressions.
#pragma once

#include "test_common.h"

#include <cstdint>
#include <vector>

void test_convolution_filters(hipStream_t stream);
void test_constant_tables();

// Floats in [-2, 2) with 12 significant bits, so that products and sums stay far from denormals.
inline std::vector<float> test_floats(size_t n, unsigned seed) {
  std::vector<float> v(n);
  std::vector<unsigned> bits = e2e::pseudo_random(n, seed);
  for (size_t i = 0; i < n; ++i) v[i] = static_cast<float>(static_cast<int>(bits[i] % 4096u) - 2048) / 1024.0f;
  return v;
}
