#include "wide_integers.h"

namespace wide {
namespace {

template <typename T> __global__ void all_ops(const T *a, const T *b, const unsigned *shifts, T *out, size_t n) {
  const size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i < n) apply(a[i], b[i], shifts[i], out + i * kOps);
}

template <typename T> int run(const char *name, unsigned seed) {
  const size_t n = 1021; // odd: the last block is partial
  std::vector<T> a = inputs<T>(n, seed), b = inputs<T>(n, seed + 1);
  std::reverse(b.begin(), b.begin() + 13); // edge cases meet other edge cases
  std::vector<unsigned> shifts = e2e::pseudo_random(n, seed + 2);
  for (size_t i = 0; i < 64 && i < n; ++i) shifts[i] = unsigned(i); // every amount once
  e2e::DeviceBuffer<T> da(n), db(n), dout(n * kOps);
  e2e::DeviceBuffer<unsigned> ds(n);
  da.upload(a);
  db.upload(b);
  ds.upload(shifts);
  all_ops<<<(n + 127) / 128, 128>>>(da.ptr, db.ptr, ds.ptr, dout.ptr, n);
  HIP_CHECK_LAUNCH();
  std::vector<T> got(n * kOps), want(n * kOps);
  dout.download(got);
  for (size_t i = 0; i < n; ++i) apply(a[i], b[i], shifts[i], want.data() + i * kOps);
  int mismatches = 0;
  for (size_t i = 0; i < n * kOps; ++i) mismatches += !e2e::expect_eq(name, (long long)i, got[i], want[i]);
  return mismatches;
}

} // namespace

int check_arithmetic() { return run<int64_t>("int64 arithmetic", 11) + run<uint64_t>("uint64 arithmetic", 23); }

} // namespace wide
