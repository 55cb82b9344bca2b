// Math accuracy harness (see accuracy.h): measures the max ulp error of every function of
// accuracy_cases.def over 2^20 float inputs or 2^17 double inputs each (random bit patterns over
// the whole range, uniform inputs in the function's interesting range, and edge cases: specials,
// range and overflow/underflow thresholds, subnormal boundaries, huge multiples of pi/2, quotients
// and roots next to rounding midpoints), checks special values exactly, and prints a Markdown
// table. Exit status 1 when a bound is exceeded.
//   accuracy [name-filter] [--quick] [--float-only]
#include "accuracy.h"
#include "hard_roundings.h"

#include <hip/hip_runtime.h>

#include <bit>
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <limits>
#include <random>

namespace {

__global__ void halve(float *f, double *d) {
  f[0] *= 0.5f;
  d[0] *= 0.5;
}

// Whether the device flushes subnormal results (float, double): Vulkan leaves it to the driver
// unless the float-controls properties say otherwise; the harness then accepts a flushed result.
void probeDenormals(bool &floatFlush, bool &doubleFlush) {
  float f = FLT_MIN, *df;
  double d = DBL_MIN, *dd;
  (void)hipMalloc(&df, sizeof f);
  (void)hipMalloc(&dd, sizeof d);
  (void)hipMemcpy(df, &f, sizeof f, hipMemcpyHostToDevice);
  (void)hipMemcpy(dd, &d, sizeof d, hipMemcpyHostToDevice);
  halve<<<1, 1>>>(df, dd);
  (void)hipMemcpy(&f, df, sizeof f, hipMemcpyDeviceToHost);
  (void)hipMemcpy(&d, dd, sizeof d, hipMemcpyDeviceToHost);
  (void)hipFree(df);
  (void)hipFree(dd);
  floatFlush = f == 0.0f;
  doubleFlush = d == 0.0;
}

// Distance in ulps between two values of the target type (ordered bit patterns); NaN matches NaN.
double ulpDistance(double a, double b, bool isDouble) {
  if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b) ? 0 : INFINITY;
  auto ordered = [&](double v) -> int64_t {
    if (isDouble) {
      int64_t bits = std::bit_cast<int64_t>(v);
      return bits < 0 ? INT64_MIN - bits : bits;
    }
    int32_t bits = std::bit_cast<int32_t>(float(v));
    return bits < 0 ? int64_t(INT32_MIN) - bits : bits;
  };
  int64_t d = ordered(a) - ordered(b);
  return std::fabs(double(d));
}

bool isSubnormal(double v, bool isDouble) {
  double a = std::fabs(v);
  return a != 0 && a < (isDouble ? DBL_MIN : FLT_MIN);
}

// Edge inputs of one argument.
std::vector<double> edgeInputs(const MathCase &c) {
  const bool d = c.isDouble;
  const double maxv = d ? DBL_MAX : FLT_MAX, minv = d ? DBL_MIN : FLT_MIN, tiny = d ? 0x1p-1074 : 0x1p-149;
  std::vector<double> v = {0.0, -0.0, INFINITY, -INFINITY, NAN, 1.0, -1.0, 0.5, -0.5, 2.0, -2.0, 3.0, -3.0, 10.0, 0.1,
                           maxv, -maxv, minv, -minv, tiny, -tiny, minv - tiny, -(minv - tiny), 1e-7, -1e-7, 100.0, -100.0};
  auto next = [&](double x, double toward) { return d ? std::nextafter(x, toward) : double(std::nextafterf(float(x), float(toward))); };
  for (double t : {c.lo, c.hi, 88.72283935546875, -87.33654022216797, -103.97207641601562, 709.782712893384, -708.3964185322641,
                   -745.1332191019411, 1.0, 0.0, 128.0, -150.0, 1024.0, -1075.0})
    for (double x : {next(t, -INFINITY), t, next(t, INFINITY)}) v.push_back(x);
  // Huge multiples of pi/2 (argument reduction) and their neighbours.
  for (double k : {1.0, 3.0, 7.0, 1e3, 12345.0, 1e6, 1e9, 3e15, 1e22, 1e30, 1e100, 1e300})
    for (double x : {k * M_PI_2, -k * M_PI_2}) {
      double t = d ? x : double(float(x));
      if (!std::isfinite(t)) continue;
      for (double y : {next(t, -INFINITY), t, next(t, INFINITY)}) v.push_back(y);
    }
  return v;
}

struct Result {
  double maxUlp = 0, worstX = 0, worstY = 0, worstGot = 0, worstWant = 0;
  long specialMismatches = 0;
  size_t inputs = 0;
  bool refused = false; // the runtime refused the kernel (runDeviceCase)
};

