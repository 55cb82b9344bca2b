; OPTIONS: --logical-warp 32
; A kernel with __launch_bounds__(256) (Clang's amdgpu-flat-work-group-size "1,256") has exchange
; slots for 256 threads: two sets of one word each (2 KiB, not the 8 KiB of a 1024-thread block).
; The runtime refuses larger blocks of it (hipErrorLaunchFailure, as ROCm), so none can overrun them.
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

; CHECK: OpTypeArray %uint %uint_512
; CHECK-NOT: %uint_2048
; CHECK: OpControlBarrier
declare i32 @__hipvk_thread_idx_x()
declare i32 @__hipvk_warp_shuffle(i32, i32) #0

define amdgpu_kernel void @bounded(ptr addrspace(1) %out) #1 {
entry:
  %t = call i32 @__hipvk_thread_idx_x()
  %x = xor i32 %t, 16
  %s = call i32 @__hipvk_warp_shuffle(i32 %t, i32 %x)
  %gep = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %t
  store i32 %s, ptr addrspace(1) %gep, align 4
  ret void
}
attributes #0 = { convergent nounwind }
attributes #1 = { "amdgpu-flat-work-group-size"="1,256" }
