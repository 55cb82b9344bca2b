// Float expression trees must give exactly what IEEE evaluation in source order gives: no
// reassociation ever, and fused multiply-adds exactly where the IR allows contraction. Built twice:
// with HIP's default -ffp-contract=fast (each a*b+c pattern fused the way LLVM's code generators
// fuse it, when the device's Fma is a true fused operation) and with -ffp-contract=off
// (CONTRACT_OFF: nothing fused). Every element is compared bit for bit with the host's evaluation.
// Each product appears in one expression only: a product with several uses is never fused (LLVM
// shares it between the expressions), so the contraction points are unambiguous. Single-precision
// division must be correctly rounded (HIP's default) although Vulkan's OpFDiv need not be.
#include "test_common.h"

#include <cstring>
#include <random>
#include <vector>

namespace {

constexpr int kExpressions = 10;
constexpr int kDotTerms = 8;

template <typename T> struct Operands {
  T x, y, z, w;
  T a[kDotTerms], b[kDotTerms];
};

// The expressions as a program would write them; the device compiles them with the mode's
// contraction rule.
template <typename T> __device__ void evaluate(const Operands<T> &o, T *r) {
  const T x = o.x, y = o.y, z = o.z, w = o.w;
  r[0] = x + (y * y + z * z);
  r[1] = x * y - z * w;
  r[2] = z - o.a[0] * w;
  r[3] = ((o.a[1] * o.a[2] + z) * w + y) * x + z;  // Horner
  r[4] = (x + y) + z - (x + (y + z));              // reassociation would make this 0 too often
  r[5] = o.b[1] * o.b[2] * o.b[3] + w;
  T acc = 0;
  for (int k = 0; k < kDotTerms; ++k) acc = acc + o.a[k] * o.b[k];
  r[6] = acc;
  r[7] = (x - y) * (z + w) + (x - w);              // the product of sums is fused with the sum
  r[8] = (x - y) * (x + y);
  r[9] = x / y + z / w;
}

template <typename T> __global__ void evaluateAll(const Operands<T> *in, T *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) evaluate(in[i], out + size_t(i) * kExpressions);
}

// 1 when the device fuses a contracted a*b+c into a single rounding (not every Vulkan driver does:
// lavapipe computes Fma as a product and a sum, which Vulkan's precision rules allow). fma() itself
// is rounded once everywhere (the math library emulates it); a contraction is only allowed to be.
__global__ void probeFusedFma(int *fusedF, int *fusedD, float fa, float fc, double da, double dc) {
  *fusedF = fa * fa + fc != 0.0f;
  *fusedD = da * da + dc != 0.0;
}

}  // namespace

// Host references: IEEE evaluation in source order, with the fusions spelled out.
#pragma clang fp contract(off)
template <typename T> void reference(const Operands<T> &o, bool fused, T *r) {
  const T x = o.x, y = o.y, z = o.z, w = o.w;
  auto fma = [](T a, T b, T c) { return std::fma(a, b, c); };
  r[0] = fused ? x + fma(y, y, z * z) : x + (y * y + z * z);
  r[1] = fused ? fma(x, y, -(z * w)) : x * y - z * w;
  r[2] = fused ? fma(-o.a[0], w, z) : z - o.a[0] * w;
  r[3] = fused ? fma(fma(fma(o.a[1], o.a[2], z), w, y), x, z) : ((o.a[1] * o.a[2] + z) * w + y) * x + z;
  r[4] = (x + y) + z - (x + (y + z));
  r[5] = fused ? fma(o.b[1] * o.b[2], o.b[3], w) : o.b[1] * o.b[2] * o.b[3] + w;
  T acc = 0;
  for (int k = 0; k < kDotTerms; ++k) acc = fused ? fma(o.a[k], o.b[k], acc) : acc + o.a[k] * o.b[k];
  r[6] = acc;
  r[7] = fused ? fma(x - y, z + w, x - w) : (x - y) * (z + w) + (x - w);
  r[8] = (x - y) * (x + y);
  r[9] = x / y + z / w;
}
#pragma clang fp contract(on)

template <typename T> int run(const char *type, int n, bool deviceFuses, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<T> unit(-1, 1), big(-1e4, 1e4);
  std::vector<Operands<T>> inputs(n);
  for (int i = 0; i < n; ++i) {
    Operands<T> &o = inputs[i];
    o.x = big(rng), o.y = unit(rng), o.z = unit(rng) * 3, o.w = big(rng) * 1e-3;
    if (o.y == 0) o.y = 1;
    for (int k = 0; k < kDotTerms; ++k) o.a[k] = unit(rng), o.b[k] = big(rng);
  }
#ifdef CONTRACT_OFF
  const bool fused = false;
  (void)deviceFuses;
#else
  const bool fused = deviceFuses;
#endif
  e2e::DeviceBuffer<Operands<T>> dIn(n);
  e2e::DeviceBuffer<T> dOut(size_t(n) * kExpressions);
  HIP_CHECK(hipMemcpy(dIn, inputs.data(), dIn.bytes(), hipMemcpyHostToDevice));
  evaluateAll<T><<<(n + 127) / 128, 128>>>(dIn, dOut, n);
  HIP_CHECK_LAUNCH();
  std::vector<T> got(size_t(n) * kExpressions);
  dOut.download(got);
  int mismatches = 0;
  for (int i = 0; i < n; ++i) {
    T want[kExpressions];
    reference(inputs[i], fused, want);
    for (int e = 0; e < kExpressions; ++e) {
      const T g = got[size_t(i) * kExpressions + e];
      if (std::memcmp(&g, &want[e], sizeof(T)) != 0) {
        ++mismatches;
        char what[64];
        std::snprintf(what, sizeof what, "%s expression %d", type, e);
        e2e::expect_eq(what, i, g, want[e]);
      }
    }
  }
  std::printf("%s: %d elements x %d expressions, %s, %d mismatches\n", type, n, kExpressions,
              fused ? "contractions fused" : "nothing fused", mismatches);
  return mismatches;
}

int main() {
  e2e::DeviceBuffer<int> flags(2);
  // (1 + 2^-12)^2 - (1 + 2^-11) is 2^-24 exactly, and 0 after rounding the product (float);
  // likewise with 2^-27 for double.
  probeFusedFma<<<1, 1>>>(flags, flags + 1, 1.0f + 0x1p-12f, -(1.0f + 0x1p-11f), 1.0 + 0x1p-27, -(1.0 + 0x1p-26));
  HIP_CHECK_LAUNCH();
  int fuses[2];
  HIP_CHECK(hipMemcpy(fuses, flags, sizeof fuses, hipMemcpyDeviceToHost));
  std::printf("device fma: float %s, double %s\n", fuses[0] ? "fused" : "unfused", fuses[1] ? "fused" : "unfused");
  run<float>("float", 1000003, fuses[0], 7);
  run<double>("double", 250007, fuses[1], 11);
#ifdef CONTRACT_OFF
  return e2e::finish("float_evaluation_order (-ffp-contract=off)");
#else
  return e2e::finish("float_evaluation_order");
#endif
}
