// A 1-D convolution whose taps live in __constant__ memory, one kernel per radius (a template),
// as image and signal programs write it; the taps change between launches by hipMemcpyToSymbol
// and, inside one stream's order, by hipMemcpyToSymbolAsync.
#include "constant_window.h"

#include <memory>

namespace {

constexpr int kMaxRadius = 8;
constexpr int kBlock = 128;

}  // namespace

__constant__ float c_taps[2 * kMaxRadius + 1];
__constant__ int c_clamp_low;  // the first index read; set per launch

template <int Radius>
__global__ void convolve(const float *__restrict__ in, float *__restrict__ out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float sum = 0.0f;
#pragma unroll
  for (int k = -Radius; k <= Radius; ++k) {
    const int j = min(max(i + k, c_clamp_low), n - 1);
    sum = fmaf(in[j], c_taps[k + Radius], sum);
  }
  out[i] = sum;
}

namespace {

template <int Radius>
std::vector<float> reference(const std::vector<float> &in, const std::vector<float> &taps, int clampLow) {
  const int n = static_cast<int>(in.size());
  std::vector<float> out(n);
  for (int i = 0; i < n; ++i) {
    float sum = 0.0f;
    for (int k = -Radius; k <= Radius; ++k) {
      const int j = std::min(std::max(i + k, clampLow), n - 1);
      sum = std::fmaf(in[j], taps[k + Radius], sum);
    }
    out[i] = sum;
  }
  return out;
}

template <int Radius>
void check_radius(const char *what, const e2e::DeviceBuffer<float> &in, const std::vector<float> &host, int n, hipStream_t stream,
                  unsigned seed) {
  e2e::DeviceBuffer<float> out(n);
  std::vector<float> got(n);
  // Two sets of taps, the second copied in stream order right behind the first launch.
  const std::vector<float> first = test_floats(2 * Radius + 1, seed), second = test_floats(2 * Radius + 1, seed + 1);
  const int clampLow = Radius % 3;
  HIP_CHECK(hipMemcpyToSymbol(HIP_SYMBOL(c_taps), first.data(), first.size() * sizeof(float)));
  HIP_CHECK(hipMemcpyToSymbol(HIP_SYMBOL(c_clamp_low), &clampLow, sizeof clampLow));
  const int blocks = (n + kBlock - 1) / kBlock;
  convolve<Radius><<<blocks, kBlock, 0, stream>>>(in, out, n);
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipStreamSynchronize(stream));
  out.download(got);
  std::vector<float> want = reference<Radius>(host, first, clampLow);
  for (int i = 0; i < n; ++i) e2e::expect_eq(what, i, got[i], want[i]);

  // The copy waits for the launch before it and the launch after it sees the new taps.
  auto staged = std::make_unique<float[]>(second.size());
  std::copy(second.begin(), second.end(), staged.get());
  e2e::DeviceBuffer<float> out2(n);
  convolve<Radius><<<blocks, kBlock, 0, stream>>>(in, out, n);
  HIP_CHECK(hipMemcpyToSymbolAsync(HIP_SYMBOL(c_taps), staged.get(), second.size() * sizeof(float), 0, hipMemcpyHostToDevice, stream));
  convolve<Radius><<<blocks, kBlock, 0, stream>>>(in, out2, n);
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipStreamSynchronize(stream));
  out.download(got);
  for (int i = 0; i < n; ++i) e2e::expect_eq(what, i, got[i], want[i]);
  out2.download(got);
  want = reference<Radius>(host, second, clampLow);
  for (int i = 0; i < n; ++i) e2e::expect_eq(what, n + i, got[i], want[i]);
}

}  // namespace

void test_convolution_filters(hipStream_t stream) {
  const int n = 4099;  // not a multiple of the block
  const std::vector<float> host = test_floats(n, 7);
  e2e::DeviceBuffer<float> in(n);
  in.upload(host);
  check_radius<0>("convolution r=0", in, host, n, stream, 11);
  check_radius<1>("convolution r=1", in, host, n, stream, 13);
  check_radius<3>("convolution r=3", in, host, n, stream, 17);
  check_radius<kMaxRadius>("convolution r=8", in, host, n, stream, 19);
}
