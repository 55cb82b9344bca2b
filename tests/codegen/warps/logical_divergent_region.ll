; OPTIONS: --logical-warp 32
; A shuffle only the first 32 threads of a block reach: those threads count themselves into the
; region on its entry edge and out on its exit, exchanging between two barriers; every thread then
; waits at the join, in pairs of barriers, until the count read between a pair is zero (so the
; others execute as many barriers as the exchange did).
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

; CHECK-NOT: warning
; CHECK: OpFunction
; CHECK: [[COUNT:%[0-9]+]] = OpAccessChain %_ptr_Workgroup_uint
; CHECK-NEXT: OpAtomicStore [[COUNT]] %uint_2 %uint_0 %uint_0
; CHECK-NEXT: OpControlBarrier %uint_2 %uint_2
; CHECK: OpBranchConditional {{%[0-9]+}} [[REGION:%[0-9]+]] [[JOIN:%[0-9]+]]
; CHECK: [[REGION]] = OpLabel
; CHECK-NEXT: OpAtomicIAdd %uint [[COUNT]] %uint_2 %uint_0 %uint_1
; CHECK: OpStore
; CHECK-NEXT: OpControlBarrier %uint_2 %uint_2
; CHECK: OpLoad
; CHECK-NEXT: OpControlBarrier %uint_2 %uint_2
; CHECK: OpAtomicISub %uint [[COUNT]] %uint_2 %uint_0 %uint_1
; CHECK: [[JOIN]] = OpLabel
; CHECK: [[WAIT:%[0-9]+]] = OpLabel
; CHECK-NEXT: OpControlBarrier %uint_2 %uint_2
; CHECK-NEXT: [[LEFT:%[0-9]+]] = OpAtomicLoad %uint [[COUNT]] %uint_2 %uint_0
; CHECK: OpControlBarrier %uint_2 %uint_2
; CHECK: OpLoopMerge [[MET:%[0-9]+]] [[WAIT]]
; CHECK-NEXT: OpBranchConditional {{%[0-9]+}} [[MET]] [[WAIT]]
; CHECK: OpEntryPoint GLCompute {{%[0-9]+}} "first_warp"
declare i32 @__hipvk_thread_idx_x()
declare i32 @__hipvk_warp_shuffle(i32, i32) #0

define amdgpu_kernel void @first_warp(ptr addrspace(1) %out) {
entry:
  %t = call i32 @__hipvk_thread_idx_x()
  %first = icmp ult i32 %t, 32
  br i1 %first, label %warp, label %done
warp:
  %x = xor i32 %t, 16
  %s = call i32 @__hipvk_warp_shuffle(i32 %t, i32 %x)
  %gep = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %t
  store i32 %s, ptr addrspace(1) %gep, align 4
  br label %done
done:
  ret void
}
attributes #0 = { convergent nounwind }
