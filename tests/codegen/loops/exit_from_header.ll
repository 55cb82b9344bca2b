; A loop whose result is used after it leaves from its header, not its latch: each lane must see
; the value of its own last iteration, which SwiftShader gives only to header phis (it runs the loop
; for every lane of a subgroup until the last one leaves). The header carries "leave" and the
; value as phis fed by the latch; the latch only branches back; the use after the loop reads the
; header's phi.
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

; CHECK-LABEL: OpFunction
; CHECK: OpBranch %[[HEADER:[0-9]+]]
; CHECK-NEXT: %[[HEADER]] = OpLabel
; The value after the loop is a header phi fed by the latch's sum (SPIRV-Tools merges it with the
; accumulator's own phi, which holds the same values).
; CHECK-NEXT: OpPhi %uint %uint_0
; CHECK-NEXT: %[[LAST:[0-9]+]] = OpPhi %uint %uint_0 %{{[0-9]+}} %[[SUM:[0-9]+]] %[[LATCH:[0-9]+]]
; CHECK-NEXT: %[[LEAVE:[0-9]+]] = OpPhi %bool %false %{{[0-9]+}} %[[NOW:[0-9]+]] %[[LATCH]]
; CHECK-NEXT: OpLoopMerge %[[MERGE:[0-9]+]] %[[LATCH]] None
; CHECK-NEXT: OpBranchConditional %[[LEAVE]] %[[MERGE]] %[[LATCH]]
; CHECK-NEXT: %[[LATCH]] = OpLabel
; CHECK: %[[SUM]] = OpIAdd %uint
; CHECK: %[[NOW]] = OpSGreaterThanEqual %bool
; CHECK-NEXT: OpBranch %[[HEADER]]
; CHECK-NEXT: %[[MERGE]] = OpLabel
; CHECK-NOT: OpPhi
; CHECK: OpStore %{{[0-9]+}} %[[LAST]] Aligned 4
; CHECK-NEXT: OpReturn
define amdgpu_kernel void @sum(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %next, %loop ]
  %acc = phi i32 [ 0, %entry ], [ %sum, %loop ]
  %p = getelementptr i32, ptr addrspace(1) %in, i32 %i
  %v = load i32, ptr addrspace(1) %p, align 4
  %sum = add i32 %acc, %v
  %next = add i32 %i, 3
  %more = icmp slt i32 %next, %n
  br i1 %more, label %loop, label %done, !llvm.loop !0
done:
  store i32 %sum, ptr addrspace(1) %out, align 4
  ret void
}
!0 = distinct !{!0, !1}
!1 = !{!"llvm.loop.unroll.disable"}
