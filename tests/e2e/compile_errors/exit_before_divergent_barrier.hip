// Must not compile: threads may return before the tile loop, and the loop's trip count is read by
// each thread from its own row (a CSR row length): a returned thread cannot know how many barriers
// the others execute, so hipvk cannot keep it at them (HIP_ON_VULKAN.md, "Threads that exit before
// a barrier"). The error names the loop condition and the return.
#include <hip/hip_runtime.h>

__global__ void row_tiles(const int *row_start, const float *values, float *out, int rows) {
  __shared__ float tile[128];
  const int row = blockIdx.x * blockDim.x + threadIdx.x;
  if (row >= rows) return;
  const int begin = row_start[row], end = row_start[row + 1];
  float sum = 0.0f;
  for (int k = begin; k < end; ++k) {  // hipvk-expect-location
    tile[threadIdx.x] = values[k];
    __syncthreads();
    sum += tile[(threadIdx.x + 1) % blockDim.x];
    __syncthreads();
  }
  out[row] = sum;
}

int main() {
  row_tiles<<<1, 128>>>(nullptr, nullptr, nullptr, 0);
  return 0;
}
