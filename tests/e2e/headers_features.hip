// The headers a ROCm program includes, used the way real programs use them: <memory>, <future> and
// <thread> next to kernels (libstdc++'s __noinline__), vector-type arithmetic, hip_complex,
// half/bfloat16 conversions in every rounding mode and their arithmetic, device memcpy/memset
// on global, __shared__ and local memory at odd sizes and unaligned addresses. Every result is
// compared with a host reference: floats bit-exactly (the test is built with -ffp-contract=off,
// so host and device evaluate the same IEEE operations in the same order).
#include <hip/hip_runtime.h>
#include <hip/channel_descriptor.h>
#include <hip/hip_bf16.h>
#include <hip/hip_complex.h>
#include <hip/hip_ext.h>
#include <hip/hip_fp16.h>
#include <hip/hip_math_constants.h>
#include <hip/hiprtc.h>
#include <hip/library_types.h>

#include <algorithm>
#include <cstring>
#include <future>
#include <memory>
#include <thread>
#include <vector>

#include "test_common.h"

static_assert(sizeof(__half) == 2 && sizeof(__half2) == 4 && sizeof(__hip_bfloat16) == 2, "16-bit types");
static_assert(sizeof(double4) == 32 && alignof(double4) == 32 && alignof(long4) == 32, "ROCm 64-bit 4-vectors");
static_assert(sizeof(hipDoubleComplex) == 16 && HIP_R_16BF == 14 && HIP_R_8F_E4M3_FNUZ == 1000, "library types");

template <typename T> struct DeviceDeleter {
  void operator()(T *p) const { HIP_CHECK(hipFree(p)); }
};
template <typename T> using DevicePtr = std::unique_ptr<T, DeviceDeleter<T>>;
template <typename T> DevicePtr<T> device_alloc(size_t n) {
  T *p = nullptr;
  HIP_CHECK(hipMalloc(&p, n * sizeof(T) + 1));
  return DevicePtr<T>(p);
}
template <typename T> std::vector<T> download(const DevicePtr<T> &d, size_t n) {
  std::vector<T> h(n);
  HIP_CHECK(hipMemcpy(h.data(), d.get(), n * sizeof(T), hipMemcpyDeviceToHost));
  return h;
}
template <typename T> DevicePtr<T> upload(const std::vector<T> &h) {
  auto d = device_alloc<T>(h.size());
  HIP_CHECK(hipMemcpy(d.get(), h.data(), h.size() * sizeof(T), hipMemcpyHostToDevice));
  return d;
}
// A NaN an operation generates has no fixed sign or payload (x86 makes 0xffc00000, NVIDIA
// 0x7fffffff): a 16-bit NaN result (exponent field `exp_mask` all ones, mantissa non-zero) matches
// any NaN the reference holds.
unsigned short any_nan_as(unsigned short got, unsigned short want, unsigned exp_mask) {
  auto is_nan = [&](unsigned v) { return (v & exp_mask) == exp_mask && (v & 0x7fffu & ~exp_mask) != 0; };
  return is_nan(got) && is_nan(want) ? want : got;
}

template <typename T> unsigned long long bits_of(T v) {
  unsigned long long b = 0;
  std::memcpy(&b, &v, sizeof v);
  return b;
}

// ---- vector types ---------------------------------------------------------------------------------
template <typename V> __host__ __device__ V int_vec_expr(V a, V b, int i) {
  V r = (a * b + 7) % (b | 1);
  r ^= a << 1;
  r = ~r & (a >> 1) | b;
  V c = r;
  ++c;
  c--;
  c += static_cast<typename V::value_type>(i);
  return c - -a;
}
__host__ __device__ float4 float_vec_expr(float4 a, float4 b) {
  float4 r = a * b + 1.5f;
  r /= b + 3.0f;
  r = -r - a * 0.25f;
  r++;
  return r;
}
__global__ void vector_kernel(const int4 *a, const int4 *b, int4 *o, const float4 *fa, const float4 *fb,
                              float4 *fo, const longlong2 *la, longlong2 *lo, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  o[i] = int_vec_expr(a[i], b[i], i);
  fo[i] = float_vec_expr(fa[i], fb[i]);
  lo[i] = int_vec_expr(la[i], longlong2(3, 5), i);
}

