// Must not compile: Vulkan SPIR-V has no call stack, so recursion is rejected with file:line.
// (Two recursive calls, so that LLVM cannot turn the recursion into a loop.)
#include <hip/hip_runtime.h>

__device__ int fib(int n) {
  if (n < 2) return n;
  return fib(n - 1) + fib(n - 2);  // recursive calls
}

__global__ void kernel(int *out, int n) { out[threadIdx.x] = fib(n + threadIdx.x); }

int main() {
  int *d = nullptr;
  kernel<<<1, 1>>>(d, 5);
  return 0;
}
