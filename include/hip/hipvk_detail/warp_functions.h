// HIP's warp functions on Vulkan subgroups: lane ids and masks, vote and ballot, shuffles with
// HIP's `width` segments, match, the _sync forms and warp reductions. docs/HIP_ON_VULKAN.md,
// "Warps", says how they map.
//
// warpSize is the pipeline's subgroup size (4 to 64 here, never assumed); lanes are consecutive
// linear thread ids (the compiler makes sure of it for every kernel that uses these). Masks are
// 64-bit as in ROCm; the _sync forms also take the 32-bit masks of code written for CUDA, and use
// only the lanes of the mask that exist and are active.
#pragma once

#include <hip/hipvk_detail/device_builtins.h>
#include <hip/hipvk_detail/device_diagnostics.h>
#include <hip/hipvk_detail/thread_indices.h>
#include <hipvk/kernel_abi.h>

#include <climits>
#include <type_traits>

#if defined(__HIP__)

// ---- integer bit intrinsics the warp code needs (ROCm's declarations)
__device__ __forceinline__ unsigned int __popc(unsigned int x) { return __builtin_popcount(x); }
__device__ __forceinline__ unsigned int __popcll(unsigned long long x) { return __builtin_popcountll(x); }
__device__ __forceinline__ int __clz(int x) { return x == 0 ? 32 : __builtin_clz(static_cast<unsigned int>(x)); }
__device__ __forceinline__ int __clzll(long long x) {
  return x == 0 ? 64 : __builtin_clzll(static_cast<unsigned long long>(x));
}
__device__ __forceinline__ int __ffs(unsigned int x) { return __builtin_ffs(static_cast<int>(x)); }
__device__ __forceinline__ int __ffs(int x) { return __builtin_ffs(x); }
__device__ __forceinline__ int __ffsll(unsigned long long x) { return __builtin_ffsll(static_cast<long long>(x)); }
__device__ __forceinline__ int __ffsll(long long x) { return __builtin_ffsll(x); }
__device__ __forceinline__ unsigned int __brev(unsigned int x) { return __builtin_bitreverse32(x); }
__device__ __forceinline__ unsigned long long __brevll(unsigned long long x) { return __builtin_bitreverse64(x); }

