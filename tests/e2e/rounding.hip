// Rounding to integral values and the rounding float -> integer conversions, bit for bit against
// the host: rint/nearbyint (ties to even), floor, ceil, trunc, round (ties away), __float2int_r*,
// __float2ll_rn, the half forms and __half2int_rn, doubles, and vectors of float and double
// (__builtin_elementwise_*, which reach the backend as vector intrinsics). The inputs are the
// cases an emulated rounding gets wrong: ties (k + 0.5 of both parities and signs, up to 2^23 - 0.5),
// the floats next to them, the signed zeros that ceil, trunc and rint give for small negatives,
// -0 itself, the integers from 2^23 (2^52) on, infinities and NaN.
//
// lavapipe rounds natively only where the host has rounding instructions at the lanes' vector
// width (AVX-512 for 16 float lanes, i.e. subgroup 16); elsewhere its own RoundEven rounds ties
// away from zero and its Trunc/Ceil/Floor lose -0 (and 16 double lanes are emulated on every
// host). ctest runs this program also with GALLIUM_OVERRIDE_CPU_CAPS=avx, Mesa's stand-in for a
// host without AVX-512 (e2e.rounding.sg16_noavx512).
#include "test_common.h"

#include <hip/hip_fp16.h>

#include <cfloat>
#include <climits>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <vector>

