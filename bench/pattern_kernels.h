// The kernels of the pattern suite (patterns.h; issue 12), written the way HIP programs write them:
// one source, compiled by hipcc for hipvk (patterns.hip) and by nvcc for the native baseline
// (cuda/patterns.cu). Each section names the pattern of issue 12's table it stands for.
#pragma once

#include <cstdint>

namespace patterns {

// ---- 1. 1-D convolution, filter in __constant__ memory (PMPP ch. 7): the direct form (halo
// through the caches) and the tiled form (halo staged in shared memory). The radius is a template
// parameter, as programs that unroll the filter loop write it.
constexpr int kMaxRadius = 63;
constexpr int kConvThreads = 256;
__constant__ float c_filter[2 * kMaxRadius + 1];

template <int R>
__global__ void conv1d(const float *__restrict__ in, float *__restrict__ out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float sum = 0.0f;
#pragma unroll
  for (int k = -R; k <= R; ++k) {
    int j = i + k;
    if (j >= 0 && j < n) sum += in[j] * c_filter[k + R];
  }
  out[i] = sum;
}

template <int R>
__global__ void conv1d_tiled(const float *__restrict__ in, float *__restrict__ out, int n) {
  __shared__ float tile[kConvThreads + 2 * R];
  const int base = blockIdx.x * kConvThreads;
  for (int t = threadIdx.x; t < kConvThreads + 2 * R; t += kConvThreads) {
    int j = base + t - R;
    tile[t] = (j >= 0 && j < n) ? in[j] : 0.0f;
  }
  __syncthreads();
  int i = base + threadIdx.x;
  if (i >= n) return;
  float sum = 0.0f;
#pragma unroll
  for (int k = 0; k <= 2 * R; ++k) sum += tile[threadIdx.x + k] * c_filter[k];
  out[i] = sum;
}

// ---- 2. Merge path (Green, McColl & Bader; moderngpu's merge): each block finds where its
// diagonals cut the two sorted inputs by binary search, stages its share of both in shared memory,
// then each thread finds its own cut there and merges kMergeItems elements; the result goes back
// through shared memory so that the stores are coalesced. Ties take from `a` first (stable).
constexpr int kMergeThreads = 128;
constexpr int kMergeItems = 7;
constexpr int kMergeTile = kMergeThreads * kMergeItems;

// How many of the first `diag` merged elements come from a.
template <typename T>
__device__ __forceinline__ int mergePath(const T *a, int na, const T *b, int nb, int diag) {
  int lo = diag > nb ? diag - nb : 0, hi = diag < na ? diag : na;
  while (lo < hi) {
    int mid = (lo + hi) >> 1;
    if (a[mid] <= b[diag - 1 - mid]) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

template <typename T>
__global__ void __launch_bounds__(kMergeThreads) merge_path(const T *__restrict__ a, int na, const T *__restrict__ b, int nb,
                                                            T *__restrict__ out) {
  __shared__ T tile[kMergeTile];
  __shared__ int cut[2];
  const int total = na + nb;
  const int diag0 = blockIdx.x * kMergeTile, diag1 = min(diag0 + kMergeTile, total);
  if (threadIdx.x == 0) cut[0] = mergePath(a, na, b, nb, diag0);
  if (threadIdx.x == 1) cut[1] = mergePath(a, na, b, nb, diag1);
  __syncthreads();
  const int a0 = cut[0], a1 = cut[1], b0 = diag0 - a0, b1 = diag1 - a1;
  const int la = a1 - a0, lb = b1 - b0, count = la + lb;
  for (int t = threadIdx.x; t < count; t += kMergeThreads) tile[t] = t < la ? a[a0 + t] : b[b0 + t - la];
  __syncthreads();
  // This thread's share of the block's output, merged from the tile into registers.
  const int d = min(int(threadIdx.x) * kMergeItems, count);
  int ai = mergePath(tile, la, tile + la, lb, d), bi = d - ai;
  T merged[kMergeItems];
#pragma unroll
  for (int k = 0; k < kMergeItems; ++k) {
    bool takeA = bi >= lb || (ai < la && tile[ai] <= tile[la + bi]);
    T v = takeA ? tile[ai] : tile[la + bi];
    if (d + k < count) merged[k] = v;
    if (takeA) ++ai;
    else ++bi;
  }
  __syncthreads();
#pragma unroll
  for (int k = 0; k < kMergeItems; ++k)
    if (d + k < count) tile[d + k] = merged[k];
  __syncthreads();
  for (int t = threadIdx.x; t < count; t += kMergeThreads) out[diag0 + t] = tile[t];
}

// ---- 3. and 10. Work-efficient (Blelloch) exclusive scan of 2 * kScanThreads elements per
// block, up-sweep and down-sweep in shared memory with GPU Gems 3's padding against bank
// conflicts (ch. 39); the block's total goes to `sums`. Large arrays: scan the blocks, scan their
// sums (recursively), add the scanned sums back.
constexpr int kScanThreads = 256;
constexpr int kScanItems = 2 * kScanThreads;
constexpr int kLogBanks = 5;
__device__ __forceinline__ int conflictFree(int i) { return i + (i >> kLogBanks); }

template <typename T>
__global__ void __launch_bounds__(kScanThreads) scan_blocks(const T *__restrict__ in, T *__restrict__ out, T *__restrict__ sums,
                                                            int n) {
  __shared__ T temp[kScanItems + (kScanItems >> kLogBanks)];
  const int t = threadIdx.x, base = blockIdx.x * kScanItems;
  const int ia = t, ib = t + kScanThreads;
  temp[conflictFree(ia)] = base + ia < n ? in[base + ia] : T(0);
  temp[conflictFree(ib)] = base + ib < n ? in[base + ib] : T(0);
  int offset = 1;
  for (int d = kScanItems >> 1; d > 0; d >>= 1) {  // up-sweep
    __syncthreads();
    if (t < d) {
      int ai = offset * (2 * t + 1) - 1, bi = offset * (2 * t + 2) - 1;
      temp[conflictFree(bi)] += temp[conflictFree(ai)];
    }
    offset *= 2;
  }
  if (t == 0) {
    if (sums) sums[blockIdx.x] = temp[conflictFree(kScanItems - 1)];
    temp[conflictFree(kScanItems - 1)] = T(0);
  }
  for (int d = 1; d < kScanItems; d *= 2) {  // down-sweep
    offset >>= 1;
    __syncthreads();
    if (t < d) {
      int ai = offset * (2 * t + 1) - 1, bi = offset * (2 * t + 2) - 1;
      T x = temp[conflictFree(ai)];
      temp[conflictFree(ai)] = temp[conflictFree(bi)];
      temp[conflictFree(bi)] += x;
    }
  }
  __syncthreads();
  if (base + ia < n) out[base + ia] = temp[conflictFree(ia)];
  if (base + ib < n) out[base + ib] = temp[conflictFree(ib)];
}

template <typename T>
__global__ void __launch_bounds__(kScanThreads) scan_add_back(T *__restrict__ data, const T *__restrict__ scannedSums, int n) {
  __shared__ T add;
  if (threadIdx.x == 0) add = scannedSums[blockIdx.x];
  __syncthreads();
  const int base = blockIdx.x * kScanItems;
  for (int i = threadIdx.x; i < kScanItems; i += kScanThreads)
    if (base + i < n) data[base + i] += add;
}

// ---- 4. A short kernel launched back to back: one Jacobi sweep of a 2-D Laplace problem
// (boundary rows and columns fixed), ping-ponging between two grids.
__global__ void jacobi2d(const float *__restrict__ in, float *__restrict__ out, int nx, int ny) {
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= nx || y >= ny) return;
  size_t i = size_t(y) * nx + x;
  if (x == 0 || y == 0 || x == nx - 1 || y == ny - 1) out[i] = in[i];
  else out[i] = (in[i - 1] + in[i + 1] + in[i - nx] + in[i + nx]) * 0.25f;
}

// Multiply-add as programs write it: `a * b + c`, which HIP and CUDA contract into a fused
// multiply-add by default (-ffp-contract=fast; hipvk then emits a NoContraction Fma, which NVIDIA
// fuses and lavapipe computes as a product and a sum), or fmaf()/fma() called explicitly (rounded
// once on every device; hipvk's math library emulates it exactly where Vulkan's Fma may be unfused).
struct Mad {
  template <typename T> __host__ __device__ T operator()(T a, T b, T c) const { return a * b + c; }
};
struct Fused {
  __host__ __device__ float operator()(float a, float b, float c) const { return fmaf(a, b, c); }
  __host__ __device__ double operator()(double a, double b, double c) const { return fma(a, b, c); }
};

// ---- 5. __constant__ arrays read by every thread: a polynomial per thread (Horner) whose
// coefficients are the constant array, read at the same index by all threads (a broadcast), and
// the same table read at a per-thread index (a lookup table: every lane a different address).
constexpr int kConstBytes = 8192;  // per array
__constant__ float c_f32[kConstBytes / 4];
__constant__ float2 c_f32x2[kConstBytes / 8];
__constant__ float4 c_f32x4[kConstBytes / 16];
__constant__ int c_i32[kConstBytes / 4];
__constant__ double c_f64[kConstBytes / 8];

template <typename T> __device__ __forceinline__ T constAt(int k);
template <> __device__ __forceinline__ float constAt<float>(int k) { return c_f32[k]; }
template <> __device__ __forceinline__ float2 constAt<float2>(int k) { return c_f32x2[k]; }
template <> __device__ __forceinline__ float4 constAt<float4>(int k) { return c_f32x4[k]; }
template <> __device__ __forceinline__ int constAt<int>(int k) { return c_i32[k]; }
template <> __device__ __forceinline__ double constAt<double>(int k) { return c_f64[k]; }

// acc * x + c per component, as a Horner loop is written: Op is Mad on the device (which the
// compiler may contract into a fused multiply-add, HIP's and CUDA's default), and the host's
// fused or unfused evaluation for the checks (patterns.h). Wrapping for int.
template <typename Op> __host__ __device__ inline float hornerStep(Op op, float acc, float x, float c) { return op(acc, x, c); }
template <typename Op> __host__ __device__ inline double hornerStep(Op op, double acc, float x, double c) {
  return op(acc, double(x), c);
}
template <typename Op> __host__ __device__ inline float2 hornerStep(Op op, float2 acc, float x, float2 c) {
  return make_float2(op(acc.x, x, c.x), op(acc.y, x, c.y));
}
template <typename Op> __host__ __device__ inline float4 hornerStep(Op op, float4 acc, float x, float4 c) {
  return make_float4(op(acc.x, x, c.x), op(acc.y, x, c.y), op(acc.z, x, c.z), op(acc.w, x, c.w));
}
template <typename Op> __host__ __device__ inline int hornerStep(Op, int acc, float x, int c) {
  return int(unsigned(acc) * unsigned(int(x * 64.0f)) + unsigned(c));
}

template <typename T, bool kPerLane>
__global__ void const_horner(const float *__restrict__ xs, T *__restrict__ out, int n, int reads) {
  constexpr int kEntries = kConstBytes / int(sizeof(T));
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const float x = xs[i];
  T acc = constAt<T>(0);
  for (int k = 1; k < reads; ++k) acc = hornerStep(Mad{}, acc, x, constAt<T>(kPerLane ? (k + i) & (kEntries - 1) : k & (kEntries - 1)));
  out[i] = acc;
}

// ---- 6. Compute-bound multiply-add loops: kFmaChains independent chains per thread (enough
// instruction-level parallelism to reach the device's peak), summed at the end; Op is Mad (float,
// double, 32-bit unsigned: an LCG step) or Fused (fmaf, fma).
constexpr int kFmaChains = 8;
template <typename T> __host__ __device__ inline T fmaStart(int i, int chain) { return T(i % 1024) / T(1024) + T(chain); }
template <> __host__ __device__ inline unsigned fmaStart<unsigned>(int i, int chain) { return unsigned(i) * 2654435761u + unsigned(chain); }

template <typename T, typename Op>
__global__ void fma_chains(T *__restrict__ out, T b, T c, int iters) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  T acc[kFmaChains];
#pragma unroll
  for (int k = 0; k < kFmaChains; ++k) acc[k] = fmaStart<T>(i, k);
  for (int it = 0; it < iters; ++it) {
#pragma unroll
    for (int k = 0; k < kFmaChains; ++k) acc[k] = Op{}(acc[k], b, c);
  }
  T sum = acc[0];
#pragma unroll
  for (int k = 1; k < kFmaChains; ++k) sum += acc[k];
  out[i] = sum;
}

// ---- 7. All-pairs shortest paths (Floyd-Warshall), one launch per intermediate vertex k. Row k
// and column k do not change during step k, so the update is in place.
constexpr int kInfinity = 1 << 29;  // no path; kInfinity + kInfinity still fits in an int
__global__ void floyd_warshall_step(int *__restrict__ dist, int n, int k) {
  int j = blockIdx.x * blockDim.x + threadIdx.x, i = blockIdx.y * blockDim.y + threadIdx.y;
  if (i >= n || j >= n) return;
  int through = dist[i * n + k] + dist[k * n + j];
  if (through < dist[i * n + j]) dist[i * n + j] = through;
}

// ---- 8. Bitonic sort, one launch per (k, j) step (the CUDA samples' global-memory form).
__global__ void bitonic_step(unsigned *__restrict__ keys, int j, int k) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x, partner = i ^ unsigned(j);
  if (partner > i) {
    unsigned a = keys[i], b = keys[partner];
    bool ascending = (i & unsigned(k)) == 0;
    if ((a > b) == ascending) {
      keys[i] = b;
      keys[partner] = a;
    }
  }
}

