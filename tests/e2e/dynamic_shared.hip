// Dynamic shared memory (extern __shared__ and HIP_DYNAMIC_SHARED), sized at launch: block
// reductions at several block sizes (one pipeline each), and static and dynamic shared memory side
// by side in one kernel without overlapping.
#include "test_common.h"

#include <vector>

__global__ void block_sums(const float *in, float *out, int n) {
  extern __shared__ float partial[];
  unsigned t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
  partial[t] = i < n ? in[i] : 0.0f;
  __syncthreads();
  for (unsigned stride = blockDim.x / 2; stride > 0; stride /= 2) {
    if (t < stride) partial[t] += partial[t + stride];
    __syncthreads();
  }
  if (t == 0) out[blockIdx.x] = partial[0];
}

// Each thread owns `per_thread` doubles of dynamic shared memory; a static histogram sits beside them.
__global__ void static_and_dynamic(int *histogram_out, double *sums_out, int per_thread) {
  __shared__ int histogram[8];
  HIP_DYNAMIC_SHARED(double, scratch)
  unsigned t = threadIdx.x;
  if (t < 8) histogram[t] = 0;
  for (int k = 0; k < per_thread; ++k) scratch[t * per_thread + k] = t + 0.25 * k;
  __syncthreads();
  // One writer per histogram bin keeps this free of atomics.
  if (t < 8)
    for (unsigned u = 0; u < blockDim.x; ++u) histogram[t] += (u % 8 == t);
  __syncthreads();
  double sum = 0;
  for (int k = 0; k < per_thread; ++k) sum += scratch[((t + 1) % blockDim.x) * per_thread + k];
  sums_out[t] = sum;
  if (t < 8) histogram_out[t] = histogram[t];
}

int main() {
  const int n = 100000;
  std::vector<float> in(n);
  for (int i = 0; i < n; ++i) in[i] = float((i * 37) % 101) - 50.0f;
  e2e::DeviceBuffer<float> din(n);
  din.upload(in);
  for (int block : {64, 128, 256}) {
    int blocks = (n + block - 1) / block;
    e2e::DeviceBuffer<float> dout(blocks);
    block_sums<<<blocks, block, block * sizeof(float)>>>(din, dout, n);
    HIP_CHECK_LAUNCH();
    std::vector<float> out(blocks);
    dout.download(out);
    for (int b = 0; b < blocks; ++b) {
      double want = 0;
      for (int i = b * block; i < std::min(n, (b + 1) * block); ++i) want += in[i];
      e2e::expect_near("block sum", b, double(out[b]), want, 1e-6);
    }
  }

  const int threads = 96, per_thread = 5;
  e2e::DeviceBuffer<int> dhist(8);
  e2e::DeviceBuffer<double> dsums(threads);
  static_and_dynamic<<<1, threads, threads * per_thread * sizeof(double)>>>(dhist, dsums, per_thread);
  HIP_CHECK_LAUNCH();
  std::vector<int> hist(8);
  std::vector<double> sums(threads);
  dhist.download(hist);
  dsums.download(sums);
  for (int b = 0; b < 8; ++b) e2e::expect_eq("histogram", b, hist[b], threads / 8);
  for (int t = 0; t < threads; ++t) {
    unsigned owner = (t + 1) % threads;
    double want = 0;
    for (int k = 0; k < per_thread; ++k) want += owner + 0.25 * k;
    e2e::expect_eq("dynamic scratch", t, sums[t], want);
  }
  return e2e::finish("dynamic_shared");
}
