// Calls and generic code in device code: __device__ and __host__ __device__ helpers (including a
// noinline one and one taking references), function templates, a functor, lambdas (capturing by
// value and by reference, generic, passed to a template), variadic template kernels and a
// variadic __device__ fold.
#include "test_common.h"

#include <vector>

__device__ int square(int x) { return x * x; }
__host__ __device__ int cube(int x) { return x * x * x; }
__device__ __noinline__ int add_mul(int a, int b, int c) { return (a + b) * c; }
__host__ __device__ void swap_if_greater(int &a, int &b) {
  if (a > b) {
    int t = a;
    a = b;
    b = t;
  }
}

template <typename T> __host__ __device__ T clamp_to(T v, T lo, T hi) { return v < lo ? lo : (v > hi ? hi : v); }

template <typename F> __device__ int apply_n(F f, int x, int n) {
  for (int i = 0; i < n; ++i) x = f(x);
  return x;
}

struct AffineFunctor {
  int a, b;
  __host__ __device__ int operator()(int x) const { return a * x + b; }
};

template <typename... Ts> __host__ __device__ long long sum_all(Ts... ts) { return (0LL + ... + (long long)ts); }

__global__ void calls(int *out, int n, AffineFunctor af) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int a = i % 13, b = i % 7;
  swap_if_greater(a, b);
  int base = square(a) + cube(b) + add_mul(a, b, i % 5);
  int counter = 0;
  auto bump = [&counter](int by) { counter += by; };  // captures by reference
  bump(i % 3);
  bump(2);
  auto twice = [=](int x) { return 2 * x + a; };  // captures by value
  auto generic = [](auto x, auto y) { return x * y; };
  int r = apply_n(twice, base % 100, 3) + apply_n(af, i % 10, 2) + generic(i % 4, 3) +
          (int)generic(1.5, 2.0) + counter + clamp_to(i - 100, 0, 1000) + (int)clamp_to(1.0f * i, 0.0f, 50.0f);
  out[i] = r;
}

template <typename... Args> __global__ void variadic(long long *out, Args... args) {
  out[threadIdx.x] = sum_all(args...) * (threadIdx.x + 1) + (long long)sizeof...(Args);
}

// Reference for calls().
int host_calls(int i, AffineFunctor af) {
  int a = i % 13, b = i % 7;
  swap_if_greater(a, b);
  int base = a * a + cube(b) + (a + b) * (i % 5);
  int counter = i % 3 + 2;
  auto twice = [=](int x) { return 2 * x + a; };
  int x = base % 100;
  for (int k = 0; k < 3; ++k) x = twice(x);
  int y = i % 10;
  for (int k = 0; k < 2; ++k) y = af(y);
  return x + y + (i % 4) * 3 + 3 + counter + clamp_to(i - 100, 0, 1000) + (int)clamp_to(1.0f * i, 0.0f, 50.0f);
}

int main() {
  const int n = 1500;
  AffineFunctor af{3, -4};
  e2e::DeviceBuffer<int> d(n);
  calls<<<(n + 255) / 256, 256>>>(d, n, af);
  HIP_CHECK_LAUNCH();
  std::vector<int> out(n);
  d.download(out);
  for (int i = 0; i < n; ++i) e2e::expect_eq("calls", i, out[i], host_calls(i, af));

  e2e::DeviceBuffer<long long> dv(4);
  long long hv[4];
  variadic<<<1, 4>>>(dv.ptr, 1, 2LL, (short)3, 'a', true, 2.75);  // 1+2+3+97+1+2 = 106, 6 args
  HIP_CHECK_LAUNCH();
  HIP_CHECK(hipMemcpy(hv, dv, sizeof hv, hipMemcpyDeviceToHost));
  for (int t = 0; t < 4; ++t) e2e::expect_eq("variadic6", t, hv[t], 106LL * (t + 1) + 6);

  hipLaunchKernelGGL(HIP_KERNEL_NAME(variadic<int, unsigned char>), dim3(1), dim3(4), 0, 0, dv.ptr, -50, (unsigned char)200);
  HIP_CHECK_LAUNCH();
  HIP_CHECK(hipMemcpy(hv, dv, sizeof hv, hipMemcpyDeviceToHost));
  for (int t = 0; t < 4; ++t) e2e::expect_eq("variadic2", t, hv[t], 150LL * (t + 1) + 2);

  variadic<<<1, 4>>>(dv.ptr);  // empty pack
  HIP_CHECK_LAUNCH();
  HIP_CHECK(hipMemcpy(hv, dv, sizeof hv, hipMemcpyDeviceToHost));
  for (int t = 0; t < 4; ++t) e2e::expect_eq("variadic0", t, hv[t], 0LL);
  return e2e::finish("device_calls");
}
