// HIP's cooperative groups (namespace cooperative_groups, ROCm's API) on Vulkan subgroups.
//
// Everything is header-only over hipvk_detail/warp_functions.h: a group is a small value (its kind,
// its size and, for coalesced groups, its lanes) and every operation is a subgroup operation of the
// warp, masked and renumbered to the group. docs/HIP_ON_VULKAN.md, "Cooperative groups", says what
// maps to what.
//
// warpSize is the pipeline's subgroup size, known only at run time (4 to 64). Lanes are consecutive
// linear thread ids, so a tile of N threads (N a power of two, N <= warpSize) is N consecutive lanes
// of one warp, and its ballots are the warp's ballot shifted down to the tile's first lane. A tile
// wider than the warp cannot exist: ROCm rejects it at compile time against the wavefront size; here
// the compile-time bound is 64 (the widest warp) and a tile wider than the run-time warpSize stops
// the kernel with an assertion message (hipErrorAssert at the next synchronising call), as ROCm's
// dynamic tiled_partition does.
#pragma once

#include <hip/hip_runtime.h>

#if defined(__HIP__)

#include <hip/hipvk_detail/cooperative_grid.h>
#include <hip/hipvk_detail/warp_functions.h>

#include <limits>
#include <type_traits>

// ROCm names the 64-bit lane masks of coalesced groups so, at global scope.
using lane_mask = unsigned long long int;

namespace cooperative_groups {

namespace internal {
// The kind of a group, which thread_group's members dispatch on (ROCm's names and order).
typedef enum { cg_invalid, cg_multi_grid, cg_grid, cg_workgroup, cg_tiled_group, cg_coalesced_group } group_type;
}  // namespace internal

class thread_group;
class thread_block;
class tiled_group;
class coalesced_group;
template <unsigned int Size, class ParentT = void> class thread_block_tile;

namespace hipvk_detail {

// The low n bits (n <= 64).
__host__ __device__ constexpr unsigned long long low_bits(unsigned int n) { return n >= 64 ? ~0ull : (1ull << n) - 1; }

__device__ __forceinline__ unsigned int block_thread_rank() {
  return threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
}
__device__ __forceinline__ unsigned int block_num_threads() { return blockDim.x * blockDim.y * blockDim.z; }
__device__ __forceinline__ unsigned int grid_block_rank() {
  return blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
}
__device__ __forceinline__ unsigned int grid_num_blocks() { return gridDim.x * gridDim.y * gridDim.z; }

// Position of the n-th (from 0) set bit of m; n < popcount(m). A binary search on popcounts: six
// steps whatever the warp size, instead of clearing up to 63 bits one by one.
__device__ __forceinline__ unsigned int nth_set_bit(unsigned long long m, unsigned int n) {
  unsigned int pos = 0;
  for (unsigned int half = 32; half > 0; half >>= 1) {
    const unsigned int below = __popcll(m & low_bits(half));
    if (n >= below) {
      n -= below;
      m >>= half;
      pos += half;
    }
  }
  return pos;
}

// The bits of x at the positions set in m, packed towards bit 0 (x86's PEXT): turns a warp ballot
// into a group-relative one (bit k = the group's rank k). A selected bit must move right by the
// number of unselected bits below it; round `step` moves by 2^step the bits whose count has that
// bit set, so six rounds move every bit by its whole count (a binary decomposition, no loop over
// the lanes).
__device__ __forceinline__ unsigned long long compress_bits(unsigned long long x, unsigned long long m) {
  x &= m;
  unsigned long long zeros_below = ~m << 1;  // bit i: bit i-1 is unselected
  for (unsigned int step = 0; step < 6; ++step) {
    // Prefix XOR: bit i is the parity of the flags at and below i, i.e. bit `step` of the count of
    // unselected bits below i (the lower bits of the count were consumed by earlier rounds).
    unsigned long long odd = zeros_below ^ (zeros_below << 1);
    odd ^= odd << 2;
    odd ^= odd << 4;
    odd ^= odd << 8;
    odd ^= odd << 16;
    odd ^= odd << 32;
    const unsigned long long moving = odd & m;
    const unsigned int shift = 1u << step;
    m = (m ^ moving) | (moving >> shift);
    const unsigned long long moved = x & moving;
    x = (x ^ moved) | (moved >> shift);
    zeros_below &= ~odd;
  }
  return x;
}

// `v` of lane `lane` for any trivially copyable type: one subgroup shuffle for 1, 2, 4 and 8 bytes,
// one per 4-byte word otherwise (CUDA's tiles shuffle any such type; ROCm's integers and floats
// are the 4- and 8-byte case).
template <class T> __device__ __forceinline__ T read_lane(T v, int lane) {
  static_assert(std::is_trivially_copyable<T>::value, "cooperative-group shuffles exchange trivially copyable values");
  if constexpr (sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4 || sizeof(T) == 8) {
    return __hipvk_warp::read_lane(v, lane);
  } else {
    constexpr unsigned int words = (sizeof(T) + 3) / 4;
    struct Words {
      unsigned int w[words];
    } in{}, out{};
    __builtin_memcpy(&in, &v, sizeof(T));
    for (unsigned int i = 0; i < words; ++i) out.w[i] = __hipvk_warp_shuffle(in.w[i], static_cast<unsigned int>(lane));
    T result;
    __builtin_memcpy(&result, &out, sizeof(T));
    return result;
  }
}

// A misuse HIP answers with an assertion (a tile size that is not a power of two or wider than the
// warp): the kernel stops with the message and the launch reports hipErrorAssert.
[[noreturn]] __device__ __forceinline__ void invalid_group(const char *message, const char *file, unsigned int line,
                                                           const char *function) {
  __assert_fail(message, file, line, function);
}

__device__ __forceinline__ bool valid_tile_size(unsigned int n) {
  return n != 0 && (n & (n - 1)) == 0 && n <= static_cast<unsigned int>(static_cast<int>(warpSize));
}

// sync() of a tile or coalesced group: the active lanes meet and their shared and global memory
// accesses are ordered around the meeting. ROCm fences only (an AMD wave runs in lockstep). Here a
// subgroup ballot makes the active invocations meet (each waits for the others to reach it, also
// where a driver schedules lanes independently), between two subgroup-scope acquire-release
// fences. Not __syncwarp(): its Subgroup-scope OpControlBarrier is, on lavapipe, a workgroup
// barrier, so warps that sync different numbers of times (tiles of different sizes, coalesced
// groups) leave threads unfinished; a group's sync() is exactly the place where that happens.
__device__ __forceinline__ void sync_active_lanes() {
  __builtin_amdgcn_fence(__ATOMIC_ACQ_REL, "wavefront");
  (void)__hipvk_warp_ballot(true);  // a Warp builtin: convergent, never removed as unused
  __builtin_amdgcn_fence(__ATOMIC_ACQ_REL, "wavefront");
}

struct access;  // builds groups for the partition functions (the constructors are not public)

}  // namespace hipvk_detail

// ---- thread_group: the base of every group. It holds all the state (the derived groups add none),
// so a group copied into a thread_group keeps working through cg_type() dispatch.
class thread_group {
 protected:
  unsigned int _type;
  unsigned int _num_threads;
  unsigned long long _mask;       // coalesced groups: their lanes (bit n = lane n of the warp)
  unsigned int _tile_size;        // tiles: the partition size (the last tile of a block may be smaller)
  unsigned int _meta_group_rank;  // tiles and coalesced groups: index among the parent's partitions
  unsigned int _meta_group_size;

