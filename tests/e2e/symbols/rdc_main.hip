#include "rdc_shared.h"

__device__ int *g_cursor = &g_ring_storage[5];

__global__ void sample(int *out) {
  out[0] = *c_taps[0] + *c_taps[1];
  out[1] = *g_cursor;
  out[2] = g_ring.capacity;
  out[3] = m_total;
}

int main() {
  e2e::expect_eq("managed initial value across files", 0, m_total, 1);
  m_total = 10;
  fill_ring<<<1, 16>>>(100);
  HIP_CHECK_LAUNCH();
  e2e::DeviceBuffer<int> out(4);
  sample<<<1, 1>>>(out);
  HIP_CHECK_LAUNCH();
  int got[4];
  HIP_CHECK(hipMemcpy(got, out, sizeof(got), hipMemcpyDeviceToHost));
  const int want[4] = {103 + 111, 105, 16, 10 + 120};
  for (int i = 0; i < 4; ++i) e2e::expect_eq("variables across translation units", i, got[i], want[i]);
  e2e::expect_eq("managed total on the host", 0, m_total, 130);

  // The symbol API on variables of the other file.
  int storage[16];
  HIP_CHECK(hipMemcpyFromSymbol(storage, HIP_SYMBOL(g_ring_storage), sizeof(storage)));
  for (int i = 0; i < 16; ++i) e2e::expect_eq("g_ring_storage", i, storage[i], 100 + i);
  void *base = nullptr;
  HIP_CHECK(hipGetSymbolAddress(&base, HIP_SYMBOL(g_ring_storage)));
  Ring ring{};
  HIP_CHECK(hipMemcpyFromSymbol(&ring, HIP_SYMBOL(g_ring), sizeof(ring)));
  e2e::check(ring.slots == base && ring.capacity == 16, "g_ring.slots == g_ring_storage");
  int *cursor = nullptr;
  HIP_CHECK(hipMemcpyFromSymbol(&cursor, HIP_SYMBOL(g_cursor), sizeof(cursor)));
  e2e::check(cursor == static_cast<int *>(base) + 5, "g_cursor == &g_ring_storage[5]");
  return e2e::finish("symbols_rdc");
}
