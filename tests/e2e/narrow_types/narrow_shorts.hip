// 16-bit integers: two lanes share every 32-bit word. Wrap-around, signed division (by negative
// constants too) and shifts, the bit operations LLVM keeps on i16 (bswap, rotations, popcount,
// min/max, saturation), a __shared__ scan of shorts and an odd-length buffer.
#include "narrow_types.h"

#include <algorithm>
#include <limits>

namespace {

template <typename Short> struct Ops {
  __host__ __device__ static Short mix(Short a, Short b, int i) {
    Short sum = Short(a + b), product = Short(a * b);
    Short quotient = b != 0 ? Short(a / b) : a, remainder = b != 0 ? Short(a % b) : b;
    Short shifted = Short(a >> (i % 16)), rotated = Short((unsigned short)(a << 3) | (unsigned short)((unsigned short)a >> 13));
    Short smaller = std::min(a, b), larger = std::max(a, b);
    unsigned short saturated = (unsigned short)a + (unsigned short)b > 0xffff ? 0xffff : (unsigned short)((unsigned short)a + (unsigned short)b);
    return Short(sum ^ product ^ quotient ^ remainder ^ shifted ^ rotated ^ Short(smaller - larger) ^ Short(saturated) ^
                 Short(__builtin_bswap16((unsigned short)a)) ^ Short(a < b ? 1 : 2) ^ Short(a / Short(-3)) ^
                 Short(a < Short(-2) ? 5 : 6));
  }
};

template <typename Short> __global__ void mix_shorts(const Short *a, const Short *b, Short *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = Ops<Short>::mix(a[i], b[i], i);
}

// Inclusive scan of shorts in __shared__ memory (wrapping), one block per 128 elements.
__global__ void scan_shorts(const short *in, short *out, int n) {
  __shared__ short tile[128];
  int i = blockIdx.x * 128 + threadIdx.x;
  tile[threadIdx.x] = i < n ? in[i] : short(0);
  __syncthreads();
  for (int offset = 1; offset < 128; offset *= 2) {
    short add = threadIdx.x >= offset ? tile[threadIdx.x - offset] : short(0);
    __syncthreads();
    tile[threadIdx.x] = short(tile[threadIdx.x] + add);
    __syncthreads();
  }
  if (i < n) out[i] = tile[threadIdx.x];
}

// Widening and narrowing: shorts to int sums and floats back to shorts.
__global__ void convert_shorts(const unsigned short *in, int *sums, short *from_float, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned short u = in[i];
  short s = short(u);
  sums[i] = int(u) + int(s);
  from_float[i] = short(float(s) * 0.5f);
}

// Checked arithmetic on shorts (LLVM's overflow intrinsics on i16).
__host__ __device__ inline int checked(short a, short b, unsigned short c, unsigned short d) {
  short sum, product;
  unsigned short usum, uproduct;
  int flags = __builtin_add_overflow(a, b, &sum) | __builtin_mul_overflow(a, b, &product) << 1 |
              __builtin_add_overflow(c, d, &usum) << 2 | __builtin_mul_overflow(c, d, &uproduct) << 3 |
              __builtin_sub_overflow(c, d, &usum) << 4;
  return flags << 16 ^ (sum + product + usum + uproduct);
}
__global__ void checked_shorts(const short *a, const short *b, int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = checked(a[i], b[i], (unsigned short)a[i], (unsigned short)(b[i] >> 3));
}

template <typename Short> void check_mix(int n) {
  std::vector<Short> a(n), b(n), got(n);
  for (int i = 0; i < n; ++i) {
    a[i] = Short(pattern_byte(i) << 8 | pattern_byte(i + 1000));
    b[i] = Short(pattern_byte(3 * i + 7) << 8 | pattern_byte(i + 77));
  }
  e2e::DeviceBuffer<Short> d_a(n), d_b(n), d_out(n);
  d_a.upload(a);
  d_b.upload(b);
  mix_shorts<<<(n + 63) / 64, 64>>>(d_a.ptr, d_b.ptr, d_out.ptr, n);
  HIP_CHECK_LAUNCH();
  d_out.download(got);
  for (int i = 0; i < n; ++i)
    if (!e2e::expect_eq(std::is_signed_v<Short> ? "mix<short>" : "mix<unsigned short>", i, int(got[i]), int(Ops<Short>::mix(a[i], b[i], i))))
      break;
}

void check_checked(int n) {
  std::vector<short> a(n), b(n);
  std::vector<int> got(n);
  for (int i = 0; i < n; ++i) {
    a[i] = short(pattern_byte(i * 3) << 8 | pattern_byte(i + 9));
    b[i] = short(i % 4 == 0 ? i : pattern_byte(i + 50) << 8 | pattern_byte(i * 5));
  }
  e2e::DeviceBuffer<short> d_a(n), d_b(n);
  e2e::DeviceBuffer<int> d_out(n);
  d_a.upload(a);
  d_b.upload(b);
  checked_shorts<<<(n + 63) / 64, 64>>>(d_a.ptr, d_b.ptr, d_out.ptr, n);
  HIP_CHECK_LAUNCH();
  d_out.download(got);
  for (int i = 0; i < n; ++i)
    if (!e2e::expect_eq("overflow-checked shorts", i, got[i], checked(a[i], b[i], (unsigned short)a[i], (unsigned short)(b[i] >> 3)))) break;
}

void check_scan() {
  const int n = 1027;
  std::vector<short> in(n), got(n);
  for (int i = 0; i < n; ++i) in[i] = short(pattern_byte(i) * 131 - 9000);
  e2e::DeviceBuffer<short> d_in(n), d_out(n);
  d_in.upload(in);
  scan_shorts<<<(n + 127) / 128, 128>>>(d_in.ptr, d_out.ptr, n);
  HIP_CHECK_LAUNCH();
  d_out.download(got);
  for (int block = 0; block * 128 < n; ++block) {
    short running = 0;
    for (int i = block * 128; i < std::min(n, block * 128 + 128); ++i) {
      running = short(running + in[i]);
      if (!e2e::expect_eq("shared scan of shorts", i, int(got[i]), int(running))) return;
    }
  }
}

void check_conversions() {
  const int n = 771;
  std::vector<unsigned short> in(n);
  std::vector<int> sums(n);
  std::vector<short> halves(n);
  for (int i = 0; i < n; ++i) in[i] = (unsigned short)(pattern_byte(i + 5) << 8 | pattern_byte(i + 9));
  e2e::DeviceBuffer<unsigned short> d_in(n);
  e2e::DeviceBuffer<int> d_sums(n);
  e2e::DeviceBuffer<short> d_halves(n);
  d_in.upload(in);
  convert_shorts<<<(n + 63) / 64, 64>>>(d_in.ptr, d_sums.ptr, d_halves.ptr, n);
  HIP_CHECK_LAUNCH();
  d_sums.download(sums);
  d_halves.download(halves);
  for (int i = 0; i < n; ++i) {
    short s = short(in[i]);
    if (!e2e::expect_eq("short widening", i, sums[i], int(in[i]) + int(s)) ||
        !e2e::expect_eq("float to short", i, int(halves[i]), int(short(float(s) * 0.5f))))
      break;
  }
}

} // namespace

void run_short_tests() {
  check_mix<short>(1001);
  check_mix<unsigned short>(999);
  check_checked(1013);
  check_scan();
  check_conversions();
}