  __device__ thread_group(internal::group_type type, unsigned int num_threads, unsigned long long mask = 0,
                          unsigned int tile_size = 0, unsigned int meta_group_rank = 0,
                          unsigned int meta_group_size = 1)
      : _type(type), _num_threads(num_threads), _mask(mask), _tile_size(tile_size),
        _meta_group_rank(meta_group_rank), _meta_group_size(meta_group_size) {}

  friend struct hipvk_detail::access;
  friend __device__ thread_group tiled_partition(const thread_group &parent, unsigned int tile_size);

 public:
  __device__ unsigned int num_threads() const { return _num_threads; }
  __device__ unsigned int size() const { return _num_threads; }
  __device__ unsigned int cg_type() const { return _type; }
  __device__ unsigned int thread_rank() const;
  __device__ bool is_valid() const;
  __device__ void sync() const;
};

// ---- thread_block: the threads of the calling block.
class thread_block : public thread_group {
  friend __device__ thread_block this_thread_block();
  explicit __device__ thread_block(unsigned int num_threads) : thread_group(internal::cg_workgroup, num_threads) {}

 public:
  static __device__ dim3 group_index() { return dim3(blockIdx.x, blockIdx.y, blockIdx.z); }
  static __device__ dim3 thread_index() { return dim3(threadIdx.x, threadIdx.y, threadIdx.z); }
  static __device__ unsigned int thread_rank() { return hipvk_detail::block_thread_rank(); }
  static __device__ unsigned int block_rank() { return hipvk_detail::grid_block_rank(); }
  static __device__ unsigned int num_threads() { return hipvk_detail::block_num_threads(); }
  static __device__ unsigned int size() { return num_threads(); }
  static __device__ bool is_valid() { return true; }
  static __device__ void sync() { __syncthreads(); }
  static __device__ dim3 group_dim() { return dim3(blockDim.x, blockDim.y, blockDim.z); }
  // CUDA's name of group_dim(), which code ported from CUDA uses.
  static __device__ dim3 dim_threads() { return group_dim(); }

