// Control flow in device code: if/else chains, for/while/do-while loops, switch with fallthrough
// and default, break/continue, early returns, nested and irregular loops (break out of nested
// loops, loops with several exits, data-dependent trip counts). Each function is __host__
// __device__, so the host reference is the very same code.
#include "test_common.h"

#include <vector>

__host__ __device__ int classify(int x) {
  if (x < 0) {
    if (x < -100) return -2;
    return -1;
  } else if (x == 0) {
    return 0;
  } else if (x < 10) {
    return 1;
  } else {
    return x % 2 ? 3 : 2;
  }
}

__host__ __device__ int switcher(int x) {
  int r = 0;
  switch (x % 8) {
    case 0: r += 1; [[fallthrough]];
    case 1: r += 10; break;
    case 2:
    case 3: r = x * 2; break;
    case 5: {
      for (int i = 0; i < x % 5; ++i) r += i;
      break;
    }
    case -3: r = -77; break;
    default: r = -1;
  }
  return r;
}

// Collatz steps with a cap: a while loop with a data-dependent trip count and two exits.
__host__ __device__ int collatz(unsigned long long n) {
  int steps = 0;
  while (n != 1) {
    if (steps >= 500) return -1;
    n = (n % 2) ? 3 * n + 1 : n / 2;
    ++steps;
  }
  return steps;
}

// Nested loops with continue, break out of the inner loop, and a flag to leave the outer one.
__host__ __device__ int nested(int seed) {
  int acc = 0;
  bool done = false;
  for (int i = 0; i < 20 && !done; ++i) {
    if ((i + seed) % 3 == 0) continue;
    int j = 0;
    do {
      acc += i * j + seed;
      if (acc % 7 == 3) break;
      if (acc > 5000 + seed) {
        done = true;
        break;
      }
      ++j;
    } while (j < i);
    int k = i;
    while (k > 0) {
      k -= 3;
      if (k == 2) continue;
      acc ^= k;
    }
  }
  return acc;
}

// Irregular: a loop whose body has several exits and an inner loop that restarts.
__host__ __device__ int irregular(int x) {
  int r = 0;
  for (int i = 0;; ++i) {
    if (i > 40) return r + 1000;
    int j = x & 7;
    while (true) {
      if (j == 0) break;
      if ((r + j) % 5 == 0) {
        r += 2;
        j -= 2;
        if (j < 0) break;
        continue;
      }
      r += j--;
    }
    if (r > 100 + x % 50) break;
    if (i % 4 == 3) r -= 1;
  }
  return r;
}

// Early return inside loops; returns the index of the first prime >= x (bounded).
__host__ __device__ int next_prime(int x) {
  if (x < 2) return 2;
  for (int n = x; n < x + 1000; ++n) {
    bool prime = true;
    for (int d = 2; d * d <= n; ++d) {
      if (n % d == 0) {
        prime = false;
        break;
      }
    }
    if (prime) return n;
  }
  return -1;
}

__host__ __device__ int all_flows(int x) {
  return classify(x - 500) * 1000003 + switcher(x) * 10007 + collatz(x + 1) * 101 + nested(x % 50) +
         irregular(x) * 3 + next_prime(x) * 7;
}

__global__ void flows(int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;  // early exit for the tail threads
  if (i % 97 == 13) {
    out[i] = -12345;  // divergent path that skips everything else
    return;
  }
  out[i] = all_flows(i);
}

int main() {
  const int n = 4000;
  e2e::DeviceBuffer<int> d(n);
  flows<<<(n + 127) / 128, 128>>>(d, n);
  HIP_CHECK_LAUNCH();
  std::vector<int> out(n);
  d.download(out);
  for (int i = 0; i < n; ++i) e2e::expect_eq("flows", i, out[i], i % 97 == 13 ? -12345 : all_flows(i));
  return e2e::finish("control_flow");
}