namespace __hipvk_warp {

// The unsigned integer a value travels as: its bits, widened to 32 for smaller types.
template <class T>
using carrier_t = std::conditional_t<(sizeof(T) > 4), unsigned long long, unsigned int>;

template <class T>
__device__ __forceinline__ carrier_t<T> to_bits(T v) {
  static_assert(sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4 || sizeof(T) == 8,
                "warp functions exchange values of 1, 2, 4 or 8 bytes");
  if constexpr (sizeof(T) == 1) return __builtin_bit_cast(unsigned char, v);
  else if constexpr (sizeof(T) == 2) return __builtin_bit_cast(unsigned short, v);
  else return __builtin_bit_cast(carrier_t<T>, v);
}

template <class T>
__device__ __forceinline__ T from_bits(carrier_t<T> b) {
  if constexpr (sizeof(T) == 1) return __builtin_bit_cast(T, static_cast<unsigned char>(b));
  else if constexpr (sizeof(T) == 2) return __builtin_bit_cast(T, static_cast<unsigned short>(b));
  else return __builtin_bit_cast(T, b);
}

// `v` of lane `lane` (any lane of the warp).
template <class T>
__device__ __forceinline__ T read_lane(T v, int lane) {
  if constexpr (sizeof(T) > 4) return from_bits<T>(__hipvk_warp_shuffle_64(to_bits(v), static_cast<unsigned int>(lane)));
  else return from_bits<T>(__hipvk_warp_shuffle(to_bits(v), static_cast<unsigned int>(lane)));
}

template <class T>
__device__ __forceinline__ T read_first_lane(T v) {
  if constexpr (sizeof(T) > 4) return from_bits<T>(__hipvk_warp_first_64(to_bits(v)));
  else return from_bits<T>(__hipvk_warp_first(to_bits(v)));
}

// The bits of the warp's lanes: warpSize ones.
__device__ __forceinline__ unsigned long long warp_lanes() {
  const int size = warpSize;
  return size >= 64 ? ~0ull : (1ull << size) - 1;
}

// A _sync mask: ROCm's 64-bit masks or CUDA's 32-bit ones, as the lanes that exist and are active.
template <class Mask>
__device__ __forceinline__ unsigned long long sync_lanes(Mask mask) {
  static_assert(std::is_integral<Mask>::value && (sizeof(Mask) == 4 || sizeof(Mask) == 8),
                "the mask of a _sync warp function is a 32- or 64-bit integer");
  return static_cast<unsigned long long>(static_cast<carrier_t<Mask>>(mask)) & __hipvk_warp_ballot(true);
}

// HIP's source lanes for a segment of `width` lanes (a power of two up to warpSize): a source
// outside the caller's segment gives the caller its own value.
__device__ __forceinline__ int shfl_index(int self, int src, int width) { return (src & (width - 1)) + (self & ~(width - 1)); }
__device__ __forceinline__ int shfl_up_index(int self, unsigned int delta, int width) {
  const int index = self - static_cast<int>(delta);
  return index < (self & ~(width - 1)) ? self : index;
}
__device__ __forceinline__ int shfl_down_index(int self, unsigned int delta, int width) {
  return static_cast<int>((self & (width - 1)) + delta) >= width ? self : self + static_cast<int>(delta);
}
__device__ __forceinline__ int shfl_xor_index(int self, int lane_mask, int width) {
  const int index = self ^ lane_mask;
  return index >= ((self + width) & ~(width - 1)) ? self : index;
}

// In the run-time-width form (docs/HIP_ON_VULKAN.md, "Wavefront size") a shuffle whose segment
// or distance reaches past warpSize was written for a wider warp (CUDA's `__shfl_xor(v, 16)` on an
// 8-lane subgroup): rather than a silently different sum, the kernel stops with this assertion.
// Code compiled for a fixed wavefront size runs only at its width, where HIP's rules apply.
__device__ __forceinline__ void check_reach(unsigned int distance, int width) {
#if defined(__HIPVK_WAVEFRONT_SIZE_AT_RUN_TIME)
  // A constant reach (CUDA's literal 16) keeps the module off devices with narrower subgroups, where
  // a form compiled for that width runs instead; the assertion catches what varies at run time.
  __hipvk_warp_reach(distance);
  __hipvk_warp_reach(static_cast<unsigned int>(width - 1));
  if (distance >= static_cast<unsigned int>(static_cast<int>(warpSize)) || width > warpSize)
    __assert_fail("shuffle beyond warpSize: the code was written for a wider warp than this device's subgroups "
                  "(a fixed-wavefront-size form runs it where the device offers that width)",
                  __FILE__, __LINE__, "__shfl");
#else
  (void)distance, (void)width;
#endif
}

template <class T>
__device__ __forceinline__ unsigned long long match_any(T value) {
  const carrier_t<T> bits = to_bits(value);
  // One round per distinct value: the lowest remaining lane's value and the lanes that share it.
  for (;;) {
    const carrier_t<T> leader = read_first_lane(bits);
    const unsigned long long same = __hipvk_warp_ballot(bits == leader);
    if (bits == leader) return same;
  }
}

template <class T>
__device__ __forceinline__ unsigned long long match_all(T value, int *pred) {
  const carrier_t<T> bits = to_bits(value);
  const bool all = __hipvk_warp_all(bits == read_first_lane(bits));
  *pred = all;
  return all ? __hipvk_warp_ballot(true) : 0ull;
}

template <class T>
__device__ __forceinline__ T reduce(hipvk::abi::WarpReduceOp op, T value) {
  static_assert(std::is_integral<T>::value && (sizeof(T) == 4 || sizeof(T) == 8),
                "warp reductions take 32- or 64-bit integers");
  if constexpr (sizeof(T) == 8)
    return static_cast<T>(__hipvk_warp_reduce_64(op, static_cast<unsigned long long>(value)));
  else return static_cast<T>(__hipvk_warp_reduce(op, static_cast<unsigned int>(value)));
}

} // namespace __hipvk_warp

