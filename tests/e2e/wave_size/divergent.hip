// Warp operations where only some threads of the block run them, in code fixed to a width: under
// branches (an early return, an if with a nested if, the else side exchanging too), and in loops
// each thread leaves after its own number of rounds (also match_any's loop inside a branch, which
// lanes leave as their value is matched). HIP's meaning for inactive lanes at every width, as
// logical warps too (the other threads take part inactive, loops run in step).
#include "wave_size.h"

namespace {

__global__ void divergent_branches_kernel(const int *in, DivergentLane *out, int n) {
  static_assert(warpSize == __AMDGCN_WAVEFRONT_SIZE__, "fixed-width code");
  const int t = int(threadIdx.x), i = int(blockIdx.x * blockDim.x) + t;
  if (i >= n) return;  // the last block's trailing threads leave before any warp operation
  const int v = in[i];
  DivergentLane r{};
  if (t % 3 != 0) {
    r.ballot = __ballot(v > 0);
    r.any = __any(v > 90);
    r.all = __all(v != 7);
    r.first = __builtin_amdgcn_readfirstlane(v);
    r.sum = __reduce_add_sync(__activemask(), v);
    if (t % 2 == 0) r.inner = __ballot(1);
  } else {
    r.other = __reduce_max_sync(__activemask(), v);
  }
  out[i] = r;
}

__global__ void divergent_loops_kernel(const int *in, DivergentLane *out) {
  const int t = int(threadIdx.x), i = int(blockIdx.x * blockDim.x) + t;
  const int v = in[i];
  DivergentLane r{};
  if (t % 3 != 0) r.match = __match_any(v & 3);
  for (int k = 0; k <= t % 5; ++k) r.loop_lanes += __popcll(__ballot(1));
  out[i] = r;
}

template <typename Launch>
Outcome run(size_t n, Launch launch, e2e::DeviceBuffer<DivergentLane> &d_out, std::vector<DivergentLane> &out) {
  launch();
  const hipError_t error = hipGetLastError();
  if (error == hipErrorNoBinaryForGpu) return Outcome::Refused;
  HIP_CHECK(error);
  HIP_CHECK(hipDeviceSynchronize());
  out.resize(n);
  d_out.download(out);
  return Outcome::Ran;
}

}  // namespace

Divergent divergent_warps(const std::vector<int> &in, int block, int n) {
  const int blocks = int(in.size()) / block;
  e2e::DeviceBuffer<int> d_in(in.size());
  e2e::DeviceBuffer<DivergentLane> d_out(in.size());
  d_in.upload(in);
  Divergent result;
  HIP_CHECK(hipMemset(d_out, 0, in.size() * sizeof(DivergentLane)));
  result.branches = run(in.size(), [&] { divergent_branches_kernel<<<blocks, block>>>(d_in, d_out, n); }, d_out, result.branch_lanes);
  result.loops = run(in.size(), [&] { divergent_loops_kernel<<<blocks, block>>>(d_in, d_out); }, d_out, result.loop_lanes);
  return result;
}
