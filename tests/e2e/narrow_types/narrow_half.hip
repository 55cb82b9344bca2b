// __half arithmetic (each operation rounded to half), conversions in both directions with
// subnormals, infinities and NaN, and half arrays written by neighbouring lanes.
#include "narrow_types.h"

#include <hip/hip_fp16.h>

#include <cstring>
#include <limits>

namespace {

__global__ void half_ops(const __half *a, const __half *b, __half *sum, __half *product, __half *quotient, __half *fused, float *widened, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  __half x = a[i], y = b[i];
  sum[i] = __hadd(x, y);
  product[i] = __hmul(x, y);
  quotient[i] = __hdiv(x, y);
  fused[i] = __hfma(x, y, __hsub(x, y));
  widened[i] = __half2float(x) + __half2float(y);
}

// The same with the compiler's own _Float16 (LLVM half: native 16-bit floats where the device has
// them), a _Float16 parameter and conversions from float and int. The fma is exactly rounded on
// every device (Vulkan's need not be).
__global__ void float16_ops(const _Float16 *a, const _Float16 *b, _Float16 *out, _Float16 bias, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  _Float16 x = a[i], y = b[i];
  _Float16 sum = x + y, product = x * y, quotient = x / y, difference = x - y;
  out[6 * i + 0] = sum;
  out[6 * i + 1] = product;
  out[6 * i + 2] = quotient;
  out[6 * i + 3] = __builtin_fmaf16(x, y, difference);
  out[6 * i + 4] = _Float16(float(x) * 3.0f) + bias;
  out[6 * i + 5] = _Float16(i * 37 - 2000);
}

// Every half divided by divisors chosen for hard roundings (powers of two give exact ties in the
// subnormal range, 1 - 2^-11 and 3 long binary expansions, zeros, infinities and NaN), and the
// square root of every half: / and sqrt are decided exactly on every device, also without 64-bit
// floats.
constexpr uint16_t kDivisors[] = {0x4000, 0x6400, 0x0001, 0x3bff, 0x4200, 0xae66, 0x7bff, 0x03ff, 0x3c01,
                                  0x0000, 0x8000, 0x7c00, 0xfc00, 0x7e00};
constexpr int kDivisorCount = int(sizeof kDivisors / sizeof kDivisors[0]);
__global__ void float16_divide_and_root(const _Float16 *divisors, _Float16 *quotients, _Float16 *roots) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= 65536) return;
  unsigned short bits = (unsigned short)i;
  _Float16 x;
  __builtin_memcpy(&x, &bits, 2);
  for (int d = 0; d < kDivisorCount; ++d) quotients[d * 65536 + i] = x / divisors[d];
  roots[i] = __builtin_sqrtf16(x);
}

__global__ void floats_to_half(const float *in, __half *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = __float2half(in[i]);
}

// Host reference: half bits <-> float as IEEE defines them; rounding to nearest even, of v + e
// when v is a double and e the (exact) error left over from computing it.
float half_to_float(uint16_t h) {
  int exponent = (h >> 10) & 0x1f, mantissa = h & 0x3ff;
  float magnitude = exponent == 0x1f ? (mantissa ? std::numeric_limits<float>::quiet_NaN() : std::numeric_limits<float>::infinity())
                    : exponent ? std::ldexp(float(mantissa + 1024), exponent - 25)
                               : std::ldexp(float(mantissa), -24);
  return h & 0x8000 ? -magnitude : magnitude;
}
uint16_t double_to_half(double v, double e = 0) {
  uint16_t sign = std::signbit(v) ? 0x8000 : 0;
  double a = std::fabs(v);
  if (std::isnan(v)) return uint16_t(sign | 0x7e00);
  if (std::isinf(v)) return uint16_t(sign | 0x7c00);
  int exponent = 0;
  double scaled;
  if (a < 0x1p-14) {
    scaled = a * 0x1p24; // subnormal: in units of 2^-24
  } else {
    std::frexp(a, &exponent); // a in [2^(exponent-1), 2^exponent)
    scaled = std::ldexp(a, 11 - exponent);
  }
  double q = std::nearbyint(scaled);
  if (scaled - std::floor(scaled) == 0.5 && e != 0) q = (e > 0) == (v > 0) ? std::ceil(scaled) : std::floor(scaled);
  uint32_t magnitude = a < 0x1p-14 ? uint32_t(q) : (uint32_t(exponent + 14) << 10) + (uint32_t(q) - 1024);
  return uint16_t(sign | std::min<uint32_t>(magnitude, 0x7c00));
}
uint16_t bits_of(__half h) {
  uint16_t b;
  std::memcpy(&b, &h, 2);
  return b;
}
__half half_of(uint16_t b) {
  __half h;
  std::memcpy(&h, &b, 2);
  return h;
}
bool check_half(const char *what, long long i, uint16_t got, uint16_t want) {
  bool nans = (got & 0x7fff) > 0x7c00 && (want & 0x7fff) > 0x7c00;
  if (got == want || nans) return true;
  char g[16], w[16];
  std::snprintf(g, sizeof g, "0x%04x", got);
  std::snprintf(w, sizeof w, "0x%04x", want);
  e2e::report_mismatch(what, i, g, w);
  return false;
}
bool check_float(const char *what, long long i, float got, float want) {
  if (std::isnan(got) && std::isnan(want)) return true;
  return e2e::expect_eq(what, i, got, want);
}

