// Code that needs the width at compile time. None of it compiles in the run-time-width form
// (a constexpr warpSize, the wavefront-size macro in #if): it runs at its width where the device
// offers it, and as logical warps of that width on narrower subgroups.
#include "wave_size.h"

#include <hip/hip_cooperative_groups.h>

#include <type_traits>

static_assert(warpSize == __AMDGCN_WAVEFRONT_SIZE__, "warpSize is ROCm's constant");

namespace {

// rocPRIM's shape: the logical warp's size is a template parameter checked against the
// compile-time hardware width, lanes and warp ids are constexpr arithmetic.
constexpr unsigned device_warp_size() { return warpSize; }

template <unsigned LogicalWarp>
struct logical_warp {
  static_assert(LogicalWarp <= device_warp_size() && (LogicalWarp & (LogicalWarp - 1)) == 0,
                "a logical warp is a power of two no wider than the hardware warp");
  __device__ static unsigned lane() { return __lane_id() % LogicalWarp; }
  __device__ static int reduce(int v) {
    for (unsigned offset = LogicalWarp / 2; offset > 0; offset /= 2) v += __shfl_down(v, offset, LogicalWarp);
    return __shfl(v, 0, LogicalWarp);
  }
  __device__ static int inclusive_scan(int v) {
    for (unsigned offset = 1; offset < LogicalWarp; offset *= 2) {
      const int other = __shfl_up(v, offset, LogicalWarp);
      if (lane() >= offset) v += other;
    }
    return v;
  }
};

template <unsigned LogicalWarp>
__global__ void reduce_scan_kernel(const int *in, int *sums, int *scans, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int v = i < n ? in[i] : 0;
  const int sum = logical_warp<LogicalWarp>::reduce(v);
  const int scan = logical_warp<LogicalWarp>::inclusive_scan(v);
  if (i < n) {
    scans[i] = scan;
    if (logical_warp<LogicalWarp>::lane() == 0) sums[i / LogicalWarp] = sum;
  }
}

__global__ void widths_kernel(CompiledWidths *out) {
#if defined(__GFX9__)
  constexpr int target = 64;
#elif defined(__GFX10__)
  constexpr int target = 32;
#else
  constexpr int target = 0;
#endif
  const int subgroup = __popcll(__ballot(1));
  if (threadIdx.x == 0) *out = {__AMDGCN_WAVEFRONT_SIZE__, warpSize, int(__builtin_amdgcn_wavefrontsize()), target, subgroup};
}

// The layer-norm programs' choice of warp width, then a block reduction of squares.
#if defined(__GFX9__) || defined(__GFX8__)
#define WARP_WIDTH 64
#else
#define WARP_WIDTH 32
#endif
constexpr int kRmsBlock = 256;

__global__ void rms_kernel(const float *in, float *rms, int cols) {
  __shared__ float partial[kRmsBlock / WARP_WIDTH];
  const float *row = in + size_t(blockIdx.x) * cols;
  float s = 0.0f;
  for (int c = threadIdx.x; c < cols; c += kRmsBlock) s += row[c] * row[c];
  for (int offset = WARP_WIDTH / 2; offset > 0; offset /= 2) s += __shfl_xor(s, offset, WARP_WIDTH);
  if (threadIdx.x % WARP_WIDTH == 0) partial[threadIdx.x / WARP_WIDTH] = s;
  __syncthreads();
  if (threadIdx.x == 0) {
    float t = 0.0f;
    for (int w = 0; w < kRmsBlock / WARP_WIDTH; ++w) t += partial[w];
    rms[blockIdx.x] = sqrtf(t / float(cols));
  }
}

// Cooperative groups' tiles of the width, as code written for such warps makes them: the tile's
// sum (cg::reduce) and its inclusive scan, and the tile's rank.
template <unsigned Size>
__global__ void tile_kernel(const int *in, int *sums, int *scans, int n) {
  namespace cg = cooperative_groups;
  const cg::thread_block block = cg::this_thread_block();
  const auto tile = cg::tiled_partition<Size>(block);
  const int i = int(blockIdx.x * blockDim.x + threadIdx.x);
  const int v = i < n ? in[i] : 0;
  const int sum = cg::reduce(tile, v, cg::plus<int>());
  const int scan = cg::inclusive_scan(tile, v, cg::plus<int>());
  if (i < n) scans[i] = scan;
  if (tile.thread_rank() == 0 && i < n) sums[i / Size] = sum;
}

// A block's 28 KiB table in __shared__ beside 64-bit shuffles: as logical warps the exchange slots
// come on top of it.
__global__ void big_table_kernel(const unsigned long long *in, unsigned long long *out) {
  static_assert(warpSize == __AMDGCN_WAVEFRONT_SIZE__, "fixed-width code");
  __shared__ unsigned long long table[kBigTableWords];
  for (int i = int(threadIdx.x); i < kBigTableWords; i += int(blockDim.x)) table[i] = in[i];
  __syncthreads();
  const unsigned long long v = table[(threadIdx.x * 13) % kBigTableWords];
  out[blockIdx.x * blockDim.x + threadIdx.x] = __shfl_xor(v, 1) + table[kBigTableWords - 1 - threadIdx.x];
}

// The launch's outcome: hipErrorNoBinaryForGpu where the device runs neither fixed width.
Outcome outcome_of_launch() {
  const hipError_t launch = hipGetLastError();
  if (launch == hipErrorNoBinaryForGpu) return Outcome::Refused;
  HIP_CHECK(launch);
  HIP_CHECK(hipDeviceSynchronize());
  return Outcome::Ran;
}

}  // namespace

