// Must not compile: the address of a pointer that may point to __shared__ or global memory, taken as
// a number. Accesses through such a pointer are split per memory space, but its value has no one
// representation (a 32-bit __shared__ offset or a 64-bit device address) on Vulkan.
// hipcc reports it with file:line and names the construct.
#include <hip/hip_runtime.h>

__global__ void kernel(int *g, unsigned long long *out, int c) {
  __shared__ int s[4];
  s[threadIdx.x & 3] = 1;
  int *q = c ? s : g;  // which memory? only known at run time
  out[threadIdx.x] = reinterpret_cast<unsigned long long>(q + threadIdx.x);
}

int main() {
  kernel<<<1, 4>>>(nullptr, nullptr, 1);
  return 0;
}
