// Doubles, bit for bit: the correctly rounded operations against the host's, OCML's math against
// the host within a few ulp and, bit for bit, against the same kernels with doubles disabled (the
// program runs itself with HIPVK_DISABLE_FEATURES=float64: the portable variant's software doubles
// must reproduce the native results exactly). See soft_double.h.
#include "soft_double.h"

#include <algorithm>
#include <climits>
#include <cstring>
#include <random>
#include <string>
#include <unistd.h>

using namespace soft_double;

namespace {

double fromBits(uint64_t b) { return std::bit_cast<double>(b); }
uint64_t toBits(double x) { return std::bit_cast<uint64_t>(x); }

const std::vector<double> &specials() {
  static const std::vector<double> values = [] {
    std::vector<double> v = {0.0, 1.0, 2.0, 0.5, 3.0, 0.1, 1.0 / 3.0, 1e308, 0x1.fffffffffffffp1023, 0x1p-1022,
                             0x1p-1074, 0x0.fffffffffffffp-1022, 0x1.0000000000001p0, 0x1.fffffffffffffp-1, 4503599627370496.5,
                             9007199254740993.0, 2147483647.75, 4294967295.5, 9.2233720368547748e18, 1.8446744073709550e19,
                             HUGE_VAL, NAN, 0x1.8p-1060, 3.4028235677973366e38, 1.4012984643248171e-45, 7.0064923216240854e-46,
                             2.5, 1e-320};
    const size_t n = v.size();
    for (size_t i = 0; i < n; ++i) v.push_back(-v[i]);
    return v;
  }();
  return values;
}

// Random operands biased to the hard cases: subnormals, huge values, near neighbours.
struct Operands {
  std::mt19937_64 random{20261125};
  double any() {
    switch (random() % 6) {
    case 0: return specials()[random() % specials().size()];
    case 1: return fromBits(random() & 0x800fffffffffffffull);
    case 2: return fromBits((random() & 0x800fffffffffffffull) | (uint64_t(1023 - 40 + random() % 80) << 52));
    case 3: return fromBits((random() & 0x800fffffffffffffull) | (uint64_t(random() % 2 ? random() % 60 : 0x7fe - random() % 60) << 52));
    default: return fromBits(random());
    }
  }
  double near(double a) { return random() % 2 ? fromBits(toBits(a) ^ (random() & 0x3f)) : any(); }
};

bool sameDouble(double got, double want) { return std::isnan(want) ? std::isnan(got) : toBits(got) == toBits(want); }

int expectBits(const char *what, size_t i, double got, double want) {
  if (sameDouble(got, want)) return 0;
  char g[64], w[64];
  std::snprintf(g, sizeof g, "%a", got);
  std::snprintf(w, sizeof w, "%a", want);
  e2e::report_mismatch(what, static_cast<long long>(i), g, w);
  return 1;
}

// The math kernels' inputs: exp and sin over wide ranges, log and pow of positive values.
void mathInputs(std::vector<double> &a, std::vector<double> &b) {
  std::mt19937_64 random(7);
  std::uniform_real_distribution<double> wide(-700.0, 700.0), exponent(-30.0, 30.0);
  for (int i = 0; i < 1500; ++i) {
    double x = i % 3 == 0 ? wide(random) : i % 3 == 1 ? std::ldexp(1.0 + (random() % 1000) / 1000.0, int(random() % 200) - 100)
                                                      : (random() % 2000) / 100.0;
    a.push_back(i % 50 == 0 ? specials()[i / 50 % specials().size()] : x);
    b.push_back(i % 7 == 0 ? std::round(exponent(random)) : exponent(random));
  }
}

int checkMathAgainstHost(const std::vector<double> &a, const std::vector<double> &b, const std::vector<double> &got) {
  int failures = 0;
  auto close = [&](const char *what, size_t i, double result, double want) {
    // OCML's double functions are within 1 ulp (2 for pow); 4 leaves room and catches any slip.
    if (std::isnan(want) ? std::isnan(result) : std::isinf(want) ? result == want
        : std::fabs(result - want) <= 4 * std::fabs(std::nextafter(want, INFINITY) - want) + 0x1p-1074) return;
    char g[64], w[64];
    std::snprintf(g, sizeof g, "%a", result);
    std::snprintf(w, sizeof w, "%a", want);
    e2e::report_mismatch(what, static_cast<long long>(i), g, w);
    ++failures;
  };
  for (size_t i = 0; i < a.size(); ++i) {
    const double *r = &got[i * kMathResults];
    close("exp", i, r[0], std::exp(a[i]));
    close("log", i, r[1], std::log(a[i]));
    if (std::fabs(a[i]) < 1e6) close("sin", i, r[2], std::sin(a[i]));
    close("pow", i, r[3], std::pow(a[i], b[i]));
  }
  return failures;
}

// The math results of this program run again with doubles disabled, one hex bit pattern a line;
// false when the run failed.
bool portableMathBits(std::vector<uint64_t> &bits) {
  char self[4096];
  ssize_t length = readlink("/proc/self/exe", self, sizeof self - 1);
  if (length <= 0) return false;
  self[length] = 0;
  std::string command = std::string("HIPVK_DISABLE_FEATURES=float64 '") + self + "' --math-bits";
  FILE *pipe = popen(command.c_str(), "r");
  if (!pipe) return false;
  char line[128];
  while (std::fgets(line, sizeof line, pipe))
    if (std::strlen(line) == 17) bits.push_back(std::strtoull(line, nullptr, 16));
  return pclose(pipe) == 0;
}

} // namespace

