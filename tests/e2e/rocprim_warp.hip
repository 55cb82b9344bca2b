// ROCm's own rocPRIM (Debian's librocprim-dev, unmodified): warp_reduce and warp_scan, which build
// their warp size from __AMDGCN_WAVEFRONT_SIZE and a constexpr warpSize (device_warp_size()) and
// reduce with AMD's DPP lane patterns. hipvk runs them at the compiled width: natively where the
// device has it, as logical warps elsewhere (docs/HIP_ON_VULKAN.md, "Wavefront size"). Each result
// is checked against the host.
#include <rocprim/intrinsics/thread.hpp>
#include <rocprim/warp/warp_reduce.hpp>
#include <rocprim/warp/warp_scan.hpp>

#include "test_common.h"

#include <memory>
#include <vector>

namespace {

constexpr unsigned kBlock = 192;

template <class T, unsigned Warp>
__global__ void reduce_scan(const T *in, T *sums, T *scans, unsigned *hardware_warp, int n) {
  using reduce_t = rocprim::warp_reduce<T, Warp>;
  using scan_t = rocprim::warp_scan<T, Warp>;
  __shared__ typename reduce_t::storage_type reduce_storage[kBlock / Warp];
  __shared__ typename scan_t::storage_type scan_storage[kBlock / Warp];
  const unsigned logical = threadIdx.x / Warp;
  const int i = int(blockIdx.x * kBlock + threadIdx.x);
  const T v = i < n ? in[i] : T(0);
  T sum, scan;
  reduce_t().reduce(v, sum, reduce_storage[logical]);
  scan_t().inclusive_scan(v, scan, scan_storage[logical]);
  if (i < n) scans[i] = scan;
  if (threadIdx.x % Warp == 0 && i < n) sums[i / Warp] = sum;
  if (i == 0) *hardware_warp = rocprim::device_warp_size();
}

template <class T, unsigned Warp>
void check(const std::vector<T> &in) {
  const int n = int(in.size());
  e2e::DeviceBuffer<T> d_in(n), d_sums((n + Warp - 1) / Warp), d_scans(n);
  e2e::DeviceBuffer<unsigned> d_warp(1);
  d_in.upload(in);
  reduce_scan<T, Warp><<<(n + kBlock - 1) / kBlock, kBlock>>>(d_in, d_sums, d_scans, d_warp, n);
  HIP_CHECK_LAUNCH();
  std::vector<T> sums((n + Warp - 1) / Warp), scans(n);
  d_sums.download(sums);
  d_scans.download(scans);
  unsigned warp = 0;
  HIP_CHECK(hipMemcpy(&warp, d_warp, sizeof warp, hipMemcpyDeviceToHost));
  e2e::check(warp == 32 || warp == 64, "rocprim::device_warp_size() is a wavefront size");
  // Blocks of 192 hold whole logical warps of every size tried; the last block's tail is partial.
  for (int w = 0; w * int(Warp) < n; ++w) {
    T want = 0;
    for (int i = w * int(Warp); i < std::min(n, (w + 1) * int(Warp)); ++i) {
      want += in[i];
      e2e::expect_eq("rocprim::warp_scan inclusive", i, scans[i], want);
    }
    if ((w + 1) * int(Warp) <= n) e2e::expect_eq("rocprim::warp_reduce", w, sums[w], want);
  }
}

}  // namespace

int main() {
  std::vector<int> in(kBlock * 5);  // whole blocks: rocPRIM's warp primitives want full logical warps
  for (size_t i = 0; i < in.size(); ++i) in[i] = int((i * 2654435761u) % 199) - 99;
  check<int, 32>(in);
  check<int, 16>(in);
  check<int, 8>(in);
  std::vector<unsigned long long> wide(in.begin(), in.end());
  for (auto &v : wide) v = v * 0x100000001ull;
  check<unsigned long long, 32>(wide);
  return e2e::finish("rocprim_warp");
}
