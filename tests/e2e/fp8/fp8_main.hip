// e2e.fp8: hip/hip_fp8.h's conversions in kernels against a host reference written from the
// formats' definitions (OCP's 8-bit floating point specification for E4M3 and E5M2; AMD's FNUZ
// forms: bias one larger, no infinity or negative zero, NaN only 0x80) and ROCm's rules for what lies
// outside them: a finite value above the largest becomes the largest under SATFINITE and, under
// NOSAT, infinity (E5M2) or NaN (the others); infinity stays infinity in E5M2 and is NaN elsewhere.
// The reference rounds by searching the codes for the nearest value (ties to the even code) in long
// double, not by the header's bit arithmetic.
#include "fp8_test.h"

#include <cmath>
#include <cstring>
#include <limits>
#include <random>

namespace {

struct Format {
  int exponent_bits, mantissa_bits, bias;
  bool fnuz;
  unsigned largest_code;  // the largest finite value's code
};
Format format_of(__hip_fp8_interpretation_t f) {
  switch (f) {
  case __HIP_E4M3: return {4, 3, 7, false, 0x7e};
  case __HIP_E5M2: return {5, 2, 15, false, 0x7b};
  case __HIP_E4M3_FNUZ: return {4, 3, 8, true, 0x7f};
  default: return {5, 2, 16, true, 0x7f};
  }
}

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

double value_of(const Format &f, unsigned code) {
  const unsigned sign = code >> 7, magnitude = code & 0x7f;
  const unsigned exponent = magnitude >> f.mantissa_bits, mantissa = magnitude & ((1u << f.mantissa_bits) - 1);
  if (f.fnuz && code == 0x80) return kNaN;
  if (!f.fnuz && f.exponent_bits == 4 && magnitude == 0x7f) return kNaN;
  if (!f.fnuz && f.exponent_bits == 5 && exponent == 31) return mantissa ? kNaN : sign ? -kInf : kInf;
  const double m = exponent == 0 ? double(mantissa) : double(mantissa + (1u << f.mantissa_bits));
  const double magnitude_value = std::ldexp(m, (exponent == 0 ? 1 : int(exponent)) - f.bias - f.mantissa_bits);
  return sign ? -magnitude_value : magnitude_value;
}

unsigned nan_code(const Format &f, bool negative) { return f.fnuz ? 0x80u : (negative ? 0xffu : 0x7fu); }

unsigned reference_encode(__hip_fp8_interpretation_t interp, long double v, bool saturate) {
  const Format f = format_of(interp);
  const bool negative = std::signbit(v);
  const unsigned sign = negative ? 0x80u : 0u;
  if (std::isnan(v)) return nan_code(f, negative);
  if (std::isinf(v)) return interp == __HIP_E5M2 ? sign | 0x7cu : nan_code(f, negative);
  const long double magnitude = std::fabs(v);
  if (magnitude > value_of(f, f.largest_code)) {
    if (f.fnuz) return saturate ? sign | 0x7fu : 0x80u;
    if (interp == __HIP_E4M3) return sign | (saturate ? 0x7eu : 0x7fu);
    return sign | (saturate ? 0x7bu : 0x7cu);
  }
  // Positive codes increase with their values: the last at or below, and the next.
  unsigned below = 0;
  while (below < f.largest_code && value_of(f, below + 1) <= magnitude) ++below;
  unsigned code = below;
  if (value_of(f, below) != magnitude) {
    const long double down = magnitude - value_of(f, below), up = value_of(f, below + 1) - magnitude;
    if (up < down || (up == down && (below & 1))) code = below + 1;
  }
  if (code == 0) return f.fnuz ? 0u : sign;
  return sign | code;
}

uint32_t float_bits(float f) { uint32_t u; std::memcpy(&u, &f, 4); return u; }
float bits_float(uint32_t u) { float f; std::memcpy(&f, &u, 4); return f; }

// A half's encoding of v, which must be a half value (every fp8 value is).
uint16_t half_bits_of(double v) {
  const uint16_t sign = std::signbit(v) ? 0x8000 : 0;
  const double a = std::fabs(v);
  if (std::isinf(a)) return sign | 0x7c00;
  if (a == 0) return sign;
  const int e = std::ilogb(a);
  if (e < -14) return sign | uint16_t(std::ldexp(a, 24));
  return sign | uint16_t((e + 15) << 10) | uint16_t(std::ldexp(a, 10 - e) - 1024);
}
double half_value(uint16_t h) {
  const int e = (h >> 10) & 31, m = h & 1023;
  const double mag = e == 31 ? (m ? kNaN : kInf) : e == 0 ? std::ldexp(m, -24) : std::ldexp(m + 1024, e - 25);
  return (h & 0x8000) ? -mag : mag;
}
double bfloat16_value(uint16_t b) { return double(bits_float(uint32_t(b) << 16)); }

// Floats of every kind: each format's values, the midpoints between neighbours and the floats
// next to them, past the largest, subnormal, zero, infinity, NaN, and random values of every scale.
std::vector<float> float_inputs() {
  std::vector<float> in = {0.0f, -0.0f, kInf, -kInf, std::numeric_limits<float>::quiet_NaN(), -std::numeric_limits<float>::quiet_NaN(),
                           0x1p-149f, -0x1p-149f, 1e-30f, -1e-30f, std::numeric_limits<float>::max(), -std::numeric_limits<float>::max()};
  for (__hip_fp8_interpretation_t interp : kFormats) {
    const Format f = format_of(interp);
    for (unsigned c = 0; c <= f.largest_code; ++c) {
      const float a = float(value_of(f, c));
      const float b = c < f.largest_code ? float(value_of(f, c + 1)) : a + (a - float(value_of(f, c - 1)));  // one step past the largest
      const float mid = (a + b) / 2;
      for (float v : {a, mid, std::nextafter(mid, 0.0f), std::nextafter(mid, float(kInf)), std::nextafter(a, float(kInf))}) {
        in.push_back(v);
        in.push_back(-v);
      }
    }
  }
  std::mt19937 random(8);
  for (int i = 0; i < 3001; ++i) {
    const float v = std::ldexp(1.0f + float(random() % (1u << 23)) / float(1u << 23), int(random() % 60) - 40);
    in.push_back(random() % 2 ? -v : v);
  }
  return in;
}

// Doubles: the floats, and one double step either side of each midpoint (one rounding from double,
// not a double rounding through float, tells them apart from the midpoint itself).
std::vector<double> double_inputs(const std::vector<float> &floats) {
  std::vector<double> in(floats.begin(), floats.end());
  for (__hip_fp8_interpretation_t interp : kFormats) {
    const Format f = format_of(interp);
    for (unsigned c = 0; c < f.largest_code; ++c) {
      const double mid = (value_of(f, c) + value_of(f, c + 1)) / 2;
      for (double v : {std::nextafter(mid, 0.0), std::nextafter(mid, kInf)}) {
        in.push_back(v);
        in.push_back(-v);
      }
    }
  }
  in.push_back(1e-300);
  in.push_back(-1e300);
  return in;
}

template <typename T, typename Value>
void check_encoding(const char *what, const std::vector<T> &in, const std::vector<uint8_t> &got, Value value) {
  const size_t n = in.size();
  for (int fi = 0; fi < kFormatCount; ++fi)
    for (int s = 0; s < 2; ++s)
      for (size_t i = 0; i < n; ++i)
        e2e::expect_eq(what, (long long)((fi * 2 + s) * n + i), unsigned(got[(fi * 2 + s) * n + i]),
                       reference_encode(kFormats[fi], value(in[i]), s == 1));
}

void check_decoding() {
  const Decoded d = device_decode();
  for (int fi = 0; fi < kFormatCount; ++fi) {
    const Format f = format_of(kFormats[fi]);
    for (unsigned c = 0; c < 256; ++c) {
      const size_t i = size_t(fi) * 256 + c;
      const double v = value_of(f, c);
      if (std::isnan(v)) {
        e2e::check(std::isnan(bits_float(d.float_bits[i])), "fp8 NaN decodes to a float NaN");
        e2e::check(std::isnan(half_value(d.half_bits[i])), "fp8 NaN decodes to a half NaN");
        e2e::check(std::isnan(bfloat16_value(d.bfloat16_bits[i])), "fp8 NaN decodes to a bfloat16 NaN");
        continue;
      }
      e2e::expect_eq("fp8 -> float (bits)", (long long)i, d.float_bits[i], float_bits(float(v)));
      e2e::expect_eq("fp8 -> half (bits)", (long long)i, unsigned(d.half_bits[i]), unsigned(half_bits_of(v)));
      e2e::expect_eq("fp8 -> bfloat16 (bits)", (long long)i, unsigned(d.bfloat16_bits[i]), float_bits(float(v)) >> 16);
    }
  }
}

template <typename T>
T clamped(double v) {
  if (std::isnan(v)) return T(0);
  const double low = double(std::numeric_limits<T>::lowest()), high = double(std::numeric_limits<T>::max());
  return v <= low ? std::numeric_limits<T>::lowest() : v >= high ? std::numeric_limits<T>::max() : T(std::trunc(v));
}

void check_types() {
  // No NaN here: the pair and quad negate their input on the device, and Vulkan leaves the sign of
  // a negated NaN open (SwiftShader keeps it); NaN's encodings are checked above.
  std::vector<float> in = {0.0f, -0.0f, 1.0f, -1.5f, 300.0f, -500.0f, 1e6f, 7.0f, 255.75f, -40000.0f, 0.3f, 1e-3f, kInf, -kInf};
  std::mt19937 random(3);
  for (int i = 0; i < 157; ++i) in.push_back(std::ldexp(float(random() % 100000) - 50000.0f, int(random() % 30) - 20));
  const std::vector<TypeResults> got = device_types(in);
  const size_t n = in.size();
  for (int fi = 0; fi < kFormatCount; ++fi) {
    const __hip_fp8_interpretation_t interp = kFormats[fi];
    const Format f = format_of(interp);
    for (size_t i = 0; i < n; ++i) {
      const TypeResults &r = got[fi * n + i];
      const float v = in[i];
      const unsigned scalar = reference_encode(interp, v, true);
      const unsigned quad[4] = {reference_encode(interp, v, true), reference_encode(interp, v / 2, true),
                                reference_encode(interp, -v, true), reference_encode(interp, 2 * v, true)};
      const long long at = (long long)(fi * n + i);
      e2e::expect_eq("fp8 type (SATFINITE)", at, unsigned(r.scalar), scalar);
      e2e::expect_eq("fp8x2 type", at, unsigned(r.pair), scalar | reference_encode(interp, -v, true) << 8);
      e2e::expect_eq("fp8x4 type", at, r.quad, quad[0] | quad[1] << 8 | quad[2] << 16 | quad[3] << 24);
      for (int k = 0; k < 2; ++k) {
        const double want = value_of(f, (r.pair >> (8 * k)) & 0xff);
        if (std::isnan(want)) e2e::check(std::isnan(r.pair_back[k]), "fp8x2 NaN to float2");
        else e2e::expect_eq("fp8x2 to float2", at * 2 + k, float_bits(r.pair_back[k]), float_bits(float(want)));
      }
      for (int k = 0; k < 4; ++k) {
        const double want = value_of(f, (r.quad >> (8 * k)) & 0xff);
        if (std::isnan(want)) e2e::check(std::isnan(r.quad_back[k]), "fp8x4 NaN to float4");
        else e2e::expect_eq("fp8x4 to float4", at * 4 + k, float_bits(r.quad_back[k]), float_bits(float(want)));
      }
      const double value = value_of(f, scalar);
      e2e::expect_eq("fp8 to int", at, r.as_int, clamped<int>(value));
      e2e::expect_eq("fp8 to unsigned char", at, unsigned(r.as_uchar), unsigned(clamped<unsigned char>(value)));
      e2e::expect_eq("fp8 to short", at, int(r.as_short), int(clamped<short>(value)));
      e2e::expect_eq("fp8 to bool", at, int(r.as_bool), int(value != 0));
    }
  }
}

}  // namespace

int main() {
  check_decoding();
  const std::vector<float> floats = float_inputs();
  check_encoding("float -> fp8", floats, device_encode_floats(floats), [](float v) { return (long double)v; });
  const std::vector<double> doubles = double_inputs(floats);
  check_encoding("double -> fp8", doubles, device_encode_doubles(doubles), [](double v) { return (long double)v; });
  std::vector<uint16_t> all16(65536);
  for (unsigned i = 0; i < 65536; ++i) all16[i] = uint16_t(i);
  check_encoding("half -> fp8", all16, device_encode_halves(all16), [](uint16_t h) { return (long double)half_value(h); });
  check_encoding("bfloat16 -> fp8", all16, device_encode_bfloat16s(all16), [](uint16_t b) { return (long double)bfloat16_value(b); });
  check_types();
  return e2e::finish("fp8");
}
