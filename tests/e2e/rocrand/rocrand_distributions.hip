// e2e.rocrand, distributions: rocrand_normal (float, float2, float4; double, double2),
// rocrand_log_normal (float, double), rocrand_uniform_double and rocrand_poisson of Philox4x32-10,
// XORWOW and MRG32k3a states, and Sobol32's inverse-CDF rocrand_normal, against host models
// written from rocRAND 5.3.3's definitions (rocrand_normal.h, rocrand_log_normal.h,
// rocrand_poisson.h, rocrand_uniform.h): which raw values each call takes, in which order, and the
// second Box-Muller value each state keeps for its next rocrand_normal / rocrand_log_normal (one
// float and one double slot; normal2/normal4 and the uniforms neither read nor write them).
//
// What is exact is compared bit for bit (uniform doubles, Poisson counts, the raw value after each
// script). What goes through approximate math is compared within a bound derived, next to each
// check, from the accuracy docs/MATH.md states for the functions the device uses.
#include "rocrand_host_generators.h"
#include "rocrand_test.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <string>

// The host models round each operation as written (rocRAND's order); the device may fuse a
// contractable a*b+c (HIP's default), which the bounds below allow for where it matters.
#pragma clang fp contract(off)

namespace {

using namespace host;

constexpr long double kPiLong = 3.141592653589793238462643383279502884L;
constexpr double kMrgNorm = 2.3283065498378288e-10;  // 1 / m1, as rocRAND rounds it

// ---- A thread's stream as the distributions take it: rocrand() for Philox and XORWOW, the
// engine's value in [1, m1] for MRG32k3a (its distributions scale it themselves).
class HostStream {
public:
  HostStream(Generator g, const StreamStart &s) : g_(g), start_(s), index_(s.offset), xorwow_(s.seed), mrg_(s.seed) {
    if (g != Generator::Philox)
      for (unsigned long long i = 0; i < s.offset; ++i) g == Generator::Xorwow ? xorwow_.next() : mrg_.next();
  }
  uint32_t next() {
    if (g_ == Generator::Xorwow) return xorwow_.next();
    if (g_ == Generator::Mrg32k3a) return mrg_.next();
    const unsigned __int128 counter = (static_cast<unsigned __int128>(start_.subsequence) << 64) + index_ / 4;
    return philox10(counter, start_.seed).w[index_++ % 4];
  }
  uint32_t rocrand_value() {  // what rocrand() returns: MRG32k3a's value scaled to 32 bits
    const uint32_t v = next();
    return g_ == Generator::Mrg32k3a ? static_cast<uint32_t>((v - 1) * 1.000000048661607) : v;
  }
  Generator generator() const { return g_; }

private:
  Generator g_;
  StreamStart start_;
  unsigned long long index_;
  Xorwow xorwow_;
  Mrg32k3a mrg_;
};

// A reference value and how far the device may honestly be from it (0: bit for bit).
struct Expected {
  double value, bound;
  const char *what = nullptr;  // the call, named in a mismatch
};

// ---- Float Box-Muller. u and v are rocRAND's float steps (bit for bit what the device computes:
// u's product is exact, 2^-32 being a float; v's product is rounded once, or fused into its sum:
// allowed for below). The reference takes log, sqrt, sin and cos of those in double.
struct Pair {
  Expected x, y;
};
Pair float_box_muller(uint32_t a, uint32_t b, bool mrg) {
  float u, v;
  if (mrg) {
    u = static_cast<float>(static_cast<double>(a) * kMrgNorm);
    v = static_cast<float>(static_cast<double>(b) * kMrgNorm) * 6.2831855f;
  } else {
    const float inv = 2.3283064e-10f, inv_2pi = 2.3283064e-10f * 6.2831855f;
    u = inv + (static_cast<float>(a) * inv);
    v = inv_2pi + (static_cast<float>(b) * inv_2pi);
  }
  const double s = std::sqrt(-2.0 * std::log(static_cast<double>(u)));
  // Bound. __sincosf(v) is Vulkan's Sin/Cos of fl(fl(v * 0.159154943f) * 6.2831855f) (hipvk's
  // __sinf: turns, back to radians): the angle is off v by the two constants' mismatch, two float
  // roundings and, where v's sum was fused, one more ulp of v; sin and cos are 1-Lipschitz. Vulkan
  // gives Sin/Cos an absolute error of 2^-11 (on [-pi, pi]; rocRAND passes (0, 2pi]). s itself:
  // logf within 1 ulp (docs/MATH.md: relative <= 2^-23), so sqrt of it within 2^-24, sqrtf
  // correctly rounded (2^-24) and the product rounded once (2^-24): at most 3 * 2^-24 of the
  // result, bounded by 2^-22; the reference's double functions add < 2^-50. The factor
  // 1 + 2^-20 covers s's own error multiplying the angle's.
  const double turns_back = static_cast<double>(0.159154943f) * static_cast<double>(6.2831855f);  // exact
  const double angle_slack = v * (std::fabs(turns_back - 1.0) + 0x1p-22 + 0x1p-23);
  const double sin_slack = (0x1p-11 + angle_slack) * (1 + 0x1p-20);
  const double x = std::sin(static_cast<double>(v)) * s, y = std::cos(static_cast<double>(v)) * s;
  return {{x, s * sin_slack + std::fabs(x) * 0x1p-22}, {y, s * sin_slack + std::fabs(y) * 0x1p-22}};
}

// ---- Double Box-Muller: u and w (the angle in half turns, for sincospi) are exact in double on
// both sides; the reference takes log, sqrt, sin and cos in long double (64-bit mantissa), sin
// and cos of pi w after an exact reduction of w to [-1/4, 1/4] so that zeros stay relative.
void sincospi_long(double w, long double &sin_out, long double &cos_out) {
  const double n = std::nearbyint(2.0 * w);
  const long double r = kPiLong * static_cast<long double>(w - n / 2.0);  // w - n/2 is exact
  const long double s = sinl(r), c = cosl(r);
  switch (static_cast<long long>(n) & 3) {
  case 0: sin_out = s, cos_out = c; break;
  case 1: sin_out = c, cos_out = -s; break;
  case 2: sin_out = -s, cos_out = -c; break;
  default: sin_out = -c, cos_out = s; break;
  }
}
// Bound, relative: log within 1 ulp (docs/MATH.md; relative <= 2^-52), so s within 2^-53 and
// sqrt's rounding 2^-53; sincospi within 2 ulps (2^-51; OCML's, which docs/MATH.md's table does
// not list: the bound of its sin and cos, 2 ulps); the product's rounding 2^-53. 7 * 2^-53 in
// all, bounded by 2^-50 of the result.
constexpr double kDoubleNormalRelative = 0x1p-50;
Pair double_box_muller_from_uniforms(double u, double w) {
  long double sin_w, cos_w;
  sincospi_long(w, sin_w, cos_w);
  const long double s = sqrtl(-2.0L * logl(static_cast<long double>(u)));
  const double x = static_cast<double>(sin_w * s), y = static_cast<double>(cos_w * s);
  return {{x, std::fabs(x) * kDoubleNormalRelative}, {y, std::fabs(y) * kDoubleNormalRelative}};
}
Pair double_box_muller(HostStream &stream) {
  if (stream.generator() == Generator::Mrg32k3a) {
    // rocRAND 5.3.3's mrg_box_muller_double takes its uniforms from the float
    // mrg_uniform_distribution: u and w are floats, widened.
    const uint32_t a = stream.next(), b = stream.next();
    const auto float_uniform = [](uint32_t v) { return static_cast<double>(static_cast<float>(static_cast<double>(v) * kMrgNorm)); };
    return double_box_muller_from_uniforms(float_uniform(a), float_uniform(b) * 2.0);
  }
  uint32_t v[4];
  for (uint32_t &word : v) word = stream.next();  // rocrand4's order for Philox, four rocrand() for XORWOW
  const uint64_t bits_u = uint64_t(v[0]) ^ (uint64_t(v[1]) << 21), bits_w = uint64_t(v[2]) ^ (uint64_t(v[3]) << 21);
  return double_box_muller_from_uniforms(0x1p-53 + static_cast<double>(bits_u) * 0x1p-53,
                                         0x1p-52 + static_cast<double>(bits_w) * 0x1p-52);
}

// rocrand_uniform_double: 53 bits of two raw values (Philox, XORWOW) or the engine's value over m1
// (MRG32k3a). A product by a power of two and a sum of such values: exact, so bit for bit.
double uniform_double(HostStream &stream) {
  if (stream.generator() == Generator::Mrg32k3a) return static_cast<double>(stream.next()) * kMrgNorm;
  const uint32_t low = stream.next(), high = stream.next();
  const uint64_t bits = uint64_t(low) | (uint64_t(high >> 11) << 32);
  return 0x1p-53 + static_cast<double>(bits) * 0x1p-53;
}

// The state's cached second values (rocRAND's boxmuller_float / boxmuller_double).
struct Cache {
  bool has_float = false, has_double = false;
  Expected float_value{}, double_value{};
};
Expected normal_float(HostStream &stream, Cache &cache) {
  if (cache.has_float) {
    cache.has_float = false;
    return cache.float_value;
  }
  const uint32_t a = stream.next(), b = stream.next();
  const Pair p = float_box_muller(a, b, stream.generator() == Generator::Mrg32k3a);
  cache.has_float = true, cache.float_value = p.y;
  return p.x;
}
// rocRAND 5.3.3 returns the cached double through a float (engine_boxmuller_helper::get_double
// is declared `float`): every second rocrand_normal_double (and log-normal, and Poisson above 4000)
// is a float. So is the reference: float(device) is within half a float ulp (2^-24 relative) of the
// device's double, float(reference) as close to the reference, so 2^-23 of it more.
Expected normal_double(HostStream &stream, Cache &cache) {
  if (cache.has_double) {
    cache.has_double = false;
    const Expected &cached = cache.double_value;
    return {static_cast<double>(static_cast<float>(cached.value)), cached.bound + std::fabs(cached.value) * 0x1p-23};
  }
  const Pair p = double_box_muller(stream);
  cache.has_double = true, cache.double_value = p.y;
  return p.x;
}

// exp(mean + stddev n) from a normal n known within n.bound. The exponent on the device is off
// by stddev * n.bound plus its product's and sum's roundings (or one, fused; each within
// `rounding` of |stddev n| + |mean + stddev n|), and exp multiplies that into a relative error
// expm1(delta); the device's exp adds `exp_relative` (expf 2 ulps: 2^-22; exp 1 ulp: 2^-52, both
// from docs/MATH.md). The reference exp is long double.
Expected log_normal(const Expected &n, double mean, double stddev, double rounding, double exp_relative) {
  const long double y = static_cast<long double>(mean) + static_cast<long double>(stddev) * n.value;
  const double value = static_cast<double>(expl(y));
  const double delta = stddev * n.bound + (std::fabs(stddev * n.value) + std::fabs(static_cast<double>(y))) * rounding;
  const double relative = std::expm1(delta) * (1 + exp_relative) + exp_relative;
  return {value, value * relative * (1 + 0x1p-20)};
}

// ---- rocrand_poisson, its three algorithms in rocRAND's expression order with the host's libm.
// Its double uniforms are exact, so device and host take the same branches unless a computed value
// (exp, log and lgamma to an ulp or so on the device, fused or not) lands within ulps of a
// decision threshold; the seeds below have no such case (a mismatch would name it).
double lanczos_lgamma(double x) {  // rocRAND's lgamma_approx: Lanczos, g = 7, nine coefficients
  static constexpr double kCoefficients[9] = {0.99999999999980993227684700473478,  676.520368121885098567009190444019,
                                              -1259.13921672240287047156078755283, 771.3234287776530788486528258894,
                                              -176.61502916214059906584551354,     12.507343278686904814458936853,
                                              -0.13857109526572011689554707,       9.984369578019570859563e-6,
                                              1.50563273514931155834e-7};
  const double z = x - 1.0;
  double series = 0.0;
  for (int i = 8; i > 0; --i) series += kCoefficients[i] / (z + i);
  series += kCoefficients[0];
  const double log_sqrt_2pi = 0.9189385332046727418, e = 2.718281828459045090796;
  return (log_sqrt_2pi + std::log(series) - 7) + (z + 0.5) * std::log((z + 7 + 0.5) / e);
}
unsigned poisson(HostStream &stream, Cache &cache, double lambda) {
  if (lambda < 64.0) {  // Knuth: multiply uniforms until the product falls to exp(-lambda)
    const double limit = std::exp(-lambda);
    unsigned k = 0;
    double product = 1.0;
    do {
      ++k;
      product *= uniform_double(stream);
    } while (product > limit);
    return k - 1;
  }
  if (lambda <= 4000.0) {  // Atkinson's rejection method PA
    const double c = 0.767 - 3.36 / lambda, beta = static_cast<double>(kPiLong) / std::sqrt(3.0 * lambda);
    const double alpha = beta * lambda, k = std::log(c) - lambda - std::log(beta), log_lambda = std::log(lambda);
    for (;;) {
      const double u = uniform_double(stream);
      const double x = (alpha - std::log((1.0 - u) / u)) / beta;
      const double n = std::floor(x + 0.5);
      if (n < 0) continue;
      const double v = uniform_double(stream);
      const double y = alpha - beta * x, t = 1.0 + std::exp(y);
      const double lhs = y + std::log(v / (t * t)), rhs = k + n * log_lambda - lanczos_lgamma(n + 1.0);
      if (lhs <= rhs) return static_cast<unsigned>(n);
    }
  }
  // Normal approximation, through rocrand_normal_double (so through the state's double cache).
  const double n = normal_double(stream, cache).value;
  return static_cast<unsigned>(std::round(std::sqrt(lambda) * n + lambda));
}

const char *call_name(Call c) {
  switch (c) {
  case Call::Normal: return "rocrand_normal";
  case Call::Normal2: return "rocrand_normal2";
  case Call::Normal4: return "rocrand_normal4";
  case Call::LogNormal: return "rocrand_log_normal";
  case Call::NormalDouble: return "rocrand_normal_double";
  case Call::NormalDouble2: return "rocrand_normal_double2";
  case Call::LogNormalDouble: return "rocrand_log_normal_double";
  case Call::UniformDouble: return "rocrand_uniform_double";
  case Call::Poisson: return "rocrand_poisson";
  }
  return "?";
}

// The host model of one thread's script: expected results in the device's order, then the raw value.
std::vector<Expected> run_script(Generator g, const StreamStart &start, const std::vector<ScriptStep> &script) {
  HostStream stream(g, start);
  Cache cache;
  std::vector<Expected> out;
  const bool mrg = g == Generator::Mrg32k3a;
  for (const ScriptStep &step : script) {
    const size_t first = out.size();
    switch (step.call) {
    case Call::Normal: out.push_back(normal_float(stream, cache)); break;
    case Call::Normal2:
    case Call::Normal4:
      for (int half = 0; half < results_of(step.call) / 2; ++half) {
        const uint32_t a = stream.next(), b = stream.next();
        const Pair p = float_box_muller(a, b, mrg);
        out.insert(out.end(), {p.x, p.y});
      }
      break;
    // float: mean + stddev n rounded twice (2^-24 each, of the product and of the sum), exp 2 ulps
    case Call::LogNormal: out.push_back(log_normal(normal_float(stream, cache), step.a, step.b, 0x1p-24, 0x1p-22)); break;
    case Call::NormalDouble: out.push_back(normal_double(stream, cache)); break;
    case Call::NormalDouble2: {
      const Pair p = double_box_muller(stream);
      out.insert(out.end(), {p.x, p.y});
      break;
    }
    // double: roundings 2^-53 each, exp 1 ulp (2^-52)
    case Call::LogNormalDouble: out.push_back(log_normal(normal_double(stream, cache), step.a, step.b, 0x1p-53, 0x1p-52)); break;
    case Call::UniformDouble: out.push_back({uniform_double(stream), 0}); break;
    case Call::Poisson: out.push_back({static_cast<double>(poisson(stream, cache, step.a)), 0}); break;
    }
    for (size_t i = first; i < out.size(); ++i) out[i].what = call_name(step.call);
  }
  out.push_back({static_cast<double>(stream.rocrand_value()), 0, "rocrand after the script"});  // every raw value consumed, no more
  return out;
}

const char *generator_name(Generator g) { return g == Generator::Philox ? "philox4x32_10" : g == Generator::Xorwow ? "xorwow" : "mrg32k3a"; }

// |got - want| <= bound (bound 0: the same bits). Reports thread and result index on a mismatch.
struct Worst {
  double ratio = 0;  // the largest |got - want| / bound seen
};
bool expect_within(Generator g, const char *what, int thread, int result, long long index, double got, const Expected &want, Worst &worst) {
  if (want.bound == 0 ? std::memcmp(&got, &want.value, sizeof got) == 0 : std::fabs(got - want.value) <= want.bound) {
    if (want.bound > 0) worst.ratio = std::max(worst.ratio, std::fabs(got - want.value) / want.bound);
    return true;
  }
  char got_text[64], want_text[160];
  std::snprintf(got_text, sizeof got_text, "%.17g", got);
  std::snprintf(want_text, sizeof want_text, "%.17g (within %.3g; %s, thread %d, result %d)", want.value, want.bound,
                generator_name(g), thread, result);
  e2e::report_mismatch(what, index, got_text, want_text);
  return false;
}

// Starts: 193 threads, seeds with both halves set (and 0, rocRAND's default-seed case), offsets up
// to a few thousand, which the host steps; Philox subsequences too, up to 2^63 + t.
std::vector<StreamStart> starts_for(Generator g, unsigned salt) {
  std::vector<StreamStart> starts;
  for (unsigned t = 0; t < 193; ++t) {
    const unsigned long long seed = t == 0 ? 0ull : (0xD1B54A32D192ED03ull * (t + salt)) ^ ((unsigned long long)(t) << 37);
    const unsigned long long offset = (t * 2654435761u + salt) % (t % 5 == 0 ? 7u : 3001u);
    const unsigned long long subsequence = g == Generator::Philox ? (t % 4 == 0 ? (1ull << 63) + t : t * 7919ull) : 0;
    starts.push_back({seed, subsequence, offset});
  }
  return starts;
}

void check_family(Generator g, Family family, const char *what, const std::vector<ScriptStep> &script) {
  const std::vector<StreamStart> starts = starts_for(g, unsigned(family) * 1000 + 17);
  std::vector<double> got;
  if (!device_script(g, family, starts, script, got)) {
    e2e::check(false, "distribution kernel refused by the device");
    std::printf("%s %s: refused by the device\n", generator_name(g), what);
    return;
  }
  const size_t per_thread = got.size() / starts.size();
  Worst worst;
  const int failures_before = e2e::g_failures;
  for (size_t t = 0; t < starts.size(); ++t) {
    const std::vector<Expected> want = run_script(g, starts[t], script);
    e2e::check(want.size() == per_thread, "script result count");
    for (size_t j = 0; j < want.size() && j < per_thread; ++j) {
      if (!expect_within(g, want[j].what, int(t), int(j), long(t * per_thread + j), got[t * per_thread + j], want[j], worst))
        break;
    }
  }
  std::printf("%s %s: %zu threads x %zu results, %d mismatches (largest error within a bound: %.3g of it)\n",
              generator_name(g), what, starts.size(), per_thread, e2e::g_failures - failures_before, worst.ratio);
}

// ---- Sobol32's rocrand_normal: sqrt(2) erfinv(2p - 1) by rocRAND's approximation (roc_f_erfinv),
// all float. Its +, -, *, / and sqrtf are correctly rounded on both sides; what may differ is logf
// (within 1 ulp: one of the floats next to the exact log, docs/MATH.md) and whether the device fuses
// tt1 * tt1 - tt2 (the other contractable sums add an exact product: 0.5 lnx, 2 p). So the device
// must give one of the six values those choices make, bit for bit. (The subtraction -tt1 +
// sqrt(...) cancels, so a tolerance would have to be loose; the candidates need none.)
float inverse_cdf_normal(float p, float lnx, bool fused) {
  const float sgn = (2.0f * p - 1.0f) < 0.0f ? -1.0f : 1.0f;
  if (std::isnan(lnx)) return 1.4142135f * 1.0f;
  if (std::isinf(lnx)) return 1.4142135f * 0.0f;
  const float tt1 = 2.0f / (3.1415926f * 0.147f) + 0.5f * lnx, tt2 = 1.0f / (0.147f) * lnx;
  const float inner = fused ? std::fmaf(tt1, tt1, -tt2) : tt1 * tt1 - tt2;
  return 1.4142135f * (sgn * std::sqrt(-tt1 + std::sqrt(inner)));
}
void check_sobol32_normal() {
  std::vector<unsigned> vectors(32 * 3);
  uint64_t r = 0x9E3779B97F4A7C15ull;
  for (unsigned &v : vectors) {
    r = r * 6364136223846793005ull + 1442695040888963407ull;
    v = unsigned(r >> 32) ^ unsigned(r >> 7);
  }
  std::vector<unsigned> dims, offsets;
  for (unsigned t = 0; t < 61; ++t) dims.push_back(t % 3), offsets.push_back(t % 3 == 0 ? (1u << (t % 32)) - 1u : t * 40503u);
  const int per_thread = 13;
  const int failures_before = e2e::g_failures;
  const std::vector<float> got = device_sobol32_normal(vectors, dims, offsets, per_thread);
  for (size_t t = 0; t < dims.size(); ++t)
    for (int k = 0; k < per_thread; ++k) {
      const size_t i = t * per_thread + k;
      const uint32_t raw = sobol_point(&vectors[32 * dims[t]], uint32_t(offsets[t] + unsigned(k)));
      const float p = 2.3283064e-10f + (static_cast<float>(raw) * 2.3283064e-10f);
      const float a = 2.0f * p - 1.0f, x = (1.0f - a) * (1.0f + a);
      const float log_nearest = static_cast<float>(std::log(static_cast<double>(x)));
      bool any = false;
      float nearest_candidate = 0;
      for (float lnx : {log_nearest, std::nextafter(log_nearest, -INFINITY), std::nextafter(log_nearest, INFINITY)})
        for (bool fused : {false, true}) {
          const float want = inverse_cdf_normal(p, std::isinf(log_nearest) ? log_nearest : lnx, fused);
          if (lnx == log_nearest && !fused) nearest_candidate = want;
          any = any || std::memcmp(&want, &got[i], 4) == 0;
        }
      if (!any) {
        char g[64], w[160];
        std::snprintf(g, sizeof g, "%.9g", got[i]);
        std::snprintf(w, sizeof w, "%.9g or a neighbouring log's/fused value (thread %zu, value %d)", nearest_candidate, t, k);
        e2e::report_mismatch("sobol32 rocrand_normal", long(i), g, w);
        break;
      }
    }
  std::printf("sobol32 rocrand_normal: %zu streams x %d values, %d mismatches with every host candidate\n", dims.size(), per_thread,
              e2e::g_failures - failures_before);
}

}  // namespace

