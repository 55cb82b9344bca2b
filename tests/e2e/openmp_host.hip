// A program whose host reference runs under OpenMP (hipcc -fopenmp: host compile and link only):
// a dense matrix-vector product with odd sizes, compared bit for bit (each row is summed in the
// same order on both sides, contraction off).
#include "test_common.h"

#include <omp.h>

#include <vector>

#pragma clang fp contract(off)

template <typename T> __global__ void matvec(const T *a, const T *x, T *y, int rows, int cols) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= rows) return;
  T sum = 0;
  for (int c = 0; c < cols; ++c) sum += a[size_t(r) * cols + c] * x[c];
  y[r] = sum;
}

template <typename T> void run(const char *name, int rows, int cols) {
  std::vector<T> a(size_t(rows) * cols), x(cols), y(rows), want(rows);
#pragma omp parallel for
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) a[size_t(r) * cols + c] = T((r * 31 + c * 17) % 23) / T(8) - T(1);
  for (int c = 0; c < cols; ++c) x[c] = T(c % 11) * T(0.25) + T(0.5);
#pragma omp parallel for
  for (int r = 0; r < rows; ++r) {
    T sum = 0;
    for (int c = 0; c < cols; ++c) sum += a[size_t(r) * cols + c] * x[c];
    want[r] = sum;
  }
  e2e::DeviceBuffer<T> da(a.size()), dx(cols), dy(rows);
  da.upload(a);
  dx.upload(x);
  matvec<T><<<(rows + 63) / 64, 64>>>(da, dx, dy, rows, cols);
  HIP_CHECK_LAUNCH();
  dy.download(y);
  for (int r = 0; r < rows; ++r) e2e::expect_eq(name, r, y[r], want[r]);
}

int main() {
  e2e::check(omp_get_max_threads() >= 1, "OpenMP runtime present");
  run<float>("float rows", 1023, 517);
  run<double>("double rows", 333, 1001);
  return e2e::finish("openmp_host");
}
