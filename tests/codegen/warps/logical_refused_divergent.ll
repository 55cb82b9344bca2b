; OPTIONS: --logical-warp 32
; A warp operation in a cycle some threads enter at one block and others at another (irreducible
; control flow) cannot move out of the branch that parts them: the paths through it and around it
; meet inside the branch. A warning names the kernel, the construct and why, and the kernel has no
; module in this form. Kernels refused for the same reason at the same place (a library template's
; instances) share one warning that counts them.
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

; CHECK: warning: kernel 'two_entries' (and 1 more of this file's kernels, for the same reason) has no logical-warp form for devices with subgroups narrower than 32 lanes: a warp operation ('__hipvk_warp_shuffle') under control flow that differs between the threads of a block (the threads part at a branch; paths through it and around it meet before the branch's paths do)
; CHECK-NOT: warning
; CHECK-NOT: OpEntryPoint
declare i32 @__hipvk_thread_idx_x()
declare i32 @__hipvk_warp_shuffle(i32, i32) #0

define amdgpu_kernel void @two_entries(ptr addrspace(1) %out) {
entry:
  %t = call i32 @__hipvk_thread_idx_x()
  %odd = and i32 %t, 1
  %c = icmp eq i32 %odd, 0
  br i1 %c, label %a, label %b
a:
  %x = phi i32 [ %t, %entry ], [ %y, %b ]
  %s = call i32 @__hipvk_warp_shuffle(i32 %x, i32 3)
  %gep = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %t
  store i32 %s, ptr addrspace(1) %gep, align 4
  %more = icmp ult i32 %s, 100
  br i1 %more, label %b, label %done
b:
  %y = phi i32 [ %t, %entry ], [ %s, %a ]
  %again = icmp ult i32 %y, 50
  br i1 %again, label %a, label %done
done:
  ret void
}
define amdgpu_kernel void @two_entries_again(ptr addrspace(1) %out) {
entry:
  %t = call i32 @__hipvk_thread_idx_x()
  %odd = and i32 %t, 1
  %c = icmp eq i32 %odd, 0
  br i1 %c, label %a, label %b
a:
  %x = phi i32 [ %t, %entry ], [ %y, %b ]
  %s = call i32 @__hipvk_warp_shuffle(i32 %x, i32 3)
  %gep = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %t
  store i32 %s, ptr addrspace(1) %gep, align 4
  %more = icmp ult i32 %s, 100
  br i1 %more, label %b, label %done
b:
  %y = phi i32 [ %t, %entry ], [ %s, %a ]
  %again = icmp ult i32 %y, 50
  br i1 %again, label %a, label %done
done:
  ret void
}
attributes #0 = { convergent nounwind }
