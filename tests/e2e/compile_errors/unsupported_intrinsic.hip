// Must not compile: An intrinsic with no Vulkan lowering (a trap needs the service buffer of a later issue).
// hipcc reports it with file:line and names the construct.
#include <hip/hip_runtime.h>

__global__ void kernel(int *g) {
  if (g[0] < 0) __builtin_trap();
  g[0] = 1;
}

int main() {
  int *d = nullptr;
  kernel<<<1, 1>>>(d);
  return 0;
}