int main(int argc, char **argv) {
  std::vector<double> mathA, mathB;
  mathInputs(mathA, mathB);
  if (argc > 1 && std::string(argv[1]) == "--math-bits") {
    for (double r : runMath(mathA, mathB)) std::printf("%016llx\n", static_cast<unsigned long long>(toBits(r)));
    return 0;
  }

  Operands operands;
  std::vector<double> a, b, c;
  for (double x : specials())
    for (double y : specials()) {
      a.push_back(x);
      b.push_back(y);
    }
  for (int i = 0; i < 3001; ++i) {
    a.push_back(operands.any());
    b.push_back(operands.near(a.back()));
  }
  for (size_t i = 0; i < a.size(); ++i)
    c.push_back(i % 3 == 0 ? -(a[i] * b[i]) : i % 3 == 1 ? operands.near(a[i] * b[i]) : operands.any());

  int failures = 0;
  struct { BinaryOp op; const char *name; double (*host)(double, double); } binaries[] = {
      {BinaryOp::add, "add", [](double x, double y) { return Add{}(x, y); }},
      {BinaryOp::sub, "sub", [](double x, double y) { return Sub{}(x, y); }},
      {BinaryOp::mul, "mul", [](double x, double y) { return Mul{}(x, y); }},
      {BinaryOp::div, "div", [](double x, double y) { return Div{}(x, y); }},
      {BinaryOp::rem, "fmod", [](double x, double y) { return Rem{}(x, y); }},
      {BinaryOp::min, "fmin", [](double x, double y) { return Min{}(x, y); }},
      {BinaryOp::max, "fmax", [](double x, double y) { return Max{}(x, y); }},
      {BinaryOp::copysign, "copysign", [](double x, double y) { return CopySign{}(x, y); }},
      {BinaryOp::polynomial, "(a*b-a)/(b+1.5)+a*a", [](double x, double y) { return Polynomial{}(x, y); }},
  };
  for (auto &[op, name, host] : binaries) {
    std::vector<double> got = runBinary(op, a, b);
    const bool minMax = op == BinaryOp::min || op == BinaryOp::max;
    for (size_t i = 0; i < a.size(); ++i)
      if (!(minMax && a[i] == 0 && b[i] == 0)) // fmin/fmax may return either zero
        failures += expectBits(name, i, got[i], host(a[i], b[i]));
  }

  struct { UnaryOp op; const char *name; double (*host)(double); } unaries[] = {
      {UnaryOp::sqrt, "sqrt", [](double x) { return Sqrt{}(x); }},
      {UnaryOp::floor, "floor", [](double x) { return Floor{}(x); }},
      {UnaryOp::ceil, "ceil", [](double x) { return Ceil{}(x); }},
      {UnaryOp::trunc, "trunc", [](double x) { return Trunc{}(x); }},
      {UnaryOp::round, "round", [](double x) { return Round{}(x); }},
      {UnaryOp::rint, "rint", [](double x) { return Rint{}(x); }},
      {UnaryOp::abs, "fabs", [](double x) { return Abs{}(x); }},
      {UnaryOp::negate, "negate", [](double x) { return Negate{}(x); }},
      {UnaryOp::ldexp, "ldexp(x, -1060)", [](double x) { return Ldexp{}(x); }},
      {UnaryOp::frexp, "frexp", [](double x) { return FrexpMantissa{}(x); }},
      {UnaryOp::viaFloat, "(double)(float)x", [](double x) { return ViaFloat{}(x); }},
  };
  // A float on its way through float may be flushed where the device flushes float denormals
  // (e2e::expected_widening).
  const bool flush = e2e::device_flushes_float_denormals();
  auto expectViaFloat = [&](const char *what, size_t i, double got, float f) {
    return expectBits(what, i, got, e2e::expected_widening(got, f, flush, [](double x) { return x; }));
  };
  for (auto &[op, name, host] : unaries) {
    std::vector<double> got = runUnary(op, a);
    for (size_t i = 0; i < a.size(); ++i)
      failures += op == UnaryOp::viaFloat ? expectViaFloat(name, i, got[i], static_cast<float>(a[i])) : expectBits(name, i, got[i], host(a[i]));
  }

  std::vector<double> fused = runFma(a, b, c);
  for (size_t i = 0; i < a.size(); ++i) failures += expectBits("fma", i, fused[i], std::fma(a[i], b[i], c[i]));

  std::vector<unsigned> ordered = runComparisons(a, b);
  for (size_t i = 0; i < a.size(); ++i) failures += !e2e::expect_eq("comparisons", static_cast<long long>(i), ordered[i], comparisons(a[i], b[i]));

  std::vector<int64_t> integers(a.size());
  std::vector<uint64_t> unsignedIntegers(a.size());
  std::mt19937_64 random(99);
  for (size_t i = 0; i < a.size(); ++i) {
    integers[i] = static_cast<int64_t>(random()) >> (random() % 64);
    unsignedIntegers[i] = random() >> (random() % 64);
  }
  std::vector<Conversions> converted = runConversions(a, integers, unsignedIntegers);
  for (size_t i = 0; i < a.size(); ++i) {
    const Conversions want = convert(a[i], integers[i], unsignedIntegers[i]), &got = converted[i];
    const long long at = static_cast<long long>(i);
    failures += !e2e::expect_eq("double -> int32", at, got.toInt32, want.toInt32);
    failures += !e2e::expect_eq("double -> uint32", at, got.toUint32, want.toUint32);
    failures += !e2e::expect_eq("double -> int64", at, got.toInt64, want.toInt64);
    failures += !e2e::expect_eq("double -> uint64", at, got.toUint64, want.toUint64);
    failures += expectBits("int32 -> double", i, got.fromInt32, want.fromInt32);
    failures += expectBits("uint32 -> double", i, got.fromUint32, want.fromUint32);
    failures += expectBits("int64 -> double", i, got.fromInt64, want.fromInt64);
    failures += expectBits("uint64 -> double", i, got.fromUint64, want.fromUint64);
    failures += expectBits("double -> float", i, got.toFloat, want.toFloat);
  }

  std::vector<float> floats(4097);
  for (size_t i = 0; i < floats.size(); ++i) floats[i] = std::bit_cast<float>(uint32_t(random()) & (i % 3 ? ~0u : 0x807fffffu));
  std::vector<double> widened = runWidenFloats(floats);
  for (size_t i = 0; i < floats.size(); ++i) failures += expectViaFloat("float -> double", i, widened[i], floats[i]);

  failures += checkDoublesInMemory();
  failures += checkDoubleAtomicAdd();

  // SwiftShader cannot compile OCML's double functions in software: everything else ran there.
  if (e2e::soft_double_math_beyond_driver()) {
    e2e::check(failures == 0, "soft doubles");
    if (e2e::g_failures) return e2e::finish("soft_double");
    e2e::skip_missing_feature("OCML's double functions (in software doubles, beyond SwiftShader's shader compiler)", "Float64");
  }
  std::vector<double> math = runMath(mathA, mathB);
  failures += checkMathAgainstHost(mathA, mathB, math);
  // Where this run is the native one, the portable variant's run must match it bit for bit. The
  // portable run is the same SPIR-V at every lavapipe vector width and lavapipe takes ~100 s to
  // compile its software math: it runs at the default width only (the sg8 and validation legs).
  const char *width = std::getenv("LP_NATIVE_VECTOR_WIDTH");
  const bool defaultWidth = !width || std::strcmp(width, "256") == 0;
  if (!std::getenv("HIPVK_DISABLE_FEATURES") && defaultWidth) {
    std::vector<uint64_t> portable;
    if (!portableMathBits(portable) || portable.size() != math.size()) {
      std::fprintf(stderr, "the run with HIPVK_DISABLE_FEATURES=float64 failed (%zu of %zu results)\n", portable.size(), math.size());
      ++failures;
    } else {
      // Where the native run takes the double algorithms, its exp and sin are of our own and its
      // pow reaches our exp through OCML's expep: only log is OCML's in both runs (all four are
      // checked against the host above).
      const bool algorithms = runsDoubleAlgorithms();
      for (size_t i = 0; i < math.size(); ++i) {
        const bool log = i % kMathResults == 1;
        if (algorithms && !log) continue;
        failures += expectBits("math, portable vs native", i, fromBits(portable[i]), math[i]);
      }
    }
  }
  e2e::check(failures == 0, "soft doubles");
  return e2e::finish("soft_double");
}