void check_half_ops() {
  const int n = 1031;
  std::vector<__half> a(n), b(n), sum(n), product(n), quotient(n), fused(n);
  std::vector<float> widened(n);
  for (int i = 0; i < n; ++i) {
    // Every exponent, subnormals and specials included.
    a[i] = half_of(uint16_t(pattern_byte(i) << 8 | pattern_byte(i + 3)));
    b[i] = half_of(uint16_t(i % 5 == 0 ? 0x3c00 + i : (pattern_byte(i + 17) << 8 | pattern_byte(i + 31))));
  }
  e2e::DeviceBuffer<__half> d_a(n), d_b(n), d_sum(n), d_product(n), d_quotient(n), d_fused(n);
  e2e::DeviceBuffer<float> d_widened(n);
  d_a.upload(a);
  d_b.upload(b);
  half_ops<<<(n + 63) / 64, 64>>>(d_a.ptr, d_b.ptr, d_sum.ptr, d_product.ptr, d_quotient.ptr, d_fused.ptr, d_widened.ptr, n);
  HIP_CHECK_LAUNCH();
  d_sum.download(sum);
  d_product.download(product);
  d_quotient.download(quotient);
  d_fused.download(fused);
  d_widened.download(widened);
  for (int i = 0; i < n; ++i) {
    // + - * of halves are exact in double; / rounds once there (53 >= 2 * 11 + 2 bits make the
    // second rounding innocuous); the fma's sum is exact as double plus its TwoSum error.
    double x = half_to_float(bits_of(a[i])), y = half_to_float(bits_of(b[i]));
    double d = half_to_float(double_to_half(x - y)), p = x * y, s = p + d;
    double error = std::isfinite(s) ? (p - (s - (s - p))) + (d - (s - p)) : 0;
    bool ok = check_half("half add", i, bits_of(sum[i]), double_to_half(x + y)) &&
              check_half("half mul", i, bits_of(product[i]), double_to_half(p)) &&
              check_half("half div", i, bits_of(quotient[i]), double_to_half(x / y)) &&
              check_half("half fma", i, bits_of(fused[i]), double_to_half(s, error)) &&
              check_float("half to float", i, widened[i], float(x) + float(y));
    if (!ok) break;
  }
}