  // ROCm's split barrier. Vulkan has no split workgroup barrier, so arriving does nothing and
  // waiting is the whole barrier: every thread arrives before it waits, and writes made before
  // arriving are visible after waiting, which is all the split form promises.
  struct arrival_token {};
  __device__ arrival_token barrier_arrive() const { return arrival_token{}; }
  __device__ void barrier_wait(arrival_token &&) const { __syncthreads(); }
};

__device__ __forceinline__ thread_block this_thread_block() { return thread_block(hipvk_detail::block_num_threads()); }

// ---- tiled_group: a tile made at run time (tiled_partition(group, n)); also the base of the
// compile-time thread_block_tile<N>. Its threads are consecutive ranks of the parent tile or block.
class tiled_group : public thread_group {
 protected:
  __device__ tiled_group(unsigned int num_threads, unsigned int tile_size, unsigned int meta_group_rank,
                         unsigned int meta_group_size)
      : thread_group(internal::cg_tiled_group, num_threads, 0, tile_size, meta_group_rank, meta_group_size) {}
  friend struct hipvk_detail::access;

 public:
  __device__ unsigned int num_threads() const { return _num_threads; }
  __device__ unsigned int size() const { return _num_threads; }
  // Tiles start at multiples of their size in the block's linear order (and of the warp).
  __device__ unsigned int thread_rank() const { return hipvk_detail::block_thread_rank() & (_tile_size - 1); }
  __device__ bool is_valid() const { return _num_threads != 0; }
  __device__ void sync() const { hipvk_detail::sync_active_lanes(); }
};

// ---- coalesced_group: a set of lanes of one warp, ranked in lane order: the active lanes at
// coalesced_threads(), or a partition of such a group.
class coalesced_group : public thread_group {
  explicit __device__ coalesced_group(unsigned long long lanes, unsigned int meta_group_rank = 0,
                                      unsigned int meta_group_size = 1)
      : thread_group(internal::cg_coalesced_group, __popcll(lanes), lanes, 0, meta_group_rank, meta_group_size) {}
  friend struct hipvk_detail::access;
  friend __device__ coalesced_group coalesced_threads();

  // The lane of rank `rank` (< size()).
  __device__ int lane_of(unsigned int rank) const { return static_cast<int>(hipvk_detail::nth_set_bit(_mask, rank)); }

 public:
  __device__ unsigned int num_threads() const { return _num_threads; }
  __device__ unsigned int size() const { return _num_threads; }
  __device__ unsigned int thread_rank() const { return __popcll(_mask & __lanemask_lt()); }
  __device__ bool is_valid() const { return _num_threads != 0; }
  __device__ void sync() const { hipvk_detail::sync_active_lanes(); }
  __device__ unsigned int meta_group_rank() const { return _meta_group_rank; }
  __device__ unsigned int meta_group_size() const { return _meta_group_size; }

  // `var` of the group's thread of rank srcRank modulo size().
  template <class T> __device__ T shfl(T var, int srcRank) const {
    return hipvk_detail::read_lane(var, lane_of(static_cast<unsigned int>(srcRank) % _num_threads));
  }
  // `var` of rank thread_rank() + delta; a caller with no such rank gets its own var (HIP's rule).
  template <class T> __device__ T shfl_down(T var, unsigned int lane_delta) const {
    const unsigned int src = thread_rank() + lane_delta;
    return hipvk_detail::read_lane(var, src < _num_threads && src >= lane_delta ? lane_of(src) : static_cast<int>(__lane_id()));
  }
  // `var` of rank thread_rank() - delta; ranks below delta get their own var.
  template <class T> __device__ T shfl_up(T var, unsigned int lane_delta) const {
    const unsigned int rank = thread_rank();
    return hipvk_detail::read_lane(var, lane_delta <= rank ? lane_of(rank - lane_delta) : static_cast<int>(__lane_id()));
  }

