; Read-modify-writes without a SPIR-V instruction become compare-exchange loops on the bit
; pattern (hipvk-expand-atomics): float add on global memory, float max on __shared__ memory (the
; word array), and atomicInc's wrapping increment.
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

@best = internal addrspace(3) global float undef, align 4

; CHECK-NOT: OpCapability AtomicFloat
; CHECK-LABEL: OpFunction
; Each loop: the operation on the loaded value, the exchange of its bits, the loop's merge.
; CHECK: OpFAdd %float
; CHECK: OpAtomicCompareExchange %uint {{.*}} %uint_1 %uint_0 %uint_0
; CHECK: OpLoopMerge
; CHECK: OpExtInst %float %{{[0-9]+}} NMax
; CHECK: OpAtomicCompareExchange %uint {{.*}} %uint_2 %uint_0 %uint_0
; CHECK: OpLoopMerge
; CHECK: OpUGreaterThanEqual %bool
; CHECK: OpAtomicCompareExchange %uint
; CHECK: OpLoopMerge
define amdgpu_kernel void @cas_loops(ptr addrspace(1) %sum, float %v, ptr addrspace(1) %counter) {
  %old = atomicrmw fadd ptr addrspace(1) %sum, float %v syncscope("agent-one-as") monotonic, align 4
  %m = atomicrmw fmax ptr addrspace(3) @best, float %old syncscope("workgroup-one-as") monotonic, align 4
  %w = atomicrmw uinc_wrap ptr addrspace(1) %counter, i32 9 syncscope("agent") monotonic, align 4
  ret void
}
