; hipvk-unroll-loops: a grid-stride loop over global memory (unknown trip count) is
; unrolled by 4, keeping the order of the float additions (here each copy keeps its exit test: the
; unsigned induction may wrap, so no trip count can be computed for a remainder loop); a loop with
; a barrier in it is not unrolled.
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

declare void @__hipvk_syncthreads() convergent
declare i32 @__hipvk_thread_idx_x() memory(none) nounwind
declare i32 @__hipvk_block_idx_x() memory(none) nounwind
declare i32 @__hipvk_block_dim_x() memory(none) nounwind
declare i32 @__hipvk_grid_dim_x() memory(none) nounwind

; CHECK-LABEL: OpFunction %void
; CHECK: OpLoopMerge
; CHECK: [[A:%[0-9]+]] = OpLoad %float {{.*}}
; CHECK: [[SA:%[0-9]+]] = OpFAdd %float {{.*}} [[A]]
; CHECK: [[B:%[0-9]+]] = OpLoad %float {{.*}}
; CHECK: [[SB:%[0-9]+]] = OpFAdd %float [[SA]] [[B]]
; CHECK: [[C:%[0-9]+]] = OpLoad %float {{.*}}
; CHECK: [[SC:%[0-9]+]] = OpFAdd %float [[SB]] [[C]]
; CHECK: [[D:%[0-9]+]] = OpLoad %float {{.*}}
; CHECK: OpFAdd %float [[SC]] [[D]]
; CHECK-NOT: OpLoad %float
; CHECK: OpFunctionEnd
define amdgpu_kernel void @grid_stride_sum(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %n) {
entry:
  %t = call i32 @__hipvk_thread_idx_x()
  %b = call i32 @__hipvk_block_idx_x()
  %bd = call i32 @__hipvk_block_dim_x()
  %gd = call i32 @__hipvk_grid_dim_x()
  %stride = mul i32 %gd, %bd
  %base = mul i32 %b, %bd
  %first = add i32 %base, %t
  %any = icmp ult i32 %first, %n
  br i1 %any, label %loop, label %exit
loop:
  %i = phi i32 [ %first, %entry ], [ %next, %loop ]
  %sum = phi float [ 0.0, %entry ], [ %add, %loop ]
  %idx = zext i32 %i to i64
  %p = getelementptr float, ptr addrspace(1) %in, i64 %idx
  %v = load float, ptr addrspace(1) %p, align 4
  %add = fadd float %sum, %v
  %next = add i32 %i, %stride
  %more = icmp ult i32 %next, %n
  br i1 %more, label %loop, label %exit
exit:
  %r = phi float [ 0.0, %entry ], [ %add, %loop ]
  %q = getelementptr float, ptr addrspace(1) %out, i32 %first
  store float %r, ptr addrspace(1) %q, align 4
  ret void
}

; A loop with a barrier is not unrolled. (Its trip count is the same for the whole block: a barrier
; in a loop that threads leave in different iterations, after some returned, is refused by
; hipvk-exited-threads.)
; CHECK-LABEL: OpFunction %void
; CHECK: OpLoad %float
; CHECK-NOT: OpLoad %float
; CHECK: OpControlBarrier
; CHECK-NOT: OpLoad %float
; CHECK: OpFunctionEnd
define amdgpu_kernel void @loop_with_barrier(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %n) {
entry:
  %t = call i32 @__hipvk_thread_idx_x()
  %any = icmp ult i32 0, %n
  br i1 %any, label %loop, label %exit
loop:
  %base = phi i32 [ 0, %entry ], [ %next, %loop ]
  %sum = phi float [ 0.0, %entry ], [ %add, %loop ]
  %i = add i32 %base, %t
  %idx = zext i32 %i to i64
  %p = getelementptr float, ptr addrspace(1) %in, i64 %idx
  %v = load float, ptr addrspace(1) %p, align 4
  %add = fadd float %sum, %v
  call void @__hipvk_syncthreads()
  %next = add i32 %base, 64
  %more = icmp ult i32 %next, %n
  br i1 %more, label %loop, label %exit
exit:
  %r = phi float [ 0.0, %entry ], [ %add, %loop ]
  %q = getelementptr float, ptr addrspace(1) %out, i32 %t
  store float %r, ptr addrspace(1) %q, align 4
  ret void
}