namespace {

constexpr int kFloatResults = 12, kHalfResults = 5, kDoubleResults = 8, kVectorResults = 5;

typedef float float4v __attribute__((ext_vector_type(4)));
typedef double double2v __attribute__((ext_vector_type(2)));

__device__ unsigned long long bitsOf(float x) { return __float_as_uint(x); }
__device__ unsigned long long bitsOf(double x) { return static_cast<unsigned long long>(__double_as_longlong(x)); }

__global__ void roundFloats(const float *in, unsigned long long *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const float x = in[i];
  unsigned long long *r = out + size_t(i) * kFloatResults;
  r[0] = bitsOf(rintf(x));
  r[1] = bitsOf(nearbyintf(x));
  r[2] = bitsOf(floorf(x));
  r[3] = bitsOf(ceilf(x));
  r[4] = bitsOf(truncf(x));
  r[5] = bitsOf(roundf(x));
  r[6] = static_cast<unsigned>(__float2int_rn(x));
  r[7] = static_cast<unsigned>(__float2int_rz(x));
  r[8] = static_cast<unsigned>(__float2int_ru(x));
  r[9] = static_cast<unsigned>(__float2int_rd(x));
  r[10] = static_cast<unsigned long long>(__float2ll_rn(x));
  r[11] = __float2uint_rn(x);
}

__global__ void roundHalves(const float *in, unsigned long long *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const __half h = __float2half(in[i]);  // the inputs are halves
  unsigned long long *r = out + size_t(i) * kHalfResults;
  r[0] = bitsOf(__half2float(hrint(h)));
  r[1] = bitsOf(__half2float(hceil(h)));
  r[2] = bitsOf(__half2float(hfloor(h)));
  r[3] = bitsOf(__half2float(htrunc(h)));
  r[4] = static_cast<unsigned>(__half2int_rn(h));
}

__global__ void roundDoubles(const double *in, unsigned long long *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const double x = in[i];
  unsigned long long *r = out + size_t(i) * kDoubleResults;
  r[0] = bitsOf(rint(x));
  r[1] = bitsOf(nearbyint(x));
  r[2] = bitsOf(floor(x));
  r[3] = bitsOf(ceil(x));
  r[4] = bitsOf(trunc(x));
  r[5] = bitsOf(round(x));
  r[6] = static_cast<unsigned>(__double2int_rn(x));
  r[7] = static_cast<unsigned long long>(__double2ll_rn(x));
}

// Vectors: lane j of vector i is element 4i + j (2i + j), the same inputs as the scalar kernels.
__global__ void roundFloatVectors(const float4v *in, float4v *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const float4v x = in[i];
  float4v *r = out + size_t(i) * kVectorResults;
  r[0] = __builtin_elementwise_roundeven(x);
  r[1] = __builtin_elementwise_floor(x);
  r[2] = __builtin_elementwise_ceil(x);
  r[3] = __builtin_elementwise_trunc(x);
  r[4] = __builtin_elementwise_round(x);
}

__global__ void roundDoubleVectors(const double2v *in, double2v *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const double2v x = in[i];
  double2v *r = out + size_t(i) * kVectorResults;
  r[0] = __builtin_elementwise_roundeven(x);
  r[1] = __builtin_elementwise_floor(x);
  r[2] = __builtin_elementwise_ceil(x);
  r[3] = __builtin_elementwise_trunc(x);
  r[4] = __builtin_elementwise_round(x);
}

unsigned long long hostBits(float x) {
  unsigned u;
  std::memcpy(&u, &x, 4);
  return u;
}
unsigned long long hostBits(double x) {
  unsigned long long u;
  std::memcpy(&u, &x, 8);
  return u;
}

// Float results agree when their bits do, or when both are NaN (no payload or sign is asked for).
template <typename F> bool sameFloat(unsigned long long got, F want) {
  if (std::isnan(want)) {
    F g;
    if constexpr (sizeof(F) == 4) {
      unsigned u = static_cast<unsigned>(got);
      std::memcpy(&g, &u, 4);
    } else {
      std::memcpy(&g, &got, 8);
    }
    return std::isnan(g);
  }
  return got == hostBits(want);
}

// Saturating conversion of an integral value (CUDA's and ROCm's rule: NaN to 0).
template <typename I, typename F> I saturate(F r) {
  if (std::isnan(r)) return 0;
  const F limit = std::ldexp(F(1), int(sizeof(I) * 8) - (I(-1) < I(0) ? 1 : 0));
  if (r >= limit) return std::numeric_limits<I>::max();
  if (r < (I(-1) < I(0) ? -limit : F(0))) return std::numeric_limits<I>::min();
  return static_cast<I>(r);
}

// A mismatch is reported under the function's name; the first few also name the input.
void reportInput(const char *what, double input) {
  if (e2e::g_failures < e2e::kMaxReported) std::fprintf(stderr, "%s(%.17g):\n", what, input);
}
void check(const char *what, int index, unsigned long long got, unsigned long long want, double input) {
  if (got == want) return;
  reportInput(what, input);
  e2e::expect_eq(what, index, got, want);
}
template <typename F> void checkFloat(const char *what, int index, unsigned long long got, F want, double input) {
  if (sameFloat(got, want)) return;
  reportInput(what, input);
  F g;
  if constexpr (sizeof(F) == 4) {
    unsigned u = static_cast<unsigned>(got);
    std::memcpy(&g, &u, 4);
  } else {
    std::memcpy(&g, &got, 8);
  }
  char gs[64], ws[64];
  e2e::format(gs, sizeof gs, g);  // -0 prints as "-0"
  e2e::format(ws, sizeof ws, want);
  e2e::report_mismatch(what, index, gs, ws);  // expect_eq would take -0 for +0
}

// x and the floats next to it.
template <typename F> void withNeighbours(std::vector<F> &v, F x) {
  v.push_back(x);
  v.push_back(std::nextafter(x, F(INFINITY)));
  v.push_back(std::nextafter(x, F(-INFINITY)));
}

template <typename F> std::vector<F> inputs(int mantissaBits) {
  std::vector<F> v;
  const F big = std::ldexp(F(1), mantissaBits);  // 2^23, 2^52: integral from here on
  for (int k = -40; k <= 40; ++k) withNeighbours(v, F(k) + F(0.5));
  for (F x : {F(0.3), F(0.7), F(0.5), F(1e-3), F(1.0), F(1e-30)}) {
    v.push_back(x);
    v.push_back(-x);
  }
  v.push_back(F(0.0));
  v.push_back(-F(0.0));
  for (F x : {big, big / 2, big / 4, 2 * big, F(1 << 30), std::ldexp(F(1), 31), std::ldexp(F(1), 63), std::ldexp(F(1), 64)}) {
    withNeighbours(v, x);
    withNeighbours(v, -x);
  }
  for (F x : {big - F(0.5), big / 2 - F(0.5), big / 2 + F(0.5), big / 4 + F(1.5), F(4194304.5), F(12345.5), F(2147483520.0)}) {
    withNeighbours(v, x);
    withNeighbours(v, -x);
  }
  for (F x : {F(INFINITY), F(-INFINITY), F(NAN), std::numeric_limits<F>::max(), -std::numeric_limits<F>::max()}) v.push_back(x);
  // Ties and other fractions at random magnitudes below 2^mantissaBits.
  uint64_t s = 0x9e3779b97f4a7c15ull;
  while (v.size() % 256 != 0 || v.size() < 4096) {
    s = s * 6364136223846793005ull + 1442695040888963407ull;
    const int e = int(s >> 58) % (mantissaBits + 2);   // magnitude 2^e
    const F whole = std::floor(std::ldexp(F((s >> 11) & 0xffffff) / F(1 << 24), e));
    const F fraction = (s & 4) ? F(0.5) : (s & 8) ? F(0.25) : F(0.75);
    F x = whole + fraction;
    if (s & 2) x = -x;
    if (s & 16) x = std::nextafter(x, (s & 32) ? F(INFINITY) : F(-INFINITY));
    v.push_back(x);
  }
  return v;
}

}  // namespace

