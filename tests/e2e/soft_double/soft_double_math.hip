// OCML's double math, and doubles in memory: atomics, structs, tables, vectors, shared memory.
#include "soft_double.h"

namespace soft_double {
namespace {

// Result `F` of each element: exp, log, sin, pow. A kernel per function: in software doubles
// lavapipe took 170 s to compile the four in one kernel and 56 s for the four kernels.
template <int F> __global__ void mathKernel(const double *a, const double *b, double *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double x = a[i], y = b[i];
  double *r = out + size_t(i) * kMathResults + F;
  if constexpr (F == 0) *r = exp(x);
  else if constexpr (F == 1) *r = log(x);
  else if constexpr (F == 2) *r = sin(x);
  else *r = pow(x, y);
}
static_assert(kMathResults == 4);

__global__ void doubleAlgorithmsKernel(int *out) { *out = __hipvk_fma_is_fused() && __hipvk_fma_float_algorithms(); }

struct Particle {
  double position[3];
  float mass;
  double charge;
};

__device__ double g_weights[5] = {0.5, -1.25, 3.0e-310, 1.0e300, 0.1};

// Every thread reads its particle passed by value, a __device__ table, a double2, reduces through
// shared memory and a private array indexed at run time.
__global__ void memoryKernel(Particle particle, double scale, const double2 *pairs, double2 *swapped,
                             double *blockSums, double *perThread, int n) {
  __shared__ double partial[64];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  double mine = 0;
  if (i < n) {
    double2 p = pairs[i];
    swapped[i] = make_double2(p.y, p.x * scale);
    double local[8];
    for (int k = 0; k < 8; ++k) local[k] = p.x * k + particle.position[k % 3];
    mine = local[i % 8] + g_weights[i % 5] * particle.charge + static_cast<double>(particle.mass);
    perThread[i] = mine;
  }
  partial[threadIdx.x] = i < n ? static_cast<double>(i % 17) : 0.0; // exact integers: order-free sums
  __syncthreads();
  for (int stride = blockDim.x / 2; stride > 0; stride /= 2) {
    if (threadIdx.x < stride) partial[threadIdx.x] += partial[threadIdx.x + stride];
    __syncthreads();
  }
  if (threadIdx.x == 0) blockSums[blockIdx.x] = partial[0];
}

// Every thread adds an exactly representable value, so any order gives one sum. A 64-bit atomic:
// devices without 64-bit atomics (SwiftShader) have no code for it.
__global__ void atomicSumKernel(double *sum, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) atomicAdd(sum, static_cast<double>(i) * 0.25);
}

} // namespace

std::vector<double> runMath(const std::vector<double> &a, const std::vector<double> &b) {
  e2e::DeviceBuffer<double> da(a.size()), db(b.size()), out(a.size() * kMathResults);
  upload(da, a);
  upload(db, b);
  const int blocks = static_cast<int>((a.size() + 63) / 64), n = static_cast<int>(a.size());
  mathKernel<0><<<blocks, 64>>>(da, db, out, n);
  mathKernel<1><<<blocks, 64>>>(da, db, out, n);
  mathKernel<2><<<blocks, 64>>>(da, db, out, n);
  mathKernel<3><<<blocks, 64>>>(da, db, out, n);
  HIP_CHECK_LAUNCH();
  return toHost(out);
}

bool runsDoubleAlgorithms() {
  e2e::DeviceBuffer<int> out(1);
  doubleAlgorithmsKernel<<<1, 1>>>(out);
  HIP_CHECK_LAUNCH();
  return toHost(out)[0] != 0;
}

int checkDoublesInMemory() {
  constexpr int n = 1000, block = 64, blocks = (n + block - 1) / block;
  std::vector<double2> pairs(n);
  for (int i = 0; i < n; ++i) pairs[i] = make_double2(i * 0.375 - 100.0, 1.0 / (i + 3));
  const Particle particle{{1.5, -2.25, 1e-300}, 3.5f, -0.7};
  const double scale = 0x1p-1000;
  e2e::DeviceBuffer<double> blockSums(blocks), perThread(n);
  e2e::DeviceBuffer<double2> devicePairs(n), swapped(n);
  upload(devicePairs, pairs);
  memoryKernel<<<blocks, block>>>(particle, scale, devicePairs, swapped, blockSums, perThread, n);
  HIP_CHECK_LAUNCH();

  const double weights[5] = {0.5, -1.25, 3.0e-310, 1.0e300, 0.1};
  int failures = 0;
  std::vector<double2> gotPairs = toHost(swapped);
  std::vector<double> gotThreads = toHost(perThread), gotBlocks = toHost(blockSums);
  for (int i = 0; i < n; ++i) {
    failures += !e2e::expect_eq("double2.x", i, gotPairs[i].x, pairs[i].y);
    failures += !e2e::expect_eq("double2.y", i, gotPairs[i].y, pairs[i].x * scale);
    const double local = pairs[i].x * (i % 8) + particle.position[(i % 8) % 3];
    const double expected = local + weights[i % 5] * particle.charge + static_cast<double>(particle.mass);
    failures += !e2e::expect_eq("struct/table/private array", i, gotThreads[i], expected);
  }
  for (int b = 0; b < blocks; ++b) {
    double expected = 0;
    for (int i = b * block; i < std::min(n, (b + 1) * block); ++i) expected += i % 17;
    failures += !e2e::expect_eq("shared-memory reduction", b, gotBlocks[b], expected);
  }
  return failures;
}

int checkDoubleAtomicAdd() {
  constexpr int n = 1000;
  e2e::DeviceBuffer<double> sum(1);
  upload(sum, std::vector<double>{0.0});
  atomicSumKernel<<<(n + 63) / 64, 64>>>(sum, n);
  if (!e2e::launched("atomicAdd(double)")) return 0;
  double expected = 0;
  for (int i = 0; i < n; ++i) expected += i * 0.25;
  return !e2e::expect_eq("atomicAdd(double)", 0, toHost(sum)[0], expected);
}

} // namespace soft_double
