#include "rdc_shared.h"

__device__ int g_ring_storage[16];
__device__ Ring g_ring = {g_ring_storage, 16};
__constant__ int *const c_taps[2] = {&g_ring_storage[3], &g_ring_storage[11]};
__managed__ int m_total = 1;

__global__ void fill_ring(int base) {
  int i = threadIdx.x;
  g_ring.slots[i] = base + i;
  atomicAdd(&m_total, i);
}
