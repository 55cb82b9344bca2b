// Structs passed to kernels by value: a small mixed struct (padding inside), a nested struct with
// an array, and a kernel whose arguments exceed 96 bytes, which forces the argument buffer path.
#include "test_common.h"

#include <vector>

struct Small {
  char tag;      // 1 byte, then 3 bytes of padding
  int count;
  double scale;  // 8-byte aligned
  short delta;
};

struct Inner {
  float v[3];
  unsigned char flags;
};
struct Nested {
  Inner a, b;
  long long big;
};

// 16 * 8 = 128 bytes of arguments on its own.
struct Big {
  double c[16];
};

__global__ void use_small(Small s, double *out) {
  int i = threadIdx.x;
  out[i] = s.tag + s.count * s.scale + s.delta + i;
}

__global__ void use_nested(int n, Nested s, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const Inner &in = (i % 2) ? s.b : s.a;
  out[i] = in.v[i % 3] + in.flags + (float)(s.big % 1000);
}

// Polynomial evaluation with 16 coefficients passed by value, plus scalars after the struct.
__global__ void use_big(const double *x, Big p, double *y, int n, Small tail) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double acc = 0.0;
  for (int k = 15; k >= 0; --k) acc = acc * x[i] + p.c[k];
  y[i] = acc + tail.count;
}

int main() {
  {
    Small s{'A', -3, 0.5, 1000};
    e2e::DeviceBuffer<double> d(64);
    use_small<<<1, 64>>>(s, d);
    HIP_CHECK_LAUNCH();
    std::vector<double> out(64);
    d.download(out);
    for (int i = 0; i < 64; ++i) e2e::expect_eq("use_small", i, out[i], s.tag + s.count * s.scale + s.delta + i);
  }
  {
    Nested s{{{1.5f, 2.5f, 3.5f}, 7}, {{-1.0f, -2.0f, -3.0f}, 200}, 123456789012345LL};
    const int n = 1000;
    e2e::DeviceBuffer<float> d(n);
    use_nested<<<(n + 255) / 256, 256>>>(n, s, d);
    HIP_CHECK_LAUNCH();
    std::vector<float> out(n);
    d.download(out);
    for (int i = 0; i < n; ++i) {
      const Inner &in = (i % 2) ? s.b : s.a;
      e2e::expect_eq("use_nested", i, out[i], in.v[i % 3] + in.flags + (float)(s.big % 1000));
    }
  }
  {
    Big p;
    for (int k = 0; k < 16; ++k) p.c[k] = 1.0 / (k + 1) * ((k % 2) ? -1 : 1);
    Small tail{'z', 42, 1.0, 0};
    const int n = 4096;
    std::vector<double> x(n), y(n);
    for (int i = 0; i < n; ++i) x[i] = (i - n / 2) / double(n);
    e2e::DeviceBuffer<double> dx(n), dy(n);
    dx.upload(x);
    use_big<<<n / 128, 128>>>(dx, p, dy, n, tail);
    HIP_CHECK_LAUNCH();
    dy.download(y);
    for (int i = 0; i < n; ++i) {
      double acc = 0.0;
      for (int k = 15; k >= 0; --k) acc = acc * x[i] + p.c[k];
      e2e::expect_near("use_big", i, y[i], acc + tail.count, 1e-12);
    }
  }
  return e2e::finish("struct_args");
}
