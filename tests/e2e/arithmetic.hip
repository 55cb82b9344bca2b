// Integer, float and double arithmetic, bit operations, comparisons, selects and conversions in
// device code, against the same __host__ __device__ code run on the host. Integer results and
// exactly rounded floating-point operations (+ - *, single-precision / and sqrt, conversions,
// floor/ceil/trunc/round/rint, fabs, fmin/fmax, copysign) must match bit for bit; double division
// and sqrt (the driver's own) and fma within a tight bound.
#include "test_common.h"

#include <cstring>
#include <vector>

// Fused multiply-add contraction would change the rounding of a*b+c: keep both sides unfused.
#pragma clang fp contract(off)

constexpr int kExact = 42;
constexpr int kApprox = 5;

__host__ __device__ unsigned long long bits(double d) {
  unsigned long long u;
  __builtin_memcpy(&u, &d, 8);
  return u;
}
__host__ __device__ unsigned long long bits(float f) {
  unsigned u;
  __builtin_memcpy(&u, &f, 4);
  return u;
}

// flush: the host computes the denormal-operand result as a device that flushes denormals does.
__host__ __device__ int compute(int i, unsigned long long *ex, double *ap, bool flush = false) {
  const int a = i * 7919 - 50000;          // negative and positive
  const int b = (i % 23) - 11;             // small, both signs, never 0 below
  const int bb = b == 0 ? 3 : b;
  const unsigned ua = 0x9e3779b9u * (unsigned)(i + 1);
  const long long la = (long long)a * 1000003LL - (1LL << 40);
  const unsigned long long ula = 0x9e3779b97f4a7c15ull * (unsigned long long)(i + 1);
  const float fa = (float)a * 0.125f + 0.3f;
  const float fb = (float)bb * 1.5f;
  const double da = (double)a * 0.0625 + 0.1;
  const double db = (double)bb * 2.25;
  const short sa = (short)(a);             // truncation (modular since C++20, and on every target)
  const signed char ca = (signed char)(i * 37);
  const unsigned char uca = (unsigned char)(i * 37);
  int k = 0;
  // 32-bit integers
  ex[k++] = (unsigned)(a + bb * 3 - 7);
  ex[k++] = (unsigned)(a * bb);
  ex[k++] = (unsigned)(a / bb);
  ex[k++] = (unsigned)(a % bb);
  ex[k++] = ua / (unsigned)(i % 13 + 1) + ua % 97u;
  ex[k++] = (unsigned)(a >> 3) ^ (ua >> 5) ^ (ua << 7) ^ (unsigned)(a & 0x0ff0) ^ (unsigned)(a | 0x11);
  ex[k++] = (unsigned)__builtin_popcount(ua) + 100u * (unsigned)__builtin_clz(ua | 1u) +
            10000u * (unsigned)__builtin_ctz(ua | 0x80000000u);
  ex[k++] = (ua << (i % 32)) | (ua >> ((32 - i % 32) % 32));  // rotate
  // 64-bit integers
  ex[k++] = (unsigned long long)(la + la / 3 - 12345);
  ex[k++] = (unsigned long long)(la * (long long)bb);
  ex[k++] = (unsigned long long)(la / (long long)bb) ^ (unsigned long long)(la % 1000);
  ex[k++] = ula * 31ull + (ula >> 17) + ula / 1000003ull;
  ex[k++] = (unsigned long long)(la >> 9) ^ (ula << 13) ^ (ula & 0xffff0000ffffull);
  ex[k++] = (unsigned long long)__builtin_popcountll(ula) + 100ull * __builtin_clzll(ula | 1ull);
  // comparisons and selects
  ex[k++] = (a < bb) + 2 * (ua > 0x80000000u) + 4 * (la <= 0) + 8 * (ula >= (1ull << 63)) +
            16 * (fa == fb) + 32 * (da != db) + 64 * (fa > 0.0f) + 128 * (da < -1.0);
  ex[k++] = (unsigned)(a > 0 ? a : -a) + (unsigned)(bb < 0 ? 1000 : 2000);
  ex[k++] = (unsigned)min(a, bb) + (unsigned)max(a, bb) * 3u + min(ua, 12345u) + (unsigned)abs(a);
  // conversions
  ex[k++] = (unsigned)(int)sa + ((unsigned)(int)ca << 16);  // sign extension
  ex[k++] = (unsigned)uca + ((unsigned)(unsigned short)sa << 8);  // zero extension
  ex[k++] = bits((float)a) ^ (bits((float)ua) << 32);          // int -> float, rounding
  ex[k++] = bits((double)la) ^ bits((double)ula);               // 64-bit int -> double
  ex[k++] = bits((float)ula);                                    // u64 -> float
  ex[k++] = (unsigned long long)(long long)(fa * 3.0f) + ((unsigned long long)(int)da << 32);  // truncation
  ex[k++] = (unsigned long long)(da > 0 ? da * 1000.0 : -da * 1000.0);  // double -> u64
  ex[k++] = bits((float)da) ^ (bits((double)fa) << 1);          // double <-> float
  ex[k++] = (unsigned)(bool)(i % 3) + 2u * (unsigned)(bool)fa + 4u * (unsigned)(ca != 0);
  // exactly rounded float
  ex[k++] = bits(fa + fb) ^ (bits(fa - fb) << 32);
  ex[k++] = bits(fa * fb) ^ (bits(-fa * 0.5f) << 32);
  ex[k++] = bits(floorf(fa)) ^ (bits(ceilf(fa)) << 32);
  ex[k++] = bits(truncf(fa)) ^ (bits(roundf(fa)) << 32);
  ex[k++] = bits(rintf(fa * 0.5f)) ^ (bits(fabsf(fa)) << 32);
  ex[k++] = bits(fminf(fa, fb)) ^ (bits(fmaxf(fa, fb)) << 32) ^ bits(copysignf(3.0f, fb));
  ex[k++] = bits(fa / fb) ^ (bits(sqrtf(fabsf(fa))) << 32);  // correctly rounded, as HIP's defaults
  const float tiny = flush ? 0.0f : 1e-40f;  // a denormal
  ex[k++] = bits(1.0f / (fa + 0.5f)) ^ (bits(sqrtf(fabsf(fa) * tiny)) << 32);
  // exactly rounded double
  ex[k++] = bits(da + db);
  ex[k++] = bits(da - db) ^ bits(da * db);
  ex[k++] = bits(floor(da)) ^ bits(ceil(da) + 0.5);
  ex[k++] = bits(trunc(da)) ^ bits(round(da) * 3.0);
  ex[k++] = bits(rint(da * 0.5)) ^ bits(fabs(da));
  ex[k++] = bits(fmin(da, db)) ^ bits(fmax(da, db)) ^ bits(copysign(2.0, -db));
  ex[k++] = bits((double)fa * db);
  ex[k++] = (unsigned long long)k;  // how many exact results this function produced
  // within a bound
  int m = 0;
  ap[m++] = da / db;
  ap[m++] = sqrt(fabs(da));
  ap[m++] = (double)fmaf(fa, fb, 1.0f);
  ap[m++] = fma(da, db, 1.0);
  ap[m++] = (double)ua / 3.0;
  return k;
}

