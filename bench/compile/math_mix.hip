// A math-heavy translation unit as numerical programs write them (issue 31's compile-time case):
// one kernel per precision evaluating fifty-odd library functions of each element, checked against
// the host's long double evaluation within each function family's documented ulp bound scaled by
// the terms' count. Built as a benchmark input for bench/compile_time.sh and smoke-run as a program.
#include <hip/hip_runtime.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <vector>

#define CHECK(expr)                                                                             \
  do {                                                                                          \
    if (hipError_t e = (expr); e != hipSuccess) {                                               \
      std::fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #expr, hipGetErrorString(e)); \
      std::exit(2);                                                                             \
    }                                                                                           \
  } while (0)

// The functions, each of x in [0.1, 0.9] and y in [1.1, 1.9] (every one defined there), written once
// for the device and the host: T is float, double or long double (the reference).
#define MATH_MIX_TERMS(T)                                                                       \
  TERM(sin(x)) TERM(cos(x)) TERM(tan(x)) TERM(asin(x)) TERM(acos(x)) TERM(atan(x))              \
  TERM(atan2(x, y)) TERM(sinh(x)) TERM(cosh(x)) TERM(tanh(x)) TERM(asinh(x)) TERM(acosh(y))     \
  TERM(atanh(x)) TERM(exp(x)) TERM(exp2(x)) TERM(expm1(x)) TERM(log(x)) TERM(log2(x))           \
  TERM(log10(x)) TERM(log1p(x)) TERM(pow(y, x)) TERM(sqrt(x)) TERM(cbrt(x)) TERM(hypot(x, y))   \
  TERM(erf(x)) TERM(erfc(x)) TERM(tgamma(y)) TERM(lgamma(y)) TERM(fmod(y, x))                   \
  TERM(remainder(y, x)) TERM(fdim(y, x)) TERM(fma(x, y, x)) TERM(ldexp(x, 3)) TERM(logb(y))     \
  TERM(T(ilogb(y))) TERM(floor(y * 7)) TERM(ceil(y * 7)) TERM(trunc(y * 7)) TERM(round(y * 7))  \
  TERM(rint(y * 7)) TERM(nearbyint(y * 7)) TERM(copysign(x, -y)) TERM(fmin(x, y))               \
  TERM(fmax(x, y)) TERM(fabs(-x)) TERM(scalbn(x, 5)) TERM(nextafter(x, y)) TERM(frexp(y, &e))   \
  TERM(modf(y * 3, &whole)) TERM(whole) TERM(exp(sin(x)) * log1p(cos(y)))                       \
  TERM(pow(x, T(2.5)) - cbrt(y))

constexpr int kTerms = 52;

// The terms of one element into out[0..kTerms).
#define MATH_MIX_EVALUATE(T)  \
  int e = 0, k = 0;           \
  T whole = 0;                \
  MATH_MIX_TERMS(T)           \
  (void)e;

#define TERM(expr) out[k++] = T(expr);
template <typename T>
__device__ void evaluate(T x, T y, T *out) {
  MATH_MIX_EVALUATE(T)
}

// The reference: the C++ library's long double functions.
void reference(long double x, long double y, long double *out) {
  using namespace std;
  using T = long double;
  MATH_MIX_EVALUATE(T)
}
#undef TERM

template <typename T>
__global__ void math_mix(const T *xs, const T *ys, T *out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) evaluate<T>(xs[i], ys[i], out + size_t(i) * kTerms);
}

// Each term within `ulps` of the reference's rounding to T (or of its magnitude 1 for values
// near zero, where the cancelling terms are compared absolutely).
template <typename T>
int check(const char *name, const std::vector<T> &xs, const std::vector<T> &ys, const std::vector<T> &got, double ulps) {
  int failures = 0;
  long double want[kTerms];
  for (size_t i = 0; i < xs.size(); ++i) {
    reference(xs[i], ys[i], want);
    for (int k = 0; k < kTerms; ++k) {
      const long double have = got[i * kTerms + k];
      const long double scale = std::fmax(std::fabs(want[k]), 1.0L) * std::numeric_limits<T>::epsilon();
      if (std::fabs(have - want[k]) > ulps * scale && failures++ < 10)
        std::fprintf(stderr, "%s: element %zu term %d: %.21Lg, want %.21Lg\n", name, i, k, have, want[k]);
    }
  }
  return failures;
}

template <typename T>
int run(const char *name, int n, double ulps) {
  std::vector<T> xs(n), ys(n), out(size_t(n) * kTerms);
  for (int i = 0; i < n; ++i) {
    xs[i] = T(0.1) + T(0.8) * T(i) / T(n);
    ys[i] = T(1.9) - T(0.8) * T((i * 37) % n) / T(n);
  }
  T *dx, *dy, *dout;
  CHECK(hipMalloc(&dx, n * sizeof(T)));
  CHECK(hipMalloc(&dy, n * sizeof(T)));
  CHECK(hipMalloc(&dout, out.size() * sizeof(T)));
  CHECK(hipMemcpy(dx, xs.data(), n * sizeof(T), hipMemcpyHostToDevice));
  CHECK(hipMemcpy(dy, ys.data(), n * sizeof(T), hipMemcpyHostToDevice));
  math_mix<T><<<(n + 63) / 64, 64>>>(dx, dy, dout, n);
  CHECK(hipGetLastError());
  CHECK(hipMemcpy(out.data(), dout, out.size() * sizeof(T), hipMemcpyDeviceToHost));
  CHECK(hipFree(dx));
  CHECK(hipFree(dy));
  CHECK(hipFree(dout));
  const int failures = check(name, xs, ys, out, ulps);
  std::printf("%s: %d elements x %d functions, %d outside %g ulp\n", name, n, kTerms, failures, ulps);
  return failures;
}

int main(int argc, char **argv) {
  const int n = argc > 1 && std::strcmp(argv[1], "--small") == 0 ? 77 : 4099;
  // The loosest documented bound of the families here (tgamma, lgamma: 8 ulp in CUDA's tables),
  // doubled for the composed terms.
  int failures = run<float>("float", n, 16);
  failures += run<double>("double", n, 16);
  return failures ? 1 : 0;
}
