; __syncthreads() keeps UniformMemory (328 = AcquireRelease|UniformMemory|WorkgroupMemory) unless
; hipvk-barrier-scope proves no global access is ordered by it; then WorkgroupMemory only (264).
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

@tile = internal addrspace(3) global [64 x float] undef, align 4

declare void @__hipvk_syncthreads() convergent
declare i32 @__hipvk_thread_idx_x() memory(none) nounwind

; Reads of one __restrict__ array before the barrier, a write to another after it: nothing global
; is ordered by the barrier.
; CHECK-LABEL: OpFunction %void
; CHECK: OpControlBarrier %uint_2 %uint_2 %uint_264
define amdgpu_kernel void @staged(ptr addrspace(1) noalias %in, ptr addrspace(1) noalias %out) {
  %t = call i32 @__hipvk_thread_idx_x()
  %src = getelementptr float, ptr addrspace(1) %in, i32 %t
  %v = load float, ptr addrspace(1) %src, align 4
  %slot = getelementptr [64 x float], ptr addrspace(3) @tile, i32 0, i32 %t
  store float %v, ptr addrspace(3) %slot, align 4
  call void @__hipvk_syncthreads()
  %r = xor i32 %t, 1
  %other = getelementptr [64 x float], ptr addrspace(3) @tile, i32 0, i32 %r
  %w = load float, ptr addrspace(3) %other, align 4
  %dst = getelementptr float, ptr addrspace(1) %out, i32 %t
  store float %w, ptr addrspace(1) %dst, align 4
  ret void
}

; The same without __restrict__: the write after the barrier may alias the reads before it.
; CHECK-LABEL: OpFunction %void
; CHECK: OpControlBarrier %uint_2 %uint_2 %uint_328
define amdgpu_kernel void @maybe_aliased(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %t = call i32 @__hipvk_thread_idx_x()
  %src = getelementptr float, ptr addrspace(1) %in, i32 %t
  %v = load float, ptr addrspace(1) %src, align 4
  %slot = getelementptr [64 x float], ptr addrspace(3) @tile, i32 0, i32 %t
  store float %v, ptr addrspace(3) %slot, align 4
  call void @__hipvk_syncthreads()
  %r = xor i32 %t, 1
  %other = getelementptr [64 x float], ptr addrspace(3) @tile, i32 0, i32 %r
  %w = load float, ptr addrspace(3) %other, align 4
  %dst = getelementptr float, ptr addrspace(1) %out, i32 %t
  store float %w, ptr addrspace(1) %dst, align 4
  ret void
}

; A global write before the barrier that other threads read after it: the barrier must order it.
; CHECK-LABEL: OpFunction %void
; CHECK: OpControlBarrier %uint_2 %uint_2 %uint_328
define amdgpu_kernel void @handoff(ptr addrspace(1) noalias %flag, ptr addrspace(1) noalias %out) {
  %t = call i32 @__hipvk_thread_idx_x()
  %first = icmp eq i32 %t, 0
  br i1 %first, label %set, label %wait
set:
  store i32 42, ptr addrspace(1) %flag, align 4
  br label %wait
wait:
  call void @__hipvk_syncthreads()
  %f = load i32, ptr addrspace(1) %flag, align 4
  %dst = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 %f, ptr addrspace(1) %dst, align 4
  ret void
}

; A grid barrier's shape: every thread writes its own __restrict__ element, then after the block's
; barrier thread 0 releases at device scope for the whole block. The release publishes the other
; threads' writes only through the barrier, so the barrier keeps UniformMemory.
; CHECK-LABEL: OpFunction %void
; CHECK: OpControlBarrier %uint_2 %uint_2 %uint_328
define amdgpu_kernel void @block_release(ptr addrspace(1) noalias %out, ptr addrspace(1) %counter) {
  %t = call i32 @__hipvk_thread_idx_x()
  %dst = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 %t, ptr addrspace(1) %dst, align 4
  call void @__hipvk_syncthreads()
  %first = icmp eq i32 %t, 0
  br i1 %first, label %arrive, label %done
arrive:
  %old = atomicrmw add ptr addrspace(1) %counter, i32 1 syncscope("agent") release, align 4
  br label %done
done:
  ret void
}
