// Conversions between 64-bit integers and float/double: correctly rounded one way (the host's
// conversions are IEEE round-to-nearest-even), truncating the other.
#include "wide_integers.h"

#include <cstring>

namespace wide {
namespace {

struct Converted {
  float fromSigned, fromUnsigned;
  double dFromSigned, dFromUnsigned;
  long long toSigned;
  unsigned long long toUnsigned;
  long long dToSigned;
  unsigned long long dToUnsigned;
};

__host__ __device__ Converted convert(long long s, unsigned long long u, float f, double d) {
  return {float(s), float(u), double(s), double(u), (long long)f, (unsigned long long)(f < 0 ? -f : f), (long long)d,
          (unsigned long long)(d < 0 ? -d : d)};
}

__global__ void conversions(const long long *s, const float *f, const double *d, Converted *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = convert(s[i], (unsigned long long)s[i], f[i], d[i]);
}

template <typename T> bool same_bits(T x, T y) { return std::memcmp(&x, &y, sizeof x) == 0; }

} // namespace

int check_conversions() {
  const int n = 777;
  std::vector<long long> s = inputs<long long>(n, 5);
  // Integers at the rounding boundaries of float and double: halfway cases and their neighbours.
  const unsigned long long boundaries[] = {(1ull << 24) + 1, (1ull << 53) + 1, (1ull << 63) + (1ull << 39) + 1,
                                           (1ull << 63) + (1ull << 39), (1ull << 40) + (1ull << 15), 0xfffffffffffff800ull,
                                           0xffffffffffffffffull, (1ull << 62) + (1ull << 38) + (1ull << 37)};
  for (size_t i = 0; i < std::size(boundaries); ++i) s[20 + i] = (long long)boundaries[i];
  std::vector<float> f(n);
  std::vector<double> d(n);
  std::vector<unsigned> r = e2e::pseudo_random(n, 77);
  for (int i = 0; i < n; ++i) { // magnitudes from below 1 up to 2^62, both signs
    const double magnitude = std::ldexp(double(r[i]) / 4294967296.0, int(r[i] % 63));
    f[i] = float(i % 2 ? -magnitude : magnitude);
    d[i] = (i % 3 ? magnitude : -magnitude) + double(i) / 7.0;
  }
  e2e::DeviceBuffer<long long> ds(n);
  e2e::DeviceBuffer<float> df(n);
  e2e::DeviceBuffer<double> dd(n);
  e2e::DeviceBuffer<Converted> dout(n);
  ds.upload(s);
  df.upload(f);
  dd.upload(d);
  conversions<<<(n + 63) / 64, 64>>>(ds.ptr, df.ptr, dd.ptr, dout.ptr, n);
  HIP_CHECK_LAUNCH();
  std::vector<Converted> got(n);
  dout.download(got);
  int mismatches = 0;
  for (int i = 0; i < n; ++i) {
    const Converted want = convert(s[i], (unsigned long long)s[i], f[i], d[i]);
    mismatches += !e2e::expect_eq("float(int64)", i, got[i].fromSigned, want.fromSigned) ||
                  !same_bits(got[i].fromSigned, want.fromSigned);
    mismatches += !e2e::expect_eq("float(uint64)", i, got[i].fromUnsigned, want.fromUnsigned);
    mismatches += !e2e::expect_eq("double(int64)", i, got[i].dFromSigned, want.dFromSigned);
    mismatches += !e2e::expect_eq("double(uint64)", i, got[i].dFromUnsigned, want.dFromUnsigned);
    mismatches += !e2e::expect_eq("int64(float)", i, got[i].toSigned, want.toSigned);
    mismatches += !e2e::expect_eq("uint64(|float|)", i, got[i].toUnsigned, want.toUnsigned);
    mismatches += !e2e::expect_eq("int64(double)", i, got[i].dToSigned, want.dToSigned);
    mismatches += !e2e::expect_eq("uint64(|double|)", i, got[i].dToUnsigned, want.dToUnsigned);
  }
  return mismatches;
}

} // namespace wide
