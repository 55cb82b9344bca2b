// e2e.rocrand: rocRAND's device API (rocrand_test.h) against host references written from each
// generator's definition: every raw value and every uniform float bit for bit, for many seeds,
// subsequences and offsets (odd ones, and offsets that rocRAND reaches through its jump tables).
#include "rocrand_host_generators.h"
#include "rocrand_test.h"

#include <cstring>

namespace {

using namespace host;

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

int main(int argc, char **argv) {
  if (argc > 1 && std::strcmp(argv[1], "--distributions") == 0) {
    check_float_distributions();
    check_double_distributions();
    return e2e::finish("rocrand --distributions");
  }
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
