// __shfl, __shfl_up, __shfl_down, __shfl_xor and their _sync forms for every type HIP declares,
// with every segment width up to warpSize: a source outside the caller's segment gives the
// caller its own value (HIP's rule).
#include "warp.h"

#include <hip/hip_bf16.h>
#include <hip/hip_fp16.h>

#include <cstring>

namespace {

constexpr int kResults = 9;

// Distinct per thread and block, using every byte of the type.
template <class T> __host__ __device__ T value_of(int t, int b) {
  // __half, __hip_bfloat16 (2 bytes) and their pairs (4 bytes): any bit pattern, NaNs included.
  if constexpr (std::is_class_v<T> && sizeof(T) == 2)
    return __builtin_bit_cast(T, static_cast<unsigned short>(t * 131 + b * 7 + 1));
  else if constexpr (std::is_class_v<T> && sizeof(T) == 4)
    return __builtin_bit_cast(T, static_cast<unsigned int>((t * 131 + b * 7 + 1) * 65599u));
  else if constexpr (sizeof(T) == 8 && !std::is_floating_point_v<T>)
    return static_cast<T>((static_cast<unsigned long long>(t + 1) << 35) ^ (0x9e3779b97f4a7c15ull * (b + 1)) ^ t);
  else if constexpr (std::is_floating_point_v<T>)
    return static_cast<T>(t + 1) * static_cast<T>(0.3) + static_cast<T>(b) * static_cast<T>(1e3) + (sizeof(T) == 8 ? 1e-12 : 0);
  else
    return static_cast<T>(static_cast<long long>(t) * -7 + b * 100003);
}

// The per-thread source-lane argument of __shfl: varies, and leaves the segment on purpose.
__host__ __device__ int src_lane_of(int t, int base) { return t * 5 + base; }

template <class T>
__global__ void shuffles(T *out, int width, int base, unsigned delta, int lane_mask) {
  const int t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  const int threads = blockDim.x * blockDim.y * blockDim.z;
  const T v = value_of<T>(t, blockIdx.x);
  T *r = out + (blockIdx.x * threads + t) * kResults;
  r[0] = __shfl(v, src_lane_of(t, base), width);
  r[1] = __shfl_up(v, delta, width);
  r[2] = __shfl_down(v, delta, width);
  r[3] = __shfl_xor(v, lane_mask, width);
  r[4] = __shfl(v, src_lane_of(t, base)); // width = warpSize
  r[5] = __shfl_sync(0xffffffffu, v, src_lane_of(t, base), width);
  r[6] = __shfl_up_sync(~0ull, v, delta, width);
  r[7] = __shfl_down_sync(0xffffffffu, v, delta, width);
  r[8] = __shfl_xor_sync(~0ull, v, lane_mask, width);
}

// HIP's source lane of each form, in the host model.
int hip_shfl(int self, int src, int width) { return (src & (width - 1)) + (self & ~(width - 1)); }
int hip_shfl_up(int self, unsigned delta, int width) {
  const int index = self - int(delta);
  return index < (self & ~(width - 1)) ? self : index;
}
int hip_shfl_down(int self, unsigned delta, int width) { return int((self & (width - 1)) + delta) >= width ? self : self + int(delta); }
int hip_shfl_xor(int self, int mask, int width) {
  const int index = self ^ mask;
  return index >= ((self + width) & ~(width - 1)) ? self : index;
}

template <class T> unsigned long long bits_of(T v) {
  unsigned long long bits = 0;
  std::memcpy(&bits, &v, sizeof(T));
  return bits;
}

template <class T> void check_type(const char *type_name, const BlockShape &shape) {
  const int threads = threads_of(shape), total = threads * shape.grid;
  const WarpModel w{device_warp_size(), threads};
  e2e::DeviceBuffer<T> d(size_t(total) * kResults);
  std::vector<T> got(size_t(total) * kResults);
  for (int width = 1; width <= w.warp_size; width *= 2) {
    const int base = width + 3;
    const unsigned delta = unsigned(width > 2 ? width / 2 - 1 : 1);
    const int lane_mask = (width * 3 / 4) | 1;
    shuffles<T><<<shape.grid, shape.block>>>(d, width, base, delta, lane_mask);
    HIP_CHECK_LAUNCH();
    d.download(got);
    for (int b = 0; b < shape.grid; ++b)
      for (int t = 0; t < threads; ++t) {
        const int lane = w.lane(t), warp_base = w.warp_base(t);
        const int sources[kResults] = {
            hip_shfl(lane, src_lane_of(t, base), width), hip_shfl_up(lane, delta, width),
            hip_shfl_down(lane, delta, width), hip_shfl_xor(lane, lane_mask, width),
            hip_shfl(lane, src_lane_of(t, base), w.warp_size), hip_shfl(lane, src_lane_of(t, base), width),
            hip_shfl_up(lane, delta, width), hip_shfl_down(lane, delta, width), hip_shfl_xor(lane, lane_mask, width)};
        for (int k = 0; k < kResults; ++k) {
          // A source lane past the end of a partial warp holds no value: HIP leaves it undefined.
          if (!w.exists(t, sources[k])) continue;
          const T want = value_of<T>(warp_base + sources[k], b);
          const T have = got[(size_t(b) * threads + t) * kResults + k];
          if (bits_of(have) != bits_of(want)) {
            char what[96];
            std::snprintf(what, sizeof what, "%s %s width %d form %d (bits)", type_name, shape.name, width, k);
            e2e::expect_eq(what, b * threads + t, bits_of(have), bits_of(want));
          }
        }
      }
  }
}

template <class T> void check_type_all_shapes(const char *type_name) {
  const BlockShape shapes[] = {{dim3(128), 2, "1-D 128"}, {dim3(16, 8), 1, "2-D 16x8"},
                               {dim3(8, 4, 4), 1, "3-D 8x4x4"}, {dim3(100), 2, "1-D 100 (partial warp)"}};
  for (const BlockShape &s : shapes) check_type<T>(type_name, s);
}

} // namespace

void test_shuffles() {
  check_type_all_shapes<int>("int");
  check_type_all_shapes<unsigned int>("unsigned");
  check_type_all_shapes<long>("long");
  check_type_all_shapes<unsigned long>("unsigned long");
  check_type_all_shapes<long long>("long long");
  check_type_all_shapes<unsigned long long>("unsigned long long");
  check_type_all_shapes<float>("float");
  check_type_all_shapes<double>("double");
  check_type_all_shapes<__half>("__half");
  check_type_all_shapes<__half2>("__half2");
  check_type_all_shapes<__hip_bfloat16>("__hip_bfloat16");
  check_type_all_shapes<__hip_bfloat162>("__hip_bfloat162");
}
