// Exact SPIR-V-expressible implementations of the AMDGPU instructions and LLVM intrinsics that
// ROCm's OCML (linked beside this library) is built on. Vulkan's GLSL.std.450 forms are looser than
// AMD's instructions (exp2: 3 + 2|x| ulp, ldexp/frexp undefined out of range, Fma not necessarily
// fused), so compiler/lib/DeviceLibrary.cpp routes each intrinsic here: every function is at least
// as accurate as the AMD instruction it replaces, on every driver, using only correctly rounded
// SPIR-V arithmetic (add, sub, mul, conversions) and integer operations; the fma-based float
// algorithms (float_algorithms.h) also start from OpFDiv and InverseSqrt, whose Vulkan error
// bounds their corrections absorb.
//
// Contraction is off: a fused multiply-add here would be routed back to the emulated fma.
#pragma clang fp contract(off)

#include "double_algorithms.h"
#include "double_fma.h"
#include "float_algorithms.h"
#include "softdouble.h"

#include <stdint.h>

namespace {

using doublealg::addRoundToOdd;
using doublealg::bitsOf;
using doublealg::doubleFrom;
using doublealg::exponentOf;
using floatalg::bitsOf;
using floatalg::floatFrom;
using floatalg::scaleByPowerOfTwo;

// The fraction bits of 2/pi, most significant first: AMD's V_TRIG_PREOP reads 1201 of them.
__device__ const uint32_t kTwoOverPi[38] = {
    0xa2f9836e, 0x4e441529, 0xfc2757d1, 0xf534ddc0, 0xdb629599, 0x3c439041, 0xfe5163ab, 0xdebbc561,
    0xb7246e3a, 0x424dd2e0, 0x06492eea, 0x09d1921c, 0xfe1deb1c, 0xb129a73e, 0xe88235f5, 0x2ebb4484,
    0xe99c7026, 0xb45f7e41, 0x3991d639, 0x835339f4, 0x9c845f8b, 0xbdf9283b, 0x1ff897ff, 0xde05980f,
    0xef2f118b, 0x5a0a6d1f, 0x6d367ecf, 0x27cb09b7, 0x4f463f66, 0x9e5fea2d, 0x7527bac7, 0xebe5f17b,
    0x3d0739f7, 0x8a5292ea, 0x6bfb5fb1, 0x1f8d5d08, 0x56033046, 0xfc7b6bab};
constexpr int kTwoOverPiBits = 1201;

__device__ inline uint64_t twoOverPiWord(int i) { return i < 38 ? kTwoOverPi[i] : 0; }

// 53 bits of 2/pi starting `position` bits after the binary point (zero past bit 1201).
__device__ inline uint64_t twoOverPiBits(int position) {
  if (position >= kTwoOverPiBits) return 0;
  int word = position >> 5, offset = position & 31;
  uint64_t top = twoOverPiWord(word) << 32 | twoOverPiWord(word + 1);
  if (offset) top = top << offset | twoOverPiWord(word + 2) >> (32 - offset);
  uint64_t bits = top >> 11;
  int last = position + 52; // the table ends after bit 1200: later bits read as zero
  if (last >= kTwoOverPiBits) bits &= ~((uint64_t(1) << (last - kTwoOverPiBits + 1)) - 1);
  return bits;
}

} // namespace

extern "C" __device__ float __hipvk_fma_f32(float a, float b, float c);

