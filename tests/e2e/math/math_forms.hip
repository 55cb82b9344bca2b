// The call forms of the math API give the same results as the C functions, bit for bit, and C99's
// special values are exact; the fast intrinsics are within Vulkan's precision of the accurate ones.
#include "math_test.h"

#include <cmath>
#include <cstring>
#include <algorithm>
#include <cstdio>
#include <limits>
#include <utility>

namespace {

// A __host__ __device__ function and a template, as in real code.
__host__ __device__ float gaussian(float x, float sigma) { return expf(-x * x / (2 * sigma * sigma)); }
template <typename T> __host__ __device__ T logistic(T x) { return T(1) / (T(1) + std::exp(-x)); }

constexpr int kForms = 16;

// The float forms; the forms that compute in double are double_forms' (a kernel of their own: in
// software doubles the two in one kernel were beyond SwiftShader's shader compiler).
__global__ void forms(const float *in, float *out, int n) {
  __shared__ float sines[64];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float x = in[i];
  float *r = out + size_t(i) * kForms;
  r[0] = std::sin(x) - sinf(x);              // std:: overload = C name (0 or NaN)
  r[1] = sin(x) - sinf(x);                   // C++ float overload of sin
  r[3] = gaussian(x, 3.0f) - expf(-x * x / 18.0f);
  r[4] = logistic(x) - 1.0f / (1.0f + expf(-x));
  float c;
  sincosf(x, &sines[threadIdx.x], &c); // through a pointer to shared memory
  r[5] = sines[threadIdx.x] - sinf(x);
  r[6] = c - cosf(x);
  int e;
  r[7] = frexpf(x, &e) - ldexpf(x, -e);
  float whole;
  r[8] = modff(x, &whole) + whole - x;
  r[9] = __expf(x * 1e-2f) / expf(x * 1e-2f) - 1.0f; // fast: within Vulkan's exp2 precision
  r[10] = __sinf(std::fmod(x, 3.0f)) - sinf(std::fmod(x, 3.0f));
  r[11] = (__fdividef(x, 3.0f) - x / 3.0f) / (std::fabs(x) + 1.0f);
  r[12] = __logf(std::fabs(x) + 1.0f) - logf(std::fabs(x) + 1.0f);
  r[13] = __saturatef(x * 0.02f);                                 // raw results, checked bit for bit
  r[14] = __saturatef(std::sqrt(-1.0f - std::fabs(x)));           // NaN to 0
  r[15] = __builtin_amdgcn_fmed3f(x, x * 0.5f - 3.0f, 10.0f - x); // AMD's median of three, variable bounds
}

__global__ void double_forms(const float *in, float *out, double *dout, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float x = in[i];
  double *d = dout + size_t(i) * kForms;
  out[size_t(i) * kForms + 2] = (std::pow(x, 2.0f) - powf(x, 2.0f)) / (powf(x, 2.0f) + 1.0f); // libstdc++'s template may compute in double
  d[0] = pow(2.0f, 3) - 8.0;                  // mixed arguments promote to double
  d[1] = std::sqrt(4) - 2.0;                  // integer argument: double
  d[2] = logistic(double(x)) - 1.0 / (1.0 + exp(-double(x)));
  d[3] = static_cast<double>(lround(x * 0.5f)) - static_cast<double>(llround(double(x * 0.5f)));
  d[4] = static_cast<double>(isnan(x) + isinf(x) * 2 + isfinite(x) * 4 + signbit(x) * 8);
}

// Special values of C99 Annex F: input, function, exact result (tests/math checks the special
// values of every function; these are the forms programs write).
struct Special {
  const char *name;
  int which;
  double x, y, want;
};
constexpr double inf = std::numeric_limits<double>::infinity(), nan = std::numeric_limits<double>::quiet_NaN();
const Special kSpecials[] = {
    {"sin(-0)", 0, -0.0, 0, -0.0},       {"sin(inf)", 0, inf, 0, nan},        {"exp(-inf)", 1, -inf, 0, 0.0},
    {"exp(inf)", 1, inf, 0, inf},        {"log(0)", 2, 0.0, 0, -inf},         {"log(-1)", 2, -1.0, 0, nan},
    {"pow(-0,-1)", 3, -0.0, -1, -inf},   {"pow(1,nan)", 3, 1.0, nan, 1.0},    {"pow(-1,inf)", 3, -1.0, inf, 1.0},
    {"pow(nan,0)", 3, nan, 0.0, 1.0},    {"atan2(-0,-0)", 4, -0.0, -0.0, -M_PI}, {"atan2(0,-1)", 4, 0.0, -1.0, M_PI},
    {"tanh(-inf)", 5, -inf, 0, -1.0},    {"expm1(-0)", 7, -0.0, 0, -0.0},
    {"log1p(-1)", 8, -1.0, 0, -inf},     {"hypot(inf,nan)", 9, inf, nan, inf}, {"fmod(1,0)", 10, 1.0, 0.0, nan},
    {"cbrt(-inf)", 11, -inf, 0, -inf},
    {"exp(709.8)", 1, 709.8, 0, inf},    {"exp(-746)", 1, -746.0, 0, 0.0},
};
constexpr int kSpecialCount = sizeof(kSpecials) / sizeof(kSpecials[0]);

template <int Which, typename T> __device__ T special(T x, T y) {
  if constexpr (Which == 0) return sin(x);
  else if constexpr (Which == 1) return exp(x);
  else if constexpr (Which == 2) return log(x);
  else if constexpr (Which == 3) return pow(x, y);
  else if constexpr (Which == 4) return atan2(x, y);
  else if constexpr (Which == 5) return tanh(x);
  else if constexpr (Which == 7) return expm1(x);
  else if constexpr (Which == 8) return log1p(x);
  else if constexpr (Which == 9) return hypot(x, y);
  else if constexpr (Which == 10) return fmod(x, y);
  else return cbrt(x);
}

// One kernel per function and type, as programs use them: each is its own module, so no driver
// compiles all of them (in software doubles, on devices without Float64) as one function.
template <int Which, typename T> __global__ void specials(const int *which, const double *x, const double *y, T *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n || which[i] != Which) return;
  out[i] = special<Which, T>(T(x[i]), T(y[i]));
}

