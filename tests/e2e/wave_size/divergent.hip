// Warp operations where only some threads of the block run them, in code fixed to a width: under a
// branch on the thread id, in a nested branch, and in a loop each thread leaves after its own number
// of rounds (also match_any's loop, which lanes leave as their value is matched): HIP's meaning for
// inactive lanes where the width is native; refused as logical warps.
#include "wave_size.h"

namespace {

__global__ void divergent_kernel(const int *in, DivergentLane *out) {
  static_assert(warpSize == __AMDGCN_WAVEFRONT_SIZE__, "fixed-width code");
  const int t = int(threadIdx.x), i = int(blockIdx.x * blockDim.x) + t;
  const int v = in[i];
  DivergentLane r{};
  if (t % 3 != 0) {
    r.ballot = __ballot(v > 0);
    r.any = __any(v > 90);
    r.all = __all(v != 7);
    r.first = __builtin_amdgcn_readfirstlane(v);
    r.sum = __reduce_add_sync(__activemask(), v);
    r.match = __match_any(v & 3);
    if (t % 2 == 0) r.inner = __ballot(1);
  }
  for (int k = 0; k <= t % 5; ++k) r.loop_lanes += __popcll(__ballot(1));
  out[i] = r;
}

}  // namespace

Outcome divergent_warps(const std::vector<int> &in, int block, std::vector<DivergentLane> &out) {
  const int blocks = int(in.size()) / block;
  e2e::DeviceBuffer<int> d_in(in.size());
  e2e::DeviceBuffer<DivergentLane> d_out(in.size());
  d_in.upload(in);
  divergent_kernel<<<blocks, block>>>(d_in, d_out);
  const hipError_t launch = hipGetLastError();
  if (launch == hipErrorNoBinaryForGpu) return Outcome::Refused;
  HIP_CHECK(launch);
  HIP_CHECK(hipDeviceSynchronize());
  out.resize(in.size());
  d_out.download(out);
  return Outcome::Ran;
}
