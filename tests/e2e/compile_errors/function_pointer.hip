// Must not compile: An indirect call: SPIR-V for Vulkan has no function pointers.
// hipcc reports it with file:line and names the construct.
#include <hip/hip_runtime.h>

__device__ int twice(int x) { return 2 * x; }
__device__ int inc(int x) { return x + 1; }
__global__ void kernel(int *g) {
  int (*f)(int) = g[1] ? twice : inc;
  g[0] = f(g[0]);
}

int main() {
  int *d = nullptr;
  kernel<<<1, 1>>>(d);
  return 0;
}
