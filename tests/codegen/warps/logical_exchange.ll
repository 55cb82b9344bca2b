; OPTIONS: --logical-warp 32
; Logical warps of 32 lanes (docs/HIP_ON_VULKAN.md, "Logical warps"): a shuffle and a ballot in
; uniform control flow become exchanges through __shared__ slots (two sets of one word per thread,
; used in turn), each behind one workgroup barrier; no subgroup operation is left, lanes are linear
; thread ids modulo 32.
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

; CHECK-NOT: OpGroupNonUniform
; CHECK-DAG: %[[SLOTS:[_a-z0-9]+]] = OpTypeArray %uint %uint_2048
; CHECK: OpControlBarrier %uint_2 %uint_2
; CHECK: OpControlBarrier %uint_2 %uint_2
; CHECK-NOT: OpControlBarrier
; CHECK-NOT: OpGroupNonUniform
; CHECK: OpFunctionEnd
declare i32 @__hipvk_thread_idx_x()
declare i32 @__hipvk_warp_shuffle(i32, i32) #0
declare i64 @__hipvk_warp_ballot(i1) #0

define amdgpu_kernel void @exchange(ptr addrspace(1) %out, i32 %src) {
entry:
  %t = call i32 @__hipvk_thread_idx_x()
  %v = mul i32 %t, 3
  %s = call i32 @__hipvk_warp_shuffle(i32 %v, i32 %src)
  %p = icmp ugt i32 %s, 10
  %b = call i64 @__hipvk_warp_ballot(i1 %p)
  %lo = trunc i64 %b to i32
  %r = add i32 %s, %lo
  %gep = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %t
  store i32 %r, ptr addrspace(1) %gep, align 4
  ret void
}
attributes #0 = { convergent nounwind }