int main() {
  const std::vector<float> xf = inputs<float>(23);
  const std::vector<double> xd = inputs<double>(52);
  const int nf = int(xf.size()), nd = int(xd.size());

  // Halves: every quarter in [-300, 300), ties up to 2^10 - 0.5, -0 and the infinities.
  std::vector<float> xh;
  for (int k = -1200; k < 1200; ++k) xh.push_back(float(k) * 0.25f);
  for (float x : {1023.5f, -1023.5f, 1022.5f, -1022.5f, 511.5f, -512.5f, 2048.0f, -65504.0f, -0.0f, INFINITY, -INFINITY})
    xh.push_back(x);
  const int nh = int(xh.size());

  e2e::DeviceBuffer<float> dxf(xf.size()), dxh(xh.size());
  e2e::DeviceBuffer<double> dxd(xd.size());
  dxf.upload(xf);
  dxh.upload(xh);
  dxd.upload(xd);
  e2e::DeviceBuffer<unsigned long long> rf(size_t(nf) * kFloatResults), rh(size_t(nh) * kHalfResults),
      rd(size_t(nd) * kDoubleResults);
  e2e::DeviceBuffer<float> vf(size_t(nf) * kVectorResults);
  e2e::DeviceBuffer<double> vd(size_t(nd) * kVectorResults);
  roundFloats<<<(nf + 127) / 128, 128>>>(dxf, rf, nf);
  HIP_CHECK_LAUNCH();
  roundHalves<<<(nh + 127) / 128, 128>>>(dxh, rh, nh);
  HIP_CHECK_LAUNCH();
  roundDoubles<<<(nd + 127) / 128, 128>>>(dxd, rd, nd);
  HIP_CHECK_LAUNCH();
  roundFloatVectors<<<(nf / 4 + 63) / 64, 64>>>(reinterpret_cast<const float4v *>(static_cast<float *>(dxf)),
                                                reinterpret_cast<float4v *>(static_cast<float *>(vf)), nf / 4);
  HIP_CHECK_LAUNCH();
  roundDoubleVectors<<<(nd / 2 + 63) / 64, 64>>>(reinterpret_cast<const double2v *>(static_cast<double *>(dxd)),
                                                 reinterpret_cast<double2v *>(static_cast<double *>(vd)), nd / 2);
  HIP_CHECK_LAUNCH();

  std::vector<unsigned long long> gf(size_t(nf) * kFloatResults), gh(size_t(nh) * kHalfResults), gd(size_t(nd) * kDoubleResults);
  std::vector<float> gvf(size_t(nf) * kVectorResults);
  std::vector<double> gvd(size_t(nd) * kVectorResults);
  rf.download(gf);
  rh.download(gh);
  rd.download(gd);
  vf.download(gvf);
  vd.download(gvd);

  for (int i = 0; i < nf; ++i) {
    const float x = xf[i];
    const unsigned long long *g = &gf[size_t(i) * kFloatResults];
    checkFloat("rintf", i, g[0], std::nearbyint(x), x);
    checkFloat("nearbyintf", i, g[1], std::nearbyint(x), x);
    checkFloat("floorf", i, g[2], std::floor(x), x);
    checkFloat("ceilf", i, g[3], std::ceil(x), x);
    checkFloat("truncf", i, g[4], std::trunc(x), x);
    checkFloat("roundf", i, g[5], std::round(x), x);
    check("__float2int_rn", i, g[6], static_cast<unsigned>(saturate<int>(std::nearbyint(x))), x);
    check("__float2int_rz", i, g[7], static_cast<unsigned>(saturate<int>(std::trunc(x))), x);
    check("__float2int_ru", i, g[8], static_cast<unsigned>(saturate<int>(std::ceil(x))), x);
    check("__float2int_rd", i, g[9], static_cast<unsigned>(saturate<int>(std::floor(x))), x);
    check("__float2ll_rn", i, g[10], static_cast<unsigned long long>(saturate<long long>(std::nearbyint(x))), x);
    check("__float2uint_rn", i, g[11], saturate<unsigned>(std::nearbyint(x)), x);
    const float *v = &gvf[size_t(i / 4) * 4 * kVectorResults + i % 4];
    checkFloat("roundeven(float4)", i, hostBits(v[0]), std::nearbyint(x), x);
    checkFloat("floor(float4)", i, hostBits(v[4]), std::floor(x), x);
    checkFloat("ceil(float4)", i, hostBits(v[8]), std::ceil(x), x);
    checkFloat("trunc(float4)", i, hostBits(v[12]), std::trunc(x), x);
    checkFloat("round(float4)", i, hostBits(v[16]), std::round(x), x);
  }
  for (int i = 0; i < nh; ++i) {
    const float x = xh[i];
    const unsigned long long *g = &gh[size_t(i) * kHalfResults];
    checkFloat("hrint", i, g[0], std::nearbyint(x), x);
    checkFloat("hceil", i, g[1], std::ceil(x), x);
    checkFloat("hfloor", i, g[2], std::floor(x), x);
    checkFloat("htrunc", i, g[3], std::trunc(x), x);
    check("__half2int_rn", i, g[4], static_cast<unsigned>(saturate<int>(std::nearbyint(x))), x);
  }
  for (int i = 0; i < nd; ++i) {
    const double x = xd[i];
    const unsigned long long *g = &gd[size_t(i) * kDoubleResults];
    checkFloat("rint", i, g[0], std::nearbyint(x), x);
    checkFloat("nearbyint", i, g[1], std::nearbyint(x), x);
    checkFloat("floor", i, g[2], std::floor(x), x);
    checkFloat("ceil", i, g[3], std::ceil(x), x);
    checkFloat("trunc", i, g[4], std::trunc(x), x);
    checkFloat("round", i, g[5], std::round(x), x);
    check("__double2int_rn", i, g[6], static_cast<unsigned>(saturate<int>(std::nearbyint(x))), x);
    check("__double2ll_rn", i, g[7], static_cast<unsigned long long>(saturate<long long>(std::nearbyint(x))), x);
    const double *v = &gvd[size_t(i / 2) * 2 * kVectorResults + i % 2];
    checkFloat("roundeven(double2)", i, hostBits(v[0]), std::nearbyint(x), x);
    checkFloat("floor(double2)", i, hostBits(v[2]), std::floor(x), x);
    checkFloat("ceil(double2)", i, hostBits(v[4]), std::ceil(x), x);
    checkFloat("trunc(double2)", i, hostBits(v[6]), std::trunc(x), x);
    checkFloat("round(double2)", i, hostBits(v[8]), std::round(x), x);
  }
  return e2e::finish("rounding");
}
