// Threads that return before a __syncthreads() the rest of the block still executes: the idiom
// `if (i >= n) return; ... tile[threadIdx.x] = ...; __syncthreads(); ...`, which NVIDIA and AMD
// hardware run because their barriers count exited threads as arrived (hipvk: ExitedThreadsPass.cpp,
// docs/HIP_ON_VULKAN.md "Threads that exit before a barrier"). Sizes are not multiples of the
// block, so the last block of each launch has returned threads; every result is checked against a
// host reference.
//   - Matérn-3/2 covariance times a vector, 1-D tiles staged in shared memory by the live threads
//     (an N-body style pairwise loop), float and double, blocks of 256 and 128;
//   - the Matérn covariance matrix itself over 3-D points, 16x16 tiles of a 2-D grid, row and column
//     points staged by the first column and row of the tile;
//   - a block reduction whose tree loop has a barrier per level;
//   - __syncthreads_count/and/or and cooperative groups' block sync after the return;
//   - a return inside a loop with barriers, with a store on its way out (each thread's search
//     stops at its own round; the block counts the threads still searching every round).
#include "test_common.h"

#include <hip/hip_cooperative_groups.h>

#include <algorithm>
#include <cmath>
#include <vector>

namespace cg = cooperative_groups;

template <typename T> __host__ __device__ T matern32(T r, T ell) {
  const T s = T(1.7320508075688772) * r / ell;
  return (T(1) + s) * exp(-s);
}

// out[i] = sum_j k(|x_i - x_j|) y_j. The block's live threads stage `active` points per tile.
template <typename T, int BLOCK>
__global__ void matern_matvec(const T *x, const T *y, T *out, int n, T ell) {
  __shared__ T sx[BLOCK], sy[BLOCK];
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const T xi = x[i];
  const int active = min(static_cast<int>(blockDim.x), n - static_cast<int>(blockIdx.x * blockDim.x));
  T acc = 0;
  for (int base = 0; base < n; base += active) {
    const int j = base + threadIdx.x;
    sx[threadIdx.x] = j < n ? x[j] : T(0);
    sy[threadIdx.x] = j < n ? y[j] : T(0);
    __syncthreads();
    const int count = min(active, n - base);
    for (int k = 0; k < count; ++k) acc += matern32(fabs(xi - sx[k]), ell) * sy[k];
    __syncthreads();
  }
  out[i] = acc;
}

struct Point3 {
  float x, y, z;
};

// The covariance matrix K[r][c] = sigma2 * k(|p_r - p_c|) over a 2-D grid of TILE x TILE blocks.
template <int TILE>
__global__ void matern_covariance(const Point3 *points, float *cov, int n, float ell, float sigma2) {
  __shared__ Point3 rows[TILE], cols[TILE];
  const int r = blockIdx.y * TILE + threadIdx.y, c = blockIdx.x * TILE + threadIdx.x;
  if (r >= n || c >= n) return;
  if (threadIdx.x == 0) rows[threadIdx.y] = points[r];
  if (threadIdx.y == 0) cols[threadIdx.x] = points[c];
  __syncthreads();
  const Point3 p = rows[threadIdx.y], q = cols[threadIdx.x];
  const float dx = p.x - q.x, dy = p.y - q.y, dz = p.z - q.z;
  cov[static_cast<size_t>(r) * n + c] = sigma2 * matern32(sqrtf(dx * dx + dy * dy + dz * dz), ell);
}

// Per-block sums of the live threads' values, a barrier per level of the tree.
__global__ void block_sums(const int *in, long long *sums, int n) {
  __shared__ long long partial[256];
  const int tid = threadIdx.x, i = blockIdx.x * blockDim.x + tid;
  if (i >= n) return;
  const int active = min(static_cast<int>(blockDim.x), n - static_cast<int>(blockIdx.x * blockDim.x));
  partial[tid] = in[i];
  __syncthreads();
  for (int stride = blockDim.x / 2; stride > 0; stride >>= 1) {
    if (tid < stride && tid + stride < active) partial[tid] += partial[tid + stride];
    __syncthreads();
  }
  if (tid == 0) sums[blockIdx.x] = partial[0];
}

