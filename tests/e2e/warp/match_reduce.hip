// __match_any / __match_all (and _sync), __reduce_*_sync with full and partial masks, __syncwarp
// ordering shared memory between lanes, and a warp-size-generic block reduction whose float
// result must equal the host's evaluation of the same shuffle tree bit for bit.
#include "warp.h"

#include <climits>
#include <cstring>
#include <memory>

namespace {

template <class T> __host__ __device__ T match_key(int t, int b) {
  return static_cast<T>(((t / 3) * 7 + b) % 5) * static_cast<T>(3) + static_cast<T>(1);
}

template <class T>
__global__ void matches(unsigned long long *any, unsigned long long *all, int *pred, unsigned long long *any_sync,
                        unsigned long long *all_sync, int *pred_sync) {
  const int t = threadIdx.x + blockDim.x * threadIdx.y;
  const int i = blockIdx.x * blockDim.x * blockDim.y + t;
  const T key = match_key<T>(t, blockIdx.x);
  // Even blocks: all lanes of a warp agree on a value; odd blocks: keys vary.
  const T uniform = static_cast<T>(blockIdx.x + (t / warpSize) * 11);
  const T v = blockIdx.x % 2 == 0 ? uniform : key;
  any[i] = __match_any(v);
  int p = -1;
  all[i] = __match_all(v, &p);
  pred[i] = p;
  any_sync[i] = __match_any_sync(0x5555555555555555ull, key);
  int ps = -1;
  all_sync[i] = __match_all_sync(0xffffffffu, v, &ps);
  pred_sync[i] = ps;
}

template <class T> void check_matches(const char *type_name) {
  const dim3 block(10, 7); // 70 threads: a partial last warp at every warp size above 2
  const int grid = 4, threads = 70, total = threads * grid;
  const WarpModel w{device_warp_size(), threads};
  e2e::DeviceBuffer<unsigned long long> d_any(total), d_all(total), d_any_sync(total), d_all_sync(total);
  e2e::DeviceBuffer<int> d_pred(total), d_pred_sync(total);
  matches<T><<<grid, block>>>(d_any, d_all, d_pred, d_any_sync, d_all_sync, d_pred_sync);
  HIP_CHECK_LAUNCH();
  std::vector<unsigned long long> any(total), all(total), any_sync(total), all_sync(total);
  std::vector<int> pred(total), pred_sync(total);
  d_any.download(any), d_all.download(all), d_any_sync.download(any_sync), d_all_sync.download(all_sync);
  d_pred.download(pred), d_pred_sync.download(pred_sync);
  for (int b = 0; b < grid; ++b)
    for (int t = 0; t < threads; ++t) {
      const int base = w.warp_base(t), n = w.lanes_in_warp(t), i = b * threads + t;
      auto value = [&](int u) {
        return b % 2 == 0 ? static_cast<T>(b + (u / w.warp_size) * 11) : match_key<T>(u, b);
      };
      unsigned long long same = 0, same_key = 0, active = n >= 64 ? ~0ull : (1ull << n) - 1;
      for (int l = 0; l < n; ++l) {
        if (value(base + l) == value(t)) same |= 1ull << l;
        if (match_key<T>(base + l, b) == match_key<T>(t, b)) same_key |= 1ull << l;
      }
      const bool uniform = same == active;
      char what[64];
      std::snprintf(what, sizeof what, "match_any<%s>", type_name);
      e2e::expect_eq(what, i, any[i], same);
      std::snprintf(what, sizeof what, "match_all<%s>", type_name);
      e2e::expect_eq(what, i, all[i], uniform ? active : 0ull);
      e2e::expect_eq(what, i, pred[i], int(uniform));
      std::snprintf(what, sizeof what, "match_any_sync<%s>", type_name);
      e2e::expect_eq(what, i, any_sync[i], same_key & 0x5555555555555555ull);
      const unsigned long long lanes32 = active & 0xffffffffull;
      const bool uniform32 = (same & lanes32) == lanes32;
      std::snprintf(what, sizeof what, "match_all_sync<%s>", type_name);
      e2e::expect_eq(what, i, all_sync[i], uniform32 ? lanes32 : 0ull);
      e2e::expect_eq(what, i, pred_sync[i], int(uniform32));
    }
}

template <class T> __host__ __device__ T reduce_input(int t) {
  return static_cast<T>((static_cast<long long>(t) * 2654435761ll) % 1000003 - 500001);
}

template <class T> __global__ void reductions(T *out, unsigned long long mask) {
  const int t = threadIdx.x;
  const T v = reduce_input<T>(t + blockIdx.x * blockDim.x);
  T *r = out + (blockIdx.x * blockDim.x + t) * 6;
  r[0] = __reduce_add_sync(mask, v);
  r[1] = __reduce_min_sync(mask, v);
  r[2] = __reduce_max_sync(mask, v);
  r[3] = __reduce_and_sync(mask, v);
  r[4] = __reduce_or_sync(mask, v);
  r[5] = __reduce_xor_sync(mask, v);
}

template <class T> void check_reductions(const char *type_name, unsigned long long mask) {
  const int block = 90, grid = 3, total = block * grid;
  const WarpModel w{device_warp_size(), block};
  e2e::DeviceBuffer<T> d(size_t(total) * 6);
  reductions<T><<<grid, block>>>(d, mask);
  HIP_CHECK_LAUNCH();
  std::vector<T> got(size_t(total) * 6);
  d.download(got);
  for (int b = 0; b < grid; ++b)
    for (int t = 0; t < block; ++t) {
      const int base = w.warp_base(t), n = w.lanes_in_warp(t);
      T sum = 0, mn = std::numeric_limits<T>::max(), mx = std::numeric_limits<T>::lowest(), a = ~T(0), o = 0, x = 0;
      for (int l = 0; l < n; ++l) {
        if (!((mask >> l) & 1)) continue;
        const T v = reduce_input<T>(base + l + b * block);
        sum = T(sum + v), mn = std::min(mn, v), mx = std::max(mx, v), a &= v, o |= v, x ^= v;
      }
      const T want[6] = {sum, mn, mx, a, o, x};
      const char *names[6] = {"add", "min", "max", "and", "or", "xor"};
      for (int k = 0; k < 6; ++k) {
        char what[80];
        std::snprintf(what, sizeof what, "__reduce_%s_sync<%s> mask %llx", names[k], type_name, mask);
        e2e::expect_eq(what, b * block + t, got[(size_t(b) * block + t) * 6 + k], want[k]);
      }
    }
}

// Lanes exchange through __shared__ memory with only __syncwarp between write and read.
__global__ void warp_exchange(int *out) {
  extern __shared__ int scratch[];
  const int t = threadIdx.x;
  scratch[t] = t * t + 1;
  __syncwarp();
  const int partner = (t ^ 1) < int(blockDim.x) && (t ^ 1) / warpSize == t / warpSize ? (t ^ 1) : t;
  const int seen = scratch[partner];
  __syncwarp();
  scratch[t] = seen * 2;
  __syncwarp();
  out[t] = scratch[partner];
}

// Warp w calls __syncwarp() w times: warps of one block meet it different numbers of times, which
// a workgroup-wide barrier would deadlock or cut short.
__global__ void uneven_syncwarp(int *out) {
  const unsigned t = threadIdx.x, warp = t / warpSize;
  int v = int(t);
  for (unsigned i = 0; i < warp; ++i) {
    v += 1;
    __syncwarp();
  }
  out[t] = v;
}

// A reduction as real programs write it: shuffle-down tree per warp, warp sums through shared
// memory, written against warpSize.
template <class T> __device__ T warp_sum(T v) {
  for (int offset = warpSize / 2; offset > 0; offset /= 2) v += __shfl_down(v, offset);
  return v;
}

template <class T> __global__ void block_sum(const T *in, T *out, int n) {
  extern __shared__ unsigned char shared_bytes[];
  T *warp_sums = reinterpret_cast<T *>(shared_bytes);
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  T v = i < n ? in[i] : T(0);
  v = warp_sum(v);
  const int lane = threadIdx.x % warpSize, warp = threadIdx.x / warpSize;
  if (lane == 0) warp_sums[warp] = v;
  __syncthreads();
  const int warps = (blockDim.x + warpSize - 1) / warpSize;
  if (warp == 0) {
    // More warps than lanes on small warps: each lane first adds every warpSize-th warp sum.
    v = T(0);
    for (int k = lane; k < warps; k += warpSize) v += warp_sums[k];
    v = warp_sum(v);
    if (lane == 0) out[blockIdx.x] = v;
  }
}

// The host's evaluation of the same tree: lane l adds lane l+offset (its own value when that is
// outside the warp, as __shfl_down gives).
template <class T> T host_warp_tree(std::vector<T> lanes, int warp_size) {
  for (int offset = warp_size / 2; offset > 0; offset /= 2) {
    std::vector<T> next(lanes);
    for (int l = 0; l < warp_size; ++l) next[l] = lanes[l] + (l + offset < warp_size ? lanes[l + offset] : lanes[l]);
    lanes = next;
  }
  return lanes[0];
}

template <class T> void check_block_sum(const char *type_name, int n, int block) {
  const int ws = device_warp_size(), grid = (n + block - 1) / block, warps = (block + ws - 1) / ws;
  std::unique_ptr<T[]> in(new T[n]);
  for (int i = 0; i < n; ++i) in[i] = static_cast<T>((i * 37 % 101) - 50) / static_cast<T>(7) + static_cast<T>(i % 3);
  e2e::DeviceBuffer<T> d_in(n), d_out(grid);
  HIP_CHECK(hipMemcpy(d_in, in.get(), n * sizeof(T), hipMemcpyHostToDevice));
  block_sum<T><<<grid, block, warps * sizeof(T)>>>(d_in, d_out, n);
  HIP_CHECK_LAUNCH();
  std::vector<T> got(grid);
  d_out.download(got);
  for (int b = 0; b < grid; ++b) {
    std::vector<T> warp_results(warps);
    for (int wi = 0; wi < warps; ++wi) {
      std::vector<T> lanes(ws);
      for (int l = 0; l < ws; ++l) {
        const int local = wi * ws + l, i = b * block + local;
        lanes[l] = local < block && i < n ? in[i] : T(0);
      }
      warp_results[wi] = host_warp_tree(lanes, ws);
    }
    std::vector<T> second(ws, T(0));
    for (int l = 0; l < ws; ++l)
      for (int k = l; k < warps; k += ws) second[l] += warp_results[k];
    const T want = host_warp_tree(second, ws);
    char what[64];
    std::snprintf(what, sizeof what, "block_sum<%s> n=%d block=%d", type_name, n, block);
    T have = got[b];
    if (std::memcmp(&have, &want, sizeof(T)) != 0) e2e::expect_eq(what, b, have, want);
  }
}

} // namespace

