// The same program at -O0, -O1, -O2, -O3 and -O0 -g (issue 11, fault 6): device functions with a
// loop called in a loop from another device function, a dense switch, helpers returning 8- and
// 16-bit integers, 64-bit arithmetic. Every build must compile, run natively and through its
// portable modules (the .emulated runs, where a missing portable module fails instead of skipping),
// and give the host's results exactly.
#include "test_common.h"

#include <cstdint>

namespace {

__host__ __device__ long long inner(unsigned n, long long x) {
  long long s = 0;
  for (unsigned i = 0; i < n; ++i) s += x * (long long)i + (s >> 3);
  return s;
}

// Dense: lowered to a jump or lookup table by optimisation, to a compare chain at -O0.
__host__ __device__ unsigned char classify(long long v) {
  switch (v & 15) {
  case 0: return 7; case 1: return 3; case 2: return 11; case 3: return 5;
  case 4: return 13; case 5: return 2; case 6: return 17; case 7: return 19;
  case 8: return 23; case 9: return 29; case 10: return 31; case 11: return 37;
  case 12: return 41; case 13: return 43; case 14: return 47; default: return 53;
  }
}

__host__ __device__ short narrow(short v) {
  switch (v % 5) {
  case 0: return short(v * 3);
  case 1: return short(-v);
  case 2: return short(v >> 1);
  default: return short(v ^ 0x2a);
  }
}

__host__ __device__ long long outer(unsigned n, long long x) {
  long long t = 0;
  for (unsigned j = 0; j < n; ++j) t += inner(j, x + j) + classify(t + j) + narrow(short(j * 7 + x));
  return t;
}

__global__ void compute(long long *out, unsigned n, unsigned count) {
  unsigned id = blockIdx.x * blockDim.x + threadIdx.x;
  if (id < count) out[id] = outer(n + id % 7, id);
}

}  // namespace

int main() {
  constexpr unsigned kCount = 1000, kTrips = 12;
  long long *device = nullptr;
  HIP_CHECK(hipMalloc(&device, kCount * sizeof(long long)));
  compute<<<(kCount + 127) / 128, 128>>>(device, kTrips, kCount);
  HIP_CHECK_LAUNCH();
  std::vector<long long> got(kCount);
  HIP_CHECK(hipMemcpy(got.data(), device, kCount * sizeof(long long), hipMemcpyDeviceToHost));
  for (unsigned i = 0; i < kCount; ++i) e2e::expect_eq("outer", i, got[i], outer(kTrips + i % 7, i));
  HIP_CHECK(hipFree(device));
  return e2e::finish("optimization_levels");
}
