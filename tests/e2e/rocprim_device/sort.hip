// rocPRIM's device-wide sorts: radix sort of keys and of key-value pairs, ascending and descending,
// on a bit range, segmented; merge sort with a comparison. Key types: int, 64-bit unsigned, float.
// Host references: std::stable_sort (rocPRIM's sorts are stable).
#include "rocprim_device_test.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace rocprim_test {
namespace {

template <class K> const char *key_name() {
  if constexpr (std::is_same_v<K, int>) return "int";
  else if constexpr (std::is_same_v<K, float>) return "float";
  else return "uint64";
}

// Keys to sort: integers over the type's range (few distinct ones in small inputs, for ties), floats
// of both signs over 40 binades.
template <class K> std::vector<K> sort_keys(size_t n, unsigned seed) {
  if constexpr (std::is_floating_point_v<K>) {
    const std::vector<int> mantissas = values<int>(n, seed, 2001), exponents = values<int>(n, seed + 1, 40);
    std::vector<K> keys(n);
    for (size_t i = 0; i < n; ++i) keys[i] = std::ldexp(K(mantissas[i] - 1000), exponents[i] - 20);
    return keys;
  } else {
    return values<K>(n, seed, n > 1000 ? 0 : 50);
  }
}

// Keys, and keys with their input positions as values (stability shows in the values).
template <class K, bool Descending> void radix_sort(size_t n) {
  const std::vector<K> keys = sort_keys<K>(n, 7u + unsigned(n));
  std::vector<int> positions(n);
  std::iota(positions.begin(), positions.end(), 0);
  std::vector<int> order = positions;
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return Descending ? keys[b] < keys[a] : keys[a] < keys[b]; });
  std::vector<K> sorted_keys(n);
  for (size_t i = 0; i < n; ++i) sorted_keys[i] = keys[order[i]];

  auto d_keys = to_device(keys);
  auto d_positions = to_device(positions);
  e2e::DeviceBuffer<K> d_keys_out(n ? n : 1);
  e2e::DeviceBuffer<int> d_values_out(n ? n : 1);
  const std::string what = std::string("radix_sort") + (Descending ? "_desc " : " ") + key_name<K>();
  const bool ran = run(what + " keys", [&](void *t, size_t &bytes) {
    if constexpr (Descending) return rocprim::radix_sort_keys_desc(t, bytes, d_keys.ptr, d_keys_out.ptr, n);
    else return rocprim::radix_sort_keys(t, bytes, d_keys.ptr, d_keys_out.ptr, n);
  });
  if (ran) expect_equal(what + " keys", n, to_host(d_keys_out, n), sorted_keys);
  if (!run(what + " pairs", [&](void *t, size_t &bytes) {
        if constexpr (Descending)
          return rocprim::radix_sort_pairs_desc(t, bytes, d_keys.ptr, d_keys_out.ptr, d_positions.ptr, d_values_out.ptr, n);
        else return rocprim::radix_sort_pairs(t, bytes, d_keys.ptr, d_keys_out.ptr, d_positions.ptr, d_values_out.ptr, n);
      }))
    return;
  expect_equal(what + " pairs: keys", n, to_host(d_keys_out, n), sorted_keys);
  expect_equal(what + " pairs: values", n, to_host(d_values_out, n), order);
}

// Only bits [4, 12) of the keys decide the order; equal digits keep their input order.
void radix_sort_bit_range(size_t n) {
  const std::vector<unsigned> keys = values<unsigned>(n, 11u + unsigned(n));
  std::vector<unsigned> want = keys;
  std::stable_sort(want.begin(), want.end(), [](unsigned a, unsigned b) { return (a >> 4 & 0xff) < (b >> 4 & 0xff); });
  auto d_keys = to_device(keys);
  e2e::DeviceBuffer<unsigned> d_out(n ? n : 1);
  if (run("radix_sort_keys bits [4, 12)", [&](void *t, size_t &bytes) {
        return rocprim::radix_sort_keys(t, bytes, d_keys.ptr, d_out.ptr, n, 4, 12);
      }))
    expect_equal("radix_sort_keys bits [4, 12)", n, to_host(d_out, n), want);
}

// Segments of uneven lengths, some empty, sorted independently.
void segmented_radix_sort(size_t n) {
  const std::vector<int> keys = values<int>(n, 13u + unsigned(n), 1000);
  std::vector<unsigned> begins, ends;
  for (size_t at = 0, s = 0; at < n || begins.empty(); ++s) {
    const size_t length = std::min(n - at, size_t((s * 7919) % 601));
    begins.push_back(unsigned(at));
    ends.push_back(unsigned(at + length));
    at += length;
  }
  std::vector<int> want = keys;
  for (size_t s = 0; s < begins.size(); ++s) std::stable_sort(want.begin() + begins[s], want.begin() + ends[s]);
  auto d_keys = to_device(keys);
  auto d_begins = to_device(begins), d_ends = to_device(ends);
  e2e::DeviceBuffer<int> d_out(n ? n : 1);
  if (run("segmented_radix_sort_keys", Needs::nativeWarps, [&](void *t, size_t &bytes) {
        return rocprim::segmented_radix_sort_keys(t, bytes, d_keys.ptr, d_out.ptr, n, unsigned(begins.size()), d_begins.ptr, d_ends.ptr);
      }))
    expect_equal("segmented_radix_sort_keys (" + std::to_string(begins.size()) + " segments)", n, to_host(d_out, n), want);
}

// Merge sort with a comparison of its own (by absolute value), keys and pairs.
void merge_sort(size_t n) {
  const std::vector<int> keys = values<int>(n, 17u + unsigned(n), 2000);
  auto by_magnitude = [](int a, int b) { return (a < 1000 ? 1000 - a : a - 1000) < (b < 1000 ? 1000 - b : b - 1000); };
  std::vector<int> order(n);
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return by_magnitude(keys[a], keys[b]); });
  std::vector<int> want(n), positions(n);
  std::iota(positions.begin(), positions.end(), 0);
  for (size_t i = 0; i < n; ++i) want[i] = keys[order[i]];
  auto d_keys = to_device(keys);
  auto d_positions = to_device(positions);
  e2e::DeviceBuffer<int> d_keys_out(n ? n : 1), d_values_out(n ? n : 1);
  struct ByMagnitude {
    __host__ __device__ bool operator()(int a, int b) const { return (a < 1000 ? 1000 - a : a - 1000) < (b < 1000 ? 1000 - b : b - 1000); }
  };
  if (run("merge_sort keys", [&](void *t, size_t &bytes) { return rocprim::merge_sort(t, bytes, d_keys.ptr, d_keys_out.ptr, n, ByMagnitude()); }))
    expect_equal("merge_sort keys", n, to_host(d_keys_out, n), want);
  if (!run("merge_sort pairs", [&](void *t, size_t &bytes) {
        return rocprim::merge_sort(t, bytes, d_keys.ptr, d_keys_out.ptr, d_positions.ptr, d_values_out.ptr, n, ByMagnitude());
      }))
    return;
  expect_equal("merge_sort pairs: keys", n, to_host(d_keys_out, n), want);
  expect_equal("merge_sort pairs: values", n, to_host(d_values_out, n), order);
}

} // namespace

void sort_tests() {
  for (size_t n : kSizes) {
    radix_sort<int, false>(n);
    radix_sort<float, true>(n);
    radix_sort<unsigned long long, false>(n);
    radix_sort_bit_range(n);
    segmented_radix_sort(n);
    merge_sort(n);
  }
}

} // namespace rocprim_test
