// Device-wide algorithms of a vendor library, measured the same way on both sides: rocPRIM through
// hipvk (device_algorithms.hip) and CUB through CUDA (cuda/device_algorithms.cu). Each side defines
// the API macros (BENCH_MALLOC ...) and the four calls below, each with the library's two-phase
// temporary storage protocol (a first call with null storage asks the size); this file holds the
// sizes, data, timing, host checks and the report, so both measure exactly the same work.
//
// Figures: radix sort of 32-bit keys (and of keys with 32-bit values), a sum and an inclusive
// prefix sum of 32-bit integers; GB/s counts each element's bytes read once and written once (the
// minimum traffic of the operation: a radix sort moves its data several times), as CUB's and
// rocPRIM's own benchmarks report.
#pragma once

#include "bench_common.h"

#include <cstdint>
#include <numeric>

namespace algorithms {

// What each library provides (null temp: store the needed size in `bytes`).
BENCH_ERROR sortKeys(void *temp, size_t &bytes, const uint32_t *in, uint32_t *out, size_t n);
BENCH_ERROR sortPairs(void *temp, size_t &bytes, const uint32_t *keysIn, uint32_t *keysOut, const uint32_t *valuesIn,
                      uint32_t *valuesOut, size_t n);
BENCH_ERROR sum(void *temp, size_t &bytes, const uint32_t *in, uint32_t *out, size_t n);
BENCH_ERROR inclusiveSum(void *temp, size_t &bytes, const uint32_t *in, uint32_t *out, size_t n);

inline void check(BENCH_ERROR e, const char *what) {
  if (e != BENCH_SUCCESS) {
    std::fprintf(stderr, "%s failed: %s\n", what, BENCH_ERROR_STRING(e));
    std::exit(1);
  }
}

template <typename T> struct Buffer {
  T *ptr = nullptr;
  explicit Buffer(size_t n) { check(BENCH_MALLOC(reinterpret_cast<void **>(&ptr), n * sizeof(T) + 1), "allocation"); }
  ~Buffer() { BENCH_FREE(ptr); }
  Buffer(const Buffer &) = delete;
  Buffer &operator=(const Buffer &) = delete;
  void upload(const std::vector<T> &v) { check(BENCH_COPY(ptr, v.data(), v.size() * sizeof(T), BENCH_TO_DEVICE), "upload"); }
  std::vector<T> download(size_t n) const {
    std::vector<T> v(n);
    check(BENCH_COPY(v.data(), ptr, n * sizeof(T), BENCH_TO_HOST), "download");
    return v;
  }
};

inline std::vector<uint32_t> randomWords(size_t n, uint32_t seed) {
  std::vector<uint32_t> v(n);
  uint32_t x = seed | 1u;
  for (auto &w : v) x ^= x << 13, x ^= x >> 17, x ^= x << 5, w = x;
  return v;
}

// The temporary storage `call` needs: what a first call without storage says.
template <typename Call> size_t storageBytes(const char *name, Call call) {
  size_t bytes = 0;
  check(call(nullptr, bytes), name);
  return bytes;
}

// Times `call` (with the temporary storage it asks for) and checks `verify` once.
template <typename Call, typename Verify>
void measure(const char *name, const char *impl, size_t n, double bytesPerElement, int reps, Call call, Verify verify) {
  size_t bytes = storageBytes(name, call);
  Buffer<uint8_t> temp(bytes);
  check(call(temp.ptr, bytes), name);
  check(BENCH_SYNC(), name);
  if (!verify()) {
    std::fprintf(stderr, "%s n=%zu: wrong result\n", name, n);
    std::exit(1);
  }
  const double ms = bench::timeMs(reps, [&] { call(temp.ptr, bytes); }, [] { BENCH_SYNC(); });
  char label[48];
  std::snprintf(label, sizeof label, "%s 2^%d", name, int(std::log2(double(n)) + 0.5));
  std::printf("%-20s %-6s %10.4f ms %10.2f GB/s %10.3f Gelem/s\n", label, impl, ms, double(n) * bytesPerElement / (ms * 1e6),
              double(n) / (ms * 1e6));
}

// `--profile`: each algorithm once at 2^26 (after a first call), untimed, for a library's own
// per-kernel report (rocPRIM: BENCH_DEBUG_SYNCHRONOUS=1).
inline int profile() {
  const size_t n = size_t(1) << 26;
  Buffer<uint32_t> a(n), b(n), c(n), d(n);
  a.upload(randomWords(n, 1));
  c.upload(randomWords(n, 2));
  auto twice = [&](const char *name, auto call) {
    size_t bytes = storageBytes(name, call);
    Buffer<uint8_t> temp(bytes);
    for (int round = 0; round < 2; ++round) {
      std::printf("-- %s 2^26, call %d\n", name, round + 1);
      check(call(temp.ptr, bytes), name);
      check(BENCH_SYNC(), name);
    }
  };
  twice("sort_keys", [&](void *t, size_t &s) { return sortKeys(t, s, a.ptr, b.ptr, n); });
  twice("sort_pairs", [&](void *t, size_t &s) { return sortPairs(t, s, a.ptr, b.ptr, c.ptr, d.ptr, n); });
  twice("reduce", [&](void *t, size_t &s) { return sum(t, s, a.ptr, b.ptr, n); });
  twice("inclusive_scan", [&](void *t, size_t &s) { return inclusiveSum(t, s, a.ptr, b.ptr, n); });
  return 0;
}

inline int run(int argc, char **argv, const char *impl) {
  if (argc > 1 && !std::strcmp(argv[1], "--profile")) return profile();
  const bool small = argc > 1 && !std::strcmp(argv[1], "--small");
  const std::vector<int> sortLogs = small ? std::vector<int>{10, 17} : std::vector<int>{24, 25, 26, 27};
  const std::vector<int> scanLogs = small ? std::vector<int>{10, 17} : std::vector<int>{24, 26, 28};
  const int reps = small ? 2 : 10;
  for (int log : sortLogs) {
    const size_t n = (size_t(1) << log) + (small ? 3 : 0);  // odd sizes in the smoke run
    const std::vector<uint32_t> keys = randomWords(n, 7u + log), values = randomWords(n, 99u + log);
    Buffer<uint32_t> keysIn(n), keysOut(n), valuesIn(n), valuesOut(n);
    keysIn.upload(keys);
    valuesIn.upload(values);
    std::vector<uint32_t> sorted = keys;
    std::sort(sorted.begin(), sorted.end());
    measure("sort_keys", impl, n, 8, reps, [&](void *t, size_t &b) { return sortKeys(t, b, keysIn.ptr, keysOut.ptr, n); },
            [&] { return keysOut.download(n) == sorted; });
    measure("sort_pairs", impl, n, 16, reps,
            [&](void *t, size_t &b) { return sortPairs(t, b, keysIn.ptr, keysOut.ptr, valuesIn.ptr, valuesOut.ptr, n); },
            [&] {
              // Stable: equal keys keep their input order, so each key's value is determined (the
              // order of (key, index) pairs).
              std::vector<uint64_t> order(n);
              for (size_t i = 0; i < n; ++i) order[i] = uint64_t(keys[i]) << 32 | i;
              std::sort(order.begin(), order.end());
              const std::vector<uint32_t> gotValues = valuesOut.download(n);
              for (size_t i = 0; i < n; ++i)
                if (gotValues[i] != values[uint32_t(order[i])]) return false;
              return keysOut.download(n) == sorted;
            });
  }
  for (int log : scanLogs) {
    const size_t n = (size_t(1) << log) + (small ? 5 : 0);
    const std::vector<uint32_t> words = randomWords(n, 3u + log);
    Buffer<uint32_t> in(n), out(n);
    in.upload(words);
    measure("reduce", impl, n, 4, reps, [&](void *t, size_t &b) { return sum(t, b, in.ptr, out.ptr, n); },
            [&] { return out.download(1)[0] == std::accumulate(words.begin(), words.end(), uint32_t(0)); });
    measure("inclusive_scan", impl, n, 8, reps, [&](void *t, size_t &b) { return inclusiveSum(t, b, in.ptr, out.ptr, n); },
            [&] {
              std::vector<uint32_t> want(n);
              std::inclusive_scan(words.begin(), words.end(), want.begin());
              return out.download(n) == want;
            });
  }
  return 0;
}

} // namespace algorithms
