// The device library's double-precision exp, sin and cos on the fma
// (compiler/devicelib/double_algorithms.h), compiled for the host with std::fma, against the
// host's long double functions (64-bit significands: the double error they show is exact to about
// 2^-10 ulp). Inputs: every range the fast paths take, sampled uniformly and log-uniformly, the
// reduction's boundaries (odd multiples of ln2/2 and pi/4), and the doubles next to multiples of
// pi/2, where the reduction cancels most.
#include "double_algorithms.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace {

struct HostOps {
  static double fma(double a, double b, double c) { return std::fma(a, b, c); }
};

double nextUp(double x, int k) {
  for (; k > 0; --k) x = std::nextafter(x, INFINITY);
  for (; k < 0; ++k) x = std::nextafter(x, -INFINITY);
  return x;
}

// |got - exact| in ulps of the double format at the exact value.
double ulpError(double got, long double exact) {
  const int exponent = std::max(std::ilogb(double(exact)), -1022);
  return double(std::fabs((long double)got - exact) / std::ldexp(1.0L, exponent - 52));
}

// Uniform on (-limit, limit), then log-uniform magnitudes from 2^-30 to limit, both signs.
std::vector<double> sampled(double limit, int count) {
  std::mt19937_64 random(20261127);
  std::uniform_real_distribution<double> uniform(-limit, limit), exponent(-30.0, std::log2(limit));
  std::vector<double> inputs;
  for (int i = 0; i < count; ++i) {
    inputs.push_back(uniform(random));
    const double magnitude = std::exp2(exponent(random));
    inputs.push_back(i & 1 ? magnitude : -magnitude);
  }
  return inputs;
}

template <class F, class Reference> double worstError(const std::vector<double> &inputs, double limit, F f, Reference reference) {
  double worst = 0;
  for (double x : inputs)
    if (std::fabs(x) < limit) worst = std::max(worst, ulpError(f(x), reference((long double)x)));
  return worst;
}

} // namespace

TEST_CASE("double algorithms: exp below 708 within 0.98 ulp") {
  std::vector<double> inputs = sampled(doublealg::kExpLimit, 400000);
  const long double halfLn2 = 0.34657359027997265470861606072908828L;
  for (int k = -2043; k <= 2043; k += 2) // the odd multiples of ln2/2, where the reduction changes n
    for (int d = -3; d <= 3; ++d) inputs.push_back(nextUp(double(k * halfLn2), d));
  for (double tiny : {0x1p-1074, 0x1p-600, 0x1p-60, 0x1p-30}) {
    inputs.push_back(tiny);
    inputs.push_back(-tiny);
  }
  const double worst = worstError(inputs, doublealg::kExpLimit, doublealg::exponential<HostOps>,
                                  [](long double x) { return std::exp(x); });
  MESSAGE("exp: max ", worst, " ulp");
  CHECK(worst < 0.98);
  CHECK(doublealg::exponential<HostOps>(0.0) == 1.0);
  CHECK(doublealg::exponential<HostOps>(-0.0) == 1.0);
}

TEST_CASE("double algorithms: sin and cos below 2^20 within 1 ulp") {
  std::vector<double> inputs = sampled(doublealg::kTrigLimit, 300000);
  const long double halfPi = 1.57079632679489661923132169163975144L;
  for (int j = 1; j < 667000; j += 13) // next to multiples of pi/2, and the quadrants' boundaries
    for (long double m : {j * halfPi, (j + 0.5L) * halfPi})
      for (int d = -2; d <= 2; ++d) inputs.push_back(nextUp(double(m), d));
  auto sine = [](double x) { return doublealg::sineOrCosine<HostOps>(x, false); };
  auto cosine = [](double x) { return doublealg::sineOrCosine<HostOps>(x, true); };
  const double sinWorst = worstError(inputs, doublealg::kTrigLimit, sine, [](long double x) { return std::sin(x); });
  const double cosWorst = worstError(inputs, doublealg::kTrigLimit, cosine, [](long double x) { return std::cos(x); });
  MESSAGE("sin: max ", sinWorst, " ulp; cos: max ", cosWorst, " ulp");
  CHECK(sinWorst < 1.0);
  CHECK(cosWorst < 1.0);
  CHECK(std::bit_cast<uint64_t>(sine(-0.0)) == std::bit_cast<uint64_t>(-0.0));
  CHECK(std::bit_cast<uint64_t>(sine(0.0)) == 0);
  CHECK(cosine(0.0) == 1.0);
  CHECK(cosine(-0.0) == 1.0);
  CHECK(sine(-0x1p-1074) == -0x1p-1074);
  CHECK(sine(0x1p-1022) == 0x1p-1022);
}
