// Arithmetic and conversions with a chosen rounding, against the host's IEEE arithmetic under
// fesetround (the x86 SSE instructions and glibc's fmaf/sqrtf honour the rounding mode).
#include "math_test.h"

#include <cfenv>
#include <cmath>
#include <cstring>

#pragma STDC FENV_ACCESS ON

namespace {

constexpr int kModes = 4;
constexpr int kFloatOps = 7, kConversions = 6;
constexpr int kPerMode = kFloatOps + kConversions + 2;
const int kHostModes[kModes] = {FE_TONEAREST, FE_TOWARDZERO, FE_UPWARD, FE_DOWNWARD};
const char *kModeNames[kModes] = {"rn", "rz", "ru", "rd"};

template <int Mode> struct Rounded;
#define ROUNDED(MODE, S)                                                                                            \
  template <> struct Rounded<MODE> {                                                                                \
    static __device__ void run(float a, float b, float c, double d, double e, long long l, double *r) {            \
      r[0] = __fadd_##S(a, b);                                                                                      \
      r[1] = __fsub_##S(a, b);                                                                                      \
      r[2] = __fmul_##S(a, b);                                                                                      \
      r[3] = __fdiv_##S(a, b);                                                                                      \
      r[4] = __fsqrt_##S(std::fabs(a));                                                                             \
      r[5] = __fmaf_##S(a, b, c);                                                                                   \
      r[6] = __frcp_##S(b);                                                                                         \
      r[7] = __float2int_##S(a * 1e-30f);                                                                           \
      r[8] = static_cast<double>(__float2ll_##S(c));                                                                \
      r[9] = __int2float_##S(static_cast<int>(l));                                                                  \
      r[10] = __ll2float_##S(l);                                                                                    \
      r[11] = __double2float_##S(d);                                                                                \
      r[12] = __ll2double_##S(static_cast<long long>(static_cast<unsigned long long>(l) * 1237u));                  \
      r[13] = __dadd_##S(d, e);                                                                                     \
      r[14] = __dmul_##S(d, e);                                                                                     \
    }                                                                                                               \
  };
ROUNDED(0, rn)
ROUNDED(1, rz)
ROUNDED(2, ru)
ROUNDED(3, rd)
#undef ROUNDED

__global__ void rounded(const float *f, const double *d, const long long *l, double *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float a = f[i], b = f[(i + 1) % n], c = f[(i + 2) % n];
  double x = d[i], y = d[(i + 1) % n];
  double *r = out + size_t(i) * kModes * kPerMode;
  Rounded<0>::run(a, b, c, x, y, l[i], r);
  Rounded<1>::run(a, b, c, x, y, l[i], r + kPerMode);
  Rounded<2>::run(a, b, c, x, y, l[i], r + 2 * kPerMode);
  Rounded<3>::run(a, b, c, x, y, l[i], r + 3 * kPerMode);
}

// Float to integer in a direction, saturated, NaN to 0 (the intrinsics' documented behaviour).
template <typename I> I toInteger(float x, int mode) {
  double r = mode == 0 ? std::nearbyint(double(x)) : mode == 1 ? std::trunc(double(x)) : mode == 2 ? std::ceil(double(x)) : std::floor(double(x));
  if (std::isnan(r)) return 0;
  if (r >= std::ldexp(1.0, sizeof(I) * 8 - 1)) return std::numeric_limits<I>::max();
  if (r < -std::ldexp(1.0, sizeof(I) * 8 - 1)) return std::numeric_limits<I>::min();
  return static_cast<I>(r);
}

void hostRounded(int mode, float a, float b, float c, double d, double e, long long l, double *r) {
  std::fesetround(kHostModes[mode]);
  volatile float va = a, vb = b, vc = c;
  volatile double vd = d, ve = e;
  volatile int vi = static_cast<int>(l);
  volatile long long vl = l, vl2 = static_cast<long long>(static_cast<unsigned long long>(l) * 1237u);
  r[0] = va + vb;
  r[1] = va - vb;
  r[2] = va * vb;
  r[3] = va / vb;
  r[4] = std::sqrt(std::fabs(float(va)));
  r[5] = std::fmaf(va, vb, vc);
  r[6] = 1.0f / vb;
  std::fesetround(FE_TONEAREST);
  r[7] = toInteger<int>(a * 1e-30f, mode);
  r[8] = static_cast<double>(toInteger<long long>(c, mode));
  std::fesetround(kHostModes[mode]);
  r[9] = static_cast<float>(vi);
  r[10] = static_cast<float>(vl);
  r[11] = static_cast<float>(vd);
  r[12] = static_cast<double>(vl2);
  r[13] = vd + ve;
  r[14] = vd * ve;
  std::fesetround(FE_TONEAREST);
}

} // namespace

void checkRoundedArithmetic(const std::vector<unsigned> &bits) {
  const int n = static_cast<int>(bits.size());
  std::vector<float> f(n);
  std::vector<double> d(n);
  std::vector<long long> l(n);
  for (int i = 0; i < n; ++i) {
    unsigned w = bits[i];
    // Mostly moderate exponents (results that neither overflow nor flush), some anywhere.
    if (i % 4) w = (w & 0x807fffffu) | ((100u + (w >> 23) % 56u) << 23);
    std::memcpy(&f[i], &w, sizeof w);
    if (!std::isfinite(f[i])) f[i] = 1.5f;
    d[i] = double(f[i]) * (1.0 + std::ldexp(double(bits[(i + 7) % n]), -40));
    l[i] = (static_cast<long long>(bits[(i + 3) % n]) << 31) ^ bits[(i + 5) % n];
  }
  f[0] = 0x1.fffffep127f; // overflow of a sum and a product: the directed modes differ
  f[1] = 0x1.fffffep127f;
  f[5] = 1.0f;
  f[6] = 3.0f; // 1/3: inexact in every mode
  e2e::DeviceBuffer<float> df(n);
  e2e::DeviceBuffer<double> dd(n), dout(size_t(n) * kModes * kPerMode);
  e2e::DeviceBuffer<long long> dl(n);
  df.upload(f);
  dd.upload(d);
  dl.upload(l);
  rounded<<<(n + 63) / 64, 64>>>(df, dd, dl, dout, n);
  HIP_CHECK_LAUNCH();
  std::vector<double> out(size_t(n) * kModes * kPerMode);
  dout.download(out);
  static const char *names[kPerMode] = {"__fadd", "__fsub", "__fmul", "__fdiv", "__fsqrt", "__fmaf", "__frcp", "__float2int",
                                        "__float2ll", "__int2float", "__ll2float", "__double2float", "__ll2double", "__dadd", "__dmul"};
  const bool flush = e2e::device_flushes_float_denormals();
  auto denormal = [](float x) { return x != 0.0f && std::fabs(x) < 0x1p-126f; };
  for (int i = 0; i < n; ++i)
    for (int m = 0; m < kModes; ++m) {
      double want[kPerMode];
      hostRounded(m, f[i], f[(i + 1) % n], f[(i + 2) % n], d[i], d[(i + 1) % n], l[i], want);
      // A device that flushes float denormals (its float controls, e.g. NVIDIA's) flushes them as
      // operands too: the float operations of such operands are not compared there.
      // (__float2int's operand is a * 1e-30f, itself possibly subnormal.)
      const bool denormalOperand = denormal(f[i]) || denormal(f[(i + 1) % n]) || denormal(f[(i + 2) % n]) ||
                                   denormal(f[i] * 1e-30f);
      for (int k = 0; k < kPerMode; ++k) {
        const double got = out[(size_t(i) * kModes + m) * kPerMode + k];
        // Operations 0..8 read float operands; 0..6 and 9..11 produce floats.
        const bool floatResult = k < kFloatOps || (k >= kFloatOps + 2 && k < kFloatOps + 5);
        if (flush && ((k < kFloatOps + 2 && denormalOperand) || (floatResult && std::fabs(want[k]) < 0x1p-126))) continue;
        std::string what = std::string(names[k]) + "_" + kModeNames[m];
        if (std::isnan(want[k]) ? !std::isnan(got) : std::memcmp(&got, &want[k], sizeof got) != 0)
          e2e::expect_eq(what.c_str(), i, got, want[k]);
      }
    }
}
