// The correctly rounded double operations as kernels, one template per operation shape.
#include "soft_double.h"

namespace soft_double {
namespace {

constexpr int kBlock = 64;

int blocksFor(size_t n) { return static_cast<int>((n + kBlock - 1) / kBlock); }

template <typename Op> __global__ void binaryKernel(const double *a, const double *b, double *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = Op{}(a[i], b[i]);
}

template <typename Op> __global__ void unaryKernel(const double *a, double *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = Op{}(a[i]);
}

__global__ void fmaKernel(const double *a, const double *b, const double *c, double *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = std::fma(a[i], b[i], c[i]);
}

__global__ void comparisonKernel(const double *a, const double *b, unsigned *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = comparisons(a[i], b[i]);
}

__global__ void conversionKernel(const double *a, const int64_t *integers, const uint64_t *unsignedIntegers, Conversions *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = convert(a[i], integers[i], unsignedIntegers[i]);
}

__global__ void widenKernel(const float *f, double *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = f[i];
}

template <typename Op> std::vector<double> binary(const std::vector<double> &a, const std::vector<double> &b) {
  e2e::DeviceBuffer<double> da(a.size()), db(b.size()), out(a.size());
  upload(da, a);
  upload(db, b);
  binaryKernel<Op><<<blocksFor(a.size()), kBlock>>>(da, db, out, static_cast<int>(a.size()));
  HIP_CHECK_LAUNCH();
  return toHost(out);
}

template <typename Op> std::vector<double> unary(const std::vector<double> &a) {
  e2e::DeviceBuffer<double> da(a.size()), out(a.size());
  upload(da, a);
  unaryKernel<Op><<<blocksFor(a.size()), kBlock>>>(da, out, static_cast<int>(a.size()));
  HIP_CHECK_LAUNCH();
  return toHost(out);
}

} // namespace

std::vector<double> runBinary(BinaryOp op, const std::vector<double> &a, const std::vector<double> &b) {
  switch (op) {
  case BinaryOp::add: return binary<Add>(a, b);
  case BinaryOp::sub: return binary<Sub>(a, b);
  case BinaryOp::mul: return binary<Mul>(a, b);
  case BinaryOp::div: return binary<Div>(a, b);
  case BinaryOp::rem: return binary<Rem>(a, b);
  case BinaryOp::min: return binary<Min>(a, b);
  case BinaryOp::max: return binary<Max>(a, b);
  case BinaryOp::copysign: return binary<CopySign>(a, b);
  case BinaryOp::polynomial: return binary<Polynomial>(a, b);
  }
  return {};
}

std::vector<double> runUnary(UnaryOp op, const std::vector<double> &a) {
  switch (op) {
  case UnaryOp::sqrt: return unary<Sqrt>(a);
  case UnaryOp::floor: return unary<Floor>(a);
  case UnaryOp::ceil: return unary<Ceil>(a);
  case UnaryOp::trunc: return unary<Trunc>(a);
  case UnaryOp::round: return unary<Round>(a);
  case UnaryOp::rint: return unary<Rint>(a);
  case UnaryOp::abs: return unary<Abs>(a);
  case UnaryOp::negate: return unary<Negate>(a);
  case UnaryOp::ldexp: return unary<Ldexp>(a);
  case UnaryOp::frexp: return unary<FrexpMantissa>(a);
  case UnaryOp::viaFloat: return unary<ViaFloat>(a);
  }
  return {};
}

std::vector<double> runFma(const std::vector<double> &a, const std::vector<double> &b, const std::vector<double> &c) {
  e2e::DeviceBuffer<double> da(a.size()), db(b.size()), dc(c.size()), out(a.size());
  upload(da, a);
  upload(db, b);
  upload(dc, c);
  fmaKernel<<<blocksFor(a.size()), kBlock>>>(da, db, dc, out, static_cast<int>(a.size()));
  HIP_CHECK_LAUNCH();
  return toHost(out);
}

std::vector<unsigned> runComparisons(const std::vector<double> &a, const std::vector<double> &b) {
  e2e::DeviceBuffer<double> da(a.size()), db(b.size());
  e2e::DeviceBuffer<unsigned> out(a.size());
  upload(da, a);
  upload(db, b);
  comparisonKernel<<<blocksFor(a.size()), kBlock>>>(da, db, out, static_cast<int>(a.size()));
  HIP_CHECK_LAUNCH();
  return toHost(out);
}

std::vector<Conversions> runConversions(const std::vector<double> &a, const std::vector<int64_t> &i, const std::vector<uint64_t> &u) {
  e2e::DeviceBuffer<double> da(a.size());
  e2e::DeviceBuffer<int64_t> di(i.size());
  e2e::DeviceBuffer<uint64_t> du(u.size());
  e2e::DeviceBuffer<Conversions> out(a.size());
  upload(da, a);
  upload(di, i);
  upload(du, u);
  conversionKernel<<<blocksFor(a.size()), kBlock>>>(da, di, du, out, static_cast<int>(a.size()));
  HIP_CHECK_LAUNCH();
  return toHost(out);
}

std::vector<double> runWidenFloats(const std::vector<float> &f) {
  e2e::DeviceBuffer<float> df(f.size());
  e2e::DeviceBuffer<double> out(f.size());
  upload(df, f);
  widenKernel<<<blocksFor(f.size()), kBlock>>>(df, out, static_cast<int>(f.size()));
  HIP_CHECK_LAUNCH();
  return toHost(out);
}

} // namespace soft_double
