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

// The lists the definitions below are generated from, each written once. DEFINE is called once per
// entry, with the entry's fields first and the list's further arguments after them.
// The scopes: each function exists as NAME (device scope), NAME_system and NAME_block; SCOPE is
// the scope for Clang's __hip_atomic builtins, SYNCSCOPE the same one as the synchronisation-scope
// string the __builtin_amdgcn_* atomics take.
#define __HIPVK_ATOMIC_SCOPES(DEFINE, ...)                            \
  DEFINE(, __HIP_MEMORY_SCOPE_AGENT, "agent", __VA_ARGS__)            \
  DEFINE(_system, __HIP_MEMORY_SCOPE_SYSTEM, "", __VA_ARGS__)         \
  DEFINE(_block, __HIP_MEMORY_SCOPE_WORKGROUP, "workgroup", __VA_ARGS__)
// The integer types HIP's atomic functions take, and all their types.
#define __HIPVK_ATOMIC_INTEGER_TYPES(DEFINE, ...)                                                    \
  DEFINE(int, __VA_ARGS__)                                                                           \
  DEFINE(unsigned int, __VA_ARGS__)                                                                  \
  DEFINE(unsigned long, __VA_ARGS__)                                                                 \
  DEFINE(long long, __VA_ARGS__)                                                                     \
  DEFINE(unsigned long long, __VA_ARGS__)
#define __HIPVK_ATOMIC_TYPES(DEFINE, ...)          \
  __HIPVK_ATOMIC_INTEGER_TYPES(DEFINE, __VA_ARGS__) \
  DEFINE(float, __VA_ARGS__)                        \
  DEFINE(double, __VA_ARGS__)

// NAME(T *address, T val) at each scope: BUILTIN(address, val), returning the old value.
#define __HIPVK_FETCH_OP_SCOPE(SUFFIX, SCOPE, SYNCSCOPE, T, NAME, BUILTIN) \
  __HIPVK_ATOMIC T NAME##SUFFIX(T *address, T val) { return BUILTIN(address, val, __ATOMIC_RELAXED, SCOPE); }
#define __HIPVK_FETCH_OP(T, NAME, BUILTIN) __HIPVK_ATOMIC_SCOPES(__HIPVK_FETCH_OP_SCOPE, T, NAME, BUILTIN)

__HIPVK_ATOMIC_TYPES(__HIPVK_FETCH_OP, atomicAdd, __hip_atomic_fetch_add)
__HIPVK_ATOMIC_TYPES(__HIPVK_FETCH_OP, atomicSub, __hip_atomic_fetch_sub)
__HIPVK_ATOMIC_TYPES(__HIPVK_FETCH_OP, atomicExch, __hip_atomic_exchange)
// Floating-point min/max as HIP defines them: fminf/fmaxf of the old and the new value (a NaN
// operand yields the other one).
__HIPVK_ATOMIC_TYPES(__HIPVK_FETCH_OP, atomicMin, __hip_atomic_fetch_min)
__HIPVK_ATOMIC_TYPES(__HIPVK_FETCH_OP, atomicMax, __hip_atomic_fetch_max)
__HIPVK_ATOMIC_INTEGER_TYPES(__HIPVK_FETCH_OP, atomicAnd, __hip_atomic_fetch_and)
__HIPVK_ATOMIC_INTEGER_TYPES(__HIPVK_FETCH_OP, atomicOr, __hip_atomic_fetch_or)
__HIPVK_ATOMIC_INTEGER_TYPES(__HIPVK_FETCH_OP, atomicXor, __hip_atomic_fetch_xor)

// atomicCAS: stores val if *address equals compare (bit patterns, also for float and double);
// returns the old value either way.
#define __HIPVK_CAS_SCOPE(SUFFIX, SCOPE, SYNCSCOPE, T, NAME)                                        \
  __HIPVK_ATOMIC T NAME##SUFFIX(T *address, T compare, T val) {                                    \
    __hip_atomic_compare_exchange_strong(address, &compare, val, __ATOMIC_RELAXED, __ATOMIC_RELAXED, SCOPE); \
    return compare;                                                                                \
  }
#define __HIPVK_CAS(T, NAME) __HIPVK_ATOMIC_SCOPES(__HIPVK_CAS_SCOPE, T, NAME)
__HIPVK_ATOMIC_TYPES(__HIPVK_CAS, atomicCAS)

// atomicInc/atomicDec with CUDA's wrap: inc stores (old >= val) ? 0 : old + 1; dec stores
// (old == 0 || old > val) ? val : old - 1. Unsigned int only, as in HIP.
#define __HIPVK_WRAP_SCOPE(SUFFIX, SCOPE, SYNCSCOPE, NAME, BUILTIN)                               \
  __HIPVK_ATOMIC unsigned int NAME##SUFFIX(unsigned int *address, unsigned int val) {             \
    return BUILTIN(address, val, __ATOMIC_RELAXED, SYNCSCOPE);                                     \
  }
__HIPVK_ATOMIC_SCOPES(__HIPVK_WRAP_SCOPE, atomicInc, __builtin_amdgcn_atomic_inc32)
__HIPVK_ATOMIC_SCOPES(__HIPVK_WRAP_SCOPE, atomicDec, __builtin_amdgcn_atomic_dec32)

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
// Threads that returned before the vote do not take part (they execute its barriers, not its
// stores: ExitedThreadsPass.cpp), so every thread that votes resets the counter, not one chosen
// thread that may have returned; __syncthreads_and counts the threads that vote false.
__device__ __forceinline__ __attribute__((convergent)) int __hipvk_block_vote_count(int predicate) {
  __shared__ unsigned int votes;
  __hipvk_syncthreads(); // also: every reader of the previous vote is done with it
  __hip_atomic_store(&votes, 0u, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_WORKGROUP);
  __hipvk_syncthreads();
  if (predicate) __hip_atomic_fetch_add(&votes, 1u, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_WORKGROUP);
  __hipvk_syncthreads();
  return static_cast<int>(votes);
}
__device__ __forceinline__ __attribute__((convergent)) int __syncthreads_count(int predicate) {
  return __hipvk_block_vote_count(predicate);
}
__device__ __forceinline__ __attribute__((convergent)) int __syncthreads_and(int predicate) {
  return __hipvk_block_vote_count(!predicate) == 0;
}
__device__ __forceinline__ __attribute__((convergent)) int __syncthreads_or(int predicate) {
  return __hipvk_block_vote_count(predicate) != 0;
}

#undef __HIPVK_WRAP_SCOPE
#undef __HIPVK_CAS
#undef __HIPVK_CAS_SCOPE
#undef __HIPVK_FETCH_OP
#undef __HIPVK_FETCH_OP_SCOPE
#undef __HIPVK_ATOMIC_TYPES
#undef __HIPVK_ATOMIC_INTEGER_TYPES
#undef __HIPVK_ATOMIC_SCOPES
#undef __HIPVK_ATOMIC

#endif  // __HIP__
