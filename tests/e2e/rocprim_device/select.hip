// rocPRIM's device-wide selection and the rest: select by flags and by predicate, unique,
// partition, run-length encoding (all runs and non-trivial ones), histograms (even, range,
// multi-channel), binary search (lower/upper bound, membership), merge, transform, adjacent
// difference. Each against the host's definition of the algorithm.
#include "rocprim_device_test.h"

#include <algorithm>

namespace rocprim_test {
namespace {

struct IsOdd {
  __host__ __device__ bool operator()(int v) const { return (v & 1) != 0; }
};
struct HighBitClear {
  __host__ __device__ bool operator()(unsigned long long v) const { return (v >> 63) == 0; }
};
struct LowBitsAboveOne {
  __host__ __device__ bool operator()(unsigned long long v) const { return (v & 3) > 1; }
};
struct Square {
  __host__ __device__ long long operator()(int v) const { return (long long)v * v; }
};

void selection(size_t n) {
  const std::vector<int> in = values<int>(n, 41u + unsigned(n), 7);  // runs of equal values
  std::vector<unsigned char> flags(n);
  for (size_t i = 0; i < n; ++i) flags[i] = (i * 7 + 3) % 5 < 2;
  std::vector<int> flagged, odd, even, unique;
  for (size_t i = 0; i < n; ++i) {
    if (flags[i]) flagged.push_back(in[i]);
    (IsOdd()(in[i]) ? odd : even).push_back(in[i]);
    if (i == 0 || in[i] != in[i - 1]) unique.push_back(in[i]);
  }
  // partition: selected in order, then the rejected in reverse order (rocPRIM's documented layout).
  std::vector<int> partitioned = odd;
  partitioned.insert(partitioned.end(), even.rbegin(), even.rend());

  auto d_in = to_device(in);
  auto d_flags = to_device(flags);
  e2e::DeviceBuffer<int> d_out(n ? n : 1);
  e2e::DeviceBuffer<unsigned> d_count(1);
  auto check = [&](const char *what, const std::vector<int> &want) {
    const unsigned count = to_host(d_count, 1)[0];
    e2e::expect_eq((std::string(what) + ": count").c_str(), long(n), count, unsigned(want.size()));
    expect_equal(what, n, to_host(d_out, std::min<size_t>(count, n)), want);
  };
  if (run("select by flags", [&](void *t, size_t &bytes) { return rocprim::select(t, bytes, d_in.ptr, d_flags.ptr, d_out.ptr, d_count.ptr, n); }))
    check("select by flags", flagged);
  if (run("select by predicate", [&](void *t, size_t &bytes) { return rocprim::select(t, bytes, d_in.ptr, d_out.ptr, d_count.ptr, n, IsOdd()); }))
    check("select by predicate", odd);
  // 8-byte values over many tiles: the look-back scan's state has host_warp_size() entries of
  // padding that its kernels index by device_warp_size(), so host and kernels must agree on warpSize.
  const std::vector<unsigned long long> wide = values<unsigned long long>(n, 67u + unsigned(n));
  std::vector<unsigned long long> wide_selected;
  for (unsigned long long v : wide)
    if (HighBitClear()(v)) wide_selected.push_back(v);
  auto d_wide = to_device(wide);
  e2e::DeviceBuffer<unsigned long long> d_wide_out(n ? n : 1);
  if (run("select of 8-byte values", [&](void *t, size_t &bytes) {
        return rocprim::select(t, bytes, d_wide.ptr, d_wide_out.ptr, d_count.ptr, n, HighBitClear());
      })) {
    const unsigned count = to_host(d_count, 1)[0];
    e2e::expect_eq("select of 8-byte values: count", long(n), count, unsigned(wide_selected.size()));
    expect_equal("select of 8-byte values", n, to_host(d_wide_out, std::min<size_t>(count, n)), wide_selected);
  }
  // Tiles of 256 x 7: the seven flags of a thread, a bool[7], are read as one 64-bit word of 8 bytes.
  using SevenPerThread = rocprim::select_config<256, 7, rocprim::block_load_method::block_load_transpose,
                                                rocprim::block_load_method::block_load_transpose,
                                                rocprim::block_load_method::block_load_transpose,
                                                rocprim::block_scan_algorithm::using_warp_scan>;
  std::vector<unsigned long long> low_selected;
  for (unsigned long long v : wide)
    if (LowBitsAboveOne()(v)) low_selected.push_back(v);
  if (run("select of 8-byte values, 7 per thread", [&](void *t, size_t &bytes) {
        return rocprim::select<SevenPerThread>(t, bytes, d_wide.ptr, d_wide_out.ptr, d_count.ptr, n, LowBitsAboveOne());
      })) {
    const unsigned count = to_host(d_count, 1)[0];
    e2e::expect_eq("select of 8-byte values, 7 per thread: count", long(n), count, unsigned(low_selected.size()));
    expect_equal("select of 8-byte values, 7 per thread", n, to_host(d_wide_out, std::min<size_t>(count, n)), low_selected);
  }
  if (run("unique", [&](void *t, size_t &bytes) { return rocprim::unique(t, bytes, d_in.ptr, d_out.ptr, d_count.ptr, n); }))
    check("unique", unique);
  if (run("partition", [&](void *t, size_t &bytes) { return rocprim::partition(t, bytes, d_in.ptr, d_out.ptr, d_count.ptr, n, IsOdd()); })) {
    const unsigned selected = to_host(d_count, 1)[0];
    e2e::expect_eq("partition: selected", long(n), selected, unsigned(odd.size()));
    expect_equal("partition", n, to_host(d_out, n), partitioned);
  }
}

void run_length(size_t n) {
  const std::vector<int> in = values<int>(n, 43u + unsigned(n), 3);
  std::vector<int> unique, counts, offsets, lengths;
  for (size_t i = 0; i < n; ++i) {
    if (i == 0 || in[i] != in[i - 1]) unique.push_back(in[i]), counts.push_back(0);
    ++counts.back();
  }
  for (size_t r = 0, at = 0; r < counts.size(); at += counts[r++])
    if (counts[r] > 1) offsets.push_back(int(at)), lengths.push_back(counts[r]);
  auto d_in = to_device(in);
  e2e::DeviceBuffer<int> d_a(n ? n : 1), d_b(n ? n : 1);
  e2e::DeviceBuffer<unsigned> d_runs(1);
  auto check = [&](const char *what, const std::vector<int> &first, const std::vector<int> &second) {
    const unsigned runs = to_host(d_runs, 1)[0];
    e2e::expect_eq((std::string(what) + ": runs").c_str(), long(n), runs, unsigned(first.size()));
    expect_equal(std::string(what) + ": values or offsets", n, to_host(d_a, std::min<size_t>(runs, n)), first);
    expect_equal(std::string(what) + ": lengths", n, to_host(d_b, std::min<size_t>(runs, n)), second);
  };
  if (run("run_length_encode", [&](void *t, size_t &bytes) {
        return rocprim::run_length_encode(t, bytes, d_in.ptr, unsigned(n), d_a.ptr, d_b.ptr, d_runs.ptr);
      }))
    check("run_length_encode", unique, counts);
  if (run("run_length_encode_non_trivial_runs", [&](void *t, size_t &bytes) {
        return rocprim::run_length_encode_non_trivial_runs(t, bytes, d_in.ptr, unsigned(n), d_a.ptr, d_b.ptr, d_runs.ptr);
      }))
    check("run_length_encode_non_trivial_runs", offsets, lengths);
}

void histograms(size_t n) {
  const std::vector<int> samples = values<int>(n, 47u + unsigned(n), 320);  // some past the levels
  auto d_samples = to_device(samples);
  e2e::DeviceBuffer<unsigned> d_hist(16);
  // 17 even levels over [16, 272): bins of 16; samples outside fall in none.
  std::vector<unsigned> even(16, 0);
  for (int s : samples)
    if (s >= 16 && s < 272) ++even[(s - 16) / 16];
  if (run("histogram_even", [&](void *t, size_t &bytes) {
        return rocprim::histogram_even(t, bytes, d_samples.ptr, unsigned(n), d_hist.ptr, 17u, 16, 272);
      }))
    expect_equal("histogram_even", n, to_host(d_hist, 16), even);
  // Uneven levels: bin i holds [levels[i], levels[i + 1]).
  const std::vector<int> levels{0, 1, 5, 6, 50, 100, 101, 250, 300};
  std::vector<unsigned> range(levels.size() - 1, 0);
  for (int s : samples)
    for (size_t b = 0; b + 1 < levels.size(); ++b)
      if (s >= levels[b] && s < levels[b + 1]) ++range[b];
  auto d_levels = to_device(levels);
  if (run("histogram_range", [&](void *t, size_t &bytes) {
        return rocprim::histogram_range(t, bytes, d_samples.ptr, unsigned(n), d_hist.ptr, unsigned(levels.size()), d_levels.ptr);
      }))
    expect_equal("histogram_range", n, to_host(d_hist, range.size()), range);

  // Pixels of four 8-bit channels, the first three counted in 8, 4 and 2 bins over [0, 256).
  const size_t pixels = n / 4;
  std::vector<unsigned char> rgba(pixels * 4);
  for (size_t i = 0; i < rgba.size(); ++i) rgba[i] = (unsigned char)(samples[i] * 37 % 256);
  auto d_rgba = to_device(rgba);
  e2e::DeviceBuffer<unsigned> d_r(8), d_g(4), d_b(2);
  unsigned *channels[3] = {d_r.ptr, d_g.ptr, d_b.ptr};
  unsigned bin_levels[3] = {9, 5, 3};
  int lower[3] = {0, 0, 0}, upper[3] = {256, 256, 256};
  std::vector<std::vector<unsigned>> want{std::vector<unsigned>(8), std::vector<unsigned>(4), std::vector<unsigned>(2)};
  for (size_t p = 0; p < pixels; ++p)
    for (int c = 0; c < 3; ++c) ++want[c][rgba[p * 4 + c] / (256 / (bin_levels[c] - 1))];
  if (run("multi_histogram_even", [&](void *t, size_t &bytes) {
        return rocprim::multi_histogram_even<4, 3>(t, bytes, d_rgba.ptr, unsigned(pixels), channels, bin_levels, lower, upper);
      })) {
    expect_equal("multi_histogram_even: channel 0", n, to_host(d_r, 8), want[0]);
    expect_equal("multi_histogram_even: channel 1", n, to_host(d_g, 4), want[1]);
    expect_equal("multi_histogram_even: channel 2", n, to_host(d_b, 2), want[2]);
  }
}

void search_merge_transform(size_t n) {
  std::vector<int> haystack = values<int>(n, 53u + unsigned(n), 1000), needles = values<int>(n / 3 + 5, 59u + unsigned(n), 1100);
  std::sort(haystack.begin(), haystack.end());
  std::vector<unsigned> lower(needles.size()), upper(needles.size()), found(needles.size());
  for (size_t i = 0; i < needles.size(); ++i) {
    lower[i] = unsigned(std::lower_bound(haystack.begin(), haystack.end(), needles[i]) - haystack.begin());
    upper[i] = unsigned(std::upper_bound(haystack.begin(), haystack.end(), needles[i]) - haystack.begin());
    found[i] = std::binary_search(haystack.begin(), haystack.end(), needles[i]);
  }
  auto d_haystack = to_device(haystack), d_needles = to_device(needles);
  e2e::DeviceBuffer<unsigned> d_found(needles.size());
  const size_t m = needles.size();
  if (run("lower_bound", [&](void *t, size_t &bytes) { return rocprim::lower_bound(t, bytes, d_haystack.ptr, d_needles.ptr, d_found.ptr, n, m); }))
    expect_equal("lower_bound", n, to_host(d_found, m), lower);
  if (run("upper_bound", [&](void *t, size_t &bytes) { return rocprim::upper_bound(t, bytes, d_haystack.ptr, d_needles.ptr, d_found.ptr, n, m); }))
    expect_equal("upper_bound", n, to_host(d_found, m), upper);
  if (run("binary_search", [&](void *t, size_t &bytes) { return rocprim::binary_search(t, bytes, d_haystack.ptr, d_needles.ptr, d_found.ptr, n, m); }))
    expect_equal("binary_search", n, to_host(d_found, m), found);

  // Merge of the sorted haystack with sorted needles (ties: the first input's first).
  std::vector<int> sorted_needles = needles;
  std::sort(sorted_needles.begin(), sorted_needles.end());
  std::vector<int> merged(n + m);
  std::merge(haystack.begin(), haystack.end(), sorted_needles.begin(), sorted_needles.end(), merged.begin());
  auto d_sorted_needles = to_device(sorted_needles);
  e2e::DeviceBuffer<int> d_merged(n + m);
  if (run("merge", [&](void *t, size_t &bytes) {
        return rocprim::merge(t, bytes, d_haystack.ptr, d_sorted_needles.ptr, d_merged.ptr, n, m);
      }))
    expect_equal("merge", n, to_host(d_merged, n + m), merged);

  // transform to a wider type, and adjacent differences of the original values.
  const std::vector<int> in = values<int>(n, 61u + unsigned(n));
  std::vector<long long> squares(n);
  std::vector<int> differences(n);
  for (size_t i = 0; i < n; ++i) {
    squares[i] = Square()(in[i]);
    differences[i] = i == 0 ? in[0] : int(unsigned(in[i]) - unsigned(in[i - 1]));
  }
  auto d_in = to_device(in);
  e2e::DeviceBuffer<long long> d_squares(n ? n : 1);
  e2e::DeviceBuffer<int> d_differences(n ? n : 1);
  const hipError_t transformed = rocprim::transform(d_in.ptr, d_squares.ptr, n, Square());
  if (transformed == hipErrorNoBinaryForGpu) {
    e2e::g_skipped.push_back("transform");
  } else {
    HIP_CHECK(transformed);
    HIP_CHECK(hipDeviceSynchronize());
    expect_equal("transform", n, to_host(d_squares, n), squares);
  }
  struct WrappingMinus {
    __host__ __device__ int operator()(int a, int b) const { return int(unsigned(a) - unsigned(b)); }
  };
  if (run("adjacent_difference", Needs::amdSharedMemory, [&](void *t, size_t &bytes) {
        return rocprim::adjacent_difference(t, bytes, d_in.ptr, d_differences.ptr, n, WrappingMinus());
      }))
    expect_equal("adjacent_difference", n, to_host(d_differences, n), differences);
}

} // namespace

void select_tests() {
  for (size_t n : kSizes) {
    selection(n);
    run_length(n);
    histograms(n);
    search_merge_transform(n);
  }
}

} // namespace rocprim_test