void check_float16_ops() {
  const int n = 1029;
  const uint16_t bias_bits = 0xbc00; // -1
  std::vector<uint16_t> a(n), b(n), out(6 * n);
  for (int i = 0; i < n; ++i) {
    a[i] = uint16_t(pattern_byte(i + 5) << 8 | pattern_byte(i + 8));
    b[i] = uint16_t(i % 7 == 0 ? 0x4000 + i : (pattern_byte(i + 41) << 8 | pattern_byte(i + 2)));
  }
  e2e::DeviceBuffer<_Float16> d_a(n), d_b(n), d_out(6 * n);
  HIP_CHECK(hipMemcpy(d_a.ptr, a.data(), n * 2, hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(d_b.ptr, b.data(), n * 2, hipMemcpyHostToDevice));
  _Float16 bias;
  std::memcpy(&bias, &bias_bits, 2);
  float16_ops<<<(n + 63) / 64, 64>>>(d_a.ptr, d_b.ptr, d_out.ptr, bias, n);
  HIP_CHECK_LAUNCH();
  HIP_CHECK(hipMemcpy(out.data(), d_out.ptr, 6 * n * 2, hipMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) {
    double x = half_to_float(a[i]), y = half_to_float(b[i]);
    double d = half_to_float(double_to_half(x - y)), p = x * y, s = p + d;
    double error = std::isfinite(s) ? (p - (s - (s - p))) + (d - (s - p)) : 0;
    double tripled = half_to_float(double_to_half(float(x) * 3.0f));
    bool ok = check_half("_Float16 add", i, out[6 * i], double_to_half(x + y)) &&
              check_half("_Float16 mul", i, out[6 * i + 1], double_to_half(p)) &&
              check_half("_Float16 div", i, out[6 * i + 2], double_to_half(x / y)) &&
              check_half("_Float16 fma", i, out[6 * i + 3], double_to_half(s, error)) &&
              check_half("_Float16 from float, plus a parameter", i, out[6 * i + 4], double_to_half(tripled - 1.0)) &&
              check_half("_Float16 from int", i, out[6 * i + 5], double_to_half(double(i * 37 - 2000)));
    if (!ok) break;
  }
}

void check_division_and_root() {
  std::vector<uint16_t> quotients(kDivisorCount * 65536), roots(65536);
  e2e::DeviceBuffer<_Float16> d_divisors(kDivisorCount), d_quotients(kDivisorCount * 65536), d_roots(65536);
  HIP_CHECK(hipMemcpy(d_divisors.ptr, kDivisors, sizeof kDivisors, hipMemcpyHostToDevice));
  float16_divide_and_root<<<65536 / 256, 256>>>(d_divisors.ptr, d_quotients.ptr, d_roots.ptr);
  HIP_CHECK_LAUNCH();
  HIP_CHECK(hipMemcpy(quotients.data(), d_quotients.ptr, quotients.size() * 2, hipMemcpyDeviceToHost));
  HIP_CHECK(hipMemcpy(roots.data(), d_roots.ptr, roots.size() * 2, hipMemcpyDeviceToHost));
  for (int d = 0; d < kDivisorCount; ++d)
    for (int i = 0; i < 65536; ++i)
      if (!check_half("_Float16 div (every dividend)", d * 65536 + i, quotients[d * 65536 + i],
                      double_to_half(double(half_to_float(uint16_t(i))) / half_to_float(kDivisors[d]))))
        return;
  // The root of a half rounded to double is within 2^-53 relative of the exact root, which is never
  // that close to a half midpoint (no midpoint's square is a half): rounding it to half is exact.
  for (int i = 0; i < 65536; ++i)
    if (!check_half("_Float16 sqrt", i, roots[i], double_to_half(std::sqrt(double(half_to_float(uint16_t(i)))))))
      return;
}

void check_float_to_half() {
  std::vector<float> in;
  for (uint32_t bits = 0x33000000u; bits < 0x47800000u; bits += 0x00012345u) {
    float f;
    std::memcpy(&f, &bits, 4);
    in.push_back(f);
    in.push_back(-f);
  }
  for (float special : {0.0f, -0.0f, 65504.0f, 65519.0f, 65520.0f, 1e9f, 0x1p-24f, 0x1p-25f, 0x1.8p-25f, 0x1p-26f, 0x1.0011p-14f})
    in.push_back(special);
  in.push_back(std::numeric_limits<float>::infinity());
  in.push_back(std::numeric_limits<float>::quiet_NaN());
  const int n = int(in.size());
  std::vector<__half> got(n);
  e2e::DeviceBuffer<float> d_in(n);
  e2e::DeviceBuffer<__half> d_out(n);
  d_in.upload(in);
  floats_to_half<<<(n + 63) / 64, 64>>>(d_in.ptr, d_out.ptr, n);
  HIP_CHECK_LAUNCH();
  d_out.download(got);
  for (int i = 0; i < n; ++i)
    if (!check_half("float to half", i, bits_of(got[i]), double_to_half(in[i]))) break;
}

} // namespace

void run_half_tests() {
  check_half_ops();
  check_float16_ops();
  check_division_and_root();
  check_float_to_half();
}
