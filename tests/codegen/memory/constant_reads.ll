; Loads from __constant__ memory (address space 4) go through a NonWritable member of a Block, as
; glslang emits GLSL's readonly buffer_reference blocks; loads and stores of __device__ memory
; (address space 1) use plain pointers.
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

@coefficients = addrspace(4) externally_initialized global [8 x float] zeroinitializer, align 16
@state = addrspace(1) externally_initialized global [8 x float] zeroinitializer, align 16
declare i32 @__hipvk_thread_idx_x() #0
attributes #0 = { nounwind readnone }

; CHECK-DAG: OpMemberDecorate [[BLOCK:%[a-z_0-9]+]] 0 NonWritable
; CHECK-DAG: OpDecorate [[BLOCK]] Block
; CHECK-DAG: OpMemberDecorate [[BLOCK]] 0 Offset 0
; CHECK-DAG: [[BLOCK]] = OpTypeStruct %float
; CHECK-DAG: [[BLOCKPTR:%[A-Za-z_0-9]+]] = OpTypePointer PhysicalStorageBuffer [[BLOCK]]
; CHECK-LABEL: OpFunction
; CHECK: [[VIEW:%[0-9]+]] = OpConvertUToPtr [[BLOCKPTR]]
; CHECK: [[MEMBER:%[0-9]+]] = OpAccessChain %_ptr_PhysicalStorageBuffer_float [[VIEW]] %uint_0
; CHECK: OpLoad %float [[MEMBER]] Aligned 4
; CHECK: [[PLAIN:%[0-9]+]] = OpConvertUToPtr %_ptr_PhysicalStorageBuffer_float
; CHECK: OpLoad %float [[PLAIN]] Aligned 4
; CHECK: OpStore
define amdgpu_kernel void @scale() {
  %tid = call i32 @__hipvk_thread_idx_x()
  %i = and i32 %tid, 7
  %c = getelementptr [8 x float], ptr addrspace(4) @coefficients, i32 0, i32 %i
  %k = load float, ptr addrspace(4) %c, align 4
  %s = getelementptr [8 x float], ptr addrspace(1) @state, i32 0, i32 %i
  %v = load float, ptr addrspace(1) %s, align 4
  %r = fmul float %k, %v
  store float %r, ptr addrspace(1) %s, align 4
  ret void
}
