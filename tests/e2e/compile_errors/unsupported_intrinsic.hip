// Must not compile: An intrinsic with no Vulkan lowering (a debugger breakpoint: Vulkan compute has
// no debugger to stop in). hipcc reports it with file:line and names the construct.
#include <hip/hip_runtime.h>

__global__ void kernel(int *g) {
  if (g[0] < 0) __builtin_debugtrap();
  g[0] = 1;
}

int main() {
  int *d = nullptr;
  kernel<<<1, 1>>>(d);
  return 0;
}
