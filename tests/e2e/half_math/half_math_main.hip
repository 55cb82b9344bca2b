// e2e.half_math: hsqrt, hrsqrt, hrcp, hexp, hexp2, hexp10, hlog, hlog2, hlog10, hsin, hcos, hceil,
// hfloor, htrunc, hrint and their h2 forms, for __half and __hip_bfloat16, over every input: each
// result must be the correctly rounded value of the exact function (0 ulp; NaN for NaN, the
// infinities and signed zeros as IEEE 754 and C99 say). Prints the measured error of each.
#include "half_math.h"
#include "test_common.h"

#include <algorithm>

namespace {

struct Stats {
  int max_ulp = 0, wrong = 0, skipped = 0;
};

bool is_nan(uint16_t v, const Format &f) { return (v & 0x7fffu) > (((1u << f.eb) - 1u) << f.mb); }
// Distance in units in the last place, on the line of encodings (-0 and +0 are one point).
int ulps_between(uint16_t a, uint16_t b) {
  auto key = [](uint16_t v) { return (v & 0x8000u) ? -int(v & 0x7fffu) : int(v & 0x7fffu); };
  return std::abs(key(a) - key(b));
}
bool float_subnormal(uint16_t v, const Format &f) { return f.eb == 8 && (v & 0x7f80u) == 0 && (v & 0x7fu) != 0; }

void compare(const char *form, Fn fn, const Format &f, const std::vector<uint16_t> &got, const std::vector<uint16_t> &want,
             bool flush, Stats &s) {
  char what[64];
  std::snprintf(what, sizeof what, "%s %s%s", f.name, form, kFnNames[int(fn)]);
  for (unsigned i = 0; i < got.size(); ++i) {
    const uint16_t g = got[i], w = want[i];
    // bfloat16's subnormals are float subnormals: a device that flushes those (NVIDIA's Vulkan
    // driver; not lavapipe) computes with zero instead. Those inputs and results are skipped there.
    if (flush && (float_subnormal(uint16_t(i), f) || float_subnormal(w, f))) {
      ++s.skipped;
      continue;
    }
    // Any NaN for a NaN (IEEE 754 does not fix the payload); a NaN for a number, or a number for
    // a NaN, counts as 65536 ulps.
    if (is_nan(w, f) && is_nan(g, f)) continue;
    if (g == w) continue;
    const int u = is_nan(w, f) || is_nan(g, f) ? 1 << 16 : ulps_between(g, w);
    s.max_ulp = std::max(s.max_ulp, u);
    ++s.wrong;
    char gs[16], ws[16];
    std::snprintf(gs, sizeof gs, "0x%04x", g);
    std::snprintf(ws, sizeof ws, "0x%04x", w);
    e2e::report_mismatch(what, i, gs, ws);
  }
}

}  // namespace

int main() {
  const bool flush = e2e::device_flushes_float_denormals();
  std::printf("| function | format | max ulp (scalar, pair) | results not correctly rounded |\n|---|---|---|---|\n");
  for (const Format *f : {&kHalf, &kBf16})
    for (int k = 0; k < kFnCount; ++k) {
      const Fn fn = Fn(k);
      const DeviceResults d = evaluate_on_device(fn, *f);
      std::vector<uint16_t> want(1u << 16);
      for (unsigned i = 0; i < want.size(); ++i) want[i] = correctly_rounded(fn, *f, uint16_t(i));
      Stats scalar, pair;
      compare("h", fn, *f, d.scalar, want, flush, scalar);
      compare("h2", fn, *f, d.pair, want, flush, pair);
      std::printf("| h%s | %s | %d, %d | %d of %zu%s |\n", kFnNames[k], f->name, scalar.max_ulp, pair.max_ulp,
                  scalar.wrong + pair.wrong, 2 * want.size(), scalar.skipped ? " (float subnormals skipped)" : "");
    }
  check_helpers();
  return e2e::finish("half_math");
}
