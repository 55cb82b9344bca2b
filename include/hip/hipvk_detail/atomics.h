// HIP's atomic functions, memory fences and block-wide votes, on Clang's HIP atomic builtins.
//
// Every atomic function is a relaxed read-modify-write returning the old value, at device scope;
// the `_system` forms use system scope, the `_block` forms workgroup scope (HIP's meaning). The
// backend maps each to a SPIR-V atomic on global or __shared__ memory, or to a compare-and-swap
// loop where Vulkan has no such instruction (float add/min/max, inc/dec with CUDA's wrap).
#pragma once

#include <hip/hipvk_detail/device_builtins.h>

#if defined(__HIP__)

#define __HIPVK_ATOMIC __device__ __forceinline__

// NAME, NAME_system and NAME_block for each type T, with BODY(SCOPE) as the return expression.
#define __HIPVK_ATOMIC_SCOPES(DEFINE)                   \
  DEFINE(, __HIP_MEMORY_SCOPE_AGENT, "agent")           \
  DEFINE(_system, __HIP_MEMORY_SCOPE_SYSTEM, "")        \
  DEFINE(_block, __HIP_MEMORY_SCOPE_WORKGROUP, "workgroup")

#define __HIPVK_FETCH_OP(NAME, BUILTIN, T)                                                        \
  __HIPVK_FETCH_OP_SCOPE(NAME, BUILTIN, T, , __HIP_MEMORY_SCOPE_AGENT)                            \
  __HIPVK_FETCH_OP_SCOPE(NAME, BUILTIN, T, _system, __HIP_MEMORY_SCOPE_SYSTEM)                    \
  __HIPVK_FETCH_OP_SCOPE(NAME, BUILTIN, T, _block, __HIP_MEMORY_SCOPE_WORKGROUP)
#define __HIPVK_FETCH_OP_SCOPE(NAME, BUILTIN, T, SUFFIX, SCOPE)                                   \
  __HIPVK_ATOMIC T NAME##SUFFIX(T *address, T val) { return BUILTIN(address, val, __ATOMIC_RELAXED, SCOPE); }

#define __HIPVK_FETCH_OP_INTEGERS(NAME, BUILTIN)   \
  __HIPVK_FETCH_OP(NAME, BUILTIN, int)             \
  __HIPVK_FETCH_OP(NAME, BUILTIN, unsigned int)    \
  __HIPVK_FETCH_OP(NAME, BUILTIN, unsigned long)   \
  __HIPVK_FETCH_OP(NAME, BUILTIN, long long)       \
  __HIPVK_FETCH_OP(NAME, BUILTIN, unsigned long long)
#define __HIPVK_FETCH_OP_ALL(NAME, BUILTIN)        \
  __HIPVK_FETCH_OP_INTEGERS(NAME, BUILTIN)         \
  __HIPVK_FETCH_OP(NAME, BUILTIN, float)           \
  __HIPVK_FETCH_OP(NAME, BUILTIN, double)

__HIPVK_FETCH_OP_ALL(atomicAdd, __hip_atomic_fetch_add)
__HIPVK_FETCH_OP_ALL(atomicSub, __hip_atomic_fetch_sub)
__HIPVK_FETCH_OP_ALL(atomicExch, __hip_atomic_exchange)
// Floating-point min/max as HIP defines them: fminf/fmaxf of the old and the new value (a NaN
// operand yields the other one).
__HIPVK_FETCH_OP_ALL(atomicMin, __hip_atomic_fetch_min)
__HIPVK_FETCH_OP_ALL(atomicMax, __hip_atomic_fetch_max)
__HIPVK_FETCH_OP_INTEGERS(atomicAnd, __hip_atomic_fetch_and)
__HIPVK_FETCH_OP_INTEGERS(atomicOr, __hip_atomic_fetch_or)
__HIPVK_FETCH_OP_INTEGERS(atomicXor, __hip_atomic_fetch_xor)

// atomicCAS: stores val if *address equals compare (bit patterns, also for float and double);
// returns the old value either way.
#define __HIPVK_CAS_SCOPE(T, SUFFIX, SCOPE)                                                        \
  __HIPVK_ATOMIC T atomicCAS##SUFFIX(T *address, T compare, T val) {                              \
    __hip_atomic_compare_exchange_strong(address, &compare, val, __ATOMIC_RELAXED, __ATOMIC_RELAXED, SCOPE); \
    return compare;                                                                                \
  }