// ---- 9. 7-point 3-D stencil, one thread per point, interior points only.
__global__ void stencil7(const float *__restrict__ in, float *__restrict__ out, int nx, int ny, int nz, float center, float side) {
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y, z = blockIdx.z * blockDim.z + threadIdx.z;
  if (x < 1 || y < 1 || z < 1 || x >= nx - 1 || y >= ny - 1 || z >= nz - 1) return;
  size_t plane = size_t(nx) * ny, i = z * plane + size_t(y) * nx + x;
  out[i] = center * in[i] + side * (in[i - 1] + in[i + 1] + in[i - nx] + in[i + nx] + in[i - plane] + in[i + plane]);
}

// ---- 11. 64-bit integer multiply chains: Montgomery multiplication, one 64-bit limb (modulus
// below 2^63) and four limbs (256 bits, CIOS, the secp256k1 field prime in __constant__ memory),
// as elliptic-curve and number-theoretic code writes them with __umul64hi.
__host__ __device__ inline uint64_t mulHi64(uint64_t a, uint64_t b) {
#if defined(__CUDA_ARCH__) || defined(__HIP_DEVICE_COMPILE__)
  return __umul64hi(a, b);
#else
  return uint64_t((unsigned __int128)a * b >> 64);
#endif
}

// a * b / 2^64 mod p for p < 2^63 odd, pInv = -p^-1 mod 2^64.
__host__ __device__ inline uint64_t montMul64(uint64_t a, uint64_t b, uint64_t p, uint64_t pInv) {
  uint64_t lo = a * b, hi = mulHi64(a, b);
  uint64_t m = lo * pInv;
  uint64_t t = hi + mulHi64(m, p) + (lo != 0);  // lo + m * p = 0 mod 2^64: a carry unless lo = 0
  return t >= p ? t - p : t;
}