// ---- complex ----------------------------------------------------------------------------------------
struct ComplexOut {
  hipFloatComplex mul, div, fma, add, conj;
  float sqabs;
  hipDoubleComplex dmul, ddiv, dfma;
};
__host__ __device__ ComplexOut complex_expr(hipFloatComplex p, hipFloatComplex q) {
  ComplexOut r;
  r.mul = hipCmulf(p, q);
  r.div = hipCdivf(p, q);
  r.fma = hipCfmaf(p, q, r.mul);
  r.add = hipCsubf(hipCaddf(p, q), make_hipFloatComplex(hipCimagf(q), hipCrealf(p)));
  r.conj = hipConjf(p);
  r.sqabs = hipCsqabsf(q);
  hipDoubleComplex dp = hipComplexFloatToDouble(p), dq = hipComplexFloatToDouble(q);
  r.dmul = hipCmul(dp, dq);
  r.ddiv = hipCdiv(dp, dq);
  r.dfma = hipCfma(dp, dq, r.dmul);
  return r;
}
__global__ void complex_kernel(const hipFloatComplex *p, const hipFloatComplex *q, ComplexOut *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = complex_expr(p[i], q[i]);
}

// ---- half / bfloat16 ---------------------------------------------------------------------------------
struct Fp16Out {
  unsigned short h[4], b[4];  // rn, rz, rd, ru
  float h2f, b2f;
  int hi[4];
  unsigned short from_int[4];
  unsigned short hadd, hmul, hdiv, hfma, badd, bmul, bfma;
  unsigned char cmp;
};
__host__ __device__ Fp16Out fp16_expr(float f, float g, int k) {
  Fp16Out r;
  r.h[0] = __half_as_ushort(__float2half_rn(f));
  r.h[1] = __half_as_ushort(__float2half_rz(f));
  r.h[2] = __half_as_ushort(__float2half_rd(f));
  r.h[3] = __half_as_ushort(__float2half_ru(f));
  r.b[0] = __bfloat16_as_ushort(__float2bfloat16_rn(f));
  r.b[1] = __bfloat16_as_ushort(__float2bfloat16_rz(f));
  r.b[2] = __bfloat16_as_ushort(__float2bfloat16_rd(f));
  r.b[3] = __bfloat16_as_ushort(__float2bfloat16_ru(f));
  __half h = __ushort_as_half(r.h[0]), hg = __float2half(g);
  __hip_bfloat16 b = __ushort_as_bfloat16(r.b[0]), bg = __float2bfloat16(g);
  r.h2f = __half2float(h);
  r.b2f = __bfloat162float(b);
  r.hi[0] = __half2int_rn(h);
  r.hi[1] = __half2int_rz(h);
  r.hi[2] = __half2int_rd(h);
  r.hi[3] = __half2int_ru(h);
  r.from_int[0] = __half_as_ushort(__int2half_rn(k));
  r.from_int[1] = __half_as_ushort(__int2half_rz(k));
  r.from_int[2] = __half_as_ushort(__int2half_rd(k));
  r.from_int[3] = __half_as_ushort(__int2half_ru(k));
  r.hadd = __half_as_ushort(h + hg);
  r.hmul = __half_as_ushort(__hmul(h, hg));
  r.hdiv = __half_as_ushort(h / hg);
  r.hfma = __half_as_ushort(__hfma(h, hg, __float2half(0.333f)));
  r.badd = __bfloat16_as_ushort(b + bg);
  r.bmul = __bfloat16_as_ushort(b * bg);
  r.bfma = __bfloat16_as_ushort(__hfma(b, bg, __float2bfloat16(-1.75f)));
  r.cmp = (h < hg) | (__heq(h, hg) << 1) | ((b >= bg) << 2) | ((__hisnan(h) ? 1 : 0) << 3);
  return r;
}
__global__ void fp16_kernel(const float *f, const float *g, const int *k, Fp16Out *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = fp16_expr(f[i], g[i], k[i]);
}

