// hipvk sample: vector addition on the default Vulkan device.
//   hipcc vector_add.hip -o vector_add && ./vector_add
#include <hip/hip_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <vector>

#define HIP_CHECK(expr)                                                                   \
  do {                                                                                    \
    hipError_t status = (expr);                                                           \
    if (status != hipSuccess) {                                                           \
      std::fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #expr, hipGetErrorString(status)); \
      std::exit(1);                                                                       \
    }                                                                                     \
  } while (0)

__global__ void vector_add(const float *a, const float *b, float *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) c[i] = a[i] + b[i];
}

int main() {
  hipDeviceProp_t prop;
  HIP_CHECK(hipGetDeviceProperties(&prop, 0));
  std::printf("device: %s (warpSize %d, %d compute units)\n", prop.name, prop.warpSize, prop.multiProcessorCount);

  const int n = 1 << 20;
  std::vector<float> a(n), b(n), c(n);
  for (int i = 0; i < n; ++i) {
    a[i] = 1.0f * i;
    b[i] = 2.0f * i;
  }
  float *da, *db, *dc;
  HIP_CHECK(hipMalloc(&da, n * sizeof(float)));
  HIP_CHECK(hipMalloc(&db, n * sizeof(float)));
  HIP_CHECK(hipMalloc(&dc, n * sizeof(float)));
  HIP_CHECK(hipMemcpy(da, a.data(), n * sizeof(float), hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(db, b.data(), n * sizeof(float), hipMemcpyHostToDevice));

  const int block = 256;
  vector_add<<<(n + block - 1) / block, block>>>(da, db, dc, n);
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipMemcpy(c.data(), dc, n * sizeof(float), hipMemcpyDeviceToHost));

  int errors = 0;
  for (int i = 0; i < n; ++i) errors += c[i] != a[i] + b[i];
  std::printf("c[0] = %g, c[%d] = %g\n", c[0], n - 1, c[n - 1]);
  std::printf("vector_add of %d floats: %s\n", n, errors ? "FAILED" : "PASSED");
  HIP_CHECK(hipFree(da));
  HIP_CHECK(hipFree(db));
  HIP_CHECK(hipFree(dc));
  return errors ? 1 : 0;
}