// Block votes and cooperative groups' block sync after the return: returned threads do not vote.
__global__ void votes(const int *in, int *counts, int *all, int *any, int *synced, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const int v = in[i];
  const int count = __syncthreads_count(v > 0);
  const int every = __syncthreads_and(v > -1000);
  const int some = __syncthreads_or(v == 7);
  cg::thread_block block = cg::this_thread_block();
  __shared__ int last;
  if (threadIdx.x == 0) last = 0;
  block.sync();
  atomicMax(&last, static_cast<int>(threadIdx.x));
  block.sync();
  counts[i] = count;
  all[i] = every;
  any[i] = some;
  synced[i] = last;
}

// Thread i searches rounds 0..rounds-1 of its column for the first negative value; it records the
// round and returns, or keeps counting how many threads of its block are still searching.
__global__ void search(const int *data, int *stop, int *seen, int n, int rounds) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int alive = 0;
  for (int round = 0; round < rounds; ++round) {
    if (data[static_cast<size_t>(round) * n + i] < 0) {
      stop[i] = round;
      seen[i] = alive;
      return;
    }
    alive += __syncthreads_count(1);
  }
  stop[i] = rounds;
  seen[i] = alive;
}

template <typename T, int BLOCK> void check_matvec(const char *what, int n) {
  std::vector<T> x(n), y(n), out(n);
  for (int i = 0; i < n; ++i) {
    x[i] = static_cast<T>(0.01 * i + 0.003 * (i % 5));
    y[i] = static_cast<T>(1 + i % 7);
  }
  const T ell = static_cast<T>(0.5);
  e2e::DeviceBuffer<T> dx(n), dy(n), dout(n);
  dx.upload(x);
  dy.upload(y);
  HIP_CHECK(hipMemset(dout, 0, n * sizeof(T)));
  matern_matvec<T, BLOCK><<<(n + BLOCK - 1) / BLOCK, BLOCK>>>(dx, dy, dout, n, ell);
  HIP_CHECK_LAUNCH();
  dout.download(out);
  for (int i = 0; i < n; ++i) {
    double acc = 0;
    for (int j = 0; j < n; ++j) acc += matern32(std::fabs(static_cast<double>(x[i]) - x[j]), 0.5) * y[j];
    e2e::expect_near(what, i, static_cast<double>(out[i]), acc, sizeof(T) == 4 ? 1e-4 : 1e-12);
  }
}

void check_covariance(int n) {
  constexpr int kTile = 16;
  std::vector<Point3> p(n);
  for (int i = 0; i < n; ++i) p[i] = {0.02f * (i % 37), 0.03f * (i % 23), 0.001f * i};
  e2e::DeviceBuffer<Point3> dp(n);
  e2e::DeviceBuffer<float> dcov(static_cast<size_t>(n) * n);
  dp.upload(p);
  HIP_CHECK(hipMemset(dcov, 0, static_cast<size_t>(n) * n * sizeof(float)));
  const dim3 grid((n + kTile - 1) / kTile, (n + kTile - 1) / kTile), block(kTile, kTile);
  matern_covariance<kTile><<<grid, block>>>(dp, dcov, n, 0.4f, 2.0f);
  HIP_CHECK_LAUNCH();
  std::vector<float> cov(static_cast<size_t>(n) * n);
  dcov.download(cov);
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) {
      const double dx = p[r].x - p[c].x, dy = p[r].y - p[c].y, dz = p[r].z - p[c].z;
      const double want = 2.0 * matern32(std::sqrt(dx * dx + dy * dy + dz * dz), 0.4);
      e2e::expect_near("matern_covariance", static_cast<long long>(r) * n + c, static_cast<double>(cov[static_cast<size_t>(r) * n + c]), want, 1e-5);
    }
}

