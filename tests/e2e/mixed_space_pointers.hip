// Pointers whose memory space is chosen at run time: the optimiser merges the loads of an if/else
// over a global and a __shared__ array into one load through a select of the two pointers, and a
// pointer may be one of several local arrays or nullptr. Vulkan has no generic pointers, so the
// compiler splits each such access per space. Built at -O0..-O3; every result is compared with a
// host reference.
#include "test_common.h"

#include <vector>

constexpr int kThreads = 256;

// A global or a __shared__ element, by an if/else (one load through a select after optimisation).
__global__ void either_load(const float *g, float *out) {
  __shared__ float s[kThreads];
  int t = threadIdx.x;
  s[t] = t * 2.0f;
  __syncthreads();
  float v;
  if (t % 3 == 0) v = g[t];
  else v = s[kThreads - 1 - t];
  out[t] = v;
}

// A store through a pointer into global or __shared__ memory.
__global__ void either_store(float *g, float *out) {
  __shared__ float s[kThreads];
  int t = threadIdx.x;
  s[t] = -1.0f;
  __syncthreads();
  float *dst = (t & 1) ? &g[t] : &s[kThreads - 1 - t];
  *dst = t * 1.5f;
  __syncthreads();
  out[t] = s[t];
}

// A pointer walking through global or __shared__ memory in a loop (a phi of both).
__global__ void walk(const int *g, int *out, int stride) {
  __shared__ int s[kThreads + 64];
  int t = threadIdx.x;
  for (int i = t; i < kThreads + 64; i += blockDim.x) s[i] = 3 * i - 100;
  __syncthreads();
  const int *p = (blockIdx.x + t) % 2 ? g + t : s + (t % 64);
  int sum = 0;
  for (int k = 0; k < 16; ++k) {
    sum += *p;
    p += stride;
  }
  out[blockIdx.x * blockDim.x + t] = sum;
}

// Three spaces: a global, a __shared__ and a local array.
__global__ void three_spaces(const int *g, const int *choice, int *out) {
  __shared__ int s[8];
  int local[8];
  int t = threadIdx.x;
  if (t < 8) s[t] = 100 + t;
  for (int i = 0; i < 8; ++i) local[i] = t * 10 + i;
  __syncthreads();
  int c = choice[t];
  const int *p = c == 0 ? g : c == 1 ? s : local;
  out[t] = p[t % 8] + p[(t + 3) % 8];
}

// One of two local arrays, or nullptr (the pointer itself is tested before use).
__global__ void local_tables(const int *choice, int *out) {
  int tab1[8], tab2[8];
  int t = threadIdx.x;
  for (int i = 0; i < 8; ++i) {
    tab1[i] = i * t;
    tab2[i] = i + t;
  }
  int c = choice[t];
  int *p = c == 1 ? tab1 : c == 2 ? tab2 : nullptr;
  out[t] = p ? p[t % 8] : -1;
}

// A global or a __shared__ element, or nullptr.
__global__ void either_or_null(const float *g, const int *choice, float *out) {
  __shared__ float s[kThreads];
  int t = threadIdx.x;
  s[t] = t + 0.5f;
  __syncthreads();
  int c = choice[t];
  const float *p = c == 0 ? g + t : c == 1 ? s + (kThreads - 1 - t) : nullptr;
  out[t] = p ? *p * 2.0f : -1.0f;
}

// Vector elements through a merged pointer, with the index applied after the choice.
__global__ void vector_elements(const float2 *g, float *out) {
  __shared__ float2 s[kThreads];
  int t = threadIdx.x;
  s[t] = make_float2(t, -t);
  __syncthreads();
  const float2 *base = t % 4 == 1 ? g : s;
  out[t] = base[(t * 7) % kThreads].y;
}

// An atomic through a pointer to a global or a __shared__ counter.
__global__ void either_atomic(int *g, int *out) {
  __shared__ int counter;
  if (threadIdx.x == 0) counter = 0;
  __syncthreads();
  int *target = threadIdx.x % 3 ? &counter : g;
  atomicAdd(target, int(threadIdx.x));
  __syncthreads();
  if (threadIdx.x == 0) *out = counter;
}

