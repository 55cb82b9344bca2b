// Host references of rocRAND's generators, written from each generator's definition: the raw
// 32-bit streams of Philox4x32-10, XORWOW and MRG32k3a from rocrand_init(seed, subsequence,
// offset), their uniform floats, and Sobol points. Shared by the raw-value checks (rocrand_main.hip)
// and the distribution checks (rocrand_distributions.hip).
#pragma once

#include "rocrand_test.h"

#include <cstdint>
#include <cstring>
#include <vector>

namespace host {

// ---- Philox4x32-10 (Salmon et al., "Parallel random numbers: as easy as 1, 2, 3"): 128-bit
// counter, 64-bit key, ten rounds. rocRAND's stream for (seed, subsequence, offset): the key is the
// seed, block b of subsequence s has the counter s * 2^64 + b, and the values are the four words
// of each block in turn, from the offset-th.
struct Words4 {
  uint32_t w[4];
};
inline Words4 philox10(unsigned __int128 counter, uint64_t seed) {
  uint32_t c[4] = {uint32_t(counter), uint32_t(counter >> 32), uint32_t(counter >> 64), uint32_t(counter >> 96)};
  uint32_t k0 = uint32_t(seed), k1 = uint32_t(seed >> 32);
  for (int round = 0; round < 10; ++round) {
    const uint64_t p0 = uint64_t(0xD2511F53u) * c[0], p1 = uint64_t(0xCD9E8D57u) * c[2];
    const uint32_t next[4] = {uint32_t(p1 >> 32) ^ c[1] ^ k0, uint32_t(p1), uint32_t(p0 >> 32) ^ c[3] ^ k1, uint32_t(p0)};
    std::memcpy(c, next, sizeof c);
    k0 += 0x9E3779B9u;
    k1 += 0xBB67AE85u;
  }
  return {{c[0], c[1], c[2], c[3]}};
}
inline std::vector<uint32_t> host_philox(const StreamStart &s, int count) {
  std::vector<uint32_t> out;
  for (unsigned long long i = s.offset; int(out.size()) < count; ++i) {
    const unsigned __int128 counter = (static_cast<unsigned __int128>(s.subsequence) << 64) + i / 4;
    out.push_back(philox10(counter, s.seed).w[i % 4]);
  }
  return out;
}

// ---- XORWOW (Marsaglia, "Xorshift RNGs"): five xorshift words and a Weyl sequence. rocRAND's
// seeding mixes the seed's halves into Marsaglia's initial words; a discard is that many steps.
struct Xorwow {
  uint32_t x[5] = {123456789u, 362436069u, 521288629u, 88675123u, 5783321u};
  uint32_t d = 6615241u;
  explicit Xorwow(uint64_t seed) {
    const uint32_t t0 = 1228688033u * (uint32_t(seed) ^ 0x2c7f967fu);
    const uint32_t t1 = 2073658381u * (uint32_t(seed >> 32) ^ 0xa03697cbu);
    x[0] += t0, x[1] ^= t0, x[2] += t1, x[3] ^= t1, x[4] += t0;
    d += t1 + t0;
  }
  uint32_t next() {
    const uint32_t t = x[0] ^ (x[0] >> 2);
    std::memmove(x, x + 1, 4 * sizeof(uint32_t));
    x[4] = (x[4] ^ (x[4] << 4)) ^ (t ^ (t << 1));
    d += 362437u;
    return d + x[4];
  }
};
inline std::vector<uint32_t> host_xorwow(const StreamStart &s, int count) {
  Xorwow g(s.seed);
  for (unsigned long long i = 0; i < s.offset; ++i) g.next();
  std::vector<uint32_t> out(count);
  for (uint32_t &v : out) v = g.next();
  return out;
}

// ---- MRG32k3a (L'Ecuyer, "Good parameters and implementations for combined multiple recursive
// random number generators"): two order-3 recurrences modulo m1 and m2, combined. rocRAND seeds the
// six words from the seed with its own modular products (below, its integer steps) and gives
// rocrand() the combined value in [1, m1] scaled to 32 bits.
constexpr uint64_t kM1 = 4294967087u, kM2 = 4294944443u;
inline uint64_t fold(uint64_t p, uint64_t c) { return c * (p >> 32) + (p & 0xffffffffu); }  // p mod 2^32 - c, partly
inline uint64_t mod_m1(uint64_t p) {
  p = fold(p, 209);
  return p >= kM1 ? p - kM1 : p;
}
inline uint64_t mod_m2(uint64_t p) {
  p = fold(fold(p, 22853), 22853);
  return p >= kM2 ? p - kM2 : p;
}
// (i * j) mod m through a split of i at 2^17 (so the partial products fit 64 bits for j < 2^47).
inline uint64_t mod_mul(uint32_t i, uint64_t j, uint64_t (*mod)(uint64_t)) {
  const uint64_t hi = i / 131072, lo = i % 131072;
  return mod(mod(hi * j) * 131072 + mod(lo * j));
}
// The state is six 32-bit words (a seeding product that is not fully reduced keeps its low 32
// bits), and a step takes 32-bit operands, as rocRAND's do.
struct Mrg32k3a {
  uint32_t g1[3], g2[3];
  explicit Mrg32k3a(uint64_t seed) {
    if (seed == 0) seed = 12345;
    const uint32_t x = uint32_t(seed) ^ 0x55555555u, y = uint32_t((seed >> 32) ^ 0xAAAAAAAAu);
    g1[0] = uint32_t(mod_mul(x, seed, mod_m1)), g1[1] = uint32_t(mod_mul(y, seed, mod_m1)), g1[2] = uint32_t(mod_mul(x, seed, mod_m1));
    g2[0] = uint32_t(mod_mul(y, seed, mod_m2)), g2[1] = uint32_t(mod_mul(x, seed, mod_m2)), g2[2] = uint32_t(mod_mul(y, seed, mod_m2));
  }
  uint32_t next() {  // in [1, m1]
    const uint32_t p1 = uint32_t(mod_m1(uint64_t(1403580u) * g1[1] + uint64_t(810728u) * uint32_t(kM1 - g1[0])));
    g1[0] = g1[1], g1[1] = g1[2], g1[2] = p1;
    const uint32_t p2 = uint32_t(mod_m2(uint64_t(527612u) * g2[2] + uint64_t(1370589u) * uint32_t(kM2 - g2[0])));
    g2[0] = g2[1], g2[1] = g2[2], g2[2] = p2;
    return uint32_t(uint32_t(p1 - p2) + (p1 <= p2 ? kM1 : 0));
  }
};
inline std::vector<uint32_t> host_mrg_values(const StreamStart &s, int count) {  // next(), unscaled
  Mrg32k3a g(s.seed);
  for (unsigned long long i = 0; i < s.offset; ++i) g.next();
  std::vector<uint32_t> out(count);
  for (uint32_t &v : out) v = g.next();
  return out;
}

inline std::vector<uint32_t> host_raw(Generator g, const StreamStart &s, int count) {
  if (g == Generator::Philox) return host_philox(s, count);
  if (g == Generator::Xorwow) return host_xorwow(s, count);
  std::vector<uint32_t> v = host_mrg_values(s, count);
  for (uint32_t &x : v) x = static_cast<uint32_t>((x - 1) * 1.000000048661607);  // (m1 - 1) -> 2^32 - 1
  return v;
}
inline std::vector<float> host_uniform(Generator g, const StreamStart &s, int count) {
  std::vector<float> out;
  if (g == Generator::Mrg32k3a) {
    for (uint32_t v : host_mrg_values(s, count)) out.push_back(static_cast<float>(static_cast<double>(v) * 2.3283065498378288e-10));
  } else {
    const float inv = 2.3283064e-10f;  // 2^-32 as rocRAND rounds it: (0, 1], never 0
    for (uint32_t v : host_raw(g, s, count)) out.push_back(inv + (static_cast<float>(v) * inv));
  }
  return out;
}

// ---- Sobol32/64 (Sobol; Antonov and Saleev's Gray-code order): point i of a dimension is the XOR
// of the direction numbers v[k] for the set bits k of i's Gray code, i ^ (i >> 1).
template <class Word> Word sobol_point(const Word *v, uint64_t i) {
  const uint64_t gray = i ^ (i >> 1);
  Word x = 0;
  for (int k = 0; k < int(8 * sizeof(Word)); ++k)
    if (gray >> k & 1u) x ^= v[k];
  return x;
}

}  // namespace host
