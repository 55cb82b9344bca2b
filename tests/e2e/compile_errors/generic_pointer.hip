// Must not compile: A pointer that may address __shared__ or global memory: Vulkan has no generic pointers.
// hipcc reports it with file:line and names the construct.
#include <hip/hip_runtime.h>

__global__ void kernel(int *g, int c) {
  __shared__ int s[4];
  int *q = c ? s : g;  // which memory? only known at run time
  q[threadIdx.x & 3] = 1;
  __syncthreads();
  g[0] = s[0];
}

int main() {
  int *d = nullptr;
  kernel<<<1, 4>>>(d, 1);
  return 0;
}