#define __HIPVK_CAS(T)                                         \
  __HIPVK_CAS_SCOPE(T, , __HIP_MEMORY_SCOPE_AGENT)             \
  __HIPVK_CAS_SCOPE(T, _system, __HIP_MEMORY_SCOPE_SYSTEM)     \
  __HIPVK_CAS_SCOPE(T, _block, __HIP_MEMORY_SCOPE_WORKGROUP)
__HIPVK_CAS(int)
__HIPVK_CAS(unsigned int)
__HIPVK_CAS(unsigned long)
__HIPVK_CAS(long long)
__HIPVK_CAS(unsigned long long)
__HIPVK_CAS(float)
__HIPVK_CAS(double)

// atomicInc/atomicDec with CUDA's wrap: inc stores (old >= val) ? 0 : old + 1; dec stores
// (old == 0 || old > val) ? val : old - 1.
#define __HIPVK_WRAP_SCOPE(SUFFIX, SCOPE, SYNCSCOPE)                                               \
  __HIPVK_ATOMIC unsigned int atomicInc##SUFFIX(unsigned int *address, unsigned int val) {        \
    return __builtin_amdgcn_atomic_inc32(address, val, __ATOMIC_RELAXED, SYNCSCOPE);              \
  }                                                                                                \
  __HIPVK_ATOMIC unsigned int atomicDec##SUFFIX(unsigned int *address, unsigned int val) {        \
    return __builtin_amdgcn_atomic_dec32(address, val, __ATOMIC_RELAXED, SYNCSCOPE);              \
  }
__HIPVK_ATOMIC_SCOPES(__HIPVK_WRAP_SCOPE)

// ROCm's floating-point add variants: all are the atomic add here (hipvk has no separate unsafe
// hardware path whose rounding differs).
__HIPVK_ATOMIC void atomicAddNoRet(float *address, float val) { (void)atomicAdd(address, val); }
__HIPVK_ATOMIC float unsafeAtomicAdd(float *address, float val) { return atomicAdd(address, val); }
__HIPVK_ATOMIC double unsafeAtomicAdd(double *address, double val) { return atomicAdd(address, val); }
__HIPVK_ATOMIC float safeAtomicAdd(float *address, float val) { return atomicAdd(address, val); }
__HIPVK_ATOMIC double safeAtomicAdd(double *address, double val) { return atomicAdd(address, val); }

// Memory fences: order this thread's memory accesses as seen by the block, the device, and the
// host (HIP's __threadfence_system; Vulkan's widest scope is the device).
__device__ __forceinline__ void __threadfence_block() { __builtin_amdgcn_fence(__ATOMIC_SEQ_CST, "workgroup"); }
__device__ __forceinline__ void __threadfence() { __builtin_amdgcn_fence(__ATOMIC_SEQ_CST, "agent"); }
__device__ __forceinline__ void __threadfence_system() { __builtin_amdgcn_fence(__ATOMIC_SEQ_CST, ""); }

// Block-wide votes: a __syncthreads() that also counts the threads whose predicate is non-zero.
__device__ __forceinline__ __attribute__((convergent)) int __hipvk_block_vote_count(int predicate) {
  __shared__ unsigned int votes;
  const bool first = __hipvk_thread_idx_x() == 0 && __hipvk_thread_idx_y() == 0 && __hipvk_thread_idx_z() == 0;
  __hipvk_syncthreads(); // also: every reader of the previous vote is done with it
  if (first) votes = 0;
  __hipvk_syncthreads();
  if (predicate) __hip_atomic_fetch_add(&votes, 1u, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_WORKGROUP);
  __hipvk_syncthreads();
  return static_cast<int>(votes);
}
__device__ __forceinline__ __attribute__((convergent)) int __syncthreads_count(int predicate) {
  return __hipvk_block_vote_count(predicate);
}
__device__ __forceinline__ __attribute__((convergent)) int __syncthreads_and(int predicate) {
  const unsigned int threads = __hipvk_block_dim_x() * __hipvk_block_dim_y() * __hipvk_block_dim_z();
  return __hipvk_block_vote_count(predicate) == static_cast<int>(threads);
}
__device__ __forceinline__ __attribute__((convergent)) int __syncthreads_or(int predicate) {
  return __hipvk_block_vote_count(predicate) != 0;
}

#undef __HIPVK_WRAP_SCOPE
#undef __HIPVK_CAS
#undef __HIPVK_CAS_SCOPE
#undef __HIPVK_FETCH_OP_ALL
#undef __HIPVK_FETCH_OP_INTEGERS
#undef __HIPVK_FETCH_OP_SCOPE
#undef __HIPVK_FETCH_OP
#undef __HIPVK_ATOMIC_SCOPES
#undef __HIPVK_ATOMIC

#endif  // __HIP__