__global__ void arith(unsigned long long *ex, double *ap, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) compute(i, ex + (size_t)i * kExact, ap + (size_t)i * kApprox);
}

int main() {
  const int n = 3000;
  e2e::DeviceBuffer<unsigned long long> dex((size_t)n * kExact);
  e2e::DeviceBuffer<double> dap((size_t)n * kApprox);
  const bool flush = e2e::device_flushes_float_denormals();
  arith<<<(n + 127) / 128, 128>>>(dex, dap, n);
  HIP_CHECK_LAUNCH();
  std::vector<unsigned long long> ex((size_t)n * kExact);
  std::vector<double> ap((size_t)n * kApprox);
  dex.download(ex);
  dap.download(ap);
  unsigned long long rex[kExact];
  double rap[kApprox];
  for (int i = 0; i < n; ++i) {
    if (int k = compute(i, rex, rap, flush); k != kExact) {
      std::printf("arithmetic: FAIL (kExact is %d, compute() produces %d)\n", kExact, k);
      return 1;
    }
    for (int k = 0; k < kExact; ++k) {
      if (ex[(size_t)i * kExact + k] != rex[k]) {
        char what[32];
        std::snprintf(what, sizeof what, "exact#%d", k);
        e2e::expect_eq(what, i, ex[(size_t)i * kExact + k], rex[k]);
      }
    }
    for (int k = 0; k < kApprox; ++k) {
      char what[32];
      std::snprintf(what, sizeof what, "approx#%d", k);
      e2e::expect_near(what, i, ap[(size_t)i * kApprox + k], rap[k], k == 2 ? 1e-6 : 1e-14);
    }
  }
  return e2e::finish("arithmetic");
}