void test_match_and_reduce() {
  check_matches<int>("int");
  check_matches<unsigned int>("unsigned");
  check_matches<long long>("long long");
  check_matches<unsigned long long>("unsigned long long");
  check_matches<float>("float");
  check_matches<double>("double");
  for (unsigned long long mask : {~0ull, 0xffffffffull, 0x00ff00ff00ff00ffull, 0x6ull}) {
    check_reductions<int>("int", mask);
    check_reductions<unsigned int>("unsigned", mask);
    check_reductions<long long>("long long", mask);
    check_reductions<unsigned long long>("unsigned long long", mask);
  }

  const int block = 100;
  e2e::DeviceBuffer<int> d(block);
  warp_exchange<<<1, block, block * sizeof(int)>>>(d);
  HIP_CHECK_LAUNCH();
  std::vector<int> got(block);
  d.download(got);
  for (int t = 0; t < block; ++t) e2e::expect_eq("__syncwarp exchange", t, got[t], (t * t + 1) * 2);

  const int uneven = 35, ws = device_warp_size();
  e2e::DeviceBuffer<int> d_uneven(uneven);
  HIP_CHECK(hipMemset(d_uneven, 0xA5, uneven * sizeof(int)));
  uneven_syncwarp<<<1, uneven>>>(d_uneven);
  HIP_CHECK_LAUNCH();
  std::vector<int> got_uneven(uneven);
  d_uneven.download(got_uneven);
  for (int t = 0; t < uneven; ++t) e2e::expect_eq("__syncwarp, different counts per warp", t, got_uneven[t], t + t / ws);

  // Block sizes that are multiples of every warp size up to 64, odd element counts.
  check_block_sum<float>("float", 100003, 256);
  check_block_sum<double>("double", 77777, 128);
  check_block_sum<int>("int", 4099, 64);
  check_block_sum<long long>("long long", 1000, 192);
}