// ---- lanes
__device__ __forceinline__ unsigned int __lane_id() { return __hipvk_lane_id(); }
__device__ __forceinline__ unsigned long long __lanemask_eq() { return 1ull << __lane_id(); }
__device__ __forceinline__ unsigned long long __lanemask_lt() { return __lanemask_eq() - 1; }
__device__ __forceinline__ unsigned long long __lanemask_le() { return __lanemask_lt() | __lanemask_eq(); }
__device__ __forceinline__ unsigned long long __lanemask_gt() { return ~__lanemask_le() & __hipvk_warp::warp_lanes(); }
__device__ __forceinline__ unsigned long long __lanemask_ge() { return ~__lanemask_lt() & __hipvk_warp::warp_lanes(); }

// ---- vote and ballot
__device__ __forceinline__ unsigned long long __ballot(int predicate) { return __hipvk_warp_ballot(predicate != 0); }
__device__ __forceinline__ unsigned long long __activemask() { return __hipvk_warp_ballot(true); }
__device__ __forceinline__ int __any(int predicate) { return __hipvk_warp_any(predicate != 0); }
__device__ __forceinline__ int __all(int predicate) { return __hipvk_warp_all(predicate != 0); }

template <class Mask>
__device__ __forceinline__ unsigned long long __ballot_sync(Mask mask, int predicate) {
  return __ballot(predicate) & __hipvk_warp::sync_lanes(mask);
}
template <class Mask>
__device__ __forceinline__ int __any_sync(Mask mask, int predicate) {
  return __ballot_sync(mask, predicate) != 0;
}
template <class Mask>
__device__ __forceinline__ int __all_sync(Mask mask, int predicate) {
  return __ballot_sync(mask, predicate) == __hipvk_warp::sync_lanes(mask);
}

// ---- shuffles, for each type HIP declares them for (hip_fp16.h adds __half and __half2 with the
// same macro)
#define __HIPVK_WARP_SHUFFLES(T)                                                                               \
  __device__ __forceinline__ T __shfl(T var, int src_lane, int width = warpSize) {                        \
    __hipvk_warp::check_reach(0, width);                                                                  \
    return __hipvk_warp::read_lane(var, __hipvk_warp::shfl_index(__lane_id(), src_lane, width));          \
  }                                                                                                       \
  __device__ __forceinline__ T __shfl_up(T var, unsigned int lane_delta, int width = warpSize) {          \
    __hipvk_warp::check_reach(lane_delta, width);                                                         \
    return __hipvk_warp::read_lane(var, __hipvk_warp::shfl_up_index(__lane_id(), lane_delta, width));     \
  }                                                                                                       \
  __device__ __forceinline__ T __shfl_down(T var, unsigned int lane_delta, int width = warpSize) {        \
    __hipvk_warp::check_reach(lane_delta, width);                                                         \
    return __hipvk_warp::read_lane(var, __hipvk_warp::shfl_down_index(__lane_id(), lane_delta, width));   \
  }                                                                                                       \
  __device__ __forceinline__ T __shfl_xor(T var, int lane_mask, int width = warpSize) {                   \
    __hipvk_warp::check_reach(static_cast<unsigned int>(lane_mask), width);                               \
    return __hipvk_warp::read_lane(var, __hipvk_warp::shfl_xor_index(__lane_id(), lane_mask, width));     \
  }                                                                                                       \
  template <class Mask>                                                                                   \
  __device__ __forceinline__ T __shfl_sync(Mask mask, T var, int src_lane, int width = warpSize) {        \
    (void)__hipvk_warp::sync_lanes(mask);                                                                 \
    return __shfl(var, src_lane, width);                                                                  \
  }                                                                                                       \
  template <class Mask>                                                                                   \
  __device__ __forceinline__ T __shfl_up_sync(Mask mask, T var, unsigned int lane_delta, int width = warpSize) { \
    (void)__hipvk_warp::sync_lanes(mask);                                                                 \
    return __shfl_up(var, lane_delta, width);                                                             \
  }                                                                                                       \
  template <class Mask>                                                                                   \
  __device__ __forceinline__ T __shfl_down_sync(Mask mask, T var, unsigned int lane_delta, int width = warpSize) { \
    (void)__hipvk_warp::sync_lanes(mask);                                                                 \
    return __shfl_down(var, lane_delta, width);                                                           \
  }                                                                                                       \
  template <class Mask>                                                                                   \
  __device__ __forceinline__ T __shfl_xor_sync(Mask mask, T var, int lane_mask, int width = warpSize) {   \
    (void)__hipvk_warp::sync_lanes(mask);                                                                 \
    return __shfl_xor(var, lane_mask, width);                                                             \
  }