void check_block_sums(int n) {
  std::vector<int> in(n);
  for (int i = 0; i < n; ++i) in[i] = (i * 37) % 1001 - 500;
  const int blocks = (n + 255) / 256;
  e2e::DeviceBuffer<int> din(n);
  e2e::DeviceBuffer<long long> dsums(blocks);
  din.upload(in);
  block_sums<<<blocks, 256>>>(din, dsums, n);
  HIP_CHECK_LAUNCH();
  std::vector<long long> sums(blocks);
  dsums.download(sums);
  for (int b = 0; b < blocks; ++b) {
    long long s = 0;
    for (int i = b * 256; i < (b + 1) * 256 && i < n; ++i) s += in[i];
    e2e::expect_eq("block_sums", b, sums[b], s);
  }
}

void check_votes(int n, int blockSize) {
  std::vector<int> in(n);
  for (int i = 0; i < n; ++i) in[i] = (i % 3 == 0) ? -(i % 11) : (i % 13 == 0 ? 7 : i % 5 + 1);
  e2e::DeviceBuffer<int> din(n), dcounts(n), dall(n), dany(n), dsynced(n);
  din.upload(in);
  const int blocks = (n + blockSize - 1) / blockSize;
  votes<<<blocks, blockSize>>>(din, dcounts, dall, dany, dsynced, n);
  HIP_CHECK_LAUNCH();
  std::vector<int> counts(n), all(n), any(n), synced(n);
  dcounts.download(counts);
  dall.download(all);
  dany.download(any);
  dsynced.download(synced);
  for (int b = 0; b < blocks; ++b) {
    int count = 0, every = 1, some = 0, last = 0;
    for (int i = b * blockSize; i < (b + 1) * blockSize && i < n; ++i) {
      count += in[i] > 0;
      every &= in[i] > -1000;
      some |= in[i] == 7;
      last = i - b * blockSize;
    }
    for (int i = b * blockSize; i < (b + 1) * blockSize && i < n; ++i) {
      e2e::expect_eq("__syncthreads_count", i, counts[i], count);
      e2e::expect_eq("__syncthreads_and", i, all[i] != 0, every != 0);
      e2e::expect_eq("__syncthreads_or", i, any[i] != 0, some != 0);
      e2e::expect_eq("thread_block::sync", i, synced[i], last);
    }
  }
}

void check_search(int n, int rounds) {
  std::vector<int> data(static_cast<size_t>(n) * rounds), stopAt(n);
  for (int i = 0; i < n; ++i) {
    stopAt[i] = (i * 7) % (rounds + 3);  // >= rounds: never stops
    for (int r = 0; r < rounds; ++r) data[static_cast<size_t>(r) * n + i] = r == stopAt[i] ? -1 : r + i;
  }
  e2e::DeviceBuffer<int> ddata(data.size()), dstop(n), dseen(n);
  ddata.upload(data);
  const int blocks = (n + 127) / 128;
  search<<<blocks, 128>>>(ddata, dstop, dseen, n, rounds);
  HIP_CHECK_LAUNCH();
  std::vector<int> stop(n), seen(n);
  dstop.download(stop);
  dseen.download(seen);
  for (int i = 0; i < n; ++i) {
    const int b = i / 128, mine = std::min(stopAt[i], rounds);
    int alive = 0;
    for (int r = 0; r < mine; ++r)
      for (int j = b * 128; j < (b + 1) * 128 && j < n; ++j) alive += stopAt[j] > r;
    e2e::expect_eq("search.stop", i, stop[i], mine);
    e2e::expect_eq("search.seen", i, seen[i], alive);
  }
}

int main() {
  check_matvec<float, 256>("matern_matvec<float, 256>", 1000);
  check_matvec<double, 128>("matern_matvec<double, 128>", 1000);
  check_matvec<float, 256>("matern_matvec<float, 256>(n < block)", 77);
  check_covariance(1000);
  check_block_sums(1000);
  check_block_sums(100000 + 3);
  check_votes(1000, 256);
  check_votes(333, 64);
  check_search(1000, 9);
  return e2e::finish("exited_threads");
}
