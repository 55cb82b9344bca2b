; Loads through a noalias pointer parameter the kernel only reads (`const float *__restrict__`, or a
; pointer parameter of a disjoint-pointer variant) use a NonWritable view, as nvcc uses its
; read-only data path for `const __restrict__`; a parameter that is also written keeps plain loads.
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

declare i32 @__hipvk_thread_idx_x() memory(none) nounwind

; CHECK: OpMemberDecorate %[[VIEW:_struct_[0-9]+]] 0 NonWritable
; CHECK-NOT: NonWritable
; CHECK-LABEL: OpFunction %void
; CHECK: [[BLOCK:%[0-9]+]] = OpConvertUToPtr %_ptr_PhysicalStorageBuffer_[[VIEW]]
; CHECK: OpAccessChain {{.*}} [[BLOCK]]
; CHECK: OpFunctionEnd
define amdgpu_kernel void @scale_in_place(ptr addrspace(1) noalias %in, ptr addrspace(1) noalias %inout) {
  %t = call i32 @__hipvk_thread_idx_x()
  %src = getelementptr float, ptr addrspace(1) %in, i32 %t
  %v = load float, ptr addrspace(1) %src, align 4
  %dst = getelementptr float, ptr addrspace(1) %inout, i32 %t
  %w = load float, ptr addrspace(1) %dst, align 4
  %r = fmul float %v, %w
  store float %r, ptr addrspace(1) %dst, align 4
  ret void
}