void check_float_distributions() {
  for (Generator g : {Generator::Philox, Generator::Xorwow, Generator::Mrg32k3a}) {
    // Cached values returned by the next rocrand_normal / rocrand_log_normal (normal2 and normal4
    // between leave the cached one for later), three (mean, stddev) pairs.
    const std::vector<ScriptStep> floats = {{Call::Normal},       {Call::Normal},         {Call::Normal},
                                            {Call::Normal2},      {Call::Normal},         {Call::LogNormal, 0, 1},
                                            {Call::LogNormal, 1.5, 0.25}, {Call::Normal}, {Call::LogNormal, -2, 2},
                                            {Call::Normal},       {Call::Normal},         {Call::Normal2}};
    check_family(g, Family::Float, "rocrand_normal/normal2/log_normal (float)", floats);
    if (g == Generator::Philox)  // rocrand_normal4 (rocrand4's four values) leaves the cached float alone too
      check_family(g, Family::Quad, "rocrand_normal/normal4 (float)",
                   {{Call::Normal}, {Call::Normal4}, {Call::Normal}, {Call::Normal}, {Call::Normal4}, {Call::Normal4}, {Call::Normal}});
  }
  check_sobol32_normal();
}

void check_double_distributions() {
  // OCML's double log, exp and sincospi inlined several times over: 1.4M to 2.8M SPIR-V words in
  // software doubles, beyond SwiftShader's shader compiler: they run where doubles are native, and
  // elsewhere the program ends as a skip naming them.
  int device = 0;
  hipDeviceProp_t props{};
  HIP_CHECK(hipGetDevice(&device));
  HIP_CHECK(hipGetDeviceProperties(&props, device));
  if (!props.arch.hasDoubles) {
    e2e::g_skipped.push_back("the double and Poisson distributions (native Float64 needed: their software-double modules are too large)");
    return;
  }
  for (Generator g : {Generator::Philox, Generator::Xorwow, Generator::Mrg32k3a}) {
    // The same for the double slot, uniform doubles in between (they leave it alone).
    const std::vector<ScriptStep> doubles = {
        {Call::NormalDouble},  {Call::NormalDouble},          {Call::NormalDouble},  {Call::NormalDouble2},
        {Call::NormalDouble},  {Call::UniformDouble},         {Call::LogNormalDouble, 0, 1},
        {Call::LogNormalDouble, 1.5, 0.25}, {Call::UniformDouble}, {Call::NormalDouble}, {Call::LogNormalDouble, -2, 2},
        {Call::NormalDouble2}, {Call::NormalDouble},          {Call::NormalDouble},  {Call::UniformDouble}};
    check_family(g, Family::Double, "rocrand_normal_double/double2/log_normal_double/uniform_double", doubles);
    // Poisson: Knuth below 64, Atkinson's PA from 64 to 4000, the normal approximation above
    // (through the double slot: 4001 and 1e6 alternate between a new pair and the cached value).
    std::vector<ScriptStep> counts;
    for (double lambda : {0.5, 7.25, 63.9, 64.0, 500.0, 3999.0, 4000.0, 4001.0, 1e6, 4001.0, 1e6, 1e6, 0.5, 64.0})
      counts.push_back({Call::Poisson, lambda});
    check_family(g, Family::Poisson, "rocrand_poisson", counts);
  }
}
