// sqrtf, expf, exp2f and exp10f over every float (or every `stride`th bit pattern): sqrtf must be
// correctly rounded for every normal input (bit-exact against double's sqrt rounded to float,
// innocuous since 53 >= 2 * 24 + 2), the exponentials within 2 ulp (CUDA's bound) of double
// references wherever the result is a normal float. sqrtf takes its short form on the device's
// InverseSqrt where the runtime sets abi::kSpecIdVerifiedShortSqrt, expf and exp2f CUDA's form on
// its Exp2 where it sets abi::kSpecIdVerifiedShortExp: this program's run over every float on a
// driver is what justifies those settings (docs/MATH.md; exp10f that way reached 2.07 ulp on
// NVIDIA's, so it keeps the proven form). CI runs a strided sample on lavapipe, which takes the
// proven forms.
//
// Usage: exhaustive [stride]   (default 1: all 2^32 bit patterns; an odd stride samples evenly)
#include <hip/hip_runtime.h>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

namespace {

#define CHECK(expr)                                                                             \
  do {                                                                                          \
    if (hipError_t e = (expr); e != hipSuccess) {                                               \
      std::fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #expr, hipGetErrorString(e)); \
      std::exit(2);                                                                             \
    }                                                                                           \
  } while (0)

enum Function : int { Sqrt, Exp, Exp2, Exp10 };
constexpr const char *kNames[] = {"sqrtf", "expf", "exp2f", "exp10f"};
constexpr double kExpBound = 2.0;  // ulp

// What one sweep found: the worst error (the float error's bits above the input's bits, so that
// one 64-bit atomicMax keeps both), how many inputs were checked and, for sqrtf, how many were
// not correctly rounded and the lowest such input.
struct Findings {
  unsigned long long worst;
  unsigned long long checked;
  unsigned long long wrong;
  unsigned int firstWrong;
};

__device__ double reference(int function, double x) {
  switch (function) {
    case Exp: return exp(x);
    case Exp2: return exp2(x);
    default: return exp10(x);
  }
}

__device__ float evaluate(int function, float x) {
  switch (function) {
    case Sqrt: return sqrtf(x);
    case Exp: return expf(x);
    case Exp2: return exp2f(x);
    default: return exp10f(x);
  }
}

// Inputs (first + i) * stride for i < count.
__global__ void sweep(int function, uint32_t first, uint32_t count, uint32_t stride, Findings *findings) {
  unsigned long long worst = 0, checked = 0, wrong = 0;
  unsigned int firstWrong = ~0u;
  for (uint32_t i = blockIdx.x * blockDim.x + threadIdx.x; i < count; i += gridDim.x * blockDim.x) {
    const uint32_t bits = (first + i) * stride;
    const float x = __uint_as_float(bits);
    const float got = evaluate(function, x);
    if (function == Sqrt) {
      if (bits < 0x00800000u || bits >= 0x7f800000u) continue;  // positive normal inputs
      ++checked;
      if (__float_as_uint(got) != __float_as_uint(float(sqrt(double(x))))) {
        ++wrong;
        firstWrong = bits < firstWrong ? bits : firstWrong;
      }
      continue;
    }
    const double want = reference(function, double(x));
    if (!(want >= 0x1p-126 && want <= double(FLT_MAX))) continue;  // normal results only
    ++checked;
    // One ulp of `want`'s binade: 2^(e - 23) for want in [2^e, 2^(e+1)).
    const int exponent = int(__double_as_longlong(want) >> 52) - 1023;
    const double ulps = fabs(double(got) - want) * ldexp(1.0, 23 - exponent);
    const unsigned long long key = (unsigned long long)__float_as_uint(float(ulps)) << 32 | bits;
    worst = key > worst ? key : worst;
  }
  atomicMax(&findings->worst, worst);
  atomicAdd(&findings->checked, checked);
  if (wrong) {
    atomicAdd(&findings->wrong, wrong);
    atomicMin(&findings->firstWrong, firstWrong);
  }
}

}  // namespace

int main(int argc, char **argv) {
  const uint32_t stride = argc > 1 ? uint32_t(std::stoul(argv[1])) : 1;
  if (stride == 0) {
    std::fprintf(stderr, "usage: exhaustive [stride > 0]\n");
    return 2;
  }
  const uint64_t total = (uint64_t(1) << 32) / stride + ((uint64_t(1) << 32) % stride != 0);
  hipDeviceProp_t props;
  CHECK(hipGetDeviceProperties(&props, 0));
  std::printf("%s, every %u%s float (%llu inputs per function)\n", props.name, stride,
              stride == 1 ? "st" : "th", (unsigned long long)total);
  Findings *findings;
  CHECK(hipMalloc(&findings, sizeof(Findings)));
  bool pass = true;
  for (int function : {Sqrt, Exp, Exp2, Exp10}) {
    const Findings none{0, 0, 0, ~0u};
    CHECK(hipMemcpy(findings, &none, sizeof none, hipMemcpyHostToDevice));
    // Launches of at most 2^28 inputs keep a watchdog-bound device's launches short.
    constexpr uint64_t kPerLaunch = uint64_t(1) << 28;
    for (uint64_t first = 0; first < total; first += kPerLaunch) {
      const uint32_t count = uint32_t(std::min(kPerLaunch, total - first));
      sweep<<<std::min<uint32_t>((count + 255) / 256, 65535), 256>>>(function, uint32_t(first), count, stride, findings);
      CHECK(hipGetLastError());
    }
    Findings f;
    CHECK(hipMemcpy(&f, findings, sizeof f, hipMemcpyDeviceToHost));
    auto floatOf = [](uint32_t bits) {
      float v;
      std::memcpy(&v, &bits, sizeof v);
      return v;
    };
    if (function == Sqrt) {
      const bool ok = f.wrong == 0 && f.checked > 0;
      pass &= ok;
      std::printf("%-7s %12llu normal inputs, %llu not correctly rounded", kNames[function], f.checked, f.wrong);
      if (f.wrong) std::printf(" (the lowest: %a)", double(floatOf(f.firstWrong)));
      std::printf("%s\n", ok ? "" : "  FAIL");
      continue;
    }
    const float error = floatOf(uint32_t(f.worst >> 32)), x = floatOf(uint32_t(f.worst));
    const bool ok = error <= kExpBound && f.checked > 0;
    pass &= ok;
    std::printf("%-7s %12llu inputs with normal results, max %.3f ulp at %a%s\n", kNames[function], f.checked,
                double(error), double(x), ok ? "" : "  FAIL");
  }
  CHECK(hipFree(findings));
  std::printf("%s\n", pass ? "exhaustive: PASS" : "exhaustive: FAIL");
  return pass ? 0 : 1;
}
