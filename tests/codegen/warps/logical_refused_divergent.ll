; OPTIONS: --logical-warp 32
; A shuffle only the first 32 threads of a block reach has no logical-warp form (the other warps
; would miss its barriers): a warning names the kernel and the construct, and the kernel has no
; module in this form (the rest of the pipeline never compiles it). Kernels refused for the same
; reason at the same place (a library template's instances) share one warning that counts them.
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

; CHECK: warning: kernel 'first_warp' (and 1 more of this file's kernels, for the same reason) has no logical-warp form for devices with subgroups narrower than 32 lanes: a warp operation ('__hipvk_warp_shuffle') under control flow that differs between the threads of a block
; CHECK-NOT: warning
; CHECK-NOT: OpEntryPoint
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
define amdgpu_kernel void @first_warp_again(ptr addrspace(1) %out) {
entry:
  %t = call i32 @__hipvk_thread_idx_x()
  %first = icmp ult i32 %t, 32
  br i1 %first, label %warp, label %done
warp:
  %s = call i32 @__hipvk_warp_shuffle(i32 %t, i32 3)
  %gep = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %t
  store i32 %s, ptr addrspace(1) %gep, align 4
  br label %done
done:
  ret void
}
attributes #0 = { convergent nounwind }