// Launches each function's kernel; returns the functions whose kernel the runtime refused. Only
// SwiftShader may refuse one, and only in software doubles: its shader compiler dies on some
// (runtime/device/compile_isolation.cpp), which the runtime finds out in a child process.
template <typename T, int... Which>
std::vector<int> launchSpecials(std::integer_sequence<int, Which...>, const int *which, const double *x, const double *y, T *out, int n) {
  std::vector<int> refused;
  auto launch = [&](auto kernel, int function) {
    kernel<<<1, 64>>>(which, x, y, out, n);
    const hipError_t launched = hipGetLastError();
    if (launched == hipErrorNoBinaryForGpu && sizeof(T) == 8 && e2e::soft_double_math_beyond_driver()) refused.push_back(function);
    else HIP_CHECK(launched);
  };
  (launch(specials<Which, T>, Which), ...);
  return refused;
}
constexpr std::integer_sequence<int, 0, 1, 2, 3, 4, 5, 7, 8, 9, 10, 11> kSpecialFunctions;

bool sameValue(double got, double want) {
  return std::isnan(want) ? std::isnan(got) : got == want && std::signbit(got) == std::signbit(want);
}

} // namespace

namespace {
void checkForms(const std::vector<float> &in, e2e::DeviceBuffer<float> &dOut, e2e::DeviceBuffer<double> &dDouble);
int checkSpecials();
} // namespace

int checkCallForms() {
  std::vector<float> in;
  for (float v : {0.0f, -0.0f, 1.0f, -2.5f, 3.14159f, 1e-3f, 50.0f, -77.7f}) in.push_back(v);
  for (int k = 0; k < 180; ++k) in.push_back(-90.0f + float(k) * 1.013f);
  const int n = static_cast<int>(in.size());
  e2e::DeviceBuffer<float> dIn(n), dOut(size_t(n) * kForms);
  e2e::DeviceBuffer<double> dDouble(size_t(n) * kForms);
  dIn.upload(in);
  forms<<<(n + 63) / 64, 64>>>(dIn, dOut, n);
  HIP_CHECK_LAUNCH();
  double_forms<<<(n + 63) / 64, 64>>>(dIn, dOut, dDouble, n);
  HIP_CHECK_LAUNCH();
  HIP_CHECK(hipDeviceSynchronize());
  checkForms(in, dOut, dDouble);
  return checkSpecials();
}

