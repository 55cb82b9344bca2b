; OPTIONS: --logical-warp 32
; Logical warps share exchange rounds: the two 32-bit words of a 64-bit shuffle split the way
; rocPRIM's warp_shuffle splits them (independent of each other) travel in one round behind one
; barrier, and a shuffle whose value depends on an earlier result waits for the next round. The
; slots hold two sets of two words per thread (4096 words); the second round uses the other set,
; so it needs no barrier before its writes. Lane-loop ballots split the block; the parity follows.
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

; CHECK-NOT: OpGroupNonUniform
; CHECK-DAG: OpTypeArray %uint %uint_4096
; CHECK: OpControlBarrier %uint_2 %uint_2
; CHECK: OpControlBarrier %uint_2 %uint_2
; CHECK: OpControlBarrier %uint_2 %uint_2
; CHECK-NOT: OpControlBarrier
; CHECK: OpFunctionEnd
declare i32 @__hipvk_thread_idx_x()
declare i32 @__hipvk_warp_shuffle(i32, i32) #0
declare i64 @__hipvk_warp_ballot(i1) #0

define amdgpu_kernel void @rounds(ptr addrspace(1) %out, i64 %key, i32 %mask) {
entry:
  %t = call i32 @__hipvk_thread_idx_x()
  %k = add i64 %key, 77
  %src = xor i32 %t, %mask
  %lo = trunc i64 %k to i32
  %s0 = call i32 @__hipvk_warp_shuffle(i32 %lo, i32 %src)
  %hi64 = lshr i64 %k, 32
  %hi = trunc i64 %hi64 to i32
  %s1 = call i32 @__hipvk_warp_shuffle(i32 %hi, i32 %src)
  %again = call i32 @__hipvk_warp_shuffle(i32 %s0, i32 %src)
  %p = icmp ugt i32 %again, %s1
  %b = call i64 @__hipvk_warp_ballot(i1 %p)
  %blo = trunc i64 %b to i32
  %r = add i32 %again, %blo
  %gep = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %t
  store i32 %r, ptr addrspace(1) %gep, align 4
  ret void
}
attributes #0 = { convergent nounwind }
