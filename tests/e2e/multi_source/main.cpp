// Multi-source program, part 3: plain host C++ (no -x hip), only the HIP runtime API. Links with
// the two HIP objects, whose kernels it runs through their launchers.
#include <hip/hip_runtime_api.h>

#include <cstdio>
#include <vector>

hipError_t launch_scale(float *data, float factor, int n);
hipError_t launch_offset(float *data, float offset, int n);

#define CHECK(expr)                                                                 \
  do {                                                                              \
    hipError_t s_ = (expr);                                                         \
    if (s_ != hipSuccess) {                                                         \
      std::printf("%s failed: %s\n", #expr, hipGetErrorString(s_));                   \
      if (s_ == hipErrorNoBinaryForGpu) return 77; /* no code for this device: a skip */ \
      std::printf("multi_source: FAIL\n");                                            \
      return 1;                                                                     \
    }                                                                               \
  } while (0)

int main() {
#if defined(__HIP__) || defined(__HIP_DEVICE_COMPILE__)
  std::printf("main.cpp must be compiled as plain C++\nmulti_source: FAIL\n");
  return 1;
#endif
  const int n = 10000;
  std::vector<float> h(n);
  for (int i = 0; i < n; ++i) h[i] = static_cast<float>(i % 100) * 0.5f;
  float *d = nullptr;
  CHECK(hipMalloc(reinterpret_cast<void **>(&d), n * sizeof(float)));
  CHECK(hipMemcpy(d, h.data(), n * sizeof(float), hipMemcpyHostToDevice));
  CHECK(launch_scale(d, 3.0f, n));
  CHECK(launch_offset(d, -1.0f, n));
  CHECK(hipDeviceSynchronize());
  std::vector<float> out(n);
  CHECK(hipMemcpy(out.data(), d, n * sizeof(float), hipMemcpyDeviceToHost));
  CHECK(hipFree(d));
  int bad = 0;
  for (int i = 0; i < n; ++i) {
    float want = h[i] * h[i] * 3.0f + (-1.0f + 4.0f);
    if (out[i] != want && ++bad <= 10) std::fprintf(stderr, "out[%d] = %g, expected %g\n", i, out[i], want);
  }
  std::printf("multi_source: %s\n", bad ? "FAIL" : "PASS");
  return bad ? 1 : 0;
}