  // Votes relative to the group: bit k of a mask is the group's rank k.
  __device__ unsigned long long ballot(int pred) const {
    return hipvk_detail::compress_bits(__hipvk_warp_ballot(pred != 0), _mask);
  }
  __device__ int any(int pred) const { return (__hipvk_warp_ballot(pred != 0) & _mask) != 0; }
  __device__ int all(int pred) const { return (__hipvk_warp_ballot(pred == 0) & _mask) == 0; }
  template <class T> __device__ unsigned long long match_any(T value) const {
    return hipvk_detail::compress_bits(__hipvk_warp::match_any(value), _mask);
  }
  template <class T> __device__ unsigned long long match_all(T value, int &pred) const {
    const bool same = (__hipvk_warp::match_any(value) & _mask) == _mask;
    pred = same;
    return same ? hipvk_detail::low_bits(_num_threads) : 0ull;
  }
};

// The lanes active here, as a group (ROCm reads the exec mask; a Vulkan ballot of true is the same).
__device__ __forceinline__ coalesced_group coalesced_threads() { return coalesced_group(__hipvk_warp_ballot(true)); }

// ---- thread_block_tile<N>: a tile whose size is known at compile time.
namespace hipvk_detail {

template <unsigned int N> class tile_base : public tiled_group {
  static_assert(N != 0 && (N & (N - 1)) == 0 && N <= 64,
                "thread_block_tile: the tile size must be a power of two no larger than the warp size "
                "(64 at most; the run-time warpSize is checked when the tile is made)");

 protected:
  __device__ tile_base(unsigned int meta_group_rank, unsigned int meta_group_size)
      : tiled_group(N, N, meta_group_rank, meta_group_size) {}

  // The tile's lanes in the warp: N bits from its first lane.
  static __device__ unsigned int first_lane() { return __lane_id() & ~(N - 1); }
  static __device__ unsigned long long tile_bits(unsigned long long warp_mask) {
    return (warp_mask >> first_lane()) & low_bits(N);
  }
  static __device__ unsigned long long lanes() { return low_bits(N) << first_lane(); }
  template <unsigned int, class> friend class cooperative_groups::thread_block_tile;
  friend struct access;

 public:
  static constexpr __device__ unsigned int num_threads() { return N; }
  static constexpr __device__ unsigned int size() { return N; }
  static __device__ unsigned int thread_rank() { return block_thread_rank() & (N - 1); }
  static __device__ void sync() { hipvk_detail::sync_active_lanes(); }
  __device__ unsigned int meta_group_rank() const { return _meta_group_rank; }
  __device__ unsigned int meta_group_size() const { return _meta_group_size; }

  // Shuffles within the tile with HIP's rules for a `width` segment of N lanes: a source outside
  // the tile gives the caller its own value; srcRank is taken modulo N.
  template <class T> __device__ T shfl(T var, int srcRank) const {
    return read_lane(var, __hipvk_warp::shfl_index(__lane_id(), srcRank, N));
  }
  template <class T> __device__ T shfl_down(T var, unsigned int lane_delta) const {
    return read_lane(var, __hipvk_warp::shfl_down_index(__lane_id(), lane_delta, N));
  }
  template <class T> __device__ T shfl_up(T var, unsigned int lane_delta) const {
    return read_lane(var, __hipvk_warp::shfl_up_index(__lane_id(), lane_delta, N));
  }
  template <class T> __device__ T shfl_xor(T var, unsigned int laneMask) const {
    return read_lane(var, __hipvk_warp::shfl_xor_index(__lane_id(), static_cast<int>(laneMask), N));
  }

  // Votes relative to the tile (bit k = tile rank k), over its threads that exist: the lanes of a
  // last tile past the end of the block are in no mask.
  __device__ unsigned long long ballot(int pred) const { return tile_bits(__hipvk_warp_ballot(pred != 0)); }
  __device__ int any(int pred) const { return tile_bits(__hipvk_warp_ballot(pred != 0)) != 0; }
  __device__ int all(int pred) const { return tile_bits(__hipvk_warp_ballot(pred == 0)) == 0; }
  template <class T> __device__ unsigned long long match_any(T value) const {
    return tile_bits(__hipvk_warp::match_any(value));
  }
  template <class T> __device__ unsigned long long match_all(T value, int &pred) const {
    const unsigned long long members = tile_bits(__hipvk_warp_ballot(true));
    const bool same = tile_bits(__hipvk_warp::match_any(value)) == members;
    pred = same;
    return same ? members : 0ull;
  }
};

template <class T> struct is_tile : std::false_type {};
template <unsigned int N, class P> struct is_tile<thread_block_tile<N, P>> : std::true_type {
  static constexpr unsigned int size = N;
};

}  // namespace hipvk_detail

// The type-erased tile (ParentT = void): what any thread_block_tile<N, P> converts to.
template <unsigned int Size> class thread_block_tile<Size, void> : public hipvk_detail::tile_base<Size> {
 protected:
  __device__ thread_block_tile(unsigned int meta_group_rank, unsigned int meta_group_size)
      : hipvk_detail::tile_base<Size>(meta_group_rank, meta_group_size) {}
  friend struct hipvk_detail::access;
};

template <unsigned int Size, class ParentT> class thread_block_tile : public thread_block_tile<Size, void> {
  __device__ thread_block_tile(unsigned int meta_group_rank, unsigned int meta_group_size)
      : thread_block_tile<Size, void>(meta_group_rank, meta_group_size) {}
  friend struct hipvk_detail::access;
};

namespace hipvk_detail {
struct access {
  template <unsigned int N, class P>
  static __device__ thread_block_tile<N, P> tile(unsigned int meta_group_rank, unsigned int meta_group_size) {
    return thread_block_tile<N, P>(meta_group_rank, meta_group_size);
  }
  static __device__ tiled_group dynamic_tile(unsigned int num_threads, unsigned int tile_size, unsigned int meta_rank,
                                             unsigned int meta_size) {
    return tiled_group(num_threads, tile_size, meta_rank, meta_size);
  }
  static __device__ coalesced_group coalesced(unsigned long long lanes, unsigned int meta_rank = 0,
                                              unsigned int meta_size = 1) {
    return coalesced_group(lanes, meta_rank, meta_size);
  }
  static __device__ const thread_group &base(const thread_group &g) { return g; }
  static __device__ unsigned long long lanes_of(const thread_group &g) { return g._mask; }
  static __device__ unsigned int tile_size_of(const thread_group &g) { return g._tile_size; }
  template <unsigned int N> static __device__ unsigned long long tile_lanes(const tile_base<N> &) {
    return tile_base<N>::lanes();
  }
};

// The tile of rank `rank` among tiles of n threads partitioning a parent of `parent_size` threads
// (n a valid tile size): the last one keeps the threads that remain.
__device__ __forceinline__ tiled_group tile_of(unsigned int parent_rank, unsigned int parent_size, unsigned int n) {
  const unsigned int first = parent_rank & ~(n - 1);
  const unsigned int remaining = parent_size - first;
  return access::dynamic_tile(remaining < n ? remaining : n, n, parent_rank / n, (parent_size + n - 1) / n);
}

// The partition of coalesced group `g` holding ranks [rank & ~(n-1), + n).
__device__ __forceinline__ coalesced_group coalesced_tile_of(const coalesced_group &g, unsigned int n) {
  const unsigned long long lanes = access::lanes_of(g);
  const unsigned int size = g.size(), rank = g.thread_rank();
  const unsigned int first = rank & ~(n - 1), end = first + n;
  const unsigned long long from = ~low_bits(nth_set_bit(lanes, first));
  const unsigned long long to = end < size ? low_bits(nth_set_bit(lanes, end)) : ~0ull;
  return access::coalesced(lanes & from & to, rank / n, (size + n - 1) / n);
}

}  // namespace hipvk_detail

// ---- partitions

// A tile of Size threads of a thread_block or of a larger thread_block_tile, made at compile time.
template <unsigned int Size, class ParentT>
__device__ __forceinline__ thread_block_tile<Size, ParentT> tiled_partition(const ParentT &parent,
                                                                            const char *file = __builtin_FILE(),
                                                                            unsigned int line = __builtin_LINE()) {
  static_assert(Size != 0 && (Size & (Size - 1)) == 0 && Size <= 64,
                "tiled_partition<Size>: Size must be a power of two no larger than the warp size (64 at most)");
  if constexpr (hipvk_detail::is_tile<ParentT>::value) {
    static_assert(Size <= hipvk_detail::is_tile<ParentT>::size,
                  "tiled_partition<Size>(tile): Size must not exceed the parent tile's size");
    (void)file;
    (void)line;
    // The parent already fits the warp, and tiles of it start at multiples of Size.
    return hipvk_detail::access::tile<Size, ParentT>(parent.thread_rank() / Size,
                                                     (parent.num_threads() + Size - 1) / Size);
  } else {
    static_assert(std::is_same<ParentT, thread_block>::value,
                  "tiled_partition<Size>(g): g must be a thread_block or a thread_block_tile");
#if defined(__HIPVK_WAVEFRONT_SIZE_AT_RUN_TIME)
    // Tiles of Size lanes need subgroups that wide: narrower devices run the kernel's fixed-width
    // form (as logical warps) instead of this one (docs/HIP_ON_VULKAN.md, "Wavefront size").
    __hipvk_warp_reach(Size - 1);
#endif
    if (Size > static_cast<unsigned int>(static_cast<int>(warpSize)))
      hipvk_detail::invalid_group("tiled_partition<Size>: Size is larger than warpSize", file, line,
                                  "cooperative_groups::tiled_partition");
    return hipvk_detail::access::tile<Size, ParentT>(parent.thread_rank() / Size,
                                                     (parent.num_threads() + Size - 1) / Size);
  }
}

// Tiles of tile_size threads made at run time. tile_size must be a power of two no larger than
// warpSize (HIP asserts it; so does this); a coalesced group partitioned by an invalid size gives
// an empty group whose is_valid() is false, as in ROCm.
__device__ __forceinline__ thread_group tiled_partition(const thread_block &parent, unsigned int tile_size) {
  if (!hipvk_detail::valid_tile_size(tile_size))
    hipvk_detail::invalid_group("tiled_partition(block, n): n must be a power of two no larger than warpSize",
                                __FILE__, __LINE__, "cooperative_groups::tiled_partition");
  return hipvk_detail::tile_of(parent.thread_rank(), parent.num_threads(), tile_size);
}

__device__ __forceinline__ tiled_group tiled_partition(const tiled_group &parent, unsigned int tile_size) {
  if (!hipvk_detail::valid_tile_size(tile_size))
    hipvk_detail::invalid_group("tiled_partition(tile, n): n must be a power of two no larger than warpSize",
                                __FILE__, __LINE__, "cooperative_groups::tiled_partition");
  // A partition no smaller than the parent is the parent (ROCm's rule).
  if (tile_size >= hipvk_detail::access::tile_size_of(parent)) return parent;
  return hipvk_detail::tile_of(parent.thread_rank(), parent.num_threads(), tile_size);
}

__device__ __forceinline__ coalesced_group tiled_partition(const coalesced_group &parent, unsigned int tile_size) {
  if (tile_size == 0 || (tile_size & (tile_size - 1)) != 0) return hipvk_detail::access::coalesced(0);
  return hipvk_detail::coalesced_tile_of(parent, tile_size);
}

// ---- grid_group: every thread of the launch. sync() needs hipLaunchCooperativeKernel (the
// runtime refuses grids that cannot all be resident at once, and the barrier's wait is bounded:
// docs/HIP_ON_VULKAN.md, "Grid sync"); is_valid() says whether this launch was one.
class grid_group : public thread_group {
  friend __device__ grid_group this_grid();
  explicit __device__ grid_group(unsigned int num_threads) : thread_group(internal::cg_grid, num_threads) {}

