// Every thread of the grid updates the same few addresses: the result must not depend on the
// order the device serialises them in.
#include "atomics.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <memory>
#include <numeric>
#include <optional>

namespace {

constexpr unsigned kThreads = 256 * 37 + 19;  // odd: the last block is partial

__device__ unsigned global_id() { return blockIdx.x * blockDim.x + threadIdx.x; }

// slots: 0 add, 1 sub, 2 min, 3 max, 4 and, 5 or, 6 xor, 7 exch; `olds` keeps exch's returns.
template <typename T>
__global__ void integer_ops(T *slots, T *olds, const T *values, unsigned n) {
  const unsigned i = global_id();
  if (i >= n) return;
  const T v = values[i];
  atomicAdd(&slots[0], v);
  atomicSub(&slots[1], v);
  atomicMin(&slots[2], v);
  atomicMax(&slots[3], v);
  olds[i] = atomicExch(&slots[7], v);
}

template <typename T>
__global__ void bitwise_ops(T *slots, const T *values, unsigned n) {
  const unsigned i = global_id();
  if (i >= n) return;
  const T bit = T(1) << (i % (8 * sizeof(T)));
  atomicAnd(&slots[4], static_cast<T>(~(values[i] & bit)));
  atomicOr(&slots[5], values[i] & bit);
  atomicXor(&slots[6], values[i]);
}

// A multiply no instruction offers, as real programs write it: a compare-and-swap loop.
template <typename T>
__global__ void cas_multiply(T *product, const T *factors, unsigned n) {
  const unsigned i = global_id();
  if (i >= n) return;
  T old = *product, assumed;
  do {
    assumed = old;
    old = atomicCAS(product, assumed, static_cast<T>(assumed * factors[i]));
  } while (old != assumed);
}

template <typename T> void run_integers(const char *name, std::vector<T> values) {
  const unsigned n = static_cast<unsigned>(values.size());
  std::vector<T> init = {T(7), T(1000), std::numeric_limits<T>::max(), std::numeric_limits<T>::lowest(),
                         static_cast<T>(~T(0)), T(0), T(0x5a), T(12345)};
  e2e::DeviceBuffer<T> slots(8), olds(n), vals(n);
  slots.upload(init);
  vals.upload(values);
  integer_ops<T><<<(n + 255) / 256, 256>>>(slots, olds, vals, n);
  if (!e2e::launched(std::string("atomics on ") + name)) return;
  bitwise_ops<T><<<(n + 127) / 128, 128>>>(slots, vals, n);
  if (!e2e::launched(std::string("atomics on ") + name)) return;

  std::vector<T> want = init;
  for (unsigned i = 0; i < n; ++i) {
    const T v = values[i], bit = T(1) << (i % (8 * sizeof(T)));
    want[0] = static_cast<T>(want[0] + v);
    want[1] = static_cast<T>(want[1] - v);
    want[2] = std::min(want[2], v);
    want[3] = std::max(want[3], v);
    want[4] &= static_cast<T>(~(v & bit));
    want[5] |= v & bit;
    want[6] ^= v;
  }
  std::vector<T> got(8), got_olds(n);
  slots.download(got);
  olds.download(got_olds);
  for (int s = 0; s < 7; ++s) e2e::expect_eq(name, s, got[s], want[s]);
  // Exchange: the returned olds and the final value are the initial value and all new values.
  got_olds.push_back(got[7]);
  std::vector<T> expected_exch(values);
  expected_exch.push_back(init[7]);
  std::sort(got_olds.begin(), got_olds.end());
  std::sort(expected_exch.begin(), expected_exch.end());
  e2e::check(got_olds == expected_exch, "atomicExch returns every value exactly once");

  // atomicCAS loop: the product of odd factors modulo 2^bits (exact in any order).
  std::vector<T> factors(n);
  for (unsigned i = 0; i < n; ++i) factors[i] = static_cast<T>(values[i] | 1);
  T one = 1;
  e2e::DeviceBuffer<T> product(1);
  product.upload(std::vector<T>{one});
  cas_multiply<T><<<(n + 63) / 64, 64>>>(product, vals, 0);  // n = 0: no thread may act
  if (!e2e::launched(std::string("atomics on ") + name)) return;
  vals.upload(factors);
  cas_multiply<T><<<(n + 63) / 64, 64>>>(product, vals, n);
  if (!e2e::launched(std::string("atomics on ") + name)) return;
  T want_product = 1;
  for (T f : factors) want_product = static_cast<T>(want_product * f);
  std::vector<T> got_product(1);
  product.download(got_product);
  e2e::expect_eq(name, 100, got_product[0], want_product);
}

template <typename T> std::vector<T> integer_values(unsigned seed) {
  auto raw = pseudo_random(kThreads, seed);
  std::vector<T> v(kThreads);
  for (unsigned i = 0; i < kThreads; ++i) {
    uint64_t wide = (uint64_t(raw[i]) << 32) | raw[(i * 7 + 3) % kThreads];
    v[i] = static_cast<T>(wide);
  }
  return v;
}

// Float add: the values are multiples of 1/8 small enough that every partial sum is exact, so
// the sum is the same in any order and compared bit for bit.
template <typename T>
__global__ void float_ops(T *slots, T *olds, const T *values, unsigned n) {
  const unsigned i = global_id();
  if (i >= n) return;
  atomicAdd(&slots[0], values[i]);
  atomicSub(&slots[1], values[i]);
  atomicMin(&slots[2], values[i]);
  atomicMax(&slots[3], values[i]);
  olds[i] = atomicExch(&slots[4], values[i]);
  unsafeAtomicAdd(&slots[5], values[i]);
  atomicAdd_system(&slots[6], values[i]);
  // atomicCAS on floats compares bit patterns: succeeds exactly once per distinct slot state.
  T seen = atomicCAS(&slots[7], T(-1), values[i]);
  if (seen == T(-1)) olds[n] = values[i];
}

template <typename T> struct FloatResults {
  std::vector<T> slots, olds;
};

// Nothing when the device has no code for the kernel (64-bit atomics for double).
template <typename T>
std::optional<FloatResults<T>> launch_float_ops(const char *name, const std::vector<T> &init, const std::vector<T> &values) {
  const unsigned n = static_cast<unsigned>(values.size());
  e2e::DeviceBuffer<T> slots(8), olds(n + 1), vals(n);
  slots.upload(init);
  vals.upload(values);
  float_ops<T><<<(n + 255) / 256, 256>>>(slots, olds, vals, n);
  if (!e2e::launched(std::string("atomics on ") + name)) return std::nullopt;
  FloatResults<T> r{std::vector<T>(8), std::vector<T>(n + 1)};
  slots.download(r.slots);
  olds.download(r.olds);
  return r;
}

template <typename T> void run_floats(const char *name) {
  const unsigned n = kThreads;
  auto raw = pseudo_random(n, 99);
  std::vector<T> values(n);
  for (unsigned i = 0; i < n; ++i) values[i] = static_cast<T>(static_cast<int>(raw[i] % 4001) - 2000) / T(8);
  const std::vector<T> init = {T(0.5), T(-0.25), std::numeric_limits<T>::quiet_NaN(), T(-1e30f), T(3), T(0), T(1), T(-1)};

  // Exact sums (every partial sum is a representable multiple of 1/8), compared bit for bit.
  std::optional<FloatResults<T>> ran = launch_float_ops(name, init, values);
  if (!ran) return;
  FloatResults<T> r = std::move(*ran);
  T sum = init[0], diff = init[1], sum5 = init[5], sum6 = init[6], lo = init[2], hi = init[3];
  for (T v : values) {
    sum += v, diff -= v, sum5 += v, sum6 += v;
    lo = std::fmin(lo, v);  // the initial NaN is ignored, as fminf does
    hi = std::fmax(hi, v);
  }
  e2e::expect_eq(name, 0, r.slots[0], sum);
  e2e::expect_eq(name, 1, r.slots[1], diff);
  e2e::expect_eq(name, 2, r.slots[2], lo);
  e2e::expect_eq(name, 3, r.slots[3], hi);
  e2e::expect_eq(name, 5, r.slots[5], sum5);
  e2e::expect_eq(name, 6, r.slots[6], sum6);
  e2e::check(r.slots[7] == r.olds[n], "float atomicCAS: the one successful exchange stored its value");
  std::vector<T> exch(r.olds.begin(), r.olds.begin() + n), want_exch(values);
  exch.push_back(r.slots[4]);
  want_exch.push_back(init[4]);
  std::sort(exch.begin(), exch.end());
  std::sort(want_exch.begin(), want_exch.end());
  e2e::check(exch == want_exch, "float atomicExch returns every value exactly once");

  // A NaN operand: min/max ignore it, the sums become NaN.
  values[n / 2] = std::numeric_limits<T>::quiet_NaN();
  r = *launch_float_ops(name, init, values);  // ran above, so it runs again
  lo = init[2], hi = init[3];
  for (T v : values) lo = std::fmin(lo, v), hi = std::fmax(hi, v);
  e2e::check(std::isnan(r.slots[0]) && std::isnan(r.slots[1]) && std::isnan(r.slots[5]) && std::isnan(r.slots[6]),
             "float atomic add/sub with a NaN operand gives NaN");
  e2e::expect_eq(name, 12, r.slots[2], lo);
  e2e::expect_eq(name, 13, r.slots[3], hi);
}

// atomicInc/atomicDec wrap like CUDA's: each old value in [0, limit] occurs equally often.
__global__ void wrapping(unsigned *counters, unsigned *inc_olds, unsigned *dec_olds, unsigned limit, unsigned n) {
  const unsigned i = global_id();
  if (i >= n) return;
  inc_olds[i] = atomicInc(&counters[0], limit);
  dec_olds[i] = atomicDec(&counters[1], limit);
  atomicInc_block(&counters[2], 0xffffffffu);  // limit max: a plain increment
}

}  // namespace

