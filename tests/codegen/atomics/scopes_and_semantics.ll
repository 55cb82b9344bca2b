; LLVM orderings and sync scopes map to SPIR-V scopes and semantics in one place: relaxed is 0;
; acquire (0x2), release (0x4), acq_rel and seq_cst (0x8; loads acquire, stores release) add
; UniformMemory|WorkgroupMemory (0x140): 322, 324, 328. agent and system are Device (1),
; workgroup is Workgroup (2), wavefront Subgroup (3); __shared__ memory needs no more than Workgroup.
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

@counter = internal addrspace(3) global i32 undef, align 4

; CHECK: OpCapability Int64Atomics
; CHECK-LABEL: OpFunction
; CHECK: OpAtomicIAdd %uint %{{[0-9]+}} %uint_1 %uint_0 %uint_1
; CHECK: OpAtomicISub %ulong %{{[0-9]+}} %uint_1 %uint_328 %ulong_2
; CHECK: OpAtomicUMax %uint %{{[0-9]+}} %uint_2 %uint_322
; CHECK: OpAtomicSMin %uint %{{[0-9]+}} %uint_3 %uint_324
; CHECK: OpAtomicLoad %uint %{{[0-9]+}} %uint_1 %uint_322
; CHECK: OpAtomicStore %{{[0-9]+}} %uint_1 %uint_324
; CHECK: OpAtomicCompareExchange %ulong %{{[0-9]+}} %uint_1 %uint_328 %uint_322
; Shared memory: device scope narrowed to Workgroup, on the word array.
; CHECK: OpAtomicIAdd %uint %{{[0-9]+}} %uint_2 %uint_0 %{{[0-9]+}}
; CHECK: OpMemoryBarrier %uint_2 %uint_328
; CHECK: OpMemoryBarrier %uint_1 %uint_328
define amdgpu_kernel void @orders(ptr addrspace(1) %p, ptr addrspace(1) %q) {
  %a = atomicrmw add ptr addrspace(1) %p, i32 1 syncscope("agent-one-as") monotonic, align 4
  %b = atomicrmw sub ptr addrspace(1) %q, i64 2 seq_cst, align 8
  %c = atomicrmw umax ptr addrspace(1) %p, i32 %a syncscope("workgroup") acquire, align 4
  %d = atomicrmw min ptr addrspace(1) %p, i32 %c syncscope("wavefront") release, align 4
  %e = load atomic i32, ptr addrspace(1) %p syncscope("agent") seq_cst, align 4
  store atomic i32 %e, ptr addrspace(1) %p syncscope("agent") seq_cst, align 4
  %f = cmpxchg ptr addrspace(1) %q, i64 %b, i64 7 syncscope("agent") acq_rel acquire, align 8
  %g = atomicrmw add ptr addrspace(3) @counter, i32 %d syncscope("agent") monotonic, align 4
  fence syncscope("workgroup") seq_cst
  fence seq_cst
  ret void
}
