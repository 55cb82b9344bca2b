// Doubles on devices without shaderFloat64: the portable variant computes them in software
// (compiler/lib/SoftenDoublesPass.cpp, compiler/devicelib/softdouble.h). The same program runs on
// the native path (the .sg*/.validation legs: lavapipe has shaderFloat64) and on the portable one
// (the .emulated leg, HIPVK_DISABLE_FEATURES); both must give the host's bits for the correctly
// rounded operations, and the OCML math functions must give the same bits on both paths (the
// program runs itself once more with doubles disabled and compares).
#pragma once

#include "test_common.h"

#include <bit>
#include <cstdint>
#include <cmath>
#include <vector>

namespace soft_double {

// The correctly rounded operations, each a functor that runs on the host and the device
// (compiled with -ffp-contract=off: each operation rounds once, as written).
struct Add { __host__ __device__ double operator()(double a, double b) const { return a + b; } };
struct Sub { __host__ __device__ double operator()(double a, double b) const { return a - b; } };
struct Mul { __host__ __device__ double operator()(double a, double b) const { return a * b; } };
struct Div { __host__ __device__ double operator()(double a, double b) const { return a / b; } };
struct Rem { __host__ __device__ double operator()(double a, double b) const { return std::fmod(a, b); } };
struct Min { __host__ __device__ double operator()(double a, double b) const { return std::fmin(a, b); } };
struct Max { __host__ __device__ double operator()(double a, double b) const { return std::fmax(a, b); } };
struct CopySign { __host__ __device__ double operator()(double a, double b) const { return std::copysign(a, b); } };
// An expression: several roundings in the order written.
struct Polynomial {
  __host__ __device__ double operator()(double a, double b) const { return (a * b - a) / (b + 1.5) + a * a; }
};

struct Sqrt { __host__ __device__ double operator()(double a) const { return std::sqrt(a); } };
struct Floor { __host__ __device__ double operator()(double a) const { return std::floor(a); } };
struct Ceil { __host__ __device__ double operator()(double a) const { return std::ceil(a); } };
struct Trunc { __host__ __device__ double operator()(double a) const { return std::trunc(a); } };
struct Round { __host__ __device__ double operator()(double a) const { return std::round(a); } };
struct Rint { __host__ __device__ double operator()(double a) const { return std::rint(a); } };
struct Abs { __host__ __device__ double operator()(double a) const { return std::fabs(a); } };
struct Negate { __host__ __device__ double operator()(double a) const { return -a; } };
struct Ldexp { __host__ __device__ double operator()(double a) const { return std::ldexp(a, -1060); } };
struct FrexpMantissa {
  __host__ __device__ double operator()(double a) const {
    int e;
    return std::frexp(a, &e);
  }
};
// Through float and back: double -> float rounding (subnormal floats included), float -> double.
struct ViaFloat { __host__ __device__ double operator()(double a) const { return static_cast<double>(static_cast<float>(a)); } };

// Per pair: bit k set when comparison k holds (< <= > >= == != unordered, and the unordered-or forms).
__host__ __device__ inline unsigned comparisons(double a, double b) {
  unsigned bits = 0;
  bool results[] = {a < b, a <= b, a > b, a >= b, a == b, a != b, std::isunordered(a, b),
                    !(a < b), !(a <= b), !(a > b), !(a >= b), !(a == b) && !(a != b), std::isnan(a), std::isinf(b),
                    std::isfinite(a), std::signbit(b)};
  for (unsigned k = 0; k < sizeof results / sizeof results[0]; ++k) bits |= unsigned(results[k]) << k;
  return bits;
}

// Conversions of one double to every integer width (in range for each) and from them back.
struct Conversions {
  int32_t toInt32;
  uint32_t toUint32;
  int64_t toInt64;
  uint64_t toUint64;
  double fromInt32, fromUint32, fromInt64, fromUint64;
  float toFloat;
};
__host__ __device__ inline Conversions convert(double a, int64_t i, uint64_t u) {
  Conversions c{};
  // Only values the conversion defines (truncation towards zero of an in-range value).
  c.toInt32 = std::fabs(a) < 2147483648.0 ? static_cast<int32_t>(a) : 0;
  c.toUint32 = a > -1.0 && a < 4294967296.0 ? static_cast<uint32_t>(a) : 0;
  c.toInt64 = std::fabs(a) < 9223372036854775808.0 ? static_cast<int64_t>(a) : 0;
  c.toUint64 = a > -1.0 && a < 18446744073709551616.0 ? static_cast<uint64_t>(a) : 0;
  c.fromInt32 = static_cast<double>(static_cast<int32_t>(i));
  c.fromUint32 = static_cast<double>(static_cast<uint32_t>(u));
  c.fromInt64 = static_cast<double>(i);
  c.fromUint64 = static_cast<double>(u);
  c.toFloat = static_cast<float>(a);
  return c;
}

// A device copy of a host vector, and the host copy of a device buffer.
template <typename T> void upload(e2e::DeviceBuffer<T> &device, const std::vector<T> &host) { device.upload(host); }
template <typename T> std::vector<T> toHost(const e2e::DeviceBuffer<T> &device) {
  std::vector<T> host(device.count);
  device.download(host);
  return host;
}

// Kernel launchers (soft_double_ops.hip, soft_double_math.hip): each takes host vectors, returns
// the device's results.
enum class BinaryOp { add, sub, mul, div, rem, min, max, copysign, polynomial };
enum class UnaryOp { sqrt, floor, ceil, trunc, round, rint, abs, negate, ldexp, frexp, viaFloat };
std::vector<double> runBinary(BinaryOp op, const std::vector<double> &a, const std::vector<double> &b);
std::vector<double> runUnary(UnaryOp op, const std::vector<double> &a);
std::vector<double> runFma(const std::vector<double> &a, const std::vector<double> &b, const std::vector<double> &c);
std::vector<unsigned> runComparisons(const std::vector<double> &a, const std::vector<double> &b);
std::vector<Conversions> runConversions(const std::vector<double> &a, const std::vector<int64_t> &i, const std::vector<uint64_t> &u);
std::vector<double> runWidenFloats(const std::vector<float> &f);

// OCML's double math: exp, log, sin and pow (a[i], b[i]), four results per input.
constexpr int kMathResults = 4;
std::vector<double> runMath(const std::vector<double> &a, const std::vector<double> &b);

// Whether the native run's exp and sin (and pow's exp) are the math library's double algorithms on
// the device's fused Fma (docs/MATH.md: NVIDIA) rather than OCML's: the portable variant keeps OCML's.
bool runsDoubleAlgorithms();

// Doubles in memory and in flight: a struct with doubles passed by value, a __device__ table,
// double2 loads and stores, a shared-memory tree reduction and a private array indexed at run time
// (soft_double_math.hip). Returns the failures.
int checkDoublesInMemory();

// atomicAdd on a double in global memory (a 64-bit atomic: left out where the device has none,
// e2e::launched). Returns the failures.
int checkDoubleAtomicAdd();

} // namespace soft_double
