// Pointers kept in device memory (a linked list threaded through an array by one kernel and
// walked by another), size_t indexing with strides, pointer differences and uintptr_t round trips.
#include "wide_integers.h"

#include <memory>
#include <numeric>

namespace wide {
namespace {

struct Node {
  Node *next;
  long long value;
  size_t visits;
};

// Node i links to node (i * step) % n: with step coprime to n one cycle through every node.
__global__ void link(Node *nodes, size_t n, size_t step) {
  size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i >= n) return;
  nodes[i].next = nodes + (i * step + 1) % n;
  nodes[i].value = (long long)(i * i) - (long long)(n * 3);
  nodes[i].visits = 0;
}

// One thread walks `hops` links from its start, summing values: every address comes from memory.
__global__ void walk(Node *nodes, const size_t *starts, size_t hops, long long *sums, ptrdiff_t *last, int walkers) {
  int w = blockIdx.x * blockDim.x + threadIdx.x;
  if (w >= walkers) return;
  const Node *p = nodes + starts[w];
  long long sum = 0;
  for (size_t h = 0; h < hops; ++h) {
    sum += p->value;
    p = p->next;
  }
  sums[w] = sum;
  last[w] = p - nodes; // a pointer difference
}

// A strided gather through uintptr_t arithmetic.
__global__ void gather(const double *base, uintptr_t stride, double *out, size_t n) {
  size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i < n) out[i] = *reinterpret_cast<const double *>(reinterpret_cast<uintptr_t>(base) + i * stride) * 2.0;
}

} // namespace

int check_pointers() {
  const size_t n = 4099, step = 37, hops = 300;
  const int walkers = 129;
  e2e::DeviceBuffer<Node> nodes(n);
  link<<<(n + 255) / 256, 256>>>(nodes.ptr, n, step);
  HIP_CHECK_LAUNCH();
  std::vector<size_t> starts(walkers);
  for (int w = 0; w < walkers; ++w) starts[w] = (size_t(w) * 97) % n;
  e2e::DeviceBuffer<size_t> dstarts(walkers);
  e2e::DeviceBuffer<long long> dsums(walkers);
  e2e::DeviceBuffer<ptrdiff_t> dlast(walkers);
  dstarts.upload(starts);
  walk<<<(walkers + 63) / 64, 64>>>(nodes.ptr, dstarts.ptr, hops, dsums.ptr, dlast.ptr, walkers);
  HIP_CHECK_LAUNCH();
  std::vector<long long> sums(walkers);
  std::vector<ptrdiff_t> last(walkers);
  dsums.download(sums);
  dlast.download(last);
  int mismatches = 0;
  for (int w = 0; w < walkers; ++w) {
    size_t i = starts[w];
    long long sum = 0;
    for (size_t h = 0; h < hops; ++h) {
      sum += (long long)(i * i) - (long long)(n * 3);
      i = (i * step + 1) % n;
    }
    mismatches += !e2e::expect_eq("linked-list sum", w, sums[w], sum);
    mismatches += !e2e::expect_eq("linked-list end", w, last[w], (ptrdiff_t)i);
  }
  // The links themselves, read back: each holds the device address of its successor.
  std::unique_ptr<Node[]> host(new Node[n]);
  HIP_CHECK(hipMemcpy(host.get(), nodes.ptr, n * sizeof(Node), hipMemcpyDeviceToHost));
  for (size_t i = 0; i < n; i += 41)
    mismatches += !e2e::expect_eq("stored pointer", (long long)i, reinterpret_cast<uintptr_t>(host[i].next),
                                  reinterpret_cast<uintptr_t>(nodes.ptr + (i * step + 1) % n));

  const size_t count = 1000, strideElements = 3;
  std::vector<double> values(count * strideElements);
  std::iota(values.begin(), values.end(), -17.25);
  e2e::DeviceBuffer<double> dvalues(values.size()), dout(count);
  dvalues.upload(values);
  gather<<<(count + 127) / 128, 128>>>(dvalues.ptr, strideElements * sizeof(double), dout.ptr, count);
  HIP_CHECK_LAUNCH();
  std::vector<double> out(count);
  dout.download(out);
  for (size_t i = 0; i < count; ++i) mismatches += !e2e::expect_eq("strided gather", (long long)i, out[i], values[i * strideElements] * 2.0);
  return mismatches;
}

} // namespace wide