 public:
  static __device__ unsigned int thread_rank() {
    return hipvk_detail::grid_block_rank() * hipvk_detail::block_num_threads() + hipvk_detail::block_thread_rank();
  }
  static __device__ unsigned int block_rank() { return hipvk_detail::grid_block_rank(); }
  static __device__ unsigned int num_threads() {
    return hipvk_detail::grid_num_blocks() * hipvk_detail::block_num_threads();
  }
  static __device__ unsigned int size() { return num_threads(); }
  static __device__ bool is_valid() { return __hipvk_grid_is_valid(); }
  static __device__ void sync() { __hipvk_grid_sync(); }
  // The grid's size in blocks (current ROCm; ROCm 6.2 and before returned the block's dimensions).
  static __device__ dim3 group_dim() { return dim3(gridDim.x, gridDim.y, gridDim.z); }

  // ROCm's split barrier, as for thread_block: arriving does nothing, waiting is the whole barrier.
  struct arrival_token {
    unsigned int signal;
  };
  __device__ arrival_token barrier_arrive() const { return arrival_token{0}; }
  __device__ void barrier_wait(arrival_token &&) const { __hipvk_grid_sync(); }
};

__device__ __forceinline__ grid_group this_grid() { return grid_group(grid_group::num_threads()); }

// ---- multi_grid_group: the launches of hipLaunchCooperativeKernelMultiDevice. hipvk runs one
// device, so the multi-grid is the grid: one grid of rank 0, synchronised by the grid barrier.
class multi_grid_group : public thread_group {
  friend __device__ multi_grid_group this_multi_grid();
  explicit __device__ multi_grid_group(unsigned int num_threads) : thread_group(internal::cg_multi_grid, num_threads) {}