// Independent host reference: all finite non-negative values of a 16-bit format, in order; a value
// is rounded by locating it between two neighbours.
struct Format16 {
  std::vector<double> values;  // values[e] for encodings e = 0 .. largest finite
  unsigned short inf;
  Format16(float (*decode)(unsigned short), unsigned short max_finite, unsigned short inf_) : inf(inf_) {
    for (unsigned e = 0; e <= max_finite; ++e) values.push_back(decode(static_cast<unsigned short>(e)));
  }
  unsigned short round(double v, int mode) const {  // mode: 0 rn, 1 rz, 2 rd, 3 ru
    if (v != v) return 0x7fff;                        // callers compare NaN by class
    const bool neg = std::signbit(v);
    const double a = std::fabs(v);
    const unsigned short sign = neg ? 0x8000 : 0;
    if (std::isinf(a)) return sign | inf;
    const bool up_mag = (mode == 3 && !neg) || (mode == 2 && neg);
    const double maxv = values.back();
    if (a > maxv) {
      // Beyond the largest finite value: RN rounds to infinity from maxv + half an ulp on (the tie
      // goes to the "even" side, infinity); RZ stays finite; RU/RD go to infinity away from zero.
      const double ulp = maxv - values[values.size() - 2];
      const unsigned short maxe = static_cast<unsigned short>(values.size() - 1);
      if (mode == 0) return sign | (a >= maxv + ulp / 2 ? inf : maxe);
      return sign | (up_mag ? inf : maxe);
    }
    auto it = std::lower_bound(values.begin(), values.end(), a);
    size_t hi = it - values.begin();
    if (values[hi] == a) return sign | static_cast<unsigned short>(hi);
    size_t lo = hi - 1;
    size_t pick;
    if (mode == 0) {
      const double dl = a - values[lo], dh = values[hi] - a;
      pick = dl < dh ? lo : dh < dl ? hi : (lo % 2 == 0 ? lo : hi);
    } else {
      pick = up_mag ? hi : lo;
    }
    return sign | static_cast<unsigned short>(pick);
  }
};
float decode_half(unsigned short e) { return __half2float(__ushort_as_half(e)); }
float decode_bf16(unsigned short e) {
  const unsigned u = static_cast<unsigned>(e) << 16;
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}

// ---- device memcpy / memset -------------------------------------------------------------------------
constexpr int kCopyBlock = 64;
__global__ void memcpy_kernel(const unsigned char *src, unsigned char *dst, unsigned char *shared_out,
                              unsigned char *local_out, int chunk) {
  __shared__ unsigned char tile[kCopyBlock * 8 + 16];
  const int t = threadIdx.x, b = blockIdx.x;
  // Global -> global at odd offsets and sizes (thread t copies chunk bytes to offset 3 + ...).
  const size_t base = (size_t(b) * kCopyBlock + t) * chunk;
  memcpy(dst + base + 1, src + base + 3, chunk - (t % 5));
  memset(dst + base + 1 + chunk - (t % 5), 0xA5 ^ t, t % 5);
  // Global -> shared at unaligned offsets, then back out.
  if (t == 0) memset(tile, 0x11, sizeof tile);
  __syncthreads();
  memcpy(tile + 1 + t * 7, src + b * 97 + t, 7);
  __syncthreads();
  if (t == 0) memcpy(shared_out + size_t(b) * sizeof tile, tile, sizeof tile);
  // Local memory.
  unsigned char local[37];
  memset(local, t, sizeof local);
  memcpy(local + 5, src + b + t, 13);
  for (int i = 0; i < 37; ++i) local_out[(size_t(b) * kCopyBlock + t) * 37 + i] = local[i];
}

