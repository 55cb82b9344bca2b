// e2e.half_math: the 16-bit helpers that do not round (__hmax_nan, __hmin_nan, their pair forms,
// __hisinf2, __hisnan2, __hneg2, __habs2) on every pair of a set of special and ordinary values,
// for both formats, against a host model written from the functions' definitions.
#include "half_math.h"
#include "test_common.h"

#include <hip/hip_bf16.h>
#include <hip/hip_fp16.h>

#include <cmath>

namespace {

constexpr int kOut = 9;  // results per pair of operands

// Results are stored as ints: the encodings zero-extended, and __hisinf's -1, 0, 1 as they are.
template <class H, class H2> __global__ void helpers(const uint16_t *values, int n, int *out) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n * n) return;
  const H a = __builtin_bit_cast(H, values[i / n]), b = __builtin_bit_cast(H, values[i % n]);
  const H2 ab(a, b), ba(b, a);
  const H2 mx = __hmax2_nan(ab, ba), mn = __hmin2_nan(ab, ba), inf = __hisinf2(ab), neg = __hneg2(ab), abs = __habs2(ab);
  int *r = out + i * kOut;
  r[0] = __builtin_bit_cast(uint16_t, __hmax_nan(a, b));
  r[1] = __builtin_bit_cast(uint16_t, __hmin_nan(a, b));
  r[2] = __builtin_bit_cast(uint16_t, mx.x);  // __hmax_nan(a, b)
  r[3] = __builtin_bit_cast(uint16_t, mn.y);  // __hmin_nan(b, a)
  r[4] = __builtin_bit_cast(uint16_t, inf.x);
  r[5] = __builtin_bit_cast(uint16_t, __hisnan2(ab).y);
  r[6] = __builtin_bit_cast(uint16_t, neg.y);
  r[7] = __builtin_bit_cast(uint16_t, abs.x);
  r[8] = __hisinf(a);
}

struct Model {
  const Format &f;
  bool flush;  // the device flushes float subnormals: bfloat16's compare as zeros there
  unsigned exp_mask() const { return ((1u << f.eb) - 1u) << f.mb; }
  bool nan(uint16_t v) const { return (v & 0x7fffu) > exp_mask(); }
  bool inf(uint16_t v) const { return (v & 0x7fffu) == exp_mask(); }
  // value order of non-NaN encodings (sign-magnitude; the zeros are equal)
  int key(uint16_t v) const {
    const int magnitude = flush && f.eb == 8 && (v & 0x7f80u) == 0 ? 0 : int(v & 0x7fffu);
    return (v & 0x8000u) ? -magnitude : magnitude;
  }
  uint16_t one() const { return uint16_t(((1u << (f.eb - 1)) - 1u) << f.mb); }
  // NaN operands pass through (the first one); otherwise the larger/smaller value, the first
  // operand when they are equal (also +0 and -0, as __hmax and __hmin decide: they compare the
  // values in float).
  uint16_t max_nan(uint16_t a, uint16_t b) const { return nan(a) ? a : nan(b) ? b : key(a) < key(b) ? b : a; }
  uint16_t min_nan(uint16_t a, uint16_t b) const { return nan(a) ? a : nan(b) ? b : key(b) < key(a) ? b : a; }
};

template <class H, class H2> void check_format(const Format &f, bool flush) {
  const unsigned top = ((1u << f.eb) - 1u) << f.mb;  // +inf
  std::vector<uint16_t> values = {0x0000, 0x8000, 0x0001, 0x8001, uint16_t(top - 1), uint16_t(top), uint16_t(top | 0x8000),
                                  uint16_t(top | 1), uint16_t(top | (1u << (f.mb - 1))), uint16_t(top | 0x8000 | 3),
                                  uint16_t(1u << f.mb), Model{f, flush}.one(), uint16_t(Model{f, flush}.one() | 0x8000)};
  for (unsigned r : e2e::pseudo_random(19, 99)) values.push_back(uint16_t(r));
  const int n = int(values.size());
  e2e::DeviceBuffer<uint16_t> dv(n);
  e2e::DeviceBuffer<int> dout(size_t(n) * n * kOut);
  dv.upload(values);
  helpers<H, H2><<<(n * n + 127) / 128, 128>>>(dv, n, dout);
  HIP_CHECK_LAUNCH();
  std::vector<int> got(size_t(n) * n * kOut);
  dout.download(got);
  const Model m{f, flush};
  char what[64];
  for (int i = 0; i < n * n; ++i) {
    const uint16_t a = values[i / n], b = values[i % n];
    const int want[kOut] = {m.max_nan(a, b), m.min_nan(a, b), m.max_nan(a, b), m.min_nan(b, a),
                                 m.inf(a) ? m.one() : uint16_t(0), m.nan(b) ? m.one() : uint16_t(0),
                                 uint16_t(b ^ 0x8000u), uint16_t(a & 0x7fffu),
                                 m.inf(a) ? ((a & 0x8000u) ? -1 : 1) : 0};
    for (int k = 0; k < kOut; ++k) {
      std::snprintf(what, sizeof what, "%s helper %d", f.name, k);
      e2e::expect_eq(what, i, got[size_t(i) * kOut + k], want[k]);
    }
  }
}

}  // namespace

void check_helpers() {
  const bool flush = e2e::device_flushes_float_denormals();
  check_format<__half, __half2>(kHalf, flush);
  check_format<__hip_bfloat16, __hip_bfloat162>(kBf16, flush);
}
