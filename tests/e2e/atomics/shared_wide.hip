// 64-bit and floating-point atomics on __shared__ memory, and 8/16/64-bit __shared__ data: each
// such variable has its own typed Workgroup array, so these are single native accesses.
#include "atomics.h"

#include <algorithm>
#include <cstdint>
#include <memory>

namespace {

constexpr unsigned kBins = 61;  // odd: bins straddle warps unevenly

// Per block: 64-bit sums of large values, 64-bit max/min of signed values, a double sum of
// exact multiples of 1/16, and a 64-bit CAS claim per bin.
__global__ void wide_shared_atomics(const unsigned long long *values, unsigned n, unsigned long long *sums,
                                    long long *extremes, double *dsums, unsigned long long *claims) {
  __shared__ unsigned long long sum[kBins];
  __shared__ long long hi[kBins], lo[kBins];
  __shared__ double dsum[kBins];
  __shared__ unsigned long long claim[kBins];
  for (unsigned b = threadIdx.x; b < kBins; b += blockDim.x)
    sum[b] = 0, hi[b] = INT64_MIN, lo[b] = INT64_MAX, dsum[b] = 0.0, claim[b] = ~0ull;
  __syncthreads();
  for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
    const unsigned long long v = values[i];
    const unsigned b = static_cast<unsigned>(v % kBins);
    atomicAdd(&sum[b], v);
    atomicMax(&hi[b], static_cast<long long>(v));
    atomicMin(&lo[b], static_cast<long long>(v));
    atomicAdd_block(&dsum[b], static_cast<double>(v & 0xffff) / 16.0);
    atomicCAS(&claim[b], ~0ull, static_cast<unsigned long long>(i));
  }
  __syncthreads();
  for (unsigned b = threadIdx.x; b < kBins; b += blockDim.x) {
    atomicAdd(&sums[b], sum[b]);
    atomicMax(&extremes[2 * b], hi[b]);
    atomicMin(&extremes[2 * b + 1], lo[b]);
    atomicAdd(&dsums[b], dsum[b]);
    claims[blockIdx.x * kBins + b] = claim[b];
  }
}

// Narrow and wide __shared__ data: a byte per thread (neighbouring threads share a word), shorts,
// and a double tile transposed through shared memory.
template <unsigned kTile>
__global__ void narrow_and_wide(const double *in, double *out, unsigned rows, unsigned cols, unsigned char *bytes_out,
                                short *shorts_out) {
  __shared__ double tile[kTile][kTile + 1];
  __shared__ unsigned char bytes[kTile * kTile];
  __shared__ short shorts[kTile * kTile];
  const unsigned x = blockIdx.x * kTile + threadIdx.x, y = blockIdx.y * kTile + threadIdx.y;
  const unsigned t = threadIdx.y * kTile + threadIdx.x;
  if (x < cols && y < rows) tile[threadIdx.y][threadIdx.x] = in[y * cols + x];
  bytes[t] = static_cast<unsigned char>(t * 7 + blockIdx.x);
  shorts[t] = static_cast<short>(-static_cast<int>(t) * 3 + static_cast<int>(blockIdx.y));
  __syncthreads();
  const unsigned tx = blockIdx.y * kTile + threadIdx.x, ty = blockIdx.x * kTile + threadIdx.y;
  if (tx < rows && ty < cols) out[ty * rows + tx] = tile[threadIdx.x][threadIdx.y];
  const unsigned block = blockIdx.y * gridDim.x + blockIdx.x, mirrored = kTile * kTile - 1 - t;
  bytes_out[block * kTile * kTile + t] = bytes[mirrored];
  shorts_out[block * kTile * kTile + t] = shorts[mirrored];
}

}  // namespace