void test_contended_integers() {
  run_integers<int>("int", integer_values<int>(1));
  run_integers<unsigned>("unsigned", integer_values<unsigned>(2));
  run_integers<unsigned long>("unsigned long", integer_values<unsigned long>(3));
  run_integers<long long>("long long", integer_values<long long>(4));
  run_integers<unsigned long long>("unsigned long long", integer_values<unsigned long long>(5));
}

void test_contended_floats() {
  run_floats<float>("float");
  run_floats<double>("double");
}

void test_wrapping_counters() {
  const unsigned n = 10 * 1000, limit = 9;
  e2e::DeviceBuffer<unsigned> counters(3), inc_olds(n), dec_olds(n);
  counters.upload(std::vector<unsigned>{0, 0, 5});
  wrapping<<<(n + 191) / 192, 192>>>(counters, inc_olds, dec_olds, limit, n);
  HIP_CHECK_LAUNCH();
  std::vector<unsigned> c(3), inc(n), dec(n);
  counters.download(c);
  inc_olds.download(inc);
  dec_olds.download(dec);
  e2e::expect_eq("atomicInc final", 0, c[0], n % (limit + 1));
  e2e::expect_eq("atomicDec final", 0, c[1], (limit + 1 - n % (limit + 1)) % (limit + 1));
  e2e::expect_eq("atomicInc_block final", 0, c[2], 5 + n);
  std::vector<unsigned> inc_count(limit + 1), dec_count(limit + 1);
  for (unsigned i = 0; i < n; ++i) {
    if (inc[i] > limit || dec[i] > limit) {
      e2e::check(false, "atomicInc/atomicDec returned a value beyond the limit");
      return;
    }
    ++inc_count[inc[i]];
    ++dec_count[dec[i]];
  }
  for (unsigned v = 0; v <= limit; ++v) {
    e2e::expect_eq("atomicInc olds per value", v, inc_count[v], n / (limit + 1));
    e2e::expect_eq("atomicDec olds per value", v, dec_count[v], n / (limit + 1));
  }
}
