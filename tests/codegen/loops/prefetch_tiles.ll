; A loop that fills a shared tile from read-only, unaliased global memory and then synchronises
; (hipvk-prefetch-tiles): the first iteration's load moves to the preheader, and each iteration
; loads the next one's value right after its first barrier, from the next address while another
; iteration follows and from the current one otherwise (never an address the program would not
; read). The same loop through a pointer that may alias a written one keeps its load in place.
; CHECK: OpEntryPoint GLCompute %{{[0-9]+}} "k"
; CHECK: OpFunction %void
; CHECK: OpLoad %float %{{[0-9]+}} Aligned 4
; CHECK: OpLoopMerge
; CHECK-NOT: OpLoad %float %{{[0-9]+}} Aligned 4
; CHECK: OpControlBarrier
; CHECK: OpSLessThan %bool
; CHECK-NEXT: OpSelect %ulong
; CHECK: OpLoad %float %{{[0-9]+}} Aligned 4
; CHECK: OpControlBarrier
; CHECK: OpFunctionEnd
; CHECK: OpFunction %void
; CHECK: OpLoopMerge
; CHECK: OpLoad %float %{{[0-9]+}} Aligned 4
; CHECK: OpControlBarrier
; CHECK-NOT: OpSelect %ulong
; CHECK: OpFunctionEnd
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

@tile = internal addrspace(3) global [64 x float] undef, align 4
@tile2 = internal addrspace(3) global [64 x float] undef, align 4

define amdgpu_kernel void @k(ptr addrspace(1) noalias readonly %a, ptr addrspace(1) noalias %out, i32 %n) {
entry:
  %tid = call i32 @__hipvk_thread_idx_x()
  %positive = icmp sgt i32 %n, 0
  br i1 %positive, label %loop, label %done

loop:
  %k = phi i32 [ 0, %entry ], [ %k.next, %loop ]
  %acc = phi float [ 0.0, %entry ], [ %acc.next, %loop ]
  %index = add i32 %k, %tid
  %index64 = zext i32 %index to i64
  %from = getelementptr float, ptr addrspace(1) %a, i64 %index64
  %value = load float, ptr addrspace(1) %from, align 4
  %to = getelementptr [64 x float], ptr addrspace(3) @tile, i32 0, i32 %tid
  store float %value, ptr addrspace(3) %to, align 4
  call void @__hipvk_syncthreads()
  %mirror = sub i32 63, %tid
  %there = getelementptr [64 x float], ptr addrspace(3) @tile, i32 0, i32 %mirror
  %other = load float, ptr addrspace(3) %there, align 4
  %acc.next = fadd float %acc, %other
  call void @__hipvk_syncthreads()
  %k.next = add nsw i32 %k, 64
  %more = icmp slt i32 %k.next, %n
  br i1 %more, label %loop, label %done

done:
  %sum = phi float [ 0.0, %entry ], [ %acc.next, %loop ]
  %tid64 = zext i32 %tid to i64
  %slot = getelementptr float, ptr addrspace(1) %out, i64 %tid64
  store float %sum, ptr addrspace(1) %slot, align 4
  ret void
}

; %a may be %out: what the loop reads may be written by other blocks, so its load stays.
define amdgpu_kernel void @aliased(ptr addrspace(1) %a, ptr addrspace(1) %out, i32 %n) {
entry:
  %tid = call i32 @__hipvk_thread_idx_x()
  %positive = icmp sgt i32 %n, 0
  br i1 %positive, label %loop, label %done

loop:
  %k = phi i32 [ 0, %entry ], [ %k.next, %loop ]
  %acc = phi float [ 0.0, %entry ], [ %acc.next, %loop ]
  %index = add i32 %k, %tid
  %index64 = zext i32 %index to i64
  %from = getelementptr float, ptr addrspace(1) %a, i64 %index64
  %value = load float, ptr addrspace(1) %from, align 4
  %to = getelementptr [64 x float], ptr addrspace(3) @tile2, i32 0, i32 %tid
  store float %value, ptr addrspace(3) %to, align 4
  call void @__hipvk_syncthreads()
  %mirror = sub i32 63, %tid
  %there = getelementptr [64 x float], ptr addrspace(3) @tile2, i32 0, i32 %mirror
  %other = load float, ptr addrspace(3) %there, align 4
  %acc.next = fadd float %acc, %other
  call void @__hipvk_syncthreads()
  %k.next = add nsw i32 %k, 64
  %more = icmp slt i32 %k.next, %n
  br i1 %more, label %loop, label %done

done:
  %sum = phi float [ 0.0, %entry ], [ %acc.next, %loop ]
  %tid64 = zext i32 %tid to i64
  %slot = getelementptr float, ptr addrspace(1) %out, i64 %tid64
  store float %sum, ptr addrspace(1) %slot, align 4
  ret void
}

declare i32 @__hipvk_thread_idx_x()
declare void @__hipvk_syncthreads() convergent
