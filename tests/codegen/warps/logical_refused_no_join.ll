; OPTIONS: --logical-warp 32
; A shuffle on a path that some threads of the block never leave (they spin forever) has no
; logical-warp form, as the threads outside it have no place to wait for it: a warning names the
; kernel, the construct and where the threads part, and the kernel has no module in this form.
; (Paths that return meet at the function's one return block: there the others wait.)
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

; CHECK: warning: kernel 'spins' has no logical-warp form for devices with subgroups narrower than 32 lanes: a warp operation ('__hipvk_warp_shuffle') where threads of a block part and never meet again
; CHECK-NOT: OpEntryPoint
declare i32 @__hipvk_thread_idx_x()
declare i32 @__hipvk_warp_shuffle(i32, i32) #0

define amdgpu_kernel void @spins(ptr addrspace(1) %out, i32 %n) {
entry:
  %t = call i32 @__hipvk_thread_idx_x()
  %past = icmp uge i32 %t, %n
  br i1 %past, label %spin, label %warp
warp:
  %x = xor i32 %t, 16
  %s = call i32 @__hipvk_warp_shuffle(i32 %t, i32 %x)
  %gep = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %t
  store i32 %s, ptr addrspace(1) %gep, align 4
  ret void
spin:
  br label %spin
}
attributes #0 = { convergent nounwind }
