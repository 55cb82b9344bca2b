// __managed__ variables: one storage that host code reads and writes in place and kernels reach
// through the device-side pointer Clang makes for each.
#include "symbols.h"

struct Tally {
  int hits;
  long long sum;
  float mean;
};

__managed__ int m_counter = 5;
__managed__ float m_samples[64];
__managed__ Tally m_tally = {1, 100, 0.0f};
__managed__ unsigned m_flags[3] = {0xA, 0xB, 0xC};

__global__ void accumulate(int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    m_samples[i] = m_samples[i] * 2 + 1;
    atomicAdd(&m_counter, 1);
  }
  if (i == 0) {
    m_tally.hits += 1;
    m_tally.sum += m_flags[1];
    m_tally.mean = static_cast<float>(m_tally.sum) / m_tally.hits;
  }
}

__global__ void copy_out(int *out) {
  out[0] = m_counter;
  out[1] = static_cast<int>(m_flags[0] + m_flags[2]);
}

void test_managed_variables() {
  // Initial values are visible to the host before any HIP call touches a device.
  e2e::expect_eq("managed initial", 0, m_counter, 5);
  e2e::expect_eq("managed initial", 1, m_tally.sum, 100);
  e2e::expect_eq("managed initial", 2, m_flags[2], 0xCu);

  constexpr int n = 64;
  float want[n];
  for (int i = 0; i < n; ++i) {
    m_samples[i] = static_cast<float>(i) * 0.5f;  // written by the host in place
    want[i] = static_cast<float>(i) * 0.5f * 2 + 1;
  }
  m_counter = 1000;
  m_flags[0] = 7;
  accumulate<<<4, 16>>>(n);
  HIP_CHECK_LAUNCH();
  for (int i = 0; i < n; ++i) e2e::expect_eq("managed array written by a kernel", i, m_samples[i], want[i]);
  e2e::expect_eq("managed scalar after kernel atomics", 0, m_counter, 1000 + n);
  e2e::expect_eq("managed struct", 0, m_tally.hits, 2);
  e2e::expect_eq("managed struct", 1, m_tally.sum, 100 + 0xB);
  e2e::expect_eq("managed struct", 2, m_tally.mean, static_cast<float>(100 + 0xB) / 2);

  e2e::DeviceBuffer<int> out(2);
  copy_out<<<1, 1>>>(out);
  HIP_CHECK_LAUNCH();
  int got[2];
  HIP_CHECK(hipMemcpy(got, out, sizeof(got), hipMemcpyDeviceToHost));
  e2e::expect_eq("managed read by a kernel", 0, got[0], 1000 + n);
  e2e::expect_eq("managed read by a kernel", 1, got[1], 7 + 0xC);

  // The symbol API on managed variables: address, size, copies in both directions.
  void *address = nullptr;
  size_t size = 0;
  HIP_CHECK(hipGetSymbolAddress(&address, HIP_SYMBOL(m_samples)));
  HIP_CHECK(hipGetSymbolSize(&size, HIP_SYMBOL(m_samples)));
  e2e::check(address != nullptr && size == sizeof(m_samples), "managed symbol address and size");
  const int value = -12;
  HIP_CHECK(hipMemcpyToSymbol(HIP_SYMBOL(m_counter), &value, sizeof(value)));
  HIP_CHECK(hipDeviceSynchronize());
  e2e::expect_eq("managed written through hipMemcpyToSymbol", 0, m_counter, -12);
  m_flags[1] = 99;
  unsigned flags[3] = {};
  HIP_CHECK(hipMemcpyFromSymbol(flags, HIP_SYMBOL(m_flags), sizeof(flags)));
  e2e::expect_eq("managed read through hipMemcpyFromSymbol", 1, flags[1], 99u);
  // A kernel may also be handed the storage's address (what the symbol API returned).
  copy_out<<<1, 1>>>(out);
  HIP_CHECK_LAUNCH();
  HIP_CHECK(hipMemcpy(got, static_cast<const void *>(out), sizeof(got), hipMemcpyDefault));
  e2e::expect_eq("managed after symbol copy", 0, got[0], -12);
}
