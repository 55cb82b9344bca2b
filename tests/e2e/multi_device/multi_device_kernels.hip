// The kernels the two devices run, and their host references (templates, shared memory, an
// argument structure larger than the push constants).
#include "multi_device.h"

namespace {

template <typename T>
__global__ void axpy(T a, const T *x, T *y, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i];
}

__global__ void polynomial(Polynomial p, const float *x, float *y, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float r = p.coefficients[p.degree];
  for (int k = p.degree - 1; k >= 0; --k) r = r * x[i] + p.coefficients[k];  // Horner, unfused
  y[i] = r;
}

// One sum per block of Block elements, a halving tree in shared memory.
template <int Block, typename T>
__global__ void block_sums(const T *in, T *sums, int n) {
  __shared__ T part[Block];
  const int i = blockIdx.x * Block + threadIdx.x;
  part[threadIdx.x] = i < n ? in[i] : T(0);
  __syncthreads();
  for (int stride = Block / 2; stride > 0; stride /= 2) {
    if (int(threadIdx.x) < stride) part[threadIdx.x] += part[threadIdx.x + stride];
    __syncthreads();
  }
  if (threadIdx.x == 0) sums[blockIdx.x] = part[0];
}

unsigned blocks_for(int n, int block) { return unsigned((n + block - 1) / block); }

}  // namespace

hipError_t launch_axpy(float a, const float *x, float *y, int n, hipStream_t stream, int block) {
  axpy<<<blocks_for(n, block), block, 0, stream>>>(a, x, y, n);
  return hipPeekAtLastError();  // left for the caller to read (and clear)
}

hipError_t launch_axpy_shaped(float a, const float *x, float *y, int n, dim3 block, size_t dynamicShared) {
  axpy<<<1, block, dynamicShared>>>(a, x, y, n);
  return hipPeekAtLastError();  // left for the caller to read (and clear)
}

hipError_t launch_polynomial(const Polynomial &p, const float *x, float *y, int n, hipStream_t stream) {
  polynomial<<<blocks_for(n, kBlock), kBlock, 0, stream>>>(p, x, y, n);
  return hipPeekAtLastError();  // left for the caller to read (and clear)
}

hipError_t launch_block_sums(const float *in, float *sums, int n, hipStream_t stream) {
  block_sums<kBlock><<<blocks_for(n, kBlock), kBlock, 0, stream>>>(in, sums, n);
  return hipPeekAtLastError();  // left for the caller to read (and clear)
}

float reference_polynomial(const Polynomial &p, float x) {
  float r = p.coefficients[p.degree];
  for (int k = p.degree - 1; k >= 0; --k) r = r * x + p.coefficients[k];
  return r;
}

std::vector<float> reference_block_sums(const std::vector<float> &in) {
  const int n = int(in.size());
  std::vector<float> sums(blocks_for(n, kBlock));
  for (size_t b = 0; b < sums.size(); ++b) {
    float part[kBlock];
    for (int t = 0; t < kBlock; ++t) part[t] = int(b) * kBlock + t < n ? in[b * kBlock + t] : 0.0f;
    for (int stride = kBlock / 2; stride > 0; stride /= 2)
      for (int t = 0; t < stride; ++t) part[t] += part[t + stride];
    sums[b] = part[0];
  }
  return sums;
}
