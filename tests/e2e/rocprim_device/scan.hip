// rocPRIM's device-wide reductions and scans: reduce (with and without an initial value, min/max),
// inclusive and exclusive scan, scan by key, reduce by key, segmented reduce. Float inputs are
// exact in any order of addition (rocprim_device_test.h), so results compare bit for bit.
#include "rocprim_device_test.h"

#include <algorithm>
#include <limits>

namespace rocprim_test {
namespace {

template <class T> const char *type_name() { return std::is_same_v<T, float> ? "float" : "int"; }

template <class T> void reduce_and_scan(size_t n) {
  const std::vector<T> in = values<T>(n, 23u + unsigned(n), std::is_same_v<T, int> ? 2001 : 0);
  auto d_in = to_device(in);
  e2e::DeviceBuffer<T> d_out(n ? n : 1), d_one(1);
  const std::string type = type_name<T>();

  // reduce with an initial value, and max without one (the identity of an empty input is T()).
  T sum = T(3);
  for (T v : in) sum = sum + v;
  if (run("reduce " + type, [&](void *t, size_t &bytes) { return rocprim::reduce(t, bytes, d_in.ptr, d_one.ptr, T(3), n, rocprim::plus<T>()); }))
    expect_equal("reduce plus " + type, n, to_host(d_one, 1), std::vector<T>{sum});
  if (n) {
    const T max = *std::max_element(in.begin(), in.end());
    if (run("reduce max " + type, [&](void *t, size_t &bytes) { return rocprim::reduce(t, bytes, d_in.ptr, d_one.ptr, n, rocprim::maximum<T>()); }))
      expect_equal("reduce maximum " + type, n, to_host(d_one, 1), std::vector<T>{max});
  }

  std::vector<T> inclusive(n), exclusive(n);
  T running = T(0);
  for (size_t i = 0; i < n; ++i) inclusive[i] = running = running + in[i];
  running = T(-5);
  for (size_t i = 0; i < n; ++i) {
    exclusive[i] = running;
    running = running + in[i];
  }
  if (run("inclusive_scan " + type, [&](void *t, size_t &bytes) { return rocprim::inclusive_scan(t, bytes, d_in.ptr, d_out.ptr, n, rocprim::plus<T>()); }))
    expect_equal("inclusive_scan " + type, n, to_host(d_out, n), inclusive);
  if (run("exclusive_scan " + type, [&](void *t, size_t &bytes) { return rocprim::exclusive_scan(t, bytes, d_in.ptr, d_out.ptr, T(-5), n, rocprim::plus<T>()); }))
    expect_equal("exclusive_scan " + type, n, to_host(d_out, n), exclusive);
}

// Keys in runs of uneven lengths; values summed within each run.
void by_key(size_t n) {
  std::vector<int> keys(n);
  const std::vector<int> vals = values<int>(n, 29u + unsigned(n), 100);
  for (size_t i = 0, key = 0, left = 0; i < n; ++i) {
    if (left == 0) left = 1 + (key * 7 + 3) % 37, ++key;
    keys[i] = int(key % 5); // neighbouring runs differ; equal keys recur in later runs
    --left;
  }
  std::vector<int> inclusive(n), exclusive(n), unique, aggregates;
  for (size_t i = 0; i < n; ++i) {
    const bool head = i == 0 || keys[i] != keys[i - 1];
    inclusive[i] = head ? vals[i] : inclusive[i - 1] + vals[i];
    exclusive[i] = head ? 10 : exclusive[i - 1] + vals[i - 1];
    if (head) unique.push_back(keys[i]), aggregates.push_back(0);
    aggregates.back() += vals[i];
  }
  auto d_keys = to_device(keys), d_vals = to_device(vals);
  e2e::DeviceBuffer<int> d_out(n ? n : 1), d_unique(n ? n : 1), d_aggregates(n ? n : 1);
  e2e::DeviceBuffer<unsigned> d_count(1);
  if (run("inclusive_scan_by_key", [&](void *t, size_t &bytes) { return rocprim::inclusive_scan_by_key(t, bytes, d_keys.ptr, d_vals.ptr, d_out.ptr, n); }))
    expect_equal("inclusive_scan_by_key", n, to_host(d_out, n), inclusive);
  if (run("exclusive_scan_by_key", [&](void *t, size_t &bytes) { return rocprim::exclusive_scan_by_key(t, bytes, d_keys.ptr, d_vals.ptr, d_out.ptr, 10, n); }))
    expect_equal("exclusive_scan_by_key", n, to_host(d_out, n), exclusive);
  if (!run("reduce_by_key", [&](void *t, size_t &bytes) {
        return rocprim::reduce_by_key(t, bytes, d_keys.ptr, d_vals.ptr, unsigned(n), d_unique.ptr, d_aggregates.ptr, d_count.ptr);
      }))
    return;
  const unsigned runs = to_host(d_count, 1)[0];
  e2e::expect_eq("reduce_by_key: runs", long(n), runs, unsigned(unique.size()));
  expect_equal("reduce_by_key: keys", n, to_host(d_unique, std::min<size_t>(runs, n)), unique);
  expect_equal("reduce_by_key: sums", n, to_host(d_aggregates, std::min<size_t>(runs, n)), aggregates);
}

// Minimum of each segment; an empty segment gives the initial value.
void segmented_reduce(size_t n) {
  const std::vector<int> in = values<int>(n, 31u + unsigned(n));
  std::vector<unsigned> offsets{0};
  for (size_t s = 0; offsets.back() < n; ++s) offsets.push_back(unsigned(std::min(n, offsets.back() + (s * 131) % 1500)));
  const int init = std::numeric_limits<int>::max();
  std::vector<int> want;
  for (size_t s = 0; s + 1 < offsets.size(); ++s) {
    int m = init;
    for (unsigned i = offsets[s]; i < offsets[s + 1]; ++i) m = std::min(m, in[i]);
    want.push_back(m);
  }
  const unsigned segments = unsigned(want.size());
  auto d_in = to_device(in);
  auto d_offsets = to_device(offsets);
  e2e::DeviceBuffer<int> d_out(segments ? segments : 1);
  if (run("segmented_reduce", [&](void *t, size_t &bytes) {
        return rocprim::segmented_reduce(t, bytes, d_in.ptr, d_out.ptr, segments, d_offsets.ptr, d_offsets.ptr + 1, rocprim::minimum<int>(), init);
      }))
    expect_equal("segmented_reduce minimum", n, to_host(d_out, segments), want);
}

} // namespace

void scan_tests() {
  for (size_t n : kSizes) {
    reduce_and_scan<int>(n);
    reduce_and_scan<float>(n);
    by_key(n);
    segmented_reduce(n);
  }
}

} // namespace rocprim_test