Result measure(size_t index, const MathCase &c, size_t count, bool flush, std::mt19937_64 &rng) {
  std::vector<double> x, y;
  const std::vector<double> edges = edgeInputs(c);
  for (double a : edges)
    for (double b : c.arity == 2 ? edges : std::vector<double>{1.0}) {
      if (c.domainOnly && !(a >= c.lo && a <= c.hi)) continue;
      x.push_back(a);
      y.push_back(b);
    }
  std::uniform_real_distribution<double> focused(c.lo, c.hi);
  auto randomBits = [&]() -> double {
    for (;;) {
      uint64_t r = rng();
      double v = c.isDouble ? std::bit_cast<double>(r) : double(std::bit_cast<float>(uint32_t(r)));
      if (std::isnan(v)) continue;
      if (c.domainOnly && !(v >= c.lo && v <= c.hi)) v = focused(rng);
      return v;
    }
  };
  auto roundTarget = [&](double v) { return c.isDouble ? v : double(float(v)); };
  while (x.size() < count) {
    const bool wide = x.size() % 2 == 0;
    x.push_back(wide ? randomBits() : roundTarget(focused(rng)));
    y.push_back(c.arity == 2 ? (x.size() % 4 < 2 ? randomBits() : roundTarget(focused(rng))) : 1.0);
  }
  // Besides: operands whose correctly rounded quotient or root is hard to get (random ones almost
  // never are), from a generator of their own (the random inputs of every case stay what they were).
  std::mt19937 hardRng{uint32_t(index)};
  if (!std::strcmp(c.name, "divide"))
    for (auto [a, b] : hard_roundings::quotients<float>(hardRng, 1u << 14)) {
      x.push_back(a);
      y.push_back(b);
    }
  if (!std::strcmp(c.name, "double_divide"))
    for (auto [a, b] : hard_roundings::quotients<double>(hardRng, 1u << 14)) {
      x.push_back(a);
      y.push_back(b);
    }
  if (!std::strcmp(c.name, "sqrtf") || !std::strcmp(c.name, "builtin_sqrtf"))
    for (float a : hard_roundings::squares(1u << 14)) {
      x.push_back(a);
      y.push_back(1.0);
    }
  for (size_t i = 0; i < x.size(); ++i) { // every input is a value of the target type
    x[i] = roundTarget(x[i]);
    y[i] = roundTarget(y[i]);
  }
  std::vector<double> got;
  Result r;
  if (!runDeviceCase(index, x, y, got)) {
    r.refused = true;
    return r;
  }
  r.inputs = x.size();
  for (size_t i = 0; i < x.size(); ++i) {
    const double want = referenceValue(index, x[i], y[i]);
    if (flush && (isSubnormal(x[i], c.isDouble) || isSubnormal(y[i], c.isDouble))) continue; // the device reads them as 0
    // Special values exactly: NaN, infinities and the sign of a zero result.
    bool special = std::isnan(want) || std::isinf(want) || want == 0;
    if (special) {
      bool same = std::isnan(want) ? std::isnan(got[i]) : got[i] == want && std::signbit(got[i]) == std::signbit(want);
      if (!same && !(flush && want == 0 && got[i] == 0)) {
        if (r.specialMismatches++ < 5)
          std::printf("  %s(%a, %a): got %a, want %a\n", c.name, x[i], y[i], got[i], want);
        continue;
      }
    }
    double ulps = ulpDistance(got[i], want, c.isDouble);
    const double leastNormal = c.isDouble ? DBL_MIN : FLT_MIN;
    if (flush && isSubnormal(want, c.isDouble) && (got[i] == 0 || std::fabs(got[i]) == leastNormal))
      ulps = 0; // flushed to zero (or rounded up to the least normal) by the device
    // A result just above the least normal whose last step scaled an intermediate below it (OCML's
    // pow: exp(hi) * (1 + lo), |lo| <= 2^-18) is flushed with that intermediate.
    if (flush && got[i] == 0 && std::fabs(want) >= leastNormal && std::fabs(want) <= leastNormal * (1 + 0x1p-17))
      ulps = 0;
    if (ulps > r.maxUlp) {
      r.maxUlp = ulps;
      r.worstX = x[i];
      r.worstY = y[i];
      r.worstGot = got[i];
      r.worstWant = want;
    }
  }
  return r;
}

} // namespace

int main(int argc, char **argv) {
  const char *filter = nullptr;
  bool quick = false, floatOnly = false;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--quick")) quick = true;
    else if (!std::strcmp(argv[i], "--float-only")) floatOnly = true;
    else filter = argv[i];
  }
  bool floatFlush, doubleFlush;
  probeDenormals(floatFlush, doubleFlush);
  hipDeviceProp_t prop;
  (void)hipGetDeviceProperties(&prop, 0);
  std::printf("device: %s; subnormal results: float %s, double %s\n", prop.name, floatFlush ? "flushed" : "kept",
              doubleFlush ? "flushed" : "kept");
  std::mt19937_64 rng(20261124);
  int failures = 0, refused = 0;
  std::printf("| function | type | inputs | max ulp | bound | worst input | special mismatches |\n|---|---|---|---|---|---|---|\n");
  const std::vector<MathCase> &cases = mathCases();
  for (size_t i = 0; i < cases.size(); ++i) {
    const MathCase &c = cases[i];
    if ((filter && !std::strstr(c.name, filter)) || (floatOnly && c.isDouble)) continue;
    size_t count = c.isDouble ? (quick ? 1u << 12 : 1u << 17) : (quick ? 1u << 14 : 1u << 20);
    Result r = measure(i, c, count, c.isDouble ? doubleFlush : floatFlush, rng);
    if (r.refused) {
      ++refused;
      std::printf("| %s | %s | refused by the runtime on this device | | %g | | |\n", c.name, c.isDouble ? "double" : "float", c.bound);
      continue;
    }
    bool ok = r.maxUlp <= c.bound && r.specialMismatches == 0;
    failures += !ok;
    std::printf("| %s | %s | %zu | %g | %g | %s(%a%s%s) = %a, want %a | %ld |%s\n", c.name, c.isDouble ? "double" : "float", r.inputs,
                r.maxUlp, c.bound, c.name, r.worstX, c.arity == 2 ? ", " : "",
                c.arity == 2 ? (std::to_string(r.worstY)).c_str() : "", r.worstGot, r.worstWant, r.specialMismatches,
                ok ? "" : " **FAIL**");
    std::fflush(stdout);
  }
  std::printf("accuracy: %s (%d functions over their bound, %d refused by the runtime)\n", failures ? "FAIL" : "PASS", failures, refused);
  return failures ? 1 : 0;
}
