// grid.sync(): the grid-wide barrier of cooperative launches, over the launch's
// hipvk::abi::GridBarrier (docs/ABI.md), which the runtime resets in stream order before the
// dispatch. The runtime launches cooperatively only grids it knows to be co-resident, so every
// block eventually arrives; the wait is still bounded (device clock), because Vulkan promises no
// forward progress between workgroups and a block that returned early would otherwise hang the
// process.
//
// One thread per block (thread 0) takes part; the rest of the block waits at __syncthreads. Thread
// 0 reads the generation, arrives (atomic add), and either completes the barrier (last to arrive:
// resets the count, then bumps the generation) or waits for the generation to change. Reading the
// generation before arriving is safe: it cannot change until this block has arrived. The outcome
// reaches the block through __shared__ memory, so that all its threads leave together — on a
// timeout every thread traps, after the same barriers.
#include <hip/hipvk_detail/cooperative_grid.h>

#include "service.h"

namespace {

using namespace hipvk;

constexpr int kAgent = __HIP_MEMORY_SCOPE_AGENT;

__device__ HIPVK_GLOBAL abi::GridBarrier *gridBarrier() {
  return reinterpret_cast<HIPVK_GLOBAL abi::GridBarrier *>(__hipvk_grid_barrier());
}

// Thread 0's part: true when the grid gathered, false when it gave up waiting.
__device__ bool arriveAndWait(HIPVK_GLOBAL abi::GridBarrier *barrier) {
  const uint32_t blocks = __hipvk_grid_dim_x() * __hipvk_grid_dim_y() * __hipvk_grid_dim_z();
  const uint32_t generation = __hip_atomic_load(&barrier->generation, __ATOMIC_RELAXED, kAgent);
  // acq_rel: the last block to arrive acquires every earlier block's writes (their releases form
  // one release sequence on `arrived`) and publishes them with the generation.
  const uint32_t arrived = __hip_atomic_fetch_add(&barrier->arrived, 1u, __ATOMIC_ACQ_REL, kAgent);
  if (arrived + 1 == blocks) {
    __hip_atomic_store(&barrier->arrived, 0u, __ATOMIC_RELAXED, kAgent);
    __hip_atomic_store(&barrier->generation, generation + 1, __ATOMIC_RELEASE, kAgent);
    return true;
  }
  const uint64_t limit = barrier->timeoutTicks, maxStep = barrier->maxStepTicks;
  uint64_t last = __hipvk_clock_device(), waited = 0;
  // The timeout bookkeeping runs every kCheckEvery polls, to keep the round trip short. The poll
  // itself acquires: a relaxed one is a load drivers may hoist out of the loop (lavapipe does).
  constexpr uint32_t kCheckEvery = 16;
  for (uint32_t round = 1; __hip_atomic_load(&barrier->generation, __ATOMIC_ACQUIRE, kAgent) == generation; ++round) {
    if (round % kCheckEvery != 0) continue;
    if (__hip_atomic_load(&barrier->timedOut, __ATOMIC_RELAXED, kAgent)) return false;  // another block gave up
    // Time waited, from clock steps: backward steps count nothing, forward jumps at most maxStep.
    const uint64_t now = __hipvk_clock_device(), step = now - last;
    last = now;
    if (int64_t(step) > 0) waited += step < maxStep ? step : maxStep;
    if (waited > limit) {
      __hip_atomic_store(&barrier->timedOut, 1u, __ATOMIC_RELAXED, kAgent);
      return false;
    }
  }
  return true;
}

} // namespace

extern "C" __device__ __attribute__((convergent, nothrow)) void __hipvk_grid_sync() {
  HIPVK_GLOBAL abi::GridBarrier *barrier = gridBarrier();
  // Uniform over the whole launch: every thread of every block traps here, none waits.
  if (!barrier) __hipvk_trap(abi::kTrapGridSyncNotCooperative);

  __shared__ uint32_t gathered;
  // This thread's writes, visible at device scope before its block arrives.
  __builtin_amdgcn_fence(__ATOMIC_RELEASE, "agent");
  __hipvk_syncthreads();
  if (__hipvk_thread_idx_x() == 0 && __hipvk_thread_idx_y() == 0 && __hipvk_thread_idx_z() == 0)
    gathered = arriveAndWait(barrier);
  __hipvk_syncthreads();
  // Read by every thread before any of them can reach the next grid sync, where thread 0 writes it
  // again only after that call's first __syncthreads.
  if (!gathered) __hipvk_trap(abi::kTrapGridSyncTimeout);
  // Every other block's writes, visible to this thread's later reads.
  __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "agent");
}