int main() {
  // hiprtc: version and strings work; compilation is refused honestly.
  {
    int major = 0, minor = 0;
    e2e::check(hiprtcVersion(&major, &minor) == HIPRTC_SUCCESS && major == HIP_VERSION_MAJOR && minor == HIP_VERSION_MINOR, "hiprtcVersion");
    e2e::check(std::strcmp(hiprtcGetErrorString(HIPRTC_ERROR_COMPILATION), "HIPRTC_ERROR_COMPILATION") == 0, "hiprtcGetErrorString");
    hiprtcProgram prog = nullptr;
    e2e::check(hiprtcCreateProgram(&prog, "__global__ void k() {}", "k.hip", 0, nullptr, nullptr) == HIPRTC_SUCCESS, "hiprtcCreateProgram");
    e2e::check(hiprtcCompileProgram(prog, 0, nullptr) == HIPRTC_ERROR_COMPILATION, "hiprtcCompileProgram refuses");
    size_t log_size = 0;
    e2e::check(hiprtcGetProgramLogSize(prog, &log_size) == HIPRTC_SUCCESS && log_size > 10, "hiprtc log size");
    std::string log(log_size, '\0');
    e2e::check(hiprtcGetProgramLog(prog, &log[0]) == HIPRTC_SUCCESS && log.find("not supported") != std::string::npos, "hiprtc log");
    e2e::check(hiprtcDestroyProgram(&prog) == HIPRTC_SUCCESS && prog == nullptr, "hiprtcDestroyProgram");
    e2e::check(hiprtcDestroyProgram(&prog) == HIPRTC_ERROR_INVALID_PROGRAM, "hiprtc stale program");
  }

  // ---- vector types (the host reference runs on another thread through std::async) ----------------
  {
    const int n = 1237;
    std::vector<int4> a(n), b(n);
    std::vector<float4> fa(n), fb(n);
    std::vector<longlong2> la(n);
    for (int i = 0; i < n; ++i) {
      a[i] = make_int4(i * 3 - 900, i ^ 0x55, -i, i % 17);
      b[i] = make_int4(i % 13 + 1, 7, i % 5 - 2, 1000 - i);
      fa[i] = make_float4(i * 0.37f, -i * 1.25f, 1.0f / (i + 1), i * 1e-3f);
      fb[i] = make_float4(0.5f + i, 2.0f, -3.0f + i * 0.01f, 1e3f / (i + 3));
      la[i] = make_longlong2(i * 100000007LL, -i * 3LL);
    }
    auto reference = std::async(std::launch::async, [&] {
      std::vector<int4> o(n);
      std::vector<float4> fo(n);
      std::vector<longlong2> lo(n);
      for (int i = 0; i < n; ++i) {
        o[i] = int_vec_expr(a[i], b[i], i);
        fo[i] = float_vec_expr(fa[i], fb[i]);
        lo[i] = int_vec_expr(la[i], longlong2(3, 5), i);
      }
      return std::make_tuple(o, fo, lo);
    });
    auto da = upload(a), db = upload(b);
    auto dfa = upload(fa), dfb = upload(fb);
    auto dla = upload(la);
    auto d_o = device_alloc<int4>(n);
    auto dfo = device_alloc<float4>(n);
    auto dlo = device_alloc<longlong2>(n);
    vector_kernel<<<(n + 63) / 64, 64>>>(da.get(), db.get(), d_o.get(), dfa.get(), dfb.get(), dfo.get(), dla.get(), dlo.get(), n);
    HIP_CHECK_LAUNCH();
    auto o = download(d_o, n);
    auto fo = download(dfo, n);
    auto lo = download(dlo, n);
    auto [ro, rfo, rlo] = reference.get();
    for (int i = 0; i < n; ++i) {
      e2e::check(o[i] == ro[i], "int4 expression");
      e2e::check(lo[i] == rlo[i], "longlong2 expression");
      e2e::expect_eq("float4.x", i, bits_of(fo[i].x), bits_of(rfo[i].x));
      e2e::expect_eq("float4.y", i, bits_of(fo[i].y), bits_of(rfo[i].y));
      e2e::expect_eq("float4.z", i, bits_of(fo[i].z), bits_of(rfo[i].z));
      e2e::expect_eq("float4.w", i, bits_of(fo[i].w), bits_of(rfo[i].w));
    }
  }

  // ---- complex -----------------------------------------------------------------------------------
  {
    const int n = 515;
    std::vector<hipFloatComplex> p(n), q(n);
    for (int i = 0; i < n; ++i) {
      p[i] = make_hipFloatComplex(i * 0.731f - 100.0f, 3.0f - i * 0.013f);
      q[i] = make_hipFloatComplex(1.0f + (i % 29) * 0.5f, (i % 7) - 3.5f);
    }
    auto dp = upload(p), dq = upload(q);
    auto dout = device_alloc<ComplexOut>(n);
    complex_kernel<<<(n + 31) / 32, 32>>>(dp.get(), dq.get(), dout.get(), n);
    HIP_CHECK_LAUNCH();
    auto out = download(dout, n);
    for (int i = 0; i < n; ++i) {
      ComplexOut r = complex_expr(p[i], q[i]);
      const float *g = &out[i].mul.x, *w = &r.mul.x;
      for (int c = 0; c < 11; ++c) e2e::expect_eq("hipC*f component", i * 11 + c, bits_of(g[c]), bits_of(w[c]));
      const double *gd = &out[i].dmul.x, *wd = &r.dmul.x;
      for (int c = 0; c < 6; ++c) e2e::expect_eq("hipC* double component", i * 6 + c, bits_of(gd[c]), bits_of(wd[c]));
    }
  }

  // ---- half / bfloat16 ------------------------------------------------------------------------------
  {
    // The format tables are built on a second thread while the inputs are prepared.
    std::shared_ptr<Format16> half_fmt, bf16_fmt;
    std::thread builder([&] {
      half_fmt = std::make_shared<Format16>(decode_half, 0x7bff, 0x7c00);
      bf16_fmt = std::make_shared<Format16>(decode_bf16, 0x7f7f, 0x7f80);
    });
    std::vector<float> f, g;
    std::vector<int> k;
    auto add = [&](float v) { f.push_back(v); f.push_back(-v); };
    const float edges[] = {0.0f, 1.0f, 65504.0f, 65519.996f, 65520.0f, 65536.0f, 1e10f, 6.1035156e-5f,
                           6.0975552e-5f, 5.9604645e-8f, 2.9802322e-8f, 2.9802326e-8f, 1e-9f, 1.0f + 1.0f / 2048,
                           1.0f + 3.0f / 2048, 1.0f + 1.0f / 256, 1.0f + 3.0f / 256, 3.3895314e38f,
                           3.4028235e38f, 1.1754944e-38f, 1e-45f, 0.1f, 2.5f, 3.5f, -0.5f, 2049.0f, 4097.0f,
                           HIP_INF_F, 1.5f, 1e5f, 2147483520.0f, 3e9f};
    for (float e : edges) add(e);
    unsigned s = 12345;
    while (f.size() < 4096) {
      s = s * 1664525u + 1013904223u;
      unsigned u = (s & 0x80000000u) | ((s >> 3) % 0x1f000000u + 0x2c000000u);  // about 2^-39 .. 2^23
      float v;
      std::memcpy(&v, &u, 4);
      f.push_back(v);
    }
    f.push_back(HIP_NAN_F);
    const int n = static_cast<int>(f.size());
    for (int i = 0; i < n; ++i) {
      g.push_back(f[(i * 7 + 3) % n] * 0.75f + 1.0f);
      k.push_back(i % 3 == 0 ? (i * 40503) ^ 0x5a5a5 : i - 2000);
    }
    auto dfv = upload(f), dg = upload(g);
    auto dk = upload(k);
    auto dout = device_alloc<Fp16Out>(n);
    const bool flush = e2e::device_flushes_float_denormals();
    fp16_kernel<<<(n + 63) / 64, 64>>>(dfv.get(), dg.get(), dk.get(), dout.get(), n);
    HIP_CHECK_LAUNCH();
    auto out = download(dout, n);
    builder.join();
    for (int i = 0; i < n; ++i) {
      const Fp16Out &d = out[i];
      const Fp16Out r = fp16_expr(f[i], g[i], k[i]);  // the same code on the host
      const bool nan = f[i] != f[i];
      for (int m = 0; m < 4; ++m) {
        // Against the independent reference (NaN: any quiet NaN of the right sign).
        if (nan) {
          e2e::check((d.h[m] & 0x7fff) > 0x7c00 && (d.b[m] & 0x7fff) > 0x7f80, "NaN stays NaN");
        } else {
          e2e::expect_eq("float->half (mode rn,rz,rd,ru)", i * 4 + m, d.h[m], half_fmt->round(f[i], m));
          e2e::expect_eq("float->bf16 (mode rn,rz,rd,ru)", i * 4 + m, d.b[m], bf16_fmt->round(f[i], m));
        }
        e2e::expect_eq("half->int", i * 4 + m, d.hi[m], r.hi[m]);
        e2e::expect_eq("int->half", i * 4 + m, d.from_int[m], half_fmt->round(static_cast<double>(k[i]), m));
      }
      if (!nan && (d.h[0] & 0x7fff) < 0x7c00) {
        e2e::expect_eq("half->float", i, bits_of(d.h2f), bits_of(static_cast<float>(half_fmt->values[d.h[0] & 0x7fff] * ((d.h[0] & 0x8000) ? -1 : 1))));
        const double hv = __half2float(__ushort_as_half(d.h[0])), hg = __half2float(__float2half(g[i]));
        // bf16 shares float's exponent range: its denormals are float denormals, which a device
        // that flushes them (e2e::device_flushes_float_denormals) turns into zeros.
        const double bv = e2e::flush_denormal(__bfloat162float(__ushort_as_bfloat16(d.b[0])), flush),
                     bg = e2e::flush_denormal(__bfloat162float(__float2bfloat16(g[i])), flush);
        if (std::isfinite(hv) && std::isfinite(hg)) {
          e2e::expect_eq("__hadd", i, d.hadd, half_fmt->round(hv + hg, 0));  // exact in double
          e2e::expect_eq("__hmul", i, d.hmul, half_fmt->round(hv * hg, 0));
        }
        if (std::isfinite(bv) && std::isfinite(bg) && std::fabs(bv + bg) < 3e38 && std::fabs(bv * bg) < 3e38) {
          e2e::expect_eq("bf16 +", i, d.badd, bf16_fmt->round(e2e::flush_denormal(float(bv + bg), flush), 0));
          e2e::expect_eq("bf16 *", i, d.bmul, bf16_fmt->round(e2e::flush_denormal(float(bv * bg), flush), 0));
          // a * b + c: the product is exact in double; long double keeps the sum exact enough
          // for a single final rounding.
          const long double fma_exact = static_cast<long double>(bv) * bg + (-1.75L);
          if (std::fabs(static_cast<double>(fma_exact)) < 3e38)
            e2e::expect_eq("bf16 fma (independent)", i, d.bfma, bf16_fmt->round(static_cast<double>(fma_exact), 0));
        }
        if (std::isfinite(hv) && std::isfinite(hg)) {
          const long double fma_exact = static_cast<long double>(hv) * hg + static_cast<long double>(__half2float(__float2half(0.333f)));
          if (std::fabs(static_cast<double>(fma_exact)) < 65520.0)
            e2e::expect_eq("half fma (independent)", i, d.hfma, half_fmt->round(static_cast<double>(fma_exact), 0));
        }
      }
      e2e::expect_eq("half->float (same code)", i, bits_of(d.h2f), bits_of(r.h2f));
      e2e::expect_eq("bf16->float", i, bits_of(d.b2f), bits_of(r.b2f));
      e2e::expect_eq("__hdiv", i, any_nan_as(d.hdiv, r.hdiv, 0x7c00u), r.hdiv);
      e2e::expect_eq("__hfma(half)", i, any_nan_as(d.hfma, r.hfma, 0x7c00u), r.hfma);
      e2e::expect_eq("__hfma(bf16)", i, any_nan_as(d.bfma, r.bfma, 0x7f80u), r.bfma);
      e2e::expect_eq("comparisons", i, d.cmp, r.cmp);
    }
    // Spot checks of the host implementation itself against known encodings.
    e2e::check(__half_as_ushort(__float2half_rn(65520.0f)) == 0x7c00 && __half_as_ushort(__float2half_rz(65520.0f)) == 0x7bff, "half overflow");
    e2e::check(__half_as_ushort(__float2half_rn(2.9802322e-8f)) == 0x0000 && __half_as_ushort(__float2half_ru(1e-30f)) == 0x0001, "half underflow");
    e2e::check(__bfloat16_as_ushort(__float2bfloat16_rn(1.0f + 3.0f / 256)) == 0x3f82, "bf16 tie to even");
    e2e::check(__half2int_rn(__float2half(2.5f)) == 2 && __half2int_rd(__float2half(-2.5f)) == -3, "half->int modes");
  }

  // ---- device memcpy / memset ------------------------------------------------------------------------
  {
    const int blocks = 5, chunk = 23;
    const size_t src_bytes = size_t(blocks) * kCopyBlock * chunk + 64;
    std::vector<unsigned char> src(src_bytes);
    for (size_t i = 0; i < src_bytes; ++i) src[i] = static_cast<unsigned char>(i * 131 + 7);
    const size_t tile = kCopyBlock * 8 + 16;
    auto dsrc = upload(src);
    auto ddst = device_alloc<unsigned char>(src_bytes);
    HIP_CHECK(hipMemset(ddst.get(), 0, src_bytes));
    auto dshared = device_alloc<unsigned char>(blocks * tile);
    auto dlocal = device_alloc<unsigned char>(size_t(blocks) * kCopyBlock * 37);
    memcpy_kernel<<<blocks, kCopyBlock>>>(dsrc.get(), ddst.get(), dshared.get(), dlocal.get(), chunk);
    HIP_CHECK_LAUNCH();
    auto dst = download(ddst, src_bytes);
    auto sh = download(dshared, blocks * tile);
    auto lo = download(dlocal, size_t(blocks) * kCopyBlock * 37);
    std::vector<unsigned char> rdst(src_bytes, 0), rsh(blocks * tile), rlo(lo.size());
    for (int b = 0; b < blocks; ++b) {
      for (int t = 0; t < kCopyBlock; ++t) {
        const size_t base = (size_t(b) * kCopyBlock + t) * chunk;
        std::memcpy(&rdst[base + 1], &src[base + 3], chunk - (t % 5));
        std::memset(&rdst[base + 1 + chunk - (t % 5)], 0xA5 ^ t, t % 5);
      }
      unsigned char *tl = &rsh[b * tile];
      std::memset(tl, 0x11, tile);
      for (int t = 0; t < kCopyBlock; ++t) std::memcpy(tl + 1 + t * 7, &src[b * 97 + t], 7);
      for (int t = 0; t < kCopyBlock; ++t) {
        unsigned char *l = &rlo[(size_t(b) * kCopyBlock + t) * 37];
        std::memset(l, t, 37);
        std::memcpy(l + 5, &src[b + t], 13);
      }
    }
    // Bytes a thread's range shares with its neighbour's first byte are written by both in order:
    // thread t writes [base+1, base+chunk], so ranges never overlap.
    for (size_t i = 0; i < src_bytes; ++i) e2e::expect_eq("global memcpy/memset", i, dst[i], rdst[i]);
    for (size_t i = 0; i < rsh.size(); ++i) e2e::expect_eq("shared memcpy", i, sh[i], rsh[i]);
    for (size_t i = 0; i < rlo.size(); ++i) e2e::expect_eq("local memcpy/memset", i, lo[i], rlo[i]);
  }

  // hipExtLaunchKernelGGL without events launches like <<<>>>; with an event it is refused.
  {
    auto dk = device_alloc<Fp16Out>(1);
    auto df = upload(std::vector<float>{1.5f}), dg = upload(std::vector<float>{2.0f});
    auto dki = upload(std::vector<int>{7});
    hipExtLaunchKernelGGL(fp16_kernel, dim3(1), dim3(1), 0, nullptr, nullptr, nullptr, 0, df.get(), dg.get(), dki.get(), dk.get(), 1);
    HIP_CHECK_LAUNCH();
    auto r = download(dk, 1);
    e2e::expect_eq("hipExtLaunchKernelGGL", 0, r[0].hmul, static_cast<unsigned short>(0x4200));  // 1.5 * 2 = 3
    void *args[] = {nullptr};
    e2e::check(hipExtLaunchKernel(reinterpret_cast<const void *>(fp16_kernel), dim3(1), dim3(1), args, 0, nullptr,
                                  reinterpret_cast<hipEvent_t>(&r), nullptr, 0) == hipErrorNotSupported, "hipExtLaunchKernel with events");
    (void)hipGetLastError();
  }
  // ---- channel descriptions: bits per channel and kind, None for a type that is no texel ----------
  auto same = [](hipChannelFormatDesc d, int x, int y, int z, int w, hipChannelFormatKind f) {
    return d.x == x && d.y == y && d.z == z && d.w == w && d.f == f;
  };
  e2e::check(same(hipCreateChannelDesc<float4>(), 32, 32, 32, 32, hipChannelFormatKindFloat), "channel float4");
  e2e::check(same(hipCreateChannelDesc<uchar2>(), 8, 8, 0, 0, hipChannelFormatKindUnsigned), "channel uchar2");
  e2e::check(same(hipCreateChannelDesc<short>(), 16, 0, 0, 0, hipChannelFormatKindSigned), "channel short");
  e2e::check(same(hipCreateChannelDescHalf2(), 16, 16, 0, 0, hipChannelFormatKindFloat), "channel half2");
  e2e::check(same(hipCreateChannelDesc<int3>(), 0, 0, 0, 0, hipChannelFormatKindNone), "channel int3 (no texel)");
  e2e::check(same(hipCreateChannelDesc<double>(), 0, 0, 0, 0, hipChannelFormatKindNone), "channel double (no texel)");
  return e2e::finish("headers_features");
}
