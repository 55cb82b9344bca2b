// Math-throughput kernels, the same source for hipvk (math_bench.hip) and native CUDA
// (cuda/math_bench.cu): each thread applies one function kRounds times in a dependent chain
// (arguments kept in range) and writes the result, so the time is the function's throughput.
#pragma once

constexpr int kMathRounds = 64;

#define MATH_KERNEL(NAME, T, STEP)                                                  \
  __global__ void NAME(const T *in, T *out, int n) {                                \
    int i = blockIdx.x * blockDim.x + threadIdx.x;                                  \
    if (i >= n) return;                                                             \
    T x = in[i], acc = 0;                                                           \
    for (int r = 0; r < kMathRounds; ++r) {                                         \
      T y = STEP;                                                                   \
      acc += y;                                                                     \
      x = x + T(0.001) * y;                                                         \
    }                                                                               \
    out[i] = acc;                                                                   \
  }
MATH_KERNEL(math_sinf, float, sinf(x))
MATH_KERNEL(math_expf, float, expf(x * 0.1f))
MATH_KERNEL(math_powf, float, powf(fabsf(x) + 0.5f, 1.7f))
MATH_KERNEL(math_erff, float, erff(x))
MATH_KERNEL(math_sqrtf, float, sqrtf(fabsf(x)))
MATH_KERNEL(math_exp, double, exp(x * 0.1))
MATH_KERNEL(math_sin, double, sin(x))
#undef MATH_KERNEL

struct MathKernel {
  const char *name;
  bool isDouble;
  void (*floatKernel)(const float *, float *, int);
  void (*doubleKernel)(const double *, double *, int);
};
inline const MathKernel kMathKernels[] = {
    {"sinf", false, math_sinf, nullptr}, {"expf", false, math_expf, nullptr}, {"powf", false, math_powf, nullptr},
    {"erff", false, math_erff, nullptr}, {"sqrtf", false, math_sqrtf, nullptr}, {"exp", true, nullptr, math_exp},
    {"sin", true, nullptr, math_sin},
};