__global__ void mont64_chain(const uint64_t *__restrict__ xs, uint64_t *__restrict__ out, int n, int iters, uint64_t p,
                             uint64_t pInv) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  uint64_t x = xs[i], y = xs[(i + 1) % n];
  for (int it = 0; it < iters; ++it) x = montMul64(x, y, p, pInv);
  out[i] = x;
}

struct U256 {
  uint64_t limb[4];  // little-endian
};
__constant__ U256 c_modulus;
__constant__ uint64_t c_modulusInv;  // -p^-1 mod 2^64

// (hi, lo) = x + y * z + carry, returned lo, carry = hi.
__host__ __device__ inline uint64_t madc(uint64_t x, uint64_t y, uint64_t z, uint64_t &carry) {
  uint64_t lo = y * z, hi = mulHi64(y, z);
  lo += x;
  hi += lo < x;
  lo += carry;
  hi += lo < carry;
  carry = hi;
  return lo;
}

// a * b / 2^256 mod p (CIOS), a, b < p.
__host__ __device__ inline U256 montMul256(const U256 &a, const U256 &b, const U256 &p, uint64_t pInv) {
  uint64_t t[6] = {0, 0, 0, 0, 0, 0};
  for (int i = 0; i < 4; ++i) {
    uint64_t c = 0;
    for (int j = 0; j < 4; ++j) t[j] = madc(t[j], a.limb[j], b.limb[i], c);
    t[4] += c;
    t[5] = t[4] < c;
    uint64_t m = t[0] * pInv;
    c = 0;
    madc(t[0], m, p.limb[0], c);
    for (int j = 1; j < 4; ++j) t[j - 1] = madc(t[j], m, p.limb[j], c);
    t[3] = t[4] + c;
    t[4] = t[5] + (t[3] < c);
  }
  // t < 2p: subtract p once if t >= p.
  bool geq = t[4] != 0;
  if (!geq) {
    geq = true;
    for (int j = 3; j >= 0; --j)
      if (t[j] != p.limb[j]) {
        geq = t[j] > p.limb[j];
        break;
      }
  }
  U256 r;
  uint64_t borrow = 0;
  for (int j = 0; j < 4; ++j) {
    uint64_t s = geq ? p.limb[j] : 0, d = t[j] - s - borrow;
    borrow = (t[j] < s) || (t[j] - s < borrow);
    r.limb[j] = d;
  }
  return r;
}