namespace {

void checkForms(const std::vector<float> &in, e2e::DeviceBuffer<float> &dOut, e2e::DeviceBuffer<double> &dDouble) {
  const int n = static_cast<int>(in.size());
  std::vector<float> out(size_t(n) * kForms);
  std::vector<double> dout(size_t(n) * kForms);
  dOut.download(out);
  dDouble.download(dout);
  static const char *names[] = {"std::sin", "sin(float)", "std::pow", "__host__ __device__", "template", "sincosf sin",
                                "sincosf cos", "frexpf", "modff", "__expf", "__sinf", "__fdividef", "__logf"};
  static const double tolerance[] = {0, 0, 2.5e-7, 0, 0, 0, 0, 0, 0, 2e-5, 1e-3, 1e-6, 2e-4};
  for (int i = 0; i < n; ++i) {
    for (int k = 0; k < 13; ++k)
      if (!(std::fabs(out[size_t(i) * kForms + k]) <= tolerance[k])) e2e::expect_eq(names[k], i, out[size_t(i) * kForms + k], 0.0f);
    const float x = in[i], *raw = &out[size_t(i) * kForms];
    const float saturated = x * 0.02f >= 1.0f ? 1.0f : x * 0.02f > 0.0f ? x * 0.02f : 0.0f;
    e2e::expect_eq("__saturatef", i, raw[13], saturated);
    e2e::expect_eq("__saturatef(NaN)", i, raw[14], 0.0f);
    const float a = x * 0.5f - 3.0f, b = 10.0f - x;
    e2e::expect_eq("__builtin_amdgcn_fmed3f", i, raw[15], std::max(std::min(x, a), std::min(std::max(x, a), b)));
    const double *d = &dout[size_t(i) * kForms];
    e2e::expect_eq("pow(float, int)", i, d[0], 0.0);
    e2e::expect_eq("sqrt(int)", i, d[1], 0.0);
    e2e::expect_eq("template double", i, d[2], 0.0);
    e2e::expect_eq("lround/llround", i, d[3], 0.0);
    e2e::expect_eq("classification", i, d[4],
                   double(std::isnan(x) + std::isinf(x) * 2 + std::isfinite(x) * 4 + std::signbit(x) * 8));
  }
}

// C99's special values, in float and in double; returns how many double functions the runtime
// refused (SwiftShader only, launchSpecials).
int checkSpecials() {
  std::vector<int> which(kSpecialCount);
  std::vector<double> xs(kSpecialCount), ys(kSpecialCount);
  for (int i = 0; i < kSpecialCount; ++i) {
    which[i] = kSpecials[i].which;
    xs[i] = kSpecials[i].x;
    ys[i] = kSpecials[i].y;
  }
  e2e::DeviceBuffer<int> dWhich(kSpecialCount);
  e2e::DeviceBuffer<double> dx(kSpecialCount), dy(kSpecialCount), dd(kSpecialCount);
  e2e::DeviceBuffer<float> dfl(kSpecialCount);
  dWhich.upload(which);
  dx.upload(xs);
  dy.upload(ys);
  const std::vector<int> floatRefused = launchSpecials(kSpecialFunctions, dWhich, dx, dy, static_cast<float *>(dfl), kSpecialCount);
  const std::vector<int> refused = launchSpecials(kSpecialFunctions, dWhich, dx, dy, static_cast<double *>(dd), kSpecialCount);
  HIP_CHECK(hipDeviceSynchronize());
  e2e::expect_eq("float special-value kernels refused", 0, int(floatRefused.size()), 0);
  std::vector<float> fres(kSpecialCount);
  std::vector<double> dres(kSpecialCount);
  dfl.download(fres);
  dd.download(dres);
  for (int i = 0; i < kSpecialCount; ++i) {
    const Special &s = kSpecials[i];
    const bool ran = std::find(refused.begin(), refused.end(), s.which) == refused.end();
    if (ran && !sameValue(dres[i], s.want)) e2e::expect_eq(s.name, i, dres[i], s.want);
    // Single precision: the same special value (x rounded to float; exp(709.8f) overflows too).
    const double fwant = std::fabs(s.want) == M_PI ? double(float(s.want)) : s.want;
    if (!sameValue(fres[i], fwant)) e2e::expect_eq((std::string(s.name) + " (float)").c_str(), i, double(fres[i]), fwant);
  }
  for (int function : refused) std::printf("double special values of function %d: refused by the runtime on this device\n", function);
  return int(refused.size());
}

} // namespace