namespace {

// What float_algorithms.h runs on here: the exact fma, Vulkan's OpFDiv and InverseSqrt as the
// approximations, and for the rare operands the paths through double that every device takes
// without the fma algorithms. The float `/` and sqrtf below are not routed back to
// __hipvk_div_f32/__hipvk_sqrt_f32 (DeviceLibrary.cpp leaves the __hipvk_ functions' own alone; the
// algorithms are always inlined into them): the emitter rounds them correctly through double (53
// >= 2 * 24 + 2 bits make the double rounding innocuous), the portable variant in software doubles.
struct FloatOps {
  __device__ static float fma(float a, float b, float c) { return __hipvk_fma_f32(a, b, c); }
  __device__ static float approxDivide(float a, float b) { return __hipvk_fast_divide(a, b); }
  __device__ static float approxInverseSqrt(float x) { return __hipvk_inverse_sqrt(x); }
  __device__ static float approxExp2(float x) { return __builtin_amdgcn_exp2f(x); }
  __device__ static float saturate(float x) { return __builtin_amdgcn_fmed3f(x, 0.0f, 1.0f); }
  __device__ __attribute__((always_inline)) static float slowDivide(float a, float b) { return a / b; }
  __device__ __attribute__((always_inline)) static float slowSqrt(float x) { return __builtin_sqrtf(x); }
  __device__ static float slowInverseSqrt(float x) { return float(1.0 / __builtin_sqrt(double(x))); }
};

// What double_algorithms.h runs on: the device's own fused Fma (see __hipvk_exp).
struct FusedDoubleOps {
  __device__ static double fma(double a, double b, double c) { return __hipvk_device_fma_f64(a, b, c); }
};
__device__ inline bool doubleAlgorithms() { return __hipvk_fma_is_fused() && __hipvk_fma_float_algorithms(); }

} // namespace