 public:
  static __device__ unsigned int num_grids() { return 1; }
  static __device__ unsigned int grid_rank() { return 0; }
  static __device__ unsigned int thread_rank() { return grid_group::thread_rank(); }
  static __device__ unsigned int num_threads() { return grid_group::num_threads(); }
  static __device__ unsigned int size() { return num_threads(); }
  static __device__ bool is_valid() { return __hipvk_grid_is_valid(); }
  static __device__ void sync() { __hipvk_grid_sync(); }
};

__device__ __forceinline__ multi_grid_group this_multi_grid() { return multi_grid_group(multi_grid_group::num_threads()); }

// ---- thread_group's members, for a group of any kind copied into a thread_group. They read the
// base's own state (every group keeps all of it there) rather than casting to the derived type.
__device__ __forceinline__ unsigned int thread_group::thread_rank() const {
  switch (_type) {
  case internal::cg_multi_grid:
  case internal::cg_grid: return grid_group::thread_rank();
  case internal::cg_workgroup: return hipvk_detail::block_thread_rank();
  case internal::cg_tiled_group: return hipvk_detail::block_thread_rank() & (_tile_size - 1);
  case internal::cg_coalesced_group: return __popcll(_mask & __lanemask_lt());
  default:
    hipvk_detail::invalid_group("thread_group::thread_rank: invalid group", __FILE__, __LINE__,
                                "cooperative_groups::thread_group::thread_rank");
  }
}

__device__ __forceinline__ bool thread_group::is_valid() const {
  switch (_type) {
  case internal::cg_multi_grid:
  case internal::cg_grid: return __hipvk_grid_is_valid();
  case internal::cg_workgroup: return true;
  case internal::cg_tiled_group:
  case internal::cg_coalesced_group: return _num_threads != 0;
  default: return false;
  }
}

__device__ __forceinline__ void thread_group::sync() const {
  switch (_type) {
  case internal::cg_multi_grid:
  case internal::cg_grid: __hipvk_grid_sync(); break;
  case internal::cg_workgroup: __syncthreads(); break;
  case internal::cg_tiled_group:
  case internal::cg_coalesced_group: hipvk_detail::sync_active_lanes(); break;
  default:
    hipvk_detail::invalid_group("thread_group::sync: invalid group", __FILE__, __LINE__,
                                "cooperative_groups::thread_group::sync");
  }
}

// A run-time partition of a group known only as a thread_group: a block, a tile or a coalesced
// group (a grid has no tiles: HIP treats it as its block, which would be a wrong answer here).
__device__ __forceinline__ thread_group tiled_partition(const thread_group &parent, unsigned int tile_size) {
  switch (parent._type) {
  case internal::cg_workgroup: return tiled_partition(this_thread_block(), tile_size);
  case internal::cg_tiled_group:
    if (!hipvk_detail::valid_tile_size(tile_size))
      hipvk_detail::invalid_group("tiled_partition(tile, n): n must be a power of two no larger than warpSize",
                                  __FILE__, __LINE__, "cooperative_groups::tiled_partition");
    if (tile_size >= parent._tile_size) return parent;
    return hipvk_detail::tile_of(parent.thread_rank(), parent._num_threads, tile_size);
  case internal::cg_coalesced_group:
    if (tile_size == 0 || (tile_size & (tile_size - 1)) != 0) return hipvk_detail::access::coalesced(0);
    return hipvk_detail::coalesced_tile_of(hipvk_detail::access::coalesced(parent._mask, parent._meta_group_rank,
                                                                           parent._meta_group_size),
                                           tile_size);
  default:
    hipvk_detail::invalid_group("tiled_partition(g, n): g must be a block, a tile or a coalesced group", __FILE__,
                                __LINE__, "cooperative_groups::tiled_partition");
  }
}

// ---- binary_partition: the group's threads whose predicate agrees with the caller's.
__device__ __forceinline__ coalesced_group binary_partition(const coalesced_group &g, bool pred) {
  const unsigned long long lanes = hipvk_detail::access::lanes_of(g);
  const unsigned long long yes = __hipvk_warp_ballot(pred) & lanes;
  return hipvk_detail::access::coalesced(pred ? yes : lanes & ~yes);
}

template <unsigned int Size, class ParentT>
__device__ __forceinline__ coalesced_group binary_partition(const thread_block_tile<Size, ParentT> &tile, bool pred) {
  // The tile's lanes that exist (a last tile may extend past the end of the block).
  const unsigned long long lanes = hipvk_detail::access::tile_lanes<Size>(tile) & __hipvk_warp_ballot(true);
  const unsigned long long yes = __hipvk_warp_ballot(pred) & lanes;
  return hipvk_detail::access::coalesced(pred ? yes : lanes & ~yes);
}

// The calling thread alone, as a group of one.
__device__ __forceinline__ thread_group this_thread() { return hipvk_detail::access::coalesced(__lanemask_eq()); }

// ---- reduce and scans over a tile or coalesced group (ROCm 7's cooperative_groups::reduce,
// inclusive_scan, exclusive_scan; CUDA's <cooperative_groups/reduce.h> and scan.h)

// The operations with a name, and the identity ROCm documents for each (what exclusive_scan gives
// the group's first thread).
template <class T> struct plus {
  __host__ __device__ T operator()(const T &a, const T &b) const { return a + b; }
};
template <class T> struct less {
  __host__ __device__ T operator()(const T &a, const T &b) const { return b < a ? b : a; }
};
template <class T> struct greater {
  __host__ __device__ T operator()(const T &a, const T &b) const { return a < b ? b : a; }
};
template <class T> struct bit_and {
  __host__ __device__ T operator()(const T &a, const T &b) const { return a & b; }
};
template <class T> struct bit_or {
  __host__ __device__ T operator()(const T &a, const T &b) const { return a | b; }
};
template <class T> struct bit_xor {
  __host__ __device__ T operator()(const T &a, const T &b) const { return a ^ b; }
};

namespace hipvk_detail {

template <class Op, class T> __device__ __forceinline__ T identity_of() {
  using O = std::remove_cv_t<std::remove_reference_t<Op>>;
  if constexpr (std::is_same<O, cooperative_groups::less<T>>::value) {
    if constexpr (std::is_floating_point<T>::value) return __builtin_huge_val();
    else return std::numeric_limits<T>::max();
  } else if constexpr (std::is_same<O, cooperative_groups::greater<T>>::value) {
    if constexpr (std::is_floating_point<T>::value) return -__builtin_huge_val();
    else return std::numeric_limits<T>::lowest();
  } else if constexpr (std::is_same<O, cooperative_groups::bit_and<T>>::value) {
    return static_cast<T>(~static_cast<T>(0));
  } else {
    return T{};  // plus, bit_or, bit_xor: 0; any other operation: T{} (HIP leaves it unspecified)
  }
}

template <class Group> struct is_reducible_group : std::false_type {};
template <unsigned int N, class P> struct is_reducible_group<thread_block_tile<N, P>> : std::true_type {};
template <> struct is_reducible_group<coalesced_group> : std::true_type {};

// The threads of the caller's group that exist: a compile-time tile's size() is N even where it is
// the partial last tile of the block.
template <class Group> __device__ __forceinline__ unsigned int existing_threads(const Group &g) {
  if constexpr (std::is_same<Group, coalesced_group>::value) {
    return g.size();
  } else {
    const unsigned int n = Group::num_threads(), first = block_thread_rank() & ~(n - 1);
    const unsigned int remaining = block_num_threads() - first;
    return remaining < n ? remaining : n;
  }
}

// How far the reduction and scan trees reach: a compile-time tile's size, so that every tile of
// the block takes the same steps (the partial last tile masks what it lacks), which logical warps
// need (docs/HIP_ON_VULKAN.md, "Logical warps"); a coalesced group's size.
template <class Group> __device__ __forceinline__ unsigned int tree_extent(const Group &g) {
  if constexpr (std::is_same<Group, coalesced_group>::value) return g.size();
  else return Group::num_threads();
}

// op over the ranks in order, combined as a tree of adjacent ranges (an associative op gives the
// sequential answer); every thread gets rank 0's total.
template <class Group, class T, class Op> __device__ __forceinline__ T reduce(const Group &g, T v, Op &op) {
  const unsigned int count = existing_threads(g), rank = g.thread_rank();
  for (unsigned int d = 1; d < tree_extent(g); d *= 2) {
    const T other = g.shfl_down(v, d);
    if (rank + d < count) v = op(v, other);
  }
  return g.shfl(v, 0);
}

template <class Group, class T, class Op> __device__ __forceinline__ T inclusive_scan(const Group &g, T v, Op &op) {
  const unsigned int rank = g.thread_rank();
  for (unsigned int d = 1; d < tree_extent(g); d *= 2) {
    const T lower = g.shfl_up(v, d);
    if (rank >= d) v = op(lower, v);
  }
  return v;
}

}  // namespace hipvk_detail

template <class Group, class TyVal, class TyFn>
__device__ __forceinline__ auto reduce(const Group &group, TyVal &&val, TyFn &&op) -> decltype(op(val, val)) {
  using T = std::remove_cv_t<std::remove_reference_t<TyVal>>;
  static_assert(hipvk_detail::is_reducible_group<Group>::value,
                "cooperative_groups::reduce: the group must be a thread_block_tile or a coalesced_group");
  static_assert(std::is_same<T, std::remove_cv_t<std::remove_reference_t<decltype(op(val, val))>>>::value,
                "cooperative_groups::reduce: the operation must return the value's type");
  return hipvk_detail::reduce(group, static_cast<T>(val), op);
}
template <class Group, class TyVal>
__device__ __forceinline__ auto reduce(const Group &group, TyVal &&val) {
  using T = std::remove_cv_t<std::remove_reference_t<TyVal>>;
  return reduce(group, static_cast<TyVal &&>(val), plus<T>());
}

template <class Group, class TyVal, class TyFn>
__device__ __forceinline__ auto inclusive_scan(const Group &group, TyVal &&val, TyFn &&op) -> decltype(op(val, val)) {
  using T = std::remove_cv_t<std::remove_reference_t<TyVal>>;
  static_assert(hipvk_detail::is_reducible_group<Group>::value,
                "cooperative_groups::inclusive_scan: the group must be a thread_block_tile or a coalesced_group");
  return hipvk_detail::inclusive_scan(group, static_cast<T>(val), op);
}
template <class Group, class TyVal> __device__ __forceinline__ auto inclusive_scan(const Group &group, TyVal &&val) {
  using T = std::remove_cv_t<std::remove_reference_t<TyVal>>;
  return inclusive_scan(group, static_cast<TyVal &&>(val), plus<T>());
}

// The inclusive scan of the ranks below the caller; rank 0 gets the operation's identity.
template <class Group, class TyVal, class TyFn>
__device__ __forceinline__ auto exclusive_scan(const Group &group, TyVal &&val, TyFn &&op) -> decltype(op(val, val)) {
  using T = std::remove_cv_t<std::remove_reference_t<TyVal>>;
  static_assert(hipvk_detail::is_reducible_group<Group>::value,
                "cooperative_groups::exclusive_scan: the group must be a thread_block_tile or a coalesced_group");
  const T inclusive = hipvk_detail::inclusive_scan(group, static_cast<T>(val), op);
  const T below = group.shfl_up(inclusive, 1);
  return group.thread_rank() == 0 ? hipvk_detail::identity_of<TyFn, T>() : below;
}
template <class Group, class TyVal> __device__ __forceinline__ auto exclusive_scan(const Group &group, TyVal &&val) {
  using T = std::remove_cv_t<std::remove_reference_t<TyVal>>;
  return exclusive_scan(group, static_cast<TyVal &&>(val), plus<T>());
}

// ---- free functions over any group
template <class Group> __device__ __forceinline__ unsigned int group_size(const Group &g) { return g.num_threads(); }
template <class Group> __device__ __forceinline__ unsigned int thread_rank(const Group &g) { return g.thread_rank(); }
template <class Group> __device__ __forceinline__ bool is_valid(const Group &g) { return g.is_valid(); }
template <class Group> __device__ __forceinline__ void sync(const Group &g) { g.sync(); }

}  // namespace cooperative_groups

#endif  // __HIP__
