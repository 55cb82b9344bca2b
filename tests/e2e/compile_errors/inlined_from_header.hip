// Must not compile: an unsupported construct (an intrinsic without a Vulkan lowering) in a device
// function of a header, inlined into the kernel through another header function. The message names
// the header line of the construct and, in turn, each call site it was inlined from out to the
// user's line in this file (the lines marked hipvk-expect-location here and in the header).
#include "inlined_from_header.h"

__global__ void kernel(int *g) {
  check_value(g); // hipvk-expect-location
  g[0] = 1;
}

int main() {
  int *d = nullptr;
  kernel<<<1, 1>>>(d);
  return 0;
}
