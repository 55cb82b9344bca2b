; Loads at constant offsets of HIP __constant__ variables in the constant window (the first 16 KiB
; of them) read the uniform buffer at set 0, binding 0 (an array of uvec4, std140), so that drivers
; fold them into instructions from their constant banks. Loads at computed offsets, from a
; __constant__ array past the window, or from LLVM's constant tables go through a NonWritable
; member of a Block, as glslang emits GLSL's readonly buffer_reference blocks; loads and stores of
; __device__ memory (address space 1) use plain pointers.
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

@coefficients = addrspace(4) externally_initialized global [8 x float] zeroinitializer, align 16
@quads = addrspace(4) externally_initialized global [4 x <4 x float>] zeroinitializer, align 16
@past_window = addrspace(4) externally_initialized global [5000 x float] zeroinitializer, align 16
@table = private unnamed_addr addrspace(4) constant [4 x float] [float 1.0, float 2.0, float 3.0, float 4.0], align 16
@state = addrspace(1) externally_initialized global [8 x float] zeroinitializer, align 16
declare i32 @__hipvk_thread_idx_x() #0
attributes #0 = { nounwind readnone }

; CHECK: OpEntryPoint GLCompute {{%[0-9]+}} "scale" {{.*}}[[WINDOW:%[0-9]+]]
; CHECK-DAG: OpDecorate [[ARRAY:%[A-Za-z_0-9]+]] ArrayStride 16
; CHECK-DAG: OpDecorate [[WINDOW]] DescriptorSet 0
; CHECK-DAG: OpDecorate [[WINDOW]] Binding 0
; CHECK-DAG: OpMemberDecorate [[BLOCK:%[a-z_0-9]+]] 0 NonWritable
; CHECK-DAG: [[BLOCK]] = OpTypeStruct %float
; CHECK-DAG: [[BLOCKPTR:%[A-Za-z_0-9]+]] = OpTypePointer PhysicalStorageBuffer [[BLOCK]]
; CHECK-DAG: [[ARRAY]] = OpTypeArray %v4uint %uint_1024
; CHECK-DAG: [[WINDOW]] = OpVariable {{%[A-Za-z_0-9]+}} Uniform
; CHECK-LABEL: OpFunction
; coefficients[i]: a lane's own index, through the cache.
; CHECK: OpConvertUToPtr [[BLOCKPTR]]
; CHECK: OpLoad %float {{%[0-9]+}} Aligned 4
; coefficients[5]: vector 1, component 1 of the window.
; CHECK: [[ELEMENT:%[0-9]+]] = OpAccessChain %_ptr_Uniform_uint [[WINDOW]] %uint_0 %uint_1 %uint_1
; CHECK: [[BITS:%[0-9]+]] = OpLoad %uint [[ELEMENT]]
; CHECK: OpBitcast %float [[BITS]]
; quads[1] (window offset 48): one whole vector.
; CHECK: [[QUAD:%[0-9]+]] = OpAccessChain %_ptr_Uniform_v4uint [[WINDOW]] %uint_0 %uint_3
; CHECK: [[QBITS:%[0-9]+]] = OpLoad %v4uint [[QUAD]]
; CHECK: OpBitcast %v4float [[QBITS]]
; past_window[5] and table[j]: through the cache.
; CHECK: OpConvertUToPtr [[BLOCKPTR]]
; CHECK: OpLoad %float {{%[0-9]+}} Aligned 4
; CHECK: OpConvertUToPtr [[BLOCKPTR]]
; CHECK: OpLoad %float {{%[0-9]+}} Aligned 4
; CHECK: [[PLAIN:%[0-9]+]] = OpConvertUToPtr %_ptr_PhysicalStorageBuffer_float
; CHECK: OpLoad %float [[PLAIN]] Aligned 4
; CHECK: OpStore
define amdgpu_kernel void @scale() {
  %tid = call i32 @__hipvk_thread_idx_x()
  %i = and i32 %tid, 7
  %c = getelementptr [8 x float], ptr addrspace(4) @coefficients, i32 0, i32 %i
  %k = load float, ptr addrspace(4) %c, align 4
  %c5 = getelementptr [8 x float], ptr addrspace(4) @coefficients, i32 0, i32 5
  %k5 = load float, ptr addrspace(4) %c5, align 4
  %qp = getelementptr [4 x <4 x float>], ptr addrspace(4) @quads, i32 0, i32 1
  %qv = load <4 x float>, ptr addrspace(4) %qp, align 16
  %qx = extractelement <4 x float> %qv, i32 2
  %p = getelementptr [5000 x float], ptr addrspace(4) @past_window, i32 0, i32 5
  %kp = load float, ptr addrspace(4) %p, align 4
  %j = and i32 %tid, 3
  %t = getelementptr [4 x float], ptr addrspace(4) @table, i32 0, i32 %j
  %kt = load float, ptr addrspace(4) %t, align 4
  %s = getelementptr [8 x float], ptr addrspace(1) @state, i32 0, i32 %i
  %v = load float, ptr addrspace(1) %s, align 4
  %r0 = fmul float %k, %v
  %r1 = fadd float %r0, %k5
  %r2 = fadd float %r1, %kp
  %r3 = fadd float %r2, %kt
  %r = fadd float %r3, %qx
  store float %r, ptr addrspace(1) %s, align 4
  ret void
}