int main() {
  std::vector<int> choice(kThreads);
  for (int t = 0; t < kThreads; ++t) choice[t] = (t * 7 + t / 5) % 3;
  e2e::DeviceBuffer<int> dchoice(kThreads);
  dchoice.upload(choice);

  {
    std::vector<float> g(kThreads), out(kThreads);
    for (int t = 0; t < kThreads; ++t) g[t] = 1000.0f + t;
    e2e::DeviceBuffer<float> dg(kThreads), dout(kThreads);
    dg.upload(g);
    either_load<<<1, kThreads>>>(dg, dout);
    HIP_CHECK_LAUNCH();
    dout.download(out);
    for (int t = 0; t < kThreads; ++t) e2e::expect_eq("either_load", t, out[t], t % 3 == 0 ? g[t] : (kThreads - 1 - t) * 2.0f);
  }
  {
    std::vector<float> g(kThreads, 0.0f), out(kThreads);
    e2e::DeviceBuffer<float> dg(kThreads), dout(kThreads);
    dg.upload(g);
    either_store<<<1, kThreads>>>(dg, dout);
    HIP_CHECK_LAUNCH();
    dout.download(out);
    dg.download(g);
    for (int t = 0; t < kThreads; ++t) {
      e2e::expect_eq("either_store global", t, g[t], t & 1 ? t * 1.5f : 0.0f);
      int writer = kThreads - 1 - t; // the even thread that stores to s[t]
      e2e::expect_eq("either_store shared", t, out[t], writer & 1 ? -1.0f : writer * 1.5f);
    }
  }
  {
    const int blocks = 2, stride = 3, n = kThreads + 16 * stride;
    std::vector<int> g(n), out(blocks * kThreads);
    for (int i = 0; i < n; ++i) g[i] = 7 * i + 1;
    e2e::DeviceBuffer<int> dg(n), dout(blocks * kThreads);
    dg.upload(g);
    walk<<<blocks, kThreads>>>(dg, dout, stride);
    HIP_CHECK_LAUNCH();
    dout.download(out);
    for (int b = 0; b < blocks; ++b)
      for (int t = 0; t < kThreads; ++t) {
        int want = 0;
        for (int k = 0; k < 16; ++k) want += (b + t) % 2 ? g[t + k * stride] : 3 * (t % 64 + k * stride) - 100;
        e2e::expect_eq("walk", b * kThreads + t, out[b * kThreads + t], want);
      }
  }
  {
    std::vector<int> g(8), out(kThreads);
    for (int i = 0; i < 8; ++i) g[i] = -50 * i;
    e2e::DeviceBuffer<int> dg(8), dout(kThreads);
    dg.upload(g);
    three_spaces<<<1, kThreads>>>(dg, dchoice, dout);
    HIP_CHECK_LAUNCH();
    dout.download(out);
    for (int t = 0; t < kThreads; ++t) {
      auto element = [&](int i) { return choice[t] == 0 ? g[i] : choice[t] == 1 ? 100 + i : t * 10 + i; };
      e2e::expect_eq("three_spaces", t, out[t], element(t % 8) + element((t + 3) % 8));
    }
  }
  {
    std::vector<int> out(kThreads);
    e2e::DeviceBuffer<int> dout(kThreads);
    local_tables<<<1, kThreads>>>(dchoice, dout);
    HIP_CHECK_LAUNCH();
    dout.download(out);
    for (int t = 0; t < kThreads; ++t) {
      int i = t % 8, c = choice[t];
      e2e::expect_eq("local_tables", t, out[t], c == 1 ? i * t : c == 2 ? i + t : -1);
    }
  }
  {
    std::vector<float> g(kThreads), out(kThreads);
    for (int t = 0; t < kThreads; ++t) g[t] = 0.25f * t - 7.0f;
    e2e::DeviceBuffer<float> dg(kThreads), dout(kThreads);
    dg.upload(g);
    either_or_null<<<1, kThreads>>>(dg, dchoice, dout);
    HIP_CHECK_LAUNCH();
    dout.download(out);
    for (int t = 0; t < kThreads; ++t) {
      int c = choice[t];
      float want = c == 0 ? g[t] * 2.0f : c == 1 ? (kThreads - 1 - t + 0.5f) * 2.0f : -1.0f;
      e2e::expect_eq("either_or_null", t, out[t], want);
    }
  }
  {
    std::vector<float2> g(kThreads);
    std::vector<float> out(kThreads);
    for (int t = 0; t < kThreads; ++t) g[t] = make_float2(0.0f, 500.0f + t);
    e2e::DeviceBuffer<float2> dg(kThreads);
    e2e::DeviceBuffer<float> dout(kThreads);
    dg.upload(g);
    vector_elements<<<1, kThreads>>>(dg, dout);
    HIP_CHECK_LAUNCH();
    dout.download(out);
    for (int t = 0; t < kThreads; ++t) {
      int i = (t * 7) % kThreads;
      e2e::expect_eq("vector_elements", t, out[t], t % 4 == 1 ? g[i].y : -float(i));
    }
  }
  {
    int global = 0, shared = 0, want_global = 0, want_shared = 0;
    for (int t = 0; t < kThreads; ++t) (t % 3 ? want_shared : want_global) += t;
    e2e::DeviceBuffer<int> dg(1), dout(1);
    HIP_CHECK(hipMemset(dg, 0, sizeof(int)));
    either_atomic<<<1, kThreads>>>(dg, dout);
    HIP_CHECK_LAUNCH();
    HIP_CHECK(hipMemcpy(&global, dg, sizeof(int), hipMemcpyDeviceToHost));
    HIP_CHECK(hipMemcpy(&shared, dout, sizeof(int), hipMemcpyDeviceToHost));
    e2e::expect_eq("either_atomic global", 0, global, want_global);
    e2e::expect_eq("either_atomic shared", 0, shared, want_shared);
  }
  return e2e::finish("mixed_space_pointers");
}
