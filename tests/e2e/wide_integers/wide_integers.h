// 64-bit integers and pointers as real programs use them: arithmetic of every kind, conversions
// to and from floating point, size_t indexing and pointers kept in device memory. On a device
// without Int64 (or with HIPVK_DISABLE_FEATURES=int64) the portable modules run them on pairs of
// 32-bit words; every result is compared exactly with the host's.
#pragma once

#include "test_common.h"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <vector>

namespace wide {

// Each element's results: one slot per operation of `apply`.
constexpr int kOps = 20;

// The operations, shared by the kernel and the host reference. Shift amounts are taken modulo
// 64 (C leaves larger ones undefined); divisions avoid zero and the signed overflow.
template <typename T> __host__ __device__ void apply(T a, T b, unsigned s, T *out) {
  using U = std::make_unsigned_t<T>;
  const unsigned n = s & 63;
  const T divisor = b == 0 || (std::is_signed_v<T> && b == T(-1)) ? T(7) : b;
  out[0] = T(U(a) + U(b));
  out[1] = T(U(a) - U(b));
  out[2] = T(U(a) * U(b));
  out[3] = T(U(a) << n);
  out[4] = a >> n; // arithmetic for signed types
  out[5] = T(U(a) >> n);
  out[6] = a & b;
  out[7] = a | b;
  out[8] = a ^ ~b;
  out[9] = a / divisor;
  out[10] = a % divisor;
  out[11] = a < b ? a : b;
  out[12] = a > b ? a : b;
  out[13] = T((a < b) | (a <= b) << 1 | (a > b) << 2 | (a >= b) << 3 | (a == b) << 4 | (a != b) << 5);
  out[14] = T(U(a) * 1000003u + 17u);              // by a constant
  out[15] = a / T(10) + a % T(1000);              // constant divisors
  out[16] = T(U(a) >> 32 | U(a) << 32);           // the halves swapped
  out[17] = T(s) * (a >> 40) - T(int(s) - 31);    // mixed widths
  out[18] = T(__builtin_popcountll((unsigned long long)a) + __builtin_clzll((unsigned long long)a | 1));
  out[19] = T(U(a) * U(a) + (U(b) >> (n / 2)));
}

// Test inputs: pseudo-random 64-bit words with the edge cases at the front.
template <typename T> std::vector<T> inputs(size_t n, unsigned seed) {
  using U = std::make_unsigned_t<T>;
  std::vector<unsigned> words = e2e::pseudo_random(2 * n, seed);
  std::vector<T> v(n);
  const U edges[] = {0, 1, U(-1), U(1) << 31, U(1) << 32, (U(1) << 32) - 1, (U(1) << 32) + 1, U(1) << 63,
                     (U(1) << 63) - 1, U(0xffffffff00000000ull), U(0x00000000ffffffffull), 1000, U(-1000)};
  for (size_t i = 0; i < n; ++i) v[i] = i < std::size(edges) ? T(edges[i]) : T(U(words[2 * i]) << 32 | words[2 * i + 1]);
  return v;
}

int check_arithmetic();
int check_conversions();
int check_pointers();
int check_warp();

} // namespace wide
