// Several kernels of one translation unit, each with more than 16 KiB of static __shared__ memory
// (one also with dynamic shared memory): together they exceed lavapipe's 32 KiB, each alone fits.
// Every kernel is a SPIR-V module of its own, so the validation layer (which sums the Workgroup
// variables of a whole module) accepts them all.
#include "test_common.h"

#include <vector>

constexpr int kBlock = 256;

// 20 KiB: each block reverses its tile of 5120 floats.
constexpr int kTile = 5120;
__global__ void reverse_tiles(const float *in, float *out) {
  __shared__ float tile[kTile];
  const float *src = in + size_t(blockIdx.x) * kTile;
  for (int i = threadIdx.x; i < kTile; i += blockDim.x) tile[i] = src[i];
  __syncthreads();
  for (int i = threadIdx.x; i < kTile; i += blockDim.x) out[size_t(blockIdx.x) * kTile + i] = tile[kTile - 1 - i];
}

// 18 KiB: neighbours' values through shared memory.
constexpr int kBins = 4608;
__global__ void neighbour_sums(const unsigned *in, unsigned *out) {
  __shared__ unsigned bins[kBins];
  for (int i = threadIdx.x; i < kBins; i += blockDim.x) bins[i] = in[blockIdx.x * kBins + i] * 3u + i;
  __syncthreads();
  for (int i = threadIdx.x; i < kBins; i += blockDim.x) out[blockIdx.x * kBins + i] = bins[i] + bins[(i + 1) % kBins];
}

// 17 KiB static plus `dynamic_count` ints of dynamic shared memory.
constexpr int kStatic = 4352;
__global__ void static_and_dynamic(const int *in, int *out, int dynamic_count) {
  __shared__ int doubled[kStatic];
  extern __shared__ int incremented[];
  for (int i = threadIdx.x; i < kStatic; i += blockDim.x) doubled[i] = in[i] * 2;
  for (int i = threadIdx.x; i < dynamic_count; i += blockDim.x) incremented[i] = in[i] + 1;
  __syncthreads();
  for (int i = threadIdx.x; i < kStatic; i += blockDim.x) out[i] = doubled[kStatic - 1 - i] + incremented[i % dynamic_count];
}

// Two instantiations, 17 and 18 KiB of doubles: sums of a sliding window of 4 within the block.
template <int N> __global__ void window_sums(const double *in, double *out) {
  __shared__ double window[N];
  for (int i = threadIdx.x; i < N; i += blockDim.x) window[i] = in[i];
  __syncthreads();
  for (int i = threadIdx.x; i < N; i += blockDim.x) {
    double s = 0;
    for (int k = 0; k < 4; ++k) s += window[(i + k) % N];
    out[i] = s;
  }
}

template <int N> void check_window_sums() {
  std::vector<double> in(N), out(N);
  for (int i = 0; i < N; ++i) in[i] = 0.5 * i - 100;
  e2e::DeviceBuffer<double> din(N), dout(N);
  din.upload(in);
  window_sums<N><<<1, kBlock>>>(din, dout);
  HIP_CHECK_LAUNCH();
  dout.download(out);
  for (int i = 0; i < N; ++i) {
    double want = 0;
    for (int k = 0; k < 4; ++k) want += in[(i + k) % N];
    e2e::expect_eq("window_sums", i, out[i], want);
  }
}

void check_static_shared(const void *kernel, size_t bytes, const char *what) {
  hipFuncAttributes attributes{};
  HIP_CHECK(hipFuncGetAttributes(&attributes, kernel));
  e2e::check(attributes.sharedSizeBytes == bytes, what);
}

int main() {
  check_static_shared(reinterpret_cast<const void *>(reverse_tiles), kTile * sizeof(float), "reverse_tiles shared size");
  check_static_shared(reinterpret_cast<const void *>(neighbour_sums), kBins * sizeof(unsigned), "neighbour_sums shared size");
  check_static_shared(reinterpret_cast<const void *>(static_and_dynamic), kStatic * sizeof(int), "static_and_dynamic shared size");

  {
    const int blocks = 3, n = blocks * kTile;
    std::vector<float> in(n), out(n);
    for (int i = 0; i < n; ++i) in[i] = float(i % 997) * 0.25f;
    e2e::DeviceBuffer<float> din(n), dout(n);
    din.upload(in);
    for (int block : {kBlock, 128}) { // two pipelines of the same module
      reverse_tiles<<<blocks, block>>>(din, dout);
      HIP_CHECK_LAUNCH();
      dout.download(out);
      for (int b = 0; b < blocks; ++b)
        for (int i = 0; i < kTile; ++i) e2e::expect_eq("reverse_tiles", b * kTile + i, out[b * kTile + i], in[b * kTile + kTile - 1 - i]);
    }
  }
  {
    const int blocks = 2, n = blocks * kBins;
    std::vector<unsigned> in(n), out(n);
    for (int i = 0; i < n; ++i) in[i] = unsigned(i * 2654435761u);
    e2e::DeviceBuffer<unsigned> din(n), dout(n);
    din.upload(in);
    neighbour_sums<<<blocks, kBlock>>>(din, dout);
    HIP_CHECK_LAUNCH();
    dout.download(out);
    for (int b = 0; b < blocks; ++b)
      for (int i = 0; i < kBins; ++i) {
        int j = (i + 1) % kBins;
        unsigned want = (in[b * kBins + i] * 3u + i) + (in[b * kBins + j] * 3u + j);
        e2e::expect_eq("neighbour_sums", b * kBins + i, out[b * kBins + i], want);
      }
  }
  for (int dynamic_count : {3072, 1000}) { // 12 KiB and 4000 bytes of dynamic shared memory
    std::vector<int> in(kStatic), out(kStatic);
    for (int i = 0; i < kStatic; ++i) in[i] = i * 7 - 5000;
    e2e::DeviceBuffer<int> din(kStatic), dout(kStatic);
    din.upload(in);
    static_and_dynamic<<<1, kBlock, dynamic_count * sizeof(int)>>>(din, dout, dynamic_count);
    HIP_CHECK_LAUNCH();
    dout.download(out);
    for (int i = 0; i < kStatic; ++i)
      e2e::expect_eq("static_and_dynamic", i, out[i], in[kStatic - 1 - i] * 2 + in[i % dynamic_count] + 1);
  }
  check_window_sums<2176>();
  check_window_sums<2304>();
  return e2e::finish("large_shared_kernels");
}
