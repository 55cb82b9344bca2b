// e2e.rocrand: rocRAND's device API (rocrand_test.h) against host references written from each
// generator's definition: every raw value and every uniform float bit for bit, for many seeds,
// subsequences and offsets (odd ones, and offsets that rocRAND reaches through its jump tables).
#include "rocrand_test.h"

#include <cstring>

namespace {

// ---- Philox4x32-10 (Salmon et al., "Parallel random numbers: as easy as 1, 2, 3"): 128-bit
// counter, 64-bit key, ten rounds. rocRAND's stream for (seed, subsequence, offset): the key is the
// seed, block b of subsequence s has the counter s * 2^64 + b, and the values are the four words
// of each block in turn, from the offset-th.
struct Words4 {
  uint32_t w[4];
};
Words4 philox10(unsigned __int128 counter, uint64_t seed) {
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
std::vector<uint32_t> host_philox(const StreamStart &s, int count) {
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
std::vector<uint32_t> host_xorwow(const StreamStart &s, int count) {
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
uint64_t fold(uint64_t p, uint64_t c) { return c * (p >> 32) + (p & 0xffffffffu); }  // p mod 2^32 - c, partly
uint64_t mod_m1(uint64_t p) {
  p = fold(p, 209);
  return p >= kM1 ? p - kM1 : p;
}
uint64_t mod_m2(uint64_t p) {
  p = fold(fold(p, 22853), 22853);
  return p >= kM2 ? p - kM2 : p;
}
// (i * j) mod m through a split of i at 2^17 (so the partial products fit 64 bits for j < 2^47).
uint64_t mod_mul(uint32_t i, uint64_t j, uint64_t (*mod)(uint64_t)) {
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
std::vector<uint32_t> host_mrg_values(const StreamStart &s, int count) {  // next(), unscaled
  Mrg32k3a g(s.seed);
  for (unsigned long long i = 0; i < s.offset; ++i) g.next();
  std::vector<uint32_t> out(count);
  for (uint32_t &v : out) v = g.next();
  return out;
}

std::vector<uint32_t> host_raw(Generator g, const StreamStart &s, int count) {
  if (g == Generator::Philox) return host_philox(s, count);
  if (g == Generator::Xorwow) return host_xorwow(s, count);
  std::vector<uint32_t> v = host_mrg_values(s, count);
  for (uint32_t &x : v) x = static_cast<uint32_t>((x - 1) * 1.000000048661607);  // (m1 - 1) -> 2^32 - 1
  return v;
}
std::vector<float> host_uniform(Generator g, const StreamStart &s, int count) {
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

// Both Sobol generators from direction numbers of our own (any words define a sequence; rocRAND's
// tables are such numbers), offsets around powers of two and near the top of the 32-bit offset.
template <class Word, class Device, class Uniform>
void check_sobol(const char *what, Device device, Uniform uniform_of) {
  constexpr int kDims = 8 * sizeof(Word);
  std::vector<Word> vectors(kDims * 5);
  uint64_t r = 0x2545F4914F6CDD1Dull;
  for (Word &v : vectors) {
    r = r * 6364136223846793005ull + 1442695040888963407ull;
    v = Word(r) ^ Word(r >> 29);
  }
  std::vector<unsigned> dims, offsets;
  for (int t = 0; t < 70; ++t) {
    dims.push_back(unsigned(t % 5));
    offsets.push_back(t % 4 == 0 ? (1u << (t % 32)) - 1u : t % 4 == 1 ? 0xffffff00u + unsigned(t) : unsigned(t * 977));
  }
  const int per_thread = 29;
  std::vector<Word> raw;
  std::vector<float> uniform;
  device(vectors, dims, offsets, per_thread, raw, uniform);
  for (size_t t = 0; t < dims.size(); ++t)
    for (int k = 0; k < per_thread; ++k) {
      const size_t i = t * per_thread + k;
      // rocRAND counts a Sobol32 index in 32 bits, a Sobol64 one in 64.
      const uint64_t index = kDims == 32 ? uint32_t(offsets[t] + uint32_t(k)) : uint64_t(offsets[t]) + uint64_t(k);
      const Word want = sobol_point(&vectors[kDims * dims[t]], index);
      if (!e2e::expect_eq(what, long(i), raw[i], want)) break;
      const float want_uniform = uniform_of(want);
      uint32_t a, b;
      std::memcpy(&a, &uniform[i], 4), std::memcpy(&b, &want_uniform, 4);
      if (!e2e::expect_eq("sobol rocrand_uniform (bits)", long(i), a, b)) break;
    }
  std::printf("%s: %zu streams x %d values match the host\n", what, dims.size(), per_thread);
}

// ---- MTGP32 (Saito and Matsumoto's Mersenne Twister for graphic processors): a state of N = 351
// words in a ring of 1024; each new word is the recurrence of words i, i + 1 and i + pos, and each
// output that word tempered with word i + pos - 1. A block's threads make words offset + t + N
// together, which in thread order is the same sequence.
std::vector<uint32_t> host_mtgp32(MtgpState s, int threads, int rounds) {
  constexpr unsigned kN = 351, kRing = 1023;
  std::vector<uint32_t> out;
  for (int k = 0; k < rounds; ++k) {
    for (int t = 0; t < threads; ++t) {
      const unsigned i = unsigned(s.offset + t);
      uint32_t x = (s.status[i & kRing] & s.mask) ^ s.status[(i + 1) & kRing];
      x ^= x << s.sh1;
      uint32_t y = x ^ (s.status[(i + s.pos) & kRing] >> s.sh2);
      y ^= s.param[y & 15];
      s.status[(i + kN) & kRing] = y;
      uint32_t tw = s.status[(i + s.pos - 1) & kRing];
      tw ^= tw >> 16;
      tw ^= tw >> 8;
      out.push_back(y ^ s.temper[tw & 15]);
    }
    s.offset = int((unsigned(s.offset) + unsigned(threads)) & kRing);
  }
  return out;
}

const char *name(Generator g) { return g == Generator::Philox ? "philox4x32_10" : g == Generator::Xorwow ? "xorwow" : "mrg32k3a"; }

}  // namespace

int main() {
  // Philox against Random123's known answer (counter 0, key 0) first: the reference itself.
  const Words4 kat = philox10(0, 0);
  e2e::check(kat.w[0] == 0x6627e8d5u && kat.w[1] == 0xe169c58du && kat.w[2] == 0xbc57ac4cu && kat.w[3] == 0x9b00dbd8u,
             "philox4x32-10 host reference: Random123's known answer");

  const int per_thread = 37;  // not a multiple of Philox's four
  for (Generator g : {Generator::Philox, Generator::Xorwow, Generator::Mrg32k3a}) {
    // 101 threads: seeds with both halves set, the default seeds' special cases (0), offsets that
    // cross blocks and jump tables (up to 2^20 + 3: the host steps there); Philox also takes
    // subsequences, whose host model is exact at any distance.
    std::vector<StreamStart> starts;
    for (int t = 0; t < 101; ++t) {
      const unsigned long long seed = t == 0 ? 0ull : 0x9E3779B97F4A7C15ull * unsigned(t) ^ (unsigned long long)(t) << 40;
      const unsigned long long offset = t % 7 == 0 ? (1ull << 20) + 3 : (unsigned long long)(t * t % 1001);
      const unsigned long long subsequence = g == Generator::Philox ? (t % 3 == 0 ? (1ull << 63) + t : (unsigned long long)t) : 0;
      starts.push_back({seed, subsequence, offset});
    }
    const std::vector<unsigned> raw = device_raw(g, starts, per_thread);
    const std::vector<float> uni = device_uniform(g, starts, per_thread);
    for (size_t t = 0; t < starts.size(); ++t) {
      const std::vector<uint32_t> want = host_raw(g, starts[t], per_thread);
      const std::vector<float> want_uni = host_uniform(g, starts[t], per_thread);
      for (int k = 0; k < per_thread; ++k) {
        const size_t i = t * per_thread + k;
        if (!e2e::expect_eq(name(g), long(i), raw[i], want[k])) break;
        uint32_t a, b;
        std::memcpy(&a, &uni[i], 4), std::memcpy(&b, &want_uni[k], 4);
        if (!e2e::expect_eq("rocrand_uniform (bits)", long(i), a, b)) break;
      }
    }
    std::printf("%s: %zu streams x %d values match the host\n", name(g), starts.size(), per_thread);
  }

  // XORWOW and MRG32k3a subsequences (2^67 and 2^76 values long) cannot be stepped on the host:
  // within one, an offset must still be the same stream moved along.
  for (Generator g : {Generator::Xorwow, Generator::Mrg32k3a}) {
    const std::vector<StreamStart> starts = {{42, 5, 0}, {42, 5, 11}, {42, 1000003, 0}, {42, 1000003, 11}};
    const std::vector<unsigned> v = device_raw(g, starts, 24);
    for (int k = 0; k < 13; ++k) {
      e2e::expect_eq("subsequence 5, offset 11", k, v[24 + k], v[11 + k]);
      e2e::expect_eq("subsequence 1000003, offset 11", k, v[72 + k], v[48 + 11 + k]);
    }
    e2e::check(v[0] != v[48] && v[0] != host_raw(g, {42, 0, 0}, 1)[0], "subsequences differ");
  }

  // rocrand4: the next four values of the stream, whatever the offset's place in a block.
  {
    std::vector<StreamStart> starts;
    for (int t = 0; t < 8; ++t) starts.push_back({0x1234567890abcdefull + t, (unsigned long long)t * 977, (unsigned long long)t});
    const std::vector<unsigned> quads = device_philox4(starts, 5);
    for (size_t t = 0; t < starts.size(); ++t) {
      const std::vector<uint32_t> want = host_philox(starts[t], 20);
      for (int k = 0; k < 20; ++k)
        if (!e2e::expect_eq("rocrand4 (philox)", long(t * 20 + k), quads[t * 20 + k], want[k])) break;
    }
  }
  check_sobol<uint32_t>("sobol32", device_sobol32, [](uint32_t v) { return 2.3283064e-10f + (static_cast<float>(v) * 2.3283064e-10f); });
  // Sobol64's uniform float: 53 bits of the value in double, rounded to float.
  check_sobol<unsigned long long>("sobol64", device_sobol64, [](unsigned long long v) {
    return static_cast<float>(1.1102230246251565e-16 + static_cast<double>(v >> 11) * 1.1102230246251565e-16);
  });
  // MTGP32: 7 blocks (7 parameter sets) of 256 and of 96 threads, 40 rounds each.
  for (int threads : {256, 96}) {
    std::vector<MtgpState> initial;
    std::vector<unsigned> out;
    const int blocks = 7, rounds = 40;
    device_mtgp32(0x0123456789abcdefull + unsigned(threads), blocks, threads, rounds, initial, out);
    for (int b = 0; b < blocks; ++b) {
      const std::vector<uint32_t> want = host_mtgp32(initial[b], threads, rounds);
      for (size_t i = 0; i < want.size(); ++i)
        if (!e2e::expect_eq("mtgp32", long(b * want.size() + i), out[b * want.size() + i], want[i])) break;
    }
    std::printf("mtgp32: %d blocks of %d threads x %d rounds match the host\n", blocks, threads, rounds);
  }
  return e2e::finish("rocrand");
}
