// Must not compile: A variable-length array: private memory must have a size known at compile time.
// hipcc reports it with file:line and names the construct.
#include <hip/hip_runtime.h>

__global__ void kernel(int *g, int n) {
  int a[n];
  for (int i = 0; i < n; ++i) a[i] = g[i];
  g[0] = a[n / 2];
}

int main() {
  int *d = nullptr;
  kernel<<<1, 1>>>(d, 4);
  return 0;
}