Outcome compiled_widths(CompiledWidths &out) {
  e2e::DeviceBuffer<CompiledWidths> d(1);
  widths_kernel<<<1, 64>>>(d);
  const Outcome o = outcome_of_launch();
  if (o == Outcome::Ran) HIP_CHECK(hipMemcpy(&out, d, sizeof out, hipMemcpyDeviceToHost));
  return o;
}

template <unsigned Logical>
Outcome logical_warp_reduce_scan(const std::vector<int> &in, std::vector<int> &sums, std::vector<int> &scans) {
  const int n = int(in.size()), block = 192;
  e2e::DeviceBuffer<int> d_in(n), d_sums((n + Logical - 1) / Logical), d_scans(n);
  d_in.upload(in);
  reduce_scan_kernel<Logical><<<(n + block - 1) / block, block>>>(d_in, d_sums, d_scans, n);
  const Outcome o = outcome_of_launch();
  if (o == Outcome::Ran) {
    sums.resize((n + Logical - 1) / Logical);
    scans.resize(n);
    d_sums.download(sums);
    d_scans.download(scans);
  }
  return o;
}
template Outcome logical_warp_reduce_scan<4>(const std::vector<int> &, std::vector<int> &, std::vector<int> &);
template Outcome logical_warp_reduce_scan<16>(const std::vector<int> &, std::vector<int> &, std::vector<int> &);
template Outcome logical_warp_reduce_scan<32>(const std::vector<int> &, std::vector<int> &, std::vector<int> &);

Outcome rms_rows(const std::vector<float> &in, int rows, int cols, std::vector<float> &rms) {
  e2e::DeviceBuffer<float> d_in(in.size()), d_rms(rows);
  d_in.upload(in);
  rms_kernel<<<rows, kRmsBlock>>>(d_in, d_rms, cols);
  const Outcome o = outcome_of_launch();
  if (o == Outcome::Ran) {
    rms.resize(rows);
    d_rms.download(rms);
  }
  return o;
}

template <unsigned Size>
Outcome tile_reduce_scan(const std::vector<int> &in, std::vector<int> &sums, std::vector<int> &scans) {
  const int n = int(in.size()), block = 128;
  e2e::DeviceBuffer<int> d_in(n), d_sums((n + Size - 1) / Size), d_scans(n);
  d_in.upload(in);
  tile_kernel<Size><<<(n + block - 1) / block, block>>>(d_in, d_sums, d_scans, n);
  const Outcome o = outcome_of_launch();
  if (o == Outcome::Ran) {
    sums.resize((n + Size - 1) / Size);
    scans.resize(n);
    d_sums.download(sums);
    d_scans.download(scans);
  }
  return o;
}
template Outcome tile_reduce_scan<32>(const std::vector<int> &, std::vector<int> &, std::vector<int> &);
#if defined(WAVE_SIZE_ONLY_64)
template Outcome tile_reduce_scan<64>(const std::vector<int> &, std::vector<int> &, std::vector<int> &);
#endif

Outcome big_table_shuffles(const std::vector<unsigned long long> &table, int block, std::vector<unsigned long long> &out) {
  e2e::DeviceBuffer<unsigned long long> d_in(table.size()), d_out(block);
  d_in.upload(table);
  big_table_kernel<<<1, block>>>(d_in, d_out);
  const Outcome o = outcome_of_launch();
  if (o == Outcome::Ran) {
    out.resize(block);
    d_out.download(out);
  }
  return o;
}
