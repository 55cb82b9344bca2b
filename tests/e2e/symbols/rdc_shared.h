// -fgpu-rdc: variables defined in one translation unit (rdc_defs.hip) and used by kernels and host
// code of another (rdc_main.hip), with address initialisers that cross the files.
#pragma once

#include "test_common.h"

struct Ring {
  int *slots;  // into g_ring_storage
  int capacity;
};

extern __device__ int g_ring_storage[16];
extern __device__ Ring g_ring;               // initialised with the address of g_ring_storage
extern __constant__ int *const c_taps[2];    // addresses of g_ring_storage elements
extern __managed__ int m_total;
extern __device__ int *g_cursor;             // defined in rdc_main.hip, points into rdc_defs.hip's array

__global__ void fill_ring(int base);