__HIPVK_WARP_SHUFFLES(int)
__HIPVK_WARP_SHUFFLES(unsigned int)
__HIPVK_WARP_SHUFFLES(long)
__HIPVK_WARP_SHUFFLES(unsigned long)
__HIPVK_WARP_SHUFFLES(long long)
__HIPVK_WARP_SHUFFLES(unsigned long long)
__HIPVK_WARP_SHUFFLES(float)
__HIPVK_WARP_SHUFFLES(double)

// ---- match
#define __HIPVK_MATCH(T)                                                                                \
  __device__ __forceinline__ unsigned long long __match_any(T value) { return __hipvk_warp::match_any(value); } \
  __device__ __forceinline__ unsigned long long __match_all(T value, int *pred) {                       \
    return __hipvk_warp::match_all(value, pred);                                                        \
  }                                                                                                     \
  template <class Mask>                                                                                 \
  __device__ __forceinline__ unsigned long long __match_any_sync(Mask mask, T value) {                  \
    return __match_any(value) & __hipvk_warp::sync_lanes(mask);                                         \
  }                                                                                                     \
  template <class Mask>                                                                                 \
  __device__ __forceinline__ unsigned long long __match_all_sync(Mask mask, T value, int *pred) {       \
    const unsigned long long lanes = __hipvk_warp::sync_lanes(mask);                                    \
    const bool all = (__match_any(value) & lanes) == lanes;                                             \
    *pred = all;                                                                                        \
    return all ? lanes : 0ull;                                                                          \
  }

__HIPVK_MATCH(int)
__HIPVK_MATCH(unsigned int)
__HIPVK_MATCH(long)
__HIPVK_MATCH(unsigned long)
__HIPVK_MATCH(long long)
__HIPVK_MATCH(unsigned long long)
__HIPVK_MATCH(float)
__HIPVK_MATCH(double)

// ---- reductions over the mask's lanes (lanes outside it add the operation's identity)
#define __HIPVK_REDUCE(NAME, T, OP, IDENTITY)                                                           \
  template <class Mask>                                                                                 \
  __device__ __forceinline__ T __reduce_##NAME##_sync(Mask mask, T value) {                             \
    const bool in_mask = (__hipvk_warp::sync_lanes(mask) >> __lane_id()) & 1;                           \
    return __hipvk_warp::reduce(hipvk::abi::OP, in_mask ? value : static_cast<T>(IDENTITY));             \
  }
#define __HIPVK_REDUCE_ALL(T, MIN, MAX, LOWEST, HIGHEST)  \
  __HIPVK_REDUCE(add, T, kWarpReduceAdd, 0)                \
  __HIPVK_REDUCE(min, T, MIN, HIGHEST)                     \
  __HIPVK_REDUCE(max, T, MAX, LOWEST)                      \
  __HIPVK_REDUCE(and, T, kWarpReduceAnd, ~static_cast<T>(0)) \
  __HIPVK_REDUCE(or, T, kWarpReduceOr, 0)                  \
  __HIPVK_REDUCE(xor, T, kWarpReduceXor, 0)

__HIPVK_REDUCE_ALL(int, kWarpReduceMinSigned, kWarpReduceMaxSigned, INT_MIN, INT_MAX)
__HIPVK_REDUCE_ALL(unsigned int, kWarpReduceMinUnsigned, kWarpReduceMaxUnsigned, 0u, UINT_MAX)
__HIPVK_REDUCE_ALL(long long, kWarpReduceMinSigned, kWarpReduceMaxSigned, LLONG_MIN, LLONG_MAX)
__HIPVK_REDUCE_ALL(unsigned long long, kWarpReduceMinUnsigned, kWarpReduceMaxUnsigned, 0ull, ULLONG_MAX)

// ---- barrier of the warp: orders the memory accesses of its lanes (shared and global)
__device__ __forceinline__ void __syncwarp() { __hipvk_warp_sync(); }
template <class Mask>
__device__ __forceinline__ void __syncwarp(Mask mask) {
  (void)__hipvk_warp::sync_lanes(mask);
  __hipvk_warp_sync();
}

#undef __HIPVK_MATCH
#undef __HIPVK_REDUCE
#undef __HIPVK_REDUCE_ALL

#endif // __HIP__
