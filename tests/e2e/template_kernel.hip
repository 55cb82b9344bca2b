// Template kernels launched through hipLaunchKernelGGL(HIP_KERNEL_NAME(kernel<...>), ...) with
// several instantiations (types and non-type parameters), and a template __device__ helper.
#include "test_common.h"

#include <vector>

template <typename T> __device__ T combine(T a, T b) { return a * T(3) + b; }

template <typename T, int Scale> __global__ void scale_add(const T *in, T *out, T offset, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = combine<T>(static_cast<T>(in[i] * T(Scale)), offset);
}

template <typename T, int Scale> int run(const char *name) {
  const int n = 5000;
  std::vector<T> in(n), out(n);
  for (int i = 0; i < n; ++i) in[i] = static_cast<T>(i % 97) - static_cast<T>(40);
  e2e::DeviceBuffer<T> din(n), dout(n);
  din.upload(in);
  const T offset = static_cast<T>(7);
  hipLaunchKernelGGL(HIP_KERNEL_NAME(scale_add<T, Scale>), dim3((n + 127) / 128), dim3(128), 0, 0,
                     din.ptr, dout.ptr, offset, n);
  HIP_CHECK_LAUNCH();
  dout.download(out);
  int before = e2e::g_failures;
  for (int i = 0; i < n; ++i) e2e::expect_eq(name, i, out[i], static_cast<T>(in[i] * T(Scale) * T(3) + offset));
  return e2e::g_failures - before;
}

// Template arguments of long distinct names make a mangled kernel name past 255 bytes (rocPRIM's
// reach 400), longer than Vulkan's validation layer accepts as an entry point name: the entry point
// is a shortened name (kernel_abi.h, spirvEntryPoint) that the runtime asks for alike.
struct first_template_argument_with_a_name_long_enough_to_push_the_mangled_kernel_name_far {};
struct second_template_argument_with_a_name_long_enough_to_push_the_mangled_kernel_name_far {};
struct third_template_argument_with_a_name_long_enough_to_push_the_mangled_kernel_name_far {};
template <class A, class B, class C>
__global__ void kernel_of_a_long_mangled_name(int *out, int n) {
  const int i = int(blockIdx.x * blockDim.x + threadIdx.x);
  if (i < n) out[i] = i * 3 + 1;
}

void long_kernel_name() {
  const int n = 300;
  e2e::DeviceBuffer<int> d(n);
  kernel_of_a_long_mangled_name<first_template_argument_with_a_name_long_enough_to_push_the_mangled_kernel_name_far,
                                second_template_argument_with_a_name_long_enough_to_push_the_mangled_kernel_name_far,
                                third_template_argument_with_a_name_long_enough_to_push_the_mangled_kernel_name_far>
      <<<(n + 127) / 128, 128>>>(d, n);
  HIP_CHECK_LAUNCH();
  std::vector<int> out(n);
  d.download(out);
  for (int i = 0; i < n; ++i) e2e::expect_eq("kernel with a 300-byte name", i, out[i], i * 3 + 1);
}

int main() {
  long_kernel_name();
  run<int, 2>("int,2");
  run<int, -5>("int,-5");
  run<float, 4>("float,4");
  run<double, 3>("double,3");
  run<long long, 1000000007>("long long,1e9+7");
  run<unsigned short, 3>("unsigned short,3");
  return e2e::finish("template_kernel");
}
