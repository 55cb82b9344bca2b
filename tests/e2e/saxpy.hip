// SAXPY y = a*x + y in single precision, grid-stride loop, launched with hipLaunchKernelGGL and
// with hipLaunchKernel(kernel, grid, block, args), hipMemcpyDefault.
#include "test_common.h"

#include <vector>

__global__ void saxpy(int n, float a, const float *__restrict__ x, float *__restrict__ y) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    y[i] = a * x[i] + y[i];
}

int main() {
  const int n = 1 << 20;
  const float a = 2.5f;
  std::vector<float> x(n), y(n), out(n);
  for (int i = 0; i < n; ++i) {
    x[i] = static_cast<float>(i % 1000) * 0.001f;
    y[i] = static_cast<float>((i * 7) % 311) - 100.0f;
  }
  e2e::DeviceBuffer<float> dx(n), dy(n);
  HIP_CHECK(hipMemcpy(dx, x.data(), n * sizeof(float), hipMemcpyDefault));
  HIP_CHECK(hipMemcpy(dy, y.data(), n * sizeof(float), hipMemcpyDefault));
  // Fewer threads than elements: the grid-stride loop covers the rest.
  hipLaunchKernelGGL(saxpy, dim3(256), dim3(128), 0, 0, n, a, dx.ptr, dy.ptr);
  HIP_CHECK_LAUNCH();
  HIP_CHECK(hipMemcpy(out.data(), dy, n * sizeof(float), hipMemcpyDefault));
  for (int i = 0; i < n; ++i) e2e::expect_near("y", i, out[i], a * x[i] + y[i]);

  // The same through hipLaunchKernel with an argument array (y <- a*x + y once more).
  const float *xp = dx.ptr;
  float *yp = dy.ptr;
  int nn = n;
  float aa = a;
  void *args[] = {&nn, &aa, &xp, &yp};
  HIP_CHECK(hipLaunchKernel(saxpy, dim3(512), dim3(256), args, 0, nullptr));
  HIP_CHECK_LAUNCH();
  std::vector<float> out2(n);
  HIP_CHECK(hipMemcpy(out2.data(), dy, n * sizeof(float), hipMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) e2e::expect_near("y (hipLaunchKernel)", i, out2[i], a * x[i] + out[i]);
  return e2e::finish("saxpy");
}
