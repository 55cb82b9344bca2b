// Private memory: local arrays and structs indexed dynamically, arrays of structs, passing a
// local array to a __device__ function, an insertion sort and a histogram in registers/private
// memory, a local struct copied and modified.
#include "test_common.h"

#include <vector>

struct Particle {
  float pos[3];
  int id;
};

__host__ __device__ void insertion_sort(int *a, int n) {
  for (int i = 1; i < n; ++i) {
    int key = a[i];
    int j = i - 1;
    while (j >= 0 && a[j] > key) {
      a[j + 1] = a[j];
      --j;
    }
    a[j + 1] = key;
  }
}

__host__ __device__ int work(int seed) {
  int values[16];
  for (int i = 0; i < 16; ++i) values[i] = (seed * 31 + i * 17) % 101 - 50;
  insertion_sort(values, 16);

  int hist[8] = {0};
  for (int i = 0; i < 16; ++i) hist[(values[i] + 50) & 7]++;  // dynamic index

  Particle ps[4];
  for (int k = 0; k < 4; ++k) {
    ps[k].id = seed + k;
    for (int c = 0; c < 3; ++c) ps[k].pos[c] = (float)(values[(k * 3 + c) % 16]);
  }
  Particle best = ps[seed % 4];  // dynamically chosen struct copy
  best.pos[seed % 3] += 100.0f;
  int sel = 0;
  for (int k = 1; k < 4; ++k)
    if (ps[k].pos[(seed + k) % 3] > ps[sel].pos[(seed + sel) % 3]) sel = k;

  unsigned r = 0;  // unsigned: wraps instead of overflowing
  for (int i = 0; i < 16; ++i) r = r * 3u + (unsigned)values[i];
  for (int i = 0; i < 8; ++i) r ^= (unsigned)hist[i] << i;
  r += (unsigned)(ps[sel].id * 1000 + (int)best.pos[seed % 3] + values[seed % 16]);
  return (int)r;
}

__global__ void local_arrays(int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = work(i);
}

int main() {
  const int n = 2048;
  e2e::DeviceBuffer<int> d(n);
  local_arrays<<<n / 64, 64>>>(d, n);
  HIP_CHECK_LAUNCH();
  std::vector<int> out(n);
  d.download(out);
  for (int i = 0; i < n; ++i) e2e::expect_eq("work", i, out[i], work(i));
  return e2e::finish("local_arrays");
}