// 64-bit and double atomics on __shared__ memory, left out on devices without 64-bit atomics.
static void check_wide_shared_atomics() {
  const unsigned n = 200003, blocks = 23, threads = 160;
  auto raw = pseudo_random(n, 31);
  std::vector<unsigned long long> values(n);
  for (unsigned i = 0; i < n; ++i) values[i] = (static_cast<unsigned long long>(raw[i]) << 29) ^ raw[(i * 13) % n];
  std::vector<long long> ext_init(2 * kBins);
  for (unsigned b = 0; b < kBins; ++b) ext_init[2 * b] = INT64_MIN, ext_init[2 * b + 1] = INT64_MAX;
  e2e::DeviceBuffer<unsigned long long> d_values(n), sums(kBins), claims(blocks * kBins);
  e2e::DeviceBuffer<long long> extremes(2 * kBins);
  e2e::DeviceBuffer<double> dsums(kBins);
  d_values.upload(values);
  extremes.upload(ext_init);
  HIP_CHECK(hipMemset(sums, 0, sums.bytes()));
  HIP_CHECK(hipMemset(dsums, 0, dsums.bytes()));
  wide_shared_atomics<<<blocks, threads>>>(d_values, n, sums, extremes, dsums, claims);
  if (!e2e::launched("64-bit and double atomics on __shared__ memory")) return;
  std::vector<unsigned long long> got_sums(kBins), got_claims(blocks * kBins);
  std::vector<long long> got_ext(2 * kBins);
  std::vector<double> got_d(kBins);
  sums.download(got_sums);
  extremes.download(got_ext);
  dsums.download(got_d);
  claims.download(got_claims);
  std::vector<unsigned long long> want_sums(kBins);
  std::vector<long long> want_ext(ext_init);
  std::vector<double> want_d(kBins);
  for (unsigned long long v : values) {
    const unsigned b = static_cast<unsigned>(v % kBins);
    want_sums[b] += v;
    want_ext[2 * b] = std::max(want_ext[2 * b], static_cast<long long>(v));
    want_ext[2 * b + 1] = std::min(want_ext[2 * b + 1], static_cast<long long>(v));
    want_d[b] += static_cast<double>(v & 0xffff) / 16.0;  // exact: every partial sum is a multiple of 1/16 below 2^53
  }
  for (unsigned b = 0; b < kBins; ++b) {
    e2e::expect_eq("shared 64-bit atomicAdd", b, got_sums[b], want_sums[b]);
    e2e::expect_eq("shared 64-bit atomicMax", b, got_ext[2 * b], want_ext[2 * b]);
    e2e::expect_eq("shared 64-bit atomicMin", b, got_ext[2 * b + 1], want_ext[2 * b + 1]);
    e2e::expect_eq("shared double atomicAdd", b, got_d[b], want_d[b]);
  }
  // Each block's claim of a bin is an index that block visited and that falls in the bin.
  for (unsigned blk = 0; blk < blocks; ++blk)
    for (unsigned b = 0; b < kBins; ++b) {
      const unsigned long long c = got_claims[blk * kBins + b];
      const bool ok = c == ~0ull || (c < n && (c / threads) % blocks == blk && values[c] % kBins == b);
      e2e::check(ok, "shared 64-bit atomicCAS claims an element of its own block and bin");
    }
}

static void check_narrow_and_wide_tiles() {
  constexpr unsigned kTile = 12;
  const unsigned rows = 37, cols = 53;
  const dim3 grid((cols + kTile - 1) / kTile, (rows + kTile - 1) / kTile), block(kTile, kTile);
  const unsigned cells = grid.x * grid.y * kTile * kTile;
  std::vector<double> in(rows * cols);
  for (unsigned i = 0; i < rows * cols; ++i) in[i] = static_cast<double>(i) * 1.0009765625 - 77.5;
  e2e::DeviceBuffer<double> d_in(rows * cols), d_out(rows * cols);
  e2e::DeviceBuffer<unsigned char> bytes(cells);
  e2e::DeviceBuffer<short> shorts(cells);
  d_in.upload(in);
  narrow_and_wide<kTile><<<grid, block>>>(d_in, d_out, rows, cols, bytes, shorts);
  HIP_CHECK_LAUNCH();
  std::vector<double> out(rows * cols);
  std::vector<unsigned char> got_bytes(cells);
  std::vector<short> got_shorts(cells);
  d_out.download(out);
  bytes.download(got_bytes);
  shorts.download(got_shorts);
  for (unsigned r = 0; r < rows; ++r)
    for (unsigned c = 0; c < cols; ++c) e2e::expect_eq("shared double tile transpose", c * rows + r, out[c * rows + r], in[r * cols + c]);
  for (unsigned by = 0; by < grid.y; ++by)
    for (unsigned bx = 0; bx < grid.x; ++bx)
      for (unsigned t = 0; t < kTile * kTile; ++t) {
        const unsigned blk = by * grid.x + bx, m = kTile * kTile - 1 - t;
        e2e::expect_eq("shared bytes", blk * kTile * kTile + t, got_bytes[blk * kTile * kTile + t], static_cast<unsigned char>(m * 7 + bx));
        e2e::expect_eq("shared shorts", blk * kTile * kTile + t, got_shorts[blk * kTile * kTile + t],
                       static_cast<short>(-static_cast<int>(m) * 3 + static_cast<int>(by)));
      }
}

void test_shared_wide() {
  check_wide_shared_atomics();
  check_narrow_and_wide_tiles();
}
