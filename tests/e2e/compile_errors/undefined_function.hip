// Must not compile: a device function that is declared but defined nowhere (no device linking in
// hipvk), reported with file:line.
#include <hip/hip_runtime.h>

__device__ float mystery(float x);  // never defined

__global__ void kernel(float *out) { out[threadIdx.x] = mystery(out[threadIdx.x]); }

int main() {
  float *d = nullptr;
  kernel<<<1, 1>>>(d);
  return 0;
}