extern "C" {

// Correctly rounded float division and square root: hipvk-spirv routes the `/` and sqrt of floats
// of every module here (DeviceLibrary.cpp). On devices with the fma algorithms they are
// float_algorithms.h's; elsewhere they go through double as FloatOps says.
__device__ float __hipvk_div_f32(float a, float b) {
  return __hipvk_fma_float_algorithms() ? floatalg::divide<FloatOps>(a, b) : FloatOps::slowDivide(a, b);
}
__device__ float __hipvk_sqrt_f32(float x) {
  if (!__hipvk_fma_float_algorithms()) return FloatOps::slowSqrt(x);
  return __hipvk_short_sqrt_verified() ? floatalg::shortSquareRoot<FloatOps>(x) : floatalg::squareRoot<FloatOps>(x);
}

// expf, exp2f, exp10f (hipvk_detail/math_functions.h; DeviceLibrary.cpp routes llvm.exp and
// llvm.exp10 here: llvm.exp2 and llvm.log2 are V_EXP_F32 and V_LOG_F32 to OCML, below): one
// reduction and one polynomial on devices with the fma algorithms; OCML's elsewhere (its exp2 and
// log2 steps in double there). The programs' expf and exp2f take CUDA's form on the device's Exp2
// where it was checked over every float (within 2 ulp, CUDA's bound); OCML's own calls keep the
// accurate ones (DeviceLibrary.cpp's routes), whose 1 ulp its functions' bounds were measured on
// (erfcf reaches 4 ulp of its 4 on CUDA's form, 3 on these).
__device__ float __hipvk_accurate_expf(float x) {
  return __hipvk_fma_float_algorithms() ? floatalg::exponential<FloatOps, floatalg::BaseE>(x) : __ocml_exp_f32(x);
}
__device__ float __hipvk_accurate_exp2f(float x) {
  return __hipvk_fma_float_algorithms() ? floatalg::exponential<FloatOps, floatalg::Base2>(x) : __ocml_exp2_f32(x);
}
__device__ float __hipvk_expf(float x) {
  return __hipvk_fma_float_algorithms() && __hipvk_short_exp_verified()
             ? floatalg::shortExponential<FloatOps, floatalg::BaseE>(x)
             : __hipvk_accurate_expf(x);
}
__device__ float __hipvk_exp2f(float x) {
  return __hipvk_fma_float_algorithms() && __hipvk_short_exp_verified()
             ? floatalg::shortExponential<FloatOps, floatalg::Base2>(x)
             : __hipvk_accurate_exp2f(x);
}
__device__ float __hipvk_exp10f(float x) {
  return __hipvk_fma_float_algorithms() ? floatalg::exponential<FloatOps, floatalg::Base10>(x) : __ocml_exp10_f32(x);
}

// logf, log2f, log10f (and llvm.log, llvm.log10), likewise.
__device__ float __hipvk_logf(float x) {
  return __hipvk_fma_float_algorithms() ? floatalg::logarithm<FloatOps, floatalg::BaseE>(x) : __ocml_log_f32(x);
}
__device__ float __hipvk_log2f(float x) {
  return __hipvk_fma_float_algorithms() ? floatalg::logarithm<FloatOps, floatalg::Base2>(x) : __ocml_log2_f32(x);
}
__device__ float __hipvk_log10f(float x) {
  return __hipvk_fma_float_algorithms() ? floatalg::logarithm<FloatOps, floatalg::Base10>(x) : __ocml_log10_f32(x);
}

// powf (and llvm.pow.f32): float_algorithms.h's on devices with the fma algorithms, within 1.2 ulp
// in about a quarter of the code of OCML's float-float log and exp, which are written for a slow
// fma; OCML's elsewhere.
__device__ float __hipvk_powf(float x, float y) {
  return __hipvk_fma_float_algorithms() ? floatalg::power<FloatOps>(x, y) : __ocml_pow_f32(x, y);
}

// sinf and cosf (and llvm.sin.f32, llvm.cos.f32): float_algorithms.h's below 2^17 on devices with
// the fma algorithms (OCML's reduction there is written for a slow fma); OCML's elsewhere and for
// larger arguments, infinities and NaN (its Payne-Hanek reduction), behind a branch.
__device__ float __hipvk_sinf(float x) {
  if (__hipvk_fma_float_algorithms() && __builtin_fabsf(x) < floatalg::kTrigLimit) return floatalg::sine<FloatOps>(x);
  return __ocml_sin_f32(x);
}
__device__ float __hipvk_cosf(float x) {
  if (__hipvk_fma_float_algorithms() && __builtin_fabsf(x) < floatalg::kTrigLimit) return floatalg::cosine<FloatOps>(x);
  return __ocml_cos_f32(x);
}

// erff: float_algorithms.h's polynomials by pieces on devices with the fma algorithms (OCML's
// takes 1 - e^p from |x| = 1 on, twice the work); OCML's elsewhere.
__device__ float __hipvk_erff(float x) {
  return __hipvk_fma_float_algorithms() ? floatalg::errorFunction<FloatOps>(x) : __ocml_erf_f32(x);
}

// exp, sin and cos in double (and llvm.exp.f64, llvm.sin.f64, llvm.cos.f64): double_algorithms.h's
// where the fma algorithms run on the device's own fused Fma, for |x| below 708 and 2^20; OCML's
// elsewhere and for the other arguments (overflow and underflow, the Payne-Hanek reduction,
// infinities, NaN), behind a branch. Not on the fma's emulation (CI's *.fma_algorithms legs): a
// dozen inlined emulations per call made the e2e math programs take several times as long to
// compile, for the code the host unit test runs bit for bit on an exact fma; the H100's
// accuracy harness runs it on the device.
__device__ double __hipvk_exp(double x) {
  if (doubleAlgorithms() && __builtin_fabs(x) < doublealg::kExpLimit) return doublealg::exponential<FusedDoubleOps>(x);
  return __ocml_exp_f64(x);
}
__device__ double __hipvk_sin(double x) {
  if (doubleAlgorithms() && __builtin_fabs(x) < doublealg::kTrigLimit) return doublealg::sineOrCosine<FusedDoubleOps>(x, false);
  return __ocml_sin_f64(x);
}
__device__ double __hipvk_cos(double x) {
  if (doubleAlgorithms() && __builtin_fabs(x) < doublealg::kTrigLimit) return doublealg::sineOrCosine<FusedDoubleOps>(x, true);
  return __ocml_cos_f64(x);
}

__device__ float __hipvk_ldexp_f32(float x, int n) { return scaleByPowerOfTwo(x, n); }
__device__ double __hipvk_ldexp_f64(double x, int n) { return scaleByPowerOfTwo(x, n); }

// AMD's V_FREXP_MANT/V_FREXP_EXP: infinities, NaN and zeros give themselves and exponent 0.
__device__ float __hipvk_frexp_mant_f32(float x) {
  uint32_t b = bitsOf(x), e = b >> 23 & 0xff;
  if (e == 0xff || (b << 1) == 0) return x;
  if (e == 0) b = bitsOf(x * 0x1p64f);
  return floatFrom((b & 0x807fffffu) | 0x3f000000u);
}
__device__ int __hipvk_frexp_exp_f32(float x) {
  uint32_t b = bitsOf(x);
  int e = int(b >> 23 & 0xff), bias = 126;
  if (e == 0xff || (b << 1) == 0) return 0;
  if (e == 0) {
    e = int(bitsOf(x * 0x1p64f) >> 23 & 0xff);
    bias += 64;
    if (e == 0) return 0; // the device flushes subnormals
  }
  return e - bias;
}
__device__ double __hipvk_frexp_mant_f64(double x) {
  uint64_t b = bitsOf(x), e = b >> 52 & 0x7ff;
  if (e == 0x7ff || (b << 1) == 0) return x;
  if (e == 0) b = bitsOf(x * 0x1p64);
  return doubleFrom((b & 0x800fffffffffffffull) | 0x3fe0000000000000ull);
}
__device__ int __hipvk_frexp_exp_f64(double x) {
  uint64_t b = bitsOf(x);
  int e = int(b >> 52 & 0x7ff), bias = 1022;
  if (e == 0x7ff || (b << 1) == 0) return 0;
  if (e == 0) {
    e = int(bitsOf(x * 0x1p64) >> 52 & 0x7ff);
    bias += 64;
    if (e == 0) return 0;
  }
  return e - bias;
}

// V_FRACT: x - floor(x), kept below 1 (fract(-tiny) would round to 1); NaN for infinities.
__device__ float __hipvk_fract_f32(float x) {
  float r = x - __builtin_floorf(x);
  return r > 0x1.fffffep-1f ? 0x1.fffffep-1f : r;
}
__device__ double __hipvk_fract_f64(double x) {
  double r = x - __builtin_floor(x);
  return r > 0x1.fffffffffffffp-1 ? 0x1.fffffffffffffp-1 : r;
}

// V_RCP/V_RSQ are approximations (1 ulp in single precision); these are correctly rounded or
// closer: single precision as float division (below), double precision as Vulkan's double
// operations.
__device__ float __hipvk_rcp_f32(float x) { return __hipvk_div_f32(1.0f, x); }
__device__ double __hipvk_rcp_f64(double x) { return 1.0 / x; }

// Doubles rounded to integral values in integer arithmetic (softdouble.h): lavapipe's 16-wide code
// (LP_NATIVE_VECTOR_WIDTH=512) rounds some doubles wrongly in GLSL's Trunc/Floor/RoundEven.
__device__ double __hipvk_floor_f64(double x) { return doubleFrom(softdouble::roundToIntegral(bitsOf(x), softdouble::kFloor)); }
__device__ double __hipvk_ceil_f64(double x) { return doubleFrom(softdouble::roundToIntegral(bitsOf(x), softdouble::kCeil)); }
__device__ double __hipvk_trunc_f64(double x) { return doubleFrom(softdouble::roundToIntegral(bitsOf(x), softdouble::kTrunc)); }
__device__ double __hipvk_round_f64(double x) {
  return doubleFrom(softdouble::roundToIntegral(bitsOf(x), softdouble::kRoundHalfAway));
}
// rint (OCML's exp, sin, pow... reduce with it): on devices with the fma algorithms (fast native
// doubles) by the double addition itself, which rounds to nearest even: |x| + 2^52 has no fraction
// bits when |x| < 2^52, subtracting 2^52 again is exact, and x's sign goes back on (rint(-0.3) is
// -0). Two additions instead of the 64-bit integer code, which NVIDIA's GPUs run as pairs of
// 32-bit operations on a nest of branches.
__device__ double __hipvk_roundeven_f64(double x) {
  if (__hipvk_fma_float_algorithms()) {
    const double magnitude = __builtin_fabs(x);
    if (!(magnitude < 0x1p52)) return x; // integral already, infinite or NaN
    return __builtin_copysign((magnitude + 0x1p52) - 0x1p52, x);
  }
  return doubleFrom(softdouble::roundToIntegral(bitsOf(x), softdouble::kRoundHalfEven));
}
__device__ float __hipvk_rsq_f32(float x) {
  return __hipvk_fma_float_algorithms() ? floatalg::inverseSqrt<FloatOps>(x) : FloatOps::slowInverseSqrt(x);
}
__device__ double __hipvk_rsq_f64(double x) { return 1.0 / __builtin_sqrt(x); }

// V_TRIG_PREOP_F64: the 53 bits of 2/pi that Payne-Hanek reduction of x multiplies in segment
// `segment`, scaled so that the product with x has the right weight.
__device__ double __hipvk_trig_preop_f64(double x, int segment) {
  int exponent = int(bitsOf(x) >> 52 & 0x7ff);
  int shift = (segment & 31) * 53 + (exponent > 1077 ? exponent - 1077 : 0);
  int scale = -53 - shift + (exponent >= 1968 ? 128 : 0);
  return scaleByPowerOfTwo(double(twoOverPiBits(shift)), scale);
}

// fma(a, b, c) rounded once, on drivers whose Fma may be a product and a sum: the product of two
// floats is exact in double, and their sum rounded to odd in double rounds to float as the exact
// value does (53 >= 24 + 2).
__device__ float __hipvk_fma_f32(float a, float b, float c) {
  if (__hipvk_fma_is_fused()) return __hipvk_device_fma_f32(a, b, c); // a spec constant: one branch survives
  double product = double(a) * double(b);
  return float(addRoundToOdd(product, double(c)));
}

__device__ double __hipvk_fma_f64(double a, double b, double c) {
  if (__hipvk_fma_is_fused()) return __hipvk_device_fma_f64(a, b, c);
  return doublealg::emulatedFma(a, b, c);
}

// 2^x and log2(x) in single precision, as V_EXP_F32/V_LOG_F32 compute them (1 ulp) or better:
// in float on the fma (float_algorithms.h: within 0.52 and 0.54 ulp), or evaluated in double with a relative
// error below 2^-36 and rounded once to float.
__device__ float __hipvk_exp2_f32(float x) {
  if (__hipvk_fma_float_algorithms()) return floatalg::exp2<FloatOps>(x);
  if (x != x) return x;
  if (x >= 128.0f) return __builtin_inff();
  if (x < -152.0f) return 0.0f;
  double n = __builtin_rint(double(x)), f = double(x) - n; // |f| <= 1/2, exact
  // 2^f = e^(f ln 2): Taylor to degree 10 (remainder below 2^-40 on |f ln 2| <= 0.35).
  double y = f * 0x1.62e42fefa39efp-1, p = 1.0 / 3628800.0;
  constexpr double kInverseFactorials[10] = {1.0 / 362880.0, 1.0 / 40320.0, 1.0 / 5040.0, 1.0 / 720.0, 1.0 / 120.0,
                                             1.0 / 24.0,     1.0 / 6.0,     0.5,          1.0,          1.0};
  for (double c : kInverseFactorials) p = p * y + c;
  return float(scaleByPowerOfTwo(p, int(n)));
}

__device__ float __hipvk_log2_f32(float x) {
  if (__hipvk_fma_float_algorithms()) return floatalg::log2<FloatOps>(x);
  if (x != x || x < 0.0f) return __builtin_nanf("");
  if (x == 0.0f) return -__builtin_inff();
  if (x == __builtin_inff()) return x;
  double d = double(x);
  int e = exponentOf(d);
  double m = scaleByPowerOfTwo(d, -e); // [1, 2)
  if (m > 0x1.6a09e667f3bcdp+0) { // sqrt(2): m in [sqrt(1/2), sqrt(2))
    m *= 0.5;
    e += 1;
  }
  // log2(m) = 2/ln2 * atanh(s), s = (m-1)/(m+1), |s| <= 0.1716: the odd series to s^19.
  double s = (m - 1.0) / (m + 1.0), s2 = s * s, p = 1.0 / 19.0;
  constexpr double kInverseOdd[9] = {1.0 / 17.0, 1.0 / 15.0, 1.0 / 13.0, 1.0 / 11.0, 1.0 / 9.0,
                                     1.0 / 7.0,  1.0 / 5.0,  1.0 / 3.0,  1.0};
  for (double c : kInverseOdd) p = p * s2 + c;
  return float(double(e) + p * s * 0x1.71547652b82fep+1); // 2/ln2
}

} // extern "C"
