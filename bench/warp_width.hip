// What the width of a warp costs (docs/HIP_ON_VULKAN.md, "Wavefront size", "Logical warps"): the
// same block sum of 32-bit integers written the two ways real code writes it, each checked against
// the host. `runtime`: a shuffle tree over warpSize (the run-time-width form: the device's own
// subgroups). `lanes32`: CUDA's literal 32-lane tree (xor 16, 8, 4, 2, 1): a wave32 form, native at
// 32 lanes and logical warps through __shared__ memory on narrower subgroups. Built twice: plain,
// and for a wave64 target only with the width needed at compile time (--offload-arch=gfx90a
// -DWIDTH_AT_COMPILE_TIME, hipvk_warp_width_wave64): there both kernels run as 64-lane logical
// warps wherever subgroups are narrower (NVIDIA's 32 among them).
//   hipvk_warp_width [--small]
#include <hip/hip_runtime.h>

#include "bench_check.h"
#include "bench_common.h"

namespace {

constexpr int kBlock = 256;
#if defined(WIDTH_AT_COMPILE_TIME)
// Code that needs the width at compile time has no run-time-width form: only the wave64 one.
static_assert(warpSize == __AMDGCN_WAVEFRONT_SIZE__, "warpSize is a constant");
#endif

__global__ void sum_runtime(const int *in, int *out, int n) {
  __shared__ int partial[kBlock];
  const int i = blockIdx.x * kBlock + threadIdx.x;
  int v = i < n ? in[i] : 0;
  for (int offset = warpSize / 2; offset > 0; offset /= 2) v += __shfl_xor(v, offset);
  if (threadIdx.x % warpSize == 0) partial[threadIdx.x / warpSize] = v;
  __syncthreads();
  if (threadIdx.x == 0) {
    int s = 0;
    for (int w = 0; w < kBlock / warpSize; ++w) s += partial[w];
    out[blockIdx.x] = s;
  }
}

__global__ void sum_lanes32(const int *in, int *out, int n) {
  __shared__ int partial[kBlock / 32];
  const int i = blockIdx.x * kBlock + threadIdx.x;
  int v = i < n ? in[i] : 0;
  for (int offset = 16; offset > 0; offset >>= 1) v += __shfl_xor(v, offset, 32);
  if ((threadIdx.x & 31) == 0) partial[threadIdx.x >> 5] = v;
  __syncthreads();
  if (threadIdx.x == 0) {
    int s = 0;
    for (int w = 0; w < kBlock / 32; ++w) s += partial[w];
    out[blockIdx.x] = s;
  }
}

}  // namespace

int main(int argc, char **argv) {
  const bench::Sizes sizes = bench::parseSizes(argc, argv);
  const int n = sizes.stream / 4, blocks = (n + kBlock - 1) / kBlock;
  std::vector<int> in(n);
  for (int i = 0; i < n; ++i) in[i] = int((unsigned(i) * 2654435761u) % 1000) - 500;
  std::vector<int> want(blocks, 0);
  for (int i = 0; i < n; ++i) want[i / kBlock] += in[i];
  int *d_in = nullptr, *d_out = nullptr;
  CHECK(hipMalloc(&d_in, size_t(n) * sizeof(int)));
  CHECK(hipMalloc(&d_out, size_t(blocks) * sizeof(int)));
  CHECK(hipMemcpy(d_in, in.data(), size_t(n) * sizeof(int), hipMemcpyHostToDevice));
  hipDeviceProp_t prop;
  CHECK(hipGetDeviceProperties(&prop, 0));
  std::printf("device: %s (warpSize %d)\n", prop.name, prop.warpSize);
  auto run = [&](const char *name, void (*kernel)(const int *, int *, int)) {
    const double ms = bench::timeMs(
        sizes.reps, [&] { kernel<<<blocks, kBlock>>>(d_in, d_out, n); }, [] { CHECK(hipDeviceSynchronize()); });
    std::vector<int> got(blocks);
    CHECK(hipMemcpy(got.data(), d_out, size_t(blocks) * sizeof(int), hipMemcpyDeviceToHost));
    int wrong = 0;
    for (int b = 0; b < blocks; ++b) wrong += got[b] != want[b];
    if (wrong) {
      std::fprintf(stderr, "%s: %d of %d block sums wrong\n", name, wrong, blocks);
      std::exit(1);
    }
    bench::report(name, "hip", ms, double(n) * sizeof(int), "GB/s");
  };
  run("runtime", sum_runtime);
  run("lanes32", sum_lanes32);
  std::printf("hipvk_warp_width: all results correct\n");
  return 0;
}
