// ROCm's own rocPRIM (Debian's librocprim-dev, unmodified): the block-level primitives that
// exchange values through shared memory and barriers alone, so they run at every subgroup width:
// block_load / block_store (direct, striped, vectorized, transposed through block_exchange; the
// partial last tile with an out-of-bounds default), block_discontinuity (head and tail flags),
// block_adjacent_difference (subtract_left) and block_histogram (atomic). Several block shapes,
// int and float, sizes that leave partial tiles; every output checked against a host model of
// the padded tile. (rocPRIM's block reduce, scan and radix sort use warp operations in control
// flow only some warps take, which devices narrower than 32 lanes cannot run yet: issue 32.)
#include <rocprim/block/block_adjacent_difference.hpp>
#include <rocprim/block/block_discontinuity.hpp>
#include <rocprim/block/block_histogram.hpp>
#include <rocprim/block/block_load.hpp>
#include <rocprim/block/block_store.hpp>

#include "test_common.h"

#include <algorithm>
#include <string>
#include <vector>

namespace {

constexpr unsigned kBins = 32;

template <class T, unsigned Block, unsigned Items, rocprim::block_load_method Load, rocprim::block_store_method Store>
__global__ void block_primitives(const T *in, T *copy, int *heads, int *tails, T *diffs, unsigned *hist, int n) {
  using load_t = rocprim::block_load<T, Block, Items, Load>;
  using store_t = rocprim::block_store<T, Block, Items, Store>;
  using flags_t = rocprim::block_discontinuity<T, Block>;
  using diff_t = rocprim::block_adjacent_difference<T, Block>;
  using hist_t = rocprim::block_histogram<int, Block, Items, kBins, rocprim::block_histogram_algorithm::using_atomic>;
  __shared__ typename load_t::storage_type load_storage;
  __shared__ typename store_t::storage_type store_storage;
  __shared__ typename flags_t::storage_type flags_storage;
  __shared__ typename diff_t::storage_type diff_storage;
  __shared__ typename hist_t::storage_type hist_storage;
  __shared__ unsigned bins[kBins];

  const unsigned tile = Block * Items, offset = blockIdx.x * tile;
  const unsigned valid = std::min<unsigned>(tile, unsigned(n) - offset);
  T items[Items];
  load_t().load(in + offset, items, valid, T(-1), load_storage);

  // The primitives take a thread's items as ranks t * Items .. of the tile (for a striped load they
  // are values t, t + Block, ...: the host model knows).
  int head[Items], tail[Items];
  flags_t().flag_heads_and_tails(head, tail, items, rocprim::not_equal_to<T>(), flags_storage);
  T diff[Items];
  diff_t().subtract_left(items, diff, rocprim::minus<T>(), diff_storage);
  const size_t base = size_t(offset) + threadIdx.x * Items;
  for (unsigned i = 0; i < Items; ++i) heads[base + i] = head[i], tails[base + i] = tail[i], diffs[base + i] = diff[i];

  int keys[Items];
  for (unsigned i = 0; i < Items; ++i) keys[i] = int(items[i]) & int(kBins - 1);
  hist_t().histogram(keys, bins, hist_storage);
  __syncthreads();
  for (unsigned b = threadIdx.x; b < kBins; b += Block) hist[blockIdx.x * kBins + b] = bins[b];
  // Last: a transposing store rearranges `items` in place.
  store_t().store(copy + offset, items, valid, store_storage);
}

template <class T, unsigned Block, unsigned Items, rocprim::block_load_method Load, rocprim::block_store_method Store>
void check(const char *name, int n) {
  const unsigned tile = Block * Items;
  const int tiles = (n + int(tile) - 1) / int(tile);
  const size_t padded = size_t(tiles) * tile;
  std::vector<T> in(n);
  for (int i = 0; i < n; ++i) in[i] = T((i * 37 / 5) % 23 - (i % 11 == 0 ? 4 : 0));  // runs of equal values
  e2e::DeviceBuffer<T> d_in(n ? n : 1), d_copy(n ? n : 1), d_diffs(padded);
  e2e::DeviceBuffer<int> d_heads(padded), d_tails(padded);
  e2e::DeviceBuffer<unsigned> d_hist(size_t(tiles) * kBins);
  HIP_CHECK(hipMemcpy(d_in, in.data(), n * sizeof(T), hipMemcpyHostToDevice));
  block_primitives<T, Block, Items, Load, Store><<<tiles, Block>>>(d_in, d_copy, d_heads, d_tails, d_diffs, d_hist, n);
  HIP_CHECK_LAUNCH();
  std::vector<T> copy(n), diffs(padded);
  std::vector<int> heads(padded), tails(padded);
  std::vector<unsigned> hist(size_t(tiles) * kBins);
  HIP_CHECK(hipMemcpy(copy.data(), d_copy, n * sizeof(T), hipMemcpyDeviceToHost));
  HIP_CHECK(hipMemcpy(diffs.data(), d_diffs, padded * sizeof(T), hipMemcpyDeviceToHost));
  HIP_CHECK(hipMemcpy(heads.data(), d_heads, padded * sizeof(int), hipMemcpyDeviceToHost));
  HIP_CHECK(hipMemcpy(tails.data(), d_tails, padded * sizeof(int), hipMemcpyDeviceToHost));
  HIP_CHECK(hipMemcpy(hist.data(), d_hist, hist.size() * sizeof(unsigned), hipMemcpyDeviceToHost));

  for (int i = 0; i < n; ++i)
    if (!e2e::expect_eq(name, i, copy[i], in[i])) break;
  // Host model: each tile padded with the out-of-bounds default, then the definitions.
  const std::string head_what = std::string(name) + ": head flag", tail_what = std::string(name) + ": tail flag",
                    diff_what = std::string(name) + ": subtract_left", hist_what = std::string(name) + ": histogram bin";
  for (int t = 0; t < tiles; ++t) {
    std::vector<T> loaded(tile, T(-1));
    for (unsigned i = 0; i < tile && t * tile + i < unsigned(n); ++i) loaded[i] = in[t * tile + i];
    // The values by rank: a striped load gives thread r / Items its values r % Items * Block + r / Items.
    std::vector<T> x(tile);
    for (unsigned r = 0; r < tile; ++r) x[r] = Load == rocprim::block_load_method::block_load_striped ? loaded[r % Items * Block + r / Items] : loaded[r];
    std::vector<unsigned> want_hist(kBins, 0);
    for (unsigned i = 0; i < tile; ++i) {
      const size_t at = size_t(t) * tile + i;
      e2e::expect_eq(head_what.c_str(), long(at), heads[at], int(i == 0 || x[i - 1] != x[i]));
      e2e::expect_eq(tail_what.c_str(), long(at), tails[at], int(i == tile - 1 || x[i] != x[i + 1]));
      e2e::expect_eq(diff_what.c_str(), long(at), diffs[at], i == 0 ? x[0] : T(x[i] - x[i - 1]));
      ++want_hist[unsigned(int(x[i]) & int(kBins - 1))];
    }
    for (unsigned b = 0; b < kBins; ++b) e2e::expect_eq(hist_what.c_str(), long(t * kBins + b), hist[t * kBins + b], want_hist[b]);
  }
}

}  // namespace

int main() {
  using LM = rocprim::block_load_method;
  using SM = rocprim::block_store_method;
  for (int n : {1, 511, 512, 1000, 4099}) {
    check<int, 128, 4, LM::block_load_direct, SM::block_store_direct>("direct int", n);
    check<int, 128, 4, LM::block_load_striped, SM::block_store_striped>("striped int", n);
    check<int, 128, 4, LM::block_load_vectorize, SM::block_store_vectorize>("vectorized int", n);
    check<int, 96, 3, LM::block_load_transpose, SM::block_store_transpose>("transposed int, blocks of 96", n);
    check<float, 64, 5, LM::block_load_transpose, SM::block_store_transpose>("transposed float", n);
    check<float, 256, 2, LM::block_load_striped, SM::block_store_striped>("striped float, blocks of 256", n);
  }
  return e2e::finish("rocprim_block");
}
