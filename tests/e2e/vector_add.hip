// Vector addition c = a + b, 10^6 floats, one thread per element, with __launch_bounds__.
#include "test_common.h"

#include <vector>

__global__ void __launch_bounds__(256) vector_add(const float *a, const float *b, float *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) c[i] = a[i] + b[i];
}

int main() {
  const int n = 1000000;
  std::vector<float> a(n), b(n), c(n, 0.0f);
  for (int i = 0; i < n; ++i) {
    a[i] = static_cast<float>(i) * 0.5f;
    b[i] = static_cast<float>(n - i) * 0.25f;
  }
  e2e::DeviceBuffer<float> da(n), db(n), dc(n);
  da.upload(a);
  db.upload(b);
  const int block = 256;
  const int grid = (n + block - 1) / block;
  vector_add<<<grid, block>>>(da, db, dc, n);
  HIP_CHECK_LAUNCH();
  dc.download(c);
  for (int i = 0; i < n; ++i) e2e::expect_eq("c", i, c[i], a[i] + b[i]);
  return e2e::finish("vector_add");
}