__global__ void mont256_chain(const U256 *__restrict__ xs, U256 *__restrict__ out, int n, int iters) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  U256 x = xs[i], y = xs[(i + 1) % n];
  for (int it = 0; it < iters; ++it) x = montMul256(x, y, c_modulus, c_modulusInv);
  out[i] = x;
}

// ---- 12. Array reversal through shared memory (dynamic shared memory, as the CUDA blog's
// dynamicReverse), and an all-pairs n-body force kernel (GPU Gems 3 ch. 31): bodies staged in
// shared memory a tile at a time, softened inverse distances with rsqrtf.
__global__ void reverse_blocks(const int *__restrict__ in, int *__restrict__ out, int n) {
  extern __shared__ int staged[];
  const int block = blockDim.x, t = threadIdx.x, base = blockIdx.x * block;
  if (base + t < n) staged[t] = in[base + t];
  __syncthreads();
  // Element base + j goes to n - 1 - base - j; thread t writes j = block - 1 - t (coalesced).
  const int j = block - 1 - t;
  if (base + j < n) out[n - 1 - base - j] = staged[j];
}

constexpr int kBodyThreads = 256;
constexpr float kSoftening2 = 1e-2f;
__global__ void __launch_bounds__(kBodyThreads) nbody_forces(const float4 *__restrict__ bodies, float4 *__restrict__ accel, int n) {
  __shared__ float4 tile[kBodyThreads];
  const int i = blockIdx.x * kBodyThreads + threadIdx.x;
  const float4 me = i < n ? bodies[i] : make_float4(0.0f, 0.0f, 0.0f, 0.0f);
  float ax = 0.0f, ay = 0.0f, az = 0.0f;
  for (int start = 0; start < n; start += kBodyThreads) {
    int j = start + threadIdx.x;
    tile[threadIdx.x] = j < n ? bodies[j] : make_float4(0.0f, 0.0f, 0.0f, 0.0f);  // massless padding
    __syncthreads();
#pragma unroll 8
    for (int k = 0; k < kBodyThreads; ++k) {
      float4 other = tile[k];
      float dx = other.x - me.x, dy = other.y - me.y, dz = other.z - me.z;
      float r2 = dx * dx + dy * dy + dz * dz + kSoftening2;
      float inv = rsqrtf(r2);
      float s = other.w * inv * inv * inv;
      ax += dx * s;
      ay += dy * s;
      az += dz * s;
    }
    __syncthreads();
  }
  if (i < n) accel[i] = make_float4(ax, ay, az, 0.0f);
}

}  // namespace patterns
