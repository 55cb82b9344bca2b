// The benchmark kernels, in HIP: compiled by hipcc for hipvk and by nvcc (with a few
// definitions from cuda/hip_to_cuda.h) for the native CUDA baseline, so both run the same source.
#pragma once

// Grid-wide sync through cooperative groups, the same source on both sides.
#if defined(__HIP__)
#include <hip/hip_cooperative_groups.h>
#else
#include <cooperative_groups.h>
#endif

constexpr int kReduceThreads = 256;
constexpr int kGridSyncThreads = 256;
constexpr int kTile = 16;
constexpr int kHistogramBins = 256;

__global__ void triad(float *a, const float *b, const float *c, float s, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) a[i] = b[i] + s * c[i];
}

// Double-precision compute: a degree-12 polynomial per element (Horner), 24 flops per 16 bytes.
constexpr int kPolyDegree = 12;
__host__ __device__ inline double poly(double x) {
  double y = 1.0 / 479001600.0;
  for (int k = kPolyDegree - 1; k >= 0; --k) y = y * x + 1.0 / double(k + 1);
  return y;
}
__global__ void dpoly(const double *x, double *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = poly(x[i]);
}

// Grid-stride accumulation, then a tree in shared memory: one partial sum per block.
__global__ void reduce(const float *in, float *partial, int n) {
  __shared__ float cache[kReduceThreads];
  unsigned t = threadIdx.x, stride = gridDim.x * blockDim.x;
  float sum = 0.0f;
  for (unsigned i = blockIdx.x * blockDim.x + t; i < unsigned(n); i += stride) sum += in[i];
  cache[t] = sum;
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (t < s) cache[t] += cache[t + s];
    __syncthreads();
  }
  if (t == 0) partial[blockIdx.x] = cache[0];
}

// The same sum as real programs write it with warp shuffles: a shuffle-down tree per warp, warp
// sums through shared memory, written against warpSize (any warp size of at least 4).
__device__ __forceinline__ float warpSum(float v) {
  for (int offset = warpSize / 2; offset > 0; offset /= 2) v += __shfl_down_sync(0xffffffffu, v, offset);
  return v;
}
__global__ void reduce_shfl(const float *in, float *partial, int n) {
  __shared__ float warpSums[kReduceThreads / 4];
  unsigned t = threadIdx.x, stride = gridDim.x * blockDim.x;
  float sum = 0.0f;
  for (unsigned i = blockIdx.x * blockDim.x + t; i < unsigned(n); i += stride) sum += in[i];
  sum = warpSum(sum);
  const int lane = t % warpSize, warp = t / warpSize, warps = blockDim.x / warpSize;
  if (lane == 0) warpSums[warp] = sum;
  __syncthreads();
  if (warp == 0) {
    sum = 0.0f;
    for (int k = lane; k < warps; k += warpSize) sum += warpSums[k];
    sum = warpSum(sum);
    if (lane == 0) partial[blockIdx.x] = sum;
  }
}

// C = A * B for n x n row-major matrices, n a multiple of 16, 16 x 16 tiles in shared memory.
__device__ __forceinline__ void sgemm_tiles(const float *A, const float *B, float *C, int n) {
  __shared__ float As[kTile][kTile];
  __shared__ float Bs[kTile][kTile];
  unsigned tx = threadIdx.x, ty = threadIdx.y;
  unsigned row = blockIdx.y * kTile + ty, col = blockIdx.x * kTile + tx;
  float acc = 0.0f;
  for (int k0 = 0; k0 < n; k0 += kTile) {
    As[ty][tx] = A[row * n + k0 + tx];
    Bs[ty][tx] = B[(k0 + ty) * n + col];
    __syncthreads();
    for (int k = 0; k < kTile; ++k) acc += As[ty][k] * Bs[k][tx];
    __syncthreads();
  }
  C[row * n + col] = acc;
}
__global__ void sgemm(const float *A, const float *B, float *C, int n) { sgemm_tiles(A, B, C, n); }
// The same with __restrict__ arguments: C provably aliases neither A nor B, so hipvk's barriers
// need not order global memory (docs/HIP_ON_VULKAN.md, "__syncthreads()").
__global__ void sgemm_restrict(const float *__restrict__ A, const float *__restrict__ B, float *__restrict__ C, int n) {
  sgemm_tiles(A, B, C, n);
}

// Fully contended atomics: every thread adds to one counter.
__global__ void atomic_one_address(unsigned *counter, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) atomicAdd(counter, 1u);
}
__global__ void atomic_float_one_address(float *sum, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) atomicAdd(sum, 1.0f);
}

// 256-bin histogram of the bytes of `words`: per-block bins in shared memory, merged at the end.
__global__ void histogram256(const unsigned *words, int n, unsigned *bins) {
  __shared__ unsigned local[kHistogramBins];
  for (int b = threadIdx.x; b < kHistogramBins; b += blockDim.x) local[b] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
    unsigned w = words[i];
    atomicAdd(&local[w & 0xff], 1u);
    atomicAdd(&local[(w >> 8) & 0xff], 1u);
    atomicAdd(&local[(w >> 16) & 0xff], 1u);
    atomicAdd(&local[w >> 24], 1u);
  }
  __syncthreads();
  for (int b = threadIdx.x; b < kHistogramBins; b += blockDim.x) atomicAdd(&bins[b], local[b]);
}

__global__ void empty() {}

// Grid-sync round trips (a cooperative launch): each round every block publishes the round number,
// syncs the grid, checks its neighbour's, and syncs again before the next round overwrites it: two
// grid syncs per round. A wrong neighbour value sets the flag after the last block's slot.
__global__ void grid_sync_rounds(unsigned *slots, int rounds) {
  const unsigned block = blockIdx.x, blocks = gridDim.x;
  for (int r = 1; r <= rounds; ++r) {
    if (threadIdx.x == 0) slots[block] = unsigned(r);
    cooperative_groups::this_grid().sync();
    if (threadIdx.x == 0 && slots[(block + 1) % blocks] != unsigned(r)) slots[blocks] = 1;
    cooperative_groups::this_grid().sync();
  }
}
