; A kernel that acquires at device scope (here __threadfence() then a read of what other blocks
; wrote; grid.sync() is the same) loads global memory through a Coherent member of a Block: under
; the GLSL450 memory model a barrier orders only Coherent memory, and NVIDIA serves other loads from
; the SM's L1, stale once another block wrote the line. A kernel without such an acquire keeps plain
; loads (second kernel).
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

; CHECK-LABEL: OpEntryPoint GLCompute %{{[0-9]+}} "reads_after_fence"
; CHECK-DAG: OpMemberDecorate [[BLOCK:%[a-z_0-9]+]] 0 Coherent
; CHECK-DAG: [[PTR:%[A-Za-z_0-9]+]] = OpTypePointer PhysicalStorageBuffer [[BLOCK]]
; CHECK: OpMemoryBarrier
; CHECK: OpConvertUToPtr [[PTR]]
; CHECK: OpLoad %float
define amdgpu_kernel void @reads_after_fence(ptr addrspace(1) %partials, ptr addrspace(1) %out) {
  store float 1.0, ptr addrspace(1) %out, align 4
  fence syncscope("agent") seq_cst
  %v = load float, ptr addrspace(1) %partials, align 4
  store float %v, ptr addrspace(1) %out, align 4
  ret void
}

; CHECK-LABEL: OpEntryPoint GLCompute %{{[0-9]+}} "no_acquire"
; CHECK-NOT: Coherent
; CHECK: OpFunctionEnd
define amdgpu_kernel void @no_acquire(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %v = load float, ptr addrspace(1) %in, align 4
  fence syncscope("workgroup") seq_cst
  store float %v, ptr addrspace(1) %out, align 4
  ret void
}
