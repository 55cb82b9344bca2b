// The device side of the accuracy harness: one kernel per function of accuracy_cases.def, each
// evaluating the function as a program would (the C names, C++ overloads, std::, pointers).
#include "accuracy.h"

#include <hip/hip_runtime.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace {

#define CHECK(expr)                                                                        \
  do {                                                                                     \
    if (hipError_t e = (expr); e != hipSuccess) {                                          \
      std::fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #expr, hipGetErrorString(e)); \
      std::exit(2);                                                                        \
    }                                                                                      \
  } while (0)

template <typename Op, typename T>
__global__ void evaluate(const T *xs, const T *ys, T *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = Op::eval(xs[i], ys[i]);
}

// Whether the runtime may refuse a kernel here: on SwiftShader (no 64-bit floats), whose shader
// compiler dies on some kernels in software doubles, among them float functions OCML computes in
// double (tgammaf), the runtime refuses those cleanly.
bool refusalAllowed() {
  hipDeviceProp_t props{};
  CHECK(hipGetDeviceProperties(&props, 0));
  return std::strstr(props.name, "SwiftShader") != nullptr;
}

template <typename Op, typename T>
bool launch(const std::vector<double> &x, const std::vector<double> &y, std::vector<double> &out) {
  const size_t n = x.size();
  std::vector<T> hx(x.begin(), x.end()), hy(y.begin(), y.end()), hout(n);
  T *dx, *dy, *dout;
  CHECK(hipMalloc(&dx, n * sizeof(T)));
  CHECK(hipMalloc(&dy, n * sizeof(T)));
  CHECK(hipMalloc(&dout, n * sizeof(T)));
  CHECK(hipMemcpy(dx, hx.data(), n * sizeof(T), hipMemcpyHostToDevice));
  CHECK(hipMemcpy(dy, hy.data(), n * sizeof(T), hipMemcpyHostToDevice));
  const int block = 128;
  evaluate<Op, T><<<int((n + block - 1) / block), block>>>(dx, dy, dout, int(n));
  const hipError_t launched = hipGetLastError();
  const bool refused = launched == hipErrorNoBinaryForGpu && refusalAllowed();
  if (!refused) CHECK(launched);
  CHECK(hipMemcpy(hout.data(), dout, n * sizeof(T), hipMemcpyDeviceToHost));
  CHECK(hipFree(dx));
  CHECK(hipFree(dy));
  CHECK(hipFree(dout));
  out.assign(hout.begin(), hout.end());
  return !refused;
}

// sincosf through pointers to a __shared__ and a local variable.
__device__ float sincosSine(float x) {
  __shared__ float sines[128];
  float cosine;
  sincosf(x, &sines[threadIdx.x], &cosine);
  (void)cosine;
  return sines[threadIdx.x];
}

#define FLOAT_CASE(NAME, ARITY, EXPR, REF, BOUND, LO, HI, DOMAIN_ONLY) \
  struct Op_##NAME {                                                      \
    static __device__ float eval(float x, [[maybe_unused]] float y) { return EXPR; } \
  };
#define DOUBLE_CASE(NAME, ARITY, EXPR, MPFR, BOUND, LO, HI, DOMAIN_ONLY) \
  struct Op_##NAME {                                                      \
    static __device__ double eval(double x, [[maybe_unused]] double y) { return EXPR; } \
  };
#include "accuracy_cases.def"

using Launcher = bool (*)(const std::vector<double> &, const std::vector<double> &, std::vector<double> &);
const Launcher kLaunchers[] = {
#define FLOAT_CASE(NAME, ARITY, EXPR, REF, BOUND, LO, HI, DOMAIN_ONLY) launch<Op_##NAME, float>,
#define DOUBLE_CASE(NAME, ARITY, EXPR, MPFR, BOUND, LO, HI, DOMAIN_ONLY) launch<Op_##NAME, double>,
#include "accuracy_cases.def"
};

} // namespace

const std::vector<MathCase> &mathCases() {
  static const std::vector<MathCase> cases = {
#define FLOAT_CASE(NAME, ARITY, EXPR, REF, BOUND, LO, HI, DOMAIN_ONLY) {#NAME, ARITY, false, BOUND, LO, HI, DOMAIN_ONLY},
#define DOUBLE_CASE(NAME, ARITY, EXPR, MPFR, BOUND, LO, HI, DOMAIN_ONLY) {#NAME, ARITY, true, BOUND, LO, HI, DOMAIN_ONLY},
#include "accuracy_cases.def"
  };
  return cases;
}

bool runDeviceCase(size_t index, const std::vector<double> &x, const std::vector<double> &y, std::vector<double> &out) {
  return kLaunchers[index](x, y, out);
}
