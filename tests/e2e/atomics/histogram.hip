// __shared__ memory atomics as real kernels use them: a 256-bin byte histogram per block merged
// into global bins, per-block float sums, and the block votes.
#include "atomics.h"

#include <memory>

namespace {

template <typename Count>
__global__ void byte_histogram(const unsigned char *data, size_t n, Count *bins) {
  __shared__ Count local[256];
  for (unsigned b = threadIdx.x; b < 256; b += blockDim.x) local[b] = 0;
  __syncthreads();
  for (size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x; i < n; i += size_t(gridDim.x) * blockDim.x)
    atomicAdd(&local[data[i]], Count(1));
  __syncthreads();
  for (unsigned b = threadIdx.x; b < 256; b += blockDim.x)
    if (local[b]) atomicAdd(&bins[b], local[b]);
}

// Per block: the sum of quarter-integers in shared memory (exact in any order), the block's
// largest and smallest element, and how many elements a compare-and-swap claimed first.
__global__ void block_float_stats(const float *in, unsigned n, float *sums, int *extremes, unsigned *claims) {
  __shared__ float sum;
  __shared__ int hi, lo;
  __shared__ unsigned owner;
  if (threadIdx.x == 0) sum = 0.0f, hi = -2147483647 - 1, lo = 2147483647, owner = 0xffffffffu;
  __syncthreads();
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    atomicAdd_block(&sum, in[i]);
    atomicMax(&hi, static_cast<int>(in[i] * 4));
    atomicMin(&lo, static_cast<int>(in[i] * 4));
    atomicCAS(&owner, 0xffffffffu, threadIdx.x);
  }
  __syncthreads();
  if (threadIdx.x == 0) {
    sums[blockIdx.x] = sum;
    extremes[2 * blockIdx.x] = hi;
    extremes[2 * blockIdx.x + 1] = lo;
    claims[blockIdx.x] = owner < blockDim.x ? 1u : 0u;
  }
}

// Block votes in a 2-D block whose size is not a multiple of any warp size.
__global__ void votes(const int *pred, int *out) {
  const unsigned t = threadIdx.y * blockDim.x + threadIdx.x;
  const unsigned id = blockIdx.x * blockDim.x * blockDim.y + t;
  const int count = __syncthreads_count(pred[id]);
  const int all = __syncthreads_and(pred[id]);
  const int any = __syncthreads_or(pred[id]);
  const int count_again = __syncthreads_count(!pred[id]);  // back-to-back votes must not interfere
  out[4 * id] = count, out[4 * id + 1] = all, out[4 * id + 2] = any, out[4 * id + 3] = count_again;
}

template <typename Count> void run_histogram(const char *name, const std::vector<unsigned char> &data, unsigned blocks) {
  e2e::DeviceBuffer<unsigned char> d(data.size());
  e2e::DeviceBuffer<Count> bins(256);
  d.upload(data);
  HIP_CHECK(hipMemset(bins, 0, bins.bytes()));
  byte_histogram<Count><<<blocks, 192>>>(d, data.size(), bins);
  HIP_CHECK_LAUNCH();
  std::vector<Count> got(256), want(256);
  bins.download(got);
  for (unsigned char c : data) ++want[c];
  for (int b = 0; b < 256; ++b) e2e::expect_eq(name, b, got[b], want[b]);
}

}  // namespace

void test_histograms() {
  const size_t n = 1000003;
  auto raw = pseudo_random(n, 7);
  std::vector<unsigned char> data(n), skewed(n);
  for (size_t i = 0; i < n; ++i) data[i] = static_cast<unsigned char>(raw[i] >> 7);
  for (size_t i = 0; i < n; ++i) skewed[i] = static_cast<unsigned char>(i % 11 == 0 ? raw[i] : 42);  // contended bin
  run_histogram<unsigned>("histogram", data, 61);
  run_histogram<unsigned>("histogram (one hot bin)", skewed, 61);
  run_histogram<int>("histogram (int bins)", data, 3);

  const unsigned threads = 128, count = threads * 45 + 77, blocks = (count + threads - 1) / threads;
  std::vector<float> in(count);
  auto r = pseudo_random(count, 11);
  for (unsigned i = 0; i < count; ++i) in[i] = static_cast<float>(static_cast<int>(r[i] % 2001) - 1000) / 4.0f;
  e2e::DeviceBuffer<float> d_in(count), sums(blocks);
  e2e::DeviceBuffer<int> extremes(2 * blocks);
  e2e::DeviceBuffer<unsigned> claims(blocks);
  d_in.upload(in);
  block_float_stats<<<blocks, threads>>>(d_in, count, sums, extremes, claims);
  HIP_CHECK_LAUNCH();
  std::vector<float> got_sums(blocks);
  std::vector<int> got_ext(2 * blocks);
  std::vector<unsigned> got_claims(blocks);
  sums.download(got_sums);
  extremes.download(got_ext);
  claims.download(got_claims);
  for (unsigned b = 0; b < blocks; ++b) {
    float sum = 0.0f;
    int hi = -2147483647 - 1, lo = 2147483647;
    for (unsigned i = b * threads; i < std::min(count, (b + 1) * threads); ++i) {
      sum += in[i];
      hi = std::max(hi, static_cast<int>(in[i] * 4));
      lo = std::min(lo, static_cast<int>(in[i] * 4));
    }
    e2e::expect_eq("shared float atomicAdd_block", b, got_sums[b], sum);
    e2e::expect_eq("shared atomicMax", b, got_ext[2 * b], hi);
    e2e::expect_eq("shared atomicMin", b, got_ext[2 * b + 1], lo);
    e2e::expect_eq("shared atomicCAS claims", b, got_claims[b], 1u);
  }
}

void test_block_votes() {
  const dim3 block(7, 9);
  const unsigned per_block = block.x * block.y, blocks = 5, n = per_block * blocks;
  std::vector<int> pred(n);
  for (unsigned i = 0; i < n; ++i) {
    const unsigned b = i / per_block, t = i % per_block;
    pred[i] = b == 0 ? 0 : b == 1 ? 3 : b == 2 ? int(t % 5 == 0) : b == 3 ? int(t != per_block - 1) : -int(t == 17);
  }
  e2e::DeviceBuffer<int> d_pred(n), out(4 * n);
  d_pred.upload(pred);
  votes<<<blocks, block>>>(d_pred, out);
  HIP_CHECK_LAUNCH();
  std::vector<int> got(4 * n);
  out.download(got);
  for (unsigned b = 0; b < blocks; ++b) {
    int count = 0;
    for (unsigned t = 0; t < per_block; ++t) count += pred[b * per_block + t] != 0;
    for (unsigned t = 0; t < per_block; ++t) {
      const unsigned id = b * per_block + t;
      e2e::expect_eq("__syncthreads_count", id, got[4 * id], count);
      e2e::expect_eq("__syncthreads_and", id, got[4 * id + 1], int(count == int(per_block)));
      e2e::expect_eq("__syncthreads_or", id, got[4 * id + 2], int(count != 0));
      e2e::expect_eq("__syncthreads_count (negated)", id, got[4 * id + 3], int(per_block) - count);
    }
  }
}
