; Threads that return before a __syncthreads() (hipvk-exited-threads): the return becomes "exited",
; the exited threads execute the barrier with the others, and only the loads and stores around it
; are skipped for them, one selection on each side of the barrier. Without it the barrier sat inside
; the `i < n` selection: lavapipe then ended the workgroup when the returned threads finished
; (e2e.exited_threads).
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

@tile = internal addrspace(3) global [64 x float] undef, align 4

declare void @__hipvk_syncthreads() convergent
declare i32 @__hipvk_thread_idx_x() memory(none) nounwind

; CHECK-LABEL: OpFunction %void
; CHECK: [[LIVE:%[0-9]+]] = OpSLessThan %bool
; CHECK-NEXT: OpSelectionMerge [[JOIN:%[0-9]+]] None
; CHECK-NEXT: OpBranchConditional [[LIVE]] {{%[0-9]+}} [[JOIN]]
; CHECK: OpLoad %float
; CHECK: OpStore
; CHECK-NOT: OpControlBarrier
; CHECK: [[JOIN]] = OpLabel
; CHECK-NEXT: OpControlBarrier %uint_2 %uint_2
; CHECK-NEXT: OpSelectionMerge [[END:%[0-9]+]] None
; CHECK-NEXT: OpBranchConditional [[LIVE]] {{%[0-9]+}} [[END]]
; CHECK: OpStore
; CHECK: [[END]] = OpLabel
; CHECK-NEXT: OpReturn
define amdgpu_kernel void @early_return(ptr addrspace(1) noalias %in, ptr addrspace(1) noalias %out, i32 %n) {
entry:
  %t = call i32 @__hipvk_thread_idx_x()
  %gone = icmp sge i32 %t, %n
  br i1 %gone, label %done, label %work
work:
  %src = getelementptr float, ptr addrspace(1) %in, i32 %t
  %v = load float, ptr addrspace(1) %src, align 4
  %slot = getelementptr [64 x float], ptr addrspace(3) @tile, i32 0, i32 %t
  store float %v, ptr addrspace(3) %slot, align 4
  call void @__hipvk_syncthreads()
  %r = xor i32 %t, 1
  %other = getelementptr [64 x float], ptr addrspace(3) @tile, i32 0, i32 %r
  %w = load float, ptr addrspace(3) %other, align 4
  %dst = getelementptr float, ptr addrspace(1) %out, i32 %t
  store float %w, ptr addrspace(1) %dst, align 4
  br label %done
done:
  ret void
}

; A return after the last barrier is no exit before one: the kernel is left as it was.
; CHECK-LABEL: OpFunction %void
; CHECK: OpStore
; CHECK-NEXT: OpControlBarrier %uint_2 %uint_2
; CHECK: OpSelectionMerge
; CHECK: OpReturn
define amdgpu_kernel void @return_after_barrier(ptr addrspace(1) noalias %in, ptr addrspace(1) noalias %out, i32 %n) {
entry:
  %t = call i32 @__hipvk_thread_idx_x()
  %src = getelementptr float, ptr addrspace(1) %in, i32 %t
  %v = load float, ptr addrspace(1) %src, align 4
  %slot = getelementptr [64 x float], ptr addrspace(3) @tile, i32 0, i32 %t
  store float %v, ptr addrspace(3) %slot, align 4
  call void @__hipvk_syncthreads()
  %gone = icmp sge i32 %t, %n
  br i1 %gone, label %done, label %work
work:
  %r = xor i32 %t, 1
  %other = getelementptr [64 x float], ptr addrspace(3) @tile, i32 0, i32 %r
  %w = load float, ptr addrspace(3) %other, align 4
  %dst = getelementptr float, ptr addrspace(1) %out, i32 %t
  store float %w, ptr addrspace(1) %dst, align 4
  br label %done
done:
  ret void
}
