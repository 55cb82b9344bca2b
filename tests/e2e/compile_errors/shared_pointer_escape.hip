// Must not compile: A pointer to __shared__ memory stored to global memory as a generic pointer.
// hipcc reports it with file:line and names the construct.
#include <hip/hip_runtime.h>

__global__ void kernel(int **out) {
  __shared__ int s[4];
  s[threadIdx.x & 3] = 1;
  out[0] = s;
}

int main() {
  int *d = nullptr;
  kernel<<<1, 4>>>(reinterpret_cast<int **>(d));
  return 0;
}
