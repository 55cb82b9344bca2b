; OPTIONS: --logical-warp 32
; A warp operation in a loop inside a branch only the first warp takes, the loop left when the
; ballot says so (rocPRIM's look-back scan polls its predecessors this way): the loop runs in step.
; Each round the workgroup votes whether any thread still runs it as written (a shared word cleared,
; OR-ed and read between three barriers), and every thread goes round while any does, the others
; inactive (the ballot counts only the live lanes); the ballot's exchange has its own barrier.
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

; CHECK-NOT: warning
; CHECK-LABEL: hipvk kernel module: poll{{$}}
; CHECK: OpLoopMerge
; CHECK: OpControlBarrier
; CHECK: OpAtomicStore
; CHECK: OpControlBarrier
; CHECK: OpAtomicOr
; CHECK: OpControlBarrier
; CHECK: OpAtomicLoad
; CHECK: OpBranchConditional
; CHECK: OpControlBarrier
; CHECK-NOT: OpControlBarrier
; CHECK: OpFunctionEnd
declare i32 @__hipvk_thread_idx_x()
declare i64 @__hipvk_warp_ballot(i1) #0

define amdgpu_kernel void @poll(ptr addrspace(1) %flags) {
entry:
  %t = call i32 @__hipvk_thread_idx_x()
  %first = icmp ult i32 %t, 32
  br i1 %first, label %loop, label %done
loop:
  %i = phi i32 [ %t, %entry ], [ %next, %loop ]
  %gep = getelementptr inbounds i32, ptr addrspace(1) %flags, i32 %i
  %f = load volatile i32, ptr addrspace(1) %gep, align 4
  %empty = icmp eq i32 %f, 0
  %m = call i64 @__hipvk_warp_ballot(i1 %empty)
  %next = add i32 %i, 32
  %again = icmp ne i64 %m, 0
  br i1 %again, label %loop, label %done
done:
  ret void
}
attributes #0 = { convergent nounwind }
