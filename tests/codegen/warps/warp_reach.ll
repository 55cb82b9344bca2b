; The run-time-width form's shuffle marks (docs/HIP_ON_VULKAN.md, "Wavefront size"): a constant
; reach of 16 lanes (CUDA's __shfl_xor(v, 16)) gives the module a minimum subgroup size of 17, which
; --emit-spvasm prints on the module's line; the mark itself emits nothing.
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

; CHECK: ; hipvk kernel module: reach (min_subgroup_size 17)
; CHECK-NOT: OpFunctionCall
; CHECK: OpGroupNonUniformShuffle
declare i32 @__hipvk_thread_idx_x()
declare i32 @__hipvk_lane_id()
declare i32 @__hipvk_warp_shuffle(i32, i32) #0
declare void @__hipvk_warp_reach(i32) #1

define amdgpu_kernel void @reach(ptr addrspace(1) %out) {
entry:
  %t = call i32 @__hipvk_thread_idx_x()
  %l = call i32 @__hipvk_lane_id()
  call void @__hipvk_warp_reach(i32 16)
  %x = xor i32 %l, 16
  %s = call i32 @__hipvk_warp_shuffle(i32 %t, i32 %x)
  %gep = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %t
  store i32 %s, ptr addrspace(1) %gep, align 4
  ret void
}
attributes #0 = { convergent nounwind }
attributes #1 = { nounwind }
