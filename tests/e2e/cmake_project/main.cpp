// Plain host C++ (no kernels): allocates, copies, calls the kernels of vecops.hip and saxpy.hip,
// and compares with a host reference.
#include <hip/hip_runtime_api.h>

#include <cstdio>
#include <vector>

#include "vecops.h"

#define CHECK(expr)                                                                  \
  do {                                                                               \
    hipError_t e_ = (expr);                                                          \
    if (e_ != hipSuccess) {                                                          \
      std::printf("FAIL: %s: %s\n", #expr, hipGetErrorString(e_));                   \
      return 1;                                                                      \
    }                                                                                \
  } while (0)

int main() {
  const int n = 1000;
  std::vector<int> xi(n), yi(n);
  std::vector<float> xf(n), yf(n), ref(n);
  for (int i = 0; i < n; ++i) {
    xi[i] = i * 7 - 300;
    xf[i] = 0.5f * i;
    yf[i] = 1000.0f - i;
    ref[i] = 2.0f * xf[i] + yf[i];
  }
  int *dxi, *dyi;
  float *dxf, *dyf;
  CHECK(hipMalloc(&dxi, n * sizeof(int)));
  CHECK(hipMalloc(&dyi, n * sizeof(int)));
  CHECK(hipMalloc(&dxf, n * sizeof(float)));
  CHECK(hipMalloc(&dyf, n * sizeof(float)));
  CHECK(hipMemcpy(dxi, xi.data(), n * sizeof(int), hipMemcpyHostToDevice));
  CHECK(hipMemcpy(dxf, xf.data(), n * sizeof(float), hipMemcpyHostToDevice));
  CHECK(hipMemcpy(dyf, yf.data(), n * sizeof(float), hipMemcpyHostToDevice));
  CHECK(vecops_scale(dxi, dyi, n));
  CHECK(saxpy(2.0f, dxf, dyf, n));
  CHECK(hipMemcpy(yi.data(), dyi, n * sizeof(int), hipMemcpyDeviceToHost));
  CHECK(hipMemcpy(yf.data(), dyf, n * sizeof(float), hipMemcpyDeviceToHost));
  int errors = 0;
  for (int i = 0; i < n; ++i) {
    if (yi[i] != VECOPS_SCALE * xi[i] + i) ++errors;
    if (yf[i] != ref[i]) ++errors;
  }
  CHECK(hipFree(dxi));
  CHECK(hipFree(dyi));
  CHECK(hipFree(dxf));
  CHECK(hipFree(dyf));
  std::printf("%s (%s): %d mismatches\n", errors ? "FAIL" : "PASS", BUILT_WITH, errors);
  return errors ? 1 : 0;
}
