; OPTIONS: --logical-warp 32
; Warp operations only some threads of a block reach (under `t < 32`, on both sides of an if-else,
; under an early return) move out of their branches: the threads that skip one meet its exchange at
; a block every path passes, so each exchange has one barrier the whole workgroup reaches, and the
; code after the operation runs only where the thread came from it. An inactive lane adds nothing to
; a ballot or a reduction (the reduction publishes its identity: 0x7fffffff for a signed min).
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

; CHECK-NOT: warning
; CHECK-LABEL: hipvk kernel module: first_warp{{$}}
; CHECK: OpBranchConditional
; CHECK: OpControlBarrier
; CHECK-NOT: OpControlBarrier
; CHECK: OpBranchConditional
; CHECK: OpFunctionEnd
; Both sides ballot: two barriers every thread passes in the same order.
; CHECK-LABEL: hipvk kernel module: both_sides{{$}}
; CHECK: OpControlBarrier
; CHECK: OpControlBarrier
; CHECK-NOT: OpControlBarrier
; CHECK: OpFunctionEnd
; CHECK-LABEL: hipvk kernel module: early_return{{$}}
; CHECK: OpSelect %uint %{{[0-9a-z_]+}} %{{[0-9a-z_]+}} %uint_2147483647
; CHECK: OpControlBarrier
; CHECK-NOT: OpControlBarrier
; CHECK: OpFunctionEnd
declare i32 @__hipvk_thread_idx_x()
declare i32 @__hipvk_warp_shuffle(i32, i32) #0
declare i64 @__hipvk_warp_ballot(i1) #0
declare i32 @__hipvk_warp_reduce(i32, i32) #0

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

define amdgpu_kernel void @both_sides(ptr addrspace(1) %out) {
entry:
  %t = call i32 @__hipvk_thread_idx_x()
  %odd = and i32 %t, 1
  %is_odd = icmp ne i32 %odd, 0
  br i1 %is_odd, label %then, label %else
then:
  %a = call i64 @__hipvk_warp_ballot(i1 true)
  br label %join
else:
  %big = icmp ugt i32 %t, 7
  %b = call i64 @__hipvk_warp_ballot(i1 %big)
  br label %join
join:
  %m = phi i64 [ %a, %then ], [ %b, %else ]
  %gep = getelementptr inbounds i64, ptr addrspace(1) %out, i32 %t
  store i64 %m, ptr addrspace(1) %gep, align 8
  ret void
}

define amdgpu_kernel void @early_return(ptr addrspace(1) %out, i32 %n) {
entry:
  %t = call i32 @__hipvk_thread_idx_x()
  %in = icmp ult i32 %t, %n
  br i1 %in, label %body, label %exit
body:
  %r = call i32 @__hipvk_warp_reduce(i32 1, i32 %t)
  %gep = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %t
  store i32 %r, ptr addrspace(1) %gep, align 4
  br label %exit
exit:
  ret void
}
attributes #0 = { convergent nounwind }
