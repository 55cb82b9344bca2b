// -fgpu-approx-transcendentals and -ffast-math (this program built twice: e2e.approx_transcendentals
// and e2e.fast_math): sinf, cosf, logf and log2f (and the sin/cos float overloads, std::sin) are
// the fast intrinsics __sinf, __cosf, __logf and __log2f bit for bit, not the library (they differ
// from OCML's sinf for some inputs, so the fast path is taken).
// (std::log2(float) and the other C++11 functions are libstdc++'s constexpr overloads, Clang
// builtins that hipvk routes to its exact functions: they stay exact.)
#include "test_common.h"

#include <cmath>

namespace {

// Each function's result in its forms, then the intrinsic it must be.
constexpr int kChecks = 6, kForms = 2 * kChecks + 1;
constexpr const char *kNames[kChecks] = {"sinf", "std::sin(float)", "cosf", "cos(float)", "logf", "log2f"};

__global__ void evaluate(const float *in, int n, float *out) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const float x = in[i], positive = fabsf(x) + 0.5f;
  float *r = out + i * kForms;
  r[0] = sinf(x), r[1] = __sinf(x);
  r[2] = std::sin(x), r[3] = __sinf(x);
  r[4] = cosf(x), r[5] = __cosf(x);
  r[6] = cos(x), r[7] = __cosf(x);
  r[8] = logf(positive), r[9] = __logf(positive);
  r[10] = log2f(positive), r[11] = __log2f(positive);
  r[12] = __ocml_sin_f32(x);  // the library's sinf, named directly
}

unsigned bits(float f) { return __builtin_bit_cast(unsigned, f); }

}  // namespace

int main() {
  std::vector<float> in;
  for (unsigned r : e2e::pseudo_random(4096, 3)) in.push_back(static_cast<float>(static_cast<int>(r)) * 0x1p-24f);  // |x| < 128
  const int n = static_cast<int>(in.size());
  e2e::DeviceBuffer<float> din(n), dout(size_t(n) * kForms);
  din.upload(in);
  evaluate<<<(n + 127) / 128, 128>>>(din, n, dout);
  HIP_CHECK_LAUNCH();
  std::vector<float> out(size_t(n) * kForms);
  dout.download(out);
  int differs_from_library = 0;
  for (int i = 0; i < n; ++i) {
    const float *v = out.data() + size_t(i) * kForms;
    for (int k = 0; k < kChecks; ++k) e2e::expect_eq(kNames[k], i, bits(v[2 * k]), bits(v[2 * k + 1]));
    differs_from_library += bits(v[0]) != bits(v[12]);
  }
  // __sinf is Vulkan's Sin (absolute error 2^-11): among 4096 inputs up to 128 in magnitude it
  // must differ from OCML's sinf (2 ulps) somewhere, or sinf was not switched.
  e2e::check(differs_from_library > 0, "sinf differs from OCML's sinf for some input");
  std::printf("sinf differs from OCML's sinf for %d of %d inputs\n", differs_from_library, n);
  return e2e::finish(APPROX_TEST_NAME);
}
