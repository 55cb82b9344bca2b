// grid.sync(): the grid-wide barrier of cooperative launches, over the launch's
// hipvk::abi::GridBarrier (docs/ABI.md), which the runtime resets in stream order before the
// dispatch. The runtime launches cooperatively only grids it knows to be co-resident, so every
// block eventually arrives; the wait is still bounded (device clock), because Vulkan promises no
// forward progress between workgroups and a block that returned early would otherwise hang the
// process.
//
// One thread per block (thread 0) takes part; the rest of the block waits at __syncthreads. Thread
// 0 publishes the block's writes with a device-scope release fence (the block's writes reached it
// through the first __syncthreads, whose UniformMemory semantics make them available to the
// workgroup: an availability chain, workgroup then device), arrives with one atomic add on
// GridBarrier::arrivals, and waits until the phase bit flips (kernel_abi.h: the add of the last
// block flips it). The poll is a volatile load, which is cheap and never hoisted out of the loop;
// one acquire load after it synchronises with every block's release. The outcome reaches the block
// through __shared__ memory, so that all its threads leave together — on a timeout every thread
// traps, after the same barriers. Measured on an H100: 1.45 us per barrier of 132 blocks, where a
// barrier with a reset counter, a generation word and fences in every thread took 3.5 us
// (docs/PERFORMANCE.md).
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
  constexpr uint32_t kPhase = 0x80000000u;
  const bool first = __hipvk_block_idx_x() == 0 && __hipvk_block_idx_y() == 0 && __hipvk_block_idx_z() == 0;
  const uint32_t blocks = __hipvk_grid_dim_x() * __hipvk_grid_dim_y() * __hipvk_grid_dim_z();
  const uint32_t before = __hip_atomic_fetch_add(&barrier->arrivals, first ? kPhase - (blocks - 1) : 1u,
                                                 __ATOMIC_RELEASE, kAgent);
  const volatile HIPVK_GLOBAL uint32_t *arrivals = &barrier->arrivals;
  const uint64_t limit = barrier->timeoutTicks, maxStep = barrier->maxStepTicks;
  uint64_t last = __hipvk_clock_device(), waited = 0;
  // The timeout bookkeeping runs every kCheckEvery polls, to keep the round trip short.
  constexpr uint32_t kCheckEvery = 16;
  for (uint32_t round = 1; ((*arrivals ^ before) & kPhase) == 0; ++round) {
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
  // Reads the flipped phase (or a later value of the same release sequence of adds): every block's
  // release happens-before what follows.
  (void)__hip_atomic_load(&barrier->arrivals, __ATOMIC_ACQUIRE, kAgent);
  return true;
}

} // namespace

extern "C" __device__ __attribute__((convergent, nothrow)) void __hipvk_grid_sync() {
  HIPVK_GLOBAL abi::GridBarrier *barrier = gridBarrier();
  // Uniform over the whole launch: every thread of every block traps here, none waits.
  if (!barrier) __hipvk_trap(abi::kTrapGridSyncNotCooperative);

  __shared__ uint32_t gathered;
  __hipvk_syncthreads();
  if (__hipvk_thread_idx_x() == 0 && __hipvk_thread_idx_y() == 0 && __hipvk_thread_idx_z() == 0)
    gathered = arriveAndWait(barrier);
  // Also the visibility chain from thread 0's device-scope acquire to the rest of the block.
  __hipvk_syncthreads();
  // Read by every thread before any of them can reach the next grid sync, where thread 0 writes it
  // again only after that call's first __syncthreads.
  if (!gathered) __hipvk_trap(abi::kTrapGridSyncTimeout);
}
